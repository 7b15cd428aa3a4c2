//! A test for each ruling of RULINGS §8 (Secret King), plus views,
//! determinisation and refused actions.

use veil_chess::{Setup, fen::setup_fen};
use veil_core::{ActionError, Actor, Game, GameRng, Outcome, Seat, SeatSet, SeedableRng, Turn};
use veil_secret_king::{
    Action, Color, Grid10, Move, Piece, Reveal, Role, SecretKing, SecretKingOptions, Square, square,
};

const WHITE: Seat = Seat(0);
const BLACK: Seat = Seat(1);

/// A FEN from pieces like `Ne1 pj7 Kd2` (upper case White), side to move and halfmove clock.
fn fen_with(pieces: &str, turn: Color, halfmoves: u32) -> String {
    let mut setup = Setup::<Grid10>::empty();
    for token in pieces.split_whitespace() {
        let piece = Piece::from_char(token.chars().next().unwrap()).expect("piece letter");
        setup.board.set_piece_at(square(&token[1..]), piece);
    }
    setup.turn = turn;
    setup.halfmoves = halfmoves;
    setup_fen(&setup)
}

fn game(pieces: &str, turn: Color, white: Option<&str>, black: Option<&str>) -> SecretKing {
    SecretKing::from_fen(
        &fen_with(pieces, turn, 0),
        [white.map(square), black.map(square)],
    )
    .unwrap_or_else(|e| panic!("{e}"))
}

fn json<T: serde::Serialize>(value: &T) -> String {
    serde_json::to_string(value).unwrap()
}

fn moves_from(game: &SecretKing, from: &str) -> Vec<String> {
    let mut out: Vec<String> = game
        .legal_moves()
        .into_iter()
        .filter(|m| m.from() == square(from))
        .map(|m| Action::Move(m).to_string())
        .collect();
    out.sort();
    out
}

fn winner(game: &SecretKing) -> Option<Seat> {
    let outcome = game.outcome()?;
    (!outcome.is_draw()).then(|| outcome.winners().next().unwrap())
}

fn reason(game: &SecretKing) -> String {
    game.outcome().map(|o| o.reason).unwrap_or_default()
}

fn started() -> SecretKing {
    let mut g = SecretKing::new(&SecretKingOptions::default(), 2).unwrap();
    g.apply(Actor::Seat(WHITE), Action::ChooseKing(square("e2")))
        .unwrap();
    g.apply(Actor::Seat(BLACK), Action::ChooseKing(square("b10")))
        .unwrap();
    g
}

#[test]
fn setup_is_veils_diagram() {
    let g = SecretKing::new(&SecretKingOptions::default(), 2).unwrap();
    let board = g.position().board();
    for color in Color::ALL {
        let count = |role: Role| board.by_piece(role.of(color)).count_ones();
        assert_eq!(
            [
                Role::Pawn,
                Role::Knight,
                Role::Bishop,
                Role::Rook,
                Role::Queen,
                Role::King
            ]
            .map(count),
            [10, 10, 4, 4, 2, 0],
            "{color:?}"
        );
    }
    let rank = |r: u32| -> String {
        (0..10)
            .map(|f| {
                board
                    .piece_at(Square((r * 10 + f) as u8))
                    .map_or('.', |p| p.char())
            })
            .collect()
    };
    assert_eq!(rank(0), "RNBQNNQBNR");
    assert_eq!(rank(1), "NRBNNNNBRN");
    assert_eq!(rank(2), "PPPPPPPPPP");
    assert_eq!(rank(7), "pppppppppp");
    assert_eq!(rank(8), "nrbnnnnbrn");
    assert_eq!(rank(9), "rnbqnnqbnr");
    assert_eq!(g.turn(), Turn::Simultaneous(SeatSet::all(2)));
    assert!(SecretKing::new(&SecretKingOptions::default(), 3).is_err());
}

#[test]
fn the_secret_choice_is_one_of_your_knights_and_simultaneous() {
    let mut g = SecretKing::new(&SecretKingOptions::default(), 2).unwrap();
    let mut actions = Vec::new();
    g.legal_actions(Actor::Seat(WHITE), &mut actions);
    assert_eq!(actions.len(), 10);
    assert!(actions.iter().all(|a| matches!(a, Action::ChooseKing(s) if g.position().board().piece_at(*s) == Some(Role::Knight.of(Color::White)))));
    let before = json(&g);
    // Not a Knight, an enemy Knight, a move: refused and nothing changes.
    for bad in [
        Action::ChooseKing(square("a1")),
        Action::ChooseKing(square("b9")),
        Action::ChooseKing(Square(200)),
        Action::Move(Move::normal(square("e3"), square("e5"))),
    ] {
        let err = g.apply(Actor::Seat(WHITE), bad).unwrap_err();
        assert_eq!(*err.action(), bad);
        assert!(matches!(err, ActionError::Illegal { .. }));
        assert_eq!(json(&g), before);
    }
    // Black chooses first: still White's choice to make, Black cannot choose again.
    g.apply(Actor::Seat(BLACK), Action::ChooseKing(square("e9")))
        .unwrap();
    assert_eq!(g.turn(), Turn::Simultaneous(SeatSet::EMPTY.with(WHITE)));
    let again = g
        .apply(Actor::Seat(BLACK), Action::ChooseKing(square("f9")))
        .unwrap_err();
    assert!(matches!(again, ActionError::NotYourTurn { .. }));
    // White cannot see Black's choice.
    let view = g.observe(WHITE);
    assert_eq!(view.kings, [None, None]);
    assert_eq!(view.chosen, [false, true]);
    g.apply(Actor::Seat(WHITE), Action::ChooseKing(square("d2")))
        .unwrap();
    assert_eq!(g.turn(), Turn::Seat(WHITE));
    assert_eq!(g.secret_king(Color::White), Some(square("d2")));
    assert_eq!(g.secret_king(Color::Black), Some(square("e9")));
    // Once play starts no more choosing.
    assert!(
        g.apply(Actor::Seat(WHITE), Action::ChooseKing(square("e2")))
            .is_err()
    );
}

#[test]
fn the_hidden_king_moves_as_a_knight_and_is_tracked() {
    let mut g = started();
    // e2 is White's Secret King: it leaves like a Knight.
    assert_eq!(moves_from(&g, "e2"), ["e2d4", "e2f4"]);
    g.play("e2f4").unwrap();
    assert_eq!(g.secret_king(Color::White), Some(square("f4")));
    assert_eq!(g.candidates(Color::White).count_ones(), 10);
    assert_ne!(g.candidates(Color::White) & 1 << square("f4").0, 0);
    // Black's view shows a Knight move, nothing more.
    let view = g.observe(BLACK);
    assert_eq!(view.kings[0], None);
    assert_eq!(view.history[0].san, "Nef4"); // g2 reaches f4 too
    assert_eq!(view.history[0].reveal, None);
}

#[test]
fn pawns_double_step_from_the_third_rank_take_en_passant_and_never_castle() {
    let mut g = started();
    assert_eq!(moves_from(&g, "e3"), ["e3e4", "e3e5"]);
    for m in ["e5", "a7", "e6", "d8d6"] {
        g.play(m).unwrap();
    }
    // d7 is White's Knight line: the en passant capture may promote there.
    assert_eq!(moves_from(&g, "e6"), ["e6d7", "e6d7n", "e6e7", "e6e7n"]);
    assert!(
        g.legal_moves()
            .iter()
            .filter(|m| m.from() == square("e6") && m.to() == square("d7"))
            .all(|m| m.is_en_passant())
    );
    g.play("e6d7").unwrap();
    assert_eq!(g.position().board().piece_at(square("d6")), None);
    assert_eq!(
        g.position().board().piece_at(square("d7")),
        Some(Role::Pawn.of(Color::White))
    );
    assert!(g.position().castling_rights() == 0);
    assert!(g.legal_moves().iter().all(|m| !m.is_castle()));
}

#[test]
fn promotion_lines_knight_bishop_rook_queen_optional_until_the_last() {
    let mut g = game(
        "Na1 Pb6 Pc7 Pd8 Pe9 Pf6 ng7 nj10 ph5 pi4 pj3 pg2",
        Color::White,
        Some("a1"),
        Some("j10"),
    );
    assert_eq!(moves_from(&g, "b6"), ["b6b7", "b6b7n"]);
    assert_eq!(moves_from(&g, "c7"), ["c7c8", "c7c8b"]);
    assert_eq!(moves_from(&g, "d8"), ["d8d9", "d8d9r"]);
    assert_eq!(moves_from(&g, "e9"), ["e9e10q"]);
    assert_eq!(moves_from(&g, "f6"), ["f6f7", "f6f7n", "f6g7", "f6g7n"]);
    g.play("b6b7").unwrap(); // declined: still a pawn
    assert_eq!(
        g.position().board().piece_at(square("b7")),
        Some(Role::Pawn.of(Color::White))
    );
    // Black's lines are ranks 4, 3, 2, 1.
    assert_eq!(moves_from(&g, "h5"), ["h5h4", "h5h4n"]);
    assert_eq!(moves_from(&g, "i4"), ["i4i3", "i4i3b"]);
    assert_eq!(moves_from(&g, "j3"), ["j3j2", "j3j2r"]);
    assert_eq!(moves_from(&g, "g2"), ["g2g1q"]);
    g.play("g1=Q").unwrap();
    assert_eq!(
        g.position().board().piece_at(square("g1")),
        Some(Role::Queen.of(Color::Black))
    );
    // The pawn that declined the Knight can promote only on a later line.
    assert_eq!(moves_from(&g, "b7"), ["b7b8", "b7b8b"]);
    g.play("b8=B").unwrap();
    assert_eq!(
        g.position().board().piece_at(square("b8")),
        Some(Role::Bishop.of(Color::White))
    );
    // A pawn cannot stand on its last line.
    assert!(
        SecretKing::from_fen(&fen_with("Na1 Pe10 nj10", Color::White, 0), [None, None]).is_err()
    );
}

#[test]
fn a_promoted_knight_is_never_the_secret_king() {
    let mut g = game("Na1 Pb6 nj10 pa8", Color::White, Some("a1"), Some("j10"));
    g.play("b7=N").unwrap();
    assert_eq!(
        g.position().board().piece_at(square("b7")),
        Some(Role::Knight.of(Color::White))
    );
    assert_eq!(g.candidates(Color::White), 1 << square("a1").0);
    // Black knows the new Knight is not White's King.
    assert_eq!(g.observe(BLACK).known_not_king(), vec![square("b7")]);
    assert_eq!(g.observe(WHITE).known_not_king(), Vec::<Square>::new());
    let view = g.observe(BLACK);
    assert_eq!(view.candidates[0], vec![square("a1")]);
}

#[test]
fn a_knight_that_ends_a_move_next_to_the_revealed_king_is_known_not_to_be_the_secret_king() {
    // Black's King is revealed on e7; White's Secret King is on a1.
    let mut g = game("Na1 Nc4 Nh2 Pa3 ke7 pa8", Color::White, Some("a1"), None);
    g.play("Nd6").unwrap();
    assert!(g.outcome().is_none());
    // Were the Knight on d6 White's Secret King, Nd6 would have won.
    assert_eq!(
        g.candidates(Color::White),
        1 << square("a1").0 | 1 << square("h2").0
    );
    assert_eq!(g.observe(BLACK).known_not_king(), vec![square("d6")]);
    // Every determinisation Black makes hides the King elsewhere.
    let mut rng = GameRng::seed_from_u64(3);
    for _ in 0..20 {
        let det = SecretKing::determinize(&g.observe(BLACK), &mut rng);
        assert_ne!(det.secret_king(Color::White), Some(square("d6")));
    }
}

const CAPTURES: &str = "Na1 Nb6 Rc1 Pa3 nc8 nh8 nj10 pa8";

#[test]
fn a_captured_knight_that_is_not_the_king_is_revealed_and_removed() {
    let mut g = game(CAPTURES, Color::White, Some("a1"), Some("j10"));
    g.play("Rxc8").unwrap();
    let last = g.history().last().unwrap();
    assert_eq!(
        last.reveal,
        Some(Reveal {
            secret_king: false,
            capturer_secret_king: None
        })
    );
    assert_eq!(
        g.position().board().piece_at(square("c8")),
        Some(Role::Rook.of(Color::White))
    );
    assert_eq!(
        g.candidates(Color::Black),
        1 << square("h8").0 | 1 << square("j10").0
    );
    assert!(!g.is_revealed(Color::Black));
    assert_eq!(g.observe(WHITE).kings[1], None);
}

#[test]
fn the_captured_secret_king_becomes_a_king_and_the_capturer_is_removed() {
    let mut g = game(CAPTURES, Color::White, Some("a1"), Some("c8"));
    g.play("c1c8").unwrap();
    let board = g.position().board();
    assert_eq!(
        board.piece_at(square("c8")),
        Some(Role::King.of(Color::Black))
    );
    assert_eq!(board.by_piece(Role::Rook.of(Color::White)), 0);
    assert!(g.is_revealed(Color::Black));
    assert_eq!(g.candidates(Color::Black), 0);
    let last = g.history().last().unwrap();
    assert_eq!(
        last.reveal,
        Some(Reveal {
            secret_king: true,
            capturer_secret_king: None
        })
    );
    // The Knight on b6 checks the new King at once.
    assert!(g.is_check());
    assert_eq!(last.san, "Rxc8+");
    assert_eq!(g.turn(), Turn::Seat(BLACK));
    let view = g.observe(WHITE);
    assert_eq!(view.kings, [Some(square("a1")), Some(square("c8"))]);
    assert_eq!(view.revealed, [false, true]);
    assert_eq!(view.known_not_king(), vec![square("h8"), square("j10")]);
    // It now moves one square like a King, and only out of check.
    // (d7 is guarded by the Knight on b6.)
    assert_eq!(
        moves_from(&g, "c8"),
        ["c8b7", "c8b8", "c8b9", "c8c7", "c8c9", "c8d8", "c8d9"]
    );
    assert!(
        moves_from(&g, "h8").is_empty(),
        "a King in check must answer it"
    );
}

#[test]
fn a_knight_taking_the_secret_king_is_revealed_too() {
    let mut g = game(CAPTURES, Color::White, Some("a1"), Some("c8"));
    g.play("Nxc8").unwrap();
    let last = g.history().last().unwrap();
    assert_eq!(
        last.reveal,
        Some(Reveal {
            secret_king: true,
            capturer_secret_king: Some(false)
        })
    );
    assert_eq!(
        g.position().board().piece_at(square("c8")),
        Some(Role::King.of(Color::Black))
    );
    assert_eq!(g.position().board().piece_at(square("b6")), None);
    assert_eq!(g.candidates(Color::White), 1 << square("a1").0);
    assert!(g.outcome().is_none());
}

#[test]
fn the_secret_king_taking_the_secret_king_wins_at_once() {
    let mut g = game(CAPTURES, Color::White, Some("b6"), Some("c8"));
    g.play("Nxc8").unwrap();
    assert_eq!(winner(&g), Some(WHITE));
    assert_eq!(reason(&g), "the Secret King took the enemy Secret King");
    let last = g.history().last().unwrap();
    assert_eq!(
        last.reveal,
        Some(Reveal {
            secret_king: true,
            capturer_secret_king: Some(true)
        })
    );
    assert_eq!(last.san, "Nxc8#");
    assert_eq!(
        g.position().board().piece_at(square("c8")),
        Some(Role::King.of(Color::White))
    );
    assert_eq!(g.turn(), Turn::Over);
    // Everything is shown once the game is over.
    assert_eq!(g.observe(BLACK).kings[0], Some(square("c8")));
}

#[test]
fn a_revealed_king_taking_the_secret_king_wins_at_once() {
    let mut g = game("Kd7 Pa3 nc8 nh8 pa8", Color::White, None, Some("c8"));
    assert!(g.is_revealed(Color::White));
    g.play("Kxc8").unwrap();
    assert_eq!(winner(&g), Some(WHITE));
    // The same capture of a plain Knight is just a capture.
    let mut g = game("Kd7 Pa3 nc8 nh8 pa8", Color::White, None, Some("h8"));
    g.play("Kxc8").unwrap();
    assert!(g.outcome().is_none());
    assert_eq!(
        g.history()[0].reveal,
        Some(Reveal {
            secret_king: false,
            capturer_secret_king: None
        })
    );
}

#[test]
fn a_hidden_secret_king_next_to_the_revealed_king_wins() {
    let pieces = "Nc3 Nf3 Pa3 ke6 pa8";
    let mut g = game(pieces, Color::White, Some("c3"), None);
    g.play("Nd5").unwrap();
    assert_eq!(winner(&g), Some(WHITE));
    assert_eq!(reason(&g), "Secret King next to the enemy King");
    assert_eq!(g.history()[0].san, "Nd5#");
    // Another Knight next to the King wins nothing.
    let mut g = game(pieces, Color::White, Some("c3"), None);
    g.play("Ne5").unwrap();
    assert!(g.outcome().is_none());
}

#[test]
fn a_revealed_secret_king_stepping_next_to_the_enemy_king_wins() {
    let mut g = game("Ke2 Pa3 ke4 pa8", Color::White, None, None);
    // Chess alone forbids these steps (the enemy King guards them).
    assert!(
        !g.position()
            .legal_moves()
            .contains(&Move::normal(square("e2"), square("e3")))
    );
    for m in ["e2d3", "e2e3", "e2f3"] {
        assert!(moves_from(&g, "e2").contains(&m.to_string()), "{m}");
    }
    g.play("Ke3").unwrap();
    assert_eq!(winner(&g), Some(WHITE));
    assert_eq!(g.history()[0].san, "Ke3#");
}

#[test]
fn a_capture_revealing_the_king_next_to_our_secret_king_wins() {
    let pieces = "Na1 Nd4 Re1 ne5 nh8 pa8";
    let mut g = game(pieces, Color::White, Some("d4"), Some("e5"));
    g.play("Rxe5").unwrap();
    assert_eq!(winner(&g), Some(WHITE));
    assert_eq!(g.history()[0].san, "Rxe5#");
    // The same capture when the Knight on d4 is not White's Secret King.
    let mut g = game(pieces, Color::White, Some("a1"), Some("e5"));
    g.play("Rxe5").unwrap();
    assert!(g.outcome().is_none());
    assert_eq!(
        g.position().board().piece_at(square("e5")),
        Some(Role::King.of(Color::Black))
    );
    assert_eq!(g.position().board().piece_at(square("e1")), None);
}

#[test]
fn stepping_next_to_a_hidden_secret_king_lets_it_win_on_its_move() {
    let pieces = "Ke2 Pa3 ne4 nj10 pa8";
    let mut g = game(pieces, Color::White, None, Some("e4"));
    g.play("Ke3").unwrap();
    assert!(g.outcome().is_none(), "the Knight on e4 is not revealed");
    g.play("a7").unwrap();
    assert_eq!(winner(&g), Some(BLACK));
    assert_eq!(reason(&g), "Secret King next to the enemy King");
    let mut g = game(pieces, Color::White, None, Some("j10"));
    g.play("Ke3").unwrap();
    g.play("a7").unwrap();
    assert!(g.outcome().is_none());
}

#[test]
fn checkmate_of_the_revealed_king_wins() {
    let mut g = game("Na1 Ra9 Rb1 Pc3 kj10", Color::White, Some("a1"), None);
    g.play("Rb10").unwrap();
    assert_eq!(winner(&g), Some(WHITE));
    assert_eq!(reason(&g), "checkmate");
    assert_eq!(g.history()[0].san, "Rb10#");
}

#[test]
fn a_king_step_next_to_the_enemy_king_escapes_mate() {
    // White's King is revealed on h8: i9 is next to it.
    let mut g = game("Kh8 Ra9 Rb1 Pc3 kj10", Color::White, None, None);
    g.play("Rb10").unwrap();
    assert!(g.outcome().is_none());
    assert_eq!(moves_from(&g, "j10"), ["j10i9"]);
    g.play("Ki9").unwrap();
    assert_eq!(winner(&g), Some(BLACK));
}

#[test]
fn a_hidden_king_is_never_in_check() {
    // The Rook on a5 would pin the Bishop to a King on e5, and the Knight's
    // squares d7 and f7 are attacked: no matter while the King is hidden.
    let g = game(
        "Ne5 Bc5 Pa3 ra5 ra7 nj9",
        Color::White,
        Some("e5"),
        Some("j9"),
    );
    assert!(!g.is_check());
    assert_eq!(moves_from(&g, "e5").len(), 8);
    assert!(moves_from(&g, "c5").contains(&"c5d6".to_string()));
}

#[test]
fn a_revealed_king_must_answer_check() {
    let g = game("Ke1 Pa3 re10 pa8 nj10", Color::White, None, Some("j10"));
    assert!(g.is_check());
    assert!(moves_from(&g, "a3").is_empty());
    assert_eq!(moves_from(&g, "e1"), ["e1d1", "e1d2", "e1f1", "e1f2"]);
}

#[test]
fn stalemate_is_a_draw() {
    let mut g = game("Qc1 Nj1 ka10", Color::White, Some("j1"), None);
    g.play("Qc9").unwrap();
    let outcome = g.outcome().unwrap();
    assert!(outcome.is_draw());
    assert_eq!(outcome.reason, "stalemate");
}

#[test]
fn threefold_repetition_is_a_draw() {
    let mut g = game("Na1 Pc3 nj10 ph8", Color::White, Some("a1"), Some("j10"));
    for (i, m) in [
        "a1b3", "j10i8", "b3a1", "i8j10", "a1b3", "j10i8", "b3a1", "i8j10",
    ]
    .iter()
    .enumerate()
    {
        assert!(g.outcome().is_none(), "ended after {i} moves");
        g.play(m).unwrap();
    }
    assert_eq!(g.outcome(), Some(Outcome::draw(2, "threefold repetition")));
}

#[test]
fn fifty_moves_without_capture_or_pawn_move_draw() {
    let pieces = "Na1 Pc3 nj10 ph8";
    let start = |clock| {
        SecretKing::from_fen(
            &fen_with(pieces, Color::White, clock),
            [Some(square("a1")), Some(square("j10"))],
        )
        .unwrap()
    };
    let mut g = start(98);
    g.play("Nb3").unwrap();
    assert!(g.outcome().is_none());
    g.play("Ni8").unwrap();
    assert!(g.outcome().unwrap().is_draw());
    let mut g = start(99);
    g.play("c4").unwrap(); // a pawn move resets the count
    assert!(g.outcome().is_none());
}

#[test]
fn the_ply_limit_option_draws() {
    let fen = fen_with("Na1 Pc3 nj10 ph8", Color::White, 0);
    let options = SecretKingOptions { ply_limit: Some(3) };
    let mut g =
        SecretKing::from_fen_with_options(&fen, [Some(square("a1")), Some(square("j10"))], options)
            .unwrap();
    for m in ["Nb3", "Ni8", "c4"] {
        assert!(g.outcome().is_none());
        g.play(m).unwrap();
    }
    assert_eq!(g.outcome().unwrap().reason, "move limit");
}

#[test]
fn illegal_actions_are_refused_and_change_nothing() {
    let mut g = started();
    let before = json(&g);
    let cases = [
        (
            Actor::Seat(BLACK),
            Action::Move(Move::normal(square("e8"), square("e7"))),
        ),
        (
            Actor::Chance,
            Action::Move(Move::normal(square("e3"), square("e4"))),
        ),
        (
            Actor::Seat(WHITE),
            Action::Move(Move::normal(square("e3"), square("e6"))),
        ),
        (
            Actor::Seat(WHITE),
            Action::Move(Move::normal(Square(150), Square(250))),
        ),
        (
            Actor::Seat(WHITE),
            Action::Move(Move::promotion(square("e3"), square("e4"), Role::Queen)),
        ),
        (Actor::Seat(WHITE), Action::ChooseKing(square("b1"))),
    ];
    for (actor, action) in cases {
        let err = g.apply(actor, action).unwrap_err();
        assert_eq!(*err.action(), action);
        assert_eq!(json(&g), before, "{actor:?} {action:?}");
    }
    assert!(g.play("Ke2").is_err());
    assert!(g.play("e9").is_err());
    assert_eq!(json(&g), before);
    // After the end nothing more is played.
    let mut g = game("Ke2 Pa3 ke4 pa8", Color::White, None, None);
    g.play("Ke3").unwrap();
    let over = json(&g);
    let err = g
        .apply(
            Actor::Seat(BLACK),
            Action::Move(Move::normal(square("a8"), square("a7"))),
        )
        .unwrap_err();
    assert!(matches!(err, ActionError::GameOver { .. }));
    assert_eq!(json(&g), over);
}

#[test]
fn actions_read_and_write() {
    for text in ["king b1", "e3e5", "e9e10q", "j9j10r", "a10a9"] {
        let action: Action = text.parse().unwrap();
        assert_eq!(action.to_string(), text);
    }
    for bad in [
        "", "king", "king k1", "e3", "e3e11", "e9e10k", "e9e10p", "é3e5",
    ] {
        assert!(bad.parse::<Action>().is_err(), "{bad}");
    }
}

/// The view of the seat that did not choose is the same whichever Knight
/// the other chose, as JSON too.
#[test]
fn the_view_never_shows_the_hidden_secret_king() {
    let play = |white: &str| {
        let mut g = SecretKing::new(&SecretKingOptions::default(), 2).unwrap();
        g.apply(Actor::Seat(WHITE), Action::ChooseKing(square(white)))
            .unwrap();
        g.apply(Actor::Seat(BLACK), Action::ChooseKing(square("e9")))
            .unwrap();
        for m in ["e2f4", "a8a7", "f4e6", "a7a6", "e6d8", "c9d8"] {
            g.play(m).unwrap();
        }
        g
    };
    let (a, b) = (play("e2"), play("b1"));
    // The e2 Knight (the Secret King in `a`) was taken on d8 and revealed as a King.
    assert!(a.is_revealed(Color::White) && !b.is_revealed(Color::White));
    let (c, d) = (play("b1"), play("i1"));
    let (vc, vd) = (json(&c.observe(BLACK)), json(&d.observe(BLACK)));
    assert_eq!(vc, vd);
    assert!(vc.contains(r#""kings":[null,"#), "{vc}");
    assert_ne!(json(&c.observe(WHITE)), json(&d.observe(WHITE)));
    assert_eq!(c.observe(WHITE).my_king(), Some(square("b1")));
}

/// Property: swapping White's Secret King for another of its Knights leaves
/// Black's view unchanged, move after move, until a capture reveals one of
/// the two or the game ends.
#[test]
fn swapping_the_opponents_choice_leaves_the_view_unchanged() {
    let mut diverged = 0;
    for seed in 0..60u64 {
        let mut rng = GameRng::seed_from_u64(seed);
        use veil_core::RngExt;
        let knights: Vec<Square> = SecretKing::new(&SecretKingOptions::default(), 2)
            .unwrap()
            .observe(WHITE)
            .choices();
        let a = knights[rng.random_range(0..10)];
        let b = loop {
            let b = knights[rng.random_range(0..10)];
            if b != a {
                break b;
            }
        };
        let black = SecretKing::new(&SecretKingOptions::default(), 2)
            .unwrap()
            .observe(BLACK)
            .choices()[rng.random_range(0..10)];
        let start = |white: Square| {
            let mut g = SecretKing::new(&SecretKingOptions::default(), 2).unwrap();
            g.apply(Actor::Seat(WHITE), Action::ChooseKing(white))
                .unwrap();
            g.apply(Actor::Seat(BLACK), Action::ChooseKing(black))
                .unwrap();
            g
        };
        let (mut ga, mut gb) = (start(a), start(b));
        let mut legal = Vec::new();
        for _ in 0..400 {
            assert_eq!(ga.observe(BLACK), gb.observe(BLACK), "seed {seed}");
            let Turn::Seat(seat) = ga.turn() else { break };
            ga.legal_actions(Actor::Seat(seat), &mut legal);
            let action = if rng.random_bool(0.5) {
                legal[rng.random_range(0..legal.len())]
            } else {
                ga.playout_action(seat, &legal, &mut rng)
            };
            ga.apply(Actor::Seat(seat), action).unwrap();
            gb.apply(Actor::Seat(seat), action).unwrap();
            if ga.observe(BLACK) != gb.observe(BLACK) {
                let revealed = |g: &SecretKing| {
                    g.history()
                        .last()
                        .unwrap()
                        .reveal
                        .is_some_and(|r| r.secret_king)
                };
                assert!(
                    revealed(&ga)
                        || revealed(&gb)
                        || ga.outcome().is_some()
                        || gb.outcome().is_some(),
                    "seed {seed}: views differ without a reveal"
                );
                diverged += 1;
                break;
            }
        }
    }
    assert!(diverged > 0, "the test never reached a reveal");
}

#[test]
fn determinisation_samples_the_hidden_king_among_the_candidates() {
    let mut g = started();
    for m in ["e2f4", "e6", "b10a8", "d5"].iter().take(1) {
        g.play(m).unwrap();
    }
    let view = g.observe(BLACK);
    let mut rng = GameRng::seed_from_u64(3);
    let mut seen = std::collections::BTreeSet::new();
    for _ in 0..400 {
        let det = SecretKing::determinize(&view, &mut rng);
        assert_eq!(det.observe(BLACK), view);
        let king = det.secret_king(Color::White).unwrap();
        assert!(view.candidates[0].contains(&king));
        assert_eq!(det.secret_king(Color::Black), Some(square("b10")));
        seen.insert(king);
    }
    assert_eq!(seen.len(), 10, "every candidate is possible");
    // A revealed King is not sampled.
    let mut g = game(CAPTURES, Color::White, Some("a1"), Some("c8"));
    g.play("Rxc8").unwrap();
    let det = SecretKing::determinize(&g.observe(WHITE), &mut rng);
    assert_eq!(det.secret_king(Color::Black), Some(square("c8")));
    assert_eq!(det.secret_king(Color::White), Some(square("a1")));
}

#[test]
fn setups_are_checked() {
    let fen = fen_with("Na1 Pc3 nj10 ph8", Color::White, 0);
    assert!(
        SecretKing::from_fen(&fen, [Some(square("c3")), None]).is_err(),
        "a pawn is no King"
    );
    assert!(
        SecretKing::from_fen(&fen, [Some(square("j10")), None]).is_err(),
        "an enemy Knight"
    );
    let g = SecretKing::from_fen(&fen, [Some(square("a1")), None]).unwrap();
    assert_eq!(g.turn(), Turn::Simultaneous(SeatSet::EMPTY.with(BLACK)));
    let kings = fen_with("Ka1 Pc3 kj10 ph8", Color::White, 0);
    assert!(SecretKing::from_fen(&kings, [Some(square("c3")), None]).is_err());
    assert!(SecretKing::from_fen(&fen_with("Pc3 nj10", Color::White, 0), [None, None]).is_err());
    assert!(
        SecretKing::from_fen(
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            [None, None]
        )
        .is_err()
    );
}

#[test]
fn malformed_views_do_not_panic() {
    let mut view = started().observe(BLACK);
    view.candidates[0] = vec![Square(250), Square(120)];
    view.kings[1] = Some(Square(255));
    let mut rng = GameRng::seed_from_u64(1);
    let det = SecretKing::determinize(&view, &mut rng);
    let _ = det.legal_moves();
    let _ = det.evaluate(BLACK);
}

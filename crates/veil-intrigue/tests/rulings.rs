//! One test (or more) for every ruling of RULINGS §2.
use veil_chess::{Color, Piece, Role, Square};
use veil_core::{ActionError, Actor, Game, Seat, SeatSet, Turn};
use veil_intrigue::{
    Action, BOTH_LOSE, Intrigue, IntrigueOptions, PawnState, Queens, Secret, parse_square,
};

fn sq(s: &str) -> Square {
    parse_square(s).unwrap()
}

fn json<T: serde::Serialize>(t: &T) -> String {
    serde_json::to_string(t).unwrap()
}

/// A game from a FEN; `white`/`black` give a hidden King's hiding square
/// and its Informant's square.
fn game_with(
    fen: &str,
    options: IntrigueOptions,
    white: Option<(&str, Option<&str>)>,
    black: Option<(&str, Option<&str>)>,
) -> Intrigue {
    let h = |x: Option<(&str, Option<&str>)>| x.map(|(a, b)| (sq(a), b.map(sq)));
    Intrigue::from_fen_hidden(fen, options, [h(white), h(black)]).unwrap()
}

fn game(
    fen: &str,
    white: Option<(&str, Option<&str>)>,
    black: Option<(&str, Option<&str>)>,
) -> Intrigue {
    game_with(fen, IntrigueOptions::default(), white, black)
}

fn to_act(g: &Intrigue) -> Seat {
    match g.turn() {
        Turn::Seat(s) => s,
        t => panic!("no single seat to act: {t:?}"),
    }
}

fn play(g: &mut Intrigue, text: &str) {
    let action = g.parse_action(text).unwrap_or_else(|e| panic!("{e}"));
    g.apply(Actor::Seat(to_act(g)), action)
        .unwrap_or_else(|e| panic!("{text}: {e}"));
}

fn legal(g: &Intrigue) -> Vec<Action> {
    let mut out = Vec::new();
    g.legal_actions(Actor::Seat(to_act(g)), &mut out);
    out
}

fn piece(g: &Intrigue, s: &str) -> Option<Piece> {
    g.position().board().piece_at(sq(s))
}

const BK: Piece = Piece {
    color: Color::Black,
    role: Role::King,
};
const WK: Piece = Piece {
    color: Color::White,
    role: Role::King,
};

/// Refuses `action` and checks nothing changed.
fn refused(g: &mut Intrigue, actor: Actor, action: Action) {
    let before = json(g);
    assert!(
        g.apply(actor, action).is_err(),
        "{action:?} should be refused"
    );
    assert_eq!(json(g), before, "a refused action changed the state");
}

// --- The start and the secret setup -------------------------------------

#[test]
fn kings_start_off_the_board_with_their_squares_empty() {
    let fens = [
        (
            Queens::Home,
            "rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1BNR w KQkq - 0 1",
        ),
        (
            Queens::KingSquare,
            "rnb1qbnr/pppppppp/8/8/8/8/PPPPPPPP/RNB1QBNR w KQkq - 0 1",
        ),
        (
            Queens::Two,
            "rnbqqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQQBNR w KQkq - 0 1",
        ),
    ];
    for (queens, fen) in fens {
        let g = Intrigue::new(
            &IntrigueOptions {
                queens,
                atomic_king: false,
            },
            2,
        )
        .unwrap();
        assert_eq!(g.position().to_fen(), fen);
        assert!(!g.is_revealed(Color::White) && !g.is_revealed(Color::Black));
    }
}

#[test]
fn setup_is_a_simultaneous_secret_choice() {
    let mut g = Intrigue::new(&IntrigueOptions::default(), 2).unwrap();
    assert_eq!(g.turn(), Turn::Simultaneous(SeatSet::all(2)));
    let mut out = Vec::new();
    g.legal_actions(Actor::Seat(Seat(1)), &mut out);
    assert_eq!(out.len(), 64 * 8, "any square, any of 8 pawns");
    // Moves before the setup are refused.
    let e4 = g.parse_action("e4").unwrap();
    refused(&mut g, Actor::Seat(Seat(0)), e4);
    // Out-of-range choices are refused.
    refused(
        &mut g,
        Actor::Seat(Seat(0)),
        Action::Setup {
            hiding: Square(64),
            informant: 0,
        },
    );
    refused(
        &mut g,
        Actor::Seat(Seat(0)),
        Action::Setup {
            hiding: Square(0),
            informant: 8,
        },
    );

    // Black cannot tell two White choices apart.
    let mut a = g.clone();
    let mut b = g.clone();
    a.apply(
        Actor::Seat(Seat(0)),
        Action::Setup {
            hiding: sq("e1"),
            informant: 4,
        },
    )
    .unwrap();
    b.apply(
        Actor::Seat(Seat(0)),
        Action::Setup {
            hiding: sq("h5"),
            informant: 0,
        },
    )
    .unwrap();
    assert_eq!(a.observe(Seat(1)), b.observe(Seat(1)));
    assert_ne!(a.observe(Seat(0)), b.observe(Seat(0)));
    assert_eq!(a.turn(), Turn::Simultaneous(SeatSet::EMPTY.with(Seat(1))));
    refused(
        &mut a,
        Actor::Seat(Seat(0)),
        Action::Setup {
            hiding: sq("a1"),
            informant: 1,
        },
    );
    a.apply(
        Actor::Seat(Seat(1)),
        Action::Setup {
            hiding: sq("h5"),
            informant: 7,
        },
    )
    .unwrap();
    assert_eq!(a.turn(), Turn::Seat(Seat(0)));
    assert_eq!(a.secret(Color::Black).unwrap().hiding, sq("h5"));
    assert_eq!(a.informant_square(Color::Black), Some(sq("h7")));
}

// --- Inspection -------------------------------------------------------------

#[test]
fn capturing_the_informant_reveals_its_king_removing_an_enemy_piece() {
    let mut g = game(
        "rnbq1bnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQ1BNR w KQkq - 0 2",
        Some(("h3", Some("a2"))),
        Some(("b1", Some("d5"))),
    );
    play(&mut g, "exd5");
    assert_eq!(
        piece(&g, "b1"),
        Some(BK),
        "the King appears on its hiding square"
    );
    assert_eq!(
        g.history().last().unwrap(),
        "exd5 (Informant: K@b1, removed knight b1)+"
    );
    assert!(g.is_revealed(Color::Black));
    assert_eq!(g.public().pawns[1][3], PawnState::Captured);
    // White's capturing pawn is not its Informant: it may only decline.
    assert_eq!(g.turn(), Turn::Seat(Seat(0)));
    assert_eq!(legal(&g), vec![Action::Retire(false)]);
    refused(&mut g, Actor::Seat(Seat(0)), Action::Retire(true));
    g.apply(Actor::Seat(Seat(0)), Action::Retire(false))
        .unwrap();
    assert_eq!(g.turn(), Turn::Seat(Seat(1)));
    assert!(g.position().is_check(), "Ra1 checks the King on b1");
}

#[test]
fn an_appearing_king_removes_its_own_piece_too() {
    let mut g = game(
        "rnbq1bnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQ1BNR w KQkq - 0 2",
        Some(("h3", Some("a2"))),
        Some(("c8", Some("d5"))),
    );
    play(&mut g, "exd5");
    assert_eq!(piece(&g, "c8"), Some(BK), "the Bishop on c8 is gone");
    let bishops = g.position().board().by_piece(Role::Bishop.of(Color::Black));
    assert_eq!(bishops.count_ones(), 1);
}

#[test]
fn capturing_an_informant_en_passant_inspects_it() {
    let mut g = game(
        "rnbq1bnr/pppppppp/8/4P3/8/8/PPPP1PPP/RNBQ1BNR b KQkq - 0 2",
        Some(("h3", Some("a2"))),
        Some(("h5", Some("d7"))),
    );
    play(&mut g, "d5");
    play(&mut g, "exd6");
    assert_eq!(piece(&g, "h5"), Some(BK));
    assert_eq!(piece(&g, "d5"), None);
}

#[test]
fn capturing_an_ordinary_pawn_reveals_nothing_but_that() {
    let mut g = game(
        "rnbq1bnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQ1BNR w KQkq - 0 2",
        Some(("h3", Some("a2"))),
        Some(("b1", Some("a7"))),
    );
    play(&mut g, "exd5");
    assert_eq!(g.history().last().unwrap(), "exd5");
    assert!(!g.is_revealed(Color::Black));
    assert_eq!(
        g.turn(),
        Turn::Seat(Seat(1)),
        "no Informant was found: no decision"
    );
    let view = g.observe(Seat(0));
    assert_eq!(
        view.cleared_files(Color::Black),
        vec![3],
        "the d-pawn was not the Informant"
    );
    assert_eq!(view.informant_suspects(Color::Black).len(), 7);
    assert!(!view.informant_suspects(Color::Black).contains(&sq("d5")));
}

// --- Voluntary reveal ------------------------------------------------------

#[test]
fn voluntary_reveal_is_a_move_that_removes_the_piece_there() {
    let mut g = game(
        "rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1BNR w KQkq - 0 1",
        Some(("b1", Some("a2"))),
        Some(("e8", Some("a7"))),
    );
    assert!(legal(&g).contains(&Action::Reveal));
    play(&mut g, "reveal");
    assert_eq!(piece(&g, "b1"), Some(WK), "the own Knight on b1 is removed");
    // Issue 34, 14: the history says what the appearing King removed.
    assert_eq!(g.history().last().unwrap(), "K@b1 (removed knight b1)");
    assert_eq!(g.turn(), Turn::Seat(Seat(1)), "the reveal was White's move");
    assert!(!legal(&g).is_empty());
    refused(&mut g, Actor::Seat(Seat(0)), Action::Reveal);
    play(&mut g, "e5");
    assert!(!legal(&g).contains(&Action::Reveal));
    refused(&mut g, Actor::Seat(Seat(0)), Action::Reveal);
}

#[test]
fn no_voluntary_reveal_on_or_next_to_the_enemy_king_nor_into_check() {
    let fen = "4k3/8/8/7r/8/8/PPPPPPPP/RNBQ1BNR w - - 0 1";
    for (hiding, allowed) in [
        ("e8", false),
        ("d7", false),
        ("f8", false),
        ("a8", true),
        ("a5", false),
        ("c3", true),
        ("e2", true),
    ] {
        let mut g = game(fen, Some((hiding, Some("a2"))), None);
        assert_eq!(
            legal(&g).contains(&Action::Reveal),
            allowed,
            "hiding on {hiding}"
        );
        if !allowed {
            refused(&mut g, Actor::Seat(Seat(0)), Action::Reveal);
        } else {
            play(&mut g, "reveal");
            assert_eq!(piece(&g, hiding), Some(WK));
        }
    }
}

// --- Check only for shown Kings ----------------------------------------------

#[test]
fn a_hidden_king_cannot_be_checked_and_gives_no_check() {
    // White's King hides on f7, next to Black's e8: Black may still step next to it.
    let mut g = game(
        "4k3/8/8/8/8/8/PPPPPPPP/RNBQ1BNR b - - 0 1",
        Some(("f7", Some("a2"))),
        None,
    );
    assert!(!g.position().is_check());
    for m in ["Kf8", "Ke7", "Kf7"] {
        assert!(
            g.parse_action(m).is_ok(),
            "{m} is legal next to (or on) the hidden King's square"
        );
    }
    play(&mut g, "Kf7");
    assert!(!g.position().is_check());
    // Black's King now stands on White's hiding square: White may not appear there.
    assert!(!legal(&g).contains(&Action::Reveal));
    let g2 = game(
        "3rk3/8/8/8/8/8/PPP1PPPP/RNB2BNR w - - 0 1",
        Some(("d1", Some("a2"))),
        None,
    );
    assert!(
        !g2.position().is_check(),
        "the Rook on the d-file checks nothing while the King hides"
    );
    assert!(
        !legal(&g2).contains(&Action::Reveal),
        "but the King may not appear into that check"
    );
}

#[test]
fn checkmate_of_a_shown_king_ends_the_game() {
    let mut g =
        Intrigue::from_fen(veil_chess::fen::STANDARD_START, IntrigueOptions::default()).unwrap();
    for m in ["f3", "e5", "g4", "Qh4#"] {
        play(&mut g, m);
    }
    let o = g.outcome().unwrap();
    assert_eq!(o.reason, "checkmate");
    assert_eq!(o.winners().collect::<Vec<_>>(), vec![Seat(1)]);
    assert_eq!(g.history().last().unwrap(), "Qh4#");
    assert_eq!(g.turn(), Turn::Over);
    refused(&mut g, Actor::Seat(Seat(0)), Action::Reveal);
}

#[test]
fn stalemate_of_a_shown_king_is_a_draw() {
    let mut g =
        Intrigue::from_fen("k7/8/1K6/8/8/8/8/2Q5 w - - 0 1", IntrigueOptions::default()).unwrap();
    play(&mut g, "Qc7");
    let o = g.outcome().unwrap();
    assert!(o.is_draw());
    assert_eq!(o.reason, "stalemate");
}

#[test]
fn a_hidden_king_side_without_any_action_loses() {
    // Black's pawn is blocked and its King may not appear next to White's.
    let mut g = game(
        "8/8/8/8/8/p7/P7/K6N w - - 0 1",
        None,
        Some(("b2", Some("a3"))),
    );
    play(&mut g, "Ng3");
    let o = g.outcome().expect("Black cannot act");
    assert_eq!(o.winners().collect::<Vec<_>>(), vec![Seat(0)]);
    assert!(!o.is_draw(), "stalemate applies only to a shown King");
    // Hiding elsewhere, the reveal is its move.
    let mut g = game(
        "8/8/8/8/8/p7/P7/K6N w - - 0 1",
        None,
        Some(("h8", Some("a3"))),
    );
    play(&mut g, "Ng3");
    assert_eq!(legal(&g), vec![Action::Reveal]);
}

// --- Appearing on or next to the enemy King by an inspection -------------

#[test]
fn appearing_on_the_enemy_king_wins() {
    let mut g = game(
        "8/8/8/3p4/4P3/8/8/4K3 w - - 0 1",
        None,
        Some(("e1", Some("d5"))),
    );
    play(&mut g, "exd5");
    assert_eq!(piece(&g, "e1"), Some(BK));
    let o = g.outcome().unwrap();
    assert_eq!(o.winners().collect::<Vec<_>>(), vec![Seat(1)]);
}

#[test]
fn appearing_on_the_enemy_king_into_checkmate_loses_for_both() {
    let fen = "8/8/8/3p4/4P3/1Q6/8/K6R w - - 0 1";
    let mut g = game(fen, None, Some(("a1", Some("d5"))));
    play(&mut g, "exd5");
    let o = g.outcome().unwrap();
    assert_eq!(o.reason, BOTH_LOSE);
    assert_eq!(o.ranks, vec![1, 1]);
    assert_eq!(o.scores, vec![0, 0]);
    assert!(!o.is_draw());
    // Without the Rook on h1 the appearing King is not even in check: it wins.
    let mut g = game(
        "8/8/8/3p4/4P3/1Q6/8/K7 w - - 0 1",
        None,
        Some(("a1", Some("d5"))),
    );
    play(&mut g, "exd5");
    assert_eq!(
        g.outcome().unwrap().winners().collect::<Vec<_>>(),
        vec![Seat(1)]
    );
}

#[test]
fn appearing_next_to_the_enemy_king_it_may_capture_it() {
    let mut g = game(
        "8/8/8/3p4/4P3/8/8/4K3 w - - 0 1",
        None,
        Some(("e2", Some("d5"))),
    );
    play(&mut g, "exd5");
    assert_eq!(g.turn(), Turn::Seat(Seat(1)), "the appearing side moves");
    assert!(g.outcome().is_none());
    play(&mut g, "Kxe1");
    let o = g.outcome().unwrap();
    assert_eq!(o.reason, "King captured");
    assert_eq!(o.winners().collect::<Vec<_>>(), vec![Seat(1)]);
}

#[test]
fn appearing_next_to_a_defended_king_it_must_escape() {
    // The Rook on h1 defends e1: no capture, but d3/e3/f3 are free.
    let mut g = game(
        "8/8/8/3p4/4P3/8/8/4K2R w - - 0 1",
        None,
        Some(("e2", Some("d5"))),
    );
    play(&mut g, "exd5");
    assert!(g.outcome().is_none());
    assert!(
        g.parse_action("Kxe1").is_err(),
        "capturing would leave the King in check"
    );
    let moves: Vec<String> = legal(&g).iter().map(|a| a.to_string()).collect();
    assert_eq!(moves.len(), 3, "{moves:?}");
    // With a Queen on b3 covering the third rank it is checkmated.
    let mut g = game(
        "8/8/8/3p4/4P3/1Q6/8/4K2R w - - 0 1",
        None,
        Some(("e2", Some("d5"))),
    );
    play(&mut g, "exd5");
    let o = g.outcome().unwrap();
    assert_eq!(o.reason, "checkmate");
    assert_eq!(o.winners().collect::<Vec<_>>(), vec![Seat(0)]);
}

// --- Castling ---------------------------------------------------------------

#[test]
fn a_king_appearing_on_d1_castles_both_ways() {
    let fen = "r3k2r/8/8/8/8/8/8/R6R w KQkq - 0 1";
    for (hiding, side, king, rook) in [
        ("d1", "O-O", "f1", "e1"),
        ("d1", "O-O-O", "b1", "c1"),
        ("e1", "O-O", "g1", "f1"),
        ("e1", "O-O-O", "c1", "d1"),
    ] {
        let mut g = game(fen, Some((hiding, None)), None);
        play(&mut g, "reveal");
        play(&mut g, "Kf8");
        play(&mut g, side);
        assert_eq!(piece(&g, king), Some(WK), "{hiding} {side}");
        assert_eq!(
            piece(&g, rook),
            Some(Role::Rook.of(Color::White)),
            "{hiding} {side}"
        );
    }
}

#[test]
fn a_king_appearing_elsewhere_never_castles() {
    let mut g = game(
        "r3k2r/8/8/8/8/8/8/R6R w KQkq - 0 1",
        Some(("c1", None)),
        None,
    );
    play(&mut g, "reveal");
    play(&mut g, "Kf8");
    assert!(g.parse_action("O-O").is_err());
    assert!(g.parse_action("O-O-O").is_err());
    // Nor after a Rook moved, nor from e1 after the King moved there and back.
    let mut g = game(
        "r3k2r/8/8/8/8/8/8/R6R w KQkq - 0 1",
        Some(("e1", None)),
        None,
    );
    play(&mut g, "Rh2");
    play(&mut g, "Kf8");
    play(&mut g, "R2h1");
    play(&mut g, "Ke8");
    play(&mut g, "reveal");
    play(&mut g, "Kf8");
    assert!(g.parse_action("O-O").is_err(), "the h-Rook has moved");
    assert!(g.parse_action("O-O-O").is_ok());
}

#[test]
fn a_king_revealed_by_an_inspection_on_e8_castles() {
    let mut g = game(
        "r6r/pppp1ppp/8/8/3p4/4P3/PPP2PPP/R3K2R w KQkq - 0 1",
        None,
        Some(("e8", Some("d4"))),
    );
    play(&mut g, "exd4");
    assert_eq!(piece(&g, "e8"), Some(BK));
    assert!(g.parse_action("O-O").is_ok() && g.parse_action("O-O-O").is_ok());
}

// --- Promotion ----------------------------------------------------------------

#[test]
fn a_promoted_informant_is_no_longer_inspected_and_nobody_is_told() {
    let fen = "1r5k/P7/8/8/8/8/7P/1r6 w - - 0 1";
    // The same public game with White's Informant the a-pawn or the h-pawn.
    let promote = |informant: &str| {
        let mut g = game(fen, Some(("d4", Some(informant))), None);
        play(&mut g, "axb8=Q+");
        g
    };
    let mut a = promote("a7");
    let mut h = promote("h2");
    assert_eq!(
        a.observe(Seat(1)),
        h.observe(Seat(1)),
        "Black is not told which pawn promoted"
    );
    assert_eq!(a.informant_square(Color::White), None);
    assert_eq!(h.informant_square(Color::White), Some(sq("h2")));
    assert!(a.observe(Seat(0)).my_informant().is_none());
    assert_eq!(a.public().pawns[0][0], PawnState::Promoted);
    // Taking the new Queen reveals nothing.
    for g in [&mut a, &mut h] {
        play(g, "Rxb8");
        assert!(!g.is_revealed(Color::White));
    }
    assert_eq!(a.observe(Seat(1)), h.observe(Seat(1)));
    // The promoted Informant's King can still appear voluntarily.
    assert!(legal(&a).contains(&Action::Reveal));
}

// --- Retiring an Informant ----------------------------------------------------

fn informants_meet(white_informant: &str) -> Intrigue {
    let mut g = game(
        "rnbq1bnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQ1BNR w KQkq - 0 2",
        Some(("h3", Some(white_informant))),
        Some(("h6", Some("d5"))),
    );
    play(&mut g, "exd5");
    g
}

#[test]
fn an_informant_that_captures_the_enemy_informant_may_retire() {
    let mut g = informants_meet("e4");
    assert_eq!(
        g.turn(),
        Turn::Seat(Seat(0)),
        "the capturer decides before Black moves"
    );
    let mut options = legal(&g);
    options.sort_by_key(|a| a.to_string());
    assert_eq!(options, vec![Action::Retire(false), Action::Retire(true)]);
    // Black cannot act meanwhile.
    let nf6 = g.parse_action("Nf6").unwrap();
    refused(&mut g, Actor::Seat(Seat(1)), nf6);
    refused(&mut g, Actor::Seat(Seat(1)), Action::Reveal);
    refused(
        &mut g,
        Actor::Seat(Seat(0)),
        Action::Move(veil_chess::Move::normal(sq("b1"), sq("c3"))),
    );
    g.apply(Actor::Seat(Seat(0)), Action::Retire(true)).unwrap();
    assert!(g.public().retired[0], "announced to both");
    assert!(g.observe(Seat(1)).public.retired[0]);
    assert!(
        g.observe(Seat(1))
            .informant_suspects(Color::White)
            .is_empty()
    );
    assert!(g.history().last().unwrap().ends_with("(Informant retired)"));
    assert_eq!(g.informant_square(Color::White), None);
    // The retired pawn is an ordinary pawn now: taking it reveals nothing.
    play(&mut g, "Qxd5");
    assert!(!g.is_revealed(Color::White));
}

#[test]
fn declining_to_retire_tells_nothing() {
    let mut informant = informants_meet("e4");
    let mut ordinary = informants_meet("a2");
    assert_eq!(
        informant.observe(Seat(1)),
        ordinary.observe(Seat(1)),
        "the decision turn is the same"
    );
    informant
        .apply(Actor::Seat(Seat(0)), Action::Retire(false))
        .unwrap();
    ordinary
        .apply(Actor::Seat(Seat(0)), Action::Retire(false))
        .unwrap();
    assert_eq!(informant.observe(Seat(1)), ordinary.observe(Seat(1)));
    // The kept Informant still informs.
    play(&mut informant, "Qxd5");
    assert!(informant.is_revealed(Color::White));
    assert_eq!(piece(&informant, "h3"), Some(WK));
}

// --- Options ------------------------------------------------------------------

#[test]
fn atomic_king_removes_the_adjacent_pieces_and_inspects_them() {
    let atomic = IntrigueOptions {
        queens: Queens::Home,
        atomic_king: true,
    };
    let fen = "r4bnr/pppp1ppp/8/8/8/8/PPPPPPPP/RNBQ1BNR w - - 0 1";
    // White's King appears on c6: b7, c7, d7 (Black's Informant among them) go too.
    let mut g = game_with(
        fen,
        atomic,
        Some(("c6", Some("a2"))),
        Some(("h6", Some("d7"))),
    );
    assert!(
        legal(&g).contains(&Action::Reveal),
        "b7/d7 would check, but they are blown away"
    );
    play(&mut g, "reveal");
    for s in ["b7", "c7", "d7"] {
        assert_eq!(piece(&g, s), None, "{s}");
    }
    assert_eq!(
        piece(&g, "a8"),
        Some(Role::Rook.of(Color::Black)),
        "two squares away it stays"
    );
    assert_eq!(
        piece(&g, "h6"),
        Some(BK),
        "Black's Informant was taken: its King appears"
    );
    // An atomic appearance removes its own side's pieces too, and gives no pass to the blast.
    let mut g = game_with(
        fen,
        atomic,
        Some(("b2", Some("h2"))),
        Some(("h6", Some("d7"))),
    );
    play(&mut g, "reveal");
    for s in ["a1", "b1", "c1", "a2", "c2", "a3", "b3", "c3"] {
        assert_eq!(piece(&g, s), None, "{s}");
    }
    // Without the option only the hiding square is cleared.
    let mut g = game(fen, Some(("c6", Some("a2"))), Some(("h6", Some("d7"))));
    assert!(
        !legal(&g).contains(&Action::Reveal),
        "b7 and d7 would give check"
    );
    let mut g2 = game(fen, Some(("b2", Some("h2"))), Some(("h6", Some("d7"))));
    play(&mut g2, "reveal");
    assert_eq!(piece(&g2, "a1"), Some(Role::Rook.of(Color::White)));
    let _ = &mut g;
}

#[test]
fn atomic_appearance_next_to_the_enemy_king_removes_it() {
    let atomic = IntrigueOptions {
        queens: Queens::Home,
        atomic_king: true,
    };
    let mut g = game_with(
        "8/8/8/3p4/4P3/8/8/4K3 w - - 0 1",
        atomic,
        None,
        Some(("e2", Some("d5"))),
    );
    play(&mut g, "exd5");
    assert_eq!(piece(&g, "e1"), None);
    assert_eq!(
        g.outcome().unwrap().winners().collect::<Vec<_>>(),
        vec![Seat(1)]
    );
}

#[test]
fn queen_options_place_the_queens() {
    let g = Intrigue::new(
        &IntrigueOptions {
            queens: Queens::KingSquare,
            atomic_king: false,
        },
        2,
    )
    .unwrap();
    assert_eq!(piece(&g, "e1"), Some(Role::Queen.of(Color::White)));
    assert_eq!(piece(&g, "d8"), None);
    let g = Intrigue::new(
        &IntrigueOptions {
            queens: Queens::Two,
            atomic_king: false,
        },
        2,
    )
    .unwrap();
    assert_eq!(piece(&g, "d8"), Some(Role::Queen.of(Color::Black)));
    assert_eq!(piece(&g, "e8"), Some(Role::Queen.of(Color::Black)));
    // A King appearing on e1 takes the Queen standing there.
    let mut g = Intrigue::new(
        &IntrigueOptions {
            queens: Queens::KingSquare,
            atomic_king: false,
        },
        2,
    )
    .unwrap();
    g.apply(
        Actor::Seat(Seat(0)),
        Action::Setup {
            hiding: sq("e1"),
            informant: 0,
        },
    )
    .unwrap();
    g.apply(
        Actor::Seat(Seat(1)),
        Action::Setup {
            hiding: sq("e8"),
            informant: 0,
        },
    )
    .unwrap();
    play(&mut g, "reveal");
    assert_eq!(piece(&g, "e1"), Some(WK));
    assert_eq!(
        g.position()
            .board()
            .by_piece(Role::Queen.of(Color::White))
            .count_ones(),
        0
    );
}

// --- Draws --------------------------------------------------------------------

#[test]
fn threefold_repetition_draws() {
    let mut g = game(
        "rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1BNR w KQkq - 0 1",
        Some(("h4", Some("a2"))),
        Some(("h5", Some("a7"))),
    );
    for _ in 0..2 {
        for m in ["Nf3", "Nf6", "Ng1", "Ng8"] {
            assert!(g.outcome().is_none());
            play(&mut g, m);
        }
    }
    assert_eq!(g.outcome().unwrap().reason, "threefold repetition");
}

#[test]
fn fifty_moves_without_capture_pawn_move_or_reveal_draw() {
    let mut g = game(
        "rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1BNR w KQkq - 98 60",
        Some(("h4", Some("a2"))),
        Some(("h5", Some("a7"))),
    );
    play(&mut g, "Nf3");
    assert!(g.outcome().is_none());
    play(&mut g, "Nf6");
    assert_eq!(g.outcome().unwrap().reason, "fifty-move rule");
    // A reveal starts the count afresh.
    let mut g = game(
        "rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1BNR w KQkq - 98 60",
        Some(("h4", Some("a2"))),
        Some(("h5", Some("a7"))),
    );
    play(&mut g, "reveal");
    play(&mut g, "Nf6");
    assert!(g.outcome().is_none());
    assert_eq!(g.position().halfmoves(), 1);
}

// --- Errors --------------------------------------------------------------------

#[test]
fn illegal_actions_are_refused_without_change() {
    let mut g = game(
        "rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1BNR w KQkq - 0 1",
        Some(("e4", Some("a2"))),
        Some(("h5", Some("a7"))),
    );
    let e5 = veil_chess::Move::normal(sq("e2"), sq("e5"));
    match g.apply(Actor::Seat(Seat(0)), Action::Move(e5)) {
        Err(ActionError::Illegal { action, .. }) => assert_eq!(action, Action::Move(e5)),
        other => panic!("{other:?}"),
    }
    let e4 = g.parse_action("e4").unwrap();
    refused(&mut g, Actor::Seat(Seat(1)), e4);
    refused(&mut g, Actor::Seat(Seat(0)), Action::Retire(true));
    refused(
        &mut g,
        Actor::Seat(Seat(0)),
        Action::Setup {
            hiding: sq("a1"),
            informant: 0,
        },
    );
    refused(&mut g, Actor::Chance, Action::Reveal);
    assert!(matches!(
        g.apply(Actor::Seat(Seat(1)), Action::Reveal),
        Err(ActionError::NotYourTurn { .. })
    ));
    assert!(g.parse_action("Ke2").is_err() && g.parse_action("zz").is_err());
    assert!(Intrigue::from_fen("not a fen", IntrigueOptions::default()).is_err());
    assert!(
        Intrigue::from_fen(
            "rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1BNR w KQkq - 0 1",
            IntrigueOptions::default()
        )
        .is_err(),
        "a hidden King needs its secret"
    );
    assert!(Intrigue::new(&IntrigueOptions::default(), 3).is_err());
    let s = Secret {
        hiding: Square(70),
        informant: 0,
        active: false,
    };
    assert_eq!(g.clone().set_secret(Color::Black, s), Err(s));
    let ok = Secret {
        hiding: Square(3),
        informant: 1,
        active: true,
    };
    assert!(g.set_secret(Color::Black, ok).is_ok());
    assert_eq!(g.secret(Color::Black), Some(ok));
}

/// Issue 15, finding 5: both Kings appear in one action. White takes Black's
/// Informant; Black's King appears on b4, taking White's Informant; White's
/// King then appears on b3, next to it. RULINGS §2: the side whose King
/// appeared adjacent to the enemy King has the move — White, though White
/// just moved.
#[test]
fn both_kings_appearing_in_one_action_the_one_appearing_adjacent_moves() {
    let mut g = game(
        "8/8/8/3p4/1P2P3/8/8/8 w - - 0 1",
        Some(("b3", Some("b4"))),
        Some(("b4", Some("d5"))),
    );
    play(&mut g, "exd5");
    assert_eq!(piece(&g, "b4"), Some(BK));
    assert_eq!(piece(&g, "b3"), Some(WK));
    assert!(g.outcome().is_none());
    assert_eq!(
        g.turn(),
        Turn::Seat(Seat(0)),
        "White's King appeared adjacent"
    );
    assert_eq!(g.position().turn(), Color::White);
    assert!(legal(&g).contains(&g.parse_action("Kxb4").unwrap()));
    play(&mut g, "Kxb4");
    let o = g.outcome().unwrap();
    assert_eq!(o.reason, "King captured");
    assert_eq!(o.winners().collect::<Vec<_>>(), vec![Seat(0)]);
}

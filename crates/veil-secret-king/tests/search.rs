//! The computer player (veil-ai's information-set search) on Secret King:
//! it takes free material and wins in one when it can.

use veil_ai::{Level, Search, choose};
use veil_chess::{Setup, fen::setup_fen};
use veil_core::{Actor, Game, Seat};
use veil_secret_king::{Action, Color, Grid10, Piece, SecretKing, square};

fn game(pieces: &str, turn: Color, white: Option<&str>, black: Option<&str>) -> SecretKing {
    let mut setup = Setup::<Grid10>::empty();
    for token in pieces.split_whitespace() {
        let piece = Piece::from_char(token.chars().next().unwrap()).unwrap();
        setup.board.set_piece_at(square(&token[1..]), piece);
    }
    setup.turn = turn;
    SecretKing::from_fen(&setup_fen(&setup), [white.map(square), black.map(square)]).unwrap()
}

fn uci(action: Action) -> String {
    action.to_string()
}

#[test]
fn takes_a_free_queen() {
    // Black's Queen on f6 hangs to the pawn on e5.
    let g = game(
        "Nb1 Ni1 Pe5 Pa3 Ra1 nb10 ni10 qf6 pa8 ph8 rj10",
        Color::White,
        Some("b1"),
        Some("i10"),
    );
    for seed in 0..3 {
        let action = choose::<SecretKing>(&g.observe(Seat(0)), Level::Easy, None, seed);
        assert_eq!(uci(action), "e5f6", "seed {seed}");
    }
}

fn wins_at_once(g: &SecretKing, expected: &[&str]) {
    for seed in 0..3 {
        let action = choose::<SecretKing>(&g.observe(Seat(0)), Level::Easy, None, seed);
        let mut after = g.clone();
        after.apply(Actor::Seat(Seat(0)), action).unwrap();
        assert!(
            expected.contains(&uci(action).as_str()),
            "seed {seed}: {}",
            uci(action)
        );
        assert_eq!(
            after.outcome().and_then(|o| o.winners().next()),
            Some(Seat(0)),
            "seed {seed}"
        );
    }
}

#[test]
fn wins_in_one_with_the_hidden_secret_king() {
    // White's Secret King on c3 can step next to Black's revealed King on e6;
    // anything else leaves Black far ahead.
    wins_at_once(
        &game(
            "Nc3 Pa3 ke6 qj10 rj9 ri9 pa8",
            Color::White,
            Some("c3"),
            None,
        ),
        &["c3d5"],
    );
}

#[test]
fn wins_in_one_with_the_revealed_king() {
    // Kf1 wins; anything else and Black's King steps next to White's.
    wins_at_once(
        &game("Ke1 Pd2 Pe2 Ra9 kg2 rh8 pa8", Color::White, None, None),
        &["e1f1", "e1f2"],
    );
}

/// Rb10 mates (the pawns guard i9 and j9). The search values the mate at a
/// sure win (results count slightly less the later they come, so a mate now
/// beats keeping a forced mate for later) and plays it; so does the playout
/// policy.
#[test]
fn sees_and_delivers_mate() {
    let start = game("Na1 Rb1 Pi8 Pj8 kj10", Color::White, Some("a1"), None);
    let mut search = Search::<SecretKing>::new(&start.observe(Seat(0)), Level::Easy.config(), 0);
    search.run(300);
    let mate = search
        .root_stats()
        .into_iter()
        .find(|s| uci(s.action) == "b1b10")
        .unwrap();
    assert!(mate.visits > 0 && mate.mean_reward > 0.99, "{mate:?}");
    assert_eq!(search.best_action(), Some(mate.action));
    // The playout policy finds the mate itself.
    let mut legal = Vec::new();
    start.legal_actions(Actor::Seat(Seat(0)), &mut legal);
    let mut rng = <veil_core::GameRng as veil_core::SeedableRng>::seed_from_u64(1);
    assert_eq!(
        uci(start.playout_action(Seat(0), &legal, &mut rng)),
        "b1b10"
    );
}

#[test]
fn a_whole_game_between_searches_ends() {
    let mut g = SecretKing::new(&Default::default(), 2).unwrap();
    let mut rng = <veil_core::GameRng as veil_core::SeedableRng>::seed_from_u64(5);
    let history = veil_core::play_out(&mut g, &mut rng, 3000, |game, seat, legal, rng| {
        if seat == Seat(0) {
            choose::<SecretKing>(&game.observe(seat), Level::Greedy, None, 11)
        } else {
            game.playout_action(seat, legal, rng)
        }
    });
    assert!(
        g.outcome().is_some(),
        "no end after {} actions",
        history.len()
    );
}

/// Far ahead, Normal must finish the game (checkmate or its Secret King
/// next to the enemy King) within ten moves rather than drift towards the
/// 50-move rule: its evaluation keeps counting progress when material no
/// longer tells moves apart (a plain material evaluation needed up to 40
/// moves here). Black's King is revealed; it defends with the playout policy.
#[test]
fn normal_finishes_a_won_endgame() {
    let start = game(
        "Nb1 Ng1 Qd1 Ra1 Pa3 Ph3 ke8 pa8 pj8",
        Color::White,
        Some("g1"),
        None,
    );
    for seed in 0..2u64 {
        let mut g = start.clone();
        let mut rng = <veil_core::GameRng as veil_core::SeedableRng>::seed_from_u64(seed);
        let mut legal = Vec::new();
        for ply in 0..20u64 {
            let Some(seat) = (match g.turn() {
                veil_core::Turn::Seat(s) => Some(s),
                _ => None,
            }) else {
                break;
            };
            let action = if seat == Seat(0) {
                choose::<SecretKing>(&g.observe(seat), Level::Normal, None, seed * 1000 + ply)
            } else {
                g.legal_actions(Actor::Seat(seat), &mut legal);
                g.playout_action(seat, &legal, &mut rng)
            };
            g.apply(Actor::Seat(seat), action).unwrap();
        }
        let outcome = g.outcome();
        assert_eq!(
            outcome
                .as_ref()
                .and_then(|o| (!o.is_draw()).then(|| o.winners().next()).flatten()),
            Some(Seat(0)),
            "seed {seed}: {:?} after {} moves",
            outcome,
            g.history().len()
        );
    }
}

/// The computer's belief of where the enemy Secret King hides follows the
/// evidence: spread over the Knights that could be it, and gone from a
/// Knight once taking it showed it was not the King.
#[test]
fn believes_the_king_is_where_the_evidence_points() {
    let belief = |g: &SecretKing| {
        let mut search = Search::<SecretKing>::new(&g.observe(Seat(0)), Level::Easy.config(), 4);
        search.run(400);
        search.belief().clone()
    };
    let share = |g: &SecretKing, at: &str| {
        let belief = belief(g);
        assert!(belief.is_valid());
        assert_eq!(belief.samples, veil_ai::BELIEF_SAMPLES);
        belief.share(veil_core::Fact {
            place: u16::from(square(at).0),
            what: 0,
        })
    };
    let mut g = game(
        "Nb1 Rd1 Ka1 nb10 ni10 nd8 pa8 kj10",
        Color::White,
        None,
        None,
    );
    // Both sides have revealed Kings here (on the board): nothing hidden,
    // no belief kept.
    assert_eq!(belief(&g).samples, 0);
    g = game(
        "Nb1 Rd1 Rb2 Pa2 nb10 ni10 nd8 pa8",
        Color::White,
        Some("b1"),
        Some("i10"),
    );
    for knight in ["b10", "i10", "d8"] {
        let s = share(&g, knight);
        assert!((0.2..0.46).contains(&s), "{knight}: {s}");
    }
    assert_eq!(share(&g, "a8"), 0.0, "a pawn is never the King");
    // White takes the Knight on d8: it was not the King.
    play(&mut g, &[(Seat(0), "d1d8"), (Seat(1), "a8a7")]);
    assert_eq!(share(&g, "d8"), 0.0);
    for knight in ["b10", "i10"] {
        let s = share(&g, knight);
        assert!((0.38..0.62).contains(&s), "{knight}: {s}");
    }
    // And the Knight on b10: every imagined King now stands on i10, the
    // square the evidence points to.
    play(&mut g, &[(Seat(0), "b2b10"), (Seat(1), "a7a6")]);
    assert_eq!(share(&g, "b10"), 0.0);
    assert_eq!(share(&g, "i10"), 1.0);
}

fn play(g: &mut SecretKing, moves: &[(Seat, &str)]) {
    for (seat, mv) in moves {
        let mut legal = Vec::new();
        g.legal_actions(Actor::Seat(*seat), &mut legal);
        let action = legal.into_iter().find(|a| uci(*a) == *mv).unwrap();
        g.apply(Actor::Seat(*seat), action).unwrap();
    }
}

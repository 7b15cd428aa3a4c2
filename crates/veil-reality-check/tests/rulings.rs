//! One test (or more) per ruling of RULINGS §3 and per option.
mod common;
use common::*;
use veil_core::{Actor, Game, Seat, SeatSet, Turn};
use veil_reality_check::*;

// ---------------------------------------------------------------- setup

#[test]
fn setup_is_secret_simultaneous_and_matches_the_diagram() {
    let mut g = RealityCheck::new(&Options::default(), 2).unwrap();
    assert_eq!(g.turn(), Turn::Simultaneous(SeatSet::all(2)));
    let mut out = Vec::new();
    g.legal_actions(Actor::Seat(Seat(0)), &mut out);
    for a in &out {
        let Action::Place { to, up, .. } = a else {
            panic!("{a:?}")
        };
        assert_eq!(Layout::Basic.diagram_face(*to), Some(*up), "{a}");
        assert!(Layout::Basic.home(Color::White) & to.bit() != 0);
    }
    let names: Vec<String> = out.iter().map(|a| a.to_string()).collect();
    assert!(names.contains(&"+N/N@c2".into()));
    // P-N on a Knight square would leave three pawn pieces for four pawn squares.
    assert!(!names.contains(&"+N/P@c2".into()));
    let before = g.observe(Seat(1));
    g.apply(Actor::Seat(Seat(0)), "+N/N@c2".parse().unwrap())
        .unwrap();
    assert_eq!(
        g.observe(Seat(1)),
        before,
        "Black sees nothing of White's setup"
    );
    assert_eq!(g.turn(), Turn::Simultaneous(SeatSet::all(2)));

    let g = RealityCheck::standard_fixed();
    assert_eq!(g.phase(), Phase::Play);
    assert_eq!(g.hand(Color::White), &[Kind::NR]);
    assert_eq!(g.hand(Color::Black), &[Kind::NR]);
    assert_eq!(g.to_move(), Color::White);
    // Revealed together: each side sees the other's up-faces, not its kinds.
    let view = g.observe(Seat(1));
    let d1 = view.piece(sq("d1")).unwrap();
    assert_eq!((d1.up, d1.kind), (Face::Rook, None));
    assert_eq!(view.piece(sq("d9")).unwrap().kind, Some(Kind::RR));
    assert_eq!(view.hand_counts, [1, 1]);
}

#[test]
fn a_setup_can_always_be_completed() {
    use veil_core::{GameRng, RngExt, SeedableRng};
    let mut rng = GameRng::seed_from_u64(5);
    for _ in 0..200 {
        let mut g = RealityCheck::new(&Options::default(), 2).unwrap();
        while g.phase() == Phase::Setup {
            let legal = g.legal();
            assert!(!legal.is_empty());
            play(&mut g, &legal[rng.random_range(0..legal.len())].to_string());
        }
        assert_eq!(g.hand(Color::White).len(), 1);
    }
}

// ---------------------------------------------------------------- moves

#[test]
fn whites_first_move_is_quiet_and_unflipped() {
    let mut g = RealityCheck::standard_fixed();
    let legal = g.legal();
    assert!(legal.iter().all(|a| matches!(a, Action::Move { .. })));
    assert!(refused(&g, "N/R@d4") && refused(&g, "N/R@d4"));
    play(&mut g, "c3-c4");
    assert_eq!(
        g.turn(),
        Turn::Seat(Seat(1)),
        "no flip after White's first move"
    );
    assert_eq!(g.phase(), Phase::Play);
}

#[test]
fn a_quiet_move_is_followed_by_a_mandatory_flip_and_the_lock() {
    let mut g = RealityCheck::standard_fixed();
    play(&mut g, "c3-c4");
    play(&mut g, "e7-e6");
    assert!(matches!(g.phase(), Phase::Flip { .. }));
    assert_eq!(g.turn(), Turn::Seat(Seat(1)));
    assert_eq!(g.legal().len(), 18, "any piece on the board");
    play(&mut g, "~c4");
    // The flip shows both faces to both.
    let p = g.piece(sq("c4")).unwrap();
    assert_eq!((p.up, p.public), (Face::Knight, true));
    assert_eq!(
        g.observe(Seat(1)).piece(sq("c4")).unwrap().kind,
        Some(Kind::PN)
    );
    // White may not flip the piece Black just flipped, even after moving it.
    play(&mut g, "c4-b6"); // now a Knight face
    assert!(refused(&g, "~b6"));
    assert!(!legal(&g).contains(&"~b6".into()));
    play(&mut g, "~e6");
    assert_eq!(g.turn(), Turn::Seat(Seat(1)));
}

#[test]
fn pawn_faces_step_orthogonally_and_capture_diagonally() {
    let g = position(
        &[
            ("d4", "P(P)"),
            ("d5", "n(n)"),
            ("e5", "b(b)"),
            ("a4", "R(R)"),
            ("g6", "r(r)"),
        ],
        ["-", "-"],
        'w',
    );
    let l = legal(&g);
    for m in ["d4-c4", "d4-e4", "d4-d3", "d4xe5", "d4xe5!"] {
        assert!(l.contains(&m.to_string()), "{m}");
    }
    assert!(!l.contains(&"d4xd5".to_string()), "no orthogonal capture");
    assert!(!l.contains(&"d4-d6".to_string()), "no double step");
    assert!(
        !l.iter()
            .any(|m| m.starts_with("d4-c5") || m.starts_with("d4-d5"))
    );
}

#[test]
fn drops_go_on_empty_home_squares_face_of_choice() {
    let g = position(
        &[
            ("d1", "R(R)"),
            ("d9", "r(r)"),
            ("a5", "N(N)"),
            ("g5", "n(n)"),
        ],
        ["NR", "-"],
        'w',
    );
    let l = legal(&g);
    assert!(l.contains(&"N/R@c2".into()) && l.contains(&"R/N@c2".into()));
    assert!(
        !l.iter().any(|m| m.ends_with("@d1")),
        "not on an occupied square"
    );
    assert!(!l.iter().any(|m| m.ends_with("@d4")), "only home squares");
    let mut g2 = g.clone();
    play(&mut g2, "R/N@c2");
    assert_eq!(g2.piece(sq("c2")).unwrap().up, Face::Rook);
    assert!(g2.hand(Color::White).is_empty());
    // Black may not flip the piece White just dropped.
    play(&mut g2, "g5-f7");
    assert!(refused(&g2, "~c2"));
}

#[test]
fn a_capture_sends_the_piece_to_its_owners_hand_anonymously() {
    let mut g = position(
        &[
            ("d4", "R(R)"),
            ("d6", "n(b)"),
            ("a4", "N(N)"),
            ("g6", "r(r)"),
            ("a6", "n(n)"),
            ("b6", "b(b)"),
            ("c6", "p(p)"),
        ],
        ["-", "-"],
        'w',
    );
    play(&mut g, "d4xd6");
    assert_eq!(g.hand(Color::Black), &[Kind::NB]);
    assert_eq!(g.piece(sq("d6")).unwrap().kind, Kind::RR);
    let view = g.observe(Seat(0));
    assert_eq!(view.hand_counts[1], 1);
    assert!(
        view.hand.iter().all(|k| *k != Kind::NB),
        "White sees only a count"
    );
    assert_eq!(g.to_move(), Color::Black);
}

#[test]
fn reality_check_two_true_pieces_removes_for_good() {
    let mut g = position(
        &[
            ("d4", "R(R)"),
            ("d6", "r(r)"),
            ("a4", "N(N)"),
            ("g6", "n(n)"),
        ],
        ["-", "-"],
        'w',
    );
    play(&mut g, "d4xd6!");
    assert_eq!(
        g.removed(Color::Black)
            .iter()
            .filter(|k| k.is_true())
            .count(),
        3
    );
    assert!(g.hand(Color::Black).is_empty());
    assert!(g.piece(sq("d6")).unwrap().public, "the capturer was shown");
    assert_eq!(g.hand_limit(Color::Black), 0);
}

#[test]
fn reality_check_by_a_false_piece_turns_it_back_and_shows_it() {
    let mut g = position(
        &[
            ("d4", "R(B)"),
            ("d6", "r(r)"),
            ("a4", "N(N)"),
            ("g6", "n(n)"),
            ("a5", "R(R)"),
            ("b6", "b(b)"),
        ],
        ["-", "-"],
        'w',
    );
    play(&mut g, "d4xd6!");
    let p = g.piece(sq("d6")).unwrap();
    assert_eq!((p.kind, p.up, p.public), (Kind::BR, Face::Rook, true));
    assert_eq!(
        g.hand(Color::Black),
        &[Kind::RR],
        "not removed: the capturer is false"
    );
    assert_eq!(
        g.observe(Seat(1)).piece(sq("d6")).unwrap().kind,
        Some(Kind::BR)
    );
    // A true capturer on a false piece: the piece goes to hand.
    let mut g = position(
        &[
            ("d4", "R(R)"),
            ("d6", "r(n)"),
            ("a4", "N(N)"),
            ("g6", "n(n)"),
            ("b6", "b(b)"),
        ],
        ["-", "-"],
        'w',
    );
    play(&mut g, "d4xd6!");
    assert_eq!(g.hand(Color::Black), &[Kind::NR]);
}

#[test]
fn hand_limit_take_or_refuse_and_the_obligatory_drop() {
    // Black: four true pieces in play, three in hand (the limit).
    let pieces = [
        ("d4", "R(R)"),
        ("d6", "n(b)"),
        ("a4", "N(N)"),
        ("g6", "r(r)"),
    ];
    let mut g = position(&pieces, ["-", "ppnnbb"], 'w');
    assert_eq!(g.hand_limit(Color::Black), 3);
    play(&mut g, "d4xd6");
    assert!(matches!(g.phase(), Phase::Claim { .. }));
    assert_eq!(legal(&g), ["take", "refuse"]);
    // White does not know what was captured (no Reality Check).
    assert!(matches!(
        g.observe(Seat(0)).phase,
        Phase::Claim { kind: None, .. }
    ));
    let mut take = g.clone();
    play(&mut take, "take");
    assert_eq!(take.hand(Color::Black).len(), 4);
    assert!(take.must_drop(Color::Black));
    assert!(
        take.legal()
            .iter()
            .all(|a| matches!(a, Action::Drop { .. }))
    );
    let mut refuse = g.clone();
    play(&mut refuse, "refuse");
    assert!(refuse.removed(Color::Black).contains(&Kind::NB));
    assert!(
        refuse
            .legal()
            .iter()
            .any(|a| matches!(a, Action::Move { .. }))
    );
}

#[test]
fn losing_a_true_piece_lowers_the_limit_and_forces_a_drop() {
    let pieces = [
        ("d4", "R(R)"),
        ("d6", "r(r)"),
        ("a4", "N(N)"),
        ("g6", "n(n)"),
    ];
    let mut g = position(&pieces, ["-", "ppbbnb"], 'w');
    assert_eq!(g.hand_limit(Color::Black), 3);
    play(&mut g, "d4xd6!");
    assert_eq!(g.hand_limit(Color::Black), 2);
    assert!(g.must_drop(Color::Black));
    assert!(g.legal().iter().all(|a| matches!(a, Action::Drop { .. })));
}

#[test]
fn an_impossible_obligatory_drop_loses() {
    // Black holds 2 with a limit of 1 and White covers every Black home square.
    let pieces = [
        ("d9", "R(R)"),
        ("c8", "N(N)"),
        ("d8", "B(B)"),
        ("e8", "P(P)"),
        ("b7", "P(N)"),
        ("c7", "P(B)"),
        ("d7", "P(R)"),
        ("e7", "N(B)"),
        ("f7", "N(R)"),
        ("a4", "b(r)"),
    ];
    let g = position(&pieces, ["BR", "rrnn"], 'b');
    assert_eq!(g.outcome().unwrap().reason, "obligatory drop impossible");
    assert_eq!(
        g.outcome().unwrap().winners().collect::<Vec<_>>(),
        [Seat(0)]
    );
}

#[test]
fn no_legal_action_loses() {
    let g = position(
        &[("d9", "p(p)"), ("d8", "N(N)"), ("a4", "R(R)")],
        ["-", "-"],
        'b',
    );
    assert_eq!(g.outcome().unwrap().reason, "no legal action");
    assert_eq!(
        g.outcome().unwrap().winners().collect::<Vec<_>>(),
        [Seat(0)]
    );
}

#[test]
fn removing_all_four_true_pieces_wins() {
    let mut g = position(
        &[
            ("d4", "R(R)"),
            ("d6", "r(r)"),
            ("a4", "N(N)"),
            ("g6", "n(b)"),
        ],
        ["-", "-"],
        'w',
    );
    play(&mut g, "d4xd6!");
    let o = g.outcome().expect("over");
    assert_eq!(o.reason, "all four true pieces removed");
    assert_eq!(o.winners().collect::<Vec<_>>(), [Seat(0)]);
}

#[test]
fn threefold_repetition_draws() {
    let pieces = [
        ("a4", "R(R)"),
        ("g6", "r(r)"),
        ("d1", "N(N)"),
        ("d9", "n(n)"),
    ];
    let mut g = position(&pieces, ["-", "-"], 'w');
    for _ in 0..2 {
        for m in [
            "a4-b4", "~d1", "g6-f6", "~d9", "b4-a4", "~d1", "f6-g6", "~d9",
        ] {
            assert!(g.outcome().is_none());
            play(&mut g, m);
        }
    }
    assert_eq!(g.outcome().unwrap().reason, "threefold repetition");
    assert!(g.outcome().unwrap().is_draw());
}

#[test]
fn three_hundred_plies_draw() {
    let text = fen(
        Layout::Basic,
        &[("a4", "R(R)"), ("g6", "r(r)"), ("d1", "N(N)")],
        ["-", "-"],
        'w',
        299,
    );
    let mut g = RealityCheck::from_fen(&Options::default(), &text).unwrap();
    play(&mut g, "a4-a5");
    play(&mut g, "~d1");
    assert_eq!(g.outcome().unwrap().reason, "300 plies");
}

// ---------------------------------------------------------------- options

#[test]
fn memory_mode_hides_ones_own_under_faces_after_setup() {
    let options = Options {
        memory_mode: true,
        ..Default::default()
    };
    let mut g = RealityCheck::new(&options, 2).unwrap();
    play(&mut g, "+R/R@d1");
    assert_eq!(
        g.observe(Seat(0)).piece(sq("d1")).unwrap().kind,
        Some(Kind::RR),
        "known while setting up"
    );
    let g = position_with(
        options,
        &[
            ("d4", "R(B)"),
            ("d6", "r(r)"),
            ("a4", "N(N)"),
            ("g6", "n(n)"),
        ],
        ["PP", "-"],
        'w',
    );
    let mine = g.observe(Seat(0));
    assert_eq!(mine.piece(sq("d4")).unwrap().kind, None);
    assert_eq!(mine.hand, [Kind::PP], "its hand it holds and sees");
}

#[test]
fn strategic_retreat_captures_ones_own_piece_within_the_limit() {
    let options = Options {
        strategic_retreat: true,
        ..Default::default()
    };
    let pieces = [
        ("d4", "R(R)"),
        ("d6", "N(B)"),
        ("a4", "N(N)"),
        ("g6", "r(r)"),
    ];
    let mut g = position_with(options, &pieces, ["-", "-"], 'w');
    assert!(legal(&g).contains(&"d4^d6".into()));
    play(&mut g, "d4^d6");
    assert_eq!(g.hand(Color::White), &[Kind::NB]);
    // At the limit (two true pieces: limit 1) it is not allowed.
    let g = position_with(options, &pieces, ["PB", "-"], 'w');
    assert_eq!(g.hand_limit(Color::White), 1);
    assert!(!legal(&g).contains(&"d4^d6".into()));
    // And never without the option.
    let g = position(&pieces, ["-", "-"], 'w');
    assert!(!legal(&g).contains(&"d4^d6".into()));
}

#[test]
fn memory_action_match_and_mismatch() {
    let options = Options {
        memory_action: true,
        ..Default::default()
    };
    let base = [
        ("d4", "R(R)"),
        ("a4", "N(N)"),
        ("g6", "r(r)"),
        ("a6", "n(n)"),
    ];
    let mut pieces = base.to_vec();
    pieces.extend([("c6", "b(n)"), ("e6", "r(n)")]);
    let mut g = position_with(options, &pieces, ["-", "-"], 'w');
    play(&mut g, "?c6,e6");
    assert_eq!(g.hand(Color::Black), &[Kind::NB, Kind::NR]);
    assert!(g.piece(sq("c6")).is_none());

    let mut pieces = base.to_vec();
    pieces.extend([("c6", "b(n)"), ("e6", "r(p)")]);
    let mut g = position_with(options, &pieces, ["BB", "-"], 'w');
    play(&mut g, "?c6,e6");
    assert_eq!(g.phase(), Phase::Penalty);
    let l = legal(&g);
    assert!(l.contains(&"-d4".into()) && l.contains(&"-a4".into()) && l.contains(&"-BB".into()));
    assert_eq!(
        g.piece(sq("e6")).unwrap().up,
        Face::Pawn,
        "the pieces stay turned over"
    );
    play(&mut g, "-BB");
    assert!(g.removed(Color::White).contains(&Kind::BB));
    assert_eq!(g.to_move(), Color::Black);
}

#[test]
fn free_setup_places_nine_anywhere_on_ones_half() {
    let options = Options {
        setup: SetupRule::Free,
        ..Default::default()
    };
    let mut g = RealityCheck::new(&options, 2).unwrap();
    let l = legal(&g);
    assert!(l.contains(&"+R/N@a4".into()) && l.contains(&"+N/R@a4".into()));
    assert!(!l.iter().any(|m| m.ends_with("@a5")));
    let white = [
        "+R/R@a4", "+B/B@b4", "+N/N@c4", "+P/P@d4", "+P/N@e4", "+P/B@f4", "+P/R@g4", "+N/B@d1",
        "+N/R@c3",
    ];
    for m in white {
        play(&mut g, m);
    }
    let mut g2 = g.clone();
    g2.apply(Actor::Seat(Seat(1)), "+r/r@a6".parse().unwrap())
        .unwrap();
    while g2.phase() == Phase::Setup {
        let a = g2.legal()[0];
        g2.apply(Actor::Seat(Seat(1)), a).unwrap();
    }
    let used = ["a4", "b4", "c4", "d4", "e4", "f4", "g4", "d1", "c3"]
        .iter()
        .fold(0, |a, s| a | sq(s).bit());
    assert_eq!(g2.drop_squares(Color::White), used);
    // White's first move: no capture, then a flip.
    assert!(g2.legal().iter().all(|a| matches!(a, Action::Move { .. })));
    play(&mut g2, "a4-a5");
    assert!(matches!(g2.phase(), Phase::Flip { .. }));
}

#[test]
fn advanced_board_sets_up_in_the_home_zone() {
    let options = Options {
        board: Layout::Advanced,
        ..Default::default()
    };
    let g = RealityCheck::new(&options, 2).unwrap();
    let l = g.legal();
    assert!(l.iter().all(|a| matches!(a, Action::Place { to, .. } if Layout::Advanced.home(Color::White) & to.bit() != 0)));
    assert!(legal(&g).contains(&"+R/B@g1".into()));
    assert!(refused(&g, "+R/B@a1"));
}

#[test]
fn one_die_decides_the_flip() {
    let options = Options {
        dice: Dice::One,
        ..Default::default()
    };
    let pieces = [
        ("d4", "R(B)"),
        ("a4", "N(N)"),
        ("g6", "r(r)"),
        ("a6", "p(n)"),
    ];
    let mut g = position_with(options, &pieces, ["-", "-"], 'w');
    play(&mut g, "a4-b6");
    assert_eq!(g.turn(), Turn::Chance);
    let mut rook = g.clone();
    play(&mut rook, "die4");
    assert_eq!(legal(&rook), ["~d4", "~g6"], "a piece showing R");
    let mut mine = g.clone();
    play(&mut mine, "die5");
    assert_eq!(legal(&mine), ["~d4", "~b6"], "one of the roller's");
    let mut theirs = g.clone();
    play(&mut theirs, "die6");
    assert_eq!(legal(&theirs), ["~a6", "~g6"]);
    let mut none = g.clone();
    play(&mut none, "die3"); // nothing shows B
    assert_eq!(
        none.turn(),
        Turn::Seat(Seat(1)),
        "no eligible piece, no flip"
    );
}

#[test]
fn two_dice_flip_two_different_pieces() {
    let options = Options {
        dice: Dice::Two,
        ..Default::default()
    };
    let pieces = [
        ("d4", "R(B)"),
        ("a4", "N(N)"),
        ("g6", "r(r)"),
        ("a6", "p(n)"),
    ];
    let mut g = position_with(options, &pieces, ["-", "-"], 'w');
    play(&mut g, "d4-d5");
    play(&mut g, "die4");
    play(&mut g, "~d5");
    assert_eq!(g.turn(), Turn::Chance);
    play(&mut g, "die5");
    assert_eq!(legal(&g), ["~a4"], "d5 was flipped already");
    play(&mut g, "~a4");
    assert_eq!(g.turn(), Turn::Seat(Seat(1)));
    assert!(refused(&g, "~d5") || matches!(g.phase(), Phase::Play));
}

#[test]
fn memory_mode_penalty_without_a_known_true_piece_removes_the_first() {
    let options = Options {
        memory_mode: true,
        memory_action: true,
        ..Default::default()
    };
    let pieces = [
        ("d4", "R(R)"),
        ("a4", "N(N)"),
        ("g6", "r(r)"),
        ("a6", "n(n)"),
        ("c6", "b(n)"),
        ("e6", "r(p)"),
    ];
    let mut g = position_with(options, &pieces, ["PB", "-"], 'w');
    play(&mut g, "?c6,e6");
    assert_eq!(
        legal(&g),
        ["-?"],
        "White knows none of its true pieces on the board"
    );
    play(&mut g, "-?");
    // a4 comes before d4 from a1 rank by rank.
    assert!(g.piece(sq("a4")).is_none() && g.removed(Color::White).contains(&Kind::NN));
}

#[test]
fn a_claim_after_a_reality_check_is_public() {
    let pieces = [
        ("d4", "R(R)"),
        ("d6", "n(b)"),
        ("a4", "N(N)"),
        ("g6", "r(r)"),
    ];
    let mut g = position(&pieces, ["-", "ppbb"], 'w');
    assert_eq!(g.hand_limit(Color::Black), 2);
    play(&mut g, "d4xd6!");
    assert_eq!(
        g.observe(Seat(0)).phase,
        Phase::Claim {
            kind: Some(Kind::NB),
            public: true
        }
    );
    play(&mut g, "refuse");
    assert!(g.removed(Color::Black).contains(&Kind::NB));
}

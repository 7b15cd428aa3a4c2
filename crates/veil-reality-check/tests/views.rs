//! What each seat knows: perfect recall of what it can still tie to a
//! piece, and determinisations that respect every constraint.
mod common;
use common::*;
use veil_core::{Actor, Game, GameRng, RngExt, Seat, SeedableRng, Turn};
use veil_reality_check::*;

#[test]
fn a_flipped_piece_stays_known_until_it_goes_to_hand() {
    let mut g = RealityCheck::standard_fixed();
    play(&mut g, "c3-c4");
    play(&mut g, "e7-e6");
    play(&mut g, "~c4");
    play(&mut g, "c4-b6"); // P-N, now showing N
    play(&mut g, "~e6");
    // Black still knows the piece that moved on.
    assert_eq!(
        g.observe(Seat(1)).piece(sq("b6")).unwrap().kind,
        Some(Kind::PN)
    );
    // White knows Black's e6 now.
    assert_eq!(
        g.observe(Seat(0)).piece(sq("e6")).unwrap().kind,
        Some(Kind::PB)
    );
    // Black's c7 pawn takes it: in hand it is anonymous again for Black.
    play(&mut g, "c7xb6");
    let black = g.observe(Seat(1));
    assert_eq!(black.hand_counts[0], 2);
    assert!(
        black
            .board
            .iter()
            .flatten()
            .all(|s| s.kind != Some(Kind::PN) || s.color == Color::Black)
    );
    // Dropped again, Black cannot tell which of White's hand pieces it is.
    play(&mut g, "N/P@c3");
    assert_eq!(g.observe(Seat(1)).piece(sq("c3")).unwrap().kind, None);
    assert_eq!(
        g.observe(Seat(0)).piece(sq("c3")).unwrap().kind,
        Some(Kind::PN)
    );
}

#[test]
fn determinisations_own_each_kind_once_and_agree_with_the_view() {
    for (options, games) in [
        (Options::default(), 40),
        (
            Options {
                memory_mode: true,
                memory_action: true,
                ..Default::default()
            },
            20,
        ),
        (
            Options {
                board: Layout::Advanced,
                dice: Dice::Two,
                ..Default::default()
            },
            20,
        ),
    ] {
        for seed in 0..games {
            let mut rng = GameRng::seed_from_u64(seed);
            let mut game = RealityCheck::new(&options, 2).unwrap();
            let mut legal = Vec::new();
            let mut step = 0;
            while game.outcome().is_none() {
                if step % 5 == 0 {
                    for seat in [Seat(0), Seat(1)] {
                        let view = game.observe(seat);
                        let det = RealityCheck::determinize(&view, &mut rng);
                        // Deserialising validates: each kind exactly once per side.
                        let json = serde_json::to_string(&det).unwrap();
                        let back: RealityCheck = serde_json::from_str(&json)
                            .unwrap_or_else(|e| panic!("seed {seed} step {step}: {e}"));
                        assert_eq!(back.observe(seat), view);
                        // The faces the view shows are the faces the state has.
                        for i in (0..63).filter(|_| view.phase != Phase::Setup) {
                            let s = Square::from_index(i).unwrap();
                            assert_eq!(det.piece(s).map(|p| p.up), view.piece(s).map(|v| v.up));
                        }
                    }
                }
                let actor = match game.turn() {
                    Turn::Seat(s) => Actor::Seat(s),
                    Turn::Simultaneous(set) => Actor::Seat(set.first().unwrap()),
                    Turn::Chance => Actor::Chance,
                    Turn::Over => break,
                };
                game.legal_actions(actor, &mut legal);
                let a = legal[rng.random_range(0..legal.len())];
                game.apply(actor, a).unwrap();
                step += 1;
            }
        }
    }
}

#[test]
fn the_view_writes_only_what_the_seat_knows() {
    let g = RealityCheck::standard_fixed();
    let white = g.observe(Seat(0)).to_fen();
    assert!(
        white.starts_with("3r3/2nbn2/1ppbpp1/7/7/7/1P(P)P(N)B(R)P(B)P(R)1/"),
        "{white}"
    );
    assert!(white.contains(" w NR ? "), "{white}");
}

#[test]
fn the_computers_setup_keeps_true_pieces_out_of_reach() {
    let mut g = RealityCheck::new(&Options::default(), 2).unwrap();
    while g.phase() == Phase::Setup {
        let Turn::Simultaneous(set) = g.turn() else {
            unreachable!()
        };
        let seat = set.first().unwrap();
        let mut legal = Vec::new();
        g.legal_actions(Actor::Seat(seat), &mut legal);
        let a = setup_choice(&g, Color::of(seat), &legal).unwrap();
        g.apply(Actor::Seat(seat), a).unwrap();
    }
    assert_eq!(g.hand(Color::White), &[Kind::RR], "R-R waits in hand");
    assert_eq!(g.hand(Color::Black), &[Kind::RR]);
    // The other true pieces are not on the front pawn squares' flanks.
    assert_eq!(g.piece(sq("d2")).unwrap().kind, Kind::BB);
    assert_eq!(g.piece(sq("c2")).unwrap().kind, Kind::NN);
}

#[test]
fn the_computer_has_six_setup_plans_each_hiding_a_true_piece_in_hand() {
    let start = RealityCheck::new(&Options::default(), 2).unwrap();
    let mut legal = Vec::new();
    start.legal_actions(Actor::Seat(Seat(0)), &mut legal);
    assert!(setup_candidates(&start, Color::White, &legal).len() > 1);
    // Follow every branch the plans leave open.
    let mut finals = Vec::new();
    let mut stack = vec![start.clone()];
    while let Some(g) = stack.pop() {
        if g.observe(Seat(0)).setup_done[0] {
            finals.push(g);
            continue;
        }
        let mut legal = Vec::new();
        g.legal_actions(Actor::Seat(Seat(0)), &mut legal);
        let next = setup_candidates(&g, Color::White, &legal);
        assert!(!next.is_empty());
        for a in next {
            let mut child = g.clone();
            child.apply(Actor::Seat(Seat(0)), a).unwrap();
            stack.push(child);
        }
    }
    assert_eq!(finals.len(), 6);
    let mut hands = std::collections::BTreeSet::new();
    for g in &finals {
        let hand = g.observe(Seat(0)).hand;
        assert!(hand.len() == 1 && hand[0].is_true());
        hands.insert(hand[0]);
    }
    assert_eq!(hands.len(), 3);
    // The search picks one of them, quickly.
    let t = std::time::Instant::now();
    let a =
        veil_ai::choose::<RealityCheck>(&start.observe(Seat(0)), veil_ai::Level::Normal, None, 9);
    assert!(setup_candidates(&start, Color::White, &start.legal()).contains(&a));
    println!("setup decision took {:?}", t.elapsed());
}

/// A Reality Check turns both pieces over in public: when the captured
/// piece then goes back to its owner's hand (anonymous there), both seats
/// still learn what it was, for that turn.
#[test]
fn a_reality_check_shows_the_captured_piece_to_both() {
    let mut found = 0;
    for seed in 0..40 {
        let mut g = RealityCheck::new(&Options::default(), 2).unwrap();
        let mut rng = GameRng::seed_from_u64(seed);
        for _ in 0..300 {
            let actor = match g.turn() {
                Turn::Over => break,
                Turn::Chance => Actor::Chance,
                Turn::Seat(s) => Actor::Seat(s),
                Turn::Simultaneous(set) => Actor::Seat(set.first().unwrap()),
            };
            let mut legal = Vec::new();
            g.legal_actions(actor, &mut legal);
            // Reality Checks whenever there is one, to find them often.
            let check = legal
                .iter()
                .copied()
                .find(|a| matches!(a, Action::Check { .. }));
            let action = check.unwrap_or_else(|| legal[rng.random_range(0..legal.len())]);
            let victim = match action {
                Action::Check { to, .. } => g.piece(to),
                _ => None,
            };
            g.apply(actor, action).unwrap();
            for seat in [Seat(0), Seat(1)] {
                assert_eq!(
                    g.observe(seat).checked,
                    victim.map(|v| v.kind),
                    "{action}: what both saw turned over"
                );
            }
            if victim.is_some() {
                found += 1;
            }
        }
    }
    assert!(found > 20, "Reality Checks were played: {found}");
}

//! Malformed input from outside (saves, records, views) is refused with an
//! error, never a panic (issue 15, finding 7), and fuzz tests for every
//! parser and `Deserialize`.
use serde_json::{Value, json};
use veil_chess::Square;
use veil_core::{Actor, Game, GameRng, Seat, SeedableRng};
use veil_intrigue::{Action, Intrigue, IntrigueOptions, IntrigueView};

/// A game after both secret setups, White's King hiding on e4.
fn after_setup() -> Intrigue {
    let mut g = Intrigue::new(&IntrigueOptions::default(), 2).unwrap();
    g.apply(
        Actor::Seat(Seat(0)),
        Action::Setup {
            hiding: Square(28),
            informant: 5,
        },
    )
    .unwrap();
    g.apply(
        Actor::Seat(Seat(1)),
        Action::Setup {
            hiding: Square(40),
            informant: 2,
        },
    )
    .unwrap();
    g
}

#[test]
fn a_state_with_an_off_board_hiding_square_is_refused() {
    let g = after_setup();
    let mut v = serde_json::to_value(&g).unwrap();
    v["secrets"][0]["hiding"] = json!(200);
    let read = serde_json::from_value::<Intrigue>(v.clone());
    if let Ok(g) = &read {
        // Before the fix this panicked (`1u64 << 200`).
        let mut out = Vec::new();
        g.legal_actions(Actor::Seat(Seat(0)), &mut out);
    }
    let error = read.expect_err("an off-board hiding square must be refused");
    assert!(error.to_string().contains("off the board"), "{error}");
    // The same for a view.
    let mut view = serde_json::to_value(g.observe(Seat(0))).unwrap();
    view["secrets"][0]["hiding"] = json!(200);
    let read = serde_json::from_value::<IntrigueView>(view);
    if let Ok(view) = &read {
        view.legal_actions();
    }
    assert!(read.is_err());
    // And an appeared King's square off the board.
    let mut view = serde_json::to_value(g.observe(Seat(1))).unwrap();
    view["public"]["kings"][0] = json!(200);
    let read = serde_json::from_value::<IntrigueView>(view);
    if let Ok(view) = &read {
        Intrigue::determinize(view, &mut GameRng::seed_from_u64(1));
    }
    assert!(read.is_err());
    // Untouched, both read back.
    let back: Intrigue = serde_json::from_value(serde_json::to_value(&g).unwrap()).unwrap();
    assert_eq!(back, g);
    let _: Value = serde_json::to_value(g.observe(Seat(0))).unwrap();
}

const NOTATION: &str = "KQRBNPkqrbnpabcdefgh12345678x+#=O-@/ 0w";

/// Every text parser: FENs with hidden Kings, actions (SAN, UCI, `K@`,
/// `retire`), squares — random bytes, random notation, mutations of good
/// input; errors, never panics.
#[test]
fn fuzz_notation() {
    use veil_core::RngExt;
    use veil_core::fuzz;
    let report = fuzz::watchdog(|| {
        let mut rng = GameRng::seed_from_u64(15);
        let alphabet: Vec<char> = NOTATION.chars().collect();
        let fens = [
            "8/8/8/3p4/1P2P3/8/8/8 w - - 0 1",
            "rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1BNR w KQkq - 0 1",
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
        ];
        let actions = [
            "e4", "exd5", "Nf3", "O-O", "e2e4", "e7e8q", "K@", "reveal", "retire",
        ];
        let mut game = after_setup();
        let mut inputs = 0;
        let mut accepted = 0;
        for i in 0..12_000 {
            let text = match i % 3 {
                0 => fuzz::random_bytes(&mut rng, 60),
                1 => fuzz::random_string(&mut rng, &alphabet, 60),
                _ if i % 2 == 0 => fuzz::mutate(&mut rng, fens[i % fens.len()], &alphabet),
                _ => fuzz::mutate(&mut rng, actions[i % actions.len()], &alphabet),
            };
            inputs += 1;
            let hiding = Square(rng.random_range(0..80));
            let informant = rng
                .random_bool(0.5)
                .then(|| Square(rng.random_range(0..80)));
            for hidden in [
                [None, None],
                [Some((hiding, informant)), None],
                [None, Some((hiding, None))],
            ] {
                if let Ok(g) = Intrigue::from_fen_hidden(&text, IntrigueOptions::default(), hidden)
                {
                    accepted += 1;
                    fuzz::exercise(&g, &mut rng, 4, Intrigue::arbitrary_action);
                }
            }
            let _ = veil_intrigue::parse_square(&text);
            if let Ok(action) = game.parse_action(&text) {
                accepted += 1;
                let mut g = game.clone();
                let _ = g.apply(Actor::Seat(Seat(0)), action);
            }
            if i % 500 == 0 {
                // Parse against other positions too.
                fuzz::exercise(&game, &mut rng, 0, Intrigue::arbitrary_action);
                let mut legal = Vec::new();
                game.legal_actions(Actor::Seat(Seat(0)), &mut legal);
                if let Some(a) = legal.first() {
                    game = after_setup();
                    let _ = game.apply(Actor::Seat(Seat(0)), *a);
                }
            }
        }
        (inputs, accepted)
    });
    assert!(report.0 >= 10_000);
    assert!(report.1 > 100, "some mutations are still good: {report:?}");
}

/// Mutated states, views and records of random games: errors, or values
/// that play on.
#[test]
fn fuzz_states_views_records() {
    use veil_core::fuzz::{Samples, fuzz_game};
    for (i, options) in [
        IntrigueOptions::default(),
        IntrigueOptions {
            atomic_king: true,
            queens: veil_intrigue::Queens::Two,
        },
    ]
    .into_iter()
    .enumerate()
    {
        let samples = Samples::<Intrigue>::collect(&options, 2, 12, 80);
        let report = fuzz_game(&samples, 10_000, i as u64, Intrigue::arbitrary_action);
        assert_eq!(report.per_kind, [10_000; 3]);
        assert!(report.accepted > 300, "{report:?}");
        println!("{options:?}: {report:?}");
    }
}

/// 25 runs of 10 000 mutated states, views and records (a minute or so):
/// `cargo test -p veil-intrigue -- --ignored fuzz_deep`.
#[test]
#[ignore]
fn fuzz_deep() {
    use veil_core::fuzz::{Samples, fuzz_game};
    for seed in 0..25 {
        let options = veil_intrigue::IntrigueOptions {
            atomic_king: seed % 2 == 0,
            ..Default::default()
        };
        let samples = Samples::<veil_intrigue::Intrigue>::collect(&options, 2, 10 + seed, 120);
        fuzz_game(
            &samples,
            10_000,
            100 + seed,
            veil_intrigue::Intrigue::arbitrary_action,
        );
    }
}

/// Issue 33, defect 6: a FEN with a halfmove clock or fullmove number of
/// 999999 played on past it, and the state no longer read back. The
/// counters stop at `veil_chess::MAX_COUNTER`: played on, the state and
/// its views read back.
#[test]
fn counters_at_their_limit_play_on_and_read_back() {
    use veil_core::fuzz;
    let mut rng = GameRng::seed_from_u64(33);
    for counters in ["999999 999999", "0 999999", "999999 1"] {
        for turn in ["w", "b"] {
            let fen =
                format!("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR {turn} KQkq - {counters}");
            let game = Intrigue::from_fen(&fen, IntrigueOptions::default())
                .unwrap_or_else(|e| panic!("{fen}: {e}"));
            for _ in 0..30 {
                fuzz::exercise(&game, &mut rng, 40, Intrigue::arbitrary_action);
            }
        }
    }
}

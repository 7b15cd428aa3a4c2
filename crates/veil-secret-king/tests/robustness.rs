//! Malformed input from outside (FENs, saves, views) is refused with an
//! error, never a panic (issue 15, finding 7), and fuzz tests for every
//! parser and `Deserialize`.
use veil_chess::Square;
use veil_chess::fen::SECRET_KING_START;
use veil_core::{Actor, Game, Seat};
use veil_secret_king::{SecretKing, SecretKingView};

#[test]
fn an_off_board_secret_king_is_refused() {
    // Before the fix: a shift overflow in `Bits::bit`.
    let error = SecretKing::from_fen(SECRET_KING_START, [Some(Square(200)), None]).unwrap_err();
    assert!(error.reason.contains("Knights"), "{error}");
    assert!(SecretKing::from_fen(SECRET_KING_START, [None, Some(Square(128))]).is_err());

    let mut g = SecretKing::new(&Default::default(), 2).unwrap();
    let mut out = Vec::new();
    for seat in [Seat(0), Seat(1)] {
        g.legal_actions(Actor::Seat(seat), &mut out);
        g.apply(Actor::Seat(seat), out[0]).unwrap();
    }
    // (The candidate sets are u128s, beyond `serde_json::Value`: edit the text.)
    let text = serde_json::to_string(&g).unwrap();
    let at = text.find("\"secret\":[").unwrap() + 10;
    let end = at + text[at..].find(',').unwrap();
    let text = format!("{}200{}", &text[..at], &text[end..]);
    let read = serde_json::from_str::<SecretKing>(&text);
    if let Ok(g) = &read {
        g.legal_actions(Actor::Seat(Seat(0)), &mut out);
        g.observe(Seat(0));
    }
    assert!(read.is_err());
    let text = serde_json::to_string(&g.observe(Seat(0))).unwrap();
    let at = text.find("\"kings\":[").unwrap() + 9;
    let end = at + text[at..].find(',').unwrap();
    let text = format!("{}200{}", &text[..at], &text[end..]);
    let read = serde_json::from_str::<SecretKingView>(&text);
    if let Ok(view) = &read {
        view.known_not_king();
        view.legal_moves();
    }
    assert!(read.is_err());
    let back: SecretKing = serde_json::from_str(&serde_json::to_string(&g).unwrap()).unwrap();
    assert_eq!(back, g);
}

const NOTATION: &str = "KQRBNPkqrbnpabcdefghij1234567890x+#=/ wking";

/// Every text parser: FENs with Secret Kings, actions (`king b1`, UCI),
/// moves (UCI and SAN) — random bytes, random notation, mutations of good
/// input; errors, never panics.
#[test]
fn fuzz_notation() {
    use veil_core::fuzz;
    use veil_core::{GameRng, RngExt, SeedableRng};
    let count = fuzz::watchdog(|| {
        let mut rng = GameRng::seed_from_u64(15);
        let alphabet: Vec<char> = NOTATION.chars().collect();
        let mut game = SecretKing::new(&Default::default(), 2).unwrap();
        let mut out = Vec::new();
        for seat in [Seat(0), Seat(1)] {
            game.legal_actions(Actor::Seat(seat), &mut out);
            game.apply(Actor::Seat(seat), out[1]).unwrap();
        }
        let mut positions = vec![game.clone()];
        for _ in 0..30 {
            game.legal_actions(Actor::Seat(Seat(game.position().turn() as u8)), &mut out);
            if out.is_empty() {
                break;
            }
            let seat = Seat(game.position().turn() as u8);
            game.apply(Actor::Seat(seat), out[rng.random_range(0..out.len())])
                .unwrap();
            positions.push(game.clone());
        }
        let fens: Vec<String> = positions.iter().map(|g| g.position().to_fen()).collect();
        let texts = ["king b1", "e3e5", "e9e10q", "Nxc4", "e10=Q", "Kf6", "b1c3"];
        let mut inputs = 0;
        for i in 0..12_000 {
            let text = match i % 4 {
                0 => fuzz::random_bytes(&mut rng, 80),
                1 => fuzz::random_string(&mut rng, &alphabet, 80),
                2 => fuzz::mutate(&mut rng, &fens[i % fens.len()], &alphabet),
                _ => fuzz::mutate(&mut rng, texts[i % texts.len()], &alphabet),
            };
            inputs += 1;
            let sq = |rng: &mut GameRng| {
                rng.random_bool(0.5)
                    .then(|| Square(rng.random_range(0..130)))
            };
            let kings = [sq(&mut rng), sq(&mut rng)];
            if let Ok(g) = SecretKing::from_fen(&text, kings) {
                fuzz::exercise(&g, &mut rng, 4, SecretKing::arbitrary_action);
            }
            if let Ok(g) = SecretKing::from_fen(&text, [None, None]) {
                fuzz::exercise(&g, &mut rng, 4, SecretKing::arbitrary_action);
            }
            let _ = text.parse::<veil_secret_king::Action>();
            let g = &positions[i % positions.len()];
            if let Ok(mv) = g.parse_move(&text) {
                assert!(g.legal_moves().contains(&mv), "{text}");
                let mut g = g.clone();
                g.play(&text).unwrap();
            }
        }
        inputs
    });
    assert!(count >= 10_000);
}

/// Mutated states, views and records of random games: errors, or values
/// that play on.
#[test]
fn fuzz_states_views_records() {
    use veil_core::fuzz::{Samples, fuzz_game};
    let samples = Samples::<SecretKing>::collect(&Default::default(), 2, 12, 80);
    let report = fuzz_game(&samples, 10_000, 3, SecretKing::arbitrary_action);
    assert_eq!(report.per_kind, [10_000; 3]);
    assert!(report.accepted > 300, "{report:?}");
    println!("{report:?}");
}

/// 25 runs of 10 000 mutated states, views and records (a minute or so):
/// `cargo test -p veil-secret-king -- --ignored fuzz_deep`.
#[test]
#[ignore]
fn fuzz_deep() {
    use veil_core::fuzz::{Samples, fuzz_game};
    for seed in 0..25 {
        let samples = Samples::<veil_secret_king::SecretKing>::collect(
            &Default::default(),
            2,
            10 + seed,
            120,
        );
        fuzz_game(
            &samples,
            10_000,
            100 + seed,
            veil_secret_king::SecretKing::arbitrary_action,
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
    use veil_core::{GameRng, SeedableRng};
    let mut rng = GameRng::seed_from_u64(33);
    for counters in ["999999 999999", "0 999999", "999999 1"] {
        for turn in ["w", "b"] {
            let fen = SECRET_KING_START
                .replace(" 0 1", &format!(" {counters}"))
                .replace(" w ", &format!(" {turn} "));
            assert_ne!(fen, SECRET_KING_START);
            let game =
                SecretKing::from_fen(&fen, [None, None]).unwrap_or_else(|e| panic!("{fen}: {e}"));
            for _ in 0..30 {
                fuzz::exercise(&game, &mut rng, 40, SecretKing::arbitrary_action);
            }
        }
    }
}

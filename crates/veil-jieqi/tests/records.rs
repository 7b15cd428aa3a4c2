//! FEN and ICCS records: the rulings' sample, plain xiangqi FENs, clear
//! errors, and random input that must never panic.
use veil_core::{Actor, Game, GameRng, RngExt, SeedableRng, Turn};
use veil_jieqi::{
    Action, Color, Jieqi, JieqiOptions, Kind, Move, Position, Rules, parse_record_move, record_move,
};

const SAMPLE: &str =
    "xxxxkxxxx/9/1x5x1/x1x1x1x1x/9/9/X1X1X1X1X/1X5X1/9/XXXXKXXXX w R2A2C2P5N2B2r2a2c2p5n2b2 0 1";

#[test]
fn the_rulings_sample_reads_and_writes_back() {
    let pos = Position::from_fen(SAMPLE).unwrap();
    assert_eq!(pos.rules(), Rules::Jieqi);
    assert_eq!(pos.to_fen(), SAMPLE);
    assert_eq!(pos, Position::jieqi_start());
    assert_eq!(pos.face_down_count(Color::Red), 15);
    assert_eq!(pos.pool_count(Color::Black, Kind::Soldier), 5);
    assert_eq!(Jieqi::from_fen(SAMPLE).unwrap().to_fen(), SAMPLE);
    let diagram = pos.diagram();
    assert!(diagram.starts_with("9  x x x x k x x x x\n"), "{diagram}");
    assert!(
        diagram.ends_with("0  X X X X K X X X X\n   a b c d e f g h i\n"),
        "{diagram}"
    );
    // The pool may be left out at the start: it is what is not face up.
    let short = "xxxxkxxxx/9/1x5x1/x1x1x1x1x/9/9/X1X1X1X1X/1X5X1/9/XXXXKXXXX w";
    assert_eq!(Position::from_fen(short).unwrap().to_fen(), SAMPLE);
}

#[test]
fn plain_xiangqi_fens_read() {
    let canonical = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w 0 1";
    for fen in [
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR r",
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w",
        "rheakaehr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RHEAKAEHR w 0 1",
    ] {
        let pos = Position::from_fen(fen).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(pos.rules(), Rules::Xiangqi);
        assert_eq!(pos.to_fen(), canonical);
    }
    let black =
        Position::from_fen("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1")
            .unwrap();
    assert_eq!(black.turn(), Color::Black);
    assert_eq!(black.halfmoves(), 1);
}

#[test]
fn bad_fens_are_refused_with_the_input() {
    let cases = [
        ("", "empty"),
        (
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/RNBAKABNR w",
            "ranks",
        ),
        (
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABN w",
            "points",
        ),
        (
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNRR w",
            "longer",
        ),
        (
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR x",
            "side to move",
        ),
        (
            "rnbazabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w",
            "piece letter",
        ),
        (
            "rnba1abnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w",
            "generals",
        ),
        (
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RNBAKABNR w",
            "generals",
        ),
        (
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/R8/RNBAKABNR w",
            "more than",
        ),
        ("3k5/9/9/9/9/9/9/9/9/K8 w", "outside its palace"),
        ("4k4/9/9/9/9/9/9/9/9/4K4 w", "in check"),
        (
            "xxxxkxxxx/9/1x5x1/x1x1x1x1x/9/9/X1X1X1X1X/1X5X1/9/XXXXKXXXX w R2A2C2P5N2B2r2a2c2p5n2b1 0 1",
            "pool",
        ),
        (
            "xxxxkxxxx/9/1x5x1/x1x1x1x1x/9/9/X1X1X1X1X/1X5X1/9/XXXXKXXXX w R3A2C2P5N2B1r2a2c2p5n2b2 0 1",
            "only 2",
        ),
        (
            "xxxxkxxxx/9/1x5x1/x1x1x1x1x/9/X8/2X1X1X1X/1X5X1/9/XXXXKXXXX w",
            "starting point",
        ),
        (
            "xxxxkxxxx/9/1x5x1/x1x1x1x1x/9/9/X1X1X1X1X/1X5X1/9/XXXXKXXXX w R2A2C2P5N2B2r2a2c2p5n2b2K1 0 1",
            "general",
        ),
        (
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w 0 1 5",
            "counters",
        ),
        (
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w 99999999999 1",
            "too large",
        ),
        (
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w 0 1 R2",
            "unexpected",
        ),
        (
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/A8/RNB1KABNR w",
            "cannot stand",
        ),
        (
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABN1 w - 0 1 xx",
            "unexpected",
        ),
    ];
    for (fen, words) in cases {
        let err = Position::from_fen(fen).expect_err(fen);
        assert_eq!(err.input, fen);
        assert_eq!(err.what, "FEN");
        assert!(
            err.reason.contains(words),
            "{fen:?}: {:?} lacks {words:?}",
            err.reason
        );
        // Jieqi lets face-up advisors roam; everything else is wrong there too.
        assert!(
            Jieqi::from_fen(fen).is_err() || words == "cannot stand",
            "{fen}"
        );
    }
}

#[test]
fn iccs_moves_read_and_write() {
    let m: Move = "h2e2".parse().unwrap();
    assert_eq!(m.to_string(), "h2e2");
    assert_eq!("H2-E2".parse::<Move>().unwrap(), m);
    assert_eq!(
        parse_record_move("b0c2n").unwrap(),
        ("b0c2".parse().unwrap(), Some(Kind::Horse))
    );
    assert_eq!(parse_record_move("h2e2").unwrap(), (m, None));
    assert_eq!(
        record_move("b0c2".parse().unwrap(), Some(Kind::Horse)),
        "b0c2n"
    );
    assert_eq!(record_move(m, None), "h2e2");
    for bad in [
        "", "h2", "h2e", "j2e2", "h2e:", "h2e2k", "h2e2z", "h2e2nn", "é2e2", "h2e10", "a0a0a0",
    ] {
        let err = parse_record_move(bad).expect_err(bad);
        assert_eq!(err.input, bad);
        assert!(!err.reason.is_empty());
    }
    for bad in ["", "h2", "h2e2n", "k", "x", "h2 e2", "ab"] {
        assert!(bad.parse::<Action>().is_err() || bad == "k", "{bad}");
    }
    assert!(
        "k".parse::<Action>().is_err(),
        "generals are never revealed"
    );
    for a in [
        Action::Move(m),
        Action::Reveal(Kind::Cannon),
        Action::Reveal(Kind::Horse),
    ] {
        assert_eq!(a.to_string().parse::<Action>().unwrap(), a);
    }
    assert_eq!(
        "chariot".parse::<Action>().unwrap(),
        Action::Reveal(Kind::Chariot)
    );
}

#[test]
fn fens_of_played_positions_read_back() {
    let mut rng = GameRng::seed_from_u64(11);
    let mut legal = Vec::new();
    for _ in 0..40 {
        let mut game = Jieqi::new(&JieqiOptions::default(), 2).unwrap();
        for _ in 0..200 {
            match game.turn() {
                Turn::Over => break,
                Turn::Chance => {
                    let a = game.sample_chance(&mut rng);
                    game.apply(Actor::Chance, a).unwrap();
                }
                Turn::Seat(s) => {
                    let fen = game.to_fen();
                    let pos = Position::from_fen_with_rules(&fen, Rules::Jieqi)
                        .unwrap_or_else(|e| panic!("{e}"));
                    assert_eq!(&pos, game.position(), "{fen}");
                    assert_eq!(pos.to_fen(), fen);
                    game.legal_actions(Actor::Seat(s), &mut legal);
                    let a = legal[rng.random_range(0..legal.len())];
                    game.apply(Actor::Seat(s), a).unwrap();
                }
                Turn::Simultaneous(_) => unreachable!(),
            }
        }
    }
}

/// Random strings and random edits of good FENs, moves, actions and
/// records (20 000 inputs): errors, never panics; and whatever reads writes
/// back to a FEN that reads to the same position.
#[test]
fn fuzz_fen_moves_actions() {
    let mut rng = GameRng::seed_from_u64(5);
    let alphabet: Vec<char> = "kabnrcpxKABNRCPXhe0123456789/ -wbr\u{e9}".chars().collect();
    let seeds = [
        SAMPLE,
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
        "3k5/R8/9/9/9/9/9/9/9/4K4 b - 0 1",
    ];
    let mut accepted = 0;
    for i in 0..20_000 {
        let text: String = if i % 2 == 0 {
            let len = rng.random_range(0..80);
            (0..len)
                .map(|_| alphabet[rng.random_range(0..alphabet.len())])
                .collect()
        } else {
            let mut chars: Vec<char> = seeds[rng.random_range(0..seeds.len())].chars().collect();
            for _ in 0..rng.random_range(1..4) {
                let at = rng.random_range(0..chars.len().max(1));
                match rng.random_range(0..3) {
                    0 if !chars.is_empty() => {
                        chars.remove(at.min(chars.len() - 1));
                    }
                    1 => chars.insert(
                        at.min(chars.len()),
                        alphabet[rng.random_range(0..alphabet.len())],
                    ),
                    _ if !chars.is_empty() => {
                        let last = chars.len() - 1;
                        chars[at.min(last)] = alphabet[rng.random_range(0..alphabet.len())];
                    }
                    _ => {}
                }
            }
            chars.into_iter().collect()
        };
        if let Ok(pos) = Position::from_fen(&text) {
            accepted += 1;
            let again = Position::from_fen_with_rules(&pos.to_fen(), pos.rules()).unwrap();
            assert_eq!(again, pos, "{text}");
            let _ = pos.legal_moves();
        }
        if let Ok(game) = Jieqi::from_fen(&text) {
            // Played on, written and read back (state and views).
            veil_core::fuzz::exercise(&game, &mut rng, 6, Jieqi::arbitrary_action);
        }
        let _ = text.parse::<Move>();
        let _ = text.parse::<Action>();
        let _ = parse_record_move(&text);
        let _ = serde_json::from_str::<Jieqi>(&text);
        let short: String = text.chars().take(5).collect();
        let _ = parse_record_move(&short);
        let _ = short.parse::<Move>();
    }
    assert!(
        accepted > 100,
        "mutations of good FENs are sometimes still good: {accepted}"
    );
    // Corrupt saves are errors too.
    let good = serde_json::to_string(&Jieqi::new(&JieqiOptions::default(), 2).unwrap()).unwrap();
    for cut in 0..good.len() {
        let _ = serde_json::from_str::<Jieqi>(&good[..cut]);
    }
    assert!(serde_json::from_str::<Jieqi>(&good.replace("XXXXKXXXX", "XXXXXXXXX")).is_err());
}

#[test]
fn record_moves_play_with_their_reveals() {
    let mut rng = GameRng::seed_from_u64(2);
    let mut game = Jieqi::new(&JieqiOptions::default(), 2).unwrap();
    game.apply_record("b0c2n", &mut rng).unwrap();
    assert_eq!(game.last_reveal(), Some(Kind::Horse));
    assert_eq!(game.turn(), Turn::Seat(veil_core::Seat(1)));
    let before = serde_json::to_string(&game).unwrap();
    for bad in ["e9e8n", "b9c7k", "h7h1", "b7b0", "zz", "e0e1"] {
        assert!(game.apply_record(bad, &mut rng).is_err(), "{bad}");
        assert_eq!(serde_json::to_string(&game).unwrap(), before);
    }
    game.apply_record("h7h0", &mut rng).unwrap();
    assert!(game.last_reveal().is_some());
    assert_eq!(game.captured().len(), 1);
    assert!(
        game.captured()[0].kind.is_some(),
        "the captured piece was drawn too"
    );
    assert_eq!(game.turn(), Turn::Seat(veil_core::Seat(0)));
}

#[test]
fn odd_views_never_panic() {
    use veil_jieqi::JieqiView;
    let game = Jieqi::new(&JieqiOptions::default(), 2).unwrap();
    let mut view: JieqiView = game.observe(veil_core::Seat(0));
    let mut rng = GameRng::seed_from_u64(4);
    for cut in [0, 1, 45, 89] {
        view.board.truncate(cut);
        let _ = view.legal_moves();
        let _ = view.is_check();
        let det = Jieqi::determinize(&view, &mut rng);
        let _ = det.evaluate(veil_core::Seat(0));
    }
    view.board = vec![None; 90];
    assert!(view.legal_moves().is_empty());
}

/// Issue 15, finding 6: huge counts in the pool and huge move counters are
/// refused (they overflowed: a panic in debug, a wrap in release).
#[test]
fn huge_pool_counts_and_move_counters_are_refused() {
    let board = "xxxxkxxxx/9/1x5x1/x1x1x1x1x/9/9/X1X1X1X1X/1X5X1/9/XXXXKXXXX";
    for fen in [
        format!("{board} w R1R4294967295 0 1"),
        format!("{board} w R4294967296 0 1"),
        format!("{board} w R0000000001 0 1"),
        format!("{board} w R2A2C2P5N2B2r2a2c2p5n2b2 4294967295 1"),
        format!("{board} w R2A2C2P5N2B2r2a2c2p5n2b2 0 4294967295"),
        format!("{board} w R2A2C2P5N2B2r2a2c2p5n2b2 0 1000000"),
    ] {
        let error = Position::from_fen(&fen).unwrap_err();
        assert!(
            error.reason.contains("large") || error.reason.contains("only"),
            "{fen}: {error}"
        );
        assert!(Jieqi::from_fen(&fen).is_err());
    }
    // The largest counters accepted still play on.
    let fen = "4k4/9/9/9/9/9/9/9/4R4/3K5 b - 99 999999";
    let mut game = Jieqi::from_fen(fen).unwrap();
    let mut rng = GameRng::seed_from_u64(1);
    while game.turn() != Turn::Over && game.position().fullmoves() < 1_000_001 {
        let actor = match game.turn() {
            Turn::Seat(s) => Actor::Seat(s),
            _ => Actor::Chance,
        };
        let mut legal = Vec::new();
        game.legal_actions(actor, &mut legal);
        let action = legal[rng.random_range(0..legal.len())];
        game.apply(actor, action).unwrap();
    }
    assert!(game.position().fullmoves() >= 999_999);
}

/// Random bytes (12 000) for every text parser.
#[test]
fn fuzz_random_bytes() {
    let mut rng = GameRng::seed_from_u64(6);
    let game = Jieqi::new(&JieqiOptions::default(), 2).unwrap();
    for _ in 0..12_000 {
        let text = veil_core::fuzz::random_bytes(&mut rng, 90);
        let _ = Position::from_fen(&text);
        if let Ok(game) = Jieqi::from_fen(&text) {
            // Played on, written and read back (state and views).
            veil_core::fuzz::exercise(&game, &mut rng, 6, Jieqi::arbitrary_action);
        }
        let _ = text.parse::<Move>();
        let _ = text.parse::<Action>();
        let _ = parse_record_move(&text);
        let _ = game.clone().apply_record(&text, &mut rng);
    }
}

/// Mutated states, views and records of random games (10 000 each run):
/// errors, or values that play on.
#[test]
fn fuzz_states_views_records() {
    use veil_core::fuzz::{Samples, fuzz_game};
    for (i, options) in [
        JieqiOptions::default(),
        JieqiOptions {
            captured_reveal: veil_jieqi::CapturedReveal::Both,
        },
    ]
    .into_iter()
    .enumerate()
    {
        let samples = Samples::<Jieqi>::collect(&options, 2, 12, 120);
        let report = fuzz_game(&samples, 10_000, i as u64, Jieqi::arbitrary_action);
        assert_eq!(report.per_kind, [10_000; 3]);
        assert!(report.accepted > 300, "{report:?}");
        println!("{options:?}: {report:?}");
    }
}

/// 25 runs of 10 000 mutated states, views and records (a minute or so):
/// `cargo test -p veil-jieqi -- --ignored fuzz_deep`.
#[test]
#[ignore]
fn fuzz_deep() {
    use veil_core::fuzz::{Samples, fuzz_game};
    for seed in 0..25 {
        let samples = Samples::<veil_jieqi::Jieqi>::collect(&Default::default(), 2, 10 + seed, 150);
        fuzz_game(
            &samples,
            10_000,
            100 + seed,
            veil_jieqi::Jieqi::arbitrary_action,
        );
    }
}

/// A whole game written as FEN + ICCS: the start's FEN, one ICCS token a
/// seat move (a revealed piece's letter appended exactly when the move
/// revealed one), a `{took x}` comment for each face-down piece captured,
/// the result. Replayed move by move with those letters and comments, the
/// text gives the same game.
#[test]
fn a_played_game_is_written_in_fen_and_iccs() {
    for seed in 0..6u64 {
        let start = Jieqi::new(&JieqiOptions::default(), 2).unwrap();
        let mut game = start.clone();
        let mut rng = GameRng::seed_from_u64(seed);
        let mut actions = Vec::new();
        let mut legal = Vec::new();
        while game.turn() != Turn::Over && actions.len() < 400 {
            let (actor, action) = match game.turn() {
                Turn::Chance => (Actor::Chance, game.sample_chance(&mut rng)),
                Turn::Seat(s) => {
                    game.legal_actions(Actor::Seat(s), &mut legal);
                    (Actor::Seat(s), legal[rng.random_range(0..legal.len())])
                }
                _ => unreachable!(),
            };
            game.apply(actor, action).unwrap();
            actions.push((actor, action));
        }
        let text = start.write_record(&actions).unwrap();
        assert!(
            text.starts_with(&format!("[Variant \"Jieqi\"]\n[FEN \"{SAMPLE}\"]\n")),
            "{text}"
        );
        let result = match game.outcome() {
            None => "*",
            Some(o) if o.is_draw() => "1/2-1/2",
            Some(o) if o.winners().next() == Some(veil_core::Seat(0)) => "1-0",
            Some(_) => "0-1",
        };
        assert!(text.contains(&format!("[Result \"{result}\"]")));
        assert!(text.trim_end().ends_with(result));
        // Replay: each token a move (with its letter), each comment the
        // identity of the face-down piece the last move took.
        let body = text.split("\n\n").nth(1).unwrap();
        let mut replay = start.clone();
        let mut tokens = body.split_whitespace().peekable();
        let mut seat_moves = 0;
        while let Some(token) = tokens.next() {
            if token.ends_with('.') || token == result {
                continue;
            }
            let (m, revealed) = parse_record_move(token).unwrap();
            let took = if tokens.peek() == Some(&"{took") {
                tokens.next();
                let kind = tokens.next().unwrap().trim_end_matches('}');
                Some(kind.parse::<Kind>().unwrap())
            } else {
                None
            };
            let Turn::Seat(s) = replay.turn() else {
                panic!("a seat's turn")
            };
            replay.apply(Actor::Seat(s), Action::Move(m)).unwrap();
            seat_moves += 1;
            let mut named = [revealed, took].into_iter().flatten();
            while replay.turn() == Turn::Chance {
                let kind = named.next().expect("the text names every drawn piece");
                replay.apply(Actor::Chance, Action::Reveal(kind)).unwrap();
            }
            assert_eq!(named.next(), None, "{token}: named a piece nothing drew");
        }
        let seat_actions = actions.iter().filter(|(a, _)| *a != Actor::Chance).count();
        assert_eq!(seat_moves, seat_actions, "seed {seed}");
        assert_eq!(replay.to_fen(), game.to_fen(), "seed {seed}");
        assert_eq!(replay.outcome(), game.outcome());
    }
    // An action that does not apply: an error naming it, nothing written.
    let start = Jieqi::new(&JieqiOptions::default(), 2).unwrap();
    let wrong = (
        Actor::Seat(veil_core::Seat(1)),
        Action::Move("b0c2".parse::<Move>().unwrap()),
    );
    let error = start.write_record(&[wrong]).unwrap_err();
    assert!(format!("{error}").contains("b0c2"), "{error}");
}

/// Issue 33, defect 6: a Jieqi FEN with fullmove 999999 (six digits, the
/// most read) played on to 1000000, and the state's own FEN (its save) no
/// longer read. The counters stop at `MAX_COUNTER`.
#[test]
fn counters_at_their_limit_play_on_and_read_back() {
    let mut rng = GameRng::seed_from_u64(33);
    for counters in ["0 999999", "999999 999999", "119 999998"] {
        let fen = SAMPLE.replace("0 1", counters);
        for turn in ["w", "b"] {
            let fen = fen.replace(" w ", &format!(" {turn} "));
            let game = Jieqi::from_fen(&fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
            for _ in 0..20 {
                let mut g = game.clone();
                for _ in 0..12 {
                    let actor = match g.turn() {
                        Turn::Seat(s) => Actor::Seat(s),
                        Turn::Chance => Actor::Chance,
                        _ => break,
                    };
                    let mut legal = Vec::new();
                    g.legal_actions(actor, &mut legal);
                    g.apply(actor, legal[rng.random_range(0..legal.len())])
                        .unwrap();
                    assert!(g.position().fullmoves() <= veil_jieqi::MAX_COUNTER);
                    veil_core::fuzz::reads_back(&g);
                    if matches!(g.turn(), Turn::Seat(_)) {
                        let again = Jieqi::from_fen(&g.to_fen());
                        assert!(again.is_ok(), "{fen} played on to {}", g.to_fen());
                    }
                }
            }
        }
    }
    let e = Jieqi::from_fen(&SAMPLE.replace("0 1", "0 1000000")).unwrap_err();
    assert!(e.to_string().contains("1000000"), "{e}");
}

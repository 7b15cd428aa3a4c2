//! Malformed input from outside (records, saves, views, piece lists) is
//! refused with an error, never a panic (issue 15, findings 9 and 10), and
//! fuzz tests for every parser and `Deserialize`.
use serde_json::{Value, json};
use veil_core::{Actor, Game, GameRng, Record, ReplayError, Seat, SeedableRng};
use veil_hide_and_guess::{Action, HideAndGuess, HideAndGuessView, Pieces};

/// A record of a few random actions, up to an open vote.
fn record_to_a_vote() -> Record<HideAndGuess> {
    let mut g = HideAndGuess::new(&(), 2).unwrap();
    let mut record = Record::<HideAndGuess>::new((), 2);
    let mut play = |g: &mut HideAndGuess, actor, action| {
        g.apply(actor, action).unwrap();
        record.actions.push((actor, action));
    };
    let secret: Pieces = "KQRBN".parse().unwrap();
    play(&mut g, Actor::Seat(Seat(0)), Action::ChooseSecret(secret));
    play(&mut g, Actor::Seat(Seat(1)), Action::ChooseSecret(secret));
    play(&mut g, Actor::Chance, Action::FirstPlayer(Seat(0)));
    let build = Action::Build("KPP".parse().unwrap());
    play(&mut g, Actor::Seat(Seat(0)), build);
    record
}

#[test]
fn a_record_naming_a_seat_beyond_two_is_refused() {
    let record = record_to_a_vote();
    assert!(record.replay().is_ok());
    for (seat, action) in [(8, json!({"Vote": true})), (9, json!({"Vote": false}))] {
        let mut v: Value = serde_json::from_str(&record.to_json()).unwrap();
        v["actions"]
            .as_array_mut()
            .unwrap()
            .push(json!([{ "Seat": seat }, action]));
        // Before the fix: a shift overflow or an index out of bounds.
        let read = Record::<HideAndGuess>::from_json(&v.to_string()).unwrap();
        let error = read.replay().unwrap_err();
        assert!(
            matches!(error, ReplayError::NoSuchSeat { index: 4, .. }),
            "{error}"
        );
    }
    // The game itself refuses such seats too, without a panic.
    let mut g = record.replay().unwrap();
    for seat in [2, 8, 9, 200] {
        assert!(
            g.apply(Actor::Seat(Seat(seat)), Action::Vote(true))
                .is_err()
        );
    }
}

#[test]
fn huge_piece_counts_are_refused() {
    for text in [
        "K 18446744073709551615 pawns",
        "18446744073709551616 pawns",
        "4294967296 knights",
        "256 pawns",
        "33 pawns",
    ] {
        let read = text.parse::<Pieces>();
        assert!(read.is_err(), "{text}: {read:?}");
    }
    assert_eq!("two pawns".parse::<Pieces>().unwrap().len(), 2);
}

/// Issue 33: a list of pieces past 512 bytes is refused before it is read,
/// handing back only its start; at the bound it reads.
#[test]
fn pieces_past_their_bound_are_refused() {
    use veil_core::limits::{MAX_POSITION_BYTES, too_long};
    // Every white piece named one by one, padded to the bound.
    let all = [
        "king", "queen", "rook", "rook", "bishop", "bishop", "knight", "knight",
    ]
    .into_iter()
    .chain(["pawn"; 8])
    .collect::<Vec<_>>()
    .join(", ");
    let at = format!("{all:<width$}", width = MAX_POSITION_BYTES);
    assert_eq!(at.parse::<Pieces>().unwrap(), Pieces::WHITE_SET);
    let past = format!("{at},");
    let e = past.parse::<Pieces>().unwrap_err();
    assert_eq!(e.reason, "too long: 513 bytes (at most 512)");
    assert!(e.input.chars().count() <= 33);
    // Ten thousand fillers or digits: refused unread.
    for text in [
        "and ".repeat(2_500),
        format!("{} pawns", "9".repeat(10_000)),
    ] {
        let e = text.parse::<Pieces>().unwrap_err();
        assert_eq!(e.reason, too_long(text.len(), MAX_POSITION_BYTES));
    }
}

#[test]
fn a_state_whose_seat_to_move_is_out_of_range_is_refused() {
    let mut g = record_to_a_vote().replay().unwrap();
    g.apply(Actor::Seat(Seat(0)), Action::Vote(true)).unwrap();
    g.apply(Actor::Seat(Seat(1)), Action::Vote(false)).unwrap();
    let mut v = serde_json::to_value(&g).unwrap();
    v["table"]["to_move"] = json!(5);
    let read = serde_json::from_value::<HideAndGuess>(v);
    if let Ok(g) = &read {
        // Before the fix: seat 5 to move, and its wrong guess indexed its
        // black stones out of bounds.
        let mut g = g.clone();
        let mut out = Vec::new();
        g.legal_actions(Actor::Seat(Seat(5)), &mut out);
        let _ = g.apply(
            Actor::Seat(Seat(5)),
            Action::Guess("KQRRB".parse().unwrap()),
        );
    }
    assert!(read.is_err());
    let mut v = serde_json::to_value(g.observe(Seat(0))).unwrap();
    v["table"]["to_move"] = json!(5);
    assert!(serde_json::from_value::<HideAndGuessView>(v).is_err());
    let mut v = serde_json::to_value(g.observe(Seat(0))).unwrap();
    v["seat"] = json!(7);
    assert!(serde_json::from_value::<HideAndGuessView>(v).is_err());
    // Untouched, they read back.
    let back: HideAndGuess = serde_json::from_value(serde_json::to_value(&g).unwrap()).unwrap();
    assert_eq!(back, g);
    let view = g.observe(Seat(1));
    let back: HideAndGuessView =
        serde_json::from_value(serde_json::to_value(&view).unwrap()).unwrap();
    assert_eq!(back, view);
    let _ = GameRng::seed_from_u64(0);
}

/// Every text parser (pieces in letters or words, actions in saves):
/// random bytes, random words and letters, mutations of good input.
#[test]
fn fuzz_pieces() {
    use veil_core::RngExt;
    use veil_core::fuzz;
    let count = fuzz::watchdog(|| {
        let mut rng = GameRng::seed_from_u64(15);
        let alphabet: Vec<char> = "KQRBNPkqrbnp ,0123456789".chars().collect();
        let words = [
            "two pawns, two knights and the king",
            "pawn pawn king",
            "KPP",
            "KQRBN",
            "three rooks",
            "a queen and 4 pawns",
        ];
        let word_list = [
            "pawn",
            "pawns",
            "king",
            "two",
            "and",
            "the",
            "knight",
            "bishops",
            "18446744073709551615",
            "nothing",
        ];
        let mut inputs = 0;
        for i in 0..15_000 {
            let text = match i % 5 {
                // At and around the bound (issue 33).
                4 => fuzz::around_bound(
                    &mut rng,
                    words[i % words.len()],
                    veil_core::limits::MAX_POSITION_BYTES,
                    &alphabet,
                ),
                0 => fuzz::random_bytes(&mut rng, 40),
                1 => fuzz::random_string(&mut rng, &alphabet, 30),
                2 => (0..rng.random_range(0..6))
                    .map(|_| word_list[rng.random_range(0..word_list.len())])
                    .collect::<Vec<_>>()
                    .join(" "),
                _ => fuzz::mutate(&mut rng, words[i % words.len()], &alphabet),
            };
            inputs += 1;
            match text.parse::<Pieces>() {
                Ok(p) => {
                    assert!(p.len() <= 32, "{text}: {p:?}");
                    let back: Pieces = p.to_string().parse().unwrap();
                    assert_eq!(back, p);
                }
                Err(e) if text.len() > veil_core::limits::MAX_POSITION_BYTES => {
                    assert!(e.reason.starts_with("too long"), "{e}")
                }
                Err(_) => {}
            }
            let _ = serde_json::from_str::<Action>(&format!("{{\"Guess\":{text:?}}}"));
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
    let samples = Samples::<HideAndGuess>::collect(&(), 2, 12, 40);
    let report = fuzz_game(&samples, 10_000, 5, HideAndGuess::arbitrary_action);
    assert_eq!(report.per_kind, [10_000; 3]);
    assert!(report.accepted > 300, "{report:?}");
    println!("{report:?}");
}

/// 25 runs of 10 000 mutated states, views and records (a minute or so):
/// `cargo test -p veil-hide-and-guess -- --ignored fuzz_deep`.
#[test]
#[ignore]
fn fuzz_deep() {
    use veil_core::fuzz::{Samples, fuzz_game};
    for seed in 0..25 {
        let samples = Samples::<veil_hide_and_guess::HideAndGuess>::collect(&(), 2, 10 + seed, 40);
        fuzz_game(
            &samples,
            10_000,
            100 + seed,
            veil_hide_and_guess::HideAndGuess::arbitrary_action,
        );
    }
}

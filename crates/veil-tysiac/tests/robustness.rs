//! Fuzz tests: every parser (cards, hands) and every `Deserialize` (states,
//! views, records) meets random bytes, random notation and mutations of
//! good input; an error or a usable value, never a panic or a hang.
use veil_core::fuzz::{self, Samples, fuzz_game};
use veil_core::limits::{MAX_MOVE_BYTES, MAX_POSITION_BYTES, too_long};
use veil_core::{GameRng, RngExt, SeedableRng};
use veil_tysiac::{Card, Hand, Options, Tysiac};

const NOTATION: &str = "9JQKA10HDCS♥♦♣♠ ,jqkahdcs";

#[test]
fn fuzz_cards_and_hands() {
    let count = fuzz::watchdog(|| {
        let mut rng = GameRng::seed_from_u64(15);
        let alphabet: Vec<char> = NOTATION.chars().collect();
        let good = [
            "AH",
            "10S",
            "9♣",
            "9H 9D 9C 9S JH JD JC",
            "A♥ K♥ 9S",
            "KH QH AH 10H AD 10D KD",
        ];
        let mut inputs = 0;
        let mut accepted = 0;
        for i in 0..15_000 {
            let text = match i % 5 {
                0 => fuzz::random_bytes(&mut rng, 40),
                1 => fuzz::random_string(&mut rng, &alphabet, 40),
                2 => fuzz::mutate(&mut rng, good[i % good.len()], &alphabet),
                // At and around the bounds (issue 33).
                3 => fuzz::around_bound(&mut rng, good[i % 3], MAX_MOVE_BYTES, &alphabet),
                _ => fuzz::around_bound(
                    &mut rng,
                    good[i % good.len()],
                    MAX_POSITION_BYTES,
                    &alphabet,
                ),
            };
            inputs += 1;
            match text.parse::<Card>() {
                Ok(card) => {
                    accepted += 1;
                    assert_eq!(card.to_string().parse::<Card>().ok(), Some(card));
                }
                Err(e) if text.len() > MAX_MOVE_BYTES => {
                    assert_eq!(e.reason, too_long(text.len(), MAX_MOVE_BYTES))
                }
                Err(_) => {}
            }
            match text.parse::<Hand>() {
                Ok(hand) => {
                    accepted += 1;
                    assert_eq!(hand.0 & !Hand::DECK.0, 0);
                    assert_eq!(hand.to_string().parse::<Hand>().ok(), Some(hand), "{text}");
                }
                Err(e) if text.len() > MAX_POSITION_BYTES => {
                    assert_eq!(e.reason, too_long(text.len(), MAX_POSITION_BYTES))
                }
                Err(_) => {}
            }
        }
        let _ = rng.random::<u8>();
        (inputs, accepted)
    });
    assert!(count.0 >= 10_000);
    assert!(count.1 > 500, "{count:?}");
}

/// Issue 33: a card past 32 bytes and a hand past 512 are refused before
/// they are read, handing back only their start; at the bound they read.
#[test]
fn cards_and_hands_past_their_bounds_are_refused() {
    let at = format!("{:^width$}", "10H", width = MAX_MOVE_BYTES);
    let ten: Card = "10H".parse().unwrap();
    assert_eq!(at.parse::<Card>().unwrap(), ten);
    let past = format!("{at} ");
    let e = past.parse::<Card>().unwrap_err();
    assert_eq!(e.reason, "too long: 33 bytes (at most 32)");
    assert!(e.input.ends_with('…'));
    // The whole deck, and the deck padded to the bound, read.
    let deck = Hand::DECK.to_string();
    assert!(deck.len() <= 130, "{deck}");
    // Padded in bytes: a suit's symbol is three.
    let at = format!("{deck}{}", " ".repeat(MAX_POSITION_BYTES - deck.len()));
    assert_eq!(at.len(), MAX_POSITION_BYTES);
    assert_eq!(at.parse::<Hand>().unwrap(), Hand::DECK);
    let past = format!("{at},");
    let e = past.parse::<Hand>().unwrap_err();
    assert_eq!(e.reason, "too long: 513 bytes (at most 512)");
    // Ten thousand separators: refused unread.
    let e = format!("AH{}", ", ".repeat(5_000))
        .parse::<Hand>()
        .unwrap_err();
    assert_eq!(e.reason, too_long(10_002, MAX_POSITION_BYTES));
    assert!(e.input.chars().count() <= 33);
}

/// Mutated states, views and records of random matches: errors, or values
/// that play on.
#[test]
fn fuzz_states_views_records() {
    let options = Options {
        hand_limit: 3,
        ..Options::default()
    };
    let samples = Samples::<Tysiac>::collect(&options, 3, 10, 90);
    let report = fuzz_game(&samples, 10_000, 4, Tysiac::arbitrary_action);
    assert_eq!(report.per_kind, [10_000; 3]);
    assert!(report.accepted > 300, "{report:?}");
    println!("{report:?}");
}

/// 25 runs of 10 000 mutated states, views and records (a minute or so):
/// `cargo test -p veil-tysiac -- --ignored fuzz_deep`.
#[test]
#[ignore]
fn fuzz_deep() {
    use veil_core::fuzz::{Samples, fuzz_game};
    let options = veil_tysiac::Options {
        hand_limit: 3,
        ..Default::default()
    };
    for seed in 0..25 {
        let samples = Samples::<veil_tysiac::Tysiac>::collect(&options, 3, 10 + seed, 90);
        fuzz_game(
            &samples,
            10_000,
            100 + seed,
            veil_tysiac::Tysiac::arbitrary_action,
        );
    }
}

/// Issue 33, defect 6: parts with `points` 1000 or `p_marks` 200 (the most
/// the reader took) played on to 1001 or 201, and the state no longer
/// read; `hand_limit` had no bound, so the `u8` counters could overflow.
/// Now a state is read only when whatever is left of the match keeps it
/// within its bounds: each such value is refused with its line, or plays on
/// to the end of the match with every state and view reading back.
#[test]
fn values_at_their_limits_are_refused_or_play_on_and_read_back() {
    use serde_json::{Value, json};
    use veil_core::{Game, play_out};
    let mut rng = GameRng::seed_from_u64(33);
    let mut states = Vec::new();
    for seed in 0..8u64 {
        let mut game = Tysiac::new(&veil_tysiac::Options::default(), 3).unwrap();
        let mut play = GameRng::seed_from_u64(seed);
        play_out(
            &mut game,
            &mut play,
            40 + seed as usize * 23,
            |g, s, l, r| g.playout_action(s, l, r),
        );
        states.push(game);
    }
    let edits: [(&str, Value); 12] = [
        ("/table/points/0", json!(1000)),
        ("/table/points/1", json!(400)),
        ("/table/points/2", json!(65535)),
        ("/table/standings/0/p_marks", json!(200)),
        ("/table/standings/1/lines", json!(200)),
        ("/table/standings/2/lines", json!(255)),
        ("/table/standings/0/p_marks", json!(55)),
        ("/table/standings/0/score", json!(-1_000_000)),
        ("/table/standings/1/score", json!(999_999)),
        ("/table/options/hand_limit", json!(4_294_967_295u32)),
        ("/table/options/hand_limit", json!(201)),
        ("/table/options/hand_limit", json!(200)),
    ];
    let (mut refused, mut played) = (0, 0);
    for state in &states {
        for (path, value) in &edits {
            let mut v = serde_json::to_value(state).unwrap();
            *v.pointer_mut(path).unwrap() = value.clone();
            match serde_json::from_value::<Tysiac>(v) {
                Err(e) => {
                    assert!(!e.to_string().contains('\n'), "one line: {e}");
                    refused += 1;
                }
                Ok(game) => {
                    for _ in 0..4 {
                        fuzz::exercise(&game, &mut rng, 3000, Tysiac::arbitrary_action);
                    }
                    played += 1;
                }
            }
        }
    }
    assert!(refused >= 8 * 9, "{refused} refused, {played} played");
    assert!(played >= 8, "{refused} refused, {played} played");
}

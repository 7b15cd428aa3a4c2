//! Fuzz tests: every parser (cards, hands) and every `Deserialize` (states,
//! views, records) meets random bytes, random notation and mutations of
//! good input; an error or a usable value, never a panic or a hang.
use veil_core::fuzz::{self, Samples, fuzz_game};
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
        for i in 0..12_000 {
            let text = match i % 3 {
                0 => fuzz::random_bytes(&mut rng, 40),
                1 => fuzz::random_string(&mut rng, &alphabet, 40),
                _ => fuzz::mutate(&mut rng, good[i % good.len()], &alphabet),
            };
            inputs += 1;
            if let Ok(card) = text.parse::<Card>() {
                accepted += 1;
                assert_eq!(card.to_string().parse::<Card>().ok(), Some(card));
            }
            if let Ok(hand) = text.parse::<Hand>() {
                accepted += 1;
                assert_eq!(hand.0 & !Hand::DECK.0, 0);
                assert_eq!(hand.to_string().parse::<Hand>().ok(), Some(hand), "{text}");
            }
        }
        let _ = rng.random::<u8>();
        (inputs, accepted)
    });
    assert!(count.0 >= 10_000);
    assert!(count.1 > 500, "{count:?}");
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

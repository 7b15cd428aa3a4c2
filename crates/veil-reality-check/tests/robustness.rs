//! Bad input never panics: mutated states, views and records of random
//! matches (what a damaged save or record would hold) are refused with an
//! error, or are values the game plays on from.

use veil_core::fuzz::{Samples, fuzz_game};
use veil_reality_check::{Options, RealityCheck};

#[test]
fn fuzz_states_views_records() {
    let samples = Samples::<RealityCheck>::collect(&Options::default(), 2, 10, 90);
    let report = fuzz_game(&samples, 10_000, 4, RealityCheck::arbitrary_action);
    assert_eq!(report.per_kind, [10_000; 3]);
    assert!(report.accepted > 100, "{report:?}");
    println!("{report:?}");
}

#[test]
fn a_view_for_a_seat_that_does_not_exist_is_refused() {
    use veil_core::{Game, Seat};
    let game = RealityCheck::new(&Options::default(), 2).unwrap();
    let view = game.observe(Seat(1));
    let text = serde_json::to_string(&view).unwrap();
    assert!(serde_json::from_str::<<RealityCheck as Game>::Observation>(&text).is_ok());
    let bad = text.replacen("\"seat\":1", "\"seat\":200", 1);
    assert_ne!(bad, text);
    let err = serde_json::from_str::<<RealityCheck as Game>::Observation>(&bad).unwrap_err();
    assert!(err.to_string().contains("seat 200"), "{err}");
}

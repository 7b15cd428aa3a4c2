//! Bad input never panics: mutated states, views and records of random
//! matches (what a damaged save or record would hold) are refused with an
//! error, or are values the game plays on from.

use veil_core::fuzz::{Samples, fuzz_game};
use veil_go::{Rengo, RengoOptions};

#[test]
fn fuzz_states_views_records() {
    let samples = Samples::<Rengo>::collect(&RengoOptions::default(), 4, 10, 90);
    let report = fuzz_game(&samples, 10_000, 4, Rengo::arbitrary_action);
    assert_eq!(report.per_kind, [10_000; 3]);
    assert!(report.accepted > 100, "{report:?}");
    println!("{report:?}");
}

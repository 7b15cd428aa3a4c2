//! The laws of `veil_core::Game`, over many seeded random games.

use veil_core::conformance::{Config, check};
use veil_secret_king::{SecretKing, SecretKingOptions};

#[test]
fn conformance_over_random_games() {
    let start = std::time::Instant::now();
    let report = check::<SecretKing>(
        &SecretKingOptions::default(),
        &Config { games: 200, seed: 1, max_steps: 30_000, deep_every: 40, arbitrary_tries: 6, ..Default::default() },
        SecretKing::arbitrary_action,
    )
    .unwrap_or_else(|v| panic!("{v}"));
    eprintln!("{report:?} in {:?}", start.elapsed());
    assert_eq!(report.games, 200);
}

//! The laws of `veil_core::Game`, over many seeded random games.

use veil_core::conformance::{Config, check};
use veil_secret_king::{SecretKing, SecretKingOptions};

#[test]
fn conformance_over_2000_random_games() {
    let report = check::<SecretKing>(
        &SecretKingOptions::default(),
        &Config {
            games: 2000,
            seed: 1,
            max_steps: 30_000,
            deep_every: 30,
            arbitrary_tries: 6,
            ..Default::default()
        },
        SecretKing::arbitrary_action,
    )
    .unwrap_or_else(|v| panic!("{v}"));
    assert_eq!(report.games, 2000);
    // Both sides win games and the deep checks ran throughout.
    assert!(report.sole_wins.iter().all(|w| *w > 100), "{report:?}");
    assert!(
        report.deep_checks > 5000 && report.refused_illegal > 10_000,
        "{report:?}"
    );
}

#[test]
fn conformance_with_a_ply_limit() {
    let report = check::<SecretKing>(
        &SecretKingOptions {
            ply_limit: Some(40),
        },
        &Config {
            games: 200,
            seed: 90_000,
            max_steps: 100,
            deep_every: 7,
            ..Default::default()
        },
        SecretKing::arbitrary_action,
    )
    .unwrap_or_else(|v| panic!("{v}"));
    assert!(report.draws > 0, "{report:?}");
}

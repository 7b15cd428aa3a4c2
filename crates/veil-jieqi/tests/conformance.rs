//! Veil's laws of a game, over thousands of seeded random Jieqi games.
use veil_core::conformance::{Config, check};
use veil_jieqi::{CapturedReveal, Jieqi, JieqiOptions};

#[test]
fn conformance_capturer_only() {
    let report = check::<Jieqi>(
        &JieqiOptions::default(),
        &Config {
            games: 2000,
            seed: 1,
            deep_every: 23,
            arbitrary_tries: 8,
            ..Default::default()
        },
        Jieqi::arbitrary_action,
    )
    .unwrap_or_else(|v| panic!("{v}"));
    assert_eq!(report.games, 2000);
    println!("{report:?}");
    assert!(
        report.draws < report.games,
        "random games should not all be drawn"
    );
    assert!(
        report.sole_wins.iter().all(|w| *w > 0),
        "both sides win some random games"
    );
}

#[test]
fn conformance_both_see_captures() {
    let report = check::<Jieqi>(
        &JieqiOptions {
            captured_reveal: CapturedReveal::Both,
        },
        &Config {
            games: 300,
            seed: 90_000,
            deep_every: 11,
            arbitrary_tries: 8,
            ..Default::default()
        },
        Jieqi::arbitrary_action,
    )
    .unwrap_or_else(|v| panic!("{v}"));
    assert_eq!(report.games, 300);
}

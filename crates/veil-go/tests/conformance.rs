//! Veil's laws of a game over thousands of seeded random games of Go and
//! Rengo on 9×9.
use veil_core::conformance::{Config, check};
use veil_go::{Rengo, RengoOptions, Rules};

#[test]
fn conformance_go_and_rengo_9x9() {
    let report = check::<Rengo>(
        &RengoOptions::default(),
        &Config {
            games: 2000,
            seed: 1,
            seat_counts: vec![2, 4],
            max_steps: 5000,
            deep_every: 97,
            arbitrary_tries: 8,
            policy_share: 0.9,
        },
        Rengo::arbitrary_action,
    )
    .unwrap_or_else(|v| panic!("{v}"));
    assert_eq!(report.games, 2000);
    println!("{report:?}");
    // Plain Go has one winner; Rengo's teams win as two.
    assert!(report.sole_wins[0] > 0 && report.sole_wins[1] > 0);
    assert!(report.endings.keys().any(|r| r.contains("both partners")));
    assert!(report.endings.keys().any(|r| r.starts_with("counted")));
}

#[test]
fn conformance_table_mode_area_scoring() {
    let report = check::<Rengo>(
        &RengoOptions {
            rules: Rules::Area,
            table_mode: true,
            ..Default::default()
        },
        &Config {
            games: 200,
            seed: 50_000,
            seat_counts: vec![4],
            max_steps: 5000,
            deep_every: 31,
            arbitrary_tries: 8,
            policy_share: 0.8,
        },
        Rengo::arbitrary_action,
    )
    .unwrap_or_else(|v| panic!("{v}"));
    println!("{report:?}");
    assert!(report.endings.keys().any(|r| r.starts_with("forfeit")));
}

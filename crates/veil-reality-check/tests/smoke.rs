use veil_core::conformance::{Config, check};
use veil_reality_check::*;

#[test]
fn smoke_conformance() {
    let report = check::<RealityCheck>(
        &Options::default(),
        &Config {
            games: 50,
            seed: 1,
            deep_every: 7,
            ..Default::default()
        },
        RealityCheck::arbitrary_action,
    )
    .unwrap_or_else(|v| panic!("{v}"));
    println!("{report:?}");
}

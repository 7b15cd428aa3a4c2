//! Veil's laws of a game, over thousands of seeded random Intrigue games.
use veil_core::conformance::{Config, check};
use veil_intrigue::{Intrigue, IntrigueOptions, Queens};

fn run(options: IntrigueOptions, games: usize, seed: u64, deep_every: usize) {
    let start = std::time::Instant::now();
    let report = check::<Intrigue>(
        &options,
        &Config {
            games,
            seed,
            deep_every,
            arbitrary_tries: 8,
            ..Default::default()
        },
        Intrigue::arbitrary_action,
    )
    .unwrap_or_else(|v| panic!("{v}"));
    assert_eq!(report.games, games);
    println!("{options:?}: {report:?} in {:?}", start.elapsed());
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
fn conformance_standard() {
    run(IntrigueOptions::default(), 2000, 1, 29);
}

#[test]
fn conformance_options() {
    run(
        IntrigueOptions {
            queens: Queens::KingSquare,
            atomic_king: true,
        },
        200,
        50_000,
        13,
    );
    run(
        IntrigueOptions {
            queens: Queens::Two,
            atomic_king: false,
        },
        200,
        60_000,
        13,
    );
}

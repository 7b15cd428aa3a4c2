//! Veil's laws of a game over seeded random Reality Check games: 2000 with
//! the default options, 300 for each option.
use veil_core::conformance::{Config, Report, check};
use veil_reality_check::{Dice, Layout, Options, RealityCheck, SetupRule};

fn run(options: Options, games: usize, seed: u64, deep_every: usize) -> Report {
    let report = check::<RealityCheck>(
        &options,
        &Config {
            games,
            seed,
            deep_every,
            arbitrary_tries: 6,
            ..Default::default()
        },
        RealityCheck::arbitrary_action,
    )
    .unwrap_or_else(|v| panic!("{options:?}: {v}"));
    assert_eq!(report.games, games);
    println!("{options:?}: {report:?}");
    assert!(
        report.sole_wins.iter().all(|w| *w > 0),
        "both sides win some random games"
    );
    report
}

#[test]
fn conformance_default() {
    let report = run(Options::default(), 2000, 1, 29);
    assert!(report.endings.contains_key("all four true pieces removed"));
}

#[test]
fn conformance_memory_mode() {
    run(
        Options {
            memory_mode: true,
            ..Default::default()
        },
        300,
        10_000,
        13,
    );
}

#[test]
fn conformance_strategic_retreat() {
    run(
        Options {
            strategic_retreat: true,
            ..Default::default()
        },
        300,
        20_000,
        13,
    );
}

#[test]
fn conformance_memory_action() {
    let report = run(
        Options {
            memory_action: true,
            ..Default::default()
        },
        300,
        30_000,
        13,
    );
    println!("{:?}", report.endings);
}

#[test]
fn conformance_memory_action_in_memory_mode() {
    run(
        Options {
            memory_action: true,
            memory_mode: true,
            ..Default::default()
        },
        300,
        35_000,
        13,
    );
}

#[test]
fn conformance_free_setup() {
    run(
        Options {
            setup: SetupRule::Free,
            ..Default::default()
        },
        300,
        40_000,
        13,
    );
}

#[test]
fn conformance_advanced_board() {
    run(
        Options {
            board: Layout::Advanced,
            ..Default::default()
        },
        300,
        50_000,
        13,
    );
}

#[test]
fn conformance_one_die() {
    run(
        Options {
            dice: Dice::One,
            ..Default::default()
        },
        300,
        60_000,
        13,
    );
}

#[test]
fn conformance_two_dice() {
    run(
        Options {
            dice: Dice::Two,
            ..Default::default()
        },
        300,
        70_000,
        13,
    );
}

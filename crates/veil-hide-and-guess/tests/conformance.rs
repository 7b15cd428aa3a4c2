//! The laws of `veil_core::Game`, over thousands of seeded random games.

use veil_core::conformance::{self, Config};
use veil_hide_and_guess::HideAndGuess;

#[test]
fn keeps_the_laws_of_a_game() {
    let config = Config {
        games: 2000,
        seed: 0,
        deep_every: 2,
        ..Default::default()
    };
    let report = conformance::check::<HideAndGuess>(&(), &config, HideAndGuess::arbitrary_action)
        .unwrap_or_else(|v| panic!("{v}"));
    assert_eq!(report.games, 2000);
    assert!(report.refused_illegal > 1000);
    assert!(report.determinizations > 1000);
    assert!(report.sole_wins.iter().all(|w| *w > 100), "{report:?}");
    eprintln!("{report:?}");
}

#[test]
fn other_seat_counts_are_refused() {
    use veil_core::Game;
    for seats in [0, 1, 3, 6] {
        assert!(HideAndGuess::new(&(), seats).is_err());
    }
}

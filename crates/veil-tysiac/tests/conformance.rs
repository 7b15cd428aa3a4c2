//! The laws of `veil_core::Game`, over thousands of seeded random hands and
//! whole matches to 1000.

use veil_core::Game;
use veil_core::conformance::{self, Config};
use veil_tysiac::{MatchEnd, Options, Tysiac};

#[test]
fn keeps_the_laws_over_single_hands() {
    for (i, options) in [
        Options::one_hand(),
        Options {
            must_beat: true,
            bid_step: 10,
            rounding: 10,
            ..Options::one_hand()
        },
        Options {
            extra_rules: false,
            ..Options::one_hand()
        },
    ]
    .iter()
    .enumerate()
    {
        let games = if i == 0 { 1400 } else { 300 };
        let config = Config {
            games,
            seed: 1000 * i as u64,
            seat_counts: vec![3],
            deep_every: 7,
            ..Default::default()
        };
        let report = conformance::check::<Tysiac>(options, &config, Tysiac::arbitrary_action)
            .unwrap_or_else(|v| panic!("{options:?}: {v}"));
        assert_eq!(report.games, games);
        assert!(report.refused_illegal > games, "{report:?}");
        assert!(report.determinizations > games * 10, "{report:?}");
        eprintln!("{report:?}");
    }
}

#[test]
fn keeps_the_laws_over_whole_matches() {
    let config = Config {
        games: 50,
        seed: 77,
        seat_counts: vec![3],
        deep_every: 97,
        // Mostly sensible play, so that matches end at 1000 as real ones do.
        policy_share: 0.95,
        ..Default::default()
    };
    let report =
        conformance::check::<Tysiac>(&Options::default(), &config, Tysiac::arbitrary_action)
            .unwrap_or_else(|v| panic!("{v}"));
    assert_eq!(report.games, 50);
    let thousand = report.endings.get("1000 reached").copied().unwrap_or(0);
    assert!(
        thousand >= 40,
        "most matches must end at 1000: {:?}",
        report.endings
    );
    eprintln!("{report:?}");
}

#[test]
fn random_matches_reach_a_thousand() {
    use veil_core::{GameRng, SeedableRng, play_out};
    let mut thousands = 0;
    for seed in 0..20 {
        let mut game = Tysiac::new(&Options::default(), 3).unwrap();
        let mut rng = GameRng::seed_from_u64(seed);
        play_out(&mut game, &mut rng, 1_000_000, |g, seat, legal, rng| {
            g.playout_action(seat, legal, rng)
        });
        assert!(game.outcome().is_some());
        if game.table().end == Some(MatchEnd::Thousand) {
            thousands += 1;
            assert!(game.table().scores().iter().any(|s| *s >= 1000));
        }
    }
    assert!(
        thousands >= 15,
        "only {thousands} of 20 matches reached 1000"
    );
}

#[test]
fn other_seat_counts_and_bad_options_are_refused() {
    for seats in [0, 2, 4] {
        assert!(Tysiac::new(&Options::default(), seats).is_err());
    }
    for options in [
        Options {
            bid_step: 7,
            ..Options::default()
        },
        Options {
            rounding: 0,
            ..Options::default()
        },
        Options {
            hand_limit: 0,
            ..Options::default()
        },
    ] {
        assert!(Tysiac::new(&options, 3).is_err());
    }
}

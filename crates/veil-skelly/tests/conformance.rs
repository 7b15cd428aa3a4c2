//! The laws of `veil_core::Game` over thousands of seeded random games of
//! 2 to 6 seats, under every option.

use veil_core::conformance::{self, Config};
use veil_skelly::{KillerHit, MadeBy, Options, Skelly};

#[test]
fn keeps_the_laws() {
    let runs = [
        (Options::default(), 1400),
        (
            Options {
                made_by: MadeBy::WholeCap,
                freeing_bonus: 1,
                killer_hit: KillerHit::Eliminated,
                ..Options::default()
            },
            400,
        ),
        (
            Options {
                shots_per_seat: 20,
                ..Options::default()
            },
            200,
        ),
    ];
    for (i, (options, games)) in runs.iter().enumerate() {
        let config = Config {
            games: *games,
            seed: 10_000 * i as u64,
            seat_counts: vec![2, 3, 4, 5, 6],
            deep_every: 40,
            policy_share: 0.6,
            ..Default::default()
        };
        let report = conformance::check::<Skelly>(options, &config, Skelly::arbitrary_action)
            .unwrap_or_else(|v| panic!("{options:?}: {v}"));
        assert_eq!(report.games, *games);
        assert!(report.refused_illegal > *games, "{report:?}");
        eprintln!("{options:?}: {report:?}");
        if i < 2 {
            let last = report.endings.get("last cap in play").copied().unwrap_or(0);
            assert!(
                last * 2 > *games,
                "most games should end with one cap left: {:?}",
                report.endings
            );
        }
    }
}

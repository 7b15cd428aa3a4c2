//! Bad input never panics: mutated states, views and records of random
//! matches (what a damaged save or record would hold) are refused with an
//! error, or are values the game plays on from.

use veil_core::fuzz::{Samples, fuzz_game};
use veil_skelly::{Options, Skelly};

#[test]
fn fuzz_states_views_records() {
    let samples = Samples::<Skelly>::collect(&Options::default(), 3, 10, 90);
    let report = fuzz_game(&samples, 10_000, 4, Skelly::arbitrary_action);
    assert_eq!(report.per_kind, [10_000; 3]);
    assert!(report.accepted > 100, "{report:?}");
    println!("{report:?}");
}

/// Issue 33, defect 6: parts with two caps on one spot were accepted, and
/// the shot that reached them pushed one apart over the edge, where it lay
/// off the court — a state whose save no longer read. A cap pushed over the
/// edge now leaves the court as one that slides there (and goes back); every
/// shot at such a pair leaves every cap on the court and the state readable.
#[test]
fn caps_on_one_spot_play_on_and_read_back() {
    use veil_core::fuzz;
    use veil_core::{Actor, Game, GameRng, Seat, SeedableRng};
    use veil_skelly::court::{HALF, on_court};
    use veil_skelly::{Point, Shot, SkellyParts};
    let mut rng = GameRng::seed_from_u64(33);
    let mut shots = 0;
    for (x, y) in [
        (HALF - 0.5, 0.0),
        (HALF, 0.0),
        (0.0, -HALF + 0.1),
        (-HALF, HALF),
        (HALF - 1.0, HALF - 1.0),
        (10.0, 10.0),
    ] {
        let spot = Point::new(x, y);
        let mut parts = SkellyParts::from(Skelly::new(&Options::default(), 3).unwrap());
        parts.caps[0].at = Some(spot);
        parts.caps[1].at = Some(spot);
        // The third cap shoots at the pair, or one of the pair shoots.
        for shooter in [Seat(2), Seat(0)] {
            parts.shooter = shooter;
            let game = Skelly::from_parts(parts.clone()).expect("caps on the court");
            let from = game.cap(Seat(2)).at.unwrap();
            for strength in (1..=20).map(|k| k * (Shot::MAX_STRENGTH / 20)) {
                for turn in 0..8u16 {
                    let angle = if shooter == Seat(2) {
                        Shot::angle_towards(from, spot).wrapping_add(turn * 30)
                    } else {
                        turn * 8192
                    };
                    let mut g = game.clone();
                    g.apply(Actor::Seat(shooter), Shot::new(angle, strength))
                        .unwrap();
                    for cap in g.caps() {
                        if let Some(p) = cap.at {
                            assert!(on_court(p), "a cap at {p:?} after a shot at {spot:?}");
                        }
                    }
                    fuzz::reads_back(&g);
                    fuzz::exercise(&g, &mut rng, 4, Skelly::arbitrary_action);
                    shots += 1;
                }
            }
        }
    }
    assert_eq!(shots, 6 * 2 * 20 * 8);
}

//! `VEIL_DEMO=reality-check`: a game against the computer already under
//! way — setups done, a few moves played — from fixed seeds.

use veil_reality_check::RealityCheck;

use crate::table::referee::{Match, new_match};
use crate::table::setup::{MatchSetup, SeatKind};

/// White a person against an Easy computer: both setups (nine placements
/// each), then a dozen plies of quick greedy play, ending with White to
/// move.
pub fn demo_match(setup: &mut MatchSetup) -> Match<RealityCheck> {
    setup.seats = vec![SeatKind::Human, SeatKind::Computer(veil_ai::Level::Easy)];
    setup.seed = Some(2026);
    let mut m = new_match::<RealityCheck>(setup, setup.options::<RealityCheck>());
    crate::table::view::play_demo(
        &mut m,
        60,
        |m, _| {
            m.to_act() == Some(veil_core::Seat(0)) && {
                let view = m.observe(veil_core::Seat(0));
                view.ply >= 12 && view.phase == veil_reality_check::Phase::Play
            }
        },
        |view, i| veil_ai::choose::<RealityCheck>(view, veil_ai::Level::Greedy, None, 31 + i),
    );
    m
}

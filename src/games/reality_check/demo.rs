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
    for i in 0..60u64 {
        let Some(seat) = m.to_act() else { break };
        let view = m.observe(seat);
        if view.ply >= 12 && seat.0 == 0 && view.phase == veil_reality_check::Phase::Play {
            break;
        }
        let action = veil_ai::choose::<RealityCheck>(&view, veil_ai::Level::Greedy, None, 31 + i);
        if m.play(seat, action).is_err() {
            break;
        }
    }
    m
}

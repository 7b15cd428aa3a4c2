//! `VEIL_DEMO=jieqi`: a game against the computer already under way.

use super::*;

/// Red a person against an Easy computer, fourteen plies of quick greedy
/// play in.
pub(super) fn demo_match(setup: &mut MatchSetup) -> Match<Jieqi> {
    setup.seats = vec![
        crate::table::setup::SeatKind::Human,
        crate::table::setup::SeatKind::Computer(veil_ai::Level::Easy),
    ];
    setup.seed = Some(2024);
    let mut m = new_match::<Jieqi>(setup, setup.options::<Jieqi>());
    for i in 0..14u64 {
        let Some(seat) = m.to_act() else { break };
        let view = m.observe(seat);
        let action = veil_ai::choose::<Jieqi>(&view, veil_ai::Level::Greedy, None, 7 + i);
        if m.play(seat, action).is_err() {
            break;
        }
    }
    m
}

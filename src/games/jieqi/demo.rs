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
    crate::table::view::play_demo(
        &mut m,
        14,
        |_, _| false,
        |view, i| veil_ai::choose::<Jieqi>(view, veil_ai::Level::Greedy, None, 7 + i),
    );
    m
}

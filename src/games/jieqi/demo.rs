//! `VEIL_DEMO=jieqi`: start straight into a game against the computer already under way.

use super::*;

/// `VEIL_DEMO=jieqi`: a game against the computer already under way.
pub(super) fn start_demo(
    launch: Res<crate::LaunchOptions>,
    mut setup: ResMut<MatchSetup>,
    mut commands: Commands,
    mut next: ResMut<NextState<Screen>>,
    mut active: ResMut<NextState<ActiveGame>>,
) {
    if launch.demo.as_deref() != Some(Jieqi::ID) {
        return;
    }
    setup.choose_game(Jieqi::ID);
    active.set(ActiveGame::of::<Jieqi>());
    setup.seats = vec![
        crate::table::setup::SeatKind::Human,
        crate::table::setup::SeatKind::Computer(veil_ai::Level::Easy),
    ];
    setup.seed = Some(2024);
    let mut m = new_match::<Jieqi>(&setup, setup.options::<Jieqi>());
    // Twelve plies of quick greedy play on both sides.
    for i in 0..14u64 {
        let Some(seat) = m.to_act() else { break };
        let view = m.observe(seat);
        let action = veil_ai::choose::<Jieqi>(&view, veil_ai::Level::Greedy, None, 7 + i);
        if m.play(seat, action).is_err() {
            break;
        }
    }
    setup.seed = None;
    commands.insert_resource(PreparedMatch(m));
    // Play begins once the active game is in place (next frame).
    next.set(Screen::Play);
}

//! `VEIL_DEMO=reality-check`: a game against the computer already under
//! way — setups done, a few moves played — from fixed seeds.

use bevy::prelude::*;
use veil_core::Game;
use veil_reality_check::RealityCheck;

use crate::table::setup::{MatchSetup, SeatKind};
use crate::table::view::PreparedMatch;
use crate::table::{ActiveGame, Screen};

pub fn start_demo(
    launch: Res<crate::LaunchOptions>,
    mut setup: ResMut<MatchSetup>,
    mut commands: Commands,
    mut next: ResMut<NextState<Screen>>,
    mut active: ResMut<NextState<ActiveGame>>,
) {
    if launch.demo.as_deref() != Some(RealityCheck::ID) {
        return;
    }
    setup.choose_game(RealityCheck::ID);
    active.set(ActiveGame::of::<RealityCheck>());
    setup.seats = vec![SeatKind::Human, SeatKind::Computer(veil_ai::Level::Easy)];
    setup.seed = Some(2026);
    let mut m =
        crate::table::referee::new_match::<RealityCheck>(&setup, setup.options::<RealityCheck>());
    // Both setups (nine placements each), then a dozen plies of quick
    // greedy play, ending with White to move.
    let mut i = 0u64;
    while i < 60 {
        let Some(seat) = m.to_act() else { break };
        let view = m.observe(seat);
        if m.observe(seat).ply >= 12 && seat.0 == 0 && view.phase == veil_reality_check::Phase::Play
        {
            break;
        }
        let action = veil_ai::choose::<RealityCheck>(&view, veil_ai::Level::Greedy, None, 31 + i);
        if m.play(seat, action).is_err() {
            break;
        }
        i += 1;
    }
    setup.seed = None;
    commands.insert_resource(PreparedMatch(m));
    next.set(Screen::Play);
}

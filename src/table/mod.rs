//! The table: everything a game has that is not its own — the referee
//! holding the full state ([`referee::Match`]), the setup a match starts
//! from, the phases of play, the keys of the play screen, and the parts of
//! the play screen that every game shows alike ([`view`]).
//!
//! Imports the kit, `veil-core` and `veil-ai`; never a game or a screen of
//! the shell.

use bevy::prelude::*;
use veil_core::Game;

pub mod fit;
pub mod guesses;
pub mod howto;
pub mod keys;
pub mod online;
pub mod panel;
pub mod pictures;
pub mod recent;
pub mod referee;
pub mod remember;
pub mod save;
pub mod setup;
pub mod view;

/// The screens. Entities of a screen carry `DespawnOnExit(screen)`.
#[derive(States, Default, Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Screen {
    #[default]
    Title,
    GameChoice,
    Setup,
    Play,
    Results,
    /// Online play's menu: host, join by code, watch, the server.
    Online,
    /// A room's waiting room: its code and link, the seats as they fill.
    Lobby,
}

/// The game chosen for the table, by its id: only its systems run. Set
/// when a game is chosen, so it is in place before play begins.
#[derive(States, Default, Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct ActiveGame(pub &'static str);

impl ActiveGame {
    pub fn of<G: Game>() -> Self {
        ActiveGame(G::ID)
    }
}

/// The order of play within a frame, after the raw input: the views turn
/// commands into [`view::ActionRequest`]s (`Input`), the referee applies
/// them, runs the computers and derives the phase (`Referee`), then the
/// views draw what changed (`Draw`). So a click is played and drawn in the
/// frame it arrives.
#[derive(SystemSet, Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum PlaySet {
    Input,
    Referee,
    Draw,
}

/// The table's shared resources and keys (each game adds its own
/// [`view::TablePlugin`]).
pub struct TablePlugin;

impl Plugin for TablePlugin {
    fn build(&self, app: &mut App) {
        let pictures = pictures::Pictures::decode(app.world_mut());
        app.insert_resource(pictures);
        app.init_state::<Screen>()
            .init_state::<ActiveGame>()
            .init_resource::<setup::MatchSetup>()
            .init_resource::<view::Finishing>()
            .init_resource::<view::ReviewWanted>()
            .init_resource::<view::GameViews>()
            .add_message::<view::ActionRefused>()
            .add_plugins((
                referee::PlayPlugin,
                keys::PlayKeysPlugin,
                remember::RememberPlugin,
                fit::FitPlugin,
                recent::RecentPlugin,
                howto::HowToPlugin,
                online::OnlinePlugin,
            ))
            .configure_sets(
                Update,
                (PlaySet::Input, PlaySet::Referee, PlaySet::Draw)
                    .chain()
                    .after(crate::kit::input::InputSet),
            )
            .add_systems(OnExit(Screen::Play), clear_board);
    }
}

/// Leaving play: no board to point at, nothing selected.
fn clear_board(mut commands: Commands, mut ui: ResMut<crate::kit::board::BoardUi>) {
    commands.remove_resource::<crate::kit::board::BoardLayout>();
    *ui = crate::kit::board::BoardUi::default();
}

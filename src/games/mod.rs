//! The games' views, one folder per game or family: each draws its table
//! from the viewer's observation, turns clicks and keys into action
//! requests, and adds its side panel, options and rules text (see
//! `docs/architecture.md`, "Adding a game").

use bevy::prelude::*;

pub mod chess;
pub mod hide_and_guess;
pub mod jieqi;
pub mod reality_check;
pub mod rengo;
pub mod skelly;
pub mod tysiac;

/// Every game view of the app.
pub struct GamesPlugin;

impl Plugin for GamesPlugin {
    fn build(&self, app: &mut App) {
        app.add_plugins((
            jieqi::JieqiViewPlugin,
            hide_and_guess::HagViewPlugin,
            chess::ChessViewPlugin,
            tysiac::TysiacViewPlugin,
            rengo::RengoViewPlugin,
            reality_check::RealityCheckViewPlugin,
            skelly::SkellyViewPlugin,
        ));
    }
}

//! The last setup of each game (who played each seat, the options), kept
//! between runs in the saves' store and offered again on the setup screen.

use bevy::prelude::*;

use crate::table::Screen;
use crate::table::save::Saves;
use crate::table::setup::{MatchSetup, Remembered};

/// The store's key for the remembered setups.
pub const SETUP_KEY: &str = "setup";

pub struct RememberPlugin;

impl Plugin for RememberPlugin {
    fn build(&self, app: &mut App) {
        app.add_systems(Startup, recall.run_if(resource_exists::<Saves>))
            .add_systems(
                OnEnter(Screen::Play),
                remember.run_if(resource_exists::<Saves>),
            );
    }
}

/// At start: the setups kept last time. An unreadable text is ignored (the
/// defaults stand) and left for the next start to overwrite.
fn recall(saves: Res<Saves>, mut setup: ResMut<MatchSetup>) {
    let Some(text) = saves.0.read(SETUP_KEY) else {
        return;
    };
    match serde_json::from_str::<Remembered>(&text) {
        Ok(r) => setup.recall(&r),
        Err(e) => warn!("the remembered setups could not be read ({e}); using the defaults"),
    }
}

/// A match starts: its setup becomes its game's last.
fn remember(saves: Res<Saves>, mut setup: ResMut<MatchSetup>) {
    setup.remember();
    match serde_json::to_string(&setup.remembered()) {
        Ok(text) => {
            if let Err(e) = saves.0.write(SETUP_KEY, &text) {
                warn!("could not keep the setup: {e}");
            }
        }
        Err(e) => warn!("could not keep the setup: {e}"),
    }
}

//! The first minutes: the first game of each kind opens its rules window on
//! a short "how to play" (a few steps over the picture of its table). The
//! games whose how-to was shown are kept (key `how-to` in the saves' store),
//! so it opens once; the rules button brings it back at any time.

use std::collections::BTreeSet;

use bevy::prelude::*;

use crate::table::save::Saves;

/// The key the games already introduced are kept under.
pub const HOW_TO_KEY: &str = "how-to";

/// Whether a first game opens its "how to play": in the real app, not in
/// demos and screenshots, nor in tests unless they ask.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum FirstMinutes {
    #[default]
    Off,
    /// At a new match of a game not yet introduced.
    On,
    /// Over any match, a demo's or a save's too (`VEIL_HOW_TO`, for its
    /// picture).
    Always,
}

/// The "how to play" step the rules window shows.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct HowToStep(pub usize);

/// The games whose "how to play" was shown, by id.
#[derive(Resource, Clone, Debug, Default, PartialEq, Eq)]
pub struct Introduced(pub BTreeSet<String>);

pub struct HowToPlugin;

impl Plugin for HowToPlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<FirstMinutes>()
            .init_resource::<HowToStep>()
            .init_resource::<Introduced>()
            .add_systems(Startup, recall);
    }
}

/// Reads the games already introduced; anything unreadable counts as none.
fn recall(saves: Res<Saves>, mut introduced: ResMut<Introduced>) {
    introduced.0 = saves
        .0
        .read(HOW_TO_KEY)
        .and_then(|t| serde_json::from_str(&t).ok())
        .unwrap_or_default();
}

/// At the start of a match of `id` with a "how to play": whether to open it
/// now (the first time only), remembering that it was. A match taken up
/// again (`resumed`: a save) was begun before, so it opens none.
pub fn first_time(world: &mut World, id: &str, resumed: bool) -> bool {
    if resumed && world.get_resource::<FirstMinutes>() != Some(&FirstMinutes::Always) {
        return false;
    }
    if world
        .get_resource::<FirstMinutes>()
        .is_none_or(|f| *f == FirstMinutes::Off)
    {
        return false;
    }
    let mut introduced = world.resource_mut::<Introduced>();
    if !introduced.0.insert(id.to_owned()) {
        return false;
    }
    let text = serde_json::to_string(&introduced.0).unwrap_or_default();
    if let Err(e) = world.resource::<Saves>().0.write(HOW_TO_KEY, &text) {
        warn!("could not keep which games were introduced: {e}");
    }
    true
}

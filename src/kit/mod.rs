//! The toolkit: what any table is drawn and played with — board geometry
//! and pieces, card art, the shared colours, animation, input, the painted
//! words, fonts, sound, settings and the shared egui widgets. Imports only
//! Bevy, egui and leafwing: no game, no referee, no screen.

use bevy::prelude::*;

pub mod anim;
pub mod board;
pub mod cards;
pub mod clipboard;
pub mod figures;
pub mod files;
pub mod fonts;
pub mod input;
#[cfg(target_arch = "wasm32")]
pub mod page_widgets;
pub mod settings;
pub mod sound;
pub mod store;
pub mod theme;
pub mod touch;
pub mod widgets;
pub mod world_text;

/// The kit's plugins that need no settings (sound and settings are added
/// by the app, which knows whether there is a device and a disk).
pub struct KitPlugin;

impl Plugin for KitPlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<board::BoardUi>()
            .add_plugins((
                fonts::FontsPlugin,
                input::InputPlugin,
                touch::TouchPlugin,
                anim::AnimPlugin,
                world_text::WorldTextPlugin,
            ))
            .add_systems(
                PostUpdate,
                board::sync_highlights.run_if(resource_exists::<board::BoardImages>),
            );
        board::init_board_images(app.world_mut());
        cards::init_card_images(app.world_mut());
    }
}

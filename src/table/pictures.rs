//! The registry's picture of each game's table (`veil_games::Entry::picture`),
//! decoded once: the game choice's cards and the "how to play" show them.

use bevy::prelude::*;

/// The registry's pictures of each game's table, as images (`None` where
/// one could not be read: the card shows without it).
#[derive(Resource, Default)]
pub struct Pictures(pub Vec<Option<Handle<Image>>>);

impl Pictures {
    pub fn decode(world: &mut World) -> Self {
        use bevy::asset::RenderAssetUsages;
        use bevy::image::{CompressedImageFormats, ImageSampler, ImageType};
        let Some(mut images) = world.get_resource_mut::<Assets<Image>>() else {
            return Pictures::default();
        };
        let decoded = veil_games::GAMES
            .iter()
            .map(|g| {
                let image = Image::from_buffer(
                    g.picture,
                    ImageType::Extension("png"),
                    CompressedImageFormats::NONE,
                    true,
                    ImageSampler::Default,
                    RenderAssetUsages::default(),
                );
                match image {
                    Ok(image) => Some(images.add(image)),
                    Err(e) => {
                        warn!("the picture of {} could not be read: {e}", g.name);
                        None
                    }
                }
            })
            .collect();
        Pictures(decoded)
    }
}

impl Pictures {
    /// The picture of the game `id`, if it could be read.
    pub fn of(&self, id: &str) -> Option<&Handle<Image>> {
        let i = veil_games::GAMES.iter().position(|g| g.id == id)?;
        self.0.get(i)?.as_ref()
    }
}

//! Playing-card art drawn by the app: the four suit pips (white shapes,
//! tinted by the sprite's colour) and a card back with a lattice, made once
//! at start-up, so no image file is shipped.

use bevy::asset::RenderAssetUsages;
use bevy::prelude::*;
use bevy::render::render_resource::{Extent3d, TextureDimension, TextureFormat};

/// A suit's shape.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pip {
    Heart,
    Diamond,
    Club,
    Spade,
}

impl Pip {
    pub const ALL: [Pip; 4] = [Pip::Heart, Pip::Diamond, Pip::Club, Pip::Spade];

    /// Whether the point (x right, y up, both about −1..1) is inside.
    pub fn inside(self, x: f32, y: f32) -> bool {
        let heart = |x: f32, y: f32| {
            let (x, y) = (x * 1.1, y * 1.1 - 0.15);
            (x * x + y * y - 1.0).powi(3) - x * x * y.powi(3) <= 0.0
        };
        let stem = |x: f32, y: f32| y < -0.35 && y > -1.0 && x.abs() < 0.08 + (-0.35 - y) * 0.45;
        match self {
            Pip::Heart => heart(x, y),
            Pip::Diamond => x.abs() / 0.72 + y.abs() <= 1.0,
            Pip::Spade => heart(x, -(y - 0.25)) || stem(x, y),
            Pip::Club => {
                let circle = |cx: f32, cy: f32| (x - cx).powi(2) + (y - cy).powi(2) <= 0.36 * 0.36;
                circle(0.0, 0.48) || circle(-0.42, -0.05) || circle(0.42, -0.05) || stem(x, y)
            }
        }
    }
}

/// The shared card art.
#[derive(Resource, Clone)]
pub struct CardImages {
    /// In the order of [`Pip::ALL`].
    pub pips: [Handle<Image>; 4],
    pub back: Handle<Image>,
}

impl CardImages {
    pub fn pip(&self, pip: Pip) -> Handle<Image> {
        self.pips[Pip::ALL.iter().position(|p| *p == pip).unwrap_or(0)].clone()
    }
}

/// Makes the card art (while the app is built, like the board's images).
pub fn init_card_images(world: &mut World) {
    let mut images = world.resource_mut::<Assets<Image>>();
    let pips = Pip::ALL.map(|p| images.add(pip_image(p, 64)));
    let back = images.add(back_image(64, 92));
    world.insert_resource(CardImages { pips, back });
}

fn image(width: u32, height: u32, data: Vec<u8>) -> Image {
    Image::new(
        Extent3d {
            width,
            height,
            depth_or_array_layers: 1,
        },
        TextureDimension::D2,
        data,
        TextureFormat::Rgba8UnormSrgb,
        RenderAssetUsages::default(),
    )
}

/// A white pip on a clear ground, its edge smoothed by 4 × 4 samples.
fn pip_image(pip: Pip, size: u32) -> Image {
    let mut data = Vec::with_capacity((size * size * 4) as usize);
    for py in 0..size {
        for px in 0..size {
            let mut hits = 0;
            for sy in 0..4 {
                for sx in 0..4 {
                    let x = ((px as f32 + (sx as f32 + 0.5) / 4.0) / size as f32 - 0.5) * 2.1;
                    let y = (0.5 - (py as f32 + (sy as f32 + 0.5) / 4.0) / size as f32) * 2.1;
                    hits += pip.inside(x, y) as u32;
                }
            }
            data.extend_from_slice(&[255, 255, 255, (hits * 255 / 16) as u8]);
        }
    }
    image(size, size, data)
}

/// A card's back: a white lattice of diamonds inside a frame, on a clear
/// ground (the sprite's colour tints it over the card's back colour).
fn back_image(width: u32, height: u32) -> Image {
    let mut data = Vec::with_capacity((width * height * 4) as usize);
    for y in 0..height {
        for x in 0..width {
            let (fx, fy) = (x as f32 + 0.5, y as f32 + 0.5);
            let edge = fx.min(fy).min(width as f32 - fx).min(height as f32 - fy);
            let frame = (4.0..5.5).contains(&edge);
            let inside = edge > 7.0;
            let (u, v) = ((fx + fy) / 9.0, (fx - fy + 200.0) / 9.0);
            let lattice = inside && (u.fract() < 0.16 || v.fract() < 0.16);
            let a = if frame || lattice { 150 } else { 0 };
            data.extend_from_slice(&[255, 255, 255, a]);
        }
    }
    image(width, height, data)
}

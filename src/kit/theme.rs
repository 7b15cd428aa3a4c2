//! The colours the games share, so that the collection's tables look like
//! one set: ivory and ebony pieces with their inks, the red and black inks
//! of cards and xiangqi, the gold of what only the viewer may see, the felt
//! of a card table. A game keeps only the colours that are its own.

use bevy::prelude::*;

/// Light pieces and card faces, and the ink drawn on them.
pub const IVORY: Color = Color::srgb(0.97, 0.95, 0.9);
pub const IVORY_INK: Color = Color::srgb(0.12, 0.1, 0.08);
/// Dark pieces, and the ink drawn on them (the two sides differ in
/// lightness, not in hue alone).
pub const EBONY: Color = Color::srgb(0.16, 0.15, 0.16);
pub const EBONY_INK: Color = Color::srgb(0.95, 0.92, 0.85);
/// The red and the black of playing cards and of xiangqi's pieces.
pub const RED_INK: Color = Color::srgb(0.78, 0.09, 0.08);
pub const BLACK_INK: Color = Color::srgb(0.08, 0.08, 0.1);
/// The viewer's own secrets and the table's highlights.
pub const GOLD: Color = Color::srgb(1.0, 0.78, 0.12);
/// A card table's cloth.
pub const FELT: Color = Color::srgb(0.14, 0.32, 0.22);

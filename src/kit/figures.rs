//! Chess figures as players know them (♚ ♛ ♜ ♝ ♞ ♟), painted from the
//! app's own font: a White figure is a white fill under a dark outline, a
//! Black one a dark fill under a light edge, so the two sides differ in
//! lightness and in drawing, not in hue alone.

use bevy::prelude::*;

use crate::kit::world_text::WorldText;

/// Light and dark for the figures; their lightness differs by far more than
/// the 0.4 the palette test asks of two sides.
pub const WHITE_FILL: Color = Color::srgb(0.98, 0.97, 0.93);
pub const WHITE_EDGE: Color = Color::srgb(0.1, 0.1, 0.1);
pub const BLACK_FILL: Color = Color::srgb(0.1, 0.1, 0.12);
pub const BLACK_EDGE: Color = Color::srgb(0.72, 0.72, 0.7);

/// The outline and the filled figure of a piece letter (K Q R B N P, either
/// case); `None` for a letter that is no chess piece.
pub fn figure(letter: char) -> Option<(char, char)> {
    Some(match letter.to_ascii_uppercase() {
        'K' => ('♔', '♚'),
        'Q' => ('♕', '♛'),
        'R' => ('♖', '♜'),
        'B' => ('♗', '♝'),
        'N' => ('♘', '♞'),
        'P' => ('♙', '♟'),
        _ => return None,
    })
}

/// The painted figures for `letters` ("N", or "N/R" for a two-faced
/// piece) of the first side (`white`) or the second, `size` high; a
/// character that is no chess piece is written as is.
pub fn figure_text(letters: &str, white: bool, size: f32) -> WorldText {
    let outline: String = letters
        .chars()
        .map(|c| figure(c).map_or(c, |f| f.0))
        .collect();
    let filled: String = letters
        .chars()
        .map(|c| figure(c).map_or(c, |f| f.1))
        .collect();
    let (fill, edge) = if white {
        (WHITE_FILL, WHITE_EDGE)
    } else {
        (BLACK_FILL, BLACK_EDGE)
    };
    WorldText::new(outline, size, edge).with_fill(filled, fill)
}

/// Relative lightness (WCAG's relative luminance) of a colour: what the
/// palette check compares between two sides.
pub fn luminance(color: Color) -> f32 {
    let c = color.to_linear();
    0.2126 * c.red + 0.7152 * c.green + 0.0722 * c.blue
}

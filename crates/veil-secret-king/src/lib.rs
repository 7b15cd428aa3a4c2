//! Secret King for Veil.
//!
//! ```
//! use veil_core::{Actor, Game, Seat, Turn};
//! use veil_secret_king::{Action, SecretKing, square};
//!
//! let mut game = SecretKing::new(&Default::default(), 2).unwrap();
//! // Both players secretly choose a Knight as their Secret King.
//! assert!(matches!(game.turn(), Turn::Simultaneous(_)));
//! game.apply(Actor::Seat(Seat(0)), Action::ChooseKing(square("e2"))).unwrap();
//! game.apply(Actor::Seat(Seat(1)), Action::ChooseKing(square("f9"))).unwrap();
//! assert_eq!(game.turn(), Turn::Seat(Seat(0)));
//!
//! // Black cannot see which Knight White chose.
//! let view = game.observe(Seat(1));
//! assert_eq!(view.kings, [None, Some(square("f9"))]);
//! assert_eq!(view.candidates[0].len(), 10);
//!
//! game.play("e5").unwrap();
//! game.play("Ng8").unwrap();
//! assert_eq!(game.history()[1].san, "Ng8");
//! ```
//!
//! # Rules (Veil's RULINGS §8)
//!
//! TODO
mod eval;
mod game;

pub use game::{
    Action, Played, Reveal, SecretKing, SecretKingOptions, SecretKingView, SetupError, SquareSet, value,
};
pub use veil_chess::{Chess10, Color, Grid10, Move, Piece, Role, Square};

/// The square named `name` (`a1` to `j10`).
///
/// # Panics
/// If `name` is not a square of the 10×10 board; for input from players use
/// [`Grid10::parse_square`](veil_chess::Geometry::parse_square).
pub fn square(name: &str) -> Square {
    use veil_chess::Geometry;
    Grid10::parse_square(name).unwrap_or_else(|| panic!("{name:?} is not a square of the 10x10 board"))
}

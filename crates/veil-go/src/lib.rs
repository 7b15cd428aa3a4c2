//! Go and Rengo.
pub mod board;
pub mod playout;
pub mod position;
pub mod scoring;

pub use board::{Board, Color, Illegal, MAX_SIZE, Played, Point, SIZES};
pub use position::{Move, Position, handicap_points};
pub use scoring::{Rules, Score, propose_dead, score};

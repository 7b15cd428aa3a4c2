//! Go and Rengo.
pub mod board;
pub mod engine;
pub mod player;
pub mod playout;
pub mod position;
pub mod rengo;
pub mod scoring;
pub mod sgf;

pub use board::{Board, Color, Illegal, MAX_SIZE, Played, Point, SIZES};
pub use position::{Move, Position, handicap_points};
pub use rengo::{Entry, Message, Phase, Rengo, RengoAction, RengoOptions, RengoView};
pub use scoring::{Rules, Score, propose_dead, score};

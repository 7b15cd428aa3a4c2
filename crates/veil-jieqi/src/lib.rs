//! Xiangqi and Jieqi.
mod position;
mod types;

pub use position::{perft, perft_divide, jieqi_perft_forced, IllegalMove, MoveList, Position};
pub use types::{Color, Kind, Move, Piece, Rules, Square};

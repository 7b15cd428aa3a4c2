//! Chess rules for Veil: legal move generation on bitboards for boards of up
//! to 10×10, FEN, SAN, UCI and PGN, built to carry the hidden-King variants
//! (Intrigue on 8×8, Secret King on 10×10).
//!
//! ```
//! use veil_chess::{perft, Game, Position, Grid8};
//!
//! let pos = Position::<Grid8>::default();
//! assert_eq!(pos.legal_moves().len(), 20);
//! assert_eq!(perft(&pos, 3), 8902);
//!
//! // Fool's mate, in SAN.
//! let mut game = Game::new(pos);
//! for san in ["f3", "e5", "g4", "Qh4#"] {
//!     let mv = game.position().parse_san(san).unwrap();
//!     game.play(mv).unwrap();
//! }
//! assert!(game.position().is_checkmate());
//! assert_eq!(game.position().to_fen(), "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3");
//! assert!(game.to_pgn("Standard", &[]).contains("1. f3 e5 2. g4 Qh4# 0-1"));
//! ```
//!
//! The board's shape is a type parameter: [`Grid8`] (standard chess, `u64`
//! bitboards) or [`Grid10`] (10×10, `u128`), and [`Rules`] set what differs:
//! castling, en passant, the pawn's double step, promotion lines, and whether
//! Kings may be absent (hidden).
//!
//! ```
//! use veil_chess::{fen::SECRET_KING_START, Grid10, Position, Rules};
//!
//! let pos = Position::<Grid10>::from_fen_with(SECRET_KING_START, Rules::secret_king()).unwrap();
//! assert!(!pos.is_check()); // no King on the board yet
//! let mv = pos.parse_uci("e3e5").unwrap();
//! assert_eq!(pos.san(mv), "e5");
//! ```

mod bits;
pub mod fen;
mod game;
mod geometry;
mod movegen;
mod notation;
mod position;
mod rules;
mod types;
mod zobrist;

pub use bits::{Bits, SquareIter};
pub use fen::{FenError, FenErrorKind};
pub use game::{Game, Termination};
pub use geometry::{Geometry, Grid8, Grid10, GridN, MAX_SIDE};
pub use movegen::{MoveList, perft};
pub use notation::{NotationError, NotationErrorKind};
pub use position::{Board, IllegalMove, Position, PositionError, PositionErrorKind, Setup};
pub use rules::{Promotion, PromotionLine, Rules};
pub use types::{Color, Move, Outcome, Piece, Role, RoleSet, Square};

/// Standard chess position.
pub type Chess = Position<Grid8>;
/// A position on the 10×10 board.
pub type Chess10 = Position<Grid10>;

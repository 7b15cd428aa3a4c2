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
//! bitboards), [`Grid10`] (10×10, `u128`) or any [`GridN`] up to 10×10, and
//! [`Rules`] set what differs: castling, en passant, the pawn's double step,
//! promotion lines, and whether Kings may be absent (hidden).
//!
//! Building blocks for the variants:
//! - A side without a King (a hidden King) is never in check and all its
//!   pseudo-legal moves are legal ([`Rules::require_kings`] `= false`).
//! - Pieces appear, vanish or change role through [`Position::to_setup`], an
//!   edit of the [`Setup`]'s [`Board`], and [`Position::from_setup`] (or
//!   [`Position::from_setup_lenient`] when the side that just moved may stand
//!   in check, e.g. a King appearing next to the enemy King).
//! - Castling rights are a set of Rook squares; castling moves the King two
//!   squares toward such a Rook, which lands on the square crossed, from the
//!   back-rank files [`Rules::castling_files`] allow (e in chess; d and e in
//!   [`Rules::intrigue`]).
//! - [`Promotion`] lines give per-rank roles and whether promotion is forced.
//! - Threefold repetition and the 50-move rule are queries on [`Game`] (or
//!   build your own from [`Position::zobrist`] and [`Position::halfmoves`]).
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
pub mod pgn;
mod position;
mod rules;
mod types;
mod zobrist;

pub use bits::{Bits, SquareIter};
pub use fen::{FenError, FenErrorKind};
pub use game::{Game, Termination};
pub use geometry::{Geometry, Grid8, Grid10, GridN, MAX_SIDE};
pub use movegen::{MoveList, perft, perft_divide};
pub use notation::{NotationError, NotationErrorKind};
pub use position::{
    Board, IllegalMove, MAX_COUNTER, Position, PositionError, PositionErrorKind, Setup,
};
pub use rules::{Promotion, PromotionLine, Rules};
pub use types::{Color, Move, Outcome, Piece, Role, RoleSet, Square};

/// Standard chess position.
pub type Chess = Position<Grid8>;
/// A position on the 10×10 board.
pub type Chess10 = Position<Grid10>;

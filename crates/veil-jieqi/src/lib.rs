//! Xiangqi and Jieqi (hidden xiangqi) rules for Veil.
//!
//! A [`Position`] is a xiangqi or Jieqi board with fast legal move
//! generation and [`perft`]; [`Jieqi`] is the whole game for Veil's
//! [`veil_core::Game`] trait: face-down pieces, reveals drawn by chance from
//! each side's pool, what each seat may know ([`JieqiView`]), and how the
//! game ends (no legal move loses, perpetual check loses, threefold
//! repetition and 120 quiet plies draw).
//!
//! ```
//! use veil_jieqi::{perft, Position, Move};
//!
//! let mut pos = Position::from_fen(
//!     "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
//! )
//! .unwrap();
//! assert_eq!(pos.legal_moves().len(), 44);
//! let central_cannon: Move = "h2e2".parse().unwrap();
//! pos.play(central_cannon).unwrap();
//! assert_eq!(pos.to_fen(), "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b 1 1");
//! assert_eq!(perft(&Position::xiangqi_start(), 3), 79_666);
//!
//! // Jieqi: every piece but the generals face down; the pool follows the side.
//! use veil_jieqi::{Action, Jieqi, Kind};
//! use veil_core::{Actor, Game, Seat, Turn};
//! let mut game = Jieqi::from_fen(Position::JIEQI_START).unwrap();
//! game.apply(Actor::Seat(Seat(0)), "b0c2".parse().unwrap()).unwrap();
//! assert_eq!(game.turn(), Turn::Chance); // the horse's point: what is it really?
//! game.apply(Actor::Chance, Action::Reveal(Kind::Chariot)).unwrap();
//! assert!(game.to_fen().starts_with("xxxxkxxxx/9/1x5x1/x1x1x1x1x/9/9/X1X1X1X1X/1XR4X1/9/X1XXKXXXX b R1A2C2P5N2B2"));
//! ```

mod game;
mod position;
mod types;

pub use game::{
    Action, Captured, CapturedReveal, Jieqi, JieqiOptions, JieqiView, Repetition, parse_record_move, record_move,
    value,
};
pub use position::{IllegalMove, MoveList, Position, jieqi_perft_forced, perft, perft_divide};
pub use types::{Color, Kind, Move, Piece, Rules, Square};

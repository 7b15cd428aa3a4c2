//! Xiangqi and Jieqi (hidden xiangqi) rules for Veil.
//!
//! A [`Position`] is a xiangqi or Jieqi board with fast legal move
//! generation and [`perft`]; [`Jieqi`] is the whole game behind Veil's
//! [`veil_core::Game`] trait: face-down pieces, reveals drawn by chance from
//! each side's pool, what each seat may know ([`JieqiView`]), and how the
//! game ends (no legal move loses, perpetual check loses, threefold
//! repetition and 120 plies without a capture or a reveal draw).
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
//!
//! # The board
//!
//! Squares are named as in ICCS: files `a`–`i` from Red's left, ranks `0`–`9`
//! from Red's side, Red holding ranks 0–4. Red ([`Color::Red`], seat 0)
//! moves first. FEN letters are `k a b n r c p` (general, advisor, elephant,
//! horse, chariot, cannon, soldier), uppercase for Red; `h` and `e` are read
//! as horse and elephant too.
//!
//! # Jieqi
//!
//! A face-down piece stands on one of its side's 15 starting points and moves
//! as the piece that starts there, with that piece's restrictions (in the
//! palace, on its side of the river). Moving turns it face up: Veil models
//! the draw as a chance turn ([`veil_core::Turn::Chance`], [`Action::Reveal`])
//! whose outcomes are the kinds left in the side's true pool, weighted by
//! their counts. Capturing a face-down piece is a second draw, shown to the
//! capturer only unless [`CapturedReveal::Both`] is chosen. The full state
//! keeps each side's pool but never the identity of a face-down piece still
//! on the board: it is undetermined until drawn. Face-up advisors and
//! elephants may leave the palace and cross the river ([`Rules::Jieqi`]).
//!
//! A seat sees a [`JieqiView`]: the board with face-up kinds and face-down
//! markers, the captured pieces as far as it was shown them, per side the
//! identities it has not seen yet, and the repetition history;
//! [`JieqiView::legal_moves`] lists its moves when it is to play.
//!
//! # Records
//!
//! FEN with `x`/`X` for face-down pieces followed by the pool
//! ([`Position::JIEQI_START`] is
//! `xxxxkxxxx/9/1x5x1/x1x1x1x1x/9/9/X1X1X1X1X/1X5X1/9/XXXXKXXXX w R2A2C2P5N2B2r2a2c2p5n2b2 0 1`);
//! plain xiangqi FENs (`w - - 0 1` too) read as well. Moves are ICCS (`h2e2`)
//! with the revealed piece's letter appended when a reveal happens
//! (`b0c2n`): see [`record_move`], [`parse_record_move`] and
//! [`Jieqi::apply_record`]. [`Action`] reads and writes `h2e2` and, for
//! chance, the revealed kind's letter.
//!
//! # Perft and speed
//!
//! [`perft`] counts plain xiangqi move trees (bulk counting at the last ply);
//! [`jieqi_perft_forced`] plays Jieqi with every reveal forced to the start
//! point's own piece, equal to xiangqi to depth 4 from the start. The counts
//! live in `tests/perft.txt`; `examples/perft.rs` and `benches/perft.rs` time
//! them (about 45 M nodes/s on one core of the development machine, several
//! times Fairy-Stockfish's `go perft` there).

mod game;
mod position;
mod types;

pub use game::{
    Action, Captured, CapturedReveal, Jieqi, JieqiOptions, JieqiView, Repetition,
    parse_record_move, record_move, value,
};
pub use position::{
    IllegalMove, MAX_COUNTER, MoveList, Position, jieqi_perft_forced, perft, perft_divide,
};
pub use types::{Color, Kind, Move, Piece, Rules, Square};

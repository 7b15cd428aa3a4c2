//! Go and Rengo for Veil: a fast board, the rules of Rengo as a
//! [`veil_core::Game`], a UCT-RAVE computer player, and SGF records.
//!
//! ```
//! use veil_core::{Actor, Game, Seat, Turn};
//! use veil_go::{Point, Rengo, RengoAction, RengoOptions, player};
//!
//! // Four seats: B1, W1, B2, W2 play in turn on 9×9 (komi 6.5, territory).
//! let mut game = Rengo::new(&RengoOptions::default(), 4).unwrap();
//! let e5 = Point::parse("E5", 9).unwrap();
//! game.apply(Actor::Seat(Seat(0)), RengoAction::Play(e5)).unwrap();
//! assert_eq!(game.turn(), Turn::Seat(Seat(1)));
//!
//! // W1 is a computer: it thinks in slices, as an app does between frames.
//! let mut thinker = player::RengoPlayer::new(&game.observe(Seat(1)), veil_ai::Level::Easy, None, 7);
//! while !thinker.is_finished() {
//!     thinker.run_for(std::time::Duration::from_millis(5));
//! }
//! game.apply(Actor::Seat(Seat(1)), thinker.best_action()).unwrap();
//! assert_eq!(game.turn(), Turn::Seat(Seat(2)));
//! ```
//!
//! - [`Board`]: stones, chains with pseudo-liberties (count, sum and sum of
//!   squares, so atari is exact), captures, simple ko and a Zobrist hash,
//!   all in fixed arrays: no allocation per move, `Clone` is a copy.
//! - [`Position`]: a game of Go as moves: positional superko over every
//!   position seen, passes, handicap, undo.
//! - [`scoring`]: territory with prisoners (default, komi 6.5) or area
//!   (komi 7.5), seki, and the engine's dead-stone proposal from playout
//!   ownership.
//! - [`Rengo`]: the Game — see [`rengo`] for every reading of the rules.
//! - [`engine`]: UCT with RAVE and priors over heavy playouts;
//!   [`player`]: the computer at a Rengo seat.
//! - [`sgf`]: SGF FF\[4\] records.
//!
//! # Readings of the rules (RULINGS.md §7 and the seed)
//! - Order B1, W1, B2, W2; plain Go is the same game with two seats.
//! - The three messages are actions of the seat on move (the `Game` trait
//!   lets only the seat on move act), each at most once a turn. "Shall we
//!   resign?" hands the turn to the partner, whose answer decides; no seat
//!   can resign alone in Rengo.
//! - Messages are seen by every seat: Go hides nothing, and at a real table
//!   everyone hears what partners say.
//! - Out of sequence (table mode only): the seat on move reports the stone
//!   just played, before playing ("noticed before the next play").
//!   Intentional: the offending team forfeits. Unintentional: the other
//!   team gets 3 prisoners (3 points under area scoring), and the rotation
//!   continues from the partner who really played — the turn passes to the
//!   reporter's partner. Nothing is undone.
//! - After two passes the engine proposes dead stones; the seat next in
//!   rotation toggles chains and accepts, then a seat of the other team; a
//!   toggle withdraws both acceptances; after 40 toggles only acceptance
//!   remains (so every game ends). There is no resumption of play.
//! - Seki under territory scoring: see [`scoring`].

pub mod board;
pub mod engine;
mod opening;
mod owners;
pub mod patterns;
pub mod player;
pub mod playout;
pub mod position;
pub mod rengo;
pub mod scoring;
pub mod sgf;
mod tactics;

pub use board::{Board, Color, Illegal, MAX_SIZE, Played, Point, SIZES};
pub use position::{Move, Position, handicap_points};
pub use rengo::{Entry, Message, Phase, Rengo, RengoAction, RengoOptions, RengoView};
pub use scoring::{Rules, Score, propose_dead, score};

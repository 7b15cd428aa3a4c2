//! Veil's referee: one match of any game, without Bevy, for the app's
//! table, `veil-cli` and `veil-server` alike.
//!
//! A [`Match`] holds the full state and everything needed to run it —
//! seeds, chance, computer seats thinking in slices (wasm has no threads)
//! and paced by public facts only, hints, undo points, the timeline, the
//! computer's beliefs, the move list, the review of a finished game and
//! snapshots — and hands out only what one seat may know
//! ([`Match::observe`]) or what everybody sees ([`Match::observe_public`]).
//! Only a finished game's snapshot or record carries every secret.
//!
//! ```
//! use veil_core::{Game, Seat, Turn};
//! use veil_jieqi::Jieqi;
//! use veil_match::{Match, SeatKind, Seeds};
//! use veil_ai::{Duration, Level};
//!
//! let seats = vec![SeatKind::Human, SeatKind::Computer(Level::Random)];
//! let mut m = Match::<Jieqi>::new(Default::default(), seats, Seeds::fixed(7, 2), Duration::from_secs(5));
//! // Red (a person) plays the first legal move of what it sees.
//! let Turn::Seat(red) = m.turn() else { unreachable!() };
//! let view = m.observe(red);
//! let mut legal = Vec::new();
//! Jieqi::determinize(&view, &mut veil_core::SeedableRng::seed_from_u64(1))
//!     .legal_actions(veil_core::Actor::Seat(red), &mut legal);
//! m.play(red, legal[0]).unwrap();
//! // The computer thinks in slices until its (fixed) time has passed.
//! while !m.think(Duration::from_millis(5), Duration::from_millis(100), Default::default()) {}
//! assert_eq!(m.plies, 2);
//! assert_eq!(m.log().len(), 2);
//! ```

mod any;
mod fitted;
mod game;
pub mod games;
pub mod limits;
mod referee;
pub mod save;
mod seats;

pub use any::{AnyMatch, Opening, Step, StepError, default_options, open, rebuild, resume};
pub use fitted::{CALIBRATION_SEARCH, Calibration, MOST_STRETCH, SEARCH_SHARE, fitted_wait};
pub use game::{MatchGame, Thinker};
pub use referee::{
    Asked, Change, MAX_UNDO_POINTS, Match, MatchSnapshot, Moment, Position, ReviewAt, ThinkReport,
    UndoPoint, rng_from_words, rng_words,
};
pub use seats::{LEVELS, SeatKind, Seeds, ThinkPacing, entropy, level_name, think_time};

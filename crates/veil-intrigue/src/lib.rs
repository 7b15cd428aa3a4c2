//! Intrigue for Veil: chess where each King hides off the board.
//!
//! ```
//! use veil_core::{Actor, Game, Seat, Turn};
//! use veil_intrigue::{parse_square, Action, Intrigue, IntrigueOptions};
//!
//! let mut game = Intrigue::new(&IntrigueOptions::default(), 2).unwrap();
//! // Both seats secretly choose a hiding square and an Informant pawn.
//! let white = Action::Setup { hiding: parse_square("f3").unwrap(), informant: 4 }; // the e-pawn
//! let black = Action::Setup { hiding: parse_square("d6").unwrap(), informant: 3 }; // the d-pawn
//! game.apply(Actor::Seat(Seat(0)), white).unwrap();
//! game.apply(Actor::Seat(Seat(1)), black).unwrap();
//! assert_eq!(game.turn(), Turn::Seat(Seat(0)));
//! // No King on the board: 20 pawn and knight moves, Qe1, and the reveal.
//! assert_eq!(game.observe(Seat(0)).legal_actions().len(), 22);
//!
//! for (seat, text) in [(0, "e4"), (1, "d5"), (0, "exd5")] {
//!     let action = game.parse_action(text).unwrap();
//!     game.apply(Actor::Seat(Seat(seat)), action).unwrap();
//! }
//! // exd5 took Black's Informant: Black's King appears on its hiding square.
//! assert_eq!(game.history().last().unwrap(), "exd5 (Informant: K@d6)");
//! assert!(game.is_revealed(veil_chess::Color::Black));
//! // White's pawn took with its Informant, so White may retire it.
//! assert_eq!(game.turn(), Turn::Seat(Seat(0)));
//! game.apply(Actor::Seat(Seat(0)), Action::Retire(true)).unwrap();
//! assert_eq!(game.turn(), Turn::Seat(Seat(1)));
//! ```
//!
//! TODO: rules overview.

mod eval;
mod game;
mod types;
mod view;

pub use eval::{evaluate, playout_action, score};
pub use game::{BOTH_LOSE, Intrigue, Pending, Public, RULES, start_position, value};
pub use types::{Action, IntrigueOptions, PawnState, Queens, Secret, color_of, parse_square, seat_of, square_name};
pub use view::IntrigueView;

//! Hide and Guess: each player hides five black chess pieces; together they
//! build triangles of white pieces and vote on them with a thumb, UP or DOWN,
//! both at once; each may guess the other's secret. At the end every triangle
//! pays each player its stones times the pieces it shares with their secret.
//!
//! This crate holds the rules only (no graphics), as Veil reads them
//! (RULINGS §1): a [`HideAndGuess`] is the full state and implements
//! [`veil_core::Game`]; a player sees a [`HideAndGuessView`].
//!
//! It also holds what the computer player (veil-ai's search) knows of the
//! game: a [`belief`] over every secret the other player could hide, read
//! from their thumbs, from the triangles they chose to build and from the
//! wrong guesses; states sampled from that belief; and a prior that points
//! the search at the few builds that pay and at the few likeliest secrets,
//! guessed only when the belief is concentrated enough for a guess to pay,
//! and never one already guessed wrongly.
//!
//! ```
//! use veil_core::{Actor, Game, Seat, Turn};
//! use veil_hide_and_guess::{Action, HideAndGuess, Pieces};
//!
//! let p = |text: &str| text.parse::<Pieces>().unwrap();
//! let mut game = HideAndGuess::new(&(), 2).unwrap();
//!
//! // Both hide a secret at once, then chance picks who starts.
//! game.apply(Actor::Seat(Seat(0)), Action::ChooseSecret(p("pawn queen rook rook bishop"))).unwrap();
//! game.apply(Actor::Seat(Seat(1)), Action::ChooseSecret(p("PPPRR"))).unwrap();
//! assert_eq!(game.turn(), Turn::Chance);
//! game.apply(Actor::Chance, Action::FirstPlayer(Seat(0))).unwrap();
//!
//! // Seat 0 builds "pawn pawn king"; only seat 1 puts its thumb UP.
//! game.apply(Actor::Seat(Seat(0)), Action::Build(p("pawn pawn king"))).unwrap();
//! game.apply(Actor::Seat(Seat(1)), Action::Vote(true)).unwrap();
//! // Seat 0 cannot see seat 1's thumb until it votes too.
//! assert!(game.observe(Seat(0)).opponent_has_voted);
//! game.apply(Actor::Seat(Seat(0)), Action::Vote(false)).unwrap();
//! assert_eq!(game.table().triangles[0].stones(), 1);
//!
//! // Seat 1 guesses right: one white stone per triangle, and the game ends.
//! game.apply(Actor::Seat(Seat(1)), Action::Guess(p("QRRBP"))).unwrap();
//! let outcome = game.outcome().unwrap();
//! // Seat 0 shares one piece with the triangle, seat 1 two, plus its guess.
//! assert_eq!(outcome.scores, vec![1, 3]);
//! assert_eq!(outcome.winners().collect::<Vec<_>>(), vec![Seat(1)]);
//! ```

mod ai;
mod game;
mod pieces;
mod view;

pub use ai::{Model, belief, belief_with, up_likelihood};
pub use game::{Action, End, GuessMade, HideAndGuess, Table, Triangle};
pub use pieces::{Kind, Pieces};
pub use view::HideAndGuessView;

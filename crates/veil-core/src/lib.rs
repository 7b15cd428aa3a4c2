//! The vocabulary every Veil game shares.
//!
//! A game is a [`Game`]: a full state that knows everything, from which each
//! [`Seat`] receives an [`Game::Observation`] holding only what that seat may
//! know. Whose move it is comes from [`Game::turn`]: one seat, several seats
//! choosing secretly at once, chance, or nobody because the game is over.
//! Chance is explicit: when the turn is [`Turn::Chance`] the driver asks the
//! game to [`Game::sample_chance`] with its own seeded random source, so a game
//! is replayable from its options and its list of actions ([`Record`]).
//! A spectator, who holds no seat, gets [`Game::observe_public`]: seat 0's
//! view with everything private to seat 0 left out, which every seat could
//! work out from its own view.
//!
//! ```
//! use veil_core::{Actor, Game, Turn, GameRng, SeedableRng, testing::Pig};
//!
//! // A tiny dice game that ships with the core for examples and tests.
//! let mut game = Pig::new(&Default::default(), 2).unwrap();
//! let mut rng = GameRng::seed_from_u64(7);
//! let mut actions = Vec::new();
//! while game.outcome().is_none() {
//!     let (actor, action) = match game.turn() {
//!         Turn::Chance => (Actor::Chance, game.sample_chance(&mut rng)),
//!         Turn::Seat(seat) => {
//!             game.legal_actions(Actor::Seat(seat), &mut actions);
//!             (Actor::Seat(seat), actions[0])
//!         }
//!         _ => unreachable!("pig has no simultaneous turns"),
//!     };
//!     game.apply(actor, action).expect("a legal action applies");
//! }
//! assert_eq!(game.outcome().unwrap().ranks.len(), 2);
//! ```

mod belief;
mod error;
mod game;
mod outcome;
mod record;
mod seat;

pub mod conformance;
pub mod fuzz;
pub mod limits;
pub mod testing;

pub use belief::{Belief, Fact};
pub use error::{ActionError, OptionsError, ParseError};
pub use game::{Actor, Game, StrongestBudget, Turn};
pub use outcome::Outcome;
pub use rand::{Rng, RngExt, SeedableRng};
pub use record::{Record, ReplayError};
pub use seat::{Seat, SeatSet};

/// The random source of every driver, search and test: small, fast and the
/// same stream on every platform for the same seed (desktop and wasm agree).
pub type GameRng = rand::rngs::Xoshiro256PlusPlus;

/// Plays chance and lets `choose` pick every seat's action until the game ends
/// or `max_steps` actions were applied; returns the actions in order.
///
/// Simultaneous turns are resolved seat by seat in seat order, which is what
/// any driver does: each seat's choice stays hidden from the others until the
/// game reveals them together.
pub fn play_out<G: Game>(
    game: &mut G,
    rng: &mut GameRng,
    max_steps: usize,
    mut choose: impl FnMut(&G, Seat, &[G::Action], &mut GameRng) -> G::Action,
) -> Vec<(Actor, G::Action)> {
    let mut history = Vec::new();
    let mut legal = Vec::new();
    while history.len() < max_steps {
        let actor = match game.turn() {
            Turn::Over => break,
            Turn::Chance => Actor::Chance,
            Turn::Seat(seat) => Actor::Seat(seat),
            Turn::Simultaneous(seats) => match seats.first() {
                Some(seat) => Actor::Seat(seat),
                None => break,
            },
        };
        let action = match actor {
            Actor::Chance => game.sample_chance(rng),
            Actor::Seat(seat) => {
                game.legal_actions(actor, &mut legal);
                choose(game, seat, &legal, rng)
            }
        };
        game.apply(actor, action)
            .unwrap_or_else(|e| panic!("driver chose an action the game rejects: {e}"));
        history.push((actor, action));
    }
    history
}

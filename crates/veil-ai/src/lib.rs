//! Veil's computer player, for any [`veil_core::Game`].
//!
//! ```
//! use veil_ai::{Level, choose};
//! use veil_core::{Actor, Game, Seat, testing::{HighLow, HighLowAction}};
//!
//! // Chance deals seat 0 a nine and seat 1 a two; both must now stay or fold.
//! let mut game = HighLow::new(&(), 2).unwrap();
//! game.apply(Actor::Chance, HighLowAction::Deal(9)).unwrap();
//! game.apply(Actor::Chance, HighLowAction::Deal(2)).unwrap();
//!
//! // The computer sees only seat 0's view: its own nine, not the two.
//! let view = game.observe(Seat(0));
//! let action = choose::<HighLow>(&view, Level::Normal, None, 42);
//! assert_eq!(action, HighLowAction::Stay);
//! game.apply(Actor::Seat(Seat(0)), action).unwrap();
//! ```
//!
//! The player never holds the full state: it gets a seat's
//! [`Game::Observation`] and searches with
//! single-observer information-set Monte Carlo tree search (ISMCTS, after
//! Cowling, Powley and Whitehouse). Each iteration samples a full state
//! consistent with the observation ([`Game::determinize`]),
//! walks a tree of action sequences shared by all those samples, choosing by
//! UCB1 among the actions legal in this sample (with availability counts;
//! Exp3 at simultaneous turns, see [`Search`]),
//! adds one node, plays out with the game's playout policy (cut short by its
//! evaluation where it has one), and credits every seat along the path with
//! its own reward. Chance is sampled, never chosen. A game with a wide menu
//! can give an action prior ([`Game::action_prior`]): the search then looks
//! only at the actions it weights, expands them likeliest first, and widens
//! a node progressively (a node chosen from n times considers its
//! 1 + ⌊√(2n)⌋ likeliest actions), so the budget goes where it matters.
//! A game whose secrets an opponent could exploit can ask
//! ([`Game::hide_secrets_from_opponents`]) that each iteration, at the first
//! opponent decision, goes on in a state sampled from that opponent's view,
//! so the modelled opponent does not play against the searcher's true
//! secrets (which no real opponent knows). At Hard the search also takes
//! what a game knows of its strongest play ([`SearchConfig::strongest`]):
//! an exploration constant of its own ([`Game::strongest_exploration`]),
//! contempt for draws ([`Game::draw_contempt`]) and a search budget of its
//! own ([`Game::strongest_budget`]: more iterations, trees or playout depth
//! where the game rewards them); and a game whose playout policy reads only
//! the acting seat's view can have the opponents inside the tree act by it,
//! on the secrets each holds in the sampled state
//! ([`Game::opponents_by_policy`]), instead of by statistics the tree shares
//! over every secret they might hold.
//!
//! [`Search`] runs in slices ([`Search::run`], [`Search::run_for`]) so an app
//! without threads can think between frames; [`choose`] is the one-call form.
//! The [`Level`]s go from random play through a one-ply greedy baseline to
//! three search budgets. Everything is seeded: the same observation, settings,
//! seed and iteration count give the same answer on every platform, unless a
//! time limit is set.
//!
//! [`arena::play_match`] plays whole games between levels.

pub mod arena;
mod config;
mod search;

pub use config::{Level, Method, SearchConfig};
pub use search::{ActionStats, BELIEF_SAMPLES, Search};
pub use web_time::Duration;

use veil_core::Game;

/// Decides one move at `level` for the seat that `observation` belongs to,
/// blocking until the level's budget is spent (or `think_limit`, if sooner).
///
/// # Panics
///
/// If the observer has no legal action (it is not its turn). Use
/// [`Search::best_action`] to get `None` instead.
pub fn choose<G: Game>(
    observation: &G::Observation,
    level: Level,
    think_limit: Option<Duration>,
    seed: u64,
) -> G::Action {
    let mut config = level.config();
    config.max_time = match (config.max_time, think_limit) {
        (Some(a), Some(b)) => Some(a.min(b)),
        (a, b) => a.or(b),
    };
    let mut search = Search::<G>::new(observation, config, seed);
    while !search.is_finished() {
        search.run(u32::MAX);
    }
    search.best_action().unwrap_or_else(|| {
        panic!(
            "{}: asked to choose for a seat that has no legal action",
            G::ID
        )
    })
}

#[cfg(test)]
mod tests;

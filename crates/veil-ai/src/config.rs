//! Levels and the settings they stand for.

use std::fmt;
use std::str::FromStr;

use veil_core::ParseError;
use web_time::Duration;

/// How strong the computer plays, as a player picks it.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Level {
    /// Any legal action, uniformly.
    Random,
    /// One ply deep: the action whose result, after a short playout, scores
    /// best by the game's evaluation.
    Greedy,
    /// A small search.
    Easy,
    /// A search that takes well under a second per move on one core.
    Normal,
    /// Four times Normal's search, with the game's knowledge for its
    /// strongest level where it has some ([`SearchConfig::strongest`]):
    /// a game may ask for a budget of its own there
    /// ([`veil_core::Game::strongest_budget`]: Tysiąc's Hard searches
    /// twice the level's budget; Intrigue's Hard with twice the budget,
    /// eight trees of 3 000 iterations at exploration 0.35, won no more
    /// often, see the README), weigh its actions by what it knows
    /// ([`veil_core::Game::action_prior_strongest`]: Intrigue's Hard hides
    /// its King on its own back rank) and let the opponents it imagines act
    /// on their own secrets ([`veil_core::Game::opponents_by_policy`]:
    /// Tysiąc).
    Hard,
}

impl Level {
    pub const ALL: [Level; 5] = [
        Level::Random,
        Level::Greedy,
        Level::Easy,
        Level::Normal,
        Level::Hard,
    ];

    /// The level's name on the command line and in settings.
    pub const fn name(self) -> &'static str {
        match self {
            Level::Random => "random",
            Level::Greedy => "greedy",
            Level::Easy => "easy",
            Level::Normal => "normal",
            Level::Hard => "hard",
        }
    }

    /// The search settings of this level. None has a time limit, so a
    /// level's move depends only on the observation and the seed; callers
    /// that must answer in time set `max_time` (or pass a think limit to
    /// [`crate::choose`]).
    pub fn config(self) -> SearchConfig {
        let tree = |iterations, exploration, playout_depth| SearchConfig {
            method: Method::Ismcts,
            iterations,
            max_time: None,
            exploration,
            playout_depth,
            trees: 1,
            always_search: false,
            strongest: false,
        };
        match self {
            Level::Random => SearchConfig {
                method: Method::Random,
                iterations: 0,
                ..tree(0, 0.7, 0)
            },
            // Eight determinizations, each scoring every legal action.
            Level::Greedy => SearchConfig {
                method: Method::Greedy,
                ..tree(8, 0.7, GREEDY_DEPTH)
            },
            Level::Easy => tree(300, 1.0, 12),
            Level::Normal => tree(3_000, 0.7, 12),
            Level::Hard => SearchConfig {
                strongest: true,
                ..tree(12_000, 0.7, 16)
            },
        }
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Level {
    type Err = ParseError;

    fn from_str(s: &str) -> Result<Self, ParseError> {
        veil_core::limits::check("level", s, veil_core::limits::MAX_MOVE_BYTES)?;
        Level::ALL
            .into_iter()
            .find(|level| level.name().eq_ignore_ascii_case(s.trim()))
            .ok_or_else(|| {
                ParseError::new("level", s, "expected random, greedy, easy, normal or hard")
            })
    }
}

/// Greedy scores after two more seat actions: right after its own action,
/// a game's evaluation often misses what the action sets up (in Pig, a roll
/// is worth nothing until held).
const GREEDY_DEPTH: u32 = 2;

/// How a [`crate::Search`] decides.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Method {
    /// Uniformly among the legal actions; no thinking.
    Random,
    /// Flat one-ply scoring over `iterations` determinizations.
    Greedy,
    /// Information-set Monte Carlo tree search.
    Ismcts,
}

/// The settings of one search.
#[derive(Clone, Debug, PartialEq)]
pub struct SearchConfig {
    pub method: Method,
    /// The most iterations (greedy: determinizations) a decision gets.
    pub iterations: u32,
    /// The most thinking time a decision gets, over all its slices; `None`
    /// for no limit. A search with a limit depends on the machine's speed.
    pub max_time: Option<Duration>,
    /// UCB1's exploration constant; rewards are in [0, 1].
    pub exploration: f64,
    /// Seat actions a playout plays before it is cut short with
    /// [`veil_core::Game::evaluate`] (when the game has an evaluation);
    /// `u32::MAX` plays every playout to the end.
    pub playout_depth: u32,
    /// Independent trees the ISMCTS budget is split among, one after the
    /// other; the decision sums their root statistics. Several smaller
    /// trees trade depth for a steadier answer: each tree's root values
    /// rest on its own run of sampled states, so one tree's luck (or its
    /// overfitting to the states it happened to sample) is outvoted. A
    /// game can also cap the iterations of one tree
    /// ([`veil_core::Game::max_tree_iterations`]).
    pub trees: u32,
    /// Search to the full budget even when the observer has a single legal
    /// action (or a single one the game's prior keeps). Off by default: a
    /// forced move is then answered at once. On, the time a search takes
    /// no longer tells how many actions the observer had — which can depend
    /// on its secrets (an Intrigue pawn that may retire only if it is the
    /// Informant, a Tysiąc bid above 120 only with a marriage) — so a
    /// caller whose thinking time others can watch sets it. The answer is
    /// the same either way.
    pub always_search: bool,
    /// Use the game's knowledge for its strongest level (on at Hard; games
    /// without such knowledge play alike either way): its exploration
    /// constant ([`veil_core::Game::strongest_exploration`]), its
    /// contempt for draws ([`veil_core::Game::draw_contempt`]), its prior
    /// ([`veil_core::Game::action_prior_strongest`]), its opponents acting
    /// on their own secrets by its playout policy
    /// ([`veil_core::Game::opponents_by_policy`]) and its own
    /// search budget ([`veil_core::Game::strongest_budget`]): where the
    /// game asks for them, its iterations replace `iterations`, its tree
    /// size replaces [`veil_core::Game::max_tree_iterations`] and its
    /// playout depth replaces `playout_depth` and
    /// [`veil_core::Game::max_playout_depth`].
    pub strongest: bool,
}

impl Default for SearchConfig {
    fn default() -> Self {
        Level::Normal.config()
    }
}

use std::fmt::{self, Debug};
use std::hash::Hash;

use serde::{Deserialize, Serialize, de::DeserializeOwned};

use crate::GameRng;
use crate::belief::Fact;
use crate::error::{ActionError, OptionsError};
use crate::outcome::Outcome;
use crate::seat::{Seat, SeatSet};

/// Who acts next.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub enum Turn {
    /// One seat chooses, in the open or not, as the game says.
    Seat(Seat),
    /// These seats still have to choose, each without seeing the others'
    /// choices (a thumb vote); the game reveals them together once all chose.
    Simultaneous(SeatSet),
    /// Chance acts: a reveal, a deal, a die. The driver calls
    /// [`Game::sample_chance`] with its seeded random source.
    Chance,
    /// The game has ended; [`Game::outcome`] says how.
    Over,
}

/// Who performs an action.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub enum Actor {
    Seat(Seat),
    Chance,
}

impl fmt::Display for Actor {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Actor::Seat(seat) => fmt::Display::fmt(seat, f),
            Actor::Chance => f.write_str("chance"),
        }
    }
}

/// The search budget a game asks for at the strongest level
/// ([`Game::strongest_budget`]). Each field left `None` keeps what the
/// level and the game's other hooks give; the search's documentation
/// (`veil_ai::SearchConfig::strongest`) says how they combine.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct StrongestBudget {
    /// Iterations one decision gets, over all its trees (the level's:
    /// 12 000 at Hard).
    pub iterations: Option<u32>,
    /// The most iterations one tree grows, the budget being split among as
    /// many trees as that takes; replaces [`Game::max_tree_iterations`].
    pub tree_iterations: Option<u32>,
    /// Seat actions a playout plays before the evaluation cuts it;
    /// replaces the level's depth and [`Game::max_playout_depth`].
    pub playout_depth: Option<u32>,
}

impl StrongestBudget {
    /// The level's budget, unchanged.
    pub const LEVEL: StrongestBudget = StrongestBudget {
        iterations: None,
        tree_iterations: None,
        playout_depth: None,
    };
}

/// A game's rules: the full state of one game in progress.
///
/// The full state knows every hidden thing; only the engine, the referee
/// (the app's game resource, the match runner) and tests hold it. Players —
/// people through the app, and the computer — only ever see
/// [`Game::observe`] for their own seat, and the computer rebuilds full states
/// from that with [`Game::determinize`].
///
/// Laws every game keeps (checked by [`crate::conformance`]):
/// - [`Game::apply`] succeeds exactly for the actions [`Game::legal_actions`]
///   lists (chance: the outcomes that are possible now), and a refused action
///   leaves the state unchanged.
/// - A seat's legal actions depend only on its observation.
/// - `G::determinize(&g.observe(s), rng).observe(s) == g.observe(s)`.
/// - [`Game::observe_public`] is public: every seat could work it out from
///   its own observation, so every state that seat could imagine shows it
///   alike: `G::determinize(&g.observe(s), rng).observe_public() ==
///   g.observe_public()`.
/// - Every game ends.
///
/// A spectator (online play, a broadcast table) gets
/// [`Game::observe_public`]: the table as everybody sees it. It is an
/// observation like a seat's, so whatever draws a seat's view draws it too,
/// but it holds nothing private to any seat.
pub trait Game: Clone + Debug + Serialize + DeserializeOwned + Send + Sync + 'static {
    /// The game's id on the command line and in saves ("jieqi").
    const ID: &'static str;

    /// The options a player sets before a game (the rulings marked *option*).
    type Options: Clone + Debug + Default + PartialEq + Serialize + DeserializeOwned + Send + Sync;

    /// A move, bid, vote, flick or chance outcome. Small and `Copy`.
    /// Games with continuous actions (a flick's angle and power) quantise
    /// them finely; `legal_actions` then lists a coarse menu while
    /// [`Game::apply`] accepts any value in range.
    type Action: Copy + Eq + Hash + Debug + Serialize + DeserializeOwned + Send + Sync;

    /// What one seat may know, and nothing more.
    type Observation: Clone + Debug + PartialEq + Serialize + DeserializeOwned + Send + Sync;

    /// A new game before anything happened. Deterministic: anything random
    /// (a shuffle, who starts) is a chance turn.
    fn new(options: &Self::Options, seats: usize) -> Result<Self, OptionsError>;

    /// The options this game was created with.
    fn options(&self) -> &Self::Options;

    /// How many seats play.
    fn seats(&self) -> usize;

    /// The team of a seat; seats of one team share the result. Defaults to
    /// every seat on its own.
    fn team(&self, seat: Seat) -> usize {
        seat.index()
    }

    /// Who acts next.
    fn turn(&self) -> Turn;

    /// Writes into `out` (cleared first) the actions `actor` may take now:
    /// empty when it is not `actor`'s turn. For [`Actor::Chance`] the
    /// outcomes that are possible now.
    fn legal_actions(&self, actor: Actor, out: &mut Vec<Self::Action>);

    /// Draws a chance outcome when [`Game::turn`] is [`Turn::Chance`].
    fn sample_chance(&self, rng: &mut GameRng) -> Self::Action;

    /// Plays `action` for `actor`. On error the state is unchanged.
    fn apply(
        &mut self,
        actor: Actor,
        action: Self::Action,
    ) -> Result<(), ActionError<Self::Action>>;

    /// The result, once [`Game::turn`] is [`Turn::Over`].
    fn outcome(&self) -> Option<Outcome>;

    /// What `seat` may know of the game now.
    fn observe(&self, seat: Seat) -> Self::Observation;

    /// What everybody at the table sees, and nothing private: a spectator's
    /// observation. It has the type of a seat's observation so the same table
    /// can draw it; it is drawn from seat 0's chair (`observer` of it is seat 0)
    /// but holds nothing only seat 0 may know (no hand, no own secret, no own vote…).
    fn observe_public(&self) -> Self::Observation;

    /// The seat an observation belongs to.
    fn observer(observation: &Self::Observation) -> Seat;

    /// Samples a full state consistent with `observation`: everything the
    /// observer knows is as it knows it, everything else drawn at random
    /// from what is still possible. Used by the computer player.
    fn determinize(observation: &Self::Observation, rng: &mut GameRng) -> Self;

    /// Game knowledge for the strongest level's search
    /// (`veil_ai::SearchConfig::strongest`): how far below an even share
    /// the searching seat values a drawn end (contempt), so that it plays
    /// on for a win rather than settle for a repetition. The opponents it
    /// models value the draw as much above. Defaults to 0.
    fn draw_contempt(&self) -> f64 {
        0.0
    }

    /// Game knowledge for the strongest level's search
    /// (`veil_ai::SearchConfig::strongest`): the search budget this game
    /// rewards at that level, where one budget for every game does not
    /// fit (some games gain from more search, some only from more trees).
    /// It is asked of the state the search starts from, so it may depend on
    /// the phase (bidding, play). The default, [`StrongestBudget::LEVEL`],
    /// keeps the level's budget and the game's other hooks.
    fn strongest_budget(&self) -> StrongestBudget {
        StrongestBudget::LEVEL
    }

    /// Game knowledge for the strongest level's search
    /// (`veil_ai::SearchConfig::strongest`): UCB1's exploration constant,
    /// where the game knows one that plays better than the level's. `None`
    /// (the default): the level's.
    fn strongest_exploration(&self) -> Option<f64> {
        None
    }

    /// Game knowledge for the search: an estimate in [0, 1] of `seat`'s
    /// result from here, used to cut playouts short. `None` plays out.
    fn evaluate(&self, _seat: Seat) -> Option<f64> {
        None
    }

    /// Game knowledge for the search: whether to take [`Game::evaluate`]
    /// here at once, on a chance turn too and before the level's playout
    /// depth: the end of a hand in a match of many hands, where playing on
    /// would deal another hand at random and judge that one instead.
    /// `false` (the default): the cut comes after the playout depth.
    fn evaluate_now(&self) -> bool {
        false
    }

    /// Game knowledge for the search: the action a playout takes for
    /// `seat` among `legal` (never empty). Defaults to uniform at random.
    fn playout_action(
        &self,
        _seat: Seat,
        legal: &[Self::Action],
        rng: &mut GameRng,
    ) -> Self::Action {
        use rand::RngExt;
        legal[rng.random_range(0..legal.len())]
    }

    /// Game knowledge for the search: how promising each of `actions` (the
    /// legal actions of `seat`, in that order) looks, written into `out`
    /// (cleared first) as one weight ≥ 0 per action. The search then looks
    /// only at the actions weighted above 0 and tries them in order of
    /// weight, so a game with a wide menu (Hide and Guess offers ~140
    /// actions, most of them hopeless guesses) gets its budget spent where
    /// it matters. The weights may use only what `seat` observes, like the
    /// legal actions themselves.
    ///
    /// The default leaves `out` empty: every action is searched alike. So
    /// does a wrong-length or all-zero `out`.
    fn action_prior(&self, _seat: Seat, _actions: &[Self::Action], out: &mut Vec<f64>) {
        out.clear();
    }

    /// Game knowledge for the strongest level's search
    /// (`veil_ai::SearchConfig::strongest`): [`Game::action_prior`] where
    /// the game knows more than it gives the other levels (which actions
    /// of a wide menu are worth searching at all). The same rules hold: it
    /// may use only what `seat` observes. `rng` is the search's: a game
    /// may draw which of several equally good actions come first, since
    /// the search, given equals, favours the first, and a secret choice
    /// (where to hide) that always fell on the same one could be guessed.
    /// Defaults to [`Game::action_prior`].
    fn action_prior_strongest(
        &self,
        seat: Seat,
        actions: &[Self::Action],
        out: &mut Vec<f64>,
        _rng: &mut GameRng,
    ) {
        self.action_prior(seat, actions, out);
    }

    /// Game knowledge for the strongest level's search
    /// (`veil_ai::SearchConfig::strongest`): let the opponents inside the
    /// tree act by the playout policy ([`Game::playout_action`]) on the
    /// cards each holds in the imagined state, instead of choosing by the
    /// tree's statistics. Those statistics are shared by every state the
    /// search imagines, so an opponent they model acts the same whatever it
    /// holds (it bids as if it did not know its own hand); the policy acts
    /// on its own cards. Only for a game whose playout policy uses nothing
    /// but what the acting seat observes. Off by default.
    fn opponents_by_policy(&self) -> bool {
        false
    }

    /// Game knowledge for the search: whether the searching seat should
    /// hide its own secrets from the opponents it models. The search samples
    /// full states that hold the searcher's true secrets; an opponent
    /// modelled in them learns to play against those secrets (to take the
    /// very pawn that is the searcher's Informant), a knowledge no real
    /// opponent has, and the more the search iterates the more its model
    /// exploits it ("strategy fusion"): the searcher then plays against a
    /// clairvoyant opponent and grows too cautious. With this on, the search
    /// lets the opponents act in states sampled from their own view (see the
    /// search's documentation for how). Off by default: the right choice for
    /// games whose secrets an opponent could not exploit anyway.
    fn hide_secrets_from_opponents(&self) -> bool {
        false
    }

    /// Game knowledge for the search: the most iterations one search tree
    /// should grow; a larger budget is then split among independent trees
    /// of at most this many iterations whose root statistics are summed.
    /// In a game of many hidden possibilities a big tree grows deep lines
    /// that fit the states it happened to sample and trusts them too much;
    /// several moderate trees vote more soundly. `None` (the default): one
    /// tree takes the whole budget.
    fn max_tree_iterations(&self) -> Option<u32> {
        None
    }

    /// Game knowledge for the search: the most seat actions a playout plays
    /// before [`Game::evaluate`] cuts it short, whatever the level asks for
    /// (a game whose playouts turn to noise after a while). `None` (the
    /// default): the level's depth.
    fn max_playout_depth(&self) -> Option<u32> {
        None
    }

    /// What `seat` cannot see in this state, as [`Fact`]s written into
    /// `out` (cleared first): the computer's search counts them over the
    /// states it imagines, and a review shows that [`crate::Belief`] beside
    /// the truth. Each game documents its numbering of places and values.
    /// The default lists none: the game keeps no beliefs.
    fn hidden_facts(&self, _seat: Seat, out: &mut Vec<Fact>) {
        out.clear();
    }
}

/// Marker to keep `Seat` Hash-able in action maps; `Actor` is part of a record.
#[allow(dead_code)]
fn _assert_bounds() {
    fn hashable<T: Hash + Eq + Copy + DeserializeOwned + Serialize>() {}
    hashable::<Actor>();
    hashable::<Turn>();
}

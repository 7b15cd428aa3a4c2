//! What the referee needs of a game beyond its laws: the move list's
//! words, the pause before chance, the computer and the hint, and the
//! whole truth for a finished game's review.

use veil_ai::{Duration, Level, Search};
use veil_core::{Belief, Game, Seat};

/// A game the referee can run. Every method has a default but
/// [`MatchGame::move_text`]; each of Veil's games implements it in
/// [`crate::games`], in the game's own words.
pub trait MatchGame: Game {
    /// The seat's name ("Red"): the registry's, unless the game says
    /// otherwise.
    fn seat_name(seat: Seat) -> &'static str {
        veil_games::entry(Self::ID).map_or("Player", |e| e.seat_name(seat.index()))
    }
    /// The move just made, for the move list, from an observation taken
    /// right after it (chance included); public knowledge only.
    fn move_text(after: &Self::Observation) -> Option<String>;
    /// The action `seat` just played, for the move list, from `seat`'s
    /// observation right after it (chance included). Public knowledge only:
    /// every seat and every spectator reads the same line, so games with
    /// secret actions (a hidden choice, a simultaneous vote) must not write
    /// what was chosen. By default [`MatchGame::move_text`].
    fn action_text(seat: Seat, action: &Self::Action, after: &Self::Observation) -> Option<String> {
        let _ = (seat, action);
        Self::move_text(after)
    }
    /// How long the table stays as `after` shows it before the chance that
    /// follows is drawn, in animation steps (Tysiąc: the last trick of a
    /// hand stays in view before the next deal). 0 by default: chance
    /// follows at once.
    fn chance_pause(after: &Self::Observation) -> f32 {
        let _ = after;
        0.0
    }
    /// The computer player deciding for the seat of `view` at `level`: the
    /// generic information-set search by default.
    fn computer(view: &Self::Observation, level: Level, seed: u64) -> Box<dyn Thinker<Self>>
    where
        Self: Sized,
    {
        Box::new(Search::<Self>::new(view, level.config(), seed))
    }
    /// The search behind the hint button: a capped Normal search by default.
    fn hint(view: &Self::Observation, seed: u64) -> Box<dyn Thinker<Self>>
    where
        Self: Sized,
    {
        let mut config = Level::Normal.config();
        config.iterations = config.iterations.min(1500);
        Box::new(Search::<Self>::new(view, config, seed))
    }
    /// Everything about `state` there is to know, as an observation a
    /// table can draw for `seat`: for the review of a finished game, where
    /// secrets are secrets no more. `None` (the default) for games whose
    /// observations cannot show more than a seat's own knowledge, or that
    /// hide nothing.
    fn revealed(state: &Self, seat: Seat) -> Option<Self::Observation> {
        let _ = (state, seat);
        None
    }
    /// A hidden fact ([`Game::hidden_facts`]) of `state` in the game's own
    /// words, as a move list would write it if it named it ("10♥" for a
    /// card in a Tysiąc hand, "K@e4" for where an Intrigue King hides):
    /// leak tests look for these words in what a seat that may not know it
    /// was sent. `state` is there for what the fact itself does not say
    /// (the face up of a Reality Check piece, whose a captured Jieqi piece
    /// was). `None` (the default) where the fact has no words of its own
    /// that could not turn up by chance.
    #[doc(hidden)]
    fn fact_text(state: &Self, fact: veil_core::Fact) -> Option<String>
    where
        Self: Sized,
    {
        let _ = (state, fact);
        None
    }
}

/// A computer player's decision in the making, run in per-frame slices
/// (wasm has no threads). The generic information-set [`Search`] is one;
/// a game with an engine of its own (Go, Skelly's shot search) supplies its
/// own through [`MatchGame::computer`].
pub trait Thinker<G: Game>: Send + Sync {
    /// Thinks for about `budget` of wall-clock time.
    fn run_for(&mut self, budget: Duration);
    /// The level's budget is spent (or there was nothing to think about).
    fn is_finished(&self) -> bool;
    /// The decision so far.
    fn best_action(&self) -> Option<G::Action>;
    /// What it believed of what it cannot see (`None`: it keeps no
    /// beliefs, or the game hides nothing from it).
    fn belief(&self) -> Option<Belief> {
        None
    }
    /// How far it got: the work done and the level's budget, in its own
    /// units (iterations, playouts, shots). `None`: it does not say.
    fn progress(&self) -> Option<(u32, u32)> {
        None
    }
}

impl<G: Game> Thinker<G> for Search<G> {
    fn run_for(&mut self, budget: Duration) {
        Search::run_for(self, budget);
    }
    fn is_finished(&self) -> bool {
        Search::is_finished(self)
    }
    fn best_action(&self) -> Option<G::Action> {
        Search::best_action(self)
    }
    fn belief(&self) -> Option<Belief> {
        let belief = Search::belief(self);
        (belief.samples > 0).then(|| belief.clone())
    }
    fn progress(&self) -> Option<(u32, u32)> {
        Some((self.iterations(), self.config().iterations))
    }
}

//! The computer at a Rengo or Go seat: the [`Engine`] for stones, and the
//! seat's other decisions.
//!
//! It plays its team's colour from the position as it stands — its
//! partner's stones are simply part of it. When its own estimate of the
//! team's chances falls below 5 % it asks its partner "Shall we resign?"
//! (in plain Go it resigns), and asked that question it agrees only below
//! 15 %. In counting it accepts the marking as it stands (the engine's own
//! proposal, unless a person changed it).

use veil_ai::Level;
use veil_core::{Actor, Game};
use web_time::Duration;

use crate::engine::{Engine, EngineConfig};
use crate::position::Move;
use crate::rengo::{Message, Phase, Rengo, RengoAction, RengoView};

/// Below this estimate the computer proposes to resign.
pub const PROPOSE_RESIGN: f64 = 0.05;
/// Below this estimate it agrees when its partner proposes it.
pub const AGREE_RESIGN: f64 = 0.15;
/// Playouts before the computer trusts its estimate enough to resign.
const RESIGN_MIN_PLAYOUTS: u32 = 800;

/// A decision in the making, run in slices like [`veil_ai::Search`].
pub struct RengoPlayer {
    game: Rengo,
    engine: Option<Engine>,
    immediate: Option<RengoAction>,
}

impl RengoPlayer {
    /// Starts deciding for the seat of `view` (it must be its turn).
    pub fn new(view: &RengoView, level: Level, think_limit: Option<Duration>, seed: u64) -> Self {
        let game = view.game.clone();
        let mut config = EngineConfig::level(level);
        config.max_time = think_limit;
        let (engine, immediate) = match game.phase() {
            Phase::Play | Phase::ResignQuestion { .. } => (
                Some(Engine::new(game.position(), game.komi(), config, seed)),
                None,
            ),
            _ => (None, Some(RengoAction::Accept)),
        };
        RengoPlayer {
            game,
            engine,
            immediate,
        }
    }

    pub fn is_finished(&self) -> bool {
        self.engine.as_ref().is_none_or(Engine::is_finished)
    }

    /// Thinks for about `budget`; returns the playouts run.
    pub fn run_for(&mut self, budget: Duration) -> u32 {
        self.engine.as_mut().map_or(0, |e| e.run_for(budget))
    }

    /// Thinks until the level's budget is spent.
    pub fn finish(&mut self) {
        if let Some(engine) = &mut self.engine {
            while !engine.is_finished() {
                engine.run(1024);
            }
        }
    }

    /// The decision so far.
    pub fn best_action(&self) -> RengoAction {
        if let Some(action) = self.immediate {
            return action;
        }
        let engine = self.engine.as_ref().expect("an engine when not immediate");
        let estimate = engine.win_rate();
        let trusted = engine.playouts() >= RESIGN_MIN_PLAYOUTS;
        if let Phase::ResignQuestion { .. } = self.game.phase() {
            return RengoAction::AnswerResign(trusted && estimate < AGREE_RESIGN);
        }
        if trusted && estimate < PROPOSE_RESIGN {
            let seat = match self.game.turn() {
                veil_core::Turn::Seat(s) => s,
                _ => unreachable!("a decision is asked on a seat's turn"),
            };
            let mut legal = Vec::new();
            self.game.legal_actions(Actor::Seat(seat), &mut legal);
            for wish in [
                RengoAction::Resign,
                RengoAction::Say(Message::ShallWeResign),
            ] {
                if legal.contains(&wish) {
                    return wish;
                }
            }
        }
        match engine.best_move() {
            Move::Play(p) => RengoAction::Play(p),
            Move::Pass => RengoAction::Pass,
        }
    }
}

/// Decides at once (blocking until the level's budget or `think_limit`).
pub fn choose(
    view: &RengoView,
    level: Level,
    think_limit: Option<Duration>,
    seed: u64,
) -> RengoAction {
    let mut player = RengoPlayer::new(view, level, think_limit, seed);
    player.finish();
    player.best_action()
}

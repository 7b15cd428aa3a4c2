//! The computer at a Rengo or Go seat: the [`Engine`] for stones, and the
//! seat's other decisions.
//!
//! It plays its team's colour from the position as it stands, and in
//! Rengo it plays for the team: it follows on from its partner's last
//! stone when a move there does nearly as well as its search's best, and
//! leaves the partner's plan only for a clear gain ([`follow_on`]). When its own estimate of the
//! team's chances falls below 5 % it asks its partner "Shall we resign?"
//! (in plain Go it resigns), and asked that question it agrees only below
//! 15 %. In counting it accepts the marking as it stands (the engine's own
//! proposal, unless a person changed it).

use veil_ai::Level;
use veil_core::{Actor, Game, Seat};
use web_time::Duration;

use crate::board::Point;
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
    seat: Seat,
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
            seat: view.seat,
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

    /// Playouts run and the level's budget (`None`: nothing to search).
    pub fn progress(&self) -> Option<(u32, u32)> {
        self.engine.as_ref().map(|e| (e.playouts(), e.budget()))
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
        let mut mv = engine.best_move();
        if let Some(stone) = partner_stone(&self.game, self.seat) {
            mv = follow_on(mv, &engine.root_stats(), stone);
        }
        match mv {
            Move::Play(p) => RengoAction::Play(p),
            Move::Pass => RengoAction::Pass,
        }
    }
}

/// Rengo: the most estimated win rate the computer gives up to play on
/// from its partner's last stone rather than elsewhere. A partner's stone
/// is a plan the computer cannot ask about; a move elsewhere that looks a
/// little better by its own search is as likely its search's noise as a
/// real gain, and leaving the plan half done costs the team more.
pub const FOLLOW_MARGIN: f32 = 0.03;
/// A follow-on stands at most this many lines (rows and columns) from the
/// partner's stone.
pub const FOLLOW_REACH: u8 = 2;
/// A follow-on's estimate counts only once the search visited it at least
/// this share of the best move's visits.
const FOLLOW_MIN_SHARE: f64 = 0.1;

/// In Rengo, the partner's last stone while it still stands: the stone the
/// computer may follow on from (`None` in plain Go, or when the partner's
/// last turn was a pass or its stone was taken).
pub fn partner_stone(game: &Rengo, seat: Seat) -> Option<Point> {
    if game.seats() != 4 {
        return None;
    }
    let partner = game.partner(seat);
    let last = game.log().iter().rev().find(|e| {
        e.seat == partner && matches!(e.action, RengoAction::Play(_) | RengoAction::Pass)
    })?;
    match last.action {
        RengoAction::Play(p) if game.position().board().get(p) == Some(Rengo::color_of(seat)) => {
            Some(p)
        }
        _ => None,
    }
}

/// The move a Rengo computer plays for its team: the search's `best`,
/// unless that leaves the partner's `stone` while a move on from it (within
/// [`FOLLOW_REACH`] lines) does nearly as well, by at most
/// [`FOLLOW_MARGIN`] of estimated win rate: then the best such follow-on.
/// So it follows on where that is a good move, and leaves its partner's
/// plan only for a clear gain. `stats` are the engine's root statistics
/// ([`Engine::root_stats`]: move, visits, win rate, …).
pub fn follow_on(best: Move, stats: &[(Move, u32, f32, f32, f32)], stone: Point) -> Move {
    let near = |p: Point| p.col.abs_diff(stone.col).max(p.row.abs_diff(stone.row)) <= FOLLOW_REACH;
    let Move::Play(at) = best else {
        return best;
    };
    if near(at) {
        return best;
    }
    let Some(&(_, best_visits, best_rate, _, _)) = stats.iter().find(|s| s.0 == best) else {
        return best;
    };
    let enough = ((f64::from(best_visits) * FOLLOW_MIN_SHARE).ceil() as u32).max(1);
    stats
        .iter()
        .filter(|s| matches!(s.0, Move::Play(p) if near(p)))
        .filter(|s| s.1 >= enough && s.2 >= best_rate - FOLLOW_MARGIN)
        .max_by_key(|s| s.1)
        .map_or(best, |s| s.0)
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

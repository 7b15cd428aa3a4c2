//! Time management for a game with a fixed mean time a move: a move that
//! is settled early stops early, and the time it saves goes to moves whose
//! choice is still open when their time is up (as the Monte Carlo engines
//! do: stop when the best move can no longer be overtaken, think on when
//! the two best are close).
//!
//! ```
//! use web_time::Duration;
//! use veil_go::{Position, clock::Clock, engine::{Engine, EngineConfig}};
//!
//! let mut clock = Clock::new(Duration::from_millis(40));
//! let position = Position::new(9, 0).unwrap();
//! let mut engine = Engine::new(&position, 7.5, EngineConfig::playouts(u32::MAX), 1);
//! let used = clock.think(&mut engine);
//! assert!(engine.playouts() > 0 && used > Duration::ZERO);
//! // Time saved goes to the next moves, time over comes out of them.
//! assert_eq!(clock.mean(), used);
//! ```

use web_time::{Duration, Instant};

use crate::engine::Engine;

/// Playouts run between two looks at the clock and the tree.
const SLICE: u32 = 64;

/// A mean time a move, kept over a game.
#[derive(Clone, Debug)]
pub struct Clock {
    /// The mean time a move may take.
    per_move: Duration,
    /// Time saved by moves that stopped early and not yet spent, in
    /// seconds; below zero, what the moves took over their share (a slice
    /// past the time), taken from the next move.
    bank: f64,
    used: Duration,
    moves: u32,
}

impl Clock {
    pub fn new(per_move: Duration) -> Clock {
        Clock {
            per_move,
            bank: 0.0,
            used: Duration::ZERO,
            moves: 0,
        }
    }

    /// The time saved and not yet spent.
    pub fn bank(&self) -> Duration {
        Duration::from_secs_f64(self.bank.max(0.0))
    }

    /// The mean time a move so far.
    pub fn mean(&self) -> Duration {
        self.used / self.moves.max(1)
    }

    /// Runs `engine` for one move and returns the time it took: until its
    /// move is settled ([`Engine::settled`], judged by its playout rate) or
    /// the move's time is up, then on while the choice is open
    /// ([`Engine::unstable`]), by at most one more move's time and what the
    /// bank holds. The mean never passes the time a move.
    pub fn think(&mut self, engine: &mut Engine) -> Duration {
        let started = Instant::now();
        self.think_timed(engine, |_| started.elapsed())
    }

    /// [`Clock::think`] with the time read from `now`, given the playouts
    /// run so far this move (a fake clock makes the tests exact).
    fn think_timed(
        &mut self,
        engine: &mut Engine,
        mut now: impl FnMut(u32) -> Duration,
    ) -> Duration {
        let share = self.per_move.as_secs_f64();
        // In debt, the move's own time shrinks (to half at most).
        let base = Duration::from_secs_f64((share + self.bank.min(0.0)).max(share / 2.0));
        let extra = Duration::from_secs_f64(self.bank.clamp(0.0, share));
        let done_before = engine.playouts();
        loop {
            let ran = engine.playouts() - done_before;
            let elapsed = now(ran);
            if engine.is_finished() {
                break;
            }
            if elapsed >= base {
                if elapsed >= base + extra || !engine.unstable() {
                    break;
                }
            } else if ran >= 16 * SLICE {
                // Playouts the rest of the move's time would run, at the
                // rate so far.
                let rate = f64::from(ran) / elapsed.as_secs_f64().max(1e-6);
                let remaining = (rate * (base - elapsed).as_secs_f64()) as u32;
                if engine.settled(remaining) {
                    break;
                }
            }
            engine.run(SLICE);
        }
        let used = now(engine.playouts() - done_before);
        self.used += used;
        self.moves += 1;
        // Saved time goes in the bank, time over the move's share comes out.
        self.bank += share - used.as_secs_f64();
        used
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Position;
    use crate::engine::EngineConfig;

    /// A fake clock: 10 µs a playout.
    fn fake(ran: u32) -> Duration {
        Duration::from_micros(u64::from(ran) * 10)
    }

    #[test]
    fn the_mean_stays_within_the_time_a_move() {
        let per_move = Duration::from_millis(30);
        let slice = fake(SLICE);
        let mut clock = Clock::new(per_move);
        let mut position = Position::new(9, 0).unwrap();
        let mut previous = None;
        let (mut early, mut longer) = (0, 0);
        for i in 0..40 {
            let mut engine = Engine::continued(
                previous.take(),
                &position,
                7.5,
                EngineConfig::playouts(u32::MAX),
                i,
            );
            let used = clock.think_timed(&mut engine, fake);
            // At most the move's own time and one more from the bank, and a
            // slice over.
            assert!(used <= 2 * per_move + slice, "{used:?}");
            early += usize::from(used + slice < per_move);
            longer += usize::from(used > per_move + slice);
            let mv = engine.best_move();
            let color = position.to_move();
            position.play(color, mv).unwrap();
            previous = Some(engine);
        }
        assert!(clock.mean() <= per_move + slice / 40, "{:?}", clock.mean());
        // Both ways of spending were taken: some moves settled early and
        // some open ones thought longer.
        assert!(early > 0 && longer > 0, "{early} early, {longer} longer");
    }

    #[test]
    fn a_decided_search_is_settled_and_an_open_one_unstable() {
        let position = Position::new(9, 0).unwrap();
        let mut engine = Engine::new(&position, 7.5, EngineConfig::playouts(3_000), 5);
        while !engine.is_finished() {
            engine.run(500);
        }
        // No number of playouts is too few to overtake a tie, and none
        // suffice when any playouts remain that outnumber the whole search.
        assert!(!engine.settled(u32::MAX));
        let settled_now = engine.settled(0);
        let stats = engine.root_stats();
        let mut visits: Vec<u32> = stats.iter().map(|s| s.1).collect();
        visits.sort_unstable_by(|a, b| b.cmp(a));
        assert_eq!(settled_now, visits[0] > visits[1]);
        assert!(engine.settled(visits[0] - visits[1] - 1));
        assert!(!engine.settled(visits[0] - visits[1]));
        let (a, b) = (stats[0], stats[1]);
        assert_eq!(
            engine.unstable(),
            f64::from(b.1) * 1.5 > f64::from(a.1) || (b.1 >= 100 && b.2 > a.2)
        );
    }
}

//! A wait that fits the device: how long the table shows the computer
//! thinking, stretched where this device searches the level's budget too
//! slowly to finish it in the level's [`think_time`] (the browser's
//! single-threaded wasm search, a phone, Go's Hard on a desktop).
//!
//! The speed is measured once, by [`Calibration`], on a fixed position
//! that depends only on the game's options and seat count — never on the
//! match being played — so the wait, like the fixed one, says nothing of
//! what the computer holds or how hard its position is.
//!
//! ```
//! use veil_ai::{Duration, Level};
//! use veil_match::{fitted_wait, think_time};
//! // Half the budget in 400 ms of searching: the whole would take 800 ms,
//! // which the table's slices spread over about twice that.
//! let wait = fitted_wait(Level::Normal, (3_000, 6_000), Duration::from_millis(400));
//! assert!(wait > think_time(Level::Normal));
//! // A fast device keeps the level's own wait.
//! let wait = fitted_wait(Level::Normal, (6_000, 6_000), Duration::from_millis(50));
//! assert_eq!(wait, think_time(Level::Normal));
//! ```

use veil_ai::{Duration, Level};
use veil_core::{Actor, GameRng, RngExt, Seat, SeedableRng, Turn};

use crate::game::{MatchGame, Thinker};
use crate::seats::think_time;

/// The share of the wall-clock time the table's slices give the search
/// while the computer thinks, with a margin: 8 ms of a 16.7 ms frame at 60
/// frames a second, the rest of a long frame where drawing is slow
/// (`think_slice` in the app) — about 0.45–0.5 measured — less for the
/// frames it skips and for positions slower to search than the fixed one
/// (Hide and Guess's Hard in the browser needed 0.43).
pub const SEARCH_SHARE: f64 = 0.4;

/// The most a wait is stretched: a slow device's computer plays weaker
/// rather than keep its player waiting more than this many times the
/// level's think time.
pub const MOST_STRETCH: f64 = 2.5;

/// How long the calibration searches, at most (search time, not wall
/// time): long enough for a steady rate, short enough to hide in a
/// player's first turn.
pub const CALIBRATION_SEARCH: Duration = Duration::from_millis(250);

/// Random plies played from the start before the calibration's search, so
/// that it measures a search, not an opening book or a forced first move.
const CALIBRATION_PLIES: usize = 6;

/// The wait for `level` on a device that did `progress.0` of the level's
/// budget `progress.1` in `searched` of search time: the time the whole
/// budget takes, spread over the table's frames ([`SEARCH_SHARE`]),
/// between the level's [`think_time`] and [`MOST_STRETCH`] times it.
pub fn fitted_wait(level: Level, progress: (u32, u32), searched: Duration) -> Duration {
    let base = think_time(level);
    let most = base.mul_f64(MOST_STRETCH);
    let (done, budget) = progress;
    if done == 0 {
        return if searched.is_zero() { base } else { most };
    }
    let whole = searched.mul_f64(f64::from(budget.max(done)) / f64::from(done));
    whole.div_f64(SEARCH_SHARE).clamp(base, most)
}

/// Measures how fast this device searches one level of one game (its
/// options, its seat count), in slices like the computer's own search: a
/// seeded position a few random plies from the start, the level's search
/// run on it for [`CALIBRATION_SEARCH`] or to the end of its budget.
pub struct Calibration<G: MatchGame> {
    level: Level,
    /// The position searched, the seat it searches for, and the rng of
    /// the random plies that led there.
    at: Option<(G, Seat, GameRng)>,
    search: Option<Box<dyn Thinker<G>>>,
    searched: Duration,
    /// Positions given up on: the search had nothing to think about.
    skipped: u32,
    wait: Option<Duration>,
    /// The work done of the budget and the search time it took, once
    /// measured.
    measured: Option<((u32, u32), Duration)>,
}

/// Positions a calibration moves past when its search ends at once (one
/// legal move, a forced bid), before it settles for the level's wait.
const MOST_SKIPPED: u32 = 40;

impl<G: MatchGame> Calibration<G> {
    /// The calibration of `level` for these options and seats; the
    /// position comes from a fixed seed, the same on every device.
    pub fn new(options: &G::Options, seats: usize, level: Level) -> Self {
        let mut c = Calibration {
            level,
            at: reference::<G>(options, seats),
            search: None,
            searched: Duration::ZERO,
            skipped: 0,
            wait: None,
            measured: None,
        };
        c.start_search();
        c
    }

    /// A fresh search of the position; with nothing to search (options a
    /// game refused, a level that reports no budget) the level's own wait.
    fn start_search(&mut self) {
        self.searched = Duration::ZERO;
        self.search = self
            .at
            .as_ref()
            .map(|(game, seat, _)| G::computer(&game.observe(*seat), self.level, 0x5eed_ca11));
        if self.search.as_ref().is_none_or(|s| s.progress().is_none()) {
            self.wait = Some(think_time(self.level));
            self.search = None;
        }
    }

    /// Searches for about `slice`; true once the wait is known.
    pub fn run_for(&mut self, slice: Duration) -> bool {
        if self.wait.is_some() {
            return true;
        }
        let Some(search) = self.search.as_mut() else {
            return true;
        };
        let start = web_time::Instant::now();
        search.run_for(slice.min(CALIBRATION_SEARCH.saturating_sub(self.searched)));
        self.searched += start.elapsed();
        let progress = search.progress().unwrap_or((0, 0));
        if search.is_finished() && progress.0 == 0 {
            // Finished with nothing done: nothing to think about here (a
            // forced move). One ply on, and again.
            self.skipped += 1;
            let next = self.at.take().and_then(one_ply);
            if next.is_none() || self.skipped >= MOST_SKIPPED {
                self.wait = Some(think_time(self.level));
                self.search = None;
                return true;
            }
            self.at = next;
            self.start_search();
        } else if search.is_finished() || self.searched >= CALIBRATION_SEARCH {
            self.wait = Some(fitted_wait(self.level, progress, self.searched));
            self.measured = Some((progress, self.searched));
            self.search = None;
        }
        self.wait.is_some()
    }

    /// The fitted wait, once measured.
    pub fn wait(&self) -> Option<Duration> {
        self.wait
    }

    /// What was measured: the work done of the level's budget, and the
    /// search time it took (`None` before, or where nothing could be).
    pub fn measured(&self) -> Option<((u32, u32), Duration)> {
        self.measured
    }
}

/// The calibration's position: the game from a fixed seed, random plies
/// through any setup (simultaneous turns: a secret arrangement is not what
/// the search spends a game on) and [`CALIBRATION_PLIES`] more, or as many
/// as there are before the game would end; the seat to act there, and the
/// rng for more plies.
fn reference<G: MatchGame>(options: &G::Options, seats: usize) -> Option<(G, Seat, GameRng)> {
    let game = G::new(options, seats).ok()?;
    let mut at = to_seat((game, GameRng::seed_from_u64(0xca11_b4a7e)))?;
    let mut plies = 0;
    // Bounded: a setup of a few dozen plies at most, then the few.
    for _ in 0..500 {
        let setup = matches!(at.0.turn(), Turn::Simultaneous(_));
        if !setup && plies == CALIBRATION_PLIES {
            break;
        }
        let Some(next) = one_ply(at.clone()) else {
            break;
        };
        at = next;
        plies += usize::from(!setup);
    }
    Some(at)
}

/// Draws any chance; the position with the seat to act (`None` if over).
fn to_seat<G: MatchGame>((mut game, mut rng): (G, GameRng)) -> Option<(G, Seat, GameRng)> {
    // Bounded: no game draws this much chance in a row.
    for _ in 0..1_000 {
        match game.turn() {
            Turn::Chance => {
                let chance = game.sample_chance(&mut rng);
                game.apply(Actor::Chance, chance).ok()?;
            }
            Turn::Seat(s) => return Some((game, s, rng)),
            Turn::Simultaneous(set) => return Some((game, set.first()?, rng)),
            Turn::Over => return None,
        }
    }
    None
}

/// One random legal ply on; `None` where the game would end (or has no
/// ply to play).
fn one_ply<G: MatchGame>((game, seat, mut rng): (G, Seat, GameRng)) -> Option<(G, Seat, GameRng)> {
    let mut actions = Vec::new();
    game.legal_actions(Actor::Seat(seat), &mut actions);
    if actions.is_empty() {
        return None;
    }
    let action = actions[rng.random_range(0..actions.len())];
    let mut next = game;
    next.apply(Actor::Seat(seat), action).ok()?;
    to_seat((next, rng))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_slower_device_waits_longer_up_to_the_most() {
        let ms = Duration::from_millis;
        let base = think_time(Level::Hard);
        // The whole budget in 600 ms of search: 600 / 0.4 = 1 500 ms, under
        // Hard's 2 s.
        assert_eq!(fitted_wait(Level::Hard, (30_000, 30_000), ms(600)), base);
        // A third of it in 250 ms: 750 ms for the whole, 1 875 ms of frames.
        let w = fitted_wait(Level::Hard, (10_000, 30_000), ms(250));
        assert_eq!(w, base, "{w:?}");
        // A tenth of it: 2.5 s for the whole, 6.25 s of frames, cut at 5 s.
        let w = fitted_wait(Level::Hard, (3_000, 30_000), ms(250));
        assert_eq!(w, base.mul_f64(MOST_STRETCH));
        // In between, proportional to the device's slowness.
        let w = fitted_wait(Level::Normal, (3_000, 6_000), ms(250));
        assert_eq!(w.as_millis(), (500.0 / SEARCH_SHARE) as u128);
        let slower = fitted_wait(Level::Normal, (2_000, 6_000), ms(250));
        assert!(slower > w, "{slower:?} {w:?}");
        // Nothing done in the time: as slow as can be.
        assert_eq!(
            fitted_wait(Level::Normal, (0, 6_000), ms(250)),
            think_time(Level::Normal).mul_f64(MOST_STRETCH)
        );
    }

    #[test]
    fn a_calibration_ends_within_its_search_time_and_repeats_its_position() {
        for level in [Level::Easy, Level::Normal, Level::Hard] {
            let options = veil_go::RengoOptions::default();
            let mut c = Calibration::<veil_go::Rengo>::new(&options, 2, level);
            let start = web_time::Instant::now();
            let mut slices = 0;
            while !c.run_for(Duration::from_millis(8)) {
                slices += 1;
                assert!(slices < 1_000, "a calibration that does not end");
            }
            // Slices overrun a little; a calibration is a quarter of a second.
            assert!(
                start.elapsed() < CALIBRATION_SEARCH * 3,
                "{:?}",
                start.elapsed()
            );
            let wait = c.wait().unwrap();
            let base = think_time(level);
            assert!(
                wait >= base && wait <= base.mul_f64(MOST_STRETCH),
                "{wait:?}"
            );
        }
        // The position is the seed's, not the match's: the same each time.
        let a = reference::<veil_go::Rengo>(&veil_go::RengoOptions::default(), 2).unwrap();
        let b = reference::<veil_go::Rengo>(&veil_go::RengoOptions::default(), 2).unwrap();
        assert_eq!(a.1, b.1);
        assert_eq!(a.2, b.2);
        assert_eq!(
            serde_json::to_string(&a.0).unwrap(),
            serde_json::to_string(&b.0).unwrap()
        );
    }

    #[test]
    fn refused_options_keep_the_levels_wait() {
        let mut c =
            Calibration::<veil_go::Rengo>::new(&veil_go::RengoOptions::default(), 7, Level::Hard);
        assert!(c.run_for(Duration::from_millis(1)));
        assert_eq!(c.wait(), Some(think_time(Level::Hard)));
    }
}

//! What a seat believes about what it cannot see.
//!
//! ```
//! use veil_core::{Actor, Belief, Fact, Game, GameRng, Seat, SeedableRng};
//! use veil_core::testing::{HighLow, HighLowAction};
//!
//! // Seat 0 holds a nine; seat 1's card is hidden from it.
//! let mut game = HighLow::new(&(), 2).unwrap();
//! game.apply(Actor::Chance, HighLowAction::Deal(9)).unwrap();
//! game.apply(Actor::Chance, HighLowAction::Deal(2)).unwrap();
//!
//! // The states seat 0 could imagine: its own nine, and any card for seat 1.
//! let mut belief = Belief::default();
//! let mut rng = GameRng::seed_from_u64(1);
//! for _ in 0..200 {
//!     let imagined = HighLow::determinize(&game.observe(Seat(0)), &mut rng);
//!     belief.tally(&imagined, Seat(0));
//! }
//! assert_eq!(belief.samples, 200);
//! assert_eq!(belief.places(), vec![1], "only seat 1's card is hidden");
//! let total: f64 = belief.at(1).iter().map(|(_, share)| share).sum();
//! assert!((total - 1.0).abs() < 1e-9);
//! assert!(belief.share(Fact { place: 1, what: 2 }) > 0.0);
//! ```

use serde::{Deserialize, Serialize};

use crate::game::Game;
use crate::seat::Seat;

/// One hidden fact of a full state: `what` is at `place`, both in the
/// game's own numbering (a square and a piece, a hand and a card), which
/// the game documents with its [`Game::hidden_facts`].
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Serialize, Deserialize)]
#[serde(from = "(u16, u16)", into = "(u16, u16)")]
pub struct Fact {
    pub place: u16,
    pub what: u16,
}

impl From<(u16, u16)> for Fact {
    fn from((place, what): (u16, u16)) -> Self {
        Fact { place, what }
    }
}

impl From<Fact> for (u16, u16) {
    fn from(f: Fact) -> Self {
        (f.place, f.what)
    }
}

/// How often each hidden fact held among the full states a seat imagined
/// (the computer's determinizations): its belief about what it could not
/// see. Counts are kept sorted by fact; a fact never seen is absent.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Belief {
    /// How many states were counted.
    pub samples: u32,
    pub counts: Vec<(Fact, u32)>,
}

impl Belief {
    /// Counts the facts of `state` that `seat` cannot see.
    pub fn tally<G: Game>(&mut self, state: &G, seat: Seat) {
        let mut facts = Vec::new();
        state.hidden_facts(seat, &mut facts);
        self.add(&facts);
    }

    /// Counts one imagined state whose hidden facts are `facts`.
    pub fn add(&mut self, facts: &[Fact]) {
        self.samples = self.samples.saturating_add(1);
        for &fact in facts {
            match self.counts.binary_search_by(|(f, _)| f.cmp(&fact)) {
                Ok(i) => self.counts[i].1 = self.counts[i].1.saturating_add(1),
                Err(i) => self.counts.insert(i, (fact, 1)),
            }
        }
    }

    /// The share of imagined states in which `fact` held, in [0, 1].
    pub fn share(&self, fact: Fact) -> f64 {
        if self.samples == 0 {
            return 0.0;
        }
        match self.counts.binary_search_by(|(f, _)| f.cmp(&fact)) {
            Ok(i) => f64::from(self.counts[i].1.min(self.samples)) / f64::from(self.samples),
            Err(_) => 0.0,
        }
    }

    /// The places the belief is about, in order.
    pub fn places(&self) -> Vec<u16> {
        let mut places: Vec<u16> = self.counts.iter().map(|(f, _)| f.place).collect();
        places.dedup();
        places
    }

    /// What was believed of `place`: each `what` with its share, likeliest
    /// first.
    pub fn at(&self, place: u16) -> Vec<(u16, f64)> {
        let mut out: Vec<(u16, f64)> = self
            .counts
            .iter()
            .filter(|(f, _)| f.place == place)
            .map(|(f, _)| (f.what, self.share(*f)))
            .collect();
        out.sort_by(|a, b| b.1.total_cmp(&a.1).then(a.0.cmp(&b.0)));
        out
    }

    /// Whether the counts are consistent (a belief read from a save comes
    /// from outside): sorted, no fact twice, no count above the samples.
    pub fn is_valid(&self) -> bool {
        self.counts.windows(2).all(|w| w[0].0 < w[1].0)
            && self.counts.iter().all(|(_, n)| *n <= self.samples)
    }
}

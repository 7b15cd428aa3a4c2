use serde::{Deserialize, Serialize};

use crate::seat::Seat;

/// How a game ended: each seat's final score and place.
///
/// `ranks[s]` is seat `s`'s place, 0 for first; tied seats share a place and
/// team-mates share their team's place. A two-seat draw is `ranks == [0, 0]`.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct Outcome {
    pub scores: Vec<i64>,
    pub ranks: Vec<u8>,
    /// Why the game ended, in words ("checkmate", "threefold repetition").
    pub reason: String,
}

impl Outcome {
    /// Two seats, `winner` first.
    pub fn win(winner: Seat, seats: usize, reason: impl Into<String>) -> Self {
        let ranks = Seat::all(seats).map(|s| u8::from(s != winner)).collect();
        let scores = Seat::all(seats).map(|s| i64::from(s == winner)).collect();
        Outcome {
            scores,
            ranks,
            reason: reason.into(),
        }
    }

    /// Every seat shares first place.
    pub fn draw(seats: usize, reason: impl Into<String>) -> Self {
        Outcome {
            scores: vec![0; seats],
            ranks: vec![0; seats],
            reason: reason.into(),
        }
    }

    /// Places from scores, highest first; equal scores share a place.
    pub fn from_scores(scores: Vec<i64>, reason: impl Into<String>) -> Self {
        let ranks = scores
            .iter()
            .map(|mine| scores.iter().filter(|other| *other > mine).count() as u8)
            .collect();
        Outcome {
            scores,
            ranks,
            reason: reason.into(),
        }
    }

    /// The seats in first place.
    /// Checks an outcome read from outside data against the game's seat
    /// count: one score and one rank per seat, so that nothing indexing them
    /// by seat can panic.
    pub fn check(&self, seats: usize) -> Result<(), String> {
        if self.scores.len() != seats || self.ranks.len() != seats {
            return Err(format!(
                "the outcome names {} scores and {} ranks for {seats} seats",
                self.scores.len(),
                self.ranks.len()
            ));
        }
        Ok(())
    }

    pub fn winners(&self) -> impl Iterator<Item = Seat> + '_ {
        self.ranks
            .iter()
            .enumerate()
            .filter(|(_, r)| **r == 0)
            .map(|(i, _)| Seat(i as u8))
    }

    /// True when every seat shares first place.
    pub fn is_draw(&self) -> bool {
        self.ranks.iter().all(|r| *r == 0)
    }

    /// The seat's result in [0, 1] for the search: the share of the other
    /// seats it finished ahead of, a tie counting half. A two-seat win is 1,
    /// a draw 0.5, a loss 0.
    pub fn reward(&self, seat: Seat) -> f64 {
        let n = self.ranks.len();
        if n < 2 {
            return 1.0;
        }
        // A seat the outcome does not name (malformed data) gets a draw's reward.
        let Some(&mine) = self.ranks.get(seat.index()) else {
            return 0.5;
        };
        let beaten = self.ranks.iter().filter(|r| **r > mine).count() as f64;
        let tied = self.ranks.iter().filter(|r| **r == mine).count() as f64 - 1.0;
        (beaten + 0.5 * tied) / (n as f64 - 1.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rewards() {
        let win = Outcome::win(Seat(1), 2, "mate");
        assert_eq!(win.reward(Seat(1)), 1.0);
        assert_eq!(win.reward(Seat(0)), 0.0);
        assert_eq!(win.winners().collect::<Vec<_>>(), vec![Seat(1)]);
        let draw = Outcome::draw(2, "repetition");
        assert_eq!(draw.reward(Seat(0)), 0.5);
        assert!(draw.is_draw());
        let three = Outcome::from_scores(vec![1000, 400, 1000], "1000 reached");
        assert_eq!(three.ranks, vec![0, 2, 0]);
        assert_eq!(three.reward(Seat(0)), 0.75);
        assert_eq!(three.reward(Seat(1)), 0.0);
    }
}

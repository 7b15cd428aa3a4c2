use std::fmt;

use serde::{Deserialize, Serialize};

use crate::error::{ActionError, OptionsError};
use crate::game::{Actor, Game};
use crate::limits::{MAX_RECORD_ACTIONS, MAX_RECORD_BYTES, too_long};

/// A whole game as data: its options, seat count and every action in order
/// (chance outcomes included). Replaying it rebuilds the same state; it is
/// what saves and replays store.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
#[serde(bound = "")]
pub struct Record<G: Game> {
    pub game: String,
    pub options: G::Options,
    pub seats: usize,
    pub actions: Vec<(Actor, G::Action)>,
}

/// Why a record could not be replayed. Nothing is lost: the record is intact.
#[derive(Clone, PartialEq, Debug)]
pub enum ReplayError<A> {
    WrongGame {
        expected: &'static str,
        found: String,
    },
    Options(OptionsError),
    /// Action number `index` (from 0) names a seat the game does not have.
    NoSuchSeat {
        index: usize,
        actor: Actor,
    },
    /// Action number `index` (from 0) was refused.
    Action {
        index: usize,
        error: ActionError<A>,
    },
}

impl<A: fmt::Debug> fmt::Display for ReplayError<A> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReplayError::WrongGame { expected, found } => {
                write!(f, "the record is of {found:?}, not {expected:?}")
            }
            ReplayError::Options(e) => e.fmt(f),
            ReplayError::NoSuchSeat { index, actor } => write!(
                f,
                "action {index}: played by {actor}, but the game has no such seat"
            ),
            ReplayError::Action { index, error } => write!(f, "action {index}: {error}"),
        }
    }
}

impl<A: fmt::Debug> std::error::Error for ReplayError<A> {}

impl<G: Game> Record<G> {
    pub fn new(options: G::Options, seats: usize) -> Self {
        Record {
            game: G::ID.to_owned(),
            options,
            seats,
            actions: Vec::new(),
        }
    }

    /// Rebuilds the game this record describes.
    pub fn replay(&self) -> Result<G, ReplayError<G::Action>> {
        if self.game != G::ID {
            return Err(ReplayError::WrongGame {
                expected: G::ID,
                found: self.game.clone(),
            });
        }
        let mut game = G::new(&self.options, self.seats).map_err(ReplayError::Options)?;
        for (index, (actor, action)) in self.actions.iter().enumerate() {
            // Refused here, for every game, before any game indexes by it.
            if let Actor::Seat(seat) = actor
                && seat.index() >= game.seats()
            {
                return Err(ReplayError::NoSuchSeat {
                    index,
                    actor: *actor,
                });
            }
            game.apply(*actor, *action)
                .map_err(|error| ReplayError::Action { index, error })?;
        }
        Ok(game)
    }

    /// Reads a record saved as JSON; a corrupt file is an error, not a
    /// panic. A text over [`MAX_RECORD_BYTES`] is refused unread, and a
    /// record of more than [`MAX_RECORD_ACTIONS`] actions before it is
    /// replayed.
    pub fn from_json(text: &str) -> Result<Self, serde_json::Error> {
        use serde::de::Error;
        if text.len() > MAX_RECORD_BYTES {
            return Err(Error::custom(format!(
                "the record is {}",
                too_long(text.len(), MAX_RECORD_BYTES)
            )));
        }
        let record: Self = serde_json::from_str(text)?;
        if record.actions.len() > MAX_RECORD_ACTIONS {
            return Err(Error::custom(format!(
                "the record has {} actions, more than the {MAX_RECORD_ACTIONS} Veil reads",
                record.actions.len()
            )));
        }
        Ok(record)
    }

    pub fn to_json(&self) -> String {
        serde_json::to_string(self).expect("records always serialise")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Seat;
    use crate::testing::{Pig, PigAction, PigOptions};

    #[test]
    fn replay_refuses_a_seat_the_game_does_not_have() {
        let mut record = Record::<Pig>::new(PigOptions::default(), 2);
        record.actions.push((Actor::Seat(Seat(0)), PigAction::Roll));
        record.actions.push((Actor::Seat(Seat(8)), PigAction::Hold));
        let text = record.to_json();
        let read = Record::<Pig>::from_json(&text).unwrap();
        let error = read.replay().unwrap_err();
        assert_eq!(
            error,
            ReplayError::NoSuchSeat {
                index: 1,
                actor: Actor::Seat(Seat(8))
            }
        );
        assert!(error.to_string().contains("no such seat"), "{error}");
        record.actions[1].0 = Actor::Seat(Seat(2));
        assert!(matches!(
            record.replay(),
            Err(ReplayError::NoSuchSeat { index: 1, .. })
        ));
    }

    #[test]
    fn records_past_their_bounds_are_refused() {
        // Past the bytes: refused before serde_json sees a byte of it.
        let huge = " ".repeat(MAX_RECORD_BYTES + 1);
        let e = Record::<Pig>::from_json(&huge).unwrap_err();
        assert!(
            e.to_string()
                .contains("too long: 16 777 217 bytes (at most 16 777 216)"),
            "{e}"
        );
        // At the most actions it reads, and one more.
        let mut record = Record::<Pig>::new(PigOptions::default(), 2);
        record.actions = vec![(Actor::Seat(Seat(0)), PigAction::Roll); MAX_RECORD_ACTIONS];
        assert_eq!(Record::<Pig>::from_json(&record.to_json()).unwrap(), record);
        record.actions.push((Actor::Seat(Seat(0)), PigAction::Hold));
        let e = Record::<Pig>::from_json(&record.to_json()).unwrap_err();
        assert!(e.to_string().contains("100001 actions"), "{e}");
    }
}

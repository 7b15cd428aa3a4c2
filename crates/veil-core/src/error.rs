use std::fmt;

use serde::{Deserialize, Serialize};

use crate::game::Actor;

/// Why an action was refused. The state it was offered to is unchanged, and
/// the rejected action is handed back.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub enum ActionError<A> {
    /// The game has ended; nothing more can be played.
    GameOver { action: A },
    /// It is not this actor's turn (or it already chose in a simultaneous turn).
    NotYourTurn { actor: Actor, action: A },
    /// The actor may act, but not this action; `reason` says why in words.
    Illegal {
        actor: Actor,
        action: A,
        reason: String,
    },
}

impl<A> ActionError<A> {
    /// The action that was rejected.
    pub fn action(&self) -> &A {
        match self {
            ActionError::GameOver { action }
            | ActionError::NotYourTurn { action, .. }
            | ActionError::Illegal { action, .. } => action,
        }
    }
}

impl<A: fmt::Debug> fmt::Display for ActionError<A> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ActionError::GameOver { action } => write!(f, "{action:?}: the game is over"),
            ActionError::NotYourTurn { actor, action } => {
                write!(f, "{action:?}: it is not {actor}'s turn")
            }
            ActionError::Illegal {
                actor,
                action,
                reason,
            } => {
                write!(f, "{action:?} by {actor} is illegal: {reason}")
            }
        }
    }
}

impl<A: fmt::Debug> std::error::Error for ActionError<A> {}

/// A game's options or seat count cannot make a game.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct OptionsError {
    pub reason: String,
}

impl OptionsError {
    pub fn new(reason: impl Into<String>) -> Self {
        OptionsError {
            reason: reason.into(),
        }
    }
}

impl fmt::Display for OptionsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "impossible options: {}", self.reason)
    }
}

impl std::error::Error for OptionsError {}

/// Text (a FEN, a move, an SGF…) that could not be read. Hands back the text.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct ParseError {
    /// What was being read, e.g. "FEN" or "ICCS move".
    pub what: &'static str,
    /// The rejected input.
    pub input: String,
    /// What is wrong with it.
    pub reason: String,
}

impl ParseError {
    pub fn new(what: &'static str, input: impl Into<String>, reason: impl Into<String>) -> Self {
        ParseError {
            what,
            input: input.into(),
            reason: reason.into(),
        }
    }
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "invalid {} {:?}: {}", self.what, self.input, self.reason)
    }
}

impl std::error::Error for ParseError {}

//! Why an action was refused. The state is never changed by a refused action.

use super::power::Power;
use serde::{Deserialize, Serialize};

/// A refused action: what was wrong, and where useful what is allowed instead.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error, Serialize, Deserialize)]
pub enum RuleError {
    /// It is not this power's turn to decide.
    #[error("it is not {power}'s turn to act; waiting for {waiting}")]
    NotYourTurn {
        /// Who tried.
        power: Power,
        /// Who is awaited, as text.
        waiting: String,
    },
    /// The action does not fit the current decision.
    #[error("{action} is not possible now: {reason}")]
    WrongTime {
        /// The action's name.
        action: String,
        /// Why, and what is expected instead.
        reason: String,
    },
    /// A named thing (space, card, leader) does not exist.
    #[error("unknown {what} `{name}`{hint}")]
    Unknown {
        /// "space", "card" …
        what: &'static str,
        /// The name given.
        name: String,
        /// A suggestion, starting with "; ".
        hint: String,
    },
    /// The rules forbid it.
    #[error("{0}")]
    Illegal(String),
    /// The game is over.
    #[error("the game is over")]
    GameOver,
}

impl RuleError {
    /// A rules refusal with a plain message.
    pub fn illegal(msg: impl Into<String>) -> RuleError {
        RuleError::Illegal(msg.into())
    }
}

/// Shorthand for engine results.
pub type RuleResult<T> = Result<T, RuleError>;

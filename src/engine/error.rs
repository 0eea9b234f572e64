//! Why an action was refused. The state is never changed by a refused action.
//!
//! Errors are data ([`Refusal`], [`Awaiting`], [`ActionKind`]): the table's catalogue words them
//! in the game's language. `Display` here is a terse English fallback for logs and tools.

use super::action::ActionKind;
use super::game::Awaiting;
use super::power::Power;
use super::refusal::Refusal;
use super::ruleset::Ruleset;
use serde::{Deserialize, Serialize};
use std::fmt;

/// A refused action: what was wrong, and where useful what is allowed instead.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error, Serialize, Deserialize)]
pub enum RuleError {
    /// It is not this power's turn to decide.
    #[error("not {power}'s turn; waiting: {}", waiting)]
    NotYourTurn {
        /// Who tried.
        power: Power,
        /// Who is awaited, and for what.
        waiting: Awaiting,
    },
    /// The action does not fit the current decision.
    #[error("{action} not possible now; waiting: {}", waiting)]
    WrongTime {
        /// The kind of action tried.
        action: ActionKind,
        /// Who is awaited, and for what.
        waiting: Awaiting,
    },
    /// A named thing (space, card, leader) does not exist.
    #[error("unknown {what} `{name}`")]
    Unknown {
        /// What was looked up: `space`, `card`, `leader` (the catalogue translates these).
        what: &'static str,
        /// The name given.
        name: String,
        /// The closest known names, best first (the table words the suggestion).
        near: Vec<String>,
    },
    /// The rules forbid it.
    #[error("{0}")]
    Illegal(Refusal),
    /// The game is over.
    #[error("the game is over")]
    GameOver,
}

impl From<Refusal> for RuleError {
    fn from(r: Refusal) -> Self {
        RuleError::Illegal(r)
    }
}

impl RuleError {
    /// The terse text with spaces named by data id (`PARIS`) rather than by index.
    pub fn with_ids<'a>(&'a self, rs: &'a Ruleset) -> impl fmt::Display + 'a {
        struct W<'a>(&'a RuleError, &'a Ruleset);
        impl fmt::Display for W<'_> {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                match self.0 {
                    RuleError::Illegal(r) => r.with_ids(self.1).fmt(f),
                    e => e.fmt(f),
                }
            }
        }
        W(self, rs)
    }
}

/// Terse: `england (Impulse)`, for logs (the catalogue words it for players).
impl fmt::Display for Awaiting {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Awaiting::One { power, decision } => write!(f, "{power} ({decision:?})"),
            Awaiting::Simultaneous { pending, decision } => {
                let p: Vec<&str> = pending.iter().map(|p| p.as_str()).collect();
                write!(f, "{} ({decision:?})", p.join(", "))
            }
            Awaiting::Over { .. } => f.write_str("nobody (game over)"),
        }
    }
}

/// Shorthand for engine results.
pub type RuleResult<T> = Result<T, RuleError>;

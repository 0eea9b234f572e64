//! The pure rules engine: no I/O, no clock, no global randomness.
//!
//! - [`power`]: powers, minors, factions and the other small vocabulary types;
//! - [`ruleset`]: the game's content (built by `crate::data` from `map_data/`);
//! - [`board`]: map state, control, religion, forces and diplomacy, with the queries the rules use;
//! - [`error`] and [`refusal`]: why an action is refused, as data (the table words it);
//! - [`game`]: the game state, `awaiting`, `apply` and the automatic steps, with the rules split
//!   by topic into [`cards`], [`diplomacy`], [`military`] (CP actions) with the land chapters
//!   [`movement`], [`interception`], [`battle`], [`siege`] and [`control`] over the decision
//!   stack [`steps`], [`turn`] (winter, next turn),
//!   [`victory`] and [`adjust`] (table-mode fixes); [`legal`] lists legal actions and [`view`]
//!   filters what a viewer may see; the seed powers' own rules live in [`protestant`] (revolts,
//!   capitals, leaders), [`foreign_war`] (R-FW-*) and [`minor`] (minor powers); [`religion`] holds
//!   conversion attempts and the English Catholic rebellion (our reconstruction, X-REL-*);
//!   [`marriage`] and [`espionage`] hold royal marriages and spies (our reconstruction,
//!   X-MARRIAGE-*, X-SPY-*).
pub mod action;
pub mod adjust;
pub mod battle;
pub mod board;
pub mod cards;
pub mod control;
pub mod diplomacy;
pub mod error;
pub mod espionage;
pub mod event;
pub mod foreign_war;
pub mod game;
pub mod inactive;
pub mod influence;
pub mod interception;
pub mod legal;
pub mod mandatory;
pub mod marriage;
pub mod military;
pub mod minor;
pub mod minor_war;
pub mod movement;
pub mod names;
pub mod naval;
pub mod peace;
pub mod piracy;
pub mod power;
pub mod protestant;
pub mod question;
pub mod refusal;
pub mod refusal_rows;
pub mod religion;
pub mod ruleset;
pub mod siege;
pub mod steps;
pub mod treasure;
pub mod treaty;
pub mod turn;
pub mod turn_data;
pub mod upgrade;
pub mod victory;
pub mod view;
pub mod windows;
pub mod winter;

pub use action::{
    Action, ActionKind, Adjustment, CardMode, CardPlace, LeaderEntry, UnitKind, Units,
};
pub use error::RuleError;
pub use event::{EndReason, Event, EventKind, PhaseName, RevealReason, Visibility};
pub use game::{Awaiting, Decision, Game, GameOptions, Stage};
pub use power::{Owner, Power, PowerSet};
pub use refusal::Refusal;
pub use ruleset::{Ruleset, SpaceId};
pub use view::{View, Viewer};

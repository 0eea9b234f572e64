//! The pure rules engine: no I/O, no clock, no global randomness.
//!
//! - [`power`]: powers, minors, factions and the other small vocabulary types;
//! - [`ruleset`]: the game's content (built by `crate::data` from `map_data/`);
//! - [`board`]: map state, control, religion, forces and diplomacy, with the queries the rules use.
pub mod board;
pub mod power;
pub mod ruleset;

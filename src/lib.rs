//! vqbot: a Discord table for games of *Virgin Queen: Wars of Religion 1559–1598*.
//!
//! Layers (dependencies point downwards only):
//! - [`discord`] and the command line front ends speak to
//! - [`table`], the transport-agnostic table (commands, seats, outbox), which uses
//! - [`engine`] (pure rules), [`store`] (SQLite) and [`render`] (map images);
//! - [`data`] reads `map_data/` into the engine's ruleset types.
pub mod cli;
pub mod config;
pub mod data;
pub mod discord;
pub mod engine;
pub mod locale;
pub mod position;
pub mod render;
pub mod store;
pub mod table;
pub mod vassal;

//! Opening the store of a terminal or bot session.
//!
//! Until the SQLite store (`crate::store`) is part of the build, games are kept in memory and
//! a warning says so.

use std::path::Path;

use super::persist::{GameStore, MemStore};

/// Opens the game file at `path`.
pub fn open(path: &Path) -> Result<Box<dyn GameStore>, String> {
    eprintln!(
        "note: the SQLite store is not in this build yet; games are kept in memory, not in {}",
        path.display()
    );
    Ok(Box::new(MemStore::new()))
}

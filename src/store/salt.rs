//! Games whose Empire secret choice was taken back and whose next choice needs a fresh salt
//! (`migrations/0004_fresh_salt.sql`): kept in the file so that a restart between the take-back
//! and the new choice does not repeat the old commitment.

use rusqlite::{params, OptionalExtension};

use super::error::Result;
use super::{GameId, Store};

impl Store {
    /// Whether the game's next secret choice needs a fresh salt.
    pub fn fresh_salt(&self, game: GameId) -> Result<bool> {
        Ok(self
            .conn
            .prepare_cached("SELECT 1 FROM fresh_salt WHERE game_id = ?1")?
            .query_row([game.0], |_| Ok(()))
            .optional()?
            .is_some())
    }

    /// Records (`true`) or clears (`false`) that need; setting it twice is harmless.
    pub fn set_fresh_salt(&mut self, game: GameId, on: bool) -> Result<()> {
        let sql = if on {
            "INSERT OR IGNORE INTO fresh_salt (game_id) VALUES (?1)"
        } else {
            "DELETE FROM fresh_salt WHERE game_id = ?1"
        };
        self.check_file()?;
        self.conn.prepare_cached(sql)?.execute(params![game.0])?;
        self.committed()
    }
}

//! The people around a game's seats (`migrations/0007_absence.sql`): deputies, spectators,
//! digest switches and the replacement time, as the table's one JSON document per game.

use rusqlite::{params, OptionalExtension};

use super::error::Result;
use super::{check_json, now_ms, GameId, Store};

impl Store {
    /// The game's absence document (`table::absence::Absence` as JSON), if one was stored.
    pub fn absence_state(&self, game: GameId) -> Result<Option<String>> {
        Ok(self
            .conn
            .prepare_cached("SELECT state_json FROM absence WHERE game_id = ?1")?
            .query_row([game.0], |r| r.get(0))
            .optional()?)
    }

    /// Stores the game's absence document, replacing the previous one.
    pub fn set_absence_state(&mut self, game: GameId, state_json: &str) -> Result<()> {
        check_json("absence state", state_json)?;
        self.check_file()?;
        self.conn
            .prepare_cached(
                "INSERT INTO absence (game_id, state_json, updated_at) VALUES (?1, ?2, ?3)
                 ON CONFLICT (game_id) DO UPDATE
                    SET state_json = excluded.state_json, updated_at = excluded.updated_at",
            )?
            .execute(params![game.0, state_json, now_ms()])?;
        self.committed()
    }
}

//! Tools for the server operator: every game in the file at a glance, and a consistent copy of
//! the whole database taken while the bot keeps running.

use std::path::Path;

use super::{game_from_row, read_game_row, GameRecord, Result, Store, StoreError, GAME_COLUMNS};

/// One game with the size of its log, for listings.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameListing {
    /// The game's record.
    pub game: GameRecord,
    /// How many actions its log holds.
    pub actions: u64,
}

impl Store {
    /// Every game in the database, all channels, oldest first, with the length of its log.
    pub fn all_games(&self) -> Result<Vec<GameListing>> {
        let sql = format!(
            "SELECT {GAME_COLUMNS}, \
             (SELECT COUNT(*) FROM actions a WHERE a.game_id = games.id) \
             FROM games ORDER BY id"
        );
        let mut stmt = self.conn.prepare(&sql)?;
        let columns = GAME_COLUMNS.split(',').count();
        let rows = stmt
            .query_map([], |r| Ok((read_game_row(r)?, r.get::<_, i64>(columns)?)))?
            .collect::<rusqlite::Result<Vec<_>>>()?;
        rows.into_iter()
            .map(|(row, n)| {
                Ok(GameListing {
                    game: game_from_row(row)?,
                    actions: u64::try_from(n)
                        .map_err(|_| StoreError::BadData(format!("negative action count {n}")))?,
                })
            })
            .collect()
    }

    /// Writes a consistent, compacted copy of the whole database to `out` (SQLite's
    /// `VACUUM INTO`). Safe while the bot runs: the copy is one read transaction, so it holds
    /// every action committed before it started and nothing half-written. `out` must not exist.
    pub fn backup_to(&self, out: &Path) -> Result<()> {
        let refuse = |why| StoreError::BackupTarget {
            path: out.to_path_buf(),
            why,
        };
        if out.exists() {
            return Err(refuse("the file exists, and a backup never overwrites one"));
        }
        let target = out
            .to_str()
            .ok_or_else(|| refuse("the path is not UTF-8"))?;
        self.conn.execute("VACUUM INTO ?1", [target])?;
        Ok(())
    }
}

//! The table's [`GameStore`] over the SQLite store (`crate::store`), so games, seats and the
//! action log survive a restart of the bot.
//!
//! Stopgap: the table layer is meant to ship this adapter itself (`table::sqlite`); until it
//! does, the bot keeps its own, and switches to the table's once it lands.

use std::path::Path;

use crate::store::{ActionRecord, ChannelKey, GameId, GameRecord, GameStatus, NewGame, Store};
use crate::table::persist::PResult;
use crate::table::{Channel, GameRow, GameStore, LogRow, PersistError, Status};

/// A [`GameStore`] backed by one SQLite file.
pub struct SqliteGames {
    store: Store,
    ruleset: String,
}

fn err(e: impl std::fmt::Display) -> PersistError {
    PersistError(e.to_string())
}

fn key(c: Channel) -> ChannelKey {
    ChannelKey::guild(c.guild, c.channel)
}

fn status_out(s: Status) -> GameStatus {
    match s {
        Status::Lobby => GameStatus::Lobby,
        Status::Active => GameStatus::Active,
        Status::Finished => GameStatus::Finished,
    }
}

fn row_of(r: GameRecord) -> GameRow {
    GameRow {
        id: r.id.0,
        channel: Channel {
            guild: r.channel.guild_id,
            channel: r.channel.channel_id,
        },
        status: match r.status {
            GameStatus::Lobby => Status::Lobby,
            GameStatus::Active => Status::Active,
            GameStatus::Finished | GameStatus::Abandoned => Status::Finished,
        },
        scenario: r.scenario,
        options_json: r.options_json,
        seed: r.seed,
        seed_commitment: r.seed_commitment,
        locale: r.locale,
        created_by: r.created_by,
    }
}

impl SqliteGames {
    /// Opens (and if needed creates) the database at `path`.
    pub fn open(path: &Path, ruleset: &str) -> Result<SqliteGames, String> {
        let store = Store::open(path).map_err(|e| e.to_string())?;
        Ok(SqliteGames {
            store,
            ruleset: ruleset.to_string(),
        })
    }

    fn update(&self, sql: &str, value: &str, id: i64) -> PResult<()> {
        self.store
            .connection()
            .execute(sql, rusqlite::params![value, id])
            .map_err(err)?;
        Ok(())
    }
}

impl GameStore for SqliteGames {
    fn create(&mut self, row: &GameRow) -> PResult<GameRow> {
        let rec = self
            .store
            .create_game(&NewGame {
                channel: key(row.channel),
                status: GameStatus::Lobby,
                ruleset: self.ruleset.clone(),
                scenario: row.scenario.clone(),
                options_json: row.options_json.clone(),
                seed: row.seed.clone(),
                seed_commitment: row.seed_commitment.clone(),
                locale: row.locale.clone(),
                created_by: row.created_by,
                engine_version: env!("CARGO_PKG_VERSION").to_string(),
            })
            .map_err(err)?;
        Ok(row_of(rec))
    }

    fn open_game(&self, channel: Channel) -> PResult<Option<GameRow>> {
        Ok(self.store.open_game(key(channel)).map_err(err)?.map(row_of))
    }

    fn set_status(&mut self, id: i64, status: Status) -> PResult<()> {
        self.store
            .set_status(GameId(id), status_out(status))
            .map_err(err)?;
        Ok(())
    }

    fn set_options(&mut self, id: i64, options_json: &str) -> PResult<()> {
        self.update(
            "UPDATE games SET options_json = ?1 WHERE id = ?2",
            options_json,
            id,
        )
    }

    fn set_locale(&mut self, id: i64, locale: &str) -> PResult<()> {
        self.update("UPDATE games SET locale = ?1 WHERE id = ?2", locale, id)
    }

    fn set_seat(
        &mut self,
        id: i64,
        power: &str,
        user: Option<u64>,
        by: Option<u64>,
    ) -> PResult<()> {
        self.store
            .set_seat(GameId(id), power, user, by)
            .map_err(err)?;
        Ok(())
    }

    fn seats(&self, id: i64) -> PResult<Vec<(String, u64)>> {
        Ok(self
            .store
            .seats(GameId(id))
            .map_err(err)?
            .into_iter()
            .map(|s| (s.power, s.user_id))
            .collect())
    }

    fn append(&mut self, id: i64, row: &LogRow, snapshot: Option<&str>) -> PResult<()> {
        self.store
            .append_action(
                GameId(id),
                &ActionRecord {
                    seq: row.seq,
                    power: row.power.clone(),
                    user_id: row.user_id,
                    action_json: row.action_json.clone(),
                    state_hash: row.state_hash.clone(),
                },
                snapshot,
            )
            .map_err(err)
    }

    fn actions(&self, id: i64) -> PResult<Vec<LogRow>> {
        Ok(self
            .store
            .actions_after(GameId(id), 0)
            .map_err(err)?
            .into_iter()
            .map(|a| LogRow {
                seq: a.record.seq,
                power: a.record.power,
                user_id: a.record.user_id,
                action_json: a.record.action_json,
                state_hash: a.record.state_hash,
            })
            .collect())
    }

    fn truncate_after(&mut self, id: i64, seq: u64) -> PResult<()> {
        self.store.truncate_after(GameId(id), seq).map_err(err)?;
        Ok(())
    }
}

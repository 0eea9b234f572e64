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

// --- campaign (issue 29): what a campaign remembers across a restart, the deputies' timer of
// games not in memory, and held announcements (`migrations/0008_campaign_memory.sql`).
impl Store {
    /// The game's memory document (`table::absence::Memory` as JSON), if one was stored.
    pub fn around_memory(&self, game: GameId) -> Result<Option<String>> {
        Ok(self
            .conn
            .prepare_cached("SELECT state_json FROM around_memory WHERE game_id = ?1")?
            .query_row([game.0], |r| r.get(0))
            .optional()?)
    }

    /// Stores the game's memory document, replacing the previous one.
    pub fn set_around_memory(&mut self, game: GameId, state_json: &str) -> Result<()> {
        check_json("memory state", state_json)?;
        self.check_file()?;
        self.conn
            .prepare_cached(
                "INSERT INTO around_memory (game_id, state_json, updated_at) VALUES (?1, ?2, ?3)
                 ON CONFLICT (game_id) DO UPDATE
                    SET state_json = excluded.state_json, updated_at = excluded.updated_at",
            )?
            .execute(params![game.0, state_json, now_ms()])?;
        self.committed()
    }

    /// The active games with a deputy whose period ended at `now` (Unix ms) or earlier, as
    /// (game, guild, channel), at most `limit`: their ends are announced even when the game is
    /// not in memory.
    pub fn deputies_due(&self, now: i64, limit: usize) -> Result<Vec<(GameId, u64, u64)>> {
        let mut st = self.conn.prepare_cached(
            "SELECT a.game_id, g.guild_id, g.channel_id
               FROM absence a JOIN games g ON g.id = a.game_id
              WHERE g.status = 'active'
                AND EXISTS (SELECT 1 FROM json_each(a.state_json, '$.deputies') d
                             WHERE json_extract(d.value, '$.until') <= ?1)
              ORDER BY a.game_id LIMIT ?2",
        )?;
        let rows = st
            .query_map(
                params![now, i64::try_from(limit).unwrap_or(i64::MAX)],
                |r| {
                    Ok((
                        GameId(r.get(0)?),
                        u64::try_from(r.get::<_, i64>(1)?).unwrap_or(0),
                        u64::try_from(r.get::<_, i64>(2)?).unwrap_or(0),
                    ))
                },
            )?
            .collect::<rusqlite::Result<Vec<_>>>()?;
        Ok(rows)
    }

    /// Every active game, as (game, guild, channel): at start the bot looks for games whose
    /// end was stored without their end being posted.
    pub fn active_games(&self) -> Result<Vec<(GameId, u64, u64)>> {
        let mut st = self.conn.prepare_cached(
            "SELECT id, guild_id, channel_id FROM games WHERE status = 'active' ORDER BY id",
        )?;
        game_channels(&mut st)
    }

    /// Holds an announcement that could not be posted in a channel (issue 32).
    pub fn hold_post(&mut self, guild: u64, channel: u64, text: &str) -> Result<()> {
        self.check_file()?;
        self.conn
            .prepare_cached(
                "INSERT INTO held_posts (guild_id, channel_id, text, created_at)
                 VALUES (?1, ?2, ?3, ?4)",
            )?
            .execute(params![
                i64::try_from(guild).unwrap_or(i64::MAX),
                i64::try_from(channel).unwrap_or(i64::MAX),
                text,
                now_ms()
            ])?;
        self.committed()
    }

    /// The held announcements of a channel, oldest first, as (id, text).
    pub fn held_posts(&self, guild: u64, channel: u64) -> Result<Vec<(i64, String)>> {
        let mut st = self.conn.prepare_cached(
            "SELECT id, text FROM held_posts WHERE guild_id = ?1 AND channel_id = ?2 ORDER BY id",
        )?;
        let rows = st
            .query_map(
                params![
                    i64::try_from(guild).unwrap_or(i64::MAX),
                    i64::try_from(channel).unwrap_or(i64::MAX)
                ],
                |r| Ok((r.get(0)?, r.get(1)?)),
            )?
            .collect::<rusqlite::Result<Vec<_>>>()?;
        Ok(rows)
    }

    /// Forgets a held announcement once it was posted.
    pub fn drop_held_post(&mut self, id: i64) -> Result<()> {
        self.check_file()?;
        self.conn
            .prepare_cached("DELETE FROM held_posts WHERE id = ?1")?
            .execute([id])?;
        self.committed()
    }

    /// The private thread of `user` in a game channel (issue 29, item 5).
    pub fn hand_thread(&self, guild: u64, channel: u64, user: u64) -> Result<Option<u64>> {
        let id: Option<i64> = self
            .conn
            .prepare_cached(
                "SELECT thread_id FROM hand_threads
                  WHERE guild_id = ?1 AND channel_id = ?2 AND user_id = ?3",
            )?
            .query_row(params![sql_id(guild), sql_id(channel), sql_id(user)], |r| {
                r.get(0)
            })
            .optional()?;
        Ok(id.and_then(|i| u64::try_from(i).ok()))
    }

    /// Remembers it.
    pub fn set_hand_thread(
        &mut self,
        guild: u64,
        channel: u64,
        user: u64,
        thread: u64,
    ) -> Result<()> {
        self.check_file()?;
        self.conn
            .prepare_cached(
                "INSERT INTO hand_threads (guild_id, channel_id, user_id, thread_id)
                 VALUES (?1, ?2, ?3, ?4)
                 ON CONFLICT (guild_id, channel_id, user_id) DO UPDATE
                    SET thread_id = excluded.thread_id",
            )?
            .execute(params![
                sql_id(guild),
                sql_id(channel),
                sql_id(user),
                sql_id(thread)
            ])?;
        self.committed()
    }
}

// --- campaign (issue 29): the end's post kept across a crash; a thread's channel
impl Store {
    /// The game channel of a player's private thread, as (guild, channel), if it is one.
    pub fn thread_parent(&self, thread: u64) -> Result<Option<(u64, u64)>> {
        let found: Option<(i64, i64)> = self
            .conn
            .prepare_cached(
                "SELECT guild_id, channel_id FROM hand_threads WHERE thread_id = ?1 LIMIT 1",
            )?
            .query_row([sql_id(thread)], |r| Ok((r.get(0)?, r.get(1)?)))
            .optional()?;
        Ok(found.map(|(g, c)| (u64::try_from(g).unwrap_or(0), u64::try_from(c).unwrap_or(0))))
    }

    /// The finished games whose end was not posted yet, as (game, guild, channel), oldest
    /// first.
    pub fn ends_unposted(&self) -> Result<Vec<(GameId, u64, u64)>> {
        let mut st = self.conn.prepare_cached(
            "SELECT id, guild_id, channel_id FROM games
              WHERE status = 'finished'
                AND NOT EXISTS (SELECT 1 FROM end_posts e WHERE e.game_id = games.id)
              ORDER BY id",
        )?;
        game_channels(&mut st)
    }

    /// Marks a game's end as posted (again: no change).
    pub fn set_end_posted(&mut self, game: GameId) -> Result<()> {
        self.check_file()?;
        self.conn
            .prepare_cached(
                "INSERT INTO end_posts (game_id, posted_at) VALUES (?1, ?2)
                 ON CONFLICT (game_id) DO NOTHING",
            )?
            .execute(params![game.0, now_ms()])?;
        self.committed()
    }
}

/// A Discord id as SQLite's INTEGER (ids fit in i64 until 2084).
fn sql_id(id: u64) -> i64 {
    i64::try_from(id).unwrap_or(i64::MAX)
}

/// The rows of a query selecting `id, guild_id, channel_id` of games, as (game, guild, channel).
fn game_channels(st: &mut rusqlite::CachedStatement<'_>) -> Result<Vec<(GameId, u64, u64)>> {
    let rows = st
        .query_map([], |r| {
            Ok((
                GameId(r.get(0)?),
                u64::try_from(r.get::<_, i64>(1)?).unwrap_or(0),
                u64::try_from(r.get::<_, i64>(2)?).unwrap_or(0),
            ))
        })?
        .collect::<rusqlite::Result<Vec<_>>>()?;
    Ok(rows)
}

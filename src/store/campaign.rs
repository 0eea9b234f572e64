//! The rhythm of a long campaign (`migrations/0006_campaign.sql`, issue 29 items 1 and 2): a
//! game's reminder interval, who it waits for and since when with the reminders' due times,
//! its living dashboard's message, and each user's quiet hours. Kept in the file so that a
//! restart neither forgets a due reminder nor posts a second dashboard.

use rusqlite::{params, OptionalExtension, TransactionBehavior};

use super::error::Result;
use super::{GameId, Store};

/// One awaited user of a game: since when, and the reminders of this wait.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WaitRecord {
    /// The awaited user.
    pub user: u64,
    /// The powers of theirs the game waits for, comma separated (`england,france`).
    pub powers: String,
    /// Since when (Unix ms).
    pub since: i64,
    /// Reminders sent for this wait.
    pub sent: u32,
    /// When the next reminder is due (Unix ms); `None`: none.
    pub next_due: Option<i64>,
}

/// A game's living dashboard message.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DashboardRecord {
    /// The Discord message id.
    pub message: u64,
    /// Re-posted once already after a deletion (it is not re-posted again).
    pub reposted: bool,
}

/// What the campaign tables hold about one game.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct CampaignRecord {
    /// Seconds a question may wait before a reminder; `None`: reminders off.
    pub remind_after_s: Option<u32>,
    /// Who the game waits for.
    pub waits: Vec<WaitRecord>,
    /// The dashboard message, once posted.
    pub dashboard: Option<DashboardRecord>,
}

impl Store {
    /// The campaign records of a game (empty for a game that has none).
    pub fn campaign(&self, game: GameId) -> Result<CampaignRecord> {
        let remind_after_s = self
            .conn
            .prepare_cached("SELECT after_s FROM remind_settings WHERE game_id = ?1")?
            .query_row([game.0], |r| r.get::<_, Option<i64>>(0))
            .optional()?
            .flatten()
            .and_then(|s| u32::try_from(s).ok());
        let mut st = self.conn.prepare_cached(
            "SELECT user_id, powers, since, sent, next_due FROM waits WHERE game_id = ?1
             ORDER BY user_id",
        )?;
        let waits = st
            .query_map([game.0], |r| {
                Ok(WaitRecord {
                    user: u64::try_from(r.get::<_, i64>(0)?).unwrap_or(0),
                    powers: r.get(1)?,
                    since: r.get(2)?,
                    sent: u32::try_from(r.get::<_, i64>(3)?).unwrap_or(0),
                    next_due: r.get(4)?,
                })
            })?
            .collect::<rusqlite::Result<Vec<_>>>()?;
        let dashboard = self
            .conn
            .prepare_cached("SELECT message_id, reposted FROM dashboards WHERE game_id = ?1")?
            .query_row([game.0], |r| {
                Ok(DashboardRecord {
                    message: u64::try_from(r.get::<_, i64>(0)?).unwrap_or(0),
                    reposted: r.get::<_, i64>(1)? != 0,
                })
            })
            .optional()?;
        Ok(CampaignRecord {
            remind_after_s,
            waits,
            dashboard,
        })
    }

    /// Replaces a game's campaign records, in one transaction.
    pub fn set_campaign(&mut self, game: GameId, c: &CampaignRecord) -> Result<()> {
        self.check_file()?;
        let tx = self
            .conn
            .transaction_with_behavior(TransactionBehavior::Immediate)?;
        tx.execute(
            "INSERT INTO remind_settings (game_id, after_s) VALUES (?1, ?2)
             ON CONFLICT (game_id) DO UPDATE SET after_s = excluded.after_s",
            params![game.0, c.remind_after_s.map(i64::from)],
        )?;
        tx.execute("DELETE FROM waits WHERE game_id = ?1", [game.0])?;
        for w in &c.waits {
            tx.execute(
                "INSERT INTO waits (game_id, user_id, powers, since, sent, next_due)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
                params![
                    game.0,
                    i64::try_from(w.user).unwrap_or(i64::MAX),
                    w.powers,
                    w.since,
                    i64::from(w.sent),
                    w.next_due
                ],
            )?;
        }
        match c.dashboard {
            Some(d) => tx.execute(
                "INSERT INTO dashboards (game_id, message_id, reposted) VALUES (?1, ?2, ?3)
                 ON CONFLICT (game_id) DO UPDATE
                    SET message_id = excluded.message_id, reposted = excluded.reposted",
                params![
                    game.0,
                    i64::try_from(d.message).unwrap_or(i64::MAX),
                    i64::from(d.reposted)
                ],
            )?,
            None => tx.execute("DELETE FROM dashboards WHERE game_id = ?1", [game.0])?,
        };
        tx.commit()?;
        self.committed()
    }

    /// The active games with a reminder due at `now` (Unix ms) or earlier, as (game, guild,
    /// channel), at most `limit` of them, the longest overdue first.
    pub fn due_reminders(&self, now: i64, limit: usize) -> Result<Vec<(GameId, u64, u64)>> {
        let mut st = self.conn.prepare_cached(
            "SELECT w.game_id, g.guild_id, g.channel_id, MIN(w.next_due) AS due
               FROM waits w JOIN games g ON g.id = w.game_id
              WHERE w.next_due IS NOT NULL AND w.next_due <= ?1 AND g.status = 'active'
              GROUP BY w.game_id ORDER BY due LIMIT ?2",
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

    /// A user's quiet hours (UTC start and end hour), if they set any.
    pub fn quiet_hours(&self, user: u64) -> Result<Option<(u8, u8)>> {
        Ok(self
            .conn
            .prepare_cached("SELECT start_hour, end_hour FROM quiet_hours WHERE user_id = ?1")?
            .query_row([i64::try_from(user).unwrap_or(i64::MAX)], |r| {
                Ok((
                    u8::try_from(r.get::<_, i64>(0)?).unwrap_or(0),
                    u8::try_from(r.get::<_, i64>(1)?).unwrap_or(0),
                ))
            })
            .optional()?)
    }

    /// Sets (or with `None` clears) a user's quiet hours.
    pub fn set_quiet_hours(&mut self, user: u64, hours: Option<(u8, u8)>) -> Result<()> {
        self.check_file()?;
        let id = i64::try_from(user).unwrap_or(i64::MAX);
        match hours {
            Some((a, b)) => self
                .conn
                .prepare_cached(
                    "INSERT INTO quiet_hours (user_id, start_hour, end_hour) VALUES (?1, ?2, ?3)
                 ON CONFLICT (user_id) DO UPDATE
                    SET start_hour = excluded.start_hour, end_hour = excluded.end_hour",
                )?
                .execute(params![id, i64::from(a), i64::from(b)])?,
            None => self
                .conn
                .prepare_cached("DELETE FROM quiet_hours WHERE user_id = ?1")?
                .execute([id])?,
        };
        self.committed()
    }
}

//! The people at the tables: display names and closed direct messages, one row per user.
//!
//! Both outlive a restart: names so that messages keep naming players instead of pinging
//! them, and the DM state so that the bot neither retries a closed DM channel at every message
//! nor forgets to offer the private fallback.

use rusqlite::{params, OptionalExtension};
use serde::{Deserialize, Serialize};

use super::error::Result;
use super::{id_from_sql, id_to_sql, now_ms, Store};

/// What the store knows about one user.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct UserRecord {
    /// The user id.
    pub user_id: u64,
    /// The display name last seen, if any.
    pub display_name: Option<String>,
    /// Last change of this record, Unix ms.
    pub updated_at: i64,
    /// When a DM to the user last failed because they do not accept DMs (Unix ms); `None`
    /// when DMs work or were never tried.
    pub dm_closed_at: Option<i64>,
}

impl Store {
    /// Everything stored about a user, or `None` for a user never seen.
    pub fn user(&self, user: u64) -> Result<Option<UserRecord>> {
        let row: Option<(Option<String>, i64, Option<i64>)> = self
            .conn
            .prepare_cached(
                "SELECT display_name, updated_at, dm_closed_at FROM users WHERE user_id = ?1",
            )?
            .query_row([id_to_sql(user)?], |r| {
                Ok((r.get(0)?, r.get(1)?, r.get(2)?))
            })
            .optional()?;
        Ok(
            row.map(|(display_name, updated_at, dm_closed_at)| UserRecord {
                user_id: user,
                display_name,
                updated_at,
                dm_closed_at,
            }),
        )
    }

    /// The display name last stored for a user.
    pub fn display_name(&self, user: u64) -> Result<Option<String>> {
        Ok(self.user(user)?.and_then(|u| u.display_name))
    }

    /// Stores a user's display name. Writes only when it differs from the stored one; returns
    /// whether it did.
    pub fn set_display_name(&mut self, user: u64, name: &str) -> Result<bool> {
        self.check_file()?;
        let n = self
            .conn
            .prepare_cached(
                "INSERT INTO users (user_id, display_name, updated_at) VALUES (?1, ?2, ?3)
                 ON CONFLICT (user_id) DO UPDATE
                    SET display_name = excluded.display_name, updated_at = excluded.updated_at
                    WHERE display_name IS NOT excluded.display_name",
            )?
            .execute(params![id_to_sql(user)?, name, now_ms()])?;
        if n > 0 {
            self.committed()?;
        }
        Ok(n > 0)
    }

    /// Records that a DM to `user` failed at `at` (Unix ms) because they do not accept DMs.
    /// A later failure moves the time forward.
    pub fn mark_dms_closed(&mut self, user: u64, at: i64) -> Result<()> {
        self.check_file()?;
        self.conn
            .prepare_cached(
                "INSERT INTO users (user_id, updated_at, dm_closed_at) VALUES (?1, ?2, ?2)
                 ON CONFLICT (user_id) DO UPDATE
                    SET dm_closed_at = excluded.dm_closed_at, updated_at = excluded.updated_at",
            )?
            .execute(params![id_to_sql(user)?, at])?;
        self.committed()?;
        Ok(())
    }

    /// Records that a DM reached `user`: their DMs are no longer marked closed. Returns whether
    /// they were.
    pub fn mark_dms_open(&mut self, user: u64) -> Result<bool> {
        self.check_file()?;
        let n = self
            .conn
            .prepare_cached(
                "UPDATE users SET dm_closed_at = NULL, updated_at = ?2
                 WHERE user_id = ?1 AND dm_closed_at IS NOT NULL",
            )?
            .execute(params![id_to_sql(user)?, now_ms()])?;
        if n > 0 {
            self.committed()?;
        }
        Ok(n > 0)
    }

    /// When a DM to `user` last failed because their DMs are closed; `None` if they are not
    /// marked closed.
    pub fn dms_closed_at(&self, user: u64) -> Result<Option<i64>> {
        Ok(self.user(user)?.and_then(|u| u.dm_closed_at))
    }

    /// Every user whose DMs are marked closed, with the time of the last failure, by user id.
    pub fn users_with_closed_dms(&self) -> Result<Vec<(u64, i64)>> {
        let mut stmt = self.conn.prepare_cached(
            "SELECT user_id, dm_closed_at FROM users WHERE dm_closed_at IS NOT NULL
             ORDER BY user_id",
        )?;
        let rows = stmt
            .query_map([], |r| Ok((r.get::<_, i64>(0)?, r.get::<_, i64>(1)?)))?
            .collect::<rusqlite::Result<Vec<_>>>()?;
        rows.into_iter()
            .map(|(u, at)| Ok((id_from_sql(u, "user id")?, at)))
            .collect()
    }
}

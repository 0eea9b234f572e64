//! Discord interactions the bot has taken on, so that one delivered twice runs once.
//!
//! Discord can deliver the same INTERACTION_CREATE again: a resumed gateway session replays
//! what it thinks was missed, and two processes on one shard (a deploy overlap) both receive
//! it. The id is claimed here before the command runs; the claim is a row, so it holds across
//! a restart. Rows are kept an hour (an interaction cannot be answered after 15 minutes).

use rusqlite::params;

use super::error::Result;
use super::{id_to_sql, now_ms, Store};

/// How long a claimed interaction id is kept, in milliseconds.
pub const SEEN_KEEP_MS: i64 = 60 * 60 * 1000;

impl Store {
    /// Claims interaction `id` at `at` (Unix ms): `true` the first time, `false` when it was
    /// claimed before (the caller must not act on it again). Claims older than
    /// [`SEEN_KEEP_MS`] are pruned.
    pub fn claim_interaction(&mut self, id: u64, at: i64) -> Result<bool> {
        let n = self
            .conn
            .prepare_cached(
                "INSERT INTO seen_interactions (interaction_id, seen_at) VALUES (?1, ?2)
                 ON CONFLICT (interaction_id) DO NOTHING",
            )?
            .execute(params![id_to_sql(id)?, at])?;
        if n > 0 {
            self.conn
                .prepare_cached("DELETE FROM seen_interactions WHERE seen_at < ?1")?
                .execute([at.saturating_sub(SEEN_KEEP_MS)])?;
            self.note_commit();
        }
        Ok(n > 0)
    }

    /// [`Store::claim_interaction`] at the current time.
    pub fn claim_interaction_now(&mut self, id: u64) -> Result<bool> {
        self.claim_interaction(id, now_ms())
    }
}

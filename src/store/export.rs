//! Export of one game as a self-contained JSON document, and import of such a document.

use rusqlite::{params, TransactionBehavior};
use serde::{Deserialize, Serialize};

use super::{
    actions_after_in, check_json, get_game, id_to_sql, now_ms, seat_changes_of, seats_of,
    seq_to_sql, snapshots_of, ChannelKey, GameId, GameRecord, GameStatus, NewGame, Result, Seat,
    SeatChange, Snapshot, Store, StoreError, StoredAction,
};

/// Value of [`GameExport::format`].
pub const EXPORT_FORMAT: &str = "vqbot-game";
/// Version of the export document layout.
pub const EXPORT_FORMAT_VERSION: u32 = 1;

/// One game with everything needed to continue or audit it elsewhere.
///
/// It contains the seed, which is secret while the game runs: treat exports of unfinished
/// games as private.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameExport {
    /// Always [`EXPORT_FORMAT`].
    pub format: String,
    /// [`EXPORT_FORMAT_VERSION`] when written.
    pub format_version: u32,
    /// When the export was made, Unix ms.
    pub exported_at: i64,
    /// The game as stored (its id is the source database's).
    pub game: GameRecord,
    /// Current seats.
    pub seats: Vec<Seat>,
    /// Seat history.
    pub seat_changes: Vec<SeatChange>,
    /// The whole action log.
    pub actions: Vec<StoredAction>,
    /// All snapshots.
    pub snapshots: Vec<Snapshot>,
    /// Display names of the game's people (creator, seat holders, actors) where known, so an
    /// imported game names its players instead of showing their ids. Older exports have none.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub people: Vec<ExportPerson>,
}

/// A user of an exported game with the display name the source database knew.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ExportPerson {
    /// The user id.
    pub user_id: u64,
    /// The display name.
    pub display_name: String,
}

impl GameExport {
    /// Whether the document gives away a game that can still be played: it holds the seed
    /// (import needs it to replay), from which every later die roll and draw can be computed.
    /// True for every game that is not finished.
    pub fn reveals_future_dice(&self) -> bool {
        self.game.status != GameStatus::Finished
    }

    /// Parses an export document.
    pub fn from_json(text: &str) -> Result<Self> {
        serde_json::from_str(text).map_err(|e| StoreError::BadImport(e.to_string()))
    }

    /// Writes the document as pretty-printed JSON.
    pub fn to_json(&self) -> String {
        // Serialising these plain structs cannot fail.
        serde_json::to_string_pretty(self).unwrap_or_default()
    }

    /// Checks the document's internal consistency before anything is written.
    fn check(&self) -> Result<()> {
        let bad = |m: String| Err(StoreError::BadImport(m));
        if self.format != EXPORT_FORMAT {
            return bad(format!(
                "format is {:?}, expected {EXPORT_FORMAT:?}",
                self.format
            ));
        }
        if self.format_version > EXPORT_FORMAT_VERSION {
            return bad(format!(
                "format version {} is newer than this vqbot's ({EXPORT_FORMAT_VERSION})",
                self.format_version
            ));
        }
        check_json("options_json", &self.game.options_json)?;
        for (i, a) in self.actions.iter().enumerate() {
            if a.record.seq != i as u64 + 1 {
                return bad(format!(
                    "actions must be numbered 1, 2, 3, …; entry {} has seq {}",
                    i + 1,
                    a.record.seq
                ));
            }
            check_json("action_json", &a.record.action_json)?;
        }
        let last = self.actions.len() as u64;
        let mut prev = None;
        for s in &self.snapshots {
            if s.seq > last {
                return bad(format!(
                    "snapshot at seq {} is past the last action {last}",
                    s.seq
                ));
            }
            if prev.is_some_and(|p| p >= s.seq) {
                return bad("snapshots must be in increasing seq order".into());
            }
            prev = Some(s.seq);
            check_json("state_json", &s.state_json)?;
        }
        Ok(())
    }
}

impl Store {
    /// Exports one game (read in one transaction, so the parts agree).
    pub fn export_game(&self, id: GameId) -> Result<GameExport> {
        let tx = self.conn.unchecked_transaction()?;
        let game = get_game(&tx, id)?;
        let mut doc = GameExport {
            format: EXPORT_FORMAT.into(),
            format_version: EXPORT_FORMAT_VERSION,
            exported_at: now_ms(),
            seats: seats_of(&tx, id)?,
            seat_changes: seat_changes_of(&tx, id)?,
            actions: actions_after_in(&tx, id, 0)?,
            snapshots: snapshots_of(&tx, id)?,
            game,
            people: Vec::new(),
        };
        tx.finish()?;
        let mut users: Vec<u64> = doc.game.created_by.into_iter().collect();
        users.extend(doc.seats.iter().map(|s| s.user_id));
        users.extend(
            doc.seat_changes
                .iter()
                .flat_map(|c| [c.old_user_id, c.new_user_id, c.changed_by])
                .flatten(),
        );
        users.extend(doc.actions.iter().filter_map(|a| a.record.user_id));
        users.sort_unstable();
        users.dedup();
        for u in users {
            if let Some(name) = self.display_name(u)? {
                doc.people.push(ExportPerson {
                    user_id: u,
                    display_name: name,
                });
            }
        }
        Ok(doc)
    }

    /// Imports an exported game under a new id, into `channel` (or its original channel).
    ///
    /// Everything is written in one transaction. An unfinished game is refused with
    /// [`StoreError::ChannelBusy`] if the target channel already has an open game. The new
    /// game's `origin_json` records the source id and export time.
    pub fn import_game(
        &mut self,
        doc: &GameExport,
        channel: Option<ChannelKey>,
    ) -> Result<GameRecord> {
        doc.check()?;
        let g = &doc.game;
        let new = NewGame {
            channel: channel.unwrap_or(g.channel),
            status: g.status,
            ruleset: g.ruleset.clone(),
            scenario: g.scenario.clone(),
            options_json: g.options_json.clone(),
            seed: g.seed.clone(),
            seed_commitment: g.seed_commitment.clone(),
            locale: g.locale.clone(),
            created_by: g.created_by,
            engine_version: g.engine_version.clone(),
        };
        let now = now_ms();
        let origin = serde_json::json!({
            "source_game_id": g.id.0,
            "exported_at": doc.exported_at,
            "imported_at": now,
        })
        .to_string();
        self.check_file()?;
        let tx = self
            .conn
            .transaction_with_behavior(TransactionBehavior::Immediate)?;
        let id = super::insert_game(&tx, &new, Some(&origin), g.created_at)?;
        tx.execute(
            "UPDATE games SET updated_at = ?2 WHERE id = ?1",
            params![id.0, g.updated_at],
        )?;
        {
            let mut seat =
                tx.prepare("INSERT INTO seats (game_id, power, user_id) VALUES (?1, ?2, ?3)")?;
            for s in &doc.seats {
                seat.execute(params![id.0, s.power, id_to_sql(s.user_id)?])?;
            }
            let mut change = tx.prepare(
                "INSERT INTO seat_changes (game_id, power, old_user_id, new_user_id, changed_by, at_seq, at)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
            )?;
            for c in &doc.seat_changes {
                change.execute(params![
                    id.0,
                    c.power,
                    c.old_user_id.map(id_to_sql).transpose()?,
                    c.new_user_id.map(id_to_sql).transpose()?,
                    c.changed_by.map(id_to_sql).transpose()?,
                    seq_to_sql(c.at_seq)?,
                    c.at
                ])?;
            }
            let mut action = tx.prepare(
                "INSERT INTO actions (game_id, seq, power, user_id, action_json, state_hash, at)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
            )?;
            for a in &doc.actions {
                let r = &a.record;
                action.execute(params![
                    id.0,
                    seq_to_sql(r.seq)?,
                    r.power,
                    r.user_id.map(id_to_sql).transpose()?,
                    r.action_json,
                    r.state_hash,
                    a.at
                ])?;
            }
            let mut snap = tx.prepare(
                "INSERT INTO snapshots (game_id, seq, state_json, at) VALUES (?1, ?2, ?3, ?4)",
            )?;
            for s in &doc.snapshots {
                snap.execute(params![id.0, seq_to_sql(s.seq)?, s.state_json, s.at])?;
            }
            // Display names: a name this database already knows is kept.
            let mut person = tx.prepare(
                "INSERT INTO users (user_id, display_name, updated_at) VALUES (?1, ?2, ?3)
                 ON CONFLICT (user_id) DO UPDATE
                    SET display_name = excluded.display_name, updated_at = excluded.updated_at
                    WHERE display_name IS NULL",
            )?;
            for p in &doc.people {
                person.execute(params![id_to_sql(p.user_id)?, p.display_name, now])?;
            }
        }
        let rec = get_game(&tx, id)?;
        tx.commit()?;
        // An import is acknowledged by the caller's exit: make it durable now.
        self.committed()?;
        self.sync()?;
        Ok(rec)
    }
}

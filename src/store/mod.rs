//! Durable storage of games in one SQLite file: games, seats, the action log and snapshots.
//!
//! The store knows nothing about the rules. A game is its metadata ([`GameRecord`]) plus an
//! append-only log of JSON actions, each with the hash of the state it produced; snapshots are
//! caches of the state at some sequence number. [`replay`] rebuilds and checks games through the
//! [`Replayable`] trait, which the engine implements.
//!
//! Durability: the file runs in WAL mode. By default ([`Durability::Group`]) a commit is written
//! with `synchronous=NORMAL`, which survives a process kill, and is made safe against power loss
//! by the barrier [`Store::syncer`] hands out: one fsync of the WAL covers every commit before
//! it (group commit; see [`WalSync`]). Whoever acknowledges an action to a user calls the barrier
//! first. [`Durability::Full`] fsyncs inside every commit instead. See [`Durability`].
//!
//! Ids: Discord snowflakes are `u64` in the API and SQLite `INTEGER` in the file. Guild id `0`
//! stands for "no guild" (a DM channel or a local game); see [`ChannelKey`].

mod absence;
mod campaign;
mod error;
mod export;
mod interactions;
mod lock;
mod maintenance;
mod people;
pub mod replay;
mod salt;
mod schema;
mod settings;
mod sync;

use std::collections::HashMap;
use std::fmt;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use rusqlite::{params, Connection, OptionalExtension, TransactionBehavior};
use serde::{Deserialize, Serialize};

pub use campaign::{CampaignRecord, DashboardRecord, WaitRecord};
pub use error::{Result, StoreError};
pub use export::{ExportPerson, GameExport, EXPORT_FORMAT, EXPORT_FORMAT_VERSION};
pub use interactions::SEEN_KEEP_MS;
pub use lock::lock_path;
pub use maintenance::GameListing;
pub use people::UserRecord;
pub use replay::{load_game, verify, ReplayError, Replayable, Verified};
pub use schema::{Migration, APPLICATION_ID, MIGRATIONS, SCHEMA_VERSION};
pub use sync::{wal_path, SyncError, WalSync};

/// Database id of a game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(transparent)]
pub struct GameId(pub i64);

impl fmt::Display for GameId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "game #{}", self.0)
    }
}

/// Where a game is played: a Discord guild and channel.
///
/// `guild_id == 0` means no guild: a DM channel, or a local game whose "channel" is any number
/// the front end picks. Zero rather than a null keeps the one-open-game-per-channel rule
/// enforceable by a unique index, and real snowflakes are never 0.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct ChannelKey {
    /// Guild (server) id, or 0 for none.
    pub guild_id: u64,
    /// Channel id.
    pub channel_id: u64,
}

impl ChannelKey {
    /// A channel in a guild.
    pub fn guild(guild_id: u64, channel_id: u64) -> Self {
        Self {
            guild_id,
            channel_id,
        }
    }

    /// A channel outside any guild (DM or local game).
    pub fn no_guild(channel_id: u64) -> Self {
        Self {
            guild_id: 0,
            channel_id,
        }
    }
}

impl fmt::Display for ChannelKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.guild_id, self.channel_id)
    }
}

/// Life cycle of a game: `Lobby → Active → Finished`, and `Lobby | Active → Abandoned`.
///
/// Lobby and active games are *open*: a channel has at most one open game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum GameStatus {
    /// Seats are being taken; no actions yet.
    Lobby,
    /// Being played.
    Active,
    /// Played to the end.
    Finished,
    /// Stopped before the end.
    Abandoned,
}

impl GameStatus {
    /// The text stored in the `status` column.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Lobby => "lobby",
            Self::Active => "active",
            Self::Finished => "finished",
            Self::Abandoned => "abandoned",
        }
    }

    /// Parses the stored text.
    pub fn parse(s: &str) -> Option<Self> {
        Some(match s {
            "lobby" => Self::Lobby,
            "active" => Self::Active,
            "finished" => Self::Finished,
            "abandoned" => Self::Abandoned,
            _ => return None,
        })
    }

    /// Lobby or active: occupies its channel and accepts changes.
    pub fn is_open(self) -> bool {
        matches!(self, Self::Lobby | Self::Active)
    }

    /// Whether the life cycle allows going from `self` to `to` (staying put is allowed).
    pub fn can_become(self, to: Self) -> bool {
        use GameStatus::*;
        self == to
            || matches!(
                (self, to),
                (Lobby, Active) | (Active, Finished) | (Lobby | Active, Abandoned)
            )
    }
}

impl fmt::Display for GameStatus {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// What is needed to create a game.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct NewGame {
    /// Where it is played.
    pub channel: ChannelKey,
    /// `Lobby` or `Active`.
    pub status: GameStatus,
    /// Ruleset name (e.g. `virgin_queen`).
    pub ruleset: String,
    /// Scenario name.
    pub scenario: String,
    /// Game options as a JSON text.
    pub options_json: String,
    /// The seed, in whatever text form the engine uses; secret until the game ends.
    pub seed: String,
    /// The published commitment to the seed (e.g. hex sha256).
    pub seed_commitment: String,
    /// Message locale, e.g. `en` or `ru`.
    pub locale: String,
    /// User who created the game, if any.
    pub created_by: Option<u64>,
    /// Version of the engine that starts the game.
    pub engine_version: String,
}

/// A stored game.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameRecord {
    /// Database id.
    pub id: GameId,
    /// Where it is played.
    pub channel: ChannelKey,
    /// Life-cycle state.
    pub status: GameStatus,
    /// Ruleset name.
    pub ruleset: String,
    /// Scenario name.
    pub scenario: String,
    /// Options as a JSON text.
    pub options_json: String,
    /// The seed.
    pub seed: String,
    /// The published seed commitment.
    pub seed_commitment: String,
    /// Message locale.
    pub locale: String,
    /// Creator.
    pub created_by: Option<u64>,
    /// Creation time, Unix ms.
    pub created_at: i64,
    /// Last change (action, undo, status or seat), Unix ms.
    pub updated_at: i64,
    /// Engine version that started the game.
    pub engine_version: String,
    /// For imported games: a JSON object describing the source.
    pub origin_json: Option<String>,
}

/// One action handed to [`Store::append_action`].
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ActionRecord {
    /// Position in the log: exactly last + 1 (the first action is 1).
    pub seq: u64,
    /// Power that acted, if any (automatic steps may have none).
    pub power: Option<String>,
    /// Discord user who sent it, if any.
    pub user_id: Option<u64>,
    /// The action as JSON.
    pub action_json: String,
    /// Hash of the state after the action.
    pub state_hash: String,
}

/// An action just applied by the caller, for [`Store::append_applied`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Applied<'a> {
    /// Position in the log: exactly last + 1.
    pub seq: u64,
    /// Power that acted, if any.
    pub power: Option<&'a str>,
    /// Discord user who sent it, if any.
    pub user_id: Option<u64>,
    /// The action as JSON.
    pub action_json: &'a str,
    /// The action ended a phase: snapshot regardless of the count.
    pub phase_boundary: bool,
}

/// An action as stored: the record plus its commit time.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct StoredAction {
    /// The action.
    #[serde(flatten)]
    pub record: ActionRecord,
    /// Commit time, Unix ms.
    pub at: i64,
}

/// A stored snapshot: the state after action `seq` (0 = before any action).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Snapshot {
    /// Log position of the state.
    pub seq: u64,
    /// The engine's state JSON.
    pub state_json: String,
    /// When it was written, Unix ms.
    pub at: i64,
}

/// Result of [`Store::load`]: the latest snapshot and every action after it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Loaded {
    /// Latest snapshot, if any.
    pub snapshot: Option<Snapshot>,
    /// Stored hash of the action at the snapshot's seq (`None` for seq 0 or no snapshot).
    pub snapshot_hash: Option<String>,
    /// Actions after the snapshot (all of them without one), in order.
    pub actions: Vec<StoredAction>,
}

/// Current holder of a power.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Seat {
    /// Power name.
    pub power: String,
    /// Holder.
    pub user_id: u64,
}

/// One entry of the seat history.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatChange {
    /// Power name.
    pub power: String,
    /// Previous holder (`None`: was empty).
    pub old_user_id: Option<u64>,
    /// New holder (`None`: vacated).
    pub new_user_id: Option<u64>,
    /// Who made the change (`None`: the system).
    pub changed_by: Option<u64>,
    /// Last action seq when it happened.
    pub at_seq: u64,
    /// When, Unix ms.
    pub at: i64,
}

/// How hard a commit waits for the disk.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Durability {
    /// Group commit (default): commits use `synchronous=NORMAL` and survive process kills as
    /// soon as they return; they survive power loss once [`Store::syncer`]'s barrier has run,
    /// which fsyncs the WAL once for every commit before it.
    #[default]
    Group,
    /// `synchronous=FULL`: every commit fsyncs the WAL before it returns, so it survives power
    /// loss without a barrier. Costs one disk flush (milliseconds) per commit.
    Full,
    /// `synchronous=NORMAL` with no barrier: survives process kills, but the last commits may
    /// be lost on power loss or an OS crash. Only for hosts where that is acceptable.
    Normal,
}

/// When to write a snapshot alongside an action.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SnapshotPolicy {
    /// Snapshot when this many actions have passed since the latest snapshot (0: never by count).
    pub every: u64,
}

impl Default for SnapshotPolicy {
    fn default() -> Self {
        Self { every: 50 }
    }
}

impl SnapshotPolicy {
    /// Whether the state after action `seq` should be snapshotted. `last_snapshot` is the seq of
    /// the latest snapshot (`None`: there is none, counted from 0); `phase_boundary` is the
    /// caller's word that a phase just ended.
    pub fn should_snapshot(
        &self,
        seq: u64,
        last_snapshot: Option<u64>,
        phase_boundary: bool,
    ) -> bool {
        phase_boundary
            || (self.every > 0 && seq.saturating_sub(last_snapshot.unwrap_or(0)) >= self.every)
    }
}

/// Settings for [`Store::open_with`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct StoreOptions {
    /// Commit durability.
    pub durability: Durability,
    /// How long to wait for a lock held by another connection.
    pub busy_timeout: Duration,
    /// Snapshot policy used by [`Store::append_applied`].
    pub snapshots: SnapshotPolicy,
}

impl Default for StoreOptions {
    fn default() -> Self {
        Self {
            durability: Durability::Group,
            busy_timeout: Duration::from_secs(5),
            snapshots: SnapshotPolicy::default(),
        }
    }
}

/// The store: one SQLite connection to one file (or to memory).
#[derive(Debug)]
pub struct Store {
    conn: Connection,
    options: StoreOptions,
    sync: Arc<WalSync>,
    /// Per game, the last action (seq and state hash) this store read or wrote: an append or
    /// a truncation is refused when the stored log no longer ends there (another writer).
    seen: Mutex<HashMap<GameId, (u64, String)>>,
    /// Why this store stopped writing (its file was deleted or replaced under it), once it has.
    halted: Option<(PathBuf, String)>,
    /// The writer lock of a file opened for writing; `None` in memory or read-only. Last, so
    /// that the connection is closed before the lock is released.
    writer: Option<lock::WriterLock>,
}

/// Milliseconds since the Unix epoch.
pub(crate) fn now_ms() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| i64::try_from(d.as_millis()).unwrap_or(i64::MAX))
        .unwrap_or(0)
}

pub(crate) fn id_to_sql(id: u64) -> Result<i64> {
    i64::try_from(id).map_err(|_| StoreError::IdOutOfRange(id))
}

/// An open that failed because the file or its directory cannot be written, as
/// [`StoreError::ReadOnly`]; other errors as they are.
fn read_only_or(e: StoreError, path: &Path) -> StoreError {
    use rusqlite::ErrorCode;
    let why = match &e {
        StoreError::Io { source, .. }
            if matches!(
                source.kind(),
                std::io::ErrorKind::PermissionDenied | std::io::ErrorKind::ReadOnlyFilesystem
            ) =>
        {
            source.to_string()
        }
        StoreError::Sqlite(s) | StoreError::Migration { source: s, .. }
            if matches!(
                s.sqlite_error_code(),
                Some(ErrorCode::ReadOnly) | Some(ErrorCode::CannotOpen)
            ) =>
        {
            s.to_string()
        }
        StoreError::Sqlite(s) | StoreError::Migration { source: s, .. }
            if matches!(
                s.sqlite_error_code(),
                Some(ErrorCode::DiskFull) | Some(ErrorCode::SystemIoFailure)
            ) =>
        {
            return StoreError::WriteFailed {
                path: path.to_path_buf(),
                detail: s.to_string(),
            };
        }
        _ => return e,
    };
    StoreError::ReadOnly {
        path: path.to_path_buf(),
        why,
    }
}

fn opt_id_to_sql(id: Option<u64>) -> Result<Option<i64>> {
    id.map(id_to_sql).transpose()
}

fn id_from_sql(v: i64, what: &str) -> Result<u64> {
    u64::try_from(v).map_err(|_| StoreError::BadData(format!("negative {what} {v}")))
}

fn opt_id_from_sql(v: Option<i64>, what: &str) -> Result<Option<u64>> {
    v.map(|v| id_from_sql(v, what)).transpose()
}

pub(crate) fn seq_to_sql(seq: u64) -> Result<i64> {
    i64::try_from(seq).map_err(|_| StoreError::BadData(format!("seq {seq} is out of range")))
}

pub(crate) fn check_json(what: &'static str, text: &str) -> Result<()> {
    serde_json::from_str::<serde::de::IgnoredAny>(text)
        .map(|_| ())
        .map_err(|e| StoreError::InvalidJson {
            what,
            detail: e.to_string(),
        })
}

const GAME_COLUMNS: &str = "id, guild_id, channel_id, status, ruleset, scenario, options_json, \
     seed, seed_commitment, locale, created_by, created_at, updated_at, engine_version, origin_json";

/// Raw `games` row, converted to a [`GameRecord`] outside the rusqlite closure so that bad
/// data becomes a typed error.
type GameRow = (
    i64,
    i64,
    i64,
    String,
    String,
    String,
    String,
    String,
    String,
    String,
    Option<i64>,
    i64,
    i64,
    String,
    Option<String>,
);

fn read_game_row(r: &rusqlite::Row<'_>) -> rusqlite::Result<GameRow> {
    Ok((
        r.get(0)?,
        r.get(1)?,
        r.get(2)?,
        r.get(3)?,
        r.get(4)?,
        r.get(5)?,
        r.get(6)?,
        r.get(7)?,
        r.get(8)?,
        r.get(9)?,
        r.get(10)?,
        r.get(11)?,
        r.get(12)?,
        r.get(13)?,
        r.get(14)?,
    ))
}

fn game_from_row(row: GameRow) -> Result<GameRecord> {
    let (
        id,
        guild,
        channel,
        status,
        ruleset,
        scenario,
        options_json,
        seed,
        commit,
        locale,
        by,
        created,
        updated,
        engine,
        origin,
    ) = row;
    Ok(GameRecord {
        id: GameId(id),
        channel: ChannelKey {
            guild_id: id_from_sql(guild, "guild id")?,
            channel_id: id_from_sql(channel, "channel id")?,
        },
        status: GameStatus::parse(&status).ok_or_else(|| {
            StoreError::BadData(format!("game {id} has unknown status {status:?}"))
        })?,
        ruleset,
        scenario,
        options_json,
        seed,
        seed_commitment: commit,
        locale,
        created_by: opt_id_from_sql(by, "user id")?,
        created_at: created,
        updated_at: updated,
        engine_version: engine,
        origin_json: origin,
    })
}

type ActionRow = (i64, Option<String>, Option<i64>, String, String, i64);

fn read_action_row(r: &rusqlite::Row<'_>) -> rusqlite::Result<ActionRow> {
    Ok((
        r.get(0)?,
        r.get(1)?,
        r.get(2)?,
        r.get(3)?,
        r.get(4)?,
        r.get(5)?,
    ))
}

fn action_from_row(row: ActionRow) -> Result<StoredAction> {
    let (seq, power, user, action_json, state_hash, at) = row;
    Ok(StoredAction {
        record: ActionRecord {
            seq: id_from_sql(seq, "action seq")?,
            power,
            user_id: opt_id_from_sql(user, "user id")?,
            action_json,
            state_hash,
        },
        at,
    })
}

impl Store {
    /// Opens (or creates) the database at `path` with default options.
    pub fn open(path: impl AsRef<Path>) -> Result<Self> {
        Self::open_with(path, StoreOptions::default())
    }

    /// Opens (or creates) the database at `path`.
    ///
    /// An existing file is first inspected without writing: a file that is not SQLite, belongs
    /// to another program, is corrupted, or has a newer schema than this binary knows is refused
    /// with the matching [`StoreError`] and left byte-for-byte untouched. Otherwise pending
    /// migrations are applied, each in its own transaction.
    ///
    /// The caller becomes the database's only writer: the open fails with
    /// [`StoreError::Locked`], naming the holder, while another store has it open for writing
    /// (in this process or another); see `lock.rs`.
    pub fn open_with(path: impl AsRef<Path>, options: StoreOptions) -> Result<Self> {
        let given = path.as_ref();
        let writer = lock::WriterLock::acquire(given).map_err(|e| read_only_or(e, given))?;
        let path = writer.path().to_path_buf();
        schema::inspect(&path)?;
        let conn = Connection::open(&path)?;
        // The file SQLite opened must be the one locked (nothing swapped it in between).
        writer.check().map_err(|why| StoreError::FileMoved {
            path: given.to_path_buf(),
            why,
        })?;
        if conn.is_readonly(rusqlite::DatabaseName::Main)? {
            return Err(StoreError::ReadOnly {
                path: given.to_path_buf(),
                why: "SQLite opened it read-only".into(),
            });
        }
        let mut store = Self::setup(conn, options, true).map_err(|e| read_only_or(e, given))?;
        store.writer = Some(writer);
        Ok(store)
    }

    /// Opens an existing database for reading only, beside a running writer: no lock, no
    /// migrations, no writes. Every writing method fails with an SQLite read-only error. The
    /// file must have this binary's schema version.
    pub fn open_read_only(path: impl AsRef<Path>) -> Result<Self> {
        let path = path.as_ref();
        if !path.exists() {
            return Err(StoreError::Io {
                path: path.to_path_buf(),
                source: std::io::Error::new(std::io::ErrorKind::NotFound, "no such database file"),
            });
        }
        schema::inspect(path)?;
        let conn = Connection::open_with_flags(
            path,
            rusqlite::OpenFlags::SQLITE_OPEN_READ_ONLY | rusqlite::OpenFlags::SQLITE_OPEN_URI,
        )?;
        let options = StoreOptions::default();
        conn.busy_timeout(options.busy_timeout)?;
        let found = schema::user_version(&conn)?;
        if found > SCHEMA_VERSION {
            return Err(StoreError::TooNew {
                path: path.to_path_buf(),
                found,
                supported: SCHEMA_VERSION,
            });
        }
        if found < SCHEMA_VERSION {
            return Err(StoreError::NeedsUpgrade {
                path: path.to_path_buf(),
                found,
                supported: SCHEMA_VERSION,
            });
        }
        Ok(Self {
            conn,
            options,
            sync: Arc::new(WalSync::none()),
            seen: Mutex::default(),
            halted: None,
            writer: None,
        })
    }

    /// An empty in-memory database (for tests and throw-away local games).
    pub fn open_in_memory() -> Result<Self> {
        Self::setup(
            Connection::open_in_memory()?,
            StoreOptions::default(),
            false,
        )
    }

    fn setup(mut conn: Connection, options: StoreOptions, file: bool) -> Result<Self> {
        conn.busy_timeout(options.busy_timeout)?;
        // Checked again before any write: another process may have upgraded the file since
        // `inspect` looked at it.
        let version = schema::user_version(&conn)?;
        if version > SCHEMA_VERSION {
            return Err(StoreError::TooNew {
                path: conn.path().unwrap_or_default().into(),
                found: version,
                supported: SCHEMA_VERSION,
            });
        }
        if file {
            let mode: String = conn.query_row("PRAGMA journal_mode = WAL", [], |r| r.get(0))?;
            if !mode.eq_ignore_ascii_case("wal") {
                return Err(StoreError::BadData(format!(
                    "could not switch the journal to WAL (got {mode})"
                )));
            }
        }
        let level = match options.durability {
            Durability::Full => "FULL",
            Durability::Group | Durability::Normal => "NORMAL",
        };
        conn.pragma_update(None, "synchronous", level)?;
        conn.pragma_update(None, "foreign_keys", "ON")?;
        schema::migrate(&mut conn)?;
        let sync = Arc::new(Self::barrier_for(&conn, options.durability, file));
        // Migrations may have committed without being counted: make them durable now.
        sync.note_commit();
        sync.sync()?;
        Ok(Self {
            conn,
            options,
            sync,
            seen: Mutex::default(),
            halted: None,
            writer: None,
        })
    }

    /// The barrier for a connection: active only for group commit on a file.
    fn barrier_for(conn: &Connection, durability: Durability, file: bool) -> WalSync {
        match (durability, file, conn.path()) {
            (Durability::Group, true, Some(path)) if !path.is_empty() => {
                WalSync::for_database(Path::new(path))
            }
            _ => WalSync::none(),
        }
    }

    /// The durability barrier of this store, to share with threads that acknowledge commits
    /// (see [`WalSync`]). Calling it needs no access to the store.
    pub fn syncer(&self) -> Arc<WalSync> {
        Arc::clone(&self.sync)
    }

    /// Makes every commit so far durable (one WAL fsync in group-commit mode, else nothing).
    pub fn sync(&self) -> std::result::Result<(), SyncError> {
        self.sync.sync()
    }

    /// Records a commit made directly on [`Store::connection`], so the barrier covers it.
    pub fn note_commit(&self) {
        self.sync.note_commit();
    }

    /// Whether the file at the database's path is still the file this store writes; once it
    /// is not (deleted, moved, replaced), every later write is refused with the same answer
    /// and the store writes nothing more. Called before and after every write transaction.
    pub(crate) fn check_file(&mut self) -> Result<()> {
        if let Some((path, why)) = &self.halted {
            return Err(StoreError::FileMoved {
                path: path.clone(),
                why: why.clone(),
            });
        }
        let Some(w) = &self.writer else {
            return Ok(());
        };
        match w.check() {
            Ok(()) => Ok(()),
            Err(why) => {
                let path = w.path().to_path_buf();
                tracing::error!(database = %path.display(), %why, "the database file changed under the store: writing stopped");
                self.halted = Some((path.clone(), why.clone()));
                Err(StoreError::FileMoved { path, why })
            }
        }
    }

    /// After a commit: counts it for the barrier, then makes sure it went to the file at the
    /// database's path (the caller must not acknowledge it otherwise).
    pub(crate) fn committed(&mut self) -> Result<()> {
        self.sync.note_commit();
        self.check_file()
    }

    /// Why this store stopped writing, if it has (see [`StoreError::FileMoved`]).
    pub fn halted(&self) -> Option<String> {
        self.halted
            .as_ref()
            .map(|(path, why)| format!("{}: {why}", path.display()))
    }

    /// The options this store was opened with.
    pub fn options(&self) -> StoreOptions {
        self.options
    }

    /// The underlying connection, for read-only diagnostics (e.g. `PRAGMA integrity_check`).
    pub fn connection(&self) -> &Connection {
        &self.conn
    }

    /// The schema version of the open database.
    pub fn schema_version(&self) -> Result<u32> {
        Ok(schema::user_version(&self.conn)?)
    }

    // ----- games -------------------------------------------------------------------------

    /// Creates a game in the lobby or active state. Fails with [`StoreError::ChannelBusy`] if
    /// the channel already has an open game.
    pub fn create_game(&mut self, new: &NewGame) -> Result<GameRecord> {
        if !new.status.is_open() {
            return Err(StoreError::BadData(format!(
                "a new game must start in the lobby or active, not {}",
                new.status
            )));
        }
        check_json("options_json", &new.options_json)?;
        self.check_file()?;
        let tx = self
            .conn
            .transaction_with_behavior(TransactionBehavior::Immediate)?;
        let id = insert_game(&tx, new, None, now_ms())?;
        let rec = get_game(&tx, id)?;
        tx.commit()?;
        self.committed()?;
        Ok(rec)
    }

    /// The game with this id.
    pub fn game(&self, id: GameId) -> Result<GameRecord> {
        get_game(&self.conn, id)
    }

    /// The open (lobby or active) game in a channel, if any.
    pub fn open_game(&self, channel: ChannelKey) -> Result<Option<GameRecord>> {
        open_game_in(&self.conn, channel)
    }

    /// All games ever played in a channel, oldest first.
    pub fn list_games(&self, channel: ChannelKey) -> Result<Vec<GameRecord>> {
        let sql = format!(
            "SELECT {GAME_COLUMNS} FROM games WHERE guild_id = ?1 AND channel_id = ?2 ORDER BY id"
        );
        let mut stmt = self.conn.prepare_cached(&sql)?;
        let rows = stmt
            .query_map(
                params![id_to_sql(channel.guild_id)?, id_to_sql(channel.channel_id)?],
                read_game_row,
            )?
            .collect::<rusqlite::Result<Vec<_>>>()?;
        rows.into_iter().map(game_from_row).collect()
    }

    /// Changes a game's status, following the life cycle of [`GameStatus`].
    pub fn set_status(&mut self, id: GameId, to: GameStatus) -> Result<GameRecord> {
        self.check_file()?;
        let tx = self
            .conn
            .transaction_with_behavior(TransactionBehavior::Immediate)?;
        let game = get_game(&tx, id)?;
        if !game.status.can_become(to) {
            return Err(StoreError::BadTransition {
                game: id,
                from: game.status,
                to,
            });
        }
        tx.execute(
            "UPDATE games SET status = ?2, updated_at = ?3 WHERE id = ?1",
            params![id.0, to.as_str(), now_ms()],
        )?;
        let rec = get_game(&tx, id)?;
        tx.commit()?;
        self.committed()?;
        Ok(rec)
    }

    // ----- seats -------------------------------------------------------------------------

    /// Gives `power` to `user` (or empties the seat with `None`), recording the change with
    /// who made it. Returns the previous holder. Setting the same holder again records nothing.
    pub fn set_seat(
        &mut self,
        game: GameId,
        power: &str,
        user: Option<u64>,
        changed_by: Option<u64>,
    ) -> Result<Option<u64>> {
        self.check_file()?;
        let tx = self
            .conn
            .transaction_with_behavior(TransactionBehavior::Immediate)?;
        require_open(&tx, game)?;
        let old: Option<i64> = tx
            .query_row(
                "SELECT user_id FROM seats WHERE game_id = ?1 AND power = ?2",
                params![game.0, power],
                |r| r.get(0),
            )
            .optional()?;
        let old = opt_id_from_sql(old, "user id")?;
        if old == user {
            return Ok(old);
        }
        let now = now_ms();
        match user {
            Some(u) => tx.execute(
                "INSERT INTO seats (game_id, power, user_id) VALUES (?1, ?2, ?3)
                 ON CONFLICT (game_id, power) DO UPDATE SET user_id = excluded.user_id",
                params![game.0, power, id_to_sql(u)?],
            )?,
            None => tx.execute(
                "DELETE FROM seats WHERE game_id = ?1 AND power = ?2",
                params![game.0, power],
            )?,
        };
        let at_seq = last_seq_in(&tx, game)?;
        tx.execute(
            "INSERT INTO seat_changes (game_id, power, old_user_id, new_user_id, changed_by, at_seq, at)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
            params![
                game.0,
                power,
                opt_id_to_sql(old)?,
                opt_id_to_sql(user)?,
                opt_id_to_sql(changed_by)?,
                seq_to_sql(at_seq)?,
                now
            ],
        )?;
        touch(&tx, game, now)?;
        tx.commit()?;
        self.committed()?;
        Ok(old)
    }

    /// Current seats of a game, by power name.
    pub fn seats(&self, game: GameId) -> Result<Vec<Seat>> {
        get_game(&self.conn, game)?;
        seats_of(&self.conn, game)
    }

    /// The seat history of a game, oldest first.
    pub fn seat_changes(&self, game: GameId) -> Result<Vec<SeatChange>> {
        get_game(&self.conn, game)?;
        seat_changes_of(&self.conn, game)
    }

    // ----- the log -----------------------------------------------------------------------

    /// Seq of the last action (0 if none).
    pub fn last_seq(&self, game: GameId) -> Result<u64> {
        get_game(&self.conn, game)?;
        last_seq_in(&self.conn, game)
    }

    /// Seq of the latest snapshot, if any.
    pub fn latest_snapshot_seq(&self, game: GameId) -> Result<Option<u64>> {
        let v: Option<i64> = self.conn.query_row(
            "SELECT MAX(seq) FROM snapshots WHERE game_id = ?1",
            [game.0],
            |r| r.get(0),
        )?;
        opt_id_from_sql(v, "snapshot seq")
    }

    /// Appends one applied action, in one transaction with the optional snapshot of the state
    /// after it and the game's `updated_at`: all of it is stored, or none.
    ///
    /// `action.seq` must be exactly last + 1 ([`StoreError::SeqMismatch`] otherwise), and the
    /// game must be open. When this returns `Ok` the action is committed: it survives a killed
    /// process at once, and power loss once [`Store::sync`] (or the shared [`Store::syncer`])
    /// has run after it — or at once with [`Durability::Full`].
    pub fn append_action(
        &mut self,
        game: GameId,
        action: &ActionRecord,
        snapshot_json: Option<&str>,
    ) -> Result<()> {
        check_json("action_json", &action.action_json)?;
        if let Some(s) = snapshot_json {
            check_json("state_json", s)?;
        }
        self.check_file()?;
        let tx = self
            .conn
            .transaction_with_behavior(TransactionBehavior::Immediate)?;
        require_open(&tx, game)?;
        let last = last_seq_in(&tx, game)?;
        check_seen(&self.seen, &tx, game, last)?;
        if action.seq != last + 1 {
            return Err(StoreError::SeqMismatch {
                game,
                expected: last + 1,
                got: action.seq,
            });
        }
        let now = now_ms();
        let seq = seq_to_sql(action.seq)?;
        tx.prepare_cached(
            "INSERT INTO actions (game_id, seq, power, user_id, action_json, state_hash, at)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
        )?
        .execute(params![
            game.0,
            seq,
            action.power,
            opt_id_to_sql(action.user_id)?,
            action.action_json,
            action.state_hash,
            now
        ])?;
        if let Some(s) = snapshot_json {
            tx.prepare_cached(
                "INSERT INTO snapshots (game_id, seq, state_json, at) VALUES (?1, ?2, ?3, ?4)",
            )?
            .execute(params![game.0, seq, s, now])?;
        }
        touch(&tx, game, now)?;
        tx.commit()?;
        note_seen(&self.seen, game, action.seq, &action.state_hash);
        self.committed()?;
        Ok(())
    }

    /// Records an action the caller has just applied to `state`: computes the state hash, and
    /// adds a snapshot when the store's [`SnapshotPolicy`] asks for one. One transaction, as
    /// [`Store::append_action`]. Returns whether a snapshot was written.
    pub fn append_applied<G: Replayable>(
        &mut self,
        game: GameId,
        applied: &Applied<'_>,
        state: &G,
    ) -> Result<bool> {
        let last_snapshot = self.latest_snapshot_seq(game)?;
        let snap = self.options.snapshots.should_snapshot(
            applied.seq,
            last_snapshot,
            applied.phase_boundary,
        );
        let snapshot = snap.then(|| state.to_snapshot());
        let record = ActionRecord {
            seq: applied.seq,
            power: applied.power.map(str::to_owned),
            user_id: applied.user_id,
            action_json: applied.action_json.to_owned(),
            state_hash: state.state_hash(),
        };
        self.append_action(game, &record, snapshot.as_deref())?;
        Ok(snap)
    }

    /// Stores a snapshot of the state after action `seq` (0: the initial state), replacing one
    /// already there. `seq` must not be past the end of the log.
    pub fn save_snapshot(&mut self, game: GameId, seq: u64, state_json: &str) -> Result<()> {
        check_json("state_json", state_json)?;
        self.check_file()?;
        let tx = self
            .conn
            .transaction_with_behavior(TransactionBehavior::Immediate)?;
        get_game(&tx, game)?;
        let last = last_seq_in(&tx, game)?;
        if seq > last {
            return Err(StoreError::PastEnd { game, seq, last });
        }
        tx.execute(
            "INSERT OR REPLACE INTO snapshots (game_id, seq, state_json, at) VALUES (?1, ?2, ?3, ?4)",
            params![game.0, seq_to_sql(seq)?, state_json, now_ms()],
        )?;
        tx.commit()?;
        self.committed()?;
        Ok(())
    }

    /// The latest snapshot and every action after it: what is needed to rebuild the state.
    pub fn load(&self, game: GameId) -> Result<Loaded> {
        // One read transaction, so the snapshot and the tail come from the same commit.
        let tx = self.conn.unchecked_transaction()?;
        get_game(&tx, game)?;
        let snapshot = tx
            .prepare_cached(
                "SELECT seq, state_json, at FROM snapshots WHERE game_id = ?1 ORDER BY seq DESC LIMIT 1",
            )?
            .query_row([game.0], |r| Ok((r.get::<_, i64>(0)?, r.get::<_, String>(1)?, r.get(2)?)))
            .optional()?
            .map(|(seq, state_json, at)| -> Result<Snapshot> {
                Ok(Snapshot {
                    seq: id_from_sql(seq, "snapshot seq")?,
                    state_json,
                    at,
                })
            })
            .transpose()?;
        let from = snapshot.as_ref().map_or(0, |s| s.seq);
        let snapshot_hash = if from > 0 {
            let h: Option<String> = tx
                .prepare_cached("SELECT state_hash FROM actions WHERE game_id = ?1 AND seq = ?2")?
                .query_row(params![game.0, seq_to_sql(from)?], |r| r.get(0))
                .optional()?;
            Some(h.ok_or_else(|| {
                StoreError::BadData(format!(
                    "{game} has a snapshot at seq {from} but no action there"
                ))
            })?)
        } else {
            None
        };
        let actions = actions_after_in(&tx, game, from)?;
        tx.finish()?;
        match (actions.last(), &snapshot_hash) {
            (Some(a), _) => note_seen(&self.seen, game, a.record.seq, &a.record.state_hash),
            (None, Some(h)) => note_seen(&self.seen, game, from, h),
            (None, None) => note_seen(&self.seen, game, from, ""),
        }
        Ok(Loaded {
            snapshot,
            snapshot_hash,
            actions,
        })
    }

    /// Actions with seq greater than `after`, in order.
    pub fn actions_after(&self, game: GameId, after: u64) -> Result<Vec<StoredAction>> {
        let rows = actions_after_in(&self.conn, game, after)?;
        if let Some(a) = rows.last() {
            note_seen(&self.seen, game, a.record.seq, &a.record.state_hash);
        }
        Ok(rows)
    }

    /// Actions with seq from `first` to `last` (both included), in order: a slice of the log
    /// read by its index, however long the log is.
    pub fn actions_between(
        &self,
        game: GameId,
        first: u64,
        last: u64,
    ) -> Result<Vec<StoredAction>> {
        let mut stmt = self.conn.prepare_cached(
            "SELECT seq, power, user_id, action_json, state_hash, at FROM actions
             WHERE game_id = ?1 AND seq BETWEEN ?2 AND ?3 ORDER BY seq",
        )?;
        let rows = stmt
            .query_map(
                params![game.0, seq_to_sql(first)?, seq_to_sql(last)?],
                read_action_row,
            )?
            .collect::<rusqlite::Result<Vec<_>>>()?;
        rows.into_iter().map(action_from_row).collect()
    }

    /// All snapshots of a game, oldest first.
    pub fn snapshots(&self, game: GameId) -> Result<Vec<Snapshot>> {
        snapshots_of(&self.conn, game)
    }

    /// Undo: removes every action after `seq` and every snapshot past it, in one transaction.
    /// Returns how many actions were removed. The game must be open.
    pub fn truncate_after(&mut self, game: GameId, seq: u64) -> Result<u64> {
        self.truncate(game, seq, None)
    }

    /// [`Store::truncate_after`] by a writer that believes the log ends at `expected_last`: if
    /// it does not (another writer appended or truncated since), nothing is removed and the
    /// answer is [`StoreError::LogMoved`]; the same guard [`Store::append_action`]'s seq check
    /// gives appends.
    pub fn truncate_after_checked(
        &mut self,
        game: GameId,
        seq: u64,
        expected_last: u64,
    ) -> Result<u64> {
        self.truncate(game, seq, Some(expected_last))
    }

    fn truncate(&mut self, game: GameId, seq: u64, expected_last: Option<u64>) -> Result<u64> {
        self.check_file()?;
        let tx = self
            .conn
            .transaction_with_behavior(TransactionBehavior::Immediate)?;
        require_open(&tx, game)?;
        let last = last_seq_in(&tx, game)?;
        check_seen(&self.seen, &tx, game, last)?;
        if let Some(expected) = expected_last {
            if expected != last {
                return Err(StoreError::LogMoved {
                    game,
                    expected,
                    found: last,
                });
            }
        }
        if seq > last {
            return Err(StoreError::PastEnd { game, seq, last });
        }
        let s = seq_to_sql(seq)?;
        let removed = tx.execute(
            "DELETE FROM actions WHERE game_id = ?1 AND seq > ?2",
            params![game.0, s],
        )?;
        tx.execute(
            "DELETE FROM snapshots WHERE game_id = ?1 AND seq > ?2",
            params![game.0, s],
        )?;
        let hash = hash_at(&tx, game, seq)?;
        touch(&tx, game, now_ms())?;
        tx.commit()?;
        note_seen(&self.seen, game, seq, &hash);
        self.committed()?;
        Ok(removed as u64)
    }
}

// ----- helpers shared with export.rs ---------------------------------------------------------

pub(crate) fn insert_game(
    conn: &Connection,
    new: &NewGame,
    origin_json: Option<&str>,
    now: i64,
) -> Result<GameId> {
    if let Some(existing) = open_game_in(conn, new.channel)? {
        if new.status.is_open() {
            return Err(StoreError::ChannelBusy {
                existing: existing.id,
            });
        }
    }
    conn.execute(
        "INSERT INTO games (guild_id, channel_id, status, ruleset, scenario, options_json, seed,
                            seed_commitment, locale, created_by, created_at, updated_at,
                            engine_version, origin_json)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?11, ?12, ?13)",
        params![
            id_to_sql(new.channel.guild_id)?,
            id_to_sql(new.channel.channel_id)?,
            new.status.as_str(),
            new.ruleset,
            new.scenario,
            new.options_json,
            new.seed,
            new.seed_commitment,
            new.locale,
            opt_id_to_sql(new.created_by)?,
            now,
            new.engine_version,
            origin_json
        ],
    )?;
    Ok(GameId(conn.last_insert_rowid()))
}

pub(crate) fn get_game(conn: &Connection, id: GameId) -> Result<GameRecord> {
    let sql = format!("SELECT {GAME_COLUMNS} FROM games WHERE id = ?1");
    let row = conn
        .prepare_cached(&sql)?
        .query_row([id.0], read_game_row)
        .optional()?
        .ok_or(StoreError::NoSuchGame(id))?;
    game_from_row(row)
}

fn open_game_in(conn: &Connection, channel: ChannelKey) -> Result<Option<GameRecord>> {
    let sql = format!(
        "SELECT {GAME_COLUMNS} FROM games
         WHERE guild_id = ?1 AND channel_id = ?2 AND status IN ('lobby', 'active')"
    );
    let row = conn
        .prepare_cached(&sql)?
        .query_row(
            params![id_to_sql(channel.guild_id)?, id_to_sql(channel.channel_id)?],
            read_game_row,
        )
        .optional()?;
    row.map(game_from_row).transpose()
}

fn require_open(conn: &Connection, game: GameId) -> Result<()> {
    let status: Option<String> = conn
        .prepare_cached("SELECT status FROM games WHERE id = ?1")?
        .query_row([game.0], |r| r.get(0))
        .optional()?;
    let status = status.ok_or(StoreError::NoSuchGame(game))?;
    let status = GameStatus::parse(&status)
        .ok_or_else(|| StoreError::BadData(format!("{game} has unknown status {status:?}")))?;
    if status.is_open() {
        Ok(())
    } else {
        Err(StoreError::GameClosed { game, status })
    }
}

fn touch(conn: &Connection, game: GameId, now: i64) -> Result<()> {
    conn.prepare_cached("UPDATE games SET updated_at = ?2 WHERE id = ?1")?
        .execute(params![game.0, now])?;
    Ok(())
}

/// Remembers the last action of a game as this store saw it.
fn note_seen(seen: &Mutex<HashMap<GameId, (u64, String)>>, game: GameId, seq: u64, hash: &str) {
    seen.lock()
        .unwrap_or_else(|e| e.into_inner())
        .insert(game, (seq, hash.to_string()));
}

/// The stored state hash of action `seq` ("" for seq 0 or no such action).
fn hash_at(conn: &Connection, game: GameId, seq: u64) -> Result<String> {
    if seq == 0 {
        return Ok(String::new());
    }
    let h: Option<String> = conn
        .prepare_cached("SELECT state_hash FROM actions WHERE game_id = ?1 AND seq = ?2")?
        .query_row(params![game.0, seq_to_sql(seq)?], |r| r.get(0))
        .optional()?;
    Ok(h.unwrap_or_default())
}

/// A write on a log this store has read must find it ending where the store last saw it: same
/// last seq ([`StoreError::LogMoved`] otherwise) and the same state hash there
/// ([`StoreError::LogRewritten`]: another writer took the action back and wrote another).
fn check_seen(
    seen: &Mutex<HashMap<GameId, (u64, String)>>,
    conn: &Connection,
    game: GameId,
    last: u64,
) -> Result<()> {
    let known = seen
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .get(&game)
        .cloned();
    let Some((seq, hash)) = known else {
        return Ok(());
    };
    if seq != last {
        return Err(StoreError::LogMoved {
            game,
            expected: seq,
            found: last,
        });
    }
    if seq > 0 && hash_at(conn, game, seq)? != hash {
        return Err(StoreError::LogRewritten { game, seq });
    }
    Ok(())
}

pub(crate) fn last_seq_in(conn: &Connection, game: GameId) -> Result<u64> {
    let v: Option<i64> = conn
        .prepare_cached("SELECT MAX(seq) FROM actions WHERE game_id = ?1")?
        .query_row([game.0], |r| r.get(0))?;
    Ok(opt_id_from_sql(v, "action seq")?.unwrap_or(0))
}

pub(crate) fn actions_after_in(
    conn: &Connection,
    game: GameId,
    after: u64,
) -> Result<Vec<StoredAction>> {
    let mut stmt = conn.prepare_cached(
        "SELECT seq, power, user_id, action_json, state_hash, at FROM actions
         WHERE game_id = ?1 AND seq > ?2 ORDER BY seq",
    )?;
    let rows = stmt
        .query_map(params![game.0, seq_to_sql(after)?], read_action_row)?
        .collect::<rusqlite::Result<Vec<_>>>()?;
    rows.into_iter().map(action_from_row).collect()
}

pub(crate) fn snapshots_of(conn: &Connection, game: GameId) -> Result<Vec<Snapshot>> {
    let mut stmt = conn.prepare_cached(
        "SELECT seq, state_json, at FROM snapshots WHERE game_id = ?1 ORDER BY seq",
    )?;
    let rows = stmt
        .query_map([game.0], |r| {
            Ok((
                r.get::<_, i64>(0)?,
                r.get::<_, String>(1)?,
                r.get::<_, i64>(2)?,
            ))
        })?
        .collect::<rusqlite::Result<Vec<_>>>()?;
    rows.into_iter()
        .map(|(seq, state_json, at)| {
            Ok(Snapshot {
                seq: id_from_sql(seq, "snapshot seq")?,
                state_json,
                at,
            })
        })
        .collect()
}

pub(crate) fn seats_of(conn: &Connection, game: GameId) -> Result<Vec<Seat>> {
    let mut stmt =
        conn.prepare_cached("SELECT power, user_id FROM seats WHERE game_id = ?1 ORDER BY power")?;
    let rows = stmt
        .query_map([game.0], |r| {
            Ok((r.get::<_, String>(0)?, r.get::<_, i64>(1)?))
        })?
        .collect::<rusqlite::Result<Vec<_>>>()?;
    rows.into_iter()
        .map(|(power, user)| {
            Ok(Seat {
                power,
                user_id: id_from_sql(user, "user id")?,
            })
        })
        .collect()
}

pub(crate) fn seat_changes_of(conn: &Connection, game: GameId) -> Result<Vec<SeatChange>> {
    let mut stmt = conn.prepare_cached(
        "SELECT power, old_user_id, new_user_id, changed_by, at_seq, at FROM seat_changes
         WHERE game_id = ?1 ORDER BY id",
    )?;
    type Row = (String, Option<i64>, Option<i64>, Option<i64>, i64, i64);
    let rows = stmt
        .query_map([game.0], |r| -> rusqlite::Result<Row> {
            Ok((
                r.get(0)?,
                r.get(1)?,
                r.get(2)?,
                r.get(3)?,
                r.get(4)?,
                r.get(5)?,
            ))
        })?
        .collect::<rusqlite::Result<Vec<_>>>()?;
    rows.into_iter()
        .map(|(power, old, new, by, at_seq, at)| {
            Ok(SeatChange {
                power,
                old_user_id: opt_id_from_sql(old, "user id")?,
                new_user_id: opt_id_from_sql(new, "user id")?,
                changed_by: opt_id_from_sql(by, "user id")?,
                at_seq: id_from_sql(at_seq, "seq")?,
                at,
            })
        })
        .collect()
}

//! Errors of the store.

use std::path::PathBuf;

use super::{GameId, GameStatus};

/// Everything that can go wrong when opening or using a [`Store`](super::Store).
///
/// The variants about opening a file (`NotSqlite`, `Foreign`, `Corrupt`, `TooNew`) are returned
/// before anything is written: the file is left exactly as it was.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// The file exists but does not start with the SQLite header.
    #[error("{} is not an SQLite database; it was left untouched", path.display())]
    NotSqlite {
        /// The file that was refused.
        path: PathBuf,
    },
    /// The file is an SQLite database made by some other program.
    #[error(
        "{} is an SQLite database that does not belong to vqbot ({detail}); it was left untouched",
        path.display()
    )]
    Foreign {
        /// The file that was refused.
        path: PathBuf,
        /// What gave it away.
        detail: String,
    },
    /// The file is damaged.
    #[error(
        "{} is corrupted ({detail}); it was left untouched, restore it from a backup",
        path.display()
    )]
    Corrupt {
        /// The file that was refused.
        path: PathBuf,
        /// What SQLite reported.
        detail: String,
    },
    /// The file was written by a newer vqbot.
    #[error(
        "{} has schema version {found}, but this vqbot knows versions up to {supported}; \
         upgrade vqbot (the file was not modified)",
        path.display()
    )]
    TooNew {
        /// The file that was refused.
        path: PathBuf,
        /// Its schema version.
        found: u32,
        /// The newest schema version this binary knows.
        supported: u32,
    },
    /// A schema migration failed; the database stays at the previous version.
    #[error("schema migration {version} ({name}) failed: {source}")]
    Migration {
        /// Version the migration would have produced.
        version: u32,
        /// File name of the migration.
        name: &'static str,
        /// The SQLite error.
        source: rusqlite::Error,
    },
    /// Reading the file or its metadata failed.
    #[error("cannot read {}: {source}", path.display())]
    Io {
        /// The file.
        path: PathBuf,
        /// The I/O error.
        source: std::io::Error,
    },
    /// No game has this id.
    #[error("there is no game {0}")]
    NoSuchGame(GameId),
    /// The channel already has a game in the lobby or in progress.
    #[error("this channel already has an unfinished game ({existing})")]
    ChannelBusy {
        /// The game that occupies the channel.
        existing: GameId,
    },
    /// The game no longer accepts changes to its log or seats.
    #[error("{game} is {status} and no longer accepts changes")]
    GameClosed {
        /// The game.
        game: GameId,
        /// Its status.
        status: GameStatus,
    },
    /// A game's options were to change after it left the lobby.
    #[error("{game} is {status}: its options are fixed once it leaves the lobby")]
    OptionsFixed {
        /// The game.
        game: GameId,
        /// Its status.
        status: GameStatus,
    },
    /// A status change that the game's life cycle does not allow.
    #[error("{game} cannot go from {from} to {to}")]
    BadTransition {
        /// The game.
        game: GameId,
        /// Current status.
        from: GameStatus,
        /// Requested status.
        to: GameStatus,
    },
    /// An action was appended with a sequence number other than last + 1.
    #[error("{game}: the next action must have seq {expected}, not {got}")]
    SeqMismatch {
        /// The game.
        game: GameId,
        /// last + 1.
        expected: u64,
        /// What the caller sent.
        got: u64,
    },
    /// A sequence number past the end of the log.
    #[error("{game}: seq {seq} is past the end of the log (last action is {last})")]
    PastEnd {
        /// The game.
        game: GameId,
        /// Requested seq.
        seq: u64,
        /// Last action seq.
        last: u64,
    },
    /// A JSON text handed to the store does not parse.
    #[error("{what} is not valid JSON: {detail}")]
    InvalidJson {
        /// Which field.
        what: &'static str,
        /// The parser's message.
        detail: String,
    },
    /// A Discord id too large for SQLite's signed 64-bit integers.
    #[error("id {0} is too large to store")]
    IdOutOfRange(u64),
    /// A value read from the database is not what vqbot writes.
    #[error("unexpected data in the database: {0}")]
    BadData(String),
    /// An export document that cannot be imported.
    #[error("cannot import this game: {0}")]
    BadImport(String),
    /// Any other SQLite error.
    #[error("database error: {0}")]
    Sqlite(#[from] rusqlite::Error),
    /// The durability barrier could not fsync the database.
    #[error(transparent)]
    Sync(#[from] super::SyncError),
    /// A backup was to be written over an existing file, or to a path SQLite cannot take.
    #[error("cannot back up to {}: {why}", path.display())]
    BackupTarget {
        /// The requested backup file.
        path: PathBuf,
        /// Why it was refused.
        why: &'static str,
    },
    // --- ops: one writer per database
    /// Another process has the database open for writing.
    #[error(
        "{} is in use by {holder}; only one vqbot may write to a database at a time. \
         Stop that process first (the read-only commands games, replay, backup, export and \
         render work beside it)",
        path.display()
    )]
    Locked {
        /// The database.
        path: PathBuf,
        /// Who holds its writer lock (pid, host and command, as the holder wrote them).
        holder: String,
    },
    /// A truncation was asked for by a writer whose idea of the log's end is out of date.
    #[error(
        "{game}: the log ends at action {found}, not {expected} as this process believed; \
         another writer changed it, so nothing was removed"
    )]
    LogMoved {
        /// The game.
        game: GameId,
        /// The last seq the caller believed in.
        expected: u64,
        /// The last seq actually stored.
        found: u64,
    },
    /// A read-only open of a file whose schema is older than this binary's.
    #[error(
        "{} has schema version {found}, older than this vqbot's {supported}; it cannot be \
         upgraded read-only: open it once with the bot (or `vqbot local`) first",
        path.display()
    )]
    NeedsUpgrade {
        /// The file.
        path: PathBuf,
        /// Its schema version.
        found: u32,
        /// This binary's schema version.
        supported: u32,
    },
    // --- ops: the file under a running store (issue 28)
    /// The file at the database's path is no longer the file this store has open (deleted,
    /// moved, or another file put in its place): nothing more is written, nothing acknowledged.
    #[error(
        "{}: {why}. This store has stopped writing (the last change was not kept); restore the \
         file or restart vqbot",
        path.display()
    )]
    FileMoved {
        /// The database path.
        path: PathBuf,
        /// What happened to the file.
        why: String,
    },
    /// The log's last action is not the one this process last read or wrote (another writer
    /// took it back and wrote another in its place).
    #[error(
        "{game}: action {seq} is no longer the one this process knew (its state hash changed); \
         another writer rewrote the log, so nothing was written"
    )]
    LogRewritten {
        /// The game.
        game: GameId,
        /// The last seq, whose hash changed.
        seq: u64,
    },
    /// Writing the database failed at the operating system (a full disk, a file-size limit).
    #[error(
        "cannot write {}: {detail}; the disk may be full, or a file-size limit (`ulimit -f`) \
         was reached. Nothing was changed",
        path.display()
    )]
    WriteFailed {
        /// The database path.
        path: PathBuf,
        /// What SQLite reported.
        detail: String,
    },
    /// The database (or its directory) cannot be written.
    #[error(
        "{} cannot be written ({why}); vqbot needs write access to the file and its directory \
         (for the -wal and -shm files beside it). The read-only commands games, replay, backup, \
         export and render work without it",
        path.display()
    )]
    ReadOnly {
        /// The database path.
        path: PathBuf,
        /// What refused the write.
        why: String,
    },
}

/// Result alias for store operations.
pub type Result<T, E = StoreError> = std::result::Result<T, E>;

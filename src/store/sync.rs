//! Group commit: one `fsync` of the WAL file makes every commit before it durable.
//!
//! In the default [`Durability::Group`](super::Durability::Group) mode the connection runs with
//! `journal_mode=WAL` and `synchronous=NORMAL`. A commit then appends its frames to the `-wal`
//! file with plain writes and returns without waiting for the disk. The frames are in the
//! kernel's page cache at that point, so a killed process loses nothing; a power cut or kernel
//! crash could still lose them. [`WalSync`] closes that gap: the caller that is about to tell a
//! user "done" calls [`WalSync::sync`] first, which fsyncs the WAL file once. On Linux an fsync
//! flushes every dirty page of the file, whichever descriptor wrote it, so one call covers all
//! commits that had returned before it started — commits of other games included.
//!
//! How it fits SQLite's own WAL handling, which is why syncing just this one file is enough:
//!
//! - A checkpoint copies WAL pages into the main file. With `synchronous=NORMAL` SQLite fsyncs
//!   the WAL before copying and the main file after, so a checkpointed page is already durable
//!   in the main file and does not depend on our fsync.
//! - After a complete checkpoint the next writer starts over at the beginning of the WAL with a
//!   new header (new salts); SQLite syncs that header itself in NORMAL mode. The file keeps its
//!   inode and name, so our descriptor still refers to it, and our fsync flushes the rewritten
//!   frames like any others. Recovery only trusts frames whose checksums chain from the header,
//!   and after our fsync the header and every frame before it are on disk.
//! - While this store's connection is open SQLite never deletes the WAL (it does so only when
//!   the last connection closes, after a synced checkpoint). Should the file be missing anyway,
//!   the sync falls back to the main database file, which then holds every commit.
//! - The directory is fsynced once, after the WAL file is first opened, so that the file's name
//!   survives too.
//!
//! Counting: [`WalSync::note_commit`] is called after each successful commit and bumps
//! `committed`; `synced` is the highest count an fsync has covered. [`WalSync::sync_through`]
//! takes a small mutex (never the store's), returns at once if `synced` already covers the
//! caller, and otherwise reads `committed` and fsyncs. Callers that queue on the mutex while
//! an fsync runs usually find themselves covered when they get it: concurrent games share one
//! fsync. The counter is read *before* the fsync and bumped *after* the commit's writes, so the
//! count recorded as synced never claims a commit whose frames were written later.

use std::fmt;
use std::fs::File;
use std::io;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Mutex, MutexGuard};

/// An fsync of the database's files failed: commits since the last good sync may not be on
/// disk.
#[derive(Debug, thiserror::Error)]
#[error("cannot sync {path} to disk: {source}")]
pub struct SyncError {
    /// The file that could not be synced.
    pub path: PathBuf,
    /// The operating system's error.
    pub source: io::Error,
}

/// The open WAL file and what has been synced so far; behind [`WalSync`]'s mutex.
#[derive(Debug, Default)]
struct Synced {
    /// Highest commit count covered by a completed fsync.
    through: u64,
    /// The `-wal` file, opened on first use.
    wal: Option<File>,
}

/// A durability barrier shared by every user of one store; see the module docs.
///
/// Cheap to share behind an `Arc`: the table keeps one and calls it without the store's lock.
pub struct WalSync {
    /// `None` when commits are already durable (FULL), or not meant to be (NORMAL, memory).
    db: Option<PathBuf>,
    committed: AtomicU64,
    fsyncs: AtomicU64,
    state: Mutex<Synced>,
}

impl fmt::Debug for WalSync {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("WalSync")
            .field("db", &self.db)
            .field("committed", &self.committed())
            .field("fsyncs", &self.fsyncs())
            .finish()
    }
}

fn lock(m: &Mutex<Synced>) -> MutexGuard<'_, Synced> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

fn sync_error(path: &Path) -> impl FnOnce(io::Error) -> SyncError + '_ {
    move |source| SyncError {
        path: path.to_path_buf(),
        source,
    }
}

impl WalSync {
    /// A barrier for the WAL of the database file `db` (group commit).
    pub fn for_database(db: &Path) -> Self {
        Self {
            db: Some(db.to_path_buf()),
            committed: AtomicU64::new(0),
            fsyncs: AtomicU64::new(0),
            state: Mutex::new(Synced::default()),
        }
    }

    /// A barrier that never syncs: every commit is already as durable as it will be.
    pub fn none() -> Self {
        Self {
            db: None,
            committed: AtomicU64::new(0),
            fsyncs: AtomicU64::new(0),
            state: Mutex::new(Synced::default()),
        }
    }

    /// Whether [`WalSync::sync`] can ever touch the disk.
    pub fn is_active(&self) -> bool {
        self.db.is_some()
    }

    /// Records that a write transaction has just committed; returns its number. Call it after
    /// the commit returned, never before. A no-op (returning 0) for an inactive barrier.
    pub fn note_commit(&self) -> u64 {
        if self.db.is_none() {
            return 0;
        }
        self.committed.fetch_add(1, Ordering::SeqCst) + 1
    }

    /// How many commits have been noted.
    pub fn committed(&self) -> u64 {
        self.committed.load(Ordering::SeqCst)
    }

    /// The highest commit number a completed fsync has covered.
    pub fn synced(&self) -> u64 {
        lock(&self.state).through
    }

    /// How many fsyncs this barrier has issued (for tests and benchmarks).
    pub fn fsyncs(&self) -> u64 {
        self.fsyncs.load(Ordering::SeqCst)
    }

    /// Makes every commit noted so far durable. Does nothing when they already are.
    pub fn sync(&self) -> Result<(), SyncError> {
        self.sync_through(self.committed())
    }

    /// Makes commits `1..=generation` durable, with at most one fsync, shared with whoever else
    /// is waiting.
    pub fn sync_through(&self, generation: u64) -> Result<(), SyncError> {
        let Some(db) = &self.db else {
            return Ok(());
        };
        let mut st = lock(&self.state);
        if st.through >= generation {
            return Ok(());
        }
        // Everything committed up to now is covered by the fsync below.
        let target = self.committed();
        if st.wal.is_none() {
            st.wal = open_wal(db)?;
        }
        match &st.wal {
            Some(wal) => wal.sync_data().map_err(sync_error(&wal_path(db)))?,
            // No WAL file: the last checkpoint moved everything into the main file.
            None => File::open(db)
                .and_then(|f| f.sync_data())
                .map_err(sync_error(db))?,
        }
        self.fsyncs.fetch_add(1, Ordering::SeqCst);
        st.through = st.through.max(target);
        Ok(())
    }
}

/// The `-wal` file next to `db`.
pub fn wal_path(db: &Path) -> PathBuf {
    let mut name = db.as_os_str().to_owned();
    name.push("-wal");
    PathBuf::from(name)
}

/// Opens the WAL file of `db` for syncing, and syncs its directory once so that the file's
/// name is durable too. `None` if there is no WAL file.
fn open_wal(db: &Path) -> Result<Option<File>, SyncError> {
    let path = wal_path(db);
    let file = match File::open(&path) {
        Ok(f) => f,
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(sync_error(&path)(e)),
    };
    #[cfg(unix)]
    {
        let dir = match path.parent() {
            Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
            _ => PathBuf::from("."),
        };
        File::open(&dir)
            .and_then(|d| d.sync_all())
            .map_err(sync_error(&dir))?;
    }
    Ok(Some(file))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_inactive_barrier_counts_nothing_and_never_syncs() {
        let s = WalSync::none();
        assert_eq!(s.note_commit(), 0);
        s.sync().expect("no-op");
        assert_eq!((s.committed(), s.fsyncs()), (0, 0));
    }

    #[test]
    fn wal_path_appends_the_suffix() {
        assert_eq!(
            wal_path(Path::new("/x/games.sqlite3")),
            PathBuf::from("/x/games.sqlite3-wal")
        );
    }

    #[test]
    fn one_fsync_covers_earlier_commits_and_a_second_barrier_is_free() {
        let dir = tempfile::tempdir().expect("temp dir");
        let db = dir.path().join("x.sqlite3");
        std::fs::write(wal_path(&db), b"frames").expect("write");
        let s = WalSync::for_database(&db);
        for i in 1..=5 {
            assert_eq!(s.note_commit(), i);
        }
        s.sync_through(3).expect("sync");
        assert_eq!(s.fsyncs(), 1);
        // The fsync read the counter (5), so commits 4 and 5 are covered as well.
        s.sync_through(5).expect("covered");
        s.sync().expect("covered");
        assert_eq!(s.fsyncs(), 1);
        s.note_commit();
        s.sync().expect("sync");
        assert_eq!(s.fsyncs(), 2);
    }

    #[test]
    fn without_a_wal_file_the_main_file_is_synced() {
        let dir = tempfile::tempdir().expect("temp dir");
        let db = dir.path().join("y.sqlite3");
        std::fs::write(&db, b"db").expect("write");
        let s = WalSync::for_database(&db);
        s.note_commit();
        s.sync().expect("falls back to the main file");
        assert_eq!(s.fsyncs(), 1);
        std::fs::remove_file(&db).expect("remove");
        s.note_commit();
        let e = s.sync().expect_err("nothing to sync");
        assert_eq!(e.path, db);
    }
}

//! One writer per database: an exclusive lock on the database file itself (by its identity, not
//! its name), taken when a store opens for writing and held until it is dropped.
//!
//! Two processes appending to and truncating one log would each trust their own idea of its end
//! and silently undo each other's acknowledged actions, so [`Store::open`](super::Store::open)
//! takes two advisory exclusive locks (`flock`) first and refuses to open when another process
//! holds either:
//!
//! - on the database file itself, so that every name of the file — a symlink, a hard link, a
//!   relative path — meets the same lock (SQLite's own locks are `fcntl` locks, which on Linux
//!   are independent of `flock`);
//! - on `<canonical database path>.lock`, a sidecar into which the holder writes who it is (pid,
//!   host, command line), so the refusal can name it.
//!
//! The lock belongs to the process: stores opened on the same file (by any of its names) within
//! one process share it (they are one writer, whose appends and truncations are still checked
//! against the log's end and its last state hash), and it is released when the last of them is
//! dropped. The lock goes with the process: a killed bot never leaves a stale lock behind, only a
//! stale description, which the next holder overwrites. Read-only tools (`games`, `replay`,
//! `backup`, `export`, `render`, `position export`) open with
//! [`Store::open_read_only`](super::Store::open_read_only) and need no lock.

use std::collections::HashMap;
use std::fs::{File, OpenOptions, TryLockError};
use std::io::{Read, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, OnceLock, Weak};

use super::error::{Result, StoreError};

/// The lock file of a database: `<database>.lock` beside it.
pub fn lock_path(db: &Path) -> PathBuf {
    let mut name = db.as_os_str().to_owned();
    name.push(".lock");
    PathBuf::from(name)
}

/// The path a database is locked and watched by: the file's canonical path (symlinks and `..`
/// resolved), or for a file not yet created its canonical directory and its name.
pub(crate) fn canonical(db: &Path) -> Result<PathBuf> {
    let io = |source| StoreError::Io {
        path: db.to_path_buf(),
        source,
    };
    match db.canonicalize() {
        Ok(p) => Ok(p),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            let name = db.file_name().ok_or_else(|| io(e))?;
            let dir = match db.parent() {
                Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
                _ => PathBuf::from("."),
            };
            Ok(dir.canonicalize().map_err(io)?.join(name))
        }
        Err(e) => Err(io(e)),
    }
}

/// Which file a path or an open file is: device and inode (on Unix).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) struct FileId {
    dev: u64,
    ino: u64,
}

impl FileId {
    /// The identity behind file metadata.
    #[cfg(unix)]
    pub(crate) fn of(m: &std::fs::Metadata) -> Self {
        use std::os::unix::fs::MetadataExt;
        Self {
            dev: m.dev(),
            ino: m.ino(),
        }
    }

    /// Without device and inode numbers every file looks the same: the checks pass.
    #[cfg(not(unix))]
    pub(crate) fn of(_m: &std::fs::Metadata) -> Self {
        Self { dev: 0, ino: 0 }
    }
}

/// The two open lock files, shared by the stores of this process on one database.
#[derive(Debug)]
struct Held {
    /// The database file itself, `flock`ed.
    _db: File,
    /// The sidecar with the holder's description, `flock`ed.
    _sidecar: File,
}

/// The held writer lock; released when the last store of this process holding it is dropped
/// (or when the process ends).
#[derive(Debug)]
pub(crate) struct WriterLock {
    _held: Arc<Held>,
    /// The database's canonical path.
    path: PathBuf,
    /// The identity of the locked database file.
    id: FileId,
}

/// The locks this process holds, by database file identity.
fn held() -> &'static Mutex<HashMap<FileId, Weak<Held>>> {
    static HELD: OnceLock<Mutex<HashMap<FileId, Weak<Held>>>> = OnceLock::new();
    HELD.get_or_init(|| Mutex::new(HashMap::new()))
}

/// Who this process is, as written into the lock file.
fn holder_description() -> String {
    let host = std::fs::read_to_string("/proc/sys/kernel/hostname")
        .ok()
        .or_else(|| std::env::var("HOSTNAME").ok())
        .map(|h| h.trim().to_string())
        .filter(|h| !h.is_empty())
        .unwrap_or_else(|| "unknown host".into());
    let command: Vec<String> = std::env::args().collect();
    format!(
        "pid {} on {host}, command `{}`",
        std::process::id(),
        command.join(" ")
    )
}

/// `flock`s an open file, retrying briefly: a lock that was just released may still be held for
/// a moment by a child process between its fork and its exec (it shares the open file until
/// then). `Ok(false)`: someone else holds it.
fn try_lock(file: &File) -> std::io::Result<bool> {
    let mut attempt = 0;
    loop {
        match file.try_lock() {
            Ok(()) => return Ok(true),
            Err(TryLockError::WouldBlock) if attempt < 25 => {
                attempt += 1;
                std::thread::sleep(std::time::Duration::from_millis(20));
            }
            Err(TryLockError::WouldBlock) => return Ok(false),
            Err(TryLockError::Error(e)) => return Err(e),
        }
    }
}

impl WriterLock {
    /// Takes the writer lock of the database at `db` (creating an empty file if there is none),
    /// or says who holds it.
    pub(crate) fn acquire(db: &Path) -> Result<Self> {
        let path = canonical(db)?;
        let io = |p: &Path| {
            let p = p.to_path_buf();
            move |source| StoreError::Io { path: p, source }
        };
        let file = OpenOptions::new()
            .read(true)
            .write(true)
            .create(true)
            .truncate(false)
            .open(&path)
            .map_err(io(&path))?;
        let id = FileId::of(&file.metadata().map_err(io(&path))?);
        let mut map = held().lock().unwrap_or_else(|e| e.into_inner());
        if let Some(mine) = map.get(&id).and_then(Weak::upgrade) {
            return Ok(Self {
                _held: mine,
                path,
                id,
            });
        }
        let sidecar_path = lock_path(&path);
        let mut sidecar = OpenOptions::new()
            .read(true)
            .write(true)
            .create(true)
            .truncate(false)
            .open(&sidecar_path)
            .map_err(io(&sidecar_path))?;
        if !try_lock(&sidecar).map_err(io(&sidecar_path))? {
            let mut holder = String::new();
            // The holder's description is best effort: a holder that has not written it yet
            // is still a holder.
            let _ = sidecar.read_to_string(&mut holder);
            let holder = holder.trim();
            return Err(StoreError::Locked {
                path: db.to_path_buf(),
                holder: if holder.is_empty() {
                    "another process (it has not said which)".into()
                } else {
                    holder.to_string()
                },
            });
        }
        if !try_lock(&file).map_err(io(&path))? {
            return Err(StoreError::Locked {
                path: db.to_path_buf(),
                holder: "another process that opened the same file under another name \
                         (a hard link)"
                    .into(),
            });
        }
        let me = holder_description();
        let write = |f: &mut File| -> std::io::Result<()> {
            f.set_len(0)?;
            f.seek(SeekFrom::Start(0))?;
            f.write_all(me.as_bytes())?;
            f.flush()
        };
        write(&mut sidecar).map_err(io(&sidecar_path))?;
        let held_now = Arc::new(Held {
            _db: file,
            _sidecar: sidecar,
        });
        map.insert(id, Arc::downgrade(&held_now));
        Ok(Self {
            _held: held_now,
            path,
            id,
        })
    }

    /// The database's canonical path.
    pub(crate) fn path(&self) -> &Path {
        &self.path
    }

    /// Whether the file at the database's path is still the file this lock holds, and the file
    /// still has a name. `Err` says what happened to it.
    pub(crate) fn check(&self) -> std::result::Result<(), String> {
        match std::fs::metadata(&self.path) {
            Ok(m) if FileId::of(&m) == self.id => Ok(()),
            Ok(_) => {
                Err("another file was put in the database's place (moved or copied over it)".into())
            }
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                Err("the database file was deleted or moved away".into())
            }
            Err(e) => Err(format!("the database file cannot be checked: {e}")),
        }
    }
}

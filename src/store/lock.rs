//! One writer per database: an exclusive lock on a sidecar file, taken when a store opens for
//! writing and held until it is dropped.
//!
//! Two processes appending to and truncating one log would each trust their own idea of its end
//! and silently undo each other's acknowledged actions, so [`Store::open`](super::Store::open)
//! takes an advisory exclusive lock (`flock`) on `<database>.lock` first and refuses to open when
//! another process holds it. The holder writes who it is (pid, host, command line) into the file,
//! so the refusal can name it. The lock belongs to the process: stores opened on the same file
//! within one process share it (they are one writer, whose appends and truncations are still
//! checked against the log's end), and it is released when the last of them is dropped. The lock goes with the process: a killed bot never leaves a stale
//! lock behind, only a stale description, which the next holder overwrites. Read-only tools
//! (`games`, `replay`, `backup`, `export`, `render`) open with
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

/// The held writer lock; released when the last store of this process holding it is dropped
/// (or when the process ends).
#[derive(Debug)]
pub(crate) struct WriterLock {
    _file: Arc<File>,
}

/// The locks this process holds, by lock-file path.
fn held() -> &'static Mutex<HashMap<PathBuf, Weak<File>>> {
    static HELD: OnceLock<Mutex<HashMap<PathBuf, Weak<File>>>> = OnceLock::new();
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

impl WriterLock {
    /// Takes the writer lock of the database at `db`, or says who holds it.
    pub(crate) fn acquire(db: &Path) -> Result<Self> {
        let path = lock_path(db);
        let io = |source| StoreError::Io {
            path: path.clone(),
            source,
        };
        let mut file = OpenOptions::new()
            .read(true)
            .write(true)
            .create(true)
            .truncate(false)
            .open(&path)
            .map_err(io)?;
        let key = path.canonicalize().map_err(io)?;
        let mut held = held().lock().unwrap_or_else(|e| e.into_inner());
        if let Some(mine) = held.get(&key).and_then(Weak::upgrade) {
            return Ok(Self { _file: mine });
        }
        Self::take(db, &path, &mut file)?;
        let file = Arc::new(file);
        held.insert(key, Arc::downgrade(&file));
        Ok(Self { _file: file })
    }

    /// Takes the operating-system lock on the open lock file and writes this process into it.
    fn take(db: &Path, path: &Path, file: &mut File) -> Result<()> {
        let io = |source| StoreError::Io {
            path: path.to_path_buf(),
            source,
        };
        // A lock that was just released may still be held for a moment by a child process
        // between its fork and its exec (it shares the open file until then): retry briefly.
        let mut attempt = 0;
        let locked = loop {
            match file.try_lock() {
                Err(TryLockError::WouldBlock) if attempt < 25 => {
                    attempt += 1;
                    std::thread::sleep(std::time::Duration::from_millis(20));
                }
                r => break r,
            }
        };
        match locked {
            Ok(()) => {}
            Err(TryLockError::WouldBlock) => {
                let mut holder = String::new();
                // The holder's description is best effort: a holder that has not written it yet
                // is still a holder.
                let _ = file.read_to_string(&mut holder);
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
            Err(TryLockError::Error(e)) => return Err(io(e)),
        }
        let me = holder_description();
        file.set_len(0).map_err(io)?;
        file.seek(SeekFrom::Start(0)).map_err(io)?;
        file.write_all(me.as_bytes()).map_err(io)?;
        file.flush().map_err(io)?;
        Ok(())
    }
}

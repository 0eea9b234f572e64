//! Schema migrations and the checks made before a file is touched.

use std::io::Read;
use std::path::Path;

use rusqlite::{Connection, ErrorCode, OpenFlags, TransactionBehavior};

use super::error::{Result, StoreError};

/// `PRAGMA application_id` of a vqbot database: the bytes "VQBT".
pub const APPLICATION_ID: i32 = 0x5651_4254;

/// One numbered schema migration, embedded from `migrations/`.
#[derive(Debug, Clone, Copy)]
pub struct Migration {
    /// Schema version after this migration has run (1, 2, …).
    pub version: u32,
    /// File name, for messages.
    pub name: &'static str,
    /// The SQL, run as one batch.
    pub sql: &'static str,
}

/// All migrations, in order. Version `k` is `MIGRATIONS[k - 1]`.
pub const MIGRATIONS: &[Migration] = &[
    Migration {
        version: 1,
        name: "0001_init.sql",
        sql: include_str!("../../migrations/0001_init.sql"),
    },
    Migration {
        version: 2,
        name: "0002_game_origin.sql",
        sql: include_str!("../../migrations/0002_game_origin.sql"),
    },
    Migration {
        version: 3,
        name: "0003_people.sql",
        sql: include_str!("../../migrations/0003_people.sql"),
    },
    Migration {
        version: 4,
        name: "0004_fresh_salt.sql",
        sql: include_str!("../../migrations/0004_fresh_salt.sql"),
    },
    Migration {
        version: 5,
        name: "0005_seen_interactions.sql",
        sql: include_str!("../../migrations/0005_seen_interactions.sql"),
    },
    Migration {
        version: 6,
        name: "0006_campaign.sql",
        sql: include_str!("../../migrations/0006_campaign.sql"),
    },
    // Issue 29: the file is 0007 because the reminders of the same issue take 0006.
    Migration {
        version: 7,
        name: "0007_absence.sql",
        sql: include_str!("../../migrations/0007_absence.sql"),
    },
    // --- campaign (issue 29): digests, replacements and last actions across a restart
    Migration {
        version: 8,
        name: "0008_campaign_memory.sql",
        sql: include_str!("../../migrations/0008_campaign_memory.sql"),
    },
    // --- campaign (issue 29): the end's post survives a crash; threads lead to their channel
    Migration {
        version: 9,
        name: "0009_end_posts.sql",
        sql: include_str!("../../migrations/0009_end_posts.sql"),
    },
];

/// The schema version this binary writes.
pub const SCHEMA_VERSION: u32 = MIGRATIONS.len() as u32;

/// Reads `PRAGMA user_version`, the schema version recorded in the file.
pub(crate) fn user_version(conn: &Connection) -> rusqlite::Result<u32> {
    let v: i64 = conn.query_row("PRAGMA user_version", [], |r| r.get(0))?;
    // user_version is a signed 32-bit field; vqbot only ever writes small positive numbers.
    Ok(u32::try_from(v).unwrap_or(u32::MAX))
}

/// Brings the schema up to [`SCHEMA_VERSION`], one transaction per migration.
///
/// The caller has already checked that the version is not newer than this binary's.
pub(crate) fn migrate(conn: &mut Connection) -> Result<()> {
    let current = user_version(conn)?;
    for m in MIGRATIONS.iter().filter(|m| m.version > current) {
        let wrap = |source| StoreError::Migration {
            version: m.version,
            name: m.name,
            source,
        };
        let tx = conn
            .transaction_with_behavior(TransactionBehavior::Immediate)
            .map_err(wrap)?;
        tx.execute_batch(m.sql).map_err(wrap)?;
        // Inside the transaction: the version moves only if the whole migration committed.
        tx.pragma_update(None, "user_version", m.version)
            .map_err(wrap)?;
        tx.commit().map_err(wrap)?;
    }
    Ok(())
}

/// What [`inspect`] found in an existing file.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum Found {
    /// No file, an empty file, or an SQLite file with no schema at all: safe to initialise.
    Fresh,
    /// A vqbot database at this schema version (not newer than ours).
    Ours(u32),
}

const SQLITE_MAGIC: &[u8; 16] = b"SQLite format 3\0";

/// Decides whether `path` may be opened for writing, without writing anything to it.
///
/// The header is read with plain file I/O; then the file is opened read-only to read its
/// application id, schema version and table list, and a vqbot file gets `PRAGMA quick_check`.
pub(crate) fn inspect(path: &Path) -> Result<Found> {
    let io = |source| StoreError::Io {
        path: path.to_path_buf(),
        source,
    };
    let mut file = match std::fs::File::open(path) {
        Ok(f) => f,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Found::Fresh),
        Err(e) => return Err(io(e)),
    };
    let len = file.metadata().map_err(io)?.len();
    if len == 0 {
        return Ok(Found::Fresh);
    }
    let mut head = [0u8; 16];
    let mut got = 0;
    while got < head.len() {
        let n = file.read(&mut head[got..]).map_err(io)?;
        if n == 0 {
            break;
        }
        got += n;
    }
    drop(file);
    if got < head.len() || &head != SQLITE_MAGIC {
        return Err(StoreError::NotSqlite {
            path: path.to_path_buf(),
        });
    }

    let corrupt = |detail: String| StoreError::Corrupt {
        path: path.to_path_buf(),
        detail,
    };
    // Classifies an SQLite error met while merely reading the file.
    let classify = |e: rusqlite::Error| match e.sqlite_error_code() {
        Some(ErrorCode::DatabaseCorrupt) | Some(ErrorCode::NotADatabase) => corrupt(e.to_string()),
        _ => StoreError::Sqlite(e),
    };

    let conn = Connection::open_with_flags(
        path,
        OpenFlags::SQLITE_OPEN_READ_ONLY | OpenFlags::SQLITE_OPEN_NO_MUTEX,
    )
    .map_err(classify)?;
    let app_id: i32 = conn
        .query_row("PRAGMA application_id", [], |r| r.get(0))
        .map_err(classify)?;
    let version = user_version(&conn).map_err(classify)?;
    let objects: i64 = conn
        .query_row(
            "SELECT count(*) FROM sqlite_schema WHERE name NOT LIKE 'sqlite_%'",
            [],
            |r| r.get(0),
        )
        .map_err(classify)?;

    if app_id != APPLICATION_ID {
        if app_id == 0 && version == 0 && objects == 0 {
            return Ok(Found::Fresh);
        }
        let detail = if app_id == 0 {
            format!("no vqbot marker; it holds {objects} tables, indexes or views")
        } else {
            format!("its application id is {app_id:#010x}")
        };
        return Err(StoreError::Foreign {
            path: path.to_path_buf(),
            detail,
        });
    }
    if version > SCHEMA_VERSION {
        return Err(StoreError::TooNew {
            path: path.to_path_buf(),
            found: version,
            supported: SCHEMA_VERSION,
        });
    }
    let mut stmt = conn.prepare("PRAGMA quick_check").map_err(classify)?;
    let problems: Vec<String> = stmt
        .query_map([], |r| r.get::<_, String>(0))
        .map_err(classify)?
        .collect::<rusqlite::Result<_>>()
        .map_err(classify)?;
    if problems.len() != 1 || problems[0] != "ok" {
        let mut detail = problems.into_iter().take(3).collect::<Vec<_>>().join("; ");
        if detail.is_empty() {
            detail = "integrity check returned nothing".into();
        }
        return Err(corrupt(detail));
    }
    Ok(Found::Ours(version))
}

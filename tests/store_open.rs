//! Opening files: creation, migrations from every earlier version, and refusing files that are
//! not ours, are damaged, or are too new — without changing a byte of them.

use std::path::{Path, PathBuf};

use rusqlite::Connection;
use vqbot::store::{
    ChannelKey, GameStatus, NewGame, Store, StoreError, APPLICATION_ID, MIGRATIONS, SCHEMA_VERSION,
};

fn new_game(channel: ChannelKey) -> NewGame {
    NewGame {
        channel,
        status: GameStatus::Active,
        ruleset: "toy".into(),
        scenario: "1559".into(),
        options_json: "{}".into(),
        seed: "7".into(),
        seed_commitment: "c".into(),
        locale: "ru".into(),
        created_by: None,
        engine_version: "0.1.0".into(),
    }
}

fn pragma_i64(conn: &Connection, name: &str) -> i64 {
    conn.query_row(&format!("PRAGMA {name}"), [], |r| r.get(0))
        .unwrap()
}

fn tmp() -> (tempfile::TempDir, PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("vq.sqlite3");
    (dir, path)
}

/// Writes a vqbot database with some games and actions, closed cleanly (WAL checkpointed).
fn populated(path: &Path, actions: u64) {
    let mut s = Store::open(path).unwrap();
    let g = s
        .create_game(&new_game(ChannelKey::guild(1, 2)))
        .unwrap()
        .id;
    for seq in 1..=actions {
        let rec = vqbot::store::ActionRecord {
            seq,
            power: Some("papacy".into()),
            user_id: Some(seq),
            action_json: format!(r#"{{"n":{seq},"pad":"{}"}}"#, "x".repeat(200)),
            state_hash: format!("{seq:064x}"),
        };
        let snap = seq.is_multiple_of(50).then(|| format!(r#"{{"n":{seq}}}"#));
        s.append_action(g, &rec, snap.as_deref()).unwrap();
    }
}

// ----- creation and migrations -------------------------------------------------------------------

#[test]
fn a_new_file_gets_the_full_schema_wal_and_our_marker() {
    let (_dir, path) = tmp();
    let s = Store::open(&path).unwrap();
    assert_eq!(s.schema_version().unwrap(), SCHEMA_VERSION);
    let c = s.connection();
    let mode: String = c
        .query_row("PRAGMA journal_mode", [], |r| r.get(0))
        .unwrap();
    assert_eq!(mode, "wal");
    assert_eq!(pragma_i64(c, "foreign_keys"), 1);
    assert_eq!(pragma_i64(c, "synchronous"), 2, "FULL by default");
    assert!(pragma_i64(c, "busy_timeout") >= 1000);
    assert_eq!(pragma_i64(c, "application_id"), i64::from(APPLICATION_ID));
    drop(s);
    // Reopening a current file is a no-op migration that keeps data.
    populated(&path, 3);
    let s = Store::open(&path).unwrap();
    let g = s.open_game(ChannelKey::guild(1, 2)).unwrap().unwrap();
    assert_eq!(s.last_seq(g.id).unwrap(), 3);
}

#[test]
fn an_empty_file_is_initialised() {
    let (_dir, path) = tmp();
    std::fs::write(&path, b"").unwrap();
    let s = Store::open(&path).unwrap();
    assert_eq!(s.schema_version().unwrap(), SCHEMA_VERSION);
    // So is an SQLite file with nothing in it.
    let (_dir2, path2) = tmp();
    Connection::open(&path2)
        .unwrap()
        .execute_batch("VACUUM")
        .unwrap();
    assert!(std::fs::metadata(&path2).unwrap().len() > 0);
    let s = Store::open(&path2).unwrap();
    assert_eq!(s.schema_version().unwrap(), SCHEMA_VERSION);
}

#[test]
fn migrations_are_numbered_in_order_and_all_embedded() {
    for (i, m) in MIGRATIONS.iter().enumerate() {
        assert_eq!(m.version as usize, i + 1);
        assert!(m.name.starts_with(&format!("{:04}_", i + 1)), "{}", m.name);
    }
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("migrations");
    let mut on_disk: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".sql"))
        .collect();
    on_disk.sort();
    let embedded: Vec<&str> = MIGRATIONS.iter().map(|m| m.name).collect();
    assert_eq!(
        on_disk, embedded,
        "every file in migrations/ must be listed in MIGRATIONS"
    );
}

/// Builds a database at schema version `k` the way an older vqbot would have left it.
fn at_version(path: &Path, k: u32) -> Connection {
    let conn = Connection::open(path).unwrap();
    conn.execute_batch("PRAGMA journal_mode = WAL").unwrap();
    for m in &MIGRATIONS[..k as usize] {
        conn.execute_batch(&format!(
            "BEGIN; {} PRAGMA user_version = {}; COMMIT;",
            m.sql, m.version
        ))
        .unwrap();
    }
    conn
}

#[test]
fn every_earlier_schema_version_migrates_to_the_current_one_keeping_data() {
    for k in 0..SCHEMA_VERSION {
        let (_dir, path) = tmp();
        let conn = at_version(&path, k);
        if k >= 1 {
            // Data written with the version-1 columns, as any older binary would.
            conn.execute_batch(
                "INSERT INTO games (id, guild_id, channel_id, status, ruleset, scenario, options_json,
                                    seed, seed_commitment, locale, created_by, created_at,
                                    updated_at, engine_version)
                 VALUES (5, 1, 2, 'active', 'vq', '1559', '{}', 's', 'c', 'en', 9, 100, 200, '0.0.1');
                 INSERT INTO seats VALUES (5, 'england', 9);
                 INSERT INTO actions VALUES (5, 1, 'england', 9, '{\"a\":1}', 'h1', 300);
                 INSERT INTO actions VALUES (5, 2, 'england', 9, '{\"a\":2}', 'h2', 301);
                 INSERT INTO snapshots VALUES (5, 2, '{\"s\":2}', 301);",
            )
            .unwrap();
        }
        drop(conn);

        let mut s = Store::open(&path).unwrap_or_else(|e| panic!("from version {k}: {e}"));
        assert_eq!(
            s.schema_version().unwrap(),
            SCHEMA_VERSION,
            "from version {k}"
        );
        let ok: String = s
            .connection()
            .query_row("PRAGMA integrity_check", [], |r| r.get(0))
            .unwrap();
        assert_eq!(ok, "ok");
        // Version 3 (users): empty after the migration, and usable.
        assert_eq!(
            s.users_with_closed_dms().unwrap(),
            vec![],
            "from version {k}"
        );
        assert!(s.set_display_name(9, "Nine").unwrap());
        assert_eq!(s.display_name(9).unwrap().as_deref(), Some("Nine"));
        if k >= 1 {
            let g = s.open_game(ChannelKey::guild(1, 2)).unwrap().unwrap();
            assert_eq!(g.id.0, 5);
            assert_eq!(
                (g.created_at, g.updated_at, g.origin_json),
                (100, 200, None)
            );
            assert_eq!(s.seats(g.id).unwrap()[0].user_id, 9);
            let loaded = s.load(g.id).unwrap();
            assert_eq!(loaded.snapshot.unwrap().state_json, r#"{"s":2}"#);
            assert_eq!(loaded.snapshot_hash.as_deref(), Some("h2"));
            assert_eq!(s.actions_after(g.id, 0).unwrap().len(), 2);
            // The migrated file accepts new writes.
            let rec = vqbot::store::ActionRecord {
                seq: 3,
                power: None,
                user_id: None,
                action_json: "{}".into(),
                state_hash: "h3".into(),
            };
            s.append_action(g.id, &rec, None).unwrap();
        } else {
            s.create_game(&new_game(ChannelKey::guild(1, 2))).unwrap();
        }
    }
}

// ----- refusals ----------------------------------------------------------------------------------

/// Opens `path`, expects a refusal, and checks that the file's bytes did not change.
fn refused(path: &Path) -> StoreError {
    let before = std::fs::read(path).unwrap();
    let err = Store::open(path).expect_err("the file must be refused");
    let after = std::fs::read(path).unwrap();
    assert!(
        before == after,
        "{} was modified while being refused",
        path.display()
    );
    let msg = err.to_string();
    assert!(
        msg.contains(&path.display().to_string()),
        "the message names the file: {msg}"
    );
    err
}

#[test]
fn a_file_that_is_not_sqlite_is_refused_and_left_untouched() {
    let (_dir, path) = tmp();
    std::fs::write(&path, "[bot]\ntoken = \"...\"\n".repeat(300)).unwrap();
    let err = refused(&path);
    assert!(matches!(err, StoreError::NotSqlite { .. }), "{err:?}");
    assert!(err.to_string().contains("not an SQLite database"));

    std::fs::write(&path, b"SQLite").unwrap(); // shorter than the header
    assert!(matches!(refused(&path), StoreError::NotSqlite { .. }));
}

#[test]
fn an_sqlite_file_of_another_program_is_refused_and_left_untouched() {
    let (_dir, path) = tmp();
    let other = Connection::open(&path).unwrap();
    other
        .execute_batch(
            "CREATE TABLE games (id INTEGER PRIMARY KEY, title TEXT);
             INSERT INTO games (title) VALUES ('chess');",
        )
        .unwrap();
    drop(other);
    let err = refused(&path);
    assert!(matches!(err, StoreError::Foreign { .. }), "{err:?}");
    assert!(
        err.to_string().contains("does not belong to vqbot"),
        "{err}"
    );

    // Marked by some other application, even with no tables.
    let (_dir2, path2) = tmp();
    let other = Connection::open(&path2).unwrap();
    other
        .execute_batch("PRAGMA application_id = 1234; VACUUM;")
        .unwrap();
    drop(other);
    let err = refused(&path2);
    assert!(matches!(err, StoreError::Foreign { .. }), "{err:?}");
    assert!(err.to_string().contains("0x000004d2"), "{err}");
}

#[test]
fn a_schema_newer_than_this_binary_is_refused_and_left_untouched() {
    let (_dir, path) = tmp();
    populated(&path, 2);
    let conn = Connection::open(&path).unwrap();
    conn.pragma_update(None, "user_version", SCHEMA_VERSION + 1)
        .unwrap();
    drop(conn);
    let err = refused(&path);
    match &err {
        StoreError::TooNew {
            found, supported, ..
        } => assert_eq!((*found, *supported), (SCHEMA_VERSION + 1, SCHEMA_VERSION)),
        other => panic!("expected TooNew, got {other:?}"),
    }
    assert!(err.to_string().contains("upgrade vqbot"), "{err}");
    let conn = Connection::open(&path).unwrap();
    assert_eq!(
        pragma_i64(&conn, "user_version"),
        i64::from(SCHEMA_VERSION + 1)
    );
}

fn page_size(path: &Path) -> usize {
    let conn = Connection::open(path).unwrap();
    pragma_i64(&conn, "page_size") as usize
}

fn root_page(path: &Path, table: &str) -> usize {
    let conn = Connection::open(path).unwrap();
    conn.query_row(
        "SELECT rootpage FROM sqlite_schema WHERE name = ?1",
        [table],
        |r| r.get::<_, i64>(0),
    )
    .unwrap() as usize
}

#[test]
fn corrupted_files_are_refused_and_left_untouched() {
    // 1. Garbage over the root page of the action log.
    let (_dir, path) = tmp();
    populated(&path, 400);
    let (ps, root) = (page_size(&path), root_page(&path, "actions"));
    let mut bytes = std::fs::read(&path).unwrap();
    assert!(bytes.len() > ps * 20, "the fixture spans many pages");
    let start = (root - 1) * ps;
    for (i, b) in bytes[start..start + ps].iter_mut().enumerate() {
        *b = (i * 151 % 251) as u8;
    }
    std::fs::write(&path, &bytes).unwrap();
    let err = refused(&path);
    assert!(matches!(err, StoreError::Corrupt { .. }), "{err:?}");
    assert!(err.to_string().contains("corrupted"), "{err}");

    // 2. A leaf page in the middle of the file zeroed (e.g. a torn write).
    let (_dir, path) = tmp();
    populated(&path, 400);
    let ps = page_size(&path);
    let mut bytes = std::fs::read(&path).unwrap();
    let mid = bytes.len() / ps / 2 * ps;
    bytes[mid..mid + ps].fill(0);
    std::fs::write(&path, &bytes).unwrap();
    let err = refused(&path);
    assert!(matches!(err, StoreError::Corrupt { .. }), "{err:?}");

    // 3. The file cut in half (a failed copy).
    let (_dir, path) = tmp();
    populated(&path, 400);
    let bytes = std::fs::read(&path).unwrap();
    std::fs::write(&path, &bytes[..bytes.len() / 2]).unwrap();
    let err = refused(&path);
    assert!(matches!(err, StoreError::Corrupt { .. }), "{err:?}");

    // 4. A damaged header (impossible page size) behind an intact magic string.
    let (_dir, path) = tmp();
    populated(&path, 10);
    let mut bytes = std::fs::read(&path).unwrap();
    bytes[16] = 0x00;
    bytes[17] = 0x03;
    std::fs::write(&path, &bytes).unwrap();
    let err = refused(&path);
    assert!(matches!(err, StoreError::Corrupt { .. }), "{err:?}");
}

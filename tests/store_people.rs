//! The users table (schema version 3): display names and closed DMs, their migration from a
//! version-2 file, and the typed calls that change a game's options and locale.

use rusqlite::Connection;
use vqbot::store::{
    ChannelKey, GameId, GameStatus, NewGame, Store, StoreError, UserRecord, MIGRATIONS,
    SCHEMA_VERSION,
};

fn new_game(channel: ChannelKey, status: GameStatus) -> NewGame {
    NewGame {
        channel,
        status,
        ruleset: "toy".into(),
        scenario: "1559".into(),
        options_json: r#"{"powers":[]}"#.into(),
        seed: "7".into(),
        seed_commitment: "c".into(),
        locale: "en".into(),
        created_by: Some(1),
        engine_version: "0.1.0".into(),
    }
}

fn file_store() -> (tempfile::TempDir, std::path::PathBuf, Store) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("vq.sqlite3");
    let store = Store::open(&path).unwrap();
    (dir, path, store)
}

fn updated_at(s: &Store, user: u64) -> i64 {
    s.user(user).unwrap().expect("a stored user").updated_at
}

#[test]
fn display_names_are_stored_written_only_on_change_and_survive_reopening() {
    let (_dir, path, mut s) = file_store();
    assert_eq!(s.display_name(42).unwrap(), None);
    assert_eq!(s.user(42).unwrap(), None);
    assert!(
        s.set_display_name(42, "Alice").unwrap(),
        "a new name is written"
    );
    let first = updated_at(&s, 42);
    std::thread::sleep(std::time::Duration::from_millis(5));
    assert!(
        !s.set_display_name(42, "Alice").unwrap(),
        "the same name is not rewritten"
    );
    assert_eq!(updated_at(&s, 42), first, "nothing was written");
    assert!(s.set_display_name(42, "Alice the Great").unwrap());
    assert!(updated_at(&s, 42) > first);
    assert!(s.set_display_name(7, "Бob").unwrap());
    drop(s);
    let s = Store::open(&path).unwrap();
    assert_eq!(
        s.display_name(42).unwrap().as_deref(),
        Some("Alice the Great")
    );
    assert_eq!(s.display_name(7).unwrap().as_deref(), Some("Бob"));
    assert_eq!(s.display_name(8).unwrap(), None);
}

#[test]
fn closed_dms_are_marked_moved_forward_cleared_and_listed() {
    let (_dir, path, mut s) = file_store();
    assert_eq!(s.dms_closed_at(5).unwrap(), None);
    assert!(
        !s.mark_dms_open(5).unwrap(),
        "nothing to clear for an unknown user"
    );
    // A user known only by the DM failure: no name.
    s.mark_dms_closed(5, 1_000).unwrap();
    assert_eq!(
        s.user(5).unwrap(),
        Some(UserRecord {
            user_id: 5,
            display_name: None,
            updated_at: 1_000,
            dm_closed_at: Some(1_000),
        })
    );
    // A named user: the name stays when the DM state changes, and the other way round.
    s.set_display_name(6, "Dave").unwrap();
    s.mark_dms_closed(6, 2_000).unwrap();
    s.set_display_name(6, "David").unwrap();
    assert_eq!(s.dms_closed_at(6).unwrap(), Some(2_000));
    s.mark_dms_closed(6, 3_000).unwrap();
    assert_eq!(s.dms_closed_at(6).unwrap(), Some(3_000), "a later failure");
    assert_eq!(
        s.users_with_closed_dms().unwrap(),
        vec![(5, 1_000), (6, 3_000)]
    );
    drop(s);
    let mut s = Store::open(&path).unwrap();
    assert_eq!(
        s.users_with_closed_dms().unwrap(),
        vec![(5, 1_000), (6, 3_000)]
    );
    assert!(s.mark_dms_open(6).unwrap());
    assert!(!s.mark_dms_open(6).unwrap(), "already open");
    assert_eq!(s.dms_closed_at(6).unwrap(), None);
    assert_eq!(s.display_name(6).unwrap().as_deref(), Some("David"));
    assert_eq!(s.users_with_closed_dms().unwrap(), vec![(5, 1_000)]);
}

#[test]
fn ids_too_large_for_sqlite_are_refused() {
    let (_dir, _path, mut s) = file_store();
    let big = u64::MAX;
    assert!(matches!(
        s.set_display_name(big, "x"),
        Err(StoreError::IdOutOfRange(_))
    ));
    assert!(matches!(
        s.mark_dms_closed(big, 1),
        Err(StoreError::IdOutOfRange(_))
    ));
    assert!(matches!(s.user(big), Err(StoreError::IdOutOfRange(_))));
}

#[test]
fn a_version_2_file_migrates_to_the_users_table_keeping_its_games() {
    // Migrations 3 (people), 4 (fresh salt), 5 (seen interactions), 6 (campaign rhythm) and 7
    // (absences), both of issue 29, 8 (the campaign's memory, issue 29) and 9 (the end's post,
    // issue 29) run on a version 2 file.
    assert_eq!(SCHEMA_VERSION, 9);
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("v2.sqlite3");
    {
        let conn = Connection::open(&path).unwrap();
        conn.execute_batch("PRAGMA journal_mode = WAL").unwrap();
        for m in &MIGRATIONS[..2] {
            conn.execute_batch(&format!(
                "BEGIN; {} PRAGMA user_version = {}; COMMIT;",
                m.sql, m.version
            ))
            .unwrap();
        }
        conn.execute_batch(
            "INSERT INTO games (id, guild_id, channel_id, status, ruleset, scenario, options_json,
                                seed, seed_commitment, locale, created_by, created_at,
                                updated_at, engine_version, origin_json)
             VALUES (3, 1, 2, 'lobby', 'vq', '1559', '{}', 's', 'c', 'ru', 9, 100, 200, '0.0.1',
                     '{\"source_game_id\":1}');
             INSERT INTO seats VALUES (3, 'england', 9);",
        )
        .unwrap();
        let tables: i64 = conn
            .query_row(
                "SELECT count(*) FROM sqlite_schema WHERE name = 'users'",
                [],
                |r| r.get(0),
            )
            .unwrap();
        assert_eq!(tables, 0, "version 2 has no users table");
    }
    let mut s = Store::open(&path).unwrap();
    assert_eq!(s.schema_version().unwrap(), SCHEMA_VERSION);
    let g = s.open_game(ChannelKey::guild(1, 2)).unwrap().unwrap();
    // Version 4: no fresh salt owed until a take-back records one.
    assert!(!s.fresh_salt(g.id).unwrap());
    s.set_fresh_salt(g.id, true).unwrap();
    assert!(s.fresh_salt(g.id).unwrap());
    s.set_fresh_salt(g.id, false).unwrap();
    assert!(!s.fresh_salt(g.id).unwrap());
    assert_eq!(
        (g.id, g.locale.as_str(), g.origin_json.as_deref()),
        (GameId(3), "ru", Some(r#"{"source_game_id":1}"#))
    );
    assert_eq!(s.seats(g.id).unwrap()[0].user_id, 9);
    assert_eq!(
        s.display_name(9).unwrap(),
        None,
        "no names before anyone speaks"
    );
    s.set_display_name(9, "Nine").unwrap();
    s.mark_dms_closed(9, 55).unwrap();
    drop(s);
    // Reopening the migrated file runs no migration again and keeps the new rows.
    let s = Store::open(&path).unwrap();
    assert_eq!(s.schema_version().unwrap(), SCHEMA_VERSION);
    assert_eq!(s.display_name(9).unwrap().as_deref(), Some("Nine"));
    assert_eq!(s.dms_closed_at(9).unwrap(), Some(55));
}

#[test]
fn options_change_only_in_the_lobby_and_the_locale_at_any_time() {
    let (_dir, _path, mut s) = file_store();
    let g = s
        .create_game(&new_game(ChannelKey::guild(1, 2), GameStatus::Lobby))
        .unwrap()
        .id;
    let rec = s.set_options(g, r#"{"powers":["england"]}"#).unwrap();
    assert_eq!(rec.options_json, r#"{"powers":["england"]}"#);
    assert!(matches!(
        s.set_options(g, "{not json"),
        Err(StoreError::InvalidJson { .. })
    ));
    assert_eq!(s.set_locale(g, "ru").unwrap().locale, "ru");
    assert!(matches!(s.set_locale(g, " "), Err(StoreError::BadData(_))));

    s.set_status(g, GameStatus::Active).unwrap();
    let err = s.set_options(g, r#"{"powers":[]}"#).unwrap_err();
    assert!(
        matches!(
            err,
            StoreError::OptionsFixed {
                game,
                status: GameStatus::Active
            } if game == g
        ),
        "{err:?}"
    );
    assert_eq!(s.set_locale(g, "en").unwrap().locale, "en");
    s.set_status(g, GameStatus::Finished).unwrap();
    assert!(matches!(
        s.set_options(g, "{}"),
        Err(StoreError::OptionsFixed { .. })
    ));
    let rec = s.set_locale(g, "ru").unwrap();
    assert_eq!(rec.locale, "ru", "the locale changes even after the end");
    assert_eq!(rec.options_json, r#"{"powers":["england"]}"#, "unchanged");
    assert!(matches!(
        s.set_locale(GameId(999), "en"),
        Err(StoreError::NoSuchGame(_))
    ));
    assert!(matches!(
        s.set_options(GameId(999), "{}"),
        Err(StoreError::NoSuchGame(_))
    ));
}

// --- campaign (issue 29, item 7): schema 9 marks a finished game's end as posted. A game that
// finished before the migration was posted by the bot that finished it (it gets its mark); one
// that finishes after has none until the bot posts it, then it is not listed again.
#[test]
fn schema_9_lists_finished_games_whose_end_was_not_posted() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("v8.sqlite3");
    {
        let conn = Connection::open(&path).unwrap();
        conn.execute_batch("PRAGMA journal_mode = WAL").unwrap();
        for m in &MIGRATIONS[..8] {
            conn.execute_batch(&format!(
                "BEGIN; {} PRAGMA user_version = {}; COMMIT;",
                m.sql, m.version
            ))
            .unwrap();
        }
        conn.execute_batch(
            "INSERT INTO games (id, guild_id, channel_id, status, ruleset, scenario, options_json,
                                seed, seed_commitment, locale, created_by, created_at,
                                updated_at, engine_version)
             VALUES (4, 1, 2, 'finished', 'vq', '1559', '{}', 's', 'c', 'en', 9, 100, 200,
                     '0.0.1');",
        )
        .unwrap();
    }
    let mut s = Store::open(&path).unwrap();
    assert_eq!(s.schema_version().unwrap(), 9);
    assert!(s.ends_unposted().unwrap().is_empty(), "posted before");
    let g = s
        .create_game(&new_game(ChannelKey::guild(1, 2), GameStatus::Active))
        .unwrap()
        .id;
    assert!(s.ends_unposted().unwrap().is_empty(), "not finished yet");
    s.set_status(g, GameStatus::Finished).unwrap();
    assert_eq!(s.ends_unposted().unwrap(), vec![(g, 1, 2)]);
    s.set_end_posted(g).unwrap();
    s.set_end_posted(g).unwrap();
    assert!(s.ends_unposted().unwrap().is_empty(), "posted once");
    // A thread leads back to its channel.
    s.set_hand_thread(1, 2, 9, 77).unwrap();
    assert_eq!(s.thread_parent(77).unwrap(), Some((1, 2)));
    assert_eq!(s.thread_parent(78).unwrap(), None);
}

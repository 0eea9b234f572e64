//! Issue 28, items 1 and 2: the bot knows that the file it writes is still the file at its path
//! before it acknowledges anything, and its one-writer lock goes by the file, not by its name.

use crate::cli_support;
use crate::table_support;

use cli_support::vqbot_db as vqbot;
use table_support::*;
use vqbot::store::{ActionRecord, Store, StoreError};

fn started(t: &vqbot::table::Table) {
    ok(t, "alice", "vq new");
    ok(t, "alice", "vq join power:england");
    ok(t, "bob", "vq join power:france");
    ok(t, "alice", "vq start");
    ok(t, "alice", "vq adjust what:vp target:england delta:1");
}

/// The file deleted under a running table: the next command is refused, the channel is told,
/// and every later one is refused too: nothing is acknowledged that is not on disk.
#[test]
fn x_ops_a_deleted_database_file_stops_the_table_before_it_acknowledges() {
    let dir = tempfile::tempdir().expect("dir");
    let db = dir.path().join("g.sqlite3");
    let t = open_sqlite(&db);
    started(&t);
    std::fs::remove_file(&db).expect("delete");
    for line in [
        "vq adjust what:vp target:england delta:1",
        "vq adjust what:vp target:england delta:2",
    ] {
        let out = say(&t, "alice", line);
        assert!(
            out.refused,
            "`{line}` was acknowledged after the file was deleted"
        );
        let channel = public(&out);
        assert!(
            channel.contains("deleted") && channel.contains("nothing changed"),
            "the channel is told: {channel}"
        );
    }
}

/// An older copy renamed over the live file: the table notices that the path now names
/// another file and stops writing, so the copy is not damaged by frames meant for the old one.
#[test]
fn x_ops_a_file_replaced_under_the_table_is_not_written() {
    let dir = tempfile::tempdir().expect("dir");
    let db = dir.path().join("g.sqlite3");
    let old = dir.path().join("old.sqlite3");
    let t = open_sqlite(&db);
    started(&t);
    vqbot(&["backup", "--out", old.to_str().expect("utf-8")], &db);
    assert!(old.exists(), "the backup was written");
    ok(&t, "alice", "vq adjust what:vp target:england delta:3");
    std::fs::rename(&old, &db).expect("rename over the live file");
    let out = say(&t, "alice", "vq adjust what:vp target:england delta:1");
    assert!(
        out.refused,
        "acknowledged into a file that is no longer at the path"
    );
    assert!(public(&out).contains("another file"), "{}", public(&out));
    drop(t);
    // The copy that was put in place is intact: it opens and replays.
    let out = vqbot(&["replay", "--game", "1"], &db);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

/// The lock is the file's: a second process that reaches the database through a symlink or a
/// hard link is refused as one using its own name is.
#[test]
fn x_ops_a_second_writer_through_a_symlink_or_a_hard_link_is_refused() {
    let dir = tempfile::tempdir().expect("dir");
    let db = dir.path().join("g.sqlite3");
    let t = open_sqlite(&db);
    started(&t);
    let sym = dir.path().join("sym.sqlite3");
    std::os::unix::fs::symlink(&db, &sym).expect("symlink");
    let hard = dir.path().join("hard.sqlite3");
    std::fs::hard_link(&db, &hard).expect("hard link");
    for other in [&sym, &hard] {
        let out = vqbot(&["close", "--game", "1"], other);
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(
            !out.status.success(),
            "{} opened beside the bot: {err}",
            other.display()
        );
        assert!(err.contains("only one vqbot may write"), "{err}");
    }
    ok(&t, "alice", "vq adjust what:vp target:england delta:1");
    drop(t);
    // The game is whole: every action replays.
    let out = vqbot(&["replay", "--game", "1"], &db);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

/// An append or a truncation checks the last state hash as well as the last seq: a writer whose
/// last action was taken back and replaced by another with the same seq cannot build on it.
#[test]
fn x_ops_an_append_after_the_log_was_rewritten_is_refused() {
    let dir = tempfile::tempdir().expect("dir");
    let db = dir.path().join("g.sqlite3");
    {
        let t = open_sqlite(&db);
        started(&t);
    }
    let mut stale = Store::open(&db).expect("opens");
    let id = game_id(&stale);
    let loaded = stale.load(id).expect("loads");
    let last = loaded.actions.last().expect("an action").record.clone();
    // Another writer (in this process, so it shares the lock) replaces the last action.
    let mut other = Store::open(&db).expect("opens");
    other.load(id).expect("loads");
    other.truncate_after(id, last.seq - 1).expect("undo");
    let replaced = ActionRecord {
        state_hash: "another state".into(),
        ..last.clone()
    };
    other.append_action(id, &replaced, None).expect("append");
    let next = ActionRecord {
        seq: last.seq + 1,
        state_hash: "built on the old one".into(),
        ..last.clone()
    };
    let e = stale
        .append_action(id, &next, None)
        .expect_err("the stale writer is refused");
    assert!(
        matches!(e, StoreError::LogRewritten { seq, .. } if seq == last.seq),
        "{e:?}"
    );
    let e = stale
        .truncate_after(id, last.seq - 1)
        .expect_err("its undo too");
    assert!(matches!(e, StoreError::LogRewritten { .. }), "{e:?}");
    assert_eq!(
        other
            .load(id)
            .expect("loads")
            .actions
            .last()
            .map(|a| a.record.clone()),
        Some(replaced),
        "nothing of the stale writer's reached the log"
    );
}

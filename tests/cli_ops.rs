//! Operator tools on a database the bot may be using: `vqbot games` lists every game, and
//! `vqbot backup` writes a consistent copy without touching the original.

use crate::cli_support;

use cli_support::{played, vqbot};

use vqbot::store::{GameId, Store};

#[test]
fn games_lists_every_game_with_its_log_length() {
    let dir = tempfile::tempdir().expect("temp dir");
    let d = dir.path();
    played(d);
    let actions = Store::open(d.join("a.sqlite3"))
        .and_then(|s| s.last_seq(GameId(1)))
        .expect("log length");
    assert!(actions > 0);

    let (ok, out, err) = vqbot(&["games", "--db", "a.sqlite3"], d);
    assert!(ok, "games failed: {err}");
    let row = out
        .lines()
        .find(|l| l.trim_start().starts_with("1 "))
        .unwrap_or_else(|| panic!("no row for game 1: {out}"));
    let cols: Vec<&str> = row.split_whitespace().collect();
    assert_eq!(cols[2], "active", "{row}");
    assert_eq!(cols[4], actions.to_string(), "{row}");
    assert!(cols[5].starts_with("20"), "a date: {row}");
}

#[test]
fn operator_tools_refuse_a_missing_database_and_do_not_create_it() {
    let dir = tempfile::tempdir().expect("temp dir");
    let d = dir.path();
    for args in [
        &["games", "--db", "nope.sqlite3"][..],
        &["backup", "--db", "nope.sqlite3", "--out", "b.sqlite3"][..],
    ] {
        let (ok, _, err) = vqbot(args, d);
        assert!(!ok, "{args:?} succeeded");
        assert!(err.contains("no such database file"), "{err}");
    }
    assert!(!d.join("nope.sqlite3").exists());
    assert!(!d.join("b.sqlite3").exists());
}

#[test]
fn backup_copies_every_committed_action_while_the_database_is_open() {
    let dir = tempfile::tempdir().expect("temp dir");
    let d = dir.path();
    played(d);
    // The bot's connection stays open, as it would while the bot runs.
    let live = Store::open(d.join("a.sqlite3")).expect("opens");
    let last = live.last_seq(GameId(1)).expect("log");

    let (ok, out, err) = vqbot(&["backup", "--db", "a.sqlite3", "--out", "copy.sqlite3"], d);
    assert!(ok, "backup failed: {err}");
    assert!(out.contains("copy.sqlite3"), "{out}");

    let copy = Store::open(d.join("copy.sqlite3")).expect("the copy opens");
    assert_eq!(copy.last_seq(GameId(1)).expect("log"), last);
    assert_eq!(
        copy.actions_after(GameId(1), 0).expect("rows"),
        live.actions_after(GameId(1), 0).expect("rows")
    );
    let integrity: String = copy
        .connection()
        .query_row("PRAGMA integrity_check", [], |r| r.get(0))
        .expect("check runs");
    assert_eq!(integrity, "ok");
    // The copy replays like the original.
    let (ok, out, err) = vqbot(&["replay", "--db", "copy.sqlite3", "--game", "1"], d);
    assert!(ok && out.contains("every hash matches"), "{out}{err}");

    // A second backup to the same name is refused and leaves the first copy as it was.
    let before = std::fs::read(d.join("copy.sqlite3")).expect("read");
    drop(copy);
    let (ok, _, err) = vqbot(&["backup", "--db", "a.sqlite3", "--out", "copy.sqlite3"], d);
    assert!(!ok, "overwrote an existing file");
    assert!(err.contains("exists"), "{err}");
    assert_eq!(std::fs::read(d.join("copy.sqlite3")).expect("read"), before);
}

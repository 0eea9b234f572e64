//! Issue 28, items 7 to 10: `import` checks an export's metadata, numbers from users are
//! range-checked before use, operator failures say what happened, and names from every front
//! end are bounded.

use crate::cli_support;
use crate::table_support;

use std::ffi::OsStr;
use std::path::Path;

use cli_support::vqbot_db as vqbot;
use table_support::*;

fn started(t: &vqbot::table::Table) {
    ok(t, "alice", "vq new");
    ok(t, "alice", "vq join power:england");
    ok(t, "bob", "vq join power:france");
    ok(t, "alice", "vq start");
    ok(t, "alice", "vq adjust what:vp target:england delta:2");
}

// ----- 7. import metadata ---------------------------------------------------------------

/// An export of a started game, as JSON.
fn exported(dir: &Path) -> serde_json::Value {
    let db = dir.join("src.sqlite3");
    {
        let t = open_sqlite(&db);
        started(&t);
    }
    let file = dir.join("g.json");
    let out = vqbot(
        &[
            OsStr::new("export"),
            "--game".as_ref(),
            "1".as_ref(),
            "--out".as_ref(),
            file.as_os_str(),
        ],
        &db,
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_str(&std::fs::read_to_string(&file).expect("read")).expect("json")
}

/// Imports `doc` into a fresh database; returns (success, stderr).
fn import(dir: &Path, doc: &serde_json::Value, name: &str) -> (bool, String) {
    let file = dir.join(format!("{name}.json"));
    std::fs::write(&file, doc.to_string()).expect("write");
    let db = dir.join(format!("{name}.sqlite3"));
    let out = vqbot(&[OsStr::new("import"), file.as_os_str()], &db);
    let err = String::from_utf8_lossy(&out.stderr).into_owned();
    if !out.status.success() {
        assert!(
            !db.exists(),
            "{name}: a refused import created the database"
        );
    }
    (out.status.success(), err)
}

#[test]
fn x_ops_import_refuses_tampered_metadata_saying_what_is_wrong() {
    let dir = tempfile::tempdir().expect("dir");
    let doc = exported(dir.path());
    let (fine, err) = import(dir.path(), &doc, "untouched");
    assert!(fine, "{err}");

    type Tamper = Box<dyn Fn(&mut serde_json::Value)>;
    let cases: Vec<(&str, Tamper, &str)> = vec![
        (
            "commitment",
            Box::new(|d| d["game"]["seed_commitment"] = "00".repeat(32).into()),
            "not the sha256 of game.seed",
        ),
        (
            "seat_power",
            Box::new(|d| d["seats"][0]["power"] = "atlantis".into()),
            "is not a power",
        ),
        (
            "seat_user",
            Box::new(|d| d["seats"][0]["user_id"] = 4242.into()),
            "the seat history does not give it",
        ),
        (
            "seat_not_in_play",
            Box::new(|d| {
                d["seats"][0]["power"] = "spain".into();
                d["seat_changes"] = serde_json::json!([]);
            }),
            "not in play",
        ),
        (
            "finished",
            Box::new(|d| d["game"]["status"] = "finished".into()),
            "does not end the game",
        ),
        (
            "long_name",
            Box::new(|d| d["people"][0]["display_name"] = "x".repeat(5_000_000).into()),
            "longer than 64 characters",
        ),
        (
            "markdown_name",
            Box::new(|d| d["people"][0]["display_name"] = "**[click](http://x)**".into()),
            "unescaped",
        ),
        (
            "strangers",
            Box::new(|d| {
                let rows: Vec<serde_json::Value> = (0..300_000u64)
                    .map(|u| serde_json::json!({"user_id": 1_000_000 + u, "display_name": "x"}))
                    .collect();
                d["people"] = rows.into();
            }),
            "300000 rows name users who neither",
        ),
        (
            "scenario_label",
            Box::new(|d| d["game"]["locale"] = "x".repeat(100).into()),
            "game.locale is not a short label",
        ),
    ];
    for (name, tamper, expect) in cases {
        let mut bad = doc.clone();
        tamper(&mut bad);
        let (fine, err) = import(dir.path(), &bad, name);
        assert!(!fine, "{name}: a tampered export was imported");
        assert!(err.contains(expect), "{name}: {err}");
        assert!(
            err.len() < 4000,
            "{name}: the refusal repeats the input ({} bytes)",
            err.len()
        );
    }
}

// ----- 8. numbers ------------------------------------------------------------------------

#[test]
fn x_ops_the_smallest_i64_delta_is_refused_not_wrapped() {
    let t = table(5);
    started(&t);
    for line in [
        "vq adjust what:vp target:england delta:-9223372036854775808",
        "vq adjust what:treasure target:england delta:-9223372036854775808",
        "vq adjust what:vp target:england delta:9223372036854775807",
    ] {
        let msg = refused(&t, "alice", line);
        assert!(msg.contains("delta"), "{line}: {msg}");
        assert!(
            msg.contains("from -1000 to 1000") || msg.contains("from -10 to 10"),
            "{line}: {msg}"
        );
    }
}

// ----- 9. operator failures ---------------------------------------------------------------

/// The `vqbot` binary as the unprivileged user `nobody` when this test runs as root (root
/// writes read-only files), else as the current user.
fn as_unprivileged() -> std::process::Command {
    let uid = std::process::Command::new("id")
        .arg("-u")
        .output()
        .expect("id");
    if String::from_utf8_lossy(&uid.stdout).trim() == "0" {
        let mut c = std::process::Command::new("setpriv");
        c.args(["--reuid=65534", "--regid=65534", "--clear-groups"])
            .arg(env!("CARGO_BIN_EXE_vqbot"));
        c
    } else {
        std::process::Command::new(env!("CARGO_BIN_EXE_vqbot"))
    }
}

#[test]
fn x_ops_a_read_only_database_is_refused_at_start_with_the_reason() {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().expect("dir");
    let db = dir.path().join("g.sqlite3");
    drop(open_sqlite(&db));
    std::fs::set_permissions(&db, std::fs::Permissions::from_mode(0o444)).expect("chmod");
    std::fs::set_permissions(dir.path(), std::fs::Permissions::from_mode(0o555)).expect("chmod");
    let out = as_unprivileged()
        .arg("local")
        .arg("--db")
        .arg(&db)
        .stdin(std::process::Stdio::null())
        .output()
        .expect("runs");
    std::fs::set_permissions(dir.path(), std::fs::Permissions::from_mode(0o755)).expect("chmod");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        !out.status.success(),
        "started on a read-only database: {err}"
    );
    assert!(err.contains("cannot be written"), "{err}");
}

#[test]
fn x_ops_a_file_size_limit_gives_an_error_not_a_signal() {
    use std::os::unix::process::ExitStatusExt;
    let dir = tempfile::tempdir().expect("dir");
    let db = dir.path().join("g.sqlite3");
    let out = std::process::Command::new("sh")
        .arg("-c")
        .arg("ulimit -f 16 && exec \"$0\" local --db \"$1\"")
        .arg(env!("CARGO_BIN_EXE_vqbot"))
        .arg(&db)
        .stdin(std::process::Stdio::null())
        .output()
        .expect("runs");
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.signal(), None, "killed by a signal: {err}");
    assert!(!out.status.success());
    assert!(
        err.contains("g.sqlite3") && err.contains("ulimit -f"),
        "an error message naming the file and the likely cause: {err}"
    );
}

#[test]
fn x_ops_replay_of_a_lobby_game_says_there_is_nothing_to_replay() {
    let dir = tempfile::tempdir().expect("dir");
    let db = dir.path().join("g.sqlite3");
    {
        let t = open_sqlite(&db);
        ok(&t, "alice", "vq new");
    }
    let out = vqbot(&["replay", "--game", "1"], &db);
    let text = String::from_utf8_lossy(&out.stdout);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{err}");
    assert!(text.contains("lobby"), "{text}");
    assert!(!err.contains("rules or the game data changed"), "{err}");
}

#[test]
fn x_ops_position_export_works_beside_a_running_bot() {
    let dir = tempfile::tempdir().expect("dir");
    let db = dir.path().join("g.sqlite3");
    let t = open_sqlite(&db);
    started(&t);
    let file = dir.path().join("pos.toml");
    let out = vqbot(
        &[
            OsStr::new("position"),
            "export".as_ref(),
            "--game".as_ref(),
            "1".as_ref(),
            "--out".as_ref(),
            file.as_os_str(),
        ],
        &db,
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(file.exists());
    // The bot still writes.
    ok(&t, "alice", "vq adjust what:vp target:england delta:1");
}

// ----- 10. names ---------------------------------------------------------------------------

#[test]
fn x_ops_script_and_local_names_have_discords_bound() {
    let dir = tempfile::tempdir().expect("dir");
    let script = dir.path().join("s.txt");
    let long = "n".repeat(1 << 20);
    std::fs::write(&script, format!("as {long}: vq new\n")).expect("write");
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_vqbot"))
        .arg("script")
        .arg(&script)
        .output()
        .expect("runs");
    let all = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(!out.status.success(), "a 1 MB name was taken");
    assert!(
        all.contains("at most 64 characters"),
        "{}",
        &all[..all.len().min(500)]
    );
    assert!(
        all.len() < 2000,
        "the name was repeated: {} bytes",
        all.len()
    );
    let parsed = vqbot::cli::parse_line(&format!("as {}: vq status", "m".repeat(65)));
    assert!(matches!(parsed, Some(Err(_))), "65 characters are refused");
    let parsed = vqbot::cli::parse_line(&format!("as {}: vq status", "m".repeat(64)));
    assert!(matches!(parsed, Some(Ok(_))), "64 are fine");
}

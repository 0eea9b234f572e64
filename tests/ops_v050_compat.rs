//! Games and position files written by vqbot 0.5.0 still load and continue (issue 24, "must not
//! change"). `tests/fixtures/v050_games.sqlite3` was written by 0.5.0 playing
//! `tests/fixtures/v050_games.vq` with seed 7: one game stopped in the middle of a naval battle
//! (Spain must choose where its beaten fleet retreats), one in Winter (the Empire must choose its
//! free winter unit). The position files were exported from those games by 0.5.0's
//! `vqbot position export`.

use crate::cli_support;
use crate::table_support;

use cli_support::vqbot;
use std::path::Path;
use table_support::{open_sqlite, public};
use vqbot::engine::{Awaiting, Decision, Power, Stage};
use vqbot::table::{Caller, Channel};

fn fixture(name: &str) -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures")
        .join(name)
}

/// The 0.5.0 database copied into a fresh folder (opening it may write: never the fixture).
fn copied_db() -> (tempfile::TempDir, std::path::PathBuf) {
    let dir = tempfile::tempdir().expect("temp dir");
    let db = dir.path().join("games.sqlite3");
    std::fs::copy(fixture("v050_games.sqlite3"), &db).expect("copies the fixture");
    (dir, db)
}

const NAVAL: Channel = Channel {
    guild: 0,
    channel: 1,
};

fn winter() -> Channel {
    vqbot::cli::parse_channel("winter").expect("a channel label")
}

fn caller(name: &str) -> Caller {
    Caller::new(vqbot::cli::local_user(name), name)
}

#[test]
fn a_v050_game_stopped_in_a_naval_battle_question_loads_and_continues() {
    let (_dir, db) = copied_db();
    let t = open_sqlite(&db);
    let out = t.handle(NAVAL, &caller("dave"), "vq status");
    assert!(!out.refused, "{out:#?}");
    let g = t.game(NAVAL).expect("the naval game loads");
    assert_eq!(
        g.awaiting(),
        Awaiting::One {
            power: Power::Spain,
            decision: Decision::NavalRetreat,
        },
        "the stored game still waits for Spain's retreat"
    );
    let out = t.handle(NAVAL, &caller("alice"), "vq haven to:gulf of lyon");
    assert!(!out.refused, "{out:#?}");
    let text = public(&out);
    assert!(text.contains("Gulf of Lyon"), "{text}");
    let g = t.game(NAVAL).expect("the game goes on");
    assert_ne!(
        g.awaiting(),
        Awaiting::One {
            power: Power::Spain,
            decision: Decision::NavalRetreat,
        }
    );
    // A restart on the same file finds the answer stored.
    drop(t);
    let t = open_sqlite(&db);
    t.handle(NAVAL, &caller("dave"), "vq status");
    let again = t.game(NAVAL).expect("reloads");
    assert_eq!(again, g);
}

#[test]
fn a_v050_game_stopped_in_winter_loads_and_continues_to_the_next_turn() {
    let (_dir, db) = copied_db();
    let t = open_sqlite(&db);
    let ch = winter();
    let out = t.handle(ch, &caller("dave"), "vq status");
    assert!(!out.refused, "{out:#?}");
    let g = t.game(ch).expect("the winter game loads");
    assert_eq!(g.turn, 1);
    assert_eq!(
        g.awaiting(),
        Awaiting::One {
            power: Power::Empire,
            decision: Decision::EmpireWinterUnit,
        },
        "the stored game still waits for the Empire's winter unit"
    );
    let out = t.handle(ch, &caller("gina"), "vq winter units:1r");
    assert!(!out.refused, "{out:#?}");
    let g = t.game(ch).expect("the game goes on");
    assert_eq!(g.turn, 2, "Winter ends and turn 2 begins");
    assert!(
        !matches!(g.stage, Stage::Winter),
        "still in Winter: {:?}",
        g.stage
    );
}

#[test]
fn v050_position_files_still_load() {
    let dir = tempfile::tempdir().expect("temp dir");
    for name in ["v050_naval_position", "v050_winter_position"] {
        for part in ["", ".private"] {
            let file = format!("{name}{part}.toml");
            std::fs::copy(fixture(&file), dir.path().join(&file)).expect("copies");
        }
        let (ok, out, err) = vqbot(&["position", "check", &format!("{name}.toml")], dir.path());
        assert!(ok, "{name}: {out}{err}");
        assert!(out.contains("a good position"), "{name}: {out}{err}");
    }
}

// `vqbot replay` audits a 0.5.0 game: the actions 0.5.0 logged hashed its own state format, so
// they are replayed without comparing their hashes, and the audit says how many.
#[test]
fn a_v050_game_replays_and_the_audit_names_the_actions_of_the_older_format() {
    let (dir, _db) = copied_db();
    let (ok, out, err) = vqbot(
        &["replay", "--db", "games.sqlite3", "--game", "1"],
        dir.path(),
    );
    assert!(ok, "{out}{err}");
    assert!(out.contains("21 actions re-applied"), "{out}");
    assert!(
        out.contains("except those of the first 21 actions, which an older vqbot logged"),
        "{out}"
    );
}

//! `vqbot replay`, `export` and `import` on a game played by `vqbot script`.

use crate::cli_support;

use cli_support::vqbot;
use std::path::Path;

#[test]
fn replay_verifies_and_export_import_moves_a_game_intact() {
    let dir = tempfile::tempdir().expect("temp dir");
    let d = dir.path();
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/three_player_turn.vq");
    let (ok, _, err) = vqbot(
        &[
            "script",
            script.to_str().expect("utf-8"),
            "--db",
            "a.sqlite3",
            "--seed",
            "7",
        ],
        d,
    );
    assert!(ok, "script failed: {err}");

    let (ok, out, err) = vqbot(&["replay", "--db", "a.sqlite3", "--game", "1"], d);
    assert!(ok, "replay failed: {err}");
    assert!(out.contains("every hash matches"), "{out}");
    let hash = out.rsplit(' ').next().expect("hash").trim().to_string();
    assert_eq!(hash.len(), 64, "{out}");

    let (ok, _, err) = vqbot(
        &[
            "export",
            "--db",
            "a.sqlite3",
            "--game",
            "1",
            "--out",
            "g.json",
        ],
        d,
    );
    assert!(ok, "export failed: {err}");
    // The game is still running: the seed in the file predicts its dice.
    assert!(
        err.contains("warning") && err.contains("not finished") && err.contains("seed"),
        "{err}"
    );
    let doc: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(d.join("g.json")).expect("file"))
            .expect("json");
    assert!(doc.get("format").is_some());

    let (ok, out, err) = vqbot(&["import", "--db", "b.sqlite3", "g.json"], d);
    assert!(ok, "import failed: {err}");
    let id = out.trim().rsplit(' ').next().expect("id").to_string();
    let (ok, out, err) = vqbot(&["replay", "--db", "b.sqlite3", "--game", &id], d);
    assert!(ok, "replay of the import failed: {err}");
    assert!(
        out.ends_with(&format!("{hash}\n")),
        "the imported game must end in the same state: {out}"
    );

    // Any past state can be drawn, and so can the VP chart.
    let (ok, out, err) = vqbot(
        &[
            "render",
            "--db",
            "a.sqlite3",
            "--game",
            "1",
            "--at",
            "10",
            "--out",
            "m.png",
        ],
        d,
    );
    assert!(ok, "render failed: {err}");
    assert!(out.contains("after action 10"), "{out}");
    let decoder = png::Decoder::new(std::fs::File::open(d.join("m.png")).expect("png file"));
    let reader = decoder.read_info().expect("a valid PNG");
    assert_eq!((reader.info().width, reader.info().height), (2400, 1600));
    let (ok, _, err) = vqbot(
        &[
            "render",
            "--db",
            "a.sqlite3",
            "--game",
            "1",
            "--chart",
            "--out",
            "c.png",
        ],
        d,
    );
    assert!(ok, "chart failed: {err}");
    assert!(
        png::Decoder::new(std::fs::File::open(d.join("c.png")).expect("png"))
            .read_info()
            .is_ok()
    );

    let (ok, _, err) = vqbot(&["replay", "--db", "a.sqlite3", "--game", "99"], d);
    assert!(!ok && err.contains("no game"), "{err}");
    let (ok, _, err) = vqbot(&["import", "--db", "b.sqlite3", "a.sqlite3"], d);
    assert!(!ok && err.contains("not a game export"), "{err}");
}

#[test]
fn export_warns_about_the_seed_only_while_the_game_can_still_be_played() {
    use vqbot::store::{ChannelKey, GameStatus, NewGame, Store};
    let dir = tempfile::tempdir().expect("temp dir");
    let d = dir.path();
    let mut store = Store::open(d.join("s.sqlite3")).expect("opens");
    let new = |channel| NewGame {
        channel: ChannelKey::guild(1, channel),
        status: GameStatus::Active,
        ruleset: "virgin_queen".into(),
        scenario: "1559".into(),
        options_json: "{}".into(),
        seed: "424242".into(),
        seed_commitment: "c".into(),
        locale: "en".into(),
        created_by: None,
        engine_version: "test".into(),
    };
    let running = store.create_game(&new(1)).expect("create").id;
    let done = store.create_game(&new(2)).expect("create").id;
    store
        .set_status(done, GameStatus::Finished)
        .expect("finish");
    drop(store);

    let export = |id: i64, file: &str| {
        vqbot(
            &[
                "export",
                "--db",
                "s.sqlite3",
                "--game",
                &id.to_string(),
                "--out",
                file,
            ],
            d,
        )
    };
    let (ok, _, err) = export(running.0, "running.json");
    assert!(ok, "{err}");
    assert!(
        err.contains("warning") && err.contains("running.json"),
        "{err}"
    );
    // The seed stays in the file: import needs it to replay.
    let doc: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(d.join("running.json")).expect("file"))
            .expect("json");
    assert_eq!(doc["game"]["seed"], "424242");

    let (ok, _, err) = export(done.0, "done.json");
    assert!(ok, "{err}");
    assert!(err.is_empty(), "a finished game's seed is public: {err}");
}

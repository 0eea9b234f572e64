//! `vqbot script` on the shipped example: it plays a whole turn without a refusal, tags every
//! message with its audience, and `--state-json` prints the documented JSON.

use std::process::Command;

fn run(args: &[&str]) -> std::process::Output {
    let dir = tempfile::tempdir().expect("temp dir");
    let db = dir.path().join("script.sqlite3");
    let db = db.to_str().expect("utf-8 path");
    let mut all = args.to_vec();
    all.extend(["--db", db]);
    Command::new(env!("CARGO_BIN_EXE_vqbot"))
        .args(&all)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("vqbot runs")
}

#[test]
fn example_script_runs_and_state_json_parses() {
    let out = run(&[
        "script",
        "examples/three_player_turn.vq",
        "--seed",
        "7",
        "--state-json",
    ]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "exit {:?}\n{stdout}\n{}",
        out.status,
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(stdout.contains("[channel] ") && stdout.contains("[dm:alice] Your hand"));
    assert!(stdout.contains("Turn 2"), "the example ends in turn 2");
    let start = stdout.find("\n{\n").expect("a JSON object at the end");
    let v: serde_json::Value = serde_json::from_str(&stdout[start..]).expect("state JSON parses");
    assert_eq!(v["format"], 1);
    assert_eq!(v["game"]["status"], "active");
    assert_eq!(v["game"]["seats"].as_array().map(Vec::len), Some(3));
    assert_eq!(v["view"]["turn"], 2);
    assert!(v["view"]["hand"].is_null(), "an observer sees no hand");
    assert_eq!(v["view"]["empire_secret"]["status"], "chosen");
    assert!(
        v["game"]["seed"].is_null(),
        "the seed stays secret while the game runs"
    );
}

#[test]
fn script_stops_at_the_first_refusal_unless_told_to_keep_going() {
    let dir = tempfile::tempdir().expect("temp dir");
    let file = dir.path().join("bad.vq");
    std::fs::write(
        &file,
        "as alice: vq new\nas bob: vq start\nas alice: vq join power:england\n",
    )
    .expect("write script");
    let f = file.to_str().expect("utf-8 path");
    let out = run(&["script", f]);
    assert_eq!(out.status.code(), Some(1));
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(stdout.contains("[reply:bob] ⛔"), "{stdout}");
    assert!(
        !stdout.contains("alice takes"),
        "stopped at the refusal: {stdout}"
    );
    let out = run(&["script", f, "--keep-going"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stdout).contains("alice takes England"));
}

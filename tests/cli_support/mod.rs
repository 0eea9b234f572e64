//! Running the `vqbot` binary from tests: one runner shared by the command-line test files.

#![allow(dead_code)]

use std::path::Path;
use std::process::Command;

/// Runs `vqbot ARGS` in `dir`: whether it succeeded, its standard output and its standard error.
pub fn vqbot(args: &[&str], dir: &Path) -> (bool, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_vqbot"))
        .args(args)
        .current_dir(dir)
        .output()
        .expect("runs");
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into(),
        String::from_utf8_lossy(&out.stderr).into(),
    )
}

/// A database `a.sqlite3` in `d` with the example three-player turn played in it (game 1).
pub fn played(d: &Path) {
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
}

/// Runs `vqbot ARGS --db DB` with no standard input and returns its whole output.
pub fn vqbot_db<S: AsRef<std::ffi::OsStr>>(args: &[S], db: &Path) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_vqbot"))
        .args(args)
        .arg("--db")
        .arg(db)
        .stdin(std::process::Stdio::null())
        .output()
        .expect("vqbot runs")
}

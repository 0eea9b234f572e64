//! `vqbot check-data`: counts for good data; file:line and a plain sentence for each problem.

use std::path::{Path, PathBuf};
use std::process::Command;

fn shipped() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("map_data/virgin_queen")
}

fn copy_data() -> tempfile::TempDir {
    let dir = tempfile::tempdir().expect("temp dir");
    for e in std::fs::read_dir(shipped()).expect("data dir") {
        let e = e.expect("entry");
        std::fs::copy(e.path(), dir.path().join(e.file_name())).expect("copy");
    }
    dir
}

fn check(dir: &Path) -> (bool, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_vqbot"))
        .arg("check-data")
        .arg(dir)
        .output()
        .expect("runs");
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into(),
        String::from_utf8_lossy(&out.stderr).into(),
    )
}

/// Replaces line `n` (1-based) of a file.
fn set_line(path: &Path, n: usize, f: impl Fn(&str) -> String) {
    let text = std::fs::read_to_string(path).expect("read");
    let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
    lines[n - 1] = f(&lines[n - 1]);
    std::fs::write(path, lines.join("\n") + "\n").expect("write");
}

#[test]
fn shipped_data_passes_and_prints_counts() {
    let (ok, out, err) = check(&shipped());
    assert!(ok, "shipped data must validate: {err}");
    for word in [
        "spaces:",
        "connections:",
        "passes",
        "ports:",
        "sea zones:",
        "settlements",
        "ocean zones",
    ] {
        assert!(out.contains(word), "missing `{word}` in:\n{out}");
    }
}

#[test]
fn broken_connection_names_file_and_line() {
    let dir = copy_data();
    set_line(&dir.path().join("connections.csv"), 5, |l| {
        l.replacen(',', "X,", 1)
    });
    let (ok, _, err) = check(dir.path());
    assert!(!ok, "a broken connection must fail");
    assert!(
        err.contains("connections.csv:5:"),
        "no file:line in:\n{err}"
    );
    assert!(err.contains("unknown space"), "{err}");
    assert!(
        err.contains("did you mean"),
        "a close id is suggested: {err}"
    );
}

#[test]
fn each_kind_of_problem_is_reported_with_its_location() {
    let dir = copy_data();
    let d = dir.path();
    // Bad enum value in spaces.csv line 3, duplicate connection, asymmetric sea adjacency,
    // a capital that is not a key, a settlement linked to land.
    set_line(&d.join("spaces.csv"), 3, |l| {
        l.replacen(",key,", ",castle,", 1)
            .replacen(",unfortified,", ",castle,", 1)
    });
    let conn = std::fs::read_to_string(d.join("connections.csv")).expect("read");
    let second = conn.lines().nth(1).expect("a row").to_string();
    std::fs::write(d.join("connections.csv"), format!("{conn}{second}\n")).expect("write");
    let seas = std::fs::read_to_string(d.join("sea_zones.csv")).expect("read");
    let seas = seas.replacen("BAY_OF_BISCAY;", "", 1);
    std::fs::write(d.join("sea_zones.csv"), seas).expect("write");
    let spaces = std::fs::read_to_string(d.join("spaces.csv")).expect("read");
    let spaces = spaces.replace(
        "LONDON,London,Лондон,key,",
        "LONDON,London,Лондон,fortress,",
    );
    std::fs::write(d.join("spaces.csv"), spaces).expect("write");
    let world = std::fs::read_to_string(d.join("world.csv")).expect("read");
    let settlement = world
        .lines()
        .find(|l| l.contains(",settlement,"))
        .and_then(|l| l.split(',').next())
        .expect("a settlement")
        .to_string();
    std::fs::write(
        d.join("connections.csv"),
        format!("{conn}{settlement},PARIS,normal,placeholder,\n"),
    )
    .expect("write");
    let (ok, _, err) = check(d);
    assert!(!ok);
    assert!(
        err.contains("spaces.csv:3: column `type`: `castle` is not a valid space type"),
        "{err}"
    );
    assert!(err.contains("adjacency must be symmetric"), "{err}");
    assert!(err.contains("capitals are keys"), "{err}");
    assert!(
        err.contains("world-map elements have no land connections"),
        "{err}"
    );
    assert!(err.contains("problems found"), "{err}");
}

#[test]
fn malformed_file_never_panics() {
    let dir = copy_data();
    std::fs::write(
        dir.path().join("powers.csv"),
        "id,kind\n\"unterminated,major\nx\n",
    )
    .expect("write");
    std::fs::remove_file(dir.path().join("cards.csv")).expect("remove");
    let (ok, _, err) = check(dir.path());
    assert!(!ok);
    assert!(err.contains("powers.csv"), "{err}");
    assert!(err.contains("cards.csv: cannot read"), "{err}");
    assert!(!err.contains("panicked"), "{err}");
}

// Issue 16, item 9: the short leader names of the map's counters are data; a row naming no
// leader, or a leader twice, is reported at its file and line.
#[test]
fn leader_names_are_checked() {
    let dir = copy_data();
    let file = dir.path().join("leader_names.csv");
    set_line(&file, 3, |l| l.replacen("SOKOLLU", "SOKOLU", 1));
    set_line(&file, 4, |l| l.replacen("LALA_MUSTAFA", "SULEIMAN", 1));
    let (ok, _, err) = check(dir.path());
    assert!(!ok, "bad leader names must fail");
    assert!(
        err.contains("leader_names.csv:3:") && err.contains("unknown leader `SOKOLU`"),
        "{err}"
    );
    assert!(
        err.contains("leader_names.csv:4:") && err.contains("named twice"),
        "{err}"
    );
}

// --- treasures: `treasures.csv` rows are checked with file:line, and counted by source.
#[test]
fn treasures_are_checked_with_file_and_line() {
    let (ok, out, _) = check(&shipped());
    assert!(ok);
    assert!(
        out.contains("treasures: 12 (12 with placeholder values)"),
        "{out}"
    );
    let dir = copy_data();
    let file = dir.path().join("treasures.csv");
    let text = std::fs::read_to_string(&file).expect("read");
    std::fs::write(
        &file,
        format!(
            "{text}gold,portuguese,2,3,1,Gold,золото,seed,\nspice,spanish,1,1,1,Spice,пряности,seed,\nportuguese,portuguese,0,1,1,x,х,seed,\n"
        ),
    )
    .expect("write");
    let (ok, _, err) = check(dir.path());
    assert!(!ok, "bad treasures must fail");
    assert!(
        err.contains("treasures.csv:4:") && err.contains("`cp_min` 3 is above `cp_max` 1"),
        "{err}"
    );
    assert!(
        err.contains("treasures.csv:5:") && err.contains("not a valid treasure pool"),
        "{err}"
    );
    assert!(
        err.contains("treasures.csv:6:") && err.contains("listed twice"),
        "{err}"
    );
}

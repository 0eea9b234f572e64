//! Issue 16, moving and testing games: `vqbot import --channel` keeps display names, the
//! README's script runs twice in a row, scripts address several channels and state expected
//! refusals, `vqbot` without a token opens the terminal table only at a terminal, and
//! `check-data` checks card texts and Russian name forms.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

fn bin() -> &'static str {
    env!("CARGO_BIN_EXE_vqbot")
}

fn vqbot(args: &[&str], dir: &Path) -> (Option<i32>, String, String) {
    let out = Command::new(bin())
        .args(args)
        .current_dir(dir)
        .env_remove("DISCORD_TOKEN")
        .stdin(Stdio::null())
        .output()
        .expect("runs");
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stdout).into(),
        String::from_utf8_lossy(&out.stderr).into(),
    )
}

/// Runs `vqbot local` on `t.sqlite3` in `dir` with `input` typed, and returns what it printed.
fn local_session(dir: &Path, input: &[u8]) -> String {
    use std::io::Write;
    let mut child = Command::new(bin())
        .args(["local", "--db", "t.sqlite3"])
        .current_dir(dir)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("runs");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(input)
        .expect("type");
    let out = child.wait_with_output().expect("finishes");
    String::from_utf8_lossy(&out.stdout).into_owned()
}

fn example() -> String {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("examples/three_player_turn.vq")
        .to_string_lossy()
        .into_owned()
}

// --- item 12

#[test]
fn the_readme_script_runs_twice_in_a_row() {
    let dir = tempfile::tempdir().expect("temp dir");
    for run in 1..=2 {
        let (code, out, err) = vqbot(&["script", &example(), "--seed", "7"], dir.path());
        assert_eq!(code, Some(0), "run {run}: {err}\n{out}");
        assert!(!out.contains("already has a game"), "run {run}: {out}");
    }
}

#[test]
fn import_attaches_to_the_given_channel_and_keeps_display_names() {
    let dir = tempfile::tempdir().expect("temp dir");
    let d = dir.path();
    let (code, _, err) = vqbot(
        &["script", &example(), "--seed", "7", "--db", "a.sqlite3"],
        d,
    );
    assert_eq!(code, Some(0), "{err}");
    let (code, _, err) = vqbot(
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
    assert_eq!(code, Some(0), "{err}");
    let doc: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(d.join("g.json")).expect("export"))
            .expect("json");
    let names: Vec<&str> = doc["people"]
        .as_array()
        .expect("people in the export")
        .iter()
        .filter_map(|p| p["display_name"].as_str())
        .collect();
    assert!(
        names.contains(&"alice") && names.contains(&"carol"),
        "{names:?}"
    );

    // Twice into one database, each time into its own channel: no "already has a game".
    for (i, ch) in ["5/6", "5/7"].iter().enumerate() {
        let (code, out, err) = vqbot(
            &["import", "--db", "b.sqlite3", "--channel", ch, "g.json"],
            d,
        );
        assert_eq!(code, Some(0), "{err}");
        assert!(
            out.contains(&format!("channel {ch} as game {}", i + 1)),
            "{out}"
        );
    }
    let (code, _, err) = vqbot(
        &["import", "--db", "b.sqlite3", "--channel", "5/6", "g.json"],
        d,
    );
    assert_ne!(code, Some(0), "the channel is busy now");
    assert!(err.contains("already has an unfinished game"), "{err}");
    assert!(
        err.contains("--channel"),
        "the refusal says what to do: {err}"
    );
    let (code, _, err) = vqbot(
        &["import", "--db", "b.sqlite3", "--channel", "x/6", "g.json"],
        d,
    );
    assert_eq!(code, Some(2), "{err}");

    // The imported game names its players.
    let table = vqbot::table::Table::new(
        std::sync::Arc::new(vqbot::data::load_default().expect("data")),
        vqbot::table::sqlite::open(&d.join("b.sqlite3")).expect("opens"),
        vqbot::table::TableOptions::default(),
    );
    let ch = vqbot::table::Channel {
        guild: 5,
        channel: 6,
    };
    let alice = vqbot::cli::local_user("alice");
    let out = table.handle(ch, &vqbot::table::Caller::new(42, "dave"), "vq status");
    let text = out.messages[0].text.clone();
    assert!(text.contains("alice") && !text.contains("<@"), "{text}");
    assert!(!text.contains(&alice.to_string()), "{text}");
}

// --- item 13

#[test]
fn a_script_plays_two_channels_and_expected_refusals_keep_the_exit_code_zero() {
    let dir = tempfile::tempdir().expect("temp dir");
    let file = dir.path().join("two.vq");
    std::fs::write(
        &file,
        "as alice: vq new\n\
         @2 as bob: vq new\n\
         as alice: vq join power:england\n\
         @2 as bob: vq join power:spain\n\
         ! as carol: vq new\n\
         ! @2 as dave: vq join power:spain\n\
         @2 as dave: vq join power:france\n\
         @2 as bob: vq start\n\
         ! as alice: vq start\n",
    )
    .expect("write");
    let f = file.to_str().expect("utf-8");
    let (code, out, err) = vqbot(&["script", f, "--state-json"], dir.path());
    assert_eq!(code, Some(0), "{err}\n{out}");
    assert!(out.contains("> @2 as bob: vq start"), "{out}");
    // The last line played in the terminal channel, whose game is still in the lobby.
    let start = out.find("\n{\n").expect("state JSON");
    let v: serde_json::Value = serde_json::from_str(&out[start..]).expect("json");
    assert_eq!(v["game"]["status"], "lobby");
    assert_eq!(v["game"]["seats"].as_array().map(Vec::len), Some(1));

    // A `!` line that is accepted is a failure, even with --keep-going.
    std::fs::write(
        &file,
        "! as alice: vq new\nas alice: vq join power:england\n",
    )
    .expect("write");
    let (code, out, err) = vqbot(&["script", f, "--keep-going"], dir.path());
    assert_eq!(code, Some(1), "{out}");
    assert!(err.contains("expects a refusal"), "{err}");
    assert!(out.contains("alice takes England"), "kept going: {out}");
}

#[test]
fn line_prefixes_are_read() {
    use vqbot::cli::{parse_channel, parse_line, LOCAL_CHANNEL};
    let l = parse_line("! @7 as bob: vq pass")
        .expect("a line")
        .expect("valid");
    assert!(l.expect_refused);
    assert_eq!(l.channel.map(|c| c.channel), Some(7));
    assert_eq!((l.name.as_str(), l.command.as_str()), ("bob", "vq pass"));
    assert_eq!(parse_channel("local"), Some(LOCAL_CHANNEL));
    assert_eq!(parse_channel("1"), Some(LOCAL_CHANNEL));
    assert_ne!(parse_channel("b"), parse_channel("c"));
    assert!(parse_line("@ as bob: vq pass").expect("a line").is_err());
}

// --- item 14

#[test]
fn without_a_token_and_without_a_terminal_the_bot_exits_non_zero() {
    let dir = tempfile::tempdir().expect("temp dir");
    let (code, _, err) = vqbot(&[], dir.path());
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("no Discord token"), "{err}");
    assert!(!err.contains("Opening the terminal table"), "{err}");
}

#[test]
fn without_a_token_at_a_terminal_the_terminal_table_opens() {
    // `script` (util-linux) runs the program on a pseudo-terminal.
    let Ok(util) = which("script") else {
        eprintln!("no `script` utility: the terminal case is not exercised here");
        return;
    };
    let dir = tempfile::tempdir().expect("temp dir");
    let mut child = Command::new(util)
        .args(["-qec", bin(), "/dev/null"])
        .current_dir(dir.path())
        .env_remove("DISCORD_TOKEN")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("script runs");
    {
        use std::io::Write;
        let mut stdin = child.stdin.take().expect("stdin");
        // Wait for the table to open before typing, then quit with Ctrl-D.
        std::thread::sleep(std::time::Duration::from_millis(1500));
        stdin.write_all(b"as alice: vq new\n").expect("type a line");
        std::thread::sleep(std::time::Duration::from_millis(1500));
        stdin.write_all(b"\x04").expect("Ctrl-D");
    }
    let out = child.wait_with_output().expect("finishes");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("no Discord token"), "{text}");
    assert!(text.contains("Opening the terminal table"), "{text}");
    assert!(text.contains("vqbot local"), "{text}");
    assert!(text.contains("New game"), "the table answered: {text}");
    assert!(dir.path().join("vqbot-local-1.sqlite3").exists());
}

fn which(name: &str) -> Result<PathBuf, ()> {
    std::env::var_os("PATH")
        .and_then(|p| {
            std::env::split_paths(&p)
                .map(|d| d.join(name))
                .find(|f| f.is_file())
        })
        .ok_or(())
}

// --- item 5 and 7: the data checks

fn copy_data() -> tempfile::TempDir {
    let shipped = Path::new(env!("CARGO_MANIFEST_DIR")).join("map_data/virgin_queen");
    let dir = tempfile::tempdir().expect("temp dir");
    for e in std::fs::read_dir(shipped).expect("data dir") {
        let e = e.expect("entry");
        std::fs::copy(e.path(), dir.path().join(e.file_name())).expect("copy");
    }
    dir
}

fn edit(path: &Path, from: &str, to: &str) {
    let text = std::fs::read_to_string(path).expect("read");
    assert!(text.contains(from), "{from} not in {}", path.display());
    std::fs::write(path, text.replacen(from, to, 1)).expect("write");
}

#[test]
fn check_data_refuses_half_card_texts_bad_prepositions_and_clashing_aliases() {
    let dir = copy_data();
    let d = dir.path();
    let check = || {
        let (code, _, err) = vqbot(&["check-data", d.to_str().expect("utf-8")], d);
        (code, err)
    };
    assert_eq!(check().0, Some(0));
    // A text without its source.
    edit(&d.join("cards.csv"), ",seed\n", ",\n");
    let (code, err) = check();
    assert_eq!(code, Some(1));
    assert!(
        err.contains("cards.csv:10:") && err.contains("text_source"),
        "{err}"
    );
    let dir = copy_data();
    let d = dir.path();
    edit(&d.join("spaces.csv"), "Мальте,на", "Мальте,под");
    edit(&d.join("powers.csv"), "османы;турки", "османы;hre;турки");
    let (code, _, err) = vqbot(&["check-data", d.to_str().expect("utf-8")], d);
    assert_eq!(code, Some(1));
    assert!(err.contains("ru_prep") && err.contains("под"), "{err}");
    assert!(err.contains("alias `hre` already names"), "{err}");
}

#[test]
fn the_terminal_table_plays_two_channels_side_by_side() {
    let dir = tempfile::tempdir().expect("temp dir");
    let text = local_session(
        dir.path(),
        b"as alice: vq new\n@2\nas bob: vq new\nas bob: vq join power:spain\n@local\nas alice: vq join power:england\n",
    );
    assert_eq!(text.matches("New game").count(), 2, "{text}");
    assert!(!text.contains("already has a game"), "{text}");
    assert!(
        text.contains("bob takes Spain") && text.contains("alice takes England"),
        "{text}"
    );

    // Opening the same file again says which game continues and how to play another.
    let out = Command::new(bin())
        .args(["local", "--db", "t.sqlite3"])
        .current_dir(dir.path())
        .stdin(Stdio::null())
        .output()
        .expect("runs");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("already has game #1 open") && text.contains("@2"),
        "{text}"
    );
}

// --- campaign (issue 29): the terminal shows the living dashboard on request.
#[test]
fn x_campaign_the_terminal_table_shows_the_dashboard_on_request() {
    let dir = tempfile::tempdir().expect("temp dir");
    let text = local_session(
        dir.path(),
        b"as alice: vq new\nas alice: vq join power:england\nas bob: vq join power:france\nas alice: vq start\nas alice: vq dashboard\n",
    );
    assert!(text.contains("dashboard"), "{text}");
    assert!(text.contains("Turn 1 · Diplomacy"), "{text}");
    assert!(text.contains("**VP**"), "{text}");
    assert!(
        text.contains("cards in hand: England 5, France 5"),
        "counts, never the cards: {text}"
    );
}

// Issue 30 item 9: a place name's Russian gender is data where its ending misleads, and a bad
// value is refused with the file and line.
#[test]
fn check_data_refuses_a_russian_gender_that_is_not_m_f_n_or_pl() {
    let dir = copy_data();
    let d = dir.path();
    let text = std::fs::read_to_string(d.join("spaces.csv")).expect("read");
    let line = text
        .lines()
        .position(|l| l.starts_with("SALONIKA,"))
        .expect("Salonika's row")
        + 1;
    std::fs::write(d.join("spaces.csv"), text.replacen(",pl\n", ",plural\n", 1)).expect("write");
    let (code, _, err) = vqbot(&["check-data", d.to_str().expect("utf-8")], d);
    assert_eq!(code, Some(1));
    assert!(
        err.contains(&format!("spaces.csv:{line}:")) && err.contains("ru_gender"),
        "{err}"
    );
    assert!(err.contains("m, f, n or pl"), "{err}");
}

// Issue 24, item 1: the terminal shows the current question's answers as hints, the same ones a
// Discord prompt gets as buttons, each as the command line that gives it; once per state.
#[test]
fn the_terminal_table_hints_the_answers_of_the_current_question() {
    let dir = tempfile::tempdir().expect("temp dir");
    let text = local_session(
        dir.path(),
        b"as alice: vq new\nas alice: vq join power:england\nas bob: vq join power:france\nas alice: vq start\nas alice: vq status\n",
    );
    let hints: Vec<&str> = text.lines().filter(|l| l.contains("[answer]")).collect();
    // Diplomacy is open after `start`: its one answer is `done`, shown once (not again after
    // `status`, which changes nothing).
    assert_eq!(
        hints
            .iter()
            .filter(|l| l.ends_with("Done negotiating: vq done"))
            .count(),
        1,
        "{text}"
    );
    // Before the game starts nothing is asked.
    let (before_start, _) = text.split_once("**The game begins**").expect("it began");
    assert!(!before_start.contains("[answer]"), "{text}");
}

//! The typed grammar in Russian: Russian command and option names work at the table and in
//! `vqbot script`, and a Russian game's messages name the commands in Russian (an English game's
//! in English).

use crate::table_support;

use std::process::Command;

use table_support::*;
use vqbot::engine::Power;

/// The English command names the table's messages could mention, in backticks as they are shown.
const ENGLISH_NAMES: &[&str] = &[
    "`join", "`start", "`done", "`play", "`pass", "`deploy", "`secret", "`end", "`help", "`new",
];

#[test]
fn a_russian_game_is_played_and_told_in_russian_names() {
    let t = table(5);
    let lobby = public(&ok(&t, "alice", "vq новая язык:ru"));
    assert!(lobby.contains("`вступить держава:…`"), "{lobby}");
    assert!(lobby.contains("`начать`"), "{lobby}");
    for en in ENGLISH_NAMES {
        assert!(!lobby.contains(en), "{en} in {lobby}");
    }

    let joined = public(&ok(&t, "alice", "вступить держава:испания"));
    assert!(joined.contains("играет за Испанию"), "{joined}");
    ok(&t, "bob", "ВСТУПИТЬ Держава:Франция");
    ok(&t, "carol", "vq вступить англия");
    let seats = t.seats(CH);
    assert_eq!(seats.get(&Power::Spain), Some(&uid("alice")));
    assert_eq!(seats.get(&Power::France), Some(&uid("bob")));
    assert_eq!(seats.get(&Power::England), Some(&uid("carol")));

    let started = public(&ok(&t, "alice", "начать"));
    // Several powers negotiate at once: «Ходят» (issue 30 item 9).
    assert!(started.contains("➡ Ходят:"), "{started}");
    assert!(started.contains("`готово`"), "{started}");
    for en in ENGLISH_NAMES {
        assert!(!started.contains(en), "{en} in {started}");
    }

    // Refusals and help name Russian commands and options too.
    let missing = refused(&t, "alice", "двинуть откуда:париж");
    assert!(
        missing.contains("`двинуть`") && missing.contains("`куда:`"),
        "{missing}"
    );
    let help = say(&t, "bob", "помощь");
    let help = &help.messages[0].text;
    assert!(help.contains("`вступить держава:…`"), "{help}");
    assert!(help.contains("`двинуть откуда:… куда:…"), "{help}");
    assert!(!help.contains("`join"), "{help}");
    let one = say(&t, "bob", "помощь команда:двинуть");
    assert!(one.messages[0].text.contains("`откуда:`"), "{one:?}");

    // The log shows actions as Russian command lines.
    ok(&t, "alice", "готово");
    let log = say(&t, "bob", "журнал");
    let log = &log.messages[0].text;
    assert!(log.contains("`готово держава:spain`"), "{log}");
}

#[test]
fn an_english_game_names_english_commands() {
    let t = table(5);
    let lobby = public(&ok(&t, "alice", "vq new"));
    assert!(lobby.contains("`join power:…`"), "{lobby}");
    assert!(!lobby.contains("вступить"), "{lobby}");
    // Russian names are understood in an English game as well.
    ok(&t, "alice", "вступить держава:spain");
    let help = say(&t, "bob", "help");
    assert!(help.messages[0].text.contains("`move from:… to:…"));
}

#[test]
fn vqbot_script_reads_russian_lines() {
    let dir = tempfile::tempdir().expect("temp dir");
    let file = dir.path().join("ru.vq");
    std::fs::write(
        &file,
        "as alice: vq новая язык:ru\nas alice: vq вступить держава:испания\nas bob: vq вступить держава:франция\nas alice: vq начать\n",
    )
    .expect("write script");
    let db = dir.path().join("ru.sqlite3");
    let out = Command::new(env!("CARGO_BIN_EXE_vqbot"))
        .args([
            "script",
            file.to_str().expect("utf-8 path"),
            "--db",
            db.to_str().expect("utf-8 path"),
            "--seed",
            "3",
        ])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("vqbot runs");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "exit {:?}\n{stdout}\n{}",
        out.status,
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(stdout.contains("`вступить держава:…`"), "{stdout}");
    assert!(stdout.contains("Партия началась"), "{stdout}");
    assert!(!stdout.contains('⛔'), "{stdout}");
}

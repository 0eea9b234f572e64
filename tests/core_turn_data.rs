//! The turn's rule data (`war_costs.csv`, `key_vp.csv`, `rules.csv`, `relations.csv`,
//! `card_players.csv`): bad rows are reported with file:line and what is allowed, and the home
//! card rule holds (issue 14 items 1, 3, 4).

use std::path::{Path, PathBuf};

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

/// Appends `line` to `file` and returns every problem the loader reports, as text.
fn problems_after_append(file: &str, line: &str) -> Vec<String> {
    let dir = copy_data();
    let path = dir.path().join(file);
    let mut text = std::fs::read_to_string(&path).expect("read");
    text.push_str(line);
    text.push('\n');
    std::fs::write(&path, &text).expect("write");
    let n = text.lines().count();
    let errs = vqbot::data::load(dir.path()).expect_err("must fail");
    let out: Vec<String> = errs.iter().map(|p| p.to_string()).collect();
    assert!(
        out.iter().any(|p| p.starts_with(&format!("{file}:{n}:"))),
        "no problem at {file}:{n}: {out:?}"
    );
    out
}

#[test]
fn war_costs_second_cost_and_unknown_power_are_reported() {
    let out = problems_after_append("war_costs.csv", "ottoman,spain,3,his,twice");
    assert!(out.iter().any(|p| p.contains("second cost")), "{out:?}");
    // Minors may be targets (C-DIP-WAR-LIMITS); an unknown power may not.
    let out = problems_after_append("war_costs.csv", "ottoman,atlantis,1,his,no such power");
    assert!(out.iter().any(|p| p.contains("allowed")), "{out:?}");
    let out = problems_after_append("war_costs.csv", "ottoman,venice,2,his,twice");
    assert!(out.iter().any(|p| p.contains("second cost")), "{out:?}");
}

// C-DIP-WAR-LIMITS: one natural ally per minor.
#[test]
fn natural_allies_rows_are_checked() {
    let out = problems_after_append("natural_allies.csv", "scotland,england,his,second");
    assert!(
        out.iter().any(|p| p.contains("second natural ally")),
        "{out:?}"
    );
}

// C-CARD-MANDATORY: due-turn rows name mandatory cards once and say discard or remove.
#[test]
fn mandatory_events_rows_are_checked() {
    let out = problems_after_append("mandatory_events.csv", "9,3,empire,keep,his,bad after");
    assert!(out.iter().any(|p| p.contains("discard, remove")), "{out:?}");
    let out = problems_after_append(
        "mandatory_events.csv",
        "3,3,spain,discard,his,not mandatory",
    );
    assert!(
        out.iter().any(|p| p.contains("not a mandatory event")),
        "{out:?}"
    );
}

#[test]
fn key_vp_and_rules_rows_are_checked() {
    let out = problems_after_append("key_vp.csv", "protestant,3,9,seed,bad");
    assert!(out.iter().any(|p| p.contains("dutch, other")), "{out:?}");
    let out = problems_after_append("rules.csv", "domination_gapp,,5,his,typo");
    assert!(out.iter().any(|p| p.contains("domination_gap")), "{out:?}");
    let out = problems_after_append("rules.csv", "standard_vp,,30,his,twice");
    assert!(out.iter().any(|p| p.contains("given twice")), "{out:?}");
}

#[test]
fn relations_and_card_players_rows_are_checked() {
    let out = problems_after_append(
        "relations.csv",
        "1600,england,spain,war,his,no such scenario",
    );
    assert!(
        out.iter().any(|p| p.contains("unknown scenario")),
        "{out:?}"
    );
    let out = problems_after_append("relations.csv", "1559,england,venice,war,his,minor at war");
    assert!(out.iter().any(|p| p.contains("alliance")), "{out:?}");
    let out = problems_after_append("card_players.csv", "9999,2,5,his,no card");
    assert!(
        out.iter().any(|p| p.contains("not in cards.csv")),
        "{out:?}"
    );
}

// Issue 14 item 4: a second home card for one power needs a real source on every one.
#[test]
fn two_placeholder_home_cards_of_one_power_are_refused() {
    let dir = copy_data();
    let path = dir.path().join("cards.csv");
    let mut text = std::fs::read_to_string(&path).expect("read");
    text.push_str("999,Second Spanish home card,Вторая домашняя карта Испании,2,home,spain,1,placeholder,test,,,,,,,\n");
    std::fs::write(&path, text).expect("write");
    let errs = vqbot::data::load(dir.path()).expect_err("must fail");
    assert!(
        errs.iter().any(|p| p.to_string().contains("home cards")),
        "{errs:?}"
    );
    // The shipped data gives every power at most one home card.
    let rs = vqbot::data::load(&shipped()).expect("loads");
    for p in vqbot::engine::Power::ALL {
        let n = rs
            .cards
            .iter()
            .filter(|c| c.kind == vqbot::engine::ruleset::CardKind::Home && c.owner == Some(*p))
            .count();
        assert!(n <= 1, "{p} has {n} home cards");
    }
}

//! A group corrects its game data (a card's CP, here) while a campaign is running: the stored
//! game still loads after the restart, keeps every acknowledged action, and plays on under the
//! corrected data; the channel is told once what happened. Without a data change the log's state
//! hashes are still checked strictly.

use crate::table_support;

use std::sync::Arc;
use table_support::*;
use vqbot::engine::{Ruleset, Stage};
use vqbot::table::{sqlite, Table, TableOptions};

/// A table on `path` with the given ruleset.
fn open_with(path: &std::path::Path, rs: Arc<Ruleset>) -> Table {
    Table::new(
        rs,
        sqlite::open(path).expect("store opens"),
        TableOptions {
            seed: Some(9),
            ..TableOptions::default()
        },
    )
}

/// Who plays `power` in [`start_three`]'s game.
fn player_of(power: vqbot::engine::Power) -> &'static str {
    match power {
        vqbot::engine::Power::England => "alice",
        vqbot::engine::Power::France => "bob",
        _ => "carol",
    }
}

/// Three players through Diplomacy; England plays its home card for CP and spends one.
fn play_some(t: &Table) -> u16 {
    start_three(t, "vq new");
    for who in ["carol", "alice", "bob"] {
        ok(t, who, "vq done");
    }
    for _ in 0..20 {
        let g = t.game(CH).expect("game");
        match g.stage {
            Stage::Deployment { power } => {
                let who = player_of(power);
                ok(t, who, "vq done");
            }
            Stage::Impulse { .. } => break,
            _ => panic!("unexpected stage {:?}", g.stage),
        }
    }
    let g = t.game(CH).expect("game");
    let Stage::Impulse { power, .. } = g.stage else {
        panic!("not in an impulse: {:?}", g.stage)
    };
    let who = player_of(power);
    let card = g.hands[power as usize][0];
    ok(t, who, &format!("vq play card:{card} as:cp"));
    card
}

#[test]
fn a_data_correction_keeps_a_running_game_playable() {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join("games.sqlite3");
    let (card, before_seq) = {
        let t = open_with(&path, rs());
        let card = play_some(&t);
        (card, t.game(CH).expect("game").seq)
    };
    // The group corrects that card's CP in its data folder (a new fingerprint).
    let mut fixed = (*rs()).clone();
    let c = fixed
        .cards
        .iter_mut()
        .find(|c| c.number == card)
        .expect("the card");
    c.cp = if c.cp > 1 { c.cp - 1 } else { c.cp + 1 };
    let new_cp = c.cp;
    fixed.fingerprint = format!("{}-corrected", fixed.fingerprint);
    let t = open_with(&path, Arc::new(fixed));
    let out = ok(&t, "dave", "vq status");
    let g = t.game(CH).expect("the game still loads");
    assert_eq!(g.seq, before_seq, "no acknowledged action is lost");
    assert!(
        matches!(g.stage, Stage::Cp { cp, .. } if cp == new_cp),
        "the card's play is re-applied under the corrected data: {:?}",
        g.stage
    );
    let text = public(&out);
    assert!(text.contains("game data changed"), "{text}");
    assert!(text.contains("came out otherwise"), "{text}");
    // Only once.
    let again = public(&ok(&t, "dave", "vq status"));
    assert!(!again.contains("game data changed"), "{again}");
    // It plays on, and after another restart under the corrected data it loads again with
    // every action, the new one included.
    let g = t.game(CH).expect("game");
    let Stage::Cp { power, .. } = g.stage else {
        panic!("{:?}", g.stage)
    };
    let who = player_of(power);
    ok(&t, who, "vq end");
    let after = t.game(CH).expect("game");
    let fixed = Arc::new(t.ruleset().clone());
    drop(t);
    let t = open_with(&path, fixed);
    ok(&t, "dave", "vq status");
    let g = t.game(CH).expect("loads again");
    assert_eq!(g.seq, after.seq);
    assert_eq!(g.state_hash(), after.state_hash());
}

// Without a data change the log's state hashes are still checked strictly (a tampered hash is
// refused: `a_game_that_does_not_load_can_be_closed_and_replaced` in ops_reliability.rs); here:
// the same data loads the same state.
#[test]
fn the_same_data_reloads_the_same_state_without_a_notice() {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join("games.sqlite3");
    let hash = {
        let t = open_with(&path, rs());
        play_some(&t);
        t.game(CH).expect("game").state_hash()
    };
    let t = open_with(&path, rs());
    let text = public(&ok(&t, "dave", "vq status"));
    assert!(!text.contains("game data changed"), "{text}");
    assert_eq!(t.game(CH).expect("game").state_hash(), hash);
}

// Before the first snapshot (still in turn 1's Diplomacy) the stored start state tells which data
// the log was played with: the game loads under the corrected data too, every action kept.
#[test]
fn a_data_correction_in_the_first_phase_keeps_the_game() {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join("games.sqlite3");
    let seq = {
        let t = open_with(&path, rs());
        ok(&t, "alice", "vq new");
        ok(&t, "alice", "vq join power:england");
        ok(&t, "bob", "vq join power:france");
        ok(&t, "alice", "vq start");
        ok(&t, "alice", "vq ally target:france");
        t.game(CH).expect("game").seq
    };
    let mut fixed = (*rs()).clone();
    fixed.fingerprint = format!("{}-corrected", fixed.fingerprint);
    let t = open_with(&path, Arc::new(fixed));
    let text = public(&ok(&t, "dave", "vq status"));
    assert!(text.contains("game data changed"), "{text}");
    let g = t.game(CH).expect("the game still loads");
    assert_eq!(g.seq, seq);
    // England's alliance offer is still open: France accepts it.
    ok(&t, "bob", "vq accept from:england");
    assert_eq!(
        t.game(CH)
            .expect("game")
            .board
            .relation(vqbot::engine::Power::England, vqbot::engine::Power::France),
        vqbot::engine::power::Relation::Alliance
    );
}

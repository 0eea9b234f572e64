//! People at the table on the SQLite store: display names and the closed-DM state outlive a
//! restart, and a restarted table can say which game a channel has without a command.

use crate::table_support;

use table_support::*;
use vqbot::table::{Audience, Caller, Locale, Status};

fn public_text(out: &vqbot::table::Outbox) -> String {
    out.text_for(Audience::Channel)
}

#[test]
fn after_a_restart_public_messages_name_players_by_display_name() {
    let dir = tempfile::tempdir().expect("temp dir");
    let db = dir.path().join("games.sqlite3");
    {
        let t = open_sqlite(&db);
        ok(&t, "alice", "vq new");
        ok(&t, "alice", "vq join power:england");
        ok(&t, "bob", "vq join power:france");
        ok(&t, "alice", "vq start");
        ok(&t, "bob", "vq done");
    }
    // A new process: neither alice nor bob has spoken to it yet.
    let t = open_sqlite(&db);
    let status = public_text(&ok(&t, "carol", "vq status"));
    for (name, power) in [("alice", "England"), ("bob", "France")] {
        assert!(
            status.contains(&format!("{power} — {name}")),
            "{name} is named: {status}"
        );
        assert!(
            !status.contains(&format!("<@{}>", uid(name))),
            "{name} is not a mention: {status}"
        );
    }
    // The log names who sent each action, too.
    let log = public_text(&ok(&t, "carol", "vq log"));
    assert!(log.contains("(bob)"), "{log}");
}

#[test]
fn a_changed_display_name_replaces_the_stored_one() {
    let dir = tempfile::tempdir().expect("temp dir");
    let db = dir.path().join("games.sqlite3");
    {
        let t = open_sqlite(&db);
        ok(&t, "alice", "vq new");
        ok(&t, "alice", "vq join power:england");
        // alice renames herself on Discord: same user id, new display name.
        let renamed = Caller::new(uid("alice"), "Queen Alice");
        let out = t.handle(CH, &renamed, "vq status");
        assert!(!out.refused);
    }
    let t = open_sqlite(&db);
    let status = public_text(&ok(&t, "carol", "vq status"));
    assert!(status.contains("England — Queen Alice"), "{status}");
    let store = vqbot::store::Store::open(&db).expect("opens");
    assert_eq!(
        store.display_name(uid("alice")).expect("reads").as_deref(),
        Some("Queen Alice")
    );
    assert_eq!(
        store.display_name(uid("carol")).expect("reads").as_deref(),
        Some("carol")
    );
}

#[test]
fn closed_dms_are_remembered_across_a_restart_until_cleared() {
    let dir = tempfile::tempdir().expect("temp dir");
    let db = dir.path().join("games.sqlite3");
    {
        let t = open_sqlite(&db);
        assert_eq!(t.dms_closed_at(77).expect("reads"), None);
        t.set_dms_closed(77, Some(1_234)).expect("writes");
    }
    let t = open_sqlite(&db);
    assert_eq!(t.dms_closed_at(77).expect("reads"), Some(1_234));
    t.set_dms_closed(77, None).expect("writes");
    drop(t);
    let t = open_sqlite(&db);
    assert_eq!(t.dms_closed_at(77).expect("reads"), None);
}

#[test]
fn a_restarted_table_summarises_a_channel_without_a_command() {
    let dir = tempfile::tempdir().expect("temp dir");
    let db = dir.path().join("games.sqlite3");
    let (id, seq) = {
        let t = open_sqlite(&db);
        assert_eq!(t.summary(CH).expect("reads"), None, "no game yet");
        ok(&t, "alice", "vq new locale:ru");
        let lobby = t.summary(CH).expect("reads").expect("a game");
        assert_eq!((lobby.status, lobby.seq), (Status::Lobby, None));
        ok(&t, "alice", "vq join power:england");
        ok(&t, "bob", "vq join power:france");
        ok(&t, "alice", "vq start");
        ok(&t, "bob", "vq done");
        let g = t.game(CH).expect("started");
        (t.summary(CH).expect("reads").expect("a game").id, g.seq)
    };
    let t = open_sqlite(&db);
    assert!(t.game(CH).is_none(), "nothing loaded yet");
    let s = t.summary(CH).expect("reads").expect("a game");
    assert_eq!(s.id, id);
    assert_eq!(s.status, Status::Active);
    assert_eq!(s.seq, Some(seq));
    assert_eq!(s.locale, Locale::Ru);
    assert_eq!(t.game(CH).map(|g| g.seq), Some(seq), "and now it is loaded");
}

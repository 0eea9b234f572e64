//! Taking back an action past an undo barrier: `undo` opens a request that every seated player
//! must agree to (with `undo`), `veto` or any new action cancels it, and the agreed take-back
//! truncates the stored log and rebuilds the game from the store, snapshot or not.

use crate::table_support;

use table_support::*;
use vqbot::store::Store;
use vqbot::table::{Audience, Locale, Msg, Texts};

/// Alice (England), Bob (France) and Carol (the Empire) through diplomacy, the Empire's choice
/// and spring deployment. Carol's last `done` starts the action phase.
fn opening(t: &vqbot::table::Table) {
    ok(t, "alice", "vq new");
    ok(t, "alice", "vq join power:england");
    ok(t, "bob", "vq join power:france");
    ok(t, "carol", "vq join power:empire");
    ok(t, "alice", "vq start");
    ok(t, "alice", "vq done");
    ok(t, "bob", "vq done");
    ok(t, "carol", "vq done");
    ok(t, "carol", "vq secret choice:balanced");
    ok(t, "alice", "vq deploy from:london to:portsmouth units:1r");
    ok(t, "bob", "vq done");
    ok(t, "carol", "vq done");
}

fn hash(t: &vqbot::table::Table) -> String {
    t.game(CH).expect("started").state_hash()
}

fn actions(t: &vqbot::table::Table) -> u64 {
    t.state_json(CH).expect("a game")["game"]["actions"]
        .as_u64()
        .expect("a count")
}

#[test]
fn every_player_must_agree_and_the_third_agreement_takes_it_back() {
    let dir = tempfile::tempdir().expect("dir");
    let db = dir.path().join("g.sqlite3");
    let t = open_sqlite(&db);
    opening(&t);
    let before = hash(&t);
    let store = Store::open(&db).expect("opens");
    let id = game_id(&store);
    let seq_before = store.last_seq(id).expect("seq");
    // Playing a card hands on to "spend CP": an undo barrier.
    ok(&t, "alice", "vq play card:4 as:cp");
    let after = hash(&t);
    assert_ne!(after, before);
    assert_eq!(store.last_seq(id).expect("seq"), seq_before + 1);

    let out = ok(&t, "alice", "vq undo");
    let text = public(&out);
    assert!(
        text.contains("alice asks to take back `play card:4 as:cp power:england`")
            && text.contains("every player must agree")
            && text.contains("Still to agree: bob, carol."),
        "{text}"
    );
    assert_eq!(hash(&t), after, "a request changes nothing");
    // The asker cannot agree twice.
    let msg = refused(&t, "alice", "vq undo");
    assert!(
        msg.contains("already agreed") && msg.contains("bob, carol"),
        "{msg}"
    );

    let out = ok(&t, "carol", "vq undo");
    assert!(
        public(&out).contains("carol agrees") && public(&out).contains("Still to agree: bob."),
        "{out:#?}"
    );
    assert_eq!(hash(&t), after, "two of three agreements change nothing");
    assert_eq!(store.last_seq(id).expect("seq"), seq_before + 1);

    let out = ok(&t, "bob", "vq undo");
    let text = public(&out);
    assert!(
        text.contains("`play card:4 as:cp power:england` is taken back; every player agreed: alice, carol, bob."),
        "{text}"
    );
    // The next-to-act line follows and pings England's holder.
    assert!(out
        .messages
        .iter()
        .any(|m| m.to == Audience::Channel && m.mentions == vec![uid("alice")]));
    assert_eq!(hash(&t), before);
    assert_eq!(store.last_seq(id).expect("seq"), seq_before);
    // The card is back in England's hand: Alice gets her hand privately, nobody else does, and
    // the channel never sees it.
    let dm = out.text_for(Audience::Dm(uid("alice")));
    assert!(dm.contains("hand"), "{out:#?}");
    assert!(out.text_for(Audience::Dm(uid("bob"))).is_empty());
    assert!(!text.contains("hand"), "{text}");
    // The card can be played again.
    ok(&t, "alice", "vq play card:4 as:cp");
    assert_eq!(hash(&t), after);
}

#[test]
fn veto_or_a_new_action_cancels_a_request() {
    let t = table(9);
    opening(&t);
    ok(&t, "alice", "vq play card:4 as:cp");
    let after = hash(&t);
    assert!(refused(&t, "bob", "vq veto").contains("no request"));
    ok(&t, "alice", "vq undo");
    ok(&t, "bob", "vq undo");
    let out = ok(&t, "carol", "vq veto");
    assert!(
        public(&out).contains("carol refuses: `play card:4 as:cp power:england` stays"),
        "{out:#?}"
    );
    assert_eq!(hash(&t), after);
    assert!(refused(&t, "carol", "vq veto").contains("no request"));
    // A new request starts from nothing: Bob's earlier agreement is gone.
    let out = ok(&t, "bob", "vq undo");
    assert!(
        public(&out).contains("bob asks") && public(&out).contains("alice, carol"),
        "{out:#?}"
    );
    // Alice moves on instead: the request is withdrawn, and a late agreement opens a new one
    // for the move (which is not a barrier, so only its player may undo it).
    let out = ok(&t, "alice", "vq move from:portsmouth to:london");
    assert!(
        public(&out)
            .contains("request to take back `play card:4 as:cp power:england` is withdrawn"),
        "{out:#?}"
    );
    let moved = hash(&t);
    assert!(refused(&t, "carol", "vq undo").contains("only its player"));
    assert!(refused(&t, "carol", "vq veto").contains("no request"));
    assert_eq!(hash(&t), moved);
}

#[test]
fn strangers_are_refused_and_a_solo_player_takes_back_at_once() {
    let t = table(9);
    opening(&t);
    ok(&t, "alice", "vq play card:4 as:cp");
    let msg = refused(&t, "mallory", "vq undo");
    assert!(msg.contains("only the players at this table"), "{msg}");
    let msg = refused(&t, "mallory", "vq veto");
    assert!(msg.contains("only the players at this table"), "{msg}");

    // One user holding every seat (Sam took two in the lobby, and the other player left)
    // agrees for all of them at once. (A vacated seat of a started game no longer goes to a
    // seated player: issue 19, so Sam holds Spain from the lobby instead of taking France.)
    let t = table(9);
    ok(&t, "sam", "vq new");
    ok(&t, "sam", "vq join power:england");
    ok(&t, "sam", "vq join power:spain");
    ok(&t, "bob", "vq join power:france");
    ok(&t, "sam", "vq start");
    ok(&t, "bob", "vq leave");
    let before = hash(&t);
    let n = actions(&t);
    ok(&t, "sam", "vq done power:england");
    ok(&t, "sam", "vq done power:spain");
    assert_eq!(actions(&t), n + 2);
    let out = ok(&t, "sam", "vq undo");
    assert!(
        public(&out).contains("every player agreed: sam."),
        "{out:#?}"
    );
    assert_eq!(actions(&t), n + 1);
    assert_ne!(hash(&t), before);
}

#[test]
fn a_snapshot_action_is_taken_back_and_stays_taken_back_after_a_restart() {
    let dir = tempfile::tempdir().expect("dir");
    let db = dir.path().join("g.sqlite3");
    let t = open_sqlite(&db);
    opening(&t);
    // Carol's `done` that ended deployment started a phase: it is stored with a snapshot.
    let store = Store::open(&db).expect("opens");
    let id = game_id(&store);
    let last = store.last_seq(id).expect("seq");
    assert_eq!(store.latest_snapshot_seq(id).expect("reads"), Some(last));
    for n in ["bob", "alice", "carol"] {
        ok(&t, n, "vq undo");
    }
    let taken_back = hash(&t);
    assert_eq!(store.last_seq(id).expect("seq"), last - 1);
    assert!(store.latest_snapshot_seq(id).expect("reads") < Some(last));
    // Carol is awaited again for her deployment.
    let g = t.game(CH).expect("started");
    assert!(g.awaiting().powers().contains(vqbot::engine::Power::Empire));
    drop(t);
    let t = open_sqlite(&db);
    ok(&t, "bob", "vq status");
    assert_eq!(hash(&t), taken_back);
    // Done again, it reaches the same state as the first time.
    ok(&t, "carol", "vq done");
    assert_eq!(store.last_seq(id).expect("seq"), last);
    assert_eq!(store.latest_snapshot_seq(id).expect("reads"), Some(last));
}

#[test]
fn take_back_texts_are_russian_and_name_russian_commands() {
    let rs = rs();
    let t = Texts::new(&rs, Locale::Ru);
    let asked = t.msg(&Msg::TakeBackAsked {
        name: "alice".into(),
        what: "play card:4 as:cp power:england".into(),
        waiting: "bob, carol".into(),
    });
    assert!(
        asked.contains("`отменить`") && asked.contains("`возразить`"),
        "{asked}"
    );
    assert!(asked.contains("`сыграть карта:4 как:од"), "{asked}");
}

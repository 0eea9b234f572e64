//! The table on the SQLite store: a game survives a restart (a new table on the same file
//! replays the log to the same state), and undo truncates the stored log.

use crate::table_support;

use table_support::*;

#[test]
fn a_game_survives_a_restart_and_undo_is_stored() {
    let dir = tempfile::tempdir().expect("temp dir");
    let db = dir.path().join("games.sqlite3");
    let hash = {
        let t = open_sqlite(&db);
        ok(&t, "alice", "vq new");
        ok(&t, "alice", "vq join power:england");
        ok(&t, "bob", "vq join power:france");
        ok(&t, "alice", "vq start");
        ok(&t, "bob", "vq war target:england card:6");
        ok(&t, "alice", "vq done");
        ok(&t, "bob", "vq done");
        ok(&t, "alice", "vq deploy from:london to:portsmouth units:1r");
        ok(&t, "bob", "vq done");
        ok(&t, "alice", "vq play card:4 as:cp");
        ok(&t, "alice", "vq move from:portsmouth to:london");
        t.game(CH).expect("started").state_hash()
    };
    // A new process: the lobby, seats and log come back from the file.
    let t = open_sqlite(&db);
    ok(&t, "carol", "vq status");
    let seats = t.seats(CH);
    assert_eq!(
        seats.get(&vqbot::engine::Power::England),
        Some(&uid("alice"))
    );
    assert_eq!(seats.get(&vqbot::engine::Power::France), Some(&uid("bob")));
    assert_eq!(t.game(CH).expect("loaded").state_hash(), hash);
    // Undo after the restart removes the move from the stored log too.
    ok(&t, "alice", "vq undo");
    let after_undo = t.game(CH).expect("loaded").state_hash();
    assert_ne!(after_undo, hash);
    drop(t);
    let t = open_sqlite(&db);
    ok(&t, "carol", "vq status");
    assert_eq!(t.game(CH).expect("loaded").state_hash(), after_undo);
    // The store's own replay check agrees with the table (Replayable for Game).
    let store = vqbot::store::Store::open(&db).expect("opens");
    let id = store
        .open_game(vqbot::store::ChannelKey::guild(CH.guild, CH.channel))
        .expect("reads")
        .expect("open game")
        .id;
    let v = vqbot::store::verify::<vqbot::engine::Game>(&store, id).expect("verifies");
    assert_eq!(v.final_hash, after_undo);
}

//! Group commit: the store's barrier fsyncs the WAL once for every commit before it, concurrent
//! writers share fsyncs, and a barrier with nothing new does not touch the disk.

use std::sync::{Arc, Mutex};

use vqbot::store::{
    ActionRecord, ChannelKey, Durability, GameId, GameStatus, NewGame, Store, StoreOptions,
};

fn new_game(channel: u64) -> NewGame {
    NewGame {
        channel: ChannelKey::guild(1, channel),
        status: GameStatus::Active,
        ruleset: "toy".into(),
        scenario: "sync".into(),
        options_json: "{}".into(),
        seed: "1".into(),
        seed_commitment: "c".into(),
        locale: "en".into(),
        created_by: None,
        engine_version: "test".into(),
    }
}

fn action(seq: u64) -> ActionRecord {
    ActionRecord {
        seq,
        power: Some("england".into()),
        user_id: Some(7),
        action_json: format!(r#"{{"n":{seq}}}"#),
        state_hash: format!("{seq:064x}"),
    }
}

fn open(dir: &tempfile::TempDir, durability: Durability) -> Store {
    Store::open_with(
        dir.path().join("g.sqlite3"),
        StoreOptions {
            durability,
            ..StoreOptions::default()
        },
    )
    .expect("opens")
}

#[test]
fn one_barrier_covers_every_earlier_commit_and_an_idle_barrier_is_free() {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut store = open(&dir, Durability::Group);
    let sync = store.syncer();
    assert!(sync.is_active());
    let game = store.create_game(&new_game(1)).expect("create").id;
    let before = sync.fsyncs();
    for seq in 1..=20 {
        store
            .append_action(game, &action(seq), None)
            .expect("append");
    }
    let committed = sync.committed();
    assert!(sync.synced() < committed, "appends alone do not fsync");
    assert_eq!(sync.fsyncs(), before, "appends alone do not fsync");
    sync.sync().expect("barrier");
    assert_eq!(sync.fsyncs(), before + 1, "one fsync for twenty commits");
    assert_eq!(sync.synced(), committed);
    sync.sync().expect("idle barrier");
    assert_eq!(sync.fsyncs(), before + 1, "nothing new: no fsync");
    // Undo (truncate) is a commit like any other.
    store.truncate_after(game, 10).expect("truncate");
    assert!(sync.committed() > committed);
    store.sync().expect("barrier");
    assert_eq!(sync.fsyncs(), before + 2);
    assert_eq!(sync.synced(), sync.committed());
}

#[test]
fn concurrent_writers_share_fsyncs_and_each_is_covered() {
    const WRITERS: u64 = 8;
    const EACH: u64 = 25;
    let dir = tempfile::tempdir().expect("temp dir");
    let mut store = open(&dir, Durability::Group);
    let games: Vec<GameId> = (0..WRITERS)
        .map(|c| store.create_game(&new_game(100 + c)).expect("create").id)
        .collect();
    let sync = store.syncer();
    let base = sync.fsyncs();
    let store = Arc::new(Mutex::new(store));
    let threads: Vec<_> = games
        .into_iter()
        .map(|game| {
            let store = Arc::clone(&store);
            let sync = Arc::clone(&sync);
            std::thread::spawn(move || {
                for seq in 1..=EACH {
                    let mine = {
                        let mut st = store.lock().expect("lock");
                        st.append_action(game, &action(seq), None).expect("append");
                        // Read while the store is still held: at least this commit's number.
                        sync.committed()
                    };
                    // The barrier runs without the store's lock.
                    sync.sync_through(mine).expect("barrier");
                    assert!(sync.synced() >= mine, "acknowledged before it was synced");
                }
            })
        })
        .collect();
    for t in threads {
        t.join().expect("writer");
    }
    let fsyncs = sync.fsyncs() - base;
    let commits = WRITERS * EACH;
    println!("{commits} commits, {fsyncs} fsyncs");
    assert!(fsyncs >= 1 && fsyncs <= commits, "{fsyncs} fsyncs");
    assert_eq!(sync.synced(), sync.committed());
    let st = store.lock().expect("lock");
    for c in 0..WRITERS {
        let g = st
            .open_game(ChannelKey::guild(1, 100 + c))
            .expect("query")
            .expect("game");
        assert_eq!(st.last_seq(g.id).expect("seq"), EACH);
    }
}

#[test]
fn full_and_normal_modes_have_an_inactive_barrier() {
    for durability in [Durability::Full, Durability::Normal] {
        let dir = tempfile::tempdir().expect("temp dir");
        let mut store = open(&dir, durability);
        let game = store.create_game(&new_game(1)).expect("create").id;
        store.append_action(game, &action(1), None).expect("append");
        let sync = store.syncer();
        assert!(!sync.is_active(), "{durability:?}");
        store.sync().expect("no-op");
        assert_eq!(sync.fsyncs(), 0, "{durability:?}");
        let level: i64 = store
            .connection()
            .query_row("PRAGMA synchronous", [], |r| r.get(0))
            .expect("pragma");
        let want = if durability == Durability::Full { 2 } else { 1 };
        assert_eq!(level, want, "{durability:?}");
    }
}

#[test]
fn in_memory_stores_never_sync() {
    let mut store = Store::open_in_memory().expect("memory");
    let game = store.create_game(&new_game(1)).expect("create").id;
    store.append_action(game, &action(1), None).expect("append");
    assert!(!store.syncer().is_active());
    store.sync().expect("no-op");
    assert_eq!(store.syncer().fsyncs(), 0);
}

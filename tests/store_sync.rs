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

#[test]
fn every_kind_of_write_is_counted_for_the_barrier() {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut store = open(&dir, Durability::Group);
    let sync = store.syncer();
    let mut last = sync.committed();
    let mut counted = |what: &str, sync: &vqbot::store::WalSync| {
        assert!(sync.committed() > last, "{what} was not counted");
        last = sync.committed();
    };
    let mut lobby = new_game(9);
    lobby.status = GameStatus::Lobby;
    let game = store.create_game(&lobby).expect("create").id;
    counted("create_game", &sync);
    store
        .set_seat(game, "england", Some(5), None)
        .expect("seat");
    counted("set_seat", &sync);
    store.set_options(game, "{\"x\":1}").expect("options");
    counted("set_options", &sync);
    store.set_locale(game, "ru").expect("locale");
    counted("set_locale", &sync);
    store.set_status(game, GameStatus::Active).expect("status");
    counted("set_status", &sync);
    store.append_action(game, &action(1), None).expect("append");
    counted("append_action", &sync);
    store.save_snapshot(game, 1, "{}").expect("snapshot");
    counted("save_snapshot", &sync);
    store.truncate_after(game, 0).expect("truncate");
    counted("truncate_after", &sync);
    store.set_display_name(5, "Alice").expect("name");
    counted("set_display_name", &sync);
    store.mark_dms_closed(5, 1).expect("dm");
    counted("mark_dms_closed", &sync);
    store.mark_dms_open(5).expect("dm");
    counted("mark_dms_open", &sync);
    // Writes that change nothing commit nothing and are not counted.
    let before = sync.committed();
    assert!(!store.set_display_name(5, "Alice").expect("same name"));
    assert_eq!(sync.committed(), before);
    let before = sync.committed();
    assert!(!store.mark_dms_open(5).expect("already open"));
    assert_eq!(sync.committed(), before);
    let doc = store.export_game(game).expect("export");
    store
        .set_status(game, GameStatus::Abandoned)
        .expect("status");
    counted("set_status", &sync);
    store.import_game(&doc, None).expect("import");
    counted("import_game", &sync);
    // An import is synced before it returns.
    assert_eq!(sync.synced(), sync.committed());
}

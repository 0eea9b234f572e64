//! Store benchmarks: append one action, load a 2,000-action game, verify it by full replay.
//!
//! Run with `cargo bench --bench store`. The game is a toy (a board of 4,000 counters, about
//! 20 KB of state JSON, hashed with sha256) standing in for the engine.
//!
//! - `append_full` / `append_normal`: one `append_action` (one transaction) with
//!   `synchronous=FULL` (the default) and `NORMAL`;
//! - `append_full_with_snapshot`: the same with a 20 KB snapshot in the transaction;
//! - `load_2000`: `Store::load` of a 2,000-action game (latest snapshot + tail rows);
//! - `read_log_2000`: reading all 2,000 action rows (the no-snapshot worst case);
//! - `load_game_2000_toy`: `load_game` (snapshot restored, tail replayed and hash-checked);
//! - `verify_2000_toy`: `verify`, a full replay from the start checking every hash.
//! - `append_group`: one `append_action` in the default group-commit mode (commit only);
//! - `barrier_fsync`: the barrier alone, after one unsynced commit (one WAL fsync);
//! - `append_group_barrier`: append + barrier, one writer (what a player waits for);
//! - `table_load_2000/{snapshot,full_replay}`: a new `Table` answering `vq status` on a real
//!   engine game of 2,000 random legal actions, with the table's snapshots and without any;
//! - `verify/verify_2000_engine`: `verify::<Game>` (what `vqbot replay` does) on that game;
//! - after criterion, a plain report of append + barrier with 1 and 20 concurrent writers, each
//!   on its own game behind one shared store lock, in group and full mode (ack latency, acks/s,
//!   fsyncs per commit). Skipped when a filter is given that does not match `concurrent`.

use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use criterion::{criterion_group, BatchSize, Criterion, SamplingMode};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use vqbot::engine::{Action, Awaiting, Game, GameOptions, PowerSet, Ruleset};
use vqbot::store::{
    load_game, verify, ActionRecord, Applied, ChannelKey, Durability, GameId, GameRecord,
    GameStatus, NewGame, Replayable, Store, StoreOptions,
};
use vqbot::table::{Caller, Channel, GameRow, LogRow, Status, Table, TableOptions};

#[derive(Clone, Serialize, Deserialize)]
struct Board {
    moves: u64,
    cells: Vec<u16>,
}

#[derive(Deserialize)]
struct Move {
    cell: usize,
    add: u16,
}

impl Replayable for Board {
    type Error = String;
    fn start(_: &GameRecord) -> Result<Self, String> {
        Ok(Board {
            moves: 0,
            cells: (0..4000).map(|i| (i * 37 % 1000) as u16).collect(),
        })
    }
    fn apply_json(&mut self, _: Option<&str>, action_json: &str) -> Result<(), String> {
        let m: Move = serde_json::from_str(action_json).map_err(|e| e.to_string())?;
        let c = self.cells.get_mut(m.cell).ok_or("no such cell")?;
        *c = c.wrapping_add(m.add);
        self.moves += 1;
        Ok(())
    }
    fn state_hash(&self) -> String {
        hex::encode(Sha256::digest(self.to_snapshot()))
    }
    fn to_snapshot(&self) -> String {
        serde_json::to_string(self).unwrap_or_default()
    }
    fn from_snapshot(s: &str) -> Result<Self, String> {
        serde_json::from_str(s).map_err(|e| e.to_string())
    }
}

fn new_game(channel: u64) -> NewGame {
    NewGame {
        channel: ChannelKey::guild(1, channel),
        status: GameStatus::Active,
        ruleset: "bench".into(),
        scenario: "1559".into(),
        options_json: "{}".into(),
        seed: "1".into(),
        seed_commitment: "c".into(),
        locale: "en".into(),
        created_by: None,
        engine_version: "bench".into(),
    }
}

fn action_json(seq: u64) -> String {
    format!(
        r#"{{"cell":{},"add":{},"kind":"move_formation","from":"Paris","to":"Orleans","units":[1,2,3]}}"#,
        seq * 7919 % 4000,
        seq % 13 + 1
    )
}

/// A file store holding one game of `n` actions, snapshotted every 50 (the default policy).
/// The fixture is written with NORMAL to build faster; the store is then reopened with
/// `durability`.
fn game_with(n: u64, durability: Durability) -> (tempfile::TempDir, Store, GameId) {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("bench.sqlite3");
    let opts = StoreOptions {
        durability: Durability::Normal,
        ..StoreOptions::default()
    };
    let mut store = Store::open_with(&path, opts).expect("open");
    let game = store.create_game(&new_game(1)).expect("create");
    let mut state = Board::start(&game).expect("start");
    for seq in 1..=n {
        let json = action_json(seq);
        state.apply_json(None, &json).expect("apply");
        let applied = Applied {
            seq,
            power: Some("france"),
            user_id: Some(42),
            action_json: &json,
            phase_boundary: false,
        };
        store
            .append_applied(game.id, &applied, &state)
            .expect("append");
    }
    drop(store);
    let opts = StoreOptions {
        durability,
        ..StoreOptions::default()
    };
    let store = Store::open_with(&path, opts).expect("reopen");
    (dir, store, game.id)
}

fn bench_append(c: &mut Criterion) {
    for (name, durability) in [
        ("append_full", Durability::Full),
        ("append_normal", Durability::Normal),
    ] {
        let dir = tempfile::tempdir().expect("temp dir");
        let opts = StoreOptions {
            durability,
            ..StoreOptions::default()
        };
        let mut store = Store::open_with(dir.path().join("append.sqlite3"), opts).expect("open");
        let game = store.create_game(&new_game(2)).expect("create").id;
        let hash = "ab".repeat(32);
        let mut seq = 0;
        c.bench_function(name, |b| {
            b.iter(|| {
                seq += 1;
                let rec = ActionRecord {
                    seq,
                    power: Some("england".into()),
                    user_id: Some(42),
                    action_json: action_json(seq),
                    state_hash: hash.clone(),
                };
                store.append_action(game, &rec, None).expect("append");
            })
        });
    }
}

fn bench_load(c: &mut Criterion) {
    let (_dir, store, game) = game_with(2000, Durability::Full);
    c.bench_function("load_2000", |b| b.iter(|| store.load(game).expect("load")));
    c.bench_function("read_log_2000", |b| {
        b.iter(|| store.actions_after(game, 0).expect("read"))
    });
    c.bench_function("load_game_2000_toy", |b| {
        b.iter(|| load_game::<Board>(&store, game).expect("load_game"))
    });
    let mut g = c.benchmark_group("verify");
    g.sample_size(10).sampling_mode(SamplingMode::Flat);
    g.bench_function("verify_2000_toy", |b| {
        b.iter(|| verify::<Board>(&store, game).expect("verify"))
    });
    g.finish();
    // Snapshot writes are part of some appends; measure the snapshot-bearing append too.
    let mut n = 2000;
    let (_dir2, mut store2, game2) = game_with(n, Durability::Full);
    let state = load_game::<Board>(&store2, game2).expect("load").0;
    c.bench_function("append_full_with_snapshot", |b| {
        b.iter_batched(
            || {
                n += 1;
                n
            },
            |seq| {
                let rec = ActionRecord {
                    seq,
                    power: None,
                    user_id: None,
                    action_json: action_json(seq),
                    state_hash: String::new(),
                };
                store2
                    .append_action(game2, &rec, Some(&state.to_snapshot()))
                    .expect("append")
            },
            BatchSize::SmallInput,
        )
    });
}

fn store_with(durability: Durability, path: &Path) -> Store {
    let opts = StoreOptions {
        durability,
        ..StoreOptions::default()
    };
    Store::open_with(path, opts).expect("open")
}

fn record(seq: u64) -> ActionRecord {
    ActionRecord {
        seq,
        power: Some("england".into()),
        user_id: Some(42),
        action_json: action_json(seq),
        state_hash: "ab".repeat(32),
    }
}

fn bench_group_commit(c: &mut Criterion) {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut store = store_with(Durability::Group, &dir.path().join("group.sqlite3"));
    let game = store.create_game(&new_game(3)).expect("create").id;
    let sync = store.syncer();
    let mut seq = 0;
    c.bench_function("append_group", |b| {
        b.iter(|| {
            seq += 1;
            store
                .append_action(game, &record(seq), None)
                .expect("append");
        })
    });
    sync.sync().expect("sync");
    let mut g = c.benchmark_group("group_commit");
    g.sample_size(30);
    g.bench_function("barrier_fsync", |b| {
        b.iter_batched(
            || {
                seq += 1;
                store
                    .append_action(game, &record(seq), None)
                    .expect("append");
            },
            |()| sync.sync().expect("sync"),
            BatchSize::PerIteration,
        )
    });
    g.bench_function("append_group_barrier", |b| {
        b.iter(|| {
            seq += 1;
            store
                .append_action(game, &record(seq), None)
                .expect("append");
            sync.sync().expect("sync");
        })
    });
    g.finish();
}

fn ruleset() -> Arc<Ruleset> {
    Arc::new(vqbot::data::load_default().expect("shipped data loads"))
}

const TABLE_CH: Channel = Channel {
    guild: 5,
    channel: 6,
};

/// A database holding one engine game of `n` random legal actions, six seated powers, stored
/// the way the table stores it (snapshots where `snapshot_due` says). Returns the file, the
/// seed of the game and how many snapshots were written.
fn engine_game_db(rs: &Ruleset, dir: &Path, n: u64) -> (PathBuf, u64, usize) {
    let path = dir.join("engine.sqlite3");
    'seeds: for seed in 1..50u64 {
        let _ = std::fs::remove_file(&path);
        let _ = std::fs::remove_file(vqbot::store::wal_path(&path));
        let mut st = vqbot::table::sqlite::open_with(&path, Durability::Normal).expect("open");
        let opts = GameOptions {
            scenario: "1559".into(),
            powers: PowerSet::all(),
        };
        let row = st
            .create(&GameRow {
                id: 0,
                channel: TABLE_CH,
                status: Status::Lobby,
                scenario: "1559".into(),
                options_json: "{}".into(),
                seed: seed.to_string(),
                seed_commitment: vqbot::table::sha256_hex(&seed.to_string()),
                locale: "en".into(),
                created_by: Some(1),
            })
            .expect("create");
        for (i, p) in opts.powers.iter().enumerate() {
            st.set_seat(row.id, p.as_str(), Some(100 + i as u64), None)
                .expect("seat");
        }
        st.set_options(row.id, &serde_json::to_string(&opts).expect("json"))
            .expect("options");
        st.set_status(row.id, Status::Active).expect("active");
        let (mut g, _) = Game::new(rs, &opts, seed).expect("starts");
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let (mut since, mut snapshots) = (0u64, 0usize);
        for seq in 1..=n {
            let p = match g.awaiting() {
                Awaiting::Over { .. } => continue 'seeds,
                Awaiting::One { power, .. } => power,
                Awaiting::Simultaneous { pending, .. } => pending.iter().next().expect("pending"),
            };
            let legal = g.legal_actions(rs, p);
            let done = legal
                .iter()
                .find(|a| matches!(a, Action::DoneDiplomacy | Action::Decline { .. }));
            // Mostly keep negotiating and spend CP rather than pass: random play that says
            // "done" early ends a game (7 turns) in ~700 actions.
            let busy: Vec<&Action> = legal
                .iter()
                .filter(|a| !matches!(a, Action::EndImpulse | Action::Pass))
                .collect();
            let a = match done {
                Some(d) if rng.random_bool(0.1) => d.clone(),
                _ if !busy.is_empty() && rng.random_bool(0.95) => {
                    busy[rng.random_range(0..busy.len())].clone()
                }
                _ => legal[rng.random_range(0..legal.len())].clone(),
            };
            let before = g.awaiting();
            let events = g.apply(rs, p, &a).expect("legal");
            since += 1;
            let snap = vqbot::table::snapshot_due(&before, &g, &events, since)
                .then(|| serde_json::to_string(&g).expect("json"));
            if snap.is_some() {
                since = 0;
                snapshots += 1;
            }
            let row_log = LogRow {
                seq,
                power: Some(p.as_str().to_string()),
                user_id: Some(100),
                action_json: serde_json::to_string(&a).expect("json"),
                state_hash: g.state_hash(),
            };
            st.append(row.id, &row_log, snap.as_deref())
                .expect("append");
        }
        return (path, seed, snapshots);
    }
    panic!("no seed gave a game of {n} actions");
}

fn bench_table_load(c: &mut Criterion) {
    let rs = ruleset();
    let dir = tempfile::tempdir().expect("temp dir");
    let (path, seed, snapshots) = engine_game_db(&rs, dir.path(), 2000);
    let bare = dir.path().join("no-snapshots.sqlite3");
    {
        let s = store_with(Durability::Normal, &path);
        s.connection()
            .execute_batch(&format!(
                "VACUUM INTO '{}'; ",
                bare.display().to_string().replace('\'', "''")
            ))
            .expect("copy");
        let last = s
            .load(
                s.open_game(ChannelKey::guild(5, 6))
                    .expect("q")
                    .expect("g")
                    .id,
            )
            .expect("load");
        println!(
            "engine game (seed {seed}): 2000 actions, {snapshots} table snapshots, latest at {:?}, {} bytes of state JSON",
            last.snapshot.as_ref().map(|s| s.seq),
            last.snapshot.as_ref().map_or(0, |s| s.state_json.len())
        );
    }
    store_with(Durability::Normal, &bare)
        .connection()
        .execute_batch("DELETE FROM snapshots")
        .expect("strip");
    let caller = Caller::new(1, "bench");
    let mut g = c.benchmark_group("table_load_2000");
    g.sample_size(20).sampling_mode(SamplingMode::Flat);
    for (name, db) in [("snapshot", &path), ("full_replay", &bare)] {
        g.bench_function(name, |b| {
            b.iter_batched(
                || {
                    let st = vqbot::table::sqlite::open(db).expect("open");
                    Table::new(Arc::clone(&rs), st, TableOptions::default())
                },
                |t| {
                    let out = t.handle(TABLE_CH, &caller, "vq status");
                    assert!(!out.refused, "{out:?}");
                    t
                },
                BatchSize::PerIteration,
            )
        });
    }
    g.finish();
    let store = store_with(Durability::Normal, &path);
    let id = store
        .open_game(ChannelKey::guild(5, 6))
        .expect("q")
        .expect("g")
        .id;
    let mut g = c.benchmark_group("verify");
    g.sample_size(10).sampling_mode(SamplingMode::Flat);
    g.bench_function("verify_2000_engine", |b| {
        b.iter(|| verify::<Game>(&store, id).expect("verify"))
    });
    g.finish();
}

/// Append + barrier from `writers` threads, each on its own game, sharing one store behind a
/// mutex the way the table does. Returns (median ack µs, p90 ack µs, acks/s, fsyncs/commit).
fn concurrent(durability: Durability, writers: u64, each: u64) -> (f64, f64, f64, f64) {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut store = store_with(durability, &dir.path().join("conc.sqlite3"));
    let games: Vec<GameId> = (0..writers)
        .map(|w| store.create_game(&new_game(1000 + w)).expect("create").id)
        .collect();
    let sync = store.syncer();
    sync.sync().expect("sync");
    let (f0, c0) = (sync.fsyncs(), sync.committed());
    let store = Arc::new(Mutex::new(store));
    let start = Instant::now();
    let threads: Vec<_> = games
        .into_iter()
        .map(|game| {
            let store = Arc::clone(&store);
            let sync = Arc::clone(&sync);
            std::thread::spawn(move || {
                let mut lat = Vec::new();
                for seq in 1..=each {
                    let t0 = Instant::now();
                    let mine = {
                        let mut st = store.lock().expect("lock");
                        st.append_action(game, &record(seq), None).expect("append");
                        sync.committed()
                    };
                    sync.sync_through(mine).expect("sync");
                    lat.push(t0.elapsed());
                }
                lat
            })
        })
        .collect();
    let mut lat: Vec<Duration> = threads
        .into_iter()
        .flat_map(|t| t.join().expect("writer"))
        .collect();
    let secs = start.elapsed().as_secs_f64();
    lat.sort();
    let pick = |q: f64| lat[((lat.len() - 1) as f64 * q) as usize].as_secs_f64() * 1e6;
    let commits = (sync.committed() - c0).max(1);
    (
        pick(0.5),
        pick(0.9),
        lat.len() as f64 / secs,
        (sync.fsyncs() - f0) as f64 / commits as f64,
    )
}

fn concurrent_report() {
    let filter = std::env::args()
        .skip(1)
        .find(|a| !a.starts_with('-') && a != "--bench");
    if filter.is_some_and(|f| !"concurrent".contains(f.as_str())) {
        return;
    }
    println!("concurrent append + barrier (each writer on its own game, one shared store):");
    for (durability, writers, each) in [
        (Durability::Group, 1, 300),
        (Durability::Group, 20, 50),
        (Durability::Full, 1, 300),
        (Durability::Full, 20, 50),
    ] {
        let (p50, p90, rate, per) = concurrent(durability, writers, each);
        println!(
            "  {durability:?} writers={writers:2}: ack median {:.2} ms, p90 {:.2} ms, {rate:.0} acks/s, {per:.2} fsyncs per commit (barrier's own)",
            p50 / 1e3,
            p90 / 1e3
        );
    }
}

criterion_group!(
    benches,
    bench_append,
    bench_group_commit,
    bench_load,
    bench_table_load
);

fn main() {
    benches();
    concurrent_report();
    Criterion::default().configure_from_args().final_summary();
}

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

use criterion::{criterion_group, criterion_main, BatchSize, Criterion, SamplingMode};
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use vqbot::store::{
    load_game, verify, ActionRecord, Applied, ChannelKey, Durability, GameId, GameRecord,
    GameStatus, NewGame, Replayable, Store, StoreOptions,
};

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

criterion_group!(benches, bench_append, bench_load);
criterion_main!(benches);

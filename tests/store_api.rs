//! The store's API: games, seats, the log, snapshots, undo, isolation, replay, export/import.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use vqbot::store::{
    load_game, verify, ActionRecord, Applied, ChannelKey, GameExport, GameId, GameRecord,
    GameStatus, NewGame, ReplayError, Replayable, Store, StoreError, StoreOptions,
};

// ----- a toy game: counters per power ------------------------------------------------------------

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
struct Toy {
    total: i64,
    moves: u64,
    by_power: BTreeMap<String, i64>,
}

#[derive(Deserialize)]
struct ToyAction {
    add: i64,
}

impl Replayable for Toy {
    type Error = String;

    fn start(game: &GameRecord) -> Result<Self, String> {
        let opts: serde_json::Value =
            serde_json::from_str(&game.options_json).map_err(|e| e.to_string())?;
        Ok(Toy {
            total: opts["start"].as_i64().unwrap_or(0),
            moves: 0,
            by_power: BTreeMap::new(),
        })
    }

    fn apply_json(&mut self, power: Option<&str>, action_json: &str) -> Result<(), String> {
        let a: ToyAction = serde_json::from_str(action_json).map_err(|e| e.to_string())?;
        if a.add.abs() > 100 {
            return Err(format!("{} is too big a step", a.add));
        }
        self.total += a.add;
        self.moves += 1;
        *self
            .by_power
            .entry(power.unwrap_or("-").to_owned())
            .or_default() += a.add;
        Ok(())
    }

    fn state_hash(&self) -> String {
        hex::encode(Sha256::digest(self.to_snapshot()))
    }

    fn to_snapshot(&self) -> String {
        serde_json::to_string(self).expect("toy state serialises")
    }

    fn from_snapshot(s: &str) -> Result<Self, String> {
        serde_json::from_str(s).map_err(|e| e.to_string())
    }
}

const POWERS: [&str; 3] = ["england", "france", "spain"];

fn step(seq: u64) -> i64 {
    (seq as i64 * 7) % 11 - 5
}

fn new_game(channel: ChannelKey) -> NewGame {
    NewGame {
        channel,
        status: GameStatus::Active,
        ruleset: "toy".into(),
        scenario: "1559".into(),
        options_json: r#"{"start":10}"#.into(),
        seed: "42".into(),
        seed_commitment: hex::encode(Sha256::digest(b"42")),
        locale: "en".into(),
        created_by: Some(1001),
        engine_version: "0.1.0".into(),
    }
}

/// Plays `n` actions through `append_applied`, returning the final state.
fn play(store: &mut Store, game: GameId, state: &mut Toy, n: u64, boundary_every: u64) {
    let start = store.last_seq(game).unwrap();
    for seq in start + 1..=start + n {
        let power = POWERS[(seq % 3) as usize];
        let json = format!(r#"{{"add":{}}}"#, step(seq));
        state.apply_json(Some(power), &json).unwrap();
        let applied = Applied {
            seq,
            power: Some(power),
            user_id: Some(2000 + seq % 3),
            action_json: &json,
            phase_boundary: boundary_every > 0 && seq.is_multiple_of(boundary_every),
        };
        store.append_applied(game, &applied, state).unwrap();
    }
}

fn record(seq: u64, add: i64) -> ActionRecord {
    ActionRecord {
        seq,
        power: Some("england".into()),
        user_id: Some(7),
        action_json: format!(r#"{{"add":{add}}}"#),
        state_hash: format!("h{seq}"),
    }
}

fn file_store() -> (tempfile::TempDir, std::path::PathBuf, Store) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("vq.sqlite3");
    let store = Store::open(&path).unwrap();
    (dir, path, store)
}

// ----- games and status --------------------------------------------------------------------------

#[test]
fn one_open_game_per_channel_and_finished_games_stay_listed() {
    let mut s = Store::open_in_memory().unwrap();
    let ch = ChannelKey::guild(10, 20);
    let g1 = s.create_game(&new_game(ch)).unwrap();
    assert_eq!(s.open_game(ch).unwrap().map(|g| g.id), Some(g1.id));

    match s.create_game(&new_game(ch)) {
        Err(StoreError::ChannelBusy { existing }) => assert_eq!(existing, g1.id),
        other => panic!("expected ChannelBusy, got {other:?}"),
    }
    // Same channel number in another guild, and a local game with that number, are other places.
    let other_guild = s.create_game(&new_game(ChannelKey::guild(11, 20))).unwrap();
    let local = s.create_game(&new_game(ChannelKey::no_guild(20))).unwrap();
    assert_ne!(other_guild.id, g1.id);
    assert_eq!(local.channel.guild_id, 0);

    s.set_status(g1.id, GameStatus::Finished).unwrap();
    assert!(s.open_game(ch).unwrap().is_none());
    let g2 = s.create_game(&new_game(ch)).unwrap();
    s.set_status(g2.id, GameStatus::Abandoned).unwrap();
    let g3 = s.create_game(&new_game(ch)).unwrap();

    let listed: Vec<_> = s
        .list_games(ch)
        .unwrap()
        .into_iter()
        .map(|g| (g.id, g.status))
        .collect();
    assert_eq!(
        listed,
        vec![
            (g1.id, GameStatus::Finished),
            (g2.id, GameStatus::Abandoned),
            (g3.id, GameStatus::Active)
        ]
    );
    assert_eq!(s.game(g3.id).unwrap().options_json, r#"{"start":10}"#);
    assert!(matches!(
        s.game(GameId(9999)),
        Err(StoreError::NoSuchGame(GameId(9999)))
    ));
}

#[test]
fn status_follows_the_life_cycle_and_closed_games_refuse_changes() {
    let mut s = Store::open_in_memory().unwrap();
    let mut ng = new_game(ChannelKey::guild(1, 2));
    ng.status = GameStatus::Lobby;
    let g = s.create_game(&ng).unwrap().id;
    assert!(matches!(
        s.set_status(g, GameStatus::Finished),
        Err(StoreError::BadTransition { .. })
    ));
    s.set_status(g, GameStatus::Active).unwrap();
    assert!(matches!(
        s.set_status(g, GameStatus::Lobby),
        Err(StoreError::BadTransition { .. })
    ));
    s.append_action(g, &record(1, 1), None).unwrap();
    s.set_status(g, GameStatus::Finished).unwrap();
    assert!(matches!(
        s.set_status(g, GameStatus::Active),
        Err(StoreError::BadTransition { .. })
    ));
    assert!(matches!(
        s.append_action(g, &record(2, 1), None),
        Err(StoreError::GameClosed {
            status: GameStatus::Finished,
            ..
        })
    ));
    assert!(matches!(
        s.truncate_after(g, 0),
        Err(StoreError::GameClosed { .. })
    ));
    assert!(matches!(
        s.set_seat(g, "england", Some(5), None),
        Err(StoreError::GameClosed { .. })
    ));
    assert_eq!(s.last_seq(g).unwrap(), 1);

    let mut finished = new_game(ChannelKey::guild(1, 3));
    finished.status = GameStatus::Finished;
    assert!(s.create_game(&finished).is_err());
    let mut bad_json = new_game(ChannelKey::guild(1, 3));
    bad_json.options_json = "{nope".into();
    assert!(matches!(
        s.create_game(&bad_json),
        Err(StoreError::InvalidJson {
            what: "options_json",
            ..
        })
    ));
    assert!(matches!(
        s.create_game(&new_game(ChannelKey::guild(u64::MAX, 3))),
        Err(StoreError::IdOutOfRange(u64::MAX))
    ));
}

// ----- the log -----------------------------------------------------------------------------------

#[test]
fn append_requires_exactly_the_next_seq() {
    let mut s = Store::open_in_memory().unwrap();
    let g = s
        .create_game(&new_game(ChannelKey::guild(1, 1)))
        .unwrap()
        .id;
    for bad in [0, 2] {
        match s.append_action(g, &record(bad, 1), None) {
            Err(StoreError::SeqMismatch { expected, got, .. }) => {
                assert_eq!((expected, got), (1, bad))
            }
            other => panic!("seq {bad}: expected SeqMismatch, got {other:?}"),
        }
    }
    s.append_action(g, &record(1, 1), None).unwrap();
    s.append_action(g, &record(2, 1), None).unwrap();
    assert!(matches!(
        s.append_action(g, &record(2, 1), None),
        Err(StoreError::SeqMismatch {
            expected: 3,
            got: 2,
            ..
        })
    ));
    let mut bad_json = record(3, 1);
    bad_json.action_json = "not json".into();
    assert!(matches!(
        s.append_action(g, &bad_json, None),
        Err(StoreError::InvalidJson { .. })
    ));
    assert!(matches!(
        s.append_action(GameId(77), &record(1, 1), None),
        Err(StoreError::NoSuchGame(_))
    ));
    let stored = s.actions_after(g, 0).unwrap();
    assert_eq!(stored.len(), 2);
    assert_eq!(stored[1].record, record(2, 1));
}

#[test]
fn the_action_and_its_snapshot_are_stored_together_or_not_at_all() {
    let mut s = Store::open_in_memory().unwrap();
    let g = s
        .create_game(&new_game(ChannelKey::guild(1, 1)))
        .unwrap()
        .id;
    s.append_action(g, &record(1, 1), Some(r#"{"s":1}"#))
        .unwrap();
    let before = s.game(g).unwrap().updated_at;
    // Make the snapshot insert fail inside the transaction (a temporary trigger lives only in
    // this connection and does not change the schema).
    s.connection()
        .execute_batch(
            "CREATE TEMP TRIGGER fail_snapshot BEFORE INSERT ON main.snapshots
             BEGIN SELECT RAISE(ABORT, 'disk full, say'); END;",
        )
        .unwrap();
    std::thread::sleep(std::time::Duration::from_millis(3));
    let err = s
        .append_action(g, &record(2, 1), Some(r#"{"s":2}"#))
        .unwrap_err();
    assert!(err.to_string().contains("disk full"), "{err}");
    assert_eq!(
        s.last_seq(g).unwrap(),
        1,
        "the action row must be rolled back"
    );
    assert_eq!(s.game(g).unwrap().updated_at, before);
    assert_eq!(s.latest_snapshot_seq(g).unwrap(), Some(1));

    s.connection()
        .execute_batch("DROP TRIGGER temp.fail_snapshot")
        .unwrap();
    s.append_action(g, &record(2, 1), Some(r#"{"s":2}"#))
        .unwrap();
    assert_eq!(s.last_seq(g).unwrap(), 2);
    assert!(s.game(g).unwrap().updated_at > before);
}

#[test]
fn logged_actions_cannot_be_rewritten_in_place() {
    let (_dir, path, mut s) = file_store();
    let g = s
        .create_game(&new_game(ChannelKey::guild(1, 1)))
        .unwrap()
        .id;
    s.append_action(g, &record(1, 1), None).unwrap();
    let raw = rusqlite::Connection::open(&path).unwrap();
    let err = raw
        .execute("UPDATE actions SET action_json = '{\"add\":99}'", [])
        .unwrap_err();
    assert!(err.to_string().contains("append-only"), "{err}");
    // The schema itself refuses gaps, even from outside the API.
    let err = raw
        .execute(
            "INSERT INTO actions VALUES (?1, 5, NULL, NULL, '{}', 'h', 0)",
            [g.0],
        )
        .unwrap_err();
    assert!(err.to_string().contains("exactly one more"), "{err}");
}

#[test]
fn truncate_after_drops_later_actions_and_snapshots_and_the_log_resumes() {
    let mut s = Store::open_in_memory().unwrap();
    let g = s
        .create_game(&new_game(ChannelKey::guild(1, 1)))
        .unwrap()
        .id;
    for seq in 1..=20u64 {
        let snap = seq.is_multiple_of(5).then(|| format!(r#"{{"at":{seq}}}"#));
        s.append_action(g, &record(seq, 1), snap.as_deref())
            .unwrap();
    }
    assert!(matches!(
        s.truncate_after(g, 21),
        Err(StoreError::PastEnd {
            seq: 21,
            last: 20,
            ..
        })
    ));
    assert_eq!(s.truncate_after(g, 10).unwrap(), 10);
    assert_eq!(s.last_seq(g).unwrap(), 10);
    let snaps: Vec<u64> = s.snapshots(g).unwrap().iter().map(|x| x.seq).collect();
    assert_eq!(snaps, vec![5, 10], "the snapshot at the barrier stays");
    let loaded = s.load(g).unwrap();
    assert_eq!(loaded.snapshot.as_ref().map(|x| x.seq), Some(10));
    assert_eq!(loaded.snapshot_hash.as_deref(), Some("h10"));
    assert!(loaded.actions.is_empty());

    assert!(matches!(
        s.append_action(g, &record(12, 1), None),
        Err(StoreError::SeqMismatch { expected: 11, .. })
    ));
    s.append_action(g, &record(11, 3), None).unwrap();
    assert_eq!(s.actions_after(g, 10).unwrap()[0].record, record(11, 3));

    assert_eq!(s.truncate_after(g, 0).unwrap(), 11);
    assert!(s.snapshots(g).unwrap().is_empty());
    assert_eq!(s.load(g).unwrap().snapshot, None);
    s.append_action(g, &record(1, 2), None).unwrap();

    assert!(matches!(
        s.save_snapshot(g, 2, "{}"),
        Err(StoreError::PastEnd { .. })
    ));
    s.save_snapshot(g, 0, r#"{"initial":true}"#).unwrap();
    s.save_snapshot(g, 1, r#"{"v":1}"#).unwrap();
    s.save_snapshot(g, 1, r#"{"v":2}"#).unwrap();
    let snaps = s.snapshots(g).unwrap();
    assert_eq!(snaps.len(), 2);
    assert_eq!(snaps[1].state_json, r#"{"v":2}"#);
}

#[test]
fn two_games_in_two_channels_never_see_each_others_data() {
    let (_dir, _path, mut s) = file_store();
    let a = s
        .create_game(&new_game(ChannelKey::guild(5, 100)))
        .unwrap()
        .id;
    let b = s
        .create_game(&new_game(ChannelKey::guild(5, 200)))
        .unwrap()
        .id;
    // Interleave everything.
    for seq in 1..=30u64 {
        let snap_a = seq
            .is_multiple_of(10)
            .then(|| format!(r#"{{"game":"a","seq":{seq}}}"#));
        s.append_action(a, &record(seq, 1), snap_a.as_deref())
            .unwrap();
        if seq <= 12 {
            let snap_b = seq
                .is_multiple_of(4)
                .then(|| format!(r#"{{"game":"b","seq":{seq}}}"#));
            let mut r = record(seq, 2);
            r.power = Some("france".into());
            r.state_hash = format!("b{seq}");
            s.append_action(b, &r, snap_b.as_deref()).unwrap();
        }
    }
    s.set_seat(a, "england", Some(1), Some(1)).unwrap();
    s.set_seat(b, "england", Some(2), Some(2)).unwrap();
    s.set_seat(b, "france", Some(3), Some(2)).unwrap();

    let check_b =
        |s: &Store| {
            assert_eq!(s.last_seq(b).unwrap(), 12);
            let acts = s.actions_after(b, 0).unwrap();
            assert!(acts.iter().all(|x| x.record.state_hash.starts_with('b')
                && x.record.power.as_deref() == Some("france")));
            let snaps = s.snapshots(b).unwrap();
            assert_eq!(
                snaps.iter().map(|x| x.seq).collect::<Vec<_>>(),
                vec![4, 8, 12]
            );
            assert!(snaps.iter().all(|x| x.state_json.contains(r#""game":"b""#)));
            let seats = s.seats(b).unwrap();
            assert_eq!(seats.len(), 2);
            assert_eq!(s.seat_changes(b).unwrap().len(), 2);
            let loaded = s.load(b).unwrap();
            assert_eq!(loaded.snapshot.unwrap().seq, 12);
            assert_eq!(loaded.snapshot_hash.as_deref(), Some("b12"));
        };
    check_b(&s);
    assert_eq!(s.last_seq(a).unwrap(), 30);
    assert_eq!(s.seats(a).unwrap().len(), 1);
    assert_eq!(s.load(a).unwrap().snapshot.unwrap().seq, 30);

    // Undo in game A, down to a seq that B also has: B is untouched.
    s.truncate_after(a, 5).unwrap();
    assert_eq!(s.last_seq(a).unwrap(), 5);
    assert!(s.snapshots(a).unwrap().is_empty());
    check_b(&s);
    // B's log continues at its own next seq, A's at its own.
    s.append_action(a, &record(6, 1), None).unwrap();
    assert!(matches!(
        s.append_action(b, &record(6, 1), None),
        Err(StoreError::SeqMismatch { expected: 13, .. })
    ));
    // Finishing A does not close B.
    s.set_status(a, GameStatus::Finished).unwrap();
    s.append_action(b, &record(13, 1), None).unwrap();
    assert_eq!(s.open_game(ChannelKey::guild(5, 100)).unwrap(), None);
    assert_eq!(
        s.open_game(ChannelKey::guild(5, 200))
            .unwrap()
            .map(|g| g.id),
        Some(b)
    );
}

// ----- seats -------------------------------------------------------------------------------------

#[test]
fn seats_are_assigned_replaced_vacated_and_every_change_is_logged() {
    let mut s = Store::open_in_memory().unwrap();
    let g = s
        .create_game(&new_game(ChannelKey::guild(1, 1)))
        .unwrap()
        .id;
    assert_eq!(s.set_seat(g, "england", Some(10), Some(10)).unwrap(), None);
    assert_eq!(s.set_seat(g, "france", Some(10), Some(10)).unwrap(), None);
    s.append_action(g, &record(1, 1), None).unwrap();
    s.append_action(g, &record(2, 1), None).unwrap();
    // Replacement (a player takes over), then the same holder again (no change logged).
    assert_eq!(
        s.set_seat(g, "france", Some(11), Some(99)).unwrap(),
        Some(10)
    );
    assert_eq!(
        s.set_seat(g, "france", Some(11), Some(99)).unwrap(),
        Some(11)
    );
    assert_eq!(s.set_seat(g, "england", None, None).unwrap(), Some(10));

    let seats: Vec<_> = s
        .seats(g)
        .unwrap()
        .into_iter()
        .map(|x| (x.power, x.user_id))
        .collect();
    assert_eq!(seats, vec![("france".to_string(), 11)]);
    let log: Vec<_> = s
        .seat_changes(g)
        .unwrap()
        .into_iter()
        .map(|c| {
            (
                c.power,
                c.old_user_id,
                c.new_user_id,
                c.changed_by,
                c.at_seq,
            )
        })
        .collect();
    assert_eq!(
        log,
        vec![
            ("england".to_string(), None, Some(10), Some(10), 0),
            ("france".to_string(), None, Some(10), Some(10), 0),
            ("france".to_string(), Some(10), Some(11), Some(99), 2),
            ("england".to_string(), Some(10), None, None, 2),
        ]
    );
}

// ----- replay ------------------------------------------------------------------------------------

#[test]
fn snapshot_policy_counts_from_the_last_snapshot_and_honours_phase_boundaries() {
    let p = vqbot::store::SnapshotPolicy::default();
    assert_eq!(p.every, 50);
    assert!(!p.should_snapshot(49, None, false));
    assert!(p.should_snapshot(50, None, false));
    assert!(!p.should_snapshot(60, Some(30), false));
    assert!(p.should_snapshot(80, Some(30), false));
    assert!(p.should_snapshot(3, Some(2), true));
    let never = vqbot::store::SnapshotPolicy { every: 0 };
    assert!(!never.should_snapshot(1000, None, false));
}

#[test]
fn load_is_latest_snapshot_plus_tail_and_equals_a_full_replay() {
    let mut opts = StoreOptions::default();
    opts.snapshots.every = 25;
    let dir = tempfile::tempdir().unwrap();
    let mut s = Store::open_with(dir.path().join("g.db"), opts).unwrap();
    let g = s.create_game(&new_game(ChannelKey::guild(1, 1))).unwrap();
    let mut live = Toy::start(&g).unwrap();
    play(&mut s, g.id, &mut live, 137, 40);

    let snaps: Vec<u64> = s.snapshots(g.id).unwrap().iter().map(|x| x.seq).collect();
    // Every 25 since the last one, plus phase boundaries at 40, 80, 120.
    assert_eq!(snaps, vec![25, 40, 65, 80, 105, 120]);
    let loaded = s.load(g.id).unwrap();
    assert_eq!(loaded.snapshot.as_ref().unwrap().seq, 120);
    assert_eq!(
        loaded
            .actions
            .iter()
            .map(|a| a.record.seq)
            .collect::<Vec<_>>(),
        (121..=137).collect::<Vec<_>>()
    );

    let (from_snapshot, seq) = load_game::<Toy>(&s, g.id).unwrap();
    assert_eq!(seq, 137);
    assert_eq!(from_snapshot, live);

    // Full replay from the start, ignoring snapshots, reaches the same state.
    let mut full = Toy::start(&g).unwrap();
    for a in s.actions_after(g.id, 0).unwrap() {
        full.apply_json(a.record.power.as_deref(), &a.record.action_json)
            .unwrap();
    }
    assert_eq!(full, live);
    assert_eq!(full.moves, 137);

    let v = verify::<Toy>(&s, g.id).unwrap();
    assert_eq!(v.actions, 137);
    assert_eq!(v.snapshots, 6);
    assert_eq!(v.final_hash, live.state_hash());

    // A game with no snapshot loads from its start.
    let g2 = s.create_game(&new_game(ChannelKey::guild(1, 2))).unwrap();
    let (fresh, seq) = load_game::<Toy>(&s, g2.id).unwrap();
    assert_eq!((fresh.total, seq), (10, 0));
}

/// Plays 60 actions into a file database and returns a raw connection to tamper with it.
fn tamperable() -> (tempfile::TempDir, Store, GameId, rusqlite::Connection) {
    let (dir, path, mut s) = file_store();
    let g = s.create_game(&new_game(ChannelKey::guild(1, 1))).unwrap();
    let mut live = Toy::start(&g).unwrap();
    play(&mut s, g.id, &mut live, 60, 0);
    assert!(verify::<Toy>(&s, g.id).is_ok());
    let raw = rusqlite::Connection::open(&path).unwrap();
    raw.execute_batch("DROP TRIGGER actions_no_update").unwrap();
    (dir, s, g.id, raw)
}

#[test]
fn verify_names_the_first_tampered_action() {
    let (_dir, s, g, raw) = tamperable();
    let original: String = raw
        .query_row(
            "SELECT action_json FROM actions WHERE game_id = ?1 AND seq = 37",
            [g.0],
            |r| r.get(0),
        )
        .unwrap();
    assert_ne!(original, r#"{"add":3}"#);
    raw.execute(
        r#"UPDATE actions SET action_json = '{"add":3}' WHERE game_id = ?1 AND seq = 37"#,
        [g.0],
    )
    .unwrap();
    match verify::<Toy>(&s, g) {
        Err(ReplayError::Diverged {
            seq,
            stored,
            computed,
            ..
        }) => {
            assert_eq!(seq, 37);
            assert_ne!(stored, computed);
            let msg = verify::<Toy>(&s, g).unwrap_err().to_string();
            assert!(msg.contains("action 37") && msg.contains(&stored), "{msg}");
        }
        other => panic!("expected divergence at 37, got {other:?}"),
    }
    // The snapshot at 50 still matches the log's hash, and the tail after it is untouched, so
    // loading works — only the full audit sees the tampering.
    assert!(load_game::<Toy>(&s, g).is_ok());
}

#[test]
fn verify_names_a_tampered_hash_and_a_rejected_action() {
    let (_dir, s, g, raw) = tamperable();
    raw.execute(
        "UPDATE actions SET state_hash = 'forged' WHERE game_id = ?1 AND seq = 52",
        [g.0],
    )
    .unwrap();
    match verify::<Toy>(&s, g) {
        Err(ReplayError::Diverged { seq, stored, .. }) => {
            assert_eq!((seq, stored.as_str()), (52, "forged"))
        }
        other => panic!("expected divergence at 52, got {other:?}"),
    }
    // The tail after the snapshot at 50 contains 52: loading also refuses.
    assert!(matches!(
        load_game::<Toy>(&s, g),
        Err(ReplayError::Diverged { seq: 52, .. })
    ));

    raw.execute(
        r#"UPDATE actions SET action_json = '{"add":1000}' WHERE game_id = ?1 AND seq = 9"#,
        [g.0],
    )
    .unwrap();
    match verify::<Toy>(&s, g) {
        Err(ReplayError::Rejected { seq, message, .. }) => {
            assert_eq!(seq, 9);
            assert!(message.contains("too big"), "{message}");
        }
        other => panic!("expected rejection at 9, got {other:?}"),
    }
}

#[test]
fn a_snapshot_that_disagrees_with_the_log_is_reported() {
    let (_dir, s, g, raw) = tamperable();
    let mut snap: Toy = Toy::from_snapshot(&s.snapshots(g).unwrap()[0].state_json).unwrap();
    snap.total += 1;
    raw.execute(
        "UPDATE snapshots SET state_json = ?2 WHERE game_id = ?1 AND seq = 50",
        rusqlite::params![g.0, snap.to_snapshot()],
    )
    .unwrap();
    assert!(matches!(
        load_game::<Toy>(&s, g),
        Err(ReplayError::BadSnapshot { seq: 50, .. })
    ));
    assert!(matches!(
        verify::<Toy>(&s, g),
        Err(ReplayError::BadSnapshot { seq: 50, .. })
    ));
}

// ----- export / import ---------------------------------------------------------------------------

#[test]
fn export_then_import_gives_an_identical_game_under_a_new_id() {
    let mut src = Store::open_in_memory().unwrap();
    let ch = ChannelKey::guild(3, 4);
    let g = src.create_game(&new_game(ch)).unwrap();
    src.set_seat(g.id, "england", Some(1), Some(1)).unwrap();
    src.set_seat(g.id, "spain", Some(2), Some(1)).unwrap();
    let mut live = Toy::start(&g).unwrap();
    play(&mut src, g.id, &mut live, 70, 0);
    src.set_seat(g.id, "spain", Some(3), Some(2)).unwrap();

    let doc = src.export_game(g.id).unwrap();
    let text = doc.to_json();
    let parsed = GameExport::from_json(&text).unwrap();
    assert_eq!(parsed, doc);

    // Importing an active game over the channel's active game is refused, and writes nothing.
    match src.import_game(&parsed, None) {
        Err(StoreError::ChannelBusy { existing }) => assert_eq!(existing, g.id),
        other => panic!("expected ChannelBusy, got {other:?}"),
    }
    assert_eq!(src.list_games(ch).unwrap().len(), 1);

    // Into another store: same channel is free there.
    let (_dir, _path, mut dst) = file_store();
    let filler = dst.create_game(&new_game(ChannelKey::guild(9, 9))).unwrap();
    let imported = dst.import_game(&parsed, None).unwrap();
    assert_ne!(imported.id, g.id, "a new id is assigned");
    assert_ne!(imported.id, filler.id);
    let origin: serde_json::Value =
        serde_json::from_str(imported.origin_json.as_deref().unwrap()).unwrap();
    assert_eq!(origin["source_game_id"], g.id.0);
    assert_eq!(
        GameRecord {
            id: g.id,
            origin_json: None,
            ..imported.clone()
        },
        src.game(g.id).unwrap()
    );
    let again = dst.export_game(imported.id).unwrap();
    assert_eq!(again.actions, doc.actions);
    assert_eq!(again.snapshots, doc.snapshots);
    assert_eq!(again.seats, doc.seats);
    assert_eq!(again.seat_changes, doc.seat_changes);
    let (state, seq) = load_game::<Toy>(&dst, imported.id).unwrap();
    assert_eq!((state, seq), (live.clone(), 70));
    verify::<Toy>(&dst, imported.id).unwrap();

    // Into another channel of the source store: allowed.
    let moved = src
        .import_game(&parsed, Some(ChannelKey::guild(3, 5)))
        .unwrap();
    assert_eq!(moved.channel, ChannelKey::guild(3, 5));
    assert_eq!(src.last_seq(moved.id).unwrap(), 70);
    // A finished game can be imported into a busy channel: it does not occupy it.
    src.set_status(moved.id, GameStatus::Finished).unwrap();
    let finished = src.export_game(moved.id).unwrap();
    let archived = src.import_game(&finished, Some(ch)).unwrap();
    assert_eq!(archived.status, GameStatus::Finished);
    assert_eq!(src.open_game(ch).unwrap().map(|x| x.id), Some(g.id));
}

#[test]
fn inconsistent_export_documents_are_refused_before_writing() {
    let mut s = Store::open_in_memory().unwrap();
    let g = s.create_game(&new_game(ChannelKey::guild(1, 1))).unwrap();
    let mut live = Toy::start(&g).unwrap();
    play(&mut s, g.id, &mut live, 55, 0);
    s.set_status(g.id, GameStatus::Finished).unwrap();
    let doc = s.export_game(g.id).unwrap();

    let mut gap = doc.clone();
    gap.actions.remove(10);
    let mut late_snapshot = doc.clone();
    late_snapshot.actions.truncate(40);
    let mut wrong_format = doc.clone();
    wrong_format.format = "something-else".into();
    let mut future = doc.clone();
    future.format_version = 99;
    let mut bad_json = doc.clone();
    bad_json.actions[3].record.action_json = "{".into();
    for (name, bad) in [
        ("gap", gap),
        ("late snapshot", late_snapshot),
        ("format", wrong_format),
        ("future", future),
        ("json", bad_json),
    ] {
        let err = s
            .import_game(&bad, Some(ChannelKey::guild(2, 2)))
            .unwrap_err();
        assert!(
            matches!(
                err,
                StoreError::BadImport(_) | StoreError::InvalidJson { .. }
            ),
            "{name}: {err:?}"
        );
    }
    assert!(s.list_games(ChannelKey::guild(2, 2)).unwrap().is_empty());
    assert!(GameExport::from_json("[1,2]").is_err());
}

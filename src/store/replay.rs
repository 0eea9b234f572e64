//! Rebuilding and auditing games from their logs, for any game type that can replay JSON actions.

use super::{GameId, GameRecord, Store, StoreError};

/// A game state that can be rebuilt from a [`GameRecord`] and its action log.
///
/// The engine implements this for its `Game`; the store only needs these operations.
pub trait Replayable: Sized {
    /// Error of starting, applying or restoring.
    type Error: std::fmt::Display;

    /// The state before any action (seq 0), from the game's ruleset, scenario, options and seed.
    fn start(game: &GameRecord) -> Result<Self, Self::Error>;

    /// Applies one logged action, as `power` (if any).
    fn apply_json(&mut self, power: Option<&str>, action_json: &str) -> Result<(), Self::Error>;

    /// Hash of the whole state; equal states must give equal hashes.
    fn state_hash(&self) -> String;

    /// The state as a snapshot text (JSON).
    fn to_snapshot(&self) -> String;

    /// Restores a state from [`Replayable::to_snapshot`]'s output.
    fn from_snapshot(s: &str) -> Result<Self, Self::Error>;

    /// Whether a snapshot text is of an older state format than this version writes: the
    /// hashes logged with it are then of that older shape. The default knows one format.
    fn older_format(_snapshot: &str) -> bool {
        false
    }
}

/// Why a game could not be rebuilt or did not verify.
#[derive(Debug, thiserror::Error)]
pub enum ReplayError {
    /// Reading the store failed.
    #[error(transparent)]
    Store(#[from] StoreError),
    /// The game type refused to start from the record.
    #[error("{game}: cannot set up the starting state: {message}")]
    Start {
        /// The game.
        game: GameId,
        /// The game type's message.
        message: String,
    },
    /// A stored action was rejected when re-applied.
    #[error("{game}: action {seq} was rejected on replay: {message}")]
    Rejected {
        /// The game.
        game: GameId,
        /// The action.
        seq: u64,
        /// The game type's message.
        message: String,
    },
    /// Re-applying an action gave a different state than the one recorded.
    #[error("{game}: action {seq} diverges: stored hash {stored}, replay gives {computed}")]
    Diverged {
        /// The game.
        game: GameId,
        /// First action whose hash differs.
        seq: u64,
        /// Hash in the log.
        stored: String,
        /// Hash after replaying.
        computed: String,
    },
    /// A snapshot does not restore, or does not match the log at its seq.
    #[error("{game}: snapshot at seq {seq} is unusable: {message}")]
    BadSnapshot {
        /// The game.
        game: GameId,
        /// The snapshot's seq.
        seq: u64,
        /// What is wrong.
        message: String,
    },
}

/// Summary of a successful [`verify`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Verified {
    /// Number of actions re-applied.
    pub actions: u64,
    /// Number of snapshots compared with the replay.
    pub snapshots: u64,
    /// Actions logged in an older state format, replayed without comparing their hashes (and
    /// the snapshots of that format not compared).
    pub older_format: u64,
    /// Hash of the final state.
    pub final_hash: String,
}

/// Applies a logged action and compares its hash. While `older` holds (the log was begun in
/// an older state format) a different hash is let through and counted; the first that matches
/// ends it.
fn apply_checked<G: Replayable>(
    state: &mut G,
    game: GameId,
    action: &super::StoredAction,
    older: &mut Option<u64>,
) -> Result<(), ReplayError> {
    let rec = &action.record;
    state
        .apply_json(rec.power.as_deref(), &rec.action_json)
        .map_err(|e| ReplayError::Rejected {
            game,
            seq: rec.seq,
            message: e.to_string(),
        })?;
    let computed = state.state_hash();
    if computed == rec.state_hash {
        *older = None;
    } else if let Some(n) = older.as_mut() {
        *n += 1;
    } else {
        return Err(ReplayError::Diverged {
            game,
            seq: rec.seq,
            stored: rec.state_hash.clone(),
            computed,
        });
    }
    Ok(())
}

/// Rebuilds the current state of a game: latest snapshot, then the actions after it.
///
/// The snapshot must hash to the hash logged at its seq, and every replayed action must give
/// its logged hash; otherwise the first mismatch is reported. Returns the state and its seq.
pub fn load_game<G: Replayable>(store: &Store, id: GameId) -> Result<(G, u64), ReplayError> {
    let loaded = store.load(id)?;
    let (mut state, mut seq) = match &loaded.snapshot {
        Some(snap) => {
            let bad = |message: String| ReplayError::BadSnapshot {
                game: id,
                seq: snap.seq,
                message,
            };
            let state = G::from_snapshot(&snap.state_json).map_err(|e| bad(e.to_string()))?;
            let older = G::older_format(&snap.state_json);
            if let Some(expected) = loaded.snapshot_hash.as_ref().filter(|_| !older) {
                let got = state.state_hash();
                if &got != expected {
                    return Err(bad(format!(
                        "its state hashes to {got}, the log says {expected}"
                    )));
                }
            }
            (state, snap.seq)
        }
        None => (start::<G>(store, id)?, 0),
    };
    let mut older = loaded
        .snapshot
        .as_ref()
        .filter(|s| G::older_format(&s.state_json))
        .map(|_| 0);
    for action in &loaded.actions {
        apply_checked(&mut state, id, action, &mut older)?;
        seq = action.record.seq;
    }
    Ok((state, seq))
}

fn start<G: Replayable>(store: &Store, id: GameId) -> Result<G, ReplayError> {
    let record = store.game(id)?;
    G::start(&record).map_err(|e| ReplayError::Start {
        game: id,
        message: e.to_string(),
    })
}

/// Audits a game: re-applies the whole log from the starting state, checks every stored hash
/// and every snapshot against the replay, and reports the first divergence.
pub fn verify<G: Replayable>(store: &Store, id: GameId) -> Result<Verified, ReplayError> {
    let mut state = start::<G>(store, id)?;
    let actions = store.actions_after(id, 0)?;
    let snapshots = store.snapshots(id)?;
    let mut older = snapshots
        .first()
        .filter(|s| s.seq == 0 && G::older_format(&s.state_json))
        .map(|_| 0);
    let mut snaps = snapshots.iter().peekable();
    let mut checked_snaps = 0;
    let mut check_snaps_at = |seq: u64, state: &G| -> Result<(), ReplayError> {
        while let Some(snap) = snaps.next_if(|s| s.seq <= seq) {
            if G::older_format(&snap.state_json) {
                continue;
            }
            let bad = |message: String| ReplayError::BadSnapshot {
                game: id,
                seq: snap.seq,
                message,
            };
            if snap.seq < seq {
                return Err(bad("there is no action at that seq".into()));
            }
            let restored = G::from_snapshot(&snap.state_json).map_err(|e| bad(e.to_string()))?;
            let (got, want) = (restored.state_hash(), state.state_hash());
            if got != want {
                return Err(bad(format!("it hashes to {got}, the replay to {want}")));
            }
            checked_snaps += 1;
        }
        Ok(())
    };
    check_snaps_at(0, &state)?;
    let mut older_total = 0;
    for (expected_seq, action) in (1u64..).zip(&actions) {
        if action.record.seq != expected_seq {
            return Err(StoreError::BadData(format!(
                "{id}: the log jumps from seq {} to {}",
                expected_seq - 1,
                action.record.seq
            ))
            .into());
        }
        apply_checked(&mut state, id, action, &mut older)?;
        older_total = older_total.max(older.unwrap_or(0));
        check_snaps_at(action.record.seq, &state)?;
    }
    if let Some(snap) = snaps.next() {
        return Err(ReplayError::BadSnapshot {
            game: id,
            seq: snap.seq,
            message: "it lies past the end of the log".into(),
        });
    }
    Ok(Verified {
        actions: actions.len() as u64,
        snapshots: checked_snaps,
        older_format: older_total,
        final_hash: state.state_hash(),
    })
}

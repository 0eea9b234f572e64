//! Loading a channel's game from the store and rebuilding it from its log; seeds and nonces.

#[allow(unused_imports)]
use super::*;
use crate::engine::game::STATE_FORMAT;
use crate::engine::upgrade;

impl Table {
    pub(super) fn load(&self, channel: Channel) -> Result<Option<Slot>, TableError> {
        let Some(row) = lock(&self.store).open_game(channel)? else {
            return Ok(None);
        };
        self.load_row(row).map(Some)
    }

    /// Loads the game of a stored row, whatever its status.
    pub(super) fn load_row(&self, row: GameRow) -> Result<Slot, TableError> {
        let store = lock(&self.store);
        let mut seats = BTreeMap::new();
        for (p, u) in store.seats(row.id)? {
            if let Ok(p) = p.parse::<Power>() {
                seats.insert(p, u);
            }
        }
        let resume = if row.status == Status::Lobby {
            Resume::default()
        } else {
            store.load_from(row.id)?
        };
        let fresh_salt = store.fresh_salt(row.id)?;
        drop(store);
        let from_snapshot = resume.snapshot.is_some();
        let with_salt = |mut slot: Slot| {
            slot.secret_taken_back = fresh_salt;
            slot
        };
        let with_salt = |slot: Slot| {
            let mut slot = with_salt(slot);
            self.load_absence(&mut slot);
            slot
        };
        match self.rebuild(Slot::new(row.clone(), seats.clone()), resume) {
            Ok(slot) => Ok(with_salt(slot)),
            // --- ops: a snapshot that no longer loads or matches (the data or the state format
            // changed since it was written) is only a cache: replay the whole log instead.
            Err(e) if from_snapshot => {
                tracing::warn!(game = row.id, error = %e, "snapshot unusable; replaying the whole log");
                let actions = lock(&self.store).actions(row.id)?;
                let full = Resume {
                    snapshot: None,
                    actions,
                    initial: None,
                };
                self.rebuild(Slot::new(row, seats), full).map(with_salt)
            }
            Err(e) => Err(e),
        }
    }

    /// Rebuilds a slot's game from a snapshot (if any) and the actions after it, checking every
    /// logged state hash.
    pub(super) fn rebuild(&self, mut slot: Slot, resume: Resume) -> Result<Slot, TableError> {
        if slot.row.status != Status::Lobby {
            let id = slot.row.id;
            let bad = |message: String| TableError::Replay { game: id, message };
            // A log written in an older state format logged hashes of that shape: its actions
            // are replayed without comparing them, until the first that matches (the first
            // written by this version), after which every one must.
            let mut older_format = false;
            let mut g = match resume.snapshot {
                Some(snap) => {
                    let (mut g, format) = upgrade::read_state(&snap.state_json).map_err(|e| {
                        bad(format!(
                            "the snapshot at action {} does not load: {e}",
                            snap.seq
                        ))
                    })?;
                    older_format = format < STATE_FORMAT;
                    let hash = if older_format {
                        upgrade::stored_hash(&snap.state_json)
                    } else {
                        g.state_hash()
                    };
                    if hash != snap.state_hash {
                        return Err(bad(format!(
                            "the snapshot at action {} does not match the logged state hash",
                            snap.seq
                        )));
                    }
                    if let Some(at) = g.board.over_bound() {
                        return Err(bad(format!(
                            "the snapshot at action {} holds more than {} units of a kind in one force ({at})",
                            snap.seq,
                            crate::engine::board::MAX_UNITS
                        )));
                    }
                    // The group corrected its game data since: the actions after the snapshot
                    // are re-applied under the new data, and their states may differ from the
                    // logged ones (the log of what the players did is kept whole).
                    if g.ruleset != self.rs.fingerprint {
                        slot.data_changed = Some(DataChange {
                            old: std::mem::replace(&mut g.ruleset, self.rs.fingerprint.clone()),
                            replayed: 0,
                            differed: 0,
                        });
                    }
                    slot.base_seq = snap.seq;
                    slot.base = Some(g.clone());
                    g
                }
                None => {
                    // Before the first snapshot: the stored start state tells whether the group
                    // corrected its game data since; if so the log is applied to that start
                    // under the new data, as after a snapshot.
                    let stored: Option<Game> = resume.initial.as_deref().and_then(|j| {
                        let (g, format) = upgrade::read_state(j).ok()?;
                        older_format = format < STATE_FORMAT;
                        Some(g)
                    });
                    match stored {
                        Some(mut g) if g.ruleset != self.rs.fingerprint => {
                            slot.data_changed = Some(DataChange {
                                old: std::mem::replace(&mut g.ruleset, self.rs.fingerprint.clone()),
                                replayed: 0,
                                differed: 0,
                            });
                            slot.base = Some(g.clone());
                            g
                        }
                        _ => self.start_game(&slot.row).map_err(bad)?.0,
                    }
                }
            };
            let mut log = Vec::new();
            for r in resume.actions {
                let expected = slot.base_seq + log.len() as u64 + 1;
                if r.seq != expected {
                    return Err(bad(format!(
                        "the log has action {} where {expected} was expected",
                        r.seq
                    )));
                }
                let (power, action) = decode_row(&r).map_err(bad)?;
                let before = g.awaiting();
                let ev = g.apply(&self.rs, power, &action).map_err(|e| {
                    bad(format!(
                        "action {} is refused on replay: {}",
                        r.seq,
                        e.with_ids(&self.rs)
                    ))
                })?;
                let matches = g.state_hash() == r.state_hash;
                if matches {
                    older_format = false;
                }
                match slot.data_changed.as_mut() {
                    Some(c) => {
                        c.replayed += 1;
                        if !matches && !older_format {
                            c.differed += 1;
                        }
                    }
                    None if !matches && older_format => {}
                    None if !matches => {
                        return Err(bad(format!(
                            "action {} replays to a different state",
                            r.seq
                        )));
                    }
                    None => {}
                }
                log.push(Logged {
                    power,
                    user: r.user_id,
                    action,
                    barrier: is_barrier(&before, &g, &ev),
                });
            }
            slot.game = Some(g);
            slot.log = log;
        }
        Ok(slot)
    }

    /// Stores an ended game as finished if it is not yet: the status is written after the
    /// last action, in a second commit that a crash or a store failure can miss, and an ended
    /// game left open would hold its channel forever. A failure is logged and retried at the
    /// next command.
    /// Stores the finished status of a game that is over but still active; true if it did.
    pub(super) fn close_if_over(&self, s: &mut Slot) -> bool {
        if s.row.status != Status::Active || !s.game.as_ref().is_some_and(Game::is_over) {
            return false;
        }
        match self.store_do(|st| st.set_status(s.row.id, Status::Finished)) {
            Ok(()) => {
                s.row.status = Status::Finished;
                true
            }
            Err(e) => {
                tracing::warn!(game = s.row.id, error = ?e, "storing the end of a game failed");
                false
            }
        }
    }

    pub(super) fn start_game(&self, row: &GameRow) -> Result<(Game, Vec<Event>), String> {
        position::start_state(&self.rs, &row.options_json, &row.seed)
    }

    pub(super) fn next_seed(&self) -> u64 {
        match self.opts.seed {
            Some(s) => {
                let mut n = lock(&self.seeds_used);
                *n += 1;
                s.wrapping_add(*n - 1)
            }
            None => rand::random(),
        }
    }

    /// Fresh randomness for a secret choice made again after a take-back: random in play; with
    /// a fixed seed (tests, scripts) derived from it, the game and the log's length, so that two
    /// tables given the same commands answer alike.
    pub(super) fn fresh_nonce(&self, s: &Slot) -> u64 {
        match self.opts.seed {
            Some(seed) => {
                use std::hash::{Hash, Hasher};
                let mut h = std::collections::hash_map::DefaultHasher::new();
                (seed, s.row.id, s.last_seq()).hash(&mut h);
                h.finish()
            }
            None => rand::random(),
        }
    }
}

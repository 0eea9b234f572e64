//! Persistence as the table needs it: games, seats, the action log and the users met (names,
//! closed DMs), behind a small trait so
//! that the table runs on SQLite (`crate::store`) or in memory (tests, throw-away games).

use std::collections::HashMap;
use std::sync::Arc;

pub use crate::store::{CampaignRecord, DashboardRecord, WaitRecord};

/// Where a game is played: a guild (0 for none) and a channel.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Channel {
    /// Guild id, 0 for none (DM or local).
    pub guild: u64,
    /// Channel id.
    pub channel: u64,
}

/// Life cycle of a game at the table.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Status {
    /// Seats are being taken.
    Lobby,
    /// Being played.
    Active,
    /// Over.
    Finished,
}

/// A stored game's metadata.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameRow {
    /// Store id.
    pub id: i64,
    /// Where.
    pub channel: Channel,
    /// Life cycle.
    pub status: Status,
    /// Scenario id.
    pub scenario: String,
    /// Engine options as JSON (`GameOptions`), fixed at `start`.
    pub options_json: String,
    /// The seed (secret until the end).
    pub seed: String,
    /// sha256 of the seed, public.
    pub seed_commitment: String,
    /// Message locale code.
    pub locale: String,
    /// Creator.
    pub created_by: Option<u64>,
}

/// One logged action.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LogRow {
    /// 1, 2, 3 …
    pub seq: u64,
    /// The power that acted.
    pub power: Option<String>,
    /// The user who sent it.
    pub user_id: Option<u64>,
    /// The engine action as JSON.
    pub action_json: String,
    /// State hash after it.
    pub state_hash: String,
}

/// Why storage failed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("storage: {0}")]
pub struct PersistError(pub String);

/// Storage result.
pub type PResult<T> = Result<T, PersistError>;

/// The latest snapshot of a game, for [`GameStore::load_from`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SnapshotRow {
    /// The state is the one after this action (always ≥ 1).
    pub seq: u64,
    /// The engine state as JSON.
    pub state_json: String,
    /// The logged state hash of action `seq`, which the restored state must match.
    pub state_hash: String,
}

/// What [`GameStore::load_from`] returns: where to start and what to replay.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Resume {
    /// The latest snapshot, if any.
    pub snapshot: Option<SnapshotRow>,
    /// Every action after the snapshot (the whole log without one), in order.
    pub actions: Vec<LogRow>,
    /// Without a later snapshot: the state the game started from, as stored at `start` (it
    /// tells which game data the log was played with).
    pub initial: Option<String>,
}

/// Makes committed writes durable before the table acknowledges them (group commit).
///
/// The table asks for it once, when it is created, and calls it without holding the store's
/// lock, so that concurrent games can share one disk flush.
pub trait Barrier: Send + Sync {
    /// A number that grows with every commit (0 forever if commits need no barrier).
    fn generation(&self) -> u64;
    /// Makes every commit up to `generation` durable.
    fn sync_through(&self, generation: u64) -> PResult<()>;
}

/// A barrier for stores whose commits are already as durable as they get.
#[derive(Debug, Default, Clone, Copy)]
pub struct NoBarrier;

impl Barrier for NoBarrier {
    fn generation(&self) -> u64 {
        0
    }
    fn sync_through(&self, _generation: u64) -> PResult<()> {
        Ok(())
    }
}

/// The operations the table needs from a store. Every write is committed when it returns
/// `Ok`, and durable once the store's [`Barrier`] has covered it.
pub trait GameStore: Send {
    /// Creates a game in the lobby; fails if the channel has an open game.
    fn create(&mut self, row: &GameRow) -> PResult<GameRow>;
    /// The open (lobby or active) game of a channel.
    fn open_game(&self, channel: Channel) -> PResult<Option<GameRow>>;
    /// Changes the status.
    fn set_status(&mut self, id: i64, status: Status) -> PResult<()>;
    /// Sets the engine options (only while in the lobby).
    fn set_options(&mut self, id: i64, options_json: &str) -> PResult<()>;
    /// Sets the message locale.
    fn set_locale(&mut self, id: i64, locale: &str) -> PResult<()>;
    /// Gives a power to a user, or empties it.
    fn set_seat(&mut self, id: i64, power: &str, user: Option<u64>, by: Option<u64>)
        -> PResult<()>;
    /// Current seats as (power, user).
    fn seats(&self, id: i64) -> PResult<Vec<(String, u64)>>;
    /// Appends one action (seq must be last + 1), with an optional snapshot of the state after it.
    fn append(&mut self, id: i64, row: &LogRow, snapshot: Option<&str>) -> PResult<()>;
    /// The whole log, in order.
    fn actions(&self, id: i64) -> PResult<Vec<LogRow>>;
    /// The actions from `first` to `last` (both included), in order. The default reads the
    /// whole log; stores with an index read only the slice.
    fn actions_between(&self, id: i64, first: u64, last: u64) -> PResult<Vec<LogRow>> {
        Ok(self
            .actions(id)?
            .into_iter()
            .filter(|r| (first..=last).contains(&r.seq))
            .collect())
    }
    /// Removes every action after `seq`, and every snapshot past it, if the log still ends at
    /// `expected_last` (the caller's last seq); otherwise removes nothing and fails, as an
    /// append with a stale seq does.
    fn truncate_after(&mut self, id: i64, seq: u64, expected_last: u64) -> PResult<()>;
    /// The latest snapshot (with the logged hash of its action) and the actions after it. The
    /// default has no snapshots: the whole log.
    fn load_from(&self, id: i64) -> PResult<Resume> {
        Ok(Resume {
            snapshot: None,
            actions: self.actions(id)?,
            initial: None,
        })
    }
    /// Stores the state a game starts from (a snapshot before its first action). The default
    /// keeps none.
    fn save_initial(&mut self, _id: i64, _state_json: &str) -> PResult<()> {
        Ok(())
    }
    /// Closes a game before its end (`close`): it stops holding its channel and accepts no
    /// more changes; its log stays. The default stores it as finished.
    fn abandon(&mut self, id: i64) -> PResult<()> {
        self.set_status(id, Status::Finished)
    }
    /// Why the store has stopped writing (its file was deleted or replaced under it), once it
    /// has; the default never stops.
    fn halted(&self) -> Option<String> {
        None
    }
    /// The durability barrier of this store; the default does nothing.
    fn barrier(&self) -> Arc<dyn Barrier> {
        Arc::new(NoBarrier)
    }
    /// The display name last stored for a user.
    fn display_name(&self, user: u64) -> PResult<Option<String>>;
    /// Stores a user's display name, writing only when it changed; returns whether it did.
    fn set_display_name(&mut self, user: u64, name: &str) -> PResult<bool>;
    /// When a DM to the user last failed because their DMs are closed (Unix ms); `None` when
    /// they are not marked closed.
    fn dms_closed_at(&self, user: u64) -> PResult<Option<i64>>;
    /// Marks the user's DMs closed as of `at` (Unix ms), or open again with `None`.
    fn set_dms_closed(&mut self, user: u64, at: Option<i64>) -> PResult<()>;
    /// Whether the game's next Empire secret choice needs a fresh salt (its last one was taken
    /// back). The default store keeps no such flag.
    fn fresh_salt(&self, _id: i64) -> PResult<bool> {
        Ok(false)
    }
    /// Records or clears that need; the default does nothing.
    fn set_fresh_salt(&mut self, _id: i64, _on: bool) -> PResult<()> {
        Ok(())
    }
    /// Claims a Discord interaction id: `true` the first time, `false` when it was claimed
    /// before (a second delivery, not to be acted on). The default remembers nothing.
    fn claim_interaction(&mut self, _id: u64) -> PResult<bool> {
        Ok(true)
    }
    /// The game's absence document (deputies, spectators, digest switches; issue 29), as
    /// JSON. The default store keeps none.
    fn absence_state(&self, _id: i64) -> PResult<Option<String>> {
        Ok(None)
    }
    /// Stores the game's absence document; the default keeps nothing.
    fn set_absence_state(&mut self, _id: i64, _state_json: &str) -> PResult<()> {
        Ok(())
    }
    // --- campaign rhythm (issue 29: reminders, the dashboard); the defaults keep nothing
    /// A game's reminder setting, waits and dashboard message.
    fn campaign(&self, _id: i64) -> PResult<CampaignRecord> {
        Ok(CampaignRecord::default())
    }
    /// Replaces them.
    fn set_campaign(&mut self, _id: i64, _c: &CampaignRecord) -> PResult<()> {
        Ok(())
    }
    /// Active games with a reminder due at `now` (Unix ms), the longest overdue first.
    fn due_reminders(&self, _now: i64, _limit: usize) -> PResult<Vec<(i64, Channel)>> {
        Ok(Vec::new())
    }
    /// A user's quiet hours (UTC start and end hour).
    fn quiet_hours(&self, _user: u64) -> PResult<Option<(u8, u8)>> {
        Ok(None)
    }
    /// Sets or clears them.
    fn set_quiet_hours(&mut self, _user: u64, _hours: Option<(u8, u8)>) -> PResult<()> {
        Ok(())
    }
    // --- campaign (issue 29): the memory of a campaign across restarts; the defaults keep
    // nothing
    /// The game's memory document (digests, last actions, a pending replacement), as JSON.
    fn around_memory(&self, _id: i64) -> PResult<Option<String>> {
        Ok(None)
    }
    /// Stores it.
    fn set_around_memory(&mut self, _id: i64, _state_json: &str) -> PResult<()> {
        Ok(())
    }
    /// Active games with a deputy whose period ended at `now`, at most `limit`.
    fn deputies_due(&self, _now: i64, _limit: usize) -> PResult<Vec<(i64, Channel)>> {
        Ok(Vec::new())
    }
    /// Every active game.
    fn active_games(&self) -> PResult<Vec<(i64, Channel)>> {
        Ok(Vec::new())
    }
    /// Holds an announcement the channel could not get (issue 32).
    fn hold_post(&mut self, _channel: Channel, _text: &str) -> PResult<()> {
        Ok(())
    }
    /// The channel's held announcements, oldest first, as (id, text).
    fn held_posts(&self, _channel: Channel) -> PResult<Vec<(i64, String)>> {
        Ok(Vec::new())
    }
    /// Forgets a held announcement once posted.
    fn drop_held_post(&mut self, _id: i64) -> PResult<()> {
        Ok(())
    }
    /// A player's private thread in a game channel (hands when DMs are closed).
    fn hand_thread(&self, _channel: Channel, _user: u64) -> PResult<Option<u64>> {
        Ok(None)
    }
    /// Remembers it; the default keeps nothing.
    fn set_hand_thread(&mut self, _channel: Channel, _user: u64, _thread: u64) -> PResult<()> {
        Ok(())
    }
    // --- campaign (issue 29): threads lead to their channel; the end's post is kept
    /// The game channel of a player's private thread (`thread` as a channel id).
    fn thread_parent(&self, _thread: u64) -> PResult<Option<Channel>> {
        Ok(None)
    }
    /// A game by its id, whatever its status.
    fn game_row(&self, _id: i64) -> PResult<Option<GameRow>> {
        Ok(None)
    }
    /// The finished games whose end was not posted yet, with their channels.
    fn ends_unposted(&self) -> PResult<Vec<(i64, Channel)>> {
        Ok(Vec::new())
    }
    /// Marks a game's end as posted.
    fn set_end_posted(&mut self, _id: i64) -> PResult<()> {
        Ok(())
    }
}

/// A store that lives in memory only.
#[derive(Debug, Default)]
pub struct MemStore {
    games: Vec<GameRow>,
    seats: HashMap<i64, Vec<(String, u64)>>,
    log: HashMap<i64, Vec<LogRow>>,
    snapshots: HashMap<i64, Vec<(u64, String)>>,
    people: HashMap<u64, Person>,
    fresh_salt: std::collections::HashSet<i64>,
    /// Claimed interaction ids, the latest [`MEM_SEEN_KEEP`] (oldest first).
    seen_interactions: std::collections::VecDeque<u64>,
    /// Each game's absence document (issue 29).
    absence: HashMap<i64, String>,
    /// Campaign records by game, and quiet hours by user (issue 29).
    campaigns: HashMap<i64, CampaignRecord>,
    quiet: HashMap<u64, (u8, u8)>,
    // --- campaign (issue 29): memory documents and held announcements
    memory: HashMap<i64, String>,
    held: Vec<(i64, Channel, String)>,
    threads: HashMap<(Channel, u64), u64>,
    /// Finished games whose end was posted.
    end_posted: std::collections::HashSet<i64>,
}

/// How many claimed interaction ids a [`MemStore`] remembers.
const MEM_SEEN_KEEP: usize = 10_000;

/// What [`MemStore`] keeps about a user.
#[derive(Debug, Default)]
struct Person {
    name: Option<String>,
    dms_closed_at: Option<i64>,
}

impl MemStore {
    /// An empty store.
    pub fn new() -> Self {
        Self::default()
    }
    fn game_mut(&mut self, id: i64) -> PResult<&mut GameRow> {
        self.games
            .iter_mut()
            .find(|g| g.id == id)
            .ok_or_else(|| PersistError(format!("no game {id}")))
    }
}

impl GameStore for MemStore {
    fn create(&mut self, row: &GameRow) -> PResult<GameRow> {
        if self.open_game(row.channel)?.is_some() {
            return Err(PersistError("the channel already has an open game".into()));
        }
        let mut r = row.clone();
        r.id = self.games.len() as i64 + 1;
        r.status = Status::Lobby;
        self.games.push(r.clone());
        Ok(r)
    }
    fn open_game(&self, channel: Channel) -> PResult<Option<GameRow>> {
        Ok(self
            .games
            .iter()
            .find(|g| g.channel == channel && g.status != Status::Finished)
            .cloned())
    }
    fn set_status(&mut self, id: i64, status: Status) -> PResult<()> {
        self.game_mut(id)?.status = status;
        Ok(())
    }
    fn set_options(&mut self, id: i64, options_json: &str) -> PResult<()> {
        options_json.clone_into(&mut self.game_mut(id)?.options_json);
        Ok(())
    }
    fn set_locale(&mut self, id: i64, locale: &str) -> PResult<()> {
        locale.clone_into(&mut self.game_mut(id)?.locale);
        Ok(())
    }
    fn set_seat(
        &mut self,
        id: i64,
        power: &str,
        user: Option<u64>,
        _by: Option<u64>,
    ) -> PResult<()> {
        let seats = self.seats.entry(id).or_default();
        seats.retain(|(p, _)| p != power);
        if let Some(u) = user {
            seats.push((power.to_string(), u));
        }
        Ok(())
    }
    fn seats(&self, id: i64) -> PResult<Vec<(String, u64)>> {
        Ok(self.seats.get(&id).cloned().unwrap_or_default())
    }
    fn append(&mut self, id: i64, row: &LogRow, snapshot: Option<&str>) -> PResult<()> {
        let log = self.log.entry(id).or_default();
        if row.seq != log.len() as u64 + 1 {
            return Err(PersistError(format!(
                "action seq {} does not follow {}",
                row.seq,
                log.len()
            )));
        }
        log.push(row.clone());
        if let Some(state) = snapshot {
            self.snapshots
                .entry(id)
                .or_default()
                .push((row.seq, state.to_string()));
        }
        Ok(())
    }
    fn actions(&self, id: i64) -> PResult<Vec<LogRow>> {
        Ok(self.log.get(&id).cloned().unwrap_or_default())
    }
    fn save_initial(&mut self, id: i64, state_json: &str) -> PResult<()> {
        let snaps = self.snapshots.entry(id).or_default();
        snaps.retain(|(seq, _)| *seq != 0);
        snaps.push((0, state_json.to_string()));
        Ok(())
    }
    fn truncate_after(&mut self, id: i64, seq: u64, expected_last: u64) -> PResult<()> {
        let last = self.log.get(&id).map_or(0, |l| l.len() as u64);
        if last != expected_last {
            return Err(PersistError(format!(
                "the log ends at action {last}, not {expected_last}; nothing was removed"
            )));
        }
        if let Some(log) = self.log.get_mut(&id) {
            log.truncate(usize::try_from(seq).unwrap_or(usize::MAX));
        }
        if let Some(snaps) = self.snapshots.get_mut(&id) {
            snaps.retain(|(s, _)| *s <= seq);
        }
        Ok(())
    }
    fn load_from(&self, id: i64) -> PResult<Resume> {
        let log = self.log.get(&id).map(Vec::as_slice).unwrap_or_default();
        let latest = self.snapshots.get(&id).and_then(|s| {
            s.iter()
                .filter(|(seq, _)| *seq > 0)
                .max_by_key(|(seq, _)| *seq)
        });
        let Some((seq, state)) = latest else {
            let initial = self.snapshots.get(&id).and_then(|s| {
                s.iter()
                    .find(|(seq, _)| *seq == 0)
                    .map(|(_, state)| state.clone())
            });
            return Ok(Resume {
                snapshot: None,
                actions: log.to_vec(),
                initial,
            });
        };
        let at = usize::try_from(*seq).unwrap_or(usize::MAX);
        let action = log.get(at - 1).ok_or_else(|| {
            PersistError(format!(
                "game {id} has a snapshot at action {seq} but no such action"
            ))
        })?;
        Ok(Resume {
            snapshot: Some(SnapshotRow {
                seq: *seq,
                state_json: state.clone(),
                state_hash: action.state_hash.clone(),
            }),
            actions: log[at..].to_vec(),
            initial: None,
        })
    }
    fn display_name(&self, user: u64) -> PResult<Option<String>> {
        Ok(self.people.get(&user).and_then(|p| p.name.clone()))
    }
    fn set_display_name(&mut self, user: u64, name: &str) -> PResult<bool> {
        let p = self.people.entry(user).or_default();
        if p.name.as_deref() == Some(name) {
            return Ok(false);
        }
        p.name = Some(name.to_string());
        Ok(true)
    }
    fn dms_closed_at(&self, user: u64) -> PResult<Option<i64>> {
        Ok(self.people.get(&user).and_then(|p| p.dms_closed_at))
    }
    fn set_dms_closed(&mut self, user: u64, at: Option<i64>) -> PResult<()> {
        self.people.entry(user).or_default().dms_closed_at = at;
        Ok(())
    }
    fn fresh_salt(&self, id: i64) -> PResult<bool> {
        Ok(self.fresh_salt.contains(&id))
    }
    fn claim_interaction(&mut self, id: u64) -> PResult<bool> {
        if self.seen_interactions.contains(&id) {
            return Ok(false);
        }
        if self.seen_interactions.len() >= MEM_SEEN_KEEP {
            self.seen_interactions.pop_front();
        }
        self.seen_interactions.push_back(id);
        Ok(true)
    }
    fn set_fresh_salt(&mut self, id: i64, on: bool) -> PResult<()> {
        if on {
            self.fresh_salt.insert(id);
        } else {
            self.fresh_salt.remove(&id);
        }
        Ok(())
    }
    fn absence_state(&self, id: i64) -> PResult<Option<String>> {
        Ok(self.absence.get(&id).cloned())
    }
    fn set_absence_state(&mut self, id: i64, state_json: &str) -> PResult<()> {
        self.absence.insert(id, state_json.to_string());
        Ok(())
    }
    // --- campaign (issue 29)
    fn around_memory(&self, id: i64) -> PResult<Option<String>> {
        Ok(self.memory.get(&id).cloned())
    }
    fn set_around_memory(&mut self, id: i64, state_json: &str) -> PResult<()> {
        self.memory.insert(id, state_json.to_string());
        Ok(())
    }
    fn active_games(&self) -> PResult<Vec<(i64, Channel)>> {
        Ok(self
            .games
            .iter()
            .filter(|g| g.status == Status::Active)
            .map(|g| (g.id, g.channel))
            .collect())
    }
    fn hold_post(&mut self, channel: Channel, text: &str) -> PResult<()> {
        let id = self.held.last().map_or(1, |h| h.0 + 1);
        self.held.push((id, channel, text.to_string()));
        Ok(())
    }
    fn held_posts(&self, channel: Channel) -> PResult<Vec<(i64, String)>> {
        Ok(self
            .held
            .iter()
            .filter(|h| h.1 == channel)
            .map(|h| (h.0, h.2.clone()))
            .collect())
    }
    fn drop_held_post(&mut self, id: i64) -> PResult<()> {
        self.held.retain(|h| h.0 != id);
        Ok(())
    }
    fn hand_thread(&self, channel: Channel, user: u64) -> PResult<Option<u64>> {
        Ok(self.threads.get(&(channel, user)).copied())
    }
    fn thread_parent(&self, thread: u64) -> PResult<Option<Channel>> {
        Ok(self
            .threads
            .iter()
            .find(|(_, t)| **t == thread)
            .map(|((c, _), _)| *c))
    }
    fn game_row(&self, id: i64) -> PResult<Option<GameRow>> {
        Ok(self.games.iter().find(|g| g.id == id).cloned())
    }
    fn ends_unposted(&self) -> PResult<Vec<(i64, Channel)>> {
        Ok(self
            .games
            .iter()
            .filter(|g| g.status == Status::Finished && !self.end_posted.contains(&g.id))
            .map(|g| (g.id, g.channel))
            .collect())
    }
    fn set_end_posted(&mut self, id: i64) -> PResult<()> {
        self.end_posted.insert(id);
        Ok(())
    }
    fn set_hand_thread(&mut self, channel: Channel, user: u64, thread: u64) -> PResult<()> {
        self.threads.insert((channel, user), thread);
        Ok(())
    }
    fn campaign(&self, id: i64) -> PResult<CampaignRecord> {
        Ok(self.campaigns.get(&id).cloned().unwrap_or_default())
    }
    fn set_campaign(&mut self, id: i64, c: &CampaignRecord) -> PResult<()> {
        self.campaigns.insert(id, c.clone());
        Ok(())
    }
    fn due_reminders(&self, now: i64, limit: usize) -> PResult<Vec<(i64, Channel)>> {
        let mut due: Vec<(i64, i64, Channel)> = self
            .games
            .iter()
            .filter(|g| g.status == Status::Active)
            .filter_map(|g| {
                let c = self.campaigns.get(&g.id)?;
                let first = c.waits.iter().filter_map(|w| w.next_due).min()?;
                (first <= now).then_some((first, g.id, g.channel))
            })
            .collect();
        due.sort_unstable();
        Ok(due
            .into_iter()
            .take(limit)
            .map(|(_, id, c)| (id, c))
            .collect())
    }
    fn quiet_hours(&self, user: u64) -> PResult<Option<(u8, u8)>> {
        Ok(self.quiet.get(&user).copied())
    }
    fn set_quiet_hours(&mut self, user: u64, hours: Option<(u8, u8)>) -> PResult<()> {
        match hours {
            Some(h) => self.quiet.insert(user, h),
            None => self.quiet.remove(&user),
        };
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(seq: u64) -> LogRow {
        LogRow {
            seq,
            power: Some("england".into()),
            user_id: Some(1),
            action_json: format!("{{\"n\":{seq}}}"),
            state_hash: format!("h{seq}"),
        }
    }

    #[test]
    fn mem_store_resumes_from_its_latest_snapshot_and_undo_drops_later_ones() {
        let mut m = MemStore::new();
        let g = m
            .create(&GameRow {
                id: 0,
                channel: Channel {
                    guild: 1,
                    channel: 2,
                },
                status: Status::Lobby,
                scenario: "1559".into(),
                options_json: "{}".into(),
                seed: "1".into(),
                seed_commitment: "c".into(),
                locale: "en".into(),
                created_by: None,
            })
            .expect("create")
            .id;
        for seq in 1..=6 {
            let snap = (seq % 3 == 0).then(|| format!("state{seq}"));
            m.append(g, &row(seq), snap.as_deref()).expect("append");
        }
        let r = m.load_from(g).expect("load");
        let s = r.snapshot.expect("a snapshot");
        assert_eq!(
            (s.seq, s.state_json.as_str(), s.state_hash.as_str()),
            (6, "state6", "h6")
        );
        assert!(r.actions.is_empty());
        assert!(
            m.truncate_after(g, 4, 5).is_err(),
            "a stale last seq is refused"
        );
        m.truncate_after(g, 4, 6).expect("undo");
        let r = m.load_from(g).expect("load");
        assert_eq!(r.snapshot.map(|s| s.seq), Some(3));
        assert_eq!(r.actions, vec![row(4)]);
        assert_eq!(NoBarrier.generation(), 0);
        assert!(m.barrier().sync_through(5).is_ok());
    }
}

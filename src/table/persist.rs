//! Persistence as the table needs it: games, seats, the action log and the users met (names,
//! closed DMs), behind a small trait so
//! that the table runs on SQLite (`crate::store`) or in memory (tests, throw-away games).

use std::collections::HashMap;

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

/// The operations the table needs from a store. Every write is durable when it returns `Ok`.
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
    /// Removes every action after `seq`.
    fn truncate_after(&mut self, id: i64, seq: u64) -> PResult<()>;
    /// The display name last stored for a user.
    fn display_name(&self, user: u64) -> PResult<Option<String>>;
    /// Stores a user's display name, writing only when it changed; returns whether it did.
    fn set_display_name(&mut self, user: u64, name: &str) -> PResult<bool>;
    /// When a DM to the user last failed because their DMs are closed (Unix ms); `None` when
    /// they are not marked closed.
    fn dms_closed_at(&self, user: u64) -> PResult<Option<i64>>;
    /// Marks the user's DMs closed as of `at` (Unix ms), or open again with `None`.
    fn set_dms_closed(&mut self, user: u64, at: Option<i64>) -> PResult<()>;
}

/// A store that lives in memory only.
#[derive(Debug, Default)]
pub struct MemStore {
    games: Vec<GameRow>,
    seats: HashMap<i64, Vec<(String, u64)>>,
    log: HashMap<i64, Vec<LogRow>>,
    people: HashMap<u64, Person>,
}

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
    fn append(&mut self, id: i64, row: &LogRow, _snapshot: Option<&str>) -> PResult<()> {
        let log = self.log.entry(id).or_default();
        if row.seq != log.len() as u64 + 1 {
            return Err(PersistError(format!(
                "action seq {} does not follow {}",
                row.seq,
                log.len()
            )));
        }
        log.push(row.clone());
        Ok(())
    }
    fn actions(&self, id: i64) -> PResult<Vec<LogRow>> {
        Ok(self.log.get(&id).cloned().unwrap_or_default())
    }
    fn truncate_after(&mut self, id: i64, seq: u64) -> PResult<()> {
        if let Some(log) = self.log.get_mut(&id) {
            log.truncate(seq as usize);
        }
        Ok(())
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
}

//! The table's storage on the SQLite store (`crate::store`), and the store's [`Replayable`] for
//! the engine's `Game`.

use std::path::Path;
use std::sync::{Arc, OnceLock};

use crate::engine::{Action, Game, Power, Ruleset};
use crate::store::{
    ActionRecord, ChannelKey, Durability, GameId, GameRecord, GameStatus, NewGame, Replayable,
    Store, StoreOptions, StoredAction, WalSync,
};

use super::persist::{
    Barrier, Channel, GameRow, GameStore, LogRow, PResult, PersistError, Resume, SnapshotRow,
    Status,
};

/// Opens (or creates) the game file at `path`, with the default durability (group commit).
pub fn open(path: &Path) -> Result<Box<dyn GameStore>, String> {
    open_with(path, Durability::default())
}

/// Opens (or creates) the game file at `path` with the given durability.
pub fn open_with(path: &Path, durability: Durability) -> Result<Box<dyn GameStore>, String> {
    let options = StoreOptions {
        durability,
        ..StoreOptions::default()
    };
    Store::open_with(path, options)
        .map(|s| Box::new(SqliteStore(s)) as Box<dyn GameStore>)
        .map_err(|e| format!("{}: {e}", path.display()))
}

impl Barrier for WalSync {
    fn generation(&self) -> u64 {
        self.committed()
    }
    fn sync_through(&self, generation: u64) -> PResult<()> {
        WalSync::sync_through(self, generation).map_err(err)
    }
}

fn log_row(a: StoredAction) -> LogRow {
    LogRow {
        seq: a.record.seq,
        power: a.record.power,
        user_id: a.record.user_id,
        action_json: a.record.action_json,
        state_hash: a.record.state_hash,
    }
}

/// [`GameStore`] over the SQLite [`Store`].
#[derive(Debug)]
pub struct SqliteStore(pub Store);

fn err(e: impl std::fmt::Display) -> PersistError {
    PersistError(e.to_string())
}

fn key(c: Channel) -> ChannelKey {
    ChannelKey::guild(c.guild, c.channel)
}

fn status_to(s: Status) -> GameStatus {
    match s {
        Status::Lobby => GameStatus::Lobby,
        Status::Active => GameStatus::Active,
        Status::Finished => GameStatus::Finished,
    }
}

fn row_of(r: GameRecord) -> GameRow {
    GameRow {
        id: r.id.0,
        channel: Channel {
            guild: r.channel.guild_id,
            channel: r.channel.channel_id,
        },
        status: match r.status {
            GameStatus::Lobby => Status::Lobby,
            GameStatus::Active => Status::Active,
            GameStatus::Finished | GameStatus::Abandoned => Status::Finished,
        },
        scenario: r.scenario,
        options_json: r.options_json,
        seed: r.seed,
        seed_commitment: r.seed_commitment,
        locale: r.locale,
        created_by: r.created_by,
    }
}

impl GameStore for SqliteStore {
    fn create(&mut self, row: &GameRow) -> PResult<GameRow> {
        let new = NewGame {
            channel: key(row.channel),
            status: GameStatus::Lobby,
            ruleset: "virgin_queen".into(),
            scenario: row.scenario.clone(),
            options_json: row.options_json.clone(),
            seed: row.seed.clone(),
            seed_commitment: row.seed_commitment.clone(),
            locale: row.locale.clone(),
            created_by: row.created_by,
            engine_version: env!("CARGO_PKG_VERSION").into(),
        };
        self.0.create_game(&new).map(row_of).map_err(err)
    }
    fn open_game(&self, channel: Channel) -> PResult<Option<GameRow>> {
        Ok(self.0.open_game(key(channel)).map_err(err)?.map(row_of))
    }
    fn set_status(&mut self, id: i64, status: Status) -> PResult<()> {
        self.0
            .set_status(GameId(id), status_to(status))
            .map(|_| ())
            .map_err(err)
    }
    fn set_options(&mut self, id: i64, options_json: &str) -> PResult<()> {
        self.0
            .set_options(GameId(id), options_json)
            .map(|_| ())
            .map_err(err)
    }
    fn set_locale(&mut self, id: i64, locale: &str) -> PResult<()> {
        self.0
            .set_locale(GameId(id), locale)
            .map(|_| ())
            .map_err(err)
    }
    fn set_seat(
        &mut self,
        id: i64,
        power: &str,
        user: Option<u64>,
        by: Option<u64>,
    ) -> PResult<()> {
        self.0
            .set_seat(GameId(id), power, user, by)
            .map(|_| ())
            .map_err(err)
    }
    fn seats(&self, id: i64) -> PResult<Vec<(String, u64)>> {
        Ok(self
            .0
            .seats(GameId(id))
            .map_err(err)?
            .into_iter()
            .map(|s| (s.power, s.user_id))
            .collect())
    }
    fn append(&mut self, id: i64, row: &LogRow, snapshot: Option<&str>) -> PResult<()> {
        let rec = ActionRecord {
            seq: row.seq,
            power: row.power.clone(),
            user_id: row.user_id,
            action_json: row.action_json.clone(),
            state_hash: row.state_hash.clone(),
        };
        self.0
            .append_action(GameId(id), &rec, snapshot)
            .map_err(err)
    }
    fn actions(&self, id: i64) -> PResult<Vec<LogRow>> {
        Ok(self
            .0
            .actions_after(GameId(id), 0)
            .map_err(err)?
            .into_iter()
            .map(log_row)
            .collect())
    }
    fn actions_between(&self, id: i64, first: u64, last: u64) -> PResult<Vec<LogRow>> {
        Ok(self
            .0
            .actions_between(GameId(id), first, last)
            .map_err(err)?
            .into_iter()
            .map(log_row)
            .collect())
    }
    fn truncate_after(&mut self, id: i64, seq: u64, expected_last: u64) -> PResult<()> {
        self.0
            .truncate_after_checked(GameId(id), seq, expected_last)
            .map(|_| ())
            .map_err(err)
    }
    fn load_from(&self, id: i64) -> PResult<Resume> {
        let loaded = self.0.load(GameId(id)).map_err(err)?;
        let mut initial = None;
        let snapshot = match (loaded.snapshot, loaded.snapshot_hash) {
            // A snapshot of the initial state saves no replay (the tail is the whole log); it
            // tells which game data the log was played with.
            (Some(s), _) if s.seq == 0 => {
                initial = Some(s.state_json);
                None
            }
            (Some(s), Some(state_hash)) => Some(SnapshotRow {
                seq: s.seq,
                state_json: s.state_json,
                state_hash,
            }),
            (Some(s), None) => {
                return Err(PersistError(format!(
                    "game {id} has a snapshot at action {} without a logged hash",
                    s.seq
                )))
            }
            (None, _) => None,
        };
        let actions = loaded.actions.into_iter().map(log_row).collect();
        Ok(Resume {
            snapshot,
            actions,
            initial,
        })
    }
    fn save_initial(&mut self, id: i64, state_json: &str) -> PResult<()> {
        self.0.save_snapshot(GameId(id), 0, state_json).map_err(err)
    }
    fn abandon(&mut self, id: i64) -> PResult<()> {
        self.0
            .set_status(GameId(id), GameStatus::Abandoned)
            .map(|_| ())
            .map_err(err)
    }
    fn barrier(&self) -> Arc<dyn Barrier> {
        self.0.syncer()
    }
    fn halted(&self) -> Option<String> {
        self.0.halted()
    }
    fn display_name(&self, user: u64) -> PResult<Option<String>> {
        self.0.display_name(user).map_err(err)
    }
    fn set_display_name(&mut self, user: u64, name: &str) -> PResult<bool> {
        self.0.set_display_name(user, name).map_err(err)
    }
    fn dms_closed_at(&self, user: u64) -> PResult<Option<i64>> {
        self.0.dms_closed_at(user).map_err(err)
    }
    fn set_dms_closed(&mut self, user: u64, at: Option<i64>) -> PResult<()> {
        match at {
            Some(at) => self.0.mark_dms_closed(user, at),
            None => self.0.mark_dms_open(user).map(|_| ()),
        }
        .map_err(err)
    }
    fn fresh_salt(&self, id: i64) -> PResult<bool> {
        self.0.fresh_salt(GameId(id)).map_err(err)
    }
    fn set_fresh_salt(&mut self, id: i64, on: bool) -> PResult<()> {
        self.0.set_fresh_salt(GameId(id), on).map_err(err)
    }
    fn claim_interaction(&mut self, id: u64) -> PResult<bool> {
        self.0.claim_interaction_now(id).map_err(err)
    }
    fn absence_state(&self, id: i64) -> PResult<Option<String>> {
        self.0.absence_state(GameId(id)).map_err(err)
    }
    fn set_absence_state(&mut self, id: i64, state_json: &str) -> PResult<()> {
        self.0
            .set_absence_state(GameId(id), state_json)
            .map_err(err)
    }
    fn campaign(&self, id: i64) -> PResult<crate::store::CampaignRecord> {
        self.0.campaign(GameId(id)).map_err(err)
    }
    fn set_campaign(&mut self, id: i64, c: &crate::store::CampaignRecord) -> PResult<()> {
        self.0.set_campaign(GameId(id), c).map_err(err)
    }
    fn due_reminders(&self, now: i64, limit: usize) -> PResult<Vec<(i64, Channel)>> {
        Ok(self
            .0
            .due_reminders(now, limit)
            .map_err(err)?
            .into_iter()
            .map(|(g, guild, channel)| (g.0, Channel { guild, channel }))
            .collect())
    }
    fn quiet_hours(&self, user: u64) -> PResult<Option<(u8, u8)>> {
        self.0.quiet_hours(user).map_err(err)
    }
    fn set_quiet_hours(&mut self, user: u64, hours: Option<(u8, u8)>) -> PResult<()> {
        self.0.set_quiet_hours(user, hours).map_err(err)
    }
    // --- campaign (issue 29)
    fn around_memory(&self, id: i64) -> PResult<Option<String>> {
        self.0.around_memory(GameId(id)).map_err(err)
    }
    fn set_around_memory(&mut self, id: i64, state_json: &str) -> PResult<()> {
        self.0
            .set_around_memory(GameId(id), state_json)
            .map_err(err)
    }
    fn deputies_due(&self, now: i64, limit: usize) -> PResult<Vec<(i64, Channel)>> {
        Ok(self
            .0
            .deputies_due(now, limit)
            .map_err(err)?
            .into_iter()
            .map(|(g, guild, channel)| (g.0, Channel { guild, channel }))
            .collect())
    }
    fn active_games(&self) -> PResult<Vec<(i64, Channel)>> {
        Ok(self
            .0
            .active_games()
            .map_err(err)?
            .into_iter()
            .map(|(g, guild, channel)| (g.0, Channel { guild, channel }))
            .collect())
    }
    fn hold_post(&mut self, channel: Channel, text: &str) -> PResult<()> {
        self.0
            .hold_post(channel.guild, channel.channel, text)
            .map_err(err)
    }
    fn held_posts(&self, channel: Channel) -> PResult<Vec<(i64, String)>> {
        self.0
            .held_posts(channel.guild, channel.channel)
            .map_err(err)
    }
    fn drop_held_post(&mut self, id: i64) -> PResult<()> {
        self.0.drop_held_post(id).map_err(err)
    }
    fn hand_thread(&self, channel: Channel, user: u64) -> PResult<Option<u64>> {
        self.0
            .hand_thread(channel.guild, channel.channel, user)
            .map_err(err)
    }
    fn set_hand_thread(&mut self, channel: Channel, user: u64, thread: u64) -> PResult<()> {
        self.0
            .set_hand_thread(channel.guild, channel.channel, user, thread)
            .map_err(err)
    }
    fn thread_parent(&self, thread: u64) -> PResult<Option<Channel>> {
        Ok(self
            .0
            .thread_parent(thread)
            .map_err(err)?
            .map(|(guild, channel)| Channel { guild, channel }))
    }
    fn game_row(&self, id: i64) -> PResult<Option<GameRow>> {
        match self.0.game(GameId(id)) {
            Ok(r) => Ok(Some(row_of(r))),
            Err(crate::store::StoreError::NoSuchGame(_)) => Ok(None),
            Err(e) => Err(err(e)),
        }
    }
    fn ends_unposted(&self) -> PResult<Vec<(i64, Channel)>> {
        Ok(self
            .0
            .ends_unposted()
            .map_err(err)?
            .into_iter()
            .map(|(g, guild, channel)| (g.0, Channel { guild, channel }))
            .collect())
    }
    fn set_end_posted(&mut self, id: i64) -> PResult<()> {
        self.0.set_end_posted(GameId(id)).map_err(err)
    }
}

/// The shipped ruleset, loaded once, for [`Replayable`] (whose calls carry no ruleset).
fn shipped() -> Result<&'static Ruleset, String> {
    static RS: OnceLock<Result<Ruleset, String>> = OnceLock::new();
    RS.get_or_init(|| crate::data::load_default().map_err(|p| format!("{} data problems", p.len())))
        .as_ref()
        .map_err(Clone::clone)
}

impl Replayable for Game {
    type Error = String;

    fn start(game: &GameRecord) -> Result<Self, String> {
        let rs = shipped()?;
        super::position::start_state(rs, &game.options_json, &game.seed).map(|(g, _)| g)
    }

    fn apply_json(&mut self, power: Option<&str>, action_json: &str) -> Result<(), String> {
        let rs = shipped()?;
        let p: Power = power
            .unwrap_or_default()
            .parse()
            .map_err(|e| format!("{e}"))?;
        let a: Action = serde_json::from_str(action_json).map_err(|e| e.to_string())?;
        self.apply(rs, p, &a)
            .map(|_| ())
            .map_err(|e| e.with_ids(rs).to_string())
    }

    fn state_hash(&self) -> String {
        Game::state_hash(self)
    }

    fn to_snapshot(&self) -> String {
        serde_json::to_string(self).unwrap_or_default()
    }

    fn from_snapshot(s: &str) -> Result<Self, String> {
        crate::engine::upgrade::read_state(s)
            .map(|(g, _)| g)
            .map_err(|e| e.to_string())
    }

    fn older_format(snapshot: &str) -> bool {
        crate::engine::upgrade::read_state(snapshot)
            .is_ok_and(|(_, f)| f < crate::engine::game::STATE_FORMAT)
    }
}

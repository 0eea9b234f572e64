//! The table: one transport-agnostic layer between front ends (Discord, terminal) and the rules.
//!
//! A front end hands [`Table::handle`] a channel, the sender and a command (a typed line or a
//! [`Command`] built from slash options) and gets an [`Outbox`] back: public posts, private
//! messages and images, each with its audience. The table knows seats, authorization, the log,
//! undo and fairness; the engine knows the rules; neither knows Discord.
//!
//! Commands for one game run one at a time (a lock per channel); different games run in
//! parallel. Every applied action is written to the store before the reply is built, and made
//! durable by the store's [`Barrier`] before the reply is returned: the reply is the
//! acknowledgement. The barrier runs after the channel's and the store's locks are released, so
//! games committing at the same time share one disk flush.
//!
//! Snapshots: the state is stored with an action at phase boundaries and after
//! [`SNAPSHOT_EVERY`] actions, but only after an action undo cannot go back past (see
//! [`snapshot_due`]), and after [`SNAPSHOT_EVERY_ANY`] actions barrier or not (undo then stops
//! there as at a barrier). Loading restores the latest snapshot, checks it against the logged
//! hash of its action, and replays only the actions after it; those are all a plain undo can
//! ever need. A snapshot that does not load or match is skipped for a replay of the whole log.
//! Taking back an action past a barrier (every seated player agrees, see `consent_undo`)
//! truncates the stored log, which drops the snapshots past it, and reloads from the store.

pub mod absence;
mod archive;
pub mod choices;
// --- campaign (issue 29): the one clock
pub mod clock;
pub mod command;
pub mod convert;
pub mod dashboard;
mod digest;
// --- campaign (issue 29, items 5 and 7): private threads for everyone, the end's post kept
mod hands;
pub mod hands_words;
pub mod interact;
pub mod limits;
mod load;
mod lobby;
pub mod messages;
pub mod outbox;
pub mod persist;
pub mod position;
pub mod reminders;
mod reports;
pub mod resolve;
pub mod rules;
pub mod sqlite;
pub mod state_json;
pub mod status;
pub mod suggest;
mod undo;

use std::collections::{BTreeMap, HashMap};
use std::sync::{Arc, Mutex, MutexGuard};

use sha2::{Digest, Sha256};

use crate::engine::event::{Event, EventKind, Visibility};
use crate::engine::{Action, Awaiting, Game, GameOptions, Power, PowerSet, Ruleset};

pub use command::{parse, Command, Invocation, ParseError, COMMANDS};
pub use messages::{ChannelPermission, Locale, Msg, Notice, Texts};
pub use outbox::{
    Audience, Image, MapImages, OutMessage, Outbox, PictureBoard, PictureJob, PictureNames,
    Renderer, UserId,
};
pub use persist::{
    Barrier, Channel, GameRow, GameStore, LogRow, MemStore, NoBarrier, PersistError, Resume,
    SnapshotRow, Status,
};

/// The map renderer of this build: the plotters map of `crate::render`.
pub fn default_renderer() -> Option<Arc<dyn Renderer>> {
    Some(Arc::new(PublicMap {
        cache: crate::render::MapCache::new(),
    }))
}

/// The plotters map: the full map with the changes marked, and close-ups of them. The last
/// frames drawn are kept, so the next impulse of a game draws only what changed.
struct PublicMap {
    cache: crate::render::MapCache,
}

impl Renderer for PublicMap {
    fn render_map(&self, rs: &Ruleset, game: &Game, locale: Locale) -> Result<Vec<u8>, String> {
        render_public_map(rs, game, locale)
    }

    fn render_update(
        &self,
        rs: &Ruleset,
        game: &Game,
        previous: Option<&crate::engine::board::Board>,
        locale: Locale,
    ) -> Result<MapImages, String> {
        render_public_pictures(rs, game, previous, locale, &self.cache)
    }
}

/// Draws the public map of a game (board, turn, phase, acting power, VP): nothing private.
pub fn render_public_map(rs: &Ruleset, g: &Game, locale: Locale) -> Result<Vec<u8>, String> {
    render_public_update(rs, g, None, locale).map(|m| m.full)
}

/// Draws the public map of a game marking what changed since `previous` (the board of the last
/// map posted), and a close-up of the changed region (none without `previous` or changes).
pub fn render_public_update(
    rs: &Ruleset,
    g: &Game,
    previous: Option<&crate::engine::board::Board>,
    locale: Locale,
) -> Result<MapImages, String> {
    render_public_pictures(rs, g, previous, locale, &crate::render::MapCache::new())
}

/// [`render_public_update`] through a cache of the last frames drawn (issue 30, item 14): only
/// what changed since the frame of `previous` is drawn again.
pub fn render_public_pictures(
    rs: &Ruleset,
    g: &Game,
    previous: Option<&crate::engine::board::Board>,
    locale: Locale,
    cache: &crate::render::MapCache,
) -> Result<MapImages, String> {
    let texts = Texts::new(rs, locale);
    let scene = public_scene(rs, g, previous, locale, &texts);
    let p = crate::render::render_pictures(&scene, cache).map_err(|e| e.to_string())?;
    Ok(MapImages {
        full: p.full,
        closeups: p.closeups.into_iter().map(|c| c.png).collect(),
    })
}

fn public_scene<'a>(
    rs: &'a Ruleset,
    g: &'a Game,
    previous: Option<&'a crate::engine::board::Board>,
    locale: Locale,
    texts: &Texts<'_>,
) -> crate::render::MapScene<'a> {
    crate::render::MapScene {
        rs,
        board: &g.board,
        turn: g.turn,
        phase: g
            .phase()
            .map(|p| texts.phase(p).to_string())
            .unwrap_or_default(),
        active: match g.awaiting() {
            crate::engine::Awaiting::One { power, .. } => Some(power),
            _ => None,
        },
        vp: g.vp_totals(rs),
        locale,
        previous,
        captured: &g.captured,
        // --- diplomatic influence: the map's panel (X-INF-*, X-INACTIVE)
        influence: texts.influence_map_lines(g),
    }
}

/// Who sent a command.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Caller {
    /// User id.
    pub user: UserId,
    /// Display name.
    pub name: String,
    /// The front end vouches that the caller moderates the channel (Discord's Manage Channels
    /// permission): they may `close` its game alone.
    pub moderator: bool,
}

impl Caller {
    /// A caller.
    pub fn new(user: UserId, name: impl Into<String>) -> Caller {
        Caller {
            user,
            name: name.into(),
            moderator: false,
        }
    }

    /// The same caller, marked as a moderator of the channel (or not).
    pub fn with_moderator(mut self, moderator: bool) -> Caller {
        self.moderator = moderator;
        self
    }
}

/// How a table is set up.
#[derive(Clone, Default)]
pub struct TableOptions {
    /// Seed of the first new game (then +1 for each further one); random when `None`.
    pub seed: Option<u64>,
    /// Draws map pictures; without one, no images are sent.
    pub renderer: Option<Arc<dyn Renderer>>,
    /// Locale of games created without `locale:`.
    pub default_locale: Locale,
    /// One screen for every player (the terminal table): no card is hidden from anyone, so
    /// `adjust` moves any card at once.
    pub hot_seat: bool,
}

/// One logged action as the table keeps it.
#[derive(Debug, Clone)]
struct Logged {
    power: Power,
    user: Option<UserId>,
    action: Action,
    /// Undo may not go back past this action (it rolled dice, revealed something, or changed
    /// who acts).
    barrier: bool,
}

/// The cached state of one channel's game.
#[derive(Debug, Clone)]
struct Slot {
    row: GameRow,
    seats: BTreeMap<Power, UserId>,
    game: Option<Game>,
    /// The state after action `base_seq` (the latest snapshot); `None`: the seed's start.
    base: Option<Game>,
    /// How many actions precede `log`: the seq of the latest snapshot, or 0.
    base_seq: u64,
    /// The actions after `base_seq`.
    log: Vec<Logged>,
    /// A pending request to take back the last action past an undo barrier. It lives only
    /// here, in memory: a restart drops it, and the players simply ask again.
    takeback: Option<TakeBack>,
    /// The seated users who have asked to close the game so far (in memory, like `takeback`).
    closing: Vec<UserId>,
    /// Requests for vacated seats of a started game, waiting for the players' agreement.
    seat_requests: Vec<SeatRequest>,
    /// The Empire's secret choice was taken back: the next one gets a fresh salt (also kept in
    /// the store, `fresh_salt`, so a restart in between does not forget it).
    secret_taken_back: bool,
    /// What the last map posted showed (board and captured leaders), in memory only: a map is
    /// posted only when this changed (issue 16, item 10), and marks what changed since it.
    shown: Option<Shown>,
    /// The game data changed since the game was last saved: told to the channel once, with the
    /// next answer after loading.
    data_changed: Option<DataChange>,
    /// Deputies, spectators, digests (issue 29; `absence.rs`).
    around: absence::Around,
}

/// A game loaded under other game data than it was saved with (a group corrected its data): its
/// actions after the latest snapshot were re-applied under the new data.
#[derive(Debug, Clone)]
struct DataChange {
    /// The data fingerprint the snapshot was written with.
    old: String,
    /// Actions re-applied.
    replayed: usize,
    /// Of them, those whose state came out other than logged.
    differed: usize,
}

/// A member's request for a vacated seat, and the seated users who agreed so far.
#[derive(Debug, Clone)]
struct SeatRequest {
    power: Power,
    user: UserId,
    name: String,
    agreed: Vec<UserId>,
}

/// The state shown by the last map posted in a channel.
#[derive(Debug, Clone, PartialEq)]
struct Shown {
    board: crate::engine::board::Board,
    captured: Vec<(String, Power)>,
}

/// A request to take back the last action, which is past an undo barrier, once every seated
/// player has agreed.
#[derive(Debug, Clone)]
struct TakeBack {
    /// Seq of the action to take back; the request is void once the log has another last action.
    seq: u64,
    /// The action as a command line (English, the log's form).
    what: String,
    /// The users who agreed so far, in order (the asker first).
    agreed: Vec<UserId>,
}

impl Slot {
    fn new(row: GameRow, seats: BTreeMap<Power, UserId>) -> Slot {
        Slot {
            row,
            seats,
            game: None,
            base: None,
            base_seq: 0,
            log: Vec::new(),
            takeback: None,
            closing: Vec::new(),
            seat_requests: Vec::new(),
            secret_taken_back: false,
            shown: None,
            data_changed: None,
            around: absence::Around::default(),
        }
    }

    /// Seq of the last action (0: none).
    fn last_seq(&self) -> u64 {
        self.base_seq + self.log.len() as u64
    }
}

/// The table stores a snapshot at the first undo barrier after this many actions without one.
pub const SNAPSHOT_EVERY: u64 = 100;

/// The table stores a snapshot after this many actions without one even when none of them is
/// an undo barrier (a long run of `adjust`s), so that a restart never replays more. Undo then
/// stops at that action as at a barrier: taking it back needs every player's agreement.
pub const SNAPSHOT_EVERY_ANY: u64 = 1000;

/// Whether the state after an action is stored as a snapshot. `before` is who was awaited
/// before the action, `after` the state it produced, `since` how many actions (this one
/// included) follow the latest snapshot.
///
/// Only after an undo barrier: a plain undo never goes back past one, so it never needs a state
/// older than the snapshot (an agreed take-back past a barrier reloads from the store). Then at every phase boundary (the action started a phase, which is always
/// a barrier) and once `since` reaches [`SNAPSHOT_EVERY`]. And, barrier or not, once `since`
/// reaches [`SNAPSHOT_EVERY_ANY`].
pub fn snapshot_due(before: &Awaiting, after: &Game, events: &[Event], since: u64) -> bool {
    (is_barrier(before, after, events)
        && (since >= SNAPSHOT_EVERY
            || events
                .iter()
                .any(|e| matches!(e.kind, EventKind::PhaseStarted { .. }))))
        || since >= SNAPSHOT_EVERY_ANY
}

/// Errors of loading a game from the store.
#[derive(Debug, thiserror::Error)]
pub enum TableError {
    /// The store failed.
    #[error(transparent)]
    Store(#[from] PersistError),
    /// A stored game does not replay, or its snapshot does not match its log.
    #[error("game {game}: {message}")]
    Replay {
        /// Store id.
        game: i64,
        /// What went wrong.
        message: String,
    },
}

type Shared<T> = Arc<Mutex<T>>;

/// The table: every game of every channel, behind one store.
pub struct Table {
    rs: Arc<Ruleset>,
    store: Mutex<Box<dyn GameStore>>,
    barrier: Arc<dyn Barrier>,
    slots: Mutex<HashMap<Channel, Shared<Option<Slot>>>>,
    names: Mutex<HashMap<UserId, String>>,
    opts: TableOptions,
    seeds_used: Mutex<u64>,
    /// At most [`limits::MAX_CONCURRENT_RENDERS`] maps are drawn at once.
    renders: limits::Gate,
    /// When each user last asked for a `map`.
    map_requests: limits::Cooldown,
    /// Map moments' pictures are left to the front end ([`Outbox::pictures`]) instead of being
    /// drawn before the answer (issue 30, item 15).
    defer_pictures: bool,
    /// The time (issue 29: deputies' periods, inactivity); [`absence::system_clock`] unless a
    /// test gives its own with [`Table::with_clock`].
    clock: Arc<dyn clock::Clock>,
}

fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

/// Hex sha256 of a text.
pub fn sha256_hex(text: &str) -> String {
    hex::encode(Sha256::digest(text.as_bytes()))
}

/// Whether undo may not go back past an action with these events.
fn is_barrier(before: &Awaiting, after: &Game, events: &[Event]) -> bool {
    &after.awaiting() != before
        || events.iter().any(|e| {
            e.vis != Visibility::Public
                || matches!(
                    e.kind,
                    EventKind::FieldBattle { .. }
                        | EventKind::Assault { .. }
                        | EventKind::AssaultRolled { .. }
                        | EventKind::ConversionAttempt { .. }
                        | EventKind::ConversionSixRolled { .. }
                        | EventKind::CatholicRebellion { .. }
                        | EventKind::HandDealt { .. }
                        | EventKind::SecretCommitted { .. }
                        | EventKind::SecretChosen { .. }
                        | EventKind::SecretRevealed { .. }
                        | EventKind::PhaseStarted { .. }
                        | EventKind::ImpulseStarted { .. }
                        | EventKind::TurnStarted { .. }
                        | EventKind::GameOver { .. }
                )
        })
}

/// Whether the board (or the captured leaders) differs from what the last map posted showed.
fn board_changed(s: &Slot) -> bool {
    let Some(g) = &s.game else { return false };
    s.shown
        .as_ref()
        .is_none_or(|sh| sh.board != g.board || sh.captured != g.captured)
}

/// Attaches pictures to the last channel message if it has none yet, else to a new message of
/// their own.
fn attach_images(out: &mut Outbox, images: Vec<Image>) {
    if images.is_empty() {
        return;
    }
    match out.messages.last_mut() {
        Some(m) if m.to == Audience::Channel && m.images.is_empty() => m.images = images,
        _ => {
            out.channel(String::new());
            if let Some(m) = out.messages.last_mut() {
                m.images = images;
            }
        }
    }
}

/// Whether these events call for a fresh map picture.
fn map_moment(events: &[Event]) -> bool {
    events.iter().any(|e| {
        matches!(
            e.kind,
            EventKind::ImpulseStarted { .. } | EventKind::PhaseStarted { .. }
        )
    })
}

impl Table {
    /// A table over a ruleset and a store.
    pub fn new(rs: Arc<Ruleset>, store: Box<dyn GameStore>, opts: TableOptions) -> Table {
        Table {
            rs,
            barrier: store.barrier(),
            store: Mutex::new(store),
            slots: Mutex::new(HashMap::new()),
            names: Mutex::new(HashMap::new()),
            opts,
            seeds_used: Mutex::new(0),
            renders: limits::Gate::new(limits::MAX_CONCURRENT_RENDERS),
            map_requests: limits::Cooldown::default(),
            defer_pictures: false,
            clock: absence::system_clock(),
        }
    }

    /// The same table, leaving map moments' pictures to the front end: each answer that calls
    /// for a map carries a [`PictureJob`] instead of images, so its text can be posted at once.
    pub fn with_deferred_pictures(mut self) -> Table {
        self.defer_pictures = true;
        self
    }

    /// The ruleset.
    pub fn ruleset(&self) -> &Ruleset {
        &self.rs
    }

    /// Handles one typed line (`vq move from:… to:…`).
    pub fn handle(&self, channel: Channel, caller: &Caller, line: &str) -> Outbox {
        self.handle_command(channel, caller, parse(line))
    }

    /// Handles one command, already parsed (or the parse error, to be reported).
    pub fn handle_command(
        &self,
        channel: Channel,
        caller: &Caller,
        cmd: Result<Command, ParseError>,
    ) -> Outbox {
        self.remember_name(caller);
        let shared = {
            let mut slots = lock(&self.slots);
            slots.entry(channel).or_default().clone()
        };
        let mut slot = lock(&shared);
        let committed = self.barrier.generation();
        let mut closed_broken = None;
        if slot.is_none() {
            match self.load(channel) {
                Ok(s) => *slot = s,
                Err(e) => match self.unloadable(channel, caller, cmd.as_ref().ok(), &e) {
                    Ok(note) => closed_broken = note,
                    Err(out) => return out,
                },
            }
        }
        // A game that ended without its status being stored (a crash between the two writes) is
        // closed now, and its seed revealed, which its players never saw.
        let revealed = slot.as_mut().and_then(|s| {
            self.close_if_over(s).then(|| {
                // --- campaign (issue 29): with the end of the campaign and its archive
                let loc = Locale::parse(&s.row.locale).unwrap_or(self.opts.default_locale);
                let mut end = Outbox::default();
                self.end_of_campaign(s, Texts::new(&self.rs, loc), &mut end);
                (
                    Msg::SeedRevealed {
                        seed: s.row.seed.clone(),
                        commitment: s.row.seed_commitment.clone(),
                    },
                    end,
                )
            })
        });
        let loc = slot
            .as_ref()
            .and_then(|s| Locale::parse(&s.row.locale))
            .unwrap_or(self.opts.default_locale);
        let cmd = match cmd {
            Ok(c) => c,
            Err(e) => {
                let t = Texts::new(&self.rs, loc);
                return Outbox::refusal(caller.user, t.refused(&t.parse_error(&e)));
            }
        };
        // A new game speaks its own language from its first message, also where a finished
        // game (in another language) is still held for the channel.
        let loc = match &cmd {
            Command::New {
                locale: Some(l), ..
            } if slot
                .as_ref()
                .is_none_or(|s| s.row.status == Status::Finished) =>
            {
                *l
            }
            _ => loc,
        };
        let t = Texts::new(&self.rs, loc);
        // --- absences: a deputy whose time is up is announced (their rights ended already).
        let expired = slot
            .as_mut()
            .map(|s| self.expire_deputies(s, t))
            .unwrap_or_default();
        let result = match closed_broken {
            // `close` of a game that does not load: it is closed already.
            Some(note) if matches!(cmd, Command::Close) => {
                let mut out = Outbox::default();
                out.channel(t.msg(&note));
                Ok(out)
            }
            Some(note) => self
                .run(&mut slot, channel, caller, &cmd, t)
                .map(|mut out| {
                    out.messages.insert(
                        0,
                        OutMessage {
                            to: Audience::Channel,
                            text: t.msg(&note),
                            mentions: Vec::new(),
                            images: Vec::new(),
                        },
                    );
                    out
                }),
            None => self.run(&mut slot, channel, caller, &cmd, t),
        };
        // --- campaign (issue 29): digests, last actions and replacement requests are stored.
        if let Some(s) = slot.as_mut() {
            self.save_memory(s);
        }
        // A game loaded under corrected game data says so once, with an accepted answer.
        let data_changed = match (&result, slot.as_mut()) {
            (Ok(_), Some(s)) => s.data_changed.take().map(|c| Msg::DataChanged {
                old: c.old,
                new: self.rs.fingerprint.clone(),
                replayed: c.replayed,
                differed: c.differed,
            }),
            _ => None,
        };
        let result = result.map(|mut out| {
            if let Some(m) = &data_changed {
                out.messages.insert(
                    0,
                    OutMessage {
                        to: Audience::Channel,
                        text: t.msg(m),
                        mentions: Vec::new(),
                        images: Vec::new(),
                    },
                );
            }
            out
        });
        drop(slot);
        // The outbox acknowledges what was written: make it durable first, outside the locks.
        // Any commit since `committed` triggers the flush, so a command that wrote nothing may
        // share the flush of another game that committed meanwhile.
        let now = self.barrier.generation();
        let sync_failed = if now > committed {
            self.barrier.sync_through(now).err()
        } else {
            None
        };
        let accepted = result.is_ok();
        let mut out = match result {
            Ok(out) => out,
            Err(msg) => {
                let text = t.refused(&t.msg(&msg));
                let mut out = Outbox::refusal(caller.user, text.clone());
                // The game file was deleted or replaced under the bot: nothing is saved any
                // more, which the whole channel must know, and the operator from the log.
                if let Some(why) = lock(&self.store).halted() {
                    tracing::error!(channel = ?channel, %why, "the game file changed under the bot: nothing more is saved");
                    out.channel(text);
                }
                out
            }
        };
        if let Some((msg, end)) = revealed {
            out.channel(t.msg(&msg));
            out.messages.extend(end.messages);
            out.ended = out.ended.or(end.ended);
        }
        for (i, text) in expired.into_iter().enumerate() {
            out.messages.insert(
                i,
                OutMessage {
                    to: Audience::Channel,
                    text,
                    mentions: Vec::new(),
                    images: Vec::new(),
                },
            );
        }
        if let Some(e) = sync_failed {
            // The flush failed after the commit: the change is applied and stored, only its
            // durability is in doubt. Say exactly that, and still deliver everything the change
            // produced (hands, map, who is next): a "nothing changed" here would invite a retry
            // that applies it twice. A refused command changed nothing; its refusal stands.
            tracing::error!(channel = ?channel, error = %e, "fsync after a commit failed: durability in doubt");
            if accepted {
                out.channel(t.msg(&Msg::DurabilityInDoubt {
                    error: e.to_string(),
                }));
            }
        }
        out
    }

    /// The observer's view of a channel's game with its metadata, as JSON (see
    /// `docs/state-json.md`). `None` if the channel never had a game.
    pub fn state_json(&self, channel: Channel) -> Option<serde_json::Value> {
        let slot = self.peek(channel)?;
        let view = slot
            .game
            .as_ref()
            .map(|g| state_json::observer_view(&self.rs, g));
        let status = match slot.row.status {
            Status::Lobby => "lobby",
            Status::Active => "active",
            Status::Finished => "finished",
        };
        let seats: Vec<serde_json::Value> = slot
            .seats
            .iter()
            .map(
                |(p, u)| serde_json::json!({"power": p.as_str(), "user": u, "name": self.name(*u)}),
            )
            .collect();
        Some(serde_json::json!({
            "format": 1,
            "game": {
                "id": slot.row.id,
                "status": status,
                "scenario": slot.row.scenario,
                "locale": slot.row.locale,
                "seed_commitment": slot.row.seed_commitment,
                "seed": if slot.row.status == Status::Finished { Some(slot.row.seed.clone()) } else { None },
                "seats": seats,
                "actions": slot.last_seq(),
                "state_hash": slot.game.as_ref().map(|g| g.state_hash()),
            },
            "view": view,
        }))
    }

    /// A copy of the channel's engine state (for tests and tools); `None` before `start`.
    pub fn game(&self, channel: Channel) -> Option<Game> {
        self.peek(channel)?.game
    }

    /// Who holds each power in the channel's game.
    pub fn seats(&self, channel: Channel) -> BTreeMap<Power, UserId> {
        self.peek(channel).map(|s| s.seats).unwrap_or_default()
    }

    fn peek(&self, channel: Channel) -> Option<Slot> {
        let shared = lock(&self.slots).get(&channel).cloned()?;
        let slot = lock(&shared);
        slot.clone()
    }

    fn name(&self, user: UserId) -> String {
        self.known_name(user)
            .unwrap_or_else(|| format!("<@{user}>"))
    }

    // ----- loading -------------------------------------------------------------------

    // ----- dispatch ------------------------------------------------------------------

    fn run(
        &self,
        slot: &mut Option<Slot>,
        channel: Channel,
        caller: &Caller,
        cmd: &Command,
        t: Texts<'_>,
    ) -> Result<Outbox, Msg> {
        let mut out = Outbox::default();
        match cmd {
            Command::Help { command } => {
                out.reply(caller.user, t.help(command.as_deref()));
                return Ok(out);
            }
            Command::Card { card } => {
                let n = resolve::card(&self.rs, card)?;
                let text = t.card_info(n).ok_or_else(|| Msg::UnknownName {
                    what: "card",
                    name: card.clone(),
                    hint: String::new(),
                })?;
                out.reply(caller.user, text);
                return Ok(out);
            }
            Command::Rule { id: None } => {
                out.reply(caller.user, t.msg(&Msg::RuleList));
                return Ok(out);
            }
            Command::Rule { id: Some(id) } => {
                match rules::rule_text(id, t.loc) {
                    Some((id, text)) => out.reply(caller.user, format!("**{id}** — {text}")),
                    None => {
                        return Err(Msg::UnknownRule {
                            id: id.clone(),
                            hint: command::suggest(
                                &id.to_uppercase(),
                                rules::RULES.iter().map(|r| r.id),
                            ),
                        })
                    }
                }
                return Ok(out);
            }
            Command::New { scenario, locale } => {
                return self
                    .new_game(slot, channel, caller, scenario.as_deref(), *locale, t)
                    // --- campaign rhythm (issue 29): reminders are off; say how to turn them on
                    .map(|mut out| {
                        let offer = reminders::offer_text(locale.unwrap_or(t.loc));
                        // In the same post as the new game (one answer).
                        let last = out
                            .messages
                            .iter_mut()
                            .rev()
                            .find(|m| m.to == Audience::Channel);
                        match last {
                            Some(m) => {
                                m.text.push('\n');
                                m.text.push_str(&offer);
                            }
                            None => out.channel(offer),
                        }
                        out
                    });
            }
            Command::Close => return self.close_game(slot, caller, t),
            _ => {}
        }
        let Some(s) = slot.as_mut() else {
            return Err(Msg::NoGame);
        };
        match cmd {
            Command::Locale { lang } => {
                self.require_creator(s, caller)?;
                self.store_do(|st| st.set_locale(s.row.id, lang.code()))?;
                s.row.locale = lang.code().to_string();
                out.channel(Texts::new(&self.rs, *lang).msg(&Msg::LocaleSet));
            }
            Command::Join { power } => self.join(s, caller, power, t, &mut out)?,
            Command::Admit { power } => self.admit(s, caller, power, t, &mut out)?,
            Command::Leave { power } => self.leave(s, caller, power.as_deref(), t, &mut out)?,
            Command::Start => self.start(s, caller, t, &mut out)?,
            Command::Setup { file, private } => {
                self.setup(s, caller, file, private.as_ref(), t, &mut out)?
            }
            Command::Status => out.channel(self.status_text(s, t)),
            Command::Vp => out.channel(self.vp_text(s, t)?),
            Command::Log { last } => out.channel(self.log_text(s, last.unwrap_or(10), t)?),
            Command::Map => {
                let g = s.game.as_ref().ok_or(Msg::NotStarted)?;
                // --- ops: one map per user per MAP_COOLDOWN (a render is the costliest reply)
                if let Err(wait) = self.map_requests.check(caller.user, limits::MAP_COOLDOWN) {
                    return Err(Msg::MapTooSoon {
                        seconds: wait.as_secs() + 1,
                    });
                }
                out.channel(t.msg(&Msg::MapCaption { turn: g.turn }));
                // Asked for: drawn now, even when map moments' pictures are deferred.
                match self.attach_map(s, &mut out, false) {
                    Some(images) => attach_images(&mut out, images),
                    None => out.channel(t.msg(&Msg::NoMapRenderer)),
                }
            }
            Command::Hand { power } => {
                s.game.as_ref().ok_or(Msg::NotStarted)?;
                let p = match self.acting_power(s, caller, power.as_deref(), true) {
                    Err(Msg::NotSeated) => return Err(self.no_power(s, caller.user, true)),
                    r => r?,
                };
                self.send_hand(s, p, caller.user, t, &mut out);
                out.reply(caller.user, t.msg(&Msg::HandSentDm));
            }
            Command::Undo => self.undo(s, caller, t, &mut out)?,
            Command::Veto => self.veto(s, caller, t, &mut out)?,
            // --- absences and spectators (issue 29)
            Command::Deputy { .. }
            | Command::Replace { .. }
            | Command::Watch
            | Command::Unwatch
            | Command::Digest { .. } => self.absence_command(s, caller, cmd, t, &mut out)?,
            // --- campaign rhythm (issue 29)
            Command::Settings {
                remind,
                quiet,
                hands,
            } => self.settings(s, caller, (*remind, *quiet, *hands), t, &mut out)?,
            Command::Dashboard => {
                // --- campaign (issue 29): the table's clock, not the wall clock
                let now = self.now();
                let waits = self.campaign_of(s.row.id).waits;
                let waits: Vec<(UserId, Vec<Power>, i64)> = waits
                    .iter()
                    .map(|w| (w.user, reminders::powers_of(w), w.since))
                    .collect();
                let text = self
                    .dashboard_text(s, &waits, now, None)
                    .ok_or(Msg::NotStarted)?;
                out.reply(caller.user, text);
            }
            _ => self.act(s, caller, cmd, t, &mut out)?,
        }
        Ok(out)
    }

    fn store_do<T>(
        &self,
        f: impl FnOnce(&mut dyn GameStore) -> Result<T, PersistError>,
    ) -> Result<T, Msg> {
        let mut st = lock(&self.store);
        f(st.as_mut()).map_err(|e| Msg::StoreFailed {
            error: e.to_string(),
        })
    }

    fn require_creator(&self, s: &Slot, caller: &Caller) -> Result<(), Msg> {
        if s.row.created_by == Some(caller.user) {
            Ok(())
        } else {
            Err(Msg::OnlyCreator {
                creator: s
                    .row
                    .created_by
                    .map_or_else(|| "?".into(), |u| self.name(u)),
            })
        }
    }

    /// The power a caller acts for: `power:` if given (and theirs), else the one awaited power
    /// they hold, else their only power.
    fn acting_power(
        &self,
        s: &Slot,
        caller: &Caller,
        explicit: Option<&str>,
        any_time: bool,
    ) -> Result<Power, Msg> {
        // --- absences: a deputy acts for the power while the deputyship lasts.
        let held: Vec<Power> = self.powers_of(s, caller.user);
        if let Some(e) = explicit {
            let p = resolve::power(&self.rs, e)?;
            if !held.contains(&p) {
                return Err(Msg::NotYourSeat {
                    power: p,
                    holder: s.seats.get(&p).map(|u| self.name(*u)),
                });
            }
            return Ok(p);
        }
        if held.is_empty() {
            return Err(Msg::NotSeated);
        }
        let awaited = s
            .game
            .as_ref()
            .map(|g| g.awaiting().powers())
            .unwrap_or(PowerSet::EMPTY);
        let mine: Vec<Power> = held
            .iter()
            .copied()
            .filter(|p| awaited.contains(*p))
            .collect();
        match (mine.as_slice(), held.as_slice()) {
            ([p], _) => Ok(*p),
            ([_, _, ..], _) => Err(Msg::Ambiguous { held: mine }),
            ([], [p]) => Ok(*p),
            ([], _) if any_time => Err(Msg::Ambiguous { held }),
            ([], _) => Err(Msg::NotYourTurn {
                waiting: String::new(),
            }),
        }
    }

    fn waiting_text(&self, s: &Slot, t: Texts<'_>) -> String {
        let Some(g) = &s.game else {
            return String::new();
        };
        let aw = g.awaiting();
        aw.powers()
            .iter()
            .map(|p| match s.seats.get(&p) {
                Some(u) => format!("{} ({})", t.power(p), self.name(*u)),
                None => t.power(p),
            })
            .collect::<Vec<_>>()
            .join(", ")
    }

    fn act(
        &self,
        s: &mut Slot,
        caller: &Caller,
        cmd: &Command,
        t: Texts<'_>,
        out: &mut Outbox,
    ) -> Result<(), Msg> {
        if s.row.status == Status::Lobby {
            return Err(Msg::NotStarted);
        }
        let game = s.game.as_ref().ok_or(Msg::NotStarted)?;
        let explicit = match cmd {
            Command::Secret { .. } => Some("empire"),
            _ => command::defs::named_power(cmd),
        };
        let is_adjust = matches!(cmd, Command::Adjust { .. });
        let power = match self.acting_power(s, caller, explicit, is_adjust) {
            Err(Msg::NotYourTurn { .. }) => {
                return Err(Msg::NotYourTurn {
                    waiting: self.waiting_text(s, t),
                })
            }
            // --- spectators: told what they may do.
            Err(Msg::NotSeated) => return Err(self.no_power(s, caller.user, false)),
            r => r?,
        };
        if !is_adjust && !game.awaiting().powers().contains(power) && !game.is_over() {
            return Err(Msg::NotYourTurn {
                waiting: self.waiting_text(s, t),
            });
        }
        let action = match convert::to_action(&self.rs, game, power, cmd) {
            Some(a) => a?,
            None => return Err(Msg::NoActions),
        };
        // --- ops: a secret choice made again after a take-back gets a fresh salt.
        let action = match action {
            Action::SecretChoice { choice } if s.secret_taken_back => Action::SecretChoiceSalted {
                choice,
                nonce: self.fresh_nonce(s),
            },
            a => a,
        };
        let made_secret = matches!(action, Action::SecretChoiceSalted { .. });
        // --- ops (issue 28, item 6): `adjust` must not tell where a hidden card is. A card in
        // the deck or in a hand that is not the caller's is hidden from them: whatever the
        // case, nothing moves and the answer is the same; a seated holder is asked privately
        // and moves it themselves. Moderators (referees) and the one-screen terminal table move
        // any card at once.
        if !self.opts.hot_seat && !caller.moderator {
            if let Action::Adjust(crate::engine::Adjustment::Card { card, .. }) = &action {
                let mine = |q: Power| s.seats.get(&q) == Some(&caller.user);
                let holder = Power::ALL
                    .iter()
                    .copied()
                    .find(|q| game.hands[*q as usize].contains(card));
                let hidden = match holder {
                    Some(q) => !mine(q),
                    None => game.deck.contains(card),
                };
                if hidden {
                    if let Some(q) = holder {
                        if let Some(owner) = s.seats.get(&q).copied() {
                            let line = convert::action_line(&action, q, false).unwrap_or_default();
                            out.dm(
                                owner,
                                t.msg(&Msg::CardOwnerAsked {
                                    name: caller.name.clone(),
                                    power: q,
                                    // `action_line` already names the power.
                                    line,
                                }),
                            );
                        }
                    }
                    out.reply(caller.user, t.msg(&Msg::CardOwnerWillDecide));
                    return Ok(());
                }
            }
            // Treasures put back from another player's holdings need that player: they are
            // asked privately and make the adjustment themselves (the counts are public, so
            // the answer may say who is asked).
            if let Action::Adjust(crate::engine::Adjustment::Treasure { power: q, delta }) = &action
            {
                if *delta < 0 && s.seats.get(q) != Some(&caller.user) {
                    let Some(owner) = s.seats.get(q).copied() else {
                        return Err(Msg::TreasureOwnerAbsent { power: *q });
                    };
                    let line = convert::action_line(&action, *q, false).unwrap_or_default();
                    out.dm(
                        owner,
                        t.msg(&Msg::TreasureOwnerAsked {
                            name: caller.name.clone(),
                            power: *q,
                            line,
                        }),
                    );
                    out.reply(
                        caller.user,
                        t.msg(&Msg::TreasureOwnerWillDecide { power: *q }),
                    );
                    return Ok(());
                }
            }
        }
        let before = game.awaiting();
        let mut next = game.clone();
        let events = next.apply(&self.rs, power, &action).map_err(|e| {
            let mut text = t.rule_error(&e);
            // --- words: a refused leader entry says where the leader may enter.
            if let Action::PlaceLeader { leader, .. } = &action {
                text.push_str(&t.leader_may_enter(leader, &leader_entries(&self.rs, game, leader)));
            }
            Msg::Rule(text)
        })?;
        let row = LogRow {
            seq: s.last_seq() + 1,
            power: Some(power.as_str().to_string()),
            user_id: Some(caller.user),
            action_json: serde_json::to_string(&action).map_err(|e| Msg::StoreFailed {
                error: e.to_string(),
            })?,
            state_hash: next.state_hash(),
        };
        let over = next.is_over();
        let snapshot = if snapshot_due(&before, &next, &events, s.log.len() as u64 + 1) {
            Some(serde_json::to_string(&next).map_err(|e| Msg::StoreFailed {
                error: e.to_string(),
            })?)
        } else {
            None
        };
        self.store_do(|st| st.append(s.row.id, &row, snapshot.as_deref()))?;
        if snapshot.is_some() {
            // Undo cannot go back past this action: it becomes the base.
            s.base_seq = row.seq;
            s.base = Some(next.clone());
            s.log.clear();
        } else {
            s.log.push(Logged {
                power,
                user: Some(caller.user),
                barrier: is_barrier(&before, &next, &events),
                action,
            });
        }
        s.game = Some(next);
        if made_secret {
            s.secret_taken_back = false;
            // Stored after the choice: a crash in between only salts a later choice afresh too.
            self.store_do(|st| st.set_fresh_salt(s.row.id, false))?;
        }
        // The game moved on: a pending take-back request is void.
        if let Some(tb) = s.takeback.take() {
            out.channel(t.msg(&Msg::TakeBackCancelled { what: tb.what }));
        }
        // The action is stored: the slot follows it whatever happens to the status write, which
        // is repaired at the next command if it fails (see `close_if_over`).
        let _closed = self.close_if_over(s);
        // --- digests (issue 29, item 3): what each power may see, until it acts.
        self.note_events(s, &events);
        self.acted(s, power);
        self.post_events(s, &events, t, out);
        if over {
            out.channel(t.msg(&Msg::SeedRevealed {
                seed: s.row.seed.clone(),
                commitment: s.row.seed_commitment.clone(),
            }));
            // --- the end of a campaign (issue 29, item 7)
            self.end_of_campaign(s, t, out);
        } else if let Some(g) = &s.game {
            let mut newly = g.awaiting().powers();
            for p in before.powers().iter() {
                newly.remove(p);
            }
            self.send_digests(s, newly, t, out);
        }
        Ok(())
    }

    // --- ops: closing games
}

/// A channel's game at a glance, read without copying its state.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameSummary {
    /// Store id of the game.
    pub id: i64,
    /// Its life cycle.
    pub status: Status,
    /// The engine's state sequence (`Game::seq`), `None` before `start`.
    pub seq: Option<u32>,
    /// The locale of its messages.
    pub locale: Locale,
}

/// People: display names and the DM state, kept in the store so that they outlive a restart.
impl Table {
    /// Remembers the caller's display name: stored when it is new to this process and differs
    /// from the stored one. A store failure only costs the name after a restart; it is logged
    /// and retried at the next command.
    fn remember_name(&self, caller: &Caller) {
        if caller.name.trim().is_empty()
            || lock(&self.names).get(&caller.user) == Some(&caller.name)
        {
            return;
        }
        let stored = lock(&self.store).set_display_name(caller.user, &caller.name);
        match stored {
            Ok(_) => {
                lock(&self.names).insert(caller.user, caller.name.clone());
            }
            Err(e) => tracing::warn!(user = caller.user, error = %e, "storing a name failed"),
        }
    }

    /// A user's display name: the one seen in this process, else the stored one.
    fn known_name(&self, user: UserId) -> Option<String> {
        if let Some(n) = lock(&self.names).get(&user) {
            return Some(n.clone());
        }
        let stored = lock(&self.store).display_name(user).ok().flatten()?;
        lock(&self.names)
            .entry(user)
            .or_insert_with(|| stored.clone());
        Some(stored)
    }

    /// When a DM to `user` last failed because their DMs are closed (Unix ms); `None` when
    /// they are not marked closed.
    pub fn dms_closed_at(&self, user: UserId) -> Result<Option<i64>, PersistError> {
        lock(&self.store).dms_closed_at(user)
    }

    /// Records that a DM to `user` failed at `at` (Unix ms) because their DMs are closed, or
    /// with `None` that a DM reached them.
    pub fn set_dms_closed(&self, user: UserId, at: Option<i64>) -> Result<(), PersistError> {
        lock(&self.store).set_dms_closed(user, at)
    }

    /// Claims a Discord interaction id in the store: `true` the first time, `false` when it
    /// was delivered before (even to an earlier run of the bot) and must not run again.
    pub fn claim_interaction(&self, id: u64) -> Result<bool, PersistError> {
        lock(&self.store).claim_interaction(id)
    }

    /// The channel's game (its id, status, state sequence and locale) without copying its
    /// state; the game is loaded from the store first if this table has not seen the channel
    /// yet. `Ok(None)`: the channel has no game.
    pub fn summary(&self, channel: Channel) -> Result<Option<GameSummary>, TableError> {
        let shared = lock(&self.slots).entry(channel).or_default().clone();
        let mut slot = lock(&shared);
        if slot.is_none() {
            *slot = self.load(channel)?;
        }
        Ok(slot.as_ref().map(|s| GameSummary {
            id: s.row.id,
            status: s.row.status,
            seq: s.game.as_ref().map(|g| g.seq),
            locale: Locale::parse(&s.row.locale).unwrap_or(self.opts.default_locale),
        }))
    }

    /// The hash of the channel's current game state (`Game::state_hash`), if the channel has a
    /// started game in memory. Front ends use it to tell whether a prompt is out of date.
    pub fn state_hash(&self, channel: Channel) -> Option<String> {
        let shared = lock(&self.slots).get(&channel).cloned()?;
        let slot = lock(&shared);
        slot.as_ref()?.game.as_ref().map(Game::state_hash)
    }
}

/// The power and engine action of a stored log row; the error names the action's number.
/// The spaces where the leader `id` may enter now (R-PROT-LEADERS).
/// The user who plays `p`: its seat, or for an inactive major someone controls, the
/// controller's seat (X-INACTIVE).
fn seat_user(s: &Slot, p: Power) -> Option<UserId> {
    s.seats.get(&p).copied().or_else(|| {
        let g = s.game.as_ref()?;
        let q = g.acting_player_power(p).filter(|q| *q != p)?;
        s.seats.get(&q).copied()
    })
}

fn leader_entries(rs: &Ruleset, g: &Game, id: &str) -> Vec<crate::engine::SpaceId> {
    let Some(l) = rs.leaders.iter().find(|l| l.id == id) else {
        return Vec::new();
    };
    rs.space_ids()
        .filter(|s| g.check_leader_entry(rs, l.faction, *s).is_ok())
        .collect()
}

fn decode_row(r: &LogRow) -> Result<(Power, Action), String> {
    let bad = |e: String| format!("action {}: {e}", r.seq);
    let power: Power = r
        .power
        .as_deref()
        .unwrap_or_default()
        .parse()
        .map_err(|e| bad(format!("{e}")))?;
    let action: Action = serde_json::from_str(&r.action_json).map_err(|e| bad(e.to_string()))?;
    Ok((power, action))
}

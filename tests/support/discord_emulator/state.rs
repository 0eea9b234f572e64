//! The emulator's in-memory world: users, guilds, channels, messages, interactions, commands,
//! gateway sessions, and a log of every request it served.

use std::collections::BTreeMap;
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use serde_json::{json, Value};
use tokio::sync::mpsc::UnboundedSender;

use super::permissions::{Overwrite, RoleRecord, BOT_ROLE_DEFAULT, EVERYONE_DEFAULT};
use super::EmulatorConfig;

/// Milliseconds from the Unix epoch to Discord's epoch (2015-01-01T00:00:00Z).
const DISCORD_EPOCH_MS: u64 = 1_420_070_400_000;

/// A Discord user id in the emulator.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct UserId(pub u64);
/// A guild id in the emulator.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct GuildId(pub u64);
/// A channel id (guild text channel or DM) in the emulator.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct ChannelId(pub u64);
/// A message id in the emulator.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct MessageId(pub u64);

/// A user (the bot's own user is one too).
#[derive(Clone, Debug)]
pub struct UserRecord {
    pub id: UserId,
    pub name: String,
    pub locale: String,
    pub bot: bool,
    /// Messages from the bot to this user fail with 50007.
    pub dms_closed: bool,
    /// Messages from the bot to this user fail with a 500 (Discord having trouble).
    pub dms_broken: bool,
}

/// A guild; the bot is a member of every guild.
#[derive(Clone, Debug)]
pub struct GuildRecord {
    pub id: GuildId,
    pub name: String,
    pub locale: String,
    pub members: Vec<UserId>,
    /// The owner (every permission); `None`: a user outside the emulated world.
    pub owner: Option<UserId>,
    /// Roles, @everyone (the guild's id) first.
    pub roles: Vec<RoleRecord>,
    /// The roles of each member besides @everyone.
    pub member_roles: BTreeMap<UserId, Vec<u64>>,
}

impl GuildRecord {
    /// The member's roles besides @everyone.
    pub fn roles_of(&self, user: UserId) -> Vec<u64> {
        self.member_roles.get(&user).cloned().unwrap_or_default()
    }

    /// The bot's own managed role.
    pub fn bot_role(&self) -> Option<u64> {
        self.roles.iter().find(|r| r.bot_id.is_some()).map(|r| r.id)
    }
}

/// What kind of channel.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ChannelKind {
    /// A text channel (type 0) of a guild.
    GuildText(GuildId),
    /// The DM channel (type 1) between the bot and this user.
    Dm(UserId),
    // --- campaign (issue 29): private threads (`threads.rs`)
    /// A private thread (type 12) under a text channel, seen by its members only.
    PrivateThread {
        guild: GuildId,
        parent: ChannelId,
        members: Vec<UserId>,
    },
}

/// A channel.
#[derive(Clone, Debug)]
pub struct ChannelRecord {
    pub id: ChannelId,
    pub name: String,
    pub kind: ChannelKind,
    /// Permission overwrites of a guild channel.
    pub overwrites: Vec<Overwrite>,
}

/// A file attached to a message.
#[derive(Clone, Debug)]
pub struct AttachmentRecord {
    pub id: u64,
    pub filename: String,
    pub content_type: Option<String>,
    pub description: Option<String>,
    pub bytes: Vec<u8>,
}

/// A message as Discord stores it (including interaction responses and ephemeral ones).
#[derive(Clone, Debug)]
pub struct MessageRecord {
    pub id: MessageId,
    pub channel_id: ChannelId,
    pub author: UserId,
    pub content: String,
    pub embeds: Vec<Value>,
    pub components: Vec<Value>,
    pub flags: u64,
    pub attachments: Vec<AttachmentRecord>,
    /// The interaction this message answers (original response or follow-up).
    pub interaction_id: Option<u64>,
    pub timestamp: String,
    pub edited_timestamp: Option<String>,
    pub deleted: bool,
    /// Pinned in its channel.
    pub pinned: bool,
}

/// Message flag: only the invoking user sees the message.
pub const EPHEMERAL: u64 = 1 << 6;
/// Message flag: a deferred response still "thinking".
pub const LOADING: u64 = 1 << 7;

impl MessageRecord {
    /// Only the invoking user of the interaction sees it.
    pub fn is_ephemeral(&self) -> bool {
        self.flags & EPHEMERAL != 0
    }
    /// A deferred response that has not been filled in yet.
    pub fn is_loading(&self) -> bool {
        self.flags & LOADING != 0
    }
}

/// The three interaction kinds a bot receives over the gateway.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum InteractionKind {
    /// Type 2, a slash command.
    Command,
    /// Type 3, a button or select click.
    Component,
    /// Type 4, autocomplete of a focused option.
    Autocomplete,
}

impl InteractionKind {
    /// Discord's numeric interaction type.
    pub fn code(self) -> u8 {
        match self {
            InteractionKind::Command => 2,
            InteractionKind::Component => 3,
            InteractionKind::Autocomplete => 4,
        }
    }
}

/// An interaction created by the test API and delivered to the bot.
#[derive(Clone, Debug)]
pub struct InteractionRecord {
    pub id: u64,
    pub token: String,
    pub kind: InteractionKind,
    pub user: UserId,
    pub channel_id: ChannelId,
    pub guild_id: Option<GuildId>,
    /// When Discord created it; the 3 s and 15 min windows count from here.
    pub created: Instant,
    /// The callback type (4, 5, 6, 7, 8, 9) the bot acknowledged with, if any.
    pub response_type: Option<u8>,
    pub original_message: Option<MessageId>,
    /// Set by a type-5 deferral until the first follow-up or edit fills the message.
    pub deferred_original: bool,
    /// The message a component lives on.
    pub source_message: Option<MessageId>,
    pub followups: Vec<MessageId>,
    /// The choices of an autocomplete answer.
    pub choices: Option<Vec<Value>>,
    /// The INTERACTION_CREATE payload.
    pub payload: Value,
    /// Sequence number of its dispatch; `None` if no bot had identified.
    pub dispatched_seq: Option<u64>,
}

/// A file part of a multipart request.
#[derive(Clone, Debug)]
pub struct FilePart {
    pub field: String,
    pub filename: Option<String>,
    pub content_type: Option<String>,
    pub bytes: Vec<u8>,
}

/// One REST request the emulator served.
#[derive(Clone, Debug)]
pub struct RequestRecord {
    pub method: String,
    /// Path without the query, e.g. `/api/v10/gateway`.
    pub path: String,
    pub query: Option<String>,
    pub authorization: Option<String>,
    /// The JSON body, or the `payload_json` part of a multipart body.
    pub json: Option<Value>,
    pub files: Vec<FilePart>,
    pub status: u16,
    pub response: Value,
}

/// What happened on the gateway.
#[derive(Clone, Debug, Default)]
pub struct GatewayLog {
    pub connections: u32,
    /// IDENTIFY payloads (`d`) in arrival order, tokens included.
    pub identifies: Vec<Value>,
    /// RESUME payloads (`d`).
    pub resumes: Vec<Value>,
    pub heartbeats: u32,
    pub heartbeat_acks: u32,
    /// Close codes the emulator sent.
    pub closes_sent: Vec<u16>,
    /// Connections the client closed (or dropped) itself.
    pub client_disconnects: u32,
    /// `(seq, event name)` of every dispatch, replays excluded.
    pub dispatches: Vec<(u64, String)>,
    /// Number of dispatches sent again on RESUME.
    pub replayed: u32,
    /// Connections closed with 4009 because their heartbeats stopped.
    pub heartbeat_timeouts: u32,
    /// Heartbeats lost on purpose (`Emulator::drop_heartbeats`).
    pub heartbeats_dropped: u32,
    /// Sessions ended (not resumable): closed by the client with 1000/1001, or timed out.
    pub invalidated: u32,
    /// Guild events no session's shard claims: Discord sends them nowhere.
    pub undelivered: Vec<String>,
}

/// A frame for a live gateway connection.
#[derive(Debug)]
pub(crate) enum Outbound {
    Text(String),
    Close(u16, &'static str),
}

/// A gateway session (survives reconnects until invalidated).
#[derive(Debug)]
pub(crate) struct Session {
    pub id: String,
    pub seq: u64,
    pub backlog: Vec<(u64, String)>,
    /// The live connection: `(connection number, sender)`.
    pub conn: Option<(u64, UnboundedSender<Outbound>)>,
    /// `[shard id, shard count]` from IDENTIFY (`[0, 1]` without sharding).
    pub shard: [u64; 2],
}

/// Everything the emulator knows. Tests read it through [`super::Emulator`].
#[derive(Debug)]
pub struct State {
    pub(crate) config: EmulatorConfig,
    pub(crate) base_url: String,
    last_snowflake: u64,
    pub app_id: u64,
    pub bot: UserRecord,
    pub users: BTreeMap<UserId, UserRecord>,
    pub guilds: BTreeMap<GuildId, GuildRecord>,
    pub channels: BTreeMap<ChannelId, ChannelRecord>,
    pub messages: Vec<MessageRecord>,
    pub interactions: Vec<InteractionRecord>,
    /// Global commands as last registered (each with its assigned id).
    pub global_commands: Vec<Value>,
    pub guild_commands: BTreeMap<GuildId, Vec<Value>>,
    /// Number of bulk-overwrite registrations served successfully.
    pub registrations: u32,
    pub requests: Vec<RequestRecord>,
    pub gateway: GatewayLog,
    pub(crate) sessions: Vec<Session>,
    pub(crate) next_connection: u64,
    /// Files users attached to slash-command options (type 11), by attachment id.
    pub uploads: Vec<AttachmentRecord>,
    /// Failures waiting to be injected into REST requests (see `faults.rs`).
    pub faults: Vec<super::faults::Fault>,
    /// Discord's rate-limit buckets and the global limit (see `ratelimit.rs`).
    pub rate_limits: super::ratelimit::RateLimits,
    /// Heartbeats still to lose (`Emulator::drop_heartbeats`).
    pub(crate) heartbeats_to_drop: u32,
}

impl State {
    pub(crate) fn new(config: EmulatorConfig, base_url: String) -> State {
        let mut state = State {
            config,
            base_url,
            last_snowflake: 0,
            app_id: 0,
            bot: UserRecord {
                id: UserId(0),
                name: String::new(),
                locale: "en-US".into(),
                bot: true,
                dms_closed: false,
                dms_broken: false,
            },
            users: BTreeMap::new(),
            guilds: BTreeMap::new(),
            channels: BTreeMap::new(),
            messages: Vec::new(),
            interactions: Vec::new(),
            global_commands: Vec::new(),
            guild_commands: BTreeMap::new(),
            registrations: 0,
            requests: Vec::new(),
            gateway: GatewayLog::default(),
            sessions: Vec::new(),
            next_connection: 0,
            uploads: Vec::new(),
            faults: Vec::new(),
            rate_limits: Default::default(),
            heartbeats_to_drop: 0,
        };
        // Discord gives a bot user the same id as its application.
        state.app_id = state.snowflake();
        state.bot.id = UserId(state.app_id);
        state.bot.name = "vqbot".into();
        state
    }

    /// A fresh snowflake: time since Discord's epoch in the high bits, strictly increasing.
    pub(crate) fn snowflake(&mut self) -> u64 {
        let ms = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map(|d| d.as_millis() as u64)
            .unwrap_or(DISCORD_EPOCH_MS)
            .saturating_sub(DISCORD_EPOCH_MS);
        let next = (ms << 22).max(self.last_snowflake + 1);
        self.last_snowflake = next;
        next
    }

    /// A user by id, the bot included.
    pub fn user(&self, id: UserId) -> Option<&UserRecord> {
        if id == self.bot.id {
            Some(&self.bot)
        } else {
            self.users.get(&id)
        }
    }

    pub(crate) fn add_user(&mut self, name: &str, locale: &str) -> UserId {
        let id = UserId(self.snowflake());
        self.users.insert(
            id,
            UserRecord {
                id,
                name: name.into(),
                locale: locale.into(),
                bot: false,
                dms_closed: false,
                dms_broken: false,
            },
        );
        id
    }

    pub(crate) fn add_guild(&mut self, name: &str) -> GuildId {
        let id = GuildId(self.snowflake());
        let bot_role = self.snowflake();
        let roles = vec![
            RoleRecord {
                id: id.0,
                name: "@everyone".into(),
                permissions: EVERYONE_DEFAULT,
                position: 0,
                bot_id: None,
            },
            RoleRecord {
                id: bot_role,
                name: self.bot.name.clone(),
                permissions: BOT_ROLE_DEFAULT,
                position: 1,
                bot_id: Some(self.bot.id),
            },
        ];
        self.guilds.insert(
            id,
            GuildRecord {
                id,
                name: name.into(),
                locale: "en-US".into(),
                members: vec![self.bot.id],
                owner: None,
                roles,
                member_roles: BTreeMap::from([(self.bot.id, vec![bot_role])]),
            },
        );
        id
    }

    pub(crate) fn add_text_channel(&mut self, guild: GuildId, name: &str) -> ChannelId {
        assert!(self.guilds.contains_key(&guild), "unknown guild {guild:?}");
        let id = ChannelId(self.snowflake());
        self.channels.insert(
            id,
            ChannelRecord {
                id,
                name: name.into(),
                kind: ChannelKind::GuildText(guild),
                overwrites: Vec::new(),
            },
        );
        id
    }

    /// The DM channel between the bot and `user`, created on first use (as Discord does).
    pub(crate) fn dm_channel(&mut self, user: UserId) -> ChannelId {
        if let Some(c) = self
            .channels
            .values()
            .find(|c| c.kind == ChannelKind::Dm(user))
        {
            return c.id;
        }
        let id = ChannelId(self.snowflake());
        self.channels.insert(
            id,
            ChannelRecord {
                id,
                name: String::new(),
                kind: ChannelKind::Dm(user),
                overwrites: Vec::new(),
            },
        );
        id
    }

    pub(crate) fn guild_of(&self, channel: ChannelId) -> Option<GuildId> {
        match &self.channels.get(&channel)?.kind {
            ChannelKind::GuildText(g) => Some(*g),
            ChannelKind::Dm(_) => None,
            // --- campaign (issue 29)
            ChannelKind::PrivateThread { guild, .. } => Some(*guild),
        }
    }

    /// Live (not deleted) messages of a channel, oldest first.
    pub fn channel_messages(&self, channel: ChannelId) -> Vec<MessageRecord> {
        self.messages
            .iter()
            .filter(|m| m.channel_id == channel && !m.deleted)
            .cloned()
            .collect()
    }

    pub fn message(&self, id: MessageId) -> Option<&MessageRecord> {
        self.messages.iter().find(|m| m.id == id)
    }

    pub(crate) fn message_mut(&mut self, id: MessageId) -> Option<&mut MessageRecord> {
        self.messages.iter_mut().find(|m| m.id == id && !m.deleted)
    }

    pub fn interaction(&self, id: u64) -> Option<&InteractionRecord> {
        self.interactions.iter().find(|i| i.id == id)
    }

    pub(crate) fn interaction_by_token_mut(
        &mut self,
        token: &str,
    ) -> Option<&mut InteractionRecord> {
        self.interactions.iter_mut().find(|i| i.token == token)
    }

    /// The commands a user may invoke in `channel`: global ones, plus the guild's own in a guild.
    pub fn visible_commands(&self, channel: ChannelId) -> Vec<Value> {
        let mut out = self.global_commands.clone();
        if let Some(g) = self.guild_of(channel) {
            out.extend(self.guild_commands.get(&g).cloned().unwrap_or_default());
        }
        out
    }

    /// Sends a dispatch (op 0) on the current session; returns its sequence number, or `None`
    /// when no bot has identified yet.
    pub(crate) fn dispatch(&mut self, event: &str, data: Value) -> Option<u64> {
        let last = self.sessions.len().checked_sub(1)?;
        self.dispatch_at(last, event, data)
    }

    /// Dispatches a guild's event on the sessions of its shard (`(guild_id >> 22) % count`, as
    /// Discord routes), a DM's on shard 0. Every live session that identified for the shard
    /// gets it: during a deploy overlap two processes on one shard both receive each event
    /// (<https://discord.com/developers/docs/events/gateway#sharding>). With none live, the
    /// latest session of the shard keeps it for a RESUME; with none at all it is dropped.
    pub(crate) fn dispatch_for(
        &mut self,
        guild: Option<GuildId>,
        event: &str,
        data: Value,
    ) -> Option<u64> {
        if self.sessions.is_empty() {
            return None;
        }
        let claims = |s: &Session| {
            let [id, count] = s.shard;
            let want = guild.map_or(0, |g| (g.0 >> 22) % count.max(1));
            id == want
        };
        let live: Vec<usize> = (0..self.sessions.len())
            .filter(|&i| claims(&self.sessions[i]) && self.sessions[i].conn.is_some())
            .collect();
        if live.is_empty() {
            // No session of this shard at all: the event goes nowhere, as on Discord.
            let Some(i) = self.sessions.iter().rposition(claims) else {
                self.gateway.undelivered.push(event.to_string());
                return None;
            };
            return self.dispatch_at(i, event, data);
        }
        let mut first = None;
        for i in live {
            let seq = self.dispatch_at(i, event, data.clone());
            first = first.or(seq);
        }
        first
    }

    /// Whether some session has a live connection.
    pub fn sessions_live(&self) -> bool {
        self.sessions.iter().any(|s| s.conn.is_some())
    }

    /// Ends a session: a RESUME of it is answered INVALID_SESSION.
    pub(crate) fn invalidate(&mut self, id: &str) {
        let before = self.sessions.len();
        self.sessions.retain(|s| s.id != id);
        if self.sessions.len() < before {
            self.gateway.invalidated += 1;
        }
    }

    fn dispatch_at(&mut self, i: usize, event: &str, data: Value) -> Option<u64> {
        let session = self.sessions.get_mut(i)?;
        session.seq += 1;
        let seq = session.seq;
        let frame = json!({ "op": 0, "s": seq, "t": event, "d": data }).to_string();
        session.backlog.push((seq, frame.clone()));
        if let Some((_, tx)) = &session.conn {
            // A closed connection just means the frame waits in the backlog for a RESUME.
            let _ = tx.send(Outbound::Text(frame));
        }
        self.gateway.dispatches.push((seq, event.to_string()));
        Some(seq)
    }

    /// Sends a raw frame on the live connection; false if there is none.
    pub(crate) fn send_raw(&mut self, frame: Outbound) -> bool {
        match self.sessions.last().and_then(|s| s.conn.as_ref()) {
            Some((_, tx)) => tx.send(frame).is_ok(),
            None => false,
        }
    }

    pub(crate) fn config(&self) -> &EmulatorConfig {
        &self.config
    }

    /// How long ago the interaction was created, by the emulator's clock.
    pub(crate) fn age(created: Instant) -> Duration {
        created.elapsed()
    }
}

/// Current time as an RFC 3339 timestamp with milliseconds, UTC.
pub(crate) fn now_rfc3339() -> String {
    let now = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .unwrap_or_default();
    let secs = now.as_secs();
    let days = (secs / 86_400) as i64;
    let rem = secs % 86_400;
    let (y, m, d) = civil_from_days(days);
    format!(
        "{y:04}-{m:02}-{d:02}T{:02}:{:02}:{:02}.{:03}+00:00",
        rem / 3600,
        (rem / 60) % 60,
        rem % 60,
        now.subsec_millis()
    )
}

/// Proleptic Gregorian date of a day count since 1970-01-01.
fn civil_from_days(z: i64) -> (i64, u32, u32) {
    let z = z + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let y = yoe + era * 400 + i64::from(m <= 2);
    (y, m, d)
}

#[cfg(test)]
mod tests {
    use super::civil_from_days;

    #[test]
    fn civil_dates() {
        assert_eq!(civil_from_days(0), (1970, 1, 1));
        assert_eq!(civil_from_days(16_436), (2015, 1, 1));
        assert_eq!(civil_from_days(19_782), (2024, 2, 29));
    }
}

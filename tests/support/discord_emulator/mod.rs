//! A loopback emulator of Discord's REST API and gateway, for end-to-end tests of the real
//! serenity client.
//!
//! [`Emulator::start`] serves `http://127.0.0.1:<random port>`: REST under `/api/v10/...` and the
//! gateway websocket at `/gateway`. Point the bot at [`Emulator::base_url`] with
//! [`Emulator::token`], then drive it with the test API (`invoke_slash`, `click_component`,
//! `autocomplete`, `request_reconnect`) and inspect what Discord would have shown. Every wait is
//! driven by a change counter (a `tokio::sync::watch`) with a timeout; nothing polls or sleeps.
//!
//! Discord's rules are enforced with Discord's error bodies: the 3 s acknowledgement deadline
//! (10062), one acknowledgement per interaction (40060), the 15-minute follow-up window (50027),
//! closed DMs (50007), message, embed, component and choice limits (50035), 10 MiB attachments
//! (40005) and the command limits (30032 / 50035), channel permissions from roles and overwrites
//! (50001 / 50013, GUILD_CREATE), rate-limit buckets and the global limit (429), 10008 for a
//! deleted deferred message, heartbeat deadlines and session ends on the gateway. What it checks
//! and what it knowingly does not: `docs/discord-emulator.md`.
#![allow(dead_code)] // Each test binary uses a different part of the API.

pub mod faults;
mod gateway;
pub mod limits;
pub mod payloads;
pub mod permissions;
pub mod ratelimit;
mod rest;
mod state;
// --- campaign (issue 29): private threads
pub mod threads;
mod tls_proxy;

use std::net::SocketAddr;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use axum::extract::DefaultBodyLimit;
use axum::routing::get;
use axum::Router;
use serde_json::{json, Value};
use tokio::sync::watch;

#[allow(unused_imports)] // Re-exported for tests; not every test binary needs each one.
pub use state::{
    AttachmentRecord, ChannelId, ChannelKind, GatewayLog, GuildId, InteractionKind,
    InteractionRecord, MessageId, MessageRecord, RequestRecord, State, UserId, EPHEMERAL, LOADING,
};

use payloads::InteractionBase;
use state::Outbound;

/// Tunables; the defaults are Discord's own values.
#[derive(Clone, Debug)]
pub struct EmulatorConfig {
    /// The only token the emulator accepts (REST `Authorization: Bot <token>` and IDENTIFY).
    pub token: String,
    /// Sent in HELLO.
    pub heartbeat_interval: Duration,
    /// Answer heartbeats with op 11 (turn off to simulate a zombied connection).
    pub ack_heartbeats: bool,
    /// Time allowed for the first response to an interaction.
    pub ack_deadline: Duration,
    /// Lifetime of an interaction token for follow-ups and edits.
    pub token_lifetime: Duration,
    /// Per-file upload limit, also sent as `attachment_size_limit` in interactions.
    pub attachment_size_limit: u32,
    /// How long the `wait_*` helpers wait before failing the test.
    pub wait_timeout: Duration,
    /// The shard count `/gateway/bot` recommends; guild events go to shard
    /// `(guild_id >> 22) % shards`, DMs to shard 0.
    pub shards: u64,
    /// Characters allowed per registered command (Discord: 8,000).
    pub command_chars_max: usize,
    /// Enforce Discord's rate limits (bucket headers, 429s; see `ratelimit.rs`).
    pub rate_limits: bool,
    /// After how long without a heartbeat a connection is closed with 4009; `None`: two
    /// intervals and a second. A test sets it below the interval to make the client miss beats.
    pub heartbeat_deadline: Option<Duration>,
}

impl Default for EmulatorConfig {
    fn default() -> Self {
        EmulatorConfig {
            token: "emulated-bot-token".into(),
            heartbeat_interval: Duration::from_millis(41_250),
            ack_heartbeats: true,
            ack_deadline: Duration::from_secs(3),
            token_lifetime: Duration::from_secs(15 * 60),
            attachment_size_limit: 10 * 1024 * 1024,
            wait_timeout: Duration::from_secs(10),
            shards: 1,
            command_chars_max: limits::COMMAND_CHARS_MAX,
            rate_limits: true,
            heartbeat_deadline: None,
        }
    }
}

/// The shared core: state behind a mutex plus a change counter for waits.
pub(crate) struct Shared {
    addr: SocketAddr,
    /// The `CONNECT` proxy serving `https://discord.com` (see `tls_proxy.rs`).
    proxy_addr: SocketAddr,
    state: Mutex<State>,
    version: watch::Sender<u64>,
}

impl Shared {
    /// Changes the state and wakes every waiter.
    pub(crate) fn mutate<T>(&self, f: impl FnOnce(&mut State) -> T) -> T {
        let out = {
            let mut guard = self.state.lock().expect("emulator state poisoned");
            f(&mut guard)
        };
        self.version.send_modify(|v| *v += 1);
        out
    }

    pub(crate) fn read<T>(&self, f: impl FnOnce(&State) -> T) -> T {
        let guard = self.state.lock().expect("emulator state poisoned");
        f(&guard)
    }

    pub(crate) fn gateway_url(&self) -> String {
        format!("ws://{}/gateway", self.addr)
    }
}

/// Stops the HTTP server when the last [`Emulator`] handle is dropped.
struct ServerGuard(tokio::task::JoinHandle<()>);

impl Drop for ServerGuard {
    fn drop(&mut self) {
        self.0.abort();
    }
}

/// An interaction the test created; pass it back to inspect the bot's answer.
#[derive(Clone, Debug)]
pub struct Interaction {
    pub id: u64,
    pub token: String,
    pub channel: ChannelId,
    pub user: UserId,
}

/// A running emulator. Cheap to clone; all clones share one world.
#[derive(Clone)]
pub struct Emulator {
    shared: Arc<Shared>,
    _server: Arc<ServerGuard>,
}

impl Emulator {
    /// Starts an emulator with Discord's default limits on a random loopback port.
    pub async fn start() -> Emulator {
        Emulator::start_with(EmulatorConfig::default()).await
    }

    /// Starts an emulator with custom settings.
    pub async fn start_with(config: EmulatorConfig) -> Emulator {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
            .await
            .expect("bind a loopback port");
        let addr = listener.local_addr().expect("local address");
        let proxy = tokio::net::TcpListener::bind("127.0.0.1:0")
            .await
            .expect("bind a loopback port");
        let proxy_addr = proxy.local_addr().expect("local address");
        let (version, _) = watch::channel(0);
        let shared = Arc::new(Shared {
            addr,
            proxy_addr,
            state: Mutex::new(State::new(config, format!("http://{addr}"))),
            version,
        });
        let app = Router::new()
            .route("/gateway", get(gateway::upgrade))
            .fallback(rest::handle)
            .layer(DefaultBodyLimit::max(rest::BODY_LIMIT))
            .with_state(shared.clone());
        let proxied = app.clone();
        let server = tokio::spawn(async move {
            // Stopped with the server: the guard goes when this task is aborted.
            let _proxy = ServerGuard(tokio::spawn(tls_proxy::serve(proxy, proxied)));
            let _ = axum::serve(listener, app).await;
        });
        Emulator {
            shared,
            _server: Arc::new(ServerGuard(server)),
        }
    }

    /// `http://127.0.0.1:PORT`, the value for the bot's REST base override.
    pub fn base_url(&self) -> String {
        format!("http://{}", self.shared.addr)
    }

    /// `http://127.0.0.1:PORT` of an HTTP proxy through which `https://discord.com` is this
    /// emulator (self-signed certificate): for a bot with serenity's rate limiter on.
    pub fn https_proxy_url(&self) -> String {
        format!("http://{}", self.shared.proxy_addr)
    }

    /// `ws://127.0.0.1:PORT/gateway`.
    pub fn gateway_url(&self) -> String {
        self.shared.gateway_url()
    }

    /// The bot token the emulator accepts.
    pub fn token(&self) -> String {
        self.read(|s| s.config().token.clone())
    }

    pub fn application_id(&self) -> u64 {
        self.read(|s| s.app_id)
    }

    pub fn bot_user(&self) -> UserId {
        self.read(|s| s.bot.id)
    }

    /// Reads the state (for assertions that the helpers below do not cover).
    pub fn read<T>(&self, f: impl FnOnce(&State) -> T) -> T {
        self.shared.read(f)
    }

    // ----- the world -----

    /// A user with locale `en-US`.
    pub fn create_user(&self, name: &str) -> UserId {
        self.create_user_with_locale(name, "en-US")
    }

    /// A user whose Discord client runs in `locale` (e.g. `ru`).
    pub fn create_user_with_locale(&self, name: &str, locale: &str) -> UserId {
        self.shared.mutate(|s| s.add_user(name, locale))
    }

    /// A guild the bot is in. A connected bot gets its GUILD_CREATE.
    pub fn create_guild(&self, name: &str) -> GuildId {
        self.shared.mutate(|s| {
            let g = s.add_guild(name);
            if let Some(d) = s.guild_create(g) {
                s.dispatch_for(Some(g), "GUILD_CREATE", d);
            }
            g
        })
    }

    /// A text channel; a connected bot gets its CHANNEL_CREATE.
    pub fn create_text_channel(&self, guild: GuildId, name: &str) -> ChannelId {
        self.shared.mutate(|s| {
            let c = s.add_text_channel(guild, name);
            if let Some(d) = s.guild_channel(c) {
                s.dispatch_for(Some(guild), "CHANNEL_CREATE", d);
            }
            c
        })
    }

    /// Sets (or with `allow == deny == 0` removes) the channel's permission overwrite for
    /// `target`; a connected bot gets the CHANNEL_UPDATE, as from Discord when a moderator
    /// edits the channel's permissions.
    pub fn set_overwrite(
        &self,
        channel: ChannelId,
        target: permissions::Target,
        allow: u64,
        deny: u64,
    ) {
        self.shared.mutate(|s| {
            let c = s.channels.get_mut(&channel).expect("unknown channel");
            c.overwrites.retain(|o| o.target != target);
            if allow != 0 || deny != 0 {
                c.overwrites.push(permissions::Overwrite {
                    target,
                    allow,
                    deny,
                });
            }
            let guild = s.guild_of(channel);
            if let Some(d) = s.guild_channel(channel) {
                s.dispatch_for(guild, "CHANNEL_UPDATE", d);
            }
        });
    }

    /// Denies the bot `deny` in the channel (a member overwrite for the bot), e.g.
    /// `bits::SEND_MESSAGES`; `0` lifts it.
    pub fn deny_bot(&self, channel: ChannelId, deny: u64) {
        let bot = self.bot_user();
        self.set_overwrite(channel, permissions::Target::Member(bot), 0, deny);
    }

    /// The bot's own (managed) role in the guild.
    pub fn bot_role(&self, guild: GuildId) -> u64 {
        self.read(|s| s.guilds.get(&guild).and_then(|g| g.bot_role()))
            .expect("the guild has the bot's role")
    }

    /// Sets a role's guild-wide permissions; a connected bot gets GUILD_ROLE_UPDATE.
    pub fn set_role_permissions(&self, guild: GuildId, role: u64, permissions: u64) {
        self.shared.mutate(|s| {
            let g = s.guilds.get_mut(&guild).expect("unknown guild");
            let r = g
                .roles
                .iter_mut()
                .find(|r| r.id == role)
                .expect("unknown role");
            r.permissions = permissions;
            let d = json!({ "guild_id": guild.0.to_string(), "role": r.json() });
            s.dispatch_for(Some(guild), "GUILD_ROLE_UPDATE", d);
        });
    }

    pub fn add_member(&self, guild: GuildId, user: UserId) {
        self.shared.mutate(|s| {
            let g = s.guilds.get_mut(&guild).expect("unknown guild");
            if !g.members.contains(&user) {
                g.members.push(user);
            }
        });
    }

    /// The DM channel between the bot and `user` (created if needed).
    pub fn dm_channel(&self, user: UserId) -> ChannelId {
        self.shared.mutate(|s| s.dm_channel(user))
    }

    /// The user no longer accepts DMs from the bot: sends fail with 50007.
    pub fn close_dms(&self, user: UserId) {
        self.shared.mutate(|s| {
            s.users.get_mut(&user).expect("unknown user").dms_closed = true;
        });
    }

    /// DMs to the user fail with a 500 (`broken`) or work again.
    pub fn set_dms_broken(&self, user: UserId, broken: bool) {
        self.shared.mutate(|s| {
            s.users.get_mut(&user).expect("unknown user").dms_broken = broken;
        });
    }

    /// Lowers (or restores) the per-command character budget of registrations, so that the
    /// bot's next bulk overwrite is refused with 50035 as Discord refuses a command too large.
    pub fn set_command_chars_max(&self, n: usize) {
        self.shared.mutate(|s| s.config.command_chars_max = n);
    }

    /// A moderator deletes a message (issue 29: the bot learns it when an edit fails, 10008).
    pub fn delete_message(&self, id: MessageId) {
        self.shared.mutate(|s| {
            if let Some(m) = s.message_mut(id) {
                m.deleted = true;
                m.pinned = false;
            }
        });
    }

    /// The user accepts DMs from the bot again.
    pub fn open_dms(&self, user: UserId) {
        self.shared.mutate(|s| {
            s.users.get_mut(&user).expect("unknown user").dms_closed = false;
        });
    }

    // ----- interactions -----

    /// The user runs `/<command> <subcommand> [options]` in `channel` (a guild channel or a DM
    /// channel). Option types are taken from the registered command, as Discord does.
    ///
    /// The interaction is dispatched to the connected bot; with no bot identified yet it is only
    /// recorded (for tests that answer it over REST themselves).
    ///
    /// # Panics
    /// If the command or subcommand was never registered where the channel can see it: Discord
    /// could not create such an interaction.
    pub fn invoke_slash(
        &self,
        user: UserId,
        channel: ChannelId,
        command: &str,
        subcommand: &str,
        options: &[(&str, Value)],
    ) -> Interaction {
        self.invoke_path(user, channel, command, &[subcommand], options)
    }

    /// Like [`Emulator::invoke_slash`] for any depth (`&[]` for a command without subcommands,
    /// `&["group", "sub"]` for a group).
    pub fn invoke_path(
        &self,
        user: UserId,
        channel: ChannelId,
        command: &str,
        path: &[&str],
        options: &[(&str, Value)],
    ) -> Interaction {
        self.command_like(
            InteractionKind::Command,
            user,
            channel,
            command,
            path,
            options,
            None,
            Duration::ZERO,
        )
    }

    /// A file a user attaches to a slash-command option of type attachment (11): pass the
    /// returned id as the option's value (as text). The interaction then carries it in
    /// `data.resolved.attachments`, and its URL serves the bytes.
    pub fn upload(&self, filename: &str, bytes: &[u8]) -> u64 {
        self.shared.mutate(|s| {
            let id = s.snowflake();
            s.uploads.push(state::AttachmentRecord {
                id,
                filename: filename.to_string(),
                content_type: Some("text/plain; charset=utf-8".into()),
                description: None,
                bytes: bytes.to_vec(),
            });
            id
        })
    }

    /// The user types into option `focused` of `/<command> <path...>`; the bot must answer
    /// with type 8. `options` must include the focused option's partial value.
    pub fn autocomplete(
        &self,
        user: UserId,
        channel: ChannelId,
        command: &str,
        path: &[&str],
        options: &[(&str, Value)],
        focused: &str,
    ) -> Interaction {
        self.command_like(
            InteractionKind::Autocomplete,
            user,
            channel,
            command,
            path,
            options,
            Some(focused),
            Duration::ZERO,
        )
    }

    #[allow(clippy::too_many_arguments)]
    fn command_like(
        &self,
        kind: InteractionKind,
        user: UserId,
        channel: ChannelId,
        command: &str,
        path: &[&str],
        options: &[(&str, Value)],
        focused: Option<&str>,
        age: Duration,
    ) -> Interaction {
        let created = Instant::now().checked_sub(age).expect("clock too young");
        self.shared.mutate(|s| {
            let in_dm = s.guild_of(channel).is_none();
            let def = s
                .visible_commands(channel)
                .into_iter()
                .find(|c| {
                    c["name"] == command && c["type"] == 1 && (!in_dm || payloads::usable_in_dm(c))
                })
                .unwrap_or_else(|| panic!("/{command} is not registered for channel {channel:?}"));
            let tree = payloads::option_tree(&def, path, options, focused)
                .unwrap_or_else(|e| panic!("/{command} {path:?}: {e}"));
            let mut data = json!({ "id": def["id"], "name": command, "type": 1, "options": tree });
            // Attachment options (type 11) carry an id; Discord resolves it in the payload.
            let resolved = payloads::resolved_attachments(s, &data["options"]);
            if !resolved.is_empty() {
                data["resolved"] = json!({ "attachments": resolved });
            }
            if let Some(g) = def.get("guild_id") {
                data["guild_id"] = g.clone();
            }
            create_interaction_at(s, kind, user, channel, data, None, created)
        })
    }

    /// The user clicks the button `custom_id` on `message`.
    ///
    /// # Panics
    /// If the message has no such button.
    pub fn click_component(
        &self,
        user: UserId,
        message: MessageId,
        custom_id: &str,
    ) -> Interaction {
        self.component(user, message, custom_id, None)
    }

    /// The user picks `values` in the select menu `custom_id` on `message`.
    pub fn select_values(
        &self,
        user: UserId,
        message: MessageId,
        custom_id: &str,
        values: &[&str],
    ) -> Interaction {
        self.component(user, message, custom_id, Some(values))
    }

    fn component(
        &self,
        user: UserId,
        message: MessageId,
        custom_id: &str,
        values: Option<&[&str]>,
    ) -> Interaction {
        self.shared.mutate(|s| {
            let msg = s
                .message(message)
                .filter(|m| !m.deleted)
                .cloned()
                .unwrap_or_else(|| panic!("no message {message:?}"));
            let component = msg
                .components
                .iter()
                .flat_map(|row| row["components"].as_array().cloned().unwrap_or_default())
                .find(|c| c["custom_id"] == custom_id)
                .unwrap_or_else(|| panic!("message {message:?} has no component {custom_id:?}"));
            let component_type = component["type"].as_u64().unwrap_or(0);
            let mut data = json!({ "custom_id": custom_id, "component_type": component_type });
            match values {
                Some(v) => data["values"] = json!(v),
                None => assert_eq!(component_type, 2, "{custom_id:?} is not a button"),
            }
            let message_json = payloads::message(s, &msg);
            create_interaction(
                s,
                InteractionKind::Component,
                user,
                msg.channel_id,
                data,
                Some((msg.id, message_json)),
            )
        })
    }

    /// Moves the interaction's creation time `by` into the past, as if the gateway had been
    /// slow (past 3 s the acknowledgement fails; past 15 min the token is dead).
    pub fn backdate_interaction(&self, ix: &Interaction, by: Duration) {
        self.shared.mutate(|s| {
            let rec = s
                .interactions
                .iter_mut()
                .find(|i| i.id == ix.id)
                .expect("unknown interaction");
            rec.created = rec
                .created
                .checked_sub(by)
                .expect("clock too young to backdate");
        });
    }

    /// Like [`Emulator::invoke_slash`], but the interaction is already `age` old when the bot
    /// receives it (a slow gateway): past 3 s the bot's acknowledgement fails with 10062.
    pub fn invoke_slash_aged(
        &self,
        age: Duration,
        user: UserId,
        channel: ChannelId,
        command: &str,
        subcommand: &str,
    ) -> Interaction {
        self.command_like(
            InteractionKind::Command,
            user,
            channel,
            command,
            &[subcommand],
            &[],
            None,
            age,
        )
    }

    /// Delivers the interaction's INTERACTION_CREATE again, unchanged (same id and token, a new
    /// sequence number), as Discord may: a resumed session replays the events after the `seq`
    /// the client sent, and a client that lost track of what it handled gets them twice
    /// (<https://discord.com/developers/docs/events/gateway#resuming>). Returns whether a
    /// session received it.
    pub fn redeliver(&self, ix: &Interaction) -> bool {
        self.shared.mutate(|s| {
            let rec = s.interaction(ix.id).cloned().expect("unknown interaction");
            s.dispatch_for(rec.guild_id, "INTERACTION_CREATE", rec.payload)
                .is_some()
        })
    }

    // ----- gateway control -----

    /// Sends RECONNECT (op 7) on the live connection.
    ///
    /// # Panics
    /// If no bot is connected.
    pub fn request_reconnect(&self) {
        let sent = self
            .shared
            .mutate(|s| s.send_raw(Outbound::Text(json!({ "op": 7, "d": null }).to_string())));
        assert!(sent, "no live gateway connection");
    }

    /// Sends INVALID_SESSION (op 9).
    pub fn invalidate_session(&self, resumable: bool) {
        let sent = self.shared.mutate(|s| {
            s.send_raw(Outbound::Text(
                json!({ "op": 9, "d": resumable }).to_string(),
            ))
        });
        assert!(sent, "no live gateway connection");
    }

    /// Closes the live connection with `code` (e.g. 4000 unknown error, resumable).
    pub fn close_connection(&self, code: u16) {
        let sent = self
            .shared
            .mutate(|s| s.send_raw(Outbound::Close(code, "closed by the emulator")));
        assert!(sent, "no live gateway connection");
    }

    /// The next `n` heartbeats from the client are lost on the way: not acknowledged and not
    /// counted, so the connection is closed with 4009 once the deadline passes.
    pub fn drop_heartbeats(&self, n: u32) {
        self.shared.mutate(|s| s.heartbeats_to_drop += n);
    }

    /// Whether a bot is connected right now.
    pub fn connected(&self) -> bool {
        self.read(|s| s.sessions.last().is_some_and(|x| x.conn.is_some()))
    }

    // ----- injected faults -----

    /// Holds the next `times` REST requests about `channel` (any channel with `None`) whose
    /// path contains `path_contains` for `stall` before answering them.
    pub fn stall_requests(
        &self,
        channel: Option<ChannelId>,
        path_contains: &str,
        stall: Duration,
        times: u32,
    ) {
        self.add_fault(
            channel,
            path_contains,
            times,
            faults::FaultKind::Stall(stall),
        );
    }

    /// Answers the next `times` matching REST requests with 429 and `retry_after` seconds.
    pub fn rate_limit_requests(
        &self,
        channel: Option<ChannelId>,
        path_contains: &str,
        retry_after: f64,
        times: u32,
    ) {
        self.add_fault(
            channel,
            path_contains,
            times,
            faults::FaultKind::RateLimited {
                retry_after,
                global: false,
            },
        );
    }

    fn add_fault(
        &self,
        channel: Option<ChannelId>,
        path_contains: &str,
        times: u32,
        kind: faults::FaultKind,
    ) {
        self.shared.mutate(|s| {
            s.faults.push(faults::Fault {
                method: None,
                path_contains: Some(path_contains.to_string()),
                channel,
                times,
                kind,
            })
        });
    }

    // ----- inspection -----

    pub fn requests(&self) -> Vec<RequestRecord> {
        self.read(|s| s.requests.clone())
    }

    pub fn gateway_log(&self) -> GatewayLog {
        self.read(|s| s.gateway.clone())
    }

    /// Messages visible in a channel, interaction responses (ephemeral too) included.
    pub fn messages_in(&self, channel: ChannelId) -> Vec<MessageRecord> {
        self.read(|s| s.channel_messages(channel))
    }

    /// What the user received in their DM channel with the bot.
    pub fn dms_of(&self, user: UserId) -> Vec<MessageRecord> {
        self.read(|s| {
            s.channels
                .values()
                .find(|c| c.kind == state::ChannelKind::Dm(user))
                .map(|c| s.channel_messages(c.id))
                .unwrap_or_default()
        })
    }

    pub fn interaction(&self, ix: &Interaction) -> InteractionRecord {
        self.read(|s| s.interaction(ix.id).cloned().expect("unknown interaction"))
    }

    /// The original response, if the bot sent one.
    pub fn response(&self, ix: &Interaction) -> Option<MessageRecord> {
        self.read(|s| {
            s.interaction(ix.id)
                .and_then(|i| i.original_message)
                .and_then(|m| s.message(m).cloned())
        })
    }

    pub fn followups(&self, ix: &Interaction) -> Vec<MessageRecord> {
        self.read(|s| {
            s.interaction(ix.id)
                .map(|i| {
                    i.followups
                        .iter()
                        .filter_map(|m| s.message(*m).cloned())
                        .collect()
                })
                .unwrap_or_default()
        })
    }

    // ----- waits -----

    /// Waits until `probe` returns `Some`, re-checking after every change of the state.
    ///
    /// # Panics
    /// After the configured `wait_timeout`, naming `what`.
    pub async fn wait_until<T>(&self, what: &str, mut probe: impl FnMut(&State) -> Option<T>) -> T {
        let timeout = self.read(|s| s.config().wait_timeout);
        let deadline = tokio::time::Instant::now() + timeout;
        let mut changes = self.shared.version.subscribe();
        loop {
            changes.borrow_and_update();
            if let Some(v) = self.read(&mut probe) {
                return v;
            }
            match tokio::time::timeout_at(deadline, changes.changed()).await {
                Ok(Ok(())) => {}
                Ok(Err(_)) => panic!("emulator stopped while waiting for {what}"),
                Err(_) => panic!("timed out after {timeout:?} waiting for {what}"),
            }
        }
    }

    /// Waits for IDENTIFY and the first command registration: the bot is ready for input.
    pub async fn wait_ready(&self) {
        self.wait_until("the bot to identify and register its commands", |s| {
            (!s.sessions.is_empty() && s.registrations > 0).then_some(())
        })
        .await;
    }

    /// Waits for the bot's original response, filled in (not a "thinking" placeholder).
    pub async fn wait_response(&self, ix: &Interaction) -> MessageRecord {
        let id = ix.id;
        self.wait_until("the interaction response", move |s| {
            let m = s.message(s.interaction(id)?.original_message?)?;
            (!m.is_loading()).then(|| m.clone())
        })
        .await
    }

    /// Waits for the bot's autocomplete answer.
    pub async fn wait_choices(&self, ix: &Interaction) -> Vec<Value> {
        let id = ix.id;
        self.wait_until("autocomplete choices", move |s| {
            s.interaction(id)?.choices.clone()
        })
        .await
    }

    /// Waits for the `n`-th (1-based) served request matching `pred`.
    pub async fn wait_request(
        &self,
        what: &str,
        n: usize,
        pred: impl Fn(&RequestRecord) -> bool,
    ) -> RequestRecord {
        self.wait_until(what, |s| {
            s.requests.iter().filter(|r| pred(r)).nth(n - 1).cloned()
        })
        .await
    }

    /// Waits for the bot's (first) callback request for `ix`, whatever its outcome.
    pub async fn wait_callback(&self, ix: &Interaction) -> RequestRecord {
        let path = format!("/api/v10/interactions/{}/{}/callback", ix.id, ix.token);
        self.wait_request("the interaction callback", 1, move |r| r.path == path)
            .await
    }
}

fn create_interaction(
    s: &mut State,
    kind: InteractionKind,
    user: UserId,
    channel: ChannelId,
    data: Value,
    message: Option<(MessageId, Value)>,
) -> Interaction {
    create_interaction_at(s, kind, user, channel, data, message, Instant::now())
}

fn create_interaction_at(
    s: &mut State,
    kind: InteractionKind,
    user: UserId,
    channel: ChannelId,
    data: Value,
    message: Option<(MessageId, Value)>,
    created: Instant,
) -> Interaction {
    assert!(
        s.channels.contains_key(&channel),
        "unknown channel {channel:?}"
    );
    let id = s.snowflake();
    let token = format!("aW50ZXJhY3Rpb24{:032x}{:016x}", rand::random::<u128>(), id);
    let base = InteractionBase {
        id,
        token: token.clone(),
        kind,
        user,
        channel,
    };
    let (source, message_json) = match message {
        Some((m, j)) => (Some(m), Some(j)),
        None => (None, None),
    };
    let payload = payloads::interaction(s, &base, data, message_json).expect("interaction payload");
    s.interactions.push(InteractionRecord {
        id,
        token: token.clone(),
        kind,
        user,
        channel_id: channel,
        guild_id: s.guild_of(channel),
        created,
        response_type: None,
        original_message: None,
        deferred_original: false,
        source_message: source,
        followups: Vec::new(),
        choices: None,
        payload: payload.clone(),
        dispatched_seq: None,
    });
    // With no bot connected the interaction is recorded but reaches nobody (REST-only tests).
    let guild = s.guild_of(channel);
    let seq = s.dispatch_for(guild, "INTERACTION_CREATE", payload);
    if let Some(rec) = s.interactions.last_mut() {
        rec.dispatched_seq = seq;
    }
    Interaction {
        id,
        token,
        channel,
        user,
    }
}

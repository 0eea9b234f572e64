//! The one global interaction handler: slash commands, autocomplete and button clicks, each
//! routed to the table by channel (slash) or by the button's `custom_id` (clicks, which may come
//! from a DM).

use std::collections::{HashMap, HashSet};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, OnceLock};
use std::time::Duration;

use serenity::all::{
    AttachmentId, AutocompleteChoice, ChannelId, CommandDataOption, CommandDataOptionValue,
    CommandInteraction, ComponentInteraction, Context, CreateAutocompleteResponse,
    CreateInteractionResponse, CreateInteractionResponseMessage, EventHandler, GuildId,
    Interaction, Member, Ready, ShardManager, User,
};
use serenity::async_trait;
use tokio::sync::Notify;

use super::commands::{all_commands, standalone_named, ROOT};
use super::deliver::{self, Ix};
use super::help::{help_text, Lang};
use super::prompts::Prompt;
use crate::table::command::{Command, FileArg, Invocation};
use crate::table::{Caller, Channel, Notice, Table, UserId};

/// Why a handler could not do its work (logged; the user sees a polite message).
#[derive(Debug, thiserror::Error)]
pub enum CommandError {
    /// A call to Discord failed.
    #[error("Discord request failed: {0}")]
    Discord(#[from] serenity::Error),
    /// A blocking table call panicked.
    #[error("the table failed: {0}")]
    Table(String),
}

pub(crate) fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

/// Everything the handlers share.
pub struct BotState {
    pub(crate) table: Arc<Table>,
    dev_guild: Option<GuildId>,
    pub(crate) ack_budget: Duration,
    /// One async lock per game channel: commands of one game run one at a time.
    games: Mutex<HashMap<Channel, Arc<tokio::sync::Mutex<()>>>>,
    /// One async lock per channel for delivery: answers go out in the order the table ran
    /// their commands, without holding the game (see `deliver::execute`).
    posts: Mutex<HashMap<Channel, Arc<tokio::sync::Mutex<()>>>>,
    /// Channels whose game the table has loaded from the store in this process.
    loaded: Mutex<HashSet<Channel>>,
    /// The stored DM state of the users met in this process: when a DM last failed because
    /// their DMs are closed (50007), `None` when they are not marked closed. Read from the
    /// table once per user and written through to it, so it survives a restart.
    dm_closed: Mutex<HashMap<UserId, Option<i64>>>,
    /// How long after a failure the bot leaves a closed DM channel alone.
    dm_retry_after: Duration,
    /// DM channel ids by user.
    pub(crate) dm_channels: Mutex<HashMap<UserId, ChannelId>>,
    /// Held while a DM channel is opened: the bot opens one at a time (issue 32), so serenity's
    /// limiter learns the route's bucket from the first answer and waits instead of a burst
    /// of openings being refused with 429.
    pub(crate) dm_opening: tokio::sync::Mutex<()>,
    // --- campaign (issue 32): announcements Discord refused are held in the table's store
    // (`Table::hold_posts`), posted oldest first with the channel's next answer.
    registered: AtomicBool,
    registration_failure: Mutex<Option<String>>,
    shard_manager: OnceLock<Arc<ShardManager>>,
    /// The configured shard range, when this process runs only part of the shards.
    shards: OnceLock<super::ShardRange>,
    closing: AtomicBool,
    in_flight: AtomicUsize,
    idle: Notify,
    /// Map pictures drawn and posted after their answers' text.
    pub(crate) pictures: Arc<super::pictures::PictureQueue>,
    /// The clock, reminders and living dashboards of long campaigns (issue 29).
    pub(crate) rhythm: super::reminders::Rhythm,
}

/// Counts an interaction as in flight while alive.
struct InFlight<'a>(&'a BotState);

impl Drop for InFlight<'_> {
    fn drop(&mut self) {
        if self.0.in_flight.fetch_sub(1, Ordering::SeqCst) == 1 {
            self.0.idle.notify_waiters();
        }
    }
}

impl BotState {
    pub(crate) fn new(
        table: Arc<Table>,
        dev_guild: Option<GuildId>,
        ack_budget: Duration,
        dm_retry_after: Duration,
    ) -> Self {
        let rhythm = super::reminders::Rhythm::default();
        BotState {
            table,
            dev_guild,
            ack_budget,
            games: Mutex::new(HashMap::new()),
            posts: Mutex::new(HashMap::new()),
            loaded: Mutex::new(HashSet::new()),
            dm_closed: Mutex::new(HashMap::new()),
            dm_retry_after,
            dm_channels: Mutex::new(HashMap::new()),
            dm_opening: tokio::sync::Mutex::new(()),
            registered: AtomicBool::new(false),
            registration_failure: Mutex::new(None),
            shard_manager: OnceLock::new(),
            shards: OnceLock::new(),
            closing: AtomicBool::new(false),
            in_flight: AtomicUsize::new(0),
            idle: Notify::new(),
            pictures: Arc::new(super::pictures::PictureQueue::with_pace(
                rhythm.global.clone(),
            )),
            rhythm,
        }
    }

    /// Whether the bot is shutting down.
    pub(crate) fn is_closing(&self) -> bool {
        self.closing.load(Ordering::SeqCst)
    }

    pub(crate) fn set_shard_manager(&self, m: Arc<ShardManager>) {
        let _ = self.shard_manager.set(m);
    }

    pub(crate) fn set_shards(&self, shards: Option<super::ShardRange>) {
        if let Some(r) = shards {
            let _ = self.shards.set(r);
        }
    }

    /// Whether this process serves the guild (always, without a configured shard range). A
    /// guild of another process's shard has its games in that process's database: refused here
    /// with a log line, never looked up in this one.
    pub(crate) fn serves(&self, guild: Option<GuildId>) -> bool {
        match (self.shards.get(), guild) {
            (Some(r), Some(g)) if !r.serves(g.get()) => {
                tracing::error!(
                    guild = g.get(),
                    shard = super::ShardRange::shard_of(g.get(), r.total),
                    first = r.first,
                    last = r.last,
                    total = r.total,
                    "an interaction of a guild on a shard this process does not run: its games \
                     live in another process's database; check the `shards` settings"
                );
                false
            }
            _ => true,
        }
    }

    /// Keeps announcements the channel did not get, to post them later.
    pub(crate) fn hold_unposted(&self, channel: Channel, texts: Vec<String>) {
        // --- campaign (issue 32): held in the store, so a restart keeps them.
        if !texts.is_empty() {
            self.table.hold_posts(channel, &texts);
        }
    }

    /// Takes the channel's held announcements (the caller posts them or holds them again).
    pub(crate) fn take_unposted(&self, channel: Channel) -> Vec<String> {
        // --- campaign (issue 32): from the store.
        self.table.take_held_posts(channel)
    }

    pub(crate) fn registration_failure(&self) -> Option<String> {
        lock(&self.registration_failure).clone()
    }

    /// Claims interaction `id` in the store: `false` when it was delivered before and must be
    /// left alone. When the store cannot answer, the interaction is handled (a failing store
    /// fails the command itself, and the user is told).
    async fn first_delivery(&self, id: u64) -> bool {
        let table = self.table.clone();
        match tokio::task::spawn_blocking(move || table.claim_interaction(id)).await {
            Ok(Ok(first)) => first,
            Ok(Err(e)) => {
                tracing::warn!(interaction = id, error = %e, "claiming an interaction failed");
                true
            }
            Err(e) => {
                tracing::warn!(interaction = id, error = %e, "claiming an interaction panicked");
                true
            }
        }
    }

    fn enter(&self) -> InFlight<'_> {
        self.in_flight.fetch_add(1, Ordering::SeqCst);
        InFlight(self)
    }

    /// Turns new interactions away and waits (at most `grace`) for the running ones.
    pub(crate) async fn close_and_drain(&self, grace: Duration) {
        self.closing.store(true, Ordering::SeqCst);
        let wait = async {
            loop {
                let idle = self.idle.notified();
                if self.in_flight.load(Ordering::SeqCst) == 0 {
                    return;
                }
                idle.await;
            }
        };
        if tokio::time::timeout(grace, wait).await.is_err() {
            tracing::warn!("in-flight commands did not finish within {grace:?}");
        }
    }

    pub(crate) fn game_lock(&self, channel: Channel) -> Arc<tokio::sync::Mutex<()>> {
        lock(&self.games).entry(channel).or_default().clone()
    }

    /// The channel's delivery turn: held while an answer is sent to Discord.
    pub(crate) fn post_lock(&self, channel: Channel) -> Arc<tokio::sync::Mutex<()>> {
        lock(&self.posts).entry(channel).or_default().clone()
    }

    /// Makes the table load the channel's game from the store (once per process), so reads
    /// such as [`Table::game`] see it after a restart. Blocking.
    pub(crate) fn ensure_loaded(&self, channel: Channel) {
        if lock(&self.loaded).contains(&channel) {
            return;
        }
        if let Err(e) = self.table.summary(channel) {
            // Not marked loaded: the next call tries again, and the command reports it.
            tracing::warn!(%e, "loading a game failed");
            return;
        }
        lock(&self.loaded).insert(channel);
    }

    /// Reads the stored DM state of these users, for those not read yet in this process.
    /// Blocking. A failed read leaves the user unknown (a DM to them is simply tried).
    pub(crate) fn load_dm_state(&self, users: impl IntoIterator<Item = UserId>) {
        for user in users {
            if lock(&self.dm_closed).contains_key(&user) {
                continue;
            }
            match self.table.dms_closed_at(user) {
                Ok(at) => {
                    lock(&self.dm_closed).entry(user).or_insert(at);
                }
                Err(e) => tracing::warn!(user, error = %e, "reading the DM state failed"),
            }
        }
    }

    /// Whether DMs to `user` are held back at `now` (Unix ms): they were found closed less
    /// than the retry delay ago. Users whose DMs were found closed longer ago get a new try.
    pub(crate) fn dms_held_back(&self, user: UserId, now: i64) -> bool {
        let retry = i64::try_from(self.dm_retry_after.as_millis()).unwrap_or(i64::MAX);
        match lock(&self.dm_closed).get(&user) {
            Some(Some(at)) => now.saturating_sub(*at) < retry,
            _ => false,
        }
    }

    /// Records the outcome of a DM attempt to `user` at `now`: closed (`true`) or delivered.
    /// Written to the store only when it changes what is stored; a failed write is logged
    /// (the in-memory state still holds for this process).
    pub(crate) async fn record_dm(&self, user: UserId, closed: bool, now: i64) {
        let at = closed.then_some(now);
        let previous = lock(&self.dm_closed).insert(user, at);
        if !closed && previous == Some(None) {
            return;
        }
        let table = self.table.clone();
        match tokio::task::spawn_blocking(move || table.set_dms_closed(user, at)).await {
            Ok(Ok(())) => {}
            Ok(Err(e)) => tracing::warn!(user, error = %e, "storing the DM state failed"),
            Err(e) => tracing::warn!(user, error = %e, "storing the DM state panicked"),
        }
    }
}

/// serenity's event handler.
pub struct Handler(pub Arc<BotState>);

#[async_trait]
impl EventHandler for Handler {
    async fn ready(&self, ctx: Context, ready: Ready) {
        tracing::info!(user = %ready.user.name, "connected to Discord");
        if self.0.registered.swap(true, Ordering::SeqCst) {
            return;
        }
        let cmds = all_commands();
        let result = match self.0.dev_guild {
            Some(g) => g.set_commands(&ctx.http, cmds).await.map(|_| ()),
            None => serenity::all::Command::set_global_commands(&ctx.http, cmds)
                .await
                .map(|_| ()),
        };
        match result {
            Ok(()) => tracing::info!(guild = ?self.0.dev_guild, "registered /vq"),
            Err(e) if rejected_form(&e).is_some() => {
                // Discord refused the new definitions (50035) and keeps the ones it had: keep
                // serving those, and say exactly which field it refused.
                let reason = rejected_form(&e).unwrap_or_default();
                let text = Notice::RegistrationRejected {
                    reason: reason.clone(),
                }
                .text(crate::table::Locale::En);
                tracing::error!(%reason, "{text}");
            }
            Err(e) => {
                tracing::error!(error = %e, "registering /vq failed; shutting down");
                *lock(&self.0.registration_failure) = Some(e.to_string());
                if let Some(m) = self.0.shard_manager.get() {
                    m.shutdown_all().await;
                }
            }
        }
    }

    async fn interaction_create(&self, ctx: Context, interaction: Interaction) {
        let state = &self.0;
        let _in_flight = state.enter();
        // A command or click delivered again (a replaying resume, two sessions on one shard)
        // runs once: its id is claimed in the store first. Autocomplete changes nothing.
        let claim = match &interaction {
            Interaction::Command(ci) => Some(ci.id.get()),
            Interaction::Component(mi) => Some(mi.id.get()),
            _ => None,
        };
        if let Some(id) = claim {
            if !state.first_delivery(id).await {
                tracing::info!(interaction = id, "an interaction delivered again; ignored");
                return;
            }
        }
        let closing = state.closing.load(Ordering::SeqCst);
        let result = match interaction {
            Interaction::Command(ci) if closing => {
                refuse(&ctx, Ix::Command(Box::new(ci)), Busy).await
            }
            Interaction::Component(mi) if closing => {
                refuse(&ctx, Ix::Component(Box::new(mi)), Busy).await
            }
            Interaction::Command(ci) => slash(state, &ctx, ci).await,
            Interaction::Autocomplete(ci) => autocomplete(state, &ctx, ci).await,
            Interaction::Component(mi) => component(state, &ctx, mi).await,
            _ => Ok(()),
        };
        if let Err(e) = result {
            tracing::warn!(error = %e, "an interaction failed");
        }
    }
}

/// Discord's reasons when it refused a registration as an invalid form body (50035): each
/// refused field's path with its message, e.g. `0.options.3.description: Must be between 1 and
/// 100 in length. (BASE_TYPE_BAD_LENGTH)`. `None` for any other failure.
fn rejected_form(e: &serenity::Error) -> Option<String> {
    let serenity::Error::Http(serenity::all::HttpError::UnsuccessfulRequest(r)) = e else {
        return None;
    };
    if r.error.code != 50035 {
        return None;
    }
    let fields: Vec<String> = r
        .error
        .errors
        .iter()
        .map(|f| format!("{}: {} ({})", f.path, f.message, f.code))
        .collect();
    Some(if fields.is_empty() {
        r.error.message.clone()
    } else {
        fields.join("; ")
    })
}

/// The bot is stopping.
struct Busy;

async fn refuse(ctx: &Context, ix: Ix, _why: Busy) -> Result<(), CommandError> {
    let lang = Lang::from_locale(Some(ix.locale()));
    let text = Notice::Restarting.text(lang.locale());
    ix.respond(ctx, &text, true).await
}

fn display_name(user: &User, member: Option<&Member>) -> String {
    let name = member
        .and_then(|m| m.nick.clone())
        .or_else(|| user.global_name.clone())
        .unwrap_or_else(|| user.name.clone());
    escape_markdown(&name)
}

/// A display name made inert for the public posts it appears in: Discord's markdown characters
/// are escaped (no masked links, headings, quotes, spoilers or code from a nickname), line breaks
/// become spaces, and the length is capped.
pub fn escape_markdown(name: &str) -> String {
    let mut out = String::with_capacity(name.len() + 8);
    for c in name.chars().take(64) {
        match c {
            '\\' | '*' | '_' | '~' | '`' | '|' | '>' | '<' | '#' | '[' | ']' | '(' | ')' | '-'
            | ':' | '@' => {
                out.push('\\');
                out.push(c);
            }
            '\n' | '\r' | '\t' => out.push(' '),
            c if c.is_control() => {}
            c => out.push(c),
        }
    }
    out
}

fn value_text(v: &CommandDataOptionValue) -> Option<String> {
    Some(match v {
        CommandDataOptionValue::String(s) => s.clone(),
        CommandDataOptionValue::Integer(i) => i.to_string(),
        CommandDataOptionValue::Number(f) => f.to_string(),
        CommandDataOptionValue::Boolean(b) => b.to_string(),
        CommandDataOptionValue::Autocomplete { value, .. } => value.clone(),
        // An attached file: its id, read by `read_attachments` before the table sees it.
        CommandDataOptionValue::Attachment(id) => id.get().to_string(),
        // A member picked in a user option (issue 29: `deputy user:`): as a mention.
        CommandDataOptionValue::User(id) => format!("<@{}>", id.get()),
        _ => return None,
    })
}

/// The leaf subcommand (through any group) as a table invocation, and the focused option.
/// The table invocation of a slash command (and the focused option, when autocompleting):
/// `/vq …` down to its leaf subcommand, or a standalone command (`/vq-adjust …`) whose options
/// sit directly under it.
fn invocation_of(data: &serenity::all::CommandData) -> Option<(Invocation, Option<String>)> {
    if data.name == ROOT {
        return leaf(&data.options);
    }
    let command = standalone_named(&data.name)?;
    Some(invocation(command, &data.options))
}

/// The invocation of `command` with these options, and the focused one if any.
fn invocation(command: &str, inner: &[CommandDataOption]) -> (Invocation, Option<String>) {
    let focused = inner.iter().find_map(|x| match &x.value {
        CommandDataOptionValue::Autocomplete { .. } => Some(x.name.clone()),
        _ => None,
    });
    let options = inner
        .iter()
        .filter_map(|x| value_text(&x.value).map(|v| (x.name.clone(), v)))
        .collect();
    (
        Invocation {
            name: command.to_string(),
            options,
        },
        focused,
    )
}

fn leaf(options: &[CommandDataOption]) -> Option<(Invocation, Option<String>)> {
    for o in options {
        match &o.value {
            CommandDataOptionValue::SubCommandGroup(inner) => return leaf(inner),
            CommandDataOptionValue::SubCommand(inner) => return Some(invocation(&o.name, inner)),
            _ => {}
        }
    }
    None
}

fn channel_of(guild: Option<GuildId>, channel: ChannelId) -> Channel {
    Channel {
        guild: guild.map_or(0, |g| g.get()),
        channel: channel.get(),
    }
}

async fn slash(
    state: &Arc<BotState>,
    ctx: &Context,
    ci: CommandInteraction,
) -> Result<(), CommandError> {
    let lang = Lang::from_locale(Some(&ci.locale));
    let Some((inv, _)) = invocation_of(&ci.data) else {
        let text = Notice::UnknownCommand.text(lang.locale());
        return Ix::Command(Box::new(ci)).respond(ctx, &text, true).await;
    };
    // The command list is answered here (with Discord paths); `help command:` by the table.
    if inv.name == "help" && inv.options.is_empty() {
        return Ix::Command(Box::new(ci))
            .respond(ctx, &help_text(lang), true)
            .await;
    }
    if !state.serves(ci.guild_id) {
        let text = Notice::TableFailed.text(lang.locale());
        return Ix::Command(Box::new(ci)).respond(ctx, &text, true).await;
    }
    let channel = channel_of(ci.guild_id, ci.channel_id);
    // --- campaign (issue 29): in a player's private thread, the game is its channel's.
    let table = state.table.clone();
    let channel = tokio::task::spawn_blocking(move || table.thread_parent(channel))
        .await
        .ok()
        .flatten()
        .unwrap_or(channel);
    // Discord resolves the member's permissions in this channel; Manage Channels makes them a
    // moderator of its game (they may `close` it alone).
    let moderator = ci
        .member
        .as_deref()
        .and_then(|m| m.permissions)
        .is_some_and(|p| p.manage_channels());
    let caller = Caller::new(
        ci.user.id.get(),
        display_name(&ci.user, ci.member.as_deref()),
    )
    .with_moderator(moderator);
    let cmd = match Command::from_invocation(&inv) {
        Ok(Command::Setup { file, private }) => Ok(Command::Setup {
            file: read_attachment(&ci, file).await,
            private: match private {
                Some(p) => Some(read_attachment(&ci, p).await),
                None => None,
            },
        }),
        other => other,
    };
    deliver::execute(
        state,
        ctx,
        Ix::Command(Box::new(ci)),
        channel,
        caller,
        cmd,
        None,
    )
    .await
}

/// Largest attached file the bot reads (a position file is a few kilobytes).
const MAX_ATTACHMENT: u32 = 1 << 20;

/// Reads a file attached to a command option (`setup file:…`): the table gets its file name and
/// text. A file that is missing, too large, not UTF-8 or fails to download stays without text,
/// and the table tells the user it could not be read.
async fn read_attachment(ci: &CommandInteraction, f: FileArg) -> FileArg {
    let found = f
        .name
        .parse::<u64>()
        .ok()
        .filter(|id| *id != 0)
        .and_then(|id| ci.data.resolved.attachments.get(&AttachmentId::new(id)));
    let Some(a) = found else {
        return f;
    };
    let name = a.filename.clone();
    if a.size > MAX_ATTACHMENT {
        return FileArg { name, text: None };
    }
    let text = match a.download().await {
        Ok(bytes) => String::from_utf8(bytes).ok(),
        Err(e) => {
            tracing::warn!(error = %e, file = %name, "downloading an attachment failed");
            None
        }
    };
    FileArg { name, text }
}

async fn component(
    state: &Arc<BotState>,
    ctx: &Context,
    mi: ComponentInteraction,
) -> Result<(), CommandError> {
    let lang = Lang::from_locale(Some(&mi.locale));
    let Some(prompt) = Prompt::parse(&mi.data.custom_id) else {
        let text = Notice::ForeignButton.text(lang.locale());
        return Ix::Component(Box::new(mi)).respond(ctx, &text, true).await;
    };
    let caller = Caller::new(mi.user.id.get(), display_name(&mi.user, mi.member.as_ref()));
    let cmd = Command::from_invocation(&prompt.invocation);
    deliver::execute(
        state,
        ctx,
        Ix::Component(Box::new(mi)),
        prompt.channel,
        caller,
        cmd,
        Some((prompt.game, prompt.seq)),
    )
    .await
}

async fn autocomplete(
    state: &Arc<BotState>,
    ctx: &Context,
    ci: CommandInteraction,
) -> Result<(), CommandError> {
    let found = invocation_of(&ci.data);
    let typed = ci
        .data
        .autocomplete()
        .map(|a| a.value.to_string())
        .unwrap_or_default();
    let channel = channel_of(ci.guild_id, ci.channel_id);
    let user = ci.user.id.get();
    let loc = Lang::from_locale(Some(&ci.locale)).locale();
    let choices = match found {
        Some((inv, Some(focused))) => {
            let state = state.clone();
            tokio::task::spawn_blocking(move || {
                state.ensure_loaded(channel);
                state
                    .table
                    .suggest(channel, user, loc, &inv, &focused, &typed)
            })
            .await
            .map_err(|e| CommandError::Table(e.to_string()))?
        }
        _ => Vec::new(),
    };
    let response = CreateAutocompleteResponse::new().set_choices(
        choices
            .into_iter()
            .map(|s| AutocompleteChoice::new(s.name, s.value))
            .collect(),
    );
    ci.create_response(&ctx.http, CreateInteractionResponse::Autocomplete(response))
        .await?;
    Ok(())
}

/// A short ephemeral message for an interaction that has not been answered yet.
pub(crate) fn ephemeral_message(text: &str) -> CreateInteractionResponse {
    CreateInteractionResponse::Message(
        CreateInteractionResponseMessage::new()
            .content(text)
            .ephemeral(true),
    )
}

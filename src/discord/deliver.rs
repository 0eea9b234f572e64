//! Running one command at the table and turning its [`Outbox`] into Discord messages.
//!
//! Timing: the table works on a blocking thread. If it is done within the acknowledgement
//! budget the answer goes out as the interaction response itself (one request); otherwise the
//! bot defers first (so Discord's 3-second deadline is never missed) and follows up.
//!
//! Audiences: channel posts become public messages (split at 2000 characters, the map PNG on
//! the last piece, the players who act next mentioned and nobody else pingable); replies are
//! ephemeral; private messages go by DM. When a user's DMs are closed (50007) that is stored,
//! and the channel gets a notice with a "show me" button whose ephemeral answer is the user's
//! current hand, rendered from the game (so nothing private is stored, and the button works
//! after a restart). DMs to that user are tried again only after the retry delay
//! ([`super::DM_RETRY_AFTER`]); a DM that gets through clears the mark. Nothing private is
//! ever posted in the channel.

use std::future::Future;
use std::sync::Arc;
use std::time::{SystemTime, UNIX_EPOCH};

use serenity::all::{
    ChannelId, CommandInteraction, ComponentInteraction, Context, CreateActionRow,
    CreateAllowedMentions, CreateAttachment, CreateInteractionResponse,
    CreateInteractionResponseFollowup, CreateInteractionResponseMessage, CreateMessage,
    EditInteractionResponse, Http, HttpError,
};

use super::answers::AnswerHttp;
use super::commands::slash_path;
use super::handler::{ephemeral_message, lock, BotState, CommandError};
use super::help::Lang;
use super::prompts::{buttons, Stamp};
use crate::table::choices::Prompts;
use crate::table::command::{option_name, Command, ParseError};
use crate::table::interact::{Answered, Interaction};
use crate::table::{
    Audience, Caller, Channel, ChannelPermission, Image, Locale, Msg, Notice, Outbox, Texts, UserId,
};

/// Discord's limit on message content.
pub const MAX_CONTENT: usize = 2000;

/// The interaction being answered.
pub(crate) enum Ix {
    /// A slash command.
    Command(Box<CommandInteraction>),
    /// A button or select click.
    Component(Box<ComponentInteraction>),
}

impl Ix {
    pub(crate) fn locale(&self) -> &str {
        match self {
            Ix::Command(c) => &c.locale,
            Ix::Component(c) => &c.locale,
        }
    }
    fn channel_id(&self) -> ChannelId {
        match self {
            Ix::Command(c) => c.channel_id,
            Ix::Component(c) => c.channel_id,
        }
    }
    /// The bot's permissions in the interaction's channel, as Discord resolved them.
    fn app_permissions(&self) -> Option<serenity::all::Permissions> {
        match self {
            Ix::Command(c) => c.app_permissions,
            Ix::Component(c) => c.app_permissions,
        }
    }
    fn application_id(&self) -> serenity::all::ApplicationId {
        match self {
            Ix::Command(c) => c.application_id,
            Ix::Component(c) => c.application_id,
        }
    }
    /// The client of this interaction's answer: rate-limited per interaction token (issue 32).
    async fn answer_http(&self, ctx: &Context) -> AnswerHttp {
        AnswerHttp::of(ctx, self.application_id()).await
    }
    async fn create_response(
        &self,
        a: &AnswerHttp,
        r: CreateInteractionResponse,
    ) -> Result<(), serenity::Error> {
        let http = a.http();
        match self {
            Ix::Command(c) => a.send(c.create_response(http, r)).await,
            Ix::Component(c) => a.send(c.create_response(http, r)).await,
        }
    }
    async fn followup(
        &self,
        a: &AnswerHttp,
        f: CreateInteractionResponseFollowup,
    ) -> Result<(), serenity::Error> {
        let http = a.http();
        match self {
            Ix::Command(c) => a.send(c.create_followup(http, f)).await.map(|_| ()),
            Ix::Component(c) => a.send(c.create_followup(http, f)).await.map(|_| ()),
        }
    }
    /// Acknowledges without an answer yet: "thinking" for a command (visible to the invoker
    /// only when `ack` says the answer will be private), a silent ack for a click.
    async fn defer(&self, a: &AnswerHttp, ack: Ack) -> Result<(), serenity::Error> {
        match self {
            Ix::Command(_) => {
                let private = ack == Ack::DeferredPrivate;
                self.create_response(
                    a,
                    CreateInteractionResponse::Defer(
                        CreateInteractionResponseMessage::new().ephemeral(private),
                    ),
                )
                .await
            }
            Ix::Component(_) => {
                self.create_response(a, CreateInteractionResponse::Acknowledge)
                    .await
            }
        }
    }
    /// Answers with one short text.
    pub(crate) async fn respond(
        &self,
        ctx: &Context,
        text: &str,
        ephemeral: bool,
    ) -> Result<(), CommandError> {
        let mut items = Vec::new();
        for piece in split(text, MAX_CONTENT) {
            items.push(Item {
                text: piece,
                ephemeral,
                ..Item::default()
            });
        }
        send_items(&self.answer_http(ctx).await, self, items, Ack::Now).await
    }
}

/// The latest an interaction waits for requests made before its answer (DMs, posts in
/// another channel) before it is deferred: Discord wants an acknowledgement within 3 s.
const ACK_DEADLINE: std::time::Duration = std::time::Duration::from_millis(1500);

/// How the answer is acknowledged, and how and by when to defer it if it is not yet.
pub(crate) struct AckPlan {
    ack: Ack,
    defer_as: Ack,
    deadline: tokio::time::Instant,
}

impl AckPlan {
    /// Awaits `work`; if the interaction is still unacknowledged at the deadline (a request
    /// waiting out a rate limit), defers it first so the 3-second window is kept.
    async fn within<T>(&mut self, http: &AnswerHttp, ix: &Ix, work: impl Future<Output = T>) -> T {
        if self.ack != Ack::Now {
            return work.await;
        }
        tokio::pin!(work);
        tokio::select! {
            v = &mut work => v,
            () = tokio::time::sleep_until(self.deadline) => {
                match ix.defer(http, self.defer_as).await {
                    Ok(()) => self.ack = self.defer_as,
                    Err(e) => tracing::warn!(error = %e, "deferring a slow answer failed"),
                }
                work.await
            }
        }
    }
}

/// How an interaction was acknowledged. Whether a deferred "thinking" message is public or
/// only the invoker's is decided when deferring and kept: Discord cannot turn one into the
/// other, and a deleted one cannot be filled by a follow-up (10008).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Ack {
    /// Not yet: the answer is the interaction response itself.
    Now,
    /// Deferred with a public "thinking" message (a game action).
    DeferredPublic,
    /// Deferred with an ephemeral one (a refusal known from the input, a private query).
    DeferredPrivate,
}

/// What the blocking part hands back.
pub(crate) enum Outcome {
    /// The button was made for an earlier state of the game.
    Stale,
    /// The table ran the command.
    Done(Box<Done>),
}

pub(crate) struct Done {
    outbox: Outbox,
    before_seq: Option<u32>,
    /// The game after the command, as far as prompts need it.
    after: Option<Prompts>,
    /// The game or whom it waits for changed (the dashboard follows; issue 29).
    changed: bool,
}

/// Milliseconds since the Unix epoch (the clock of the stored DM state).
fn now_ms() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| i64::try_from(d.as_millis()).unwrap_or(i64::MAX))
}

/// The blocking part: staleness check, the table call, the state after.
fn run_table(
    state: &BotState,
    channel: Channel,
    caller: &Caller,
    cmd: Result<Command, ParseError>,
    expect: Option<(i64, Option<Stamp>)>,
) -> Outcome {
    state.ensure_loaded(channel);
    let done = match state
        .table
        .interact(channel, caller, cmd, expect, state.rhythm.now())
    {
        Interaction::Stale => return Outcome::Stale,
        Interaction::Done(d) => d,
    };
    let Answered {
        outbox,
        before_seq,
        after,
        changed,
    } = *done;
    // Whom this answer may DM: their stored DM state, read once per process.
    let mut users: Vec<UserId> = vec![caller.user];
    users.extend(outbox.messages.iter().filter_map(|m| match m.to {
        Audience::Dm(u) => Some(u),
        _ => None,
    }));
    if let Some(a) = &after {
        users.extend(a.secret.as_ref().and_then(|(holder, _)| *holder));
    }
    state.load_dm_state(users);
    Outcome::Done(Box::new(Done {
        outbox,
        before_seq,
        after,
        changed,
    }))
}

/// Runs a command for `caller` in `channel`'s game and answers `ix`. `expect` is the game and
/// state a clicked button was made for.
pub(crate) async fn execute(
    state: &Arc<BotState>,
    ctx: &Context,
    ix: Ix,
    channel: Channel,
    caller: Caller,
    cmd: Result<Command, ParseError>,
    expect: Option<(i64, Option<Stamp>)>,
) -> Result<(), CommandError> {
    let started = tokio::time::Instant::now();
    // Every request of the answer goes through its own client (issue 32; see `answers`).
    let answer = ix.answer_http(ctx).await;
    let lang = Lang::from_locale(Some(ix.locale()));
    let from_button_hand =
        matches!(ix, Ix::Component(_)) && matches!(cmd, Ok(Command::Hand { .. }));
    // --- campaign rhythm (issue 29): `start` is followed by the pre-flight check
    let preflight = matches!(cmd, Ok(Command::Start)).then(|| (ix.app_permissions(), now_ms()));
    // Decided before deferring: input that does not parse is refused privately, and a hand is
    // shown privately; everything else is a game action whose answer is public.
    let defer_as = if matches!(cmd, Err(_) | Ok(Command::Hand { .. })) {
        Ack::DeferredPrivate
    } else {
        Ack::DeferredPublic
    };
    let game_lock = state.game_lock(channel);
    let post_lock = state.post_lock(channel);
    let st = state.clone();
    let who = caller.clone();
    let work = async move {
        let game = game_lock.lock_owned().await;
        let done =
            tokio::task::spawn_blocking(move || run_table(&st, channel, &who, cmd, expect)).await;
        // Hand over: take the channel's delivery turn, then free the game before talking to
        // Discord. Answers still go out in the order the commands ran, but a slow or stalled
        // request (bounded by the HTTP timeout) no longer keeps the next command from running.
        let turn = post_lock.lock_owned().await;
        drop(game);
        (turn, done)
    };
    tokio::pin!(work);
    // A zero budget defers every command at once (no race with a fast table).
    let quick = if state.ack_budget.is_zero() {
        Err(())
    } else {
        tokio::time::timeout(state.ack_budget, &mut work)
            .await
            .map_err(|_| ())
    };
    let (deferred, (turn, done)) = match quick {
        Ok(r) => (Ack::Now, r),
        Err(_) => {
            if let Err(e) = ix.defer(&answer, defer_as).await {
                // Too late to answer; let the command finish in order before giving up.
                let _ = work.await;
                return Err(e.into());
            }
            (defer_as, work.await)
        }
    };
    let outcome = match done {
        Ok(o) => o,
        Err(e) => {
            tracing::error!(error = %e, "a table call panicked");
            let text = Notice::TableFailed.text(lang.locale());
            let items = vec![Item::private(text)];
            return send_items(&answer, &ix, items, deferred).await;
        }
    };
    let result = match outcome {
        Outcome::Stale => {
            let text = Notice::PromptStale.text(lang.locale());
            send_items(&answer, &ix, vec![Item::private(text)], deferred).await
        }
        Outcome::Done(mut done) => {
            let pictures = done.outbox.pictures.take();
            let accepted = done.after.is_some();
            let changed = done.changed;
            let sent = deliver(
                state,
                &ctx.http,
                &answer,
                &ix,
                channel,
                &caller,
                *done,
                AckPlan {
                    ack: deferred,
                    defer_as,
                    // Requests before the answer (DMs, posts elsewhere) may wait for Discord's
                    // rate limits: past this the interaction is deferred, well inside 3 s.
                    deadline: started + (state.ack_budget * 2).min(ACK_DEADLINE),
                },
                from_button_hand,
            )
            .await;
            // The pictures follow the text (issue 30, item 15).
            if let Some(job) = pictures {
                state.pictures.submit(ctx.http.clone(), channel, *job);
            }
            // --- campaign rhythm (issue 29): the dashboard follows; `start` is checked
            if changed {
                state
                    .rhythm
                    .dashboards
                    .touch(state, ctx.http.clone(), channel);
            }
            if accepted {
                if let Some((perms, since)) = preflight {
                    let report =
                        super::preflight::check(state, &ctx.http, channel, perms, since).await;
                    if let Some((text, mentions)) = report {
                        let item = Item {
                            text,
                            mentions,
                            ..Item::default()
                        };
                        if let Err(e) = ix.followup(&answer, followup_message(item)).await {
                            tracing::warn!(error = %e, "posting the pre-flight report failed");
                        }
                    }
                }
            }
            sent
        }
    };
    drop(turn);
    result
}

/// One message to send.
#[derive(Default)]
struct Item {
    text: String,
    ephemeral: bool,
    images: Vec<Image>,
    mentions: Vec<UserId>,
    components: Vec<CreateActionRow>,
}

impl Item {
    fn private(text: String) -> Item {
        Item {
            text,
            ephemeral: true,
            ..Item::default()
        }
    }
}

/// A public post before splitting.
struct Post {
    text: String,
    images: Vec<Image>,
    mentions: Vec<UserId>,
    components: Vec<CreateActionRow>,
    /// The table's "who acts next" line (where the decision buttons go).
    next_up: bool,
}

fn mention_line(users: &[UserId]) -> String {
    users
        .iter()
        .map(|u| format!("<@{u}>"))
        .collect::<Vec<_>>()
        .join(" ")
}

/// Splits text into pieces of at most `limit` characters, at line ends where possible.
pub fn split(text: &str, limit: usize) -> Vec<String> {
    let mut out = Vec::new();
    let mut cur = String::new();
    let mut cur_len = 0;
    for line in text.split('\n') {
        let len = line.chars().count();
        if cur_len > 0 && cur_len + 1 + len > limit {
            out.push(std::mem::take(&mut cur));
            cur_len = 0;
        }
        if len > limit {
            let chars: Vec<char> = line.chars().collect();
            for chunk in chars.chunks(limit) {
                if cur_len > 0 {
                    out.push(std::mem::take(&mut cur));
                }
                cur = chunk.iter().collect();
                cur_len = chunk.len();
            }
            continue;
        }
        if cur_len > 0 {
            cur.push('\n');
            cur_len += 1;
        }
        cur.push_str(line);
        cur_len += len;
    }
    if cur_len > 0 || out.is_empty() {
        out.push(cur);
    }
    out
}

fn pieces(post: Post, ephemeral: bool) -> Vec<Item> {
    let mut texts = split(&post.text, MAX_CONTENT);
    let last = texts.pop().unwrap_or_default();
    let mut items: Vec<Item> = texts
        .into_iter()
        .map(|text| Item {
            text,
            ephemeral,
            mentions: post.mentions.clone(),
            ..Item::default()
        })
        .collect();
    items.push(Item {
        text: last,
        ephemeral,
        images: post.images,
        mentions: post.mentions,
        components: post.components,
    });
    items
}

pub(crate) enum DmError {
    Closed,
    Other(serenity::Error),
}

fn closed_dms(e: &serenity::Error) -> bool {
    matches!(e, serenity::Error::Http(HttpError::UnsuccessfulRequest(r)) if r.error.code == 50007 || r.error.code == 50278)
}

/// The user's DM channel: known, or opened now, one opening at a time bot-wide. Opening a DM
/// channel is a rate-limited route (<https://discord.com/developers/docs/resources/user#create-dm>);
/// serenity's limiter knows a route's bucket only from an answer, so openings sent together all
/// pass it and most are refused with 429, each slept off with the route held. One at a time,
/// the first answer teaches the limiter the bucket and the rest wait their turn.
async fn dm_channel(
    state: &BotState,
    http: &Http,
    user: UserId,
) -> Result<ChannelId, serenity::Error> {
    if let Some(c) = lock(&state.dm_channels).get(&user).copied() {
        return Ok(c);
    }
    let _one = state.dm_opening.lock().await;
    // Another task may have opened it while this one waited.
    if let Some(c) = lock(&state.dm_channels).get(&user).copied() {
        return Ok(c);
    }
    state.rhythm.global.pace().await;
    let c = serenity::all::UserId::new(user.max(1))
        .create_dm_channel(http)
        .await?
        .id;
    lock(&state.dm_channels).insert(user, c);
    Ok(c)
}

pub(crate) async fn send_dm(
    state: &BotState,
    http: &Http,
    user: UserId,
    text: &str,
    components: Vec<CreateActionRow>,
) -> Result<(), DmError> {
    if state.dms_held_back(user, now_ms()) {
        return Err(DmError::Closed);
    }
    let channel = dm_channel(state, http, user)
        .await
        .map_err(DmError::Other)?;
    let pieces = split(text, MAX_CONTENT);
    let n = pieces.len();
    let mut components = Some(components);
    for (i, piece) in pieces.into_iter().enumerate() {
        let mut msg = CreateMessage::new()
            .content(piece)
            .allowed_mentions(CreateAllowedMentions::new().empty_users().empty_roles());
        if i + 1 == n {
            msg = msg.components(components.take().unwrap_or_default());
        }
        state.rhythm.global.pace().await;
        if let Err(e) = channel.send_message(http, msg).await {
            if closed_dms(&e) {
                state.record_dm(user, true, now_ms()).await;
                tracing::info!(user, "DMs are closed; falling back to ephemeral replies");
                return Err(DmError::Closed);
            }
            return Err(DmError::Other(e));
        }
    }
    state.record_dm(user, false, now_ms()).await;
    state.rhythm.note_dm(user, now_ms());
    Ok(())
}

#[allow(clippy::too_many_arguments)]
async fn deliver(
    state: &BotState,
    http: &Http,
    answer: &AnswerHttp,
    ix: &Ix,
    channel: Channel,
    caller: &Caller,
    done: Done,
    mut plan: AckPlan,
    from_button_hand: bool,
) -> Result<(), CommandError> {
    let Done {
        outbox,
        before_seq,
        after,
        ..
    } = done;
    let rs = state.table.ruleset();
    let game_loc = after
        .as_ref()
        .map_or(Lang::from_locale(Some(ix.locale())).locale(), |a| a.locale);
    let t = Texts::new(rs, game_loc);
    let invoker = caller.user;
    // Answers in the invoker's own DM channel, or in their private thread, are private already
    // (issue 29: a command in the thread acts on the channel's game; its public posts go there).
    let in_dm = ix.channel_id().get() != channel.channel;
    let prefer_private = from_button_hand || in_dm || state.dms_held_back(invoker, now_ms());

    let mut posts: Vec<Post> = Vec::new();
    // Announcements this channel missed earlier go first, now that posting may work again.
    let late = state.take_unposted(channel);
    if !late.is_empty() {
        let header = Notice::PostedLate.text(t.loc);
        let head = format!("{header}\n");
        // A late post refused again is held with its header: do not repeat it.
        let body: Vec<&str> = late
            .iter()
            .map(|l| l.strip_prefix(head.as_str()).unwrap_or(l))
            .collect();
        posts.push(Post {
            text: format!("{head}{}", body.join("\n")),
            images: Vec::new(),
            mentions: Vec::new(),
            components: Vec::new(),
            next_up: false,
        });
    }
    let mut private: Vec<String> = Vec::new();
    let mut dms: Vec<(UserId, String)> = Vec::new();
    let consent = outbox.consent;
    let ended = outbox.ended;
    for m in outbox.messages {
        match m.to {
            Audience::Channel => {
                let mut text = m.text;
                if !m.mentions.is_empty() {
                    text.push('\n');
                    text.push_str(&mention_line(&m.mentions));
                }
                posts.push(Post {
                    text,
                    images: m.images,
                    next_up: !m.mentions.is_empty(),
                    mentions: m.mentions,
                    components: Vec::new(),
                });
            }
            Audience::Reply(_) => private.push(m.text),
            Audience::Dm(u) => dms.push((u, m.text)),
        }
    }

    // The take-back request is the last public post of its command.
    let consent_post = if consent {
        posts.len().checked_sub(1)
    } else {
        None
    };
    let mut shown_here = false;
    // Who gets a "your private information waits here" notice, and whether their DMs are closed.
    let mut notices: Vec<(UserId, bool)> = Vec::new();
    for (u, text) in dms {
        if u == invoker && prefer_private {
            private.push(text);
            shown_here = true;
            continue;
        }
        // --- campaign (issue 29): by DM, or in the player's private thread (`threads.rs`).
        let sent = plan
            .within(
                answer,
                ix,
                super::threads::private(state, http, channel, u, &text, Vec::new(), t.loc),
            )
            .await;
        match sent {
            Ok(()) => {}
            Err(e) => {
                if let DmError::Other(e) = &e {
                    tracing::warn!(user = u, error = %e, "a DM failed");
                }
                if u == invoker {
                    private.push(text);
                    shown_here = true;
                } else if !notices.iter().any(|(n, _)| *n == u) {
                    // Not kept: the "show me" button renders their current hand instead.
                    notices.push((u, matches!(e, DmError::Closed)));
                }
            }
        }
    }
    if shown_here {
        // "Sent to you privately" is not true when it is shown right here.
        let sent = [Locale::En, Locale::Ru].map(|l| Texts::new(rs, l).msg(&Msg::HandSentDm));
        private.retain(|p| !sent.contains(p));
    }

    let hand = slash_path("hand", game_loc);
    for (u, closed) in notices {
        let hand = hand.clone();
        let notice = if closed {
            Notice::DmClosed { user: u, hand }
        } else {
            Notice::DmFailed { user: u, hand }
        };
        let text = notice.text(t.loc);
        posts.push(Post {
            text,
            images: Vec::new(),
            mentions: vec![u],
            components: after
                .as_ref()
                .map_or_else(Vec::new, |a| buttons(channel, a.game_id, None, &a.private)),
            next_up: false,
        });
    }

    // Decision buttons under the "who acts next" line, and the Empire's secret by DM.
    if let Some(a) = &after {
        if let Some(stamp) = a.stamp {
            let rows = buttons(channel, a.game_id, Some(stamp), &a.public);
            if let Some(p) = posts.iter_mut().rev().find(|p| p.next_up) {
                p.components = rows;
            }
            if let Some(p) = consent_post.and_then(|i| posts.get_mut(i)) {
                p.components = buttons(channel, a.game_id, Some(stamp), &a.takeback);
            }
            if let Some((Some(holder), choices)) = &a.secret {
                if before_seq != a.seq {
                    let holder = *holder;
                    let text = Notice::SecretPrompt.text(t.loc);
                    let rows = buttons(channel, a.game_id, Some(stamp), choices);
                    let sent = plan
                        .within(
                            answer,
                            ix,
                            super::threads::private(
                                state, http, channel, holder, &text, rows, t.loc,
                            ),
                        )
                        .await;
                    if sent.is_err() {
                        let secret = format!(
                            "{} {}:…",
                            slash_path("secret", game_loc),
                            option_name(game_loc, "secret", "choice")
                        );
                        let text = Notice::SecretDmClosed {
                            user: holder,
                            secret,
                        }
                        .text(t.loc);
                        posts.push(Post {
                            text,
                            images: Vec::new(),
                            mentions: vec![holder],
                            components: Vec::new(),
                            next_up: false,
                        });
                    }
                }
            }
        }
    }

    let mut public_items: Vec<Item> = posts.into_iter().flat_map(|p| pieces(p, false)).collect();
    let private_items: Vec<Item> = private
        .into_iter()
        .flat_map(|text| split(&text, MAX_CONTENT))
        .map(Item::private)
        .collect();
    let mut items = Vec::new();
    if in_dm {
        // A click in a DM: public posts go to the game's channel. What Discord refuses is kept
        // for the channel's next answer, and the player is told what the bot lacks there.
        let problem = plan
            .within(
                answer,
                ix,
                post_to_channel(state, http, channel, public_items, t.loc),
            )
            .await;
        if let Some(missing) = problem {
            items.push(Item::private(
                Notice::CannotPost {
                    channel: channel.channel,
                    missing,
                }
                .text(Lang::from_locale(Some(ix.locale())).locale()),
            ));
        }
    } else {
        items.append(&mut public_items);
    }
    items.extend(private_items);
    let sent = send_items(answer, ix, items, plan.ack).await;
    if let (Ok(()), Some(game)) = (&sent, ended) {
        mark_end_posted(state, game).await;
    }
    sent
}

/// What a refused channel post says about the bot's permissions: 50001 Missing Access (it
/// cannot see the channel), 50013 Missing Permissions; `None` for any other failure.
fn refused_for(e: &serenity::Error, with_file: bool) -> Option<ChannelPermission> {
    match e {
        serenity::Error::Http(HttpError::UnsuccessfulRequest(r)) => match r.error.code {
            50001 => Some(ChannelPermission::ViewChannel),
            50013 if with_file => Some(ChannelPermission::AttachFiles),
            50013 => Some(ChannelPermission::SendMessages),
            _ => None,
        },
        serenity::Error::Model(serenity::all::ModelError::InvalidPermissions {
            required, ..
        }) if required.attach_files() && with_file => Some(ChannelPermission::AttachFiles),
        serenity::Error::Model(serenity::all::ModelError::InvalidPermissions { .. }) => {
            Some(ChannelPermission::SendMessages)
        }
        _ => None,
    }
}

/// Posts `items` in the game's channel, in order. A picture refused for lack of Attach Files
/// is dropped and the table told under the text; anything else refused is held (with what
/// follows it, to keep the order) for the channel's next answer. Returns the problem to tell
/// the player: `Some(None)` for a failure that names no permission.
async fn post_to_channel(
    state: &BotState,
    http: &Http,
    channel: Channel,
    items: Vec<Item>,
    loc: Locale,
) -> Option<Option<ChannelPermission>> {
    let target = ChannelId::new(channel.channel.max(1));
    let mut problem = None;
    let mut held = Vec::new();
    for item in items {
        if !held.is_empty() {
            held.push(item.text);
            continue;
        }
        let text = item.text.clone();
        let with_file = !item.images.is_empty();
        let mentions = item.mentions.clone();
        state.rhythm.global.pace().await;
        let Err(e) = target.send_message(http, channel_message(item)).await else {
            continue;
        };
        let missing = refused_for(&e, with_file);
        tracing::warn!(error = %e, channel = channel.channel, "posting to the game channel failed");
        if missing == Some(ChannelPermission::AttachFiles) {
            // The words without the picture, and the table learns why.
            let bare = Item {
                text: format!("{text}\n{}", Notice::PictureNotAttached.text(loc)),
                mentions,
                ..Item::default()
            };
            state.rhythm.global.pace().await;
            match target.send_message(http, channel_message(bare)).await {
                Ok(_) => {
                    problem = Some(missing);
                    continue;
                }
                Err(e) => {
                    let again = refused_for(&e, false);
                    problem = Some(again);
                    held.push(text);
                    continue;
                }
            }
        }
        problem = Some(missing);
        held.push(text);
    }
    state.hold_unposted(channel, held);
    problem
}

fn allowed(mentions: &[UserId]) -> CreateAllowedMentions {
    let base = CreateAllowedMentions::new().empty_roles().everyone(false);
    if mentions.is_empty() {
        base.empty_users()
    } else {
        base.users(
            mentions
                .iter()
                .map(|u| serenity::all::UserId::new((*u).max(1))),
        )
    }
}

fn attachment(image: &Image) -> CreateAttachment {
    CreateAttachment::bytes(image.png.clone(), image.name.clone())
}

fn channel_message(item: Item) -> CreateMessage {
    let mut m = CreateMessage::new()
        .allowed_mentions(allowed(&item.mentions))
        .components(item.components);
    if !item.text.is_empty() {
        m = m.content(item.text);
    }
    for img in &item.images {
        m = m.add_file(attachment(img));
    }
    m
}

fn response_message(item: Item) -> CreateInteractionResponseMessage {
    let mut m = CreateInteractionResponseMessage::new()
        .ephemeral(item.ephemeral)
        .allowed_mentions(allowed(&item.mentions))
        .components(item.components);
    if !item.text.is_empty() {
        m = m.content(item.text);
    }
    for img in &item.images {
        m = m.add_file(attachment(img));
    }
    m
}

fn followup_message(item: Item) -> CreateInteractionResponseFollowup {
    let mut m = CreateInteractionResponseFollowup::new()
        .ephemeral(item.ephemeral)
        .allowed_mentions(allowed(&item.mentions))
        .components(item.components);
    if !item.text.is_empty() {
        m = m.content(item.text);
    }
    for img in &item.images {
        m = m.add_file(attachment(img));
    }
    m
}

fn edit_message(item: Item) -> EditInteractionResponse {
    let mut m = EditInteractionResponse::new()
        .allowed_mentions(allowed(&item.mentions))
        .components(item.components)
        .content(item.text);
    for img in &item.images {
        m = m.new_attachment(attachment(img));
    }
    m
}

/// Sends items as the answer to `ix`: the first as the response (or into the deferred
/// "thinking" message, when its visibility fits), the rest as follow-ups.
async fn send_items(
    a: &AnswerHttp,
    ix: &Ix,
    items: Vec<Item>,
    ack: Ack,
) -> Result<(), CommandError> {
    let http = a.http();
    let mut items = items.into_iter().peekable();
    let Some(first_private) = items.peek().map(|i| i.ephemeral) else {
        match (ack, ix) {
            (Ack::Now, _) => ix.create_response(a, ephemeral_message("✓")).await?,
            (_, Ix::Command(c)) => a.send(c.delete_response(http)).await?,
            (_, Ix::Component(_)) => {}
        }
        return Ok(());
    };
    match (ack, ix) {
        (Ack::Now, _) => {
            if let Some(first) = items.next() {
                ix.create_response(
                    a,
                    CreateInteractionResponse::Message(response_message(first)),
                )
                .await?
            }
        }
        // The deferred message takes the first answer when it is as public as that answer.
        (Ack::DeferredPublic, Ix::Command(c)) if !first_private => {
            if let Some(first) = items.next() {
                a.send(c.edit_response(http, edit_message(first))).await?;
            }
        }
        (Ack::DeferredPrivate, Ix::Command(c)) if first_private => {
            if let Some(first) = items.next() {
                a.send(c.edit_response(http, edit_message(first))).await?;
            }
        }
        (Ack::DeferredPublic, Ix::Command(c)) => {
            // A public "thinking" message whose answer is private: say so publicly (nothing of
            // the reason), and the reason follows privately.
            let loc = Lang::from_locale(Some(ix.locale())).locale();
            let note = Item {
                text: Notice::AnsweredPrivately.text(loc),
                ..Item::default()
            };
            a.send(c.edit_response(http, edit_message(note))).await?;
        }
        (Ack::DeferredPrivate, Ix::Command(c)) => {
            // A private "thinking" message whose answer is public: it is closed with a tick
            // and the public answer follows as its own message.
            let tick = Item::private("✓".into());
            a.send(c.edit_response(http, edit_message(tick))).await?;
        }
        (_, Ix::Component(_)) => {}
    }
    for item in items {
        ix.followup(a, followup_message(item)).await?;
    }
    Ok(())
}

// --- campaign (issue 29): an outbox no interaction asked for (the end of a campaign found at
// start): its channel posts in order, its DMs to their players; replies have nobody to go to.
/// Posts `outbox` in `channel` and sends its DMs.
pub(crate) async fn post_outbox(
    state: &BotState,
    http: &Http,
    channel: Channel,
    outbox: Outbox,
    loc: Locale,
) {
    let mut items = Vec::new();
    let ended = outbox.ended;
    for m in outbox.messages {
        match m.to {
            Audience::Channel => {
                let mut text = m.text;
                if !m.mentions.is_empty() {
                    text.push('\n');
                    text.push_str(&mention_line(&m.mentions));
                }
                items.extend(pieces(
                    Post {
                        text,
                        images: m.images,
                        mentions: m.mentions,
                        components: Vec::new(),
                        next_up: false,
                    },
                    false,
                ));
            }
            Audience::Dm(u) => {
                let sent =
                    super::threads::private(state, http, channel, u, &m.text, Vec::new(), loc);
                if let Err(DmError::Other(e)) = sent.await {
                    tracing::warn!(user = u, error = %e, "a DM failed");
                }
            }
            Audience::Reply(_) => {}
        }
    }
    let turn = state.post_lock(channel);
    let _turn = turn.lock().await;
    if let Some(missing) = post_to_channel(state, http, channel, items, loc).await {
        tracing::warn!(
            channel = channel.channel,
            ?missing,
            "posting an unprompted outbox failed"
        );
    } else if let Some(game) = ended {
        mark_end_posted(state, game).await;
    }
}

// --- campaign (issue 29, item 7): the end of a game, once posted, is not posted again.
async fn mark_end_posted(state: &BotState, game: i64) {
    let table = state.table.clone();
    let _ = tokio::task::spawn_blocking(move || table.end_posted(game)).await;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn split_respects_the_limit_and_keeps_everything() {
        let text = format!("{}\n{}\nshort", "a".repeat(1500), "b".repeat(4100));
        let parts = split(&text, 2000);
        assert!(parts.iter().all(|p| p.chars().count() <= 2000));
        assert_eq!(parts.concat().replace('\n', ""), text.replace('\n', ""));
        assert_eq!(split("", 2000), vec![String::new()]);
        assert_eq!(split("x\ny", 2000), vec!["x\ny".to_string()]);
        let ru = "я".repeat(2500);
        assert!(split(&ru, 2000).iter().all(|p| p.chars().count() <= 2000));
    }
}

//! A private thread per player as the place for hands (issue 29, item 5). When a DM to a
//! seated player fails because their DMs are closed, or when the table chose private threads
//! for everyone (`settings hands:threads`), the bot opens a private thread under the game's
//! channel (type 12, not invitable), adds only that player, and posts there what the DM
//! carried (with its buttons: the Empire's secret choice); later private messages of that game
//! go to the same thread. Only the player (and the server's moderators with Manage Threads, as
//! in every private thread) can see it. The thread is remembered in the store, so a restart
//! reuses it, and a command used in it acts on the channel's game (`handler.rs`).
//!
//! The bot needs Create Private Threads and Send Messages in Threads in the channel; without
//! them the message goes by DM after all, or the player is pointed to the "show my hand"
//! button, as before.

use serenity::all::{
    AutoArchiveDuration, ChannelId, ChannelType, CreateActionRow, CreateAllowedMentions,
    CreateMessage, CreateThread, Http,
};

use super::deliver::{send_dm, split, DmError, MAX_CONTENT};
use super::handler::{lock, BotState};
use super::reminders::NO_THREADS_FOR;
use crate::table::hands_words::HandsWords;
use crate::table::{Channel, Locale, UserId};

/// Why a message did not reach a private thread.
enum Skipped {
    /// The bot may not open threads in the channel (it was told so lately).
    Refused,
    /// Another failure.
    Failed(serenity::Error),
}

impl From<serenity::Error> for Skipped {
    fn from(e: serenity::Error) -> Self {
        Skipped::Failed(e)
    }
}

/// 50001 Missing Access or 50013 Missing Permissions.
fn refused(e: &serenity::Error) -> bool {
    matches!(
        e,
        serenity::Error::Http(serenity::all::HttpError::UnsuccessfulRequest(r))
            if matches!(r.error.code, 50001 | 50013)
    )
}

/// Discord's limit on a thread name.
const NAME_MAX: usize = 100;

/// Whether the table of `channel` chose private threads for everyone.
async fn chosen(state: &BotState, channel: Channel) -> bool {
    let table = state.table.clone();
    tokio::task::spawn_blocking(move || table.hands_in_threads(channel))
        .await
        .unwrap_or(false)
}

/// Sends a private message of the game in `channel` to `user` where the table wants it: their
/// private thread if the table chose threads for everyone (by DM if the thread cannot be
/// opened), otherwise by DM, and to the thread when their DMs are closed. `rows` go under the
/// last piece. `Err` when it reached neither.
pub(crate) async fn private(
    state: &BotState,
    http: &Http,
    channel: Channel,
    user: UserId,
    text: &str,
    rows: Vec<CreateActionRow>,
    loc: Locale,
) -> Result<(), DmError> {
    if chosen(state, channel).await {
        if send_with(state, http, channel, user, text, rows.clone(), loc, true).await {
            return Ok(());
        }
        return send_dm(state, http, user, text, rows).await;
    }
    match send_dm(state, http, user, text, rows.clone()).await {
        Err(DmError::Closed) => {
            if send_with(state, http, channel, user, text, rows, loc, false).await {
                Ok(())
            } else {
                Err(DmError::Closed)
            }
        }
        other => other,
    }
}

/// Posts `text` (with `rows` under its last piece) in `user`'s private thread of the game in
/// `channel`, opening the thread first if the player has none yet (`chosen`: because the table
/// chose threads, for its first line); whether it reached the thread (a failure is logged).
#[allow(clippy::too_many_arguments)]
async fn send_with(
    state: &BotState,
    http: &Http,
    channel: Channel,
    user: UserId,
    text: &str,
    rows: Vec<CreateActionRow>,
    loc: Locale,
    chosen: bool,
) -> bool {
    match send_inner(state, http, channel, user, text, rows, loc, chosen).await {
        Ok(()) => true,
        Err(Skipped::Refused) => false,
        Err(Skipped::Failed(e)) => {
            tracing::warn!(user, error = %e, "posting in the player's private thread failed");
            false
        }
    }
}

#[allow(clippy::too_many_arguments)]
async fn send_inner(
    state: &BotState,
    http: &Http,
    channel: Channel,
    user: UserId,
    text: &str,
    rows: Vec<CreateActionRow>,
    loc: Locale,
    chosen: bool,
) -> Result<(), Skipped> {
    let table = state.table.clone();
    let known = tokio::task::spawn_blocking(move || table.hand_thread(channel, user))
        .await
        .ok()
        .flatten();
    let thread = match known {
        Some(t) => ChannelId::new(t.max(1)),
        None if lock(&state.rhythm.no_threads)
            .get(&channel)
            .is_some_and(|at| at.elapsed() < NO_THREADS_FOR) =>
        {
            return Err(Skipped::Refused);
        }
        None => {
            let name = state
                .table
                .display_name_of(user)
                .unwrap_or_else(|| user.to_string());
            let title: String = format!("🂠 {name}").chars().take(NAME_MAX).collect();
            let made = ChannelId::new(channel.channel.max(1))
                .create_thread(
                    http,
                    CreateThread::new(title)
                        .kind(ChannelType::PrivateThread)
                        .invitable(false)
                        .auto_archive_duration(AutoArchiveDuration::OneWeek),
                )
                .await
                .map_err(|e| {
                    if refused(&e) {
                        lock(&state.rhythm.no_threads).insert(channel, std::time::Instant::now());
                        Skipped::Refused
                    } else {
                        Skipped::Failed(e)
                    }
                })?;
            made.id
                .add_thread_member(http, serenity::all::UserId::new(user.max(1)))
                .await?;
            let first = CreateMessage::new()
                .content(HandsWords::ThreadOpening { user, chosen }.text(loc))
                .allowed_mentions(
                    CreateAllowedMentions::new()
                        .empty_roles()
                        .users([serenity::all::UserId::new(user.max(1))]),
                );
            state.rhythm.global.pace().await;
            made.id.send_message(http, first).await?;
            let table = state.table.clone();
            let id = made.id.get();
            let _ =
                tokio::task::spawn_blocking(move || table.set_hand_thread(channel, user, id)).await;
            made.id
        }
    };
    let pieces = split(text, MAX_CONTENT);
    let n = pieces.len();
    let mut rows = Some(rows);
    for (i, piece) in pieces.into_iter().enumerate() {
        let mut msg = CreateMessage::new()
            .content(piece)
            .allowed_mentions(CreateAllowedMentions::new().empty_users().empty_roles());
        if i + 1 == n {
            msg = msg.components(rows.take().unwrap_or_default());
        }
        state.rhythm.global.pace().await;
        thread.send_message(http, msg).await?;
    }
    Ok(())
}

//! A private thread per player as the place for hands when their DMs are closed (issue 29,
//! item 5). When a DM to a seated player fails because their DMs are closed, the bot opens a
//! private thread under the game's channel (type 12, not invitable), adds only that player,
//! and posts there what the DM carried; later private messages of that game go to the same
//! thread. Only the player (and the server's moderators with Manage Threads, as in every
//! private thread) can see it. The thread is remembered in the store, so a restart reuses it.
//!
//! The bot needs Create Private Threads and Send Messages in Threads in the channel; without
//! them the player is pointed to the "show my hand" button, as before.

use serenity::all::{
    AutoArchiveDuration, ChannelId, ChannelType, CreateAllowedMentions, CreateMessage,
    CreateThread, Http,
};

use super::deliver::{split, MAX_CONTENT};
use super::handler::{lock, BotState};
use super::reminders::NO_THREADS_FOR;
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

/// The first line of a new thread: whom it is for and why.
fn opening(loc: Locale, user: UserId) -> String {
    match loc {
        Locale::En => format!(
            "<@{user}>: your DMs are closed to me, so your private game messages (your hand, secret choices) come to this private thread. Only you can see it."
        ),
        Locale::Ru => format!(
            "<@{user}>: ваши личные сообщения для меня закрыты, поэтому ваши личные игровые сообщения (рука, тайный выбор) приходят в эту закрытую ветку. Её видите только вы."
        ),
    }
}

/// Posts `text` in `user`'s private thread of the game in `channel`, opening the thread first
/// if the player has none yet; whether it reached the thread (a failure is logged).
pub(crate) async fn send(
    state: &BotState,
    http: &Http,
    channel: Channel,
    user: UserId,
    text: &str,
    loc: Locale,
) -> bool {
    match send_inner(state, http, channel, user, text, loc).await {
        Ok(()) => true,
        Err(Skipped::Refused) => false,
        Err(Skipped::Failed(e)) => {
            tracing::warn!(user, error = %e, "posting in the player's private thread failed");
            false
        }
    }
}

async fn send_inner(
    state: &BotState,
    http: &Http,
    channel: Channel,
    user: UserId,
    text: &str,
    loc: Locale,
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
                .content(opening(loc, user))
                .allowed_mentions(
                    CreateAllowedMentions::new()
                        .empty_roles()
                        .users([serenity::all::UserId::new(user.max(1))]),
                );
            made.id.send_message(http, first).await?;
            let table = state.table.clone();
            let id = made.id.get();
            let _ =
                tokio::task::spawn_blocking(move || table.set_hand_thread(channel, user, id)).await;
            made.id
        }
    };
    for piece in split(text, MAX_CONTENT) {
        let msg = CreateMessage::new()
            .content(piece)
            .allowed_mentions(CreateAllowedMentions::new().empty_users().empty_roles());
        thread.send_message(http, msg).await?;
    }
    Ok(())
}

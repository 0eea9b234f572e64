//! Deputyships end by themselves (issue 29, item 4): a timer asks the table for the deputies
//! whose time is up in the games it has loaded, and posts their end in each channel, so a quiet
//! channel hears it too. (A deputy's rights end at the time whatever the timer does: every
//! check of them reads the table's clock.)

use std::sync::Arc;
use std::time::Duration;

use serenity::all::{ChannelId, CreateAllowedMentions, CreateMessage, Http};
use tokio::task::JoinHandle;

use super::handler::BotState;

/// Starts the timer; it runs until aborted.
pub(crate) fn spawn_ticker(
    state: Arc<BotState>,
    http: Arc<Http>,
    every: Duration,
) -> JoinHandle<()> {
    tokio::spawn(async move {
        let mut tick = tokio::time::interval(every.max(Duration::from_millis(10)));
        tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        loop {
            tick.tick().await;
            let table = state.table.clone();
            let Ok(due) = tokio::task::spawn_blocking(move || table.expire_due()).await else {
                continue;
            };
            for (channel, texts) in due {
                // In the channel's delivery order, after any answer being posted.
                let turn = state.post_lock(channel);
                let _turn = turn.lock().await;
                let msg = CreateMessage::new()
                    .content(texts.join("\n"))
                    .allowed_mentions(CreateAllowedMentions::new().empty_users().empty_roles());
                if let Err(e) = ChannelId::new(channel.channel.max(1))
                    .send_message(&http, msg)
                    .await
                {
                    tracing::warn!(error = %e, "posting a deputy's expiry failed");
                }
            }
        }
    })
}

// --- campaign (issue 29): at start, the end of a game that was stored just before the bot
// stopped (its last action, not its end) is posted: the seed, the result, the chart, the archive.
/// Looks once for such games and posts their end in their channels.
pub(crate) fn spawn_catch_up(state: Arc<BotState>, http: Arc<Http>) -> JoinHandle<()> {
    tokio::spawn(async move {
        let table = state.table.clone();
        let Ok(ended) = tokio::task::spawn_blocking(move || table.catch_up_endings()).await else {
            tracing::error!("looking for games ended before a restart panicked");
            return;
        };
        for (channel, loc, outbox) in ended {
            super::deliver::post_outbox(&state, &http, channel, outbox, loc).await;
        }
    })
}

// --- campaign (issue 32): the map picture was refused (Attach Files missing): the channel is
// told, in the game's language, what the bot lacks and how to fix it. If even the words cannot
// be posted (no Send Messages either), the text path's held announcements say it later.
/// Posts the "could not attach the map" notice in `channel`.
pub(crate) async fn picture_refused(
    state: Arc<BotState>,
    http: Arc<Http>,
    channel: crate::table::Channel,
) {
    let table = state.table.clone();
    let loc = tokio::task::spawn_blocking(move || table.summary(channel).ok().flatten())
        .await
        .ok()
        .flatten()
        .map_or(crate::table::Locale::En, |s| s.locale);
    let text = crate::table::Notice::PictureNotAttached.text(loc);
    let turn = state.post_lock(channel);
    let _turn = turn.lock().await;
    let msg = CreateMessage::new()
        .content(text)
        .allowed_mentions(CreateAllowedMentions::new().empty_users().empty_roles());
    if let Err(e) = ChannelId::new(channel.channel.max(1))
        .send_message(&http, msg)
        .await
    {
        tracing::warn!(error = %e, "posting that the map could not be attached failed");
    }
}

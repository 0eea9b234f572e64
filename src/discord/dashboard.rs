//! The living dashboard on Discord (issue 29, item 2): one message per game, posted when the
//! game has started and pinned where the bot may pin, then edited in place after each change.
//!
//! Edits are coalesced per channel: a change marks the channel's dashboard stale, and one task
//! per channel waits [`super::BotConfig::dashboard_delay`] before editing, so a burst of changes
//! (an impulse's several commands, a picture posted after its text) costs one edit and a channel
//! never edits more often than once per delay: well within Discord's per-channel limit of five
//! message requests per five seconds. Across channels the bot paces its dashboard requests to
//! twenty a second, under Discord's global limit. The message id is stored with the game, so a restart edits
//! the same message. A dashboard someone deleted (the edit fails with 10008 Unknown Message) is
//! posted again once; deleted a second time, it stays gone.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, Weak};

use serenity::all::{
    ChannelId, CreateAllowedMentions, CreateMessage, EditMessage, Http, HttpError, MessageId,
};

use super::handler::BotState;
use crate::table::persist::DashboardRecord;
use crate::table::Channel;

/// One channel's dashboard state in this process.
#[derive(Default)]
struct Entry {
    /// Changed since the last edit.
    dirty: bool,
    /// A task is waiting or editing for this channel.
    busy: bool,
}

/// The bot's background requests (dashboard edits, reminders) go out at most one per this
/// interval (20 per second), well under Discord's global limit of 50 requests per second, so a
/// burst across many channels leaves room for the answers players wait for
/// (https://discord.com/developers/docs/topics/rate-limits#global-rate-limit).
pub(crate) const BACKGROUND_PACE: std::time::Duration = std::time::Duration::from_millis(50);

/// Every request the bot makes through its shared client (channel posts, edits, DMs, threads)
/// takes a slot of one bot-wide pacer, at most one per this interval (40 per second), under
/// Discord's global limit of 50 a second. serenity 0.12 has no limiter of its own for the global
/// limit: it learns of it from a 429 and then sleeps each refused request's `Retry-After` in
/// turn, holding every request behind it, so a burst over the limit stalls the whole bot.
pub(crate) const GLOBAL_PACE: std::time::Duration = std::time::Duration::from_millis(25);

/// Paces requests bot-wide: one slot per interval ([`BACKGROUND_PACE`] by default).
pub(crate) struct Pacer {
    /// The earliest moment the next request may go out.
    next_slot: tokio::sync::Mutex<Option<tokio::time::Instant>>,
    /// The interval between two slots.
    every: std::time::Duration,
}

impl Default for Pacer {
    fn default() -> Self {
        Pacer::every(BACKGROUND_PACE)
    }
}

impl Pacer {
    /// A pacer with one slot per `every`.
    pub(crate) fn every(every: std::time::Duration) -> Self {
        Pacer {
            next_slot: tokio::sync::Mutex::new(None),
            every,
        }
    }
    /// Waits for the next slot (the interval after the previous one).
    pub(crate) async fn pace(&self) {
        let at = {
            let mut next = self.next_slot.lock().await;
            let now = tokio::time::Instant::now();
            let at = next.map_or(now, |n| n.max(now));
            *next = Some(at + self.every);
            at
        };
        tokio::time::sleep_until(at).await;
    }
}

/// The dashboards of every channel, and the requests they made (for the benchmark and tests).
#[derive(Default)]
pub(crate) struct Dashboards {
    channels: Mutex<HashMap<Channel, Entry>>,
}

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

/// Whether Discord refused a request because the message is gone (10008 Unknown Message).
fn unknown_message(e: &serenity::Error) -> bool {
    matches!(e, serenity::Error::Http(HttpError::UnsuccessfulRequest(r)) if r.error.code == 10008)
}

impl Dashboards {
    /// The channel's game changed: its dashboard is edited once the burst is over.
    pub(crate) fn touch(&self, state: &Arc<BotState>, http: Arc<Http>, channel: Channel) {
        let start = {
            let mut map = lock(&self.channels);
            let e = map.entry(channel).or_default();
            e.dirty = true;
            !std::mem::replace(&mut e.busy, true)
        };
        if start {
            let weak = Arc::downgrade(state);
            tokio::spawn(async move { run(weak, http, channel).await });
        }
    }

    /// Takes the channel's stale mark; `false` (and the task ends) when it is not stale.
    fn take_dirty(&self, channel: Channel) -> bool {
        let mut map = lock(&self.channels);
        let Some(e) = map.get_mut(&channel) else {
            return false;
        };
        if e.dirty {
            e.dirty = false;
            true
        } else {
            e.busy = false;
            false
        }
    }
}

/// The channel's task: waits out bursts and edits until nothing changed during a wait.
async fn run(state: Weak<BotState>, http: Arc<Http>, channel: Channel) {
    loop {
        let delay = match state.upgrade() {
            Some(s) => s.rhythm.dashboard_delay(),
            None => return,
        };
        tokio::time::sleep(delay).await;
        let Some(st) = state.upgrade() else { return };
        if !st.rhythm.dashboards.take_dirty(channel) {
            return;
        }
        st.rhythm.background.pace().await;
        update(&st, &http, channel).await;
    }
}

/// The link to a message, for the dashboard's "last map" line.
fn jump_link(channel: Channel, message: u64) -> String {
    let guild = if channel.guild == 0 {
        "@me".to_string()
    } else {
        channel.guild.to_string()
    };
    format!(
        "https://discord.com/channels/{guild}/{}/{message}",
        channel.channel
    )
}

/// Posts a new dashboard, pins it where the bot may, and returns its id.
async fn post(state: &BotState, http: &Http, target: ChannelId, text: &str) -> Option<MessageId> {
    let msg = CreateMessage::new()
        .content(text)
        .allowed_mentions(CreateAllowedMentions::new().empty_users().empty_roles());
    state.rhythm.global.pace().await;
    match target.send_message(http, msg).await {
        Ok(m) => {
            if let Err(e) = target.pin(http, m.id).await {
                tracing::info!(error = %e, "the dashboard could not be pinned (no permission?)");
            }
            Some(m.id)
        }
        Err(e) => {
            tracing::warn!(error = %e, "posting the dashboard failed");
            None
        }
    }
}

/// Brings the channel's dashboard up to date: edits it, posts it the first time, or posts it
/// again once after a deletion.
async fn update(state: &Arc<BotState>, http: &Http, channel: Channel) {
    let now = state.rhythm.now();
    let last_map = state
        .pictures
        .last_posted(channel)
        .map(|m| jump_link(channel, m));
    let st = state.clone();
    let read = tokio::task::spawn_blocking(move || {
        st.ensure_loaded(channel);
        let game = st.table.summary(channel).ok().flatten()?;
        let text = st.table.dashboard(channel, now, last_map.as_deref())?;
        Some((game.id, text, st.table.dashboard_message(game.id)))
    })
    .await;
    let Ok(Some((game, text, record))) = read else {
        return;
    };
    let target = ChannelId::new(channel.channel.max(1));
    let stored = match record {
        Some(d) => {
            let edit = EditMessage::new().content(text.as_str());
            state.rhythm.global.pace().await;
            match target
                .edit_message(http, MessageId::new(d.message.max(1)), edit)
                .await
            {
                Ok(_) => return,
                Err(e) if unknown_message(&e) && !d.reposted => post(state, http, target, &text)
                    .await
                    .map(|id| DashboardRecord {
                        message: id.get(),
                        reposted: true,
                    }),
                Err(e) if unknown_message(&e) => {
                    tracing::info!(game, "the dashboard was deleted again; not re-posted");
                    return;
                }
                Err(e) => {
                    tracing::warn!(error = %e, game, "editing the dashboard failed");
                    return;
                }
            }
        }
        None => post(state, http, target, &text)
            .await
            .map(|id| DashboardRecord {
                message: id.get(),
                reposted: false,
            }),
    };
    if let Some(d) = stored {
        let st = state.clone();
        let _ = tokio::task::spawn_blocking(move || st.table.set_dashboard_message(game, Some(d)))
            .await;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    // Issue 29: background requests (the dashboards') go out at most one per
    // BACKGROUND_PACE, bot-wide, so a burst stays under Discord's global limit of 50 a second.
    #[tokio::test]
    async fn background_requests_are_paced_bot_wide() {
        let d = Pacer::default();
        let t0 = tokio::time::Instant::now();
        for _ in 0..5 {
            d.pace().await;
        }
        let took = t0.elapsed();
        assert!(took >= BACKGROUND_PACE * 4, "five slots in {took:?}");
        // After a quiet moment the next slot is free at once.
        tokio::time::sleep(BACKGROUND_PACE * 2).await;
        let t1 = tokio::time::Instant::now();
        d.pace().await;
        assert!(
            t1.elapsed() < BACKGROUND_PACE,
            "a free slot waited {:?}",
            t1.elapsed()
        );
    }
}

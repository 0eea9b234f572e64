//! Reminders on Discord (issue 29, item 1): a scheduler task looks for due reminders on the
//! bot's [`Clock`] every [`super::BotConfig::reminder_tick`], takes them from the table under
//! the game's lock (which marks them sent and schedules the next one, in the store), DMs each
//! reminded player, and posts one line in the game's channel saying whom the game waits for and
//! since when. A player whose DMs are closed is pinged in that line instead.
//!
//! The clock is injected ([`super::BotConfig::clock`]) so that tests move time forward instead
//! of sleeping; production uses the system clock ([`SystemClock`]).

use std::sync::{Arc, Mutex};
use std::time::Duration;

use serenity::all::{ChannelId, CreateAllowedMentions, CreateMessage, Http};

use super::handler::{lock, BotState};
use crate::table::reminders::ReminderRound;
use crate::table::{Locale, UserId};

// --- campaign (issue 29): one clock, shared with the table (deputies, inactivity).
pub use crate::table::clock::{Clock, ManualClock, SystemClock};

/// The campaign rhythm's shared settings: the clock and the dashboard's coalescing delay.
pub(crate) struct Rhythm {
    clock: Mutex<Arc<dyn Clock>>,
    /// When a DM last reached each user in this process (system clock, Unix ms): the
    /// pre-flight check need not DM again someone who just got their hand.
    delivered: Mutex<std::collections::HashMap<UserId, i64>>,
    dashboard_delay: Mutex<Duration>,
    /// The living dashboards (issue 29, item 2).
    pub(crate) dashboards: super::dashboard::Dashboards,
    /// The pace of the dashboards' requests, under the global limit.
    pub(crate) background: super::dashboard::Pacer,
    /// The bot-wide pace of every request through the shared client (the global limit).
    pub(crate) global: Arc<super::dashboard::Pacer>,
    // --- campaign (issue 29, item 5)
    /// Channels where Discord refused to open a private thread, and when (not tried again
    /// for [`NO_THREADS_FOR`]).
    pub(crate) no_threads:
        Mutex<std::collections::HashMap<crate::table::Channel, std::time::Instant>>,
}

/// How long the bot leaves a channel that refused a private thread before trying again.
pub(crate) const NO_THREADS_FOR: Duration = Duration::from_secs(600);

impl Default for Rhythm {
    fn default() -> Self {
        Rhythm {
            clock: Mutex::new(Arc::new(SystemClock)),
            delivered: Mutex::default(),
            dashboard_delay: Mutex::new(super::DASHBOARD_DELAY),
            dashboards: super::dashboard::Dashboards::default(),
            background: super::dashboard::Pacer::default(),
            global: Arc::new(super::dashboard::Pacer::every(
                super::dashboard::GLOBAL_PACE,
            )),
            no_threads: Mutex::default(),
        }
    }
}

impl Rhythm {
    /// Uses this clock and coalescing delay from now on.
    pub(crate) fn configure(&self, clock: Arc<dyn Clock>, dashboard_delay: Duration) {
        *lock(&self.clock) = clock;
        *lock(&self.dashboard_delay) = dashboard_delay;
    }
    /// The current time by the bot's clock (Unix ms).
    pub(crate) fn now(&self) -> i64 {
        lock(&self.clock).now_ms()
    }
    /// Notes that a DM reached `user` at `at` (system clock, Unix ms).
    pub(crate) fn note_dm(&self, user: UserId, at: i64) {
        lock(&self.delivered).insert(user, at);
    }
    /// Whether a DM reached `user` at `since` or later.
    pub(crate) fn dm_reached_since(&self, user: UserId, since: i64) -> bool {
        lock(&self.delivered)
            .get(&user)
            .is_some_and(|at| *at >= since)
    }
    /// How long the dashboard waits for a burst of changes to end before one edit.
    pub(crate) fn dashboard_delay(&self) -> Duration {
        *lock(&self.dashboard_delay)
    }
}

/// The scheduler: every `tick`, takes the due reminders and delivers them, until the bot
/// closes (the caller also aborts the task at shutdown).
pub(crate) async fn run(state: Arc<BotState>, http: Arc<Http>, tick: Duration) {
    let tick = tick.max(Duration::from_millis(10));
    loop {
        tokio::time::sleep(tick).await;
        if state.is_closing() {
            return;
        }
        let now = state.rhythm.now();
        let st = state.clone();
        let due = match tokio::task::spawn_blocking(move || st.table.due_reminders(now)).await {
            Ok(d) => d,
            Err(e) => {
                tracing::error!(error = %e, "reading due reminders panicked");
                continue;
            }
        };
        for (game, channel) in due {
            // Under the game's lock: a command running now finishes first.
            let game_lock = state.game_lock(channel);
            let held = game_lock.lock().await;
            let st = state.clone();
            let round = tokio::task::spawn_blocking(move || {
                let round = st.table.take_reminders(game, channel, now);
                if let Some(r) = &round {
                    st.load_dm_state(r.reminders.iter().map(|x| x.user));
                }
                round
            })
            .await;
            drop(held);
            match round {
                Ok(Some(r)) => deliver_round(&state, &http, r).await,
                Ok(None) => {}
                Err(e) => tracing::error!(error = %e, "taking reminders panicked"),
            }
        }
    }
}

/// The note for players whose DMs are closed, in the channel line that pings them.
fn dms_closed_note(loc: Locale, users: &[UserId]) -> String {
    let who: Vec<String> = users.iter().map(|u| format!("<@{u}>")).collect();
    match loc {
        Locale::En => format!(
            "{}: this is your reminder (your DMs are closed to me).",
            who.join(" ")
        ),
        Locale::Ru => format!(
            "{}: это напоминание вам (личные сообщения от меня у вас закрыты).",
            who.join(" ")
        ),
    }
}

/// DMs each reminded player and posts the channel line (pinging only those not reached).
async fn deliver_round(state: &BotState, http: &Http, r: ReminderRound) {
    let mut ping = Vec::new();
    for rem in &r.reminders {
        // Reminders are background requests: paced bot-wide with the dashboards' edits, under
        // Discord's global limit, so a burst of due reminders leaves room for players' answers.
        state.rhythm.background.pace().await;
        // --- campaign (issue 29): or in the player's private thread (`threads.rs`)
        if super::threads::private(
            state,
            http,
            r.channel,
            rem.user,
            &rem.dm,
            Vec::new(),
            r.locale,
        )
        .await
        .is_err()
        {
            ping.push(rem.user);
        }
    }
    let mut text = r.line;
    if !ping.is_empty() {
        text.push('\n');
        text.push_str(&dms_closed_note(r.locale, &ping));
    }
    let allowed = if ping.is_empty() {
        CreateAllowedMentions::new().empty_users().empty_roles()
    } else {
        CreateAllowedMentions::new()
            .empty_roles()
            .users(ping.iter().map(|u| serenity::all::UserId::new((*u).max(1))))
    };
    let msg = CreateMessage::new().content(text).allowed_mentions(allowed);
    state.rhythm.background.pace().await;
    state.rhythm.global.pace().await;
    if let Err(e) = ChannelId::new(r.channel.channel.max(1))
        .send_message(http, msg)
        .await
    {
        tracing::warn!(error = %e, game = r.game, "posting a reminder line failed");
    }
}

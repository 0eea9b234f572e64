//! Reminders for a game that lasts weeks (issue 29, item 1).
//!
//! A table sets how long a question may wait before the awaited players are reminded
//! (`settings remind:12h`; off for a new table, offered at `new`), and each player their quiet
//! hours (`settings quiet:22-7`, UTC). The front end tells the table after every accepted
//! command who the game waits for now ([`Table::observe_wait`]); the table keeps, per awaited
//! user, since when and when the next reminder is due, in the store, so that a restart forgets
//! nothing. The front end asks for due rounds ([`Table::due_reminders`],
//! [`Table::take_reminders`]) on its own clock and delivers them.
//!
//! The schedule of one wait: the first reminder [`REMIND_AFTER`] after the wait began, then
//! after twice that, then four times, at most [`MAX_REMINDERS`] in all. A reminder due in the
//! user's quiet hours moves to the end of them. After downtime the overdue reminder is sent once
//! and the next one is counted from then: one catch-up, not one per missed interval. The channel
//! line says whom the game waits for and since when, which is public; nothing else.

use super::command::{command_name, option_name};
// The values `settings` reads are parsed with the commands; their bounds are named here too.
pub use super::command::values::{parse_interval, parse_quiet, MAX_REMIND_S, MIN_REMIND_S};
use super::messages::{Locale, Msg, Texts};
use super::persist::{CampaignRecord, Channel, GameStore, WaitRecord};
use super::{lock, Caller, Outbox, Slot, Table, TableError, UserId};
use crate::engine::Power;

/// At most this many reminders per wait.
pub const MAX_REMINDERS: u32 = 3;
/// The interval offered at `new`.
pub const REMIND_AFTER: &str = "12h";
/// At most this many games' reminders are taken per round of the front end's scheduler.
pub const MAX_GAMES_PER_ROUND: usize = 50;

const HOUR_MS: i64 = 3_600_000;

/// The options of `settings`: the reminder interval, the caller's quiet hours, where private
/// messages go.
type Settings = (
    Option<Option<u32>>,
    Option<Option<(u8, u8)>>,
    Option<super::command::HandsPlace>,
);

/// Whether `ms` (Unix ms) falls in the quiet hours `(start, end)` (UTC).
pub fn in_quiet(ms: i64, (start, end): (u8, u8)) -> bool {
    let h = ms.div_euclid(HOUR_MS).rem_euclid(24) as u8;
    if start < end {
        (start..end).contains(&h)
    } else {
        h >= start || h < end
    }
}

/// `ms`, or the end of the quiet hours it falls in.
pub fn outside_quiet(ms: i64, quiet: Option<(u8, u8)>) -> i64 {
    let Some(q) = quiet else { return ms };
    if !in_quiet(ms, q) {
        return ms;
    }
    // The next full hour `end` (UTC).
    let mut t = ms.div_euclid(HOUR_MS) * HOUR_MS;
    for _ in 0..25 {
        t += HOUR_MS;
        if !in_quiet(t, q) {
            return t;
        }
    }
    ms
}

/// When the next reminder of a wait is due, counted from `from` (the start of the wait, or the
/// reminder just sent) after `sent` reminders: the interval, then twice it, then four times.
/// `None` once [`MAX_REMINDERS`] were sent or reminders are off.
pub fn next_due(from: i64, after_s: Option<u32>, sent: u32) -> Option<i64> {
    let after = i64::from(after_s?);
    if sent >= MAX_REMINDERS {
        return None;
    }
    Some(from.saturating_add(after * 1000 * (1_i64 << sent.min(16))))
}

/// A duration for people: `12 h`, `2 d 3 h`, `45 min`.
pub fn duration_text(secs: i64, loc: Locale) -> String {
    let secs = secs.max(0);
    let (d, h, m) = (secs / 86_400, secs % 86_400 / 3600, secs % 3600 / 60);
    let (ud, uh, um) = match loc {
        Locale::En => ("d", "h", "min"),
        Locale::Ru => ("д", "ч", "мин"),
    };
    let mut parts = Vec::new();
    if d > 0 {
        parts.push(format!("{d} {ud}"));
    }
    if h > 0 {
        parts.push(format!("{h} {uh}"));
    }
    if m > 0 && d == 0 {
        parts.push(format!("{m} {um}"));
    }
    if parts.is_empty() {
        parts.push(format!("0 {um}"));
    }
    parts.join(" ")
}

/// The name of UTC in a locale (a code span in Russian texts, which carry no Latin words).
fn utc(loc: Locale) -> &'static str {
    loc.pick("UTC", "`UTC`")
}

/// A moment for people, in UTC: `2026-12-02 08:00 UTC`.
pub fn time_text(ms: i64, loc: Locale) -> String {
    chrono::DateTime::from_timestamp_millis(ms)
        .map(|t| format!("{} {}", t.format("%Y-%m-%d %H:%M"), utc(loc)))
        .unwrap_or_else(|| "?".into())
}

/// Quiet hours for people: `22:00–07:00 UTC`.
pub fn quiet_text((a, b): (u8, u8), loc: Locale) -> String {
    format!("{a:02}:00–{b:02}:00 {}", utc(loc))
}

/// The reminder setting for people.
pub fn setting_text(after_s: Option<u32>, loc: Locale) -> String {
    match after_s {
        None => match loc {
            Locale::En => "⏰ Reminders are off.".into(),
            Locale::Ru => "⏰ Напоминания выключены.".into(),
        },
        Some(s) => {
            let s = i64::from(s);
            let (a, b, c) = (
                duration_text(s, loc),
                duration_text(2 * s, loc),
                duration_text(4 * s, loc),
            );
            match loc {
                Locale::En => format!(
                    "⏰ Reminders: a player the game waits for is reminded after {a} without an answer, then after {b} and {c} more (at most {MAX_REMINDERS} per question), by DM, outside their quiet hours."
                ),
                Locale::Ru => format!(
                    "⏰ Напоминания: игроку, которого ждёт партия, напомню через {a} без ответа, затем ещё через {b} и {c} (не больше {MAX_REMINDERS} на вопрос), в личные сообщения, вне его тихих часов."
                ),
            }
        }
    }
}

/// The line added to `new`: reminders are off, and how to turn them on.
pub fn offer_text(loc: Locale) -> String {
    let cmd = command_name(loc, "settings");
    let (remind, quiet) = (
        option_name(loc, "settings", "remind"),
        option_name(loc, "settings", "quiet"),
    );
    match loc {
        Locale::En => format!(
            "⏰ Reminders are off for this table. For a game over weeks, `{cmd} {remind}:{REMIND_AFTER}` reminds whoever the game waits for after {REMIND_AFTER} (each player may set quiet hours with `{cmd} {quiet}:22-7`, UTC)."
        ),
        Locale::Ru => format!(
            "⏰ Напоминания за этим столом выключены. Для партии на недели `{cmd} {remind}:{REMIND_AFTER}` напомнит тому, кого ждёт партия, через 12 ч (каждый игрок может задать тихие часы: `{cmd} {quiet}:22-7`, по `UTC`)."
        ),
    }
}

/// Milliseconds since the Unix epoch by the system clock (the terminal's dashboard; the
/// Discord front end has a clock of its own, which tests set).
pub fn wall_clock_ms() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| i64::try_from(d.as_millis()).unwrap_or(i64::MAX))
}

/// One user's part of a reminder round.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Reminder {
    /// Whom to remind.
    pub user: UserId,
    /// The DM text (the channel pings them instead when their DMs are closed).
    pub dm: String,
}

/// The reminders of one game due now: the DMs, and the channel's line saying whom the game
/// waits for and since when.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReminderRound {
    /// The game's channel.
    pub channel: Channel,
    /// The game.
    pub game: i64,
    /// The game's language.
    pub locale: Locale,
    /// The channel line.
    pub line: String,
    /// The users reminded now.
    pub reminders: Vec<Reminder>,
}

/// The powers text of a wait row (`england,france`) back as powers.
pub(super) fn powers_of(w: &WaitRecord) -> Vec<Power> {
    w.powers
        .split(',')
        .filter_map(|p| p.parse::<Power>().ok())
        .collect()
}

impl Table {
    /// Runs `f` on the channel's slot, loading the game first if needed.
    pub(super) fn with_slot<T>(
        &self,
        channel: Channel,
        f: impl FnOnce(&mut Slot) -> T,
    ) -> Result<Option<T>, TableError> {
        let shared = lock(&self.slots).entry(channel).or_default().clone();
        let mut slot = lock(&shared);
        if slot.is_none() {
            *slot = self.load(channel)?;
        }
        Ok(slot.as_mut().map(f))
    }

    /// The campaign records of a game (empty when the store fails, which is logged).
    pub(super) fn campaign_of(&self, game: i64) -> CampaignRecord {
        match lock(&self.store).campaign(game) {
            Ok(c) => c,
            Err(e) => {
                tracing::warn!(game, error = %e, "reading the campaign records failed");
                CampaignRecord::default()
            }
        }
    }

    /// Reads, changes and (when `f` changed them) writes a game's campaign records under one
    /// hold of the store's lock, so that the scheduler, the commands and the dashboard never
    /// overwrite each other's changes. `f` may read the store (quiet hours). `None` when the
    /// store fails (logged).
    pub(super) fn edit_campaign<T>(
        &self,
        game: i64,
        f: impl FnOnce(&dyn GameStore, &mut CampaignRecord) -> T,
    ) -> Option<T> {
        let mut st = lock(&self.store);
        let before = match st.campaign(game) {
            Ok(c) => c,
            Err(e) => {
                tracing::warn!(game, error = %e, "reading the campaign records failed");
                return None;
            }
        };
        let mut c = before.clone();
        let out = f(&**st, &mut c);
        if c != before {
            if let Err(e) = st.set_campaign(game, &c) {
                tracing::warn!(game, error = %e, "storing the campaign records failed");
                return None;
            }
        }
        Some(out)
    }

    /// `settings`: the table's reminder interval and the caller's quiet hours; with neither,
    /// the current settings (to the caller). Only the game's creator and seated players.
    pub(super) fn settings(
        &self,
        s: &mut Slot,
        caller: &Caller,
        (remind, quiet, hands): Settings,
        t: Texts<'_>,
        out: &mut Outbox,
    ) -> Result<(), Msg> {
        let seated = s.seats.values().any(|u| *u == caller.user);
        if !seated && s.row.created_by != Some(caller.user) {
            return Err(Msg::NotSeated);
        }
        // --- campaign (issue 29, item 5): private threads for everyone, or DMs
        if let Some(place) = hands {
            self.set_hands_place(s, caller, place, t, out)?;
            if remind.is_none() && quiet.is_none() {
                return Ok(());
            }
        }
        if remind.is_none() && quiet.is_none() {
            let c = self.campaign_of(s.row.id);
            let mut text = setting_text(c.remind_after_s, t.loc);
            text.push('\n');
            text.push_str(&self.hands_line(s, t.loc));
            let mine = lock(&self.store).quiet_hours(caller.user).ok().flatten();
            text.push('\n');
            text.push_str(&match (mine, t.loc) {
                (Some(q), Locale::En) => format!("Your quiet hours: {}.", quiet_text(q, t.loc)),
                (Some(q), Locale::Ru) => format!("Ваши тихие часы: {}.", quiet_text(q, t.loc)),
                (None, Locale::En) => "You have no quiet hours.".into(),
                (None, Locale::Ru) => "Тихие часы у вас не заданы.".into(),
            });
            out.reply(caller.user, text);
            return Ok(());
        }
        let failed = || Msg::StoreFailed {
            error: "the campaign records could not be written".into(),
        };
        if let Some(q) = quiet {
            self.store_do(|st| st.set_quiet_hours(caller.user, q))?;
        }
        let user = caller.user;
        if remind.is_none() && quiet.is_none() {
            return Ok(());
        }
        self.edit_campaign(s.row.id, |st, c| {
            if let Some(after) = remind {
                c.remind_after_s = after;
            }
            // The waits under way follow the new setting from where they stand.
            for w in &mut c.waits {
                if remind.is_some() || w.user == user {
                    let q = st.quiet_hours(w.user).ok().flatten();
                    w.next_due =
                        next_due(w.since, c.remind_after_s, w.sent).map(|d| outside_quiet(d, q));
                }
            }
        })
        .ok_or_else(failed)?;
        if let Some(after) = remind {
            out.channel(setting_text(after, t.loc));
        }
        if let Some(q) = quiet {
            let who = self.name(caller.user);
            out.channel(match (q, t.loc) {
                (Some(q), Locale::En) => format!(
                    "🌙 {who}'s quiet hours: {} — no reminders then.",
                    quiet_text(q, t.loc)
                ),
                (Some(q), Locale::Ru) => format!(
                    "🌙 Тихие часы {who}: {} — напоминаний в это время не будет.",
                    quiet_text(q, t.loc)
                ),
                (None, Locale::En) => format!("🌙 {who} has no quiet hours any more."),
                (None, Locale::Ru) => format!("🌙 У {who} больше нет тихих часов."),
            });
        }
        Ok(())
    }

    /// Tells the table, after an accepted command of `caller` at `now` (Unix ms), whom the
    /// channel's game waits for now. A user still awaited for the same powers keeps the start
    /// of their wait unless they acted themselves; a new wait starts now, with its first
    /// reminder due after the table's interval. Returns whether the waits changed.
    pub fn observe_wait(&self, channel: Channel, caller: UserId, now: i64) -> bool {
        let seen = self.with_slot(channel, |s| {
            let awaited: Vec<(UserId, Vec<Power>)> = match &s.game {
                Some(g) if !g.is_over() => {
                    let mut by_user: Vec<(UserId, Vec<Power>)> = Vec::new();
                    for p in g.awaiting().powers().iter() {
                        let Some(u) = s.seats.get(&p).copied() else {
                            continue;
                        };
                        match by_user.iter_mut().find(|(x, _)| *x == u) {
                            Some((_, ps)) => ps.push(p),
                            None => by_user.push((u, vec![p])),
                        }
                    }
                    by_user
                }
                _ => Vec::new(),
            };
            (s.row.id, awaited)
        });
        let Ok(Some((game, awaited))) = seen else {
            return false;
        };
        self.edit_campaign(game, |st, c| {
            let mut waits = Vec::new();
            for (user, powers) in awaited {
                let key = powers
                    .iter()
                    .map(|p| p.as_str())
                    .collect::<Vec<_>>()
                    .join(",");
                match c.waits.iter().find(|w| w.user == user && w.powers == key) {
                    Some(w) if user != caller => waits.push(w.clone()),
                    _ => {
                        let q = st.quiet_hours(user).ok().flatten();
                        waits.push(WaitRecord {
                            user,
                            powers: key,
                            since: now,
                            sent: 0,
                            next_due: next_due(now, c.remind_after_s, 0)
                                .map(|d| outside_quiet(d, q)),
                        });
                    }
                }
            }
            let changed = waits != c.waits;
            c.waits = waits;
            changed
        })
        .unwrap_or(false)
    }

    /// Since when the channel's game waits for whom: (user, powers, since), from the store.
    pub fn waits(&self, channel: Channel) -> Vec<(UserId, Vec<Power>, i64)> {
        let Ok(Some(game)) = self.with_slot(channel, |s| s.row.id) else {
            return Vec::new();
        };
        self.campaign_of(game)
            .waits
            .iter()
            .map(|w| (w.user, powers_of(w), w.since))
            .collect()
    }

    /// The games with a reminder due at `now`, the longest overdue first (at most
    /// [`MAX_GAMES_PER_ROUND`]).
    pub fn due_reminders(&self, now: i64) -> Vec<(i64, Channel)> {
        match lock(&self.store).due_reminders(now, MAX_GAMES_PER_ROUND) {
            Ok(v) => v,
            Err(e) => {
                tracing::warn!(error = %e, "reading the due reminders failed");
                Vec::new()
            }
        }
    }

    /// Takes the game's reminders due at `now`: marks them sent, schedules the next one from
    /// now (so a long downtime gives one catch-up), moves those of users in their quiet hours
    /// to the end of them, and returns what to send. `None` when nothing is to be sent now.
    pub fn take_reminders(&self, game: i64, channel: Channel, now: i64) -> Option<ReminderRound> {
        // The game's language and seats (the channel's game must still be this one).
        let info = self
            .with_slot(channel, |s| {
                (s.row.id == game)
                    .then(|| Locale::parse(&s.row.locale).unwrap_or(self.opts.default_locale))
            })
            .ok()
            .flatten()
            .flatten();
        let Some(loc) = info else {
            // The game is gone from its channel: its waits are void.
            self.edit_campaign(game, |_, c| c.waits.clear());
            return None;
        };
        let t = Texts::new(&self.rs, loc);
        let (due, c) = self.edit_campaign(game, |st, c| {
            let mut due = Vec::new();
            for w in &mut c.waits {
                if w.next_due.is_none_or(|d| d > now) {
                    continue;
                }
                let q = st.quiet_hours(w.user).ok().flatten();
                if q.is_some_and(|q| in_quiet(now, q)) {
                    w.next_due = Some(outside_quiet(now, q));
                    continue;
                }
                w.sent += 1;
                // Counted from now: after downtime, one catch-up, not one per missed interval.
                w.next_due = next_due(now, c.remind_after_s, w.sent).map(|d| outside_quiet(d, q));
                due.push(w.clone());
            }
            (due, c.clone())
        })?;
        if due.is_empty() {
            return None;
        }
        let since = c.waits.iter().map(|w| w.since).min().unwrap_or(now);
        let whom: Vec<String> = c
            .waits
            .iter()
            .flat_map(|w| {
                let name = self.name(w.user);
                powers_of(w)
                    .into_iter()
                    .map(move |p| (p, name.clone()))
                    .collect::<Vec<_>>()
            })
            .map(|(p, n)| format!("{} ({n})", t.power(p)))
            .collect();
        let waited = duration_text((now - since) / 1000, loc);
        let line = match loc {
            Locale::En => format!(
                "⏰ The game waits for {} since {} ({waited}).",
                whom.join(", "),
                time_text(since, loc)
            ),
            Locale::Ru => format!(
                "⏰ Партия ждёт: {} — с {} ({waited}).",
                whom.join(", "),
                time_text(since, loc)
            ),
        };
        let reminders = due
            .iter()
            .map(|w| {
                let powers: Vec<String> = powers_of(w).into_iter().map(|p| t.power(p)).collect();
                let waited = duration_text((now - w.since) / 1000, loc);
                let dm = match loc {
                    Locale::En => format!(
                        "⏰ Reminder {}/{MAX_REMINDERS}: game #{game} in <#{}> has waited for you ({}) since {} ({waited}). The latest prompt in the channel says what is asked.",
                        w.sent,
                        channel.channel,
                        powers.join(", "),
                        time_text(w.since, loc)
                    ),
                    Locale::Ru => format!(
                        "⏰ Напоминание {}/{MAX_REMINDERS}: партия #{game} в <#{}> ждёт вас ({}) с {} ({waited}). Что нужно сделать, сказано в последнем сообщении в канале.",
                        w.sent,
                        channel.channel,
                        powers.join(", "),
                        time_text(w.since, loc)
                    ),
                };
                Reminder { user: w.user, dm }
            })
            .collect();
        Some(ReminderRound {
            channel,
            game,
            locale: loc,
            line,
            reminders,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn intervals_read_and_bounds_refused() {
        assert_eq!(parse_interval("12h"), Ok(Some(12 * 3600)));
        assert_eq!(parse_interval("1d12h"), Ok(Some(36 * 3600)));
        assert_eq!(parse_interval("90m"), Ok(Some(5400)));
        assert_eq!(parse_interval("2д"), Ok(Some(2 * 86_400)));
        assert_eq!(parse_interval("6"), Ok(Some(6 * 3600)));
        assert_eq!(parse_interval("off"), Ok(None));
        for bad in ["5m", "15d", "", "12x", "h", "99999999h", "1h5"] {
            assert!(parse_interval(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn quiet_hours_wrap_past_midnight() {
        assert_eq!(parse_quiet("22-7"), Ok(Some((22, 7))));
        assert_eq!(parse_quiet("22:00-07:00"), Ok(Some((22, 7))));
        assert!(parse_quiet("7-7").is_err());
        assert!(parse_quiet("25-3").is_err());
        let at = |h: i64| h * HOUR_MS + 60_000;
        assert!(in_quiet(at(23), (22, 7)));
        assert!(in_quiet(at(3), (22, 7)));
        assert!(!in_quiet(at(7), (22, 7)));
        assert!(in_quiet(at(13), (12, 14)));
        assert_eq!(outside_quiet(at(23), Some((22, 7))), 31 * HOUR_MS);
        assert_eq!(outside_quiet(at(8), Some((22, 7))), at(8));
    }

    #[test]
    fn the_schedule_doubles_and_is_bounded() {
        let h = Some(3600);
        assert_eq!(next_due(0, h, 0), Some(HOUR_MS));
        assert_eq!(next_due(0, h, 1), Some(2 * HOUR_MS));
        assert_eq!(next_due(0, h, 2), Some(4 * HOUR_MS));
        assert_eq!(next_due(0, h, MAX_REMINDERS), None);
        assert_eq!(next_due(0, None, 0), None);
    }
}

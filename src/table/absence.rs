//! The people around a game's seats (issue 29, items 4 and 6): deputies who act for an absent
//! player's power for a period, the replacement of an inactive player by everyone else's
//! consent, and spectators.
//!
//! Privacy is the point of this module: a hand reaches the seated player and, while a deputy
//! holds the power, that deputy; nobody else. Every check of a deputy's rights reads the clock,
//! so a deputy whose time is up has no rights even before the expiry is announced.
//!
//! Deputies, spectators, digest switches and the replacement time are stored as one JSON
//! document per game ([`Absence`], `migrations/0007_absence.sql`) and survive a restart. A
//! pending replacement request, the time of each power's last action and the digests' events
//! are a second document ([`Memory`], `migrations/0008_campaign_memory.sql`), written after each
//! command that changed them, so a restart forgets none of them either.

use std::collections::BTreeMap;
use std::sync::Arc;

use serde::{Deserialize, Serialize};

use crate::engine::event::{EventKind, Visibility};
use crate::engine::Power;

use super::messages::{Locale, Msg, Texts};
use super::outbox::{Outbox, UserId};
use super::persist::Status;
use super::{lock, Caller, Slot, Table};

// --- campaign (issue 29): one clock for deputies and reminders, in `clock.rs`.
pub use super::clock::{system_clock, Clock, ManualClock};

/// One hour in ms.
pub const HOUR_MS: i64 = 3_600_000;
/// One day in ms.
pub const DAY_MS: i64 = 24 * HOUR_MS;
/// The shortest deputy period.
pub const DEPUTY_MIN_MS: i64 = HOUR_MS;
/// The longest deputy period.
pub const DEPUTY_MAX_MS: i64 = 60 * DAY_MS;
/// The inactivity after which a seat may be replaced, unless the creator set another.
pub const REPLACE_AFTER_DEFAULT_MS: i64 = 7 * DAY_MS;
/// The shortest inactivity the creator may set.
pub const REPLACE_AFTER_MIN_MS: i64 = DAY_MS;
/// The longest inactivity the creator may set.
pub const REPLACE_AFTER_MAX_MS: i64 = 90 * DAY_MS;
/// At most this many spectators per game.
pub const MAX_WATCHERS: usize = 50;

/// A deputy: acts for `power` until `until` (Unix ms).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Deputy {
    /// The power.
    pub power: Power,
    /// The deputy.
    pub user: UserId,
    /// The deputy's display name when named.
    pub name: String,
    /// End of the period, Unix ms.
    pub until: i64,
    /// The seated player who named them.
    pub by: UserId,
}

/// A spectator.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Watcher {
    /// The spectator.
    pub user: UserId,
    /// Their display name.
    pub name: String,
}

/// The stored part: one JSON document per game.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Absence {
    /// Deputies, at most one per power (expired ones are removed when announced).
    #[serde(default)]
    pub deputies: Vec<Deputy>,
    /// Spectators.
    #[serde(default)]
    pub watchers: Vec<Watcher>,
    /// Users who switched their "since your last turn" DMs off.
    #[serde(default)]
    pub digest_off: Vec<UserId>,
    /// The inactivity after which a seat may be replaced (ms); `None`: the default.
    #[serde(default)]
    pub replace_after: Option<i64>,
    /// Every seated player's private messages go to their private thread, not by DM (issue
    /// 29, item 5: `settings hands:threads`).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub hands_in_threads: bool,
}

/// A request to replace an inactive player, and who agreed so far.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub(super) struct Replacement {
    power: Power,
    old: UserId,
    user: UserId,
    name: String,
    agreed: Vec<UserId>,
}

/// Everything the table keeps about the people around one game's seats.
#[derive(Debug, Clone, Default)]
pub(super) struct Around {
    /// The stored document.
    pub(super) stored: Absence,
    /// A pending replacement (stored in [`Memory`]).
    replacement: Option<Replacement>,
    /// When each power last acted (stored in [`Memory`]; a power never seen acting counts from
    /// the first load).
    pub(super) last_acted: BTreeMap<Power, i64>,
    /// Per power, what happened since its last action (the digest, see `digest.rs`).
    pub(super) since: BTreeMap<Power, Vec<(EventKind, Visibility)>>,
    /// Public events since the spectators' last phase ping.
    pub(super) watch_since: Vec<EventKind>,
    // --- campaign (issue 29): lines dropped from the digests (only the latest are kept), and
    // whether the memory changed since it was stored
    /// Per power, events dropped from its digest buffer.
    pub(super) cut: BTreeMap<Power, usize>,
    /// Public events dropped from the spectators' buffer.
    pub(super) watch_cut: usize,
    /// The memory changed since it was last stored.
    pub(super) dirty: bool,
}

// --- campaign (issue 29): the memory of a campaign across restarts
/// The second stored document of a game: what changes with play (digests, last actions, a
/// pending replacement). Pairs rather than maps, so that JSON keeps the powers as values.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub(super) struct Memory {
    #[serde(default)]
    replacement: Option<Replacement>,
    #[serde(default)]
    last_acted: Vec<(Power, i64)>,
    #[serde(default)]
    since: Vec<(Power, Vec<(EventKind, Visibility)>)>,
    #[serde(default)]
    cut: Vec<(Power, usize)>,
    #[serde(default)]
    watch_since: Vec<EventKind>,
    #[serde(default)]
    watch_cut: usize,
}

impl Around {
    /// The memory document of these people.
    pub(super) fn memory(&self) -> Memory {
        Memory {
            replacement: self.replacement.clone(),
            last_acted: self.last_acted.iter().map(|(p, t)| (*p, *t)).collect(),
            since: self.since.iter().map(|(p, v)| (*p, v.clone())).collect(),
            cut: self.cut.iter().map(|(p, n)| (*p, *n)).collect(),
            watch_since: self.watch_since.clone(),
            watch_cut: self.watch_cut,
        }
    }
    /// Takes back a stored memory document.
    pub(super) fn restore(&mut self, m: Memory) {
        self.replacement = m.replacement;
        self.last_acted = m.last_acted.into_iter().collect();
        self.since = m.since.into_iter().collect();
        self.cut = m.cut.into_iter().collect();
        self.watch_since = m.watch_since;
        self.watch_cut = m.watch_cut;
    }
}

impl Around {
    /// The deputy of `power` whose period has not ended at `now`.
    pub(super) fn deputy(&self, power: Power, now: i64) -> Option<&Deputy> {
        self.stored
            .deputies
            .iter()
            .find(|d| d.power == power && d.until > now)
    }
    /// Whether `user` watches the game.
    pub(super) fn watches(&self, user: UserId) -> bool {
        self.stored.watchers.iter().any(|w| w.user == user)
    }
}

/// What the absence commands say and refuse, in both languages.
#[derive(Debug, Clone, PartialEq, Eq)]
#[allow(missing_docs)]
pub enum AbsenceMsg {
    // announcements
    DeputyNamed {
        power: Power,
        name: String,
        by: String,
        until: i64,
    },
    DeputyHand {
        power: Power,
        until: i64,
    },
    DeputyEnded {
        power: Power,
        name: String,
        by: String,
    },
    DeputyExpired {
        power: Power,
        name: String,
    },
    Watching {
        name: String,
    },
    Unwatched {
        name: String,
    },
    DigestSet {
        name: String,
        on: bool,
    },
    ReplaceAfterSet {
        by: String,
        after: i64,
    },
    ReplaceAsked {
        name: String,
        power: Power,
        old: String,
        new: String,
        waiting: String,
    },
    Replaced {
        power: Power,
        old: String,
        new: String,
        agreed: String,
    },
    // refusals
    BadUntil {
        value: String,
    },
    UntilOutOfRange {
        value: String,
    },
    BadAfter {
        value: String,
    },
    BadUser {
        value: String,
    },
    DeputyNeedsUser,
    DeputySelf,
    DeputySeated {
        name: String,
        power: Power,
    },
    DeputyElsewhere {
        name: String,
        power: Power,
    },
    NoDeputy {
        power: Power,
    },
    SpectatorCannotAct,
    SpectatorNoHand,
    AlreadyWatching,
    NotWatching,
    WatchSeated,
    TooManyWatchers,
    NoDigestForOthers,
    ReplaceNotSeated,
    ReplaceNeeds,
    ReplaceSelf,
    ReplaceSeated {
        name: String,
        power: Power,
    },
    ReplaceTooSoon {
        power: Power,
        since: i64,
        after: i64,
    },
    ReplaceOther {
        power: Power,
        new: String,
    },
    ReplaceAlreadyAgreed {
        waiting: String,
    },
    ReplaceOnlyCreator,
    ReplaceNotStarted,
}

/// A moment as players read it: `2026-12-09 14:00 UTC`.
pub fn when(ms: i64) -> String {
    chrono::DateTime::from_timestamp_millis(ms)
        .map(|d| d.format("%Y-%m-%d %H:%M UTC").to_string())
        .unwrap_or_else(|| ms.to_string())
}

/// A period as players read it: `7d`, `36h`, `90 min` (Russian `7д`, `36ч`).
pub fn period(ms: i64, loc: Locale) -> String {
    let (d, h, m) = match loc {
        Locale::En => ("d", "h", " min"),
        Locale::Ru => ("д", "ч", " мин"),
    };
    if ms % DAY_MS == 0 {
        format!("{}{d}", ms / DAY_MS)
    } else if ms % HOUR_MS == 0 {
        format!("{}{h}", ms / HOUR_MS)
    } else {
        format!("{}{m}", ms / 60_000)
    }
}

/// `12h`, `3d`, `2w` (also `ч`, `д`, `н`) as milliseconds; `None` if it is not one.
pub fn parse_period(text: &str) -> Option<i64> {
    let t = text.trim().to_lowercase();
    let unit_at = t.find(|c: char| !c.is_ascii_digit())?;
    let (n, unit) = t.split_at(unit_at);
    let n: i64 = n.parse().ok()?;
    let unit = match unit.trim() {
        "h" | "ч" => HOUR_MS,
        "d" | "д" => DAY_MS,
        "w" | "н" => 7 * DAY_MS,
        _ => return None,
    };
    n.checked_mul(unit)
}

/// What `until:` asks for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Until {
    /// End the current deputy.
    End,
    /// A deputy until this moment (Unix ms).
    At(i64),
}

/// Reads `until:`: `end`, a period from `now` (`3d`), or a date (`2026-12-24`, midnight UTC;
/// `2026-12-24T18:00`). Only the form is checked here, the range by the caller.
pub fn parse_until(text: &str, now: i64) -> Option<Until> {
    let t = text.trim();
    if ["end", "конец", "off", "снять"]
        .iter()
        .any(|w| t.eq_ignore_ascii_case(w))
    {
        return Some(Until::End);
    }
    if let Some(p) = parse_period(t) {
        return now.checked_add(p).map(Until::At);
    }
    let (date, time) = match t.split_once(['T', ' ']) {
        Some((d, h)) => (d, Some(h)),
        None => (t, None),
    };
    let mut ymd = date.split('-').map(|x| x.parse::<u32>().ok());
    let (y, m, d) = (ymd.next()??, ymd.next()??, ymd.next()??);
    if ymd.next().is_some() {
        return None;
    }
    let (hh, mm) = match time {
        Some(h) => {
            let (a, b) = h.split_once(':')?;
            (a.parse::<u32>().ok()?, b.parse::<u32>().ok()?)
        }
        None => (0, 0),
    };
    let at = chrono::NaiveDate::from_ymd_opt(i32::try_from(y).ok()?, m, d)?
        .and_hms_opt(hh, mm, 0)?
        .and_utc()
        .timestamp_millis();
    Some(Until::At(at))
}

/// A user named in an option: `<@123>`, `<@!123>` or `123`.
pub fn parse_user(text: &str) -> Option<UserId> {
    let t = text.trim();
    let inner = t
        .strip_prefix("<@")
        .and_then(|r| r.strip_suffix('>'))
        .map(|r| r.trim_start_matches('!'))
        .unwrap_or(t);
    inner.parse::<u64>().ok().filter(|u| *u > 0)
}

impl Texts<'_> {
    /// The text of an absence message.
    pub fn absence(&self, m: &AbsenceMsg) -> String {
        let l = self.loc;
        let pw = |p: &Power| self.power(*p);
        let en = l == Locale::En;
        let pick = |a: String, b: String| if en { a } else { b };
        match m {
            AbsenceMsg::DeputyNamed { power, name, by, until } => pick(
                format!("{by} names **{name}** deputy for {} until {}: {name} may act for {} and receives its hand by DM until then. It ends with {} or by itself.", pw(power), when(*until), pw(power), self.command("deputy", &["until"]).replace("…", "end")),
                format!("{by} назначает **{name}** заместителем ({}) до {}: {name} играет за эту державу и получает её руку в личку до этого срока. Снять: {}; срок кончится и сам.", pw(power), when(*until), self.command("deputy", &["until"]).replace("…", "конец")),
            ),
            AbsenceMsg::DeputyHand { power, until } => pick(
                format!("You are deputy for {} until {}. Its hand follows; it is for you alone.", pw(power), when(*until)),
                format!("Вы — заместитель ({}) до {}. Ниже её рука; она только для вас.", pw(power), when(*until)),
            ),
            AbsenceMsg::DeputyEnded { power, name, by } => pick(
                format!("{by} ends **{name}**'s deputyship for {}: {name} no longer acts for it or receives its hand.", pw(power)),
                format!("{by} снимает заместителя **{name}** ({}): {name} больше не играет за неё и не получает её руку.", pw(power)),
            ),
            AbsenceMsg::DeputyExpired { power, name } => pick(
                format!("**{name}**'s time as deputy for {} is over: {name} no longer acts for it or receives its hand.", pw(power)),
                format!("Срок заместителя **{name}** ({}) истёк: {name} больше не играет за неё и не получает её руку.", pw(power)),
            ),
            AbsenceMsg::Watching { name } => pick(
                format!("{name} now watches this game: public digests by DM at each new phase, never a hand. Stop with {}.", self.command("unwatch", &[])),
                format!("{name} теперь следит за партией: открытые сводки в личку в начале каждого этапа, без рук. Перестать: {}.", self.command("unwatch", &[])),
            ),
            AbsenceMsg::Unwatched { name } => pick(
                format!("{name} no longer watches this game."),
                format!("{name} больше не следит за партией."),
            ),
            AbsenceMsg::DigestSet { name, on: true } => pick(
                format!("{name}: \"since your last turn\" DMs are on."),
                format!("{name}: сводки «с вашего хода» включены."),
            ),
            AbsenceMsg::DigestSet { name, on: false } => pick(
                format!("{name}: \"since your last turn\" DMs are off; {} shows what happened.", self.command("log", &["last"])),
                format!("{name}: сводки «с вашего хода» выключены; что произошло, покажет {}.", self.command("log", &["last"])),
            ),
            AbsenceMsg::ReplaceAfterSet { by, after } => pick(
                format!("{by}: a seated player who has not acted for {} may be replaced when every other player agrees.", period(*after, l)),
                format!("{by}: игрока, который не действовал {}, можно заменить с согласия всех остальных.", period(*after, l)),
            ),
            AbsenceMsg::ReplaceAsked { name, power, old, new, waiting } => pick(
                format!("{name} asks to replace {old} at {} by **{new}**. Every other player must agree with {}; still to agree: {waiting}.", pw(power), self.command("replace", &["power", "user"])),
                format!("{name} просит заменить {old} ({}) на **{new}**. Нужно согласие всех остальных игроков, каждый — {}; ещё не согласились: {waiting}.", pw(power), self.command("replace", &["power", "user"])),
            ),
            AbsenceMsg::Replaced { power, old, new, agreed } => pick(
                format!("**{new}** takes {} from {old}, as {agreed} agreed. The hand goes to {new} by DM; {old} keeps nothing of it.", pw(power)),
                format!("**{new}** принимает {} у {old} с согласия: {agreed}. Рука уходит {new} в личку; у {old} от неё ничего не остаётся.", pw(power)),
            ),
            AbsenceMsg::BadUntil { value } => pick(
                format!("`until:{value}` is not a time: give a period (12h, 3d, 2w), a date (2026-12-24 or 2026-12-24T18:00, UTC), or end"),
                format!("`до:{value}` — не срок: укажите период (12ч, 3д, 2н), дату (2026-12-24 или 2026-12-24T18:00, UTC) или конец"),
            ),
            AbsenceMsg::UntilOutOfRange { value } => pick(
                format!("`until:{value}` is out of range: a deputy serves from 1 hour to 60 days from now"),
                format!("`до:{value}` вне допустимого: заместитель назначается на срок от 1 часа до 60 дней"),
            ),
            AbsenceMsg::BadAfter { value } => pick(
                format!("`after:{value}` is not allowed: give a period from 1d to 90d (24h, 7d, 2w)"),
                format!("`после:{value}` недопустимо: укажите срок от 1д до 90д (24ч, 7д, 2н)"),
            ),
            AbsenceMsg::BadUser { value } => pick(
                format!("`user:{value}` is not a member: pick one in the user option (a mention)"),
                format!("`кто:{value}` — не участник: выберите его в поле пользователя (упоминание)"),
            ),
            AbsenceMsg::DeputyNeedsUser => pick(
                "name the deputy with `user:` (or end the current one with `until:end`)".into(),
                "укажите заместителя в `кто:` (или снимите нынешнего: `до:конец`)".into(),
            ),
            AbsenceMsg::DeputySelf => pick(
                "you cannot be your own deputy: name another member".into(),
                "нельзя назначить заместителем себя: выберите другого участника".into(),
            ),
            AbsenceMsg::DeputySeated { name, power } => pick(
                format!("{name} already plays {} at this table, and would see two hands: a deputy must hold no seat", pw(power)),
                format!("{name} уже играет за {} за этим столом и видел бы две руки: у заместителя не должно быть места", pw(power)),
            ),
            AbsenceMsg::DeputyElsewhere { name, power } => pick(
                format!("{name} is already deputy for {}: a member is deputy for one power at a time", pw(power)),
                format!("{name} уже заместитель ({}): одновременно можно замещать одну державу", pw(power)),
            ),
            AbsenceMsg::NoDeputy { power } => pick(
                format!("{} has no deputy to end", pw(power)),
                format!("у {} нет заместителя", pw(power)),
            ),
            AbsenceMsg::SpectatorCannotAct => pick(
                format!("you are watching this game, and spectators cannot act or see hands; to play, ask for a free seat with {}", self.command("join", &["power"])),
                format!("вы следите за партией, а зрители не действуют и не видят рук; чтобы играть, попросите свободное место: {}", self.command("join", &["power"])),
            ),
            AbsenceMsg::SpectatorNoHand => pick(
                "spectators never see a hand".into(),
                "зрители не видят рук".into(),
            ),
            AbsenceMsg::AlreadyWatching => pick(
                format!("you already watch this game ({} stops it)", self.command("unwatch", &[])),
                format!("вы уже следите за партией ({} — перестать)", self.command("unwatch", &[])),
            ),
            AbsenceMsg::NotWatching => pick(
                format!("you are not watching this game ({} starts it)", self.command("watch", &[])),
                format!("вы не следите за партией ({} — начать)", self.command("watch", &[])),
            ),
            AbsenceMsg::WatchSeated => pick(
                "you play or act as deputy in this game: you get its news already".into(),
                "вы играете или замещаете в этой партии: её новости и так приходят вам".into(),
            ),
            AbsenceMsg::TooManyWatchers => pick(
                format!("this game has {MAX_WATCHERS} spectators, the most it takes"),
                format!("у партии уже {MAX_WATCHERS} зрителей, больше нельзя"),
            ),
            AbsenceMsg::NoDigestForOthers => pick(
                "only the players and deputies of this game get \"since your last turn\" DMs".into(),
                "сводки «с вашего хода» получают только игроки и заместители этой партии".into(),
            ),
            AbsenceMsg::ReplaceNotSeated => pick(
                "only the seated players may ask for or agree to a replacement".into(),
                "просить о замене и соглашаться могут только игроки за столом".into(),
            ),
            AbsenceMsg::ReplaceNeeds => pick(
                format!("say whom to replace and by whom: {}", self.command("replace", &["power", "user"])),
                format!("укажите, кого и кем заменить: {}", self.command("replace", &["power", "user"])),
            ),
            AbsenceMsg::ReplaceSelf => pick(
                format!("you hold that power: to hand it on, {} it (the others then agree to a newcomer), or name a deputy", self.command("leave", &[])),
                format!("это ваша держава: чтобы передать её, используйте {} (остальные согласятся на новичка) или назначьте заместителя", self.command("leave", &[])),
            ),
            AbsenceMsg::ReplaceSeated { name, power } => pick(
                format!("{name} already plays {} here: the new player must hold no seat", pw(power)),
                format!("{name} уже играет за {} здесь: у нового игрока не должно быть места", pw(power)),
            ),
            AbsenceMsg::ReplaceTooSoon { power, since, after } => pick(
                format!("{} acted at {}: a player may be replaced after {} without acting (at {} at the earliest)", pw(power), when(*since), period(*after, l), when(since + after)),
                format!("{} действовала {}: игрока можно заменить после {} без действий (не раньше {})", pw(power), when(*since), period(*after, l), when(since + after)),
            ),
            AbsenceMsg::ReplaceOther { power, new } => pick(
                format!("a request to replace the player of {} by {new} is open: agree to it, or wait until it is settled", pw(power)),
                format!("уже открыта просьба заменить игрока ({}) на {new}: согласитесь с ней или дождитесь решения", pw(power)),
            ),
            AbsenceMsg::ReplaceAlreadyAgreed { waiting } => pick(
                format!("you agreed already; still to agree: {waiting}"),
                format!("вы уже согласились; ещё не согласились: {waiting}"),
            ),
            AbsenceMsg::ReplaceOnlyCreator => pick(
                "only the game's creator sets the inactivity time (`after:`)".into(),
                "срок неактивности (`после:`) задаёт только создатель партии".into(),
            ),
            AbsenceMsg::ReplaceNotStarted => pick(
                format!("the game has not started: an open seat is simply taken with {}", self.command("join", &["power"])),
                format!("партия не началась: свободное место занимают через {}", self.command("join", &["power"])),
            ),
        }
    }
}

fn refuse(m: AbsenceMsg) -> Msg {
    Msg::Absence(Box::new(m))
}

impl Table {
    /// The table's time now (Unix ms).
    pub(super) fn now(&self) -> i64 {
        self.clock.now_ms()
    }

    /// The same table reading `clock` instead of the system clock (tests: [`ManualClock`]).
    pub fn with_clock(mut self, clock: Arc<dyn Clock>) -> Table {
        self.clock = clock;
        self
    }

    /// Remembers a member's display name without a command of theirs (the terminal table names
    /// a deputy before they ever typed).
    pub fn remember(&self, user: UserId, name: &str) {
        self.remember_name(&Caller::new(user, name));
    }

    /// Loads a game's stored absence document (a bad one is logged and read as empty).
    pub(super) fn load_absence(&self, s: &mut Slot) {
        let stored = lock(&self.store).absence_state(s.row.id);
        match stored {
            Ok(Some(json)) => match serde_json::from_str::<Absence>(&json) {
                Ok(a) => s.around.stored = a,
                Err(e) => {
                    tracing::warn!(game = s.row.id, error = %e, "the absence document does not load")
                }
            },
            Ok(None) => {}
            Err(e) => {
                tracing::warn!(game = s.row.id, error = %e, "reading the absence document failed")
            }
        }
        // --- campaign (issue 29): digests, last actions and a pending replacement
        let memory = lock(&self.store).around_memory(s.row.id);
        match memory {
            Ok(Some(json)) => match serde_json::from_str::<Memory>(&json) {
                Ok(m) => s.around.restore(m),
                Err(e) => {
                    tracing::warn!(game = s.row.id, error = %e, "the memory document does not load")
                }
            },
            Ok(None) => {}
            Err(e) => {
                tracing::warn!(game = s.row.id, error = %e, "reading the memory document failed")
            }
        }
        let now = self.now();
        for p in s.seats.keys() {
            if !s.around.last_acted.contains_key(p) {
                s.around.last_acted.insert(*p, now);
                s.around.dirty = true;
            }
        }
    }

    // --- campaign (issue 29)
    /// Stores the game's memory document if it changed (a failure is logged: the memory is
    /// kept in this process and stored with the next change).
    pub(super) fn save_memory(&self, s: &mut Slot) {
        if !s.around.dirty {
            return;
        }
        let json = match serde_json::to_string(&s.around.memory()) {
            Ok(j) => j,
            Err(e) => {
                tracing::warn!(game = s.row.id, error = %e, "the memory document does not serialize");
                return;
            }
        };
        match self.store_do(|st| st.set_around_memory(s.row.id, &json)) {
            Ok(()) => s.around.dirty = false,
            Err(e) => {
                tracing::warn!(game = s.row.id, error = ?e, "storing the memory document failed")
            }
        }
    }

    pub(super) fn save_absence(&self, s: &Slot) -> Result<(), Msg> {
        let json = serde_json::to_string(&s.around.stored).map_err(|e| Msg::StoreFailed {
            error: e.to_string(),
        })?;
        self.store_do(|st| st.set_absence_state(s.row.id, &json))
    }

    /// The users entitled to `power`'s private messages now: its seated player and its current
    /// deputy. Nobody else, ever.
    pub(super) fn entitled(&self, s: &Slot, power: Power) -> Vec<UserId> {
        // The seat's player (for an inactive major: its controller's player, X-INACTIVE).
        let mut v: Vec<UserId> = super::seat_user(s, power).into_iter().collect();
        if let Some(d) = s.around.deputy(power, self.now()) {
            if !v.contains(&d.user) {
                v.push(d.user);
            }
        }
        v
    }

    /// The powers `user` may act for: their seats and the power they are deputy for now.
    pub(super) fn powers_of(&self, s: &Slot, user: UserId) -> Vec<Power> {
        let now = self.now();
        let mut v: Vec<Power> = s
            .seats
            .iter()
            .filter(|(_, u)| **u == user)
            .map(|(p, _)| *p)
            .collect();
        for d in &s.around.stored.deputies {
            if d.user == user && d.until > now && !v.contains(&d.power) {
                v.push(d.power);
            }
        }
        // X-INACTIVE: the inactive majors one's powers control are played by the same player.
        if let Some(g) = &s.game {
            let more: Vec<Power> = v
                .iter()
                .flat_map(|p| g.controlled_inactive(*p).iter())
                .filter(|q| !v.contains(q))
                .collect();
            v.extend(more);
        }
        v.sort();
        v.dedup();
        v
    }

    /// The refusal for a caller with no power here: a spectator is told what spectators may do.
    pub(super) fn no_power(&self, s: &Slot, user: UserId, hand: bool) -> Msg {
        if s.around.watches(user) {
            refuse(if hand {
                AbsenceMsg::SpectatorNoHand
            } else {
                AbsenceMsg::SpectatorCannotAct
            })
        } else {
            Msg::NotSeated
        }
    }

    /// Removes the deputies whose time is up and says so in the channel; the texts to post.
    pub(super) fn expire_deputies(&self, s: &mut Slot, t: Texts<'_>) -> Vec<String> {
        let now = self.now();
        let (gone, kept): (Vec<Deputy>, Vec<Deputy>) =
            std::mem::take(&mut s.around.stored.deputies)
                .into_iter()
                .partition(|d| d.until <= now);
        s.around.stored.deputies = kept;
        if gone.is_empty() {
            return Vec::new();
        }
        if let Err(e) = self.save_absence(s) {
            // Their rights ended anyway (every check reads the clock); the row is retried.
            tracing::warn!(game = s.row.id, error = ?e, "storing a deputy's expiry failed");
        }
        gone.into_iter()
            .map(|d| {
                t.absence(&AbsenceMsg::DeputyExpired {
                    power: d.power,
                    name: d.name,
                })
            })
            .collect()
    }

    /// Ends the deputies whose time is up in every game this table has loaded, and returns
    /// the announcements to post, by channel (the Discord front end calls it on a timer, so a
    /// deputyship ends by itself even in a quiet channel).
    pub fn expire_due(&self) -> Vec<(super::Channel, Vec<String>)> {
        let slots: Vec<_> = lock(&self.slots)
            .iter()
            .map(|(c, s)| (*c, s.clone()))
            .collect();
        let now = self.now();
        let mut out = Vec::new();
        for (channel, shared) in slots {
            let mut slot = lock(&shared);
            let Some(s) = slot.as_mut() else { continue };
            if !s.around.stored.deputies.iter().any(|d| d.until <= now) {
                continue;
            }
            let loc = Locale::parse(&s.row.locale).unwrap_or(self.opts.default_locale);
            let texts = self.expire_deputies(s, Texts::new(&self.rs, loc));
            if !texts.is_empty() {
                out.push((channel, texts));
            }
        }
        // --- campaign (issue 29): and in the stored games not in memory (loaded for it).
        let done: Vec<super::Channel> = out.iter().map(|(c, _)| *c).collect();
        let due = lock(&self.store).deputies_due(now, super::reminders::MAX_GAMES_PER_ROUND);
        match due {
            Ok(due) => {
                for (game, channel) in due {
                    if done.contains(&channel) {
                        continue;
                    }
                    let texts = self.with_slot(channel, |s| {
                        if s.row.id != game {
                            return Vec::new();
                        }
                        let loc = Locale::parse(&s.row.locale).unwrap_or(self.opts.default_locale);
                        self.expire_deputies(s, Texts::new(&self.rs, loc))
                    });
                    match texts {
                        Ok(Some(texts)) if !texts.is_empty() => out.push((channel, texts)),
                        Ok(_) => {}
                        Err(e) => {
                            tracing::warn!(game, error = %e, "loading a game to end its deputy failed")
                        }
                    }
                }
            }
            Err(e) => tracing::warn!(error = %e, "reading the deputies due failed"),
        }
        let now_gen = self.barrier.generation();
        if now_gen > 0 {
            let _ = self.barrier.sync_through(now_gen);
        }
        out
    }

    // --- campaign (issue 29): an end stored just before a crash is posted at the next start
    /// Finds the stored games that are over but not closed (their last action was stored and
    /// the bot stopped before it stored the end), and the finished games whose end was never
    /// posted: closes the former and returns, by channel, what their end posts — the revealed
    /// seed, the result, the chart and the archive. The Discord front end calls it once at
    /// start (and marks each posted with [`Table::end_posted`]); every active game is loaded.
    pub fn catch_up_endings(&self) -> Vec<(super::Channel, Locale, Outbox)> {
        // --- campaign (issue 29): and those whose end was stored but not posted (`hands.rs`);
        // listed before the games closed below, which are then unposted too.
        let mut out = self.unposted_endings();
        let games = match lock(&self.store).active_games() {
            Ok(g) => g,
            Err(e) => {
                tracing::warn!(error = %e, "listing the active games failed");
                return out;
            }
        };
        for (game, channel) in games {
            let done = self.with_slot(channel, |s| {
                if s.row.id != game || !self.close_if_over(s) {
                    return None;
                }
                let loc = Locale::parse(&s.row.locale).unwrap_or(self.opts.default_locale);
                let t = Texts::new(&self.rs, loc);
                let mut o = Outbox::default();
                o.channel(t.msg(&Msg::SeedRevealed {
                    seed: s.row.seed.clone(),
                    commitment: s.row.seed_commitment.clone(),
                }));
                self.end_of_campaign(s, t, &mut o);
                Some((loc, o))
            });
            match done {
                Ok(Some(Some((loc, o)))) => out.push((channel, loc, o)),
                Ok(_) => {}
                Err(e) => tracing::warn!(game, error = %e, "loading a game at start failed"),
            }
        }
        let now_gen = self.barrier.generation();
        if now_gen > 0 {
            let _ = self.barrier.sync_through(now_gen);
        }
        out
    }

    /// `deputy`, `replace`, `watch`, `unwatch`, `digest`.
    pub(super) fn absence_command(
        &self,
        s: &mut Slot,
        caller: &Caller,
        cmd: &super::Command,
        t: Texts<'_>,
        out: &mut Outbox,
    ) -> Result<(), Msg> {
        use super::Command as C;
        match cmd {
            C::Deputy { user, until, power } => {
                self.deputy(s, caller, user.as_deref(), until, power.as_deref(), t, out)
            }
            C::Replace { power, user, after } => self.replace(
                s,
                caller,
                power.as_deref(),
                user.as_deref(),
                after.as_deref(),
                t,
                out,
            ),
            C::Watch => {
                if !self.powers_of(s, caller.user).is_empty() {
                    return Err(refuse(AbsenceMsg::WatchSeated));
                }
                if s.around.watches(caller.user) {
                    return Err(refuse(AbsenceMsg::AlreadyWatching));
                }
                if s.around.stored.watchers.len() >= MAX_WATCHERS {
                    return Err(refuse(AbsenceMsg::TooManyWatchers));
                }
                s.around.stored.watchers.push(Watcher {
                    user: caller.user,
                    name: caller.name.clone(),
                });
                if let Err(e) = self.save_absence(s) {
                    s.around.stored.watchers.retain(|w| w.user != caller.user);
                    return Err(e);
                }
                // Answered to the spectator alone: watchers do not fill the channel.
                out.reply(
                    caller.user,
                    t.absence(&AbsenceMsg::Watching {
                        name: caller.name.clone(),
                    }),
                );
                Ok(())
            }
            C::Unwatch => {
                if !s.around.watches(caller.user) {
                    return Err(refuse(AbsenceMsg::NotWatching));
                }
                let before = s.around.stored.watchers.clone();
                s.around.stored.watchers.retain(|w| w.user != caller.user);
                if let Err(e) = self.save_absence(s) {
                    s.around.stored.watchers = before;
                    return Err(e);
                }
                out.reply(
                    caller.user,
                    t.absence(&AbsenceMsg::Unwatched {
                        name: caller.name.clone(),
                    }),
                );
                Ok(())
            }
            C::Digest { on } => {
                if self.powers_of(s, caller.user).is_empty() {
                    return Err(refuse(AbsenceMsg::NoDigestForOthers));
                }
                let before = s.around.stored.digest_off.clone();
                s.around.stored.digest_off.retain(|u| *u != caller.user);
                if !on {
                    s.around.stored.digest_off.push(caller.user);
                }
                if let Err(e) = self.save_absence(s) {
                    s.around.stored.digest_off = before;
                    return Err(e);
                }
                out.reply(
                    caller.user,
                    t.absence(&AbsenceMsg::DigestSet {
                        name: caller.name.clone(),
                        on: *on,
                    }),
                );
                Ok(())
            }
            _ => Ok(()),
        }
    }

    /// The hand (and treasures) of `power`, privately to `user`.
    pub(super) fn send_hand(
        &self,
        s: &Slot,
        power: Power,
        user: UserId,
        t: Texts<'_>,
        out: &mut Outbox,
    ) {
        let Some(g) = &s.game else { return };
        let mut hand = t.event(&EventKind::HandDealt {
            power,
            cards: g.hands[power as usize].clone(),
        });
        // --- diplomatic influence: what the CP may buy, in the same DM (X-INF-BUY)
        let inf = t.influence_hand_line(g, power);
        if !inf.is_empty() {
            hand.push('\n');
            hand.push_str(&inf);
        }
        out.dm(user, hand);
        let mine = &g.treasures.held[power as usize];
        if !mine.is_empty() {
            out.dm(
                user,
                t.event(&EventKind::TreasuresHeld {
                    power,
                    treasures: mine.clone(),
                }),
            );
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn deputy(
        &self,
        s: &mut Slot,
        caller: &Caller,
        user: Option<&str>,
        until: &str,
        power: Option<&str>,
        t: Texts<'_>,
        out: &mut Outbox,
    ) -> Result<(), Msg> {
        let now = self.now();
        let when = parse_until(until, now).ok_or_else(|| {
            refuse(AbsenceMsg::BadUntil {
                value: until.to_string(),
            })
        })?;
        // The deputy may end their own deputyship too.
        if when == Until::End {
            let seat = self.held_power(s, caller, power);
            let own = s
                .around
                .stored
                .deputies
                .iter()
                .find(|d| d.user == caller.user && d.until > now)
                .map(|d| d.power);
            let p = match (seat, own) {
                (Ok(p), _) => p,
                (Err(_), Some(p)) => p,
                (Err(e), None) => return Err(e),
            };
            let Some(i) = s
                .around
                .stored
                .deputies
                .iter()
                .position(|d| d.power == p && d.until > now)
            else {
                return Err(refuse(AbsenceMsg::NoDeputy { power: p }));
            };
            let before = s.around.stored.deputies.clone();
            let d = s.around.stored.deputies.remove(i);
            if let Err(e) = self.save_absence(s) {
                s.around.stored.deputies = before;
                return Err(e);
            }
            out.channel(t.absence(&AbsenceMsg::DeputyEnded {
                power: p,
                name: d.name,
                by: caller.name.clone(),
            }));
            return Ok(());
        }
        let Until::At(at) = when else { return Ok(()) };
        let p = self.held_power(s, caller, power)?;
        if s.row.status == Status::Finished {
            return Err(Msg::NoGame);
        }
        let Some(text) = user else {
            return Err(refuse(AbsenceMsg::DeputyNeedsUser));
        };
        let u = parse_user(text).ok_or_else(|| {
            refuse(AbsenceMsg::BadUser {
                value: text.to_string(),
            })
        })?;
        if !(DEPUTY_MIN_MS..=DEPUTY_MAX_MS).contains(&(at - now)) {
            return Err(refuse(AbsenceMsg::UntilOutOfRange {
                value: until.to_string(),
            }));
        }
        if u == caller.user {
            return Err(refuse(AbsenceMsg::DeputySelf));
        }
        let name = self.name(u);
        if let Some((q, _)) = s.seats.iter().find(|(_, h)| **h == u) {
            return Err(refuse(AbsenceMsg::DeputySeated { name, power: *q }));
        }
        if let Some(d) = s
            .around
            .stored
            .deputies
            .iter()
            .find(|d| d.user == u && d.power != p && d.until > now)
        {
            return Err(refuse(AbsenceMsg::DeputyElsewhere {
                name,
                power: d.power,
            }));
        }
        let before = s.around.stored.deputies.clone();
        let replaced = s
            .around
            .deputy(p, now)
            .filter(|d| d.user != u)
            .map(|d| d.name.clone());
        s.around.stored.deputies.retain(|d| d.power != p);
        s.around.stored.deputies.push(Deputy {
            power: p,
            user: u,
            name: name.clone(),
            until: at,
            by: caller.user,
        });
        if let Err(e) = self.save_absence(s) {
            s.around.stored.deputies = before;
            return Err(e);
        }
        if let Some(old) = replaced {
            out.channel(t.absence(&AbsenceMsg::DeputyEnded {
                power: p,
                name: old,
                by: caller.name.clone(),
            }));
        }
        out.channel(t.absence(&AbsenceMsg::DeputyNamed {
            power: p,
            name,
            by: caller.name.clone(),
            until: at,
        }));
        out.dm(
            u,
            t.absence(&AbsenceMsg::DeputyHand {
                power: p,
                until: at,
            }),
        );
        self.send_hand(s, p, u, t, out);
        Ok(())
    }

    /// The seated power of the caller a `deputy` command is about (`power:` or their only one).
    fn held_power(&self, s: &Slot, caller: &Caller, power: Option<&str>) -> Result<Power, Msg> {
        let held: Vec<Power> = s
            .seats
            .iter()
            .filter(|(_, u)| **u == caller.user)
            .map(|(p, _)| *p)
            .collect();
        match power {
            Some(text) => {
                let p = super::resolve::power(&self.rs, text)?;
                if held.contains(&p) {
                    Ok(p)
                } else {
                    Err(Msg::NotYourSeat {
                        power: p,
                        holder: s.seats.get(&p).map(|u| self.name(*u)),
                    })
                }
            }
            None => match held.as_slice() {
                [p] => Ok(*p),
                [] => Err(self.no_power(s, caller.user, false)),
                _ => Err(Msg::Ambiguous { held }),
            },
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn replace(
        &self,
        s: &mut Slot,
        caller: &Caller,
        power: Option<&str>,
        user: Option<&str>,
        after: Option<&str>,
        t: Texts<'_>,
        out: &mut Outbox,
    ) -> Result<(), Msg> {
        if let Some(a) = after {
            if s.row.created_by != Some(caller.user) {
                return Err(refuse(AbsenceMsg::ReplaceOnlyCreator));
            }
            let ms = parse_period(a)
                .filter(|ms| (REPLACE_AFTER_MIN_MS..=REPLACE_AFTER_MAX_MS).contains(ms))
                .ok_or_else(|| {
                    refuse(AbsenceMsg::BadAfter {
                        value: a.to_string(),
                    })
                })?;
            let before = s.around.stored.replace_after;
            s.around.stored.replace_after = Some(ms);
            if let Err(e) = self.save_absence(s) {
                s.around.stored.replace_after = before;
                return Err(e);
            }
            out.channel(t.absence(&AbsenceMsg::ReplaceAfterSet {
                by: caller.name.clone(),
                after: ms,
            }));
            if power.is_none() && user.is_none() {
                return Ok(());
            }
        }
        if s.game.is_none() || s.row.status != Status::Active {
            return Err(refuse(AbsenceMsg::ReplaceNotStarted));
        }
        let (Some(power), Some(user)) = (power, user) else {
            return Err(refuse(AbsenceMsg::ReplaceNeeds));
        };
        let p = super::resolve::power(&self.rs, power)?;
        let u = parse_user(user).ok_or_else(|| {
            refuse(AbsenceMsg::BadUser {
                value: user.to_string(),
            })
        })?;
        let users = Self::seated_users(s);
        if !users.contains(&caller.user) {
            return Err(refuse(AbsenceMsg::ReplaceNotSeated));
        }
        let Some(old) = s.seats.get(&p).copied() else {
            return Err(Msg::NotYourSeat {
                power: p,
                holder: None,
            });
        };
        if old == caller.user {
            return Err(refuse(AbsenceMsg::ReplaceSelf));
        }
        if let Some((q, _)) = s.seats.iter().find(|(_, h)| **h == u) {
            return Err(refuse(AbsenceMsg::ReplaceSeated {
                name: self.name(u),
                power: *q,
            }));
        }
        let after = s
            .around
            .stored
            .replace_after
            .unwrap_or(REPLACE_AFTER_DEFAULT_MS);
        let now = self.now();
        let since = s.around.last_acted.get(&p).copied().unwrap_or(now);
        if now - since < after {
            return Err(refuse(AbsenceMsg::ReplaceTooSoon {
                power: p,
                since,
                after,
            }));
        }
        // Every seated user other than the inactive one agrees.
        let others: Vec<UserId> = users.into_iter().filter(|x| *x != old).collect();
        // --- campaign (issue 29): the request is stored with the memory
        s.around.dirty = true;
        let mut r = match s.around.replacement.take() {
            Some(r) if r.power == p && r.old == old && r.user == u => r,
            Some(r) if r.power == p && r.old == old => {
                let new = r.name.clone();
                s.around.replacement = Some(r);
                return Err(refuse(AbsenceMsg::ReplaceOther { power: p, new }));
            }
            _ => Replacement {
                power: p,
                old,
                user: u,
                name: self.name(u),
                agreed: Vec::new(),
            },
        };
        let waiting = |r: &Replacement| {
            others
                .iter()
                .filter(|x| !r.agreed.contains(x))
                .map(|x| self.name(*x))
                .collect::<Vec<_>>()
                .join(", ")
        };
        if r.agreed.contains(&caller.user) {
            let w = waiting(&r);
            s.around.replacement = Some(r);
            return Err(refuse(AbsenceMsg::ReplaceAlreadyAgreed { waiting: w }));
        }
        r.agreed.push(caller.user);
        if !others.iter().all(|x| r.agreed.contains(x)) {
            out.channel(t.absence(&AbsenceMsg::ReplaceAsked {
                name: caller.name.clone(),
                power: p,
                old: self.name(old),
                new: r.name.clone(),
                waiting: waiting(&r),
            }));
            s.around.replacement = Some(r);
            out.consent = true;
            return Ok(());
        }
        // Everyone agreed: the seat changes hands; the old player keeps nothing, and a deputy
        // the old player named goes with them.
        self.store_do(|st| st.set_seat(s.row.id, p.as_str(), Some(u), Some(caller.user)))?;
        s.seats.insert(p, u);
        let stored = s.around.stored.clone();
        s.around.stored.deputies.retain(|d| d.power != p);
        s.around.stored.watchers.retain(|w| w.user != u);
        if s.around.stored != stored {
            self.save_absence(s)?;
        }
        s.around.since.remove(&p);
        s.around.last_acted.insert(p, now);
        let agreed = r
            .agreed
            .iter()
            .map(|x| self.name(*x))
            .collect::<Vec<_>>()
            .join(", ");
        out.channel(t.absence(&AbsenceMsg::Replaced {
            power: p,
            old: self.name(old),
            new: r.name.clone(),
            agreed,
        }));
        self.send_hand(s, p, u, t, out);
        Ok(())
    }
}

// --- campaign (issue 32, item 1): announcements a channel could not get, stored so that a
// restart does not lose them; the front end posts them with the channel's next answer.
impl Table {
    /// Holds announcements that could not be posted in `channel`, in order.
    pub fn hold_posts(&self, channel: super::Channel, texts: &[String]) {
        let mut st = lock(&self.store);
        for text in texts {
            if let Err(e) = st.hold_post(channel, text) {
                tracing::warn!(error = %e, "holding an unposted announcement failed");
            }
        }
    }

    /// Takes the channel's held announcements, oldest first (they are forgotten; the caller
    /// posts them or holds them again).
    pub fn take_held_posts(&self, channel: super::Channel) -> Vec<String> {
        let mut st = lock(&self.store);
        let held = match st.held_posts(channel) {
            Ok(h) => h,
            Err(e) => {
                tracing::warn!(error = %e, "reading held announcements failed");
                return Vec::new();
            }
        };
        let mut out = Vec::new();
        for (id, text) in held {
            match st.drop_held_post(id) {
                Ok(()) => out.push(text),
                Err(e) => tracing::warn!(error = %e, "forgetting a held announcement failed"),
            }
        }
        out
    }

    // --- campaign (issue 29, item 5): private threads for hands when DMs are closed
    /// The private thread of `user` in `channel`, if the bot opened one.
    pub fn hand_thread(&self, channel: super::Channel, user: UserId) -> Option<u64> {
        lock(&self.store)
            .hand_thread(channel, user)
            .unwrap_or_else(|e| {
                tracing::warn!(error = %e, "reading a hand thread failed");
                None
            })
    }

    /// Remembers it.
    pub fn set_hand_thread(&self, channel: super::Channel, user: UserId, thread: u64) {
        if let Err(e) = lock(&self.store).set_hand_thread(channel, user, thread) {
            tracing::warn!(error = %e, "storing a hand thread failed");
        }
    }

    /// A user's display name as last seen, if known.
    pub fn display_name_of(&self, user: UserId) -> Option<String> {
        self.known_name(user)
    }
}

//! "Since your last turn" (issue 29, item 3) and the spectators' phase digests (item 6).
//!
//! The table keeps, per power, the events it was allowed to see since its last action (public
//! ones and its own private ones), and for the spectators the public events since the last
//! phase began. When an action makes a power awaited that was not awaited before, its player
//! (and its current deputy) get those events by DM, in the game's language, unless they
//! switched digests off (`digest on:no`); when a phase begins, every spectator gets the public
//! ones. Long digests keep their latest lines and point to `log`.
//!
//! The buffers keep the latest [`KEEP`] events of each power and count the older ones; they
//! are stored with the game's memory document (`absence::Memory`), so a digest after a restart
//! still starts from the power's last action.

use crate::engine::event::{Event, EventKind, Visibility};
use crate::engine::{Power, PowerSet};

use super::messages::{Locale, Texts};
use super::outbox::Outbox;
use super::{Slot, Table};

/// A digest shows at most this many lines (the latest); the rest is in `log`.
pub const DIGEST_LINES: usize = 25;
/// Events kept per power at most (older ones are dropped and counted as cut). A digest shows
/// [`DIGEST_LINES`]; the margin covers events that print no line.
// --- campaign (issue 29): small, since the buffers are stored after each action
pub const KEEP: usize = DIGEST_LINES + 15;

/// Whether a digest leaves the event out: the hand itself arrives on its own.
fn hand_line(k: &EventKind) -> bool {
    matches!(
        k,
        EventKind::HandDealt { .. } | EventKind::TreasuresHeld { .. }
    )
}

impl Table {
    /// Records the events of one action in the digests of the powers allowed to see them.
    pub(super) fn note_events(&self, s: &mut Slot, events: &[Event]) {
        let Some(g) = &s.game else { return };
        let powers = g.powers;
        if !events.is_empty() {
            s.around.dirty = true;
        }
        for e in events {
            for p in powers.iter() {
                let visible = match e.vis {
                    Visibility::Public => true,
                    Visibility::Powers(set) => set.contains(p),
                };
                if visible && !hand_line(&e.kind) {
                    let buf = s.around.since.entry(p).or_default();
                    buf.push((e.kind.clone(), e.vis));
                    if buf.len() > KEEP {
                        buf.remove(0);
                        *s.around.cut.entry(p).or_default() += 1;
                    }
                }
            }
            if e.vis == Visibility::Public {
                s.around.watch_since.push(e.kind.clone());
                if s.around.watch_since.len() > KEEP {
                    s.around.watch_since.remove(0);
                    s.around.watch_cut += 1;
                }
            }
        }
    }

    /// `power` acted: its digest starts afresh, and its inactivity clock too.
    pub(super) fn acted(&self, s: &mut Slot, power: Power) {
        s.around.since.remove(&power);
        s.around.cut.remove(&power);
        let now = self.now();
        s.around.last_acted.insert(power, now);
        s.around.dirty = true;
    }

    /// Sends each power in `newly` (awaited now, not before) the digest of what happened since
    /// its last action, to its player and deputy, unless they switched digests off.
    pub(super) fn send_digests(
        &self,
        s: &mut Slot,
        newly: PowerSet,
        t: Texts<'_>,
        out: &mut Outbox,
    ) {
        for p in newly.iter() {
            let Some(events) = s.around.since.remove(&p) else {
                continue;
            };
            s.around.dirty = true;
            let dropped = s.around.cut.remove(&p).unwrap_or(0);
            // The hand itself arrived on its own already: a digest does not repeat it.
            let lines: Vec<String> = events
                .iter()
                .filter(|(k, _)| !hand_line(k))
                .map(|(k, _)| t.event(k))
                .filter(|l| !l.trim().is_empty())
                .collect();
            if lines.is_empty() {
                continue;
            }
            let text = digest_text(t, &header(t.loc, &t.power(p)), &lines, dropped);
            for u in self.entitled(s, p) {
                if !s.around.stored.digest_off.contains(&u) {
                    out.dm(u, text.clone());
                }
            }
        }
    }

    /// When a phase begins, every spectator gets the public events since the last phase.
    pub(super) fn ping_watchers(
        &self,
        s: &mut Slot,
        events: &[Event],
        t: Texts<'_>,
        out: &mut Outbox,
    ) {
        let phase = events.iter().rev().find_map(|e| match &e.kind {
            EventKind::PhaseStarted { .. } => Some(t.event(&e.kind)),
            _ => None,
        });
        let Some(phase) = phase else { return };
        let kinds = std::mem::take(&mut s.around.watch_since);
        let dropped = std::mem::take(&mut s.around.watch_cut);
        s.around.dirty = true;
        if s.around.stored.watchers.is_empty() {
            return;
        }
        let lines: Vec<String> = kinds
            .iter()
            .map(|k| t.event(k))
            .filter(|l| !l.trim().is_empty())
            .collect();
        let head = match t.loc {
            Locale::En => format!("👁 {phase} — what happened since the last phase (public):"),
            Locale::Ru => format!("👁 {phase} — что произошло с прошлого этапа (открыто):"),
        };
        let text = digest_text(t, &head, &lines, dropped);
        for w in &s.around.stored.watchers {
            out.dm(w.user, text.clone());
        }
    }
}

fn header(loc: Locale, power: &str) -> String {
    match loc {
        Locale::En => format!("📜 **Since your last turn** ({power}):"),
        Locale::Ru => format!("📜 **С вашего прошлого хода** ({power}):"),
    }
}

/// The header and the latest [`DIGEST_LINES`] lines; a longer digest says how many earlier
/// lines were cut (`dropped` of them already from the buffer) and where to read them.
fn digest_text(t: Texts<'_>, head: &str, lines: &[String], dropped: usize) -> String {
    let shown_from = lines.len().saturating_sub(DIGEST_LINES);
    let cut = shown_from + dropped;
    let mut out = vec![head.to_string()];
    if cut > 0 {
        out.push(match t.loc {
            Locale::En => format!(
                "… {cut} earlier lines are cut: {} shows the whole log.",
                t.command("log", &["last"])
            ),
            Locale::Ru => format!(
                "… ещё {cut} строк раньше не показаны: весь журнал — {}.",
                t.command("log", &["last"])
            ),
        });
    }
    out.extend(lines[shown_from..].iter().map(|l| format!("• {l}")));
    out.join("\n")
}

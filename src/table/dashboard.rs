//! The living dashboard's text (issue 29, item 2): one message per game that always shows where
//! it stands — turn and phase, who acts and since when, VP per power, wars and alliances, cards
//! in hand per power (counts only), and a link to the last map. Only public facts: nothing of a
//! hand or a secret choice. The Discord front end keeps it as one message edited in place; the
//! terminal shows it on request (`dashboard`).

use super::messages::{Locale, Msg, Texts};
use super::persist::DashboardRecord;
use super::reminders::{duration_text, time_text};
use super::{status, Audience, Channel, Outbox, Slot, Table};
use crate::engine::Power;

/// Discord's limit on a message's content; the dashboard stays under it.
const MAX_CHARS: usize = 1900;

impl Table {
    /// The dashboard of the channel's game at `now` (Unix ms), with a link to the last map when
    /// the front end knows one. `None` before `start` or when there is no game.
    pub fn dashboard(&self, channel: Channel, now: i64, last_map: Option<&str>) -> Option<String> {
        let waits = self.waits(channel);
        let text = self
            .with_slot(channel, |s| self.dashboard_text(s, &waits, now, last_map))
            .ok()
            .flatten()
            .flatten()?;
        Some(clip(text))
    }

    pub(super) fn dashboard_text(
        &self,
        s: &Slot,
        waits: &[(u64, Vec<Power>, i64)],
        now: i64,
        last_map: Option<&str>,
    ) -> Option<String> {
        let g = s.game.as_ref()?;
        let loc = Locale::parse(&s.row.locale).unwrap_or(self.opts.default_locale);
        let t = Texts::new(&self.rs, loc);
        let mut lines = Vec::new();
        lines.push(match loc {
            Locale::En => format!(
                "📋 **Game #{} — dashboard** (kept up to date after every change)",
                s.row.id
            ),
            Locale::Ru => format!(
                "📋 **Партия #{} — сводка** (обновляется после каждого изменения)",
                s.row.id
            ),
        });
        let phase = g.phase().map(|p| t.phase(p)).unwrap_or("—");
        lines.push(match loc {
            Locale::En => format!("Turn {} · {phase}", g.turn),
            Locale::Ru => format!("Ход {} · {phase}", g.turn),
        });
        // Who acts, and since when (the reminders' waits; public, as the ➡ line is).
        let mut o = Outbox::default();
        self.next_line(s, t, &mut o);
        let mut next = o.text_for(Audience::Channel);
        if let Some(since) = waits.iter().map(|(_, _, since)| *since).min() {
            let waited = duration_text((now - since) / 1000, loc);
            next.push_str(&match loc {
                Locale::En => format!(" Waiting since {} ({waited}).", time_text(since, loc)),
                Locale::Ru => format!(" Ждём с {} ({waited}).", time_text(since, loc)),
            });
        }
        lines.push(next);
        if let Ok(vp) = self.vp_text(s, t) {
            let vp: Vec<&str> = vp.lines().collect();
            lines.push(match loc {
                Locale::En => format!("**VP** — {}", vp.join(" · ")),
                Locale::Ru => format!("**ПО** — {}", vp.join(" · ")),
            });
        }
        // Wars and alliances: the first two lines of `status`'s diplomacy.
        lines.extend(status::lines(&self.rs, g, t).into_iter().take(2));
        let hands: Vec<String> = g
            .powers
            .iter()
            .map(|p| format!("{} {}", t.power(p), g.hands[p as usize].len()))
            .collect();
        lines.push(t.msg(&Msg::StatusTurn {
            turn: g.turn,
            hands: hands.join(", "),
        }));
        if let Some(link) = last_map {
            lines.push(match loc {
                Locale::En => format!("🗺 Last map and its close-up: {link}"),
                Locale::Ru => format!("🗺 Последняя карта и её крупный план: {link}"),
            });
        }
        Some(lines.join("\n"))
    }
}

/// The text cut to [`MAX_CHARS`] characters, on a line boundary.
fn clip(text: String) -> String {
    if text.chars().count() <= MAX_CHARS {
        return text;
    }
    let mut out = String::new();
    for line in text.lines() {
        if out.chars().count() + line.chars().count() + 2 > MAX_CHARS {
            out.push('…');
            break;
        }
        out.push_str(line);
        out.push('\n');
    }
    out
}

impl Table {
    /// The game's dashboard message, once a front end posted one.
    pub fn dashboard_message(&self, game: i64) -> Option<DashboardRecord> {
        self.campaign_of(game).dashboard
    }

    /// Stores (or with `None` forgets) the game's dashboard message.
    pub fn set_dashboard_message(&self, game: i64, d: Option<DashboardRecord>) {
        self.edit_campaign(game, |_, c| c.dashboard = d);
    }
}

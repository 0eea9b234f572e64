//! Autocomplete: what to suggest for a focused option, from the ruleset and the caller's own
//! view of the game (their hand, their formations). Never another player's cards.

use std::collections::BTreeMap;

use crate::engine::{Game, Owner, Power, Ruleset};
use crate::table::command::{OptKind, COMMANDS};
use crate::table::rules::RULES;
use crate::table::{Locale, Texts, UserId};

/// Discord shows at most 25 suggestions.
pub const MAX_CHOICES: usize = 25;

/// One suggestion: what the user sees, and the value sent back.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Suggestion {
    /// Label (≤ 100 characters).
    pub name: String,
    /// Value (≤ 100 characters).
    pub value: String,
}

fn fold(s: &str) -> String {
    s.trim().to_lowercase().replace('ё', "е")
}

fn push(out: &mut Vec<Suggestion>, typed: &str, keys: &[&str], name: String, value: String) {
    if out.len() >= MAX_CHOICES {
        return;
    }
    let t = fold(typed);
    if t.is_empty() || keys.iter().any(|k| fold(k).contains(&t)) {
        out.push(Suggestion {
            name: name.chars().take(100).collect(),
            value: value.chars().take(100).collect(),
        });
    }
}

/// What the caller may see of a game for suggestions.
pub struct CallerView<'a> {
    /// The game, if started.
    pub game: Option<&'a Game>,
    /// Seats.
    pub seats: &'a BTreeMap<Power, UserId>,
    /// The caller.
    pub user: UserId,
}

impl CallerView<'_> {
    fn mine(&self) -> Vec<Power> {
        self.seats
            .iter()
            .filter(|(_, u)| **u == self.user)
            .map(|(p, _)| *p)
            .collect()
    }
}

/// Suggestions for option `option` of table command `command`, given what was typed.
pub fn suggest(
    rs: &Ruleset,
    loc: Locale,
    command: &str,
    option: &str,
    typed: &str,
    view: &CallerView<'_>,
) -> Vec<Suggestion> {
    let t = Texts::new(rs, loc);
    let kind = COMMANDS
        .iter()
        .find(|c| c.name == command)
        .and_then(|c| c.option(option))
        .map(|o| o.kind);
    let mut out = Vec::new();
    match kind {
        Some(OptKind::Space) => {
            // The caller's formations first where a formation is named (`from:`).
            if option == "from" {
                if let Some(g) = view.game {
                    let mine = view.mine();
                    for (i, st) in g.board.spaces.iter().enumerate() {
                        let has = st.forces.iter().any(|f| {
                            matches!(f.owner, Some(Owner::Major(p)) if mine.contains(&p))
                                && (f.regulars > 0
                                    || f.mercenaries > 0
                                    || f.cavalry > 0
                                    || f.squadrons > 0
                                    || !f.leaders.is_empty())
                        });
                        if let (true, Some(sp)) = (has, rs.spaces.get(i)) {
                            push(
                                &mut out,
                                typed,
                                &[&sp.id, &sp.name_en, &sp.name_ru],
                                label(loc, &sp.name_en, &sp.name_ru),
                                sp.id.clone(),
                            );
                        }
                    }
                    if !out.is_empty() || !typed.is_empty() {
                        return out;
                    }
                }
            }
            for sp in &rs.spaces {
                push(
                    &mut out,
                    typed,
                    &[&sp.id, &sp.name_en, &sp.name_ru],
                    label(loc, &sp.name_en, &sp.name_ru),
                    sp.id.clone(),
                );
            }
        }
        Some(OptKind::Card) => {
            // Only the caller's own hands.
            if let Some(g) = view.game {
                for p in view.mine() {
                    for n in &g.hands[p as usize] {
                        let (en, ru) = rs.card(*n).map_or((String::new(), String::new()), |c| {
                            (c.name_en.clone(), c.name_ru.clone())
                        });
                        push(
                            &mut out,
                            typed,
                            &[&n.to_string(), &en, &ru],
                            t.card(*n),
                            n.to_string(),
                        );
                    }
                }
            }
        }
        Some(OptKind::Power) => {
            let candidates: Vec<Power> = match (command, option) {
                // Your own powers when saying which of them acts.
                (_, "power") if command != "join" && command != "leave" => view.mine(),
                ("leave", _) => view.mine(),
                ("join", _) => Power::ALL
                    .iter()
                    .copied()
                    .filter(|p| !view.seats.contains_key(p))
                    .collect(),
                _ => Power::ALL.to_vec(),
            };
            for p in candidates {
                let (en, ru) = rs
                    .power_info(p.as_str())
                    .map_or((p.as_str().to_string(), String::new()), |i| {
                        (i.name_en.clone(), i.name_ru.clone())
                    });
                push(
                    &mut out,
                    typed,
                    &[p.as_str(), &en, &ru],
                    t.power(p),
                    p.as_str().to_string(),
                );
            }
        }
        Some(OptKind::Leader) => {
            for l in &rs.leaders {
                push(
                    &mut out,
                    typed,
                    &[&l.id, &l.name_en, &l.name_ru],
                    label(loc, &l.name_en, &l.name_ru),
                    l.id.clone(),
                );
            }
        }
        Some(OptKind::RuleId) => {
            for r in RULES {
                let text: String = r.text[loc as usize].chars().take(60).collect();
                push(
                    &mut out,
                    typed,
                    &[r.id],
                    format!("{} — {text}", r.id),
                    r.id.to_string(),
                );
            }
        }
        Some(OptKind::CommandName) => {
            for c in COMMANDS {
                push(
                    &mut out,
                    typed,
                    &[c.name],
                    format!("{} — {}", c.name, c.describe(loc)),
                    c.name.to_string(),
                );
            }
        }
        _ => {}
    }
    out
}

fn label(loc: Locale, en: &str, ru: &str) -> String {
    match loc {
        Locale::En if ru.is_empty() || en == ru => en.to_string(),
        Locale::En => format!("{en} ({ru})"),
        Locale::Ru if en.is_empty() || en == ru => ru.to_string(),
        Locale::Ru => format!("{ru} ({en})"),
    }
}

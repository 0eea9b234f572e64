//! Reads the turn's rule data: `war_costs.csv`, `key_vp.csv`, `rules.csv`, `relations.csv`,
//! `card_players.csv` and `mandatory_events.csv` (format in `docs/data-format.md`), with file:line problems.

use super::table::{Problems, Table};
use crate::engine::power::{Owner, Power, Relation, Source};
use crate::engine::ruleset::{Card, CardKind};
use crate::engine::turn_data::{ids, StartRelation, TurnData};
use std::collections::{BTreeMap, HashMap};
use std::path::Path;

/// Reads the five files; every problem goes to `p`, every row's source to `sources`.
pub(super) fn load(
    dir: &Path,
    cards: &[Card],
    scenarios: &[String],
    p: &mut Problems,
    sources: &mut BTreeMap<String, usize>,
) -> TurnData {
    let mut read = |file: &str, req: &[&str], p: &mut Problems| -> Option<Table> {
        let t = Table::read(dir, file, req, p)?;
        for r in t.rows() {
            if let Some(s) = r.parse::<Source>("source", p) {
                *sources.entry(s.to_string()).or_default() += 1;
            }
        }
        Some(t)
    };
    let mut d = TurnData::default();

    // ---- war_costs.csv (C-DIP-WAR-COST)
    if let Some(t) = read("war_costs.csv", &["declarer", "target", "cp", "source"], p) {
        for r in t.rows() {
            let (a, b, c) = (
                r.parse::<Power>("declarer", p),
                r.parse::<Owner>("target", p),
                r.parse::<u8>("cp", p),
            );
            let (Some(a), Some(b), Some(c)) = (a, b, c) else {
                continue;
            };
            let b = match b {
                Owner::Major(b) => b,
                // C-DIP-WAR-LIMITS: a war on a minor power.
                Owner::Minor(m) => {
                    if d.minor_war_cost(a, m).is_some() {
                        p.add(
                            r.file,
                            r.line,
                            format!("war of `{a}` on `{m}` has a second cost"),
                        );
                    } else {
                        d.minor_war_costs.push((a, m, c));
                    }
                    continue;
                }
                Owner::Independent => {
                    p.add(
                        r.file,
                        r.line,
                        "column `target`: a major or a minor power, not independent",
                    );
                    continue;
                }
            };
            if a == b {
                p.add(
                    r.file,
                    r.line,
                    format!("`{a}` cannot declare war on itself"),
                );
            } else if d.war_cost(a, b).is_some() {
                p.add(
                    r.file,
                    r.line,
                    format!("war of `{a}` on `{b}` has a second cost"),
                );
            } else {
                d.war_costs.push((a, b, c));
            }
        }
    }

    // ---- key_vp.csv (C-VP-KEYS, R-PROT-KEYS)
    if let Some(t) = read("key_vp.csv", &["power", "keys", "vp", "source"], p) {
        let (mut dutch, mut other) = (None, None);
        for r in t.rows() {
            let (Some(pw), Some(vp)) = (r.parse::<Power>("power", p), r.parse::<i32>("vp", p))
            else {
                continue;
            };
            let keys = r.get("keys");
            if pw == Power::Protestant {
                match keys {
                    "dutch" => dutch = Some(vp),
                    "other" => other = Some(vp),
                    k => p.add(
                        r.file,
                        r.line,
                        format!("column `keys`: `{k}` is not valid for the Protestant; allowed: dutch, other (VP per key of that marker row)"),
                    ),
                }
                continue;
            }
            match keys.parse::<u8>() {
                Ok(k) => {
                    let rows = d.key_vp.entry(pw).or_default();
                    if rows.iter().any(|(x, _)| *x == k) {
                        p.add(
                            r.file,
                            r.line,
                            format!("`{pw}` has a second row for {k} keys"),
                        );
                    } else {
                        rows.push((k, vp));
                    }
                }
                Err(_) => p.add(
                    r.file,
                    r.line,
                    format!("column `keys`: `{keys}` is not a number of keys"),
                ),
            }
        }
        for (pw, rows) in d.key_vp.iter_mut() {
            rows.sort();
            if rows.windows(2).any(|w| w[1].1 < w[0].1) {
                p.add(
                    "key_vp.csv",
                    0,
                    format!("`{pw}`'s VP go down as keys go up"),
                );
            }
        }
        for pw in Power::ALL.iter().filter(|x| **x != Power::Protestant) {
            if !d.key_vp.contains_key(pw) {
                p.add("key_vp.csv", 0, format!("`{pw}` has no key track"));
            }
        }
        match (dutch, other) {
            (Some(a), Some(b)) => d.protestant_key_vp = (a, b),
            _ => p.add(
                "key_vp.csv",
                0,
                "the Protestant needs rows `dutch` and `other` (R-PROT-KEYS)",
            ),
        }
    }

    // ---- rules.csv
    if let Some(t) = read("rules.csv", &["id", "value", "source"], p) {
        for r in t.rows() {
            let (Some(id), Some(v)) = (r.req("id", p), r.parse::<i32>("value", p)) else {
                continue;
            };
            let Some((_, per_power)) = ids::ALL.iter().find(|(i, _)| *i == id) else {
                let known: Vec<&str> = ids::ALL.iter().map(|(i, _)| *i).collect();
                p.add(
                    r.file,
                    r.line,
                    format!("unknown rule number `{id}`; known: {}", known.join(", ")),
                );
                continue;
            };
            if v < 0 {
                p.add(r.file, r.line, format!("`{id}` cannot be negative"));
                continue;
            }
            if *per_power {
                let Some(pw) = r.parse::<Power>("power", p) else {
                    continue;
                };
                if d.power_number(&id, pw).is_some() {
                    p.add(r.file, r.line, format!("`{id}` for `{pw}` is given twice"));
                } else {
                    d.power_numbers.push((id, pw, v));
                }
            } else if !r.get("power").is_empty() {
                p.add(
                    r.file,
                    r.line,
                    format!("`{id}` holds for every power; leave `power` empty"),
                );
            } else if d.numbers.insert(id.clone(), v).is_some() {
                p.add(r.file, r.line, format!("`{id}` is given twice"));
            }
        }
        for (id, per_power) in ids::ALL {
            if per_power {
                for pw in Power::ALL {
                    if d.power_number(id, *pw).is_none() {
                        p.add("rules.csv", 0, format!("`{id}` is missing for `{pw}`"));
                    }
                }
            } else if !d.numbers.contains_key(id) {
                p.add("rules.csv", 0, format!("`{id}` is missing"));
            }
        }
    }

    // ---- relations.csv
    if let Some(t) = read(
        "relations.csv",
        &["scenario", "a", "b", "relation", "source"],
        p,
    ) {
        for r in t.rows() {
            let (Some(sc), Some(a), Some(b), Some(rel)) = (
                r.req("scenario", p),
                r.parse::<Power>("a", p),
                r.parse::<Owner>("b", p),
                r.parse::<Relation>("relation", p),
            ) else {
                continue;
            };
            if !scenarios.contains(&sc) {
                p.add(
                    r.file,
                    r.line,
                    format!("unknown scenario `{sc}`; known: {}", scenarios.join(", ")),
                );
                continue;
            }
            let rel = match b {
                Owner::Major(b) if b != a => StartRelation::Majors(a, b, rel),
                Owner::Minor(m) if rel == Relation::Alliance => StartRelation::MinorAlly(a, m),
                Owner::Minor(_) => {
                    p.add(
                        r.file,
                        r.line,
                        "a minor power (b) can only start in `alliance` with a major",
                    );
                    continue;
                }
                _ => {
                    p.add(r.file, r.line, "`b` must be another major or a minor power");
                    continue;
                }
            };
            let clash = d.relations.iter().any(|(s, x)| {
                s == &sc
                    && match (x, &rel) {
                        (StartRelation::Majors(x1, x2, _), StartRelation::Majors(y1, y2, _)) => {
                            (x1, x2) == (y1, y2) || (x1, x2) == (y2, y1)
                        }
                        (StartRelation::MinorAlly(_, m1), StartRelation::MinorAlly(_, m2)) => {
                            m1 == m2
                        }
                        _ => false,
                    }
            });
            if clash {
                p.add(
                    r.file,
                    r.line,
                    "this pair already has a relation in this scenario",
                );
            } else {
                d.relations.push((sc, rel));
            }
        }
    }

    // ---- card_players.csv
    let numbers: HashMap<u16, &Card> = cards.iter().map(|c| (c.number, c)).collect();
    if let Some(t) = read(
        "card_players.csv",
        &["card", "min_players", "max_players", "source"],
        p,
    ) {
        for r in t.rows() {
            let (Some(c), Some(lo), Some(hi)) = (
                r.parse::<u16>("card", p),
                r.parse_opt::<u8>("min_players", p),
                r.parse_opt::<u8>("max_players", p),
            ) else {
                continue;
            };
            if !numbers.contains_key(&c) {
                p.add(r.file, r.line, format!("card {c} is not in cards.csv"));
            } else if lo.is_none() && hi.is_none() {
                p.add(r.file, r.line, "give `min_players`, `max_players` or both");
            } else if lo.zip(hi).is_some_and(|(l, h)| l > h) || lo.is_some_and(|l| l > 6) {
                p.add(
                    r.file,
                    r.line,
                    "the player range is empty (2 to 6 players exist)",
                );
            } else if d.card_players.iter().any(|(x, _, _)| *x == c) {
                p.add(r.file, r.line, format!("card {c} is listed twice"));
            } else {
                d.card_players.push((c, lo, hi));
            }
        }
    }

    // ---- natural_allies.csv (C-DIP-WAR-LIMITS)
    if let Some(t) = read("natural_allies.csv", &["minor", "ally", "source"], p) {
        for r in t.rows() {
            let (Some(m), Some(a)) = (
                r.parse::<crate::engine::power::Minor>("minor", p),
                r.parse::<Power>("ally", p),
            ) else {
                continue;
            };
            if d.natural_ally(m).is_some() {
                p.add(r.file, r.line, format!("`{m}` has a second natural ally"));
            } else {
                d.natural_allies.push((m, a));
            }
        }
    }

    // ---- mandatory_events.csv (C-CARD-MANDATORY)
    if let Some(t) = read(
        "mandatory_events.csv",
        &["card", "due_turn", "power", "after", "source"],
        p,
    ) {
        for r in t.rows() {
            let (Some(c), Some(due), Some(pw)) = (
                r.parse::<u16>("card", p),
                r.parse_opt::<u8>("due_turn", p),
                r.parse::<Power>("power", p),
            ) else {
                continue;
            };
            let remove = match r.get("after") {
                "discard" => false,
                "remove" => true,
                x => {
                    p.add(
                        r.file,
                        r.line,
                        format!("column `after`: `{x}` is not valid; allowed: discard, remove"),
                    );
                    continue;
                }
            };
            match numbers.get(&c) {
                None => p.add(r.file, r.line, format!("card {c} is not in cards.csv")),
                Some(card) if card.kind != CardKind::Mandatory => p.add(
                    r.file,
                    r.line,
                    format!("card {c} is not a mandatory event in cards.csv"),
                ),
                Some(_) if d.mandatory.iter().any(|m| m.card == c) => {
                    p.add(r.file, r.line, format!("card {c} is listed twice"))
                }
                Some(_) => d.mandatory.push(crate::engine::turn_data::MandatoryDue {
                    card: c,
                    due_turn: due,
                    power: pw,
                    remove,
                }),
            }
        }
    }

    // ---- one home card per power unless every one of them has a source (issue 14 item 4)
    for pw in Power::ALL {
        let home: Vec<&Card> = cards
            .iter()
            .filter(|c| c.kind == CardKind::Home && c.owner == Some(*pw))
            .collect();
        if home.len() > 1 && home.iter().any(|c| c.source == Source::Placeholder) {
            p.add(
                "cards.csv",
                0,
                format!(
                    "`{pw}` has {} home cards ({}); a second home card needs a source other than placeholder on every one",
                    home.len(),
                    home.iter().map(|c| c.number.to_string()).collect::<Vec<_>>().join(", ")
                ),
            );
        }
    }
    d
}

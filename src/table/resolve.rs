//! Names typed by players → data ids: powers, cards, leaders, minors, spaces (id, English or
//! Russian, any case), with the closest suggestions when nothing matches.

use crate::engine::power::{Minor, Owner, Power};
use crate::engine::{Game, RuleError, Ruleset};

use super::command::suggest;
use super::messages::{Allowed, Msg};

fn norm(s: &str) -> String {
    s.trim()
        .to_lowercase()
        .replace(['_', '-', '.', '\''], " ")
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}

/// An unknown name of a short list: the refusal lists what is allowed.
fn unknown_listed(what: &'static str, name: &str, cands: Vec<String>, allowed: Allowed) -> Msg {
    Msg::UnknownListed {
        what,
        name: name.to_string(),
        hint: suggest(&norm(name), cands.iter().map(String::as_str)),
        allowed,
    }
}

fn unknown(what: &'static str, name: &str, cands: Vec<String>) -> Msg {
    Msg::UnknownName {
        what,
        name: name.to_string(),
        hint: suggest(&norm(name), cands.iter().map(String::as_str)),
    }
}

/// A major power by id or English/Russian name (a unique prefix is enough).
pub fn power(rs: &Ruleset, text: &str) -> Result<Power, Msg> {
    if let Ok(p) = text.trim().parse::<Power>() {
        return Ok(p);
    }
    let t = norm(text);
    let names = |p: Power| -> Vec<String> {
        let mut v = vec![p.as_str().to_string()];
        if let Some(i) = rs.power_info(p.as_str()) {
            v.push(norm(&i.name_en));
            v.push(norm(&i.name_ru));
            // Short aliases (`hre`, `империя`) and Russian case forms (`за Испанию`).
            v.extend(i.aliases.iter().map(|a| norm(a)));
            v.extend(
                [&i.ru.gen, &i.ru.acc, &i.ru.ins, &i.ru.pre]
                    .into_iter()
                    .filter(|f| !f.is_empty())
                    .map(|f| norm(f)),
            );
        }
        v
    };
    if let Some(p) = Power::ALL.iter().find(|p| names(**p).contains(&t)) {
        return Ok(*p);
    }
    let pre: Vec<Power> = Power::ALL
        .iter()
        .copied()
        .filter(|p| !t.is_empty() && names(*p).iter().any(|n| n.starts_with(&t)))
        .collect();
    if let [p] = pre[..] {
        return Ok(p);
    }
    Err(unknown_listed(
        "power",
        text,
        Power::ALL.iter().flat_map(|p| names(*p)).collect(),
        Allowed::Powers,
    ))
}

/// A minor power by id or name.
pub fn minor(rs: &Ruleset, text: &str) -> Result<Minor, Msg> {
    if let Ok(m) = text.trim().parse::<Minor>() {
        return Ok(m);
    }
    let t = norm(text);
    for m in Minor::ALL {
        if let Some(i) = rs.power_info(m.as_str()) {
            if norm(&i.name_en) == t
                || norm(&i.name_ru) == t
                || i.aliases.iter().any(|a| norm(a) == t)
            {
                return Ok(*m);
            }
        }
    }
    Err(unknown_listed(
        "minor power",
        text,
        Minor::ALL.iter().map(|m| m.as_str().to_string()).collect(),
        Allowed::Minors,
    ))
}

/// An owner: a major, a minor or `independent`.
pub fn owner(rs: &Ruleset, text: &str) -> Result<Owner, Msg> {
    if let Ok(o) = text.trim().parse::<Owner>() {
        return Ok(o);
    }
    if matches!(
        norm(text).as_str(),
        "независимые" | "независимый" | "независимая"
    ) {
        return Ok(Owner::Independent);
    }
    if let Ok(p) = power(rs, text) {
        return Ok(Owner::Major(p));
    }
    minor(rs, text).map(Owner::Minor).map_err(|_| {
        let mut cands: Vec<String> = Power::ALL.iter().map(|p| p.as_str().to_string()).collect();
        cands.extend(Minor::ALL.iter().map(|m| m.as_str().to_string()));
        cands.push("independent".into());
        unknown_listed("owner", text, cands, Allowed::Owners)
    })
}

/// A card by number or English/Russian name (a unique prefix is enough).
pub fn card(rs: &Ruleset, text: &str) -> Result<u16, Msg> {
    let t = text.trim().trim_start_matches('#');
    if let Ok(n) = t.parse::<u16>() {
        return match rs.card(n) {
            Some(_) => Ok(n),
            None => Err(Msg::UnknownName {
                what: "card",
                name: text.to_string(),
                hint: String::new(),
            }),
        };
    }
    let t = norm(t);
    if let Some(c) = rs
        .cards
        .iter()
        .find(|c| norm(&c.name_en) == t || norm(&c.name_ru) == t)
    {
        return Ok(c.number);
    }
    let pre: Vec<u16> = rs
        .cards
        .iter()
        .filter(|c| norm(&c.name_en).starts_with(&t) || norm(&c.name_ru).starts_with(&t))
        .map(|c| c.number)
        .collect();
    if let [n] = pre[..] {
        return Ok(n);
    }
    Err(unknown(
        "card",
        text,
        rs.cards
            .iter()
            .flat_map(|c| [norm(&c.name_en), norm(&c.name_ru)])
            .collect(),
    ))
}

/// The names a leader answers to, normalized: id, full names, and the short names the map
/// prints on its counters (`альба`, `alba`).
pub fn leader_names(l: &crate::engine::ruleset::Leader) -> Vec<String> {
    [&l.id, &l.name_en, &l.name_ru, &l.short_en, &l.short_ru]
        .into_iter()
        .filter(|n| !n.is_empty())
        .map(|n| norm(n))
        .collect()
}

/// A leader by id, English/Russian name, or the short name printed on the map; the last word
/// of a full name is enough where only one leader has it (`alba`, `колиньи`).
pub fn leader(rs: &Ruleset, text: &str) -> Result<String, Msg> {
    let t = norm(text);
    if let Some(l) = rs.leaders.iter().find(|l| leader_names(l).contains(&t)) {
        return Ok(l.id.clone());
    }
    let last = |n: &str| norm(n).rsplit(' ').next().map(str::to_string);
    if let Some(l) = rs
        .leaders
        .iter()
        .find(|l| last(&l.name_en).as_deref() == Some(t.as_str()))
    {
        return Ok(l.id.clone());
    }
    let by_ru: Vec<&crate::engine::ruleset::Leader> = rs
        .leaders
        .iter()
        .filter(|l| last(&l.name_ru).as_deref() == Some(t.as_str()))
        .collect();
    if let [l] = by_ru[..] {
        return Ok(l.id.clone());
    }
    Err(unknown_listed(
        "leader",
        text,
        rs.leaders.iter().flat_map(leader_names).collect(),
        Allowed::Leaders,
    ))
}

/// Leader names in a unit pick: each word, or a few words together, names one leader.
pub fn leaders(rs: &Ruleset, words: &[String]) -> Result<Vec<String>, Msg> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < words.len() {
        let mut found = None;
        for len in (1..=(words.len() - i).min(4)).rev() {
            if let Ok(id) = leader(rs, &words[i..i + len].join(" ")) {
                found = Some((id, len));
                break;
            }
        }
        match found {
            Some((id, len)) => {
                out.push(id);
                i += len;
            }
            None => return Err(leader(rs, &words[i]).err().unwrap_or(Msg::NoMatchingMove)),
        }
    }
    Ok(out)
}

/// A place that is not a Europe space: a world-map settlement, an ocean zone, a sea zone.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OtherPlace {
    /// A settlement on the world map.
    Settlement,
    /// An ocean zone of the world map.
    Ocean,
    /// A sea zone of the Europe map.
    Sea,
}

/// A world-map settlement, ocean zone or sea zone named by id or English/Russian name: its id
/// and kind.
pub fn other_place(rs: &Ruleset, text: &str) -> Option<(String, OtherPlace)> {
    let t = norm(text);
    if t.is_empty() {
        return None;
    }
    let hit = |id: &str, en: &str, ru: &str| norm(id) == t || norm(en) == t || norm(ru) == t;
    if let Some(w) = rs.world.iter().find(|w| hit(&w.id, &w.name_en, &w.name_ru)) {
        let kind = match w.kind {
            crate::engine::ruleset::WorldKind::Settlement => OtherPlace::Settlement,
            _ => OtherPlace::Ocean,
        };
        return Some((w.id.clone(), kind));
    }
    rs.sea_zones
        .iter()
        .find(|z| hit(&z.id, &z.name_en, &z.name_ru))
        .map(|z| (z.id.clone(), OtherPlace::Sea))
}

/// The table's suggestion tail for the closest names ("; did you mean A, B?"; the catalogue
/// translates the lead-in), empty when there are none.
pub fn near_hint(near: &[String]) -> String {
    if near.is_empty() {
        String::new()
    } else {
        format!("; did you mean {}?", near.join(", "))
    }
}

/// A space's data id from an id or English/Russian name. A world-map settlement, ocean zone or
/// sea zone is recognised and refused plainly: the commands that take a place act on Europe
/// spaces only (the state holds no units at sea or on the world map yet).
pub fn space(rs: &Ruleset, text: &str) -> Result<String, Msg> {
    match Game::resolve_space(rs, text) {
        Ok(s) => Ok(rs.space(s).id.clone()),
        Err(RuleError::Unknown { what, name, near }) => {
            let hint = near_hint(&near);
            if let Some((id, kind)) = other_place(rs, text) {
                return Err(Msg::NotASpace { id, kind });
            }
            // World-map and sea names close to the typed one come first in the suggestion.
            let cands = rs
                .world
                .iter()
                .flat_map(|w| [w.name_en.clone(), w.name_ru.clone()])
                .chain(
                    rs.sea_zones
                        .iter()
                        .flat_map(|z| [z.name_en.clone(), z.name_ru.clone()]),
                )
                .collect::<Vec<_>>();
            let other = suggest(&norm(&name), cands.iter().map(String::as_str));
            let hint = match (
                other.strip_suffix('?'),
                hint.strip_prefix("; did you mean "),
            ) {
                (Some(o), Some(h)) => format!("{o}, {h}"),
                (Some(_), None) => other,
                _ => hint,
            };
            Err(Msg::UnknownName { what, name, hint })
        }
        Err(e) => Err(Msg::UnknownName {
            what: "space",
            name: text.to_string(),
            hint: format!("; {e}"),
        }),
    }
}

// --- naval warfare
/// A port's or sea zone's data id from an id or English/Russian name (sea zones are places for
/// ships: `adjust`, `sail`, `haven`).
pub fn place(rs: &Ruleset, text: &str) -> Result<String, Msg> {
    match Game::resolve_place(rs, text) {
        Ok(p) => Ok(rs.place_id(&p)),
        Err(_) => space(rs, text),
    }
}

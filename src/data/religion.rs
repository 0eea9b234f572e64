//! Reads `religion.csv`: the numbers of conversion attempts and the English Catholic rebellion
//! (X-REL-*). Each row is one named parameter; `faith` rows also name a power; `ireland` lists
//! space ids. Every parameter must be given exactly once (each `faith` once per power), with a
//! value in its range.

use super::table::{Problems, Table};
use crate::engine::power::{Power, Religion};
use crate::engine::religion::ReligionRules;
use crate::engine::ruleset::SpaceId;
use std::collections::HashMap;

/// The file name.
pub const FILE: &str = "religion.csv";

/// The columns every row must have.
pub const COLUMNS: &[&str] = &["param", "power", "value", "source"];

/// The numeric parameters: name, smallest and largest allowed value.
const NUMBERS: &[(&str, i32, i32)] = &[
    ("success", 1, 20),
    ("adjacent_same", -6, 6),
    ("adjacent_max", 0, 12),
    ("own_units", -6, 6),
    ("key", -6, 6),
    ("sea_foothold", 0, 1),
    ("unrest_natural", 1, 6),
    ("six_counts_as", 1, 6),
    ("rebellion_dice", 0, 12),
    ("rebellion_near", 0, 12),
    ("rebellion_in_england", 0, 12),
    ("rebellion_hit", 1, 6),
    ("rebellion_defense", 0, 12),
    ("rebellion_spread", 1, 12),
    ("capital_fortified", 0, 1),
];

/// Reads the parameters from a loaded table, reporting problems with file and line.
pub fn read(t: &Table, spaces: &HashMap<String, SpaceId>, p: &mut Problems) -> ReligionRules {
    let mut nums: HashMap<&'static str, i32> = HashMap::new();
    let mut faiths: Vec<(Power, Religion)> = Vec::new();
    let mut ireland: Option<Vec<String>> = None;
    for r in t.rows() {
        let Some(param) = r.req("param", p) else {
            continue;
        };
        let power = r.get("power");
        if param == "ireland" {
            let list = r.list("value");
            for id in &list {
                if !spaces.contains_key(id) {
                    p.add(
                        r.file,
                        r.line,
                        format!("`ireland` names `{id}`, which is not a space id of spaces.csv"),
                    );
                }
            }
            if list.is_empty() {
                p.add(
                    r.file,
                    r.line,
                    "`ireland` lists no space; separate ids with `;`",
                );
            }
            if ireland.replace(list).is_some() {
                p.add(r.file, r.line, "`ireland` is given twice; give it once");
            }
            continue;
        }
        if param == "faith" {
            let (Some(pw), Some(f)) = (
                r.parse::<Power>("power", p),
                r.parse::<Religion>("value", p),
            ) else {
                continue;
            };
            if faiths.iter().any(|(q, _)| *q == pw) {
                p.add(
                    r.file,
                    r.line,
                    format!("`faith` is given twice for {pw}; give each power one faith"),
                );
            }
            faiths.push((pw, f));
            continue;
        }
        let Some((name, lo, hi)) = NUMBERS.iter().find(|(n, _, _)| *n == param) else {
            let known: Vec<&str> = ["faith", "ireland"]
                .into_iter()
                .chain(NUMBERS.iter().map(|(n, _, _)| *n))
                .collect();
            p.add(
                r.file,
                r.line,
                format!("unknown parameter `{param}`; known: {}", known.join(", ")),
            );
            continue;
        };
        if !power.is_empty() {
            p.add(
                r.file,
                r.line,
                format!("`{name}` applies to every power; leave `power` empty (it says `{power}`)"),
            );
        }
        let Some(v) = r.parse::<i32>("value", p) else {
            continue;
        };
        if v < *lo || v > *hi {
            p.add(
                r.file,
                r.line,
                format!("`{name}` is {v}; allowed: {lo} to {hi}"),
            );
        }
        if nums.insert(name, v).is_some() {
            p.add(
                r.file,
                r.line,
                format!("`{name}` is given twice; give it once"),
            );
        }
    }
    for (name, _, _) in NUMBERS {
        if !nums.contains_key(name) {
            p.add(
                &t.file,
                0,
                format!("parameter `{name}` is missing; add a row for it"),
            );
        }
    }
    if ireland.is_none() {
        p.add(
            &t.file,
            0,
            "parameter `ireland` is missing; add a row listing the Irish spaces",
        );
    }
    if faiths.is_empty() {
        p.add(
            &t.file,
            0,
            "no `faith` row: no power could make conversion attempts",
        );
    }
    let n = |k: &str| nums.get(k).copied().unwrap_or(0);
    let u = |k: &str| u8::try_from(n(k)).unwrap_or(0);
    ReligionRules {
        faiths,
        success: n("success"),
        adjacent_same: n("adjacent_same"),
        adjacent_max: n("adjacent_max"),
        own_units: n("own_units"),
        key: n("key"),
        sea_foothold: n("sea_foothold") == 1,
        unrest_natural: u("unrest_natural"),
        six_counts_as: u("six_counts_as"),
        rebellion_dice: u("rebellion_dice"),
        rebellion_near: u("rebellion_near"),
        ireland: ireland.unwrap_or_default(),
        rebellion_in_england: u("rebellion_in_england"),
        rebellion_hit: u("rebellion_hit"),
        rebellion_defense: u("rebellion_defense"),
        rebellion_spread: u("rebellion_spread"),
        capital_fortified: n("capital_fortified") == 1,
    }
}

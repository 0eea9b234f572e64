//! Reads `influence.csv` (optional; format in `docs/data-format.md`): the numbers of diplomatic
//! influence and of the inactive majors (X-INF-*, X-INACTIVE), with file:line problems.
//!
//! Columns `param,target,power,players,value,source`. Parameters: `track` and `cost` (per
//! `target`, or every courted power when `target` is empty; a target row wins), `tie`,
//! `winner_loss`, `loser_loss`, `at_turn_end` (global), `inactive` (a major `target` inactive
//! with `players` powers in play; value 1), `start` (starting steps of `power` on `target` with
//! `players` powers in play).

use super::table::{Problems, Table};
use crate::engine::influence::{Courted, InfluenceRules, TieRule, SLOTS};
use crate::engine::power::{Power, Source};
use std::collections::BTreeMap;
use std::path::Path;

/// The file name.
pub const FILE: &str = "influence.csv";

/// Longest track a row may give.
pub const MAX_TRACK: u8 = 20;

/// Reads the file, if present.
pub(super) fn load(
    dir: &Path,
    p: &mut Problems,
    sources: &mut BTreeMap<String, usize>,
) -> InfluenceRules {
    let mut out = InfluenceRules::default();
    if !dir.join(FILE).exists() {
        return out;
    }
    let Some(t) = Table::read(
        dir,
        FILE,
        &["param", "target", "power", "players", "value", "source"],
        p,
    ) else {
        return out;
    };
    let mut default_track: Option<u8> = None;
    let mut default_cost: Option<u8> = None;
    let mut track: [Option<u8>; SLOTS] = [None; SLOTS];
    let mut cost: [Option<u8>; SLOTS] = [None; SLOTS];
    let mut seen: Vec<String> = Vec::new();
    for r in t.rows() {
        let (Some(param), Some(src)) = (r.req("param", p), r.parse::<Source>("source", p)) else {
            continue;
        };
        *sources.entry(src.to_string()).or_default() += 1;
        let target = r.parse_opt::<Courted>("target", p);
        let Some(target) = target else { continue };
        let Some(value) = r.parse::<i32>("value", p) else {
            continue;
        };
        let byte = |p: &mut Problems, lo: i32, hi: i32| -> Option<u8> {
            if value < lo || value > hi {
                p.add(
                    r.file,
                    r.line,
                    format!("`{param}` is {value}; allowed: {lo} to {hi}"),
                );
                None
            } else {
                Some(value as u8)
            }
        };
        match param.as_str() {
            "track" | "cost" => {
                let (lo, hi) = if param == "track" {
                    (0, i32::from(MAX_TRACK))
                } else {
                    (1, 12)
                };
                let Some(v) = byte(p, lo, hi) else { continue };
                let key = format!("{param}:{}", target.map_or("", |c| c.as_str()));
                if seen.contains(&key) {
                    p.add(r.file, r.line, format!("`{param}` is given twice for this target; give it once"));
                    continue;
                }
                seen.push(key);
                let (all, one) = if param == "track" {
                    (&mut default_track, &mut track)
                } else {
                    (&mut default_cost, &mut cost)
                };
                match target {
                    None => *all = Some(v),
                    Some(c) => one[c.idx()] = Some(v),
                }
            }
            "tie" | "winner_loss" | "loser_loss" | "at_turn_end" => {
                if target.is_some() {
                    p.add(r.file, r.line, format!("`{param}` holds for every power; leave `target` empty"));
                    continue;
                }
                if seen.contains(&param) {
                    p.add(r.file, r.line, format!("`{param}` is given twice; give it once"));
                    continue;
                }
                seen.push(param.clone());
                match param.as_str() {
                    "tie" => match byte(p, 0, 2) {
                        Some(0) => out.tie = TieRule::StatusQuo,
                        Some(1) => out.tie = TieRule::Reroll,
                        Some(_) => out.tie = TieRule::Nobody,
                        None => {}
                    },
                    "winner_loss" => out.winner_loss = byte(p, 0, i32::from(MAX_TRACK)).unwrap_or(0),
                    "loser_loss" => out.loser_loss = byte(p, 0, i32::from(MAX_TRACK)).unwrap_or(0),
                    _ => out.at_turn_end = byte(p, 0, 1) == Some(1),
                }
            }
            "inactive" | "start" => {
                let Some(players) = r.parse::<u8>("players", p) else {
                    continue;
                };
                if !(2..=6).contains(&players) {
                    p.add(r.file, r.line, format!("`players` is {players}; allowed: 2 to 6 powers in play"));
                    continue;
                }
                if param == "inactive" {
                    let Some(Courted::Major(q)) = target else {
                        p.add(r.file, r.line, "`inactive` names a major power in `target`");
                        continue;
                    };
                    if byte(p, 1, 1).is_some() {
                        out.inactive.push((players, q));
                    }
                } else {
                    let (Some(c), Some(pw)) = (target, r.parse::<Power>("power", p)) else {
                        if target.is_none() {
                            p.add(r.file, r.line, "`start` names the courted power in `target`");
                        }
                        continue;
                    };
                    if let Some(v) = byte(p, 0, i32::from(MAX_TRACK)) {
                        out.start.push((players, c, pw, v));
                    }
                }
            }
            other => p.add(
                r.file,
                r.line,
                format!("unknown parameter `{other}`; known: track, cost, tie, winner_loss, loser_loss, at_turn_end, inactive, start"),
            ),
        }
    }
    for c in Courted::all() {
        out.track[c.idx()] = track[c.idx()].or(default_track).unwrap_or(0);
        out.cost[c.idx()] = cost[c.idx()].or(default_cost).unwrap_or(1);
    }
    for (n, c, _, v) in &out.start {
        if *v > out.track[c.idx()] {
            p.add(
                &t.file,
                0,
                format!(
                    "`start` gives {v} steps on {c} with {n} powers, above its track of {}",
                    out.track[c.idx()]
                ),
            );
        }
    }
    out
}

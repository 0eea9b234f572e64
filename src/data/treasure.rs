//! Reads `treasures.csv` (optional; format in `docs/data-format.md`): each row is a kind of
//! treasure and how many of it the game has, with file:line problems.

use super::table::{Problems, Table};
use crate::engine::power::{Source, TreasurePool};
use crate::engine::ruleset::SpaceId;
use crate::engine::treasure::{Treasure, LISBON};
use std::collections::{BTreeMap, HashMap};
use std::path::Path;

/// The most treasures one row may describe (a guard against a typo such as `count` 1000).
pub const MAX_COUNT: u16 = 60;

/// Reads the file, if present; every problem goes to `p`, every row's source to `sources`.
/// A row with `count` n and values `cp_min`..=`cp_max` gives n treasures whose values go
/// round that range (1, 2, 3, 1, 2, 3 …), numbered on from the rows above.
pub(super) fn load(
    dir: &Path,
    index: &HashMap<String, SpaceId>,
    p: &mut Problems,
    sources: &mut BTreeMap<String, usize>,
) -> Vec<Treasure> {
    let file = "treasures.csv";
    let mut out = Vec::new();
    if !dir.join(file).exists() {
        return out;
    }
    let Some(t) = Table::read(
        dir,
        file,
        &[
            "id", "pool", "count", "cp_min", "cp_max", "name_en", "name_ru", "source",
        ],
        p,
    ) else {
        return out;
    };
    let mut seen: Vec<String> = Vec::new();
    for r in t.rows() {
        let (Some(id), Some(pool), Some(count), Some(lo), Some(hi), Some(en), Some(ru), Some(src)) = (
            r.req("id", p),
            r.parse::<TreasurePool>("pool", p),
            r.parse::<u16>("count", p),
            r.parse::<u8>("cp_min", p),
            r.parse::<u8>("cp_max", p),
            r.req("name_en", p),
            r.req("name_ru", p),
            r.parse::<Source>("source", p),
        ) else {
            continue;
        };
        *sources.entry(src.to_string()).or_default() += 1;
        if seen.contains(&id) {
            p.add(r.file, r.line, format!("treasure `{id}` is listed twice"));
            continue;
        }
        seen.push(id.clone());
        if count == 0 || count > MAX_COUNT {
            p.add(
                r.file,
                r.line,
                format!("column `count`: {count} is not allowed; give 1 to {MAX_COUNT}"),
            );
            continue;
        }
        if lo > hi {
            p.add(
                r.file,
                r.line,
                format!("`cp_min` {lo} is above `cp_max` {hi}"),
            );
            continue;
        }
        if pool == TreasurePool::Portuguese && !index.contains_key(LISBON) {
            p.add(
                r.file,
                r.line,
                format!("Portuguese treasures need the space `{LISBON}` in spaces.csv (its controller draws them)"),
            );
            continue;
        }
        let span = u16::from(hi - lo) + 1;
        for k in 0..count {
            out.push(Treasure {
                number: out.len() as u16 + 1,
                kind: id.clone(),
                pool,
                cp: lo + (k % span) as u8,
                name_en: en.clone(),
                name_ru: ru.clone(),
                source: src,
            });
        }
    }
    out
}

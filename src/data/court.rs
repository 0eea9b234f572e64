//! Reads the marriage and espionage data (X-MARRIAGE-*, X-SPY-*; format in
//! `docs/data-format.md`): `royals.csv` (the royals and their eligibility), `marriage.csv` (the
//! marriage table's dice, modifier and outcomes) and `espionage.csv` (each effect's CP cost and
//! success number, the Gunpowder Plot switch). Each file is optional: without `royals.csv`
//! nobody marries, without `espionage.csv` nobody spies. Every problem is reported with file
//! and line; a `reconstruction` or `placeholder` row must say why in `notes`.

use super::table::{Problems, Row, Table};
use crate::engine::espionage::{EspionageRules, SpyRow};
use crate::engine::marriage::{MarriageOutcome, MarriageRules, Royal};
use crate::engine::power::{Power, Source};
use std::collections::{BTreeMap, HashMap};
use std::path::Path;

/// The royals' file.
pub const ROYALS: &str = "royals.csv";
/// The marriage table's file.
pub const MARRIAGE: &str = "marriage.csv";
/// The longest royal id (a button's `custom_id` carries one and has 100 characters).
pub const MAX_ID: usize = 14;
/// The espionage table's file.
pub const ESPIONAGE: &str = "espionage.csv";

/// The parameters of `espionage.csv`: name, smallest and largest value.
const SPY_PARAMS: &[(&str, i32, i32)] = &[
    ("look_cost", 0, 12),
    ("look_success", 1, 7),
    ("discard_cost", 0, 12),
    ("discard_success", 1, 7),
    ("discard_cards", 1, 6),
    ("ruler_cost", 0, 12),
    ("ruler_success", 1, 7),
    ("leader_cost", 0, 12),
    ("leader_success", 1, 7),
    ("gunpowder_plot", 0, 1),
    ("gunpowder_natural", 1, 6),
];

/// The `param` rows of `marriage.csv`.
const MARRIAGE_PARAMS: &[(&str, i32, i32)] = &[("dice", 1, 4), ("allied", -6, 6)];

/// Counts the row's source and checks that a reconstruction or placeholder says why.
fn source(r: &Row<'_>, p: &mut Problems, sources: &mut BTreeMap<String, usize>) -> Option<Source> {
    let s = r.parse::<Source>("source", p)?;
    *sources.entry(s.to_string()).or_default() += 1;
    if matches!(s, Source::Reconstruction | Source::Placeholder) && r.get("notes").is_empty() {
        p.add(
            r.file,
            r.line,
            format!("a `{s}` row says why in `notes` (one line: what is known, what is ours)"),
        );
    }
    Some(s)
}

fn in_range(r: &Row<'_>, p: &mut Problems, col: &str, v: i32, lo: i32, hi: i32) -> bool {
    if v < lo || v > hi {
        p.add(
            r.file,
            r.line,
            format!("column `{col}`: {v} is not allowed; give {lo} to {hi}"),
        );
        return false;
    }
    true
}

/// The royals, the marriage table and the espionage table.
pub(super) fn load(
    dir: &Path,
    p: &mut Problems,
    sources: &mut BTreeMap<String, usize>,
) -> (Vec<Royal>, MarriageRules, EspionageRules) {
    let royals = load_royals(dir, p, sources);
    let marriage = load_marriage(dir, &royals, p, sources);
    let espionage = load_espionage(dir, p, sources);
    (royals, marriage, espionage)
}

fn load_royals(dir: &Path, p: &mut Problems, sources: &mut BTreeMap<String, usize>) -> Vec<Royal> {
    let mut out: Vec<Royal> = Vec::new();
    if !dir.join(ROYALS).exists() {
        return out;
    }
    let Some(t) = Table::read(
        dir,
        ROYALS,
        &[
            "id",
            "power",
            "name_en",
            "name_ru",
            "eligibility",
            "min_powers",
            "source",
            "notes",
        ],
        p,
    ) else {
        return out;
    };
    for r in t.rows() {
        let (Some(id), Some(power), Some(en), Some(ru), Some(el), Some(minp), Some(_)) = (
            r.req("id", p),
            r.parse::<Power>("power", p),
            r.req("name_en", p),
            r.req("name_ru", p),
            r.parse::<i32>("eligibility", p),
            r.parse_opt::<i32>("min_powers", p),
            source(&r, p, sources),
        ) else {
            continue;
        };
        let minp = minp.unwrap_or(2);
        if !in_range(&r, p, "eligibility", el, -6, 12) || !in_range(&r, p, "min_powers", minp, 2, 6)
        {
            continue;
        }
        if out.iter().any(|x| x.id == id) {
            p.add(r.file, r.line, format!("royal `{id}` is listed twice"));
            continue;
        }
        if id.len() > MAX_ID
            || !id
                .chars()
                .all(|c| c.is_ascii_uppercase() || c.is_ascii_digit() || c == '_')
        {
            p.add(
                r.file,
                r.line,
                format!("royal id `{id}`: use at most {MAX_ID} upper-case letters, digits and `_` (as `ELIZABETH_I`); ids go on Discord buttons"),
            );
            continue;
        }
        out.push(Royal {
            id,
            power,
            name_en: en,
            name_ru: ru,
            eligibility: el as i8,
            min_powers: minp as u8,
        });
    }
    out
}

fn load_marriage(
    dir: &Path,
    royals: &[Royal],
    p: &mut Problems,
    sources: &mut BTreeMap<String, usize>,
) -> MarriageRules {
    let mut m = MarriageRules::default();
    if !dir.join(MARRIAGE).exists() {
        if !royals.is_empty() {
            p.add(
                ROYALS,
                0,
                format!("royals need the marriage table `{MARRIAGE}` (see docs/data-format.md)"),
            );
        }
        return m;
    }
    let Some(t) = Table::read(
        dir,
        MARRIAGE,
        &[
            "kind", "id", "value", "low", "high", "vp", "cards", "name_en", "name_ru", "source",
            "notes",
        ],
        p,
    ) else {
        return m;
    };
    let mut nums: HashMap<&'static str, i32> = HashMap::new();
    let mut lines: Vec<u64> = Vec::new();
    for r in t.rows() {
        let (Some(kind), Some(id), Some(_)) =
            (r.req("kind", p), r.req("id", p), source(&r, p, sources))
        else {
            continue;
        };
        match kind.as_str() {
            "param" => {
                let Some((name, lo, hi)) = MARRIAGE_PARAMS.iter().find(|(n, _, _)| *n == id) else {
                    let known: Vec<&str> = MARRIAGE_PARAMS.iter().map(|(n, _, _)| *n).collect();
                    p.add(
                        r.file,
                        r.line,
                        format!("unknown parameter `{id}`; known: {}", known.join(", ")),
                    );
                    continue;
                };
                let Some(v) = r.parse::<i32>("value", p) else {
                    continue;
                };
                if in_range(&r, p, "value", v, *lo, *hi) && nums.insert(name, v).is_some() {
                    p.add(
                        r.file,
                        r.line,
                        format!("`{name}` is given twice; give it once"),
                    );
                }
            }
            "outcome" => {
                let (Some(low), Some(high), Some(vp), Some(cards), Some(en), Some(ru)) = (
                    r.parse::<i32>("low", p),
                    r.parse::<i32>("high", p),
                    r.parse::<i32>("vp", p),
                    r.parse::<i32>("cards", p),
                    r.req("name_en", p),
                    r.req("name_ru", p),
                ) else {
                    continue;
                };
                if !in_range(&r, p, "low", low, -50, 100)
                    || !in_range(&r, p, "high", high, -50, 100)
                    || !in_range(&r, p, "vp", vp, -5, 5)
                    || !in_range(&r, p, "cards", cards, 0, 4)
                {
                    continue;
                }
                if low > high {
                    p.add(
                        r.file,
                        r.line,
                        format!("`low` {low} is above `high` {high}"),
                    );
                    continue;
                }
                if m.outcomes.iter().any(|o| o.id == id) {
                    p.add(r.file, r.line, format!("outcome `{id}` is listed twice"));
                    continue;
                }
                if let Some(prev) = m.outcomes.last() {
                    if i32::from(prev.high) + 1 != low {
                        p.add(
                            r.file,
                            r.line,
                            format!(
                                "outcome `{id}` starts at {low}; the row above ends at {}, so it must start at {} (rows go up without gaps or overlaps)",
                                prev.high,
                                prev.high + 1
                            ),
                        );
                        continue;
                    }
                }
                lines.push(r.line);
                m.outcomes.push(MarriageOutcome {
                    id,
                    name_en: en,
                    name_ru: ru,
                    low: low as i16,
                    high: high as i16,
                    vp: vp as i8,
                    cards: cards as u8,
                });
            }
            other => p.add(
                r.file,
                r.line,
                format!("column `kind`: `{other}` is not allowed; give `param` or `outcome`"),
            ),
        }
    }
    for (name, _, _) in MARRIAGE_PARAMS {
        if !nums.contains_key(name) {
            p.add(
                MARRIAGE,
                0,
                format!("parameter `{name}` is missing; add a `param` row for it"),
            );
        }
    }
    m.dice = nums.get("dice").copied().unwrap_or(2) as u8;
    m.allied = nums.get("allied").copied().unwrap_or(0) as i8;
    if m.outcomes.is_empty() {
        p.add(MARRIAGE, 0, "the marriage table has no `outcome` row");
        return m;
    }
    // Every total the dice and the royals can make is on the table.
    if let (Some(lo_e), Some(hi_e)) = (
        royals.iter().map(|r| i32::from(r.eligibility)).min(),
        royals.iter().map(|r| i32::from(r.eligibility)).max(),
    ) {
        let d = i32::from(m.dice);
        let low = d + 2 * lo_e + i32::from(m.allied).min(0);
        let high = 6 * d + 2 * hi_e + i32::from(m.allied).max(0);
        let first = i32::from(m.outcomes[0].low);
        let last = m.outcomes.last().map_or(0, |o| i32::from(o.high));
        if first > low {
            p.add(
                MARRIAGE,
                lines[0],
                format!("the lowest total the dice and royals can make is {low}; the first outcome starts at {first}"),
            );
        }
        if last < high {
            p.add(
                MARRIAGE,
                lines.last().copied().unwrap_or(0),
                format!("the highest total the dice and royals can make is {high}; the last outcome ends at {last}"),
            );
        }
    }
    m
}

fn load_espionage(
    dir: &Path,
    p: &mut Problems,
    sources: &mut BTreeMap<String, usize>,
) -> EspionageRules {
    let mut e = EspionageRules::default();
    if !dir.join(ESPIONAGE).exists() {
        return e;
    }
    let Some(t) = Table::read(dir, ESPIONAGE, &["param", "value", "source", "notes"], p) else {
        return e;
    };
    let mut nums: HashMap<&'static str, i32> = HashMap::new();
    for r in t.rows() {
        let (Some(param), Some(_)) = (r.req("param", p), source(&r, p, sources)) else {
            continue;
        };
        let Some((name, lo, hi)) = SPY_PARAMS.iter().find(|(n, _, _)| *n == param) else {
            let known: Vec<&str> = SPY_PARAMS.iter().map(|(n, _, _)| *n).collect();
            p.add(
                r.file,
                r.line,
                format!("unknown parameter `{param}`; known: {}", known.join(", ")),
            );
            continue;
        };
        let Some(v) = r.parse::<i32>("value", p) else {
            continue;
        };
        if in_range(&r, p, "value", v, *lo, *hi) && nums.insert(name, v).is_some() {
            p.add(
                r.file,
                r.line,
                format!("`{name}` is given twice; give it once"),
            );
        }
    }
    for (name, _, _) in SPY_PARAMS {
        if !nums.contains_key(name) {
            p.add(
                ESPIONAGE,
                0,
                format!("parameter `{name}` is missing; add a row for it"),
            );
        }
    }
    let u = |k: &str| u8::try_from(nums.get(k).copied().unwrap_or(0)).unwrap_or(0);
    let row = |c: &str, s: &str| SpyRow {
        cost: u(c),
        success: u(s),
    };
    e.enabled = true;
    e.look = row("look_cost", "look_success");
    e.discard = row("discard_cost", "discard_success");
    e.discard_cards = u("discard_cards");
    e.ruler = row("ruler_cost", "ruler_success");
    e.leader = row("leader_cost", "leader_success");
    e.gunpowder_plot = u("gunpowder_plot") == 1;
    e.gunpowder_natural = u("gunpowder_natural");
    e
}

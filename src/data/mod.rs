//! Reads `map_data/<ruleset>/` into a [`Ruleset`] and validates it.
//!
//! The format is documented in `docs/data-format.md`. Loading never panics on bad input: every
//! problem is reported with its file and line, and all problems of a folder are reported at once.

mod court;
pub mod effects;
mod influence;
mod religion;
mod start;
mod table;
mod treasure;
mod turn;

pub use start::start_warnings;
pub use table::{Problem, Problems};

use crate::engine::power::{
    Faction, Home, LinkKind, Owner, Power, Religion, ReligiousZone, Source, SpaceType,
};
use crate::engine::ruleset::{
    Card, CardKind, CardText, EmpireChoice, ForeignWarSpec, LandArea, Leader, LeaderKind, Link,
    PowerInfo, PowerKind, Ruler, Ruleset, Scenario, SeaZone, SetupRow, Space, SpaceId, UnitRow,
    WorldElement, WorldKind,
};
use sha2::{Digest, Sha256};
use std::collections::{BTreeMap, HashMap, HashSet};
use std::path::{Path, PathBuf};
use table::{Row, Table};

/// The folder of the shipped Virgin Queen data, relative to the crate root.
pub const DEFAULT_DIR: &str = "map_data/virgin_queen";

/// Finds the default data folder: `$VQBOT_DATA`, else `map_data/virgin_queen` under the current
/// directory, else the one this binary was built from.
pub fn default_dir() -> PathBuf {
    if let Ok(d) = std::env::var("VQBOT_DATA") {
        return PathBuf::from(d);
    }
    let local = PathBuf::from(DEFAULT_DIR);
    if local.is_dir() {
        return local;
    }
    Path::new(env!("CARGO_MANIFEST_DIR")).join(DEFAULT_DIR)
}

/// Loads the shipped data (see [`default_dir`]).
pub fn load_default() -> Result<Ruleset, Vec<Problem>> {
    load(&default_dir())
}

/// Spaces the seed documents name, and the facts they state about each.
pub mod seed_facts {
    use crate::engine::power::Power;

    /// Every Europe space a seed rule names.
    pub const NAMED_SPACES: [&str; 11] = [
        "PRAGUE",
        "VIENNA",
        "BUDA",
        "AMSTERDAM",
        "ANTWERP",
        "BRUSSELS",
        "MADRID",
        "MILAN",
        "ISTANBUL",
        "LONDON",
        "PARIS",
    ];

    /// Starting capitals by power (R-SPACE-CAPITALS). The Protestant has none.
    pub const CAPITALS: [(Power, &[&str]); 5] = [
        (Power::Ottoman, &["ISTANBUL"]),
        (Power::Spain, &["MADRID", "MILAN"]),
        (Power::England, &["LONDON"]),
        (Power::France, &["PARIS"]),
        (Power::Empire, &["VIENNA"]),
    ];

    /// The Empire's later capital (R-HRE-CAPITAL).
    pub const EMPIRE_LATER_CAPITAL: &str = "PRAGUE";

    /// Spaces the seeds call keys (R-PROT-KEYS; Prague, Vienna and Buda are the Empire's
    /// central keys of R-HRE-MASTER).
    pub const KEYS: [&str; 6] = [
        "AMSTERDAM",
        "ANTWERP",
        "BRUSSELS",
        "PRAGUE",
        "VIENNA",
        "BUDA",
    ];
}

/// Counts printed by `vqbot check-data`.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Summary {
    /// Spaces by type.
    pub by_type: BTreeMap<String, usize>,
    /// Capitals.
    pub capitals: usize,
    /// Land connections.
    pub connections: usize,
    /// Of which passes.
    pub passes: usize,
    /// Ports.
    pub ports: usize,
    /// Sea zones.
    pub sea_zones: usize,
    /// Settlements.
    pub settlements: usize,
    /// Ocean zones.
    pub ocean_zones: usize,
    /// Cards.
    pub cards: usize,
    /// Rows by source across all files.
    pub by_source: BTreeMap<String, usize>,
}

impl Summary {
    /// Counts a ruleset's content.
    pub fn of(rs: &Ruleset) -> Summary {
        let mut s = Summary::default();
        for sp in &rs.spaces {
            *s.by_type.entry(sp.kind.to_string()).or_default() += 1;
            s.capitals += usize::from(sp.capital_of.is_some());
            s.ports += usize::from(sp.is_port());
        }
        s.connections = rs.links.len();
        s.passes = rs.links.iter().filter(|l| l.kind == LinkKind::Pass).count();
        s.sea_zones = rs.sea_zones.len();
        s.settlements = rs
            .world
            .iter()
            .filter(|w| w.kind == WorldKind::Settlement)
            .count();
        s.ocean_zones = rs.world.len() - s.settlements;
        s.cards = rs.cards.len();
        s
    }
}

/// Loads and validates a data folder. On failure returns every problem found.
pub fn load(dir: &Path) -> Result<Ruleset, Vec<Problem>> {
    load_with_summary(dir).map(|(rs, _)| rs)
}

/// Loads and validates a data folder, with counts for `check-data`.
pub fn load_with_summary(dir: &Path) -> Result<(Ruleset, Summary), Vec<Problem>> {
    let mut p = Problems::default();
    let mut sources: BTreeMap<String, usize> = BTreeMap::new();
    let mut read = |file: &str, req: &[&str], p: &mut Problems| -> Option<Table> {
        let t = Table::read(dir, file, req, p)?;
        for r in t.rows() {
            if let Some(s) = r.parse::<Source>("source", p) {
                *sources.entry(s.to_string()).or_default() += 1;
            }
        }
        Some(t)
    };

    let spaces_t = read(
        "spaces.csv",
        &[
            "id",
            "name_en",
            "name_ru",
            "type",
            "capital",
            "home",
            "religious_zone",
            "religion",
            "vp",
            "ports",
            "x",
            "y",
            "source",
        ],
        &mut p,
    );
    let links_t = read("connections.csv", &["a", "b", "kind", "source"], &mut p);
    let seas_t = read(
        "sea_zones.csv",
        &["id", "name_en", "name_ru", "adjacent", "x", "y", "source"],
        &mut p,
    );
    let world_t = read(
        "world.csv",
        &[
            "id", "kind", "name_en", "name_ru", "ocean", "adjacent", "x", "y", "source",
        ],
        &mut p,
    );
    let powers_t = read(
        "powers.csv",
        &[
            "id",
            "kind",
            "parent",
            "name_en",
            "name_ru",
            "color",
            "later_capital",
            "source",
        ],
        &mut p,
    );
    let scen_t = read(
        "scenarios.csv",
        &[
            "id",
            "name_en",
            "name_ru",
            "first_turn",
            "last_turn",
            "source",
        ],
        &mut p,
    );
    let leaders_t = read(
        "leaders.csv",
        &[
            "id",
            "power",
            "kind",
            "name_en",
            "name_ru",
            "battle",
            "command",
            "enters_turn",
            "source",
        ],
        &mut p,
    );
    let rulers_t = read(
        "rulers.csv",
        &[
            "id",
            "power",
            "name_en",
            "name_ru",
            "admin",
            "card_bonus",
            "from_turn",
            "source",
        ],
        &mut p,
    );
    let cards_t = read(
        "cards.csv",
        &[
            "number",
            "name_en",
            "name_ru",
            "cp",
            "kind",
            "owner",
            "enters_turn",
            "source",
        ],
        &mut p,
    );
    let keys_t = read(
        "key_track.csv",
        &["power", "min_keys", "cards", "source"],
        &mut p,
    );
    let costs_t = read("costs.csv", &["action", "cp", "source"], &mut p);
    let evp_t = read(
        "empire_religion_vp.csv",
        &["choice", "vp", "source"],
        &mut p,
    );
    let religion_t = read(religion::FILE, religion::COLUMNS, &mut p);

    // ---- spaces
    let mut spaces = Vec::new();
    let mut space_lines = Vec::new();
    if let Some(t) = &spaces_t {
        for r in t.rows() {
            if let Some(s) = space_row(&r, &mut p) {
                spaces.push(s);
                space_lines.push(r.line);
            }
        }
    }
    let mut index: HashMap<String, SpaceId> = HashMap::new();
    for (i, s) in spaces.iter().enumerate() {
        if index.insert(s.id.clone(), SpaceId(i as u16)).is_some() {
            p.add(
                "spaces.csv",
                space_lines[i],
                format!("duplicate space id `{}`", s.id),
            );
        }
    }
    unique_names(
        "spaces.csv",
        spaces
            .iter()
            .map(|s| (s.name_en.as_str(), s.name_ru.as_str())),
        &space_lines,
        &mut p,
    );

    // ---- sea zones
    let mut seas = Vec::new();
    let mut sea_lines = Vec::new();
    if let Some(t) = &seas_t {
        for r in t.rows() {
            let (Some(id), Some(name_en), Some(name_ru), Some(pos), Some(source)) = (
                r.req("id", &mut p),
                r.req("name_en", &mut p),
                r.req("name_ru", &mut p),
                r.point("x", "y", &mut p),
                r.parse::<Source>("source", &mut p),
            ) else {
                continue;
            };
            seas.push(SeaZone {
                id,
                name_en,
                name_ru,
                adjacent: r.list("adjacent"),
                pos,
                source,
                ru: Default::default(),
            });
            sea_lines.push(r.line);
        }
    }
    let sea_ids: HashMap<&str, usize> = seas
        .iter()
        .enumerate()
        .map(|(i, z)| (z.id.as_str(), i))
        .collect();
    if sea_ids.len() != seas.len() {
        dupes(
            "sea_zones.csv",
            seas.iter().map(|z| z.id.as_str()),
            &sea_lines,
            "sea zone id",
            &mut p,
        );
    }
    unique_names(
        "sea_zones.csv",
        seas.iter()
            .map(|z| (z.name_en.as_str(), z.name_ru.as_str())),
        &sea_lines,
        &mut p,
    );
    for (i, z) in seas.iter().enumerate() {
        for a in &z.adjacent {
            match sea_ids.get(a.as_str()) {
                None => p.add("sea_zones.csv", sea_lines[i], format!("sea zone `{}` lists unknown neighbour `{a}`", z.id)),
                Some(&j) if j == i => p.add("sea_zones.csv", sea_lines[i], format!("sea zone `{}` lists itself as a neighbour", z.id)),
                Some(&j) if !seas[j].adjacent.contains(&z.id) => p.add(
                    "sea_zones.csv",
                    sea_lines[i],
                    format!("`{}` lists `{a}` as a neighbour but `{a}` does not list `{}` (adjacency must be symmetric)", z.id, z.id),
                ),
                _ => {}
            }
        }
    }
    // ports ↔ sea zones (R-MAP-PORTS)
    let mut zone_has_port: HashSet<&str> = HashSet::new();
    for (i, s) in spaces.iter().enumerate() {
        for z in &s.ports {
            if sea_ids.contains_key(z.as_str()) {
                zone_has_port.insert(z.as_str());
            } else {
                p.add(
                    "spaces.csv",
                    space_lines[i],
                    format!("port `{}` borders unknown sea zone `{z}`", s.id),
                );
            }
        }
    }
    for (i, z) in seas.iter().enumerate() {
        if !zone_has_port.contains(z.id.as_str()) {
            p.add(
                "sea_zones.csv",
                sea_lines[i],
                format!(
                    "sea zone `{}` has no port: no space lists it in `ports`",
                    z.id
                ),
            );
        }
    }

    // ---- land beyond the spaces (optional file; drawing only)
    let mut land = Vec::new();
    if dir.join("land.csv").exists() {
        if let Some(t) = read("land.csv", &["id", "outline", "source"], &mut p) {
            for r in t.rows() {
                let (Some(id), Some(source)) =
                    (r.req("id", &mut p), r.parse::<Source>("source", &mut p))
                else {
                    continue;
                };
                let mut outline = Vec::new();
                for pt in r.get("outline").split(';').map(str::trim) {
                    let xy: Vec<Option<f32>> =
                        pt.split_whitespace().map(|v| v.parse().ok()).collect();
                    match xy.as_slice() {
                        [Some(x), Some(y)] => outline.push((*x, *y)),
                        _ => p.add(
                            "land.csv",
                            r.line,
                            format!("outline point `{pt}` of `{id}` is not `x y` (two numbers)"),
                        ),
                    }
                }
                if outline.len() < 3 {
                    p.add(
                        "land.csv",
                        r.line,
                        format!("`{id}` needs an outline of at least 3 points `x y;x y;…`"),
                    );
                    continue;
                }
                land.push(LandArea {
                    id: id.to_string(),
                    outline,
                    source,
                });
            }
        }
    }

    // ---- world map (R-MAP-WORLD)
    let mut world = Vec::new();
    let mut world_lines = Vec::new();
    if let Some(t) = &world_t {
        for r in t.rows() {
            let (Some(id), Some(kind), Some(name_en), Some(name_ru), Some(pos), Some(source)) = (
                r.req("id", &mut p),
                r.parse::<WorldKindCell>("kind", &mut p),
                r.req("name_en", &mut p),
                r.req("name_ru", &mut p),
                r.point("x", "y", &mut p),
                r.parse::<Source>("source", &mut p),
            ) else {
                continue;
            };
            let ocean = Some(r.get("ocean").to_string()).filter(|s| !s.is_empty());
            world.push(WorldElement {
                id,
                kind: kind.0,
                name_en,
                name_ru,
                ocean,
                adjacent: r.list("adjacent"),
                pos,
                source,
            });
            world_lines.push(r.line);
        }
    }
    dupes(
        "world.csv",
        world.iter().map(|w| w.id.as_str()),
        &world_lines,
        "world-map id",
        &mut p,
    );
    unique_names(
        "world.csv",
        world
            .iter()
            .map(|w| (w.name_en.as_str(), w.name_ru.as_str())),
        &world_lines,
        &mut p,
    );
    let oceans: HashMap<&str, &WorldElement> = world
        .iter()
        .filter(|w| w.kind == WorldKind::Ocean)
        .map(|w| (w.id.as_str(), w))
        .collect();
    for (i, w) in world.iter().enumerate() {
        let line = world_lines[i];
        if index.contains_key(&w.id) || sea_ids.contains_key(w.id.as_str()) {
            p.add("world.csv", line, format!("world-map id `{}` is also a Europe space or sea zone; the two maps never share elements", w.id));
        }
        match w.kind {
            WorldKind::Settlement => {
                match w.ocean.as_deref() {
                    None => p.add("world.csv", line, format!("settlement `{}` names no ocean zone in `ocean`; each settlement borders exactly one", w.id)),
                    Some(o) if !oceans.contains_key(o) => p.add("world.csv", line, format!("settlement `{}` borders unknown ocean zone `{o}`", w.id)),
                    _ => {}
                }
                if !w.adjacent.is_empty() {
                    p.add("world.csv", line, format!("settlement `{}` lists neighbours; settlements have no links except their ocean zone", w.id));
                }
            }
            WorldKind::Ocean => {
                if w.ocean.is_some() {
                    p.add(
                        "world.csv",
                        line,
                        format!(
                            "ocean zone `{}` has an `ocean` value; only settlements take one",
                            w.id
                        ),
                    );
                }
                for a in &w.adjacent {
                    match oceans.get(a.as_str()) {
                        None => p.add("world.csv", line, format!("ocean zone `{}` lists unknown neighbour `{a}` (neighbours must be ocean zones)", w.id)),
                        Some(o) if !o.adjacent.contains(&w.id) => p.add("world.csv", line, format!("`{}` lists `{a}` as a neighbour but `{a}` does not list `{}` (adjacency must be symmetric)", w.id, w.id)),
                        _ => {}
                    }
                }
            }
        }
    }
    let world_ids: HashSet<&str> = world.iter().map(|w| w.id.as_str()).collect();

    // ---- connections
    let mut links = Vec::new();
    if let Some(t) = &links_t {
        let mut seen: HashMap<(SpaceId, SpaceId), u64> = HashMap::new();
        for r in t.rows() {
            let (Some(a), Some(b), Some(kind), Some(_)) = (
                r.req("a", &mut p),
                r.req("b", &mut p),
                r.parse::<LinkKind>("kind", &mut p),
                r.parse::<Source>("source", &mut p),
            ) else {
                continue;
            };
            let mut ids = [None, None];
            for (k, name) in [&a, &b].into_iter().enumerate() {
                if world_ids.contains(name.as_str()) {
                    p.add(r.file, r.line, format!("`{name}` is on the world map; world-map elements have no land connections"));
                } else if let Some(id) = index.get(name) {
                    ids[k] = Some(*id);
                } else {
                    p.add(
                        r.file,
                        r.line,
                        format!("unknown space `{name}`{}", suggest(name, index.keys())),
                    );
                }
            }
            let (Some(ia), Some(ib)) = (ids[0], ids[1]) else {
                continue;
            };
            if ia == ib {
                p.add(r.file, r.line, format!("`{a}` is connected to itself"));
                continue;
            }
            let key = (ia.min(ib), ia.max(ib));
            if let Some(first) = seen.get(&key) {
                p.add(
                    r.file,
                    r.line,
                    format!(
                        "`{a}`–`{b}` is listed again (first on line {first}); list each pair once"
                    ),
                );
                continue;
            }
            seen.insert(key, r.line);
            links.push(Link { a: ia, b: ib, kind });
        }
    }

    // ---- powers
    let mut powers = Vec::new();
    if let Some(t) = &powers_t {
        for r in t.rows() {
            if let Some(pi) = power_row(&r, &index, &mut p) {
                // An alias names one power only: not another's id, name or alias.
                for a in &pi.aliases {
                    let clash = powers.iter().find(|o: &&PowerInfo| {
                        o.id == *a
                            || o.name_en.to_lowercase() == *a
                            || o.name_ru.to_lowercase() == *a
                            || o.aliases.contains(a)
                    });
                    if let Some(o) = clash {
                        p.add(
                            r.file,
                            r.line,
                            format!("alias `{a}` already names `{}`", o.id),
                        );
                    }
                }
                powers.push(pi);
            }
        }
        for need in Power::ALL
            .iter()
            .map(|x| x.as_str())
            .chain(["huguenot", "dutch"])
            .chain(crate::engine::power::Minor::ALL.iter().map(|m| m.as_str()))
        {
            if !powers.iter().any(|x: &PowerInfo| x.id == need) {
                p.add("powers.csv", 0, format!("power `{need}` is missing"));
            }
        }
    }

    // ---- capitals and seed facts (R-SPACE-CAPITALS)
    for (i, s) in spaces.iter().enumerate() {
        if s.capital_of.is_some() && s.kind != SpaceType::Key {
            p.add(
                "spaces.csv",
                space_lines[i],
                format!(
                    "`{}` is a capital but its type is `{}`; capitals are keys",
                    s.id, s.kind
                ),
            );
        }
        if s.capital_of == Some(Power::Protestant) {
            p.add("spaces.csv", space_lines[i], format!("`{}` is marked as a Protestant capital; the Protestant has no printed capital (capitals are declared in play)", s.id));
        }
    }
    if spaces_t.is_some() {
        for name in seed_facts::NAMED_SPACES {
            if !index.contains_key(name) {
                p.add(
                    "spaces.csv",
                    0,
                    format!("space `{name}` is named by a seed rule but missing"),
                );
            }
        }
        for name in seed_facts::KEYS {
            if let Some(id) = index.get(name) {
                if spaces[id.idx()].kind != SpaceType::Key {
                    p.add(
                        "spaces.csv",
                        space_lines[id.idx()],
                        format!("`{name}` must be a key (a seed rule says so)"),
                    );
                }
            }
        }
        for (power, caps) in seed_facts::CAPITALS {
            for c in caps {
                if let Some(id) = index.get(*c) {
                    if spaces[id.idx()].capital_of != Some(power) {
                        p.add(
                            "spaces.csv",
                            space_lines[id.idx()],
                            format!("`{c}` must have capital `{power}` (R-SPACE-CAPITALS)"),
                        );
                    }
                }
            }
        }
        for (i, s) in spaces.iter().enumerate() {
            if let Some(cp) = s.capital_of {
                let listed = seed_facts::CAPITALS
                    .iter()
                    .any(|(q, c)| *q == cp && c.contains(&s.id.as_str()));
                if !listed {
                    p.add("spaces.csv", space_lines[i], format!("`{}` is marked as a capital of `{cp}`, which the seed does not give it (R-SPACE-CAPITALS)", s.id));
                }
            }
        }
    }

    // ---- scenarios, setups, units
    let mut leaders = leaders_t.as_ref().map_or_else(Vec::new, |t| {
        t.rows()
            .filter_map(|r| leader_row(&r, &mut p))
            .collect::<Vec<_>>()
    });
    read_leader_names(dir, &mut leaders, &mut p);
    read_ru_cases(dir, &mut seas, &mut leaders, &mut p);
    read_leader_piracy(dir, &mut leaders, &mut p);
    dupes(
        "leaders.csv",
        leaders.iter().map(|l| l.id.as_str()),
        &[],
        "leader id",
        &mut p,
    );
    let leader_ids: HashSet<&str> = leaders.iter().map(|l| l.id.as_str()).collect();
    let mut scenarios = Vec::new();
    if let Some(t) = &scen_t {
        for r in t.rows() {
            let (
                Some(id),
                Some(name_en),
                Some(name_ru),
                Some(first_turn),
                Some(last_turn),
                Some(_),
            ) = (
                r.req("id", &mut p),
                r.req("name_en", &mut p),
                r.req("name_ru", &mut p),
                r.parse::<u8>("first_turn", &mut p),
                r.parse::<u8>("last_turn", &mut p),
                r.parse::<Source>("source", &mut p),
            )
            else {
                continue;
            };
            if first_turn == 0 || last_turn < first_turn {
                p.add(r.file, r.line, format!("scenario `{id}`: turns {first_turn}–{last_turn} are not a valid range (first ≥ 1, last ≥ first)"));
            }
            let setup = read_setup(dir, &id, &index, &mut p, &mut sources);
            let units = read_units(dir, &id, &index, &leader_ids, &mut p, &mut sources);
            scenarios.push(Scenario {
                id,
                name_en,
                name_ru,
                first_turn,
                last_turn,
                setup,
                units,
            });
        }
        if scenarios.is_empty() {
            p.add("scenarios.csv", 0, "no scenario is defined");
        }
    }

    let rulers: Vec<Ruler> = rulers_t.as_ref().map_or_else(Vec::new, |t| {
        t.rows().filter_map(|r| ruler_row(&r, &mut p)).collect()
    });
    let cards: Vec<Card> = cards_t.as_ref().map_or_else(Vec::new, |t| {
        t.rows().filter_map(|r| card_row(&r, &mut p)).collect()
    });
    {
        let mut seen = HashMap::new();
        for c in &cards {
            if seen.insert(c.number, ()).is_some() {
                p.add(
                    "cards.csv",
                    0,
                    format!("card number {} is used twice", c.number),
                );
            }
        }
    }
    let mut key_track: HashMap<Power, Vec<(u8, u8)>> = HashMap::new();
    if let Some(t) = &keys_t {
        for r in t.rows() {
            if let (Some(pw), Some(k), Some(c)) = (
                r.parse::<Power>("power", &mut p),
                r.parse::<u8>("min_keys", &mut p),
                r.parse::<u8>("cards", &mut p),
            ) {
                key_track.entry(pw).or_default().push((k, c));
            }
        }
        for v in key_track.values_mut() {
            v.sort();
        }
    }
    let mut costs = HashMap::new();
    if let Some(t) = &costs_t {
        for r in t.rows() {
            if let (Some(a), Some(c)) = (r.req("action", &mut p), r.parse::<u8>("cp", &mut p)) {
                if costs.insert(a.clone(), c).is_some() {
                    p.add(r.file, r.line, format!("action `{a}` has a second cost"));
                }
            }
        }
    }
    let mut empire_religion_vp = HashMap::new();
    if let Some(t) = &evp_t {
        for r in t.rows() {
            if let (Some(c), Some(v)) = (
                r.parse::<ChoiceCell>("choice", &mut p),
                r.parse::<u8>("vp", &mut p),
            ) {
                empire_religion_vp.insert(c.0, v);
            }
        }
    }

    let scenario_ids: Vec<String> = scenarios.iter().map(|s| s.id.clone()).collect();
    let turn = turn::load(dir, &cards, &scenario_ids, &mut p, &mut sources);
    let treasures = treasure::load(dir, &index, &mut p, &mut sources);
    let religion = religion_t
        .as_ref()
        .map(|t| religion::read(t, &index, &mut p))
        .unwrap_or_default();
    let influence = influence::load(dir, &mut p, &mut sources);
    // --- marriages and espionage (X-MARRIAGE-*, X-SPY-*)
    let (royals, marriage, espionage) = court::load(dir, &mut p, &mut sources);

    if !p.0.is_empty() {
        return Err(p.0);
    }
    let mut rs = Ruleset {
        name: dir
            .file_name()
            .map_or_else(String::new, |n| n.to_string_lossy().into_owned()),
        spaces,
        links,
        sea_zones: seas,
        world,
        land,
        powers,
        scenarios,
        leaders,
        rulers,
        cards,
        key_track,
        costs,
        empire_religion_vp,
        turn,
        religion,
        influence,
        treasures,
        royals,
        marriage,
        espionage,
        fingerprint: fingerprint(dir),
        neighbours: Vec::new(),
        index: HashMap::new(),
        space_names: Vec::new(),
        leader_names: Vec::new(),
        zone_ports: HashMap::new(),
    };
    rs.rebuild_indexes();
    // ---- card events: automated keys and written effects (*.effect)
    effects::attach(dir, &mut rs, &mut p);
    if !p.0.is_empty() {
        return Err(p.0);
    }
    let mut summary = Summary::of(&rs);
    summary.by_source = sources;
    Ok((rs, summary))
}

/// A short digest of every CSV file in the folder (names and bytes, in name order).
fn fingerprint(dir: &Path) -> String {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .map(|rd| rd.filter_map(|e| e.ok().map(|e| e.path())).collect())
        .unwrap_or_default();
    // Written card effects count too (a data correction when they change).
    files.retain(|f| {
        f.extension()
            .is_some_and(|e| e == "csv" || e == effects::EXT)
    });
    files.sort();
    let mut h = Sha256::new();
    for f in files {
        h.update(
            f.file_name()
                .map_or_else(Vec::new, |n| n.as_encoded_bytes().to_vec()),
        );
        h.update(std::fs::read(&f).unwrap_or_default());
    }
    hex::encode(&h.finalize()[..8])
}

fn space_row(r: &Row, p: &mut Problems) -> Option<Space> {
    let id = r.req("id", p);
    let name_en = r.req("name_en", p);
    let name_ru = r.req("name_ru", p);
    let kind = r.parse::<SpaceType>("type", p);
    let capital_of = r.parse_opt::<Power>("capital", p);
    let home = r.parse::<Home>("home", p);
    let zone = r.parse::<ReligiousZone>("religious_zone", p);
    let religion = r.parse::<Religion>("religion", p);
    let vp = r.parse_opt::<u8>("vp", p);
    let pos = r.point("x", "y", p);
    let dx = r.parse_opt::<f32>("label_dx", p);
    let dy = r.parse_opt::<f32>("label_dy", p);
    let source = r.parse::<Source>("source", p);
    let label_offset = match (dx?, dy?) {
        (None, None) => None,
        (x, y) => Some((x.unwrap_or(0.0), y.unwrap_or(0.0))),
    };
    Some(Space {
        id: id?,
        name_en: name_en?,
        name_ru: name_ru?,
        kind: kind?,
        capital_of: capital_of?,
        home: home?,
        zone: zone?,
        religion: religion?,
        vp: vp?,
        ports: r.list("ports"),
        pos: pos?,
        label_offset,
        source: source?,
        ru: ru_forms(r, p)?,
    })
}

/// The optional Russian case columns of a row (`name_ru_gen`, `name_ru_acc`, `name_ru_ins`,
/// `name_ru_pre`, `ru_prep`, `ru_gender`).
fn ru_forms(r: &Row, p: &mut Problems) -> Option<crate::engine::ruleset::RuForms> {
    let prep = r.get("ru_prep");
    if !matches!(prep, "" | "на") {
        p.add(
            r.file,
            r.line,
            format!("column `ru_prep`: `{prep}` is not valid; leave it empty (в/из) or write `на`"),
        );
        return None;
    }
    let gender = r.get("ru_gender");
    if !matches!(gender, "" | "m" | "f" | "n" | "pl") {
        p.add(
            r.file,
            r.line,
            format!(
                "column `ru_gender`: `{gender}` is not valid; leave it empty (read from the name's ending) or write m, f, n or pl"
            ),
        );
        return None;
    }
    Some(crate::engine::ruleset::RuForms {
        gen: r.get("name_ru_gen").to_string(),
        acc: r.get("name_ru_acc").to_string(),
        ins: r.get("name_ru_ins").to_string(),
        pre: r.get("name_ru_pre").to_string(),
        prep: prep.to_string(),
        gender: gender.to_string(),
    })
}

fn power_row(r: &Row, index: &HashMap<String, SpaceId>, p: &mut Problems) -> Option<PowerInfo> {
    let id = r.req("id", p)?;
    let kind = match r.get("kind") {
        "major" => PowerKind::Major,
        "faction" => PowerKind::Faction,
        "minor" => PowerKind::Minor,
        other => {
            p.add(
                r.file,
                r.line,
                format!("column `kind`: `{other}` is not valid; allowed: major, faction, minor"),
            );
            return None;
        }
    };
    if kind == PowerKind::Faction && r.get("parent") != "protestant" {
        p.add(
            r.file,
            r.line,
            format!("faction `{id}` must have parent `protestant`"),
        );
    }
    let color = parse_color(r.get("color"));
    if color.is_none() {
        p.add(
            r.file,
            r.line,
            format!(
                "column `color`: `{}` is not a colour; write #rrggbb",
                r.get("color")
            ),
        );
    }
    let later = r.get("later_capital");
    let later_capital = if later.is_empty() {
        None
    } else if let Some(s) = index.get(later) {
        Some(*s)
    } else {
        p.add(
            r.file,
            r.line,
            format!("column `later_capital`: unknown space `{later}`"),
        );
        None
    };
    Some(PowerInfo {
        id,
        kind,
        name_en: r.req("name_en", p)?,
        name_ru: r.req("name_ru", p)?,
        color: color?,
        later_capital,
        source: r.parse("source", p)?,
        ru: ru_forms(r, p)?,
        aliases: r
            .list("aliases")
            .into_iter()
            .map(|a| a.to_lowercase())
            .collect(),
    })
}

fn parse_color(s: &str) -> Option<(u8, u8, u8)> {
    let h = s.strip_prefix('#')?;
    if h.len() != 6 {
        return None;
    }
    let c = |i: usize| u8::from_str_radix(h.get(i..i + 2)?, 16).ok();
    Some((c(0)?, c(2)?, c(4)?))
}

fn leader_row(r: &Row, p: &mut Problems) -> Option<Leader> {
    let id = r.req("id", p);
    let (power, faction) = match r.get("power") {
        "huguenot" => (Some(Power::Protestant), Some(Faction::Huguenot)),
        "dutch" => (Some(Power::Protestant), Some(Faction::Dutch)),
        _ => (r.parse::<Power>("power", p), None),
    };
    let kind = match r.get("kind") {
        "army" => Some(LeaderKind::Army),
        "naval" => Some(LeaderKind::Naval),
        other => {
            p.add(
                r.file,
                r.line,
                format!("column `kind`: `{other}` is not valid; allowed: army, naval"),
            );
            None
        }
    };
    Some(Leader {
        id: id?,
        power: power?,
        faction,
        kind: kind?,
        name_en: r.req("name_en", p)?,
        name_ru: r.req("name_ru", p)?,
        battle: r.parse("battle", p)?,
        command: r.parse("command", p)?,
        enters_turn: r.parse_opt("enters_turn", p)?,
        source: r.parse("source", p)?,
        short_en: String::new(),
        short_ru: String::new(),
        piracy: 0,
        ru: Default::default(),
    })
}

/// Short leader names for the map's unit counters (`leader_names.csv`, optional): every row
/// names a leader of `leaders.csv`, once.
fn read_leader_names(dir: &Path, leaders: &mut [Leader], p: &mut Problems) {
    let file = "leader_names.csv";
    if !dir.join(file).exists() {
        return;
    }
    let Some(t) = Table::read(dir, file, &["id", "short_en", "short_ru", "source"], p) else {
        return;
    };
    let mut seen = HashSet::new();
    for r in t.rows() {
        let (Some(id), Some(en), Some(ru), Some(_)) = (
            r.req("id", p),
            r.req("short_en", p),
            r.req("short_ru", p),
            r.parse::<Source>("source", p),
        ) else {
            continue;
        };
        if !seen.insert(id.clone()) {
            p.add(r.file, r.line, format!("leader `{id}` is named twice"));
            continue;
        }
        match leaders.iter_mut().find(|l| l.id == id) {
            Some(l) => {
                l.short_en = en;
                l.short_ru = ru;
            }
            None => p.add(
                r.file,
                r.line,
                format!("unknown leader `{id}` (not in leaders.csv)"),
            ),
        }
    }
}

/// Russian case forms of sea-zone and leader names (`ru_cases.csv`, optional), for messages
/// («из Эгейского моря», «пленяет герцога Альбу»); spaces and powers carry theirs in their own
/// files. Every row names a sea zone or leader once.
fn read_ru_cases(dir: &Path, seas: &mut [SeaZone], leaders: &mut [Leader], p: &mut Problems) {
    let file = "ru_cases.csv";
    if !dir.join(file).exists() {
        return;
    }
    let cols = [
        "id",
        "name_ru_gen",
        "name_ru_acc",
        "name_ru_ins",
        "name_ru_pre",
        "source",
    ];
    let Some(t) = Table::read(dir, file, &cols, p) else {
        return;
    };
    let mut seen = HashSet::new();
    for r in t.rows() {
        let (Some(id), Some(_), Some(forms)) = (
            r.req("id", p),
            r.parse::<Source>("source", p),
            ru_forms(&r, p),
        ) else {
            continue;
        };
        if !seen.insert(id.clone()) {
            p.add(r.file, r.line, format!("`{id}` is given twice"));
            continue;
        }
        if let Some(z) = seas.iter_mut().find(|z| z.id == id) {
            z.ru = forms;
        } else if let Some(l) = leaders.iter_mut().find(|l| l.id == id) {
            l.ru = forms;
        } else {
            p.add(
                r.file,
                r.line,
                format!("unknown id `{id}`: not a sea zone of sea_zones.csv nor a leader of leaders.csv"),
            );
        }
    }
}

// --- naval warfare
/// Piracy ratings of naval leaders (`leader_piracy.csv`, optional, C-PIRACY): every row names a
/// naval leader of `leaders.csv`, once; a leader not listed has rating 0.
fn read_leader_piracy(dir: &Path, leaders: &mut [Leader], p: &mut Problems) {
    let file = "leader_piracy.csv";
    if !dir.join(file).exists() {
        return;
    }
    let Some(t) = Table::read(dir, file, &["leader", "piracy", "source"], p) else {
        return;
    };
    let mut seen = HashSet::new();
    for r in t.rows() {
        let (Some(id), Some(rating), Some(_)) = (
            r.req("leader", p),
            r.parse::<u8>("piracy", p),
            r.parse::<Source>("source", p),
        ) else {
            continue;
        };
        if !seen.insert(id.clone()) {
            p.add(r.file, r.line, format!("leader `{id}` is rated twice"));
            continue;
        }
        match leaders.iter_mut().find(|l| l.id == id) {
            Some(l) if l.kind == LeaderKind::Naval => l.piracy = rating,
            Some(_) => p.add(
                r.file,
                r.line,
                format!("`{id}` is an army leader; only naval leaders have a piracy rating"),
            ),
            None => p.add(
                r.file,
                r.line,
                format!("unknown leader `{id}` (not in leaders.csv)"),
            ),
        }
    }
}

fn ruler_row(r: &Row, p: &mut Problems) -> Option<Ruler> {
    let id = r.req("id", p);
    let power = r.parse::<Power>("power", p);
    let name_en = r.req("name_en", p);
    let name_ru = r.req("name_ru", p);
    let admin = r.parse::<u8>("admin", p);
    let card_bonus = r.parse::<u8>("card_bonus", p);
    let from_turn = r.parse_opt::<u8>("from_turn", p);
    let source = r.parse::<Source>("source", p);
    Some(Ruler {
        id: id?,
        power: power?,
        name_en: name_en?,
        name_ru: name_ru?,
        admin: admin?,
        card_bonus: card_bonus?,
        from_turn: from_turn?,
        source: source?,
    })
}

fn card_row(r: &Row, p: &mut Problems) -> Option<Card> {
    let number = r.parse::<u16>("number", p);
    let name_en = r.req("name_en", p);
    let name_ru = r.req("name_ru", p);
    let cp = r.parse::<u8>("cp", p);
    let kind = r.parse::<CardKindCell>("kind", p);
    let owner = r.parse_opt::<Power>("owner", p);
    let enters_turn = r.parse::<u8>("enters_turn", p);
    let source = r.parse::<Source>("source", p);
    let war_power = r.parse_opt::<Power>("war_power", p);
    let war_units = r.parse_opt::<u8>("war_units", p);
    let war_army = r.parse_opt::<u8>("war_army", p);
    let (kind, owner) = (kind?.0, owner?);
    let war = match (war_power?, war_units?, war_army?) {
        (Some(power), Some(units), Some(army)) if units > 0 && army > 0 => {
            Some(ForeignWarSpec { power, units, army })
        }
        (None, None, None) => None,
        _ => {
            p.add(
                r.file,
                r.line,
                "a foreign war needs `war_power`, and `war_units` and `war_army` of at least 1",
            );
            return None;
        }
    };
    if (kind == CardKind::ForeignWar) != war.is_some() {
        p.add(
            r.file,
            r.line,
            "a foreign_war card needs `war_power`, `war_units` and `war_army`, and only such cards have them",
        );
        return None;
    }
    if (kind == CardKind::Home) != owner.is_some() {
        p.add(
            r.file,
            r.line,
            "a home card needs an `owner`, and only home cards have one",
        );
        return None;
    }
    let text = card_text(r, p)?;
    // Optional `after_roll` column: the source stating that the card changes rolled dice.
    let after_roll = r.parse_opt::<Source>("after_roll", p)?;
    if after_roll.is_some() && !matches!(kind, CardKind::Combat | CardKind::Response) {
        p.add(
            r.file,
            r.line,
            "`after_roll` marks combat or response cards only (cards that change rolled dice)",
        );
        return None;
    }
    Some(Card {
        number: number?,
        name_en: name_en?,
        name_ru: name_ru?,
        cp: cp?,
        kind,
        owner,
        enters_turn: enters_turn?,
        source: source?,
        war,
        text,
        after_roll,
        event: card_event_key(r, kind, p)?,
        effect: None,
    })
}

/// The optional `event` column: the card registry key of the card's event (an automated event
/// or `<key>.effect`). A foreign-war card without one runs the foreign war.
fn card_event_key(r: &Row, kind: CardKind, p: &mut Problems) -> Option<Option<String>> {
    let key = r.get("event").trim();
    if key.is_empty() {
        return Some((kind == CardKind::ForeignWar).then(|| "foreign_war".to_string()));
    }
    if !key
        .chars()
        .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_')
    {
        p.add(
            r.file,
            r.line,
            format!("event key `{key}`: use lower-case letters, digits and `_` (it names {key}.effect or an automated event)"),
        );
        return None;
    }
    Some(Some(key.to_string()))
}

/// The optional `text`, `text_ru` and `text_source` columns of a card: all three or none.
fn card_text(r: &Row, p: &mut Problems) -> Option<Option<CardText>> {
    let (en, ru) = (r.get("text"), r.get("text_ru"));
    let source = r.parse_opt::<Source>("text_source", p)?;
    match (en.is_empty(), ru.is_empty(), source) {
        (true, true, None) => Some(None),
        (false, false, Some(source)) => Some(Some(CardText {
            en: en.to_string(),
            ru: ru.to_string(),
            source,
        })),
        _ => {
            p.add(
                r.file,
                r.line,
                "a card text needs `text`, `text_ru` and `text_source` together (or all three empty)",
            );
            None
        }
    }
}

/// The cards of a folder's `cards.csv` alone (used for the Here I Stand reference cards, whose
/// folder is not a full ruleset).
pub fn load_card_list(dir: &Path) -> Result<Vec<Card>, Vec<Problem>> {
    let mut p = Problems::default();
    let t = Table::read(
        dir,
        "cards.csv",
        &[
            "number",
            "name_en",
            "name_ru",
            "cp",
            "kind",
            "owner",
            "enters_turn",
            "source",
        ],
        &mut p,
    );
    let cards: Vec<Card> = t.map_or_else(Vec::new, |t| {
        t.rows().filter_map(|r| card_row(&r, &mut p)).collect()
    });
    if p.0.is_empty() {
        Ok(cards)
    } else {
        Err(p.0)
    }
}

fn read_setup(
    dir: &Path,
    scenario: &str,
    index: &HashMap<String, SpaceId>,
    p: &mut Problems,
    sources: &mut BTreeMap<String, usize>,
) -> Vec<SetupRow> {
    let file = format!("setup_{scenario}.csv");
    if !dir.join(&file).exists() {
        return Vec::new();
    }
    let Some(t) = Table::read(
        dir,
        &file,
        &["space", "controller", "religion", "unrest", "source"],
        p,
    ) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for r in t.rows() {
        if let Some(s) = r.parse::<Source>("source", p) {
            *sources.entry(s.to_string()).or_default() += 1;
        }
        let space = space_ref(&r, "space", index, p);
        let controller = r.parse_opt::<Owner>("controller", p);
        let religion = r.parse_opt::<Religion>("religion", p);
        let unrest = match r.get("unrest") {
            "" | "0" => Some(false),
            "1" => Some(true),
            other => {
                p.add(
                    r.file,
                    r.line,
                    format!("column `unrest`: `{other}` is not valid; allowed: 0, 1"),
                );
                None
            }
        };
        if let (Some(space), Some(controller), Some(religion), Some(unrest)) =
            (space, controller, religion, unrest)
        {
            out.push(SetupRow {
                space,
                controller,
                religion,
                unrest,
            });
        }
    }
    out
}

fn read_units(
    dir: &Path,
    scenario: &str,
    index: &HashMap<String, SpaceId>,
    leaders: &HashSet<&str>,
    p: &mut Problems,
    sources: &mut BTreeMap<String, usize>,
) -> Vec<UnitRow> {
    let file = format!("units_{scenario}.csv");
    if !dir.join(&file).exists() {
        return Vec::new();
    }
    let Some(t) = Table::read(
        dir,
        &file,
        &[
            "space",
            "power",
            "regulars",
            "mercenaries",
            "cavalry",
            "squadrons",
            "leaders",
            "source",
        ],
        p,
    ) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for r in t.rows() {
        if let Some(s) = r.parse::<Source>("source", p) {
            *sources.entry(s.to_string()).or_default() += 1;
        }
        let space = space_ref(&r, "space", index, p);
        let (owner, faction) = match r.get("power") {
            "huguenot" => (
                Some(Owner::Major(Power::Protestant)),
                Some(Faction::Huguenot),
            ),
            "dutch" => (Some(Owner::Major(Power::Protestant)), Some(Faction::Dutch)),
            _ => (r.parse::<Owner>("power", p), None),
        };
        let n = |c: &str, p: &mut Problems| r.parse_opt::<u8>(c, p).map(|v| v.unwrap_or(0));
        let (reg, mer, cav, sq) = (
            n("regulars", p),
            n("mercenaries", p),
            n("cavalry", p),
            n("squadrons", p),
        );
        let ls = r.list("leaders");
        for l in &ls {
            if !leaders.contains(l.as_str()) {
                p.add(
                    r.file,
                    r.line,
                    format!("unknown leader `{l}` (not in leaders.csv)"),
                );
            }
        }
        if let (
            Some(space),
            Some(owner),
            Some(regulars),
            Some(mercenaries),
            Some(cavalry),
            Some(squadrons),
        ) = (space, owner, reg, mer, cav, sq)
        {
            out.push(UnitRow {
                space,
                owner,
                faction,
                regulars,
                mercenaries,
                cavalry,
                squadrons,
                leaders: ls,
            });
        }
    }
    out
}

fn space_ref(
    r: &Row,
    col: &str,
    index: &HashMap<String, SpaceId>,
    p: &mut Problems,
) -> Option<SpaceId> {
    let v = r.req(col, p)?;
    match index.get(&v) {
        Some(s) => Some(*s),
        None => {
            p.add(
                r.file,
                r.line,
                format!(
                    "column `{col}`: unknown space `{v}`{}",
                    suggest(&v, index.keys())
                ),
            );
            None
        }
    }
}

fn dupes<'a>(
    file: &str,
    ids: impl Iterator<Item = &'a str>,
    lines: &[u64],
    what: &str,
    p: &mut Problems,
) {
    let mut seen = HashSet::new();
    for (i, id) in ids.enumerate() {
        if !seen.insert(id) {
            p.add(
                file,
                lines.get(i).copied().unwrap_or(0),
                format!("duplicate {what} `{id}`"),
            );
        }
    }
}

fn unique_names<'a>(
    file: &str,
    names: impl Iterator<Item = (&'a str, &'a str)>,
    lines: &[u64],
    p: &mut Problems,
) {
    let mut en = HashMap::new();
    let mut ru = HashMap::new();
    for (i, (e, r)) in names.enumerate() {
        let line = lines.get(i).copied().unwrap_or(0);
        if let Some(first) = en.insert(e.to_lowercase(), line) {
            p.add(file, line, format!("English name `{e}` is used again (first on line {first}); names must be unique"));
        }
        if let Some(first) = ru.insert(r.to_lowercase(), line) {
            p.add(file, line, format!("Russian name `{r}` is used again (first on line {first}); names must be unique"));
        }
    }
}

/// ", did you mean `X`?" for the closest known id, or nothing.
fn suggest<'a>(name: &str, known: impl Iterator<Item = &'a String>) -> String {
    known
        .map(|k| (edit_distance(name, k), k))
        .filter(|(d, _)| *d <= 3)
        .min()
        .map_or_else(String::new, |(_, k)| format!("; did you mean `{k}`?"))
}

/// Levenshtein distance between two strings, by characters (the engine's, reused here).
pub use crate::engine::names::edit_distance;

struct WorldKindCell(WorldKind);
impl std::str::FromStr for WorldKindCell {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        match s {
            "settlement" => Ok(Self(WorldKind::Settlement)),
            "ocean" => Ok(Self(WorldKind::Ocean)),
            _ => Err(format!("`{s}` is not valid; allowed: settlement, ocean")),
        }
    }
}

struct CardKindCell(CardKind);
impl std::str::FromStr for CardKindCell {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        Ok(Self(match s {
            "home" => CardKind::Home,
            "mandatory" => CardKind::Mandatory,
            "response" => CardKind::Response,
            "combat" => CardKind::Combat,
            "event" => CardKind::Event,
            "foreign_war" => CardKind::ForeignWar,
            _ => return Err(format!("`{s}` is not valid; allowed: home, mandatory, response, combat, event, foreign_war")),
        }))
    }
}

struct ChoiceCell(EmpireChoice);
impl std::str::FromStr for ChoiceCell {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        Ok(Self(match s {
            "protestant" => EmpireChoice::Protestant,
            "catholic" => EmpireChoice::Catholic,
            "balanced" => EmpireChoice::Balanced,
            _ => {
                return Err(format!(
                    "`{s}` is not valid; allowed: protestant, catholic, balanced"
                ))
            }
        }))
    }
}

/// A power list of another game (the Here I Stand powers, R-MINOR-HIS): ids and kinds only.
pub fn load_power_list(dir: &Path) -> Result<Vec<(String, String, String)>, Vec<Problem>> {
    let mut p = Problems::default();
    let t = Table::read(
        dir,
        "powers.csv",
        &["id", "kind", "name_en", "source"],
        &mut p,
    );
    let mut out = Vec::new();
    if let Some(t) = t {
        for r in t.rows() {
            let (Some(id), Some(kind), Some(name), Some(_)) = (
                r.req("id", &mut p),
                r.req("kind", &mut p),
                r.req("name_en", &mut p),
                r.parse::<Source>("source", &mut p),
            ) else {
                continue;
            };
            out.push((id, kind, name));
        }
    }
    if p.0.is_empty() {
        Ok(out)
    } else {
        Err(p.0)
    }
}

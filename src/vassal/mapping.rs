//! The mapping from a module's names to vqbot's ids: a TOML file the tool writes with its best
//! matches (and the closest suggestions where it found none), that the group reads, corrects and
//! gives back with `--mapping`.
//!
//! ```toml
//! format = 1
//! module = "Virgin Queen"
//!
//! [position]                 # what a save does not say
//! scenario = "1559"
//! powers = ["ottoman", "spain", "england", "france", "empire", "protestant"]
//! phase = "diplomacy"
//! snap_distance = 60         # pixels from a region's point that still count as on it
//!
//! [regions]                  # module region → space or sea zone id, "turn:N", or "ignore"
//! "Paris" = "PARIS"
//! [pieces]                   # piece name → what it is
//! "Spanish Regular 2" = "regulars:spain:2"
//! "Alba" = "leader:ALBA"
//! [cards]                    # card name → card number, or "ignore"
//! "Machiavelli" = 12
//! [decks]                    # deck name → "deck", "discard", "removed" or "ignore"
//! [hands]                    # hand window → its power
//! ```
//!
//! An empty value `""` is a name still to be filled in; every such line is listed with its file
//! and line.

use std::collections::{BTreeMap, BTreeSet};

use serde::Deserialize;
use toml::Spanned;

use super::module::Module;
use super::save::Save;
use crate::data::edit_distance;
use crate::engine::power::{Faction, Minor, Power, Religion};
use crate::engine::Ruleset;

/// Version of the mapping layout.
pub const MAPPING_FORMAT: u32 = 1;
/// Default snapping distance, in map pixels.
pub const DEFAULT_SNAP: i32 = 60;

/// A land or naval unit type.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum UnitKind {
    /// Regulars.
    Regulars,
    /// Mercenaries.
    Mercenaries,
    /// Cavalry.
    Cavalry,
    /// Naval squadrons.
    Squadrons,
    /// Corsairs.
    Corsairs,
}

impl UnitKind {
    const ALL: [(UnitKind, &'static str); 5] = [
        (UnitKind::Regulars, "regulars"),
        (UnitKind::Mercenaries, "mercenaries"),
        (UnitKind::Cavalry, "cavalry"),
        (UnitKind::Squadrons, "squadrons"),
        (UnitKind::Corsairs, "corsairs"),
    ];
    /// The position file's key.
    pub fn as_str(self) -> &'static str {
        UnitKind::ALL
            .iter()
            .find(|(k, _)| *k == self)
            .map(|(_, s)| *s)
            .unwrap_or("regulars")
    }
    /// Naval units stand at sea or in ports.
    pub fn naval(self) -> bool {
        matches!(self, UnitKind::Squadrons | UnitKind::Corsairs)
    }
}

/// What a piece is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PieceKind {
    /// `count` units of one owner (a power, a Protestant faction, a minor or `independent`).
    Unit {
        /// Unit type.
        kind: UnitKind,
        /// Owner id as the position file writes it.
        owner: String,
        /// Units the counter stands for.
        count: u8,
    },
    /// A leader by id.
    Leader(String),
    /// A control marker of an owner.
    Control(String),
    /// An unrest marker.
    Unrest,
    /// A religion marker.
    Religion(Religion),
    /// A fortress built on an unfortified space.
    Fortress,
    /// A power's VP marker (reported, not written: VP totals follow from the position).
    Vp(String),
    /// The turn marker (the turn is its region's `turn:N`).
    Turn,
    /// The Empire's secret choice (written to the private part).
    Empire(String),
    /// Not part of the position.
    Ignore,
}

/// What a region is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RegionTarget {
    /// A space id.
    Space(String),
    /// A sea zone id.
    Sea(String),
    /// A box of the turn track.
    Turn(u8),
    /// Not a place of the position.
    Ignore,
}

/// Where a deck's cards go.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DeckTarget {
    /// The draw deck.
    Deck,
    /// The discard pile.
    Discard,
    /// Out of the game.
    Removed,
    /// Not part of the position.
    Ignore,
}

/// One line of the mapping: its value (`None`: still to fill in) and line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Entry<T> {
    /// The value; `None` for `""`.
    pub value: Option<T>,
    /// Line in the mapping file.
    pub line: usize,
}

/// A read mapping.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Mapping {
    /// The mapping file's name, for messages.
    pub file: String,
    /// The module it was written for.
    pub module: String,
    /// Scenario of the position.
    pub scenario: String,
    /// Powers in play.
    pub powers: Vec<String>,
    /// Phase of the position.
    pub phase: String,
    /// Whose turn in the phase, where the phase needs it.
    pub power: Option<String>,
    /// The turn, where no turn marker says it.
    pub turn: Option<u8>,
    /// Snapping distance in pixels.
    pub snap_distance: i32,
    /// Regions.
    pub regions: BTreeMap<String, Entry<RegionTarget>>,
    /// Pieces.
    pub pieces: BTreeMap<String, Entry<PieceKind>>,
    /// Cards (`None` inside the entry for `ignore` is `Some(None)`).
    pub cards: BTreeMap<String, Entry<Option<u16>>>,
    /// Decks.
    pub decks: BTreeMap<String, Entry<DeckTarget>>,
    /// Hands: window name → power (`None` inside: ignore).
    pub hands: BTreeMap<String, Entry<Option<String>>>,
    /// Line of each `[section]` header.
    pub sections: BTreeMap<String, usize>,
}

impl Mapping {
    /// `file:line` of an entry.
    pub fn at(&self, line: usize) -> String {
        format!("{}:{line}", self.file)
    }

    /// Where to add a missing name: the section's header line.
    pub fn section_at(&self, section: &str) -> String {
        match self.sections.get(section) {
            Some(l) => format!("{}:{l}", self.file),
            None => format!("{} (add a [{section}] table)", self.file),
        }
    }
}

// ------------------------------------------------------------------ reading

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Raw {
    format: Spanned<u32>,
    #[serde(default)]
    module: String,
    #[serde(default)]
    position: RawPosition,
    #[serde(default)]
    regions: BTreeMap<String, Spanned<String>>,
    #[serde(default)]
    pieces: BTreeMap<String, Spanned<String>>,
    #[serde(default)]
    cards: BTreeMap<String, Spanned<toml::Value>>,
    #[serde(default)]
    decks: BTreeMap<String, Spanned<String>>,
    #[serde(default)]
    hands: BTreeMap<String, Spanned<String>>,
}

#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct RawPosition {
    scenario: Option<String>,
    powers: Option<Vec<String>>,
    phase: Option<String>,
    power: Option<String>,
    turn: Option<u8>,
    snap_distance: Option<i32>,
}

/// Byte offsets where each line starts, to turn spans into line numbers.
struct Lines(Vec<usize>);

impl Lines {
    fn of(text: &str) -> Lines {
        let mut v = vec![0];
        v.extend(
            text.bytes()
                .enumerate()
                .filter(|(_, b)| *b == b'\n')
                .map(|(i, _)| i + 1),
        );
        Lines(v)
    }
    fn line(&self, offset: usize) -> usize {
        match self.0.binary_search(&offset) {
            Ok(i) => i + 1,
            Err(i) => i,
        }
    }
}

/// The owners a position file accepts for units and control.
fn is_owner(s: &str) -> bool {
    s == "independent"
        || s.parse::<Power>().is_ok()
        || s.parse::<Faction>().is_ok()
        || s.parse::<Minor>().is_ok()
}

const OWNERS: &str = "a power (ottoman, spain, england, france, empire, protestant), a Protestant \
                      faction (huguenot, dutch), a minor (ireland, papacy, portugal, scotland, \
                      venice) or independent";

/// Reads a piece's value (`regulars:spain:2`, `leader:ALBA`, …).
pub fn parse_piece_kind(rs: &Ruleset, v: &str) -> Result<PieceKind, String> {
    let parts: Vec<&str> = v.split(':').map(str::trim).collect();
    let arg = |i: usize| parts.get(i).copied().unwrap_or("");
    let head = arg(0).to_ascii_lowercase();
    if let Some((kind, _)) = UnitKind::ALL.iter().find(|(_, s)| *s == head) {
        let owner = arg(1).to_ascii_lowercase();
        if !is_owner(&owner) || owner == "protestant" {
            return Err(format!(
                "`{v}`: the owner `{owner}` is not {OWNERS} (Protestant units are written by \
                 faction, huguenot or dutch)"
            ));
        }
        let count = if arg(2).is_empty() {
            1
        } else {
            arg(2)
                .parse::<u8>()
                .ok()
                .filter(|c| (1..=20).contains(c))
                .ok_or_else(|| format!("`{v}`: the count `{}` is not 1 to 20", arg(2)))?
        };
        return Ok(PieceKind::Unit {
            kind: *kind,
            owner,
            count,
        });
    }
    match head.as_str() {
        "leader" => {
            let id = arg(1).to_ascii_uppercase();
            if rs.leaders.iter().any(|l| l.id == id) {
                Ok(PieceKind::Leader(id))
            } else {
                Err(format!(
                    "`{v}`: unknown leader `{}` (leaders are the ids in leaders.csv)",
                    arg(1)
                ))
            }
        }
        "control" => {
            let o = arg(1).to_ascii_lowercase();
            if is_owner(&o) && o.parse::<Faction>().is_err() {
                Ok(PieceKind::Control(o))
            } else {
                Err(format!("`{v}`: a control marker's owner is a power, a minor or independent"))
            }
        }
        "unrest" => Ok(PieceKind::Unrest),
        "fortress" => Ok(PieceKind::Fortress),
        "turn" => Ok(PieceKind::Turn),
        "ignore" => Ok(PieceKind::Ignore),
        "religion" => arg(1)
            .parse::<Religion>()
            .map(PieceKind::Religion)
            .map_err(|e| format!("`{v}`: {e}")),
        "vp" => arg(1)
            .parse::<Power>()
            .map(|p| PieceKind::Vp(p.as_str().into()))
            .map_err(|e| format!("`{v}`: {e}")),
        "empire" => {
            let c = arg(1).to_ascii_lowercase();
            if ["protestant", "catholic", "balanced"].contains(&c.as_str()) {
                Ok(PieceKind::Empire(c))
            } else {
                Err(format!("`{v}`: the Empire's choice is protestant, catholic or balanced"))
            }
        }
        _ => Err(format!(
            "`{v}` is not a piece kind; allowed: regulars|mercenaries|cavalry|squadrons|corsairs:OWNER[:COUNT], \
             leader:ID, control:OWNER, unrest, religion:protestant|catholic, fortress, vp:POWER, \
             turn, empire:CHOICE, ignore, or \"\" (to fill in)"
        )),
    }
}

/// Reads a region's value.
pub fn parse_region(rs: &Ruleset, v: &str) -> Result<RegionTarget, String> {
    let t = v.trim();
    if t.eq_ignore_ascii_case("ignore") {
        return Ok(RegionTarget::Ignore);
    }
    if let Some(n) = t.strip_prefix("turn:") {
        return n
            .trim()
            .parse::<u8>()
            .map(RegionTarget::Turn)
            .map_err(|_| format!("`{v}`: `turn:N` needs a turn number"));
    }
    let id = t.to_ascii_uppercase();
    if rs.space_id(&id).is_some() {
        return Ok(RegionTarget::Space(id));
    }
    if rs.sea_zones.iter().any(|z| z.id == id) {
        return Ok(RegionTarget::Sea(id));
    }
    let best = closest(rs, t, 3);
    Err(format!(
        "unknown space or sea zone `{v}` (the ids of spaces.csv and sea_zones.csv, `turn:N` or \
         `ignore`){}",
        if best.is_empty() {
            String::new()
        } else {
            format!("; did you mean {}?", best.join(", "))
        }
    ))
}

/// Reads a mapping file. Every bad line is reported as `file:line: …`.
pub fn read_mapping(rs: &Ruleset, file: &str, text: &str) -> Result<Mapping, Vec<String>> {
    let lines = Lines::of(text);
    let line_of = |_: &str, offset: usize| lines.line(offset);
    let raw: Raw = toml::from_str(text).map_err(|e| {
        let line = e.span().map(|s| line_of(text, s.start)).unwrap_or(0);
        vec![format!("{file}:{line}: {}", e.message())]
    })?;
    let mut problems = Vec::new();
    if *raw.format.get_ref() != MAPPING_FORMAT {
        problems.push(format!(
            "{file}:{}: format {} is not known; this vqbot reads format {MAPPING_FORMAT}",
            line_of(text, raw.format.span().start),
            raw.format.get_ref()
        ));
    }
    let mut m = Mapping {
        file: file.to_string(),
        module: raw.module,
        scenario: raw.position.scenario.unwrap_or_else(|| "1559".into()),
        powers: raw
            .position
            .powers
            .unwrap_or_else(|| Power::ALL.iter().map(|p| p.as_str().to_string()).collect()),
        phase: raw.position.phase.unwrap_or_else(|| "diplomacy".into()),
        power: raw.position.power,
        turn: raw.position.turn,
        snap_distance: raw.position.snap_distance.unwrap_or(DEFAULT_SNAP).max(0),
        ..Mapping::default()
    };
    for (i, l) in text.lines().enumerate() {
        let t = l.split('#').next().unwrap_or("").trim();
        if let Some(name) = t.strip_prefix('[').and_then(|r| r.strip_suffix(']')) {
            m.sections.insert(name.trim().to_string(), i + 1);
        }
    }
    let each =
        |entries: BTreeMap<String, Spanned<String>>| -> Vec<(String, Option<String>, usize)> {
            entries
                .into_iter()
                .map(|(k, v)| {
                    let line = line_of(text, v.span().start);
                    let s = v.into_inner().trim().to_string();
                    (k, (!s.is_empty()).then_some(s), line)
                })
                .collect()
        };
    for (k, v, line) in each(raw.regions) {
        let value = match v.map(|v| parse_region(rs, &v)) {
            Some(Ok(t)) => Some(t),
            Some(Err(e)) => {
                problems.push(format!("{file}:{line}: region \"{k}\": {e}"));
                None
            }
            None => None,
        };
        m.regions.insert(k, Entry { value, line });
    }
    for (k, v, line) in each(raw.pieces) {
        let value = match v.map(|v| parse_piece_kind(rs, &v)) {
            Some(Ok(t)) => Some(t),
            Some(Err(e)) => {
                problems.push(format!("{file}:{line}: piece \"{k}\": {e}"));
                None
            }
            None => None,
        };
        m.pieces.insert(k, Entry { value, line });
    }
    for (k, v) in raw.cards {
        let line = line_of(text, v.span().start);
        let value = match v.into_inner() {
            toml::Value::Integer(n) => {
                match u16::try_from(n).ok().filter(|n| rs.card(*n).is_some()) {
                    Some(n) => Some(Some(n)),
                    None => {
                        problems.push(format!(
                            "{file}:{line}: card \"{k}\": {n} is not a card number of cards.csv"
                        ));
                        None
                    }
                }
            }
            toml::Value::String(s) if s.trim().eq_ignore_ascii_case("ignore") => Some(None),
            toml::Value::String(s) if s.trim().is_empty() => None,
            other => {
                problems.push(format!(
                    "{file}:{line}: card \"{k}\": `{other}` is not a card number, \"ignore\" or \"\""
                ));
                None
            }
        };
        m.cards.insert(k, Entry { value, line });
    }
    for (k, v, line) in each(raw.decks) {
        let value = match v.as_deref().map(str::to_ascii_lowercase).as_deref() {
            Some("deck") => Some(DeckTarget::Deck),
            Some("discard") => Some(DeckTarget::Discard),
            Some("removed") => Some(DeckTarget::Removed),
            Some("ignore") => Some(DeckTarget::Ignore),
            Some(other) => {
                problems.push(format!(
                    "{file}:{line}: deck \"{k}\": `{other}` is not deck, discard, removed or ignore"
                ));
                None
            }
            None => None,
        };
        m.decks.insert(k, Entry { value, line });
    }
    for (k, v, line) in each(raw.hands) {
        let value = match v.as_deref().map(str::to_ascii_lowercase) {
            Some(s) if s == "ignore" => Some(None),
            Some(s) => match s.parse::<Power>() {
                Ok(p) => Some(Some(p.as_str().to_string())),
                Err(e) => {
                    problems.push(format!("{file}:{line}: hand \"{k}\": {e} (or ignore)"));
                    None
                }
            },
            None => None,
        };
        m.hands.insert(k, Entry { value, line });
    }
    if problems.is_empty() {
        Ok(m)
    } else {
        Err(problems)
    }
}

// ------------------------------------------------------------------ writing

/// Lower-case letters and digits only, accents folded: how names are compared.
pub fn normalize(s: &str) -> String {
    s.chars()
        .flat_map(char::to_lowercase)
        .map(|c| match c {
            'à' | 'á' | 'â' | 'ã' | 'ä' | 'å' => 'a',
            'ç' => 'c',
            'è' | 'é' | 'ê' | 'ë' => 'e',
            'ì' | 'í' | 'î' | 'ï' => 'i',
            'ñ' => 'n',
            'ò' | 'ó' | 'ô' | 'õ' | 'ö' | 'ø' => 'o',
            'ù' | 'ú' | 'û' | 'ü' => 'u',
            'ý' | 'ÿ' => 'y',
            'ё' => 'е',
            c => c,
        })
        .filter(|c| c.is_alphanumeric())
        .collect()
}

/// Every space and sea zone: (id, English name, Russian name).
fn places(rs: &Ruleset) -> Vec<(String, String, String)> {
    rs.spaces
        .iter()
        .map(|s| (s.id.clone(), s.name_en.clone(), s.name_ru.clone()))
        .chain(
            rs.sea_zones
                .iter()
                .map(|z| (z.id.clone(), z.name_en.clone(), z.name_ru.clone())),
        )
        .collect()
}

/// The `n` ids whose names are closest to `name`, as `ID (Name)`.
pub fn closest(rs: &Ruleset, name: &str, n: usize) -> Vec<String> {
    let key = normalize(name);
    let mut scored: Vec<(usize, String)> = places(rs)
        .into_iter()
        .map(|(id, en, ru)| {
            let d = [normalize(&id), normalize(&en), normalize(&ru)]
                .iter()
                .map(|k| edit_distance(&key, k))
                .min()
                .unwrap_or(usize::MAX);
            (d, format!("{id} ({en})"))
        })
        .collect();
    scored.sort();
    scored.into_iter().take(n).map(|(_, s)| s).collect()
}

/// A region's best match: a space or sea zone id whose id, English or Russian name it is.
pub fn match_region(rs: &Ruleset, name: &str) -> Option<String> {
    let key = normalize(name);
    if key.is_empty() {
        return None;
    }
    places(rs)
        .into_iter()
        .find(|(id, en, ru)| normalize(id) == key || normalize(en) == key || normalize(ru) == key)
        .map(|(id, _, _)| id)
}

fn turn_box(name: &str) -> Option<u8> {
    let n = normalize(name);
    let rest = n
        .strip_prefix("turntrack")
        .or_else(|| n.strip_prefix("turn"))?;
    rest.parse::<u8>().ok().filter(|t| (1..=20).contains(t))
}

fn words(s: &str) -> Vec<String> {
    s.split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .map(normalize)
        .collect()
}

const OWNER_WORDS: &[(&str, &[&str])] = &[
    (
        "ottoman",
        &["ottoman", "ottomans", "turk", "turkish", "turks"],
    ),
    ("spain", &["spain", "spanish"]),
    ("england", &["england", "english"]),
    ("france", &["france", "french"]),
    (
        "empire",
        &[
            "empire", "hapsburg", "habsburg", "hre", "imperial", "austria", "austrian",
        ],
    ),
    ("huguenot", &["huguenot", "huguenots"]),
    ("dutch", &["dutch", "netherlands"]),
    ("protestant", &["protestant", "protestants"]),
    ("ireland", &["ireland", "irish"]),
    ("papacy", &["papacy", "papal", "pope"]),
    ("portugal", &["portugal", "portuguese"]),
    ("scotland", &["scotland", "scottish", "scots"]),
    ("venice", &["venice", "venetian"]),
    ("independent", &["independent"]),
];

/// The best guess for a piece name (and its properties' values), or a comment saying why none.
pub fn guess_piece(rs: &Ruleset, name: &str, props: &[(String, String)]) -> Result<String, String> {
    let mut ws = words(name);
    for (_, v) in props {
        ws.extend(words(v));
    }
    let has = |w: &[&str]| ws.iter().any(|x| w.contains(&x.as_str()));
    let owner = OWNER_WORDS
        .iter()
        .find(|(_, w)| has(w))
        .map(|(o, _)| o.to_string());
    let count = words(name)
        .iter()
        .rev()
        .find_map(|w| w.parse::<u8>().ok())
        .filter(|c| (1..=20).contains(c))
        .unwrap_or(1);
    // leaders first: a leader's id, English name or its last word
    let key = normalize(name);
    if let Some(l) = rs.leaders.iter().find(|l| {
        normalize(&l.id) == key
            || normalize(&l.name_en) == key
            || l.name_en
                .split_whitespace()
                .last()
                .is_some_and(|w| normalize(w) == key)
    }) {
        return Ok(format!("leader:{}", l.id));
    }
    let unit = if has(&["regular", "regulars", "reg"]) {
        Some(UnitKind::Regulars)
    } else if has(&["mercenary", "mercenaries", "merc", "mercs"]) {
        Some(UnitKind::Mercenaries)
    } else if has(&["cavalry", "cav"]) {
        Some(UnitKind::Cavalry)
    } else if has(&["squadron", "squadrons", "fleet", "navalunit"]) {
        Some(UnitKind::Squadrons)
    } else if has(&["corsair", "corsairs"]) {
        Some(UnitKind::Corsairs)
    } else {
        None
    };
    if let Some(k) = unit {
        return match owner.as_deref() {
            Some("protestant") | None => Err(format!(
                "a {} counter: whose? {}:OWNER:{count} (Protestant units by faction: huguenot or dutch)",
                k.as_str(),
                k.as_str()
            )),
            Some(o) => Ok(format!("{}:{o}:{count}", k.as_str())),
        };
    }
    if has(&["unrest"]) {
        return Ok("unrest".into());
    }
    if has(&["control", "cm"]) {
        return match owner.as_deref() {
            Some("huguenot") | Some("dutch") => Ok("control:protestant".into()),
            Some(o) => Ok(format!("control:{o}")),
            None => Err("a control marker: whose? control:OWNER".into()),
        };
    }
    if has(&["fortress", "fort"]) {
        return Ok("fortress".into());
    }
    if has(&["turn"]) {
        return Ok("turn".into());
    }
    if has(&["vp"]) || (has(&["victory"]) && has(&["point", "points"])) {
        if let Some(p) = owner.as_deref().and_then(|o| o.parse::<Power>().ok()) {
            return Ok(format!("vp:{p}"));
        }
    }
    if has(&["religion", "reformation", "influence", "space", "marker"]) {
        if has(&["protestant"]) {
            return Ok("religion:protestant".into());
        }
        if has(&["catholic"]) {
            return Ok("religion:catholic".into());
        }
    }
    Err("no match: a unit, leader:ID, control:OWNER, unrest, religion:…, fortress, vp:POWER, turn or ignore".into())
}

fn q(s: &str) -> String {
    toml::Value::String(s.to_string()).to_string()
}

/// Names a save or module uses, split into pieces and cards.
#[derive(Debug, Default)]
pub struct Names {
    /// Regions of the public maps.
    pub regions: BTreeSet<String>,
    /// Piece names with their properties (of the first piece of that name).
    pub pieces: BTreeMap<String, Vec<(String, String)>>,
    /// Card names (pieces of decks and hands).
    pub cards: BTreeSet<String>,
    /// Deck names.
    pub decks: BTreeSet<String>,
    /// Hand windows.
    pub hands: BTreeSet<String>,
}

/// Collects the names of a module and of saves made with it.
pub fn names(module: &Module, saves: &[&Save]) -> Names {
    let mut n = Names::default();
    for m in &module.maps {
        if m.private {
            n.hands.insert(m.name.clone());
        } else {
            for r in &m.regions {
                if !r.name.is_empty() {
                    n.regions.insert(r.name.clone());
                }
            }
        }
    }
    for d in &module.decks {
        n.decks.insert(d.name.clone());
        for c in &d.cards {
            n.cards.insert(c.piece.name.clone());
        }
    }
    for s in saves {
        let mut in_deck = BTreeSet::new();
        for d in &s.decks {
            n.decks.insert(d.name.clone());
            in_deck.extend(d.members.iter().cloned());
        }
        for p in &s.pieces {
            let private = p
                .map
                .as_deref()
                .and_then(|m| module.map(m))
                .is_some_and(|m| m.private);
            if in_deck.contains(&p.id) || private {
                n.cards.insert(p.name.clone());
            }
        }
        for p in &s.pieces {
            if !n.cards.contains(&p.name) && !p.name.is_empty() {
                n.pieces
                    .entry(p.name.clone())
                    .or_insert_with(|| module.properties_of(p));
            }
        }
    }
    for p in &module.pieces {
        let name = &p.piece.name;
        if !name.is_empty() && !n.cards.contains(name) {
            n.pieces
                .entry(name.clone())
                .or_insert_with(|| module.properties_of(&p.piece));
        }
    }
    n
}

fn card_number(rs: &Ruleset, name: &str, props: Option<&[(String, String)]>) -> Option<u16> {
    if let Some(props) = props {
        for (k, v) in props {
            let k = normalize(k);
            if ["number", "cardnumber", "cardno", "no", "num"].contains(&k.as_str()) {
                if let Ok(n) = v.trim().parse::<u16>() {
                    if rs.card(n).is_some() {
                        return Some(n);
                    }
                }
            }
        }
    }
    let key = normalize(name);
    if let Some(c) = rs.cards.iter().find(|c| normalize(&c.name_en) == key) {
        return Some(c.number);
    }
    // "12 - Name", "#12 Name", "Card 12"
    let lead: String = name
        .trim_start_matches(|c: char| !c.is_ascii_digit() && !c.is_alphabetic())
        .chars()
        .take_while(char::is_ascii_digit)
        .collect();
    lead.parse::<u16>().ok().filter(|n| rs.card(*n).is_some())
}

/// Writes a new mapping for a module (and saves made with it), with every match found.
pub fn generate(rs: &Ruleset, module: &Module, saves: &[&Save]) -> String {
    let n = names(module, saves);
    let card_props: BTreeMap<String, Vec<(String, String)>> = module
        .decks
        .iter()
        .flat_map(|d| d.cards.iter())
        .map(|c| (c.piece.name.clone(), module.properties_of(&c.piece)))
        .collect();
    let mut out = String::new();
    out.push_str(&format!(
        "# The mapping from the VASSAL module {} {} to vqbot's ids (map_data/virgin_queen).\n\
         # Written by `vqbot vassal`; fill in every \"\" (each is listed with its line when you\n\
         # run the command again with --mapping THIS_FILE) and correct any wrong guess.\n\
         format = {MAPPING_FORMAT}\nmodule = {}\n\n",
        q(&module.name),
        q(&module.version),
        q(&module.name)
    ));
    out.push_str(
        "[position]   # what a save does not say\nscenario = \"1559\"\n\
         powers = [\"ottoman\", \"spain\", \"england\", \"france\", \"empire\", \"protestant\"]\n\
         phase = \"diplomacy\"   # diplomacy, spring_deployment, action, winter (docs/position.md)\n\
         # power = \"france\"    # whose deployment or impulse, for those phases\n\
         # turn = 1            # used when no turn marker stands on a turn:N region\n",
    );
    out.push_str(&format!(
        "snap_distance = {DEFAULT_SNAP}   # map pixels from a region's point still counted as on it\n\n"
    ));
    out.push_str(
        "[regions]   # region -> space id or sea zone id (spaces.csv, sea_zones.csv), \"turn:N\" or \"ignore\"\n",
    );
    for r in &n.regions {
        if let Some(id) = match_region(rs, r) {
            out.push_str(&format!("{} = {}\n", q(r), q(&id)));
        } else if let Some(t) = turn_box(r) {
            out.push_str(&format!("{} = \"turn:{t}\"\n", q(r)));
        } else {
            out.push_str(&format!(
                "{} = \"\"   # no match; closest: {}\n",
                q(r),
                closest(rs, r, 3).join(", ")
            ));
        }
    }
    out.push_str(
        "\n[pieces]   # piece -> regulars|mercenaries|cavalry|squadrons|corsairs:OWNER[:COUNT], leader:ID,\n\
         #            control:OWNER, unrest, religion:protestant|catholic, fortress, vp:POWER, turn,\n\
         #            empire:protestant|catholic|balanced (the Empire's secret choice), ignore\n",
    );
    for (p, props) in &n.pieces {
        match guess_piece(rs, p, props) {
            Ok(v) => out.push_str(&format!("{} = {}\n", q(p), q(&v))),
            Err(why) => out.push_str(&format!("{} = \"\"   # {why}\n", q(p))),
        }
    }
    out.push_str("\n[cards]   # card -> its number in cards.csv, or \"ignore\"\n");
    for c in &n.cards {
        match card_number(rs, c, card_props.get(c).map(Vec::as_slice)) {
            Some(num) => out.push_str(&format!("{} = {num}\n", q(c))),
            None => out.push_str(&format!("{} = \"\"   # its number?\n", q(c))),
        }
    }
    out.push_str("\n[decks]   # deck -> \"deck\", \"discard\", \"removed\" or \"ignore\"\n");
    for d in &n.decks {
        let k = normalize(d);
        let v = if k.contains("discard") {
            "discard"
        } else if k.contains("removed") || k.contains("remove") || k.contains("outofplay") {
            "removed"
        } else if k.contains("deck") || k.contains("draw") {
            "deck"
        } else {
            ""
        };
        out.push_str(&format!("{} = {}\n", q(d), q(v)));
    }
    out.push_str("\n[hands]   # hand window -> its power, or \"ignore\"\n");
    for h in &n.hands {
        let ws = words(h);
        let v = OWNER_WORDS
            .iter()
            .filter(|(o, _)| o.parse::<Power>().is_ok())
            .find(|(_, w)| ws.iter().any(|x| w.contains(&x.as_str())))
            .map(|(o, _)| *o)
            .unwrap_or("");
        out.push_str(&format!("{} = {}\n", q(h), q(v)));
    }
    out
}

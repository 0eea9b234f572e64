//! From a read save, through the mapping, to a position file (docs/position.md): every piece
//! snapped to the module's nearest named region, decks and hands to card numbers, and a
//! summary per power of what was read, placed and left out.

use std::collections::BTreeMap;

use super::mapping::{DeckTarget, Mapping, PieceKind, RegionTarget, UnitKind};
use super::module::{MapDef, Module};
use super::pieces::Piece;
use super::save::Save;
use crate::engine::power::Religion;
use crate::engine::Ruleset;

/// Units and leaders of one owner in one place.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
struct Force {
    counts: [u32; 5],
    leaders: Vec<String>,
}

#[derive(Debug, Clone, Default)]
struct Place {
    control: Option<String>,
    religion: Option<Religion>,
    unrest: bool,
    fortress: bool,
    forces: BTreeMap<String, Force>,
}

/// Counts of one power (or owner) for the summary.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct PowerCount {
    /// Land and naval units placed (counting each counter's strength).
    pub units: u32,
    /// Leaders placed.
    pub leaders: u32,
    /// Control markers placed.
    pub control: u32,
    /// Cards in hand.
    pub cards: u32,
}

/// What a conversion read and did, for a person to check against the board.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Summary {
    /// Pieces in the save (cards included).
    pub read: usize,
    /// Pieces and cards that went into the position.
    pub placed: usize,
    /// Pieces the mapping says to ignore.
    pub ignored: usize,
    /// Pieces or cards whose name the mapping does not match yet.
    pub unmatched: usize,
    /// Pieces standing on no named region (or on a region the mapping does not place).
    pub off_region: usize,
    /// Per owner.
    pub by_power: BTreeMap<String, PowerCount>,
    /// Cards in the deck, discard and removed piles.
    pub piles: [usize; 3],
}

impl Summary {
    /// The summary as lines.
    pub fn lines(&self) -> Vec<String> {
        let mut out = vec![format!(
            "pieces read {}, placed {}, ignored {}, unmatched {}, on no region {}",
            self.read, self.placed, self.ignored, self.unmatched, self.off_region
        )];
        for (p, c) in &self.by_power {
            out.push(format!(
                "  {p}: {} units, {} leaders, {} control markers, {} cards in hand",
                c.units, c.leaders, c.control, c.cards
            ));
        }
        out.push(format!(
            "  cards: {} in the deck, {} discarded, {} removed",
            self.piles[0], self.piles[1], self.piles[2]
        ));
        out
    }
}

/// The result of a conversion.
#[derive(Debug, Clone, Default)]
pub struct Converted {
    /// The position file.
    pub public: String,
    /// Its private part (the Empire's hidden choice), if the save says it.
    pub private: Option<String>,
    /// Counts.
    pub summary: Summary,
    /// One line for each thing left out or to fill in, with the mapping's file and line.
    pub notes: Vec<String>,
    /// VP markers found: power → the region they stand on (VP totals follow from the position).
    pub vp_markers: BTreeMap<String, String>,
}

fn dist2(ax: i32, ay: i32, bx: i32, by: i32) -> i64 {
    let (dx, dy) = ((ax - bx) as i64, (ay - by) as i64);
    dx * dx + dy * dy
}

/// The named region a point of `map` is on: the nearest point region within `snap` pixels, else
/// a zone whose outline holds it. Returns the name, or the nearest region and its distance.
pub fn snap(map: &MapDef, x: i32, y: i32, snap: i32) -> Result<String, Option<(String, i64)>> {
    let nearest = map
        .regions
        .iter()
        .filter(|r| r.polygon.is_empty())
        .min_by_key(|r| dist2(r.x, r.y, x, y));
    if let Some(r) = nearest {
        if dist2(r.x, r.y, x, y) <= (snap as i64) * (snap as i64) {
            return Ok(r.name.clone());
        }
    }
    if let Some(z) = map.regions.iter().find(|r| r.contains(x, y)) {
        return Ok(z.name.clone());
    }
    Err(nearest.map(|r| {
        (
            r.name.clone(),
            (dist2(r.x, r.y, x, y) as f64).sqrt().round() as i64,
        )
    }))
}

fn q(s: &str) -> String {
    toml::Value::String(s.to_string()).to_string()
}

fn list<T: ToString>(v: &[T]) -> String {
    format!(
        "[{}]",
        v.iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>()
            .join(", ")
    )
}

/// Converts a save into a position file through the mapping. `save_name` names the save in the
/// file's header.
pub fn to_position(
    rs: &Ruleset,
    module: &Module,
    save: &Save,
    mapping: &Mapping,
    save_name: &str,
) -> Converted {
    let mut c = Converted::default();
    let mut notes: Vec<String> = Vec::new();
    let mut sum = Summary {
        read: save.pieces.len(),
        ..Summary::default()
    };
    // cards: id → deck index; stack positions for pieces that carry none
    let mut deck_of: BTreeMap<&str, usize> = BTreeMap::new();
    for (i, d) in save.decks.iter().enumerate() {
        for m in &d.members {
            deck_of.insert(m.as_str(), i);
        }
    }
    let mut stack_pos: BTreeMap<&str, (Option<&str>, i32, i32)> = BTreeMap::new();
    for s in &save.stacks {
        for m in &s.members {
            stack_pos.insert(m.as_str(), (s.map.as_deref(), s.x, s.y));
        }
    }
    let mut piles: [Vec<(usize, u16)>; 3] = Default::default();
    let mut hands: BTreeMap<String, Vec<u16>> = BTreeMap::new();
    let mut places: BTreeMap<String, Place> = BTreeMap::new();
    let mut turn: Option<u8> = None;
    let mut empire: Option<String> = None;
    let mut missing: BTreeMap<(&'static str, String), usize> = BTreeMap::new();

    let card_of = |p: &Piece,
                   missing: &mut BTreeMap<(&'static str, String), usize>,
                   notes: &mut Vec<String>,
                   sum: &mut Summary|
     -> Option<u16> {
        match mapping.cards.get(&p.name) {
            Some(e) => match e.value {
                Some(Some(n)) => Some(n),
                Some(None) => {
                    sum.ignored += 1;
                    None
                }
                None => {
                    sum.unmatched += 1;
                    notes.push(format!(
                        "{}: card \"{}\" has no number yet",
                        mapping.at(e.line),
                        p.name
                    ));
                    None
                }
            },
            None => {
                sum.unmatched += 1;
                *missing.entry(("cards", p.name.clone())).or_default() += 1;
                None
            }
        }
    };

    for p in &save.pieces {
        // a card in a deck
        if let Some(&di) = deck_of.get(p.id.as_str()) {
            let deck = &save.decks[di];
            let order = deck.members.iter().position(|m| *m == p.id).unwrap_or(0);
            let target = match mapping.decks.get(&deck.name) {
                Some(e) => match e.value {
                    Some(t) => Some(t),
                    None => {
                        notes.push(format!(
                            "{}: deck \"{}\" is not mapped yet; its cards are left out",
                            mapping.at(e.line),
                            deck.name
                        ));
                        None
                    }
                },
                None => {
                    *missing.entry(("decks", deck.name.clone())).or_default() += 1;
                    None
                }
            };
            let Some(target) = target else {
                sum.unmatched += 1;
                continue;
            };
            if target == DeckTarget::Ignore {
                sum.ignored += 1;
                continue;
            }
            if let Some(n) = card_of(p, &mut missing, &mut notes, &mut sum) {
                let k = match target {
                    DeckTarget::Deck => 0,
                    DeckTarget::Discard => 1,
                    _ => 2,
                };
                piles[k].push((order, n));
                sum.placed += 1;
            }
            continue;
        }
        let (map_name, x, y) = match (&p.map, stack_pos.get(p.id.as_str())) {
            (Some(m), _) => (Some(m.as_str()), p.x, p.y),
            (None, Some(&(m, x, y))) => (m, x, y),
            (None, None) => (None, p.x, p.y),
        };
        let map = map_name.and_then(|m| module.map(m));
        // a card (or marker) in a hand window
        if let Some(m) = map.filter(|m| m.private) {
            let is_piece = mapping.pieces.get(&p.name).and_then(|e| e.value.clone());
            if let Some(PieceKind::Empire(choice)) = is_piece {
                empire = Some(choice);
                sum.placed += 1;
                continue;
            }
            let power = match mapping.hands.get(&m.name) {
                Some(e) => match &e.value {
                    Some(Some(pw)) => Some(pw.clone()),
                    Some(None) => {
                        sum.ignored += 1;
                        continue;
                    }
                    None => {
                        notes.push(format!(
                            "{}: hand \"{}\" has no power yet; its cards are left out",
                            mapping.at(e.line),
                            m.name
                        ));
                        None
                    }
                },
                None => {
                    *missing.entry(("hands", m.name.clone())).or_default() += 1;
                    None
                }
            };
            let Some(power) = power else {
                sum.unmatched += 1;
                continue;
            };
            if let Some(n) = card_of(p, &mut missing, &mut notes, &mut sum) {
                hands.entry(power.clone()).or_default().push(n);
                sum.by_power.entry(power).or_default().cards += 1;
                sum.placed += 1;
            }
            continue;
        }
        // a piece on a map
        let kind = match mapping.pieces.get(&p.name) {
            Some(e) => match &e.value {
                Some(k) => k.clone(),
                None => {
                    sum.unmatched += 1;
                    notes.push(format!(
                        "{}: piece \"{}\" is not mapped yet",
                        mapping.at(e.line),
                        p.name
                    ));
                    continue;
                }
            },
            None if mapping.cards.contains_key(&p.name) => {
                sum.ignored += 1;
                notes.push(format!(
                    "card \"{}\" lies on the map {}, in no deck or hand: left out",
                    p.name,
                    map_name.unwrap_or("(none)")
                ));
                continue;
            }
            None => {
                sum.unmatched += 1;
                *missing.entry(("pieces", p.name.clone())).or_default() += 1;
                continue;
            }
        };
        if kind == PieceKind::Ignore {
            sum.ignored += 1;
            continue;
        }
        if let PieceKind::Empire(choice) = &kind {
            empire = Some(choice.clone());
            sum.placed += 1;
            continue;
        }
        let Some(map) = map else {
            sum.off_region += 1;
            notes.push(format!(
                "piece \"{}\" (id {}) is on no map{}: left out",
                p.name,
                p.id,
                map_name
                    .map(|m| format!(" the module knows (`{m}`)"))
                    .unwrap_or_default()
            ));
            continue;
        };
        let region = match snap(map, x, y, mapping.snap_distance) {
            Ok(r) => r,
            Err(near) => {
                sum.off_region += 1;
                notes.push(format!(
                    "piece \"{}\" at ({x}, {y}) on {} is on no region{}: left out",
                    p.name,
                    map.name,
                    near.map(|(n, d)| format!(
                        " (nearest: \"{n}\", {d} px away; snap_distance is {})",
                        mapping.snap_distance
                    ))
                    .unwrap_or_default()
                ));
                continue;
            }
        };
        let target = match mapping.regions.get(&region) {
            Some(e) => match &e.value {
                Some(t) => t.clone(),
                None => {
                    sum.off_region += 1;
                    notes.push(format!(
                        "{}: region \"{region}\" is not mapped yet; piece \"{}\" on it is left out",
                        mapping.at(e.line),
                        p.name
                    ));
                    continue;
                }
            },
            None => {
                sum.off_region += 1;
                *missing.entry(("regions", region.clone())).or_default() += 1;
                continue;
            }
        };
        if let PieceKind::Vp(power) = &kind {
            c.vp_markers.insert(power.clone(), region.clone());
            sum.placed += 1;
            continue;
        }
        if kind == PieceKind::Turn {
            match target {
                RegionTarget::Turn(t) => {
                    turn = Some(t);
                    sum.placed += 1;
                }
                _ => {
                    sum.off_region += 1;
                    notes.push(format!(
                        "the turn marker stands on \"{region}\", which the mapping does not call turn:N"
                    ));
                }
            }
            continue;
        }
        let (id, at_sea) = match &target {
            RegionTarget::Space(s) => (s.clone(), false),
            RegionTarget::Sea(s) => (s.clone(), true),
            RegionTarget::Turn(_) | RegionTarget::Ignore => {
                sum.off_region += 1;
                notes.push(format!(
                    "piece \"{}\" stands on \"{region}\", which is not a space or sea zone: left out",
                    p.name
                ));
                continue;
            }
        };
        let key = if at_sea { format!("~{id}") } else { id.clone() };
        let place = places.entry(key).or_default();
        match kind {
            PieceKind::Unit { kind, owner, count } => {
                let i = match kind {
                    UnitKind::Regulars => 0,
                    UnitKind::Mercenaries => 1,
                    UnitKind::Cavalry => 2,
                    UnitKind::Squadrons => 3,
                    UnitKind::Corsairs => 4,
                };
                place.forces.entry(owner.clone()).or_default().counts[i] += count as u32;
                sum.by_power.entry(owner).or_default().units += count as u32;
            }
            PieceKind::Leader(l) => {
                let owner = rs
                    .leaders
                    .iter()
                    .find(|x| x.id == l)
                    .map(|x| match x.faction {
                        Some(f) => f.as_str().to_string(),
                        None => x.power.as_str().to_string(),
                    })
                    .unwrap_or_default();
                place
                    .forces
                    .entry(owner.clone())
                    .or_default()
                    .leaders
                    .push(l);
                sum.by_power.entry(owner).or_default().leaders += 1;
            }
            PieceKind::Control(o) => {
                if let Some(prev) = place.control.replace(o.clone()) {
                    if prev != o {
                        notes.push(format!(
                            "{id}: control markers of both {prev} and {o}; {o} is written"
                        ));
                    }
                }
                sum.by_power.entry(o).or_default().control += 1;
            }
            PieceKind::Unrest => place.unrest = true,
            PieceKind::Religion(r) => place.religion = Some(r),
            PieceKind::Fortress => place.fortress = true,
            PieceKind::Vp(_) | PieceKind::Turn | PieceKind::Empire(_) | PieceKind::Ignore => {}
        }
        sum.placed += 1;
    }
    for ((section, name), n) in &missing {
        notes.push(format!(
            "{}: \"{name}\" ({n} in the save) has no line under [{section}]; add one",
            mapping.section_at(section)
        ));
    }
    for (i, p) in piles.iter_mut().enumerate() {
        p.sort();
        sum.piles[i] = p.len();
    }

    // ---- the position file
    let mut t = String::new();
    t.push_str(&format!(
        "# Written by `vqbot vassal position` from {} (module {} {}), mapping {}.\n\
         # Check it with `vqbot position check`; what the save does not hold (relations, VP from\n\
         # events, the phase) comes from the mapping's [position] or is the default.\n",
        save_name, module.name, module.version, mapping.file
    ));
    t.push_str(&format!(
        "format = 1\nscenario = {}\npowers = {}\n\n[turn]\nnumber = {}\nphase = {}\n",
        q(&mapping.scenario),
        list(&mapping.powers.iter().map(|p| q(p)).collect::<Vec<_>>()),
        turn.or(mapping.turn).unwrap_or(1),
        q(&mapping.phase)
    ));
    if let Some(p) = &mapping.power {
        t.push_str(&format!("power = {}\n", q(p)));
    }
    if empire.is_some() {
        t.push_str("\n[empire]\nsecret = \"chosen\"\n");
    }
    if piles.iter().any(|p| !p.is_empty()) {
        t.push_str("\n[cards]\n");
        for (i, k) in ["deck", "discard", "removed"].iter().enumerate() {
            if !piles[i].is_empty() {
                let nums: Vec<u16> = piles[i].iter().map(|(_, n)| *n).collect();
                t.push_str(&format!("{k} = {}\n", list(&nums)));
            }
        }
    }
    if !hands.is_empty() {
        t.push_str("\n[hands]\n");
        for (p, cards) in &hands {
            t.push_str(&format!("{p} = {}\n", list(cards)));
        }
    }
    let units_of = |forces: &BTreeMap<String, Force>| -> String {
        let mut parts = Vec::new();
        for (owner, f) in forces {
            let mut u = vec![format!("owner = {}", q(owner))];
            for (i, k) in [
                "regulars",
                "mercenaries",
                "cavalry",
                "squadrons",
                "corsairs",
            ]
            .iter()
            .enumerate()
            {
                if f.counts[i] > 0 {
                    u.push(format!("{k} = {}", f.counts[i]));
                }
            }
            if !f.leaders.is_empty() {
                u.push(format!(
                    "leaders = {}",
                    list(&f.leaders.iter().map(|l| q(l)).collect::<Vec<_>>())
                ));
            }
            parts.push(format!("{{ {} }}", u.join(", ")));
        }
        list(&parts)
    };
    for sp in &rs.spaces {
        let Some(pl) = places.get(&sp.id) else {
            continue;
        };
        t.push_str(&format!("\n[[space]]\nid = {}\n", q(&sp.id)));
        if let Some(cn) = &pl.control {
            t.push_str(&format!("control = {}\n", q(cn)));
        }
        if let Some(r) = pl.religion {
            t.push_str(&format!("religion = {}\n", q(r.as_str())));
        }
        if pl.unrest {
            t.push_str("unrest = true\n");
        }
        if pl.fortress {
            t.push_str("fortress_built = true\n");
        }
        if !pl.forces.is_empty() {
            t.push_str(&format!("units = {}\n", units_of(&pl.forces)));
        }
    }
    for z in &rs.sea_zones {
        let Some(pl) = places.get(&format!("~{}", z.id)) else {
            continue;
        };
        if pl.forces.is_empty() {
            continue;
        }
        t.push_str(&format!(
            "\n[[sea]]\nid = {}\nunits = {}\n",
            q(&z.id),
            units_of(&pl.forces)
        ));
    }
    c.public = t;
    c.private = empire.map(|choice| format!("format = 1\n\n[empire]\nchoice = {}\n", q(&choice)));
    c.summary = sum;
    c.notes = notes;
    c
}

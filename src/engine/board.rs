//! The state of the map: control markers, religion, unrest, forces and diplomacy.
//!
//! Control and religion are stored as one optional marker per space (R-MARKER); a space without a
//! marker is controlled by its home power and shows its printed religion (R-CONTROL-DEFAULT,
//! R-REL-STATE). Every change goes through [`Board::set_control`] / [`Board::set_religion`], which
//! keep that invariant: a marker exists exactly when control or religion differs from the print.

use super::power::{Faction, Minor, Owner, Power, Relation, Religion, ReligiousZone, SpaceType};
use super::refusal::Refusal;
use super::ruleset::{Ruleset, Scenario, SpaceId};
use serde::{Deserialize, Serialize};

/// A control marker: who controls the space and which religion it shows (R-MARKER).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Marker {
    /// The controlling power.
    pub owner: Owner,
    /// The marker's face.
    pub religion: Religion,
}

/// Units of one owner in one space.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Force {
    /// Whose units.
    pub owner: Option<Owner>,
    /// For Protestant units, the faction (R-PROT-POOL).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub faction: Option<Faction>,
    /// Regular land units.
    #[serde(default)]
    pub regulars: u8,
    /// Mercenaries.
    #[serde(default)]
    pub mercenaries: u8,
    /// Cavalry.
    #[serde(default)]
    pub cavalry: u8,
    /// Naval squadrons.
    #[serde(default)]
    pub squadrons: u8,
    /// Leaders (ids), army and naval.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub leaders: Vec<String>,
    /// Ottoman corsairs (C-PIRACY, C-NAVAL-COMBAT); absent from the JSON when none.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub corsairs: u8,
}

fn is_zero(n: &u8) -> bool {
    *n == 0
}

impl Force {
    /// An empty force of `owner` (and faction, for Protestant units).
    pub fn new(owner: Owner, faction: Option<Faction>) -> Force {
        Force {
            owner: Some(owner),
            faction,
            ..Force::default()
        }
    }
    /// The owner (independent if unset).
    pub fn owner(&self) -> Owner {
        self.owner.unwrap_or(Owner::Independent)
    }
    /// Land units (regulars, mercenaries, cavalry).
    pub fn land(&self) -> u32 {
        self.regulars as u32 + self.mercenaries as u32 + self.cavalry as u32
    }
    /// Whether nothing is left.
    pub fn is_empty(&self) -> bool {
        self.land() == 0 && self.squadrons == 0 && self.corsairs == 0 && self.leaders.is_empty()
    }
    /// Ships (squadrons and corsairs).
    pub fn ships(&self) -> u32 {
        self.squadrons as u32 + self.corsairs as u32
    }

    // --- ops: bounded unit counters
    /// Whether `regulars`, `mercenaries`, `cavalry` and `squadrons` more still leave this force
    /// within [`MAX_UNITS`] of each kind.
    pub fn has_room(&self, regulars: u8, mercenaries: u8, cavalry: u8, squadrons: u8) -> bool {
        [
            (self.regulars, regulars),
            (self.mercenaries, mercenaries),
            (self.cavalry, cavalry),
            (self.squadrons, squadrons),
        ]
        .iter()
        .all(|(have, add)| u16::from(*have) + u16::from(*add) <= u16::from(MAX_UNITS))
    }

    /// Adds units without passing [`MAX_UNITS`] of a kind: the bound is enforced where units
    /// enter a force by a player's action (adjust, raise, move, deploy), which refuse beyond it;
    /// automatic merges (winter quarters, retreats, returns from foreign wars) stop at it too,
    /// so no path holds more (issue 28). Returns whether every unit fitted.
    pub fn add_units(&mut self, regulars: u8, mercenaries: u8, cavalry: u8, squadrons: u8) -> bool {
        let fits = self.has_room(regulars, mercenaries, cavalry, squadrons);
        let add = |have: u8, more: u8| have.saturating_add(more).min(MAX_UNITS.max(have));
        self.regulars = add(self.regulars, regulars);
        self.mercenaries = add(self.mercenaries, mercenaries);
        self.cavalry = add(self.cavalry, cavalry);
        self.squadrons = add(self.squadrons, squadrons);
        fits
    }

    /// Whether some unit count of this force is past [`MAX_UNITS`].
    pub fn over_bound(&self) -> bool {
        [
            self.regulars,
            self.mercenaries,
            self.cavalry,
            self.squadrons,
            self.corsairs,
        ]
        .iter()
        .any(|n| *n > MAX_UNITS)
    }
}

/// The most units of one kind (regulars, mercenaries, cavalry, squadrons) that one force may
/// hold in one space. The physical game has far fewer counters; the bound only keeps a typed
/// `adjust` from reaching the limits of the counters' 8-bit storage, where additions would
/// wrap around. Actions that would go past it are refused ([`Refusal::UnitLimit`]).
pub const MAX_UNITS: u8 = 99;

/// Per-space state.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct SpaceState {
    /// Control marker, present only where control or religion differs from the print.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub marker: Option<Marker>,
    /// Unrest.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub unrest: bool,
    /// A fortress built during play (R-SPACE-FORTRESS).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub fortress_built: bool,
    /// The power besieging this space, if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub besieged_by: Option<Power>,
    /// Units here, one entry per owner (and Protestant faction).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub forces: Vec<Force>,
}

/// The whole map and diplomatic situation.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Board {
    /// One entry per ruleset space.
    pub spaces: Vec<SpaceState>,
    /// Status between majors, indexed by power; symmetric, the diagonal unused.
    pub relations: [[Relation; 6]; 6],
    /// The major each minor is allied to, if any (indexed by [`Minor`]).
    pub minor_allies: [Option<Power>; 5],
    /// Current capitals of each major (indexed by [`Power`]); Protestant capitals are declared.
    pub capitals: [Vec<SpaceId>; 6],
    /// The Protestant's declared capitals, Huguenot then Dutch (R-PROT-CAPITAL).
    pub protestant_capitals: [Option<SpaceId>; 2],
    // --- naval warfare
    /// Naval units at sea, by sea-zone id (`super::naval`); absent from the JSON when none.
    #[serde(default, skip_serializing_if = "std::collections::BTreeMap::is_empty")]
    pub seas: std::collections::BTreeMap<String, Vec<Force>>,
    // --- diplomacy (C-DIP-WAR-LIMITS)
    /// Wars declared by a major on a minor that has no ally; absent from the JSON when none.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub minor_wars: Vec<(Power, Minor)>,
}

/// How an element stands relative to the active power (R-CONTROL-TERMS).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Stance {
    /// Controlled by the power or an ally.
    Friendly,
    /// Controlled by a power at war with it.
    Enemy,
    /// Controlled by a power neither allied nor at war with it.
    Neutral,
    /// Controlled by no major or minor power.
    Independent,
}

/// The shape of a control marker (R-MARKER).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum MarkerShape {
    /// Square, on keys.
    Square,
    /// Hexagon, everywhere else.
    Hex,
}

/// What a space's marker looks like, for views and rendering.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct MarkerLook {
    /// Square or hex.
    pub shape: MarkerShape,
    /// Power shown.
    pub owner: Owner,
    /// Face shown.
    pub religion: Religion,
    /// For a Protestant marker, the faction's marker used (R-PROT-KEYS, R-PROT-HEX).
    pub faction: Option<Faction>,
}

impl Board {
    /// The board at a scenario's start: default control everywhere, then the scenario's setup.
    pub fn new(rs: &Ruleset, sc: &Scenario) -> Board {
        let mut b = Board {
            spaces: vec![SpaceState::default(); rs.spaces.len()],
            relations: [[Relation::Peace; 6]; 6],
            minor_allies: [None; 5],
            capitals: Default::default(),
            protestant_capitals: [None, None],
            seas: Default::default(),
            minor_wars: Vec::new(),
        };
        for p in Power::ALL {
            b.capitals[*p as usize] = rs.capitals(*p);
        }
        for row in &sc.setup {
            if let Some(o) = row.controller {
                b.set_control(rs, row.space, o);
            }
            if let Some(r) = row.religion {
                b.force_religion(rs, row.space, r);
            }
            b.spaces[row.space.idx()].unrest = row.unrest;
        }
        for u in &sc.units {
            let f = b.force_mut(u.space, u.owner, u.faction);
            f.regulars += u.regulars;
            f.mercenaries += u.mercenaries;
            f.cavalry += u.cavalry;
            f.squadrons += u.squadrons;
            f.leaders.extend(u.leaders.iter().cloned());
        }
        // --- diplomacy: relations at the scenario's start (`relations.csv`)
        for (id, r) in &rs.turn.relations {
            if id != &sc.id {
                continue;
            }
            match *r {
                super::turn_data::StartRelation::Majors(a, c, rel) => b.set_relation(a, c, rel),
                super::turn_data::StartRelation::MinorAlly(p, m) => b.set_minor_ally(m, Some(p)),
            }
        }
        b
    }

    /// The state of one space.
    pub fn at(&self, s: SpaceId) -> &SpaceState {
        &self.spaces[s.idx()]
    }

    /// Who controls a space: the marker's power, else the home power (R-CONTROL-DEFAULT).
    pub fn controller(&self, rs: &Ruleset, s: SpaceId) -> Owner {
        self.at(s)
            .marker
            .map_or_else(|| rs.space(s).home.owner(), |m| m.owner)
    }

    /// Sets political control, placing or removing the marker as needed (R-CONTROL-DEFAULT).
    pub fn set_control(&mut self, rs: &Ruleset, s: SpaceId, owner: Owner) {
        let religion = self.religion(rs, s);
        self.put_marker(rs, s, owner, religion);
    }

    /// The space's religion: the marker's face, else the print (R-REL-STATE); spaces outside the
    /// four zones always keep their printed religion (R-REL-OUTSIDE).
    pub fn religion(&self, rs: &Ruleset, s: SpaceId) -> Religion {
        let sp = rs.space(s);
        if sp.zone == ReligiousZone::None {
            return sp.religion;
        }
        self.at(s).marker.map_or(sp.religion, |m| m.religion)
    }

    /// Changes a space's religion. Refused outside the four zones (R-REL-OUTSIDE).
    pub fn set_religion(
        &mut self,
        rs: &Ruleset,
        s: SpaceId,
        religion: Religion,
    ) -> Result<(), Refusal> {
        if rs.space(s).zone == ReligiousZone::None {
            return Err(Refusal::ReligionFixed { space: s });
        }
        self.force_religion(rs, s, religion);
        Ok(())
    }

    fn force_religion(&mut self, rs: &Ruleset, s: SpaceId, religion: Religion) {
        let owner = self.controller(rs, s);
        self.put_marker(rs, s, owner, religion);
    }

    fn put_marker(&mut self, rs: &Ruleset, s: SpaceId, owner: Owner, religion: Religion) {
        let sp = rs.space(s);
        let printed = sp.religion;
        let shows_print = religion == printed || sp.zone == ReligiousZone::None;
        self.spaces[s.idx()].marker = if owner == sp.home.owner() && shows_print {
            None
        } else {
            Some(Marker { owner, religion })
        };
    }

    /// The marker a space shows, if any (R-MARKER, R-PROT-KEYS, R-PROT-HEX).
    pub fn marker_look(&self, rs: &Ruleset, s: SpaceId) -> Option<MarkerLook> {
        let m = self.at(s).marker?;
        let sp = rs.space(s);
        let shape = if sp.kind == SpaceType::Key {
            MarkerShape::Square
        } else {
            MarkerShape::Hex
        };
        let faction =
            (m.owner == Owner::Major(Power::Protestant)).then(|| protestant_marker_faction(rs, s));
        Some(MarkerLook {
            shape,
            owner: m.owner,
            religion: self.religion(rs, s),
            faction,
        })
    }

    /// The space's effective type: an unfortified space with a built fortress is a fortress.
    pub fn space_type(&self, rs: &Ruleset, s: SpaceId) -> SpaceType {
        let k = rs.space(s).kind;
        if k == SpaceType::Unfortified && self.at(s).fortress_built {
            SpaceType::Fortress
        } else {
            k
        }
    }

    /// Status between two majors.
    pub fn relation(&self, a: Power, b: Power) -> Relation {
        if a == b {
            return Relation::Alliance;
        }
        self.relations[a as usize][b as usize]
    }

    /// Sets the status between two majors (symmetric).
    pub fn set_relation(&mut self, a: Power, b: Power, r: Relation) {
        if a != b {
            self.relations[a as usize][b as usize] = r;
            self.relations[b as usize][a as usize] = r;
        }
    }

    /// The major a minor is allied to.
    pub fn minor_ally(&self, m: Minor) -> Option<Power> {
        self.minor_allies[m as usize]
    }

    /// Allies a minor with a major, or makes it inactive with `None`.
    pub fn set_minor_ally(&mut self, m: Minor, p: Option<Power>) {
        self.minor_allies[m as usize] = p;
    }

    /// How `owner` stands relative to the active power `active` (R-CONTROL-TERMS). A minor counts
    /// as its major ally; an inactive minor is neutral to everyone.
    pub fn stance(&self, active: Power, owner: Owner) -> Stance {
        let major = match owner {
            Owner::Independent => return Stance::Independent,
            Owner::Major(p) => p,
            Owner::Minor(m) => match self.minor_ally(m) {
                Some(p) => p,
                // C-DIP-WAR-LIMITS: a minor with no ally is an enemy only of who declared war on it.
                None if self.minor_wars.contains(&(active, m)) => return Stance::Enemy,
                None => return Stance::Neutral,
            },
        };
        match self.relation(active, major) {
            Relation::Alliance => Stance::Friendly,
            Relation::War => Stance::Enemy,
            Relation::Peace => Stance::Neutral,
        }
    }

    /// How a space stands relative to the active power (R-CONTROL-TERMS).
    pub fn space_stance(&self, rs: &Ruleset, active: Power, s: SpaceId) -> Stance {
        self.stance(active, self.controller(rs, s))
    }

    /// Whether `p` counts as controlling the space: it controls it itself, or the space is a home
    /// space of a minor allied to `p` (R-CONTROL-SET).
    pub fn controls(&self, rs: &Ruleset, p: Power, s: SpaceId) -> bool {
        match self.controller(rs, s) {
            Owner::Major(q) => q == p,
            Owner::Minor(m) => self.minor_ally(m) == Some(p),
            Owner::Independent => false,
        }
    }

    /// Every space `p` controls (R-CONTROL-SET).
    pub fn controlled_spaces(&self, rs: &Ruleset, p: Power) -> Vec<SpaceId> {
        rs.space_ids()
            .filter(|s| self.controls(rs, p, *s))
            .collect()
    }

    /// The keys `p` controls.
    pub fn keys_held(&self, rs: &Ruleset, p: Power) -> Vec<SpaceId> {
        rs.space_ids()
            .filter(|s| rs.space(*s).kind == SpaceType::Key && self.controls(rs, p, *s))
            .collect()
    }

    /// The force of `owner` (and faction) in a space, created if missing.
    pub fn force_mut(&mut self, s: SpaceId, owner: Owner, faction: Option<Faction>) -> &mut Force {
        let forces = &mut self.spaces[s.idx()].forces;
        let i = match forces
            .iter()
            .position(|f| f.owner() == owner && f.faction == faction)
        {
            Some(i) => i,
            None => {
                forces.push(Force::new(owner, faction));
                forces.sort_by_key(|f| (f.owner(), f.faction));
                forces
                    .iter()
                    .position(|f| f.owner() == owner && f.faction == faction)
                    .unwrap_or(0)
            }
        };
        &mut forces[i]
    }

    /// The first place (space index or sea zone) where a force holds more than [`MAX_UNITS`]
    /// of a kind: a state no path may produce, checked when a stored state is loaded.
    pub fn over_bound(&self) -> Option<String> {
        for (i, sp) in self.spaces.iter().enumerate() {
            if sp.forces.iter().any(Force::over_bound) {
                return Some(format!("space #{i}"));
            }
        }
        self.seas
            .iter()
            .find(|(_, fs)| fs.iter().any(Force::over_bound))
            .map(|(z, _)| z.clone())
    }

    /// Drops empty forces in a space.
    pub fn tidy(&mut self, s: SpaceId) {
        self.spaces[s.idx()].forces.retain(|f| !f.is_empty());
    }

    /// Refuses ([`Refusal::UnitLimit`]) when `owner`'s units in `s` (its Protestant factions
    /// counted together) plus the given ones would pass [`MAX_UNITS`] of some kind.
    pub fn check_room(
        &self,
        s: SpaceId,
        owner: Owner,
        regulars: u8,
        mercenaries: u8,
        cavalry: u8,
    ) -> Result<(), Refusal> {
        let mut have = Force::new(owner, None);
        for f in self.at(s).forces.iter().filter(|f| f.owner() == owner) {
            have.add_units(f.regulars, f.mercenaries, f.cavalry, 0);
        }
        if have.has_room(regulars, mercenaries, cavalry, 0) {
            Ok(())
        } else {
            Err(Refusal::UnitLimit {
                space: s,
                max: MAX_UNITS,
            })
        }
    }

    /// Land units in a space whose owner stands as `stance` to `active`.
    pub fn land_units(&self, active: Power, s: SpaceId, stance: Stance) -> u32 {
        self.at(s)
            .forces
            .iter()
            .filter(|f| self.stance(active, f.owner()) == stance)
            .map(Force::land)
            .sum()
    }

    /// The owners with units in a space.
    pub fn owners_in(&self, s: SpaceId) -> Vec<Owner> {
        let mut v: Vec<Owner> = self.at(s).forces.iter().map(Force::owner).collect();
        v.dedup();
        v
    }
}

/// The Protestant marker used in a space: Dutch square markers on Amsterdam, Antwerp and Brussels;
/// Huguenot square markers on every other key (R-PROT-KEYS); on non-keys the two hex markers are
/// interchangeable (R-PROT-HEX), and we show the faction of the space's zone.
pub fn protestant_marker_faction(rs: &Ruleset, s: SpaceId) -> Faction {
    let sp = rs.space(s);
    if sp.kind == SpaceType::Key {
        if DUTCH_KEYS.contains(&sp.id.as_str()) {
            Faction::Dutch
        } else {
            Faction::Huguenot
        }
    } else if sp.zone == ReligiousZone::Netherlands {
        Faction::Dutch
    } else {
        Faction::Huguenot
    }
}

/// The three keys that take Dutch square markers (R-PROT-KEYS).
pub const DUTCH_KEYS: [&str; 3] = ["AMSTERDAM", "ANTWERP", "BRUSSELS"];

//! The game's content as the engine sees it: map, powers, scenarios, cards and tables.
//!
//! A [`Ruleset`] is built by `crate::data` from `map_data/` and never changes during a game.
//! Spaces are addressed by [`SpaceId`], their index in [`Ruleset::spaces`].

use super::power::{
    Faction, Home, LinkKind, Minor, Owner, Power, Religion, ReligiousZone, Source, SpaceType,
};
use serde::{Deserialize, Serialize};
use std::collections::HashMap;

/// Index of a Europe space in [`Ruleset::spaces`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct SpaceId(pub u16);

impl SpaceId {
    /// The index as `usize`.
    pub fn idx(self) -> usize {
        self.0 as usize
    }
}

/// A printed Europe space.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Space {
    /// Identifier (`PARIS`).
    pub id: String,
    /// English name.
    pub name_en: String,
    /// Russian name.
    pub name_ru: String,
    /// Printed shape.
    pub kind: SpaceType,
    /// The major whose capital this is at the scenario start.
    pub capital_of: Option<Power>,
    /// Home power (R-SPACE-HOME).
    pub home: Home,
    /// Religious struggle zone (R-REL-ZONES).
    pub zone: ReligiousZone,
    /// Printed religion (R-REL-STATE).
    pub religion: Religion,
    /// VP printed for a key, where known.
    pub vp: Option<u8>,
    /// Sea zones this port borders; empty for an inland space (R-MAP-PORTS).
    pub ports: Vec<String>,
    /// Map position on the Europe canvas.
    pub pos: (f32, f32),
    /// Manual label offset.
    pub label_offset: Option<(f32, f32)>,
    /// Provenance.
    pub source: Source,
    /// Russian case forms of the name (empty: the nominative is used).
    #[serde(default)]
    pub ru: RuForms,
}

/// Russian case forms of a name, for messages ("из Мадрида в Наварру"); an empty form falls back
/// to the nominative `name_ru`.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct RuForms {
    /// Genitive (кого? чего?).
    pub gen: String,
    /// Accusative (кого? что?).
    pub acc: String,
    /// Instrumental (кем? чем?).
    pub ins: String,
    /// Prepositional (о ком? о чём?).
    pub pre: String,
    /// The preposition of place: `на` for islands (на Мальте, с Мальты); empty for `в`/`из`.
    pub prep: String,
    /// The grammatical gender (`m`, `f`, `n`, `pl`) where the name's ending misleads (Булонь is
    /// feminine); empty: read from the ending.
    #[serde(default)]
    pub gender: String,
}

impl Space {
    /// Whether the space is a port.
    pub fn is_port(&self) -> bool {
        !self.ports.is_empty()
    }
}

/// A land connection between two spaces.
#[derive(Debug, Clone, Copy, Serialize, Deserialize)]
pub struct Link {
    /// One end.
    pub a: SpaceId,
    /// Other end.
    pub b: SpaceId,
    /// Normal or pass.
    pub kind: LinkKind,
}

/// A Europe sea zone.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct SeaZone {
    /// Identifier.
    pub id: String,
    /// English name.
    pub name_en: String,
    /// Russian name.
    pub name_ru: String,
    /// Neighbouring sea zones (ids).
    pub adjacent: Vec<String>,
    /// Label position.
    pub pos: (f32, f32),
    /// Provenance.
    pub source: Source,
    /// Russian case forms of the name (`ru_cases.csv`; empty: the nominative is used).
    #[serde(default)]
    pub ru: RuForms,
}

/// Land beyond the spaces at the map's edges (the hinterland no space stands on), drawn so
/// the map shows no sea where there is land (`land.csv`; issue 30, item 13).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct LandArea {
    /// Identifier.
    pub id: String,
    /// The outline, Europe-canvas pixels.
    pub outline: Vec<(f32, f32)>,
    /// Provenance.
    pub source: Source,
}

/// Kind of a world-map element.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum WorldKind {
    /// A settlement (triangle).
    Settlement,
    /// An ocean zone.
    Ocean,
}

/// A settlement or ocean zone on the world map (R-MAP-WORLD).
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct WorldElement {
    /// Identifier.
    pub id: String,
    /// Settlement or ocean zone.
    pub kind: WorldKind,
    /// English name.
    pub name_en: String,
    /// Russian name.
    pub name_ru: String,
    /// For a settlement, the one ocean zone it borders.
    pub ocean: Option<String>,
    /// For an ocean zone, its neighbouring ocean zones.
    pub adjacent: Vec<String>,
    /// Position on the world inset.
    pub pos: (f32, f32),
    /// Provenance.
    pub source: Source,
}

/// Whether a power row is a major, a Protestant faction or a minor.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum PowerKind {
    /// Major power.
    Major,
    /// Protestant faction.
    Faction,
    /// Minor power.
    Minor,
}

/// Display data of a power, faction or minor.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct PowerInfo {
    /// Lower-case id.
    pub id: String,
    /// Major, faction or minor.
    pub kind: PowerKind,
    /// English name.
    pub name_en: String,
    /// Russian name.
    pub name_ru: String,
    /// Marker colour.
    pub color: (u8, u8, u8),
    /// A space that becomes the capital during play.
    pub later_capital: Option<SpaceId>,
    /// Provenance.
    pub source: Source,
    /// Russian case forms of the name (empty: the nominative is used).
    #[serde(default)]
    pub ru: RuForms,
    /// Other names players may type (`hre`, `империя`), lower case.
    #[serde(default)]
    pub aliases: Vec<String>,
}

/// A scenario.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Scenario {
    /// Identifier (`1559`).
    pub id: String,
    /// English name.
    pub name_en: String,
    /// Russian name.
    pub name_ru: String,
    /// First turn played.
    pub first_turn: u8,
    /// Last turn played.
    pub last_turn: u8,
    /// Control and religion that differ from the defaults at the start.
    pub setup: Vec<SetupRow>,
    /// Starting forces.
    pub units: Vec<UnitRow>,
}

/// A starting difference from default control and religion.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct SetupRow {
    /// The space.
    pub space: SpaceId,
    /// Controller, if not the home power.
    pub controller: Option<Owner>,
    /// Religion, if not the printed one.
    pub religion: Option<Religion>,
    /// Unrest at start.
    pub unrest: bool,
}

/// Starting forces in one space.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct UnitRow {
    /// Where.
    pub space: SpaceId,
    /// Whose.
    pub owner: Owner,
    /// For Protestant units, the faction.
    pub faction: Option<Faction>,
    /// Regular land units.
    pub regulars: u8,
    /// Mercenaries.
    pub mercenaries: u8,
    /// Cavalry.
    pub cavalry: u8,
    /// Naval squadrons.
    pub squadrons: u8,
    /// Leader ids.
    pub leaders: Vec<String>,
}

/// Army or naval leader.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum LeaderKind {
    /// Commands land units.
    Army,
    /// Commands squadrons.
    Naval,
}

/// A leader.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Leader {
    /// Identifier.
    pub id: String,
    /// Owning power.
    pub power: Power,
    /// For Protestant leaders, the faction (R-PROT-LEADERS).
    pub faction: Option<Faction>,
    /// Army or naval.
    pub kind: LeaderKind,
    /// English name.
    pub name_en: String,
    /// Russian name.
    pub name_ru: String,
    /// Battle rating (extra dice).
    pub battle: u8,
    /// Command rating (units led).
    pub command: u8,
    /// Turn of entry, if by turn.
    pub enters_turn: Option<u8>,
    /// Provenance.
    pub source: Source,
    // --- map labels (leader_names.csv)
    /// Short English name for unit counters on the map; empty: not given.
    #[serde(default)]
    pub short_en: String,
    /// Short Russian name for unit counters on the map; empty: not given.
    #[serde(default)]
    pub short_ru: String,
    // --- naval warfare (leader_piracy.csv)
    /// Piracy rating (C-PIRACY): extra piracy dice; 0 when not given.
    #[serde(default, skip_serializing_if = "is_zero_u8")]
    pub piracy: u8,
    /// Russian case forms of the name (`ru_cases.csv`; empty: the nominative is used).
    #[serde(default)]
    pub ru: RuForms,
}

fn is_zero_u8(n: &u8) -> bool {
    *n == 0
}

/// A ruler of a major power.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Ruler {
    /// Identifier.
    pub id: String,
    /// Power ruled.
    pub power: Power,
    /// English name.
    pub name_en: String,
    /// Russian name.
    pub name_ru: String,
    /// Administrative rating: non-home cards kept at end of turn, passing threshold.
    pub admin: u8,
    /// Extra cards drawn each turn.
    pub card_bonus: u8,
    /// Turn the ruler takes over, if by turn; `None` means by an event.
    pub from_turn: Option<u8>,
    /// Provenance.
    pub source: Source,
}

/// Kind of card.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CardKind {
    /// A power's own card, back to its owner every turn.
    Home,
    /// Must be played as an event in the turn it is held.
    Mandatory,
    /// Played outside one's impulse.
    Response,
    /// Played in battle.
    Combat,
    /// Ordinary event.
    Event,
    /// A foreign war (R-FW-DEPLOY).
    ForeignWar,
}

/// A card.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Card {
    /// Printed card number.
    pub number: u16,
    /// English name.
    pub name_en: String,
    /// Russian name.
    pub name_ru: String,
    /// Command points.
    pub cp: u8,
    /// Kind.
    pub kind: CardKind,
    /// Owner of a home card.
    pub owner: Option<Power>,
    /// Turn the card enters the deck (1 = start).
    pub enters_turn: u8,
    /// Provenance.
    pub source: Source,
    /// For a foreign-war card, the war it starts (R-FW-DEPLOY).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub war: Option<ForeignWarSpec>,
    /// What the card does, where a source states it (none for unknown cards).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub text: Option<CardText>,
    /// A combat or response card that changes rolled dice, played in the window after a roll
    /// (C-BATTLE-CARDS); the value is the source that says so (none: not such a card).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub after_roll: Option<Source>,
    /// The key of its event in the card registry (`event` column): an automated event or a
    /// written effect (`<key>.effect`); none: applied by the players with `adjust`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub event: Option<String>,
    /// The written effect, when the key names one (read by the loader).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub effect: Option<super::cards::effect::Effect>,
}

/// A card's text in both languages, with where it comes from.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct CardText {
    /// English.
    pub en: String,
    /// Russian.
    pub ru: String,
    /// Provenance of the text (not of the card's other columns).
    pub source: Source,
}

/// What a foreign-war card asks for (R-FW-DEPLOY): the power it strikes, the land units that
/// power must keep on the card, and the size of the foreign army.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct ForeignWarSpec {
    /// The affected major power.
    pub power: Power,
    /// Land units the power must send and keep on the card.
    pub units: u8,
    /// Units of the foreign army (shown with independent units).
    pub army: u8,
}

/// The Empire's secret religious preference (R-HRE-SECRET).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum EmpireChoice {
    /// Protestant preference.
    Protestant,
    /// Catholic preference.
    Catholic,
    /// Balanced preference.
    Balanced,
}

/// All content of one ruleset.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Ruleset {
    /// Ruleset name (the data folder's name).
    pub name: String,
    /// Europe spaces; a [`SpaceId`] is an index here.
    pub spaces: Vec<Space>,
    /// Land connections.
    pub links: Vec<Link>,
    /// Sea zones.
    pub sea_zones: Vec<SeaZone>,
    /// World map.
    pub world: Vec<WorldElement>,
    /// Land at the map's edges with no space on it (drawing only).
    #[serde(default)]
    pub land: Vec<LandArea>,
    /// Powers, factions, minors.
    pub powers: Vec<PowerInfo>,
    /// Scenarios.
    pub scenarios: Vec<Scenario>,
    /// Leaders.
    pub leaders: Vec<Leader>,
    /// Rulers.
    pub rulers: Vec<Ruler>,
    /// Cards.
    pub cards: Vec<Card>,
    /// Cards drawn by keys held: per power, rows (min_keys, cards) sorted by min_keys.
    pub key_track: HashMap<Power, Vec<(u8, u8)>>,
    /// CP cost of each action by id.
    pub costs: HashMap<String, u8>,
    /// VP of each Empire secret choice.
    pub empire_religion_vp: HashMap<EmpireChoice, u8>,
    /// The turn's rule numbers: war costs, key VP, victory, scenario relations (C-DIP-*, C-VP-*).
    #[serde(default)]
    pub turn: super::turn_data::TurnData,
    /// Conversion and rebellion numbers (religion.csv; X-REL-*).
    #[serde(default)]
    pub religion: super::religion::ReligionRules,
    /// Diplomatic influence and inactive majors (influence.csv; X-INF-*, X-INACTIVE).
    #[serde(default)]
    pub influence: super::influence::InfluenceRules,
    // --- treasures
    /// Treasures (`treasures.csv`, expanded by each row's count), numbered from 1.
    #[serde(default)]
    pub treasures: Vec<super::treasure::Treasure>,
    // --- marriages and espionage (X-MARRIAGE-*, X-SPY-*)
    /// Royals (`royals.csv`; X-MARRIAGE-ROYALS).
    #[serde(default)]
    pub royals: Vec<super::marriage::Royal>,
    /// The marriage table (`marriage.csv`; X-MARRIAGE-RESOLVE).
    #[serde(default)]
    pub marriage: super::marriage::MarriageRules,
    /// The espionage table (`espionage.csv`; X-SPY-*).
    #[serde(default)]
    pub espionage: super::espionage::EspionageRules,
    /// A digest of the content, stored with saved states.
    pub fingerprint: String,
    /// Land neighbours of each space, with the link kind (derived from `links`).
    #[serde(skip)]
    pub neighbours: Vec<Vec<(SpaceId, LinkKind)>>,
    /// Space id → index (derived).
    #[serde(skip)]
    pub index: HashMap<String, SpaceId>,
    // --- perf: ids as ready action names, cloned into listed actions (derived).
    /// Each space's id as an action [`Name`](super::action::Name), by [`SpaceId`] (derived).
    #[serde(skip)]
    pub space_names: Vec<super::action::Name>,
    /// Each leader's id as an action [`Name`](super::action::Name), by index in `leaders`
    /// (derived).
    #[serde(skip)]
    pub leader_names: Vec<super::action::Name>,
    /// Each sea zone's ports in data order, by zone id (derived; see [`Ruleset::zone_ports`]).
    #[serde(skip)]
    pub zone_ports: HashMap<String, Vec<SpaceId>>,
}

impl Ruleset {
    /// Rebuilds the derived lookup tables; call after constructing or deserializing.
    pub fn rebuild_indexes(&mut self) {
        self.index = self
            .spaces
            .iter()
            .enumerate()
            .map(|(i, s)| (s.id.clone(), SpaceId(i as u16)))
            .collect();
        self.space_names = self.spaces.iter().map(|s| s.id.as_str().into()).collect();
        self.leader_names = self.leaders.iter().map(|l| l.id.as_str().into()).collect();
        let mut zp: HashMap<String, Vec<SpaceId>> = HashMap::new();
        for (i, sp) in self.spaces.iter().enumerate() {
            for z in &sp.ports {
                let v = zp.entry(z.clone()).or_default();
                // A zone named twice on one space lists the port once, as a scan would.
                if v.last() != Some(&SpaceId(i as u16)) {
                    v.push(SpaceId(i as u16));
                }
            }
        }
        self.zone_ports = zp;
        let mut n = vec![Vec::new(); self.spaces.len()];
        for l in &self.links {
            n[l.a.idx()].push((l.b, l.kind));
            n[l.b.idx()].push((l.a, l.kind));
        }
        for v in &mut n {
            v.sort_by_key(|(s, _)| *s);
        }
        self.neighbours = n;
    }

    /// The space with this index.
    pub fn space(&self, id: SpaceId) -> &Space {
        &self.spaces[id.idx()]
    }

    /// The space's id as an action name (a cheap clone of a name made once).
    pub fn space_name(&self, id: SpaceId) -> super::action::Name {
        match self.space_names.get(id.idx()) {
            Some(n) => n.clone(),
            None => self.space(id).id.as_str().into(),
        }
    }

    /// The ports on sea zone `z` in data order (the same list as `ports_on`), without scanning
    /// the spaces; empty for an unknown zone.
    pub fn zone_ports(&self, z: &str) -> std::borrow::Cow<'_, [SpaceId]> {
        match self.zone_ports.get(z) {
            Some(v) => std::borrow::Cow::Borrowed(v.as_slice()),
            None if self.zone_ports.is_empty() => std::borrow::Cow::Owned(self.ports_on(z)),
            None => std::borrow::Cow::Borrowed(&[]),
        }
    }

    /// Looks a space up by its data id (exact).
    pub fn space_id(&self, id: &str) -> Option<SpaceId> {
        self.index.get(id).copied()
    }

    /// All space ids.
    pub fn space_ids(&self) -> impl Iterator<Item = SpaceId> {
        (0..self.spaces.len() as u16).map(SpaceId)
    }

    /// The spaces nearest to `from` by land links (any kind) for which `goal` holds, all equally
    /// near ones, by space id; `from` itself is never one. The search goes on only through
    /// spaces for which `open` holds (a goal is not gone through). Empty: none reachable.
    pub fn nearest_where(
        &self,
        from: SpaceId,
        mut goal: impl FnMut(SpaceId) -> bool,
        mut open: impl FnMut(SpaceId) -> bool,
    ) -> Vec<SpaceId> {
        let mut dist = vec![u32::MAX; self.spaces.len()];
        let mut q = std::collections::VecDeque::from([from]);
        dist[from.idx()] = 0;
        let mut found: Vec<SpaceId> = Vec::new();
        while let Some(s) = q.pop_front() {
            let d = dist[s.idx()];
            if found.first().is_some_and(|x| dist[x.idx()] < d) {
                break;
            }
            if s != from && goal(s) {
                found.push(s);
                continue;
            }
            for (n, _) in &self.neighbours[s.idx()] {
                if dist[n.idx()] != u32::MAX {
                    continue;
                }
                dist[n.idx()] = d + 1;
                if open(*n) {
                    q.push_back(*n);
                }
            }
        }
        found.sort();
        found
    }

    /// The link between two spaces, if adjacent (R-MAP-SPACES).
    pub fn link(&self, a: SpaceId, b: SpaceId) -> Option<LinkKind> {
        self.neighbours
            .get(a.idx())
            .and_then(|v| v.iter().find(|(s, _)| *s == b).map(|(_, k)| *k))
    }

    /// Whether two spaces share a sea zone as ports.
    pub fn share_sea(&self, a: SpaceId, b: SpaceId) -> bool {
        let (sa, sb) = (self.space(a), self.space(b));
        sa.ports.iter().any(|z| sb.ports.contains(z))
    }

    /// The starting capitals of a power (Spain has two).
    pub fn capitals(&self, p: Power) -> Vec<SpaceId> {
        self.space_ids()
            .filter(|s| self.space(*s).capital_of == Some(p))
            .collect()
    }

    /// A scenario by id.
    pub fn scenario(&self, id: &str) -> Option<&Scenario> {
        self.scenarios.iter().find(|s| s.id == id)
    }

    /// Display data for an owner (major or minor), if present.
    pub fn power_info(&self, id: &str) -> Option<&PowerInfo> {
        self.powers.iter().find(|p| p.id == id)
    }

    /// Marker colour of an owner; grey for independent.
    pub fn color_of(&self, o: Owner) -> (u8, u8, u8) {
        match o {
            Owner::Independent => (150, 150, 150),
            Owner::Major(p) => self.power_info(p.as_str()).map_or((0, 0, 0), |i| i.color),
            Owner::Minor(m) => self.power_info(m.as_str()).map_or((0, 0, 0), |i| i.color),
        }
    }

    /// Colour of a Protestant faction's markers.
    pub fn faction_color(&self, f: Faction) -> (u8, u8, u8) {
        self.power_info(f.as_str()).map_or((0, 0, 0), |i| i.color)
    }

    /// A card by number.
    pub fn card(&self, number: u16) -> Option<&Card> {
        self.cards.iter().find(|c| c.number == number)
    }

    /// The home spaces of a minor power.
    pub fn minor_homes(&self, m: Minor) -> impl Iterator<Item = SpaceId> + '_ {
        self.space_ids()
            .filter(move |s| self.space(*s).home == Home::Minor(m))
    }

    /// CP cost of an action id, if the data gives one.
    pub fn cost(&self, action: &str) -> Option<u8> {
        self.costs.get(action).copied()
    }
}

//! Naval warfare (Here I Stand chapter 16, core rules C-NAVAL-MOVE, C-NAVAL-COMBAT,
//! C-NAVAL-TRANSPORT, C-NAVAL-WINTER; the sea-zone part of C-ASSAULT-PREREQ). Piracy and the
//! naval state beyond ships are in [`super::piracy`].
//!
//! Naval units (squadrons, corsairs, naval leaders) stand in a port (a space with sea zones,
//! `Board::spaces`) or at sea (`Board::seas`, keyed by sea-zone id). Places are named by data id:
//! a space id (`BARCELONA`) or a sea-zone id (`GULF_OF_LYON`).
//!
//! Simplifications, each documented here and in the report:
//! * A naval move moves a power's whole stack from a place (all its ships and naval leaders
//!   there); splitting a stack is done with `adjust`.
//! * Ships enter a port only if it is friendly, or to attack hostile ships in it.
//! * In a port battle the beaten attacker withdraws to the sea zone it came from.
//! * C-NAVAL-WINTER: among equally near controlled ports the owning major power chooses
//!   (`Step::WinterPort`, answered with `haven to:…`) at the start of Winter, before the other
//!   winter steps; minors and independents take the first in `spaces.csv` order.
//! * C-NAVAL-INT: a successful interceptor joins the battle; the moving power stays the
//!   attacker. Avoiding battle at sea is offered to every defending power with ships in the
//!   zone when the battle is about to be rolled (not in a port).

use super::action::Action;
use super::action::{NavalLeg, Units};
use super::board::{Force, Stance};
use super::error::{RuleError, RuleResult};
use super::event::{Event, EventKind};
use super::game::Decision;
use super::game::Game;
use super::inactive::RuleAnswer;
use super::interception::decider;
use super::power::{Owner, Power};
use super::question::{Forgo, Question};
use super::refusal::Refusal;
use super::ruleset::{CardKind, LeaderKind, Ruleset, SpaceId};
use super::steps::Standing;
use super::steps::{Step, Window};
use serde::{Deserialize, Serialize};
use std::collections::VecDeque;

/// C-NAVAL-TRANSPORT: most land units one crossing carries.
pub const MAX_TRANSPORT: u32 = 5;

/// An interception offer: the power and the places it may intercept from.
type Offer = (Power, Vec<String>);

/// A place naval units can be: a port or a sea zone.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Place {
    /// A space (a port, for ships).
    Port(SpaceId),
    /// A sea zone, by id.
    Sea(String),
}

/// Where a naval battle stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum NavalPhase {
    /// Dice and hits.
    Roll,
    /// Ships are sunk: the result and the loser's retreat follow.
    Resolve,
}

/// A naval battle in progress (C-NAVAL-COMBAT).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct NavalBattle {
    /// Where: a sea-zone id or a port's space id.
    pub place: String,
    /// The power that moved in.
    pub attacker: Power,
    /// Where the attacker came from (place id).
    pub came_from: String,
    /// Where it stands.
    pub phase: NavalPhase,
    /// Dice rolled (attacker, defender).
    #[serde(default)]
    pub dice: (u32, u32),
    /// The attacker scored more hits.
    #[serde(default)]
    pub attacker_wins: bool,
    /// The defenders at sea were offered to avoid battle (C-NAVAL-INT).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub avoid_offered: bool,
    /// Powers whose interception into this zone succeeded (they are not offered to avoid).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub interceptors: Vec<Power>,
    // --- card effects (issue 25): the naval combat-card window, as the land battle's
    /// The combat-card window was opened (C-BATTLE-CARDS at sea).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub cards_offered: bool,
    /// Extra dice from combat cards' effects (attacker, defender).
    #[serde(default, skip_serializing_if = "no_bonus")]
    pub bonus_dice: (i8, i8),
    /// Hits added (or, negative, cancelled) by combat cards' effects (attacker, defender).
    #[serde(default, skip_serializing_if = "no_bonus")]
    pub bonus_hits: (i8, i8),
}

fn no_bonus(b: &(i8, i8)) -> bool {
    *b == (0, 0)
}

impl Ruleset {
    /// The sea zone with this id (exact).
    pub fn sea(&self, id: &str) -> Option<&super::ruleset::SeaZone> {
        self.sea_zones.iter().find(|z| z.id == id)
    }

    /// The ports on a sea zone, in data order.
    pub fn ports_on(&self, zone: &str) -> Vec<SpaceId> {
        self.space_ids()
            .filter(|s| self.space(*s).ports.iter().any(|z| z == zone))
            .collect()
    }

    /// Whether a leader id is a naval leader.
    pub fn is_naval_leader(&self, id: &str) -> bool {
        self.leaders
            .iter()
            .any(|l| l.id == id && l.kind == LeaderKind::Naval)
    }

    /// The data id of a place.
    pub fn place_id(&self, p: &Place) -> String {
        match p {
            Place::Port(s) => self.space(*s).id.clone(),
            Place::Sea(z) => z.clone(),
        }
    }
}

impl super::board::Board {
    /// The forces at a place.
    pub fn forces_at(&self, p: &Place) -> &[Force] {
        match p {
            Place::Port(s) => &self.at(*s).forces,
            Place::Sea(z) => self.seas.get(z).map_or(&[], |v| v.as_slice()),
        }
    }

    /// The force of `owner` (and faction) at a place, created if missing.
    pub fn force_at_mut(
        &mut self,
        p: &Place,
        owner: Owner,
        faction: Option<super::power::Faction>,
    ) -> &mut Force {
        match p {
            Place::Port(s) => self.force_mut(*s, owner, faction),
            Place::Sea(z) => {
                let v = self.seas.entry(z.clone()).or_default();
                let i = match v
                    .iter()
                    .position(|f| f.owner() == owner && f.faction == faction)
                {
                    Some(i) => i,
                    None => {
                        v.push(Force::new(owner, faction));
                        v.sort_by_key(|f| (f.owner(), f.faction));
                        v.iter()
                            .position(|f| f.owner() == owner && f.faction == faction)
                            .unwrap_or(0)
                    }
                };
                &mut v[i]
            }
        }
    }

    /// Drops empty forces at a place (and an empty sea zone's entry).
    pub fn tidy_at(&mut self, p: &Place) {
        match p {
            Place::Port(s) => self.tidy(*s),
            Place::Sea(z) => {
                if let Some(v) = self.seas.get_mut(z) {
                    v.retain(|f| !f.is_empty());
                    if v.is_empty() {
                        self.seas.remove(z);
                    }
                }
            }
        }
    }
}

/// The (squadrons, corsairs) splits a side with `have` ships may lose to `hits` hits
/// (C-NAVAL-COMBAT): a squadron takes 2 hits, a corsair 1; no hit that could still sink a ship
/// is left unused.
pub fn loss_options(have: (u32, u32), hits: u32) -> Vec<(u32, u32)> {
    let mut out = Vec::new();
    for s in 0..=have.0 {
        for c in 0..=have.1 {
            let used = 2 * s + c;
            if used > hits {
                continue;
            }
            let left = hits - used;
            let more_c = c < have.1 && left >= 1;
            let more_s = s < have.0 && left >= 2;
            if !more_c && !more_s {
                out.push((s, c));
            }
        }
    }
    out
}

impl Game {
    /// A place from a space or sea-zone id or name.
    pub fn resolve_place(rs: &Ruleset, name: &str) -> RuleResult<Place> {
        // Data ids first (no allocation): actions carry them.
        if let Some(z) = rs.sea(name) {
            return Ok(Place::Sea(z.id.clone()));
        }
        if let Some(s) = rs.space_id(name) {
            return Ok(Place::Port(s));
        }
        let t = name.trim();
        let norm = t.to_lowercase().replace([' ', '-', '.', '\''], "_");
        if let Some(z) = rs.sea_zones.iter().find(|z| {
            z.id.to_lowercase() == norm
                || z.name_en.to_lowercase() == t.to_lowercase()
                || z.name_ru.to_lowercase() == t.to_lowercase()
        }) {
            return Ok(Place::Sea(z.id.clone()));
        }
        Game::resolve_space(rs, name).map(Place::Port)
    }

    /// `p`'s own ships at a place: (squadrons, corsairs).
    pub fn ships_of(&self, p: Power, pl: &Place) -> (u32, u32) {
        self.board
            .forces_at(pl)
            .iter()
            .filter(|f| f.owner() == Owner::Major(p))
            .fold((0, 0), |a, f| {
                (a.0 + f.squadrons as u32, a.1 + f.corsairs as u32)
            })
    }

    /// Whether ships hostile to `p` are at a place.
    fn hostile_ships(&self, p: Power, pl: &Place) -> bool {
        self.board
            .forces_at(pl)
            .iter()
            .any(|f| f.ships() > 0 && self.is_hostile(p, f.owner()))
    }

    /// Takes every ship and naval leader of the forces chosen by `pick` out of a place.
    fn take_naval(
        &mut self,
        rs: &Ruleset,
        pl: &Place,
        pick: impl Fn(&Force) -> bool,
    ) -> Vec<Force> {
        let mut out = Vec::new();
        let forces: Vec<Force> = self.board.forces_at(pl).to_vec();
        for f in forces.iter().filter(|f| pick(f)) {
            let mut m = Force::new(f.owner(), f.faction);
            m.squadrons = f.squadrons;
            m.corsairs = f.corsairs;
            m.leaders = f
                .leaders
                .iter()
                .filter(|l| rs.is_naval_leader(l))
                .cloned()
                .collect();
            let src = self.board.force_at_mut(pl, f.owner(), f.faction);
            src.squadrons = 0;
            src.corsairs = 0;
            src.leaders.retain(|l| !m.leaders.contains(l));
            if !m.is_empty() {
                out.push(m);
            }
        }
        self.board.tidy_at(pl);
        out
    }

    /// Puts naval forces at a place.
    fn put_naval(&mut self, pl: &Place, forces: Vec<Force>) {
        for m in forces {
            let d = self.board.force_at_mut(pl, m.owner(), m.faction);
            d.squadrons += m.squadrons;
            d.corsairs += m.corsairs;
            d.leaders.extend(m.leaders);
        }
        self.board.tidy_at(pl);
    }

    /// Whether one naval step goes from `a` to `b` (C-NAVAL-MOVE): port → a zone it borders,
    /// zone → adjacent zone, zone → a port on it.
    fn naval_step(rs: &Ruleset, a: &Place, b: &Place) -> bool {
        match (a, b) {
            (Place::Port(s), Place::Sea(z)) | (Place::Sea(z), Place::Port(s)) => {
                rs.space(*s).ports.contains(z)
            }
            (Place::Sea(x), Place::Sea(y)) => rs.sea(x).is_some_and(|z| z.adjacent.contains(y)),
            (Place::Port(_), Place::Port(_)) => false,
        }
    }

    /// The places one naval step from `a`.
    fn naval_steps_from(rs: &Ruleset, a: &Place) -> Vec<Place> {
        match a {
            Place::Port(s) => rs
                .space(*s)
                .ports
                .iter()
                .map(|z| Place::Sea(z.clone()))
                .collect(),
            Place::Sea(z) => {
                let mut v: Vec<Place> = rs
                    .sea(z)
                    .map(|x| x.adjacent.iter().map(|y| Place::Sea(y.clone())).collect())
                    .unwrap_or_default();
                v.extend(rs.ports_on(z).into_iter().map(Place::Port));
                v
            }
        }
    }

    /// Whether `p` counts a port as friendly (its own or an ally's).
    fn friendly_port(&self, rs: &Ruleset, p: Power, s: SpaceId) -> bool {
        self.board.space_stance(rs, p, s) == Stance::Friendly
    }

    /// C-NAVAL-MOVE: checks the legs of a naval move.
    pub(crate) fn check_naval_move(
        &self,
        rs: &Ruleset,
        p: Power,
        legs: &[NavalLeg],
    ) -> RuleResult<Vec<(Place, Place)>> {
        let mut out: Vec<(Place, Place)> = Vec::new();
        if legs.is_empty() {
            return Err(Refusal::NoShipsThere {
                power: p,
                place: String::new(),
            }
            .into());
        }
        for leg in legs {
            let a = Game::resolve_place(rs, &leg.from)?;
            let b = Game::resolve_place(rs, &leg.to)?;
            let (sq, co) = self.ships_of(p, &a);
            if sq + co == 0 {
                return Err(Refusal::NoShipsThere {
                    power: p,
                    place: rs.place_id(&a),
                }
                .into());
            }
            if out.iter().any(|(x, _)| *x == a) {
                return Err(Refusal::StackMovesOnce {
                    place: rs.place_id(&a),
                }
                .into());
            }
            if !Game::naval_step(rs, &a, &b) {
                return Err(Refusal::NotANavalStep {
                    from: rs.place_id(&a),
                    to: rs.place_id(&b),
                    allowed: Game::naval_steps_from(rs, &a)
                        .iter()
                        .map(|x| rs.place_id(x))
                        .collect(),
                }
                .into());
            }
            if let Place::Port(s) = b {
                if !self.friendly_port(rs, p, s) && !self.hostile_ships(p, &b) {
                    return Err(Refusal::PortNotFriendly { space: s }.into());
                }
            }
            out.push((a, b));
        }
        Ok(out)
    }

    /// C-NAVAL-MOVE: moves each named stack one step; entering hostile ships starts a naval
    /// battle (worked on the decision stack, first leg first).
    pub(crate) fn do_naval_move(
        &mut self,
        rs: &Ruleset,
        p: Power,
        legs: &[NavalLeg],
        ev: &mut Vec<Event>,
    ) -> RuleResult<()> {
        let moves = self.check_naval_move(rs, p, legs)?;
        let taken: Vec<Vec<Force>> = moves
            .iter()
            .map(|(a, _)| self.take_naval(rs, a, |f| f.owner() == Owner::Major(p)))
            .collect();
        let mut battles: Vec<(Place, Place, Vec<Offer>)> = Vec::new();
        for ((a, b), fleet) in moves.into_iter().zip(taken) {
            let (squadrons, corsairs) = fleet.iter().fold((0, 0), |x, f| {
                (x.0 + f.squadrons as u32, x.1 + f.corsairs as u32)
            });
            let leaders: Vec<String> = fleet.iter().flat_map(|f| f.leaders.clone()).collect();
            self.put_naval(&b, fleet);
            ev.push(Event::public(EventKind::NavalMoved {
                power: p,
                from: rs.place_id(&a),
                to: rs.place_id(&b),
                squadrons,
                corsairs,
                leaders,
            }));
            let offers = self.naval_intercept_offers(rs, p, &b);
            let contact = self.hostile_ships(p, &b) || !offers.is_empty();
            if contact && !battles.iter().any(|(x, ..)| *x == b) {
                battles.push((b, a, offers));
            }
        }
        // Each entered place: its battle frame, and above it the interception offers
        // (C-NAVAL-INT), first power in impulse order on top; the first leg's on top of all.
        for (b, a, offers) in battles.into_iter().rev() {
            self.steps.push(Step::NavalBattle(NavalBattle {
                place: rs.place_id(&b),
                attacker: p,
                came_from: rs.place_id(&a),
                phase: NavalPhase::Roll,
                dice: (0, 0),
                attacker_wins: false,
                avoid_offered: false,
                interceptors: Vec::new(),
                cards_offered: false,
                bonus_dice: (0, 0),
                bonus_hits: (0, 0),
            }));
            for (q, from) in offers.into_iter().rev() {
                self.steps.push(Step::NavalIntercept(NavalIntercept {
                    power: q,
                    zone: rs.place_id(&b),
                    from,
                }));
            }
        }
        self.run_steps(rs, ev);
        Ok(())
    }

    /// C-BATTLE-CARDS at sea: the powers asked in a naval battle's card window: every power
    /// whose ships are in it (the attacker, then the defenders in impulse order), if a player
    /// answers for it.
    fn naval_battle_sides(&self, a: Power, pl: &Place) -> Vec<Power> {
        let (att, def) = self.naval_sides(a, pl);
        let mut out: Vec<Power> = Vec::new();
        let mut defenders: Vec<Power> = def
            .iter()
            .filter(|f| f.ships() > 0)
            .filter_map(|f| decider(self, f.owner()))
            .collect();
        defenders.sort();
        if att.iter().any(|f| f.ships() > 0) {
            out.push(a);
        }
        for q in defenders {
            if !out.contains(&q) {
                out.push(q);
            }
        }
        out.retain(|q| self.asks_player(*q));
        out
    }

    /// The forces of each side at a place: the attacker's own, and everyone hostile to it.
    fn naval_sides(&self, a: Power, pl: &Place) -> (Vec<Force>, Vec<Force>) {
        let forces = self.board.forces_at(pl);
        let att = forces
            .iter()
            .filter(|f| f.owner() == Owner::Major(a))
            .cloned()
            .collect();
        let def = forces
            .iter()
            .filter(|f| self.is_hostile(a, f.owner()))
            .cloned()
            .collect();
        (att, def)
    }

    /// Dice of a side: 2 per squadron, 1 per corsair, + the best naval leader's battle rating.
    fn naval_dice(rs: &Ruleset, side: &[Force]) -> u32 {
        let ships: u32 = side
            .iter()
            .map(|f| 2 * f.squadrons as u32 + f.corsairs as u32)
            .sum();
        let best = side
            .iter()
            .flat_map(|f| f.leaders.iter())
            .filter_map(|l| rs.leaders.iter().find(|x| &x.id == l))
            .filter(|l| l.kind == LeaderKind::Naval)
            .map(|l| l.battle as u32)
            .max()
            .unwrap_or(0);
        if ships == 0 {
            0
        } else {
            ships + best
        }
    }

    /// The owner with most ships on a side (first in state order on ties).
    fn main_owner(side: &[Force]) -> Option<Owner> {
        let mut best: Option<(u32, Owner)> = None;
        for f in side {
            if f.ships() > 0 && best.is_none_or(|(n, _)| f.ships() > n) {
                best = Some((f.ships(), f.owner()));
            }
        }
        best.map(|(_, o)| o)
    }

    /// Works a naval battle frame (C-NAVAL-COMBAT).
    pub(crate) fn work_naval_battle(&mut self, rs: &Ruleset, b: NavalBattle, ev: &mut Vec<Event>) {
        let Ok(pl) = Game::resolve_place(rs, &b.place) else {
            self.steps.pop();
            return;
        };
        match b.phase {
            NavalPhase::Roll => {
                let (att, def) = self.naval_sides(b.attacker, &pl);
                let (Some(def_owner), true) =
                    (Game::main_owner(&def), att.iter().any(|f| f.ships() > 0))
                else {
                    self.steps.pop();
                    return;
                };
                if !b.avoid_offered {
                    if let Some(Step::NavalBattle(top)) = self.steps.last_mut() {
                        top.avoid_offered = true;
                    }
                    if self.push_naval_avoid(rs, &b, &pl, &def) {
                        return;
                    }
                }
                // --- card effects (issue 25): C-BATTLE-CARDS at sea, the combat-card window
                // before the dice, as the land battle's: every power with ships in the battle is
                // asked, attacker first, whenever a combat card may be outstanding (public
                // information only, never what anyone holds).
                if !b.cards_offered {
                    if let Some(Step::NavalBattle(top)) = self.steps.last_mut() {
                        top.cards_offered = true;
                    }
                    if self.window_possible(rs, &[CardKind::Combat, CardKind::Response]) {
                        let asked = self.naval_battle_sides(b.attacker, &pl);
                        let space = match &pl {
                            Place::Port(s) => *s,
                            Place::Sea(z) => rs.ports_on(z).first().copied().unwrap_or(SpaceId(0)),
                        };
                        if !asked.is_empty() {
                            self.push_windows(Window::Combat, &asked, space);
                            return;
                        }
                    }
                }
                let in_port = matches!(pl, Place::Port(_));
                let plus = |n: u32, k: i8| (n as i64 + k as i64).max(0) as u32;
                let ad = plus(Game::naval_dice(rs, &att), b.bonus_dice.0);
                let dd = plus(
                    Game::naval_dice(rs, &def) + u32::from(in_port),
                    b.bonus_dice.1,
                );
                let attacker_dice = self.roll(ad);
                let defender_dice = self.roll(dd);
                let (ah, dh) = (
                    plus(super::battle::hits(&attacker_dice), b.bonus_hits.0),
                    plus(super::battle::hits(&defender_dice), b.bonus_hits.1),
                );
                let attacker_wins = ah > dh;
                ev.push(Event::public(EventKind::NavalBattleRolled {
                    place: b.place.clone(),
                    attacker: b.attacker,
                    defender: def_owner,
                    attacker_dice,
                    defender_dice,
                    attacker_hits: ah,
                    defender_hits: dh,
                    attacker_wins,
                }));
                if let Some(Step::NavalBattle(top)) = self.steps.last_mut() {
                    top.phase = NavalPhase::Resolve;
                    top.dice = (ad, dd);
                    top.attacker_wins = attacker_wins;
                }
                // Defender's losses, then the attacker's (the attacker answers first).
                self.naval_losses(rs, &pl, decider(self, def_owner), def_owner, ah, ev);
                self.naval_losses(rs, &pl, Some(b.attacker), Owner::Major(b.attacker), dh, ev);
            }
            NavalPhase::Resolve => {
                self.steps.pop();
                self.naval_result(rs, &b, &pl, ev);
            }
        }
    }

    /// The side of `o` at a place: forces whose owner stands with `o`.
    fn side_of(&self, pl: &Place, d: Option<Power>, o: Owner) -> Vec<Force> {
        self.board
            .forces_at(pl)
            .iter()
            .filter(|f| self.same_side(d, o, f.owner()))
            .cloned()
            .collect()
    }

    fn same_side(&self, d: Option<Power>, o: Owner, x: Owner) -> bool {
        match d {
            Some(p) => self.board.stance(p, x) == Stance::Friendly,
            None => x == o,
        }
    }

    /// `hits` on the side of `o` (decided by `d`): sunk at once when only one split is
    /// possible, else the owner is asked.
    fn naval_losses(
        &mut self,
        rs: &Ruleset,
        pl: &Place,
        d: Option<Power>,
        o: Owner,
        hits: u32,
        ev: &mut Vec<Event>,
    ) {
        if hits == 0 {
            return;
        }
        let side = self.side_of(pl, d, o);
        let have = side.iter().fold((0, 0), |a, f| {
            (a.0 + f.squadrons as u32, a.1 + f.corsairs as u32)
        });
        let opts = loss_options(have, hits);
        match (d, opts.as_slice()) {
            (_, []) => {}
            // --- diplomacy (issue 26): an inactive major nobody plays is not asked
            // (X-INACTIVE-ANSWERS); a controlled one's controller is.
            (Some(p), [_, _, ..]) if self.asks_player(p) => {
                self.steps.push(Step::NavalCasualties(NavalCasualties {
                    power: p,
                    place: rs.place_id(pl),
                    hits,
                }))
            }
            (_, [first, rest @ ..]) => {
                if let Some(p) = d.filter(|_| !rest.is_empty()) {
                    let place = rs.place_id(pl);
                    self.answered_by_rule(p, RuleAnswer::NavalCasualties { place }, ev);
                }
                self.sink(rs, pl, d, o, *first, ev)
            }
        }
    }

    /// Sinks (squadrons, corsairs) of the side of `o`, the deciding power's own ships first.
    pub(crate) fn sink(
        &mut self,
        rs: &Ruleset,
        pl: &Place,
        d: Option<Power>,
        o: Owner,
        loss: (u32, u32),
        ev: &mut Vec<Event>,
    ) {
        let (mut s, mut c) = loss;
        let mut owners: Vec<(Owner, Option<super::power::Faction>)> = self
            .side_of(pl, d, o)
            .iter()
            .map(|f| (f.owner(), f.faction))
            .collect();
        owners.sort_by_key(|(x, _)| *x != o);
        for (x, fac) in owners {
            let f = self.board.force_at_mut(pl, x, fac);
            let ks = s.min(f.squadrons as u32);
            let kc = c.min(f.corsairs as u32);
            f.squadrons -= ks as u8;
            f.corsairs -= kc as u8;
            s -= ks;
            c -= kc;
            if ks + kc > 0 {
                ev.push(Event::public(EventKind::ShipsSunk {
                    owner: x,
                    place: rs.place_id(pl),
                    squadrons: ks,
                    corsairs: kc,
                }));
            }
        }
        self.board.tidy_at(pl);
    }

    /// After the losses: both sides sunk, captured naval leaders, the loser's retreat.
    fn naval_result(&mut self, rs: &Ruleset, b: &NavalBattle, pl: &Place, ev: &mut Vec<Event>) {
        let a = b.attacker;
        let (att, def) = self.naval_sides(a, pl);
        let def_owner = def.iter().map(Force::owner).next();
        let ships = |v: &[Force]| v.iter().map(Force::ships).sum::<u32>();
        let (sa, sd) = (ships(&att), ships(&def));
        if sa == 0 && sd == 0 {
            let keeper = match b.dice.0.cmp(&b.dice.1) {
                std::cmp::Ordering::Greater => Some(Owner::Major(a)),
                std::cmp::Ordering::Less => def_owner,
                std::cmp::Ordering::Equal => None,
            };
            if let Some(k) = keeper {
                self.board.force_at_mut(pl, k, None).squadrons += 1;
                ev.push(Event::public(EventKind::ShipKept {
                    owner: k,
                    place: rs.place_id(pl),
                }));
            }
        }
        // Naval leaders left without ships are captured by the other side.
        let def_power = def_owner.and_then(|o| decider(self, o));
        let (att, def) = self.naval_sides(a, pl);
        if ships(&att) == 0 {
            self.capture_naval_leaders(rs, pl, |f| f.owner() == Owner::Major(a), def_power, ev);
        }
        if ships(&def) == 0 {
            let hostile: Vec<Owner> = def.iter().map(Force::owner).collect();
            self.capture_naval_leaders(rs, pl, |f| hostile.contains(&f.owner()), Some(a), ev);
        }
        let (att, def) = self.naval_sides(a, pl);
        if let Place::Port(_) = pl {
            // In a port battle the attacker always withdraws to the sea it came from.
            if ships(&att) > 0 {
                if let Ok(back) = Game::resolve_place(rs, &b.came_from) {
                    self.naval_retreat(rs, pl, Some(a), Owner::Major(a), &back, ev);
                }
            }
            return;
        }
        let Place::Sea(z) = pl else { return };
        let (loser, lp, lo) = if b.attacker_wins {
            let o = def_owner.unwrap_or(Owner::Independent);
            (def, decider(self, o), o)
        } else {
            (att, Some(a), Owner::Major(a))
        };
        if ships(&loser) == 0 {
            return;
        }
        let opts = self.naval_retreats(rs, z, lp, lo);
        match (lp, opts.as_slice()) {
            (_, []) => self.lose_fleet(rs, pl, lp, lo, ev),
            // --- diplomacy (issue 26): X-INACTIVE-ANSWERS, as for the losses.
            (Some(d), [_, _, ..]) if self.asks_player(d) => {
                self.steps.push(Step::NavalRetreat(NavalRetreat {
                    power: d,
                    place: z.clone(),
                    to: opts.iter().map(|x| rs.place_id(x)).collect(),
                }))
            }
            (_, [t, rest @ ..]) => {
                let t = t.clone();
                if let Some(d) = lp.filter(|_| !rest.is_empty()) {
                    let answer = RuleAnswer::NavalRetreat {
                        place: z.clone(),
                        to: rs.place_id(&t),
                    };
                    self.answered_by_rule(d, answer, ev);
                }
                self.naval_retreat(rs, pl, lp, lo, &t, ev)
            }
        }
    }

    /// Where the beaten side of `o` may retreat from sea zone `z`: a friendly port on it, or an
    /// adjacent zone without hostile ships.
    pub(crate) fn naval_retreats(
        &self,
        rs: &Ruleset,
        z: &str,
        d: Option<Power>,
        o: Owner,
    ) -> Vec<Place> {
        let mut out = Vec::new();
        for s in rs.ports_on(z) {
            let ok = match d {
                Some(p) => self.friendly_port(rs, p, s),
                None => self.board.controller(rs, s) == o,
            };
            if ok {
                out.push(Place::Port(s));
            }
        }
        if let Some(zone) = rs.sea(z) {
            for y in &zone.adjacent {
                let pl = Place::Sea(y.clone());
                let hostile = self.board.forces_at(&pl).iter().any(|f| {
                    f.ships() > 0
                        && match d {
                            Some(p) => self.is_hostile(p, f.owner()),
                            None => f.owner() != o,
                        }
                });
                if !hostile {
                    out.push(pl);
                }
            }
        }
        out
    }

    /// Moves the ships and naval leaders of `o`'s side from `pl` to `to`.
    pub(crate) fn naval_retreat(
        &mut self,
        rs: &Ruleset,
        pl: &Place,
        d: Option<Power>,
        o: Owner,
        to: &Place,
        ev: &mut Vec<Event>,
    ) {
        let side: Vec<Owner> = self.side_of(pl, d, o).iter().map(Force::owner).collect();
        let fleet = self.take_naval(rs, pl, |f| side.contains(&f.owner()));
        self.put_naval(to, fleet);
        ev.push(Event::public(EventKind::NavalRetreated {
            owner: o,
            from: rs.place_id(pl),
            to: rs.place_id(to),
        }));
    }

    /// The side of `o` has nowhere to go: its ships are lost, its naval leaders go off the map.
    fn lose_fleet(
        &mut self,
        rs: &Ruleset,
        pl: &Place,
        d: Option<Power>,
        o: Owner,
        ev: &mut Vec<Event>,
    ) {
        let side: Vec<Owner> = self.side_of(pl, d, o).iter().map(Force::owner).collect();
        let fleet = self.take_naval(rs, pl, |f| side.contains(&f.owner()));
        for f in fleet {
            ev.push(Event::public(EventKind::ShipsLost {
                owner: f.owner(),
                place: rs.place_id(pl),
                squadrons: f.squadrons as u32,
                corsairs: f.corsairs as u32,
            }));
            self.off_map.extend(f.leaders);
        }
    }

    fn capture_naval_leaders(
        &mut self,
        rs: &Ruleset,
        pl: &Place,
        pick: impl Fn(&Force) -> bool,
        captor: Option<Power>,
        ev: &mut Vec<Event>,
    ) {
        let forces: Vec<Force> = self.board.forces_at(pl).to_vec();
        for f in forces.iter().filter(|f| pick(f)) {
            let naval: Vec<String> = f
                .leaders
                .iter()
                .filter(|l| rs.is_naval_leader(l))
                .cloned()
                .collect();
            if naval.is_empty() {
                continue;
            }
            self.board
                .force_at_mut(pl, f.owner(), f.faction)
                .leaders
                .retain(|l| !naval.contains(l));
            for l in naval {
                match captor {
                    Some(c) => {
                        self.captured.push((l.clone(), c));
                        ev.push(Event::public(EventKind::LeaderCaptured {
                            leader: l,
                            by: c,
                        }));
                    }
                    None => self.off_map.push(l),
                }
            }
        }
        self.board.tidy_at(pl);
    }

    /// C-NAVAL-WINTER: every naval unit at sea goes to the nearest port its owner controls
    /// (fewest sea-zone steps; ties: the first in data order — a documented simplification);
    /// with no such port reachable, its ships are lost.
    pub(crate) fn naval_winter(&mut self, rs: &Ruleset, ev: &mut Vec<Event>) {
        let zones: Vec<String> = self.board.seas.keys().cloned().collect();
        for z in zones {
            let pl = Place::Sea(z.clone());
            let owners: Vec<Owner> = self.board.forces_at(&pl).iter().map(Force::owner).collect();
            for o in owners {
                let dest = self.nearest_port(rs, &z, o);
                let fleet = self.take_naval(rs, &pl, |f| f.owner() == o);
                // Anything else (never expected at sea) goes with them.
                match dest {
                    Some(s) => {
                        if let Owner::Major(q) = o {
                            if self.nearest_ports(rs, &z, o).len() > 1 {
                                let answer = RuleAnswer::WinterPort {
                                    zone: z.clone(),
                                    to: s,
                                };
                                self.answered_by_rule(q, answer, ev);
                            }
                        }
                        self.put_naval(&Place::Port(s), fleet);
                        ev.push(Event::public(EventKind::WinterPort {
                            owner: o,
                            from: z.clone(),
                            to: s,
                        }));
                    }
                    None => {
                        for f in fleet {
                            ev.push(Event::public(EventKind::ShipsLost {
                                owner: o,
                                place: z.clone(),
                                squadrons: f.squadrons as u32,
                                corsairs: f.corsairs as u32,
                            }));
                            self.off_map.extend(f.leaders);
                        }
                    }
                }
            }
            self.board.seas.remove(&z);
        }
    }

    /// The nearest port `o` controls from sea zone `z` (breadth-first over sea zones; among
    /// equally near ones the first in data order).
    pub fn nearest_port(&self, rs: &Ruleset, z: &str, o: Owner) -> Option<SpaceId> {
        self.nearest_ports(rs, z, o).first().copied()
    }

    /// Every port `o` controls at the least sea-zone distance from zone `z`, in data order.
    pub fn nearest_ports(&self, rs: &Ruleset, z: &str, o: Owner) -> Vec<SpaceId> {
        let owns = |s: SpaceId| match o {
            Owner::Major(p) => self.board.controls(rs, p, s),
            other => self.board.controller(rs, s) == other,
        };
        let mut seen = vec![z.to_string()];
        let mut q = VecDeque::from([z.to_string()]);
        while !q.is_empty() {
            // One ring at a time: every zone at this distance, then the ports on them.
            let ring: Vec<String> = q.drain(..).collect();
            let mut ports: Vec<SpaceId> = ring
                .iter()
                .flat_map(|x| rs.ports_on(x))
                .filter(|s| owns(*s))
                .collect();
            ports.sort();
            ports.dedup();
            if !ports.is_empty() {
                return ports;
            }
            for x in &ring {
                for y in rs.sea(x).map(|z| z.adjacent.clone()).unwrap_or_default() {
                    if !seen.contains(&y) {
                        seen.push(y.clone());
                        q.push_back(y);
                    }
                }
            }
        }
        Vec::new()
    }

    /// C-NAVAL-WINTER: asks each major power whose fleet at sea has several equally near
    /// controlled ports where it winters (first power in impulse order on top). Returns whether
    /// a question was asked.
    pub(crate) fn ask_winter_ports(&mut self, rs: &Ruleset) -> bool {
        let mut asks = Vec::new();
        for (z, forces) in &self.board.seas {
            for f in forces.iter().filter(|f| f.ships() > 0) {
                let Owner::Major(p) = f.owner() else { continue };
                // X-INACTIVE-ANSWERS: in Winter an inactive major is never asked.
                if !self.powers.contains(p) {
                    continue;
                }
                let ports = self.nearest_ports(rs, z, f.owner());
                if ports.len() > 1 && !asks.iter().any(|(q, y, _)| *q == p && y == z) {
                    let to: Vec<String> = ports.iter().map(|s| rs.space(*s).id.clone()).collect();
                    asks.push((p, z.clone(), to));
                }
            }
        }
        // Impulse order, then zone order; the first on top.
        asks.sort_by(|a, b| (a.0, &a.1).cmp(&(b.0, &b.1)));
        let asked = !asks.is_empty();
        for (power, zone, to) in asks.into_iter().rev() {
            self.steps
                .push(Step::WinterPort(WinterPort { power, zone, to }));
        }
        asked
    }

    /// C-NAVAL-WINTER: `p`'s fleet in zone `z` winters in port `to`.
    fn winter_to_port(
        &mut self,
        rs: &Ruleset,
        p: Power,
        z: &str,
        to: SpaceId,
        ev: &mut Vec<Event>,
    ) {
        let at = Place::Sea(z.to_string());
        let fleet = self.take_naval(rs, &at, |f| f.owner() == Owner::Major(p));
        self.put_naval(&Place::Port(to), fleet);
        ev.push(Event::public(EventKind::WinterPort {
            owner: Owner::Major(p),
            from: z.to_string(),
            to,
        }));
    }

    /// C-NAVAL-TRANSPORT: the sea zones of the shortest crossing from port `a` to port `b`
    /// through zones holding `p`'s ships.
    pub fn transport_path(
        &self,
        rs: &Ruleset,
        p: Power,
        a: SpaceId,
        b: SpaceId,
    ) -> Option<Vec<String>> {
        let usable = |z: &str| {
            let (s, c) = self.ships_of(p, &Place::Sea(z.to_string()));
            s + c > 0
        };
        let mut prev: Vec<(String, Option<String>)> = Vec::new();
        let mut q = VecDeque::new();
        for z in &rs.space(a).ports {
            if usable(z) && !prev.iter().any(|(x, _)| x == z) {
                prev.push((z.clone(), None));
                q.push_back(z.clone());
            }
        }
        while let Some(z) = q.pop_front() {
            if rs.space(b).ports.contains(&z) {
                let mut path = vec![z.clone()];
                let mut cur = z;
                while let Some((_, Some(p))) = prev.iter().find(|(x, _)| *x == cur) {
                    path.push(p.clone());
                    cur = p.clone();
                }
                path.reverse();
                return Some(path);
            }
            for y in rs.sea(&z).map(|x| x.adjacent.clone()).unwrap_or_default() {
                if usable(&y) && !prev.iter().any(|(x, _)| *x == y) {
                    prev.push((y.clone(), Some(z.clone())));
                    q.push_back(y);
                }
            }
        }
        None
    }

    /// C-NAVAL-TRANSPORT: checks a crossing; returns the ports and the zones crossed.
    pub(crate) fn check_transport(
        &self,
        rs: &Ruleset,
        p: Power,
        from: &str,
        to: &str,
        u: &Units,
    ) -> RuleResult<(SpaceId, SpaceId, Vec<String>)> {
        let (a, b) = (Game::resolve_space(rs, from)?, Game::resolve_space(rs, to)?);
        for s in [a, b] {
            if !rs.space(s).is_port() {
                return Err(Refusal::NotAPort { space: s }.into());
            }
        }
        if u.land() > MAX_TRANSPORT {
            return Err(Refusal::TransportTooLarge {
                units: u.land(),
                max: MAX_TRANSPORT,
            }
            .into());
        }
        for l in &u.leaders {
            if rs.is_naval_leader(l) {
                return Err(Refusal::NavalLeaderOnLand {
                    leader: l.to_string(),
                }
                .into());
            }
        }
        if self.board.at(a).besieged_by.is_some() && self.board.controls(rs, p, a) {
            return Err(Refusal::BesiegedCannotLeave { power: p, space: a }.into());
        }
        if u.land() > self.movable(p, a) || self.moves_pinned_leader(u) {
            return Err(Refusal::CannotMoveAgain { power: p, space: a }.into());
        }
        self.check_pick(rs, p, a, u, None)?;
        if !self.friendly_port(rs, p, b) || self.hostile_land(p, b) > 0 {
            return Err(Refusal::PortNotFriendly { space: b }.into());
        }
        let path = self
            .transport_path(rs, p, a, b)
            .ok_or(Refusal::NoSeaPath { from: a, to: b })?;
        Ok((a, b, path))
    }

    /// C-NAVAL-TRANSPORT: carries the formation across.
    pub(crate) fn do_transport(
        &mut self,
        rs: &Ruleset,
        p: Power,
        from: &str,
        to: &str,
        u: &Units,
        ev: &mut Vec<Event>,
    ) -> RuleResult<()> {
        let (a, b, zones) = self.check_transport(rs, p, from, to, u)?;
        self.transfer(p, a, b, u, None);
        ev.push(Event::public(EventKind::Transported {
            power: p,
            from: a,
            to: b,
            units: u.clone(),
            zones,
        }));
        Ok(())
    }

    /// The naval actions `p` may take with `cp` CP left (one canonical form each).
    pub(crate) fn legal_naval(
        &self,
        rs: &Ruleset,
        p: Power,
        cp: u8,
        out: &mut Vec<super::action::Action>,
    ) {
        use super::action::Action;
        let step = rs.cost("naval_move").unwrap_or(u8::MAX);
        if step <= cp {
            // Only places holding p's ships; every step from there is adjacent by construction,
            // so only the port rule (friendly, or hostile ships to attack) is left to check.
            let mine = |f: &Force| f.owner() == Owner::Major(p) && f.ships() > 0;
            let mut places: Vec<Place> = rs
                .space_ids()
                .filter(|s| self.board.at(*s).forces.iter().any(mine))
                .map(Place::Port)
                .collect();
            places.extend(
                self.board
                    .seas
                    .iter()
                    .filter(|(_, v)| v.iter().any(mine))
                    .map(|(z, _)| Place::Sea(z.clone())),
            );
            for a in &places {
                for b in Game::naval_steps_from(rs, a) {
                    if let Place::Port(s) = b {
                        if !self.friendly_port(rs, p, s) && !self.hostile_ships(p, &b) {
                            continue;
                        }
                    }
                    out.push(Action::NavalMove {
                        legs: vec![NavalLeg {
                            from: rs.place_id(a),
                            to: rs.place_id(&b),
                        }],
                    });
                }
            }
        }
        if self.board.seas.is_empty() {
            return;
        }
        // --- perf: with no zone holding p's ships, no port reaches any zone (`reachable_zones`).
        if !self
            .board
            .seas
            .values()
            .any(|v| v.iter().any(|f| owns_ships(f, p)))
        {
            return;
        }
        for a in rs.space_ids().filter(|s| rs.space(*s).is_port()) {
            // Cheap filter first: the sea zones reachable through zones holding own ships.
            let reach = self.reachable_zones(rs, p, a);
            if reach.is_empty() {
                continue;
            }
            let Some(mut pick) = self.largest_pick(rs, p, a, None) else {
                continue;
            };
            // At most five land units cross.
            pick = cap_land(&pick, MAX_TRANSPORT);
            let mut targets: Vec<SpaceId> = reach.iter().flat_map(|z| rs.ports_on(z)).collect();
            targets.sort();
            targets.dedup();
            for b in targets.into_iter().filter(|b| *b != a) {
                if !self.friendly_port(rs, p, b) {
                    continue;
                }
                let (from, to) = (rs.space(a).id.clone(), rs.space(b).id.clone());
                if let Ok((_, _, zones)) = self.check_transport(rs, p, &from, &to, &pick) {
                    if (zones.len() as u32 + 1) * step as u32 <= cp as u32 {
                        out.push(Action::NavalTransport {
                            from: from.into(),
                            to: to.into(),
                            units: pick.clone(),
                        });
                    }
                }
            }
        }
    }

    /// The sea zones reachable from port `a` through zones holding `p`'s ships.
    fn reachable_zones(&self, rs: &Ruleset, p: Power, a: SpaceId) -> Vec<String> {
        // --- perf: the zone's forces read in place (no `Place` built per zone).
        let usable = |z: &str| {
            self.board
                .seas
                .get(z)
                .is_some_and(|v| v.iter().any(|f| owns_ships(f, p)))
        };
        let mut seen: Vec<String> = rs
            .space(a)
            .ports
            .iter()
            .filter(|z| usable(z))
            .cloned()
            .collect();
        let mut i = 0;
        while i < seen.len() {
            let next = rs
                .sea(&seen[i])
                .map(|x| x.adjacent.clone())
                .unwrap_or_default();
            for y in next {
                if !seen.contains(&y) && usable(&y) {
                    seen.push(y);
                }
            }
            i += 1;
        }
        seen
    }

    /// Answers a naval decision (called from `answer_step`).
    pub(crate) fn answer_naval(
        &mut self,
        rs: &Ruleset,
        p: Power,
        top: &Step,
        a: &super::action::Action,
        ev: &mut Vec<Event>,
    ) -> RuleResult<()> {
        use super::action::Action;
        match (top, a) {
            (
                Step::NavalCasualties(NavalCasualties { place, hits, .. }),
                Action::SinkShips {
                    squadrons,
                    corsairs,
                },
            ) => {
                let pl = Game::resolve_place(rs, place)?;
                let side = self.side_of(&pl, Some(p), Owner::Major(p));
                let have = side.iter().fold((0, 0), |x, f| {
                    (x.0 + f.squadrons as u32, x.1 + f.corsairs as u32)
                });
                let asked = (*squadrons as u32, *corsairs as u32);
                if !loss_options(have, *hits).contains(&asked) {
                    return Err(Refusal::WrongShipLosses {
                        hits: *hits,
                        asked,
                        have,
                    }
                    .into());
                }
                self.steps.pop();
                self.sink(rs, &pl, Some(p), Owner::Major(p), asked, ev);
                Ok(())
            }
            (
                Step::NavalIntercept(NavalIntercept { zone, from, .. }),
                Action::NavalIntercept { from: f },
            ) => {
                let pl = pick_place(rs, f, from, |id| Refusal::NotANavalInterceptPlace {
                    place: id,
                    zone: zone.clone(),
                    allowed: from.clone(),
                })?;
                let z = zone.clone();
                self.steps.pop();
                self.naval_intercept(rs, p, &pl, &z, ev);
                Ok(())
            }
            (Step::NavalAvoid(NavalAvoid { zone, to, .. }), Action::NavalAvoid { to: t }) => {
                let target = pick_place(rs, t, to, |id| Refusal::BadNavalRetreat {
                    to: id,
                    allowed: to.clone(),
                })?;
                let z = zone.clone();
                self.steps.pop();
                self.naval_avoid(rs, p, &z, &target, ev);
                Ok(())
            }
            (Step::WinterPort(WinterPort { zone, to, .. }), Action::NavalRetreat { to: t }) => {
                let target = pick_place(rs, t, to, |id| Refusal::BadWinterPort {
                    to: id,
                    allowed: to.clone(),
                })?;
                let Place::Port(s) = target else {
                    return Err(Refusal::BadWinterPort {
                        to: t.clone().to_string(),
                        allowed: to.clone(),
                    }
                    .into());
                };
                let z = zone.clone();
                self.steps.pop();
                self.winter_to_port(rs, p, &z, s, ev);
                Ok(())
            }
            (
                Step::NavalRetreat(NavalRetreat { place, to, .. }),
                Action::NavalRetreat { to: t },
            ) => {
                let target = pick_place(rs, t, to, |id| Refusal::BadNavalRetreat {
                    to: id,
                    allowed: to.clone(),
                })?;
                let pl = Place::Sea(place.clone());
                self.steps.pop();
                self.naval_retreat(rs, &pl, Some(p), Owner::Major(p), &target, ev);
                Ok(())
            }
            (_, other) => Err(RuleError::WrongTime {
                action: other.kind(),
                waiting: self.awaiting(),
            }),
        }
    }

    /// The legal answers to a naval decision.
    pub(crate) fn legal_naval_answers(
        &self,
        rs: &Ruleset,
        p: Power,
        top: &Step,
        out: &mut Vec<super::action::Action>,
    ) {
        use super::action::Action;
        match top {
            Step::NavalCasualties(NavalCasualties { place, hits, .. }) => {
                let Ok(pl) = Game::resolve_place(rs, place) else {
                    return;
                };
                let side = self.side_of(&pl, Some(p), Owner::Major(p));
                let have = side.iter().fold((0, 0), |x, f| {
                    (x.0 + f.squadrons as u32, x.1 + f.corsairs as u32)
                });
                for (s, c) in loss_options(have, *hits) {
                    out.push(Action::SinkShips {
                        squadrons: s as u8,
                        corsairs: c as u8,
                    });
                }
            }
            Step::NavalRetreat(NavalRetreat { to, .. })
            | Step::WinterPort(WinterPort { to, .. }) => {
                for t in to {
                    out.push(Action::NavalRetreat {
                        to: t.as_str().into(),
                    });
                }
            }
            Step::NavalAvoid(NavalAvoid { to, .. }) => {
                out.push(Action::Forgo);
                for t in to {
                    out.push(Action::NavalAvoid {
                        to: t.as_str().into(),
                    });
                }
            }
            Step::NavalIntercept(NavalIntercept { from, .. }) => {
                out.push(Action::Forgo);
                for f in from {
                    out.push(Action::NavalIntercept {
                        from: f.as_str().into(),
                    });
                }
            }
            _ => {}
        }
    }

    /// C-ASSAULT-PREREQ (sea part): a sea zone by the port holding ships hostile to `p`.
    pub(crate) fn blockade_zone(&self, rs: &Ruleset, p: Power, s: SpaceId) -> Option<String> {
        rs.space(s)
            .ports
            .iter()
            .find(|z| self.hostile_ships(p, &Place::Sea((*z).clone())))
            .cloned()
    }

    /// C-NAVAL-INT: the powers at war with `p` that may intercept into the entered sea zone,
    /// in impulse order, each with the places it may intercept from: an adjacent sea zone or a
    /// port on the zone holding its ships and none of `p`'s. Nothing intercepts into a port.
    fn naval_intercept_offers(
        &self,
        rs: &Ruleset,
        p: Power,
        b: &Place,
    ) -> Vec<(Power, Vec<String>)> {
        let Place::Sea(z) = b else {
            return Vec::new();
        };
        let mut around: Vec<Place> = rs
            .sea(z)
            .map(|x| x.adjacent.iter().map(|y| Place::Sea(y.clone())).collect())
            .unwrap_or_default();
        around.extend(rs.ports_on(z).into_iter().map(Place::Port));
        let mut out = Vec::new();
        for q in self.powers.iter() {
            if q == p || !self.is_hostile(p, Owner::Major(q)) {
                continue;
            }
            let from: Vec<String> = around
                .iter()
                .filter(|x| {
                    let (s, c) = self.ships_of(q, x);
                    let (ms, mc) = self.ships_of(p, x);
                    s + c > 0 && ms + mc == 0
                })
                .map(|x| rs.place_id(x))
                .collect();
            if !from.is_empty() {
                out.push((q, from));
            }
        }
        out
    }

    /// C-NAVAL-INT: the roll of interception and avoidance for `p`'s ships at `at`: 2d6 plus the
    /// best naval leader's battle rating there, against the land rule's number. Returns the dice,
    /// the bonus, the number needed and whether it succeeded.
    fn naval_leader_roll(
        &mut self,
        rs: &Ruleset,
        p: Power,
        at: &Place,
    ) -> (Vec<u8>, u32, u32, bool) {
        let mine: Vec<Force> = self
            .board
            .forces_at(at)
            .iter()
            .filter(|f| f.owner() == Owner::Major(p))
            .cloned()
            .collect();
        // The leader's part of the naval dice: all of them but the ships' own.
        let bonus = Game::naval_dice(rs, &mine).saturating_sub(
            mine.iter()
                .map(|f| 2 * f.squadrons as u32 + f.corsairs as u32)
                .sum(),
        );
        let dice = self.roll(2);
        let total = dice.iter().map(|d| *d as u32).sum::<u32>() + bonus;
        let need = super::interception::ROLL_NEED;
        (dice, bonus, need, total >= need)
    }

    /// C-NAVAL-INT: `q` tries to intercept into sea zone `z` with its whole stack at `from`:
    /// 2d6 + its best naval leader's battle rating, 9 or more; on success the stack enters `z`
    /// and fights there (the moving power stays the attacker).
    pub(crate) fn naval_intercept(
        &mut self,
        rs: &Ruleset,
        q: Power,
        from: &Place,
        z: &str,
        ev: &mut Vec<Event>,
    ) {
        let (dice, bonus, need, success) = self.naval_leader_roll(rs, q, from);
        ev.push(Event::public(EventKind::NavalInterceptRoll {
            power: q,
            from: rs.place_id(from),
            to: z.to_string(),
            dice,
            bonus,
            need,
            success,
        }));
        if success {
            let fleet = self.take_naval(rs, from, |f| f.owner() == Owner::Major(q));
            self.put_naval(&Place::Sea(z.to_string()), fleet);
            let frame = self.steps.iter_mut().rev().find_map(|s| match s {
                Step::NavalBattle(b) if b.place == z => Some(b),
                _ => None,
            });
            if let Some(b) = frame {
                b.interceptors.push(q);
            }
        }
    }

    /// C-NAVAL-INT (avoiding battle): each defending power with ships in the attacked sea zone
    /// is offered to slip away to an adjacent friendly port or a zone without hostile ships (not
    /// out of a port). Returns whether an offer was pushed.
    fn push_naval_avoid(
        &mut self,
        rs: &Ruleset,
        b: &NavalBattle,
        pl: &Place,
        def: &[Force],
    ) -> bool {
        let Place::Sea(z) = pl else {
            return false;
        };
        let mut pushed = false;
        let order: Vec<Power> = self.powers.iter().collect();
        for d in order.into_iter().rev() {
            if b.interceptors.contains(&d)
                || !def
                    .iter()
                    .any(|f| f.owner() == Owner::Major(d) && f.ships() > 0)
            {
                continue;
            }
            let to: Vec<String> = self
                .naval_retreats(rs, z, Some(d), Owner::Major(d))
                .iter()
                .map(|x| rs.place_id(x))
                .filter(|x| *x != b.came_from)
                .collect();
            if !to.is_empty() {
                self.steps.push(Step::NavalAvoid(NavalAvoid {
                    power: d,
                    zone: z.clone(),
                    to,
                }));
                pushed = true;
            }
        }
        pushed
    }

    /// C-NAVAL-INT: `d` tries to avoid battle in sea zone `z`, moving its ships there to `to` on
    /// 2d6 + its best naval leader's battle rating ≥ 9.
    pub(crate) fn naval_avoid(
        &mut self,
        rs: &Ruleset,
        d: Power,
        z: &str,
        to: &Place,
        ev: &mut Vec<Event>,
    ) {
        let at = Place::Sea(z.to_string());
        let (dice, bonus, need, success) = self.naval_leader_roll(rs, d, &at);
        ev.push(Event::public(EventKind::NavalAvoidRoll {
            power: d,
            from: z.to_string(),
            to: rs.place_id(to),
            dice,
            bonus,
            need,
            success,
        }));
        if success {
            let fleet = self.take_naval(rs, &at, |f| f.owner() == Owner::Major(d));
            self.put_naval(to, fleet);
        }
    }

    /// C-LOC-DEF (sea legs): the ports reached from port `x` across one sea zone that holds
    /// ships of `p` or an ally and no enemy ships.
    pub(crate) fn sea_links(&self, rs: &Ruleset, p: Power, x: SpaceId) -> Vec<SpaceId> {
        if self.board.seas.is_empty() {
            return Vec::new();
        }
        let mut out = Vec::new();
        for z in &rs.space(x).ports {
            let Some(v) = self.board.seas.get(z) else {
                continue;
            };
            let stance = |f: &Force| self.board.stance(p, f.owner());
            let friendly = v
                .iter()
                .any(|f| f.ships() > 0 && stance(f) == Stance::Friendly);
            let enemy = v.iter().any(|f| stance(f) == Stance::Enemy);
            if friendly && !enemy {
                out.extend(rs.ports_on(z).into_iter().filter(|s| *s != x));
            }
        }
        out
    }
}

/// A pick cut down to at most `max` land units (mercenaries first, then cavalry, then
/// regulars), leaders kept: the largest formation a sea crossing carries (C-NAVAL-TRANSPORT,
/// C-MOVE-SPRING).
pub(crate) fn cap_land(pick: &Units, max: u32) -> Units {
    let mut pick = pick.clone();
    while pick.land() > max {
        if pick.mercenaries > 0 {
            pick.mercenaries -= 1;
        } else if pick.cavalry > 0 {
            pick.cavalry -= 1;
        } else {
            pick.regulars -= 1;
        }
    }
    pick
}

/// The place named by `name` if it is one of `allowed` (place ids); otherwise the refusal that
/// `refuse` makes from the named place's id.
fn pick_place(
    rs: &Ruleset,
    name: &str,
    allowed: &[String],
    refuse: impl FnOnce(String) -> Refusal,
) -> RuleResult<Place> {
    let place = Game::resolve_place(rs, name)?;
    let id = rs.place_id(&place);
    if allowed.contains(&id) {
        Ok(place)
    } else {
        Err(refuse(id).into())
    }
}

// --- perf
/// Whether this force is `p`'s and holds ships (what `Game::ships_of` counts).
fn owns_ships(f: &Force, p: Power) -> bool {
    f.owner() == Owner::Major(p) && (f.squadrons > 0 || f.corsairs > 0)
}

// --- questions on the decision stack (`super::question::Question`)

/// Decision (C-NAVAL-COMBAT): `power` picks which of its ships are sunk.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct NavalCasualties {
    /// The owner choosing.
    pub power: Power,
    /// Port (space id) or sea-zone id.
    pub place: String,
    /// Hits taken.
    pub hits: u32,
}

/// Decision (C-NAVAL-INT): `power` may intercept into sea zone `zone` from one of `from`.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct NavalIntercept {
    /// The power offered the interception.
    pub power: Power,
    /// The entered sea zone.
    pub zone: String,
    /// Places (adjacent zones, ports on the zone) it may intercept from.
    pub from: Vec<String>,
}

/// Decision (C-NAVAL-INT): `power` may try to avoid battle in sea zone `zone`, going to one
/// of `to`.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct NavalAvoid {
    /// The defending power.
    pub power: Power,
    /// The attacked sea zone.
    pub zone: String,
    /// Legal destinations.
    pub to: Vec<String>,
}

/// Decision (C-NAVAL-COMBAT): `power` picks where its beaten fleet goes.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct NavalRetreat {
    /// The retreating power.
    pub power: Power,
    /// The sea zone of the battle.
    pub place: String,
    /// Legal destinations (ports and sea-zone ids).
    pub to: Vec<String>,
}

/// Decision (C-NAVAL-WINTER): `power` picks which of the equally near ports `to` its fleet
/// in sea zone `zone` winters in.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct WinterPort {
    /// The fleet's owner.
    pub power: Power,
    /// The sea zone.
    pub zone: String,
    /// The equally near controlled ports (space ids).
    pub to: Vec<String>,
}

impl Question for NavalCasualties {
    fn asked(&self) -> (Power, Decision) {
        (self.power, Decision::NavalCasualties)
    }

    fn takes(&self, a: &Action) -> bool {
        matches!(
            a,
            Action::SinkShips { .. }
                | Action::NavalRetreat { .. }
                | Action::NavalIntercept { .. }
                | Action::NavalAvoid { .. }
        )
    }

    fn answer(
        &self,
        g: &mut Game,
        rs: &Ruleset,
        p: Power,
        a: &Action,
        ev: &mut Vec<Event>,
    ) -> RuleResult<()> {
        g.answer_naval(rs, p, &Step::NavalCasualties(self.clone()), a, ev)
    }

    fn legal(&self, g: &Game, rs: &Ruleset, p: Power, out: &mut Vec<Action>) {
        g.legal_naval_answers(rs, p, &Step::NavalCasualties(self.clone()), out)
    }

    fn forgo(&self) -> Forgo {
        Forgo::MustAnswer
    }
}

impl Question for NavalRetreat {
    fn asked(&self) -> (Power, Decision) {
        (self.power, Decision::NavalRetreat)
    }

    fn takes(&self, a: &Action) -> bool {
        matches!(
            a,
            Action::SinkShips { .. }
                | Action::NavalRetreat { .. }
                | Action::NavalIntercept { .. }
                | Action::NavalAvoid { .. }
        )
    }

    fn answer(
        &self,
        g: &mut Game,
        rs: &Ruleset,
        p: Power,
        a: &Action,
        ev: &mut Vec<Event>,
    ) -> RuleResult<()> {
        g.answer_naval(rs, p, &Step::NavalRetreat(self.clone()), a, ev)
    }

    fn legal(&self, g: &Game, rs: &Ruleset, p: Power, out: &mut Vec<Action>) {
        g.legal_naval_answers(rs, p, &Step::NavalRetreat(self.clone()), out)
    }

    fn forgo(&self) -> Forgo {
        Forgo::MustAnswer
    }
}

impl Question for NavalIntercept {
    fn asked(&self) -> (Power, Decision) {
        (self.power, Decision::NavalIntercept)
    }

    fn takes(&self, a: &Action) -> bool {
        matches!(
            a,
            Action::SinkShips { .. }
                | Action::NavalRetreat { .. }
                | Action::NavalIntercept { .. }
                | Action::NavalAvoid { .. }
        )
    }

    fn answer(
        &self,
        g: &mut Game,
        rs: &Ruleset,
        p: Power,
        a: &Action,
        ev: &mut Vec<Event>,
    ) -> RuleResult<()> {
        g.answer_naval(rs, p, &Step::NavalIntercept(self.clone()), a, ev)
    }

    fn legal(&self, g: &Game, rs: &Ruleset, p: Power, out: &mut Vec<Action>) {
        g.legal_naval_answers(rs, p, &Step::NavalIntercept(self.clone()), out)
    }

    fn standing(&self, g: &Game, _rs: &Ruleset) -> Option<(Standing, Action)> {
        g.has_standing(self.power, Standing::NeverIntercept)
            .then_some((Standing::NeverIntercept, Action::Forgo))
    }

    fn forgo(&self) -> Forgo {
        Forgo::Declines
    }
}

impl Question for NavalAvoid {
    fn asked(&self) -> (Power, Decision) {
        (self.power, Decision::NavalAvoid)
    }

    fn takes(&self, a: &Action) -> bool {
        matches!(
            a,
            Action::SinkShips { .. }
                | Action::NavalRetreat { .. }
                | Action::NavalIntercept { .. }
                | Action::NavalAvoid { .. }
        )
    }

    fn answer(
        &self,
        g: &mut Game,
        rs: &Ruleset,
        p: Power,
        a: &Action,
        ev: &mut Vec<Event>,
    ) -> RuleResult<()> {
        g.answer_naval(rs, p, &Step::NavalAvoid(self.clone()), a, ev)
    }

    fn legal(&self, g: &Game, rs: &Ruleset, p: Power, out: &mut Vec<Action>) {
        g.legal_naval_answers(rs, p, &Step::NavalAvoid(self.clone()), out)
    }

    fn standing(&self, g: &Game, _rs: &Ruleset) -> Option<(Standing, Action)> {
        g.has_standing(self.power, Standing::NeverAvoid)
            .then_some((Standing::NeverAvoid, Action::Forgo))
    }

    fn forgo(&self) -> Forgo {
        Forgo::Declines
    }
}

impl Question for WinterPort {
    fn asked(&self) -> (Power, Decision) {
        (self.power, Decision::WinterPort)
    }

    fn takes(&self, a: &Action) -> bool {
        matches!(
            a,
            Action::SinkShips { .. }
                | Action::NavalRetreat { .. }
                | Action::NavalIntercept { .. }
                | Action::NavalAvoid { .. }
        )
    }

    fn answer(
        &self,
        g: &mut Game,
        rs: &Ruleset,
        p: Power,
        a: &Action,
        ev: &mut Vec<Event>,
    ) -> RuleResult<()> {
        g.answer_naval(rs, p, &Step::WinterPort(self.clone()), a, ev)
    }

    fn legal(&self, g: &Game, rs: &Ruleset, p: Power, out: &mut Vec<Action>) {
        g.legal_naval_answers(rs, p, &Step::WinterPort(self.clone()), out)
    }

    fn standing(&self, g: &Game, rs: &Ruleset) -> Option<(Standing, Action)> {
        g.has_standing(self.power, Standing::WinterDefault)
            .then(|| {
                (
                    Standing::WinterDefault,
                    g.winter_default_answer(rs, &Step::WinterPort(self.clone())),
                )
            })
    }

    fn forgo(&self) -> Forgo {
        Forgo::MustAnswer
    }
}

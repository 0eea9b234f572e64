//! The wars of religion: conversion attempts and the English Catholic rebellion.
//!
//! What the seeds say: religion is fought over in four zones (R-REL-ZONES) and spaces outside
//! them keep their printed faith but count with it when a neighbour is being converted
//! (R-REL-OUTSIDE). What the public fragments add (the rules digest): a conversion attempt is a
//! single die with modifiers; a natural 6 also places unrest unless the roller counts it as a 5;
//! one rebellion per zone per impulse; the English Catholic rebellion gets +2 dice with a Spanish
//! regular in Ireland or Scotland and +4 with one in England.
//!
//! Everything else here is our reconstruction, and every number lives in
//! `map_data/virgin_queen/religion.csv` ([`ReligionRules`]) so that a group that owns the game
//! can correct it without code:
//!
//! - X-REL-CONVERT: who converts, where (a space of the zones not of the converter's faith,
//!   next to a space of that faith or holding the converter's land units), the modifiers and the
//!   success number;
//! - X-REL-SIX: the natural-6 choice is the roller's decision (the question [`ConversionSix`]);
//! - X-REL-ONE-REBELLION: one rebellion (Protestant revolt or English Catholic rebellion) per zone
//!   per impulse;
//! - X-REL-ENG-REBELLION: the English Catholic rebellion's procedure.

use super::action::Action;
use super::error::RuleResult;
use super::event::{Event, EventKind, Side};
use super::game::{Decision, Game, Stage};
use super::power::{Owner, Power, Religion, ReligiousZone, SpaceType};
use super::question::Question;
use super::refusal::Refusal;
use super::ruleset::{Ruleset, SpaceId};
use super::steps::Step;
use serde::{Deserialize, Serialize};

/// The question (X-REL-SIX): a conversion attempt rolled a natural 6; the roller keeps it and
/// places unrest, or counts it as the data's lower number. The attempt's CP are paid: the stage
/// holds the CP left.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ConversionSix {
    /// The roller.
    pub power: Power,
    /// The space of the attempt.
    pub space: SpaceId,
    /// The attempt's modifier.
    pub modifier: i8,
}

impl Question for ConversionSix {
    fn asked(&self) -> (Power, Decision) {
        (self.power, Decision::ConversionSix)
    }

    fn takes(&self, a: &Action) -> bool {
        matches!(a, Action::ConversionSix { .. })
    }

    fn answer(
        &self,
        g: &mut Game,
        rs: &Ruleset,
        _p: Power,
        a: &Action,
        ev: &mut Vec<Event>,
    ) -> RuleResult<()> {
        let Action::ConversionSix { unrest } = a else {
            return Err(Refusal::NoSixPending.into());
        };
        g.answer_six(rs, self, *unrest, ev);
        Ok(())
    }

    fn legal(&self, _g: &Game, _rs: &Ruleset, _p: Power, out: &mut Vec<Action>) {
        out.push(Action::ConversionSix { unrest: true });
        out.push(Action::ConversionSix { unrest: false });
    }
}

/// The numbers of the religious struggle, read from `religion.csv` (see `docs/data-format.md`).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ReligionRules {
    /// The powers that make conversion attempts, and the faith each promotes (X-REL-CONVERT).
    pub faiths: Vec<(Power, Religion)>,
    /// A conversion succeeds when die plus modifiers reaches this (X-REL-CONVERT).
    pub success: i32,
    /// Modifier for each adjacent space of the attempted faith (R-REL-OUTSIDE: spaces outside
    /// the zones count with their printed faith).
    pub adjacent_same: i32,
    /// Largest total of the adjacency modifier.
    pub adjacent_max: i32,
    /// Modifier when the converting power has land units in the target.
    pub own_units: i32,
    /// Modifier against a key.
    pub key: i32,
    /// Whether a port counts as next to a space of the faith when a port of that faith shares
    /// one of its sea zones (Here I Stand's reformations reached across the sea).
    pub sea_foothold: bool,
    /// The natural roll that also places unrest (X-REL-SIX).
    pub unrest_natural: u8,
    /// What the roller may count that roll as instead, placing no unrest (X-REL-SIX).
    pub six_counts_as: u8,
    /// Dice of the English Catholic rebellion before its bonuses (X-REL-ENG-REBELLION).
    pub rebellion_dice: u8,
    /// Extra dice with a Spanish regular in Ireland or Scotland (counted once).
    pub rebellion_near: u8,
    /// The spaces that are "Ireland" for that bonus (the map has no Irish zone), by data id.
    pub ireland: Vec<String>,
    /// Extra dice with a Spanish regular in England.
    pub rebellion_in_england: u8,
    /// A die showing at least this hits.
    pub rebellion_hit: u8,
    /// England's dice before one per English land unit in or next to the target.
    pub rebellion_defense: u8,
    /// With at least this many more hits than England, unrest spreads to the adjacent Catholic
    /// English spaces England controls.
    pub rebellion_spread: u8,
    /// Whether a Protestant capital must be a fortified space (X-PROT-CAPITAL-SPACE); when not,
    /// any space of the territory the Protestant holds after the revolt may be declared.
    pub capital_fortified: bool,
}

impl ReligionRules {
    /// The faith `p` promotes by conversion attempts, if it makes any.
    pub fn faith(&self, p: Power) -> Option<Religion> {
        self.faiths.iter().find(|(q, _)| *q == p).map(|(_, r)| *r)
    }

    /// The powers that make conversion attempts.
    pub fn converters(&self) -> Vec<Power> {
        self.faiths.iter().map(|(p, _)| *p).collect()
    }
}

/// Which religious CP action a refusal for lack of CP is about.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ReligionAction {
    /// A conversion attempt (X-REL-CONVERT).
    Convert,
    /// The English Catholic rebellion (X-REL-ENG-REBELLION).
    CatholicRebellion,
}

impl ReligionAction {
    /// The key of its cost in `costs.csv`.
    pub fn cost_key(self) -> &'static str {
        match self {
            ReligionAction::Convert => "convert",
            ReligionAction::CatholicRebellion => "catholic_rebellion",
        }
    }
}

/// Whether an action is one of the religious CP actions handled here.
pub(crate) fn is_religion_cp_action(a: &Action) -> bool {
    matches!(a, Action::Convert { .. } | Action::CatholicRebellion { .. })
}

impl Game {
    /// The modifier of a conversion attempt by `p` toward `faith` in `s` (X-REL-CONVERT).
    pub fn conversion_modifier(&self, rs: &Ruleset, p: Power, faith: Religion, s: SpaceId) -> i32 {
        let r = &rs.religion;
        let same = rs.neighbours[s.idx()]
            .iter()
            .filter(|(n, _)| self.board.religion(rs, *n) == faith)
            .count() as i32;
        let mut m = (same * r.adjacent_same).min(r.adjacent_max);
        if self
            .board
            .at(s)
            .forces
            .iter()
            .any(|f| f.owner() == Owner::Major(p) && f.land() > 0)
        {
            m += r.own_units;
        }
        if self.board.space_type(rs, s) == SpaceType::Key {
            m += r.key;
        }
        m
    }

    /// The CP a religious action costs, refused when `cp` are not enough.
    fn religion_cost(
        &self,
        rs: &Ruleset,
        p: Power,
        what: ReligionAction,
        cp: u8,
    ) -> RuleResult<u8> {
        let key = what.cost_key();
        let cost = rs.cost(key).ok_or(Refusal::NoCostInData { key })?;
        if cost > cp {
            return Err(Refusal::ReligionNeedsCp {
                power: p,
                action: what,
                left: cp,
                cost,
            }
            .into());
        }
        Ok(cost)
    }

    /// X-REL-CONVERT: checks a conversion attempt by `p` in `space`; the space and the faith.
    pub(crate) fn check_convert(
        &self,
        rs: &Ruleset,
        p: Power,
        space: &str,
    ) -> RuleResult<(SpaceId, Religion)> {
        let Some(faith) = rs.religion.faith(p) else {
            return Err(Refusal::NoConversions {
                power: p,
                converters: rs.religion.converters(),
            }
            .into());
        };
        let s = Game::resolve_space(rs, space)?;
        self.check_convert_at(rs, p, faith, s)?;
        Ok((s, faith))
    }

    /// The space-level checks of a conversion attempt (cheap: used for legal actions too).
    pub(crate) fn check_convert_at(
        &self,
        rs: &Ruleset,
        p: Power,
        faith: Religion,
        s: SpaceId,
    ) -> RuleResult<()> {
        if rs.space(s).zone == ReligiousZone::None {
            return Err(Refusal::ConvertOutsideZones { space: s }.into());
        }
        if self.board.religion(rs, s) == faith {
            return Err(Refusal::AlreadyOfFaith {
                space: s,
                religion: faith,
            }
            .into());
        }
        // --- perf: own land units here are looked for first (cheap); the foothold search,
        // which can scan every port, only when there are none.
        let here = self
            .board
            .at(s)
            .forces
            .iter()
            .any(|f| f.owner() == Owner::Major(p) && f.land() > 0);
        let near = || {
            rs.neighbours[s.idx()]
                .iter()
                .any(|(n, _)| self.board.religion(rs, *n) == faith)
                || (rs.religion.sea_foothold
                    && rs.space(s).is_port()
                    && rs.space_ids().any(|o| {
                        o != s && self.board.religion(rs, o) == faith && rs.share_sea(s, o)
                    }))
        };
        if !here && !near() {
            return Err(Refusal::ConvertNoFoothold {
                space: s,
                religion: faith,
            }
            .into());
        }
        Ok(())
    }

    /// CP: a religious action (conversion attempt or English Catholic rebellion) with `cp` CP
    /// left. Returns with the stage set: back to spending CP, the next impulse, or the roller's
    /// natural-6 decision.
    pub(crate) fn religion_cp_action(
        &mut self,
        rs: &Ruleset,
        p: Power,
        a: &Action,
        cp: u8,
        ev: &mut Vec<Event>,
    ) -> RuleResult<()> {
        match a {
            Action::Convert { space } => {
                let (s, faith) = self.check_convert(rs, p, space)?;
                let cost = self.religion_cost(rs, p, ReligionAction::Convert, cp)?;
                let left = cp - cost;
                let modifier = self.conversion_modifier(rs, p, faith, s);
                let natural = self.d6();
                let r = &rs.religion;
                if natural == r.unrest_natural && r.six_counts_as != r.unrest_natural {
                    ev.push(Event::public(EventKind::ConversionSixRolled {
                        power: p,
                        space: s,
                        modifier: modifier as i8,
                    }));
                    self.stage = Stage::Cp { power: p, cp: left };
                    self.steps.push(Step::ConversionSix(ConversionSix {
                        power: p,
                        space: s,
                        modifier: modifier as i8,
                    }));
                    return Ok(());
                }
                let unrest = natural == r.unrest_natural;
                self.resolve_conversion(rs, p, s, natural, natural, modifier, unrest, ev);
                self.after_religion_action(rs, p, left, ev);
            }
            Action::CatholicRebellion { space } => {
                let s = self.check_catholic_rebellion(rs, p, space)?;
                let cost = self.religion_cost(rs, p, ReligionAction::CatholicRebellion, cp)?;
                self.do_catholic_rebellion(rs, p, s, ev);
                self.after_religion_action(rs, p, cp - cost, ev);
            }
            _ => return Err(Refusal::NoCpCost { action: a.kind() }.into()),
        }
        Ok(())
    }

    /// Back to spending the CP left, or on to the next impulse.
    fn after_religion_action(&mut self, rs: &Ruleset, p: Power, left: u8, ev: &mut Vec<Event>) {
        if self.is_over() {
        } else if left == 0 {
            self.next_impulse(rs, p, 0, ev);
        } else {
            self.stage = Stage::Cp { power: p, cp: left };
            ev.push(Event::public(EventKind::CpLeft { power: p, cp: left }));
        }
    }

    /// The result of a conversion attempt: the roll counted as `counted`, unrest if asked.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn resolve_conversion(
        &mut self,
        rs: &Ruleset,
        p: Power,
        s: SpaceId,
        natural: u8,
        counted: u8,
        modifier: i32,
        unrest: bool,
        ev: &mut Vec<Event>,
    ) {
        let faith = rs.religion.faith(p).unwrap_or(Religion::Catholic);
        let total = counted as i32 + modifier;
        let success = total >= rs.religion.success;
        ev.push(Event::public(EventKind::ConversionAttempt {
            power: p,
            space: s,
            natural,
            counted,
            modifier: modifier as i8,
            needed: rs.religion.success as i8,
            success,
        }));
        if success && self.board.set_religion(rs, s, faith).is_ok() {
            ev.push(Event::public(EventKind::ReligionChanged {
                space: s,
                religion: faith,
            }));
        }
        if unrest {
            self.place_unrest(s, ev);
        }
    }

    /// Puts unrest on a space (it then has the unrest effects of C-UNREST), announced.
    fn place_unrest(&mut self, s: SpaceId, ev: &mut Vec<Event>) {
        if !self.board.spaces[s.idx()].unrest {
            self.board.spaces[s.idx()].unrest = true;
            ev.push(Event::public(EventKind::UnrestPlaced { space: s }));
        }
    }

    /// X-REL-SIX: the roller keeps the natural 6 (and places unrest) or counts it as a 5.
    fn answer_six(&mut self, rs: &Ruleset, q: &ConversionSix, unrest: bool, ev: &mut Vec<Event>) {
        self.steps.pop();
        let cp = match self.stage {
            Stage::Cp { cp, .. } => cp,
            _ => 0,
        };
        let r = &rs.religion;
        let natural = r.unrest_natural;
        let counted = if unrest { natural } else { r.six_counts_as };
        self.resolve_conversion(
            rs,
            q.power,
            q.space,
            natural,
            counted,
            q.modifier as i32,
            unrest,
            ev,
        );
        self.after_religion_action(rs, q.power, cp, ev);
    }

    // ---------------------------------------------------------------- English Catholic rebellion

    /// X-REL-ENG-REBELLION: checks a rebellion raised by `p` in `space`.
    pub(crate) fn check_catholic_rebellion(
        &self,
        rs: &Ruleset,
        p: Power,
        space: &str,
    ) -> RuleResult<SpaceId> {
        if rs.religion.faith(p) != Some(Religion::Catholic) || p == Power::England {
            let sponsors = rs
                .religion
                .faiths
                .iter()
                .filter(|(q, f)| *f == Religion::Catholic && *q != Power::England)
                .map(|(q, _)| *q)
                .collect();
            return Err(Refusal::RebellionNotCatholicPower { power: p, sponsors }.into());
        }
        let s = Game::resolve_space(rs, space)?;
        self.check_catholic_rebellion_at(rs, s)?;
        Ok(s)
    }

    fn check_catholic_rebellion_at(&self, rs: &Ruleset, s: SpaceId) -> RuleResult<()> {
        if rs.space(s).zone != ReligiousZone::England || !self.board.controls(rs, Power::England, s)
        {
            return Err(Refusal::RebellionNotEnglishSpace { space: s }.into());
        }
        if self.protestant.revolts.contains(&ReligiousZone::England) {
            return Err(Refusal::RebellionAlreadyInZone {
                zone: ReligiousZone::England,
            }
            .into());
        }
        if self.board.religion(rs, s) != Religion::Catholic {
            return Err(Refusal::RebellionNeedsCatholic { space: s }.into());
        }
        if self
            .board
            .at(s)
            .forces
            .iter()
            .any(|f| f.owner() == Owner::Major(Power::England) && f.land() > 0)
        {
            return Err(Refusal::RebellionEnglishUnits { space: s }.into());
        }
        if self.board.at(s).besieged_by.is_some() {
            return Err(Refusal::UnderSiege { space: s }.into());
        }
        Ok(())
    }

    /// Whether a Spanish regular stands in a space matching `pred`.
    fn spanish_regular_where(&self, rs: &Ruleset, pred: impl Fn(SpaceId) -> bool) -> bool {
        rs.space_ids().filter(|s| pred(*s)).any(|s| {
            self.board
                .at(s)
                .forces
                .iter()
                .any(|f| f.owner() == Owner::Major(Power::Spain) && f.regulars > 0)
        })
    }

    /// The rebellion's dice: the base number, +2 with a Spanish regular in Ireland or Scotland
    /// (once), +4 with one in England (the digest's FAQ numbers; both live in the data).
    pub fn catholic_rebellion_dice(&self, rs: &Ruleset) -> u32 {
        let r = &rs.religion;
        let near = self.spanish_regular_where(rs, |s| {
            let sp = rs.space(s);
            sp.zone == ReligiousZone::Scotland || r.ireland.contains(&sp.id)
        });
        let in_england =
            self.spanish_regular_where(rs, |s| rs.space(s).zone == ReligiousZone::England);
        r.rebellion_dice as u32
            + if near { r.rebellion_near as u32 } else { 0 }
            + if in_england {
                r.rebellion_in_england as u32
            } else {
                0
            }
    }

    /// Rolls a checked English Catholic rebellion and applies it.
    fn do_catholic_rebellion(&mut self, rs: &Ruleset, p: Power, s: SpaceId, ev: &mut Vec<Event>) {
        let r = rs.religion.clone();
        self.protestant.revolts.push(ReligiousZone::England);
        let english = |g: &Game, x: SpaceId| {
            g.board
                .at(x)
                .forces
                .iter()
                .filter(|f| f.owner() == Owner::Major(Power::England))
                .map(|f| f.land())
                .sum::<u32>()
        };
        let near_units: u32 = english(self, s)
            + rs.neighbours[s.idx()]
                .iter()
                .filter(|(n, _)| rs.space(*n).zone == ReligiousZone::England)
                .map(|(n, _)| english(self, *n))
                .sum::<u32>();
        let attack = self.roll(self.catholic_rebellion_dice(rs));
        let defend = self.roll(r.rebellion_defense as u32 + near_units);
        let hits = |d: &[u8]| d.iter().filter(|x| **x >= r.rebellion_hit).count() as u32;
        let (ah, dh) = (hits(&attack), hits(&defend));
        let success = ah > dh;
        ev.push(Event::public(EventKind::CatholicRebellion {
            space: s,
            by: p,
            attacker: Side {
                owner: Owner::Major(p),
                dice: attack,
                hits: ah,
                losses: 0,
            },
            defender: Side {
                owner: Owner::Major(Power::England),
                dice: defend,
                hits: dh,
                losses: 0,
            },
            success,
        }));
        if !success {
            return;
        }
        self.place_unrest(s, ev);
        if ah - dh >= r.rebellion_spread as u32 {
            let spread: Vec<SpaceId> = rs.neighbours[s.idx()]
                .iter()
                .map(|(n, _)| *n)
                .filter(|n| {
                    rs.space(*n).zone == ReligiousZone::England
                        && self.board.religion(rs, *n) == Religion::Catholic
                        && self.board.controls(rs, Power::England, *n)
                })
                .collect();
            for n in spread {
                self.place_unrest(n, ev);
            }
        }
    }

    /// Conversion attempts and English Catholic rebellions `p` may make with `cp` CP.
    pub(crate) fn legal_religion(&self, rs: &Ruleset, p: Power, cp: u8, out: &mut Vec<Action>) {
        if let Some(faith) = rs.religion.faith(p) {
            if rs.cost("convert").is_some_and(|c| c <= cp) {
                for s in rs.space_ids() {
                    // --- perf: the check's first two refusals tested here, so that the spaces
                    // they refuse build no refusal.
                    if rs.space(s).zone == ReligiousZone::None
                        || self.board.religion(rs, s) == faith
                    {
                        continue;
                    }
                    if self.check_convert_at(rs, p, faith, s).is_ok() {
                        out.push(Action::Convert {
                            space: rs.space_name(s),
                        });
                    }
                }
            }
            let sponsor = faith == Religion::Catholic && p != Power::England;
            if sponsor && rs.cost("catholic_rebellion").is_some_and(|c| c <= cp) {
                for s in rs.space_ids() {
                    if self.check_catholic_rebellion_at(rs, s).is_ok() {
                        out.push(Action::CatholicRebellion {
                            space: rs.space_name(s),
                        });
                    }
                }
            }
        }
    }
}

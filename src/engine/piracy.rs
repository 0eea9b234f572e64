//! Piracy by Ottoman corsairs (Here I Stand 16.4, core rule C-PIRACY) and the naval state that is
//! not ships: piracy VP, piracy markers, the Barbary Pirates flag that allows corsairs (C-RAISE).
//!
//! Readings of C-PIRACY, each documented here and in the report:
//! * Anti-piracy dice: 2 per squadron of the target in the zone; 1 per squadron of a power at war
//!   with the Ottoman in the zone, and 1 per squadron of the target or of such a power in a port on
//!   the zone or in an adjacent sea zone; 1 per fortress-type space on the zone controlled by the
//!   target or by such a power (Gibraltar, Malta, Corfu, … are the fortresses of the data).
//! * Piracy dice: none when no corsair survives; else 1 when the target controls exactly one port
//!   on the zone, otherwise 1 per surviving corsair up to 2; plus the best piracy rating of the
//!   Ottoman naval leaders in the zone (`leader_piracy.csv`).
//! * A squadron lost "nearby" is one of the target's in the zone or in a port on it; a card given
//!   is drawn at random from the target's hand, home cards excepted; a VP is one more piracy VP for
//!   the Ottoman, up to `piracy_vp_cap` (`rules.csv`).
//! * Rotation: each hit the target picks an option it has not picked yet for this piracy while
//!   such an option is available; when every available option was picked, the round starts again.
//!   With exactly one legal answer the engine applies it (nothing to decide); with none the hit
//!   is lost.
//! * Ottoman naval leaders left at sea without corsairs go to the nearest Ottoman port.

use super::action::Action;
use super::board::Force;
use super::error::RuleResult;
use super::event::{Event, EventKind, Visibility};
use super::game::Decision;
use super::game::Game;
use super::naval::Place;
use super::power::{Owner, Power, PowerSet, SpaceType};
use super::question::{Forgo, Question};
use super::refusal::Refusal;
use super::ruleset::{CardKind, Ruleset};
use super::steps::Step;
use super::turn_data::ids;
use serde::{Deserialize, Serialize};

/// Naval state beyond the ships (C-PIRACY, C-RAISE).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct NavalState {
    /// Piracy VP the Ottoman has won (C-PIRACY); counted in its VP.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub piracy_vp: u8,
    /// Sea zones pirated this turn (piracy markers; removed in Winter, C-WINTER-ORDER).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub pirated: Vec<String>,
    /// The Barbary Pirates event has been played: the Ottoman may build corsairs (C-RAISE).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub barbary_pirates: bool,
}

fn is_zero(n: &u8) -> bool {
    *n == 0
}

impl NavalState {
    /// Nothing set (the state JSON omits it).
    pub fn is_empty(&self) -> bool {
        self.piracy_vp == 0 && self.pirated.is_empty() && !self.barbary_pirates
    }
}

/// What the target of piracy gives for one hit (C-PIRACY).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PiracyReward {
    /// Loses one of its squadrons in the zone or in a port on it.
    Squadron,
    /// Gives the Ottoman a random card from its hand.
    Card,
    /// Gives the Ottoman 1 piracy VP.
    Vp,
}

impl PiracyReward {
    /// All rewards, in the order they are offered.
    pub const ALL: [PiracyReward; 3] =
        [PiracyReward::Squadron, PiracyReward::Card, PiracyReward::Vp];

    /// The id used in commands and JSON.
    pub fn id(self) -> &'static str {
        match self {
            PiracyReward::Squadron => "squadron",
            PiracyReward::Card => "card",
            PiracyReward::Vp => "vp",
        }
    }
}

impl Game {
    /// C-PIRACY: checks piracy by `p` in sea zone `zone` against `target`; returns the zone id.
    pub(crate) fn check_piracy(
        &self,
        rs: &Ruleset,
        p: Power,
        zone: &str,
        target: Power,
    ) -> RuleResult<String> {
        if p != Power::Ottoman {
            return Err(Refusal::PiracyOttomanOnly { power: p }.into());
        }
        let z = match Game::resolve_place(rs, zone)? {
            Place::Sea(z) => z,
            Place::Port(s) => {
                return Err(Refusal::PiracyAtSeaOnly {
                    place: rs.space(s).id.clone(),
                }
                .into())
            }
        };
        if self.ships_of(p, &Place::Sea(z.clone())).1 == 0 {
            return Err(Refusal::NoCorsairsThere {
                zone: z,
                zones: self.corsair_zones(),
            }
            .into());
        }
        if self.naval.pirated.contains(&z) {
            return Err(Refusal::PiratedThisTurn { zone: z }.into());
        }
        let targets = self.piracy_targets(rs, &z);
        if !targets.contains(&target) {
            return Err(Refusal::PiracyTarget {
                target,
                zone: z,
                allowed: targets,
            }
            .into());
        }
        Ok(z)
    }

    /// Sea zones holding Ottoman corsairs, in state order.
    fn corsair_zones(&self) -> Vec<String> {
        self.board
            .seas
            .iter()
            .filter(|(_, v)| {
                v.iter()
                    .any(|f| f.owner() == Owner::Major(Power::Ottoman) && f.corsairs > 0)
            })
            .map(|(z, _)| z.clone())
            .collect()
    }

    /// C-PIRACY: the powers in play (not the Ottoman) controlling a port on zone `z`.
    pub fn piracy_targets(&self, rs: &Ruleset, z: &str) -> Vec<Power> {
        let ports = rs.ports_on(z);
        self.powers
            .iter()
            .filter(|q| *q != Power::Ottoman)
            .filter(|q| ports.iter().any(|s| self.board.controls(rs, *q, *s)))
            .collect()
    }

    /// Whether `q` counts against the Ottoman's corsairs: the target or a power at war with it.
    fn anti_power(&self, target: Power, o: Owner) -> bool {
        match o {
            Owner::Major(q) => {
                q == target || self.board.relation(Power::Ottoman, q) == super::power::Relation::War
            }
            _ => false,
        }
    }

    /// C-PIRACY: the anti-piracy dice against piracy in `z` aimed at `target`.
    pub fn anti_piracy_dice(&self, rs: &Ruleset, z: &str, target: Power) -> u32 {
        let here = Place::Sea(z.to_string());
        let mut n = 0;
        for f in self.board.forces_at(&here) {
            if f.owner() == Owner::Major(target) {
                n += 2 * f.squadrons as u32;
            } else if self.anti_power(target, f.owner()) {
                n += f.squadrons as u32;
            }
        }
        let mut near: Vec<Place> = rs.ports_on(z).into_iter().map(Place::Port).collect();
        if let Some(zone) = rs.sea(z) {
            near.extend(zone.adjacent.iter().map(|y| Place::Sea(y.clone())));
        }
        for pl in &near {
            n += self
                .board
                .forces_at(pl)
                .iter()
                .filter(|f| self.anti_power(target, f.owner()))
                .map(|f| f.squadrons as u32)
                .sum::<u32>();
        }
        for s in rs.ports_on(z) {
            if self.board.space_type(rs, s) == SpaceType::Fortress
                && self.anti_power(target, self.board.controller(rs, s))
            {
                n += 1;
            }
        }
        n
    }

    /// C-PIRACY: the Ottoman pirates in `zone` against `target`.
    pub(crate) fn do_piracy(
        &mut self,
        rs: &Ruleset,
        p: Power,
        zone: &str,
        target: Power,
        ev: &mut Vec<Event>,
    ) -> RuleResult<()> {
        let z = self.check_piracy(rs, p, zone, target)?;
        let here = Place::Sea(z.clone());
        self.naval.pirated.push(z.clone());
        // Anti-piracy first: each hit sinks a corsair.
        let anti = self.anti_piracy_dice(rs, &z, target);
        let anti_dice = self.roll(anti);
        let corsairs = self.ships_of(p, &here).1;
        let sunk = super::battle::hits(&anti_dice).min(corsairs);
        if sunk > 0 {
            let f = self.board.force_at_mut(&here, Owner::Major(p), None);
            f.corsairs -= sunk as u8;
        }
        let left = corsairs - sunk;
        let ports = rs
            .ports_on(&z)
            .into_iter()
            .filter(|s| self.board.controls(rs, target, *s))
            .count();
        let rating = self
            .board
            .forces_at(&here)
            .iter()
            .filter(|f| f.owner() == Owner::Major(p))
            .flat_map(|f| f.leaders.iter())
            .filter_map(|l| rs.leaders.iter().find(|x| &x.id == l))
            .map(|l| l.piracy as u32)
            .max()
            .unwrap_or(0);
        let n = match left {
            0 => 0,
            _ if ports == 1 => 1 + rating,
            c => c.min(2) + rating,
        };
        let dice = self.roll(n);
        let hits = super::battle::hits(&dice);
        ev.push(Event::public(EventKind::PiracyRolled {
            zone: z.clone(),
            target,
            anti_dice,
            corsairs_sunk: sunk,
            dice,
            hits,
        }));
        if left == 0 {
            self.strand_corsair_leaders(rs, &z, ev);
        }
        self.board.tidy_at(&here);
        if hits > 0 {
            self.steps.push(Step::PiracyReward(PiracyPayment {
                power: target,
                zone: z,
                hits,
                given: Vec::new(),
            }));
            self.settle_piracy(rs, ev);
        }
        Ok(())
    }

    /// Ottoman naval leaders left in zone `z` without ships go to the nearest Ottoman port
    /// (off the map if there is none).
    fn strand_corsair_leaders(&mut self, rs: &Ruleset, z: &str, ev: &mut Vec<Event>) {
        let here = Place::Sea(z.to_string());
        let o = Owner::Major(Power::Ottoman);
        let has_ships = self
            .board
            .forces_at(&here)
            .iter()
            .any(|f| f.owner() == o && f.ships() > 0);
        if has_ships {
            return;
        }
        let leaders: Vec<String> = self
            .board
            .forces_at(&here)
            .iter()
            .filter(|f| f.owner() == o)
            .flat_map(|f| f.leaders.clone())
            .collect();
        if leaders.is_empty() {
            return;
        }
        self.board.force_at_mut(&here, o, None).leaders.clear();
        self.board.tidy_at(&here);
        match self.nearest_port(rs, z, o) {
            Some(s) => {
                let mut f = Force::new(o, None);
                f.leaders = leaders;
                let d = self.board.force_mut(s, o, None);
                d.leaders.extend(f.leaders);
                ev.push(Event::public(EventKind::NavalRetreated {
                    owner: o,
                    from: z.to_string(),
                    to: rs.space(s).id.clone(),
                }));
            }
            None => self.off_map.extend(leaders),
        }
    }

    /// The rewards the target of the piracy step on top may give now (C-PIRACY rotation), each
    /// with the places a lost squadron may come from.
    fn piracy_allowed(&self, rs: &Ruleset, step: &Step) -> Vec<(PiracyReward, Option<String>)> {
        let Step::PiracyReward(PiracyPayment {
            power, zone, given, ..
        }) = step
        else {
            return Vec::new();
        };
        let available = self.piracy_available(rs, *power, zone);
        let fresh: Vec<&(PiracyReward, Option<String>)> = available
            .iter()
            .filter(|(r, _)| !given.contains(r))
            .collect();
        if fresh.is_empty() {
            available
        } else {
            fresh.into_iter().cloned().collect()
        }
    }

    /// Every reward `target` could give for piracy in `zone` (ignoring the rotation).
    fn piracy_available(
        &self,
        rs: &Ruleset,
        target: Power,
        zone: &str,
    ) -> Vec<(PiracyReward, Option<String>)> {
        let mut out = Vec::new();
        let mut near = vec![Place::Sea(zone.to_string())];
        near.extend(rs.ports_on(zone).into_iter().map(Place::Port));
        for pl in &near {
            if self.ships_of(target, pl).0 > 0 {
                out.push((PiracyReward::Squadron, Some(rs.place_id(pl))));
            }
        }
        if !self.piracy_cards(rs, target).is_empty() {
            out.push((PiracyReward::Card, None));
        }
        let cap = rs.turn.number(ids::PIRACY_VP_CAP).max(0) as u32;
        if (self.naval.piracy_vp as u32) < cap {
            out.push((PiracyReward::Vp, None));
        }
        out
    }

    /// Cards of `p`'s hand that piracy may take (home cards stay).
    fn piracy_cards(&self, rs: &Ruleset, p: Power) -> Vec<u16> {
        self.hands[p as usize]
            .iter()
            .copied()
            .filter(|c| rs.card(*c).is_none_or(|x| x.kind != CardKind::Home))
            .collect()
    }

    /// Works the piracy step on top while nothing is left to decide: no reward possible (the
    /// hits are lost) or exactly one legal answer (applied).
    pub(crate) fn settle_piracy(&mut self, rs: &Ruleset, ev: &mut Vec<Event>) {
        while let Some(top @ Step::PiracyReward(PiracyPayment { power, hits, .. })) =
            self.steps.last().cloned()
        {
            let allowed = self.piracy_allowed(rs, &top);
            match allowed.as_slice() {
                [] => {
                    self.steps.pop();
                    ev.push(Event::public(EventKind::PiracyHitsLost {
                        target: power,
                        hits,
                    }));
                }
                [(r, at)] => {
                    let (r, at) = (*r, at.clone());
                    self.give_piracy_reward(rs, r, at, ev);
                }
                _ => return,
            }
        }
    }

    /// Applies one reward for the piracy step on top and counts the hit off.
    fn give_piracy_reward(
        &mut self,
        rs: &Ruleset,
        r: PiracyReward,
        at: Option<String>,
        ev: &mut Vec<Event>,
    ) {
        let Some(Step::PiracyReward(PiracyPayment {
            power: target,
            zone,
            ..
        })) = self.steps.last().cloned()
        else {
            return;
        };
        let fresh_left = {
            let top = self.steps.last().cloned();
            top.map(|t| {
                let Step::PiracyReward(PiracyPayment { given, .. }) = &t else {
                    return false;
                };
                self.piracy_available(rs, target, &zone)
                    .iter()
                    .any(|(x, _)| !given.contains(x))
            })
            .unwrap_or(false)
        };
        match r {
            PiracyReward::Squadron => {
                if let Some(pl) = at.as_deref().and_then(|a| Game::resolve_place(rs, a).ok()) {
                    let f = self.board.force_at_mut(&pl, Owner::Major(target), None);
                    f.squadrons = f.squadrons.saturating_sub(1);
                    self.board.tidy_at(&pl);
                }
            }
            PiracyReward::Card => {
                let cards = self.piracy_cards(rs, target);
                if !cards.is_empty() {
                    let k = rand::Rng::random_range(&mut self.rng, 0..cards.len());
                    let card = cards[k];
                    self.hands[target as usize].retain(|c| *c != card);
                    let o = Power::Ottoman as usize;
                    self.hands[o].push(card);
                    self.hands[o].sort_unstable();
                    let both: PowerSet = [target, Power::Ottoman].into_iter().collect();
                    ev.push(Event {
                        vis: Visibility::Powers(both),
                        kind: EventKind::PiracyCard {
                            from: target,
                            to: Power::Ottoman,
                            card,
                        },
                    });
                }
            }
            PiracyReward::Vp => self.naval.piracy_vp = self.naval.piracy_vp.saturating_add(1),
        }
        ev.push(Event::public(EventKind::PiracyRewardGiven {
            target,
            zone: zone.clone(),
            reward: r,
            at: at.clone(),
            piracy_vp: self.naval.piracy_vp,
        }));
        if let Some(Step::PiracyReward(PiracyPayment { hits, given, .. })) = self.steps.last_mut() {
            if !fresh_left {
                given.clear();
            }
            given.push(r);
            *hits = hits.saturating_sub(1);
            if *hits == 0 {
                self.steps.pop();
            }
        }
    }

    /// Answers the piracy step on top (called from `answer_step`).
    pub(crate) fn answer_piracy(
        &mut self,
        rs: &Ruleset,
        top: &Step,
        reward: PiracyReward,
        at: Option<&str>,
        ev: &mut Vec<Event>,
    ) -> RuleResult<()> {
        let allowed = self.piracy_allowed(rs, top);
        let rewards: Vec<PiracyReward> = {
            let mut v: Vec<PiracyReward> = allowed.iter().map(|(r, _)| *r).collect();
            v.dedup();
            v
        };
        if !rewards.contains(&reward) {
            return Err(Refusal::PiracyRewardNotAllowed {
                asked: reward,
                allowed: rewards,
            }
            .into());
        }
        let at = if reward == PiracyReward::Squadron {
            let places: Vec<String> = allowed.iter().filter_map(|(_, a)| a.clone()).collect();
            let chosen = match at {
                Some(name) => {
                    let id = rs.place_id(&Game::resolve_place(rs, name)?);
                    if !places.contains(&id) {
                        return Err(Refusal::PiracySquadronPlace {
                            place: id,
                            allowed: places,
                        }
                        .into());
                    }
                    id
                }
                None if places.len() == 1 => places[0].clone(),
                None => {
                    return Err(Refusal::PiracySquadronPlace {
                        place: String::new(),
                        allowed: places,
                    }
                    .into())
                }
            };
            Some(chosen)
        } else {
            None
        };
        self.give_piracy_reward(rs, reward, at, ev);
        self.settle_piracy(rs, ev);
        Ok(())
    }

    /// The legal answers to the piracy step on top.
    pub(crate) fn legal_piracy_answers(
        &self,
        rs: &Ruleset,
        top: &Step,
        out: &mut Vec<super::action::Action>,
    ) {
        for (reward, at) in self.piracy_allowed(rs, top) {
            out.push(super::action::Action::PiracyReward {
                reward,
                at: at.map(Into::into),
            });
        }
    }

    /// C-PIRACY: the piracy actions the Ottoman may take with `cp` CP left.
    pub(crate) fn legal_piracy(
        &self,
        rs: &Ruleset,
        p: Power,
        cp: u8,
        out: &mut Vec<super::action::Action>,
    ) {
        if p != Power::Ottoman || rs.cost("piracy").is_none_or(|c| c > cp) {
            return;
        }
        for z in self.corsair_zones() {
            if self.naval.pirated.contains(&z) {
                continue;
            }
            for target in self.piracy_targets(rs, &z) {
                out.push(super::action::Action::Piracy {
                    zone: z.as_str().into(),
                    target,
                });
            }
        }
    }

    /// C-WINTER-ORDER: piracy markers come off.
    pub(crate) fn clear_piracy_markers(&mut self, ev: &mut Vec<Event>) {
        if !self.naval.pirated.is_empty() {
            let zones = std::mem::take(&mut self.naval.pirated);
            ev.push(Event::public(EventKind::PiracyMarkersRemoved { zones }));
        }
    }
}

// --- questions on the decision stack (`super::question::Question`)

/// Decision (C-PIRACY): the target `power` picks what it gives for each of `hits` piracy
/// hits in sea zone `zone`; `given` are the rewards picked in the current rotation.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct PiracyPayment {
    /// The target of the piracy.
    pub power: Power,
    /// The pirated sea zone.
    pub zone: String,
    /// Hits still to pay.
    pub hits: u32,
    /// Rewards already picked in this round of the rotation.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub given: Vec<super::piracy::PiracyReward>,
}

impl Question for PiracyPayment {
    fn asked(&self) -> (Power, Decision) {
        (self.power, Decision::PiracyReward)
    }

    fn takes(&self, a: &Action) -> bool {
        matches!(a, Action::PiracyReward { .. })
    }

    fn answer(
        &self,
        g: &mut Game,
        rs: &Ruleset,
        _p: Power,
        a: &Action,
        ev: &mut Vec<Event>,
    ) -> RuleResult<()> {
        let Action::PiracyReward { reward, at } = a else {
            return Err(Refusal::NothingPending.into());
        };
        g.answer_piracy(
            rs,
            &Step::PiracyReward(self.clone()),
            *reward,
            at.as_deref(),
            ev,
        )
    }

    fn legal(&self, g: &Game, rs: &Ruleset, _p: Power, out: &mut Vec<Action>) {
        g.legal_piracy_answers(rs, &Step::PiracyReward(self.clone()), out)
    }

    fn forgo(&self) -> Forgo {
        Forgo::MustAnswer
    }
}

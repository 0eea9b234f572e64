//! Foreign wars (R-FW-DEPLOY, R-FW-FIGHT, R-FW-UPKEEP).
//!
//! A foreign-war card names the power it strikes, the land units that power must keep on the card
//! and the size of the foreign army (`cards.csv`). Played as an event, the card leaves the hand
//! for the struck power's side and that power sends its units (the question [`SendToWar`]); the war is
//! then fought with the `FightForeignWar` CP action until the foreign army is destroyed. Units on
//! the card are off the map: they never go to winter quarters.

use super::action::{Action, UnitKind, Units};
use super::battle::mercenaries_first;
use super::error::RuleResult;
use super::event::{Event, EventKind, Side};
use super::game::{Decision, Game};
use super::military::hits;
use super::power::{Faction, Home, Owner, Power, SpaceType};
use super::question::{Forgo, Question};
use super::refusal::{LandCount, Refusal};
use super::ruleset::{Card, CardKind, ForeignWarSpec, LeaderKind, Ruleset, SpaceId};
use super::steps::Standing;
use super::steps::{Step, WarFight, WarFightPhase, Window};
use serde::{Deserialize, Serialize};

/// A foreign war under way, shown in every view.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ForeignWar {
    /// The foreign-war card, lying beside the struck power.
    pub card: u16,
    /// The struck power.
    pub power: Power,
    /// Land units the power must keep on the card.
    pub required: u8,
    /// Foreign army units left (independent units).
    pub army: u8,
    /// The power's land units and leader (at most one) on the card.
    pub units: Units,
}

/// The question (R-FW-DEPLOY): the struck power sends units to the foreign war just played; it
/// is asked again until the card holds the required units or nothing more can be sent.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SendToWar {
    /// The struck power.
    pub power: Power,
    /// The foreign-war card.
    pub card: u16,
    /// Who played the event (the impulse goes on after them).
    pub played_by: Power,
}

impl Question for SendToWar {
    fn asked(&self) -> (Power, Decision) {
        (self.power, Decision::SendToWar)
    }

    fn takes(&self, a: &Action) -> bool {
        matches!(a, Action::SendToWar { .. })
    }

    fn answer(
        &self,
        g: &mut Game,
        rs: &Ruleset,
        p: Power,
        a: &Action,
        ev: &mut Vec<Event>,
    ) -> RuleResult<()> {
        let Action::SendToWar { card, from, units } = a else {
            return Err(Refusal::NoWarAwaitingUnits.into());
        };
        g.send_to_war(rs, p, self.card, *card, from, units, ev)
    }

    fn legal(&self, g: &Game, rs: &Ruleset, _p: Power, out: &mut Vec<Action>) {
        g.legal_send_to_war(rs, self.power, self.card, out)
    }
}

impl ForeignWar {
    /// Land units still missing on the card.
    pub fn missing(&self) -> u32 {
        (self.required as u32).saturating_sub(self.units.land())
    }
}

impl Game {
    /// A foreign-war event needs its struck power in play.
    pub(crate) fn check_foreign_war_event(&self, _rs: &Ruleset, card: &Card) -> RuleResult<()> {
        match card.war {
            Some(w) if !self.powers.contains(w.power) => Err(Refusal::WarPowerNotInPlay {
                card: card.number,
                power: w.power,
            }
            .into()),
            _ => Ok(()),
        }
    }

    /// R-FW-DEPLOY: the card goes beside the struck power, which now sends its units.
    pub(crate) fn start_foreign_war(
        &mut self,
        rs: &Ruleset,
        by: Power,
        card: u16,
        spec: ForeignWarSpec,
        ev: &mut Vec<Event>,
    ) {
        self.discard.retain(|c| *c != card);
        self.wars.push(ForeignWar {
            card,
            power: spec.power,
            required: spec.units,
            army: spec.army,
            units: Units::default(),
        });
        ev.push(Event::public(EventKind::ForeignWarStarted {
            card,
            power: spec.power,
            required: spec.units,
            army: spec.army,
        }));
        self.steps.push(Step::SendToWar(SendToWar {
            power: spec.power,
            card,
            played_by: by,
        }));
        self.end_sending_if_done(rs, ev);
    }

    fn war_index(&self, card: u16) -> Option<usize> {
        self.wars.iter().position(|w| w.card == card)
    }

    /// Spaces `p` may send units from: its land units, not shut in by a siege (besiegers may
    /// go, R-FW-DEPLOY).
    fn war_sources(&self, rs: &Ruleset, p: Power) -> Vec<SpaceId> {
        rs.space_ids()
            .filter(|s| {
                !self.is_besieged_side(rs, p, *s)
                    && self
                        .board
                        .at(*s)
                        .forces
                        .iter()
                        .any(|f| f.owner() == Owner::Major(p) && f.land() > 0)
            })
            .collect()
    }

    /// The sending ends when the card holds the required units or nothing more can be sent.
    fn end_sending_if_done(&mut self, rs: &Ruleset, ev: &mut Vec<Event>) {
        let Some(Step::SendToWar(q)) = self.steps.last() else {
            return;
        };
        let (power, card, played_by) = (q.power, q.card, q.played_by);
        let missing = self.war_index(card).map_or(0, |i| self.wars[i].missing());
        if missing == 0 || self.war_sources(rs, power).is_empty() {
            self.steps.pop();
            self.next_impulse(rs, played_by, 0, ev);
        }
    }

    /// R-FW-DEPLOY: checks units sent from `from` to the card; returns the space.
    fn check_send(
        &self,
        rs: &Ruleset,
        p: Power,
        waiting_card: u16,
        card: u16,
        from: &str,
        u: &Units,
    ) -> RuleResult<SpaceId> {
        if card != waiting_card {
            return Err(Refusal::WrongWarCard {
                waiting: waiting_card,
                card,
            }
            .into());
        }
        let w = &self.wars[self.war_index(card).ok_or(Refusal::NoSuchWar { card })?];
        let s = Game::resolve_space(rs, from)?;
        if self.is_besieged_side(rs, p, s) {
            return Err(Refusal::SendFromBesieged { space: s }.into());
        }
        if u.land() == 0 && u.leaders.is_empty() {
            return Err(Refusal::NothingToSend.into());
        }
        if u.land() > w.missing() {
            return Err(Refusal::TooManyForWar {
                required: w.required.into(),
                on_card: w.units.land(),
                room: w.missing(),
                asked: u.land(),
            }
            .into());
        }
        if u.leaders.len() + w.units.leaders.len() > 1 {
            return Err(Refusal::OneLeaderToWar.into());
        }
        let mine: Vec<_> = self
            .board
            .at(s)
            .forces
            .iter()
            .filter(|f| f.owner() == Owner::Major(p))
            .collect();
        let have = |g: fn(&super::board::Force) -> u8| mine.iter().map(|f| g(f)).sum::<u8>();
        let (r, m, c) = (
            have(|f| f.regulars),
            have(|f| f.mercenaries),
            have(|f| f.cavalry),
        );
        if u.regulars > r || u.mercenaries > m || u.cavalry > c {
            return Err(Refusal::NotEnoughUnits {
                power: p,
                space: s,
                have: LandCount::new(r, m, c),
                asked: LandCount::new(u.regulars, u.mercenaries, u.cavalry),
            }
            .into());
        }
        for l in &u.leaders {
            let army = rs
                .leaders
                .iter()
                .any(|x| &x.id == l && x.kind == LeaderKind::Army);
            if !army || !mine.iter().any(|f| f.leaders.iter().any(|x| x == l)) {
                return Err(Refusal::LeaderNotHere {
                    leader: l.to_string(),
                    power: p,
                    space: s,
                    army: true,
                }
                .into());
            }
        }
        Ok(s)
    }

    /// R-FW-DEPLOY: units (and at most one leader) go from a space to the card.
    #[allow(clippy::too_many_arguments)]
    fn send_to_war(
        &mut self,
        rs: &Ruleset,
        p: Power,
        waiting_card: u16,
        card: u16,
        from: &str,
        u: &Units,
        ev: &mut Vec<Event>,
    ) -> RuleResult<()> {
        let s = self.check_send(rs, p, waiting_card, card, from, u)?;
        self.take_from_board(p, s, u);
        let i = self.war_index(card).unwrap_or(0);
        add_units(&mut self.wars[i].units, u);
        ev.push(Event::public(EventKind::SentToWar {
            card,
            power: p,
            from: s,
            units: u.clone(),
        }));
        self.end_sending_if_done(rs, ev);
        Ok(())
    }

    /// Removes checked units and leaders of `p` from `s`, from any of its stacks there.
    fn take_from_board(&mut self, p: Power, s: SpaceId, u: &Units) {
        let mut need = (u.regulars, u.mercenaries, u.cavalry);
        for f in self.board.spaces[s.idx()]
            .forces
            .iter_mut()
            .filter(|f| f.owner() == Owner::Major(p))
        {
            let r = need.0.min(f.regulars);
            let m = need.1.min(f.mercenaries);
            let c = need.2.min(f.cavalry);
            f.regulars -= r;
            f.mercenaries -= m;
            f.cavalry -= c;
            need = (need.0 - r, need.1 - m, need.2 - c);
            f.leaders.retain(|l| !u.leaders.iter().any(|x| x == l));
        }
        self.board.tidy(s);
    }

    /// R-FW-UPKEEP: a new land unit of `p` raised in `s` goes to a foreign-war card still short of
    /// its required units. (The winter's free regular does not come through here.)
    pub(crate) fn upkeep_foreign_war(
        &mut self,
        p: Power,
        s: SpaceId,
        faction: Option<Faction>,
        unit: UnitKind,
        ev: &mut Vec<Event>,
    ) {
        if matches!(unit, UnitKind::Squadron | UnitKind::Corsair) {
            return;
        }
        let Some(i) = self
            .wars
            .iter()
            .position(|w| w.power == p && w.missing() > 0)
        else {
            return;
        };
        let one = Units {
            regulars: u8::from(unit == UnitKind::Regular),
            mercenaries: u8::from(unit == UnitKind::Mercenary),
            cavalry: u8::from(unit == UnitKind::Cavalry),
            leaders: Vec::new(),
        };
        let f = self.board.force_mut(s, Owner::Major(p), faction);
        f.regulars -= one.regulars;
        f.mercenaries -= one.mercenaries;
        f.cavalry -= one.cavalry;
        self.board.tidy(s);
        add_units(&mut self.wars[i].units, &one);
        ev.push(Event::public(EventKind::SentToWar {
            card: self.wars[i].card,
            power: p,
            from: s,
            units: one,
        }));
    }

    /// Checks a fight: `p`'s own war, with land units on the card; returns its index.
    fn check_fight(&self, p: Power, card: u16) -> RuleResult<usize> {
        let i = self
            .war_index(card)
            .filter(|i| self.wars[*i].power == p)
            .ok_or_else(|| Refusal::NotYourWar {
                card,
                power: p,
                wars: self
                    .wars
                    .iter()
                    .filter(|w| w.power == p)
                    .map(|w| w.card)
                    .collect(),
            })?;
        if self.wars[i].units.land() == 0 {
            return Err(Refusal::NoUnitsOnWarCard.into());
        }
        Ok(i)
    }

    /// R-FW-FIGHT: an ordinary field battle on the card, with no defender bonus die and no
    /// retreat: a combat-card window first (C-BATTLE-CARDS), then the dice, then the owner's
    /// choice of casualties (C-BATTLE-HITS). When the foreign army is destroyed, the war ends.
    pub(crate) fn do_fight_foreign_war(
        &mut self,
        rs: &Ruleset,
        p: Power,
        card: u16,
        ev: &mut Vec<Event>,
    ) -> RuleResult<()> {
        self.check_fight(p, card)?;
        let space = self
            .war_return_space(rs, p)
            .or_else(|| self.capitals_of(p).first().copied())
            .unwrap_or(SpaceId(0));
        self.steps.push(Step::ForeignWarFight(WarFight {
            power: p,
            card,
            phase: WarFightPhase::Cards,
            space,
        }));
        self.run_steps(rs, ev);
        Ok(())
    }

    /// Works the foreign-war fight frame on top one step further.
    pub(crate) fn work_war_fight(&mut self, rs: &Ruleset, mut f: WarFight, ev: &mut Vec<Event>) {
        let (p, card) = (f.power, f.card);
        let Some(i) = self.war_index(card) else {
            self.steps.pop();
            return;
        };
        match f.phase {
            WarFightPhase::Cards => {
                f.phase = WarFightPhase::Roll;
                let space = f.space;
                self.set_top(Step::ForeignWarFight(f));
                // The foreign army has no player: only the struck power is asked.
                if self.window_possible(rs, &[CardKind::Combat, CardKind::Response]) {
                    self.push_windows(Window::Combat, &[p], space);
                }
            }
            WarFightPhase::Roll => {
                f.phase = WarFightPhase::Resolve;
                self.set_top(Step::ForeignWarFight(f));
                let w = self.wars[i].clone();
                let best = w
                    .units
                    .leaders
                    .iter()
                    .filter_map(|l| rs.leaders.iter().find(|x| &x.id == l))
                    .map(|l| l.battle as u32)
                    .max()
                    .unwrap_or(0);
                let (ad, dd) = (self.roll(w.units.land() + best), self.roll(w.army as u32));
                let (ah, dh) = (hits(&ad), hits(&dd));
                let lost = dh.min(w.units.land());
                let army_loss = ah.min(w.army as u32) as u8;
                self.wars[i].army -= army_loss;
                ev.push(Event::public(EventKind::ForeignWarBattle {
                    card,
                    attacker: Side {
                        owner: Owner::Major(p),
                        dice: ad,
                        hits: ah,
                        losses: lost,
                    },
                    defender: Side {
                        owner: Owner::Independent,
                        dice: dd,
                        hits: dh,
                        losses: army_loss as u32,
                    },
                }));
                if lost == 0 {
                    return;
                }
                let u = &w.units;
                let kinds = [u.regulars, u.mercenaries, u.cavalry]
                    .iter()
                    .filter(|x| **x > 0)
                    .count();
                if kinds > 1 && lost < u.land() && self.powers.contains(p) {
                    self.steps.push(Step::WarCasualties(WarCasualties {
                        power: p,
                        card,
                        hits: lost,
                    }));
                } else {
                    let units = self.default_war_casualties(card, lost);
                    self.remove_war_units(i, &units);
                }
            }
            WarFightPhase::Resolve => {
                self.steps.pop();
                if self.wars[i].army == 0 {
                    self.end_foreign_war(rs, i, ev);
                }
            }
        }
    }

    /// Casualties on a war card taken mercenaries first, then cavalry, then regulars.
    pub(crate) fn default_war_casualties(&self, card: u16, hits: u32) -> Units {
        self.war_index(card).map_or_else(Units::default, |i| {
            let u = &self.wars[i].units;
            mercenaries_first(
                (u.regulars as u32, u.mercenaries as u32, u.cavalry as u32),
                hits,
            )
        })
    }

    fn remove_war_units(&mut self, i: usize, u: &Units) {
        let on = &mut self.wars[i].units;
        on.regulars -= u.regulars.min(on.regulars);
        on.mercenaries -= u.mercenaries.min(on.mercenaries);
        on.cavalry -= u.cavalry.min(on.cavalry);
    }

    /// The owner's casualties on the war card (C-BATTLE-HITS): exactly `hits` land units it has
    /// there.
    pub(crate) fn answer_war_casualties(
        &mut self,
        p: Power,
        card: u16,
        hits: u32,
        units: &Units,
        ev: &mut Vec<Event>,
    ) -> RuleResult<()> {
        let i = self.war_index(card).ok_or(Refusal::NothingPending)?;
        let on = &self.wars[i].units;
        let have = LandCount::new(on.regulars, on.mercenaries, on.cavalry);
        let fits = units.regulars <= on.regulars
            && units.mercenaries <= on.mercenaries
            && units.cavalry <= on.cavalry;
        if !fits || units.land() != hits || !units.leaders.is_empty() {
            return Err(Refusal::WrongCasualties {
                hits,
                asked: LandCount::new(units.regulars, units.mercenaries, units.cavalry),
                have,
            }
            .into());
        }
        self.steps.pop();
        self.remove_war_units(i, units);
        ev.push(Event::public(EventKind::WarCasualtiesTaken {
            power: p,
            card,
            units: units.clone(),
        }));
        Ok(())
    }

    /// The owner's pick of the home key its units back from the war go to (R-FW-FIGHT).
    pub(crate) fn answer_war_return(
        &mut self,
        rs: &Ruleset,
        p: Power,
        top: &Step,
        to: Option<&str>,
        inside: &Units,
        ev: &mut Vec<Event>,
    ) -> RuleResult<()> {
        let Step::WarReturn(WarReturn {
            card,
            units,
            to: allowed,
            ..
        }) = top
        else {
            return Err(Refusal::NothingPending.into());
        };
        let pick = match to {
            Some(t) if inside.land() == 0 => Some(Game::resolve_space(rs, t)?),
            _ => None,
        };
        let Some(s) = pick.filter(|s| allowed.contains(s)) else {
            return Err(Refusal::WarReturnPlace {
                space: pick,
                allowed: allowed.to_vec(),
            }
            .into());
        };
        self.steps.pop();
        self.war_units_home(p, *card, units, Some(s), ev);
        Ok(())
    }

    /// The legal answers to a foreign-war question.
    pub(crate) fn legal_war_answers(&self, rs: &Ruleset, top: &Step, out: &mut Vec<Action>) {
        match top {
            Step::WarCasualties(WarCasualties { card, hits, .. }) => {
                let Some(i) = self.war_index(*card) else {
                    return;
                };
                let u = &self.wars[i].units;
                let (have, h) = (
                    (u.regulars as u32, u.mercenaries as u32, u.cavalry as u32),
                    *hits,
                );
                for r in 0..=have.0.min(h) {
                    for m in 0..=have.1.min(h - r) {
                        let c = h - r - m;
                        if c <= have.2 {
                            out.push(Action::TakeCasualties {
                                units: Units {
                                    regulars: r as u8,
                                    mercenaries: m as u8,
                                    cavalry: c as u8,
                                    leaders: Vec::new(),
                                },
                            });
                        }
                    }
                }
            }
            Step::WarReturn(WarReturn { to, .. }) => {
                for s in to {
                    out.push(Action::Retreat {
                        to: Some(rs.space(*s).id.as_str().into()),
                        inside: Units::default(),
                    });
                }
            }
            _ => {}
        }
    }

    /// Where survivors of `p`'s foreign war go: its capital, or if enemies hold every capital, a
    /// home key it holds (lowest id).
    pub fn war_return_space(&self, rs: &Ruleset, p: Power) -> Option<SpaceId> {
        self.war_return_spaces(rs, p).first().copied()
    }

    /// Where survivors of `p`'s foreign war may go: its capital it holds; if enemies hold every
    /// capital, each friendly home key it holds (the owner's choice, R-FW-FIGHT).
    pub fn war_return_spaces(&self, rs: &Ruleset, p: Power) -> Vec<SpaceId> {
        if let Some(c) = self
            .capitals_of(p)
            .into_iter()
            .find(|c| self.board.controls(rs, p, *c))
        {
            return vec![c];
        }
        rs.space_ids()
            .filter(|s| {
                rs.space(*s).kind == SpaceType::Key
                    && rs.space(*s).home == Home::Major(p)
                    && self.board.controls(rs, p, *s)
            })
            .collect()
    }

    /// The war ends: the card is discarded and the survivors go home (R-FW-FIGHT); with several
    /// friendly home keys and the capital enemy-held, the owner picks which.
    fn end_foreign_war(&mut self, rs: &Ruleset, i: usize, ev: &mut Vec<Event>) {
        let w = self.wars.remove(i);
        self.discard.push(w.card);
        let to = self.war_return_spaces(rs, w.power);
        if to.len() > 1 && self.powers.contains(w.power) && w.units.land() > 0 {
            self.steps.push(Step::WarReturn(WarReturn {
                power: w.power,
                card: w.card,
                to,
                units: w.units,
            }));
            return;
        }
        self.war_units_home(w.power, w.card, &w.units, to.first().copied(), ev);
    }

    /// Puts the units back from a won war in `to` (leaders off the map with nowhere to go).
    fn war_units_home(
        &mut self,
        p: Power,
        card: u16,
        units: &Units,
        to: Option<SpaceId>,
        ev: &mut Vec<Event>,
    ) {
        match to {
            Some(s) => {
                let f = self.board.force_mut(s, Owner::Major(p), None);
                f.add_units(units.regulars, units.mercenaries, units.cavalry, 0);
                f.leaders
                    .extend(units.leaders.iter().map(|l| l.to_string()));
                self.board.tidy(s);
            }
            None => self
                .off_map
                .extend(units.leaders.iter().map(|l| l.to_string())),
        }
        ev.push(Event::public(EventKind::ForeignWarEnded {
            card,
            power: p,
            to,
            units: units.land(),
        }));
    }

    /// Sends `p` may make now: from each source, as many units as are missing (or all there), and
    /// one unit; each with a leader there if none is on the card yet.
    pub(crate) fn legal_send_to_war(
        &self,
        rs: &Ruleset,
        p: Power,
        card: u16,
        out: &mut Vec<Action>,
    ) {
        let Some(i) = self.war_index(card) else {
            return;
        };
        let missing = self.wars[i].missing();
        for s in self.war_sources(rs, p) {
            let forces: Vec<_> = self
                .board
                .at(s)
                .forces
                .iter()
                .filter(|f| f.owner() == Owner::Major(p))
                .collect();
            let mut left = missing;
            let mut take = |n: u32| {
                let k = n.min(left);
                left -= k;
                k as u8
            };
            let sum = |g: fn(&super::board::Force) -> u8| forces.iter().map(|f| g(f) as u32).sum();
            let many = Units {
                regulars: take(sum(|f| f.regulars)),
                mercenaries: take(sum(|f| f.mercenaries)),
                cavalry: take(sum(|f| f.cavalry)),
                leaders: Vec::new(),
            };
            let mut picks = vec![many];
            if let Some(one) = super::legal::one_unit_of(&forces) {
                picks.push(one);
            }
            let leaders = super::legal::army_leaders(rs, &forces);
            let base = picks.clone();
            for l in leaders {
                for b in &base {
                    let mut u = b.clone();
                    u.leaders = vec![l.clone().into()];
                    picks.push(u);
                }
            }
            let from = rs.space(s).id.clone();
            for u in picks {
                if self.check_send(rs, p, card, card, &from, &u).is_ok() {
                    let a = Action::SendToWar {
                        card,
                        from: from.as_str().into(),
                        units: u,
                    };
                    if !out.contains(&a) {
                        out.push(a);
                    }
                }
            }
        }
    }

    /// `FightForeignWar` for each of `p`'s wars it can fight with `cp` CP.
    pub(crate) fn legal_fight_foreign_war(
        &self,
        p: Power,
        cp: u8,
        rs: &Ruleset,
        out: &mut Vec<Action>,
    ) {
        if rs.cost("fight_foreign_war").is_none_or(|c| c > cp) {
            return;
        }
        for w in &self.wars {
            if self.check_fight(p, w.card).is_ok() {
                out.push(Action::FightForeignWar { card: w.card });
            }
        }
    }
}

fn add_units(to: &mut Units, u: &Units) {
    to.regulars = to.regulars.saturating_add(u.regulars);
    to.mercenaries = to.mercenaries.saturating_add(u.mercenaries);
    to.cavalry = to.cavalry.saturating_add(u.cavalry);
    to.leaders.extend(u.leaders.iter().cloned());
}

// --- questions on the decision stack (`super::question::Question`)

/// Decision (R-FW-FIGHT, C-BATTLE-HITS): `power` picks which `hits` of its land units on the
/// war card `card` are lost.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct WarCasualties {
    /// The owner choosing.
    pub power: Power,
    /// The war's card.
    pub card: u16,
    /// How many land units it loses.
    pub hits: u32,
}

/// Decision (R-FW-FIGHT): the war is won but an enemy holds the capital; `power` picks the
/// friendly home key, among `to`, its returning `units` go to.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct WarReturn {
    /// The owner choosing.
    pub power: Power,
    /// The war's card (now discarded).
    pub card: u16,
    /// The friendly home keys it may pick.
    pub to: Vec<SpaceId>,
    /// The units coming back.
    pub units: Units,
}

impl Question for WarCasualties {
    fn asked(&self) -> (Power, Decision) {
        (self.power, Decision::Casualties)
    }

    fn takes(&self, a: &Action) -> bool {
        matches!(a, Action::TakeCasualties { .. })
    }

    fn answer(
        &self,
        g: &mut Game,
        _rs: &Ruleset,
        p: Power,
        a: &Action,
        ev: &mut Vec<Event>,
    ) -> RuleResult<()> {
        let Action::TakeCasualties { units } = a else {
            return Err(Refusal::NothingPending.into());
        };
        g.answer_war_casualties(p, self.card, self.hits, units, ev)
    }

    fn legal(&self, g: &Game, rs: &Ruleset, _p: Power, out: &mut Vec<Action>) {
        g.legal_war_answers(rs, &Step::WarCasualties(self.clone()), out)
    }

    fn standing(&self, g: &Game, _rs: &Ruleset) -> Option<(Standing, Action)> {
        g.has_standing(self.power, Standing::MercenariesFirst)
            .then(|| {
                let units = g.default_war_casualties(self.card, self.hits);
                (Standing::MercenariesFirst, Action::TakeCasualties { units })
            })
    }

    fn forgo(&self) -> Forgo {
        Forgo::MustAnswer
    }
}

impl Question for WarReturn {
    fn asked(&self) -> (Power, Decision) {
        (self.power, Decision::WarReturn)
    }

    fn takes(&self, a: &Action) -> bool {
        matches!(a, Action::Retreat { .. })
    }

    fn answer(
        &self,
        g: &mut Game,
        rs: &Ruleset,
        p: Power,
        a: &Action,
        ev: &mut Vec<Event>,
    ) -> RuleResult<()> {
        let Action::Retreat { to, inside } = a else {
            return Err(Refusal::NothingPending.into());
        };
        g.answer_war_return(
            rs,
            p,
            &Step::WarReturn(self.clone()),
            to.as_deref(),
            inside,
            ev,
        )
    }

    fn legal(&self, g: &Game, rs: &Ruleset, _p: Power, out: &mut Vec<Action>) {
        g.legal_war_answers(rs, &Step::WarReturn(self.clone()), out)
    }

    fn forgo(&self) -> Forgo {
        Forgo::MustAnswer
    }
}

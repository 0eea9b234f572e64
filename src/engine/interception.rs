//! Interception, avoiding battle, withdrawal into fortifications (HIS 13.2–13.4): C-INT-WHO,
//! C-INT-ROLL, C-AVOID, C-WITHDRAW (with R-SPACE-FORTIFIED: up to four land units *may* stay
//! inside, a choice), worked as the [`Entry`] frame of the decision stack. The order after a move
//! is: response-card window, interception, avoid battle, withdrawal, then battle, relief or siege.

use super::action::{Action, Units};
use super::board::Stance;
use super::error::RuleResult;
use super::event::{Event, EventKind, Skipped};
use super::game::{Decision, Game};
use super::inactive::RuleAnswer;
use super::power::{LinkKind, Owner, Power};
use super::question::{Forgo, Question};
use super::refusal::Refusal;
use super::ruleset::{CardKind, Ruleset, SpaceId};
use super::steps::{cap_pick, Battle, BattlePhase, Entry, EntryPhase, Standing, Step, Window};

/// The total a 2d6 roll plus the best battle rating must reach (C-INT-ROLL, C-AVOID).
pub const ROLL_NEED: u32 = 9;
/// Defenders a fortified space can hold inside against a siege (R-SPACE-FORTIFIED).
pub const MAX_DEFENDERS: u32 = 4;

impl Game {
    /// Replaces the frame on top of the stack.
    pub(crate) fn set_top(&mut self, s: Step) {
        if let Some(t) = self.steps.last_mut() {
            *t = s;
        }
    }

    /// Works the entry frame on top one step further.
    pub(crate) fn work_entry(&mut self, rs: &Ruleset, mut e: Entry, ev: &mut Vec<Event>) {
        match e.phase {
            EntryPhase::Response => {
                e.phase = EntryPhase::Intercept;
                // A card effect's `flag no_interception` (the Spanish Road): no offers.
                let free = self.flag_set(super::cards::effect::NO_INTERCEPTION)
                    // --- card effects: an effect's `move no_interception`, for this move only
                    || self.flag_set(super::cards::effect::NO_INTERCEPTION_ONCE);
                self.flags
                    .retain(|f| f.name != super::cards::effect::NO_INTERCEPTION_ONCE);
                e.offer = self
                    .powers
                    .iter()
                    .filter(|i| !free && !self.intercept_sources(rs, *i, &e).is_empty())
                    .collect();
                let (to, mover) = (e.to, e.mover);
                self.set_top(Step::Entry(e));
                // C-CARD-RESPONSE: every other power in play is asked, whatever it holds.
                if self.window_possible(rs, &[CardKind::Response]) {
                    let asked: Vec<Power> = self.powers.iter().filter(|q| *q != mover).collect();
                    self.push_windows(Window::Response, &asked, to);
                }
            }
            EntryPhase::Intercept => {
                if e.offer.is_empty() {
                    e.phase = EntryPhase::Avoid;
                    // A power that would be offered to avoid battle but has nowhere to go is told.
                    for q in self.powers.iter() {
                        if self.may_avoid(rs, q, &e) && self.avoid_spaces(rs, q, &e).is_empty() {
                            ev.push(Event::public(EventKind::QuestionSkipped {
                                power: q,
                                skipped: Skipped::Avoid { space: e.to },
                            }));
                        }
                    }
                    // --- card effects: `cancel avoidance` (a response card) skips the offers.
                    let no_avoid = self.flag_set(super::cards::effect::NO_AVOIDANCE);
                    self.flags
                        .retain(|f| f.name != super::cards::effect::NO_AVOIDANCE);
                    e.offer = self
                        .powers
                        .iter()
                        .filter(|q| !no_avoid && !self.avoid_spaces(rs, *q, &e).is_empty())
                        .collect();
                    self.set_top(Step::Entry(e));
                    return;
                }
                let i = e.offer.remove(0);
                let from = self.intercept_sources(rs, i, &e);
                let to = e.to;
                self.set_top(Step::Entry(e));
                if !from.is_empty() {
                    self.steps
                        .push(Step::Intercept(Intercept { power: i, to, from }));
                }
            }
            EntryPhase::Avoid => {
                if e.offer.is_empty() {
                    e.phase = EntryPhase::Withdraw;
                    self.set_top(Step::Entry(e));
                    return;
                }
                let q = e.offer.remove(0);
                let to = self.avoid_spaces(rs, q, &e);
                let space = e.to;
                self.set_top(Step::Entry(e));
                if !to.is_empty() {
                    self.steps.push(Step::Avoid(Avoid {
                        power: q,
                        space,
                        to,
                    }));
                }
            }
            EntryPhase::Withdraw => {
                e.phase = EntryPhase::Contact;
                let offer = self.withdraw_offer(rs, &e);
                let space = e.to;
                match offer {
                    Some(Some(power)) => {
                        self.set_top(Step::Entry(e));
                        self.steps.push(Step::Withdraw(Withdraw { power, space }));
                    }
                    Some(None) => {
                        // Non-player defenders withdraw automatically with four or fewer.
                        let owner = self.board.controller(rs, space);
                        e.withdrawn = true;
                        self.set_top(Step::Entry(e));
                        let units = self.hostile_land(e_mover(self), space);
                        ev.push(Event::public(EventKind::WithdrewInside {
                            owner,
                            space,
                            units,
                        }));
                        // X-INACTIVE-ANSWERS: an inactive major's defenders, said why.
                        if let Some(q) = decider(self, owner) {
                            self.answered_by_rule(q, RuleAnswer::Withdraw { space }, ev);
                        }
                    }
                    None => {
                        if let Some((power, units)) = self.withdraw_too_many(rs, &e) {
                            ev.push(Event::public(EventKind::QuestionSkipped {
                                power,
                                skipped: Skipped::Withdraw {
                                    space,
                                    units,
                                    max: MAX_DEFENDERS,
                                },
                            }));
                        }
                        self.set_top(Step::Entry(e))
                    }
                }
            }
            EntryPhase::Contact => {
                self.steps.pop();
                self.contact(rs, &e, ev);
            }
        }
    }

    /// C-INT-WHO: the spaces from which power `i` may intercept this entry (empty: no offer).
    pub(crate) fn intercept_sources(&self, rs: &Ruleset, i: Power, e: &Entry) -> Vec<SpaceId> {
        let (p, t) = (e.mover, e.to);
        // Leaders moving alone bring no units to fight: nothing to intercept.
        if i == p
            || e.units.land() == 0
            || e.intercepted_by.is_some()
            || self.board.stance(i, Owner::Major(p)) != Stance::Enemy
        {
            return Vec::new();
        }
        if self.board.space_type(rs, t).is_fortified()
            && self.board.space_stance(rs, p, t) == Stance::Friendly
        {
            return Vec::new();
        }
        let blocked = self.board.at(t).forces.iter().any(|f| {
            f.land() > 0
                && (f.owner() == Owner::Independent
                    || (self.board.stance(p, f.owner()) != Stance::Friendly
                        && self.board.stance(i, f.owner()) != Stance::Friendly))
        });
        if blocked || self.board.space_stance(rs, i, t) == Stance::Neutral {
            return Vec::new();
        }
        rs.neighbours[t.idx()]
            .iter()
            .filter(|(n, k)| {
                *k == LinkKind::Normal
                    && self.owner_land_exact(i, *n) > 0
                    && !self.is_besieged_side(rs, i, *n)
                    && self.movable(i, *n) > 0
            })
            .map(|(n, _)| *n)
            .collect()
    }

    /// Whether `p`'s units in `s` are shut in by a siege.
    pub fn is_besieged_side(&self, rs: &Ruleset, p: Power, s: SpaceId) -> bool {
        self.board.at(s).besieged_by.is_some_and(|b| {
            self.board.stance(p, Owner::Major(b)) != Stance::Friendly
                && self.board.space_stance(rs, p, s) == Stance::Friendly
        })
    }

    /// Checks an interception answer; returns the space it comes from.
    pub(crate) fn check_intercept(
        &self,
        rs: &Ruleset,
        i: Power,
        to: SpaceId,
        allowed: &[SpaceId],
        from: &str,
        units: &Units,
    ) -> RuleResult<SpaceId> {
        let f = Game::resolve_space(rs, from)?;
        if !allowed.contains(&f) {
            return Err(Refusal::NotAnInterceptSpace {
                space: f,
                to,
                allowed: allowed.to_vec(),
            }
            .into());
        }
        self.check_pick(rs, i, f, units, None)?;
        if units.land() > self.movable(i, f) || self.moves_pinned_leader(units) {
            return Err(Refusal::CannotMoveAgain { power: i, space: f }.into());
        }
        Ok(f)
    }

    /// C-INT-ROLL: 2d6 + the best battle rating among the intercepting leaders ≥ 9 (Ottoman
    /// cavalry: −1 to the need when intercepting with cavalry, +1 when the mover is an Ottoman
    /// formation with cavalry). On success the formation moves in and no one else may intercept.
    pub(crate) fn intercept(
        &mut self,
        rs: &Ruleset,
        i: Power,
        f: SpaceId,
        t: SpaceId,
        units: &Units,
        ev: &mut Vec<Event>,
    ) {
        let mover_cav = match self.steps.last() {
            Some(Step::Entry(e)) => e.mover == Power::Ottoman && e.units.cavalry > 0,
            _ => false,
        };
        let mut need = ROLL_NEED;
        if i == Power::Ottoman && units.cavalry > 0 {
            need -= 1;
        }
        if mover_cav {
            need += 1;
        }
        let bonus = leaders_battle(rs, &units.leaders);
        let dice = self.roll(2);
        let total = dice.iter().map(|d| *d as u32).sum::<u32>() + bonus;
        let success = total >= need;
        ev.push(Event::public(EventKind::InterceptRoll {
            power: i,
            from: f,
            to: t,
            dice,
            bonus,
            need,
            success,
        }));
        if success {
            self.transfer(i, f, t, units, None);
            if let Some(Step::Entry(e)) = self.steps.last_mut() {
                e.offer.clear();
                e.intercepted_by = Some(i);
            }
        }
    }

    /// C-AVOID: where power `q`'s formation in the entered space may go to avoid battle (empty:
    /// no offer): adjacent across a clear border, a legal retreat space, not where the mover came
    /// from. Only a non-active power at war with the mover, not shut in by a siege, with a
    /// battle coming.
    pub(crate) fn avoid_spaces(&self, rs: &Ruleset, q: Power, e: &Entry) -> Vec<SpaceId> {
        let t = e.to;
        if !self.may_avoid(rs, q, e) {
            return Vec::new();
        }
        self.retreat_spaces(rs, q, t, Some(e.from))
            .into_iter()
            .filter(|n| rs.link(t, *n) == Some(LinkKind::Normal))
            .collect()
    }

    /// C-AVOID: whether `q` is one that may try to avoid this entry's battle, wherever it could
    /// go: not the mover, not its interceptor, at war with it, with units in the entered space,
    /// not shut in by a siege, and facing units that entered.
    fn may_avoid(&self, rs: &Ruleset, q: Power, e: &Entry) -> bool {
        let (p, t) = (e.mover, e.to);
        !(q == p
            || e.intercepted_by == Some(q)
            || self.board.stance(q, Owner::Major(p)) != Stance::Enemy
            || self.owner_land_exact(q, t) == 0
            || self.is_besieged_side(rs, q, t)
            || self.board.land_units(p, t, Stance::Friendly) == 0)
    }

    /// C-WITHDRAW: when the defenders would have been asked to withdraw inside but are more than
    /// [`MAX_DEFENDERS`]: the power in play that decides, and how many they are.
    fn withdraw_too_many(&self, rs: &Ruleset, e: &Entry) -> Option<(Power, u32)> {
        let (p, t) = (e.mover, e.to);
        if !self.board.space_type(rs, t).is_fortified()
            || self.board.at(t).besieged_by.is_some()
            || self.board.land_units(p, t, Stance::Friendly) == 0
        {
            return None;
        }
        let c = self.board.controller(rs, t);
        if !matches!(self.board.stance(p, c), Stance::Enemy | Stance::Independent) {
            return None;
        }
        let defenders = self.hostile_land(p, t);
        // --- diplomacy (issue 26): a controlled inactive major is asked too (X-INACTIVE).
        let d = decider(self, c).filter(|d| self.asks_player(*d))?;
        (defenders > MAX_DEFENDERS).then_some((d, defenders))
    }

    /// Checks an avoid-battle answer; returns the destination.
    pub(crate) fn check_avoid(
        &self,
        rs: &Ruleset,
        space: SpaceId,
        allowed: &[SpaceId],
        to: &str,
    ) -> RuleResult<SpaceId> {
        let t = Game::resolve_space(rs, to)?;
        if !allowed.contains(&t) {
            return Err(Refusal::NotAnAvoidSpace {
                space: t,
                from: space,
                allowed: allowed.to_vec(),
            }
            .into());
        }
        Ok(t)
    }

    /// C-AVOID: 2d6 + the best battle rating of `q`'s leaders there ≥ 9: its units (and
    /// leaders) there move to `t` and no battle happens with them.
    ///
    /// No Ottoman cavalry modifier: core-rules.md has one only from memory, and the Saito
    /// versions that could be read apply the cavalry modifier to interception alone (their
    /// avoid-battle step has none), so it is left out until a source states it.
    pub(crate) fn avoid_battle(
        &mut self,
        rs: &Ruleset,
        q: Power,
        s: SpaceId,
        t: SpaceId,
        ev: &mut Vec<Event>,
    ) {
        let leaders: Vec<String> = self
            .board
            .at(s)
            .forces
            .iter()
            .filter(|f| f.owner() == Owner::Major(q))
            .flat_map(|f| f.leaders.clone())
            .collect();
        let bonus = leaders_battle(rs, &leaders);
        let dice = self.roll(2);
        let total = dice.iter().map(|d| *d as u32).sum::<u32>() + bonus;
        let success = total >= ROLL_NEED;
        ev.push(Event::public(EventKind::AvoidRoll {
            power: q,
            from: s,
            to: t,
            dice,
            bonus,
            need: ROLL_NEED,
            success,
        }));
        if success {
            self.move_owner_land(rs, Owner::Major(q), s, t);
        }
    }

    /// Moves all land units and army leaders of `o` from `s` to `t` (squadrons, corsairs and
    /// naval leaders stay in the port: C-NAVAL-MOVE, ships never go inland).
    pub(crate) fn move_owner_land(&mut self, rs: &Ruleset, o: Owner, s: SpaceId, t: SpaceId) {
        let moving: Vec<super::board::Force> = self.board.spaces[s.idx()]
            .forces
            .iter()
            .filter(|f| f.owner() == o)
            .cloned()
            .collect();
        for f in &mut self.board.spaces[s.idx()].forces {
            if f.owner() == o {
                f.regulars = 0;
                f.mercenaries = 0;
                f.cavalry = 0;
                f.leaders.retain(|l| rs.is_naval_leader(l));
            }
        }
        for m in moving {
            let d = self.board.force_mut(t, o, m.faction);
            d.add_units(m.regulars, m.mercenaries, m.cavalry, 0);
            d.leaders
                .extend(m.leaders.into_iter().filter(|l| !rs.is_naval_leader(l)));
        }
        self.board.tidy(s);
        self.board.tidy(t);
    }

    /// C-WITHDRAW: whether the defenders of the entered space may withdraw inside: `None` no
    /// offer; `Some(None)` non-player defenders (they withdraw automatically); `Some(Some(p))`
    /// ask `p`. Offered when the space is fortified, controlled by the defender's side, not
    /// besieged, and the defenders there are at most four land units.
    fn withdraw_offer(&self, rs: &Ruleset, e: &Entry) -> Option<Option<Power>> {
        let (p, t) = (e.mover, e.to);
        if !self.board.space_type(rs, t).is_fortified() || self.board.at(t).besieged_by.is_some() {
            return None;
        }
        if self.board.land_units(p, t, Stance::Friendly) == 0 {
            return None;
        }
        let c = self.board.controller(rs, t);
        if !matches!(self.board.stance(p, c), Stance::Enemy | Stance::Independent) {
            return None;
        }
        let defenders = self.hostile_land(p, t);
        if defenders == 0 || defenders > MAX_DEFENDERS {
            return None;
        }
        let decider = decider(self, c);
        // Every defender must be on the controller's side.
        let same_side = self.board.at(t).forces.iter().all(|f| {
            f.land() == 0
                || !self.is_hostile(p, f.owner())
                || match decider {
                    Some(d) => self.board.stance(d, f.owner()) == Stance::Friendly,
                    None => f.owner() == Owner::Independent,
                }
        });
        // A major power not in play has nobody to ask: it withdraws like a non-player.
        // --- diplomacy (issue 26): a controlled inactive major is asked too (X-INACTIVE).
        same_side.then_some(decider.filter(|d| self.asks_player(*d)))
    }

    /// The defender chose to withdraw into the fortifications (C-WITHDRAW).
    pub(crate) fn withdraw_inside(&mut self, p: Power, s: SpaceId, ev: &mut Vec<Event>) {
        let mover = e_mover(self);
        if let Some(Step::Entry(e)) = self.steps.last_mut() {
            e.withdrawn = true;
        }
        ev.push(Event::public(EventKind::WithdrewInside {
            owner: Owner::Major(p),
            space: s,
            units: self.hostile_land(mover, s),
        }));
    }

    /// After the offers: a field battle, a relief battle (C-RELIEF) or a siege (C-SIEGE-START).
    fn contact(&mut self, rs: &Ruleset, e: &Entry, ev: &mut Vec<Event>) {
        let (p, t) = (e.mover, e.to);
        if self.board.land_units(p, t, Stance::Friendly) == 0 {
            return;
        }
        if let Some(b) = self.board.at(t).besieged_by {
            if self.board.stance(p, Owner::Major(b)) == Stance::Friendly {
                // Reinforcing a friendly siege.
                return;
            }
            if self.board.space_stance(rs, p, t) == Stance::Friendly {
                let held = self.hold_besieged(p, t, &e.units);
                self.steps.push(Step::Battle(Battle {
                    space: t,
                    attacker: p,
                    came_from: Some(e.from),
                    phase: BattlePhase::Cards,
                    relief: true,
                    held,
                    attacker_wins: false,
                    dice: (0, 0),
                    defender: None,
                    joined: Vec::new(),
                    hits: None,
                    bonus_dice: (0, 0),
                    bonus_hits: (0, 0),
                }));
                // C-RELIEF: the besieged powers (in play) choose whether to come out and join.
                let mut ask: Vec<Power> = Vec::new();
                if let Some(Step::Battle(b)) = self.steps.last() {
                    for f in &b.held {
                        if let Some(d) = decider(self, f.owner()) {
                            // --- diplomacy (issue 26): a controlled inactive major is asked too (X-INACTIVE).
                            if f.land() > 0 && self.asks_player(d) && !ask.contains(&d) {
                                ask.push(d);
                            }
                        }
                    }
                }
                ask.sort();
                for d in ask.into_iter().rev() {
                    self.steps
                        .push(Step::JoinRelief(JoinRelief { power: d, space: t }));
                }
                return;
            }
        }
        let field = self.hostile_land(p, t);
        if field > 0 && !e.withdrawn {
            self.steps.push(Step::Battle(Battle {
                space: t,
                attacker: p,
                came_from: Some(e.from),
                phase: BattlePhase::Cards,
                relief: false,
                held: Vec::new(),
                attacker_wins: false,
                dice: (0, 0),
                defender: None,
                joined: Vec::new(),
                hits: None,
                bonus_dice: (0, 0),
                bonus_hits: (0, 0),
            }));
        } else if self.board.space_type(rs, t).is_fortified()
            && matches!(
                self.board.space_stance(rs, p, t),
                Stance::Enemy | Stance::Independent
            )
        {
            self.begin_siege(rs, p, t, ev);
        }
    }

    /// C-RELIEF: `p` brings its besieged units (and its allied minors') out of the
    /// fortifications into the relief battle below on the stack: they fight with the relief.
    pub(crate) fn join_relief(&mut self, p: Power, s: SpaceId, ev: &mut Vec<Event>) {
        let Some(b) = self.steps.iter_mut().rev().find_map(|x| match x {
            Step::Battle(b) if b.space == s && b.relief => Some(b),
            _ => None,
        }) else {
            return;
        };
        let held = std::mem::take(&mut b.held);
        let (mine, rest): (Vec<super::board::Force>, Vec<super::board::Force>) = held
            .into_iter()
            .partition(|f| decider_of(&self.board, f.owner()) == Some(p));
        b.held = rest;
        b.joined.extend(mine.iter().cloned());
        let units: u32 = mine.iter().map(super::board::Force::land).sum();
        for h in mine {
            let f = self.board.force_mut(s, h.owner(), h.faction);
            f.add_units(h.regulars, h.mercenaries, h.cavalry, 0);
            f.leaders.extend(h.leaders);
        }
        ev.push(Event::public(EventKind::JoinedRelief {
            power: p,
            space: s,
            units,
        }));
    }

    /// C-RELIEF: takes the besieged units out of the battle (they stay inside unless their
    /// power brings them out with [`Game::join_relief`]); the relief formation `u` of `p` stays
    /// in the field.
    fn hold_besieged(&mut self, p: Power, t: SpaceId, u: &Units) -> Vec<super::board::Force> {
        let mut held = Vec::new();
        let friendly: Vec<bool> = self.board.spaces[t.idx()]
            .forces
            .iter()
            .map(|f| self.board.stance(p, f.owner()) == Stance::Friendly)
            .collect();
        for (f, fr) in self.board.spaces[t.idx()].forces.iter_mut().zip(friendly) {
            if fr {
                let mut h = f.clone();
                if f.owner() == Owner::Major(p) && f.faction.is_none() {
                    h.regulars = f.regulars.saturating_sub(u.regulars);
                    h.mercenaries = f.mercenaries.saturating_sub(u.mercenaries);
                    h.cavalry = f.cavalry.saturating_sub(u.cavalry);
                    h.leaders.retain(|l| !u.leaders.iter().any(|x| x == l));
                    f.regulars -= h.regulars;
                    f.mercenaries -= h.mercenaries;
                    f.cavalry -= h.cavalry;
                    f.leaders.retain(|l| u.leaders.iter().any(|x| x == l));
                } else {
                    f.regulars = 0;
                    f.mercenaries = 0;
                    f.cavalry = 0;
                    f.leaders.clear();
                }
                h.squadrons = 0;
                if h.land() > 0 || !h.leaders.is_empty() {
                    held.push(h);
                }
            }
        }
        self.board.tidy(t);
        held
    }
}

/// The mover of the entry frame on top (the active power otherwise).
fn e_mover(g: &Game) -> Power {
    match g.steps.last() {
        Some(Step::Entry(e)) => e.mover,
        _ => g.active_power(),
    }
}

/// The best army battle rating among these leaders.
pub(crate) fn leaders_battle<S: AsRef<str>>(rs: &Ruleset, leaders: &[S]) -> u32 {
    leaders
        .iter()
        .filter_map(|l| rs.leaders.iter().find(|x| x.id == l.as_ref()))
        .filter(|l| l.kind == super::ruleset::LeaderKind::Army)
        .map(|l| l.battle as u32)
        .max()
        .unwrap_or(0)
}

/// The power that decides for units of `o`: a major itself, a minor's ally, none for
/// independents (and inactive minors).
pub(crate) fn decider(g: &Game, o: Owner) -> Option<Power> {
    decider_of(&g.board, o)
}

/// [`decider`] from the board alone.
fn decider_of(b: &super::board::Board, o: Owner) -> Option<Power> {
    match o {
        Owner::Major(p) => Some(p),
        Owner::Minor(m) => b.minor_ally(m),
        Owner::Independent => None,
    }
}

// --- questions on the decision stack (`super::question::Question`)

/// Decision (C-INT-WHO): `power` may intercept into `to` from one of `from`.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Intercept {
    /// The enemy power offered the interception.
    pub power: Power,
    /// The entered space.
    pub to: SpaceId,
    /// Spaces it may intercept from.
    pub from: Vec<SpaceId>,
}

/// Decision (C-AVOID): `power` may try to avoid battle in `space`, moving to one of `to`.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Avoid {
    /// The non-active power.
    pub power: Power,
    /// The entered space.
    pub space: SpaceId,
    /// Legal destinations.
    pub to: Vec<SpaceId>,
}

/// Decision (C-WITHDRAW): `power` may withdraw its units in `space` into the fortifications.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Withdraw {
    /// The defender.
    pub power: Power,
    /// The fortified space.
    pub space: SpaceId,
}

/// Decision (C-RELIEF): `power` may bring its besieged units in `space` out to join the
/// relief battle (`sally`), or keep them inside (`forgo`).
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct JoinRelief {
    /// The besieged units' power.
    pub power: Power,
    /// The besieged space.
    pub space: SpaceId,
}

impl Question for Intercept {
    fn asked(&self) -> (Power, Decision) {
        (self.power, Decision::Intercept)
    }

    fn takes(&self, a: &Action) -> bool {
        matches!(a, Action::Intercept { .. })
    }

    fn answer(
        &self,
        g: &mut Game,
        rs: &Ruleset,
        p: Power,
        a: &Action,
        ev: &mut Vec<Event>,
    ) -> RuleResult<()> {
        let Action::Intercept { from, units } = a else {
            return Err(Refusal::NothingPending.into());
        };
        let f = g.check_intercept(rs, p, self.to, &self.from, from, units)?;
        g.steps.pop();
        g.intercept(rs, p, f, self.to, units, ev);
        Ok(())
    }

    fn legal(&self, g: &Game, rs: &Ruleset, p: Power, out: &mut Vec<Action>) {
        out.push(Action::Forgo);
        for f in &self.from {
            if let Some(u) = g
                .largest_pick(rs, p, *f, None)
                .and_then(|u| cap_pick(u, g.movable(p, *f)))
                .map(|mut u| {
                    u.leaders
                        .retain(|l| !g.marks.pinned_leaders.iter().any(|x| x == l));
                    u
                })
            {
                out.push(Action::Intercept {
                    from: rs.space(*f).id.as_str().into(),
                    units: u,
                });
            }
        }
    }

    fn standing(&self, g: &Game, _rs: &Ruleset) -> Option<(Standing, Action)> {
        g.has_standing(self.power, Standing::NeverIntercept)
            .then_some((Standing::NeverIntercept, Action::Forgo))
    }

    fn forgo(&self) -> Forgo {
        Forgo::Declines
    }

    fn space(&self) -> Option<SpaceId> {
        Some(self.to)
    }
}

impl Question for Avoid {
    fn asked(&self) -> (Power, Decision) {
        (self.power, Decision::AvoidBattle)
    }

    fn takes(&self, a: &Action) -> bool {
        matches!(a, Action::AvoidBattle { .. })
    }

    fn answer(
        &self,
        g: &mut Game,
        rs: &Ruleset,
        p: Power,
        a: &Action,
        ev: &mut Vec<Event>,
    ) -> RuleResult<()> {
        let Action::AvoidBattle { to } = a else {
            return Err(Refusal::NothingPending.into());
        };
        let t = g.check_avoid(rs, self.space, &self.to, to)?;
        g.steps.pop();
        g.avoid_battle(rs, p, self.space, t, ev);
        Ok(())
    }

    fn legal(&self, _g: &Game, rs: &Ruleset, _p: Power, out: &mut Vec<Action>) {
        out.push(Action::Forgo);
        for t in &self.to {
            out.push(Action::AvoidBattle {
                to: rs.space(*t).id.as_str().into(),
            });
        }
    }

    fn standing(&self, g: &Game, _rs: &Ruleset) -> Option<(Standing, Action)> {
        g.has_standing(self.power, Standing::NeverAvoid)
            .then_some((Standing::NeverAvoid, Action::Forgo))
    }

    fn forgo(&self) -> Forgo {
        Forgo::Declines
    }

    fn space(&self) -> Option<SpaceId> {
        Some(self.space)
    }
}

impl Question for Withdraw {
    fn asked(&self) -> (Power, Decision) {
        (self.power, Decision::WithdrawInside)
    }

    fn takes(&self, a: &Action) -> bool {
        matches!(a, Action::WithdrawInside)
    }

    fn answer(
        &self,
        g: &mut Game,
        _rs: &Ruleset,
        p: Power,
        _a: &Action,
        ev: &mut Vec<Event>,
    ) -> RuleResult<()> {
        g.steps.pop();
        g.withdraw_inside(p, self.space, ev);
        Ok(())
    }

    fn legal(&self, _g: &Game, _rs: &Ruleset, _p: Power, out: &mut Vec<Action>) {
        out.push(Action::WithdrawInside);
        out.push(Action::Forgo);
    }

    fn standing(&self, g: &Game, _rs: &Ruleset) -> Option<(Standing, Action)> {
        if g.has_standing(self.power, Standing::AlwaysWithdraw) {
            Some((Standing::AlwaysWithdraw, Action::WithdrawInside))
        } else if g.has_standing(self.power, Standing::NeverWithdraw) {
            Some((Standing::NeverWithdraw, Action::Forgo))
        } else {
            None
        }
    }

    fn forgo(&self) -> Forgo {
        Forgo::Declines
    }
}

impl Question for JoinRelief {
    fn asked(&self) -> (Power, Decision) {
        (self.power, Decision::JoinRelief)
    }

    fn takes(&self, a: &Action) -> bool {
        matches!(a, Action::JoinRelief)
    }

    fn answer(
        &self,
        g: &mut Game,
        _rs: &Ruleset,
        p: Power,
        _a: &Action,
        ev: &mut Vec<Event>,
    ) -> RuleResult<()> {
        g.steps.pop();
        g.join_relief(p, self.space, ev);
        Ok(())
    }

    fn legal(&self, _g: &Game, _rs: &Ruleset, _p: Power, out: &mut Vec<Action>) {
        out.push(Action::Forgo);
        out.push(Action::JoinRelief);
    }

    fn standing(&self, g: &Game, _rs: &Ruleset) -> Option<(Standing, Action)> {
        if g.has_standing(self.power, Standing::AlwaysJoinRelief) {
            Some((Standing::AlwaysJoinRelief, Action::JoinRelief))
        } else if g.has_standing(self.power, Standing::NeverJoinRelief) {
            Some((Standing::NeverJoinRelief, Action::Forgo))
        } else {
            None
        }
    }

    fn forgo(&self) -> Forgo {
        Forgo::Declines
    }
}

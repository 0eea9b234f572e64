//! Field battle (HIS 14): C-BATTLE-DICE, C-BATTLE-CARDS, C-BATTLE-HITS (the owner chooses its
//! casualties), C-BATTLE-TIES, C-BATTLE-CAPTURE, C-BATTLE-RETREAT, C-BATTLE-RETREAT-SPACES,
//! C-BATTLE-AFTER and C-RELIEF, worked as the [`Battle`] frame of the decision stack. Also the
//! shared pieces of combat: sides, hits, casualties and retreats (assaults use them too).

use super::action::{Action, Units};
use super::board::{Force, Stance};
use super::error::RuleResult;
use super::event::{Event, EventKind, Side};
use super::game::{Decision, Game, Stage};
use super::inactive::RuleAnswer;
use super::interception::{decider, MAX_DEFENDERS};
use super::power::{Owner, Power};
use super::question::{Forgo, Question};
use super::refusal::{LandCount, Refusal};
use super::ruleset::{CardKind, LeaderKind, Ruleset, SpaceId};
use super::steps::{Battle, BattlePhase, Standing, Step, Window};

/// Hits in a roll: 5s and 6s.
pub fn hits(dice: &[u8]) -> u32 {
    dice.iter().filter(|d| **d >= 5).count() as u32
}

impl Game {
    /// The power whose impulse it is (Ottoman outside impulses).
    pub(crate) fn active_power(&self) -> Power {
        match self.stage {
            Stage::Impulse { power, .. } | Stage::Cp { power, .. } => power,
            Stage::Deployment { power } => power,
            _ => Power::Ottoman,
        }
    }

    /// Whether `o` is on the other side from `p` in a fight (enemy or independent).
    pub(crate) fn is_hostile(&self, p: Power, o: Owner) -> bool {
        matches!(self.board.stance(p, o), Stance::Enemy | Stance::Independent)
    }

    /// Land units in `s` that `p` fights (enemy and independent).
    pub(crate) fn hostile_land(&self, p: Power, s: SpaceId) -> u32 {
        self.board
            .at(s)
            .forces
            .iter()
            .filter(|f| self.is_hostile(p, f.owner()))
            .map(Force::land)
            .sum()
    }

    /// Land units of `p` itself in `s`.
    pub(crate) fn owner_land_exact(&self, p: Power, s: SpaceId) -> u32 {
        self.board
            .at(s)
            .forces
            .iter()
            .filter(|f| f.owner() == Owner::Major(p))
            .map(Force::land)
            .sum()
    }

    /// Land units of `p` in `s` free to move this impulse: those not pinned by a lost battle or
    /// a siege begun this impulse (C-MOVE-ENTER).
    pub(crate) fn movable(&self, p: Power, s: SpaceId) -> u32 {
        if self.marks.pinned.is_empty() && self.marks.stuck.is_empty() {
            return u32::MAX;
        }
        let pinned = self.marks.pinned(s, p);
        if pinned == 0 {
            return u32::MAX;
        }
        self.owner_land_exact(p, s).saturating_sub(pinned)
    }

    /// The leaders of `p`'s own forces in `s`.
    pub(crate) fn leaders_of(&self, p: Power, s: SpaceId) -> Vec<String> {
        self.board
            .at(s)
            .forces
            .iter()
            .filter(|f| f.owner() == Owner::Major(p))
            .flat_map(|f| f.leaders.iter().cloned())
            .collect()
    }

    /// `u` without what is held this impulse (C-MOVE-ENTER): pinned leaders left out, land
    /// units cut to those free to move; `None` if nothing is left.
    pub(crate) fn free_pick(&self, p: Power, s: SpaceId, mut u: Units) -> Option<Units> {
        if self.marks.is_empty() {
            return Some(u);
        }
        u.leaders
            .retain(|l| !self.marks.pinned_leaders.iter().any(|x| x == l));
        super::steps::cap_pick(u, self.movable(p, s))
    }

    /// Whether a pick moves a leader held for the rest of the impulse (C-MOVE-ENTER).
    pub(crate) fn moves_pinned_leader(&self, u: &Units) -> bool {
        !self.marks.pinned_leaders.is_empty()
            && u.leaders
                .iter()
                .any(|l| self.marks.pinned_leaders.iter().any(|x| x == l))
    }

    /// Land units in `s` that `p` decides for (its own and its allied minors').
    pub(crate) fn owner_land(&self, p: Power, s: SpaceId) -> u32 {
        let (r, m, c) = self.pool(p, s);
        r + m + c
    }

    /// Regulars, mercenaries and cavalry in `s` that `p` decides for.
    pub(crate) fn pool(&self, p: Power, s: SpaceId) -> (u32, u32, u32) {
        self.pool_of(Some(p), s)
    }

    fn pool_of(&self, d: Option<Power>, s: SpaceId) -> (u32, u32, u32) {
        let mut t = (0, 0, 0);
        for f in &self.board.at(s).forces {
            if decider(self, f.owner()) == d && (d.is_some() || f.owner() == Owner::Independent) {
                t.0 += f.regulars as u32;
                t.1 += f.mercenaries as u32;
                t.2 += f.cavalry as u32;
            }
        }
        t
    }

    /// The best army-leader battle rating among `side`'s forces in `s`.
    pub(crate) fn best_battle(
        &self,
        rs: &Ruleset,
        s: SpaceId,
        side: impl Fn(Owner) -> bool,
    ) -> u32 {
        self.board
            .at(s)
            .forces
            .iter()
            .filter(|f| side(f.owner()))
            .flat_map(|f| f.leaders.iter())
            .filter_map(|l| rs.leaders.iter().find(|x| &x.id == l))
            .filter(|l| l.kind == LeaderKind::Army)
            .map(|l| l.battle as u32)
            .max()
            .unwrap_or(0)
    }

    /// Land units of `side` in `s`.
    pub(crate) fn units_of(&self, s: SpaceId, side: impl Fn(Owner) -> bool) -> u32 {
        self.board
            .at(s)
            .forces
            .iter()
            .filter(|f| side(f.owner()))
            .map(Force::land)
            .sum()
    }

    /// The majors (and allied minors' majors) on `p`'s side (`friendly`) or the other side in
    /// `s`, with land units, in impulse order.
    pub(crate) fn side_powers(&self, p: Power, s: SpaceId, friendly: bool) -> Vec<Power> {
        let mut v: Vec<Power> = self
            .board
            .at(s)
            .forces
            .iter()
            .filter(|f| f.land() > 0)
            .filter(|f| {
                if friendly {
                    self.board.stance(p, f.owner()) == Stance::Friendly
                } else {
                    self.is_hostile(p, f.owner())
                }
            })
            .filter_map(|f| decider(self, f.owner()))
            .collect();
        v.sort();
        v.dedup();
        if friendly {
            // The attacker itself first.
            v.sort_by_key(|q| *q != p);
        }
        v
    }

    /// C-BATTLE-CARDS: the combat-card window asks every power with units in the fight,
    /// attacker's side first, when a combat or response card may be outstanding (public).
    pub(crate) fn open_combat_window(&mut self, rs: &Ruleset, p: Power, s: SpaceId) {
        if !self.window_possible(rs, &[CardKind::Combat, CardKind::Response]) {
            return;
        }
        let asked = self.battle_sides(p, s);
        self.push_windows(Window::Combat, &asked, s);
    }

    /// The powers with units in the fight in `s`, the attacker's side first; a power no player
    /// answers for (an inactive major nobody controls, X-INACTIVE-ANSWERS) holds no cards and
    /// is not asked.
    fn battle_sides(&self, p: Power, s: SpaceId) -> Vec<Power> {
        let mut asked = self.side_powers(p, s, true);
        for q in self.side_powers(p, s, false) {
            if !asked.contains(&q) {
                asked.push(q);
            }
        }
        asked.retain(|q| self.asks_player(*q));
        asked
    }

    /// Works the battle frame on top one step further.
    pub(crate) fn work_battle(&mut self, rs: &Ruleset, mut b: Battle, ev: &mut Vec<Event>) {
        let (p, s) = (b.attacker, b.space);
        match b.phase {
            BattlePhase::Cards => {
                b.phase = BattlePhase::Roll;
                self.set_top(Step::Battle(b));
                self.open_combat_window(rs, p, s);
            }
            BattlePhase::Roll => {
                let friendly = |g: &Game, o: Owner| g.board.stance(p, o) == Stance::Friendly;
                let att_units = self.units_of(s, |o| friendly(self, o));
                let def_units = self.units_of(s, |o| self.is_hostile(p, o));
                // C-BATTLE-DICE: one die per unit, plus the best battle rating; the defender +1.
                let att_n = att_units + self.best_battle(rs, s, |o| friendly(self, o));
                let def_n = def_units + self.best_battle(rs, s, |o| self.is_hostile(p, o)) + 1;
                // Combat cards' effects: extra dice and hits (X-CARD-EFFECT).
                let plus = |n: u32, k: i8| (n as i64 + k as i64).max(0) as u32;
                let (att_n, def_n) = (plus(att_n, b.bonus_dice.0), plus(def_n, b.bonus_dice.1));
                let (ad, dd) = (self.roll(att_n), self.roll(def_n));
                let (ah, dh) = (
                    plus(hits(&ad), b.bonus_hits.0),
                    plus(hits(&dd), b.bonus_hits.1),
                );
                let def_owner = self.main_defender(rs, p, s);
                b.attacker_wins = ah > dh; // C-BATTLE-TIES: equal hits → the defender wins.
                b.dice = (att_n, def_n);
                b.defender = Some(def_owner);
                b.hits = Some((ah, dh));
                b.phase = BattlePhase::Hits;
                ev.push(Event::public(EventKind::FieldBattle {
                    space: s,
                    attacker: Side {
                        owner: Owner::Major(p),
                        dice: ad,
                        hits: ah,
                        losses: dh.min(att_units),
                    },
                    defender: Side {
                        owner: def_owner,
                        dice: dd,
                        hits: dh,
                        losses: ah.min(def_units),
                    },
                    winner: if b.attacker_wins {
                        Owner::Major(p)
                    } else {
                        def_owner
                    },
                }));
                self.set_top(Step::Battle(b));
                // C-BATTLE-CARDS, second window: the roll is announced; cards that change rolled
                // dice may be played before hits are taken.
                if self.dice_window_possible(rs) {
                    let asked = self.battle_sides(p, s);
                    self.push_windows(Window::Dice, &asked, s);
                }
            }
            BattlePhase::Hits => {
                let (ah, dh) = b.hits.take().unwrap_or((0, 0));
                b.phase = BattlePhase::Resolve;
                self.set_top(Step::Battle(b));
                // Defender's casualties asked after the attacker's: push them first.
                self.assign_hits(p, s, false, ah, ev);
                self.assign_hits(p, s, true, dh, ev);
            }
            BattlePhase::Resolve => {
                b.phase = BattlePhase::After;
                self.set_top(Step::Battle(b.clone()));
                self.resolve_battle(rs, &b, ev);
            }
            BattlePhase::After => {
                self.steps.pop();
                for h in b.held {
                    let f = self.board.force_mut(s, h.owner(), h.faction);
                    f.add_units(h.regulars, h.mercenaries, h.cavalry, 0);
                    f.leaders.extend(h.leaders);
                }
                // C-BATTLE-AFTER: an attacker that wins in an enemy or independent fortified
                // space besieges it; in an unfortified space control does not change.
                if b.attacker_wins
                    && !b.relief
                    && self.board.space_type(rs, s).is_fortified()
                    && self.board.land_units(p, s, Stance::Friendly) > 0
                    && matches!(
                        self.board.space_stance(rs, p, s),
                        Stance::Enemy | Stance::Independent
                    )
                {
                    self.begin_siege(rs, p, s, ev);
                }
            }
        }
    }

    /// The owner named as the defending side: the space's controller if it fights, else the
    /// first hostile owner with units.
    fn main_defender(&self, rs: &Ruleset, p: Power, s: SpaceId) -> Owner {
        let c = self.board.controller(rs, s);
        let forces = &self.board.at(s).forces;
        if forces.iter().any(|f| f.owner() == c && f.land() > 0) && self.is_hostile(p, c) {
            return c;
        }
        forces
            .iter()
            .filter(|f| f.land() > 0)
            .map(Force::owner)
            .find(|o| self.is_hostile(p, *o))
            .unwrap_or(Owner::Independent)
    }

    /// C-BATTLE-HITS: `hits` against the side of `p` (`friendly`) or the side it fights. Split
    /// evenly between the major powers there, the remainder by die roll; each owner chooses its
    /// losses (asked only when it has a real choice), non-player units lose mercenaries, cavalry,
    /// then regulars.
    pub(crate) fn assign_hits(
        &mut self,
        p: Power,
        s: SpaceId,
        friendly: bool,
        hits: u32,
        ev: &mut Vec<Event>,
    ) {
        if hits == 0 {
            return;
        }
        let mut deciders: Vec<Option<Power>> = Vec::new();
        for f in &self.board.at(s).forces {
            let on_side = if friendly {
                self.board.stance(p, f.owner()) == Stance::Friendly
            } else {
                self.is_hostile(p, f.owner())
            };
            if on_side && f.land() > 0 {
                let d = decider(self, f.owner());
                if !deciders.contains(&d) {
                    deciders.push(d);
                }
            }
        }
        if deciders.is_empty() {
            return;
        }
        deciders.sort();
        let n = deciders.len() as u32;
        let mut share = vec![hits / n; deciders.len()];
        for _ in 0..hits % n {
            let d = self.d6() as usize;
            share[(d - 1) % deciders.len()] += 1;
        }
        let mut asks = Vec::new();
        for (d, k) in deciders.into_iter().zip(share) {
            let (r, m, c) = self.pool_of(d, s);
            let k = k.min(r + m + c);
            if k == 0 {
                continue;
            }
            let kinds = [r, m, c].iter().filter(|x| **x > 0).count();
            match d {
                // --- diplomacy (issue 26): a controlled inactive major is asked too (X-INACTIVE).
                Some(q) if kinds > 1 && k < r + m + c && self.asks_player(q) => {
                    asks.push(Step::Casualties(Casualties {
                        power: q,
                        space: s,
                        hits: k,
                    }))
                }
                _ => {
                    // X-INACTIVE-ANSWERS: an inactive major nobody plays is not asked.
                    if let Some(q) = d.filter(|_| kinds > 1 && k < r + m + c) {
                        self.answered_by_rule(q, RuleAnswer::Casualties { space: s }, ev);
                    }
                    let u = mercenaries_first((r, m, c), k);
                    self.remove_pool(d, s, &u, ev);
                }
            }
        }
        for a in asks.into_iter().rev() {
            self.steps.push(a);
        }
    }

    /// Losses taken mercenaries first, then cavalry, then regulars.
    pub(crate) fn default_casualties(&self, p: Power, s: SpaceId, hits: u32) -> Units {
        mercenaries_first(self.pool(p, s), hits)
    }

    /// Checks a casualty choice: exactly the hits, from units `p` has there.
    pub(crate) fn check_casualties(
        &self,
        p: Power,
        s: SpaceId,
        hits: u32,
        u: &Units,
    ) -> RuleResult<()> {
        let (r, m, c) = self.pool(p, s);
        let fits = u.regulars as u32 <= r && u.mercenaries as u32 <= m && u.cavalry as u32 <= c;
        if !fits || u.land() != hits {
            return Err(Refusal::WrongCasualties {
                hits,
                asked: LandCount::new(u.regulars, u.mercenaries, u.cavalry),
                have: LandCount::new(r, m, c),
            }
            .into());
        }
        Ok(())
    }

    /// Removes the chosen casualties from `p`'s units in `s`.
    pub(crate) fn take_casualties(&mut self, p: Power, s: SpaceId, u: &Units, ev: &mut Vec<Event>) {
        self.remove_pool(Some(p), s, u, ev);
    }

    fn remove_pool(&mut self, d: Option<Power>, s: SpaceId, u: &Units, ev: &mut Vec<Event>) {
        let mut need = (u.regulars, u.mercenaries, u.cavalry);
        let owners: Vec<bool> = self.board.spaces[s.idx()]
            .forces
            .iter()
            .map(|f| {
                decider(self, f.owner()) == d && (d.is_some() || f.owner() == Owner::Independent)
            })
            .collect();
        for (f, mine) in self.board.spaces[s.idx()].forces.iter_mut().zip(owners) {
            if !mine {
                continue;
            }
            let r = need.0.min(f.regulars);
            let m = need.1.min(f.mercenaries);
            let c = need.2.min(f.cavalry);
            f.regulars -= r;
            f.mercenaries -= m;
            f.cavalry -= c;
            need = (need.0 - r, need.1 - m, need.2 - c);
        }
        self.board.tidy(s);
        ev.push(Event::public(EventKind::CasualtiesTaken {
            owner: d.map_or(Owner::Independent, Owner::Major),
            space: s,
            units: Units {
                leaders: Vec::new(),
                ..u.clone()
            },
        }));
    }

    /// After casualties: C-BATTLE-TIES (both wiped out), C-BATTLE-CAPTURE, C-BATTLE-RETREAT.
    fn resolve_battle(&mut self, rs: &Ruleset, b: &Battle, ev: &mut Vec<Event>) {
        let (p, s) = (b.attacker, b.space);
        let def_owner = b.defender.unwrap_or(Owner::Independent);
        let friendly = |g: &Game, o: Owner| g.board.stance(p, o) == Stance::Friendly;
        let att_left = self.units_of(s, |o| friendly(self, o));
        let def_left = self.units_of(s, |o| self.is_hostile(p, o));
        if att_left == 0 && def_left == 0 {
            // C-BATTLE-TIES: the side that rolled more dice keeps one regular (the attacker
            // only if strictly more).
            let keeper = if b.dice.0 > b.dice.1 {
                Owner::Major(p)
            } else {
                def_owner
            };
            self.board.force_mut(s, keeper, None).add_units(1, 0, 0, 0);
            ev.push(Event::public(EventKind::RegularKept {
                owner: keeper,
                space: s,
            }));
        }
        let winner_power = if b.attacker_wins {
            Some(p)
        } else {
            decider(self, def_owner)
        };
        // C-BATTLE-CAPTURE: leaders of a side left without land units.
        let att_left = self.units_of(s, |o| friendly(self, o));
        let def_left = self.units_of(s, |o| self.is_hostile(p, o));
        if att_left == 0 {
            self.capture_leaders(
                s,
                |g, o| g.board.stance(p, o) == Stance::Friendly,
                decider(self, def_owner),
                ev,
            );
        }
        if def_left == 0 {
            self.capture_leaders(s, |g, o| g.is_hostile(p, o), Some(p), ev);
        }
        if b.attacker_wins {
            if def_left == 0 {
                return;
            }
            // A losing defender: retreat to a legal space of its choice, or (in a fortified
            // space it holds) up to four land units inside.
            let d = decider(self, def_owner);
            let room = if !b.relief
                && self.board.space_type(rs, s).is_fortified()
                && d.is_some_and(|d| self.board.space_stance(rs, d, s) == Stance::Friendly)
            {
                MAX_DEFENDERS.min(def_left)
            } else {
                0
            };
            match d {
                Some(d) => {
                    let to = self.retreat_spaces(rs, d, s, b.came_from);
                    self.ask_retreat(rs, d, s, to, room, b.came_from, ev);
                }
                None => {
                    // Non-player defenders: up to four stay inside, the rest take the first
                    // legal space (no one to ask).
                    let to = self.independent_retreat(rs, s, b.came_from);
                    let inside = self.inside_pick_of(None, s, room);
                    self.retreat_side(rs, def_owner, s, to, &inside, Some(p), ev);
                }
            }
        } else {
            if b.relief && !b.joined.is_empty() {
                self.back_inside(s, &b.joined, ev);
            }
            let att_left = self.units_of(s, |o| friendly(self, o));
            // (A beaten relief whose units all fell may still have leaders outside: they go.)
            if att_left == 0 && !b.relief {
                return;
            }
            let moving = self.owner_land_exact(p, s);
            let leaders = self.leaders_of(p, s);
            // A losing attacker goes back where it came from if that space is friendly;
            // otherwise it is eliminated.
            let back = b
                .came_from
                .filter(|c| self.board.space_stance(rs, p, *c) == Stance::Friendly);
            self.retreat_side(
                rs,
                Owner::Major(p),
                s,
                back,
                &Units::default(),
                winner_power,
                ev,
            );
            if let Some(c) = back {
                self.marks.pin(c, p, moving);
                self.marks.pinned_leaders.extend(leaders);
            }
        }
    }

    /// C-RELIEF, a beaten relief: the besieged units that came out to fight with it (`joined`,
    /// as they came out) go back inside and the siege goes on; the relief alone retreats.
    ///
    /// Reading: Here I Stand 15.2 lets the besieged join the relief's field battle; after a
    /// lost relief battle Saito's implementation (`playerFortifySpace` with its relief flag)
    /// offers the fortifications only to the units that were not part of the relief force, so
    /// the surviving besieged go back in and the relief force retreats. Which survivors were
    /// "besieged" is not tracked per unit: of each force that came out, as many units of each
    /// type as survive there (at most as many as came out) go back in, with its leaders if any
    /// unit does.
    fn back_inside(&mut self, s: SpaceId, joined: &[Force], ev: &mut Vec<Event>) {
        let mut held = Vec::new();
        for j in joined {
            let Some(f) = self.board.spaces[s.idx()]
                .forces
                .iter_mut()
                .find(|f| f.owner() == j.owner() && f.faction == j.faction)
            else {
                continue;
            };
            let mut h = Force::new(j.owner(), j.faction);
            h.regulars = j.regulars.min(f.regulars);
            h.mercenaries = j.mercenaries.min(f.mercenaries);
            h.cavalry = j.cavalry.min(f.cavalry);
            f.regulars -= h.regulars;
            f.mercenaries -= h.mercenaries;
            f.cavalry -= h.cavalry;
            if h.land() > 0 {
                let (back, stay): (Vec<String>, Vec<String>) = std::mem::take(&mut f.leaders)
                    .into_iter()
                    .partition(|l| j.leaders.contains(l));
                f.leaders = stay;
                h.leaders = back;
                ev.push(Event::public(EventKind::BackInside {
                    owner: h.owner(),
                    space: s,
                    units: h.land(),
                }));
                held.push(h);
            }
        }
        self.board.tidy(s);
        if let Some(b) = self.steps.iter_mut().rev().find_map(|x| match x {
            Step::Battle(b) if b.space == s && b.relief => Some(b),
            _ => None,
        }) {
            b.held.extend(held);
        }
    }

    /// Captures the leaders of `side`'s forces in `s` (they have no land units left).
    fn capture_leaders(
        &mut self,
        s: SpaceId,
        side: impl Fn(&Game, Owner) -> bool,
        captor: Option<Power>,
        ev: &mut Vec<Event>,
    ) {
        let mut taken = Vec::new();
        let marks: Vec<bool> = self.board.spaces[s.idx()]
            .forces
            .iter()
            .map(|f| side(self, f.owner()))
            .collect();
        for (f, m) in self.board.spaces[s.idx()].forces.iter_mut().zip(marks) {
            if m {
                taken.append(&mut f.leaders);
            }
        }
        self.board.tidy(s);
        for l in taken {
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

    /// C-BATTLE-RETREAT-SPACES: adjacent spaces (by land) controlled by `p` or an ally, with no
    /// land units of non-allied powers, not in unrest, and not `origin` (where the attacker came
    /// from).
    pub(crate) fn retreat_spaces(
        &self,
        rs: &Ruleset,
        p: Power,
        s: SpaceId,
        origin: Option<SpaceId>,
    ) -> Vec<SpaceId> {
        rs.neighbours[s.idx()]
            .iter()
            .map(|(n, _)| *n)
            .filter(|n| Some(*n) != origin)
            .filter(|n| self.is_retreat_space(rs, p, *n))
            .collect()
    }

    fn is_retreat_space(&self, rs: &Ruleset, p: Power, n: SpaceId) -> bool {
        self.board.space_stance(rs, p, n) == Stance::Friendly
            && !self.board.at(n).unrest
            && !self
                .board
                .at(n)
                .forces
                .iter()
                .any(|f| f.land() > 0 && self.board.stance(p, f.owner()) != Stance::Friendly)
    }

    /// A retreat space for independent units: an independent space with no other land units.
    fn independent_retreat(
        &self,
        rs: &Ruleset,
        s: SpaceId,
        origin: Option<SpaceId>,
    ) -> Option<SpaceId> {
        rs.neighbours[s.idx()].iter().map(|(n, _)| *n).find(|n| {
            Some(*n) != origin
                && self.board.controller(rs, *n) == Owner::Independent
                && !self.board.at(*n).unrest
                && !self
                    .board
                    .at(*n)
                    .forces
                    .iter()
                    .any(|f| f.land() > 0 && f.owner() != Owner::Independent)
        })
    }

    /// Asks `d` where to retreat, unless there is no choice (one space and no room inside: go
    /// there; nothing at all: eliminated).
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn ask_retreat(
        &mut self,
        rs: &Ruleset,
        d: Power,
        s: SpaceId,
        to: Vec<SpaceId>,
        room: u32,
        origin: Option<SpaceId>,
        ev: &mut Vec<Event>,
    ) {
        // No choice to make, or nobody to ask (a major power not in play): the first legal
        // space, keeping as many inside as there is room for.
        // --- diplomacy (issue 26): a controlled inactive major is asked too (X-INACTIVE).
        if (room == 0 && to.len() <= 1) || !self.asks_player(d) {
            // X-INACTIVE-ANSWERS: the rule answers a choice no player makes, said aloud.
            if !(room == 0 && to.len() <= 1) {
                let answer = RuleAnswer::Retreat {
                    space: s,
                    to: to.first().copied(),
                };
                self.answered_by_rule(d, answer, ev);
            }
            let captor = self.captor_against(rs, d, s);
            let inside = if room == 0 {
                Units::default()
            } else {
                self.inside_pick_of(Some(d), s, room)
            };
            self.retreat_side(
                rs,
                Owner::Major(d),
                s,
                to.first().copied(),
                &inside,
                captor,
                ev,
            );
            return;
        }
        self.steps.push(Step::Retreat(Retreat {
            power: d,
            space: s,
            to,
            room,
            origin,
        }));
    }

    /// The major power fighting `d` in `s` (it captures leaders left without units).
    fn captor_against(&self, _rs: &Ruleset, d: Power, s: SpaceId) -> Option<Power> {
        self.board
            .at(s)
            .forces
            .iter()
            .filter(|f| f.land() > 0)
            .find_map(|f| match f.owner() {
                Owner::Major(q) if self.board.stance(d, f.owner()) == Stance::Enemy => Some(q),
                _ => None,
            })
            .or_else(|| {
                self.board
                    .at(s)
                    .besieged_by
                    .filter(|b| self.board.stance(d, Owner::Major(*b)) == Stance::Enemy)
            })
    }

    /// The largest pick of `p`'s units to stay inside (at most `room`), regulars first.
    pub(crate) fn inside_pick(&self, p: Power, s: SpaceId, room: u32) -> Units {
        self.inside_pick_of(Some(p), s, room)
    }

    fn inside_pick_of(&self, d: Option<Power>, s: SpaceId, room: u32) -> Units {
        let (r, m, c) = self.pool_of(d, s);
        let mut left = room;
        let mut take = |n: u32| {
            let k = n.min(left);
            left -= k;
            k as u8
        };
        Units {
            regulars: take(r),
            mercenaries: take(m),
            cavalry: take(c),
            leaders: Vec::new(),
        }
    }

    /// Checks a retreat answer; returns the destination (`None`: nowhere, the rest is lost).
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn check_retreat(
        &self,
        rs: &Ruleset,
        p: Power,
        s: SpaceId,
        allowed: &[SpaceId],
        room: u32,
        origin: Option<SpaceId>,
        to: &Option<String>,
        inside: &Units,
    ) -> RuleResult<Option<SpaceId>> {
        if inside.land() > room {
            return Err(Refusal::TooManyInside {
                asked: inside.land(),
                room,
            }
            .into());
        }
        let (r, m, c) = self.pool(p, s);
        if inside.regulars as u32 > r || inside.mercenaries as u32 > m || inside.cavalry as u32 > c
        {
            return Err(Refusal::NotEnoughUnits {
                power: p,
                space: s,
                have: LandCount::new(r, m, c),
                asked: LandCount::new(inside.regulars, inside.mercenaries, inside.cavalry),
            }
            .into());
        }
        let rest = r + m + c - inside.land();
        match to {
            Some(name) => {
                let t = Game::resolve_space(rs, name)?;
                if !allowed.contains(&t) {
                    return Err(Refusal::BadRetreat {
                        space: Some(t),
                        attacker_origin: Some(t) == origin,
                        allowed: allowed.to_vec(),
                    }
                    .into());
                }
                Ok(Some(t))
            }
            None if rest > 0 && !allowed.is_empty() => Err(Refusal::BadRetreat {
                space: None,
                attacker_origin: false,
                allowed: allowed.to_vec(),
            }
            .into()),
            None => Ok(None),
        }
    }

    /// Carries out a retreat chosen by `p` from `s`.
    pub(crate) fn do_retreat(
        &mut self,
        rs: &Ruleset,
        p: Power,
        s: SpaceId,
        to: Option<SpaceId>,
        inside: &Units,
        ev: &mut Vec<Event>,
    ) {
        let captor = self.captor_against(rs, p, s);
        if inside.land() > 0 {
            ev.push(Event::public(EventKind::WithdrewInside {
                owner: Owner::Major(p),
                space: s,
                units: inside.land(),
            }));
        }
        self.retreat_side(rs, Owner::Major(p), s, to, inside, captor, ev);
    }

    /// Moves the survivors on `o`'s side in `s` (its own and its allies' land units and leaders)
    /// to `to`, keeping `inside` of `o`'s own units in place; with no destination they are
    /// eliminated and leaders left without units are captured by `captor`.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn retreat_side(
        &mut self,
        _rs: &Ruleset,
        o: Owner,
        s: SpaceId,
        to: Option<SpaceId>,
        inside: &Units,
        captor: Option<Power>,
        ev: &mut Vec<Event>,
    ) {
        let d = decider(self, o);
        let side: Vec<bool> = self.board.spaces[s.idx()]
            .forces
            .iter()
            .map(|f| match d {
                Some(p) => self.board.stance(p, f.owner()) == Stance::Friendly,
                None => f.owner() == Owner::Independent,
            })
            .collect();
        let mut keep = (inside.regulars, inside.mercenaries, inside.cavalry);
        let keep_leaders = inside.land() > 0;
        let mut moving: Vec<Force> = Vec::new();
        for (f, on) in self.board.spaces[s.idx()].forces.iter_mut().zip(side) {
            if !on {
                continue;
            }
            let mut m = Force::new(f.owner(), f.faction);
            let kr = keep.0.min(f.regulars);
            let km = keep.1.min(f.mercenaries);
            let kc = keep.2.min(f.cavalry);
            keep = (keep.0 - kr, keep.1 - km, keep.2 - kc);
            m.regulars = f.regulars - kr;
            m.mercenaries = f.mercenaries - km;
            m.cavalry = f.cavalry - kc;
            f.regulars = kr;
            f.mercenaries = km;
            f.cavalry = kc;
            let stays = kr + km + kc > 0 && keep_leaders;
            if !stays {
                // Naval leaders stay in the port with the ships: never over land (C-NAVAL-MOVE).
                let (naval, army): (Vec<String>, Vec<String>) = std::mem::take(&mut f.leaders)
                    .into_iter()
                    .partition(|l| _rs.is_naval_leader(l));
                f.leaders = naval;
                m.leaders = army;
            }
            if m.land() > 0 || !m.leaders.is_empty() {
                moving.push(m);
            }
        }
        self.board.tidy(s);
        for m in moving {
            match to {
                Some(t) => {
                    let f = self.board.force_mut(t, m.owner(), m.faction);
                    f.add_units(m.regulars, m.mercenaries, m.cavalry, 0);
                    f.leaders.extend(m.leaders.iter().cloned());
                    ev.push(Event::public(EventKind::Retreated {
                        owner: m.owner(),
                        from: s,
                        to: t,
                    }));
                }
                None => {
                    if m.land() > 0 {
                        ev.push(Event::public(EventKind::Eliminated {
                            owner: m.owner(),
                            space: s,
                            units: m.land(),
                        }));
                    }
                    for l in m.leaders {
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
            }
        }
    }
}

/// `k` losses from (regulars, mercenaries, cavalry): mercenaries, then cavalry, then regulars.
pub(crate) fn mercenaries_first(have: (u32, u32, u32), k: u32) -> Units {
    let mut left = k;
    let mut take = |n: u32| {
        let x = n.min(left);
        left -= x;
        x as u8
    };
    let m = take(have.1);
    let c = take(have.2);
    let r = take(have.0);
    Units {
        regulars: r,
        mercenaries: m,
        cavalry: c,
        leaders: Vec::new(),
    }
}

// --- questions on the decision stack (`super::question::Question`)

/// Decision (C-BATTLE-HITS, C-ASSAULT-DICE): `power` picks which of its units die.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Casualties {
    /// The owner choosing.
    pub power: Power,
    /// Where.
    pub space: SpaceId,
    /// How many land units it loses.
    pub hits: u32,
}

/// Decision (C-BATTLE-RETREAT): `power` picks where its survivors go.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Retreat {
    /// The retreating power.
    pub power: Power,
    /// Where they retreat from.
    pub space: SpaceId,
    /// Legal retreat spaces (C-BATTLE-RETREAT-SPACES).
    pub to: Vec<SpaceId>,
    /// Land units that may stay inside the fortifications instead (0: none).
    #[serde(default)]
    pub room: u32,
    /// The space the attacker entered from, refused with its own message.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub origin: Option<SpaceId>,
}

impl Game {
    /// The retreat a power's [`Standing::AutoRetreat`] answers with: as many land units inside
    /// as there is room for, the rest to the legal space holding most of its land units, then a
    /// fortified one, then the first listed (map order).
    pub(crate) fn auto_retreat(
        &self,
        rs: &Ruleset,
        p: Power,
        s: SpaceId,
        to: &[SpaceId],
        room: u32,
    ) -> Action {
        let inside = if room > 0 {
            self.inside_pick(p, s, room)
        } else {
            Units::default()
        };
        let rest = self.owner_land(p, s).saturating_sub(inside.land());
        let best = to
            .iter()
            .enumerate()
            .max_by_key(|(i, t)| {
                (
                    self.owner_land(p, **t),
                    self.board.space_type(rs, **t).is_fortified(),
                    std::cmp::Reverse(*i),
                )
            })
            .map(|(_, t)| *t);
        let dest = if rest > 0 { best } else { None };
        Action::Retreat {
            to: dest.map(|t| rs.space(t).id.clone()).map(Into::into),
            inside,
        }
    }
}

impl Question for Casualties {
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
        g.check_casualties(p, self.space, self.hits, units)?;
        g.steps.pop();
        g.take_casualties(p, self.space, units, ev);
        Ok(())
    }

    fn legal(&self, g: &Game, _rs: &Ruleset, p: Power, out: &mut Vec<Action>) {
        let have = g.pool(p, self.space);
        let h = self.hits;
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

    fn standing(&self, g: &Game, _rs: &Ruleset) -> Option<(Standing, Action)> {
        g.has_standing(self.power, Standing::MercenariesFirst)
            .then(|| {
                let units = g.default_casualties(self.power, self.space, self.hits);
                (Standing::MercenariesFirst, Action::TakeCasualties { units })
            })
    }

    fn forgo(&self) -> Forgo {
        Forgo::MustAnswer
    }

    fn space(&self) -> Option<SpaceId> {
        Some(self.space)
    }
}

impl Question for Retreat {
    fn asked(&self) -> (Power, Decision) {
        (self.power, Decision::Retreat)
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
        let t = to.as_ref().map(|s| s.to_string());
        let dest = g.check_retreat(
            rs,
            p,
            self.space,
            &self.to,
            self.room,
            self.origin,
            &t,
            inside,
        )?;
        g.steps.pop();
        g.do_retreat(rs, p, self.space, dest, inside, ev);
        Ok(())
    }

    fn legal(&self, g: &Game, rs: &Ruleset, p: Power, out: &mut Vec<Action>) {
        let (space, to, room) = (self.space, &self.to, self.room);
        for t in to {
            out.push(Action::Retreat {
                to: Some(rs.space(*t).id.as_str().into()),
                inside: Units::default(),
            });
        }
        if room > 0 {
            let inside = g.inside_pick(p, space, room);
            let rest = g.owner_land(p, space) - inside.land();
            if rest == 0 || to.is_empty() {
                out.push(Action::Retreat { to: None, inside });
            } else {
                out.push(Action::Retreat {
                    to: Some(rs.space(to[0]).id.as_str().into()),
                    inside,
                });
            }
        }
        if to.is_empty() && room == 0 {
            out.push(Action::Retreat {
                to: None,
                inside: Units::default(),
            });
        }
    }

    fn standing(&self, g: &Game, rs: &Ruleset) -> Option<(Standing, Action)> {
        g.has_standing(self.power, Standing::AutoRetreat).then(|| {
            let a = g.auto_retreat(rs, self.power, self.space, &self.to, self.room);
            (Standing::AutoRetreat, a)
        })
    }

    fn forgo(&self) -> Forgo {
        Forgo::MustAnswer
    }

    fn space(&self) -> Option<SpaceId> {
        Some(self.space)
    }
}

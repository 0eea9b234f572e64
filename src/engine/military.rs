//! Spring deployment, the CP actions (move, control, raise, build, assault) and combat.
//!
//! Costs come from `costs.csv`. Combat follows the Here I Stand core: one die per land unit plus
//! the best leader's battle rating, hits on 5–6, the defender of a field battle rolls one extra
//! die and wins ties (R-SPACE-UNFORTIFIED); a fortified space holds at most four defenders
//! (R-SPACE-FORTIFIED).

use super::action::{Action, UnitKind, Units};
use super::board::{Force, Stance};
use super::error::{RuleError, RuleResult};
use super::event::{Event, EventKind, Side};
use super::game::{Game, Stage};
use super::power::{Faction, Home, LinkKind, Owner, Power, SpaceType};
use super::refusal::{CpUse, FortifiedFor, LandCount, Place, Refusal};
use super::ruleset::{LeaderKind, Ruleset, SpaceId};
use std::collections::VecDeque;

/// Land units a formation may hold without a leader.
pub const MAX_WITHOUT_LEADER: u32 = 4;
/// Defenders a fortified space can hold inside against a siege (R-SPACE-FORTIFIED).
pub const MAX_DEFENDERS: u32 = 4;

impl Game {
    // ---------------------------------------------------------------- spring deployment

    /// Starts the deployments with the first power in impulse order.
    pub(crate) fn start_deployments(&mut self, _rs: &Ruleset, _ev: &mut [Event]) {
        let first = self.powers.iter().next().unwrap_or(Power::Ottoman);
        self.stage = Stage::Deployment { power: first };
    }

    /// Whether `p` has anything to deploy (units in a capital, or a Protestant leader to place).
    pub(crate) fn can_deploy(&self, rs: &Ruleset, p: Power) -> bool {
        let caps = self.capitals_of(p);
        let units = caps.iter().any(|c| {
            self.board
                .at(*c)
                .forces
                .iter()
                .any(|f| f.owner() == Owner::Major(p) && f.land() > 0)
        });
        let leaders = p == Power::Protestant
            && self
                .off_map
                .iter()
                .any(|l| rs.leaders.iter().any(|x| &x.id == l && x.power == p));
        units || leaders
    }

    /// The capitals `p` uses now (Protestant: its declared capitals).
    pub fn capitals_of(&self, p: Power) -> Vec<SpaceId> {
        if p == Power::Protestant {
            self.board
                .protestant_capitals
                .iter()
                .flatten()
                .copied()
                .collect()
        } else {
            self.board.capitals[p as usize].clone()
        }
    }

    /// After `p` deployed or skipped: the next power, or the Action phase.
    pub(crate) fn next_deployment(&mut self, _rs: &Ruleset, p: Power, ev: &mut Vec<Event>) {
        let later: Vec<Power> = self.powers.iter().filter(|q| *q > p).collect();
        match later.first() {
            Some(n) => self.stage = Stage::Deployment { power: *n },
            None => self.start_action_phase(ev),
        }
    }

    /// Spring deployment: one formation from a capital to a space reached through friendly
    /// spaces free of enemy units.
    pub(crate) fn deploy(
        &mut self,
        rs: &Ruleset,
        p: Power,
        from: &str,
        to: &str,
        units: &Units,
        ev: &mut Vec<Event>,
    ) -> RuleResult<()> {
        let (f, t) = (Game::resolve_space(rs, from)?, Game::resolve_space(rs, to)?);
        let capitals = self.capitals_of(p);
        if !capitals.contains(&f) {
            return Err(Refusal::NotACapital {
                power: p,
                space: f,
                capitals,
            }
            .into());
        }
        if !self.board.controls(rs, p, f) {
            return Err(Refusal::NotControlled { power: p, space: f }.into());
        }
        let faction = self.deploying_faction(rs, p, f);
        self.check_capital_serves(rs, p, f, units)?;
        self.check_pick(rs, p, f, units, faction)?;
        if f == t {
            return Err(Refusal::SameSpace { space: f }.into());
        }
        if !self.friendly_path(rs, p, f, t) {
            return Err(Refusal::NoFriendlyPath { from: f, to: t }.into());
        }
        self.board.check_room(
            t,
            Owner::Major(p),
            units.regulars,
            units.mercenaries,
            units.cavalry,
        )?;
        self.transfer(p, f, t, units, faction);
        ev.push(Event::public(EventKind::Deployed {
            power: p,
            from: f,
            to: t,
            units: units.clone(),
        }));
        Ok(())
    }

    /// The Protestant faction served by a capital (R-PROT-CAPITAL), `None` for other powers.
    fn deploying_faction(&self, _rs: &Ruleset, p: Power, capital: SpaceId) -> Option<Faction> {
        if p != Power::Protestant {
            return None;
        }
        if self.board.protestant_capitals[0] == Some(capital) {
            Some(Faction::Huguenot)
        } else {
            Some(Faction::Dutch)
        }
    }

    /// Breadth-first search through spaces friendly to `p` with no enemy units.
    fn friendly_path(&self, rs: &Ruleset, p: Power, from: SpaceId, to: SpaceId) -> bool {
        let mut seen = vec![false; rs.spaces.len()];
        let mut q = VecDeque::from([from]);
        seen[from.idx()] = true;
        while let Some(s) = q.pop_front() {
            if s == to {
                return true;
            }
            for (n, _) in &rs.neighbours[s.idx()] {
                if seen[n.idx()] {
                    continue;
                }
                seen[n.idx()] = true;
                let ok = self.board.space_stance(rs, p, *n) == Stance::Friendly
                    && self.board.land_units(p, *n, Stance::Enemy) == 0;
                if ok {
                    q.push_back(*n);
                }
            }
        }
        false
    }

    /// R-PROT-LEADERS: a Protestant leader enters in a Protestant-controlled fortified home space
    /// of its own faction's territory, during Spring Deployment (or a revolt there).
    pub(crate) fn place_leader(
        &mut self,
        rs: &Ruleset,
        p: Power,
        leader: &str,
        space: &str,
        ev: &mut Vec<Event>,
    ) -> RuleResult<()> {
        let s = Game::resolve_space(rs, space)?;
        let l = rs
            .leaders
            .iter()
            .find(|l| l.id.eq_ignore_ascii_case(leader) || l.name_en.eq_ignore_ascii_case(leader))
            .ok_or_else(|| RuleError::Unknown {
                what: "leader",
                name: leader.to_string(),
                hint: String::new(),
            })?;
        if l.power != p {
            return Err(Refusal::NotYourLeader {
                leader: l.id.clone(),
                owner: l.power,
                power: p,
            }
            .into());
        }
        if p != Power::Protestant {
            return Err(Refusal::OnlyProtestantPlacesLeaders.into());
        }
        if !self.off_map.contains(&l.id) {
            return Err(Refusal::LeaderNotOffMap {
                leader: l.id.clone(),
            }
            .into());
        }
        if l.enters_turn.is_some_and(|t| t > self.turn) {
            return Err(Refusal::LeaderNotYet {
                leader: l.id.clone(),
                from_turn: l.enters_turn.unwrap_or(0),
                turn: self.turn,
            }
            .into());
        }
        self.check_leader_entry(rs, l.faction, s)?;
        let lid = l.id.clone();
        self.off_map.retain(|x| *x != lid);
        self.board
            .force_mut(s, Owner::Major(p), l.faction)
            .leaders
            .push(lid.clone());
        ev.push(Event::public(EventKind::LeaderEntered {
            leader: lid,
            space: s,
        }));
        Ok(())
    }

    /// R-PROT-LEADERS: where a leader of `faction` may enter.
    pub(crate) fn check_leader_entry(
        &self,
        rs: &Ruleset,
        faction: Option<Faction>,
        s: SpaceId,
    ) -> RuleResult<()> {
        let sp = rs.space(s);
        let Some(faction) = faction else {
            return Err(Refusal::LeaderWithoutFaction.into());
        };
        if sp.home != Home::Faction(faction) || sp.zone != super::protestant::territory(faction) {
            return Err(Refusal::LeaderEntryNotHome { faction, space: s }.into());
        }
        if !self.board.space_type(rs, s).is_fortified() {
            return Err(Refusal::NotFortified {
                space: s,
                purpose: FortifiedFor::LeaderEntry,
            }
            .into());
        }
        if !self.board.controls(rs, Power::Protestant, s) {
            return Err(Refusal::NotControlled {
                power: Power::Protestant,
                space: s,
            }
            .into());
        }
        Ok(())
    }

    // ---------------------------------------------------------------- CP actions

    /// Applies one CP action; returns its cost. Checks everything before changing anything.
    pub(crate) fn cp_action(
        &mut self,
        rs: &Ruleset,
        p: Power,
        a: &Action,
        cp: u8,
        ev: &mut Vec<Event>,
    ) -> RuleResult<u8> {
        let cost = self.cp_cost(rs, p, a)?;
        if cost > cp {
            let pass = match a {
                Action::Move { from, to, .. } => {
                    let ends = Game::resolve_space(rs, from)
                        .ok()
                        .zip(Game::resolve_space(rs, to).ok());
                    ends.and_then(|(f, t)| rs.link(f, t)) == Some(LinkKind::Pass)
                }
                _ => false,
            };
            let what = if pass {
                CpUse::CrossPass
            } else {
                CpUse::Action(a.kind())
            };
            return Err(Refusal::NotEnoughCp {
                power: p,
                left: cp,
                cost,
                what,
            }
            .into());
        }
        match a {
            Action::Move { from, to, units } => self.do_move(rs, p, from, to, units, ev)?,
            Action::Control { space } => self.do_control(rs, p, space, ev)?,
            Action::Raise {
                space,
                unit,
                faction,
            } => {
                self.check_raise_faction(rs, p, space, *faction)?;
                self.do_raise(rs, p, space, *unit, ev)?
            }
            Action::BuildFortress { space } => self.do_build_fortress(rs, p, space, ev)?,
            Action::Assault { space } => self.do_assault(rs, p, space, ev)?,
            Action::Revolt {
                space,
                declare_capital,
                leaders,
                capital,
            } => {
                // R-PROT-CAPITAL: `capital` names any space; `declare_capital` the revolt space.
                let capital = capital
                    .as_deref()
                    .or(declare_capital.then_some(space.as_str()));
                self.do_revolt(rs, p, space, capital, leaders, ev)?
            }
            Action::FightForeignWar { card } => self.do_fight_foreign_war(rs, p, *card, ev)?,
            _ => return Err(Refusal::NotAutomated { action: a.kind() }.into()),
        }
        Ok(cost)
    }

    /// The CP cost of an action, from `costs.csv`.
    pub fn cp_cost(&self, rs: &Ruleset, _p: Power, a: &Action) -> RuleResult<u8> {
        let key = match a {
            Action::Move { from, to, .. } => {
                let (f, t) = (Game::resolve_space(rs, from)?, Game::resolve_space(rs, to)?);
                match rs.link(f, t) {
                    Some(LinkKind::Pass) => "move_pass",
                    Some(LinkKind::Normal) => "move",
                    None => return Err(Refusal::NotAdjacent { from: f, to: t }.into()),
                }
            }
            Action::Control { .. } => "control_unfortified",
            Action::Raise { unit, .. } => match unit {
                UnitKind::Regular => "raise_regular",
                UnitKind::Mercenary => "buy_mercenary",
                UnitKind::Cavalry => "raise_cavalry",
                UnitKind::Squadron => "build_squadron",
            },
            Action::BuildFortress { .. } => "build_fortress",
            Action::Assault { .. } => "assault",
            Action::Revolt { .. } => "revolt",
            Action::FightForeignWar { .. } => "fight_foreign_war",
            _ => return Err(Refusal::NoCpCost { action: a.kind() }.into()),
        };
        rs.cost(key)
            .ok_or_else(|| Refusal::NoCostInData { key }.into())
    }

    /// Checks that `p` has the picked units in `s` and that they form a legal formation.
    fn check_pick(
        &self,
        rs: &Ruleset,
        p: Power,
        s: SpaceId,
        u: &Units,
        faction: Option<Faction>,
    ) -> RuleResult<()> {
        if u.land() == 0 {
            return Err(Refusal::NoLandUnitPicked.into());
        }
        let mine: Vec<&Force> = self
            .board
            .at(s)
            .forces
            .iter()
            .filter(|f| {
                f.owner() == Owner::Major(p)
                    && (faction.is_none() || f.faction == faction || p != Power::Protestant)
            })
            .collect();
        let have = |g: fn(&Force) -> u8| mine.iter().map(|f| g(f) as u32).sum::<u32>();
        let (r, m, c) = (
            have(|f| f.regulars),
            have(|f| f.mercenaries),
            have(|f| f.cavalry),
        );
        if (u.regulars as u32) > r || (u.mercenaries as u32) > m || (u.cavalry as u32) > c {
            return Err(Refusal::NotEnoughUnits {
                power: p,
                space: s,
                have: LandCount::new(r, m, c),
                asked: LandCount::new(u.regulars, u.mercenaries, u.cavalry),
            }
            .into());
        }
        let mut limit = MAX_WITHOUT_LEADER;
        for l in &u.leaders {
            if !mine.iter().any(|f| f.leaders.contains(l)) {
                return Err(Refusal::LeaderNotHere {
                    leader: l.clone(),
                    power: p,
                    space: s,
                    army: false,
                }
                .into());
            }
            if let Some(ld) = rs.leaders.iter().find(|x| &x.id == l) {
                if ld.kind == LeaderKind::Army {
                    limit = limit.max(ld.command as u32);
                }
            }
        }
        if u.land() > limit {
            return Err(Refusal::FormationTooLarge {
                units: u.land(),
                limit,
            }
            .into());
        }
        Ok(())
    }

    /// Takes units out of `p`'s forces in `from` and adds them in `to` (Protestant factions kept).
    fn transfer(
        &mut self,
        p: Power,
        from: SpaceId,
        to: SpaceId,
        u: &Units,
        faction: Option<Faction>,
    ) {
        let owner = Owner::Major(p);
        let mut need = (u.regulars, u.mercenaries, u.cavalry);
        let mut moved: Vec<Force> = Vec::new();
        for f in self.board.spaces[from.idx()]
            .forces
            .iter_mut()
            .filter(|f| f.owner() == owner && (faction.is_none() || f.faction == faction))
        {
            let r = need.0.min(f.regulars);
            let m = need.1.min(f.mercenaries);
            let c = need.2.min(f.cavalry);
            f.regulars -= r;
            f.mercenaries -= m;
            f.cavalry -= c;
            need = (need.0 - r, need.1 - m, need.2 - c);
            let ls: Vec<String> = f
                .leaders
                .iter()
                .filter(|l| u.leaders.contains(l))
                .cloned()
                .collect();
            f.leaders.retain(|l| !u.leaders.contains(l));
            moved.push(Force {
                owner: Some(owner),
                faction: f.faction,
                regulars: r,
                mercenaries: m,
                cavalry: c,
                squadrons: 0,
                leaders: ls,
            });
        }
        for m in moved {
            let t = self.board.force_mut(to, owner, m.faction);
            t.add_units(m.regulars, m.mercenaries, m.cavalry, 0);
            t.leaders.extend(m.leaders);
        }
        self.board.tidy(from);
        self.board.tidy(to);
    }

    /// CP move: a formation to an adjacent space. Entering enemy units in an unfortified space
    /// starts a field battle; entering an enemy or independent fortified space starts a siege
    /// (or a field battle first, if more than four defenders are there).
    fn do_move(
        &mut self,
        rs: &Ruleset,
        p: Power,
        from: &str,
        to: &str,
        u: &Units,
        ev: &mut Vec<Event>,
    ) -> RuleResult<()> {
        let (f, t) = self.check_move(rs, p, from, to, u)?;
        self.board
            .check_room(t, Owner::Major(p), u.regulars, u.mercenaries, u.cavalry)?;
        self.transfer(p, f, t, u, None);
        ev.push(Event::public(EventKind::Moved {
            power: p,
            from: f,
            to: t,
            units: u.clone(),
        }));
        self.after_entering(rs, p, f, t, ev);
        Ok(())
    }

    /// Checks a CP move (adjacency is checked with its cost).
    pub(crate) fn check_move(
        &self,
        rs: &Ruleset,
        p: Power,
        from: &str,
        to: &str,
        u: &Units,
    ) -> RuleResult<(SpaceId, SpaceId)> {
        let (f, t) = (Game::resolve_space(rs, from)?, Game::resolve_space(rs, to)?);
        if self.board.at(f).besieged_by.is_some() && self.board.controls(rs, p, f) {
            return Err(Refusal::BesiegedCannotLeave { power: p, space: f }.into());
        }
        self.check_pick(rs, p, f, u, None)?;
        let stance = self.board.space_stance(rs, p, t);
        if stance == Stance::Neutral {
            return Err(Refusal::NeutralController {
                power: p,
                space: t,
                controller: self.board.controller(rs, t),
            }
            .into());
        }
        if let Some(o) = self
            .board
            .at(t)
            .forces
            .iter()
            .map(|f| f.owner())
            .find(|o| self.board.stance(p, *o) == Stance::Neutral)
        {
            return Err(Refusal::NeutralUnits {
                power: p,
                space: t,
                owner: o,
            }
            .into());
        }
        Ok((f, t))
    }

    /// What happens when `p`'s units arrive in `t` (coming from `f`).
    fn after_entering(
        &mut self,
        rs: &Ruleset,
        p: Power,
        f: SpaceId,
        t: SpaceId,
        ev: &mut Vec<Event>,
    ) {
        let fortified = self.board.space_type(rs, t).is_fortified();
        let hostile = self.hostile_units(p, t);
        if !fortified {
            if hostile > 0 {
                self.field_battle(rs, p, t, Some(f), ev);
            }
            return;
        }
        let st = self.board.space_stance(rs, p, t);
        if st == Stance::Friendly {
            if hostile > 0 {
                self.field_battle(rs, p, t, Some(f), ev);
            }
            return;
        }
        if hostile > MAX_DEFENDERS {
            self.field_battle(rs, p, t, Some(f), ev);
        }
        if self.board.land_units(p, t, Stance::Friendly) > 0
            && self.board.at(t).besieged_by.is_none()
        {
            self.board.spaces[t.idx()].besieged_by = Some(p);
            ev.push(Event::public(EventKind::SiegeStarted { space: t, by: p }));
        }
    }

    /// Land units in `s` that `p` fights: enemy and independent units.
    fn hostile_units(&self, p: Power, s: SpaceId) -> u32 {
        self.board.land_units(p, s, Stance::Enemy)
            + self.board.land_units(p, s, Stance::Independent)
    }

    /// A field battle in `s`, `p` attacking. `came_from` is where a beaten attacker retreats.
    pub(crate) fn field_battle(
        &mut self,
        rs: &Ruleset,
        p: Power,
        s: SpaceId,
        came_from: Option<SpaceId>,
        ev: &mut Vec<Event>,
    ) {
        let att_owner = Owner::Major(p);
        let def_owner = self
            .board
            .at(s)
            .forces
            .iter()
            .map(|f| f.owner())
            .find(|o| {
                matches!(
                    self.board.stance(p, *o),
                    Stance::Enemy | Stance::Independent
                )
            })
            .unwrap_or(Owner::Independent);
        let att_units = self.units_of(s, |o| self.board.stance(p, o) == Stance::Friendly);
        let def_units = self.units_of(s, |o| {
            matches!(self.board.stance(p, o), Stance::Enemy | Stance::Independent)
        });
        let att_n =
            att_units + self.best_battle(rs, s, |o| self.board.stance(p, o) == Stance::Friendly);
        let def_n = def_units
            + self.best_battle(rs, s, |o| {
                matches!(self.board.stance(p, o), Stance::Enemy | Stance::Independent)
            })
            + 1;
        let (attacker, defender) = self.exchange(s, p, att_n, def_n, def_owner);
        let attacker_wins = attacker.hits > defender.hits;
        let winner = if attacker_wins { att_owner } else { def_owner };
        ev.push(Event::public(EventKind::FieldBattle {
            space: s,
            attacker,
            defender,
            winner,
        }));
        // The loser's survivors retreat; leaders left without units are captured.
        if attacker_wins {
            let losers = self.side_owners(p, s, false);
            for o in losers {
                self.retreat(rs, o, s, None, Some(p), ev);
            }
        } else {
            let losers = self.side_owners(p, s, true);
            let captor = match def_owner {
                Owner::Major(q) => Some(q),
                _ => None,
            };
            for o in losers {
                self.retreat(rs, o, s, came_from, captor, ev);
            }
        }
    }

    /// The owners in `s` on `p`'s side (`friendly_side`) or on the side it fights (enemy and
    /// independent owners; neutral ones are on neither side).
    fn side_owners(&self, p: Power, s: SpaceId, friendly_side: bool) -> Vec<Owner> {
        self.board
            .owners_in(s)
            .into_iter()
            .filter(|o| match self.board.stance(p, *o) {
                Stance::Friendly => friendly_side,
                Stance::Enemy | Stance::Independent => !friendly_side,
                Stance::Neutral => false,
            })
            .collect()
    }

    fn units_of(&self, s: SpaceId, side: impl Fn(Owner) -> bool) -> u32 {
        self.board
            .at(s)
            .forces
            .iter()
            .filter(|f| side(f.owner()))
            .map(Force::land)
            .sum()
    }

    fn best_battle(&self, rs: &Ruleset, s: SpaceId, side: impl Fn(Owner) -> bool) -> u32 {
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

    /// Both sides roll (attacker first) and take their losses: hits on 5–6. The one place for
    /// the dice of field battles and assaults.
    fn exchange(
        &mut self,
        s: SpaceId,
        p: Power,
        att_n: u32,
        def_n: u32,
        def_owner: Owner,
    ) -> (Side, Side) {
        let (ad, dd) = (self.roll(att_n), self.roll(def_n));
        let (ah, dh) = (hits(&ad), hits(&dd));
        let a_loss = self.take_losses(s, dh, p, true);
        let d_loss = self.take_losses(s, ah, p, false);
        (
            Side {
                owner: Owner::Major(p),
                dice: ad,
                hits: ah,
                losses: a_loss,
            },
            Side {
                owner: def_owner,
                dice: dd,
                hits: dh,
                losses: d_loss,
            },
        )
    }

    /// Removes up to `n` land units from the side's forces (mercenaries, then cavalry, then
    /// regulars) of `friendly_to`'s side (`friendly_side`) or of the side it fights; returns how
    /// many were removed.
    fn take_losses(&mut self, s: SpaceId, n: u32, friendly_to: Power, friendly_side: bool) -> u32 {
        let side = self.side_owners(friendly_to, s, friendly_side);
        let mut left = n;
        for f in self.board.spaces[s.idx()]
            .forces
            .iter_mut()
            .filter(|f| side.contains(&f.owner()))
        {
            for slot in [&mut f.mercenaries, &mut f.cavalry, &mut f.regulars] {
                let k = (left.min(*slot as u32)) as u8;
                *slot -= k;
                left -= k as u32;
            }
        }
        n - left
    }

    /// Moves `o`'s survivors out of `s`: to `prefer` if given and safe, else to an adjacent
    /// friendly space without enemy units (lowest id first); with none, they are eliminated.
    /// Leaders with no units left are captured by `captor`.
    fn retreat(
        &mut self,
        rs: &Ruleset,
        o: Owner,
        s: SpaceId,
        prefer: Option<SpaceId>,
        captor: Option<Power>,
        ev: &mut Vec<Event>,
    ) {
        let forces: Vec<Force> = self.board.spaces[s.idx()]
            .forces
            .iter()
            .filter(|f| f.owner() == o)
            .cloned()
            .collect();
        self.board.spaces[s.idx()].forces.retain(|f| f.owner() != o);
        let safe = |g: &Game, n: SpaceId| -> bool {
            let friendly = match o {
                Owner::Major(q) => {
                    g.board.controls(rs, q, n) || g.board.space_stance(rs, q, n) == Stance::Friendly
                }
                _ => g.board.controller(rs, n) == o,
            };
            let enemies = g
                .board
                .at(n)
                .forces
                .iter()
                .any(|f| f.owner() != o && f.land() > 0 && hostile_pair(g, o, f.owner()));
            friendly && !enemies
        };
        let dest = prefer.filter(|n| safe(self, *n)).or_else(|| {
            rs.neighbours[s.idx()]
                .iter()
                .map(|(n, _)| *n)
                .find(|n| safe(self, *n))
        });
        for f in forces {
            let land = f.land();
            match dest {
                Some(d) if land > 0 => {
                    let t = self.board.force_mut(d, o, f.faction);
                    t.add_units(f.regulars, f.mercenaries, f.cavalry, f.squadrons);
                    t.leaders.extend(f.leaders.iter().cloned());
                    ev.push(Event::public(EventKind::Retreated {
                        owner: o,
                        from: s,
                        to: d,
                    }));
                }
                _ => {
                    if land > 0 {
                        ev.push(Event::public(EventKind::Eliminated {
                            owner: o,
                            space: s,
                            units: land,
                        }));
                    }
                    for l in &f.leaders {
                        match captor {
                            Some(c) => {
                                self.captured.push((l.clone(), c));
                                ev.push(Event::public(EventKind::LeaderCaptured {
                                    leader: l.clone(),
                                    by: c,
                                }));
                            }
                            None => self.off_map.push(l.clone()),
                        }
                    }
                    if f.squadrons > 0 {
                        self.board
                            .force_mut(s, o, f.faction)
                            .add_units(0, 0, 0, f.squadrons);
                    }
                }
            }
        }
        self.board.tidy(s);
    }

    /// CP control of an unfortified space: `p`'s land units in it or next to it, no enemy land
    /// units in it or adjacent; adjacent independent units do not block (R-CONTROL-TERMS).
    fn do_control(
        &mut self,
        rs: &Ruleset,
        p: Power,
        space: &str,
        ev: &mut Vec<Event>,
    ) -> RuleResult<()> {
        let s = self.check_control(rs, p, space)?;
        let from = self.board.controller(rs, s);
        self.board.set_control(rs, s, Owner::Major(p));
        ev.push(Event::public(EventKind::ControlChanged {
            space: s,
            from,
            to: Owner::Major(p),
        }));
        self.on_capital_lost(rs, s, ev);
        self.check_military_victory(rs, ev);
        Ok(())
    }

    /// Checks a control action.
    pub(crate) fn check_control(&self, rs: &Ruleset, p: Power, space: &str) -> RuleResult<SpaceId> {
        let s = Game::resolve_space(rs, space)?;
        if self.board.space_type(rs, s).is_fortified() {
            return Err(Refusal::FortifiedNeedsSiege { space: s }.into());
        }
        if self.board.controls(rs, p, s) {
            return Err(Refusal::AlreadyControls { power: p, space: s }.into());
        }
        let st = self.board.space_stance(rs, p, s);
        if !matches!(st, Stance::Enemy | Stance::Independent)
            && self.board.controller(rs, s) != Owner::Major(p)
        {
            let home_of_p = rs.space(s).home.owner() == Owner::Major(p);
            if !(home_of_p || st == Stance::Friendly) {
                return Err(Refusal::NeutralController {
                    power: p,
                    space: s,
                    controller: self.board.controller(rs, s),
                }
                .into());
            }
        }
        let mine_here = self.board.land_units(p, s, Stance::Friendly) > 0;
        let mine_adjacent = rs.neighbours[s.idx()].iter().any(|(n, _)| {
            self.board
                .at(*n)
                .forces
                .iter()
                .any(|f| f.owner() == Owner::Major(p) && f.land() > 0)
        });
        if !mine_here && !mine_adjacent {
            return Err(Refusal::NoUnitsNear { power: p, space: s }.into());
        }
        if self.board.land_units(p, s, Stance::Enemy) > 0 {
            return Err(Refusal::EnemyUnitsIn { space: s }.into());
        }
        if let Some((n, _)) = rs.neighbours[s.idx()]
            .iter()
            .find(|(n, _)| self.board.land_units(p, *n, Stance::Enemy) > 0)
        {
            return Err(Refusal::EnemyUnitsAdjacent {
                space: s,
                adjacent: *n,
            }
            .into());
        }
        Ok(s)
    }

    /// CP raise: in a controlled home space not under siege. Squadrons need a port; cavalry is
    /// the Ottoman's (as in Here I Stand). Protestant units are built only in their faction's home
    /// spaces (R-PROT-POOL).
    fn do_raise(
        &mut self,
        rs: &Ruleset,
        p: Power,
        space: &str,
        unit: UnitKind,
        ev: &mut Vec<Event>,
    ) -> RuleResult<()> {
        let (s, faction) = self.check_raise(rs, p, space, unit)?;
        let f = self.board.force_mut(s, Owner::Major(p), faction);
        let one = |k: UnitKind| u8::from(unit == k);
        let added = (
            one(UnitKind::Regular),
            one(UnitKind::Mercenary),
            one(UnitKind::Cavalry),
            one(UnitKind::Squadron),
        );
        if !f.has_room(added.0, added.1, added.2, added.3) {
            return Err(Refusal::UnitLimit {
                space: s,
                max: super::board::MAX_UNITS,
            }
            .into());
        }
        f.add_units(added.0, added.1, added.2, added.3);
        ev.push(Event::public(EventKind::Raised {
            power: p,
            space: s,
            unit,
        }));
        self.upkeep_foreign_war(p, s, faction, unit, ev);
        Ok(())
    }

    /// Checks a raise; returns the space and the Protestant faction of the new unit.
    pub(crate) fn check_raise(
        &self,
        rs: &Ruleset,
        p: Power,
        space: &str,
        unit: UnitKind,
    ) -> RuleResult<(SpaceId, Option<Faction>)> {
        let s = Game::resolve_space(rs, space)?;
        let sp = rs.space(s);
        let faction = match sp.home {
            Home::Faction(f) if p == Power::Protestant => Some(f),
            _ if p == Power::Protestant => {
                return Err(Refusal::ProtestantPool {
                    space: s,
                    faction: None,
                    here: None,
                }
                .into())
            }
            Home::Major(q) if q == p => None,
            _ => return Err(Refusal::NotHomeSpace { power: p, space: s }.into()),
        };
        if !self.board.controls(rs, p, s) {
            return Err(Refusal::NotControlled { power: p, space: s }.into());
        }
        if self.board.at(s).besieged_by.is_some() {
            return Err(Refusal::UnderSiege { space: s }.into());
        }
        if unit == UnitKind::Squadron && !sp.is_port() {
            return Err(Refusal::NotAPort { space: s }.into());
        }
        if unit == UnitKind::Cavalry && p != Power::Ottoman {
            return Err(Refusal::CavalryOttomanOnly.into());
        }
        Ok((s, faction))
    }

    /// CP fortress: in an unfortified space `p` controls, or for Spain in a settlement of the
    /// world map (R-SPACE-FORTRESS).
    fn do_build_fortress(
        &mut self,
        rs: &Ruleset,
        p: Power,
        place: &str,
        ev: &mut Vec<Event>,
    ) -> RuleResult<()> {
        if let Some((wi, w)) = rs.world.iter().enumerate().find(|(_, w)| {
            w.id.eq_ignore_ascii_case(place) || w.name_en.eq_ignore_ascii_case(place)
        }) {
            let wi = wi as u16;
            if w.kind != super::ruleset::WorldKind::Settlement {
                return Err(Refusal::OceanZone { world: wi }.into());
            }
            if p != Power::Spain {
                return Err(Refusal::SettlementFortressSpainOnly.into());
            }
            if self.world_fortresses.contains(&w.id) {
                return Err(Refusal::AlreadyFortified {
                    place: Place::World(wi),
                }
                .into());
            }
            self.world_fortresses.push(w.id.clone());
            ev.push(Event::public(EventKind::FortressBuilt {
                power: p,
                place: w.id.clone(),
            }));
            return Ok(());
        }
        let s = Game::resolve_space(rs, place)?;
        if self.board.space_type(rs, s) != SpaceType::Unfortified {
            return Err(Refusal::AlreadyFortified {
                place: Place::Space(s),
            }
            .into());
        }
        if !self.board.controls(rs, p, s) {
            return Err(Refusal::NotControlled { power: p, space: s }.into());
        }
        self.board.spaces[s.idx()].fortress_built = true;
        ev.push(Event::public(EventKind::FortressBuilt {
            power: p,
            place: rs.space(s).id.clone(),
        }));
        Ok(())
    }

    /// CP assault on a space `p` besieges: attackers roll one die per land unit plus the best
    /// leader's rating, defenders one per unit inside plus one; hits on 5–6. If no defender is
    /// left and an attacker is, the space changes hands.
    fn do_assault(
        &mut self,
        rs: &Ruleset,
        p: Power,
        space: &str,
        ev: &mut Vec<Event>,
    ) -> RuleResult<()> {
        let s = self.check_assault(rs, p, space)?;
        let friendly = |g: &Game, o: Owner| g.board.stance(p, o) == Stance::Friendly;
        let hostile = |g: &Game, o: Owner| {
            matches!(g.board.stance(p, o), Stance::Enemy | Stance::Independent)
        };
        let att = self.units_of(s, |o| friendly(self, o));
        let def = self.units_of(s, |o| hostile(self, o));
        let an = att + self.best_battle(rs, s, |o| friendly(self, o));
        let dn = def + 1;
        let def_owner = self.board.controller(rs, s);
        let (attacker, defender) = self.exchange(s, p, an, dn, def_owner);
        let att_left = self.units_of(s, |o| friendly(self, o));
        let def_left = self.units_of(s, |o| hostile(self, o));
        let captured = def_left == 0 && att_left > 0;
        ev.push(Event::public(EventKind::Assault {
            space: s,
            attacker,
            defender,
            captured,
        }));
        if captured {
            let losers = self.side_owners(p, s, false);
            for o in losers {
                self.retreat(rs, o, s, None, Some(p), ev);
            }
            self.board.spaces[s.idx()].besieged_by = None;
            self.board.set_control(rs, s, Owner::Major(p));
            ev.push(Event::public(EventKind::ControlChanged {
                space: s,
                from: def_owner,
                to: Owner::Major(p),
            }));
            self.on_capital_lost(rs, s, ev);
            self.check_military_victory(rs, ev);
        } else if att_left == 0 {
            self.board.spaces[s.idx()].besieged_by = None;
            ev.push(Event::public(EventKind::SiegeLifted { space: s }));
        }
        Ok(())
    }

    /// Checks an assault.
    pub(crate) fn check_assault(&self, rs: &Ruleset, p: Power, space: &str) -> RuleResult<SpaceId> {
        let s = Game::resolve_space(rs, space)?;
        if self.board.at(s).besieged_by != Some(p) {
            return Err(Refusal::NotBesieging { power: p, space: s }.into());
        }
        if self.board.land_units(p, s, Stance::Friendly) == 0 {
            return Err(Refusal::NoLandUnits { power: p, space: s }.into());
        }
        Ok(s)
    }

    /// R-PROT-CAPITAL: a Protestant capital taken by another major goes to the turn track.
    pub(crate) fn on_capital_lost(&mut self, rs: &Ruleset, s: SpaceId, ev: &mut Vec<Event>) {
        for i in 0..2 {
            if self.board.protestant_capitals[i] == Some(s)
                && !self.board.controls(rs, Power::Protestant, s)
            {
                self.board.protestant_capitals[i] = None;
                self.protestant.capital_lost[i] = Some(self.turn);
                ev.push(Event::public(EventKind::CapitalMoved {
                    power: Power::Protestant,
                    to: None,
                }));
            }
        }
    }
}

/// Hits in a roll: 5s and 6s.
pub fn hits(dice: &[u8]) -> u32 {
    dice.iter().filter(|d| **d >= 5).count() as u32
}

fn hostile_pair(g: &Game, a: Owner, b: Owner) -> bool {
    match a {
        Owner::Major(p) => matches!(g.board.stance(p, b), Stance::Enemy | Stance::Independent),
        Owner::Minor(m) => match g.board.minor_ally(m) {
            Some(p) => g.board.stance(p, b) == Stance::Enemy,
            None => false,
        },
        Owner::Independent => matches!(b, Owner::Major(_)),
    }
}

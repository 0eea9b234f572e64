//! Movement (HIS 13.1, 10, 12.1): C-MOVE-FORMATION, C-MOVE-COST, C-MOVE-ENTER, C-MOVE-SPRING
//! (land part), C-LOC-DEF, C-LOC-USE; with R-PROT-LEADERS / R-PROT-CAPITAL for the Protestant's
//! deployment.
//!
//! Sea legs: LOC through a sea zone holding friendly ships (`naval::sea_links`); a spring
//! deployment may cross one sea zone free of other powers' naval units with at most 5 land units
//! (C-MOVE-SPRING, sea part: [`Game::spring_route`]).

use super::action::Units;
use super::board::{Force, Stance};
use super::error::{RuleError, RuleResult};
use super::event::{Event, EventKind};
use super::game::{Game, Stage};
use super::power::{Faction, Home, Owner, Power};
use super::refusal::{FortifiedFor, LandCount, Refusal};
use super::ruleset::{LeaderKind, Ruleset, SpaceId};
use super::steps::{Entry, EntryPhase, Step};
use std::collections::VecDeque;

/// Land units a formation may hold without a leader (C-MOVE-FORMATION).
pub const MAX_WITHOUT_LEADER: u32 = 4;

/// C-MOVE-FORMATION: the largest formation these leaders may command: the sum of the two highest
/// army command ratings (one leader: its rating), never below four.
pub fn formation_limit(rs: &Ruleset, leaders: &[String]) -> u32 {
    let mut c: Vec<u32> = leaders
        .iter()
        .filter_map(|l| rs.leaders.iter().find(|x| &x.id == l))
        .filter(|l| l.kind == LeaderKind::Army)
        .map(|l| l.command as u32)
        .collect();
    c.sort_unstable_by(|a, b| b.cmp(a));
    let sum: u32 = c.iter().take(2).sum();
    sum.max(MAX_WITHOUT_LEADER)
}

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

    /// C-MOVE-SPRING: one formation from a capital (controlled, not in unrest) to a
    /// friendly-controlled non-capital space, along friendly spaces free of enemy units and unrest;
    /// the path may cross one sea zone free of other powers' naval units (in it and in its ports)
    /// if the formation holds at most 5 land units.
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
        if self.board.at(f).unrest {
            return Err(Refusal::InUnrest { space: f }.into());
        }
        let faction = self.deploying_faction(rs, p, f);
        self.check_capital_serves(rs, p, f, units)?;
        self.check_pick(rs, p, f, units, faction)?;
        if f == t {
            return Err(Refusal::SameSpace { space: f }.into());
        }
        if !self.friendly_path(rs, p, f, t) {
            // --- naval warfare: one sea crossing (C-MOVE-SPRING).
            match self.spring_route(rs, p, f, t, false) {
                Some(_) if units.land() > super::naval::MAX_TRANSPORT => {
                    return Err(Refusal::SpringSeaTooLarge {
                        units: units.land(),
                        max: super::naval::MAX_TRANSPORT,
                    }
                    .into())
                }
                Some(_) => {}
                None => {
                    return Err(match self.spring_route(rs, p, f, t, true) {
                        Some(zone) => Refusal::SpringSeaGuarded {
                            owner: self.sea_guard(rs, p, &zone).unwrap_or(Owner::Independent),
                            zone,
                        },
                        None => Refusal::NoFriendlyPath { from: f, to: t },
                    }
                    .into())
                }
            }
        }
        if self.is_any_capital(t) {
            return Err(Refusal::DeployToCapital { space: t }.into());
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

    /// Breadth-first search through spaces friendly to `p` with no enemy units and no unrest
    /// (C-MOVE-SPRING, C-UNREST).
    pub(crate) fn friendly_path(&self, rs: &Ruleset, p: Power, from: SpaceId, to: SpaceId) -> bool {
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
                    && self.board.land_units(p, *n, Stance::Enemy) == 0
                    && !self.board.at(*n).unrest;
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

    /// Checks that `p` has the picked units in `s` and that they form a legal formation.
    pub(crate) fn check_pick(
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
        for l in &u.leaders {
            // A naval leader moves only with ships (C-NAVAL-MOVE).
            if rs.is_naval_leader(l) {
                return Err(Refusal::NavalLeaderOnLand { leader: l.clone() }.into());
            }
            if !mine.iter().any(|f| f.leaders.contains(l)) {
                return Err(Refusal::LeaderNotHere {
                    leader: l.clone(),
                    power: p,
                    space: s,
                    army: false,
                }
                .into());
            }
        }
        let limit = formation_limit(rs, &u.leaders);
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
    pub(crate) fn transfer(
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
                corsairs: 0,
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

    /// CP move (C-MOVE-COST, C-MOVE-ENTER): a formation to an adjacent space. The entry is
    /// then worked on the decision stack: response window, interception, avoiding battle,
    /// withdrawal, then battle, relief or siege.
    pub(crate) fn do_move(
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
        self.steps.push(Step::Entry(Entry {
            mover: p,
            from: f,
            to: t,
            units: u.clone(),
            phase: EntryPhase::Response,
            offer: Vec::new(),
            intercepted_by: None,
            withdrawn: false,
        }));
        self.run_steps(rs, ev);
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
        if self.marks.stuck.contains(&(f, p)) {
            return Err(Refusal::CannotMoveAgain { power: p, space: f }.into());
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

    /// Whether `s` is a capital of any power (C-MOVE-SPRING: deployment ends elsewhere).
    fn is_any_capital(&self, s: SpaceId) -> bool {
        self.board.capitals.iter().any(|c| c.contains(&s))
            || self.board.protestant_capitals.contains(&Some(s))
    }

    /// C-MOVE-SPRING (sea part): a naval unit of a power other than `p` in sea zone `z` or in a
    /// port on it, if any (its owner).
    pub(crate) fn sea_guard(&self, rs: &Ruleset, p: Power, z: &str) -> Option<Owner> {
        let other = |f: &Force| f.owner() != Owner::Major(p) && f.ships() > 0;
        if let Some(f) = self
            .board
            .seas
            .get(z)
            .into_iter()
            .flatten()
            .find(|f| other(f))
        {
            return Some(f.owner());
        }
        rs.ports_on(z).into_iter().find_map(|s| {
            self.board
                .at(s)
                .forces
                .iter()
                .find(|f| other(f))
                .map(Force::owner)
        })
    }

    /// C-MOVE-SPRING: the sea zone of a deployment path from capital `from` to `to` that crosses
    /// exactly one sea zone (port → zone → port, the land legs as for a land path); with
    /// `ignore_guards`, zones holding other powers' naval units count too (to name the zone in
    /// a refusal). `None`: no such path.
    pub(crate) fn spring_route(
        &self,
        rs: &Ruleset,
        p: Power,
        from: SpaceId,
        to: SpaceId,
        ignore_guards: bool,
    ) -> Option<String> {
        self.spring_sea_reach(rs, p, from, ignore_guards)
            .into_iter()
            .find(|(s, _)| *s == to)
            .map(|(_, z)| z)
    }

    /// Spaces reached from capital `from` by a deployment path crossing exactly one sea zone,
    /// each with the zone crossed (first found, breadth-first).
    fn spring_sea_reach(
        &self,
        rs: &Ruleset,
        p: Power,
        from: SpaceId,
        ignore_guards: bool,
    ) -> Vec<(SpaceId, String)> {
        let ok = |n: SpaceId| {
            self.board.space_stance(rs, p, n) == Stance::Friendly
                && self.board.land_units(p, n, Stance::Enemy) == 0
                && !self.board.at(n).unrest
        };
        // Land legs before the sea: the capital and every space of a friendly land path.
        let mut before = vec![from];
        before.extend(self.land_reach(rs, p, from, &ok));
        let mut crossed = vec![None::<String>; rs.spaces.len()];
        let mut q = VecDeque::new();
        for x in before.iter().filter(|x| rs.space(**x).is_port()) {
            for z in &rs.space(*x).ports {
                if !ignore_guards && self.sea_guard(rs, p, z).is_some() {
                    continue;
                }
                for y in rs.ports_on(z) {
                    if y != from && crossed[y.idx()].is_none() && ok(y) {
                        crossed[y.idx()] = Some(z.clone());
                        q.push_back(y);
                    }
                }
            }
        }
        // Land legs after the sea.
        while let Some(s) = q.pop_front() {
            let z = crossed[s.idx()].clone();
            for (n, _) in &rs.neighbours[s.idx()] {
                if *n != from && crossed[n.idx()].is_none() && ok(*n) {
                    crossed[n.idx()] = z.clone();
                    q.push_back(*n);
                }
            }
        }
        rs.space_ids()
            .filter_map(|s| crossed[s.idx()].clone().map(|z| (s, z)))
            .collect()
    }

    /// Spaces reached from `from` over land through spaces passing `ok`.
    fn land_reach(
        &self,
        rs: &Ruleset,
        _p: Power,
        from: SpaceId,
        ok: &dyn Fn(SpaceId) -> bool,
    ) -> Vec<SpaceId> {
        let mut seen = vec![false; rs.spaces.len()];
        seen[from.idx()] = true;
        let mut q = VecDeque::from([from]);
        let mut out = Vec::new();
        while let Some(s) = q.pop_front() {
            for (n, _) in &rs.neighbours[s.idx()] {
                if !seen[n.idx()] && ok(*n) {
                    seen[n.idx()] = true;
                    out.push(*n);
                    q.push_back(*n);
                }
            }
        }
        out
    }

    /// Spaces `p` may deploy to from capital `from` only by crossing a sea (C-MOVE-SPRING), in
    /// id order.
    pub(crate) fn sea_deploy_targets(&self, rs: &Ruleset, p: Power, from: SpaceId) -> Vec<SpaceId> {
        let land = self.deploy_targets(rs, p, from);
        let mut out: Vec<SpaceId> = self
            .spring_sea_reach(rs, p, from, false)
            .into_iter()
            .map(|(s, _)| s)
            .filter(|s| !land.contains(s) && !self.is_any_capital(*s))
            .collect();
        out.sort();
        out
    }

    /// Spaces `p` may deploy to from capital `from` (C-MOVE-SPRING), in id order.
    pub(crate) fn deploy_targets(&self, rs: &Ruleset, p: Power, from: SpaceId) -> Vec<SpaceId> {
        let mut seen = vec![false; rs.spaces.len()];
        let mut q = VecDeque::from([from]);
        seen[from.idx()] = true;
        let mut out = Vec::new();
        while let Some(s) = q.pop_front() {
            for (n, _) in &rs.neighbours[s.idx()] {
                if seen[n.idx()] {
                    continue;
                }
                seen[n.idx()] = true;
                let ok = self.board.space_stance(rs, p, *n) == Stance::Friendly
                    && self.board.land_units(p, *n, Stance::Enemy) == 0
                    && !self.board.at(*n).unrest;
                if ok {
                    q.push_back(*n);
                    if !self.is_any_capital(*n) {
                        out.push(*n);
                    }
                }
            }
        }
        out.sort();
        out
    }

    // ---------------------------------------------------------------- line of communication

    /// C-LOC-DEF: whether `s` has a line of communication for `p`: a land path from `s` to a
    /// fortified home space of `p` or an ally (allied minors included) that is friendly-controlled,
    /// not besieged and not in unrest; every space on the way (not `s` itself) is friendly
    /// controlled, free of enemy units (leaders and squadrons too) and not in unrest.
    pub fn has_loc(&self, rs: &Ruleset, p: Power, s: SpaceId) -> bool {
        let mut seen = vec![false; rs.spaces.len()];
        let mut q = VecDeque::from([s]);
        seen[s.idx()] = true;
        while let Some(x) = q.pop_front() {
            if x != s && self.is_loc_source(rs, p, x) {
                return true;
            }
            if x != s && !self.carries_loc(rs, p, x) {
                continue;
            }
            for (n, _) in &rs.neighbours[x.idx()] {
                if !seen[n.idx()] {
                    seen[n.idx()] = true;
                    q.push_back(*n);
                }
            }
            // --- naval warfare: sea legs through zones holding friendly ships (C-LOC-DEF).
            for n in self.sea_links(rs, p, x) {
                if !seen[n.idx()] {
                    seen[n.idx()] = true;
                    q.push_back(n);
                }
            }
        }
        self.is_loc_source(rs, p, s)
    }

    /// C-LOC-DEF for every space at once (same answers as [`Game::has_loc`]): the spaces from
    /// which a LOC source is reached through LOC-carrying spaces, found by one search outward
    /// from the sources.
    pub fn loc_map(&self, rs: &Ruleset, p: Power) -> Vec<bool> {
        let n = rs.spaces.len();
        let mut reach = vec![false; n];
        let mut q = VecDeque::new();
        for s in rs.space_ids() {
            if self.is_loc_source(rs, p, s) {
                reach[s.idx()] = true;
                q.push_back(s);
            }
        }
        while let Some(x) = q.pop_front() {
            for (m, _) in &rs.neighbours[x.idx()] {
                if !reach[m.idx()] && self.carries_loc(rs, p, *m) {
                    reach[m.idx()] = true;
                    q.push_back(*m);
                }
            }
        }
        rs.space_ids()
            .map(|s| {
                self.is_loc_source(rs, p, s)
                    || rs.neighbours[s.idx()].iter().any(|(m, _)| reach[m.idx()])
            })
            .collect()
    }

    /// A space that can end a LOC for `p` (C-LOC-DEF).
    fn is_loc_source(&self, rs: &Ruleset, p: Power, s: SpaceId) -> bool {
        let home_friendly = match rs.space(s).home {
            Home::Major(q) => self.board.stance(p, Owner::Major(q)) == Stance::Friendly,
            Home::Faction(_) => {
                self.board.stance(p, Owner::Major(Power::Protestant)) == Stance::Friendly
            }
            Home::Minor(m) => self.board.stance(p, Owner::Minor(m)) == Stance::Friendly,
            _ => false,
        };
        home_friendly
            && self.board.space_type(rs, s).is_fortified()
            && self.board.space_stance(rs, p, s) == Stance::Friendly
            && self.board.at(s).besieged_by.is_none()
            && !self.board.at(s).unrest
    }

    /// A space a LOC for `p` may pass through (C-LOC-DEF, C-UNREST).
    fn carries_loc(&self, rs: &Ruleset, p: Power, s: SpaceId) -> bool {
        self.board.space_stance(rs, p, s) == Stance::Friendly
            && !self.board.at(s).unrest
            && !self
                .board
                .at(s)
                .forces
                .iter()
                .any(|f| self.board.stance(p, f.owner()) == Stance::Enemy)
    }
}

//! Movement (HIS 13.1, 10, 12.1): C-MOVE-FORMATION, C-MOVE-COST, C-MOVE-ENTER, C-MOVE-SPRING
//! (with its one sea crossing), C-LOC-DEF, C-LOC-USE (sea legs through zones holding friendly
//! ships, `naval.rs`); with R-PROT-LEADERS / R-PROT-CAPITAL for the Protestant's deployment.

use super::action::Units;
use super::board::{Force, Stance};
use super::error::{RuleError, RuleResult};
use super::event::{Event, EventKind};
use super::game::{Game, Stage};
use super::power::{Faction, Home, Owner, Power};
use super::refusal::{FortifiedFor, LandCount, Refusal};
use super::ruleset::{LeaderKind, Ruleset, SpaceId};
use super::steps::{Entry, EntryPhase, Step};
use std::collections::{HashMap, VecDeque};

/// Land units a formation may hold without a leader (C-MOVE-FORMATION).
pub const MAX_WITHOUT_LEADER: u32 = 4;

/// C-MOVE-FORMATION: the largest formation these leaders may command: the sum of the two highest
/// army command ratings (one leader: its rating), never below four.
pub fn formation_limit<S: AsRef<str>>(rs: &Ruleset, leaders: &[S]) -> u32 {
    // --- perf: the two best command ratings kept as they come (no list sorted per call).
    let (mut first, mut second) = (0u32, 0u32);
    for c in leaders
        .iter()
        .filter_map(|l| rs.leaders.iter().find(|x| x.id == l.as_ref()))
        .filter(|l| l.kind == LeaderKind::Army)
        .map(|l| l.command as u32)
    {
        if c > first {
            (first, second) = (c, first);
        } else if c > second {
            second = c;
        }
    }
    (first + second).max(MAX_WITHOUT_LEADER)
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
    /// the path may cross one sea zone holding no naval unit of another power (nor its ports), and
    /// a formation that crosses one carries at most the data's `spring_sea_units` land units.
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
        self.check_pick_with(rs, p, f, units, faction, true)?;
        if f == t {
            return Err(Refusal::SameSpace { space: f }.into());
        }
        let Some(by_sea) = self.spring_route(rs, p, f, t, None) else {
            // Name a guarded sea whose crossing would have led there, if one would.
            let guarded = rs.sea_zones.iter().find_map(|z| {
                let owner = self.spring_sea_guard(rs, p, &z.id)?;
                self.spring_route(rs, p, f, t, Some(&z.id))
                    .map(|_| (z.id.clone(), owner))
            });
            return Err(match guarded {
                Some((zone, owner)) => Refusal::SpringSeaGuarded { zone, owner },
                None => Refusal::NoFriendlyPath { from: f, to: t },
            }
            .into());
        };
        let max = spring_sea_units(rs);
        if by_sea && units.land() > max {
            return Err(Refusal::SpringSeaTooLarge {
                units: units.land(),
                max,
            }
            .into());
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
                near: Vec::new(),
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
        self.check_pick_with(rs, p, s, u, faction, false)
    }

    /// [`Game::check_pick`]; with `leader_alone`, army leaders without land units are a
    /// formation too (C-MOVE-FORMATION: a formation is land units and leaders; a leader on its
    /// own moves like one).
    pub(crate) fn check_pick_with(
        &self,
        rs: &Ruleset,
        p: Power,
        s: SpaceId,
        u: &Units,
        faction: Option<Faction>,
        leader_alone: bool,
    ) -> RuleResult<()> {
        if u.land() == 0 && (!leader_alone || u.leaders.is_empty()) {
            return Err(Refusal::NoLandUnitPicked.into());
        }
        // --- perf: the forces are filtered in place (no list collected per candidate).
        let mine = || {
            self.board.at(s).forces.iter().filter(|f| {
                f.owner() == Owner::Major(p)
                    && (faction.is_none() || f.faction == faction || p != Power::Protestant)
            })
        };
        let have = |g: fn(&Force) -> u8| mine().map(|f| g(f) as u32).sum::<u32>();
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
                return Err(Refusal::NavalLeaderOnLand {
                    leader: l.to_string(),
                }
                .into());
            }
            if !mine().any(|f| f.leaders.iter().any(|x| x == l)) {
                return Err(Refusal::LeaderNotHere {
                    leader: l.to_string(),
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
                .filter(|l| u.leaders.iter().any(|x| x == l))
                .cloned()
                .collect();
            f.leaders.retain(|l| !u.leaders.iter().any(|x| x == l));
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
        self.check_move_at(rs, p, f, t, u)?;
        Ok((f, t))
    }

    // --- perf: the listing checks candidates by space index, without looking names up.
    /// [`Game::check_move`] between spaces already resolved.
    pub(crate) fn check_move_at(
        &self,
        rs: &Ruleset,
        p: Power,
        f: SpaceId,
        t: SpaceId,
        u: &Units,
    ) -> RuleResult<()> {
        self.check_move_from(rs, p, f, u)?;
        self.check_move_to(rs, p, t, u)
    }

    /// The part of [`Game::check_move_at`] that depends only on the space left and the pick.
    pub(crate) fn check_move_from(
        &self,
        rs: &Ruleset,
        p: Power,
        f: SpaceId,
        u: &Units,
    ) -> RuleResult<()> {
        if self.board.at(f).besieged_by.is_some() && self.board.controls(rs, p, f) {
            return Err(Refusal::BesiegedCannotLeave { power: p, space: f }.into());
        }
        if u.land() > self.movable(p, f) || self.moves_pinned_leader(u) {
            return Err(Refusal::CannotMoveAgain { power: p, space: f }.into());
        }
        self.check_pick_with(rs, p, f, u, None, true)
    }

    /// The part of [`Game::check_move_at`] that depends only on the space entered and the pick.
    pub(crate) fn check_move_to(
        &self,
        rs: &Ruleset,
        p: Power,
        t: SpaceId,
        u: &Units,
    ) -> RuleResult<()> {
        let stance = self.board.space_stance(rs, p, t);
        // Our reading of C-MOVE-FORMATION: leaders alone have nobody to fight or besiege with, so
        // they do not enter a space holding enemy land units, nor an enemy or independent
        // fortified space.
        if u.land() == 0
            && (self.board.land_units(p, t, Stance::Enemy) > 0
                || (self.board.space_type(rs, t).is_fortified()
                    && matches!(stance, Stance::Enemy | Stance::Independent)))
        {
            return Err(Refusal::LeaderAloneBlocked { space: t }.into());
        }
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
        Ok(())
    }

    /// Whether `s` is a capital of any power (C-MOVE-SPRING: deployment ends elsewhere).
    fn is_any_capital(&self, s: SpaceId) -> bool {
        self.board.capitals.iter().any(|c| c.contains(&s))
            || self.board.protestant_capitals.contains(&Some(s))
    }

    /// C-MOVE-SPRING: how `p` reaches `to` from `from` in Spring Deployment: `Some(false)` by
    /// land, `Some(true)` only across one sea zone, `None` not at all. With `open`, that sea zone
    /// counts as clear whatever it holds (to name the guarded sea in a refusal).
    pub(crate) fn spring_route(
        &self,
        rs: &Ruleset,
        p: Power,
        from: SpaceId,
        to: SpaceId,
        open: Option<&str>,
    ) -> Option<bool> {
        self.spring_reach(rs, p, from, open)
            .into_iter()
            .find(|(s, _)| *s == to)
            .map(|(_, sea)| sea)
    }

    /// Every space `p` reaches from `from` in Spring Deployment (C-MOVE-SPRING), with whether it
    /// needs the one sea crossing: friendly spaces free of enemy units and unrest, by land, then
    /// across one sea zone clear of other powers' naval units, then by land again.
    fn spring_reach(
        &self,
        rs: &Ruleset,
        p: Power,
        from: SpaceId,
        open: Option<&str>,
    ) -> Vec<(SpaceId, bool)> {
        let n = rs.spaces.len();
        // seen[0]: reached by land; seen[1]: reached after the sea crossing.
        let mut seen = [vec![false; n], vec![false; n]];
        let mut q = VecDeque::from([(from, false)]);
        seen[0][from.idx()] = true;
        // --- perf: each zone's ports are found once per search (None: the zone is not clear).
        let mut clear: HashMap<&str, Option<std::borrow::Cow<'_, [SpaceId]>>> = HashMap::new();
        let mut out = Vec::new();
        let passable = |s: SpaceId| {
            self.board.space_stance(rs, p, s) == Stance::Friendly
                && self.board.land_units(p, s, Stance::Enemy) == 0
                && !self.board.at(s).unrest
        };
        while let Some((s, sea)) = q.pop_front() {
            if s != from && !(sea && seen[0][s.idx()]) {
                out.push((s, sea));
            }
            // --- perf: each step is taken as it is found (no list of steps collected per space),
            // in the same order: the land neighbours, then the ports across each clear zone.
            let mut visit = |x: SpaceId, by_sea: bool| {
                let k = usize::from(by_sea);
                if seen[k][x.idx()] || (by_sea && seen[0][x.idx()]) || !passable(x) {
                    return;
                }
                seen[k][x.idx()] = true;
                q.push_back((x, by_sea));
            };
            for (x, _) in &rs.neighbours[s.idx()] {
                visit(*x, sea);
            }
            if !sea {
                for z in &rs.space(s).ports {
                    let ports = clear.entry(z.as_str()).or_insert_with(|| {
                        (open == Some(z.as_str()) || self.spring_sea_guard(rs, p, z).is_none())
                            .then(|| rs.zone_ports(z))
                    });
                    if let Some(v) = ports {
                        for x in v.iter() {
                            visit(*x, true);
                        }
                    }
                }
            }
        }
        // A space reached both ways is reached by land.
        out.retain(|(s, sea)| !*sea || !seen[0][s.idx()]);
        out
    }

    /// A power other than `p` with naval units in sea zone `z` or its ports, which bars the
    /// crossing (C-MOVE-SPRING); `None` when the zone is clear.
    fn spring_sea_guard(&self, rs: &Ruleset, p: Power, z: &str) -> Option<Owner> {
        let other = |f: &&super::board::Force| f.ships() > 0 && f.owner() != Owner::Major(p);
        if let Some(f) = self.board.seas.get(z).and_then(|v| v.iter().find(other)) {
            return Some(f.owner());
        }
        rs.zone_ports(z).iter().find_map(|s| {
            self.board
                .at(*s)
                .forces
                .iter()
                .find(other)
                .map(|f| f.owner())
        })
    }

    /// Spaces `p` may deploy to from capital `from` (C-MOVE-SPRING), in id order, with whether
    /// the way there crosses a sea zone.
    pub(crate) fn deploy_targets_by_sea(
        &self,
        rs: &Ruleset,
        p: Power,
        from: SpaceId,
    ) -> Vec<(SpaceId, bool)> {
        let mut out: Vec<(SpaceId, bool)> = self
            .spring_reach(rs, p, from, None)
            .into_iter()
            .filter(|(s, _)| !self.is_any_capital(*s))
            .collect();
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
        // --- perf: the sources are found once (they were tested again for the answer).
        let source: Vec<bool> = rs
            .space_ids()
            .map(|s| self.is_loc_source(rs, p, s))
            .collect();
        for s in rs.space_ids() {
            if source[s.idx()] {
                reach[s.idx()] = true;
                q.push_back(s);
            }
        }
        // --- perf: a space refused as a carrier is not tested again from its other neighbours.
        let mut refused = vec![false; n];
        while let Some(x) = q.pop_front() {
            for (m, _) in &rs.neighbours[x.idx()] {
                if reach[m.idx()] || refused[m.idx()] {
                    continue;
                }
                if self.carries_loc(rs, p, *m) {
                    reach[m.idx()] = true;
                    q.push_back(*m);
                } else {
                    refused[m.idx()] = true;
                }
            }
        }
        rs.space_ids()
            .map(|s| source[s.idx()] || rs.neighbours[s.idx()].iter().any(|(m, _)| reach[m.idx()]))
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

/// C-MOVE-SPRING: the data's cap on land units carried across a sea zone.
pub(crate) fn spring_sea_units(rs: &Ruleset) -> u32 {
    rs.turn
        .number(super::turn_data::ids::SPRING_SEA_UNITS)
        .max(0) as u32
}

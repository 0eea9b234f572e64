//! The Protestant's own rules: the two factions' capitals (R-PROT-CAPITAL, R-PROT-WINTER), the
//! revolt action, leaders entering and leaving play (R-PROT-LEADERS), the faction of new units
//! (R-PROT-POOL) and the "Paris Is Worth a Mass" capital move.
//!
//! The revolt is our design from the seeds and the digest (the rulebook's procedure is not
//! available): in a Huguenot home space in France or a Dutch home space in the Netherlands whose
//! religion is Protestant, with no other power's land units and no siege, the Protestant takes
//! control (unfortified spaces only: fortified ones change hands only by siege, R-SPACE-FORTIFIED)
//! and places one regular of the space's faction. One rebellion per zone per impulse
//! (X-REL-ONE-REBELLION). The revolt may declare its faction's capital in any space of that
//! territory the Protestant holds once the revolt is made, the revolt space included
//! (R-PROT-CAPITAL: step 5 of the revolt procedure, "during a revolt in that territory"); the
//! data says whether it must be fortified (X-PROT-CAPITAL-SPACE, `capital_fortified` in
//! `religion.csv`, 0 as shipped). An unfortified capital is its faction's winter quarters and
//! is lost like any space when another major takes control of it. The revolt may also bring that
//! faction's leaders into play. Dutch home spaces are printed Catholic: conversion attempts (`religion`) turn them
//! Protestant, which makes Dutch revolts reachable.

use super::action::{Action, LeaderEntry, UnitKind, Units};
use super::error::{RuleError, RuleResult};
use super::event::{Event, EventKind};
use super::game::{Decision, Game};
use super::power::{Faction, Home, Owner, Power, Religion, ReligiousZone};
use super::question::Question;
use super::refusal::{FortifiedFor, LandCount, Refusal};
use super::ruleset::{LeaderKind, Ruleset, SpaceId};
use super::steps::Step;
use serde::{Deserialize, Serialize};

/// The card whose event may move the Huguenot capital (R-PROT-CAPITAL).
pub const PARIS_CARD: &str = "Paris Is Worth a Mass";

/// The question (R-PROT-LEADERS): at the start of Winter the Protestant may take army leaders
/// off the map.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct WithdrawLeaders {
    /// The Protestant.
    pub power: Power,
}

impl Question for WithdrawLeaders {
    fn asked(&self) -> (Power, Decision) {
        (self.power, Decision::WithdrawLeaders)
    }

    fn takes(&self, a: &Action) -> bool {
        matches!(a, Action::WithdrawLeaders { .. })
    }

    fn answer(
        &self,
        g: &mut Game,
        rs: &Ruleset,
        _p: Power,
        a: &Action,
        ev: &mut Vec<Event>,
    ) -> RuleResult<()> {
        let Action::WithdrawLeaders { leaders } = a else {
            return Err(Refusal::NothingPending.into());
        };
        let names: Vec<String> = leaders.iter().map(|l| l.to_string()).collect();
        g.withdraw_leaders(rs, &names, ev)
    }

    fn legal(&self, g: &Game, rs: &Ruleset, _p: Power, out: &mut Vec<Action>) {
        g.legal_withdraw_leaders(rs, out)
    }
}

/// The question (R-PROT-CAPITAL's exception): "Paris Is Worth a Mass" was played and the
/// Protestant may move its Huguenot capital, or keep it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct HuguenotCapital {
    /// Who played the event (the impulse goes on after them).
    pub played_by: Power,
}

impl Question for HuguenotCapital {
    fn asked(&self) -> (Power, Decision) {
        (Power::Protestant, Decision::MoveCapital)
    }

    fn takes(&self, a: &Action) -> bool {
        matches!(a, Action::MoveHuguenotCapital { .. })
    }

    fn answer(
        &self,
        g: &mut Game,
        rs: &Ruleset,
        _p: Power,
        a: &Action,
        ev: &mut Vec<Event>,
    ) -> RuleResult<()> {
        let Action::MoveHuguenotCapital { to } = a else {
            return Err(Refusal::NoCapitalMovePending.into());
        };
        g.move_huguenot_capital(rs, self.played_by, to.as_deref(), ev)
    }

    fn legal(&self, g: &Game, rs: &Ruleset, _p: Power, out: &mut Vec<Action>) {
        g.legal_huguenot_capital(rs, out)
    }
}

/// The Protestant's state beyond the board.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ProtestantState {
    /// Zones that had a revolt in the current impulse (one revolt per zone per impulse).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub revolts: Vec<ReligiousZone>,
    /// For each capital (Huguenot, Dutch), the turn it went to the turn track; it may come back
    /// at a revolt in a later turn (R-PROT-CAPITAL).
    #[serde(default)]
    pub capital_lost: [Option<u8>; 2],
}

/// The zone a faction's home spaces lie in: France for the Huguenots, the Netherlands for the
/// Dutch (R-SPACE-HOME).
pub fn territory(f: Faction) -> ReligiousZone {
    match f {
        Faction::Huguenot => ReligiousZone::France,
        Faction::Dutch => ReligiousZone::Netherlands,
    }
}

/// Index of a faction's capital in `Board::protestant_capitals`.
fn slot(f: Faction) -> usize {
    match f {
        Faction::Huguenot => 0,
        Faction::Dutch => 1,
    }
}

/// A checked revolt, ready to apply.
struct RevoltPlan {
    space: SpaceId,
    faction: Faction,
    take_control: bool,
    capital: Option<SpaceId>,
    leaders: Vec<(String, SpaceId)>,
}

impl Game {
    /// The faction whose capital `c` is, if it is a Protestant capital.
    pub fn capital_faction(&self, c: SpaceId) -> Option<Faction> {
        Faction::ALL
            .iter()
            .copied()
            .find(|f| self.board.protestant_capitals[slot(*f)] == Some(c))
    }

    /// The capitals that serve units of `p` (and, for the Protestant, of `faction`): a Protestant
    /// capital serves only its own faction, never the other one or allied minors (R-PROT-CAPITAL).
    pub fn capitals_serving(&self, p: Power, faction: Option<Faction>) -> Vec<SpaceId> {
        if p != Power::Protestant {
            return self.capitals_of(p);
        }
        faction
            .and_then(|f| self.board.protestant_capitals[slot(f)])
            .into_iter()
            .collect()
    }

    /// R-PROT-WINTER: units sent to winter quarters may go to a fortified home space of the other
    /// Protestant faction only while it holds fewer than four land units.
    pub(crate) fn winter_room(&self, rs: &Ruleset, f: &super::board::Force, s: SpaceId) -> bool {
        let (Owner::Major(Power::Protestant), Some(mine)) = (f.owner(), f.faction) else {
            return true;
        };
        match rs.space(s).home {
            Home::Faction(other) if other != mine => {
                self.board
                    .land_units(Power::Protestant, s, super::board::Stance::Friendly)
                    < super::military::MAX_DEFENDERS
            }
            _ => true,
        }
    }

    /// R-PROT-CAPITAL: spring deployment from a Protestant capital moves only its own faction's
    /// units and leaders.
    pub(crate) fn check_capital_serves(
        &self,
        rs: &Ruleset,
        p: Power,
        capital: SpaceId,
        u: &Units,
    ) -> RuleResult<()> {
        if p != Power::Protestant {
            return Ok(());
        }
        let Some(f) = self.capital_faction(capital) else {
            return Ok(());
        };
        for l in &u.leaders {
            if let Some(ld) = rs.leaders.iter().find(|x| &x.id == l) {
                if ld.faction != Some(f) {
                    return Err(Refusal::CapitalServesLeader {
                        space: capital,
                        faction: f,
                        leader: ld.id.clone(),
                    }
                    .into());
                }
            }
        }
        let own = self
            .board
            .at(capital)
            .forces
            .iter()
            .find(|x| x.owner() == Owner::Major(p) && x.faction == Some(f));
        let (r, m, c) = own.map_or((0, 0, 0), |x| (x.regulars, x.mercenaries, x.cavalry));
        if u.regulars > r || u.mercenaries > m || u.cavalry > c {
            return Err(Refusal::CapitalServesUnits {
                space: capital,
                faction: f,
                have: LandCount::new(r, m, c),
            }
            .into());
        }
        Ok(())
    }

    /// R-PROT-POOL: a Protestant unit is built only in a home space of its own faction; other
    /// powers' units have no faction.
    pub(crate) fn check_raise_faction(
        &self,
        rs: &Ruleset,
        p: Power,
        space: &str,
        faction: Option<Faction>,
    ) -> RuleResult<()> {
        let Some(f) = faction else { return Ok(()) };
        if p != Power::Protestant {
            return Err(Refusal::FactionOnlyProtestant {
                owner: Owner::Major(p),
            }
            .into());
        }
        let s = Game::resolve_space(rs, space)?;
        let sp = rs.space(s);
        if sp.home != Home::Faction(f) {
            let here = match sp.home {
                Home::Faction(o) => Some(o),
                _ => None,
            };
            return Err(Refusal::ProtestantPool {
                space: s,
                faction: Some(f),
                here,
            }
            .into());
        }
        Ok(())
    }

    // ---------------------------------------------------------------- revolt

    /// Checks a revolt (see the module comment for the procedure).
    fn check_revolt(
        &self,
        rs: &Ruleset,
        p: Power,
        space: &str,
        capital: Option<&str>,
        leaders: &[LeaderEntry],
    ) -> RuleResult<RevoltPlan> {
        if p != Power::Protestant {
            return Err(Refusal::OnlyProtestantRevolts { power: p }.into());
        }
        let s = Game::resolve_space(rs, space)?;
        let sp = rs.space(s);
        let faction = match sp.home {
            Home::Faction(f) if sp.zone == territory(f) => f,
            _ => return Err(Refusal::NotRevoltSpace { space: s }.into()),
        };
        if self.protestant.revolts.contains(&sp.zone) {
            // X-REL-ONE-REBELLION
            return Err(Refusal::RevoltAlreadyInZone { faction }.into());
        }
        if self.board.religion(rs, s) != Religion::Protestant {
            return Err(Refusal::RevoltNeedsProtestant { space: s }.into());
        }
        if let Some(o) = self
            .board
            .at(s)
            .forces
            .iter()
            .find(|f| f.owner() != Owner::Major(p) && f.land() > 0)
        {
            return Err(Refusal::RevoltOtherUnits {
                space: s,
                owner: o.owner(),
            }
            .into());
        }
        if self.board.at(s).besieged_by.is_some() {
            return Err(Refusal::UnderSiege { space: s }.into());
        }
        let held = self.board.controls(rs, p, s);
        let fortified = self.board.space_type(rs, s).is_fortified();
        if fortified && !held {
            return Err(Refusal::RevoltFortifiedNotHeld {
                space: s,
                holder: self.board.controller(rs, s),
            }
            .into());
        }
        let capital = match capital {
            Some(c) => {
                let c = Game::resolve_space(rs, c)?;
                self.check_declare_capital(rs, c, faction, Some(s))?;
                Some(c)
            }
            None => None,
        };
        let mut entries = Vec::new();
        for e in leaders {
            let l = rs
                .leaders
                .iter()
                .find(|l| l.id.eq_ignore_ascii_case(&e.leader))
                .ok_or_else(|| RuleError::Unknown {
                    what: "leader",
                    name: e.leader.clone(),
                    near: Vec::new(),
                })?;
            if l.power != p || l.faction != Some(faction) {
                return Err(Refusal::RevoltLeaderFaction {
                    faction,
                    leader: l.id.clone(),
                }
                .into());
            }
            if !self.off_map.contains(&l.id) || entries.iter().any(|(x, _)| x == &l.id) {
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
            let at = Game::resolve_space(rs, &e.space)?;
            self.check_leader_entry(rs, l.faction, at)?;
            entries.push((l.id.clone(), at));
        }
        Ok(RevoltPlan {
            space: s,
            faction,
            take_control: !held,
            capital,
            leaders: entries,
        })
    }

    /// R-PROT-CAPITAL: a capital is declared during a revolt, in a space of its faction's
    /// territory that the Protestant holds once the revolt is made (the revolt space counts,
    /// as the revolt takes it) and nobody besieges, when the faction has none on the map and
    /// did not lose one this turn. Whether the space must also be fortified is the data's
    /// `capital_fortified` (X-PROT-CAPITAL-SPACE): the seed names no fortification, and a
    /// revolt cannot take a fortified space (R-SPACE-FORTIFIED).
    fn check_declare_capital(
        &self,
        rs: &Ruleset,
        s: SpaceId,
        f: Faction,
        revolt: Option<SpaceId>,
    ) -> RuleResult<()> {
        if let Some(c) = self.board.protestant_capitals[slot(f)] {
            return Err(Refusal::CapitalAlreadyAt {
                faction: f,
                space: c,
            }
            .into());
        }
        if self.protestant.capital_lost[slot(f)] == Some(self.turn) {
            return Err(Refusal::CapitalLostThisTurn { faction: f }.into());
        }
        if rs.space(s).zone != territory(f) {
            return Err(Refusal::CapitalOutsideTerritory {
                space: s,
                faction: f,
            }
            .into());
        }
        if rs.religion.capital_fortified && !self.board.space_type(rs, s).is_fortified() {
            return Err(Refusal::NotFortified {
                space: s,
                purpose: FortifiedFor::Capital,
            }
            .into());
        }
        if revolt != Some(s) && !self.board.controls(rs, Power::Protestant, s) {
            return Err(Refusal::NotControlled {
                power: Power::Protestant,
                space: s,
            }
            .into());
        }
        if self.board.at(s).besieged_by.is_some() {
            return Err(Refusal::UnderSiege { space: s }.into());
        }
        Ok(())
    }

    /// CP revolt: applies a checked revolt.
    pub(crate) fn do_revolt(
        &mut self,
        rs: &Ruleset,
        p: Power,
        space: &str,
        capital: Option<&str>,
        leaders: &[LeaderEntry],
        ev: &mut Vec<Event>,
    ) -> RuleResult<()> {
        let plan = self.check_revolt(rs, p, space, capital, leaders)?;
        let s = plan.space;
        self.protestant.revolts.push(rs.space(s).zone);
        ev.push(Event::public(EventKind::Revolted {
            space: s,
            faction: plan.faction,
        }));
        if plan.take_control {
            let from = self.board.controller(rs, s);
            self.board.set_control(rs, s, Owner::Major(p));
            ev.push(Event::public(EventKind::ControlChanged {
                space: s,
                from,
                to: Owner::Major(p),
            }));
        }
        self.board
            .force_mut(s, Owner::Major(p), Some(plan.faction))
            .regulars += 1;
        ev.push(Event::public(EventKind::Raised {
            power: p,
            space: s,
            unit: UnitKind::Regular,
        }));
        self.upkeep_foreign_war(p, s, Some(plan.faction), UnitKind::Regular, ev);
        if let Some(c) = plan.capital {
            self.board.protestant_capitals[slot(plan.faction)] = Some(c);
            self.protestant.capital_lost[slot(plan.faction)] = None;
            ev.push(Event::public(EventKind::CapitalMoved {
                power: p,
                to: Some(c),
            }));
        }
        for (l, at) in plan.leaders {
            self.off_map.retain(|x| *x != l);
            self.board
                .force_mut(at, Owner::Major(p), Some(plan.faction))
                .leaders
                .push(l.clone());
            ev.push(Event::public(EventKind::LeaderEntered {
                leader: l,
                space: at,
            }));
        }
        self.check_military_victory(rs, ev);
        Ok(())
    }

    /// Revolts the Protestant may make with `cp` CP: each possible space, without and with a
    /// capital declaration, and with each leader that may enter.
    pub(crate) fn legal_revolts(&self, rs: &Ruleset, p: Power, cp: u8, out: &mut Vec<Action>) {
        if p != Power::Protestant || rs.cost("revolt").is_none_or(|c| c > cp) {
            return;
        }
        // Where each faction's waiting leaders could enter, computed once: only the faction's
        // own home spaces can qualify (R-PROT-LEADERS).
        let entries = |f| -> Vec<LeaderEntry> {
            let spaces: Vec<_> = rs
                .space_ids()
                .filter(|at| rs.space(*at).home == Home::Faction(f))
                .filter(|at| self.check_leader_entry(rs, Some(f), *at).is_ok())
                .collect();
            rs.leaders
                .iter()
                .filter(|l| l.faction == Some(f) && self.off_map.contains(&l.id))
                .flat_map(|l| {
                    spaces.iter().map(move |at| LeaderEntry {
                        leader: l.id.clone(),
                        space: rs.space(*at).id.clone(),
                    })
                })
                .collect()
        };
        let mut by_faction = std::collections::HashMap::new();
        for s in rs.space_ids() {
            let sp = rs.space(s);
            let Home::Faction(f) = sp.home else { continue };
            // The revolt itself must be possible before its variants are worth checking.
            if self.check_revolt(rs, p, &sp.id, None, &[]).is_err() {
                continue;
            }
            out.push(Action::Revolt {
                space: rs.space_name(s),
                declare_capital: false,
                leaders: Vec::new(),
                capital: None,
            });
            // R-PROT-CAPITAL: a capital anywhere in the territory (the revolt space itself in
            // the older `declare_capital` form).
            let mut tries: Vec<(Option<SpaceId>, Vec<LeaderEntry>)> = rs
                .space_ids()
                .filter(|c| {
                    rs.space(*c).zone == territory(f)
                        && self.check_declare_capital(rs, *c, f, Some(s)).is_ok()
                })
                .map(|c| (Some(c), Vec::new()))
                .collect();
            let list: &Vec<LeaderEntry> = by_faction.entry(f).or_insert_with(|| entries(f));
            tries.extend(list.iter().map(|e| (None, vec![e.clone()])));
            for (capital, leaders) in tries {
                let at = capital.map(|c| rs.space(c).id.as_str());
                if self.check_revolt(rs, p, &sp.id, at, &leaders).is_ok() {
                    let here = capital == Some(s);
                    out.push(Action::Revolt {
                        space: rs.space_name(s),
                        declare_capital: here,
                        leaders,
                        capital: at.filter(|_| !here).map(str::to_string).map(Into::into),
                    });
                }
            }
        }
    }

    // ---------------------------------------------------------------- winter leaders

    /// Whether the Protestant is asked, at the start of Winter, which leaders to take off the map.
    pub(crate) fn winter_leader_choice_due(&self, rs: &Ruleset) -> bool {
        self.powers.contains(Power::Protestant) && !self.protestant_leaders_on_map(rs).is_empty()
    }

    /// Protestant army leaders on the map, in space order.
    pub fn protestant_leaders_on_map(&self, rs: &Ruleset) -> Vec<String> {
        self.board
            .spaces
            .iter()
            .flat_map(|s| s.forces.iter())
            .filter(|f| f.owner() == Owner::Major(Power::Protestant))
            .flat_map(|f| f.leaders.iter())
            .filter(|l| {
                rs.leaders
                    .iter()
                    .any(|x| &x.id == *l && x.kind == LeaderKind::Army)
            })
            .cloned()
            .collect()
    }

    /// R-PROT-LEADERS: as land units return home, the Protestant takes these leaders off the map
    /// (they may enter again at a Spring Deployment or a revolt); then Winter goes on.
    fn withdraw_leaders(
        &mut self,
        rs: &Ruleset,
        leaders: &[String],
        ev: &mut Vec<Event>,
    ) -> RuleResult<()> {
        let on_map = self.protestant_leaders_on_map(rs);
        let mut ids: Vec<String> = Vec::new();
        for l in leaders {
            let Some(id) = on_map.iter().find(|x| x.eq_ignore_ascii_case(l)) else {
                return Err(Refusal::NotProtestantArmyLeader {
                    name: l.clone(),
                    on_map,
                }
                .into());
            };
            if ids.contains(id) {
                return Err(Refusal::NamedTwice { name: l.clone() }.into());
            }
            ids.push(id.clone());
        }
        for s in rs.space_ids() {
            for f in &mut self.board.spaces[s.idx()].forces {
                f.leaders.retain(|l| !ids.contains(l));
            }
            self.board.tidy(s);
        }
        if !ids.is_empty() {
            ev.push(Event::public(EventKind::LeadersWithdrawn {
                leaders: ids.clone(),
            }));
        }
        self.off_map.extend(ids);
        // Winter goes on from its frame below (C-WINTER-ORDER).
        self.steps.pop();
        Ok(())
    }

    /// Keep all leaders, take off each one alone, or all of them.
    fn legal_withdraw_leaders(&self, rs: &Ruleset, out: &mut Vec<Action>) {
        let on_map = self.protestant_leaders_on_map(rs);
        out.push(Action::WithdrawLeaders {
            leaders: Vec::new(),
        });
        for l in &on_map {
            out.push(Action::WithdrawLeaders {
                leaders: vec![l.as_str().into()],
            });
        }
        if on_map.len() > 1 {
            out.push(Action::WithdrawLeaders {
                leaders: on_map.into_iter().map(Into::into).collect::<Vec<_>>(),
            });
        }
    }

    // ---------------------------------------------------------------- Paris Is Worth a Mass

    /// Spaces the Huguenot capital may move to with "Paris Is Worth a Mass" (our design): a
    /// space in France the Protestant holds, other than the capitals, fortified when the data
    /// says capitals must be (X-PROT-CAPITAL-SPACE).
    fn huguenot_capital_targets(&self, rs: &Ruleset) -> Vec<SpaceId> {
        rs.space_ids()
            .filter(|s| {
                rs.space(*s).zone == ReligiousZone::France
                    && (!rs.religion.capital_fortified
                        || self.board.space_type(rs, *s).is_fortified())
                    && self.board.controls(rs, Power::Protestant, *s)
                    && !self.board.protestant_capitals.contains(&Some(*s))
            })
            .collect()
    }

    /// The event "Paris Is Worth a Mass": if the Huguenot capital is on the map and can move, the
    /// Protestant decides where (R-PROT-CAPITAL's exception).
    pub(crate) fn paris_is_worth_a_mass(
        &mut self,
        rs: &Ruleset,
        by: Power,
        card: u16,
        ev: &mut Vec<Event>,
    ) {
        let can = self.powers.contains(Power::Protestant)
            && self.board.protestant_capitals[0].is_some()
            && !self.huguenot_capital_targets(rs).is_empty();
        if can {
            self.steps
                .push(Step::HuguenotCapital(HuguenotCapital { played_by: by }));
        } else {
            ev.push(Event::public(EventKind::HuguenotCapitalStays { card }));
        }
    }

    /// The Protestant's answer to "Paris Is Worth a Mass": a new Huguenot capital, or none.
    fn move_huguenot_capital(
        &mut self,
        rs: &Ruleset,
        played_by: Power,
        to: Option<&str>,
        ev: &mut Vec<Event>,
    ) -> RuleResult<()> {
        let to = match to {
            Some(t) => {
                let s = Game::resolve_space(rs, t)?;
                if !self.huguenot_capital_targets(rs).contains(&s) {
                    return Err(Refusal::NotHuguenotCapitalTarget { space: s }.into());
                }
                Some(s)
            }
            None => None,
        };
        self.steps.pop();
        if let Some(s) = to {
            self.board.protestant_capitals[0] = Some(s);
            ev.push(Event::public(EventKind::CapitalMoved {
                power: Power::Protestant,
                to: Some(s),
            }));
        }
        self.next_impulse(rs, played_by, 0, ev);
        Ok(())
    }

    /// Keep the capital, or move it to each possible space.
    fn legal_huguenot_capital(&self, rs: &Ruleset, out: &mut Vec<Action>) {
        out.push(Action::MoveHuguenotCapital { to: None });
        for s in self.huguenot_capital_targets(rs) {
            out.push(Action::MoveHuguenotCapital {
                to: Some(rs.space_name(s)),
            });
        }
    }
}

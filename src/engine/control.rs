//! Control, unrest and construction (HIS 12.2–12.4, 17): C-CONTROL-UNFORT, C-CONTROL-FORT,
//! C-UNREST, C-RAISE (land units; squadrons are raised in ports as before), with the seed reading
//! R-CONTROL-TERMS (independent or neutral units in a space prevent its control; adjacent
//! independent units do not) and R-SPACE-FORTRESS.

use super::action::UnitKind;
use super::board::Stance;
use super::error::RuleResult;
use super::event::{Event, EventKind};
use super::game::Game;
use super::power::{Faction, Home, Owner, Power, SpaceType};
use super::refusal::{Place, Refusal};
use super::ruleset::{Ruleset, SpaceId};

impl Game {
    /// C-CONTROL-UNFORT: CP control of an unfortified space (or removal of unrest from one `p`
    /// controls): `p`'s land units in it or next to it, no other power's or independent land
    /// units in it, no enemy land units adjacent (adjacent independent units do not block,
    /// R-CONTROL-TERMS), and a line of communication (C-LOC-USE). Leaders of non-allies alone
    /// there are captured.
    pub(crate) fn do_control(
        &mut self,
        rs: &Ruleset,
        p: Power,
        space: &str,
        ev: &mut Vec<Event>,
    ) -> RuleResult<()> {
        let s = self.check_control(rs, p, space)?;
        if self.board.controls(rs, p, s) {
            self.board.spaces[s.idx()].unrest = false;
            ev.push(Event::public(EventKind::UnrestEnded { space: s }));
            return Ok(());
        }
        let mut leaders = Vec::new();
        let foreign: Vec<bool> = self.board.spaces[s.idx()]
            .forces
            .iter()
            .map(|f| self.board.stance(p, f.owner()) != Stance::Friendly)
            .collect();
        for (f, x) in self.board.spaces[s.idx()].forces.iter_mut().zip(foreign) {
            if x {
                leaders.append(&mut f.leaders);
            }
        }
        self.board.tidy(s);
        for l in leaders {
            self.captured.push((l.clone(), p));
            ev.push(Event::public(EventKind::LeaderCaptured {
                leader: l,
                by: p,
            }));
        }
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

    /// Enemy land units in `n` that block `p` from taking control of a space next to it
    /// (C-CONTROL-UNFORT). Units besieged inside a fortress are shut in behind its walls and
    /// do not count (X-CONTROL-BESIEGED: our reading of Here I Stand 12.2, where only units able
    /// to act outside block, as besieged units also never intercept or avoid battle); the
    /// besiegers around them do.
    pub fn blocking_land_units(&self, rs: &Ruleset, p: Power, n: SpaceId) -> u32 {
        let shut_in = self.board.at(n).besieged_by.is_some();
        let holder = self.board.controller(rs, n);
        self.board
            .at(n)
            .forces
            .iter()
            .filter(|f| self.board.stance(p, f.owner()) == Stance::Enemy)
            .filter(|f| {
                let inside = shut_in
                    && match holder {
                        Owner::Major(c) => self.board.stance(c, f.owner()) == Stance::Friendly,
                        other => f.owner() == other,
                    };
                !inside
            })
            .map(|f| f.land())
            .sum()
    }

    /// Checks a control action.
    pub(crate) fn check_control(&self, rs: &Ruleset, p: Power, space: &str) -> RuleResult<SpaceId> {
        self.check_control_with(rs, p, space, None)
    }

    /// [`Game::check_control`] with the power's LOC map computed once ([`Game::loc_map`]), for
    /// listing legal actions.
    pub(crate) fn check_control_with(
        &self,
        rs: &Ruleset,
        p: Power,
        space: &str,
        loc: Option<&[bool]>,
    ) -> RuleResult<SpaceId> {
        let s = Game::resolve_space(rs, space)?;
        self.check_control_at(rs, p, s, loc)?;
        Ok(s)
    }

    // --- perf: the listing checks candidates by space index, without looking names up.
    /// [`Game::check_control_with`] for a space already resolved.
    pub(crate) fn check_control_at(
        &self,
        rs: &Ruleset,
        p: Power,
        s: SpaceId,
        loc: Option<&[bool]>,
    ) -> RuleResult<()> {
        if self.board.space_type(rs, s).is_fortified() {
            return Err(Refusal::FortifiedNeedsSiege { space: s }.into());
        }
        if self.board.controls(rs, p, s) && !self.board.at(s).unrest {
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
        // R-CONTROL-TERMS: only an unoccupied space is taken; independent or neutral units in it
        // prevent control.
        if let Some(o) = self
            .board
            .at(s)
            .forces
            .iter()
            .find(|f| f.land() > 0 && self.board.stance(p, f.owner()) != Stance::Friendly)
            .map(|f| f.owner())
        {
            return Err(Refusal::OccupiedByOthers { space: s, owner: o }.into());
        }
        if let Some((n, _)) = rs.neighbours[s.idx()]
            .iter()
            .find(|(n, _)| self.blocking_land_units(rs, p, *n) > 0)
        {
            return Err(Refusal::EnemyUnitsAdjacent {
                space: s,
                adjacent: *n,
            }
            .into());
        }
        let has = match loc {
            Some(m) => m[s.idx()],
            None => self.has_loc(rs, p, s),
        };
        if !has {
            return Err(Refusal::NoLineOfCommunication { power: p, space: s }.into());
        }
        Ok(())
    }

    /// C-RAISE: in a controlled home space not under siege and not in unrest (C-UNREST).
    /// Squadrons need a port; cavalry is the Ottoman's and mercenaries everyone else's (as in
    /// Here I Stand). Protestant units are built only in their faction's home spaces (R-PROT-POOL).
    pub(crate) fn do_raise(
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
        let corsair = one(UnitKind::Corsair);
        let corsairs_full =
            u16::from(f.corsairs) + u16::from(corsair) > u16::from(super::board::MAX_UNITS);
        if corsairs_full || !f.has_room(added.0, added.1, added.2, added.3) {
            return Err(Refusal::UnitLimit {
                space: s,
                max: super::board::MAX_UNITS,
            }
            .into());
        }
        f.add_units(added.0, added.1, added.2, added.3);
        f.corsairs += corsair;
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
        Ok((s, self.check_raise_at(rs, p, s, unit)?))
    }

    // --- perf
    /// [`Game::check_raise`] for a space already resolved; the new unit's Protestant faction.
    pub(crate) fn check_raise_at(
        &self,
        rs: &Ruleset,
        p: Power,
        s: SpaceId,
        unit: UnitKind,
    ) -> RuleResult<Option<Faction>> {
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
        if self.board.at(s).unrest {
            return Err(Refusal::InUnrest { space: s }.into());
        }
        if unit == UnitKind::Mercenary && p == Power::Ottoman {
            return Err(Refusal::MercenaryNotOttoman.into());
        }
        if unit == UnitKind::Corsair && p != Power::Ottoman {
            return Err(Refusal::CorsairOttomanOnly { power: p }.into());
        }
        if unit == UnitKind::Corsair && !self.naval.barbary_pirates {
            return Err(Refusal::CorsairsNeedBarbaryPirates.into());
        }
        if matches!(unit, UnitKind::Squadron | UnitKind::Corsair) && !sp.is_port() {
            return Err(Refusal::NotAPort { space: s }.into());
        }
        if unit == UnitKind::Cavalry && p != Power::Ottoman {
            return Err(Refusal::CavalryOttomanOnly.into());
        }
        Ok(faction)
    }

    /// CP fortress: in an unfortified space `p` controls, or for Spain in a settlement of the
    /// world map (R-SPACE-FORTRESS).
    pub(crate) fn do_build_fortress(
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

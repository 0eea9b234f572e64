//! Winter (C-WINTER-ORDER): sieges end, land units and leaders go to winter quarters
//! (C-WINTER-QUARTERS, with R-PROT-WINTER: never in a fortified space of another, allied power),
//! alliances between majors end, and each power gets a free regular in every capital it controls
//! that is not in unrest (C-WINTER-REGULAR). Naval winter (C-NAVAL-WINTER) runs first, in `naval.rs`.

use super::board::{Force, Stance};
use super::event::{Event, EventKind};
use super::game::Game;
use super::power::{Faction, Owner, Power, Relation};
use super::ruleset::{Ruleset, SpaceId};
use super::turn_data::ids;
use std::collections::VecDeque;

impl Game {
    /// Winter, in the order of C-WINTER-ORDER (the steps the engine has).
    pub(crate) fn winter(&mut self, rs: &Ruleset, ev: &mut Vec<Event>) {
        // Naval units go to port before sieges end (C-NAVAL-WINTER).
        self.naval_winter(rs, ev);
        for s in rs.space_ids() {
            if self.board.spaces[s.idx()].besieged_by.take().is_some() {
                ev.push(Event::public(EventKind::SiegeLifted { space: s }));
            }
        }
        // C-WINTER-ORDER: piracy markers come off (C-PIRACY: once per sea zone per turn).
        self.clear_piracy_markers(ev);
        self.winter_quarters(rs, ev);
        self.winter_overstack(rs, ev);
        for (i, a) in Power::ALL.iter().enumerate() {
            for b in &Power::ALL[i + 1..] {
                if self.board.relation(*a, *b) == Relation::Alliance {
                    self.board.set_relation(*a, *b, Relation::Peace);
                    ev.push(Event::public(EventKind::AllianceEnded { a: *a, b: *b }));
                }
            }
        }
        for p in self.powers.iter() {
            for c in self.capitals_of(p) {
                if !self.board.controls(rs, p, c) || self.board.at(c).unrest {
                    continue;
                }
                let faction = (p == Power::Protestant).then(|| self.capital_faction_of(c));
                let f = self.board.force_mut(c, Owner::Major(p), faction);
                // No free regular past the unit bound (MAX_UNITS).
                if !f.has_room(1, 0, 0, 0) {
                    self.board.tidy(c);
                    continue;
                }
                f.add_units(1, 0, 0, 0);
                ev.push(Event::public(EventKind::FreeRegular { power: p, space: c }));
            }
        }
    }

    /// The Protestant faction a Protestant capital serves.
    fn capital_faction_of(&self, c: SpaceId) -> Faction {
        if self.board.protestant_capitals[0] == Some(c) {
            Faction::Huguenot
        } else {
            Faction::Dutch
        }
    }

    /// Whether `f` may winter in `s` (C-WINTER-QUARTERS, R-PROT-WINTER): a fortified space its
    /// own power controls (an ally's, even a minor ally's, is another power's), or its Protestant
    /// faction's own capital even when unfortified (X-PROT-CAPITAL-SPACE); Huguenot units
    /// not in the Dutch capital, Dutch units not in the Huguenot capital, allied minor units in
    /// neither. Units of an inactive minor and independent units stay in spaces their owner
    /// controls.
    pub fn is_winter_quarters(&self, rs: &Ruleset, f: &Force, s: SpaceId) -> bool {
        let owner = f.owner();
        let inactive = match owner {
            Owner::Minor(m) => self.board.minor_ally(m).is_none(),
            Owner::Independent => true,
            Owner::Major(_) => false,
        };
        if inactive {
            return self.board.controller(rs, s) == owner;
        }
        if self.board.controller(rs, s) != owner {
            return false;
        }
        let [hug_cap, dutch_cap] = self.board.protestant_capitals;
        // X-PROT-CAPITAL-SPACE: a faction's own capital is its winter quarters even unfortified.
        let own_capital = match (owner, f.faction) {
            (Owner::Major(Power::Protestant), Some(Faction::Huguenot)) => hug_cap == Some(s),
            (Owner::Major(Power::Protestant), Some(Faction::Dutch)) => dutch_cap == Some(s),
            _ => false,
        };
        if own_capital {
            return true;
        }
        if !self.board.space_type(rs, s).is_fortified() {
            return false;
        }
        let forbidden = match (owner, f.faction) {
            (Owner::Major(Power::Protestant), Some(Faction::Huguenot)) => dutch_cap == Some(s),
            (Owner::Major(Power::Protestant), Some(Faction::Dutch)) => hug_cap == Some(s),
            (Owner::Minor(_), _) => hug_cap == Some(s) || dutch_cap == Some(s),
            _ => false,
        };
        !forbidden
    }

    /// The major whose friendship opens the way for `f` (its power, or a minor's ally).
    fn winter_side(&self, f: &Force) -> Option<Power> {
        match f.owner() {
            Owner::Major(p) => Some(p),
            Owner::Minor(m) => self.board.minor_ally(m),
            Owner::Independent => None,
        }
    }

    /// Land units and leaders outside winter quarters go to the nearest quarters reachable
    /// through friendly spaces not in unrest; with no way there they lose half (rounded up,
    /// mercenaries and cavalry first) and the rest go to a capital, or are eliminated with none.
    fn winter_quarters(&mut self, rs: &Ruleset, ev: &mut Vec<Event>) {
        for s in rs.space_ids() {
            let forces: Vec<Force> = self.board.at(s).forces.clone();
            for f in forces {
                // Naval leaders stay in port with the ships (C-NAVAL-WINTER).
                if f.land() == 0 && f.leaders.iter().all(|l| rs.is_naval_leader(l)) {
                    continue;
                }
                if self.is_winter_quarters(rs, &f, s) {
                    continue;
                }
                let Some(side) = self.winter_side(&f) else {
                    continue;
                };
                let Some(moving) = self.take_land(rs, s, &f) else {
                    continue;
                };
                match self.nearest_quarters(rs, &f, side, s) {
                    Some(d) => {
                        self.put_land(d, &f, &moving);
                        ev.push(Event::public(EventKind::WinterQuarters {
                            owner: f.owner(),
                            from: s,
                            to: d,
                            units: moving.land(),
                        }));
                    }
                    None => self.attrition(rs, s, &f, moving, ev),
                }
                self.board.tidy(s);
            }
        }
    }

    /// Removes `f`'s land units and army leaders from `s` (ships and naval leaders stay) and
    /// returns them.
    fn take_land(&mut self, rs: &Ruleset, s: SpaceId, f: &Force) -> Option<Force> {
        let i = self.board.spaces[s.idx()]
            .forces
            .iter()
            .position(|x| x.owner() == f.owner() && x.faction == f.faction)?;
        let here = &mut self.board.spaces[s.idx()].forces[i];
        let (naval, army): (Vec<String>, Vec<String>) = std::mem::take(&mut here.leaders)
            .into_iter()
            .partition(|l| rs.is_naval_leader(l));
        let moving = Force {
            squadrons: 0,
            corsairs: 0,
            leaders: army,
            ..here.clone()
        };
        here.regulars = 0;
        here.mercenaries = 0;
        here.cavalry = 0;
        here.leaders = naval;
        Some(moving)
    }

    /// Adds `moving`'s land units and leaders to `f`'s force in `d`.
    fn put_land(&mut self, d: SpaceId, f: &Force, moving: &Force) {
        let t = self.board.force_mut(d, f.owner(), f.faction);
        t.add_units(moving.regulars, moving.mercenaries, moving.cavalry, 0);
        t.leaders.extend(moving.leaders.iter().cloned());
    }

    /// C-WINTER-QUARTERS attrition for units with no way to winter quarters.
    fn attrition(
        &mut self,
        rs: &Ruleset,
        s: SpaceId,
        f: &Force,
        mut moving: Force,
        ev: &mut Vec<Event>,
    ) {
        let capital = match f.owner() {
            Owner::Major(p) => self.free_capital(rs, p, f.faction),
            _ => None,
        };
        let total = moving.land();
        let mut lost = if capital.is_some() {
            total.div_ceil(2)
        } else {
            total
        };
        let lost_count = lost;
        for n in [
            &mut moving.mercenaries,
            &mut moving.cavalry,
            &mut moving.regulars,
        ] {
            let k = (*n as u32).min(lost);
            *n -= k as u8;
            lost -= k;
        }
        match capital {
            Some(c) => self.put_land(c, f, &moving),
            None => self.off_map.extend(moving.leaders.iter().cloned()),
        }
        ev.push(Event::public(EventKind::WinterAttrition {
            owner: f.owner(),
            space: s,
            lost: lost_count,
            to: capital,
        }));
    }

    /// Beyond the data's `winter_stack` land units of one power in a fortified space other than
    /// a capital, the excess goes to a capital (C-WINTER-QUARTERS).
    fn winter_overstack(&mut self, rs: &Ruleset, ev: &mut Vec<Event>) {
        let limit = rs.turn.number(ids::WINTER_STACK).max(0) as u32;
        let capitals: Vec<SpaceId> = Power::ALL
            .iter()
            .flat_map(|p| self.capitals_of(*p))
            .collect();
        for s in rs.space_ids() {
            if capitals.contains(&s) || !self.board.space_type(rs, s).is_fortified() {
                continue;
            }
            let forces = self.board.at(s).forces.clone();
            for f in forces {
                let Owner::Major(p) = f.owner() else { continue };
                if f.land() <= limit {
                    continue;
                }
                let Some(c) = self.free_capital(rs, p, f.faction) else {
                    continue;
                };
                let mut excess = f.land() - limit;
                let units = excess;
                let Some(i) = self.board.spaces[s.idx()]
                    .forces
                    .iter()
                    .position(|x| x.owner() == f.owner() && x.faction == f.faction)
                else {
                    continue;
                };
                let here = &mut self.board.spaces[s.idx()].forces[i];
                let mut moving = Force::new(f.owner(), f.faction);
                for (from, to) in [
                    (&mut here.mercenaries, &mut moving.mercenaries),
                    (&mut here.cavalry, &mut moving.cavalry),
                    (&mut here.regulars, &mut moving.regulars),
                ] {
                    let k = (*from as u32).min(excess) as u8;
                    *from -= k;
                    *to += k;
                    excess -= k as u32;
                }
                self.put_land(c, &f, &moving);
                ev.push(Event::public(EventKind::WinterQuarters {
                    owner: f.owner(),
                    from: s,
                    to: c,
                    units,
                }));
            }
        }
    }

    /// The nearest winter quarters for `f` (by land distance, ties: lowest space id), reached
    /// through spaces friendly to `side` and not in unrest.
    fn nearest_quarters(
        &self,
        rs: &Ruleset,
        f: &Force,
        side: Power,
        from: SpaceId,
    ) -> Option<SpaceId> {
        let mut seen = vec![false; rs.spaces.len()];
        let mut q = VecDeque::from([from]);
        seen[from.idx()] = true;
        while let Some(s) = q.pop_front() {
            if s != from
                && self.is_winter_quarters(rs, f, s)
                && self.winter_room(rs, f, s)
                && self
                    .board
                    .check_room(s, f.owner(), f.regulars, f.mercenaries, f.cavalry)
                    .is_ok()
            {
                return Some(s);
            }
            for (n, _) in &rs.neighbours[s.idx()] {
                if seen[n.idx()] {
                    continue;
                }
                seen[n.idx()] = true;
                let open = self.board.space_stance(rs, side, *n) == Stance::Friendly
                    && !self.board.at(*n).unrest;
                if open {
                    q.push_back(*n);
                }
            }
        }
        None
    }
}

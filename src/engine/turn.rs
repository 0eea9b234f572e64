//! The end of a turn: Winter, Victory Determination, and the start of the next turn.

use super::board::{Force, Stance};
use super::event::{Event, EventKind, PhaseName};
use super::game::{Game, Stage};
use super::power::{Faction, Owner, Power};
use super::ruleset::{Ruleset, SpaceId};
use std::collections::VecDeque;

impl Game {
    /// After the Action phase: Winter, Victory Determination, then the next turn (or the end).
    pub(crate) fn end_of_turn(&mut self, rs: &Ruleset, ev: &mut Vec<Event>) {
        ev.push(Event::public(EventKind::PhaseStarted {
            phase: PhaseName::Winter,
        }));
        if self.winter_leader_choice_due(rs) {
            self.stage = Stage::WinterLeaders;
            return;
        }
        self.finish_turn(rs, ev);
    }

    /// Winter (after the Protestant's leader choice), Victory Determination, next turn.
    pub(crate) fn finish_turn(&mut self, rs: &Ruleset, ev: &mut Vec<Event>) {
        self.winter(rs, ev);
        ev.push(Event::public(EventKind::PhaseStarted {
            phase: PhaseName::VictoryDetermination,
        }));
        if self.victory_determination(rs, ev) {
            return;
        }
        let last = rs
            .scenario(&self.scenario)
            .map_or(self.turn, |s| s.last_turn);
        if self.turn >= last {
            self.final_result(rs, ev);
            return;
        }
        self.turn += 1;
        ev.push(Event::public(EventKind::TurnStarted { turn: self.turn }));
        self.card_draw(rs, ev);
        self.stage = Stage::Diplomacy {
            done: super::power::PowerSet::EMPTY,
            offers: Vec::new(),
        };
        ev.push(Event::public(EventKind::PhaseStarted {
            phase: PhaseName::Diplomacy,
        }));
    }

    /// Winter: land units outside friendly fortified spaces go to the nearest winter quarters
    /// (R-SPACE-FORTIFIED), respecting R-PROT-WINTER; sieges end; each power in play with a
    /// capital it controls gets one free regular there.
    pub(crate) fn winter(&mut self, rs: &Ruleset, ev: &mut Vec<Event>) {
        // C-WINTER-ORDER: naval units go to port before sieges end (C-NAVAL-WINTER).
        self.naval_winter(rs, ev);
        for s in rs.space_ids() {
            if self.board.spaces[s.idx()].besieged_by.take().is_some() {
                ev.push(Event::public(EventKind::SiegeLifted { space: s }));
            }
        }
        for s in rs.space_ids() {
            let forces: Vec<Force> = self.board.at(s).forces.clone();
            for f in forces {
                if f.land() == 0 && f.leaders.iter().all(|l| rs.is_naval_leader(l)) {
                    continue;
                }
                if self.is_winter_quarters(rs, &f, s) {
                    continue;
                }
                let dest = self.nearest_quarters(rs, &f, s);
                let idx = self.board.spaces[s.idx()]
                    .forces
                    .iter()
                    .position(|x| x.owner() == f.owner() && x.faction == f.faction);
                let Some(i) = idx else { continue };
                let mut moving = self.board.spaces[s.idx()].forces[i].clone();
                let squadrons = moving.squadrons;
                moving.squadrons = 0;
                // Naval leaders stay in port with the ships (C-NAVAL-WINTER).
                let (naval, army): (Vec<String>, Vec<String>) = std::mem::take(&mut moving.leaders)
                    .into_iter()
                    .partition(|l| rs.is_naval_leader(l));
                moving.leaders = army;
                self.board.spaces[s.idx()].forces[i] = Force {
                    squadrons,
                    leaders: naval,
                    regulars: 0,
                    mercenaries: 0,
                    cavalry: 0,
                    ..moving.clone()
                };
                match dest {
                    Some(d) => {
                        let t = self.board.force_mut(d, f.owner(), f.faction);
                        t.regulars += moving.regulars;
                        t.mercenaries += moving.mercenaries;
                        t.cavalry += moving.cavalry;
                        t.leaders.extend(moving.leaders.iter().cloned());
                        ev.push(Event::public(EventKind::WinterQuarters {
                            owner: f.owner(),
                            from: s,
                            to: d,
                            units: moving.land(),
                        }));
                    }
                    None => {
                        if moving.land() > 0 {
                            ev.push(Event::public(EventKind::Eliminated {
                                owner: f.owner(),
                                space: s,
                                units: moving.land(),
                            }));
                        }
                        self.off_map.extend(moving.leaders.iter().cloned());
                    }
                }
                self.board.tidy(s);
            }
        }
        for p in self.powers.iter() {
            if let Some(c) = self
                .capitals_of(p)
                .into_iter()
                .find(|c| self.board.controls(rs, p, *c))
            {
                let faction = (p == Power::Protestant).then(|| {
                    if self.board.protestant_capitals[0] == Some(c) {
                        Faction::Huguenot
                    } else {
                        Faction::Dutch
                    }
                });
                self.board.force_mut(c, Owner::Major(p), faction).regulars += 1;
                ev.push(Event::public(EventKind::FreeRegular { power: p, space: c }));
            }
        }
    }

    /// Whether `f` may winter in `s`: a fortified space friendly to its owner, except that
    /// Huguenot units may not winter in the Dutch capital, Dutch units not in the Huguenot
    /// capital, and allied minor units in neither (R-PROT-WINTER).
    pub fn is_winter_quarters(&self, rs: &Ruleset, f: &Force, s: SpaceId) -> bool {
        if !self.board.space_type(rs, s).is_fortified() {
            return false;
        }
        let friendly = match f.owner() {
            Owner::Major(p) => {
                self.board.controls(rs, p, s)
                    || self.board.space_stance(rs, p, s) == Stance::Friendly
            }
            Owner::Minor(m) => match self.board.minor_ally(m) {
                Some(p) => self.board.controls(rs, p, s),
                None => self.board.controller(rs, s) == f.owner(),
            },
            Owner::Independent => self.board.controller(rs, s) == Owner::Independent,
        };
        if !friendly {
            return false;
        }
        let [hug_cap, dutch_cap] = self.board.protestant_capitals;
        let forbidden = match (f.owner(), f.faction) {
            (Owner::Major(Power::Protestant), Some(Faction::Huguenot)) => dutch_cap == Some(s),
            (Owner::Major(Power::Protestant), Some(Faction::Dutch)) => hug_cap == Some(s),
            (Owner::Minor(_), _) => hug_cap == Some(s) || dutch_cap == Some(s),
            _ => false,
        };
        !forbidden
    }

    /// The nearest winter quarters for `f`, by land distance (ties: lowest space id), or its
    /// capital if none can be reached.
    fn nearest_quarters(&self, rs: &Ruleset, f: &Force, from: SpaceId) -> Option<SpaceId> {
        let mut seen = vec![false; rs.spaces.len()];
        let mut q = VecDeque::from([from]);
        seen[from.idx()] = true;
        while let Some(s) = q.pop_front() {
            if s != from && self.is_winter_quarters(rs, f, s) && self.winter_room(rs, f, s) {
                return Some(s);
            }
            let mut ns: Vec<SpaceId> = rs.neighbours[s.idx()].iter().map(|(n, _)| *n).collect();
            ns.sort();
            for n in ns {
                if !seen[n.idx()] {
                    seen[n.idx()] = true;
                    q.push_back(n);
                }
            }
        }
        match f.owner() {
            Owner::Major(p) => self
                .capitals_serving(p, f.faction)
                .into_iter()
                .find(|c| self.board.controls(rs, p, *c)),
            _ => None,
        }
    }
}

//! Siege and assault (HIS 15): C-SIEGE-START, C-SIEGE-BREAK (recomputed whenever the decision
//! stack empties and after every adjustment), C-ASSAULT-PREREQ (land parts: the naval blockade is
//! checked against squadrons in the port itself; sea zones hold no units in the engine yet),
//! C-ASSAULT-DICE and C-ASSAULT-RESULT, the assault worked as the [`AssaultStep`] frame.

use super::board::Stance;
use super::error::RuleResult;
use super::event::{Event, EventKind, Side};
use super::game::Game;
use super::movement::formation_limit;
use super::power::{Owner, Power};
use super::refusal::Refusal;
use super::ruleset::{Ruleset, SpaceId};
use super::steps::{AssaultPhase, AssaultStep, Step};

impl Game {
    /// C-SIEGE-START: `p`'s units in an enemy or independent fortified space whose defenders are
    /// all inside besiege it if they are at least as many as the defenders; they (and only they,
    /// C-MOVE-ENTER) may not move again this impulse. Fewer besiegers cannot hold a siege and
    /// must leave (C-SIEGE-BREAK).
    ///
    /// Reading: Saito's `check_for_broken_sieges` could not be read (the stored copies of its
    /// game loop stop before it); the versions that could be read start a siege whenever the
    /// defenders are all inside, with no count, and keep it while any besieging land unit is
    /// there. The "at least as many" ratio of core-rules.md stays a memory of Here I Stand,
    /// unconfirmed; with fewer besiegers our reading is still that they must retreat.
    pub(crate) fn begin_siege(&mut self, rs: &Ruleset, p: Power, s: SpaceId, ev: &mut Vec<Event>) {
        if self.board.at(s).besieged_by.is_some() {
            return;
        }
        let besiegers = self.board.land_units(p, s, Stance::Friendly);
        let defenders = self.hostile_land(p, s);
        if besiegers == 0 {
            return;
        }
        if besiegers >= defenders {
            self.board.spaces[s.idx()].besieged_by = Some(p);
            self.marks.new_sieges.push(s);
            self.marks.pin(s, p, self.owner_land_exact(p, s));
            let leaders = self.leaders_of(p, s);
            self.marks.pinned_leaders.extend(leaders);
            ev.push(Event::public(EventKind::SiegeStarted { space: s, by: p }));
        } else {
            let to = self.retreat_spaces(rs, p, s, None);
            self.ask_retreat(rs, p, s, to, 0, None, ev);
        }
    }

    /// C-SIEGE-BREAK: a siege ends when the space is no longer enemy or independent to the
    /// besieger, when the besiegers are gone, or when they are fewer than the defenders inside
    /// (then they must retreat).
    pub(crate) fn recompute_sieges(&mut self, rs: &Ruleset, ev: &mut Vec<Event>) {
        for i in 0..self.board.spaces.len() {
            let Some(b) = self.board.spaces[i].besieged_by else {
                continue;
            };
            let s = SpaceId(i as u16);
            let hostile_space = matches!(
                self.board.space_stance(rs, b, s),
                Stance::Enemy | Stance::Independent
            );
            let besiegers = self.board.land_units(b, s, Stance::Friendly);
            let defenders = self.hostile_land(b, s);
            if hostile_space && besiegers > 0 && besiegers >= defenders {
                continue;
            }
            self.board.spaces[i].besieged_by = None;
            ev.push(Event::public(EventKind::SiegeLifted { space: s }));
            if hostile_space && besiegers > 0 {
                let to = self.retreat_spaces(rs, b, s, None);
                self.ask_retreat(rs, b, s, to, 0, None, ev);
            }
        }
    }

    /// CP assault on a space `p` besieges: the assault is worked on the decision stack.
    pub(crate) fn do_assault(
        &mut self,
        rs: &Ruleset,
        p: Power,
        space: &str,
        ev: &mut Vec<Event>,
    ) -> RuleResult<()> {
        let s = self.check_assault(rs, p, space)?;
        self.marks.assaulted.push(s);
        self.steps.push(Step::Assault(AssaultStep {
            space: s,
            attacker: p,
            phase: AssaultPhase::Cards,
            sides: None,
            // --- card effects
            bonus_dice: (0, 0),
            bonus_hits: (0, 0),
        }));
        self.run_steps(rs, ev);
        Ok(())
    }

    /// C-ASSAULT-PREREQ: besieged by `p` since before this impulse, not yet assaulted this
    /// impulse, with a line of communication (C-LOC-USE) and no defending squadron in the port.
    pub fn check_assault(&self, rs: &Ruleset, p: Power, space: &str) -> RuleResult<SpaceId> {
        let s = Game::resolve_space(rs, space)?;
        self.check_assault_at(rs, p, s)?;
        Ok(s)
    }

    // --- perf
    /// [`Game::check_assault`] for a space already resolved.
    pub(crate) fn check_assault_at(&self, rs: &Ruleset, p: Power, s: SpaceId) -> RuleResult<()> {
        if self.board.at(s).besieged_by != Some(p) {
            return Err(Refusal::NotBesieging { power: p, space: s }.into());
        }
        if self.board.land_units(p, s, Stance::Friendly) == 0 {
            return Err(Refusal::NoLandUnits { power: p, space: s }.into());
        }
        if self.marks.new_sieges.contains(&s) {
            return Err(Refusal::SiegeBegunThisImpulse { space: s }.into());
        }
        if self.marks.assaulted.contains(&s) {
            return Err(Refusal::AlreadyAssaulted { space: s }.into());
        }
        if self
            .board
            .at(s)
            .forces
            .iter()
            .any(|f| f.squadrons > 0 && self.is_hostile(p, f.owner()))
        {
            return Err(Refusal::PortBlockaded { space: s }.into());
        }
        if let Some(zone) = self.blockade_zone(rs, p, s) {
            return Err(Refusal::SeaBlockaded { space: s, zone }.into());
        }
        if !self.has_loc(rs, p, s) {
            return Err(Refusal::NoLineOfCommunication { power: p, space: s }.into());
        }
        Ok(())
    }

    /// Works the assault frame on top one step further.
    pub(crate) fn work_assault(&mut self, rs: &Ruleset, mut a: AssaultStep, ev: &mut Vec<Event>) {
        let (p, s) = (a.attacker, a.space);
        match a.phase {
            AssaultPhase::Cards => {
                a.phase = AssaultPhase::Roll;
                self.set_top(Step::Assault(a));
                self.open_combat_window(rs, p, s);
            }
            AssaultPhase::Roll => {
                let friendly = |g: &Game, o: Owner| g.board.stance(p, o) == Stance::Friendly;
                // C-ASSAULT-DICE: cavalry and units beyond the formation limit do not roll.
                let leaders: Vec<String> = self
                    .board
                    .at(s)
                    .forces
                    .iter()
                    .filter(|f| friendly(self, f.owner()))
                    .flat_map(|f| f.leaders.clone())
                    .collect();
                let foot: u32 = self
                    .board
                    .at(s)
                    .forces
                    .iter()
                    .filter(|f| friendly(self, f.owner()))
                    .map(|f| f.regulars as u32 + f.mercenaries as u32)
                    .sum();
                let foot = foot.min(formation_limit(rs, &leaders));
                let defenders = self.hostile_land(p, s);
                let base = if defenders == 0 {
                    foot
                } else {
                    foot.div_ceil(2)
                };
                let an = base + self.best_battle(rs, s, |o| friendly(self, o));
                let dn = defenders + 1 + self.best_battle(rs, s, |o| self.is_hostile(p, o));
                // --- card effects: combat cards' `dice` and `hits` (never below 0)
                let plus = |n: u32, b: i8| (i64::from(n) + i64::from(b)).max(0) as u32;
                let (an, dn) = (plus(an, a.bonus_dice.0), plus(dn, a.bonus_dice.1));
                let (ad, dd) = (self.roll(an), self.roll(dn));
                let (ah, dh) = (
                    plus(super::battle::hits(&ad), a.bonus_hits.0),
                    plus(super::battle::hits(&dd), a.bonus_hits.1),
                );
                let att_units = self.board.land_units(p, s, Stance::Friendly);
                let sides = (
                    Side {
                        owner: Owner::Major(p),
                        dice: ad,
                        hits: ah,
                        losses: dh.min(att_units),
                    },
                    Side {
                        owner: self.board.controller(rs, s),
                        dice: dd,
                        hits: dh,
                        losses: ah.min(defenders),
                    },
                );
                // The dice and hits are public before anyone is asked for casualties.
                ev.push(Event::public(EventKind::AssaultRolled {
                    space: s,
                    attacker: sides.0.clone(),
                    defender: sides.1.clone(),
                }));
                a.sides = Some(sides);
                a.phase = AssaultPhase::Resolve;
                self.set_top(Step::Assault(a));
                self.assign_hits(p, s, false, ah, ev);
                self.assign_hits(p, s, true, dh, ev);
            }
            AssaultPhase::Resolve => {
                self.steps.pop();
                self.resolve_assault(rs, a, ev);
            }
        }
    }

    /// C-ASSAULT-RESULT.
    fn resolve_assault(&mut self, rs: &Ruleset, a: AssaultStep, ev: &mut Vec<Event>) {
        let (p, s) = (a.attacker, a.space);
        let Some((attacker, defender)) = a.sides else {
            return;
        };
        let att_left = self.board.land_units(p, s, Stance::Friendly);
        let def_left = self.hostile_land(p, s);
        let captured = def_left == 0 && att_left > 0 && attacker.hits >= 1;
        let def_owner = self.board.controller(rs, s);
        ev.push(Event::public(EventKind::Assault {
            space: s,
            attacker,
            defender,
            captured,
        }));
        if captured {
            // Leaders of the defenders are captured; their squadrons in the port are sunk.
            let mut leaders = Vec::new();
            let mut ships = Vec::new();
            let hostile: Vec<bool> = self.board.spaces[s.idx()]
                .forces
                .iter()
                .map(|f| self.is_hostile(p, f.owner()))
                .collect();
            for (f, h) in self.board.spaces[s.idx()].forces.iter_mut().zip(hostile) {
                if h {
                    leaders.append(&mut f.leaders);
                    if f.squadrons > 0 {
                        ships.push((f.owner(), f.squadrons as u32));
                        f.squadrons = 0;
                    }
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
            for (o, n) in ships {
                ev.push(Event::public(EventKind::Eliminated {
                    owner: o,
                    space: s,
                    units: n,
                }));
            }
            self.board.spaces[s.idx()].besieged_by = None;
            if self.board.spaces[s.idx()].unrest {
                self.board.spaces[s.idx()].unrest = false;
                ev.push(Event::public(EventKind::UnrestEnded { space: s }));
            }
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
    }
}

//! Table mode: manual fixes. Any seated power may make one at any time; each is logged publicly
//! with who made it (card identities stay private when a card moves into or out of hiding).

use super::action::{Adjustment, CardPlace};
use super::error::{RuleError, RuleResult};
use super::event::{Event, EventKind, PhaseName, Visibility};
use super::game::{Game, Stage};
use super::naval::Place;
use super::power::{Owner, Power, PowerSet, Relation};
use super::refusal::Refusal;
use super::ruleset::{LeaderKind, Ruleset};

impl Game {
    /// Applies a manual fix by `by`. Checks first; on error nothing changes.
    pub(crate) fn adjust(
        &mut self,
        rs: &Ruleset,
        by: Power,
        adj: &Adjustment,
        ev: &mut Vec<Event>,
    ) -> RuleResult<()> {
        // Consequences announced after the adjustment itself.
        let mut after = Vec::new();
        match adj {
            Adjustment::Units {
                space,
                owner,
                faction,
                regulars,
                mercenaries,
                cavalry,
                squadrons,
                corsairs,
            } => {
                let place = Game::resolve_place(rs, space)?;
                // C-RAISE: corsairs are the Ottoman's.
                if *corsairs > 0 && *owner != Owner::Major(Power::Ottoman) {
                    let power = match owner {
                        Owner::Major(p) => *p,
                        _ => by,
                    };
                    return Err(Refusal::CorsairOttomanOnly { power }.into());
                }
                if faction.is_some() && *owner != Owner::Major(Power::Protestant) {
                    return Err(Refusal::FactionOnlyProtestant { owner: *owner }.into());
                }
                // --- naval warfare: ships only in ports or at sea, land units never at sea.
                match &place {
                    Place::Sea(z) if *regulars + *mercenaries + *cavalry > 0 => {
                        return Err(Refusal::LandUnitsAtSea { zone: z.clone() }.into());
                    }
                    Place::Port(s) if *squadrons + *corsairs > 0 && !rs.space(*s).is_port() => {
                        return Err(Refusal::NotAPort { space: *s }.into());
                    }
                    _ => {}
                }
                // --- ops: bounded unit counters
                if [regulars, mercenaries, cavalry, squadrons, corsairs]
                    .iter()
                    .any(|n| **n > super::board::MAX_UNITS)
                {
                    let max = super::board::MAX_UNITS;
                    return Err(match &place {
                        Place::Port(s) => Refusal::UnitLimit { space: *s, max },
                        Place::Sea(z) => Refusal::UnitLimitAtSea {
                            zone: z.clone(),
                            max,
                        },
                    }
                    .into());
                }
                let f = self.board.force_at_mut(&place, *owner, *faction);
                let before = [
                    f.regulars,
                    f.mercenaries,
                    f.cavalry,
                    f.squadrons,
                    f.corsairs,
                ];
                f.regulars = *regulars;
                f.mercenaries = *mercenaries;
                f.cavalry = *cavalry;
                f.squadrons = *squadrons;
                f.corsairs = *corsairs;
                self.board.tidy_at(&place);
                // The public notice shows before → after (safe input, issue 16); a fleet at sea
                // is announced by the general adjustment notice below.
                if let Place::Port(s) = place {
                    ev.push(Event::public(EventKind::UnitsAdjusted {
                        by,
                        space: s,
                        owner: *owner,
                        faction: *faction,
                        before,
                        after: [*regulars, *mercenaries, *cavalry, *squadrons, *corsairs],
                    }));
                    self.recompute_sieges_after_adjust(rs, ev);
                    return Ok(());
                }
            }
            Adjustment::Leader { leader, space } => {
                let l = rs
                    .leaders
                    .iter()
                    .find(|l| l.id.eq_ignore_ascii_case(leader))
                    .ok_or_else(|| RuleError::Unknown {
                        what: "leader",
                        name: leader.clone(),
                        near: Vec::new(),
                    })?;
                let dest = space
                    .as_deref()
                    .map(|s| Game::resolve_place(rs, s))
                    .transpose()?;
                // --- naval warfare: naval leaders only in ports or at sea, army leaders on land.
                match &dest {
                    Some(Place::Sea(z)) if l.kind != LeaderKind::Naval => {
                        return Err(Refusal::LandUnitsAtSea { zone: z.clone() }.into());
                    }
                    Some(Place::Port(s))
                        if l.kind == LeaderKind::Naval && !rs.space(*s).is_port() =>
                    {
                        return Err(Refusal::NotAPort { space: *s }.into());
                    }
                    _ => {}
                }
                let id = l.id.clone();
                for sp in &mut self.board.spaces {
                    for f in &mut sp.forces {
                        f.leaders.retain(|x| *x != id);
                    }
                    sp.forces.retain(|f| !f.is_empty());
                }
                for v in self.board.seas.values_mut() {
                    for f in v.iter_mut() {
                        f.leaders.retain(|x| *x != id);
                    }
                    v.retain(|f| !f.is_empty());
                }
                self.board.seas.retain(|_, v| !v.is_empty());
                self.off_map.retain(|x| *x != id);
                self.captured.retain(|(x, _)| *x != id);
                match dest {
                    Some(s) => self
                        .board
                        .force_at_mut(&s, Owner::Major(l.power), l.faction)
                        .leaders
                        .push(id),
                    None => self.off_map.push(id),
                }
            }
            Adjustment::Control { space, owner } => {
                let s = Game::resolve_space(rs, space)?;
                self.board.set_control(rs, s, *owner);
                self.on_capital_lost(rs, s, ev);
            }
            Adjustment::Religion { space, religion } => {
                let s = Game::resolve_space(rs, space)?;
                self.board.set_religion(rs, s, *religion)?;
            }
            Adjustment::Unrest { space, on } => {
                let s = Game::resolve_space(rs, space)?;
                self.board.spaces[s.idx()].unrest = *on;
            }
            Adjustment::Vp { power, delta } => self.bonus_vp[*power as usize] += delta,
            Adjustment::Card { card, place } => {
                if rs.card(*card).is_none() {
                    return Err(RuleError::Unknown {
                        what: "card",
                        name: card.to_string(),
                        near: Vec::new(),
                    });
                }
                let from_hand = self.hands.iter().position(|h| h.contains(card));
                for h in &mut self.hands {
                    h.retain(|c| c != card);
                }
                self.deck.retain(|c| c != card);
                self.discard.retain(|c| c != card);
                self.removed.retain(|c| c != card);
                match place {
                    CardPlace::Hand(p) => {
                        self.hands[*p as usize].push(*card);
                        self.hands[*p as usize].sort_unstable();
                    }
                    CardPlace::Discard => self.discard.push(*card),
                    CardPlace::Deck => self.deck.push(*card),
                    CardPlace::Removed => self.removed.push(*card),
                }
                let public = matches!(place, CardPlace::Discard | CardPlace::Removed);
                if !public {
                    let mut who: PowerSet = [by].into_iter().collect();
                    if let CardPlace::Hand(p) = place {
                        who.insert(*p);
                    }
                    if let Some(i) = from_hand {
                        who.insert(Power::ALL[i]);
                    }
                    ev.push(Event {
                        vis: Visibility::Powers(who),
                        kind: EventKind::Adjusted {
                            by,
                            adjustment: adj.clone(),
                        },
                    });
                    ev.push(Event::public(EventKind::CardMoved {
                        by,
                        to: place.clone(),
                    }));
                    return Ok(());
                }
            }
            Adjustment::Relation { a, b, status } => {
                if a == b {
                    return Err(Refusal::SelfDiplomacy { power: *a }.into());
                }
                self.board.set_relation(*a, *b, *status);
                if *status == Relation::Alliance {
                    // nothing else changes: units stay where they are.
                }
            }
            Adjustment::MinorAlly { minor, ally } => match ally {
                // The wars it ends are announced after the adjustment itself.
                Some(a) => self.ally_minor(*minor, *a, &mut after),
                None => self.board.set_minor_ally(*minor, None),
            },
            Adjustment::MinorWar {
                power,
                minor,
                at_war,
            } => self.adjust_minor_war(*power, *minor, *at_war)?,
            // --- position files (issue 17)
            Adjustment::Phase { turn, phase, power } => {
                self.adjust_phase(rs, *turn, *phase, *power)?;
                // Winter is run, not only named: the Protestant's leader choice when it is due,
                // else the Winter frame with its questions (announced after the adjustment).
                if *phase == PhaseName::Winter {
                    self.end_of_turn(rs, &mut after);
                }
            }
            Adjustment::BarbaryPirates { on } => self.naval.barbary_pirates = *on,
            // --- treasures
            Adjustment::Treasure { power, delta } => self.adjust_treasures(*power, *delta, ev)?,
            // --- diplomatic influence (X-INF-*, X-INACTIVE)
            Adjustment::Influence {
                power,
                target,
                delta,
            } => self.adjust_influence(rs, *power, *target, *delta)?,
            Adjustment::InactiveControl { target, controller } => {
                self.adjust_inactive_control(*target, *controller)?
            }
            Adjustment::ResolveStatus { target } => self.adjust_resolve(rs, *target, &mut after)?,
            // --- marriages and espionage (X-MARRIAGE-*, X-SPY-*)
            Adjustment::Engage { royal, with } => self.adjust_engage(rs, royal, with)?,
            Adjustment::Married { royal, on } => self.adjust_married(rs, royal, *on)?,
            Adjustment::Assassinated { power, on } => {
                self.adjust_assassinated(rs, *power, *on, &mut after)?
            }
            Adjustment::KillRuler { power } => {
                let is_rudolf = *power == Power::Empire
                    && self
                        .ruler(rs, Power::Empire)
                        .is_some_and(|r| r.id == super::cards::RUDOLF_RULER);
                if is_rudolf {
                    self.empire.rudolf_dead = true;
                } else {
                    return Err(Refusal::OnlyRudolfDeath {
                        power: *power,
                        ruler: self.ruler(rs, *power).map(|r| r.id.clone()),
                    }
                    .into());
                }
            }
        }
        ev.push(Event::public(EventKind::Adjusted {
            by,
            adjustment: adj.clone(),
        }));
        ev.append(&mut after);
        if matches!(
            adj,
            Adjustment::Control { .. } | Adjustment::MinorAlly { .. }
        ) {
            self.check_military_victory(rs, ev);
        }
        self.recompute_sieges_after_adjust(rs, ev);
        Ok(())
    }

    /// C-SIEGE-BREAK: sieges are recomputed after every adjustment (not in mid-battle).
    fn recompute_sieges_after_adjust(&mut self, rs: &Ruleset, ev: &mut Vec<Event>) {
        if self.steps.is_empty() {
            self.run_steps(rs, ev);
        }
    }
}

impl Game {
    /// `adjust what:phase`: checks, then moves the game to the turn and phase (see
    /// [`Adjustment::Phase`]). The open offers and the impulse's revolts are dropped.
    fn adjust_phase(
        &mut self,
        rs: &Ruleset,
        turn: u8,
        phase: PhaseName,
        power: Option<Power>,
    ) -> RuleResult<()> {
        if let Some((power, _)) = self.steps.last().and_then(|s| s.decision()) {
            return Err(Refusal::AdjustPhaseQuestionPending { power }.into());
        }
        let last = rs.scenario(&self.scenario).map_or(u8::MAX, |s| s.last_turn);
        if turn == 0 || turn > last {
            return Err(Refusal::AdjustTurnOutOfRange { turn, last }.into());
        }
        let whose = || -> RuleResult<Power> {
            let p = power.ok_or(Refusal::AdjustPhaseNeedsPower { phase })?;
            if !self.powers.contains(p) {
                return Err(Refusal::PowerNotInPlay { power: p }.into());
            }
            Ok(p)
        };
        let stage = match phase {
            PhaseName::Diplomacy => Stage::Diplomacy {
                done: PowerSet::EMPTY,
                offers: Vec::new(),
            },
            PhaseName::SpringDeployment => Stage::Deployment { power: whose()? },
            PhaseName::Action => Stage::Impulse {
                power: whose()?,
                passes: 0,
            },
            // `adjust` then runs Winter (`end_of_turn`).
            PhaseName::Winter => Stage::Winter,
            PhaseName::CardDraw | PhaseName::VictoryDetermination => {
                return Err(Refusal::AdjustPhaseNotSettable { phase }.into())
            }
        };
        self.turn = turn;
        self.stage = stage;
        self.protestant.revolts.clear();
        Ok(())
    }
}

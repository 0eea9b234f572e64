//! Running a written effect on the decision stack: the frame [`EffectRun`] is worked one
//! primitive at a time by [`Game::work_effect`]; a primitive that needs a player's choice pushes
//! the decision [`Step::EffectAsk`](super::super::steps::Step::EffectAsk) above it and waits.
//! Every roll and random pick uses the game's seeded generator, so replays give the same hash.
//! A primitive that meets a state it cannot apply (no legal space, an empty hand) is announced
//! and skipped, as a card's text is read at a table ("if possible").

use super::super::action::{Action, UnitKind, Units};
use super::super::error::RuleResult;
use super::super::event::{Event, EventKind, Visibility};
use super::super::game::Game;
use super::super::power::{Home, Owner, Power, PowerSet, Relation};
use super::super::refusal::Refusal;
use super::super::ruleset::{Ruleset, SpaceId};
use super::super::steps::{BattlePhase, EntryPhase, Step};
use super::effect::{BattleSide, Cond, Filter, FlagSpan, Op, Who};
use rand::Rng;
use serde::{Deserialize, Serialize};

/// What happens once an effect has run to its end.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum After {
    /// The card was played as its event in an impulse: the impulse goes on (CP granted by the
    /// effect, the mandatory CP, or the next impulse).
    Impulse,
    /// Nothing more (a combat or response card, an overdue mandatory event in Winter).
    Nothing,
}

/// The frame of a running effect (everything needed to resume it is here).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct EffectRun {
    /// The power that played the card.
    pub power: Power,
    /// The card.
    pub card: u16,
    /// The next primitive.
    pub pc: u16,
    /// What follows the end.
    pub then: After,
    /// The other side (battle enemy, the player of the answered event, the mover), if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub opponent: Option<Power>,
    /// CP granted by `cp` primitives, spent after the event.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub cp: u8,
}

fn is_zero(n: &u8) -> bool {
    *n == 0
}

/// What an effect asks a power.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "ask")]
pub enum Ask {
    /// Pick one of the written options (`choose N`, 1-based).
    Option {
        /// The options' labels, as written.
        labels: Vec<String>,
        /// Where each option's block starts.
        to: Vec<u16>,
    },
    /// Pick the space the primitive at the frame's `pc` acts on (`choose N` or `choose space:ID`).
    Space {
        /// The legal spaces.
        spaces: Vec<SpaceId>,
    },
    /// The owner picks which `n` of its land units in `space` are removed (`casualties …`).
    Remove {
        /// Where.
        space: SpaceId,
        /// How many.
        n: u32,
    },
    /// X-REL-SIX in an effect's conversion attempt: keep the natural 6 (`choose 1`, unrest) or
    /// count it as the data's value (`choose 2`).
    Six {
        /// Where.
        space: SpaceId,
        /// The attempt's modifier.
        modifier: i8,
    },
}

/// What an effect did, for the texts (`EventKind::Effect`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "did")]
pub enum EffectEvent {
    /// VP now.
    Vp { power: Power, n: i32 },
    /// Cards drawn (public count).
    Drew { power: Power, n: u8 },
    /// The faces drawn (private to the drawer).
    DrewFaces { power: Power, cards: Vec<u16> },
    /// Cards discarded at random (the discard pile is public).
    Discarded { power: Power, cards: Vec<u16> },
    /// A card taken at random from a hand (public: who from whom).
    Took { power: Power, from: Power },
    /// The face of the taken card (private to both).
    TookFace {
        power: Power,
        from: Power,
        card: u16,
    },
    /// A power looked at a hand (public: the count only).
    Looked {
        power: Power,
        of: Power,
        count: usize,
    },
    /// The faces seen (private to the looker).
    SawHand { of: Power, cards: Vec<u16> },
    /// A flag set or cleared.
    Flag {
        name: String,
        span: Option<FlagSpan>,
    },
    /// Unrest removed.
    Calmed { space: SpaceId },
    /// Political control flipped.
    Control { space: SpaceId, power: Power },
    /// Land units added.
    Added {
        power: Power,
        space: SpaceId,
        kind: UnitKind,
        n: u8,
    },
    /// Land units removed.
    Removed {
        power: Power,
        space: SpaceId,
        units: Units,
    },
    /// Peace.
    Peace { a: Power, b: Power },
    /// CP to spend after the event.
    Cp { power: Power, n: u8 },
    /// Extra dice in this battle.
    Dice { power: Power, n: i8 },
    /// Extra hits in this battle.
    Hits { power: Power, n: i8 },
    /// The move cannot be intercepted.
    NoInterception,
    /// The answered event is cancelled.
    EventCancelled { card: u16 },
    /// A part of the card the players apply with `adjust`.
    Manual { what: String, ru: String },
    /// A primitive found nothing to act on and was skipped.
    NothingPossible { primitive: String },
    /// A power chose an option.
    Chose { power: Power, label: String },
}

/// A flag set by an effect.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Flag {
    /// The name.
    pub name: String,
    /// How long.
    pub span: FlagSpan,
}

impl Game {
    fn effect_ev(card: u16, what: EffectEvent) -> Event {
        Event::public(EventKind::Effect { card, what })
    }

    fn effect_private(card: u16, who: PowerSet, what: EffectEvent) -> Event {
        Event {
            vis: Visibility::Powers(who),
            kind: EventKind::Effect { card, what },
        }
    }

    /// Starts the effect of `card` played by `p` (pushed; worked by `run_steps`).
    pub(crate) fn start_effect(
        &mut self,
        p: Power,
        card: u16,
        then: After,
        opponent: Option<Power>,
    ) {
        self.steps.push(Step::Effect(EffectRun {
            power: p,
            card,
            pc: 0,
            then,
            opponent,
            cp: 0,
        }));
    }

    /// Whether the named flag is set.
    pub fn flag_set(&self, name: &str) -> bool {
        self.flags.iter().any(|f| f.name == name) || self.status_flag(name)
    }

    /// Clears the flags that end with the impulse or the turn.
    pub(crate) fn expire_flags(&mut self, span: FlagSpan) {
        self.flags.retain(|f| match span {
            FlagSpan::Impulse => f.span != FlagSpan::Impulse,
            FlagSpan::Turn => f.span == FlagSpan::Game,
            FlagSpan::Game => true,
        });
    }

    /// The cards of `p`'s hand a random pick may take: every card but home cards, which stay
    /// with their owner (as in Here I Stand's random draws).
    /// Discards up to `n` cards of `p`'s hand at random, never a home card; the cards
    /// discarded. Shared by the effect `discard N random` and espionage (X-SPY-DISCARD).
    pub(crate) fn discard_at_random(&mut self, rs: &Ruleset, p: Power, n: u8) -> Vec<u16> {
        let mut cards = Vec::new();
        for _ in 0..n {
            let pick = self.drawable(rs, p);
            if pick.is_empty() {
                break;
            }
            let c = pick[self.rng.random_range(0..pick.len())];
            self.hands[p as usize].retain(|x| *x != c);
            self.discard.push(c);
            cards.push(c);
        }
        cards
    }

    fn drawable(&self, rs: &Ruleset, p: Power) -> Vec<u16> {
        self.hands[p as usize]
            .iter()
            .copied()
            .filter(|c| {
                rs.card(*c)
                    .is_none_or(|c| c.kind != super::super::ruleset::CardKind::Home)
            })
            .collect()
    }

    fn who(&self, run: &EffectRun, w: Who) -> Option<Power> {
        match w {
            Who::Me => Some(run.power),
            Who::Opponent => run.opponent,
            Who::Power(p) => self.powers.contains(p).then_some(p),
        }
    }

    /// Works the effect frame on top one primitive further.
    pub(crate) fn work_effect(&mut self, rs: &Ruleset, mut run: EffectRun, ev: &mut Vec<Event>) {
        let ops = match rs.card(run.card).and_then(|c| c.effect.as_ref()) {
            Some(e) => &e.ops,
            None => {
                // The data changed under a running effect: it ends here.
                self.end_effect(rs, run, ev);
                return;
            }
        };
        let Some(op) = ops.get(run.pc as usize).cloned() else {
            self.end_effect(rs, run, ev);
            return;
        };
        let card = run.card;
        let skip = |what: &str| {
            Game::effect_ev(
                card,
                EffectEvent::NothingPossible {
                    primitive: what.into(),
                },
            )
        };
        run.pc += 1;
        match &op {
            Op::Unless { cond, to } => {
                if !self.cond(rs, &run, cond) {
                    run.pc = *to;
                }
            }
            Op::Jump { to } => run.pc = *to,
            Op::Choose { who, options } => match self.who(&run, *who) {
                Some(p) => {
                    let ask = Ask::Option {
                        labels: options.iter().map(|o| o.0.clone()).collect(),
                        to: options.iter().map(|o| o.1).collect(),
                    };
                    self.set_top(Step::Effect(run));
                    self.steps.push(Step::EffectAsk {
                        power: p,
                        card,
                        ask,
                    });
                    return;
                }
                None => {
                    // Nobody to choose: the first option is taken.
                    ev.push(skip("choose"));
                    run.pc = options.first().map_or(run.pc, |o| o.1);
                }
            },
            Op::Vp { who, n } => match self.who(&run, *who) {
                Some(p) => {
                    self.bonus_vp[p as usize] += n;
                    ev.push(Game::effect_ev(card, EffectEvent::Vp { power: p, n: *n }));
                }
                None => ev.push(skip("vp")),
            },
            Op::Draw { who, n } => match self.who(&run, *who) {
                Some(p) => self.effect_draw(card, p, *n, ev),
                None => ev.push(skip("draw")),
            },
            Op::Discard { who, n } => match self.who(&run, *who) {
                Some(p) if !self.drawable(rs, p).is_empty() => {
                    let cards = self.discard_at_random(rs, p, *n);
                    ev.push(Game::effect_ev(
                        card,
                        EffectEvent::Discarded { power: p, cards },
                    ));
                }
                _ => ev.push(skip("discard")),
            },
            Op::TakeCard { who, from } => match (self.who(&run, *who), self.who(&run, *from)) {
                (Some(p), Some(f)) if p != f && !self.drawable(rs, f).is_empty() => {
                    let pick = self.drawable(rs, f);
                    let c = pick[self.rng.random_range(0..pick.len())];
                    self.hands[f as usize].retain(|x| *x != c);
                    self.hands[p as usize].push(c);
                    self.hands[p as usize].sort_unstable();
                    ev.push(Game::effect_ev(
                        card,
                        EffectEvent::Took { power: p, from: f },
                    ));
                    let both: PowerSet = [p, f].into_iter().collect();
                    ev.push(Game::effect_private(
                        card,
                        both,
                        EffectEvent::TookFace {
                            power: p,
                            from: f,
                            card: c,
                        },
                    ));
                }
                _ => ev.push(skip("take_card")),
            },
            Op::LookAtHand { who, of } => match (self.who(&run, *who), self.who(&run, *of)) {
                (Some(p), Some(o)) if p != o => {
                    let cards = self.hands[o as usize].clone();
                    ev.push(Game::effect_ev(
                        card,
                        EffectEvent::Looked {
                            power: p,
                            of: o,
                            count: cards.len(),
                        },
                    ));
                    ev.push(Game::effect_private(
                        card,
                        [p].into_iter().collect(),
                        EffectEvent::SawHand { of: o, cards },
                    ));
                }
                _ => ev.push(skip("look_at_hand")),
            },
            // --- diplomatic influence (X-INF-ROLL)
            Op::ResolveStatus { target } => self.resolve_status(rs, *target, ev),
            Op::Flag { name, span } => {
                self.flags.retain(|f| f.name != *name);
                if let Some(s) = span {
                    self.flags.push(Flag {
                        name: name.clone(),
                        span: *s,
                    });
                }
                ev.push(Game::effect_ev(
                    card,
                    EffectEvent::Flag {
                        name: name.clone(),
                        span: *span,
                    },
                ));
            }
            Op::Unrest { who, filter, .. }
            | Op::Control { who, filter }
            | Op::Units { who, filter, .. }
            | Op::Remove { who, filter, .. }
            | Op::Convert { who, filter, .. } => {
                let Some(p) = self.who(&run, *who) else {
                    ev.push(skip(op_name(&op)));
                    self.set_top(Step::Effect(run));
                    return;
                };
                let spaces = self.op_spaces(rs, &run, &op, p, filter);
                match spaces.len() {
                    0 => ev.push(skip(op_name(&op))),
                    1 => {
                        run.pc -= 1;
                        self.set_top(Step::Effect(run));
                        self.apply_space_op(rs, spaces[0], ev);
                        return;
                    }
                    _ => {
                        run.pc -= 1;
                        self.set_top(Step::Effect(run));
                        self.steps.push(Step::EffectAsk {
                            power: p,
                            card,
                            ask: Ask::Space { spaces },
                        });
                        return;
                    }
                }
            }
            Op::War { who, on } => match (self.who(&run, *who), self.who(&run, *on)) {
                (Some(a), Some(b)) if a != b && self.board.relation(a, b) != Relation::War => {
                    self.board.set_relation(a, b, Relation::War);
                    ev.push(Event::public(EventKind::WarDeclared { by: a, target: b }));
                    // --- diplomacy (issue 26): the war voids their marriage proposals.
                    self.void_proposals_at_war(a, b, ev);
                }
                _ => ev.push(skip("war")),
            },
            Op::Peace { who, with } => match (self.who(&run, *who), self.who(&run, *with)) {
                (Some(a), Some(b)) if a != b && self.board.relation(a, b) == Relation::War => {
                    self.board.set_relation(a, b, Relation::Peace);
                    ev.push(Game::effect_ev(card, EffectEvent::Peace { a, b }));
                }
                _ => ev.push(skip("peace")),
            },
            Op::Cp { n } => {
                run.cp = run.cp.saturating_add(*n);
                ev.push(Game::effect_ev(
                    card,
                    EffectEvent::Cp {
                        power: run.power,
                        n: *n,
                    },
                ));
            }
            Op::Dice { side, n } | Op::Hits { side, n } => {
                let dice = matches!(op, Op::Dice { .. });
                if !self.battle_bonus(run.power, *side, *n, dice) {
                    ev.push(skip(op_name(&op)));
                } else {
                    let side_power = match side {
                        BattleSide::Mine => Some(run.power),
                        BattleSide::Theirs => run.opponent,
                    }
                    .unwrap_or(run.power);
                    let what = if dice {
                        EffectEvent::Dice {
                            power: side_power,
                            n: *n,
                        }
                    } else {
                        EffectEvent::Hits {
                            power: side_power,
                            n: *n,
                        }
                    };
                    ev.push(Game::effect_ev(card, what));
                }
            }
            Op::CancelInterception => {
                let entry = self.steps.iter_mut().rev().find_map(|s| match s {
                    Step::Entry(e) if matches!(e.phase, EntryPhase::Intercept) => Some(e),
                    _ => None,
                });
                match entry {
                    Some(e) => {
                        e.offer.clear();
                        ev.push(Game::effect_ev(card, EffectEvent::NoInterception));
                    }
                    None => ev.push(skip("cancel interception")),
                }
            }
            Op::CancelEvent => {
                let played = self.steps.iter_mut().rev().find_map(|s| match s {
                    Step::EventPlayed {
                        card, cancelled, ..
                    } if !*cancelled => Some((card, cancelled)),
                    _ => None,
                });
                match played {
                    Some((c, cancelled)) => {
                        *cancelled = true;
                        let c = *c;
                        ev.push(Game::effect_ev(
                            card,
                            EffectEvent::EventCancelled { card: c },
                        ));
                    }
                    None => ev.push(skip("cancel event")),
                }
            }
            Op::Manual { what, ru } => {
                ev.push(Game::effect_ev(
                    card,
                    EffectEvent::Manual {
                        what: what.clone(),
                        ru: ru.clone(),
                    },
                ));
            }
        }
        self.set_top(Step::Effect(run));
    }

    /// The effect ended: the frame goes, and the impulse goes on if the card was played in one.
    fn end_effect(&mut self, rs: &Ruleset, run: EffectRun, ev: &mut Vec<Event>) {
        self.steps.pop();
        if run.then == After::Impulse {
            self.after_event(rs, run.power, run.card, run.cp, ev);
        }
    }

    fn effect_draw(&mut self, card: u16, p: Power, n: u8, ev: &mut Vec<Event>) {
        let mut cards = Vec::new();
        for _ in 0..n {
            match self.deck.pop() {
                Some(c) => cards.push(c),
                None => break,
            }
        }
        if cards.is_empty() {
            ev.push(Game::effect_ev(
                card,
                EffectEvent::NothingPossible {
                    primitive: "draw".into(),
                },
            ));
            return;
        }
        self.hands[p as usize].extend(&cards);
        self.hands[p as usize].sort_unstable();
        ev.push(Game::effect_ev(
            card,
            EffectEvent::Drew {
                power: p,
                n: cards.len() as u8,
            },
        ));
        ev.push(Game::effect_private(
            card,
            [p].into_iter().collect(),
            EffectEvent::DrewFaces { power: p, cards },
        ));
    }

    /// Adds dice or hits to the side of the battle (or assault) the effect names; whether a
    /// battle was there to change.
    fn battle_bonus(&mut self, p: Power, side: BattleSide, n: i8, dice: bool) -> bool {
        let Some(b) = self.steps.iter_mut().rev().find_map(|s| match s {
            Step::Battle(b) => Some(b),
            _ => None,
        }) else {
            return false;
        };
        let mine_attacks = b.attacker == p;
        let attacker_side = matches!(
            (side, mine_attacks),
            (BattleSide::Mine, true) | (BattleSide::Theirs, false)
        );
        if dice {
            if b.phase != BattlePhase::Roll {
                return false;
            }
            let e = if attacker_side {
                &mut b.bonus_dice.0
            } else {
                &mut b.bonus_dice.1
            };
            *e = e.saturating_add(n);
        } else {
            let e = if attacker_side {
                &mut b.bonus_hits.0
            } else {
                &mut b.bonus_hits.1
            };
            *e = e.saturating_add(n);
            // After the roll, the hits are already counted: change them now.
            if let Some(h) = &mut b.hits {
                let x = if attacker_side { &mut h.0 } else { &mut h.1 };
                *x = (*x as i64 + n as i64).max(0) as u32;
                *if attacker_side {
                    &mut b.bonus_hits.0
                } else {
                    &mut b.bonus_hits.1
                } -= n;
                b.attacker_wins = h.0 > h.1;
            }
        }
        true
    }

    fn cond(&self, rs: &Ruleset, run: &EffectRun, c: &Cond) -> bool {
        match c {
            Cond::Controls(w, s) => self
                .who(run, *w)
                .is_some_and(|p| self.board.controls(rs, p, *s)),
            Cond::AtWar(a, b) => match (self.who(run, *a), self.who(run, *b)) {
                (Some(a), Some(b)) => a != b && self.board.relation(a, b) == Relation::War,
                _ => false,
            },
            Cond::Flag(n) => self.flag_set(n),
            Cond::TurnAtLeast(t) => self.turn >= *t,
            Cond::CardsAtLeast(w, n) => self
                .who(run, *w)
                .is_some_and(|p| self.hands[p as usize].len() >= *n as usize),
            Cond::InBattle => self.steps.iter().any(|s| matches!(s, Step::Battle(_))),
            Cond::Not(c) => !self.cond(rs, run, c),
        }
    }

    /// Whether space `s` passes the filter for power `p`.
    fn passes(&self, rs: &Ruleset, p: Power, f: &Filter, s: SpaceId) -> bool {
        let sp = rs.space(s);
        let st = self.board.at(s);
        (!f.home
            || match sp.home {
                Home::Major(h) => h == p,
                Home::Faction(_) => p == Power::Protestant,
                _ => false,
            })
            && (!f.controlled || self.board.controls(rs, p, s))
            && (!f.enemy || !self.board.controls(rs, p, s))
            && (!f.fortified || self.board.space_type(rs, s).is_fortified())
            && (!f.unfortified || !self.board.space_type(rs, s).is_fortified())
            && (!f.port || sp.is_port())
            && (!f.not_besieged || st.besieged_by.is_none())
            && (!f.has_units
                || st
                    .forces
                    .iter()
                    .any(|x| x.owner() == Owner::Major(p) && x.land() > 0))
            && f.unrest.is_none_or(|u| st.unrest == u)
            && f.zone.is_none_or(|z| sp.zone == z)
            && f.next_to
                .is_none_or(|n| rs.neighbours[s.idx()].iter().any(|(x, _)| *x == n))
            && f.space.is_none_or(|x| x == s)
    }

    /// The spaces a space primitive may act on, for the power it concerns.
    fn op_spaces(
        &self,
        rs: &Ruleset,
        run: &EffectRun,
        op: &Op,
        p: Power,
        f: &Filter,
    ) -> Vec<SpaceId> {
        rs.space_ids()
            .filter(|s| self.passes(rs, p, f, *s))
            .filter(|s| match op {
                Op::Unrest { on, .. } => self.board.at(*s).unrest != *on,
                Op::Control { .. } => !self.board.controls(rs, p, *s),
                Op::Units { .. } => true,
                Op::Remove { of, .. } => self.who(run, *of).is_some_and(|o| {
                    self.board
                        .at(*s)
                        .forces
                        .iter()
                        .any(|x| x.owner() == Owner::Major(o) && x.land() > 0)
                }),
                Op::Convert { .. } => rs
                    .religion
                    .faith(p)
                    .is_some_and(|faith| self.check_convert_at(rs, p, faith, *s).is_ok()),
                _ => false,
            })
            .collect()
    }

    /// Applies the space primitive at the running effect's `pc` to `s`, then moves on.
    fn apply_space_op(&mut self, rs: &Ruleset, s: SpaceId, ev: &mut Vec<Event>) {
        let Some(Step::Effect(mut run)) = self.steps.last().cloned() else {
            return;
        };
        let Some(op) = rs
            .card(run.card)
            .and_then(|c| c.effect.as_ref())
            .and_then(|e| e.ops.get(run.pc as usize))
            .cloned()
        else {
            return;
        };
        let card = run.card;
        run.pc += 1;
        self.set_top(Step::Effect(run.clone()));
        match op {
            Op::Unrest { on: true, .. } => {
                self.board.spaces[s.idx()].unrest = true;
                ev.push(Event::public(EventKind::UnrestPlaced { space: s }));
            }
            Op::Unrest { on: false, .. } => {
                self.board.spaces[s.idx()].unrest = false;
                ev.push(Game::effect_ev(card, EffectEvent::Calmed { space: s }));
            }
            Op::Control { who, .. } => {
                if let Some(p) = self.who(&run, who) {
                    self.board.set_control(rs, s, Owner::Major(p));
                    ev.push(Game::effect_ev(
                        card,
                        EffectEvent::Control { space: s, power: p },
                    ));
                    self.on_capital_lost(rs, s, ev);
                    self.check_military_victory(rs, ev);
                }
            }
            Op::Units { who, kind, n, .. } => {
                if let Some(p) = self.who(&run, who) {
                    let faction = (p == Power::Protestant)
                        .then(|| super::super::board::protestant_marker_faction(rs, s));
                    let f = self.board.force_mut(s, Owner::Major(p), faction);
                    let room =
                        |have: u8| n.min(super::super::board::MAX_UNITS.saturating_sub(have));
                    let added = match kind {
                        UnitKind::Mercenary => {
                            let k = room(f.mercenaries);
                            f.mercenaries += k;
                            k
                        }
                        UnitKind::Cavalry => {
                            let k = room(f.cavalry);
                            f.cavalry += k;
                            k
                        }
                        _ => {
                            let k = room(f.regulars);
                            f.regulars += k;
                            k
                        }
                    };
                    self.board.tidy(s);
                    ev.push(Game::effect_ev(
                        card,
                        EffectEvent::Added {
                            power: p,
                            space: s,
                            kind,
                            n: added,
                        },
                    ));
                }
            }
            Op::Remove { of, n, .. } => {
                let Some(o) = self.who(&run, of) else { return };
                let have = self.pool(o, s);
                let total = have.0 + have.1 + have.2;
                let n = (n as u32).min(total);
                let kinds = [have.0, have.1, have.2].iter().filter(|k| **k > 0).count();
                if n == total || kinds == 1 {
                    let mut u = Units::default();
                    let mut left = n;
                    for (k, h) in [
                        (&mut u.regulars, have.0),
                        (&mut u.mercenaries, have.1),
                        (&mut u.cavalry, have.2),
                    ] {
                        let t = h.min(left);
                        *k = t as u8;
                        left -= t;
                    }
                    self.effect_remove(card, o, s, &u, ev);
                } else {
                    self.steps.push(Step::EffectAsk {
                        power: o,
                        card,
                        ask: Ask::Remove { space: s, n },
                    });
                }
            }
            Op::Convert { who, modifier, .. } => {
                let Some(p) = self.who(&run, who) else { return };
                let Some(faith) = rs.religion.faith(p) else {
                    return;
                };
                let modifier = modifier as i32 + self.conversion_modifier(rs, p, faith, s);
                let natural = self.d6();
                let r = &rs.religion;
                if natural == r.unrest_natural && r.six_counts_as != r.unrest_natural {
                    ev.push(Event::public(EventKind::ConversionSixRolled {
                        power: p,
                        space: s,
                        modifier: modifier as i8,
                    }));
                    self.steps.push(Step::EffectAsk {
                        power: p,
                        card,
                        ask: Ask::Six {
                            space: s,
                            modifier: modifier as i8,
                        },
                    });
                } else {
                    let unrest = natural == r.unrest_natural;
                    self.resolve_conversion(rs, p, s, natural, natural, modifier, unrest, ev);
                }
            }
            _ => {}
        }
    }

    fn effect_remove(&mut self, card: u16, o: Power, s: SpaceId, u: &Units, ev: &mut Vec<Event>) {
        let mut left = (u.regulars, u.mercenaries, u.cavalry);
        for f in self.board.spaces[s.idx()].forces.iter_mut() {
            if f.owner() != Owner::Major(o) {
                continue;
            }
            for (have, want) in [
                (&mut f.regulars, &mut left.0),
                (&mut f.mercenaries, &mut left.1),
                (&mut f.cavalry, &mut left.2),
            ] {
                let k = (*have).min(*want);
                *have -= k;
                *want -= k;
            }
        }
        self.board.tidy(s);
        ev.push(Game::effect_ev(
            card,
            EffectEvent::Removed {
                power: o,
                space: s,
                units: u.clone(),
            },
        ));
    }

    /// Answers the effect's question on top of the stack (checked before anything changes).
    pub(crate) fn answer_effect(
        &mut self,
        rs: &Ruleset,
        p: Power,
        card: u16,
        ask: &Ask,
        a: &Action,
        ev: &mut Vec<Event>,
    ) -> RuleResult<()> {
        match (ask, a) {
            (Ask::Option { labels, to }, Action::Choose { option, .. }) => {
                let i = self.check_option(*option, labels.len())?;
                self.steps.pop();
                if let Some(Step::Effect(mut run)) = self.steps.last().cloned() {
                    run.pc = to[i];
                    self.set_top(Step::Effect(run));
                }
                ev.push(Game::effect_ev(
                    card,
                    EffectEvent::Chose {
                        power: p,
                        label: labels[i].clone(),
                    },
                ));
            }
            (Ask::Space { spaces }, Action::Choose { option, space }) => {
                let s = match space {
                    Some(id) => {
                        let s = Game::resolve_space(rs, id)?;
                        if !spaces.contains(&s) {
                            return Err(Refusal::EffectSpaceNotAllowed {
                                space: s,
                                allowed: spaces.clone(),
                            }
                            .into());
                        }
                        s
                    }
                    None => spaces[self.check_option(*option, spaces.len())?],
                };
                self.steps.pop();
                self.apply_space_op(rs, s, ev);
            }
            (Ask::Remove { space, n }, Action::TakeCasualties { units }) => {
                let have = self.pool(p, *space);
                let ok = units.land() == *n
                    && units.regulars as u32 <= have.0
                    && units.mercenaries as u32 <= have.1
                    && units.cavalry as u32 <= have.2
                    && units.leaders.is_empty();
                if !ok {
                    return Err(Refusal::EffectRemoveWrong {
                        space: *space,
                        n: *n,
                    }
                    .into());
                }
                let s = *space;
                self.steps.pop();
                self.effect_remove(card, p, s, units, ev);
            }
            (Ask::Six { space, modifier }, Action::Choose { option, .. }) => {
                let i = self.check_option(*option, 2)?;
                let (s, m) = (*space, *modifier as i32);
                self.steps.pop();
                let r = &rs.religion;
                let (nat, counted) = (r.unrest_natural, r.unrest_natural);
                if i == 0 {
                    self.resolve_conversion(rs, p, s, nat, counted, m, true, ev);
                } else {
                    let as_ = r.six_counts_as;
                    self.resolve_conversion(rs, p, s, nat, as_, m, false, ev);
                }
            }
            _ => {
                return Err(Refusal::EffectAnswerWrong {
                    allowed: match ask {
                        Ask::Remove { .. } => "casualties",
                        _ => "choose",
                    },
                }
                .into())
            }
        }
        Ok(())
    }

    fn check_option(&self, option: u8, n: usize) -> RuleResult<usize> {
        if option == 0 || option as usize > n {
            return Err(Refusal::EffectOptionOutOfRange {
                option,
                options: n as u8,
            }
            .into());
        }
        Ok(option as usize - 1)
    }

    /// The legal answers to an effect's question.
    pub(crate) fn legal_effect_answers(&self, p: Power, ask: &Ask, out: &mut Vec<Action>) {
        match ask {
            Ask::Option { labels, .. } => {
                for i in 0..labels.len() {
                    out.push(Action::Choose {
                        option: i as u8 + 1,
                        space: None,
                    });
                }
            }
            Ask::Space { spaces } => {
                for i in 0..spaces.len() {
                    out.push(Action::Choose {
                        option: i as u8 + 1,
                        space: None,
                    });
                }
            }
            Ask::Six { .. } => {
                for i in 1..=2 {
                    out.push(Action::Choose {
                        option: i,
                        space: None,
                    });
                }
            }
            Ask::Remove { space, n } => {
                let have = self.pool(p, *space);
                let h = *n;
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
        }
    }
}

/// The primitive's word, for "nothing possible".
pub fn op_name(op: &Op) -> &'static str {
    match op {
        Op::Vp { .. } => "vp",
        Op::Draw { .. } => "draw",
        Op::Discard { .. } => "discard",
        Op::TakeCard { .. } => "take_card",
        Op::LookAtHand { .. } => "look_at_hand",
        Op::Flag { .. } => "flag",
        Op::ResolveStatus { .. } => "resolve_status",
        Op::Unrest { on: true, .. } => "unrest",
        Op::Unrest { on: false, .. } => "calm",
        Op::Control { .. } => "control",
        Op::Units { .. } => "add",
        Op::Remove { .. } => "remove",
        Op::Convert { .. } => "convert",
        Op::War { .. } => "war",
        Op::Peace { .. } => "peace",
        Op::Cp { .. } => "cp",
        Op::Dice { .. } => "dice",
        Op::Hits { .. } => "hits",
        Op::CancelInterception => "cancel interception",
        Op::CancelEvent => "cancel event",
        Op::Manual { .. } => "adjust",
        Op::Choose { .. } => "choose",
        Op::Unless { .. } => "if",
        Op::Jump { .. } => "jump",
    }
}

//! Running a written effect on the decision stack: the frame [`EffectRun`] is worked one
//! primitive at a time by [`Game::work_effect`]; a primitive that needs a player's choice pushes
//! the decision [`Step::EffectAsk`](super::super::steps::Step::EffectAsk) above it and waits.
//! Every roll and random pick uses the game's seeded generator, so replays give the same hash.
//! A primitive that meets a state it cannot apply (no legal space, an empty hand) is announced
//! and skipped, as a card's text is read at a table ("if possible").

use super::super::action::{Action, UnitKind, Units};
use super::super::error::RuleResult;
use super::super::event::{Event, EventKind, Visibility};
use super::super::game::Decision;
use super::super::game::Game;
use super::super::power::{Home, Owner, Power, PowerSet, Relation};
use super::super::question::{Forgo, Question};
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
    // --- card effects
    /// The owner picks a card of its own hand (`choose N`: the N-th of the cards offered, listed
    /// to it alone by DM, in card-number order); `n` picks in all are left, this one included.
    HandCard {
        /// What the card is picked for.
        purpose: HandUse,
        /// Picks left, this one included.
        n: u8,
    },
    /// The chooser picks a card of the (public) discard pile: into its hand, or out of the
    /// game (`remove`).
    Pile {
        /// The cards offered.
        cards: Vec<u16>,
        /// Out of the game (else into the chooser's hand).
        remove: bool,
    },
    /// `move`: the player moves a formation one space without CP (`move from:… to:… units:…`),
    /// or declines (`forgo`).
    Move {
        /// The move cannot be intercepted.
        no_interception: bool,
        /// The move's enemies may not avoid battle.
        no_avoidance: bool,
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
    // --- card effects
    /// The cards a hand question offers, numbered (private to the hand's owner).
    HandChoices {
        power: Power,
        purpose: HandUse,
        cards: Vec<u16>,
    },
    /// A card discarded by its owner's choice (the discard pile is public).
    DiscardedChosen { power: Power, card: u16 },
    /// A card taken from the discard pile into a hand (public: it came from the pile).
    Returned { power: Power, card: u16 },
    /// A card removed from the game.
    CardRemoved { card: u16 },
    /// A card played for its CP, spent after the event.
    PlayedForCp { power: Power, card: u16, cp: u8 },
    /// A space's religion set.
    Religion {
        space: SpaceId,
        religion: super::super::power::Religion,
    },
    /// A fortress razed (a build is announced as `FortressBuilt`).
    Razed { space: SpaceId },
    /// A lasting VP bonus.
    LastingVp { power: Power, n: i32 },
    /// Treasures gained (public: the count; the faces go to the power alone).
    Treasures { power: Power, n: u8 },
    /// A war forbidden between two powers.
    WarForbidden { a: Power, b: Power, span: FlagSpan },
    /// The move's enemies may not avoid battle.
    NoAvoidance,
    /// A side's best leader rates higher (lower) in this battle: as many dice.
    Rating { power: Power, n: i8 },
    /// The player declined an effect's free move.
    MoveDeclined { power: Power },
    /// A leader placed on a space.
    LeaderPlaced { leader: String, space: SpaceId },
    /// A leader taken off the map: off the map, killed, or captured by `by`.
    LeaderGone {
        leader: String,
        fate: super::effect::LeaderFate,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        by: Option<Power>,
    },
    /// A ruler's ratings changed for a span.
    RulerChanged {
        power: Power,
        admin: i8,
        cards: i8,
        span: FlagSpan,
    },
}

/// A flag set by an effect.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Flag {
    /// The name.
    pub name: String,
    /// How long.
    pub span: FlagSpan,
    // --- card effects
    /// What a primitive's lasting mark holds (a forbidden war, a lasting VP bonus); `None`
    /// for a named flag.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mark: Option<Mark>,
}

// --- card effects
/// The name of a flag holding a forbidden war (`#` cannot be written in an effect file).
pub const FORBID_WAR: &str = "#forbid_war";
/// The name of a flag holding a change of a ruler's ratings.
pub const RULER: &str = "#ruler";
/// The name of a flag holding a lasting VP bonus.
pub const LASTING_VP: &str = "#lasting_vp";

/// A lasting mark a primitive leaves on the game, kept as a flag so that it expires with it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "mark")]
pub enum Mark {
    /// `forbid_war`: neither power may declare war on the other (the card's rule).
    ForbidWar {
        /// One power.
        a: Power,
        /// The other.
        b: Power,
        /// The card whose effect forbids it.
        card: u16,
    },
    /// `ruler`: a change of a ruler's ratings while the mark lasts.
    Ruler {
        /// Whose ruler.
        power: Power,
        /// The card.
        card: u16,
        /// Added to the administrative rating.
        admin: i8,
        /// Added to the card bonus.
        cards: i8,
    },
    /// `vp N lasting`: a VP bonus by card, counted in the VP total.
    LastingVp {
        /// Who scores.
        power: Power,
        /// The card.
        card: u16,
        /// How many.
        n: i32,
    },
}

/// Which cards of a hand a hand question offers and what happens to the one picked.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum HandUse {
    /// `discard N chosen`: the card goes to the discard pile (home cards are not offered).
    Discard,
    /// `play_cp`: the card is played for its CP after the event (mandatory events are not
    /// offered).
    Cp,
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

    // --- card effects
    /// The card whose effect forbids war between `a` and `b` now (`forbid_war`), if any.
    pub fn war_forbidden_by(&self, a: Power, b: Power) -> Option<u16> {
        self.flags.iter().find_map(|f| match f.mark {
            Some(Mark::ForbidWar { a: x, b: y, card }) if (x, y) == (a, b) || (x, y) == (b, a) => {
                Some(card)
            }
            _ => None,
        })
    }

    /// X-CARD-EFFECT: refuses a war declaration a card effect forbids, naming the card.
    pub(crate) fn check_forbidden_war(&self, p: Power, target: Power) -> RuleResult<()> {
        match self.war_forbidden_by(p, target) {
            Some(card) => Err(Refusal::WarForbiddenByCard {
                power: p,
                target,
                card,
            }
            .into()),
            None => Ok(()),
        }
    }

    /// The change card effects make now to `p`'s ruler (administrative rating, card bonus).
    pub fn ruler_change(&self, p: Power) -> (i32, i32) {
        self.flags.iter().fold((0, 0), |acc, f| match f.mark {
            Some(Mark::Ruler {
                power,
                admin,
                cards,
                ..
            }) if power == p => (acc.0 + i32::from(admin), acc.1 + i32::from(cards)),
            _ => acc,
        })
    }

    /// Whether the leader is on the map (in a space's or a sea's forces).
    fn leader_on_map(&self, id: &str) -> bool {
        self.board
            .spaces
            .iter()
            .any(|s| s.forces.iter().any(|f| f.leaders.iter().any(|x| x == id)))
            || self
                .board
                .seas
                .values()
                .any(|v| v.iter().any(|f| f.leaders.iter().any(|x| x == id)))
    }

    /// Takes the leader out of every force, off-map list and captivity.
    fn lift_leader(&mut self, id: &str) {
        for sp in &mut self.board.spaces {
            for f in &mut sp.forces {
                f.leaders.retain(|x| x != id);
            }
            sp.forces.retain(|f| !f.is_empty());
        }
        for v in self.board.seas.values_mut() {
            for f in v.iter_mut() {
                f.leaders.retain(|x| x != id);
            }
            v.retain(|f| !f.is_empty());
        }
        self.board.seas.retain(|_, v| !v.is_empty());
        self.off_map.retain(|x| x != id);
        self.captured.retain(|(x, _)| x != id);
    }

    /// Checks a move an effect grants: the ordinary move's checks and an adjacent space (its CP
    /// are not spent).
    fn check_effect_move(&self, rs: &Ruleset, p: Power, a: &Action) -> RuleResult<()> {
        if let Action::Move { from, to, units } = a {
            let (f, t) = self.check_move(rs, p, from, to, units)?;
            self.board.check_room(
                t,
                Owner::Major(p),
                units.regulars,
                units.mercenaries,
                units.cavalry,
            )?;
            self.cp_cost(rs, p, a)?;
            let _ = f;
        }
        Ok(())
    }

    /// The moves an effect's `move` offers `p`: its largest formation out of each space into each
    /// neighbour it may enter.
    fn effect_moves(&self, rs: &Ruleset, p: Power) -> Vec<Action> {
        let mut out = Vec::new();
        for s in rs.space_ids() {
            let Some(pick) = self
                .largest_pick(rs, p, s, None)
                .and_then(|u| self.free_pick(p, s, u))
            else {
                continue;
            };
            if pick.land() == 0 {
                continue;
            }
            for (n, _) in &rs.neighbours[s.idx()] {
                let a = Action::Move {
                    from: rs.space(s).id.as_str().into(),
                    to: rs.space(*n).id.as_str().into(),
                    units: pick.clone(),
                };
                if self.check_effect_move(rs, p, &a).is_ok() {
                    out.push(a);
                }
            }
        }
        out
    }

    /// The lasting VP bonuses of `p` from card effects, by card (`vp N lasting`).
    pub fn lasting_vp(&self, p: Power) -> Vec<(u16, i32)> {
        self.flags
            .iter()
            .filter_map(|f| match f.mark {
                Some(Mark::LastingVp { power, card, n }) if power == p => Some((card, n)),
                _ => None,
            })
            .collect()
    }

    /// The cards of `p`'s hand a hand question offers, in card-number order.
    pub fn hand_choices(&self, rs: &Ruleset, p: Power, purpose: HandUse) -> Vec<u16> {
        use super::super::ruleset::CardKind;
        let mut v: Vec<u16> = self.hands[p as usize]
            .iter()
            .copied()
            .filter(|c| {
                rs.card(*c).is_none_or(|c| match purpose {
                    HandUse::Discard => c.kind != CardKind::Home,
                    HandUse::Cp => c.kind != CardKind::Mandatory,
                })
            })
            .collect();
        v.sort_unstable();
        v
    }

    /// Asks `p` the next of `n` hand picks (or does them when there is no choice): a discard
    /// of every offered card when no more are offered than asked for, a single card played for
    /// CP. The offered faces go to `p` alone.
    fn ask_hand(
        &mut self,
        rs: &Ruleset,
        card: u16,
        p: Power,
        purpose: HandUse,
        n: u8,
        ev: &mut Vec<Event>,
    ) {
        let cards = self.hand_choices(rs, p, purpose);
        if n == 0 || cards.is_empty() {
            return;
        }
        let forced = match purpose {
            HandUse::Discard => cards.len() <= n as usize,
            HandUse::Cp => cards.len() == 1,
        };
        if forced {
            for c in cards.into_iter().take(n as usize) {
                self.use_hand_card(rs, card, p, purpose, c, ev);
            }
            return;
        }
        ev.push(Game::effect_private(
            card,
            [p].into_iter().collect(),
            EffectEvent::HandChoices {
                power: p,
                purpose,
                cards,
            },
        ));
        self.steps.push(Step::EffectAsk(EffectAsk {
            power: p,
            card,
            ask: Ask::HandCard { purpose, n },
        }));
    }

    /// The picked card `c` of `p`'s hand is discarded, or played for its CP (added to the
    /// running effect's CP below on the stack).
    fn use_hand_card(
        &mut self,
        rs: &Ruleset,
        card: u16,
        p: Power,
        purpose: HandUse,
        c: u16,
        ev: &mut Vec<Event>,
    ) {
        self.hands[p as usize].retain(|x| *x != c);
        self.discard.push(c);
        match purpose {
            HandUse::Discard => ev.push(Game::effect_ev(
                card,
                EffectEvent::DiscardedChosen { power: p, card: c },
            )),
            HandUse::Cp => {
                let cp = rs.card(c).map_or(0, |x| x.cp);
                let run = self.steps.iter_mut().rev().find_map(|s| match s {
                    Step::Effect(r) => Some(r),
                    _ => None,
                });
                if let Some(r) = run {
                    r.cp = r.cp.saturating_add(cp);
                }
                ev.push(Game::effect_ev(
                    card,
                    EffectEvent::PlayedForCp {
                        power: p,
                        card: c,
                        cp,
                    },
                ));
            }
        }
    }

    /// Moves `c` from the discard pile into `p`'s hand or out of the game.
    fn take_from_pile(&mut self, card: u16, p: Power, c: u16, remove: bool, ev: &mut Vec<Event>) {
        self.discard.retain(|x| *x != c);
        if remove {
            self.removed.push(c);
            ev.push(Game::effect_ev(card, EffectEvent::CardRemoved { card: c }));
        } else {
            self.hands[p as usize].push(c);
            self.hands[p as usize].sort_unstable();
            ev.push(Game::effect_ev(
                card,
                EffectEvent::Returned { power: p, card: c },
            ));
        }
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
            // X-INACTIVE-ANSWERS: an opponent no player answers for (an inactive major nobody
            // controls) is not asked, nor aimed at, as a power not in play is not.
            Who::Opponent => run.opponent.filter(|p| self.asks_player(*p)),
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
                    self.steps.push(Step::EffectAsk(EffectAsk {
                        power: p,
                        card,
                        ask,
                    }));
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
                        mark: None,
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
            | Op::Convert { who, filter, .. }
            // --- card effects
            | Op::Religion { who, filter, .. }
            | Op::Fortress { who, filter, .. }
            | Op::PlaceLeader { who, filter, .. } => {
                // A leader out of the game, or of a power not in play, is not placed.
                if let Op::PlaceLeader { leader, .. } = &op {
                    let owner = rs.leaders.iter().find(|l| l.id == *leader).map(|l| l.power);
                    if self.court.assassinated.contains(leader)
                        || owner.is_none_or(|o| !self.powers.contains(o))
                    {
                        ev.push(skip("place_leader"));
                        self.set_top(Step::Effect(run));
                        return;
                    }
                }
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
                        self.steps.push(Step::EffectAsk(EffectAsk {
                            power: p,
                            card,
                            ask: Ask::Space { spaces },
                        }));
                        return;
                    }
                }
            }
            Op::War { who, on } => match (self.who(&run, *who), self.who(&run, *on)) {
                (Some(a), Some(b))
                    if a != b
                        && self.board.relation(a, b) != Relation::War
                        // --- card effects: a war a card forbids is not declared
                        && self.war_forbidden_by(a, b).is_none() =>
                {
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
            // --- card effects (issue 25, second part)
            Op::DiscardChosen { who, n } => match self.who(&run, *who) {
                Some(p) if !self.hand_choices(rs, p, HandUse::Discard).is_empty() => {
                    self.set_top(Step::Effect(run));
                    self.ask_hand(rs, card, p, HandUse::Discard, *n, ev);
                    return;
                }
                _ => ev.push(skip("discard")),
            },
            Op::PlayCp => {
                let p = run.power;
                if self.hand_choices(rs, p, HandUse::Cp).is_empty() {
                    ev.push(skip("play_cp"));
                } else {
                    self.set_top(Step::Effect(run));
                    self.ask_hand(rs, card, p, HandUse::Cp, 1, ev);
                    return;
                }
            }
            Op::ReturnCard { who } | Op::RemoveCard { who, this: false } => {
                let remove = matches!(op, Op::RemoveCard { .. });
                let cards: Vec<u16> = self
                    .discard
                    .iter()
                    .copied()
                    .filter(|c| *c != card)
                    .collect();
                match self.who(&run, *who) {
                    Some(p) if cards.len() == 1 => self.take_from_pile(card, p, cards[0], remove, ev),
                    Some(p) if !cards.is_empty() => {
                        self.set_top(Step::Effect(run));
                        self.steps.push(Step::EffectAsk(EffectAsk {
                            power: p,
                            card,
                            ask: Ask::Pile { cards, remove },
                        }));
                        return;
                    }
                    _ => ev.push(skip(op_name(&op))),
                }
            }
            Op::RemoveCard { this: true, .. } => {
                if self.discard.contains(&card) {
                    self.discard.retain(|x| *x != card);
                    self.removed.push(card);
                    ev.push(Game::effect_ev(card, EffectEvent::CardRemoved { card }));
                } else {
                    ev.push(skip("remove_card"));
                }
            }
            Op::LastingVp { who, n } => match self.who(&run, *who) {
                Some(p) => {
                    self.flags.push(Flag {
                        name: LASTING_VP.into(),
                        span: FlagSpan::Game,
                        mark: Some(Mark::LastingVp { power: p, card, n: *n }),
                    });
                    ev.push(Game::effect_ev(card, EffectEvent::LastingVp { power: p, n: *n }));
                }
                None => ev.push(skip("vp")),
            },
            Op::Treasure { who, n } => {
                let k = (*n as usize).min(self.treasures.pool.len()).min(i8::MAX as usize) as i8;
                match self.who(&run, *who) {
                    Some(p) if k > 0 && self.adjust_treasures(p, k, ev).is_ok() => {
                        ev.push(Game::effect_ev(
                            card,
                            EffectEvent::Treasures { power: p, n: k as u8 },
                        ));
                    }
                    _ => ev.push(skip("treasure")),
                }
            }
            Op::ForbidWar { who, on, span } => match (self.who(&run, *who), self.who(&run, *on)) {
                (Some(a), Some(b)) if a != b => {
                    self.flags.push(Flag {
                        name: FORBID_WAR.into(),
                        span: *span,
                        mark: Some(Mark::ForbidWar { a, b, card }),
                    });
                    ev.push(Game::effect_ev(
                        card,
                        EffectEvent::WarForbidden { a, b, span: *span },
                    ));
                }
                _ => ev.push(skip("forbid_war")),
            },
            Op::CancelAvoidance => {
                let entry = self.steps.iter().rev().any(|s| {
                    matches!(s, Step::Entry(e) if matches!(e.phase, EntryPhase::Response | EntryPhase::Intercept))
                });
                if entry {
                    self.flags.retain(|f| f.name != super::effect::NO_AVOIDANCE);
                    self.flags.push(Flag {
                        name: super::effect::NO_AVOIDANCE.into(),
                        span: FlagSpan::Impulse,
                        mark: None,
                    });
                    ev.push(Game::effect_ev(card, EffectEvent::NoAvoidance));
                } else {
                    ev.push(skip("cancel avoidance"));
                }
            }
            Op::Leader { leader, fate } => {
                let by = match fate {
                    super::effect::LeaderFate::Captured(w) => self.who(&run, *w),
                    _ => None,
                };
                let fits = self.leader_on_map(leader)
                    && !matches!(fate, super::effect::LeaderFate::Captured(_) if by.is_none());
                if fits {
                    self.lift_leader(leader);
                    match fate {
                        super::effect::LeaderFate::OffMap => self.off_map.push(leader.clone()),
                        super::effect::LeaderFate::Killed => {
                            if !self.court.assassinated.contains(leader) {
                                self.court.assassinated.push(leader.clone());
                            }
                        }
                        super::effect::LeaderFate::Captured(_) => {
                            if let Some(b) = by {
                                self.captured.push((leader.clone(), b));
                            }
                        }
                    }
                    ev.push(Game::effect_ev(
                        card,
                        EffectEvent::LeaderGone {
                            leader: leader.clone(),
                            fate: *fate,
                            by,
                        },
                    ));
                } else {
                    ev.push(skip(op_name(&op)));
                }
            }
            Op::Ruler {
                who,
                admin,
                cards,
                span,
            } => match self.who(&run, *who) {
                Some(p) => {
                    self.flags.push(Flag {
                        name: RULER.into(),
                        span: *span,
                        mark: Some(Mark::Ruler {
                            power: p,
                            card,
                            admin: *admin,
                            cards: *cards,
                        }),
                    });
                    ev.push(Game::effect_ev(
                        card,
                        EffectEvent::RulerChanged {
                            power: p,
                            admin: *admin,
                            cards: *cards,
                            span: *span,
                        },
                    ));
                }
                None => ev.push(skip("ruler")),
            },
            Op::Move {
                no_interception,
                no_avoidance,
            } => {
                let p = run.power;
                if self.effect_moves(rs, p).is_empty() {
                    ev.push(skip("move"));
                } else {
                    self.set_top(Step::Effect(run));
                    self.steps.push(Step::EffectAsk(EffectAsk {
                        power: p,
                        card,
                        ask: Ask::Move {
                            no_interception: *no_interception,
                            no_avoidance: *no_avoidance,
                        },
                    }));
                    return;
                }
            }
            Op::Rating { side, n } => {
                let fight = self.steps.iter().rev().find_map(|s| match s {
                    Step::Battle(b) => Some((b.space, b.attacker)),
                    Step::Assault(a) => Some((a.space, a.attacker)),
                    _ => None,
                });
                let mine_attacks = fight.is_some_and(|(_, a)| a == run.power);
                let attacker_side = matches!(
                    (side, mine_attacks),
                    (BattleSide::Mine, true) | (BattleSide::Theirs, false)
                );
                let leader = fight.and_then(|(s, a)| {
                    let has = |o: Owner| {
                        let friendly = self.board.stance(a, o)
                            == super::super::board::Stance::Friendly;
                        if attacker_side {
                            friendly
                        } else {
                            self.is_hostile(a, o)
                        }
                    };
                    let any = self.board.at(s).forces.iter().any(|f| {
                        has(f.owner())
                            && f.leaders.iter().any(|l| {
                                rs.leaders.iter().any(|x| {
                                    x.id == *l && x.kind == super::super::ruleset::LeaderKind::Army
                                })
                            })
                    });
                    any.then(|| self.best_battle(rs, s, has))
                });
                match leader {
                    Some(best) => {
                        let k = (*n).max(-(best.min(127) as i8));
                        if self.battle_bonus(run.power, *side, k, true) {
                            let side_power = match side {
                                BattleSide::Mine => Some(run.power),
                                BattleSide::Theirs => run.opponent,
                            }
                            .unwrap_or(run.power);
                            ev.push(Game::effect_ev(
                                card,
                                EffectEvent::Rating {
                                    power: side_power,
                                    n: k,
                                },
                            ));
                        } else {
                            ev.push(skip("rating"));
                        }
                    }
                    None => ev.push(skip("rating")),
                }
            }
            Op::Spy { who, on, effect } => match (self.who(&run, *who), self.who(&run, *on)) {
                (Some(p), Some(t)) if p != t => {
                    let whom = match effect {
                        super::super::espionage::SpyEffect::Assassinate => {
                            self.ruler(rs, t).map(|r| r.id.clone())
                        }
                        _ => None,
                    };
                    let a = Action::Spy {
                        target: t,
                        effect: *effect,
                        whom: whom.map(Into::into),
                    };
                    if self.spy(rs, p, &a, u8::MAX, ev).is_err() {
                        ev.push(skip("spy"));
                    }
                }
                _ => ev.push(skip("spy")),
            },
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
        // --- card effects: an assault's card window (before its roll) takes dice and hits too
        if let Some(Step::Assault(a)) = self
            .steps
            .iter_mut()
            .rev()
            .find(|s| matches!(s, Step::Battle(_) | Step::Assault(_)))
        {
            if a.phase != super::super::steps::AssaultPhase::Roll {
                return false;
            }
            let attacker_side = matches!(
                (side, a.attacker == p),
                (BattleSide::Mine, true) | (BattleSide::Theirs, false)
            );
            let pair = if dice {
                &mut a.bonus_dice
            } else {
                &mut a.bonus_hits
            };
            let e = if attacker_side {
                &mut pair.0
            } else {
                &mut pair.1
            };
            *e = e.saturating_add(n);
            return true;
        }
        // --- card effects (issue 25): a naval battle's card window (C-BATTLE-CARDS at sea),
        // before its roll: dice and hits for a side, counted when the dice are rolled.
        if let Some(Step::NavalBattle(b)) = self
            .steps
            .iter_mut()
            .rev()
            .find(|s| matches!(s, Step::Battle(_) | Step::NavalBattle(_) | Step::Assault(_)))
        {
            if b.phase != super::super::naval::NavalPhase::Roll {
                return false;
            }
            let attacker_side = matches!(
                (side, b.attacker == p),
                (BattleSide::Mine, true) | (BattleSide::Theirs, false)
            );
            let pair = if dice {
                &mut b.bonus_dice
            } else {
                &mut b.bonus_hits
            };
            let e = if attacker_side {
                &mut pair.0
            } else {
                &mut pair.1
            };
            *e = e.saturating_add(n);
            return true;
        }
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
            // --- card effects: an assault is a battle too
            Cond::InBattle => self
                .steps
                .iter()
                .any(|s| matches!(s, Step::Battle(_) | Step::Assault(_) | Step::NavalBattle(_))),
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
                // --- card effects
                Op::Religion { religion, .. } => {
                    rs.space(*s).zone != super::super::power::ReligiousZone::None
                        && self.board.religion(rs, *s) != *religion
                }
                Op::Fortress { build: true, .. } => {
                    self.board.space_type(rs, *s) == super::super::power::SpaceType::Unfortified
                }
                Op::PlaceLeader { .. } => true,
                Op::Fortress { build: false, .. } => {
                    self.board.at(*s).fortress_built && self.board.at(*s).besieged_by.is_none()
                }
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
                    self.steps.push(Step::EffectAsk(EffectAsk {
                        power: o,
                        card,
                        ask: Ask::Remove { space: s, n },
                    }));
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
                    self.steps.push(Step::EffectAsk(EffectAsk {
                        power: p,
                        card,
                        ask: Ask::Six {
                            space: s,
                            modifier: modifier as i8,
                        },
                    }));
                } else {
                    let unrest = natural == r.unrest_natural;
                    self.resolve_conversion(rs, p, s, natural, natural, modifier, unrest, ev);
                }
            }
            // --- card effects
            Op::Religion { religion, .. } => {
                let what = match self.board.set_religion(rs, s, religion) {
                    Ok(()) => EffectEvent::Religion { space: s, religion },
                    Err(_) => EffectEvent::NothingPossible {
                        primitive: "religion".into(),
                    },
                };
                ev.push(Game::effect_ev(card, what));
            }
            Op::PlaceLeader { leader, .. } => {
                if let Some(l) = rs.leaders.iter().find(|l| l.id == leader) {
                    let (owner, faction) = (l.power, l.faction);
                    self.lift_leader(&leader);
                    self.board
                        .force_mut(s, Owner::Major(owner), faction)
                        .leaders
                        .push(leader.clone());
                    ev.push(Game::effect_ev(
                        card,
                        EffectEvent::LeaderPlaced { leader, space: s },
                    ));
                }
            }
            Op::Fortress { who, build, .. } => {
                self.board.spaces[s.idx()].fortress_built = build;
                if build {
                    ev.push(Event::public(EventKind::FortressBuilt {
                        power: self.who(&run, who).unwrap_or(run.power),
                        place: rs.space(s).id.clone(),
                    }));
                } else {
                    ev.push(Game::effect_ev(card, EffectEvent::Razed { space: s }));
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
            // --- card effects
            (Ask::HandCard { purpose, n }, Action::Choose { option, .. }) => {
                let cards = self.hand_choices(rs, p, *purpose);
                let i = self.check_option(*option, cards.len())?;
                let (purpose, n) = (*purpose, *n);
                self.steps.pop();
                self.use_hand_card(rs, card, p, purpose, cards[i], ev);
                self.ask_hand(rs, card, p, purpose, n.saturating_sub(1), ev);
            }
            (Ask::Move { .. }, Action::Forgo) => {
                self.steps.pop();
                ev.push(Game::effect_ev(
                    card,
                    EffectEvent::MoveDeclined { power: p },
                ));
            }
            (
                Ask::Move {
                    no_interception,
                    no_avoidance,
                },
                Action::Move { from, to, units },
            ) => {
                self.check_effect_move(rs, p, a)?;
                let (ni, na) = (*no_interception, *no_avoidance);
                self.steps.pop();
                for (on, name) in [
                    (ni, super::effect::NO_INTERCEPTION_ONCE),
                    (na, super::effect::NO_AVOIDANCE),
                ] {
                    if on {
                        self.flags.retain(|f| f.name != name);
                        self.flags.push(Flag {
                            name: name.into(),
                            span: FlagSpan::Impulse,
                            mark: None,
                        });
                    }
                }
                self.do_move(rs, p, from, to, units, ev)?;
            }
            (Ask::Pile { cards, remove }, Action::Choose { option, .. }) => {
                let i = self.check_option(*option, cards.len())?;
                let (c, remove) = (cards[i], *remove);
                self.steps.pop();
                self.take_from_pile(card, p, c, remove, ev);
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
                        Ask::Move { .. } => "move",
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
    pub(crate) fn legal_effect_answers(
        &self,
        rs: &Ruleset,
        p: Power,
        ask: &Ask,
        out: &mut Vec<Action>,
    ) {
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
            // --- card effects
            Ask::Move { .. } => {
                // Declining (`forgo`) is accepted too; the moves are what a button can show.
                out.extend(self.effect_moves(rs, p));
            }
            Ask::HandCard { .. } | Ask::Pile { .. } => {
                let n = match ask {
                    Ask::Pile { cards, .. } => cards.len(),
                    Ask::HandCard { purpose, .. } => self.hand_choices(rs, p, *purpose).len(),
                    _ => 0,
                };
                for i in 0..n.min(u8::MAX as usize) {
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
        // --- card effects
        Op::DiscardChosen { .. } => "discard",
        Op::ReturnCard { .. } => "return_card",
        Op::RemoveCard { .. } => "remove_card",
        Op::PlayCp => "play_cp",
        Op::Religion { .. } => "religion",
        Op::Fortress { build: true, .. } => "fortress",
        Op::Fortress { build: false, .. } => "raze",
        Op::LastingVp { .. } => "vp",
        Op::Treasure { .. } => "treasure",
        Op::ForbidWar { .. } => "forbid_war",
        Op::CancelAvoidance => "cancel avoidance",
        Op::Spy { .. } => "spy",
        Op::PlaceLeader { .. } => "place_leader",
        Op::Move { .. } => "move",
        Op::Rating { .. } => "rating",
        Op::Leader {
            fate: super::effect::LeaderFate::OffMap,
            ..
        } => "remove_leader",
        Op::Leader {
            fate: super::effect::LeaderFate::Killed,
            ..
        } => "kill_leader",
        Op::Leader { .. } => "capture_leader",
        Op::Ruler { .. } => "ruler",
        Op::Choose { .. } => "choose",
        Op::Unless { .. } => "if",
        Op::Jump { .. } => "jump",
    }
}

// --- questions on the decision stack (`super::super::question::Question`)

/// Decision: a running effect asks `power` (an option, a space, which units go).
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct EffectAsk {
    /// Who is asked.
    pub power: Power,
    /// The card whose effect asks.
    pub card: u16,
    /// What is asked.
    pub ask: Ask,
}

impl Question for EffectAsk {
    fn asked(&self) -> (Power, Decision) {
        (
            self.power,
            match self.ask {
                Ask::Remove { .. } => Decision::Casualties,
                _ => Decision::EffectChoice,
            },
        )
    }

    fn takes(&self, _a: &Action) -> bool {
        true
    }

    fn answer(
        &self,
        g: &mut Game,
        rs: &Ruleset,
        p: Power,
        a: &Action,
        ev: &mut Vec<Event>,
    ) -> RuleResult<()> {
        g.answer_effect(rs, p, self.card, &self.ask, a, ev)
    }

    fn legal(&self, g: &Game, rs: &Ruleset, p: Power, out: &mut Vec<Action>) {
        g.legal_effect_answers(rs, p, &self.ask, out)
    }

    fn forgo(&self) -> Forgo {
        Forgo::NotAnAnswer
    }
}

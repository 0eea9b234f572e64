//! Cards: the deck, dealing (hand size), playing a card, and the passing rule. A card's event is
//! found through the [`registry`] by the key in `cards.csv`; automated events live one per file
//! in this folder, written effects run through [`run`].

pub mod effect;
mod foreign_war;
mod paris_mass;
pub mod registry;
mod rudolf_ii;
pub mod run;

pub use rudolf_ii::RUDOLF_RULER;

use super::action::CardMode;
use super::error::{RuleError, RuleResult};
use super::event::{Event, EventKind, PhaseName};
use super::game::{Game, Stage};
use super::power::{Power, SpaceType};
use super::refusal::Refusal;
use super::ruleset::{CardKind, Ruleset};
use super::steps::Step;
use rand::seq::SliceRandom;
use run::After;

impl Game {
    /// Card Draw phase: new cards join the deck, the discard pile is shuffled back, home cards
    /// return to their owners, and each power in play is dealt its hand.
    pub(crate) fn card_draw(&mut self, rs: &Ruleset, ev: &mut Vec<Event>) {
        ev.push(Event::public(EventKind::PhaseStarted {
            phase: PhaseName::CardDraw,
        }));
        let first = rs.scenario(&self.scenario).map_or(1, |s| s.first_turn);
        // X-INACTIVE: an inactive major nobody controls holds no cards.
        self.discard_uncontrolled_inactive_hands();
        let in_hands: Vec<u16> = self.hands.iter().flatten().copied().collect();
        // Cards entering now (at the scenario's first turn: every card due by then).
        for c in &rs.cards {
            let due = if self.turn == first {
                c.enters_turn <= self.turn
            } else {
                c.enters_turn == self.turn
            };
            let known = in_hands.contains(&c.number)
                || self.deck.contains(&c.number)
                || self.discard.contains(&c.number)
                || self.removed.contains(&c.number);
            let players = rs.turn.card_dealt_with(c.number, self.powers.len());
            if due && !known && c.kind != CardKind::Home && players {
                self.deck.push(c.number);
            }
        }
        // Home cards back to their owners; other discards back into the deck.
        let discards = std::mem::take(&mut self.discard);
        for n in discards {
            match rs.card(n) {
                Some(c) if c.kind == CardKind::Home => {}
                _ => self.deck.push(n),
            }
        }
        self.deck.sort_unstable();
        self.deck.shuffle(&mut self.rng);
        // X-INACTIVE: a controlled inactive major is dealt cards too, without its home cards.
        for p in self.impulse_powers().iter() {
            let home = self.powers.contains(p);
            for c in rs.cards.iter().filter(|c| {
                home && c.kind == CardKind::Home && c.owner == Some(p) && c.enters_turn <= self.turn
            }) {
                if !self.hands[p as usize].contains(&c.number) && !self.removed.contains(&c.number)
                {
                    self.hands[p as usize].push(c.number);
                }
            }
            let n = self.hand_size(rs, p);
            for _ in 0..n {
                match self.deck.pop() {
                    Some(c) => self.hands[p as usize].push(c),
                    None => break,
                }
            }
            self.hands[p as usize].sort_unstable();
            ev.push(Event::private(
                p,
                EventKind::HandDealt {
                    power: p,
                    cards: self.hands[p as usize].clone(),
                },
            ));
            ev.push(Event::public(EventKind::HandSize {
                power: p,
                cards: self.hands[p as usize].len(),
            }));
        }
        // --- treasures: the Portuguese row is refilled (rules digest §2.2, Card Draw step 4).
        self.refresh_treasures(rs, ev);
    }

    /// Cards dealt to `p` this turn, not counting home cards: the key track plus the ruler's card
    /// bonus; the Protestant draws by its two rows of keys (R-PROT-CARDS).
    pub fn hand_size(&self, rs: &Ruleset, p: Power) -> usize {
        if p == Power::Protestant {
            return self.protestant_draw(rs);
        }
        let keys = self.board.keys_held(rs, p).len() as u8;
        let track = rs
            .key_track
            .get(&p)
            .and_then(|rows| rows.iter().rev().find(|(min, _)| *min <= keys))
            .map_or(1, |(_, c)| *c);
        (track + self.card_bonus(rs, p)) as usize
    }

    /// R-PROT-CARDS: 4 cards; 5 with at least one key in each marker row (Dutch and Huguenot),
    /// 6 with two in each, 7 with three in each.
    pub fn protestant_draw(&self, rs: &Ruleset) -> usize {
        let (dutch, huguenot) = self.protestant_key_rows(rs);
        4 + dutch.min(huguenot).min(3)
    }

    /// Keys the Protestant holds in the Dutch row and in the Huguenot row (R-PROT-KEYS).
    pub fn protestant_key_rows(&self, rs: &Ruleset) -> (usize, usize) {
        let keys = self.board.keys_held(rs, Power::Protestant);
        let dutch = keys
            .iter()
            .filter(|s| super::board::DUTCH_KEYS.contains(&rs.space(**s).id.as_str()))
            .count();
        (dutch, keys.len() - dutch)
    }

    /// Plays a card from `p`'s hand for CP or as its event.
    pub(crate) fn play_card(
        &mut self,
        rs: &Ruleset,
        p: Power,
        number: u16,
        mode: CardMode,
        ev: &mut Vec<Event>,
    ) -> RuleResult<()> {
        let card = rs.card(number).ok_or_else(|| RuleError::Unknown {
            what: "card",
            name: number.to_string(),
            near: Vec::new(),
        })?;
        let hand = &self.hands[p as usize];
        if !hand.contains(&number) {
            return Err(Refusal::NotInHand {
                power: p,
                card: number,
                hand: hand.clone(),
            }
            .into());
        }
        if card.kind == CardKind::Mandatory && mode == CardMode::Cp {
            return Err(Refusal::MandatoryNotForCp { card: number }.into());
        }
        if matches!(card.kind, CardKind::Response | CardKind::Combat) && mode == CardMode::Event {
            return Err(Refusal::EventOutsideImpulse {
                card: number,
                kind: card.kind,
            }
            .into());
        }
        let Stage::Impulse { .. } = self.stage else {
            return Err(Refusal::CardsAtImpulseStart.into());
        };
        if mode == CardMode::Event {
            if let registry::Resolution::Automated(a) = registry::resolution(card) {
                (a.check)(self, rs, p, card)?;
            }
        }
        self.hands[p as usize].retain(|c| *c != number);
        ev.push(Event::public(EventKind::CardPlayed {
            power: p,
            card: number,
            mode,
        }));
        match mode {
            CardMode::Cp => {
                self.discard.push(number);
                self.stage = Stage::Cp {
                    power: p,
                    cp: card.cp,
                };
                ev.push(Event::public(EventKind::CpLeft {
                    power: p,
                    cp: card.cp,
                }));
            }
            CardMode::Event => {
                self.discard.push(number);
                // C-CARD-RESPONSE: the other powers in play may answer the announced event with
                // a response card before it resolves (asked whatever they hold).
                if self.window_possible(rs, &[CardKind::Response]) {
                    self.steps.push(super::steps::Step::EventPlayed {
                        power: p,
                        card: number,
                        cancelled: false,
                    });
                    let asked: Vec<Power> = self.powers.iter().filter(|q| *q != p).collect();
                    for q in asked.into_iter().rev() {
                        self.steps.push(super::steps::Step::EventResponse(
                            super::windows::EventResponse {
                                power: q,
                                card: number,
                            },
                        ));
                    }
                    self.run_steps(rs, ev);
                    return Ok(());
                }
                self.finish_event(rs, p, number, ev);
                if !self.steps.is_empty() {
                    // A written effect runs on the decision stack.
                    self.run_steps(rs, ev);
                }
            }
        }
        Ok(())
    }

    /// The event of `number`, played by `p`, resolves; then the impulse goes on (C-CARD-MANDATORY:
    /// the data's CP after a mandatory event) or passes to the next power. A written effect is
    /// pushed as a frame and the impulse goes on when it ends.
    pub(crate) fn finish_event(
        &mut self,
        rs: &Ruleset,
        p: Power,
        number: u16,
        ev: &mut Vec<Event>,
    ) {
        let depth = self.steps.len();
        self.card_event(rs, p, number, After::Impulse, ev);
        if self.steps.len() > depth {
            return;
        }
        self.after_event(rs, p, number, 0, ev);
    }

    /// After an event played in an impulse: `cp` granted by the event, else the mandatory
    /// event's CP, else the next impulse.
    pub(crate) fn after_event(
        &mut self,
        rs: &Ruleset,
        p: Power,
        number: u16,
        cp: u8,
        ev: &mut Vec<Event>,
    ) {
        let Some(card) = rs.card(number) else { return };
        if self.is_over() || self.event_decision_pending() {
        } else if cp > 0 {
            self.stage = Stage::Cp { power: p, cp };
            ev.push(Event::public(EventKind::CpLeft { power: p, cp }));
        } else if card.kind == CardKind::Mandatory {
            // C-CARD-MANDATORY: after the event the power spends the data's CP.
            let cp = rs
                .turn
                .number(super::turn_data::ids::MANDATORY_CP)
                .clamp(0, 255) as u8;
            if cp > 0 {
                self.stage = Stage::Cp { power: p, cp };
                ev.push(Event::public(EventKind::CpLeft { power: p, cp }));
            } else {
                self.next_impulse(rs, p, 0, ev);
            }
        } else {
            self.next_impulse(rs, p, 0, ev);
        }
    }

    /// Resolves a card's event through the registry: an automated event, a written effect
    /// (pushed as a frame, `then` says what follows its end), or an announcement for the players
    /// to apply with `adjust`.
    pub(crate) fn card_event(
        &mut self,
        rs: &Ruleset,
        p: Power,
        number: u16,
        then: After,
        ev: &mut Vec<Event>,
    ) {
        let Some(card) = rs.card(number) else { return };
        match registry::resolution(card) {
            registry::Resolution::Automated(a) => (a.resolve)(self, rs, p, card, ev),
            registry::Resolution::Effect(_) => self.start_effect(p, number, then, None),
            registry::Resolution::Manual => ev.push(Event::public(EventKind::EventNotAutomated {
                power: p,
                card: number,
            })),
        }
    }

    /// Whether a played event left a decision to another step (a foreign war's deployment, the
    /// Huguenot capital move): the impulse then goes on from that step.
    fn event_decision_pending(&self) -> bool {
        matches!(
            self.steps.last(),
            Some(Step::SendToWar(_) | Step::HuguenotCapital(_))
        )
    }

    /// The passing rule: no mandatory event in hand, and the hand is empty, holds only home
    /// cards, or holds no more non-home cards than the ruler's administrative rating.
    pub(crate) fn check_pass(&self, rs: &Ruleset, p: Power) -> RuleResult<()> {
        let hand = &self.hands[p as usize];
        if let Some(m) = hand
            .iter()
            .filter_map(|c| rs.card(*c))
            .find(|c| c.kind == CardKind::Mandatory)
        {
            return Err(Refusal::MustPlayMandatory {
                power: p,
                card: m.number,
            }
            .into());
        }
        let non_home = hand
            .iter()
            .filter(|c| rs.card(**c).is_none_or(|c| c.kind != CardKind::Home))
            .count();
        let admin = self.admin_rating(rs, p);
        if non_home > admin as usize {
            return Err(Refusal::TooManyCardsToPass {
                power: p,
                held: non_home as u32,
                admin,
            }
            .into());
        }
        Ok(())
    }

    /// Whether `p` holds a key in the Netherlands zone (for messages and views).
    pub fn keys_in_zone(&self, rs: &Ruleset, p: Power, zone: super::power::ReligiousZone) -> usize {
        self.board
            .keys_held(rs, p)
            .iter()
            .filter(|s| rs.space(**s).zone == zone && rs.space(**s).kind == SpaceType::Key)
            .count()
    }
}

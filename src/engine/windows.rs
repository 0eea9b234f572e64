//! Card windows (C-BATTLE-CARDS, C-CARD-RESPONSE): the questions that offer a combat,
//! response or dice card.

use super::action::{Action, CardMode};
use super::error::{RuleError, RuleResult};
use super::event::{Event, EventKind};
use super::game::{Decision, Game};
use super::power::Power;
use super::question::{Forgo, Question};
use super::refusal::Refusal;
use super::ruleset::{CardKind, Ruleset, SpaceId};
use super::steps::{Battle, Standing, Step, Window};

impl Game {
    /// Whether a card of `kind` might be held by some power, from public information only: some
    /// card of that kind is neither discarded nor removed. Windows open only then, and then ask
    /// every power the rule names, never depending on what anyone holds.
    pub(crate) fn window_possible(&self, rs: &Ruleset, kinds: &[CardKind]) -> bool {
        rs.cards.iter().any(|c| {
            kinds.contains(&c.kind)
                && !self.discard.contains(&c.number)
                && !self.removed.contains(&c.number)
        })
    }

    /// Whether a card that changes rolled dice might be held by some power (public information
    /// only, as [`Game::window_possible`]): the second combat window opens only then.
    pub(crate) fn dice_window_possible(&self, rs: &Ruleset) -> bool {
        rs.cards.iter().any(|c| {
            c.after_roll.is_some()
                && matches!(c.kind, CardKind::Combat | CardKind::Response)
                && !self.discard.contains(&c.number)
                && !self.removed.contains(&c.number)
        })
    }

    /// Pushes one card window per asked power (the first asked ends on top).
    pub(crate) fn push_windows(&mut self, window: Window, asked: &[Power], space: SpaceId) {
        for p in asked.iter().rev() {
            self.steps.push(Step::Cards(Cards {
                window,
                power: *p,
                space,
            }));
        }
    }

    /// Checks a card played in a window: in hand, and of a kind the window takes.
    pub(crate) fn check_window_card(
        &self,
        rs: &Ruleset,
        p: Power,
        w: Window,
        card: u16,
    ) -> RuleResult<()> {
        let c = rs.card(card).ok_or_else(|| RuleError::Unknown {
            what: "card",
            name: card.to_string(),
            near: Vec::new(),
        })?;
        if !self.hands[p as usize].contains(&card) {
            return Err(Refusal::NotInHand {
                power: p,
                card,
                hand: self.hands[p as usize].clone(),
            }
            .into());
        }
        let fits = match w {
            Window::Combat => matches!(c.kind, CardKind::Combat | CardKind::Response),
            Window::Response => c.kind == CardKind::Response,
            Window::Dice => {
                matches!(c.kind, CardKind::Combat | CardKind::Response) && c.after_roll.is_some()
            }
        };
        if !fits && w == Window::Dice {
            return Err(Refusal::NotADiceCard { card }.into());
        }
        if !fits {
            return Err(Refusal::CardNotForWindow {
                card,
                kind: c.kind,
                combat: w == Window::Combat,
            }
            .into());
        }
        Ok(())
    }

    /// A card played in a window: announced and discarded; a written effect runs as a frame
    /// above the battle, move or event it answers (the other side is its `opponent`); a card
    /// without one is applied by the players with `adjust`.
    pub(crate) fn play_in_window(
        &mut self,
        rs: &Ruleset,
        p: Power,
        card: u16,
        ev: &mut Vec<Event>,
    ) {
        self.hands[p as usize].retain(|c| *c != card);
        self.discard.push(card);
        ev.push(Event::public(EventKind::CardPlayed {
            power: p,
            card,
            mode: CardMode::Event,
        }));
        if rs.card(card).is_some_and(|c| c.effect.is_some()) {
            let opponent = self.window_opponent(rs, p);
            self.start_effect(p, card, super::cards::run::After::Nothing, opponent);
            return;
        }
        ev.push(Event::public(EventKind::EventNotAutomated {
            power: p,
            card,
        }));
    }

    /// The other side for a card played in a window by `p`: the enemy in the battle, the
    /// player of the answered event, or the moving power.
    fn window_opponent(&self, rs: &Ruleset, p: Power) -> Option<Power> {
        self.steps.iter().rev().find_map(|s| match s {
            Step::Battle(b) if b.attacker == p => {
                let d = self.main_defender_owner(rs, b);
                match d {
                    super::power::Owner::Major(q) if q != p => Some(q),
                    _ => None,
                }
            }
            Step::Battle(b) => Some(b.attacker),
            Step::Assault(a) if a.attacker != p => Some(a.attacker),
            Step::Assault(a) => match self.board.controller(rs, a.space) {
                super::power::Owner::Major(q) if q != p => Some(q),
                _ => None,
            },
            // --- card effects (issue 25): a naval battle's other side (C-BATTLE-CARDS at sea).
            Step::NavalBattle(b) if b.attacker != p => Some(b.attacker),
            Step::NavalBattle(b) => Game::resolve_place(rs, &b.place).ok().and_then(|pl| {
                self.board
                    .forces_at(&pl)
                    .iter()
                    .filter(|f| f.ships() > 0 && self.is_hostile(p, f.owner()))
                    .find_map(|f| match f.owner() {
                        super::power::Owner::Major(q) => Some(q),
                        _ => None,
                    })
            }),
            Step::EventPlayed { power, .. } if *power != p => Some(*power),
            Step::Entry(e) if e.mover != p => Some(e.mover),
            _ => None,
        })
    }

    fn main_defender_owner(&self, rs: &Ruleset, b: &Battle) -> super::power::Owner {
        b.defender.unwrap_or_else(|| {
            self.board
                .owners_in(b.space)
                .into_iter()
                .find(|o| self.board.stance(b.attacker, *o) != super::board::Stance::Friendly)
                .unwrap_or_else(|| self.board.controller(rs, b.space))
        })
    }
}

// --- questions on the decision stack (`super::question::Question`)

/// Decision: a card window for `power` (C-BATTLE-CARDS, C-CARD-RESPONSE).
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Cards {
    /// Which window.
    pub window: Window,
    /// Who is asked.
    pub power: Power,
    /// Where the battle, assault or move is.
    pub space: SpaceId,
}

/// Decision (C-CARD-RESPONSE): `power` may play a response card on the event `card`.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct EventResponse {
    /// Who is asked.
    pub power: Power,
    /// The event card being played.
    pub card: u16,
}

impl Question for Cards {
    fn asked(&self) -> (Power, Decision) {
        let d = match self.window {
            Window::Combat => Decision::CombatCard,
            Window::Response => Decision::ResponseCard,
            Window::Dice => Decision::DiceCard,
        };
        (self.power, d)
    }

    fn takes(&self, a: &Action) -> bool {
        matches!(
            a,
            Action::Play {
                mode: CardMode::Event,
                ..
            }
        )
    }

    fn answer(
        &self,
        g: &mut Game,
        rs: &Ruleset,
        p: Power,
        a: &Action,
        ev: &mut Vec<Event>,
    ) -> RuleResult<()> {
        let Action::Play { card, .. } = a else {
            return Err(Refusal::NothingPending.into());
        };
        g.check_window_card(rs, p, self.window, *card)?;
        g.steps.pop();
        g.play_in_window(rs, p, *card, ev);
        Ok(())
    }

    fn legal(&self, g: &Game, rs: &Ruleset, p: Power, out: &mut Vec<Action>) {
        g.legal_window_cards(rs, p, self.window, out)
    }

    fn standing(&self, g: &Game, _rs: &Ruleset) -> Option<(Standing, Action)> {
        g.has_standing(self.power, Standing::DeclineCards)
            .then_some((Standing::DeclineCards, Action::Forgo))
    }

    fn forgo(&self) -> Forgo {
        Forgo::Declines
    }

    fn space(&self) -> Option<SpaceId> {
        Some(self.space)
    }
}

impl Question for EventResponse {
    fn asked(&self) -> (Power, Decision) {
        (self.power, Decision::ResponseCard)
    }

    fn takes(&self, a: &Action) -> bool {
        matches!(
            a,
            Action::Play {
                mode: CardMode::Event,
                ..
            }
        )
    }

    fn answer(
        &self,
        g: &mut Game,
        rs: &Ruleset,
        p: Power,
        a: &Action,
        ev: &mut Vec<Event>,
    ) -> RuleResult<()> {
        let Action::Play { card, .. } = a else {
            return Err(Refusal::NothingPending.into());
        };
        g.check_window_card(rs, p, Window::Response, *card)?;
        g.steps.pop();
        g.play_in_window(rs, p, *card, ev);
        Ok(())
    }

    fn legal(&self, g: &Game, rs: &Ruleset, p: Power, out: &mut Vec<Action>) {
        g.legal_window_cards(rs, p, Window::Response, out)
    }

    fn standing(&self, g: &Game, _rs: &Ruleset) -> Option<(Standing, Action)> {
        g.has_standing(self.power, Standing::DeclineCards)
            .then_some((Standing::DeclineCards, Action::Forgo))
    }

    fn forgo(&self) -> Forgo {
        Forgo::Declines
    }
}

impl Game {
    /// `forgo`, then each card in `p`'s hand that may be played in `window`.
    fn legal_window_cards(&self, rs: &Ruleset, p: Power, window: Window, out: &mut Vec<Action>) {
        out.push(Action::Forgo);
        for c in &self.hands[p as usize] {
            if self.check_window_card(rs, p, window, *c).is_ok() {
                out.push(Action::Play {
                    card: *c,
                    mode: CardMode::Event,
                });
            }
        }
    }
}

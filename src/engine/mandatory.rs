//! C-CARD-MANDATORY in Winter: a mandatory event not played by its due turn
//! (`mandatory_events.csv`) is resolved at the end of Winter, then discarded or removed.

use super::event::{Event, EventKind};
use super::game::Game;
use super::power::Power;
use super::ruleset::Ruleset;

impl Game {
    /// Resolves every mandatory event whose due turn is this turn or earlier and that was not
    /// played (it is in a hand or still in the deck): the holder resolves it, else the power the
    /// data names. An event that would open a decision (a foreign war, a capital move) is
    /// announced for the players to apply with `adjust`, as unautomated events are.
    pub(crate) fn overdue_mandatory(&mut self, rs: &Ruleset, ev: &mut Vec<Event>) {
        for m in rs.turn.mandatory.clone() {
            if m.due_turn.is_none_or(|t| t > self.turn) {
                continue;
            }
            let holder = Power::ALL
                .iter()
                .copied()
                .find(|p| self.hands[*p as usize].contains(&m.card));
            let in_deck = self.deck.contains(&m.card);
            if holder.is_none() && !in_deck {
                // Played already, removed, or not dealt in this game.
                continue;
            }
            let power = holder.unwrap_or(m.power);
            for h in &mut self.hands {
                h.retain(|c| *c != m.card);
            }
            self.deck.retain(|c| *c != m.card);
            ev.push(Event::public(EventKind::MandatoryOverdue {
                power,
                card: m.card,
                removed: m.remove,
            }));
            let opens_decision = rs.card(m.card).is_some_and(super::cards::registry::asks);
            if opens_decision {
                ev.push(Event::public(EventKind::EventNotAutomated {
                    power,
                    card: m.card,
                }));
            } else {
                self.card_event(rs, power, m.card, super::cards::run::After::Nothing, ev);
            }
            if m.remove {
                self.removed.push(m.card);
            } else {
                self.discard.push(m.card);
            }
        }
    }
}

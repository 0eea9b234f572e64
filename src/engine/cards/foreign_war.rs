//! The foreign-war cards (R-FW-DEPLOY): the card goes beside the struck power, which sends its
//! land units to it. The war itself is worked in [`crate::engine::foreign_war`].

use super::super::error::RuleResult;
use super::super::event::{Event, EventKind};
use super::super::game::Game;
use super::super::power::Power;
use super::super::ruleset::{Card, Ruleset};
use super::registry::Automated;

/// The registry entry (`event` key `foreign_war`; the war's numbers are the card's `war_*`
/// columns).
pub const EVENT: Automated = Automated {
    key: "foreign_war",
    asks: true,
    check,
    resolve,
};

fn check(g: &Game, rs: &Ruleset, _p: Power, card: &Card) -> RuleResult<()> {
    g.check_foreign_war_event(rs, card)
}

fn resolve(g: &mut Game, rs: &Ruleset, p: Power, card: &Card, ev: &mut Vec<Event>) {
    match card.war {
        Some(war) => g.start_foreign_war(rs, p, card.number, war, ev),
        None => ev.push(Event::public(EventKind::EventNotAutomated {
            power: p,
            card: card.number,
        })),
    }
}

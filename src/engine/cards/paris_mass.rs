//! Paris Is Worth a Mass (R-PROT-CAPITAL's exception): the Protestant may move the Huguenot
//! capital. The move itself is in [`crate::engine::protestant`].

use super::super::event::Event;
use super::super::game::Game;
use super::super::power::Power;
use super::super::ruleset::{Card, Ruleset};
use super::registry::{no_check, Automated};

/// The registry entry (`event` key `paris_mass`).
pub const EVENT: Automated = Automated {
    key: "paris_mass",
    asks: true,
    check: no_check,
    resolve,
};

fn resolve(g: &mut Game, rs: &Ruleset, p: Power, card: &Card, ev: &mut Vec<Event>) {
    g.paris_is_worth_a_mass(rs, p, card.number, ev);
}

//! Rudolf II (R-HRE-CAPITAL): Rudolf II becomes the Empire's ruler and its capital moves from
//! Vienna to Prague for the rest of the game.

use super::super::event::{Event, EventKind};
use super::super::game::Game;
use super::super::power::Power;
use super::super::ruleset::{Card, Ruleset};
use super::registry::{no_check, Automated};

/// The ruler id of Rudolf II in `rulers.csv`.
pub const RUDOLF_RULER: &str = "RUDOLF_II";

/// The registry entry (`event` key `rudolf_ii`).
pub const EVENT: Automated = Automated {
    key: "rudolf_ii",
    asks: false,
    check: no_check,
    resolve,
};

fn resolve(g: &mut Game, rs: &Ruleset, _p: Power, _card: &Card, ev: &mut Vec<Event>) {
    g.ruler_override[Power::Empire as usize] = Some(RUDOLF_RULER.to_string());
    ev.push(Event::public(EventKind::RulerChanged {
        power: Power::Empire,
        ruler: RUDOLF_RULER.to_string(),
    }));
    let later = rs.power_info("empire").and_then(|i| i.later_capital);
    if let Some(prague) = later {
        g.board.capitals[Power::Empire as usize] = vec![prague];
        ev.push(Event::public(EventKind::CapitalMoved {
            power: Power::Empire,
            to: Some(prague),
        }));
    }
}

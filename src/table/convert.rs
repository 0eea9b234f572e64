//! Between commands and engine actions: a resolved command becomes an [`Action`], and an action
//! can be written back as a command line (for the public log and for driving tests).

use crate::engine::{Action, Game, Power, Ruleset};

use super::command::defs::{self, Cx, Form};
use super::command::Command;
use super::messages::Msg;

/// The engine action for a game command by `power`; `None` if the command is not a game action.
/// Each command's definition in [`defs`] makes its action.
pub fn to_action(
    rs: &Ruleset,
    game: &Game,
    power: Power,
    cmd: &Command,
) -> Option<Result<Action, Msg>> {
    defs::act(Cx { rs, game, power }, cmd)
}

/// An action as the command line that makes it, with `power:` so that it is unambiguous.
/// With `public`, hidden details (the secret choice, cards moved into hiding) are masked.
/// `None` for actions no command makes.
pub fn action_line(a: &Action, power: Power, public: bool) -> Option<String> {
    let form = if public { Form::Public } else { Form::Full };
    defs::print(a, power, form).map(|inv| defs::line_text(&inv))
}

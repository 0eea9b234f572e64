//! One definition per command ([`CmdDef`]): its spec (options, help, hence the Discord slash
//! options), its parse (invocation → [`Command`]), and for a game command the engine action it
//! makes and how an action is written back as the command line that makes it — for the log, for
//! driving tests and for the buttons. The two directions sit side by side, so for every legal action
//! `act(parse(print(action))) == action` (checked over seeded games in `tests/table_command_defs.rs`).
//!
//! Adding a command: its variant of [`Command`] (`types.rs`), its `CmdDef` in the family file
//! that fits, and one line in `DEFS` (where `help` lists it). A command the table runs itself
//! (no engine action) also needs its arm in the table's dispatch (`table/mod.rs`); a button for
//! a new question needs its label in `choices.rs` (the command line comes from `print`).

use std::fmt::Display;

use crate::engine::action::{Action, Units};
use crate::engine::{Game, Power, Ruleset};
use crate::table::messages::Msg;
use crate::table::resolve;

#[allow(unused_imports)]
use super::*;

/// The `power` field of command variant `$variant`, as a [`CmdDef::power`].
macro_rules! power_of {
    ($variant:ident) => {{
        fn power(c: &Command) -> Option<&str> {
            match c {
                Command::$variant { power, .. } => power.as_deref(),
                _ => None,
            }
        }
        power
    }};
}

/// A command with no options but the acting power, making one action with no fields: `pass`,
/// `end`, `fortify`, `forgo`, `sally`.
macro_rules! bare_command {
    ($const:ident, $name:literal, $variant:ident, $action:ident, $spec:expr) => {
        /// The command of that name (see its spec).
        pub(in crate::table::command) const $const: CmdDef = CmdDef {
            spec: $spec,
            parse: |a| {
                Ok(Command::$variant {
                    power: a.opt("power"),
                })
            },
            act: |_, c| match c {
                Command::$variant { .. } => Some(Ok(Action::$action)),
                _ => None,
            },
            print: |a, _| match a {
                Action::$action => Some(Line::new($name)),
                _ => None,
            },
            acting: true,
            power: power_of!($variant),
        };
    };
}

mod adjust;
mod battle;
mod diplomacy;
mod naval;
mod religion;
mod table;
mod turn;

pub(super) use adjust::*;
pub use adjust::{ADJUST_COUNTS, MAX_TREASURE_DELTA, MAX_VP_DELTA};
pub(super) use battle::*;
pub(super) use diplomacy::*;
pub(super) use naval::*;
pub(super) use religion::*;
pub(super) use table::*;
pub(super) use turn::*;

/// What a definition's `act` works with: the rules, the game and the acting power.
#[derive(Clone, Copy)]
pub struct Cx<'a> {
    /// The rules (names are resolved against them).
    pub rs: &'a Ruleset,
    /// The game as it stands (some commands fill in what was left out from its legal actions).
    pub game: &'a Game,
    /// The power the command acts for.
    pub power: Power,
}

/// Which command line [`CmdDef::print`] writes for an action.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Form {
    /// Everything, as the private log and tests read it.
    Full,
    /// For the public log: hidden details (a secret choice, a card into hiding) masked.
    Public,
    /// For a button: options the table fills in itself are left out, so the `custom_id` stays
    /// under Discord's 100 characters.
    Button,
}

/// One command, written once.
pub struct CmdDef {
    /// Name, Russian name, options and help (the slash command and `help` come from it).
    pub spec: CmdSpec,
    /// An invocation of this command (names already English, required options present) typed.
    pub parse: fn(&Args<'_>) -> Result<Command, ParseError>,
    /// The engine action of a command this definition parsed (`None` for any other command).
    pub act: fn(Cx<'_>, &Command) -> Option<Result<Action, Msg>>,
    /// The command line of an action this command makes, without `power:` (`None` for actions
    /// it does not make).
    pub print: fn(&Action, Form) -> Option<Line>,
    /// Whether printed lines name the acting power (`power:…` last).
    pub acting: bool,
    /// The `power:` a command this definition parsed names (`None`: none named, or another
    /// command).
    pub power: fn(&Command) -> Option<&str>,
}

/// Every command, in the order `help` lists them ([`COMMANDS`] is their specs).
pub(super) const DEFS: &[&CmdDef] = &[
    &NEW,
    &LOCALE,
    &JOIN,
    &LEAVE,
    &START,
    // --- position files (issue 17)
    &SETUP,
    &STATUS,
    &HAND,
    &PLAY,
    &MOVE,
    &CONTROL,
    &BUILD,
    &ASSAULT,
    &REVOLT,
    // --- marriages and espionage (X-MARRIAGE-*, X-SPY-*)
    &MARRY,
    &SPY,
    // --- religion (X-REL-*)
    &CONVERT,
    &REBEL,
    &SIX,
    &FIGHT,
    &SEND,
    &WITHDRAW,
    &CAPITAL,
    // --- land warfare: answers to battle questions
    &INTERCEPT,
    &AVOID,
    &FORTIFY,
    &SALLY,
    &CHOOSE,
    &FORGO,
    &CASUALTIES,
    &RETREAT,
    &STANDING,
    // --- winter questions (C-WINTER-QUARTERS)
    &WINTER,
    // --- naval warfare (C-NAVAL-*)
    &SAIL,
    &TRANSPORT,
    &SHIPS,
    &HAVEN,
    &ENGAGE,
    &EVADE,
    // --- treasures (X-TREASURE-SPEND)
    &TREASURE,
    // --- diplomatic influence (X-INF-BUY)
    &INFLUENCE,
    // --- piracy (C-PIRACY)
    &PIRACY,
    &TRIBUTE,
    &PASS,
    &END,
    &WAR,
    &PEACE,
    &ALLY,
    &ACCEPT,
    &MINOR,
    &DECLINE,
    // --- diplomacy, winter, cards and victory
    &SUE,
    &RANSOM,
    &RECALL,
    // --- peace (C-DIP-PEACE)
    &SURRENDER,
    &REGAIN,
    &DONE,
    &DEPLOY,
    &PLACE,
    &SECRET,
    &UNDO,
    &VETO,
    // --- ops: a vacated seat is filled with the players' agreement
    &ADMIT,
    // --- ops: closing games
    &CLOSE,
    // --- campaign rhythm (issue 29): reminders, quiet hours, the dashboard
    &SETTINGS,
    &DASHBOARD,
    &ADJUST,
    &MAP,
    &VP,
    &LOG,
    &HELP,
    // --- player information
    &CARD,
    // --- absences and spectators (issue 29, items 3, 4, 6)
    &DEPUTY,
    &REPLACE,
    &WATCH,
    &UNWATCH,
    &DIGEST,
    &RULE,
];

/// The definition of the command with this (English) name.
pub fn def(name: &str) -> Option<&'static CmdDef> {
    DEFS.iter().copied().find(|d| d.spec.name == name)
}

/// The engine action of a game command; `None` for the commands the table runs itself.
pub fn act(cx: Cx<'_>, cmd: &Command) -> Option<Result<Action, Msg>> {
    DEFS.iter().find_map(|d| (d.act)(cx, cmd))
}

/// The `power:` a command names (the acting power, for a player holding several), if any.
pub fn named_power(cmd: &Command) -> Option<&str> {
    DEFS.iter().find_map(|d| (d.power)(cmd))
}

/// The invocation that makes `a` for `power`, in `form`; `None` for actions no command makes.
pub fn print(a: &Action, power: Power, form: Form) -> Option<Invocation> {
    DEFS.iter().find_map(|d| {
        let mut line = (d.print)(a, form)?;
        if d.acting {
            line = line.with("power", power);
        }
        Some(line.0)
    })
}

/// An invocation as a typed line: `name option:value …`.
pub fn line_text(inv: &Invocation) -> String {
    let mut out = inv.name.clone();
    for (k, v) in &inv.options {
        out.push_str(&format!(" {k}:{v}"));
    }
    out
}

/// A command line being written: the command's name and its options, in order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Line(pub Invocation);

impl Line {
    /// A line of command `name` with no options yet.
    pub fn new(name: &str) -> Line {
        Line(Invocation {
            name: name.to_string(),
            options: Vec::new(),
        })
    }
    /// The line with `option:value` added.
    pub fn with(mut self, option: &str, value: impl Display) -> Line {
        self.0.options.push((option.to_string(), value.to_string()));
        self
    }
    /// The line with `option:value` added when there is a value.
    pub fn maybe(self, option: &str, value: Option<impl Display>) -> Line {
        match value {
            Some(v) => self.with(option, v),
            None => self,
        }
    }
    /// The line with `option:value` added when `cond` holds.
    pub fn when(self, cond: bool, option: &str, value: impl Display) -> Line {
        if cond {
            self.with(option, value)
        } else {
            self
        }
    }
}

/// Units as the `units:` option reads them (`2r 1m ALBA`).
pub fn units_text(u: &Units) -> String {
    let mut parts = Vec::new();
    if u.regulars > 0 {
        parts.push(format!("{}r", u.regulars));
    }
    if u.mercenaries > 0 {
        parts.push(format!("{}m", u.mercenaries));
    }
    if u.cavalry > 0 {
        parts.push(format!("{}c", u.cavalry));
    }
    parts.extend(u.leaders.iter().map(|l| l.to_string()));
    parts.join(" ")
}

/// Whether a unit pick holds anything (land units or leaders).
fn any_units(u: &Units) -> bool {
    u.land() > 0 || !u.leaders.is_empty()
}

/// `yes` or `no`.
fn yes_no(on: bool) -> &'static str {
    if on {
        "yes"
    } else {
        "no"
    }
}

/// Whether an option holds `yes`.
fn is_yes(v: Option<String>) -> bool {
    v.is_some_and(|c| c.eq_ignore_ascii_case("yes"))
}

/// A typed unit pick with its leaders resolved.
fn pick(rs: &Ruleset, p: &UnitPick) -> Result<Units, Msg> {
    Ok(Units {
        regulars: p.regulars,
        mercenaries: p.mercenaries,
        cavalry: p.cavalry,
        leaders: resolve::leaders(rs, &p.leaders)?
            .into_iter()
            .map(Into::into)
            .collect::<Vec<_>>(),
    })
}

/// An optional space resolved.
fn opt_space(rs: &Ruleset, s: &Option<String>) -> Result<Option<String>, Msg> {
    s.as_deref().map(|s| resolve::space(rs, s)).transpose()
}

/// An optional place (a space or a sea zone) resolved.
fn opt_place(rs: &Ruleset, s: &Option<String>) -> Result<Option<String>, Msg> {
    s.as_deref().map(|s| resolve::place(rs, s)).transpose()
}

/// An optional unit pick read.
fn opt_units(a: &Args<'_>, name: &str) -> Result<Option<UnitPick>, ParseError> {
    a.opt(name).map(|u| parse_units(&u)).transpose()
}

/// A required unit pick read.
fn req_units(a: &Args<'_>, name: &str) -> Result<UnitPick, ParseError> {
    parse_units(&a.req(name)?)
}

/// A minor or a major named by id, name or alias (X-INF-*).
pub(crate) fn courted(rs: &Ruleset, text: &str) -> Result<crate::engine::influence::Courted, Msg> {
    use crate::engine::influence::Courted;
    match resolve::minor(rs, text) {
        Ok(m) => Ok(Courted::Minor(m)),
        Err(e) => resolve::power(rs, text).map(Courted::Major).map_err(|_| e),
    }
}

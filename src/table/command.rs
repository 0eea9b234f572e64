//! The one command grammar shared by Discord and the terminal.
//!
//! [`COMMANDS`] lists every command with its options; the Discord layer registers one slash
//! subcommand per entry with the same option names. A typed line (`move from:paris to:rouen`) and
//! a slash interaction both become an [`Invocation`] (a name and `option → text` pairs), which
//! [`Command::from_invocation`] turns into a [`Command`]. Names of spaces, cards, powers and
//! leaders stay text here: the table resolves them against the ruleset, with suggestions.

use crate::engine::action::{CardMode, UnitKind};
use crate::engine::ruleset::EmpireChoice;

use super::messages::Locale;

/// What an option holds; front ends use it for slash-option types and autocomplete.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OptKind {
    /// Free text.
    Text,
    /// A whole number.
    Integer,
    /// One of a fixed list of words.
    Choice(&'static [&'static str]),
    /// A Europe space (id, English or Russian name).
    Space,
    /// A card (number or name).
    Card,
    /// A major power.
    Power,
    /// A leader (id or name).
    Leader,
    /// A unit pick such as `4r 2c suleiman`.
    Units,
    /// A rule id such as `R-GAME-PLAYERS`.
    RuleId,
    /// A command name.
    CommandName,
}

/// One option of a command.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct OptSpec {
    /// Option name (lower case, as in slash commands).
    pub name: &'static str,
    /// Value kind.
    pub kind: OptKind,
    /// Whether it must be given.
    pub required: bool,
    /// Short description: English, Russian.
    pub help: [&'static str; 2],
}

/// One command: its name, options and description.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CmdSpec {
    /// Command name (the slash subcommand).
    pub name: &'static str,
    /// Options, required ones first.
    pub options: &'static [OptSpec],
    /// Short description: English, Russian.
    pub help: [&'static str; 2],
}

impl CmdSpec {
    /// The option with this name.
    pub fn option(&self, name: &str) -> Option<&'static OptSpec> {
        self.options.iter().find(|o| o.name == name)
    }
    /// The description in a locale.
    pub fn describe(&self, loc: Locale) -> &'static str {
        self.help[loc as usize]
    }
}

const MODES: &[&str] = &["cp", "event"];
const LOCALES: &[&str] = &["en", "ru"];
const BUILD_UNITS: &[&str] = &["regular", "mercenary", "cavalry", "squadron", "fortress"];
const CHOICES: &[&str] = &["protestant", "catholic", "balanced"];
const ADJUST_WHAT: &[&str] = &[
    "units",
    "control",
    "religion",
    "unrest",
    "vp",
    "card",
    "relation",
    "minor",
    "leader",
    "kill-ruler",
];
const PLACES: &[&str] = &["hand", "discard", "deck", "removed"];
const RELIGIONS: &[&str] = &["catholic", "protestant"];
const STATUSES: &[&str] = &["peace", "war", "alliance"];
const YES_NO: &[&str] = &["yes", "no"];

/// The optional power selector of acting commands (for a player holding several powers).
const AS_POWER: OptSpec = OptSpec {
    name: "power",
    kind: OptKind::Power,
    required: false,
    help: [
        "which of your powers acts (if you hold several)",
        "за какую из ваших держав (если их несколько)",
    ],
};

const fn opt(
    name: &'static str,
    kind: OptKind,
    required: bool,
    en: &'static str,
    ru: &'static str,
) -> OptSpec {
    OptSpec {
        name,
        kind,
        required,
        help: [en, ru],
    }
}

/// Every command, in the order `help` lists them.
pub static COMMANDS: &[CmdSpec] = &[
    CmdSpec {
        name: "new",
        options: &[
            opt(
                "scenario",
                OptKind::Text,
                false,
                "scenario (default 1559)",
                "сценарий (по умолчанию 1559)",
            ),
            opt(
                "locale",
                OptKind::Choice(LOCALES),
                false,
                "language of the game's messages",
                "язык сообщений партии",
            ),
        ],
        help: [
            "open a new game in this channel",
            "открыть новую партию в этом канале",
        ],
    },
    CmdSpec {
        name: "locale",
        options: &[opt(
            "lang",
            OptKind::Choice(LOCALES),
            true,
            "en or ru",
            "en или ru",
        )],
        help: [
            "change the game's language (creator only)",
            "сменить язык партии (только создатель)",
        ],
    },
    CmdSpec {
        name: "join",
        options: &[opt(
            "power",
            OptKind::Power,
            true,
            "the power to take",
            "держава, которую вы берёте",
        )],
        help: ["take a power's seat", "занять место державы"],
    },
    CmdSpec {
        name: "leave",
        options: &[opt(
            "power",
            OptKind::Power,
            false,
            "the seat to give up (default: all yours)",
            "какое место освободить (по умолчанию все ваши)",
        )],
        help: ["give up your seat", "освободить своё место"],
    },
    CmdSpec {
        name: "start",
        options: &[],
        help: [
            "start the game (creator only)",
            "начать партию (только создатель)",
        ],
    },
    CmdSpec {
        name: "status",
        options: &[],
        help: [
            "who holds what, whose turn it is",
            "кто за кого играет и чей ход",
        ],
    },
    CmdSpec {
        name: "hand",
        options: &[AS_POWER],
        help: [
            "send your hand to you privately",
            "прислать вам вашу руку лично",
        ],
    },
    CmdSpec {
        name: "play",
        options: &[
            opt(
                "card",
                OptKind::Card,
                true,
                "card number or name",
                "номер или название карты",
            ),
            opt(
                "as",
                OptKind::Choice(MODES),
                true,
                "cp or event",
                "cp (очки) или event (событие)",
            ),
            AS_POWER,
        ],
        help: [
            "play a card for CP or as its event",
            "сыграть карту за очки или как событие",
        ],
    },
    CmdSpec {
        name: "move",
        options: &[
            opt(
                "from",
                OptKind::Space,
                true,
                "where the formation is",
                "откуда",
            ),
            opt(
                "to",
                OptKind::Space,
                true,
                "adjacent destination",
                "куда (соседнее пространство)",
            ),
            opt(
                "units",
                OptKind::Units,
                false,
                "e.g. `3r 1c suleiman` (default: the largest formation)",
                "например `3r 1c suleiman` (по умолчанию самая большая группа)",
            ),
            AS_POWER,
        ],
        help: ["move a formation (CP)", "передвинуть группу (очки)"],
    },
    CmdSpec {
        name: "control",
        options: &[
            opt(
                "space",
                OptKind::Space,
                true,
                "unfortified space",
                "неукреплённое пространство",
            ),
            AS_POWER,
        ],
        help: [
            "take control of an unfortified space (CP)",
            "взять под контроль неукреплённое пространство (очки)",
        ],
    },
    CmdSpec {
        name: "build",
        options: &[
            opt("space", OptKind::Space, true, "where", "где"),
            opt(
                "unit",
                OptKind::Choice(BUILD_UNITS),
                true,
                "what to build",
                "что строить",
            ),
            AS_POWER,
        ],
        help: [
            "raise a unit or build a fortress (CP)",
            "набрать войска или построить крепость (очки)",
        ],
    },
    CmdSpec {
        name: "assault",
        options: &[
            opt(
                "space",
                OptKind::Space,
                true,
                "the besieged space",
                "осаждённое пространство",
            ),
            AS_POWER,
        ],
        help: [
            "assault a besieged space (CP)",
            "штурмовать осаждённое пространство (очки)",
        ],
    },
    CmdSpec {
        name: "revolt",
        options: &[
            opt(
                "space",
                OptKind::Space,
                true,
                "a Huguenot or Dutch home space",
                "родное пространство гугенотов или голландцев",
            ),
            opt(
                "capital",
                OptKind::Choice(&["yes", "no"]),
                false,
                "declare it the faction's capital",
                "объявить его столицей фракции",
            ),
            opt(
                "leaders",
                OptKind::Text,
                false,
                "leaders entering with the revolt",
                "лидеры, входящие с восстанием",
            ),
            AS_POWER,
        ],
        help: ["Protestant revolt (CP)", "восстание протестантов (очки)"],
    },
    CmdSpec {
        name: "fight",
        options: &[
            opt(
                "card",
                OptKind::Card,
                true,
                "the foreign-war card",
                "карта внешней войны",
            ),
            AS_POWER,
        ],
        help: [
            "fight a foreign war (CP)",
            "сражаться во внешней войне (очки)",
        ],
    },
    CmdSpec {
        name: "send",
        options: &[
            opt(
                "card",
                OptKind::Card,
                true,
                "the foreign-war card",
                "карта внешней войны",
            ),
            opt(
                "from",
                OptKind::Space,
                true,
                "where the units are",
                "откуда берутся войска",
            ),
            opt(
                "units",
                OptKind::Units,
                true,
                "units sent, e.g. 2r 1m",
                "посылаемые войска, например 2r 1m",
            ),
            AS_POWER,
        ],
        help: [
            "send units to a foreign war",
            "послать войска на внешнюю войну",
        ],
    },
    CmdSpec {
        name: "withdraw",
        options: &[
            opt(
                "leaders",
                OptKind::Text,
                false,
                "leaders taken off the map (none: keep all)",
                "снимаемые с карты лидеры (пусто: оставить всех)",
            ),
            AS_POWER,
        ],
        help: [
            "winter: take Protestant leaders off the map",
            "зима: снять лидеров протестантов с карты",
        ],
    },
    CmdSpec {
        name: "capital",
        options: &[
            opt(
                "space",
                OptKind::Space,
                false,
                "new Huguenot capital (none: keep it)",
                "новая столица гугенотов (пусто: оставить)",
            ),
            AS_POWER,
        ],
        help: [
            "move the Huguenot capital (Paris is Worth a Mass)",
            "перенести столицу гугенотов (Париж стоит мессы)",
        ],
    },
    CmdSpec {
        name: "pass",
        options: &[AS_POWER],
        help: ["pass your impulse", "пропустить импульс"],
    },
    CmdSpec {
        name: "end",
        options: &[AS_POWER],
        help: [
            "end your impulse (unspent CP are lost)",
            "закончить импульс (неиспользованные очки сгорают)",
        ],
    },
    CmdSpec {
        name: "war",
        options: &[
            opt("target", OptKind::Power, true, "the enemy", "противник"),
            AS_POWER,
        ],
        help: ["declare war (diplomacy)", "объявить войну (дипломатия)"],
    },
    CmdSpec {
        name: "peace",
        options: &[
            opt("target", OptKind::Power, true, "the enemy", "противник"),
            AS_POWER,
        ],
        help: ["offer peace (diplomacy)", "предложить мир (дипломатия)"],
    },
    CmdSpec {
        name: "ally",
        options: &[
            opt("target", OptKind::Power, true, "the partner", "партнёр"),
            AS_POWER,
        ],
        help: [
            "offer an alliance (diplomacy)",
            "предложить союз (дипломатия)",
        ],
    },
    CmdSpec {
        name: "accept",
        options: &[
            opt(
                "from",
                OptKind::Power,
                true,
                "who made the offer",
                "кто предложил",
            ),
            AS_POWER,
        ],
        help: ["accept an offer", "принять предложение"],
    },
    CmdSpec {
        name: "minor",
        options: &[
            opt(
                "name",
                OptKind::Choice(&["ireland", "papacy", "portugal", "scotland", "venice"]),
                true,
                "the minor power",
                "малая держава",
            ),
            AS_POWER,
        ],
        help: [
            "ally with a minor power that has no ally (diplomacy)",
            "заключить союз с малой державой без союзника (дипломатия)",
        ],
    },
    CmdSpec {
        name: "decline",
        options: &[
            opt(
                "from",
                OptKind::Power,
                true,
                "who made the offer",
                "кто предложил",
            ),
            AS_POWER,
        ],
        help: ["decline an offer", "отклонить предложение"],
    },
    CmdSpec {
        name: "done",
        options: &[AS_POWER],
        help: [
            "finish diplomacy, or skip your spring deployment",
            "закончить переговоры или пропустить весеннее развёртывание",
        ],
    },
    CmdSpec {
        name: "deploy",
        options: &[
            opt("from", OptKind::Space, true, "your capital", "ваша столица"),
            opt("to", OptKind::Space, true, "destination", "куда"),
            opt(
                "units",
                OptKind::Units,
                false,
                "e.g. `3r 1c` (default: the largest formation)",
                "например `3r 1c` (по умолчанию самая большая группа)",
            ),
            AS_POWER,
        ],
        help: [
            "spring deployment from a capital",
            "весеннее развёртывание из столицы",
        ],
    },
    CmdSpec {
        name: "place",
        options: &[
            opt(
                "leader",
                OptKind::Leader,
                true,
                "leader id or name",
                "полководец (id или имя)",
            ),
            opt("space", OptKind::Space, true, "where", "где"),
            AS_POWER,
        ],
        help: [
            "place a Protestant leader in spring deployment",
            "выставить протестантского полководца при развёртывании",
        ],
    },
    CmdSpec {
        name: "secret",
        options: &[opt(
            "choice",
            OptKind::Choice(CHOICES),
            true,
            "the Empire's religious preference",
            "религиозный выбор Империи",
        )],
        help: ["the Empire's secret choice", "тайный выбор Империи"],
    },
    CmdSpec {
        name: "undo",
        options: &[],
        help: [
            "take back your last action (not past dice or a turn change)",
            "отменить своё последнее действие (не раньше броска или смены хода)",
        ],
    },
    CmdSpec {
        name: "adjust",
        options: &[
            opt(
                "what",
                OptKind::Choice(ADJUST_WHAT),
                true,
                "what to fix",
                "что исправить",
            ),
            opt("space", OptKind::Space, false, "space", "пространство"),
            opt(
                "owner",
                OptKind::Text,
                false,
                "power, minor or independent",
                "держава, малая держава или independent",
            ),
            opt(
                "faction",
                OptKind::Choice(&["huguenot", "dutch"]),
                false,
                "Protestant faction",
                "фракция протестантов",
            ),
            opt("regulars", OptKind::Integer, false, "regulars", "регуляры"),
            opt(
                "mercenaries",
                OptKind::Integer,
                false,
                "mercenaries",
                "наёмники",
            ),
            opt("cavalry", OptKind::Integer, false, "cavalry", "кавалерия"),
            opt("squadrons", OptKind::Integer, false, "squadrons", "эскадры"),
            opt(
                "religion",
                OptKind::Choice(RELIGIONS),
                false,
                "religion",
                "религия",
            ),
            opt(
                "on",
                OptKind::Choice(YES_NO),
                false,
                "unrest on or off",
                "беспорядки да/нет",
            ),
            opt(
                "target",
                OptKind::Power,
                false,
                "the power concerned",
                "держава",
            ),
            opt(
                "other",
                OptKind::Power,
                false,
                "the other power (relation)",
                "вторая держава (отношения)",
            ),
            opt(
                "delta",
                OptKind::Integer,
                false,
                "VP change",
                "изменение ПО",
            ),
            opt("card", OptKind::Card, false, "card", "карта"),
            opt(
                "place",
                OptKind::Choice(PLACES),
                false,
                "where the card goes",
                "куда идёт карта",
            ),
            opt(
                "status",
                OptKind::Choice(STATUSES),
                false,
                "diplomatic status",
                "дипломатический статус",
            ),
            opt(
                "minor",
                OptKind::Text,
                false,
                "minor power",
                "малая держава",
            ),
            opt("leader", OptKind::Leader, false, "leader", "полководец"),
            AS_POWER,
        ],
        help: [
            "fix anything by hand (logged publicly)",
            "исправить что угодно вручную (видно всем)",
        ],
    },
    CmdSpec {
        name: "map",
        options: &[],
        help: ["show the map", "показать карту"],
    },
    CmdSpec {
        name: "vp",
        options: &[],
        help: ["victory points", "победные очки"],
    },
    CmdSpec {
        name: "log",
        options: &[opt(
            "last",
            OptKind::Integer,
            false,
            "how many actions (default 10)",
            "сколько действий (по умолчанию 10)",
        )],
        help: ["the latest actions", "последние действия"],
    },
    CmdSpec {
        name: "help",
        options: &[opt(
            "command",
            OptKind::CommandName,
            false,
            "a command",
            "команда",
        )],
        help: ["list the commands", "список команд"],
    },
    CmdSpec {
        name: "rule",
        options: &[opt(
            "id",
            OptKind::RuleId,
            true,
            "a rule id such as R-GAME-PLAYERS",
            "номер правила, например R-GAME-PLAYERS",
        )],
        help: ["print a rule", "показать правило"],
    },
];

/// The spec of a command by name.
pub fn spec(name: &str) -> Option<&'static CmdSpec> {
    COMMANDS.iter().find(|c| c.name == name)
}

/// A command as a name and its options, before typing: what a slash interaction carries.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Invocation {
    /// Command name.
    pub name: String,
    /// `(option, value)` pairs.
    pub options: Vec<(String, String)>,
}

impl Invocation {
    fn get(&self, name: &str) -> Option<&str> {
        self.options
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.as_str())
    }
}

/// A unit pick in text form, parsed: counts and leader names (resolved later).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct UnitPick {
    /// Regulars.
    pub regulars: u8,
    /// Mercenaries.
    pub mercenaries: u8,
    /// Cavalry.
    pub cavalry: u8,
    /// Leader names or ids.
    pub leaders: Vec<String>,
}

/// What `build` builds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BuildWhat {
    /// A unit.
    Unit(UnitKind),
    /// A fortress.
    Fortress,
}

/// A manual fix, with names still as text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum AdjustCmd {
    /// Set units of an owner in a space.
    Units {
        /// Space name.
        space: String,
        /// Owner text.
        owner: String,
        /// Protestant faction.
        faction: Option<String>,
        /// Counts: regulars, mercenaries, cavalry, squadrons.
        counts: [u8; 4],
    },
    /// Set control.
    Control {
        /// Space.
        space: String,
        /// New owner text.
        owner: String,
    },
    /// Set religion.
    Religion {
        /// Space.
        space: String,
        /// Catholic or Protestant.
        religion: String,
    },
    /// Unrest on/off.
    Unrest {
        /// Space.
        space: String,
        /// On.
        on: bool,
    },
    /// Bonus VP.
    Vp {
        /// Power.
        target: String,
        /// Change.
        delta: i32,
    },
    /// Move a card.
    Card {
        /// Card.
        card: String,
        /// hand/discard/deck/removed.
        place: String,
        /// For `hand`: whose.
        target: Option<String>,
    },
    /// Diplomatic status.
    Relation {
        /// One power.
        target: String,
        /// The other.
        other: String,
        /// peace/war/alliance.
        status: String,
    },
    /// Minor ally (none: no `target`).
    Minor {
        /// The minor.
        minor: String,
        /// The ally.
        target: Option<String>,
    },
    /// Leader to a space or off the map.
    Leader {
        /// Leader.
        leader: String,
        /// Space, or none for off the map.
        space: Option<String>,
    },
    /// A ruler dies.
    KillRuler {
        /// Whose.
        target: String,
    },
}

/// A typed command. Power-ish and place-ish values stay text until the table resolves them.
#[derive(Debug, Clone, PartialEq, Eq)]
#[allow(missing_docs)]
pub enum Command {
    New {
        scenario: Option<String>,
        locale: Option<Locale>,
    },
    Locale {
        lang: Locale,
    },
    Join {
        power: String,
    },
    Leave {
        power: Option<String>,
    },
    Start,
    Status,
    Hand {
        power: Option<String>,
    },
    Play {
        card: String,
        mode: CardMode,
        power: Option<String>,
    },
    Move {
        from: String,
        to: String,
        units: Option<UnitPick>,
        power: Option<String>,
    },
    Control {
        space: String,
        power: Option<String>,
    },
    Build {
        space: String,
        what: BuildWhat,
        power: Option<String>,
    },
    Assault {
        space: String,
        power: Option<String>,
    },
    Revolt {
        space: String,
        capital: bool,
        leaders: Vec<String>,
        power: Option<String>,
    },
    Fight {
        card: String,
        power: Option<String>,
    },
    Send {
        card: String,
        from: String,
        units: UnitPick,
        power: Option<String>,
    },
    Withdraw {
        leaders: Vec<String>,
        power: Option<String>,
    },
    Capital {
        space: Option<String>,
        power: Option<String>,
    },
    Pass {
        power: Option<String>,
    },
    End {
        power: Option<String>,
    },
    War {
        target: String,
        power: Option<String>,
    },
    Peace {
        target: String,
        power: Option<String>,
    },
    Ally {
        target: String,
        power: Option<String>,
    },
    Accept {
        from: String,
        power: Option<String>,
    },
    Minor {
        name: String,
        power: Option<String>,
    },
    Decline {
        from: String,
        power: Option<String>,
    },
    Done {
        power: Option<String>,
    },
    Deploy {
        from: String,
        to: String,
        units: Option<UnitPick>,
        power: Option<String>,
    },
    Place {
        leader: String,
        space: String,
        power: Option<String>,
    },
    Secret {
        choice: EmpireChoice,
    },
    Undo,
    Adjust {
        fix: AdjustCmd,
        power: Option<String>,
    },
    Map,
    Vp,
    Log {
        last: Option<usize>,
    },
    Help {
        command: Option<String>,
    },
    Rule {
        id: String,
    },
}

/// Why a command line could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ParseError {
    /// Nothing was typed.
    #[error("empty command")]
    Empty,
    /// No such command.
    #[error("unknown command `{name}`{hint}")]
    UnknownCommand {
        /// What was typed.
        name: String,
        /// "; did you mean …?" or empty.
        hint: String,
    },
    /// An option the command does not have.
    #[error("`{command}` has no option `{option}`; its options: {allowed}")]
    UnknownOption {
        /// Command.
        command: String,
        /// Option typed.
        option: String,
        /// The command's options.
        allowed: String,
    },
    /// A required option is missing.
    #[error("`{command}` needs `{option}:`")]
    Missing {
        /// Command.
        command: String,
        /// Option.
        option: String,
    },
    /// A value that does not fit its option.
    #[error("`{option}:{value}` is not valid; expected {expected}")]
    BadValue {
        /// Option.
        option: String,
        /// Value.
        value: String,
        /// What is allowed.
        expected: String,
    },
    /// A free word that belongs to no option.
    #[error("`{word}` belongs to no option; write options as `name:value`")]
    Stray {
        /// The word.
        word: String,
    },
}

/// Reads a typed line: an optional `vq` (or `/vq`), the command, then `option:value` pairs.
/// Values may hold spaces (they run to the next `option:`) or be quoted. Words before the first
/// option fill the command's first option (`rule R-GAME-PLAYERS`, `join england`).
pub fn tokenize(line: &str) -> Result<Invocation, ParseError> {
    let mut words = split_words(line).into_iter().peekable();
    if words
        .peek()
        .is_some_and(|w| w.eq_ignore_ascii_case("vq") || w.eq_ignore_ascii_case("/vq"))
    {
        words.next();
    }
    let Some(name) = words.next() else {
        return Err(ParseError::Empty);
    };
    let name = name.to_lowercase();
    let Some(spec) = spec(&name) else {
        return Err(ParseError::UnknownCommand {
            hint: suggest(&name, COMMANDS.iter().map(|c| c.name)),
            name,
        });
    };
    let mut inv = Invocation {
        name: spec.name.to_string(),
        options: Vec::new(),
    };
    let mut current: Option<(String, Vec<String>)> = None;
    let mut leading: Vec<String> = Vec::new();
    for w in words {
        if let Some((k, v)) = w.split_once(':') {
            let key = k.to_lowercase();
            // `as:<power>` is accepted for the power selector where `as` is not an option.
            let key = if key == "as" && spec.option("as").is_none() {
                "power".to_string()
            } else {
                key
            };
            if spec.option(&key).is_some() {
                if let Some((k, vals)) = current.take() {
                    inv.options.push((k, vals.join(" ")));
                }
                let v = unquote(v);
                current = Some((key, if v.is_empty() { vec![] } else { vec![v] }));
                continue;
            }
            if k.chars().all(|c| c.is_ascii_alphabetic() || c == '-') && !k.is_empty() {
                return Err(ParseError::UnknownOption {
                    command: spec.name.into(),
                    option: key,
                    allowed: spec
                        .options
                        .iter()
                        .map(|o| o.name)
                        .collect::<Vec<_>>()
                        .join(", "),
                });
            }
        }
        match &mut current {
            Some((_, vals)) => vals.push(unquote(&w)),
            None => leading.push(unquote(&w)),
        }
    }
    if let Some((k, vals)) = current.take() {
        inv.options.push((k, vals.join(" ")));
    }
    if !leading.is_empty() {
        let first = spec.options.iter().find(|o| inv.get(o.name).is_none());
        match first {
            Some(o) => inv
                .options
                .insert(0, (o.name.to_string(), leading.join(" "))),
            None => {
                return Err(ParseError::Stray {
                    word: leading.join(" "),
                })
            }
        }
    }
    Ok(inv)
}

/// Splits on whitespace, keeping double-quoted parts (which may contain spaces) together.
fn split_words(line: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut cur = String::new();
    let mut quoted = false;
    for ch in line.chars() {
        match ch {
            '"' | '“' | '”' | '«' | '»' => {
                quoted = !quoted;
                cur.push('"');
            }
            c if c.is_whitespace() && !quoted => {
                if !cur.is_empty() {
                    out.push(std::mem::take(&mut cur));
                }
            }
            c => cur.push(c),
        }
    }
    if !cur.is_empty() {
        out.push(cur);
    }
    out
}

fn unquote(s: &str) -> String {
    s.replace('"', "").trim().to_string()
}

/// "; did you mean a, b?" for the closest of `candidates`, or empty.
pub fn suggest<'a>(word: &str, candidates: impl Iterator<Item = &'a str>) -> String {
    let w = word.to_lowercase();
    let mut scored: Vec<(usize, &str)> = candidates
        .map(|c| (crate::data::edit_distance(&w, &c.to_lowercase()), c))
        .filter(|(d, c)| *d <= 2.max(w.len() / 3) || c.starts_with(w.as_str()))
        .collect();
    scored.sort();
    if scored.is_empty() {
        return String::new();
    }
    let names: Vec<&str> = scored.iter().take(3).map(|(_, c)| *c).collect();
    format!("; did you mean {}?", names.join(", "))
}

/// Parses a whole line into a command.
pub fn parse(line: &str) -> Result<Command, ParseError> {
    Command::from_invocation(&tokenize(line)?)
}

impl Command {
    /// Types an invocation (from a typed line or from slash-command options).
    pub fn from_invocation(inv: &Invocation) -> Result<Command, ParseError> {
        let Some(spec) = spec(&inv.name) else {
            return Err(ParseError::UnknownCommand {
                name: inv.name.clone(),
                hint: suggest(&inv.name, COMMANDS.iter().map(|c| c.name)),
            });
        };
        for (k, _) in &inv.options {
            if spec.option(k).is_none() {
                return Err(ParseError::UnknownOption {
                    command: spec.name.into(),
                    option: k.clone(),
                    allowed: spec
                        .options
                        .iter()
                        .map(|o| o.name)
                        .collect::<Vec<_>>()
                        .join(", "),
                });
            }
        }
        let a = Args { spec, inv };
        for o in spec.options.iter().filter(|o| o.required) {
            a.req(o.name)?;
        }
        for (k, v) in &inv.options {
            if let Some(o) = spec.option(k) {
                check_kind(o, v)?;
            }
        }
        let power = a.opt("power");
        Ok(match spec.name {
            "new" => Command::New {
                scenario: a.opt("scenario"),
                locale: a.opt("locale").and_then(|l| Locale::parse(&l)),
            },
            "locale" => Command::Locale {
                lang: Locale::parse(&a.req("lang")?).unwrap_or_default(),
            },
            "join" => Command::Join {
                power: a.req("power")?,
            },
            "leave" => Command::Leave { power },
            "start" => Command::Start,
            "status" => Command::Status,
            "hand" => Command::Hand { power },
            "play" => Command::Play {
                card: a.req("card")?,
                mode: if a.req("as")?.eq_ignore_ascii_case("event") {
                    CardMode::Event
                } else {
                    CardMode::Cp
                },
                power,
            },
            "move" | "deploy" => {
                let units = a.opt("units").map(|u| parse_units(&u)).transpose()?;
                let (from, to) = (a.req("from")?, a.req("to")?);
                if spec.name == "move" {
                    Command::Move {
                        from,
                        to,
                        units,
                        power,
                    }
                } else {
                    Command::Deploy {
                        from,
                        to,
                        units,
                        power,
                    }
                }
            }
            "control" => Command::Control {
                space: a.req("space")?,
                power,
            },
            "build" => Command::Build {
                space: a.req("space")?,
                what: match a.req("unit")?.to_lowercase().as_str() {
                    "regular" => BuildWhat::Unit(UnitKind::Regular),
                    "mercenary" => BuildWhat::Unit(UnitKind::Mercenary),
                    "cavalry" => BuildWhat::Unit(UnitKind::Cavalry),
                    "squadron" => BuildWhat::Unit(UnitKind::Squadron),
                    _ => BuildWhat::Fortress,
                },
                power,
            },
            "assault" => Command::Assault {
                space: a.req("space")?,
                power,
            },
            "revolt" => Command::Revolt {
                space: a.req("space")?,
                capital: a
                    .opt("capital")
                    .is_some_and(|c| c.eq_ignore_ascii_case("yes")),
                leaders: word_list(a.opt("leaders")),
                power,
            },
            "fight" => Command::Fight {
                card: a.req("card")?,
                power,
            },
            "send" => Command::Send {
                card: a.req("card")?,
                from: a.req("from")?,
                units: parse_units(&a.req("units")?)?,
                power,
            },
            "withdraw" => Command::Withdraw {
                leaders: word_list(a.opt("leaders")),
                power,
            },
            "capital" => Command::Capital {
                space: a.opt("space"),
                power,
            },
            "pass" => Command::Pass { power },
            "end" => Command::End { power },
            "war" => Command::War {
                target: a.req("target")?,
                power,
            },
            "peace" => Command::Peace {
                target: a.req("target")?,
                power,
            },
            "ally" => Command::Ally {
                target: a.req("target")?,
                power,
            },
            "accept" => Command::Accept {
                from: a.req("from")?,
                power,
            },
            "minor" => Command::Minor {
                name: a.req("name")?,
                power,
            },
            "decline" => Command::Decline {
                from: a.req("from")?,
                power,
            },
            "done" => Command::Done { power },
            "place" => Command::Place {
                leader: a.req("leader")?,
                space: a.req("space")?,
                power,
            },
            "secret" => Command::Secret {
                choice: match a.req("choice")?.to_lowercase().as_str() {
                    "protestant" => EmpireChoice::Protestant,
                    "catholic" => EmpireChoice::Catholic,
                    _ => EmpireChoice::Balanced,
                },
            },
            "undo" => Command::Undo,
            "adjust" => Command::Adjust {
                fix: adjust_cmd(&a)?,
                power,
            },
            "map" => Command::Map,
            "vp" => Command::Vp,
            "log" => Command::Log {
                last: a.opt("last").and_then(|n| n.parse().ok()),
            },
            "help" => Command::Help {
                command: a.opt("command"),
            },
            "rule" => Command::Rule { id: a.req("id")? },
            other => {
                return Err(ParseError::UnknownCommand {
                    name: other.into(),
                    hint: String::new(),
                })
            }
        })
    }

    /// The command's name in [`COMMANDS`].
    pub fn name(&self) -> &'static str {
        match self {
            Command::New { .. } => "new",
            Command::Locale { .. } => "locale",
            Command::Join { .. } => "join",
            Command::Leave { .. } => "leave",
            Command::Start => "start",
            Command::Status => "status",
            Command::Hand { .. } => "hand",
            Command::Play { .. } => "play",
            Command::Move { .. } => "move",
            Command::Control { .. } => "control",
            Command::Build { .. } => "build",
            Command::Assault { .. } => "assault",
            Command::Revolt { .. } => "revolt",
            Command::Fight { .. } => "fight",
            Command::Send { .. } => "send",
            Command::Withdraw { .. } => "withdraw",
            Command::Capital { .. } => "capital",
            Command::Pass { .. } => "pass",
            Command::End { .. } => "end",
            Command::War { .. } => "war",
            Command::Peace { .. } => "peace",
            Command::Ally { .. } => "ally",
            Command::Accept { .. } => "accept",
            Command::Minor { .. } => "minor",
            Command::Decline { .. } => "decline",
            Command::Done { .. } => "done",
            Command::Deploy { .. } => "deploy",
            Command::Place { .. } => "place",
            Command::Secret { .. } => "secret",
            Command::Undo => "undo",
            Command::Adjust { .. } => "adjust",
            Command::Map => "map",
            Command::Vp => "vp",
            Command::Log { .. } => "log",
            Command::Help { .. } => "help",
            Command::Rule { .. } => "rule",
        }
    }
}

struct Args<'a> {
    spec: &'static CmdSpec,
    inv: &'a Invocation,
}

impl Args<'_> {
    fn opt(&self, name: &str) -> Option<String> {
        self.inv
            .get(name)
            .map(str::trim)
            .filter(|v| !v.is_empty())
            .map(str::to_string)
    }
    fn req(&self, name: &str) -> Result<String, ParseError> {
        self.opt(name).ok_or_else(|| ParseError::Missing {
            command: self.spec.name.into(),
            option: name.into(),
        })
    }
    fn int(&self, name: &str) -> Result<Option<i64>, ParseError> {
        self.opt(name)
            .map(|v| {
                v.parse::<i64>().map_err(|_| ParseError::BadValue {
                    option: name.into(),
                    value: v.clone(),
                    expected: "a whole number".into(),
                })
            })
            .transpose()
    }
}

fn check_kind(o: &OptSpec, v: &str) -> Result<(), ParseError> {
    let v = v.trim();
    match o.kind {
        OptKind::Choice(list) if !v.is_empty() => {
            if list.iter().any(|c| c.eq_ignore_ascii_case(v)) {
                Ok(())
            } else {
                Err(ParseError::BadValue {
                    option: o.name.into(),
                    value: v.into(),
                    expected: format!("one of {}", list.join(", ")),
                })
            }
        }
        OptKind::Integer if !v.is_empty() => {
            v.parse::<i64>()
                .map(|_| ())
                .map_err(|_| ParseError::BadValue {
                    option: o.name.into(),
                    value: v.into(),
                    expected: "a whole number".into(),
                })
        }
        _ => Ok(()),
    }
}

fn count(a: &Args<'_>, name: &str) -> Result<u8, ParseError> {
    let n = a.int(name)?.unwrap_or(0);
    u8::try_from(n).map_err(|_| ParseError::BadValue {
        option: name.into(),
        value: n.to_string(),
        expected: "a number from 0 to 255".into(),
    })
}

fn adjust_cmd(a: &Args<'_>) -> Result<AdjustCmd, ParseError> {
    let what = a.req("what")?.to_lowercase();
    Ok(match what.as_str() {
        "units" => AdjustCmd::Units {
            space: a.req("space")?,
            owner: a.req("owner")?,
            faction: a.opt("faction"),
            counts: [
                count(a, "regulars")?,
                count(a, "mercenaries")?,
                count(a, "cavalry")?,
                count(a, "squadrons")?,
            ],
        },
        "control" => AdjustCmd::Control {
            space: a.req("space")?,
            owner: a.req("owner")?,
        },
        "religion" => AdjustCmd::Religion {
            space: a.req("space")?,
            religion: a.req("religion")?,
        },
        "unrest" => AdjustCmd::Unrest {
            space: a.req("space")?,
            on: a.req("on")?.eq_ignore_ascii_case("yes"),
        },
        "vp" => AdjustCmd::Vp {
            target: a.req("target")?,
            delta: a.int("delta")?.unwrap_or(0).clamp(-1000, 1000) as i32,
        },
        "card" => AdjustCmd::Card {
            card: a.req("card")?,
            place: a.req("place")?.to_lowercase(),
            target: a.opt("target"),
        },
        "relation" => AdjustCmd::Relation {
            target: a.req("target")?,
            other: a.req("other")?,
            status: a.req("status")?,
        },
        "minor" => AdjustCmd::Minor {
            minor: a.req("minor")?,
            target: a.opt("target"),
        },
        "leader" => AdjustCmd::Leader {
            leader: a.req("leader")?,
            space: a.opt("space"),
        },
        _ => AdjustCmd::KillRuler {
            target: a.req("target")?,
        },
    })
}

/// Reads a unit pick: words such as `3r`, `2 regulars`, `1c`, `1m`, and leader names
/// (anything else), separated by spaces, commas or `+`.
pub fn parse_units(text: &str) -> Result<UnitPick, ParseError> {
    let mut pick = UnitPick::default();
    let words: Vec<String> = text
        .split(|c: char| c.is_whitespace() || c == ',' || c == '+')
        .filter(|w| !w.is_empty())
        .map(str::to_string)
        .collect();
    let mut i = 0;
    let bad = |w: &str| ParseError::BadValue {
        option: "units".into(),
        value: w.into(),
        expected: "counts like `3r 1m 2c` (regulars, mercenaries, cavalry) and leader names".into(),
    };
    while i < words.len() {
        let w = words[i].to_lowercase();
        let digits: String = w.chars().take_while(|c| c.is_ascii_digit()).collect();
        if digits.is_empty() {
            pick.leaders.push(words[i].clone());
            i += 1;
            continue;
        }
        let n: u8 = digits.parse().map_err(|_| bad(&w))?;
        let mut kind = w[digits.len()..].to_string();
        if kind.is_empty() {
            i += 1;
            kind = words
                .get(i)
                .map(|k| k.to_lowercase())
                .ok_or_else(|| bad(&w))?;
        }
        let k = kind.as_str();
        if k.starts_with('r') || k.starts_with("рег") {
            pick.regulars = pick.regulars.saturating_add(n);
        } else if k.starts_with('m') || k.starts_with("на") {
            pick.mercenaries = pick.mercenaries.saturating_add(n);
        } else if k.starts_with('c') || k.starts_with("кав") {
            pick.cavalry = pick.cavalry.saturating_add(n);
        } else {
            return Err(bad(&kind));
        }
        i += 1;
    }
    Ok(pick)
}

/// Splits a list of names given as one option (commas, semicolons or spaces).
fn word_list(text: Option<String>) -> Vec<String> {
    text.map(|t| {
        t.split([',', ';', ' '])
            .filter(|w| !w.is_empty())
            .map(str::to_string)
            .collect()
    })
    .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_options_with_spaces_and_prefix() {
        let c = parse("vq move from:Ile de France to:paris units:3r 1c").expect("parses");
        assert_eq!(
            c,
            Command::Move {
                from: "Ile de France".into(),
                to: "paris".into(),
                units: Some(UnitPick {
                    regulars: 3,
                    cavalry: 1,
                    ..UnitPick::default()
                }),
                power: None
            }
        );
    }

    #[test]
    fn leading_words_fill_the_first_option() {
        assert_eq!(
            parse("rule R-GAME-PLAYERS").expect("parses"),
            Command::Rule {
                id: "R-GAME-PLAYERS".into()
            }
        );
        assert_eq!(
            parse("join england").expect("parses"),
            Command::Join {
                power: "england".into()
            }
        );
    }

    #[test]
    fn bad_choice_and_unknown_command_are_errors() {
        assert!(matches!(
            parse("play card:5 as:both"),
            Err(ParseError::BadValue { .. })
        ));
        assert!(matches!(
            parse("mvoe from:a to:b"),
            Err(ParseError::UnknownCommand { hint, .. }) if hint.contains("move")
        ));
        assert!(matches!(
            parse("play card:5"),
            Err(ParseError::Missing { .. })
        ));
        assert!(matches!(
            parse("pass colour:red"),
            Err(ParseError::UnknownOption { .. })
        ));
    }

    #[test]
    fn as_power_is_an_alias_where_as_is_free() {
        assert_eq!(
            parse("pass as:england").expect("parses"),
            Command::Pass {
                power: Some("england".into())
            }
        );
    }

    #[test]
    fn every_command_has_a_spec_and_at_most_25_options() {
        for c in COMMANDS {
            assert!(c.options.len() <= 25, "{}", c.name);
            assert!(c.name.len() <= 32 && c.name.chars().all(|ch| ch.is_ascii_lowercase()));
        }
    }
}

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
    /// Several leaders, separated by commas or spaces.
    Leaders,
    /// A unit pick such as `4r 2c suleiman`.
    Units,
    /// A rule id such as `R-GAME-PLAYERS`.
    RuleId,
    /// A command name.
    CommandName,
    /// A file: a path typed in the terminal, an attachment on Discord (see [`FileArg`]).
    File,
    // --- treasures
    /// One of the caller's treasures, by its number.
    Treasure,
    // --- absences (issue 29)
    /// A member: a Discord user option (`<@id>`), a name in the terminal.
    User,
}

/// One option of a command.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct OptSpec {
    /// Option name (lower case, as in slash commands): the English, canonical name.
    pub name: &'static str,
    /// The Russian name (lower case, a valid Discord option name), also accepted when typed.
    pub ru: &'static str,
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
    /// Command name (the slash subcommand): the English, canonical name.
    pub name: &'static str,
    /// The Russian name (lower case, a valid Discord name), also accepted when typed.
    pub ru: &'static str,
    /// Options, required ones first.
    pub options: &'static [OptSpec],
    /// Short description: English, Russian.
    pub help: [&'static str; 2],
}

impl OptSpec {
    /// The option's name in a locale.
    pub fn name_in(&self, loc: Locale) -> &'static str {
        loc.pick(self.name, self.ru)
    }
}

impl CmdSpec {
    /// The option with this (English) name.
    pub fn option(&self, name: &str) -> Option<&'static OptSpec> {
        self.options.iter().find(|o| o.name == name)
    }
    /// The option with this name in either language, any case (`ё` and `е` alike).
    pub fn option_any(&self, name: &str) -> Option<&'static OptSpec> {
        let n = fold(name);
        self.options.iter().find(|o| o.name == n || fold(o.ru) == n)
    }
    /// The command's name in a locale.
    pub fn name_in(&self, loc: Locale) -> &'static str {
        loc.pick(self.name, self.ru)
    }
    /// The description in a locale.
    pub fn describe(&self, loc: Locale) -> &'static str {
        self.help[loc as usize]
    }
}

const MODES: &[&str] = &["cp", "event"];
const LOCALES: &[&str] = &["en", "ru"];
const BUILD_UNITS: &[&str] = &[
    "regular",
    "mercenary",
    "cavalry",
    "squadron",
    "fortress",
    "corsair",
];
const CHOICES: &[&str] = &["protestant", "catholic", "balanced"];
/// What a piracy hit may cost (C-PIRACY).
const PIRACY_PAYS: &[&str] = &["squadron", "card", "vp"];
/// What the winner gets for an item regained after a peace (C-DIP-PEACE).
const PEACE_PAYS: &[&str] = &["vp", "card"];
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
    "phase",
    "barbary",
    "treasure",
    // --- diplomatic influence (X-INF-*, X-INACTIVE)
    "influence",
    "inactive",
    "resolve",
    // --- marriages and espionage (X-MARRIAGE-*, X-SPY-*)
    "engage",
    "married",
    "assassinated",
];
/// What a spy may try (X-SPY-*).
const SPY_EFFECTS: &[&str] = &["look", "discard", "assassinate"];
/// The phases `adjust what:phase` moves to (issue 17).
const ADJUST_PHASES: &[&str] = &["diplomacy", "spring_deployment", "action", "winter"];
const PLACES: &[&str] = &["hand", "discard", "deck", "removed"];
const RELIGIONS: &[&str] = &["catholic", "protestant"];
const STATUSES: &[&str] = &["peace", "war", "alliance"];
const YES_NO: &[&str] = &["yes", "no"];
/// How a natural 6 of a conversion attempt is counted (X-REL-SIX).
const SIX_COUNTS: &[&str] = &["6", "5"];
/// Standing answers (`crate::engine::steps::Standing` ids).
const STANDINGS: &[&str] = &[
    "never_intercept",
    "never_avoid",
    "always_withdraw",
    "never_withdraw",
    "decline_cards",
    "mercenaries_first",
    "sally",
    "no_sally",
    "auto_retreat",
    "winter_default",
];

/// The optional power selector of acting commands (for a player holding several powers).
const AS_POWER: OptSpec = OptSpec {
    name: "power",
    ru: "держава",
    kind: OptKind::Power,
    required: false,
    help: ["acting power (of yours)", "за какую державу"],
};

const fn opt(
    name: &'static str,
    ru_name: &'static str,
    kind: OptKind,
    required: bool,
    en: &'static str,
    ru: &'static str,
) -> OptSpec {
    OptSpec {
        name,
        ru: ru_name,
        kind,
        required,
        help: [en, ru],
    }
}

/// Every command, in the order `help` lists them.
pub static COMMANDS: &[CmdSpec] = &[
    CmdSpec {
        name: "new",
        ru: "новая",
        options: &[
            opt(
                "scenario",
                "сценарий",
                OptKind::Text,
                false,
                "scenario (default 1559)",
                "сценарий (по умолчанию 1559)",
            ),
            opt(
                "locale",
                "язык",
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
        ru: "язык",
        options: &[opt(
            "lang",
            "язык",
            OptKind::Choice(LOCALES),
            true,
            "en or ru",
            "`en` или `ru`",
        )],
        help: [
            "change the game's language (creator only)",
            "сменить язык партии (только создатель)",
        ],
    },
    CmdSpec {
        name: "join",
        ru: "вступить",
        options: &[opt(
            "power",
            "держава",
            OptKind::Power,
            true,
            "the power to take",
            "держава, которую вы берёте",
        )],
        help: ["take a power's seat", "занять место державы"],
    },
    CmdSpec {
        name: "leave",
        ru: "выйти",
        options: &[opt(
            "power",
            "держава",
            OptKind::Power,
            false,
            "the seat to give up (default: all yours)",
            "какое место освободить (по умолчанию все ваши)",
        )],
        help: ["give up your seat", "освободить своё место"],
    },
    CmdSpec {
        name: "start",
        ru: "начать",
        options: &[],
        help: [
            "start the game (creator only)",
            "начать партию (только создатель)",
        ],
    },
    // --- position files (issue 17)
    CmdSpec {
        name: "setup",
        ru: "расстановка",
        options: &[
            opt(
                "file",
                "файл",
                OptKind::File,
                true,
                "position file (TOML, docs/position.md)",
                "файл позиции (TOML, `docs/position.md`)",
            ),
            opt(
                "private",
                "тайное",
                OptKind::File,
                false,
                "private part: the Empire's hidden choice, the dice",
                "тайная часть: скрытый выбор Империи, кости",
            ),
        ],
        help: [
            "start from a position file (creator, before start)",
            "начать с позиции из файла (создатель, до начала)",
        ],
    },
    CmdSpec {
        name: "status",
        ru: "положение",
        options: &[],
        help: [
            "who holds what, whose turn it is",
            "кто за кого играет и чей ход",
        ],
    },
    CmdSpec {
        name: "hand",
        ru: "рука",
        options: &[AS_POWER],
        help: [
            "send your hand to you privately",
            "прислать вам вашу руку лично",
        ],
    },
    CmdSpec {
        name: "play",
        ru: "сыграть",
        options: &[
            opt(
                "card",
                "карта",
                OptKind::Card,
                true,
                "card number or name",
                "номер или название карты",
            ),
            opt(
                "as",
                "как",
                OptKind::Choice(MODES),
                true,
                "cp or event",
                "`од` (очки действий) или `событие`",
            ),
            AS_POWER,
        ],
        help: [
            "play a card for CP or as its event",
            "сыграть карту за ОД или как событие",
        ],
    },
    CmdSpec {
        name: "move",
        ru: "двинуть",
        options: &[
            opt(
                "from",
                "откуда",
                OptKind::Space,
                true,
                "where the formation is",
                "откуда",
            ),
            opt(
                "to",
                "куда",
                OptKind::Space,
                true,
                "adjacent destination",
                "куда (соседнее пространство)",
            ),
            opt(
                "units",
                "войска",
                OptKind::Units,
                false,
                "e.g. `3r 1c suleiman` (default: the largest formation)",
                "например `3r 1c suleiman` (по умолчанию самая большая группа)",
            ),
            AS_POWER,
        ],
        help: ["move a formation (CP)", "передвинуть группу (ОД)"],
    },
    CmdSpec {
        name: "control",
        ru: "захватить",
        options: &[
            opt(
                "space",
                "место",
                OptKind::Space,
                true,
                "unfortified space",
                "неукреплённое пространство",
            ),
            AS_POWER,
        ],
        help: [
            "take control of an unfortified space (CP)",
            "взять неукреплённое пространство (ОД)",
        ],
    },
    CmdSpec {
        name: "build",
        ru: "построить",
        options: &[
            opt("space", "место", OptKind::Space, true, "where", "где"),
            opt(
                "unit",
                "что",
                OptKind::Choice(BUILD_UNITS),
                true,
                "what to build",
                "что строить",
            ),
            AS_POWER,
        ],
        help: [
            "raise a unit or build a fortress (CP)",
            "набрать войска или построить крепость (ОД)",
        ],
    },
    CmdSpec {
        name: "assault",
        ru: "штурм",
        options: &[
            opt(
                "space",
                "место",
                OptKind::Space,
                true,
                "the besieged space",
                "осаждённое пространство",
            ),
            AS_POWER,
        ],
        help: [
            "assault a besieged space (CP)",
            "штурмовать осаждённое пространство (ОД)",
        ],
    },
    CmdSpec {
        name: "revolt",
        ru: "восстание",
        options: &[
            opt(
                "space",
                "место",
                OptKind::Space,
                true,
                "a Huguenot or Dutch home space",
                "родное пространство гугенотов или голландцев",
            ),
            opt(
                "capital",
                "столица",
                OptKind::Choice(&["yes", "no"]),
                false,
                "declare it the faction's capital",
                "объявить его столицей фракции",
            ),
            opt(
                "leaders",
                "лидеры",
                OptKind::Leaders,
                false,
                "leaders entering with the revolt",
                "лидеры, входящие с восстанием",
            ),
            opt(
                "capital-at",
                "столица-в",
                OptKind::Space,
                false,
                "capital: any space of the territory you hold after the revolt (X-PROT-CAPITAL-SPACE)",
                "столица: любое пространство территории, ваше после восстания (X-PROT-CAPITAL-SPACE)",
            ),
            AS_POWER,
        ],
        help: ["Protestant revolt (CP)", "восстание протестантов (ОД)"],
    },
    // --- marriages and espionage (X-MARRIAGE-*, X-SPY-*)
    CmdSpec {
        name: "marry",
        ru: "брак",
        options: &[
            opt(
                "royal",
                "особа",
                OptKind::Text,
                true,
                "your royal (or theirs, to accept: order does not matter)",
                "ваша королевская особа (или их, чтобы принять: порядок не важен)",
            ),
            opt(
                "with",
                "с",
                OptKind::Text,
                false,
                "the other power's royal (leave out to answer the proposal naming `royal`)",
                "особа другой державы (без неё — ответ на предложение с `royal`)",
            ),
            opt(
                "refuse",
                "отказ",
                OptKind::Choice(YES_NO),
                false,
                "yes: refuse the proposal (or withdraw your own)",
                "да: отклонить предложение (или отозвать своё)",
            ),
            AS_POWER,
        ],
        help: [
            "propose or accept a royal marriage (diplomacy)",
            "предложить или принять королевский брак (дипломатия)",
        ],
    },
    CmdSpec {
        name: "spy",
        ru: "шпионить",
        options: &[
            opt(
                "target",
                "цель",
                OptKind::Power,
                true,
                "the power spied on",
                "держава, за которой шпионят",
            ),
            opt(
                "effect",
                "что",
                OptKind::Choice(SPY_EFFECTS),
                true,
                "look at the hand, force a discard, or assassinate",
                "посмотреть руку, заставить сбросить или покушение",
            ),
            opt(
                "whom",
                "кого",
                OptKind::Text,
                false,
                "for an assassination: the target's ruler or a leader on the map",
                "для покушения: правитель цели или её лидер на карте",
            ),
            AS_POWER,
        ],
        help: ["espionage (CP)", "шпионаж (ОД)"],
    },
    // --- religion (X-REL-*)
    CmdSpec {
        name: "convert",
        ru: "обратить",
        options: &[
            opt(
                "space",
                "место",
                OptKind::Space,
                true,
                "a space of the four zones of religious struggle",
                "пространство одной из четырёх зон религиозной борьбы",
            ),
            AS_POWER,
        ],
        help: ["conversion attempt (CP)", "попытка обращения (очки)"],
    },
    CmdSpec {
        name: "rebel",
        ru: "мятеж",
        options: &[
            opt(
                "space",
                "место",
                OptKind::Space,
                true,
                "a Catholic space of England",
                "католическое пространство Англии",
            ),
            AS_POWER,
        ],
        help: [
            "English Catholic rebellion (CP)",
            "английское католическое восстание (очки)",
        ],
    },
    CmdSpec {
        name: "six",
        ru: "шесть",
        options: &[
            opt(
                "count",
                "считать",
                OptKind::Choice(SIX_COUNTS),
                true,
                "6: keep it and place unrest; 5: no unrest",
                "6: оставить и поставить беспорядки; 5: без беспорядков",
            ),
            AS_POWER,
        ],
        help: [
            "keep a natural 6 or count it as 5",
            "оставить шестёрку или счесть пятёркой",
        ],
    },
    CmdSpec {
        name: "fight",
        ru: "воевать",
        options: &[
            opt(
                "card",
                "карта",
                OptKind::Card,
                true,
                "the foreign-war card",
                "карта внешней войны",
            ),
            AS_POWER,
        ],
        help: [
            "fight a foreign war (CP)",
            "сражаться во внешней войне (ОД)",
        ],
    },
    CmdSpec {
        name: "send",
        ru: "послать",
        options: &[
            opt(
                "card",
                "карта",
                OptKind::Card,
                true,
                "the foreign-war card",
                "карта внешней войны",
            ),
            opt(
                "from",
                "откуда",
                OptKind::Space,
                true,
                "where the units are",
                "откуда берутся войска",
            ),
            opt(
                "units",
                "войска",
                OptKind::Units,
                true,
                "units sent, e.g. 2r 1m",
                "посылаемые войска, например `2р 1н`",
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
        ru: "отозвать",
        options: &[
            opt(
                "leaders",
                "лидеры",
                OptKind::Leaders,
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
        ru: "столица",
        options: &[
            opt(
                "space",
                "место",
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
    // --- land warfare: answers to battle questions
    CmdSpec {
        name: "intercept",
        ru: "перехват",
        options: &[
            opt(
                "from",
                "откуда",
                OptKind::Space,
                true,
                "the adjacent space the interceptors come from",
                "соседнее пространство, откуда идёт перехват",
            ),
            opt(
                "units",
                "войска",
                OptKind::Units,
                false,
                "the intercepting formation (default: the largest)",
                "перехватывающее войско (по умолчанию самое большое)",
            ),
            AS_POWER,
        ],
        help: ["intercept an entering enemy", "перехватить входящего врага"],
    },
    CmdSpec {
        name: "avoid",
        ru: "уклониться",
        options: &[
            opt(
                "to",
                "куда",
                OptKind::Space,
                true,
                "where to go if it succeeds",
                "куда уйти при успехе",
            ),
            AS_POWER,
        ],
        help: ["try to avoid battle", "уклониться от боя"],
    },
    CmdSpec {
        name: "fortify",
        ru: "укрыться",
        options: &[AS_POWER],
        help: ["withdraw inside the walls", "укрыться за стенами"],
    },
    CmdSpec {
        name: "sally",
        ru: "вылазка",
        options: &[AS_POWER],
        help: ["join the relief", "выйти к деблокаде"],
    },
    CmdSpec {
        name: "choose",
        ru: "выбрать",
        options: &[
            opt(
                "option",
                "вариант",
                OptKind::Integer,
                false,
                "the number of the card's option or space, as listed (1 = first)",
                "номер варианта или пространства карты, как в списке (1 — первый)",
            ),
            opt(
                "space",
                "где",
                OptKind::Space,
                false,
                "the space, when the card asks for one",
                "пространство, если карта спрашивает его",
            ),
            AS_POWER,
        ],
        help: [
            "answer a card effect's question",
            "ответить на вопрос эффекта карты",
        ],
    },
    CmdSpec {
        name: "forgo",
        ru: "отказ",
        options: &[AS_POWER],
        help: ["decline the offer", "отказаться от предложенного"],
    },
    CmdSpec {
        name: "casualties",
        ru: "потери",
        options: &[
            opt(
                "units",
                "войска",
                OptKind::Units,
                true,
                "the units you lose, such as `2r 1m`",
                "теряемые отряды, например `2р 1н`",
            ),
            AS_POWER,
        ],
        help: ["choose your losses", "выбрать потери"],
    },
    CmdSpec {
        name: "retreat",
        ru: "отступить",
        options: &[
            opt(
                "to",
                "куда",
                OptKind::Space,
                false,
                "where the survivors go",
                "куда уходят уцелевшие",
            ),
            opt(
                "inside",
                "внутри",
                OptKind::Units,
                false,
                "units that stay inside the fortifications (up to 4)",
                "отряды, остающиеся за стенами (до 4)",
            ),
            AS_POWER,
        ],
        help: ["retreat after a lost battle", "отступить после боя"],
    },
    CmdSpec {
        name: "standing",
        ru: "постоянно",
        options: &[
            opt(
                "answer",
                "ответ",
                OptKind::Choice(STANDINGS),
                true,
                "the standing answer",
                "постоянный ответ",
            ),
            opt(
                "on",
                "вкл",
                OptKind::Choice(YES_NO),
                false,
                "yes (default) or no to clear it",
                "`да` (по умолчанию) или `нет`, чтобы снять",
            ),
            AS_POWER,
        ],
        help: ["set a standing answer", "задать постоянный ответ"],
    },
    // --- winter questions (C-WINTER-QUARTERS)
    CmdSpec {
        name: "winter",
        ru: "зимовка",
        options: &[
            opt(
                "to",
                "куда",
                OptKind::Space,
                false,
                "where they winter",
                "где зимовать",
            ),
            opt(
                "units",
                "войска",
                OptKind::Units,
                false,
                "to a capital",
                "в столицу",
            ),
            AS_POWER,
        ],
        help: ["Winter answer", "ответ зимы"],
    },
    // --- naval warfare (C-NAVAL-*)
    CmdSpec {
        name: "sail",
        ru: "плыть",
        options: &[
            opt(
                "from",
                "откуда",
                OptKind::Space,
                true,
                "where your fleet is",
                "где ваш флот",
            ),
            opt(
                "to",
                "куда",
                OptKind::Space,
                true,
                "next sea zone or port",
                "соседняя зона или порт",
            ),
            AS_POWER,
        ],
        help: ["move a fleet one step (CP)", "флот на шаг по морю (ОД)"],
    },
    CmdSpec {
        name: "transport",
        ru: "перевезти",
        options: &[
            opt(
                "from",
                "откуда",
                OptKind::Space,
                true,
                "port of the formation",
                "порт войска",
            ),
            opt(
                "to",
                "куда",
                OptKind::Space,
                true,
                "friendly port",
                "свой порт",
            ),
            opt(
                "units",
                "войска",
                OptKind::Units,
                true,
                "up to 5 land units, e.g. `4r alba`",
                "до 5 сухопутных отрядов, напр. `4r alba`",
            ),
            AS_POWER,
        ],
        help: [
            "carry a formation by sea (CP)",
            "перевезти войско морем (очки)",
        ],
    },
    CmdSpec {
        name: "ships",
        ru: "корабли",
        options: &[
            opt(
                "squadrons",
                "эскадры",
                OptKind::Integer,
                false,
                "squadrons sunk (2 hits)",
                "потоплено эскадр (2 попадания)",
            ),
            opt(
                "corsairs",
                "корсары",
                OptKind::Integer,
                false,
                "corsairs sunk (1 hit)",
                "потоплено корсаров (1 попадание)",
            ),
            AS_POWER,
        ],
        help: ["choose which ships are sunk", "выбрать потопленные корабли"],
    },
    CmdSpec {
        name: "haven",
        ru: "гавань",
        options: &[
            opt(
                "to",
                "куда",
                OptKind::Space,
                true,
                "friendly port or sea zone",
                "свой порт или морская зона",
            ),
            AS_POWER,
        ],
        help: ["retreat a fleet", "отвести флот"],
    },
    CmdSpec {
        name: "engage",
        ru: "напасть",
        options: &[
            opt(
                "from",
                "откуда",
                OptKind::Space,
                true,
                "your fleet's zone or port",
                "зона или порт флота",
            ),
            AS_POWER,
        ],
        help: ["intercept an entering fleet", "перехватить входящий флот"],
    },
    CmdSpec {
        name: "evade",
        ru: "ускользнуть",
        options: &[
            opt(
                "to",
                "куда",
                OptKind::Space,
                true,
                "where your fleet slips to",
                "куда уходит флот",
            ),
            AS_POWER,
        ],
        help: ["try to avoid a naval battle", "уклониться от морского боя"],
    },
    // --- treasures (X-TREASURE-SPEND)
    CmdSpec {
        name: "treasure",
        ru: "сокровище",
        options: &[
            opt(
                "which",
                "какое",
                OptKind::Treasure,
                true,
                "number of one of your treasures",
                "номер вашего сокровища",
            ),
            AS_POWER,
        ],
        help: [
            "spend a treasure for CP in your impulse",
            "потратить сокровище на ОД в свой импульс",
        ],
    },
    // --- diplomatic influence (X-INF-BUY)
    CmdSpec {
        name: "influence",
        ru: "влияние",
        options: &[
            opt(
                "target",
                "цель",
                OptKind::Text,
                true,
                "minor or inactive major",
                "малая или неактивная держава",
            ),
            opt(
                "steps",
                "шаги",
                OptKind::Integer,
                false,
                "steps (default 1)",
                "шагов (по умолчанию 1)",
            ),
            AS_POWER,
        ],
        help: [
            "buy influence for CP",
            "купить влияние за ОД",
        ],
    },
    // --- piracy (C-PIRACY)
    CmdSpec {
        name: "piracy",
        ru: "пиратство",
        options: &[
            opt(
                "zone",
                "зона",
                OptKind::Space,
                true,
                "sea zone of your corsairs",
                "зона ваших корсаров",
            ),
            opt(
                "target",
                "против",
                OptKind::Power,
                true,
                "a power with a port there",
                "держава с портом там",
            ),
            AS_POWER,
        ],
        help: ["corsair piracy (CP)", "пиратство корсаров (ОД)"],
    },
    CmdSpec {
        name: "tribute",
        ru: "дань",
        options: &[
            opt(
                "pay",
                "чем",
                OptKind::Choice(PIRACY_PAYS),
                true,
                "what a hit costs you",
                "плата за попадание",
            ),
            opt(
                "at",
                "где",
                OptKind::Space,
                false,
                "where the squadron is",
                "где эскадра",
            ),
            AS_POWER,
        ],
        help: ["pay a piracy hit", "уплатить пиратам"],
    },
    CmdSpec {
        name: "pass",
        ru: "пас",
        options: &[AS_POWER],
        help: ["pass your impulse", "пропустить импульс"],
    },
    CmdSpec {
        name: "end",
        ru: "закончить",
        options: &[AS_POWER],
        help: [
            "end your impulse (unspent CP are lost)",
            "закончить импульс (неиспользованные ОД сгорают)",
        ],
    },
    CmdSpec {
        name: "war",
        ru: "война",
        options: &[
            opt(
                "target",
                "против",
                OptKind::Power,
                true,
                "the enemy",
                "противник",
            ),
            opt(
                "card",
                "карта",
                OptKind::Card,
                false,
                "the card discarded to pay the war's cost",
                "карта, сбрасываемая в оплату войны",
            ),
            AS_POWER,
        ],
        help: ["declare war (diplomacy)", "объявить войну (дипломатия)"],
    },
    CmdSpec {
        name: "peace",
        ru: "мир",
        options: &[
            opt(
                "target",
                "с",
                OptKind::Power,
                true,
                "the enemy",
                "противник",
            ),
            AS_POWER,
        ],
        help: ["offer peace (diplomacy)", "предложить мир (дипломатия)"],
    },
    CmdSpec {
        name: "ally",
        ru: "союз",
        options: &[
            opt(
                "target",
                "с",
                OptKind::Power,
                true,
                "the partner",
                "партнёр",
            ),
            AS_POWER,
        ],
        help: [
            "offer an alliance (diplomacy)",
            "предложить союз (дипломатия)",
        ],
    },
    CmdSpec {
        name: "accept",
        ru: "принять",
        options: &[
            opt(
                "from",
                "от",
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
        ru: "малая",
        options: &[
            opt(
                "name",
                "имя",
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
        ru: "отклонить",
        options: &[
            opt(
                "from",
                "от",
                OptKind::Power,
                true,
                "who made the offer",
                "кто предложил",
            ),
            AS_POWER,
        ],
        help: ["decline an offer", "отклонить предложение"],
    },
    // --- diplomacy, winter, cards and victory
    CmdSpec {
        name: "sue",
        ru: "просить-мира",
        options: &[
            opt(
                "target",
                "у",
                OptKind::Power,
                true,
                "the enemy",
                "противник",
            ),
            AS_POWER,
        ],
        help: ["sue for peace", "просить мира"],
    },
    CmdSpec {
        name: "ransom",
        ru: "выкуп",
        options: &[
            opt(
                "leader",
                "лидер",
                OptKind::Leader,
                true,
                "your captured leader",
                "ваш пленный лидер",
            ),
            opt(
                "to",
                "куда",
                OptKind::Space,
                false,
                "capital it returns to",
                "в какую столицу",
            ),
            AS_POWER,
        ],
        help: ["ransom your leader", "выкупить лидера"],
    },
    CmdSpec {
        name: "recall",
        ru: "стянуть",
        options: &[
            opt(
                "from",
                "откуда",
                OptKind::Space,
                true,
                "where the units are",
                "где войска",
            ),
            opt(
                "to",
                "куда",
                OptKind::Space,
                true,
                "your capital",
                "ваша столица",
            ),
            AS_POWER,
        ],
        help: ["recall units to a capital", "стянуть войска в столицу"],
    },
    // --- peace (C-DIP-PEACE)
    CmdSpec {
        name: "surrender",
        ru: "сдать",
        options: &[
            opt(
                "space",
                "где",
                OptKind::Space,
                true,
                "where your units are",
                "где ваши войска",
            ),
            opt(
                "units",
                "войска",
                OptKind::Units,
                true,
                "land units you remove",
                "снимаемые отряды",
            ),
            AS_POWER,
        ],
        help: ["remove units after suing", "снять отряды за мир"],
    },
    CmdSpec {
        name: "regain",
        ru: "возвратить",
        options: &[
            opt(
                "what",
                "что",
                OptKind::Text,
                true,
                "leader, key, or two spaces A+B",
                "лидер, ключ или два пространства `A+B`",
            ),
            opt(
                "pay",
                "чем",
                OptKind::Choice(PEACE_PAYS),
                true,
                "winner gets VP or a card",
                "победителю ПО или карта",
            ),
            opt(
                "to",
                "куда",
                OptKind::Space,
                false,
                "capital for a leader",
                "столица для лидера",
            ),
            AS_POWER,
        ],
        help: ["regain after suing", "возврат после мира"],
    },
    CmdSpec {
        name: "done",
        ru: "готово",
        options: &[AS_POWER],
        help: [
            "finish diplomacy, or skip your spring deployment",
            "закончить переговоры или весеннее развёртывание",
        ],
    },
    CmdSpec {
        name: "deploy",
        ru: "развернуть",
        options: &[
            opt(
                "from",
                "откуда",
                OptKind::Space,
                true,
                "your capital",
                "ваша столица",
            ),
            opt("to", "куда", OptKind::Space, true, "destination", "куда"),
            opt(
                "units",
                "войска",
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
        ru: "выставить",
        options: &[
            opt(
                "leader",
                "лидер",
                OptKind::Leader,
                true,
                "leader id or name",
                "лидер (код или имя)",
            ),
            opt("space", "место", OptKind::Space, true, "where", "где"),
            AS_POWER,
        ],
        help: [
            "place a Protestant leader in spring deployment",
            "выставить протестантского лидера при развёртывании",
        ],
    },
    CmdSpec {
        name: "secret",
        ru: "тайна",
        options: &[opt(
            "choice",
            "выбор",
            OptKind::Choice(CHOICES),
            true,
            "the Empire's religious preference",
            "религиозный выбор Империи",
        )],
        help: ["the Empire's secret choice", "тайный выбор Империи"],
    },
    CmdSpec {
        name: "undo",
        ru: "отменить",
        options: &[],
        help: [
            "take back the last action; past dice or hidden cards only if every player agrees",
            "отменить последнее действие (после кубиков и тайного — с согласия всех)",
        ],
    },
    CmdSpec {
        name: "veto",
        ru: "возразить",
        options: &[],
        help: [
            "refuse a request to take back an action",
            "отклонить просьбу об отмене действия",
        ],
    },
    // --- ops: a vacated seat is filled with the players' agreement
    CmdSpec {
        name: "admit",
        ru: "впустить",
        options: &[opt(
            "power",
            "держава",
            OptKind::Power,
            true,
            "the vacated seat someone asked for",
            "освободившееся место, о котором попросили",
        )],
        help: [
            "let the member who asked take a vacated seat",
            "пустить попросившего на свободное место",
        ],
    },
    // --- ops: closing games
    CmdSpec {
        name: "close",
        ru: "закрыть",
        options: &[],
        help: [
            "close the game unfinished (all players, or a moderator)",
            "закрыть партию (все игроки или модератор)",
        ],
    },
    // --- campaign rhythm (issue 29): reminders, quiet hours, the dashboard
    CmdSpec {
        name: "settings",
        ru: "настройки",
        options: &[
            opt(
                "remind",
                "напоминать",
                OptKind::Text,
                false,
                "reminder after: 12h, 2d, off",
                "до напоминания: 12ч, 2д, выкл",
            ),
            opt(
                "quiet",
                "тишина",
                OptKind::Text,
                false,
                "quiet hours (UTC): 22-7, off",
                "тихие часы (Гринвич): 22-7, выкл",
            ),
        ],
        help: [
            "reminders, quiet hours",
            "напоминания, тихие часы",
        ],
    },
    CmdSpec {
        name: "dashboard",
        ru: "табло",
        options: &[],
        help: ["the game at a glance", "партия одним взглядом"],
    },
    CmdSpec {
        name: "adjust",
        ru: "поправить",
        options: &[
            opt(
                "what",
                "что",
                OptKind::Choice(ADJUST_WHAT),
                true,
                "what to fix",
                "что исправить",
            ),
            opt(
                "space",
                "место",
                OptKind::Space,
                false,
                "space",
                "пространство",
            ),
            opt(
                "owner",
                "владелец",
                OptKind::Text,
                false,
                "power, minor or independent",
                "держава, малая держава или `независимые`",
            ),
            opt(
                "faction",
                "фракция",
                OptKind::Choice(&["huguenot", "dutch"]),
                false,
                "Protestant faction",
                "фракция протестантов",
            ),
            opt(
                "regulars",
                "регуляры",
                OptKind::Integer,
                false,
                "regulars",
                "регуляры",
            ),
            opt(
                "mercenaries",
                "наёмники",
                OptKind::Integer,
                false,
                "mercenaries",
                "наёмники",
            ),
            opt(
                "cavalry",
                "кавалерия",
                OptKind::Integer,
                false,
                "cavalry",
                "кавалерия",
            ),
            opt(
                "squadrons",
                "эскадры",
                OptKind::Integer,
                false,
                "squadrons",
                "эскадры",
            ),
            opt(
                "corsairs",
                "корсары",
                OptKind::Integer,
                false,
                "Ottoman corsairs",
                "османские корсары",
            ),
            opt(
                "religion",
                "религия",
                OptKind::Choice(RELIGIONS),
                false,
                "religion",
                "религия",
            ),
            opt(
                "on",
                "вкл",
                OptKind::Choice(YES_NO),
                false,
                "unrest on or off",
                "беспорядки да/нет",
            ),
            opt(
                "target",
                "цель",
                OptKind::Power,
                false,
                "the power concerned",
                "держава",
            ),
            opt(
                "other",
                "другая",
                OptKind::Power,
                false,
                "the other power (relation)",
                "вторая держава (отношения)",
            ),
            opt(
                "delta",
                "изменение",
                OptKind::Integer,
                false,
                "VP change, or treasures given (+) or taken (-)",
                "изменение ПО или сокровищ (+ дать, - забрать)",
            ),
            opt("card", "карта", OptKind::Card, false, "card", "карта"),
            opt(
                "place",
                "куда",
                OptKind::Choice(PLACES),
                false,
                "where the card goes",
                "куда идёт карта",
            ),
            opt(
                "status",
                "статус",
                OptKind::Choice(STATUSES),
                false,
                "diplomatic status",
                "дипломатический статус",
            ),
            opt(
                "minor",
                "малая",
                OptKind::Text,
                false,
                "minor power",
                "малая держава",
            ),
            opt("leader", "лидер", OptKind::Leader, false, "leader", "лидер"),
            // --- position files (issue 17)
            opt(
                "turn",
                "ход",
                OptKind::Integer,
                false,
                "turn (phase; default: this turn)",
                "ход (этап; по умолчанию текущий)",
            ),
            opt(
                "phase",
                "этап",
                OptKind::Choice(ADJUST_PHASES),
                false,
                "phase to move to (with target: whose impulse)",
                "этап, на который перейти (`цель:` — чей импульс)",
            ),
            AS_POWER,
        ],
        help: [
            "fix anything by hand (logged publicly)",
            "исправить что угодно вручную (видно всем)",
        ],
    },
    CmdSpec {
        name: "map",
        ru: "поле",
        options: &[],
        help: ["show the map", "показать игровое поле (карту)"],
    },
    CmdSpec {
        name: "vp",
        ru: "по",
        options: &[],
        help: ["victory points", "победные очки (ПО)"],
    },
    CmdSpec {
        name: "log",
        ru: "журнал",
        options: &[opt(
            "last",
            "последние",
            OptKind::Integer,
            false,
            "how many actions (default 10)",
            "сколько действий (по умолчанию 10)",
        )],
        help: ["the latest actions", "последние действия"],
    },
    CmdSpec {
        name: "help",
        ru: "помощь",
        options: &[opt(
            "command",
            "команда",
            OptKind::CommandName,
            false,
            "a command",
            "команда",
        )],
        help: ["list the commands", "список команд"],
    },
    // --- player information
    CmdSpec {
        name: "card",
        ru: "карточка",
        options: &[opt(
            "card",
            "карта",
            OptKind::Card,
            true,
            "card number or name",
            "номер или название карты",
        )],
        help: [
            "a card's CP, kind and text (where known)",
            "ОД, вид и текст карты (если известен)",
        ],
    },
    // --- absences and spectators (issue 29, items 3, 4, 6)
    CmdSpec {
        name: "deputy",
        ru: "заместитель",
        options: &[
            opt(
                "until",
                "до",
                OptKind::Text,
                true,
                "12h, 3d, 2w, a date 2026-12-24, or end",
                "12ч, 3д, 2н, дата 2026-12-24 или конец",
            ),
            opt(
                "user",
                "кто",
                OptKind::User,
                false,
                "who acts for you",
                "кто играет за вас",
            ),
            AS_POWER,
        ],
        help: [
            "name a deputy for your power until a time (until:end ends it)",
            "назначить заместителя до срока (до:конец — снять)",
        ],
    },
    CmdSpec {
        name: "replace",
        ru: "заменить",
        options: &[
            opt(
                "power",
                "держава",
                OptKind::Power,
                false,
                "the inactive player's power",
                "держава неактивного игрока",
            ),
            opt("user", "кто", OptKind::User, false, "the new player", "новый игрок"),
            opt(
                "after",
                "после",
                OptKind::Text,
                false,
                "creator: inactivity that allows it (7d)",
                "создатель: срок неактивности (7д)",
            ),
        ],
        help: [
            "replace an inactive player, if every other player agrees",
            "заменить неактивного игрока с согласия всех остальных",
        ],
    },
    CmdSpec {
        name: "watch",
        ru: "смотреть",
        options: &[],
        help: [
            "watch this game: public digests by DM, never a hand",
            "следить за партией: сводки в личку, без рук",
        ],
    },
    CmdSpec {
        name: "unwatch",
        ru: "не-смотреть",
        options: &[],
        help: ["stop watching this game", "перестать следить за партией"],
    },
    CmdSpec {
        name: "digest",
        ru: "сводка",
        options: &[opt(
            "on",
            "вкл",
            OptKind::Choice(YES_NO),
            true,
            "your since-your-turn DMs",
            "ваши сводки в личку",
        )],
        help: [
            "switch your \"since your last turn\" DMs on or off",
            "включить или выключить сводки «с вашего хода»",
        ],
    },
    CmdSpec {
        name: "rule",
        ru: "правило",
        options: &[opt(
            "id",
            "номер",
            OptKind::RuleId,
            false,
            "a rule id such as R-GAME-PLAYERS (none: list them all)",
            "номер правила, например R-GAME-PLAYERS (пусто: список всех)",
        )],
        help: ["print a rule", "показать правило"],
    },
];

/// The spec of a command by its English name.
pub fn spec(name: &str) -> Option<&'static CmdSpec> {
    COMMANDS.iter().find(|c| c.name == name)
}

/// The spec of a command named in either language, any case (`ё` and `е` alike).
pub fn spec_any(name: &str) -> Option<&'static CmdSpec> {
    let n = fold(name);
    COMMANDS.iter().find(|c| c.name == n || fold(c.ru) == n)
}

/// Lower case, `ё` read as `е`: how typed command and option names are compared.
fn fold(s: &str) -> String {
    s.trim().to_lowercase().replace('ё', "е")
}

/// A command's name in a locale (an unknown name comes back as given). Messages name commands
/// through this, so a Russian game tells players to type `вступить`, an English one `join`.
pub fn command_name(loc: Locale, command: &str) -> &str {
    spec(command).map_or(command, |c| c.name_in(loc))
}

/// An option named without its command, in a locale: the first command's option of that name
/// (options that hold fixed choices, numbers or units have one Russian name everywhere).
pub fn any_option_name(loc: Locale, option: &str) -> &str {
    COMMANDS
        .iter()
        .find_map(|c| c.option(option))
        .map_or(option, |o| o.name_in(loc))
}

/// Option `option` of `command` in a locale (unknown names come back as given).
pub fn option_name<'a>(loc: Locale, command: &str, option: &'a str) -> &'a str {
    spec(command)
        .and_then(|c| c.option(option))
        .map_or(option, |o| o.name_in(loc))
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

/// A file named in a command (`setup file:…`): the name as typed (a path in the terminal, the
/// attachment's file name on Discord) and its text once the front end has read it. The table
/// never reads files itself; `text: None` means the front end could not read it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FileArg {
    /// Path or file name, for messages.
    pub name: String,
    /// The contents, filled in by the front end.
    pub text: Option<String>,
}

impl FileArg {
    /// A file known only by name (not read yet).
    pub fn named(name: String) -> FileArg {
        FileArg { name, text: None }
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
        /// Counts: regulars, mercenaries, cavalry, squadrons, corsairs; `None` keeps that type
        /// as it is.
        counts: [Option<u8>; 5],
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
    // --- position files (issue 17)
    /// Move to a turn and phase (and whose impulse or deployment).
    Phase {
        /// The turn; `None`: the current one.
        turn: Option<i64>,
        /// `diplomacy`, `spring_deployment`, `action` or `winter`.
        phase: String,
        /// Whose impulse or deployment.
        target: Option<String>,
    },
    /// The Barbary Pirates event played (corsairs may be built) or not.
    BarbaryPirates {
        /// On.
        on: bool,
    },
    // --- treasures
    /// Treasures given from the pool (`delta` > 0) or put back (`delta` < 0), at random.
    Treasure {
        /// Whose.
        target: String,
        /// How many more or fewer.
        delta: i8,
    },
    /// A power's influence on a courted power, changed by `delta` steps (X-INF-TRACK).
    Influence {
        /// Whose influence.
        target: String,
        /// The minor or inactive major.
        courted: String,
        /// Change in steps.
        delta: i64,
    },
    /// Who controls an inactive major (none: nobody) (X-INACTIVE).
    Inactive {
        /// The inactive major.
        major: String,
        /// Its controller.
        target: Option<String>,
    },
    /// Resolve a courted power's status now (X-INF-ROLL).
    Resolve {
        /// The minor or inactive major.
        courted: String,
    },
    // --- marriages and espionage (X-MARRIAGE-*, X-SPY-*)
    /// Two royals into the engagement box (`leader:A+B`).
    Engage {
        /// One royal.
        royal: String,
        /// The other.
        with: String,
    },
    /// A royal married (`on:yes`) or single again.
    Married {
        /// The royal.
        royal: String,
        /// Married.
        on: bool,
    },
    /// A power's ruler assassinated (`on:yes`) or brought back.
    Assassinated {
        /// Whose.
        target: String,
        /// Killed.
        on: bool,
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
    // --- position files (issue 17)
    Setup {
        file: FileArg,
        private: Option<FileArg>,
    },
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
        /// R-PROT-CAPITAL: the capital declared elsewhere in the territory.
        capital_at: Option<String>,
    },
    // --- marriages and espionage (X-MARRIAGE-*, X-SPY-*)
    Marry {
        royal: String,
        with: String,
        refuse: bool,
        power: Option<String>,
    },
    Spy {
        target: String,
        effect: String,
        whom: Option<String>,
        power: Option<String>,
    },
    // --- religion (X-REL-*)
    Convert {
        space: String,
        power: Option<String>,
    },
    Rebel {
        space: String,
        power: Option<String>,
    },
    Six {
        /// Keep the 6 and place unrest (`count:6`), or count it as a 5 (`count:5`).
        keep: bool,
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
    // --- land warfare
    Intercept {
        from: String,
        units: Option<UnitPick>,
        power: Option<String>,
    },
    Avoid {
        to: String,
        power: Option<String>,
    },
    Fortify {
        power: Option<String>,
    },
    Forgo {
        power: Option<String>,
    },
    Sally {
        power: Option<String>,
    },
    /// Answer to a card effect's question (`choose option:N` or `choose space:ID`).
    Choose {
        option: Option<u8>,
        space: Option<String>,
        power: Option<String>,
    },
    Casualties {
        units: UnitPick,
        power: Option<String>,
    },
    Retreat {
        to: Option<String>,
        inside: Option<UnitPick>,
        power: Option<String>,
    },
    Standing {
        answer: String,
        on: bool,
        power: Option<String>,
    },
    // --- winter questions
    Winter {
        to: Option<String>,
        units: Option<UnitPick>,
        power: Option<String>,
    },
    // --- naval warfare
    Sail {
        from: String,
        to: String,
        power: Option<String>,
    },
    Transport {
        from: String,
        to: String,
        units: UnitPick,
        power: Option<String>,
    },
    Ships {
        squadrons: u8,
        corsairs: u8,
        power: Option<String>,
    },
    Haven {
        to: String,
        power: Option<String>,
    },
    Engage {
        from: String,
        power: Option<String>,
    },
    Evade {
        to: String,
        power: Option<String>,
    },
    Piracy {
        zone: String,
        target: String,
        power: Option<String>,
    },
    Tribute {
        pay: String,
        at: Option<String>,
        power: Option<String>,
    },
    Treasure {
        which: u16,
        power: Option<String>,
    },
    // --- diplomatic influence (X-INF-BUY)
    Influence {
        target: String,
        steps: u8,
        power: Option<String>,
    },
    // --- peace (C-DIP-PEACE)
    Surrender {
        space: String,
        units: UnitPick,
        power: Option<String>,
    },
    Regain {
        what: String,
        pay: String,
        to: Option<String>,
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
        card: Option<String>,
        power: Option<String>,
    },
    Sue {
        target: String,
        power: Option<String>,
    },
    Ransom {
        leader: String,
        to: Option<String>,
        power: Option<String>,
    },
    Recall {
        from: String,
        to: String,
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
    /// Refuses the pending request to take back an action.
    Veto,
    /// Asks to close the game without finishing it (a moderator closes it at once).
    Close,
    // --- campaign rhythm (issue 29)
    /// The reminder interval (`Some(None)`: off) and the caller's quiet hours; neither: show
    /// the settings.
    Settings {
        remind: Option<Option<u32>>,
        quiet: Option<Option<(u8, u8)>>,
    },
    /// The game at a glance (the living dashboard's text).
    Dashboard,
    /// Agrees that the member who asked for a vacated seat takes it.
    Admit {
        power: String,
    },
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
    /// A rule's text; with no id, the list of rule ids with their titles.
    Rule {
        id: Option<String>,
    },
    /// A card's CP, kind and text.
    Card {
        card: String,
    },
    // --- absences and spectators (issue 29)
    /// Names a deputy for the caller's power until a time, or ends the deputy (`until:end`).
    Deputy {
        /// The deputy (`<@id>`, an id or a name); `None` with `until:end`.
        user: Option<String>,
        /// `12h`, `3d`, `2w`, `2026-12-24` or `end`.
        until: String,
        /// The power, for a player holding several.
        power: Option<String>,
    },
    /// Asks for (or agrees to) the replacement of an inactive player; with `after:` alone the
    /// creator sets the inactivity that allows it.
    Replace {
        /// The inactive player's power.
        power: Option<String>,
        /// The new player.
        user: Option<String>,
        /// The table's inactivity time (`7d`).
        after: Option<String>,
    },
    /// Watches the game as a spectator.
    Watch,
    /// Stops watching.
    Unwatch,
    /// Switches the caller's "since your last turn" DMs on or off.
    Digest {
        /// On or off.
        on: bool,
    },
}

/// What an option's value should have been (worded in the game's language by the catalogue;
/// `Display` gives the English form).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Expected {
    /// One of these fixed choices (English values; Russian games show their Russian words).
    OneOf(&'static [&'static str]),
    /// A whole number.
    WholeNumber,
    /// A whole number from 0 to 255.
    Count,
    /// A unit pick: counts like `3r 1m 2c` and leader names.
    Units,
    /// A whole number in this range (both ends included).
    Between(i64, i64),
    // --- campaign rhythm (issue 29)
    /// A reminder interval such as `12h` in this range (seconds), or `off`.
    Interval {
        /// Shortest.
        min_s: u32,
        /// Longest.
        max_s: u32,
    },
    /// Quiet hours such as `22-7` (UTC hours, start and end differ), or `off`.
    QuietHours,
}

impl std::fmt::Display for Expected {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Expected::OneOf(list) => write!(f, "one of {}", list.join(", ")),
            Expected::WholeNumber => f.write_str("a whole number"),
            Expected::Count => f.write_str("a number from 0 to 255"),
            Expected::Units => f.write_str(
                "counts like `3r 1m 2c` (regulars, mercenaries, cavalry) and leader names",
            ),
            Expected::Between(lo, hi) => write!(f, "a whole number from {lo} to {hi}"),
            Expected::Interval { min_s, max_s } => write!(
                f,
                "a time from {} h to {} d such as `12h`, `90m` or `2d`, or `off`",
                min_s / 3600,
                max_s / 86_400
            ),
            Expected::QuietHours => {
                f.write_str("two different UTC hours from 0 to 23 such as `22-7`, or `off`")
            }
        }
    }
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
        expected: Expected,
    },
    /// A free word that belongs to no option.
    #[error("`{word}` belongs to no option; write options as `name:value`")]
    Stray {
        /// The word.
        word: String,
    },
    /// An option that the chosen kind of `adjust` does not read (`adjust what:vp space:london`):
    /// refused rather than ignored.
    #[error("`{option}:` does not apply to `adjust what:{what}`; it reads: {reads:?}")]
    NotRead {
        /// The option given.
        option: String,
        /// The `what:` chosen.
        what: String,
        /// The options that kind reads.
        reads: &'static [&'static str],
    },
    /// The same option typed twice (`space:berwick space:norwich`): neither is taken.
    #[error("`{option}:` is given twice; give each option once")]
    Repeated {
        /// The option.
        option: String,
    },
    // --- safe input
    /// At least one of these options must be given.
    #[error("`{command}` needs at least one of {options:?}")]
    NeedOneOf {
        /// Command.
        command: String,
        /// The options, one of which is needed.
        options: Vec<&'static str>,
    },
    // --- ops: bounded input
    /// A line or a value longer than the table reads; it is not echoed back.
    #[error("{what} is too long ({len} characters; at most {max})")]
    TooLong {
        /// `command` for the whole line, else the option's name.
        what: String,
        /// Its length in characters.
        len: usize,
        /// The bound.
        max: usize,
    },
    // --- words: input read completely
    /// A unit pick that names the same unit type or leader twice (`1r alba 1r`): refused rather
    /// than summed, naming the repeated part.
    #[error("`{option}:` names `{part}` twice; name each unit type and leader once")]
    RepeatedPart {
        /// The option (`units`).
        option: String,
        /// The part typed again, as typed.
        part: String,
    },
}

/// The longest typed line the table reads ([`parse`]); longer ones are refused unread.
pub const MAX_LINE_CHARS: usize = 2000;
/// The longest single value (a name, a number, a unit pick, a rule id) the table reads: names
/// are looked up with suggestions, whose cost grows with the length.
pub const MAX_VALUE_CHARS: usize = 100;

/// Refuses an invocation whose command name or some value is longer than [`MAX_VALUE_CHARS`].
fn check_lengths(inv: &Invocation) -> Result<(), ParseError> {
    let long = |what: &str, text: &str| {
        let len = text.chars().count();
        (len > MAX_VALUE_CHARS).then(|| ParseError::TooLong {
            what: what.chars().take(MAX_VALUE_CHARS).collect(),
            len,
            max: MAX_VALUE_CHARS,
        })
    };
    if let Some(e) = long("command", &inv.name) {
        return Err(e);
    }
    for (k, v) in &inv.options {
        if let Some(e) = long(k, k).or_else(|| long(k, v)) {
            return Err(e);
        }
    }
    Ok(())
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
    let Some(spec) = spec_any(&name) else {
        return Err(unknown_command(name));
    };
    let mut inv = Invocation {
        name: spec.name.to_string(),
        options: Vec::new(),
    };
    let mut current: Option<(String, Vec<String>)> = None;
    let mut leading: Vec<String> = Vec::new();
    for w in words {
        if let Some((k, v)) = w.split_once(':') {
            let key = fold(k);
            // `as:<power>` (`как:`) is accepted for the power selector where `as` is not an option.
            let found = match spec.option_any(&key) {
                None if key == "as" || key == "как" => spec.option("power"),
                found => found,
            };
            if let Some(o) = found {
                if let Some((k, vals)) = current.take() {
                    inv.options.push((k, vals.join(" ")));
                }
                let twice = inv.options.iter().any(|(k, _)| k == o.name);
                if twice {
                    return Err(ParseError::Repeated {
                        option: o.name.to_string(),
                    });
                }
                let v = unquote(v);
                current = Some((
                    o.name.to_string(),
                    if v.is_empty() { vec![] } else { vec![v] },
                ));
                continue;
            }
            if k.chars().all(|c| c.is_alphabetic() || c == '-' || c == '_') && !k.is_empty() {
                return Err(unknown_option(spec, key));
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

fn unknown_command(name: String) -> ParseError {
    ParseError::UnknownCommand {
        hint: suggest(&name, COMMANDS.iter().flat_map(|c| [c.name, c.ru])),
        name,
    }
}

fn unknown_option(spec: &CmdSpec, option: String) -> ParseError {
    ParseError::UnknownOption {
        command: spec.name.into(),
        option,
        allowed: spec
            .options
            .iter()
            .map(|o| o.name)
            .collect::<Vec<_>>()
            .join(", "),
    }
}

/// Typable Russian words for the fixed choice values (`event` → `событие`). A typed value may be
/// either word, or a unique start of at least three letters of a Russian one.
const CHOICE_RU: &[(&str, &str)] = &[
    ("cp", "од"),
    ("event", "событие"),
    ("en", "английский"),
    ("ru", "русский"),
    ("regular", "регуляры"),
    ("mercenary", "наёмники"),
    ("cavalry", "кавалерия"),
    ("squadron", "эскадра"),
    ("corsair", "корсар"),
    ("barbary", "берберы"),
    ("fortress", "крепость"),
    ("protestant", "протестантский"),
    ("catholic", "католический"),
    ("balanced", "равновесие"),
    ("never_intercept", "без_перехвата"),
    ("never_avoid", "без_уклонения"),
    ("always_withdraw", "всегда_укрываться"),
    ("never_withdraw", "не_укрываться"),
    ("decline_cards", "без_карт"),
    ("mercenaries_first", "сначала_наёмники"),
    ("sally", "вылазка"),
    ("no_sally", "без_вылазок"),
    ("auto_retreat", "отступать_сам"),
    ("winter_default", "зимовка_по_умолчанию"),
    ("units", "войска"),
    ("control", "контроль"),
    ("religion", "религия"),
    ("unrest", "беспорядки"),
    ("vp", "по"),
    ("card", "карта"),
    ("relation", "отношения"),
    ("minor", "малая"),
    ("leader", "лидер"),
    ("kill-ruler", "смерть-правителя"),
    ("hand", "рука"),
    ("discard", "сброс"),
    ("deck", "колода"),
    ("removed", "удалена"),
    ("peace", "мир"),
    ("war", "война"),
    ("alliance", "союз"),
    ("yes", "да"),
    ("no", "нет"),
    ("huguenot", "гугеноты"),
    ("dutch", "голландцы"),
    ("ireland", "ирландия"),
    ("papacy", "папство"),
    ("portugal", "португалия"),
    ("scotland", "шотландия"),
    ("venice", "венеция"),
    // --- position files (issue 17)
    ("phase", "этап"),
    ("diplomacy", "дипломатия"),
    ("spring_deployment", "развёртывание"),
    ("action", "действия"),
    ("winter", "зима"),
    // --- marriages and espionage
    ("look", "взгляд"),
    ("assassinate", "покушение"),
    ("engage", "помолвка"),
    ("married", "брак"),
    ("assassinated", "убит"),
    // --- treasures
    ("treasure", "сокровище"),
    // --- diplomatic influence (X-INF-*, X-INACTIVE)
    ("influence", "влияние"),
    ("inactive", "неактивная"),
    ("resolve", "определить"),
];

/// The typable Russian word for a choice value, if it has one.
pub fn choice_word_ru(value: &str) -> Option<&'static str> {
    CHOICE_RU.iter().find(|(v, _)| *v == value).map(|(_, r)| *r)
}

/// A typed choice value as the English value of `list` it means; `None` if it means none.
fn choice_value(list: &'static [&'static str], typed: &str) -> Option<&'static str> {
    let t = fold(typed);
    if let Some(v) = list.iter().find(|v| **v == t) {
        return Some(v);
    }
    let ru = |v: &&str| choice_word_ru(v).map(fold);
    if let Some(v) = list.iter().find(|v| ru(v).as_deref() == Some(t.as_str())) {
        return Some(v);
    }
    let starts: Vec<&&str> = list
        .iter()
        .filter(|v| t.chars().count() >= 3 && ru(v).is_some_and(|r| r.starts_with(&t)))
        .collect();
    match starts[..] {
        [v] => Some(v),
        _ => None,
    }
}

/// An invocation with English names throughout: the command and option names may be given in
/// either language, and fixed choices as their English or Russian words.
pub fn canonical(inv: &Invocation) -> Result<Invocation, ParseError> {
    let Some(spec) = spec_any(&inv.name) else {
        return Err(unknown_command(inv.name.clone()));
    };
    let mut out = Invocation {
        name: spec.name.to_string(),
        options: Vec::with_capacity(inv.options.len()),
    };
    for (k, v) in &inv.options {
        let Some(o) = spec.option_any(k) else {
            return Err(unknown_option(spec, k.clone()));
        };
        let v = match o.kind {
            OptKind::Choice(list) => {
                choice_value(list, v).map_or_else(|| v.clone(), str::to_string)
            }
            _ => v.clone(),
        };
        out.options.push((o.name.to_string(), v));
    }
    Ok(out)
}

/// The value shown in public command lines in place of something private (a secret choice,
/// a card moved to or from a hand).
pub const HIDDEN: &str = "(hidden)";

/// A typed line (English names, as the log stores actions) with the command, option and choice
/// names of `loc`: `move from:paris to:rouen` → `двинуть откуда:paris куда:rouen`. Lines that
/// do not parse come back unchanged.
pub fn localize_line(line: &str, loc: Locale) -> String {
    let (Locale::Ru, Ok(inv)) = (loc, tokenize(line)) else {
        return line.to_string();
    };
    let Some(spec) = spec(&inv.name) else {
        return line.to_string();
    };
    let mut out = spec.name_in(loc).to_string();
    for (k, v) in &inv.options {
        let Some(o) = spec.option(k) else {
            return line.to_string();
        };
        let v = match o.kind {
            _ if v == HIDDEN => "(скрыто)",
            OptKind::Choice(_) => choice_word_ru(v).unwrap_or(v),
            _ => v.as_str(),
        };
        out.push_str(&format!(" {}:{v}", o.name_in(loc)));
    }
    out
}

/// Parses a whole line into a command.
pub fn parse(line: &str) -> Result<Command, ParseError> {
    let len = line.chars().count();
    if len > MAX_LINE_CHARS {
        return Err(ParseError::TooLong {
            what: "command".into(),
            len,
            max: MAX_LINE_CHARS,
        });
    }
    Command::from_invocation(&tokenize(line)?)
}

impl Command {
    /// Types an invocation (from a typed line or from slash-command options).
    /// Names may be English or Russian (see [`canonical`]).
    pub fn from_invocation(inv: &Invocation) -> Result<Command, ParseError> {
        check_lengths(inv)?;
        let inv = &canonical(inv)?;
        let Some(spec) = spec(&inv.name) else {
            return Err(unknown_command(inv.name.clone()));
        };
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
            "setup" => Command::Setup {
                file: FileArg::named(a.req("file")?),
                private: a.opt("private").map(FileArg::named),
            },
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
                    "corsair" => BuildWhat::Unit(UnitKind::Corsair),
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
                capital_at: a.opt("capital-at"),
            },
            "marry" => Command::Marry {
                royal: a.req("royal")?,
                with: a.opt("with").unwrap_or_default(),
                refuse: a
                    .opt("refuse")
                    .is_some_and(|c| c.eq_ignore_ascii_case("yes")),
                power,
            },
            "spy" => Command::Spy {
                target: a.req("target")?,
                effect: a.req("effect")?.to_lowercase(),
                whom: a.opt("whom"),
                power,
            },
            "convert" => Command::Convert {
                space: a.req("space")?,
                power,
            },
            "rebel" => Command::Rebel {
                space: a.req("space")?,
                power,
            },
            "six" => Command::Six {
                keep: a.req("count")? == "6",
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
            "intercept" => Command::Intercept {
                from: a.req("from")?,
                units: a.opt("units").map(|u| parse_units(&u)).transpose()?,
                power,
            },
            "avoid" => Command::Avoid {
                to: a.req("to")?,
                power,
            },
            "fortify" => Command::Fortify { power },
            "forgo" => Command::Forgo { power },
            "sally" => Command::Sally { power },
            "choose" => {
                let option = a.int("option")?;
                let space = a.opt("space");
                let option = match (option, &space) {
                    (Some(n), _) => Some(u8::try_from(n).map_err(|_| ParseError::BadValue {
                        option: "option".into(),
                        value: n.to_string(),
                        expected: Expected::WholeNumber,
                    })?),
                    (None, Some(_)) => None,
                    (None, None) => {
                        return Err(ParseError::Missing {
                            command: "choose".into(),
                            option: "option".into(),
                        })
                    }
                };
                Command::Choose {
                    option,
                    space,
                    power,
                }
            }
            "casualties" => Command::Casualties {
                units: parse_units(&a.req("units")?)?,
                power,
            },
            "winter" => Command::Winter {
                to: a.opt("to"),
                units: a.opt("units").map(|u| parse_units(&u)).transpose()?,
                power,
            },
            "retreat" => Command::Retreat {
                to: a.opt("to"),
                inside: a.opt("inside").map(|u| parse_units(&u)).transpose()?,
                power,
            },
            "sail" => Command::Sail {
                from: a.req("from")?,
                to: a.req("to")?,
                power,
            },
            "transport" => Command::Transport {
                from: a.req("from")?,
                to: a.req("to")?,
                units: parse_units(&a.req("units")?)?,
                power,
            },
            "ships" => Command::Ships {
                squadrons: count(&a, "squadrons")?.unwrap_or(0),
                corsairs: count(&a, "corsairs")?.unwrap_or(0),
                power,
            },
            "haven" => Command::Haven {
                to: a.req("to")?,
                power,
            },
            "engage" => Command::Engage {
                from: a.req("from")?,
                power,
            },
            "evade" => Command::Evade {
                to: a.req("to")?,
                power,
            },
            "piracy" => Command::Piracy {
                zone: a.req("zone")?,
                target: a.req("target")?,
                power,
            },
            "treasure" => Command::Treasure {
                which: {
                    let n = a.int("which")?.ok_or_else(|| ParseError::Missing {
                        command: "treasure".into(),
                        option: "which".into(),
                    })?;
                    u16::try_from(n).map_err(|_| ParseError::BadValue {
                        option: "which".into(),
                        value: n.to_string(),
                        expected: Expected::Count,
                    })?
                },
                power,
            },
            "influence" => Command::Influence {
                target: a.req("target")?,
                steps: match a.int("steps")? {
                    None => 1,
                    Some(n) => u8::try_from(n).map_err(|_| ParseError::BadValue {
                        option: "steps".into(),
                        value: n.to_string(),
                        expected: Expected::Count,
                    })?,
                },
                power,
            },
            "tribute" => Command::Tribute {
                pay: a.req("pay")?.to_lowercase(),
                at: a.opt("at"),
                power,
            },
            "standing" => Command::Standing {
                answer: a.req("answer")?,
                on: !a.opt("on").is_some_and(|v| v.eq_ignore_ascii_case("no")),
                power,
            },
            "pass" => Command::Pass { power },
            "end" => Command::End { power },
            "war" => Command::War {
                target: a.req("target")?,
                card: a.opt("card"),
                power,
            },
            "surrender" => Command::Surrender {
                space: a.req("space")?,
                units: parse_units(&a.req("units")?)?,
                power,
            },
            "regain" => Command::Regain {
                what: a.req("what")?,
                pay: a.req("pay")?.to_lowercase(),
                to: a.opt("to"),
                power,
            },
            "sue" => Command::Sue {
                target: a.req("target")?,
                power,
            },
            "ransom" => Command::Ransom {
                leader: a.req("leader")?,
                to: a.opt("to"),
                power,
            },
            "recall" => Command::Recall {
                from: a.req("from")?,
                to: a.req("to")?,
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
            "veto" => Command::Veto,
            "close" => Command::Close,
            "settings" => Command::Settings {
                remind: a
                    .opt("remind")
                    .map(|v| super::reminders::parse_interval(&v))
                    .transpose()?,
                quiet: a
                    .opt("quiet")
                    .map(|v| super::reminders::parse_quiet(&v))
                    .transpose()?,
            },
            "dashboard" => Command::Dashboard,
            "admit" => Command::Admit {
                power: a.req("power")?,
            },
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
            "rule" => Command::Rule { id: a.opt("id") },
            "card" => Command::Card {
                card: a.req("card")?,
            },
            "deputy" => Command::Deputy {
                user: a.opt("user"),
                until: a.req("until")?,
                power,
            },
            "replace" => Command::Replace {
                power,
                user: a.opt("user"),
                after: a.opt("after"),
            },
            "watch" => Command::Watch,
            "unwatch" => Command::Unwatch,
            "digest" => Command::Digest {
                on: !a.req("on")?.eq_ignore_ascii_case("no"),
            },
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
            Command::Setup { .. } => "setup",
            Command::Status => "status",
            Command::Hand { .. } => "hand",
            Command::Play { .. } => "play",
            Command::Move { .. } => "move",
            Command::Control { .. } => "control",
            Command::Build { .. } => "build",
            Command::Assault { .. } => "assault",
            Command::Revolt { .. } => "revolt",
            Command::Marry { .. } => "marry",
            Command::Spy { .. } => "spy",
            Command::Convert { .. } => "convert",
            Command::Rebel { .. } => "rebel",
            Command::Six { .. } => "six",
            Command::Fight { .. } => "fight",
            Command::Send { .. } => "send",
            Command::Withdraw { .. } => "withdraw",
            Command::Capital { .. } => "capital",
            Command::Intercept { .. } => "intercept",
            Command::Avoid { .. } => "avoid",
            Command::Fortify { .. } => "fortify",
            Command::Forgo { .. } => "forgo",
            Command::Sally { .. } => "sally",
            Command::Choose { .. } => "choose",
            Command::Casualties { .. } => "casualties",
            Command::Retreat { .. } => "retreat",
            Command::Winter { .. } => "winter",
            Command::Sail { .. } => "sail",
            Command::Transport { .. } => "transport",
            Command::Ships { .. } => "ships",
            Command::Haven { .. } => "haven",
            Command::Engage { .. } => "engage",
            Command::Evade { .. } => "evade",
            Command::Piracy { .. } => "piracy",
            Command::Tribute { .. } => "tribute",
            Command::Treasure { .. } => "treasure",
            Command::Influence { .. } => "influence",
            Command::Standing { .. } => "standing",
            Command::Pass { .. } => "pass",
            Command::End { .. } => "end",
            Command::War { .. } => "war",
            Command::Sue { .. } => "sue",
            Command::Surrender { .. } => "surrender",
            Command::Regain { .. } => "regain",
            Command::Ransom { .. } => "ransom",
            Command::Recall { .. } => "recall",
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
            Command::Veto => "veto",
            Command::Close => "close",
            Command::Settings { .. } => "settings",
            Command::Dashboard => "dashboard",
            Command::Admit { .. } => "admit",
            Command::Adjust { .. } => "adjust",
            Command::Map => "map",
            Command::Vp => "vp",
            Command::Log { .. } => "log",
            Command::Help { .. } => "help",
            Command::Rule { .. } => "rule",
            Command::Card { .. } => "card",
            Command::Deputy { .. } => "deputy",
            Command::Replace { .. } => "replace",
            Command::Watch => "watch",
            Command::Unwatch => "unwatch",
            Command::Digest { .. } => "digest",
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
                    expected: Expected::WholeNumber,
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
                    expected: Expected::OneOf(list),
                })
            }
        }
        OptKind::Integer | OptKind::Treasure if !v.is_empty() => v
            .parse::<i64>()
            .map(|_| ())
            .map_err(|_| ParseError::BadValue {
                option: o.name.into(),
                value: v.into(),
                expected: Expected::WholeNumber,
            }),
        _ => Ok(()),
    }
}

/// A unit count of `adjust` (0 to 255), or `None` when the option is not given.
fn count(a: &Args<'_>, name: &str) -> Result<Option<u8>, ParseError> {
    a.int(name)?
        .map(|n| {
            u8::try_from(n).map_err(|_| ParseError::BadValue {
                option: name.into(),
                value: n.to_string(),
                expected: Expected::Count,
            })
        })
        .transpose()
}

/// The unit-count options of `adjust what:units`, in the order of [`AdjustCmd::Units`]'s counts.
pub const ADJUST_COUNTS: [&str; 5] = [
    "regulars",
    "mercenaries",
    "cavalry",
    "squadrons",
    "corsairs",
];

/// The options each `adjust what:…` reads, besides `what` and the acting `power`.
fn adjust_reads(what: &str) -> &'static [&'static str] {
    match what {
        "units" => &[
            "space",
            "owner",
            "faction",
            "regulars",
            "mercenaries",
            "cavalry",
            "squadrons",
            "corsairs",
        ],
        "control" => &["space", "owner"],
        "religion" => &["space", "religion"],
        "unrest" => &["space", "on"],
        "vp" => &["target", "delta"],
        "card" => &["card", "place", "target"],
        "relation" => &["target", "other", "status"],
        "minor" => &["minor", "target"],
        "leader" => &["leader", "space"],
        "phase" => &["turn", "phase", "target"],
        "kill-ruler" => &["target"],
        "barbary" => &["on"],
        "treasure" => &["target", "delta"],
        "influence" => &["target", "minor", "delta"],
        "inactive" => &["other", "target"],
        "resolve" => &["minor"],
        "engage" => &["leader"],
        "married" => &["leader", "on"],
        "assassinated" => &["target", "on"],
        _ => &[],
    }
}

/// The most treasures one `adjust what:treasure` gives or takes.
pub const MAX_TREASURE_DELTA: i64 = 10;

/// The largest VP change one `adjust what:vp` makes, either way.
pub const MAX_VP_DELTA: i64 = 1000;

fn adjust_cmd(a: &Args<'_>) -> Result<AdjustCmd, ParseError> {
    let what = a.req("what")?.to_lowercase();
    // Read completely or refused: an option this kind of adjust does not read is not ignored.
    let reads = adjust_reads(&what);
    if let Some((k, _)) = a
        .inv
        .options
        .iter()
        .find(|(k, _)| k != "what" && k != "power" && !reads.contains(&k.as_str()))
    {
        return Err(ParseError::NotRead {
            option: k.clone(),
            what,
            reads,
        });
    }
    Ok(match what.as_str() {
        "units" => {
            let counts = [
                count(a, ADJUST_COUNTS[0])?,
                count(a, ADJUST_COUNTS[1])?,
                count(a, ADJUST_COUNTS[2])?,
                count(a, ADJUST_COUNTS[3])?,
                count(a, ADJUST_COUNTS[4])?,
            ];
            if counts.iter().all(Option::is_none) {
                return Err(ParseError::NeedOneOf {
                    command: "adjust".into(),
                    options: ADJUST_COUNTS.to_vec(),
                });
            }
            AdjustCmd::Units {
                space: a.req("space")?,
                owner: a.req("owner")?,
                faction: a.opt("faction"),
                counts,
            }
        }
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
        "vp" => {
            let delta = a.int("delta")?.ok_or_else(|| ParseError::Missing {
                command: "adjust".into(),
                option: "delta".into(),
            })?;
            if !(-MAX_VP_DELTA..=MAX_VP_DELTA).contains(&delta) {
                return Err(ParseError::BadValue {
                    option: "delta".into(),
                    value: delta.to_string(),
                    expected: Expected::Between(-MAX_VP_DELTA, MAX_VP_DELTA),
                });
            }
            AdjustCmd::Vp {
                target: a.req("target")?,
                delta: delta as i32,
            }
        }
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
        "phase" => AdjustCmd::Phase {
            turn: a.int("turn")?,
            phase: a.req("phase")?.to_lowercase(),
            target: a.opt("target"),
        },
        // --- diplomatic influence (X-INF-*, X-INACTIVE)
        "influence" => AdjustCmd::Influence {
            target: a.req("target")?,
            courted: a.req("minor")?,
            delta: a.int("delta")?.ok_or_else(|| ParseError::Missing {
                command: "adjust".into(),
                option: "delta".into(),
            })?,
        },
        "inactive" => AdjustCmd::Inactive {
            major: a.req("other")?,
            target: a.opt("target"),
        },
        "resolve" => AdjustCmd::Resolve {
            courted: a.req("minor")?,
        },
        "barbary" => AdjustCmd::BarbaryPirates {
            on: a.req("on")?.eq_ignore_ascii_case("yes"),
        },
        // --- treasures: a few at a time, from or to the pool
        "treasure" => {
            let delta = a.int("delta")?.ok_or_else(|| ParseError::Missing {
                command: "adjust".into(),
                option: "delta".into(),
            })?;
            if delta == 0 || !(-MAX_TREASURE_DELTA..=MAX_TREASURE_DELTA).contains(&delta) {
                return Err(ParseError::BadValue {
                    option: "delta".into(),
                    value: delta.to_string(),
                    expected: Expected::Between(-MAX_TREASURE_DELTA, MAX_TREASURE_DELTA),
                });
            }
            AdjustCmd::Treasure {
                target: a.req("target")?,
                delta: delta as i8,
            }
        }
        // --- marriages and espionage: `leader:` names the royals (`A+B` for a pair)
        "engage" => {
            let pair = a.req("leader")?;
            let Some((x, y)) = pair.split_once('+') else {
                return Err(ParseError::BadValue {
                    option: "leader".into(),
                    value: pair,
                    expected: Expected::OneOf(&["ROYAL_A+ROYAL_B"]),
                });
            };
            AdjustCmd::Engage {
                royal: x.trim().to_string(),
                with: y.trim().to_string(),
            }
        }
        "married" => AdjustCmd::Married {
            royal: a.req("leader")?,
            on: a.req("on")?.eq_ignore_ascii_case("yes"),
        },
        "assassinated" => AdjustCmd::Assassinated {
            target: a.req("target")?,
            on: a.req("on")?.eq_ignore_ascii_case("yes"),
        },
        _ => AdjustCmd::KillRuler {
            target: a.req("target")?,
        },
    })
}

/// Unit-type words a count may carry (`3r`, `2 regulars`, `1 кав`): a typed word names a type
/// when it is the start of one of that type's words. Every word of a pick is read: a count whose
/// type is not one of these refuses the whole pick.
const UNIT_WORDS: [(&[&str], usize); 3] = [
    (
        &[
            "regulars",
            "regular",
            "регуляры",
            "регуляров",
            "регуляр",
            "регулярные",
            "регулярных",
            "регулярный",
            "регулярная",
        ],
        0,
    ),
    (
        &[
            "mercenaries",
            "mercenary",
            "наёмники",
            "наёмников",
            "наемники",
            "наемников",
            "наёмник",
            "наемник",
            "наёмные",
            "наемные",
            "наёмных",
            "наемных",
        ],
        1,
    ),
    (
        &[
            "cavalry",
            "кавалерия",
            "кавалерии",
            "кавалеристы",
            "кавалеристов",
        ],
        2,
    ),
];

/// The unit type (0 regulars, 1 mercenaries, 2 cavalry) a typed word names, if exactly one.
fn unit_type(word: &str) -> Option<usize> {
    let w = word.trim_end_matches('.');
    if w.is_empty() {
        return None;
    }
    let hits: Vec<usize> = UNIT_WORDS
        .iter()
        .filter(|(words, _)| words.iter().any(|x| x.starts_with(w)))
        .map(|(_, i)| *i)
        .collect();
    match hits[..] {
        [i] => Some(i),
        _ => None,
    }
}

/// Reads a unit pick: counts such as `3r`, `2 regulars`, `1c`, `1m`, `2r2m` (several counts in
/// one word), and leader names (words that do not start with a digit), separated by spaces,
/// commas or `+`. The whole text is read or the pick is refused, naming the part not understood.
pub fn parse_units(text: &str) -> Result<UnitPick, ParseError> {
    let mut pick = UnitPick::default();
    let words: Vec<String> = text
        .split(|c: char| c.is_whitespace() || c == ',' || c == '+')
        .filter(|w| !w.is_empty())
        .map(str::to_string)
        .collect();
    let bad = |w: &str| ParseError::BadValue {
        option: "units".into(),
        value: w.into(),
        expected: Expected::Units,
    };
    let repeated = |w: &str| ParseError::RepeatedPart {
        option: "units".into(),
        part: w.into(),
    };
    // Unit types already counted (regulars, mercenaries, cavalry).
    let mut seen = [false; 3];
    let mut i = 0;
    while i < words.len() {
        let w = words[i].to_lowercase();
        if !w.starts_with(|c: char| c.is_ascii_digit()) {
            if pick.leaders.iter().any(|l| l.to_lowercase() == w) {
                return Err(repeated(&words[i]));
            }
            pick.leaders.push(words[i].clone());
            i += 1;
            continue;
        }
        // A word of `<count><type>` pairs; a bare count takes its type from the next word.
        let mut rest = w.as_str();
        while !rest.is_empty() {
            let digits: String = rest.chars().take_while(|c| c.is_ascii_digit()).collect();
            if digits.is_empty() {
                return Err(bad(&words[i]));
            }
            let n: u8 = digits.parse().map_err(|_| bad(&words[i]))?;
            rest = &rest[digits.len()..];
            let kind: String = rest.chars().take_while(|c| !c.is_ascii_digit()).collect();
            rest = &rest[kind.len()..];
            let kind = if kind.is_empty() {
                if !rest.is_empty() {
                    return Err(bad(&words[i]));
                }
                i += 1;
                words
                    .get(i)
                    .map(|k| k.to_lowercase())
                    .ok_or_else(|| bad(&w))?
            } else {
                kind
            };
            let Some(t) = unit_type(&kind) else {
                return Err(bad(&words[i]));
            };
            if std::mem::replace(&mut seen[t], true) {
                return Err(repeated(&format!("{digits}{kind}")));
            }
            let slot = match t {
                0 => &mut pick.regulars,
                1 => &mut pick.mercenaries,
                _ => &mut pick.cavalry,
            };
            *slot = slot.checked_add(n).ok_or_else(|| bad(&words[i]))?;
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
                id: Some("R-GAME-PLAYERS".into())
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

    /// Discord's rule for command and option names (lower case is checked separately).
    fn discord_name(name: &str) -> bool {
        let re = regex::Regex::new(r"^[-_\p{L}\p{N}]{1,32}$").expect("valid regex");
        re.is_match(name) && name.to_lowercase() == name
    }

    #[test]
    fn russian_names_are_valid_discord_names() {
        for c in COMMANDS {
            assert!(discord_name(c.ru), "command {} → {}", c.name, c.ru);
            assert!(c.ru.chars().any(|ch| ch.is_alphabetic() && !ch.is_ascii()));
            for o in c.options {
                assert!(discord_name(o.ru), "{} {} → {}", c.name, o.name, o.ru);
                assert!(discord_name(o.name), "{} {}", c.name, o.name);
            }
        }
        assert!(!discord_name("Вступить") && !discord_name("два слова") && !discord_name(""));
    }

    #[test]
    fn names_are_unique_in_both_languages() {
        // Typed lines name commands without Discord's groups: all must differ, in both languages.
        let mut names: Vec<String> = COMMANDS
            .iter()
            .flat_map(|c| [fold(c.name), fold(c.ru)])
            .collect();
        let n = names.len();
        names.sort();
        names.dedup();
        assert_eq!(names.len(), n, "a command name is used twice");
        for c in COMMANDS {
            // Discord: a localized option name differs from every default option name of the
            // command and from the other names in its locale.
            let mut opts: Vec<String> = c.options.iter().map(|o| fold(o.name)).collect();
            opts.extend(c.options.iter().map(|o| fold(o.ru)));
            let n = opts.len();
            opts.sort();
            opts.dedup();
            assert_eq!(opts.len(), n, "`{}` has an option name twice", c.name);
        }
    }

    /// A typed line giving every option of `c` a sample value, in English or Russian.
    fn sample_line(c: &CmdSpec, ru: bool, shout: bool) -> String {
        let mut line = if ru {
            c.ru.to_string()
        } else {
            c.name.to_string()
        };
        if shout {
            line = line.to_uppercase();
        }
        // `adjust` reads only the options of its first `what:` (units).
        let read = |o: &OptSpec| {
            c.name != "adjust"
                || o.name == "what"
                || o.name == "power"
                || adjust_reads(ADJUST_WHAT[0]).contains(&o.name)
        };
        for o in c.options.iter().filter(|o| read(o)) {
            let value = match o.kind {
                OptKind::Choice(list) if ru => choice_word_ru(list[0]).unwrap_or(list[0]),
                OptKind::Choice(list) => list[0],
                OptKind::Integer | OptKind::Treasure => "2",
                OptKind::Units => "2r 1c leader",
                // --- campaign rhythm (issue 29): texts with a form of their own
                _ if o.name == "remind" => "12h",
                _ if o.name == "quiet" => "22-7",
                _ => "some value",
            };
            let name = if ru { o.ru } else { o.name };
            line.push_str(&format!(" {name}:{value}"));
        }
        line
    }

    #[test]
    fn both_languages_parse_to_the_same_command() {
        for c in COMMANDS {
            let en = parse(&sample_line(c, false, false));
            assert!(en.is_ok(), "{}: {en:?}", c.name);
            for shout in [false, true] {
                let line = sample_line(c, true, shout);
                assert_eq!(parse(&line), en, "{line}");
            }
        }
        assert_eq!(
            parse("вступить держава:испания").expect("parses"),
            Command::Join {
                power: "испания".into()
            }
        );
        assert_eq!(
            parse("vq Сыграть карта:5 как:событие держава:англия").expect("parses"),
            Command::Play {
                card: "5".into(),
                mode: CardMode::Event,
                power: Some("англия".into())
            }
        );
        // `ё` may be typed as `е`; a Russian choice may be shortened while unambiguous.
        assert_eq!(
            parse("тайна выбор:протест").expect("parses"),
            Command::Secret {
                choice: EmpireChoice::Protestant
            }
        );
        assert!(matches!(
            parse("поправить что:войска место:x владелец:y наемники:2"),
            Ok(Command::Adjust {
                fix: AdjustCmd::Units {
                    counts: [None, Some(2), None, None, None],
                    ..
                },
                ..
            })
        ));
        assert!(matches!(
            parse("вступит держава:испания"),
            Err(ParseError::UnknownCommand { hint, .. }) if hint.contains("вступить")
        ));
        assert!(matches!(
            parse("двинуть откуда:a куда:b цвет:красный"),
            Err(ParseError::UnknownOption { .. })
        ));
    }

    #[test]
    fn options_that_report_bad_values_have_one_russian_name() {
        // `ParseError::BadValue` names an option without its command.
        for c in COMMANDS {
            for o in c.options {
                if matches!(
                    o.kind,
                    OptKind::Choice(_) | OptKind::Integer | OptKind::Units
                ) {
                    assert_eq!(any_option_name(Locale::Ru, o.name), o.ru, "{}", c.name);
                }
            }
        }
    }

    #[test]
    fn log_lines_read_in_russian_and_parse_back() {
        let line = "play card:12 as:event power:england";
        let ru = localize_line(line, Locale::Ru);
        assert_eq!(ru, "сыграть карта:12 как:событие держава:england");
        assert_eq!(parse(&ru), parse(line));
        assert_eq!(localize_line(line, Locale::En), line);
        assert_eq!(localize_line("not a command", Locale::Ru), "not a command");
    }

    #[test]
    fn invocations_with_russian_names_become_english() {
        let inv = Invocation {
            name: "Двинуть".into(),
            options: vec![
                ("ОТКУДА".into(), "Париж".into()),
                ("куда".into(), "Руан".into()),
            ],
        };
        let c = canonical(&inv).expect("known names");
        assert_eq!(c.name, "move");
        assert_eq!(
            c.options,
            vec![
                ("from".to_string(), "Париж".to_string()),
                ("to".to_string(), "Руан".to_string())
            ]
        );
        assert_eq!(command_name(Locale::Ru, "join"), "вступить");
        assert_eq!(command_name(Locale::En, "join"), "join");
        assert_eq!(option_name(Locale::Ru, "accept", "from"), "от");
        assert_eq!(option_name(Locale::Ru, "move", "from"), "откуда");
    }

    #[test]
    fn every_command_has_a_spec_and_at_most_25_options() {
        for c in COMMANDS {
            assert!(c.options.len() <= 25, "{}", c.name);
            assert!(c.name.len() <= 32 && c.name.chars().all(|ch| ch.is_ascii_lowercase()));
        }
    }
}

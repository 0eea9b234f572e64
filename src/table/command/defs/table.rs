//! The commands that are not game actions: the lobby, information, undo and take-backs, the
//! campaign's rhythm and absences. The table runs them itself; they make no engine action.

#[allow(unused_imports)]
use super::*;

/// A command the table runs itself: its spec and its parse, no action and no line.
const fn table_command(
    spec: CmdSpec,
    parse: fn(&Args<'_>) -> Result<Command, ParseError>,
) -> CmdDef {
    CmdDef {
        spec,
        parse,
        act: |_, _| None,
        print: |_, _| None,
        acting: false,
        power: |_| None,
    }
}

/// `new`: open a new game in the channel.
pub(in crate::table::command) const NEW: CmdDef = table_command(
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
    |a| {
        Ok(Command::New {
            scenario: a.opt("scenario"),
            locale: a.opt("locale").and_then(|l| Locale::parse(&l)),
        })
    },
);

/// `locale`: change the game's language.
pub(in crate::table::command) const LOCALE: CmdDef = table_command(
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
    |a| {
        Ok(Command::Locale {
            lang: Locale::parse(&a.req("lang")?).unwrap_or_default(),
        })
    },
);

/// `join`: take a power's seat.
pub(in crate::table::command) const JOIN: CmdDef = table_command(
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
    |a| {
        Ok(Command::Join {
            power: a.req("power")?,
        })
    },
);

/// `leave`: give up a seat.
pub(in crate::table::command) const LEAVE: CmdDef = table_command(
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
    |a| {
        Ok(Command::Leave {
            power: a.opt("power"),
        })
    },
);

/// `start`: start the game.
pub(in crate::table::command) const START: CmdDef = table_command(
    CmdSpec {
        name: "start",
        ru: "начать",
        options: &[],
        help: [
            "start the game (creator only)",
            "начать партию (только создатель)",
        ],
    },
    |_| Ok(Command::Start),
);

/// `setup`: start from a position file (issue 17).
pub(in crate::table::command) const SETUP: CmdDef = table_command(
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
    |a| {
        Ok(Command::Setup {
            file: FileArg::named(a.req("file")?),
            private: a.opt("private").map(FileArg::named),
        })
    },
);

/// `status`: who holds what, whose turn it is.
pub(in crate::table::command) const STATUS: CmdDef = table_command(
    CmdSpec {
        name: "status",
        ru: "положение",
        options: &[],
        help: [
            "who holds what, whose turn it is",
            "кто за кого играет и чей ход",
        ],
    },
    |_| Ok(Command::Status),
);

/// `hand`: the caller's hand, privately.
pub(in crate::table::command) const HAND: CmdDef = CmdDef {
    power: power_of!(Hand),
    ..table_command(
        CmdSpec {
            name: "hand",
            ru: "рука",
            options: &[AS_POWER],
            help: [
                "send your hand to you privately",
                "прислать вам вашу руку лично",
            ],
        },
        |a| {
            Ok(Command::Hand {
                power: a.opt("power"),
            })
        },
    )
};

/// `undo`: take back the last action (or agree to a take-back).
pub(in crate::table::command) const UNDO: CmdDef = table_command(
    CmdSpec {
        name: "undo",
        ru: "отменить",
        options: &[],
        help: [
            "take back the last action; past dice or hidden cards only if every player agrees",
            "отменить последнее действие (после кубиков и тайного — с согласия всех)",
        ],
    },
    |_| Ok(Command::Undo),
);

/// `veto`: refuse the pending take-back.
pub(in crate::table::command) const VETO: CmdDef = table_command(
    CmdSpec {
        name: "veto",
        ru: "возразить",
        options: &[],
        help: [
            "refuse a request to take back an action",
            "отклонить просьбу об отмене действия",
        ],
    },
    |_| Ok(Command::Veto),
);

/// `admit`: agree that the member who asked for a vacated seat takes it.
pub(in crate::table::command) const ADMIT: CmdDef = table_command(
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
    |a| {
        Ok(Command::Admit {
            power: a.req("power")?,
        })
    },
);

/// `close`: close the game without finishing it.
pub(in crate::table::command) const CLOSE: CmdDef = table_command(
    CmdSpec {
        name: "close",
        ru: "закрыть",
        options: &[],
        help: [
            "close the game unfinished (all players, or a moderator)",
            "закрыть партию (все игроки или модератор)",
        ],
    },
    |_| Ok(Command::Close),
);

/// `settings hands:` as typed, in either language.
fn hands_place(typed: &str) -> Result<HandsPlace, ParseError> {
    match fold(typed).as_str() {
        "dm" | "лс" => Ok(HandsPlace::Dm),
        "threads" | "thread" | "ветки" | "ветка" => Ok(HandsPlace::Threads),
        _ => Err(ParseError::BadValue {
            option: "hands".into(),
            value: typed.into(),
            expected: Expected::OneOf(HANDS_PLACES),
        }),
    }
}

/// `settings`: the reminder interval, quiet hours and where private messages go (issue 29).
pub(in crate::table::command) const SETTINGS: CmdDef = table_command(
    CmdSpec {
        name: "settings",
        ru: "настройки",
        options: &[
            opt(
                "remind",
                "напоминать",
                OptKind::Text,
                false,
                "12h, 2d, off",
                "12ч, 2д, выкл",
            ),
            opt(
                "quiet",
                "тишина",
                OptKind::Text,
                false,
                "quiet hours, UTC: 22-7, off",
                "тихие часы по Гринвичу: 22-7, выкл",
            ),
            opt(
                "hands",
                "руки",
                OptKind::Text,
                false,
                "dm or threads",
                "лс или ветки",
            ),
        ],
        help: ["reminders, quiet hours", "напоминания, тихие часы"],
    },
    |a| {
        Ok(Command::Settings {
            remind: a
                .opt("remind")
                .map(|v| values::parse_interval(&v))
                .transpose()?,
            quiet: a
                .opt("quiet")
                .map(|v| values::parse_quiet(&v))
                .transpose()?,
            // --- campaign (issue 29, item 5): `dm` or `threads` (`лс`, `ветки`)
            hands: a.opt("hands").map(|v| hands_place(&v)).transpose()?,
        })
    },
);

/// `dashboard`: the game at a glance.
pub(in crate::table::command) const DASHBOARD: CmdDef = table_command(
    CmdSpec {
        name: "dashboard",
        ru: "табло",
        options: &[],
        help: ["the game at a glance", "партия одним взглядом"],
    },
    |_| Ok(Command::Dashboard),
);

/// `map`: the map picture.
pub(in crate::table::command) const MAP: CmdDef = table_command(
    CmdSpec {
        name: "map",
        ru: "поле",
        options: &[],
        help: ["show the map", "показать игровое поле (карту)"],
    },
    |_| Ok(Command::Map),
);

/// `vp`: the VP chart.
pub(in crate::table::command) const VP: CmdDef = table_command(
    CmdSpec {
        name: "vp",
        ru: "по",
        options: &[],
        help: ["victory points", "победные очки (ПО)"],
    },
    |_| Ok(Command::Vp),
);

/// `log`: the last actions.
pub(in crate::table::command) const LOG: CmdDef = table_command(
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
    |a| {
        Ok(Command::Log {
            last: a.opt("last").and_then(|n| n.parse().ok()),
        })
    },
);

/// `help`: the commands, or one command's options.
pub(in crate::table::command) const HELP: CmdDef = table_command(
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
    |a| {
        Ok(Command::Help {
            command: a.opt("command"),
        })
    },
);

/// `card`: a card's CP, kind and text.
pub(in crate::table::command) const CARD: CmdDef = table_command(
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
    |a| {
        Ok(Command::Card {
            card: a.req("card")?,
        })
    },
);

/// `deputy`: a deputy for the caller's power until a time (issue 29).
pub(in crate::table::command) const DEPUTY: CmdDef = table_command(
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
    |a| {
        Ok(Command::Deputy {
            user: a.opt("user"),
            until: a.req("until")?,
            power: a.opt("power"),
        })
    },
);

/// `replace`: ask for (or agree to) the replacement of an inactive player (issue 29).
pub(in crate::table::command) const REPLACE: CmdDef = table_command(
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
            opt(
                "user",
                "кто",
                OptKind::User,
                false,
                "the new player",
                "новый игрок",
            ),
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
    |a| {
        Ok(Command::Replace {
            power: a.opt("power"),
            user: a.opt("user"),
            after: a.opt("after"),
        })
    },
);

/// `watch`: watch the game as a spectator.
pub(in crate::table::command) const WATCH: CmdDef = table_command(
    CmdSpec {
        name: "watch",
        ru: "смотреть",
        options: &[],
        help: [
            "watch this game: public digests by DM, never a hand",
            "следить за партией: сводки в личку, без рук",
        ],
    },
    |_| Ok(Command::Watch),
);

/// `unwatch`: stop watching.
pub(in crate::table::command) const UNWATCH: CmdDef = table_command(
    CmdSpec {
        name: "unwatch",
        ru: "не-смотреть",
        options: &[],
        help: ["stop watching this game", "перестать следить за партией"],
    },
    |_| Ok(Command::Unwatch),
);

/// `digest`: the "since your last turn" DMs on or off.
pub(in crate::table::command) const DIGEST: CmdDef = table_command(
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
    |a| {
        Ok(Command::Digest {
            on: !a.req("on")?.eq_ignore_ascii_case("no"),
        })
    },
);

/// `rule`: a rule's text, or the list of rule ids.
pub(in crate::table::command) const RULE: CmdDef = table_command(
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
    |a| Ok(Command::Rule { id: a.opt("id") }),
);

//! The text of `/vq help`, in English and Russian.

/// Language of a reply, chosen from the Discord locale of the invoking user.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Lang {
    /// English, the default for every locale but Russian.
    En,
    /// Russian (`ru`).
    Ru,
}

impl Lang {
    /// Picks the language for a Discord locale such as `en-US` or `ru`; unknown locales get English.
    pub fn from_locale(locale: Option<&str>) -> Lang {
        match locale {
            Some(l) if l == "ru" || l.starts_with("ru-") => Lang::Ru,
            _ => Lang::En,
        }
    }
}

/// One `/vq` subcommand as listed by the help.
#[derive(Clone, Copy, Debug)]
pub struct SubcommandHelp {
    /// The subcommand name, as typed after `/vq`.
    pub name: &'static str,
    /// Whether the bot already answers it (the others are listed as planned).
    pub available: bool,
    /// One line in English.
    pub en: &'static str,
    /// One line in Russian.
    pub ru: &'static str,
}

/// Every `/vq` subcommand, in the order the help lists them.
pub const SUBCOMMANDS: &[SubcommandHelp] = &[
    sub(
        "new",
        false,
        "open a new game in this channel",
        "открыть новую партию в этом канале",
    ),
    sub(
        "join",
        false,
        "take a seat and a power",
        "сесть за стол и выбрать державу",
    ),
    sub(
        "leave",
        false,
        "give up your seat before the start",
        "освободить место до начала партии",
    ),
    sub(
        "start",
        false,
        "deal the cards and begin turn 1",
        "раздать карты и начать первый ход",
    ),
    sub(
        "status",
        false,
        "turn, phase and whose move it is",
        "ход, фаза и чья сейчас очередь",
    ),
    sub(
        "hand",
        false,
        "your cards, shown only to you",
        "ваши карты (видны только вам)",
    ),
    sub(
        "play",
        false,
        "play a card as an event or for CP",
        "сыграть карту как событие или ради CP",
    ),
    sub("move", false, "move a formation", "передвинуть войска"),
    sub(
        "control",
        false,
        "take control of an unfortified space",
        "взять под контроль неукреплённое пространство",
    ),
    sub("build", false, "raise units", "набрать войска"),
    sub(
        "assault",
        false,
        "assault a fortified space",
        "штурмовать укреплённое пространство",
    ),
    sub(
        "pass",
        false,
        "pass this impulse",
        "пасовать в этом импульсе",
    ),
    sub(
        "undo",
        false,
        "take back your last action",
        "отменить своё последнее действие",
    ),
    sub(
        "secret",
        false,
        "make a secret choice",
        "сделать тайный выбор",
    ),
    sub(
        "adjust",
        false,
        "correct the board by hand",
        "исправить положение на карте вручную",
    ),
    sub(
        "map",
        false,
        "draw the current map",
        "нарисовать текущую карту",
    ),
    sub(
        "vp",
        false,
        "victory points of every power",
        "победные очки всех держав",
    ),
    sub(
        "log",
        false,
        "recent entries of the game log",
        "последние записи журнала партии",
    ),
    sub("help", true, "this list", "этот список"),
    sub("rule", false, "look up a rule", "найти правило"),
];

const fn sub(
    name: &'static str,
    available: bool,
    en: &'static str,
    ru: &'static str,
) -> SubcommandHelp {
    SubcommandHelp {
        name,
        available,
        en,
        ru,
    }
}

/// The whole help message in `lang`; always shorter than Discord's 2000-character limit.
pub fn help_text(lang: Lang) -> String {
    let (title, planned, footer) = match lang {
        Lang::En => (
            "**Virgin Queen table: /vq commands**",
            "(planned)",
            "Commands marked (planned) are not available yet.",
        ),
        Lang::Ru => (
            "**Стол «Королева-девственница»: команды /vq**",
            "(в планах)",
            "Команды с пометкой «(в планах)» пока недоступны.",
        ),
    };
    let mut text = String::from(title);
    text.push('\n');
    for s in SUBCOMMANDS {
        let line = match lang {
            Lang::En => s.en,
            Lang::Ru => s.ru,
        };
        text.push_str("`/vq ");
        text.push_str(s.name);
        text.push_str("`: ");
        text.push_str(line);
        if !s.available {
            text.push(' ');
            text.push_str(planned);
        }
        text.push('\n');
    }
    text.push_str(footer);
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    const PLANNED: [&str; 20] = [
        "new", "join", "leave", "start", "status", "hand", "play", "move", "control", "build",
        "assault", "pass", "undo", "secret", "adjust", "map", "vp", "log", "help", "rule",
    ];

    #[test]
    fn locale_selects_language() {
        assert_eq!(Lang::from_locale(Some("ru")), Lang::Ru);
        assert_eq!(Lang::from_locale(Some("ru-RU")), Lang::Ru);
        assert_eq!(Lang::from_locale(Some("en-US")), Lang::En);
        assert_eq!(Lang::from_locale(Some("rus")), Lang::En);
        assert_eq!(Lang::from_locale(None), Lang::En);
    }

    #[test]
    fn both_languages_list_every_planned_subcommand_within_discord_limit() {
        for lang in [Lang::En, Lang::Ru] {
            let text = help_text(lang);
            assert!(text.chars().count() <= 2000, "{lang:?} help is too long");
            for name in PLANNED {
                assert!(
                    text.contains(&format!("`/vq {name}`")),
                    "{lang:?} lacks {name}"
                );
            }
        }
        assert_eq!(SUBCOMMANDS.len(), PLANNED.len());
    }

    #[test]
    fn russian_help_is_in_russian() {
        let ru = help_text(Lang::Ru);
        assert!(ru.contains("команды"));
        assert!(!ru.contains("planned"));
        assert!(help_text(Lang::En).contains("(planned)"));
    }
}

//! The text of `/vq help`, in English and Russian, generated from the table's command table.

use super::commands::{group_of, slash_path, GROUPS, ROOT};
use crate::table::command::{command_name, option_name, COMMANDS};
use crate::table::{Locale, Notice};

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

    /// The table's locale for this language.
    pub fn locale(self) -> Locale {
        match self {
            Lang::En => Locale::En,
            Lang::Ru => Locale::Ru,
        }
    }
}

/// The commands that stand alone beside `/vq` (influence, marriages, espionage and issue 29's
/// absences, spectators and digests), listed on one line.
const STANDALONE_LINE: &[&str] = &[
    "influence",
    "marry",
    "spy",
    "deputy",
    "replace",
    "watch",
    "unwatch",
    "digest",
];

/// The whole help message in `lang`: each direct command with its description, then each
/// group on one line with its members, so the message stays within one Discord message however
/// many commands a group gains.
pub fn help_text(lang: Lang) -> String {
    let loc = lang.locale();
    let mut text = Notice::HelpTitle.text(loc);
    text.push('\n');
    for c in COMMANDS
        .iter()
        .filter(|c| group_of(c.name).is_none() && !STANDALONE_LINE.contains(&c.name))
    {
        text.push('`');
        text.push_str(&slash_path(c.name, loc));
        text.push_str("`: ");
        text.push_str(c.help[lang as usize]);
        text.push('\n');
    }
    for g in GROUPS {
        let members: Vec<String> = COMMANDS
            .iter()
            .filter(|c| g.members.contains(&c.name))
            .map(|c| format!("`{}`", command_name(loc, c.name)))
            .collect();
        text.push_str(&format!(
            "`/{ROOT} {}` {}: {}\n",
            loc.pick(g.name, g.ru),
            members.join(" "),
            g.help[lang as usize]
        ));
    }
    // The standalone commands (influence, issue 29's) share one line, so the help stays one message.
    let absence: Vec<String> = STANDALONE_LINE
        .iter()
        .map(|c| format!("`{}`", slash_path(c, loc)))
        .collect();
    text.push_str(&format!(
        "{}: {}\n",
        absence.join(" "),
        loc.pick(
            "influence (CP), marriages, spies; deputies, replacing an idle player, watching, digests",
            "влияние, браки, шпионаж, замены, зрители, сводки"
        )
    ));
    let (help, command) = (
        command_name(loc, "help"),
        option_name(loc, "help", "command"),
    );
    let usage = format!("/{ROOT} {help} {command}:…");
    text.push_str(&Notice::HelpFooter { usage }.text(loc));
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn locale_selects_language() {
        assert_eq!(Lang::from_locale(Some("ru")), Lang::Ru);
        assert_eq!(Lang::from_locale(Some("ru-RU")), Lang::Ru);
        assert_eq!(Lang::from_locale(Some("en-US")), Lang::En);
        assert_eq!(Lang::from_locale(Some("rus")), Lang::En);
        assert_eq!(Lang::from_locale(None), Lang::En);
    }

    #[test]
    fn both_languages_list_every_command() {
        for lang in [Lang::En, Lang::Ru] {
            let loc = lang.locale();
            let text = help_text(lang);
            for c in COMMANDS {
                let shown = match group_of(c.name) {
                    None => text.contains(&format!("`{}`", slash_path(c.name, loc))),
                    Some(g) => text.lines().any(|l| {
                        l.starts_with(&format!("`/{ROOT} {}`", loc.pick(g.name, g.ru)))
                            && l.contains(&format!("`{}`", command_name(loc, c.name)))
                    }),
                };
                assert!(shown, "{lang:?} lacks {}", c.name);
            }
            assert!(
                text.chars().count() <= 2000,
                "{lang:?}: {}",
                text.chars().count()
            );
        }
        assert!(help_text(Lang::Ru).contains("команды"));
    }
}

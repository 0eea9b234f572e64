//! The text of `/vq help`, in English and Russian, generated from the table's command table.

use super::commands::{group_of, slash_path, ROOT};
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

/// The whole help message in `lang`: every command with its Discord path in that language.
pub fn help_text(lang: Lang) -> String {
    let mut text = Notice::HelpTitle.text(lang.locale());
    text.push('\n');
    let mut battle_listed = false;
    for c in COMMANDS {
        // The battle answers share one line (the message must stay within 2,000 characters).
        if let Some(g) = group_of(c.name).filter(|g| g.name == "battle") {
            if !battle_listed {
                battle_listed = true;
                // The group's path once, then its commands' names (land and naval answers,
                // fleets), so that the line stays short as commands are added.
                let names: Vec<String> = g
                    .members
                    .iter()
                    .map(|m| command_name(lang.locale(), m).to_string())
                    .collect();
                let group = lang.locale().pick(g.name, g.ru);
                text.push_str(&format!("`/{ROOT} {group}` {}", names.join(" · ")));
                text.push('\n');
            }
            continue;
        }
        text.push('`');
        text.push_str(&slash_path(c.name, lang.locale()));
        text.push_str("`: ");
        text.push_str(c.help[lang as usize]);
        text.push('\n');
    }
    let loc = lang.locale();
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
            let text = help_text(lang);
            for c in COMMANDS {
                // A battle-group command is listed by name after the group's path.
                let listed = match group_of(c.name).filter(|g| g.name == "battle") {
                    Some(g) => {
                        let group = lang.locale().pick(g.name, g.ru);
                        let name = command_name(lang.locale(), c.name);
                        text.lines().any(|l| {
                            l.starts_with(&format!("`/{ROOT} {group}`"))
                                && l.split(' ').any(|w| w == name)
                        })
                    }
                    None => text.contains(&slash_path(c.name, lang.locale())),
                };
                assert!(listed, "{lang:?} lacks {}", c.name);
            }
        }
        assert!(help_text(Lang::Ru).contains("команды"));
        assert!(help_text(Lang::En).chars().count() <= 2000);
    }
}

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
// --- campaign (issue 29, item 5): where a table's private messages go
const HANDS_PLACES: &[&str] = &["dm", "threads"];
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

/// Every command's spec, in the order `help` lists them (from [`defs`]).
pub static COMMANDS: &[CmdSpec] = &ALL;

const ALL: [CmdSpec; defs::DEFS.len()] = specs(defs::DEFS);

/// The specs of the definitions, as an array (at compile time).
const fn specs<const N: usize>(defs: &[&defs::CmdDef]) -> [CmdSpec; N] {
    let mut out = [defs[0].spec; N];
    let mut i = 0;
    while i < N {
        out[i] = defs[i].spec;
        i += 1;
    }
    out
}

pub mod defs;
mod parse;
mod types;
pub mod values;
pub use defs::{ADJUST_COUNTS, MAX_TREASURE_DELTA, MAX_VP_DELTA};
#[allow(unused_imports)]
use parse::*;
pub use parse::*;
pub use types::*;

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

#[cfg(test)]
mod tests {
    use super::defs::adjust_reads;
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
                _ if o.name == "hands" && ru => "ветки",
                _ if o.name == "hands" => "threads",
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

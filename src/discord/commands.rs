//! The `/vq` slash command, built from the table's command table ([`COMMANDS`]): one subcommand
//! per entry with the same options. Names, descriptions and choice labels are English with
//! Russian localizations; the Russian names are the table's own Russian grammar, so what a
//! Russian game's messages tell players to type (`вступить держава:…`) is what their Discord
//! client shows.
//!
//! Discord always sends the default (English) command, subcommand and option names in
//! interaction data, whatever the user's locale, so interactions are read by English name.

use serenity::all::{CommandOptionType, CreateCommand, CreateCommandOption};

use crate::table::command::{command_name, CmdSpec, OptKind, OptSpec, COMMANDS};
use crate::table::Locale;

/// The top-level command name.
pub const ROOT: &str = "vq";

/// Discord's locale code for Russian.
pub const RU: &str = "ru";

/// Russian labels of fixed choice values; unknown values show as they are.
fn choice_ru(value: &str) -> Option<&'static str> {
    Some(match value {
        "cp" => "од (очки действий)",
        "event" => "событие",
        "en" => "английский",
        "ru" => "русский",
        "regular" => "регуляры",
        "mercenary" => "наёмники",
        "cavalry" => "кавалерия",
        "squadron" => "эскадра",
        "fortress" => "крепость",
        "protestant" => "протестантский",
        "catholic" => "католический",
        "balanced" => "равновесие",
        "units" => "войска",
        "control" => "контроль",
        "religion" => "религия",
        "unrest" => "беспорядки",
        "vp" => "по (победные очки)",
        "card" => "карта",
        "relation" => "отношения",
        "minor" => "малая держава",
        "leader" => "лидер",
        "kill-ruler" => "смерть правителя",
        "hand" => "рука",
        "discard" => "сброс",
        "deck" => "колода",
        "removed" => "удалена",
        "peace" => "мир",
        "war" => "война",
        "alliance" => "союз",
        "yes" => "да",
        "no" => "нет",
        "huguenot" => "гугеноты",
        "dutch" => "голландцы",
        // --- position files (issue 17)
        "phase" => "этап партии",
        "diplomacy" => "дипломатия",
        "spring_deployment" => "весеннее развёртывание",
        "action" => "действия",
        "winter" => "зима",
        // --- marriages and espionage
        "engage" => "помолвка",
        "married" => "в браке",
        "assassinated" => "убит",
        "look" => "посмотреть руку",
        "assassinate" => "покушение",
        _ => return None,
    })
}

/// Whether Discord should ask the bot for suggestions for this option.
pub fn autocompleted(kind: OptKind) -> bool {
    matches!(
        kind,
        OptKind::Space
            | OptKind::Card
            | OptKind::Power
            | OptKind::Leader
            | OptKind::Leaders
            | OptKind::Units
            | OptKind::RuleId
            | OptKind::CommandName
            | OptKind::Treasure
    )
}

fn option(o: &OptSpec) -> CreateCommandOption {
    let kind = match o.kind {
        OptKind::Integer => CommandOptionType::Integer,
        OptKind::File => CommandOptionType::Attachment,
        // --- absences (issue 29): Discord's member picker
        OptKind::User => CommandOptionType::User,
        _ => CommandOptionType::String,
    };
    let mut opt = CreateCommandOption::new(kind, o.name, o.help[0])
        .name_localized(RU, o.ru)
        .description_localized(RU, o.help[1])
        .required(o.required);
    match o.kind {
        OptKind::Choice(values) => {
            for v in values {
                opt = match choice_ru(v) {
                    Some(ru) => opt.add_string_choice_localized(*v, *v, [(RU, ru)]),
                    None => opt.add_string_choice(*v, *v),
                };
            }
        }
        k if autocompleted(k) => opt = opt.set_autocomplete(true),
        _ => {}
    }
    opt
}

fn subcommand(c: &CmdSpec) -> CreateCommandOption {
    let mut sub = CreateCommandOption::new(CommandOptionType::SubCommand, c.name, c.help[0])
        .name_localized(RU, c.ru)
        .description_localized(RU, c.help[1]);
    // Discord wants required options before optional ones.
    let (required, optional): (Vec<&OptSpec>, Vec<&OptSpec>) =
        c.options.iter().partition(|o| o.required);
    for o in required.into_iter().chain(optional) {
        sub = sub.add_sub_option(option(o));
    }
    sub
}

/// A subcommand group: Discord allows 25 options per level, the table has more commands, so a
/// few related ones sit one level down (`/vq diplomacy war`). The leaf names and options are
/// still the table's; the group is only a Discord path.
#[derive(Debug, Clone, Copy)]
pub struct Group {
    /// Group name.
    pub name: &'static str,
    /// Russian name.
    pub ru: &'static str,
    /// Description: English, Russian.
    pub help: [&'static str; 2],
    /// The table commands in it.
    pub members: &'static [&'static str],
}

/// The groups; every other command is a direct subcommand of `/vq`. Commands the table's own
/// messages name (`new`, `join`, `start`, `done`, `secret`, `deploy`, `capital`, `withdraw`,
/// `play`, `pass`, `end`, `adjust`, `help` …) stay direct subcommands.
pub const GROUPS: &[Group] = &[
    Group {
        name: "diplomacy",
        ru: "дипломатия",
        help: ["war, peace and alliances", "война, мир и союзы"],
        members: &[
            "war",
            "peace",
            "ally",
            "minor",
            "accept",
            "decline",
            "sue",
            "ransom",
            "recall",
            // --- peace (C-DIP-PEACE)
            "surrender",
            "regain",
        ],
    },
    Group {
        name: "table",
        ru: "стол",
        help: [
            "status, VP, the log, cards, treasures, settings, the dashboard, setup",
            "положение, ПО, журнал, карты, настройки, табло",
        ],
        members: &[
            "status",
            "vp",
            "log",
            "locale",
            "leave",
            "veto",
            "card",
            "setup",
            "close",
            "admit",
            // --- treasures
            "treasure",
            // --- campaign rhythm (issue 29)
            "settings",
            "dashboard",
        ],
    },
    Group {
        name: "religion",
        ru: "религия",
        help: [
            "conversions, rebellions, Protestant revolts, leaders and the Huguenot capital",
            "обращения, восстания, мятежи, лидеры и столица гугенотов",
        ],
        members: &["revolt", "place", "convert", "rebel", "six", "capital"],
    },
    Group {
        name: "foreign",
        ru: "внешние",
        help: ["foreign wars", "внешние войны"],
        members: &["fight", "send"],
    },
    Group {
        name: "battle",
        ru: "бой",
        help: [
            "answers to battle questions; fleets at sea",
            "ответы на боевые вопросы; флот на море",
        ],
        members: &[
            "intercept",
            "avoid",
            "fortify",
            "forgo",
            "sally",
            "choose",
            "casualties",
            "retreat",
            "standing",
            "winter",
            // --- naval warfare (a new top-level group would pass Discord's 25 options)
            "sail",
            "transport",
            "ships",
            "haven",
            "engage",
            "evade",
            // --- piracy (C-PIRACY)
            "piracy",
            "tribute",
        ],
    },
];

/// A table command registered as a top-level command of its own, its options directly under
/// it (`/vq-adjust what:vp …`): Discord counts at most 8,000 characters per top-level command,
/// which `/vq` has reached, so its largest rarely typed-by-heart command stands alone.
#[derive(Debug, Clone, Copy)]
pub struct Standalone {
    /// The table command.
    pub command: &'static str,
    /// The top-level name, English and Russian.
    pub name: [&'static str; 2],
}

/// The table commands registered outside `/vq`.
pub const STANDALONE: &[Standalone] = &[
    Standalone {
        command: "adjust",
        name: ["vq-adjust", "vq-поправить"],
    },
    // --- absences and spectators (issue 29): `/vq` is at its 8,000 characters, so these stand
    // alone too (`/vq-deputy user:@x until:3d`).
    Standalone {
        command: "deputy",
        name: ["vq-deputy", "vq-заместитель"],
    },
    Standalone {
        command: "replace",
        name: ["vq-replace", "vq-заменить"],
    },
    Standalone {
        command: "watch",
        name: ["vq-watch", "vq-смотреть"],
    },
    Standalone {
        command: "unwatch",
        name: ["vq-unwatch", "vq-не-смотреть"],
    },
    Standalone {
        command: "digest",
        name: ["vq-digest", "vq-сводка"],
    },
    // Diplomatic influence (X-INF-BUY), for the same reason (`/vq-influence target:venice`).
    Standalone {
        command: "influence",
        name: ["vq-influence", "vq-влияние"],
    },
    // --- marriages and espionage (X-MARRIAGE-*, X-SPY-*)
    Standalone {
        command: "marry",
        name: ["vq-marry", "vq-брак"],
    },
    Standalone {
        command: "spy",
        name: ["vq-spy", "vq-шпионить"],
    },
];

/// The standalone top-level command a table command is registered as, if any.
pub fn standalone_of(command: &str) -> Option<&'static Standalone> {
    STANDALONE.iter().find(|s| s.command == command)
}

/// The table command behind a top-level command name: `vq-adjust` → `adjust`.
pub fn standalone_named(name: &str) -> Option<&'static str> {
    STANDALONE
        .iter()
        .find(|s| s.name[0] == name)
        .map(|s| s.command)
}

/// The group a table command is registered under, if any.
pub fn group_of(command: &str) -> Option<&'static Group> {
    GROUPS.iter().find(|g| g.members.contains(&command))
}

/// How a player types a table command on Discord, in a locale: `/vq play`,
/// `/vq diplomacy war`; `/vq сыграть`, `/vq дипломатия война`.
pub fn slash_path(command: &str, loc: Locale) -> String {
    if let Some(s) = standalone_of(command) {
        return format!("/{}", loc.pick(s.name[0], s.name[1]));
    }
    let name = command_name(loc, command);
    match group_of(command) {
        Some(g) => format!("/{ROOT} {} {name}", loc.pick(g.name, g.ru)),
        None => format!("/{ROOT} {name}"),
    }
}

/// The `/vq` command with every command of the table's grammar.
pub fn vq_command() -> CreateCommand {
    let mut cmd = CreateCommand::new(ROOT)
        .description("Play Virgin Queen at this table")
        .description_localized(RU, "Играть в «Королеву-девственницу» за этим столом");
    for c in COMMANDS
        .iter()
        .filter(|c| group_of(c.name).is_none() && standalone_of(c.name).is_none())
    {
        cmd = cmd.add_option(subcommand(c));
    }
    for g in GROUPS {
        let mut group =
            CreateCommandOption::new(CommandOptionType::SubCommandGroup, g.name, g.help[0])
                .name_localized(RU, g.ru)
                .description_localized(RU, g.help[1]);
        for c in COMMANDS.iter().filter(|c| g.members.contains(&c.name)) {
            group = group.add_sub_option(subcommand(c));
        }
        cmd = cmd.add_option(group);
    }
    cmd
}

/// A standalone command ([`STANDALONE`]): the table command's options directly under it.
fn standalone_command(st: &Standalone) -> Option<CreateCommand> {
    let c = COMMANDS.iter().find(|c| c.name == st.command)?;
    let mut cmd = CreateCommand::new(st.name[0])
        .name_localized(RU, st.name[1])
        .description(c.help[0])
        .description_localized(RU, c.help[1]);
    let (required, optional): (Vec<&OptSpec>, Vec<&OptSpec>) =
        c.options.iter().partition(|o| o.required);
    for o in required.into_iter().chain(optional) {
        cmd = cmd.add_option(option(o));
    }
    Some(cmd)
}

/// Every top-level command the bot registers: `/vq`, then the standalone ones.
pub fn all_commands() -> Vec<CreateCommand> {
    std::iter::once(vq_command())
        .chain(STANDALONE.iter().filter_map(standalone_command))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn longest(v: &serde_json::Value, field: &str) -> usize {
        let base = v[field].as_str().map_or(0, |s| s.chars().count());
        let loc = v[format!("{field}_localizations")]
            .as_object()
            .map(|m| {
                m.values()
                    .filter_map(|s| s.as_str())
                    .map(|s| s.chars().count())
                    .max()
                    .unwrap_or(0)
            })
            .unwrap_or(0);
        base.max(loc)
    }

    /// Discord counts name, description and choice name/value, the longest locale of each.
    fn size(v: &serde_json::Value) -> usize {
        let mut n = longest(v, "name") + longest(v, "description");
        if let Some(cs) = v["choices"].as_array() {
            for c in cs {
                n += longest(c, "name") + c["value"].as_str().map_or(0, str::len);
            }
        }
        if let Some(os) = v["options"].as_array() {
            n += os.iter().map(size).sum::<usize>();
        }
        n
    }

    /// Every option below `v` (groups, subcommands, options), recursively.
    fn nodes(v: &serde_json::Value) -> Vec<&serde_json::Value> {
        let mut out = Vec::new();
        for o in v["options"].as_array().into_iter().flatten() {
            out.push(o);
            out.extend(nodes(o));
        }
        out
    }

    #[test]
    fn every_name_has_a_russian_localization() {
        let v = serde_json::to_value(vq_command()).expect("serializes");
        let all = nodes(&v);
        assert!(all.len() > COMMANDS.len());
        for n in &all {
            let ru = n["name_localizations"][RU].as_str().unwrap_or_default();
            assert!(
                !ru.is_empty() && ru != n["name"],
                "{} has no Russian name",
                n["name"]
            );
        }
        // Siblings differ in both languages (groups and direct subcommands share a level).
        let mut top: Vec<&str> = v["options"]
            .as_array()
            .into_iter()
            .flatten()
            .flat_map(|o| [&o["name"], &o["name_localizations"][RU]])
            .filter_map(|n| n.as_str())
            .collect();
        let n = top.len();
        top.sort_unstable();
        top.dedup();
        assert_eq!(top.len(), n);
        assert_eq!(slash_path("war", Locale::Ru), "/vq дипломатия война");
        assert_eq!(slash_path("join", Locale::En), "/vq join");
        assert_eq!(slash_path("adjust", Locale::En), "/vq-adjust");
        assert_eq!(slash_path("adjust", Locale::Ru), "/vq-поправить");
    }

    #[test]
    fn vq_fits_discord_limits() {
        let all: Vec<serde_json::Value> = all_commands()
            .iter()
            .map(|c| serde_json::to_value(c).expect("serializes"))
            .collect();
        // Each standalone command carries its table command's options, within Discord's limits.
        for (st, v) in STANDALONE.iter().zip(&all[1..]) {
            assert_eq!(v["name"], st.name[0]);
            let opts = v["options"].as_array().map_or(0, Vec::len);
            assert!(opts <= 25, "{}", st.name[0]);
            let total = size(v);
            assert!(total <= 8000, "/{} is {total} characters", st.name[0]);
        }
        let v = all[0].clone();
        let top = v["options"].as_array().expect("subcommands");
        assert!(top.len() <= 25, "Discord allows 25 options per level");
        let mut subs: Vec<&serde_json::Value> = Vec::new();
        for o in top {
            match o["options"].as_array() {
                Some(inner) if o["type"] == 2 => {
                    assert!(inner.len() <= 25);
                    subs.extend(inner.iter());
                }
                _ => subs.push(o),
            }
        }
        let mut names: Vec<&str> = subs.iter().filter_map(|s| s["name"].as_str()).collect();
        names.extend(STANDALONE.iter().map(|s| s.command));
        names.sort_unstable();
        let mut want: Vec<&str> = COMMANDS.iter().map(|c| c.name).collect();
        want.sort_unstable();
        assert_eq!(names, want, "every table command exactly once");
        for s in subs {
            let opts = s["options"].as_array().map_or(0, Vec::len);
            assert!(opts <= 25, "{}", s["name"]);
            for d in [&s["description"], &s["description_localizations"][RU]] {
                let n = d.as_str().expect("description").chars().count();
                assert!((1..=100).contains(&n), "{} {d}", s["name"]);
            }
        }
        let total = size(&v);
        eprintln!("/{ROOT} is {total} characters (Discord's limit: 8000)");
        assert!(
            total <= 8000,
            "/vq is {total} characters; Discord allows 8000"
        );
    }
}

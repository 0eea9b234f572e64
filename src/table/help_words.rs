//! Help and option values in words.

#[allow(unused_imports)]
use super::*;

impl Texts<'_> {
    /// What an option of `command` accepts, for `help command:X`.
    pub fn option_values(&self, command: &str, o: &crate::table::command::OptSpec) -> String {
        use crate::table::command::OptKind;
        let l = self.loc;
        let allowed = |a: Allowed| tr!(l, "allowed: {}", "можно: {}", self.allowed(a));
        match o.kind {
            OptKind::Choice(list) => self.expected(&Expected::OneOf(list)),
            OptKind::Integer if command == "adjust" && o.name != "delta" => {
                self.expected(&Expected::Count)
            }
            OptKind::Integer => self.expected(&Expected::WholeNumber),
            OptKind::Power => allowed(Allowed::Powers),
            OptKind::Text if o.name == "owner" => allowed(Allowed::Owners),
            OptKind::Text if o.name == "minor" => allowed(Allowed::Minors),
            OptKind::Text if o.name == "scenario" => {
                let ids: Vec<String> = self.rs.scenarios.iter().map(|s| format!("`{}`", s.id)).collect();
                tr!(l, "allowed: {}", "можно: {}", ids.join(", "))
            }
            OptKind::Text => l.pick("free text", "произвольный текст").into(),
            OptKind::Space => l
                .pick(
                    "a space's name or id: a Europe space, a world-map settlement, an ocean zone or a sea zone",
                    "название или код места: пространство Европы, поселение на карте мира, океанская или морская зона",
                )
                .into(),
            OptKind::Card => tr!(l, "a card's number or name (your cards: {})", "номер или название карты (ваши карты: {})", self.command("hand", &[])),
            OptKind::Leader | OptKind::Leaders => tr!(l, "leader names or ids, e.g. `{}`", "имена или коды лидеров, например `{}`", self.rs.leaders.first().map_or("", |x| x.id.as_str()).to_lowercase()),
            OptKind::Units => self.expected(&Expected::Units),
            // --- absences (issue 29)
            OptKind::User => l.pick("a member (on Discord the member picker; in the terminal a player's name)", "участник (в Дискорде — выбор участника; в терминале — имя игрока)").into(),
            OptKind::Treasure => tr!(l, "the number of one of your treasures (yours: {})", "номер вашего сокровища (ваши: {})", self.command("hand", &[])),
            OptKind::File => l
                .pick(
                    "a position file (docs/position.md): attached on Discord, a path in the terminal",
                    "файл позиции (`docs/position.md`): вложение в Дискорде, путь в терминале",
                )
                .into(),
            OptKind::RuleId => tr!(l, "a rule id; {} lists them", "номер правила; список — {}", self.command("rule", &[])),
            OptKind::CommandName => {
                let names: Vec<&str> = COMMANDS.iter().map(|c| c.name_in(l)).collect();
                tr!(l, "one of {}", "одно из: {}", names.join(", "))
            }
        }
    }

    /// The help text: every command with its options, or one command in detail.
    pub fn help(&self, command: Option<&str>) -> String {
        let l = self.loc;
        if let Some(c) = command.and_then(crate::table::command::spec_any) {
            let mut out = format!("`{}` — {}", c.name_in(l), c.describe(l));
            for o in c.options {
                let req = if o.required {
                    l.pick(" (required)", " (обязательно)")
                } else {
                    ""
                };
                out.push_str(&format!(
                    "\n  `{}:` {}{req}; {}",
                    o.name_in(l),
                    o.help[l as usize],
                    self.option_values(c.name, o)
                ));
            }
            return out;
        }
        let mut out = l
            .pick(
                "Commands (`vq <command> option:value …`):",
                "Команды (`vq <команда> параметр:значение …`):",
            )
            .to_string();
        for c in COMMANDS {
            let opts: Vec<String> = c
                .options
                .iter()
                .filter(|o| o.required || o.name != "power")
                .map(|o| {
                    if o.required {
                        format!("{}:…", o.name_in(l))
                    } else {
                        format!("[{}:…]", o.name_in(l))
                    }
                })
                .collect();
            out.push_str(&format!(
                "\n`{}{}{}` — {}",
                c.name_in(l),
                if opts.is_empty() { "" } else { " " },
                opts.join(" "),
                c.describe(l)
            ));
        }
        out.push_str(&tr!(
            l,
            "\nIf you hold several powers, add `{}:<power>` to say which acts.",
            "\nЕсли у вас несколько держав, добавьте `{}:<держава>`.",
            option_name(l, "play", "power")
        ));
        out
    }
}

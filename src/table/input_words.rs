//! Refused input in words: parse errors, engine errors, what is allowed and the closest names.

#[allow(unused_imports)]
use super::*;

impl Texts<'_> {
    /// A refused command, as shown to its sender.
    pub fn refused(&self, reason: &str) -> String {
        tr!(self.loc, "⛔ Not done: {}", "⛔ Не выполнено: {}", reason)
    }

    /// A parse error in this locale.
    pub fn parse_error(&self, e: &ParseError) -> String {
        let l = self.loc;
        match e {
            ParseError::Empty => tr!(
                l,
                "empty command; try {}",
                "пустая команда; см. {}",
                self.command("help", &[])
            ),
            ParseError::UnknownCommand { name, hint } => tr!(
                l,
                "unknown command `{}`{}",
                "неизвестная команда `{}`{}",
                name,
                self.hint(hint)
            ),
            ParseError::UnknownOption {
                command,
                option,
                allowed,
            } => {
                let allowed = match crate::table::command::spec(command) {
                    Some(c) => c
                        .options
                        .iter()
                        .map(|o| o.name_in(l))
                        .collect::<Vec<_>>()
                        .join(", "),
                    None => allowed.clone(),
                };
                tr!(
                    l,
                    "{} has no option `{}`; its options: {}",
                    "у {} нет параметра `{}`; параметры: {}",
                    self.command(command, &[]),
                    option,
                    allowed
                )
            }
            ParseError::Missing { command, option } => {
                let mut out = tr!(
                    l,
                    "{} needs {}",
                    "для {} нужен параметр {}",
                    self.command(command, &[]),
                    self.option(command, option)
                );
                // A short list of allowed values is worth showing right away.
                let o = crate::table::command::spec(command).and_then(|c| c.option(option));
                if let Some(o) = o.filter(|o| {
                    matches!(
                        o.kind,
                        crate::table::command::OptKind::Choice(_) | crate::table::command::OptKind::Power
                    )
                }) {
                    out.push_str(&format!("; {}", self.option_values(command, o)));
                }
                out
            }
            ParseError::BadValue {
                option,
                value,
                expected,
            } => tr!(
                l,
                "`{}:{}` is not valid; expected {}",
                "`{}:{}` не подходит; ожидается {}",
                crate::table::command::any_option_name(l, option),
                value,
                self.expected(expected)
            ),
            ParseError::Stray { word } => tr!(
                l,
                "`{}` belongs to no option; write `name:value`",
                "`{}` не относится ни к одному параметру; пишите `имя:значение`",
                word
            ),
            ParseError::NotRead { option, what, reads } => {
                let names: Vec<String> = reads
                    .iter()
                    .map(|o| format!("`{}:`", crate::table::command::any_option_name(l, o)))
                    .collect();
                tr!(
                    l,
                    "`{}:` does not apply to {}; it reads {}",
                    "`{}:` не относится к {}; эта правка читает {}",
                    crate::table::command::any_option_name(l, option),
                    format!("`{}`", self.command_line(&format!("adjust what:{what}"))),
                    names.join(", ")
                )
            }
            ParseError::Repeated { option } => tr!(
                l,
                "`{}:` is given twice; give each option once",
                "`{}:` указан дважды; каждый параметр указывайте один раз",
                crate::table::command::any_option_name(l, option)
            ),
            // --- safe input
            ParseError::NeedOneOf { command, options } => {
                let opts: Vec<String> = options.iter().map(|o| self.option(command, o)).collect();
                tr!(
                    l,
                    "{} needs at least one of {}",
                    "для {} нужен хотя бы один из параметров: {}",
                    self.command(command, &[]),
                    opts.join(", ")
                )
            }
            // --- ops: bounded input
            ParseError::TooLong { what, len, max } if what == "command" => tr!(
                l,
                "the command is too long ({} characters; at most {}), so it was not read",
                "команда слишком длинная ({} символов; не больше {}), поэтому она не прочитана",
                len,
                max
            ),
            ParseError::TooLong { what, len, max } => tr!(
                l,
                "the value of `{}:` is too long ({} characters; at most {}), so it was not read",
                "значение `{}:` слишком длинное ({} символов; не больше {}), поэтому оно не прочитано",
                what,
                len,
                max
            ),
            ParseError::RepeatedPart { option, part } => tr!(
                l,
                "`{}:` names `{}` twice; name each unit type and each leader once (add the counts up yourself: `2r`, not `1r … 1r`)",
                "в `{}:` дважды указано `{}`; называйте каждый тип войск и каждого лидера один раз (сложите числа сами: `2р`, а не `1р … 1р`)",
                crate::table::command::any_option_name(l, option),
                part
            ),
        }
    }

    /// What a value should have been, in this locale.
    pub fn expected(&self, e: &Expected) -> String {
        let l = self.loc;
        match e {
            Expected::OneOf(list) => {
                let words: Vec<&str> = match l {
                    Locale::En => list.to_vec(),
                    Locale::Ru => list.iter().map(|v| choice_word_ru(v).unwrap_or(v)).collect(),
                };
                tr!(l, "one of {}", "одно из: {}", words.join(", "))
            }
            Expected::WholeNumber => l.pick("a whole number", "целое число").into(),
            Expected::Count => l.pick("a number from 0 to 255", "число от 0 до 255").into(),
            Expected::Between(lo, hi) => tr!(l, "a whole number from {} to {}", "целое число от {} до {}", lo, hi),
            // --- campaign rhythm (issue 29)
            Expected::Interval { min_s, max_s } => tr!(
                l,
                "a time from {} h to {} d such as `12h`, `90m` or `2d`, or `off`",
                "время от {} ч до {} д, например `12h`, `90m` или `2d`, либо `off`",
                min_s / 3600,
                max_s / 86_400
            ),
            Expected::QuietHours => l
                .pick(
                    "two different UTC hours from 0 to 23 such as `22-7`, or `off`",
                    "два разных часа по `UTC` от 0 до 23, например `22-7`, либо `off`",
                )
                .into(),
            Expected::Units => l
                .pick(
                    "counts like `3r 1m 2c` (regulars, mercenaries, cavalry) and leader names",
                    "числа вроде `3 рег 1 наём 2 кав` или `3r 1m 2c` (регуляры, наёмники, кавалерия) и имена лидеров",
                )
                .into(),
        }
    }

    /// A suggestion tail ("; did you mean X?") in this locale.
    pub fn hint(&self, hint: &str) -> String {
        match self.loc {
            Locale::En => hint.to_string(),
            Locale::Ru => hint.replace("; did you mean", "; может быть,"),
        }
    }

    /// An engine refusal in this locale: every variant of [`RuleError`] and [`Refusal`] is worded
    /// here, in English and Russian, with names in the game's language and the rule ID cited.
    pub fn rule_error(&self, e: &RuleError) -> String {
        let l = self.loc;
        match e {
            RuleError::NotYourTurn { power, waiting } => tr!(
                l,
                "it is not {}'s turn; waiting for {}",
                "сейчас не ход державы {}; ждём: {}",
                self.power(*power),
                self.awaited(waiting)
            ),
            RuleError::Unknown { what, name, near } => tr!(
                l,
                "unknown {} `{}`{}",
                "не найдено: {} `{}`{}",
                self.thing(what),
                name,
                self.hint(&crate::table::resolve::near_hint(near))
            ),
            RuleError::WrongTime { action, waiting } => tr!(
                l,
                "{} is not possible now; waiting for {}",
                "сейчас нельзя: {}; ждём: {}",
                self.action_kind(*action),
                self.awaited(waiting)
            ),
            RuleError::Illegal(r) => self.refusal(r),
            RuleError::GameOver => l.pick("the game is over", "партия окончена").into(),
        }
    }

    /// Who is awaited and for what: "England: `play` a card or `pass`".
    pub(super) fn awaited(&self, a: &Awaiting) -> String {
        let (powers, decision) = match a {
            Awaiting::One { power, decision } => (vec![self.power(*power)], *decision),
            Awaiting::Simultaneous { pending, decision } => {
                (pending.iter().map(|p| self.power(p)).collect(), *decision)
            }
            Awaiting::Over { .. } => {
                return self
                    .loc
                    .pick("nobody (the game is over)", "никого (партия окончена)")
                    .into()
            }
        };
        format!("{} — {}", powers.join(", "), self.decision(decision))
    }

    /// The kind of thing a name was looked up as (`space`, `card` …).
    pub fn thing(&self, what: &str) -> String {
        let ru = match what {
            "space" => "пространство",
            "card" => "карта",
            "leader" => "лидер",
            "power" => "держава",
            "minor power" => "малая держава",
            "owner" => "владелец",
            "rule" => "правило",
            other => other,
        };
        self.loc.pick(what, ru).to_string()
    }

    /// A list of allowed values in this locale: display names with the id to type in backticks.
    pub fn allowed(&self, a: Allowed) -> String {
        use crate::engine::power::Minor;
        let named = |id: &str| format!("{} (`{id}`)", self.owner_id(id));
        let powers = || Power::ALL.iter().map(|p| named(p.as_str()));
        let minors = || Minor::ALL.iter().map(|m| named(m.as_str()));
        let v: Vec<String> = match a {
            Allowed::Powers => powers().collect(),
            Allowed::Minors => minors().collect(),
            Allowed::Owners => powers()
                .chain(minors())
                .chain([format!(
                    "{} (`independent`)",
                    self.owner(Owner::Independent)
                )])
                .collect(),
            Allowed::Leaders => self
                .rs
                .leaders
                .iter()
                .map(|x| format!("{} (`{}`)", self.leader(&x.id), x.id.to_lowercase()))
                .collect(),
        };
        v.join(", ")
    }

    /// The allowed values closest to what was typed first, at most [`NEAR_LIMIT`] of them and
    /// how many more there are (a list of forty leaders helps nobody).
    pub fn allowed_near(&self, a: Allowed, typed: &str) -> String {
        use crate::engine::power::Minor;
        let t = typed.trim().to_lowercase();
        let dist = |names: &[&str]| {
            names
                .iter()
                .filter(|n| !n.is_empty())
                .map(|n| {
                    let n = n.to_lowercase();
                    let d = crate::data::edit_distance(&t, &n);
                    // A name that contains the typed word, or a word of it, is close.
                    let word = n
                        .split([' ', ',', '_'])
                        .map(|w| crate::data::edit_distance(&t, w))
                        .min()
                        .unwrap_or(d);
                    d.min(word)
                })
                .min()
                .unwrap_or(usize::MAX)
        };
        let named = |id: &str| format!("{} (`{id}`)", self.owner_id(id));
        let owner_names = |id: &str| match self.rs.power_info(id) {
            Some(i) => dist(&[id, &i.name_en, &i.name_ru]),
            None => dist(&[id]),
        };
        let mut v: Vec<(usize, String)> = match a {
            Allowed::Powers | Allowed::Owners | Allowed::Minors => {
                let mut ids: Vec<&str> = Vec::new();
                if a != Allowed::Minors {
                    ids.extend(Power::ALL.iter().map(|p| p.as_str()));
                }
                if a != Allowed::Powers {
                    ids.extend(Minor::ALL.iter().map(|m| m.as_str()));
                }
                let mut v: Vec<(usize, String)> =
                    ids.iter().map(|id| (owner_names(id), named(id))).collect();
                if a == Allowed::Owners {
                    let ind = self.owner(Owner::Independent);
                    v.push((
                        dist(&["independent", &ind]),
                        format!("{ind} (`independent`)"),
                    ));
                }
                v
            }
            Allowed::Leaders => self
                .rs
                .leaders
                .iter()
                .map(|x| {
                    let d = dist(&[&x.id, &x.name_en, &x.name_ru, &x.short_en, &x.short_ru]);
                    (
                        d,
                        format!("{} (`{}`)", self.leader(&x.id), x.id.to_lowercase()),
                    )
                })
                .collect(),
        };
        // Stable: equally close names keep the data's order.
        v.sort_by_key(|(d, _)| *d);
        // A short list (powers, owners) is shown whole, closest first.
        let keep = if v.len() > 2 * NEAR_LIMIT + 3 {
            NEAR_LIMIT
        } else {
            v.len()
        };
        let more = v.len() - keep;
        let mut out: Vec<String> = v.into_iter().take(keep).map(|(_, s)| s).collect();
        if more > 0 {
            out.push(tr!(self.loc, "and {} more", "и ещё {}", more));
        }
        out.join(", ")
    }

    /// An action's kind as a noun phrase ("an assault", "штурм").
    pub fn action_kind(&self, k: ActionKind) -> &'static str {
        let (en, ru) = match k {
            ActionKind::DeclareWar => ("declaring war", "объявление войны"),
            ActionKind::OfferPeace => ("offering peace", "предложение мира"),
            ActionKind::OfferAlliance => ("offering an alliance", "предложение союза"),
            ActionKind::Accept => ("accepting an offer", "принятие предложения"),
            ActionKind::Decline => ("declining an offer", "отказ от предложения"),
            ActionKind::DoneDiplomacy => ("finishing diplomacy", "завершение переговоров"),
            ActionKind::AllyMinor => ("allying with a minor power", "союз с малой державой"),
            ActionKind::SueForPeace => ("suing for peace", "просьба о мире"),
            ActionKind::Ransom => ("ransoming a leader", "выкуп лидера"),
            ActionKind::Recall => ("recalling units to a capital", "отзыв войск в столицу"),
            ActionKind::Winter => ("answering a Winter question", "ответ на вопрос зимы"),
            ActionKind::WarOnMinor => (
                "declaring war on a minor power",
                "объявление войны малой державе",
            ),
            ActionKind::PeaceWithMinor => {
                ("making peace with a minor power", "мир с малой державой")
            }
            ActionKind::SecretChoice => ("the secret choice", "тайный выбор"),
            ActionKind::RevealSecret => ("revealing the secret choice", "раскрытие тайного выбора"),
            ActionKind::Deploy => ("spring deployment", "весеннее развёртывание"),
            ActionKind::PlaceLeader => ("placing a leader", "выставление лидера"),
            ActionKind::SkipDeployment => ("skipping deployment", "пропуск развёртывания"),
            ActionKind::Play => ("playing a card", "розыгрыш карты"),
            ActionKind::Pass => ("passing", "пас"),
            ActionKind::Move => ("moving", "перемещение"),
            ActionKind::Control => ("taking control", "взятие под контроль"),
            ActionKind::Raise => ("raising units", "набор войск"),
            ActionKind::BuildFortress => ("building a fortress", "постройка крепости"),
            ActionKind::Assault => ("an assault", "штурм"),
            ActionKind::Revolt => ("a revolt", "восстание"),
            ActionKind::FightForeignWar => ("fighting a foreign war", "бой на внешней войне"),
            ActionKind::SendToWar => (
                "sending units to a foreign war",
                "отправка войск на внешнюю войну",
            ),
            ActionKind::WithdrawLeaders => ("taking leaders off the map", "снятие лидеров с карты"),
            ActionKind::MoveHuguenotCapital => {
                ("moving the Huguenot capital", "перенос столицы гугенотов")
            }
            ActionKind::Convert => ("a conversion attempt", "попытка обращения"),
            ActionKind::CatholicRebellion => (
                "an English Catholic rebellion",
                "английское католическое восстание",
            ),
            ActionKind::ConversionSix => ("answering a natural 6", "ответ на выпавшую шестёрку"),
            ActionKind::EndImpulse => ("ending the impulse", "завершение импульса"),
            ActionKind::Adjust => ("a manual fix", "ручная правка"),
            ActionKind::Intercept => ("intercepting", "перехват"),
            ActionKind::AvoidBattle => ("avoiding battle", "уклонение от боя"),
            ActionKind::WithdrawInside => {
                ("withdrawing into the fortifications", "укрытие за стенами")
            }
            ActionKind::Forgo => ("declining the offer", "отказ от предложенного"),
            ActionKind::TakeCasualties => ("taking casualties", "выбор потерь"),
            ActionKind::Retreat => ("retreating", "отступление"),
            ActionKind::SetStanding => ("setting a standing answer", "постоянный ответ"),
            ActionKind::NavalMove => ("a naval move", "морской ход"),
            ActionKind::NavalTransport => ("a naval transport", "морская перевозка"),
            ActionKind::SinkShips => ("choosing sunk ships", "выбор потопленных кораблей"),
            ActionKind::NavalRetreat => ("a naval retreat", "отход флота"),
            ActionKind::NavalIntercept => ("a naval interception", "морской перехват"),
            ActionKind::NavalAvoid => ("avoiding a naval battle", "уклонение от морского боя"),
            ActionKind::JoinRelief => (
                "a sally to join the relief",
                "вылазка на помощь деблокирующим",
            ),
            ActionKind::Piracy => ("piracy", "пиратство"),
            ActionKind::PiracyReward => ("paying for piracy", "плата пиратам"),
            ActionKind::SpendTreasure => ("spending a treasure", "трата сокровища"),
            ActionKind::Surrender => ("removing units for a peace", "снятие отрядов за мир"),
            ActionKind::Regain => ("regaining after a peace", "возврат после мира"),
            ActionKind::Choose => ("answering a card's question", "ответ на вопрос карты"),
            ActionKind::BuyInfluence => ("buying influence", "покупка влияния"),
            ActionKind::Marry => ("a marriage proposal", "предложение брака"),
            ActionKind::RefuseMarriage => ("refusing a marriage", "отказ в браке"),
            ActionKind::Spy => ("espionage", "шпионаж"),
        };
        self.loc.pick(en, ru)
    }
}

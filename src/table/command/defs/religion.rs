//! Religion, the Protestant revolt, foreign wars, marriages and espionage: revolt, marry, spy,
//! convert, rebel, six, fight, send, withdraw, capital.

#[allow(unused_imports)]
use super::*;

/// `revolt`: a Protestant revolt in a space (R-PROT-*).
pub(in crate::table::command) const REVOLT: CmdDef = CmdDef {
    spec: CmdSpec {
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
    parse: |a| {
        Ok(Command::Revolt {
            space: a.req("space")?,
            capital: is_yes(a.opt("capital")),
            leaders: word_list(a.opt("leaders")),
            power: a.opt("power"),
            capital_at: a.opt("capital-at"),
        })
    },
    act: |cx, c| match c {
        Command::Revolt {
            space,
            capital,
            leaders,
            capital_at,
            ..
        } => Some((|| {
            let space = resolve::space(cx.rs, space)?;
            let capital_at = opt_space(cx.rs, capital_at)?;
            Ok(Action::Revolt {
                declare_capital: *capital && capital_at.is_none(),
                capital: capital_at.map(Into::into),
                leaders: resolve::leaders(cx.rs, leaders)?
                    .into_iter()
                    .map(|leader| crate::engine::action::LeaderEntry {
                        leader,
                        space: space.clone(),
                    })
                    .collect(),
                space: space.into(),
            })
        })()),
        _ => None,
    },
    print: |a, _| match a {
        Action::Revolt {
            space,
            declare_capital,
            leaders,
            capital,
        } => {
            let ids: Vec<&str> = leaders.iter().map(|e| e.leader.as_str()).collect();
            Some(
                Line::new("revolt")
                    .with("space", space)
                    .when(*declare_capital, "capital", "yes")
                    .maybe("capital-at", capital.as_ref())
                    .when(!ids.is_empty(), "leaders", ids.join(",")),
            )
        }
        _ => None,
    },
    acting: true,
    power: power_of!(Revolt),
};

/// `marry`: propose a marriage, or accept or refuse one (X-MARRIAGE-*); royals resolve in the
/// engine.
pub(in crate::table::command) const MARRY: CmdDef = CmdDef {
    spec: CmdSpec {
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
    parse: |a| {
        Ok(Command::Marry {
            royal: a.req("royal")?,
            with: a.opt("with").unwrap_or_default(),
            refuse: is_yes(a.opt("refuse")),
            power: a.opt("power"),
        })
    },
    act: |_, c| match c {
        Command::Marry {
            royal,
            with,
            refuse: false,
            ..
        } => Some(Ok(Action::Marry {
            royal: royal.as_str().into(),
            with: with.as_str().into(),
        })),
        Command::Marry { royal, with, .. } => Some(Ok(Action::RefuseMarriage {
            royal: royal.as_str().into(),
            with: with.as_str().into(),
        })),
        _ => None,
    },
    print: |a, _| match a {
        Action::Marry { royal, with } => Some(Line::new("marry").with("royal", royal).when(
            !with.is_empty(),
            "with",
            with,
        )),
        Action::RefuseMarriage { royal, with } => Some(
            Line::new("marry")
                .with("royal", royal)
                .when(!with.is_empty(), "with", with)
                .with("refuse", "yes"),
        ),
        _ => None,
    },
    acting: true,
    power: power_of!(Marry),
};

/// `spy`: an espionage attempt (X-SPY-*).
pub(in crate::table::command) const SPY: CmdDef = CmdDef {
    spec: CmdSpec {
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
    parse: |a| {
        Ok(Command::Spy {
            target: a.req("target")?,
            effect: a.req("effect")?.to_lowercase(),
            whom: a.opt("whom"),
            power: a.opt("power"),
        })
    },
    act: |cx, c| match c {
        Command::Spy {
            target,
            effect,
            whom,
            ..
        } => Some((|| {
            Ok(Action::Spy {
                target: resolve::power(cx.rs, target)?,
                effect: crate::engine::espionage::SpyEffect::from_id(effect).ok_or_else(|| {
                    Msg::UnknownName {
                        what: "effect",
                        name: effect.clone(),
                        hint: String::new(),
                    }
                })?,
                whom: whom.clone().map(Into::into),
            })
        })()),
        _ => None,
    },
    print: |a, _| match a {
        Action::Spy {
            target,
            effect,
            whom,
        } => Some(
            Line::new("spy")
                .with("target", target)
                .with("effect", effect.id())
                .maybe("whom", whom.as_ref()),
        ),
        _ => None,
    },
    acting: true,
    power: power_of!(Spy),
};

/// `convert`: a conversion attempt in a space (X-REL-*).
pub(in crate::table::command) const CONVERT: CmdDef = CmdDef {
    spec: CmdSpec {
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
    parse: |a| {
        Ok(Command::Convert {
            space: a.req("space")?,
            power: a.opt("power"),
        })
    },
    act: |cx, c| match c {
        Command::Convert { space, .. } => {
            Some(resolve::space(cx.rs, space).map(|space| Action::Convert {
                space: space.into(),
            }))
        }
        _ => None,
    },
    print: |a, _| match a {
        Action::Convert { space } => Some(Line::new("convert").with("space", space)),
        _ => None,
    },
    acting: true,
    power: power_of!(Convert),
};

/// `rebel`: a Catholic rebellion in a space.
pub(in crate::table::command) const REBEL: CmdDef = CmdDef {
    spec: CmdSpec {
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
    parse: |a| {
        Ok(Command::Rebel {
            space: a.req("space")?,
            power: a.opt("power"),
        })
    },
    act: |cx, c| match c {
        Command::Rebel { space, .. } => {
            Some(
                resolve::space(cx.rs, space).map(|space| Action::CatholicRebellion {
                    space: space.into(),
                }),
            )
        }
        _ => None,
    },
    print: |a, _| match a {
        Action::CatholicRebellion { space } => Some(Line::new("rebel").with("space", space)),
        _ => None,
    },
    acting: true,
    power: power_of!(Rebel),
};

/// `six`: keep a conversion's natural 6 (unrest) or count it as a 5 (X-REL-SIX).
pub(in crate::table::command) const SIX: CmdDef = CmdDef {
    spec: CmdSpec {
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
    parse: |a| {
        Ok(Command::Six {
            keep: a.req("count")? == "6",
            power: a.opt("power"),
        })
    },
    act: |_, c| match c {
        Command::Six { keep, .. } => Some(Ok(Action::ConversionSix { unrest: *keep })),
        _ => None,
    },
    print: |a, _| match a {
        Action::ConversionSix { unrest } => {
            Some(Line::new("six").with("count", if *unrest { 6 } else { 5 }))
        }
        _ => None,
    },
    acting: true,
    power: power_of!(Six),
};

/// `fight`: fight a foreign war with its card.
pub(in crate::table::command) const FIGHT: CmdDef = CmdDef {
    spec: CmdSpec {
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
    parse: |a| {
        Ok(Command::Fight {
            card: a.req("card")?,
            power: a.opt("power"),
        })
    },
    act: |cx, c| match c {
        Command::Fight { card, .. } => {
            Some(resolve::card(cx.rs, card).map(|card| Action::FightForeignWar { card }))
        }
        _ => None,
    },
    print: |a, _| match a {
        Action::FightForeignWar { card } => Some(Line::new("fight").with("card", card)),
        _ => None,
    },
    acting: true,
    power: power_of!(Fight),
};

/// `send`: send units to a foreign war.
pub(in crate::table::command) const SEND: CmdDef = CmdDef {
    spec: CmdSpec {
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
    parse: |a| {
        Ok(Command::Send {
            card: a.req("card")?,
            from: a.req("from")?,
            units: req_units(a, "units")?,
            power: a.opt("power"),
        })
    },
    act: |cx, c| match c {
        Command::Send {
            card, from, units, ..
        } => Some((|| {
            Ok(Action::SendToWar {
                card: resolve::card(cx.rs, card)?,
                from: resolve::space(cx.rs, from)?.into(),
                units: pick(cx.rs, units)?,
            })
        })()),
        _ => None,
    },
    print: |a, _| match a {
        Action::SendToWar { card, from, units } => Some(
            Line::new("send")
                .with("card", card)
                .with("from", from)
                .with("units", units_text(units)),
        ),
        _ => None,
    },
    acting: true,
    power: power_of!(Send),
};

/// `withdraw`: withdraw leaders from a foreign war.
pub(in crate::table::command) const WITHDRAW: CmdDef = CmdDef {
    spec: CmdSpec {
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
    parse: |a| {
        Ok(Command::Withdraw {
            leaders: word_list(a.opt("leaders")),
            power: a.opt("power"),
        })
    },
    act: |cx, c| match c {
        Command::Withdraw { leaders, .. } => {
            Some(
                resolve::leaders(cx.rs, leaders).map(|l| Action::WithdrawLeaders {
                    leaders: l.into_iter().map(Into::into).collect::<Vec<_>>(),
                }),
            )
        }
        _ => None,
    },
    print: |a, _| match a {
        Action::WithdrawLeaders { leaders } => {
            Some(Line::new("withdraw").when(!leaders.is_empty(), "leaders", leaders.join(",")))
        }
        _ => None,
    },
    acting: true,
    power: power_of!(Withdraw),
};

/// `capital`: move the Huguenot capital (or give it up with no space).
pub(in crate::table::command) const CAPITAL: CmdDef = CmdDef {
    spec: CmdSpec {
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
    parse: |a| {
        Ok(Command::Capital {
            space: a.opt("space"),
            power: a.opt("power"),
        })
    },
    act: |cx, c| match c {
        Command::Capital { space, .. } => {
            Some(
                opt_space(cx.rs, space).map(|to| Action::MoveHuguenotCapital {
                    to: to.map(Into::into),
                }),
            )
        }
        _ => None,
    },
    print: |a, _| match a {
        Action::MoveHuguenotCapital { to } => {
            Some(Line::new("capital").maybe("space", to.as_ref()))
        }
        _ => None,
    },
    acting: true,
    power: power_of!(Capital),
};

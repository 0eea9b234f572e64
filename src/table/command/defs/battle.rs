//! The answers to land-battle and Winter questions: intercept, avoid, fortify, sally, forgo,
//! choose, casualties, retreat, standing, winter.

#[allow(unused_imports)]
use super::*;

/// `intercept`: intercept an entering enemy (the largest formation unless `units:` is given).
pub(in crate::table::command) const INTERCEPT: CmdDef = CmdDef {
    spec: CmdSpec {
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
    parse: |a| {
        Ok(Command::Intercept {
            from: a.req("from")?,
            units: opt_units(a, "units")?,
            power: a.opt("power"),
        })
    },
    act: |cx, c| match c {
        Command::Intercept { from, units, .. } => Some((|| {
            let from = resolve::space(cx.rs, from)?;
            let units = match units {
                Some(p) => pick(cx.rs, p)?,
                None => cx
                    .game
                    .legal_actions(cx.rs, cx.power)
                    .into_iter()
                    .find_map(|a| match a {
                        Action::Intercept { from: f, units } if f == from => Some(units),
                        _ => None,
                    })
                    .unwrap_or_default(),
            };
            Ok(Action::Intercept {
                from: from.into(),
                units,
            })
        })()),
        _ => None,
    },
    // A button names the space only: the table takes the formation the engine lists first.
    print: |a, form| match a {
        Action::Intercept { from, units } => Some(Line::new("intercept").with("from", from).when(
            form != Form::Button,
            "units",
            units_text(units),
        )),
        _ => None,
    },
    acting: true,
    power: power_of!(Intercept),
};

/// `avoid`: try to avoid battle.
pub(in crate::table::command) const AVOID: CmdDef = CmdDef {
    spec: CmdSpec {
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
    parse: |a| {
        Ok(Command::Avoid {
            to: a.req("to")?,
            power: a.opt("power"),
        })
    },
    act: |cx, c| match c {
        Command::Avoid { to, .. } => {
            Some(resolve::space(cx.rs, to).map(|to| Action::AvoidBattle { to: to.into() }))
        }
        _ => None,
    },
    print: |a, _| match a {
        Action::AvoidBattle { to } => Some(Line::new("avoid").with("to", to)),
        _ => None,
    },
    acting: true,
    power: power_of!(Avoid),
};

bare_command!(
    FORTIFY,
    "fortify",
    Fortify,
    WithdrawInside,
    CmdSpec {
        name: "fortify",
        ru: "укрыться",
        options: &[AS_POWER],
        help: ["withdraw inside the walls", "укрыться за стенами"],
    }
);

bare_command!(
    SALLY,
    "sally",
    Sally,
    JoinRelief,
    CmdSpec {
        name: "sally",
        ru: "вылазка",
        options: &[AS_POWER],
        help: ["join the relief", "выйти к деблокаде"],
    }
);

bare_command!(
    FORGO,
    "forgo",
    Forgo,
    Forgo,
    CmdSpec {
        name: "forgo",
        ru: "отказ",
        options: &[AS_POWER],
        help: ["decline the offer", "отказаться от предложенного"],
    }
);

/// `choose`: answer a card effect's question (`option:N` or `space:ID`).
pub(in crate::table::command) const CHOOSE: CmdDef = CmdDef {
    spec: CmdSpec {
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
    parse: |a| {
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
        Ok(Command::Choose {
            option,
            space,
            power: a.opt("power"),
        })
    },
    act: |cx, c| match c {
        Command::Choose { option, space, .. } => {
            Some(opt_space(cx.rs, space).map(|space| Action::Choose {
                option: option.unwrap_or(0),
                space: space.map(Into::into),
            }))
        }
        _ => None,
    },
    print: |a, _| match a {
        Action::Choose {
            option,
            space: Some(s),
        } if *option == 0 => Some(Line::new("choose").with("space", s)),
        Action::Choose { option, .. } => Some(Line::new("choose").with("option", option)),
        _ => None,
    },
    acting: true,
    power: power_of!(Choose),
};

/// `casualties`: choose the units lost.
pub(in crate::table::command) const CASUALTIES: CmdDef = CmdDef {
    spec: CmdSpec {
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
    parse: |a| {
        Ok(Command::Casualties {
            units: req_units(a, "units")?,
            power: a.opt("power"),
        })
    },
    act: |cx, c| match c {
        Command::Casualties { units, .. } => {
            Some(pick(cx.rs, units).map(|units| Action::TakeCasualties { units }))
        }
        _ => None,
    },
    print: |a, _| match a {
        Action::TakeCasualties { units } => {
            Some(Line::new("casualties").with("units", units_text(units)))
        }
        _ => None,
    },
    acting: true,
    power: power_of!(Casualties),
};

/// `retreat`: retreat after a lost battle (or leave a regained space after a peace).
pub(in crate::table::command) const RETREAT: CmdDef = CmdDef {
    spec: CmdSpec {
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
    parse: |a| {
        Ok(Command::Retreat {
            to: a.opt("to"),
            inside: opt_units(a, "inside")?,
            power: a.opt("power"),
        })
    },
    act: |cx, c| match c {
        Command::Retreat { to, inside, .. } => Some((|| {
            Ok(Action::Retreat {
                to: opt_space(cx.rs, to)?.map(Into::into),
                inside: inside
                    .as_ref()
                    .map(|p| pick(cx.rs, p))
                    .transpose()?
                    .unwrap_or_default(),
            })
        })()),
        _ => None,
    },
    print: |a, _| match a {
        Action::Retreat { to, inside } => Some(Line::new("retreat").maybe("to", to.as_ref()).when(
            any_units(inside),
            "inside",
            units_text(inside),
        )),
        _ => None,
    },
    acting: true,
    power: power_of!(Retreat),
};

/// `standing`: set or clear a standing answer.
pub(in crate::table::command) const STANDING: CmdDef = CmdDef {
    spec: CmdSpec {
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
    parse: |a| {
        Ok(Command::Standing {
            answer: a.req("answer")?,
            on: !a.opt("on").is_some_and(|v| v.eq_ignore_ascii_case("no")),
            power: a.opt("power"),
        })
    },
    act: |_, c| match c {
        Command::Standing { answer, on, .. } => Some(Ok(Action::SetStanding {
            standing: crate::engine::steps::Standing::parse(answer)
                .unwrap_or(crate::engine::steps::Standing::NeverIntercept),
            on: *on,
        })),
        _ => None,
    },
    print: |a, _| match a {
        Action::SetStanding { standing, on } => Some(
            Line::new("standing")
                .with("answer", standing.as_str())
                .with("on", yes_no(*on)),
        ),
        _ => None,
    },
    acting: true,
    power: power_of!(Standing),
};

/// `winter`: a Winter answer (where to winter, which units go to a capital).
pub(in crate::table::command) const WINTER: CmdDef = CmdDef {
    spec: CmdSpec {
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
    parse: |a| {
        Ok(Command::Winter {
            to: a.opt("to"),
            units: opt_units(a, "units")?,
            power: a.opt("power"),
        })
    },
    act: |cx, c| match c {
        Command::Winter { to, units, .. } => Some((|| {
            Ok(Action::Winter {
                to: opt_space(cx.rs, to)?.map(Into::into),
                units: units
                    .as_ref()
                    .map(|p| pick(cx.rs, p))
                    .transpose()?
                    .unwrap_or_default(),
            })
        })()),
        _ => None,
    },
    print: |a, _| match a {
        Action::Winter { to, units } => Some(Line::new("winter").maybe("to", to.as_ref()).when(
            any_units(units),
            "units",
            units_text(units),
        )),
        _ => None,
    },
    acting: true,
    power: power_of!(Winter),
};

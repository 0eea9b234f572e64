//! Naval warfare and piracy: sail, transport, ships, haven, engage, evade, piracy, tribute.

#[allow(unused_imports)]
use super::*;

/// `sail`: move a fleet one step (one leg).
pub(in crate::table::command) const SAIL: CmdDef = CmdDef {
    spec: CmdSpec {
        name: "sail",
        ru: "плыть",
        options: &[
            opt(
                "from",
                "откуда",
                OptKind::Space,
                true,
                "where your fleet is",
                "где ваш флот",
            ),
            opt(
                "to",
                "куда",
                OptKind::Space,
                true,
                "next sea zone or port",
                "соседняя зона или порт",
            ),
            AS_POWER,
        ],
        help: ["move a fleet one step (CP)", "флот на шаг по морю (ОД)"],
    },
    parse: |a| {
        Ok(Command::Sail {
            from: a.req("from")?,
            to: a.req("to")?,
            power: a.opt("power"),
        })
    },
    act: |cx, c| match c {
        Command::Sail { from, to, .. } => Some((|| {
            Ok(Action::NavalMove {
                legs: vec![crate::engine::action::NavalLeg {
                    from: resolve::place(cx.rs, from)?,
                    to: resolve::place(cx.rs, to)?,
                }],
            })
        })()),
        _ => None,
    },
    // A move of several legs has no command line.
    print: |a, _| match a {
        Action::NavalMove { legs } => match legs.as_slice() {
            [leg] => Some(
                Line::new("sail")
                    .with("from", &leg.from)
                    .with("to", &leg.to),
            ),
            _ => None,
        },
        _ => None,
    },
    acting: true,
    power: power_of!(Sail),
};

/// `transport`: carry a formation by sea.
pub(in crate::table::command) const TRANSPORT: CmdDef = CmdDef {
    spec: CmdSpec {
        name: "transport",
        ru: "перевезти",
        options: &[
            opt(
                "from",
                "откуда",
                OptKind::Space,
                true,
                "port of the formation",
                "порт войска",
            ),
            opt(
                "to",
                "куда",
                OptKind::Space,
                true,
                "friendly port",
                "свой порт",
            ),
            opt(
                "units",
                "войска",
                OptKind::Units,
                true,
                "up to 5 land units, e.g. `4r alba`",
                "до 5 сухопутных отрядов, напр. `4r alba`",
            ),
            AS_POWER,
        ],
        help: [
            "carry a formation by sea (CP)",
            "перевезти войско морем (очки)",
        ],
    },
    parse: |a| {
        Ok(Command::Transport {
            from: a.req("from")?,
            to: a.req("to")?,
            units: req_units(a, "units")?,
            power: a.opt("power"),
        })
    },
    act: |cx, c| match c {
        Command::Transport {
            from, to, units, ..
        } => Some((|| {
            Ok(Action::NavalTransport {
                from: resolve::space(cx.rs, from)?.into(),
                to: resolve::space(cx.rs, to)?.into(),
                units: pick(cx.rs, units)?,
            })
        })()),
        _ => None,
    },
    print: |a, _| match a {
        Action::NavalTransport { from, to, units } => Some(
            Line::new("transport")
                .with("from", from)
                .with("to", to)
                .with("units", units_text(units)),
        ),
        _ => None,
    },
    acting: true,
    power: power_of!(Transport),
};

/// `ships`: which ships are sunk.
pub(in crate::table::command) const SHIPS: CmdDef = CmdDef {
    spec: CmdSpec {
        name: "ships",
        ru: "корабли",
        options: &[
            opt(
                "squadrons",
                "эскадры",
                OptKind::Integer,
                false,
                "squadrons sunk (2 hits)",
                "потоплено эскадр (2 попадания)",
            ),
            opt(
                "corsairs",
                "корсары",
                OptKind::Integer,
                false,
                "corsairs sunk (1 hit)",
                "потоплено корсаров (1 попадание)",
            ),
            AS_POWER,
        ],
        help: ["choose which ships are sunk", "выбрать потопленные корабли"],
    },
    parse: |a| {
        Ok(Command::Ships {
            squadrons: count(a, "squadrons")?.unwrap_or(0),
            corsairs: count(a, "corsairs")?.unwrap_or(0),
            power: a.opt("power"),
        })
    },
    act: |_, c| match c {
        Command::Ships {
            squadrons,
            corsairs,
            ..
        } => Some(Ok(Action::SinkShips {
            squadrons: *squadrons,
            corsairs: *corsairs,
        })),
        _ => None,
    },
    print: |a, _| match a {
        Action::SinkShips {
            squadrons,
            corsairs,
        } => Some(
            Line::new("ships")
                .with("squadrons", squadrons)
                .with("corsairs", corsairs),
        ),
        _ => None,
    },
    acting: true,
    power: power_of!(Ships),
};

/// `haven`: retreat a fleet.
pub(in crate::table::command) const HAVEN: CmdDef = CmdDef {
    spec: CmdSpec {
        name: "haven",
        ru: "гавань",
        options: &[
            opt(
                "to",
                "куда",
                OptKind::Space,
                true,
                "friendly port or sea zone",
                "свой порт или морская зона",
            ),
            AS_POWER,
        ],
        help: ["retreat a fleet", "отвести флот"],
    },
    parse: |a| {
        Ok(Command::Haven {
            to: a.req("to")?,
            power: a.opt("power"),
        })
    },
    act: |cx, c| match c {
        Command::Haven { to, .. } => {
            Some(resolve::place(cx.rs, to).map(|to| Action::NavalRetreat { to: to.into() }))
        }
        _ => None,
    },
    print: |a, _| match a {
        Action::NavalRetreat { to } => Some(Line::new("haven").with("to", to)),
        _ => None,
    },
    acting: true,
    power: power_of!(Haven),
};

/// `engage`: intercept an entering fleet.
pub(in crate::table::command) const ENGAGE: CmdDef = CmdDef {
    spec: CmdSpec {
        name: "engage",
        ru: "напасть",
        options: &[
            opt(
                "from",
                "откуда",
                OptKind::Space,
                true,
                "your fleet's zone or port",
                "зона или порт флота",
            ),
            AS_POWER,
        ],
        help: ["intercept an entering fleet", "перехватить входящий флот"],
    },
    parse: |a| {
        Ok(Command::Engage {
            from: a.req("from")?,
            power: a.opt("power"),
        })
    },
    act: |cx, c| match c {
        Command::Engage { from, .. } => Some(
            resolve::place(cx.rs, from).map(|from| Action::NavalIntercept { from: from.into() }),
        ),
        _ => None,
    },
    print: |a, _| match a {
        Action::NavalIntercept { from } => Some(Line::new("engage").with("from", from)),
        _ => None,
    },
    acting: true,
    power: power_of!(Engage),
};

/// `evade`: try to avoid a naval battle.
pub(in crate::table::command) const EVADE: CmdDef = CmdDef {
    spec: CmdSpec {
        name: "evade",
        ru: "ускользнуть",
        options: &[
            opt(
                "to",
                "куда",
                OptKind::Space,
                true,
                "where your fleet slips to",
                "куда уходит флот",
            ),
            AS_POWER,
        ],
        help: ["try to avoid a naval battle", "уклониться от морского боя"],
    },
    parse: |a| {
        Ok(Command::Evade {
            to: a.req("to")?,
            power: a.opt("power"),
        })
    },
    act: |cx, c| match c {
        Command::Evade { to, .. } => {
            Some(resolve::place(cx.rs, to).map(|to| Action::NavalAvoid { to: to.into() }))
        }
        _ => None,
    },
    print: |a, _| match a {
        Action::NavalAvoid { to } => Some(Line::new("evade").with("to", to)),
        _ => None,
    },
    acting: true,
    power: power_of!(Evade),
};

/// `piracy`: a piracy attempt in a sea zone against a power (C-PIRACY).
pub(in crate::table::command) const PIRACY: CmdDef = CmdDef {
    spec: CmdSpec {
        name: "piracy",
        ru: "пиратство",
        options: &[
            opt(
                "zone",
                "зона",
                OptKind::Space,
                true,
                "sea zone of your corsairs",
                "зона ваших корсаров",
            ),
            opt(
                "target",
                "против",
                OptKind::Power,
                true,
                "a power with a port there",
                "держава с портом там",
            ),
            AS_POWER,
        ],
        help: ["corsair piracy (CP)", "пиратство корсаров (ОД)"],
    },
    parse: |a| {
        Ok(Command::Piracy {
            zone: a.req("zone")?,
            target: a.req("target")?,
            power: a.opt("power"),
        })
    },
    act: |cx, c| match c {
        Command::Piracy { zone, target, .. } => Some((|| {
            Ok(Action::Piracy {
                zone: resolve::place(cx.rs, zone)?.into(),
                target: resolve::power(cx.rs, target)?,
            })
        })()),
        _ => None,
    },
    print: |a, _| match a {
        Action::Piracy { zone, target } => Some(
            Line::new("piracy")
                .with("zone", zone)
                .with("target", target),
        ),
        _ => None,
    },
    acting: true,
    power: power_of!(Piracy),
};

/// `tribute`: pay a piracy hit (C-PIRACY).
pub(in crate::table::command) const TRIBUTE: CmdDef = CmdDef {
    spec: CmdSpec {
        name: "tribute",
        ru: "дань",
        options: &[
            opt(
                "pay",
                "чем",
                OptKind::Choice(PIRACY_PAYS),
                true,
                "what a hit costs you",
                "плата за попадание",
            ),
            opt(
                "at",
                "где",
                OptKind::Space,
                false,
                "where the squadron is",
                "где эскадра",
            ),
            AS_POWER,
        ],
        help: ["pay a piracy hit", "уплатить пиратам"],
    },
    parse: |a| {
        Ok(Command::Tribute {
            pay: a.req("pay")?.to_lowercase(),
            at: a.opt("at"),
            power: a.opt("power"),
        })
    },
    act: |cx, c| match c {
        Command::Tribute { pay, at, .. } => Some((|| {
            use crate::engine::piracy::PiracyReward;
            Ok(Action::PiracyReward {
                reward: match pay.as_str() {
                    "squadron" => PiracyReward::Squadron,
                    "card" => PiracyReward::Card,
                    _ => PiracyReward::Vp,
                },
                at: opt_place(cx.rs, at)?.map(Into::into),
            })
        })()),
        _ => None,
    },
    print: |a, _| match a {
        Action::PiracyReward { reward, at } => Some(
            Line::new("tribute")
                .with("pay", reward.id())
                .maybe("at", at.as_ref()),
        ),
        _ => None,
    },
    acting: true,
    power: power_of!(Tribute),
};

//! The commands of an impulse and of spring deployment: play, move, control, build, assault,
//! pass, end, done, deploy, place, and the Empire's secret choice.

#[allow(unused_imports)]
use super::*;

use crate::engine::action::{CardMode, UnitKind};
use crate::engine::power::Owner;
use crate::engine::ruleset::EmpireChoice;
use crate::engine::Decision;

/// `play`: play a card for CP or as an event.
pub(in crate::table::command) const PLAY: CmdDef = CmdDef {
    spec: CmdSpec {
        name: "play",
        ru: "сыграть",
        options: &[
            opt(
                "card",
                "карта",
                OptKind::Card,
                true,
                "card number or name",
                "номер или название карты",
            ),
            opt(
                "as",
                "как",
                OptKind::Choice(MODES),
                true,
                "cp or event",
                "`од` (очки действий) или `событие`",
            ),
            AS_POWER,
        ],
        help: [
            "play a card for CP or as its event",
            "сыграть карту за ОД или как событие",
        ],
    },
    parse: |a| {
        Ok(Command::Play {
            card: a.req("card")?,
            mode: if a.req("as")?.eq_ignore_ascii_case("event") {
                CardMode::Event
            } else {
                CardMode::Cp
            },
            power: a.opt("power"),
        })
    },
    act: |cx, c| match c {
        Command::Play { card, mode, .. } => {
            Some(resolve::card(cx.rs, card).map(|card| Action::Play { card, mode: *mode }))
        }
        _ => None,
    },
    print: |a, _| match a {
        Action::Play { card, mode } => Some(
            Line::new("play")
                .with("card", card)
                .with("as", if *mode == CardMode::Cp { "cp" } else { "event" }),
        ),
        _ => None,
    },
    acting: true,
    power: power_of!(Play),
};

/// The units of a move or deployment: as typed, or else the first formation the engine lists
/// for that pair of spaces (its largest), or else everything the power has there (so that the
/// engine explains what is wrong).
fn pick_units(
    cx: Cx<'_>,
    from: &str,
    to: &str,
    typed: Option<&UnitPick>,
    deploy: bool,
) -> Result<Units, Msg> {
    if let Some(p) = typed {
        return pick(cx.rs, p);
    }
    let listed = cx
        .game
        .legal_actions(cx.rs, cx.power)
        .into_iter()
        .find_map(|a| match a {
            Action::Move {
                from: f,
                to: t,
                units,
            } if !deploy && f == from && t == to => Some(units),
            Action::Deploy {
                from: f,
                to: t,
                units,
            } if deploy && f == from && t == to => Some(units),
            _ => None,
        });
    if let Some(u) = listed {
        return Ok(u);
    }
    let mut all = Units::default();
    if let Some(s) = cx.rs.space_id(from) {
        for f in cx
            .game
            .board
            .at(s)
            .forces
            .iter()
            .filter(|f| f.owner() == Owner::Major(cx.power))
        {
            all.regulars += f.regulars;
            all.mercenaries += f.mercenaries;
            all.cavalry += f.cavalry;
            // Naval leaders stay with the ships (C-NAVAL-MOVE).
            all.leaders.extend(
                f.leaders
                    .iter()
                    .filter(|l| !cx.rs.is_naval_leader(l))
                    .map(|l| l.as_str().into()),
            );
        }
    }
    if all.land() == 0 {
        return Err(Msg::NoMatchingMove);
    }
    Ok(all)
}

/// `move`: move a formation to an adjacent space.
pub(in crate::table::command) const MOVE: CmdDef = CmdDef {
    spec: CmdSpec {
        name: "move",
        ru: "двинуть",
        options: &[
            opt(
                "from",
                "откуда",
                OptKind::Space,
                true,
                "where the formation is",
                "откуда",
            ),
            opt(
                "to",
                "куда",
                OptKind::Space,
                true,
                "adjacent destination",
                "куда (соседнее пространство)",
            ),
            opt(
                "units",
                "войска",
                OptKind::Units,
                false,
                "e.g. `3r 1c suleiman` (default: the largest formation)",
                "например `3r 1c suleiman` (по умолчанию самая большая группа)",
            ),
            AS_POWER,
        ],
        help: ["move a formation (CP)", "передвинуть группу (ОД)"],
    },
    parse: |a| {
        let units = opt_units(a, "units")?;
        let (from, to) = (a.req("from")?, a.req("to")?);
        Ok(Command::Move {
            from,
            to,
            units,
            power: a.opt("power"),
        })
    },
    act: |cx, c| match c {
        Command::Move {
            from, to, units, ..
        } => Some((|| {
            let (from, to) = (resolve::space(cx.rs, from)?, resolve::space(cx.rs, to)?);
            let units = pick_units(cx, &from, &to, units.as_ref(), false)?;
            Ok(Action::Move {
                from: from.into(),
                to: to.into(),
                units,
            })
        })()),
        _ => None,
    },
    print: |a, _| match a {
        Action::Move { from, to, units } => Some(
            Line::new("move")
                .with("from", from)
                .with("to", to)
                .with("units", units_text(units)),
        ),
        _ => None,
    },
    acting: true,
    power: power_of!(Move),
};

/// `deploy`: spring deployment from a capital.
pub(in crate::table::command) const DEPLOY: CmdDef = CmdDef {
    spec: CmdSpec {
        name: "deploy",
        ru: "развернуть",
        options: &[
            opt(
                "from",
                "откуда",
                OptKind::Space,
                true,
                "your capital",
                "ваша столица",
            ),
            opt("to", "куда", OptKind::Space, true, "destination", "куда"),
            opt(
                "units",
                "войска",
                OptKind::Units,
                false,
                "e.g. `3r 1c` (default: the largest formation)",
                "например `3r 1c` (по умолчанию самая большая группа)",
            ),
            AS_POWER,
        ],
        help: [
            "spring deployment from a capital",
            "весеннее развёртывание из столицы",
        ],
    },
    parse: |a| {
        let units = opt_units(a, "units")?;
        let (from, to) = (a.req("from")?, a.req("to")?);
        Ok(Command::Deploy {
            from,
            to,
            units,
            power: a.opt("power"),
        })
    },
    act: |cx, c| match c {
        Command::Deploy {
            from, to, units, ..
        } => Some((|| {
            let (from, to) = (resolve::space(cx.rs, from)?, resolve::space(cx.rs, to)?);
            let units = pick_units(cx, &from, &to, units.as_ref(), true)?;
            Ok(Action::Deploy {
                from: from.into(),
                to: to.into(),
                units,
            })
        })()),
        _ => None,
    },
    print: |a, _| match a {
        Action::Deploy { from, to, units } => Some(
            Line::new("deploy")
                .with("from", from)
                .with("to", to)
                .with("units", units_text(units)),
        ),
        _ => None,
    },
    acting: true,
    power: power_of!(Deploy),
};

/// `control`: take control of an unfortified space.
pub(in crate::table::command) const CONTROL: CmdDef = CmdDef {
    spec: CmdSpec {
        name: "control",
        ru: "захватить",
        options: &[
            opt(
                "space",
                "место",
                OptKind::Space,
                true,
                "unfortified space",
                "неукреплённое пространство",
            ),
            AS_POWER,
        ],
        help: [
            "take control of an unfortified space (CP)",
            "взять неукреплённое пространство (ОД)",
        ],
    },
    parse: |a| {
        Ok(Command::Control {
            space: a.req("space")?,
            power: a.opt("power"),
        })
    },
    act: |cx, c| match c {
        Command::Control { space, .. } => {
            Some(resolve::space(cx.rs, space).map(|space| Action::Control {
                space: space.into(),
            }))
        }
        _ => None,
    },
    print: |a, _| match a {
        Action::Control { space } => Some(Line::new("control").with("space", space)),
        _ => None,
    },
    acting: true,
    power: power_of!(Control),
};

/// The `unit:` word of a unit kind.
fn unit_word(unit: UnitKind) -> &'static str {
    match unit {
        UnitKind::Regular => "regular",
        UnitKind::Mercenary => "mercenary",
        UnitKind::Cavalry => "cavalry",
        UnitKind::Squadron => "squadron",
        UnitKind::Corsair => "corsair",
    }
}

/// `build`: raise a unit or build a fortress.
pub(in crate::table::command) const BUILD: CmdDef = CmdDef {
    spec: CmdSpec {
        name: "build",
        ru: "построить",
        options: &[
            opt("space", "место", OptKind::Space, true, "where", "где"),
            opt(
                "unit",
                "что",
                OptKind::Choice(BUILD_UNITS),
                true,
                "what to build",
                "что строить",
            ),
            AS_POWER,
        ],
        help: [
            "raise a unit or build a fortress (CP)",
            "набрать войска или построить крепость (ОД)",
        ],
    },
    parse: |a| {
        Ok(Command::Build {
            space: a.req("space")?,
            what: match a.req("unit")?.to_lowercase().as_str() {
                "regular" => BuildWhat::Unit(UnitKind::Regular),
                "mercenary" => BuildWhat::Unit(UnitKind::Mercenary),
                "cavalry" => BuildWhat::Unit(UnitKind::Cavalry),
                "squadron" => BuildWhat::Unit(UnitKind::Squadron),
                "corsair" => BuildWhat::Unit(UnitKind::Corsair),
                _ => BuildWhat::Fortress,
            },
            power: a.opt("power"),
        })
    },
    act: |cx, c| match c {
        Command::Build { space, what, .. } => Some((|| {
            // R-SPACE-FORTRESS: a fortress may also go in a world-map settlement (Spain only,
            // which the rules decide), so a settlement's name is passed on for a fortress.
            if *what == BuildWhat::Fortress {
                if let Some((id, resolve::OtherPlace::Settlement)) =
                    resolve::other_place(cx.rs, space)
                {
                    return Ok(Action::BuildFortress { space: id.into() });
                }
            }
            let space = resolve::space(cx.rs, space)?;
            Ok(match what {
                BuildWhat::Unit(unit) => Action::Raise {
                    space: space.into(),
                    unit: *unit,
                    faction: None,
                },
                BuildWhat::Fortress => Action::BuildFortress {
                    space: space.into(),
                },
            })
        })()),
        _ => None,
    },
    print: |a, _| match a {
        Action::Raise { space, unit, .. } => Some(
            Line::new("build")
                .with("space", space)
                .with("unit", unit_word(*unit)),
        ),
        Action::BuildFortress { space } => Some(
            Line::new("build")
                .with("space", space)
                .with("unit", "fortress"),
        ),
        _ => None,
    },
    acting: true,
    power: power_of!(Build),
};

/// `assault`: assault a besieged fortress.
pub(in crate::table::command) const ASSAULT: CmdDef = CmdDef {
    spec: CmdSpec {
        name: "assault",
        ru: "штурм",
        options: &[
            opt(
                "space",
                "место",
                OptKind::Space,
                true,
                "the besieged space",
                "осаждённое пространство",
            ),
            AS_POWER,
        ],
        help: [
            "assault a besieged space (CP)",
            "штурмовать осаждённое пространство (ОД)",
        ],
    },
    parse: |a| {
        Ok(Command::Assault {
            space: a.req("space")?,
            power: a.opt("power"),
        })
    },
    act: |cx, c| match c {
        Command::Assault { space, .. } => {
            Some(resolve::space(cx.rs, space).map(|space| Action::Assault {
                space: space.into(),
            }))
        }
        _ => None,
    },
    print: |a, _| match a {
        Action::Assault { space } => Some(Line::new("assault").with("space", space)),
        _ => None,
    },
    acting: true,
    power: power_of!(Assault),
};

bare_command!(
    PASS,
    "pass",
    Pass,
    Pass,
    CmdSpec {
        name: "pass",
        ru: "пас",
        options: &[AS_POWER],
        help: ["pass your impulse", "пропустить импульс"],
    }
);

bare_command!(
    END,
    "end",
    End,
    EndImpulse,
    CmdSpec {
        name: "end",
        ru: "закончить",
        options: &[AS_POWER],
        help: [
            "end your impulse (unspent CP are lost)",
            "закончить импульс (неиспользованные ОД сгорают)",
        ],
    }
);

/// `done`: finish diplomacy, or skip the spring deployment (whichever is asked).
pub(in crate::table::command) const DONE: CmdDef = CmdDef {
    spec: CmdSpec {
        name: "done",
        ru: "готово",
        options: &[AS_POWER],
        help: [
            "finish diplomacy, or skip your spring deployment",
            "закончить переговоры или весеннее развёртывание",
        ],
    },
    parse: |a| {
        Ok(Command::Done {
            power: a.opt("power"),
        })
    },
    act: |cx, c| match c {
        Command::Done { .. } => Some(Ok(match cx.game.awaiting() {
            crate::engine::Awaiting::One {
                decision: Decision::Deployment,
                ..
            } => Action::SkipDeployment,
            _ => Action::DoneDiplomacy,
        })),
        _ => None,
    },
    print: |a, _| match a {
        Action::DoneDiplomacy | Action::SkipDeployment => Some(Line::new("done")),
        _ => None,
    },
    acting: true,
    power: power_of!(Done),
};

/// `place`: place a Protestant leader in spring deployment.
pub(in crate::table::command) const PLACE: CmdDef = CmdDef {
    spec: CmdSpec {
        name: "place",
        ru: "выставить",
        options: &[
            opt(
                "leader",
                "лидер",
                OptKind::Leader,
                true,
                "leader id or name",
                "лидер (код или имя)",
            ),
            opt("space", "место", OptKind::Space, true, "where", "где"),
            AS_POWER,
        ],
        help: [
            "place a Protestant leader in spring deployment",
            "выставить протестантского лидера при развёртывании",
        ],
    },
    parse: |a| {
        Ok(Command::Place {
            leader: a.req("leader")?,
            space: a.req("space")?,
            power: a.opt("power"),
        })
    },
    act: |cx, c| match c {
        Command::Place { leader, space, .. } => Some((|| {
            Ok(Action::PlaceLeader {
                leader: resolve::leader(cx.rs, leader)?.into(),
                space: resolve::space(cx.rs, space)?.into(),
            })
        })()),
        _ => None,
    },
    print: |a, _| match a {
        Action::PlaceLeader { leader, space } => Some(
            Line::new("place")
                .with("leader", leader)
                .with("space", space),
        ),
        _ => None,
    },
    acting: true,
    power: power_of!(Place),
};

/// The `choice:` word of the Empire's choice.
fn choice_word(choice: EmpireChoice) -> &'static str {
    match choice {
        EmpireChoice::Protestant => "protestant",
        EmpireChoice::Catholic => "catholic",
        EmpireChoice::Balanced => "balanced",
    }
}

/// `secret`: the Empire's secret choice (its lines never name the power, and the public log
/// hides the choice).
pub(in crate::table::command) const SECRET: CmdDef = CmdDef {
    spec: CmdSpec {
        name: "secret",
        ru: "тайна",
        options: &[opt(
            "choice",
            "выбор",
            OptKind::Choice(CHOICES),
            true,
            "the Empire's religious preference",
            "религиозный выбор Империи",
        )],
        help: ["the Empire's secret choice", "тайный выбор Империи"],
    },
    parse: |a| {
        Ok(Command::Secret {
            choice: match a.req("choice")?.to_lowercase().as_str() {
                "protestant" => EmpireChoice::Protestant,
                "catholic" => EmpireChoice::Catholic,
                _ => EmpireChoice::Balanced,
            },
        })
    },
    act: |_, c| match c {
        Command::Secret { choice } => Some(Ok(Action::SecretChoice { choice: *choice })),
        _ => None,
    },
    print: |a, form| match a {
        Action::SecretChoice { choice } | Action::SecretChoiceSalted { choice, .. } => {
            Some(Line::new("secret").with(
                "choice",
                if form == Form::Public {
                    HIDDEN
                } else {
                    choice_word(*choice)
                },
            ))
        }
        _ => None,
    },
    acting: false,
    power: |_| None,
};

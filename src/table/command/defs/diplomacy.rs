//! Diplomacy and peace: war, peace, ally, accept, decline, minor, sue, ransom, recall,
//! surrender, regain; and the impulse's other spending: treasure, influence.

#[allow(unused_imports)]
use super::*;

use crate::engine::action::RegainItem;

/// `war`: declare war on a power, or on a minor named instead (C-DIP-WAR-LIMITS).
pub(in crate::table::command) const WAR: CmdDef = CmdDef {
    spec: CmdSpec {
        name: "war",
        ru: "война",
        options: &[
            opt(
                "target",
                "против",
                OptKind::Power,
                true,
                "the enemy",
                "противник",
            ),
            opt(
                "card",
                "карта",
                OptKind::Card,
                false,
                "the card discarded to pay the war's cost",
                "карта, сбрасываемая в оплату войны",
            ),
            AS_POWER,
        ],
        help: ["declare war (diplomacy)", "объявить войну (дипломатия)"],
    },
    parse: |a| {
        Ok(Command::War {
            target: a.req("target")?,
            card: a.opt("card"),
            power: a.opt("power"),
        })
    },
    act: |cx, c| match c {
        Command::War { target, card, .. } => Some((|| {
            let card = card
                .as_deref()
                .map(|c| resolve::card(cx.rs, c))
                .transpose()?;
            Ok(match resolve::power(cx.rs, target) {
                Ok(target) => Action::DeclareWar { target, card },
                // C-DIP-WAR-LIMITS: a minor power's name declares war on the minor.
                Err(e) => match resolve::minor(cx.rs, target) {
                    Ok(minor) => Action::WarOnMinor { minor, card },
                    Err(_) => return Err(e),
                },
            })
        })()),
        _ => None,
    },
    print: |a, _| match a {
        Action::WarOnMinor { minor, card } => Some(
            Line::new("war")
                .with("target", minor)
                .maybe("card", card.as_ref()),
        ),
        Action::DeclareWar { target, card } => Some(
            Line::new("war")
                .with("target", target)
                .maybe("card", card.as_ref()),
        ),
        _ => None,
    },
    acting: true,
    power: power_of!(War),
};

/// `peace`: offer peace to a power, or end the war on a minor named instead (C-DIP-PEACE).
pub(in crate::table::command) const PEACE: CmdDef = CmdDef {
    spec: CmdSpec {
        name: "peace",
        ru: "мир",
        options: &[
            opt(
                "target",
                "с",
                OptKind::Power,
                true,
                "the enemy",
                "противник",
            ),
            AS_POWER,
        ],
        help: ["offer peace (diplomacy)", "предложить мир (дипломатия)"],
    },
    parse: |a| {
        Ok(Command::Peace {
            target: a.req("target")?,
            power: a.opt("power"),
        })
    },
    act: |cx, c| match c {
        Command::Peace { target, .. } => Some(match resolve::power(cx.rs, target) {
            Ok(target) => Ok(Action::OfferPeace { target }),
            // C-DIP-PEACE: a minor power's name ends the war on the minor.
            Err(e) => match resolve::minor(cx.rs, target) {
                Ok(minor) => Ok(Action::PeaceWithMinor { minor }),
                Err(_) => Err(e),
            },
        }),
        _ => None,
    },
    print: |a, _| match a {
        Action::OfferPeace { target } => Some(Line::new("peace").with("target", target)),
        Action::PeaceWithMinor { minor } => Some(Line::new("peace").with("target", minor)),
        _ => None,
    },
    acting: true,
    power: power_of!(Peace),
};

/// `ally`: offer an alliance.
pub(in crate::table::command) const ALLY: CmdDef = CmdDef {
    spec: CmdSpec {
        name: "ally",
        ru: "союз",
        options: &[
            opt(
                "target",
                "с",
                OptKind::Power,
                true,
                "the partner",
                "партнёр",
            ),
            AS_POWER,
        ],
        help: [
            "offer an alliance (diplomacy)",
            "предложить союз (дипломатия)",
        ],
    },
    parse: |a| {
        Ok(Command::Ally {
            target: a.req("target")?,
            power: a.opt("power"),
        })
    },
    act: |cx, c| match c {
        Command::Ally { target, .. } => {
            Some(resolve::power(cx.rs, target).map(|target| Action::OfferAlliance { target }))
        }
        _ => None,
    },
    print: |a, _| match a {
        Action::OfferAlliance { target } => Some(Line::new("ally").with("target", target)),
        _ => None,
    },
    acting: true,
    power: power_of!(Ally),
};

/// `accept`: accept a power's offer.
pub(in crate::table::command) const ACCEPT: CmdDef = CmdDef {
    spec: CmdSpec {
        name: "accept",
        ru: "принять",
        options: &[
            opt(
                "from",
                "от",
                OptKind::Power,
                true,
                "who made the offer",
                "кто предложил",
            ),
            AS_POWER,
        ],
        help: ["accept an offer", "принять предложение"],
    },
    parse: |a| {
        Ok(Command::Accept {
            from: a.req("from")?,
            power: a.opt("power"),
        })
    },
    act: |cx, c| match c {
        Command::Accept { from, .. } => {
            Some(resolve::power(cx.rs, from).map(|from| Action::Accept { from }))
        }
        _ => None,
    },
    print: |a, _| match a {
        Action::Accept { from } => Some(Line::new("accept").with("from", from)),
        _ => None,
    },
    acting: true,
    power: power_of!(Accept),
};

/// `minor`: ally a minor power.
pub(in crate::table::command) const MINOR: CmdDef = CmdDef {
    spec: CmdSpec {
        name: "minor",
        ru: "малая",
        options: &[
            opt(
                "name",
                "имя",
                OptKind::Choice(&["ireland", "papacy", "portugal", "scotland", "venice"]),
                true,
                "the minor power",
                "малая держава",
            ),
            AS_POWER,
        ],
        help: [
            "ally with a minor power that has no ally (diplomacy)",
            "заключить союз с малой державой без союзника (дипломатия)",
        ],
    },
    parse: |a| {
        Ok(Command::Minor {
            name: a.req("name")?,
            power: a.opt("power"),
        })
    },
    act: |cx, c| match c {
        Command::Minor { name, .. } => {
            Some(resolve::minor(cx.rs, name).map(|minor| Action::AllyMinor { minor }))
        }
        _ => None,
    },
    print: |a, _| match a {
        Action::AllyMinor { minor } => Some(Line::new("minor").with("name", minor)),
        _ => None,
    },
    acting: true,
    power: power_of!(Minor),
};

/// `decline`: decline a power's offer.
pub(in crate::table::command) const DECLINE: CmdDef = CmdDef {
    spec: CmdSpec {
        name: "decline",
        ru: "отклонить",
        options: &[
            opt(
                "from",
                "от",
                OptKind::Power,
                true,
                "who made the offer",
                "кто предложил",
            ),
            AS_POWER,
        ],
        help: ["decline an offer", "отклонить предложение"],
    },
    parse: |a| {
        Ok(Command::Decline {
            from: a.req("from")?,
            power: a.opt("power"),
        })
    },
    act: |cx, c| match c {
        Command::Decline { from, .. } => {
            Some(resolve::power(cx.rs, from).map(|from| Action::Decline { from }))
        }
        _ => None,
    },
    print: |a, _| match a {
        Action::Decline { from } => Some(Line::new("decline").with("from", from)),
        _ => None,
    },
    acting: true,
    power: power_of!(Decline),
};

/// `sue`: sue for peace.
pub(in crate::table::command) const SUE: CmdDef = CmdDef {
    spec: CmdSpec {
        name: "sue",
        ru: "просить-мира",
        options: &[
            opt(
                "target",
                "у",
                OptKind::Power,
                true,
                "the enemy",
                "противник",
            ),
            AS_POWER,
        ],
        help: ["sue for peace", "просить мира"],
    },
    parse: |a| {
        Ok(Command::Sue {
            target: a.req("target")?,
            power: a.opt("power"),
        })
    },
    act: |cx, c| match c {
        Command::Sue { target, .. } => {
            Some(resolve::power(cx.rs, target).map(|target| Action::SueForPeace { target }))
        }
        _ => None,
    },
    print: |a, _| match a {
        Action::SueForPeace { target } => Some(Line::new("sue").with("target", target)),
        _ => None,
    },
    acting: true,
    power: power_of!(Sue),
};

/// `ransom`: ransom a captured leader.
pub(in crate::table::command) const RANSOM: CmdDef = CmdDef {
    spec: CmdSpec {
        name: "ransom",
        ru: "выкуп",
        options: &[
            opt(
                "leader",
                "лидер",
                OptKind::Leader,
                true,
                "your captured leader",
                "ваш пленный лидер",
            ),
            opt(
                "to",
                "куда",
                OptKind::Space,
                false,
                "capital it returns to",
                "в какую столицу",
            ),
            AS_POWER,
        ],
        help: ["ransom your leader", "выкупить лидера"],
    },
    parse: |a| {
        Ok(Command::Ransom {
            leader: a.req("leader")?,
            to: a.opt("to"),
            power: a.opt("power"),
        })
    },
    act: |cx, c| match c {
        Command::Ransom { leader, to, .. } => Some((|| {
            Ok(Action::Ransom {
                leader: resolve::leader(cx.rs, leader)?.into(),
                to: opt_space(cx.rs, to)?.map(Into::into),
            })
        })()),
        _ => None,
    },
    print: |a, _| match a {
        Action::Ransom { leader, to } => Some(
            Line::new("ransom")
                .with("leader", leader)
                .maybe("to", to.as_ref()),
        ),
        _ => None,
    },
    acting: true,
    power: power_of!(Ransom),
};

/// `recall`: bring units home.
pub(in crate::table::command) const RECALL: CmdDef = CmdDef {
    spec: CmdSpec {
        name: "recall",
        ru: "стянуть",
        options: &[
            opt(
                "from",
                "откуда",
                OptKind::Space,
                true,
                "where the units are",
                "где войска",
            ),
            opt(
                "to",
                "куда",
                OptKind::Space,
                true,
                "your capital",
                "ваша столица",
            ),
            AS_POWER,
        ],
        help: ["recall units to a capital", "стянуть войска в столицу"],
    },
    parse: |a| {
        Ok(Command::Recall {
            from: a.req("from")?,
            to: a.req("to")?,
            power: a.opt("power"),
        })
    },
    act: |cx, c| match c {
        Command::Recall { from, to, .. } => Some((|| {
            Ok(Action::Recall {
                from: resolve::space(cx.rs, from)?.into(),
                to: resolve::space(cx.rs, to)?.into(),
            })
        })()),
        _ => None,
    },
    print: |a, _| match a {
        Action::Recall { from, to } => Some(Line::new("recall").with("from", from).with("to", to)),
        _ => None,
    },
    acting: true,
    power: power_of!(Recall),
};

/// `surrender`: the land units owed after suing (C-DIP-PEACE).
pub(in crate::table::command) const SURRENDER: CmdDef = CmdDef {
    spec: CmdSpec {
        name: "surrender",
        ru: "сдать",
        options: &[
            opt(
                "space",
                "где",
                OptKind::Space,
                true,
                "where your units are",
                "где ваши войска",
            ),
            opt(
                "units",
                "войска",
                OptKind::Units,
                true,
                "land units you remove",
                "снимаемые отряды",
            ),
            AS_POWER,
        ],
        help: ["remove units after suing", "снять отряды за мир"],
    },
    parse: |a| {
        Ok(Command::Surrender {
            space: a.req("space")?,
            units: req_units(a, "units")?,
            power: a.opt("power"),
        })
    },
    act: |cx, c| match c {
        Command::Surrender { space, units, .. } => Some((|| {
            Ok(Action::Surrender {
                space: resolve::space(cx.rs, space)?.into(),
                units: pick(cx.rs, units)?,
            })
        })()),
        _ => None,
    },
    print: |a, _| match a {
        Action::Surrender { space, units } => Some(
            Line::new("surrender")
                .with("space", space)
                .with("units", units_text(units)),
        ),
        _ => None,
    },
    acting: true,
    power: power_of!(Surrender),
};

/// C-DIP-PEACE: what `regain what:` names: a leader, a space (a key), or two spaces `A+B`
/// (also `A,B` or `A B`), each resolved to its data id.
fn regain_item(rs: &Ruleset, what: &str) -> Result<RegainItem, Msg> {
    let parts: Vec<&str> = what
        .split([',', '+', ' '])
        .map(str::trim)
        .filter(|x| !x.is_empty())
        .collect();
    match parts.as_slice() {
        // A space named exactly (id or name) wins over a leader found by a part of its name
        // (`navarre` is the key, not Henry of Navarre).
        [one] => {
            let exact = rs.space_id(&one.to_uppercase()).or_else(|| {
                rs.spaces
                    .iter()
                    .position(|x| {
                        x.name_en.eq_ignore_ascii_case(one)
                            || x.name_ru.to_lowercase() == one.to_lowercase()
                    })
                    .map(|i| crate::engine::SpaceId(i as u16))
            });
            if let Some(s) = exact {
                return Ok(RegainItem::Key(rs.space(s).id.clone()));
            }
            match resolve::leader(rs, one) {
                Ok(l) => Ok(RegainItem::Leader(l)),
                Err(_) => Ok(RegainItem::Key(resolve::space(rs, one)?)),
            }
        }
        [a, b] => Ok(RegainItem::Pair(
            resolve::space(rs, a)?,
            resolve::space(rs, b)?,
        )),
        _ => Ok(RegainItem::Key(resolve::space(rs, what)?)),
    }
}

/// `regain`: regain an item after suing, paying VP or a card (C-DIP-PEACE).
pub(in crate::table::command) const REGAIN: CmdDef = CmdDef {
    spec: CmdSpec {
        name: "regain",
        ru: "возвратить",
        options: &[
            opt(
                "what",
                "что",
                OptKind::Text,
                true,
                "leader, key, or two spaces A+B",
                "лидер, ключ или два пространства `A+B`",
            ),
            opt(
                "pay",
                "чем",
                OptKind::Choice(PEACE_PAYS),
                true,
                "winner gets VP or a card",
                "победителю ПО или карта",
            ),
            opt(
                "to",
                "куда",
                OptKind::Space,
                false,
                "capital for a leader",
                "столица для лидера",
            ),
            AS_POWER,
        ],
        help: ["regain after suing", "возврат после мира"],
    },
    parse: |a| {
        Ok(Command::Regain {
            what: a.req("what")?,
            pay: a.req("pay")?.to_lowercase(),
            to: a.opt("to"),
            power: a.opt("power"),
        })
    },
    act: |cx, c| match c {
        Command::Regain { what, pay, to, .. } => Some((|| {
            Ok(Action::Regain {
                what: regain_item(cx.rs, what)?,
                pay: match pay.as_str() {
                    "card" => crate::engine::action::PeacePay::Card,
                    _ => crate::engine::action::PeacePay::Vp,
                },
                to: opt_space(cx.rs, to)?.map(Into::into),
            })
        })()),
        _ => None,
    },
    print: |a, _| match a {
        Action::Regain { what, pay, to } => {
            let w = match what {
                RegainItem::Leader(x) | RegainItem::Key(x) => x.clone(),
                RegainItem::Pair(a, b) => format!("{a}+{b}"),
            };
            Some(
                Line::new("regain")
                    .with("what", w)
                    .with("pay", pay.id())
                    .maybe("to", to.as_ref()),
            )
        }
        _ => None,
    },
    acting: true,
    power: power_of!(Regain),
};

/// `treasure`: spend a treasure for CP (X-TREASURE-SPEND).
pub(in crate::table::command) const TREASURE: CmdDef = CmdDef {
    spec: CmdSpec {
        name: "treasure",
        ru: "сокровище",
        options: &[
            opt(
                "which",
                "какое",
                OptKind::Treasure,
                true,
                "number of one of your treasures",
                "номер вашего сокровища",
            ),
            AS_POWER,
        ],
        help: [
            "spend a treasure for CP in your impulse",
            "потратить сокровище на ОД в свой импульс",
        ],
    },
    parse: |a| {
        let n = a.int("which")?.ok_or_else(|| ParseError::Missing {
            command: "treasure".into(),
            option: "which".into(),
        })?;
        Ok(Command::Treasure {
            which: u16::try_from(n).map_err(|_| ParseError::BadValue {
                option: "which".into(),
                value: n.to_string(),
                expected: Expected::Count,
            })?,
            power: a.opt("power"),
        })
    },
    act: |_, c| match c {
        Command::Treasure { which, .. } => Some(Ok(Action::SpendTreasure { treasure: *which })),
        _ => None,
    },
    print: |a, _| match a {
        Action::SpendTreasure { treasure } => Some(Line::new("treasure").with("which", treasure)),
        _ => None,
    },
    acting: true,
    power: power_of!(Treasure),
};

/// `influence`: buy influence on a courted power for CP (X-INF-BUY).
pub(in crate::table::command) const INFLUENCE: CmdDef = CmdDef {
    spec: CmdSpec {
        name: "influence",
        ru: "влияние",
        options: &[
            opt(
                "target",
                "цель",
                OptKind::Text,
                true,
                "minor or inactive major",
                "малая или неактивная держава",
            ),
            opt(
                "steps",
                "шаги",
                OptKind::Integer,
                false,
                "steps (default 1)",
                "шагов (по умолчанию 1)",
            ),
            AS_POWER,
        ],
        help: ["buy influence for CP", "купить влияние за ОД"],
    },
    parse: |a| {
        Ok(Command::Influence {
            target: a.req("target")?,
            steps: match a.int("steps")? {
                None => 1,
                Some(n) => u8::try_from(n).map_err(|_| ParseError::BadValue {
                    option: "steps".into(),
                    value: n.to_string(),
                    expected: Expected::Count,
                })?,
            },
            power: a.opt("power"),
        })
    },
    act: |cx, c| match c {
        Command::Influence { target, steps, .. } => {
            Some(courted(cx.rs, target).map(|target| Action::BuyInfluence {
                target,
                steps: *steps,
            }))
        }
        _ => None,
    },
    print: |a, _| match a {
        Action::BuyInfluence { target, steps } => Some(
            Line::new("influence")
                .with("target", target)
                .with("steps", steps),
        ),
        _ => None,
    },
    acting: true,
    power: power_of!(Influence),
};

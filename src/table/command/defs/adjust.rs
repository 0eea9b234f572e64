//! `adjust`: the operator's manual fixes (units, control, religion, VP, cards, relations, the
//! phase, …), typed as an [`AdjustCmd`], made an [`Adjustment`] and written back.

#[allow(unused_imports)]
use super::*;

use crate::engine::action::{Adjustment, CardPlace};
use crate::engine::event::PhaseName;
use crate::engine::power::{Faction, Relation, Religion};

/// The unit-count options of `adjust what:units`, in the order of [`AdjustCmd::Units`]'s counts.
pub const ADJUST_COUNTS: [&str; 5] = [
    "regulars",
    "mercenaries",
    "cavalry",
    "squadrons",
    "corsairs",
];

/// The options each `adjust what:…` reads, besides `what` and the acting `power`.
pub(in crate::table::command) fn adjust_reads(what: &str) -> &'static [&'static str] {
    match what {
        "units" => &[
            "space",
            "owner",
            "faction",
            "regulars",
            "mercenaries",
            "cavalry",
            "squadrons",
            "corsairs",
        ],
        "control" => &["space", "owner"],
        "religion" => &["space", "religion"],
        "unrest" => &["space", "on"],
        "vp" => &["target", "delta"],
        "card" => &["card", "place", "target"],
        "relation" => &["target", "other", "status"],
        "minor" => &["minor", "target"],
        "leader" => &["leader", "space"],
        "phase" => &["turn", "phase", "target"],
        "kill-ruler" => &["target"],
        "barbary" => &["on"],
        "treasure" => &["target", "delta"],
        "influence" => &["target", "minor", "delta"],
        "inactive" => &["other", "target"],
        "resolve" => &["minor"],
        "engage" => &["leader"],
        "married" => &["leader", "on"],
        "assassinated" => &["target", "on"],
        _ => &[],
    }
}

/// The most treasures one `adjust what:treasure` gives or takes.
pub const MAX_TREASURE_DELTA: i64 = 10;

/// The largest VP change one `adjust what:vp` makes, either way.
pub const MAX_VP_DELTA: i64 = 1000;

fn adjust_cmd(a: &Args<'_>) -> Result<AdjustCmd, ParseError> {
    let what = a.req("what")?.to_lowercase();
    // Read completely or refused: an option this kind of adjust does not read is not ignored.
    let reads = adjust_reads(&what);
    if let Some((k, _)) = a
        .inv
        .options
        .iter()
        .find(|(k, _)| k != "what" && k != "power" && !reads.contains(&k.as_str()))
    {
        return Err(ParseError::NotRead {
            option: k.clone(),
            what,
            reads,
        });
    }
    Ok(match what.as_str() {
        "units" => {
            let counts = [
                count(a, ADJUST_COUNTS[0])?,
                count(a, ADJUST_COUNTS[1])?,
                count(a, ADJUST_COUNTS[2])?,
                count(a, ADJUST_COUNTS[3])?,
                count(a, ADJUST_COUNTS[4])?,
            ];
            if counts.iter().all(Option::is_none) {
                return Err(ParseError::NeedOneOf {
                    command: "adjust".into(),
                    options: ADJUST_COUNTS.to_vec(),
                });
            }
            AdjustCmd::Units {
                space: a.req("space")?,
                owner: a.req("owner")?,
                faction: a.opt("faction"),
                counts,
            }
        }
        "control" => AdjustCmd::Control {
            space: a.req("space")?,
            owner: a.req("owner")?,
        },
        "religion" => AdjustCmd::Religion {
            space: a.req("space")?,
            religion: a.req("religion")?,
        },
        "unrest" => AdjustCmd::Unrest {
            space: a.req("space")?,
            on: a.req("on")?.eq_ignore_ascii_case("yes"),
        },
        "vp" => {
            let delta = a.int("delta")?.ok_or_else(|| ParseError::Missing {
                command: "adjust".into(),
                option: "delta".into(),
            })?;
            if !(-MAX_VP_DELTA..=MAX_VP_DELTA).contains(&delta) {
                return Err(ParseError::BadValue {
                    option: "delta".into(),
                    value: delta.to_string(),
                    expected: Expected::Between(-MAX_VP_DELTA, MAX_VP_DELTA),
                });
            }
            AdjustCmd::Vp {
                target: a.req("target")?,
                delta: delta as i32,
            }
        }
        "card" => AdjustCmd::Card {
            card: a.req("card")?,
            place: a.req("place")?.to_lowercase(),
            target: a.opt("target"),
        },
        "relation" => AdjustCmd::Relation {
            target: a.req("target")?,
            other: a.req("other")?,
            status: a.req("status")?,
        },
        "minor" => AdjustCmd::Minor {
            minor: a.req("minor")?,
            target: a.opt("target"),
        },
        "leader" => AdjustCmd::Leader {
            leader: a.req("leader")?,
            space: a.opt("space"),
        },
        "phase" => AdjustCmd::Phase {
            turn: a.int("turn")?,
            phase: a.req("phase")?.to_lowercase(),
            target: a.opt("target"),
        },
        // --- diplomatic influence (X-INF-*, X-INACTIVE)
        "influence" => AdjustCmd::Influence {
            target: a.req("target")?,
            courted: a.req("minor")?,
            delta: a.int("delta")?.ok_or_else(|| ParseError::Missing {
                command: "adjust".into(),
                option: "delta".into(),
            })?,
        },
        "inactive" => AdjustCmd::Inactive {
            major: a.req("other")?,
            target: a.opt("target"),
        },
        "resolve" => AdjustCmd::Resolve {
            courted: a.req("minor")?,
        },
        "barbary" => AdjustCmd::BarbaryPirates {
            on: a.req("on")?.eq_ignore_ascii_case("yes"),
        },
        // --- treasures: a few at a time, from or to the pool
        "treasure" => {
            let delta = a.int("delta")?.ok_or_else(|| ParseError::Missing {
                command: "adjust".into(),
                option: "delta".into(),
            })?;
            if delta == 0 || !(-MAX_TREASURE_DELTA..=MAX_TREASURE_DELTA).contains(&delta) {
                return Err(ParseError::BadValue {
                    option: "delta".into(),
                    value: delta.to_string(),
                    expected: Expected::Between(-MAX_TREASURE_DELTA, MAX_TREASURE_DELTA),
                });
            }
            AdjustCmd::Treasure {
                target: a.req("target")?,
                delta: delta as i8,
            }
        }
        // --- marriages and espionage: `leader:` names the royals (`A+B` for a pair)
        "engage" => {
            let pair = a.req("leader")?;
            let Some((x, y)) = pair.split_once('+') else {
                return Err(ParseError::BadValue {
                    option: "leader".into(),
                    value: pair,
                    expected: Expected::OneOf(&["ROYAL_A+ROYAL_B"]),
                });
            };
            AdjustCmd::Engage {
                royal: x.trim().to_string(),
                with: y.trim().to_string(),
            }
        }
        "married" => AdjustCmd::Married {
            royal: a.req("leader")?,
            on: a.req("on")?.eq_ignore_ascii_case("yes"),
        },
        "assassinated" => AdjustCmd::Assassinated {
            target: a.req("target")?,
            on: a.req("on")?.eq_ignore_ascii_case("yes"),
        },
        _ => AdjustCmd::KillRuler {
            target: a.req("target")?,
        },
    })
}

fn adjustment(rs: &Ruleset, game: &Game, fix: &AdjustCmd) -> Result<Adjustment, Msg> {
    let bad = |what: &'static str, v: &str| Msg::UnknownName {
        what,
        name: v.to_string(),
        hint: String::new(),
    };
    Ok(match fix {
        AdjustCmd::Units {
            space,
            owner,
            faction,
            counts,
        } => {
            let space = resolve::place(rs, space)?;
            let owner = resolve::owner(rs, owner)?;
            let faction = faction
                .as_deref()
                .map(|f| f.parse::<Faction>().map_err(|_| bad("faction", f)))
                .transpose()?;
            // Types not named keep their current counts: the fix changes only what it names.
            let now = Game::resolve_place(rs, &space)
                .ok()
                .and_then(|p| {
                    game.board
                        .forces_at(&p)
                        .iter()
                        .find(|f| f.owner() == owner && f.faction == faction)
                        .cloned()
                })
                .map_or([0; 5], |f| {
                    [
                        f.regulars,
                        f.mercenaries,
                        f.cavalry,
                        f.squadrons,
                        f.corsairs,
                    ]
                });
            let n = |i: usize| counts[i].unwrap_or(now[i]);
            Adjustment::Units {
                space,
                owner,
                faction,
                regulars: n(0),
                mercenaries: n(1),
                cavalry: n(2),
                squadrons: n(3),
                corsairs: n(4),
            }
        }
        AdjustCmd::Control { space, owner } => Adjustment::Control {
            space: resolve::space(rs, space)?,
            owner: resolve::owner(rs, owner)?,
        },
        AdjustCmd::Religion { space, religion } => Adjustment::Religion {
            space: resolve::space(rs, space)?,
            religion: religion
                .parse::<Religion>()
                .map_err(|_| bad("religion", religion))?,
        },
        AdjustCmd::Unrest { space, on } => Adjustment::Unrest {
            space: resolve::space(rs, space)?,
            on: *on,
        },
        AdjustCmd::Vp { target, delta } => Adjustment::Vp {
            power: resolve::power(rs, target)?,
            delta: *delta,
        },
        AdjustCmd::Card {
            card,
            place,
            target,
        } => Adjustment::Card {
            card: resolve::card(rs, card)?,
            place: match place.as_str() {
                "hand" => CardPlace::Hand(match target.as_deref() {
                    Some(t) => resolve::power(rs, t)?,
                    None => {
                        return Err(Msg::NeedOption {
                            command: "adjust",
                            option: "target",
                            allowed: crate::table::messages::Allowed::Powers,
                        })
                    }
                }),
                "discard" => CardPlace::Discard,
                "deck" => CardPlace::Deck,
                _ => CardPlace::Removed,
            },
        },
        AdjustCmd::Relation {
            target,
            other,
            status,
        } => {
            let a = resolve::power(rs, target)?;
            let status = status
                .parse::<Relation>()
                .map_err(|_| bad("diplomatic status", status))?;
            match resolve::power(rs, other) {
                Ok(b) => Adjustment::Relation { a, b, status },
                // C-DIP-WAR-LIMITS: a minor as `other:` sets the major's war on it, or
                // (alliance) makes it the major's ally.
                Err(e) => match resolve::minor(rs, other) {
                    Ok(minor) if status == Relation::Alliance => Adjustment::MinorAlly {
                        minor,
                        ally: Some(a),
                    },
                    Ok(minor) => Adjustment::MinorWar {
                        power: a,
                        minor,
                        at_war: status == Relation::War,
                    },
                    Err(_) => return Err(e),
                },
            }
        }
        AdjustCmd::Minor { minor, target } => Adjustment::MinorAlly {
            minor: resolve::minor(rs, minor)?,
            ally: target
                .as_deref()
                .map(|t| resolve::power(rs, t))
                .transpose()?,
        },
        AdjustCmd::Leader { leader, space } => Adjustment::Leader {
            leader: resolve::leader(rs, leader)?,
            space: space
                .as_deref()
                .map(|s| resolve::place(rs, s))
                .transpose()?,
        },
        AdjustCmd::KillRuler { target } => Adjustment::KillRuler {
            power: resolve::power(rs, target)?,
        },
        AdjustCmd::Phase {
            turn,
            phase,
            target,
        } => Adjustment::Phase {
            turn: match turn {
                Some(t) => u8::try_from(*t).map_err(|_| bad("turn", &t.to_string()))?,
                None => game.turn,
            },
            phase: match phase.as_str() {
                "diplomacy" => PhaseName::Diplomacy,
                "spring_deployment" => PhaseName::SpringDeployment,
                "action" => PhaseName::Action,
                "winter" => PhaseName::Winter,
                other => return Err(bad("phase", other)),
            },
            power: target
                .as_deref()
                .map(|t| resolve::power(rs, t))
                .transpose()?,
        },
        AdjustCmd::BarbaryPirates { on } => Adjustment::BarbaryPirates { on: *on },
        AdjustCmd::Treasure { target, delta } => Adjustment::Treasure {
            power: resolve::power(rs, target)?,
            delta: *delta,
        },
        // --- diplomatic influence (X-INF-*, X-INACTIVE)
        AdjustCmd::Influence {
            target,
            courted: c,
            delta,
        } => Adjustment::Influence {
            power: resolve::power(rs, target)?,
            target: courted(rs, c)?,
            delta: i8::try_from(*delta).map_err(|_| bad("delta", &delta.to_string()))?,
        },
        AdjustCmd::Inactive { major, target } => Adjustment::InactiveControl {
            target: resolve::power(rs, major)?,
            controller: target
                .as_deref()
                .map(|t| resolve::power(rs, t))
                .transpose()?,
        },
        AdjustCmd::Resolve { courted: c } => Adjustment::ResolveStatus {
            target: courted(rs, c)?,
        },
        // --- marriages and espionage (X-MARRIAGE-*, X-SPY-*)
        AdjustCmd::Engage { royal, with } => Adjustment::Engage {
            royal: royal.clone(),
            with: with.clone(),
        },
        AdjustCmd::Married { royal, on } => Adjustment::Married {
            royal: royal.clone(),
            on: *on,
        },
        AdjustCmd::Assassinated { target, on } => Adjustment::Assassinated {
            power: resolve::power(rs, target)?,
            on: *on,
        },
    })
}

/// The `adjust` line of a fix; with `public`, a card moved into or out of hiding is masked.
fn adjust_line(adj: &Adjustment, public: bool) -> Line {
    let fix = |what: &str| Line::new("adjust").with("what", what);
    match adj {
        Adjustment::Units {
            space,
            owner,
            faction,
            regulars,
            mercenaries,
            cavalry,
            squadrons,
            corsairs,
        } => fix("units")
            .with("space", space)
            .with("owner", owner)
            .maybe("faction", faction.as_ref())
            .with("regulars", regulars)
            .with("mercenaries", mercenaries)
            .with("cavalry", cavalry)
            .with("squadrons", squadrons)
            .when(*corsairs > 0, "corsairs", corsairs),
        Adjustment::Leader { leader, space } => fix("leader")
            .with("leader", leader)
            .maybe("space", space.as_ref()),
        Adjustment::Control { space, owner } => {
            fix("control").with("space", space).with("owner", owner)
        }
        Adjustment::Religion { space, religion } => fix("religion")
            .with("space", space)
            .with("religion", religion),
        Adjustment::Unrest { space, on } => {
            fix("unrest").with("space", space).with("on", yes_no(*on))
        }
        Adjustment::Vp { power, delta } => fix("vp").with("target", power).with("delta", delta),
        Adjustment::Card { card, place } => {
            let hidden = matches!(place, CardPlace::Hand(_) | CardPlace::Deck);
            let card = if public && hidden {
                HIDDEN.to_string()
            } else {
                card.to_string()
            };
            let l = fix("card").with("card", card);
            match place {
                CardPlace::Hand(p) => l.with("place", "hand").with("target", p),
                CardPlace::Discard => l.with("place", "discard"),
                CardPlace::Deck => l.with("place", "deck"),
                CardPlace::Removed => l.with("place", "removed"),
            }
        }
        Adjustment::Relation { a, b, status } => fix("relation")
            .with("target", a)
            .with("other", b)
            .with("status", status),
        Adjustment::MinorWar {
            power,
            minor,
            at_war,
        } => fix("relation")
            .with("target", power)
            .with("other", minor)
            .with("status", if *at_war { "war" } else { "peace" }),
        Adjustment::MinorAlly { minor, ally } => fix("minor")
            .with("minor", minor)
            .maybe("target", ally.as_ref()),
        Adjustment::KillRuler { power } => fix("kill-ruler").with("target", power),
        Adjustment::Phase { turn, phase, power } => {
            let phase = serde_json::to_value(phase)
                .ok()
                .and_then(|v| v.as_str().map(str::to_string))
                .unwrap_or_default();
            fix("phase")
                .with("turn", turn)
                .with("phase", phase)
                .maybe("target", power.as_ref())
        }
        Adjustment::BarbaryPirates { on } => fix("barbary").with("on", yes_no(*on)),
        Adjustment::Treasure { power, delta } => {
            fix("treasure").with("target", power).with("delta", delta)
        }
        // --- diplomatic influence (X-INF-*, X-INACTIVE)
        Adjustment::Influence {
            power,
            target,
            delta,
        } => fix("influence")
            .with("target", power)
            .with("minor", target)
            .with("delta", delta),
        Adjustment::InactiveControl { target, controller } => fix("inactive")
            .with("other", target)
            .maybe("target", controller.as_ref()),
        Adjustment::ResolveStatus { target } => fix("resolve").with("minor", target),
        Adjustment::Engage { royal, with } => {
            fix("engage").with("leader", format!("{royal}+{with}"))
        }
        Adjustment::Married { royal, on } => {
            fix("married").with("leader", royal).with("on", yes_no(*on))
        }
        Adjustment::Assassinated { power, on } => fix("assassinated")
            .with("target", power)
            .with("on", yes_no(*on)),
    }
}

/// `adjust`: a manual fix (operators and the game's creator).
pub(in crate::table::command) const ADJUST: CmdDef = CmdDef {
    spec: CmdSpec {
        name: "adjust",
        ru: "поправить",
        options: &[
            opt(
                "what",
                "что",
                OptKind::Choice(ADJUST_WHAT),
                true,
                "what to fix",
                "что исправить",
            ),
            opt(
                "space",
                "место",
                OptKind::Space,
                false,
                "space",
                "пространство",
            ),
            opt(
                "owner",
                "владелец",
                OptKind::Text,
                false,
                "power, minor or independent",
                "держава, малая держава или `независимые`",
            ),
            opt(
                "faction",
                "фракция",
                OptKind::Choice(&["huguenot", "dutch"]),
                false,
                "Protestant faction",
                "фракция протестантов",
            ),
            opt(
                "regulars",
                "регуляры",
                OptKind::Integer,
                false,
                "regulars",
                "регуляры",
            ),
            opt(
                "mercenaries",
                "наёмники",
                OptKind::Integer,
                false,
                "mercenaries",
                "наёмники",
            ),
            opt(
                "cavalry",
                "кавалерия",
                OptKind::Integer,
                false,
                "cavalry",
                "кавалерия",
            ),
            opt(
                "squadrons",
                "эскадры",
                OptKind::Integer,
                false,
                "squadrons",
                "эскадры",
            ),
            opt(
                "corsairs",
                "корсары",
                OptKind::Integer,
                false,
                "Ottoman corsairs",
                "османские корсары",
            ),
            opt(
                "religion",
                "религия",
                OptKind::Choice(RELIGIONS),
                false,
                "religion",
                "религия",
            ),
            opt(
                "on",
                "вкл",
                OptKind::Choice(YES_NO),
                false,
                "unrest on or off",
                "беспорядки да/нет",
            ),
            opt(
                "target",
                "цель",
                OptKind::Power,
                false,
                "the power concerned",
                "держава",
            ),
            opt(
                "other",
                "другая",
                OptKind::Power,
                false,
                "the other power (relation)",
                "вторая держава (отношения)",
            ),
            opt(
                "delta",
                "изменение",
                OptKind::Integer,
                false,
                "VP change, or treasures given (+) or taken (-)",
                "изменение ПО или сокровищ (+ дать, - забрать)",
            ),
            opt("card", "карта", OptKind::Card, false, "card", "карта"),
            opt(
                "place",
                "куда",
                OptKind::Choice(PLACES),
                false,
                "where the card goes",
                "куда идёт карта",
            ),
            opt(
                "status",
                "статус",
                OptKind::Choice(STATUSES),
                false,
                "diplomatic status",
                "дипломатический статус",
            ),
            opt(
                "minor",
                "малая",
                OptKind::Text,
                false,
                "minor power",
                "малая держава",
            ),
            opt("leader", "лидер", OptKind::Leader, false, "leader", "лидер"),
            // --- position files (issue 17)
            opt(
                "turn",
                "ход",
                OptKind::Integer,
                false,
                "turn (phase; default: this turn)",
                "ход (этап; по умолчанию текущий)",
            ),
            opt(
                "phase",
                "этап",
                OptKind::Choice(ADJUST_PHASES),
                false,
                "phase to move to (with target: whose impulse)",
                "этап, на который перейти (`цель:` — чей импульс)",
            ),
            AS_POWER,
        ],
        help: [
            "fix anything by hand (logged publicly)",
            "исправить что угодно вручную (видно всем)",
        ],
    },
    parse: |a| {
        Ok(Command::Adjust {
            fix: adjust_cmd(a)?,
            power: a.opt("power"),
        })
    },
    act: |cx, c| match c {
        Command::Adjust { fix, .. } => Some(adjustment(cx.rs, cx.game, fix).map(Action::Adjust)),
        _ => None,
    },
    print: |a, form| match a {
        Action::Adjust(adj) => Some(adjust_line(adj, form == Form::Public)),
        _ => None,
    },
    acting: true,
    power: power_of!(Adjust),
};

//! Between commands and engine actions: a resolved command becomes an [`Action`], and an action
//! can be written back as a command line (for the public log and for driving tests).

use crate::engine::action::{Action, Adjustment, CardMode, CardPlace, RegainItem, UnitKind, Units};
use crate::engine::event::PhaseName;
use crate::engine::power::{Faction, Owner, Power, Relation, Religion};
use crate::engine::{Decision, Game, Ruleset};

use super::command::{AdjustCmd, BuildWhat, Command, UnitPick};
use super::messages::Msg;
use super::resolve;

/// The engine action for a game command by `power`; `None` if the command is not a game action.
pub fn to_action(
    rs: &Ruleset,
    game: &Game,
    power: Power,
    cmd: &Command,
) -> Option<Result<Action, Msg>> {
    let r = || -> Result<Action, Msg> {
        Ok(match cmd {
            Command::Play { card, mode, .. } => Action::Play {
                card: resolve::card(rs, card)?,
                mode: *mode,
            },
            Command::Move {
                from, to, units, ..
            } => {
                let (from, to) = (resolve::space(rs, from)?, resolve::space(rs, to)?);
                let units = pick_units(rs, game, power, &from, &to, units.as_ref(), false)?;
                Action::Move {
                    from: from.into(),
                    to: to.into(),
                    units,
                }
            }
            Command::Deploy {
                from, to, units, ..
            } => {
                let (from, to) = (resolve::space(rs, from)?, resolve::space(rs, to)?);
                let units = pick_units(rs, game, power, &from, &to, units.as_ref(), true)?;
                Action::Deploy {
                    from: from.into(),
                    to: to.into(),
                    units,
                }
            }
            Command::Control { space, .. } => Action::Control {
                space: resolve::space(rs, space)?.into(),
            },
            Command::Build { space, what, .. } => {
                // R-SPACE-FORTRESS: a fortress may also go in a world-map settlement (Spain only,
                // which the rules decide), so a settlement's name is passed on for a fortress.
                if *what == BuildWhat::Fortress {
                    if let Some((id, resolve::OtherPlace::Settlement)) =
                        resolve::other_place(rs, space)
                    {
                        return Ok(Action::BuildFortress { space: id.into() });
                    }
                }
                let space = resolve::space(rs, space)?;
                match what {
                    BuildWhat::Unit(unit) => Action::Raise {
                        space: space.into(),
                        unit: *unit,
                        faction: None,
                    },
                    BuildWhat::Fortress => Action::BuildFortress {
                        space: space.into(),
                    },
                }
            }
            Command::Assault { space, .. } => Action::Assault {
                space: resolve::space(rs, space)?.into(),
            },
            Command::Revolt {
                space,
                capital,
                leaders,
                capital_at,
                ..
            } => {
                let space = resolve::space(rs, space)?;
                let capital_at = capital_at
                    .as_deref()
                    .map(|c| resolve::space(rs, c))
                    .transpose()?;
                Action::Revolt {
                    declare_capital: *capital && capital_at.is_none(),
                    capital: capital_at.map(Into::into),
                    leaders: resolve::leaders(rs, leaders)?
                        .into_iter()
                        .map(|leader| crate::engine::action::LeaderEntry {
                            leader,
                            space: space.clone(),
                        })
                        .collect(),
                    space: space.into(),
                }
            }
            // --- marriages and espionage (X-MARRIAGE-*, X-SPY-*): royals resolve in the engine
            Command::Marry {
                royal,
                with,
                refuse: false,
                ..
            } => Action::Marry {
                royal: royal.as_str().into(),
                with: with.as_str().into(),
            },
            Command::Marry { royal, with, .. } => Action::RefuseMarriage {
                royal: royal.as_str().into(),
                with: with.as_str().into(),
            },
            Command::Spy {
                target,
                effect,
                whom,
                ..
            } => Action::Spy {
                target: resolve::power(rs, target)?,
                effect: crate::engine::espionage::SpyEffect::from_id(effect).ok_or_else(|| {
                    Msg::UnknownName {
                        what: "effect",
                        name: effect.clone(),
                        hint: String::new(),
                    }
                })?,
                whom: whom.clone().map(Into::into),
            },
            Command::Convert { space, .. } => Action::Convert {
                space: resolve::space(rs, space)?.into(),
            },
            Command::Rebel { space, .. } => Action::CatholicRebellion {
                space: resolve::space(rs, space)?.into(),
            },
            Command::Six { keep, .. } => Action::ConversionSix { unrest: *keep },
            Command::Fight { card, .. } => Action::FightForeignWar {
                card: resolve::card(rs, card)?,
            },
            Command::Send {
                card, from, units, ..
            } => Action::SendToWar {
                card: resolve::card(rs, card)?,
                from: resolve::space(rs, from)?.into(),
                units: Units {
                    regulars: units.regulars,
                    mercenaries: units.mercenaries,
                    cavalry: units.cavalry,
                    leaders: resolve::leaders(rs, &units.leaders)?
                        .into_iter()
                        .map(Into::into)
                        .collect::<Vec<_>>(),
                },
            },
            Command::Withdraw { leaders, .. } => Action::WithdrawLeaders {
                leaders: resolve::leaders(rs, leaders)?
                    .into_iter()
                    .map(Into::into)
                    .collect::<Vec<_>>(),
            },
            Command::Capital { space, .. } => Action::MoveHuguenotCapital {
                to: (space
                    .as_deref()
                    .map(|s| resolve::space(rs, s))
                    .transpose()?)
                .map(Into::into),
            },
            // --- land warfare
            Command::Intercept { from, units, .. } => {
                let from = resolve::space(rs, from)?;
                let units = match units {
                    Some(p) => pick(rs, p)?,
                    None => game
                        .legal_actions(rs, power)
                        .into_iter()
                        .find_map(|a| match a {
                            Action::Intercept { from: f, units } if f == from => Some(units),
                            _ => None,
                        })
                        .unwrap_or_default(),
                };
                Action::Intercept {
                    from: from.into(),
                    units,
                }
            }
            Command::Avoid { to, .. } => Action::AvoidBattle {
                to: resolve::space(rs, to)?.into(),
            },
            Command::Fortify { .. } => Action::WithdrawInside,
            Command::Forgo { .. } => Action::Forgo,
            Command::Sally { .. } => Action::JoinRelief,
            Command::Choose { option, space, .. } => Action::Choose {
                option: option.unwrap_or(0),
                space: (space
                    .as_deref()
                    .map(|s| resolve::space(rs, s))
                    .transpose()?)
                .map(Into::into),
            },
            Command::Casualties { units, .. } => Action::TakeCasualties {
                units: pick(rs, units)?,
            },
            Command::Retreat { to, inside, .. } => Action::Retreat {
                to: to
                    .as_deref()
                    .map(|s| resolve::space(rs, s))
                    .transpose()?
                    .map(Into::into),
                inside: inside
                    .as_ref()
                    .map(|p| pick(rs, p))
                    .transpose()?
                    .unwrap_or_default(),
            },
            Command::Winter { to, units, .. } => Action::Winter {
                to: to
                    .as_deref()
                    .map(|s| resolve::space(rs, s))
                    .transpose()?
                    .map(Into::into),
                units: units
                    .as_ref()
                    .map(|p| pick(rs, p))
                    .transpose()?
                    .unwrap_or_default(),
            },
            // --- naval warfare
            Command::Sail { from, to, .. } => Action::NavalMove {
                legs: vec![crate::engine::action::NavalLeg {
                    from: resolve::place(rs, from)?,
                    to: resolve::place(rs, to)?,
                }],
            },
            Command::Transport {
                from, to, units, ..
            } => Action::NavalTransport {
                from: resolve::space(rs, from)?.into(),
                to: resolve::space(rs, to)?.into(),
                units: pick(rs, units)?,
            },
            Command::Ships {
                squadrons,
                corsairs,
                ..
            } => Action::SinkShips {
                squadrons: *squadrons,
                corsairs: *corsairs,
            },
            Command::Haven { to, .. } => Action::NavalRetreat {
                to: resolve::place(rs, to)?.into(),
            },
            Command::Engage { from, .. } => Action::NavalIntercept {
                from: resolve::place(rs, from)?.into(),
            },
            Command::Piracy { zone, target, .. } => Action::Piracy {
                zone: resolve::place(rs, zone)?.into(),
                target: resolve::power(rs, target)?,
            },
            Command::Treasure { which, .. } => Action::SpendTreasure { treasure: *which },
            // --- diplomatic influence (X-INF-BUY)
            Command::Influence { target, steps, .. } => Action::BuyInfluence {
                target: courted(rs, target)?,
                steps: *steps,
            },
            Command::Tribute { pay, at, .. } => Action::PiracyReward {
                reward: match pay.as_str() {
                    "squadron" => crate::engine::piracy::PiracyReward::Squadron,
                    "card" => crate::engine::piracy::PiracyReward::Card,
                    _ => crate::engine::piracy::PiracyReward::Vp,
                },
                at: at
                    .as_deref()
                    .map(|x| resolve::place(rs, x))
                    .transpose()?
                    .map(Into::into),
            },
            Command::Evade { to, .. } => Action::NavalAvoid {
                to: resolve::place(rs, to)?.into(),
            },
            Command::Standing { answer, on, .. } => Action::SetStanding {
                standing: crate::engine::steps::Standing::parse(answer)
                    .unwrap_or(crate::engine::steps::Standing::NeverIntercept),
                on: *on,
            },
            Command::Pass { .. } => Action::Pass,
            Command::End { .. } => Action::EndImpulse,
            Command::War { target, card, .. } => {
                let card = card.as_deref().map(|c| resolve::card(rs, c)).transpose()?;
                match resolve::power(rs, target) {
                    Ok(target) => Action::DeclareWar { target, card },
                    // C-DIP-WAR-LIMITS: a minor power's name declares war on the minor.
                    Err(e) => match resolve::minor(rs, target) {
                        Ok(minor) => Action::WarOnMinor { minor, card },
                        Err(_) => return Err(e),
                    },
                }
            }
            Command::Sue { target, .. } => Action::SueForPeace {
                target: resolve::power(rs, target)?,
            },
            // --- peace (C-DIP-PEACE)
            Command::Surrender { space, units, .. } => Action::Surrender {
                space: resolve::space(rs, space)?.into(),
                units: pick(rs, units)?,
            },
            Command::Regain { what, pay, to, .. } => Action::Regain {
                what: regain_item(rs, what)?,
                pay: match pay.as_str() {
                    "card" => crate::engine::action::PeacePay::Card,
                    _ => crate::engine::action::PeacePay::Vp,
                },
                to: to
                    .as_deref()
                    .map(|t| resolve::space(rs, t))
                    .transpose()?
                    .map(Into::into),
            },
            Command::Ransom { leader, to, .. } => Action::Ransom {
                leader: resolve::leader(rs, leader)?.into(),
                to: to
                    .as_deref()
                    .map(|t| resolve::space(rs, t))
                    .transpose()?
                    .map(Into::into),
            },
            Command::Recall { from, to, .. } => Action::Recall {
                from: resolve::space(rs, from)?.into(),
                to: resolve::space(rs, to)?.into(),
            },
            Command::Peace { target, .. } => match resolve::power(rs, target) {
                Ok(target) => Action::OfferPeace { target },
                // C-DIP-PEACE: a minor power's name ends the war on the minor.
                Err(e) => match resolve::minor(rs, target) {
                    Ok(minor) => Action::PeaceWithMinor { minor },
                    Err(_) => return Err(e),
                },
            },
            Command::Ally { target, .. } => Action::OfferAlliance {
                target: resolve::power(rs, target)?,
            },
            Command::Accept { from, .. } => Action::Accept {
                from: resolve::power(rs, from)?,
            },
            Command::Minor { name, .. } => Action::AllyMinor {
                minor: resolve::minor(rs, name)?,
            },
            Command::Decline { from, .. } => Action::Decline {
                from: resolve::power(rs, from)?,
            },
            Command::Done { .. } => match game.awaiting() {
                crate::engine::Awaiting::One {
                    decision: Decision::Deployment,
                    ..
                } => Action::SkipDeployment,
                _ => Action::DoneDiplomacy,
            },
            Command::Place { leader, space, .. } => Action::PlaceLeader {
                leader: resolve::leader(rs, leader)?.into(),
                space: resolve::space(rs, space)?.into(),
            },
            Command::Secret { choice } => Action::SecretChoice { choice: *choice },
            Command::Adjust { fix, .. } => Action::Adjust(adjustment(rs, game, fix)?),
            _ => return Err(Msg::NoActions),
        })
    };
    match cmd {
        Command::Play { .. }
        | Command::Move { .. }
        | Command::Deploy { .. }
        | Command::Control { .. }
        | Command::Build { .. }
        | Command::Assault { .. }
        | Command::Revolt { .. }
        | Command::Convert { .. }
        | Command::Marry { .. }
        | Command::Spy { .. }
        | Command::Rebel { .. }
        | Command::Six { .. }
        | Command::Fight { .. }
        | Command::Send { .. }
        | Command::Withdraw { .. }
        | Command::Capital { .. }
        | Command::Intercept { .. }
        | Command::Avoid { .. }
        | Command::Fortify { .. }
        | Command::Forgo { .. }
        | Command::Sally { .. }
        | Command::Choose { .. }
        | Command::Casualties { .. }
        | Command::Retreat { .. }
        | Command::Winter { .. }
        | Command::Sail { .. }
        | Command::Transport { .. }
        | Command::Ships { .. }
        | Command::Haven { .. }
        | Command::Engage { .. }
        | Command::Evade { .. }
        | Command::Piracy { .. }
        | Command::Tribute { .. }
        | Command::Treasure { .. }
        | Command::Influence { .. }
        | Command::Standing { .. }
        | Command::Pass { .. }
        | Command::End { .. }
        | Command::War { .. }
        | Command::Sue { .. }
        | Command::Surrender { .. }
        | Command::Regain { .. }
        | Command::Ransom { .. }
        | Command::Recall { .. }
        | Command::Peace { .. }
        | Command::Ally { .. }
        | Command::Accept { .. }
        | Command::Decline { .. }
        | Command::Minor { .. }
        | Command::Done { .. }
        | Command::Place { .. }
        | Command::Secret { .. }
        | Command::Adjust { .. } => Some(r()),
        _ => None,
    }
}

/// The units of a move or deployment: as typed, or else the first formation the engine lists
/// for that pair of spaces (its largest), or else everything the power has there (so that the
/// engine explains what is wrong).
/// A typed unit pick with its leaders resolved.
fn pick(rs: &Ruleset, p: &UnitPick) -> Result<Units, Msg> {
    Ok(Units {
        regulars: p.regulars,
        mercenaries: p.mercenaries,
        cavalry: p.cavalry,
        leaders: resolve::leaders(rs, &p.leaders)?
            .into_iter()
            .map(Into::into)
            .collect::<Vec<_>>(),
    })
}

fn pick_units(
    rs: &Ruleset,
    game: &Game,
    power: Power,
    from: &str,
    to: &str,
    pick: Option<&UnitPick>,
    deploy: bool,
) -> Result<Units, Msg> {
    if let Some(p) = pick {
        return Ok(Units {
            regulars: p.regulars,
            mercenaries: p.mercenaries,
            cavalry: p.cavalry,
            leaders: resolve::leaders(rs, &p.leaders)?
                .into_iter()
                .map(Into::into)
                .collect::<Vec<_>>(),
        });
    }
    let listed = game
        .legal_actions(rs, power)
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
    if let Some(s) = rs.space_id(from) {
        for f in game
            .board
            .at(s)
            .forces
            .iter()
            .filter(|f| f.owner() == Owner::Major(power))
        {
            all.regulars += f.regulars;
            all.mercenaries += f.mercenaries;
            all.cavalry += f.cavalry;
            // Naval leaders stay with the ships (C-NAVAL-MOVE).
            all.leaders.extend(
                f.leaders
                    .iter()
                    .filter(|l| !rs.is_naval_leader(l))
                    .map(|l| l.as_str().into()),
            );
        }
    }
    if all.land() == 0 {
        return Err(Msg::NoMatchingMove);
    }
    Ok(all)
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
                            allowed: super::messages::Allowed::Powers,
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

/// A minor or a major named by id, name or alias (X-INF-*).
fn courted(rs: &Ruleset, text: &str) -> Result<crate::engine::influence::Courted, Msg> {
    use crate::engine::influence::Courted;
    match resolve::minor(rs, text) {
        Ok(m) => Ok(Courted::Minor(m)),
        Err(e) => resolve::power(rs, text).map(Courted::Major).map_err(|_| e),
    }
}

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

/// Units as the `units:` option reads them (`2r 1m ALBA`).
pub(crate) fn units_text(u: &Units) -> String {
    let mut parts = Vec::new();
    if u.regulars > 0 {
        parts.push(format!("{}r", u.regulars));
    }
    if u.mercenaries > 0 {
        parts.push(format!("{}m", u.mercenaries));
    }
    if u.cavalry > 0 {
        parts.push(format!("{}c", u.cavalry));
    }
    parts.extend(u.leaders.iter().map(|l| l.to_string()));
    parts.join(" ")
}

/// An action as the command line that makes it, with `power:` so that it is unambiguous.
/// With `public`, hidden details (the secret choice, cards moved into hiding) are masked.
/// `None` for actions no command makes.
pub fn action_line(a: &Action, power: Power, public: bool) -> Option<String> {
    let line = match a {
        Action::WarOnMinor { minor, card: None } => format!("war target:{minor}"),
        Action::WarOnMinor {
            minor,
            card: Some(c),
        } => format!("war target:{minor} card:{c}"),
        Action::DeclareWar { target, card: None } => format!("war target:{target}"),
        Action::DeclareWar {
            target,
            card: Some(c),
        } => format!("war target:{target} card:{c}"),
        Action::SueForPeace { target } => format!("sue target:{target}"),
        Action::Ransom { leader, to } => match to {
            Some(t) => format!("ransom leader:{leader} to:{t}"),
            None => format!("ransom leader:{leader}"),
        },
        Action::Recall { from, to } => format!("recall from:{from} to:{to}"),
        Action::OfferPeace { target } => format!("peace target:{target}"),
        Action::PeaceWithMinor { minor } => format!("peace target:{minor}"),
        Action::OfferAlliance { target } => format!("ally target:{target}"),
        Action::Accept { from } => format!("accept from:{from}"),
        Action::Decline { from } => format!("decline from:{from}"),
        Action::AllyMinor { minor } => format!("minor name:{minor}"),
        Action::DoneDiplomacy | Action::SkipDeployment => "done".into(),
        Action::SecretChoice { choice } | Action::SecretChoiceSalted { choice, .. } => {
            if public {
                format!("secret choice:{}", super::command::HIDDEN)
            } else {
                format!("secret choice:{}", serde_plain(choice))
            }
        }
        Action::Deploy { from, to, units } => {
            format!("deploy from:{from} to:{to} units:{}", units_text(units))
        }
        Action::PlaceLeader { leader, space } => format!("place leader:{leader} space:{space}"),
        Action::Play { card, mode } => format!(
            "play card:{card} as:{}",
            if *mode == CardMode::Cp { "cp" } else { "event" }
        ),
        Action::Pass => "pass".into(),
        Action::Move { from, to, units } => {
            format!("move from:{from} to:{to} units:{}", units_text(units))
        }
        Action::Control { space } => format!("control space:{space}"),
        Action::Raise { space, unit, .. } => format!(
            "build space:{space} unit:{}",
            match unit {
                UnitKind::Regular => "regular",
                UnitKind::Mercenary => "mercenary",
                UnitKind::Cavalry => "cavalry",
                UnitKind::Squadron => "squadron",
                UnitKind::Corsair => "corsair",
            }
        ),
        Action::BuildFortress { space } => format!("build space:{space} unit:fortress"),
        Action::Assault { space } => format!("assault space:{space}"),
        Action::EndImpulse => "end".into(),
        Action::Adjust(adj) => adjust_line(adj, public),
        Action::Revolt {
            space,
            declare_capital,
            leaders,
            capital,
        } => {
            let mut l = format!("revolt space:{space}");
            if *declare_capital {
                l.push_str(" capital:yes");
            }
            if let Some(c) = capital {
                l.push_str(&format!(" capital-at:{c}"));
            }
            if !leaders.is_empty() {
                let ids: Vec<&str> = leaders.iter().map(|e| e.leader.as_str()).collect();
                l.push_str(&format!(" leaders:{}", ids.join(",")));
            }
            l
        }
        Action::Marry { royal, with } if with.is_empty() => format!("marry royal:{royal}"),
        Action::Marry { royal, with } => format!("marry royal:{royal} with:{with}"),
        Action::RefuseMarriage { royal, with } if with.is_empty() => {
            format!("marry royal:{royal} refuse:yes")
        }
        Action::RefuseMarriage { royal, with } => {
            format!("marry royal:{royal} with:{with} refuse:yes")
        }
        Action::Spy {
            target,
            effect,
            whom,
        } => format!(
            "spy target:{target} effect:{}{}",
            effect.id(),
            whom.as_ref()
                .map(|w| format!(" whom:{w}"))
                .unwrap_or_default()
        ),
        Action::Convert { space } => format!("convert space:{space}"),
        Action::CatholicRebellion { space } => format!("rebel space:{space}"),
        Action::ConversionSix { unrest } => {
            format!("six count:{}", if *unrest { 6 } else { 5 })
        }
        Action::FightForeignWar { card } => format!("fight card:{card}"),
        Action::SendToWar { card, from, units } => {
            format!("send card:{card} from:{from} units:{}", units_text(units))
        }
        Action::WithdrawLeaders { leaders } if leaders.is_empty() => "withdraw".into(),
        Action::WithdrawLeaders { leaders } => format!("withdraw leaders:{}", leaders.join(",")),
        Action::MoveHuguenotCapital { to: Some(s) } => format!("capital space:{s}"),
        Action::MoveHuguenotCapital { to: None } => "capital".into(),
        Action::RevealSecret => return None,
        // --- land warfare
        Action::Intercept { from, units } => {
            format!("intercept from:{from} units:{}", units_text(units))
        }
        Action::AvoidBattle { to } => format!("avoid to:{to}"),
        Action::WithdrawInside => "fortify".into(),
        Action::Forgo => "forgo".into(),
        Action::JoinRelief => "sally".into(),
        Action::Choose {
            option,
            space: Some(s),
        } if *option == 0 => format!("choose space:{s}"),
        Action::Choose { option, .. } => format!("choose option:{option}"),
        Action::TakeCasualties { units } => format!("casualties units:{}", units_text(units)),
        Action::Winter { to, units } => {
            let mut l = "winter".to_string();
            if let Some(t) = to {
                l.push_str(&format!(" to:{t}"));
            }
            if units.land() > 0 || !units.leaders.is_empty() {
                l.push_str(&format!(" units:{}", units_text(units)));
            }
            l
        }
        Action::Retreat { to, inside } => {
            let mut l = "retreat".to_string();
            if let Some(t) = to {
                l.push_str(&format!(" to:{t}"));
            }
            if inside.land() > 0 || !inside.leaders.is_empty() {
                l.push_str(&format!(" inside:{}", units_text(inside)));
            }
            l
        }
        Action::SetStanding { standing, on } => format!(
            "standing answer:{} on:{}",
            standing.as_str(),
            if *on { "yes" } else { "no" }
        ),
        // --- naval warfare
        Action::NavalMove { legs } => match legs.as_slice() {
            [leg] => format!("sail from:{} to:{}", leg.from, leg.to),
            _ => return None,
        },
        Action::NavalTransport { from, to, units } => {
            format!("transport from:{from} to:{to} units:{}", units_text(units))
        }
        Action::SinkShips {
            squadrons,
            corsairs,
        } => format!("ships squadrons:{squadrons} corsairs:{corsairs}"),
        Action::NavalRetreat { to } => format!("haven to:{to}"),
        Action::NavalIntercept { from } => format!("engage from:{from}"),
        Action::NavalAvoid { to } => format!("evade to:{to}"),
        Action::Piracy { zone, target } => format!("piracy zone:{zone} target:{target}"),
        Action::PiracyReward { reward, at } => match at {
            Some(a) => format!("tribute pay:{} at:{a}", reward.id()),
            None => format!("tribute pay:{}", reward.id()),
        },
        Action::SpendTreasure { treasure } => format!("treasure which:{treasure}"),
        // --- diplomatic influence (X-INF-BUY)
        Action::BuyInfluence { target, steps } => {
            format!("influence target:{target} steps:{steps}")
        }
        Action::Surrender { space, units } => {
            format!("surrender space:{space} units:{}", units_text(units))
        }
        Action::Regain { what, pay, to } => {
            let w = match what {
                RegainItem::Leader(x) | RegainItem::Key(x) => x.clone(),
                RegainItem::Pair(a, b) => format!("{a}+{b}"),
            };
            match to {
                Some(t) => format!("regain what:{w} pay:{} to:{t}", pay.id()),
                None => format!("regain what:{w} pay:{}", pay.id()),
            }
        }
    };
    if matches!(
        a,
        Action::SecretChoice { .. } | Action::SecretChoiceSalted { .. }
    ) {
        Some(line)
    } else {
        Some(format!("{line} power:{power}"))
    }
}

fn serde_plain<T: serde::Serialize>(v: &T) -> String {
    serde_json::to_value(v)
        .ok()
        .and_then(|v| v.as_str().map(str::to_string))
        .unwrap_or_default()
}

fn adjust_line(adj: &Adjustment, public: bool) -> String {
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
        } => format!(
            "adjust what:units space:{space} owner:{owner}{} regulars:{regulars} mercenaries:{mercenaries} cavalry:{cavalry} squadrons:{squadrons}{}",
            faction.map(|f| format!(" faction:{f}")).unwrap_or_default(),
            if *corsairs > 0 { format!(" corsairs:{corsairs}") } else { String::new() }
        ),
        Adjustment::Leader { leader, space } => format!(
            "adjust what:leader leader:{leader}{}",
            space.as_ref().map(|s| format!(" space:{s}")).unwrap_or_default()
        ),
        Adjustment::Control { space, owner } => {
            format!("adjust what:control space:{space} owner:{owner}")
        }
        Adjustment::Religion { space, religion } => {
            format!("adjust what:religion space:{space} religion:{religion}")
        }
        Adjustment::Unrest { space, on } => format!(
            "adjust what:unrest space:{space} on:{}",
            if *on { "yes" } else { "no" }
        ),
        Adjustment::Vp { power, delta } => format!("adjust what:vp target:{power} delta:{delta}"),
        Adjustment::Card { card, place } => {
            let hidden = matches!(place, CardPlace::Hand(_) | CardPlace::Deck);
            let card = if public && hidden {
                super::command::HIDDEN.to_string()
            } else {
                card.to_string()
            };
            match place {
                CardPlace::Hand(p) => format!("adjust what:card card:{card} place:hand target:{p}"),
                CardPlace::Discard => format!("adjust what:card card:{card} place:discard"),
                CardPlace::Deck => format!("adjust what:card card:{card} place:deck"),
                CardPlace::Removed => format!("adjust what:card card:{card} place:removed"),
            }
        }
        Adjustment::Relation { a, b, status } => {
            format!("adjust what:relation target:{a} other:{b} status:{status}")
        }
        Adjustment::MinorWar {
            power,
            minor,
            at_war,
        } => format!(
            "adjust what:relation target:{power} other:{minor} status:{}",
            if *at_war { "war" } else { "peace" }
        ),
        Adjustment::MinorAlly { minor, ally } => format!(
            "adjust what:minor minor:{minor}{}",
            ally.map(|p| format!(" target:{p}")).unwrap_or_default()
        ),
        Adjustment::KillRuler { power } => format!("adjust what:kill-ruler target:{power}"),
        Adjustment::Phase { turn, phase, power } => {
            let phase = serde_json::to_value(phase)
                .ok()
                .and_then(|v| v.as_str().map(str::to_string))
                .unwrap_or_default();
            format!(
                "adjust what:phase turn:{turn} phase:{phase}{}",
                power.map(|p| format!(" target:{p}")).unwrap_or_default()
            )
        }
        Adjustment::BarbaryPirates { on } => {
            format!("adjust what:barbary on:{}", if *on { "yes" } else { "no" })
        }
        Adjustment::Treasure { power, delta } => {
            format!("adjust what:treasure target:{power} delta:{delta}")
        }
        // --- diplomatic influence (X-INF-*, X-INACTIVE)
        Adjustment::Influence {
            power,
            target,
            delta,
        } => format!("adjust what:influence target:{power} minor:{target} delta:{delta}"),
        Adjustment::InactiveControl { target, controller } => format!(
            "adjust what:inactive other:{target}{}",
            controller
                .map(|p| format!(" target:{p}"))
                .unwrap_or_default()
        ),
        Adjustment::ResolveStatus { target } => format!("adjust what:resolve minor:{target}"),
        Adjustment::Engage { royal, with } => format!("adjust what:engage leader:{royal}+{with}"),
        Adjustment::Married { royal, on } => format!(
            "adjust what:married leader:{royal} on:{}",
            if *on { "yes" } else { "no" }
        ),
        Adjustment::Assassinated { power, on } => format!(
            "adjust what:assassinated target:{power} on:{}",
            if *on { "yes" } else { "no" }
        ),
    }
}

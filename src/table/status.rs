//! The diplomatic situation and the impulse at a glance, for `status` (issue 14 item 5): wars,
//! alliances, allied minors, captured leaders and their captors, leaders by stack, the religious
//! zones' tally with the Protestant capitals (issue 18), and whose impulse it is with the CP left.

use super::messages::{Msg, Texts};
use crate::engine::power::{Faction, Minor, Relation};
use crate::engine::{Game, Owner, Power, Ruleset, Stage};

/// The status lines about diplomacy, leaders and the impulse.
pub fn lines(rs: &Ruleset, g: &Game, t: Texts<'_>) -> Vec<String> {
    let or_none = |v: Vec<String>| {
        if v.is_empty() {
            t.msg(&Msg::StatusNone)
        } else {
            v.join("; ")
        }
    };
    let pairs = |rel: Relation| -> Vec<String> {
        let ps: Vec<Power> = g.powers.iter().collect();
        let mut out = Vec::new();
        for (i, a) in ps.iter().enumerate() {
            for b in &ps[i + 1..] {
                if g.board.relation(*a, *b) == rel {
                    out.push(format!("{} – {}", t.power(*a), t.power(*b)));
                }
            }
        }
        out
    };
    let minors: Vec<String> = Minor::ALL
        .iter()
        .filter_map(|m| {
            g.board
                .minor_ally(*m)
                .map(|p| format!("{} → {}", t.owner(Owner::Minor(*m)), t.power(p)))
        })
        .collect();
    let captured: Vec<String> = g
        .captured
        .iter()
        .map(|(l, by)| format!("{} ({})", t.leader(l), t.power(*by)))
        .collect();
    let mut leaders = Vec::new();
    for s in rs.space_ids() {
        for f in &g.board.at(s).forces {
            if !f.leaders.is_empty() {
                let names: Vec<String> = f.leaders.iter().map(|l| t.leader(l)).collect();
                leaders.push(format!(
                    "{}: {} ({})",
                    t.space(s),
                    names.join(", "),
                    t.owner(f.owner())
                ));
            }
        }
    }
    // Wars between majors, then wars of majors on minors with no ally (C-DIP-WAR-LIMITS).
    let mut wars = pairs(Relation::War);
    wars.extend(
        g.board
            .minor_wars
            .iter()
            .map(|(p, m)| format!("{} – {}", t.power(*p), t.owner(Owner::Minor(*m)))),
    );
    let mut out = vec![
        t.msg(&Msg::StatusWars {
            list: or_none(wars),
        }),
        t.msg(&Msg::StatusAlliances {
            list: or_none(pairs(Relation::Alliance)),
        }),
        t.msg(&Msg::StatusMinors {
            list: or_none(minors),
        }),
        t.msg(&Msg::StatusCaptured {
            list: or_none(captured),
        }),
        t.msg(&Msg::StatusLeaders {
            list: or_none(leaders),
        }),
        t.msg(&Msg::StatusSieges {
            list: or_none(sieges(rs, g, t)),
        }),
        religion(rs, g, t),
    ];
    // --- treasures: public counts only (a hand's faces never reach the channel)
    if !rs.treasures.is_empty() {
        let list: Vec<String> = g
            .powers
            .iter()
            .map(|p| format!("{} {}", t.power(p), g.treasures.held[p as usize].len()))
            .collect();
        out.push(t.msg(&Msg::StatusTreasures {
            list: list.join(", "),
            row: g.treasures.row.len(),
            pool: g.treasures.pool.len(),
        }));
    }
    // --- marriages and espionage (X-MARRIAGE-*, X-SPY-*)
    out.extend(court(rs, g, t));
    match g.stage {
        Stage::Impulse { power, .. } => out.push(t.msg(&Msg::StatusImpulse { power, cp: None })),
        Stage::Cp { power, cp } => out.push(t.msg(&Msg::StatusImpulse {
            power,
            cp: Some(cp),
        })),
        _ => {}
    }
    out
}

/// The spaces under siege and who besieges each (C-SIEGE).
fn sieges(rs: &Ruleset, g: &Game, t: Texts<'_>) -> Vec<String> {
    rs.space_ids()
        .filter_map(|s| {
            g.board.at(s).besieged_by.map(|by| {
                t.loc_pick(
                    &format!("{} (besieged by {})", t.space(s), t.power(by)),
                    &format!("{} (осаждает {})", t.space(s), t.power(by)),
                )
            })
        })
        .collect()
}

/// R-REL-ZONES and R-PROT-CAPITAL: Protestant/Catholic spaces per zone, and each faction's
/// capital if declared.
fn religion(rs: &Ruleset, g: &Game, t: Texts<'_>) -> String {
    let list: Vec<String> = crate::render::zone_tally(rs, &g.board)
        .iter()
        .map(|z| format!("{} {}/{}", t.zone_name(z.zone), z.protestant, z.catholic))
        .collect();
    let capitals: Vec<String> = [Faction::Huguenot, Faction::Dutch]
        .iter()
        .zip(g.board.protestant_capitals)
        .filter_map(|(f, c)| c.map(|c| format!("{} ({})", t.space(c), t.faction(*f))))
        .collect();
    t.msg(&Msg::StatusReligion {
        list: list.join(", "),
        capitals: if capitals.is_empty() {
            t.msg(&Msg::StatusNone)
        } else {
            capitals.join(", ")
        },
    })
}

/// X-MARRIAGE-*: the royals of each power with eligibility and state, the engagement box and
/// open proposals; X-SPY-ASSASSINATE: who was assassinated. Nothing when the data has no royals.
fn court(rs: &Ruleset, g: &Game, t: Texts<'_>) -> Vec<String> {
    use crate::engine::marriage::RoyalStatus;
    let mut out = Vec::new();
    if !rs.royals.is_empty() {
        let mut per_power = Vec::new();
        for p in g.powers.iter() {
            let list: Vec<String> = g
                .royals(rs)
                .filter(|r| r.power == p)
                .map(|r| {
                    let st = match g.royal_status(&r.id) {
                        RoyalStatus::Single => t.loc_pick("single", "свободна"),
                        RoyalStatus::Proposed => t.loc_pick("proposed", "предложена"),
                        RoyalStatus::Engaged => t.loc_pick("engaged", "помолвлена"),
                        RoyalStatus::Married => t.loc_pick("married", "в браке"),
                    };
                    format!("{} {} ({st})", t.royal(&r.id), r.eligibility)
                })
                .collect();
            if !list.is_empty() {
                per_power.push(format!("{}: {}", t.power(p), list.join(", ")));
            }
        }
        out.push(t.loc_pick(
            &format!("Royals (eligibility): {}", per_power.join("; ")),
            &format!(
                "Королевские особы (брачная ценность): {}",
                per_power.join("; ")
            ),
        ));
        let engaged: Vec<String> = g
            .court
            .engaged
            .iter()
            .map(|e| {
                format!(
                    "{} ({}) – {} ({})",
                    t.royal(&e.royal_a),
                    t.power(e.a),
                    t.royal(&e.royal_b),
                    t.power(e.b)
                )
            })
            .collect();
        let none = t.msg(&Msg::StatusNone);
        let engaged = if engaged.is_empty() {
            none.clone()
        } else {
            engaged.join("; ")
        };
        out.push(t.loc_pick(
            &format!("Engaged (resolved at the end of the turn): {engaged}"),
            &format!("Помолвки (решаются в конце хода): {engaged}"),
        ));
        if !g.court.proposals.is_empty() {
            let list: Vec<String> = g
                .court
                .proposals
                .iter()
                .map(|o| {
                    format!(
                        "{} → {}: {} + {}",
                        t.power(o.from),
                        t.power(o.to),
                        t.royal(&o.royal),
                        t.royal(&o.with)
                    )
                })
                .collect();
            out.push(t.loc_pick(
                &format!("Marriage proposals awaiting an answer: {}", list.join("; ")),
                &format!("Предложения брака без ответа: {}", list.join("; ")),
            ));
        }
    }
    if !g.court.assassinated.is_empty() {
        let list: Vec<String> = g
            .court
            .assassinated
            .iter()
            .map(|id| t.ruler_name(id))
            .collect();
        out.push(t.loc_pick(
            &format!("Assassinated: {}", list.join(", ")),
            &format!("Убиты: {}", list.join(", ")),
        ));
    }
    out
}

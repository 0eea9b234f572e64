//! X-INACTIVE-ANSWERS (issue 26): an inactive major nobody controls is never asked; each of its
//! questions is answered by a fixed public rule and announced with what was decided. One test
//! per question type: land losses, retreat, withdrawal, naval losses, naval retreat, Winter
//! quarters, Winter excess, Winter ports; and a foreign war struck on it is refused.

use crate::land_support;

use land_support::*;
use vqbot::engine::action::NavalLeg;
use vqbot::engine::inactive::RuleAnswer;
use vqbot::engine::influence::InfluenceEvent;
use vqbot::engine::power::Relation;
use vqbot::engine::{Action, Awaiting, Decision, Event, EventKind, Game, Owner, Power, Stage};

const EMPIRE: Owner = Owner::Major(Power::Empire);
const OTTOMAN: Owner = Owner::Major(Power::Ottoman);
const FOUR: [Power; 4] = [
    Power::Spain,
    Power::England,
    Power::France,
    Power::Protestant,
];

/// A four-power arena (the Ottoman and the Empire inactive, nobody controlling them, no
/// influence on them), Spain spending 6 CP at war with `enemy`.
fn four_at_war(seed: u64, enemy: Power) -> Game {
    let mut g = arena(&FOUR, seed, 6);
    assert!(g.influence.inactive.contains(enemy), "{enemy} is inactive");
    g.influence.levels = Default::default();
    g.influence.controller = [None; 6];
    g.board.set_relation(Power::Spain, enemy, Relation::War);
    g
}

/// The rule's answers announced for `p`.
fn answers(ev: &[Event], p: Power) -> Vec<RuleAnswer> {
    ev.iter()
        .filter_map(|e| match &e.kind {
            EventKind::Influence(InfluenceEvent::Answered { power, answer }) if *power == p => {
                Some(answer.clone())
            }
            _ => None,
        })
        .collect()
}

/// Answers every pending battle question by the first legal answer, checking that `p` (nobody's)
/// is never the one asked.
fn answer_all_but(g: &mut Game, ev: &mut Vec<Event>, p: Power) {
    answer(g, ev, |g, q, d| {
        assert_ne!(q, p, "{p}, which nobody plays, is asked {d:?}");
        first(g, q, d)
    });
    assert!(!g.awaiting().powers().contains(p), "{p} is awaited");
}

/// Spain's 4 regulars enter Nuremberg from Kassel, where the Empire has 1 regular and 3
/// mercenaries.
fn nuremberg(g: &mut Game) -> Vec<Event> {
    put(g, "KASSEL", SPAIN, 4, 0, 0);
    put(g, "NUREMBERG", EMPIRE, 1, 3, 0);
    let mut ev = ok(g, Power::Spain, mv("KASSEL", "NUREMBERG", 4, &[]));
    answer_all_but(g, &mut ev, Power::Empire);
    ev
}

// X-INACTIVE-ANSWERS: the uncontrolled Empire's land losses are taken mercenaries first (its
// regular is the last to go), announced, and nobody is asked.
#[test]
fn x_inactive_answers_land_casualties_mercenaries_first() {
    let base = four_at_war(1, Power::Empire);
    let (_, ev) = find(&base, nuremberg, |_, ev| {
        answers(ev, Power::Empire)
            .iter()
            .any(|a| matches!(a, RuleAnswer::Casualties { .. }))
    });
    assert!(
        answers(&ev, Power::Empire).contains(&RuleAnswer::Casualties {
            space: s("NUREMBERG")
        })
    );
    // Mercenaries first: its one regular goes only with the fourth loss.
    let taken: Vec<&vqbot::engine::Units> = ev
        .iter()
        .filter_map(|e| match &e.kind {
            EventKind::CasualtiesTaken { owner, units, .. } if *owner == EMPIRE => Some(units),
            _ => None,
        })
        .collect();
    assert!(!taken.is_empty(), "the Empire lost units");
    for u in taken {
        let lost = u32::from(u.regulars) + u32::from(u.mercenaries);
        assert_eq!(u32::from(u.mercenaries), lost.min(3), "{u:?}");
        assert_eq!(u.cavalry, 0);
    }
    // The announcement in both languages names the rule.
    let e = ev
        .iter()
        .find(|e| {
            matches!(
                e.kind,
                EventKind::Influence(InfluenceEvent::Answered { .. })
            )
        })
        .expect("announced");
    for loc in [
        vqbot::table::messages::Locale::En,
        vqbot::table::messages::Locale::Ru,
    ] {
        let t = vqbot::table::messages::Texts::new(rs(), loc).event(&e.kind);
        assert!(t.contains("X-INACTIVE-ANSWERS"), "{t}");
    }
}

// X-INACTIVE-ANSWERS: beaten, the uncontrolled Empire retreats by the rule to the first legal
// space, announced; it is never asked where.
#[test]
fn x_inactive_answers_retreat_to_the_first_legal_space() {
    let base = four_at_war(2, Power::Empire);
    let (g, ev) = find(&base, nuremberg, |_, ev| {
        answers(ev, Power::Empire)
            .iter()
            .any(|a| matches!(a, RuleAnswer::Retreat { .. }))
    });
    let to = answers(&ev, Power::Empire)
        .into_iter()
        .find_map(|a| match a {
            RuleAnswer::Retreat { space, to } => {
                assert_eq!(space, s("NUREMBERG"));
                to
            }
            _ => None,
        })
        .expect("a retreat space");
    assert!(
        ["AUGSBURG", "MAINZ", "REGENSBURG", "WORMS"].contains(&rs().space(to).id.as_str()),
        "an Empire space next to Nuremberg"
    );
    assert!(
        land(&g, &rs().space(to).id, EMPIRE) > 0,
        "its units went there"
    );
    assert_eq!(land(&g, "NUREMBERG", EMPIRE), 0);
}

// X-INACTIVE-ANSWERS: its defenders (four or fewer) withdraw into the fortress, announced;
// nobody is asked.
#[test]
fn x_inactive_answers_withdraw_into_the_fortifications() {
    let mut g = four_at_war(3, Power::Empire);
    put(&mut g, "KASSEL", SPAIN, 4, 0, 0);
    put(&mut g, "MAINZ", EMPIRE, 3, 0, 0);
    let mut ev = ok(&mut g, Power::Spain, mv("KASSEL", "MAINZ", 4, &[]));
    answer_all_but(&mut g, &mut ev, Power::Empire);
    assert!(answers(&ev, Power::Empire).contains(&RuleAnswer::Withdraw { space: s("MAINZ") }));
    assert!(has(&ev, |k| matches!(
        k,
        EventKind::WithdrewInside {
            owner: EMPIRE,
            units: 3,
            ..
        }
    )));
    assert!(!has(&ev, |k| matches!(k, EventKind::FieldBattle { .. })));
}

fn ships(g: &mut Game, at: &str, owner: Owner, squadrons: u8, corsairs: u8) {
    let pl = Game::resolve_place(rs(), at).expect("a place");
    let f = g.board.force_at_mut(&pl, owner, None);
    f.squadrons += squadrons;
    f.corsairs += corsairs;
}

/// Spain's 2 squadrons from Naples attack the Ottoman's 1 squadron and 2 corsairs in the
/// Tyrrhenian Sea.
fn tyrrhenian(g: &mut Game) -> Vec<Event> {
    let sail = Action::NavalMove {
        legs: vec![NavalLeg {
            from: "NAPLES".into(),
            to: "TYRRHENIAN_SEA".into(),
        }],
    };
    let mut ev = ok(g, Power::Spain, sail);
    answer_all_but(g, &mut ev, Power::Ottoman);
    ev
}

fn naval_base(seed: u64) -> Game {
    let mut g = four_at_war(seed, Power::Ottoman);
    ships(&mut g, "NAPLES", SPAIN, 2, 0);
    ships(&mut g, "TYRRHENIAN_SEA", OTTOMAN, 1, 2);
    g
}

// X-INACTIVE-ANSWERS: the uncontrolled Ottoman's ships lost are corsairs before squadrons
// (where it would have had a choice), announced; nobody is asked.
#[test]
fn x_inactive_answers_naval_casualties_corsairs_first() {
    let (_, ev) = find(&naval_base(4), tyrrhenian, |_, ev| {
        answers(ev, Power::Ottoman)
            .iter()
            .any(|a| matches!(a, RuleAnswer::NavalCasualties { .. }))
    });
    let lost = ev
        .iter()
        .find_map(|e| match &e.kind {
            EventKind::ShipsSunk {
                owner: OTTOMAN,
                squadrons,
                corsairs,
                ..
            } => Some((*squadrons, *corsairs)),
            _ => None,
        })
        .expect("ships lost");
    assert!(lost.1 > 0, "corsairs go first: {lost:?}");
    assert!(
        lost.0 == 0 || lost.1 == 2,
        "a squadron only after both corsairs: {lost:?}"
    );
}

// X-INACTIVE-ANSWERS: beaten at sea, its fleet retreats by the rule to the first legal place,
// announced.
#[test]
fn x_inactive_answers_naval_retreat_first_legal_place() {
    let (g, ev) = find(&naval_base(5), tyrrhenian, |_, ev| {
        answers(ev, Power::Ottoman)
            .iter()
            .any(|a| matches!(a, RuleAnswer::NavalRetreat { .. }))
    });
    let to = answers(&ev, Power::Ottoman)
        .into_iter()
        .find_map(|a| match a {
            RuleAnswer::NavalRetreat { to, .. } => Some(to),
            _ => None,
        })
        .expect("a retreat place");
    let pl = Game::resolve_place(rs(), &to).expect("a place");
    assert!(
        g.board
            .forces_at(&pl)
            .iter()
            .any(|f| f.owner() == OTTOMAN && f.ships() > 0),
        "the fleet is in {to}"
    );
    assert!(!matches!(
        Game::resolve_place(rs(), "TYRRHENIAN_SEA").map(|p| g
            .board
            .forces_at(&p)
            .iter()
            .any(|f| f.owner() == OTTOMAN)),
        Ok(true)
    ));
}

/// Ends the Action phase at once (nobody holds cards): Winter runs; its questions for powers in
/// play are answered by the first legal answer. The inactive majors are never asked.
fn to_winter(g: &mut Game) -> Vec<Event> {
    for h in &mut g.hands {
        h.clear();
    }
    g.stage = Stage::Cp {
        power: Power::Spain,
        cp: 1,
    };
    let mut ev = ok(g, Power::Spain, Action::EndImpulse);
    for _ in 0..50 {
        let Awaiting::One { power, decision } = g.awaiting() else {
            break;
        };
        if g.turn > 1 || matches!(decision, Decision::Impulse | Decision::SpendCp) {
            break;
        }
        assert!(
            g.powers.contains(power),
            "{power}, which nobody plays, is asked {decision:?}"
        );
        let a = first(g, power, decision);
        ev.extend(ok(g, power, a));
    }
    ev
}

// X-INACTIVE-ANSWERS: in Winter the Empire's units between two equally near fortresses go to
// the first in the map's order, announced; nobody is asked.
#[test]
fn x_inactive_answers_winter_quarters_first_in_map_order() {
    let mut g = four_at_war(6, Power::Empire);
    g.board
        .set_relation(Power::Spain, Power::Empire, Relation::Peace);
    put(&mut g, "WORMS", EMPIRE, 1, 0, 0);
    let ev = to_winter(&mut g);
    let to = answers(&ev, Power::Empire)
        .into_iter()
        .find_map(|a| match a {
            RuleAnswer::WinterQuarters { from, to } if from == s("WORMS") => to,
            _ => None,
        })
        .expect("the quarters announced");
    let id = rs().space(to).id.clone();
    assert!(["AUGSBURG", "MAINZ"].contains(&id.as_str()), "{id}");
    assert_eq!(land(&g, "WORMS", EMPIRE), 0);
    assert!(has(&ev, |k| matches!(
        k,
        EventKind::WinterQuarters { from, to: t, .. } if *from == s("WORMS") && *t == to
    )));
}

// X-INACTIVE-ANSWERS: in Winter its excess units in a fortress go to its capital, mercenaries
// first, announced.
#[test]
fn x_inactive_answers_winter_excess_mercenaries_first() {
    let mut g = four_at_war(7, Power::Empire);
    g.board
        .set_relation(Power::Spain, Power::Empire, Relation::Peace);
    put(&mut g, "MAINZ", EMPIRE, 4, 2, 0);
    let ev = to_winter(&mut g);
    assert!(
        answers(&ev, Power::Empire)
            .iter()
            .any(|a| matches!(a, RuleAnswer::WinterExcess { space, .. } if *space == s("MAINZ"))),
        "{:?}",
        answers(&ev, Power::Empire)
    );
    let mainz: Vec<_> = g
        .board
        .at(s("MAINZ"))
        .forces
        .iter()
        .filter(|f| f.owner() == EMPIRE)
        .collect();
    let left: u32 = mainz.iter().map(|f| f.land()).sum();
    let mercs: u32 = mainz.iter().map(|f| u32::from(f.mercenaries)).sum();
    assert!(left < 6, "the excess left Mainz");
    assert_eq!(mercs, 0, "mercenaries went first");
}

// X-INACTIVE-ANSWERS: in Winter an inactive major's fleet at sea with several equally near
// ports goes to the first in data order, announced; it is never asked (Spain, in play, is).
#[test]
fn x_inactive_answers_winter_port_first_in_data_order() {
    let mut found = false;
    for z in rs().sea_zones.iter().map(|z| z.id.clone()) {
        let mut g = four_at_war(8, Power::Ottoman);
        g.board
            .set_relation(Power::Spain, Power::Ottoman, Relation::Peace);
        for sp in &mut g.board.spaces {
            sp.forces.retain(|f| f.ships() == 0);
        }
        ships(&mut g, &z, OTTOMAN, 1, 0);
        let ev = to_winter(&mut g);
        let got = answers(&ev, Power::Ottoman)
            .into_iter()
            .find_map(|a| match a {
                RuleAnswer::WinterPort { zone, to } if zone == z => Some(to),
                _ => None,
            });
        if let Some(to) = got {
            assert!(has(&ev, |k| matches!(
                k,
                EventKind::WinterPort { owner: OTTOMAN, to: t, .. } if *t == to
            )));
            found = true;
            break;
        }
    }
    assert!(found, "some sea zone has two equally near Ottoman ports");
}

// X-INACTIVE-ANSWERS (R-FW-DEPLOY): a foreign-war card that strikes an inactive major is refused
// as an event, with the rule, the state unchanged: no units are asked of anyone.
#[test]
fn x_inactive_answers_foreign_war_on_an_inactive_major_is_refused() {
    let mut g = four_at_war(9, Power::Empire);
    let war = rs()
        .cards
        .iter()
        .find(|c| c.war.as_ref().is_some_and(|w| !g.powers.contains(w.power)))
        .expect("a foreign-war card striking an unseated major")
        .number;
    g.hands[Power::Spain as usize] = vec![war];
    g.stage = Stage::Impulse {
        power: Power::Spain,
        passes: 0,
    };
    let msg = refused(
        &mut g,
        Power::Spain,
        Action::Play {
            card: war,
            mode: vqbot::engine::CardMode::Event,
        },
    );
    assert!(msg.contains("not in play") || msg.contains("R-FW"), "{msg}");
}

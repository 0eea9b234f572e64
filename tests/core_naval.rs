//! Naval warfare (core-rules.md "Naval"): each rule proven by a test named by its ID. Every
//! decision (which ships sink, where a beaten fleet goes) is the owning power's; outcomes that
//! depend on dice are found by trying seeds of the game's generator.

use crate::land_support;

use land_support::*;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use vqbot::engine::action::NavalLeg;
use vqbot::engine::naval::{loss_options, Place};
use vqbot::engine::power::Relation;
use vqbot::engine::steps::Standing;
use vqbot::engine::{Action, Awaiting, Decision, Event, EventKind, Game, Owner, Power, Stage};

const OTTOMAN: Owner = Owner::Major(Power::Ottoman);

fn place(id: &str) -> Place {
    Game::resolve_place(rs(), id).expect("a place")
}

/// Puts ships (and naval leaders) of `owner` at a port or sea zone.
fn ships(g: &mut Game, at: &str, owner: Owner, squadrons: u8, corsairs: u8, leaders: &[&str]) {
    let pl = place(at);
    let f = g.board.force_at_mut(&pl, owner, None);
    f.squadrons += squadrons;
    f.corsairs += corsairs;
    for l in leaders {
        f.leaders.push(l.to_string());
    }
    for l in leaders {
        g.off_map.retain(|x| x != l);
    }
}

/// (squadrons, corsairs) of `owner` at a place.
fn fleet(g: &Game, at: &str, owner: Owner) -> (u32, u32) {
    g.board
        .forces_at(&place(at))
        .iter()
        .filter(|f| f.owner() == owner)
        .fold((0, 0), |a, f| {
            (a.0 + f.squadrons as u32, a.1 + f.corsairs as u32)
        })
}

/// Squadrons of `owner` anywhere (ports and sea).
fn all_squadrons(g: &Game, owner: Owner) -> u32 {
    let ports: u32 = g
        .board
        .spaces
        .iter()
        .flat_map(|s| s.forces.iter())
        .filter(|f| f.owner() == owner)
        .map(|f| f.squadrons as u32)
        .sum();
    let sea: u32 = g
        .board
        .seas
        .values()
        .flatten()
        .filter(|f| f.owner() == owner)
        .map(|f| f.squadrons as u32)
        .sum();
    ports + sea
}

fn sail(from: &str, to: &str) -> Action {
    Action::NavalMove {
        legs: vec![NavalLeg {
            from: from.into(),
            to: to.into(),
        }],
    }
}

fn cp_left(g: &Game) -> Option<u8> {
    match g.stage {
        Stage::Cp { cp, .. } => Some(cp),
        _ => None,
    }
}

/// Spain at war with France and the Ottoman, Spain spending 6 CP; the defenders have the
/// standing answer "never avoid battle" (the avoid test clears it).
fn sea_arena(seed: u64) -> Game {
    let mut g = arena(&[Power::Spain, Power::France, Power::Ottoman], seed, 6);
    g.board
        .set_relation(Power::Spain, Power::Ottoman, Relation::War);
    for p in [Power::Ottoman, Power::France] {
        ok(
            &mut g,
            p,
            Action::SetStanding {
                standing: Standing::NeverAvoid,
                on: true,
            },
        );
    }
    g
}

fn naval_roll(ev: &[Event]) -> Option<(usize, usize, u32, u32, bool)> {
    ev.iter().find_map(|e| match &e.kind {
        EventKind::NavalBattleRolled {
            attacker_dice,
            defender_dice,
            attacker_hits,
            defender_hits,
            attacker_wins,
            ..
        } => Some((
            attacker_dice.len(),
            defender_dice.len(),
            *attacker_hits,
            *defender_hits,
            *attacker_wins,
        )),
        _ => None,
    })
}

/// Tries seeds until `f` accepts the outcome of `run`; returns that game and its events.
fn find(
    base: &Game,
    mut run: impl FnMut(&mut Game) -> Vec<Event>,
    f: impl Fn(&Game, &[Event]) -> bool,
) -> (Game, Vec<Event>) {
    for seed in 0..3000 {
        let mut g = base.clone();
        g.rng = ChaCha8Rng::seed_from_u64(seed);
        let ev = run(&mut g);
        if f(&g, &ev) {
            return (g, ev);
        }
    }
    panic!("no seed gives the wanted outcome");
}

// C-NAVAL-MOVE: a squadron goes Marseille → Gulf of Lyon → Barbary Coast in two naval moves of
// 1 CP each (`naval_move` in costs.csv); a two-zone jump, a second step of the same stack in one
// move, an enemy port without ships and a stack that is not there are refused.
#[test]
fn c_naval_move_marseille_to_barbary_coast_takes_two_moves() {
    let mut g = sea_arena(1);
    g.board.set_control(rs(), sp("MARSEILLE"), SPAIN);
    ships(&mut g, "MARSEILLE", SPAIN, 1, 0, &["DORIA"]);
    let msg = refused(&mut g, Power::Spain, sail("MARSEILLE", "BARBARY_COAST"));
    assert!(msg.contains("not one naval step"), "{msg}");
    assert!(msg.contains("Gulf of Lyon"), "{msg}");
    let msg = refused(&mut g, Power::Spain, sail("VALENCIA", "GULF_OF_LYON"));
    assert!(msg.contains("no squadrons or corsairs"), "{msg}");
    ok(&mut g, Power::Spain, sail("MARSEILLE", "GULF_OF_LYON"));
    assert_eq!(cp_left(&g), Some(5));
    assert_eq!(fleet(&g, "GULF_OF_LYON", SPAIN), (1, 0));
    assert_eq!(fleet(&g, "MARSEILLE", SPAIN), (0, 0));
    // The naval leader went with the ships.
    assert!(g.board.seas["GULF_OF_LYON"][0]
        .leaders
        .contains(&"DORIA".to_string()));
    let twice = Action::NavalMove {
        legs: vec![
            NavalLeg {
                from: "GULF_OF_LYON".into(),
                to: "BARBARY_COAST".into(),
            },
            NavalLeg {
                from: "GULF_OF_LYON".into(),
                to: "TYRRHENIAN_SEA".into(),
            },
        ],
    };
    refused(&mut g, Power::Spain, twice);
    // A French port with no French ships in it is not entered.
    let msg = refused(&mut g, Power::Spain, sail("GULF_OF_LYON", "NICE"));
    assert!(msg.contains("not a port of yours"), "{msg}");
    ok(&mut g, Power::Spain, sail("GULF_OF_LYON", "BARBARY_COAST"));
    assert_eq!(cp_left(&g), Some(4));
    assert_eq!(fleet(&g, "BARBARY_COAST", SPAIN), (1, 0));
    assert!(!g.board.seas.contains_key("GULF_OF_LYON"));
}

// C-NAVAL-COMBAT: 2 squadrons attacking 3 corsairs at sea roll 4 dice against 3 (no port bonus);
// a naval leader adds its battle rating; a defender in its own port rolls one die more.
#[test]
fn c_naval_combat_dice_two_per_squadron_one_per_corsair() {
    let mut g = sea_arena(3);
    ships(&mut g, "NAPLES", SPAIN, 2, 0, &[]);
    ships(&mut g, "TYRRHENIAN_SEA", OTTOMAN, 0, 3, &[]);
    let mut ev = ok(&mut g, Power::Spain, sail("NAPLES", "TYRRHENIAN_SEA"));
    let (a, d, ..) = naval_roll(&ev).expect("a naval battle");
    assert_eq!((a, d), (4, 3));
    answer(&mut g, &mut ev, first);
    // With Doria (battle 1): 5 dice. Into an Ottoman port holding a squadron: 2 + 1 dice.
    let mut g = sea_arena(3);
    ships(&mut g, "NAPLES", SPAIN, 2, 0, &["DORIA"]);
    ships(&mut g, "TYRRHENIAN_SEA", OTTOMAN, 0, 3, &[]);
    let ev = ok(&mut g, Power::Spain, sail("NAPLES", "TYRRHENIAN_SEA"));
    assert_eq!(naval_roll(&ev).map(|x| x.0), Some(5));
    let mut g = sea_arena(3);
    ships(&mut g, "BARBARY_COAST", SPAIN, 1, 0, &[]);
    ships(&mut g, "ALGIERS", OTTOMAN, 1, 0, &[]);
    let ev = ok(&mut g, Power::Spain, sail("BARBARY_COAST", "ALGIERS"));
    let (a, d, ..) = naval_roll(&ev).expect("a port battle");
    assert_eq!((a, d), (2, 3));
}

// C-NAVAL-COMBAT: 3 hits on 2 squadrons sink exactly one (a squadron takes 2 hits); the only
// possible split is applied without asking.
#[test]
fn c_naval_combat_three_hits_on_two_squadrons_sink_one() {
    assert_eq!(loss_options((2, 0), 3), vec![(1, 0)]);
    assert_eq!(loss_options((2, 0), 1), vec![(0, 0)]);
    assert_eq!(loss_options((1, 2), 2), vec![(0, 2), (1, 0)]);
    let mut base = sea_arena(0);
    ships(&mut base, "NAPLES", SPAIN, 2, 0, &[]);
    ships(&mut base, "TYRRHENIAN_SEA", OTTOMAN, 0, 3, &[]);
    let (g, _) = find(
        &base,
        |g| {
            let mut ev = ok(g, Power::Spain, sail("NAPLES", "TYRRHENIAN_SEA"));
            answer(g, &mut ev, first);
            ev
        },
        |_, ev| naval_roll(ev).is_some_and(|r| r.3 == 3),
    );
    assert_eq!(all_squadrons(&g, SPAIN), 1);
}

// C-NAVAL-COMBAT: the owner assigns hits when there is a choice (squadrons and corsairs): the
// Ottoman is asked; a split that wastes a usable hit is refused; its answer is applied.
#[test]
fn c_naval_combat_owner_assigns_hits() {
    let mut base = sea_arena(0);
    ships(&mut base, "NAPLES", SPAIN, 2, 0, &[]);
    ships(&mut base, "TYRRHENIAN_SEA", OTTOMAN, 1, 2, &[]);
    let (mut g, _) = find(
        &base,
        |g| ok(g, Power::Spain, sail("NAPLES", "TYRRHENIAN_SEA")),
        |g, ev| {
            naval_roll(ev).is_some_and(|r| r.2 == 2)
                && asked(g) == Some((Power::Ottoman, Decision::NavalCasualties))
        },
    );
    let wasteful = Action::SinkShips {
        squadrons: 0,
        corsairs: 1,
    };
    let msg = refused(&mut g, Power::Ottoman, wasteful);
    assert!(msg.contains("2 hits a squadron"), "{msg}");
    let mut ev = ok(
        &mut g,
        Power::Ottoman,
        Action::SinkShips {
            squadrons: 0,
            corsairs: 2,
        },
    );
    assert!(has(&ev, |k| matches!(
        k,
        EventKind::ShipsSunk {
            owner: OTTOMAN,
            squadrons: 0,
            corsairs: 2,
            ..
        }
    )));
    answer(&mut g, &mut ev, first);
}

// C-NAVAL-COMBAT: ties go to the defender: with equal hits the attacker loses and retreats.
#[test]
fn c_naval_combat_ties_to_defender() {
    let mut base = sea_arena(0);
    ships(&mut base, "NAPLES", SPAIN, 3, 0, &[]);
    ships(&mut base, "TYRRHENIAN_SEA", OTTOMAN, 3, 0, &[]);
    let (g, ev) = find(
        &base,
        |g| {
            let mut ev = ok(g, Power::Spain, sail("NAPLES", "TYRRHENIAN_SEA"));
            answer(g, &mut ev, first);
            ev
        },
        |_, ev| naval_roll(ev).is_some_and(|r| r.2 == r.3 && r.2 == 1),
    );
    assert_eq!(naval_roll(&ev).map(|r| r.4), Some(false));
    // The beaten attacker left the zone; the defender holds it.
    assert_eq!(fleet(&g, "TYRRHENIAN_SEA", SPAIN), (0, 0));
    assert!(fleet(&g, "TYRRHENIAN_SEA", OTTOMAN).0 > 0);
    assert!(has(&ev, |k| matches!(
        k,
        EventKind::NavalRetreated { owner: SPAIN, .. }
    )));
}

// C-NAVAL-COMBAT: the beaten fleet at sea retreats where its owner chooses, among friendly ports on
// the zone and adjacent zones without enemy ships; other places are refused.
#[test]
fn c_naval_combat_loser_chooses_retreat() {
    let mut base = sea_arena(0);
    ships(&mut base, "NAPLES", SPAIN, 1, 0, &[]);
    ships(&mut base, "TYRRHENIAN_SEA", OTTOMAN, 3, 0, &[]);
    let (mut g, _) = find(
        &base,
        |g| {
            let mut ev = ok(g, Power::Spain, sail("NAPLES", "TYRRHENIAN_SEA"));
            // Let every ships question be answered, stop at the retreat.
            while let Some((p, Decision::NavalCasualties)) = asked(g) {
                let a = first(g, p, Decision::NavalCasualties);
                ev.extend(ok(g, p, a));
            }
            ev
        },
        |g, _| asked(g) == Some((Power::Spain, Decision::NavalRetreat)),
    );
    let Some(vqbot::engine::steps::Step::NavalRetreat(vqbot::engine::naval::NavalRetreat {
        to,
        ..
    })) = g.steps.last().cloned()
    else {
        panic!("a naval retreat is asked");
    };
    assert!(to.contains(&"NAPLES".to_string()), "{to:?}");
    assert!(to.contains(&"GULF_OF_LYON".to_string()), "{to:?}");
    assert!(
        !to.contains(&"ROME".to_string()),
        "Rome is Papal, not Spanish: {to:?}"
    );
    let msg = refused(
        &mut g,
        Power::Spain,
        Action::NavalRetreat {
            to: "ADRIATIC_SEA".into(),
        },
    );
    assert!(msg.contains("cannot retreat"), "{msg}");
    refused(&mut g, Power::Spain, Action::Forgo);
    ok(
        &mut g,
        Power::Spain,
        Action::NavalRetreat {
            to: "GULF_OF_LYON".into(),
        },
    );
    assert_eq!(fleet(&g, "GULF_OF_LYON", SPAIN), (1, 0));
    assert_eq!(fleet(&g, "TYRRHENIAN_SEA", SPAIN), (0, 0));
}

// C-NAVAL-COMBAT: in a port battle the attacker always withdraws to the sea it came from, win or
// lose; the defender stays in its port.
#[test]
fn c_naval_combat_port_attacker_withdraws() {
    let mut g = sea_arena(5);
    ships(&mut g, "BARBARY_COAST", SPAIN, 4, 0, &[]);
    ships(&mut g, "ALGIERS", OTTOMAN, 1, 0, &[]);
    let mut ev = ok(&mut g, Power::Spain, sail("BARBARY_COAST", "ALGIERS"));
    answer(&mut g, &mut ev, first);
    assert!(naval_roll(&ev).is_some());
    assert_eq!(fleet(&g, "ALGIERS", SPAIN), (0, 0));
    assert!(all_squadrons(&g, SPAIN) == fleet(&g, "BARBARY_COAST", SPAIN).0);
}

// C-NAVAL-TRANSPORT: a formation of at most 5 land units crosses from port to port through zones
// holding the power's ships, 1 CP per step; 6 units, or a zone without own ships, are refused.
#[test]
fn c_naval_transport_five_units_through_own_zones() {
    let mut g = sea_arena(1);
    put(&mut g, "BARCELONA", SPAIN, 6, 0, 0);
    lead(&mut g, "BARCELONA", SPAIN, "ALBA");
    ships(&mut g, "GULF_OF_LYON", SPAIN, 1, 0, &[]);
    let cross = |n: u8| Action::NavalTransport {
        from: "BARCELONA".into(),
        to: "NAPLES".into(),
        units: regs(n, &["ALBA"]),
    };
    // Naples lies on the Tyrrhenian Sea: no Spanish ships there yet.
    let msg = refused(&mut g, Power::Spain, cross(5));
    assert!(msg.contains("no chain of sea zones"), "{msg}");
    ships(&mut g, "TYRRHENIAN_SEA", SPAIN, 1, 0, &[]);
    let msg = refused(&mut g, Power::Spain, cross(6));
    assert!(msg.contains("at most 5"), "{msg}");
    let ev = ok(&mut g, Power::Spain, cross(5));
    assert!(has(&ev, |k| matches!(k, EventKind::Transported { .. })));
    // Barcelona → Gulf of Lyon → Tyrrhenian Sea → Naples: 3 steps.
    assert_eq!(cp_left(&g), Some(3));
    assert_eq!(land(&g, "NAPLES", SPAIN), 5);
    assert_eq!(land(&g, "BARCELONA", SPAIN), 1);
    // An enemy port is no destination.
    put(&mut g, "NAPLES", SPAIN, 0, 0, 0);
    let back = Action::NavalTransport {
        from: "NAPLES".into(),
        to: "MARSEILLE".into(),
        units: regs(1, &[]),
    };
    let msg = refused(&mut g, Power::Spain, back);
    assert!(msg.contains("not a port of yours"), "{msg}");
}

// C-NAVAL-WINTER: in Winter every naval unit at sea returns to the nearest port its power
// controls; ports stay as they are.
#[test]
fn c_naval_winter_fleets_return_to_nearest_friendly_port() {
    let mut g = arena(&[Power::Spain, Power::France], 1, 0);
    ships(&mut g, "TYRRHENIAN_SEA", SPAIN, 2, 0, &["DORIA"]);
    ships(&mut g, "NORTH_SEA", FRANCE, 1, 0, &[]);
    for h in &mut g.hands {
        h.clear();
    }
    g.stage = Stage::Impulse {
        power: Power::Spain,
        passes: 0,
    };
    let mut ev = Vec::new();
    for _ in 0..20 {
        if g.turn != 1 {
            break;
        }
        match g.awaiting() {
            Awaiting::One { power, decision } => {
                let a = match decision {
                    Decision::Impulse => Action::Pass,
                    _ => g.legal_actions(rs(), power)[0].clone(),
                };
                ev.extend(ok(&mut g, power, a));
            }
            other => panic!("unexpected {other:?}"),
        }
    }
    assert_eq!(g.turn, 2, "the turn ended");
    assert!(
        g.board.seas.is_empty(),
        "nobody is at sea: {:?}",
        g.board.seas
    );
    // A Spanish port on the Tyrrhenian Sea (Rome is Papal); among equally near ones Spain was
    // asked and the loop took the first answer offered (data order).
    let spanish = ["CAGLIARI", "MESSINA", "NAPLES", "PALERMO"];
    let at = spanish
        .iter()
        .find(|p| fleet(&g, p, SPAIN) == (2, 0))
        .expect("the Spanish fleet is in a Tyrrhenian port");
    assert!(g
        .board
        .at(sp(at))
        .forces
        .iter()
        .any(|f| f.leaders.contains(&"DORIA".to_string())));
    let first = rs()
        .ports_on("TYRRHENIAN_SEA")
        .into_iter()
        .find(|s| spanish.contains(&rs().space(*s).id.as_str()));
    assert_eq!(first, Some(sp(at)));
    // France holds Calais (1559 setup), its port on the North Sea.
    assert!(g.board.controls(rs(), Power::France, sp("CALAIS")));
    assert_eq!(fleet(&g, "CALAIS", FRANCE), (1, 0));
    assert!(has(&ev, |k| matches!(k, EventKind::WinterPort { .. })));
}

// C-ASSAULT-PREREQ (sea part): enemy ships in a sea zone by a besieged port forbid the assault.
#[test]
fn c_assault_prereq_enemy_squadron_in_adjacent_sea() {
    let mut g = sea_arena(1);
    put(&mut g, "MARSEILLE", SPAIN, 4, 0, 0);
    g.board.spaces[sp("MARSEILLE").idx()].besieged_by = Some(Power::Spain);
    ships(&mut g, "GULF_OF_LYON", FRANCE, 1, 0, &[]);
    let msg = refused(
        &mut g,
        Power::Spain,
        Action::Assault {
            space: "MARSEILLE".into(),
        },
    );
    assert!(msg.contains("enemy ships in Gulf of Lyon"), "{msg}");
}

// Sea zones are places: `adjust` puts ships and naval leaders at sea, and refuses land units at
// sea and squadrons in an inland space.
#[test]
fn adjust_puts_ships_in_a_sea_zone() {
    use vqbot::engine::action::Adjustment;
    let mut g = sea_arena(1);
    let units = |space: &str, r: u8, s: u8| {
        Action::Adjust(Adjustment::Units {
            space: space.into(),
            owner: SPAIN,
            faction: None,
            regulars: r,
            mercenaries: 0,
            cavalry: 0,
            squadrons: s,
            corsairs: 0,
        })
    };
    ok(&mut g, Power::Spain, units("English Channel", 0, 2));
    assert_eq!(fleet(&g, "ENGLISH_CHANNEL", SPAIN), (2, 0));
    let msg = refused(&mut g, Power::Spain, units("ENGLISH_CHANNEL", 1, 2));
    assert!(msg.contains("sea zone"), "{msg}");
    let msg = refused(&mut g, Power::Spain, units("ZARAGOZA", 0, 1));
    assert!(msg.to_lowercase().contains("port"), "{msg}");
    ok(
        &mut g,
        Power::Spain,
        Action::Adjust(Adjustment::Leader {
            leader: "DORIA".into(),
            space: Some("ENGLISH_CHANNEL".into()),
        }),
    );
    assert!(g.board.seas["ENGLISH_CHANNEL"][0]
        .leaders
        .contains(&"DORIA".to_string()));
    refused(
        &mut g,
        Power::Spain,
        Action::Adjust(Adjustment::Leader {
            leader: "ALBA".into(),
            space: Some("ENGLISH_CHANNEL".into()),
        }),
    );
    ok(&mut g, Power::Spain, units("ENGLISH_CHANNEL", 0, 0));
    ok(
        &mut g,
        Power::Spain,
        Action::Adjust(Adjustment::Leader {
            leader: "DORIA".into(),
            space: None,
        }),
    );
    assert!(g.board.seas.is_empty());
}

// The bug of issue 15: a squadron (and its naval leader) never retreats with the army into an
// inland space; it stays in the port.
#[test]
fn squadron_and_admiral_stay_in_port_when_the_army_retreats_inland() {
    let mut base = arena(&[Power::Spain, Power::France], 0, 6);
    put(&mut base, "BARCELONA", SPAIN, 3, 0, 0);
    ships(&mut base, "BARCELONA", SPAIN, 1, 0, &["DORIA"]);
    put(&mut base, "TOULOUSE", FRANCE, 4, 0, 0);
    base.stage = Stage::Cp {
        power: Power::France,
        cp: 6,
    };
    let (g, _) = find(
        &base,
        |g| {
            let mut ev = ok(g, Power::France, mv("TOULOUSE", "BARCELONA", 4, &[]));
            answer(g, &mut ev, |g, p, d| {
                // Spain fights in the field and retreats inland when beaten.
                let legal = g.legal_actions(rs(), p);
                if d == Decision::WithdrawInside {
                    return Action::Forgo;
                }
                legal
                    .iter()
                    .find(|a| matches!(a, Action::Retreat { to: Some(t), .. } if t == "ZARAGOZA"))
                    .cloned()
                    .unwrap_or_else(|| legal[0].clone())
            });
            ev
        },
        |g, ev| {
            has(
                ev,
                |k| matches!(k, EventKind::Retreated { owner: SPAIN, to, .. } if *to == sp("ZARAGOZA")),
            ) && land(g, "ZARAGOZA", SPAIN) > 0
        },
    );
    let inland = g.board.at(sp("ZARAGOZA"));
    assert!(inland
        .forces
        .iter()
        .all(|f| f.squadrons == 0 && !f.leaders.contains(&"DORIA".to_string())));
    assert_eq!(fleet(&g, "BARCELONA", SPAIN), (1, 0));
}

// Data: the sea-zone adjacency (from Here I Stand) is symmetric and every port's zone exists.
#[test]
fn sea_zone_adjacency_is_symmetric_and_ports_name_real_zones() {
    let rs = rs();
    for z in &rs.sea_zones {
        for y in &z.adjacent {
            let other = rs.sea(y).expect("neighbour exists");
            assert!(other.adjacent.contains(&z.id), "{} – {}", z.id, y);
        }
        assert!(!rs.ports_on(&z.id).is_empty(), "{} has no port", z.id);
    }
    for s in rs.space_ids() {
        for z in &rs.space(s).ports {
            assert!(
                rs.sea(z).is_some(),
                "{} borders unknown {z}",
                rs.space(s).id
            );
            assert!(rs.ports_on(z).contains(&s));
        }
    }
}

// The table grammar for naval actions, in English and Russian, down to the engine's actions;
// the log writes each action back as the English command line.
#[test]
fn naval_commands_in_english_and_russian() {
    use vqbot::table::command::parse;
    use vqbot::table::convert::{action_line, to_action};
    let g = sea_arena(1);
    let act = |line: &str| -> Action {
        let cmd = parse(line).unwrap_or_else(|e| panic!("{line}: {e:?}"));
        to_action(rs(), &g, Power::Spain, &cmd)
            .expect("a game action")
            .unwrap_or_else(|e| panic!("{line}: {e:?}"))
    };
    let sail_en = act("sail from:barcelona to:gulf of lyon");
    assert_eq!(sail_en, sail("BARCELONA", "GULF_OF_LYON"));
    assert_eq!(act("плыть откуда:барселона куда:лионский залив"), sail_en);
    assert!(action_line(&sail_en, Power::Spain, true)
        .is_some_and(|l| l.starts_with("sail from:BARCELONA to:GULF_OF_LYON")));
    let tr = act("transport from:barcelona to:naples units:4r alba");
    assert_eq!(
        tr,
        Action::NavalTransport {
            from: "BARCELONA".into(),
            to: "NAPLES".into(),
            units: regs(4, &["ALBA"]),
        }
    );
    assert_eq!(
        act("перевезти откуда:барселона куда:неаполь войска:4r alba"),
        tr
    );
    let sink = Action::SinkShips {
        squadrons: 1,
        corsairs: 2,
    };
    assert_eq!(act("ships squadrons:1 corsairs:2"), sink);
    assert_eq!(act("корабли эскадры:1 корсары:2"), sink);
    let haven = Action::NavalRetreat {
        to: "TYRRHENIAN_SEA".into(),
    };
    assert_eq!(act("haven to:tyrrhenian sea"), haven);
    assert_eq!(act("гавань куда:тирренское море"), haven);
    let engage = Action::NavalIntercept {
        from: "BARBARY_COAST".into(),
    };
    assert_eq!(act("engage from:barbary coast"), engage);
    assert_eq!(act("напасть откуда:берберийский берег"), engage);
    let evade = Action::NavalAvoid {
        to: "GULF_OF_LYON".into(),
    };
    assert_eq!(act("evade to:gulf of lyon"), evade);
    assert_eq!(act("ускользнуть куда:лионский залив"), evade);
    // Adjust names sea zones too (it said "unknown space" before).
    let adj = act("adjust what:units space:english channel owner:spain squadrons:2");
    assert!(matches!(
        adj,
        Action::Adjust(vqbot::engine::action::Adjustment::Units { ref space, squadrons: 2, .. })
            if space == "ENGLISH_CHANNEL"
    ));
}

// Views: fleets at sea are in the state JSON (`board.seas`) and in `vq status`'s "at sea" line,
// in English and Russian; a state with nobody at sea serializes without the field.
#[test]
fn fleets_at_sea_are_shown() {
    use vqbot::table::messages::{Locale, Texts};
    let mut g = sea_arena(1);
    let empty = serde_json::to_string(&g).expect("json");
    assert!(
        !empty.contains("\"seas\""),
        "no seas field when nobody is at sea"
    );
    assert!(
        !empty.contains("\"corsairs\""),
        "no corsairs field when there are none"
    );
    assert_eq!(Texts::new(rs(), Locale::En).at_sea(&g.board), None);
    ships(&mut g, "GULF_OF_LYON", SPAIN, 2, 0, &["DORIA"]);
    ships(&mut g, "BARBARY_COAST", OTTOMAN, 0, 3, &[]);
    let json = serde_json::to_value(&g).expect("json");
    assert_eq!(json["board"]["seas"]["GULF_OF_LYON"][0]["squadrons"], 2);
    assert_eq!(json["board"]["seas"]["BARBARY_COAST"][0]["corsairs"], 3);
    let view = g.view(rs(), vqbot::engine::Viewer::Observer);
    assert_eq!(view.board.seas, g.board.seas);
    let en = Texts::new(rs(), Locale::En)
        .at_sea(&g.board)
        .expect("a line");
    assert!(
        en.contains("Gulf of Lyon — Spain 2 squadrons Gian Andrea Doria"),
        "{en}"
    );
    assert!(en.contains("Barbary Coast — Ottoman"), "{en}");
    let ru = Texts::new(rs(), Locale::Ru)
        .at_sea(&g.board)
        .expect("a line");
    assert!(
        ru.contains("Лионский залив") && ru.contains("3 корсара"),
        "{ru}"
    );
}

fn intercept_roll(ev: &[Event]) -> Option<bool> {
    ev.iter().find_map(|e| match &e.kind {
        EventKind::NavalInterceptRoll { success, .. } => Some(*success),
        _ => None,
    })
}

// C-NAVAL-INT: ships entering a sea zone may be intercepted by enemy ships in an adjacent zone or
// in a port on it: 2d6 + naval leader ≥ 9; success brings a naval battle in the entered zone,
// failure none. The offer is the enemy's decision; another place is refused; declining is allowed.
#[test]
fn c_naval_int_roll_nine_brings_a_battle_in_the_entered_zone() {
    let mut base = sea_arena(0);
    ships(&mut base, "NAPLES", SPAIN, 1, 0, &[]);
    ships(&mut base, "BARBARY_COAST", OTTOMAN, 2, 0, &[]);
    let mut g = base.clone();
    ok(&mut g, Power::Spain, sail("NAPLES", "TYRRHENIAN_SEA"));
    assert_eq!(asked(&g), Some((Power::Ottoman, Decision::NavalIntercept)));
    let msg = refused(
        &mut g,
        Power::Ottoman,
        Action::NavalIntercept {
            from: "AEGEAN_SEA".into(),
        },
    );
    assert!(msg.contains("intercept from one of"), "{msg}");
    let ev = ok(&mut g, Power::Ottoman, Action::Forgo);
    assert!(naval_roll(&ev).is_none());
    assert_eq!(fleet(&g, "BARBARY_COAST", OTTOMAN), (2, 0));
    // The interceptor is not then offered to avoid the battle it sought (even without a
    // standing answer): the battle is rolled at once.
    ok(
        &mut base,
        Power::Ottoman,
        Action::SetStanding {
            standing: Standing::NeverAvoid,
            on: false,
        },
    );
    let engage = |g: &mut Game| {
        ok(g, Power::Spain, sail("NAPLES", "TYRRHENIAN_SEA"));
        let ev = ok(
            g,
            Power::Ottoman,
            Action::NavalIntercept {
                from: "BARBARY_COAST".into(),
            },
        );
        answer(g, &mut Vec::new(), first);
        ev
    };
    let (_, ev) = find(&base, engage, |_, ev| intercept_roll(ev) == Some(true));
    assert!(ev.iter().any(|e| matches!(
        &e.kind,
        EventKind::NavalBattleRolled { place, .. } if place == "TYRRHENIAN_SEA"
    )));
    let (g, ev) = find(&base, engage, |_, ev| intercept_roll(ev) == Some(false));
    assert!(naval_roll(&ev).is_none());
    assert_eq!(fleet(&g, "BARBARY_COAST", OTTOMAN), (2, 0));
    assert_eq!(fleet(&g, "TYRRHENIAN_SEA", SPAIN), (1, 0));
}

// C-NAVAL-INT: no interception into a port, nor from a place where the mover has ships too.
#[test]
fn c_naval_int_not_into_a_port_nor_where_the_mover_sits() {
    let mut g = sea_arena(0);
    ships(&mut g, "TYRRHENIAN_SEA", SPAIN, 1, 0, &[]);
    ships(&mut g, "BARBARY_COAST", OTTOMAN, 2, 0, &[]);
    ok(&mut g, Power::Spain, sail("TYRRHENIAN_SEA", "NAPLES"));
    assert_eq!(asked(&g), Some((Power::Spain, Decision::SpendCp)));
    let mut g = sea_arena(0);
    ships(&mut g, "NAPLES", SPAIN, 1, 0, &[]);
    ships(&mut g, "BARBARY_COAST", SPAIN, 1, 0, &[]);
    ships(&mut g, "BARBARY_COAST", OTTOMAN, 2, 0, &[]);
    ok(&mut g, Power::Spain, sail("NAPLES", "TYRRHENIAN_SEA"));
    assert_eq!(asked(&g), Some((Power::Spain, Decision::SpendCp)));
}

fn avoid_roll(ev: &[Event]) -> Option<bool> {
    ev.iter().find_map(|e| match &e.kind {
        EventKind::NavalAvoidRoll { success, .. } => Some(*success),
        _ => None,
    })
}

// C-NAVAL-INT (avoiding battle): ships in a sea zone about to be attacked may slip away with the
// same 2d6 roll to an adjacent friendly port or a zone free of enemies (not where the attacker
// came from); success: no battle; failure: the battle is fought. Not offered in a port.
#[test]
fn c_naval_int_avoid_battle_at_sea() {
    let mut base = sea_arena(0);
    ok(
        &mut base,
        Power::Ottoman,
        Action::SetStanding {
            standing: Standing::NeverAvoid,
            on: false,
        },
    );
    ships(&mut base, "NAPLES", SPAIN, 2, 0, &[]);
    ships(&mut base, "TYRRHENIAN_SEA", OTTOMAN, 1, 0, &[]);
    let mut g = base.clone();
    ok(&mut g, Power::Spain, sail("NAPLES", "TYRRHENIAN_SEA"));
    assert_eq!(asked(&g), Some((Power::Ottoman, Decision::NavalAvoid)));
    let legal = g.legal_actions(rs(), Power::Ottoman);
    assert!(legal.contains(&Action::NavalAvoid {
        to: "GULF_OF_LYON".into()
    }));
    assert!(!legal.contains(&Action::NavalAvoid {
        to: "NAPLES".into()
    }));
    refused(
        &mut g,
        Power::Ottoman,
        Action::NavalAvoid {
            to: "NAPLES".into(),
        },
    );
    let evade = |g: &mut Game| {
        ok(g, Power::Spain, sail("NAPLES", "TYRRHENIAN_SEA"));
        let mut ev = ok(
            g,
            Power::Ottoman,
            Action::NavalAvoid {
                to: "GULF_OF_LYON".into(),
            },
        );
        answer(g, &mut ev, first);
        ev
    };
    let (g, ev) = find(&base, evade, |_, ev| avoid_roll(ev) == Some(true));
    assert!(naval_roll(&ev).is_none());
    assert_eq!(fleet(&g, "GULF_OF_LYON", OTTOMAN), (1, 0));
    let (_, ev) = find(&base, evade, |_, ev| avoid_roll(ev) == Some(false));
    assert!(naval_roll(&ev).is_some());
    // A port battle offers no avoiding.
    let mut g = sea_arena(0);
    ok(
        &mut g,
        Power::Ottoman,
        Action::SetStanding {
            standing: Standing::NeverAvoid,
            on: false,
        },
    );
    ships(&mut g, "BARBARY_COAST", SPAIN, 1, 0, &[]);
    ships(&mut g, "ALGIERS", OTTOMAN, 1, 0, &[]);
    let ev = ok(&mut g, Power::Spain, sail("BARBARY_COAST", "ALGIERS"));
    assert!(naval_roll(&ev).is_some());
}

// The scripted naval example runs through: a fleet sails, an interception is declined, a
// formation crosses by sea, a naval battle is fought and the beaten fleet retreats, corsairs are
// built and pirate (Spain pays a card, named only to the two players), and in Winter Spain
// chooses its fleets' ports while the Ottoman fleet goes to its only nearest port. `vq status`
// after each naval step shows the fleets where they are; the stored game is replayed and the map
// after every action draws one counter per fleet at sea, in that zone, and none elsewhere; a
// replay of the stored game matches every hash.
#[test]
fn naval_example_script_runs() {
    use vqbot::store::{GameId, Replayable, Store};
    let dir = tempfile::tempdir().expect("temp dir");
    let script = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/naval.vq");
    let run = |args: &[&str]| {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_vqbot"))
            .args(args)
            .current_dir(dir.path())
            .output()
            .expect("vqbot runs");
        (
            out.status.success(),
            String::from_utf8_lossy(&out.stdout).to_string(),
        )
    };
    let path = script.to_str().expect("utf-8");
    let (ok, out) = run(&["script", path, "--db", "n.sqlite3", "--seed", "7"]);
    assert!(ok, "{out}");
    for text in [
        "sails 2 squadrons under Gian Andrea Doria from Naples to Tyrrhenian Sea",
        "`engage` the entering fleet or `forgo`",
        "carries 1 regular by sea from Barcelona to Naples",
        "Naval battle in Barbary Coast",
        "fleet retreats from Barbary Coast to Gulf of Lyon",
        "Ottoman Empire raises a corsair in Algiers",
        "Ottoman piracy in Barbary Coast against Spain",
        "[channel] Piracy in Barbary Coast: Spain gives the Ottoman a card drawn at random.",
        "[dm:alice] Piracy: card #",
        "[dm:bob] Piracy: card #",
        "Winter: Spain's fleet in Gulf of Lyon returns to port in Barcelona.",
        "Winter: Spain's fleet in Tyrrhenian Sea returns to port in Naples.",
        "Winter: Ottoman Empire's fleet in Barbary Coast returns to port in Algiers.",
        "Winter: piracy markers come off Barbary Coast.",
        "(the fleet in Gulf of Lyon: Barcelona, Cartagena, Palma, Valencia)",
        "(piracy in Barbary Coast: 1 hit to pay)",
    ] {
        assert!(out.contains(text), "missing {text:?} in\n{out}");
    }
    // The card is never named in the channel.
    for l in out.lines().filter(|l| l.starts_with("[channel]")) {
        assert!(!(l.contains("Piracy") && l.contains('#')), "{l}");
    }
    // Fleets at sea after each step, as `vq status` shows them.
    let at_sea: Vec<&str> = out
        .lines()
        .filter(|l| l.contains("⚓ At sea:"))
        .map(|l| l.split("⚓ At sea: ").nth(1).unwrap_or_default())
        .collect();
    assert_eq!(
        at_sea,
        vec![
            "Barbary Coast — Ottoman Empire 1 squadron",
            "Barbary Coast — Ottoman Empire 1 squadron · Gulf of Lyon — Spain 1 squadron · Tyrrhenian Sea — Spain 2 squadrons Gian Andrea Doria",
            "Barbary Coast — Ottoman Empire 1 squadron · Gulf of Lyon — Spain 1 squadron · Tyrrhenian Sea — Spain 2 squadrons Gian Andrea Doria",
            "Barbary Coast — Ottoman Empire 1 squadron 1 corsair Turgut Reis (Dragut) · Gulf of Lyon — Spain 1 squadron · Tyrrhenian Sea — Spain 2 squadrons Gian Andrea Doria",
            "Barbary Coast — Ottoman Empire 1 squadron 1 corsair Turgut Reis (Dragut) · Gulf of Lyon — Spain 1 squadron · Tyrrhenian Sea — Spain 2 squadrons Gian Andrea Doria",
        ]
    );
    let last_status = out.rsplit("**#1**").next().unwrap_or_default();
    assert!(last_status.contains("Turn 2 ·") && !last_status.contains("At sea"));
    // Replay the stored game: after every action the map draws each fleet at sea in its zone.
    let store = Store::open(dir.path().join("n.sqlite3")).expect("the store opens");
    let record = store.game(GameId(1)).expect("game 1");
    let mut g = <Game as Replayable>::start(&record).expect("starts");
    let mut seen_at_sea = 0;
    for a in store.actions_after(GameId(1), 0).expect("actions") {
        let r = a.record;
        g.apply_json(r.power.as_deref(), &r.action_json)
            .expect("replays");
        let scene = vqbot::render::MapScene {
            rs: rs(),
            board: &g.board,
            turn: g.turn,
            phase: String::new(),
            active: None,
            vp: [0; 6],
            locale: vqbot::render::Locale::En,
            previous: None,
            captured: &[],
            influence: Vec::new(),
        };
        let lay = vqbot::render::layout(&scene, &vqbot::render::RenderOptions::default())
            .expect("a layout");
        let mut want: Vec<(String, Owner)> = g
            .board
            .seas
            .iter()
            .flat_map(|(z, v)| {
                v.iter()
                    .filter(|f| f.ships() > 0)
                    .map(move |f| (z.clone(), f.owner()))
            })
            .collect();
        let mut got: Vec<(String, Owner)> = lay
            .stacks
            .iter()
            .filter_map(|s| s.zone.clone().map(|z| (z, s.owner)))
            .collect();
        want.sort();
        got.sort();
        assert_eq!(got, want, "action {}", r.seq);
        seen_at_sea += want.len();
    }
    assert!(seen_at_sea > 20, "fleets were at sea for a while");
    assert!(g.board.seas.is_empty(), "everyone wintered in port");
    assert!(fleet(&g, "BARCELONA", SPAIN).0 >= 1);
    assert!(fleet(&g, "NAPLES", SPAIN).0 >= 2);
    assert_eq!(fleet(&g, "ALGIERS", OTTOMAN), (1, 1));
    let (ok, out) = run(&["replay", "--db", "n.sqlite3", "--game", "1"]);
    assert!(ok && out.contains("every hash matches"), "{out}");
}

// C-RAISE (naval part): a squadron is built only in a port (2 CP, `build_squadron`); an inland
// home space is refused.
#[test]
fn c_raise_squadron_only_in_a_port() {
    let mut g = sea_arena(1);
    let build = |space: &str| Action::Raise {
        space: space.into(),
        unit: vqbot::engine::action::UnitKind::Squadron,
        faction: None,
    };
    let msg = refused(&mut g, Power::Spain, build("MADRID"));
    assert!(msg.contains("not a port"), "{msg}");
    ok(&mut g, Power::Spain, build("BARCELONA"));
    assert_eq!(fleet(&g, "BARCELONA", SPAIN), (1, 0));
    assert_eq!(cp_left(&g), Some(4));
}

// C-LOC-DEF (sea legs): a port cut off by land has a line of communication across a sea zone
// holding its power's ships to a fortified home space; enemy ships in that zone cut it again.
#[test]
fn c_loc_def_sea_zone_with_own_ships_carries_the_line() {
    let mut g = sea_arena(1);
    g.board.set_control(rs(), sp("MARSEILLE"), SPAIN);
    assert!(!g.has_loc(rs(), Power::Spain, sp("MARSEILLE")));
    ships(&mut g, "GULF_OF_LYON", SPAIN, 1, 0, &[]);
    assert!(g.has_loc(rs(), Power::Spain, sp("MARSEILLE")));
    ships(&mut g, "GULF_OF_LYON", FRANCE, 1, 0, &[]);
    assert!(!g.has_loc(rs(), Power::Spain, sp("MARSEILLE")));
}

// C-MOVE-SPRING (sea part): Madrid → Palma (an island) crosses one sea zone; 6 land units are
// refused, 5 go; a zone with another power's naval units (in it or in a port on it) cannot be
// crossed, and with both zones to Palma guarded the deployment is refused naming one. The legal
// actions offer the crossing with at most 5 land units.
#[test]
fn c_move_spring_sea_crossing_five_units_one_free_sea() {
    let mut g = arena(&[Power::Spain, Power::France, Power::Ottoman], 6, 0);
    g.stage = Stage::Deployment {
        power: Power::Spain,
    };
    put(&mut g, "MADRID", SPAIN, 6, 0, 0);
    g.board
        .force_mut(sp("MADRID"), SPAIN, None)
        .leaders
        .push("ALBA".into());
    g.off_map.retain(|l| l != "ALBA");
    let dep = |n: u8| Action::Deploy {
        from: "MADRID".into(),
        to: "PALMA".into(),
        units: regs(n, &["ALBA"]),
    };
    let m = refused(&mut g, Power::Spain, dep(6));
    assert!(m.contains("C-MOVE-SPRING") && m.contains('5'), "{m}");
    assert!(g.legal_actions(rs(), Power::Spain).contains(&dep(5)));
    // Guards: an Ottoman corsair on the Barbary Coast leaves the Gulf of Lyon open.
    ships(&mut g, "BARBARY_COAST", OTTOMAN, 0, 1, &[]);
    let mut both = g.clone();
    ships(&mut both, "MARSEILLE", FRANCE, 1, 0, &[]);
    let m = refused(&mut both, Power::Spain, dep(5));
    assert!(
        m.contains("C-MOVE-SPRING") && (m.contains("Gulf of Lyon") || m.contains("Barbary Coast")),
        "{m}"
    );
    assert!(!both
        .legal_actions(rs(), Power::Spain)
        .iter()
        .any(|a| matches!(a, Action::Deploy { to, .. } if to == "PALMA")));
    ok(&mut g, Power::Spain, dep(5));
    assert_eq!(land(&g, "PALMA", SPAIN), 5);
    assert_eq!(land(&g, "MADRID", SPAIN), 1);
}

// C-NAVAL-WINTER: among equally near controlled ports the owner chooses (a question at the start
// of Winter, answered with `haven`); a port that is not one of them is refused naming the rule;
// a fleet with a single nearest port goes there without a question.
#[test]
fn c_naval_winter_owner_chooses_among_equally_near_ports() {
    let mut g = arena(&[Power::Spain, Power::France], 1, 0);
    ships(&mut g, "TYRRHENIAN_SEA", SPAIN, 2, 0, &["DORIA"]);
    ships(&mut g, "NORTH_SEA", FRANCE, 1, 0, &[]);
    for h in &mut g.hands {
        h.clear();
    }
    g.stage = Stage::Impulse {
        power: Power::Spain,
        passes: 0,
    };
    // France has no cards and passes by itself: the Action phase ends with Spain's pass.
    ok(&mut g, Power::Spain, Action::Pass);
    assert_eq!(
        vqbot::engine::steps::Step::WinterPort(vqbot::engine::naval::WinterPort {
            power: Power::Spain,
            zone: "TYRRHENIAN_SEA".into(),
            to: vec![
                "CAGLIARI".into(),
                "MESSINA".into(),
                "NAPLES".into(),
                "PALERMO".into()
            ],
        }),
        g.steps.last().cloned().expect("a winter port question")
    );
    assert_eq!(
        asked(&g),
        Some((Power::Spain, Decision::WinterPort)),
        "Spain chooses"
    );
    assert_eq!(g.turn, 1, "Winter waits");
    let haven = |to: &str| Action::NavalRetreat { to: to.into() };
    let m = refused(&mut g, Power::Spain, haven("ROME"));
    assert!(m.contains("C-NAVAL-WINTER") && m.contains("Palermo"), "{m}");
    assert!(g.apply(rs(), Power::France, &haven("PALERMO")).is_err());
    let ev = ok(&mut g, Power::Spain, haven("PALERMO"));
    assert_eq!(fleet(&g, "PALERMO", SPAIN), (2, 0));
    assert!(g
        .board
        .at(sp("PALERMO"))
        .forces
        .iter()
        .any(|f| f.leaders.contains(&"DORIA".to_string())));
    // France (with its Scottish ally) has two equally near ports on the North Sea: asked next.
    assert_eq!(g.turn, 1, "Winter waits for France");
    assert_eq!(asked(&g), Some((Power::France, Decision::WinterPort)));
    let ev2 = ok(&mut g, Power::France, haven("CALAIS"));
    assert_eq!(fleet(&g, "CALAIS", FRANCE), (1, 0));
    assert!(g.board.seas.is_empty());
    assert_eq!(g.turn, 2, "the turn went on after the choice");
    assert!(has(&ev, |k| matches!(k, EventKind::WinterPort { .. })));
    assert_eq!(
        ev2.iter()
            .filter(|e| matches!(
                e.kind,
                EventKind::PhaseStarted {
                    phase: vqbot::engine::event::PhaseName::Winter
                }
            ))
            .count(),
        0,
        "Winter was announced once, before the questions"
    );
}

// C-NAVAL-WINTER with a standing answer: `winter_default` answers the winter-port question with
// the first equally near port (map order) and is announced, so an async game does not wait.
#[test]
fn c_naval_winter_standing_answer_takes_the_first_port() {
    let mut g = arena(&[Power::Spain, Power::France], 1, 0);
    ships(&mut g, "TYRRHENIAN_SEA", SPAIN, 2, 0, &["DORIA"]);
    for h in &mut g.hands {
        h.clear();
    }
    ok(
        &mut g,
        Power::Spain,
        Action::SetStanding {
            standing: vqbot::engine::steps::Standing::WinterDefault,
            on: true,
        },
    );
    g.stage = Stage::Impulse {
        power: Power::Spain,
        passes: 0,
    };
    let ev = ok(&mut g, Power::Spain, Action::Pass);
    assert_ne!(asked(&g), Some((Power::Spain, Decision::WinterPort)));
    assert_eq!(fleet(&g, "CAGLIARI", SPAIN), (2, 0));
    assert!(
        ev.iter()
            .any(|e| matches!(e.kind, EventKind::StandingApplied { .. })),
        "the standing answer is announced"
    );
}

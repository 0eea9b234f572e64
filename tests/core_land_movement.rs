//! Movement, line of communication and spring deployment (core-rules.md "Movement"): each rule
//! proven by a test named by its ID; refusals change nothing and name the rule.

use crate::land_support;

use land_support::*;
use vqbot::engine::movement::formation_limit;
use vqbot::engine::power::Relation;
use vqbot::engine::{Action, EventKind, Owner, Power, Stage};

// C-MOVE-FORMATION: two leaders add their two highest command ratings; one leader its own; never
// below four.
#[test]
fn c_move_formation_two_leaders_add_their_command() {
    let ids = |v: &[&str]| v.iter().map(|x| x.to_string()).collect::<Vec<_>>();
    // SOKOLLU commands 8, LALA_MUSTAFA 6 (leaders.csv).
    assert_eq!(
        formation_limit(rs(), &ids(&["SOKOLLU", "LALA_MUSTAFA"])),
        14
    );
    assert_eq!(formation_limit(rs(), &ids(&["LALA_MUSTAFA"])), 6);
    assert_eq!(formation_limit(rs(), &ids(&[])), 4);
    let ott = Owner::Major(Power::Ottoman);
    let mut g = arena(&[Power::Ottoman, Power::Spain, Power::France], 1, 6);
    g.stage = Stage::Cp {
        power: Power::Ottoman,
        cp: 6,
    };
    put(&mut g, "ISTANBUL", ott, 15, 0, 0);
    lead(&mut g, "ISTANBUL", ott, "SOKOLLU");
    lead(&mut g, "ISTANBUL", ott, "LALA_MUSTAFA");
    let both = ["SOKOLLU", "LALA_MUSTAFA"];
    let m = refused(&mut g, Power::Ottoman, mv("ISTANBUL", "EDIRNE", 15, &both));
    assert!(m.contains("limit here is 14"), "{m}");
    let m = refused(
        &mut g,
        Power::Ottoman,
        mv("ISTANBUL", "EDIRNE", 7, &["LALA_MUSTAFA"]),
    );
    assert!(m.contains("limit here is 6"), "{m}");
    ok(&mut g, Power::Ottoman, mv("ISTANBUL", "EDIRNE", 14, &both));
    assert_eq!(land(&g, "EDIRNE", ott), 14);
}

// C-MOVE-COST: 1 CP across a clear border, 2 across a pass.
#[test]
fn c_move_cost_pass_costs_two() {
    let ott = Owner::Major(Power::Ottoman);
    let mut g = arena(&[Power::Ottoman, Power::Spain, Power::France], 1, 1);
    g.stage = Stage::Cp {
        power: Power::Ottoman,
        cp: 1,
    };
    put(&mut g, "SOFIA", ott, 2, 0, 0);
    let m = refused(&mut g, Power::Ottoman, mv("SOFIA", "SALONIKA", 1, &[]));
    assert!(m.contains("pass"), "{m}");
    g.stage = Stage::Cp {
        power: Power::Ottoman,
        cp: 2,
    };
    let ev = ok(&mut g, Power::Ottoman, mv("SOFIA", "SALONIKA", 1, &[]));
    // 0 CP left: the impulse passes on.
    assert!(has(&ev, |k| matches!(k, EventKind::ImpulseStarted { .. })));
    assert!(!matches!(
        g.stage,
        Stage::Cp {
            power: Power::Ottoman,
            ..
        }
    ));
}

// C-MOVE-ENTER: only spaces of self, allies, enemies or independents; a formation that lost a
// battle this impulse may not move again.
#[test]
fn c_move_enter_peace_war_and_no_second_move_after_a_lost_battle() {
    let mut g = arena(&[Power::Spain, Power::France, Power::England], 3, 6);
    g.board
        .set_relation(Power::Spain, Power::England, Relation::Peace);
    put(&mut g, "BOULOGNE", SPAIN, 2, 0, 0);
    g.board
        .set_control(rs(), sp("CALAIS"), Owner::Major(Power::England));
    // Calais is English: at peace → refused.
    let m = refused(&mut g, Power::Spain, mv("BOULOGNE", "CALAIS", 1, &[]));
    assert!(m.contains("declare war"), "{m}");
    g.board
        .set_relation(Power::Spain, Power::England, Relation::War);
    let mut ev = ok(&mut g, Power::Spain, mv("BOULOGNE", "CALAIS", 1, &[]));
    answer(&mut g, &mut ev, first);
    assert!(has(&ev, |k| matches!(k, EventKind::SiegeStarted { .. })));

    // A lost battle: Spain attacks a big French army from Dijon (Spanish) and loses; the beaten
    // unit goes back to Dijon and may not move again this impulse (the one that stayed may).
    let mut lost = None;
    for seed in 0..200 {
        let mut g = arena(&[Power::Spain, Power::France], seed, 6);
        g.board.set_control(rs(), sp("DIJON"), SPAIN);
        put(&mut g, "DIJON", SPAIN, 2, 0, 0);
        put(&mut g, "ORLEANS", FRANCE, 6, 0, 0);
        let mut ev = ok(&mut g, Power::Spain, mv("DIJON", "ORLEANS", 1, &[]));
        answer(&mut g, &mut ev, first);
        if land(&g, "ORLEANS", SPAIN) == 0 && land(&g, "DIJON", SPAIN) == 2 {
            lost = Some(g);
            break;
        }
    }
    let mut g = lost.expect("Spain loses a battle for some seed");
    let m = refused(&mut g, Power::Spain, mv("DIJON", "BESANCON", 2, &[]));
    assert!(m.contains("lost a battle or began a siege"), "{m}");
    ok(&mut g, Power::Spain, mv("DIJON", "BESANCON", 1, &[]));
}

// C-LOC-DEF: a path of friendly spaces, free of enemy units and unrest, to a fortified home space.
#[test]
fn c_loc_def_path_cut_by_an_enemy_unit_or_unrest() {
    let mut g = arena(&[Power::Spain, Power::France], 4, 6);
    // Orleans – Dijon (Spanish) – Besançon (a Spanish fortress).
    g.board.set_control(rs(), sp("DIJON"), SPAIN);
    assert!(g.has_loc(rs(), Power::Spain, sp("ORLEANS")));
    put(&mut g, "DIJON", FRANCE, 1, 0, 0);
    assert!(
        !g.has_loc(rs(), Power::Spain, sp("ORLEANS")),
        "enemy unit on the path"
    );
    g.board.spaces[sp("DIJON").idx()].forces.clear();
    g.board.spaces[sp("DIJON").idx()].unrest = true;
    assert!(
        !g.has_loc(rs(), Power::Spain, sp("ORLEANS")),
        "unrest on the path"
    );
    g.board.spaces[sp("DIJON").idx()].unrest = false;
    g.board.spaces[sp("BESANCON").idx()].besieged_by = Some(Power::France);
    assert!(
        !g.has_loc(rs(), Power::Spain, sp("ORLEANS")),
        "the source is besieged"
    );
    // The all-spaces map (used when listing actions) agrees with the one-space search.
    for (i, dijon_french) in [false, true].into_iter().enumerate() {
        let mut h = arena(&[Power::Spain, Power::France], 40 + i as u64, 6);
        h.board.set_control(rs(), sp("DIJON"), SPAIN);
        if dijon_french {
            put(&mut h, "DIJON", FRANCE, 1, 0, 0);
        }
        for p in [Power::Spain, Power::France] {
            let map = h.loc_map(rs(), p);
            for s in rs().space_ids() {
                assert_eq!(
                    map[s.idx()],
                    h.has_loc(rs(), p, s),
                    "{p} {}",
                    rs().space(s).id
                );
            }
        }
    }
}

// C-LOC-USE: assault and control need a LOC.
#[test]
fn c_loc_use_assault_refused_when_cut_off() {
    let mut g = arena(&[Power::Spain, Power::France], 5, 6);
    g.board.set_control(rs(), sp("DIJON"), SPAIN);
    put(&mut g, "PARIS", SPAIN, 4, 0, 0);
    g.board.spaces[sp("PARIS").idx()].besieged_by = Some(Power::Spain);
    let a = Action::Assault {
        space: "PARIS".into(),
    };
    assert!(g.check_assault(rs(), Power::Spain, "PARIS").is_ok());
    put(&mut g, "DIJON", FRANCE, 1, 0, 0);
    let m = refused(&mut g, Power::Spain, a);
    assert!(m.contains("no line of communication"), "{m}");
    assert!(m.contains("C-LOC-USE"), "{m}");
}

// C-MOVE-SPRING: the path avoids unrest; the destination is not a capital; a capital in unrest
// deploys nothing.
#[test]
fn c_move_spring_path_without_unrest() {
    let mut g = arena(&[Power::Spain, Power::France], 6, 6);
    g.stage = Stage::Deployment {
        power: Power::Spain,
    };
    put(&mut g, "MADRID", SPAIN, 3, 0, 0);
    let dep = |to: &str| Action::Deploy {
        from: "MADRID".into(),
        to: to.into(),
        units: regs(2, &[]),
    };
    // Valladolid lies between Madrid and Bilbao? Block every neighbour of Madrid with unrest.
    let around: Vec<_> = rs().neighbours[sp("MADRID").idx()]
        .iter()
        .map(|(n, _)| *n)
        .collect();
    for n in &around {
        g.board.spaces[n.idx()].unrest = true;
    }
    let m = refused(&mut g, Power::Spain, dep("BILBAO"));
    assert!(m.contains("Bilbao"), "{m}");
    for n in &around {
        g.board.spaces[n.idx()].unrest = false;
    }
    // A capital is never a deployment's end (Valladolid made a capital for the test).
    g.board.capitals[Power::Spain as usize].push(sp("VALLADOLID"));
    let m = refused(&mut g, Power::Spain, dep("VALLADOLID"));
    assert!(m.contains("is a capital"), "{m}");
    g.board.capitals[Power::Spain as usize].retain(|c| *c != sp("VALLADOLID"));
    g.board.spaces[sp("MADRID").idx()].unrest = true;
    let m = refused(&mut g, Power::Spain, dep("BILBAO"));
    assert!(m.contains("unrest"), "{m}");
    g.board.spaces[sp("MADRID").idx()].unrest = false;
    ok(&mut g, Power::Spain, dep("BILBAO"));
    assert_eq!(land(&g, "BILBAO", SPAIN), 2);
}

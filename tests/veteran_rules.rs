//! Issue 27, "what a veteran notices in the first game": each rule fixed there, proven by a test
//! named by its ID (seed rules R-…, core rules C-…, our readings X-…).

use crate::common;
use crate::land_support;

use land_support::*;
use vqbot::engine::foreign_war::ForeignWar;
use vqbot::engine::power::Relation;
use vqbot::engine::{
    Action, Awaiting, CardMode, Decision, Event, EventKind, Game, Owner, Power, Stage, Units,
};
use vqbot::table::messages::{Locale, Texts};

const EMPIRE: Owner = Owner::Major(Power::Empire);
const OTTOMAN: Owner = Owner::Major(Power::Ottoman);
const PROT: Owner = Owner::Major(Power::Protestant);

/// The channel lines of these events, in a locale.
fn lines(ev: &[Event], loc: Locale) -> Vec<String> {
    let t = Texts::new(rs(), loc);
    ev.iter().map(|e| t.event(&e.kind)).collect()
}

fn text(ev: &[Event], loc: Locale) -> String {
    lines(ev, loc).join("\n")
}

/// Ends the Action phase at once (nobody holds cards) and answers every Winter question with its
/// first legal answer; returns the events.
fn end_turn(g: &mut Game) -> Vec<Event> {
    for h in &mut g.hands {
        h.clear();
    }
    g.stage = Stage::Cp {
        power: Power::Ottoman,
        cp: 1,
    };
    let mut ev = ok(g, Power::Ottoman, Action::EndImpulse);
    for _ in 0..50 {
        match g.awaiting() {
            Awaiting::One {
                power,
                decision:
                    Decision::WinterQuarters
                    | Decision::WinterExcess
                    | Decision::EmpireWinterUnit
                    | Decision::WinterPort,
            } => {
                let a = g.legal_actions(rs(), power).remove(0);
                ev.extend(ok(g, power, a));
            }
            Awaiting::One {
                power: Power::Protestant,
                decision: Decision::WithdrawLeaders,
            } => ev.extend(ok(
                g,
                Power::Protestant,
                Action::WithdrawLeaders { leaders: vec![] },
            )),
            _ => break,
        }
    }
    ev
}

fn six_powers(seed: u64) -> Game {
    common::new_game(seed)
}

// --- item 0

// R-SPACE-FORTRESS: `build space:Havana unit:fortress` reaches the rules: Spain builds in the
// settlement; France hears the rule that refuses it (only Spain), not that Havana is no Europe
// space.
#[test]
fn r_space_fortress_spain_builds_in_havana() {
    use vqbot::table::command::parse;
    use vqbot::table::convert::to_action;
    let r = rs();
    let cmd = parse("build space:Havana unit:fortress").expect("parses");
    let mut g = arena(&[Power::Spain, Power::France], 1, 6);
    let a = to_action(r, &g, Power::Spain, &cmd)
        .expect("a game action")
        .unwrap_or_else(|m| panic!("refused before the rules: {m:?}"));
    ok(&mut g, Power::Spain, a);
    assert!(g.world_fortresses.contains(&"HAVANA".to_string()));
    let mut f = arena(&[Power::Spain, Power::France], 2, 6);
    f.stage = Stage::Cp {
        power: Power::France,
        cp: 6,
    };
    let a = to_action(r, &f, Power::France, &cmd)
        .expect("a game action")
        .unwrap_or_else(|m| panic!("refused before the rules: {m:?}"));
    let m = refused(&mut f, Power::France, a);
    assert!(
        m.contains("only Spain") && m.contains("R-SPACE-FORTRESS"),
        "{m}"
    );
}

// --- item 2

// R-PROT-POOL with C-WINTER-QUARTERS: Huguenot and Dutch units are one power's: at most 4
// Protestant land units winter in one non-capital fortified space, whichever faction.
#[test]
fn r_prot_pool_winter_limit_counts_both_factions() {
    use vqbot::engine::power::Faction;
    let r = rs();
    let mut g = six_powers(11);
    for id in ["BRUSSELS", "AMSTERDAM", "LA_ROCHELLE"] {
        g.board.spaces[sp(id).idx()].forces.clear();
        g.board.set_control(r, sp(id), PROT);
    }
    g.board.protestant_capitals = [Some(sp("LA_ROCHELLE")), Some(sp("AMSTERDAM"))];
    g.board
        .force_mut(sp("BRUSSELS"), PROT, Some(Faction::Dutch))
        .regulars = 4;
    g.board
        .force_mut(sp("BRUSSELS"), PROT, Some(Faction::Huguenot))
        .regulars = 4;
    end_turn(&mut g);
    assert_eq!(land(&g, "BRUSSELS", PROT), 4, "4 + 4 stayed in Brussels");
}

// --- item 4

// C-WINTER-QUARTERS: a captured enemy capital is not the holder's capital: the 4-unit limit
// applies there; only the power's own capitals are exempt.
#[test]
fn c_winter_quarters_captured_capital_is_not_exempt() {
    let r = rs();
    let mut g = six_powers(12);
    g.board
        .set_relation(Power::Ottoman, Power::Empire, Relation::War);
    g.board.spaces[sp("VIENNA").idx()].forces.clear();
    g.board.set_control(r, sp("VIENNA"), OTTOMAN);
    g.board.force_mut(sp("VIENNA"), OTTOMAN, None).regulars = 8;
    let istanbul = land(&g, "ISTANBUL", OTTOMAN);
    g.board.force_mut(sp("ISTANBUL"), OTTOMAN, None).regulars += 8;
    end_turn(&mut g);
    assert_eq!(
        land(&g, "VIENNA", OTTOMAN),
        4,
        "8 wintered in captured Vienna"
    );
    // The Ottoman's own capital stays exempt.
    assert!(land(&g, "ISTANBUL", OTTOMAN) >= istanbul + 8 + 4);
}

// --- item 5

// C-MOVE-FORMATION: a formation is units and leaders; a leader on its own moves like one
// (`move … units:alba`). Alone it does not walk into enemy units.
#[test]
fn c_move_formation_a_leader_moves_alone() {
    use vqbot::table::command::parse;
    use vqbot::table::convert::to_action;
    let mut g = arena(&[Power::Spain, Power::France], 3, 6);
    put(&mut g, "MADRID", SPAIN, 2, 0, 0);
    lead(&mut g, "MADRID", SPAIN, "ALBA");
    let cmd = parse("move from:madrid to:zaragoza units:alba").expect("parses");
    let a = to_action(rs(), &g, Power::Spain, &cmd)
        .expect("a game action")
        .expect("resolves");
    ok(&mut g, Power::Spain, a);
    let at = |g: &Game, id: &str| {
        g.board
            .at(sp(id))
            .forces
            .iter()
            .any(|f| f.leaders.contains(&"ALBA".to_string()))
    };
    assert!(at(&g, "ZARAGOZA") && !at(&g, "MADRID"));
    assert_eq!(land(&g, "MADRID", SPAIN), 2, "the units stayed");
    // Not alone into enemy land units.
    put(&mut g, "NAVARRE", FRANCE, 2, 0, 0);
    let m = refused(
        &mut g,
        Power::Spain,
        Action::Move {
            from: "ZARAGOZA".into(),
            to: "NAVARRE".into(),
            units: regs(0, &["ALBA"]),
        },
    );
    assert!(m.contains("C-MOVE-FORMATION"), "{m}");
}

// --- item 6

// C-CONTROL-UNFORT, X-CONTROL-BESIEGED: enemy units besieged inside an adjacent fortress do not
// block control of an unfortified space; enemy units free outside do.
#[test]
fn c_control_unfort_besieged_units_do_not_block() {
    let r = rs();
    let mut g = arena(&[Power::Spain, Power::France], 4, 6);
    g.board.set_control(r, sp("DIJON"), SPAIN);
    g.board.set_control(r, sp("ORLEANS"), SPAIN);
    put(&mut g, "PARIS", SPAIN, 4, 0, 0);
    put(&mut g, "PARIS", FRANCE, 2, 0, 0);
    g.board.spaces[sp("PARIS").idx()].besieged_by = Some(Power::Spain);
    let ev = ok(
        &mut g,
        Power::Spain,
        Action::Control {
            space: "ST_DIZIER".into(),
        },
    );
    assert!(has(&ev, |k| matches!(k, EventKind::ControlChanged { .. })));
    assert_eq!(g.board.controller(r, sp("ST_DIZIER")), SPAIN);
    // The same French units outside any siege block it.
    let mut h = arena(&[Power::Spain, Power::France], 5, 6);
    h.board.set_control(r, sp("DIJON"), SPAIN);
    put(&mut h, "DIJON", SPAIN, 2, 0, 0);
    put(&mut h, "ST_QUENTIN", FRANCE, 2, 0, 0);
    let m = refused(
        &mut h,
        Power::Spain,
        Action::Control {
            space: "ST_DIZIER".into(),
        },
    );
    assert!(
        m.contains("St. Quentin") || m.contains("St Quentin") || m.contains("Quentin"),
        "{m}"
    );
    // `vq rule` states the reading.
    let (id, text) = vqbot::table::rules::rule_text("X-CONTROL-BESIEGED", Locale::En)
        .expect("the reading is in the catalogue");
    assert_eq!(id, "X-CONTROL-BESIEGED");
    assert!(
        text.contains("besieged") && text.contains("C-CONTROL-UNFORT"),
        "{text}"
    );
    assert!(vqbot::table::rules::rule_text("X-CONTROL-BESIEGED", Locale::Ru).is_some());
}

// --- item 7

// C-ASSAULT-DICE, C-BATTLE-HITS: the assault's dice and hits are posted before the defender is
// asked which units it loses.
#[test]
fn c_assault_dice_posted_before_casualties() {
    let r = rs();
    let mut base = arena(&[Power::Spain, Power::France], 6, 6);
    base.board.set_control(r, sp("DIJON"), SPAIN);
    base.board.set_control(r, sp("ORLEANS"), SPAIN);
    put(&mut base, "PARIS", SPAIN, 6, 0, 0);
    put(&mut base, "PARIS", FRANCE, 2, 1, 0);
    base.board.spaces[sp("PARIS").idx()].besieged_by = Some(Power::Spain);
    let (g, ev) = find(
        &base,
        |g| {
            g.apply(
                rs(),
                Power::Spain,
                &Action::Assault {
                    space: "PARIS".into(),
                },
            )
            .unwrap_or_default()
        },
        |g, _| asked(g) == Some((Power::France, Decision::Casualties)),
    );
    assert_eq!(asked(&g), Some((Power::France, Decision::Casualties)));
    let said = lines(&ev, Locale::En);
    let dice = said
        .iter()
        .find(|l| l.starts_with("Assault on Paris"))
        .unwrap_or_else(|| panic!("no dice before the question: {said:?}"));
    assert!(dice.contains("hit"), "{dice}");
}

// --- item 8

// C-WITHDRAW: a power that cannot withdraw inside is told so, with why, when it would have been
// asked ("France cannot withdraw into Navarre: 5 units, at most 4"); in Russian too.
#[test]
fn c_withdraw_skipped_question_is_said() {
    let r = rs();
    let mut g = arena(&[Power::Spain, Power::France], 7, 6);
    g.board.set_control(r, sp("NAVARRE"), FRANCE);
    put(&mut g, "NAVARRE", FRANCE, 5, 0, 0);
    put(&mut g, "ZARAGOZA", SPAIN, 4, 0, 0);
    ok(
        &mut g,
        Power::France,
        Action::SetStanding {
            standing: vqbot::engine::steps::Standing::NeverAvoid,
            on: true,
        },
    );
    let ev = ok(&mut g, Power::Spain, mv("ZARAGOZA", "NAVARRE", 4, &[]));
    let en = text(&ev, Locale::En);
    assert!(
        en.contains("cannot withdraw into Navarre: 5 units, at most 4"),
        "{en}"
    );
    let ru = text(&ev, Locale::Ru);
    assert!(ru.contains("не может укрыться за стенами Наварры"), "{ru}");
}

// C-WINTER-REGULAR: the Empire, asked nothing because Vienna is enemy-held, is told why.
#[test]
fn c_winter_regular_skipped_free_unit_is_said() {
    let r = rs();
    let mut g = six_powers(13);
    g.board
        .set_relation(Power::Ottoman, Power::Empire, Relation::War);
    g.board.spaces[sp("VIENNA").idx()].forces.clear();
    g.board.set_control(r, sp("VIENNA"), OTTOMAN);
    let ev = end_turn(&mut g);
    let en = text(&ev, Locale::En);
    assert!(
        en.contains("takes no free winter unit: Vienna is held by"),
        "{en}"
    );
    let ru = text(&ev, Locale::Ru);
    assert!(
        ru.contains("не получает бесплатного зимнего отряда"),
        "{ru}"
    );
    let _ = EMPIRE;
}

// C-MOVE-SPRING: a power with nothing to deploy is told so in Spring Deployment.
#[test]
fn c_move_spring_skipped_deployment_is_said() {
    let mut g = six_powers(14);
    g.board.spaces[sp("LONDON").idx()]
        .forces
        .retain(|f| f.owner() != Owner::Major(Power::England));
    let mut ev = Vec::new();
    for p in Power::ALL {
        ev.extend(ok(&mut g, *p, Action::DoneDiplomacy));
    }
    for _ in 0..20 {
        match g.awaiting() {
            Awaiting::One {
                power,
                decision: Decision::SecretChoice,
            } => ev.extend(ok(
                &mut g,
                power,
                Action::SecretChoice {
                    choice: vqbot::engine::ruleset::EmpireChoice::Catholic,
                },
            )),
            Awaiting::One {
                power,
                decision: Decision::Deployment,
            } => ev.extend(ok(&mut g, power, Action::SkipDeployment)),
            _ => break,
        }
    }
    let en = text(&ev, Locale::En);
    assert!(
        en.contains("England cannot deploy in spring: none of its land units are in London"),
        "{en}"
    );
    let ru = text(&ev, Locale::Ru);
    assert!(ru.contains("весеннее развёртывание невозможно"), "{ru}");
}

// --- item 10

// C-VP-STANDARD (the Victory phase line): every seated power is listed, 0 included, and no
// unseated one.
#[test]
fn c_vp_line_lists_every_seated_power() {
    let mut g = common::new_game_with(common::powers(&[Power::England, Power::Protestant]), 15);
    let ev = end_turn(&mut g);
    let line = lines(&ev, Locale::En)
        .into_iter()
        .find(|l| l.starts_with("VP: "))
        .expect("a VP line");
    assert!(line.contains("Protestant 0"), "{line}");
    assert!(line.contains("England"), "{line}");
    for other in ["France", "Spain", "Ottoman"] {
        assert!(!line.contains(other), "{other} is not seated: {line}");
    }
}

// --- item 3

const PERSIA: u16 = 10;

fn at_war_with_persia(seed: u64, units: Units) -> Game {
    let mut g = six_powers(seed);
    g.wars.push(ForeignWar {
        card: PERSIA,
        power: Power::Ottoman,
        required: 5,
        army: 3,
        units,
    });
    g.stage = Stage::Cp {
        power: Power::Ottoman,
        cp: 3,
    };
    g
}

fn fight(g: &mut Game) -> Vec<Event> {
    g.apply(
        rs(),
        Power::Ottoman,
        &Action::FightForeignWar { card: PERSIA },
    )
    .unwrap_or_default()
}

// R-FW-FIGHT, C-BATTLE-HITS: the fight is an ordinary field battle: the owner chooses which of
// its units on the card are lost.
#[test]
fn r_fw_fight_owner_chooses_casualties() {
    let units = Units {
        regulars: 3,
        mercenaries: 3,
        ..Units::default()
    };
    let base = at_war_with_persia(16, units);
    let (mut g, _) = find(&base, fight, |g, _| {
        asked(g) == Some((Power::Ottoman, Decision::Casualties))
    });
    let hits = g.legal_actions(rs(), Power::Ottoman);
    let pick = hits
        .iter()
        .find(|a| matches!(a, Action::TakeCasualties { units } if units.mercenaries == 0))
        .cloned()
        .expect("regulars may be chosen");
    let Action::TakeCasualties { units: lost } = &pick else {
        unreachable!()
    };
    let lost = lost.regulars;
    ok(&mut g, Power::Ottoman, pick.clone());
    let on = g
        .wars
        .iter()
        .find(|w| w.card == PERSIA)
        .map(|w| w.units.clone());
    if let Some(on) = on {
        assert_eq!(on.mercenaries, 3, "the owner kept its mercenaries");
        assert_eq!(on.regulars, 3 - lost);
    }
}

// R-FW-FIGHT, C-BATTLE-CARDS: a combat-card window opens before the dice, as in any field
// battle.
#[test]
fn r_fw_fight_opens_a_combat_card_window() {
    let card = rs()
        .cards
        .iter()
        .find(|c| c.number != PERSIA)
        .unwrap()
        .number;
    let with_combat = with_card_kind(card, vqbot::engine::ruleset::CardKind::Combat);
    let mut g = at_war_with_persia(17, regs(5, &[]));
    g.hands[Power::Ottoman as usize].push(card);
    let ev = g
        .apply(
            &with_combat,
            Power::Ottoman,
            &Action::FightForeignWar { card: PERSIA },
        )
        .expect("fights");
    assert!(
        !has(&ev, |k| matches!(k, EventKind::ForeignWarBattle { .. })),
        "no dice before the window"
    );
    assert_eq!(
        g.awaiting(),
        Awaiting::One {
            power: Power::Ottoman,
            decision: Decision::CombatCard
        }
    );
    let ev = g
        .apply(&with_combat, Power::Ottoman, &Action::Forgo)
        .expect("forgoes");
    assert!(has(&ev, |k| matches!(
        k,
        EventKind::ForeignWarBattle { .. }
    )));
    let _ = CardMode::Event;
}

// R-FW-FIGHT: when an enemy holds the capital, the owner chooses which friendly home key its
// returning units go to.
#[test]
fn r_fw_fight_owner_chooses_the_home_key() {
    let r = rs();
    let mut base = at_war_with_persia(18, regs(8, &[]));
    base.wars[0].army = 1;
    base.board
        .set_relation(Power::Ottoman, Power::Empire, Relation::War);
    base.board.set_control(r, sp("ISTANBUL"), EMPIRE);
    let (mut g, _) = find(&base, fight, |g, _| g.wars.is_empty());
    assert!(matches!(
        g.awaiting(),
        Awaiting::One {
            power: Power::Ottoman,
            ..
        }
    ));
    let answers = g.legal_actions(r, Power::Ottoman);
    let keys: Vec<String> = answers
        .iter()
        .filter_map(|a| match a {
            Action::Retreat { to: Some(t), .. } => Some(t.to_string()),
            _ => None,
        })
        .collect();
    assert!(
        keys.len() > 1 && keys.contains(&"SALONIKA".to_string()),
        "{keys:?}"
    );
    assert!(!keys.contains(&"ISTANBUL".to_string()));
    let before = land(&g, "SALONIKA", OTTOMAN);
    let ev = ok(
        &mut g,
        Power::Ottoman,
        Action::Retreat {
            to: Some("SALONIKA".into()),
            inside: Units::default(),
        },
    );
    assert!(has(&ev, |k| matches!(k, EventKind::ForeignWarEnded { .. })));
    assert_eq!(land(&g, "SALONIKA", OTTOMAN), before + 8);
}

// C-AVOID: a power that would be offered to avoid battle but has nowhere to go is told so, with
// why, when the question would have come.
#[test]
fn c_avoid_skipped_question_is_said() {
    let r = rs();
    let mut g = arena(&[Power::Spain, Power::France], 8, 6);
    for id in ["DIJON", "LYON", "TOURS", "PARIS"] {
        g.board.set_control(r, sp(id), SPAIN);
    }
    put(&mut g, "ORLEANS", FRANCE, 2, 0, 0);
    put(&mut g, "DIJON", SPAIN, 4, 0, 0);
    let ev = ok(&mut g, Power::Spain, mv("DIJON", "ORLEANS", 4, &[]));
    let en = text(&ev, Locale::En);
    assert!(en.contains("cannot avoid battle in Orleans"), "{en}");
    let ru = text(&ev, Locale::Ru);
    assert!(ru.contains("не может уклониться от боя"), "{ru}");
}

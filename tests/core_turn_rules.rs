//! The turn's core rules (issue 14): Winter, Diplomacy, card play and Victory, each test named
//! by the rule ID of `core-rules.md` it proves. Numbers the rules take from data are read from
//! the shipped `map_data/virgin_queen/` files, never hard-coded twice.

use crate::common;

use common::{new_game, new_game_with, powers, rs, sp};
use vqbot::engine::power::{Minor, Relation};
use vqbot::engine::ruleset::{CardKind, EmpireChoice};
use vqbot::engine::turn_data::ids;
use vqbot::engine::{
    Action, Adjustment, Awaiting, CardMode, Decision, EndReason, Event, EventKind, Game, Owner,
    Power, RuleError, Stage, Units,
};
use vqbot::table::messages::{Locale, Texts};

fn act(g: &mut Game, p: Power, a: Action) -> Vec<Event> {
    g.apply(rs(), p, &a)
        .unwrap_or_else(|e| panic!("{p}: {a:?} refused: {e}"))
}

/// Applies an action that must be refused; checks nothing changed; returns the English text.
fn refused(g: &mut Game, p: Power, a: Action) -> String {
    let before = g.clone();
    let e: RuleError = g.apply(rs(), p, &a).expect_err("must be refused");
    assert_eq!(*g, before, "a refused action changed the state");
    Texts::new(rs(), Locale::En).rule_error(&e)
}

fn has(ev: &[Event], f: impl Fn(&EventKind) -> bool) -> bool {
    ev.iter().any(|e| f(&e.kind))
}

/// Ends the Action phase at once (nobody holds cards) and runs Winter, Victory Determination
/// and the next turn's start.
fn end_turn(g: &mut Game) -> Vec<Event> {
    let mut ev = end_impulses(g);
    // Winter questions (C-WINTER-QUARTERS) are answered with the first legal answer.
    while let Some(p) = winter_question(g) {
        let a = g.legal_actions(rs(), p).remove(0);
        ev.extend(act(g, p, a));
    }
    ev
}

/// The Empire answers its Winter question (its free unit) by its standing answer, so that a
/// test about another power's Winter is not held by it.
fn empire_answers_itself(g: &mut Game) {
    act(
        g,
        Power::Empire,
        Action::SetStanding {
            standing: vqbot::engine::steps::Standing::WinterDefault,
            on: true,
        },
    );
}

/// The power asked a Winter question now, if any.
fn winter_question(g: &Game) -> Option<Power> {
    match g.awaiting() {
        Awaiting::One {
            power,
            decision: Decision::WinterQuarters | Decision::WinterExcess | Decision::EmpireWinterUnit,
        } => Some(power),
        _ => None,
    }
}

fn land(g: &Game, id: &str, owner: Owner) -> u32 {
    g.board
        .at(sp(id))
        .forces
        .iter()
        .filter(|f| f.owner() == owner)
        .map(|f| f.land())
        .sum()
}

fn clear(g: &mut Game, id: &str) {
    g.board.spaces[sp(id).idx()].forces.clear();
}

const FR: Owner = Owner::Major(Power::France);

/// A card of the shipped data that is an ordinary event worth exactly `cp`.
fn event_card(cp: u8) -> u16 {
    rs().cards
        .iter()
        .find(|c| c.kind == CardKind::Event && c.cp == cp)
        .unwrap_or_else(|| panic!("no event card worth {cp}"))
        .number
}

fn number(id: &str) -> i32 {
    rs().turn.number(id)
}

// ---------------------------------------------------------------- Winter

// C-WINTER-ORDER: in Winter sieges end and alliances between majors end (an allied pair is at
// peace after Winter).
#[test]
fn c_winter_order_sieges_and_alliances_end() {
    let mut g = new_game(1);
    g.board
        .set_relation(Power::England, Power::France, Relation::Alliance);
    g.board.spaces[sp("CALAIS").idx()].besieged_by = Some(Power::England);
    let ev = end_turn(&mut g);
    assert_eq!(g.turn, 2);
    assert_eq!(
        g.board.relation(Power::England, Power::France),
        Relation::Peace
    );
    assert!(g.board.at(sp("CALAIS")).besieged_by.is_none());
    assert!(has(&ev, |k| matches!(k, EventKind::SiegeLifted { .. })));
    assert!(has(&ev, |k| matches!(
        k,
        EventKind::AllianceEnded {
            a: Power::England,
            b: Power::France
        }
    )));
    // Wars do not end in Winter.
    assert_eq!(
        g.board.relation(Power::Ottoman, Power::Spain),
        Relation::War
    );
}

// C-WINTER-QUARTERS: six units cut off by enemy spaces lose half (mercenaries and cavalry
// first) and the rest go to the capital.
#[test]
fn c_winter_quarters_cut_off_units_suffer_attrition() {
    let start = || {
        let mut g = new_game(2);
        g.board
            .set_relation(Power::France, Power::Spain, Relation::War);
        g
    };
    let mut base = start();
    end_turn(&mut base);
    let mut g = start();
    let f = g.board.force_mut(sp("BILBAO"), FR, None);
    f.regulars = 3;
    f.mercenaries = 2;
    f.cavalry = 1;
    let ev = end_turn(&mut g);
    assert_eq!(land(&g, "BILBAO", FR), 0);
    // The 3 survivors (the regulars) are in Paris besides what Winter brings anyway.
    assert_eq!(land(&g, "PARIS", FR), land(&base, "PARIS", FR) + 3);
    assert!(has(&ev, |k| matches!(
        k,
        EventKind::WinterAttrition { lost: 3, .. }
    )));
}

// C-WINTER-QUARTERS (our reading, as for the excess): Spanish units cut off in France lose half
// and Spain, which holds two capitals, picks the one the survivors go to; a space that is not
// one of them is refused with the allowed ones; the standing answer `winter_default` takes the
// first capital and says so to Spain alone.
#[test]
fn c_winter_quarters_attrition_survivors_go_to_the_capital_the_owner_picks() {
    use vqbot::engine::steps::{Standing, Step};
    const SP: Owner = Owner::Major(Power::Spain);
    let start = || {
        let mut g = new_game(2);
        g.board
            .set_relation(Power::France, Power::Spain, Relation::War);
        empire_answers_itself(&mut g);
        g.board.force_mut(sp("ORLEANS"), SP, None).regulars = 4;
        g
    };
    let mut g = start();
    end_impulses(&mut g);
    while let Some(p) = winter_question(&g) {
        let a = g.legal_actions(rs(), p).remove(0);
        act(&mut g, p, a);
    }
    assert_eq!(
        g.awaiting(),
        Awaiting::One {
            power: Power::Spain,
            decision: Decision::AttritionCapital
        }
    );
    let Some(Step::AttritionCapital(q)) = g.steps.last() else {
        panic!("{:?}", g.steps);
    };
    assert_eq!(
        (q.space, q.to.clone()),
        (sp("ORLEANS"), vec![sp("MADRID"), sp("MILAN")])
    );
    let winter = |to: &str| Action::Winter {
        to: Some(to.into()),
        units: Units::default(),
    };
    let m = refused(&mut g, Power::Spain, winter("PARIS"));
    assert!(m.contains("Madrid") && m.contains("Milan"), "{m}");
    assert!(g.apply(rs(), Power::France, &winter("MILAN")).is_err());
    let ev = act(&mut g, Power::Spain, winter("MILAN"));
    assert!(has(&ev, |k| matches!(
        k,
        EventKind::WinterAttrition { lost: 2, space, to: Some(to), .. }
            if *space == sp("ORLEANS") && *to == sp("MILAN")
    )));
    assert_eq!(land(&g, "ORLEANS", SP), 0);
    // The standing answer takes the first capital, Madrid.
    let mut h = start();
    act(
        &mut h,
        Power::Spain,
        Action::SetStanding {
            standing: Standing::WinterDefault,
            on: true,
        },
    );
    let ev = end_turn(&mut h);
    assert!(has(&ev, |k| matches!(
        k,
        EventKind::WinterAttrition { to: Some(to), .. } if *to == sp("MADRID")
    )));
    assert!(ev.iter().any(|e| matches!(
        e.kind,
        EventKind::StandingApplied {
            power: Power::Spain,
            decision: Decision::AttritionCapital,
            ..
        }
    ) && e.vis != vqbot::engine::Visibility::Public));
}

// C-WINTER-QUARTERS: six units in their own fortress: four stay, two go to the capital.
#[test]
fn c_winter_quarters_four_per_space_outside_capitals() {
    let mut base = new_game(3);
    clear(&mut base, "LYON");
    let mut g = base.clone();
    end_turn(&mut base);
    g.board.force_mut(sp("LYON"), FR, None).regulars = 6;
    end_turn(&mut g);
    let limit = number(ids::WINTER_STACK) as u32;
    assert_eq!(limit, 4);
    assert_eq!(land(&g, "LYON", FR), limit);
    // The excess went to Paris (with whatever Winter brings to Lyon anyway).
    let both = |g: &Game| land(g, "LYON", FR) + land(g, "PARIS", FR);
    assert_eq!(both(&g), both(&base) + 6);
}

/// Ends the Action phase without answering Winter questions.
fn end_impulses(g: &mut Game) -> Vec<Event> {
    for h in &mut g.hands {
        h.clear();
    }
    g.stage = Stage::Cp {
        power: Power::Ottoman,
        cp: 1,
    };
    let mut ev = act(g, Power::Ottoman, Action::EndImpulse);
    if matches!(
        g.steps.last(),
        Some(vqbot::engine::steps::Step::WithdrawLeaders(_))
    ) {
        ev.extend(act(
            g,
            Power::Protestant,
            Action::WithdrawLeaders { leaders: vec![] },
        ));
    }
    ev
}

fn units(r: u8, m: u8, c: u8) -> Units {
    Units {
        regulars: r,
        mercenaries: m,
        cavalry: c,
        leaders: Vec::new(),
    }
}

// C-WINTER-QUARTERS: the owner, not the engine, picks which units over the limit go to a
// capital; a wrong pick is refused with the state unchanged; Winter waits for the answer and
// survives a restart (the state JSON) in the middle.
#[test]
fn c_winter_quarters_excess_is_the_owners_choice() {
    let mut g = new_game(3);
    empire_answers_itself(&mut g);
    clear(&mut g, "LYON");
    {
        let f = g.board.force_mut(sp("LYON"), FR, None);
        f.regulars = 4;
        f.mercenaries = 2;
    }
    end_impulses(&mut g);
    assert_eq!(
        g.awaiting(),
        Awaiting::One {
            power: Power::France,
            decision: Decision::WinterExcess
        }
    );
    assert_eq!(g.turn, 1, "Winter waits for the answer");
    assert_eq!(g.phase(), Some(vqbot::engine::PhaseName::Winter));
    let paris = land(&g, "PARIS", FR);
    // Winter may have brought more French units to Lyon: the question says how many leave.
    let Some(vqbot::engine::steps::Step::WinterExcess(vqbot::engine::winter::WinterExcess {
        excess,
        to,
        ..
    })) = g.steps.last().cloned()
    else {
        panic!("an excess question: {:?}", g.steps.last());
    };
    assert_eq!(to, vec![sp("PARIS")]);
    let k = excess as u8;
    assert!(k >= 2);
    // One unit too many, a unit type not there, a place that is not a capital.
    let t = refused(
        &mut g,
        Power::France,
        Action::Winter {
            to: None,
            units: units(k + 1, 0, 0),
        },
    );
    assert!(t.contains(&format!("exactly {k}")), "{t}");
    refused(
        &mut g,
        Power::France,
        Action::Winter {
            to: None,
            units: units(0, 0, k),
        },
    );
    let t = refused(
        &mut g,
        Power::France,
        Action::Winter {
            to: Some("LYON".into()),
            units: units(k, 0, 0),
        },
    );
    assert!(t.contains("allowed"), "{t}");
    // Another power may not answer.
    assert!(g
        .apply(
            rs(),
            Power::Spain,
            &Action::Winter {
                to: None,
                units: units(k, 0, 0)
            }
        )
        .is_err());
    // A restart in the middle of Winter: the state JSON round-trips and resumes.
    let json = serde_json::to_string(&g).expect("state serializes");
    let mut g: Game = serde_json::from_str(&json).expect("state reads back");
    // The owner keeps its mercenaries and sends regulars (the engine would have sent the
    // mercenaries first).
    let ev = act(
        &mut g,
        Power::France,
        Action::Winter {
            to: None,
            units: units(k, 0, 0),
        },
    );
    assert!(has(
        &ev,
        |k2| matches!(k2, EventKind::WinterQuarters { units, .. } if *units == excess)
    ));
    let lyon = g
        .board
        .at(sp("LYON"))
        .forces
        .iter()
        .find(|f| f.owner() == FR)
        .cloned()
        .expect("French force stays");
    assert_eq!(lyon.mercenaries, 2);
    assert_eq!(lyon.land(), number(ids::WINTER_STACK) as u32);
    assert!(land(&g, "PARIS", FR) >= paris + excess);
    assert_eq!(g.turn, 2, "Winter went on to the next turn");
}

// C-WINTER-QUARTERS: the standing answer `winter_default` answers Winter questions so an
// asynchronous game does not wait (mercenaries first), and says so.
#[test]
fn c_winter_quarters_standing_answer_does_not_wait() {
    let mut g = new_game(3);
    empire_answers_itself(&mut g);
    clear(&mut g, "LYON");
    {
        let f = g.board.force_mut(sp("LYON"), FR, None);
        f.regulars = 4;
        f.mercenaries = 2;
    }
    act(
        &mut g,
        Power::France,
        Action::SetStanding {
            standing: vqbot::engine::steps::Standing::WinterDefault,
            on: true,
        },
    );
    let ev = end_impulses(&mut g);
    assert_eq!(g.turn, 2);
    assert!(has(&ev, |k| matches!(
        k,
        EventKind::StandingApplied {
            power: Power::France,
            ..
        }
    )));
    let lyon = g
        .board
        .at(sp("LYON"))
        .forces
        .iter()
        .find(|f| f.owner() == FR)
        .cloned()
        .expect("French force stays");
    assert_eq!((lyon.regulars, lyon.mercenaries), (4, 0));
}

// C-WINTER-QUARTERS: of several equally near winter quarters the owner picks one.
#[test]
fn c_winter_quarters_equally_near_quarters_are_the_owners_choice() {
    let mut g = new_game(4);
    // A space of no French winter quarters next to two French fortified spaces.
    let r = rs();
    let fort = |g: &Game, s: vqbot::engine::SpaceId| {
        g.board.space_type(r, s).is_fortified() && g.board.controls(r, Power::France, s)
    };
    let (from, near) = r
        .space_ids()
        .filter(|s| !fort(&g, *s) && g.board.at(*s).forces.is_empty())
        .find_map(|s| {
            let n: Vec<_> = r.neighbours[s.idx()]
                .iter()
                .map(|(n, _)| *n)
                .filter(|n| fort(&g, *n) && !g.capitals_of(Power::France).contains(n))
                .collect();
            (n.len() >= 2).then_some((s, n))
        })
        .expect("the map has a space next to two French fortified spaces");
    g.board.force_mut(from, FR, None).regulars = 1;
    end_impulses(&mut g);
    assert_eq!(winter_question(&g), Some(Power::France));
    let Some(vqbot::engine::steps::Step::WinterQuarters(vqbot::engine::winter::WinterQuarters {
        to,
        ..
    })) = g.steps.last().cloned()
    else {
        panic!("a winter-quarters question: {:?}", g.steps.last());
    };
    for n in &near {
        assert!(to.contains(n), "{n:?} offered");
    }
    // A place not offered is refused; the second place offered is accepted.
    let t = refused(
        &mut g,
        Power::France,
        Action::Winter {
            to: Some(r.space(from).id.as_str().into()),
            units: Units::default(),
        },
    );
    assert!(t.contains("allowed"), "{t}");
    let pick = to[1];
    let ev = act(
        &mut g,
        Power::France,
        Action::Winter {
            to: Some(r.space(pick).id.as_str().into()),
            units: Units::default(),
        },
    );
    while let Some(p) = winter_question(&g) {
        let a = g.legal_actions(r, p).remove(0);
        act(&mut g, p, a);
    }
    assert!(has(&ev, |k| matches!(
        k,
        EventKind::WinterQuarters { from: f, to: t, units: 1, .. } if *f == from && *t == pick
    )));
    assert_eq!(land(&g, &r.space(from).id, FR), 0);
}

// C-WINTER-QUARTERS with R-PROT-WINTER (the seed wins): units never winter in a fortified space
// of another, allied power; they walk home through friendly spaces.
#[test]
fn c_winter_quarters_not_in_an_allys_fortress() {
    let rs = rs();
    let mut g = new_game(4);
    g.board
        .set_relation(Power::France, Power::Spain, Relation::Alliance);
    g.board.force_mut(sp("BARCELONA"), FR, None).regulars = 2;
    let mine = g.board.at(sp("BARCELONA")).forces.clone();
    let f = mine.iter().find(|f| f.owner() == FR).expect("French force");
    assert!(!g.is_winter_quarters(rs, f, sp("BARCELONA")));
    end_turn(&mut g);
    assert_eq!(land(&g, "BARCELONA", FR), 0);
    for s in rs.space_ids() {
        for f in &g.board.at(s).forces {
            if f.owner() == FR && f.land() > 0 {
                assert!(g.board.controls(rs, Power::France, s), "{}", rs.space(s).id);
                assert!(g.board.space_type(rs, s).is_fortified());
            }
        }
    }
}

// Issue 14 item 4: the inactive Irish regular in Derry (an unfortified home space) stays there
// through Winter instead of dying every turn.
#[test]
fn c_winter_quarters_inactive_minor_units_stay_home() {
    let mut g = new_game(5);
    let ireland = Owner::Minor(Minor::Ireland);
    let before = land(&g, "DERRY", ireland);
    assert!(before > 0, "the scenario puts an Irish regular in Derry");
    end_turn(&mut g);
    assert_eq!(land(&g, "DERRY", ireland), before);
    end_turn(&mut g);
    assert_eq!(land(&g, "DERRY", ireland), before);
}

// C-WINTER-REGULAR: a free regular in each capital the power controls that is not in unrest.
#[test]
fn c_winter_regular_each_capital_not_in_unrest() {
    let mut g = new_game(6);
    let free = |ev: &[Event]| -> Vec<String> {
        ev.iter()
            .filter_map(|e| match e.kind {
                EventKind::FreeRegular {
                    power: Power::Spain,
                    space,
                } => Some(rs().space(space).id.clone()),
                _ => None,
            })
            .collect()
    };
    let ev = end_turn(&mut g);
    assert_eq!(free(&ev), ["MADRID", "MILAN"]);
    g.board.spaces[sp("MILAN").idx()].unrest = true;
    let ev = end_turn(&mut g);
    assert_eq!(free(&ev), ["MADRID"]);
}

// C-WINTER-CAPITAL-RECALL: after a Winter a power may bring its units in a distant friendly
// fortress back to a capital it controls; not on the scenario's first turn, not to a space
// that is not such a capital.
#[test]
fn c_winter_capital_recall_brings_units_home() {
    let mut g = new_game(7);
    g.board.force_mut(sp("LYON"), FR, None).regulars = 2;
    let recall = |to: &str| Action::Recall {
        from: "LYON".into(),
        to: to.into(),
    };
    let m = refused(&mut g, Power::France, recall("PARIS"));
    assert!(m.contains("C-WINTER-CAPITAL-RECALL"), "{m}");
    end_turn(&mut g);
    assert_eq!(g.turn, 2);
    let lyon = land(&g, "LYON", FR);
    assert!(lyon > 0);
    let m = refused(&mut g, Power::France, recall("ROUEN"));
    assert!(
        m.contains("Paris") && m.contains("C-WINTER-CAPITAL-RECALL"),
        "{m}"
    );
    let paris = land(&g, "PARIS", FR);
    let ev = act(&mut g, Power::France, recall("PARIS"));
    assert!(has(&ev, |k| matches!(k, EventKind::Recalled { .. })));
    assert_eq!(land(&g, "LYON", FR), 0);
    assert_eq!(land(&g, "PARIS", FR), paris + lyon);
}

// ---------------------------------------------------------------- Diplomacy

// C-DIP-WAR-COST: a declaration without a card worth the cost is refused (with the cards that
// would do); with a 3-CP card at cost 2 the card is discarded and the war begins.
#[test]
fn c_dip_war_cost_paid_with_a_card() {
    let rs = rs();
    let mut g = new_game(8);
    let cost = rs
        .turn
        .war_cost(Power::Ottoman, Power::England)
        .expect("cost");
    assert_eq!(cost, 2);
    let (small, big) = (event_card(1), event_card(3));
    g.hands[Power::Ottoman as usize] = vec![small, big];
    let war = |card| Action::DeclareWar {
        target: Power::England,
        card,
    };
    let m = refused(&mut g, Power::Ottoman, war(None));
    assert!(
        m.contains("C-DIP-WAR-COST") && m.contains("costs 2 CP"),
        "{m}"
    );
    let m = refused(&mut g, Power::Ottoman, war(Some(small)));
    assert!(m.contains("C-DIP-WAR-COST"), "{m}");
    let ev = act(&mut g, Power::Ottoman, war(Some(big)));
    assert!(has(&ev, |k| matches!(
        k,
        EventKind::WarCostPaid { cost: 2, .. }
    )));
    assert_eq!(g.hands[Power::Ottoman as usize], vec![small]);
    assert!(g.discard.contains(&big));
    assert_eq!(
        g.board.relation(Power::Ottoman, Power::England),
        Relation::War
    );
}

// C-DIP-WAR-LIMITS: no war on an ally, nor on a power one made peace with this turn or the
// previous one; from the turn after, war is allowed again.
#[test]
fn c_dip_war_limits_ally_and_recent_peace() {
    let rs = rs();
    let mut g = new_game(9);
    let big = event_card(5);
    g.hands[Power::Spain as usize].push(big);
    // Spain and the Ottomans start at war (relations.csv); they make peace.
    act(
        &mut g,
        Power::Spain,
        Action::OfferPeace {
            target: Power::Ottoman,
        },
    );
    act(
        &mut g,
        Power::Ottoman,
        Action::Accept { from: Power::Spain },
    );
    assert_eq!(
        g.board.relation(Power::Spain, Power::Ottoman),
        Relation::Peace
    );
    let war = Action::DeclareWar {
        target: Power::Ottoman,
        card: Some(big),
    };
    let m = refused(&mut g, Power::Spain, war.clone());
    assert!(
        m.contains("C-DIP-WAR-LIMITS") && m.contains("turn 1"),
        "{m}"
    );
    let lock = number(ids::PEACE_LOCK_TURNS) as u8;
    g.turn = 1 + lock;
    refused(&mut g, Power::Spain, war.clone());
    g.turn = 2 + lock;
    act(&mut g, Power::Spain, war);
    assert_eq!(
        g.board.relation(Power::Spain, Power::Ottoman),
        Relation::War
    );
    // An ally cannot be attacked.
    g.board
        .set_relation(Power::England, Power::France, Relation::Alliance);
    g.hands[Power::England as usize].push(event_card(5));
    let m = refused(
        &mut g,
        Power::England,
        Action::DeclareWar {
            target: Power::France,
            card: Some(event_card(5)),
        },
    );
    assert!(m.contains("C-DIP-WAR-LIMITS"), "{m}");
    let _ = rs;
}

// C-DIP-PEACE: suing for peace ends the war at once; the enemy gains the war winner's VP.
#[test]
fn c_dip_peace_sue_gives_the_winner_vp() {
    // X-DIP-PEACE-HIS: `sue` is Here I Stand's, played only where the data switches it on.
    let mut on = rs().clone();
    on.turn.numbers.insert(ids::SUE_FOR_PEACE.into(), 1);
    let rs = &on;
    let act = |g: &mut Game, p: Power, a: Action| -> Vec<Event> {
        g.apply(rs, p, &a)
            .unwrap_or_else(|e| panic!("{p}: {a:?} refused: {e}"))
    };
    let refused = |g: &mut Game, p: Power, a: Action| -> String {
        let before = g.clone();
        let e: RuleError = g.apply(rs, p, &a).expect_err("must be refused");
        assert_eq!(*g, before, "a refused action changed the state");
        Texts::new(rs, Locale::En).rule_error(&e)
    };
    let mut g = new_game(10);
    let before = g.vp(rs, Power::Ottoman).total();
    // Suing needs a war.
    let m = refused(
        &mut g,
        Power::Spain,
        Action::SueForPeace {
            target: Power::England,
        },
    );
    assert!(m.contains("not at war"), "{m}");
    let ev = act(
        &mut g,
        Power::Spain,
        Action::SueForPeace {
            target: Power::Ottoman,
        },
    );
    assert_eq!(
        g.board.relation(Power::Spain, Power::Ottoman),
        Relation::Peace
    );
    let vp = number(ids::WAR_WINNER_VP);
    assert_eq!(vp, 1);
    // The suing power owes the data's units, announced (HIS 9.3 step 4), and now chooses them
    // itself: the question waits for Spain (tests/core_peace.rs answers it).
    let owed = number(ids::PEACE_UNITS_LOST);
    assert_eq!(owed, 2);
    assert!(has(&ev, |k| matches!(
        k,
        EventKind::PeaceUnitsOwed { power: Power::Spain, units } if *units == owed
    )));
    assert_eq!(
        g.awaiting(),
        Awaiting::One {
            power: Power::Spain,
            decision: Decision::PeaceUnits
        }
    );
    assert_eq!(g.vp(rs, Power::Ottoman).total(), before + vp);
    assert!(has(&ev, |k| matches!(
        k,
        EventKind::PeaceSued {
            by: Power::Spain,
            winner: Power::Ottoman,
            ..
        }
    )));
}

// X-DIP-PEACE-HIS: Virgin Queen has no sue-for-peace segment, so with the shipped data `sue` is
// refused (naming the negotiated peace instead), never listed, and the war goes on.
#[test]
fn x_dip_peace_his_sue_is_off_in_the_shipped_data() {
    assert_eq!(number(ids::SUE_FOR_PEACE), 0);
    let mut g = new_game(10);
    assert_eq!(
        g.board.relation(Power::Spain, Power::Ottoman),
        Relation::War
    );
    let m = refused(
        &mut g,
        Power::Spain,
        Action::SueForPeace {
            target: Power::Ottoman,
        },
    );
    assert!(m.contains("no suing for peace"), "{m}");
    assert!(m.contains("peace target:"), "{m}");
    assert!(!m.contains(".csv"), "a refusal names no data file: {m}");
    assert_eq!(
        g.board.relation(Power::Spain, Power::Ottoman),
        Relation::War
    );
    for p in Power::ALL {
        assert!(
            !g.legal_actions(rs(), *p)
                .iter()
                .any(|a| matches!(a, Action::SueForPeace { .. })),
            "{p} is offered `sue` with the switch off"
        );
    }
    // With the switch on it is listed for a power at war.
    let mut on = rs().clone();
    on.turn.numbers.insert(ids::SUE_FOR_PEACE.into(), 1);
    let listed = Power::ALL.iter().any(|p| {
        g.legal_actions(&on, *p)
            .iter()
            .any(|a| matches!(a, Action::SueForPeace { .. }))
    });
    assert!(
        listed,
        "the power in Diplomacy at war may sue when it is on"
    );
}

// C-DIP-RANSOM: a captured leader goes back to its owner's capital; the captor draws a card
// from the owner's hand. A leader nobody holds, or another power's leader, is refused.
#[test]
fn c_dip_ransom_returns_the_leader_for_a_card_to_the_capital_its_owner_names() {
    let mut g = new_game(11);
    // Alba is taken off the map as the Ottomans' captive.
    for s in g.board.spaces.iter_mut() {
        for f in s.forces.iter_mut() {
            f.leaders.retain(|l| l != "ALBA");
        }
    }
    g.off_map.retain(|l| l != "ALBA");
    g.captured.push(("ALBA".into(), Power::Ottoman));
    let (sp_n, ot_n) = (
        g.hands[Power::Spain as usize].len(),
        g.hands[Power::Ottoman as usize].len(),
    );
    let m = refused(
        &mut g,
        Power::France,
        Action::Ransom {
            leader: "GUISE".into(),
            to: None,
        },
    );
    assert!(m.contains("C-DIP-RANSOM") && m.contains("Alba"), "{m}");
    let m = refused(
        &mut g,
        Power::France,
        Action::Ransom {
            leader: "ALBA".into(),
            to: None,
        },
    );
    assert!(m.contains("C-DIP-RANSOM"), "{m}");
    // Spain holds two capitals: its player names the one Alba returns to.
    let m = refused(
        &mut g,
        Power::Spain,
        Action::Ransom {
            leader: "ALBA".into(),
            to: None,
        },
    );
    assert!(
        m.contains("C-DIP-RANSOM") && m.contains("Madrid") && m.contains("Milan"),
        "{m}"
    );
    let m = refused(
        &mut g,
        Power::Spain,
        Action::Ransom {
            leader: "ALBA".into(),
            to: Some("PARIS".into()),
        },
    );
    assert!(m.contains("Paris") && m.contains("C-DIP-RANSOM"), "{m}");
    assert_eq!(g.captured.len(), 1, "a refused ransom changes nothing");
    act(
        &mut g,
        Power::Spain,
        Action::Ransom {
            leader: "ALBA".into(),
            to: Some("MADRID".into()),
        },
    );
    let n = number(ids::RANSOM_CARDS) as usize;
    assert_eq!(g.hands[Power::Spain as usize].len(), sp_n - n);
    assert_eq!(g.hands[Power::Ottoman as usize].len(), ot_n + n);
    assert!(g.captured.is_empty());
    let madrid = g.board.at(sp("MADRID"));
    assert!(madrid
        .forces
        .iter()
        .any(|f| f.owner() == Owner::Major(Power::Spain) && f.leaders.contains(&"ALBA".into())));
}

// C-DIP-ALLIANCE: two majors at peace agree an alliance; it ends in Winter (peace at the next
// turn's start).
#[test]
fn c_dip_alliance_formed_and_ended_by_winter() {
    let mut g = new_game(12);
    act(
        &mut g,
        Power::England,
        Action::OfferAlliance {
            target: Power::France,
        },
    );
    act(
        &mut g,
        Power::France,
        Action::Accept {
            from: Power::England,
        },
    );
    assert_eq!(
        g.board.relation(Power::England, Power::France),
        Relation::Alliance
    );
    end_turn(&mut g);
    assert_eq!(g.turn, 2);
    assert_eq!(
        g.board.relation(Power::England, Power::France),
        Relation::Peace
    );
}

// ---------------------------------------------------------------- Card play

// C-CARD-DRAW: a power is dealt its key track's cards for the keys it holds plus its ruler's
// bonus, plus its home card; cards marked for 2-5 players are not dealt with 6.
#[test]
fn c_card_draw_track_bonus_and_home_card() {
    let rs = rs();
    let mut g = new_game(13);
    g.board
        .set_control(rs, sp("CALAIS"), Owner::Major(Power::England));
    assert_eq!(g.board.keys_held(rs, Power::England).len(), 5);
    let track = rs.key_track[&Power::England]
        .iter()
        .rev()
        .find(|(k, _)| *k <= 5)
        .map(|(_, c)| *c as usize)
        .expect("track row");
    let bonus = g.card_bonus(rs, Power::England) as usize;
    assert_eq!(g.hand_size(rs, Power::England), track + bonus);
    end_turn(&mut g);
    let hand = &g.hands[Power::England as usize];
    let home = hand
        .iter()
        .filter(|c| rs.card(**c).is_some_and(|c| c.kind == CardKind::Home))
        .count();
    assert_eq!(home, 1);
    assert_eq!(hand.len(), track + bonus + 1);
    // Six players: German Intervention and The Sublime Porte are nowhere.
    for name in ["German Intervention", "The Sublime Porte"] {
        let n = rs
            .cards
            .iter()
            .find(|c| c.name_en == name)
            .expect(name)
            .number;
        assert!(
            !g.deck.contains(&n) && !g.hands.iter().any(|h| h.contains(&n)),
            "{name}"
        );
        let three = new_game_with(powers(&[Power::Spain, Power::France, Power::England]), 1);
        assert!(
            three.deck.contains(&n) || three.hands.iter().any(|h| h.contains(&n)),
            "{name} is dealt with 3 players"
        );
    }
}

// C-CARD-IMPULSE: all powers passing in a row ends the Action phase; a card play breaks the
// streak.
#[test]
fn c_card_impulse_all_pass_in_a_row_ends_the_phase() {
    let mut g = new_game(14);
    empire_answers_itself(&mut g);
    for h in &mut g.hands {
        h.clear();
    }
    g.hands[Power::Ottoman as usize] = vec![event_card(3)];
    g.hands[Power::Spain as usize] = vec![event_card(4)];
    g.stage = Stage::Impulse {
        power: Power::Ottoman,
        passes: 3,
    };
    act(
        &mut g,
        Power::Ottoman,
        Action::Play {
            card: event_card(3),
            mode: CardMode::Cp,
        },
    );
    act(&mut g, Power::Ottoman, Action::EndImpulse);
    // The play broke the streak: Spain is asked, with no passes counted.
    assert_eq!(
        g.stage,
        Stage::Impulse {
            power: Power::Spain,
            passes: 0
        }
    );
    let ev = act(&mut g, Power::Spain, Action::Pass);
    // Spain's pass and the five automatic passes of empty hands end the phase.
    let passes = ev
        .iter()
        .filter(|e| matches!(e.kind, EventKind::Passed { .. }))
        .count();
    assert_eq!(passes, 6);
    assert_eq!(g.turn, 2);
}

// C-CARD-PASS: with administrative rating 2, three non-home cards forbid passing; two allow it.
// A mandatory event in hand forbids it too.
#[test]
fn c_card_pass_limited_by_admin_rating() {
    let rs = rs();
    let mut g = new_game(15);
    assert_eq!(g.admin_rating(rs, Power::England), 2);
    let c = event_card(2);
    g.hands[Power::England as usize] = vec![c, c + 1, c + 2];
    g.stage = Stage::Impulse {
        power: Power::England,
        passes: 0,
    };
    let m = refused(&mut g, Power::England, Action::Pass);
    assert!(m.contains("C-CARD-PASS") && m.contains("at most 2"), "{m}");
    let rudolf = rs
        .cards
        .iter()
        .find(|c| c.kind == CardKind::Mandatory)
        .expect("mandatory");
    g.hands[Power::England as usize] = vec![rudolf.number];
    let m = refused(&mut g, Power::England, Action::Pass);
    assert!(m.contains("C-CARD-PASS") && m.contains("mandatory"), "{m}");
    g.hands[Power::England as usize] = vec![c, c + 1];
    act(&mut g, Power::England, Action::Pass);
}

// C-CARD-MANDATORY: a mandatory event is played as its event (never for CP), then the power
// spends the data's CP.
#[test]
fn c_card_mandatory_event_then_cp() {
    let rs = rs();
    let mut g = new_game(16);
    let rudolf = rs
        .cards
        .iter()
        .find(|c| c.kind == CardKind::Mandatory)
        .expect("mandatory")
        .number;
    g.hands[Power::Empire as usize] = vec![rudolf];
    g.stage = Stage::Impulse {
        power: Power::Empire,
        passes: 0,
    };
    let m = refused(
        &mut g,
        Power::Empire,
        Action::Play {
            card: rudolf,
            mode: CardMode::Cp,
        },
    );
    assert!(m.contains("C-CARD-MANDATORY"), "{m}");
    let ev = act(
        &mut g,
        Power::Empire,
        Action::Play {
            card: rudolf,
            mode: CardMode::Event,
        },
    );
    assert!(has(&ev, |k| matches!(k, EventKind::RulerChanged { .. })));
    let cp = number(ids::MANDATORY_CP) as u8;
    assert_eq!(cp, 2);
    assert_eq!(
        g.stage,
        Stage::Cp {
            power: Power::Empire,
            cp
        }
    );
}

// C-DIP-WAR-LIMITS: a war on a minor with no ally (paid with a card, C-DIP-WAR-COST) lets its
// natural ally (natural_allies.csv) intervene. Whom to ask depends on public information only:
// the ally is asked even with an empty hand. It may decline, or declare war on the declarer with
// a card, and the minor becomes its ally. A minor that has an ally is refused.
#[test]
fn c_dip_war_limits_natural_ally_intervenes() {
    use vqbot::engine::board::Stance;
    let r = rs();
    assert_eq!(r.turn.natural_ally(Minor::Scotland), Some(Power::France));
    let big: Vec<u16> = r
        .cards
        .iter()
        .filter(|c| c.kind == CardKind::Event && c.cp >= 3)
        .map(|c| c.number)
        .take(2)
        .collect();
    let (eng, fra) = (big[0], big[1]);
    let mut g = new_game(21);
    for pile in [&mut g.deck, &mut g.discard] {
        pile.retain(|c| !big.contains(c));
    }
    for h in &mut g.hands {
        h.retain(|c| !big.contains(c));
    }
    g.hands[Power::England as usize].push(eng);
    let war = Action::WarOnMinor {
        minor: Minor::Scotland,
        card: Some(eng),
    };
    // Scotland starts allied with France (relations.csv): refused.
    assert_eq!(g.board.minor_ally(Minor::Scotland), Some(Power::France));
    refused(&mut g, Power::England, war.clone());
    g.board.set_minor_ally(Minor::Scotland, None);
    // No card named; a minor the war table does not list.
    let m = refused(
        &mut g,
        Power::England,
        Action::WarOnMinor {
            minor: Minor::Scotland,
            card: None,
        },
    );
    assert!(m.contains("C-DIP-WAR-COST"), "{m}");
    let m = refused(
        &mut g,
        Power::England,
        Action::WarOnMinor {
            minor: Minor::Ireland,
            card: Some(eng),
        },
    );
    assert!(m.contains("C-DIP-WAR-COST"), "{m}");
    // The war is listed among England's legal actions (with the card that pays), Ireland's
    // (no war-table row) is not.
    let legal = g.legal_actions(r, Power::England);
    assert!(legal.contains(&war), "{legal:?}");
    assert!(!legal.iter().any(|a| matches!(
        a,
        Action::WarOnMinor {
            minor: Minor::Ireland,
            ..
        }
    )));
    // France holds nothing and is asked anyway.
    let french_hand = std::mem::take(&mut g.hands[Power::France as usize]);
    let ev = act(&mut g, Power::England, war.clone());
    assert!(has(&ev, |k| matches!(
        k,
        EventKind::MinorWarDeclared {
            by: Power::England,
            minor: Minor::Scotland
        }
    )));
    assert!(g.discard.contains(&eng) && !g.hands[Power::England as usize].contains(&eng));
    assert_eq!(
        g.awaiting(),
        Awaiting::One {
            power: Power::France,
            decision: Decision::Intervene
        }
    );
    let home = r
        .minor_homes(Minor::Scotland)
        .next()
        .expect("a Scottish space");
    assert_eq!(g.board.space_stance(r, Power::England, home), Stance::Enemy);
    assert_eq!(g.board.space_stance(r, Power::Spain, home), Stance::Neutral);
    // Declining: no war between the majors, Scotland stays without an ally.
    let mut declined = g.clone();
    act(&mut declined, Power::France, Action::Forgo);
    assert_eq!(
        declined.board.relation(Power::England, Power::France),
        Relation::Peace
    );
    assert_eq!(declined.board.minor_ally(Minor::Scotland), None);
    assert!(matches!(declined.awaiting(), Awaiting::Simultaneous { .. }));
    // Intervening needs a war card and a declaration on the declarer only.
    g.hands[Power::France as usize] = french_hand;
    g.hands[Power::France as usize].push(fra);
    refused(
        &mut g,
        Power::France,
        Action::DeclareWar {
            target: Power::England,
            card: None,
        },
    );
    refused(
        &mut g,
        Power::France,
        Action::DeclareWar {
            target: Power::Spain,
            card: Some(fra),
        },
    );
    let ev = act(
        &mut g,
        Power::France,
        Action::DeclareWar {
            target: Power::England,
            card: Some(fra),
        },
    );
    assert!(has(&ev, |k| matches!(
        k,
        EventKind::WarDeclared {
            by: Power::France,
            target: Power::England
        }
    )));
    assert_eq!(
        g.board.relation(Power::England, Power::France),
        Relation::War
    );
    assert_eq!(g.board.minor_ally(Minor::Scotland), Some(Power::France));
    // England's own war on Scotland is over: it is now the war with France.
    assert!(has(&ev, |k| matches!(
        k,
        EventKind::MinorWarEnded {
            power: Power::England,
            minor: Minor::Scotland,
            ally: Power::France
        }
    )));
    assert!(g.board.minor_wars.is_empty());
    assert!(g.discard.contains(&fra));
    assert_eq!(g.board.space_stance(r, Power::England, home), Stance::Enemy);
    // A second war on Scotland is refused: it now has an ally.
    refused(&mut g, Power::England, war);
}

// C-CARD-MANDATORY: a mandatory event not played by its due turn (data) is resolved in Winter by
// the power the data names when nobody holds it, then removed as the data says; with no due
// turn known (the shipped Virgin Queen data) it is never resolved automatically.
#[test]
fn c_card_mandatory_overdue_resolved_in_winter() {
    let rudolf = rs()
        .cards
        .iter()
        .find(|c| c.kind == CardKind::Mandatory)
        .expect("mandatory")
        .number;
    let due = rs()
        .turn
        .mandatory
        .iter()
        .find(|m| m.card == rudolf)
        .copied()
        .expect("Rudolf II has a row in mandatory_events.csv");
    assert_eq!(due.due_turn, None, "Virgin Queen's due turn is not known");
    let run = |r: &vqbot::engine::Ruleset| {
        let mut g = new_game(17);
        g.deck.retain(|c| *c != rudolf);
        g.deck.insert(0, rudolf);
        for h in &mut g.hands {
            h.clear();
        }
        g.stage = Stage::Cp {
            power: Power::Ottoman,
            cp: 1,
        };
        let mut ev = g
            .apply(r, Power::Ottoman, &Action::EndImpulse)
            .expect("end impulse");
        if matches!(
            g.steps.last(),
            Some(vqbot::engine::steps::Step::WithdrawLeaders(_))
        ) {
            ev.extend(
                g.apply(
                    r,
                    Power::Protestant,
                    &Action::WithdrawLeaders { leaders: vec![] },
                )
                .expect("withdraw"),
            );
        }
        while let Some(p) = winter_question(&g) {
            let a = g.legal_actions(r, p).remove(0);
            ev.extend(g.apply(r, p, &a).expect("winter answer"));
        }
        (g, ev)
    };
    // No due turn: nothing happens in Winter.
    let (g, ev) = run(rs());
    assert!(!has(&ev, |k| matches!(
        k,
        EventKind::MandatoryOverdue { .. }
    )));
    assert!(g.ruler_override[Power::Empire as usize].is_none());
    // Due on turn 1: resolved in turn 1's Winter by the Empire, then removed.
    let mut r = rs().clone();
    for m in &mut r.turn.mandatory {
        if m.card == rudolf {
            m.due_turn = Some(1);
        }
    }
    let (g, ev) = run(&r);
    assert_eq!(g.turn, 2);
    assert!(has(&ev, |k| matches!(
        k,
        EventKind::MandatoryOverdue {
            power: Power::Empire,
            removed: true,
            ..
        }
    )));
    assert!(has(&ev, |k| matches!(k, EventKind::RulerChanged { .. })));
    assert!(g.ruler_override[Power::Empire as usize].is_some());
    assert!(g.removed.contains(&rudolf));
    assert!(!g.deck.contains(&rudolf) && !g.hands.iter().any(|h| h.contains(&rudolf)));
}

// C-ACT-COSTS: the CP costs in the data equal the core list (Here I Stand values).
#[test]
fn c_act_costs_match_the_core_list() {
    let rs = rs();
    for (action, cp) in [
        ("move", 1),
        ("move_pass", 2),
        ("naval_move", 1),
        ("buy_mercenary", 1),
        ("raise_regular", 2),
        ("build_squadron", 2),
        ("assault", 1),
        ("control_unfortified", 1),
        ("raise_cavalry", 1),
        ("fight_foreign_war", 1),
    ] {
        assert_eq!(rs.cost(action), Some(cp), "{action}");
    }
}

// ---------------------------------------------------------------- Victory

// C-VP-KEYS: VP come from the power's key track (issue 27 item 9: the reconstructed tracks are
// 6 VP + 1 a key, so England with 4 keys has 10, the Ottoman with 7 has 13; Here I Stand's gave
// 5 and 14); the Protestant scores per key by marker row (R-PROT-KEYS).
#[test]
fn c_vp_keys_from_the_track() {
    let rs = rs();
    let mut g = new_game(17);
    assert_eq!(g.board.keys_held(rs, Power::England).len(), 4);
    assert_eq!(
        g.vp(rs, Power::England).keys,
        rs.turn.key_track_vp(Power::England, 4)
    );
    assert_eq!(g.vp(rs, Power::England).keys, 6 + 4);
    assert_eq!(g.vp(rs, Power::Ottoman).keys, 6 + 7);
    g.board
        .set_control(rs, sp("AMSTERDAM"), Owner::Major(Power::Protestant));
    g.board
        .set_control(rs, sp("LYON"), Owner::Major(Power::Protestant));
    assert_eq!(g.vp(rs, Power::Protestant).keys, 3 + 2);
}

/// Bonus VP so that the totals are `want` (indexed by power).
fn set_totals(g: &mut Game, want: [i32; 6]) {
    let now = g.vp_totals(rs());
    for p in Power::ALL {
        g.bonus_vp[*p as usize] += want[*p as usize] - now[*p as usize];
    }
    assert_eq!(g.vp_totals(rs()), want);
}

fn over(g: &Game) -> Option<(Vec<Power>, EndReason)> {
    match &g.stage {
        Stage::Over { winners, reason } => Some((winners.clone(), *reason)),
        _ => None,
    }
}

// C-VP-STANDARD: 25 VP alone at the top wins at Victory Determination; a tie at the top does
// not (the game goes on).
#[test]
fn c_vp_standard_25_alone_wins() {
    let mut g = new_game(18);
    assert_eq!(number(ids::STANDARD_VP), 25);
    set_totals(&mut g, [25, 25, 10, 10, 10, 10]);
    end_turn(&mut g);
    assert!(over(&g).is_none(), "a tie at 25 decides nothing");
    let mut g = new_game(18);
    set_totals(&mut g, [10, 25, 10, 22, 10, 10]);
    end_turn(&mut g);
    assert_eq!(
        over(&g),
        Some((vec![Power::Spain], EndReason::Standard { vp: 25 }))
    );
}

// C-VP-DOMINATION: from the end of turn 4, a lead of 5 over every other power wins; not on
// turn 3.
#[test]
fn c_vp_domination_from_turn_4() {
    let rs = rs();
    let mut g = new_game(19);
    let vp = [15, 15, 15, 20, 15, 15];
    g.turn = 3;
    assert_eq!(g.turn_winner(rs, &vp), None);
    g.turn = 4;
    assert_eq!(
        g.turn_winner(rs, &vp),
        Some((Power::France, EndReason::Domination { vp: 20, lead: 5 }))
    );
    assert_eq!(g.turn_winner(rs, &[15, 15, 16, 20, 15, 15]), None);
    // In play: the game ends at turn 4's Victory Determination.
    g.turn = 4;
    set_totals(&mut g, [15, 15, 15, 20, 15, 15]);
    end_turn(&mut g);
    assert_eq!(
        over(&g),
        Some((
            vec![Power::France],
            EndReason::Domination { vp: 20, lead: 5 }
        ))
    );
}

// C-VP-DOMINATION with R-HRE-SECRET (b): the Empire reveals its choice when its VP stop another
// power's domination victory, and the game goes on.
#[test]
fn c_vp_domination_stopped_by_the_empire_secret() {
    let rs = rs();
    let mut g = new_game(20);
    g.empire.secret = Some((EmpireChoice::Catholic, "salt".into()));
    let extra = rs.empire_religion_vp[&EmpireChoice::Catholic] as i32;
    assert!(extra > 0);
    g.turn = 4;
    set_totals(&mut g, [15, 15, 15, 20, 15, 15]);
    end_turn(&mut g);
    assert!(over(&g).is_none(), "{:?}", g.stage);
    assert!(g.empire.revealed);
}

// C-VP-MILITARY: a power that takes the last key of its track wins at once (France: the data's
// number of keys).
#[test]
fn c_vp_military_last_box_wins_at_once() {
    let rs = rs();
    let mut g = new_game(21);
    let need = rs
        .turn
        .power_number(ids::MILITARY_KEYS, Power::France)
        .expect("France's number") as usize;
    let mut free: Vec<_> = rs
        .space_ids()
        .filter(|s| {
            rs.space(*s).kind == vqbot::engine::power::SpaceType::Key
                && !g.board.controls(rs, Power::France, *s)
        })
        .collect();
    while g.board.keys_held(rs, Power::France).len() + 1 < need {
        let s = free.remove(0);
        g.board.set_control(rs, s, FR);
    }
    assert!(over(&g).is_none());
    let last = rs.space(free[0]).id.clone();
    act(
        &mut g,
        Power::England,
        Action::Adjust(Adjustment::Control {
            space: last,
            owner: FR,
        }),
    );
    assert_eq!(
        over(&g),
        Some((
            vec![Power::France],
            EndReason::Military {
                power: Power::France,
                keys: need as u32
            }
        ))
    );
}

// C-VP-END: after the last turn the most VP win (22 beats 21); a tie shares the win as the
// data says.
#[test]
fn c_vp_end_most_vp_after_the_last_turn() {
    let rs = rs();
    let last = rs.scenario("1559").expect("1559").last_turn;
    let mut g = new_game(22);
    g.turn = last;
    set_totals(&mut g, [10, 21, 10, 22, 10, 10]);
    end_turn(&mut g);
    assert_eq!(
        over(&g),
        Some((vec![Power::France], EndReason::LastTurn { vp: 22 }))
    );
    let mut g = new_game(22);
    g.turn = last;
    set_totals(&mut g, [10, 22, 10, 22, 10, 10]);
    end_turn(&mut g);
    let winners = over(&g).expect("over").0;
    if number(ids::TIES_SHARE_WIN) == 1 {
        assert_eq!(winners, vec![Power::Spain, Power::France]);
    } else {
        assert!(winners.is_empty());
    }
}

// C-WINTER-QUARTERS and C-DIP-WAR-LIMITS at the table: the `winter` answer and a war on a minor
// in English and Russian, down to the engine's actions, and written back as command lines.
#[test]
fn c_winter_quarters_and_minor_war_commands() {
    use vqbot::table::command::parse;
    use vqbot::table::convert::{action_line, to_action};
    let g = new_game(1);
    let act = |line: &str| -> Action {
        let cmd = parse(line).unwrap_or_else(|e| panic!("{line}: {e:?}"));
        to_action(rs(), &g, Power::France, &cmd)
            .expect("a game action")
            .unwrap_or_else(|e| panic!("{line}: {e:?}"))
    };
    let w = act("winter to:paris units:2r 1m");
    assert_eq!(
        w,
        Action::Winter {
            to: Some("PARIS".into()),
            units: units(2, 1, 0),
        }
    );
    assert_eq!(act("зимовка куда:париж войска:2r 1m"), w);
    assert_eq!(
        action_line(&w, Power::France, true).as_deref(),
        Some("winter to:PARIS units:2r 1m power:france")
    );
    let war = act("war target:scotland card:3");
    assert_eq!(
        war,
        Action::WarOnMinor {
            minor: Minor::Scotland,
            card: Some(3)
        }
    );
    assert_eq!(act("война против:шотландия карта:3"), war);
    assert!(matches!(
        act("war target:england card:3"),
        Action::DeclareWar {
            target: Power::England,
            ..
        }
    ));
}

// C-WINTER-REGULAR (Virgin Queen, rules digest S:5): instead of a free regular the Empire chooses,
// in Winter, one regular or the data's number of mercenaries in its capital; any other answer is
// refused naming both; the standing answer takes the regular.
#[test]
fn c_winter_regular_empire_chooses_regular_or_mercenaries() {
    let mut g = new_game(5);
    let mercs = number(ids::EMPIRE_WINTER_MERCENARIES) as u8;
    assert_eq!(mercs, 2);
    let vienna = |g: &Game| -> (u8, u8) {
        g.board
            .at(sp("VIENNA"))
            .forces
            .iter()
            .find(|f| f.owner() == Owner::Major(Power::Empire))
            .map_or((0, 0), |f| (f.regulars, f.mercenaries))
    };
    let mut std_game = g.clone();
    end_impulses(&mut g);
    assert_eq!(
        g.awaiting(),
        Awaiting::One {
            power: Power::Empire,
            decision: Decision::EmpireWinterUnit
        }
    );
    assert_eq!(g.turn, 1, "Winter waits for the Empire");
    let winter = |r: u8, m: u8| Action::Winter {
        to: None,
        units: vqbot::engine::Units {
            regulars: r,
            mercenaries: m,
            ..Default::default()
        },
    };
    let legal = g.legal_actions(rs(), Power::Empire);
    assert!(legal.contains(&winter(1, 0)) && legal.contains(&winter(0, mercs)));
    let m = refused(&mut g, Power::Empire, winter(0, 3));
    assert!(
        m.contains("C-WINTER-REGULAR") && m.contains("1 regular"),
        "{m}"
    );
    let ev = act(&mut g, Power::Empire, winter(0, mercs));
    assert!(has(&ev, |k| matches!(
        k,
        EventKind::EmpireWinterMercenaries { mercenaries, .. } if *mercenaries == mercs
    )));
    assert!(!has(&ev, |k| matches!(
        k,
        EventKind::FreeRegular {
            power: Power::Empire,
            ..
        }
    )));
    assert_eq!(g.turn, 2, "Winter went on");
    // With the standing answer: the regular, at once.
    empire_answers_itself(&mut std_game);
    let ev = end_turn(&mut std_game);
    assert!(has(&ev, |k| matches!(
        k,
        EventKind::FreeRegular {
            power: Power::Empire,
            ..
        }
    )));
    assert_eq!(std_game.turn, 2);
    // The same Winter either way but for the choice: one regular more, or `mercs` mercenaries.
    let (a, b) = (vienna(&g), vienna(&std_game));
    assert_eq!(
        (b.0, a.1),
        (a.0 + 1, b.1 + mercs),
        "mercenaries {a:?}, regular {b:?}"
    );
}

// C-WINTER-QUARTERS with the 1559 setup: no land unit of the scenario stands where the first
// Winter must destroy it (an unfortified space with no land path to winter quarters, as a
// regular in Tripoli did), so nobody loses units to attrition in a turn in which nothing moved.
#[test]
fn c_winter_quarters_no_setup_unit_is_lost_in_the_first_winter() {
    let mut g = new_game(7);
    let ev = end_turn(&mut g);
    let lost: Vec<String> = ev
        .iter()
        .filter_map(|e| match &e.kind {
            EventKind::WinterAttrition { owner, space, .. } => {
                Some(format!("{owner:?} in {}", rs().space(*space).id))
            }
            _ => None,
        })
        .collect();
    assert!(lost.is_empty(), "attrition in the first Winter: {lost:?}");
    assert!(has(&ev, |k| matches!(k, EventKind::WinterQuarters { .. })));
}

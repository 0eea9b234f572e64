//! Issue 13, the parts left after the first land merge: the besieged joining a relief battle
//! (C-RELIEF), only the beaten or besieging formation held after a battle or a siege
//! (C-MOVE-ENTER), the card window after the roll (C-BATTLE-CARDS), response windows on events
//! (C-CARD-RESPONSE) and the standing answers for these questions and for retreats.

use crate::land_support;

use land_support::*;
use vqbot::engine::action::CardMode;
use vqbot::engine::power::Source;
use vqbot::engine::ruleset::CardKind;
use vqbot::engine::steps::Standing;
use vqbot::engine::{Action, Decision, Event, EventKind, Game, Power, Ruleset, Stage};

/// (attacker dice, defender dice, winner) of the field battle in `ev`.
fn battle(ev: &[Event]) -> Option<(usize, usize, vqbot::engine::Owner)> {
    ev.iter().find_map(|e| match &e.kind {
        EventKind::FieldBattle {
            attacker,
            defender,
            winner,
            ..
        } => Some((attacker.dice.len(), defender.dice.len(), *winner)),
        _ => None,
    })
}

fn set_standing(g: &mut Game, p: Power, st: Standing) {
    ok(
        g,
        p,
        Action::SetStanding {
            standing: st,
            on: true,
        },
    );
}

/// Paris besieged by Spain (4 regulars) with 3 French regulars inside; France, in its CP step,
/// has 4 regulars in Orleans to relieve it.
fn relief_base() -> Game {
    let mut g = arena(&[Power::Spain, Power::France], 21, 6);
    g.stage = Stage::Cp {
        power: Power::France,
        cp: 6,
    };
    put(&mut g, "PARIS", SPAIN, 4, 0, 0);
    put(&mut g, "PARIS", FRANCE, 3, 0, 0);
    g.board.spaces[sp("PARIS").idx()].besieged_by = Some(Power::Spain);
    g.board.set_control(rs(), sp("ST_DIZIER"), SPAIN);
    put(&mut g, "ORLEANS", FRANCE, 4, 0, 0);
    set_standing(&mut g, Power::Spain, Standing::NeverAvoid);
    g
}

/// The relief moves in; France brings the besieged out (`sally`); every other question gets the
/// first legal answer.
fn relieve_with_sally(g: &mut Game) -> Vec<Event> {
    let mut ev = ok(g, Power::France, mv("ORLEANS", "PARIS", 4, &[]));
    assert_eq!(asked(g), Some((Power::France, Decision::JoinRelief)));
    ev.extend(ok(g, Power::France, Action::JoinRelief));
    answer(g, &mut ev, first);
    ev
}

// C-RELIEF: the besieged power is asked whether its units come out; those that do roll with the
// relief. A relief that wins lifts the siege and the besiegers retreat to a legal neighbour.
#[test]
fn c_relief_besieged_may_join_and_a_win_lifts_the_siege() {
    let base = relief_base();
    let (g, ev) = find(&base, relieve_with_sally, |_, ev| {
        battle(ev).is_some_and(|b| b.2 == FRANCE)
    });
    assert!(has(&ev, |k| matches!(
        k,
        EventKind::JoinedRelief {
            power: Power::France,
            units: 3,
            ..
        }
    )));
    let (att, def, _) = battle(&ev).expect("battle");
    assert_eq!(att, 7, "4 relief + 3 besieged who came out");
    assert_eq!(def, 5, "4 besiegers + 1 for the defender");
    assert!(has(&ev, |k| matches!(k, EventKind::SiegeLifted { .. })));
    assert_eq!(g.board.at(sp("PARIS")).besieged_by, None);
    assert_eq!(land(&g, "PARIS", SPAIN), 0);
    assert!(
        land(&g, "ST_DIZIER", SPAIN) > 0,
        "besiegers in a legal neighbour"
    );

    // Declining keeps them inside: only the relief rolls.
    let mut g = relief_base();
    let mut ev = ok(&mut g, Power::France, mv("ORLEANS", "PARIS", 4, &[]));
    ev.extend(ok(&mut g, Power::France, Action::Forgo));
    answer(&mut g, &mut ev, first);
    assert_eq!(
        battle(&ev).expect("battle").0,
        4,
        "the besieged stay inside"
    );
}

// C-RELIEF: a beaten relief retreats; the besieged who came out and survived go back inside and
// the siege goes on.
#[test]
fn c_relief_beaten_the_besieged_go_back_inside() {
    let mut base = relief_base();
    put(&mut base, "PARIS", SPAIN, 8, 0, 0); // 12 besiegers
    let (g, ev) = find(&base, relieve_with_sally, |g, ev| {
        battle(ev).is_some_and(|b| b.2 == SPAIN)
            && land(g, "ORLEANS", FRANCE) > 0
            && has(ev, |k| matches!(k, EventKind::BackInside { .. }))
    });
    let back: u32 = ev
        .iter()
        .find_map(|e| match e.kind {
            EventKind::BackInside { units, .. } => Some(units),
            _ => None,
        })
        .expect("back inside");
    assert!((1..=3).contains(&back), "at most the 3 that came out");
    assert_eq!(land(&g, "PARIS", FRANCE), back, "survivors inside again");
    assert_eq!(g.board.at(sp("PARIS")).besieged_by, Some(Power::Spain));
    assert!(
        !has(&ev, |k| matches!(k, EventKind::SiegeLifted { .. })),
        "the siege goes on"
    );
    assert!(land(&g, "ORLEANS", FRANCE) > 0, "the relief went back");
}

// C-RELIEF: the standing answers `always_join_relief` / `never_join_relief` answer the question
// and are announced; they exclude each other.
#[test]
fn c_relief_standing_answers_join_or_stay() {
    let mut g = relief_base();
    set_standing(&mut g, Power::France, Standing::AlwaysJoinRelief);
    let ev = ok(&mut g, Power::France, mv("ORLEANS", "PARIS", 4, &[]));
    assert!(has(&ev, |k| matches!(
        k,
        EventKind::StandingApplied {
            standing: Standing::AlwaysJoinRelief,
            decision: Decision::JoinRelief,
            ..
        }
    )));
    assert!(has(&ev, |k| matches!(k, EventKind::JoinedRelief { .. })));

    let mut g = relief_base();
    set_standing(&mut g, Power::France, Standing::AlwaysJoinRelief);
    set_standing(&mut g, Power::France, Standing::NeverJoinRelief);
    assert!(!g.has_standing(Power::France, Standing::AlwaysJoinRelief));
    let ev = ok(&mut g, Power::France, mv("ORLEANS", "PARIS", 4, &[]));
    assert!(!has(&ev, |k| matches!(k, EventKind::JoinedRelief { .. })));
    assert_ne!(asked(&g), Some((Power::France, Decision::JoinRelief)));
}

// C-MOVE-ENTER: only the formation that lost the battle is held for the rest of the impulse;
// other units of the same power in the space it retreated to still move.
#[test]
fn c_move_enter_only_the_beaten_formation_is_held() {
    let mut base = arena(&[Power::Spain, Power::France], 31, 6);
    base.board.set_control(rs(), sp("DIJON"), SPAIN);
    put(&mut base, "DIJON", SPAIN, 4, 0, 0);
    put(&mut base, "ORLEANS", FRANCE, 7, 0, 0);
    let run = |g: &mut Game| {
        let mut ev = ok(g, Power::Spain, mv("DIJON", "ORLEANS", 2, &[]));
        answer(g, &mut ev, first);
        ev
    };
    let (g, _) = find(&base, run, |g, _| {
        land(g, "ORLEANS", SPAIN) == 0 && land(g, "DIJON", SPAIN) == 4
    });
    // Two beaten units are back in Dijon with the two that never moved.
    let mut too_many = g.clone();
    let m = refused(&mut too_many, Power::Spain, mv("DIJON", "BESANCON", 3, &[]));
    assert!(m.contains("lost a battle or began a siege"), "{m}");
    let mut fresh = g.clone();
    ok(&mut fresh, Power::Spain, mv("DIJON", "BESANCON", 2, &[]));
    assert_eq!(land(&fresh, "BESANCON", SPAIN), 2);
}

// C-MOVE-ENTER: the beaten formation's leader is held with it; the fresh units move without him.
#[test]
fn c_move_enter_the_beaten_leader_is_held_too() {
    let mut base = arena(&[Power::Spain, Power::France], 39, 6);
    base.board.set_control(rs(), sp("DIJON"), SPAIN);
    put(&mut base, "DIJON", SPAIN, 4, 0, 0);
    lead(&mut base, "DIJON", SPAIN, "ALBA");
    put(&mut base, "ORLEANS", FRANCE, 8, 0, 0);
    let run = |g: &mut Game| {
        let mut ev = ok(g, Power::Spain, mv("DIJON", "ORLEANS", 2, &["ALBA"]));
        answer(g, &mut ev, first);
        ev
    };
    let (g, _) = find(&base, run, |g, _| {
        land(g, "ORLEANS", SPAIN) == 0
            && land(g, "DIJON", SPAIN) >= 3
            && g.board
                .at(sp("DIJON"))
                .forces
                .iter()
                .any(|f| f.leaders.contains(&"ALBA".to_string()))
    });
    let m = refused(
        &mut g.clone(),
        Power::Spain,
        mv("DIJON", "BESANCON", 2, &["ALBA"]),
    );
    assert!(m.contains("lost a battle or began a siege"), "{m}");
    let mut fresh = g.clone();
    ok(&mut fresh, Power::Spain, mv("DIJON", "BESANCON", 2, &[]));
    // The listing offers only what may move: never Alba.
    let listed = g.legal_actions(rs(), Power::Spain);
    assert!(listed.iter().all(|a| !matches!(a,
        Action::Move { from, units, .. } if from == "DIJON" && units.leaders.iter().any(|l| l == "ALBA"))));
    assert!(listed
        .iter()
        .any(|a| matches!(a, Action::Move { from, .. } if from == "DIJON")));
}

// C-MOVE-ENTER: besiegers that began a siege this impulse are held, but units of the same power
// arriving later in that space may go on.
#[test]
fn c_move_enter_units_arriving_after_a_siege_began_may_move() {
    let mut g = arena(&[Power::Spain, Power::France], 32, 8);
    g.board.set_control(rs(), sp("ORLEANS"), SPAIN);
    put(&mut g, "ORLEANS", SPAIN, 4, 0, 0);
    let mut ev = ok(&mut g, Power::Spain, mv("ORLEANS", "PARIS", 2, &[]));
    answer(&mut g, &mut ev, first);
    assert!(has(&ev, |k| matches!(k, EventKind::SiegeStarted { .. })));
    let mut ev = ok(&mut g, Power::Spain, mv("ORLEANS", "PARIS", 2, &[]));
    answer(&mut g, &mut ev, first);
    let m = refused(&mut g.clone(), Power::Spain, mv("PARIS", "ORLEANS", 3, &[]));
    assert!(m.contains("lost a battle or began a siege"), "{m}");
    ok(&mut g, Power::Spain, mv("PARIS", "ORLEANS", 2, &[]));
}

/// The ruleset with card 12 a combat card that changes rolled dice and card 14 a plain combat
/// card (test data, not Virgin Queen's).
fn dice_cards() -> Ruleset {
    let mut r = with_card_kind(12, CardKind::Combat);
    for c in &mut r.cards {
        if c.number == 12 {
            c.after_roll = Some(Source::His);
        }
        if c.number == 14 {
            c.kind = CardKind::Combat;
        }
    }
    r
}

// C-BATTLE-CARDS: a second window after the roll is announced and before hits are taken, for
// cards that change rolled dice only, asked of the sides in the battle.
#[test]
fn c_battle_cards_second_window_after_the_roll() {
    let r = dice_cards();
    let mut g = arena(&[Power::Spain, Power::France, Power::England], 33, 6);
    g.board.set_control(&r, sp("DIJON"), SPAIN);
    put(&mut g, "DIJON", SPAIN, 3, 0, 0);
    put(&mut g, "ORLEANS", FRANCE, 2, 0, 0);
    for h in &mut g.hands {
        h.retain(|c| *c != 12 && *c != 14);
    }
    g.hands[Power::France as usize].extend([12, 14]);
    let apply = |g: &mut Game, p: Power, a: Action| g.apply(&r, p, &a).expect("accepted");
    apply(
        &mut g,
        Power::France,
        Action::SetStanding {
            standing: Standing::NeverAvoid,
            on: true,
        },
    );
    let mut ev = apply(&mut g, Power::Spain, mv("DIJON", "ORLEANS", 3, &[]));
    // The first window, before the dice.
    assert_eq!(asked(&g), Some((Power::Spain, Decision::CombatCard)));
    ev.extend(apply(&mut g, Power::Spain, Action::Forgo));
    ev.extend(apply(&mut g, Power::France, Action::Forgo));
    // The roll is announced; no hit is taken yet.
    assert!(battle(&ev).is_some(), "the dice are rolled and announced");
    assert!(!has(&ev, |k| matches!(
        k,
        EventKind::CasualtiesTaken { .. }
    )));
    assert_eq!(asked(&g), Some((Power::Spain, Decision::DiceCard)));
    ev.extend(apply(&mut g, Power::Spain, Action::Forgo));
    assert_eq!(asked(&g), Some((Power::France, Decision::DiceCard)));
    let plain = Action::Play {
        card: 14,
        mode: CardMode::Event,
    };
    let before = g.state_hash();
    let e = g
        .apply(&r, Power::France, &plain)
        .expect_err("not a dice card");
    assert_eq!(before, g.state_hash());
    let m =
        vqbot::table::messages::Texts::new(&r, vqbot::table::messages::Locale::En).rule_error(&e);
    assert!(m.contains("does not change rolled dice"), "{m}");
    assert!(m.contains("C-BATTLE-CARDS"), "{m}");
    let ev2 = apply(
        &mut g,
        Power::France,
        Action::Play {
            card: 12,
            mode: CardMode::Event,
        },
    );
    assert!(has(&ev2, |k| matches!(
        k,
        EventKind::CardPlayed {
            power: Power::France,
            card: 12,
            ..
        }
    )));
    assert!(g.discard.contains(&12));
    assert!(!g.hands[Power::France as usize].contains(&12));
    assert_ne!(asked(&g).map(|x| x.1), Some(Decision::DiceCard));
}

// C-BATTLE-CARDS: with no card that changes dice outstanding (public: all discarded or removed),
// the second window never opens.
#[test]
fn c_battle_cards_no_second_window_without_dice_cards() {
    let r = dice_cards();
    let mut g = arena(&[Power::Spain, Power::France], 34, 6);
    g.discard.push(12);
    g.board.set_control(&r, sp("DIJON"), SPAIN);
    put(&mut g, "DIJON", SPAIN, 3, 0, 0);
    put(&mut g, "ORLEANS", FRANCE, 2, 0, 0);
    let mut ev = g
        .apply(&r, Power::Spain, &mv("DIJON", "ORLEANS", 3, &[]))
        .expect("move");
    for _ in 0..20 {
        match asked(&g) {
            Some((p, d)) if d != Decision::SpendCp => {
                assert_ne!(d, Decision::DiceCard);
                let a = g.legal_actions(&r, p)[0].clone();
                ev.extend(g.apply(&r, p, &a).expect("answer"));
            }
            _ => break,
        }
    }
    assert!(battle(&ev).is_some());
}

// C-CARD-RESPONSE: when an event is played, every other power in play is asked for a response
// card before the event resolves; a card played there is announced and discarded.
#[test]
fn c_card_response_window_on_an_event() {
    let r = with_card_kind(13, CardKind::Response);
    let mut g = arena(&[Power::Spain, Power::France, Power::England], 35, 6);
    for h in &mut g.hands {
        h.retain(|c| *c != 13 && *c != 16);
    }
    g.hands[Power::Spain as usize].push(16);
    g.hands[Power::England as usize].push(13);
    g.stage = Stage::Impulse {
        power: Power::Spain,
        passes: 0,
    };
    let play = |card| Action::Play {
        card,
        mode: CardMode::Event,
    };
    let ev = g.apply(&r, Power::Spain, &play(16)).expect("event");
    assert!(has(&ev, |k| matches!(
        k,
        EventKind::CardPlayed { card: 16, .. }
    )));
    assert!(
        !has(&ev, |k| matches!(
            k,
            EventKind::EventNotAutomated { card: 16, .. }
        )),
        "the event waits for the response window"
    );
    assert_eq!(asked(&g), Some((Power::England, Decision::ResponseCard)));
    let ev = g.apply(&r, Power::England, &play(13)).expect("response");
    assert!(has(&ev, |k| matches!(
        k,
        EventKind::CardPlayed {
            power: Power::England,
            card: 13,
            ..
        }
    )));
    assert!(g.discard.contains(&13));
    assert_eq!(asked(&g), Some((Power::France, Decision::ResponseCard)));
    let ev = g.apply(&r, Power::France, &Action::Forgo).expect("forgo");
    assert!(has(&ev, |k| matches!(
        k,
        EventKind::EventNotAutomated { card: 16, .. }
    )));
    assert!(matches!(
        g.stage,
        Stage::Impulse {
            power: Power::England,
            ..
        }
    ));

    // `decline_cards` answers the event window too, announced.
    let mut g2 = arena(&[Power::Spain, Power::France], 36, 6);
    for h in &mut g2.hands {
        h.retain(|c| *c != 13 && *c != 16);
    }
    g2.hands[Power::Spain as usize].push(16);
    g2.stage = Stage::Impulse {
        power: Power::Spain,
        passes: 0,
    };
    g2.apply(
        &r,
        Power::France,
        &Action::SetStanding {
            standing: Standing::DeclineCards,
            on: true,
        },
    )
    .expect("standing");
    let ev = g2.apply(&r, Power::Spain, &play(16)).expect("event");
    assert!(has(&ev, |k| matches!(
        k,
        EventKind::StandingApplied {
            power: Power::France,
            standing: Standing::DeclineCards,
            ..
        }
    )));
    assert!(has(&ev, |k| matches!(
        k,
        EventKind::EventNotAutomated { card: 16, .. }
    )));
}

// C-BATTLE-RETREAT: the standing answer `auto_retreat` answers a retreat question (announced):
// the beaten defender goes to the legal neighbour holding most of its land units.
#[test]
fn c_battle_retreat_standing_answer_goes_towards_own_units() {
    let mut base = arena(&[Power::Spain, Power::France], 37, 6);
    base.board.set_control(rs(), sp("DIJON"), SPAIN);
    put(&mut base, "DIJON", SPAIN, 4, 0, 0);
    put(&mut base, "ORLEANS", FRANCE, 2, 0, 0);
    put(&mut base, "PARIS", FRANCE, 1, 0, 0);
    set_standing(&mut base, Power::France, Standing::NeverAvoid);
    set_standing(&mut base, Power::France, Standing::AutoRetreat);
    let before_paris = land(&base, "PARIS", FRANCE);
    let run = |g: &mut Game| {
        let mut ev = ok(g, Power::Spain, mv("DIJON", "ORLEANS", 4, &[]));
        answer(g, &mut ev, first);
        ev
    };
    let (g, ev) = find(&base, run, |g, ev| {
        battle(ev).is_some_and(|b| b.2 == SPAIN)
            && land(g, "ORLEANS", FRANCE) == 0
            && has(ev, |k| matches!(k, EventKind::Retreated { .. }))
    });
    let applied = has(&ev, |k| {
        matches!(
            k,
            EventKind::StandingApplied {
                power: Power::France,
                standing: Standing::AutoRetreat,
                decision: Decision::Retreat,
            }
        )
    });
    assert!(applied, "a retreat with a choice uses the standing answer");
    assert!(
        land(&g, "PARIS", FRANCE) > before_paris,
        "towards the French units in Paris"
    );
}

// C-RELIEF: the terminal command `sally` (Russian `вылазка`) answers the question; the public log
// writes the answer back as `sally power:…`.
#[test]
fn c_relief_sally_is_a_terminal_command() {
    use vqbot::table::command::parse;
    use vqbot::table::convert::{action_line, to_action};
    let g = relief_base();
    for line in ["sally", "sally power:france", "вылазка"] {
        let cmd = parse(line).unwrap_or_else(|e| panic!("{line}: {e:?}"));
        let a = to_action(rs(), &g, Power::France, &cmd)
            .expect("a game action")
            .expect("resolves");
        assert_eq!(a, Action::JoinRelief, "{line}");
    }
    assert_eq!(
        action_line(&Action::JoinRelief, Power::France, true).as_deref(),
        Some("sally power:france")
    );
}

/// England to deploy from London, with 6 regulars and Warwick (command 6) there and Calais
/// English: Calais is reached from London only across the North Sea.
fn london_deployment() -> Game {
    let mut g = arena(&[Power::Spain, Power::France, Power::England], 38, 6);
    g.board.seas.clear();
    let england = vqbot::engine::Owner::Major(Power::England);
    g.board.set_control(rs(), sp("CALAIS"), england);
    put(&mut g, "LONDON", england, 6, 0, 0);
    lead(&mut g, "LONDON", england, "WARWICK");
    g.stage = Stage::Deployment {
        power: Power::England,
    };
    g
}

fn deploy(n: u8) -> Action {
    Action::Deploy {
        from: "LONDON".into(),
        to: "CALAIS".into(),
        units: regs(n, &["WARWICK"]),
    }
}

// C-MOVE-SPRING: a Spring Deployment may cross one sea zone free of other powers' naval units;
// across it, at most 5 land units (data: rules.csv `spring_sea_units`).
#[test]
fn c_move_spring_across_one_sea_at_most_five() {
    let mut g = london_deployment();
    let m = refused(&mut g, Power::England, deploy(6));
    assert!(m.contains("at most 5"), "{m}");
    assert!(m.contains("C-MOVE-SPRING"), "{m}");
    let listed = g.legal_actions(rs(), Power::England);
    assert!(
        listed.iter().any(|a| matches!(a,
            Action::Deploy { to, units, .. } if to == "CALAIS" && units.land() == 5)),
        "the listing offers the crossing with 5"
    );
    let ev = ok(&mut g, Power::England, deploy(5));
    assert!(has(&ev, |k| matches!(k, EventKind::Deployed { .. })));
    assert_eq!(
        land(&g, "CALAIS", vqbot::engine::Owner::Major(Power::England)),
        5
    );

    // Another power's squadron in a port on the North Sea closes that crossing; one in a port
    // on the English Channel closes the other way (Portsmouth to Calais).
    let mut g = london_deployment();
    g.board.force_mut(sp("ANTWERP"), SPAIN, None).squadrons = 1;
    let mut both = g.clone();
    ok(&mut g, Power::England, deploy(5));
    both.board.force_mut(sp("BOULOGNE"), FRANCE, None).squadrons = 1;
    let m = refused(&mut both, Power::England, deploy(5));
    assert!(
        m.contains("C-MOVE-SPRING") && m.contains("has naval units in it or its ports"),
        "{m}"
    );
}

// C-RELIEF: a relief battle stopped at the sally question resumes exactly after a save and load
// (the held units travel in the battle frame of the state).
#[test]
fn c_relief_question_resumes_after_a_restart() {
    let mut g = relief_base();
    ok(&mut g, Power::France, mv("ORLEANS", "PARIS", 4, &[]));
    assert_eq!(asked(&g), Some((Power::France, Decision::JoinRelief)));
    assert_eq!(
        land(&g, "PARIS", FRANCE),
        4,
        "the 3 besieged are held inside"
    );
    let json = serde_json::to_string(&g).expect("json");
    let mut restored: Game = serde_json::from_str(&json).expect("loads");
    assert_eq!(restored, g);
    let mut live = g.clone();
    let (mut e1, mut e2) = (ok(&mut live, Power::France, Action::JoinRelief), Vec::new());
    e2.extend(ok(&mut restored, Power::France, Action::JoinRelief));
    answer(&mut live, &mut e1, first);
    answer(&mut restored, &mut e2, first);
    assert_eq!(live.state_hash(), restored.state_hash());
    assert_eq!(e1, e2);
    assert!(live.steps.is_empty());
}

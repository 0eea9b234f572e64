//! Piracy by Ottoman corsairs (core-rules.md C-PIRACY) and building corsairs (C-RAISE): each rule
//! proven by a test named by its ID. The target of piracy chooses what each hit costs it; dice
//! outcomes are found by trying seeds of the game's generator.

use crate::land_support;

use land_support::*;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use vqbot::engine::event::Visibility;
use vqbot::engine::naval::Place;
use vqbot::engine::piracy::PiracyReward;
use vqbot::engine::{Action, Decision, Event, EventKind, Game, Owner, Power, Stage};

const OTTOMAN: Owner = Owner::Major(Power::Ottoman);
const ZONE: &str = "TYRRHENIAN_SEA";

fn place(id: &str) -> Place {
    Game::resolve_place(rs(), id).expect("a place")
}

fn ships(g: &mut Game, at: &str, owner: Owner, squadrons: u8, corsairs: u8, leaders: &[&str]) {
    let f = g.board.force_at_mut(&place(at), owner, None);
    f.squadrons += squadrons;
    f.corsairs += corsairs;
    for l in leaders {
        f.leaders.push(l.to_string());
    }
    for l in leaders {
        g.off_map.retain(|x| x != l);
    }
}

fn fleet(g: &Game, at: &str, owner: Owner) -> (u32, u32) {
    g.board
        .forces_at(&place(at))
        .iter()
        .filter(|f| f.owner() == owner)
        .fold((0, 0), |a, f| {
            (a.0 + f.squadrons as u32, a.1 + f.corsairs as u32)
        })
}

/// Spain, France and the Ottoman; the Ottoman spends `cp` CP; Spain holds three cards.
fn piracy_arena(seed: u64, cp: u8) -> Game {
    let mut g = arena(&[Power::Spain, Power::France, Power::Ottoman], seed, cp);
    g.stage = Stage::Cp {
        power: Power::Ottoman,
        cp,
    };
    for h in &mut g.hands {
        h.clear();
    }
    let cards: Vec<u16> = rs()
        .cards
        .iter()
        .filter(|c| c.kind != vqbot::engine::ruleset::CardKind::Home)
        .take(3)
        .map(|c| c.number)
        .collect();
    g.hands[Power::Spain as usize] = cards;
    g
}

fn piracy(zone: &str, target: Power) -> Action {
    Action::Piracy {
        zone: zone.into(),
        target,
    }
}

fn pay(reward: PiracyReward, at: Option<&str>) -> Action {
    Action::PiracyReward {
        reward,
        at: at.map(str::to_string).map(Into::into),
    }
}

fn rolled(ev: &[Event]) -> Option<(usize, u32, usize, u32)> {
    ev.iter().find_map(|e| match &e.kind {
        EventKind::PiracyRolled {
            anti_dice,
            corsairs_sunk,
            dice,
            hits,
            ..
        } => Some((anti_dice.len(), *corsairs_sunk, dice.len(), *hits)),
        _ => None,
    })
}

/// Tries seeds until `f` accepts the events of `a` by `p`.
fn find(base: &Game, p: Power, a: &Action, f: impl Fn(&[Event]) -> bool) -> (Game, Vec<Event>) {
    for seed in 0..3000 {
        let mut g = base.clone();
        g.rng = ChaCha8Rng::seed_from_u64(seed);
        let ev = ok(&mut g, p, a.clone());
        if f(&ev) {
            return (g, ev);
        }
    }
    panic!("no seed gives the wanted outcome");
}

// C-PIRACY: 3 corsairs against Spain with 1 squadron in the zone → 2 anti-piracy dice (no other
// Spanish ships or fortresses near the Tyrrhenian Sea); with no corsair sunk and Spain holding
// several ports there, 2 piracy dice. 2 hits → Spain is asked twice; the same option twice is
// refused while another is open; a card changes hands unnamed in public, named to the two
// powers; the piracy VP counts in the Ottoman's VP; 2 CP are spent.
#[test]
fn c_piracy_anti_dice_then_rewards_in_rotation() {
    let mut base = piracy_arena(1, 4);
    ships(&mut base, ZONE, OTTOMAN, 0, 3, &[]);
    ships(&mut base, ZONE, SPAIN, 1, 0, &[]);
    assert_eq!(base.anti_piracy_dice(rs(), ZONE, Power::Spain), 2);
    let vp_before = base.vp(rs(), Power::Ottoman).total();
    let (mut g, ev) = find(&base, Power::Ottoman, &piracy(ZONE, Power::Spain), |ev| {
        rolled(ev) == Some((2, 0, 2, 2))
    });
    assert_eq!(
        asked(&g),
        Some((Power::Spain, Decision::PiracyReward)),
        "the target chooses"
    );
    assert_eq!(
        g.stage,
        Stage::Cp {
            power: Power::Ottoman,
            cp: 2
        }
    );
    // Every reward is open for the first hit.
    let legal = g.legal_actions(rs(), Power::Spain);
    for r in PiracyReward::ALL {
        assert!(
            legal
                .iter()
                .any(|a| matches!(a, Action::PiracyReward { reward, .. } if *reward == r)),
            "{r:?} open: {legal:?}"
        );
    }
    // The Ottoman does not answer for Spain.
    assert!(g
        .apply(rs(), Power::Ottoman, &pay(PiracyReward::Vp, None))
        .is_err());
    ok(&mut g, Power::Spain, pay(PiracyReward::Vp, None));
    assert_eq!(g.naval.piracy_vp, 1);
    assert_eq!(g.vp(rs(), Power::Ottoman).piracy, 1);
    assert_eq!(g.vp(rs(), Power::Ottoman).total(), vp_before + 1);
    assert_eq!(
        asked(&g),
        Some((Power::Spain, Decision::PiracyReward)),
        "a second hit"
    );
    let msg = refused(&mut g, Power::Spain, pay(PiracyReward::Vp, None));
    assert!(msg.contains("C-PIRACY"), "{msg}");
    let spain_hand = g.hands[Power::Spain as usize].clone();
    let ev2 = ok(&mut g, Power::Spain, pay(PiracyReward::Card, None));
    assert_eq!(g.hands[Power::Spain as usize].len(), spain_hand.len() - 1);
    let taken = *spain_hand
        .iter()
        .find(|c| !g.hands[Power::Spain as usize].contains(c))
        .expect("a card left Spain's hand");
    assert!(g.hands[Power::Ottoman as usize].contains(&taken));
    // Public: "a card"; the card's number only to Spain and the Ottoman.
    for e in &ev2 {
        if let EventKind::PiracyCard { card, .. } = &e.kind {
            assert_eq!(*card, taken);
            let Visibility::Powers(set) = e.vis else {
                panic!("the card is never public");
            };
            assert!(set.contains(Power::Spain) && set.contains(Power::Ottoman));
            assert!(!set.contains(Power::France));
        }
    }
    assert!(ev2.iter().any(|e| e.vis == Visibility::Public
        && matches!(
            e.kind,
            EventKind::PiracyRewardGiven {
                reward: PiracyReward::Card,
                ..
            }
        )));
    assert!(g.steps.is_empty(), "both hits paid");
    assert_eq!(
        fleet(&g, ZONE, SPAIN),
        (1, 0),
        "the squadron was not chosen"
    );
    assert_eq!(
        fleet(&g, ZONE, OTTOMAN),
        (0, 3),
        "no anti-piracy hit sank one"
    );
    assert!(rolled(&ev).is_some());
}

// C-PIRACY: a lost squadron comes from the zone or a port on it, where the target names it;
// with exactly one legal answer left the engine applies it without asking.
#[test]
fn c_piracy_squadron_lost_where_the_target_names_it() {
    let mut base = piracy_arena(2, 4);
    ships(&mut base, ZONE, OTTOMAN, 0, 2, &[]);
    ships(&mut base, "NAPLES", SPAIN, 1, 0, &[]);
    ships(&mut base, "PALERMO", SPAIN, 1, 0, &[]);
    base.hands[Power::Spain as usize].clear();
    // Ports on the zone count one die per squadron.
    assert_eq!(base.anti_piracy_dice(rs(), ZONE, Power::Spain), 2);
    let (mut g, _) = find(&base, Power::Ottoman, &piracy(ZONE, Power::Spain), |ev| {
        matches!(rolled(ev), Some((_, 0, _, 1)))
    });
    assert_eq!(asked(&g), Some((Power::Spain, Decision::PiracyReward)));
    let msg = refused(&mut g, Power::Spain, pay(PiracyReward::Squadron, None));
    assert!(msg.contains("Naples") && msg.contains("Palermo"), "{msg}");
    let msg = refused(
        &mut g,
        Power::Spain,
        pay(PiracyReward::Squadron, Some("MESSINA")),
    );
    assert!(msg.contains("C-PIRACY"), "{msg}");
    ok(
        &mut g,
        Power::Spain,
        pay(PiracyReward::Squadron, Some("PALERMO")),
    );
    assert_eq!(fleet(&g, "PALERMO", SPAIN), (0, 0));
    assert_eq!(fleet(&g, "NAPLES", SPAIN), (1, 0));
    assert!(g.steps.is_empty());
}

// C-PIRACY: each anti-piracy 5–6 sinks a corsair; fortresses of the target on the zone add dice.
#[test]
fn c_piracy_anti_piracy_hits_sink_corsairs() {
    let mut base = piracy_arena(3, 4);
    ships(&mut base, ZONE, OTTOMAN, 0, 2, &[]);
    ships(&mut base, ZONE, SPAIN, 2, 0, &[]);
    assert_eq!(base.anti_piracy_dice(rs(), ZONE, Power::Spain), 4);
    let (g, ev) = find(&base, Power::Ottoman, &piracy(ZONE, Power::Spain), |ev| {
        matches!(rolled(ev), Some((4, 1, _, _)))
    });
    assert_eq!(fleet(&g, ZONE, OTTOMAN), (0, 1));
    assert!(rolled(&ev).is_some());
    // On the Barbary Coast: the 2 squadrons in the adjacent Tyrrhenian Sea count 1 die each,
    // and Gibraltar, a Spanish fortress on the zone, adds one.
    assert_eq!(
        base.anti_piracy_dice(rs(), "BARBARY_COAST", Power::Spain),
        3
    );
    // All corsairs sunk: no piracy dice.
    let (g, ev) = find(&base, Power::Ottoman, &piracy(ZONE, Power::Spain), |ev| {
        matches!(rolled(ev), Some((4, 2, _, _)))
    });
    assert_eq!(rolled(&ev).map(|r| r.2), Some(0));
    assert!(g.steps.is_empty());
}

// C-PIRACY: only the Ottoman, only with corsairs in a sea zone, only against a power holding a
// port on it, once per zone per turn; every refusal leaves the state unchanged and names the
// rule and what is allowed.
#[test]
fn c_piracy_refusals_name_the_rule() {
    let mut g = piracy_arena(4, 6);
    ships(&mut g, ZONE, OTTOMAN, 0, 2, &[]);
    // Not the Ottoman (France acts here).
    let mut f = g.clone();
    f.stage = Stage::Cp {
        power: Power::France,
        cp: 4,
    };
    let msg = refused(&mut f, Power::France, piracy(ZONE, Power::Spain));
    assert!(msg.contains("C-PIRACY") && msg.contains("Ottoman"), "{msg}");
    let msg = refused(&mut g, Power::Ottoman, piracy("GULF_OF_LYON", Power::Spain));
    assert!(
        msg.contains("C-PIRACY") && msg.contains("Tyrrhenian Sea"),
        "{msg}"
    );
    let msg = refused(&mut g, Power::Ottoman, piracy("NAPLES", Power::Spain));
    assert!(msg.contains("C-PIRACY"), "{msg}");
    let msg = refused(&mut g, Power::Ottoman, piracy(ZONE, Power::France));
    assert!(msg.contains("C-PIRACY") && msg.contains("Spain"), "{msg}");
    // The first piracy goes; a second in the same zone this turn is refused.
    ok(&mut g, Power::Ottoman, piracy(ZONE, Power::Spain));
    while let Some((p, Decision::PiracyReward)) = asked(&g) {
        let a = g.legal_actions(rs(), p)[0].clone();
        ok(&mut g, p, a);
    }
    assert!(g.naval.pirated.contains(&ZONE.to_string()));
    let msg = refused(&mut g, Power::Ottoman, piracy(ZONE, Power::Spain));
    assert!(msg.contains("C-PIRACY") && msg.contains("once"), "{msg}");
    // And the legal actions do not offer it again.
    assert!(!g
        .legal_actions(rs(), Power::Ottoman)
        .iter()
        .any(|a| matches!(a, Action::Piracy { .. })));
}

// C-PIRACY: the piracy VP cap (`piracy_vp_cap` in rules.csv) closes the VP option; with nothing
// to give the hits are lost.
#[test]
fn c_piracy_vp_cap_and_nothing_to_give() {
    let cap = rs().turn.number("piracy_vp_cap");
    assert!(cap > 0);
    let mut base = piracy_arena(5, 4);
    ships(&mut base, ZONE, OTTOMAN, 0, 3, &[]);
    base.naval.piracy_vp = cap as u8;
    base.hands[Power::Spain as usize].clear();
    let (g, ev) = find(
        &base,
        Power::Ottoman,
        &piracy(ZONE, Power::Spain),
        |ev| matches!(rolled(ev), Some((0, 0, 2, h)) if h > 0),
    );
    assert!(g.steps.is_empty(), "nothing is asked");
    assert!(ev
        .iter()
        .any(|e| matches!(e.kind, EventKind::PiracyHitsLost { .. })));
    assert_eq!(i32::from(g.naval.piracy_vp), cap);
}

// C-PIRACY: the best piracy rating of the Ottoman naval leaders in the zone adds dice
// (Dragut 2, leader_piracy.csv); the target holding one port there rolls against 1 die.
#[test]
fn c_piracy_leader_rating_adds_dice() {
    let dragut = rs()
        .leaders
        .iter()
        .find(|l| l.id == "DRAGUT")
        .expect("Dragut");
    assert_eq!(dragut.piracy, 2);
    let mut base = piracy_arena(6, 4);
    ships(&mut base, ZONE, OTTOMAN, 0, 3, &["DRAGUT"]);
    let (_, ev) = find(&base, Power::Ottoman, &piracy(ZONE, Power::Spain), |_| true);
    assert_eq!(rolled(&ev).map(|r| r.2), Some(4), "2 corsairs' dice + 2");
    // The Papacy is not in play; France holding one port (Rome, for the test) → 1 + 2 dice.
    let mut one = base.clone();
    adjust_control(&mut one, "ROME", Owner::Major(Power::France));
    let (_, ev) = find(&one, Power::Ottoman, &piracy(ZONE, Power::France), |_| true);
    assert_eq!(rolled(&ev).map(|r| r.2), Some(3));
}

fn adjust_control(g: &mut Game, space: &str, owner: Owner) {
    ok(
        g,
        Power::Ottoman,
        Action::Adjust(vqbot::engine::action::Adjustment::Control {
            space: space.into(),
            owner,
        }),
    );
}

// C-WINTER-ORDER: the piracy markers come off in Winter, so the zone may be pirated next turn.
#[test]
fn c_winter_order_piracy_markers_removed() {
    let mut g = piracy_arena(7, 0);
    g.hands[Power::Spain as usize].clear();
    g.naval.pirated.push(ZONE.to_string());
    g.stage = Stage::Impulse {
        power: Power::Ottoman,
        passes: 0,
    };
    let mut ev = Vec::new();
    for _ in 0..40 {
        if g.turn != 1 {
            break;
        }
        match asked(&g) {
            Some((power, decision)) => {
                let a = match decision {
                    Decision::Impulse => Action::Pass,
                    _ => g.legal_actions(rs(), power)[0].clone(),
                };
                ev.extend(ok(&mut g, power, a));
            }
            None => panic!("unexpected {:?}", g.awaiting()),
        }
    }
    assert_eq!(g.turn, 2);
    assert!(g.naval.pirated.is_empty());
    assert!(ev
        .iter()
        .any(|e| matches!(&e.kind, EventKind::PiracyMarkersRemoved { zones } if zones == &[ZONE.to_string()])));
}

// C-PIRACY: the piracy and tribute commands in English and Russian; the public log line of a
// card paid never names the card.
#[test]
fn c_piracy_commands_in_english_and_russian() {
    use vqbot::table::command::parse;
    use vqbot::table::convert::{action_line, to_action};
    let g = piracy_arena(1, 4);
    let act = |p: Power, line: &str| -> Action {
        let cmd = parse(line).unwrap_or_else(|e| panic!("{line}: {e:?}"));
        to_action(rs(), &g, p, &cmd)
            .expect("a game action")
            .unwrap_or_else(|e| panic!("{line}: {e:?}"))
    };
    let en = act(Power::Ottoman, "piracy zone:tyrrhenian sea target:spain");
    assert_eq!(en, piracy(ZONE, Power::Spain));
    assert_eq!(
        act(
            Power::Ottoman,
            "пиратство зона:тирренское море против:испания"
        ),
        en
    );
    for (line, want) in [
        ("tribute pay:card", pay(PiracyReward::Card, None)),
        ("дань чем:карта", pay(PiracyReward::Card, None)),
        ("tribute pay:vp", pay(PiracyReward::Vp, None)),
        ("дань чем:по", pay(PiracyReward::Vp, None)),
        (
            "tribute pay:squadron at:naples",
            pay(PiracyReward::Squadron, Some("NAPLES")),
        ),
        (
            "дань чем:эскадра где:неаполь",
            pay(PiracyReward::Squadron, Some("NAPLES")),
        ),
    ] {
        assert_eq!(act(Power::Spain, line), want, "{line}");
    }
    let line = action_line(&pay(PiracyReward::Card, None), Power::Spain, true).expect("a line");
    assert_eq!(line, "tribute pay:card power:spain");
    // C-RAISE: building a corsair and the Barbary Pirates flag.
    let corsair = build("ALGIERS", vqbot::engine::action::UnitKind::Corsair);
    assert_eq!(
        act(Power::Ottoman, "build space:algiers unit:corsair"),
        corsair
    );
    assert_eq!(
        act(Power::Ottoman, "построить место:алжир что:корсар"),
        corsair
    );
    let flag = Action::Adjust(vqbot::engine::action::Adjustment::BarbaryPirates { on: true });
    assert_eq!(act(Power::Ottoman, "adjust what:barbary on:yes"), flag);
    assert_eq!(act(Power::Ottoman, "поправить что:берберы вкл:да"), flag);
}

fn build(space: &str, unit: vqbot::engine::action::UnitKind) -> Action {
    Action::Raise {
        space: space.into(),
        unit,
        faction: None,
    }
}

// C-RAISE (corsairs): 1 CP (`build_corsair` in costs.csv), Ottoman only, in a port, only after
// the Barbary Pirates event (a state flag set by `adjust what:barbary`); a built corsair sails
// (C-NAVAL-MOVE) and is offered by the legal actions.
#[test]
fn c_raise_corsairs_after_barbary_pirates() {
    use vqbot::engine::action::{Adjustment, UnitKind};
    let mut g = piracy_arena(8, 4);
    let msg = refused(&mut g, Power::Ottoman, build("ALGIERS", UnitKind::Corsair));
    assert!(
        msg.contains("C-RAISE") && msg.contains("Barbary Pirates"),
        "{msg}"
    );
    assert!(!g
        .legal_actions(rs(), Power::Ottoman)
        .contains(&build("ALGIERS", UnitKind::Corsair)));
    ok(
        &mut g,
        Power::Ottoman,
        Action::Adjust(Adjustment::BarbaryPirates { on: true }),
    );
    assert!(g.naval.barbary_pirates);
    assert!(g
        .legal_actions(rs(), Power::Ottoman)
        .contains(&build("ALGIERS", UnitKind::Corsair)));
    let msg = refused(&mut g, Power::Ottoman, build("EDIRNE", UnitKind::Corsair));
    assert!(msg.contains("not a port"), "{msg}");
    ok(&mut g, Power::Ottoman, build("ALGIERS", UnitKind::Corsair));
    assert_eq!(fleet(&g, "ALGIERS", OTTOMAN), (0, 1));
    assert_eq!(
        g.stage,
        Stage::Cp {
            power: Power::Ottoman,
            cp: 3
        }
    );
    // Not for another power, whatever the flag.
    let mut f = g.clone();
    f.stage = Stage::Cp {
        power: Power::France,
        cp: 4,
    };
    let msg = refused(&mut f, Power::France, build("MARSEILLE", UnitKind::Corsair));
    assert!(msg.contains("C-RAISE") && msg.contains("Ottoman"), "{msg}");
    // The corsair sails and can then pirate.
    ok(
        &mut g,
        Power::Ottoman,
        Action::NavalMove {
            legs: vec![vqbot::engine::action::NavalLeg {
                from: "ALGIERS".into(),
                to: "BARBARY_COAST".into(),
            }],
        },
    );
    assert_eq!(fleet(&g, "BARBARY_COAST", OTTOMAN), (0, 1));
    assert!(g
        .legal_actions(rs(), Power::Ottoman)
        .contains(&piracy("BARBARY_COAST", Power::Spain)));
}

// C-NAVAL-MOVE, item 1 of issue 15: corsairs are set by hand like any naval unit, at sea or in a
// port (`adjust what:units … corsairs:N`); only the Ottoman's, never inland, and the fix is
// announced with the counts before and after. Types not named keep their counts.
#[test]
fn c_naval_move_corsairs_set_by_adjust() {
    use vqbot::table::command::parse;
    use vqbot::table::convert::to_action;
    use vqbot::table::messages::{Locale, Texts};
    let mut g = piracy_arena(3, 4);
    let act = |g: &Game, line: &str| -> Action {
        let cmd = parse(line).expect("parses");
        to_action(rs(), g, Power::Ottoman, &cmd)
            .expect("an action")
            .expect("converts")
    };
    ships(&mut g, "ALGIERS", OTTOMAN, 0, 1, &[]);
    let a = act(
        &g,
        "adjust what:units space:barbary coast owner:ottoman corsairs:3",
    );
    ok(&mut g, Power::Ottoman, a);
    assert_eq!(fleet(&g, "BARBARY_COAST", OTTOMAN), (0, 3));
    // In a port, with the squadrons there untouched.
    ships(&mut g, "TUNIS", OTTOMAN, 2, 0, &[]);
    let a = act(&g, "adjust what:units space:tunis owner:ottoman corsairs:1");
    let ev = ok(&mut g, Power::Ottoman, a);
    assert_eq!(fleet(&g, "TUNIS", OTTOMAN), (2, 1));
    let said: Vec<String> = ev
        .iter()
        .map(|e| Texts::new(rs(), Locale::En).event(&e.kind))
        .collect();
    assert!(
        said.iter()
            .any(|t| t.contains("0r 0m 0c 2s → 0r 0m 0c 2s 1co")),
        "{said:?}"
    );
    // Spain's corsairs and corsairs inland are refused, the state unchanged.
    let a = act(
        &g,
        "adjust what:units space:barbary coast owner:spain corsairs:1",
    );
    let m = refused(&mut g, Power::Ottoman, a);
    assert!(m.contains("C-RAISE"), "{m}");
    let a = act(
        &g,
        "adjust what:units space:madrid owner:ottoman corsairs:1",
    );
    let m = refused(&mut g, Power::Ottoman, a);
    assert!(m.contains("not a port"), "{m}");
}

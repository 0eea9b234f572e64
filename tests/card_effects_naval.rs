//! C-BATTLE-CARDS at sea (issue 25): a naval battle's combat-card window, as the land battle's
//! (C-BATTLE-CARDS). Every power with ships in the battle is asked before the dice whenever a
//! combat card may be outstanding (public information only), and a played card's effect
//! (`dice N`, `hits N`, either side) counts in the roll.

use crate::card_effects::{deck, game};

use vqbot::engine::action::NavalLeg;
use vqbot::engine::power::Relation;
use vqbot::engine::ruleset::CardKind;
use vqbot::engine::{
    Action, Awaiting, CardMode, Decision, Event, EventKind, Game, Owner, Power, Ruleset, Stage,
};

const CARD: u16 = 30;
const SPAIN: Power = Power::Spain;
const FRANCE: Power = Power::France;

fn ships(g: &mut Game, r: &Ruleset, at: &str, owner: Owner, squadrons: u8, corsairs: u8) {
    let pl = Game::resolve_place(r, at).expect("a place");
    let f = g.board.force_at_mut(&pl, owner, None);
    f.squadrons += squadrons;
    f.corsairs += corsairs;
}

/// Spain (holding the test card) sails 2 squadrons from Naples into the Tyrrhenian Sea, where
/// France, at war with it, has 1 squadron; no other ship anywhere.
fn sea_battle(r: &Ruleset) -> Game {
    let mut g = game(r);
    for s in &mut g.board.spaces {
        s.forces.clear();
    }
    g.board.seas.clear();
    g.board.set_relation(SPAIN, FRANCE, Relation::War);
    ships(&mut g, r, "NAPLES", Owner::Major(SPAIN), 2, 0);
    ships(&mut g, r, "TYRRHENIAN_SEA", Owner::Major(FRANCE), 1, 0);
    g.stage = Stage::Cp {
        power: SPAIN,
        cp: 2,
    };
    g
}

fn sail(g: &mut Game, r: &Ruleset) -> Vec<Event> {
    let a = Action::NavalMove {
        legs: vec![NavalLeg {
            from: "NAPLES".into(),
            to: "TYRRHENIAN_SEA".into(),
        }],
    };
    g.apply(r, SPAIN, &a).expect("the move")
}

/// Answers every question; `by` plays the card in its combat-card window. Returns the events
/// and who was asked for a combat card, in order.
fn run(g: &mut Game, r: &Ruleset, by: Option<Power>, ev: &mut Vec<Event>) -> Vec<Power> {
    let mut asked = Vec::new();
    for _ in 0..30 {
        let Awaiting::One { power, decision } = g.awaiting() else {
            break;
        };
        assert!(
            g.powers.contains(power) || g.influence.controller[power as usize].is_some(),
            "{power}, which nobody plays, is asked {decision:?}"
        );
        let a = match decision {
            Decision::SpendCp | Decision::Impulse => break,
            Decision::CombatCard => {
                asked.push(power);
                if Some(power) == by {
                    Action::Play {
                        card: CARD,
                        mode: CardMode::Event,
                    }
                } else {
                    Action::Forgo
                }
            }
            _ => g.legal_actions(r, power)[0].clone(),
        };
        ev.extend(g.apply(r, power, &a).expect("an answer"));
    }
    asked
}

/// (attacker dice, defender dice, attacker hits, defender hits) of the naval battle.
fn rolled(ev: &[Event]) -> (usize, usize, u32, u32) {
    ev.iter()
        .find_map(|e| match &e.kind {
            EventKind::NavalBattleRolled {
                attacker_dice,
                defender_dice,
                attacker_hits,
                defender_hits,
                ..
            } => Some((
                attacker_dice.len(),
                defender_dice.len(),
                *attacker_hits,
                *defender_hits,
            )),
            _ => None,
        })
        .expect("a naval battle")
}

// C-BATTLE-CARDS at sea: the window asks both powers in the battle, attacker first, whatever
// they hold (France holds no combat card and is asked too); nobody plays: the dice are the
// ships' own.
#[test]
fn c_battle_cards_naval_window_asks_every_power_in_the_battle() {
    let r = deck(&[(CARD, CardKind::Combat, "text_source: placeholder\ndice 3\n")]);
    let mut g = sea_battle(&r);
    assert!(!g.hands[FRANCE as usize].contains(&CARD));
    let mut ev = sail(&mut g, &r);
    let asked = run(&mut g, &r, None, &mut ev);
    assert_eq!(asked, vec![SPAIN, FRANCE], "both sides, attacker first");
    assert_eq!(rolled(&ev).0, 4, "2 squadrons: 4 dice");
    // With every combat card discarded (public), no window opens.
    let mut h = sea_battle(&r);
    h.hands[SPAIN as usize].retain(|c| *c != CARD);
    h.discard = r
        .cards
        .iter()
        .filter(|c| matches!(c.kind, CardKind::Combat | CardKind::Response))
        .map(|c| c.number)
        .collect();
    let mut ev = sail(&mut h, &r);
    assert!(run(&mut h, &r, None, &mut ev).is_empty(), "no window");
}

// C-BATTLE-CARDS at sea (X-CARD-EFFECT `dice N`): the attacker's combat card adds its dice to
// the roll.
#[test]
fn c_battle_cards_naval_combat_card_adds_dice() {
    let r = deck(&[(CARD, CardKind::Combat, "text_source: placeholder\ndice 3\n")]);
    let mut g = sea_battle(&r);
    let mut ev = sail(&mut g, &r);
    run(&mut g, &r, Some(SPAIN), &mut ev);
    assert!(ev.iter().any(|e| matches!(
        e.kind,
        EventKind::CardPlayed {
            power: SPAIN,
            card: CARD,
            ..
        }
    )));
    assert_eq!(rolled(&ev).0, 4 + 3, "4 dice for the ships, 3 for the card");
    assert!(g.discard.contains(&CARD));
}

// C-BATTLE-CARDS at sea (X-CARD-EFFECT `hits N side:theirs`): the defender's card cancels the
// attacker's hits (never below zero), and `dice -1` takes a die from its own side.
#[test]
fn c_battle_cards_naval_defender_card_changes_hits_and_dice() {
    let r = deck(&[(
        CARD,
        CardKind::Combat,
        "text_source: placeholder\nhits -9 side:theirs\ndice -1\n",
    )]);
    let mut g = sea_battle(&r);
    g.hands[SPAIN as usize].retain(|c| *c != CARD);
    g.hands[FRANCE as usize].push(CARD);
    let mut ev = sail(&mut g, &r);
    run(&mut g, &r, Some(FRANCE), &mut ev);
    let (ad, dd, ah, _) = rolled(&ev);
    assert_eq!(
        (ad, dd),
        (4, 2 - 1),
        "France's 1 squadron: 2 dice less the card's one"
    );
    assert_eq!(ah, 0, "Spain's hits cancelled");
}

// X-INACTIVE-ANSWERS with C-BATTLE-CARDS at sea: against the Ottoman, inactive and controlled by
// nobody, only Spain is asked in the window, and its card's `choose for:opponent` asks nobody:
// the effect goes on and the battle is fought.
#[test]
fn x_inactive_answers_no_window_or_choice_for_a_power_nobody_plays() {
    let r = deck(&[(
        CARD,
        CardKind::Combat,
        "text_source: placeholder\nchoose for:opponent\n  option \"Lose 1 VP\"\n    vp -1\n  option \"Nothing\"\n    dice 0\ndice 1\n",
    )]);
    let mut g = sea_battle(&r);
    assert!(g.influence.inactive.contains(Power::Ottoman));
    g.influence.controller = [None; 6];
    g.board.seas.clear();
    g.board.set_relation(SPAIN, Power::Ottoman, Relation::War);
    ships(
        &mut g,
        &r,
        "TYRRHENIAN_SEA",
        Owner::Major(Power::Ottoman),
        1,
        0,
    );
    let mut ev = sail(&mut g, &r);
    let asked = run(&mut g, &r, Some(SPAIN), &mut ev);
    assert_eq!(asked, vec![SPAIN], "the Ottoman is not asked");
    assert!(!g.awaiting().powers().contains(Power::Ottoman));
    assert_eq!(rolled(&ev).0, 4 + 1, "the effect went on past the choice");
}

//! Virgin Queen's own diplomacy, our reconstruction (issue 26 items 3 and 4): royal marriages
//! (X-MARRIAGE-*) and espionage (X-SPY-*), with the shipped data's numbers.

use crate::common;

use common::{new_game, new_game_with, powers, rs};
use vqbot::engine::espionage::SpyEffect;
use vqbot::engine::marriage::{CourtEvent, RoyalStatus};
use vqbot::engine::power::Relation;
use vqbot::engine::{
    Action, Adjustment, Awaiting, Decision, EndReason, Event, EventKind, Game, Power, RuleError,
    Ruleset, Stage, Visibility,
};
use vqbot::table::messages::{Locale, Texts};

fn act_in(rs: &Ruleset, g: &mut Game, p: Power, a: Action) -> Vec<Event> {
    g.apply(rs, p, &a)
        .unwrap_or_else(|e| panic!("{p}: {a:?} refused: {e}"))
}

fn act(g: &mut Game, p: Power, a: Action) -> Vec<Event> {
    act_in(rs(), g, p, a)
}

/// Applies an action that must be refused; checks nothing changed; returns the English text.
fn refused(g: &mut Game, p: Power, a: Action) -> String {
    let before = g.clone();
    let e: RuleError = g.apply(rs(), p, &a).expect_err("must be refused");
    assert_eq!(*g, before, "a refused action changed the state");
    Texts::new(rs(), Locale::En).rule_error(&e)
}

fn marry(royal: &str, with: &str) -> Action {
    Action::Marry {
        royal: royal.into(),
        with: with.into(),
    }
}

fn court(ev: &[Event]) -> Vec<&CourtEvent> {
    ev.iter()
        .filter_map(|e| match &e.kind {
            EventKind::Court { what } => Some(what),
            _ => None,
        })
        .collect()
}

fn adjust(g: &mut Game, a: Adjustment) -> Vec<Event> {
    act(g, Power::England, Action::Adjust(a))
}

/// Ends the Action phase at once and runs Winter (each question answered with its first legal
/// answer), the marriages, Victory Determination and the next turn's Card Draw.
fn end_turn(g: &mut Game) -> Vec<Event> {
    for h in &mut g.hands {
        h.clear();
    }
    g.stage = Stage::Cp {
        power: Power::Ottoman,
        cp: 1,
    };
    let mut ev = act(g, Power::Ottoman, Action::EndImpulse);
    for _ in 0..200 {
        match g.awaiting() {
            Awaiting::One {
                power,
                decision: Decision::Impulse,
            } if g.phase() == Some(vqbot::engine::PhaseName::Action) => {
                ev.extend(act(g, power, Action::Pass));
            }
            Awaiting::One { power, decision }
                if decision != Decision::Impulse
                    && g.phase() != Some(vqbot::engine::PhaseName::Diplomacy) =>
            {
                let a = g.legal_actions(rs(), power).remove(0);
                ev.extend(act(g, power, a));
            }
            _ => break,
        }
    }
    ev
}

// X-MARRIAGE-ROYALS: royals, houses and eligibility come from royals.csv; Rudolf II is not in a
// game of fewer than six powers; the Ottoman has none.
#[test]
fn x_marriage_royals_from_data() {
    let r = rs();
    let eliza = r
        .royals
        .iter()
        .find(|x| x.id == "ELIZABETH_I")
        .expect("Elizabeth I is a royal");
    assert_eq!(eliza.power, Power::England);
    assert!(r.royals.iter().all(|x| x.power != Power::Ottoman));
    let six = new_game(1);
    assert!(six.royals(r).any(|x| x.id == "RUDOLF_II"));
    let five = new_game_with(
        powers(&[
            Power::Ottoman,
            Power::Spain,
            Power::England,
            Power::France,
            Power::Protestant,
        ]),
        1,
    );
    assert!(!five.royals(r).any(|x| x.id == "RUDOLF_II"));
    assert!(five.royals(r).all(|x| x.power != Power::Empire));
    let t = refused(
        &mut new_game_with(
            powers(&[Power::England, Power::France, Power::Spain, Power::Ottoman]),
            1,
        ),
        Power::England,
        marry("ELIZABETH_I", "RUDOLF_II"),
    );
    assert!(
        t.contains("RUDOLF_II") && t.contains("X-MARRIAGE-ROYALS"),
        "{t}"
    );
}

// X-MARRIAGE-PROPOSE: a proposal waits for the other power's answer (it may not finish before);
// naming the same pair accepts it and the pair is engaged, shown in the channel.
#[test]
fn x_marriage_propose_needs_both_powers() {
    let mut g = new_game(2);
    act(&mut g, Power::France, Action::DoneDiplomacy);
    let ev = act(
        &mut g,
        Power::England,
        marry("ELIZABETH_I", "FRANCOIS_ANJOU"),
    );
    assert!(matches!(
        court(&ev)[..],
        [CourtEvent::Proposed {
            to: Power::France,
            ..
        }]
    ));
    assert_eq!(g.royal_status("ELIZABETH_I"), RoyalStatus::Proposed);
    // France, done before, must answer again.
    assert!(g.awaiting().powers().contains(Power::France));
    let t = refused(&mut g, Power::France, Action::DoneDiplomacy);
    assert!(t.contains("X-MARRIAGE-PROPOSE"), "{t}");
    assert!(!g
        .legal_actions(rs(), Power::France)
        .contains(&Action::DoneDiplomacy));
    assert!(g
        .legal_actions(rs(), Power::France)
        .contains(&marry("FRANCOIS_ANJOU", "ELIZABETH_I")));
    // The answer by one royal of the proposal (what the buttons send).
    let ev = act(
        &mut g,
        Power::France,
        Action::Marry {
            royal: "FRANCOIS_ANJOU".into(),
            with: String::new().into(),
        },
    );
    assert!(matches!(
        court(&ev)[..],
        [CourtEvent::Engaged {
            a: Power::England,
            b: Power::France,
            ..
        }]
    ));
    assert_eq!(g.royal_status("ELIZABETH_I"), RoyalStatus::Engaged);
    assert_eq!(g.royal_status("FRANCOIS_ANJOU"), RoyalStatus::Engaged);
    let text = Texts::new(rs(), Locale::En).event(&ev[0].kind);
    assert!(
        text.contains("Elizabeth I") && text.contains("Anjou"),
        "{text}"
    );
    act(&mut g, Power::France, Action::DoneDiplomacy);
}

// X-MARRIAGE-PROPOSE: the answering power may refuse (`refuse:yes`), the proposer withdraw.
#[test]
fn x_marriage_propose_refused_or_withdrawn() {
    let mut g = new_game(3);
    act(&mut g, Power::England, marry("ELIZABETH_I", "PHILIP_II"));
    let ev = act(
        &mut g,
        Power::Spain,
        Action::RefuseMarriage {
            royal: "PHILIP_II".into(),
            with: "ELIZABETH_I".into(),
        },
    );
    assert!(matches!(
        court(&ev)[..],
        [CourtEvent::Refused {
            by: Power::Spain,
            ..
        }]
    ));
    assert_eq!(g.royal_status("ELIZABETH_I"), RoyalStatus::Single);
    act(
        &mut g,
        Power::England,
        marry("ROBERT_DUDLEY", "ANNA_AUSTRIA"),
    );
    act(
        &mut g,
        Power::England,
        Action::RefuseMarriage {
            royal: "ROBERT_DUDLEY".into(),
            with: String::new().into(),
        },
    );
    assert!(g.court.proposals.is_empty());
    let t = refused(
        &mut g,
        Power::Spain,
        Action::RefuseMarriage {
            royal: "PHILIP_II".into(),
            with: "ELIZABETH_I".into(),
        },
    );
    assert!(t.contains("no open proposal"), "{t}");
}

// X-MARRIAGE-PROPOSE: no marriage between powers at war, nor with a royal already married or
// engaged, nor of two royals of one house, nor outside the Diplomacy phase; state unchanged.
#[test]
fn x_marriage_propose_refusals() {
    let mut g = new_game(4);
    adjust(
        &mut g,
        Adjustment::Relation {
            a: Power::England,
            b: Power::Spain,
            status: Relation::War,
        },
    );
    let t = refused(&mut g, Power::England, marry("ELIZABETH_I", "PHILIP_II"));
    assert!(
        t.contains("at war") && t.contains("X-MARRIAGE-PROPOSE"),
        "{t}"
    );
    adjust(
        &mut g,
        Adjustment::Married {
            royal: "FRANCOIS_ANJOU".into(),
            on: true,
        },
    );
    let t = refused(
        &mut g,
        Power::England,
        marry("ELIZABETH_I", "FRANCOIS_ANJOU"),
    );
    assert!(t.contains("already married"), "{t}");
    let t = refused(
        &mut g,
        Power::England,
        marry("ELIZABETH_I", "ROBERT_DUDLEY"),
    );
    assert!(t.contains("both of England"), "{t}");
    let t = refused(&mut g, Power::England, marry("PHILIP_II", "ANNA_AUSTRIA"));
    assert!(t.contains("your own royals"), "{t}");
    let t = refused(&mut g, Power::England, marry("ELIZABETH_I", "NOBODY"));
    assert!(t.contains("NOBODY"), "{t}");
    // Not listed either.
    assert!(!g
        .legal_actions(rs(), Power::England)
        .iter()
        .any(|a| matches!(a, Action::Marry { with, .. } if with == "PHILIP_II" || with == "FRANCOIS_ANJOU")));
    g.stage = Stage::Cp {
        power: Power::England,
        cp: 2,
    };
    let t = refused(
        &mut g,
        Power::England,
        marry("ELIZABETH_I", "ELISABETH_VAL"),
    );
    assert!(t.contains("Diplomacy phase"), "{t}");
}

// X-MARRIAGE-RESOLVE: at the end of the turn the engaged pair rolls the data's dice plus both
// eligibilities (plus the allied modifier) on the marriage table; both powers gain the row's VP
// and cards, announced with the dice; the royals are married.
#[test]
fn x_marriage_resolve_at_end_of_turn() {
    let r = rs();
    let mut g = new_game(5);
    adjust(
        &mut g,
        Adjustment::Engage {
            royal: "ELIZABETH_I".into(),
            with: "FRANCOIS_ANJOU".into(),
        },
    );
    let vp_before = g.bonus_vp;
    let ev = end_turn(&mut g);
    let m = court(&ev)
        .into_iter()
        .find(|c| matches!(c, CourtEvent::Married { .. }))
        .expect("the marriage is resolved")
        .clone();
    let CourtEvent::Married {
        dice,
        eligibility,
        modifier,
        total,
        outcome,
        vp,
        cards,
        ignored,
        ..
    } = m
    else {
        unreachable!()
    };
    assert_eq!(dice.len(), usize::from(r.marriage.dice));
    let el = |id: &str| {
        i16::from(
            r.royals
                .iter()
                .find(|x| x.id == id)
                .expect("royal")
                .eligibility,
        )
    };
    assert_eq!(eligibility, el("ELIZABETH_I") + el("FRANCOIS_ANJOU"));
    assert_eq!(modifier, 0, "not allied");
    assert_eq!(
        total,
        dice.iter().map(|d| i16::from(*d)).sum::<i16>() + eligibility
    );
    let row = r.marriage.outcome(total).expect("a row");
    assert_eq!(
        (row.id.as_str(), row.vp, row.cards),
        (outcome.as_str(), vp, cards)
    );
    assert!(ignored.is_empty());
    for p in [Power::England, Power::France] {
        assert_eq!(
            g.bonus_vp[p as usize],
            vp_before[p as usize] + i32::from(vp)
        );
    }
    assert_eq!(g.royal_status("ELIZABETH_I"), RoyalStatus::Married);
    assert_eq!(g.royal_status("FRANCOIS_ANJOU"), RoyalStatus::Married);
    assert!(g.court.engaged.is_empty());
    let text = Texts::new(r, Locale::En).court_event(&CourtEvent::Married {
        a: Power::England,
        royal_a: "ELIZABETH_I".into(),
        b: Power::France,
        royal_b: "FRANCOIS_ANJOU".into(),
        ignored: vec![],
        dice: dice.clone(),
        eligibility,
        modifier,
        total,
        outcome: outcome.clone(),
        vp,
        cards,
    });
    assert!(
        text.contains(&format!("= {total}")),
        "announced with the dice: {text}"
    );
}

// X-MARRIAGE-RESOLVE: the allied modifier counts; an engagement between powers at war by the
// end of the turn is broken off.
#[test]
fn x_marriage_resolve_allied_modifier_and_war_breaks_off() {
    let mut g = new_game(6);
    adjust(
        &mut g,
        Adjustment::Relation {
            a: Power::England,
            b: Power::Protestant,
            status: Relation::Alliance,
        },
    );
    adjust(
        &mut g,
        Adjustment::Engage {
            royal: "ELIZABETH_I".into(),
            with: "WILLIAM_ORANGE".into(),
        },
    );
    adjust(
        &mut g,
        Adjustment::Engage {
            royal: "PHILIP_II".into(),
            with: "ELISABETH_VAL".into(),
        },
    );
    adjust(
        &mut g,
        Adjustment::Relation {
            a: Power::Spain,
            b: Power::France,
            status: Relation::War,
        },
    );
    let ev = end_turn(&mut g);
    let c = court(&ev);
    assert!(c.iter().any(|x| matches!(x, CourtEvent::Married { modifier, .. } if *modifier == i16::from(rs().marriage.allied))));
    assert!(c.iter().any(|x| matches!(
        x,
        CourtEvent::BrokenOff {
            a: Power::Spain,
            b: Power::France,
            ..
        }
    )));
    assert_eq!(g.royal_status("PHILIP_II"), RoyalStatus::Single);
    assert_eq!(g.royal_status("WILLIAM_ORANGE"), RoyalStatus::Married);
}

// X-MARRIAGE-SAME-HOUSE: two engagements between England and France roll once, with each
// house's higher royal; the lower ones are married but named as not counted.
#[test]
fn x_marriage_same_house_only_the_higher_royal_counts() {
    let r = rs();
    let mut g = new_game(7);
    for (a, b) in [
        ("ROBERT_DUDLEY", "FRANCOIS_ANJOU"),
        ("ELIZABETH_I", "MARGUERITE_VAL"),
    ] {
        adjust(
            &mut g,
            Adjustment::Engage {
                royal: a.into(),
                with: b.into(),
            },
        );
    }
    let ev = end_turn(&mut g);
    let married: Vec<&CourtEvent> = court(&ev)
        .into_iter()
        .filter(|c| matches!(c, CourtEvent::Married { .. }))
        .collect();
    assert_eq!(married.len(), 1, "one roll for two houses");
    let CourtEvent::Married {
        royal_a,
        royal_b,
        ignored,
        eligibility,
        ..
    } = married[0]
    else {
        unreachable!()
    };
    let el = |id: &str| {
        r.royals
            .iter()
            .find(|x| x.id == id)
            .expect("royal")
            .eligibility
    };
    assert!(el("ELIZABETH_I") > el("ROBERT_DUDLEY"));
    assert!(el("MARGUERITE_VAL") > el("FRANCOIS_ANJOU"));
    let mut counted = [royal_a.as_str(), royal_b.as_str()];
    counted.sort_unstable();
    assert_eq!(counted, ["ELIZABETH_I", "MARGUERITE_VAL"]);
    assert_eq!(
        *eligibility,
        i16::from(el("ELIZABETH_I")) + i16::from(el("MARGUERITE_VAL"))
    );
    let mut ig = ignored.clone();
    ig.sort();
    assert_eq!(ig, ["FRANCOIS_ANJOU", "ROBERT_DUDLEY"]);
    for id in [
        "ROBERT_DUDLEY",
        "FRANCOIS_ANJOU",
        "ELIZABETH_I",
        "MARGUERITE_VAL",
    ] {
        assert_eq!(g.royal_status(id), RoyalStatus::Married, "{id}");
    }
}

// --- espionage

fn spy(target: Power, effect: SpyEffect, whom: Option<&str>) -> Action {
    Action::Spy {
        target,
        effect,
        whom: whom.map(str::to_string).map(Into::into),
    }
}

/// A game with `p` spending `cp` CP, on the first seed from `from` whose attempt gets `success`.
fn spy_until(rs: &Ruleset, p: Power, cp: u8, a: &Action, success: bool) -> (Game, Vec<Event>) {
    for seed in 0..400 {
        let mut g = new_game(seed);
        g.stage = Stage::Cp { power: p, cp };
        let mut t = g.clone();
        let ev = act_in(rs, &mut t, p, a.clone());
        let ok = court(&ev)
            .iter()
            .any(|c| matches!(c, CourtEvent::Spied { success: s, .. } if *s == success));
        if ok {
            return (g, ev);
        }
    }
    panic!("no seed gave success={success}");
}

// X-SPY-ACTION: an attempt costs the table's CP and rolls one die against its number; without
// the CP, outside one's CP, or on oneself it is refused with the rule, state unchanged.
#[test]
fn x_spy_action_costs_cp_and_rolls_the_table() {
    let r = rs();
    let mut g = new_game(8);
    let t = refused(
        &mut g,
        Power::Spain,
        spy(Power::France, SpyEffect::Look, None),
    );
    assert!(t.contains("X-SPY-ACTION") && t.contains("CP"), "{t}");
    g.stage = Stage::Cp {
        power: Power::Spain,
        cp: r.espionage.ruler.cost - 1,
    };
    let ruler = g.ruler(r, Power::France).expect("a ruler").id.clone();
    let t = refused(
        &mut g,
        Power::Spain,
        spy(Power::France, SpyEffect::Assassinate, Some(&ruler)),
    );
    assert!(t.contains("costs") && t.contains("X-SPY-ACTION"), "{t}");
    assert!(!g.legal_actions(r, Power::Spain).iter().any(
        |a| matches!(a, Action::Spy { effect: SpyEffect::Assassinate, whom: Some(w), .. } if *w == ruler)
    ));
    let t = refused(
        &mut g,
        Power::Spain,
        spy(Power::Spain, SpyEffect::Look, None),
    );
    assert!(t.contains("itself"), "{t}");
    let t = refused(
        &mut g,
        Power::Spain,
        spy(Power::France, SpyEffect::Assassinate, None),
    );
    assert!(t.contains("X-SPY-ASSASSINATE") && t.contains(&ruler), "{t}");
    // The CP are spent and the die is shown.
    g.stage = Stage::Cp {
        power: Power::Spain,
        cp: 5,
    };
    let ev = act(
        &mut g,
        Power::Spain,
        spy(Power::France, SpyEffect::Look, None),
    );
    let c = court(&ev);
    assert!(
        matches!(c[0], CourtEvent::Spied { needed, .. } if *needed == r.espionage.look.success)
    );
    assert_eq!(
        g.stage,
        Stage::Cp {
            power: Power::Spain,
            cp: 5 - r.espionage.look.cost
        }
    );
}

// X-SPY-LOOK: a successful look shows the hand's faces to the spy alone; the channel hears the
// count.
#[test]
fn x_spy_look_shows_the_hand_to_the_spy_alone() {
    let a = spy(Power::France, SpyEffect::Look, None);
    let (mut g, _) = spy_until(rs(), Power::England, 3, &a, true);
    let hand = g.hands[Power::France as usize].clone();
    let ev = act(&mut g, Power::England, a);
    let saw = ev
        .iter()
        .find(|e| {
            matches!(
                &e.kind,
                EventKind::Court {
                    what: CourtEvent::SawHand { .. }
                }
            )
        })
        .expect("the faces are told");
    assert_eq!(saw.vis, Visibility::only(Power::England));
    assert!(
        matches!(&saw.kind, EventKind::Court { what: CourtEvent::SawHand { cards, .. } } if *cards == hand)
    );
    let public = ev
        .iter()
        .find(|e| {
            matches!(
                &e.kind,
                EventKind::Court {
                    what: CourtEvent::LookedAtHand { .. }
                }
            )
        })
        .expect("the look is announced");
    assert_eq!(public.vis, Visibility::Public);
    // No public event names a card of the hand.
    for e in ev.iter().filter(|e| e.vis == Visibility::Public) {
        let text = Texts::new(rs(), Locale::En).event(&e.kind);
        for c in &hand {
            assert!(
                !text.contains(&Texts::new(rs(), Locale::En).card(*c)),
                "{text}"
            );
        }
    }
    // A failed look shows nothing.
    let (mut g, _) = spy_until(
        rs(),
        Power::England,
        3,
        &spy(Power::France, SpyEffect::Look, None),
        false,
    );
    let ev = act(
        &mut g,
        Power::England,
        spy(Power::France, SpyEffect::Look, None),
    );
    assert!(ev.iter().all(|e| e.vis == Visibility::Public));
}

// X-SPY-DISCARD: success discards `discard_cards` cards of the target at random, never a home
// card, onto the public pile.
#[test]
fn x_spy_discard_takes_a_random_non_home_card() {
    let r = rs();
    let a = spy(Power::Spain, SpyEffect::Discard, None);
    let (mut g, _) = spy_until(r, Power::France, 4, &a, true);
    let before = g.hands[Power::Spain as usize].len();
    let pile = g.discard.len();
    let ev = act(&mut g, Power::France, a);
    let n = usize::from(r.espionage.discard_cards);
    assert_eq!(g.hands[Power::Spain as usize].len(), before - n);
    assert_eq!(g.discard.len(), pile + n);
    let top = *g.discard.last().expect("discarded");
    assert_ne!(
        r.card(top).map(|c| c.kind),
        Some(vqbot::engine::ruleset::CardKind::Home)
    );
    assert!(court(&ev)
        .iter()
        .any(|c| matches!(c, CourtEvent::ForcedDiscard { power: Power::Spain, cards } if cards == &vec![top])));
}

// X-SPY-ASSASSINATE: the killed ruler's successor reigns at once; with none left a regency
// (admin 1, no card bonus); a killed leader leaves the map for good.
#[test]
fn x_spy_assassinate_ruler_and_leader() {
    let r = rs();
    let first = new_game(0)
        .ruler(r, Power::France)
        .expect("ruler")
        .id
        .clone();
    let a = spy(Power::France, SpyEffect::Assassinate, Some(&first));
    let (mut g, _) = spy_until(r, Power::Spain, 5, &a, true);
    let ev = act(&mut g, Power::Spain, a);
    let next = g.ruler(r, Power::France).expect("a successor").id.clone();
    assert_ne!(next, first);
    assert!(court(&ev)
        .iter()
        .any(|c| matches!(c, CourtEvent::RulerKilled { successor: Some(s), .. } if *s == next)));
    // England's Elizabeth I has no successor in the data: a regency.
    let mut g = new_game(1);
    adjust(
        &mut g,
        Adjustment::Assassinated {
            power: Power::England,
            on: true,
        },
    );
    assert!(g.ruler(r, Power::England).is_none());
    assert_eq!(g.admin_rating(r, Power::England), 1);
    assert_eq!(g.card_bonus(r, Power::England), 0);
    adjust(
        &mut g,
        Adjustment::Assassinated {
            power: Power::England,
            on: false,
        },
    );
    assert_eq!(
        g.ruler(r, Power::England).map(|x| x.id.as_str()),
        Some("ELIZABETH_I")
    );
    // A leader on the map.
    let g0 = new_game(0);
    let leaders = g0
        .board
        .spaces
        .iter()
        .flat_map(|s| s.forces.iter())
        .filter(|f| f.owner() == vqbot::engine::Owner::Major(Power::France))
        .flat_map(|f| f.leaders.clone())
        .collect::<Vec<_>>();
    let l = leaders.first().expect("a French leader on the map").clone();
    let a = spy(Power::France, SpyEffect::Assassinate, Some(&l));
    let (mut g, _) = spy_until(r, Power::Spain, 5, &a, true);
    act(&mut g, Power::Spain, a);
    assert!(!g
        .board
        .spaces
        .iter()
        .flat_map(|s| s.forces.iter())
        .any(|f| f.leaders.contains(&l)));
    assert!(!g.off_map.contains(&l), "never to enter again");
    let t = refused(
        &mut g,
        Power::Spain,
        spy(Power::France, SpyEffect::Assassinate, Some("NOBODY")),
    );
    assert!(
        t.contains("NOBODY") && t.contains("X-SPY-ASSASSINATE"),
        "{t}"
    );
}

// X-SPY-GUNPOWDER: Spain killing England's ruler with the natural roll wins at once, while the
// data switches it on; with `gunpowder_plot` 0 the same roll only kills.
#[test]
fn x_spy_gunpowder_plot_wins_for_spain_and_can_be_switched_off() {
    let r = rs();
    assert!(r.espionage.gunpowder_plot, "shipped on, labelled");
    let a = spy(Power::England, SpyEffect::Assassinate, Some("ELIZABETH_I"));
    let mut found = None;
    for seed in 0..400 {
        let mut g = new_game(seed);
        g.stage = Stage::Cp {
            power: Power::Spain,
            cp: 5,
        };
        let before = g.clone();
        let ev = act(&mut g, Power::Spain, a.clone());
        if court(&ev).iter().any(
            |c| matches!(c, CourtEvent::Spied { die, .. } if *die == r.espionage.gunpowder_natural),
        ) {
            assert!(matches!(
                &g.stage,
                Stage::Over { winners, reason: EndReason::GunpowderPlot } if winners == &vec![Power::Spain]
            ));
            found = Some(before);
            break;
        }
    }
    let before = found.expect("a seed rolls the natural");
    let mut off = r.clone();
    off.espionage.gunpowder_plot = false;
    let mut g = before;
    act_in(&off, &mut g, Power::Spain, a);
    assert!(!g.is_over(), "switched off: no automatic win");
    assert!(g.ruler(&off, Power::England).is_none(), "Elizabeth is dead");
}

// --- diplomacy (issue 26)
// X-MARRIAGE-PROPOSE: a war declared between the two powers after a proposal voids it, with an
// announcement; the royals are single again and the answering power owes no answer.
#[test]
fn x_marriage_propose_voided_by_a_war_between_the_powers() {
    let mut g = new_game(3);
    let royal_of = |p: Power| {
        rs().royals
            .iter()
            .find(|r| r.power == p)
            .map(|r| r.id.clone())
            .expect("a royal")
    };
    // A pair of powers at peace where the answering power may declare war on the proposer.
    let (from, to, war) = [
        Power::England,
        Power::France,
        Power::Spain,
        Power::Protestant,
    ]
    .iter()
    .flat_map(|a| {
        [
            Power::England,
            Power::France,
            Power::Spain,
            Power::Protestant,
        ]
        .map(|b| (*a, b))
    })
    .filter(|(a, b)| a != b)
    .find_map(|(a, b)| {
        g.legal_actions(rs(), b)
            .into_iter()
            .find(|x| matches!(x, Action::DeclareWar { target, .. } if *target == a))
            .map(|w| (a, b, w))
    })
    .expect("some war is legal in turn 1's Diplomacy");
    let (ra, rb) = (royal_of(from), royal_of(to));
    act(&mut g, from, marry(&ra, &rb));
    assert_eq!(g.royal_status(&ra), RoyalStatus::Proposed);
    let ev = act(&mut g, to, war);
    assert_eq!(g.board.relation(from, to), Relation::War);
    let voided: Vec<_> = court(&ev)
        .into_iter()
        .filter(|c| matches!(c, CourtEvent::ProposalsVoided { .. }))
        .collect();
    assert_eq!(
        voided,
        [&CourtEvent::ProposalsVoided {
            a: to,
            b: from,
            pairs: vec![(ra.clone(), rb.clone())],
        }]
    );
    assert!(g.court.proposals.is_empty());
    assert_eq!(g.royal_status(&ra), RoyalStatus::Single);
    assert_eq!(g.royal_status(&rb), RoyalStatus::Single);
    let text = ev
        .iter()
        .find(|e| {
            matches!(
                &e.kind,
                EventKind::Court {
                    what: CourtEvent::ProposalsVoided { .. }
                }
            )
        })
        .map(|e| Texts::new(rs(), Locale::En).event(&e.kind))
        .unwrap_or_default();
    assert!(
        text.contains("void") && text.contains("X-MARRIAGE-PROPOSE"),
        "{text}"
    );
    let ru = ev
        .iter()
        .find(|e| matches!(&e.kind, EventKind::Court { .. }))
        .map(|e| Texts::new(rs(), Locale::Ru).event(&e.kind))
        .unwrap_or_default();
    assert!(ru.contains("отменено"), "{ru}");
    // The answering power owes no answer now: it may finish negotiating.
    act(&mut g, to, Action::DoneDiplomacy);
}

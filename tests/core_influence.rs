//! Diplomatic influence and inactive majors (issue 26 items 1-2): our reconstruction X-INF-* and
//! X-INACTIVE, numbers from the shipped `influence.csv`.

use crate::common;

use common::{new_game_with, powers, rs, to_cp};
use vqbot::engine::action::Adjustment;
use vqbot::engine::influence::{Courted, InfluenceEvent, InfluenceRefusal};
use vqbot::engine::power::{Minor, Relation};
use vqbot::engine::{Action, Event, EventKind, Game, Power, Refusal, RuleError};

const FOUR: [Power; 4] = [
    Power::Spain,
    Power::England,
    Power::France,
    Power::Protestant,
];
const PAPACY: Courted = Courted::Minor(Minor::Papacy);
const SCOTLAND: Courted = Courted::Minor(Minor::Scotland);

fn four(seed: u64) -> Game {
    new_game_with(powers(&FOUR), seed)
}

fn refusal(r: Result<Vec<Event>, RuleError>) -> InfluenceRefusal {
    match r {
        Err(RuleError::Illegal(Refusal::Influence(x))) => x,
        other => panic!("expected an influence refusal, got {other:?}"),
    }
}

fn adjust(g: &mut Game, by: Power, a: Adjustment) -> Vec<Event> {
    g.apply(rs(), by, &Action::Adjust(a))
        .expect("adjustment accepted")
}

fn resolved(ev: &[Event]) -> Vec<&InfluenceEvent> {
    ev.iter()
        .filter_map(|e| match &e.kind {
            EventKind::Influence(x @ InfluenceEvent::Resolved { .. }) => Some(x),
            _ => None,
        })
        .collect()
}

// X-INACTIVE, X-INACTIVE-SETUP: four powers in play make the Ottoman and the Empire inactive, at
// peace with everyone (the 1559 wars dropped), with the placeholder starting influence; war on
// them is refused. Five powers without the Empire make only the Empire inactive.
#[test]
fn x_inactive_setup_by_powers_in_play() {
    let g = four(1);
    assert_eq!(
        g.influence.inactive.iter().collect::<Vec<_>>(),
        vec![Power::Ottoman, Power::Empire]
    );
    assert_eq!(
        g.board.relation(Power::Ottoman, Power::Spain),
        Relation::Peace
    );
    assert_eq!(
        g.influence_of(Courted::Major(Power::Empire), Power::Spain),
        1
    );
    assert_eq!(
        g.influence_of(Courted::Major(Power::Ottoman), Power::France),
        1
    );
    assert!(
        g.hands[Power::Ottoman as usize].is_empty(),
        "uncontrolled: no cards"
    );
    let mut g2 = g.clone();
    let war = Action::DeclareWar {
        target: Power::Ottoman,
        card: None,
    };
    assert!(matches!(
        g2.apply(rs(), Power::Spain, &war),
        Err(RuleError::Illegal(Refusal::PowerNotInPlay { .. }))
    ));
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
    assert_eq!(
        five.influence.inactive.iter().collect::<Vec<_>>(),
        vec![Power::Empire]
    );
    assert_eq!(
        five.board.relation(Power::Ottoman, Power::Spain),
        Relation::War,
        "a seated Ottoman keeps its scenario war"
    );
    assert_eq!(
        five.board.relation(Power::Ottoman, Power::Empire),
        Relation::Peace
    );
    // Six powers: nothing inactive, nothing courted but the minors.
    let six = common::new_game(1);
    assert!(six.influence.inactive.is_empty());
    assert_eq!(six.courted(rs()).len(), 5);
}

/// Whether card `n` is in the game after the start: in a hand, the deck or the discard pile.
fn in_play(g: &Game, n: u16) -> bool {
    g.hands.iter().flatten().any(|c| *c == n) || g.deck.contains(&n) || g.discard.contains(&n)
}

// X-INACTIVE-SETUP (card_players.csv, the VASSAL module's text, digest §3.2): The Sublime Porte
// (#20) is added with 2-4 players and removed with 5; German Intervention (#19) is added with
// 2-5; War with Persia (#10) is removed with 2-4 and War with Poland (#11) with 2-5. Fails on
// the old row `20,2,5` (the Porte dealt in a five-power game, whatever the seed).
#[test]
fn x_inactive_setup_player_count_cards_at_start() {
    let five = new_game_with(
        powers(&[
            Power::Ottoman,
            Power::Spain,
            Power::England,
            Power::France,
            Power::Protestant,
        ]),
        11,
    );
    for seed in [1, 7, 11] {
        let four = four(seed);
        assert!(
            in_play(&four, 20),
            "four powers: the Sublime Porte is dealt"
        );
        assert!(
            in_play(&four, 19),
            "four powers: German Intervention is dealt"
        );
    }
    assert!(
        !in_play(&five, 20),
        "five powers: the Sublime Porte is removed"
    );
    assert!(
        in_play(&five, 19),
        "five powers: German Intervention is dealt"
    );
    let six = common::new_game(11);
    assert!(
        !in_play(&six, 19) && !in_play(&six, 20),
        "six powers: neither"
    );
    // The foreign wars enter later (turns 4 and 6): their rows, as the Card Draw reads them.
    let dealt = |n, players| rs().turn.card_dealt_with(n, players);
    assert!(
        !dealt(10, 4) && dealt(10, 5) && dealt(10, 6),
        "War with Persia"
    );
    assert!(!dealt(11, 5) && dealt(11, 6), "War with Poland");
    assert!(dealt(20, 2) && dealt(20, 4) && !dealt(20, 5) && !dealt(20, 6));
}

// X-INF-BUY, X-INF-TRACK: a CP action of one's impulse; refused on a seated major, past the track,
// with too few CP; the state unchanged by a refusal.
#[test]
fn x_inf_buy_costs_cp_and_refuses_what_the_track_does_not_allow() {
    let mut g = four(2);
    let cp = to_cp(&mut g, Power::Spain);
    assert!(cp >= 1, "a card with CP");
    let before = g.clone();
    let r = refusal(g.apply(
        rs(),
        Power::Spain,
        &Action::BuyInfluence {
            target: Courted::Major(Power::England),
            steps: 1,
        },
    ));
    assert!(
        matches!(r, InfluenceRefusal::ActiveMajor { target: Power::England, ref allowed } if allowed.contains(&SCOTLAND) && allowed.contains(&Courted::Major(Power::Ottoman)))
    );
    assert_eq!(r.rule(), Some("X-INACTIVE"));
    assert_eq!(g, before);
    let track = rs().influence.track(SCOTLAND);
    let r = refusal(g.apply(
        rs(),
        Power::Spain,
        &Action::BuyInfluence {
            target: SCOTLAND,
            steps: track + 1,
        },
    ));
    assert!(matches!(r, InfluenceRefusal::BeyondTrack { have: 0, .. }));
    assert_eq!(r.rule(), Some("X-INF-TRACK"));
    assert_eq!(g, before);
    let cost = rs().influence.cost(SCOTLAND);
    let ev = g
        .apply(
            rs(),
            Power::Spain,
            &Action::BuyInfluence {
                target: SCOTLAND,
                steps: 1,
            },
        )
        .expect("one step");
    assert_eq!(g.influence_of(SCOTLAND, Power::Spain), 1);
    assert!(ev.iter().any(|e| matches!(
        e.kind,
        EventKind::Influence(InfluenceEvent::Bought {
            power: Power::Spain,
            steps: 1,
            now: 1,
            ..
        })
    )));
    match g.stage {
        vqbot::engine::Stage::Cp { cp: left, .. } => assert_eq!(left, cp - cost),
        _ => assert_eq!(cp, cost, "the impulse ends only when the CP are spent"),
    }
}

// X-INF-ROLL, X-INF-RESOLVE: the only power with influence wins, the minor becomes its allied
// minor (R-CONTROL-SET: its home spaces count as the winner's), the winner loses `winner_loss`
// steps; a second resolution in the same turn only says so, and influence on it is refused
// until the next turn.
#[test]
fn x_inf_roll_winner_allies_the_minor_once_per_turn() {
    let mut g = four(3);
    adjust(
        &mut g,
        Power::France,
        Adjustment::Influence {
            power: Power::France,
            target: PAPACY,
            delta: 3,
        },
    );
    let ev = adjust(
        &mut g,
        Power::France,
        Adjustment::ResolveStatus { target: PAPACY },
    );
    let r = resolved(&ev);
    assert_eq!(r.len(), 1, "{ev:?}");
    assert!(
        matches!(r[0], InfluenceEvent::Resolved { winner: Some(Power::France), rolls, .. } if rolls.len() == 1 && rolls[0].influence == 3)
    );
    assert_eq!(g.board.minor_ally(Minor::Papacy), Some(Power::France));
    let rome = rs().space_id("ROME").expect("Rome");
    assert!(g.board.controls(rs(), Power::France, rome));
    assert_eq!(
        g.influence_of(PAPACY, Power::France),
        3 - rs().influence.winner_loss
    );
    let again = adjust(
        &mut g,
        Power::Spain,
        Adjustment::ResolveStatus { target: PAPACY },
    );
    assert!(again.iter().any(|e| matches!(
        e.kind,
        EventKind::Influence(InfluenceEvent::AlreadyResolved { .. })
    )));
    assert!(resolved(&again).is_empty());
    to_cp(&mut g, Power::Spain);
    let r = refusal(g.apply(
        rs(),
        Power::Spain,
        &Action::BuyInfluence {
            target: PAPACY,
            steps: 1,
        },
    ));
    assert!(matches!(r, InfluenceRefusal::ResolvedThisTurn { .. }));
    assert_eq!(r.rule(), Some("X-INF-RESOLVE"));
}

// X-INF-ROLL: ties follow `tie` in influence.csv; the shipped 0 leaves the status as it was.
#[test]
fn x_inf_roll_tie_leaves_the_status_as_it_was() {
    let mut seen = false;
    for seed in 0..200 {
        let mut g = four(seed);
        for p in [Power::Spain, Power::France] {
            adjust(
                &mut g,
                p,
                Adjustment::Influence {
                    power: p,
                    target: SCOTLAND,
                    delta: 2,
                },
            );
        }
        let before = g.board.minor_ally(Minor::Scotland);
        let ev = adjust(
            &mut g,
            Power::Spain,
            Adjustment::ResolveStatus { target: SCOTLAND },
        );
        let Some(InfluenceEvent::Resolved { rolls, winner, .. }) = resolved(&ev).first().copied()
        else {
            panic!("no resolution: {ev:?}")
        };
        let best = rolls.iter().map(|r| r.die + r.influence).max();
        let tied = rolls
            .iter()
            .filter(|r| Some(r.die + r.influence) == best)
            .count()
            > 1;
        if tied {
            assert_eq!(*winner, None);
            assert_eq!(g.board.minor_ally(Minor::Scotland), before);
            assert_eq!(
                g.influence_of(SCOTLAND, Power::Spain),
                2,
                "no loss on a tie"
            );
            seen = true;
            break;
        } else {
            assert!(winner.is_some());
        }
    }
    assert!(seen, "some seed ties");
}

// X-INF-RESOLVE: at the end of the Action phase every courted power with influence is resolved,
// before Winter; an adjustment cannot give influence past the track.
#[test]
fn x_inf_resolve_at_the_end_of_the_action_phase() {
    let mut g = four(4);
    let r = refusal(g.apply(
        rs(),
        Power::Spain,
        &Action::Adjust(Adjustment::Influence {
            power: Power::Spain,
            target: SCOTLAND,
            delta: 9,
        }),
    ));
    assert!(matches!(r, InfluenceRefusal::BeyondTrack { .. }));
    adjust(
        &mut g,
        Power::England,
        Adjustment::Influence {
            power: Power::England,
            target: SCOTLAND,
            delta: 5,
        },
    );
    let mut all = Vec::new();
    for _ in 0..400 {
        if g.turn > 1 {
            break;
        }
        let aw = g.awaiting();
        let p = aw.powers().iter().next().expect("someone awaited");
        let legal = g.legal_actions(rs(), p);
        let a = legal
            .iter()
            .find(|a| {
                matches!(
                    a,
                    Action::DoneDiplomacy
                        | Action::SkipDeployment
                        | Action::Pass
                        | Action::EndImpulse
                )
            })
            .cloned()
            .unwrap_or_else(|| legal[0].clone());
        all.extend(g.apply(rs(), p, &a).expect("legal"));
    }
    assert_eq!(g.turn, 2);
    let at = all
        .iter()
        .position(|e| {
            matches!(
                e.kind,
                EventKind::Influence(InfluenceEvent::Resolved {
                    target: SCOTLAND,
                    ..
                })
            )
        })
        .expect("Scotland resolved");
    let winter = all
        .iter()
        .position(|e| {
            matches!(
                e.kind,
                EventKind::PhaseStarted {
                    phase: vqbot::engine::PhaseName::Winter
                }
            )
        })
        .expect("a winter");
    assert!(at < winter, "resolved before Winter");
    // England had 5 against France's starting ally status: England rolls alone and wins.
    assert_eq!(g.board.minor_ally(Minor::Scotland), Some(Power::England));
}

// X-INACTIVE: an inactive major someone controls is dealt cards (no home card) at the next Card
// Draw and has its impulse in the impulse order, awaited as itself; it buys no influence.
#[test]
fn x_inactive_controlled_major_gets_cards_and_an_impulse() {
    let mut g = four(5);
    adjust(
        &mut g,
        Power::France,
        Adjustment::InactiveControl {
            target: Power::Ottoman,
            controller: Some(Power::France),
        },
    );
    assert!(g.impulse_powers().contains(Power::Ottoman));
    assert_eq!(g.acting_player_power(Power::Ottoman), Some(Power::France));
    // Winter now, then turn 2's card draw.
    adjust(
        &mut g,
        Power::France,
        Adjustment::Phase {
            turn: 1,
            phase: vqbot::engine::PhaseName::Winter,
            power: None,
        },
    );
    for _ in 0..50 {
        if g.turn == 2 {
            break;
        }
        let p = g.awaiting().powers().iter().next().expect("awaited");
        let a = g.legal_actions(rs(), p)[0].clone();
        g.apply(rs(), p, &a).expect("legal");
    }
    assert_eq!(g.turn, 2);
    let hand = &g.hands[Power::Ottoman as usize];
    assert!(!hand.is_empty(), "dealt cards");
    assert!(hand.iter().all(|c| rs()
        .card(*c)
        .is_some_and(|c| c.kind != vqbot::engine::ruleset::CardKind::Home)));
    common::to_impulse(&mut g, Power::Ottoman);
    assert!(g
        .legal_actions(rs(), Power::Ottoman)
        .iter()
        .any(|a| matches!(a, Action::Play { .. })));
    let cp = to_cp(&mut g, Power::Ottoman);
    assert!(cp > 0);
    assert!(!g
        .legal_actions(rs(), Power::Ottoman)
        .iter()
        .any(|a| matches!(a, Action::BuyInfluence { .. })));
    let r = refusal(g.apply(
        rs(),
        Power::Ottoman,
        &Action::BuyInfluence {
            target: SCOTLAND,
            steps: 1,
        },
    ));
    assert!(matches!(r, InfluenceRefusal::InactiveBuyer { .. }));
}

// X-INF-RESOLVE with the Papal Bull's effect: played as an event it resolves the Papacy's status;
// once resolved this turn, the flag `papacy_status_resolved` reads as set and the card gives 2 CP.
#[test]
fn x_inf_resolve_papal_bull_resolves_the_papacy_once() {
    let mut g = four(6);
    adjust(
        &mut g,
        Power::Spain,
        Adjustment::Influence {
            power: Power::Spain,
            target: PAPACY,
            delta: 2,
        },
    );
    assert!(!g.flag_set("papacy_status_resolved"));
    common::to_impulse(&mut g, Power::Spain);
    adjust(
        &mut g,
        Power::Spain,
        Adjustment::Card {
            card: 5,
            place: vqbot::engine::CardPlace::Hand(Power::Spain),
        },
    );
    let ev = g
        .apply(
            rs(),
            Power::Spain,
            &Action::Play {
                card: 5,
                mode: vqbot::engine::CardMode::Event,
            },
        )
        .expect("the Papal Bull is played");
    assert!(!resolved(&ev).is_empty(), "{ev:?}");
    assert!(g.flag_set("papacy_status_resolved"));
    assert_eq!(g.board.minor_ally(Minor::Papacy), Some(Power::Spain));
}

//! X-CARD-EFFECT: card events written in the effect language (`<key>.effect`), run as frames on
//! the decision stack. One test per primitive, each of which fails if the primitive does nothing
//! or does something else; plus the stack's contract (resumable, deterministic) and check-data.

use crate::common;

use common::{rs, sp};
use vqbot::engine::cards::run::EffectEvent;
use vqbot::engine::power::Relation;
use vqbot::engine::ruleset::CardKind;
use vqbot::engine::{
    Action, Awaiting, CardMode, Decision, Event, EventKind, Game, GameOptions, Owner, Power,
    PowerSet, Ruleset, Stage, Units, Visibility,
};

const CARD: u16 = 30;
const SPAIN: Power = Power::Spain;
const FRANCE: Power = Power::France;

/// The shipped ruleset with these cards given a kind and a written effect.
pub(crate) fn deck(cards: &[(u16, CardKind, &str)]) -> Ruleset {
    let mut r = rs().clone();
    for (n, kind, text) in cards {
        let key = format!("test_{n}");
        let mut p = vqbot::data::Problems::default();
        let e = vqbot::data::effects::parse(&format!("{key}.effect"), &key, text, &r, &mut p);
        assert!(p.0.is_empty(), "effect for card {n}: {:?}", p.0);
        let c = r.cards.iter_mut().find(|c| c.number == *n).expect("card");
        c.kind = *kind;
        c.event = Some(key);
        c.effect = e;
    }
    r
}

fn one(text: &str) -> Ruleset {
    deck(&[(CARD, CardKind::Event, text)])
}

/// A 1559 game with Spain, France, England and the Protestant, in Spain's impulse, Spain holding
/// the test card.
pub(crate) fn game(r: &Ruleset) -> Game {
    let opts = GameOptions {
        scenario: "1559".into(),
        powers: [SPAIN, FRANCE, Power::England, Power::Protestant]
            .into_iter()
            .collect::<PowerSet>(),
    };
    let mut g = Game::new(r, &opts, 11).expect("starts").0;
    g.steps.clear();
    g.stage = Stage::Impulse {
        power: SPAIN,
        passes: 0,
    };
    for h in &mut g.hands {
        h.retain(|c| *c != CARD);
    }
    g.deck.retain(|c| *c != CARD);
    g.hands[SPAIN as usize].push(CARD);
    g
}

fn play(g: &mut Game, r: &Ruleset, p: Power, card: u16) -> Vec<Event> {
    g.apply(
        r,
        p,
        &Action::Play {
            card,
            mode: CardMode::Event,
        },
    )
    .unwrap_or_else(|e| panic!("play refused: {e:?}"))
}

fn choose(g: &mut Game, r: &Ruleset, p: Power, option: u8) -> Vec<Event> {
    g.apply(
        r,
        p,
        &Action::Choose {
            option,
            space: None,
        },
    )
    .unwrap_or_else(|e| panic!("choose refused: {e:?}"))
}

fn did(ev: &[Event], f: impl Fn(&EffectEvent) -> bool) -> Option<&Event> {
    ev.iter().find(|e| match &e.kind {
        EventKind::Effect { what, .. } => f(what),
        _ => false,
    })
}

fn asked(g: &Game) -> Option<(Power, Decision)> {
    match g.awaiting() {
        Awaiting::One { power, decision } => Some((power, decision)),
        _ => None,
    }
}

fn land(g: &Game, id: &str, p: Power) -> (u8, u8, u8) {
    g.board
        .at(sp(id))
        .forces
        .iter()
        .filter(|f| f.owner() == Owner::Major(p))
        .fold((0, 0, 0), |a, f| {
            (a.0 + f.regulars, a.1 + f.mercenaries, a.2 + f.cavalry)
        })
}

// X-CARD-EFFECT: `vp N` scores now, then the impulse passes on.
#[test]
fn x_card_effect_vp_scores_now_and_the_impulse_goes_on() {
    let r = one("text_source: placeholder\nvp 2\nvp -1 for:france\n");
    let mut g = game(&r);
    let before = (g.bonus_vp[SPAIN as usize], g.bonus_vp[FRANCE as usize]);
    play(&mut g, &r, SPAIN, CARD);
    assert_eq!(g.bonus_vp[SPAIN as usize], before.0 + 2);
    assert_eq!(g.bonus_vp[FRANCE as usize], before.1 - 1);
    assert!(g.steps.is_empty(), "the effect frame is gone");
    assert!(
        !matches!(g.stage, Stage::Impulse { power: SPAIN, .. }),
        "the impulse passed on: {:?}",
        g.stage
    );
    assert!(g.discard.contains(&CARD));
}

// X-CARD-EFFECT: `draw N`: the faces go to the drawer alone, the channel hears the count.
#[test]
fn x_card_effect_draw_shows_faces_to_the_drawer_only() {
    let r = one("text_source: placeholder\ndraw 2\n");
    let mut g = game(&r);
    let (hand, deck) = (g.hands[SPAIN as usize].len(), g.deck.len());
    let top: Vec<u16> = g.deck.iter().rev().take(2).copied().collect();
    let ev = play(&mut g, &r, SPAIN, CARD);
    assert_eq!(g.hands[SPAIN as usize].len(), hand - 1 + 2);
    assert_eq!(g.deck.len(), deck - 2);
    for c in &top {
        assert!(g.hands[SPAIN as usize].contains(c));
    }
    let faces = did(&ev, |w| matches!(w, EffectEvent::DrewFaces { .. })).expect("faces");
    assert_eq!(faces.vis, Visibility::only(SPAIN));
    let count = did(&ev, |w| matches!(w, EffectEvent::Drew { n: 2, .. })).expect("count");
    assert_eq!(count.vis, Visibility::Public);
}

// X-CARD-EFFECT: `discard N random` takes cards from the named hand into the discard pile.
#[test]
fn x_card_effect_discard_random_from_another_hand() {
    let r = one("text_source: placeholder\ndiscard 2 random for:france\n");
    let mut g = game(&r);
    let before = g.hands[FRANCE as usize].clone();
    assert!(before.len() >= 2);
    let ev = play(&mut g, &r, SPAIN, CARD);
    assert_eq!(g.hands[FRANCE as usize].len(), before.len() - 2);
    let Some(Event {
        kind:
            EventKind::Effect {
                what: EffectEvent::Discarded { cards, .. },
                ..
            },
        ..
    }) = did(&ev, |w| matches!(w, EffectEvent::Discarded { .. }))
    else {
        panic!("no discard event");
    };
    for c in cards {
        assert!(before.contains(c) && g.discard.contains(c));
    }
}

// X-CARD-EFFECT: `take_card from:X`: a random card changes hands; its face reaches only the
// two powers involved.
#[test]
fn x_card_effect_take_card_moves_one_card_privately() {
    let r = one("text_source: placeholder\ntake_card from:france\n");
    let mut g = game(&r);
    let (mine, theirs) = (
        g.hands[SPAIN as usize].len(),
        g.hands[FRANCE as usize].len(),
    );
    let ev = play(&mut g, &r, SPAIN, CARD);
    assert_eq!(g.hands[SPAIN as usize].len(), mine - 1 + 1);
    assert_eq!(g.hands[FRANCE as usize].len(), theirs - 1);
    let face = did(&ev, |w| matches!(w, EffectEvent::TookFace { .. })).expect("face");
    assert!(face.vis.visible_to(Some(SPAIN)) && face.vis.visible_to(Some(FRANCE)));
    assert!(!face.vis.visible_to(Some(Power::England)) && !face.vis.visible_to(None));
}

// X-CARD-EFFECT: `look_at_hand of:X`: the looker sees the faces by DM; the channel hears the
// count only.
#[test]
fn x_card_effect_look_at_hand_faces_to_the_looker_only() {
    let r = one("text_source: placeholder\nlook_at_hand of:france\n");
    let mut g = game(&r);
    let hand = g.hands[FRANCE as usize].clone();
    let ev = play(&mut g, &r, SPAIN, CARD);
    let seen = did(&ev, |w| matches!(w, EffectEvent::SawHand { .. })).expect("seen");
    assert_eq!(seen.vis, Visibility::only(SPAIN));
    match &seen.kind {
        EventKind::Effect {
            what: EffectEvent::SawHand { cards, .. },
            ..
        } => assert_eq!(cards, &hand),
        _ => unreachable!(),
    }
    for e in ev.iter().filter(|e| e.vis == Visibility::Public) {
        if let EventKind::Effect { what, .. } = &e.kind {
            assert!(!matches!(what, EffectEvent::SawHand { .. }));
        }
    }
    assert!(did(
        &ev,
        |w| matches!(w, EffectEvent::Looked { count, .. } if *count == hand.len())
    )
    .is_some());
    assert_eq!(g.hands[FRANCE as usize], hand, "looking takes nothing");
}

// X-CARD-EFFECT: `flag NAME` and `clear_flag`, read by `if flag NAME`; a turn flag ends with the
// impulse's turn, an impulse flag with the impulse.
#[test]
fn x_card_effect_flags_set_clear_and_condition() {
    let r = one(
        "text_source: placeholder\nflag raids until:game\nflag short until:impulse\nif flag raids\n  vp 3\nclear_flag raids\nif flag raids\n  vp 100\n",
    );
    let mut g = game(&r);
    let vp = g.bonus_vp[SPAIN as usize];
    play(&mut g, &r, SPAIN, CARD);
    assert_eq!(g.bonus_vp[SPAIN as usize], vp + 3);
    assert!(!g.flag_set("raids"), "cleared");
    assert!(
        !g.flag_set("short"),
        "an impulse flag ends with the impulse"
    );
}

// X-CARD-EFFECT: `unrest where …`: the player chooses among the filter's spaces (buttons list
// them); a wrong number is refused and changes nothing.
#[test]
fn x_card_effect_unrest_on_a_chosen_space_of_the_filter() {
    let r = one("text_source: placeholder\nunrest where zone:netherlands unfortified\n");
    let mut g = game(&r);
    play(&mut g, &r, SPAIN, CARD);
    assert_eq!(asked(&g), Some((SPAIN, Decision::EffectChoice)));
    let legal = g.legal_actions(&r, SPAIN);
    assert!(legal.len() >= 2, "{legal:?}");
    let before = g.clone();
    let err = g.apply(
        &r,
        SPAIN,
        &Action::Choose {
            option: 99,
            space: None,
        },
    );
    assert!(err.is_err());
    assert_eq!(g, before, "a refused answer changes nothing");
    let ev = g
        .apply(
            &r,
            SPAIN,
            &Action::Choose {
                option: 0,
                space: Some("UTRECHT".into()),
            },
        )
        .expect("space named");
    assert!(g.board.at(sp("UTRECHT")).unrest);
    assert!(ev
        .iter()
        .any(|e| matches!(e.kind, EventKind::UnrestPlaced { space } if space == sp("UTRECHT"))));
}

// X-CARD-EFFECT: `calm` removes unrest; a filter with one space needs no question.
#[test]
fn x_card_effect_calm_removes_unrest_without_asking_when_one_space_fits() {
    let r = one("text_source: placeholder\ncalm where space:UTRECHT\n");
    let mut g = game(&r);
    g.board.spaces[sp("UTRECHT").idx()].unrest = true;
    play(&mut g, &r, SPAIN, CARD);
    assert!(!g.board.at(sp("UTRECHT")).unrest);
    assert!(g.steps.is_empty());
}

// X-CARD-EFFECT: `control where …` flips political control to the power.
#[test]
fn x_card_effect_control_flips_political_control() {
    let r = one("text_source: placeholder\ncontrol where space:GRONINGEN for:france\n");
    let mut g = game(&r);
    assert!(!g.board.controls(&r, FRANCE, sp("GRONINGEN")));
    play(&mut g, &r, SPAIN, CARD);
    assert!(g.board.controls(&r, FRANCE, sp("GRONINGEN")));
}

// X-CARD-EFFECT: `add N KIND where home fortified`: the power picks one of its fortified home
// spaces and the units appear there.
#[test]
fn x_card_effect_add_units_in_a_chosen_home_fortified_space() {
    let r = one("text_source: placeholder\nadd 2 mercenary where home fortified\n");
    let mut g = game(&r);
    play(&mut g, &r, SPAIN, CARD);
    assert_eq!(asked(&g), Some((SPAIN, Decision::EffectChoice)));
    let before = land(&g, "BARCELONA", SPAIN);
    g.apply(
        &r,
        SPAIN,
        &Action::Choose {
            option: 0,
            space: Some("BARCELONA".into()),
        },
    )
    .expect("barcelona is home and fortified");
    assert_eq!(land(&g, "BARCELONA", SPAIN).1, before.1 + 2);
    // An unfortified home space is not offered.
    let r2 = one("text_source: placeholder\nadd 1 regular where home fortified\n");
    let mut g2 = game(&r2);
    play(&mut g2, &r2, SPAIN, CARD);
    assert!(g2
        .apply(
            &r2,
            SPAIN,
            &Action::Choose {
                option: 0,
                space: Some("BILBAO".into())
            }
        )
        .is_err());
}

// X-CARD-EFFECT: `remove N of:X`: X, the owner, chooses which of its units go (as casualties).
#[test]
fn x_card_effect_remove_units_the_owner_chooses() {
    let r = one("text_source: placeholder\nremove 2 of:france where space:PARIS\n");
    let mut g = game(&r);
    for f in &mut g.board.spaces[sp("PARIS").idx()].forces {
        f.regulars = 0;
        f.mercenaries = 0;
        f.cavalry = 0;
    }
    let f = g.board.force_mut(sp("PARIS"), Owner::Major(FRANCE), None);
    f.regulars = 2;
    f.mercenaries = 1;
    f.cavalry = 1;
    play(&mut g, &r, SPAIN, CARD);
    assert_eq!(asked(&g), Some((FRANCE, Decision::Casualties)));
    let pick = Units {
        regulars: 0,
        mercenaries: 1,
        cavalry: 1,
        leaders: Vec::new(),
    };
    let wrong = Units {
        regulars: 3,
        ..Units::default()
    };
    assert!(g
        .apply(&r, FRANCE, &Action::TakeCasualties { units: wrong })
        .is_err());
    g.apply(&r, FRANCE, &Action::TakeCasualties { units: pick })
        .expect("owner picks");
    assert_eq!(land(&g, "PARIS", FRANCE), (2, 0, 0));
}

// X-CARD-EFFECT: `convert N` makes conversion attempts through the religion rules (X-REL-CONVERT).
#[test]
fn x_card_effect_convert_rolls_conversion_attempts() {
    let r =
        one("text_source: placeholder\nconvert 3 for:protestant modifier:+6 where space:UTRECHT\n");
    let mut g = game(&r);
    g.board
        .force_mut(sp("UTRECHT"), Owner::Major(Power::Protestant), None)
        .regulars = 1;
    let mut ev = play(&mut g, &r, SPAIN, CARD);
    // A natural 6 asks the roller (X-REL-SIX); keep counting it.
    while let Some((p, Decision::EffectChoice)) = asked(&g) {
        ev.extend(choose(&mut g, &r, p, 2));
    }
    let attempts = ev
        .iter()
        .filter(|e| matches!(e.kind, EventKind::ConversionAttempt { .. }))
        .count();
    assert!(attempts >= 1, "{ev:?}");
    assert_eq!(
        g.board.religion(&r, sp("UTRECHT")),
        vqbot::engine::power::Religion::Protestant,
        "+6 always converts"
    );
}

// X-CARD-EFFECT: `war on:X` and `peace with:X`.
#[test]
fn x_card_effect_war_and_peace() {
    let r = one("text_source: placeholder\nwar on:france\n");
    let mut g = game(&r);
    assert_ne!(g.board.relation(SPAIN, FRANCE), Relation::War);
    let ev = play(&mut g, &r, SPAIN, CARD);
    assert_eq!(g.board.relation(SPAIN, FRANCE), Relation::War);
    assert!(ev.iter().any(|e| matches!(
        e.kind,
        EventKind::WarDeclared {
            by: SPAIN,
            target: FRANCE
        }
    )));
    let r = one("text_source: placeholder\npeace with:france\n");
    let mut g = game(&r);
    g.board.set_relation(SPAIN, FRANCE, Relation::War);
    play(&mut g, &r, SPAIN, CARD);
    assert_eq!(g.board.relation(SPAIN, FRANCE), Relation::Peace);
}

// X-CARD-EFFECT: `if` on public state with `else`.
#[test]
fn x_card_effect_condition_takes_the_right_branch() {
    let r = one("text_source: placeholder\nif controls spain PARIS\n  vp 10\nelse\n  vp 1\nif not controls france MADRID\n  vp 2\n");
    let mut g = game(&r);
    let vp = g.bonus_vp[SPAIN as usize];
    play(&mut g, &r, SPAIN, CARD);
    assert_eq!(g.bonus_vp[SPAIN as usize], vp + 3);
}

// X-CARD-EFFECT: `choose for:X`: another power picks an option; only it may answer.
#[test]
fn x_card_effect_choice_asked_of_another_power() {
    let r = one("text_source: placeholder\nchoose for:france\n  option \"Spain gains 1 VP\"\n    vp 1\n  option \"France loses 2 VP\"\n    vp -2 for:france\nvp 5\n");
    let mut g = game(&r);
    let vp = (g.bonus_vp[SPAIN as usize], g.bonus_vp[FRANCE as usize]);
    play(&mut g, &r, SPAIN, CARD);
    assert_eq!(asked(&g), Some((FRANCE, Decision::EffectChoice)));
    assert!(g
        .apply(
            &r,
            SPAIN,
            &Action::Choose {
                option: 1,
                space: None
            }
        )
        .is_err());
    let ev = choose(&mut g, &r, FRANCE, 2);
    assert!(did(&ev, |w| matches!(
        w,
        EffectEvent::Chose { power: FRANCE, .. }
    ))
    .is_some());
    assert_eq!(
        g.bonus_vp[SPAIN as usize],
        vp.0 + 5,
        "option 1 skipped, the line after runs"
    );
    assert_eq!(g.bonus_vp[FRANCE as usize], vp.1 - 2);
}

// X-CARD-EFFECT: `repeat N` runs its block N times.
#[test]
fn x_card_effect_repeat_runs_n_times() {
    let r = one("text_source: placeholder\nrepeat 4\n  vp 1\n");
    let mut g = game(&r);
    let vp = g.bonus_vp[SPAIN as usize];
    play(&mut g, &r, SPAIN, CARD);
    assert_eq!(g.bonus_vp[SPAIN as usize], vp + 4);
}

// X-CARD-EFFECT: `cp N`: after the event its player spends N CP.
#[test]
fn x_card_effect_cp_left_to_spend() {
    let r = one("text_source: placeholder\ncp 3\n");
    let mut g = game(&r);
    play(&mut g, &r, SPAIN, CARD);
    assert_eq!(
        g.stage,
        Stage::Cp {
            power: SPAIN,
            cp: 3
        }
    );
}

// X-CARD-EFFECT: a primitive with nothing to act on is announced and skipped.
#[test]
fn x_card_effect_nothing_possible_goes_on() {
    let r = one("text_source: placeholder\nremove 1 of:france where space:MADRID\nvp 1\n");
    let mut g = game(&r);
    let vp = g.bonus_vp[SPAIN as usize];
    let ev = play(&mut g, &r, SPAIN, CARD);
    assert!(did(&ev, |w| matches!(w, EffectEvent::NothingPossible { .. })).is_some());
    assert_eq!(g.bonus_vp[SPAIN as usize], vp + 1);
}

// X-CARD-EFFECT: a game stopped in the middle of an effect (a question pending) is saved and
// read back, and goes on exactly as the one that was not stopped.
#[test]
fn x_card_effect_restart_mid_effect_resumes_to_the_same_state() {
    let r = one("text_source: placeholder\nvp 1\nchoose\n  option \"draw\"\n    draw 1\n  option \"vp\"\n    vp 2\ndiscard 1 random for:france\n");
    let mut g = game(&r);
    play(&mut g, &r, SPAIN, CARD);
    assert_eq!(asked(&g), Some((SPAIN, Decision::EffectChoice)));
    let json = serde_json::to_string(&g).expect("saves");
    let mut back: Game = serde_json::from_str(&json).expect("reads");
    assert_eq!(back, g);
    choose(&mut g, &r, SPAIN, 1);
    choose(&mut back, &r, SPAIN, 1);
    assert_eq!(back, g, "same cards drawn and discarded (seeded)");
    assert!(g.steps.is_empty());
}

// X-CARD-EFFECT: combat cards: `dice N` adds dice to the card's side in the battle it is played
// in (C-BATTLE-CARDS window).
#[test]
fn x_card_effect_combat_card_adds_dice() {
    let r = deck(&[(CARD, CardKind::Combat, "text_source: placeholder\ndice 3\n")]);
    let mut g = game(&r);
    for s in &mut g.board.spaces {
        s.forces.clear();
    }
    g.board.set_relation(SPAIN, FRANCE, Relation::War);
    g.board
        .force_mut(sp("BESANCON"), Owner::Major(SPAIN), None)
        .regulars = 2;
    g.board
        .force_mut(sp("DIJON"), Owner::Major(FRANCE), None)
        .regulars = 1;
    g.stage = Stage::Cp {
        power: SPAIN,
        cp: 2,
    };
    let mut ev = g
        .apply(
            &r,
            SPAIN,
            &Action::Move {
                from: "BESANCON".into(),
                to: "DIJON".into(),
                units: Units {
                    regulars: 2,
                    ..Units::default()
                },
            },
        )
        .expect("move");
    let mut played = false;
    for _ in 0..20 {
        let Some((p, d)) = asked(&g) else { break };
        let a = match d {
            Decision::CombatCard if p == SPAIN && !played => {
                played = true;
                Action::Play {
                    card: CARD,
                    mode: CardMode::Event,
                }
            }
            Decision::SpendCp | Decision::Impulse => break,
            _ => g.legal_actions(&r, p)[0].clone(),
        };
        ev.extend(g.apply(&r, p, &a).expect("answer"));
    }
    assert!(played, "Spain was asked for a combat card: {ev:?}");
    let dice = ev
        .iter()
        .find_map(|e| match &e.kind {
            EventKind::FieldBattle { attacker, .. } => Some(attacker.dice.len()),
            _ => None,
        })
        .expect("a battle");
    assert_eq!(dice, 2 + 3, "two regulars and the card's three dice");
}

// X-CARD-EFFECT: a response card's `cancel event`: the answered event does not happen
// (C-CARD-RESPONSE window).
#[test]
fn x_card_effect_response_cancels_the_event() {
    const RESP: u16 = 31;
    let r = deck(&[
        (CARD, CardKind::Event, "text_source: placeholder\nvp 4\n"),
        (
            RESP,
            CardKind::Response,
            "text_source: placeholder\ncancel event\nvp 1\n",
        ),
    ]);
    let mut g = game(&r);
    for h in &mut g.hands {
        h.retain(|c| *c != RESP);
    }
    g.deck.retain(|c| *c != RESP);
    g.hands[FRANCE as usize].push(RESP);
    let vp = (g.bonus_vp[SPAIN as usize], g.bonus_vp[FRANCE as usize]);
    play(&mut g, &r, SPAIN, CARD);
    let mut guard = 0;
    while let Some((p, Decision::ResponseCard)) = asked(&g) {
        guard += 1;
        assert!(guard < 10);
        let a = if p == FRANCE {
            Action::Play {
                card: RESP,
                mode: CardMode::Event,
            }
        } else {
            Action::Forgo
        };
        g.apply(&r, p, &a).expect("answer");
    }
    assert_eq!(g.bonus_vp[SPAIN as usize], vp.0, "the event was cancelled");
    assert_eq!(g.bonus_vp[FRANCE as usize], vp.1 + 1, "the response ran");
    assert!(g.discard.contains(&RESP));
}

fn problems(text: &str) -> Vec<String> {
    let mut p = vqbot::data::Problems::default();
    let e = vqbot::data::effects::parse("bad.effect", "bad", text, rs(), &mut p);
    assert!(e.is_none(), "a bad effect is not loaded");
    p.0.iter().map(|x| x.to_string()).collect()
}

// X-CARD-EFFECT: check-data refuses an unknown primitive, a filter that can match nothing, a
// type error and a loop without end, each with file:line and what is allowed.
#[test]
fn x_card_effect_bad_effects_are_refused_with_file_and_line() {
    let p = problems("text_source: placeholder\nvp 1\nfly 3\n");
    assert!(
        p.iter().any(|m| m.starts_with("bad.effect:3:")
            && m.contains("unknown primitive `fly`")
            && m.contains("allowed: vp")),
        "{p:?}"
    );
    let p =
        problems("text_source: placeholder\nadd 1 regular where zone:netherlands space:MADRID\n");
    assert!(
        p.iter()
            .any(|m| m.starts_with("bad.effect:2:") && m.contains("matches no space")),
        "{p:?}"
    );
    let p = problems("text_source: placeholder\n\nvp many\n");
    assert!(
        p.iter()
            .any(|m| m.starts_with("bad.effect:3:") && m.contains("whole number")),
        "{p:?}"
    );
    for looped in [
        "repeat\n  vp 1\n",
        "repeat 0\n  vp 1\n",
        "repeat 1000\n  vp 1\n",
    ] {
        let p = problems(&format!("text_source: placeholder\n{looped}"));
        assert!(
            p.iter()
                .any(|m| m.starts_with("bad.effect:2:") && m.contains("loop without end")),
            "{p:?}"
        );
    }
    let p = problems("vp 1\n");
    assert!(p.iter().any(|m| m.contains("text_source")), "{p:?}");
    let p = problems("text_source: placeholder\nchoose\n  option \"only one\"\n    vp 1\n");
    assert!(
        p.iter()
            .any(|m| m.starts_with("bad.effect:2:") && m.contains("at least two")),
        "{p:?}"
    );
    let p = problems("text_source: placeholder\nvp 1 of:france\n");
    assert!(
        p.iter().any(|m| m.contains("takes no option `of:`")),
        "{p:?}"
    );
}

// X-CARD-EFFECT: `vqbot check-data` reads a group's effect file next to cards.csv and names the
// file and line of a mistake; an unused file and an unknown key are refused too.
#[test]
fn x_card_effect_check_data_reads_effect_files() {
    let dir = tempfile::tempdir().expect("temp dir");
    let shipped = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("map_data/virgin_queen");
    for e in std::fs::read_dir(&shipped).expect("data") {
        let e = e.expect("entry");
        std::fs::copy(e.path(), dir.path().join(e.file_name())).expect("copy");
    }
    let cards = dir.path().join("cards.csv");
    let text = std::fs::read_to_string(&cards).expect("cards");
    let text = text.replacen(
        "24,Placeholder event 24,Заглушка 24,4,event,,1,placeholder,\"stand-in card with no event text, so that hands can be dealt; play it for CP\",,,,",
        "24,Placeholder event 24,Заглушка 24,4,event,,1,placeholder,\"stand-in card with no event text, so that hands can be dealt; play it for CP\",,,,my_card",
        1,
    );
    std::fs::write(&cards, text).expect("write");
    let run = || {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_vqbot"))
            .arg("check-data")
            .arg(dir.path())
            .output()
            .expect("runs");
        (
            out.status.success(),
            String::from_utf8_lossy(&out.stderr).into_owned(),
        )
    };
    let (ok, err) = run();
    assert!(!ok && err.contains("my_card"), "{err}");
    std::fs::write(
        dir.path().join("my_card.effect"),
        "text_source: placeholder\nvp 1\nteleport 2\n",
    )
    .expect("write");
    let (ok, err) = run();
    assert!(
        !ok && err.contains("my_card.effect:3:") && err.contains("teleport"),
        "{err}"
    );
    std::fs::write(
        dir.path().join("my_card.effect"),
        "text_source: placeholder\nvp 1\n",
    )
    .expect("write");
    let (ok, err) = run();
    assert!(ok, "{err}");
    std::fs::write(
        dir.path().join("stray.effect"),
        "text_source: placeholder\nvp 1\n",
    )
    .expect("write");
    let (ok, err) = run();
    assert!(
        !ok && err.contains("stray.effect") && err.contains("no card uses"),
        "{err}"
    );
}

// X-CARD-EFFECT: `card N` shows a written effect in words, in English and in Russian; a card
// without one still says "apply with adjust".
#[test]
fn x_card_effect_card_command_shows_the_effect_in_both_languages() {
    use vqbot::table::messages::{Locale, Texts};
    let r = one("text_source: placeholder\ndraw 1\nadd 2 regular where home fortified\n");
    let en = Texts {
        rs: &r,
        loc: Locale::En,
    }
    .card_info(CARD)
    .expect("card");
    assert!(en.contains("1. the card's player draws 1 card"), "{en}");
    assert!(
        en.contains("2. the card's player adds 2 regulars in a space: home, fortified"),
        "{en}"
    );
    let ru = Texts {
        rs: &r,
        loc: Locale::Ru,
    }
    .card_info(CARD)
    .expect("card");
    assert!(
        ru.contains("Событие (test_30.effect") && ru.contains("тянет 1 карту"),
        "{ru}"
    );
    let plain = Texts {
        rs: &r,
        loc: Locale::En,
    }
    .card_info(31)
    .expect("card");
    assert!(
        plain.contains("not automated — apply it with adjust"),
        "{plain}"
    );
    let rudolf = Texts {
        rs: &r,
        loc: Locale::En,
    }
    .card_info(9)
    .expect("card");
    assert!(rudolf.contains("automated (`rudolf_ii`)"), "{rudolf}");
}

// --- card effects (issue 25, second part)

/// Puts `cards` in the discard pile only (out of every hand and the deck).
fn to_discard(g: &mut Game, cards: &[u16]) {
    for c in cards {
        for h in &mut g.hands {
            h.retain(|x| x != c);
        }
        g.deck.retain(|x| x != c);
        g.discard.retain(|x| x != c);
        g.discard.push(*c);
    }
}

/// Gives `p` exactly these cards besides the test card.
fn hand(g: &mut Game, p: Power, cards: &[u16]) {
    for c in cards {
        for h in &mut g.hands {
            h.retain(|x| x != c);
        }
        g.deck.retain(|x| x != c);
        g.discard.retain(|x| x != c);
    }
    g.hands[p as usize].retain(|x| *x == CARD);
    g.hands[p as usize].extend_from_slice(cards);
    g.hands[p as usize].sort_unstable();
}

// X-CARD-EFFECT: `discard N chosen for:X`: X, the hand's owner, is asked which card goes; the
// offered faces reach X alone (by DM), the channel hears the card discarded (the pile is public).
#[test]
fn x_card_effect_discard_chosen_the_owner_picks_and_sees_the_faces_alone() {
    let r = one("text_source: placeholder\ndiscard 1 chosen for:france\nvp 1\n");
    let mut g = game(&r);
    hand(&mut g, FRANCE, &[49, 50, 51]);
    let vp = g.bonus_vp[SPAIN as usize];
    let ev = play(&mut g, &r, SPAIN, CARD);
    assert_eq!(asked(&g), Some((FRANCE, Decision::EffectChoice)));
    let offer = did(&ev, |w| matches!(w, EffectEvent::HandChoices { .. })).expect("offer");
    assert_eq!(offer.vis, Visibility::only(FRANCE), "the faces by DM only");
    assert_eq!(g.legal_actions(&r, FRANCE).len(), 3);
    assert!(g
        .apply(
            &r,
            SPAIN,
            &Action::Choose {
                option: 1,
                space: None
            }
        )
        .is_err());
    let ev = choose(&mut g, &r, FRANCE, 2);
    assert_eq!(g.hands[FRANCE as usize], vec![49, 51]);
    assert!(g.discard.contains(&50));
    assert!(did(&ev, |w| matches!(
        w,
        EffectEvent::DiscardedChosen {
            power: FRANCE,
            card: 50
        }
    ))
    .is_some());
    assert_eq!(g.bonus_vp[SPAIN as usize], vp + 1, "the effect went on");
    // With no more cards than asked for there is no choice to make.
    let r = one("text_source: placeholder\ndiscard 2 chosen for:france\n");
    let mut g = game(&r);
    hand(&mut g, FRANCE, &[49, 50]);
    play(&mut g, &r, SPAIN, CARD);
    assert!(g.hands[FRANCE as usize].is_empty() && g.steps.is_empty());
}

// X-CARD-EFFECT: `return_card`: the player picks a card of the public discard pile (not the card
// being played) into its hand.
#[test]
fn x_card_effect_return_card_from_the_discard_pile() {
    let r = one("text_source: placeholder\nreturn_card\n");
    let mut g = game(&r);
    g.discard.clear();
    to_discard(&mut g, &[49, 50]);
    play(&mut g, &r, SPAIN, CARD);
    assert_eq!(asked(&g), Some((SPAIN, Decision::EffectChoice)));
    assert_eq!(
        g.legal_actions(&r, SPAIN).len(),
        2,
        "the played card is not offered"
    );
    let ev = choose(&mut g, &r, SPAIN, 2);
    assert!(g.hands[SPAIN as usize].contains(&50));
    assert_eq!(g.discard, vec![49, CARD]);
    assert!(did(&ev, |w| matches!(w, EffectEvent::Returned { card: 50, .. })).is_some());
}

// X-CARD-EFFECT: `remove_card this` takes the played card out of the game; `remove_card
// from:discard` a card of the pile (no question when one fits).
#[test]
fn x_card_effect_remove_card_out_of_the_game() {
    let r = one("text_source: placeholder\nremove_card this\nremove_card from:discard\n");
    let mut g = game(&r);
    g.discard.clear();
    to_discard(&mut g, &[49]);
    play(&mut g, &r, SPAIN, CARD);
    assert!(
        g.removed.contains(&CARD) && g.removed.contains(&49),
        "{:?}",
        g.removed
    );
    assert!(!g.discard.contains(&CARD) && !g.discard.contains(&49));
    assert!(g.steps.is_empty());
}

// X-CARD-EFFECT: `play_cp`: the player plays another card of its hand (its choice) for that
// card's CP, added to the CP the event gives.
#[test]
fn x_card_effect_play_cp_spends_another_cards_cp() {
    let r = one("text_source: placeholder\ncp 1\nplay_cp\n");
    let mut g = game(&r);
    hand(&mut g, SPAIN, &[49, 50]);
    let cp50 = r.card(50).expect("card").cp;
    play(&mut g, &r, SPAIN, CARD);
    assert_eq!(asked(&g), Some((SPAIN, Decision::EffectChoice)));
    let ev = choose(&mut g, &r, SPAIN, 2);
    assert!(did(&ev, |w| matches!(
        w,
        EffectEvent::PlayedForCp { card: 50, .. }
    ))
    .is_some());
    assert!(g.discard.contains(&50) && !g.hands[SPAIN as usize].contains(&50));
    assert_eq!(
        g.stage,
        Stage::Cp {
            power: SPAIN,
            cp: 1 + cp50
        }
    );
}

// X-CARD-EFFECT: `religion protestant where …` sets a chosen space's religion through the board's
// religion state; a space outside the zones of religious struggle is "not possible".
#[test]
fn x_card_effect_religion_sets_a_space() {
    let r = one("text_source: placeholder\nreligion protestant where space:UTRECHT\nreligion protestant where space:MADRID\nvp 1\n");
    let mut g = game(&r);
    assert_eq!(
        g.board.religion(&r, sp("UTRECHT")),
        vqbot::engine::power::Religion::Catholic
    );
    let ev = play(&mut g, &r, SPAIN, CARD);
    assert_eq!(
        g.board.religion(&r, sp("UTRECHT")),
        vqbot::engine::power::Religion::Protestant
    );
    assert!(did(
        &ev,
        |w| matches!(w, EffectEvent::NothingPossible { primitive } if primitive == "religion")
    )
    .is_some());
}

// X-CARD-EFFECT (R-SPACE-FORTRESS): `fortress where …` builds a fortress on an unfortified
// space; `raze` removes a built one.
#[test]
fn x_card_effect_fortress_built_and_razed() {
    let r = one("text_source: placeholder\nfortress where space:BILBAO\n");
    let mut g = game(&r);
    assert!(!g.board.space_type(&r, sp("BILBAO")).is_fortified());
    play(&mut g, &r, SPAIN, CARD);
    assert!(g.board.space_type(&r, sp("BILBAO")).is_fortified());
    let r = one("text_source: placeholder\nraze where space:BILBAO\n");
    let mut g = game(&r);
    g.board.spaces[sp("BILBAO").idx()].fortress_built = true;
    play(&mut g, &r, SPAIN, CARD);
    assert!(!g.board.space_type(&r, sp("BILBAO")).is_fortified());
}

// X-CARD-EFFECT: `vp N lasting`: a bonus listed by card and counted in the VP total.
#[test]
fn x_card_effect_lasting_vp_counts_in_the_total() {
    let r = one("text_source: placeholder\nvp 2 lasting\n");
    let mut g = game(&r);
    let before = g.vp(&r, SPAIN).total();
    play(&mut g, &r, SPAIN, CARD);
    assert_eq!(g.lasting_vp(SPAIN), vec![(CARD, 2)]);
    assert_eq!(g.vp(&r, SPAIN).total(), before + 2);
    let json = serde_json::to_string(&g).expect("saves");
    let back: Game = serde_json::from_str(&json).expect("reads");
    assert_eq!(
        back.vp(&r, SPAIN).total(),
        before + 2,
        "kept across a restart"
    );
}

// X-CARD-EFFECT: `treasure N`: treasures from the pool through the treasure module; the faces
// reach the power alone.
#[test]
fn x_card_effect_treasure_from_the_pool() {
    let r = one("text_source: placeholder\ntreasure 1\n");
    let mut g = game(&r);
    let (held, pool) = (
        g.treasures.held[SPAIN as usize].len(),
        g.treasures.pool.len(),
    );
    assert!(pool > 0, "the pool holds treasures");
    let ev = play(&mut g, &r, SPAIN, CARD);
    assert_eq!(g.treasures.held[SPAIN as usize].len(), held + 1);
    assert_eq!(g.treasures.pool.len(), pool - 1);
    for e in &ev {
        if matches!(e.kind, EventKind::TreasureGained { .. }) {
            assert_eq!(e.vis, Visibility::only(SPAIN));
        }
    }
}

// X-CARD-EFFECT: `forbid_war on:X until:turn`: a declaration between the two is refused with the
// card named, is not listed, and the effect's own `war` is not possible.
#[test]
fn x_card_effect_forbid_war_refuses_the_declaration_naming_the_card() {
    let r = one("text_source: placeholder\nforbid_war on:france until:turn\nwar on:france\n");
    let mut g = game(&r);
    let ev = play(&mut g, &r, SPAIN, CARD);
    assert_ne!(g.board.relation(SPAIN, FRANCE), Relation::War);
    assert!(did(
        &ev,
        |w| matches!(w, EffectEvent::NothingPossible { primitive } if primitive == "war")
    )
    .is_some());
    assert_eq!(g.war_forbidden_by(FRANCE, SPAIN), Some(CARD));
    g.stage = Stage::Diplomacy {
        done: PowerSet::default(),
        offers: Vec::new(),
    };
    let before = g.clone();
    let err = g
        .apply(
            &r,
            FRANCE,
            &Action::DeclareWar {
                target: SPAIN,
                card: None,
            },
        )
        .expect_err("forbidden");
    assert!(
        format!("{err:?}").contains("WarForbiddenByCard") && format!("{err:?}").contains("30"),
        "{err:?}"
    );
    assert_eq!(g, before);
    assert!(!g
        .legal_actions(&r, FRANCE)
        .iter()
        .any(|a| matches!(a, Action::DeclareWar { target, .. } if *target == SPAIN)));
}

/// Spain's 2 regulars move from Besançon into Dijon, held by 1 French regular; every question
/// is answered by `answer` or the first legal answer; the decisions asked, in order.
fn move_into_dijon(
    g: &mut Game,
    r: &Ruleset,
    answer: impl Fn(Power, Decision) -> Option<Action>,
) -> Vec<(Power, Decision)> {
    for s in &mut g.board.spaces {
        s.forces.clear();
    }
    g.board.set_relation(SPAIN, FRANCE, Relation::War);
    g.board
        .force_mut(sp("BESANCON"), Owner::Major(SPAIN), None)
        .regulars = 2;
    g.board
        .force_mut(sp("DIJON"), Owner::Major(FRANCE), None)
        .regulars = 1;
    g.stage = Stage::Cp {
        power: SPAIN,
        cp: 2,
    };
    g.apply(
        r,
        SPAIN,
        &Action::Move {
            from: "BESANCON".into(),
            to: "DIJON".into(),
            units: Units {
                regulars: 2,
                ..Units::default()
            },
        },
    )
    .expect("move");
    let mut seen = Vec::new();
    for _ in 0..30 {
        let Some((p, d)) = asked(g) else { break };
        if matches!(d, Decision::SpendCp | Decision::Impulse) {
            break;
        }
        seen.push((p, d));
        let a = answer(p, d).unwrap_or_else(|| g.legal_actions(r, p)[0].clone());
        g.apply(r, p, &a).expect("answer");
    }
    seen
}

// X-CARD-EFFECT (C-AVOID): a response card's `cancel avoidance`: the moving formation's enemies
// are not offered to avoid battle; without it France is.
#[test]
fn x_card_effect_cancel_avoidance_skips_the_avoid_offer() {
    const RESP: u16 = 31;
    let r = deck(&[(
        RESP,
        CardKind::Response,
        "text_source: placeholder\ncancel avoidance\n",
    )]);
    let mut g = game(&r);
    hand(&mut g, Power::England, &[RESP]);
    let without = move_into_dijon(&mut g.clone(), &r, |_, d| {
        matches!(d, Decision::ResponseCard).then_some(Action::Forgo)
    });
    assert!(
        without.contains(&(FRANCE, Decision::AvoidBattle)),
        "{without:?}"
    );
    let with = move_into_dijon(&mut g, &r, |p, d| match d {
        Decision::ResponseCard if p == Power::England => Some(Action::Play {
            card: RESP,
            mode: CardMode::Event,
        }),
        Decision::ResponseCard => Some(Action::Forgo),
        _ => None,
    });
    assert!(
        with.contains(&(Power::England, Decision::ResponseCard)),
        "{with:?}"
    );
    assert!(!with.contains(&(FRANCE, Decision::AvoidBattle)), "{with:?}");
    assert!(
        !g.flag_set(vqbot::engine::cards::effect::NO_AVOIDANCE),
        "used up"
    );
}

// X-CARD-EFFECT (X-SPY-ACTION): `spy look on:X` rolls through the engine's espionage without CP;
// on a success the faces go to the spy alone.
#[test]
fn x_card_effect_spy_uses_the_espionage_rules() {
    let r = one("text_source: placeholder\nspy look on:france\n");
    let mut g = game(&r);
    let ev = play(&mut g, &r, SPAIN, CARD);
    let spied = ev
        .iter()
        .find(|e| {
            matches!(e.kind, EventKind::Court { .. }) && format!("{:?}", e.kind).contains("Spied")
        })
        .expect("an espionage roll");
    assert_eq!(spied.vis, Visibility::Public);
    for e in &ev {
        if format!("{:?}", e.kind).contains("SawHand") {
            assert_eq!(e.vis, Visibility::only(SPAIN));
        }
    }
}

// X-CARD-EFFECT: check-data refuses the new primitives' bad forms with file:line.
#[test]
fn x_card_effect_new_primitives_refuse_bad_input_with_file_and_line() {
    for (text, says) in [
        ("discard 1 maybe", "discard N chosen"),
        ("remove_card", "remove_card this"),
        ("remove_card from:deck", "remove_card from:discard"),
        (
            "religion pagan where zone:netherlands",
            "catholic or protestant",
        ),
        ("fortress 2 where zone:netherlands", "takes no word"),
        (
            "raze where zone:netherlands space:MADRID",
            "matches no space",
        ),
        ("vp 1 forever", "lasting"),
        ("treasure 0", "at least 1"),
        ("treasure many", "a number of treasures"),
        ("forbid_war until:turn", "on:<power>"),
        ("forbid_war on:france until:week", "until:week"),
        ("forbid_war on:me", "two different powers"),
        ("spy fly on:france", "look, discard or assassinate"),
        ("spy look", "on:<power>"),
        ("cancel nothing", "avoidance"),
        ("play_cp 2", "takes no word"),
        ("return_card where home", "acts on no space"),
        (
            "place_leader NOBODY where home",
            "not a leader of leaders.csv",
        ),
        ("place_leader DORIA where home", "naval leader"),
        ("capture_leader ALBA", "by:<power>"),
        ("kill_leader", "names a leader by its id or map name"),
        ("ruler until:turn", "changes something"),
        ("ruler admin:lots", "a whole number"),
        ("move fast", "no_interception and/or no_avoidance"),
        ("rating lots", "a whole number"),
    ] {
        let p = problems(&format!("text_source: placeholder\n\n{text}\n"));
        assert!(
            p.iter()
                .any(|m| m.starts_with("bad.effect:3:") && m.contains(says)),
            "{text}: {p:?}"
        );
    }
}

// X-CARD-EFFECT (issue 25): the leader primitives take a leader's map name (leader_names.csv),
// its full name quoted, its Russian name or the last word of its English name, as the
// `place leader:` command does, not only its id; each reads as the id would.
#[test]
fn x_card_effect_leader_primitives_take_map_names() {
    let parsed = |text: &str| {
        let mut p = vqbot::data::Problems::default();
        let e = vqbot::data::effects::parse(
            "t.effect",
            "t",
            &format!("text_source: placeholder\n{text}\n"),
            rs(),
            &mut p,
        );
        assert!(p.0.is_empty(), "{text}: {:?}", p.0);
        e.expect("an effect")
    };
    let by_id = parsed("kill_leader ALBA");
    for name in [
        "Alba",
        "alba",
        "\"Duke of Alba\"",
        "Альба",
        "\"Герцог Альба\"",
    ] {
        assert_eq!(parsed(&format!("kill_leader {name}")), by_id, "{name}");
    }
    assert_eq!(
        parsed("capture_leader Coligny by:spain"),
        parsed("capture_leader COLIGNY by:spain")
    );
    assert_eq!(
        parsed("place_leader \"Don John\" where space:MADRID"),
        parsed("place_leader DON_JOHN where space:MADRID")
    );
    assert_eq!(
        parsed("remove_leader don_john"),
        parsed("remove_leader DON_JOHN")
    );
}

// X-CARD-EFFECT (issue 25): an unknown leader name is refused by check-data with file:line and
// the closest leaders (id and map name).
#[test]
fn x_card_effect_unknown_leader_name_refused_with_the_closest() {
    let p = problems("text_source: placeholder\n\nkill_leader Albaa\n");
    let m = p
        .iter()
        .find(|m| m.starts_with("bad.effect:3:"))
        .unwrap_or_else(|| panic!("{p:?}"));
    assert!(m.contains("`Albaa` is not a leader"), "{m}");
    assert!(m.contains("closest: `ALBA` (Alba)"), "{m}");
}

// X-CARD-EFFECT: `card N` shows the new primitives in words, in English and Russian.
#[test]
fn x_card_effect_card_command_words_for_the_new_primitives() {
    use vqbot::table::messages::{Locale, Texts};
    let r = one("text_source: placeholder\ndiscard 1 chosen for:france\nreturn_card\nremove_card this\nplay_cp\nreligion protestant where zone:netherlands\nfortress where home\nraze where home\nvp 1 lasting\ntreasure 1\nforbid_war on:france\nspy discard on:france\nplace_leader ALBA where home\ncapture_leader ALBA by:france\nruler admin:+1\nmove no_interception\n");
    let en = Texts {
        rs: &r,
        loc: Locale::En,
    }
    .card_info(CARD)
    .expect("card");
    for part in [
        "1. France discards 1 card of its choice",
        "2. the card's player takes a card of its choice from the discard pile",
        "3. this card is removed from the game",
        "4. the card's player plays another card of its hand for its CP",
        "Protestant",
        "builds a fortress on a space: home",
        "razes a built fortress",
        "lasting bonus of 1 VP",
        "gains treasures at random from the pool: 1",
        "may not declare war on each other for this turn",
        "espionage attempt (discard) against France",
        "places Duke of Alba on",
        "is captured by France",
        "administrative rating +1, card bonus +0 for this turn",
        "may move one formation one space without CP; it cannot be intercepted",
    ] {
        assert!(en.contains(part), "{part}: {en}");
    }
    let ru = Texts {
        rs: &r,
        loc: Locale::Ru,
    }
    .card_info(CARD)
    .expect("card");
    for part in [
        "сбрасывает по своему выбору 1 карту",
        "берёт в руку карту по выбору из сброса",
        "эта карта удаляется из игры",
        "ради её ОД",
        "протестантское",
        "строит крепость",
        "сносит построенную крепость",
        "постоянный бонус 1 ПО",
        "запаса сокровищ",
        "не могут объявлять друг другу войну на этот ход",
        "шпионаж (discard)",
        "без ОД; его нельзя перехватить",
    ] {
        assert!(ru.contains(part), "{part}: {ru}");
    }
}

fn on_map(g: &Game, id: &str) -> Option<String> {
    g.board.spaces.iter().enumerate().find_map(|(i, s)| {
        s.forces
            .iter()
            .any(|f| f.leaders.iter().any(|x| x == id))
            .then(|| {
                rs().space(vqbot::engine::ruleset::SpaceId(i as u16))
                    .id
                    .clone()
            })
    })
}

// X-CARD-EFFECT: `place_leader ID where …`: the leader joins its power's units on the chosen
// space (here from off the map).
#[test]
fn x_card_effect_place_leader_on_a_chosen_space() {
    let r = one("text_source: placeholder\nplace_leader DON_JOHN where space:MADRID\n");
    let mut g = game(&r);
    g.board.spaces.iter_mut().for_each(|s| {
        s.forces
            .iter_mut()
            .for_each(|f| f.leaders.retain(|x| x != "DON_JOHN"))
    });
    if !g.off_map.contains(&"DON_JOHN".to_string()) {
        g.off_map.push("DON_JOHN".into());
    }
    let ev = play(&mut g, &r, SPAIN, CARD);
    assert_eq!(on_map(&g, "DON_JOHN").as_deref(), Some("MADRID"), "{ev:?}");
    assert!(!g.off_map.contains(&"DON_JOHN".to_string()));
    assert!(g
        .board
        .at(sp("MADRID"))
        .forces
        .iter()
        .any(|f| f.owner() == Owner::Major(SPAIN) && f.leaders.contains(&"DON_JOHN".to_string())));
}

// X-CARD-EFFECT: `capture_leader ID by:X`, `kill_leader ID`, `remove_leader ID`: a leader on the
// map is captured by X, leaves the game, or goes off the map; one not on the map is "not
// possible".
#[test]
fn x_card_effect_leader_captured_killed_or_removed() {
    let setup = |text: &str| {
        let r = one(text);
        let mut g = game(&r);
        if on_map(&g, "ALBA").is_none() {
            g.off_map.retain(|x| x != "ALBA");
            g.board
                .force_mut(sp("MADRID"), Owner::Major(SPAIN), None)
                .leaders
                .push("ALBA".into());
        }
        (r, g)
    };
    let (r, mut g) = setup("text_source: placeholder\ncapture_leader ALBA by:france\n");
    play(&mut g, &r, SPAIN, CARD);
    assert!(on_map(&g, "ALBA").is_none());
    assert!(g.captured.contains(&("ALBA".to_string(), FRANCE)));
    let (r, mut g) = setup("text_source: placeholder\nkill_leader ALBA\nkill_leader ALBA\n");
    let ev = play(&mut g, &r, SPAIN, CARD);
    assert!(on_map(&g, "ALBA").is_none() && !g.off_map.contains(&"ALBA".to_string()));
    assert!(g.court.assassinated.contains(&"ALBA".to_string()));
    assert!(did(
        &ev,
        |w| matches!(w, EffectEvent::NothingPossible { primitive } if primitive == "kill_leader")
    )
    .is_some());
    let (r, mut g) = setup("text_source: placeholder\nremove_leader ALBA\n");
    play(&mut g, &r, SPAIN, CARD);
    assert!(on_map(&g, "ALBA").is_none() && g.off_map.contains(&"ALBA".to_string()));
}

// X-CARD-EFFECT: `ruler admin:+1 cards:+1 until:turn`: the ruler's administrative rating and card
// bonus (the hand size) change while the mark lasts.
#[test]
fn x_card_effect_ruler_ratings_change_while_the_mark_lasts() {
    let r = one("text_source: placeholder\nruler admin:+1 cards:+1 for:france until:game\n");
    let mut g = game(&r);
    let (admin, bonus, hand) = (
        g.admin_rating(&r, FRANCE),
        g.card_bonus(&r, FRANCE),
        g.hand_size(&r, FRANCE),
    );
    play(&mut g, &r, SPAIN, CARD);
    assert_eq!(g.admin_rating(&r, FRANCE), admin + 1);
    assert_eq!(g.card_bonus(&r, FRANCE), bonus + 1);
    assert_eq!(g.hand_size(&r, FRANCE), hand + 1);
    assert_eq!(g.admin_rating(&r, SPAIN), {
        let g0 = game(&r);
        g0.admin_rating(&r, SPAIN)
    });
}

/// Spain (4 regulars) assaults Paris (2 French regulars inside), besieged since an earlier
/// impulse, with a line of communication through Orléans and Dijon; Spain plays `card` in the
/// assault's card window when `play`. The attacker's dice.
fn assault_paris(r: &Ruleset, card: u16, play: bool) -> usize {
    let mut g = game(r);
    for s in &mut g.board.spaces {
        s.forces.clear();
    }
    hand(&mut g, SPAIN, &[card]);
    g.board.set_relation(SPAIN, FRANCE, Relation::War);
    g.board.set_control(r, sp("DIJON"), Owner::Major(SPAIN));
    g.board.set_control(r, sp("ORLEANS"), Owner::Major(SPAIN));
    g.board
        .force_mut(sp("PARIS"), Owner::Major(SPAIN), None)
        .regulars = 4;
    g.board
        .force_mut(sp("PARIS"), Owner::Major(FRANCE), None)
        .regulars = 2;
    g.board.spaces[sp("PARIS").idx()].besieged_by = Some(SPAIN);
    g.stage = Stage::Cp {
        power: SPAIN,
        cp: 6,
    };
    let mut ev = g
        .apply(
            r,
            SPAIN,
            &Action::Assault {
                space: "PARIS".into(),
            },
        )
        .expect("assault");
    let mut played = false;
    for _ in 0..20 {
        let Some((p, d)) = asked(&g) else { break };
        let a = match d {
            Decision::CombatCard if p == SPAIN && play && !played => {
                played = true;
                Action::Play {
                    card,
                    mode: CardMode::Event,
                }
            }
            Decision::SpendCp | Decision::Impulse => break,
            _ => g.legal_actions(r, p)[0].clone(),
        };
        ev.extend(g.apply(r, p, &a).expect("answer"));
    }
    assert_eq!(played, play, "Spain was asked for a combat card");
    ev.iter()
        .find_map(|e| match &e.kind {
            EventKind::AssaultRolled { attacker, .. } => Some(attacker.dice.len()),
            _ => None,
        })
        .expect("an assault roll")
}

// X-CARD-EFFECT (C-ASSAULT-DICE): a combat card's `dice N` works in an assault's card window too.
#[test]
fn x_card_effect_combat_card_dice_in_an_assault() {
    let r = deck(&[(CARD, CardKind::Combat, "text_source: placeholder\ndice 3\n")]);
    assert_eq!(assault_paris(&r, CARD, false), 2, "half of 4, rounded up");
    assert_eq!(assault_paris(&r, CARD, true), 2 + 3);
}

/// Spain plays a `move …` card with 2 regulars in Besançon and France's 3 in Lyon (next to
/// Dijon), at war; Spain answers by moving into Dijon. The decisions asked after the move.
fn effect_move(text: &str) -> (Game, Vec<(Power, Decision)>) {
    let r = one(text);
    let mut g = game(&r);
    for s in &mut g.board.spaces {
        s.forces.clear();
    }
    g.board.set_relation(SPAIN, FRANCE, Relation::War);
    g.board
        .force_mut(sp("BESANCON"), Owner::Major(SPAIN), None)
        .regulars = 2;
    g.board
        .force_mut(sp("LYON"), Owner::Major(FRANCE), None)
        .regulars = 3;
    play(&mut g, &r, SPAIN, CARD);
    assert_eq!(asked(&g), Some((SPAIN, Decision::EffectChoice)));
    let mv = Action::Move {
        from: "BESANCON".into(),
        to: "DIJON".into(),
        units: Units {
            regulars: 2,
            ..Units::default()
        },
    };
    assert!(
        g.legal_actions(&r, SPAIN).contains(&mv),
        "the move is listed"
    );
    let far = Action::Move {
        from: "BESANCON".into(),
        to: "PARIS".into(),
        units: Units {
            regulars: 2,
            ..Units::default()
        },
    };
    assert!(g.apply(&r, SPAIN, &far).is_err(), "one space only");
    g.apply(&r, SPAIN, &mv).expect("moves");
    let mut seen = Vec::new();
    for _ in 0..30 {
        let Some((p, d)) = asked(&g) else { break };
        if matches!(d, Decision::SpendCp | Decision::Impulse) {
            break;
        }
        seen.push((p, d));
        let a = match d {
            Decision::Intercept | Decision::ResponseCard => Action::Forgo,
            _ => g.legal_actions(&r, p)[0].clone(),
        };
        g.apply(&r, p, &a).expect("answer");
    }
    (g, seen)
}

// X-CARD-EFFECT (C-INT-WHO): `move`: one formation moves one space without CP through the
// ordinary move; `move no_interception`: the enemy next to it is not offered to intercept.
#[test]
fn x_card_effect_move_a_formation_optionally_free_of_interception() {
    let (g, seen) = effect_move("text_source: placeholder\nmove\n");
    assert!(seen.contains(&(FRANCE, Decision::Intercept)), "{seen:?}");
    let (g2, seen2) = effect_move("text_source: placeholder\nmove no_interception\n");
    assert!(!seen2.contains(&(FRANCE, Decision::Intercept)), "{seen2:?}");
    assert_eq!(land(&g2, "DIJON", SPAIN), (2, 0, 0));
    assert!(
        !matches!(g2.stage, Stage::Cp { power: SPAIN, .. }),
        "no CP: the impulse went on: {:?}",
        g2.stage
    );
    assert!(!g2.flag_set(vqbot::engine::cards::effect::NO_INTERCEPTION_ONCE));
    let _ = g;
}

/// Spain's 2 regulars (and `leader`) attack 1 French regular in Dijon from Besançon; Spain plays
/// the combat card in the battle's card window. Spain's dice in the field battle.
fn field_battle_dice(r: &Ruleset, leader: Option<&str>) -> usize {
    let mut g = game(r);
    for s in &mut g.board.spaces {
        s.forces.clear();
    }
    g.board.set_relation(SPAIN, FRANCE, Relation::War);
    let f = g.board.force_mut(sp("BESANCON"), Owner::Major(SPAIN), None);
    f.regulars = 2;
    if let Some(l) = leader {
        f.leaders.push(l.into());
        g.off_map.retain(|x| x != l);
    }
    g.board
        .force_mut(sp("DIJON"), Owner::Major(FRANCE), None)
        .regulars = 1;
    g.stage = Stage::Cp {
        power: SPAIN,
        cp: 2,
    };
    let mut ev = g
        .apply(
            r,
            SPAIN,
            &Action::Move {
                from: "BESANCON".into(),
                to: "DIJON".into(),
                units: Units {
                    regulars: 2,
                    leaders: leader.iter().map(|l| (*l).into()).collect(),
                    ..Units::default()
                },
            },
        )
        .expect("move");
    let mut played = false;
    for _ in 0..20 {
        let Some((p, d)) = asked(&g) else { break };
        let a = match d {
            Decision::CombatCard if p == SPAIN && !played => {
                played = true;
                Action::Play {
                    card: CARD,
                    mode: CardMode::Event,
                }
            }
            Decision::SpendCp | Decision::Impulse => break,
            _ => g.legal_actions(r, p)[0].clone(),
        };
        ev.extend(g.apply(r, p, &a).expect("answer"));
    }
    assert!(played, "Spain was asked for a combat card");
    ev.iter()
        .find_map(|e| match &e.kind {
            EventKind::FieldBattle { attacker, .. } => Some(attacker.dice.len()),
            _ => None,
        })
        .expect("a battle")
}

// X-CARD-EFFECT: `rating N`: the side's best army leader rates N higher in this battle (N more
// dice), never below 0; without an army leader on the side it is not possible.
#[test]
fn x_card_effect_leader_rating_for_this_battle() {
    let alba = rs()
        .leaders
        .iter()
        .find(|l| l.id == "ALBA")
        .map_or(0, |l| l.battle as usize);
    let r = deck(&[(
        CARD,
        CardKind::Combat,
        "text_source: placeholder\nrating 2\n",
    )]);
    assert_eq!(field_battle_dice(&r, None), 2, "no leader: nothing to rate");
    assert_eq!(field_battle_dice(&r, Some("ALBA")), 2 + alba + 2);
    let r = deck(&[(
        CARD,
        CardKind::Combat,
        "text_source: placeholder\nrating -5\n",
    )]);
    assert_eq!(
        field_battle_dice(&r, Some("ALBA")),
        2,
        "a rating is never below 0"
    );
}

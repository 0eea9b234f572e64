//! Position files (issue 17): export → import gives the same state hash at hundreds of random
//! points of random playouts; the public part alone gives the same state except the dice and
//! the secrets (hands, deck order, face-down treasures: issue 28).

use crate::common;

use std::collections::BTreeMap;

use common::{new_game_with, rs};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use vqbot::engine::{Action, Awaiting, Game, Power, PowerSet, Stage};
use vqbot::position::{self, Source};

fn stage_kind(s: &Stage) -> &'static str {
    match s {
        Stage::Diplomacy { .. } => "diplomacy",
        Stage::SecretChoice => "secret_choice",
        Stage::Deployment { .. } => "deployment",
        Stage::Impulse { .. } => "impulse",
        Stage::Cp { .. } => "cp",
        Stage::Winter => "winter",
        Stage::Over { .. } => "over",
    }
}

/// Exports `g`, reads both parts back and checks the state hash; then the public part alone,
/// which must differ from `g` only in the random generator. Returns the stage kind checked.
fn round_trip(g: &Game, what: &str) -> &'static str {
    let rs = rs();
    let parts = position::export(rs, g);
    let public = Source {
        name: "pos.toml",
        text: &parts.public,
    };
    let private = Source {
        name: "pos.private.toml",
        text: &parts.private,
    };
    let back = match position::import(rs, public, Some(private), 7) {
        Ok(b) => b,
        Err(ps) => panic!(
            "{what}: the exported position is refused:\n{}\n---\n{}",
            ps.iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>()
                .join("\n"),
            parts.public
        ),
    };
    if back.state_hash() != g.state_hash() {
        let a = serde_json::to_value(g).expect("json");
        let b = serde_json::to_value(&back).expect("json");
        let mut diff = Vec::new();
        for (k, v) in a.as_object().expect("object") {
            let w = b.get(k.as_str()).cloned().unwrap_or_default();
            if k == "board" {
                let spaces =
                    |x: &serde_json::Value| x["spaces"].as_array().cloned().unwrap_or_default();
                for (i, (x, y)) in spaces(v).iter().zip(spaces(&w).iter()).enumerate() {
                    if x != y {
                        diff.push(format!("space {i}: {x} vs {y}"));
                    }
                }
                for f in [
                    "relations",
                    "minor_allies",
                    "minor_wars",
                    "capitals",
                    "protestant_capitals",
                ] {
                    if v[f] != w[f] {
                        diff.push(format!("board.{f}: {} vs {}", v[f], w[f]));
                    }
                }
            } else if *v != w {
                diff.push(format!("{k}: {v} vs {w}"));
            }
        }
        panic!(
            "{what}: the state hash changed; differing fields:\n{}",
            diff.join("\n")
        );
    }
    // The re-export is the same text: the format has one way of writing each state.
    assert_eq!(
        position::export(rs, &back),
        parts,
        "{what}: re-export differs"
    );
    // Without the private part: the same state but fresh dice from the given seed.
    if g.empire.secret.is_some() && !g.empire.revealed {
        // The Empire's hidden choice is only in the private part: refused without it.
        let err = position::import(rs, public, None, 7).expect_err("needs the private part");
        assert!(
            err.iter().any(|p| p.message.contains("private file")),
            "{what}: {err:?}"
        );
    } else {
        let mut alone = position::import(rs, public, None, 7).expect("public part alone");
        assert_ne!(
            alone.rng, g.rng,
            "{what}: the public part must not carry the dice"
        );
        // Issue 28 (item 4): the hands, the deck's order and the face-down treasures are
        // secret too, so the public part alone has none of them.
        assert!(
            alone.hands.iter().all(Vec::is_empty) && alone.deck.is_empty(),
            "{what}: the public part must not carry hands or the deck"
        );
        assert!(
            alone.treasures.row.is_empty() && alone.treasures.held.iter().all(Vec::is_empty),
            "{what}: the public part must not carry the treasure row or held treasures"
        );
        alone.rng = g.rng.clone();
        alone.hands = g.hands.clone();
        alone.deck = g.deck.clone();
        alone.treasures = g.treasures.clone();
        assert_eq!(
            alone.state_hash(),
            g.state_hash(),
            "{what}: public part alone"
        );
    }
    stage_kind(&g.stage)
}

/// Plays random legal actions (diplomacy mostly ended at once) and round-trips the state at
/// random points and at the first stage of each kind. Returns the number of points checked.
fn playout(
    seed: u64,
    powers: PowerSet,
    steps: usize,
    kinds: &mut BTreeMap<&'static str, usize>,
) -> usize {
    let rs = rs();
    let mut g = new_game_with(powers, seed);
    let mut pick = ChaCha8Rng::seed_from_u64(seed ^ 0x51de);
    let mut checked = 0;
    let mut seen = std::collections::BTreeSet::new();
    for step in 0..steps {
        if seen.insert(stage_kind(&g.stage)) || pick.random_ratio(1, 25) {
            *kinds
                .entry(round_trip(&g, &format!("seed {seed} step {step}")))
                .or_default() += 1;
            checked += 1;
        }
        let p = match g.awaiting() {
            Awaiting::Over { .. } => break,
            Awaiting::One { power, .. } => power,
            Awaiting::Simultaneous { pending, .. } => {
                let v: Vec<Power> = pending.iter().collect();
                v[pick.random_range(0..v.len())]
            }
        };
        let legal = g.legal_actions(rs, p);
        let done = legal
            .iter()
            .find(|a| matches!(a, Action::DoneDiplomacy | Action::Decline { .. }));
        let a = match done {
            Some(d) if pick.random_bool(0.8) => d.clone(),
            _ => legal[pick.random_range(0..legal.len())].clone(),
        };
        g.apply(rs, p, &a).expect("a listed action applies");
    }
    *kinds
        .entry(round_trip(&g, &format!("seed {seed} end")))
        .or_default() += 1;
    checked + 1
}

#[test]
fn export_then_import_gives_the_same_state_hash_at_random_points() {
    let mut kinds = BTreeMap::new();
    let mut points = 0;
    for seed in 0..12u64 {
        points += playout(seed, PowerSet::all(), 500, &mut kinds);
    }
    let three: PowerSet = [Power::Spain, Power::France, Power::Protestant]
        .into_iter()
        .collect();
    for seed in 100..104u64 {
        points += playout(seed, three, 400, &mut kinds);
    }
    eprintln!("{points} points: {kinds:?}");
    assert!(points >= 200, "only {points} points were checked");
    for k in ["diplomacy", "deployment", "impulse", "cp"] {
        assert!(kinds.contains_key(k), "no point at stage {k}: {kinds:?}");
    }
}

/// Every field of the state, also those random playouts rarely reach (winter leaders, the
/// Huguenot capital move, a finished game, a revealed secret, a foreign war with a leader on
/// the card, captured leaders, settlement fortresses, ruler events …), survives the round trip.
#[test]
fn every_field_and_every_stage_survives_the_round_trip() {
    use vqbot::engine::action::Units;
    use vqbot::engine::board::Force;
    use vqbot::engine::event::EndReason;
    use vqbot::engine::foreign_war::ForeignWar;
    use vqbot::engine::game::{EmpireState, Offer};
    use vqbot::engine::power::{Minor, Relation, ReligiousZone};
    use vqbot::engine::ruleset::EmpireChoice;
    let rs = rs();
    let sp = |id: &str| rs.space_id(id).expect("space");
    let mut g = common::new_game(3);
    g.turn = 4;
    g.seq = 321;
    g.bonus_vp = [1, -2, 0, 3, 0, 5];
    g.ruler_override[Power::France as usize] = Some("HENRY_IV".into());
    // Alba is captured by France; Sokollu fights in Persia.
    for s in &mut g.board.spaces {
        for f in &mut s.forces {
            f.leaders.retain(|l| l != "ALBA" && l != "SOKOLLU");
        }
    }
    g.captured.push(("ALBA".into(), Power::France));
    for pile in [&mut g.deck, &mut g.discard, &mut g.removed] {
        pile.retain(|c| *c != 10);
    }
    for h in &mut g.hands {
        h.retain(|c| *c != 10);
    }
    g.peace_made.push((Power::England, Power::France, 3));
    g.minor_peace
        .push((Power::Spain, vqbot::engine::power::Minor::Venice, 2));
    g.board
        .minor_wars
        .push((Power::England, vqbot::engine::power::Minor::Scotland));
    g.wars.push(ForeignWar {
        card: 10,
        power: Power::Ottoman,
        required: 4,
        army: 3,
        units: Units {
            regulars: 2,
            mercenaries: 1,
            cavalry: 0,
            leaders: vec!["SOKOLLU".into()],
        },
    });
    g.off_map.reverse();
    g.world_fortresses.push("ROANOKE".into());
    g.protestant.revolts = vec![ReligiousZone::France, ReligiousZone::Netherlands];
    g.protestant.capital_lost = [Some(2), None];
    g.board.protestant_capitals = [Some(sp("LA_ROCHELLE")), None];
    g.board.capitals[Power::Empire as usize] = vec![sp("PRAGUE")];
    g.board.set_minor_ally(Minor::Venice, Some(Power::Spain));
    g.board
        .set_relation(Power::Spain, Power::France, Relation::War);
    g.board
        .set_relation(Power::England, Power::Protestant, Relation::Alliance);
    g.board
        .set_control(rs, sp("ORLEANS"), vqbot::engine::Owner::Major(Power::Spain));
    g.board
        .set_religion(rs, sp("ROUEN"), vqbot::engine::power::Religion::Protestant)
        .expect("in a zone");
    g.board.spaces[sp("PARIS").idx()].unrest = true;
    g.board.spaces[sp("ORLEANS").idx()].fortress_built = true;
    g.board.spaces[sp("ROUEN").idx()].besieged_by = Some(Power::Spain);
    g.board.spaces[sp("ORLEANS").idx()]
        .forces
        .push(Force::new(vqbot::engine::Owner::Major(Power::Empire), None));
    // Fleets at sea and corsairs (naval warfare).
    let mut fleet = Force::new(vqbot::engine::Owner::Major(Power::England), None);
    fleet.squadrons = 2;
    g.board.seas.insert("NORTH_SEA".into(), vec![fleet]);
    g.board
        .force_mut(
            sp("ALGIERS"),
            vqbot::engine::Owner::Major(Power::Ottoman),
            None,
        )
        .corsairs = 3;
    // Piracy VP, piracy markers, Barbary Pirates (C-PIRACY, C-RAISE).
    g.naval.piracy_vp = 2;
    g.naval.pirated.push("BARBARY_COAST".into());
    g.naval.barbary_pirates = true;
    // --- treasures: holdings, spent ones and the treasure stream's position.
    let t = g.treasures.pool.pop().expect("a treasure in the pool");
    g.treasures.held[Power::England as usize].push(t);
    let t = g.treasures.pool.pop().expect("a second one");
    g.treasures.spent.push(t);
    g.treasures.words = 40;
    let salt = "0123abcd".to_string();
    g.empire = EmpireState {
        commitment: Some(vqbot::engine::diplomacy::commitment(
            EmpireChoice::Balanced,
            &salt,
        )),
        secret: Some((EmpireChoice::Balanced, salt)),
        revealed: true,
        master: true,
        rudolf_dead: true,
    };
    // The questions on the decision stack that random playouts rarely reach, with their stage.
    use vqbot::engine::steps::{Step, WinterPhase};
    let questions = [
        (
            Stage::Winter,
            vec![
                Step::Winter {
                    phase: WinterPhase::Start,
                },
                Step::WithdrawLeaders(vqbot::engine::protestant::WithdrawLeaders {
                    power: Power::Protestant,
                }),
            ],
        ),
        (
            Stage::Impulse {
                power: Power::France,
                passes: 1,
            },
            vec![Step::HuguenotCapital(
                vqbot::engine::protestant::HuguenotCapital {
                    played_by: Power::France,
                },
            )],
        ),
        (
            Stage::Impulse {
                power: Power::Spain,
                passes: 0,
            },
            vec![Step::SendToWar(vqbot::engine::foreign_war::SendToWar {
                power: Power::Ottoman,
                card: 10,
                played_by: Power::Spain,
            })],
        ),
        (
            Stage::Cp {
                power: Power::England,
                cp: 1,
            },
            vec![Step::ConversionSix(
                vqbot::engine::religion::ConversionSix {
                    power: Power::England,
                    space: sp("EDINBURGH"),
                    modifier: -1,
                },
            )],
        ),
    ];
    for (stage, steps) in questions {
        g.stage = stage;
        g.steps = steps;
        round_trip(&g, &format!("{:?}", g.steps.last()));
    }
    g.steps.clear();
    let stages = [
        Stage::Cp {
            power: Power::France,
            cp: 2,
        },
        Stage::Over {
            winners: vec![Power::Spain, Power::France],
            reason: EndReason::Standard { vp: 25 },
        },
        Stage::Deployment {
            power: Power::Spain,
        },
        Stage::SecretChoice,
        Stage::Impulse {
            power: Power::Protestant,
            passes: 3,
        },
        Stage::Diplomacy {
            done: [Power::Spain].into_iter().collect(),
            offers: vec![Offer {
                from: Power::England,
                to: Power::France,
                status: Relation::Peace,
            }],
        },
    ];
    for stage in stages {
        g.stage = stage;
        round_trip(&g, &format!("{:?}", g.stage));
    }
    // A hidden choice (chosen, not revealed) travels in the private part only.
    g.empire.revealed = false;
    let parts = position::export(rs, &g);
    assert!(!parts.public.contains("balanced") && parts.private.contains("balanced"));
    round_trip(&g, "hidden choice");
}

//! Virgin Queen's Portuguese treasures: the row refilled in the Card Draw phase, Lisbon's
//! controller drawing one in Winter (C-WINTER-ORDER, Virgin Queen line), spending one for CP
//! (our reading, X-TREASURE-SPEND) and the manual fix. Numbers come from the shipped data.

use crate::common;

use common::{new_game, rs, sp, to_cp, to_impulse};
use vqbot::engine::power::Minor;
use vqbot::engine::turn_data::ids;
use vqbot::engine::{
    Action, Adjustment, Awaiting, Decision, Event, EventKind, Game, Owner, Power, RuleError, Stage,
    Visibility,
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

fn row_size() -> usize {
    rs().turn.number(ids::PORTUGUESE_ROW) as usize
}

/// Ends the Action phase at once (nobody holds cards; a power holding treasures passes) and runs Winter (every question answered
/// with its first legal answer), Victory Determination and the next turn's Card Draw.
fn end_turn(g: &mut Game) -> Vec<Event> {
    for h in &mut g.hands {
        h.clear();
    }
    g.stage = Stage::Cp {
        power: Power::Ottoman,
        cp: 1,
    };
    let mut ev = act(g, Power::Ottoman, Action::EndImpulse);
    for _ in 0..100 {
        match g.awaiting() {
            Awaiting::One {
                power,
                decision: Decision::Diplomacy,
            } => panic!("{power} in diplomacy"),
            // A power holding treasures but no cards is not passed over: it passes.
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
    assert!(
        matches!(g.stage, Stage::Diplomacy { .. }),
        "the next turn began: {:?}",
        g.stage
    );
    ev
}

fn held(g: &Game, p: Power) -> &[u16] {
    &g.treasures.held[p as usize]
}

/// The data's treasures are all placed exactly once (pool, row, holdings, spent).
fn conserved(g: &Game) {
    let mut all = g.treasures.all_placed();
    all.sort_unstable();
    let want: Vec<u16> = rs().treasures.iter().map(|t| t.number).collect();
    assert_eq!(all, want, "treasures not conserved: {:?}", g.treasures);
}

// The Card Draw phase lays the Portuguese row face down: `portuguese_row` boxes from the pool,
// announced with counts only.
#[test]
fn x_treasure_portuguese_row_laid_at_the_first_card_draw() {
    let (g, ev) = Game::new(
        rs(),
        &vqbot::engine::GameOptions {
            scenario: "1559".into(),
            powers: vqbot::engine::PowerSet::all(),
        },
        3,
    )
    .expect("starts");
    assert_eq!(row_size(), 3, "the FAQ's row of 3 boxes (rules.csv)");
    assert_eq!(g.treasures.row.len(), 3);
    assert_eq!(g.treasures.pool.len(), rs().treasures.len() - 3);
    conserved(&g);
    let refill = ev
        .iter()
        .find(|e| matches!(e.kind, EventKind::TreasureRowRefilled { .. }))
        .expect("the refill is announced");
    assert_eq!(refill.vis, Visibility::Public);
    assert_eq!(
        refill.kind,
        EventKind::TreasureRowRefilled {
            added: 3,
            row: 3,
            pool: (rs().treasures.len() - 3) as u16
        }
    );
}

// C-WINTER-ORDER (Virgin Queen): the power controlling Lisbon draws a Portuguese treasure from
// the row; the channel hears who drew it, only the holder its face; the next Card Draw phase
// refills the row.
#[test]
fn c_winter_order_lisbon_controller_draws_a_portuguese_treasure() {
    let mut g = new_game(21);
    g.board
        .set_control(rs(), sp("LISBON"), Owner::Major(Power::Spain));
    let row_before = g.treasures.row.clone();
    let pool_before = g.treasures.pool.len();
    let ev = end_turn(&mut g);
    assert_eq!(held(&g, Power::Spain).len(), 1, "Spain drew one");
    let t = held(&g, Power::Spain)[0];
    assert!(row_before.contains(&t), "drawn from the row, not the pool");
    for p in [
        Power::Ottoman,
        Power::England,
        Power::France,
        Power::Empire,
        Power::Protestant,
    ] {
        assert!(held(&g, p).is_empty(), "{p} drew nothing");
    }
    let drawn = ev
        .iter()
        .find(|e| matches!(e.kind, EventKind::TreasureDrawn { .. }))
        .expect("announced");
    assert_eq!(drawn.vis, Visibility::Public);
    assert_eq!(
        drawn.kind,
        EventKind::TreasureDrawn {
            power: Power::Spain,
            held: 1
        }
    );
    let faces: Vec<&Event> = ev
        .iter()
        .filter(|e| matches!(e.kind, EventKind::TreasureGained { .. }))
        .collect();
    assert_eq!(faces.len(), 1);
    assert_eq!(
        faces[0].vis,
        Visibility::only(Power::Spain),
        "the face is Spain's alone"
    );
    // The public line names no treasure.
    let en = Texts::new(rs(), Locale::En).event(&drawn.kind);
    assert!(en.contains("Lisbon") && !en.contains('#'), "{en}");
    // With its new hand Spain is reminded of its treasure, privately.
    assert!(ev.iter().any(|e| e.vis == Visibility::only(Power::Spain)
        && e.kind
            == EventKind::TreasuresHeld {
                power: Power::Spain,
                treasures: vec![t]
            }));
    // The next turn's Card Draw phase refilled the row from the pool.
    assert_eq!(g.treasures.row.len(), row_size());
    assert_eq!(g.treasures.pool.len(), pool_before - 1);
    assert!(ev.iter().any(|e| e.kind
        == EventKind::TreasureRowRefilled {
            added: 1,
            row: row_size() as u8,
            pool: (pool_before - 1) as u16
        }));
    conserved(&g);
}

// C-WINTER-ORDER (Virgin Queen): Lisbon held by Portugal with no ally (the 1559 start) — no
// major controls it, nobody draws, the row stays as it was.
#[test]
fn c_winter_order_nobody_draws_when_no_major_controls_lisbon() {
    let mut g = new_game(22);
    assert_eq!(g.board.minor_ally(Minor::Portugal), None);
    assert_eq!(g.lisbon_controller(rs()), None);
    let row = g.treasures.row.clone();
    let ev = end_turn(&mut g);
    assert!(g.treasures.held.iter().all(Vec::is_empty));
    assert_eq!(
        g.treasures.row, row,
        "nothing left the row, nothing was added"
    );
    assert!(ev.iter().any(
        |e| e.kind == EventKind::NoTreasureDrawn { power: None } && e.vis == Visibility::Public
    ));
    assert!(!ev
        .iter()
        .any(|e| matches!(e.kind, EventKind::TreasureRowRefilled { .. })));
    conserved(&g);
}

// X-TREASURE-PORTUGUESE (our reading of R-CONTROL-SET): while Portugal is England's minor ally,
// England controls Lisbon and draws.
#[test]
fn x_treasure_portuguese_portugals_major_ally_draws() {
    let mut g = new_game(23);
    act(
        &mut g,
        Power::England,
        Action::Adjust(Adjustment::MinorAlly {
            minor: Minor::Portugal,
            ally: Some(Power::England),
        }),
    );
    assert_eq!(g.lisbon_controller(rs()), Some(Power::England));
    end_turn(&mut g);
    assert_eq!(held(&g, Power::England).len(), 1);
    conserved(&g);
}

// The draws are the game's seeded randomness: the same seed draws the same treasures, and the
// dice stream is untouched (the main generator is where it would be without treasures).
#[test]
fn x_treasure_portuguese_draws_are_seeded() {
    let play = |seed: u64| {
        let mut g = new_game(seed);
        g.board
            .set_control(rs(), sp("LISBON"), Owner::Major(Power::Spain));
        end_turn(&mut g);
        end_turn(&mut g);
        (g.treasures.clone(), g.rng.clone())
    };
    assert_eq!(play(5), play(5));
    assert_ne!(play(5).0, play(6).0, "another seed, other treasures");
    // The same game with no treasures in its data: the main generator is at the same place.
    let mut bare = rs().clone();
    bare.treasures.clear();
    let opts = vqbot::engine::GameOptions {
        scenario: "1559".into(),
        powers: vqbot::engine::PowerSet::all(),
    };
    let (a, _) = Game::new(rs(), &opts, 5).expect("starts");
    let (b, _) = Game::new(&bare, &opts, 5).expect("starts");
    assert!(b.treasures.is_empty() && !a.treasures.is_empty());
    assert_eq!(
        a.rng, b.rng,
        "laying the row used no die of the main stream"
    );
    assert_eq!(a.deck, b.deck);
}

fn give(g: &mut Game, p: Power, n: i8) -> Vec<Event> {
    act(
        g,
        p,
        Action::Adjust(Adjustment::Treasure { power: p, delta: n }),
    )
}

// X-TREASURE-SPEND: after playing a card for CP, a treasure adds its value to the CP; the face
// and value are announced; the treasure is spent (out of the game).
#[test]
fn x_treasure_spend_adds_its_value_to_the_cards_cp() {
    let mut g = new_game(24);
    give(&mut g, Power::England, 1);
    let t = held(&g, Power::England)[0];
    let value = rs().treasure(t).expect("known").cp;
    let cp = to_cp(&mut g, Power::England);
    let ev = act(
        &mut g,
        Power::England,
        Action::SpendTreasure { treasure: t },
    );
    assert_eq!(
        g.stage,
        Stage::Cp {
            power: Power::England,
            cp: cp + value
        }
    );
    assert!(held(&g, Power::England).is_empty());
    assert_eq!(g.treasures.spent, vec![t]);
    assert!(ev.iter().any(|e| e.vis == Visibility::Public
        && e.kind
            == EventKind::TreasureSpent {
                power: Power::England,
                treasure: t,
                cp: value
            }));
    conserved(&g);
}

// X-TREASURE-SPEND: before a card is played, a treasure gives the impulse its CP; `end` ends it.
#[test]
fn x_treasure_spend_funds_an_impulse_without_a_card() {
    let mut g = new_game(25);
    give(&mut g, Power::France, 2);
    let t = held(&g, Power::France)[0];
    let value = rs().treasure(t).expect("known").cp;
    to_impulse(&mut g, Power::France);
    let hand = g.hands[Power::France as usize].clone();
    assert!(g
        .legal_actions(rs(), Power::France)
        .contains(&Action::SpendTreasure { treasure: t }));
    act(&mut g, Power::France, Action::SpendTreasure { treasure: t });
    assert_eq!(
        g.stage,
        Stage::Cp {
            power: Power::France,
            cp: value
        }
    );
    assert_eq!(g.hands[Power::France as usize], hand, "no card was played");
    act(&mut g, Power::France, Action::EndImpulse);
    assert!(!matches!(
        g.stage,
        Stage::Cp {
            power: Power::France,
            ..
        }
    ));
}

// X-TREASURE-SPEND refusals: not yours, unknown, not your impulse — each typed, state unchanged.
#[test]
fn x_treasure_spend_refused_when_not_yours_or_not_your_impulse() {
    let mut g = new_game(26);
    give(&mut g, Power::England, 1);
    give(&mut g, Power::France, 1);
    let (mine, theirs) = (held(&g, Power::England)[0], held(&g, Power::France)[0]);
    // Diplomacy: nobody's impulse.
    let text = refused(
        &mut g,
        Power::England,
        Action::SpendTreasure { treasure: mine },
    );
    assert!(text.contains("own impulse"), "{text}");
    to_impulse(&mut g, Power::England);
    let text = refused(
        &mut g,
        Power::England,
        Action::SpendTreasure { treasure: theirs },
    );
    assert!(
        text.contains(&format!("#{theirs}")) && text.contains("not held"),
        "{text}"
    );
    let text = refused(
        &mut g,
        Power::England,
        Action::SpendTreasure { treasure: 999 },
    );
    assert!(text.contains("no treasure #999"), "{text}");
    // France's own treasure in England's impulse.
    let text = refused(
        &mut g,
        Power::France,
        Action::SpendTreasure { treasure: theirs },
    );
    assert!(
        text.contains("own impulse") && text.contains("X-TREASURE-SPEND"),
        "{text}"
    );
    // Russian wording exists for the same refusal.
    let e = g
        .apply(
            rs(),
            Power::France,
            &Action::SpendTreasure { treasure: theirs },
        )
        .expect_err("refused");
    let ru = Texts::new(rs(), Locale::Ru).rule_error(&e);
    assert!(ru.contains("импульс"), "{ru}");
}

// `adjust what:treasure`: gives from the pool at random, takes back at random; the public line
// carries counts, the face goes to the holder; more than there are is refused.
#[test]
fn x_treasure_adjust_gives_and_takes_without_faces_in_public() {
    let mut g = new_game(27);
    let pool = g.treasures.pool.len();
    let ev = give(&mut g, Power::Empire, 2);
    assert_eq!(held(&g, Power::Empire).len(), 2);
    assert_eq!(g.treasures.pool.len(), pool - 2);
    for e in &ev {
        if let EventKind::TreasureGained { power, .. } = e.kind {
            assert_eq!(e.vis, Visibility::only(power));
        } else {
            assert_eq!(e.vis, Visibility::Public);
        }
    }
    let ev = give(&mut g, Power::Empire, -1);
    assert_eq!(held(&g, Power::Empire).len(), 1);
    assert_eq!(g.treasures.pool.len(), pool - 1);
    assert!(ev
        .iter()
        .all(|e| e.vis == Visibility::Public || e.vis == Visibility::only(Power::Empire)));
    let text = refused(
        &mut g,
        Power::Empire,
        Action::Adjust(Adjustment::Treasure {
            power: Power::Empire,
            delta: -2,
        }),
    );
    assert!(text.contains("holds 1"), "{text}");
    conserved(&g);
    // Only powers in play hold treasures.
    let mut two = common::new_game_with(common::powers(&[Power::England, Power::France]), 27);
    let text = refused(
        &mut two,
        Power::England,
        Action::Adjust(Adjustment::Treasure {
            power: Power::Spain,
            delta: 1,
        }),
    );
    assert!(text.contains("not in play"), "{text}");
}

// Position files carry the treasures (`[treasures]`, the pool being the rest); a number the data
// does not have, or one listed twice, is refused with its line, nothing is created.
#[test]
fn x_treasure_position_line_is_checked() {
    let mut g = new_game(28);
    give(&mut g, Power::Spain, 1);
    let out = vqbot::position::export(rs(), &g);
    fn src(t: &str) -> vqbot::position::Source<'_> {
        vqbot::position::Source {
            name: "camp.toml",
            text: t,
        }
    }
    let back = vqbot::position::import(
        rs(),
        src(&out.public),
        Some(vqbot::position::Source {
            name: "camp.private.toml",
            text: &out.private,
        }),
        1,
    )
    .expect("reads back");
    assert_eq!(back.treasures, g.treasures);
    // Held treasures and the face-down row are secret, like hands: only in the private part
    // (issue 28, item 4).
    assert!(out.private.contains("[treasures.held]"), "{}", out.private);
    assert!(!out.public.contains("[treasures.held]"), "{}", out.public);
    let spain = held(&g, Power::Spain)[0];
    let bad = out.private.replacen("row = [", "row = [99, ", 1).replacen(
        &format!("spain = [{spain}]"),
        &format!("spain = [{spain}, {spain}]"),
        1,
    );
    let problems = vqbot::position::import(
        rs(),
        src(&out.public),
        Some(vqbot::position::Source {
            name: "camp.private.toml",
            text: &bad,
        }),
        1,
    )
    .expect_err("refused");
    let text: Vec<String> = problems.iter().map(|p| p.to_string()).collect();
    assert!(
        text.iter()
            .any(|p| p.contains("camp.private.toml:") && p.contains("no treasure 99")),
        "{text:?}"
    );
    assert!(
        text.iter()
            .any(|p| p.contains("camp.private.toml:") && p.contains("listed twice")),
        "{text:?}"
    );
    // Without `[treasures]` nobody holds one and the next Card Draw phase lays the row.
    let mut skip = false;
    let without: String = out
        .public
        .lines()
        .filter(|l| {
            if l.starts_with('[') {
                skip = l.starts_with("[treasures");
            }
            !skip
        })
        .map(|l| format!("{l}\n"))
        .collect();
    assert_ne!(without, out.public);
    let plain = vqbot::position::import(rs(), src(&without), None, 1).expect("reads");
    assert!(plain.treasures.is_empty(), "{without}");
}

// X-TREASURE-SPEND: a power with no cards is passed over automatically only when it holds no
// treasure either (both counts are public); holding one, it gets its impulse and may spend it.
#[test]
fn x_treasure_spend_a_power_with_only_treasures_keeps_its_impulse() {
    let run = |with_treasure: bool| -> Game {
        let mut g = new_game(27);
        if with_treasure {
            give(&mut g, Power::England, 1);
        }
        to_impulse(&mut g, Power::Spain);
        g.hands[Power::Spain as usize].clear();
        g.hands[Power::England as usize].clear();
        act(&mut g, Power::Spain, Action::Pass);
        g
    };
    let g = run(true);
    assert_eq!(
        g.awaiting(),
        Awaiting::One {
            power: Power::England,
            decision: Decision::Impulse
        }
    );
    let t = held(&g, Power::England)[0];
    assert!(g
        .legal_actions(rs(), Power::England)
        .contains(&Action::SpendTreasure { treasure: t }));
    let g = run(false);
    assert!(!matches!(
        g.awaiting(),
        Awaiting::One {
            power: Power::England,
            ..
        }
    ));
}

//! Position files (issue 17): export → import gives the same state hash at hundreds of random
//! points of random playouts; the public part alone gives the same state except the dice.

mod common;

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
        Stage::SendToWar { .. } => "send_to_war",
        Stage::WinterLeaders => "winter_leaders",
        Stage::HuguenotCapital { .. } => "huguenot_capital",
        Stage::Cp { .. } => "cp",
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
            ps.iter().map(ToString::to_string).collect::<Vec<_>>().join("\n"),
            parts.public
        ),
    };
    if back.state_hash() != g.state_hash() {
        let a = serde_json::to_value(g).expect("json");
        let b = serde_json::to_value(&back).expect("json");
        let diff: Vec<String> = a
            .as_object()
            .expect("object")
            .iter()
            .filter(|(k, v)| b.get(k.as_str()) != Some(v))
            .map(|(k, v)| format!("{k}: {v} vs {}", b.get(k.as_str()).cloned().unwrap_or_default()))
            .collect();
        panic!("{what}: the state hash changed; differing fields:\n{}", diff.join("\n"));
    }
    // The re-export is the same text: the format has one way of writing each state.
    assert_eq!(position::export(rs, &back), parts, "{what}: re-export differs");
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
        assert_ne!(alone.rng, g.rng, "{what}: the public part must not carry the dice");
        alone.rng = g.rng.clone();
        assert_eq!(alone.state_hash(), g.state_hash(), "{what}: public part alone");
    }
    stage_kind(&g.stage)
}

/// Plays random legal actions (diplomacy mostly ended at once) and round-trips the state at
/// random points and at every new kind of stage. Returns the number of points checked.
fn playout(seed: u64, powers: PowerSet, steps: usize, kinds: &mut BTreeMap<&'static str, usize>) -> usize {
    let rs = rs();
    let mut g = new_game_with(powers, seed);
    let mut pick = ChaCha8Rng::seed_from_u64(seed ^ 0x51de);
    let mut checked = 0;
    let mut last_kind = "";
    for step in 0..steps {
        let kind = stage_kind(&g.stage);
        if kind != last_kind || pick.random_ratio(1, 20) {
            *kinds.entry(round_trip(&g, &format!("seed {seed} step {step}"))).or_default() += 1;
            checked += 1;
        }
        last_kind = kind;
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
    *kinds.entry(round_trip(&g, &format!("seed {seed} end"))).or_default() += 1;
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

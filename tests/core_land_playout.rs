//! Random playouts with every land decision in play: interception, avoidance, withdrawal,
//! casualties, retreats and — with two cards made combat and response cards — the card windows,
//! all answered at random. Games never stall, every listed answer is accepted, and replays give
//! the same hashes.

use crate::common;

use common::rs;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::collections::BTreeMap;
use vqbot::engine::ruleset::CardKind;
use vqbot::engine::{Action, Awaiting, Decision, Game, GameOptions, PowerSet, Ruleset};

fn ruleset_with_windows() -> Ruleset {
    let mut r = rs().clone();
    for c in &mut r.cards {
        if c.number == 12 || c.number == 14 {
            c.kind = CardKind::Combat;
        }
        if c.number == 13 || c.number == 15 {
            c.kind = CardKind::Response;
        }
    }
    r
}

#[test]
fn random_battle_answers_never_stall_and_replay() {
    let r = ruleset_with_windows();
    let opts = GameOptions {
        scenario: "1559".into(),
        powers: PowerSet::all(),
    };
    let mut seen: BTreeMap<String, usize> = BTreeMap::new();
    for seed in 0..60u64 {
        let (mut g, _) = Game::new(&r, &opts, seed).expect("starts");
        let mut pick = ChaCha8Rng::seed_from_u64(seed ^ 0x51);
        let mut log = Vec::new();
        for _ in 0..800 {
            let (p, d) = match g.awaiting() {
                Awaiting::Over { .. } => break,
                Awaiting::One { power, decision } => (power, decision),
                Awaiting::Simultaneous {
                    pending, decision, ..
                } => {
                    let v: Vec<_> = pending.iter().collect();
                    (v[pick.random_range(0..v.len())], decision)
                }
            };
            *seen.entry(format!("{d:?}")).or_default() += 1;
            let legal = g.legal_actions(&r, p);
            assert!(
                !legal.is_empty(),
                "seed {seed}: {p} asked {d:?} with no answer"
            );
            // Wars make battles: declare them often; end negotiations quickly.
            let war = legal
                .iter()
                .find(|a| matches!(a, Action::DeclareWar { .. }))
                .filter(|_| pick.random_bool(0.5));
            let done = legal
                .iter()
                .find(|a| matches!(a, Action::DoneDiplomacy | Action::Decline { .. }));
            let a = match (war, done) {
                (Some(w), _) => w.clone(),
                (None, Some(x)) if pick.random_bool(0.8) => x.clone(),
                _ => legal[pick.random_range(0..legal.len())].clone(),
            };
            if let Err(e) = g.apply(&r, p, &a) {
                panic!("seed {seed}: listed {a:?} by {p} refused: {e}");
            }
            log.push((p, a));
        }
        let (mut again, _) = Game::new(&r, &opts, seed).expect("starts");
        for (p, a) in &log {
            again.apply(&r, *p, a).expect("replays");
        }
        assert_eq!(
            again.state_hash(),
            g.state_hash(),
            "seed {seed}: replay diverged"
        );
        let back: Game =
            serde_json::from_str(&serde_json::to_string(&g).expect("json")).expect("loads");
        assert_eq!(back, g);
    }
    eprintln!("decisions seen: {seen:?}");
    for d in [
        Decision::Intercept,
        Decision::AvoidBattle,
        Decision::WithdrawInside,
        Decision::CombatCard,
        Decision::ResponseCard,
        Decision::Casualties,
        Decision::Retreat,
    ] {
        assert!(
            seen.get(&format!("{d:?}")).copied().unwrap_or(0) > 0,
            "no {d:?} question in 60 random games: {seen:?}"
        );
    }
}

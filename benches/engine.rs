//! Engine speed: `apply` of single actions, `legal_actions`, and random-playout throughput.
//! Run with `cargo bench --bench engine`.

use criterion::{criterion_group, criterion_main, BatchSize, Criterion};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::time::Instant;
use vqbot::engine::{
    Action, Awaiting, CardMode, Decision, Game, GameOptions, Power, PowerSet, Ruleset, Units,
};

fn ruleset() -> Ruleset {
    vqbot::data::load_default().unwrap_or_else(|p| panic!("data: {p:?}"))
}

/// A six-power game driven to Spain's impulse with a card played for CP.
fn game_in_cp(rs: &Ruleset) -> Game {
    let opts = GameOptions {
        scenario: "1559".into(),
        powers: PowerSet::all(),
    };
    let (mut g, _) = Game::new(rs, &opts, 9).expect("starts");
    loop {
        match g.awaiting() {
            Awaiting::Simultaneous { pending, .. } => {
                for p in pending.iter() {
                    g.apply(rs, p, &Action::DoneDiplomacy).expect("done");
                }
            }
            Awaiting::One { power, decision } => {
                let a = match decision {
                    Decision::SecretChoice => Action::SecretChoice {
                        choice: vqbot::engine::ruleset::EmpireChoice::Balanced,
                    },
                    Decision::Deployment => Action::SkipDeployment,
                    Decision::SpendCp => Action::EndImpulse,
                    Decision::Impulse => {
                        let play = g.legal_actions(rs, power).into_iter().find(|a| {
                            matches!(
                                a,
                                Action::Play {
                                    mode: CardMode::Cp,
                                    ..
                                }
                            )
                        });
                        match play {
                            Some(a) if power == Power::Spain => {
                                g.apply(rs, power, &a).expect("play");
                                return g;
                            }
                            Some(a) => a,
                            None => Action::Pass,
                        }
                    }
                    Decision::Diplomacy => Action::DoneDiplomacy,
                    _ => g
                        .legal_actions(rs, power)
                        .into_iter()
                        .next()
                        .expect("a legal action"),
                };
                g.apply(rs, power, &a).expect("progress");
            }
            Awaiting::Over { .. } => panic!("over"),
        }
    }
}

fn bench(c: &mut Criterion) {
    let rs = ruleset();
    let g = game_in_cp(&rs);
    let mv = Action::Move {
        from: "MADRID".into(),
        to: "ZARAGOZA".into(),
        units: Units {
            regulars: 1,
            ..Units::default()
        },
    };
    c.bench_function("apply move (1 CP, no battle)", |b| {
        b.iter_batched_ref(
            || g.clone(),
            |g| g.apply(&rs, Power::Spain, &mv).expect("legal"),
            BatchSize::SmallInput,
        )
    });
    c.bench_function("apply end impulse", |b| {
        b.iter_batched_ref(
            || g.clone(),
            |g| {
                g.apply(&rs, Power::Spain, &Action::EndImpulse)
                    .expect("legal")
            },
            BatchSize::SmallInput,
        )
    });
    c.bench_function("legal_actions while spending CP", |b| {
        b.iter(|| g.legal_actions(&rs, Power::Spain))
    });
    c.bench_function("clone the game state", |b| b.iter(|| g.clone()));

    // Random playout throughput on one core: actions (legal_actions + apply) per second, for six,
    // five (the Empire inactive) and four powers (the Ottoman and the Empire inactive, played by
    // their controllers: X-INACTIVE), as the engine playout test seats them.
    use vqbot::engine::Power::*;
    let sets: [(&str, PowerSet); 3] = [
        ("6 powers", PowerSet::all()),
        (
            "5 powers",
            [Ottoman, Spain, England, France, Protestant]
                .into_iter()
                .collect(),
        ),
        (
            "4 powers",
            [Spain, England, France, Protestant].into_iter().collect(),
        ),
    ];
    let (mut all_actions, mut all_secs) = (0u64, 0f64);
    for (label, powers) in sets {
        let (actions, secs, prof) = playout(&rs, powers);
        if std::env::var("VQ_PROFILE").is_ok() {
            println!("-- {label}");
            for (k, (n, l, a, len)) in &prof {
                println!(
                    "{k:40} n={n:6} legal={:8.1}ms apply={:8.1}ms listed={:6.1}",
                    l * 1e3,
                    a * 1e3,
                    *len as f64 / *n as f64
                );
            }
        }
        let rate = actions as f64 / secs;
        if label == "6 powers" {
            // The line earlier runs printed (six powers), kept for comparison.
            println!("random playout: {actions} actions in {secs:.3} s = {rate:.0} actions/s (legal_actions + apply)");
        } else {
            println!("random playout, {label}: {actions} actions in {secs:.3} s = {rate:.0} actions/s (legal_actions + apply)");
        }
        all_actions += actions;
        all_secs += secs;
    }
    println!(
        "random playout, 6 + 5 + 4 powers: {all_actions} actions in {all_secs:.3} s = {:.0} actions/s",
        all_actions as f64 / all_secs
    );
    // Untimed: a digest of every legal-action list and final state of the same playouts, to
    // compare two builds of the engine (an optimisation must not change it).
    if std::env::var("VQ_DIGEST").is_ok() {
        for (label, powers) in sets {
            println!("playout digest, {label}: {:016x}", digest(&rs, powers));
        }
    }
}

/// The playouts of [`playout`] again, hashing every listed action (in order), every chosen one
/// and each game's final state hash.
fn digest(rs: &Ruleset, powers: PowerSet) -> u64 {
    use std::hash::{Hash, Hasher};
    let mut h = std::hash::DefaultHasher::new();
    for seed in 0..40u64 {
        let opts = GameOptions {
            scenario: "1559".into(),
            powers,
        };
        let (mut g, _) = Game::new(rs, &opts, seed).expect("starts");
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        for _ in 0..500 {
            let p = match g.awaiting() {
                Awaiting::Over { .. } => break,
                Awaiting::One { power, .. } => power,
                Awaiting::Simultaneous { pending, .. } => pending.iter().next().expect("pending"),
            };
            let legal = g.legal_actions(rs, p);
            format!("{p:?} {legal:?}").hash(&mut h);
            let done = legal
                .iter()
                .find(|a| matches!(a, Action::DoneDiplomacy | Action::Decline { .. }));
            let a = match done {
                Some(d) if rng.random_bool(0.8) => d.clone(),
                _ => legal[rng.random_range(0..legal.len())].clone(),
            };
            g.apply(rs, p, &a).expect("legal");
        }
        g.state_hash().hash(&mut h);
    }
    h.finish()
}

/// Time spent per stage and action kind: (count, seconds in `legal_actions`, seconds in `apply`,
/// actions listed).
type Profile = std::collections::BTreeMap<String, (u32, f64, f64, usize)>;

/// 40 seeded games of up to 500 random legal actions with these powers: (actions, seconds,
/// profile).
fn playout(rs: &Ruleset, powers: PowerSet) -> (u64, f64, Profile) {
    let start = Instant::now();
    let mut actions = 0u64;
    let mut prof = Profile::new();
    for seed in 0..40u64 {
        let opts = GameOptions {
            scenario: "1559".into(),
            powers,
        };
        let (mut g, _) = Game::new(rs, &opts, seed).expect("starts");
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        for _ in 0..500 {
            let p = match g.awaiting() {
                Awaiting::Over { .. } => break,
                Awaiting::One { power, .. } => power,
                Awaiting::Simultaneous { pending, .. } => pending.iter().next().expect("pending"),
            };
            let stage = format!("{:?}", std::mem::discriminant(&g.stage));
            let t0 = Instant::now();
            let legal = g.legal_actions(rs, p);
            let t1 = t0.elapsed();
            let done = legal
                .iter()
                .find(|a| matches!(a, Action::DoneDiplomacy | Action::Decline { .. }));
            let a = match done {
                Some(d) if rng.random_bool(0.8) => d.clone(),
                _ => legal[rng.random_range(0..legal.len())].clone(),
            };
            let t2 = Instant::now();
            g.apply(rs, p, &a).expect("legal");
            let t3 = t2.elapsed();
            let e = prof
                .entry(format!("{stage} {}", action_kind(&a)))
                .or_insert((0u32, 0f64, 0f64, 0usize));
            e.0 += 1;
            e.1 += t1.as_secs_f64();
            e.2 += t3.as_secs_f64();
            e.3 += legal.len();
            actions += 1;
        }
    }
    (actions, start.elapsed().as_secs_f64(), prof)
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(50).warm_up_time(std::time::Duration::from_millis(500)).measurement_time(std::time::Duration::from_secs(2));
    targets = bench
}
criterion_main!(benches);

fn action_kind(a: &Action) -> &'static str {
    vqbot::engine::game::action_name(a)
}

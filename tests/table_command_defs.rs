//! One definition per command (issue 24, item 3): every legal action the engine offers in
//! seeded games is written as a command line that reads back as the same action, and its button
//! runs a command the table accepts.

use crate::common;

use std::sync::OnceLock;

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use vqbot::engine::{Action, Awaiting, Game, Power, PowerSet};
use vqbot::table::command::defs::{self, Form};
use vqbot::table::convert::{action_line, to_action};
use vqbot::table::{parse, Command};

/// The shipped ruleset with Here I Stand's `sue` switched on (off in the shipped data), so the
/// peace settlement's questions come up.
fn rs() -> &'static vqbot::engine::Ruleset {
    static RS: OnceLock<vqbot::engine::Ruleset> = OnceLock::new();
    RS.get_or_init(|| {
        let mut r = common::rs().clone();
        r.turn
            .numbers
            .insert(vqbot::engine::turn_data::ids::SUE_FOR_PEACE.into(), 1);
        r
    })
}

/// Six powers, or (every third game) four with the Ottoman and the Empire inactive (X-INACTIVE).
fn powers(seed: u64) -> PowerSet {
    use vqbot::engine::Power::*;
    match seed % 3 {
        1 => [Spain, England, France, Protestant].into_iter().collect(),
        _ => PowerSet::all(),
    }
}

/// The action the line `line` makes for `p` in `g`.
fn read_back(g: &Game, p: Power, line: &str) -> Result<Action, String> {
    let cmd = parse(line).map_err(|e| format!("`{line}` does not parse: {e}"))?;
    act(g, p, &cmd, line)
}

fn act(g: &Game, p: Power, cmd: &Command, line: &str) -> Result<Action, String> {
    match to_action(rs(), g, p, cmd) {
        Some(Ok(a)) => Ok(a),
        Some(Err(e)) => Err(format!("`{line}` is refused: {e:?}")),
        None => Err(format!("`{line}` is not a game action")),
    }
}

/// What a line can carry of an action: the secret choice's salt is the engine's own.
fn as_typed(a: &Action) -> Action {
    match a {
        Action::SecretChoiceSalted { choice, .. } => Action::SecretChoice { choice: *choice },
        other => other.clone(),
    }
}

/// Checks every legal action of `p` in `g`; returns how many were checked.
fn check_all(seed: u64, g: &Game, p: Power) -> usize {
    let rs = rs();
    let mut n = 0;
    for a in g.legal_actions(rs, p) {
        // A naval move of several legs and the reveal have no command line.
        let Some(line) = action_line(&a, p, false) else {
            assert!(
                matches!(a, Action::NavalMove { .. } | Action::RevealSecret),
                "seed {seed}: {a:?} has no line"
            );
            continue;
        };
        let back = read_back(g, p, &line).unwrap_or_else(|e| panic!("seed {seed}: {e}"));
        assert_eq!(back, as_typed(&a), "seed {seed}: `{line}`");
        // The button runs the same command, less what the table fills in itself.
        let button = defs::print(&a, p, Form::Button).expect("a button");
        let cmd = Command::from_invocation(&button)
            .unwrap_or_else(|e| panic!("seed {seed}: button {button:?}: {e}"));
        let pressed = act(g, p, &cmd, &line).unwrap_or_else(|e| panic!("seed {seed}: {e}"));
        if !matches!(a, Action::Intercept { .. }) {
            assert_eq!(pressed, as_typed(&a), "seed {seed}: button {button:?}");
        }
        n += 1;
    }
    n
}

#[test]
fn every_legal_action_reads_back_from_its_line_and_button() {
    let rs = rs();
    let mut checked = 0;
    for seed in 0..12u64 {
        let opts = vqbot::engine::GameOptions {
            scenario: "1559".into(),
            powers: powers(seed),
        };
        let mut g = Game::new(rs, &opts, seed).expect("game starts").0;
        // Every other game has the Barbary Pirates in play, so corsairs and piracy come up.
        if seed % 2 == 0 {
            let a = Action::Adjust(vqbot::engine::action::Adjustment::BarbaryPirates { on: true });
            g.apply(rs, Power::Spain, &a).expect("the flag is set");
        }
        let mut pick = ChaCha8Rng::seed_from_u64(seed ^ 0x5eed);
        for _ in 0..400 {
            let p = match g.awaiting() {
                Awaiting::Over { .. } => break,
                Awaiting::One { power, .. } => power,
                Awaiting::Simultaneous { pending, .. } => {
                    let v: Vec<_> = pending.iter().collect();
                    v[pick.random_range(0..v.len())]
                }
            };
            checked += check_all(seed, &g, p);
            let legal = g.legal_actions(rs, p);
            let done = legal
                .iter()
                .find(|a| matches!(a, Action::DoneDiplomacy | Action::Decline { .. }));
            // Piracy and suing for peace are rare among the moves: taken half the time.
            let rare = legal
                .iter()
                .find(|a| matches!(a, Action::Piracy { .. } | Action::SueForPeace { .. }));
            let a = match (done, rare) {
                (Some(d), _) if pick.random_bool(0.8) => d.clone(),
                (_, Some(r)) if pick.random_bool(0.5) => r.clone(),
                _ => legal[pick.random_range(0..legal.len())].clone(),
            };
            g.apply(rs, p, &a)
                .unwrap_or_else(|e| panic!("seed {seed}: {a:?} refused: {e}"));
        }
    }
    assert!(checked > 1000, "only {checked} actions checked");
}

/// Answers the seeded games seldom reach, written and read back all the same (the table only
/// resolves names here; whether they are legal is the engine's business).
#[test]
fn rare_answers_read_back_from_their_lines() {
    use vqbot::engine::action::{PeacePay, RegainItem, Units};
    use vqbot::engine::piracy::PiracyReward;
    let g = common::new_game(1);
    let two = Units {
        regulars: 2,
        mercenaries: 1,
        cavalry: 0,
        leaders: vec!["SULEIMAN".into()],
    };
    let actions = [
        Action::Choose {
            option: 2,
            space: None,
        },
        Action::Choose {
            option: 0,
            space: Some("PARIS".into()),
        },
        Action::TakeCasualties { units: two.clone() },
        Action::Retreat {
            to: Some("LYON".into()),
            inside: two.clone(),
        },
        Action::Retreat {
            to: None,
            inside: Units::default(),
        },
        Action::Winter {
            to: None,
            units: two.clone(),
        },
        Action::JoinRelief,
        Action::SetStanding {
            standing: vqbot::engine::steps::Standing::NeverAvoid,
            on: false,
        },
        Action::SinkShips {
            squadrons: 1,
            corsairs: 2,
        },
        Action::NavalAvoid {
            to: "IRISH_SEA".into(),
        },
        Action::PiracyReward {
            reward: PiracyReward::Squadron,
            at: Some("NAPLES".into()),
        },
        Action::PiracyReward {
            reward: PiracyReward::Vp,
            at: None,
        },
        Action::Regain {
            what: RegainItem::Pair("BILBAO".into(), "ZARAGOZA".into()),
            pay: PeacePay::Card,
            to: Some("PARIS".into()),
        },
        Action::FightForeignWar { card: 5 },
        Action::SendToWar {
            card: 5,
            from: "PARIS".into(),
            units: two,
        },
        Action::WithdrawLeaders { leaders: vec![] },
        Action::WithdrawLeaders {
            leaders: vec!["COLIGNY".into(), "CONDE".into()],
        },
        Action::MoveHuguenotCapital { to: None },
        Action::MoveHuguenotCapital {
            to: Some("LYON".into()),
        },
        Action::AllyMinor {
            minor: vqbot::engine::power::Minor::Scotland,
        },
        Action::Recall {
            from: "PARIS".into(),
            to: "LYON".into(),
        },
        Action::Ransom {
            leader: "COLIGNY".into(),
            to: Some("PARIS".into()),
        },
        Action::PlaceLeader {
            leader: "CONDE".into(),
            space: "LYON".into(),
        },
    ];
    for a in actions {
        let line = action_line(&a, Power::France, false).expect("a line");
        assert_eq!(read_back(&g, Power::France, &line), Ok(a), "`{line}`");
    }
}

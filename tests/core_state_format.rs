//! State format 2 (issue 24): every question is on the decision stack. A state or a position
//! file that format 1 wrote while one of its stage questions waited (a foreign war's sending,
//! the Huguenot capital move, a natural 6, the Protestant's winter leaders) or while winter
//! ports were pending reads back as exactly the state this version reaches in the same place,
//! and goes on from there.

use crate::common;

use common::{new_game, rs};
use serde_json::{json, Value};
use vqbot::engine::action::CardMode;
use vqbot::engine::game::STATE_FORMAT;
use vqbot::engine::power::Faction;
use vqbot::engine::steps::{Step, WinterPhase};
use vqbot::engine::upgrade::read_state;
use vqbot::engine::{Action, Awaiting, Decision, Game, Owner, Power, Stage};
use vqbot::position::{self, Source};

const P: Power = Power::Protestant;

fn ok(g: &mut Game, p: Power, a: Action) {
    g.apply(rs(), p, &a)
        .unwrap_or_else(|e| panic!("{a:?} by {p} refused: {e}"));
}

fn sp(id: &str) -> vqbot::engine::SpaceId {
    rs().space_id(id).expect("space")
}

fn card_named(name: &str) -> u16 {
    rs().cards
        .iter()
        .find(|c| c.name_en == name)
        .map(|c| c.number)
        .expect("card")
}

fn play_event(g: &mut Game, p: Power, card: u16) {
    g.hands[p as usize].push(card);
    g.stage = Stage::Impulse {
        power: p,
        passes: 0,
    };
    ok(
        g,
        p,
        Action::Play {
            card,
            mode: CardMode::Event,
        },
    );
}

/// Ends the Action phase at once (nobody holds cards): Winter begins.
fn end_action_phase(g: &mut Game) {
    for h in &mut g.hands {
        h.clear();
    }
    g.stage = Stage::Cp {
        power: Power::Ottoman,
        cp: 1,
    };
    ok(g, Power::Ottoman, Action::EndImpulse);
}

/// The game waiting for a foreign war's sending (R-FW-DEPLOY).
fn at_send_to_war() -> Game {
    let mut g = new_game(18);
    play_event(&mut g, Power::Spain, 10);
    assert!(matches!(g.steps.last(), Some(Step::SendToWar(_))));
    g
}

/// The game waiting for the Huguenot capital move (R-PROT-CAPITAL).
fn at_huguenot_capital() -> Game {
    let mut g = new_game(17);
    g.board
        .set_control(rs(), sp("LA_ROCHELLE"), Owner::Major(P));
    g.board.spaces[sp("LA_ROCHELLE").idx()].forces.clear();
    g.stage = Stage::Cp { power: P, cp: 8 };
    ok(
        &mut g,
        P,
        Action::Revolt {
            space: "LA_ROCHELLE".into(),
            declare_capital: true,
            leaders: vec![],
            capital: None,
        },
    );
    g.board.set_control(rs(), sp("PARIS"), Owner::Major(P));
    play_event(&mut g, Power::France, card_named("Paris Is Worth a Mass"));
    assert!(matches!(g.steps.last(), Some(Step::HuguenotCapital(_))));
    g
}

/// The game waiting for the roller of a natural 6 (X-REL-SIX).
fn at_conversion_six() -> Game {
    for seed in 0..500 {
        let mut g = new_game(seed);
        g.stage = Stage::Cp { power: P, cp: 3 };
        ok(
            &mut g,
            P,
            Action::Convert {
                space: "GRONINGEN".into(),
            },
        );
        if matches!(g.steps.last(), Some(Step::ConversionSix(_))) {
            return g;
        }
    }
    panic!("no natural 6 in 500 seeds");
}

/// The game waiting for the Protestant's winter leaders (R-PROT-LEADERS).
fn at_winter_leaders() -> Game {
    let mut g = new_game(12);
    g.off_map.retain(|l| l != "COLIGNY");
    g.board
        .force_mut(sp("LA_ROCHELLE"), Owner::Major(P), Some(Faction::Huguenot))
        .leaders
        .push("COLIGNY".into());
    end_action_phase(&mut g);
    assert!(matches!(g.steps.last(), Some(Step::WithdrawLeaders(_))));
    g
}

/// The game waiting for a winter port (C-NAVAL-WINTER).
fn at_winter_port() -> Game {
    let mut g = new_game(12);
    let at = Game::resolve_place(rs(), "TYRRHENIAN_SEA").expect("a sea zone");
    g.board
        .force_at_mut(&at, Owner::Major(Power::Spain), None)
        .squadrons += 2;
    end_action_phase(&mut g);
    assert!(
        matches!(g.steps.last(), Some(Step::WinterPort(_))),
        "{:?}",
        g.steps
    );
    g
}

/// `g` as format 1 stored it: the question on top of the stack as the stage, pending winter
/// ports as a flag beside a stage left from the Action phase.
fn as_format_1(g: &Game) -> Value {
    let mut v = serde_json::to_value(g).expect("json");
    v["format"] = json!(1);
    let cp = v["stage"]["cp"].clone();
    let steps = v["steps"].as_array_mut().expect("steps");
    let top = steps.last().cloned().expect("a question");
    let stage = match top["step"].as_str() {
        Some("send_to_war") => {
            steps.pop();
            json!({"stage": "send_to_war", "power": top["power"], "card": top["card"],
                   "played_by": top["played_by"]})
        }
        Some("huguenot_capital") => {
            steps.pop();
            json!({"stage": "huguenot_capital", "played_by": top["played_by"]})
        }
        Some("conversion_six") => {
            steps.pop();
            json!({"stage": "conversion_six", "power": top["power"], "space": top["space"],
                   "modifier": top["modifier"], "cp": cp})
        }
        Some("withdraw_leaders") => {
            // Format 1 asked before Winter's frame was pushed.
            steps.clear();
            json!({"stage": "winter_leaders"})
        }
        Some("winter_port") => {
            steps.retain(|s| s["step"] != "winter");
            v["naval"]["winter_pending"] = json!(true);
            json!({"stage": "impulse", "power": "ottoman", "passes": 5})
        }
        other => panic!("not a format 1 question: {other:?}"),
    };
    v["stage"] = stage;
    v
}

fn each_question() -> Vec<(&'static str, Game)> {
    vec![
        ("send_to_war", at_send_to_war()),
        ("huguenot_capital", at_huguenot_capital()),
        ("conversion_six", at_conversion_six()),
        ("withdraw_leaders", at_winter_leaders()),
        ("winter_port", at_winter_port()),
    ]
}

// A stored format-1 state waiting at a stage question reads as this version's state at that
// question, and its first legal answer goes on exactly as here.
#[test]
fn a_format_1_state_at_each_stage_question_reads_as_the_same_question_on_the_stack() {
    for (what, g) in each_question() {
        let old = as_format_1(&g).to_string();
        let (mut back, format) = read_state(&old).expect("a format 1 state reads");
        assert_eq!(format, 1, "{what}");
        assert_eq!(back.format, STATE_FORMAT, "{what}");
        assert_eq!(back, g, "{what}: the same state as this version's");
        let Awaiting::One { power, .. } = back.awaiting() else {
            panic!("{what}: {:?}", back.awaiting());
        };
        let answer = back.legal_actions(rs(), power).remove(0);
        let mut here = g.clone();
        ok(&mut back, power, answer.clone());
        ok(&mut here, power, answer);
        assert_eq!(
            back.state_hash(),
            here.state_hash(),
            "{what}: goes on alike"
        );
    }
}

// Format 1 left its `winter_leaders` stage in place for the rest of that Winter: a state with
// Winter's frame under way reads as Winter, and nobody is asked the leader question again.
#[test]
fn a_format_1_winter_under_way_is_winter_without_asking_the_leaders_again() {
    let mut g = at_winter_leaders();
    ok(&mut g, P, Action::WithdrawLeaders { leaders: vec![] });
    assert!(
        matches!(g.steps.first(), Some(Step::Winter { phase }) if *phase != WinterPhase::Ports),
        "Winter waits for a question here: {:?}",
        g.steps
    );
    let mut v = serde_json::to_value(&g).expect("json");
    v["format"] = json!(1);
    v["stage"] = json!({"stage": "winter_leaders"});
    let (back, _) = read_state(&v.to_string()).expect("reads");
    assert_eq!(back, g);
    assert_ne!(
        back.awaiting(),
        Awaiting::One {
            power: P,
            decision: Decision::WithdrawLeaders
        }
    );
}

/// The `[turn]` section of a position as format 1 wrote it for `g`'s question, and the
/// `[engine] steps` it had.
fn format_1_position(g: &Game) -> String {
    let v = as_format_1(g);
    let text = position::export(rs(), g).public;
    let stage = &v["stage"];
    let s = |k: &str| stage[k].as_str().unwrap_or_default().to_string();
    let n = |k: &str| stage[k].as_i64().unwrap_or_default();
    let lines = match stage["stage"].as_str() {
        Some("send_to_war") => format!(
            "phase = \"action\"\nstep = \"send_to_war\"\npower = \"{}\"\ncard = {}\nplayed_by = \"{}\"\n",
            s("power"),
            n("card"),
            s("played_by")
        ),
        Some("huguenot_capital") => format!(
            "phase = \"action\"\nstep = \"huguenot_capital\"\nplayed_by = \"{}\"\n",
            s("played_by")
        ),
        Some("conversion_six") => format!(
            "phase = \"action\"\nstep = \"conversion_six\"\npower = \"{}\"\nspace = \"{}\"\nmodifier = {}\ncp_left = {}\n",
            s("power"),
            rs().space(vqbot::engine::SpaceId(n("space") as u16)).id,
            n("modifier"),
            n("cp")
        ),
        Some("winter_leaders") => "phase = \"winter\"\nstep = \"withdraw_leaders\"\n".into(),
        _ => "phase = \"action\"\nstep = \"impulse\"\npower = \"ottoman\"\npasses = 5\n".into(),
    };
    let pending = v["naval"]["winter_pending"] == json!(true);
    let mut out = String::new();
    let mut section = String::new();
    for line in text.lines() {
        if line.starts_with('[') {
            section = line
                .split_whitespace()
                .next()
                .unwrap_or_default()
                .to_string();
            out.push_str(line);
            out.push('\n');
            if section == "[turn]" {
                out.push_str(&format!("number = {}\n{lines}", g.turn));
            }
            if section == "[engine]" && pending && !text.contains("naval = ") {
                out.push_str(&format!("naval = '''{}'''\n", v["naval"]));
            }
            continue;
        }
        if section == "[turn]" {
            continue;
        }
        if section == "[engine]" && line.starts_with("steps = ") {
            let steps = v["steps"].as_array().expect("steps");
            if !steps.is_empty() {
                out.push_str(&format!("steps = '''{}'''\n", v["steps"]));
            }
            continue;
        }
        if section == "[engine]" && line.starts_with("naval = ") {
            out.push_str(&format!("naval = '''{}'''\n", v["naval"]));
            continue;
        }
        out.push_str(line);
        out.push('\n');
    }
    out
}

// Position files format 1 wrote at a stage question (the step names `send_to_war`,
// `huguenot_capital`, `conversion_six`, `withdraw_leaders`, pending winter ports) still load,
// with the question on the decision stack.
#[test]
fn format_1_position_files_at_each_stage_question_still_load() {
    for (what, g) in each_question() {
        let text = format_1_position(&g);
        let private = position::export(rs(), &g).private;
        let back = position::import(
            rs(),
            Source {
                name: "old.toml",
                text: &text,
            },
            Some(Source {
                name: "old.private.toml",
                text: &private,
            }),
            7,
        )
        .unwrap_or_else(|ps| {
            panic!(
                "{what}: refused:\n{}\n---\n{text}",
                ps.iter()
                    .map(ToString::to_string)
                    .collect::<Vec<_>>()
                    .join("\n")
            )
        });
        assert_eq!(back.steps, g.steps, "{what}");
        assert_eq!(back.stage, g.stage, "{what}");
        assert_eq!(back.awaiting(), g.awaiting(), "{what}");
    }
}

// The current format writes Winter as its own phase step, with the frame in `[engine] steps`;
// `step = "winter"` without that frame is refused, saying what to do.
#[test]
fn a_position_in_winter_needs_its_frame() {
    let g = at_winter_port();
    let text = position::export(rs(), &g).public;
    assert!(text.contains("step = \"winter\""), "{text}");
    let without: String = text
        .lines()
        .filter(|l| !l.starts_with("steps = "))
        .map(|l| format!("{l}\n"))
        .collect();
    let problems = position::import(
        rs(),
        Source {
            name: "w.toml",
            text: &without,
        },
        None,
        7,
    )
    .expect_err("refused");
    let all: Vec<String> = problems.iter().map(ToString::to_string).collect();
    assert!(
        all.iter()
            .any(|p| p.contains("step winter is Winter under way")),
        "{all:?}"
    );
}

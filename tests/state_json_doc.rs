//! `docs/state-json.md` and the state JSON agree (issue 16, item 15): every field the document
//! lists appears in real state JSONs, and every field of those JSONs is listed. The samples
//! cover each shape of `awaiting`, of the Empire's secret, markers, forces with leaders and
//! factions, offers, captured leaders and a foreign war.

use crate::table_support;

use std::collections::BTreeSet;

use serde_json::Value;
use table_support::*;
use vqbot::engine::action::Units;
use vqbot::engine::foreign_war::ForeignWar;
use vqbot::engine::{EndReason, Power, Stage};
use vqbot::table::state_json::observer_view;

/// Field paths the document lists: `game.seats[].power`, `view.board.spaces[].marker.shape` …
fn documented() -> BTreeSet<String> {
    let doc = include_str!("../docs/state-json.md");
    let mut out = BTreeSet::new();
    let mut prefix = String::new();
    for line in doc.lines() {
        if let Some(h) = line
            .strip_prefix("### `")
            .or_else(|| line.strip_prefix("## `"))
        {
            prefix = h.split('`').next().unwrap_or_default().to_string();
            out.insert(prefix.trim_end_matches("[]").to_string());
        } else if let Some(row) = line.strip_prefix("| `") {
            let field = row.split('`').next().unwrap_or_default();
            out.insert(format!("{prefix}.{field}"));
        }
    }
    out
}

/// Every field path of a JSON value (`[]` for array elements).
fn paths(v: &Value, at: &str, out: &mut BTreeSet<String>) {
    match v {
        Value::Object(m) => {
            for (k, x) in m {
                let p = if at.is_empty() {
                    k.clone()
                } else {
                    format!("{at}.{k}")
                };
                out.insert(p.clone());
                paths(x, &p, out);
            }
        }
        Value::Array(a) => {
            for x in a {
                paths(x, &format!("{at}[]"), out);
            }
        }
        _ => {}
    }
}

/// State JSONs of one game at several moments, with its rarer parts filled in.
fn samples() -> Vec<Value> {
    let t = table(15);
    ok(&t, "alice", "vq new");
    ok(&t, "alice", "vq join power:england");
    ok(&t, "bob", "vq join power:france");
    ok(&t, "carol", "vq join power:protestant");
    ok(&t, "alice", "vq start");
    // Diplomacy: an open offer, a war; markers, unrest, a Huguenot force with a leader.
    ok(
        &t,
        "bob",
        "vq adjust what:relation target:france other:protestant status:war",
    );
    ok(&t, "alice", "vq ally target:france");
    ok(
        &t,
        "alice",
        "vq adjust what:control space:rouen owner:england",
    );
    ok(&t, "alice", "vq adjust what:unrest space:paris on:yes");
    ok(
        &t,
        "carol",
        "vq adjust what:units space:la rochelle owner:protestant faction:huguenot regulars:2",
    );
    let mut out = vec![t.state_json(CH).expect("a game")];

    let rs = rs();
    let mut g = t.game(CH).expect("started");
    let view = |g: &vqbot::engine::Game| serde_json::json!({ "format": 1, "game": out[0]["game"].clone(), "view": observer_view(&rs, g) });
    // One power decides; the secret is revealed; captives, a siege, a foreign war.
    g.stage = Stage::Impulse {
        power: Power::England,
        passes: 0,
    };
    g.empire.secret = Some((
        vqbot::engine::ruleset::EmpireChoice::Balanced,
        "salt".into(),
    ));
    g.empire.commitment = Some("c".into());
    g.empire.revealed = true;
    g.captured.push(("ALBA".into(), Power::France));
    g.world_fortresses.push("HAVANA".into());
    g.board
        .minor_wars
        .push((Power::England, vqbot::engine::power::Minor::Scotland));
    let paris = rs.space_id("PARIS").expect("Paris");
    g.board.spaces[paris.0 as usize].besieged_by = Some(Power::England);
    let rouen = rs.space_id("ROUEN").expect("Rouen");
    g.board.spaces[rouen.0 as usize].fortress_built = true;
    g.board.protestant_capitals[0] = rs.space_id("LA_ROCHELLE");
    g.wars.push(ForeignWar {
        card: 10,
        power: Power::England,
        required: 3,
        army: 2,
        units: Units {
            regulars: 1,
            leaders: vec!["WARWICK".into()],
            ..Units::default()
        },
    });
    let one = view(&g);
    // The game is over.
    g.stage = Stage::Over {
        winners: vec![Power::England],
        reason: EndReason::LastTurn { vp: 20 },
    };
    let over = view(&g);
    out.push(one);
    out.push(over);
    out
}

#[test]
fn every_documented_field_is_in_the_state_json_and_back() {
    let doc = documented();
    let mut real = BTreeSet::new();
    for s in samples() {
        paths(&s, "", &mut real);
    }
    let missing: Vec<&String> = doc.difference(&real).collect();
    assert!(
        missing.is_empty(),
        "documented but never in the state JSON: {missing:?}"
    );
    let undocumented: Vec<&String> = real.difference(&doc).collect();
    assert!(
        undocumented.is_empty(),
        "in the state JSON but not in docs/state-json.md: {undocumented:?}"
    );
}

#[test]
fn pending_powers_capitals_and_marker_shapes_are_readable() {
    let s = &samples()[0];
    let pending = &s["view"]["awaiting"]["pending"];
    assert!(pending.is_array(), "{pending}");
    assert!(
        pending
            .as_array()
            .into_iter()
            .flatten()
            .all(|p| ["england", "france", "protestant"].contains(&p.as_str().unwrap_or(""))),
        "{pending}"
    );
    assert_eq!(s["view"]["board"]["capitals"][2][0], "LONDON");
    let rs = rs();
    let rouen = rs.space_id("ROUEN").expect("Rouen").0 as usize;
    let marker = &s["view"]["board"]["spaces"][rouen]["marker"];
    assert_eq!(marker["owner"], "england");
    // R-MARKER: a square marker on a key.
    assert_eq!(marker["shape"], "square", "{marker}");
}

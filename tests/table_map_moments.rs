//! When the table posts maps (issue 16, items 8 and 10): only when the board changed since the
//! last map posted (never an identical map after a pass), and with the build's renderer a
//! close-up of the changes in a post of its own beside the full map.

use crate::table_support;

use table_support::*;
use vqbot::engine::{Action, Awaiting, Power};
use vqbot::table::{MemStore, Outbox, Table, TableOptions};

fn holder(p: Power) -> &'static str {
    match p {
        Power::England => "alice",
        Power::France => "bob",
        Power::Empire => "carol",
        _ => panic!("{p} is not in this game"),
    }
}

/// Three players through diplomacy and deployment to the first impulse of the action phase.
fn to_action_phase(t: &Table) {
    ok(t, "alice", "vq new scenario:1559");
    ok(t, "alice", "vq join power:england");
    ok(t, "bob", "vq join power:france");
    ok(t, "carol", "vq join power:empire");
    ok(t, "alice", "vq start");
    ok(t, "alice", "vq done");
    ok(t, "bob", "vq done");
    ok(t, "carol", "vq done");
    ok(t, "carol", "vq secret choice:catholic");
    ok(t, "alice", "vq deploy from:london to:portsmouth units:2r");
    ok(t, "bob", "vq done");
    ok(t, "carol", "vq deploy from:vienna to:linz");
}

/// The line the awaited power plays next: pass when allowed, else end the impulse, else play
/// a card for CP (or as an event).
fn next_line(t: &Table) -> Option<(Power, String)> {
    let rs = rs();
    let g = t.game(CH)?;
    let Awaiting::One { power, .. } = g.awaiting() else {
        return None;
    };
    let legal = g.legal_actions(&rs, power);
    let line = if legal.contains(&Action::Pass) {
        "vq pass".to_string()
    } else if legal.contains(&Action::EndImpulse) {
        "vq end".to_string()
    } else {
        let card = legal.iter().find_map(|a| match a {
            Action::Play { card, .. } => Some(*card),
            _ => None,
        })?;
        let mode = if legal.contains(&Action::Play {
            card,
            mode: vqbot::engine::CardMode::Cp,
        }) {
            "cp"
        } else {
            "event"
        };
        format!("vq play card:{card} as:{mode}")
    };
    Some((power, line))
}

// Issue 16, item 10: a map is posted only when the board changed; a pass that changes nothing
// starts the next impulse without a map.
#[test]
fn no_identical_map_after_a_pass() {
    let t = table(42);
    to_action_phase(&t);
    let mut last_map = t.game(CH).map(|g| g.board);
    let mut quiet_passes = 0;
    for _ in 0..120 {
        let Some((power, line)) = next_line(&t) else {
            break;
        };
        let before = t.game(CH).expect("started").board;
        let out = ok(&t, holder(power), &line);
        let after = t.game(CH).expect("started").board;
        if out.images().count() > 0 {
            assert_ne!(
                last_map.as_ref(),
                Some(&after),
                "`{line}` posted a map identical to the last one"
            );
            last_map = Some(after);
        } else if line == "vq pass" && before == after && public(&out).contains("Next:") {
            quiet_passes += 1;
        }
    }
    assert!(quiet_passes > 0, "no pass started an impulse without a map");
}

fn picture_names(out: &Outbox) -> Vec<(usize, String)> {
    out.messages
        .iter()
        .enumerate()
        .flat_map(|(i, m)| m.images.iter().map(move |im| (i, im.name.clone())))
        .collect()
}

// Issue 16, item 8, as issue 30 item 12 reads it: with the build's renderer an impulse that
// moved units posts a close-up of the changed region and the full map, both in the "who acts
// next" post, the close-up first (Discord previews the first picture at full width).
#[test]
fn x_an_impulse_posts_the_closeup_first_then_the_full_map_with_the_next_line() {
    let t = Table::new(
        rs(),
        Box::new(MemStore::new()),
        TableOptions {
            seed: Some(42),
            renderer: vqbot::table::default_renderer(),
            ..TableOptions::default()
        },
    );
    to_action_phase(&t);
    ok(&t, "alice", "vq play card:Virgin Queen as:cp");
    ok(&t, "alice", "vq move from:portsmouth to:london");
    let out = ok(&t, "alice", "vq end");
    let pics = picture_names(&out);
    assert_eq!(pics.len(), 2, "{pics:?}");
    assert!(pics[0].1.starts_with("closeup-"), "{pics:?}");
    assert!(pics[1].1.starts_with("map-"), "{pics:?}");
    assert_eq!(pics[0].0, pics[1].0, "both pictures go in one post");
    let next = &out.messages[pics[0].0];
    assert!(
        next.text.contains("Next:"),
        "the pictures go with the next line: {next:?}"
    );
    assert!(!next.mentions.is_empty(), "the next line pings who acts");
    // `vq map` right after shows the same board: a map, and no close-up (nothing changed).
    let out = ok(&t, "mallory", "vq map");
    let pics = picture_names(&out);
    assert_eq!(pics.len(), 1, "{pics:?}");
}

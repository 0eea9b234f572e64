//! Diplomatic influence and inactive majors at the table (issue 26 items 1, 2 and 5): the
//! `influence` command, its refusals in both languages, `status` and the hand DM, and an
//! inactive major's impulse played by its controller's player (X-INF-*, X-INACTIVE).

use crate::table_support;

use table_support::*;
use vqbot::engine::influence::Courted;
use vqbot::engine::power::Minor;
use vqbot::engine::{Awaiting, Power};
use vqbot::table::{Audience, Table};

/// alice Spain, bob England, carol France, dave Protestant: four powers, the Ottoman and the
/// Empire inactive.
fn start_four(t: &Table, new: &str) {
    ok(t, "alice", new);
    ok(t, "alice", "vq join power:spain");
    ok(t, "bob", "vq join power:england");
    ok(t, "carol", "vq join power:france");
    ok(t, "dave", "vq join power:protestant");
    ok(t, "alice", "vq start");
}

fn dm(out: &vqbot::table::Outbox, name: &str) -> String {
    out.text_for(Audience::Dm(uid(name)))
}

/// Everyone done in Diplomacy, every deployment skipped: the first impulse is awaited.
fn to_action(t: &Table) {
    for n in ["alice", "bob", "carol", "dave"] {
        ok(t, n, "vq done");
    }
    for _ in 0..4 {
        let g = t.game(CH).expect("a game");
        if let Awaiting::One { power, .. } = g.awaiting() {
            if matches!(g.stage, vqbot::engine::Stage::Deployment { .. }) {
                ok(t, holder4(power), "vq done");
                continue;
            }
        }
        break;
    }
}

fn holder4(p: Power) -> &'static str {
    match p {
        Power::Spain => "alice",
        Power::England => "bob",
        Power::France => "carol",
        Power::Protestant => "dave",
        // X-INACTIVE: France controls the Ottoman in these tests.
        Power::Ottoman => "carol",
        Power::Empire => "alice",
    }
}

// X-INACTIVE-SETUP, X-INF-TRACK: `start` announces the inactive majors and the starting influence;
// `status` shows every courted power's steps and holder; the hand DM says what may be bought.
#[test]
fn x_inactive_setup_shown_in_status_and_hand() {
    let t = table(61);
    ok(&t, "alice", "vq new");
    ok(&t, "alice", "vq join power:spain");
    ok(&t, "bob", "vq join power:england");
    ok(&t, "carol", "vq join power:france");
    ok(&t, "dave", "vq join power:protestant");
    let out = ok(&t, "alice", "vq start");
    let p = public(&out);
    assert!(p.contains("Inactive majors in this game"), "{p}");
    assert!(p.contains("Starting influence: Spain has 1 on"), "{p}");
    let hand = dm(&out, "carol");
    assert!(hand.contains("Influence you may buy with CP"), "{hand}");
    let s = public(&ok(&t, "bob", "vq status"));
    assert!(s.contains("Diplomatic influence"), "{s}");
    assert!(s.contains("France 1; held by nobody"), "{s}");
    assert!(s.contains("Scotland (track 5): —; held by France"), "{s}");
}

// X-INF-BUY: the command in the impulse, its refusals with the rule and what is allowed, in
// English and Russian; the state unchanged.
#[test]
fn x_inf_buy_command_and_refusals_in_both_languages() {
    let t = table(62);
    start_four(&t, "vq new");
    to_action(&t);
    let g = t.game(CH).expect("a game");
    assert!(matches!(
        g.awaiting(),
        Awaiting::One {
            power: Power::Spain,
            ..
        }
    ));
    let card = g.hands[Power::Spain as usize]
        .iter()
        .copied()
        .find(|c| {
            rs().card(*c)
                .is_some_and(|c| c.cp >= 2 && c.kind != vqbot::engine::ruleset::CardKind::Mandatory)
        })
        .expect("a card of 2 CP or more");
    ok(&t, "alice", &format!("vq play card:{card} as:cp"));
    let m = refused(&t, "alice", "vq influence target:england");
    assert!(
        m.contains("X-INACTIVE") && m.contains("active major"),
        "{m}"
    );
    assert!(m.contains("Scotland (`scotland`)"), "{m}");
    let m = refused(&t, "alice", "vq influence target:scotland steps:9");
    assert!(
        m.contains("X-INF-TRACK") && m.contains("buy at most 5"),
        "{m}"
    );
    let out = ok(&t, "alice", "vq influence target:scotland");
    assert!(
        public(&out).contains("Spain buys 1 step(s) of influence on Scotland for 1 CP: now 1"),
        "{}",
        public(&out)
    );
    let g = t.game(CH).expect("a game");
    assert_eq!(
        g.influence_of(Courted::Minor(Minor::Scotland), Power::Spain),
        1
    );
    // Russian.
    let t = table(63);
    start_four(&t, "vq new locale:ru");
    to_action(&t);
    let g = t.game(CH).expect("a game");
    let card = g.hands[Power::Spain as usize]
        .iter()
        .copied()
        .find(|c| {
            rs().card(*c)
                .is_some_and(|c| c.cp >= 1 && c.kind != vqbot::engine::ruleset::CardKind::Mandatory)
        })
        .expect("a card");
    ok(&t, "alice", &format!("vq play card:{card} as:cp"));
    let m = refused(&t, "alice", "vq влияние цель:англия");
    assert!(m.contains("активная великая держава"), "{m}");
}

// X-INACTIVE: the inactive major France controls gets its hand by carol's DM and its impulse is
// played by carol without naming it; bob cannot play it.
#[test]
fn x_inactive_impulse_played_by_the_controllers_player() {
    let t = table(64);
    start_four(&t, "vq new");
    let out = ok(
        &t,
        "carol",
        "vq adjust what:inactive other:ottoman target:france",
    );
    assert!(
        public(&out).contains("controlled by France"),
        "{}",
        public(&out)
    );
    let out = ok(&t, "alice", "vq adjust what:phase turn:1 phase:winter");
    let g = t.game(CH).expect("a game");
    assert_eq!(g.turn, 2);
    let dmc = dm(&out, "carol");
    assert!(dmc.contains("Your hand (Ottoman"), "{dmc}");
    assert!(!dm(&out, "bob").contains("Your hand (Ottoman"));
    to_action(&t);
    let g = t.game(CH).expect("a game");
    assert!(matches!(
        g.awaiting(),
        Awaiting::One {
            power: Power::Ottoman,
            ..
        }
    ));
    let card = g.hands[Power::Ottoman as usize]
        .iter()
        .copied()
        .find(|c| {
            rs().card(*c)
                .is_some_and(|c| c.kind != vqbot::engine::ruleset::CardKind::Mandatory)
        })
        .expect("an Ottoman card");
    let m = refused(&t, "bob", &format!("vq play card:{card} as:cp"));
    assert!(!m.is_empty());
    ok(&t, "carol", &format!("vq play card:{card} as:cp"));
    let g = t.game(CH).expect("a game");
    assert!(!g.hands[Power::Ottoman as usize].contains(&card));
}

//! Starting a game from a position file at the table (issue 17): a hand-written position (turn 3,
//! Action phase, France's impulse) starts and plays on; hands reach their owners only; a stored
//! game set up from a position survives a restart and verifies; bad files are refused with
//! file:line and change nothing.

use crate::table_support;

use table_support::*;
use vqbot::engine::{Awaiting, Decision, Game, Owner, Power, Stage};
use vqbot::table::command::FileArg;
use vqbot::table::{Audience, Caller, Command, MemStore, Outbox, Table, TableOptions};

/// A campaign after two turns, written by hand as a group would.
const CAMPAIGN: &str = r#"# Our campaign, brought in from the table after turn 2
format = 1
scenario = "1559"
powers = ["spain", "england", "france", "protestant"]

[turn]
number = 3
phase = "action"
power = "france"

[relations]
war = [["spain", "france"]]
alliance = [["england", "protestant"]]

[minors]
scotland = "england"

[protestant]
huguenot_capital = "LA_ROCHELLE"

[vp]
france = 1

[cards]
deck = [24, 25, 26, 27, 28, 29, 30]
discard = [5, 12]
removed = [13]

[hands]
spain = [2, 3, 14]
england = [4, 15]
france = [6, 16, 17]
protestant = [8, 18, 23]

[[space]]
id = "PARIS"
units = [{ owner = "france", regulars = 3, mercenaries = 1, leaders = ["GUISE"] }]

[[space]]
id = "ORLEANS"
control = "protestant"
religion = "protestant"
units = [{ owner = "huguenot", regulars = 2, leaders = ["COLIGNY"] }]

[[space]]
id = "LA_ROCHELLE"
units = [{ owner = "huguenot", regulars = 1 }]

[[space]]
id = "MADRID"
units = [{ owner = "spain", regulars = 4, leaders = ["ALBA"] }]

[[space]]
id = "LONDON"
units = [{ owner = "england", regulars = 3, squadrons = 1 }]
"#;

const SEATS: [(&str, &str); 4] = [
    ("sam", "spain"),
    ("alice", "england"),
    ("bob", "france"),
    ("dana", "protestant"),
];

fn setup(t: &Table, who: &str, text: &str) -> Outbox {
    let cmd = Command::Setup {
        file: FileArg {
            name: "camp.toml".into(),
            text: Some(text.into()),
        },
        private: None,
    };
    t.handle_command(CH, &Caller::new(uid(who), who), Ok(cmd))
}

fn seat_all(t: &Table) {
    ok(t, "sam", "vq new");
    for (who, p) in SEATS {
        ok(t, who, &format!("vq join power:{p}"));
    }
}

fn dm_to(out: &Outbox, who: &str) -> String {
    out.text_for(Audience::Dm(uid(who)))
}

#[test]
fn a_hand_written_position_at_turn_3_starts_on_frances_impulse_and_plays_on() {
    let rs = rs();
    let t = table(5);
    seat_all(&t);
    let out = setup(&t, "sam", CAMPAIGN);
    assert!(!out.refused, "{out:#?}");
    assert!(public(&out).contains("camp.toml"), "{}", public(&out));
    let out = ok(&t, "sam", "vq start");
    let g = t.game(CH).expect("started");
    assert_eq!(g.turn, 3);
    assert_eq!(
        g.awaiting(),
        Awaiting::One {
            power: Power::France,
            decision: Decision::Impulse
        }
    );
    let orleans = rs.space_id("ORLEANS").expect("space");
    assert_eq!(
        g.board.controller(&rs, orleans),
        Owner::Major(Power::Protestant)
    );
    assert_eq!(g.hands[Power::France as usize], vec![6, 16, 17]);
    // Each hand by DM to its holder only; the channel sees sizes, never a card of a hand.
    let ill = &rs.card(16).expect("card").name_en;
    assert!(dm_to(&out, "bob").contains(ill.as_str()), "{out:#?}");
    for who in ["sam", "alice", "dana"] {
        assert!(
            !dm_to(&out, who).contains(ill.as_str()),
            "{who} saw France's hand"
        );
    }
    let channel = public(&out);
    assert!(!channel.contains(ill.as_str()), "{channel}");
    assert!(
        channel.contains("France holds 3 cards."),
        "hand sizes are public: {channel}"
    );
    assert!(channel.contains("England holds 2 cards."), "{channel}");

    // France plays on: a card for CP, a move, the end of the impulse; then the Protestant.
    ok(&t, "bob", "vq play card:16 as:cp");
    ok(&t, "bob", "vq move from:paris to:st_quentin units:1r");
    ok(&t, "bob", "vq end");
    let g = t.game(CH).expect("game");
    assert!(
        matches!(
            g.stage,
            Stage::Impulse {
                power: Power::Protestant,
                ..
            }
        ),
        "{:?}",
        g.stage
    );
    let stq = rs.space_id("ST_QUENTIN").expect("space");
    assert_eq!(g.board.at(stq).forces[0].regulars, 1);
    ok(&t, "dana", "vq play card:18 as:cp");
    ok(&t, "dana", "vq end");
    assert!(matches!(
        t.game(CH).expect("game").stage,
        Stage::Impulse {
            power: Power::Spain,
            ..
        }
    ));
}

#[test]
fn a_game_set_up_from_a_position_survives_a_restart_and_verifies() {
    let dir = tempfile::tempdir().expect("tempdir");
    let db = dir.path().join("g.sqlite3");
    let before = {
        let t = open_sqlite(&db);
        seat_all(&t);
        assert!(!setup(&t, "sam", CAMPAIGN).refused);
        // The lobby keeps the position across a restart.
        drop(t);
        let t = open_sqlite(&db);
        ok(&t, "sam", "vq start");
        ok(&t, "bob", "vq play card:17 as:cp");
        t.game(CH).expect("game")
    };
    let t = open_sqlite(&db);
    ok(&t, "sam", "vq status");
    let after = t.game(CH).expect("game after restart");
    assert_eq!(after.state_hash(), before.state_hash());
    assert_eq!(after.turn, 3);
    drop(t);
    let store = vqbot::store::Store::open(&db).expect("opens");
    let v = vqbot::store::verify::<Game>(&store, game_id(&store)).expect("verifies");
    assert_eq!(v.actions, 1);
    assert_eq!(v.final_hash, before.state_hash());
}

#[test]
fn start_needs_the_positions_powers_seated() {
    let t = table(5);
    ok(&t, "sam", "vq new");
    ok(&t, "sam", "vq join power:spain");
    ok(&t, "alice", "vq join power:empire");
    assert!(!setup(&t, "sam", CAMPAIGN).refused);
    let text = refused(&t, "sam", "vq start");
    assert!(text.contains("France") && text.contains("Empire"), "{text}");
    // Only the creator sets up, and only in the lobby.
    assert!(setup(&t, "alice", CAMPAIGN).refused);
}

/// The 1-based line of the first line of `text` containing `needle`.
fn line_of(text: &str, needle: &str) -> usize {
    text.lines()
        .position(|l| l.contains(needle))
        .map(|i| i + 1)
        .unwrap_or_else(|| panic!("no `{needle}`"))
}

#[test]
fn bad_positions_are_refused_with_file_and_line_and_nothing_changes() {
    let bad = CAMPAIGN
        .replace("phase = \"action\"", "phase = \"battle\"")
        .replace("id = \"MADRID\"", "id = \"MADRIDD\"")
        .replace(
            "regulars = 3, mercenaries = 1",
            "regulars = 3, squadrons = 2",
        )
        .replace("deck = [24,", "deck = [16, 24,")
        .replace("leaders = [\"ALBA\"]", "leaders = [\"NOBODY\"]");
    let t = table(5);
    seat_all(&t);
    let before = t.state_json(CH);
    let out = setup(&t, "sam", &bad);
    assert!(out.refused, "{out:#?}");
    assert_eq!(
        t.state_json(CH),
        before,
        "a refused position changed the game"
    );
    let text = out.messages[0].text.clone();
    let expect = [
        (
            line_of(&bad, "phase = \"battle\""),
            "diplomacy, spring_deployment, action",
        ),
        (line_of(&bad, "MADRIDD"), "unknown space `MADRIDD`"),
        (line_of(&bad, "squadrons = 2"), "not a port"),
        (
            line_of(&bad, "france = [6, 16"),
            "card 16 is in france's hand and also in the deck",
        ),
        (line_of(&bad, "NOBODY"), "unknown leader `NOBODY`"),
    ];
    for (line, words) in expect {
        let want = format!("camp.toml:{line}:");
        assert!(
            text.lines()
                .any(|l| l.starts_with(&want) && l.contains(words)),
            "expected `{want} …{words}…` in:\n{text}"
        );
    }
    // Nothing was stored: `start` opens the scenario's first turn, not the position.
    ok(&t, "sam", "vq start");
    assert_eq!(t.game(CH).expect("game").turn, 1);
}

#[test]
fn a_file_the_front_end_could_not_read_is_named() {
    let t = table(5);
    seat_all(&t);
    let out = t.handle(
        CH,
        &Caller::new(uid("sam"), "sam"),
        "vq setup file:missing.toml",
    );
    assert!(out.refused);
    assert!(out.messages[0].text.contains("missing.toml"));
}

/// `adjust what:phase` moves a table-mode game to a turn, phase and impulse; it is logged
/// publicly and taken back like any action that changes who acts (every player agrees).
#[test]
fn adjust_phase_moves_the_game_on_and_is_logged_and_undoable() {
    let t = table(5);
    seat_all(&t);
    ok(&t, "sam", "vq start");
    let start = t.game(CH).expect("game");
    assert_eq!(start.turn, 1);
    let out = ok(
        &t,
        "alice",
        "vq adjust what:phase turn:3 phase:action target:france",
    );
    assert!(
        public(&out).contains("the game moves to turn 3, Action (France)"),
        "{}",
        public(&out)
    );
    let g = t.game(CH).expect("game");
    assert_eq!(g.turn, 3);
    assert_eq!(
        g.awaiting(),
        Awaiting::One {
            power: Power::France,
            decision: Decision::Impulse
        }
    );
    let log = public(&ok(&t, "sam", "vq log"));
    assert!(
        log.contains("adjust what:phase turn:3 phase:action target:france"),
        "{log}"
    );
    // Refused with what is allowed; nothing changes.
    let text = refused(&t, "alice", "vq adjust what:phase phase:action");
    assert!(text.contains("target"), "{text}");
    let text = refused(&t, "alice", "vq adjust what:phase turn:9 phase:diplomacy");
    assert!(text.contains("1 to 7"), "{text}");
    let text = refused(&t, "alice", "vq adjust what:phase phase:battle");
    assert!(
        text.contains("diplomacy") && text.contains("winter"),
        "{text}"
    );
    // Taken back when every seated player agrees.
    for who in ["alice", "sam", "bob", "dana"] {
        ok(&t, who, "vq undo");
    }
    assert_eq!(t.game(CH).expect("game").state_hash(), start.state_hash());
}

/// The same in Russian: `поправить что:этап ход:3 этап:действия цель:франция`, worded in Russian.
#[test]
fn adjust_phase_in_a_russian_game() {
    let t = table(6);
    ok(&t, "sam", "vq new locale:ru");
    for (who, p) in SEATS {
        ok(&t, who, &format!("vq join power:{p}"));
    }
    ok(&t, "sam", "vq start");
    let out = ok(
        &t,
        "bob",
        "vq поправить что:этап ход:3 этап:действия цель:франция",
    );
    let text = public(&out);
    assert!(text.contains("партия переходит к ходу 3"), "{text}");
    let g = t.game(CH).expect("game");
    assert_eq!(
        (g.turn, g.awaiting().powers().iter().next()),
        (3, Some(Power::France))
    );
    let text = refused(&t, "bob", "vq поправить что:этап этап:действия");
    assert!(text.contains("`цель:`"), "{text}");
}

/// `rest_to_deck = true`: a hand-written position need not list the deck; every card that has
/// entered by the position's turn and is listed nowhere is shuffled in under the listed ones.
#[test]
fn rest_to_deck_puts_every_unlisted_entered_card_in_the_deck() {
    let rs = rs();
    let text = CAMPAIGN.replace("removed = [13]", "removed = [13]\nrest_to_deck = true");
    let src = vqbot::position::Source {
        name: "camp.toml",
        text: &text,
    };
    let g = vqbot::position::import(&rs, src, None, 3).expect("reads");
    // The listed deck stays on top, in order.
    assert_eq!(g.deck[g.deck.len() - 7..], [24, 25, 26, 27, 28, 29, 30]);
    let mut placed: Vec<u16> = g
        .deck
        .iter()
        .chain(&g.discard)
        .chain(&g.removed)
        .chain(g.hands.iter().flatten())
        .copied()
        .collect();
    placed.sort_unstable();
    let n = placed.len();
    placed.dedup();
    assert_eq!(placed.len(), n, "a card is in two places");
    for c in &rs.cards {
        let entered = c.enters_turn <= 3 && c.kind != vqbot::engine::ruleset::CardKind::Home;
        if entered {
            assert!(placed.contains(&c.number), "card {} is nowhere", c.number);
        }
    }
    assert!(!g.deck.contains(&9), "Rudolf II enters on turn 4");
    // Without the flag, only the listed cards are in the deck.
    let src = vqbot::position::Source {
        name: "camp.toml",
        text: CAMPAIGN,
    };
    assert_eq!(
        vqbot::position::import(&rs, src, None, 3)
            .expect("reads")
            .deck
            .len(),
        7
    );
}

/// `adjust what:phase … phase:winter` runs that turn's Winter, also in a game without the
/// Protestant (it used to need the Protestant's leader choice): winter quarters, Victory
/// Determination and the next turn follow, announced after the adjustment. A phase change is
/// refused while a question waits, and nothing changes.
#[test]
fn adjust_phase_winter_runs_winter_without_the_protestant() {
    // The waiting question below comes from Here I Stand's `sue` (X-DIP-PEACE-HIS), switched on.
    let mut on = (*rs()).clone();
    on.turn
        .numbers
        .insert(vqbot::engine::turn_data::ids::SUE_FOR_PEACE.into(), 1);
    let t = Table::new(
        std::sync::Arc::new(on),
        Box::new(MemStore::new()),
        TableOptions {
            seed: Some(6),
            renderer: Some(fake_renderer()),
            ..TableOptions::default()
        },
    );
    start_three(&t, "vq new");
    for who in ["alice", "bob", "carol"] {
        ok(&t, who, "vq standing answer:winter_default on:yes");
    }
    let out = ok(&t, "alice", "vq adjust what:phase turn:2 phase:winter");
    let text = public(&out);
    let adjusted = text
        .find("the game moves to turn 2")
        .unwrap_or_else(|| panic!("{text}"));
    let winter = text
        .find("— Winter phase —")
        .unwrap_or_else(|| panic!("{text}"));
    assert!(adjusted < winter, "{text}");
    assert!(text.contains("**Turn 3** begins."), "{text}");
    let g = t.game(CH).expect("game");
    assert_eq!(g.turn, 3);
    assert!(matches!(g.stage, Stage::Diplomacy { .. }), "{:?}", g.stage);
    // A question waiting (England sued France for peace and owes units): refused.
    ok(
        &t,
        "alice",
        "vq adjust what:relation target:england other:france status:war",
    );
    ok(&t, "alice", "vq sue target:france");
    let text = refused(&t, "bob", "vq adjust what:phase turn:3 phase:winter");
    assert!(text.contains("a question to England is waiting"), "{text}");
}

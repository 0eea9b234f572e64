//! Issue 30, items 1, 2, 5–7, 10 and 11 at the table: standing answers confirmed to their setter
//! only, a ransom's cards named to the two players only, refusals that say what is allowed,
//! help that agrees with the engine, a labelled `status` with its sieges, and a position
//! compared with the printed map before `start`.

use crate::table_support;

use table_support::*;
use vqbot::table::command::FileArg;
use vqbot::table::{Audience, Caller, Command, Outbox, Table};

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

fn dm_to(out: &Outbox, who: &str) -> String {
    out.text_for(Audience::Dm(uid(who)))
}

/// Spain (sam) and France (bob) from a position; `body` follows the header.
fn from_position(t: &Table, body: &str) -> Outbox {
    ok(t, "sam", "vq new");
    ok(t, "sam", "vq join power:spain");
    ok(t, "bob", "vq join power:france");
    let text = format!("format = 1\nscenario = \"1559\"\npowers = [\"spain\", \"france\"]\n{body}");
    let out = setup(t, "sam", &text);
    assert!(!out.refused, "{out:#?}");
    out
}

// --- item 1: a standing answer is the setter's own business

#[test]
fn x_words_a_standing_answer_is_confirmed_to_its_setter_only() {
    let t = table(3);
    start_three(&t, "vq new");
    let out = ok(&t, "bob", "vq standing answer:never_intercept on:yes");
    let channel = public(&out);
    for secret in ["never intercept", "standing", "Standing"] {
        assert!(
            !channel.contains(secret),
            "the channel hears the policy: {channel}"
        );
    }
    assert!(
        dm_to(&out, "bob").contains("never intercept"),
        "the setter is told: {out:#?}"
    );
    for other in ["alice", "carol"] {
        assert!(
            !dm_to(&out, other).contains("never intercept"),
            "{other} was told"
        );
    }
}

// --- item 2: a ransom's card goes by DM to the two players only

#[test]
fn x_words_a_ransoms_card_is_named_to_the_two_players_only() {
    let t = table(4);
    from_position(
        &t,
        r#"
[turn]
number = 2
phase = "diplomacy"

[hands]
spain = [2]
france = [6]

[leaders]
captured = [{ leader = "ALBA", by = "france" }]
"#,
    );
    ok(&t, "sam", "vq start");
    let rs = rs();
    let card = rs.card(2).expect("card 2");
    let out = ok(&t, "sam", "vq ransom leader:alba to:madrid");
    let channel = public(&out);
    assert!(
        channel.contains("France takes 1 card at random from Spain's hand"),
        "whose hand and one card: {channel}"
    );
    assert!(!channel.contains("card(s)"), "{channel}");
    assert!(
        !channel.contains(&card.name_en),
        "the card is named in public: {channel}"
    );
    for who in ["sam", "bob"] {
        let dm = dm_to(&out, who);
        assert!(
            dm.contains(&card.name_en),
            "{who} is not told the card: {out:#?}"
        );
    }
    let g = t.game(CH).expect("game");
    assert!(g.hands[vqbot::engine::Power::France as usize].contains(&2));
}

// --- item 6: a refused leader entry says where the leader may enter

#[test]
fn x_words_a_refused_leader_entry_says_where_the_leader_may_enter() {
    let t = table(5);
    ok(&t, "sam", "vq new");
    ok(&t, "sam", "vq join power:spain");
    ok(&t, "dana", "vq join power:protestant");
    let text = r#"format = 1
scenario = "1559"
powers = ["spain", "protestant"]

[turn]
number = 2
phase = "spring_deployment"
power = "protestant"

[[space]]
id = "LA_ROCHELLE"
control = "france"
religion = "catholic"

[[space]]
id = "MONTAUBAN"
fortress_built = true
units = [{ owner = "huguenot", regulars = 2 }]

[leaders]
off_map = ["COLIGNY"]
"#;
    let out = setup(&t, "sam", text);
    assert!(!out.refused, "{out:#?}");
    ok(&t, "sam", "vq start");
    let m = refused(&t, "dana", "vq place leader:coligny space:la rochelle");
    assert!(
        m.contains("Gaspard de Coligny may enter in: Montauban"),
        "{m}"
    );
}

// --- item 7: help agrees with the engine

#[test]
fn x_words_help_for_revolt_says_what_capital_at_accepts() {
    let t = table(6);
    ok(&t, "alice", "vq new");
    let help = say(&t, "alice", "vq help command:revolt").messages[0]
        .text
        .clone();
    assert!(
        help.contains(
            "any space of the territory you hold after the revolt (X-PROT-CAPITAL-SPACE)"
        ),
        "{help}"
    );
    assert!(!help.contains("fortified space of the territory"), "{help}");
    let readme = include_str!("../README.md");
    assert!(readme.contains("written as a PNG file into the folder of the `--db` file"));
    assert!(readme.contains("--closeup"));
}

// --- item 10: status labels its numbers and lists sieges

#[test]
fn x_words_status_labels_hand_sizes_and_lists_sieges() {
    let t = table(7);
    from_position(
        &t,
        r#"
[turn]
number = 2
phase = "action"
power = "spain"

[relations]
war = [["spain", "france"]]

[hands]
spain = [2, 3]
france = [6]

[[space]]
id = "BORDEAUX"
besieged_by = "spain"
units = [{ owner = "france", regulars = 1 }, { owner = "spain", regulars = 4 }]
"#,
    );
    ok(&t, "sam", "vq start");
    let status = say(&t, "bob", "vq status").messages[0].text.clone();
    assert!(
        status.contains("cards in hand: Spain 2, France 1"),
        "{status}"
    );
    assert!(
        status.contains("Sieges under way: Bordeaux (besieged by Spain)"),
        "{status}"
    );
}

// --- item 11: a position is compared with the printed map before `start`

#[test]
fn x_words_position_setup_reports_how_it_differs_from_the_printed_map() {
    let t = table(8);
    let out = from_position(
        &t,
        r#"
[turn]
number = 2
phase = "diplomacy"

[[space]]
id = "PARIS"
units = [{ owner = "france", regulars = 3 }]
"#,
    );
    let channel = public(&out);
    assert!(
        channel.contains("Compared with the printed 1559 map"),
        "{channel}"
    );
    assert!(
        channel.contains("spaces differ") && channel.contains("more."),
        "{channel}"
    );
    // A file that leaves out Spain's armies shows it: Spain has none here, many on the print.
    let spain = channel
        .lines()
        .flat_map(|l| l.split("; "))
        .find(|p| p.contains("Spain: land units"))
        .unwrap_or_default()
        .to_string();
    assert!(
        spain.starts_with("Spain: land units 0, squadrons 0 (printed map: "),
        "{channel}"
    );
    assert!(spain.contains('⚠'), "{channel}");
    assert!(channel.contains("France: land units 3"), "{channel}");
}

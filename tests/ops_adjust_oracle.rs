//! Issue 28, item 6: `adjust` on a card answers the same wherever a hidden card is (the deck or
//! another player's hand), so nobody can probe card numbers to learn the others' hands; and
//! treasures leave another player's holdings only by that player's own adjustment.

use crate::table_support;

use table_support::*;
use vqbot::engine::Power;
use vqbot::table::{Audience, Caller};

fn started(t: &vqbot::table::Table) {
    ok(t, "alice", "vq new");
    ok(t, "alice", "vq join power:england");
    ok(t, "bob", "vq join power:france");
    ok(t, "alice", "vq start");
}

/// X-ADJUST-HIDDEN: a card in the deck and a card in another player's hand get the same answer,
/// and neither moves; only the holder's DM differs, which the asker does not see.
#[test]
fn x_adjust_hidden_the_answer_does_not_tell_deck_from_another_hand() {
    let t = table(14);
    started(&t);
    let g = t.game(CH).expect("started");
    let in_hand = g.hands[Power::France as usize][0];
    let in_deck = *g.deck.first().expect("a deck");
    let before = g.state_hash();
    let mut answers = Vec::new();
    for card in [in_hand, in_deck] {
        let out = ok(
            &t,
            "alice",
            &format!("vq adjust what:card card:{card} place:hand target:england"),
        );
        assert_eq!(
            t.game(CH).expect("game").state_hash(),
            before,
            "nothing moved"
        );
        assert!(public(&out).is_empty(), "nothing public: {out:#?}");
        let mine: Vec<String> = out
            .messages
            .iter()
            .filter(|m| m.to != Audience::Dm(uid("bob")))
            .map(|m| format!("{:?}: {}", m.to, m.text.replace(&card.to_string(), "N")))
            .collect();
        answers.push(mine);
    }
    assert_eq!(
        answers[0], answers[1],
        "the asker can tell where the card is"
    );
    // A moderator (a referee: here alice, with Manage Channels) moves a card from the deck at
    // once.
    let referee = Caller::new(uid("alice"), "alice").with_moderator(true);
    let out = t.handle(
        CH,
        &referee,
        &format!("vq adjust what:card card:{in_deck} place:discard"),
    );
    assert!(!out.refused, "{out:#?}");
    assert!(t.game(CH).expect("game").discard.contains(&in_deck));
    // A card of one's own hand moves at once.
    let mine = t.game(CH).expect("game").hands[Power::England as usize][0];
    ok(
        &t,
        "alice",
        &format!("vq adjust what:card card:{mine} place:discard"),
    );
    assert!(t.game(CH).expect("game").discard.contains(&mine));
    // The rule is documented at the table.
    let out = ok(&t, "bob", "vq rule X-ADJUST-HIDDEN");
    assert!(
        format!("{out:?}").contains("the same answer wherever the card is"),
        "{out:#?}"
    );
}

/// X-ADJUST-HIDDEN: treasures put back from another power's holdings need its player, who is
/// asked privately and makes the change themselves.
#[test]
fn x_adjust_hidden_treasures_leave_a_power_only_by_its_player() {
    let t = table(14);
    started(&t);
    ok(&t, "bob", "vq adjust what:treasure target:france delta:1");
    let held = |t: &vqbot::table::Table| {
        t.game(CH).expect("game").treasures.held[Power::France as usize].len()
    };
    assert_eq!(held(&t), 1);
    let out = ok(
        &t,
        "alice",
        "vq adjust what:treasure target:france delta:-1",
    );
    assert_eq!(held(&t), 1, "alice took bob's treasure");
    let dm = out.text_for(Audience::Dm(uid("bob")));
    let line = dm
        .split('`')
        .nth(1)
        .unwrap_or_else(|| panic!("a line to send in {dm}"))
        .to_string();
    assert!(out
        .text_for(Audience::Reply(uid("alice")))
        .contains("asked privately"));
    ok(&t, "bob", &format!("vq {line}"));
    assert_eq!(held(&t), 0, "bob put it back himself");
}

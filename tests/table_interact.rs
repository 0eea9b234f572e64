//! `Table::interact`, the one table call of a Discord interaction (issue 24 item 4): a button of
//! an earlier state is stale and runs nothing; a current one runs and returns the prompts after
//! it and whether the game changed.

use crate::table_support;

use table_support::*;
use vqbot::table::command::parse;
use vqbot::table::interact::Interaction;
use vqbot::table::Caller;

fn done(i: Interaction) -> Box<vqbot::table::interact::Answered> {
    match i {
        Interaction::Done(d) => d,
        Interaction::Stale => panic!("unexpected stale"),
    }
}

#[test]
fn a_button_of_an_earlier_state_is_stale_and_runs_nothing() {
    let t = table(5);
    start_three(&t, "vq new");
    let p = t.prompts(CH).expect("a game");
    let stamp = p.stamp.expect("started");
    let game = p.game_id;
    let alice = Caller::new(uid("alice"), "alice");
    // A command that changes nothing keeps the stamp current: the same button still works.
    let d = done(t.interact(CH, &alice, parse("vq status"), Some((game, Some(stamp))), 1));
    assert!(!d.outbox.refused);
    assert_eq!(d.before_seq, p.seq);
    assert_eq!(d.after.as_ref().and_then(|a| a.seq), p.seq);
    // The game moves on (England is done with diplomacy).
    let d = done(t.interact(CH, &alice, parse("vq done"), None, 2));
    assert!(!d.outbox.refused, "{:#?}", d.outbox);
    assert!(d.changed, "the game changed");
    assert_ne!(d.after.as_ref().and_then(|a| a.seq), p.seq);
    // The old button is now stale: nothing runs, the state is the same.
    let before = t.state_json(CH);
    let again = t.interact(CH, &alice, parse("vq done"), Some((game, Some(stamp))), 3);
    assert!(matches!(again, Interaction::Stale));
    assert_eq!(t.state_json(CH), before);
    // A button of another game (an id that is not this game's) is stale too.
    let other = t.interact(
        CH,
        &alice,
        parse("vq status"),
        Some((game + 1, Some(stamp))),
        4,
    );
    assert!(matches!(other, Interaction::Stale));
}

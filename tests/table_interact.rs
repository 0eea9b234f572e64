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

// Issue 24, item 1: every question on the decision stack gets its buttons from its legal
// answers. In seeded random playouts, at every stack question each button runs a legal answer
// of the power asked, has a label Discord accepts, and a question with legal answers has at
// least one button.
#[test]
fn every_stack_question_has_buttons_that_run_legal_answers() {
    use std::collections::BTreeSet;
    use table_support::playout::{random_playout, Step};
    use vqbot::engine::Awaiting;
    use vqbot::table::convert::to_action;
    use vqbot::table::Locale;
    let rs = rs();
    let mut asked: BTreeSet<String> = BTreeSet::new();
    for seed in 1..=6 {
        random_playout(seed, 1500, Locale::En, |step: Step<'_>| {
            // The lobby commands come before the game exists.
            let Some(g) = step.table.game(CH) else { return };
            let Some((power, decision)) = g.steps.last().and_then(|s| s.decision()) else {
                return;
            };
            assert_eq!(
                g.awaiting(),
                Awaiting::One { power, decision },
                "the stack's top is what is awaited"
            );
            let legal = g.legal_actions(&rs, power);
            let buttons = step.table.prompts(CH).expect("a game").public;
            asked.insert(format!("{decision:?}"));
            assert!(
                legal.is_empty() || !buttons.is_empty(),
                "seed {seed}: {decision:?} of {power} has legal answers {legal:?} and no button"
            );
            for b in &buttons {
                let n = b.label.chars().count();
                assert!((1..=80).contains(&n), "label {:?}", b.label);
                let cmd = vqbot::table::Command::from_invocation(&b.invocation)
                    .unwrap_or_else(|e| panic!("button {:?} does not parse: {e:?}", b.invocation));
                let a = to_action(&rs, &g, power, &cmd)
                    .expect("a game command")
                    .unwrap_or_else(|e| panic!("button {:?}: {e:?}", b.invocation));
                assert!(
                    legal.contains(&a) || a == vqbot::engine::Action::Forgo,
                    "seed {seed}: button {:?} ({a:?}) is not a legal answer to {decision:?}",
                    b.invocation
                );
            }
        });
    }
    assert!(
        asked.len() >= 3,
        "the playouts ask few questions: {asked:?}"
    );
    eprintln!("stack questions seen: {asked:?}");
}

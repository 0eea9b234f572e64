//! Long random playouts driven through the table: every legal action is written as a command
//! line and sent by the holder of the acting power. Nothing private may reach the channel: no
//! card in anyone's hand, no secret choice or salt before the reveal.

use crate::table_support;

use table_support::playout::{random_playout, Step, SEATS};
use table_support::*;
use vqbot::engine::ruleset::CardKind;
use vqbot::engine::{Action, Power};
use vqbot::table::{Audience, Locale, Texts};

fn playout(seed: u64, steps: usize, loc: Locale) -> (usize, usize) {
    let rs = rs();
    let texts = Texts::new(&rs, loc);
    let mut secret_steps = 0;
    let played = random_playout(seed, steps, loc, |step: Step<'_>| {
        let Step {
            table: t,
            line,
            action,
            out,
            ..
        } = step;
        let Some(a) = action else { return };
        let after = t.game(CH).expect("started");
        let channel = public(&out);
        // No card held by anyone after this command appears in the channel.
        for (i, hand) in after.hands.iter().enumerate() {
            // Home cards are public knowledge: every power gets its own back each turn.
            // A card the command itself played in public (for CP, as an event or to pay for a
            // war) may come back in a new deal of the same command's turn end.
            let played = match a {
                Action::Play { card, .. } => Some(card),
                Action::DeclareWar { card, .. } => card,
                _ => None,
            };
            for c in hand
                .iter()
                .filter(|c| rs.card(**c).is_some_and(|c| c.kind != CardKind::Home))
                .filter(|c| Some(**c) != played)
            {
                let label = texts.card(*c);
                // A card played publicly in this output and then reshuffled into a new hand
                // (the turn ended in the same command) is not a leak.
                let played = matches!(a, Action::Play { card, .. } if card == *c);
                assert!(
                    played || !channel.contains(&label),
                    "seed {seed}: {label} in {}'s hand was posted publicly after `{line}`:\n{channel}",
                    Power::ALL[i]
                );
            }
        }
        // The secret choice and its salt stay private until the reveal.
        if let (Some((choice, salt)), false) = (&after.empire.secret, after.empire.revealed) {
            assert!(
                !channel.contains(salt.as_str()),
                "seed {seed}: salt leaked after `{line}`"
            );
            let word = texts.choice(*choice);
            assert!(
                !channel.contains(&format!("**{word}**")),
                "seed {seed}: choice leaked"
            );
            // "Protestant" names a power and "Catholic" a faith that religion events (conversions,
            // the English Catholic rebellion) name publicly; only "Balanced" never appears otherwise.
            if *choice == vqbot::engine::ruleset::EmpireChoice::Balanced {
                assert!(
                    !channel.contains(word),
                    "seed {seed}: `{word}` leaked after `{line}`"
                );
            }
            secret_steps += 1;
        }
        // Private messages only ever go to seated players.
        for m in &out.messages {
            if let Audience::Dm(u) = m.to {
                assert!(SEATS.iter().any(|(_, n)| uid(n) == u), "DM to a stranger");
            }
        }
        // The public log masks the secret choice.
        if matches!(a, Action::SecretChoice { .. }) {
            let log = public(&ok(t, "mallory", "vq log last:1"));
            let hidden = if loc == Locale::Ru {
                "(скрыто)"
            } else {
                "(hidden)"
            };
            assert!(log.contains(hidden), "{log}");
        }
    });
    (played, secret_steps)
}

#[test]
fn random_playouts_through_the_table_leak_nothing() {
    let (mut total, mut secret) = (0, 0);
    // Games now end (domination, last turn) well before 500 commands: five games give enough.
    for seed in 0..5 {
        let loc = if seed % 2 == 0 {
            Locale::En
        } else {
            Locale::Ru
        };
        let (n, s) = playout(seed, 500, loc);
        total += n;
        secret += s;
    }
    assert!(total > 1000, "only {total} commands were played");
    assert!(
        secret > 100,
        "the secret choice was checked only {secret} times"
    );
}

//! A three-player game through a whole turn, driven only by commands: lobby, diplomacy, the
//! Empire's secret choice, spring deployment, impulses with CP actions, passes, winter and the
//! start of turn 2. Checks routing: hands by DM only, a map after impulses, who acts next.

use crate::table_support;

use table_support::*;
use vqbot::engine::{Action, Awaiting, Power};
use vqbot::table::Audience;

fn holder(p: Power) -> &'static str {
    match p {
        Power::England => "alice",
        Power::France => "bob",
        Power::Empire => "carol",
        _ => panic!("{p} is not in this game"),
    }
}

#[test]
fn three_players_play_a_full_turn() {
    let rs = rs();
    let t = table(42);
    let out = ok(&t, "alice", "vq new scenario:1559");
    let created = public(&out);
    assert!(created.contains("sha256(seed) = `"), "{created}");
    ok(&t, "alice", "vq join power:england");
    ok(&t, "bob", "vq join power:france");
    ok(&t, "carol", "vq join power:empire");
    let out = ok(&t, "alice", "vq start");
    // Hands go privately to each holder, never to the channel.
    for (name, p) in [
        ("alice", Power::England),
        ("bob", Power::France),
        ("carol", Power::Empire),
    ] {
        let dm = out.text_for(Audience::Dm(uid(name)));
        assert!(dm.contains("Your hand"), "{name}: {dm}");
        let g = t.game(CH).expect("started");
        for c in &g.hands[p as usize] {
            let label = vqbot::table::Texts::new(&rs, vqbot::table::Locale::En).card(*c);
            assert!(dm.contains(&label), "{name} was not told of {label}");
            assert!(
                !public(&out).contains(&label),
                "{label} leaked to the channel"
            );
        }
    }
    assert!(public(&out).contains("Next:"), "{out:?}");

    // Diplomacy: France declares war on the Empire; England offers France an alliance.
    // The war is paid with a card worth its cost (C-DIP-WAR-COST); France keeps its home card.
    let war_card = {
        let g = t.game(CH).expect("started");
        let cost = rs
            .turn
            .war_cost(Power::France, Power::Empire)
            .expect("cost");
        g.war_cards(&rs, Power::France, cost)
            .into_iter()
            .find(|c| *c != 6)
            .expect("a card that pays for the war")
    };
    let out = ok(&t, "bob", &format!("vq war target:empire card:{war_card}"));
    assert!(public(&out).contains("declares war"));
    ok(&t, "alice", "vq ally target:france");
    let out = ok(&t, "bob", "vq accept from:england");
    assert!(public(&out).contains("accepts alliance"), "{out:?}");
    ok(&t, "alice", "vq done");
    ok(&t, "bob", "vq done");
    let out = ok(&t, "carol", "vq done");
    assert!(public(&out).contains("Spring Deployment"));
    // R-HRE-SECRET: the choice goes to carol only; the channel sees the commitment.
    let out = ok(&t, "carol", "vq secret choice:catholic");
    assert!(out
        .text_for(Audience::Dm(uid("carol")))
        .contains("Catholic"));
    assert!(public(&out).contains("Commitment"));
    assert!(!public(&out).contains("Catholic"));
    // Deployment: England moves out of London, France skips, the Empire deploys.
    ok(&t, "alice", "vq deploy from:london to:portsmouth units:2r");
    ok(&t, "bob", "vq done");
    let out = ok(&t, "carol", "vq deploy from:vienna to:linz");
    assert!(
        out.images().count() >= 1,
        "a map after the phase change: {out:?}"
    );
    // Impulses with CP actions.
    let out = ok(&t, "alice", "vq play card:Virgin Queen as:cp");
    assert!(public(&out).contains("5 CP left"), "{out:?}");
    ok(&t, "alice", "vq move from:portsmouth to:london");
    ok(&t, "alice", "vq build space:london unit:regular");
    let out = ok(&t, "alice", "vq end");
    assert!(
        out.images().count() == 1,
        "a map after the impulse: {out:?}"
    );
    let next = out
        .messages
        .iter()
        .find(|m| !m.mentions.is_empty())
        .expect("someone is named");
    assert_eq!(next.mentions, vec![uid("bob")]);
    ok(&t, "bob", "vq play card:6 as:cp");
    ok(&t, "bob", "vq move from:paris to:boulogne");
    ok(&t, "bob", "vq end");
    ok(&t, "carol", "vq play card:7 as:cp");
    ok(&t, "carol", "vq build space:vienna unit:mercenary");
    ok(&t, "carol", "vq end");

    // Then each plays or passes until the turn ends.
    let mut winter = false;
    let mut new_hands = 0;
    for _ in 0..200 {
        let g = t.game(CH).expect("started");
        if g.turn == 2 {
            break;
        }
        let Awaiting::One { power, .. } = g.awaiting() else {
            panic!("unexpected {:?}", g.awaiting())
        };
        let legal = g.legal_actions(&rs, power);
        let winter_question = matches!(legal.first(), Some(Action::Winter { .. }));
        let line = if winter_question {
            // Winter asks the owner (C-WINTER-QUARTERS): the first answer offered.
            format!(
                "vq {}",
                vqbot::table::convert::action_line(&legal[0], power, false).expect("a line")
            )
        } else if legal.contains(&Action::Pass) {
            "vq pass".to_string()
        } else if legal.contains(&Action::EndImpulse) {
            "vq end".to_string()
        } else {
            let card = legal
                .iter()
                .find_map(|a| match a {
                    Action::Play { card, .. } => Some(*card),
                    _ => None,
                })
                .expect("a card to play");
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
        let out = ok(&t, holder(power), &line);
        winter |= public(&out).contains("Winter");
        new_hands += out
            .messages
            .iter()
            .filter(|m| matches!(m.to, Audience::Dm(_)) && m.text.contains("Your hand"))
            .count();
    }
    let g = t.game(CH).expect("started");
    assert_eq!(g.turn, 2, "the turn did not end");
    assert!(winter, "no winter was announced");
    assert_eq!(new_hands, 3, "each player gets a new hand privately");
    assert!(
        matches!(g.awaiting(), Awaiting::Simultaneous { .. }),
        "turn 2 opens with diplomacy"
    );
    // Public state can be read by anyone, seated or not.
    let out = ok(&t, "mallory", "vq status");
    assert!(public(&out).contains("Turn 2"), "{out:?}");
    ok(&t, "mallory", "vq vp");
    let out = ok(&t, "mallory", "vq log last:5");
    assert!(public(&out).contains("power:"), "{out:?}");
}

#[test]
fn russian_locale_speaks_russian() {
    let t = table(3);
    let out = ok(&t, "alice", "vq new locale:ru");
    assert!(public(&out).contains("Новая партия"), "{out:?}");
    ok(&t, "alice", "vq join power:англия");
    ok(&t, "bob", "vq join power:франция");
    let out = ok(&t, "alice", "vq start");
    assert!(public(&out).contains("Партия началась"), "{out:?}");
    let msg = refused(&t, "bob", "vq move from:Парж to:Руан");
    assert!(msg.contains("Не выполнено"), "{msg}");
    let out = ok(&t, "bob", "vq rule R-GAME-PLAYERS");
    assert!(out.messages[0].text.contains("от двух до шести"));
    let out = ok(&t, "bob", "vq help");
    assert!(out.messages[0].text.contains("Команды"));
}

/// A Russian game words an engine refusal in Russian: a move to a space that is not adjacent
/// names both spaces and the neighbours in Russian and keeps no English word of the English text.
#[test]
fn russian_refusal_names_spaces_in_russian() {
    use vqbot::engine::{Refusal, RuleError};
    use vqbot::table::messages::{Locale, Texts};
    let rs = rs();
    let t = table(3);
    ok(&t, "alice", "vq new locale:ru");
    ok(&t, "alice", "vq join power:англия");
    ok(&t, "bob", "vq join power:франция");
    ok(&t, "alice", "vq start");
    ok(&t, "alice", "vq done");
    ok(&t, "bob", "vq done");
    ok(&t, "alice", "vq done");
    ok(&t, "bob", "vq done");
    ok(&t, "alice", "vq play card:4 as:cp");
    let msg = refused(&t, "alice", "vq move from:london to:paris units:1r");
    let (london, paris) = (
        rs.space_id("LONDON").expect("London"),
        rs.space_id("PARIS").expect("Paris"),
    );
    let neighbours: Vec<&str> = rs.neighbours[london.idx()]
        .iter()
        .map(|(n, _)| rs.space(*n).name_ru.as_str())
        .collect();
    assert_eq!(
        msg,
        format!(
            "⛔ Не выполнено: Париж не граничит с пространством Лондон; соседние пространства: {}",
            neighbours.join(", ")
        )
    );
    let english =
        Texts::new(&rs, Locale::En).rule_error(&RuleError::Illegal(Refusal::NotAdjacent {
            from: london,
            to: paris,
        }));
    assert!(
        english.starts_with("Paris is not adjacent to London"),
        "{english}"
    );
    for word in english
        .split(|c: char| !c.is_alphabetic())
        .filter(|w| w.len() >= 2)
    {
        assert!(!msg.contains(word), "English `{word}` in: {msg}");
    }
}

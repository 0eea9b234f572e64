//! Treasures at the table: the Russian command and its refusal, `status` counts in Russian, the
//! holder's own list with `hand`, and `rule X-TREASURE-*` telling what is known and what is ours.

use crate::table_support;

use table_support::*;
use vqbot::table::Audience;

/// A Russian two-player game (England: alice, France: bob) in its Diplomacy phase.
fn russian_game() -> vqbot::table::Table {
    let t = table(31);
    ok(&t, "alice", "vq new locale:ru");
    ok(&t, "alice", "vq вступить держава:англия");
    ok(&t, "bob", "vq вступить держава:франция");
    ok(&t, "alice", "vq начать");
    t
}

// X-TREASURE-SPEND in Russian: `сокровище какое:N` is read, refused out of one's impulse with a
// Russian sentence; `рука` lists one's treasures privately; `положение` counts them in public.
#[test]
fn x_treasure_spend_in_a_russian_game() {
    let t = russian_game();
    let out = ok(
        &t,
        "alice",
        "vq поправить что:сокровище цель:англия изменение:1",
    );
    let channel = public(&out);
    assert!(
        channel.contains("получает из запаса наугад сокровищ: 1"),
        "{channel}"
    );
    let dm = out.text_for(Audience::Dm(uid("alice")));
    assert!(dm.contains("ваше новое сокровище — №"), "{dm}");
    assert!(!channel.contains('№'), "no face in the channel: {channel}");
    let n: u16 = dm
        .split('№')
        .nth(1)
        .and_then(|s| s.split(' ').next())
        .and_then(|s| s.parse().ok())
        .expect("a number");
    // Diplomacy: not England's impulse.
    let text = refused(&t, "alice", &format!("vq сокровище какое:{n}"));
    assert!(text.contains("только в свой импульс"), "{text}");
    let text = refused(&t, "bob", &format!("vq сокровище какое:{n}"));
    assert!(text.contains("не принадлежит"), "{text}");
    let out = say(&t, "alice", "vq рука");
    let dm = out.text_for(Audience::Dm(uid("alice")));
    assert!(dm.contains("Ваши сокровища (Англия): №"), "{dm}");
    let out = ok(&t, "bob", "vq положение");
    let all: String = out.messages.iter().map(|m| m.text.clone()).collect();
    assert!(
        all.contains(
            "Сокровища на руках (тайные, только число): Англия 1, Франция 0; португальский ряд: 3"
        ),
        "{all}"
    );
    assert!(
        !all.contains(&format!("№{n}")),
        "status shows no face: {all}"
    );
}

// The rules catalogue says what is known (the FAQ) and what is ours, in both languages.
#[test]
fn x_treasure_rules_say_what_is_reconstruction_and_placeholder() {
    let t = table(32);
    let out = say(&t, "alice", "vq rule id:X-TREASURE-SPEND");
    let text: String = out.messages.iter().map(|m| m.text.clone()).collect();
    assert!(
        text.contains("OUR READING") && text.contains("treasures.csv"),
        "{text}"
    );
    let out = say(&t, "alice", "vq rule id:X-TREASURE-PORTUGUESE");
    let text: String = out.messages.iter().map(|m| m.text.clone()).collect();
    assert!(
        text.contains("Known (the FAQ)") && text.contains("PLACEHOLDER") && text.contains("Lisbon"),
        "{text}"
    );
}

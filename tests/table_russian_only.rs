//! A Russian game says nothing in English: a seeded random playout through the table (with a
//! manual fix, a forced end and random wrong commands mixed in) collects every message the table
//! sends — channel posts, replies and DMs — and none may contain common English words once
//! `code spans`, rule IDs, mentions and the data's names are taken out.

use crate::table_support;

use rand::Rng;
use table_support::playout::{holder, random_playout, Step, SEATS};
use table_support::*;
use vqbot::engine::action::CardPlace;
use vqbot::engine::event::{EndReason, EventKind, RevealReason};
use vqbot::engine::{Awaiting, Power, Ruleset, SpaceId};
use vqbot::table::command::{parse, Expected, ParseError};
use vqbot::table::{Locale, Msg, Notice, Texts};

/// English words the English catalogue uses; none belongs in a Russian message.
const ENGLISH: &[&str] = &[
    "the",
    "is",
    "are",
    "was",
    "be",
    "been",
    "not",
    "cannot",
    "can",
    "no",
    "nobody",
    "one",
    "of",
    "to",
    "from",
    "in",
    "on",
    "at",
    "by",
    "with",
    "and",
    "or",
    "for",
    "your",
    "you",
    "it",
    "its",
    "has",
    "have",
    "this",
    "that",
    "there",
    "here",
    "turn",
    "impulse",
    "phase",
    "expected",
    "enters",
    "play",
    "plays",
    "moved",
    "moves",
    "passes",
    "wins",
    "winner",
    "game",
    "over",
    "victory",
    "capital",
    "leader",
    "hand",
    "deck",
    "card",
    "cards",
    "units",
    "space",
    "power",
    "please",
    "try",
    "again",
    "waiting",
    "manual",
    "fix",
    "unknown",
    "valid",
    "needs",
    "option",
    "options",
    "command",
    "number",
    "whole",
    "internal",
    "highest",
    "end",
    "last",
    "reveals",
    "choice",
    "secret",
    "sent",
    "button",
    "prompt",
    "table",
    "something",
    "went",
    "wrong",
    "seed",
    "keys",
    "bonus",
    "lobby",
    "hidden",
];

/// Every name in the data, both languages, longest first (names may legitimately be Latin).
fn names(rs: &Ruleset) -> Vec<String> {
    let mut v: Vec<String> = Vec::new();
    let mut add = |en: &str, ru: &str| {
        v.push(en.to_string());
        v.push(ru.to_string());
    };
    rs.spaces.iter().for_each(|x| add(&x.name_en, &x.name_ru));
    rs.sea_zones
        .iter()
        .for_each(|x| add(&x.name_en, &x.name_ru));
    rs.world.iter().for_each(|x| add(&x.name_en, &x.name_ru));
    rs.powers.iter().for_each(|x| add(&x.name_en, &x.name_ru));
    rs.scenarios
        .iter()
        .for_each(|x| add(&x.name_en, &x.name_ru));
    rs.leaders.iter().for_each(|x| add(&x.name_en, &x.name_ru));
    rs.rulers.iter().for_each(|x| add(&x.name_en, &x.name_ru));
    rs.cards.iter().for_each(|x| add(&x.name_en, &x.name_ru));
    v.retain(|n| !n.is_empty());
    v.sort_by_key(|n| std::cmp::Reverse(n.len()));
    v.dedup();
    v
}

/// The English words left in `text` after code spans, mentions, rule IDs and names are removed.
fn english_words(text: &str, names: &[String]) -> Vec<String> {
    // Code spans hold typed commands and ids: every other piece between backticks is code.
    let mut prose: String = text
        .split('`')
        .enumerate()
        .filter(|(i, _)| i % 2 == 0)
        .map(|(_, s)| s)
        .collect::<Vec<_>>()
        .join(" ");
    for n in names {
        prose = prose.replace(n.as_str(), " ");
    }
    prose
        .split(|c: char| !(c.is_ascii_alphanumeric() || c == '-' || c == '@'))
        // Rule IDs (R-…, C-…, X-…) and mentions (<@123>) are not words.
        .filter(|w| {
            !(w.starts_with("R-")
                || w.starts_with("C-")
                || w.starts_with("X-")
                || w.starts_with('@'))
        })
        .flat_map(|w| w.split('-'))
        .map(str::to_ascii_lowercase)
        .filter(|w| ENGLISH.contains(&w.as_str()))
        .collect()
}

/// Wrong or odd commands a player might type; most are refused. `{p}` is an unseated power.
const WRONG: &[&str] = &[
    "vq play card:1 as:banana",
    "vq сыграть карта:1 как:банан",
    "vq move from:paris to:nowhere",
    "vq move from:paris to:rouen units:3x",
    "vq log last:many",
    "vq adjust what:units space:paris owner:france regulars:999",
    "vq adjust what:teleport",
    "vq frobnicate",
    "vq play colour:red",
    "vq move paris",
    "vq",
    "vq pass",
    "vq end",
    "vq undo",
    "vq veto",
    "vq secret choice:catholic",
    "vq join power:france",
    "vq war target:ottoman",
    "vq deploy from:vienna to:prague",
    "vq status",
    "vq vp",
    "vq log last:5",
    "vq help command:move",
    "vq rule id:R-NOPE",
];

#[test]
fn a_russian_playout_says_nothing_in_english() {
    let rs = rs();
    let names = names(&rs);
    let mut found: Vec<String> = Vec::new();
    let mut seen = 0usize;
    let (mut played, mut ended, mut fixes) = (0, 0, 0);
    let mut check = |line: &str, out: &vqbot::table::Outbox| {
        for m in &out.messages {
            seen += 1;
            let words = english_words(&m.text, &names);
            if !words.is_empty() {
                found.push(format!(
                    "after `{line}` ({:?}): {words:?} in\n{}",
                    m.to, m.text
                ));
            }
        }
    };
    for seed in 11..15 {
        let (mut forced_end, mut card_moved, mut over) = (false, false, false);
        played += random_playout(seed, 1500, Locale::Ru, |step: Step<'_>| {
            let Step {
                table: t,
                line,
                action,
                out,
                rng,
            } = step;
            check(&line, &out);
            if action.is_none() {
                return;
            }
            let Some(g) = t.game(CH) else { return };
            if matches!(g.awaiting(), Awaiting::Over { .. }) {
                over = true;
                return;
            }
            // A manual fix that moves a card out of a hand: its public notice.
            if !card_moved {
                if let Some(c) = g.hands[Power::England as usize].first() {
                    let fix = format!("vq adjust what:card card:{c} place:deck");
                    check(&fix, &ok(t, "sam", &fix));
                    card_moved = true;
                }
            }
            // England far ahead: the game ends at the first Victory Determination, with the reveal.
            if !forced_end && g.turn == 3 {
                let fix = "vq adjust what:vp target:england delta:40";
                check(fix, &ok(t, "sam", fix));
                forced_end = true;
            }
            // Now and then a wrong command from a random player (or a stranger).
            if rng.random_bool(0.3) {
                let line = WRONG[rng.random_range(0..WRONG.len())];
                let who = match rng.random_range(0..SEATS.len() + 1) {
                    i if i < SEATS.len() => holder(SEATS[i].0),
                    _ => "mallory",
                };
                let out = say(t, who, line);
                check(&format!("{line} (by {who})"), &out);
            }
        });
        fixes += usize::from(card_moved && forced_end);
        ended += usize::from(over);
    }
    assert!(played > 500, "only {played} actions were played");
    assert!(seen > 1000, "only {seen} messages were checked");
    assert_eq!(fixes, 4, "the manual fixes were not made in every game");
    assert_eq!(ended, 4, "not every game reached its end");
    assert!(
        found.is_empty(),
        "{} Russian messages contain English words; the first ones:\n{}",
        found.len(),
        found
            .iter()
            .take(8)
            .cloned()
            .collect::<Vec<_>>()
            .join("\n\n")
    );
}

/// Texts the playout may not reach (rare events, every wrong-value hint, the Discord front end's
/// notices) are checked one by one.
#[test]
fn rare_texts_are_russian_in_a_russian_game() {
    let rs = rs();
    let names = names(&rs);
    let t = Texts::new(&rs, Locale::Ru);
    let card = rs.cards[0].number;
    let leader = rs.leaders[0].id.clone();
    let mut texts: Vec<String> = [
        EventKind::CardMoved {
            by: Power::France,
            to: CardPlace::Hand(Power::Spain),
        },
        EventKind::CardMoved {
            by: Power::France,
            to: CardPlace::Deck,
        },
        EventKind::LeaderEntered {
            leader,
            space: SpaceId(0),
        },
        EventKind::HuguenotCapitalStays { card },
        EventKind::GameOver {
            winners: vec![Power::England],
            reason: EndReason::Standard { vp: 26 },
        },
        EventKind::GameOver {
            winners: vec![],
            reason: EndReason::StepLimit,
        },
        EventKind::GameOver {
            winners: vec![Power::Protestant],
            reason: EndReason::ProtestantMilitary { keys: 5 },
        },
        EventKind::GameOver {
            winners: vec![Power::Spain, Power::France],
            reason: EndReason::LastTurn { vp: 20 },
        },
        // --- treasures
        EventKind::TreasureRowRefilled {
            added: 3,
            row: 3,
            pool: 9,
        },
        EventKind::TreasureDrawn {
            power: Power::Spain,
            held: 1,
        },
        EventKind::NoTreasureDrawn { power: None },
        EventKind::NoTreasureDrawn {
            power: Some(Power::England),
        },
        EventKind::TreasureGained {
            power: Power::Spain,
            treasure: 1,
        },
        EventKind::TreasureReturned {
            power: Power::Spain,
            treasure: 2,
        },
        EventKind::TreasureSpent {
            power: Power::Spain,
            treasure: 3,
            cp: 2,
        },
        EventKind::TreasuresHeld {
            power: Power::Spain,
            treasures: vec![1, 4],
        },
    ]
    .iter()
    .map(|e| t.event(e))
    .collect();
    for r in [
        RevealReason::EmpireWins,
        RevealReason::BlocksVictory,
        RevealReason::GameEnded,
    ] {
        texts.push(t.reveal_reason(r).to_string());
    }
    for line in [
        "play card:1 as:banana",
        "adjust what:units space:paris owner:france regulars:999",
        "log last:many",
        "move from:paris to:rouen units:3x",
    ] {
        match parse(line) {
            Err(e @ ParseError::BadValue { .. }) => texts.push(t.parse_error(&e)),
            other => panic!("`{line}` should be a wrong value: {other:?}"),
        }
    }
    for e in [
        Expected::OneOf(&["cp", "event"]),
        Expected::WholeNumber,
        Expected::Count,
        Expected::Units,
    ] {
        texts.push(t.expected(&e));
    }
    // --- treasures: the status line and the holder's own list
    for m in [
        Msg::StatusTreasures {
            list: "Испания 1".into(),
            row: 3,
            pool: 8,
        },
        Msg::YourTreasures {
            power: Power::Spain,
            list: t.treasure(1),
        },
    ] {
        texts.push(t.msg(&m));
    }
    for n in [
        Notice::Restarting,
        Notice::UnknownCommand,
        Notice::ForeignButton,
        Notice::TableFailed,
        Notice::PromptStale,
        Notice::HelpTitle,
        Notice::HelpFooter {
            usage: "/vq помощь команда:…".into(),
        },
        Notice::DmClosed {
            user: 7,
            hand: "/vq рука".into(),
        },
        Notice::DmFailed {
            user: 7,
            hand: "/vq рука".into(),
        },
        Notice::SecretPrompt,
        Notice::SecretDmClosed {
            user: 7,
            secret: "/vq тайна выбор:…".into(),
        },
        Notice::Pass,
        Notice::EndImpulse,
        Notice::DoneNoDeployment,
        Notice::Accept,
        Notice::Decline,
        Notice::DoneNegotiating,
        Notice::AgreeTakeBack,
        Notice::RefuseTakeBack,
        Notice::ShowHand,
        Notice::KeepSix,
        Notice::CountFive,
    ] {
        texts.push(n.text(Locale::Ru));
        // The English wording exists and differs.
        assert_ne!(n.text(Locale::En), n.text(Locale::Ru), "{n:?}");
    }
    assert_eq!(
        t.command_line("secret choice:(hidden)"),
        "тайна выбор:(скрыто)"
    );
    assert_eq!(
        t.expected(&Expected::OneOf(&["cp", "event"])),
        "одно из: од, событие"
    );
    // Taking back an action past an undo barrier by consent.
    let what = "play card:4 as:cp power:england".to_string();
    for m in [
        Msg::TakeBackAsked {
            name: "alice".into(),
            what: what.clone(),
            waiting: "bob, carol".into(),
        },
        Msg::TakeBackAgreed {
            name: "carol".into(),
            what: what.clone(),
            waiting: "bob".into(),
        },
        Msg::TakenBack {
            what: what.clone(),
            agreed: "alice, carol, bob".into(),
        },
        Msg::TakeBackVetoed {
            name: "bob".into(),
            what: what.clone(),
        },
        Msg::TakeBackCancelled { what },
        Msg::NoTakeBack,
        Msg::TakeBackNotSeated,
        Msg::TakeBackAlreadyAgreed {
            waiting: "bob".into(),
        },
    ] {
        let ru = t.msg(&m);
        assert_ne!(Texts::new(&rs, Locale::En).msg(&m), ru, "{m:?}");
        texts.push(ru);
    }
    for text in &texts {
        let words = english_words(text, &names);
        assert!(words.is_empty(), "{words:?} in {text}");
    }
    // The detector itself finds English.
    assert_eq!(
        english_words("`one of` Ход 2: one of cp, event; R-GAME-END", &names),
        ["one", "of"]
    );
}

/// `new locale:ru` in a channel whose English game has just ended (and is still held by the
/// table) opens the Russian game in Russian.
#[test]
fn a_russian_game_opened_after_an_english_one_ended_is_announced_in_russian() {
    let rs = table_support::rs();
    let t = table(5);
    ok(&t, "sam", "vq new");
    for (p, n) in SEATS {
        ok(&t, n, &format!("vq join power:{p}"));
    }
    ok(&t, "sam", "vq start");
    assert!(table_support::playout::play_until_over(&t, 5));
    let out = ok(&t, "carol", "vq new locale:ru");
    let text = public(&out);
    let english = english_words(&text, &names(&rs));
    assert!(english.is_empty(), "{english:?} in {text}");
    assert!(text.contains("carol"), "{text}");
}

//! Issue 16, safe input and player information: unit picks are read completely, `adjust`
//! changes only what it names, every kind of place is understood, refusals list what is
//! allowed, hands and cards show their CP, kind and text, and Russian messages decline names.

use crate::table_support;

use table_support::*;
use vqbot::engine::action::Units;
use vqbot::engine::event::EventKind;
use vqbot::engine::{Owner, Power};
use vqbot::table::command::{parse, Command, ParseError, UnitPick};
use vqbot::table::{Audience, Locale, Texts};

/// A started two-player game: alice holds England, bob Spain.
fn started(seed: u64, ru: bool) -> vqbot::table::Table {
    let t = table(seed);
    ok(&t, "alice", if ru { "vq new locale:ru" } else { "vq new" });
    ok(&t, "alice", "vq join power:england");
    ok(&t, "bob", "vq join power:spain");
    ok(&t, "alice", "vq start");
    t
}

/// Counts of `owner` in a space: regulars, mercenaries, cavalry, squadrons.
fn counts(t: &vqbot::table::Table, space: &str, owner: Owner) -> [u8; 4] {
    let g = t.game(CH).expect("started");
    let s = rs().space_id(space).expect("space");
    g.board
        .at(s)
        .forces
        .iter()
        .find(|f| f.owner() == owner && f.faction.is_none())
        .map_or([0; 4], |f| {
            [f.regulars, f.mercenaries, f.cavalry, f.squadrons]
        })
}

// --- item 1: a unit pick is read completely or refused

#[test]
fn unit_picks_with_several_counts_in_one_word_are_read_completely() {
    let units = |line: &str| match parse(line) {
        Ok(Command::Move { units, .. }) => units,
        other => panic!("{line}: {other:?}"),
    };
    let pick = |r, m, c| {
        Some(UnitPick {
            regulars: r,
            mercenaries: m,
            cavalry: c,
            leaders: vec![],
        })
    };
    assert_eq!(units("move from:a to:b units:2r2m"), pick(2, 2, 0));
    assert_eq!(units("move from:a to:b units:3r1m"), pick(3, 1, 0));
    assert_eq!(units("move from:a to:b units:1r5m2c"), pick(1, 5, 2));
    assert_eq!(
        units("move from:a to:b units:2 regulars, 1 кав"),
        pick(2, 0, 1)
    );
    assert_eq!(units("move from:a to:b units:2рег 1наём"), pick(2, 1, 0));
    for bad in ["2rx", "2r2", "3rm", "2r 4", "1r5q", "300r"] {
        let line = format!("move from:a to:b units:{bad}");
        assert!(
            matches!(parse(&line), Err(ParseError::BadValue { .. })),
            "{line} must be refused"
        );
    }
}

#[test]
fn a_unit_pick_with_an_unread_part_is_refused_and_changes_nothing() {
    let t = started(3, false);
    let msg = refused(&t, "alice", "vq move from:london to:norwich units:2r1q");
    assert!(msg.contains("units:") && msg.contains("2r1q"), "{msg}");
    assert!(msg.contains("regulars, mercenaries, cavalry"), "{msg}");
}

// --- item 2: adjust changes only what it names and shows before → after

#[test]
fn adjust_units_changes_only_the_named_types_and_shows_before_and_after() {
    let t = started(4, false);
    let london = Owner::Major(Power::England);
    assert_eq!(counts(&t, "LONDON", london), [3, 0, 0, 1]);
    let out = ok(
        &t,
        "alice",
        "vq adjust what:units space:london owner:england regulars:4",
    );
    assert_eq!(
        counts(&t, "LONDON", london),
        [4, 0, 0, 1],
        "the squadron stays"
    );
    let text = public(&out);
    assert!(text.contains("3r 0m 0c 1s → 4r 0m 0c 1s"), "{text}");
    assert!(text.contains("London"), "{text}");
    // Squadrons only in a port: Seville's land units stay as they were.
    let before = counts(&t, "SEVILLE", Owner::Major(Power::Spain));
    ok(
        &t,
        "bob",
        "vq adjust what:units space:seville owner:spain squadrons:3",
    );
    assert_eq!(
        counts(&t, "SEVILLE", Owner::Major(Power::Spain)),
        [before[0], before[1], before[2], 3]
    );
    // Naming no count at all changes nothing and says what to name.
    let msg = refused(
        &t,
        "alice",
        "vq adjust what:units space:london owner:england",
    );
    assert!(
        msg.contains("regulars:") && msg.contains("squadrons:"),
        "{msg}"
    );
    // Counts are bounded: 0 to 255.
    let msg = refused(
        &t,
        "alice",
        "vq adjust what:units space:london owner:england regulars:256",
    );
    assert!(msg.contains("0 to 255"), "{msg}");
}

// --- item 3: settlements, ocean zones and sea zones are understood as places

#[test]
fn world_and_sea_places_are_recognised_and_refused_plainly() {
    let t = started(5, false);
    let msg = refused(&t, "bob", "vq build space:Havana unit:fortress");
    assert!(!msg.contains("unknown"), "{msg}");
    assert!(
        msg.contains("Havana is a world-map settlement") && msg.contains("Europe land space"),
        "{msg}"
    );
    let msg = refused(&t, "alice", "vq move from:london to:English Channel");
    assert!(msg.contains("English Channel is a sea zone"), "{msg}");
    let msg = refused(&t, "alice", "vq control space:west indies");
    assert!(msg.contains("ocean zone"), "{msg}");
    let msg = refused(
        &t,
        "alice",
        "vq adjust what:control space:Гавана owner:spain",
    );
    assert!(msg.contains("settlement"), "{msg}");
    // A typo near a world name is suggested.
    let msg = refused(&t, "bob", "vq build space:Havanna unit:fortress");
    assert!(msg.contains("Havana"), "{msg}");
}

// --- item 4: refusals and help list what is allowed; `rule` lists the rules

#[test]
fn unknown_values_are_refused_with_the_allowed_ones() {
    let t = table(6);
    ok(&t, "alice", "vq new");
    let msg = refused(&t, "alice", "vq join power:xyz");
    for p in [
        "Spain (`spain`)",
        "Holy Roman Empire (`empire`)",
        "`protestant`",
    ] {
        assert!(msg.contains(p), "{p} missing: {msg}");
    }
    ok(&t, "alice", "vq join power:england");
    ok(&t, "bob", "vq join power:spain");
    ok(&t, "alice", "vq start");
    let msg = refused(&t, "alice", "vq adjust what:card card:5 place:hand");
    assert!(
        msg.contains("`target:`") && msg.contains("France (`france`)"),
        "{msg}"
    );
    let msg = refused(
        &t,
        "alice",
        "vq adjust what:control space:paris owner:nobody",
    );
    assert!(
        msg.contains("Venice (`venice`)") && msg.contains("`independent`"),
        "{msg}"
    );
}

#[test]
fn help_for_a_command_lists_each_options_values_and_rule_lists_the_rules() {
    let t = table(7);
    let help = say(&t, "alice", "vq help command:build").messages[0]
        .text
        .clone();
    assert!(
        help.contains("regular, mercenary, cavalry, squadron, fortress"),
        "{help}"
    );
    assert!(help.contains("world-map settlement"), "{help}");
    assert!(help.contains("Spain (`spain`)"), "{help}");
    let help = say(&t, "alice", "vq help command:adjust").messages[0]
        .text
        .clone();
    assert!(help.contains("a number from 0 to 255"), "{help}");
    assert!(help.contains("`independent`"), "{help}");

    let out = say(&t, "alice", "vq rule");
    assert!(!out.refused, "{out:?}");
    let list = &out.messages[0].text;
    assert!(
        list.contains("**R-GAME-PLAYERS** — Between two and six people play"),
        "{list}"
    );
    assert!(list.contains("**R-PROT-CAPITAL**"), "{list}");
    ok(&t, "alice", "vq new locale:ru");
    let ru = say(&t, "alice", "правило").messages[0].text.clone();
    assert!(ru.contains("Играют от двух до шести человек"), "{ru}");
}

// --- item 5: hands show CP and kind; `card` shows the text where the data has one

#[test]
fn a_hand_shows_cp_and_kind_of_each_card() {
    let t = table(8);
    ok(&t, "alice", "vq new");
    ok(&t, "alice", "vq join power:england");
    ok(&t, "bob", "vq join power:spain");
    let out = ok(&t, "alice", "vq start");
    let dm = out.text_for(Audience::Dm(uid("alice")));
    let g = t.game(CH).expect("started");
    let rs = rs();
    for c in &g.hands[Power::England as usize] {
        let card = rs.card(*c).expect("dealt cards exist");
        let kind = Texts::new(&rs, Locale::En).card_kind(card.kind);
        let shown = format!(
            "{} ({} CP, {kind})",
            Texts::new(&rs, Locale::En).card(*c),
            card.cp
        );
        assert!(dm.contains(&shown), "{shown} not in {dm}");
    }
}

#[test]
fn card_shows_its_text_with_the_source_or_says_it_is_unknown() {
    let t = table(9);
    let out = say(&t, "alice", "vq card 22");
    assert!(!out.refused, "{out:?}");
    let text = &out.messages[0].text;
    assert!(text.contains("Paris Is Worth a Mass"), "{text}");
    assert!(text.contains("Huguenot capital"), "{text}");
    assert!(text.contains("source: the game's seed rules"), "{text}");
    let text = say(&t, "alice", "vq card card:30").messages[0].text.clone();
    assert!(text.contains("not known"), "{text}");
    ok(&t, "alice", "vq new locale:ru");
    let ru = say(&t, "alice", "карточка карта:22").messages[0]
        .text
        .clone();
    assert!(
        ru.contains("3 ОД") && ru.contains("столицу гугенотов"),
        "{ru}"
    );
    assert!(say(&t, "alice", "vq card 999").refused);
}

// --- item 7: Russian cases, aliases, one word per concept

#[test]
fn russian_messages_decline_power_and_space_names() {
    let rs = rs();
    let t = Texts::new(&rs, Locale::Ru);
    let sp = |id: &str| rs.space_id(id).expect("space");
    let moved = t.event(&EventKind::Moved {
        power: Power::Spain,
        from: sp("MADRID"),
        to: sp("NAVARRE"),
        units: Units {
            regulars: 2,
            ..Units::default()
        },
    });
    assert!(moved.contains("из Мадрида в Наварру"), "{moved}");
    let accepted = t.event(&EventKind::OfferAccepted {
        from: Power::Empire,
        to: Power::France,
        status: vqbot::engine::power::Relation::Alliance,
    });
    assert!(
        accepted.contains("союз со Священной Римской империей"),
        "{accepted}"
    );
    let raised = t.event(&EventKind::Raised {
        power: Power::Spain,
        space: sp("FLORENCE"),
        unit: vqbot::engine::action::UnitKind::Regular,
    });
    assert!(raised.contains("во Флоренции"), "{raised}");
    let retreat = t.event(&EventKind::Retreated {
        owner: Owner::Major(Power::Spain),
        from: sp("MALTA"),
        to: sp("PALERMO"),
    });
    assert!(retreat.contains("с Мальты в Палермо"), "{retreat}");
    let fix = t.adjustment(&vqbot::engine::Adjustment::Unrest {
        space: "PARIS".into(),
        on: true,
    });
    assert_eq!(fix, "беспорядки в Париже");
    let fix = t.adjustment(&vqbot::engine::Adjustment::Control {
        space: "NAVARRE".into(),
        owner: Owner::Major(Power::France),
    });
    assert_eq!(fix, "Наварра теперь под контролем Франции");

    let table = table(10);
    ok(&table, "alice", "vq новая язык:ru");
    let joined = public(&ok(&table, "alice", "вступить держава:испания"));
    assert!(joined.contains("играет за Испанию"), "{joined}");
    // Short aliases and case forms are accepted.
    let joined = public(&ok(&table, "bob", "вступить держава:империя"));
    assert!(joined.contains("за Священную Римскую империю"), "{joined}");
    // `hre` names the Empire too: bob holds it already.
    let msg = refused(&table, "carol", "vq join power:hre");
    assert!(
        msg.contains("Священная Римская империя уже занята"),
        "{msg}"
    );
}

#[test]
fn cp_and_vp_never_share_a_russian_word_and_choices_match_their_confirmation() {
    // CP is «ОД», VP is «ПО»; `очки` is no longer either.
    assert!(matches!(
        parse("сыграть карта:5 как:од"),
        Ok(Command::Play {
            mode: vqbot::engine::action::CardMode::Cp,
            ..
        })
    ));
    assert_eq!(parse("по").ok(), Some(Command::Vp));
    assert!(parse("сыграть карта:5 как:очки").is_err());
    let rs = rs();
    let t = Texts::new(&rs, Locale::Ru);
    let played = t.event(&EventKind::CardPlayed {
        power: Power::Spain,
        card: 12,
        mode: vqbot::engine::action::CardMode::Cp,
    });
    assert!(
        played.contains("за ОД") && !played.contains("очки"),
        "{played}"
    );
    // The secret choice is confirmed with the word it is typed with.
    for choice in ["protestant", "catholic", "balanced"] {
        let typed = vqbot::table::command::choice_word_ru(choice).expect("a Russian word");
        let c = match parse(&format!("тайна выбор:{typed}")) {
            Ok(Command::Secret { choice }) => choice,
            other => panic!("{other:?}"),
        };
        assert_eq!(t.choice(c), typed);
    }
}

#[test]
fn a_missing_option_with_few_values_lists_them() {
    let t = started(11, false);
    let msg = refused(&t, "alice", "vq play card:5");
    assert!(
        msg.contains("`as:`") && msg.contains("one of cp, event"),
        "{msg}"
    );
    let msg = refused(&t, "alice", "vq war");
    assert!(msg.contains("France (`france`)"), "{msg}");
}

//! Issue 30, items 3–5, 8 and 9: what players read, checked on the message catalogue itself —
//! unit picks read completely, leaders by the names the map prints, closest names first, plural
//! agreement in English and Russian, and a Russian catalogue whose place and leader names are
//! inflected after their prepositions, with no Latin-script word outside code spans.

use crate::common;
use crate::land_support;

use std::collections::BTreeSet;
use strum::IntoEnumIterator;
use vqbot::engine::action::{Adjustment, CardPlace, PeacePay};
use vqbot::engine::action::{CardMode, UnitKind, Units};
use vqbot::engine::cards::run::EffectEvent;
use vqbot::engine::event::{
    EndReason, EventKind, EventTag, FreeUnitBar, PhaseName, RevealReason, Side, Skipped,
};
use vqbot::engine::game::Decision;
use vqbot::engine::inactive::RuleAnswer;
use vqbot::engine::influence::{Courted, InfluenceEvent};
use vqbot::engine::marriage::CourtEvent;
use vqbot::engine::piracy::PiracyReward;
use vqbot::engine::power::{Faction, Owner, Power};
use vqbot::engine::power::{Minor, Relation, Religion};
use vqbot::engine::ruleset::EmpireChoice;
use vqbot::engine::ruleset::{Ruleset, SpaceId};
use vqbot::engine::steps::Standing;
use vqbot::engine::Refusal;
use vqbot::table::command::{parse, parse_units, Command, ParseError, COMMANDS};
use vqbot::table::messages::{Locale, Texts};
use vqbot::table::resolve;

fn en() -> Texts<'static> {
    Texts::new(common::rs(), Locale::En)
}

// --- item 3: a unit pick is read completely

#[test]
fn x_words_a_repeated_part_of_a_unit_pick_is_refused_naming_it() {
    let e = parse_units("1r alba 1r").expect_err("a repeated count is not summed");
    assert_eq!(
        e,
        ParseError::RepeatedPart {
            option: "units".into(),
            part: "1r".into()
        }
    );
    let text = en().parse_error(&e);
    assert!(text.contains("`1r`") && text.contains("twice"), "{text}");
    // A leader named twice, any case.
    let e = parse_units("2r Alba alba").expect_err("a repeated leader");
    assert!(matches!(e, ParseError::RepeatedPart { ref part, .. } if part == "alba"));
    // Different types in one word and in separate words are still fine.
    let p = parse_units("2r1m 1c alba").expect("reads");
    assert_eq!((p.regulars, p.mercenaries, p.cavalry), (2, 1, 1));
    // Through the whole command line as well.
    assert!(matches!(
        parse("move from:paris to:dijon units:1r 1r"),
        Err(ParseError::RepeatedPart { .. })
    ));
}

// --- item 5: natural Russian unit words

#[test]
fn x_words_natural_russian_unit_words_are_read() {
    let p = parse_units("2 регулярные 1 наёмник 1 кавалеристы").expect("reads");
    assert_eq!((p.regulars, p.mercenaries, p.cavalry), (2, 1, 1));
    let p = parse_units("3 регулярных").expect("reads");
    assert_eq!(p.regulars, 3);
}

// --- item 4: leaders by the map's names; closest names first

#[test]
fn x_words_leaders_are_accepted_by_the_name_the_map_prints() {
    let rs = common::rs();
    for typed in ["альба", "Альба", "alba", "герцог альба", "ALBA"] {
        assert_eq!(resolve::leader(rs, typed).as_deref(), Ok("ALBA"), "{typed}");
    }
    assert_eq!(resolve::leader(rs, "колиньи").as_deref(), Ok("COLIGNY"));
    assert_eq!(resolve::leader(rs, "Дрейк").as_deref(), Ok("DRAKE"));
}

#[test]
fn x_words_an_unknown_leader_is_answered_with_the_closest_names_first() {
    let rs = common::rs();
    let msg = resolve::leader(rs, "алба").expect_err("no such leader");
    for loc in [Locale::En, Locale::Ru] {
        let text = Texts::new(rs, loc).msg(&msg);
        let listed = text
            .split(&['`'][..])
            .filter(|w| *w == w.to_lowercase())
            .count();
        assert!(
            text.matches("(`").count() <= 6,
            "at most six names are listed, not all {}: {text}",
            rs.leaders.len()
        );
        assert!(listed > 0, "{text}");
        let allowed = text
            .rsplit(loc.pick("allowed: ", "можно: "))
            .next()
            .unwrap_or("");
        assert!(
            allowed.starts_with(loc.pick("Duke of Alba", "Герцог Альба")),
            "the closest name comes first: {text}"
        );
        assert!(
            text.contains(loc.pick("more", "ещё")),
            "says there are more: {text}"
        );
    }
}

// --- item 5: Russian command names a player cannot confuse

#[test]
fn x_words_russian_command_names_are_unambiguous() {
    let ru = |name: &str| {
        COMMANDS
            .iter()
            .find(|c| c.name == name)
            .map(|c| c.ru)
            .expect("command")
    };
    // `карта` is the card option everywhere; the map command is named otherwise.
    assert_ne!(ru("map"), "карта");
    assert!(COMMANDS.iter().all(|c| c.ru != "карта"));
    // recall and regain are not two words for "give back".
    let (recall, regain) = (ru("recall"), ru("regain"));
    assert!(
        !recall.starts_with("вер") && !recall.starts_with("возвр"),
        "{recall}"
    );
    assert_ne!(recall, regain);
    assert!(
        matches!(parse("поле"), Ok(Command::Map)),
        "{:?}",
        parse("поле")
    );
}

// --- item 8: English grammar

#[test]
fn x_words_english_counts_agree_with_their_nouns() {
    let t = en();
    let side = |hits| Side {
        owner: Owner::Major(Power::Spain),
        dice: vec![5],
        hits,
        losses: 1,
    };
    let lines = [
        t.event(&EventKind::NavalMoved {
            power: Power::Spain,
            from: "BARCELONA".into(),
            to: "GULF_OF_LYON".into(),
            squadrons: 1,
            corsairs: 0,
            leaders: vec!["DORIA".into()],
        }),
        t.event(&EventKind::FieldBattle {
            space: SpaceId(0),
            attacker: side(1),
            defender: side(2),
            winner: Owner::Major(Power::Spain),
        }),
        t.event(&EventKind::CasualtiesTaken {
            owner: Owner::Major(Power::Spain),
            space: SpaceId(0),
            units: Units {
                regulars: 4,
                mercenaries: 1,
                ..Units::default()
            },
        }),
        t.event(&EventKind::Assault {
            space: SpaceId(0),
            attacker: side(1),
            defender: side(0),
            captured: true,
        }),
        t.event(&EventKind::LeaderRansomed {
            leader: "ALBA".into(),
            owner: Power::Spain,
            captor: Power::France,
            cards: 1,
            to: None,
        }),
        t.event(&EventKind::Forgone {
            power: Power::France,
            decision: Decision::Intercept,
        }),
    ];
    let all = lines.join("\n");
    for bad in [
        "1 squadrons",
        "1 hits",
        "4 regular,",
        "4 regular ",
        "card(s)",
        "The space captured",
        "1 corsairs",
        "0 corsairs",
    ] {
        assert!(!all.contains(bad), "`{bad}` in:\n{all}");
    }
    assert!(
        all.contains("1 squadron under Gianandrea Doria") || all.contains("Doria"),
        "{all}"
    );
    assert!(all.contains("4 regulars, 1 mercenary"), "{all}");
    assert!(all.contains("1 hit,") && all.contains("2 hits"), "{all}");
    assert!(all.contains("is captured"), "{all}");
    assert!(all.contains("France does not intercept."), "{all}");
    assert!(
        !all.contains("the entering formation"),
        "no prompt in a decline: {all}"
    );
}

#[test]
fn x_words_russian_numerals_agree() {
    let t = Texts::new(common::rs(), Locale::Ru);
    assert_eq!(t.n_squadrons(2), "2 эскадры");
    assert_eq!(t.n_squadrons(5), "5 эскадр");
    assert_eq!(t.n_squadrons(21), "21 эскадра");
    assert_eq!(t.n_mercenaries(2), "2 наёмника");
    assert_eq!(t.n_cards(1), "1 карта");
    assert_eq!(t.n_cards(12), "12 карт");
    assert_eq!(t.n_hits(3), "3 попадания");
}

// --- item 9: the Russian catalogue, inflected and in Russian

/// The shipped ruleset with the two sample spaces (ids 0 and 1) renamed to names whose cases all
/// differ from the nominative (Vienna's and Florence's forms), so a name left in the nominative
/// after a preposition shows.
fn inflecting_ruleset() -> Ruleset {
    let mut rs = common::rs().clone();
    for (i, model) in [(0usize, "VIENNA"), (1, "FLORENCE")] {
        let m = rs.space(rs.space_id(model).expect("space")).clone();
        let s = &mut rs.spaces[i];
        s.name_ru = m.name_ru;
        s.ru = m.ru;
    }
    rs
}

/// Prepositions and the case forms (by name) each allows after it.
const PREPS: &[(&str, &[&str])] = &[
    ("в", &["acc", "pre"]),
    ("во", &["acc", "pre"]),
    ("на", &["acc", "pre"]),
    ("из", &["gen"]),
    ("у", &["gen"]),
    ("от", &["gen"]),
    ("до", &["gen"]),
    ("для", &["gen"]),
    ("без", &["gen"]),
    ("против", &["gen"]),
    ("с", &["gen", "ins"]),
    ("со", &["gen", "ins"]),
    ("о", &["pre"]),
    ("об", &["pre"]),
    ("под", &["ins", "acc"]),
    ("над", &["ins"]),
    ("перед", &["ins"]),
    ("пленяет", &["acc"]),
];

/// A name with its forms: nominative and (case, form) pairs; empty forms are the nominative.
struct Forms {
    nom: String,
    cases: Vec<(&'static str, String)>,
}

fn forms(nom: &str, f: &vqbot::engine::ruleset::RuForms) -> Forms {
    let or = |x: &str| {
        if x.is_empty() {
            nom.to_string()
        } else {
            x.to_string()
        }
    };
    Forms {
        nom: nom.to_string(),
        cases: vec![
            ("gen", or(&f.gen)),
            ("acc", or(&f.acc)),
            ("ins", or(&f.ins)),
            ("pre", or(&f.pre)),
        ],
    }
}

fn names(rs: &Ruleset) -> Vec<Forms> {
    let mut v: Vec<Forms> = (0..2)
        .map(|i| {
            let s = rs.space(SpaceId(i));
            forms(&s.name_ru, &s.ru)
        })
        .collect();
    for z in ["AEGEAN_SEA", "BARBARY_COAST"] {
        let z = rs.sea_zones.iter().find(|x| x.id == z).expect("zone");
        v.push(forms(&z.name_ru, &z.ru));
    }
    for l in ["COLIGNY", "ALBA", "DRAKE"] {
        let l = rs.leaders.iter().find(|x| x.id == l).expect("leader");
        v.push(forms(&l.name_ru, &l.ru));
    }
    v
}

fn is_letter(c: char) -> bool {
    c.is_alphabetic()
}

/// Every "<preposition> <name>" in `text` where the name's form is not one the preposition
/// takes (a nominative that equals an allowed form is fine: «в Мадрид»).
fn wrong_cases(text: &str, names: &[Forms]) -> Vec<String> {
    let mut out = Vec::new();
    let lower = text.to_lowercase();
    for (prep, allowed) in PREPS {
        let pat = format!("{prep} ");
        for (at, _) in lower.match_indices(&pat) {
            if lower[..at].chars().next_back().is_some_and(is_letter) {
                continue;
            }
            let rest = &text[at + pat.len()..];
            for n in names {
                let ok_forms: Vec<&str> = n
                    .cases
                    .iter()
                    .filter(|(c, _)| allowed.contains(c))
                    .map(|(_, f)| f.as_str())
                    .collect();
                let starts = |w: &str| {
                    rest.to_lowercase().starts_with(&w.to_lowercase())
                        && !rest[w.len()..].chars().next().is_some_and(is_letter)
                };
                if starts(&n.nom) && !ok_forms.iter().any(|f| starts(f)) {
                    out.push(format!("«{prep} {}» in: {text}", n.nom));
                }
                // Another case's form where this preposition takes none of it.
                for (c, f) in &n.cases {
                    if !allowed.contains(c)
                        && f != &n.nom
                        && starts(f)
                        && !ok_forms.iter().any(|o| starts(o))
                    {
                        out.push(format!("«{prep} {f}» ({c}) in: {text}"));
                    }
                }
            }
        }
    }
    out
}

/// Latin-script words outside `code spans`, except rule IDs (`C-DIP-RANSOM`), Roman numerals
/// and the name of the game Here I Stand.
fn latin_words(text: &str) -> BTreeSet<String> {
    text.split('`')
        .step_by(2)
        .flat_map(|part| {
            part.split(|c: char| c.is_whitespace() || ",.;:()«»!?[]/".contains(c))
                .map(str::to_string)
                .collect::<Vec<_>>()
        })
        .filter(|w| w.chars().any(|c| c.is_ascii_alphabetic()))
        .filter(|w| {
            let rule_id = w.contains('-')
                && w.split('-').all(|p| {
                    !p.is_empty()
                        && p.chars()
                            .all(|c| c.is_ascii_uppercase() || c.is_ascii_digit())
                });
            let roman = w.chars().all(|c| "IVX".contains(c));
            // A data id shown as it is (a sample's unknown leader); short capitals such as CP
            // and VP are English abbreviations and count.
            let data_id = w.len() >= 4
                && w.chars()
                    .all(|c| c.is_ascii_uppercase() || c == '_' || c.is_ascii_digit());
            !rule_id && !roman && !data_id && !["Here", "Stand", "I"].contains(&w.as_str())
        })
        .collect()
}

fn sample_events() -> Vec<EventKind> {
    let (a, b) = (SpaceId(0), SpaceId(1));
    let (p, q) = (Power::England, Power::France);
    let side = |o: Power| Side {
        owner: Owner::Major(o),
        dice: vec![5, 2],
        hits: 2,
        losses: 2,
    };
    let units = Units {
        regulars: 2,
        mercenaries: 2,
        cavalry: 0,
        leaders: vec!["COLIGNY".into()],
    };
    let zone = || "AEGEAN_SEA".to_string();
    let coast = || "BARBARY_COAST".to_string();
    let port = || "BERWICK".to_string();
    vec![
        EventKind::PhaseStarted {
            phase: PhaseName::Winter,
        },
        EventKind::CardPlayed {
            power: p,
            card: 1,
            mode: CardMode::Cp,
        },
        EventKind::Moved {
            power: p,
            from: a,
            to: b,
            units: units.clone(),
        },
        EventKind::Deployed {
            power: p,
            from: a,
            to: b,
            units: units.clone(),
        },
        EventKind::ControlChanged {
            space: a,
            from: Owner::Major(p),
            to: Owner::Major(q),
        },
        EventKind::Raised {
            power: p,
            space: a,
            unit: UnitKind::Mercenary,
        },
        EventKind::FortressBuilt {
            power: p,
            place: port(),
        },
        EventKind::FieldBattle {
            space: a,
            attacker: side(p),
            defender: side(q),
            winner: Owner::Major(p),
        },
        EventKind::SiegeStarted { space: a, by: p },
        EventKind::SiegeLifted { space: a },
        EventKind::Assault {
            space: a,
            attacker: side(p),
            defender: side(q),
            captured: true,
        },
        EventKind::Assault {
            space: b,
            attacker: side(p),
            defender: side(q),
            captured: false,
        },
        EventKind::Retreated {
            owner: Owner::Major(p),
            from: a,
            to: b,
        },
        EventKind::Eliminated {
            owner: Owner::Major(p),
            space: a,
            units: 2,
        },
        EventKind::LeaderCaptured {
            leader: "ALBA".into(),
            by: q,
        },
        EventKind::WinterQuarters {
            owner: Owner::Major(p),
            from: a,
            to: b,
            units: 3,
        },
        EventKind::FreeRegular { power: p, space: a },
        EventKind::CapitalMoved {
            power: p,
            to: Some(b),
        },
        EventKind::Revolted {
            space: a,
            faction: Faction::Huguenot,
        },
        EventKind::SentToWar {
            card: 1,
            power: p,
            from: a,
            units: units.clone(),
        },
        EventKind::ForeignWarEnded {
            card: 1,
            power: p,
            to: Some(b),
            units: 2,
        },
        EventKind::LeaderRansomed {
            leader: "ALBA".into(),
            owner: p,
            captor: q,
            cards: 2,
            to: Some(b),
        },
        EventKind::RansomCards {
            owner: p,
            captor: q,
            cards: vec![1, 2],
        },
        EventKind::Recalled {
            power: p,
            from: a,
            to: b,
            units: 2,
        },
        EventKind::WinterAttrition {
            owner: Owner::Major(p),
            space: a,
            lost: 2,
            to: Some(b),
        },
        EventKind::WinterAttrition {
            owner: Owner::Major(p),
            space: a,
            lost: 2,
            to: None,
        },
        EventKind::WinterQuestion {
            power: p,
            from: a,
            to: vec![b],
            excess: 0,
        },
        EventKind::WinterQuestion {
            power: p,
            from: a,
            to: vec![b],
            excess: 2,
        },
        EventKind::LeaderEntered {
            leader: "COLIGNY".into(),
            space: a,
        },
        EventKind::ConversionSixRolled {
            power: p,
            space: a,
            modifier: 1,
        },
        EventKind::UnrestPlaced { space: a },
        EventKind::InterceptRoll {
            power: p,
            from: a,
            to: b,
            dice: vec![3, 4],
            bonus: 0,
            need: 9,
            success: false,
        },
        EventKind::AvoidRoll {
            power: p,
            from: a,
            to: b,
            dice: vec![3, 4],
            bonus: 0,
            need: 9,
            success: true,
        },
        EventKind::WithdrewInside {
            owner: Owner::Major(p),
            space: a,
            units: 2,
        },
        EventKind::Forgone {
            power: p,
            decision: Decision::Intercept,
        },
        EventKind::CasualtiesTaken {
            owner: Owner::Major(p),
            space: a,
            units: units.clone(),
        },
        EventKind::RegularKept {
            owner: Owner::Major(p),
            space: a,
        },
        EventKind::UnrestEnded { space: a },
        EventKind::NavalMoved {
            power: p,
            from: port(),
            to: zone(),
            squadrons: 2,
            corsairs: 0,
            leaders: vec!["DRAKE".into()],
        },
        EventKind::NavalMoved {
            power: p,
            from: coast(),
            to: zone(),
            squadrons: 1,
            corsairs: 2,
            leaders: vec![],
        },
        EventKind::NavalInterceptRoll {
            power: p,
            from: zone(),
            to: coast(),
            dice: vec![1, 2],
            bonus: 0,
            need: 9,
            success: false,
        },
        EventKind::NavalAvoidRoll {
            power: p,
            from: coast(),
            to: zone(),
            dice: vec![1, 2],
            bonus: 0,
            need: 9,
            success: false,
        },
        EventKind::NavalBattleRolled {
            place: zone(),
            attacker: p,
            defender: Owner::Major(q),
            attacker_dice: vec![5],
            defender_dice: vec![6],
            attacker_hits: 1,
            defender_hits: 1,
            attacker_wins: false,
        },
        EventKind::ShipsSunk {
            owner: Owner::Major(p),
            place: zone(),
            squadrons: 2,
            corsairs: 0,
        },
        EventKind::ShipKept {
            owner: Owner::Major(p),
            place: coast(),
        },
        EventKind::NavalRetreated {
            owner: Owner::Major(p),
            from: zone(),
            to: coast(),
        },
        EventKind::ShipsLost {
            owner: Owner::Major(p),
            place: zone(),
            squadrons: 1,
            corsairs: 1,
        },
        EventKind::WinterPort {
            owner: Owner::Major(p),
            from: zone(),
            to: a,
        },
        EventKind::Transported {
            power: p,
            from: a,
            to: b,
            units: units.clone(),
            zones: vec![zone()],
        },
        EventKind::EmpireWinterMercenaries {
            space: a,
            mercenaries: 2,
        },
        EventKind::JoinedRelief {
            power: p,
            space: a,
            units: 2,
        },
        EventKind::BackInside {
            owner: Owner::Major(p),
            space: a,
            units: 2,
        },
        EventKind::PiracyRolled {
            zone: zone(),
            target: p,
            anti_dice: vec![1],
            corsairs_sunk: 0,
            dice: vec![5],
            hits: 1,
        },
        EventKind::PiracyHitsLost { target: p, hits: 2 },
        EventKind::PiracyMarkersRemoved {
            zones: vec![zone(), coast()],
        },
        EventKind::UnitsSurrendered {
            power: p,
            space: a,
            units: units.clone(),
            left: 1,
        },
        EventKind::PeaceWithdrawn {
            power: p,
            from: a,
            to: Some(b),
            units: 2,
        },
        EventKind::PeaceWithdrawn {
            power: p,
            from: a,
            to: None,
            units: 2,
        },
        // --- every other event kind (the completeness test below lists them all)
        EventKind::QuestionSkipped {
            power: p,
            skipped: Skipped::Avoid { space: a },
        },
        EventKind::QuestionSkipped {
            power: p,
            skipped: Skipped::Withdraw {
                space: a,
                units: 4,
                max: 2,
            },
        },
        EventKind::QuestionSkipped {
            power: p,
            skipped: Skipped::DeployNoUnits {
                capitals: vec![a, b],
            },
        },
        EventKind::QuestionSkipped {
            power: p,
            skipped: Skipped::FreeUnit {
                space: a,
                why: FreeUnitBar::HeldBy(Owner::Major(q)),
            },
        },
        EventKind::TurnStarted { turn: 2 },
        EventKind::HandDealt {
            power: p,
            cards: vec![4, 5],
        },
        EventKind::Effect {
            card: 4,
            what: EffectEvent::Calmed { space: a },
        },
        EventKind::Effect {
            card: 4,
            what: EffectEvent::Control { space: a, power: p },
        },
        EventKind::Effect {
            card: 4,
            what: EffectEvent::Razed { space: a },
        },
        EventKind::Effect {
            card: 4,
            what: EffectEvent::LeaderPlaced {
                leader: "COLIGNY".into(),
                space: a,
            },
        },
        EventKind::Effect {
            card: 4,
            what: EffectEvent::Vp { power: p, n: 1 },
        },
        EventKind::HandSize { power: p, cards: 3 },
        EventKind::ImpulseStarted { power: p },
        EventKind::EventNotAutomated { power: p, card: 4 },
        EventKind::CpLeft { power: p, cp: 2 },
        EventKind::Passed { power: p },
        EventKind::AssaultRolled {
            space: a,
            attacker: side(p),
            defender: side(q),
        },
        EventKind::WarDeclared { by: p, target: q },
        EventKind::Offered {
            from: p,
            to: q,
            status: Relation::Alliance,
        },
        EventKind::OfferAccepted {
            from: p,
            to: q,
            status: Relation::Peace,
        },
        EventKind::OfferDeclined {
            from: p,
            to: q,
            status: Relation::Alliance,
        },
        EventKind::MinorAllied {
            minor: Minor::Scotland,
            power: q,
        },
        EventKind::DiplomacyDone { power: p },
        EventKind::SecretCommitted {
            commitment: "abc123".into(),
        },
        EventKind::SecretChosen {
            choice: EmpireChoice::Catholic,
            salt: "s".into(),
        },
        EventKind::SecretRevealed {
            choice: EmpireChoice::Balanced,
            salt: "s".into(),
            vp: 2,
            reason: RevealReason::GameEnded,
        },
        EventKind::RulerChanged {
            power: p,
            ruler: "ELIZABETH_I".into(),
        },
        EventKind::MasterOfCentralEurope { held: true },
        EventKind::VpTotals {
            vp: [3, 4, 5, 6, 7, 8],
            seated: vec![p, q],
        },
        EventKind::LeadersWithdrawn {
            leaders: vec!["COLIGNY".into()],
        },
        EventKind::ForeignWarStarted {
            card: 10,
            power: p,
            required: 3,
            army: 2,
        },
        EventKind::ForeignWarBattle {
            card: 10,
            attacker: side(p),
            defender: side(q),
        },
        EventKind::WarCasualtiesTaken {
            power: p,
            card: 10,
            units: units.clone(),
        },
        EventKind::WarCostPaid {
            power: p,
            card: 10,
            cost: 2,
        },
        EventKind::PeaceSued {
            by: p,
            winner: q,
            vp: 1,
        },
        EventKind::PeaceUnitsOwed { power: p, units: 2 },
        EventKind::AllianceEnded { a: p, b: q },
        EventKind::MinorWarDeclared {
            by: p,
            minor: Minor::Venice,
        },
        EventKind::MinorPeace {
            by: p,
            minor: Minor::Venice,
        },
        EventKind::MinorWarEnded {
            power: p,
            minor: Minor::Venice,
            ally: q,
        },
        EventKind::MandatoryOverdue {
            power: p,
            card: 4,
            removed: true,
        },
        EventKind::Adjusted {
            by: p,
            adjustment: Adjustment::Vp { power: q, delta: 1 },
        },
        EventKind::CardMoved {
            by: p,
            to: CardPlace::Discard,
        },
        EventKind::HuguenotCapitalStays { card: 4 },
        EventKind::ConversionAttempt {
            power: p,
            space: a,
            natural: 4,
            counted: 4,
            modifier: 1,
            needed: 5,
            success: true,
        },
        EventKind::ReligionChanged {
            space: a,
            religion: Religion::Protestant,
        },
        EventKind::CatholicRebellion {
            space: a,
            by: q,
            attacker: side(q),
            defender: side(p),
            success: false,
        },
        EventKind::UnitsAdjusted {
            by: p,
            space: a,
            owner: Owner::Major(p),
            faction: None,
            before: [1, 0, 0, 0, 0],
            after: [2, 1, 0, 0, 0],
        },
        EventKind::StandingSet {
            power: p,
            standing: Standing::NeverIntercept,
            on: true,
        },
        EventKind::StandingApplied {
            power: p,
            standing: Standing::NeverIntercept,
            decision: Decision::Intercept,
        },
        EventKind::PiracyRewardGiven {
            target: q,
            zone: zone(),
            reward: PiracyReward::Vp,
            at: Some(port()),
            piracy_vp: 1,
        },
        EventKind::PiracyCard {
            from: q,
            to: p,
            card: 4,
        },
        EventKind::TreasureRowRefilled {
            added: 2,
            row: 3,
            pool: 10,
        },
        EventKind::TreasureDrawn { power: p, held: 2 },
        EventKind::NoTreasureDrawn { power: Some(p) },
        EventKind::TreasureGained {
            power: p,
            treasure: 1,
        },
        EventKind::TreasureReturned {
            power: p,
            treasure: 1,
        },
        EventKind::TreasureSpent {
            power: p,
            treasure: 1,
            cp: 2,
        },
        EventKind::TreasuresHeld {
            power: p,
            treasures: vec![1, 2],
        },
        EventKind::PeaceUnitsShort {
            power: p,
            owed: 3,
            on_map: 1,
        },
        EventKind::PeaceRegainOpen {
            power: p,
            winner: q,
            leaders: vec!["COLIGNY".into()],
            keys: vec![a],
            spaces: vec![b],
        },
        EventKind::PeaceRegained {
            power: p,
            winner: q,
            leader: None,
            spaces: vec![a],
            pay: PeacePay::Vp,
            vp: 1,
            to: Some(b),
        },
        EventKind::PeaceCard {
            from: p,
            to: q,
            card: 4,
        },
        EventKind::GameOver {
            winners: vec![p],
            reason: EndReason::Standard { vp: 25 },
        },
        EventKind::Influence(InfluenceEvent::Bought {
            power: p,
            target: Courted::Minor(Minor::Scotland),
            steps: 1,
            now: 2,
            cp: 2,
        }),
        EventKind::Influence(InfluenceEvent::Answered {
            power: Power::Ottoman,
            answer: RuleAnswer::Retreat {
                space: a,
                to: Some(b),
            },
        }),
        EventKind::Influence(InfluenceEvent::Answered {
            power: Power::Ottoman,
            answer: RuleAnswer::WinterQuarters {
                from: a,
                to: Some(b),
            },
        }),
        EventKind::Influence(InfluenceEvent::Answered {
            power: Power::Ottoman,
            answer: RuleAnswer::Withdraw { space: a },
        }),
        EventKind::Court {
            what: CourtEvent::Proposed {
                from: p,
                royal: "ELIZABETH_I".into(),
                to: q,
                with: "FRANCOIS_ANJOU".into(),
            },
        },
    ]
}

// Issue 30 item 9: the sample events cover every event kind, so the catalogue test below renders
// each of them in Russian.
#[test]
fn x_words_the_sample_events_cover_every_event_kind() {
    let sampled: BTreeSet<&'static str> = sample_events()
        .iter()
        .map(|e| EventTag::from(e).into())
        .collect();
    let missing: Vec<&'static str> = EventTag::iter()
        .map(<&'static str>::from)
        .filter(|t| !sampled.contains(t))
        .collect();
    assert!(
        missing.is_empty(),
        "event kinds without a sample: {missing:?}"
    );
}

#[test]
fn x_words_the_russian_catalogue_inflects_names_and_speaks_russian() {
    let rs = inflecting_ruleset();
    let t = Texts::new(&rs, Locale::Ru);
    let names = names(&rs);
    let mut texts: Vec<String> = sample_events().iter().map(|e| t.event(e)).collect();
    texts.extend(Refusal::samples().into_iter().map(|r| t.refusal(&r)));
    // Help: the list and every command's page.
    texts.push(t.help(None));
    texts.extend(COMMANDS.iter().map(|c| t.help(Some(c.ru))));
    // Every decision as the "who acts next" line, for one power and for several.
    let who = |n: usize| {
        [Power::England, Power::France][..n]
            .iter()
            .map(|p| (*p, "игрок".to_string()))
            .collect::<Vec<_>>()
    };
    // Every decision there is (the enum lists them), not a hand-kept list.
    for d in Decision::iter() {
        let aw = vqbot::engine::Awaiting::One {
            power: Power::England,
            decision: d,
        };
        texts.push(t.next_up(&aw, &who(1)));
    }
    let several = t.next_up(
        &vqbot::engine::Awaiting::One {
            power: Power::England,
            decision: Decision::Diplomacy,
        },
        &who(2),
    );
    assert!(several.contains("Ходят:"), "{several}");
    // Option names a Russian player types: an English one in a code span is a problem.
    let english_options: BTreeSet<String> = COMMANDS
        .iter()
        .flat_map(|c| c.options.iter())
        .filter(|o| o.name != o.ru)
        .map(|o| format!("`{}:", o.name))
        .collect();
    let mut problems = Vec::new();
    for text in &texts {
        for o in &english_options {
            // A code span that starts with an English option name (`units:` for `войска:`).
            if text.contains(o.as_str()) {
                problems.push(format!("English option {o} in: {text}"));
            }
        }
        problems.extend(wrong_cases(text, &names));
        let latin = latin_words(text);
        if !latin.is_empty() {
            problems.push(format!("Latin {latin:?} in: {text}"));
        }
    }
    assert!(
        problems.is_empty(),
        "{} problems:\n{}",
        problems.len(),
        problems.join("\n")
    );
}

#[test]
fn x_words_the_checker_sees_a_nominative_after_a_preposition() {
    let rs = inflecting_ruleset();
    let names = names(&rs);
    let vienna = rs.space(SpaceId(0)).name_ru.clone();
    assert!(!wrong_cases(&format!("войска из {vienna} уходят"), &names).is_empty());
    assert!(wrong_cases("войска из Вены уходят в Вену", &names).is_empty());
    assert!(!wrong_cases("пленяет Герцог Альба", &names).is_empty());
    assert!(!latin_words("1 ОД and more").is_empty());
    assert!(!latin_words("стоит 2 CP").is_empty());
    assert!(latin_words("правило C-DIP-RANSOM, `units:1r`").is_empty());
}

// --- item 1: a standing answer that answers is not announced; the answer is

#[test]
fn x_words_an_applied_standing_answer_is_heard_as_the_decision_only() {
    use land_support::{arena, ok, put, FRANCE, SPAIN};
    use vqbot::engine::event::Visibility;
    use vqbot::engine::steps::Standing;
    use vqbot::engine::Action;
    let rs = common::rs();
    let mut g = arena(&[Power::Spain, Power::France], 16, 6);
    g.board.set_control(rs, common::sp("DIJON"), SPAIN);
    put(&mut g, "DIJON", SPAIN, 2, 0, 0);
    put(&mut g, "LYON", FRANCE, 3, 0, 0);
    let set = ok(
        &mut g,
        Power::France,
        Action::SetStanding {
            standing: Standing::NeverIntercept,
            on: true,
        },
    );
    assert!(
        set.iter().all(|e| e.vis == Visibility::only(Power::France)),
        "setting is private: {set:?}"
    );
    let ev = ok(
        &mut g,
        Power::Spain,
        land_support::mv("DIJON", "ORLEANS", 2, &[]),
    );
    let t = en();
    let public: Vec<String> = ev
        .iter()
        .filter(|e| e.vis == Visibility::Public)
        .map(|e| t.event(&e.kind))
        .collect();
    let public = public.join("\n");
    assert!(public.contains("France does not intercept."), "{public}");
    assert!(
        !public.contains("standing") && !public.contains("never intercept"),
        "{public}"
    );
    let applied = ev
        .iter()
        .find(|e| matches!(e.kind, EventKind::StandingApplied { .. }))
        .expect("the standing answer answered");
    assert_eq!(applied.vis, Visibility::only(Power::France));
}

// --- item 2: a ransom's cards are private to the two powers

#[test]
fn x_words_c_dip_ransom_names_the_cards_to_the_two_powers_only() {
    use vqbot::engine::event::Visibility;
    use vqbot::engine::Action;
    let rs = common::rs();
    let mut g = common::new_game(11);
    for s in g.board.spaces.iter_mut() {
        for f in s.forces.iter_mut() {
            f.leaders.retain(|l| l != "ALBA");
        }
    }
    g.off_map.retain(|l| l != "ALBA");
    g.captured.push(("ALBA".into(), Power::Ottoman));
    let ev = g
        .apply(
            rs,
            Power::Spain,
            &Action::Ransom {
                leader: "ALBA".into(),
                to: Some("MADRID".into()),
            },
        )
        .expect("ransom");
    let cards = ev
        .iter()
        .find_map(|e| match &e.kind {
            EventKind::RansomCards { cards, .. } => Some((e.vis, cards.clone())),
            _ => None,
        })
        .expect("the cards are told");
    assert!(cards.0.visible_to(Some(Power::Spain)) && cards.0.visible_to(Some(Power::Ottoman)));
    assert!(!cards.0.visible_to(Some(Power::France)) && !cards.0.visible_to(None));
    assert_ne!(cards.0, Visibility::Public);
    assert!(!cards.1.is_empty());
}

// --- item 6: a war on an allied minor is explained, not refused with the opposite of the rule

#[test]
fn x_words_a_war_on_an_allied_minor_says_how_it_is_made() {
    use vqbot::engine::power::Minor;
    let r = Refusal::MinorAlreadyAllied {
        minor: Minor::Scotland,
        ally: Power::France,
    };
    let text = en().refusal(&r);
    assert!(text.contains("`war target:france`"), "{text}");
    assert!(
        text.contains("a war on it is made by declaring war on its ally"),
        "{text}"
    );
    assert!(
        !text.contains("only a minor power without an ally"),
        "{text}"
    );
    for sample in Refusal::samples() {
        for loc in [Locale::En, Locale::Ru] {
            let text = Texts::new(common::rs(), loc).refusal(&sample);
            assert!(!text.contains(".csv"), "a data file is named: {text}");
        }
    }
}

// Issue 30 item 9: past forms agree with the place's gender: a foreign name that does not
// decline takes «город» (masculine), and the data's `ru_gender` settles names whose ending
// misleads (Булонь, Ла-Рошель feminine; Салоники plural).
#[test]
fn x_words_russian_past_forms_agree_with_the_gender_of_the_place() {
    let rs = common::rs();
    let t = Texts::new(rs, Locale::Ru);
    let past = |id: &str| t.ru_past(common::sp(id), "взят", "взята", "взято", "взяты");
    assert_eq!(past("CALAIS"), "взят");
    assert_eq!(past("BORDEAUX"), "взят");
    assert_eq!(past("TRIPOLI"), "взят");
    assert_eq!(past("MADRID"), "взят");
    assert_eq!(past("VIENNA"), "взята");
    assert_eq!(past("BOULOGNE"), "взята");
    assert_eq!(past("LA_ROCHELLE"), "взята");
    assert_eq!(past("SALONIKA"), "взяты");
    assert_eq!(past("ATHENS"), "взяты");
}

//! Every engine refusal has an English and a Russian text in the one catalogue
//! (`vqbot::table::messages`), and the engine's own text stays a terse fallback.

use crate::common;

use common::{rs, sp};
use std::collections::BTreeSet;
use vqbot::engine::game::Awaiting;
use vqbot::engine::refusal::LandCount;
use vqbot::engine::{ActionKind, Decision, Owner, Power, Refusal, RuleError, SpaceId};
use vqbot::table::messages::{Locale, Texts};

/// The variant ids of the refusal table (`Refusal::ids`, made from the same rows as the enum, so
/// a new variant comes with its id and at least one sample), each once.
fn table_ids() -> BTreeSet<String> {
    let ids = Refusal::ids();
    let set: BTreeSet<String> = ids.iter().map(|s| s.to_string()).collect();
    assert_eq!(set.len(), ids.len(), "two variants share an id");
    set
}

fn texts(r: &RuleError) -> (String, String) {
    (
        Texts::new(rs(), Locale::En).rule_error(r),
        Texts::new(rs(), Locale::Ru).rule_error(r),
    )
}

/// The two spaces the samples use.
fn sp0() -> SpaceId {
    SpaceId(0)
}
fn sp1() -> SpaceId {
    SpaceId(1)
}

fn has_cyrillic(s: &str) -> bool {
    s.chars().any(|c| ('\u{0400}'..='\u{04FF}').contains(&c))
}

/// Words of four or more Latin letters outside `code spans`, except upper-case ones (parts of
/// rule IDs).
fn latin_words(s: &str) -> BTreeSet<String> {
    s.split('`')
        .step_by(2)
        .flat_map(|part| part.split(|c: char| !c.is_ascii_alphabetic()))
        .filter(|w| w.len() >= 4 && w.chars().any(|c| c.is_ascii_lowercase()))
        .map(str::to_string)
        .collect()
}

#[test]
fn samples_cover_every_refusal_variant() {
    let samples = Refusal::samples();
    let ids: BTreeSet<String> = samples.iter().map(|r| r.id().to_string()).collect();
    assert_eq!(ids.len(), samples.len(), "two samples of one variant");
    assert_eq!(ids, table_ids());
}

#[test]
fn every_refusal_has_english_and_russian_texts() {
    // Latin words a Russian text may keep besides rule IDs and `code`: a file name, a game's
    // title.
    let allowed: BTreeSet<&str> = ["costs", "Here", "Stand"].into();
    for r in Refusal::samples() {
        let e = RuleError::Illegal(r.clone());
        let (en, ru) = texts(&e);
        for t in [&en, &ru] {
            assert!(!t.trim().is_empty(), "{r:?}: empty text");
            assert!(
                !t.contains('{') && !t.contains('}'),
                "{r:?}: placeholder left: {t}"
            );
            assert!(
                !t.contains("#0") || t.contains('«'),
                "{r:?}: raw index in {t}"
            );
        }
        assert_ne!(en, ru, "{r:?}: the same text in both languages");
        assert!(
            !has_cyrillic(&en),
            "{r:?}: Russian in the English text: {en}"
        );
        assert!(has_cyrillic(&ru), "{r:?}: no Russian in: {ru}");
        let leaked: Vec<String> = latin_words(&ru)
            .intersection(&latin_words(&en))
            .filter(|w| !allowed.contains(w.as_str()))
            .cloned()
            .collect();
        assert!(
            leaked.is_empty(),
            "{r:?}: English words {leaked:?} in: {ru}"
        );
        // Every name the English text gives, the Russian text gives in Russian (powers by stem:
        // "во Франции").
        for (en_name, ru_name) in [
            ("England", "Англи"),
            ("France", "Франци"),
            (
                rs().space(sp0()).name_en.as_str(),
                rs().space(sp0()).name_ru.as_str(),
            ),
            (
                rs().space(sp1()).name_en.as_str(),
                rs().space(sp1()).name_ru.as_str(),
            ),
        ] {
            // A space may be inflected after its preposition (issue 30 item 9): any of its
            // case forms counts.
            let forms: Vec<String> = rs()
                .spaces
                .iter()
                .find(|x| x.name_ru == ru_name)
                .map(|x| vec![x.ru.gen.clone(), x.ru.acc.clone(), x.ru.pre.clone()])
                .unwrap_or_default();
            if en.contains(en_name) {
                assert!(
                    ru.contains(ru_name)
                        || forms
                            .iter()
                            .any(|f| !f.is_empty() && ru.contains(f.as_str())),
                    "{r:?}: {ru_name} missing in: {ru}"
                );
            }
        }
        // The rule a refusal enforces is cited in both languages.
        if let Some(id) = r.rule() {
            assert!(
                en.ends_with(&format!("({id})")) && ru.ends_with(&format!("({id})")),
                "{en} / {ru}"
            );
        }
        // The engine's own text is the terse fallback: the variant id, no catalogue sentence.
        let terse = r.to_string();
        assert!(terse.starts_with(&r.id().replace('_', " ")), "{terse}");
        assert_ne!(terse, en);
    }
}

#[test]
fn turn_and_timing_errors_are_worded_in_both_languages() {
    let waiting = Awaiting::One {
        power: Power::England,
        decision: Decision::Impulse,
    };
    let e = RuleError::NotYourTurn {
        power: Power::Spain,
        waiting: waiting.clone(),
    };
    let (en, ru) = texts(&e);
    assert!(
        en.starts_with("it is not Spain's turn; waiting for England — "),
        "{en}"
    );
    assert!(
        ru.starts_with("сейчас не ход державы Испания; ждём: Англия — "),
        "{ru}"
    );
    let e = RuleError::WrongTime {
        action: ActionKind::Assault,
        waiting,
    };
    let (en, ru) = texts(&e);
    assert!(
        en.starts_with("an assault is not possible now; waiting for England"),
        "{en}"
    );
    assert!(ru.starts_with("сейчас нельзя: штурм; ждём: Англия"), "{ru}");
    // Every action kind has a name in both languages.
    for k in ActionKind::ALL {
        let (en, ru) = (
            Texts::new(rs(), Locale::En).action_kind(*k),
            Texts::new(rs(), Locale::Ru).action_kind(*k),
        );
        assert!(
            !en.is_empty() && has_cyrillic(ru) && !has_cyrillic(en),
            "{k:?}"
        );
    }
}

#[test]
fn unknown_names_say_what_was_looked_up_in_the_game_language() {
    let e = vqbot::engine::Game::resolve_space(rs(), "Парж").expect_err("no such space");
    let (en, ru) = texts(&e);
    assert!(en.starts_with("unknown space `Парж`"), "{en}");
    // The suggestion is in the language the name was typed in.
    assert!(
        ru.starts_with("не найдено: пространство `Парж`; может быть, Париж"),
        "{ru}"
    );
    assert!(
        !ru.contains("Paris") && !ru.contains("did you mean"),
        "{ru}"
    );
}

#[test]
fn the_terse_engine_text_names_spaces_by_data_id_when_given_the_ruleset() {
    let e = RuleError::Illegal(Refusal::NotAdjacent {
        from: sp("MADRID"),
        to: sp("PARIS"),
    });
    assert_eq!(e.with_ids(rs()).to_string(), "not adjacent: MADRID → PARIS");
    assert_eq!(
        e.to_string(),
        format!("not adjacent: #{} → #{}", sp("MADRID").0, sp("PARIS").0)
    );
}

/// Refusals whose English and Russian texts give their data in a different order: each value is
/// where it belongs in both.
#[test]
fn reordered_texts_put_each_value_in_its_place() {
    let (berwick, bristol) = (rs().space(sp0()), rs().space(sp1()));
    let (en, ru) = texts(&RuleError::Illegal(Refusal::NotEnoughUnits {
        power: Power::England,
        space: sp0(),
        have: LandCount::new(1u8, 2u8, 0u8),
        asked: LandCount::new(3u8, 0u8, 0u8),
    }));
    assert_eq!(
        en,
        format!(
            "England has 1 regular, 2 mercenaries, 0 cavalry in {}; asked for 3 regulars, 0 mercenaries, 0 cavalry",
            berwick.name_en
        )
    );
    assert_eq!(
        ru,
        format!(
            "у державы Англия в пространстве {}: регуляры — 1, наёмники — 2, кавалерия — 0; запрошено: регуляры — 3, наёмники — 0, кавалерия — 0",
            berwick.name_ru
        )
    );
    let (en, ru) = texts(&RuleError::Illegal(Refusal::NeutralUnits {
        power: Power::England,
        space: sp1(),
        owner: Owner::Major(Power::France),
    }));
    assert!(
        en.starts_with(&format!(
            "France has units in {} and is not at war with England",
            bristol.name_en
        )),
        "{en}"
    );
    assert!(
        ru.starts_with(&format!(
            "в пространстве {} стоят войска, с владельцем которых держава Англия не воюет: Франция",
            bristol.name_ru
        )),
        "{ru}"
    );
    let (en, ru) = texts(&RuleError::Illegal(Refusal::NoUnitsNear {
        power: Power::England,
        space: sp1(),
    }));
    assert!(
        en.starts_with(&format!(
            "England needs land units in or next to {}",
            bristol.name_en
        )),
        "{en}"
    );
    assert!(
        ru.starts_with(&format!(
            "чтобы взять под контроль пространство {}, держава Англия",
            bristol.name_ru
        )),
        "{ru}"
    );
    let (en, ru) = texts(&RuleError::Illegal(Refusal::RevoltOtherUnits {
        space: sp1(),
        owner: Owner::Major(Power::France),
    }));
    assert!(
        en.starts_with(&format!("France holds land units in {}", bristol.name_en)),
        "{en}"
    );
    assert!(
        ru.starts_with(&format!(
            "в пространстве {} стоят сухопутные войска: Франция",
            bristol.name_ru
        )),
        "{ru}"
    );
}

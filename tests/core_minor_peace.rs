//! How a war on a minor power with no ally ends (issue 14): the attacker makes peace with it in
//! Diplomacy (C-DIP-PEACE, our reading X-DIP-MINOR-PEACE: the minor has no player to accept),
//! after which the peace lock holds as between majors (C-DIP-WAR-LIMITS); or the minor gains a
//! major ally. Played as a table of players types it, in English and in Russian.

use crate::table_support;

use table_support::*;
use vqbot::engine::power::Minor;
use vqbot::engine::ruleset::CardKind;
use vqbot::engine::turn_data::ids;
use vqbot::engine::{Action, Power};

fn minor_wars(t: &vqbot::table::Table) -> Vec<(Power, Minor)> {
    t.game(CH).expect("a game").board.minor_wars
}

// C-DIP-PEACE: the power at war with an unallied minor ends the war in Diplomacy; somebody not at
// war with it is refused with what it may do; status lists the war while it lasts.
#[test]
fn c_dip_peace_with_an_unallied_minor_ends_the_war() {
    let t = table(31);
    start_three(&t, "vq new");
    // Scotland starts as France's ally: made inactive, then at war with England (manual fixes).
    ok(&t, "alice", "vq adjust what:minor minor:scotland");
    let out = ok(
        &t,
        "alice",
        "vq adjust what:relation target:england other:scotland status:war",
    );
    assert!(
        public(&out).contains("England and Scotland: war"),
        "{}",
        public(&out)
    );
    assert_eq!(minor_wars(&t), vec![(Power::England, Minor::Scotland)]);
    let s = public(&ok(&t, "dave", "vq status"));
    assert!(s.contains("Wars: England – Scotland"), "{s}");
    // The war is listed among England's legal actions, not France's.
    let g = t.game(CH).expect("a game");
    let peace = Action::PeaceWithMinor {
        minor: Minor::Scotland,
    };
    assert!(g.legal_actions(&rs(), Power::England).contains(&peace));
    assert!(!g.legal_actions(&rs(), Power::France).contains(&peace));
    // France is not at war with Scotland; England is not at war with Venice.
    let m = refused(&t, "bob", "vq peace target:scotland");
    assert!(m.contains("C-DIP-PEACE"), "{m}");
    assert!(m.contains("nor with any minor power"), "{m}");
    let m = refused(&t, "alice", "vq peace target:venice");
    assert!(m.contains("may make peace with: Scotland"), "{m}");
    let out = ok(&t, "alice", "vq peace target:scotland");
    assert!(
        public(&out).contains("England makes peace with Scotland; the war between them is over."),
        "{}",
        public(&out)
    );
    assert!(minor_wars(&t).is_empty());
    let s = public(&ok(&t, "dave", "vq status"));
    assert!(s.contains("Wars: none"), "{s}");
}

// C-DIP-WAR-LIMITS: after peace with a minor, a new war on it waits as long as between majors
// (`peace_lock_turns`): refused with the rule, not offered among the legal actions; allowed again
// from the turn the refusal names.
#[test]
fn c_dip_war_limits_no_new_war_on_a_minor_just_made_peace_with() {
    let t = table(32);
    start_three(&t, "vq new");
    ok(&t, "alice", "vq adjust what:minor minor:scotland");
    ok(
        &t,
        "alice",
        "vq adjust what:relation target:england other:scotland status:war",
    );
    ok(&t, "alice", "vq peace target:scotland");
    let g = t.game(CH).expect("a game");
    let lock = rs().turn.number(ids::PEACE_LOCK_TURNS) as u8;
    let from = g.turn + lock + 1;
    let m = refused(&t, "alice", "vq war target:scotland");
    assert!(m.contains("C-DIP-WAR-LIMITS"), "{m}");
    assert!(
        m.contains(&format!(
            "England made peace with Scotland on turn {}; a new war on it is allowed from turn {from}",
            g.turn
        )),
        "{m}"
    );
    let war_on_scotland = |g: &vqbot::engine::Game| {
        g.legal_actions(&rs(), Power::England).iter().any(|a| {
            matches!(
                a,
                Action::WarOnMinor {
                    minor: Minor::Scotland,
                    ..
                }
            )
        })
    };
    assert!(!war_on_scotland(&g));
    // From the turn named, the war is offered again (with each card that pays for it).
    let mut later = g.clone();
    later.turn = from;
    let cost = rs()
        .turn
        .minor_war_cost(Power::England, Minor::Scotland)
        .expect("England may declare war on Scotland");
    if later.war_cards(&rs(), Power::England, cost).is_empty() {
        let big = later
            .deck
            .iter()
            .copied()
            .find(|c| {
                rs().card(*c)
                    .is_some_and(|x| x.cp >= cost && x.kind == CardKind::Event)
            })
            .expect("a card in the deck worth the war");
        later.deck.retain(|c| *c != big);
        later.hands[Power::England as usize].push(big);
    }
    assert!(war_on_scotland(&later));
    assert!(!war_on_scotland(&g));
    assert!(later
        .legal_actions(&rs(), Power::England)
        .iter()
        .all(|a| !matches!(a, Action::PeaceWithMinor { .. })));
}

// C-DIP-WAR-LIMITS: a minor that gains a major ally (here by `adjust`) is no longer at war on its
// own: the war on it ends, announced after the adjustment. A war on a minor with an ally is
// refused (it is a war on the ally).
#[test]
fn c_dip_war_limits_an_ally_for_the_minor_ends_the_war_on_it() {
    let t = table(33);
    start_three(&t, "vq new");
    let m = refused(
        &t,
        "alice",
        "vq adjust what:relation target:england other:scotland status:war",
    );
    assert!(m.contains("France"), "{m}");
    ok(&t, "alice", "vq adjust what:minor minor:scotland");
    ok(
        &t,
        "alice",
        "vq adjust what:relation target:england other:scotland status:war",
    );
    let out = ok(
        &t,
        "bob",
        "vq adjust what:minor minor:scotland target:france",
    );
    let text = public(&out);
    let adjusted = text.find("Scotland allied to").expect("the adjustment");
    let ended = text
        .find("The war of England on Scotland ends: Scotland is now allied to France.")
        .unwrap_or_else(|| panic!("{text}"));
    assert!(adjusted < ended, "{text}");
    assert!(minor_wars(&t).is_empty());
    // `status:alliance` naming a minor makes it the major's ally; `status:peace` with no war is
    // refused as there is nothing to end.
    ok(
        &t,
        "alice",
        "vq adjust what:relation target:england other:scotland status:alliance",
    );
    let g = t.game(CH).expect("a game");
    assert_eq!(g.board.minor_ally(Minor::Scotland), Some(Power::England));
    ok(&t, "alice", "vq adjust what:minor minor:scotland");
    let m = refused(
        &t,
        "alice",
        "vq adjust what:relation target:england other:scotland status:peace",
    );
    assert!(m.contains("there is no war to end"), "{m}");
}

// C-DIP-PEACE in Russian: the command's Russian names and the announcement.
#[test]
fn c_dip_peace_with_a_minor_in_russian() {
    let t = table(34);
    start_three(&t, "vq new locale:ru");
    ok(&t, "alice", "vq adjust what:minor minor:scotland");
    ok(
        &t,
        "alice",
        "vq adjust what:relation target:england other:scotland status:war",
    );
    let s = public(&ok(&t, "dave", "vq status"));
    assert!(s.contains("Войны: Англия – Шотландия"), "{s}");
    let out = ok(&t, "alice", "vq мир с:шотландия");
    assert!(
        public(&out).contains("Англия заключает мир с державой Шотландия"),
        "{}",
        public(&out)
    );
    assert!(minor_wars(&t).is_empty());
}

//! `vq status` shows the diplomatic situation at a glance (issue 14 item 5; issue 16 item 6):
//! wars, alliances, allied minors, captured leaders, leaders by stack, and whose impulse it is
//! with the CP left, in English and in Russian.

use crate::table_support;

use table_support::*;

#[test]
fn status_shows_wars_alliances_minors_leaders_and_the_impulse() {
    let t = table(3);
    start_three(&t, "vq new");
    ok(&t, "alice", "vq ally target:france");
    ok(&t, "bob", "vq accept from:england");
    ok(
        &t,
        "alice",
        "vq adjust what:relation target:france other:spain status:war",
    );
    let s = public(&ok(&t, "dave", "vq status"));
    assert!(s.contains("Wars: Spain – France"), "{s}");
    assert!(s.contains("Alliances: England – France"), "{s}");
    assert!(s.contains("Minor powers: Scotland → France"), "{s}");
    assert!(s.contains("Captured leaders: none"), "{s}");
    assert!(s.contains("Paris: Francis, Duke of Guise"), "{s}");
    for who in ["alice", "bob", "carol", "carol", "alice", "bob"] {
        ok(&t, who, "vq done");
    }
    let s = public(&ok(&t, "dave", "vq status"));
    assert!(s.contains("Impulse: Spain"), "{s}");
    ok(&t, "carol", "vq play card:2 as:cp");
    let s = public(&ok(&t, "dave", "vq status"));
    assert!(s.contains("Impulse: Spain, 5 CP left"), "{s}");
}

#[test]
fn status_in_russian() {
    let t = table(4);
    start_three(&t, "vq new locale:ru");
    let s = public(&ok(&t, "dave", "vq status"));
    for w in [
        "Войны: ",
        "Союзы: ",
        "Малые державы: ",
        "Пленные лидеры: нет",
        "Лидеры: ",
        "Вера (протестантских/католических пространств): ",
    ] {
        assert!(s.contains(w), "{w} missing in {s}");
    }
}

// R-REL-ZONES, R-PROT-CAPITAL: status tallies each zone's Protestant and Catholic spaces and names
// the Protestant capitals; the tally follows a change of religion.
#[test]
fn status_shows_the_religious_zones_and_protestant_capitals() {
    let t = table(5);
    start_three(&t, "vq new");
    let s = public(&ok(&t, "dave", "vq status"));
    assert!(s.contains("Netherlands 0/7"), "{s}");
    assert!(s.contains("Protestant capitals: none"), "{s}");
    ok(
        &t,
        "alice",
        "vq adjust what:religion space:groningen religion:protestant",
    );
    let s = public(&ok(&t, "dave", "vq status"));
    assert!(s.contains("Netherlands 1/6"), "{s}");
}

//! `vq status` shows the diplomatic situation at a glance (issue 14 item 5; issue 16 item 6):
//! wars, alliances, allied minors, captured leaders, leaders by stack, and whose impulse it is
//! with the CP left, in English and in Russian.

mod table_support;

use table_support::*;

fn start(t: &vqbot::table::Table, new: &str) {
    ok(t, "alice", new);
    ok(t, "alice", "vq join power:england");
    ok(t, "bob", "vq join power:france");
    ok(t, "carol", "vq join power:spain");
    ok(t, "alice", "vq start");
}

#[test]
fn status_shows_wars_alliances_minors_leaders_and_the_impulse() {
    let t = table(3);
    start(&t, "vq new");
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
    start(&t, "vq new locale:ru");
    let s = public(&ok(&t, "dave", "vq status"));
    for w in [
        "Войны: ",
        "Союзы: ",
        "Малые державы: ",
        "Пленные лидеры: нет",
        "Полководцы: ",
    ] {
        assert!(s.contains(w), "{w} missing in {s}");
    }
}

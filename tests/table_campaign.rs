//! Issue 29, items 1 and 2 at the table: the reminder setting and its bad input, quiet hours
//! moving a reminder to their end, one catch-up after downtime, and the dashboard's text (public
//! facts only, never a hand).

use crate::table_support;

use table_support::*;
use vqbot::table::reminders::{MAX_REMINDERS, MAX_REMIND_S, MIN_REMIND_S};
use vqbot::table::Audience;

/// 2026-12-02 10:00 UTC.
const T0: i64 = 1_796_205_600_000;
const HOUR: i64 = 3_600_000;

fn reply(out: &vqbot::table::Outbox, name: &str) -> String {
    out.text_for(Audience::Reply(uid(name)))
}

/// Alice (England) and Bob (France) started; alice is done with diplomacy, so the game waits
/// for bob alone. The table noted the wait at `at`.
fn waiting_for_bob(t: &vqbot::table::Table, at: i64) {
    ok(t, "alice", "vq new");
    ok(t, "alice", "vq join power:england");
    ok(t, "bob", "vq join power:france");
    ok(t, "alice", "vq start");
    assert!(t.observe_wait(CH, uid("alice"), at));
    ok(t, "alice", "vq done");
    t.observe_wait(CH, uid("alice"), at);
    let waits = t.waits(CH);
    assert_eq!(waits.len(), 1, "{waits:?}");
    assert_eq!(waits[0].0, uid("bob"));
}

#[test]
fn x_campaign_new_offers_reminders_which_are_off_by_default() {
    let t = table(1);
    let out = ok(&t, "alice", "vq new");
    let text = public(&out);
    assert!(
        text.contains("Reminders are off") && text.contains("`settings remind:12h`"),
        "{text}"
    );
    ok(&t, "alice", "vq join power:england");
    let out = ok(&t, "alice", "vq settings");
    assert!(
        reply(&out, "alice").contains("Reminders are off."),
        "{out:?}"
    );
}

// Bad input: a reminder interval out of range (or unreadable), quiet hours that are not two
// different hours: refused with what is allowed, and nothing changes.
#[test]
fn x_campaign_a_reminder_interval_out_of_range_is_refused_and_changes_nothing() {
    let t = table(2);
    ok(&t, "alice", "vq new");
    ok(&t, "alice", "vq join power:england");
    for bad in [
        "remind:5m",
        "remind:30d",
        "remind:soon",
        "quiet:25-3",
        "quiet:7-7",
    ] {
        let text = refused(&t, "alice", &format!("vq settings {bad}"));
        assert!(text.contains("is not valid"), "{bad}: {text}");
        if bad.starts_with("remind") {
            assert!(
                text.contains(&format!(
                    "from {} h to {} d",
                    MIN_REMIND_S / 3600,
                    MAX_REMIND_S / 86_400
                )) && text.contains("`off`"),
                "{bad}: {text}"
            );
        } else {
            assert!(text.contains("`22-7`"), "{bad}: {text}");
        }
    }
    let out = ok(&t, "alice", "vq settings");
    assert!(reply(&out, "alice").contains("Reminders are off."));
    assert!(reply(&out, "alice").contains("no quiet hours"));
    // Someone not at the table may not change it.
    let text = refused(&t, "mallory", "vq settings remind:12h");
    assert!(!text.is_empty());
    // A good value is announced with what it changed.
    let out = ok(&t, "alice", "vq settings remind:12h");
    let text = public(&out);
    assert!(
        text.contains("after 12 h") && text.contains("1 d") && text.contains("2 d"),
        "{text}"
    );
}

#[test]
fn x_campaign_a_reminder_is_due_after_the_interval_then_doubles_and_stops() {
    let t = table(3);
    waiting_for_bob(&t, T0);
    ok(&t, "alice", "vq settings remind:12h");
    assert!(t.due_reminders(T0 + 12 * HOUR - 1).is_empty());
    let due = t.due_reminders(T0 + 12 * HOUR);
    assert_eq!(due.len(), 1);
    let (game, ch) = due[0];
    let r = t.take_reminders(game, ch, T0 + 12 * HOUR).expect("due");
    assert_eq!(r.reminders.len(), 1);
    assert_eq!(r.reminders[0].user, uid("bob"));
    assert!(
        r.reminders[0].dm.contains("Reminder 1/3"),
        "{}",
        r.reminders[0].dm
    );
    // The channel line says whom and since when; nothing of a hand.
    assert!(
        r.line.contains("France (bob)")
            && r.line.contains("2026-12-02 10:00 UTC")
            && r.line.contains("12 h"),
        "{}",
        r.line
    );
    // Taken: not due again at once.
    assert!(t.take_reminders(game, ch, T0 + 12 * HOUR).is_none());
    // Downtime of five days: one catch-up, counted from then.
    let late = T0 + 12 * HOUR + 5 * 24 * HOUR;
    let r = t.take_reminders(game, ch, late).expect("the catch-up");
    assert!(r.reminders[0].dm.contains("Reminder 2/3"));
    assert!(
        t.take_reminders(game, ch, late + HOUR).is_none(),
        "one catch-up only"
    );
    assert!(t.take_reminders(game, ch, late + 47 * HOUR).is_none());
    let r = t
        .take_reminders(game, ch, late + 48 * HOUR)
        .expect("the third");
    assert!(r.reminders[0]
        .dm
        .contains(&format!("Reminder 3/{MAX_REMINDERS}")));
    // Bounded: no fourth.
    assert!(t.due_reminders(late + 1000 * HOUR).is_empty());
    // Bob acts: his wait is over, and whoever is awaited next starts a fresh wait.
    ok(&t, "bob", "vq done");
    t.observe_wait(CH, uid("bob"), late + 1000 * HOUR);
    assert!(
        t.waits(CH).iter().all(|w| w.2 == late + 1000 * HOUR),
        "{:?}",
        t.waits(CH)
    );
}

#[test]
fn x_campaign_quiet_hours_move_a_reminder_to_their_end() {
    let t = table(4);
    waiting_for_bob(&t, T0);
    ok(&t, "alice", "vq settings remind:12h");
    // Due at 22:00 UTC, inside bob's quiet hours 21-7: moved to 07:00 the next day.
    let out = ok(&t, "bob", "vq settings quiet:21-7");
    assert!(public(&out).contains("21:00–07:00 UTC"), "{}", public(&out));
    assert!(t.due_reminders(T0 + 12 * HOUR).is_empty());
    let morning = T0 + 21 * HOUR; // 07:00 UTC
    assert!(t.due_reminders(morning - 1).is_empty());
    let (game, ch) = t.due_reminders(morning)[0];
    let r = t
        .take_reminders(game, ch, morning)
        .expect("due after the quiet hours");
    assert_eq!(r.reminders[0].user, uid("bob"));
}

// Item 2: the dashboard shows turn, phase, who acts and since when, VP, wars and alliances and
// cards in hand per power (counts), never a card of a hand.
#[test]
fn x_campaign_the_dashboard_shows_the_game_at_a_glance_and_never_a_hand() {
    let t = table(5);
    waiting_for_bob(&t, T0);
    let out = ok(&t, "bob", "vq dashboard");
    let text = reply(&out, "bob");
    for part in [
        "dashboard",
        "Turn 1",
        "France (bob)",
        "Waiting since 2026-12-02 10:00 UTC",
        "VP",
        "Wars:",
        "Alliances:",
        "cards in hand:",
    ] {
        assert!(text.contains(part), "{part}: {text}");
    }
    let g = t.game(CH).expect("started");
    let rs = rs();
    for hand in &g.hands {
        for c in hand {
            let name = rs.card(*c).map(|c| c.name_en.clone()).unwrap_or_default();
            assert!(
                name.len() < 4 || !text.contains(&name),
                "a card of a hand shows: {name}"
            );
        }
    }
    // Before `start` there is nothing to show.
    let t = table(6);
    ok(&t, "alice", "vq new");
    let text = refused(&t, "alice", "vq dashboard");
    assert!(!text.is_empty());
}

//! Issue 29 across restarts, at the table on SQLite: nothing a campaign was told is lost when the
//! bot stops — "since your last turn" digests, a replacement request with its agreements, each
//! power's last action — and the timers cover every stored game, not only those in memory: a
//! deputy's period that ends while its game is not loaded ends, a reminder of an unloaded game
//! is due, and a game whose end was stored just before a crash gets its end and archive at the
//! next start. Reopening the file is the restart; a [`ManualClock`] is the time.

use std::time::Duration;

use crate::table_support;

use table_support::*;
use vqbot::engine::Power;
use vqbot::table::clock::ManualClock;
use vqbot::table::{Audience, Outbox, Table, TableOptions};

/// 2026-12-02 08:00 UTC.
const T0: i64 = 1_796_198_400_000;
const HOUR: i64 = 3_600_000;

fn mention(name: &str) -> String {
    format!("<@{}>", uid(name))
}

/// The table on `db`, seed `seed`, the fake renderer, reading `clock`: opening it again on the
/// same file is a restart.
fn open(db: &std::path::Path, seed: u64, clock: &ManualClock) -> Table {
    let store = vqbot::table::sqlite::open(db).expect("store opens");
    Table::new(
        rs(),
        store,
        TableOptions {
            seed: Some(seed),
            renderer: Some(fake_renderer()),
            ..TableOptions::default()
        },
    )
    .with_clock(clock.clock())
}

/// The next legal action for whoever the game waits for (diplomacy ended at once, otherwise
/// the first legal action), as a command line, and who sends it.
fn next_line(t: &Table, who: impl Fn(Power) -> &'static str) -> Option<(&'static str, String)> {
    use vqbot::engine::{Action, Awaiting};
    let g = t.game(CH)?;
    let p = match g.awaiting() {
        Awaiting::Over { .. } => return None,
        Awaiting::One { power, .. } => power,
        Awaiting::Simultaneous { pending, .. } => pending.iter().next()?,
    };
    let legal = g.legal_actions(&rs(), p);
    let a = legal
        .iter()
        .find(|a| matches!(a, Action::DoneDiplomacy | Action::Decline { .. }))
        .unwrap_or(&legal[0])
        .clone();
    let line = format!(
        "vq {}",
        vqbot::table::convert::action_line(&a, p, false).expect("a command")
    );
    Some((who(p), line))
}

fn england_alice(p: Power) -> &'static str {
    if p == Power::England {
        "alice"
    } else {
        "bob"
    }
}

/// Every text of an outbox (a refusal is a reply).
fn public_or_reply(out: &Outbox) -> String {
    out.messages
        .iter()
        .map(|m| m.text.as_str())
        .collect::<Vec<_>>()
        .join("\n")
}

fn dm(out: &Outbox, name: &str) -> String {
    out.text_for(Audience::Dm(uid(name)))
}

/// England (alice) and France (bob), started.
fn two_player(t: &Table) {
    ok(t, "alice", "vq new");
    ok(t, "alice", "vq join power:england");
    ok(t, "bob", "vq join power:france");
    ok(t, "alice", "vq start");
    for n in ["dave", "frank"] {
        ok(t, n, "vq status");
    }
}

/// The same game played twice, once without a stop and once with a restart after every
/// action: each player's DMs (hands and "since your last turn" digests) are the same, so a
/// digest after a restart still starts from the player's last action.
#[test]
fn x_campaign_digests_survive_a_restart_after_every_action() {
    let dir = tempfile::tempdir().expect("temp dir");
    let (calm, restarted) = (
        dir.path().join("calm.sqlite3"),
        dir.path().join("re.sqlite3"),
    );
    let clock = ManualClock::at(T0);
    let steady = open(&calm, 46, &clock);
    two_player(&steady);
    {
        let t = open(&restarted, 46, &clock);
        two_player(&t);
    }
    let (mut calm_dms, mut re_dms) = (String::new(), String::new());
    for _ in 0..10 {
        let Some((who, line)) = next_line(&steady, england_alice) else {
            break;
        };
        let a = ok(&steady, who, &line);
        let t = open(&restarted, 46, &clock);
        let b = ok(&t, who, &line);
        for name in ["alice", "bob"] {
            calm_dms += &dm(&a, name);
            re_dms += &dm(&b, name);
        }
    }
    assert!(
        calm_dms.contains("Since your last turn"),
        "the run has a digest: {calm_dms}"
    );
    assert_eq!(calm_dms, re_dms, "a restart loses no digest line");
}

/// A replacement asked for before a restart is completed after it, and England's inactivity
/// counts from its real last action, not from the restart.
#[test]
fn x_campaign_a_replacement_request_and_the_last_actions_survive_a_restart() {
    let dir = tempfile::tempdir().expect("temp dir");
    let db = dir.path().join("games.sqlite3");
    let clock = ManualClock::at(T0);
    let ask = format!("vq replace power:england user:{}", mention("frank"));
    {
        let t = open(&db, 45, &clock);
        ok(&t, "alice", "vq new");
        ok(&t, "alice", "vq join power:england");
        ok(&t, "bob", "vq join power:france");
        ok(&t, "carol", "vq join power:spain");
        ok(&t, "alice", "vq start");
        ok(&t, "frank", "vq status");
        ok(&t, "alice", "vq replace after:3d");
    }
    // England has been idle four days when the bot comes back: no need to wait three more.
    clock.advance(Duration::from_secs(4 * 24 * 3600));
    {
        let t = open(&db, 45, &clock);
        let out = say(&t, "bob", &ask);
        assert!(!out.refused, "{out:#?}");
        assert!(
            public(&out).contains("still to agree: carol"),
            "{}",
            public(&out)
        );
    }
    // Restarted again: bob's agreement is remembered; carol's completes the request.
    let t = open(&db, 45, &clock);
    let again = say(&t, "bob", &ask);
    assert!(
        again.refused && public_or_reply(&again).contains("agreed already"),
        "{again:#?}"
    );
    let out = ok(&t, "carol", &ask);
    assert!(
        public(&out).contains("**frank** takes England from alice, as bob, carol agreed"),
        "{}",
        public(&out)
    );
    assert!(dm(&out, "frank").contains("Your hand (England)"));
    assert_eq!(t.seats(CH).get(&Power::England), Some(&uid("frank")));
}

/// A deputyship that ends while its game is not in memory (nothing was said in the channel
/// since the restart) is ended by the timer's call, which loads the game.
#[test]
fn x_campaign_a_deputy_period_ends_while_its_game_is_not_loaded() {
    let dir = tempfile::tempdir().expect("temp dir");
    let db = dir.path().join("games.sqlite3");
    let clock = ManualClock::at(T0);
    {
        let t = open(&db, 41, &clock);
        two_player(&t);
        ok(
            &t,
            "alice",
            &format!("vq deputy user:{} until:1d", mention("dave")),
        );
    }
    let t = open(&db, 41, &clock);
    assert!(t.expire_due().is_empty(), "not yet");
    clock.advance(Duration::from_secs(24 * 3600 + 1));
    let due = t.expire_due();
    assert_eq!(due.len(), 1, "{due:?}");
    assert_eq!(due[0].0, CH);
    assert!(
        due[0]
            .1
            .join("\n")
            .contains("**dave**'s time as deputy for England is over"),
        "{due:?}"
    );
    assert!(t.expire_due().is_empty(), "said once");
    let r = refused(&t, "dave", "vq hand");
    assert!(r.contains("you hold no power"), "{r}");
}

/// A reminder due for a game nobody loaded since the restart is found in the store and taken.
#[test]
fn x_campaign_a_reminder_of_an_unloaded_game_is_due() {
    let dir = tempfile::tempdir().expect("temp dir");
    let db = dir.path().join("games.sqlite3");
    let clock = ManualClock::at(T0);
    {
        let t = open(&db, 42, &clock);
        two_player(&t);
        ok(&t, "alice", "vq settings remind:12h");
        assert!(t.observe_wait(CH, uid("alice"), T0));
    }
    let t = open(&db, 42, &clock);
    let due = t.due_reminders(T0 + 12 * HOUR);
    assert_eq!(due.len(), 1, "{due:?}");
    let (game, ch) = due[0];
    let round = t
        .take_reminders(game, ch, T0 + 12 * HOUR)
        .expect("a round for the unloaded game");
    assert!(round.line.contains("The game waits for"), "{}", round.line);
    assert!(!round.reminders.is_empty());
}

/// The game's last action was stored, then the bot stopped before it stored the end (the
/// status is a second write): at the next start the end is found, the seed revealed and the
/// archive posted, once.
#[test]
fn x_campaign_an_end_stored_before_a_crash_gets_its_archive_at_the_next_start() {
    let dir = tempfile::tempdir().expect("temp dir");
    let db = dir.path().join("games.sqlite3");
    let clock = ManualClock::at(T0);
    let id = {
        let t = open(&db, 47, &clock);
        ok(&t, "alice", "vq new");
        ok(&t, "alice", "vq join power:england");
        ok(&t, "bob", "vq join power:protestant");
        ok(&t, "alice", "vq start");
        for _ in 0..3 {
            if let Some((who, line)) =
                next_line(&t, |p| if p == Power::England { "alice" } else { "bob" })
            {
                ok(&t, who, &line);
            }
        }
        let store = vqbot::store::Store::open(&db).expect("opens");
        let id = game_id(&store);
        drop(store);
        let mut last = None;
        for space in ["paris", "lyon", "bordeaux", "rouen", "marseille"] {
            last = Some(ok(
                &t,
                "bob",
                &format!("vq adjust what:control space:{space} owner:protestant"),
            ));
        }
        assert!(public(&last.expect("ran")).contains("The campaign is over"));
        id
    };
    // The crash: the end's own write is lost.
    {
        let conn = rusqlite::Connection::open(&db).expect("opens");
        conn.execute("UPDATE games SET status = 'active' WHERE id = ?1", [id.0])
            .expect("updates");
    }
    let t = open(&db, 47, &clock);
    let ended = t.catch_up_endings();
    assert_eq!(ended.len(), 1, "one game ended before the restart");
    let (ch, _loc, out) = &ended[0];
    assert_eq!(*ch, CH);
    let text = public(out);
    assert!(text.contains("The campaign is over"), "{text}");
    assert!(text.contains("Seed `"), "{text}");
    assert!(
        out.images().any(|i| i.name.ends_with(".zip")),
        "the archive is posted"
    );
    // --- campaign (issue 29): offered again until the front end says it is posted (a crash
    // before the post loses nothing), then never again.
    assert_eq!(out.ended, Some(id.0));
    let again = t.catch_up_endings();
    assert_eq!(again.len(), 1, "not posted yet: offered again");
    t.end_posted(id.0);
    assert!(t.catch_up_endings().is_empty(), "posted: once");
}

/// A player's private hand thread (issue 29, item 5) and a held announcement (issue 32) are
/// still known after a restart; a held announcement is taken once.
#[test]
fn x_campaign_hand_threads_and_held_announcements_survive_a_restart() {
    let dir = tempfile::tempdir().expect("temp dir");
    let db = dir.path().join("games.sqlite3");
    let clock = ManualClock::at(T0);
    {
        let t = open(&db, 1, &clock);
        t.set_hand_thread(CH, uid("bob"), 777);
        t.hold_posts(CH, &["first".to_string(), "second".to_string()]);
    }
    let t = open(&db, 1, &clock);
    assert_eq!(t.hand_thread(CH, uid("bob")), Some(777));
    assert_eq!(t.hand_thread(CH, uid("alice")), None);
    assert_eq!(t.take_held_posts(CH), vec!["first", "second"]);
    assert!(t.take_held_posts(CH).is_empty(), "taken once");
}

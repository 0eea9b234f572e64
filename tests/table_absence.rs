//! Issue 29 at the table: deputies (acting for a power, holding its hand by DM while the
//! deputyship lasts, ending by themselves on a test clock), replacement of an inactive player by
//! everyone else's consent, spectators (never a hand, refused an action), "since your last
//! turn" digests, and the end-of-campaign archive. Privacy first: only the seated player and
//! its current deputy ever see a hand.

use std::io::Read;
use std::time::Duration;

use crate::table_support;

use table_support::*;
use vqbot::engine::Power;
use vqbot::table::absence::ManualClock;
use vqbot::table::{Audience, Outbox, Table};

/// 2026-12-02 08:00 UTC.
const T0: i64 = 1_796_198_400_000;

fn clocked(seed: u64) -> (Table, ManualClock) {
    let clock = ManualClock::new(T0);
    (table(seed).with_clock(clock.clock()), clock)
}

fn mention(name: &str) -> String {
    format!("<@{}>", uid(name))
}

/// Every DM text of an outbox to `name`.
fn dm(out: &Outbox, name: &str) -> String {
    out.text_for(Audience::Dm(uid(name)))
}

/// Every text of an outbox that `name` may read: the channel, their DMs and replies.
fn seen_by(out: &Outbox, name: &str) -> String {
    let u = uid(name);
    out.messages
        .iter()
        .filter(|m| {
            matches!(m.to, Audience::Channel)
                || m.to == Audience::Dm(u)
                || m.to == Audience::Reply(u)
        })
        .map(|m| m.text.as_str())
        .collect::<Vec<_>>()
        .join("\n")
}

/// England (alice) and France (bob), started; dave and erin have spoken once, so the table
/// knows their names.
fn two_player(t: &Table) {
    ok(t, "alice", "vq new");
    ok(t, "alice", "vq join power:england");
    ok(t, "bob", "vq join power:france");
    ok(t, "alice", "vq start");
    for n in ["dave", "erin", "frank"] {
        ok(t, n, "vq status");
    }
}

/// Plays `n` legal actions (diplomacy ended at once, otherwise the first legal action) for
/// whoever the game waits for, as that player; returns every outbox.
fn advance(t: &Table, n: usize, who: impl Fn(Power) -> &'static str) -> Vec<Outbox> {
    use vqbot::engine::{Action, Awaiting};
    let mut outs = Vec::new();
    for _ in 0..n {
        let g = t.game(CH).expect("started");
        let p = match g.awaiting() {
            Awaiting::Over { .. } => break,
            Awaiting::One { power, .. } => power,
            Awaiting::Simultaneous { pending, .. } => pending.iter().next().expect("someone"),
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
        outs.push(ok(t, who(p), &line));
    }
    outs
}

#[test]
fn a_deputy_acts_and_holds_the_hand_until_the_end_of_the_period() {
    let (t, clock) = clocked(41);
    two_player(&t);
    let out = ok(
        &t,
        "alice",
        &format!("vq deputy user:{} until:2d", mention("dave")),
    );
    let named = public(&out);
    assert!(
        named.contains("alice names **dave** deputy for England until 2026-12-04 08:00 UTC"),
        "{named}"
    );
    // The hand goes to the deputy, privately, and nowhere else.
    let to_dave = dm(&out, "dave");
    assert!(to_dave.contains("Your hand (England)"), "{to_dave}");
    assert!(!named.contains("Your hand"), "{named}");
    let alices_hand = dm(&ok(&t, "alice", "vq hand"), "alice");
    assert!(
        to_dave.contains(&alices_hand),
        "the same hand: {alices_hand} / {to_dave}"
    );
    // The deputy asks for the hand again, and acts for England.
    assert!(dm(&ok(&t, "dave", "vq hand"), "dave").contains("Your hand (England)"));
    let outs = advance(&t, 2, |p| if p == Power::England { "dave" } else { "bob" });
    assert!(outs.iter().all(|o| !o.refused));
    // A spectator never sees a hand.
    ok(&t, "erin", "vq watch");
    assert!(refused(&t, "erin", "vq hand").contains("spectators never see a hand"));

    // The period ends by itself: rights end at the time, the channel hears it with the next
    // command.
    clock.advance(Duration::from_secs(2 * 24 * 3600));
    let out = ok(&t, "bob", "vq status");
    assert!(
        public(&out).contains("**dave**'s time as deputy for England is over"),
        "{}",
        public(&out)
    );
    let r = refused(&t, "dave", "vq hand");
    assert!(r.contains("you hold no power"), "{r}");
    // From now on England's private messages reach alice only: a fresh hand is not dave's.
    let out = ok(&t, "alice", "vq hand");
    assert!(dm(&out, "dave").is_empty());
    assert_eq!(t.seats(CH).get(&Power::England), Some(&uid("alice")));
    // Expiry is said once.
    assert!(!public(&ok(&t, "bob", "vq status")).contains("is over"));
}

// Privacy (issue 29): over a whole run of actions, neither a spectator nor a former deputy
// ever receives a hand or any private line of a power.
#[test]
fn neither_a_spectator_nor_a_former_deputy_sees_a_hand() {
    let (t, clock) = clocked(42);
    two_player(&t);
    ok(&t, "erin", "vq watch");
    ok(
        &t,
        "bob",
        &format!("vq deputy user:{} until:1d", mention("dave")),
    );
    clock.advance(Duration::from_secs(25 * 3600));
    let mut seen_erin = String::new();
    let mut seen_dave = String::new();
    for out in advance(&t, 8, |p| if p == Power::England { "alice" } else { "bob" }) {
        seen_erin += &seen_by(&out, "erin");
        seen_dave += &dm(&out, "dave");
    }
    for (who, text) in [("erin", &seen_erin), ("dave", &seen_dave)] {
        assert!(!text.contains("Your hand"), "{who} saw a hand: {text}");
    }
    assert!(
        seen_dave.is_empty(),
        "a former deputy gets no DM: {seen_dave}"
    );
}

#[test]
fn bad_deputies_are_refused_with_what_is_allowed() {
    let (t, _clock) = clocked(43);
    two_player(&t);
    let r = refused(
        &t,
        "alice",
        &format!("vq deputy user:{} until:2d", mention("bob")),
    );
    assert!(r.contains("bob already plays France"), "{r}");
    let r = refused(
        &t,
        "alice",
        &format!("vq deputy user:{} until:90d", mention("dave")),
    );
    assert!(r.contains("from 1 hour to 60 days"), "{r}");
    let r = refused(
        &t,
        "alice",
        &format!("vq deputy user:{} until:soon", mention("dave")),
    );
    assert!(
        r.contains("is not a time") && r.contains("12h, 3d, 2w"),
        "{r}"
    );
    let r = refused(
        &t,
        "alice",
        &format!("vq deputy user:{} until:2026-12-01", mention("dave")),
    );
    assert!(r.contains("out of range"), "a date in the past: {r}");
    let r = refused(
        &t,
        "alice",
        &format!("vq deputy user:{} until:3d", mention("alice")),
    );
    assert!(r.contains("your own deputy"), "{r}");
    let r = refused(
        &t,
        "dave",
        &format!("vq deputy user:{} until:3d", mention("erin")),
    );
    assert!(r.contains("you hold no power"), "{r}");
    let r = refused(&t, "alice", "vq deputy until:end");
    assert!(r.contains("England has no deputy"), "{r}");
    ok(
        &t,
        "alice",
        &format!("vq deputy user:{} until:3d", mention("dave")),
    );
    let r = refused(
        &t,
        "bob",
        &format!("vq deputy user:{} until:3d", mention("dave")),
    );
    assert!(r.contains("dave is already deputy for England"), "{r}");
    // Revocable: by the player (or the deputy), announced.
    let out = ok(&t, "alice", "vq deputy until:end");
    assert!(
        public(&out).contains("alice ends **dave**'s deputyship for England"),
        "{}",
        public(&out)
    );
    assert!(refused(&t, "dave", "vq hand").contains("you hold no power"));
}

#[test]
fn a_spectator_is_refused_an_action_and_gets_phase_digests() {
    let (t, _clock) = clocked(44);
    two_player(&t);
    let out = ok(&t, "erin", "vq watch");
    assert!(
        public(&out).is_empty(),
        "a spectator does not fill the channel: {out:#?}"
    );
    let r = refused(&t, "erin", "vq done");
    assert!(r.contains("spectators cannot act"), "{r}");
    assert!(refused(&t, "erin", "vq watch").contains("already watch"));
    assert!(refused(&t, "alice", "vq watch").contains("you play"));
    // A new phase: a public digest by DM to the spectator.
    let mut to_erin = String::new();
    for out in advance(&t, 6, |p| if p == Power::England { "alice" } else { "bob" }) {
        to_erin += &dm(&out, "erin");
    }
    assert!(
        to_erin.contains("👁") && to_erin.contains("phase"),
        "{to_erin}"
    );
    ok(&t, "erin", "vq unwatch");
    let mut after = String::new();
    for out in advance(&t, 6, |p| if p == Power::England { "alice" } else { "bob" }) {
        after += &dm(&out, "erin");
    }
    assert!(after.is_empty(), "no more digests after unwatch: {after}");
}

#[test]
fn an_inactive_player_is_replaced_when_every_other_player_agrees() {
    let (t, clock) = clocked(45);
    ok(&t, "alice", "vq new");
    ok(&t, "alice", "vq join power:england");
    ok(&t, "bob", "vq join power:france");
    ok(&t, "carol", "vq join power:spain");
    ok(&t, "alice", "vq start");
    ok(&t, "frank", "vq status");
    let ask = format!("vq replace power:england user:{}", mention("frank"));
    // Too soon: England has not been idle for the table's time (7 days by default).
    let r = refused(&t, "bob", &ask);
    assert!(r.contains("may be replaced after 7d"), "{r}");
    let r = refused(&t, "bob", "vq replace after:2h");
    assert!(r.contains("only the game's creator"), "{r}");
    let r = refused(&t, "alice", "vq replace after:2h");
    assert!(r.contains("from 1d to 90d"), "{r}");
    ok(&t, "alice", "vq replace after:3d");
    clock.advance(Duration::from_secs(4 * 24 * 3600));
    assert!(refused(&t, "alice", &ask).contains("you hold that power"));
    let r = refused(
        &t,
        "bob",
        &format!("vq replace power:england user:{}", mention("carol")),
    );
    assert!(r.contains("carol already plays Spain"), "{r}");
    // bob asks: not yet everyone.
    let out = ok(&t, "bob", &ask);
    assert!(
        public(&out).contains("still to agree: carol"),
        "{}",
        public(&out)
    );
    assert_eq!(t.seats(CH).get(&Power::England), Some(&uid("alice")));
    assert!(refused(&t, "bob", &ask).contains("agreed already"));
    // carol agrees: frank takes England and its hand; alice keeps nothing.
    let out = ok(&t, "carol", &ask);
    assert!(
        public(&out).contains("**frank** takes England from alice, as bob, carol agreed"),
        "{}",
        public(&out)
    );
    assert!(dm(&out, "frank").contains("Your hand (England)"));
    assert!(dm(&out, "alice").is_empty());
    assert_eq!(t.seats(CH).get(&Power::England), Some(&uid("frank")));
    assert!(refused(&t, "alice", "vq hand").contains("you hold no power"));
}

#[test]
fn a_player_next_to_act_gets_what_happened_since_its_last_action() {
    let (t, _clock) = clocked(46);
    two_player(&t);
    let mut to_bob = Vec::new();
    for out in advance(&t, 6, |p| if p == Power::England { "alice" } else { "bob" }) {
        to_bob.push(dm(&out, "bob"));
    }
    let digest = to_bob
        .iter()
        .find(|d| d.contains("Since your last turn"))
        .unwrap_or_else(|| panic!("a digest reaches bob: {to_bob:#?}"));
    assert!(
        digest.contains("(France)") && digest.contains("• "),
        "{digest}"
    );
    // Switched off: no more digests for bob (alice still gets hers).
    ok(&t, "bob", "vq digest on:no");
    let mut off = String::new();
    let mut alice = String::new();
    for out in advance(
        &t,
        30,
        |p| if p == Power::England { "alice" } else { "bob" },
    ) {
        off += &dm(&out, "bob");
        alice += &dm(&out, "alice");
    }
    assert!(!off.contains("Since your last turn"), "{off}");
    assert!(alice.contains("Since your last turn"), "{alice}");
    assert!(refused(&t, "erin", "vq digest on:no").contains("only the players"));
}

#[test]
fn deputies_and_spectators_survive_a_restart() {
    let dir = tempfile::tempdir().expect("temp dir");
    let db = dir.path().join("games.sqlite3");
    let clock = ManualClock::new(T0);
    {
        let t = open_sqlite(&db).with_clock(clock.clock());
        two_player(&t);
        ok(
            &t,
            "alice",
            &format!("vq deputy user:{} until:3d", mention("dave")),
        );
        ok(&t, "erin", "vq watch");
    }
    let t = open_sqlite(&db).with_clock(clock.clock());
    assert!(dm(&ok(&t, "dave", "vq hand"), "dave").contains("Your hand (England)"));
    let r = say(&t, "erin", "vq done");
    assert!(
        r.refused && r.messages[0].text.contains("spectators cannot act"),
        "{r:#?}"
    );
    clock.advance(Duration::from_secs(3 * 24 * 3600 + 1));
    let _ = say(&t, "bob", "vq status");
    drop(t);
    let t = open_sqlite(&db).with_clock(clock.clock());
    let r = say(&t, "dave", "vq hand");
    assert!(
        r.refused && r.messages[0].text.contains("you hold no power"),
        "{r:#?}"
    );
}

#[test]
fn the_end_of_a_campaign_posts_the_seed_the_chart_and_an_archive() {
    let (t, _clock) = clocked(47);
    ok(&t, "alice", "vq new");
    ok(&t, "alice", "vq join power:england");
    ok(&t, "bob", "vq join power:protestant");
    ok(&t, "alice", "vq start");
    advance(&t, 3, |p| if p == Power::England { "alice" } else { "bob" });
    let mut last = None;
    for space in ["paris", "lyon", "bordeaux", "rouen", "marseille"] {
        last = Some(ok(
            &t,
            "bob",
            &format!("vq adjust what:control space:{space} owner:protestant"),
        ));
    }
    let out = last.expect("ran");
    let text = public(&out);
    assert!(text.contains("The campaign is over"), "{text}");
    assert!(text.contains("Seed `"), "{text}");
    let names: Vec<&str> = out.images().map(|i| i.name.as_str()).collect();
    assert!(names.iter().any(|n| n.starts_with("vp-chart")), "{names:?}");
    let zip = out
        .images()
        .find(|i| i.name.ends_with(".zip"))
        .unwrap_or_else(|| panic!("an archive: {names:?}"));
    let mut a = zip::ZipArchive::new(std::io::Cursor::new(zip.png.clone())).expect("a zip");
    let mut log = String::new();
    a.by_name("log.txt")
        .expect("log.txt")
        .read_to_string(&mut log)
        .expect("utf-8");
    assert!(log.contains("adjust what:control space:MARSEILLE"), "{log}");
    assert!(!log.contains("Your hand"), "no hand in the archive");
    let maps: Vec<String> = (0..a.len())
        .filter_map(|i| a.by_index(i).ok().map(|f| f.name().to_string()))
        .filter(|n| n.starts_with("maps/"))
        .collect();
    assert!(!maps.is_empty(), "maps in order: {maps:?}");
    let mut sorted = maps.clone();
    sorted.sort();
    assert_eq!(maps, sorted);
}

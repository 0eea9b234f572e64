//! Issue 29, items 1, 2 and 5, through the real bot and the loopback emulator: a reminder after
//! the set time on a test clock (no sleeping for hours), its survival across a restart with a
//! single catch-up after downtime, and its bound; the living dashboard edited in place (same
//! message id) after an impulse, posted again once after a deletion and not twice; and the
//! pre-flight check at `start` naming a player whose DMs are closed and a missing permission;
//! and (item 5) the hand of a player with closed DMs in a private thread only they can see.

use crate::bot_e2e;
use crate::discord_emulator;

use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use bot_e2e::{accepted, dm_text, dm_with, line_of, say, wait_session, Bot};
use discord_emulator::permissions::bits;
use discord_emulator::{ChannelId, Emulator, GuildId, MessageRecord, UserId};
use serde_json::json;
use vqbot::discord::{BotConfig, ManualClock};

/// 2026-12-02 10:00 UTC.
pub(crate) const T0: i64 = 1_796_205_600_000;
const HOUR: Duration = Duration::from_secs(3600);
/// The scheduler's tick in these tests (real time); the clock it reads is the test's.
const TICK: Duration = Duration::from_millis(40);

pub(crate) fn start_bot(emu: &Emulator, db: PathBuf, clock: Arc<ManualClock>) -> Bot {
    Bot::spawn(BotConfig {
        token: emu.token(),
        rest_base: Some(emu.base_url()),
        rate_limiter: true,
        https_proxy: Some(emu.https_proxy_url()),
        database: Some(db),
        seed: Some(29),
        ack_budget: Duration::from_millis(800),
        clock,
        reminder_tick: TICK,
        dashboard_delay: Duration::from_millis(300),
        ..BotConfig::default()
    })
}

pub(crate) struct Table {
    pub(crate) emu: Emulator,
    pub(crate) guild: GuildId,
    pub(crate) ch: ChannelId,
    pub(crate) alice: UserId,
    pub(crate) bob: UserId,
    dir: tempfile::TempDir,
}

pub(crate) async fn table() -> Table {
    let emu = Emulator::start().await;
    let guild = emu.create_guild("campaign");
    let ch = emu.create_text_channel(guild, "table");
    let (alice, bob) = (emu.create_user("alice"), emu.create_user("bob"));
    emu.add_member(guild, alice);
    emu.add_member(guild, bob);
    Table {
        emu,
        guild,
        ch,
        alice,
        bob,
        dir: tempfile::tempdir().expect("tempdir"),
    }
}

impl Table {
    pub(crate) fn db(&self) -> PathBuf {
        self.dir.path().join("games.sqlite3")
    }
}

/// The reminder DMs a user got so far.
fn reminders(emu: &Emulator, u: UserId) -> Vec<String> {
    emu.dms_of(u)
        .into_iter()
        .map(|m| m.content)
        .filter(|c| c.contains("⏰ Reminder"))
        .collect()
}

/// The channel's "the game waits for" lines.
fn wait_lines(emu: &Emulator, ch: ChannelId) -> Vec<String> {
    emu.messages_in(ch)
        .into_iter()
        .map(|m| m.content)
        .filter(|c| c.starts_with("⏰ The game waits for"))
        .collect()
}

/// Lets the scheduler run several ticks (real milliseconds, not the hours on the test clock).
async fn a_few_ticks() {
    tokio::time::sleep(TICK * 12).await;
}

// Item 1: a reminder after the set time (test clock), no earlier; the channel says whom the game
// waits for and since when; after a restart and five days of downtime one catch-up, not one per
// missed interval; then the longer interval; at most three.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn x_campaign_a_reminder_after_the_set_time_survives_a_restart_with_one_catch_up() {
    let t = table().await;
    let emu = &t.emu;
    let clock = Arc::new(ManualClock::at(T0));
    let bot = start_bot(emu, t.db(), clock.clone());
    wait_session(emu, 1).await;
    accepted(emu, t.alice, t.ch, "new", &[]).await;
    accepted(emu, t.alice, t.ch, "join", &[("power", json!("england"))]).await;
    accepted(emu, t.bob, t.ch, "join", &[("power", json!("france"))]).await;
    let (_, r) = accepted(emu, t.alice, t.ch, "settings", &[("remind", json!("12h"))]).await;
    assert!(r.content.contains("after 12 h"), "{}", r.content);
    accepted(emu, t.alice, t.ch, "start", &[]).await;
    // Alice is done with diplomacy: the game waits for bob alone.
    accepted(emu, t.alice, t.ch, "done", &[]).await;

    clock.advance(11 * HOUR);
    a_few_ticks().await;
    assert!(reminders(emu, t.bob).is_empty(), "no reminder before 12 h");
    clock.advance(HOUR + Duration::from_secs(60));
    dm_with(emu, t.bob, "⏰ Reminder 1/3").await;
    let line = emu
        .wait_until("the channel's waiting line", |s| {
            s.channel_messages(t.ch)
                .into_iter()
                .find(|m| m.content.starts_with("⏰ The game waits for"))
        })
        .await;
    assert!(
        line.content.contains("France (bob)") && line.content.contains("2026-12-02 10:00 UTC"),
        "{}",
        line.content
    );
    assert!(reminders(emu, t.alice).is_empty(), "alice is not awaited");
    a_few_ticks().await;
    assert_eq!(reminders(emu, t.bob).len(), 1, "one reminder per due time");

    // Restart, and five days pass while the bot is down.
    bot.shutdown().await;
    clock.advance(5 * 24 * HOUR);
    let bot = start_bot(emu, t.db(), clock.clone());
    wait_session(emu, 2).await;
    dm_with(emu, t.bob, "⏰ Reminder 2/3").await;
    a_few_ticks().await;
    assert_eq!(
        reminders(emu, t.bob).len(),
        2,
        "one catch-up after downtime, not one per missed interval: {:?}",
        reminders(emu, t.bob)
    );
    // The next one comes after the longer interval (4 × 12 h), counted from the catch-up.
    clock.advance(47 * HOUR);
    a_few_ticks().await;
    assert_eq!(reminders(emu, t.bob).len(), 2);
    clock.advance(2 * HOUR);
    dm_with(emu, t.bob, "⏰ Reminder 3/3").await;
    // Bounded: no fourth, however long the game waits.
    clock.advance(40 * 24 * HOUR);
    a_few_ticks().await;
    assert_eq!(reminders(emu, t.bob).len(), 3);
    assert_eq!(
        wait_lines(emu, t.ch).len(),
        3,
        "one channel line per reminder"
    );
    bot.shutdown().await;
}

// Item 1: a player whose DMs are closed is pinged in the channel line instead.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn x_campaign_a_player_with_closed_dms_is_reminded_in_the_channel() {
    let t = table().await;
    let emu = &t.emu;
    let clock = Arc::new(ManualClock::at(T0));
    let bot = start_bot(emu, t.db(), clock.clone());
    wait_session(emu, 1).await;
    accepted(emu, t.alice, t.ch, "new", &[]).await;
    accepted(emu, t.alice, t.ch, "join", &[("power", json!("england"))]).await;
    accepted(emu, t.bob, t.ch, "join", &[("power", json!("france"))]).await;
    accepted(emu, t.alice, t.ch, "settings", &[("remind", json!("1h"))]).await;
    emu.close_dms(t.bob);
    accepted(emu, t.alice, t.ch, "start", &[]).await;
    accepted(emu, t.alice, t.ch, "done", &[]).await;
    clock.advance(HOUR + Duration::from_secs(1));
    let line = emu
        .wait_until("the channel's waiting line", |s| {
            s.channel_messages(t.ch)
                .into_iter()
                .find(|m| m.content.starts_with("⏰ The game waits for"))
        })
        .await;
    assert!(
        line.content.contains(&format!("<@{}>", t.bob.0))
            && line.content.contains("DMs are closed"),
        "{}",
        line.content
    );
    assert!(reminders(emu, t.bob).is_empty());
    bot.shutdown().await;
}

/// Mentions in a text.
fn mentions(text: &str) -> Vec<u64> {
    text.split("<@")
        .skip(1)
        .filter_map(|r| r.split('>').next()?.parse().ok())
        .collect()
}

/// The bot's dashboard messages in the channel (deleted ones included).
fn dashboards(emu: &Emulator, ch: ChannelId) -> Vec<MessageRecord> {
    emu.read(|s| {
        s.messages
            .iter()
            .filter(|m| m.channel_id == ch && m.content.starts_with("📋"))
            .cloned()
            .collect()
    })
}

/// Plays diplomacy and deployment through until a player is asked for a card; returns who.
async fn to_first_card(t: &Table) -> UserId {
    let emu = &t.emu;
    let mut last = bot_e2e::ok(emu, t.alice, t.ch, "start", &[]).await;
    for _ in 0..12 {
        let line = line_of(emu, &last).await;
        let who: Vec<UserId> = mentions(&line.content)
            .into_iter()
            .filter_map(|id| [t.alice, t.bob].into_iter().find(|u| u.0 == id))
            .collect();
        if line.content.contains("a card or") {
            return who[0];
        }
        for u in who {
            last = bot_e2e::ok(emu, u, t.ch, "done", &[]).await;
        }
    }
    panic!("never asked for a card");
}

/// `p` plays a card for CP and ends the impulse.
async fn impulse(t: &Table, p: UserId) {
    let emu = &t.emu;
    let ac = emu.autocomplete(p, t.ch, "vq", &["play"], &[("card", json!(""))], "card");
    let choices = emu.wait_choices(&ac).await;
    let mut played = false;
    for c in &choices {
        let (_, r) = say(
            emu,
            p,
            t.ch,
            "play",
            &[("card", c["value"].clone()), ("as", json!("cp"))],
        )
        .await;
        if !r.is_ephemeral() {
            played = true;
            break;
        }
    }
    assert!(played, "no card could be played for CP");
    let end = bot_e2e::ok(emu, p, t.ch, "end", &[]).await;
    line_of(emu, &end).await;
}

// Item 2: one dashboard, pinned, edited in place (same message id) after an impulse; deleted,
// it is posted again once; deleted again, it stays gone.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn x_campaign_the_dashboard_is_edited_in_place_and_reposted_once_after_deletion() {
    let t = table().await;
    let emu = &t.emu;
    let clock = Arc::new(ManualClock::at(T0));
    let bot = start_bot(emu, t.db(), clock.clone());
    wait_session(emu, 1).await;
    accepted(emu, t.alice, t.ch, "new", &[]).await;
    accepted(emu, t.alice, t.ch, "join", &[("power", json!("england"))]).await;
    accepted(emu, t.bob, t.ch, "join", &[("power", json!("france"))]).await;
    let p = to_first_card(&t).await;
    let first = emu
        .wait_until("the dashboard", |s| {
            s.channel_messages(t.ch)
                .into_iter()
                .find(|m| m.content.starts_with("📋") && m.pinned)
        })
        .await;
    assert!(first.content.contains("Turn 1"), "{}", first.content);
    // Let the last edits of the opening land (real time; the coalescing delay is 300 ms).
    tokio::time::sleep(Duration::from_millis(700)).await;
    let before = emu.read(|s| {
        s.message(first.id)
            .map(|m| m.content.clone())
            .unwrap_or_default()
    });
    impulse(&t, p).await;
    let edited = emu
        .wait_until("the dashboard edited", |s| {
            s.message(first.id)
                .filter(|m| m.content != before && m.edited_timestamp.is_some())
                .cloned()
        })
        .await;
    assert_eq!(edited.id, first.id, "the same message");
    assert_eq!(dashboards(emu, t.ch).len(), 1, "edited, not re-posted");
    // A burst of five changes is coalesced into far fewer edits.
    tokio::time::sleep(Duration::from_millis(700)).await;
    let edits = |emu: &Emulator| {
        emu.read(|s| {
            s.requests
                .iter()
                .filter(|r| {
                    r.method == "PATCH"
                        && r.path == format!("/api/v10/channels/{}/messages/{}", t.ch.0, first.id.0)
                })
                .count()
        })
    };
    let before_burst = edits(emu);
    let burst: Vec<_> = (0..5)
        .map(|_| {
            bot_e2e::invoke(
                emu,
                t.alice,
                t.ch,
                "adjust",
                &[
                    ("what", json!("vp")),
                    ("target", json!("england")),
                    ("delta", json!(1)),
                ],
            )
        })
        .collect();
    for ix in &burst {
        let r = emu.wait_response(ix).await;
        assert!(!r.is_ephemeral(), "{}", r.content);
    }
    tokio::time::sleep(Duration::from_millis(700)).await;
    let burst_edits = edits(emu) - before_burst;
    assert!(
        (1..=3).contains(&burst_edits),
        "five changes, {burst_edits} edits"
    );

    // A moderator deletes it: the next change posts it again, once, pinned.
    emu.delete_message(first.id);
    let other = if p == t.alice { t.bob } else { t.alice };
    impulse(&t, other).await;
    let second = emu
        .wait_until("the dashboard posted again", |s| {
            s.channel_messages(t.ch)
                .into_iter()
                .find(|m| m.content.starts_with("📋") && m.id != first.id && !m.deleted)
        })
        .await;
    // Posted, then pinned (a second request).
    emu.wait_until("the new dashboard pinned", |s| {
        s.message(second.id).filter(|m| m.pinned).map(|_| ())
    })
    .await;
    // Deleted a second time: not posted a third time.
    emu.delete_message(second.id);
    impulse(&t, p).await;
    tokio::time::sleep(Duration::from_millis(800)).await;
    assert_eq!(
        dashboards(emu, t.ch).len(),
        2,
        "posted again only once: {:?}",
        dashboards(emu, t.ch)
            .iter()
            .map(|m| m.id)
            .collect::<Vec<_>>()
    );
    let _ = t.guild;
    bot.shutdown().await;
}

// Item 5: at `start`, the pre-flight check names the player whose DMs are closed (with how to fix
// it) and the permission the bot lacks in the channel; the others were reached by DM.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn x_campaign_the_preflight_check_names_a_player_whose_dms_are_closed() {
    let t = table().await;
    let emu = &t.emu;
    let clock = Arc::new(ManualClock::at(T0));
    let bot = start_bot(emu, t.db(), clock.clone());
    wait_session(emu, 1).await;
    accepted(emu, t.alice, t.ch, "new", &[]).await;
    accepted(emu, t.alice, t.ch, "join", &[("power", json!("england"))]).await;
    accepted(emu, t.bob, t.ch, "join", &[("power", json!("france"))]).await;
    emu.close_dms(t.bob);
    emu.deny_bot(t.ch, bits::EMBED_LINKS);
    let start = bot_e2e::ok(emu, t.alice, t.ch, "start", &[]).await;
    let report = emu
        .wait_until("the pre-flight report", |s| {
            let rec = s.interaction(start.id)?;
            rec.followups
                .iter()
                .filter_map(|m| s.message(*m))
                .find(|m| m.content.contains("Pre-flight"))
                .cloned()
        })
        .await;
    let text = &report.content;
    assert!(
        text.contains(&format!("<@{}>", t.bob.0)) && text.contains("DMs are closed"),
        "{text}"
    );
    assert!(text.contains("Privacy Settings"), "how to fix it: {text}");
    assert!(text.contains("Embed Links"), "{text}");
    assert!(
        !text.contains(&format!("<@{}>", t.alice.0)),
        "alice can be reached: {text}"
    );
    // Alice was reached by DM at `start` (her hand, or the pre-flight DM if no hand went out).
    let dms = dm_text(emu, t.alice);
    assert!(
        dms.contains("hand") || dms.contains("has started"),
        "alice got a DM: {dms}"
    );
    bot.shutdown().await;
}

// --- campaign (issue 29, item 5): a private thread per player for hands when DMs are closed.
// Bob's DMs are closed: at `start` his hand goes to a private thread under the game's channel
// (Discord's Start Thread without Message, type 12, and Add Thread Member), which only he (and
// the bot) can see: not alice, not carol who is in the server but not at the table. The
// channel itself never shows his hand, and the pre-flight report says where it went.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn x_campaign_a_player_with_closed_dms_gets_the_hand_in_a_private_thread() {
    let t = table().await;
    let emu = &t.emu;
    let carol = emu.create_user("carol");
    emu.add_member(t.guild, carol);
    // The bot's role may open private threads and post in them (Discord's @everyone default
    // has both; the emulator's bot role has neither unless granted).
    let role = emu.bot_role(t.guild);
    emu.set_role_permissions(
        t.guild,
        role,
        discord_emulator::permissions::BOT_ROLE_DEFAULT
            | discord_emulator::threads::CREATE_PRIVATE_THREADS
            | discord_emulator::threads::SEND_MESSAGES_IN_THREADS,
    );
    let clock = Arc::new(ManualClock::at(T0));
    let bot = start_bot(emu, t.db(), clock.clone());
    wait_session(emu, 1).await;
    accepted(emu, t.alice, t.ch, "new", &[]).await;
    accepted(emu, t.alice, t.ch, "join", &[("power", json!("england"))]).await;
    accepted(emu, t.bob, t.ch, "join", &[("power", json!("france"))]).await;
    emu.close_dms(t.bob);
    let start = bot_e2e::ok(emu, t.alice, t.ch, "start", &[]).await;
    let (thread, members) = emu
        .wait_until("bob's private thread with his hand", |s| {
            s.threads_of(t.ch).into_iter().find(|(th, _)| {
                s.channel_messages(*th)
                    .iter()
                    .any(|m| m.content.contains("Your hand (France)"))
            })
        })
        .await;
    assert!(members.contains(&t.bob), "{members:?}");
    emu.read(|s| {
        assert!(s.can_view(t.bob, thread), "bob sees his thread");
        assert!(!s.can_view(t.alice, thread), "alice does not");
        assert!(!s.can_view(carol, thread), "carol does not");
        assert!(s.can_view(carol, t.ch), "carol sees the game channel");
    });
    let in_thread: String = emu
        .messages_in(thread)
        .into_iter()
        .map(|m| m.content)
        .collect::<Vec<_>>()
        .join("\n");
    assert!(
        in_thread.contains(&format!("<@{}>", t.bob.0)) && in_thread.contains("Only you can see it"),
        "{in_thread}"
    );
    assert!(
        !in_thread.contains("Your hand (England)"),
        "alice's hand is not in bob's thread: {in_thread}"
    );
    let public = bot_e2e::channel_text(emu, t.ch);
    assert!(
        !public.contains("Your hand"),
        "no hand in the channel: {public}"
    );
    // The pre-flight report names where bob's hand went.
    let report = emu
        .wait_until("the pre-flight report", |s| {
            let rec = s.interaction(start.id)?;
            rec.followups
                .iter()
                .filter_map(|m| s.message(*m))
                .find(|m| m.content.contains("Pre-flight"))
                .cloned()
        })
        .await;
    assert!(
        report.content.contains(&format!("<#{}>", thread.0)),
        "{}",
        report.content
    );
    assert_eq!(emu.read(|s| s.threads_of(t.ch).len()), 1, "one thread");
    bot.shutdown().await;
}

// --- campaign (issue 29, item 7 after a crash): the game's last action was stored, then the
// bot stopped before it stored the game's end and posted it. At the next start the bot finds
// the ended game, posts the result, the revealed seed and the archive in its channel, once.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn x_campaign_an_end_stored_before_a_crash_is_posted_at_the_next_start() {
    use vqbot::table::Channel;
    let t = table().await;
    let emu = &t.emu;
    let db = t.db();
    let ch = Channel {
        guild: t.guild.0,
        channel: t.ch.0,
    };
    let (alice, bob) = (t.alice.0, t.bob.0);
    // Played to the end on the bot's file while the bot is down, then the end's own write is
    // undone: the crash between the last action and the status.
    let file = db.clone();
    tokio::task::spawn_blocking(move || {
        play_to_the_end_offline(&file, ch, alice, bob);
        let conn = rusqlite::Connection::open(&file).expect("opens");
        conn.execute("UPDATE games SET status = 'active'", [])
            .expect("the crash");
    })
    .await
    .expect("the game is played");
    let clock = Arc::new(ManualClock::at(T0));
    let bot = start_bot(emu, db, clock);
    wait_session(emu, 1).await;
    let posted = emu
        .wait_until("the end posted at start", |s| {
            s.channel_messages(t.ch)
                .into_iter()
                .find(|m| m.attachments.iter().any(|a| a.filename.ends_with(".zip")))
        })
        .await;
    let text = bot_e2e::channel_text(emu, t.ch);
    assert!(text.contains("The campaign is over"), "{text}");
    assert!(text.contains("Seed `"), "the seed is revealed: {text}");
    assert!(!text.contains("Your hand"), "{text}");
    let _ = posted;
    // Once: a command afterwards does not post it again.
    let (_, r) = say(emu, t.alice, t.ch, "status", &[]).await;
    assert!(!r.content.contains("The campaign is over"), "{}", r.content);
    let zips = emu
        .messages_in(t.ch)
        .into_iter()
        .filter(|m| m.attachments.iter().any(|a| a.filename.ends_with(".zip")))
        .count();
    assert_eq!(zips, 1, "one archive");
    bot.shutdown().await;
}

/// Plays a two-player game (england, protestant) to its end on the bot's file `file` through
/// the table itself, as a bot would that stopped before posting anything of it: the end is
/// stored, nothing reached Discord. Blocking.
pub(crate) fn play_to_the_end_offline(
    file: &std::path::Path,
    ch: vqbot::table::Channel,
    alice: u64,
    bob: u64,
) {
    use vqbot::engine::{Action, Awaiting, Power};
    use vqbot::table::{Caller, Table as Tbl, TableOptions};
    let rs = std::sync::Arc::new(vqbot::data::load_default().expect("data"));
    let store = vqbot::table::sqlite::open(file).expect("store");
    let tb = Tbl::new(
        rs.clone(),
        store,
        TableOptions {
            seed: Some(47),
            ..TableOptions::default()
        },
    );
    let a = Caller::new(alice, "alice");
    let b = Caller::new(bob, "bob");
    let run = |c: &Caller, line: &str| {
        let out = tb.handle(ch, c, line);
        assert!(!out.refused, "{line}: {out:#?}");
        out
    };
    run(&a, "vq new");
    run(&a, "vq join power:england");
    run(&b, "vq join power:protestant");
    run(&a, "vq start");
    for _ in 0..3 {
        let g = tb.game(ch).expect("started");
        let p = match g.awaiting() {
            Awaiting::One { power, .. } => power,
            Awaiting::Simultaneous { pending, .. } => pending.iter().next().expect("one"),
            Awaiting::Over { .. } => break,
        };
        let legal = g.legal_actions(&rs, p);
        let act = legal
            .iter()
            .find(|x| matches!(x, Action::DoneDiplomacy | Action::Decline { .. }))
            .unwrap_or(&legal[0]);
        let line = format!(
            "vq {}",
            vqbot::table::convert::action_line(act, p, false).expect("a line")
        );
        run(if p == Power::England { &a } else { &b }, &line);
    }
    let mut last = None;
    for space in ["paris", "lyon", "bordeaux", "rouen", "marseille"] {
        last = Some(run(
            &b,
            &format!("vq adjust what:control space:{space} owner:protestant"),
        ));
    }
    let end = last.expect("ran");
    assert!(
        end.messages
            .iter()
            .any(|m| m.text.contains("The campaign is over")),
        "the game ended"
    );
    drop(tb);
}

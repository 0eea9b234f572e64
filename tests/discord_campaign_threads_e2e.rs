//! Issue 29, the rest of items 5 and 7, through the real bot and the loopback emulator: a table
//! that chose private threads for everyone (`settings hands:threads`, kept across a restart)
//! gets every hand in the player's own private thread and none by DM; the Empire's secret
//! choice (R-HRE-SECRET) of a player whose DMs are closed arrives with its buttons in their
//! thread, and a button or command used there acts on the channel's game with its private
//! answer in the thread; and the end of a campaign stored before a crash, never posted, is
//! posted at the next start, once (not again after a second restart).

use crate::bot_e2e;
use crate::discord_campaign_e2e::{play_to_the_end_offline, start_bot, table, T0};
use crate::discord_emulator;

use std::sync::Arc;

use bot_e2e::{accepted, buttons, say, wait_session};
use discord_emulator::{ChannelId, Emulator, GuildId, MessageRecord, UserId};
use serde_json::json;
use vqbot::discord::ManualClock;

/// The bot's role may open private threads and post in them.
fn allow_threads(emu: &Emulator, guild: GuildId) {
    let role = emu.bot_role(guild);
    emu.set_role_permissions(
        guild,
        role,
        discord_emulator::permissions::BOT_ROLE_DEFAULT
            | discord_emulator::threads::CREATE_PRIVATE_THREADS
            | discord_emulator::threads::SEND_MESSAGES_IN_THREADS,
    );
}

/// Waits for the private thread under `ch` that has a message containing `needle`; returns
/// it, its members and that message.
async fn thread_with(
    emu: &Emulator,
    ch: ChannelId,
    needle: &str,
) -> (ChannelId, Vec<UserId>, MessageRecord) {
    let n = needle.to_string();
    emu.wait_until(&format!("a private thread with {needle:?}"), move |s| {
        s.threads_of(ch).into_iter().find_map(|(th, members)| {
            s.channel_messages(th)
                .into_iter()
                .rfind(|m| m.content.contains(&n))
                .map(|m| (th, members, m))
        })
    })
    .await
}

// Item 5: `settings hands:threads` before `start`, announced, kept across a restart and shown in
// `settings` and `status`; at `start` each seated player's hand goes to their own private thread
// (only they see it: not the other player, not a member who is not at the table), not by DM.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn x_campaign_a_table_that_chose_threads_gets_every_hand_in_a_private_thread() {
    let t = table().await;
    let emu = &t.emu;
    let carol = emu.create_user("carol");
    emu.add_member(t.guild, carol);
    allow_threads(emu, t.guild);
    let clock = Arc::new(ManualClock::at(T0));
    let bot = start_bot(emu, t.db(), clock.clone());
    wait_session(emu, 1).await;
    accepted(emu, t.alice, t.ch, "new", &[]).await;
    accepted(emu, t.alice, t.ch, "join", &[("power", json!("england"))]).await;
    accepted(emu, t.bob, t.ch, "join", &[("power", json!("france"))]).await;
    // Bad input first: a value outside the choices is refused, nothing changes.
    let (_, r) = say(
        emu,
        t.alice,
        t.ch,
        "settings",
        &[("hands", json!("pigeons"))],
    )
    .await;
    assert!(r.is_ephemeral(), "{}", r.content);
    assert!(
        r.content.contains("dm") && r.content.contains("threads"),
        "{}",
        r.content
    );
    let (_, r) = accepted(
        emu,
        t.alice,
        t.ch,
        "settings",
        &[("hands", json!("threads"))],
    )
    .await;
    assert!(
        r.content.contains("private thread"),
        "announced: {}",
        r.content
    );
    assert!(!r.is_ephemeral(), "the channel is told");

    // The choice survives a restart.
    bot.shutdown().await;
    let bot = start_bot(emu, t.db(), clock.clone());
    wait_session(emu, 2).await;
    let (_, r) = say(emu, t.bob, t.ch, "settings", &[]).await;
    assert!(
        r.content
            .contains("Private messages: in each player's private thread"),
        "{}",
        r.content
    );

    accepted(emu, t.alice, t.ch, "start", &[]).await;
    let (a_thread, a_members, _) = thread_with(emu, t.ch, "Your hand (England)").await;
    let (b_thread, b_members, _) = thread_with(emu, t.ch, "Your hand (France)").await;
    assert_ne!(a_thread, b_thread, "one thread per player");
    assert!(a_members.contains(&t.alice) && !a_members.contains(&t.bob));
    assert!(b_members.contains(&t.bob) && !b_members.contains(&t.alice));
    emu.read(|s| {
        assert!(s.can_view(t.alice, a_thread) && !s.can_view(t.alice, b_thread));
        assert!(s.can_view(t.bob, b_thread) && !s.can_view(t.bob, a_thread));
        assert!(!s.can_view(carol, a_thread) && !s.can_view(carol, b_thread));
    });
    let opening: String = emu
        .messages_in(a_thread)
        .into_iter()
        .map(|m| m.content)
        .collect();
    assert!(
        opening.contains("the table chose private threads"),
        "{opening}"
    );
    for u in [t.alice, t.bob] {
        let dms = bot_e2e::dm_text(emu, u);
        assert!(!dms.contains("Your hand"), "no hand by DM: {dms}");
    }
    let public = bot_e2e::channel_text(emu, t.ch);
    assert!(!public.contains("Your hand"), "{public}");
    let (_, r) = say(emu, carol, t.ch, "status", &[]).await;
    assert!(
        r.content
            .contains("Private messages: in each player's private thread"),
        "{}",
        r.content
    );
    bot.shutdown().await;
}

// Item 5 with R-HRE-SECRET: the Empire's player has closed DMs; after diplomacy the secret
// choice prompt and its three buttons arrive in their private thread. The button clicked there
// acts on the channel's game: its answer (the choice) stays in the thread, the commitment goes
// to the channel, which never shows the choice. A command typed in the thread (`hand`) also
// acts on the channel's game and answers in the thread.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn x_campaign_r_hre_secret_prompt_and_commands_work_in_the_private_thread() {
    let t = table().await;
    let emu = &t.emu;
    allow_threads(emu, t.guild);
    let clock = Arc::new(ManualClock::at(T0));
    let bot = start_bot(emu, t.db(), clock.clone());
    wait_session(emu, 1).await;
    accepted(emu, t.alice, t.ch, "new", &[]).await;
    accepted(emu, t.alice, t.ch, "join", &[("power", json!("england"))]).await;
    accepted(emu, t.bob, t.ch, "join", &[("power", json!("empire"))]).await;
    emu.close_dms(t.bob);
    accepted(emu, t.alice, t.ch, "start", &[]).await;
    let (thread, _, _) = thread_with(emu, t.ch, "Your hand (").await;
    accepted(emu, t.alice, t.ch, "done", &[]).await;
    accepted(emu, t.bob, t.ch, "done", &[]).await;
    let (th, members, prompt) = thread_with(emu, t.ch, "secret choice").await;
    assert_eq!(th, thread, "the prompt goes to bob's thread");
    assert!(members.contains(&t.bob) && !members.contains(&t.alice));
    let labels: Vec<String> = buttons(&prompt).into_iter().map(|b| b.0).collect();
    assert_eq!(labels.len(), 3, "{labels:?}");
    let public = bot_e2e::channel_text(emu, t.ch);
    assert!(
        !public.contains("I cannot send you direct messages: make the Empire's secret choice"),
        "no fallback notice when the thread got it: {public}"
    );
    let catholic = buttons(&prompt)
        .into_iter()
        .find(|(l, _)| l.contains("Catholic"))
        .expect("a Catholic button");
    let before = emu.messages_in(t.ch).len();
    let click = emu.click_component(t.bob, prompt.id, &catholic.1);
    let answer = emu.wait_response(&click).await;
    assert!(answer.content.contains("Catholic"), "{}", answer.content);
    assert_eq!(
        answer.channel_id, thread,
        "the choice is told in the thread"
    );
    emu.wait_until("the public commitment", |s| {
        s.channel_messages(t.ch)
            .into_iter()
            .skip(before)
            .find(|m| m.content.contains("ommitment"))
    })
    .await;
    for m in emu.messages_in(t.ch) {
        assert!(
            m.is_ephemeral() || !m.content.contains("Catholic"),
            "the secret leaked: {}",
            m.content
        );
    }
    // A command in the thread acts on the channel's game and answers there.
    let (_, r) = say(emu, t.bob, thread, "hand", &[]).await;
    assert_eq!(r.channel_id, thread, "{}", r.content);
    assert!(r.content.contains("Your hand ("), "{}", r.content);
    assert!(r.is_ephemeral(), "only bob sees his hand: {}", r.content);
    bot.shutdown().await;
}

// Item 7: the game's end was stored (its status is "finished") and the bot stopped before
// posting it. At the next start the result, the seed and the archive are posted, once; a second
// restart does not post them again.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn x_campaign_an_end_stored_but_never_posted_is_posted_once_after_restarts() {
    use vqbot::table::Channel;
    let t = table().await;
    let emu = &t.emu;
    let db = t.db();
    let ch = Channel {
        guild: t.guild.0,
        channel: t.ch.0,
    };
    let (alice, bob) = (t.alice.0, t.bob.0);
    let file = db.clone();
    tokio::task::spawn_blocking(move || {
        play_to_the_end_offline(&file, ch, alice, bob);
        let conn = rusqlite::Connection::open(&file).expect("opens");
        let status: String = conn
            .query_row("SELECT status FROM games", [], |r| r.get(0))
            .expect("one game");
        assert_eq!(status, "finished", "the end is stored");
    })
    .await
    .expect("the game is played");
    let zips = |emu: &Emulator| {
        emu.messages_in(t.ch)
            .into_iter()
            .filter(|m| m.attachments.iter().any(|a| a.filename.ends_with(".zip")))
            .count()
    };
    assert_eq!(zips(emu), 0, "nothing was posted before the crash");
    let clock = Arc::new(ManualClock::at(T0));
    let bot = start_bot(emu, db.clone(), clock.clone());
    wait_session(emu, 1).await;
    emu.wait_until("the end posted at start", |s| {
        s.channel_messages(t.ch)
            .into_iter()
            .find(|m| m.attachments.iter().any(|a| a.filename.ends_with(".zip")))
    })
    .await;
    let text = bot_e2e::channel_text(emu, t.ch);
    assert!(text.contains("The campaign is over"), "{text}");
    assert!(text.contains("Seed `"), "the seed is revealed: {text}");
    // Restarted again: not posted a second time.
    bot.shutdown().await;
    let bot = start_bot(emu, db, clock);
    wait_session(emu, 2).await;
    let (_, r) = say(emu, t.alice, t.ch, "status", &[]).await;
    assert!(!r.content.contains("The campaign is over"), "{}", r.content);
    tokio::time::sleep(std::time::Duration::from_millis(500)).await;
    assert_eq!(zips(emu), 1, "one archive");
    bot.shutdown().await;
}

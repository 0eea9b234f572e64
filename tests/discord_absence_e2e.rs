//! Issue 29 through Discord, end to end against the loopback emulator, on a test clock (no
//! sleeps for time to pass): a deputy acting and receiving the hand, then losing it when the
//! period ends by itself; a replacement by consent; a "since your last turn" digest DM; a
//! spectator receiving the phase digest and refused an action; the end-of-game archive.

use std::time::Duration;

use crate::bot_e2e;
use crate::discord_emulator;

use bot_e2e::*;
use discord_emulator::{ChannelId, Emulator, UserId};
use serde_json::json;
use vqbot::discord::BotConfig;
use vqbot::table::absence::ManualClock;

/// 2026-12-02 08:00 UTC.
const T0: i64 = 1_796_198_400_000;

/// The bot on a test clock, ending deputyships every 50 ms of real time.
fn bot(emu: &Emulator, dir: &tempfile::TempDir, clock: &ManualClock) -> Bot {
    Bot::spawn(BotConfig {
        token: emu.token(),
        rest_base: Some(emu.base_url()),
        rate_limiter: true,
        https_proxy: Some(emu.https_proxy_url()),
        database: Some(dir.path().join("games.sqlite3")),
        seed: Some(7),
        ack_budget: Duration::from_millis(800),
        clock: clock.clock(),
        absence_tick: Duration::from_millis(50),
        ..BotConfig::default()
    })
}

fn user(u: UserId) -> serde_json::Value {
    json!(u.0.to_string())
}

/// A guild with a game channel and these members.
fn table(emu: &Emulator, names: &[&str]) -> (ChannelId, Vec<UserId>) {
    let guild = emu.create_guild("Whitehall");
    let ch = emu.create_text_channel(guild, "table");
    let users = names
        .iter()
        .map(|n| {
            let u = emu.create_user(n);
            emu.add_member(guild, u);
            u
        })
        .collect();
    (ch, users)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_deputy_acts_with_the_hand_and_loses_it_when_the_period_ends() {
    let emu = Emulator::start().await;
    let (ch, u) = table(&emu, &["elizabeth", "catherine", "dudley", "erin"]);
    let (elizabeth, catherine, dudley, erin) = (u[0], u[1], u[2], u[3]);
    let dir = tempfile::tempdir().expect("tempdir");
    let clock = ManualClock::new(T0);
    let bot = bot(&emu, &dir, &clock);
    wait_session(&emu, 1).await;

    ok(&emu, elizabeth, ch, "new", &[]).await;
    ok(&emu, elizabeth, ch, "join", &[("power", json!("england"))]).await;
    ok(&emu, catherine, ch, "join", &[("power", json!("france"))]).await;
    ok(&emu, elizabeth, ch, "start", &[]).await;
    // dudley and erin have spoken once, so the bot names them.
    ok(&emu, dudley, ch, "status", &[]).await;
    let (_, r) = say(&emu, erin, ch, "watch", &[]).await;
    assert!(
        r.is_ephemeral() && r.content.contains("now watches"),
        "{}",
        r.content
    );

    let (_, r) = accepted(
        &emu,
        elizabeth,
        ch,
        "deputy",
        &[("user", user(dudley)), ("until", json!("1d"))],
    )
    .await;
    assert!(
        r.content
            .contains("elizabeth names **dudley** deputy for England until 2026-12-03 08:00 UTC"),
        "{}",
        r.content
    );
    dm_with(&emu, dudley, "Your hand (England)").await;
    // The deputy acts for England (England acts first).
    ok(&emu, dudley, ch, "done", &[]).await;
    // A spectator may not act nor see a hand.
    let (_, r) = say(&emu, erin, ch, "done", &[]).await;
    assert!(
        r.is_ephemeral() && r.content.contains("spectators cannot act"),
        "{}",
        r.content
    );
    let (_, r) = say(&emu, erin, ch, "hand", &[]).await;
    assert!(
        r.is_ephemeral() && r.content.contains("spectators never see a hand"),
        "{}",
        r.content
    );

    // A day later the deputyship ends by itself, said in the channel without a command.
    clock.advance(Duration::from_secs(24 * 3600));
    emu.wait_until("the end of the deputyship", |s| {
        s.channel_messages(ch)
            .iter()
            .any(|m| {
                m.content
                    .contains("**dudley**'s time as deputy for England is over")
            })
            .then_some(())
    })
    .await;
    let (_, r) = say(&emu, dudley, ch, "hand", &[]).await;
    assert!(
        r.is_ephemeral() && r.content.contains("you hold no power"),
        "{}",
        r.content
    );
    let (_, r) = say(&emu, dudley, ch, "done", &[]).await;
    assert!(
        r.is_ephemeral(),
        "a former deputy cannot act: {}",
        r.content
    );
    // Privacy: the spectator's DMs and the channel never held a hand.
    for text in [dm_text(&emu, erin), channel_text(&emu, ch)] {
        assert!(!text.contains("Your hand"), "a hand leaked: {text}");
    }
    bot.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_idle_player_is_replaced_by_consent_and_the_newcomer_gets_the_hand() {
    let emu = Emulator::start().await;
    let (ch, u) = table(&emu, &["elizabeth", "catherine", "philip", "walsingham"]);
    let (elizabeth, catherine, philip, walsingham) = (u[0], u[1], u[2], u[3]);
    let dir = tempfile::tempdir().expect("tempdir");
    let clock = ManualClock::new(T0);
    let bot = bot(&emu, &dir, &clock);
    wait_session(&emu, 1).await;
    ok(&emu, elizabeth, ch, "new", &[]).await;
    ok(&emu, elizabeth, ch, "join", &[("power", json!("england"))]).await;
    ok(&emu, catherine, ch, "join", &[("power", json!("france"))]).await;
    ok(&emu, philip, ch, "join", &[("power", json!("spain"))]).await;
    ok(&emu, elizabeth, ch, "start", &[]).await;
    ok(&emu, walsingham, ch, "status", &[]).await;
    let ask = [("power", json!("england")), ("user", user(walsingham))];
    let (_, r) = say(&emu, catherine, ch, "replace", &ask).await;
    assert!(
        r.is_ephemeral() && r.content.contains("after 7d"),
        "too soon: {}",
        r.content
    );

    clock.advance(Duration::from_secs(8 * 24 * 3600));
    let (_, r) = accepted(&emu, catherine, ch, "replace", &ask).await;
    assert!(
        r.content.contains("still to agree: philip"),
        "{}",
        r.content
    );
    let (_, r) = accepted(&emu, philip, ch, "replace", &ask).await;
    assert!(
        r.content
            .contains("**walsingham** takes England from elizabeth"),
        "{}",
        r.content
    );
    dm_with(&emu, walsingham, "Your hand (England)").await;
    let (_, r) = say(&emu, elizabeth, ch, "hand", &[]).await;
    assert!(
        r.is_ephemeral() && r.content.contains("you hold no power"),
        "{}",
        r.content
    );
    bot.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn digests_reach_the_next_player_and_the_spectator() {
    let emu = Emulator::start().await;
    let (ch, u) = table(&emu, &["elizabeth", "catherine", "erin"]);
    let (elizabeth, catherine, erin) = (u[0], u[1], u[2]);
    let dir = tempfile::tempdir().expect("tempdir");
    let clock = ManualClock::new(T0);
    let bot = bot(&emu, &dir, &clock);
    wait_session(&emu, 1).await;
    ok(&emu, elizabeth, ch, "new", &[]).await;
    ok(&emu, elizabeth, ch, "join", &[("power", json!("england"))]).await;
    ok(&emu, catherine, ch, "join", &[("power", json!("france"))]).await;
    ok(&emu, elizabeth, ch, "start", &[]).await;
    say(&emu, erin, ch, "watch", &[]).await;
    for u in [elizabeth, catherine, elizabeth, catherine] {
        ok(&emu, u, ch, "done", &[]).await;
    }
    // England's impulse begins after France's last answer: England hears what happened since
    // its own last action.
    let d = dm_with(&emu, elizabeth, "Since your last turn").await;
    assert!(d.contains("Since your last turn** (England)"), "{d}");
    let w = dm_with(&emu, erin, "👁").await;
    assert!(w.contains("phase"), "{w}");
    assert!(!w.contains("Your hand"), "{w}");
    bot.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_end_of_a_campaign_posts_the_archive() {
    let emu = Emulator::start().await;
    let (ch, u) = table(&emu, &["elizabeth", "coligny"]);
    let (elizabeth, coligny) = (u[0], u[1]);
    let dir = tempfile::tempdir().expect("tempdir");
    let clock = ManualClock::new(T0);
    let bot = bot(&emu, &dir, &clock);
    wait_session(&emu, 1).await;
    ok(&emu, elizabeth, ch, "new", &[]).await;
    ok(&emu, elizabeth, ch, "join", &[("power", json!("england"))]).await;
    ok(&emu, coligny, ch, "join", &[("power", json!("protestant"))]).await;
    ok(&emu, elizabeth, ch, "start", &[]).await;
    for space in ["paris", "lyon", "bordeaux", "rouen", "marseille"] {
        let ix = invoke(
            &emu,
            coligny,
            ch,
            "adjust",
            &[
                ("what", json!("control")),
                ("space", json!(space)),
                ("owner", json!("protestant")),
            ],
        );
        emu.wait_response(&ix).await;
    }
    let names = emu
        .wait_until("the archive", |s| {
            let names: Vec<String> = s
                .channel_messages(ch)
                .iter()
                .flat_map(|m| m.attachments.iter().map(|a| a.filename.clone()))
                .collect();
            names.iter().any(|n| n.ends_with(".zip")).then_some(names)
        })
        .await;
    assert!(names.iter().any(|n| n.starts_with("vp-chart")), "{names:?}");
    let text = channel_text(&emu, ch);
    assert!(
        text.contains("The campaign is over") && text.contains("Seed `"),
        "{text}"
    );
    bot.shutdown().await;
}

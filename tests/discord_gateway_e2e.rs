//! Issue 32 item 6: the gateway as Discord runs it. Heartbeats that stop arriving close the
//! connection (4009, the session is gone); the real serenity client identifies again and the
//! bot keeps answering. (Sessions closed by the client with 1000/1001 are not resumable, and a
//! guild's events on a shard no session claims go nowhere: see `discord_ops_e2e`.)

#[path = "support/bot_e2e.rs"]
mod bot_e2e;
#[path = "support/discord_emulator/mod.rs"]
mod discord_emulator;

use std::time::Duration;

use bot_e2e::{say, wait_session, Bot};
use discord_emulator::{Emulator, EmulatorConfig};

/// x_gateway_heartbeat: two heartbeats are lost; the emulator closes the silent connection
/// (or serenity, missing its ACKs, reconnects first); either way the bot is back with a new
/// session and answers the next command.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn x_lost_heartbeats_close_the_connection_and_the_bot_comes_back() {
    let emu = Emulator::start_with(EmulatorConfig {
        heartbeat_interval: Duration::from_millis(1000),
        wait_timeout: Duration::from_secs(20),
        ..EmulatorConfig::default()
    })
    .await;
    let guild = emu.create_guild("Beat");
    let alice = emu.create_user("alice");
    emu.add_member(guild, alice);
    let ch = emu.create_text_channel(guild, "table");
    let dir = tempfile::tempdir().expect("tempdir");
    let bot = Bot::start(&emu, dir.path().join("games.sqlite3"), 3);
    wait_session(&emu, 1).await;
    let (_, r) = say(&emu, alice, ch, "new", &[]).await;
    assert!(!r.is_ephemeral(), "{}", r.content);

    emu.drop_heartbeats(2);
    let log = emu
        .wait_until("the silent connection to end and a new one to start", |s| {
            (s.gateway.connections >= 2 && s.gateway.heartbeats_dropped >= 1)
                .then(|| s.gateway.clone())
        })
        .await;
    if log.heartbeat_timeouts > 0 {
        assert!(log.closes_sent.contains(&4009), "{:?}", log.closes_sent);
        // The timed-out session is gone: the client identifies anew (a RESUME is refused).
        emu.wait_until("a new IDENTIFY", |s| {
            (s.gateway.identifies.len() >= 2).then_some(())
        })
        .await;
    }
    emu.wait_until("a live connection", |s| s.sessions_live().then_some(()))
        .await;
    let (_, r) = say(&emu, alice, ch, "status", &[]).await;
    assert!(
        !r.is_ephemeral(),
        "the bot answers after reconnecting: {}",
        r.content
    );
    bot.shutdown().await;
}

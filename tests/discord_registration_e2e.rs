//! Issue 32 item 5: a bulk registration Discord refuses (50035) is reported with Discord's
//! reason, and the bot keeps serving the commands registered before. A binary of its own: it
//! installs a global log subscriber to read what the bot reported.

#[path = "support/bot_e2e.rs"]
mod bot_e2e;
#[path = "support/discord_emulator/mod.rs"]
mod discord_emulator;

use std::sync::{Arc, Mutex};

use bot_e2e::{say, wait_session, Bot};
use discord_emulator::Emulator;

/// Collects formatted log lines.
#[derive(Clone, Default)]
struct LogBuffer(Arc<Mutex<Vec<u8>>>);

impl std::io::Write for LogBuffer {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0.lock().expect("log buffer").extend_from_slice(buf);
        Ok(buf.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// x_registration: the bot's commands are registered; after an update Discord refuses (here:
/// the emulator's per-command budget lowered below the size of `/vq`, Discord's
/// APPLICATION_COMMAND_TOO_LARGE), the restarted bot logs the refused field and still answers
/// `/vq` with the definitions Discord kept.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn x_a_refused_registration_is_reported_and_the_bot_keeps_serving() {
    let logs = LogBuffer::default();
    let writer = logs.clone();
    let subscriber = tracing_subscriber::fmt()
        .with_env_filter("vqbot=info")
        .with_writer(move || writer.clone())
        .with_ansi(false)
        .finish();
    tracing::subscriber::set_global_default(subscriber).expect("one subscriber per binary");

    let emu = Emulator::start().await;
    let guild = emu.create_guild("Reg");
    let alice = emu.create_user("alice");
    emu.add_member(guild, alice);
    let ch = emu.create_text_channel(guild, "table");
    let dir = tempfile::tempdir().expect("tempdir");
    let db = dir.path().join("games.sqlite3");
    let bot = Bot::start(&emu, db.clone(), 3);
    wait_session(&emu, 1).await;
    bot.shutdown().await;

    emu.set_command_chars_max(100);
    let bot = Bot::start(&emu, db, 3);
    let put = emu
        .wait_until("a refused registration", |s| {
            s.requests
                .iter()
                .filter(|r| r.method == "PUT")
                .nth(1)
                .filter(|r| r.status != 0)
                .cloned()
        })
        .await;
    assert_eq!(put.status, 400);
    assert_eq!(put.response["code"], 50035, "{}", put.response);

    let (_, r) = say(&emu, alice, ch, "new", &[]).await;
    assert!(!r.is_ephemeral(), "the bot still serves /vq: {}", r.content);
    let text = String::from_utf8_lossy(&logs.0.lock().expect("logs")).to_string();
    assert!(
        text.contains("rejected the slash commands")
            && text.contains("APPLICATION_COMMAND_TOO_LARGE"),
        "the refusal and its reason are logged: {text}"
    );
    bot.shutdown().await;
}

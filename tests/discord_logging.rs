//! The bot's tokens never reach the logs, even at TRACE level with serenity's own logging on.
//!
//! A binary of its own: a thread-local tracing subscriber only sees every event reliably when
//! no other test runs in the same process.

use crate::discord_emulator;

use std::sync::{Arc, Mutex};

use discord_emulator::{Emulator, EmulatorConfig};
use vqbot::discord::{run, BotConfig, BotError};

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

fn config(emu: &Emulator, token: &str) -> BotConfig {
    BotConfig {
        token: token.into(),
        rest_base: Some(emu.base_url()),
        dev_guild: None,
        ..BotConfig::default()
    }
}

#[test]
fn tokens_never_appear_in_logs() {
    let logs = LogBuffer::default();
    let writer = logs.clone();
    let subscriber = tracing_subscriber::fmt()
        .with_max_level(tracing::Level::TRACE)
        .with_ansi(false)
        .with_writer(move || writer.clone())
        .finish();
    let _guard = tracing::subscriber::set_default(subscriber);
    // One thread, so every task logs into this thread's subscriber.
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("runtime");
    let good = "good-SECRET-0123456789";
    let bad = "bad-SECRET-9876543210";
    runtime.block_on(async {
        let emu = Emulator::start_with(EmulatorConfig {
            token: good.into(),
            ..EmulatorConfig::default()
        })
        .await;
        let guild = emu.create_guild("g");
        let channel = emu.create_text_channel(guild, "c");
        let alice = emu.create_user("alice");
        let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
        let bot = tokio::spawn(run(config(&emu, good), async move {
            let _ = stopped.await;
        }));
        emu.wait_ready().await;
        let ix = emu.invoke_slash(alice, channel, "vq", "help", &[]);
        emu.wait_response(&ix).await;
        // The commands are registered beside the first answer, not before it: stop only once
        // the registration was logged (bounded), or a loaded machine stops the bot first.
        let registered = || {
            String::from_utf8_lossy(&logs.0.lock().expect("log buffer")).contains("registered /vq")
        };
        for _ in 0..500 {
            if registered() {
                break;
            }
            tokio::time::sleep(std::time::Duration::from_millis(20)).await;
        }
        let _ = stop.send(());
        bot.await.expect("no panic").expect("clean shutdown");

        let wrong = run(config(&emu, bad), std::future::pending()).await;
        assert!(matches!(wrong, Err(BotError::InvalidToken)), "{wrong:?}");
    });
    let text = String::from_utf8_lossy(&logs.0.lock().expect("log buffer")).to_string();
    assert!(
        text.contains("registered /vq"),
        "the subscriber saw the bot's logs"
    );
    assert!(text.contains("serenity::gateway"), "and serenity's");
    assert!(!text.contains("SECRET"), "a token leaked into the logs");
}

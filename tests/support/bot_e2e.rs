//! What the end-to-end Discord tests share: the bot started against the loopback emulator on a
//! game file, commands typed by their slash path (read from the bot's own registry, so a command
//! moved into a group needs no test change), and readers for answers, buttons and DMs.
//!
//! A test file includes it after the emulator:
//! `#[path = "support/discord_emulator/mod.rs"] mod discord_emulator;`
//! `#[path = "support/bot_e2e.rs"] mod bot_e2e;`
#![allow(dead_code)]

use std::path::PathBuf;
use std::time::Duration;

use super::discord_emulator::{
    ChannelId, ChannelKind, Emulator, Interaction, MessageRecord, UserId,
};
use serde_json::Value;
use tokio::sync::oneshot;
use tokio::task::JoinHandle;
use vqbot::discord::{run, BotConfig, BotError, GROUPS, ROOT, STANDALONE};

/// The bot running on its own task until `shutdown`.
pub struct Bot {
    stop: oneshot::Sender<()>,
    task: JoinHandle<Result<(), BotError>>,
}

impl Bot {
    /// Starts the bot on `database` with games seeded by `seed`.
    pub fn start(emu: &Emulator, database: PathBuf, seed: u64) -> Bot {
        Bot::spawn(BotConfig {
            token: emu.token(),
            rest_base: Some(emu.base_url()),
            // serenity's own rate limiter, as in production (issue 32 item 2).
            rate_limiter: true,
            https_proxy: Some(emu.https_proxy_url()),
            database: Some(database),
            seed: Some(seed),
            ack_budget: Duration::from_millis(800),
            ..BotConfig::default()
        })
    }

    /// Starts the bot with a configuration of the test's own.
    pub fn spawn(config: BotConfig) -> Bot {
        let (stop, rx) = oneshot::channel();
        let task = tokio::spawn(run(config, async move {
            let _ = rx.await;
        }));
        Bot { stop, task }
    }

    /// Stops the bot and checks it stopped cleanly within 15 s.
    pub async fn shutdown(self) {
        let _ = self.stop.send(());
        let r = tokio::time::timeout(Duration::from_secs(15), self.task)
            .await
            .expect("the bot stops within 15 s")
            .expect("the bot task does not panic");
        r.expect("clean shutdown");
    }
}

/// Waits until the bot has connected and registered its commands `n` times (restarts count).
pub async fn wait_session(emu: &Emulator, n: usize) {
    emu.wait_until("the bot to connect and register", |s| {
        (s.gateway.identifies.len() >= n && s.registrations as usize >= n).then_some(())
    })
    .await;
}

/// Types the table command `sub` as `user`: `/vq-adjust …` for a standalone command, `/vq
/// <group> <sub> …` for a grouped one, `/vq <sub> …` otherwise. Returns the interaction and its
/// first answer.
pub async fn say(
    emu: &Emulator,
    user: UserId,
    ch: ChannelId,
    sub: &str,
    opts: &[(&str, Value)],
) -> (Interaction, MessageRecord) {
    let ix = invoke(emu, user, ch, sub, opts);
    let r = emu.wait_response(&ix).await;
    (ix, r)
}

/// Sends the table command `sub` as [`say`] does, without waiting for the answer.
pub fn invoke(
    emu: &Emulator,
    user: UserId,
    ch: ChannelId,
    sub: &str,
    opts: &[(&str, Value)],
) -> Interaction {
    match STANDALONE.iter().find(|s| s.command == sub) {
        Some(s) => emu.invoke_path(user, ch, s.name[0], &[], opts),
        None => {
            let path = match GROUPS.iter().find(|g| g.members.contains(&sub)) {
                Some(g) => vec![g.name, sub],
                None => vec![sub],
            };
            emu.invoke_path(user, ch, ROOT, &path, opts)
        }
    }
}

/// [`say`], which must be accepted (its answer is public); returns the interaction.
pub async fn ok(
    emu: &Emulator,
    user: UserId,
    ch: ChannelId,
    sub: &str,
    opts: &[(&str, Value)],
) -> Interaction {
    accepted(emu, user, ch, sub, opts).await.0
}

/// [`say`], which must be accepted (its answer is public); returns the interaction and its
/// first answer.
pub async fn accepted(
    emu: &Emulator,
    user: UserId,
    ch: ChannelId,
    sub: &str,
    opts: &[(&str, Value)],
) -> (Interaction, MessageRecord) {
    let (ix, r) = say(emu, user, ch, sub, opts).await;
    assert!(
        !r.is_ephemeral(),
        "/vq {sub} {opts:?} was refused: {}",
        r.content
    );
    (ix, r)
}

/// The "who acts next" line among the answers to `ix`.
/// The messages an interaction's answer wrote: its original message and follow-ups, but not
/// the message a clicked button lives on when the click was only acknowledged (type 6): that
/// message is the old prompt, and the answer comes in follow-ups (a slow answer would otherwise
/// be read as the old prompt).
fn answer_messages(
    rec: &super::discord_emulator::InteractionRecord,
) -> Vec<super::discord_emulator::MessageId> {
    rec.original_message
        .into_iter()
        .filter(|m| rec.response_type != Some(6) || Some(*m) != rec.source_message)
        .chain(rec.followups.iter().copied())
        .collect()
}

pub async fn line_of(emu: &Emulator, ix: &Interaction) -> MessageRecord {
    let id = ix.id;
    emu.wait_until("the next-up line of a command", move |s| {
        let rec = s.interaction(id)?;
        answer_messages(rec)
            .into_iter()
            .filter_map(|m| s.message(m).cloned())
            .find(|m| !m.is_loading() && !m.is_ephemeral() && m.content.contains('➡'))
    })
    .await
}

/// All public text posted in answer to `ix` (once its "next" line is there).
pub async fn said(emu: &Emulator, ix: &Interaction) -> String {
    line_of(emu, ix).await;
    let id = ix.id;
    emu.wait_until("the answers of a command", move |s| {
        let rec = s.interaction(id)?;
        Some(
            answer_messages(rec)
                .into_iter()
                .filter_map(|m| s.message(m).cloned())
                .filter(|m| !m.is_ephemeral())
                .map(|m| m.content + "\n")
                .collect::<String>(),
        )
    })
    .await
}

/// The buttons under a message: (label, custom id).
pub fn buttons(m: &MessageRecord) -> Vec<(String, String)> {
    m.components
        .iter()
        .flat_map(|row| row["components"].as_array().cloned().unwrap_or_default())
        .map(|c| {
            (
                c["label"].as_str().unwrap_or_default().to_string(),
                c["custom_id"].as_str().unwrap_or_default().to_string(),
            )
        })
        .collect()
}

/// The custom id of the button whose label starts with `label_start`.
pub fn button(m: &MessageRecord, label_start: &str) -> String {
    buttons(m)
        .into_iter()
        .find(|(l, _)| l.starts_with(label_start))
        .unwrap_or_else(|| {
            panic!(
                "no {label_start:?} button under {:?}: {:?}",
                m.content,
                buttons(m)
            )
        })
        .1
}

/// Clicks a button as `user`; the click must be accepted. Returns the interaction.
pub async fn click(emu: &Emulator, user: UserId, m: &MessageRecord, id: &str) -> Interaction {
    let ix = emu.click_component(user, m.id, id);
    let r = emu.wait_response(&ix).await;
    assert!(!r.is_ephemeral(), "click {id} refused: {}", r.content);
    ix
}

/// Every public message of a channel, as one text.
pub fn channel_text(emu: &Emulator, ch: ChannelId) -> String {
    emu.messages_in(ch)
        .into_iter()
        .filter(|m| !m.is_ephemeral())
        .map(|m| m.content + "\n")
        .collect()
}

/// Every DM of a user, as one text.
pub fn dm_text(emu: &Emulator, u: UserId) -> String {
    emu.dms_of(u)
        .into_iter()
        .map(|m| m.content + "\n")
        .collect()
}

/// Waits until `u`'s DMs contain `needle`; returns them.
pub async fn dm_with(emu: &Emulator, u: UserId, needle: &str) -> String {
    let n = needle.to_string();
    emu.wait_until(&format!("a DM containing {needle:?}"), move |s| {
        let text: String = s
            .channels
            .values()
            .filter(|c| c.kind == ChannelKind::Dm(u))
            .flat_map(|c| s.channel_messages(c.id))
            .map(|m| m.content + "\n")
            .collect();
        text.contains(&n).then_some(text)
    })
    .await
}

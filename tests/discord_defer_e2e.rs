//! Issue 32 item 4: a deferred answer keeps the visibility chosen when deferring. The emulator
//! is strict where Discord is: the first follow-up after a deferral edits the "thinking"
//! message, so once that message is deleted the follow-up (and any edit) fails with 10008; the
//! bot no longer deletes a public "thinking" message to answer privately.

#[path = "support/bot_e2e.rs"]
mod bot_e2e;
#[path = "support/discord_emulator/mod.rs"]
mod discord_emulator;

use std::time::Duration;

use bot_e2e::{invoke, wait_session, Bot};
use discord_emulator::{Emulator, Interaction, MessageRecord, LOADING};
use serde_json::json;
use vqbot::discord::BotConfig;

/// Every command is deferred: an acknowledgement budget of zero.
fn always_defer(emu: &Emulator) -> Bot {
    Bot::spawn(BotConfig {
        token: emu.token(),
        rest_base: Some(emu.base_url()),
        rate_limiter: true,
        https_proxy: Some(emu.https_proxy_url()),
        seed: Some(5),
        ack_budget: Duration::ZERO,
        ..BotConfig::default()
    })
}

/// The original response and the follow-ups of `ix`, once the original is filled in.
async fn all_answers(emu: &Emulator, ix: &Interaction) -> Vec<MessageRecord> {
    let first = emu.wait_response(ix).await;
    tokio::time::sleep(Duration::from_millis(200)).await;
    std::iter::once(first).chain(emu.followups(ix)).collect()
}

/// x_defer_private: input that does not parse is deferred privately, and the refusal fills
/// that private message; a game action is deferred publicly and, refused by the table, its
/// public message says only that the answer went to its author, and the reason follows privately. No
/// request of the bot fails.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn x_a_deferred_refusal_answers_privately_without_deleting_the_thinking_message() {
    let emu = Emulator::start().await;
    let guild = emu.create_guild("Defer");
    let alice = emu.create_user("alice");
    emu.add_member(guild, alice);
    let ch = emu.create_text_channel(guild, "table");
    let bot = always_defer(&emu);
    wait_session(&emu, 1).await;

    // A game action the table refuses: there is no game to start.
    let start = invoke(&emu, alice, ch, "start", &[]);
    let cb = emu.wait_callback(&start).await;
    assert_eq!(cb.json.as_ref().map(|j| j["type"].clone()), Some(json!(5)));
    let answers = all_answers(&emu, &start).await;
    assert!(!answers[0].is_ephemeral(), "deferred publicly");
    assert!(
        answers[0].content.contains("author only"),
        "{}",
        answers[0].content
    );
    assert!(
        answers
            .iter()
            .skip(1)
            .any(|m| m.is_ephemeral() && !m.content.is_empty()),
        "the reason follows privately: {answers:?}"
    );

    // Input that does not parse: deferred privately, answered in that private message.
    // (A blank power is `power:` missing: the input does not parse.)
    let bad = invoke(&emu, alice, ch, "join", &[("power", json!("  "))]);
    let cb = emu.wait_callback(&bad).await;
    let flags = cb.json.as_ref().map(|j| j["data"]["flags"].clone());
    assert_eq!(flags, Some(json!(64)), "deferred privately: {:?}", cb.json);
    let answers = all_answers(&emu, &bad).await;
    assert!(answers[0].is_ephemeral(), "{answers:?}");
    assert!(answers[0].flags & LOADING == 0);
    assert!(!answers[0].content.is_empty());

    // A public answer to a deferred public message fills it.
    let new = invoke(&emu, alice, ch, "new", &[]);
    let answers = all_answers(&emu, &new).await;
    assert!(!answers[0].is_ephemeral(), "{}", answers[0].content);

    let failed: Vec<_> = emu
        .requests()
        .into_iter()
        .filter(|r| r.status >= 400)
        .map(|r| (r.method, r.path, r.response))
        .collect();
    assert!(failed.is_empty(), "requests failed: {failed:?}");
    bot.shutdown().await;
}

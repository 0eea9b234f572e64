//! Issue 32 item 1: channel permissions as Discord enforces them. The emulator sends
//! GUILD_CREATE with roles and overwrites and answers 50001/50013 for a channel the bot may not
//! see or post in. When the Empire's secret choice (a button in a DM) cannot be announced in the
//! game's channel, the player is told what the bot lacks and how to fix it; the table is told
//! when only the picture is refused; the missed announcement is posted with the channel's next
//! answer.

use crate::bot_e2e;
use crate::discord_emulator;

use bot_e2e::{accepted, buttons, dm_with, say, wait_session, Bot};
use discord_emulator::permissions::{bits, Target};
use discord_emulator::{ChannelId, Emulator, MessageRecord, UserId};
use serde_json::json;

struct Table {
    emu: Emulator,
    ch: ChannelId,
    alice: UserId,
    bob: UserId,
    carol: UserId,
    _dir: tempfile::TempDir,
    bot: Bot,
}

/// Three players through diplomacy, up to the Empire's secret choice (buttons in carol's DM).
async fn up_to_the_secret_choice() -> (Table, MessageRecord) {
    let emu = Emulator::start().await;
    let guild = emu.create_guild("Perms");
    let (alice, bob, carol) = (
        emu.create_user("alice"),
        emu.create_user("bob"),
        emu.create_user("carol"),
    );
    for u in [alice, bob, carol] {
        emu.add_member(guild, u);
    }
    let ch = emu.create_text_channel(guild, "table");
    let dir = tempfile::tempdir().expect("tempdir");
    let bot = Bot::start(&emu, dir.path().join("games.sqlite3"), 42);
    wait_session(&emu, 1).await;
    accepted(&emu, alice, ch, "new", &[]).await;
    accepted(&emu, alice, ch, "join", &[("power", json!("england"))]).await;
    accepted(&emu, bob, ch, "join", &[("power", json!("france"))]).await;
    accepted(&emu, carol, ch, "join", &[("power", json!("empire"))]).await;
    accepted(&emu, alice, ch, "start", &[]).await;
    for u in [alice, bob, carol] {
        accepted(&emu, u, ch, "done", &[]).await;
    }
    dm_with(&emu, carol, "secret choice").await;
    let prompt = emu
        .dms_of(carol)
        .into_iter()
        .rfind(|m| !m.components.is_empty())
        .expect("a DM with buttons");
    (
        Table {
            emu,
            ch,
            alice,
            bob,
            carol,
            _dir: dir,
            bot,
        },
        prompt,
    )
}

fn catholic(prompt: &MessageRecord) -> String {
    buttons(prompt)
        .into_iter()
        .find(|(l, _)| l.contains("Catholic"))
        .expect("a Catholic button")
        .1
}

/// x_perm_send: without Send Messages in the game's channel the commitment cannot be posted;
/// carol is told in her DM which permission is missing and where to grant it; once the
/// permission is back, the channel's next answer carries the missed commitment.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn x_a_refused_announcement_is_explained_to_the_player_and_posted_later() {
    let (t, prompt) = up_to_the_secret_choice().await;
    let emu = &t.emu;
    // A moderator takes Send Messages from the bot in the game's channel.
    emu.deny_bot(t.ch, bits::SEND_MESSAGES);
    let from = emu.requests().len();
    let click = emu.click_component(t.carol, prompt.id, &catholic(&prompt));
    let first = emu.wait_response(&click).await;
    // The answer may come in follow-ups after the first response: wait for them (bounded).
    let mut answers = String::new();
    for _ in 0..100 {
        answers = std::iter::once(first.clone())
            .chain(emu.followups(&click))
            .map(|m| m.content + "\n")
            .collect();
        if answers.contains("Catholic") && answers.contains("Send Messages") {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    let refused = emu.read(|s| {
        s.requests
            .iter()
            .filter(|r| r.path == format!("/api/v10/channels/{}/messages", t.ch.0))
            .map(|r| r.response["code"].clone())
            .collect::<Vec<_>>()
    });
    assert!(
        refused.iter().any(|c| c == 50013),
        "the emulator refused the post: {refused:?}"
    );
    assert!(
        answers.contains("Send Messages") && answers.contains("Permissions"),
        "carol is told what the bot lacks: {answers}"
    );
    assert!(answers.contains("Catholic"), "{answers}");
    let posted = emu.read(|s| {
        s.requests
            .iter()
            .skip(from)
            .filter(|r| r.path == format!("/api/v10/channels/{}/messages", t.ch.0))
            .filter(|r| r.status == 200)
            .count()
    });
    assert_eq!(posted, 0, "nothing reached the channel");

    // Posting works again: the next answer in the channel brings the commitment.
    emu.deny_bot(t.ch, 0);
    let (_, r) = say(emu, t.alice, t.ch, "status", &[]).await;
    assert!(!r.is_ephemeral(), "{}", r.content);
    assert!(
        r.content.contains("Not posted here") && r.content.contains("ommitment"),
        "the missed announcement comes with the next answer: {}",
        r.content
    );
    assert!(
        !r.content.contains("Catholic"),
        "the secret leaked: {}",
        r.content
    );
    let _ = t.bob;
    t.bot.shutdown().await;
}

/// x_perm_access: a channel the bot cannot even see (View Channel denied to its role) answers
/// 50001; the player is told to give the bot View Channel.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn x_a_channel_the_bot_cannot_see_is_named_to_the_player() {
    let (t, prompt) = up_to_the_secret_choice().await;
    let emu = &t.emu;
    let guild = emu.read(|s| s.guild_of(t.ch)).expect("a guild channel");
    let role = emu.bot_role(guild);
    emu.set_overwrite(t.ch, Target::Role(role), 0, bits::VIEW_CHANNEL);
    // The @everyone role cannot see it either (a private channel).
    emu.set_overwrite(t.ch, Target::Role(guild.0), 0, bits::VIEW_CHANNEL);
    let click = emu.click_component(t.carol, prompt.id, &catholic(&prompt));
    let first = emu.wait_response(&click).await;
    let answers: String = std::iter::once(first)
        .chain(emu.followups(&click))
        .map(|m| m.content + "\n")
        .collect();
    let codes = emu.read(|s| {
        s.requests
            .iter()
            .filter(|r| r.path == format!("/api/v10/channels/{}/messages", t.ch.0))
            .map(|r| r.response["code"].clone())
            .collect::<Vec<_>>()
    });
    assert!(codes.iter().any(|c| c == 50001), "{codes:?}");
    assert!(answers.contains("View Channel"), "{answers}");
    t.bot.shutdown().await;
}

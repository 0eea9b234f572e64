//! Issue 32 item 3: one interaction delivered twice runs once. Discord may deliver an
//! INTERACTION_CREATE again (a resumed session replaying it, two processes on one shard during
//! a deploy overlap); the bot claims each interaction id in its store before it acts, so the
//! second delivery changes nothing and sends nothing, even after a restart.

#[path = "support/bot_e2e.rs"]
mod bot_e2e;
#[path = "support/discord_emulator/mod.rs"]
mod discord_emulator;

use std::time::Duration;

use bot_e2e::{accepted, invoke, say, wait_session, Bot};
use discord_emulator::{Emulator, Interaction};
use serde_json::json;

/// The requests the bot made to answer `ix` (callback, follow-ups, edits), with their status.
fn answers_to(emu: &Emulator, ix: &Interaction) -> Vec<u16> {
    let by_id = format!("/interactions/{}/", ix.id);
    emu.requests()
        .into_iter()
        .filter(|r| r.path.contains(&by_id) || r.path.contains(&ix.token))
        .map(|r| r.status)
        .collect()
}

/// Gives a bot that (wrongly) acts on a second delivery time to do so: a later command of the
/// same channel is answered, then a short grace.
async fn settle(emu: &Emulator, user: discord_emulator::UserId, ch: discord_emulator::ChannelId) {
    let _ = say(emu, user, ch, "status", &[]).await;
    tokio::time::sleep(Duration::from_millis(400)).await;
}

/// x_replay: a replayed `join` neither answers again (no second callback, no 40060) nor joins
/// twice, and after a restart on the same database a replay is still recognised.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn x_a_replayed_interaction_runs_once_even_after_a_restart() {
    let emu = Emulator::start().await;
    let guild = emu.create_guild("Dup");
    let alice = emu.create_user("alice");
    let bob = emu.create_user("bob");
    emu.add_member(guild, alice);
    emu.add_member(guild, bob);
    let ch = emu.create_text_channel(guild, "table");
    let dir = tempfile::tempdir().expect("tempdir");
    let db = dir.path().join("games.sqlite3");

    let bot = Bot::start(&emu, db.clone(), 7);
    wait_session(&emu, 1).await;
    accepted(&emu, alice, ch, "new", &[]).await;
    let (join, _) = accepted(&emu, alice, ch, "join", &[("power", json!("england"))]).await;
    assert_eq!(answers_to(&emu, &join), vec![204]);

    assert!(emu.redeliver(&join), "a session received the replay");
    settle(&emu, alice, ch).await;
    assert_eq!(
        answers_to(&emu, &join),
        vec![204],
        "the replayed interaction was answered again"
    );

    bot.shutdown().await;
    let bot = Bot::start(&emu, db, 7);
    wait_session(&emu, 2).await;
    assert!(emu.redeliver(&join), "the new session received the replay");
    settle(&emu, alice, ch).await;
    assert_eq!(
        answers_to(&emu, &join),
        vec![204],
        "after a restart the replay was answered again"
    );
    // The game still has one English seat: bob's France joins normally.
    let (_, r) = say(&emu, bob, ch, "join", &[("power", json!("france"))]).await;
    assert!(!r.is_ephemeral(), "{}", r.content);
    assert!(
        emu.requests()
            .iter()
            .all(|r| r.status != 400 || r.response["code"] != 40060),
        "an interaction was acknowledged twice"
    );
    bot.shutdown().await;
}

/// x_two_sessions: two bot processes identified on the same shard (a deploy overlap) both
/// receive every interaction; exactly one of them answers it and the game is created once.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn x_two_sessions_on_one_shard_answer_each_interaction_once() {
    let emu = Emulator::start().await;
    let guild = emu.create_guild("Overlap");
    let alice = emu.create_user("alice");
    emu.add_member(guild, alice);
    let ch = emu.create_text_channel(guild, "table");
    let dir = tempfile::tempdir().expect("tempdir");
    let db = dir.path().join("games.sqlite3");

    let old = Bot::start(&emu, db.clone(), 7);
    wait_session(&emu, 1).await;
    let new = Bot::start(&emu, db, 7);
    wait_session(&emu, 2).await;
    emu.wait_until("two live sessions", |s| {
        (s.gateway.connections >= 2).then_some(())
    })
    .await;

    let created = invoke(&emu, alice, ch, "new", &[]);
    let r = emu.wait_response(&created).await;
    assert!(!r.is_ephemeral(), "{}", r.content);
    let delivered = emu.read(|s| {
        s.gateway
            .dispatches
            .iter()
            .filter(|(_, t)| t == "INTERACTION_CREATE")
            .count()
    });
    assert_eq!(delivered, 2, "both sessions received the interaction");
    settle(&emu, alice, ch).await;
    assert_eq!(
        answers_to(&emu, &created),
        vec![204],
        "both sessions answered the interaction"
    );
    assert!(
        emu.requests().iter().all(|r| r.response["code"] != 40060),
        "an interaction was acknowledged twice"
    );
    old.shutdown().await;
    new.shutdown().await;
}

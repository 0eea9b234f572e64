//! Issue 30, items 1 and 2 through Discord, end to end against the loopback emulator: a standing
//! answer is confirmed to its setter only, and a ransom's card is named by DM to the two players
//! while the channel hears whose hand it came from and that one card moved.

use crate::bot_e2e;
use crate::discord_emulator;

use bot_e2e::*;
use discord_emulator::Emulator;
use serde_json::json;

/// Waits until the channel's public text contains `needle`; returns it.
async fn channel_with(emu: &Emulator, ch: discord_emulator::ChannelId, needle: &str) -> String {
    let n = needle.to_string();
    emu.wait_until(&format!("the channel saying {needle:?}"), move |s| {
        let text: String = s
            .channel_messages(ch)
            .into_iter()
            .filter(|m| !m.is_ephemeral())
            .map(|m| m.content + "\n")
            .collect();
        text.contains(&n).then_some(text)
    })
    .await
}

// Item 1: `standing answer:never_intercept` — the setter is told by DM; the channel and the other
// player hear nothing of the policy.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn x_words_a_standing_answer_reaches_only_its_setter() {
    let emu = Emulator::start().await;
    let guild = emu.create_guild("Dijon");
    let ch = emu.create_text_channel(guild, "table");
    let (elizabeth, catherine) = (emu.create_user("elizabeth"), emu.create_user("catherine"));
    emu.add_member(guild, elizabeth);
    emu.add_member(guild, catherine);
    let dir = tempfile::tempdir().expect("tempdir");
    let bot = Bot::start(&emu, dir.path().join("games.sqlite3"), 7);
    wait_session(&emu, 1).await;

    ok(&emu, elizabeth, ch, "new", &[]).await;
    ok(&emu, elizabeth, ch, "join", &[("power", json!("england"))]).await;
    ok(&emu, catherine, ch, "join", &[("power", json!("france"))]).await;
    ok(&emu, elizabeth, ch, "start", &[]).await;
    let ix = ok(
        &emu,
        catherine,
        ch,
        "standing",
        &[("answer", json!("never_intercept")), ("on", json!("yes"))],
    )
    .await;
    let _ = line_of(&emu, &ix).await;
    let dm = dm_with(&emu, catherine, "never intercept").await;
    assert!(dm.contains("only you are told"), "{dm}");
    let channel = channel_text(&emu, ch);
    assert!(
        !channel.contains("never intercept") && !channel.contains("tanding answer"),
        "the channel hears the policy: {channel}"
    );
    let other = dm_text(&emu, elizabeth);
    assert!(
        !other.contains("never intercept"),
        "England was told: {other}"
    );
    bot.shutdown().await;
}

// Item 2 (C-DIP-RANSOM): the card drawn from Spain's hand is named by DM to Spain and France
// only; the channel reads whose hand and that one card moved.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn x_words_c_dip_ransom_card_reaches_the_two_players_only() {
    let emu = Emulator::start().await;
    let guild = emu.create_guild("Madrid");
    let ch = emu.create_text_channel(guild, "table");
    let (philip, catherine, elizabeth) = (
        emu.create_user("philip"),
        emu.create_user("catherine"),
        emu.create_user("elizabeth"),
    );
    for u in [philip, catherine, elizabeth] {
        emu.add_member(guild, u);
    }
    let dir = tempfile::tempdir().expect("tempdir");
    let bot = Bot::start(&emu, dir.path().join("games.sqlite3"), 7);
    wait_session(&emu, 1).await;

    ok(&emu, philip, ch, "new", &[]).await;
    ok(&emu, philip, ch, "join", &[("power", json!("spain"))]).await;
    ok(&emu, catherine, ch, "join", &[("power", json!("france"))]).await;
    ok(&emu, elizabeth, ch, "join", &[("power", json!("england"))]).await;
    let position = r#"format = 1
scenario = "1559"
powers = ["spain", "france", "england"]

[turn]
number = 2
phase = "diplomacy"

[hands]
spain = [16]
france = [6]
england = [4]

[leaders]
captured = [{ leader = "ALBA", by = "france" }]
"#;
    let id = emu.upload("ransom.toml", position.as_bytes());
    ok(
        &emu,
        philip,
        ch,
        "setup",
        &[("file", json!(id.to_string()))],
    )
    .await;
    ok(&emu, philip, ch, "start", &[]).await;
    let card = "Ruler Falls Ill";
    dm_with(&emu, philip, card).await; // Spain's hand, dealt privately
    ok(
        &emu,
        philip,
        ch,
        "ransom",
        &[("leader", json!("alba")), ("to", json!("madrid"))],
    )
    .await;
    let channel = channel_with(&emu, ch, "is ransomed").await;
    assert!(
        channel.contains("France takes 1 card at random from Spain's hand"),
        "{channel}"
    );
    assert!(!channel.contains("card(s)"), "{channel}");
    assert!(
        !channel.contains(card),
        "the card is named in public: {channel}"
    );
    for u in [philip, catherine] {
        let dm = dm_with(&emu, u, "Ransom (only Spain and France are told)").await;
        assert!(dm.contains(card), "{dm}");
    }
    let england = dm_text(&emu, elizabeth);
    assert!(!england.contains("Ransom"), "England was told: {england}");
    bot.shutdown().await;
}

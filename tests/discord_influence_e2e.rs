//! Diplomatic influence through Discord, end to end against the loopback emulator (issue 26): a
//! four-power game (the Ottoman and the Empire inactive), Spain and England buy influence on
//! Scotland with `/vq diplomacy influence` in their impulses, and the contest is announced with
//! its dice (X-INF-BUY, X-INF-ROLL).

use crate::bot_e2e;
use crate::discord_emulator;

use bot_e2e::*;
use discord_emulator::{ChannelId, Emulator, UserId};
use serde_json::json;

/// Plays a card of `who`'s hand for CP: the first of the autocomplete's choices the bot accepts.
async fn play_for_cp(emu: &Emulator, who: UserId, ch: ChannelId) {
    let ac = emu.autocomplete(who, ch, "vq", &["play"], &[("card", json!(""))], "card");
    let choices = emu.wait_choices(&ac).await;
    for c in &choices {
        let (_, r) = say(
            emu,
            who,
            ch,
            "play",
            &[("card", c["value"].clone()), ("as", json!("cp"))],
        )
        .await;
        if !r.is_ephemeral() {
            return;
        }
    }
    panic!("no card of {choices:?} could be played for CP");
}

// X-INF-BUY, X-INF-ROLL, X-INACTIVE-SETUP: the purchases are announced in the channel, a
// purchase on a seated major is refused privately, and the contest for Scotland is announced
// with each roller's die plus influence and the winner.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn x_inf_buy_and_contest_through_discord() {
    let emu = Emulator::start().await;
    let guild = emu.create_guild("Escorial");
    let ch = emu.create_text_channel(guild, "table");
    let names = ["philip", "elizabeth", "catherine", "william"];
    let users: Vec<UserId> = names.iter().map(|n| emu.create_user(n)).collect();
    for u in &users {
        emu.add_member(guild, *u);
    }
    let (spain, england) = (users[0], users[1]);
    let dir = tempfile::tempdir().expect("tempdir");
    let bot = Bot::start(&emu, dir.path().join("games.sqlite3"), 26);
    wait_session(&emu, 1).await;

    ok(&emu, spain, ch, "new", &[]).await;
    for (u, p) in users
        .iter()
        .zip(["spain", "england", "france", "protestant"])
    {
        ok(&emu, *u, ch, "join", &[("power", json!(p))]).await;
    }
    let ix = ok(&emu, spain, ch, "start", &[]).await;
    let text = said(&emu, &ix).await;
    assert!(text.contains("Inactive majors in this game"), "{text}");
    // Diplomacy, then Spring Deployment in the impulse order: nothing.
    for u in &users {
        ok(&emu, *u, ch, "done", &[]).await;
    }
    for u in &users {
        ok(&emu, *u, ch, "done", &[]).await;
    }

    // Spain's impulse: a card for CP, then influence on Scotland.
    play_for_cp(&emu, spain, ch).await;
    let (_, r) = say(
        &emu,
        spain,
        ch,
        "influence",
        &[("target", json!("england")), ("steps", json!(1))],
    )
    .await;
    assert!(
        r.is_ephemeral(),
        "influence on a seated major: {}",
        r.content
    );
    assert!(r.content.contains("X-INACTIVE"), "{}", r.content);
    let ix = ok(
        &emu,
        spain,
        ch,
        "influence",
        &[("target", json!("scotland")), ("steps", json!(2))],
    )
    .await;
    let text = said(&emu, &ix).await;
    assert!(
        text.contains("Spain buys 2 step(s) of influence on Scotland for 2 CP: now 2"),
        "{text}"
    );
    ok(&emu, spain, ch, "end", &[]).await;

    // England's impulse: the same.
    play_for_cp(&emu, england, ch).await;
    let ix = ok(
        &emu,
        england,
        ch,
        "influence",
        &[("target", json!("scotland")), ("steps", json!(1))],
    )
    .await;
    let text = said(&emu, &ix).await;
    assert!(
        text.contains("England buys 1 step(s) of influence on Scotland for 1 CP: now 1"),
        "{text}"
    );
    ok(&emu, england, ch, "end", &[]).await;

    // The contest. In play it comes at the end of the Action phase (X-INF-RESOLVE); here the
    // group asks for it now with `adjust what:resolve`, which runs the same roll.
    let ix = ok(
        &emu,
        england,
        ch,
        "adjust",
        &[("what", json!("resolve")), ("minor", json!("scotland"))],
    )
    .await;
    let text = said(&emu, &ix).await;
    let re = regex::Regex::new(
        r"Diplomatic status of Scotland resolved \(X-INF-ROLL\): Spain ([1-6])\+2=(\d+), England ([1-6])\+1=(\d+)\. (Spain|England) wins",
    )
    .expect("regex");
    let c = re
        .captures(&text)
        .unwrap_or_else(|| panic!("no contest with its dice in: {text}"));
    let (s, e): (u8, u8) = (c[2].parse().unwrap_or(0), c[4].parse().unwrap_or(0));
    assert_eq!(c[1].parse::<u8>().unwrap_or(0) + 2, s);
    assert_eq!(c[3].parse::<u8>().unwrap_or(0) + 1, e);
    assert_ne!(
        s, e,
        "seed 26 gives no tie (a tie would leave Scotland as it was)"
    );
    assert_eq!(&c[5], if s > e { "Spain" } else { "England" });
    // The status panel shows the new holder.
    say(&emu, england, ch, "status", &[]).await;
    let holder = format!("held by {}", &c[5]);
    emu.wait_until("the status reply", |st| {
        st.channel_messages(ch)
            .iter()
            .any(|m| m.content.contains("Scotland (track 5)") && m.content.contains(&holder))
            .then_some(())
    })
    .await;
    bot.shutdown().await;
}

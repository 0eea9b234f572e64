//! Land warfare through Discord, end to end against the loopback emulator: Spain attacks France;
//! France answers an interception offer, an avoid-battle offer, its casualties and its retreat
//! with the buttons under the "next" line, a restart happens while the battle waits for a
//! casualty choice (the old button still works and the battle resumes), and a withdrawal into
//! Lyon's fortifications is chosen with a button.

use crate::bot_e2e;
use crate::discord_emulator;

use bot_e2e::*;
use discord_emulator::{ChannelId, Emulator, UserId};
use serde_json::{json, Value};

async fn adjust(emu: &Emulator, u: UserId, ch: ChannelId, opts: &[(&str, Value)]) {
    ok(emu, u, ch, "adjust", opts).await;
}

async fn units(emu: &Emulator, u: UserId, ch: ChannelId, space: &str, owner: &str, r: u8, m: u8) {
    adjust(
        emu,
        u,
        ch,
        &[
            ("what", json!("units")),
            ("space", json!(space)),
            ("owner", json!(owner)),
            ("regulars", json!(r)),
            ("mercenaries", json!(m)),
            ("cavalry", json!(0)),
            ("squadrons", json!(0)),
        ],
    )
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_battle_is_played_with_buttons_and_survives_a_restart() {
    let emu = Emulator::start().await;
    let guild = emu.create_guild("Italian Wars");
    let ch = emu.create_text_channel(guild, "table");
    let (philip, henri) = (emu.create_user("philip"), emu.create_user("henri"));
    emu.add_member(guild, philip);
    emu.add_member(guild, henri);
    let dir = tempfile::tempdir().expect("tempdir");
    let db = dir.path().join("games.sqlite3");
    // A bot seed whose dice give France both a casualty choice and a retreat choice.
    let seed = 4;
    let mut bot = Some(Bot::start(&emu, db.clone(), seed));
    wait_session(&emu, 1).await;

    ok(&emu, philip, ch, "new", &[]).await;
    ok(&emu, philip, ch, "join", &[("power", json!("spain"))]).await;
    ok(&emu, henri, ch, "join", &[("power", json!("france"))]).await;
    ok(&emu, philip, ch, "start", &[]).await;
    // War by adjustment: a declaration would need a card of the random hand (C-DIP-WAR-COST).
    ok(
        &emu,
        philip,
        ch,
        "adjust",
        &[
            ("what", json!("relation")),
            ("target", json!("spain")),
            ("other", json!("france")),
            ("status", json!("war")),
        ],
    )
    .await;
    ok(&emu, philip, ch, "done", &[]).await;
    ok(&emu, henri, ch, "done", &[]).await;
    ok(&emu, philip, ch, "done", &[]).await; // no deployment
    ok(&emu, henri, ch, "done", &[]).await;

    // The ground: a Spanish army in Spanish Dijon; France in Orleans (mixed units) and Lyon.
    adjust(
        &emu,
        philip,
        ch,
        &[
            ("what", json!("control")),
            ("space", json!("dijon")),
            ("owner", json!("spain")),
        ],
    )
    .await;
    units(&emu, philip, ch, "DIJON", "spain", 12, 0).await;
    for l in ["ALBA", "PARMA"] {
        adjust(
            &emu,
            philip,
            ch,
            &[
                ("what", json!("leader")),
                ("leader", json!(l)),
                ("space", json!("DIJON")),
            ],
        )
        .await;
    }
    units(&emu, philip, ch, "PARIS", "france", 0, 0).await;
    units(&emu, philip, ch, "ORLEANS", "france", 3, 3).await;
    units(&emu, philip, ch, "LYON", "france", 2, 0).await;
    // Spain's home card (5 CP).
    ok(
        &emu,
        philip,
        ch,
        "play",
        &[("card", json!("2")), ("as", json!("cp"))],
    )
    .await;

    let ix = ok(
        &emu,
        philip,
        ch,
        "move",
        &[
            ("from", json!("DIJON")),
            ("to", json!("ORLEANS")),
            ("units", json!("12r alba parma")),
        ],
    )
    .await;
    // Interception offered to France from Lyon.
    let line = line_of(&emu, &ix).await;
    assert!(line.content.contains("intercept"), "{}", line.content);
    let ix = click(&emu, henri, &line, &button(&line, "Intercept from Lyon")).await;
    let text = said(&emu, &ix).await;
    assert!(text.contains("tries to intercept from Lyon"), "{text}");
    // Avoiding battle offered: France stands.
    let mut line = line_of(&emu, &ix).await;
    if line.content.contains("avoid") {
        let ix = click(&emu, henri, &line, &button(&line, "Stand and fight")).await;
        line = line_of(&emu, &ix).await;
    }
    // The battle: France chooses its casualties — after a restart, with the old button.
    let mut text = String::new();
    let mut casualties = false;
    let mut retreat = false;
    for _ in 0..4 {
        if line.content.contains("choose your") && !casualties {
            casualties = true;
            let id = buttons(&line)
                .into_iter()
                .find(|(l, _)| l.starts_with("Lose"))
                .expect("casualty buttons")
                .1;
            // Restart: a new process on the same file while the question waits.
            if let Some(b) = bot.take() {
                b.shutdown().await;
            }
            bot = Some(Bot::start(&emu, db.clone(), seed));
            wait_session(&emu, 2).await;
            let ix = click(&emu, henri, &line, &id).await;
            text.push_str(&said(&emu, &ix).await);
            line = line_of(&emu, &ix).await;
        } else if line.content.contains("where to") {
            retreat = true;
            let ix = click(&emu, henri, &line, &button(&line, "Retreat to")).await;
            text.push_str(&said(&emu, &ix).await);
            line = line_of(&emu, &ix).await;
        } else {
            break;
        }
    }
    assert!(
        casualties && retreat,
        "seed {seed}: casualties {casualties}, retreat {retreat}\n{text}\n{}",
        line.content
    );
    assert!(
        text.contains("loses") && text.contains("retreats"),
        "{text}"
    );

    // Withdrawal: Spain enters Lyon (a key) held by three French regulars.
    units(&emu, philip, ch, "LYON", "france", 3, 0).await;
    let ix = ok(
        &emu,
        philip,
        ch,
        "move",
        &[
            ("from", json!("ORLEANS")),
            ("to", json!("LYON")),
            ("units", json!("4r")),
        ],
    )
    .await;
    let mut line = line_of(&emu, &ix).await;
    if line.content.contains("avoid") {
        let ix = click(&emu, henri, &line, &button(&line, "Stand and fight")).await;
        line = line_of(&emu, &ix).await;
    }
    let ix = click(&emu, henri, &line, &button(&line, "Withdraw inside")).await;
    let text = said(&emu, &ix).await;
    assert!(text.contains("inside the fortifications of Lyon"), "{text}");
    assert!(text.contains("besieges Lyon"), "{text}");
    if let Some(b) = bot.take() {
        b.shutdown().await;
    }
}

//! Issue 32's leftovers of item 1, through the real bot and the emulator: a channel that allows
//! posting but not Attach Files (the map cannot be attached: the bot says so and how to fix
//! it, and the words still arrive), and a held announcement (a state change whose announcement
//! Discord refused) that survives a restart of the bot and is posted when posting works again.

use crate::bot_e2e;
use crate::discord_emulator;

use std::sync::Arc;
use std::time::Duration;

use bot_e2e::{accepted, buttons, dm_with, say, wait_session, Bot};
use discord_emulator::permissions::bits;
use discord_emulator::{Emulator, MessageRecord};
use serde_json::json;
use vqbot::discord::BotConfig;
use vqbot::engine::board::Board;
use vqbot::engine::{Game, Ruleset};
use vqbot::table::{Locale, MapImages, Renderer};

/// A renderer that draws a 1×1 grey PNG for every map.
struct Dot;

fn dot() -> Vec<u8> {
    let mut out = Vec::new();
    {
        let mut enc = png::Encoder::new(&mut out, 1, 1);
        enc.set_color(png::ColorType::Grayscale);
        let mut w = enc.write_header().expect("header");
        w.write_image_data(&[128]).expect("data");
    }
    out
}

impl Renderer for Dot {
    fn render_map(&self, _: &Ruleset, _: &Game, _: Locale) -> Result<Vec<u8>, String> {
        Ok(dot())
    }
    fn render_update(
        &self,
        _: &Ruleset,
        _: &Game,
        _: Option<&Board>,
        _: Locale,
    ) -> Result<MapImages, String> {
        Ok(MapImages {
            full: dot(),
            closeups: Vec::new(),
        })
    }
}

/// x_perm_attach (issue 32): the bot may post in the channel but not attach files. The map
/// of `start` is refused with 50013; the table reads that the picture could not be attached,
/// that the bot lacks Attach Files and that an admin grants it in the channel's permissions;
/// the game's words are posted all the same.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn x_campaign_a_channel_without_attach_files_is_told_why_the_map_is_missing() {
    let emu = Emulator::start().await;
    let guild = emu.create_guild("NoFiles");
    let (alice, bob) = (emu.create_user("alice"), emu.create_user("bob"));
    emu.add_member(guild, alice);
    emu.add_member(guild, bob);
    let ch = emu.create_text_channel(guild, "table");
    let dir = tempfile::tempdir().expect("tempdir");
    let bot = Bot::spawn(BotConfig {
        token: emu.token(),
        rest_base: Some(emu.base_url()),
        rate_limiter: true,
        https_proxy: Some(emu.https_proxy_url()),
        database: Some(dir.path().join("games.sqlite3")),
        seed: Some(7),
        renderer: Some(Arc::new(Dot)),
        ack_budget: Duration::from_millis(800),
        ..BotConfig::default()
    });
    wait_session(&emu, 1).await;
    accepted(&emu, alice, ch, "new", &[]).await;
    accepted(&emu, alice, ch, "join", &[("power", json!("england"))]).await;
    accepted(&emu, bob, ch, "join", &[("power", json!("france"))]).await;
    emu.deny_bot(ch, bits::ATTACH_FILES);
    accepted(&emu, alice, ch, "start", &[]).await;
    let notice = emu
        .wait_until("the notice that the map could not be attached", |s| {
            s.channel_messages(ch)
                .into_iter()
                .find(|m| m.content.contains("could not be attached"))
        })
        .await;
    assert!(
        notice.content.contains("Attach Files") && notice.content.contains("permissions"),
        "what is missing and how to fix it: {}",
        notice.content
    );
    let refused = emu.read(|s| {
        s.requests
            .iter()
            .filter(|r| r.path == format!("/api/v10/channels/{}/messages", ch.0))
            .filter(|r| r.response["code"] == 50013)
            .count()
    });
    assert!(refused >= 1, "the emulator refused the picture");
    let pictures = emu
        .messages_in(ch)
        .into_iter()
        .filter(|m| !m.attachments.is_empty())
        .count();
    assert_eq!(pictures, 0, "no file reached the channel");
    // The words of the game still arrive: the next answer is public.
    let (_, r) = say(&emu, alice, ch, "status", &[]).await;
    assert!(!r.is_ephemeral(), "{}", r.content);
    bot.shutdown().await;
}

fn catholic(prompt: &MessageRecord) -> String {
    buttons(prompt)
        .into_iter()
        .find(|(l, _)| l.contains("Catholic"))
        .expect("a Catholic button")
        .1
}

/// x_perm_held (issue 32): the Empire's secret choice is made by a button in a DM while the
/// bot may not post in the game's channel; its announcement (the commitment) is held. The bot
/// restarts; once posting works, the channel's next answer carries the held announcement, and
/// never the secret.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn x_campaign_a_held_announcement_survives_a_restart() {
    let emu = Emulator::start().await;
    let guild = emu.create_guild("Held");
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
    let db = dir.path().join("games.sqlite3");
    let bot = Bot::start(&emu, db.clone(), 42);
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
    emu.deny_bot(ch, bits::SEND_MESSAGES);
    let click = emu.click_component(carol, prompt.id, &catholic(&prompt));
    let first = emu.wait_response(&click).await;
    let mut answers = String::new();
    for _ in 0..100 {
        answers = std::iter::once(first.clone())
            .chain(emu.followups(&click))
            .map(|m| m.content + "\n")
            .collect();
        if answers.contains("Send Messages") {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    assert!(answers.contains("Send Messages"), "{answers}");
    // The bot stops and starts again; then the permission comes back.
    bot.shutdown().await;
    let bot = Bot::start(&emu, db, 42);
    wait_session(&emu, 2).await;
    emu.deny_bot(ch, 0);
    let (_, r) = say(&emu, alice, ch, "status", &[]).await;
    assert!(!r.is_ephemeral(), "{}", r.content);
    assert!(
        r.content.contains("Not posted here") && r.content.contains("ommitment"),
        "the announcement held before the restart comes with the next answer: {}",
        r.content
    );
    assert!(
        !r.content.contains("Catholic"),
        "the secret leaked: {}",
        r.content
    );
    // Said once.
    let (_, again) = say(&emu, alice, ch, "status", &[]).await;
    assert!(
        !again.content.contains("Not posted here"),
        "{}",
        again.content
    );
    bot.shutdown().await;
}

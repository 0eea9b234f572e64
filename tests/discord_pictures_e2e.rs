//! Map pictures through the real bot and the loopback emulator (issue 30, items 12 and 15): an
//! impulse's text (what happened, who acts next, buttons) is the answer itself, posted at once
//! however slow the map is; the pictures follow in a message of their own, the close-up first
//! and the full map second; and a channel whose board changed again before its picture was drawn
//! gets only the newest picture.

use crate::bot_e2e;
use crate::discord_emulator;

use std::sync::Arc;
use std::time::{Duration, Instant};

use bot_e2e::{line_of, say, wait_session, Bot};
use discord_emulator::{ChannelId, Emulator, Interaction, MessageRecord, UserId};
use serde_json::json;
use vqbot::discord::BotConfig;
use vqbot::engine::board::Board;
use vqbot::engine::{Game, Ruleset};
use vqbot::table::{Locale, MapImages, Renderer};

const PNG_MAGIC: &[u8] = b"\x89PNG\r\n\x1a\n";

fn tiny_png(v: u8) -> Vec<u8> {
    let mut out = Vec::new();
    {
        let mut enc = png::Encoder::new(&mut out, 2, 2);
        enc.set_color(png::ColorType::Grayscale);
        let mut w = enc.write_header().expect("header");
        w.write_image_data(&[v, 0, 0, 255]).expect("data");
    }
    out
}

/// A renderer that takes `delay` per map moment and gives a full map and one close-up.
struct Slow {
    delay: Duration,
}

impl Renderer for Slow {
    fn render_map(&self, _: &Ruleset, g: &Game, _: Locale) -> Result<Vec<u8>, String> {
        std::thread::sleep(self.delay);
        Ok(tiny_png(g.turn))
    }
    fn render_update(
        &self,
        rs: &Ruleset,
        g: &Game,
        _: Option<&Board>,
        l: Locale,
    ) -> Result<MapImages, String> {
        Ok(MapImages {
            full: self.render_map(rs, g, l)?,
            closeups: vec![tiny_png(7)],
        })
    }
}

fn start_bot(emu: &Emulator, renderer: Arc<dyn Renderer>) -> Bot {
    Bot::spawn(BotConfig {
        token: emu.token(),
        rest_base: Some(emu.base_url()),
        seed: Some(5),
        renderer: Some(renderer),
        ack_budget: Duration::from_millis(800),
        ..BotConfig::default()
    })
}

fn mentions(text: &str) -> Vec<u64> {
    text.split("<@")
        .skip(1)
        .filter_map(|r| r.split('>').next()?.parse().ok())
        .collect()
}

/// Plays until a player is asked for a card (diplomacy and deployment skipped); returns who.
async fn to_first_card(emu: &Emulator, ch: ChannelId, a: UserId, b: UserId) -> UserId {
    bot_e2e::ok(emu, a, ch, "new", &[]).await;
    bot_e2e::ok(emu, a, ch, "join", &[("power", json!("england"))]).await;
    bot_e2e::ok(emu, b, ch, "join", &[("power", json!("france"))]).await;
    let mut last = bot_e2e::ok(emu, a, ch, "start", &[]).await;
    for _ in 0..12 {
        let line = line_of(emu, &last).await;
        let who: Vec<UserId> = mentions(&line.content)
            .into_iter()
            .filter_map(|id| [a, b].into_iter().find(|u| u.0 == id))
            .collect();
        if line.content.contains("a card or") {
            return who[0];
        }
        for u in who {
            last = bot_e2e::ok(emu, u, ch, "done", &[]).await;
        }
    }
    panic!("never asked for a card");
}

/// `p` plays a card for CP and builds a regular in its capital (the board changes); returns the
/// `end` interaction, not yet answered.
async fn impulse(emu: &Emulator, ch: ChannelId, p: UserId, capital: &str) -> Interaction {
    let ac = emu.autocomplete(p, ch, "vq", &["play"], &[("card", json!(""))], "card");
    let choices = emu.wait_choices(&ac).await;
    let mut played = false;
    for c in &choices {
        let (_, r) = say(
            emu,
            p,
            ch,
            "play",
            &[("card", c["value"].clone()), ("as", json!("cp"))],
        )
        .await;
        if !r.is_ephemeral() {
            played = true;
            break;
        }
    }
    assert!(played, "no card could be played for CP");
    let (_, r) = say(
        emu,
        p,
        ch,
        "build",
        &[("space", json!(capital)), ("unit", json!("regular"))],
    )
    .await;
    assert!(!r.is_ephemeral(), "the build was refused: {}", r.content);
    bot_e2e::invoke(emu, p, ch, "end", &[])
}

/// The channel's messages that carry pictures.
fn picture_posts(emu: &Emulator, ch: ChannelId) -> Vec<MessageRecord> {
    emu.messages_in(ch)
        .into_iter()
        .filter(|m| !m.attachments.is_empty() && !m.is_ephemeral())
        .collect()
}

/// The action count in a picture's file name (`map-g1-t1-a17.png` → 17).
fn seq_of(name: &str) -> u64 {
    name.rsplit("-a")
        .next()
        .and_then(|r| r.split(['.', '-']).next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("no action count in {name}"))
}

// Items 12 and 15: the impulse's answer is its text, at once, not deferred, with the buttons;
// the pictures follow in the next message: the close-up first, the full map second.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn x_the_text_is_posted_at_once_and_the_pictures_follow_closeup_first() {
    let emu = Emulator::start().await;
    let guild = emu.create_guild("pictures");
    let ch = emu.create_text_channel(guild, "table");
    let (a, b) = (emu.create_user("alice"), emu.create_user("bob"));
    emu.add_member(guild, a);
    emu.add_member(guild, b);
    let bot = start_bot(
        &emu,
        Arc::new(Slow {
            delay: Duration::from_millis(2500),
        }),
    );
    wait_session(&emu, 1).await;
    let p = to_first_card(&emu, ch, a, b).await;
    let capital = if p == a { "london" } else { "paris" };
    let t0 = Instant::now();
    let end = impulse(&emu, ch, p, capital).await;
    let cb = emu.wait_callback(&end).await;
    assert_eq!(
        cb.json.as_ref().expect("a callback body")["type"],
        4,
        "answered with its text, not deferred for the map"
    );
    let next = line_of(&emu, &end).await;
    let text_time = t0.elapsed();
    assert!(
        text_time < Duration::from_millis(2500),
        "the text waited for the map: {text_time:?}"
    );
    assert!(next.attachments.is_empty(), "the text carries no picture");
    // The decision buttons (where the prompt has any) come with the text.
    assert!(!next.components.is_empty() || next.content.contains("a card or"));
    let pics = emu
        .wait_until("the pictures after the text", |s| {
            s.channel_messages(ch)
                .into_iter()
                .find(|m| m.id > next.id && !m.attachments.is_empty())
        })
        .await;
    let names: Vec<&str> = pics
        .attachments
        .iter()
        .map(|x| x.filename.as_str())
        .collect();
    assert_eq!(names.len(), 2, "{names:?}");
    assert!(
        names[0].starts_with("closeup-"),
        "the close-up leads: {names:?}"
    );
    assert!(
        names[1].starts_with("map-"),
        "the full map is second: {names:?}"
    );
    assert!(pics
        .attachments
        .iter()
        .all(|x| x.bytes.starts_with(PNG_MAGIC)));
    assert!(
        t0.elapsed() >= Duration::from_millis(2500),
        "drawn after the text"
    );
    bot.shutdown().await;
}

// Item 15: the board changes again before the first picture is drawn: the channel gets the
// newest picture only, never a stale one after a fresh one.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn x_a_board_that_changed_again_gets_only_the_newest_picture() {
    let emu = Emulator::start().await;
    let guild = emu.create_guild("pictures");
    let ch = emu.create_text_channel(guild, "table");
    let (a, b) = (emu.create_user("alice"), emu.create_user("bob"));
    emu.add_member(guild, a);
    emu.add_member(guild, b);
    let bot = start_bot(
        &emu,
        Arc::new(Slow {
            delay: Duration::from_millis(4000),
        }),
    );
    wait_session(&emu, 1).await;
    let p = to_first_card(&emu, ch, a, b).await;
    let (cap, other, other_cap) = if p == a {
        ("london", b, "paris")
    } else {
        ("paris", a, "london")
    };
    let first = impulse(&emu, ch, p, cap).await;
    let line1 = line_of(&emu, &first).await;
    let t1 = Instant::now();
    assert!(line1.content.contains("a card or"), "{}", line1.content);
    let second = impulse(&emu, ch, other, other_cap).await;
    let line2 = line_of(&emu, &second).await;
    assert!(
        t1.elapsed() < Duration::from_millis(3500),
        "the second impulse came before the first picture was drawn"
    );
    let newest = emu
        .wait_until("the newest picture", |s| {
            s.channel_messages(ch)
                .into_iter()
                .find(|m| m.id > line2.id && !m.attachments.is_empty())
        })
        .await;
    // Let a stale picture arrive if it were going to.
    tokio::time::sleep(Duration::from_millis(4500)).await;
    let posts = picture_posts(&emu, ch);
    let seqs: Vec<u64> = posts
        .iter()
        .map(|m| {
            let map = m
                .attachments
                .iter()
                .find(|x| x.filename.starts_with("map-"))
                .expect("a full map in each picture post");
            seq_of(&map.filename)
        })
        .collect();
    assert_eq!(posts.len(), 1, "only the newest picture: {seqs:?}");
    assert_eq!(posts[0].id, newest.id);
    assert!(seqs.windows(2).all(|w| w[0] < w[1]), "{seqs:?}");
    bot.shutdown().await;
}

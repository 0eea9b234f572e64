//! Issue 32 item 2: Discord's rate limits with serenity's real rate limiter. The emulator sends
//! bucket headers on every answer (per route and channel / webhook token), whole-second
//! `Retry-After`, a global limit and the scope header. A burst — several DMs into one DM
//! channel, answers in many pieces at once, a map — arrives whole and in order, and every
//! interaction is acknowledged inside Discord's 3 seconds.

#[path = "support/bot_e2e.rs"]
mod bot_e2e;
#[path = "support/discord_emulator/mod.rs"]
mod discord_emulator;

use std::sync::Arc;
use std::time::{Duration, Instant};

use bot_e2e::{accepted, invoke, wait_session, Bot};
use discord_emulator::{Emulator, Interaction};
use serde_json::json;
use vqbot::discord::BotConfig;
use vqbot::engine::{Game, Ruleset};
use vqbot::table::{Locale, Renderer};

fn renderer() -> Arc<dyn Renderer> {
    Arc::new(|_: &Ruleset, g: &Game, _: Locale| {
        let mut out = Vec::new();
        {
            let mut enc = png::Encoder::new(&mut out, 2, 2);
            enc.set_color(png::ColorType::Grayscale);
            let mut w = enc.write_header().map_err(|e| e.to_string())?;
            w.write_image_data(&[g.turn, 0, 0, 255])
                .map_err(|e| e.to_string())?;
        }
        Ok(out)
    })
}

/// When the emulator recorded the first answer (callback) to `ix`, and its status.
fn first_answer(emu: &Emulator, ix: &Interaction) -> Option<u16> {
    let path = format!("/api/v10/interactions/{}/{}/callback", ix.id, ix.token);
    emu.requests()
        .into_iter()
        .find(|r| r.path == path)
        .map(|r| r.status)
}

/// x_ratelimit_burst: bucket headers reach serenity's limiter, which waits instead of being
/// refused; seven `hand`s in a row (seven DMs into one channel, over its 5-per-5-s bucket), a
/// status from each player and a map, all at once: every DM arrives, in order, every command is
/// acknowledged in time (no 10062), and no request is refused with 429.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn x_a_burst_arrives_whole_in_order_and_acknowledged_in_time() {
    let emu = Emulator::start().await;
    let guild = emu.create_guild("Burst");
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
    let bot = Bot::spawn(BotConfig {
        token: emu.token(),
        rest_base: Some(emu.base_url()),
        rate_limiter: true,
        https_proxy: Some(emu.https_proxy_url()),
        database: Some(dir.path().join("games.sqlite3")),
        seed: Some(9),
        renderer: Some(renderer()),
        ..BotConfig::default()
    });
    wait_session(&emu, 1).await;
    accepted(&emu, alice, ch, "new", &[]).await;
    accepted(&emu, alice, ch, "join", &[("power", json!("england"))]).await;
    accepted(&emu, bob, ch, "join", &[("power", json!("france"))]).await;
    accepted(&emu, carol, ch, "join", &[("power", json!("empire"))]).await;
    accepted(&emu, alice, ch, "start", &[]).await;
    // Successful answers carry the bucket headers serenity's limiter reads.
    let dms_before = emu.dms_of(alice).len();

    let started = Instant::now();
    let mut burst: Vec<Interaction> = Vec::new();
    for _ in 0..7 {
        burst.push(invoke(&emu, alice, ch, "hand", &[]));
    }
    for u in [alice, bob, carol] {
        burst.push(invoke(&emu, u, ch, "status", &[]));
    }
    burst.push(invoke(&emu, carol, ch, "map", &[]));
    for ix in &burst {
        emu.wait_response(ix).await;
        assert_eq!(first_answer(&emu, ix), Some(204), "acknowledged in time");
    }
    let dms = emu
        .wait_until("seven more DMs to alice", |s| {
            let c = s
                .channels
                .values()
                .find(|c| c.kind == discord_emulator::ChannelKind::Dm(alice))?;
            let got = s.channel_messages(c.id);
            (got.len() >= dms_before + 7).then_some(got)
        })
        .await;
    let hands: Vec<_> = dms.iter().skip(dms_before).collect();
    assert_eq!(hands.len(), 7, "every DM arrived");
    assert!(
        hands.windows(2).all(|w| w[0].id < w[1].id),
        "the DMs are in order"
    );
    assert!(
        hands.iter().all(|m| m.content.contains("hand")),
        "{:?}",
        hands.iter().map(|m| &m.content).collect::<Vec<_>>()
    );
    // The seventh DM waited for its bucket: the burst took at least one window.
    assert!(
        started.elapsed() >= Duration::from_millis(900),
        "{:?}",
        started.elapsed()
    );
    let map = emu.wait_response(burst.last().expect("the map")).await;
    let with_picture = std::iter::once(map)
        .chain(emu.followups(burst.last().expect("the map")))
        .any(|m| !m.attachments.is_empty());
    assert!(with_picture, "the map arrived with its picture");

    let refused = emu.read(|s| s.rate_limits.refused.clone());
    assert!(refused.is_empty(), "requests refused with 429: {refused:?}");
    let headers_seen = emu.read(|s| s.requests.iter().filter(|r| r.status == 200).count());
    assert!(headers_seen > 0);
    bot.shutdown().await;
}

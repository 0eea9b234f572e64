//! Issue 32 item 2: Discord's rate limits with serenity's real rate limiter. The emulator sends
//! bucket headers on every answer (per route and channel / webhook token), whole-second
//! `Retry-After`, a global limit and the scope header. A burst — several DMs into one DM
//! channel, answers in many pieces at once, a map — arrives whole and in order, and every
//! interaction is acknowledged inside Discord's 3 seconds.

use crate::bot_e2e;
use crate::discord_emulator;

use std::sync::Arc;
use std::time::{Duration, Instant};

use bot_e2e::{accepted, invoke, line_of, wait_session, Bot};
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

/// The emulator's successful requests to one interaction's webhook routes (its follow-ups and
/// the edits of its response).
fn webhook_requests(emu: &Emulator, ix: &Interaction) -> usize {
    let path = format!("/api/v10/webhooks/{}/{}", emu.application_id(), ix.token);
    emu.read(|s| {
        s.requests
            .iter()
            .filter(|r| r.path.starts_with(&path) && r.status == 200)
            .count()
    })
}

/// x_per_token_buckets (issue 32): Discord counts an interaction's follow-ups per token — the
/// webhooks of `/webhooks/{application.id}/{interaction.token}` are a top-level resource of
/// their own, "webhook_id + webhook_token"
/// (<https://discord.com/developers/docs/topics/rate-limits>) — and the emulator's buckets are
/// on. Every answer is deferred. Channel A's `start` answers in many pieces (the game's start,
/// the first turn, the next-up line, notices for players whose DMs failed): as many webhook
/// requests as its token's bucket takes (5 per 2 s), which leaves it empty. Channel B's `rule`
/// list (three pieces), asked right then, is answered at once. On serenity's one `Http`, which
/// keys every follow-up of the application into one bucket, B waited for A's reset (about 2 s);
/// the bound below fails then.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn x_one_answers_exhausted_bucket_does_not_hold_another_channels_answer() {
    let emu = Emulator::start().await;
    assert!(
        emu.read(|s| s.config().rate_limits),
        "the emulator's buckets are on"
    );
    let guild = emu.create_guild("Two tables");
    let powers = [
        "england",
        "france",
        "empire",
        "spain",
        "protestant",
        "ottoman",
    ];
    let users: Vec<_> = powers.iter().map(|p| emu.create_user(p)).collect();
    for u in &users {
        emu.add_member(guild, *u);
        // DMs fail: A's answer carries notices for the players (more pieces).
        emu.set_dms_broken(*u, true);
    }
    let (a, b) = (
        emu.create_text_channel(guild, "table-a"),
        emu.create_text_channel(guild, "table-b"),
    );
    let dir = tempfile::tempdir().expect("tempdir");
    let bot = Bot::spawn(BotConfig {
        token: emu.token(),
        rest_base: Some(emu.base_url()),
        rate_limiter: true,
        https_proxy: Some(emu.https_proxy_url()),
        database: Some(dir.path().join("games.sqlite3")),
        seed: Some(5),
        // Every answer is deferred, so each of its pieces is a request on its token's webhook
        // bucket (the deferred message's edit, then the follow-ups).
        ack_budget: Duration::ZERO,
        ..BotConfig::default()
    });
    wait_session(&emu, 1).await;
    accepted(&emu, users[0], a, "new", &[]).await;
    for (u, p) in users.iter().zip(powers) {
        accepted(&emu, *u, a, "join", &[("power", json!(p))]).await;
    }

    let start = invoke(&emu, users[0], a, "start", &[]);
    let a_path = format!("/api/v10/webhooks/{}/{}", emu.application_id(), start.token);
    emu.wait_until("A's fifth follow-up: its bucket is empty", |s| {
        let n = s
            .requests
            .iter()
            .filter(|r| r.path.starts_with(&a_path) && r.status == 200)
            .count();
        (n >= 5).then_some(())
    })
    .await;
    let asked = Instant::now();
    let rules = invoke(&emu, users[1], b, "rule", &[]);
    let id = rules.id;
    emu.wait_until("B's whole answer", move |s| {
        let r = s.interaction(id)?;
        let filled = s
            .message(r.original_message?)
            .is_some_and(|m| !m.is_loading());
        // The public "answered privately" note, then the list's three private pieces.
        (filled && r.followups.len() >= 3).then_some(())
    })
    .await;
    let b_took = asked.elapsed();
    let a_sent_by_then = webhook_requests(&emu, &start);
    eprintln!(
        "B answered {b_took:?} after A's bucket emptied ({a_sent_by_then} webhook requests of A)"
    );

    // A's whole answer arrived, in order.
    line_of(&emu, &start).await;
    let a_pieces = emu.followups(&start);
    assert!(a_pieces.windows(2).all(|w| w[0].id < w[1].id), "in order");
    let b_refused = emu.read(|s| {
        s.rate_limits
            .refused
            .iter()
            .filter(|(p, _)| p.contains(&rules.token))
            .count()
    });
    assert_eq!(b_refused, 0, "B never hit a 429");
    assert!(
        b_took < Duration::from_millis(1000),
        "B's answer waited {b_took:?}: held behind A's exhausted bucket"
    );
    bot.shutdown().await;
}

/// x_dm_opening_paced (issue 32): Discord rate-limits opening DM channels
/// (`POST /users/@me/channels`, a route with its own bucket:
/// <https://discord.com/developers/docs/resources/user#create-dm> and
/// <https://discord.com/developers/docs/topics/rate-limits>). Twelve two-player tables start at
/// the same moment, so 24 players are sent their first hand, each needing a DM channel opened.
/// A route's first requests pass serenity's limiter before it knows the bucket, so 24 openings
/// sent at once go over the emulator's 10 a second and are refused with 429 (serenity then sleeps
/// each refusal off while holding the route). The bot opens DM channels one at a time, so the
/// limiter learns the bucket from the first answer and waits instead: no opening is refused, and
/// every player gets their hand.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn x_dm_openings_of_many_tables_at_once_are_never_refused() {
    let emu = Emulator::start().await;
    let guild = emu.create_guild("Many tables");
    let tables = 12;
    let mut seats = Vec::new();
    for i in 0..tables {
        let a = emu.create_user(&format!("a{i}"));
        let b = emu.create_user(&format!("b{i}"));
        emu.add_member(guild, a);
        emu.add_member(guild, b);
        let ch = emu.create_text_channel(guild, &format!("table-{i}"));
        seats.push((ch, a, b));
    }
    let dir = tempfile::tempdir().expect("tempdir");
    let bot = Bot::spawn(BotConfig {
        token: emu.token(),
        rest_base: Some(emu.base_url()),
        rate_limiter: true,
        https_proxy: Some(emu.https_proxy_url()),
        database: Some(dir.path().join("games.sqlite3")),
        seed: Some(3),
        ..BotConfig::default()
    });
    wait_session(&emu, 1).await;
    for (ch, a, b) in &seats {
        accepted(&emu, *a, *ch, "new", &[]).await;
        accepted(&emu, *a, *ch, "join", &[("power", json!("england"))]).await;
        accepted(&emu, *b, *ch, "join", &[("power", json!("france"))]).await;
    }
    let starts: Vec<Interaction> = seats
        .iter()
        .map(|(ch, a, _)| invoke(&emu, *a, *ch, "start", &[]))
        .collect();
    for (_, a, b) in &seats {
        for u in [*a, *b] {
            emu.wait_until("every player's first hand by DM", move |s| {
                s.channels
                    .values()
                    .find(|c| c.kind == discord_emulator::ChannelKind::Dm(u))
                    .map(|c| s.channel_messages(c.id))
                    .filter(|m| m.iter().any(|m| m.content.contains("hand")))
                    .map(|_| ())
            })
            .await;
        }
    }
    for s in &starts {
        let answer = emu.wait_response(s).await;
        assert!(!answer.is_loading(), "every start was answered");
    }
    let refused: Vec<_> = emu.read(|s| s.rate_limits.refused.clone());
    let openings: Vec<_> = refused
        .iter()
        .filter(|(path, _)| path == "users/@me/channels")
        .collect();
    assert!(
        openings.is_empty(),
        "DM openings refused with 429: {} ({refused:?})",
        openings.len()
    );
    let opened = emu.read(|s| {
        s.requests
            .iter()
            .filter(|r| r.path == "/api/v10/users/@me/channels" && r.status == 200)
            .count()
    });
    assert!(opened >= 2 * tables, "{opened} DM channels opened");
    bot.shutdown().await;
}

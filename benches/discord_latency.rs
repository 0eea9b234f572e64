//! Command-to-reply latency of the real bot through the loopback Discord emulator.
//!
//! `cargo bench --bench discord_latency` plays two-player games (England, France) in 1, in 20
//! and (real map only; `-- 50` runs only that) in 50 channels at once, each game on the SQLite store, and measures from the moment the
//! emulator dispatches an interaction until Discord would show the whole answer:
//! - a plain command (`/vq table status`): until the response is filled in;
//! - an impulse ending with a map (`/vq end` after a card played for CP and a regular built, so
//!   the board changed): its text until the next impulse's "who acts next" line is posted, and
//!   its pictures until the channel shows a picture posted after that line (its own, or a newer
//!   one that superseded it; issue 30, item 15). Passes that change nothing post no map and are
//!   not counted.
//!
//! It also counts acknowledgements that missed Discord's 3-second deadline (10062) and the 429s
//! the emulator answered (its rate-limit buckets are on, as Discord's are).

#[path = "../tests/support/discord_emulator/mod.rs"]
// Its unit tests are stripped from this harness-less target, leaving their imports unused.
#[allow(unused_imports)]
mod discord_emulator;

use std::sync::Arc;
use std::time::{Duration, Instant};

use discord_emulator::{ChannelId, Emulator, EmulatorConfig, Interaction, MessageRecord, UserId};
use serde_json::{json, Value};
use vqbot::discord::{run, BotConfig};
use vqbot::engine::{Game, Ruleset};
use vqbot::table::{Locale, Renderer};

/// A stand-in for the map renderer: a real (tiny) PNG, to measure the bot and the table alone.
/// The other runs use the build's real renderer (`table::default_renderer`).
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

const PLAIN_PER_CHANNEL: usize = 30;
const IMPULSES_PER_CHANNEL: usize = 12;

fn mentions(text: &str) -> Vec<u64> {
    let mut out: Vec<u64> = Vec::new();
    for id in text
        .split("<@")
        .skip(1)
        .filter_map(|r| r.split('>').next()?.parse().ok())
    {
        if !out.contains(&id) {
            out.push(id);
        }
    }
    out
}

/// All answers (response and follow-ups) of an interaction, once the response is filled.
async fn answers(emu: &Emulator, ix: &Interaction) -> Vec<MessageRecord> {
    emu.wait_response(ix).await;
    emu.read(|s| {
        s.interaction(ix.id)
            .map(|r| {
                r.original_message
                    .into_iter()
                    .chain(r.followups.iter().copied())
                    .filter_map(|m| s.message(m).cloned())
                    .collect()
            })
            .unwrap_or_default()
    })
}

/// Waits for the next-up line among the answers of `ix` (follow-ups may come after the
/// response) and returns it with the time it appeared.
async fn line_of(emu: &Emulator, ix: &Interaction) -> (MessageRecord, Instant) {
    let id = ix.id;
    let m = emu
        .wait_until("a next-up line", move |s| {
            let r = s.interaction(id)?;
            r.original_message
                .into_iter()
                .chain(r.followups.iter().copied())
                .filter_map(|m| s.message(m).cloned())
                .find(|m| !m.is_loading() && !m.is_ephemeral() && m.content.contains('➡'))
        })
        .await;
    (m, Instant::now())
}

fn sub_path(sub: &str) -> Vec<&str> {
    match sub {
        "status" => vec!["table", sub],
        _ => vec![sub],
    }
}

async fn say(
    emu: &Emulator,
    u: UserId,
    ch: ChannelId,
    sub: &str,
    opts: &[(&str, Value)],
) -> Interaction {
    let ix = emu.invoke_path(u, ch, "vq", &sub_path(sub), opts);
    emu.wait_response(&ix).await;
    ix
}

/// Waits for the first picture posted in `ch` after message `after` (the impulse's own, or a
/// newer one that superseded it) and records how long after `t0` it came.
fn picture_waiter(
    emu: &Emulator,
    ch: ChannelId,
    after: discord_emulator::MessageId,
    t0: Instant,
    out: Arc<std::sync::Mutex<Vec<Duration>>>,
) -> tokio::task::JoinHandle<()> {
    let emu = emu.clone();
    tokio::spawn(async move {
        emu.wait_until("a picture after an impulse", move |s| {
            s.channel_messages(ch)
                .into_iter()
                .find(|m| m.id > after && !m.attachments.is_empty())
        })
        .await;
        if let Ok(mut v) = out.lock() {
            v.push(t0.elapsed());
        }
    })
}

/// One channel: a game to its first impulse, then plain commands and impulses. Returns the
/// plain commands' latencies, the impulses' text latencies and their pictures' latencies.
async fn play(
    emu: Emulator,
    ch: ChannelId,
    a: UserId,
    b: UserId,
) -> (Vec<Duration>, Vec<Duration>, Vec<Duration>) {
    let pictures = Arc::new(std::sync::Mutex::new(Vec::new()));
    let mut waiters = Vec::new();
    let players = [a, b];
    let who = |id: u64| players.into_iter().find(|u| u.0 == id);
    say(&emu, a, ch, "new", &[]).await;
    say(&emu, a, ch, "join", &[("power", json!("england"))]).await;
    say(&emu, b, ch, "join", &[("power", json!("france"))]).await;
    let mut last = say(&emu, a, ch, "start", &[]).await;

    let mut plain = Vec::new();
    for _ in 0..PLAIN_PER_CHANNEL {
        let t0 = Instant::now();
        say(&emu, a, ch, "status", &[]).await;
        plain.push(t0.elapsed());
    }

    let mut impulses = Vec::new();
    let mut steps = 0;
    // Whether the current impulse has tried to build its regular yet, and whether the build
    // changed the board (a refused build changes nothing, so its impulse posts no picture).
    let mut built = false;
    let mut changed = false;
    while impulses.len() < IMPULSES_PER_CHANNEL && steps < 400 {
        steps += 1;
        let (line, _) = line_of(&emu, &last).await;
        let pinged: Vec<UserId> = mentions(&line.content)
            .into_iter()
            .filter_map(who)
            .collect();
        let Some(&p) = pinged.first() else { break };
        let text = line.content.clone();
        if text.contains("negotiate") || text.contains("deploy") {
            for u in pinged {
                last = say(&emu, u, ch, "done", &[]).await;
            }
        } else if text.contains("spend CP") {
            if !built {
                // Change the board, so the impulse ends with a map and a close-up.
                built = true;
                let space = if p == a { "london" } else { "paris" };
                let opts = [("space", json!(space)), ("unit", json!("regular"))];
                let ix = say(&emu, p, ch, "build", &opts).await;
                if answers(&emu, &ix).await.iter().any(|m| !m.is_ephemeral()) {
                    changed = true;
                    last = ix;
                    continue;
                }
            }
            let t0 = Instant::now();
            let ix = emu.invoke_path(p, ch, "vq", &["end"], &[]);
            if wait_map(&emu, &ix).await > 0 || changed {
                // The text: until the next "who acts next" line is posted.
                impulses.push(t0.elapsed());
                let (line, _) = line_of(&emu, &ix).await;
                waiters.push(picture_waiter(&emu, ch, line.id, t0, pictures.clone()));
            }
            last = ix;
        } else if text.contains("a card or") {
            // Play the first card the bot suggests that it accepts for CP; else pass.
            let ac = emu.autocomplete(p, ch, "vq", &["play"], &[("card", json!(""))], "card");
            let choices = emu.wait_choices(&ac).await;
            let mut played = None;
            for c in choices.iter().take(6) {
                let ix = say(
                    &emu,
                    p,
                    ch,
                    "play",
                    &[("card", c["value"].clone()), ("as", json!("cp"))],
                )
                .await;
                if answers(&emu, &ix).await.iter().any(|m| !m.is_ephemeral()) {
                    played = Some(ix);
                    break;
                }
            }
            built = false;
            changed = false;
            last = match played {
                Some(ix) => ix,
                None => {
                    let ix = emu.invoke_path(p, ch, "vq", &["pass"], &[]);
                    // A pass changes nothing: no map, not counted.
                    wait_map(&emu, &ix).await;
                    ix
                }
            };
        } else {
            break;
        }
    }
    for w in waiters {
        let _ = w.await;
    }
    let pictures = pictures.lock().map(|v| v.clone()).unwrap_or_default();
    (plain, impulses, pictures)
}

/// Waits until the answers to `ix` hold the next "who acts next" line (or the command was
/// refused) and returns how many PNGs they carry: 0 when the board did not change, else the
/// map and its close-up.
async fn wait_map(emu: &Emulator, ix: &Interaction) -> usize {
    let id = ix.id;
    emu.wait_until("the answer to an impulse", move |s| {
        let r = s.interaction(id)?;
        let msgs: Vec<MessageRecord> = r
            .original_message
            .into_iter()
            .chain(r.followups.iter().copied())
            .filter_map(|m| s.message(m).cloned())
            .collect();
        let refused = msgs.iter().any(|m| m.is_ephemeral());
        let pngs = msgs
            .iter()
            .flat_map(|m| m.attachments.iter())
            .filter(|a| a.filename.ends_with(".png"))
            .count();
        (refused
            || msgs
                .iter()
                .any(|m| !m.is_loading() && m.content.contains('➡')))
        .then_some(pngs)
    })
    .await
}

fn pct(v: &mut [Duration], p: f64) -> Duration {
    v.sort_unstable();
    if v.is_empty() {
        return Duration::ZERO;
    }
    let i = ((v.len() as f64 - 1.0) * p).round() as usize;
    v[i.min(v.len() - 1)]
}

async fn scenario(channels: usize, heavy: bool) {
    let emu = Emulator::start_with(EmulatorConfig {
        wait_timeout: Duration::from_secs(60),
        // The emulator's buckets are on (per channel, per interaction token; issue 32), and so
        // is serenity's limiter (below): the bot answers each interaction through a client of
        // its own, so one answer's exhausted bucket holds no other channel's.
        rate_limits: true,
        ..EmulatorConfig::default()
    })
    .await;
    let guild = emu.create_guild("bench");
    let dir = tempfile::tempdir().expect("tempdir");
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let bot = tokio::spawn(run(
        BotConfig {
            token: emu.token(),
            rest_base: Some(emu.base_url()),
            // serenity's own rate limiter, as in production (issue 32 item 2).
            rate_limiter: true,
            https_proxy: Some(emu.https_proxy_url()),
            database: Some(dir.path().join("bench.sqlite3")),
            seed: Some(1),
            renderer: if heavy {
                vqbot::table::default_renderer()
            } else {
                Some(renderer())
            },
            ..BotConfig::default()
        },
        async move {
            let _ = stopped.await;
        },
    ));
    emu.wait_ready().await;
    let tables: Vec<(ChannelId, UserId, UserId)> = (0..channels)
        .map(|i| {
            let a = emu.create_user(&format!("a{i}"));
            let b = emu.create_user(&format!("b{i}"));
            emu.add_member(guild, a);
            emu.add_member(guild, b);
            (emu.create_text_channel(guild, &format!("t{i}")), a, b)
        })
        .collect();
    let load_start = std::fs::read_to_string("/proc/loadavg").unwrap_or_default();
    let started = Instant::now();
    let runs = tables
        .into_iter()
        .map(|(ch, a, b)| tokio::spawn(play(emu.clone(), ch, a, b)));
    let mut plain = Vec::new();
    let mut impulses = Vec::new();
    let mut pictures = Vec::new();
    // A channel whose run failed (an answer that never came within 60 s) is counted and shown
    // below with the requests of its last unanswered interaction, instead of ending the bench.
    let mut failed = 0;
    for r in futures::future::join_all(runs).await {
        let Ok((p, i, pic)) = r else {
            failed += 1;
            continue;
        };
        plain.extend(p);
        impulses.extend(i);
        pictures.extend(pic);
    }
    if failed > 0 {
        report_failures(&emu, failed);
    }
    let wall = started.elapsed();
    let late = emu
        .requests()
        .into_iter()
        .filter(|r| r.path.ends_with("/callback") && r.response["code"] == 10062)
        .count();
    let deferred = emu
        .requests()
        .into_iter()
        .filter(|r| {
            r.path.ends_with("/callback") && r.json.as_ref().is_some_and(|j| j["type"] == 5)
        })
        .count();
    // 429s the emulator answered: (bucket, global).
    let (bucket_429, global_429) = emu.read(|s| {
        let r = &s.rate_limits.refused;
        let global = r.iter().filter(|(_, scope)| *scope == "global").count();
        (r.len() - global, global)
    });
    let load = std::fs::read_to_string("/proc/loadavg").unwrap_or_default();
    println!(
        "{channels:>2} channel(s), {} map: plain n={} p50 {:?} p99 {:?} | impulse text n={} p50 {:?} p99 {:?} | pictures n={} p50 {:?} p99 {:?} | deferred {deferred}, missed 3 s ack {late} | 429 bucket {bucket_429} global {global_429} | wall {wall:?} | load {} -> {}",
        if heavy { "real" } else { "tiny" },
        plain.len(),
        pct(&mut plain, 0.5),
        pct(&mut plain, 0.99),
        impulses.len(),
        pct(&mut impulses, 0.5),
        pct(&mut impulses, 0.99),
        pictures.len(),
        pct(&mut pictures, 0.5),
        pct(&mut pictures, 0.99),
        load_start.split_whitespace().take(3).collect::<Vec<_>>().join(" "),
        load.split_whitespace().take(3).collect::<Vec<_>>().join(" "),
    );
    let _ = stop.send(());
    let _ = bot.await;
}

/// What the emulator saw of the interactions left without a filled response, and the 429s it
/// answered by route (ids replaced by `*`).
fn report_failures(emu: &Emulator, failed: usize) {
    let shape = |path: &str| {
        path.split('/')
            .map(|seg| {
                if seg.len() > 12 && seg.chars().any(|c| c.is_ascii_digit()) {
                    "*"
                } else {
                    seg
                }
            })
            .collect::<Vec<_>>()
            .join("/")
    };
    emu.read(|s| {
        let mut by_route: std::collections::BTreeMap<(String, &str), usize> = Default::default();
        for (path, scope) in &s.rate_limits.refused {
            *by_route.entry((shape(path), *scope)).or_default() += 1;
        }
        println!("{failed} channel run(s) failed; 429s by route: {by_route:?}");
        let unanswered: Vec<_> = s
            .interactions
            .iter()
            .filter(|r| {
                r.original_message
                    .and_then(|m| s.message(m))
                    .is_none_or(|m| m.is_loading())
            })
            .take(3)
            .collect();
        for r in unanswered {
            let mine: Vec<String> = s
                .requests
                .iter()
                .filter(|q| q.path.contains(&r.token))
                .map(|q| format!("{} {} {}", q.method, shape(&q.path), q.status))
                .collect();
            println!("unanswered interaction {}: {mine:?}", r.id);
        }
    });
}

fn main() {
    if std::env::var_os("RUST_LOG").is_some() {
        let _ = tracing_subscriber::fmt()
            .with_env_filter(tracing_subscriber::EnvFilter::from_default_env())
            .with_writer(std::io::stderr)
            .try_init();
    }
    // `cargo test --benches` runs bench binaries with `--bench` absent; keep that quick.
    if !std::env::args().any(|a| a == "--bench") {
        return;
    }
    let rt = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .expect("runtime");
    // `-- 50`: only the 50-channel case with the real map (issue 30, item 15).
    let only_fifty = std::env::args().any(|a| a == "50");
    rt.block_on(async {
        if only_fifty {
            scenario(50, true).await;
            return;
        }
        for heavy in [false, true] {
            scenario(1, heavy).await;
            scenario(20, heavy).await;
        }
        scenario(50, true).await;
    });
}

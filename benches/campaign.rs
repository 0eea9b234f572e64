//! Issue 29: 50 channels with reminders due and dashboards edited, through the real bot and the
//! loopback emulator (its rate-limit buckets on, serenity's rate limiter on).
//!
//! `cargo bench --bench campaign` sets up 50 two-player games (reminders every hour; the game
//! waits for one player), then measures `/vq table status` (a plain command, which also touches
//! the dashboard) in all 50 channels at once twice: first with no reminder due (baseline), then
//! right after the test clock moved past every game's due time, so that 50 reminder DMs, 50
//! channel lines and the 50 dashboards' edits go out while the commands run. It prints the p50
//! and p99 of both phases, the requests per route during the second phase with their rate over
//! the phase, and how many requests the emulator answered 429 (over a rate limit).

#[path = "../tests/support/discord_emulator/mod.rs"]
// Its unit tests are stripped from this harness-less target, leaving their imports unused.
#[allow(unused_imports)]
mod discord_emulator;

use std::collections::BTreeMap;
use std::sync::Arc;
use std::time::{Duration, Instant};

use discord_emulator::{ChannelId, Emulator, EmulatorConfig, UserId};
use serde_json::{json, Value};
use vqbot::discord::{run, BotConfig, ManualClock};

const CHANNELS: usize = 50;
const PLAIN_PER_CHANNEL: usize = 10;
/// 2026-12-02 10:00 UTC.
const T0: i64 = 1_796_205_600_000;

fn pct(v: &mut [Duration], p: f64) -> Duration {
    v.sort_unstable();
    if v.is_empty() {
        return Duration::ZERO;
    }
    let i = ((v.len() as f64 - 1.0) * p).round() as usize;
    v[i.min(v.len() - 1)]
}

fn path_of(sub: &str) -> Vec<&str> {
    match sub {
        "status" | "settings" => vec!["table", sub],
        _ => vec![sub],
    }
}

async fn say(emu: &Emulator, u: UserId, ch: ChannelId, sub: &str, opts: &[(&str, Value)]) {
    let ix = emu.invoke_path(u, ch, "vq", &path_of(sub), opts);
    emu.wait_response(&ix).await;
}

/// A game whose reminders are due an hour after it started, waiting for `b`.
async fn setup(emu: Emulator, ch: ChannelId, a: UserId, b: UserId) {
    say(&emu, a, ch, "new", &[]).await;
    say(&emu, a, ch, "join", &[("power", json!("england"))]).await;
    say(&emu, b, ch, "join", &[("power", json!("france"))]).await;
    say(&emu, a, ch, "settings", &[("remind", json!("1h"))]).await;
    say(&emu, a, ch, "start", &[]).await;
    say(&emu, a, ch, "done", &[]).await;
}

async fn plain(emu: Emulator, ch: ChannelId, a: UserId) -> Vec<Duration> {
    let mut out = Vec::new();
    for _ in 0..PLAIN_PER_CHANNEL {
        let t0 = Instant::now();
        say(&emu, a, ch, "status", &[]).await;
        out.push(t0.elapsed());
    }
    out
}

async fn phase(emu: &Emulator, tables: &[(ChannelId, UserId, UserId)]) -> Vec<Duration> {
    let runs = tables
        .iter()
        .map(|(ch, a, _)| tokio::spawn(plain(emu.clone(), *ch, *a)));
    let mut all = Vec::new();
    for r in futures::future::join_all(runs).await {
        all.extend(r.expect("a channel's run panicked"));
    }
    all
}

/// A request's route with ids replaced: `PATCH /channels/{id}/messages/{id}`.
fn route(method: &str, path: &str) -> String {
    let segs: Vec<&str> = path
        .trim_start_matches("/api/v10")
        .split('/')
        .map(|s| {
            if !s.is_empty() && s.chars().all(|c| c.is_ascii_digit()) {
                "{id}"
            } else if s.len() > 40 {
                "{token}"
            } else {
                s
            }
        })
        .collect();
    format!("{method} {}", segs.join("/"))
}

fn main() {
    // `cargo test --benches` runs bench binaries with `--bench` absent; keep that quick.
    if !std::env::args().any(|a| a == "--bench") {
        return;
    }
    let rt = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .expect("runtime");
    rt.block_on(async {
        let emu = Emulator::start_with(EmulatorConfig {
            wait_timeout: Duration::from_secs(120),
            rate_limits: true,
            ..EmulatorConfig::default()
        })
        .await;
        let guild = emu.create_guild("bench");
        let dir = tempfile::tempdir().expect("tempdir");
        let clock = Arc::new(ManualClock::at(T0));
        let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
        let bot = tokio::spawn(run(
            BotConfig {
                token: emu.token(),
                rest_base: Some(emu.base_url()),
                rate_limiter: true,
                https_proxy: Some(emu.https_proxy_url()),
                database: Some(dir.path().join("bench.sqlite3")),
                seed: Some(1),
                clock: clock.clone(),
                reminder_tick: Duration::from_millis(200),
                ..BotConfig::default()
            },
            async move {
                let _ = stopped.await;
            },
        ));
        emu.wait_ready().await;
        let tables: Vec<(ChannelId, UserId, UserId)> = (0..CHANNELS)
            .map(|i| {
                let a = emu.create_user(&format!("a{i}"));
                let b = emu.create_user(&format!("b{i}"));
                emu.add_member(guild, a);
                emu.add_member(guild, b);
                (emu.create_text_channel(guild, &format!("t{i}")), a, b)
            })
            .collect();
        let runs = tables
            .iter()
            .map(|(ch, a, b)| tokio::spawn(setup(emu.clone(), *ch, *a, *b)));
        for r in futures::future::join_all(runs).await {
            r.expect("a set-up panicked");
        }
        // Let the set-up's dashboards settle.
        tokio::time::sleep(Duration::from_secs(3)).await;

        let mut quiet = phase(&emu, &tables).await;
        tokio::time::sleep(Duration::from_secs(3)).await;
        let from = emu.requests().len();
        let started = Instant::now();
        clock.advance(Duration::from_secs(3601));
        let mut due = phase(&emu, &tables).await;
        // Until every reminder line is posted (or 60 s).
        let lines = emu
            .wait_until("the 50 reminder lines", |s| {
                let n = s
                    .messages
                    .iter()
                    .filter(|m| m.content.starts_with("⏰ The game waits for"))
                    .count();
                (n >= CHANNELS).then_some(n)
            })
            .await;
        tokio::time::sleep(Duration::from_secs(3)).await;
        let wall = started.elapsed();
        let requests = emu.requests();
        let mut routes: BTreeMap<String, usize> = BTreeMap::new();
        let mut limited = 0;
        // Per bucket (one channel's route): the busiest.
        let mut exact: BTreeMap<(String, String), usize> = BTreeMap::new();
        for r in &requests[from..] {
            *routes.entry(route(&r.method, &r.path)).or_default() += 1;
            if r.path.contains("/channels/") {
                *exact.entry((r.method.clone(), r.path.clone())).or_default() += 1;
            }
            if r.status == 429 {
                limited += 1;
            }
        }
        println!(
            "{CHANNELS} channels: status quiet n={} p50 {:?} p99 {:?} | with {lines} reminders due and dashboards edited n={} p50 {:?} p99 {:?} | 429s {limited} | phase {wall:?}",
            quiet.len(),
            pct(&mut quiet, 0.5),
            pct(&mut quiet, 0.99),
            due.len(),
            pct(&mut due, 0.5),
            pct(&mut due, 0.99),
        );
        if let Some(((m, p), n)) = exact.iter().max_by_key(|(_, n)| **n) {
            println!(
                "  busiest single channel route: {m} {p}: {n} requests ({:.2}/s)",
                *n as f64 / wall.as_secs_f64()
            );
        }
        for (route, n) in routes {
            println!(
                "  {route}: {n} requests, {:.1}/s over the phase",
                n as f64 / wall.as_secs_f64()
            );
        }
        let _ = stop.send(());
        let _ = bot.await;
    });
}

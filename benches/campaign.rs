//! Issue 29: 50 channels with reminders due and dashboards edited, through the real bot and the
//! loopback emulator (its rate-limit buckets on, serenity's rate limiter on).
//!
//! `cargo bench --bench campaign` sets up 50 two-player games (reminders every hour; the game
//! waits for one player), then times an impulse — one state-changing action per channel
//! (`/vq-adjust what:vp target:england delta:±1`, stored in the game's log like any action, which
//! edits the channel's living dashboard) — in all 50 channels at once, ten per channel, twice:
//! first with nothing due (baseline), then right after the test clock moved past every game's
//! due time, so that 50 reminder DMs, 50 channel lines and the dashboards' edits go out while
//! the impulses run. It prints the p50 and p99 of both phases and their difference, the
//! requests per route in each phase (the dashboards' `PATCH` edits among them) with their rate
//! over the phase, the busiest single channel route's largest count in any one second (Discord
//! limits per route and channel), how many requests the emulator answered 429, and the load
//! average before and after.

#[path = "../tests/support/discord_emulator/mod.rs"]
// Its unit tests are stripped from this harness-less target, leaving their imports unused.
#[allow(unused_imports)]
mod discord_emulator;

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use discord_emulator::{ChannelId, Emulator, EmulatorConfig, UserId};
use serde_json::{json, Value};
use vqbot::discord::{run, BotConfig, ManualClock};

const CHANNELS: usize = 50;
const IMPULSES_PER_CHANNEL: usize = 10;
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

/// The system's load average (1, 5, 15 minutes), as `/proc/loadavg` says.
fn load_average() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .map(|l| l.split_whitespace().take(3).collect::<Vec<_>>().join(" "))
        .unwrap_or_else(|_| "unknown".into())
}

/// One impulse: a state-changing action (an England VP adjustment, stored like any action),
/// which edits the channel's dashboard; whether it was accepted.
async fn impulse(emu: &Emulator, u: UserId, ch: ChannelId, up: bool) -> bool {
    let delta = if up { 1 } else { -1 };
    let ix = emu.invoke_path(
        u,
        ch,
        "vq-adjust",
        &[],
        &[
            ("what", json!("vp")),
            ("target", json!("england")),
            ("delta", json!(delta)),
        ],
    );
    !emu.wait_response(&ix).await.is_ephemeral()
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

async fn impulses(emu: Emulator, ch: ChannelId, a: UserId) -> (Vec<Duration>, usize) {
    let mut out = Vec::new();
    let mut refused = 0;
    for i in 0..IMPULSES_PER_CHANNEL {
        let t0 = Instant::now();
        if !impulse(&emu, a, ch, i % 2 == 0).await {
            refused += 1;
        }
        out.push(t0.elapsed());
    }
    (out, refused)
}

async fn phase(emu: &Emulator, tables: &[(ChannelId, UserId, UserId)]) -> (Vec<Duration>, usize) {
    let runs = tables
        .iter()
        .map(|(ch, a, _)| tokio::spawn(impulses(emu.clone(), *ch, *a)));
    let mut all = Vec::new();
    let mut refused = 0;
    for r in futures::future::join_all(runs).await {
        let (d, n) = r.expect("a channel's run panicked");
        all.extend(d);
        refused += n;
    }
    (all, refused)
}

/// Samples how many requests the emulator has seen, every 50 ms, until stopped: the times let
/// each request be placed within 50 ms.
fn sampler(
    emu: &Emulator,
) -> (
    tokio::task::JoinHandle<Vec<(Instant, usize)>>,
    Arc<AtomicBool>,
) {
    let stop = Arc::new(AtomicBool::new(false));
    let (e, s) = (emu.clone(), stop.clone());
    let task = tokio::spawn(async move {
        let mut marks = Vec::new();
        while !s.load(Ordering::Relaxed) {
            marks.push((Instant::now(), e.read(|st| st.requests.len())));
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        marks.push((Instant::now(), e.read(|st| st.requests.len())));
        marks
    });
    (task, stop)
}

/// What one phase sent, printed: requests per route and rate, the busiest single channel
/// route's largest count within one second, the 429s.
fn report(
    name: &str,
    requests: &[discord_emulator::RequestRecord],
    from: usize,
    to: usize,
    marks: &[(Instant, usize)],
    wall: Duration,
) {
    let at = |i: usize| {
        marks
            .iter()
            .find(|(_, n)| *n > i)
            .map_or_else(Instant::now, |(t, _)| *t)
    };
    let mut routes: BTreeMap<String, usize> = BTreeMap::new();
    let mut exact: BTreeMap<(String, String), Vec<Instant>> = BTreeMap::new();
    let mut limited = 0;
    for (i, r) in requests.iter().enumerate().take(to).skip(from) {
        *routes.entry(route(&r.method, &r.path)).or_default() += 1;
        if r.path.contains("/channels/") {
            exact
                .entry((r.method.clone(), r.path.clone()))
                .or_default()
                .push(at(i));
        }
        if r.status == 429 {
            limited += 1;
        }
    }
    println!(
        "  {name}: {} requests in {wall:.2?}, 429s {limited}",
        to - from
    );
    for (route, n) in routes {
        println!(
            "    {route}: {n} requests, {:.1}/s over the phase",
            n as f64 / wall.as_secs_f64()
        );
    }
    let busiest = exact
        .iter()
        .map(|((m, p), ts)| {
            let mut ts = ts.clone();
            ts.sort_unstable();
            let mut best = 0;
            let mut j = 0;
            for i in 0..ts.len() {
                while ts[i].duration_since(ts[j]) >= Duration::from_secs(1) {
                    j += 1;
                }
                best = best.max(i + 1 - j);
            }
            (best, ts.len(), format!("{m} {p}"))
        })
        .max();
    if let Some((in_1s, n, p)) = busiest {
        println!("    busiest single channel route: {p}: {n} requests, at most {in_1s} within one second");
    }
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

        let load_before = load_average();
        let (marks_task, marks_stop) = sampler(&emu);
        let q_from = emu.read(|s| s.requests.len());
        let q_started = Instant::now();
        let (mut quiet, q_refused) = phase(&emu, &tables).await;
        // The dashboards' coalesced edits of the last impulses.
        tokio::time::sleep(Duration::from_secs(3)).await;
        let q_wall = q_started.elapsed();
        let q_to = emu.read(|s| s.requests.len());
        let from = q_to;
        let started = Instant::now();
        clock.advance(Duration::from_secs(3601));
        let (mut due, d_refused) = phase(&emu, &tables).await;
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
        marks_stop.store(true, Ordering::Relaxed);
        let marks = marks_task.await.expect("the sampler");
        let requests = emu.requests();
        let to = requests.len();
        let (q50, d50) = (pct(&mut quiet, 0.5), pct(&mut due, 0.5));
        println!(
            "{CHANNELS} channels, impulse (adjust vp, dashboard edited): nothing due n={} p50 {q50:.2?} p99 {:.2?} | with {lines} reminders due n={} p50 {d50:.2?} p99 {:.2?} | p50 difference {:+.2} ms | refused {}",
            quiet.len(),
            pct(&mut quiet, 0.99),
            due.len(),
            pct(&mut due, 0.99),
            (d50.as_secs_f64() - q50.as_secs_f64()) * 1000.0,
            q_refused + d_refused,
        );
        println!(
            "  load average before {load_before}, after {}",
            load_average()
        );
        report("nothing due", &requests, q_from, q_to, &marks, q_wall);
        report("reminders due", &requests, from, to, &marks, wall);
        let _ = stop.send(());
        let _ = bot.await;
    });
}

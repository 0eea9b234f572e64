//! Measurements for BENCHMARKS.md (issue 19): peak memory of 16 map renders requested at once
//! (through the table, whose gate draws at most two at a time, or all at once without it), and
//! the restart time of an 80,000-action game made only of adjustments.
//!
//! `cargo run --example ops_measure -- render-capped | render-uncapped | restart [N]`

use std::sync::Arc;
use std::time::Instant;

use vqbot::table::{Caller, Channel, Table, TableOptions};

const CH: Channel = Channel {
    guild: 1,
    channel: 2,
};

fn peak_rss_mb() -> f64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    status
        .lines()
        .find(|l| l.starts_with("VmHWM:"))
        .and_then(|l| l.split_whitespace().nth(1))
        .and_then(|kb| kb.parse::<f64>().ok())
        .map_or(0.0, |kb| kb / 1024.0)
}

fn say(t: &Table, who: &str, line: &str) {
    let out = t.handle(CH, &Caller::new(vqbot::cli::local_user(who), who), line);
    assert!(!out.refused, "{line}: {out:?}");
}

fn started(t: &Table) {
    say(t, "alice", "vq new");
    say(t, "alice", "vq join power:england");
    say(t, "bob", "vq join power:france");
    say(t, "alice", "vq start");
}

fn rs() -> Arc<vqbot::engine::Ruleset> {
    Arc::new(vqbot::data::load_default().expect("data loads"))
}

fn render(capped: bool) {
    let rs = rs();
    let t = Arc::new(Table::new(
        rs.clone(),
        vqbot::cli::memory_store(),
        TableOptions {
            seed: Some(1),
            renderer: vqbot::table::default_renderer(),
            ..TableOptions::default()
        },
    ));
    started(&t);
    let game = t.game(CH).expect("started");
    println!("before: peak RSS {:.0} MB", peak_rss_mb());
    let began = Instant::now();
    let threads: Vec<_> = (0..16)
        .map(|i| {
            let (t, rs, game) = (t.clone(), rs.clone(), game.clone());
            std::thread::spawn(move || {
                if capped {
                    // 16 users asking for the map at the same moment, through the table.
                    say(&t, &format!("user{i}"), "vq map");
                } else {
                    vqbot::table::render_public_map(&rs, &game, vqbot::locale::Locale::En)
                        .expect("renders");
                }
            })
        })
        .collect();
    for th in threads {
        th.join().expect("render thread");
    }
    println!(
        "16 renders {}: {:.2} s, peak RSS {:.0} MB",
        if capped {
            "through the table (cap 2)"
        } else {
            "at once (no cap)"
        },
        began.elapsed().as_secs_f64(),
        peak_rss_mb()
    );
}

fn restart(n: u64) {
    let dir = std::env::temp_dir().join(format!("vq-ops-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("dir");
    let db = dir.join("adjust.sqlite3");
    let _ = std::fs::remove_file(&db);
    let open = || {
        let store =
            vqbot::table::sqlite::open_with(&db, vqbot::store::Durability::Normal).expect("opens");
        Table::new(
            rs(),
            store,
            TableOptions {
                seed: Some(1),
                ..TableOptions::default()
            },
        )
    };
    {
        let t = open();
        started(&t);
        let began = Instant::now();
        for i in 0..n {
            let d = if i % 2 == 0 { 1 } else { -1 };
            say(
                &t,
                "alice",
                &format!("vq adjust what:vp target:england delta:{d}"),
            );
        }
        println!(
            "{n} adjustments played in {:.1} s",
            began.elapsed().as_secs_f64()
        );
    }
    let time_load = |what: &str| {
        let began = Instant::now();
        let t = open();
        say(&t, "bob", "vq status");
        println!(
            "restart ({what}): first command answered after {:.1} ms",
            began.elapsed().as_secs_f64() * 1000.0
        );
    };
    time_load("latest snapshot + tail");
    {
        let s = vqbot::store::Store::open(&db).expect("opens");
        let n = s
            .connection()
            .execute("DELETE FROM snapshots", [])
            .expect("delete");
        println!("(deleted {n} snapshots)");
    }
    time_load("no snapshot: the whole log replayed, as before issue 19");
    let _ = std::fs::remove_dir_all(&dir);
}

fn main() {
    let mut args = std::env::args().skip(1);
    match args.next().as_deref() {
        Some("render-capped") => render(true),
        Some("render-uncapped") => render(false),
        Some("restart") => restart(args.next().and_then(|n| n.parse().ok()).unwrap_or(80_000)),
        _ => eprintln!("usage: ops_measure render-capped | render-uncapped | restart [N]"),
    }
}

//! Map rendering benchmark: `cargo bench --bench render`.
//!
//! Prints medians of repeated runs (after warm-up) for the full map at the default size, its
//! parts, a blank canvas of the same size encoded with the same settings, and the VP chart.

use std::time::{Duration, Instant};
use vqbot::engine::board::Board;
use vqbot::engine::power::Owner;
use vqbot::engine::power::Power;
use vqbot::render::{
    layout, render_closeup, render_map, render_pictures, render_vp_chart, Compression, Locale,
    MapCache, MapScene, RenderOptions,
};

/// Nanoseconds this thread has spent on a CPU (Linux schedstat), if available.
fn cpu_ns() -> Option<u64> {
    let s = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    s.split_whitespace().next()?.parse().ok()
}

/// Median wall time and median on-CPU time of `runs` calls after two warm-ups. On a loaded
/// machine the CPU time is the steadier number; on an idle one the two agree. Some kernels
/// count CPU time in scheduler ticks (4 ms), so short cases may show 0.
fn median<T>(runs: usize, mut f: impl FnMut() -> T) -> (Duration, T) {
    f();
    let mut last = f();
    let mut times = Vec::with_capacity(runs);
    let mut cpu = Vec::with_capacity(runs);
    for _ in 0..runs {
        let c = cpu_ns();
        let t = Instant::now();
        last = f();
        times.push(t.elapsed());
        if let (Some(a), Some(b)) = (c, cpu_ns()) {
            cpu.push(b - a);
        }
    }
    times.sort();
    cpu.sort();
    if let Some(c) = cpu.get(runs / 2) {
        print!("[cpu {:7.2} ms] ", *c as f64 / 1e6);
        LAST_CPU.with(|l| l.set(*c as f64 / 1e6));
    }
    (times[runs / 2], last)
}

thread_local! {
    /// The on-CPU median of the last [`median`] call, in milliseconds.
    static LAST_CPU: std::cell::Cell<f64> = const { std::cell::Cell::new(f64::NAN) };
}

fn last_cpu() -> f64 {
    LAST_CPU.with(|l| l.get())
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}

fn blank_png(w: u32, h: u32, c: png::Compression) -> Vec<u8> {
    let data: Vec<u8> = std::iter::repeat_n([196u8, 220, 236], (w * h) as usize)
        .flatten()
        .collect();
    let mut out = Vec::new();
    let mut enc = png::Encoder::new(&mut out, w, h);
    enc.set_color(png::ColorType::Rgb);
    enc.set_depth(png::BitDepth::Eight);
    enc.set_compression(c);
    enc.set_adaptive_filter(png::AdaptiveFilterType::Adaptive);
    let mut wr = enc.write_header().expect("header");
    wr.write_image_data(&data).expect("data");
    wr.finish().expect("finish");
    out
}

fn main() {
    let runs: usize = std::env::var("RENDER_BENCH_RUNS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(21);
    let rs = vqbot::data::load_default().expect("shipped data loads");
    let board = Board::new(&rs, rs.scenario("1559").expect("1559"));
    let scene = MapScene {
        rs: &rs,
        board: &board,
        turn: 3,
        phase: "Action phase".into(),
        active: Some(Power::France),
        vp: [14, 11, 9, 12, 10, 3],
        locale: Locale::En,
        previous: None,
        captured: &[],
        influence: Vec::new(),
    };
    let opts = RenderOptions::default();
    let (w, h) = opts.size();
    let load = std::fs::read_to_string("/proc/loadavg").unwrap_or_default();
    println!(
        "render bench: {runs} timed runs after 2 warm-ups, medians (wall; on-CPU in brackets)"
    );
    println!(
        "load average: {}",
        load.split_whitespace()
            .take(3)
            .collect::<Vec<_>>()
            .join(" ")
    );

    let (t, _) = median(runs, || layout(&scene, &opts).expect("layout"));
    println!("layout only                         {:8.2} ms", ms(t));

    // The first render of a ruleset at a size also draws the static background (land,
    // connections, world inset); later renders copy it.
    let cold = RenderOptions {
        scale: 0.999,
        ..opts.clone()
    };
    let t = Instant::now();
    let png_cold = render_map(&scene, &cold).expect("render");
    println!(
        "[first render]   full map, default options, background not cached {:8.2} ms  {:>9} bytes",
        ms(t.elapsed()),
        png_cold.len()
    );

    let (t_map, png) = median(runs, || render_map(&scene, &opts).expect("render"));
    let cpu_map = last_cpu();
    println!(
        "full map {w}x{h}, default (2x, Fast) {:8.2} ms  {:>9} bytes",
        ms(t_map),
        png.len()
    );

    let balanced = RenderOptions {
        compression: Compression::Balanced,
        ..opts.clone()
    };
    let (t_bal, png_bal) = median(runs, || render_map(&scene, &balanced).expect("render"));
    println!(
        "full map {w}x{h}, 2x, Balanced       {:8.2} ms  {:>9} bytes",
        ms(t_bal),
        png_bal.len()
    );

    let one = RenderOptions {
        supersample: 1,
        ..opts.clone()
    };
    let (t, png_one) = median(runs, || render_map(&scene, &one).expect("render"));
    println!(
        "full map {w}x{h}, 1x, Fast           {:8.2} ms  {:>9} bytes",
        ms(t),
        png_one.len()
    );

    let ru = MapScene {
        locale: Locale::Ru,
        ..scene.clone()
    };
    let (t, png_ru) = median(runs, || render_map(&ru, &opts).expect("render"));
    println!(
        "full map {w}x{h}, default, Russian   {:8.2} ms  {:>9} bytes",
        ms(t),
        png_ru.len()
    );

    let (t_blank, blank) = median(runs, || blank_png(w, h, png::Compression::Fast));
    let cpu_blank = last_cpu();
    println!(
        "blank canvas {w}x{h}, Fast           {:8.2} ms  {:>9} bytes",
        ms(t_blank),
        blank.len()
    );
    let (t_blank_bal, blank_bal) = median(runs, || blank_png(w, h, png::Compression::Default));
    println!(
        "blank canvas {w}x{h}, Balanced       {:8.2} ms  {:>9} bytes",
        ms(t_blank_bal),
        blank_bal.len()
    );
    println!(
        "ratio full map (default) / blank canvas (Fast) {:8.1}x wall, {:8.1}x on-CPU",
        ms(t_map) / ms(t_blank),
        cpu_map / cpu_blank
    );
    println!(
        "ratio full map (Balanced) / blank canvas (Balanced) {:8.1}x",
        ms(t_bal) / ms(t_blank_bal)
    );

    // A map after an impulse: units moved London -> Portsmouth and Paris changed hands, so
    // three spaces are marked and the close-up shows them.
    let mut moved = board.clone();
    let london = rs.space_id("LONDON").expect("London").idx();
    let portsmouth = rs.space_id("PORTSMOUTH").expect("Portsmouth").idx();
    let f = std::mem::take(&mut moved.spaces[london].forces);
    moved.spaces[portsmouth].forces.extend(f);
    moved.set_control(
        &rs,
        rs.space_id("PARIS").expect("Paris"),
        Owner::Major(Power::England),
    );
    let update = MapScene {
        board: &moved,
        previous: Some(&board),
        ..scene.clone()
    };
    let (t_upd, png_upd) = median(runs, || render_map(&update, &opts).expect("render"));
    println!(
        "full map {w}x{h}, changes marked      {:8.2} ms  {:>9} bytes",
        ms(t_upd),
        png_upd.len()
    );
    let (t_close, close) = median(runs, || {
        render_closeup(&update)
            .expect("render")
            .expect("a close-up")
    });
    let cpu_close = last_cpu();
    let (cw, ch) = vqbot::render::CLOSEUP_SIZE;
    println!(
        "close-up {cw}x{ch} (zoom {:.2})         {:8.2} ms  {:>9} bytes",
        close.zoom,
        ms(t_close),
        close.png.len()
    );
    let (t_cblank, _) = median(runs, || blank_png(cw, ch, png::Compression::Fast));
    let cpu_cblank = last_cpu();
    println!(
        "blank canvas {cw}x{ch}, Fast              {:8.2} ms",
        ms(t_cblank)
    );
    println!(
        "ratio close-up / blank canvas {cw}x{ch} (Fast) {:8.1}x wall, {:8.1}x on-CPU",
        ms(t_close) / ms(t_cblank),
        cpu_close / cpu_cblank
    );

    println!(
        "before: map + close-up of an impulse / blank canvas {w}x{h} (Fast) {:8.1}x wall, {:8.1}x on-CPU",
        (ms(t_upd) + ms(t_close)) / ms(t_blank),
        (cpu_map + cpu_close) / cpu_blank
    );

    // Issue 30, item 14: all pictures of an impulse (full map + close-ups) through the frame
    // cache, as the bot draws them: each run is a real impulse (the board differs from the
    // previous picture's), alternating between two boards so the cache holds the previous one.
    let impulse_case = |label: &str, a: &Board, b: &Board| {
        let cache = MapCache::new();
        let first = MapScene {
            board: a,
            previous: None,
            ..scene.clone()
        };
        render_pictures(&first, &cache).expect("render");
        let to_b = MapScene {
            board: b,
            previous: Some(a),
            ..scene.clone()
        };
        let to_a = MapScene {
            board: a,
            previous: Some(b),
            ..scene.clone()
        };
        let mut flip = false;
        let (t, p) = median(runs, || {
            flip = !flip;
            render_pictures(if flip { &to_b } else { &to_a }, &cache).expect("render")
        });
        let cpu = last_cpu();
        println!(
            "after: {label}: map + {} close-up(s), {}/{} tiles drawn {:8.2} ms  {:>9} bytes; / blank canvas {:6.1}x wall, {:6.1}x on-CPU",
            p.closeups.len(),
            p.tiles_drawn.0,
            p.tiles_drawn.1,
            ms(t),
            p.full.len() + p.closeups.iter().map(|c| c.png.len()).sum::<usize>(),
            ms(t) / ms(t_blank),
            cpu / cpu_blank
        );
    };
    impulse_case("impulse (London, Portsmouth, Paris)", &board, &moved);
    // After Winter: units gone home from capitals all over Europe.
    let mut winter = board.clone();
    for id in [
        "LONDON",
        "PARIS",
        "VIENNA",
        "ISTANBUL",
        "MADRID",
        "EDINBURGH",
        "ROME",
    ] {
        if let Some(s) = rs.space_id(id) {
            winter.spaces[s.idx()].forces.clear();
        }
    }
    impulse_case("after Winter (7 capitals)", &board, &winter);

    let series: Vec<(u32, [i32; 6])> = (1..=40)
        .map(|i| {
            (
                i,
                [i as i32 / 2, i as i32 / 3, i as i32 / 4, 5, i as i32 / 2, 2],
            )
        })
        .collect();
    let (t, chart) = median(runs, || {
        render_vp_chart(&rs, &series, Locale::En).expect("chart")
    });
    println!(
        "VP chart 1200x700, 40 points        {:8.2} ms  {:>9} bytes",
        ms(t),
        chart.len()
    );
}

//! The victory-point chart: one line per major power over time.

use super::font::{Fonts, Weight};
use super::geom::Rect;
use super::layout::local;
use super::paint::Painter;
use super::raster::{downsample, encode_png, with_area, Image};
use super::style;
use super::{Compression, Locale, RenderError};
use crate::engine::power::{Owner, Power};
use crate::engine::ruleset::Ruleset;

const W: u32 = 1200;
const H: u32 = 700;
const SS: u32 = 2;

/// Renders victory points over turns as a PNG: `series` holds (turn, VP by [`Power`] index), in
/// any order (see [`vp_by_turn`]); the x axis is labelled in turns.
pub fn render_vp_chart(
    rs: &Ruleset,
    series: &[(u32, [i32; 6])],
    locale: Locale,
) -> Result<Vec<u8>, RenderError> {
    let fonts = Fonts::get()?;
    let words = style::words(locale);
    let mut pts: Vec<(u32, [i32; 6])> = series.to_vec();
    pts.sort_by_key(|p| p.0);

    let names: Vec<String> = Power::ALL
        .iter()
        .map(|p| {
            rs.power_info(p.as_str())
                .map_or(p.as_str().to_string(), |i| {
                    local(locale, &i.name_en, &i.name_ru).to_string()
                })
        })
        .collect();
    let legend_w = names
        .iter()
        .map(|n| fonts.measure(Weight::Regular, 15.0, &format!("{n} 000")).0)
        .fold(0.0f32, f32::max)
        + 50.0;
    let plot = Rect::new(64.0, 56.0, W as f32 - 24.0 - legend_w, H as f32 - 64.0);

    let (x_min, x_max) = match (pts.first(), pts.last()) {
        (Some(a), Some(b)) if a.0 < b.0 => (a.0 as f32, b.0 as f32),
        (Some(a), _) => (a.0 as f32 - 1.0, a.0 as f32 + 1.0),
        _ => (0.0, 1.0),
    };
    let all = pts.iter().flat_map(|p| p.1.iter().copied());
    let (lo, hi) = all.fold((0, 25), |(lo, hi), v| (lo.min(v), hi.max(v)));
    let y_min = (lo as f32 / 5.0).floor() * 5.0;
    let y_max = (hi as f32 / 5.0).ceil() * 5.0;
    let fx = |x: f32| plot.x0 + (x - x_min) / (x_max - x_min) * plot.width();
    let fy = |y: f32| plot.y1 - (y - y_min) / (y_max - y_min) * plot.height();
    let x_step = nice_step((x_max - x_min) / 12.0);
    let x_ticks: Vec<f32> = {
        let mut v = Vec::new();
        let mut t = (x_min / x_step).ceil() * x_step;
        while t <= x_max + 1e-3 {
            v.push(t);
            t += x_step;
        }
        v
    };
    let y_ticks: Vec<f32> = {
        let mut v = Vec::new();
        let mut t = y_min;
        while t <= y_max + 1e-3 {
            v.push(t);
            t += 5.0;
        }
        v
    };
    let legend_row = |i: usize| (plot.x1 + 24.0, plot.y0 + 10.0 + i as f32 * 28.0);

    let mut big = Image::new(W * SS, H * SS, style::WHITE);
    with_area(&mut big, |area| {
        let p = Painter {
            area,
            k: SS as f32,
            origin: (0.0, 0.0),
        };
        p.rect(plot, Some(((250, 248, 242), 1.0)), None)?;
        for &t in &y_ticks {
            let c = if t == 25.0 {
                (200, 120, 120)
            } else {
                (222, 216, 204)
            };
            p.line((plot.x0, fy(t)), (plot.x1, fy(t)), c, 1.0)?;
        }
        for &t in &x_ticks {
            p.line((fx(t), plot.y1), (fx(t), plot.y1 + 5.0), style::INK, 1.0)?;
        }
        p.rect(plot, None, Some((style::INK, 1.2)))?;
        for (i, pw) in Power::ALL.iter().enumerate() {
            let col = rs.color_of(Owner::Major(*pw));
            let line: Vec<(f32, f32)> = pts
                .iter()
                .map(|(x, v)| (fx(*x as f32), fy(v[i] as f32)))
                .collect();
            for w in line.windows(2) {
                p.line(w[0], w[1], col, 2.6)?;
            }
            for &q in &line {
                p.circle(q, 3.2, Some(col), Some((style::INK, 0.8)))?;
            }
            let (lx, ly) = legend_row(i);
            p.line((lx, ly), (lx + 26.0, ly), col, 3.0)?;
            p.circle((lx + 13.0, ly), 4.0, Some(col), Some((style::INK, 0.8)))?;
        }
        Ok(())
    })?;
    let mut img = downsample(&big, SS);
    drop(big);

    let px = 14.0;
    fonts.draw(
        &mut img,
        Weight::Bold,
        22.0,
        words.chart_title,
        (plot.x0, 14.0),
        style::INK,
    );
    for &t in &y_ticks {
        let txt = format!("{}", t as i32);
        let (tw, th) = fonts.measure(Weight::Regular, px, &txt);
        fonts.draw(
            &mut img,
            Weight::Regular,
            px,
            &txt,
            (plot.x0 - 8.0 - tw, fy(t) - th / 2.0),
            style::INK,
        );
    }
    for &t in &x_ticks {
        fonts.draw_centered(
            &mut img,
            Weight::Regular,
            px,
            &format!("{}", t as i64),
            (fx(t), plot.y1 + 16.0),
            style::INK,
        );
    }
    fonts.draw_centered(
        &mut img,
        Weight::Regular,
        15.0,
        words.chart_x,
        (plot.center().0, plot.y1 + 40.0),
        style::INK,
    );
    fonts.draw(
        &mut img,
        Weight::Regular,
        15.0,
        words.vp_short,
        (12.0, plot.y0 - 26.0),
        style::INK,
    );
    for (i, n) in names.iter().enumerate() {
        let last = pts
            .last()
            .map(|p| format!(" {}", p.1[i]))
            .unwrap_or_default();
        let (lx, ly) = legend_row(i);
        let txt = format!("{n}{last}");
        let th = fonts.measure(Weight::Regular, 15.0, &txt).1;
        fonts.draw(
            &mut img,
            Weight::Regular,
            15.0,
            &txt,
            (lx + 34.0, ly - th / 2.0),
            style::INK,
        );
    }
    encode_png(&img, Compression::Balanced)
}

/// Victory points by turn for [`render_vp_chart`]: from points in play order, each tagged with
/// the turn it was taken in, the last one of each turn (its standing at the turn's end, or now).
pub fn vp_by_turn(points: &[(u8, [i32; 6])]) -> Vec<(u32, [i32; 6])> {
    let mut out: Vec<(u32, [i32; 6])> = Vec::new();
    for &(turn, vp) in points {
        match out.last_mut() {
            Some(last) if last.0 == turn as u32 => last.1 = vp,
            _ => out.push((turn as u32, vp)),
        }
    }
    out
}

/// A round tick step (1, 2, 5 × 10ⁿ) at least `raw`, and at least 1.
fn nice_step(raw: f32) -> f32 {
    let raw = raw.max(1.0);
    let mag = 10f32.powf(raw.log10().floor());
    for m in [1.0, 2.0, 5.0, 10.0] {
        if m * mag >= raw {
            return m * mag;
        }
    }
    10.0 * mag
}

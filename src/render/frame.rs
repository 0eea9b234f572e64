//! The pictures of one impulse, drawn again only where the map changed (issue 30, items 12
//! and 14).
//!
//! A [`MapCache`] keeps the last frame drawn for a game: the supersampled shapes (before text),
//! the palette indexes of the full map and its rows deflated in bands. The next impulse lays the
//! map out again, splits the canvas into tiles, and gives each tile a hash of everything drawn
//! over it (symbols, markers, counters, labels, panels). Only tiles whose hash changed are drawn
//! again (from the cached background), quantized with the frame's palette, and only the bands of
//! rows they touch are deflated again; the PNG's zlib stream is the cached bands joined.
//!
//! Close-ups are cut from the supersampled shapes of the same frame (zoom 2 is the buffer
//! itself; between [`MIN_ZOOM`] and 2 it is resampled) with their text drawn at the close-up's
//! size, so a close-up costs a crop, its labels and one small encode. Changes far apart get up to
//! [`MAX_CLOSEUPS`] close-ups, each around a group of changes.

use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};
use std::sync::Mutex;

use super::geom::Rect;
use super::layout::{layout, MapLayout, PanelKind, TextBox};
use super::map::{base_image, draw_shapes, draw_text, palette_seeds, Closeup, CLOSEUP_MARGIN};
use super::paint::Painter;
use super::palette::{nearest_index, quantize_lut, Lut};
use super::raster::{downsample, with_area, Image};
use super::style::{self, size};
use super::{Locale, MapScene, RenderError, RenderOptions};
use crate::engine::board::Board;
use crate::engine::ruleset::WorldKind;

/// Tile edge in output pixels.
const TILE: u32 = 64;
/// Rows per separately deflated band.
const BAND: u32 = 32;
/// Supersampling of the cached frame (the default map's).
const K: u32 = 2;
/// Pixels drawn around a tile and cut off, so shapes crossing its edge are drawn whole.
const PAD: u32 = 4;
/// Frames kept per cache (each holds the supersampled shapes, about 46 MB).
const FRAMES: usize = 2;

/// Output size of a close-up: twice Discord's preview width.
pub const CLOSEUP_W: u32 = super::map::CLOSEUP_SIZE.0;
/// Output height of a close-up.
pub const CLOSEUP_H: u32 = super::map::CLOSEUP_SIZE.1;
/// The closest a close-up zooms (output pixels per Europe pixel): the supersampled frame itself.
pub const MAX_ZOOM: f32 = 2.0;
/// The farthest a close-up zooms out: names (16 px) stay above 11 px at Discord's 550 px.
pub const MIN_ZOOM: f32 = 1.4;
/// At most this many close-ups per impulse.
pub const MAX_CLOSEUPS: usize = 3;

/// The pictures of one map moment.
#[derive(Debug, Clone)]
pub struct Pictures {
    /// The full map (8-bit palette PNG), changes marked.
    pub full: Vec<u8>,
    /// Close-ups of the regions that changed, most changes first (at most [`MAX_CLOSEUPS`]).
    pub closeups: Vec<Closeup>,
    /// Tiles drawn again for this picture, and tiles in all (for tests and the bench).
    pub tiles_drawn: (usize, usize),
}

/// The last frames drawn, one per game, reused by [`render_pictures`]. A frame is found again
/// by the board it showed (the next picture's `previous`), so a caller may keep one cache for
/// many games.
#[derive(Default)]
pub struct MapCache {
    frames: Mutex<Vec<Frame>>,
}

impl std::fmt::Debug for MapCache {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let n = self.frames.lock().map_or(0, |v| v.len());
        write!(f, "MapCache({n} frames)")
    }
}

impl MapCache {
    /// An empty cache.
    pub fn new() -> MapCache {
        MapCache::default()
    }

    fn take(&self, key: &FrameKey, previous: Option<&Board>) -> Option<Frame> {
        let prev = previous?;
        let mut v = self.frames.lock().ok()?;
        let i = v.iter().position(|f| f.key == *key && f.board == *prev)?;
        Some(v.remove(i))
    }

    fn put(&self, frame: Frame) {
        if let Ok(mut v) = self.frames.lock() {
            v.push(frame);
            while v.len() > FRAMES {
                v.remove(0);
            }
        }
    }
}

/// What a frame can be reused for.
#[derive(Debug, Clone, PartialEq, Eq)]
struct FrameKey {
    fingerprint: String,
    spaces: usize,
    locale: Locale,
}

/// One deflated band of rows.
struct Band {
    deflated: Vec<u8>,
    adler: u32,
    len: u64,
}

struct Frame {
    key: FrameKey,
    /// The board shown.
    board: Board,
    w: u32,
    h: u32,
    /// Supersampled shapes (no text), `w*K` × `h*K` RGB.
    big: Vec<u8>,
    tiles: Vec<u64>,
    palette: Vec<style::Rgb>,
    lut: Lut,
    /// Palette index of every output pixel.
    idx: Vec<u8>,
    bands: Vec<Band>,
}

/// Draws the full map and the close-ups of what changed since `scene.previous`, reusing the
/// frame `cache` holds for the previous board where it can.
pub fn render_pictures(scene: &MapScene, cache: &MapCache) -> Result<Pictures, RenderError> {
    let opts = RenderOptions::default();
    let lay = layout(scene, &opts)?;
    let key = FrameKey {
        fingerprint: scene.rs.fingerprint.clone(),
        spaces: scene.rs.spaces.len(),
        locale: scene.locale,
    };
    let (w, h) = (lay.width, lay.height);
    let items = items(scene, &lay);
    let (tx, ty) = (w.div_ceil(TILE), h.div_ceil(TILE));
    let mut tiles = vec![0u64; (tx * ty) as usize];
    for (i, it) in items.iter().enumerate() {
        let r = it.rect;
        let (c0, c1) = tile_span(r.x0, r.x1, TILE, tx);
        let (r0, r1) = tile_span(r.y0, r.y1, TILE, ty);
        for row in r0..=r1 {
            for col in c0..=c1 {
                let t = &mut tiles[(row * tx + col) as usize];
                *t = (t.rotate_left(7) ^ it.hash ^ (i as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15))
                    .wrapping_mul(0x100_0000_01b3);
            }
        }
    }
    // A ruleset without a fingerprint (built in a test) is never cached.
    let cacheable = !scene.rs.fingerprint.is_empty();
    let old = cacheable
        .then(|| cache.take(&key, scene.previous))
        .flatten()
        .filter(|f| f.w == w && f.h == h && f.tiles.len() == tiles.len());
    let (mut frame, dirty): (Frame, Vec<bool>) = match old {
        Some(mut f) => {
            let dirty = f.tiles.iter().zip(&tiles).map(|(a, b)| a != b).collect();
            f.tiles = tiles;
            (f, dirty)
        }
        None => (first_frame(scene, &lay, key, tiles)?, Vec::new()),
    };
    let mut drawn = tx as usize * ty as usize;
    if !dirty.is_empty() {
        drawn = dirty.iter().filter(|d| **d).count();
        redraw(scene, &lay, &items, &mut frame, &dirty, tx, ty)?;
    }
    frame.board = scene.board.clone();
    let full = frame.png()?;
    let closeups = closeups(scene, &lay, &items, &frame)?;
    if cacheable {
        cache.put(frame);
    }
    Ok(Pictures {
        full,
        closeups,
        tiles_drawn: (drawn, tx as usize * ty as usize),
    })
}

/// The close-ups of what changed since `scene.previous` (none without it), drawn without a
/// cache.
pub fn render_closeups(scene: &MapScene) -> Result<Vec<Closeup>, RenderError> {
    if scene.previous.is_none() {
        return Ok(Vec::new());
    }
    Ok(render_pictures(scene, &MapCache::new())?.closeups)
}

/// First and last tile index covered by the span `a..b` (clamped to the grid).
fn tile_span(a: f32, b: f32, tile: u32, n: u32) -> (u32, u32) {
    let f = |v: f32| ((v.max(0.0) as u32) / tile).min(n - 1);
    (f(a), f(b))
}

/// Something drawn on the map over a box, with a hash of how it looks.
struct Item {
    rect: Rect,
    hash: u64,
    what: What,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum What {
    Space(usize),
    Stack(usize),
    Sea(usize),
    World(usize),
    Panel(PanelKind),
}

fn hash_of(v: impl std::fmt::Debug) -> u64 {
    let mut h = DefaultHasher::new();
    format!("{v:?}").hash(&mut h);
    h.finish()
}

/// Every drawn element with the box it may paint (anti-aliasing included) and its look.
fn items(scene: &MapScene, lay: &MapLayout) -> Vec<Item> {
    let s = lay.scale;
    let mut v = Vec::with_capacity(lay.spaces.len() + lay.stacks.len() + 64);
    for (i, sl) in lay.spaces.iter().enumerate() {
        let mut r = sl.half * 1.42 + size::SIEGE_GAP * s + 12.0 * s;
        if sl.protestant {
            r = r.max(size::WASH_R * s);
        }
        let mut b = Rect::around(sl.center.0, sl.center.1, r, r)
            .union(&sl.symbol)
            .union(&sl.label.rect);
        for x in [sl.port, sl.unrest, sl.marker.as_ref().map(|m| m.rect)]
            .into_iter()
            .flatten()
        {
            b = b.union(&x);
        }
        v.push(Item {
            rect: b.inflate(3.0 * s),
            hash: hash_of(sl),
            what: What::Space(i),
        });
    }
    for (i, st) in lay.stacks.iter().enumerate() {
        v.push(Item {
            rect: st.rect.inflate(6.0 * s),
            hash: hash_of(st),
            what: What::Stack(i),
        });
    }
    for (i, t) in lay.sea_labels.iter().enumerate() {
        v.push(Item {
            rect: t.rect.inflate(3.0 * s),
            hash: hash_of(t),
            what: What::Sea(i),
        });
    }
    for (i, w) in lay.world.iter().enumerate() {
        v.push(Item {
            rect: w.label.rect.inflate(3.0 * s),
            hash: hash_of(w),
            what: What::World(i),
        });
    }
    for p in &lay.panels {
        let look = match p.kind {
            PanelKind::Title => hash_of((&lay.title, scene.active)),
            PanelKind::Legend => hash_of((&lay.zone_tally, scene.locale)),
            PanelKind::VpTrack => hash_of((scene.vp, scene.active, scene.locale)),
            PanelKind::WorldInset => hash_of(scene.locale),
            PanelKind::Captured => hash_of(&lay.captured),
        };
        v.push(Item {
            rect: p.rect.inflate(4.0 * s),
            hash: look ^ hash_of(p),
            what: What::Panel(p.kind),
        });
    }
    v
}

/// The part of a layout that touches `view` (output pixels): what a tile must draw.
fn subset(lay: &MapLayout, items: &[Item], view: Rect) -> MapLayout {
    let mut out = MapLayout {
        width: lay.width,
        height: lay.height,
        scale: lay.scale,
        spaces: Vec::new(),
        stacks: Vec::new(),
        sea_labels: Vec::new(),
        world: Vec::new(),
        panels: Vec::new(),
        title: lay.title.clone(),
        captured: Vec::new(),
        zone_tally: lay.zone_tally.clone(),
    };
    for it in items.iter().filter(|it| it.rect.overlaps(&view)) {
        match it.what {
            What::Space(i) => out.spaces.push(lay.spaces[i].clone()),
            What::Stack(i) => out.stacks.push(lay.stacks[i].clone()),
            What::Sea(i) => out.sea_labels.push(lay.sea_labels[i].clone()),
            What::World(i) => out.world.push(lay.world[i].clone()),
            What::Panel(k) => {
                if let Some(p) = lay.panels.iter().find(|p| p.kind == k) {
                    out.panels.push(*p);
                }
                if k == PanelKind::Captured {
                    out.captured = lay.captured.clone();
                }
            }
        }
    }
    // The world inset's names are drawn only with its panel.
    if !out.panels.iter().any(|p| p.kind == PanelKind::WorldInset) {
        out.world.clear();
    }
    out
}

/// The whole map drawn once: shapes at `K`×, text, palette, bands.
fn first_frame(
    scene: &MapScene,
    lay: &MapLayout,
    key: FrameKey,
    tiles: Vec<u64>,
) -> Result<Frame, RenderError> {
    let (w, h) = (lay.width, lay.height);
    let base = base_image(scene, lay, K)?;
    let mut big = Image {
        w: w * K,
        h: h * K,
        data: base.as_ref().clone(),
        origin: (0, 0),
    };
    drop(base);
    with_area(&mut big, |area| {
        let p = Painter {
            area,
            k: K as f32,
            origin: (0.0, 0.0),
        };
        draw_shapes(&p, scene, lay)
    })?;
    let mut img = downsample(&big, K);
    draw_text(&mut img, scene, lay)?;
    let (palette, lut, idx) = quantize_lut(&img, &palette_seeds(scene.rs));
    let mut frame = Frame {
        key,
        board: scene.board.clone(),
        w,
        h,
        big: big.data,
        tiles,
        palette,
        lut,
        idx,
        bands: Vec::new(),
    };
    let n = h.div_ceil(BAND);
    frame.bands = (0..n).map(|b| frame.deflate_band(b)).collect();
    Ok(frame)
}

/// Draws the dirty tiles again, a run of neighbouring dirty tiles at a time.
fn redraw(
    scene: &MapScene,
    lay: &MapLayout,
    items: &[Item],
    frame: &mut Frame,
    dirty: &[bool],
    tx: u32,
    ty: u32,
) -> Result<(), RenderError> {
    let base = base_image(scene, lay, K)?;
    let (w, h) = (frame.w, frame.h);
    let mut bands = vec![false; h.div_ceil(BAND) as usize];
    for row in 0..ty {
        let mut col = 0;
        while col < tx {
            if !dirty[(row * tx + col) as usize] {
                col += 1;
                continue;
            }
            let start = col;
            while col < tx && dirty[(row * tx + col) as usize] {
                col += 1;
            }
            let (x0, y0) = (start * TILE, row * TILE);
            let (x1, y1) = ((col * TILE).min(w), ((row + 1) * TILE).min(h));
            draw_run(scene, lay, items, frame, &base, (x0, y0, x1, y1))?;
            for b in y0 / BAND..=(y1 - 1) / BAND {
                bands[b as usize] = true;
            }
        }
    }
    for (b, d) in bands.iter().enumerate() {
        if *d {
            frame.bands[b] = frame.deflate_band(b as u32);
        }
    }
    Ok(())
}

/// Draws the box `x0..x1` × `y0..y1` (output pixels) again from the background.
fn draw_run(
    scene: &MapScene,
    lay: &MapLayout,
    items: &[Item],
    frame: &mut Frame,
    base: &[u8],
    (x0, y0, x1, y1): (u32, u32, u32, u32),
) -> Result<(), RenderError> {
    let (bw, bh) = (frame.w * K, frame.h * K);
    // The patch, at K×, with PAD output pixels around the run.
    let px0 = x0 as i64 - PAD as i64;
    let py0 = y0 as i64 - PAD as i64;
    let pw = (x1 - x0 + 2 * PAD) * K;
    let ph = (y1 - y0 + 2 * PAD) * K;
    let mut patch = Image::new(pw, ph, style::WATER);
    for py in 0..ph {
        let sy = py0 * K as i64 + py as i64;
        if sy < 0 || sy >= bh as i64 {
            continue;
        }
        let sx0 = (px0 * K as i64).max(0);
        let sx1 = ((px0 * K as i64) + pw as i64).min(bw as i64);
        if sx1 <= sx0 {
            continue;
        }
        let dx = (sx0 - px0 * K as i64) as usize;
        let src = (sy as usize * bw as usize + sx0 as usize) * 3;
        let n = (sx1 - sx0) as usize * 3;
        let dst = (py as usize * pw as usize + dx) * 3;
        patch.data[dst..dst + n].copy_from_slice(&base[src..src + n]);
    }
    let view = Rect::new(x0 as f32, y0 as f32, x1 as f32, y1 as f32);
    let sub = subset(lay, items, view.inflate(PAD as f32));
    with_area(&mut patch, |area| {
        let p = Painter {
            area,
            k: K as f32,
            origin: (px0 as f32, py0 as f32),
        };
        draw_shapes(&p, scene, &sub)
    })?;
    // Keep the shapes (for close-ups), without the pad.
    let inner_w = ((x1 - x0) * K) as usize * 3;
    for yy in 0..(y1 - y0) * K {
        let src = (((PAD * K + yy) * pw + PAD * K) * 3) as usize;
        let dst = (((y0 * K + yy) * bw + x0 * K) * 3) as usize;
        frame.big[dst..dst + inner_w].copy_from_slice(&patch.data[src..src + inner_w]);
    }
    let mut small = downsample(&patch, K);
    drop(patch);
    small.origin = (px0 as i32, py0 as i32);
    draw_text(&mut small, scene, &sub)?;
    let (w, pad) = (frame.w as usize, PAD as usize);
    let sw = small.w as usize;
    for yy in 0..(y1 - y0) as usize {
        for xx in 0..(x1 - x0) as usize {
            let s = ((yy + pad) * sw + xx + pad) * 3;
            let p = &small.data[s..s + 3];
            let i = nearest_index(&mut frame.lut, &frame.palette, p);
            frame.idx[(y0 as usize + yy) * w + x0 as usize + xx] = i;
        }
    }
    Ok(())
}

impl Frame {
    /// The rows of band `b`, each with its filter byte, deflated on their own (ending with a
    /// sync flush, so bands join into one stream).
    fn deflate_band(&self, b: u32) -> Band {
        let w = self.w as usize;
        let (r0, r1) = (b * BAND, ((b + 1) * BAND).min(self.h));
        let mut raw = Vec::with_capacity((r1 - r0) as usize * (w + 1));
        for r in r0..r1 {
            raw.push(0);
            raw.extend_from_slice(&self.idx[r as usize * w..(r as usize + 1) * w]);
        }
        Band {
            deflated: deflate_raw(&raw),
            adler: adler32(&raw),
            len: raw.len() as u64,
        }
    }

    /// The full map's PNG from the cached bands.
    fn png(&self) -> Result<Vec<u8>, RenderError> {
        let mut z =
            Vec::with_capacity(self.bands.iter().map(|b| b.deflated.len()).sum::<usize>() + 8);
        z.extend_from_slice(&ZLIB_HEADER);
        let mut adler = 1u32;
        for b in &self.bands {
            z.extend_from_slice(&b.deflated);
            adler = adler32_combine(adler, b.adler, b.len);
        }
        z.extend_from_slice(&FINAL_EMPTY_BLOCK);
        z.extend_from_slice(&adler.to_be_bytes());
        super::palette::write_indexed_png(self.w, self.h, &self.palette, &z)
    }
}

/// zlib header: deflate, 32 KiB window, "fast" level flag; a multiple of 31 as zlib requires.
const ZLIB_HEADER: [u8; 2] = [0x78, 0x5e];
/// A last, empty deflate block (fixed codes, end of block) closing the joined bands.
const FINAL_EMPTY_BLOCK: [u8; 2] = [0x03, 0x00];

/// Raw deflate of `data` at the map's level, ending byte-aligned with a sync flush and no final
/// block.
fn deflate_raw(data: &[u8]) -> Vec<u8> {
    use flate2::{Compress, Compression, FlushCompress};
    let mut c = Compress::new(Compression::new(super::palette::FAST_LEVEL), false);
    let mut out = Vec::with_capacity(data.len() / 4 + 64);
    loop {
        let done = c.total_in() as usize;
        if out.capacity() - out.len() < 64 {
            out.reserve(out.capacity().max(1024));
        }
        let st = c.compress_vec(&data[done..], &mut out, FlushCompress::Sync);
        if st.is_err() {
            // Compressing into a Vec with room cannot fail; fall back to a stored copy.
            return stored(data);
        }
        if c.total_in() as usize == data.len() && out.capacity() > out.len() {
            break;
        }
    }
    out
}

/// `data` as stored (uncompressed) deflate blocks, none of them final.
fn stored(data: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(data.len() + data.len() / 65535 * 5 + 5);
    for chunk in data.chunks(65535) {
        let n = chunk.len() as u16;
        out.push(0);
        out.extend_from_slice(&n.to_le_bytes());
        out.extend_from_slice(&(!n).to_le_bytes());
        out.extend_from_slice(chunk);
    }
    out
}

const ADLER_MOD: u32 = 65521;

/// Adler-32 of `data`.
fn adler32(data: &[u8]) -> u32 {
    let (mut a, mut b) = (1u32, 0u32);
    // 5552 bytes is the most that cannot overflow u32 before the reduction.
    for chunk in data.chunks(5552) {
        for &x in chunk {
            a += x as u32;
            b += a;
        }
        a %= ADLER_MOD;
        b %= ADLER_MOD;
    }
    (b << 16) | a
}

/// The Adler-32 of two pieces joined, from each piece's checksum and the second one's length.
fn adler32_combine(first: u32, second: u32, len2: u64) -> u32 {
    let m = ADLER_MOD as u64;
    let rem = len2 % m;
    let (a1, b1) = ((first & 0xffff) as u64, (first >> 16) as u64);
    let (a2, b2) = ((second & 0xffff) as u64, (second >> 16) as u64);
    // a = a1 + a2 - 1; b = b1 + b2 + rem * (a1 - 1), all mod m.
    let a = (a1 + a2 + m - 1) % m;
    let b = (b1 + b2 + rem * ((a1 + m - 1) % m)) % m;
    ((b as u32) << 16) | a as u32
}

/// Groups of changed points that each fit one close-up at [`MIN_ZOOM`], most points first.
fn clusters(points: &[(f32, f32)]) -> Vec<Rect> {
    let (vw, vh) = (CLOSEUP_W as f32 / MIN_ZOOM, CLOSEUP_H as f32 / MIN_ZOOM);
    let m = CLOSEUP_MARGIN;
    let mut groups: Vec<(Rect, usize)> = Vec::new();
    for &(x, y) in points {
        let r = Rect::around(x, y, m, m);
        let fit = groups.iter().position(|(g, _)| {
            let u = g.union(&r);
            u.width() <= vw && u.height() <= vh
        });
        match fit {
            Some(i) => {
                groups[i].0 = groups[i].0.union(&r);
                groups[i].1 += 1;
            }
            None => groups.push((r, 1)),
        }
    }
    // Groups that grew into each other's reach become one.
    let mut merged = true;
    while merged {
        merged = false;
        'outer: for i in 0..groups.len() {
            for j in i + 1..groups.len() {
                let u = groups[i].0.union(&groups[j].0);
                if u.width() <= vw && u.height() <= vh {
                    groups[i] = (u, groups[i].1 + groups[j].1);
                    groups.remove(j);
                    merged = true;
                    break 'outer;
                }
            }
        }
    }
    groups.sort_by_key(|g| std::cmp::Reverse(g.1));
    groups.truncate(MAX_CLOSEUPS);
    groups.into_iter().map(|(r, _)| r).collect()
}

/// Close-ups of what changed: the changed spaces and fleets at sea, grouped.
fn closeups(
    scene: &MapScene,
    lay: &MapLayout,
    items: &[Item],
    frame: &Frame,
) -> Result<Vec<Closeup>, RenderError> {
    if scene.previous.is_none() {
        return Ok(Vec::new());
    }
    let s = lay.scale;
    let mut points: Vec<(f32, f32)> = Vec::new();
    let mut spaces = Vec::new();
    for sl in lay.spaces.iter().filter(|sl| sl.changed) {
        points.push((sl.center.0 / s, sl.center.1 / s));
        spaces.push((sl.space, (sl.center.0 / s, sl.center.1 / s)));
    }
    // Sea zones whose fleets changed, those that sailed away included: at the zone's name.
    if let Some(prev) = scene.previous {
        let busy = |b: &Board, z: &str| {
            b.seas
                .get(z)
                .map(|v| {
                    v.iter()
                        .filter(|f| !f.is_empty())
                        .cloned()
                        .collect::<Vec<_>>()
                })
                .unwrap_or_default()
        };
        for (i, z) in scene.rs.sea_zones.iter().enumerate() {
            if busy(prev, &z.id) != busy(scene.board, &z.id) {
                if let Some(t) = lay.sea_labels.get(i) {
                    let c = t.rect.center();
                    points.push((c.0 / s, c.1 / s));
                }
            }
        }
    }
    let mut out = Vec::new();
    for bbox in clusters(&points) {
        let (cw, ch) = (CLOSEUP_W as f32, CLOSEUP_H as f32);
        let zoom = (cw / bbox.width())
            .min(ch / bbox.height())
            .clamp(MIN_ZOOM, MAX_ZOOM);
        let (vw, vh) = (cw / zoom, ch / zoom);
        let (cx, cy) = bbox.center();
        let x0 = (cx - vw / 2.0).clamp(0.0, (style::EUROPE_W - vw).max(0.0));
        let y0 = (cy - vh / 2.0).clamp(0.0, (style::EUROPE_H - vh).max(0.0));
        let region = Rect::sized(x0, y0, vw, vh);
        let mut img = crop_zoomed(frame, region, zoom);
        let sub = subset(
            lay,
            items,
            Rect::sized(x0 * s, y0 * s, vw * s, vh * s).inflate(2.0),
        );
        let zl = scaled(&sub, zoom);
        img.origin = ((x0 * zoom).round() as i32, (y0 * zoom).round() as i32);
        draw_text(&mut img, scene, &zl)?;
        img.origin = (0, 0);
        let png = super::palette::encode_with(&img, &frame.palette, &frame.lut)?;
        out.push(Closeup {
            png,
            region,
            zoom,
            spaces: spaces
                .iter()
                .filter(|(_, (x, y))| region.contains(&Rect::around(*x, *y, 0.0, 0.0)))
                .map(|(id, _)| *id)
                .collect(),
        });
    }
    Ok(out)
}

/// The region (Europe pixels) of the frame's supersampled shapes at `zoom` output pixels per
/// Europe pixel: the buffer itself at zoom `K`, bilinear below.
fn crop_zoomed(frame: &Frame, region: Rect, zoom: f32) -> Image {
    let (bw, bh) = (frame.w * K, frame.h * K);
    let mut img = Image::new(CLOSEUP_W, CLOSEUP_H, style::WATER);
    let step = K as f32 / zoom;
    let ox = (region.x0 * zoom).round() / zoom * K as f32;
    let oy = (region.y0 * zoom).round() / zoom * K as f32;
    let exact = (step - 1.0).abs() < 1e-4;
    for y in 0..CLOSEUP_H {
        for x in 0..CLOSEUP_W {
            let d = ((y * CLOSEUP_W + x) * 3) as usize;
            if exact {
                let (sx, sy) = ((ox as u32 + x).min(bw - 1), (oy as u32 + y).min(bh - 1));
                let s = ((sy * bw + sx) * 3) as usize;
                img.data[d..d + 3].copy_from_slice(&frame.big[s..s + 3]);
                continue;
            }
            let fx = (ox + (x as f32 + 0.5) * step - 0.5).clamp(0.0, (bw - 1) as f32);
            let fy = (oy + (y as f32 + 0.5) * step - 0.5).clamp(0.0, (bh - 1) as f32);
            let (ix, iy) = (fx as u32, fy as u32);
            let (jx, jy) = ((ix + 1).min(bw - 1), (iy + 1).min(bh - 1));
            let (tx, ty) = (fx - ix as f32, fy - iy as f32);
            let px =
                |xx: u32, yy: u32, c: usize| frame.big[((yy * bw + xx) * 3) as usize + c] as f32;
            for c in 0..3 {
                let top = px(ix, iy, c) * (1.0 - tx) + px(jx, iy, c) * tx;
                let bot = px(ix, jy, c) * (1.0 - tx) + px(jx, jy, c) * tx;
                img.data[d + c] = (top * (1.0 - ty) + bot * ty + 0.5) as u8;
            }
        }
    }
    img
}

/// A layout's text and boxes multiplied by `f` (for drawing a close-up's text at its size).
fn scaled(lay: &MapLayout, f: f32) -> MapLayout {
    let r = |x: Rect| Rect::new(x.x0 * f, x.y0 * f, x.x1 * f, x.y1 * f);
    let p = |c: (f32, f32)| (c.0 * f, c.1 * f);
    let t = |x: &TextBox| TextBox {
        text: x.text.clone(),
        rect: r(x.rect),
        px: x.px * f,
    };
    let mut out = lay.clone();
    out.scale = lay.scale * f;
    out.width = (lay.width as f32 * f).round() as u32;
    out.height = (lay.height as f32 * f).round() as u32;
    for sl in &mut out.spaces {
        sl.center = p(sl.center);
        sl.half *= f;
        sl.symbol = r(sl.symbol);
        sl.label = t(&sl.label);
        sl.port = sl.port.map(r);
        sl.unrest = sl.unrest.map(r);
        if let Some(m) = &mut sl.marker {
            m.rect = r(m.rect);
        }
    }
    for st in &mut out.stacks {
        st.rect = r(st.rect);
        st.leader_x = st.leader_x.map(|x| x * f);
    }
    out.sea_labels = lay.sea_labels.iter().map(t).collect();
    for w in &mut out.world {
        w.center = p(w.center);
        w.symbol = w.symbol.map(r);
        w.label = t(&w.label);
    }
    for pn in &mut out.panels {
        pn.rect = r(pn.rect);
    }
    out.title = t(&lay.title);
    out.captured = lay.captured.iter().map(t).collect();
    let _ = WorldKind::Ocean;
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn adler_of_joined_pieces_is_the_adler_of_the_whole() {
        let data: Vec<u8> = (0..20_000u32).map(|i| (i * 7 % 251) as u8).collect();
        let (a, b) = data.split_at(12_345);
        assert_eq!(
            adler32_combine(adler32(a), adler32(b), b.len() as u64),
            adler32(&data)
        );
        assert_eq!(adler32(b"Wikipedia"), 0x11E6_0398);
        assert_eq!(
            adler32_combine(1, adler32(&data), data.len() as u64),
            adler32(&data)
        );
    }

    #[test]
    fn joined_bands_inflate_to_the_whole() {
        use std::io::Read;
        let data: Vec<u8> = (0..50_000u32).map(|i| (i / 97 % 13) as u8).collect();
        let mut z = ZLIB_HEADER.to_vec();
        let mut adler = 1;
        for part in data.chunks(7_000) {
            z.extend(deflate_raw(part));
            adler = adler32_combine(adler, adler32(part), part.len() as u64);
        }
        z.extend_from_slice(&FINAL_EMPTY_BLOCK);
        z.extend_from_slice(&u32::to_be_bytes(adler));
        let mut back = Vec::new();
        flate2::read::ZlibDecoder::new(&z[..])
            .read_to_end(&mut back)
            .expect("a valid zlib stream");
        assert_eq!(back, data);
    }

    #[test]
    fn far_apart_changes_make_separate_groups() {
        let g = clusters(&[(300.0, 300.0), (340.0, 320.0), (2000.0, 1200.0)]);
        assert_eq!(g.len(), 2);
        assert!(g[0].contains(&Rect::around(320.0, 310.0, 1.0, 1.0)));
        let many: Vec<(f32, f32)> = (0..5).map(|i| (200.0 + 480.0 * i as f32, 800.0)).collect();
        assert_eq!(clusters(&many).len(), MAX_CLOSEUPS);
    }
}

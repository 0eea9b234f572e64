//! Drawing the map image from its layout.

use super::font::{Fonts, Weight};
use super::geom::Rect;
use super::layout::{changed_spaces, layout, layout_with, local, MapLayout, PanelKind};
use super::paint::Painter;
use super::palette::encode_indexed;
use super::raster::{downsample, with_area, Image};
use super::style::{self, size, Rgb};
use super::{legend, MapScene, RenderError, RenderOptions};
use crate::engine::power::{LinkKind, Owner, Power};
use crate::engine::ruleset::{Ruleset, SpaceId, WorldKind};
use std::collections::HashSet;
use std::sync::{Arc, Mutex};

/// Renders the map of a scene as an 8-bit palette PNG.
pub fn render_map(scene: &MapScene, opts: &RenderOptions) -> Result<Vec<u8>, RenderError> {
    let lay = layout(scene, opts)?;
    let img = render_view(scene, opts, &lay, None)?;
    encode_indexed(&img, &palette_seeds(scene.rs), opts.compression)
}

/// The colours drawn flat on the map, kept exactly by the palette.
pub(crate) fn palette_seeds(rs: &Ruleset) -> Vec<Rgb> {
    let mut v = vec![
        style::WATER,
        style::LAND,
        style::COAST,
        style::INK,
        style::LINK,
        style::SEA_TEXT,
        style::WHITE,
        style::PANEL,
        style::UNREST,
        style::ANCHOR,
        style::LEADER_CHIP,
        style::CHANGED,
        style::tint(style::WATER, 0.25),
        style::text_on(style::WHITE),
        (226, 196, 120),
        (232, 222, 196),
    ];
    for p in &rs.powers {
        v.push(p.color);
        v.push(style::tint(p.color, 0.55));
    }
    v.push(rs.color_of(Owner::Independent));
    v.push(style::tint(rs.color_of(Owner::Independent), 0.55));
    v
}

/// A close-up of the spaces that changed since the previous map.
#[derive(Debug, Clone)]
pub struct Closeup {
    /// The PNG (8-bit palette).
    pub png: Vec<u8>,
    /// The region shown, in Europe-canvas pixels (the 2400×1600 canvas of the data's `x`, `y`).
    pub region: super::Rect,
    /// Output pixels per Europe-canvas pixel.
    pub zoom: f32,
    /// The changed spaces it shows.
    pub spaces: Vec<SpaceId>,
}

/// Size of a close-up image in pixels: twice Discord's preview width, so names read there.
pub const CLOSEUP_SIZE: (u32, u32) = (1100, 800);

/// Margin around the changed spaces in a close-up, in Europe-canvas pixels.
pub const CLOSEUP_MARGIN: f32 = 110.0;

/// Renders a close-up of the region where the board changed since `scene.previous`: every
/// changed space with a margin, zoomed in so that names read at Discord's preview width.
/// `None` without a previous board or when nothing changed.
pub fn render_closeup(scene: &MapScene) -> Result<Option<Closeup>, RenderError> {
    let Some(prev) = scene.previous else {
        return Ok(None);
    };
    let rs = scene.rs;
    if prev.spaces.len() != scene.board.spaces.len() {
        return Ok(None);
    }
    let spaces = changed_spaces(rs, prev, scene.board);
    if spaces.is_empty() {
        return Ok(None);
    }
    let (cw, ch) = (CLOSEUP_SIZE.0 as f32, CLOSEUP_SIZE.1 as f32);
    let mut bbox: Option<super::Rect> = None;
    for &id in &spaces {
        let (x, y) = rs.space(id).pos;
        let r = super::Rect::around(x, y, CLOSEUP_MARGIN, CLOSEUP_MARGIN);
        bbox = Some(bbox.map_or(r, |b| b.union(&r)));
    }
    let Some(bbox) = bbox else { return Ok(None) };
    // As close as the changed spaces allow, between the full map's width and 2×.
    let zoom = (cw / bbox.width())
        .min(ch / bbox.height())
        .clamp(cw / style::EUROPE_W, 2.0);
    let (vw, vh) = (cw / zoom, ch / zoom);
    let (cx, cy) = bbox.center();
    let x0 = (cx - vw / 2.0).clamp(0.0, (style::EUROPE_W - vw).max(0.0));
    let y0 = (cy - vh / 2.0).clamp(0.0, (style::EUROPE_H - vh).max(0.0));
    let region = super::Rect::sized(x0, y0, vw, vh);
    // No supersampling: at a zoom of up to 2 the shapes are large already and the text is drawn
    // at output size anyway; side by side at 550 px the 1× and 2× close-ups look the same, and 1×
    // takes about a third of the time (issue 16's latency target at 20 channels).
    let opts = RenderOptions {
        scale: zoom,
        supersample: 1,
        compression: super::Compression::Fast,
    };
    let lay = layout_with(scene, &opts, false)?;
    let view = super::Rect::new(
        (x0 * zoom).round(),
        (y0 * zoom).round(),
        (x0 * zoom).round() + cw,
        (y0 * zoom).round() + ch,
    );
    let img = render_view(scene, &opts, &lay, Some(view))?;
    let png = encode_indexed(&img, &palette_seeds(rs), opts.compression)?;
    Ok(Some(Closeup {
        png,
        region,
        zoom,
        spaces,
    }))
}

/// The margin drawn around a close-up's view and cropped off, in output pixels.
const CROP_PAD: f32 = 4.0;

/// The `w`×`h` part of an image `pad` pixels in from its top-left corner.
fn crop(img: &Image, pad: u32, w: u32, h: u32) -> Image {
    let (w, h) = (w.min(img.w - 2 * pad), h.min(img.h - 2 * pad));
    let mut data = Vec::with_capacity(w as usize * h as usize * 3);
    for y in pad..pad + h {
        let row = (y as usize * img.w as usize + pad as usize) * 3;
        data.extend_from_slice(&img.data[row..row + w as usize * 3]);
    }
    Image {
        w,
        h,
        data,
        origin: (0, 0),
    }
}

/// Renders a laid-out map into an RGB image (no encoding): the whole canvas, or only `view`
/// (output pixels of the layout) for a close-up.
fn render_view(
    scene: &MapScene,
    opts: &RenderOptions,
    lay: &MapLayout,
    view: Option<super::Rect>,
) -> Result<Image, RenderError> {
    let k = opts.supersample;
    let mut big = match view {
        None => {
            let base = base_image(scene, lay, k)?;
            Image {
                w: lay.width * k,
                h: lay.height * k,
                data: base.as_ref().clone(),
                origin: (0, 0),
            }
        }
        Some(v) => {
            // plotters clamps a span that lies wholly outside the buffer onto its edge row or
            // column; drawing with a margin and cropping it off keeps those off the picture.
            let v = v.inflate(CROP_PAD);
            let mut img = Image::new(
                v.width().round() as u32 * k,
                v.height().round() as u32 * k,
                style::WATER,
            );
            with_area(&mut img, |area| {
                let p = Painter {
                    area,
                    k: k as f32,
                    origin: (v.x0, v.y0),
                };
                draw_base(&p, scene, lay)
            })?;
            img
        }
    };
    let origin = view.map_or((0.0, 0.0), |v| (v.x0 - CROP_PAD, v.y0 - CROP_PAD));
    with_area(&mut big, |area| {
        let p = Painter {
            area,
            k: k as f32,
            origin,
        };
        draw_shapes(&p, scene, lay)
    })?;
    let mut img = downsample(&big, k);
    drop(big);
    if let Some(v) = view {
        img = crop(
            &img,
            CROP_PAD as u32,
            v.width().round() as u32,
            v.height().round() as u32,
        );
        img.origin = (v.x0 as i32, v.y0 as i32);
    }
    draw_text(&mut img, scene, lay)?;
    Ok(img)
}

/// What the static background depends on.
#[derive(Debug, Clone, PartialEq, Eq)]
struct BaseKey {
    fingerprint: String,
    spaces: usize,
    links: usize,
    w: u32,
    h: u32,
    k: u32,
}

/// The background that depends only on the ruleset and the image size (water, land,
/// connections, the world inset's lines and settlements), at supersampled size. The last one
/// drawn is kept, so consecutive renders of the same game only copy it.
pub(crate) fn base_image(
    scene: &MapScene,
    lay: &MapLayout,
    k: u32,
) -> Result<Arc<Vec<u8>>, RenderError> {
    static CACHE: Mutex<Option<(BaseKey, Arc<Vec<u8>>)>> = Mutex::new(None);
    let rs = scene.rs;
    let key = BaseKey {
        fingerprint: rs.fingerprint.clone(),
        spaces: rs.spaces.len(),
        links: rs.links.len(),
        w: lay.width,
        h: lay.height,
        k,
    };
    let cacheable = !key.fingerprint.is_empty();
    if cacheable {
        if let Ok(guard) = CACHE.lock() {
            if let Some((kk, img)) = guard.as_ref() {
                if *kk == key {
                    return Ok(img.clone());
                }
            }
        }
    }
    let mut img = Image::new(lay.width * k, lay.height * k, style::WATER);
    with_area(&mut img, |area| {
        let p = Painter {
            area,
            k: k as f32,
            origin: (0.0, 0.0),
        };
        draw_base(&p, scene, lay)
    })?;
    let data = Arc::new(img.data);
    if cacheable {
        if let Ok(mut guard) = CACHE.lock() {
            *guard = Some((key, data.clone()));
        }
    }
    Ok(data)
}

fn draw_base(p: &Painter, scene: &MapScene, lay: &MapLayout) -> Result<(), RenderError> {
    let rs = scene.rs;
    let s = lay.scale;

    // Land: a coast rim, then the land, over the faces between connections, along the
    // connections on the coast and around the spaces on the coast.
    let land_r = size::LAND_R * s;
    let land = land_faces(scene, lay);
    let inner = |a: usize, b: usize| land.filled.contains(&(a, b)) && land.filled.contains(&(b, a));
    let coastal: Vec<bool> = (0..lay.spaces.len())
        .map(|u| {
            let mut links = rs
                .links
                .iter()
                .filter(|l| l.a.idx() == u || l.b.idx() == u)
                .peekable();
            links.peek().is_none() || links.any(|l| !inner(l.a.idx(), l.b.idx()))
        })
        .collect();
    for (r, c) in [(land_r + 2.5 * s, style::COAST), (land_r, style::LAND)] {
        // Faces lie inside the land, so only the land pass needs them.
        if c == style::LAND {
            // The hinterland at the map's edges (land.csv): outlined like a coast, under the
            // land around the spaces so only its sea side shows the outline.
            for a in &rs.land {
                let pts: Vec<(f32, f32)> = a.outline.iter().map(|&(x, y)| (x * s, y * s)).collect();
                p.polygon(&pts, Some(style::LAND), Some((style::COAST, 2.5 * s)))?;
            }
            for f in &land.faces {
                p.polygon(f, Some(c), None)?;
            }
        }
        for l in rs.links.iter().filter(|l| !inner(l.a.idx(), l.b.idx())) {
            let (a, b) = (lay.spaces[l.a.idx()].center, lay.spaces[l.b.idx()].center);
            p.line(a, b, c, r * 1.5)?;
        }
        for (sl, _) in lay.spaces.iter().zip(&coastal).filter(|(_, c)| **c) {
            p.circle(sl.center, r, Some(c), None)?;
        }
    }

    // Connections; one that would run through another space's symbol bends around it.
    let clear = 2.5 * size::CIRCLE_R * s;
    for l in &rs.links {
        let (a, b) = (lay.spaces[l.a.idx()].center, lay.spaces[l.b.idx()].center);
        let others = lay.spaces.iter().map(|o| o.center);
        let route = super::geom::link_route(a, b, others, clear);
        match (l.kind, route.len()) {
            (LinkKind::Normal, 2) => p.line(a, b, style::LINK, 1.6 * s)?,
            (LinkKind::Pass, 2) => p.dashed(a, b, style::LINK, 1.6 * s, 7.0 * s, 5.0 * s)?,
            (LinkKind::Normal, _) => p.path(&route, style::LINK, 1.6 * s, None)?,
            (LinkKind::Pass, _) => {
                p.path(&route, style::LINK, 1.6 * s, Some((7.0 * s, 5.0 * s)))?
            }
        }
    }

    // World inset.
    if let Some(r) = lay.panel(PanelKind::WorldInset) {
        p.rect(
            r,
            Some((style::tint(style::WATER, 0.25), 1.0)),
            Some((style::INK, 1.5 * s)),
        )?;
        let by_id = |id: &str| lay.world.iter().find(|w| w.id == id);
        for w in &rs.world {
            let Some(me) = by_id(&w.id) else { continue };
            match w.kind {
                WorldKind::Ocean => {
                    for a in w.adjacent.iter().filter(|a| a.as_str() > w.id.as_str()) {
                        if let Some(o) = by_id(a) {
                            p.line(
                                me.center,
                                o.center,
                                style::tint(style::SEA_TEXT, 0.45),
                                1.6 * s,
                            )?;
                        }
                    }
                }
                WorldKind::Settlement => {
                    if let Some(o) = w.ocean.as_deref().and_then(by_id) {
                        p.line(
                            me.center,
                            o.center,
                            style::tint(style::SEA_TEXT, 0.5),
                            1.0 * s,
                        )?;
                    }
                }
            }
        }
        for w in &lay.world {
            if let Some(sym) = w.symbol {
                p.triangle(sym, (226, 196, 120), s)?;
            }
        }
    }
    Ok(())
}

pub(crate) fn draw_shapes(
    p: &Painter,
    scene: &MapScene,
    lay: &MapLayout,
) -> Result<(), RenderError> {
    let rs = scene.rs;
    let s = lay.scale;

    // Ocean names get a pale box so the lines under them do not cut the text.
    for w in lay.world.iter().filter(|w| w.kind == WorldKind::Ocean) {
        p.rect(
            w.label.rect,
            Some((style::tint(style::WATER, 0.25), 0.9)),
            None,
        )?;
    }

    // Protestant spaces are shaded, so religion reads at preview size (issue 18).
    let wash = style::protestant_wash(rs);
    for sl in lay.spaces.iter().filter(|sl| sl.protestant) {
        p.disc(sl.center, size::WASH_R * s, wash, style::WASH_ALPHA)?;
    }

    // Spaces.
    for sl in &lay.spaces {
        if sl.changed {
            let r = (sl.half * 1.42).max(sl.half + size::SIEGE_GAP * s + 4.0 * s) + 5.0 * s;
            p.circle(sl.center, r, Some(style::CHANGED), None)?;
        }
        if let Some(col) = sl.siege {
            p.siege_ring(sl.shape, sl.center, sl.half + size::SIEGE_GAP * s, col, s)?;
        }
        p.symbol(sl.shape, sl.center, sl.half, sl.home_fill, s)?;
        if let Some(m) = &sl.marker {
            p.marker(m, s)?;
        } else if sl.printed_protestant {
            p.protestant_centre(sl.center, sl.half * 0.42, s)?;
        }
        if let Some(a) = sl.port {
            if sl.blockaded {
                p.blockaded_anchor(a, s)?;
            } else {
                p.anchor(a, s)?;
            }
        }
        if let Some(u) = sl.unrest {
            p.unrest(u, s)?;
        }
    }

    // Unit counters.
    for st in &lay.stacks {
        p.rect(st.rect, Some((st.color, 1.0)), None)?;
        if let Some(c) = st.stripe {
            p.rect(
                Rect::new(st.rect.x0, st.rect.y0, st.rect.x0 + 4.0 * s, st.rect.y1),
                Some((c, 1.0)),
                None,
            )?;
        }
        if let Some(x) = st.leader_x {
            p.rect(
                Rect::new(x, st.rect.y0, st.rect.x1, st.rect.y1),
                Some((style::LEADER_CHIP, 1.0)),
                None,
            )?;
        }
        p.rect(st.rect, None, Some((style::INK, 1.2 * s)))?;
        if st.changed {
            p.rect(
                st.rect.inflate(1.5 * s),
                None,
                Some((style::CHANGED, 2.5 * s)),
            )?;
        }
    }

    // Label backgrounds.
    for sl in &lay.spaces {
        p.rect(sl.label.rect, Some((style::WHITE, 0.6)), None)?;
    }
    for w in lay.world.iter().filter(|w| w.kind == WorldKind::Settlement) {
        p.rect(w.label.rect, Some((style::WHITE, 0.5)), None)?;
    }

    // Title.
    if let Some(r) = lay.panel(PanelKind::Title) {
        p.rect(r, Some((style::PANEL, 0.94)), Some((style::INK, 1.5 * s)))?;
        if let Some(a) = scene.active {
            let c = (r.x0 + 22.0 * s, r.center().1);
            p.rect(
                Rect::around(c.0, c.1, 10.0 * s, 10.0 * s),
                Some((rs.color_of(Owner::Major(a)), 1.0)),
                Some((style::INK, 1.2 * s)),
            )?;
        }
    }
    if let Some(r) = lay.panel(PanelKind::Legend) {
        legend::draw_shapes(p, rs, &lay.zone_tally, scene.locale, r, s)?;
    }
    if let Some(r) = lay.panel(PanelKind::Captured) {
        p.rect(r, Some((style::PANEL, 0.94)), Some((style::INK, 1.5 * s)))?;
    }
    if let Some(r) = lay.panel(PanelKind::VpTrack) {
        let t = Track::new(r, s);
        p.rect(r, Some((style::PANEL, 0.94)), Some((style::INK, 1.5 * s)))?;
        for i in 0..TRACK_CELLS {
            let c = t.cell(i);
            let fill = if i % 5 == 0 {
                (232, 222, 196)
            } else {
                style::WHITE
            };
            p.rect(c, Some((fill, 1.0)), Some((style::LINK, 1.0 * s)))?;
        }
        for (pw, cell, slot) in t.markers(scene) {
            let c = t.marker_center(cell, slot);
            let stroke = if scene.active == Some(pw) {
                (style::INK, 3.0 * s)
            } else {
                (style::INK, 1.2 * s)
            };
            p.circle(
                c,
                t.marker_r,
                Some(rs.color_of(Owner::Major(pw))),
                Some(stroke),
            )?;
        }
    }
    Ok(())
}

pub(crate) fn draw_text(
    img: &mut Image,
    scene: &MapScene,
    lay: &MapLayout,
) -> Result<(), RenderError> {
    let fonts = Fonts::get()?;
    let rs = scene.rs;
    let s = lay.scale;
    let words = style::words(scene.locale);
    let (pad_x, pad_y) = (size::LABEL_PAD_X * s, size::LABEL_PAD_Y * s);

    for t in &lay.sea_labels {
        fonts.draw(
            img,
            Weight::Regular,
            t.px,
            &t.text,
            (t.rect.x0 + 2.0 * s, t.rect.y0),
            style::SEA_TEXT,
        );
    }
    for sl in &lay.spaces {
        let r = sl.label.rect;
        fonts.draw(
            img,
            Weight::Regular,
            sl.label.px,
            &sl.label.text,
            (r.x0 + pad_x, r.y0 + pad_y),
            style::INK,
        );
        if let Some(u) = sl.unrest {
            fonts.draw_centered(
                img,
                Weight::Bold,
                10.0 * s,
                words.unrest_letter,
                u.center(),
                style::WHITE,
            );
        }
    }
    for st in &lay.stacks {
        let px = size::COUNTER_PX * s;
        let x0 = st.rect.x0 + if st.stripe.is_some() { 4.0 * s } else { 0.0 };
        let x1 = st.leader_x.unwrap_or(st.rect.x1);
        if !st.units.is_empty() {
            let c = ((x0 + x1) / 2.0, st.rect.center().1);
            fonts.draw_centered(
                img,
                Weight::Bold,
                px,
                &st.units,
                c,
                style::text_on(st.color),
            );
        }
        if let Some(x) = st.leader_x {
            let c = ((x + st.rect.x1) / 2.0, st.rect.center().1);
            fonts.draw_centered(img, Weight::Bold, px, &st.leaders, c, style::INK);
        }
    }

    // World inset.
    if let Some(r) = lay.panel(PanelKind::WorldInset) {
        fonts.draw(
            img,
            Weight::Bold,
            15.0 * s,
            words.world,
            (r.x0 + 8.0 * s, r.y0 + 6.0 * s),
            style::INK,
        );
        for w in &lay.world {
            let (col, wt) = match w.kind {
                WorldKind::Ocean => (style::SEA_TEXT, Weight::Regular),
                WorldKind::Settlement => (style::INK, Weight::Regular),
            };
            let x = w.label.rect.x0
                + if w.kind == WorldKind::Ocean {
                    2.0 * s
                } else {
                    pad_x
                };
            fonts.draw(
                img,
                wt,
                w.label.px,
                &w.label.text,
                (
                    x,
                    w.label.rect.y0
                        + if w.kind == WorldKind::Ocean {
                            0.0
                        } else {
                            pad_y
                        },
                ),
                col,
            );
        }
    }

    // Title.
    if lay.panel(PanelKind::Title).is_some() {
        let t = &lay.title;
        let th = fonts.measure(Weight::Bold, t.px, &t.text).1;
        let x = t.rect.x0
            + if scene.active.is_some() {
                40.0 * s
            } else {
                12.0 * s
            };
        fonts.draw(
            img,
            Weight::Bold,
            t.px,
            &t.text,
            (x, t.rect.center().1 - th / 2.0),
            style::INK,
        );
    }

    if let Some(r) = lay.panel(PanelKind::Legend) {
        legend::draw_text(img, rs, &lay.zone_tally, scene.locale, r, s)?;
    }
    for (i, t) in lay.captured.iter().enumerate() {
        let w = if i == 0 {
            Weight::Bold
        } else {
            Weight::Regular
        };
        fonts.draw(img, w, t.px, &t.text, (t.rect.x0, t.rect.y0), style::INK);
    }
    if let Some(r) = lay.panel(PanelKind::VpTrack) {
        let tr = Track::new(r, s);
        let head_px = 15.0 * s;
        fonts.draw(
            img,
            Weight::Bold,
            head_px,
            words.vp,
            (r.x0 + 8.0 * s, r.y0 + 5.0 * s),
            style::INK,
        );
        // Exact totals beside the title, in impulse order.
        let mut x = r.x0 + 8.0 * s + fonts.measure(Weight::Bold, head_px, words.vp).0 + 16.0 * s;
        for pw in Power::ALL {
            let name = rs
                .power_info(pw.as_str())
                .map_or(pw.as_str(), |i| local(scene.locale, &i.name_en, &i.name_ru));
            let txt = format!("{name} {}", scene.vp[*pw as usize]);
            fonts.draw(
                img,
                Weight::Regular,
                14.0 * s,
                &txt,
                (x, r.y0 + 6.0 * s),
                style::INK,
            );
            x += fonts.measure(Weight::Regular, 14.0 * s, &txt).0 + 16.0 * s;
        }
        for i in 0..TRACK_CELLS {
            let c = tr.cell(i);
            let label = if i + 1 == TRACK_CELLS {
                format!("{}+", i)
            } else {
                i.to_string()
            };
            fonts.draw_centered(
                img,
                Weight::Bold,
                13.0 * s,
                &label,
                (c.center().0, c.y0 + 10.0 * s),
                style::LINK,
            );
        }
        for (pw, cell, slot) in tr.markers(scene) {
            let c = tr.marker_center(cell, slot);
            let col: Rgb = rs.color_of(Owner::Major(pw));
            fonts.draw_centered(
                img,
                Weight::Bold,
                tr.marker_r * 0.95,
                style::code(scene.locale, pw),
                c,
                style::text_on(col),
            );
        }
    }
    Ok(())
}

/// Cells on the VP track: 0 … 24 and 25+.
const TRACK_CELLS: usize = 26;

/// Geometry of the VP track.
struct Track {
    cells: Rect,
    cell_w: f32,
    marker_r: f32,
}

impl Track {
    fn new(r: Rect, s: f32) -> Track {
        let cells = Rect::new(
            r.x0 + 6.0 * s,
            r.y0 + 28.0 * s,
            r.x1 - 6.0 * s,
            r.y1 - 6.0 * s,
        );
        Track {
            cells,
            cell_w: cells.width() / TRACK_CELLS as f32,
            marker_r: (cells.width() / TRACK_CELLS as f32 / 4.6).min(13.0 * s),
        }
    }

    fn cell(&self, i: usize) -> Rect {
        let x = self.cells.x0 + i as f32 * self.cell_w;
        Rect::new(x, self.cells.y0, x + self.cell_w, self.cells.y1)
    }

    /// Each major with its cell and slot within the cell.
    fn markers(&self, scene: &MapScene) -> Vec<(Power, usize, usize)> {
        let mut used = [0usize; TRACK_CELLS];
        Power::ALL
            .iter()
            .map(|&p| {
                let cell = scene.vp[p as usize].clamp(0, TRACK_CELLS as i32 - 1) as usize;
                let slot = used[cell];
                used[cell] += 1;
                (p, cell, slot)
            })
            .collect()
    }

    fn marker_center(&self, cell: usize, slot: usize) -> (f32, f32) {
        let c = self.cell(cell);
        let d = self.marker_r * 2.1;
        let (col, row) = ((slot % 2) as f32, (slot / 2) as f32);
        let top = c.y0 + 1.6 * self.marker_r + self.marker_r;
        (c.center().0 + (col - 0.5) * d, top + row * d)
    }
}

/// The bounded faces of the connection graph that hold no sea zone: the land between spaces,
/// filled so that the map shows no false lakes. Faces are traced by always turning to the next
/// link clockwise; the unbounded face (and any face whose orientation is reversed) is skipped.
fn land_faces(scene: &MapScene, lay: &MapLayout) -> Land {
    let rs = scene.rs;
    let n = lay.spaces.len();
    let pos = |i: usize| lay.spaces[i].center;
    let mut nb: Vec<Vec<usize>> = vec![Vec::new(); n];
    for l in &rs.links {
        let (a, b) = (l.a.idx(), l.b.idx());
        if a < n && b < n && a != b {
            nb[a].push(b);
            nb[b].push(a);
        }
    }
    for (i, v) in nb.iter_mut().enumerate() {
        let c = pos(i);
        v.sort_by(|&x, &y| {
            let ax = (pos(x).1 - c.1).atan2(pos(x).0 - c.0);
            let ay = (pos(y).1 - c.1).atan2(pos(y).0 - c.0);
            ax.total_cmp(&ay)
        });
        v.dedup();
    }
    let seas: Vec<(f32, f32)> = rs
        .sea_zones
        .iter()
        .map(|z| (z.pos.0 * lay.scale, z.pos.1 * lay.scale))
        .collect();
    let mut seen = HashSet::new();
    let mut land = Land {
        faces: Vec::new(),
        filled: HashSet::new(),
    };
    for u in 0..n {
        for &v in &nb[u] {
            if seen.contains(&(u, v)) {
                continue;
            }
            let mut cycle = vec![u];
            let mut edges = vec![(u, v)];
            let (mut a, mut b) = (u, v);
            let mut ok = false;
            for _ in 0..64 {
                seen.insert((a, b));
                // At b, take the neighbour just before a in angular order.
                let list = &nb[b];
                let Some(i) = list.iter().position(|&x| x == a) else {
                    break;
                };
                let c = list[(i + list.len() - 1) % list.len()];
                if b == u && c == v {
                    ok = true;
                    break;
                }
                cycle.push(b);
                edges.push((b, c));
                a = b;
                b = c;
            }
            if !ok || cycle.len() < 3 {
                continue;
            }
            let poly: Vec<(f32, f32)> = cycle.iter().map(|&i| pos(i)).collect();
            let area: f32 = poly
                .iter()
                .zip(poly.iter().cycle().skip(1))
                .map(|(p, q)| p.0 * q.1 - q.0 * p.1)
                .sum::<f32>()
                / 2.0;
            // Screen coordinates (y down): bounded faces traced this way have positive area.
            if area <= 0.0 || seas.iter().any(|&c| inside(&poly, c)) {
                continue;
            }
            land.faces.push(poly);
            land.filled.extend(edges);
        }
    }
    // A connection drawn through another space's symbol (the pass Barcelona–Avignon runs
    // through Nîmes) hides the face between them from the tracing above, which left a small
    // lake on land: the "triangle south of Toulouse". A triangle of connected spaces is land
    // too when it holds no sea zone, and any space inside it sits on (or beside) one of its
    // edges.
    // Beside the edge: within twice a space's radius of it (Nîmes is 16 px from the pass).
    let on_edge = 2.0 * size::CIRCLE_R * lay.scale;
    for a in 0..n {
        for &b in nb[a].iter().filter(|&&b| b > a) {
            for &c in nb[b].iter().filter(|&&c| c > b && nb[a].contains(&c)) {
                let tri = vec![pos(a), pos(b), pos(c)];
                let land_only = !seas.iter().any(|&p| inside(&tri, p))
                    && (0..n)
                        .filter(|&o| o != a && o != b && o != c && inside(&tri, pos(o)))
                        .all(|o| {
                            [(a, b), (b, c), (c, a)]
                                .iter()
                                .any(|&(x, y)| seg_dist(pos(x), pos(y), pos(o)) <= on_edge)
                        });
                if land_only {
                    land.faces.push(tri);
                }
            }
        }
    }
    land
}

/// Distance from `p` to the segment `a`–`b`.
fn seg_dist(a: (f32, f32), b: (f32, f32), p: (f32, f32)) -> f32 {
    let (dx, dy) = (b.0 - a.0, b.1 - a.1);
    let len2 = dx * dx + dy * dy;
    let t = if len2 > 0.0 {
        (((p.0 - a.0) * dx + (p.1 - a.1) * dy) / len2).clamp(0.0, 1.0)
    } else {
        0.0
    };
    let (qx, qy) = (a.0 + t * dx - p.0, a.1 + t * dy - p.1);
    (qx * qx + qy * qy).sqrt()
}

/// Filled faces of the connection graph, and the directed links that bound them.
struct Land {
    faces: Vec<Vec<(f32, f32)>>,
    filled: HashSet<(usize, usize)>,
}

/// Even–odd point-in-polygon test.
fn inside(poly: &[(f32, f32)], p: (f32, f32)) -> bool {
    let mut c = false;
    let mut j = poly.len() - 1;
    for i in 0..poly.len() {
        let (a, b) = (poly[i], poly[j]);
        if (a.1 > p.1) != (b.1 > p.1) && p.0 < (b.0 - a.0) * (p.1 - a.1) / (b.1 - a.1) + a.0 {
            c = !c;
        }
        j = i;
    }
    c
}

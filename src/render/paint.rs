//! Shape drawing through plotters on the supersampled buffer.
//!
//! Layout coordinates are output pixels; [`Painter`] multiplies them by the supersampling
//! factor, so every size is given at output scale.

use super::geom::Rect;
use super::layout::{MarkerLayout, SymbolShape};
use super::raster::draw_err;
use super::style::{self, Rgb};
use super::RenderError;
use crate::engine::board::MarkerShape;
use plotters::coord::Shift;
use plotters::element::DashedPathElement;
use plotters::prelude::*;

/// Draws shapes given in output pixels onto a buffer `k` times larger.
pub(crate) struct Painter<'a, 'b> {
    pub area: &'a DrawingArea<BitMapBackend<'b>, Shift>,
    pub k: f32,
    /// The output pixel at the buffer's top-left corner (non-zero for a close-up crop).
    pub origin: (f32, f32),
}

type R = Result<(), RenderError>;

fn color(c: Rgb) -> RGBColor {
    RGBColor(c.0, c.1, c.2)
}

impl Painter<'_, '_> {
    fn pt(&self, p: (f32, f32)) -> (i32, i32) {
        (
            ((p.0 - self.origin.0) * self.k).round() as i32,
            ((p.1 - self.origin.1) * self.k).round() as i32,
        )
    }

    /// Whether a box (output pixels) touches the buffer. plotters moves shapes that lie wholly
    /// outside onto the buffer's edge, so a close-up's crop skips them.
    fn visible(&self, x0: f32, y0: f32, x1: f32, y1: f32) -> bool {
        let (w, h) = self.area.dim_in_pixel();
        let (a, b) = (self.pt((x0, y0)), self.pt((x1, y1)));
        b.0 >= 0 && b.1 >= 0 && a.0 <= w as i32 && a.1 <= h as i32
    }

    fn inside_pts(&self, pts: &[(f32, f32)], pad: f32) -> bool {
        let (mut x0, mut y0, mut x1, mut y1) = (f32::MAX, f32::MAX, f32::MIN, f32::MIN);
        for p in pts {
            x0 = x0.min(p.0);
            y0 = y0.min(p.1);
            x1 = x1.max(p.0);
            y1 = y1.max(p.1);
        }
        self.inside(x0 - pad, y0 - pad, x1 + pad, y1 + pad)
    }

    fn visible_pts(&self, pts: &[(f32, f32)], pad: f32) -> bool {
        let (mut x0, mut y0, mut x1, mut y1) = (f32::MAX, f32::MAX, f32::MIN, f32::MIN);
        for p in pts {
            x0 = x0.min(p.0);
            y0 = y0.min(p.1);
            x1 = x1.max(p.0);
            y1 = y1.max(p.1);
        }
        self.visible(x0 - pad, y0 - pad, x1 + pad, y1 + pad)
    }

    /// Whether a box (output pixels) lies wholly inside the buffer. plotters clamps every point
    /// of an element to the buffer, which would bend shapes reaching out of a close-up's crop;
    /// those are clipped here first.
    fn inside(&self, x0: f32, y0: f32, x1: f32, y1: f32) -> bool {
        let (w, h) = self.area.dim_in_pixel();
        let (a, b) = (self.pt((x0, y0)), self.pt((x1, y1)));
        a.0 >= 0 && a.1 >= 0 && b.0 < w as i32 && b.1 < h as i32
    }

    /// A polygon (output pixels) clipped to the buffer (Sutherland–Hodgman), in buffer pixels.
    fn clipped(&self, pts: &[(f32, f32)]) -> Vec<(i32, i32)> {
        let (w, h) = self.area.dim_in_pixel();
        let (w, h) = (w as f32 - 1.0, h as f32 - 1.0);
        let mut poly: Vec<(f32, f32)> = pts
            .iter()
            .map(|p| {
                (
                    (p.0 - self.origin.0) * self.k,
                    (p.1 - self.origin.1) * self.k,
                )
            })
            .collect();
        type Side = fn((f32, f32), f32) -> f32;
        let sides: [(Side, f32); 4] = [
            (|p, v| p.0 - v, 0.0),
            (|p, v| v - p.0, w),
            (|p, v| p.1 - v, 0.0),
            (|p, v| v - p.1, h),
        ];
        for (inside, v) in sides {
            let mut out = Vec::with_capacity(poly.len() + 4);
            for i in 0..poly.len() {
                let (a, b) = (poly[i], poly[(i + 1) % poly.len()]);
                let (da, db) = (inside(a, v), inside(b, v));
                if da >= 0.0 {
                    out.push(a);
                }
                if (da >= 0.0) != (db >= 0.0) {
                    let t = da / (da - db);
                    out.push((a.0 + t * (b.0 - a.0), a.1 + t * (b.1 - a.1)));
                }
            }
            poly = out;
            if poly.is_empty() {
                break;
            }
        }
        poly.iter()
            .map(|p| (p.0.round() as i32, p.1.round() as i32))
            .collect()
    }

    /// Fills a polygon reaching out of the buffer, clipped, at opacity `alpha`.
    fn fill_clipped(&self, pts: &[(f32, f32)], c: Rgb, alpha: f64) -> R {
        let p = self.clipped(pts);
        if p.len() < 3 {
            return Ok(());
        }
        self.area
            .draw(&Polygon::new(p, color(c).mix(alpha).filled()))
            .map_err(draw_err)
    }

    fn width(&self, w: f32) -> u32 {
        (w * self.k).round().max(1.0) as u32
    }

    /// A filled and/or outlined circle.
    pub fn circle(
        &self,
        c: (f32, f32),
        r: f32,
        fill: Option<Rgb>,
        stroke: Option<(Rgb, f32)>,
    ) -> R {
        let rr = (r * self.k).round() as i32;
        if !self.visible(c.0 - r - 2.0, c.1 - r - 2.0, c.0 + r + 2.0, c.1 + r + 2.0) {
            return Ok(());
        }
        let m = stroke.map_or(0.0, |s| s.1) + 1.0;
        if !self.inside(c.0 - r - m, c.1 - r - m, c.0 + r + m, c.1 + r + m) {
            // Partly outside a crop: as clipped polygons (an outline drawn as a ring).
            if let Some((s, w)) = stroke {
                self.fill_clipped(&ngon(c, r + w / 2.0), s, 1.0)?;
                if let Some(f) = fill {
                    self.fill_clipped(&ngon(c, r - w / 2.0), f, 1.0)?;
                }
            } else if let Some(f) = fill {
                self.fill_clipped(&ngon(c, r), f, 1.0)?;
            }
            return Ok(());
        }
        if let Some(f) = fill {
            self.area
                .draw(&Circle::new(self.pt(c), rr, color(f).filled()))
                .map_err(draw_err)?;
        }
        if let Some((s, w)) = stroke {
            self.area
                .draw(&Circle::new(
                    self.pt(c),
                    rr,
                    color(s).stroke_width(self.width(w)),
                ))
                .map_err(draw_err)?;
        }
        Ok(())
    }

    /// A filled and/or outlined closed polygon.
    pub fn polygon(&self, pts: &[(f32, f32)], fill: Option<Rgb>, stroke: Option<(Rgb, f32)>) -> R {
        let pad = stroke.map_or(0.0, |s| s.1) + 2.0;
        if !self.visible_pts(pts, pad) {
            return Ok(());
        }
        if !self.inside_pts(pts, pad) {
            if let Some(f) = fill {
                self.fill_clipped(pts, f, 1.0)?;
            }
            if let Some((s, w)) = stroke {
                // The outline as thin filled bands along each edge.
                for i in 0..pts.len() {
                    let (a, b) = (pts[i], pts[(i + 1) % pts.len()]);
                    self.fill_clipped(&band(a, b, w), s, 1.0)?;
                }
            }
            return Ok(());
        }
        let p: Vec<(i32, i32)> = pts.iter().map(|&q| self.pt(q)).collect();
        if let Some(f) = fill {
            self.area
                .draw(&Polygon::new(p.clone(), color(f).filled()))
                .map_err(draw_err)?;
        }
        if let Some((s, w)) = stroke {
            let mut closed = p;
            if let Some(&first) = closed.first() {
                closed.push(first);
            }
            self.area
                .draw(&PathElement::new(
                    closed,
                    color(s).stroke_width(self.width(w)),
                ))
                .map_err(draw_err)?;
        }
        Ok(())
    }

    /// A rectangle, filled with `fill` at opacity `alpha`, and/or outlined.
    pub fn rect(&self, r: Rect, fill: Option<(Rgb, f64)>, stroke: Option<(Rgb, f32)>) -> R {
        if !self.visible(r.x0 - 4.0, r.y0 - 4.0, r.x1 + 4.0, r.y1 + 4.0) {
            return Ok(());
        }
        let a = self.pt((r.x0, r.y0));
        let b = self.pt((r.x1, r.y1));
        if let Some((f, alpha)) = fill {
            let style = ShapeStyle {
                color: color(f).mix(alpha),
                filled: true,
                stroke_width: 1,
            };
            self.area
                .draw(&Rectangle::new([a, (b.0 - 1, b.1 - 1)], style))
                .map_err(draw_err)?;
        }
        if let Some((s, w)) = stroke {
            let pts = [(r.x0, r.y0), (r.x1, r.y0), (r.x1, r.y1), (r.x0, r.y1)];
            self.polygon(&pts, None, Some((s, w)))?;
        }
        Ok(())
    }

    /// A straight line.
    pub fn line(&self, a: (f32, f32), b: (f32, f32), c: Rgb, w: f32) -> R {
        if !self.visible_pts(&[a, b], w + 2.0) {
            return Ok(());
        }
        if !self.inside_pts(&[a, b], w + 2.0) {
            return self.fill_clipped(&band(a, b, w), c, 1.0);
        }
        self.area
            .draw(&PathElement::new(
                vec![self.pt(a), self.pt(b)],
                color(c).stroke_width(self.width(w)),
            ))
            .map_err(draw_err)
    }

    /// A dashed line.
    pub fn dashed(&self, a: (f32, f32), b: (f32, f32), c: Rgb, w: f32, dash: f32, gap: f32) -> R {
        if !self.visible_pts(&[a, b], w + 2.0) {
            return Ok(());
        }
        if !self.inside_pts(&[a, b], w + 2.0) {
            // Partly outside a crop: the visible part, solid.
            return self.fill_clipped(&band(a, b, w), c, 1.0);
        }
        let pts = [self.pt(a), self.pt(b)];
        self.area
            .draw(&DashedPathElement::new(
                pts,
                (dash * self.k) as i32,
                (gap * self.k) as i32,
                color(c).stroke_width(self.width(w)),
            ))
            .map_err(draw_err)
    }

    /// A line through several points, solid or dashed (`dash`, `gap`), for a connection that
    /// bends around a space ([`super::geom::link_route`]).
    pub fn path(&self, pts: &[(f32, f32)], c: Rgb, w: f32, dash: Option<(f32, f32)>) -> R {
        if !self.visible_pts(pts, w + 2.0) {
            return Ok(());
        }
        if !self.inside_pts(pts, w + 2.0) {
            // Partly outside a crop: the visible part, solid, a band per piece.
            for s in pts.windows(2) {
                self.fill_clipped(&band(s[0], s[1], w), c, 1.0)?;
            }
            return Ok(());
        }
        let px: Vec<(i32, i32)> = pts.iter().map(|p| self.pt(*p)).collect();
        let style = color(c).stroke_width(self.width(w));
        match dash {
            Some((d, g)) => self.area.draw(&DashedPathElement::new(
                px,
                (d * self.k) as i32,
                (g * self.k) as i32,
                style,
            )),
            None => self.area.draw(&PathElement::new(px, style)),
        }
        .map_err(draw_err)
    }

    /// A space symbol of the given shape, filled with `fill`.
    pub fn symbol(&self, shape: SymbolShape, c: (f32, f32), half: f32, fill: Rgb, s: f32) -> R {
        let ink = Some((style::INK, 1.5 * s));
        match shape {
            SymbolShape::Circle => self.circle(c, half, Some(fill), ink),
            SymbolShape::Square => self.polygon(&square(c, half), Some(fill), ink),
            SymbolShape::Capital => {
                self.polygon(&square(c, half), Some(style::WHITE), ink)?;
                self.polygon(&square(c, half * 0.74), Some(fill), ink)
            }
            SymbolShape::Star => self.polygon(&star(c, half, half * 0.55), Some(fill), ink),
        }
    }

    /// A white centre: the Protestant face.
    pub fn protestant_centre(&self, c: (f32, f32), r: f32, s: f32) -> R {
        self.circle(c, r, Some(style::WHITE), Some((style::INK, 0.8 * s)))
    }

    /// A control marker.
    pub fn marker(&self, m: &MarkerLayout, s: f32) -> R {
        let c = m.rect.center();
        let half = m.rect.width() / 2.0;
        let ink = Some((style::INK, 1.2 * s));
        match m.shape {
            MarkerShape::Square => self.polygon(&square(c, half), Some(m.color), ink)?,
            MarkerShape::Hex => self.polygon(&hexagon(c, half), Some(m.color), ink)?,
        }
        if m.protestant {
            self.protestant_centre(c, half * 0.5, s)?;
        }
        Ok(())
    }

    /// A siege ring in the besieger's colour: a round ring of teeth pointing at the walls, the
    /// same for every shape, so it never looks like a capital's square frame.
    pub fn siege_ring(&self, _shape: SymbolShape, c: (f32, f32), r: f32, col: Rgb, s: f32) -> R {
        let w = 4.0 * s;
        let teeth = star_n(c, r + w, r - w, 14);
        self.polygon(&teeth, Some(col), Some((style::INK, 1.0 * s)))
    }

    /// A filled disc blended at `alpha`.
    pub fn disc(&self, c: (f32, f32), r: f32, col: Rgb, alpha: f64) -> R {
        if !self.visible(c.0 - r - 2.0, c.1 - r - 2.0, c.0 + r + 2.0, c.1 + r + 2.0) {
            return Ok(());
        }
        if !self.inside(c.0 - r - 1.0, c.1 - r - 1.0, c.0 + r + 1.0, c.1 + r + 1.0) {
            return self.fill_clipped(&ngon(c, r), col, alpha);
        }
        let rr = (r * self.k).round() as i32;
        self.area
            .draw(&Circle::new(self.pt(c), rr, color(col).mix(alpha).filled()))
            .map_err(draw_err)
    }

    /// A port anchor: a small navy disc with a white rim.
    pub fn anchor(&self, r: Rect, s: f32) -> R {
        let c = r.center();
        self.circle(c, r.width() / 2.0, Some(style::WHITE), None)?;
        self.circle(c, r.width() / 2.0 - 1.2 * s, Some(style::ANCHOR), None)
    }

    /// A blockaded port's anchor: red, ringed in ink, a little larger.
    pub fn blockaded_anchor(&self, r: Rect, s: f32) -> R {
        let c = r.center();
        let rad = r.width() / 2.0 + 1.5 * s;
        self.circle(c, rad, Some(style::WHITE), Some((style::INK, 1.2 * s)))?;
        self.circle(c, rad - 1.8 * s, Some(style::UNREST), None)
    }

    /// The red unrest badge (its letter is drawn with the text).
    pub fn unrest(&self, r: Rect, s: f32) -> R {
        self.circle(
            r.center(),
            r.width() / 2.0,
            Some(style::UNREST),
            Some((style::WHITE, 1.0 * s)),
        )
    }

    /// A settlement triangle.
    pub fn triangle(&self, r: Rect, fill: Rgb, s: f32) -> R {
        let (cx, _) = r.center();
        let pts = [(cx, r.y0), (r.x1, r.y1), (r.x0, r.y1)];
        self.polygon(&pts, Some(fill), Some((style::INK, 1.2 * s)))
    }
}

/// A circle as a 48-sided polygon.
fn ngon(c: (f32, f32), r: f32) -> Vec<(f32, f32)> {
    (0..48)
        .map(|i| {
            let a = i as f32 * std::f32::consts::TAU / 48.0;
            (c.0 + r * a.cos(), c.1 + r * a.sin())
        })
        .collect()
}

/// The rectangle a line of width `w` from `a` to `b` covers.
fn band(a: (f32, f32), b: (f32, f32), w: f32) -> Vec<(f32, f32)> {
    let (dx, dy) = (b.0 - a.0, b.1 - a.1);
    let n = (dx * dx + dy * dy).sqrt().max(1e-3);
    let (px, py) = (-dy / n * w / 2.0, dx / n * w / 2.0);
    vec![
        (a.0 + px, a.1 + py),
        (b.0 + px, b.1 + py),
        (b.0 - px, b.1 - py),
        (a.0 - px, a.1 - py),
    ]
}

/// Corners of a square.
pub(crate) fn square(c: (f32, f32), h: f32) -> [(f32, f32); 4] {
    [
        (c.0 - h, c.1 - h),
        (c.0 + h, c.1 - h),
        (c.0 + h, c.1 + h),
        (c.0 - h, c.1 + h),
    ]
}

/// A hexagon with a vertex on top.
pub(crate) fn hexagon(c: (f32, f32), r: f32) -> Vec<(f32, f32)> {
    (0..6)
        .map(|i| {
            let a = (-90.0 + 60.0 * i as f32).to_radians();
            (c.0 + r * a.cos(), c.1 + r * a.sin())
        })
        .collect()
}

/// A five-pointed star.
pub(crate) fn star(c: (f32, f32), outer: f32, inner: f32) -> Vec<(f32, f32)> {
    star_n(c, outer, inner, 5)
}

/// A star with `n` points.
pub(crate) fn star_n(c: (f32, f32), outer: f32, inner: f32, n: usize) -> Vec<(f32, f32)> {
    let step = 180.0 / n as f32;
    (0..2 * n)
        .map(|i| {
            let a = (-90.0 + step * i as f32).to_radians();
            let r = if i % 2 == 0 { outer } else { inner };
            (c.0 + r * a.cos(), c.1 + r * a.sin())
        })
        .collect()
}

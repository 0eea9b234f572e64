//! Axis-aligned boxes, the few geometric tests the layout needs, and the route of a connection
//! that must not run through another space's symbol.

/// An axis-aligned box in output pixels; `x0 <= x1`, `y0 <= y1`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Rect {
    /// Left edge.
    pub x0: f32,
    /// Top edge.
    pub y0: f32,
    /// Right edge.
    pub x1: f32,
    /// Bottom edge.
    pub y1: f32,
}

/// Boxes that merely touch, or overlap by less than this many pixels, do not count as overlapping.
const TOUCH: f32 = 0.01;

impl Rect {
    /// A box from its corners.
    pub fn new(x0: f32, y0: f32, x1: f32, y1: f32) -> Rect {
        Rect {
            x0: x0.min(x1),
            y0: y0.min(y1),
            x1: x0.max(x1),
            y1: y0.max(y1),
        }
    }

    /// A box of half-width `hw` and half-height `hh` around a centre.
    pub fn around(cx: f32, cy: f32, hw: f32, hh: f32) -> Rect {
        Rect::new(cx - hw, cy - hh, cx + hw, cy + hh)
    }

    /// A box from its top-left corner and size.
    pub fn sized(x: f32, y: f32, w: f32, h: f32) -> Rect {
        Rect::new(x, y, x + w, y + h)
    }

    /// Width.
    pub fn width(&self) -> f32 {
        self.x1 - self.x0
    }

    /// Height.
    pub fn height(&self) -> f32 {
        self.y1 - self.y0
    }

    /// Centre point.
    pub fn center(&self) -> (f32, f32) {
        ((self.x0 + self.x1) / 2.0, (self.y0 + self.y1) / 2.0)
    }

    /// The box grown by `d` on every side (shrunk for negative `d`).
    pub fn inflate(&self, d: f32) -> Rect {
        Rect::new(self.x0 - d, self.y0 - d, self.x1 + d, self.y1 + d)
    }

    /// The box moved by `(dx, dy)`.
    pub fn shift(&self, dx: f32, dy: f32) -> Rect {
        Rect::new(self.x0 + dx, self.y0 + dy, self.x1 + dx, self.y1 + dy)
    }

    /// The smallest box holding both.
    pub fn union(&self, o: &Rect) -> Rect {
        Rect::new(
            self.x0.min(o.x0),
            self.y0.min(o.y0),
            self.x1.max(o.x1),
            self.y1.max(o.y1),
        )
    }

    /// Area shared with another box (0 if they only touch).
    pub fn overlap_area(&self, o: &Rect) -> f32 {
        let w = self.x1.min(o.x1) - self.x0.max(o.x0);
        let h = self.y1.min(o.y1) - self.y0.max(o.y0);
        if w > 0.0 && h > 0.0 {
            w * h
        } else {
            0.0
        }
    }

    /// Whether the two boxes share more than a touching edge.
    pub fn overlaps(&self, o: &Rect) -> bool {
        self.x1.min(o.x1) - self.x0.max(o.x0) > TOUCH
            && self.y1.min(o.y1) - self.y0.max(o.y0) > TOUCH
    }

    /// Whether `o` lies entirely inside this box.
    pub fn contains(&self, o: &Rect) -> bool {
        o.x0 >= self.x0 && o.y0 >= self.y0 && o.x1 <= self.x1 && o.y1 <= self.y1
    }

    /// Whether the segment from `a` to `b` passes through the box (Liang–Barsky clipping).
    pub fn hit_by_segment(&self, a: (f32, f32), b: (f32, f32)) -> bool {
        let (dx, dy) = (b.0 - a.0, b.1 - a.1);
        let mut t0 = 0.0f32;
        let mut t1 = 1.0f32;
        for (p, q) in [
            (-dx, a.0 - self.x0),
            (dx, self.x1 - a.0),
            (-dy, a.1 - self.y0),
            (dy, self.y1 - a.1),
        ] {
            if p == 0.0 {
                if q < 0.0 {
                    return false;
                }
            } else {
                let t = q / p;
                if p < 0.0 {
                    t0 = t0.max(t);
                } else {
                    t1 = t1.min(t);
                }
                if t0 > t1 {
                    return false;
                }
            }
        }
        true
    }
}

/// The points a connection from `a` to `b` is drawn through: the straight segment, or, when it
/// would pass within `clear` of another space's centre (an `obstacles` point whose foot lies well
/// inside the segment), a gentle curve that bends away from the nearest such space so as to pass
/// it at `clear`. A straight line through a symbol reads as a connection to that space (the pass
/// Barcelona–Avignon through Nîmes).
pub fn link_route(
    a: (f32, f32),
    b: (f32, f32),
    obstacles: impl IntoIterator<Item = (f32, f32)>,
    clear: f32,
) -> Vec<(f32, f32)> {
    let (dx, dy) = (b.0 - a.0, b.1 - a.1);
    let len2 = dx * dx + dy * dy;
    if len2 <= f32::EPSILON {
        return vec![a, b];
    }
    let len = len2.sqrt();
    // Unit normal (left of a→b) and, for each obstacle, its foot `t` and signed distance.
    let n = (-dy / len, dx / len);
    let worst = obstacles
        .into_iter()
        .filter_map(|o| {
            let t = ((o.0 - a.0) * dx + (o.1 - a.1) * dy) / len2;
            let side = (o.0 - a.0) * n.0 + (o.1 - a.1) * n.1;
            ((0.15..=0.85).contains(&t) && side.abs() < clear).then_some((t, side))
        })
        .min_by(|x, y| x.1.abs().total_cmp(&y.1.abs()));
    let Some((t, side)) = worst else {
        return vec![a, b];
    };
    // A quadratic curve with its control point pushed away from the obstacle: at `t` it is
    // 2t(1-t)·h off the straight line, which must add up to `clear`.
    let away = if side >= 0.0 { -1.0 } else { 1.0 };
    let h = (clear - side.abs()) / (2.0 * t * (1.0 - t));
    let c = (
        (a.0 + b.0) / 2.0 + away * n.0 * h,
        (a.1 + b.1) / 2.0 + away * n.1 * h,
    );
    const STEPS: usize = 16;
    (0..=STEPS)
        .map(|i| {
            let u = i as f32 / STEPS as f32;
            let (p, q, r) = ((1.0 - u) * (1.0 - u), 2.0 * u * (1.0 - u), u * u);
            (p * a.0 + q * c.0 + r * b.0, p * a.1 + q * c.1 + r * b.1)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::{link_route, Rect};

    #[test]
    fn overlap_ignores_touching_edges() {
        let a = Rect::new(0.0, 0.0, 10.0, 10.0);
        assert!(!a.overlaps(&Rect::new(10.0, 0.0, 20.0, 10.0)));
        assert!(a.overlaps(&Rect::new(9.0, 9.0, 20.0, 20.0)));
        assert_eq!(a.overlap_area(&Rect::new(5.0, 5.0, 20.0, 20.0)), 25.0);
    }

    #[test]
    fn segments_clip_against_boxes() {
        let r = Rect::new(0.0, 0.0, 10.0, 10.0);
        assert!(r.hit_by_segment((-5.0, 5.0), (15.0, 5.0)));
        assert!(!r.hit_by_segment((-5.0, -5.0), (-1.0, 20.0)));
        assert!(r.hit_by_segment((5.0, 5.0), (5.0, 6.0)));
    }

    /// Distance from `p` to the nearest point of a polyline.
    fn dist_to(path: &[(f32, f32)], p: (f32, f32)) -> f32 {
        path.windows(2)
            .map(|w| {
                let (a, b) = (w[0], w[1]);
                let (dx, dy) = (b.0 - a.0, b.1 - a.1);
                let l2 = dx * dx + dy * dy;
                let t = (((p.0 - a.0) * dx + (p.1 - a.1) * dy) / l2).clamp(0.0, 1.0);
                ((a.0 + t * dx - p.0).powi(2) + (a.1 + t * dy - p.1).powi(2)).sqrt()
            })
            .fold(f32::INFINITY, f32::min)
    }

    #[test]
    fn a_link_bends_around_a_space_it_would_cross() {
        // The data's Barcelona, Avignon and Nîmes (16 px from the straight pass).
        let (bar, avi, nim) = ((944.0, 922.0), (1023.0, 742.0), (984.0, 791.0));
        let straight = link_route(bar, avi, [], 22.0);
        assert_eq!(straight, vec![bar, avi]);
        assert!(dist_to(&straight, nim) < 17.0);
        let bent = link_route(bar, avi, [nim, bar, avi], 22.0);
        assert_eq!((bent[0], *bent.last().unwrap()), (bar, avi));
        let d = dist_to(&bent, nim);
        assert!((21.0..30.0).contains(&d), "passes Nîmes at {d}");
        // Far spaces, and spaces beyond the ends, leave the line straight.
        assert_eq!(
            link_route(bar, avi, [(700.0, 700.0), (940.0, 930.0)], 22.0).len(),
            2
        );
    }
}

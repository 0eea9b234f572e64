//! The embedded fonts, text measurement and text drawing with `ab_glyph` metrics.
//!
//! Text is laid out here rather than through plotters' text element: the box of a string is
//! `ascent - descent` high with the baseline at `top + ascent`, glyphs keep their side bearings
//! and kerning, and the pen advances in sub-pixel steps. Measuring and drawing share one routine,
//! so the label boxes the layout computes are exactly the ones drawn.

use super::raster::Image;
use super::RenderError;
use ab_glyph::{point, Font, FontRef, GlyphId, ScaleFont};
use std::sync::OnceLock;

/// DejaVu Sans Condensed (see `assets/fonts/LICENSE-DejaVu.txt`).
static REGULAR: &[u8] = include_bytes!("../../assets/fonts/DejaVuSansCondensed.ttf");
/// DejaVu Sans Condensed Bold.
static BOLD: &[u8] = include_bytes!("../../assets/fonts/DejaVuSansCondensed-Bold.ttf");

/// Font weight.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Weight {
    Regular,
    Bold,
}

/// The two faces, parsed once per process.
pub(crate) struct Fonts {
    regular: FontRef<'static>,
    bold: FontRef<'static>,
}

impl Fonts {
    /// The parsed embedded fonts.
    pub fn get() -> Result<&'static Fonts, RenderError> {
        static FONTS: OnceLock<Option<Fonts>> = OnceLock::new();
        FONTS
            .get_or_init(|| {
                Some(Fonts {
                    regular: FontRef::try_from_slice(REGULAR).ok()?,
                    bold: FontRef::try_from_slice(BOLD).ok()?,
                })
            })
            .as_ref()
            .ok_or(RenderError::Font)
    }

    fn face(&self, w: Weight) -> &FontRef<'static> {
        match w {
            Weight::Regular => &self.regular,
            Weight::Bold => &self.bold,
        }
    }

    /// Width and height of a one-line string at `px` pixels (height = ascent − descent).
    pub fn measure(&self, w: Weight, px: f32, text: &str) -> (f32, f32) {
        let sf = self.face(w).as_scaled(px);
        let mut width = 0.0;
        let mut prev: Option<GlyphId> = None;
        for c in text.chars() {
            let id = sf.glyph_id(c);
            if let Some(p) = prev {
                width += sf.kern(p, id);
            }
            width += sf.h_advance(id);
            prev = Some(id);
        }
        (width, sf.ascent() - sf.descent())
    }

    /// Whether every character has a glyph.
    #[cfg(test)]
    pub fn covers(&self, w: Weight, text: &str) -> bool {
        let f = self.face(w);
        text.chars()
            .all(|c| c.is_whitespace() || f.glyph_id(c).0 != 0)
    }

    /// Draws a string with its box's top-left corner at `(x, y)`.
    pub fn draw(
        &self,
        img: &mut Image,
        w: Weight,
        px: f32,
        text: &str,
        (x, y): (f32, f32),
        rgb: (u8, u8, u8),
    ) {
        let font = self.face(w);
        let sf = font.as_scaled(px);
        let baseline = y + sf.ascent();
        let mut pen = x;
        let mut prev: Option<GlyphId> = None;
        for c in text.chars() {
            let id = sf.glyph_id(c);
            if let Some(p) = prev {
                pen += sf.kern(p, id);
            }
            let glyph = id.with_scale_and_position(px, point(pen, baseline));
            pen += sf.h_advance(id);
            prev = Some(id);
            if let Some(outline) = font.outline_glyph(glyph) {
                let b = outline.px_bounds();
                let (ox, oy) = (b.min.x as i32, b.min.y as i32);
                outline.draw(|gx, gy, cov| img.blend(ox + gx as i32, oy + gy as i32, rgb, cov));
            }
        }
    }

    /// Draws a string centred on `(cx, cy)`.
    pub fn draw_centered(
        &self,
        img: &mut Image,
        w: Weight,
        px: f32,
        text: &str,
        (cx, cy): (f32, f32),
        rgb: (u8, u8, u8),
    ) {
        let (tw, th) = self.measure(w, px, text);
        self.draw(img, w, px, text, (cx - tw / 2.0, cy - th / 2.0), rgb);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fonts_cover_latin_and_cyrillic_names() {
        let f = Fonts::get().expect("embedded fonts parse");
        for w in [Weight::Regular, Weight::Bold] {
            assert!(f.covers(w, "Besançon Nîmes Zürich Москва Чёрное море Ёж ⚑ · —"));
        }
        let (w1, h1) = f.measure(Weight::Regular, 16.0, "Paris");
        let (w2, h2) = f.measure(Weight::Regular, 32.0, "Paris");
        assert!(w1 > 20.0 && (w2 / w1 - 2.0).abs() < 0.01);
        assert!((h1 - 16.0).abs() < 1.0 && (h2 / h1 - 2.0).abs() < 0.01);
    }
}

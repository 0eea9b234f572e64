//! The pixel buffer, plotters' drawing area over it, box downsampling and PNG encoding.

use super::{Compression, RenderError};
use plotters::prelude::*;

/// An RGB image, 3 bytes a pixel, rows top to bottom.
pub(crate) struct Image {
    pub w: u32,
    pub h: u32,
    pub data: Vec<u8>,
    /// Where the image's top-left pixel lies in the coordinates drawn with (a crop of a larger
    /// picture); [`Image::blend`] subtracts it.
    pub origin: (i32, i32),
}

impl Image {
    /// A `w`×`h` image filled with one colour.
    pub fn new(w: u32, h: u32, fill: (u8, u8, u8)) -> Image {
        let data = [fill.0, fill.1, fill.2].repeat(w as usize * h as usize);
        Image {
            w,
            h,
            data,
            origin: (0, 0),
        }
    }

    /// Blends `c` over the pixel at `(x, y)` with coverage `a` in 0..=1; outside pixels are ignored.
    pub fn blend(&mut self, x: i32, y: i32, c: (u8, u8, u8), a: f32) {
        let (x, y) = (x - self.origin.0, y - self.origin.1);
        if x < 0 || y < 0 || x >= self.w as i32 || y >= self.h as i32 || a <= 0.0 {
            return;
        }
        let a = a.min(1.0);
        let i = (y as usize * self.w as usize + x as usize) * 3;
        for (k, v) in [c.0, c.1, c.2].into_iter().enumerate() {
            let d = self.data[i + k] as f32;
            self.data[i + k] = (d + (v as f32 - d) * a + 0.5) as u8;
        }
    }

    /// The pixel at `(x, y)`, if inside.
    #[cfg(test)]
    pub fn pixel(&self, x: u32, y: u32) -> Option<(u8, u8, u8)> {
        if x >= self.w || y >= self.h {
            return None;
        }
        let i = (y as usize * self.w as usize + x as usize) * 3;
        Some((self.data[i], self.data[i + 1], self.data[i + 2]))
    }
}

/// Converts a plotters drawing error into ours.
pub(crate) fn draw_err<E: std::fmt::Display>(e: E) -> RenderError {
    RenderError::Draw(e.to_string())
}

/// Runs `f` with a plotters drawing area over the image's pixels.
pub(crate) fn with_area<F>(img: &mut Image, f: F) -> Result<(), RenderError>
where
    F: FnOnce(&DrawingArea<BitMapBackend<'_>, plotters::coord::Shift>) -> Result<(), RenderError>,
{
    let (w, h) = (img.w, img.h);
    let root = BitMapBackend::with_buffer(&mut img.data, (w, h)).into_drawing_area();
    f(&root)?;
    root.present().map_err(draw_err)
}

/// Shrinks an image by an integer factor `k` with a k×k box filter.
pub(crate) fn downsample(src: &Image, k: u32) -> Image {
    if k <= 1 {
        return Image {
            w: src.w,
            h: src.h,
            data: src.data.clone(),
            origin: src.origin,
        };
    }
    let (dw, dh) = (src.w / k, src.h / k);
    if k == 2 {
        return downsample2(src, dw, dh);
    }
    let k = k as usize;
    let srow = src.w as usize * 3;
    let area = (k * k) as u32;
    let mut data = vec![0u8; dw as usize * dh as usize * 3];
    let mut acc = vec![0u32; dw as usize * 3];
    for (y, out) in data.chunks_exact_mut(dw as usize * 3).enumerate() {
        acc.iter_mut().for_each(|a| *a = 0);
        for r in 0..k {
            let row = &src.data[(y * k + r) * srow..(y * k + r + 1) * srow];
            for (x, a) in acc.chunks_exact_mut(3).enumerate() {
                let px = &row[x * k * 3..(x + 1) * k * 3];
                for p in px.chunks_exact(3) {
                    a[0] += p[0] as u32;
                    a[1] += p[1] as u32;
                    a[2] += p[2] as u32;
                }
            }
        }
        for (o, a) in out.iter_mut().zip(acc.iter()) {
            *o = ((a + area / 2) / area) as u8;
        }
    }
    Image {
        w: dw,
        h: dh,
        data,
        origin: (src.origin.0 / k as i32, src.origin.1 / k as i32),
    }
}

/// The 2×2 case of [`downsample`], two source rows at a time.
fn downsample2(src: &Image, dw: u32, dh: u32) -> Image {
    let srow = src.w as usize * 3;
    let drow = dw as usize * 3;
    let mut data = vec![0u8; drow * dh as usize];
    for (out, rows) in data
        .chunks_exact_mut(drow)
        .zip(src.data.chunks_exact(2 * srow))
    {
        let (r0, r1) = rows.split_at(srow);
        for ((o, a), b) in out
            .chunks_exact_mut(3)
            .zip(r0.chunks_exact(6))
            .zip(r1.chunks_exact(6))
        {
            for c in 0..3 {
                let sum = a[c] as u16 + a[c + 3] as u16 + b[c] as u16 + b[c + 3] as u16;
                o[c] = ((sum + 2) >> 2) as u8;
            }
        }
    }
    Image {
        w: dw,
        h: dh,
        data,
        origin: (src.origin.0 / 2, src.origin.1 / 2),
    }
}

/// Encodes the image as an RGB PNG in memory.
pub(crate) fn encode_png(img: &Image, c: Compression) -> Result<Vec<u8>, RenderError> {
    let mut out = Vec::with_capacity(img.data.len() / 8);
    {
        let mut enc = png::Encoder::new(&mut out, img.w, img.h);
        enc.set_color(png::ColorType::Rgb);
        enc.set_depth(png::BitDepth::Eight);
        enc.set_compression(match c {
            Compression::Fast => png::Compression::Fast,
            Compression::Balanced => png::Compression::Default,
            Compression::Best => png::Compression::Best,
        });
        enc.set_adaptive_filter(png::AdaptiveFilterType::Adaptive);
        let mut w = enc
            .write_header()
            .map_err(|e| RenderError::Encode(e.to_string()))?;
        w.write_image_data(&img.data)
            .map_err(|e| RenderError::Encode(e.to_string()))?;
        w.finish().map_err(|e| RenderError::Encode(e.to_string()))?;
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn box_filter_averages_blocks() {
        let mut img = Image::new(4, 2, (0, 0, 0));
        img.blend(0, 0, (200, 100, 40), 1.0);
        img.blend(1, 1, (200, 100, 40), 1.0);
        let d = downsample(&img, 2);
        assert_eq!((d.w, d.h), (2, 1));
        assert_eq!(d.pixel(0, 0), Some((100, 50, 20)));
        assert_eq!(d.pixel(1, 0), Some((0, 0, 0)));
        let mut img3 = Image::new(6, 3, (0, 0, 0));
        img3.blend(4, 2, (90, 9, 180), 1.0);
        let d = downsample(&img3, 3);
        assert_eq!((d.w, d.h), (2, 1));
        assert_eq!(d.pixel(1, 0), Some((10, 1, 20)));
    }
}

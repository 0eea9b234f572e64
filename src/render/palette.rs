//! 8-bit palette ("indexed") PNG encoding of the map.
//!
//! The map is mostly flat colours we know in advance (water, land, ink, the powers' colours and
//! their tints) plus anti-aliased edges and text between them. The palette keeps every known
//! colour exactly and fills the rest of its 256 entries with the most common other colours
//! (counted in 6-bit-per-channel bins, each entry the mean of its bin); every pixel then takes
//! the palette entry nearest its bin's mean. An indexed image is a third of the raw bytes of an
//! RGB one and compresses far better, so the PNG is about 4× smaller with no visible loss.

use super::raster::Image;
use super::style::Rgb;
use super::{Compression, RenderError};

/// Bits kept per channel when counting colours.
const BITS: u32 = 6;
const BINS: usize = 1 << (3 * BITS);

fn bin(p: &[u8]) -> usize {
    let s = 8 - BITS;
    ((p[0] as usize >> s) << (2 * BITS)) | ((p[1] as usize >> s) << BITS) | (p[2] as usize >> s)
}

fn dist(a: Rgb, b: Rgb) -> u32 {
    let d = |x: u8, y: u8| (x as i32 - y as i32).unsigned_abs();
    // Green weighs most for the eye, blue least.
    let (r, g, b) = (d(a.0, b.0), d(a.1, b.1), d(a.2, b.2));
    3 * r * r + 4 * g * g + 2 * b * b
}

/// The palette for an image: `seeds` first (exactly, duplicates dropped), then the most common
/// other colours, at most 256 in all; and each pixel's palette index.
pub(crate) fn quantize(img: &Image, seeds: &[Rgb]) -> (Vec<Rgb>, Vec<u8>) {
    let mut count = vec![0u32; BINS];
    let mut sum = vec![[0u32; 3]; BINS];
    for p in img.data.chunks_exact(3) {
        let b = bin(p);
        count[b] += 1;
        let s = &mut sum[b];
        s[0] += p[0] as u32;
        s[1] += p[1] as u32;
        s[2] += p[2] as u32;
    }
    let mean = |b: usize| -> Rgb {
        let n = count[b].max(1);
        let s = sum[b];
        (
            ((s[0] + n / 2) / n) as u8,
            ((s[1] + n / 2) / n) as u8,
            ((s[2] + n / 2) / n) as u8,
        )
    };
    let mut palette: Vec<Rgb> = Vec::with_capacity(256);
    let mut seeded = vec![false; BINS];
    for &c in seeds {
        if palette.len() < 128 && !palette.contains(&c) {
            palette.push(c);
            seeded[bin(&[c.0, c.1, c.2])] = true;
        }
    }
    let mut occupied: Vec<(u32, u32)> = count
        .iter()
        .enumerate()
        .filter(|(_, &n)| n > 0)
        .map(|(b, &n)| (n, b as u32))
        .collect();
    let room = 256 - palette.len();
    let mut popular: Vec<(u32, u32)> = occupied
        .iter()
        .copied()
        .filter(|&(_, b)| !seeded[b as usize])
        .collect();
    if popular.len() > room {
        popular.select_nth_unstable_by(room, |a, b| b.0.cmp(&a.0));
        popular.truncate(room);
    }
    popular.sort_unstable_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
    palette.extend(popular.iter().map(|&(_, b)| mean(b as usize)));

    // Each occupied bin maps to the entry nearest its mean.
    let mut lut = vec![0u8; BINS];
    occupied.sort_unstable_by_key(|&(_, b)| b);
    for &(_, b) in &occupied {
        let m = mean(b as usize);
        let mut best = (u32::MAX, 0usize);
        for (i, &c) in palette.iter().enumerate() {
            let d = dist(m, c);
            if d < best.0 {
                best = (d, i);
                if d == 0 {
                    break;
                }
            }
        }
        lut[b as usize] = best.1 as u8;
    }
    let idx: Vec<u8> = img.data.chunks_exact(3).map(|p| lut[bin(p)]).collect();
    (palette, idx)
}

/// Encodes the image as an 8-bit indexed PNG whose palette keeps `seeds` exactly.
pub(crate) fn encode_indexed(
    img: &Image,
    seeds: &[Rgb],
    c: Compression,
) -> Result<Vec<u8>, RenderError> {
    let (palette, idx) = quantize(img, seeds);
    let mut out = Vec::with_capacity(idx.len() / 16);
    {
        let mut enc = png::Encoder::new(&mut out, img.w, img.h);
        enc.set_color(png::ColorType::Indexed);
        enc.set_depth(png::BitDepth::Eight);
        enc.set_palette(
            palette
                .iter()
                .flat_map(|c| [c.0, c.1, c.2])
                .collect::<Vec<u8>>(),
        );
        enc.set_compression(match c {
            Compression::Fast => png::Compression::Fast,
            Compression::Balanced => png::Compression::Default,
            Compression::Best => png::Compression::Best,
        });
        // EXPERIMENT
        let mode = std::env::var("VQ_PNG_MODE").unwrap_or_default();
        let (f, a) = match mode.as_str() {
            "sub" => (png::FilterType::Sub, png::AdaptiveFilterType::NonAdaptive),
            "up" => (png::FilterType::Up, png::AdaptiveFilterType::NonAdaptive),
            "paeth" => (png::FilterType::Paeth, png::AdaptiveFilterType::NonAdaptive),
            "adaptive" => (png::FilterType::Sub, png::AdaptiveFilterType::Adaptive),
            _ => (
                png::FilterType::NoFilter,
                png::AdaptiveFilterType::NonAdaptive,
            ),
        };
        enc.set_filter(f);
        enc.set_adaptive_filter(a);
        let mut w = enc
            .write_header()
            .map_err(|e| RenderError::Encode(e.to_string()))?;
        w.write_image_data(&idx)
            .map_err(|e| RenderError::Encode(e.to_string()))?;
        w.finish().map_err(|e| RenderError::Encode(e.to_string()))?;
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seeds_are_kept_exactly_and_the_rest_maps_near() {
        let mut img = Image::new(64, 64, (196, 220, 236));
        for x in 0..64 {
            for y in 0..8 {
                img.blend(x, y, (200, 16, 46), 1.0);
            }
            // A gradient: more colours than the palette can hold.
            for y in 8..64 {
                img.blend(x, y, ((x * 4) as u8, (y * 4) as u8, 128), 1.0);
            }
        }
        img.blend(3, 3, (242, 155, 196), 1.0);
        let (pal, idx) = quantize(&img, &[(242, 155, 196), (200, 16, 46)]);
        assert!(pal.len() <= 256);
        assert_eq!(pal[idx[3 * 64 + 3] as usize], (242, 155, 196));
        assert_eq!(pal[idx[0] as usize], (200, 16, 46));
        for (i, p) in img.data.chunks_exact(3).enumerate() {
            let q = pal[idx[i] as usize];
            assert!(dist((p[0], p[1], p[2]), q) < 9 * 8 * 8, "{p:?} -> {q:?}");
        }
    }
}

//! 8-bit palette ("indexed") PNG encoding of the map.
//!
//! The map is mostly flat colours we know in advance (water, land, ink, the powers' colours and
//! their tints) plus anti-aliased edges and text between them. The palette keeps every known
//! colour exactly and fills the rest of its 256 entries with the most common other colours
//! (counted in 6-bit-per-channel bins, each entry the mean of its bin); every pixel then takes
//! the palette entry nearest its bin's mean. An indexed image is a third of the raw bytes of an
//! RGB one and compresses far better, so the PNG is about 4× smaller with no visible loss.
//!
//! Why not a quantizer crate: `imagequant` is GPL-3 (this project is MIT); `color_quant`'s
//! NeuQuant learns the palette by sampling pixels, costs tens of milliseconds at this size and
//! does not guarantee that a small flat colour (one minor power's marker) keeps its exact shade.

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
/// other colours, at most [`MAX_COLORS`] in all; and each pixel's palette index.
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
        if palette.len() < MAX_COLORS && !palette.contains(&c) {
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
    let room = MAX_COLORS.saturating_sub(palette.len());
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

/// A palette index for every colour bin, filled in as bins are met.
pub(crate) struct Lut {
    index: Vec<u8>,
    known: Vec<bool>,
}

/// [`quantize`], also returning the bin-to-index table, so later pixels can be mapped to the
/// same palette ([`nearest_index`]).
pub(crate) fn quantize_lut(img: &Image, seeds: &[Rgb]) -> (Vec<Rgb>, Lut, Vec<u8>) {
    let (palette, idx) = quantize(img, seeds);
    let mut lut = Lut {
        index: vec![0; BINS],
        known: vec![false; BINS],
    };
    for (p, &i) in img.data.chunks_exact(3).zip(&idx) {
        let b = bin(p);
        lut.index[b] = i;
        lut.known[b] = true;
    }
    (palette, lut, idx)
}

/// The palette index of a pixel: its bin's entry, or (for a bin not met before) the entry
/// nearest the bin's centre.
pub(crate) fn nearest_index(lut: &mut Lut, palette: &[Rgb], p: &[u8]) -> u8 {
    let b = bin(p);
    if !lut.known[b] {
        let s = 8 - BITS;
        let half = 1u8 << (s - 1);
        let c = (
            p[0] >> s << s | half,
            p[1] >> s << s | half,
            p[2] >> s << s | half,
        );
        let i = palette
            .iter()
            .enumerate()
            .min_by_key(|(_, &q)| dist(c, q))
            .map_or(0, |(i, _)| i);
        lut.index[b] = i as u8;
        lut.known[b] = true;
    }
    lut.index[b]
}

/// Encodes an image with a given palette and table (a close-up in the full map's colours).
pub(crate) fn encode_with(img: &Image, palette: &[Rgb], lut: &Lut) -> Result<Vec<u8>, RenderError> {
    use std::io::Write;
    let err = |e: &dyn std::fmt::Display| RenderError::Encode(e.to_string());
    let mut lut = Lut {
        index: lut.index.clone(),
        known: lut.known.clone(),
    };
    let w = img.w as usize;
    let mut z = flate2::write::ZlibEncoder::new(
        Vec::with_capacity(img.data.len() / 30),
        flate2::Compression::new(FAST_LEVEL),
    );
    let mut row = Vec::with_capacity(w + 1);
    for line in img.data.chunks_exact(w.max(1) * 3) {
        row.clear();
        row.push(0);
        row.extend(
            line.chunks_exact(3)
                .map(|p| nearest_index(&mut lut, palette, p)),
        );
        z.write_all(&row).map_err(|e| err(&e))?;
    }
    let zlib = z.finish().map_err(|e| err(&e))?;
    write_indexed_png(img.w, img.h, palette, &zlib)
}

/// Writes an indexed PNG around an already deflated zlib stream of filtered rows.
pub(crate) fn write_indexed_png(
    w: u32,
    h: u32,
    palette: &[Rgb],
    zlib: &[u8],
) -> Result<Vec<u8>, RenderError> {
    let err = |e: &dyn std::fmt::Display| RenderError::Encode(e.to_string());
    let mut out = Vec::with_capacity(zlib.len() + 1024);
    {
        let mut enc = png::Encoder::new(&mut out, w, h);
        enc.set_color(png::ColorType::Indexed);
        enc.set_depth(png::BitDepth::Eight);
        enc.set_palette(
            palette
                .iter()
                .flat_map(|c| [c.0, c.1, c.2])
                .collect::<Vec<u8>>(),
        );
        let mut wr = enc.write_header().map_err(|e| err(&e))?;
        for part in zlib.chunks(1 << 30) {
            wr.write_chunk(png::chunk::IDAT, part)
                .map_err(|e| err(&e))?;
        }
        wr.finish().map_err(|e| err(&e))?;
    }
    Ok(out)
}

/// Deflate level for each compression setting: palette indexes compress well with zlib's
/// LZ77, which `png`'s fast mode (fdeflate, made for filtered RGB rows) does not do.
fn level(c: Compression) -> u32 {
    match c {
        Compression::Fast => FAST_LEVEL,
        Compression::Balanced => 6,
        Compression::Best => 9,
    }
}

/// The zlib level of [`Compression::Fast`] for palette maps: level 2 (greedy matching) is the
/// fastest that keeps the full map under 250 KB (at 72 colours: 241 KB; level 4: about 3% smaller
/// and markedly slower; level 1: about 25% larger).
pub(crate) const FAST_LEVEL: u32 = 2;

/// Palette entries. 72 look the same as 256 on the map (anti-aliased edges and text between
/// flat colours) and make the PNG about 15% smaller.
const MAX_COLORS: usize = 72;

/// Encodes the image as an 8-bit indexed PNG whose palette keeps `seeds` exactly. `png` writes
/// the header, palette and chunks; the rows (filter type 0, no filter: filters do not help
/// palette indexes) are deflated with `flate2` at the level of `c`.
pub(crate) fn encode_indexed(
    img: &Image,
    seeds: &[Rgb],
    c: Compression,
) -> Result<Vec<u8>, RenderError> {
    use std::io::Write;
    let err = |e: &dyn std::fmt::Display| RenderError::Encode(e.to_string());
    let (palette, idx) = quantize(img, seeds);
    let w = img.w as usize;
    let mut z = flate2::write::ZlibEncoder::new(
        Vec::with_capacity(idx.len() / 12),
        flate2::Compression::new(level(c)),
    );
    for row in idx.chunks_exact(w.max(1)) {
        z.write_all(&[0]).map_err(|e| err(&e))?;
        z.write_all(row).map_err(|e| err(&e))?;
    }
    let zlib = z.finish().map_err(|e| err(&e))?;
    let mut out = Vec::with_capacity(zlib.len() + 1024);
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
        let mut wr = enc.write_header().map_err(|e| err(&e))?;
        for part in zlib.chunks(1 << 30) {
            wr.write_chunk(png::chunk::IDAT, part)
                .map_err(|e| err(&e))?;
        }
        wr.finish().map_err(|e| err(&e))?;
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
        assert!(pal.len() <= MAX_COLORS);
        assert_eq!(pal[idx[3 * 64 + 3] as usize], (242, 155, 196));
        assert_eq!(pal[idx[0] as usize], (200, 16, 46));
        // Every pixel takes the entry nearest its bin's mean: never much worse than the
        // nearest entry of all.
        for (i, p) in img.data.chunks_exact(3).enumerate() {
            let p = (p[0], p[1], p[2]);
            let got = dist(p, pal[idx[i] as usize]);
            let best = pal.iter().map(|&q| dist(p, q)).min().unwrap_or(0);
            assert!(got <= best + 9 * 6 * 6 * 4, "{p:?}: {got} vs {best}");
        }
    }
}

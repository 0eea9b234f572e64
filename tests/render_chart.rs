//! The VP chart decodes, at its size, in both languages.

use vqbot::render::{render_vp_chart, Locale};

fn decode(png_bytes: &[u8]) -> (u32, u32) {
    let mut reader = png::Decoder::new(png_bytes)
        .read_info()
        .expect("PNG header");
    let mut buf = vec![0; reader.output_buffer_size()];
    let info = reader.next_frame(&mut buf).expect("PNG data");
    (info.width, info.height)
}

#[test]
fn vp_chart_decodes() {
    let rs = vqbot::data::load_default().expect("shipped data loads");
    let series: Vec<(u32, [i32; 6])> = (1..=9i32)
        .map(|t| (t as u32, [8 + t, 6 + t / 2, 5 + t, 7 + t / 3, 6 + 2 * t, t]))
        .collect();
    let en = render_vp_chart(&rs, &series, Locale::En).unwrap();
    let ru = render_vp_chart(&rs, &series, Locale::Ru).unwrap();
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR"));
    let _ = std::fs::write(dir.join("vp_en.png"), &en);
    let _ = std::fs::write(dir.join("vp_ru.png"), &ru);
    assert_eq!(decode(&en), (1200, 700));
    assert_eq!(decode(&ru), (1200, 700));
    assert_ne!(en, ru);
    // Degenerate series still draw.
    assert_eq!(
        decode(&render_vp_chart(&rs, &[], Locale::En).unwrap()),
        (1200, 700)
    );
    assert_eq!(
        decode(&render_vp_chart(&rs, &[(4, [30, -2, 0, 0, 0, 0])], Locale::En).unwrap()),
        (1200, 700)
    );
}

// Issue 16, item 9: the VP chart's axis is turns, not action numbers: points taken after each
// action collapse to one per turn, the last standing of that turn.
#[test]
fn vp_chart_series_is_by_turn() {
    let points: Vec<(u8, [i32; 6])> = vec![
        (1, [0, 0, 0, 0, 0, 0]),
        (1, [1, 0, 0, 0, 0, 0]),
        (1, [2, 1, 0, 0, 0, 0]),
        (2, [2, 1, 3, 0, 0, 0]),
        (2, [4, 1, 3, 0, 0, 0]),
        (3, [5, 1, 3, 0, 0, 1]),
    ];
    let series = vqbot::render::vp_by_turn(&points);
    assert_eq!(
        series,
        vec![
            (1, [2, 1, 0, 0, 0, 0]),
            (2, [4, 1, 3, 0, 0, 0]),
            (3, [5, 1, 3, 0, 0, 1]),
        ]
    );
}

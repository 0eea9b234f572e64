//! Structure tests of the map image: layout, marker colours, PNG validity, locales.

use vqbot::engine::board::Board;
use vqbot::engine::power::{Owner, Power, Religion};
use vqbot::engine::ruleset::Ruleset;
use vqbot::render::{layout, render_map, Locale, MapScene, RenderOptions};

fn ruleset() -> Ruleset {
    vqbot::data::load_default().expect("shipped data loads")
}

fn scene<'a>(rs: &'a Ruleset, board: &'a Board, locale: Locale) -> MapScene<'a> {
    MapScene {
        rs,
        board,
        turn: 3,
        phase: match locale {
            Locale::En => "Action phase".into(),
            Locale::Ru => "Фаза действий".into(),
        },
        active: Some(Power::France),
        vp: [14, 11, 9, 12, 10, 3],
        locale,
    }
}

fn start(rs: &Ruleset) -> Board {
    Board::new(rs, rs.scenario("1559").expect("1559 scenario"))
}

/// Decodes a PNG into (width, height, RGB bytes).
fn decode(png_bytes: &[u8]) -> (u32, u32, Vec<u8>) {
    let dec = png::Decoder::new(png_bytes);
    let mut reader = dec.read_info().expect("PNG header");
    let mut buf = vec![0; reader.output_buffer_size()];
    let info = reader.next_frame(&mut buf).expect("PNG data");
    assert_eq!(info.color_type, png::ColorType::Rgb);
    buf.truncate(info.buffer_size());
    (info.width, info.height, buf)
}

fn pixel(img: &(u32, u32, Vec<u8>), x: f32, y: f32) -> (u8, u8, u8) {
    let (w, _, data) = img;
    let i = (y as usize * *w as usize + x as usize) * 3;
    (data[i], data[i + 1], data[i + 2])
}

fn close(a: (u8, u8, u8), b: (u8, u8, u8)) -> bool {
    let d = |x: u8, y: u8| (x as i32 - y as i32).abs();
    d(a.0, b.0) <= 4 && d(a.1, b.1) <= 4 && d(a.2, b.2) <= 4
}

/// Small, fast options for pixel tests in debug builds.
fn small() -> RenderOptions {
    RenderOptions {
        scale: 0.5,
        supersample: 2,
        ..RenderOptions::default()
    }
}

fn save(name: &str, png: &[u8]) {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR"));
    let _ = std::fs::write(dir.join(name), png);
}

#[test]
fn layout_lists_each_space_once() {
    let rs = ruleset();
    let b = start(&rs);
    let lay = layout(&scene(&rs, &b, Locale::En), &RenderOptions::default()).unwrap();
    assert_eq!(lay.spaces.len(), rs.spaces.len());
    for (i, s) in lay.spaces.iter().enumerate() {
        assert_eq!(
            s.space.idx(),
            i,
            "spaces are listed in ruleset order, once each"
        );
        assert_eq!(s.label.text, rs.spaces[i].name_en);
    }
    assert_eq!((lay.width, lay.height), (2400, 1600));
}

#[test]
fn labels_overlap_no_label_or_symbol() {
    let rs = ruleset();
    let b = start(&rs);
    for locale in [Locale::En, Locale::Ru] {
        for opts in [RenderOptions::default(), small()] {
            let lay = layout(&scene(&rs, &b, locale), &opts).unwrap();
            let c = lay.label_conflicts();
            assert!(
                c.is_empty(),
                "{locale:?} at scale {}: {} overlaps: {c:#?}",
                opts.scale,
                c.len()
            );
            let st = lay.stack_conflicts();
            assert!(st.is_empty(), "{locale:?}: unit counters overlap: {st:#?}");
        }
    }
}

#[test]
fn marker_shows_the_controllers_colour() {
    let rs = ruleset();
    let mut b = start(&rs);
    let paris = rs.space_id("PARIS").unwrap();
    b.set_control(&rs, paris, Owner::Major(Power::England));
    let sc = scene(&rs, &b, Locale::En);
    let opts = small();
    let lay = layout(&sc, &opts).unwrap();
    let m = lay.spaces[paris.idx()]
        .marker
        .as_ref()
        .expect("marker on Paris");
    assert!(!m.protestant);
    let png = render_map(&sc, &opts).unwrap();
    save("marker.png", &png);
    let img = decode(&png);
    let (cx, cy) = m.rect.center();
    let england = rs.color_of(Owner::Major(Power::England));
    assert!(
        close(pixel(&img, cx, cy), england),
        "{:?}",
        pixel(&img, cx, cy)
    );
    // A space without a marker shows its home colour only faintly.
    let lyon = &lay.spaces[rs.space_id("LYON").unwrap().idx()];
    assert!(lyon.marker.is_none());
    let (lx, ly) = lyon.center;
    assert!(!close(
        pixel(&img, lx, ly),
        rs.color_of(Owner::Major(Power::France))
    ));
}

#[test]
fn protestant_face_has_a_white_centre() {
    let rs = ruleset();
    let mut b = start(&rs);
    let lyon = rs.space_id("LYON").unwrap();
    b.set_control(&rs, lyon, Owner::Major(Power::Protestant));
    b.set_religion(&rs, lyon, Religion::Protestant).unwrap();
    let sc = scene(&rs, &b, Locale::En);
    let opts = RenderOptions {
        scale: 1.0,
        ..small()
    };
    let lay = layout(&sc, &opts).unwrap();
    let m = lay.spaces[lyon.idx()]
        .marker
        .as_ref()
        .expect("marker on Lyon");
    assert!(m.protestant);
    let huguenot = rs.faction_color(vqbot::engine::power::Faction::Huguenot);
    assert_eq!(m.color, huguenot, "Protestant keys take Huguenot markers");
    let png = render_map(&sc, &opts).unwrap();
    save("protestant.png", &png);
    let img = decode(&png);
    let (cx, cy) = m.rect.center();
    assert!(close(pixel(&img, cx, cy), (255, 255, 255)));
    let ring = pixel(&img, cx + m.rect.width() * 0.36, cy);
    assert!(close(ring, huguenot), "{ring:?}");
}

#[test]
fn full_size_png_decodes_with_the_right_dimensions() {
    let rs = ruleset();
    let b = start(&rs);
    let opts = RenderOptions::default();
    let png = render_map(&scene(&rs, &b, Locale::En), &opts).unwrap();
    save("map_en.png", &png);
    let img = decode(&png);
    assert_eq!((img.0, img.1), opts.size());
    assert_eq!((img.0, img.1), (2400, 1600));
    assert!(png.len() < 1_500_000, "PNG is {} bytes", png.len());
}

#[test]
fn russian_render_uses_russian_names() {
    let rs = ruleset();
    let b = start(&rs);
    let opts = small();
    let en = render_map(&scene(&rs, &b, Locale::En), &opts).unwrap();
    let ru_scene = scene(&rs, &b, Locale::Ru);
    let ru = render_map(&ru_scene, &opts).unwrap();
    save("map_ru_small.png", &ru);
    assert_ne!(en, ru);
    let (w, h, _) = decode(&ru);
    assert_eq!((w, h), opts.size());
    let lay = layout(&ru_scene, &opts).unwrap();
    let paris = &lay.spaces[rs.space_id("PARIS").unwrap().idx()];
    assert_eq!(paris.label.text, "Париж");
    assert!(lay.title.text.starts_with("Ход 3"));
}

#[test]
fn unit_counters_unrest_and_sieges_are_laid_out() {
    let rs = ruleset();
    let mut b = start(&rs);
    let vienna = rs.space_id("VIENNA").unwrap();
    b.spaces[vienna.idx()].unrest = true;
    b.spaces[vienna.idx()].besieged_by = Some(Power::Ottoman);
    let sc = scene(&rs, &b, Locale::En);
    let lay = layout(&sc, &RenderOptions::default()).unwrap();
    let v = &lay.spaces[vienna.idx()];
    assert!(v.unrest.is_some());
    assert_eq!(v.siege, Some(rs.color_of(Owner::Major(Power::Ottoman))));
    let ist = rs.space_id("ISTANBUL").unwrap();
    let st: Vec<_> = lay.stacks.iter().filter(|s| s.space == ist).collect();
    assert_eq!(st.len(), 1);
    assert_eq!(st[0].units, "6R 2C 2S");
    assert_eq!(st[0].leaders, "⚑3");
    // Every space with units has a counter per owner.
    let with_units: usize = b
        .spaces
        .iter()
        .map(|s| s.forces.iter().filter(|f| !f.is_empty()).count())
        .sum();
    assert_eq!(lay.stacks.len(), with_units);
    let png = render_map(&sc, &small()).unwrap();
    save("siege_small.png", &png);
}

#[test]
fn declared_protestant_capital_is_drawn_as_capital() {
    let rs = ruleset();
    let mut b = start(&rs);
    let la_rochelle = rs.space_id("LA_ROCHELLE").unwrap();
    b.protestant_capitals[0] = Some(la_rochelle);
    let lay = layout(&scene(&rs, &b, Locale::En), &small()).unwrap();
    assert_eq!(
        lay.spaces[la_rochelle.idx()].shape,
        vqbot::render::SymbolShape::Capital
    );
}

#[test]
fn mismatched_board_is_an_error_not_a_panic() {
    let rs = ruleset();
    let mut b = start(&rs);
    b.spaces.pop();
    assert!(render_map(&scene(&rs, &b, Locale::En), &small()).is_err());
    let bad = RenderOptions {
        scale: 10.0,
        ..RenderOptions::default()
    };
    let b = start(&rs);
    assert!(render_map(&scene(&rs, &b, Locale::En), &bad).is_err());
}

//! Structure tests of the map image: layout, marker colours, PNG validity, locales.

use vqbot::engine::board::Board;
use vqbot::engine::power::{Owner, Power, Religion};
use vqbot::engine::ruleset::Ruleset;
use vqbot::render::{
    layout, render_closeup, render_map, Locale, MapScene, PanelKind, RenderOptions, BESIEGER_MARK,
    CLOSEUP_MARGIN, CLOSEUP_SIZE,
};

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
        previous: None,
        captured: &[],
        influence: Vec::new(),
    }
}

fn start(rs: &Ruleset) -> Board {
    Board::new(rs, rs.scenario("1559").expect("1559 scenario"))
}

/// Decodes a PNG into (width, height, RGB bytes).
fn decode(png_bytes: &[u8]) -> (u32, u32, Vec<u8>) {
    let mut dec = png::Decoder::new(png_bytes);
    // Maps are 8-bit palette PNGs (issue 16, item 11): expand the palette to RGB.
    dec.set_transformations(png::Transformations::EXPAND);
    let mut reader = dec.read_info().expect("PNG header");
    assert_eq!(reader.info().color_type, png::ColorType::Indexed);
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
    // Issue 16, item 9: stacks name their leaders (short names from leader_names.csv).
    assert_eq!(st[0].leaders, "⚑Suleiman, Sokollu, Piyale");
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

fn dist(a: (u8, u8, u8), b: (u8, u8, u8)) -> i32 {
    (a.0 as i32 - b.0 as i32).abs()
        + (a.1 as i32 - b.1 as i32).abs()
        + (a.2 as i32 - b.2 as i32).abs()
}

/// The colour that marks changes since the previous map.
const CHANGED: (u8, u8, u8) = (230, 0, 170);

/// A board after a few moves: units left London for Portsmouth, Paris changed hands, and
/// Vienna is besieged by an Ottoman army outside its walls.
fn moved(rs: &Ruleset) -> Board {
    let mut b = start(rs);
    let london = rs.space_id("LONDON").unwrap().idx();
    let portsmouth = rs.space_id("PORTSMOUTH").unwrap().idx();
    let f = b.spaces[london].forces[0].clone();
    b.spaces[london].forces.clear();
    b.spaces[portsmouth].forces.push(f);
    b.set_control(
        rs,
        rs.space_id("PARIS").unwrap(),
        Owner::Major(Power::England),
    );
    b
}

// Issue 16, item 11: an 8-bit palette PNG within the size targets (full map <= 250 KB).
#[test]
fn full_map_is_a_palette_png_within_250_kb() {
    let rs = ruleset();
    let b = start(&rs);
    let prev = start(&rs);
    let now = moved(&rs);
    for (board, previous) in [(&b, None), (&now, Some(&prev))] {
        let mut sc = scene(&rs, board, Locale::En);
        sc.previous = previous;
        let png = render_map(&sc, &RenderOptions::default()).unwrap();
        let img = decode(&png);
        assert_eq!((img.0, img.1), (2400, 1600));
        assert!(png.len() <= 250_000, "full map is {} bytes", png.len());
    }
}

// Issue 16, item 8: the close-up holds every changed space with a margin, reads at Discord's
// preview width (names at least 11 px there), and is at most 120 KB (item 11).
#[test]
fn closeup_shows_every_changed_space_readably() {
    let rs = ruleset();
    let prev = start(&rs);
    let now = moved(&rs);
    let mut sc = scene(&rs, &now, Locale::En);
    assert!(render_closeup(&sc).unwrap().is_none(), "no previous map");
    sc.previous = Some(&now);
    assert!(render_closeup(&sc).unwrap().is_none(), "nothing changed");
    sc.previous = Some(&prev);
    let c = render_closeup(&sc).unwrap().expect("a close-up");
    let mut ids: Vec<_> = c.spaces.iter().map(|s| rs.space(*s).id.clone()).collect();
    ids.sort();
    assert_eq!(ids, ["LONDON", "PARIS", "PORTSMOUTH"]);
    for id in &c.spaces {
        let (x, y) = rs.space(*id).pos;
        let need = vqbot::render::Rect::around(x, y, CLOSEUP_MARGIN, CLOSEUP_MARGIN);
        assert!(
            c.region.contains(&need),
            "{id:?} at {x},{y} not in {:?}",
            c.region
        );
    }
    // Names are 16 px on the Europe canvas; at 550 px wide the close-up shows them at
    // 16 * zoom * 550 / width pixels.
    let preview_px = 16.0 * c.zoom * 550.0 / CLOSEUP_SIZE.0 as f32;
    assert!(
        preview_px >= 11.0,
        "names are {preview_px} px in the preview"
    );
    assert!(c.png.len() <= 120_000, "close-up is {} bytes", c.png.len());
    save("closeup.png", &c.png);
    let img = decode(&c.png);
    assert_eq!((img.0, img.1), CLOSEUP_SIZE);
    let mut ru = scene(&rs, &now, Locale::Ru);
    ru.previous = Some(&prev);
    let c_ru = render_closeup(&ru).unwrap().expect("a close-up");
    save("closeup_ru.png", &c_ru.png);
    assert_eq!(c_ru.region, c.region);
    assert_ne!(c_ru.png, c.png);
    // One far-away change widens the region (and zooms out) to hold it too.
    let mut far = moved(&rs);
    far.set_control(
        &rs,
        rs.space_id("ISTANBUL").unwrap(),
        Owner::Major(Power::Spain),
    );
    sc.board = &far;
    let wide = render_closeup(&sc).unwrap().expect("a close-up");
    let (x, y) = rs.space(rs.space_id("ISTANBUL").unwrap()).pos;
    assert!(wide
        .region
        .contains(&vqbot::render::Rect::around(x, y, 1.0, 1.0)));
    assert!(wide.zoom < c.zoom);
}

// Issue 16, item 8: on the full map what changed since the previous map is ringed and its
// counters outlined in the change colour; nothing else is.
#[test]
fn changes_since_the_previous_map_are_marked() {
    let rs = ruleset();
    let prev = start(&rs);
    let now = moved(&rs);
    let mut sc = scene(&rs, &now, Locale::En);
    sc.previous = Some(&prev);
    let opts = RenderOptions::default();
    let lay = layout(&sc, &opts).unwrap();
    let mut changed: Vec<&str> = lay
        .spaces
        .iter()
        .filter(|s| s.changed)
        .map(|s| rs.space(s.space).id.as_str())
        .collect();
    changed.sort();
    assert_eq!(changed, ["LONDON", "PARIS", "PORTSMOUTH"]);
    let ports = rs.space_id("PORTSMOUTH").unwrap();
    assert!(lay.stacks.iter().any(|s| s.space == ports && s.changed));
    assert!(lay
        .stacks
        .iter()
        .filter(|s| s.changed)
        .all(|s| s.space == ports));
    let png = render_map(&sc, &opts).unwrap();
    save("changes.png", &png);
    let img = decode(&png);
    let ring = |id: &str| {
        let sl = &lay.spaces[rs.space_id(id).unwrap().idx()];
        // Between the symbol's edge and the ring's outer edge.
        let r = sl.half + 5.0;
        // Four points on the ring; most must show the change colour (a label may cover one).
        [(r, 0.0), (-r, 0.0), (0.0, r), (0.0, -r)]
            .iter()
            .filter(|(dx, dy)| dist(pixel(&img, sl.center.0 + dx, sl.center.1 + dy), CHANGED) < 40)
            .count()
    };
    assert!(ring("PARIS") >= 2, "Paris is not ringed");
    assert_eq!(ring("LYON"), 0, "Lyon did not change");
    let mut plain = scene(&rs, &now, Locale::En);
    plain.previous = None;
    let lay0 = layout(&plain, &opts).unwrap();
    assert!(lay0.spaces.iter().all(|s| !s.changed));
}

// Issue 16, item 9: captured leaders appear in a panel with who holds them.
#[test]
fn captured_leaders_are_listed_in_a_panel() {
    let rs = ruleset();
    let b = start(&rs);
    let mut sc = scene(&rs, &b, Locale::En);
    assert!(layout(&sc, &small())
        .unwrap()
        .panel(PanelKind::Captured)
        .is_none());
    let captured = vec![("ALBA".to_string(), Power::England)];
    sc.captured = &captured;
    let lay = layout(&sc, &small()).unwrap();
    let panel = lay
        .panel(PanelKind::Captured)
        .expect("a captured-leaders panel");
    assert!(
        lay.captured
            .iter()
            .any(|t| t.text == "Duke of Alba — England"),
        "{:?}",
        lay.captured
    );
    assert!(lay.captured.iter().all(|t| panel.contains(&t.rect)));
    let legend = lay.panel(PanelKind::Legend).unwrap();
    assert!(!panel.overlaps(&legend));
    assert!(
        lay.label_conflicts().is_empty(),
        "{:#?}",
        lay.label_conflicts()
    );
}

// Issue 16, item 9: besiegers stand outside the walls (their counter is marked), and the
// siege mark is a round ring of teeth, not a square frame like a capital's.
#[test]
fn besieger_is_marked_and_the_siege_ring_is_round() {
    let rs = ruleset();
    let mut b = start(&rs);
    let vienna = rs.space_id("VIENNA").unwrap();
    let mut ott = vqbot::engine::board::Force::new(Owner::Major(Power::Ottoman), None);
    ott.regulars = 4;
    b.spaces[vienna.idx()].forces.push(ott);
    b.spaces[vienna.idx()].besieged_by = Some(Power::Ottoman);
    let sc = scene(&rs, &b, Locale::En);
    let opts = RenderOptions::default();
    let lay = layout(&sc, &opts).unwrap();
    let st: Vec<_> = lay.stacks.iter().filter(|s| s.space == vienna).collect();
    let besiegers: Vec<_> = st.iter().filter(|s| s.besieger).collect();
    assert_eq!(besiegers.len(), 1);
    assert!(
        besiegers[0].units.starts_with(BESIEGER_MARK),
        "{:?}",
        besiegers[0].units
    );
    assert!(st
        .iter()
        .filter(|s| !s.besieger)
        .all(|s| !s.units.contains(BESIEGER_MARK)));
    let png = render_map(&sc, &opts).unwrap();
    save("siege.png", &png);
    let img = decode(&png);
    let v = &lay.spaces[vienna.idx()];
    let ottoman = rs.color_of(Owner::Major(Power::Ottoman));
    // The tooth straight above the walls is the besieger's colour ...
    let top = pixel(&img, v.center.0, v.center.1 - v.half - 3.5);
    assert!(dist(top, ottoman) < 60, "{top:?}");
    // ... and where a square frame's corner would be (the old mark), it is not.
    let d = v.half + 6.0;
    let corner = pixel(&img, v.center.0 + d, v.center.1 - d);
    assert!(dist(corner, ottoman) > 90, "{corner:?}");
}

// Issue 18, item 5: at Discord's preview size (about 550-600 px wide) a Protestant space reads
// differently from a Catholic one; the legend tallies each zone (R-REL-ZONES).
#[test]
fn religion_reads_at_preview_size_and_zones_are_tallied() {
    let rs = ruleset();
    let mut b = start(&rs);
    let before = vqbot::render::zone_tally(&rs, &b);
    let (prot, cath) = (rs.space_id("LYON").unwrap(), rs.space_id("DIJON").unwrap());
    b.set_religion(&rs, prot, Religion::Protestant).unwrap();
    let sc = scene(&rs, &b, Locale::En);
    let opts = RenderOptions {
        scale: 0.25,
        ..small()
    };
    let png = render_map(&sc, &opts).unwrap();
    save("preview.png", &png);
    let img = decode(&png);
    let lay = layout(&sc, &opts).unwrap();
    // Mean colour on a ring 4-5 px around the space (beyond its symbol).
    let around = |id: vqbot::engine::ruleset::SpaceId| {
        let (cx, cy) = lay.spaces[id.idx()].center;
        let mut sum = (0i32, 0i32, 0i32);
        let mut n = 0;
        for i in 0..16 {
            let a = i as f32 * std::f32::consts::TAU / 16.0;
            for r in [4.0f32, 5.0] {
                let p = pixel(&img, cx + r * a.cos(), cy + r * a.sin());
                sum = (sum.0 + p.0 as i32, sum.1 + p.1 as i32, sum.2 + p.2 as i32);
                n += 1;
            }
        }
        ((sum.0 / n) as u8, (sum.1 / n) as u8, (sum.2 / n) as u8)
    };
    let (p, c) = (around(prot), around(cath));
    assert!(dist(p, c) > 60, "Protestant {p:?} vs Catholic {c:?}");
    let after = &lay.zone_tally;
    let france = |v: &[vqbot::render::ZoneTally]| {
        *v.iter()
            .find(|t| t.zone == vqbot::engine::power::ReligiousZone::France)
            .unwrap()
    };
    assert_eq!(france(after).protestant, france(&before).protestant + 1);
    assert_eq!(france(after).catholic + 1, france(&before).catholic);
    let in_zone = rs
        .spaces
        .iter()
        .filter(|s| s.zone == vqbot::engine::power::ReligiousZone::France)
        .count();
    assert_eq!(france(after).protestant + france(after).catholic, in_zone);
    assert_eq!(after.len(), 4);
}

// Issue 16, item 9: no stray symbols on land. The pass Barcelona–Avignon crosses the link
// Toulouse–Nîmes, and the land between them was left as a small triangular lake south of
// Toulouse; it is land now.
#[test]
fn no_lake_south_of_toulouse() {
    let rs = ruleset();
    let b = start(&rs);
    let opts = RenderOptions::default();
    let png = render_map(&scene(&rs, &b, Locale::En), &opts).unwrap();
    let img = decode(&png);
    let land = (241, 233, 212);
    for (x, y) in [(945.0, 826.0), (942.0, 822.0), (948.0, 830.0)] {
        let p = pixel(&img, x, y);
        assert!(close(p, land), "({x}, {y}) is {p:?}, not land");
    }
}

// Issue 15, item 3 (naval warfare on the map): a fleet at sea has one counter per power beside
// its sea zone's label (touching no symbol, label or other counter), in its owner's colour, the
// same size as land counters (so it reads wherever they do); corsairs read `Co`. A port whose
// controller has enemy ships in a sea zone by it has a red anchor; other ports keep theirs.
#[test]
fn fleets_at_sea_beside_their_zone_label_and_blockaded_ports_marked() {
    use vqbot::engine::board::Force;
    let rs = ruleset();
    let mut b = start(&rs);
    b.set_relation(
        Power::Spain,
        Power::Ottoman,
        vqbot::engine::power::Relation::War,
    );
    let mut spain = Force::new(Owner::Major(Power::Spain), None);
    spain.squadrons = 2;
    spain.leaders.push("DORIA".into());
    let mut ottoman = Force::new(Owner::Major(Power::Ottoman), None);
    ottoman.corsairs = 3;
    b.seas.insert("GULF_OF_LYON".into(), vec![spain]);
    b.seas.insert("BARBARY_COAST".into(), vec![ottoman]);
    let sc = scene(&rs, &b, Locale::En);
    let opts = small();
    let lay = layout(&sc, &opts).unwrap();
    let zone_label = |id: &str| {
        let i = rs.sea_zones.iter().position(|z| z.id == id).unwrap();
        lay.sea_labels[i].rect
    };
    let sea: Vec<_> = lay.stacks.iter().filter(|s| s.zone.is_some()).collect();
    assert_eq!(sea.len(), 2);
    let land_h = lay
        .stacks
        .iter()
        .find(|s| s.zone.is_none())
        .map(|s| s.rect.height())
        .expect("land counters");
    for (zone, owner, units) in [
        ("GULF_OF_LYON", Power::Spain, "2S"),
        ("BARBARY_COAST", Power::Ottoman, "3Co"),
    ] {
        let st = sea
            .iter()
            .find(|s| s.zone.as_deref() == Some(zone))
            .unwrap_or_else(|| panic!("a counter in {zone}"));
        assert_eq!(st.owner, Owner::Major(owner));
        assert_eq!(st.units, units);
        assert!((st.rect.height() - land_h).abs() < 0.01);
        // Beside the label: touching it or within a few pixels.
        let l = zone_label(zone);
        let gap_x = (l.x0 - st.rect.x1).max(st.rect.x0 - l.x1).max(0.0);
        let gap_y = (l.y0 - st.rect.y1).max(st.rect.y0 - l.y1).max(0.0);
        assert!(
            gap_x <= 16.0 * opts.scale && gap_y <= 16.0 * opts.scale,
            "{zone}: {:?} vs label {l:?}",
            st.rect
        );
    }
    let gulf = sea
        .iter()
        .find(|s| s.zone.as_deref() == Some("GULF_OF_LYON"))
        .unwrap();
    assert!(gulf.leaders.contains("Doria") || gulf.leaders.starts_with('⚑'));
    let conflicts: Vec<_> = lay
        .stack_conflicts()
        .into_iter()
        .filter(|c| {
            sea.iter()
                .any(|s| c.a.contains(&s.owner.to_string()) || c.b.contains(&s.owner.to_string()))
        })
        .collect();
    for st in &sea {
        for l in &lay.sea_labels {
            assert!(!st.rect.overlaps(&l.rect), "{:?} over a sea label", st.zone);
        }
        for sl in &lay.spaces {
            assert!(
                !st.rect.overlaps(&sl.symbol),
                "{:?} over {}",
                st.zone,
                sl.label.text
            );
        }
    }
    assert!(conflicts.is_empty(), "{conflicts:?}");
    // Blockade: Spanish ports on the Barbary Coast, not Ottoman Algiers nor French Marseille.
    let gib = rs.space_id("GIBRALTAR").unwrap();
    let alg = rs.space_id("ALGIERS").unwrap();
    let mar = rs.space_id("MARSEILLE").unwrap();
    assert!(lay.spaces[gib.idx()].blockaded);
    assert!(!lay.spaces[alg.idx()].blockaded);
    assert!(!lay.spaces[mar.idx()].blockaded);
    let png = render_map(&sc, &opts).unwrap();
    save("fleets_small.png", &png);
    let img = decode(&png);
    let red = (205, 25, 25);
    let anchor = |id: vqbot::engine::ruleset::SpaceId| {
        let c = lay.spaces[id.idx()].port.expect("a port").center();
        pixel(&img, c.0, c.1)
    };
    assert!(dist(anchor(gib), red) < 40, "{:?}", anchor(gib));
    assert!(dist(anchor(mar), red) > 100, "{:?}", anchor(mar));
    // The counters are drawn in their owners' colours: a good part of each unit box's pixels
    // (the rest is text and anti-aliasing).
    for st in &sea {
        let want = rs.color_of(st.owner);
        let (mut n, mut hit) = (0, 0);
        let mut y = st.rect.y0 + 1.0;
        while y < st.rect.y1 - 1.0 {
            let mut x = st.rect.x0 + 1.0;
            while x < st.leader_x.unwrap_or(st.rect.x1) - 1.0 {
                n += 1;
                if dist(pixel(&img, x, y), want) < 40 {
                    hit += 1;
                }
                x += 1.0;
            }
            y += 1.0;
        }
        assert!(
            hit * 4 > n,
            "{:?}: {hit} of {n} pixels in {want:?}",
            st.zone
        );
    }
}

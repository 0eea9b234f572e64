//! The pictures of an impulse (issue 30, items 12 and 14): drawn again only where the map
//! changed, the same as a fresh drawing, and close-ups of each region that changed (up to three)
//! instead of one spanning Europe.

use vqbot::engine::board::{Board, Force};
use vqbot::engine::power::{Owner, Power};
use vqbot::engine::ruleset::Ruleset;
use vqbot::render::{
    render_pictures, Locale, MapCache, MapScene, Rect, MAX_CLOSEUPS, MAX_ZOOM, MIN_ZOOM,
};

fn ruleset() -> Ruleset {
    vqbot::data::load_default().expect("shipped data loads")
}

fn scene<'a>(rs: &'a Ruleset, board: &'a Board, previous: Option<&'a Board>) -> MapScene<'a> {
    MapScene {
        rs,
        board,
        turn: 2,
        phase: "Action phase".into(),
        active: Some(Power::England),
        vp: [14, 11, 9, 12, 10, 3],
        locale: Locale::En,
        previous,
        captured: &[],
        influence: Vec::new(),
    }
}

fn start(rs: &Ruleset) -> Board {
    Board::new(rs, rs.scenario("1559").expect("1559 scenario"))
}

fn decode(png_bytes: &[u8]) -> (u32, u32, Vec<u8>) {
    let mut dec = png::Decoder::new(png_bytes);
    dec.set_transformations(png::Transformations::EXPAND);
    let mut reader = dec.read_info().expect("PNG header");
    let mut buf = vec![0; reader.output_buffer_size()];
    let info = reader.next_frame(&mut buf).expect("PNG data");
    buf.truncate(info.buffer_size());
    (info.width, info.height, buf)
}

fn save(name: &str, png: &[u8]) {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR"));
    let _ = std::fs::write(dir.join(name), png);
}

/// Units moved London -> Portsmouth and Paris taken by England: one region changed.
fn impulse(rs: &Ruleset, b: &Board) -> Board {
    let mut b = b.clone();
    let london = rs.space_id("LONDON").unwrap().idx();
    let portsmouth = rs.space_id("PORTSMOUTH").unwrap().idx();
    let f = std::mem::take(&mut b.spaces[london].forces);
    b.spaces[portsmouth].forces.extend(f);
    b.set_control(
        rs,
        rs.space_id("PARIS").unwrap(),
        Owner::Major(Power::England),
    );
    b
}

fn pos(rs: &Ruleset, id: &str) -> (f32, f32) {
    rs.space(rs.space_id(id).unwrap()).pos
}

fn holds(r: &Rect, p: (f32, f32)) -> bool {
    r.contains(&Rect::around(p.0, p.1, 0.0, 0.0))
}

// Item 14: the next impulse of a game draws again only the tiles where something changed, and
// the map it gives is the map a fresh drawing gives (the palettes may differ by a shade).
#[test]
fn x_an_impulse_redraws_only_what_changed_and_looks_the_same_as_a_fresh_map() {
    let rs = ruleset();
    let b0 = start(&rs);
    let b1 = impulse(&rs, &b0);
    let cache = MapCache::new();
    let first = render_pictures(&scene(&rs, &b0, None), &cache).unwrap();
    assert_eq!(
        first.tiles_drawn.0, first.tiles_drawn.1,
        "the first map is drawn whole"
    );
    assert!(first.closeups.is_empty(), "no previous map, no close-up");
    let next = render_pictures(&scene(&rs, &b1, Some(&b0)), &cache).unwrap();
    let (drawn, all) = next.tiles_drawn;
    assert!(drawn > 0, "the changes are drawn");
    assert!(
        drawn * 6 < all,
        "an impulse around London and Paris redraws {drawn} of {all} tiles"
    );
    let fresh = render_pictures(&scene(&rs, &b1, Some(&b0)), &MapCache::new()).unwrap();
    assert_eq!(fresh.tiles_drawn.0, fresh.tiles_drawn.1);
    let (a, b) = (decode(&next.full), decode(&fresh.full));
    assert_eq!((a.0, a.1), (2400, 1600));
    assert_eq!((a.0, a.1), (b.0, b.1));
    let far =
        a.2.chunks_exact(3)
            .zip(b.2.chunks_exact(3))
            .filter(|(p, q)| p.iter().zip(q.iter()).any(|(x, y)| x.abs_diff(*y) > 24))
            .count();
    assert!(
        far * 1000 < (a.0 * a.1) as usize,
        "{far} pixels differ from a fresh drawing"
    );
    assert!(next.full.len() <= 260_000, "{} bytes", next.full.len());
    // A third impulse back: found again by its previous board, drawn again in part only.
    let back = render_pictures(&scene(&rs, &b0, Some(&b1)), &cache).unwrap();
    assert!(back.tiles_drawn.0 * 6 < back.tiles_drawn.1);
    assert_eq!(back.closeups.len(), 1);
}

// Item 12: one region changed: one close-up, as close as the changes allow, holding them all.
#[test]
fn x_one_region_changed_gives_one_closeup_that_reads_at_550_px() {
    let rs = ruleset();
    let b0 = start(&rs);
    let b1 = impulse(&rs, &b0);
    let p = render_pictures(&scene(&rs, &b1, Some(&b0)), &MapCache::new()).unwrap();
    assert_eq!(p.closeups.len(), 1);
    let c = &p.closeups[0];
    save("pictures_closeup.png", &c.png);
    assert!((MIN_ZOOM..=MAX_ZOOM).contains(&c.zoom), "zoom {}", c.zoom);
    // Names are 16 px on the Europe canvas: at least 11 px in Discord's 550 px preview.
    assert!(16.0 * c.zoom * 550.0 / 1100.0 >= 11.0);
    for id in ["LONDON", "PORTSMOUTH", "PARIS"] {
        assert!(holds(&c.region, pos(&rs, id)), "{id} not in {:?}", c.region);
    }
    let img = decode(&c.png);
    assert_eq!((img.0, img.1), (1100, 800));
    assert!(c.png.len() <= 140_000, "{} bytes", c.png.len());
}

// Item 12: changes far apart (after Winter; a fleet across the Mediterranean) get a close-up of
// each region, at most three, each showing something that changed; none spans Europe.
#[test]
fn x_changes_far_apart_get_a_closeup_each_and_never_one_of_open_sea() {
    let rs = ruleset();
    let b0 = start(&rs);
    // London and Istanbul: two regions.
    let mut b1 = impulse(&rs, &b0);
    b1.set_control(
        &rs,
        rs.space_id("ISTANBUL").unwrap(),
        Owner::Major(Power::Spain),
    );
    let p = render_pictures(&scene(&rs, &b1, Some(&b0)), &MapCache::new()).unwrap();
    assert_eq!(
        p.closeups.len(),
        2,
        "{:?}",
        p.closeups.iter().map(|c| c.region).collect::<Vec<_>>()
    );
    let ist = pos(&rs, "ISTANBUL");
    assert!(p.closeups.iter().any(|c| holds(&c.region, ist)));
    assert!(p
        .closeups
        .iter()
        .any(|c| holds(&c.region, pos(&rs, "LONDON"))));
    for c in &p.closeups {
        assert!(c.zoom >= MIN_ZOOM, "zoom {}", c.zoom);
        assert!(!c.spaces.is_empty(), "a close-up shows a changed space");
    }
    // A fleet sails from the Gulf of Lyon to the Aegean: a close-up of each end, none of the
    // open sea between them.
    let mut sea0 = start(&rs);
    let mut fleet = Force::new(Owner::Major(Power::Ottoman), None);
    fleet.squadrons = 3;
    sea0.seas.insert("GULF_OF_LYON".into(), vec![fleet.clone()]);
    let mut sea1 = start(&rs);
    sea1.seas.insert("AEGEAN_SEA".into(), vec![fleet]);
    let p = render_pictures(&scene(&rs, &sea1, Some(&sea0)), &MapCache::new()).unwrap();
    assert_eq!(p.closeups.len(), 2);
    let zone = |id: &str| {
        rs.sea_zones
            .iter()
            .find(|z| z.id == id)
            .map(|z| z.pos)
            .unwrap_or_else(|| panic!("sea zone {id}"))
    };
    let (lyon, aegean) = (zone("GULF_OF_LYON"), zone("AEGEAN_SEA"));
    for c in &p.closeups {
        let near = |q: (f32, f32)| holds(&c.region.inflate(150.0), q);
        assert!(
            near(lyon) ^ near(aegean),
            "{:?} shows neither end or both",
            c.region
        );
        // The middle of the Mediterranean, where nothing changed, is in none.
        let mid = ((lyon.0 + aegean.0) / 2.0, (lyon.1 + aegean.1) / 2.0);
        assert!(!holds(&c.region, mid), "{:?} shows open sea", c.region);
    }
    save("pictures_sea_1.png", &p.closeups[0].png);
    // After Winter: units home everywhere — at most three close-ups, most changes first.
    let mut winter = start(&rs);
    for id in [
        "LONDON",
        "PARIS",
        "VIENNA",
        "ISTANBUL",
        "MADRID",
        "EDINBURGH",
        "ROME",
    ] {
        let Some(s) = rs.space_id(id) else { continue };
        winter.spaces[s.idx()].forces.clear();
    }
    let p = render_pictures(&scene(&rs, &winter, Some(&b0)), &MapCache::new()).unwrap();
    assert!(!p.closeups.is_empty() && p.closeups.len() <= MAX_CLOSEUPS);
    assert!(p.closeups.iter().all(|c| !c.spaces.is_empty()));
    for (i, c) in p.closeups.iter().enumerate() {
        save(&format!("pictures_winter_{}.png", i + 1), &c.png);
    }
}

/// The LAND colour of the map.
const LAND: (u8, u8, u8) = (241, 233, 212);

fn px(img: &(u32, u32, Vec<u8>), x: u32, y: u32) -> (u8, u8, u8) {
    let i = ((y * img.0 + x) * 3) as usize;
    (img.2[i], img.2[i + 1], img.2[i + 2])
}

// Item 13: a besieging stack's counter sits at the besieged space, never nearer another
// space's symbol (before, the Ottoman besiegers of Vienna stood beside Linz).
#[test]
fn x_a_besieging_stack_sits_on_the_besieged_space() {
    let rs = ruleset();
    let mut b = start(&rs);
    let vienna = rs.space_id("VIENNA").unwrap();
    let mut ott = Force::new(Owner::Major(Power::Ottoman), None);
    ott.regulars = 4;
    ott.leaders.push("SULEIMAN".into());
    b.spaces[vienna.idx()].forces.push(ott);
    b.spaces[vienna.idx()].besieged_by = Some(Power::Ottoman);
    let sc = scene(&rs, &b, None);
    let lay = vqbot::render::layout(&sc, &vqbot::render::RenderOptions::default()).unwrap();
    let d = |r: &Rect, p: (f32, f32)| {
        let dx = (r.x0 - p.0).max(p.0 - r.x1).max(0.0);
        let dy = (r.y0 - p.1).max(p.1 - r.y1).max(0.0);
        (dx * dx + dy * dy).sqrt()
    };
    let v = lay.spaces[vienna.idx()].center;
    let stacks: Vec<_> = lay.stacks.iter().filter(|s| s.space == vienna).collect();
    assert!(stacks.iter().any(|s| s.besieger));
    for st in stacks {
        let mine = d(&st.rect, v);
        for o in lay.spaces.iter().filter(|o| o.space != vienna) {
            assert!(
                d(&st.rect, o.center) >= mine,
                "{:?} of Vienna is nearer {}",
                st.units,
                rs.space(o.space).id
            );
        }
        assert!(mine <= 40.0, "{:?} is {mine} px from Vienna", st.units);
    }
}

// Item 13: no sea where there is land: east of Vienna and Buda, Asia Minor across the
// Bosporus, North Africa south of its ports; the Black Sea stays water and no sea zone's name
// lies on land drawn from land.csv.
#[test]
fn x_no_sea_east_of_vienna_and_buda_nor_in_anatolia_or_north_africa() {
    let rs = ruleset();
    assert!(rs.land.len() >= 3, "land.csv is loaded");
    let b = start(&rs);
    let png = vqbot::render::render_map(
        &scene(&rs, &b, None),
        &vqbot::render::RenderOptions::default(),
    )
    .unwrap();
    let img = decode(&png);
    for (what, x, y) in [
        ("east of Buda", 1800, 450),
        ("north-east of Vienna", 1720, 330),
        ("Asia Minor", 2280, 960),
        ("North Africa", 1150, 1330),
    ] {
        assert_eq!(px(&img, x, y), LAND, "{what} ({x}, {y}) is not land");
    }
    assert_ne!(px(&img, 2330, 720), LAND, "the Black Sea is water");
    for z in &rs.sea_zones {
        for a in &rs.land {
            let mut inside = false;
            let o = &a.outline;
            let mut j = o.len() - 1;
            for i in 0..o.len() {
                let ((xi, yi), (xj, yj)) = (o[i], o[j]);
                if (yi > z.pos.1) != (yj > z.pos.1)
                    && z.pos.0 < (xj - xi) * (z.pos.1 - yi) / (yj - yi) + xi
                {
                    inside = !inside;
                }
                j = i;
            }
            assert!(!inside, "{} lies on {}", z.id, a.id);
        }
    }
}

/// Halves a 1100×800 close-up to Discord's 550 px preview (2×2 box filter) and saves it.
fn save_preview(path: &std::path::Path, png_bytes: &[u8]) {
    let (w, h, data) = decode(png_bytes);
    let (dw, dh) = (w / 2, h / 2);
    let mut rgb = Vec::with_capacity((dw * dh * 3) as usize);
    for y in 0..dh {
        for x in 0..dw {
            for c in 0..3 {
                let at = |xx: u32, yy: u32| data[((yy * w + xx) * 3) as usize + c] as u32;
                let s = at(2 * x, 2 * y)
                    + at(2 * x + 1, 2 * y)
                    + at(2 * x, 2 * y + 1)
                    + at(2 * x + 1, 2 * y + 1);
                rgb.push(((s + 2) / 4) as u8);
            }
        }
    }
    let mut out = Vec::new();
    {
        let mut enc = png::Encoder::new(&mut out, dw, dh);
        enc.set_color(png::ColorType::Rgb);
        let mut wr = enc.write_header().unwrap();
        wr.write_image_data(&rgb).unwrap();
    }
    let _ = std::fs::write(path, out);
}

/// Writes the docs' 550 px crops when `VQ_DOCS_CROPS` names a folder: the close-up after an
/// impulse and after Winter, old (one close-up spanning every change) and new.
#[test]
fn docs_crops_at_preview_size() {
    let Some(dir) = std::env::var_os("VQ_DOCS_CROPS") else {
        return;
    };
    let dir = std::path::PathBuf::from(dir);
    let rs = ruleset();
    let b0 = start(&rs);
    let b1 = impulse(&rs, &b0);
    let mut winter = b0.clone();
    for id in [
        "LONDON",
        "PARIS",
        "VIENNA",
        "ISTANBUL",
        "MADRID",
        "EDINBURGH",
        "ROME",
    ] {
        if let Some(s) = rs.space_id(id) {
            winter.spaces[s.idx()].forces.clear();
        }
    }
    for (name, board) in [("impulse", &b1), ("winter", &winter)] {
        let sc = scene(&rs, board, Some(&b0));
        let tag = std::env::var("VQ_DOCS_TAG").unwrap_or_else(|_| "after".into());
        if tag == "before" {
            if let Some(c) = vqbot::render::render_closeup(&sc).unwrap() {
                save_preview(&dir.join(format!("closeup-{name}-before.png")), &c.png);
            }
        } else {
            let p = render_pictures(&sc, &MapCache::new()).unwrap();
            for (i, c) in p.closeups.iter().enumerate() {
                save_preview(
                    &dir.join(format!("closeup-{name}-after-{}.png", i + 1)),
                    &c.png,
                );
            }
        }
    }
}

//! Issue 31: VASSAL modules and saves, built here in VASSAL's own format (zip layout, build file
//! XML, the `!VCSK` obfuscation, the command stream), read into a mapping and a position.

use crate::common;

use std::path::Path;
use std::process::Command;

use common::rs;
use vqbot::position::{self, Source};
use vqbot::vassal::archive::Archive;
use vqbot::vassal::convert::to_position;
use vqbot::vassal::mapping::{generate, read_mapping};
use vqbot::vassal::module::read_module;
use vqbot::vassal::pieces::Piece;
use vqbot::vassal::save::{check_module, read_save};
use vqbot::vassal::synth::{module_zip, save_zip, SynthMap, SynthModule, SynthSave};
use vqbot::vassal::VassalError;

const MAP: &str = "Europe";

fn piece(id: &str, name: &str, map: &str, x: i32, y: i32) -> Piece {
    Piece {
        id: id.into(),
        name: name.into(),
        map: Some(map.into()),
        x,
        y,
        ..Piece::default()
    }
}

fn palette(names: &[&str]) -> Vec<Piece> {
    names
        .iter()
        .map(|n| Piece {
            name: (*n).into(),
            ..Piece::default()
        })
        .collect()
}

/// A module whose main map has a point region for every space (a few under their Russian
/// names), one for every sea zone and a turn track; hands for the six powers; three decks, the
/// draw deck holding every card of cards.csv.
fn full_module(old_layout: bool) -> SynthModule {
    let rs = rs();
    let mut regions: Vec<(String, i32, i32)> = rs
        .spaces
        .iter()
        .enumerate()
        .map(|(i, s)| {
            let name = if i % 10 == 0 { &s.name_ru } else { &s.name_en };
            (name.clone(), s.pos.0 as i32, s.pos.1 as i32)
        })
        .collect();
    for z in &rs.sea_zones {
        let (x, y) = z.pos;
        regions.push((z.name_en.clone(), x as i32, y as i32));
    }
    for t in 1..=10 {
        regions.push((format!("Turn {t}"), 20 + 40 * t, 1560));
    }
    let mut maps = vec![SynthMap {
        name: MAP.into(),
        regions,
        ..SynthMap::default()
    }];
    for p in [
        "Ottoman",
        "Spain",
        "England",
        "France",
        "Empire",
        "Protestant",
    ] {
        maps.push(SynthMap {
            name: format!("{p} Hand"),
            hand: true,
            ..SynthMap::default()
        });
    }
    let cards: Vec<Piece> = rs
        .cards
        .iter()
        .map(|c| Piece {
            name: c.name_en.clone(),
            properties: vec![("CP".into(), c.cp.to_string())],
            ..Piece::default()
        })
        .collect();
    SynthModule {
        name: "Virgin Queen".into(),
        version: "4.3-test".into(),
        old_layout,
        maps,
        palette: palette(&["Spain Regular 1", "Unrest", "Turn"]),
        decks: vec![
            ("Draw Deck".into(), MAP.into(), cards),
            ("Discard Pile".into(), MAP.into(), vec![]),
            ("Removed Cards".into(), MAP.into(), vec![]),
        ],
        setups: vec![],
    }
}

fn pos_of(space: &str) -> (i32, i32) {
    let s = &rs().spaces[rs().space_id(space).expect("space").idx()];
    (s.pos.0 as i32, s.pos.1 as i32)
}

fn toml_str(v: &toml::Value) -> String {
    v.as_str().unwrap_or_default().to_string()
}

fn cap(s: &str) -> String {
    let mut c = s.chars();
    c.next()
        .map(|f| f.to_uppercase().collect::<String>() + c.as_str())
        .unwrap_or_default()
}

/// A VASSAL save built from one of our positions: every unit a counter (stacked per space),
/// markers for control, religion, unrest and fortresses, the turn marker, cards in decks and
/// hand windows — named as a module would name them.
fn save_from_position(public: &str) -> SynthSave {
    let rs = rs();
    let v: toml::Value = toml::from_str(public).expect("position toml");
    let mut s = SynthSave {
        module: "Virgin Queen".into(),
        version: "4.3-test".into(),
        ..SynthSave::default()
    };
    let mut next = 1000;
    let mut id = || {
        next += 1;
        next.to_string()
    };
    let turn = v["turn"]["number"].as_integer().expect("turn") as i32;
    s.pieces
        .push(piece(&id(), "Turn", MAP, 20 + 40 * turn, 1560));
    let place =
        |s: &mut SynthSave, at: (i32, i32), names: Vec<String>, id: &mut dyn FnMut() -> String| {
            let mut members = Vec::new();
            for n in names {
                let pid = id();
                s.pieces.push(piece(&pid, &n, MAP, at.0, at.1));
                members.push(pid);
            }
            if members.len() > 1 {
                let sid = id();
                s.stacks.push((sid, MAP.into(), at.0, at.1, members));
            }
        };
    let units = |u: &toml::Value| -> Vec<String> {
        let mut names = Vec::new();
        for f in u.as_array().into_iter().flatten() {
            let owner = cap(&toml_str(&f["owner"]));
            for (k, word) in [
                ("regulars", "Regular"),
                ("mercenaries", "Mercenary"),
                ("cavalry", "Cavalry"),
                ("squadrons", "Squadron"),
                ("corsairs", "Corsair"),
            ] {
                let mut n = f.get(k).and_then(toml::Value::as_integer).unwrap_or(0);
                while n >= 2 {
                    names.push(format!("{owner} {word} 2"));
                    n -= 2;
                }
                if n == 1 {
                    names.push(format!("{owner} {word} 1"));
                }
            }
            for l in f
                .get("leaders")
                .and_then(toml::Value::as_array)
                .into_iter()
                .flatten()
            {
                let l = toml_str(l);
                let leader = rs.leaders.iter().find(|x| x.id == l).expect("leader");
                names.push(leader.name_en.clone());
            }
        }
        names
    };
    for sp in v
        .get("space")
        .and_then(toml::Value::as_array)
        .into_iter()
        .flatten()
    {
        let sid = toml_str(&sp["id"]);
        let mut names = units(sp.get("units").unwrap_or(&toml::Value::Array(vec![])));
        if let Some(c) = sp.get("control") {
            names.push(format!("{} Control", cap(&toml_str(c))));
        }
        if let Some(r) = sp.get("religion") {
            names.push(format!("{} Religion Marker", cap(&toml_str(r))));
        }
        if sp.get("unrest").and_then(toml::Value::as_bool) == Some(true) {
            names.push("Unrest".into());
        }
        if sp.get("fortress_built").and_then(toml::Value::as_bool) == Some(true) {
            names.push("Fortress".into());
        }
        assert!(sp.get("besieged_by").is_none(), "sieges are not carried");
        place(&mut s, pos_of(&sid), names, &mut id);
    }
    for sea in v
        .get("sea")
        .and_then(toml::Value::as_array)
        .into_iter()
        .flatten()
    {
        let zid = toml_str(&sea["id"]);
        let z = rs.sea_zones.iter().find(|z| z.id == zid).expect("zone");
        let names = units(&sea["units"]);
        place(&mut s, (z.pos.0 as i32, z.pos.1 as i32), names, &mut id);
    }
    let card_name = |n: &toml::Value| -> String {
        let n = n.as_integer().expect("card") as u16;
        rs.card(n).expect("card").name_en.clone()
    };
    for (pile, deck) in [
        ("deck", "Draw Deck"),
        ("discard", "Discard Pile"),
        ("removed", "Removed Cards"),
    ] {
        let mut members = Vec::new();
        for n in v["cards"]
            .get(pile)
            .and_then(toml::Value::as_array)
            .into_iter()
            .flatten()
        {
            let pid = id();
            s.pieces.push(piece(&pid, &card_name(n), MAP, 0, 0));
            members.push(pid);
        }
        let did = id();
        s.decks.push((did, deck.into(), MAP.into(), members));
    }
    if let Some(h) = v.get("hands").and_then(toml::Value::as_table) {
        for (power, cards) in h {
            for n in cards.as_array().into_iter().flatten() {
                let pid = id();
                s.pieces.push(piece(
                    &pid,
                    &card_name(n),
                    &format!("{} Hand", cap(power)),
                    10,
                    10,
                ));
            }
        }
    }
    s
}

fn import(public: &str) -> vqbot::engine::Game {
    match position::import(
        rs(),
        Source {
            name: "p.toml",
            text: public,
        },
        None,
        11,
    ) {
        Ok(g) => g,
        Err(ps) => panic!(
            "refused:\n{}\n---\n{public}",
            ps.iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>()
                .join("\n")
        ),
    }
}

/// One of our positions: the 1559 start at turn 2 with what a VASSAL board shows (the map, the
/// cards, the turn), and no diplomacy (a save does not hold it).
fn board_position() -> String {
    let g = common::new_game(3);
    let full: toml::Value = toml::from_str(&position::export(rs(), &g).public).expect("toml");
    let mut t = toml::map::Map::new();
    for k in [
        "format", "scenario", "powers", "cards", "hands", "space", "sea",
    ] {
        if let Some(v) = full.get(k) {
            t.insert(k.into(), v.clone());
        }
    }
    let mut turn = toml::map::Map::new();
    turn.insert("number".into(), toml::Value::Integer(2));
    turn.insert("phase".into(), toml::Value::String("diplomacy".into()));
    t.insert("turn".into(), toml::Value::Table(turn));
    // a few markers the start does not have
    if let Some(spaces) = t.get_mut("space").and_then(toml::Value::as_array_mut) {
        for s in spaces.iter_mut().take(3) {
            if let Some(tab) = s.as_table_mut() {
                tab.insert("unrest".into(), toml::Value::Boolean(true));
            }
        }
    }
    toml::to_string(&toml::Value::Table(t)).expect("toml")
}

#[test]
fn x_vassal_round_trip_position_to_save_and_back_same_state_hash() {
    let rs = rs();
    let original = board_position();
    let g0 = import(&original);
    let module_bytes = module_zip(&full_module(false));
    let (module, _) = read_module("vq.vmod", module_bytes).expect("module reads");
    let exported = position::export(rs, &g0).public;
    let save_bytes = save_zip(&save_from_position(&exported), 0x3c);
    let save = read_save("camp.vsav", save_bytes).expect("save reads");
    check_module(&save, "camp.vsav", &module, "vq.vmod").expect("same module");
    let text = generate(rs, &module, &[&save]);
    assert!(
        !text.contains("= \"\""),
        "every name of this module matches:\n{}",
        text.lines()
            .filter(|l| l.contains("= \"\""))
            .collect::<Vec<_>>()
            .join("\n")
    );
    let mapping = read_mapping(rs, "m.toml", &text).expect("mapping reads");
    let conv = to_position(rs, &module, &save, &mapping, "camp.vsav");
    assert!(conv.notes.is_empty(), "nothing left out: {:?}", conv.notes);
    assert_eq!(conv.summary.read, save.pieces.len());
    assert_eq!(conv.summary.placed, save.pieces.len());
    let g1 = import(&conv.public);
    assert_eq!(g1.turn, 2, "the turn marker's box");
    assert_eq!(
        g1.state_hash(),
        g0.state_hash(),
        "same state after setup\n{}",
        conv.public
    );
}

#[test]
fn x_vassal_module_regions_decks_hands_and_older_build_file() {
    for old in [false, true] {
        let m = full_module(old);
        let (module, _) = read_module("vq.vmod", module_zip(&m)).expect("module reads");
        assert_eq!(module.name, "Virgin Queen");
        assert_eq!(
            module.build_file,
            if old { "buildFile" } else { "buildFile.xml" }
        );
        let europe = module.map(MAP).expect("main map");
        assert!(!europe.private);
        let (px, py) = pos_of("PARIS");
        let paris = europe
            .regions
            .iter()
            .find(|r| r.name == "Paris")
            .expect("Paris");
        assert_eq!((paris.x, paris.y), (px, py));
        assert!(paris.line > 1, "build file line kept");
        assert_eq!(
            module.maps.iter().filter(|m| m.private).count(),
            6,
            "six hand windows"
        );
        let deck = module
            .decks
            .iter()
            .find(|d| d.name == "Draw Deck")
            .expect("deck");
        assert_eq!(deck.cards.len(), rs().cards.len());
        assert_eq!(
            deck.cards[0].piece.property("cp"),
            Some(rs().cards[0].cp.to_string().as_str())
        );
        assert!(module
            .piece_names()
            .contains(&"Spain Regular 1".to_string()));
    }
}

#[test]
fn x_vassal_zones_stacks_hands_decks_and_pieces_off_any_region() {
    let rs = rs();
    let mut m = full_module(false);
    // a zone (polygon) for a sea, away from every point
    m.maps[0].zones.push((
        "Sea of Test".into(),
        vec![(2300, 1500), (2390, 1500), (2390, 1590), (2300, 1590)],
    ));
    let (module, _) = read_module("vq.vmod", module_zip(&m)).expect("module");
    let (px, py) = pos_of("PARIS");
    let mut s = SynthSave {
        module: "Virgin Queen".into(),
        ..SynthSave::default()
    };
    // a stack at Paris, a few pixels off its point
    s.pieces
        .push(piece("1", "French Regular 2", MAP, px + 5, py - 3));
    s.pieces
        .push(piece("2", "French Cavalry 1", MAP, px + 5, py - 3));
    let guise = rs
        .leaders
        .iter()
        .find(|l| l.power.as_str() == "france")
        .expect("leader");
    s.pieces
        .push(piece("3", &guise.name_en, MAP, px + 5, py - 3));
    s.stacks.push((
        "4".into(),
        MAP.into(),
        px + 5,
        py - 3,
        vec!["1".into(), "2".into(), "3".into()],
    ));
    // off any region, and inside the zone that maps to nothing yet
    s.pieces
        .push(piece("5", "French Regular 1", MAP, 500, 1250));
    s.pieces
        .push(piece("6", "Spain Squadron 1", MAP, 2350, 1550));
    // cards: a deck of two (bottom first) and a hand
    let (c1, c2, c3) = (&rs.cards[10], &rs.cards[11], &rs.cards[12]);
    s.pieces.push(piece("7", &c1.name_en, MAP, 0, 0));
    s.pieces.push(piece("8", &c2.name_en, MAP, 0, 0));
    s.decks.push((
        "9".into(),
        "Draw Deck".into(),
        MAP.into(),
        vec!["8".into(), "7".into()],
    ));
    s.pieces.push(piece("10", &c3.name_en, "France Hand", 5, 5));
    let save = read_save("t.vsav", save_zip(&s, 0xa7)).expect("save");
    let text = generate(rs, &module, &[&save]);
    let mapping = read_mapping(rs, "m.toml", &text).expect("mapping");
    let zone_line = mapping
        .regions
        .get("Sea of Test")
        .expect("zone listed")
        .line;
    let conv = to_position(rs, &module, &save, &mapping, "t.vsav");
    assert_eq!(conv.summary.read, 8);
    assert_eq!(conv.summary.placed, 6, "{:?}", conv.notes);
    assert_eq!(conv.summary.off_region, 2);
    assert!(
        conv.notes.iter().any(
            |n| n.contains("\"French Regular 1\" at (500, 1250)") && n.contains("on no region")
        ),
        "{:?}",
        conv.notes
    );
    assert!(
        conv.notes
            .iter()
            .any(|n| n.starts_with(&format!("m.toml:{zone_line}:")) && n.contains("Sea of Test")),
        "the zone's unmapped line is named: {:?}",
        conv.notes
    );
    let france = &conv.summary.by_power["france"];
    assert_eq!((france.units, france.leaders, france.cards), (3, 1, 1));
    let g = import(&conv.public);
    let paris = &g.board.spaces[rs.space_id("PARIS").expect("paris").idx()];
    let f = paris
        .forces
        .iter()
        .find(|f| f.owner == Some(vqbot::engine::Owner::Major(vqbot::engine::Power::France)))
        .expect("french force");
    assert_eq!((f.regulars, f.cavalry), (2, 1));
    assert_eq!(f.leaders, vec![guise.id.clone()]);
    assert!(
        conv.public
            .contains(&format!("deck = [{}, {}]", c2.number, c1.number)),
        "bottom first:\n{}",
        conv.public
    );
    assert!(conv.public.contains(&format!("france = [{}]", c3.number)));
}

#[test]
fn x_vassal_mapping_lists_unmatched_with_file_and_line_and_refuses_bad_values() {
    let rs = rs();
    let mut m = full_module(false);
    m.maps[0]
        .regions
        .push(("Lyonnais Plateau".into(), 2000, 50));
    m.palette.push(Piece {
        name: "Mystery Counter".into(),
        ..Piece::default()
    });
    let (module, _) = read_module("vq.vmod", module_zip(&m)).expect("module");
    let text = generate(rs, &module, &[]);
    let line = text
        .lines()
        .find(|l| l.starts_with("\"Lyonnais Plateau\""))
        .expect("listed");
    assert!(
        line.contains("= \"\"") && line.contains("closest:"),
        "{line}"
    );
    assert!(text.contains("\"Mystery Counter\" = \"\""));
    // a save with the mystery counter on Paris: listed with the mapping's line
    let (px, py) = pos_of("PARIS");
    let s = SynthSave {
        module: "Virgin Queen".into(),
        pieces: vec![
            piece("1", "Mystery Counter", MAP, px, py),
            piece("2", "Nobody Knows", MAP, px, py),
        ],
        ..SynthSave::default()
    };
    let save = read_save("t.vsav", save_zip(&s, 1)).expect("save");
    let mapping = read_mapping(rs, "m.toml", &text).expect("mapping");
    let l = text
        .lines()
        .position(|l| l.starts_with("\"Mystery Counter\""))
        .expect("line")
        + 1;
    let conv = to_position(rs, &module, &save, &mapping, "t.vsav");
    assert_eq!(conv.summary.unmatched, 2);
    assert!(
        conv.notes
            .iter()
            .any(|n| n.starts_with(&format!("m.toml:{l}: piece \"Mystery Counter\""))),
        "{:?}",
        conv.notes
    );
    let pieces_line = mapping.sections["pieces"];
    assert!(
        conv.notes
            .iter()
            .any(|n| n.starts_with(&format!("m.toml:{pieces_line}: \"Nobody Knows\""))),
        "{:?}",
        conv.notes
    );
    // bad values: each with its line and what is allowed
    let bad = text
        .replace(
            "\"Mystery Counter\" = \"\"",
            "\"Mystery Counter\" = \"regulars:spian:2\"",
        )
        .replace("\"Paris\" = \"PARIS\"", "\"Paris\" = \"PARISS\"");
    let errs = read_mapping(rs, "m.toml", &bad).expect_err("refused");
    assert!(
        errs.iter()
            .any(|e| e.contains("`spian` is not") && e.starts_with(&format!("m.toml:{l}:"))),
        "{errs:?}"
    );
    assert!(
        errs.iter()
            .any(|e| e.contains("unknown space or sea zone `PARISS`")
                && e.contains("did you mean PARIS")),
        "{errs:?}"
    );
}

#[test]
fn x_vassal_bad_input_is_refused_clearly() {
    let module_bytes = module_zip(&full_module(false));
    let save_bytes = save_zip(
        &SynthSave {
            module: "Virgin Queen".into(),
            ..SynthSave::default()
        },
        9,
    );
    // not a zip at all
    let e = read_module("x.vmod", b"hello".to_vec()).unwrap_err();
    assert!(
        matches!(&e, VassalError::NotVassal(m) if m.contains("not a VASSAL file")),
        "{e}"
    );
    // a save given as the module, a module given as the save
    let e = read_module("s.vsav", save_bytes.clone()).unwrap_err();
    assert!(
        e.to_string()
            .contains("is a VASSAL saved game, not a module"),
        "{e}"
    );
    let e = read_save("m.vmod", module_bytes.clone()).unwrap_err();
    assert!(
        e.to_string()
            .contains("is a VASSAL module, not a saved game"),
        "{e}"
    );
    // a save of another module
    let (module, _) = read_module("vq.vmod", module_bytes).expect("module");
    let other = read_save(
        "o.vsav",
        save_zip(
            &SynthSave {
                module: "Here I Stand".into(),
                ..SynthSave::default()
            },
            9,
        ),
    )
    .expect("reads");
    let e = check_module(&other, "o.vsav", &module, "vq.vmod").unwrap_err();
    assert!(
        matches!(&e, VassalError::OtherModule(m) if m.contains("`Here I Stand`")),
        "{e}"
    );
    // a newer saved-game format
    let newer = zip_with(&[
        ("savedGame", b"!VOXZ\x11garbage"),
        ("moduledata", b"<data/>"),
    ]);
    let e = read_save("n.vsav", newer).unwrap_err();
    assert!(
        e.to_string().contains("format this vqbot does not know"),
        "{e}"
    );
    let newer_meta = zip_with(&[
        ("savedGame", b"begin_save"),
        (
            "savedata",
            b"<?xml version=\"1.0\"?><data version=\"2\"><version>1</version></data>",
        ),
    ]);
    let e = read_save("n.vsav", newer_meta).unwrap_err();
    assert!(
        e.to_string().contains("newer save format (version 2"),
        "{e}"
    );
    // not a saved game inside
    let e = read_save("t.vsav", zip_with(&[("savedGame", b"hello")])).unwrap_err();
    assert!(
        e.to_string()
            .contains("does not begin with VASSAL's `begin_save`"),
        "{e}"
    );
    // an entry that unpacks past its bound: the read stops at the bound (a zip bomb)
    let big = vec![b'a'; 200_000];
    let mut ar = Archive::open("b.vsav", zip_with(&[("savedGame", &big)])).expect("opens");
    let e = ar.read("savedGame", 100_000).unwrap_err();
    assert!(
        matches!(&e, VassalError::Limit(m) if m.contains("zip bomb")),
        "{e}"
    );
    // malformed and oversized build files
    let e = read_module(
        "m.vmod",
        zip_with(&[(
            "buildFile.xml",
            b"<VASSAL.build.GameModule name=\"x\">\n<a>\n</b>\n",
        )]),
    )
    .unwrap_err();
    assert!(
        matches!(&e, VassalError::Xml(m) if m.contains("buildFile.xml:3:") && m.contains("not well-formed")),
        "{e}"
    );
    let deep = format!(
        "<VASSAL.build.GameModule name=\"x\">{}{}</VASSAL.build.GameModule>",
        "<a>".repeat(300),
        "</a>".repeat(300)
    );
    let e = read_module("m.vmod", zip_with(&[("buildFile.xml", deep.as_bytes())])).unwrap_err();
    assert!(
        matches!(&e, VassalError::Limit(m) if m.contains("nests deeper")),
        "{e}"
    );
    let e = read_module(
        "m.vmod",
        zip_with(&[("buildFile.xml", b"<VASSAL.build.module.ModuleExtension/>")]),
    )
    .unwrap_err();
    assert!(e.to_string().contains("module extension"), "{e}");
    let e = read_module("m.vmod", zip_with(&[("readme.txt", b"hi")])).unwrap_err();
    assert!(
        e.to_string()
            .contains("neither `buildFile.xml` nor `buildFile`"),
        "{e}"
    );
}

fn zip_with(entries: &[(&str, &[u8])]) -> Vec<u8> {
    use std::io::Write;
    let mut w = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
    let o = zip::write::SimpleFileOptions::default()
        .compression_method(zip::CompressionMethod::Deflated);
    for (n, b) in entries {
        w.start_file(*n, o).expect("entry");
        w.write_all(b).expect("write");
    }
    w.finish().expect("zip").into_inner()
}

fn vqbot(args: &[&str], dir: &Path) -> (bool, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_vqbot"))
        .args(args)
        .current_dir(dir)
        .env(
            "VQBOT_DATA",
            Path::new(env!("CARGO_MANIFEST_DIR")).join("map_data/virgin_queen"),
        )
        .output()
        .expect("runs");
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into(),
        String::from_utf8_lossy(&out.stderr).into(),
    )
}

#[test]
fn x_vassal_commands_write_position_and_overlay_that_check_passes() {
    let dir = tempfile::tempdir().expect("tmp");
    let d = dir.path();
    let g0 = import(&board_position());
    let public = position::export(rs(), &g0).public;
    let save = save_zip(&save_from_position(&public), 0x42);
    let mut m = full_module(false);
    m.setups.push((
        "1559 Campaign".into(),
        "setups/1559.vsav".into(),
        save.clone(),
    ));
    std::fs::write(d.join("vq.vmod"), module_zip(&m)).expect("write");
    std::fs::write(d.join("camp.vsav"), &save).expect("write");
    let (ok, out, err) = vqbot(
        &[
            "vassal",
            "position",
            "camp.vsav",
            "--module",
            "vq.vmod",
            "--out",
            "camp.toml",
        ],
        d,
    );
    assert!(ok, "{out}\n{err}");
    assert!(out.contains("mapping: ") && out.contains("(new:"), "{out}");
    assert!(
        out.contains("pieces read") && out.contains("  spain: "),
        "{out}"
    );
    assert!(out.contains("a good position (turn 2)"), "{out}");
    assert!(d.join("vassal-mapping.toml").exists());
    let (ok, out, err) = vqbot(&["position", "check", "camp.toml"], d);
    assert!(ok, "{out}\n{err}");
    // re-running reads the mapping it wrote
    let (ok, out, _) = vqbot(
        &[
            "vassal",
            "position",
            "camp.vsav",
            "--module",
            "vq.vmod",
            "--out",
            "camp.toml",
        ],
        d,
    );
    assert!(ok && out.contains("(read)"), "{out}");
    // the overlay
    let (ok, out, err) = vqbot(&["vassal", "data", "vq.vmod", "--out", "vqdata"], d);
    assert!(out.contains("setup \"1559 Campaign\" -> "), "{out}\n{err}");
    assert!(ok, "{out}\n{err}");
    assert!(d.join("vqdata/setups/1559_campaign.toml").exists());
    let (ok, out, err) = vqbot(&["check-data", "vqdata"], d);
    assert!(ok, "{out}\n{err}");
    assert!(
        out.contains(&format!("owner {}", rs().cards.len())),
        "every card row from the module: {out}"
    );
    // bad input through the command: a message, nothing written
    std::fs::write(d.join("junk.vsav"), b"not a zip").expect("write");
    let (ok, _, err) = vqbot(
        &[
            "vassal",
            "position",
            "junk.vsav",
            "--module",
            "vq.vmod",
            "--out",
            "junk.toml",
        ],
        d,
    );
    assert!(!ok && err.contains("not a VASSAL file"), "{err}");
    assert!(!d.join("junk.toml").exists());
}

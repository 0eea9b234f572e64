//! Writing small modules and saves in VASSAL's own format (zip layout, build file XML, the
//! obfuscation, the command stream), for the tests and the benchmark. Nothing here holds game
//! content: the caller names every region, piece and card.

use std::io::{Cursor, Write};

use quick_xml::escape::escape;
use zip::write::SimpleFileOptions;

use super::encoding::{join, obfuscate, COMMAND_SEPARATOR};
use super::pieces::{write_deck, write_piece, write_stack, Piece};

/// A map to write: point regions and zones (polygons).
#[derive(Debug, Clone, Default)]
pub struct SynthMap {
    /// Map name.
    pub name: String,
    /// A player hand window.
    pub hand: bool,
    /// Point regions: name, x, y.
    pub regions: Vec<(String, i32, i32)>,
    /// Zones: name and outline.
    pub zones: Vec<(String, Vec<(i32, i32)>)>,
}

/// A module to write.
#[derive(Debug, Clone, Default)]
pub struct SynthModule {
    /// Module name.
    pub name: String,
    /// Module version.
    pub version: String,
    /// Write the layout of modules made before VASSAL 3.5 (`buildFile`, `VASSAL.launch.BasicModule`).
    pub old_layout: bool,
    /// Maps.
    pub maps: Vec<SynthMap>,
    /// Palette pieces.
    pub palette: Vec<Piece>,
    /// Decks: name, map, cards.
    pub decks: Vec<(String, String, Vec<Piece>)>,
    /// Predefined setups: menu name, entry name, the save's bytes.
    pub setups: Vec<(String, String, Vec<u8>)>,
}

fn metadata(name: &str, version: &str, vassal: &str) -> String {
    format!(
        "<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"no\"?>\n<data version=\"1\">\n  \
         <version>{}</version>\n  <VassalVersion>{}</VassalVersion>\n  <dateSaved>0</dateSaved>\n  \
         <name>{}</name>\n</data>\n",
        escape(version),
        escape(vassal),
        escape(name)
    )
}

/// The module's build file text.
pub fn build_file(m: &SynthModule) -> String {
    let root = if m.old_layout {
        super::module::ROOT_MODULE_OLD
    } else {
        super::module::ROOT_MODULE
    };
    let vassal = if m.old_layout { "3.2.17" } else { "3.6.7" };
    let mut x = format!(
        "<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"no\"?>\n<{root} name=\"{}\" version=\"{}\" VassalVersion=\"{vassal}\" nextPieceSlotId=\"1\">\n",
        escape(&m.name),
        escape(&m.version)
    );
    x.push_str("  <VASSAL.build.module.BasicCommandEncoder/>\n");
    x.push_str("  <VASSAL.build.module.PieceWindow name=\"Pieces\">\n    <VASSAL.build.widget.ListWidget entryName=\"All\">\n");
    for p in &m.palette {
        x.push_str(&format!(
            "      <VASSAL.build.widget.PieceSlot entryName=\"{}\" gpid=\"\" height=\"0\" width=\"0\">{}</VASSAL.build.widget.PieceSlot>\n",
            escape(&p.name),
            escape(write_piece(p))
        ));
    }
    x.push_str("    </VASSAL.build.widget.ListWidget>\n  </VASSAL.build.module.PieceWindow>\n");
    for map in &m.maps {
        let class = if map.hand {
            "VASSAL.build.module.PlayerHand"
        } else {
            "VASSAL.build.module.Map"
        };
        x.push_str(&format!(
            "  <{class} mapName=\"{}\" edgeWidth=\"0\" edgeHeight=\"0\">\n    <VASSAL.build.module.map.BoardPicker>\n      <VASSAL.build.module.map.boardPicker.Board name=\"{}\" image=\"map.png\">\n",
            escape(&map.name),
            escape(&map.name)
        ));
        if !map.zones.is_empty() {
            x.push_str("        <VASSAL.build.module.map.boardPicker.board.ZonedGrid>\n");
            for (name, poly) in &map.zones {
                let path: Vec<String> = poly.iter().map(|(a, b)| format!("{a},{b}")).collect();
                x.push_str(&format!(
                    "          <VASSAL.build.module.map.boardPicker.board.mapgrid.Zone name=\"{}\" path=\"{}\" useParentGrid=\"false\"/>\n",
                    escape(name),
                    path.join(";")
                ));
            }
            x.push_str("        </VASSAL.build.module.map.boardPicker.board.ZonedGrid>\n");
        }
        if !map.regions.is_empty() {
            x.push_str("        <VASSAL.build.module.map.boardPicker.board.RegionGrid snapto=\"true\" visible=\"false\">\n");
            for (name, rx, ry) in &map.regions {
                x.push_str(&format!(
                    "          <VASSAL.build.module.map.boardPicker.board.Region name=\"{}\" originx=\"{rx}\" originy=\"{ry}\"/>\n",
                    escape(name)
                ));
            }
            x.push_str("        </VASSAL.build.module.map.boardPicker.board.RegionGrid>\n");
        }
        x.push_str("      </VASSAL.build.module.map.boardPicker.Board>\n    </VASSAL.build.module.map.BoardPicker>\n");
        for (deck, deck_map, cards) in &m.decks {
            if deck_map != &map.name {
                continue;
            }
            x.push_str(&format!(
                "    <VASSAL.build.module.map.DrawPile name=\"{}\" owningBoard=\"{}\" x=\"0\" y=\"0\" faceDown=\"Always\" shuffle=\"Always\">\n",
                escape(deck),
                escape(&map.name)
            ));
            for c in cards {
                x.push_str(&format!(
                    "      <VASSAL.build.widget.CardSlot entryName=\"{}\" gpid=\"\">{}</VASSAL.build.widget.CardSlot>\n",
                    escape(&c.name),
                    escape(write_piece(c))
                ));
            }
            x.push_str("    </VASSAL.build.module.map.DrawPile>\n");
        }
        x.push_str(&format!("  </{class}>\n"));
    }
    for (name, file, _) in &m.setups {
        x.push_str(&format!(
            "  <VASSAL.build.module.PredefinedSetup name=\"{}\" file=\"{}\" useFile=\"true\" isMenu=\"false\"/>\n",
            escape(name),
            escape(file)
        ));
    }
    x.push_str(&format!("</{root}>\n"));
    x
}

fn zip_of(entries: &[(&str, &[u8])]) -> Vec<u8> {
    let mut w = zip::ZipWriter::new(Cursor::new(Vec::new()));
    let opts = SimpleFileOptions::default().compression_method(zip::CompressionMethod::Deflated);
    for (name, bytes) in entries {
        // writing into memory cannot fail short of running out of it
        if w.start_file(*name, opts).is_ok() {
            let _ = w.write_all(bytes);
        }
    }
    w.finish().map(Cursor::into_inner).unwrap_or_default()
}

/// The module as a `.vmod` file's bytes.
pub fn module_zip(m: &SynthModule) -> Vec<u8> {
    let build = build_file(m);
    let entry = if m.old_layout {
        super::module::BUILD_FILE_OLD
    } else {
        super::module::BUILD_FILE
    };
    let meta = metadata(
        &m.name,
        &m.version,
        if m.old_layout { "3.2.17" } else { "3.6.7" },
    );
    let mut entries: Vec<(&str, &[u8])> = vec![(entry, build.as_bytes())];
    if !m.old_layout {
        entries.push(("moduledata", meta.as_bytes()));
    }
    entries.push(("images/map.png", b"not an image"));
    for (_, file, bytes) in &m.setups {
        entries.push((file.as_str(), bytes.as_slice()));
    }
    zip_of(&entries)
}

/// A save to write: pieces (cards included), stacks and decks, by id.
#[derive(Debug, Clone, Default)]
pub struct SynthSave {
    /// Module name.
    pub module: String,
    /// Module version.
    pub version: String,
    /// Every piece (each with its own id, map and position).
    pub pieces: Vec<Piece>,
    /// Stacks: id, map, x, y, member ids bottom first.
    pub stacks: Vec<(String, String, i32, i32, Vec<String>)>,
    /// Decks: id, name, map, member ids bottom first.
    pub decks: Vec<(String, String, String, Vec<String>)>,
}

/// The saved game's command stream, before obfuscation.
pub fn save_text(s: &SynthSave) -> String {
    let mut adds: Vec<String> = vec![String::new()];
    adds.extend(s.pieces.iter().map(write_piece));
    adds.extend(
        s.stacks
            .iter()
            .map(|(id, map, x, y, m)| write_stack(id, map, *x, *y, m)),
    );
    adds.extend(
        s.decks
            .iter()
            .map(|(id, name, map, m)| write_deck(id, name, map, m)),
    );
    let pieces = join(&adds, COMMAND_SEPARATOR);
    join(
        ["begin_save", pieces.as_str(), "end_save"],
        COMMAND_SEPARATOR,
    )
}

/// The save as a `.vsav` file's bytes, obfuscated with `key`.
pub fn save_zip(s: &SynthSave, key: u8) -> Vec<u8> {
    let game = obfuscate(&save_text(s), key);
    let meta = metadata(&s.module, &s.version, "3.6.7");
    let savedata = "<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"no\"?>\n<data version=\"1\">\n  <version>1</version>\n  <VassalVersion>3.6.7</VassalVersion>\n  <dateSaved>0</dateSaved>\n</data>\n";
    zip_of(&[
        ("savedGame", &game),
        ("savedata", savedata.as_bytes()),
        ("moduledata", meta.as_bytes()),
    ])
}

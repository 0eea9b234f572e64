//! Reading a VASSAL module (`.vmod`): its metadata, and from its build file (`buildFile.xml`,
//! or `buildFile` in modules made before VASSAL 3.5) the maps with their named regions and
//! zones, the piece palette, the decks and their cards, the prototypes and the predefined
//! setups.

use std::collections::BTreeMap;

use quick_xml::events::{BytesStart, Event};
use quick_xml::Reader;

use super::archive::Archive;
use super::pieces::{parse_add, Added, Piece};
use super::VassalError;

/// The build file of modules made with VASSAL 3.5 or later.
pub const BUILD_FILE: &str = "buildFile.xml";
/// The build file of older modules.
pub const BUILD_FILE_OLD: &str = "buildFile";
/// Root element of a module's build file (current).
pub const ROOT_MODULE: &str = "VASSAL.build.GameModule";
/// Root element of a module's build file (older modules).
pub const ROOT_MODULE_OLD: &str = "VASSAL.launch.BasicModule";
/// Root element of an extension's build file (refused: an extension is not a module).
pub const ROOT_EXTENSION: &str = "VASSAL.build.module.ModuleExtension";
/// The most elements a build file may hold.
pub const MAX_ELEMENTS: usize = 2_000_000;
/// The deepest a build file may nest.
pub const MAX_DEPTH: usize = 200;

/// A named place on a map: a point (region) or a polygon (zone), in map pixels.
#[derive(Debug, Clone, PartialEq)]
pub struct Region {
    /// Its name.
    pub name: String,
    /// Point of a region, or the centre of a zone's polygon.
    pub x: i32,
    /// See `x`.
    pub y: i32,
    /// A zone's outline; empty for a point region.
    pub polygon: Vec<(i32, i32)>,
    /// Line of the build file.
    pub line: usize,
}

impl Region {
    /// Whether a zone's polygon holds the point.
    pub fn contains(&self, x: i32, y: i32) -> bool {
        let p = &self.polygon;
        if p.len() < 3 {
            return false;
        }
        let (x, y) = (x as f64, y as f64);
        let mut inside = false;
        let mut j = p.len() - 1;
        for i in 0..p.len() {
            let (xi, yi) = (p[i].0 as f64, p[i].1 as f64);
            let (xj, yj) = (p[j].0 as f64, p[j].1 as f64);
            if (yi > y) != (yj > y) && x < (xj - xi) * (y - yi) / (yj - yi) + xi {
                inside = !inside;
            }
            j = i;
        }
        inside
    }
}

/// A map (or a player's hand, or a private window).
#[derive(Debug, Clone, PartialEq)]
pub struct MapDef {
    /// Its name, as saves refer to it.
    pub name: String,
    /// A player hand or private map: what stands there belongs to one side.
    pub private: bool,
    /// Its named regions and zones.
    pub regions: Vec<Region>,
}

/// A piece of the module's palette, an at-start stack or a deck.
#[derive(Debug, Clone, PartialEq)]
pub struct PieceDef {
    /// The piece.
    pub piece: Piece,
    /// The palette entry's name, if it differs from the piece's.
    pub entry: String,
    /// Line of the build file.
    pub line: usize,
}

/// A deck defined in the module, with its cards (bottom first).
#[derive(Debug, Clone, PartialEq)]
pub struct DeckDef {
    /// The deck's name.
    pub name: String,
    /// The map it lies on.
    pub map: String,
    /// Its cards.
    pub cards: Vec<PieceDef>,
}

/// A predefined setup (a saved game inside the module).
#[derive(Debug, Clone, PartialEq)]
pub struct SetupDef {
    /// Its menu name.
    pub name: String,
    /// The saved game's entry in the module's archive.
    pub file: Option<String>,
}

/// A VASSAL module, as far as vqbot reads it.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Module {
    /// The module's name (`Virgin Queen`).
    pub name: String,
    /// The module's version.
    pub version: String,
    /// The VASSAL version it was made with.
    pub vassal_version: String,
    /// Which build file it has (`buildFile.xml` or `buildFile`).
    pub build_file: String,
    /// Maps, hands and private windows.
    pub maps: Vec<MapDef>,
    /// Palette pieces and pieces of at-start stacks.
    pub pieces: Vec<PieceDef>,
    /// Decks with their cards.
    pub decks: Vec<DeckDef>,
    /// Predefined setups.
    pub setups: Vec<SetupDef>,
    /// Prototype name → the properties its traits carry.
    pub prototypes: BTreeMap<String, Vec<(String, String)>>,
}

impl Module {
    /// A map by name.
    pub fn map(&self, name: &str) -> Option<&MapDef> {
        self.maps.iter().find(|m| m.name == name)
    }

    /// A piece's properties with those of its prototypes after its own.
    pub fn properties_of(&self, p: &Piece) -> Vec<(String, String)> {
        let mut out = p.properties.clone();
        for proto in &p.prototypes {
            if let Some(props) = self.prototypes.get(proto) {
                out.extend(props.iter().cloned());
            }
        }
        out
    }

    /// Every piece name of the palette and the decks, once each, in order.
    pub fn piece_names(&self) -> Vec<String> {
        let mut seen = std::collections::BTreeSet::new();
        self.pieces
            .iter()
            .map(|p| p.piece.name.clone())
            .filter(|n| !n.is_empty() && seen.insert(n.clone()))
            .collect()
    }
}

/// Reads a module from the bytes of its `.vmod` file.
pub fn read_module(name: &str, bytes: Vec<u8>) -> Result<(Module, Archive), VassalError> {
    let mut ar = Archive::open(name, bytes)?;
    let (entry, text) = if let Some(t) = ar.read_text(BUILD_FILE)? {
        (BUILD_FILE, t)
    } else if let Some(t) = ar.read_text(BUILD_FILE_OLD)? {
        (BUILD_FILE_OLD, t)
    } else if ar.has("savedGame") {
        return Err(VassalError::NotVassal(format!(
            "{name} is a VASSAL saved game, not a module; give the module (.vmod) with --module"
        )));
    } else {
        return Err(VassalError::NotVassal(format!(
            "{name} is a zip archive but not a VASSAL module: it has neither `{BUILD_FILE}` nor \
             `{BUILD_FILE_OLD}`"
        )));
    };
    let mut m = parse_build_file(&format!("{name}!{entry}"), &text)?;
    m.build_file = entry.to_string();
    if let Some(meta) = ar.read_text("moduledata")? {
        let md = parse_metadata(&meta);
        if m.name.is_empty() {
            m.name = md.name;
        }
        if m.version.is_empty() {
            m.version = md.version;
        }
        if m.vassal_version.is_empty() {
            m.vassal_version = md.vassal_version;
        }
    }
    Ok((m, ar))
}

/// Module metadata (`moduledata`, also copied into every save).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Metadata {
    /// Module name.
    pub name: String,
    /// Module version.
    pub version: String,
    /// VASSAL version.
    pub vassal_version: String,
    /// The metadata layout's version (the root's `version` attribute; `1` today).
    pub data_version: String,
}

/// Reads a `moduledata` file; what it does not say stays empty.
pub fn parse_metadata(xml: &str) -> Metadata {
    let mut md = Metadata::default();
    let mut r = Reader::from_str(xml);
    let mut current = String::new();
    let mut depth = 0;
    loop {
        match r.read_event() {
            Ok(Event::Start(e)) => {
                depth += 1;
                if depth == 1 {
                    for a in e.attributes().flatten() {
                        if a.key.as_ref() == b"version" {
                            md.data_version = String::from_utf8_lossy(&a.value).into_owned();
                        }
                    }
                }
                current = String::from_utf8_lossy(e.name().as_ref()).into_owned();
            }
            Ok(Event::End(_)) => {
                depth -= 1;
                current.clear();
            }
            Ok(Event::Text(t)) if depth == 2 => {
                let v = t
                    .unescape()
                    .map(|c| c.trim().to_string())
                    .unwrap_or_default();
                match current.as_str() {
                    "name" if md.name.is_empty() => md.name = v,
                    "version" => md.version = v,
                    "VassalVersion" => md.vassal_version = v,
                    _ => {}
                }
            }
            Ok(Event::Eof) | Err(_) => break,
            _ => {}
        }
    }
    md
}

fn attrs(
    e: &BytesStart<'_>,
    file: &str,
    line: usize,
) -> Result<Vec<(String, String)>, VassalError> {
    let mut out = Vec::new();
    for a in e.attributes() {
        let a = a.map_err(|err| VassalError::Xml(format!("{file}:{line}: {err}")))?;
        let v = a
            .unescape_value()
            .map_err(|err| VassalError::Xml(format!("{file}:{line}: {err}")))?;
        out.push((
            String::from_utf8_lossy(a.key.as_ref()).into_owned(),
            v.into_owned(),
        ));
    }
    Ok(out)
}

struct Open {
    class: String,
    attrs: Vec<(String, String)>,
    text: String,
    line: usize,
}

fn attr<'a>(a: &'a [(String, String)], k: &str) -> &'a str {
    a.iter()
        .find(|(n, _)| n == k)
        .map(|(_, v)| v.as_str())
        .unwrap_or("")
}

fn short(class: &str) -> &str {
    class.rsplit('.').next().unwrap_or(class)
}

/// Reads a build file's XML. `file` names it in messages.
pub fn parse_build_file(file: &str, xml: &str) -> Result<Module, VassalError> {
    let mut r = Reader::from_str(xml);
    let mut m = Module::default();
    let mut stack: Vec<Open> = Vec::new();
    let mut elements = 0usize;
    let mut line = 1usize;
    let mut counted = 0usize;
    let mut root_seen = false;
    // (map index, board name) of the enclosing map, and the enclosing deck
    let mut deck_open: Option<usize> = None;
    loop {
        let pos = (r.buffer_position() as usize).min(xml.len());
        if pos > counted {
            line += newlines(&xml.as_bytes()[counted..pos]);
            counted = pos;
        }
        let ev = r.read_event().map_err(|e| {
            let at = (r.error_position() as usize).clamp(counted, xml.len());
            let l = line + newlines(&xml.as_bytes()[counted..at]);
            VassalError::Xml(format!(
                "{file}:{l}: the build file is not well-formed XML ({e})"
            ))
        })?;
        let (start, empty) = match &ev {
            Event::Start(e) => (Some(e.clone()), false),
            Event::Empty(e) => (Some(e.clone()), true),
            _ => (None, false),
        };
        if let Some(e) = start {
            elements += 1;
            if elements > MAX_ELEMENTS || stack.len() >= MAX_DEPTH {
                return Err(VassalError::Limit(format!(
                    "{file}:{line}: the build file holds more than {MAX_ELEMENTS} elements or \
                     nests deeper than {MAX_DEPTH}; refused"
                )));
            }
            let class = String::from_utf8_lossy(e.name().as_ref()).into_owned();
            let a = attrs(&e, file, line)?;
            if !root_seen {
                root_seen = true;
                if class == ROOT_EXTENSION {
                    return Err(VassalError::NotVassal(format!(
                        "{file}: this is a module extension, not a module; give the module it extends"
                    )));
                }
                if class != ROOT_MODULE && class != ROOT_MODULE_OLD {
                    return Err(VassalError::NotVassal(format!(
                        "{file}:{line}: the build file's root is `{class}`, not a VASSAL module \
                         (`{ROOT_MODULE}` or, before VASSAL 3.5, `{ROOT_MODULE_OLD}`)"
                    )));
                }
                m.name = attr(&a, "name").to_string();
                m.version = attr(&a, "version").to_string();
                m.vassal_version = attr(&a, "VassalVersion").to_string();
            }
            open_element(&mut m, &stack, &class, &a, line, &mut deck_open);
            let o = Open {
                class,
                attrs: a,
                text: String::new(),
                line,
            };
            if empty {
                close_element(&mut m, &stack, o, file, &mut deck_open)?;
            } else {
                stack.push(o);
            }
            continue;
        }
        match ev {
            Event::Text(t) => {
                if let Some(top) = stack.last_mut() {
                    let s = t
                        .unescape()
                        .map_err(|e| VassalError::Xml(format!("{file}:{line}: {e}")))?;
                    top.text.push_str(&s);
                }
            }
            Event::CData(c) => {
                if let Some(top) = stack.last_mut() {
                    top.text.push_str(&String::from_utf8_lossy(&c.into_inner()));
                }
            }
            Event::End(_) => {
                if let Some(o) = stack.pop() {
                    close_element(&mut m, &stack, o, file, &mut deck_open)?;
                }
            }
            Event::Eof => break,
            _ => {}
        }
    }
    if !root_seen {
        return Err(VassalError::NotVassal(format!(
            "{file}: the build file is empty"
        )));
    }
    Ok(m)
}

fn newlines(b: &[u8]) -> usize {
    b.iter().filter(|&&c| c == b'\n').count()
}

fn in_class(stack: &[Open], name: &str) -> Option<usize> {
    stack.iter().rposition(|o| short(&o.class) == name)
}

fn num(a: &[(String, String)], k: &str) -> i32 {
    attr(a, k).trim().parse().unwrap_or(0)
}

fn open_element(
    m: &mut Module,
    stack: &[Open],
    class: &str,
    a: &[(String, String)],
    line: usize,
    deck_open: &mut Option<usize>,
) {
    match short(class) {
        "Map" | "PlayerHand" | "PrivateMap" => {
            let name = attr(a, "mapName").to_string();
            let name = if name.is_empty() {
                format!("Map{}", m.maps.len())
            } else {
                name
            };
            m.maps.push(MapDef {
                name,
                private: short(class) != "Map",
                regions: Vec::new(),
            });
        }
        "Region" | "Zone" => {
            // point regions and zones belong to the innermost enclosing map
            let Some(map_i) = in_class(stack, "Map")
                .or_else(|| in_class(stack, "PlayerHand"))
                .or_else(|| in_class(stack, "PrivateMap"))
            else {
                return;
            };
            let map_attrs = &stack[map_i].attrs;
            let (dx, dy) = (num(map_attrs, "edgeWidth"), num(map_attrs, "edgeHeight"));
            let Some(map) = m.maps.last_mut() else { return };
            let name = attr(a, "name").to_string();
            if short(class) == "Region" {
                map.regions.push(Region {
                    name,
                    x: num(a, "originx") + dx,
                    y: num(a, "originy") + dy,
                    polygon: Vec::new(),
                    line,
                });
            } else {
                let polygon: Vec<(i32, i32)> = attr(a, "path")
                    .split(';')
                    .filter_map(|pt| {
                        let (x, y) = pt.split_once(',')?;
                        Some((
                            x.trim().parse::<i32>().ok()? + dx,
                            y.trim().parse::<i32>().ok()? + dy,
                        ))
                    })
                    .collect();
                if polygon.is_empty() {
                    return;
                }
                let n = polygon.len() as i64;
                let cx = polygon.iter().map(|p| p.0 as i64).sum::<i64>() / n;
                let cy = polygon.iter().map(|p| p.1 as i64).sum::<i64>() / n;
                map.regions.push(Region {
                    name,
                    x: cx as i32,
                    y: cy as i32,
                    polygon,
                    line,
                });
            }
        }
        "DrawPile" => {
            let map = m.maps.last().map(|m| m.name.clone()).unwrap_or_default();
            m.decks.push(DeckDef {
                name: attr(a, "name").to_string(),
                map,
                cards: Vec::new(),
            });
            *deck_open = Some(m.decks.len() - 1);
        }
        "PredefinedSetup" => {
            let use_file = attr(a, "useFile") != "false";
            let file = attr(a, "file");
            let is_menu = attr(a, "isMenu") == "true";
            if !is_menu {
                m.setups.push(SetupDef {
                    name: attr(a, "name").to_string(),
                    file: (use_file && !file.is_empty()).then(|| file.to_string()),
                });
            }
        }
        _ => {}
    }
}

fn close_element(
    m: &mut Module,
    stack: &[Open],
    o: Open,
    file: &str,
    deck_open: &mut Option<usize>,
) -> Result<(), VassalError> {
    match short(&o.class) {
        "PieceSlot" | "CardSlot" => {
            let text = o.text.trim();
            if text.is_empty() {
                return Ok(());
            }
            let piece = match parse_add(text) {
                Some(Ok(Added::Piece(p))) => p,
                Some(Ok(_)) => return Ok(()),
                Some(Err(e)) => {
                    return Err(VassalError::Format(format!("{file}:{}: {e}", o.line)));
                }
                None => {
                    return Err(VassalError::Format(format!(
                        "{file}:{}: a piece slot whose text is not a piece definition",
                        o.line
                    )))
                }
            };
            let def = PieceDef {
                entry: attr(&o.attrs, "entryName").to_string(),
                piece,
                line: o.line,
            };
            let in_deck = in_class(stack, "DrawPile").is_some();
            match (*deck_open, in_deck) {
                (Some(d), true) => {
                    if let Some(deck) = m.decks.get_mut(d) {
                        deck.cards.push(def.clone());
                    }
                    m.pieces.push(def);
                }
                _ => m.pieces.push(def),
            }
        }
        "DrawPile" => *deck_open = None,
        "PrototypeDefinition" => {
            let text = o.text.trim();
            if let Some(Ok(Added::Piece(p))) = parse_add(text) {
                m.prototypes
                    .insert(attr(&o.attrs, "name").to_string(), p.properties);
            }
        }
        _ => {}
    }
    Ok(())
}

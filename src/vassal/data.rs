//! `vqbot vassal data`: an overlay of `map_data/virgin_queen/` written from the group's own
//! module. Every file of the data folder is copied; the rows the module speaks to (cards it
//! names, leaders whose ratings it carries) take its values with the source `owner` ("from the
//! group's own copy"); each predefined setup becomes a position file under `setups/`.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use super::archive::{Archive, MAX_NESTED_BYTES};
use super::convert::{to_position, Summary};
use super::mapping::{normalize, Mapping, PieceKind};
use super::module::Module;
use super::save::read_save_archive;
use super::{write_atomic, VassalError};
use crate::engine::Ruleset;

/// What the overlay holds.
#[derive(Debug, Clone, Default)]
pub struct Overlay {
    /// Files written.
    pub files: Vec<PathBuf>,
    /// Card rows taken from the module.
    pub cards: usize,
    /// Leader rows taken from the module.
    pub leaders: usize,
    /// Setups written: name, file, summary.
    pub setups: Vec<(String, PathBuf, Summary)>,
    /// What the group still has to do, one line each.
    pub notes: Vec<String>,
}

const CP_KEYS: &[&str] = &["cp", "ops", "commandpoints"];
const KIND_KEYS: &[&str] = &["kind", "cardtype", "type"];
const TEXT_KEYS: &[&str] = &["text", "cardtext", "event"];
const KINDS: &[&str] = &[
    "home",
    "mandatory",
    "response",
    "combat",
    "event",
    "foreign_war",
];

fn prop<'a>(props: &'a [(String, String)], keys: &[&str]) -> Option<&'a str> {
    props
        .iter()
        .find(|(k, v)| keys.contains(&normalize(k).as_str()) && !v.trim().is_empty())
        .map(|(_, v)| v.trim())
}

fn slug(s: &str) -> String {
    let mut out: String = s
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() {
                c.to_ascii_lowercase()
            } else {
                '_'
            }
        })
        .collect();
    while out.contains("__") {
        out = out.replace("__", "_");
    }
    let t = out.trim_matches('_').to_string();
    if t.is_empty() {
        "setup".into()
    } else {
        t
    }
}

struct Csv {
    headers: Vec<String>,
    rows: Vec<Vec<String>>,
}

fn read_csv(path: &Path) -> Result<Csv, VassalError> {
    let io = |e: String| VassalError::Io(format!("{}: {e}", path.display()));
    let mut r = csv::ReaderBuilder::new()
        .has_headers(true)
        .flexible(true)
        .from_path(path)
        .map_err(|e| io(e.to_string()))?;
    let headers = r
        .headers()
        .map_err(|e| io(e.to_string()))?
        .iter()
        .map(str::to_string)
        .collect();
    let mut rows = Vec::new();
    for rec in r.records() {
        let rec = rec.map_err(|e| io(e.to_string()))?;
        rows.push(rec.iter().map(str::to_string).collect());
    }
    Ok(Csv { headers, rows })
}

fn write_csv(path: &Path, c: &Csv) -> Result<(), VassalError> {
    let mut w = csv::Writer::from_writer(Vec::new());
    let err = |e: csv::Error| VassalError::Io(format!("{}: {e}", path.display()));
    w.write_record(&c.headers).map_err(err)?;
    for r in &c.rows {
        w.write_record(r).map_err(err)?;
    }
    let bytes = w
        .into_inner()
        .map_err(|e| VassalError::Io(format!("{}: {e}", path.display())))?;
    write_atomic(path, &bytes)
}

impl Csv {
    fn col(&self, name: &str) -> Option<usize> {
        self.headers.iter().position(|h| h == name)
    }
    fn set(&mut self, row: usize, name: &str, v: &str) {
        if let Some(i) = self.col(name) {
            if let Some(r) = self.rows.get_mut(row) {
                while r.len() <= i {
                    r.push(String::new());
                }
                r[i] = v.to_string();
            }
        }
    }
    fn get(&self, row: usize, name: &str) -> String {
        self.col(name)
            .and_then(|i| self.rows.get(row).and_then(|r| r.get(i)))
            .cloned()
            .unwrap_or_default()
    }
}

/// Writes the overlay of `base` into `out`.
pub fn write_overlay(
    rs: &Ruleset,
    base: &Path,
    module: &Module,
    archive: &mut Archive,
    mapping: &Mapping,
    out: &Path,
) -> Result<Overlay, VassalError> {
    std::fs::create_dir_all(out).map_err(|e| VassalError::Io(format!("{}: {e}", out.display())))?;
    let mut ov = Overlay::default();
    let from = format!(
        "from the group's VASSAL module {} {}",
        module.name, module.version
    );
    let entries =
        std::fs::read_dir(base).map_err(|e| VassalError::Io(format!("{}: {e}", base.display())))?;
    let mut names: Vec<String> = entries
        .filter_map(Result::ok)
        .map(|e| e.file_name().to_string_lossy().into_owned())
        // Every data file: the tables and the card effects written beside them (docs/events.md).
        .filter(|n| n.ends_with(".csv") || n.ends_with(".effect"))
        .collect();
    names.sort();
    for name in &names {
        let src = base.join(name);
        let dst = out.join(name);
        match name.as_str() {
            "cards.csv" => {
                let mut c = read_csv(&src)?;
                ov.cards = overlay_cards(module, mapping, &mut c, &from, &mut ov.notes);
                write_csv(&dst, &c)?;
            }
            "leaders.csv" => {
                let mut c = read_csv(&src)?;
                ov.leaders = overlay_leaders(module, mapping, &mut c, &from);
                write_csv(&dst, &c)?;
            }
            _ => {
                let bytes = std::fs::read(&src)
                    .map_err(|e| VassalError::Io(format!("{}: {e}", src.display())))?;
                write_atomic(&dst, &bytes)?;
            }
        }
        ov.files.push(dst);
    }
    // predefined setups, each a saved game inside the module
    let mut used = BTreeMap::new();
    for s in &module.setups {
        let Some(file) = &s.file else { continue };
        let Some(bytes) = archive.read(file, MAX_NESTED_BYTES)? else {
            ov.notes.push(format!(
                "setup \"{}\": the module has no entry `{file}`; skipped",
                s.name
            ));
            continue;
        };
        let mut nested = Archive::open(&format!("{}!{file}", archive.name), bytes)?;
        let save = read_save_archive(&mut nested)?;
        let conv = to_position(rs, module, &save, mapping, &format!("setup \"{}\"", s.name));
        let mut stem = slug(&s.name);
        let n = used.entry(stem.clone()).or_insert(0);
        *n += 1;
        if *n > 1 {
            stem = format!("{stem}_{n}");
        }
        let dir = out.join("setups");
        std::fs::create_dir_all(&dir)
            .map_err(|e| VassalError::Io(format!("{}: {e}", dir.display())))?;
        let path = dir.join(format!("{stem}.toml"));
        write_atomic(&path, conv.public.as_bytes())?;
        if let Some(p) = &conv.private {
            write_atomic(&crate::position::private_path(&path), p.as_bytes())?;
        }
        ov.notes.extend(
            conv.notes
                .iter()
                .map(|n| format!("setup \"{}\": {n}", s.name)),
        );
        ov.setups.push((s.name.clone(), path, conv.summary));
    }
    Ok(ov)
}

fn overlay_cards(
    module: &Module,
    mapping: &Mapping,
    c: &mut Csv,
    from: &str,
    notes: &mut Vec<String>,
) -> usize {
    let mut done = 0;
    let mut seen = std::collections::BTreeSet::new();
    for d in &module.decks {
        for card in &d.cards {
            let name = card.piece.name.trim();
            let Some(e) = mapping.cards.get(name) else {
                notes.push(format!(
                    "{}: card \"{name}\" has no line under [cards]",
                    mapping.section_at("cards")
                ));
                continue;
            };
            let Some(Some(number)) = e.value else {
                if e.value.is_none() {
                    notes.push(format!(
                        "{}: card \"{name}\" has no number yet",
                        mapping.at(e.line)
                    ));
                }
                continue;
            };
            if !seen.insert(number) {
                continue;
            }
            let props = module.properties_of(&card.piece);
            let row = (0..c.rows.len()).find(|&r| c.get(r, "number") == number.to_string());
            let Some(row) = row else {
                notes.push(format!(
                    "card {number} \"{name}\" is not in cards.csv: add its row by hand (the module \
                     does not give every column)"
                ));
                continue;
            };
            let old_source = c.get(row, "source");
            let mut taken = vec!["name"];
            c.set(row, "name_en", name);
            if let Some(cp) = prop(&props, CP_KEYS).and_then(|v| v.parse::<u8>().ok()) {
                c.set(row, "cp", &cp.to_string());
                taken.push("CP");
            }
            if let Some(k) = prop(&props, KIND_KEYS)
                .map(|v| v.to_ascii_lowercase().replace([' ', '-'], "_"))
                .filter(|v| KINDS.contains(&v.as_str()))
            {
                c.set(row, "kind", &k);
                taken.push("kind");
            }
            if let Some(t) = prop(&props, TEXT_KEYS) {
                c.set(row, "text", t);
                if c.get(row, "text_ru").trim().is_empty() {
                    // the module is in English; the Russian column needs a text until translated
                    c.set(row, "text_ru", t);
                }
                c.set(row, "text_source", "owner");
                taken.push("text");
            }
            c.set(row, "source", "owner");
            c.set(
                row,
                "notes",
                &format!(
                    "{} {from}; the other columns are vqbot's earlier row ({old_source}): check them",
                    taken.join(", ")
                ),
            );
            done += 1;
        }
    }
    done
}

fn overlay_leaders(module: &Module, mapping: &Mapping, c: &mut Csv, from: &str) -> usize {
    let mut done = 0;
    for p in &module.pieces {
        let Some(Some(PieceKind::Leader(id))) =
            mapping.pieces.get(&p.piece.name).map(|e| e.value.clone())
        else {
            continue;
        };
        let Some(row) = (0..c.rows.len()).find(|&r| c.get(r, "id") == id) else {
            continue;
        };
        if c.get(row, "source") == "owner" {
            continue;
        }
        let props = module.properties_of(&p.piece);
        let mut taken = Vec::new();
        for (col, keys) in [
            ("battle", &["battle", "battlerating"][..]),
            ("command", &["command", "commandrating"][..]),
        ] {
            if let Some(v) = prop(&props, keys).and_then(|v| v.parse::<u8>().ok()) {
                c.set(row, col, &v.to_string());
                taken.push(col);
            }
        }
        if taken.is_empty() {
            continue;
        }
        let old_source = c.get(row, "source");
        c.set(row, "source", "owner");
        c.set(
            row,
            "notes",
            &format!(
                "{} {from} (piece \"{}\"); the other columns are vqbot's earlier row ({old_source})",
                taken.join(", "),
                p.piece.name
            ),
        );
        done += 1;
    }
    done
}

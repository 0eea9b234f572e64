//! `vqbot vassal …`: a group's VASSAL module becomes a data overlay, its save a position file.

use std::path::{Path, PathBuf};

use crate::position::{self, Source};
use crate::vassal::mapping::{self, Mapping};
use crate::vassal::module::{read_module, Module};
use crate::vassal::save::{check_module, read_save, Save};
use crate::vassal::{read_file, write_atomic};

/// What a command printed; `ok` is false when something still needs the group's hand.
#[derive(Debug, Clone, Default)]
pub struct Report {
    /// Lines for standard output.
    pub lines: Vec<String>,
    /// Whether the output can be used as it is.
    pub ok: bool,
}

/// The mapping's default place: `vassal-mapping.toml` beside `out`.
pub fn default_mapping(out: &Path) -> PathBuf {
    out.with_file_name("vassal-mapping.toml")
}

fn load_rs() -> Result<crate::engine::Ruleset, String> {
    crate::data::load(&crate::data::default_dir()).map_err(|p| {
        format!(
            "the game data does not load ({} problems; run check-data)",
            p.len()
        )
    })
}

fn open_module(path: &Path) -> Result<(Module, crate::vassal::archive::Archive), String> {
    let bytes = read_file(path).map_err(|e| e.to_string())?;
    read_module(&path.display().to_string(), bytes).map_err(|e| e.to_string())
}

/// Reads the mapping at `path`, or writes a new one there first. Returns it and a line saying
/// which.
fn mapping_for(
    rs: &crate::engine::Ruleset,
    module: &Module,
    saves: &[&Save],
    path: &Path,
) -> Result<(Mapping, String), Vec<String>> {
    let name = path.display().to_string();
    let (text, line) = if path.exists() {
        let t = std::fs::read_to_string(path).map_err(|e| vec![format!("{name}: {e}")])?;
        (t, format!("mapping: {name} (read)"))
    } else {
        let t = mapping::generate(rs, module, saves);
        write_atomic(path, t.as_bytes()).map_err(|e| vec![e.to_string()])?;
        (
            t,
            format!("mapping: {name} (new: check its guesses and fill in every \"\")"),
        )
    };
    let m = mapping::read_mapping(rs, &name, &text)?;
    Ok((m, line))
}

/// `vqbot vassal position SAVE --module MODULE [--mapping M] --out P`.
pub fn position(
    save_path: &Path,
    module_path: &Path,
    mapping_path: Option<&Path>,
    out: &Path,
) -> Result<Report, Vec<String>> {
    let rs = load_rs().map_err(|e| vec![e])?;
    let (module, _) = open_module(module_path).map_err(|e| vec![e])?;
    let save_name = save_path.display().to_string();
    let bytes = read_file(save_path).map_err(|e| vec![e.to_string()])?;
    let save = read_save(&save_name, bytes).map_err(|e| vec![e.to_string()])?;
    check_module(
        &save,
        &save_name,
        &module,
        &module_path.display().to_string(),
    )
    .map_err(|e| vec![e.to_string()])?;
    let mpath = mapping_path
        .map(Path::to_path_buf)
        .unwrap_or_else(|| default_mapping(out));
    let (mapping, mline) = mapping_for(&rs, &module, &[&save], &mpath)?;
    let conv = crate::vassal::convert::to_position(&rs, &module, &save, &mapping, &save_name);
    write_atomic(out, conv.public.as_bytes()).map_err(|e| vec![e.to_string()])?;
    let private_path = position::private_path(out);
    if let Some(p) = &conv.private {
        write_atomic(&private_path, p.as_bytes()).map_err(|e| vec![e.to_string()])?;
    }
    let mut r = Report {
        ok: true,
        ..Report::default()
    };
    r.lines.push(format!(
        "{save_name} (module {} {}) -> {}{}",
        module.name,
        module.version,
        out.display(),
        if conv.private.is_some() {
            format!(
                " and {} (private: the Empire's hidden choice; keep it from the players)",
                private_path.display()
            )
        } else {
            String::new()
        }
    ));
    r.lines.push(mline);
    if !mapping.module.is_empty() && !mapping.module.eq_ignore_ascii_case(&module.name) {
        r.lines.push(format!(
            "note: the mapping was written for the module `{}`, this is `{}`",
            mapping.module, module.name
        ));
    }
    r.lines.extend(conv.summary.lines());
    for (p, region) in &conv.vp_markers {
        r.lines.push(format!(
            "  {p}'s VP marker stands on \"{region}\" (VP totals follow from the position; put VP from events in [vp])"
        ));
    }
    if !conv.notes.is_empty() {
        r.ok = false;
        r.lines
            .push(format!("{} thing(s) to look at:", conv.notes.len()));
        r.lines.extend(conv.notes.iter().map(|n| format!("  {n}")));
    }
    let out_name = out.display().to_string();
    let private_name = private_path.display().to_string();
    let checked = position::import(
        &rs,
        Source {
            name: &out_name,
            text: &conv.public,
        },
        conv.private.as_deref().map(|text| Source {
            name: &private_name,
            text,
        }),
        0,
    );
    match checked {
        Ok(g) => r.lines.push(format!(
            "{out_name}: a good position (turn {}); `vqbot position check` and `setup` take it as it is",
            g.turn
        )),
        Err(ps) => {
            r.ok = false;
            r.lines.push(format!(
                "{out_name}: the position has {} problem(s) to fix before `setup`:",
                ps.len()
            ));
            r.lines.extend(ps.iter().map(|p| format!("  {p}")));
        }
    }
    Ok(r)
}

/// `vqbot vassal data MODULE --out DIR [--mapping M]`.
pub fn data(
    module_path: &Path,
    out: &Path,
    mapping_path: Option<&Path>,
) -> Result<Report, Vec<String>> {
    let rs = load_rs().map_err(|e| vec![e])?;
    let (module, mut archive) = open_module(module_path).map_err(|e| vec![e])?;
    std::fs::create_dir_all(out).map_err(|e| vec![format!("{}: {e}", out.display())])?;
    let mpath = mapping_path
        .map(Path::to_path_buf)
        .unwrap_or_else(|| out.join("vassal-mapping.toml"));
    // the setups' pieces name the mapping too
    let mut setups = Vec::new();
    for s in &module.setups {
        if let Some(file) = &s.file {
            if let Ok(Some(bytes)) = archive.read(file, crate::vassal::archive::MAX_NESTED_BYTES) {
                let name = format!("{}!{file}", module_path.display());
                if let Ok(mut nested) = crate::vassal::archive::Archive::open(&name, bytes) {
                    if let Ok(save) = crate::vassal::save::read_save_archive(&mut nested) {
                        setups.push(save);
                    }
                }
            }
        }
    }
    let refs: Vec<&Save> = setups.iter().collect();
    let (mapping, mline) = mapping_for(&rs, &module, &refs, &mpath)?;
    let base = crate::data::default_dir();
    let ov = crate::vassal::data::write_overlay(&rs, &base, &module, &mut archive, &mapping, out)
        .map_err(|e| vec![e.to_string()])?;
    let mut r = Report {
        ok: true,
        ..Report::default()
    };
    let regions: usize = module
        .maps
        .iter()
        .filter(|m| !m.private)
        .map(|m| m.regions.len())
        .sum();
    r.lines.push(format!(
        "{} (module {} {}, {}): {} maps, {} named regions, {} pieces, {} decks ({} cards), {} setups",
        module_path.display(),
        module.name,
        module.version,
        module.build_file,
        module.maps.len(),
        regions,
        module.pieces.len(),
        module.decks.len(),
        module.decks.iter().map(|d| d.cards.len()).sum::<usize>(),
        module.setups.len()
    ));
    r.lines.push(mline);
    r.lines.push(format!(
        "{}: {} files; {} card rows and {} leader rows from the module (source `owner`)",
        out.display(),
        ov.files.len(),
        ov.cards,
        ov.leaders
    ));
    for (name, path, s) in &ov.setups {
        r.lines
            .push(format!("setup \"{name}\" -> {}", path.display()));
        r.lines
            .extend(s.lines().into_iter().map(|l| format!("  {l}")));
    }
    if !ov.notes.is_empty() {
        r.ok = false;
        r.lines
            .push(format!("{} thing(s) to look at:", ov.notes.len()));
        r.lines.extend(ov.notes.iter().map(|n| format!("  {n}")));
    }
    match crate::data::load(out) {
        Ok(_) => r.lines.push(format!(
            "{}: check-data passes; use it with VQBOT_DATA={}",
            out.display(),
            out.display()
        )),
        Err(ps) => {
            r.ok = false;
            r.lines.push(format!(
                "{}: check-data finds {} problem(s); run `vqbot check-data {}`",
                out.display(),
                ps.len(),
                out.display()
            ));
        }
    }
    Ok(r)
}

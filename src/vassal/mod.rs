//! Bringing a game in from VASSAL: a group's own module (`.vmod`) becomes an overlay of the game
//! data, and its save (`.vsav`) a position file (docs/position.md).
//!
//! Everything runs on the group's machine and writes only where it is told: vqbot ships no
//! Virgin Queen content. The steps are [`module::read_module`] (build file, maps and regions,
//! pieces, decks, setups), [`save::read_save`] (the obfuscated command stream), a
//! [`mapping`] from the module's names to our ids (written by the tool, corrected by the group),
//! and [`convert::to_position`]. [`synth`] writes files in VASSAL's format, for tests and the
//! benchmark.

pub mod archive;
pub mod convert;
pub mod data;
pub mod encoding;
pub mod mapping;
pub mod module;
pub mod pieces;
pub mod save;
pub mod synth;

/// Why a VASSAL file was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum VassalError {
    /// Not a VASSAL module or save at all.
    #[error("{0}")]
    NotVassal(String),
    /// A save made with another module.
    #[error("{0}")]
    OtherModule(String),
    /// An unknown or newer format, or a damaged file.
    #[error("{0}")]
    Format(String),
    /// A bound was passed (entries, bytes, elements).
    #[error("{0}")]
    Limit(String),
    /// The build file is not well-formed XML.
    #[error("{0}")]
    Xml(String),
    /// Reading or writing a file failed.
    #[error("{0}")]
    Io(String),
}

/// The most bytes a `.vmod` or `.vsav` file may have.
pub const MAX_FILE_BYTES: u64 = 1024 * 1024 * 1024;

/// Reads a whole file within [`MAX_FILE_BYTES`].
pub fn read_file(path: &std::path::Path) -> Result<Vec<u8>, VassalError> {
    let meta =
        std::fs::metadata(path).map_err(|e| VassalError::Io(format!("{}: {e}", path.display())))?;
    if meta.len() > MAX_FILE_BYTES {
        return Err(VassalError::Limit(format!(
            "{} has {} MiB; at most {} MiB are read",
            path.display(),
            meta.len() / (1024 * 1024),
            MAX_FILE_BYTES / (1024 * 1024)
        )));
    }
    std::fs::read(path).map_err(|e| VassalError::Io(format!("{}: {e}", path.display())))
}

/// Writes `text` to `path` through a temporary file in the same folder and a rename, so a
/// reader never sees half a file.
pub fn write_atomic(path: &std::path::Path, bytes: &[u8]) -> Result<(), VassalError> {
    let io = |e: std::io::Error| VassalError::Io(format!("{}: {e}", path.display()));
    let dir = path
        .parent()
        .filter(|d| !d.as_os_str().is_empty())
        .unwrap_or(std::path::Path::new("."));
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| "out".into());
    let tmp = dir.join(format!(".{name}.{}.tmp", std::process::id()));
    std::fs::write(&tmp, bytes).map_err(io)?;
    std::fs::rename(&tmp, path).map_err(|e| {
        let _ = std::fs::remove_file(&tmp);
        io(e)
    })
}

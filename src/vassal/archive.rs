//! Reading a VASSAL file's zip archive within bounds: at most [`MAX_ENTRIES`] entries, and no
//! entry read past its own limit, whatever its header claims (a zip bomb stops at the bound).

use std::io::{Cursor, Read};

use super::VassalError;

/// The most entries an archive may list (a module holds its images too).
pub const MAX_ENTRIES: usize = 100_000;
/// The most bytes one text entry (a build file, a saved game) may unpack to.
pub const MAX_TEXT_BYTES: u64 = 64 * 1024 * 1024;
/// The most bytes a nested archive (a predefined setup inside a module) may unpack to.
pub const MAX_NESTED_BYTES: u64 = 64 * 1024 * 1024;

/// An opened archive.
#[derive(Debug)]
pub struct Archive {
    zip: zip::ZipArchive<Cursor<Vec<u8>>>,
    /// File name for messages.
    pub name: String,
}

impl Archive {
    /// Opens the bytes of a zip file named `name`.
    pub fn open(name: &str, bytes: Vec<u8>) -> Result<Archive, VassalError> {
        if !bytes.starts_with(b"PK") {
            return Err(VassalError::NotVassal(format!(
                "{name} is not a VASSAL file: VASSAL modules (.vmod) and saves (.vsav) are zip \
                 archives, and this file is not one"
            )));
        }
        let zip = zip::ZipArchive::new(Cursor::new(bytes)).map_err(|e| {
            VassalError::NotVassal(format!("{name} is not a readable zip archive ({e})"))
        })?;
        if zip.len() > MAX_ENTRIES {
            return Err(VassalError::Limit(format!(
                "{name} lists {} entries; at most {MAX_ENTRIES} are read",
                zip.len()
            )));
        }
        Ok(Archive {
            zip,
            name: name.to_string(),
        })
    }

    /// Whether the archive has an entry of this exact name.
    pub fn has(&self, entry: &str) -> bool {
        self.zip.index_for_name(entry).is_some()
    }

    /// The bytes of one entry, at most `limit` of them; `None` if there is no such entry.
    pub fn read(&mut self, entry: &str, limit: u64) -> Result<Option<Vec<u8>>, VassalError> {
        let Some(i) = self.zip.index_for_name(entry) else {
            return Ok(None);
        };
        let name = self.name.clone();
        let f = self
            .zip
            .by_index(i)
            .map_err(|e| VassalError::Format(format!("{name}: entry `{entry}`: {e}")))?;
        let mut out = Vec::new();
        f.take(limit + 1)
            .read_to_end(&mut out)
            .map_err(|e| VassalError::Format(format!("{name}: entry `{entry}`: {e}")))?;
        if out.len() as u64 > limit {
            return Err(VassalError::Limit(format!(
                "{name}: entry `{entry}` unpacks to more than {} MiB; refused (a damaged file or \
                 a zip bomb)",
                limit / (1024 * 1024)
            )));
        }
        Ok(Some(out))
    }

    /// One entry as UTF-8 text (a byte-order mark is dropped).
    pub fn read_text(&mut self, entry: &str) -> Result<Option<String>, VassalError> {
        let Some(bytes) = self.read(entry, MAX_TEXT_BYTES)? else {
            return Ok(None);
        };
        let bytes = bytes
            .strip_prefix(&[0xEF, 0xBB, 0xBF])
            .map(<[u8]>::to_vec)
            .unwrap_or(bytes);
        String::from_utf8(bytes)
            .map(Some)
            .map_err(|_| VassalError::Format(format!("{}: `{entry}` is not UTF-8 text", self.name)))
    }
}

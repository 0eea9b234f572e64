//! Reading a VASSAL save (`.vsav`): a zip whose `savedGame` entry is the obfuscated stream of
//! commands that rebuilds the game — one "add piece" per piece, stack and deck — and whose
//! `moduledata` names the module it was saved with.

use super::archive::Archive;
use super::encoding::{commands, deobfuscate};
use super::module::{parse_metadata, Metadata, Module};
use super::pieces::{parse_add, Added, Piece};
use super::VassalError;

/// The saved game's entry in a save's archive.
pub const SAVED_GAME: &str = "savedGame";
/// The newest save metadata layout this reader knows.
pub const SAVE_DATA_VERSION: u32 = 1;

/// A deck in a save: its name, map and cards (ids, bottom first).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SavedDeck {
    /// The deck's name.
    pub name: String,
    /// The map it lies on.
    pub map: Option<String>,
    /// Ids of its cards, bottom first (the last is drawn next).
    pub members: Vec<String>,
}

/// A stack in a save: where it stands and its pieces (ids, bottom first).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SavedStack {
    /// The map it stands on.
    pub map: Option<String>,
    /// Position.
    pub x: i32,
    /// Position.
    pub y: i32,
    /// Ids of its pieces, bottom first.
    pub members: Vec<String>,
}

/// A saved game, as far as vqbot reads it.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Save {
    /// The module it was saved with (from the save's copy of the module's metadata).
    pub module: Metadata,
    /// Every piece, in the order of the save.
    pub pieces: Vec<Piece>,
    /// Stacks.
    pub stacks: Vec<SavedStack>,
    /// Decks.
    pub decks: Vec<SavedDeck>,
    /// Commands that are not about pieces (global properties, the turn counter …).
    pub other_commands: usize,
}

/// Reads a save from the bytes of its `.vsav` file.
pub fn read_save(name: &str, bytes: Vec<u8>) -> Result<Save, VassalError> {
    let mut ar = Archive::open(name, bytes)?;
    read_save_archive(&mut ar)
}

/// Reads a save from an opened archive (a `.vsav`, or a setup inside a module).
pub fn read_save_archive(ar: &mut Archive) -> Result<Save, VassalError> {
    let name = ar.name.clone();
    let Some(raw) = ar.read(SAVED_GAME, super::archive::MAX_TEXT_BYTES)? else {
        if ar.has(super::module::BUILD_FILE) || ar.has(super::module::BUILD_FILE_OLD) {
            return Err(VassalError::NotVassal(format!(
                "{name} is a VASSAL module, not a saved game; give the save (.vsav) first and the \
                 module with --module"
            )));
        }
        return Err(VassalError::NotVassal(format!(
            "{name} is a zip archive but not a VASSAL save: it has no `{SAVED_GAME}` entry"
        )));
    };
    if let Some(meta) = ar.read_text("savedata")? {
        let md = parse_metadata(&meta);
        if let Ok(v) = md.data_version.trim().parse::<u32>() {
            if v > SAVE_DATA_VERSION {
                return Err(VassalError::Format(format!(
                    "{name} was saved in a newer save format (version {v}; this vqbot reads \
                     version {SAVE_DATA_VERSION}); nothing was read"
                )));
            }
        }
    }
    let text = deobfuscate(&raw).map_err(|e| VassalError::Format(format!("{name}: {e}")))?;
    let mut save = parse_saved_game(&name, &text)?;
    if let Some(meta) = ar.read_text("moduledata")? {
        save.module = parse_metadata(&meta);
    }
    Ok(save)
}

/// Reads the deobfuscated text of a saved game.
pub fn parse_saved_game(name: &str, text: &str) -> Result<Save, VassalError> {
    let cmds = commands(text);
    if cmds.first().map(String::as_str) != Some("begin_save") {
        return Err(VassalError::NotVassal(format!(
            "{name}: the saved game does not begin with VASSAL's `begin_save`; it is not a saved \
             game (a log file .vlog is not read either: save the game from VASSAL)"
        )));
    }
    let mut save = Save::default();
    for (i, c) in cmds.iter().enumerate() {
        match parse_add(c) {
            Some(Ok(Added::Piece(p))) => save.pieces.push(p),
            Some(Ok(Added::Stack {
                map, x, y, members, ..
            })) => save.stacks.push(SavedStack { map, x, y, members }),
            Some(Ok(Added::Deck {
                name: deck,
                map,
                members,
                ..
            })) => save.decks.push(SavedDeck {
                name: deck,
                map,
                members,
            }),
            Some(Err(e)) => {
                return Err(VassalError::Format(format!(
                    "{name}: command {} of the saved game is damaged: {e}",
                    i + 1
                )))
            }
            None => save.other_commands += 1,
        }
    }
    Ok(save)
}

/// Refuses a save made with another module than `m`.
pub fn check_module(
    save: &Save,
    save_name: &str,
    m: &Module,
    module_name: &str,
) -> Result<(), VassalError> {
    let (a, b) = (save.module.name.trim(), m.name.trim());
    if !a.is_empty() && !b.is_empty() && !a.eq_ignore_ascii_case(b) {
        return Err(VassalError::OtherModule(format!(
            "{save_name} was saved with the module `{a}`, but {module_name} is `{b}`; give the \
             module the game is played with"
        )));
    }
    Ok(())
}

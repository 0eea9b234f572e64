//! Position files: a whole game state as plain, hand-editable TOML (see `docs/position.md`).
//!
//! A position has two parts. The *public* file holds everything the players may know or that the
//! group setting the game up writes down (turn, phase, map, diplomacy, cards, hands …). The
//! *private* file holds what no player may read: the Empire's secret choice while it is hidden,
//! and the state of the random generator (so that an exported game rolls the same dice).
//!
//! [`export`] writes both parts of a [`Game`]; [`import`] reads them back, checks every value
//! against the ruleset and returns either the game or every problem found, each with its file
//! and line (the same [`Problem`] type as `vqbot check-data`). Nothing is created on a problem.
//!
//! Adding a field to `Game` (or `Board`): both [`write`] and [`read`] name every field of `Game`
//! without `..`, so the compiler points at the two places to extend; the round-trip test
//! (`tests/position_roundtrip.rs`) compares full state hashes and catches a field that is written
//! but not read back.

mod read;
mod write;

pub use crate::data::Problem;
pub use read::import;
pub use write::export;

/// Version of the position file layout (`format = 1` in both parts).
pub const POSITION_FORMAT: u32 = 1;

/// The two texts of an exported position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Exported {
    /// The public file.
    pub public: String,
    /// The private file (the Empire's hidden choice and the random generator).
    pub private: String,
}

/// One input text: its name (for messages) and contents.
#[derive(Debug, Clone, Copy)]
pub struct Source<'a> {
    /// File name shown in problems.
    pub name: &'a str,
    /// The TOML text.
    pub text: &'a str,
}

/// The phase names a position accepts, in turn order.
pub const PHASES: &[&str] = &["diplomacy", "spring_deployment", "action", "winter", "over"];

/// The steps each phase accepts (the first is the default, see `docs/position.md`).
pub fn steps(phase: &str) -> &'static [&'static str] {
    match phase {
        "diplomacy" => &["negotiate"],
        "spring_deployment" => &["deployment", "secret_choice"],
        "action" => &[
            "impulse",
            "spend_cp",
            "send_to_war",
            "huguenot_capital",
            "conversion_six",
        ],
        // `withdraw_leaders`: Winter about to begin with the Protestant's question (the default,
        // as format 1 wrote it); `winter`: Winter under way, its frame in `[engine] steps`.
        "winter" => &["withdraw_leaders", "winter"],
        "over" => &["over"],
        _ => &[],
    }
}

/// The private file's name next to a public one: `camp.toml` → `camp.private.toml`.
pub fn private_path(public: &std::path::Path) -> std::path::PathBuf {
    let stem = public
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_else(|| "position".into());
    public.with_file_name(format!("{stem}.private.toml"))
}

//! Map images and charts for the table (issue 6).
//!
//! [`render_map`] draws the Europe map, the world inset, the turn and phase, the VP track and a
//! legend as an 8-bit palette PNG, marking what changed since the previous map;
//! [`render_closeup`] draws the region of those changes zoomed in, to read at Discord's preview
//! width; [`render_vp_chart`] draws victory points over turns. Both are CPU-bound
//! (tens of milliseconds) and meant to run on a blocking thread. [`layout`] exposes where every
//! symbol and label goes, so tests can check the map's structure without looking at pixels.
//!
//! Shapes are drawn with plotters at `supersample`× size and box-filtered down; text is drawn
//! afterwards at output size from the embedded DejaVu Sans Condensed, with the same metrics the
//! layout used to measure it.

mod chart;
mod font;
mod frame;
mod geom;
mod layout;
mod legend;
mod map;
mod paint;
mod palette;
mod raster;
mod style;

pub use chart::{render_vp_chart, vp_by_turn};
pub use frame::{
    render_closeups, render_pictures, MapCache, Pictures, MAX_CLOSEUPS, MAX_ZOOM, MIN_ZOOM,
};
pub use geom::Rect;
pub use layout::{
    changed_spaces, layout, zone_tally, Conflict, MapLayout, MarkerLayout, Panel, PanelKind,
    SpaceLayout, StackLayout, SymbolShape, TextBox, WorldLayout, ZoneTally, BESIEGER_MARK,
};
pub use map::{render_closeup, render_map, Closeup, CLOSEUP_MARGIN, CLOSEUP_SIZE};

use crate::engine::board::Board;
use crate::engine::power::Power;
use crate::engine::ruleset::Ruleset;

/// Language of the names and words on an image: the table's locale.
pub use crate::locale::Locale;

/// What the map shows: the game state and the heading.
#[derive(Debug, Clone)]
pub struct MapScene<'a> {
    /// The game's content.
    pub rs: &'a Ruleset,
    /// The map state.
    pub board: &'a Board,
    /// Turn number.
    pub turn: u8,
    /// Phase name, already localized.
    pub phase: String,
    /// The power whose impulse it is, if any.
    pub active: Option<Power>,
    /// Victory points by [`Power`] index.
    pub vp: [i32; 6],
    /// Language of names and legend.
    pub locale: Locale,
    /// The board of the previous map posted: spaces and stacks that differ are marked, and a
    /// close-up shows them. `None`: nothing is marked.
    pub previous: Option<&'a Board>,
    /// Captured leaders (ids) and the powers holding them, shown in a panel.
    pub captured: &'a [(String, Power)],
    /// Lines of the diplomatic-influence panel (heading first; X-INF-*), already localized;
    /// empty: no panel.
    pub influence: Vec<String>,
}

/// PNG compression effort.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Compression {
    /// fdeflate: the default; about 1 MB for the full map in a few milliseconds.
    #[default]
    Fast,
    /// zlib level 6: about 25% smaller, but encoding takes about 60 ms more.
    Balanced,
    /// zlib level 9: much slower, barely smaller than `Balanced`.
    Best,
}

/// How to render.
#[derive(Debug, Clone, PartialEq)]
pub struct RenderOptions {
    /// Output pixels per pixel of the 2400×1600 Europe canvas (0.25 to 2).
    pub scale: f32,
    /// Supersampling factor for shapes (1 to 4); 2 gives smooth edges.
    pub supersample: u32,
    /// PNG compression.
    pub compression: Compression,
}

impl Default for RenderOptions {
    fn default() -> Self {
        RenderOptions {
            scale: 1.0,
            supersample: 2,
            compression: Compression::Fast,
        }
    }
}

impl RenderOptions {
    /// Output size in pixels.
    pub fn size(&self) -> (u32, u32) {
        (
            (style::EUROPE_W * self.scale).round() as u32,
            (style::EUROPE_H * self.scale).round() as u32,
        )
    }

    fn validate(&self) -> Result<(), RenderError> {
        if !(0.25..=2.0).contains(&self.scale) {
            return Err(RenderError::Options(format!(
                "scale {} is outside 0.25..=2",
                self.scale
            )));
        }
        if !(1..=4).contains(&self.supersample) {
            return Err(RenderError::Options(format!(
                "supersample {} is outside 1..=4",
                self.supersample
            )));
        }
        Ok(())
    }
}

/// Why an image could not be made.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RenderError {
    /// Options out of range.
    #[error("bad render options: {0}")]
    Options(String),
    /// The board does not belong to the ruleset.
    #[error("board and ruleset do not match: {0}")]
    Mismatch(String),
    /// The embedded font could not be parsed.
    #[error("the embedded font could not be read")]
    Font,
    /// plotters reported an error.
    #[error("drawing failed: {0}")]
    Draw(String),
    /// The PNG encoder reported an error.
    #[error("PNG encoding failed: {0}")]
    Encode(String),
}

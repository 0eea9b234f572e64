//! Where everything on the map goes: symbols, markers, unit stacks, labels and panels.
//!
//! The layout is computed before any pixel is drawn, from the ruleset, the board and the font
//! metrics alone, so tests can check it (each space once, no label overlapping another label or a
//! symbol) without rendering. All coordinates are output pixels.

use super::font::{Fonts, Weight};
use super::geom::Rect;
use super::legend;
use super::style::{self, size, Rgb};
use super::{Locale, MapScene, RenderError, RenderOptions};
use crate::engine::board::Board;
use crate::engine::board::{Force, MarkerShape};
use crate::engine::power::{Home, Owner, Power, Religion, ReligiousZone, SpaceType};
use crate::engine::ruleset::{Ruleset, SpaceId, WorldKind};

/// The printed shape of a space symbol.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SymbolShape {
    /// Unfortified space.
    Circle,
    /// Key.
    Square,
    /// A key that is a capital: double square.
    Capital,
    /// Fortress.
    Star,
}

/// A control marker drawn on a space.
#[derive(Debug, Clone, PartialEq)]
pub struct MarkerLayout {
    /// Square on keys, hex elsewhere.
    pub shape: MarkerShape,
    /// The marker's box.
    pub rect: Rect,
    /// Fill colour: the controller's, or the Protestant faction's.
    pub color: Rgb,
    /// Protestant face (white centre).
    pub protestant: bool,
}

/// A piece of text and the box it is drawn in (background included).
#[derive(Debug, Clone, PartialEq)]
pub struct TextBox {
    /// The text.
    pub text: String,
    /// The box, padding included.
    pub rect: Rect,
    /// Font size in output pixels.
    pub px: f32,
}

/// One Europe space.
#[derive(Debug, Clone, PartialEq)]
pub struct SpaceLayout {
    /// Which space.
    pub space: SpaceId,
    /// Centre of the symbol.
    pub center: (f32, f32),
    /// Shape drawn.
    pub shape: SymbolShape,
    /// Half the symbol's size (radius for circles and stars).
    pub half: f32,
    /// The symbol's box, siege ring included.
    pub symbol: Rect,
    /// Fill of the symbol: the home power's colour, faint.
    pub home_fill: Rgb,
    /// Whether the symbol shows a Protestant centre without a marker (printed Protestant).
    pub printed_protestant: bool,
    /// The control marker, if the space has one.
    pub marker: Option<MarkerLayout>,
    /// The port anchor's box, for ports.
    pub port: Option<Rect>,
    /// The unrest badge's box.
    pub unrest: Option<Rect>,
    /// Besieging power's colour, if under siege.
    pub siege: Option<Rgb>,
    /// The space's religion is Protestant (drawn as a shaded disc around it, visible at preview
    /// size).
    pub protestant: bool,
    /// The space changed since the previous map (drawn with a highlight ring).
    pub changed: bool,
    /// The name label.
    pub label: TextBox,
    /// Whether the label position came from the data's `label_dx`/`label_dy`, which give the
    /// label centre relative to the space centre in Europe-canvas pixels.
    pub label_fixed: bool,
    /// A port whose controller has enemy ships in a sea zone by it (C-ASSAULT-PREREQ sea part):
    /// the anchor is drawn red.
    pub blockaded: bool,
}

/// One power's unit counter in a space.
#[derive(Debug, Clone, PartialEq)]
pub struct StackLayout {
    /// Where.
    pub space: SpaceId,
    /// Whose.
    pub owner: Owner,
    /// Counter colour.
    pub color: Rgb,
    /// For Protestant units, the faction colour shown as a stripe.
    pub stripe: Option<Rgb>,
    /// The counter's box (leader chip included).
    pub rect: Rect,
    /// Unit text, e.g. `3R 1M 2S`.
    pub units: String,
    /// Leader chip text (flag and count), empty without leaders.
    pub leaders: String,
    /// Where the leader chip starts (x), if any.
    pub leader_x: Option<f32>,
    /// This force besieges the space from outside its walls (its text starts with
    /// [`BESIEGER_MARK`]).
    pub besieger: bool,
    /// The force changed since the previous map (outlined in the highlight colour).
    pub changed: bool,
    /// A fleet at sea: the sea-zone id (its counter sits beside the zone's label; `space` is
    /// then meaningless).
    pub zone: Option<String>,
}

/// A settlement or ocean zone of the world inset.
#[derive(Debug, Clone, PartialEq)]
pub struct WorldLayout {
    /// Data id.
    pub id: String,
    /// Settlement or ocean.
    pub kind: WorldKind,
    /// Position.
    pub center: (f32, f32),
    /// The triangle's box, for settlements.
    pub symbol: Option<Rect>,
    /// The name.
    pub label: TextBox,
}

/// A fixed panel of the image.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PanelKind {
    /// Turn, phase and acting power.
    Title,
    /// The legend.
    Legend,
    /// The victory point track.
    VpTrack,
    /// The world map inset.
    WorldInset,
    /// Captured leaders and who holds them (only when there are any).
    Captured,
}

/// A panel's box.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Panel {
    /// Which panel.
    pub kind: PanelKind,
    /// Its box.
    pub rect: Rect,
}

/// Everything placed on the map image.
#[derive(Debug, Clone)]
pub struct MapLayout {
    /// Image width in pixels.
    pub width: u32,
    /// Image height in pixels.
    pub height: u32,
    /// Output pixels per Europe-canvas pixel.
    pub scale: f32,
    /// Europe spaces, each exactly once, in ruleset order.
    pub spaces: Vec<SpaceLayout>,
    /// Unit counters.
    pub stacks: Vec<StackLayout>,
    /// Sea zone names.
    pub sea_labels: Vec<TextBox>,
    /// World inset elements.
    pub world: Vec<WorldLayout>,
    /// Fixed panels.
    pub panels: Vec<Panel>,
    /// Title text.
    pub title: TextBox,
    /// Lines of the captured-leaders panel (heading first), empty without captured leaders.
    pub captured: Vec<TextBox>,
    /// Spaces Protestant and Catholic in each religious zone (R-REL-ZONES), shown in the legend.
    pub zone_tally: Vec<ZoneTally>,
}

/// How many spaces of a religious zone are Protestant and Catholic.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ZoneTally {
    /// The zone.
    pub zone: ReligiousZone,
    /// Protestant spaces.
    pub protestant: usize,
    /// Catholic spaces.
    pub catholic: usize,
}

/// The four zones of religious struggle with their Protestant and Catholic spaces (R-REL-ZONES).
pub fn zone_tally(rs: &Ruleset, board: &Board) -> Vec<ZoneTally> {
    [
        ReligiousZone::England,
        ReligiousZone::Scotland,
        ReligiousZone::France,
        ReligiousZone::Netherlands,
    ]
    .into_iter()
    .map(|zone| {
        let mut t = ZoneTally {
            zone,
            protestant: 0,
            catholic: 0,
        };
        for id in rs.space_ids().filter(|&id| rs.space(id).zone == zone) {
            match board.religion(rs, id) {
                Religion::Protestant => t.protestant += 1,
                Religion::Catholic => t.catholic += 1,
            }
        }
        t
    })
    .collect()
}

/// Spaces whose state (control, religion, units, leaders, unrest, siege, capital) differs
/// between two boards of the same ruleset; all of them when the sizes differ.
pub fn changed_spaces(rs: &Ruleset, before: &Board, after: &Board) -> Vec<SpaceId> {
    let capital = |b: &Board, id: SpaceId| {
        b.capitals.iter().flatten().any(|&c| c == id)
            || b.protestant_capitals.iter().flatten().any(|&c| c == id)
    };
    rs.space_ids()
        .filter(|&id| {
            let (a, b) = (before.spaces.get(id.idx()), after.spaces.get(id.idx()));
            a != b || capital(before, id) != capital(after, id)
        })
        .collect()
}

/// The short name of a leader for unit counters: the data's short name, else the id in
/// title case.
pub(crate) fn leader_short(rs: &Ruleset, id: &str, locale: Locale) -> String {
    if let Some(l) = rs.leaders.iter().find(|l| l.id == id) {
        let short = match locale {
            Locale::Ru => &l.short_ru,
            Locale::En => &l.short_en,
        };
        if !short.is_empty() {
            return short.clone();
        }
    }
    id.split('_')
        .map(|w| {
            let mut c = w.chars();
            match c.next() {
                Some(f) => f
                    .to_uppercase()
                    .chain(c.flat_map(char::to_lowercase))
                    .collect(),
                None => String::new(),
            }
        })
        .collect::<Vec<String>>()
        .join(" ")
}

/// Prefix of a besieging force's counter text: it stands outside the walls.
pub const BESIEGER_MARK: &str = "⚔";

/// Two boxes that should not overlap but do.
#[derive(Debug, Clone, PartialEq)]
pub struct Conflict {
    /// What the first box is (`label PARIS`, `symbol LYON` …).
    pub a: String,
    /// What the second box is.
    pub b: String,
    /// Shared area in square pixels.
    pub area: f32,
}

impl MapLayout {
    /// The panel of a kind.
    pub fn panel(&self, kind: PanelKind) -> Option<Rect> {
        self.panels.iter().find(|p| p.kind == kind).map(|p| p.rect)
    }

    /// Every label box with a name for reports: space, sea and world labels.
    pub fn labels(&self) -> Vec<(String, Rect)> {
        let mut v: Vec<(String, Rect)> = Vec::new();
        for s in &self.spaces {
            v.push((format!("label {}", s.label.text), s.label.rect));
        }
        for t in &self.sea_labels {
            v.push((format!("sea {}", t.text), t.rect));
        }
        for w in &self.world {
            v.push((format!("world {}", w.label.text), w.label.rect));
        }
        v
    }

    /// Every symbol box: spaces (with siege rings), port anchors, unrest badges, unit counters
    /// and settlements.
    pub fn symbols(&self) -> Vec<(String, Rect)> {
        let mut v = Vec::new();
        for s in &self.spaces {
            let name = &s.label.text;
            v.push((format!("symbol {name}"), s.symbol));
            if let Some(p) = s.port {
                v.push((format!("port {name}"), p));
            }
            if let Some(u) = s.unrest {
                v.push((format!("unrest {name}"), u));
            }
        }
        for st in &self.stacks {
            v.push((format!("units {} in {}", st.owner, st.space.0), st.rect));
        }
        for w in &self.world {
            if let Some(r) = w.symbol {
                v.push((format!("settlement {}", w.label.text), r));
            }
        }
        v
    }

    /// Label–label, label–symbol and label–panel overlaps (a label may sit inside the panel it
    /// belongs to: world labels in the world inset).
    pub fn label_conflicts(&self) -> Vec<Conflict> {
        let labels = self.labels();
        let symbols = self.symbols();
        let mut out = Vec::new();
        for (i, (na, ra)) in labels.iter().enumerate() {
            for (nb, rb) in labels.iter().skip(i + 1) {
                if ra.overlaps(rb) {
                    out.push(conflict(na, nb, ra, rb));
                }
            }
            for (nb, rb) in &symbols {
                if ra.overlaps(rb) {
                    out.push(conflict(na, nb, ra, rb));
                }
            }
            let own_panel = na.starts_with("world ");
            for p in &self.panels {
                let allowed = own_panel && p.kind == PanelKind::WorldInset;
                if !allowed && ra.overlaps(&p.rect) {
                    out.push(conflict(na, &format!("panel {:?}", p.kind), ra, &p.rect));
                }
            }
        }
        out
    }

    /// Unit counters that overlap another space's symbol, another counter or a panel.
    pub fn stack_conflicts(&self) -> Vec<Conflict> {
        let mut out = Vec::new();
        for (i, st) in self.stacks.iter().enumerate() {
            let name = format!("units {} in {}", st.owner, st.space.0);
            for s in &self.spaces {
                if (st.zone.is_some() || s.space != st.space) && st.rect.overlaps(&s.symbol) {
                    out.push(conflict(
                        &name,
                        &format!("symbol {}", s.label.text),
                        &st.rect,
                        &s.symbol,
                    ));
                }
            }
            for o in self.stacks.iter().skip(i + 1) {
                if st.rect.overlaps(&o.rect) {
                    out.push(conflict(
                        &name,
                        &format!("units {} in {}", o.owner, o.space.0),
                        &st.rect,
                        &o.rect,
                    ));
                }
            }
            for p in &self.panels {
                if st.rect.overlaps(&p.rect) {
                    out.push(conflict(
                        &name,
                        &format!("panel {:?}", p.kind),
                        &st.rect,
                        &p.rect,
                    ));
                }
            }
        }
        out
    }
}

fn conflict(a: &str, b: &str, ra: &Rect, rb: &Rect) -> Conflict {
    Conflict {
        a: a.to_string(),
        b: b.to_string(),
        area: ra.overlap_area(rb),
    }
}

/// The name of a space, sea zone or world element in a locale.
pub(crate) fn local<'a>(locale: Locale, en: &'a str, ru: &'a str) -> &'a str {
    match locale {
        Locale::Ru if !ru.is_empty() => ru,
        _ => en,
    }
}

/// The colour that stands for an owner on markers and counters.
pub(crate) fn owner_color(rs: &Ruleset, o: Owner) -> Rgb {
    rs.color_of(o)
}

/// The faint fill of a space showing its home power.
fn home_color(rs: &Ruleset, h: Home) -> Rgb {
    match h {
        Home::Faction(f) => rs.faction_color(f),
        other => rs.color_of(other.owner()),
    }
}

/// Text on a unit counter, e.g. `3R 1M 2S`.
pub(crate) fn unit_text(f: &Force, letters: &[&str; 4]) -> String {
    let mut parts = Vec::new();
    for (n, l) in [f.regulars, f.mercenaries, f.cavalry, f.squadrons]
        .into_iter()
        .zip(letters.iter())
    {
        if n > 0 {
            parts.push(format!("{n}{l}"));
        }
    }
    parts.join(" ")
}

/// Text on a unit counter with corsairs too (`2S 3Co`), for naval stacks.
fn naval_text(f: &Force, w: &style::Words) -> String {
    let mut t = unit_text(f, &w.unit_letters);
    if f.corsairs > 0 {
        if !t.is_empty() {
            t.push(' ');
        }
        t.push_str(&format!("{}{}", f.corsairs, w.corsair_letter));
    }
    t
}

/// C-ASSAULT-PREREQ (sea part), for the map: a port controlled by a major power with ships of
/// one of its enemies in a sea zone by it.
fn blockaded(rs: &Ruleset, board: &Board, id: SpaceId) -> bool {
    let Owner::Major(c) = board.controller(rs, id) else {
        return false;
    };
    rs.space(id).ports.iter().any(|z| {
        board.seas.get(z).is_some_and(|v| {
            v.iter().any(|f| {
                f.ships() > 0 && board.stance(c, f.owner()) == crate::engine::board::Stance::Enemy
            })
        })
    })
}

/// The flag drawn on leader chips.
pub(crate) const LEADER_FLAG: &str = "⚑";

/// Computes the layout of a map scene.
pub fn layout(scene: &MapScene, opts: &RenderOptions) -> Result<MapLayout, RenderError> {
    layout_with(scene, opts, true)
}

/// The layout, with or without the panels (a close-up has none).
pub(crate) fn layout_with(
    scene: &MapScene,
    opts: &RenderOptions,
    with_panels: bool,
) -> Result<MapLayout, RenderError> {
    opts.validate()?;
    let rs = scene.rs;
    let board = scene.board;
    if board.spaces.len() != rs.spaces.len() {
        return Err(RenderError::Mismatch(format!(
            "the board has {} spaces, the ruleset {}",
            board.spaces.len(),
            rs.spaces.len()
        )));
    }
    let n = rs.spaces.len();
    if let Some(l) = rs.links.iter().find(|l| l.a.idx() >= n || l.b.idx() >= n) {
        return Err(RenderError::Mismatch(format!(
            "a connection names space {} or {}, but there are {n} spaces",
            l.a.0, l.b.0
        )));
    }
    let fonts = Fonts::get()?;
    let s = opts.scale;
    let words = style::words(scene.locale);
    let (width, height) = opts.size();
    let canvas = Rect::new(0.0, 0.0, width as f32, height as f32);
    let at = |p: (f32, f32)| (p.0 * s, p.1 * s);

    // Panels.
    let title_text = title_text(scene);
    let (tw, th) = fonts.measure(Weight::Bold, 22.0 * s, &title_text);
    let margin = 8.0 * s;
    let title_rect = Rect::sized(
        canvas.x1 - margin - tw - 24.0 * s - 34.0 * s,
        margin,
        tw + 24.0 * s + 34.0 * s,
        th + 14.0 * s,
    );
    let tally = zone_tally(rs, board);
    let (lw, lh) = legend::size(fonts, rs, &tally, scene.locale, s);
    let legend_rect = Rect::sized(canvas.x1 - margin - lw, title_rect.y1 + margin, lw, lh);
    let track_rect = Rect::new(
        640.0 * s,
        1452.0 * s,
        canvas.x1 - margin,
        canvas.y1 - margin,
    );
    let inset_origin = (4.0 * s, canvas.y1 - 4.0 * s - style::WORLD_H * s);
    let inset_rect = Rect::sized(
        inset_origin.0,
        inset_origin.1,
        style::WORLD_W * s,
        style::WORLD_H * s,
    );
    // Captured leaders, under the legend.
    let mut captured = Vec::new();
    let mut captured_rect = None;
    if !scene.captured.is_empty() || !scene.influence.is_empty() {
        let pad = 8.0 * s;
        let mut lines = Vec::new();
        if !scene.captured.is_empty() {
            lines.push((Weight::Bold, 15.0 * s, words.captured.to_string()));
        }
        for (id, captor) in scene.captured {
            let who = rs.power_info(captor.as_str()).map_or(captor.as_str(), |i| {
                local(scene.locale, &i.name_en, &i.name_ru)
            });
            let name = rs
                .leaders
                .iter()
                .find(|l| &l.id == id)
                .map_or(id.as_str(), |l| local(scene.locale, &l.name_en, &l.name_ru));
            lines.push((Weight::Regular, 14.0 * s, format!("{name} — {who}")));
        }
        // --- diplomatic influence (X-INF-*): heading, then one line per courted power.
        for (i, l) in scene.influence.iter().enumerate() {
            let (wt, px) = if i == 0 {
                (Weight::Bold, 15.0 * s)
            } else {
                (Weight::Regular, 14.0 * s)
            };
            lines.push((wt, px, l.clone()));
        }
        let w = lines
            .iter()
            .map(|(wt, px, t)| fonts.measure(*wt, *px, t).0)
            .fold(0.0f32, f32::max)
            + 2.0 * pad;
        let mut y = legend_rect.y1 + margin + pad;
        let x = canvas.x1 - margin - w;
        for (wt, px, text) in lines {
            let h = fonts.measure(wt, px, &text).1;
            captured.push(TextBox {
                text,
                rect: Rect::sized(x + pad, y, w - 2.0 * pad, h),
                px,
            });
            y += h + 4.0 * s;
        }
        captured_rect = Some(Rect::new(
            x,
            legend_rect.y1 + margin,
            canvas.x1 - margin,
            y + pad,
        ));
    }
    let mut panels = vec![
        Panel {
            kind: PanelKind::Title,
            rect: title_rect,
        },
        Panel {
            kind: PanelKind::Legend,
            rect: legend_rect,
        },
        Panel {
            kind: PanelKind::VpTrack,
            rect: track_rect,
        },
        Panel {
            kind: PanelKind::WorldInset,
            rect: inset_rect,
        },
    ];
    if let Some(rect) = captured_rect {
        panels.push(Panel {
            kind: PanelKind::Captured,
            rect,
        });
    }
    if !with_panels {
        panels.clear();
        captured.clear();
    }

    // Space symbols.
    let changed: Vec<SpaceId> = scene
        .previous
        .map_or_else(Vec::new, |prev| changed_spaces(rs, prev, board));
    let mut capitals: Vec<SpaceId> = board.capitals.iter().flatten().copied().collect();
    capitals.extend(board.protestant_capitals.iter().flatten());
    let mut spaces = Vec::with_capacity(rs.spaces.len());
    for id in rs.space_ids() {
        let sp = rs.space(id);
        let st = board.at(id);
        let center = at(sp.pos);
        let kind = board.space_type(rs, id);
        let (shape, half) = if capitals.contains(&id) {
            (SymbolShape::Capital, size::CAPITAL_HALF)
        } else {
            match kind {
                SpaceType::Key => (SymbolShape::Square, size::KEY_HALF),
                SpaceType::Fortress => (SymbolShape::Star, size::STAR_R),
                SpaceType::Unfortified => (SymbolShape::Circle, size::CIRCLE_R),
            }
        };
        let half = half * s;
        let siege = st.besieged_by.map(|p| owner_color(rs, Owner::Major(p)));
        let ring = if siege.is_some() {
            size::SIEGE_GAP * s + 4.0 * s
        } else {
            0.0
        };
        let symbol = Rect::around(center.0, center.1, half + ring, half + ring);
        let marker = board.marker_look(rs, id).map(|m| {
            let color = match (m.owner, m.faction) {
                (Owner::Major(Power::Protestant), Some(f)) => rs.faction_color(f),
                (o, _) => owner_color(rs, o),
            };
            let mh = match m.shape {
                MarkerShape::Square => size::SQUARE_MARKER_HALF,
                MarkerShape::Hex => size::HEX_R,
            } * s;
            MarkerLayout {
                shape: m.shape,
                rect: Rect::around(center.0, center.1, mh, mh),
                color,
                protestant: m.religion == Religion::Protestant,
            }
        });
        let printed_protestant = marker.is_none() && board.religion(rs, id) == Religion::Protestant;
        let port = port_anchor(rs, sp, center, half + ring, s);
        let unrest = st.unrest.then(|| {
            let r = size::UNREST_R * s;
            Rect::around(center.0 - half * 0.85, center.1 - half * 0.85, r, r)
        });
        let name = local(scene.locale, &sp.name_en, &sp.name_ru).to_string();
        spaces.push(SpaceLayout {
            space: id,
            center,
            shape,
            half,
            symbol,
            home_fill: style::tint(home_color(rs, sp.home), 0.55),
            printed_protestant,
            marker,
            port,
            unrest,
            siege,
            protestant: board.religion(rs, id) == Religion::Protestant,
            changed: changed.contains(&id),
            label: TextBox {
                text: name,
                rect: Rect::around(center.0, center.1, 0.0, 0.0),
                px: size::LABEL_PX * s,
            },
            label_fixed: false,
            blockaded: sp.is_port() && blockaded(rs, board, id),
        });
    }

    // Links, for the label placer's crossing penalty.
    let segments: Vec<((f32, f32), (f32, f32))> = rs
        .links
        .iter()
        .map(|l| (spaces[l.a.idx()].center, spaces[l.b.idx()].center))
        .collect();

    // Fixed obstacles.
    let mut obstacles: Vec<Rect> = Vec::new();
    for sl in &spaces {
        obstacles.push(sl.symbol);
        obstacles.extend(sl.port);
        obstacles.extend(sl.unrest);
    }
    obstacles.extend(panels.iter().map(|p| p.rect));

    // Sea labels: at their data positions, nudged to the nearest free spot if a symbol is there.
    let mut sea_labels = Vec::new();
    let mut sea_placer = Placer {
        obstacles: obstacles.clone(),
        placed: Vec::new(),
        segments: segments.clone(),
        bounds: canvas,
    };
    for z in &rs.sea_zones {
        let text = local(scene.locale, &z.name_en, &z.name_ru).to_string();
        let px = size::SEA_PX * s;
        let (w, h) = fonts.measure(Weight::Regular, px, &text);
        let rect = sea_placer.near(w + 4.0 * s, h, at(z.pos), 90.0 * s);
        sea_placer.placed.push(rect);
        sea_labels.push(TextBox { text, rect, px });
    }

    // --- naval warfare: fleets at sea, one counter per power beside the zone's label.
    let mut stacks: Vec<StackLayout> = Vec::new();
    let mut sea_boxes: Vec<Rect> = Vec::new();
    for (zone, forces) in &board.seas {
        let Some(zi) = rs.sea_zones.iter().position(|z| &z.id == zone) else {
            continue;
        };
        let label = sea_labels[zi].rect;
        let px = size::COUNTER_PX * s;
        let ch = size::COUNTER_H * s;
        let pad = 4.0 * s;
        let prev = scene.previous.and_then(|p| p.seas.get(zone));
        let mut group: Vec<StackLayout> = Vec::new();
        let mut gw: f32 = 0.0;
        for f in forces.iter().filter(|f| !f.is_empty()) {
            let units = naval_text(f, words);
            let leaders = if f.leaders.is_empty() {
                String::new()
            } else {
                let names: Vec<String> = f
                    .leaders
                    .iter()
                    .map(|l| leader_short(rs, l, scene.locale))
                    .collect();
                format!("{LEADER_FLAG}{}", names.join(", "))
            };
            let uw = if units.is_empty() {
                0.0
            } else {
                fonts.measure(Weight::Bold, px, &units).0 + 2.0 * pad
            };
            let lw = if leaders.is_empty() {
                0.0
            } else {
                fonts.measure(Weight::Bold, px, &leaders).0 + 2.0 * pad
            };
            let w = uw + lw;
            gw = gw.max(w);
            let changed =
                scene.previous.is_some() && !prev.is_some_and(|v| v.iter().any(|o| o == f));
            group.push(StackLayout {
                space: SpaceId(0),
                owner: f.owner(),
                color: owner_color(rs, f.owner()),
                stripe: None,
                rect: Rect::sized(0.0, 0.0, w, ch),
                units,
                leaders,
                leader_x: (lw > 0.0).then_some(uw),
                besieger: false,
                changed,
                zone: Some(zone.clone()),
            });
        }
        if group.is_empty() {
            continue;
        }
        let gap = 2.0 * s;
        let gh = group.len() as f32 * (ch + gap) - gap;
        let (cx, _) = label.center();
        let d = 2.0 * s;
        let candidates = [
            (cx - gw / 2.0, label.y1 + d),
            (cx - gw / 2.0, label.y0 - d - gh),
            (label.x1 + d, label.center().1 - gh / 2.0),
            (label.x0 - d - gw, label.center().1 - gh / 2.0),
            (cx - gw / 2.0, label.y1 + d + 12.0 * s),
            (cx - gw / 2.0, label.y0 - d - gh - 12.0 * s),
        ];
        let mut best = (f32::INFINITY, candidates[0]);
        for (i, &(x, y)) in candidates.iter().enumerate() {
            let r = Rect::sized(x, y, gw, gh);
            let mut score = i as f32;
            if !canvas.contains(&r) {
                score += 1e6;
            }
            for o in obstacles
                .iter()
                .chain(sea_boxes.iter())
                .chain(sea_labels.iter().map(|t| &t.rect))
            {
                let a = r.overlap_area(o);
                if a > 0.0 {
                    score += 1000.0 + a;
                }
            }
            if score < best.0 {
                best = (score, (x, y));
            }
        }
        let (x, y) = best.1;
        for (k, mut st) in group.into_iter().enumerate() {
            let w = st.rect.width();
            st.rect = Rect::sized(x + (gw - w) / 2.0, y + k as f32 * (ch + gap), w, ch);
            st.leader_x = st.leader_x.map(|lx| st.rect.x0 + lx);
            sea_boxes.push(st.rect);
            stacks.push(st);
        }
    }

    // Unit counters, placed before labels so that labels make way for them.
    let mut stack_boxes: Vec<Rect> = Vec::new();
    let mut sea_rects: Vec<Rect> = sea_labels.iter().map(|t| t.rect).collect();
    sea_rects.extend(sea_boxes.iter().copied());
    for sl in &spaces {
        let forces: Vec<&Force> = board
            .at(sl.space)
            .forces
            .iter()
            .filter(|f| !f.is_empty())
            .collect();
        if forces.is_empty() {
            continue;
        }
        let px = size::COUNTER_PX * s;
        let ch = size::COUNTER_H * s;
        let pad = 4.0 * s;
        let mut group: Vec<StackLayout> = Vec::new();
        let mut gw: f32 = 0.0;
        let here = board.at(sl.space);
        let before = scene.previous.and_then(|p| p.spaces.get(sl.space.idx()));
        for f in &forces {
            let besieger = here
                .besieged_by
                .is_some_and(|p| f.owner() == Owner::Major(p));
            let mut units = naval_text(f, words);
            if besieger {
                units = format!("{BESIEGER_MARK} {units}");
            }
            let leaders = if f.leaders.is_empty() {
                String::new()
            } else {
                let names: Vec<String> = f
                    .leaders
                    .iter()
                    .map(|l| leader_short(rs, l, scene.locale))
                    .collect();
                format!("{LEADER_FLAG}{}", names.join(", "))
            };
            let changed = before.is_some_and(|b| {
                !b.forces
                    .iter()
                    .any(|o| o.owner() == f.owner() && o.faction == f.faction && o == *f)
            });
            let uw = if units.is_empty() {
                0.0
            } else {
                fonts.measure(Weight::Bold, px, &units).0 + 2.0 * pad
            };
            let lw = if leaders.is_empty() {
                0.0
            } else {
                fonts.measure(Weight::Bold, px, &leaders).0 + 2.0 * pad
            };
            let stripe = match (f.owner(), f.faction) {
                (Owner::Major(Power::Protestant), Some(fa)) => Some(rs.faction_color(fa)),
                _ => None,
            };
            let extra = if stripe.is_some() { 4.0 * s } else { 0.0 };
            let w = uw + lw + extra;
            gw = gw.max(w);
            group.push(StackLayout {
                space: sl.space,
                owner: f.owner(),
                color: owner_color(rs, f.owner()),
                stripe,
                rect: Rect::sized(0.0, 0.0, w, ch),
                units,
                leaders,
                leader_x: (lw > 0.0).then_some(uw + extra),
                besieger,
                changed,
                zone: None,
            });
        }
        let gap = 2.0 * s;
        let gh = group.len() as f32 * (ch + gap) - gap;
        let sym = sl.symbol;
        let (cx, cy) = sl.center;
        let mut candidates = Vec::with_capacity(36);
        for d in [3.0 * s, 14.0 * s, 0.0] {
            candidates.extend([
                (sym.x0 - d - gw, cy - gh / 2.0),
                (sym.x1 + d, cy - gh / 2.0),
                (sym.x0 - d - gw, sym.y1 - gh / 2.0),
                (sym.x0 - d - gw, sym.y0 - gh / 2.0),
                (cx - gw / 2.0, sym.y1 + d),
                (cx - gw / 2.0, sym.y0 - d - gh),
                (sym.x1 + d, sym.y1 - gh / 2.0),
                (sym.x1 + d, sym.y0 - gh / 2.0),
                (sym.x0 - d - gw, sym.y1 + d),
                (sym.x1 + d, sym.y1 + d),
                (sym.x0 - d - gw, sym.y0 - d - gh),
                (sym.x1 + d, sym.y0 - d - gh),
            ]);
        }
        let reach = 160.0 * s;
        let neighbours: Vec<(f32, f32)> = spaces
            .iter()
            .map(|o| o.center)
            .filter(|c| (c.0 - cx).abs() < reach && (c.1 - cy).abs() < reach)
            .collect();
        let own: Vec<Rect> = [Some(sl.symbol), sl.port, sl.unrest]
            .into_iter()
            .flatten()
            .collect();
        let mut best = (f32::INFINITY, candidates[0]);
        for (i, &(x, y)) in candidates.iter().enumerate() {
            let r = Rect::sized(x, y, gw, gh);
            let mut score = i as f32;
            if !canvas.contains(&r) {
                score += 1e6;
            }
            for o in obstacles
                .iter()
                .chain(stack_boxes.iter())
                .chain(sea_rects.iter())
            {
                let a = r.overlap_area(o);
                if a > 0.0 {
                    score += 1000.0 + a;
                }
            }
            for o in &own {
                let a = r.overlap_area(o);
                if a > 0.0 {
                    score += 1000.0 + a;
                }
            }
            // A counter reads as belonging to the nearest space: never nearer another space's
            // symbol than its own (a besieger beside Vienna read as Linz's; issue 30, item 13).
            let rows = group.len();
            let stray = (0..rows).any(|k| {
                let row = Rect::sized(x, y + k as f32 * (ch + gap), gw, ch);
                let mine = rect_dist(&row, sl.center);
                neighbours
                    .iter()
                    .any(|&c| c != sl.center && rect_dist(&row, c) < mine)
            });
            if stray {
                score += 1500.0;
            }
            if score < best.0 {
                best = (score, (x, y));
            }
        }
        let (x, y) = best.1;
        for (k, mut st) in group.into_iter().enumerate() {
            let w = st.rect.width();
            // Right-align counters left of the symbol, left-align them elsewhere.
            let dx = if x + gw <= sym.x0 { gw - w } else { 0.0 };
            st.rect = Rect::sized(x + dx, y + k as f32 * (ch + gap), w, ch);
            st.leader_x = st.leader_x.map(|lx| st.rect.x0 + lx);
            stack_boxes.push(st.rect);
            stacks.push(st);
        }
    }
    obstacles.extend(stack_boxes.iter().copied());

    // Space labels: data offsets first, then the most crowded spaces.
    let mut placer = Placer {
        obstacles,
        placed: sea_rects,
        segments,
        bounds: canvas,
    };
    let crowd: Vec<usize> = spaces
        .iter()
        .map(|a| {
            spaces
                .iter()
                .filter(|b| {
                    let (dx, dy) = (a.center.0 - b.center.0, a.center.1 - b.center.1);
                    dx * dx + dy * dy < (110.0 * s) * (110.0 * s)
                })
                .count()
        })
        .collect();
    let mut order: Vec<usize> = (0..spaces.len()).collect();
    order.sort_by_key(|&i| {
        let fixed = rs.spaces[i].label_offset.is_some();
        (!fixed, std::cmp::Reverse(crowd[i]), i)
    });
    let (pad_x, pad_y) = (size::LABEL_PAD_X * s, size::LABEL_PAD_Y * s);
    for i in order {
        let sl = &spaces[i];
        let (w, h) = fonts.measure(Weight::Regular, sl.label.px, &sl.label.text);
        let (w, h) = (w + 2.0 * pad_x, h + 2.0 * pad_y);
        let fixed = rs.spaces[i]
            .label_offset
            .map(|(dx, dy)| (sl.center.0 + dx * s, sl.center.1 + dy * s));
        let rect = match fixed {
            Some(c) => Rect::around(c.0, c.1, w / 2.0, h / 2.0),
            None => placer.best(w, h, sl.symbol, s),
        };
        placer.placed.push(rect);
        spaces[i].label.rect = rect;
        spaces[i].label_fixed = fixed.is_some();
    }

    // World inset.
    let mut world = Vec::new();
    let mut wplacer = Placer {
        obstacles: Vec::new(),
        placed: Vec::new(),
        segments: Vec::new(),
        bounds: inset_rect.inflate(-3.0 * s),
    };
    let wat = |p: (f32, f32)| (inset_origin.0 + p.0 * s, inset_origin.1 + p.1 * s);
    for w in &rs.world {
        let c = wat(w.pos);
        let text = local(scene.locale, &w.name_en, &w.name_ru).to_string();
        match w.kind {
            WorldKind::Ocean => {
                let px = size::OCEAN_PX * s;
                let (tw, th) = fonts.measure(Weight::Regular, px, &text);
                let rect = Rect::around(c.0, c.1, tw / 2.0 + 2.0 * s, th / 2.0);
                wplacer.placed.push(rect);
                world.push(WorldLayout {
                    id: w.id.clone(),
                    kind: w.kind,
                    center: c,
                    symbol: None,
                    label: TextBox { text, rect, px },
                });
            }
            WorldKind::Settlement => {
                let hs = size::SETTLEMENT_HALF * s;
                let sym = Rect::around(c.0, c.1, hs, hs);
                wplacer.obstacles.push(sym);
                if let Some(o) = w
                    .ocean
                    .as_ref()
                    .and_then(|o| rs.world.iter().find(|x| &x.id == o))
                {
                    wplacer.segments.push((c, wat(o.pos)));
                }
                world.push(WorldLayout {
                    id: w.id.clone(),
                    kind: w.kind,
                    center: c,
                    symbol: Some(sym),
                    label: TextBox {
                        text,
                        rect: sym,
                        px: size::WORLD_PX * s,
                    },
                });
            }
        }
    }
    for w in &rs.world {
        if w.kind == WorldKind::Ocean {
            for a in &w.adjacent {
                if let Some(o) = rs.world.iter().find(|x| &x.id == a) {
                    wplacer.segments.push((wat(w.pos), wat(o.pos)));
                }
            }
        }
    }
    for wl in world.iter_mut().filter(|w| w.kind == WorldKind::Settlement) {
        let (w, h) = fonts.measure(Weight::Regular, wl.label.px, &wl.label.text);
        let sym = wl.symbol.unwrap_or(wl.label.rect);
        let rect = wplacer.best(w + 2.0 * pad_x, h + 2.0 * pad_y, sym, s);
        wplacer.placed.push(rect);
        wl.label.rect = rect;
    }

    Ok(MapLayout {
        width,
        height,
        scale: s,
        spaces,
        stacks,
        sea_labels,
        world,
        panels,
        title: TextBox {
            text: title_text,
            rect: title_rect,
            px: 22.0 * s,
        },
        captured,
        zone_tally: tally,
    })
}

/// `Turn 3 · Action phase · France to act`.
fn title_text(scene: &MapScene) -> String {
    let w = style::words(scene.locale);
    let mut t = format!("{} {}", w.turn, scene.turn);
    if !scene.phase.is_empty() {
        t.push_str(" · ");
        t.push_str(&scene.phase);
    }
    if let Some(p) = scene.active {
        let name = scene
            .rs
            .power_info(p.as_str())
            .map_or(p.as_str(), |i| local(scene.locale, &i.name_en, &i.name_ru));
        t.push_str(&format!(" · {name} {}", w.to_act));
    }
    t
}

/// The port anchor: just outside the symbol, towards the nearest sea zone the port borders.
fn port_anchor(
    rs: &Ruleset,
    sp: &crate::engine::ruleset::Space,
    center: (f32, f32),
    half: f32,
    s: f32,
) -> Option<Rect> {
    let zone = sp
        .ports
        .iter()
        .filter_map(|z| rs.sea_zones.iter().find(|x| &x.id == z))
        .min_by(|a, b| {
            let da = dist2(a.pos, sp.pos);
            let db = dist2(b.pos, sp.pos);
            da.total_cmp(&db)
        });
    if sp.ports.is_empty() {
        return None;
    }
    let (dx, dy) = zone.map_or((0.0, 1.0), |z| {
        let (dx, dy) = (z.pos.0 - sp.pos.0, z.pos.1 - sp.pos.1);
        let n = (dx * dx + dy * dy).sqrt().max(1e-3);
        (dx / n, dy / n)
    });
    // Snap to one of eight directions so anchors sit neatly on the symbol's edge.
    let ang = dy.atan2(dx);
    let step = std::f32::consts::FRAC_PI_4;
    let ang = (ang / step).round() * step;
    let r = size::PORT_R * s;
    let d = half + r + 1.0 * s;
    let (cx, cy) = (center.0 + d * ang.cos(), center.1 + d * ang.sin());
    Some(Rect::around(cx, cy, r, r))
}

fn dist2(a: (f32, f32), b: (f32, f32)) -> f32 {
    (a.0 - b.0).powi(2) + (a.1 - b.1).powi(2)
}

/// Greedy label placement around a symbol.
struct Placer {
    obstacles: Vec<Rect>,
    placed: Vec<Rect>,
    segments: Vec<((f32, f32), (f32, f32))>,
    bounds: Rect,
}

impl Placer {
    /// The best box of size `w`×`h` next to `sym`: no overlap if at all possible, then few
    /// crossed connections, then the preferred side (below, above, right, left, diagonals).
    fn best(&self, w: f32, h: f32, sym: Rect, s: f32) -> Rect {
        // Only what lies near the symbol can touch a candidate.
        let reach = Rect::new(
            sym.x0 - w - 25.0 * s,
            sym.y0 - h - 25.0 * s,
            sym.x1 + w + 25.0 * s,
            sym.y1 + h + 25.0 * s,
        );
        let near = Placer {
            obstacles: self
                .obstacles
                .iter()
                .chain(self.placed.iter())
                .filter(|o| o.overlaps(&reach))
                .copied()
                .collect(),
            placed: Vec::new(),
            segments: self
                .segments
                .iter()
                .filter(|(a, b)| reach.hit_by_segment(*a, *b))
                .copied()
                .collect(),
            bounds: self.bounds,
        };
        near.best_among(w, h, sym, s)
    }

    fn best_among(&self, w: f32, h: f32, sym: Rect, s: f32) -> Rect {
        let (cx, cy) = sym.center();
        let mut best = (
            f32::INFINITY,
            Rect::around(cx, sym.y1 + h / 2.0, w / 2.0, h / 2.0),
        );
        for (gi, g) in [1.0f32, 6.0, 12.0, 20.0].into_iter().enumerate() {
            let g = g * s;
            let cands = [
                (cx, sym.y1 + g + h / 2.0),
                (cx, sym.y0 - g - h / 2.0),
                (sym.x1 + g + w / 2.0, cy),
                (sym.x0 - g - w / 2.0, cy),
                (cx + w / 3.0, sym.y1 + g + h / 2.0),
                (cx - w / 3.0, sym.y1 + g + h / 2.0),
                (cx + w / 3.0, sym.y0 - g - h / 2.0),
                (cx - w / 3.0, sym.y0 - g - h / 2.0),
                (
                    sym.x1 + g * 0.7 + w / 2.0,
                    sym.y1 + g * 0.7 + h / 2.0 - h * 0.4,
                ),
                (
                    sym.x0 - g * 0.7 - w / 2.0,
                    sym.y1 + g * 0.7 + h / 2.0 - h * 0.4,
                ),
                (
                    sym.x1 + g * 0.7 + w / 2.0,
                    sym.y0 - g * 0.7 - h / 2.0 + h * 0.4,
                ),
                (
                    sym.x0 - g * 0.7 - w / 2.0,
                    sym.y0 - g * 0.7 - h / 2.0 + h * 0.4,
                ),
                (sym.x1 + g + w / 2.0, cy - h * 0.6),
                (sym.x1 + g + w / 2.0, cy + h * 0.6),
                (sym.x0 - g - w / 2.0, cy - h * 0.6),
                (sym.x0 - g - w / 2.0, cy + h * 0.6),
            ];
            for (ci, (x, y)) in cands.into_iter().enumerate() {
                let r = Rect::around(x, y, w / 2.0, h / 2.0);
                let pref = ci as f32 * 0.6 + gi as f32 * 4.0;
                let score = pref + self.cost(&r, best.0 - pref);
                if score < best.0 {
                    best = (score, r);
                }
            }
        }
        best.1
    }

    /// The free box of size `w`×`h` closest to being centred on `c`, searching rings up to
    /// `max_r` away; crossing connections counts a little against a spot.
    fn near(&self, w: f32, h: f32, c: (f32, f32), max_r: f32) -> Rect {
        let at = |x: f32, y: f32| Rect::around(x, y, w / 2.0, h / 2.0);
        let mut best = (self.cost(&at(c.0, c.1), f32::INFINITY), at(c.0, c.1));
        let step = (max_r / 12.0).max(1.0);
        let mut r = step;
        while r <= max_r && best.0 >= 1000.0 {
            for i in 0..24 {
                let a = i as f32 * std::f32::consts::TAU / 24.0;
                let cand = at(c.0 + r * a.cos(), c.1 + r * a.sin() * 0.6);
                let score = r + self.cost(&cand, best.0 - r);
                if score < best.0 {
                    best = (score, cand);
                }
            }
            r += step;
        }
        best.1
    }

    /// Cost of a box; stops counting once `limit` is exceeded.
    fn cost(&self, r: &Rect, limit: f32) -> f32 {
        let mut c = 0.0;
        if !self.bounds.contains(r) {
            c += 1e6;
        }
        for o in self.obstacles.iter().chain(self.placed.iter()) {
            let a = r.overlap_area(o);
            if a > 0.0 {
                c += 1000.0 + a * 10.0;
                if c > limit {
                    return c;
                }
            }
        }
        for &(a, b) in &self.segments {
            if r.hit_by_segment(a, b) {
                c += 12.0;
                if c > limit {
                    return c;
                }
            }
        }
        c
    }
}

/// Distance from a point to a box (0 inside).
fn rect_dist(r: &Rect, p: (f32, f32)) -> f32 {
    let dx = (r.x0 - p.0).max(p.0 - r.x1).max(0.0);
    let dy = (r.y0 - p.1).max(p.1 - r.y1).max(0.0);
    (dx * dx + dy * dy).sqrt()
}

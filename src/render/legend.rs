//! The legend panel: power colours and map symbols, laid out once for measuring and drawing.

use super::font::{Fonts, Weight};
use super::geom::Rect;
use super::layout::{local, MarkerLayout, SymbolShape, ZoneTally, LEADER_FLAG};
use super::paint::Painter;
use super::raster::Image;
use super::style::{self, size, Rgb};
use super::{Locale, RenderError};
use crate::engine::board::MarkerShape;
use crate::engine::power::{Owner, Power};
use crate::engine::ruleset::{PowerKind, Ruleset};

/// What is drawn left of a legend line.
enum Icon {
    Swatch(Rgb),
    Symbol(SymbolShape),
    Port,
    Pass,
    Marker(bool),
    NoMarker,
    Unrest,
    Siege,
    Counter(String),
    Leaders(String),
    Heading,
    /// A space shaded as Protestant.
    ProtestantSpace,
    /// A space ringed as changed since the previous map.
    Changed,
    /// A blockaded port's red anchor.
    Blockaded,
}

struct Line {
    icon: Icon,
    text: String,
    /// Top-left of the line's cell, relative to the panel.
    at: (f32, f32),
}

const PAD: f32 = 12.0;
const ROW: f32 = 23.0;
const ICON_W: f32 = 34.0;
const GAP: f32 = 18.0;
const TEXT_PX: f32 = 14.0;
const HEAD_PX: f32 = 15.0;

fn lines(
    fonts: &Fonts,
    rs: &Ruleset,
    tally: &[ZoneTally],
    locale: Locale,
    s: f32,
) -> (Vec<Line>, (f32, f32)) {
    let w = style::words(locale);
    let mut a: Vec<(Icon, String)> = vec![(Icon::Heading, w.powers.to_string())];
    for kind in [PowerKind::Major, PowerKind::Faction, PowerKind::Minor] {
        for p in rs.powers.iter().filter(|p| p.kind == kind) {
            a.push((
                Icon::Swatch(p.color),
                local(locale, &p.name_en, &p.name_ru).to_string(),
            ));
        }
    }
    a.push((
        Icon::Swatch(rs.color_of(Owner::Independent)),
        w.independent.to_string(),
    ));
    // R-REL-ZONES: the tally of each zone of religious struggle.
    if !tally.is_empty() {
        a.push((Icon::Heading, w.zones.to_string()));
        for t in tally {
            a.push((
                Icon::ProtestantSpace,
                format!(
                    "{} {} / {}",
                    style::zone_name(locale, t.zone),
                    t.protestant,
                    t.catholic
                ),
            ));
        }
    }
    let l = &w.unit_letters;
    let b: Vec<(Icon, String)> = vec![
        (Icon::Heading, w.symbols.to_string()),
        (Icon::Symbol(SymbolShape::Capital), w.capital.to_string()),
        (Icon::Symbol(SymbolShape::Square), w.key.to_string()),
        (Icon::Symbol(SymbolShape::Star), w.fortress.to_string()),
        (Icon::Symbol(SymbolShape::Circle), w.unfortified.to_string()),
        (Icon::Port, w.port.to_string()),
        (Icon::Blockaded, w.blockaded.to_string()),
        (Icon::Pass, w.pass.to_string()),
        (Icon::Marker(false), w.catholic.to_string()),
        (Icon::Marker(true), w.protestant.to_string()),
        (Icon::ProtestantSpace, w.protestant_space.to_string()),
        (Icon::Changed, w.changed.to_string()),
        (Icon::NoMarker, w.no_marker.to_string()),
        (Icon::Unrest, w.unrest.to_string()),
        (Icon::Siege, w.siege.to_string()),
        (
            Icon::Leaders(format!(
                "{LEADER_FLAG}{}",
                match locale {
                    Locale::En => "Alba",
                    Locale::Ru => "Альба",
                }
            )),
            w.leaders.to_string(),
        ),
        (
            Icon::Counter(format!("3{} 1{} 2{}", l[0], l[1], l[3])),
            String::new(),
        ),
    ];
    let width_of = |v: &[(Icon, String)]| {
        v.iter()
            .map(|(i, t)| {
                let (px, wt) = match i {
                    Icon::Heading => (HEAD_PX, Weight::Bold),
                    _ => (TEXT_PX, Weight::Regular),
                };
                let icon = match i {
                    Icon::Heading => 0.0,
                    Icon::Counter(c) | Icon::Leaders(c) => {
                        fonts.measure(Weight::Bold, size::COUNTER_PX * s, c).0 + 14.0 * s
                    }
                    _ => ICON_W * s,
                };
                icon + fonts.measure(wt, px * s, t).0
            })
            .fold(0.0f32, f32::max)
    };
    let wa = width_of(&a);
    let wb = width_of(&b);
    let mut out = Vec::new();
    let rows = a.len().max(b.len());
    for (v, x) in [(a, PAD * s), (b, PAD * s + wa + GAP * s)] {
        for (i, (icon, text)) in v.into_iter().enumerate() {
            out.push(Line {
                icon,
                text,
                at: (x, PAD * s + i as f32 * ROW * s),
            });
        }
    }
    // The counter line's explanation spans both columns.
    let units = w.units.to_string();
    let uy = PAD * s + rows as f32 * ROW * s;
    let uw = fonts.measure(Weight::Regular, TEXT_PX * s, &units).0;
    if let Some(last) = out.iter_mut().find(|l| matches!(l.icon, Icon::Counter(_))) {
        last.text = units;
        last.at = (PAD * s, uy);
    }
    let width = (PAD * 2.0) * s + (wa + GAP * s + wb).max(uw + 60.0 * s);
    let height = uy + ROW * s + PAD * s - 4.0 * s;
    (out, (width, height))
}

/// Width and height of the legend panel.
pub(crate) fn size(
    fonts: &Fonts,
    rs: &Ruleset,
    tally: &[ZoneTally],
    locale: Locale,
    s: f32,
) -> (f32, f32) {
    lines(fonts, rs, tally, locale, s).1
}

/// Draws the legend's shapes in `r`.
pub(crate) fn draw_shapes(
    p: &Painter,
    rs: &Ruleset,
    tally: &[ZoneTally],
    locale: Locale,
    r: Rect,
    s: f32,
) -> Result<(), RenderError> {
    let fonts = Fonts::get()?;
    p.rect(r, Some((style::PANEL, 0.94)), Some((style::INK, 1.5 * s)))?;
    let (ls, _) = lines(fonts, rs, tally, locale, s);
    let france = rs.color_of(Owner::Major(Power::France));
    let faint = style::tint(rs.color_of(Owner::Major(Power::Spain)), 0.55);
    for l in ls {
        let c = (
            r.x0 + l.at.0 + ICON_W * s / 2.0 - 4.0 * s,
            r.y0 + l.at.1 + ROW * s / 2.0,
        );
        let h = 8.0 * s;
        match &l.icon {
            Icon::Swatch(col) => p.rect(
                Rect::around(c.0, c.1, h, h * 0.75),
                Some((*col, 1.0)),
                Some((style::INK, 1.0 * s)),
            )?,
            Icon::Symbol(shape) => {
                let half = match shape {
                    SymbolShape::Capital => 10.0,
                    SymbolShape::Star => 10.5,
                    _ => 8.0,
                } * s;
                p.symbol(*shape, c, half, style::tint(style::LINK, 0.8), s)?
            }
            Icon::Port => {
                p.circle(
                    (c.0 - 5.0 * s, c.1),
                    7.0 * s,
                    Some(faint),
                    Some((style::INK, 1.2 * s)),
                )?;
                p.anchor(
                    Rect::around(c.0 + 6.0 * s, c.1, size::PORT_R * s, size::PORT_R * s),
                    s,
                )?
            }
            Icon::Blockaded => {
                p.circle(
                    (c.0 - 5.0 * s, c.1),
                    7.0 * s,
                    Some(faint),
                    Some((style::INK, 1.2 * s)),
                )?;
                p.blockaded_anchor(
                    Rect::around(c.0 + 6.0 * s, c.1, size::PORT_R * s, size::PORT_R * s),
                    s,
                )?
            }
            Icon::Pass => p.dashed(
                (c.0 - 13.0 * s, c.1),
                (c.0 + 13.0 * s, c.1),
                style::LINK,
                1.6 * s,
                5.0 * s,
                3.5 * s,
            )?,
            Icon::Marker(prot) => {
                p.circle(c, 9.5 * s, Some(faint), Some((style::INK, 1.2 * s)))?;
                let m = MarkerLayout {
                    shape: MarkerShape::Hex,
                    rect: Rect::around(c.0, c.1, 7.0 * s, 7.0 * s),
                    color: france,
                    protestant: *prot,
                };
                p.marker(&m, s)?
            }
            Icon::NoMarker => p.circle(c, 9.5 * s, Some(faint), Some((style::INK, 1.2 * s)))?,
            Icon::ProtestantSpace => {
                p.disc(c, 11.0 * s, style::protestant_wash(rs), style::WASH_ALPHA)?;
                p.circle(c, 5.5 * s, Some(faint), Some((style::INK, 1.2 * s)))?
            }
            Icon::Changed => {
                p.circle(c, 10.5 * s, Some(style::CHANGED), None)?;
                p.circle(c, 6.5 * s, Some(faint), Some((style::INK, 1.2 * s)))?
            }
            Icon::Unrest => {
                p.circle(c, 8.0 * s, Some(faint), Some((style::INK, 1.2 * s)))?;
                p.unrest(
                    Rect::around(c.0 - 6.0 * s, c.1 - 5.0 * s, 6.0 * s, 6.0 * s),
                    s,
                )?
            }
            Icon::Siege => {
                p.siege_ring(
                    SymbolShape::Circle,
                    c,
                    8.0 * s + 4.0 * s,
                    rs.color_of(Owner::Major(Power::Ottoman)),
                    s,
                )?;
                p.circle(c, 7.0 * s, Some(faint), Some((style::INK, 1.2 * s)))?
            }
            Icon::Counter(t) | Icon::Leaders(t) => {
                let rr = chip_rect(fonts, t, r, &l, s);
                let fill = if matches!(l.icon, Icon::Leaders(_)) {
                    style::LEADER_CHIP
                } else {
                    france
                };
                p.rect(rr, Some((fill, 1.0)), Some((style::INK, 1.0 * s)))?
            }
            Icon::Heading => {}
        }
    }
    Ok(())
}

fn chip_rect(fonts: &Fonts, t: &str, r: Rect, l: &Line, s: f32) -> Rect {
    let (w, _) = fonts.measure(Weight::Bold, size::COUNTER_PX * s, t);
    let h = size::COUNTER_H * s;
    let x = r.x0 + l.at.0;
    let y = r.y0 + l.at.1 + (ROW * s - h) / 2.0;
    let w = if matches!(l.icon, Icon::Leaders(_)) {
        (w + 8.0 * s).max(ICON_W * s - 6.0 * s)
    } else {
        w + 8.0 * s
    };
    Rect::sized(x, y, w, h)
}

/// Draws the legend's text in `r` (after downsampling).
pub(crate) fn draw_text(
    img: &mut Image,
    rs: &Ruleset,
    tally: &[ZoneTally],
    locale: Locale,
    r: Rect,
    s: f32,
) -> Result<(), RenderError> {
    let fonts = Fonts::get()?;
    let (ls, _) = lines(fonts, rs, tally, locale, s);
    let france = rs.color_of(Owner::Major(Power::France));
    for l in &ls {
        let y_mid = r.y0 + l.at.1 + ROW * s / 2.0;
        match &l.icon {
            Icon::Heading => {
                let (_, th) = fonts.measure(Weight::Bold, HEAD_PX * s, &l.text);
                fonts.draw(
                    img,
                    Weight::Bold,
                    HEAD_PX * s,
                    &l.text,
                    (r.x0 + l.at.0, y_mid - th / 2.0),
                    style::INK,
                );
            }
            Icon::Counter(t) | Icon::Leaders(t) => {
                let rr = chip_rect(fonts, t, r, l, s);
                let fg = if matches!(l.icon, Icon::Leaders(_)) {
                    style::INK
                } else {
                    style::text_on(france)
                };
                fonts.draw_centered(img, Weight::Bold, size::COUNTER_PX * s, t, rr.center(), fg);
                let (_, th) = fonts.measure(Weight::Regular, TEXT_PX * s, &l.text);
                let tx = if matches!(l.icon, Icon::Leaders(_)) {
                    (r.x0 + l.at.0 + ICON_W * s).max(rr.x1 + 8.0 * s)
                } else {
                    rr.x1 + 8.0 * s
                };
                fonts.draw(
                    img,
                    Weight::Regular,
                    TEXT_PX * s,
                    &l.text,
                    (tx, y_mid - th / 2.0),
                    style::INK,
                );
            }
            _ => {
                if let Icon::Unrest = l.icon {
                    let c = (r.x0 + l.at.0 + ICON_W * s / 2.0 - 10.0 * s, y_mid - 5.0 * s);
                    fonts.draw_centered(
                        img,
                        Weight::Bold,
                        9.0 * s,
                        style::words(locale).unrest_letter,
                        c,
                        style::WHITE,
                    );
                }
                let (_, th) = fonts.measure(Weight::Regular, TEXT_PX * s, &l.text);
                fonts.draw(
                    img,
                    Weight::Regular,
                    TEXT_PX * s,
                    &l.text,
                    (r.x0 + l.at.0 + ICON_W * s, y_mid - th / 2.0),
                    style::INK,
                );
            }
        }
    }
    Ok(())
}

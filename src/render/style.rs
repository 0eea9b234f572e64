//! Colours, sizes and the localized words of the map and chart.

use super::Locale;
use crate::engine::power::Power;

/// An RGB colour.
pub(crate) type Rgb = (u8, u8, u8);

pub(crate) const WATER: Rgb = (196, 220, 236);
pub(crate) const COAST: Rgb = (128, 158, 180);
pub(crate) const LAND: Rgb = (241, 233, 212);
pub(crate) const INK: Rgb = (40, 34, 28);
pub(crate) const LINK: Rgb = (112, 96, 78);
pub(crate) const SEA_TEXT: Rgb = (38, 84, 132);
pub(crate) const WHITE: Rgb = (255, 255, 255);
pub(crate) const PANEL: Rgb = (250, 247, 238);
pub(crate) const UNREST: Rgb = (205, 25, 25);
pub(crate) const ANCHOR: Rgb = (24, 58, 110);
pub(crate) const LEADER_CHIP: Rgb = (255, 250, 225);
/// Ring and outline of what changed since the previous map.
pub(crate) const CHANGED: Rgb = (230, 0, 170);
/// Opacity of the Protestant shading around a space.
pub(crate) const WASH_ALPHA: f64 = 0.55;

/// The shading of a Protestant space: the Protestant power's colour, darkened a little so it
/// reads on the land at preview size.
pub(crate) fn protestant_wash(rs: &crate::engine::ruleset::Ruleset) -> Rgb {
    let c = rs.color_of(crate::engine::power::Owner::Major(Power::Protestant));
    (
        (c.0 as f32 * 0.85) as u8,
        (c.1 as f32 * 0.85) as u8,
        (c.2 as f32 * 0.85) as u8,
    )
}

/// The name of a religious zone (R-REL-ZONES).
pub(crate) fn zone_name(l: Locale, z: crate::engine::power::ReligiousZone) -> &'static str {
    use crate::engine::power::ReligiousZone as Z;
    match (l, z) {
        (Locale::En, Z::England) => "England",
        (Locale::En, Z::Scotland) => "Scotland",
        (Locale::En, Z::France) => "France",
        (Locale::En, Z::Netherlands) => "Netherlands",
        (Locale::En, Z::None) => "—",
        (Locale::Ru, Z::England) => "Англия",
        (Locale::Ru, Z::Scotland) => "Шотландия",
        (Locale::Ru, Z::France) => "Франция",
        (Locale::Ru, Z::Netherlands) => "Нидерланды",
        (Locale::Ru, Z::None) => "—",
    }
}

/// Geometry of the Europe canvas the data positions refer to, and of the world inset.
pub(crate) const EUROPE_W: f32 = 2400.0;
pub(crate) const EUROPE_H: f32 = 1600.0;
pub(crate) const WORLD_W: f32 = 600.0;
pub(crate) const WORLD_H: f32 = 400.0;

/// Sizes in Europe-canvas pixels (multiplied by the output scale).
pub(crate) mod size {
    pub const LABEL_PX: f32 = 16.0;
    pub const LABEL_PAD_X: f32 = 2.0;
    pub const LABEL_PAD_Y: f32 = 0.5;
    pub const SEA_PX: f32 = 16.0;
    pub const WORLD_PX: f32 = 13.0;
    pub const OCEAN_PX: f32 = 14.0;
    pub const COUNTER_PX: f32 = 13.0;
    pub const COUNTER_H: f32 = 17.0;
    pub const CIRCLE_R: f32 = 11.0;
    pub const KEY_HALF: f32 = 11.5;
    pub const CAPITAL_HALF: f32 = 15.5;
    pub const STAR_R: f32 = 16.0;
    pub const HEX_R: f32 = 8.0;
    pub const SQUARE_MARKER_HALF: f32 = 7.5;
    pub const PORT_R: f32 = 4.5;
    pub const UNREST_R: f32 = 7.0;
    pub const SIEGE_GAP: f32 = 5.0;
    pub const LAND_R: f32 = 44.0;
    pub const SETTLEMENT_HALF: f32 = 7.0;
    /// Radius of the shading around a Protestant space.
    pub const WASH_R: f32 = 27.0;
}

/// Lightens a colour towards white by `t` (0 = unchanged, 1 = white).
pub(crate) fn tint(c: Rgb, t: f32) -> Rgb {
    let f = |v: u8| (v as f32 + (255.0 - v as f32) * t).round() as u8;
    (f(c.0), f(c.1), f(c.2))
}

/// Black or white, whichever reads better on `bg`.
pub(crate) fn text_on(bg: Rgb) -> Rgb {
    let l = 0.299 * bg.0 as f32 + 0.587 * bg.1 as f32 + 0.114 * bg.2 as f32;
    if l > 150.0 {
        (20, 20, 20)
    } else {
        WHITE
    }
}

/// The words of the map and chart in one language.
pub(crate) struct Words {
    pub turn: &'static str,
    pub to_act: &'static str,
    pub vp: &'static str,
    pub powers: &'static str,
    pub symbols: &'static str,
    pub key: &'static str,
    pub capital: &'static str,
    pub fortress: &'static str,
    pub unfortified: &'static str,
    pub port: &'static str,
    pub pass: &'static str,
    pub catholic: &'static str,
    pub protestant: &'static str,
    pub no_marker: &'static str,
    pub unrest: &'static str,
    pub siege: &'static str,
    pub units: &'static str,
    pub leaders: &'static str,
    pub independent: &'static str,
    pub world: &'static str,
    /// Heading of the captured-leaders panel.
    pub captured: &'static str,
    /// Legend: a space shaded as Protestant.
    pub protestant_space: &'static str,
    /// Legend: changed since the previous map.
    pub changed: &'static str,
    /// Legend heading of the per-zone religion tally.
    pub zones: &'static str,
    /// Unit letters: regulars, mercenaries, cavalry, squadrons.
    pub unit_letters: [&'static str; 4],
    /// Legend: a blockaded port.
    pub blockaded: &'static str,
    /// The corsair letter on naval counters.
    pub corsair_letter: &'static str,
    /// The unrest badge letter.
    pub unrest_letter: &'static str,
    /// Short codes of the six majors for VP markers.
    pub codes: [&'static str; 6],
    pub chart_title: &'static str,
    pub chart_x: &'static str,
    /// Axis label of VP.
    pub vp_short: &'static str,
}

const EN: Words = Words {
    turn: "Turn",
    to_act: "to act",
    vp: "Victory points",
    powers: "Powers",
    symbols: "Map",
    key: "Key",
    capital: "Capital",
    fortress: "Fortress",
    unfortified: "Unfortified",
    port: "Port",
    pass: "Pass",
    catholic: "Catholic marker",
    protestant: "Protestant marker",
    no_marker: "Home control (no marker)",
    unrest: "Unrest",
    siege: "Siege: ⚔ besiegers outside, toothed ring",
    units: "R regulars, M mercenaries, C cavalry, S squadrons, Co corsairs",
    leaders: "Leaders",
    independent: "Independent",
    world: "New World",
    captured: "Captured leaders — held by",
    protestant_space: "Protestant space (shaded)",
    changed: "Changed since the last map",
    zones: "Zones: Protestant / Catholic",
    unit_letters: ["R", "M", "C", "S"],
    corsair_letter: "Co",
    blockaded: "Blockaded port",
    unrest_letter: "U",
    codes: ["OT", "SP", "EN", "FR", "HR", "PR"],
    chart_title: "Victory points",
    chart_x: "Turn",
    vp_short: "VP",
};

const RU: Words = Words {
    turn: "Ход",
    to_act: "ходит",
    vp: "Победные очки",
    powers: "Державы",
    symbols: "Карта",
    key: "Ключ",
    capital: "Столица",
    fortress: "Крепость",
    unfortified: "Без укреплений",
    port: "Порт",
    pass: "Перевал",
    catholic: "Маркер католиков",
    protestant: "Маркер протестантов",
    no_marker: "Свой контроль (без маркера)",
    unrest: "Волнения",
    siege: "Осада: ⚔ осаждающие снаружи, зубчатое кольцо",
    units: "Р регуляры, Н наёмники, К кавалерия, Э эскадры, Кр корсары",
    leaders: "Полководцы",
    independent: "Независимые",
    world: "Новый Свет",
    captured: "Пленные полководцы — у кого",
    protestant_space: "Протестантское поле (тень)",
    changed: "Изменилось с прошлой карты",
    zones: "Зоны: протест. / католич.",
    unit_letters: ["Р", "Н", "К", "Э"],
    corsair_letter: "Кр",
    blockaded: "Порт в блокаде",
    unrest_letter: "В",
    codes: ["ОС", "ИС", "АН", "ФР", "СИ", "ПР"],
    chart_title: "Победные очки",
    chart_x: "Ход",
    vp_short: "ПО",
};

/// The words for a locale.
pub(crate) fn words(l: Locale) -> &'static Words {
    match l {
        Locale::En => &EN,
        Locale::Ru => &RU,
    }
}

/// The short code of a major for VP markers.
pub(crate) fn code(l: Locale, p: Power) -> &'static str {
    words(l).codes[p as usize]
}

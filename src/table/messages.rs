//! The message catalogue: every text the table shows, in English and Russian.
//!
//! Nothing else in the table builds sentences; it calls these functions with a [`Locale`].

use crate::engine::action::ActionKind;
use crate::engine::action::{Adjustment, CardMode, CardPlace, UnitKind, Units};
use crate::engine::event::{
    EndReason, EventKind, FreeUnitBar, PhaseName, RevealReason, Side, Skipped,
};
use crate::engine::game::{Awaiting, Decision};
use crate::engine::piracy::PiracyReward;
use crate::engine::power::Faction;
use crate::engine::power::{Owner, Power, Relation};
use crate::engine::refusal::{CpUse, FortifiedFor, LandCount, Place, Refusal};
use crate::engine::ruleset::CardKind;
use crate::engine::ruleset::{EmpireChoice, Ruleset, SpaceId};
use crate::engine::RuleError;

use super::command::{
    choice_word_ru, command_name, localize_line, option_name, Expected, ParseError, COMMANDS,
};

pub use crate::locale::Locale;

/// Texts bound to a ruleset and a locale.
#[derive(Clone, Copy)]
pub struct Texts<'a> {
    /// The content (names of spaces, cards, powers).
    pub rs: &'a Ruleset,
    /// The language.
    pub loc: Locale,
}

macro_rules! tr {
    ($loc:expr, $en:literal, $ru:literal $(, $arg:expr)* $(,)?) => {
        match $loc {
            Locale::En => format!($en $(, $arg)*),
            Locale::Ru => format!($ru $(, $arg)*),
        }
    };
}

/// Like `tr!`, with each language's own arguments (Russian word order or case forms differ).
macro_rules! tr_each {
    ($loc:expr, $en:literal, [$($ea:expr),* $(,)?], $ru:literal, [$($ra:expr),* $(,)?] $(,)?) => {
        match $loc {
            Locale::En => format!($en $(, $ea)*),
            Locale::Ru => format!($ru $(, $ra)*),
        }
    };
}
#[path = "effect_words.rs"]
mod effect_words;
#[path = "influence_words.rs"]
mod influence_words;
// --- marriages and espionage (X-MARRIAGE-*, X-SPY-*)
#[path = "adjust_words.rs"]
mod adjust_words;
#[path = "court_words.rs"]
mod court_words;
#[path = "event_words.rs"]
mod event_words;
#[path = "help_words.rs"]
mod help_words;
#[path = "input_words.rs"]
mod input_words;
#[path = "msg_words.rs"]
mod msg_words;
#[path = "notice_words.rs"]
mod notice_words;
#[path = "question_words.rs"]
mod question_words;
#[path = "refusal_words.rs"]
mod refusal_words;
pub use msg_words::{Allowed, Msg};
pub use notice_words::{ChannelPermission, Notice};

impl<'a> Texts<'a> {
    /// A number of units: "1 unit", "3 units"; «3 ед.».
    pub fn n_units(&self, n: u32) -> String {
        match (self.loc, n) {
            (Locale::En, 1) => "1 unit".to_string(),
            (Locale::En, _) => format!("{n} units"),
            (Locale::Ru, _) => format!("{n} ед."),
        }
    }

    /// A count with its noun agreeing: English one/many, Russian one/few/many («1 карта»,
    /// «2 карты», «5 карт»).
    pub fn n_of(&self, n: u32, en: [&str; 2], ru: [&str; 3]) -> String {
        match self.loc {
            Locale::En => format!("{n} {}", if n == 1 { en[0] } else { en[1] }),
            Locale::Ru => format!("{n} {}", ru[ru_plural(n)]),
        }
    }

    /// A number of cards: "1 card", "2 cards"; «1 карта», «2 карты», «5 карт».
    pub fn n_cards(&self, n: u32) -> String {
        self.n_of(n, ["card", "cards"], ["карта", "карты", "карт"])
    }

    /// Squadrons: "1 squadron", «2 эскадры».
    pub fn n_squadrons(&self, n: u32) -> String {
        self.n_of(
            n,
            ["squadron", "squadrons"],
            ["эскадра", "эскадры", "эскадр"],
        )
    }

    /// Corsairs: "1 corsair", «2 корсара».
    pub fn n_corsairs(&self, n: u32) -> String {
        self.n_of(
            n,
            ["corsair", "corsairs"],
            ["корсар", "корсара", "корсаров"],
        )
    }

    /// Hits: "1 hit", «2 попадания».
    pub fn n_hits(&self, n: u32) -> String {
        self.n_of(n, ["hit", "hits"], ["попадание", "попадания", "попаданий"])
    }

    /// Regulars: "1 regular", «2 регуляра».
    pub fn n_regulars(&self, n: u32) -> String {
        self.n_of(
            n,
            ["regular", "regulars"],
            ["регуляр", "регуляра", "регуляров"],
        )
    }

    /// Mercenaries: "1 mercenary", «2 наёмника».
    pub fn n_mercenaries(&self, n: u32) -> String {
        self.n_of(
            n,
            ["mercenary", "mercenaries"],
            ["наёмник", "наёмника", "наёмников"],
        )
    }

    /// Cavalry: "1 cavalry", «2 конных отряда».
    pub fn n_cavalry(&self, n: u32) -> String {
        self.n_of(
            n,
            ["cavalry", "cavalry"],
            ["конный отряд", "конных отряда", "конных отрядов"],
        )
    }

    /// Land units: "1 land unit", «2 сухопутных отряда».
    pub fn n_land_units(&self, n: u32) -> String {
        self.n_of(
            n,
            ["land unit", "land units"],
            [
                "сухопутный отряд",
                "сухопутных отряда",
                "сухопутных отрядов",
            ],
        )
    }

    /// Ships of a fleet: "2 squadrons and 1 corsair", "2 squadrons" (a kind with none is left
    /// out; "no ships" when both are 0).
    pub fn ships(&self, squadrons: u32, corsairs: u32) -> String {
        let mut parts = Vec::new();
        if squadrons > 0 {
            parts.push(self.n_squadrons(squadrons));
        }
        if corsairs > 0 {
            parts.push(self.n_corsairs(corsairs));
        }
        match parts.len() {
            0 => self.loc.pick("no ships", "ни одного корабля").to_string(),
            _ => parts.join(self.loc.pick(" and ", " и ")),
        }
    }

    /// Texts for a ruleset and locale.
    pub fn new(rs: &'a Ruleset, loc: Locale) -> Self {
        Texts { rs, loc }
    }

    /// One of two texts by locale.
    pub fn loc_pick(&self, en: &str, ru: &str) -> String {
        self.loc.pick(en, ru).to_string()
    }

    // ----- command names ---------------------------------------------------------------

    /// A command as players type it in this locale, with placeholders for `options`, in
    /// backticks: `` `join power:…` `` in English, `` `вступить держава:…` `` in Russian.
    pub fn command(&self, command: &str, options: &[&str]) -> String {
        let mut out = format!("`{}", command_name(self.loc, command));
        for o in options {
            out.push_str(&format!(" {}:…", option_name(self.loc, command, o)));
        }
        out.push('`');
        out
    }

    /// A command line stored in English (the log's form) as players type it in this locale.
    pub fn command_line(&self, line: &str) -> String {
        localize_line(line, self.loc)
    }

    /// An option of a command as players type it in this locale: `` `units:` ``, `` `войска:` ``.
    pub fn option(&self, command: &str, option: &str) -> String {
        format!("`{}:`", option_name(self.loc, command, option))
    }

    // ----- names ---------------------------------------------------------------------

    /// A major power's display name.
    pub fn power(&self, p: Power) -> String {
        self.owner_id(p.as_str())
    }

    fn owner_id(&self, id: &str) -> String {
        match self.rs.power_info(id) {
            Some(i) => self.loc.pick(&i.name_en, &i.name_ru).to_string(),
            None => id.to_string(),
        }
    }

    /// An owner's display name (major, minor, independent).
    pub fn owner(&self, o: Owner) -> String {
        match o {
            Owner::Major(p) => self.power(p),
            Owner::Minor(m) => self.owner_id(m.as_str()),
            Owner::Independent => self.loc.pick("independent", "независимые").into(),
        }
    }

    /// A space's display name.
    pub fn space(&self, s: SpaceId) -> String {
        let sp = self.rs.space(s);
        self.loc.pick(&sp.name_en, &sp.name_ru).to_string()
    }

    // --- Russian grammar: case forms from the data (nominative when a form is empty)

    fn power_forms(&self, id: &str) -> Option<(&str, &crate::engine::ruleset::RuForms)> {
        self.rs.power_info(id).map(|i| (i.name_ru.as_str(), &i.ru))
    }

    /// A power's name in a Russian case (English games: the name).
    pub fn power_case(&self, p: Power, case: Case) -> String {
        self.owner_case(Owner::Major(p), case)
    }

    /// An owner's name in a Russian case (English games: the name).
    pub fn owner_case(&self, o: Owner, case: Case) -> String {
        let id = match o {
            Owner::Major(p) => p.as_str(),
            Owner::Minor(m) => m.as_str(),
            Owner::Independent => {
                let ru = match case {
                    Case::Gen | Case::Acc | Case::Pre => "независимых",
                    Case::Ins => "независимыми",
                };
                return self.loc.pick("independent", ru).to_string();
            }
        };
        match (self.loc, self.power_forms(id)) {
            (Locale::Ru, Some((nom, f))) => case.pick(nom, f).to_string(),
            _ => self.owner(o),
        }
    }

    /// A space's name in a Russian case (English games: the name).
    pub fn space_case(&self, s: SpaceId, case: Case) -> String {
        let sp = self.rs.space(s);
        match self.loc {
            Locale::Ru => case.pick(&sp.name_ru, &sp.ru).to_string(),
            Locale::En => sp.name_en.clone(),
        }
    }

    /// Where: English the name, Russian `в Мадриде`, `во Флоренции`, `на Мальте`.
    pub fn space_in(&self, s: SpaceId) -> String {
        let sp = self.rs.space(s);
        match self.loc {
            Locale::En => sp.name_en.clone(),
            Locale::Ru => {
                let word = Case::Pre.pick(&sp.name_ru, &sp.ru);
                format!("{} {word}", ru_place_prep(&sp.ru.prep, word, false))
            }
        }
    }

    /// From where: English the name, Russian `из Мадрида`, `с Мальты`.
    pub fn space_from(&self, s: SpaceId) -> String {
        let sp = self.rs.space(s);
        match self.loc {
            Locale::En => sp.name_en.clone(),
            Locale::Ru => {
                let word = Case::Gen.pick(&sp.name_ru, &sp.ru);
                let prep = if sp.ru.prep == "на" {
                    ru_with_prep(word)
                } else {
                    "из"
                };
                format!("{prep} {word}")
            }
        }
    }

    /// Where to: English the name, Russian `в Наварру`, `во Флоренцию`, `на Мальту`.
    pub fn space_to(&self, s: SpaceId) -> String {
        let sp = self.rs.space(s);
        match self.loc {
            Locale::En => sp.name_en.clone(),
            Locale::Ru => {
                let word = Case::Acc.pick(&sp.name_ru, &sp.ru);
                format!("{} {word}", ru_place_prep(&sp.ru.prep, word, true))
            }
        }
    }

    /// With a power: English the name, Russian `с Испанией`, `со Священной Римской империей`.
    pub fn power_with(&self, p: Power) -> String {
        match self.loc {
            Locale::En => self.power(p),
            Locale::Ru => {
                let word = self.power_case(p, Case::Ins);
                format!("{} {word}", ru_with_prep(&word))
            }
        }
    }

    /// The nominative and case forms of a place named by data id: a sea zone or a space.
    fn place_forms(&self, id: &str) -> Option<(&str, &crate::engine::ruleset::RuForms)> {
        if let Some(z) = self.rs.sea_zones.iter().find(|z| z.id == id) {
            return Some((z.name_ru.as_str(), &z.ru));
        }
        self.rs
            .space_id(id)
            .map(|s| self.rs.space(s))
            .map(|sp| (sp.name_ru.as_str(), &sp.ru))
    }

    /// A name with its preposition in Russian, by the one rule every place name goes through:
    /// `to` picks the accusative (`в`/`на` + куда), else the prepositional (`в`/`на` + где);
    /// English games get the name alone (the sentence carries "in", "to").
    fn place_with(&self, id: &str, en: String, kind: PlaceRole) -> String {
        let Locale::Ru = self.loc else { return en };
        let Some((nom, f)) = self.place_forms(id) else {
            return format!("в {}", self.place_name(id));
        };
        match kind {
            PlaceRole::In => {
                let w = Case::Pre.pick(nom, f);
                format!("{} {w}", ru_place_prep(&f.prep, w, false))
            }
            PlaceRole::To => {
                let w = Case::Acc.pick(nom, f);
                format!("{} {w}", ru_place_prep(&f.prep, w, true))
            }
            PlaceRole::From => {
                let w = Case::Gen.pick(nom, f);
                let prep = if f.prep == "на" {
                    ru_with_prep(w)
                } else {
                    "из"
                };
                format!("{prep} {w}")
            }
        }
    }

    /// A port's or sea zone's name in a Russian case (English games: the name).
    pub fn place_case(&self, id: &str, case: Case) -> String {
        match (self.loc, self.place_forms(id)) {
            (Locale::Ru, Some((nom, f))) => case.pick(nom, f).to_string(),
            _ => self.place_id(id),
        }
    }

    /// Where, for a port or sea zone id: English the name, Russian «в Эгейском море».
    pub fn place_name_in(&self, id: &str) -> String {
        self.place_with(id, self.place_id(id), PlaceRole::In)
    }

    /// From where, for a port or sea zone id: Russian «из Стамбула», «с Берберийского берега».
    pub fn place_from(&self, id: &str) -> String {
        self.place_with(id, self.place_id(id), PlaceRole::From)
    }

    /// Where to, for a port or sea zone id: Russian «в Эгейское море».
    pub fn place_to(&self, id: &str) -> String {
        self.place_with(id, self.place_id(id), PlaceRole::To)
    }

    /// A leader's name in a Russian case («герцога Альбу»); English games: the name.
    pub fn leader_case(&self, id: &str, case: Case) -> String {
        match (self.loc, self.rs.leaders.iter().find(|l| l.id == id)) {
            (Locale::Ru, Some(l)) => case.pick(&l.name_ru, &l.ru).to_string(),
            _ => self.leader(id),
        }
    }

    /// A Russian past-tense form agreeing with a space name's gender («Вена взята», «Мадрид
    /// взят», «Бордо взят»): the data's `ru_gender`, else read from the name's ending.
    pub fn ru_past(&self, s: SpaceId, m: &str, f: &str, n: &str, pl: &str) -> String {
        let sp = self.rs.space(s);
        match ru_gender_column(&sp.ru.gender).unwrap_or_else(|| ru_gender(&sp.name_ru)) {
            RuGender::M => m,
            RuGender::F => f,
            RuGender::N => n,
            RuGender::Pl => pl,
        }
        .to_string()
    }

    /// A space named by data id through `f` (`space_in`, `space_to` …); an unknown id is shown
    /// as it is, after `в` in Russian.
    fn by_id(&self, id: &str, f: impl Fn(&Self, SpaceId) -> String) -> String {
        match self.rs.space_id(id) {
            Some(s) => f(self, s),
            None => tr!(self.loc, "{}", "в {}", self.place_name(id)),
        }
    }

    /// A space named by data id (falls back to the id).
    pub fn space_id(&self, id: &str) -> String {
        match self.rs.space_id(id) {
            Some(s) => self.space(s),
            None => id.to_string(),
        }
    }

    /// A world-map element's or sea zone's display name (falls back to the id).
    pub fn place_name(&self, id: &str) -> String {
        if let Some(w) = self.rs.world.iter().find(|w| w.id == id) {
            return self.loc.pick(&w.name_en, &w.name_ru).to_string();
        }
        if let Some(z) = self.rs.sea_zones.iter().find(|z| z.id == id) {
            return self.loc.pick(&z.name_en, &z.name_ru).to_string();
        }
        self.space_id(id)
    }

    /// A port or sea zone named by data id (falls back to the id).
    pub fn place_id(&self, id: &str) -> String {
        match self.rs.sea_zones.iter().find(|z| z.id == id) {
            Some(z) => self.loc.pick(&z.name_en, &z.name_ru).to_string(),
            None => self.space_id(id),
        }
    }

    /// The fleets at sea, one zone after another ("At sea: Gulf of Lyon — Spain 2 squadrons,
    /// Doria"), or `None` when no ship is at sea.
    pub fn at_sea(&self, b: &crate::engine::board::Board) -> Option<String> {
        let l = self.loc;
        let zones: Vec<String> = b
            .seas
            .iter()
            .map(|(z, forces)| {
                let fs: Vec<String> = forces
                    .iter()
                    .map(|f| {
                        let mut parts = vec![self.owner(f.owner())];
                        if f.squadrons > 0 {
                            parts.push(self.n_squadrons(u32::from(f.squadrons)));
                        }
                        if f.corsairs > 0 {
                            parts.push(self.n_corsairs(u32::from(f.corsairs)));
                        }
                        parts.extend(f.leaders.iter().map(|x| self.leader(x)));
                        parts.join(" ")
                    })
                    .collect();
                format!("{} — {}", self.place_id(z), fs.join("; "))
            })
            .collect();
        (!zones.is_empty()).then(|| tr!(l, "⚓ At sea: {}", "⚓ В море: {}", zones.join(" · ")))
    }

    /// Piracy VP, this turn's piracy markers and the Barbary Pirates flag, or `None` when none
    /// is set (C-PIRACY, C-RAISE).
    pub fn piracy_status(&self, n: &crate::engine::piracy::NavalState) -> Option<String> {
        if n.is_empty() {
            return None;
        }
        let l = self.loc;
        let mut parts = vec![tr!(
            l,
            "Ottoman piracy VP {}",
            "пиратских ПО у османов: {}",
            n.piracy_vp
        )];
        if !n.pirated.is_empty() {
            let z: Vec<String> = n.pirated.iter().map(|x| self.place_id(x)).collect();
            parts.push(tr!(
                l,
                "pirated this turn: {}",
                "пиратство в этом ходу: {}",
                self.list(z)
            ));
        }
        if n.barbary_pirates {
            parts.push(
                l.pick("corsairs may be built", "можно строить корсаров")
                    .to_string(),
            );
        }
        Some(format!("☠ {}", parts.join("; ")))
    }

    /// A piracy reward's name (C-PIRACY).
    pub fn piracy_reward(&self, r: PiracyReward) -> String {
        match r {
            PiracyReward::Squadron => self.loc.pick("a squadron", "эскадра"),
            PiracyReward::Card => self.loc.pick("a card", "карта"),
            PiracyReward::Vp => self.loc.pick("1 VP", "1 ПО"),
        }
        .to_string()
    }

    /// A card as `#12 «Name»`.
    pub fn card(&self, n: u16) -> String {
        match self.rs.card(n) {
            Some(c) => format!("#{n} «{}»", self.loc.pick(&c.name_en, &c.name_ru)),
            None => format!("#{n}"),
        }
    }

    // --- treasures
    /// A treasure's face: `#3 (Portuguese treasure, 2 CP)`, `№3 (португальское сокровище, 2 ОД)`.
    pub fn treasure(&self, n: u16) -> String {
        match self.rs.treasure(n) {
            Some(t) => tr!(
                self.loc,
                "#{} ({}, {} CP)",
                "№{} ({}, {} ОД)",
                n,
                self.loc.pick(&t.name_en, &t.name_ru),
                t.cp
            ),
            None => format!("#{n}"),
        }
    }

    // --- player information
    /// A card as a hand lists it: `#12 «Name» (5 CP, event)`, `#12 «Название» (5 ОД, событие)`.
    pub fn card_in_hand(&self, n: u16) -> String {
        match self.rs.card(n) {
            Some(c) => tr!(
                self.loc,
                "{} ({} CP, {})",
                "{} ({} ОД, {})",
                self.card(n),
                c.cp,
                self.card_kind(c.kind)
            ),
            None => self.card(n),
        }
    }

    /// A card kind as a word.
    pub fn card_kind(&self, k: CardKind) -> &'static str {
        let (en, ru) = match k {
            CardKind::Home => ("home card", "домашняя"),
            CardKind::Mandatory => ("mandatory event", "обязательное событие"),
            CardKind::Response => ("response", "ответная"),
            CardKind::Combat => ("combat", "боевая"),
            CardKind::Event => ("event", "событие"),
            CardKind::ForeignWar => ("foreign war", "внешняя война"),
        };
        self.loc.pick(en, ru)
    }

    /// `card` command: a card's number, name, CP, kind and text where the data has one, with
    /// the text's source; `None` for a number the data lacks.
    pub fn card_info(&self, n: u16) -> Option<String> {
        let c = self.rs.card(n)?;
        let l = self.loc;
        let mut out = tr!(
            l,
            "**{}** — {} CP, {}.",
            "**{}** — {} ОД, {}.",
            self.card(n),
            c.cp,
            self.card_kind(c.kind)
        );
        if let Some(o) = c.owner {
            out.push_str(&tr!(
                l,
                " Home card of {}.",
                " Домашняя карта державы {}.",
                self.power(o)
            ));
        }
        match &c.text {
            Some(t) => out.push_str(&tr!(
                l,
                "\nText: {} (source: {})",
                "\nТекст: {} (источник: {})",
                l.pick(&t.en, &t.ru),
                self.source(t.source)
            )),
            None => out.push_str(l.pick(
                "\nIts text is not known: no source we have states it.",
                "\nЕё текст неизвестен: ни один наш источник его не приводит.",
            )),
        }
        out.push_str(&self.card_event_words(c));
        out.push_str(&tr!(
            l,
            "\nCard data: {}.",
            "\nДанные карты: {}.",
            self.source(c.source)
        ));
        Some(out)
    }

    /// Where data comes from, in words.
    pub fn source(&self, s: crate::engine::power::Source) -> &'static str {
        use crate::engine::power::Source;
        match s {
            Source::Seed => self
                .loc
                .pick("the game's seed rules", "исходные правила игры"),
            Source::His => self.loc.pick("Here I Stand", "Here I Stand"),
            Source::Reconstruction => self.loc.pick(
                "reconstruction from play reports and the FAQ",
                "реконструкция по отчётам о партиях и FAQ",
            ),
            Source::Placeholder => self.loc.pick("placeholder (a guess)", "заглушка (догадка)"),
            Source::Owner => self.loc.pick(
                "the group's own copy of the game",
                "собственный экземпляр игры группы",
            ),
        }
    }

    /// A leader's display name.
    pub fn leader(&self, id: &str) -> String {
        match self.rs.leaders.iter().find(|l| l.id == id) {
            Some(l) => self.loc.pick(&l.name_en, &l.name_ru).to_string(),
            None => id.to_string(),
        }
    }

    fn units(&self, u: &Units) -> String {
        let mut parts = Vec::new();
        if u.regulars > 0 {
            parts.push(self.n_regulars(u32::from(u.regulars)));
        }
        if u.mercenaries > 0 {
            parts.push(self.n_mercenaries(u32::from(u.mercenaries)));
        }
        if u.cavalry > 0 {
            parts.push(self.n_cavalry(u32::from(u.cavalry)));
        }
        for x in &u.leaders {
            parts.push(self.leader(x));
        }
        if parts.is_empty() {
            self.loc.pick("nothing", "ничего").into()
        } else {
            parts.join(", ")
        }
    }

    /// A formation as autocomplete shows it: "4 regulars, 1 cavalry, Henri II",
    /// "4 рег., 1 кав., Генрих II". `counts` are regulars, mercenaries, cavalry, squadrons.
    pub fn formation(&self, counts: [u8; 4], leaders: &[String]) -> String {
        const WORDS: [(&str, &str, &str); 4] = [
            ("regular", "regulars", "рег."),
            ("mercenary", "mercenaries", "наём."),
            ("cavalry", "cavalry", "кав."),
            ("squadron", "squadrons", "эскадр."),
        ];
        let mut parts: Vec<String> = counts
            .iter()
            .zip(WORDS)
            .filter(|(n, _)| **n > 0)
            .map(|(n, (one, many, ru))| match self.loc {
                Locale::En => format!("{n} {}", if *n == 1 { one } else { many }),
                Locale::Ru => format!("{n} {ru}"),
            })
            .collect();
        parts.extend(leaders.iter().map(|l| self.leader(l)));
        parts.join(", ")
    }

    /// Unit counts (regulars, mercenaries, cavalry, squadrons, and corsairs when any) in short
    /// form: `4r 0m 1c 2s`, `4р 0н 1к 2э`, `0r 0m 0c 0s 2co`; every type is shown so a before →
    /// after reads column by column.
    pub fn counts(&self, c: [u8; 5]) -> String {
        let base = tr!(
            self.loc,
            "{}r {}m {}c {}s",
            "{}р {}н {}к {}э",
            c[0],
            c[1],
            c[2],
            c[3]
        );
        // Corsairs only where there are any (the Ottoman's).
        if c[4] > 0 {
            format!("{base} {}", tr!(self.loc, "{}co", "{}кр", c[4]))
        } else {
            base
        }
    }

    /// A foreign war's progress as autocomplete shows it: who fights, land units sent of those
    /// required, the foreign army left.
    pub fn war_progress(&self, power: Power, sent: u32, required: u8, army: u8) -> String {
        tr!(
            self.loc,
            "{}: {}/{} units sent, foreign army {}",
            "{}: послано войск {}/{}, чужая армия {}",
            self.power(power),
            sent,
            required,
            army
        )
    }

    fn unit_kind(&self, u: UnitKind) -> &'static str {
        match u {
            UnitKind::Regular => self.loc.pick("a regular", "регуляр"),
            UnitKind::Mercenary => self.loc.pick("a mercenary", "наёмника"),
            UnitKind::Cavalry => self.loc.pick("a cavalry unit", "кавалерию"),
            UnitKind::Squadron => self.loc.pick("a squadron", "эскадру"),
            UnitKind::Corsair => self.loc.pick("a corsair", "корсара"),
        }
    }

    /// A phase's name.
    pub fn phase(&self, p: PhaseName) -> &'static str {
        match p {
            PhaseName::CardDraw => self.loc.pick("Card Draw", "Раздача карт"),
            PhaseName::Diplomacy => self.loc.pick("Diplomacy", "Дипломатия"),
            PhaseName::SpringDeployment => {
                self.loc.pick("Spring Deployment", "Весеннее развёртывание")
            }
            PhaseName::Action => self.loc.pick("Action", "Действия"),
            PhaseName::Winter => self.loc.pick("Winter", "Зима"),
            PhaseName::VictoryDetermination => {
                self.loc.pick("Victory Determination", "Подсчёт победы")
            }
        }
    }

    fn relation(&self, r: Relation) -> &'static str {
        match r {
            Relation::Peace => self.loc.pick("peace", "мир"),
            Relation::War => self.loc.pick("war", "война"),
            Relation::Alliance => self.loc.pick("alliance", "союз"),
        }
    }

    /// The Empire's choice as a word (only ever shown to the Empire, or after the reveal).
    pub fn choice(&self, c: EmpireChoice) -> &'static str {
        match c {
            EmpireChoice::Protestant => self.loc.pick("Protestant", "протестантский"),
            EmpireChoice::Catholic => self.loc.pick("Catholic", "католический"),
            EmpireChoice::Balanced => self.loc.pick("Balanced", "равновесие"),
        }
    }

    fn dice(&self, s: &Side) -> String {
        let d: Vec<String> = s.dice.iter().map(|x| x.to_string()).collect();
        tr!(
            self.loc,
            "{}: [{}] {}, {} lost",
            "{}: [{}] {}, потери {}",
            self.owner(s.owner),
            d.join(" "),
            self.n_hits(s.hits),
            s.losses
        )
    }

    /// Dice and hits without losses, for rolls that remove no units (a rebellion).
    fn dice_hits(&self, s: &Side) -> String {
        let d: Vec<String> = s.dice.iter().map(|x| x.to_string()).collect();
        tr!(
            self.loc,
            "{}: [{}] {}",
            "{}: [{}] {}",
            self.owner(s.owner),
            d.join(" "),
            self.n_hits(s.hits)
        )
    }

    // ----- events --------------------------------------------------------------------

    // ----- table messages ------------------------------------------------------------

    /// A faction: "Huguenot" in English; in Russian the people, genitive ("гугенотов"), so that it
    /// follows a noun without agreement ("столица гугенотов").
    pub fn faction(&self, f: Faction) -> &'static str {
        match f {
            Faction::Huguenot => self.loc.pick("Huguenot", "гугенотов"),
            Faction::Dutch => self.loc.pick("Dutch", "голландцев"),
        }
    }

    /// Where a faction's territory is: "in France", "во Франции".
    fn territory_in(&self, f: Faction) -> &'static str {
        match f {
            Faction::Huguenot => self.loc.pick("in France", "во Франции"),
            Faction::Dutch => self.loc.pick("in the Netherlands", "в Нидерландах"),
        }
    }

    /// A faith as a predicate adjective: "Catholic", "католическое".
    fn religion_adj(&self, r: crate::engine::power::Religion) -> &'static str {
        match r {
            crate::engine::power::Religion::Catholic => self.loc.pick("Catholic", "католическое"),
            crate::engine::power::Religion::Protestant => {
                self.loc.pick("Protestant", "протестантское")
            }
        }
    }

    /// A faith after "no … space": "Catholic", "католического".
    fn religion_gen(&self, r: crate::engine::power::Religion) -> &'static str {
        match r {
            crate::engine::power::Religion::Catholic => self.loc.pick("Catholic", "католического"),
            crate::engine::power::Religion::Protestant => {
                self.loc.pick("Protestant", "протестантского")
            }
        }
    }

    /// A zone of religious struggle by name: "the Netherlands", "Нидерланды".
    pub fn zone_name(&self, z: crate::engine::power::ReligiousZone) -> &'static str {
        use crate::engine::power::ReligiousZone as Z;
        match z {
            Z::Netherlands => self.loc.pick("Netherlands", "Нидерланды"),
            Z::France => self.loc.pick("France", "Франция"),
            Z::England => self.loc.pick("England", "Англия"),
            Z::Scotland => self.loc.pick("Scotland", "Шотландия"),
            Z::None => self.loc.pick("outside the zones", "вне зон"),
        }
    }

    /// Where a zone of religious struggle is: "in England", "в Англии".
    fn zone_in(&self, z: crate::engine::power::ReligiousZone) -> &'static str {
        use crate::engine::power::ReligiousZone as Z;
        match z {
            Z::Netherlands => self.loc.pick("in the Netherlands", "в Нидерландах"),
            Z::France => self.loc.pick("in France", "во Франции"),
            Z::England => self.loc.pick("in England", "в Англии"),
            Z::Scotland => self.loc.pick("in Scotland", "в Шотландии"),
            Z::None => self.loc.pick("outside the zones", "вне зон"),
        }
    }

    /// A world-map element by index into `Ruleset::world`.
    fn world(&self, i: u16) -> String {
        match self.rs.world.get(i as usize) {
            Some(w) => self.loc.pick(&w.name_en, &w.name_ru).to_string(),
            None => format!("#{i}"),
        }
    }

    /// Land units by type: "2 regulars, 1 mercenary, 0 cavalry".
    fn land_count(&self, c: &LandCount) -> String {
        match self.loc {
            Locale::En => format!(
                "{} regular{}, {} mercenar{}, {} cavalry",
                c.regulars,
                if c.regulars == 1 { "" } else { "s" },
                c.mercenaries,
                if c.mercenaries == 1 { "y" } else { "ies" },
                c.cavalry
            ),
            Locale::Ru => format!(
                "регуляры — {}, наёмники — {}, кавалерия — {}",
                c.regulars, c.mercenaries, c.cavalry
            ),
        }
    }

    /// After a refused leader entry: where the leader may enter now (R-PROT-LEADERS), as
    /// " — Coligny may enter in: La Rochelle, Orléans" or that it may enter nowhere now.
    pub fn leader_may_enter(&self, leader: &str, spaces: &[SpaceId]) -> String {
        if spaces.is_empty() {
            return tr_each!(self.loc, ". {} may enter nowhere now: a leader enters in a fortified home space of its faction that the Protestant controls", [self.leader(leader)], ". {} сейчас войти некуда: лидер входит в укреплённое родное пространство своей фракции под контролем протестантов", [self.leader(leader)]);
        }
        let list = self.list(spaces.iter().map(|s| self.space(*s)).collect());
        tr!(
            self.loc,
            ". {} may enter in: {}",
            ". {} может войти сюда: {}",
            self.leader(leader),
            list
        )
    }

    /// A standing answer in words.
    pub fn standing(&self, st: crate::engine::steps::Standing) -> &'static str {
        use crate::engine::steps::Standing as S;
        match st {
            S::NeverIntercept => self.loc.pick("never intercept", "никогда не перехватывать"),
            S::NeverAvoid => self
                .loc
                .pick("never avoid battle", "никогда не уклоняться от боя"),
            S::AlwaysWithdraw => self
                .loc
                .pick("always withdraw inside", "всегда укрываться за стенами"),
            S::NeverWithdraw => self
                .loc
                .pick("never withdraw inside", "никогда не укрываться за стенами"),
            S::DeclineCards => self
                .loc
                .pick("decline card windows", "не играть карты в окнах"),
            S::MercenariesFirst => self
                .loc
                .pick("casualties mercenaries first", "потери сначала наёмниками"),
            S::AlwaysJoinRelief => self.loc.pick(
                "besieged always join a relief",
                "осаждённые всегда выходят к деблокирующим",
            ),
            S::NeverJoinRelief => self.loc.pick(
                "besieged never join a relief",
                "осаждённые никогда не выходят к деблокирующим",
            ),
            S::AutoRetreat => self.loc.pick(
                "retreats by preference: inside first, then towards own units",
                "отступление по правилу: сначала за стены, затем к своим войскам",
            ),
            S::WinterDefault => self.loc.pick(
                "winter: first place or port listed, excess mercenaries first",
                "зимовка: первое место или порт из списка, лишние отряды сначала наёмники",
            ),
        }
    }

    /// A list joined by commas, or "none".
    fn list(&self, items: Vec<String>) -> String {
        if items.is_empty() {
            self.loc.pick("none", "нет").into()
        } else {
            items.join(", ")
        }
    }
}

/// How many allowed values a refusal lists from a long list (leaders), closest to the typed
/// one first; lists of up to `2 * NEAR_LIMIT + 3` values are shown whole.
pub const NEAR_LIMIT: usize = 6;

/// A Russian grammatical case of a name.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Case {
    /// Genitive.
    Gen,
    /// Accusative.
    Acc,
    /// Instrumental.
    Ins,
    /// Prepositional.
    Pre,
}

impl Case {
    /// This case's form, or the nominative `nom` when the data has none.
    pub fn pick<'a>(self, nom: &'a str, f: &'a crate::engine::ruleset::RuForms) -> &'a str {
        let form = match self {
            Case::Gen => &f.gen,
            Case::Acc => &f.acc,
            Case::Ins => &f.ins,
            Case::Pre => &f.pre,
        };
        if form.is_empty() {
            nom
        } else {
            form
        }
    }
}

/// Where a place stands in a sentence (its Russian preposition and case).
#[derive(Clone, Copy)]
enum PlaceRole {
    /// Where: в/на + prepositional.
    In,
    /// Where to: в/на + accusative.
    To,
    /// From where: из/с + genitive.
    From,
}

/// The grammatical gender of a Russian name.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RuGender {
    /// Masculine (Мадрид).
    M,
    /// Feminine (Вена).
    F,
    /// Neuter (Сараево).
    N,
    /// Plural (Нидерланды).
    Pl,
}

/// A Russian place name's gender read from the ending of its last word (the usual rule: -а/-я
/// feminine, -ы plural; a foreign name that does not decline, -о/-е/-и/-у, takes the gender of
/// «город», masculine: «Бордо взят»; else masculine). A name the rule gets wrong (Булонь,
/// Салоники) says its gender in the data's `ru_gender` column.
pub fn ru_gender(name: &str) -> RuGender {
    let last = name
        .split([' ', '-'])
        .next_back()
        .unwrap_or(name)
        .to_lowercase();
    match last.chars().next_back() {
        Some('а' | 'я') => RuGender::F,
        Some('ы') => RuGender::Pl,
        _ => RuGender::M,
    }
}

/// The gender written in the data (`ru_gender`), if any.
fn ru_gender_column(g: &str) -> Option<RuGender> {
    match g {
        "m" => Some(RuGender::M),
        "f" => Some(RuGender::F),
        "n" => Some(RuGender::N),
        "pl" => Some(RuGender::Pl),
        _ => None,
    }
}

/// Which Russian plural form a count takes: 0 one (1, 21), 1 few (2–4, 22), 2 many (5–20, 0).
pub fn ru_plural(n: u32) -> usize {
    match (n % 10, n % 100) {
        (1, r) if r != 11 => 0,
        (2..=4, r) if !(12..=14).contains(&r) => 1,
        _ => 2,
    }
}

fn is_ru_consonant(c: char) -> bool {
    "бвгджзйклмнпрстфхцчшщ".contains(c)
}

/// `в` or `во` (`во Флоренции`, `во Францию`) before a word; `на` where the data says so.
fn ru_place_prep(data: &str, word: &str, _to: bool) -> &'static str {
    if data == "на" {
        return "на";
    }
    let mut ch = word.chars().flat_map(char::to_lowercase);
    match (ch.next(), ch.next()) {
        (Some('в' | 'ф'), Some(c)) if is_ru_consonant(c) => "во",
        _ => "в",
    }
}

/// `с` or `со` before a word (`со Священной Римской империей`, `с Испанией`).
fn ru_with_prep(word: &str) -> &'static str {
    let mut ch = word.chars().flat_map(char::to_lowercase);
    match (ch.next(), ch.next()) {
        (Some('с' | 'з' | 'ш' | 'ж' | 'щ'), Some(c)) if is_ru_consonant(c) => "со",
        (Some('м'), Some('н')) => "со",
        _ => "с",
    }
}

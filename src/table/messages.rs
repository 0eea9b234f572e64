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
#[path = "court_words.rs"]
mod court_words;

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

    /// A Russian past-tense form agreeing with a space name's gender (by its ending: «Вена
    /// взята», «Мадрид взят», «Бордо взято»).
    pub fn ru_past(&self, s: SpaceId, m: &str, f: &str, n: &str, pl: &str) -> String {
        match ru_gender(&self.rs.space(s).name_ru) {
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

    /// One event as a line of text.
    pub fn event(&self, e: &EventKind) -> String {
        let l = self.loc;
        match e {
            EventKind::TurnStarted { turn } => tr!(l, "**Turn {}** begins.", "**Ход {}** начинается.", turn),
            EventKind::QuestionSkipped { power, skipped } => self.skipped(*power, skipped),
            EventKind::PhaseStarted { phase } => tr!(l, "— {} phase —", "— Фаза: {} —", self.phase(*phase)),
            EventKind::HandDealt { power, cards } => {
                let list: Vec<String> = cards.iter().map(|c| self.card_in_hand(*c)).collect();
                tr!(l, "Your hand ({}): {}", "Ваша рука ({}): {}", self.power(*power), list.join(", "))
            }
            EventKind::HandSize { power, cards } => tr!(l, "{} holds {} cards.", "{}: карт на руке — {}.", self.power(*power), cards),
            EventKind::ImpulseStarted { power } => tr!(l, "Impulse: {}.", "Импульс: {}.", self.power(*power)),
            EventKind::CardPlayed { power, card, mode } => match mode {
                CardMode::Cp => tr!(l, "{} plays {} for CP.", "{} играет {} за ОД.", self.power(*power), self.card(*card)),
                CardMode::Event => tr!(l, "{} plays {} as an event.", "{} играет {} как событие.", self.power(*power), self.card(*card)),
            },
            EventKind::Effect { card, what } => self.effect_event(*card, what),
            EventKind::Influence(e) => self.influence_event(e),
            EventKind::Court { what } => self.court_event(what),
            EventKind::EventNotAutomated { power, card } => tr!(
                l,
                "The event of {} is not automated: {} applies it with {}.",
                "Событие {} не автоматизировано: {} применяет его через {}.",
                self.card(*card),
                self.power(*power),
                self.command("adjust", &[])
            ),
            EventKind::CpLeft { power, cp } => tr!(l, "{} has {} CP left.", "{}: осталось ОД — {}.", self.power(*power), cp),
            EventKind::Passed { power } => tr!(l, "{} passes.", "{} пасует.", self.power(*power)),
            EventKind::Moved { power, from, to, units } => tr!(
                l,
                "{} moves {} from {} to {}.",
                "{} перемещает {} {} {}.",
                self.power(*power),
                self.units(units),
                self.space_from(*from),
                self.space_to(*to)
            ),
            EventKind::Deployed { power, from, to, units } => tr!(
                l,
                "{} deploys {} from {} to {}.",
                "{} развёртывает {} {} {}.",
                self.power(*power),
                self.units(units),
                self.space_from(*from),
                self.space_to(*to)
            ),
            EventKind::ControlChanged { space, from, to } => tr!(
                l,
                "{} passes from {} to {}.",
                "{} переходит от {} под контроль {}.",
                self.space(*space),
                self.owner_case(*from, Case::Gen),
                self.owner_case(*to, Case::Gen)
            ),
            EventKind::Raised { power, space, unit } => tr!(l, "{} raises {} in {}.", "{} набирает {} {}.", self.power(*power), self.unit_kind(*unit), self.space_in(*space)),
            EventKind::FortressBuilt { power, place } => tr!(l, "{} builds a fortress in {}.", "{} строит крепость {}.", self.power(*power), match self.rs.space_id(place) { Some(sp) => self.space_in(sp), None => tr!(l, "{}", "в {}", self.place_name(place)) }),
            EventKind::FieldBattle { space, attacker, defender, winner } => tr!(
                l,
                "Field battle in {}. {}; {}. Winner: {}.",
                "Полевое сражение {}. {}; {}. Победитель: {}.",
                self.space_in(*space),
                self.dice(attacker),
                self.dice(defender),
                self.owner(*winner)
            ),
            EventKind::SiegeStarted { space, by } => tr!(l, "{} besieges {}.", "{} осаждает {}.", self.power(*by), self.space_case(*space, Case::Acc)),
            EventKind::SiegeLifted { space } => tr!(l, "The siege of {} is lifted.", "Осада {} снята.", self.space_case(*space, Case::Gen)),
            EventKind::AssaultRolled { space, attacker, defender } => {
                tr!(l, "Assault on {}. {}; {}.", "Штурм {}. {}; {}.", self.space_case(*space, Case::Gen), self.dice(attacker), self.dice(defender))
            }
            EventKind::Assault { space, captured, .. } => match (l, *captured) {
                (Locale::En, true) => format!("{} is captured in the assault.", self.space(*space)),
                (Locale::En, false) => format!("{} holds against the assault.", self.space(*space)),
                (Locale::Ru, true) => format!("{} {} штурмом.", self.space(*space), self.ru_past(*space, "взят", "взята", "взято", "взяты")),
                (Locale::Ru, false) => format!("{} {} при штурме.", self.space(*space), self.ru_past(*space, "устоял", "устояла", "устояло", "устояли")),
            }
            EventKind::Retreated { owner, from, to } => tr!(l, "{} retreats from {} to {}.", "{} отступает {} {}.", self.owner(*owner), self.space_from(*from), self.space_to(*to)),
            EventKind::Eliminated { owner, space, units } => tr!(l, "{} loses {} in {}.", "{} теряет {} {}.", self.owner(*owner), self.n_units(*units), self.space_in(*space)),
            EventKind::Revolted { space, faction } => {
                let f = match faction {
                    crate::engine::power::Faction::Huguenot => l.pick("Huguenot", "Гугенотское"),
                    crate::engine::power::Faction::Dutch => l.pick("Dutch", "Голландское"),
                };
                tr!(l, "{} revolt in {}.", "{} восстание {}.", f, self.space_in(*space))
            }
            EventKind::LeadersWithdrawn { leaders } => {
                let names: Vec<String> = leaders.iter().map(|x| self.leader(x)).collect();
                tr!(l, "Protestant leaders leave the map: {}.", "Лидеры протестантов покидают карту: {}.", names.join(", "))
            }
            EventKind::ForeignWarStarted { card, power, required, army } => tr!(
                l,
                "{}: {} must send {} land units; the foreign army has {}.",
                "{}: {} должна послать {} сухопутных ед.; у чужой армии {}.",
                self.card(*card),
                self.power(*power),
                required,
                army
            ),
            EventKind::SentToWar { card, power, from, units } => tr!(
                l,
                "{} sends {} from {} to {}.",
                "{} посылает {} {} на {}.",
                self.power(*power),
                self.units(units),
                self.space_from(*from),
                self.card(*card)
            ),
            EventKind::ForeignWarBattle { card, attacker, defender } => tr!(
                l,
                "Foreign war ({}): {}; {}.",
                "Внешняя война ({}): {}; {}.",
                self.card(*card),
                self.dice(attacker),
                self.dice(defender)
            ),
            EventKind::ForeignWarEnded { card, power, to, units } => match to {
                Some(s) => tr!(
                    l,
                    "{} is won: {}'s {} units return to {}.",
                    "{} выиграна: {} ед. ({}) возвращаются {}.",
                    self.card(*card),
                    self.power(*power),
                    units,
                    self.space_to(*s)
                ),
                None => tr!(l, "{} is over for {}.", "{} для {} окончена.", self.card(*card), self.power(*power)),
            },
            EventKind::LeaderCaptured { leader, by } => tr_each!(l, "{} captures {}.", [self.power(*by), self.leader(leader)], "{} пленяет {}.", [self.power(*by), self.leader_case(leader, Case::Acc)]),
            EventKind::WarDeclared { by, target } => tr!(l, "{} declares war on {}.", "{} объявляет войну: {}.", self.power(*by), self.power(*target)),
            EventKind::Offered { from, to, status } => tr!(l, "{} offers {} to {}.", "{} предлагает {}: {}.", self.power(*from), self.relation(*status), self.power(*to)),
            EventKind::OfferAccepted { from, to, status } => tr!(l, "{} accepts {} with {}.", "{} принимает {} {}.", self.power(*to), self.relation(*status), self.power_with(*from)),
            EventKind::OfferDeclined { from, to, status } => tr!(l, "{} declines {} with {}.", "{} отклоняет {} {}.", self.power(*to), self.relation(*status), self.power_with(*from)),
            EventKind::MinorAllied { minor, power } => tr!(
                l,
                "{} becomes the ally of {}.",
                "{} становится союзником: {}.",
                self.owner(crate::engine::Owner::Minor(*minor)),
                self.power(*power)
            ),
            EventKind::DiplomacyDone { power } => tr!(l, "{} is done negotiating.", "Держава {} закончила переговоры.", self.power(*power)),
            EventKind::SecretCommitted { commitment } => tr!(
                l,
                "The Empire has made its secret choice. Commitment sha256(choice|salt) = `{}`.",
                "Империя сделала тайный выбор. Обязательство sha256(выбор|соль) = `{}`.",
                commitment
            ),
            EventKind::SecretChosen { choice, salt } => tr!(
                l,
                "Your secret choice: **{}**. Salt: `{}` (keep it; it proves the choice at the reveal).",
                "Ваш тайный выбор: **{}**. Соль: `{}` (она докажет выбор при раскрытии).",
                self.choice(*choice),
                salt
            ),
            EventKind::SecretRevealed { choice, salt, vp, reason } => tr!(
                l,
                "The Empire reveals its choice: **{}** (salt `{}`), worth {} VP. ({})",
                "Империя раскрывает выбор: **{}** (соль `{}`), {} ПО. ({})",
                self.choice(*choice),
                salt,
                vp,
                self.reveal_reason(*reason)
            ),
            EventKind::WinterQuarters { owner, from, to, units } => tr!(l, "Winter: {} moves {} from {} to {}.", "Зима: {} отводит {} {} {}.", self.owner(*owner), self.n_units(*units), self.space_from(*from), self.space_to(*to)),
            EventKind::FreeRegular { power, space } => tr!(l, "{} gets a free regular in {}.", "{} получает бесплатного регуляра {}.", self.power(*power), self.space_in(*space)),
            EventKind::CapitalMoved { power, to } => match to {
                // R-PROT-CAPITAL: a Protestant capital belongs to the faction of its territory.
                Some(s) if *power == crate::engine::Power::Protestant => {
                    let f = if self.rs.space(*s).zone == crate::engine::power::ReligiousZone::Netherlands {
                        Faction::Dutch
                    } else {
                        Faction::Huguenot
                    };
                    tr!(l, "The {} capital is now {}.", "Столица {} теперь {}.", self.faction(f), self.space_in(*s))
                }
                Some(s) => tr!(l, "{}'s capital moves to {}.", "Столица {} переносится {}.", self.power_case(*power, Case::Gen), self.space_to(*s)),
                None => tr!(l, "{} loses a capital.", "{} теряет столицу.", self.power(*power)),
            },
            EventKind::RulerChanged { power, ruler } => {
                let name = self.rs.rulers.iter().find(|r| &r.id == ruler).map_or(ruler.clone(), |r| l.pick(&r.name_en, &r.name_ru).to_string());
                tr!(l, "{} has a new ruler: {}.", "У {} новый правитель: {}.", self.power(*power), name)
            }
            EventKind::MasterOfCentralEurope { held } => {
                if *held {
                    l.pick("The Empire is Master of Central Europe (+1 VP).", "Империя — Владыка Центральной Европы (+1 ПО).").into()
                } else {
                    l.pick("The Empire loses Master of Central Europe.", "Империя теряет титул Владыки Центральной Европы.").into()
                }
            }
            EventKind::VpTotals { vp, seated } => {
                // Every power in play, 0 included, and no other (an old log without the list:
                // the powers with VP).
                let listed = |p: &Power, v: i32| if seated.is_empty() { v != 0 } else { seated.contains(p) };
                let parts: Vec<String> = Power::ALL.iter().zip(vp.iter()).filter(|(p, v)| listed(p, **v)).map(|(p, v)| format!("{} {v}", self.power(*p))).collect();
                tr!(l, "VP: {}.", "ПО: {}.", parts.join(", "))
            }
            // --- diplomacy, winter, cards and victory
            EventKind::WarCostPaid { power, card, cost } => tr!(l, "{} discards {} to pay {} CP for the war.", "{} сбрасывает {}, чтобы оплатить войну ({} очк.).", self.power(*power), self.card(*card), cost),
            EventKind::PeaceUnitsOwed { power, units } => tr!(l, "{} removes {} of its own land units from the map, its choice (suing for peace: {}).", "{} снимает с карты {} своих сухопутных отрядов по своему выбору (цена просьбы о мире: {}).", self.power(*power), units, self.command("surrender", &["space", "units"])),
            EventKind::PeaceSued { by, winner, vp } => tr!(l, "{} sues {} for peace; {} gains {} VP.", "{} просит мира у державы {}; {} получает ПО: {}.", self.power(*by), self.power(*winner), self.power(*winner), vp),
            EventKind::LeaderRansomed { leader, owner, captor, cards, to } => {
                let n = self.n_cards(u32::from(*cards));
                let took = match (l, *cards) {
                    (Locale::En, 0) => format!("{}'s hand is empty: no card moves", self.power(*owner)),
                    (Locale::Ru, 0) => format!("рука {} пуста: карты не переходят", self.power_case(*owner, Case::Gen)),
                    (Locale::En, _) => format!("{} takes {n} at random from {}'s hand (only the two are told which)", self.power(*captor), self.power(*owner)),
                    (Locale::Ru, _) => format!("{} берёт наугад {n} из руки {} (какие — знают только они двое)", self.power(*captor), self.power_case(*owner, Case::Gen)),
                };
                match (l, to) {
                    (Locale::En, Some(s)) => format!("{} is ransomed: back to {} in {}; {took}.", self.leader(leader), self.power(*owner), self.space(*s)),
                    (Locale::Ru, Some(s)) => format!("{} выкуплен: возвращается к державе {} {}; {took}.", self.leader(leader), self.power(*owner), self.space_to(*s)),
                    (Locale::En, None) => format!("{} is ransomed: back to {} off the map (no capital); {took}.", self.leader(leader), self.power(*owner)),
                    (Locale::Ru, None) => format!("{} выкуплен: возвращается к державе {} вне карты (нет столицы); {took}.", self.leader(leader), self.power(*owner)),
                }
            }
            EventKind::RansomCards { owner, captor, cards } => {
                let list = self.list(cards.iter().map(|c| self.card_in_hand(*c)).collect());
                let n = self.n_cards(cards.len() as u32);
                match l {
                    Locale::En => format!("Ransom (only {} and {} are told): {n} moves from {}'s hand to {}'s: {list}.", self.power(*owner), self.power(*captor), self.power(*owner), self.power(*captor)),
                    Locale::Ru => format!("Выкуп (знают только {} и {}): из руки {} в руку {} переходит {n}: {list}.", self.power(*owner), self.power(*captor), self.power_case(*owner, Case::Gen), self.power_case(*captor, Case::Gen)),
                }
            }
            EventKind::Recalled { power, from, to, units } => tr!(l, "{} recalls {} from {} to its capital {}.", "{} стягивает {} {} в столицу — {}.", self.power(*power), self.n_units(*units), self.space_from(*from), self.space_to(*to)),
            EventKind::AllianceEnded { a, b } => tr!(l, "Winter: the alliance of {} and {} ends.", "Зима: союз держав {} и {} окончен.", self.power(*a), self.power(*b)),
            EventKind::WinterQuestion { power, from, to, excess: 0 } => tr!(l, "Winter: the units of {} in {} may winter in {}, equally near: its choice.", "Зима: войска державы {} {} могут зимовать здесь: {} — одинаково близко, выбор за ней.", self.power(*power), self.space_in(*from), self.list(to.iter().map(|s| self.space(*s)).collect())),
            EventKind::WinterQuestion { power, from, to, excess } => tr!(l, "Winter: {} in {}: {} land units over the winter limit; it chooses which go to a capital ({}).", "Зима: у державы {} {} на {} сухопутных отрядов больше, чем можно для зимовки; она выбирает, какие идут в столицу ({}).", self.power(*power), self.space_in(*from), excess, self.list(to.iter().map(|s| self.space(*s)).collect())),
            EventKind::MinorWarDeclared { by, minor } => tr!(l, "{} declares war on {}.", "{} объявляет войну державе {}.", self.power(*by), self.owner(Owner::Minor(*minor))),
            EventKind::MinorPeace { by, minor } => tr!(l, "{} makes peace with {}; the war between them is over.", "{} заключает мир с державой {}; война между ними окончена.", self.power(*by), self.owner(Owner::Minor(*minor))),
            EventKind::MinorWarEnded { power, minor, ally } => tr!(l, "The war of {} on {} ends: {} is now allied to {}.", "Война державы {} с державой {} окончена: {} теперь в союзе с державой {}.", self.power(*power), self.owner(Owner::Minor(*minor)), self.owner(Owner::Minor(*minor)), self.power(*ally)),
            EventKind::MandatoryOverdue { power, card, removed: false } => tr!(l, "Winter: the mandatory event {} was not played by its due turn; {} resolves it now and it is discarded.", "Зима: обязательное событие {} не сыграно к сроку; {} разыгрывает его сейчас, карта уходит в сброс.", self.card(*card), self.power(*power)),
            EventKind::MandatoryOverdue { power, card, removed: true } => tr!(l, "Winter: the mandatory event {} was not played by its due turn; {} resolves it now and it leaves the game.", "Зима: обязательное событие {} не сыграно к сроку; {} разыгрывает его сейчас, карта выходит из игры.", self.card(*card), self.power(*power)),
            EventKind::WinterAttrition { owner, space, lost, to } => match to {
                Some(t) => tr!(l, "Winter: {} in {} has no way to winter quarters and loses {}; the rest go to {}.", "Зима: у {} {} нет пути к зимним квартирам, потеряно {}; остальные идут {}.", self.owner_case(*owner, Case::Gen), self.space_in(*space), self.n_units(*lost), self.space_to(*t)),
                None => tr!(l, "Winter: {} in {} has no way to winter quarters and no capital; {} eliminated.", "Зима: у {} {} нет пути к зимним квартирам и нет столицы; уничтожено {}.", self.owner_case(*owner, Case::Gen), self.space_in(*space), self.n_units(*lost)),
            },
            EventKind::Adjusted { by, adjustment } => tr!(l, "Manual fix by {}: {}.", "Ручная правка ({}): {}.", self.power(*by), self.adjustment(adjustment)),
            EventKind::CardMoved { by, to } => match to {
                CardPlace::Hand(p) => tr!(
                    l,
                    "Manual fix by {}: a card moved to {}'s hand.",
                    "Ручная правка ({}): карта переложена в руку державы {}.",
                    self.power(*by),
                    self.power(*p)
                ),
                _ => tr!(l, "Manual fix by {}: a card moved to {}.", "Ручная правка ({}): карта → {}.", self.power(*by), self.card_place(to)),
            },
            EventKind::LeaderEntered { leader, space } => tr!(
                l,
                "{} enters play in {}.",
                "Лидер {} вступает в игру в пространстве {}.",
                self.leader(leader),
                self.space(*space)
            ),
            EventKind::HuguenotCapitalStays { card } => tr!(
                l,
                "{}: the Huguenot capital cannot move (none on the map, or no Protestant-held space in France it may move to).",
                "{}: столица гугенотов не переносится (её нет на карте или во Франции нет укреплённого пространства под контролем протестантов).",
                self.card(*card)
            ),
            // --- religion (X-REL-*)
            EventKind::ConversionSixRolled { power, space, modifier } => tr!(
                l,
                "{} rolls a natural 6 converting {} (modifier {:+}): keep the 6 and place unrest there ({}), or count it as a 5 ({}).",
                "{} выбрасывает 6 при обращении пространства {} (модификатор {:+}): оставить 6 и поставить там беспорядки ({}) или считать как 5 ({}).",
                self.power(*power),
                self.space(*space),
                modifier,
                format!("`{}`", self.command_line("six count:6")),
                format!("`{}`", self.command_line("six count:5"))
            ),
            EventKind::ConversionAttempt { power, space, natural, counted, modifier, needed, success } => {
                let counted_as = if counted == natural {
                    String::new()
                } else {
                    tr!(l, " counted as {}", " (засчитано как {})", counted)
                };
                let end = if *success { l.pick("converted", "успех") } else { l.pick("no change", "неудача") };
                tr!(
                    l,
                    "{} attempts to convert {}: rolled {}{}, modifier {:+}, total {}, needed {}: {}.",
                    "{}: попытка обращения в пространстве {}: выпало {}{}, модификатор {:+}, итог {}, нужно {} — {}.",
                    self.power(*power),
                    self.space(*space),
                    natural,
                    counted_as,
                    modifier,
                    *counted as i32 + *modifier as i32,
                    needed,
                    end
                )
            }
            EventKind::ReligionChanged { space, religion } => match religion {
                crate::engine::power::Religion::Catholic => tr!(l, "{} turns Catholic.", "Пространство {} становится католическим.", self.space(*space)),
                crate::engine::power::Religion::Protestant => tr!(l, "{} turns Protestant.", "Пространство {} становится протестантским.", self.space(*space)),
            },
            EventKind::UnrestPlaced { space } => tr!(l, "Unrest in {}.", "Беспорядки в пространстве {}.", self.space(*space)),
            EventKind::CatholicRebellion { space, by, attacker, defender, success } => {
                let end = if *success {
                    l.pick("The rebels stir unrest.", "Мятежники сеют беспорядки.")
                } else {
                    l.pick("The rebellion fails.", "Восстание подавлено.")
                };
                tr!(
                    l,
                    "English Catholic rebellion in {}, raised by {}. {}; {}. {}",
                    "Английское католическое восстание в пространстве {}, поднятое державой {}. {}; {}. {}",
                    self.space(*space),
                    self.power(*by),
                    self.dice_hits(attacker),
                    self.dice_hits(defender),
                    end
                )
            }
            // --- safe input
            EventKind::UnitsAdjusted { by, space, owner, faction, before, after } => {
                let who = match faction {
                    Some(f) => self.owner_id(f.as_str()),
                    None => self.owner(*owner),
                };
                tr!(
                    l,
                    "Manual fix by {}: {} units in {}: {} → {}.",
                    "Ручная правка ({}): войска ({}) {}: {} → {}.",
                    self.power(*by),
                    who,
                    self.space_in(*space),
                    self.counts(*before),
                    self.counts(*after)
                )
            }
            // --- land warfare
            EventKind::InterceptRoll { power, from, to, dice, bonus, need, success } => {
                let d: Vec<String> = dice.iter().map(|x| x.to_string()).collect();
                let end = if *success { l.pick("intercepts", "перехват удался") } else { l.pick("fails", "перехват не удался") };
                tr!(l, "{} tries to intercept from {} into {}: [{}] + {} vs {} — {}.", "{} пытается перехватить {} {}: [{}] + {} против {} — {}.", self.power(*power), self.space_from(*from), self.space_to(*to), d.join(" "), bonus, need, end)
            }
            EventKind::AvoidRoll { power, from, to, dice, bonus, need, success } => {
                let d: Vec<String> = dice.iter().map(|x| x.to_string()).collect();
                let end = if *success { l.pick("avoids battle", "уклонение удалось") } else { l.pick("must fight", "уклонение не удалось") };
                tr!(l, "{} tries to avoid battle from {} to {}: [{}] + {} vs {} — {}.", "{} пытается уклониться от боя {} {}: [{}] + {} против {} — {}.", self.power(*power), self.space_from(*from), self.space_to(*to), d.join(" "), bonus, need, end)
            }
            EventKind::WithdrewInside { owner, space, units } => tr!(l, "{} withdraws {} land units inside the fortifications of {}.", "{} укрывает {} сухопутных ед. за стенами {}.", self.owner(*owner), units, self.space(*space)),
            EventKind::Forgone { power, decision } => self.forgone(*power, *decision),
            EventKind::WarCasualtiesTaken { power, card, units } => tr!(l, "{} loses {} on {}.", "{} теряет {} на карте {}.", self.power(*power), self.units(units), self.card(*card)),
            EventKind::CasualtiesTaken { owner, space, units } => tr!(l, "{} loses {} in {}.", "{} теряет {} {}.", self.owner(*owner), self.units(units), self.space_in(*space)),
            EventKind::RegularKept { owner, space } => tr!(l, "Both sides were wiped out; {} keeps one regular in {}.", "Обе стороны уничтожены; {} сохраняет одного регуляра {}.", self.owner(*owner), self.space_in(*space)),
            EventKind::UnrestEnded { space } => tr!(l, "Unrest ends in {}.", "Волнения {} прекращены.", self.space_in(*space)),
            EventKind::StandingSet { power, standing, on } => {
                if *on {
                    tr!(l, "Standing answer set for {} (only you are told): {}.", "Постоянный ответ за {} задан (это видите только вы): {}.", self.power_case(*power, Case::Acc), self.standing(*standing))
                } else {
                    tr!(l, "Standing answer cleared for {} (only you are told): {}.", "Постоянный ответ за {} отменён (это видите только вы): {}.", self.power_case(*power, Case::Acc), self.standing(*standing))
                }
            }
            EventKind::StandingApplied { power, standing, .. } => tr!(l, "Your standing answer answered for {}: {}.", "Ваш постоянный ответ ответил за {}: {}.", self.power_case(*power, Case::Acc), self.standing(*standing)),
            // --- naval warfare
            EventKind::NavalMoved { power, from, to, squadrons, corsairs, leaders } => {
                let mut fleet = self.ships(*squadrons, *corsairs);
                if !leaders.is_empty() {
                    let names: Vec<String> = leaders.iter().map(|x| self.leader(x)).collect();
                    let ru: Vec<String> = leaders.iter().map(|x| self.leader_case(x, Case::Gen)).collect();
                    fleet = tr_each!(l, "{} under {}", [fleet, names.join(", ")], "{} под командованием {}", [fleet, ru.join(", ")]);
                }
                tr_each!(l, "{} sails {} from {} to {}.", [self.power(*power), fleet, self.place_id(from), self.place_id(to)], "{}: флот ({}) идёт {} {}.", [self.power(*power), fleet, self.place_from(from), self.place_to(to)])
            }
            EventKind::NavalInterceptRoll { power, from, to, dice, bonus, need, success } => {
                let d: Vec<String> = dice.iter().map(|x| x.to_string()).collect();
                let end = if *success { l.pick("intercepts", "перехват удался") } else { l.pick("fails", "перехват не удался") };
                tr!(l, "{} tries to intercept at sea from {} into {}: [{}] + {} vs {} — {}.", "{} пытается перехватить на море {} {}: [{}] + {} против {} — {}.", self.power(*power), self.place_from(from), self.place_to(to), d.join(" "), bonus, need, end)
            }
            EventKind::NavalAvoidRoll { power, from, to, dice, bonus, need, success } => {
                let d: Vec<String> = dice.iter().map(|x| x.to_string()).collect();
                let end = if *success { l.pick("slips away", "уклонение удалось") } else { l.pick("must fight", "уклонение не удалось") };
                tr!(l, "{} tries to avoid the naval battle from {} to {}: [{}] + {} vs {} — {}.", "{} пытается уклониться от морского боя {} {}: [{}] + {} против {} — {}.", self.power(*power), self.place_from(from), self.place_to(to), d.join(" "), bonus, need, end)
            }
            EventKind::NavalBattleRolled { place, attacker, defender, attacker_dice, defender_dice, attacker_hits, defender_hits, attacker_wins } => {
                let d = |v: &Vec<u8>| v.iter().map(|x| x.to_string()).collect::<Vec<_>>().join(" ");
                let w = if *attacker_wins { self.power(*attacker) } else { self.owner(*defender) };
                tr!(l, "Naval battle in {}: {} [{}] — {}; {} [{}] — {}. {} wins.", "Морской бой {}: {} [{}] — {}; {} [{}] — {}. Побеждает {}.", self.place_name_in(place), self.power(*attacker), d(attacker_dice), self.n_hits(*attacker_hits), self.owner(*defender), d(defender_dice), self.n_hits(*defender_hits), w)
            }
            EventKind::ShipsSunk { owner, place, squadrons, corsairs } => tr!(l, "{} loses {} in {}.", "{} теряет {} {}.", self.owner(*owner), self.ships(*squadrons, *corsairs), self.place_name_in(place)),
            EventKind::ShipKept { owner, place } => tr!(l, "Both fleets were sunk; {} keeps one squadron in {}.", "Оба флота потоплены; {} сохраняет одну эскадру {}.", self.owner(*owner), self.place_name_in(place)),
            EventKind::NavalRetreated { owner, from, to } => tr!(l, "{}'s fleet retreats from {} to {}.", "Флот державы {} отходит {} {}.", self.owner(*owner), self.place_from(from), self.place_to(to)),
            EventKind::ShipsLost { owner, place, squadrons, corsairs } => tr_each!(l, "{}'s fleet in {} has nowhere to go: {} lost.", [self.owner(*owner), self.place_id(place), self.ships(*squadrons, *corsairs)], "Флоту {} {} некуда идти; потеряно: {}.", [self.owner_case(*owner, Case::Gen), self.place_name_in(place), self.ships(*squadrons, *corsairs)]),
            EventKind::WinterPort { owner, from, to } => tr!(l, "Winter: {}'s fleet in {} returns to port in {}.", "Зима: флот державы {} {} возвращается в порт — {}.", self.owner(*owner), self.place_from(from), self.space_to(*to)),
            EventKind::Transported { power, from, to, units, zones } => {
                let z: Vec<String> = zones.iter().map(|x| self.place_id(x)).collect();
                tr!(l, "{} carries {} by sea from {} to {} (through {}).", "{} перевозит морем {} {} {} (через: {}).", self.power(*power), self.units(units), self.space_from(*from), self.space_to(*to), self.list(z))
            }
            // --- relief
            EventKind::EmpireWinterMercenaries { space, mercenaries } => tr!(l, "Winter: the Empire takes {} mercenaries in {} instead of its free regular.", "Зима: Империя берёт {} наёмников {} вместо бесплатного регуляра.", mercenaries, self.space_in(*space)),
            EventKind::JoinedRelief { power, space, units } => tr!(l, "{} brings {} besieged land units out of {} to fight with the relief.", "{} выводит осаждённых ({}) {} в бой вместе с деблокирующими.", self.power(*power), self.n_land_units(*units), self.space_from(*space)),
            EventKind::BackInside { owner, space, units } => tr!(l, "The relief is beaten: {} takes {} land units back inside {}; the siege goes on.", "Деблокада отбита: {} уводит {} сухопутных ед. обратно за стены {}; осада продолжается.", self.owner(*owner), units, self.space(*space)),
            // --- piracy (C-PIRACY)
            EventKind::PiracyRolled { zone, target, anti_dice, corsairs_sunk, dice, hits } => {
                let d = |v: &Vec<u8>| v.iter().map(|x| x.to_string()).collect::<Vec<_>>().join(" ");
                tr!(l, "Ottoman piracy in {} against {}: anti-piracy [{}] sinks {} corsairs; piracy dice [{}] — {} hits.", "Османское пиратство {} против державы {}: защита от пиратов [{}] топит корсаров: {}; кости пиратов [{}] — попаданий: {}.", self.place_name_in(zone), self.power(*target), d(anti_dice), corsairs_sunk, d(dice), hits)
            }
            EventKind::PiracyRewardGiven { target, zone, reward, at, piracy_vp } => match reward {
                PiracyReward::Squadron => tr!(l, "Piracy in {}: {} loses a squadron in {}.", "Пиратство {}: {} теряет эскадру {}.", self.place_name_in(zone), self.power(*target), self.place_name_in(at.as_deref().unwrap_or(zone))),
                PiracyReward::Card => tr!(l, "Piracy in {}: {} gives the Ottoman a card drawn at random.", "Пиратство {}: {} отдаёт османам случайную карту.", self.place_name_in(zone), self.power(*target)),
                PiracyReward::Vp => tr!(l, "Piracy in {}: {} gives the Ottoman 1 VP (piracy VP now {}).", "Пиратство {}: {} отдаёт османам 1 ПО (теперь пиратских ПО: {}).", self.place_name_in(zone), self.power(*target), piracy_vp),
            },
            EventKind::PiracyCard { from, to, card } => tr!(l, "Piracy: card {} goes from {} to {}.", "Пиратство: карта {} уходит от державы {} к державе {}.", self.card(*card), self.power(*from), self.power(*to)),
            EventKind::PiracyHitsLost { target, hits } => tr!(l, "Piracy: {} has nothing left to give; {} hits are lost.", "Пиратство: державе {} больше нечем платить; попаданий пропало: {}.", self.power(*target), hits),
            EventKind::PiracyMarkersRemoved { zones } => tr!(l, "Winter: piracy markers come off {}.", "Зима: сняты метки пиратства — {}.", self.list(zones.iter().map(|z| self.place_id(z)).collect())),
            // --- treasures (X-TREASURE-PORTUGUESE, X-TREASURE-SPEND)
            EventKind::TreasureRowRefilled { added, row, pool } => tr!(l, "Card draw: the Portuguese treasure row is refilled face down (+{}: {} in the row, {} left in the pool).", "Раздача карт: португальский ряд сокровищ пополнен рубашкой вверх (+{}: в ряду {}, в запасе {}).", added, row, pool),
            EventKind::TreasureDrawn { power, held } => tr!(l, "Winter: {} controls Lisbon and draws a Portuguese treasure ({} treasures held now).", "Зима: {} контролирует Лиссабон и тянет португальское сокровище (сокровищ на руках: {}).", self.power(*power), held),
            EventKind::NoTreasureDrawn { power: None } => l.pick("Winter: no major power in play controls Lisbon; nobody draws a Portuguese treasure.", "Зима: Лиссабон не контролирует ни одна великая держава в игре; португальское сокровище никто не тянет.").into(),
            EventKind::NoTreasureDrawn { power: Some(p) } => tr!(l, "Winter: {} controls Lisbon, but the Portuguese row is empty; no treasure is drawn.", "Зима: {} контролирует Лиссабон, но португальский ряд пуст; сокровище не вытянуто.", self.power(*p)),
            EventKind::TreasureGained { power, treasure } => tr!(l, "{}: your new treasure is {}.", "{}: ваше новое сокровище — {}.", self.power(*power), self.treasure(*treasure)),
            EventKind::TreasureReturned { power, treasure } => tr!(l, "{}: your treasure {} goes back to the pool.", "{}: ваше сокровище {} возвращается в запас.", self.power(*power), self.treasure(*treasure)),
            EventKind::TreasuresHeld { power, treasures } => self.msg(&Msg::YourTreasures {
                power: *power,
                list: treasures.iter().map(|n| self.treasure(*n)).collect::<Vec<_>>().join(", "),
            }),
            EventKind::TreasureSpent { power, treasure, cp } => tr!(l, "{} spends treasure {} for {} CP.", "{} тратит сокровище {} и получает {} ОД.", self.power(*power), self.treasure(*treasure), cp),
            // --- peace (C-DIP-PEACE)
            EventKind::PeaceUnitsShort { power, owed, on_map } => tr!(l, "{} owes {} land units but has only {} on the map: it removes all of them.", "{} должна {} сухопутных отрядов, но на карте у неё только {}: она снимает все.", self.power(*power), owed, on_map),
            EventKind::UnitsSurrendered { power, space, units, left } => tr!(l, "{} removes {} in {} (suing for peace); still owed: {}.", "{} снимает {} {} (цена просьбы о мире); ещё должна: {}.", self.power(*power), self.units(units), self.space_in(*space), left),
            EventKind::PeaceRegainOpen { power, winner, leaders, keys, spaces } => tr!(l, "{} may regain from {}: leaders {}; home keys {}; non-key home spaces, two at a time: {} ({}, or {} to finish).", "{} может вернуть у державы {}: лидеров {}; ключи {}; прочие родные пространства, по два: {} ({}, или {}, чтобы закончить).", self.power(*power), self.power(*winner), self.list(leaders.iter().map(|x| self.leader(x)).collect()), self.list(keys.iter().map(|x| self.space(*x)).collect()), self.list(spaces.iter().map(|x| self.space(*x)).collect()), self.command("regain", &["what", "pay"]), self.command("forgo", &[])),
            EventKind::PeaceRegained { power, winner, leader, spaces, pay, vp, to } => {
                let what = match leader {
                    Some(x) => match to {
                        Some(c) => tr!(l, "{} (back in {})", "{} (снова {})", self.leader(x), self.space_in(*c)),
                        None => tr!(l, "{} (off the map: no free capital)", "{} (вне карты: нет свободной столицы)", self.leader(x)),
                    },
                    None => self.list(spaces.iter().map(|x| self.space(*x)).collect()),
                };
                match pay {
                    crate::engine::action::PeacePay::Vp => tr!(l, "{} regains {} from {}; {} gains {} VP.", "{} возвращает {} у державы {}; {} получает ПО: {}.", self.power(*power), what, self.power(*winner), self.power(*winner), vp),
                    crate::engine::action::PeacePay::Card => tr!(l, "{} regains {} from {}; {} draws a card from its hand.", "{} возвращает {} у державы {}; {} тянет карту из её руки.", self.power(*power), what, self.power(*winner), self.power(*winner)),
                }
            }
            EventKind::PeaceCard { from, to, card } => tr!(l, "Peace: card {} goes from {} to {}.", "Мир: карта {} уходит от державы {} к державе {}.", self.card(*card), self.power(*from), self.power(*to)),
            EventKind::PeaceWithdrawn { power, from, to, units } => match to {
                Some(t) => tr!(l, "{}'s forces ({} land units) leave {} for {}, the nearest fortified space it controls.", "Войска державы {} ({}) уходят {} {} — в ближайшее её укреплённое пространство.", self.power(*power), self.n_land_units(*units), self.space_from(*from), self.space_to(*t)),
                None => tr!(l, "{}'s {} land units in {} have no fortified space to go to and are eliminated.", "{} сухопутных ед. державы {} {} некуда уйти: они уничтожены.", self.power(*power), units, self.space_in(*from)),
            },
            EventKind::GameOver { winners, reason } => {
                let w: Vec<String> = winners.iter().map(|p| self.power(*p)).collect();
                let reason = self.end_reason(*reason);
                if w.is_empty() {
                    tr!(l, "**The game is over.** No winner. ({})", "**Партия окончена.** Победителя нет. ({})", reason)
                } else {
                    tr!(l, "**The game is over.** Winner: {}. ({})", "**Партия окончена.** Победитель: {}. ({})", w.join(", "), reason)
                }
            }
        }
    }

    /// Why the game ended, in words.
    pub fn end_reason(&self, r: EndReason) -> String {
        let l = self.loc;
        match r {
            EndReason::Standard { vp } => tr!(
                l,
                "standard victory: {} VP",
                "стандартная победа: {} ПО",
                vp
            ),
            EndReason::LastTurn { vp } => tr!(
                l,
                "end of the last turn: highest VP ({})",
                "конец последнего хода: больше всего ПО ({})",
                vp
            ),
            EndReason::ProtestantMilitary { keys } => tr!(
                l,
                "Protestant military victory: {} keys outside the Netherlands",
                "военная победа протестантов: ключевых пространств вне Нидерландов — {}",
                keys
            ),
            EndReason::StepLimit => l
                .pick(
                    "internal step limit reached; please report this game",
                    "достигнут внутренний предел шагов; пожалуйста, сообщите об этой партии",
                )
                .into(),
            // --- diplomacy, winter, cards and victory
            EndReason::Domination { vp, lead } => tr!(
                l,
                "domination victory: {} VP, {} ahead of every other power",
                "победа господством: {} ПО, на {} больше любой другой державы",
                vp,
                lead
            ),
            EndReason::Military { power, keys } => tr!(
                l,
                "military victory: {} holds {} keys",
                "военная победа: {} удерживает ключевых пространств — {}",
                self.power(power),
                keys
            ),
            EndReason::GunpowderPlot => l
                .pick(
                    "the Gunpowder Plot: Spain's spies killed England's ruler (our reconstruction, X-SPY-GUNPOWDER)",
                    "Пороховой заговор: шпионы Испании убили правителя Англии (наша реконструкция, X-SPY-GUNPOWDER)",
                )
                .into(),
        }
    }

    /// Why the Empire's secret choice is revealed, in words.
    pub fn reveal_reason(&self, r: RevealReason) -> &'static str {
        match r {
            RevealReason::EmpireWins => self.loc.pick(
                "its VP give the Empire the victory",
                "эти ПО приносят Империи победу",
            ),
            RevealReason::BlocksVictory => self.loc.pick(
                "its VP stop another power's domination victory",
                "эти ПО не дают другой державе победы господством",
            ),
            RevealReason::GameEnded => self.loc.pick("the game has ended", "партия окончена"),
        }
    }

    /// Where a card goes in a manual fix.
    fn card_place(&self, p: &CardPlace) -> String {
        let l = self.loc;
        match p {
            CardPlace::Hand(p) => tr!(l, "{}'s hand", "рука державы {}", self.power(*p)),
            CardPlace::Discard => l.pick("the discard pile", "сброс").into(),
            CardPlace::Deck => l.pick("the deck", "колода").into(),
            CardPlace::Removed => l.pick("out of the game", "вне игры").into(),
        }
    }

    /// A manual fix in words.
    pub fn adjustment(&self, a: &Adjustment) -> String {
        let l = self.loc;
        match a {
            Adjustment::Units {
                space,
                owner,
                regulars,
                mercenaries,
                cavalry,
                squadrons,
                ..
            } => tr!(
                l,
                "{} units in {} set to {}r {}m {}c {}s",
                "войска ({}) {}: {}р {}н {}к {}э",
                self.owner(*owner),
                self.by_id(space, |t, s| t.space_in(s)),
                regulars,
                mercenaries,
                cavalry,
                squadrons
            ),
            Adjustment::Leader { leader, space } => match space {
                Some(s) => tr!(
                    l,
                    "{} placed in {}",
                    "{} поставлен {}",
                    self.leader(leader),
                    self.by_id(s, |t, s| t.space_to(s))
                ),
                None => tr!(
                    l,
                    "{} taken off the map",
                    "{} снят с карты",
                    self.leader(leader)
                ),
            },
            Adjustment::Control { space, owner } => tr!(
                l,
                "{} now controlled by {}",
                "{} теперь под контролем {}",
                self.space_id(space),
                self.owner_case(*owner, Case::Gen)
            ),
            Adjustment::Religion { space, religion } => tr!(
                l,
                "{} is now {}",
                "{} теперь: {}",
                self.space_id(space),
                religion
            ),
            Adjustment::Unrest { space, on } => {
                if *on {
                    tr!(
                        l,
                        "unrest in {}",
                        "беспорядки {}",
                        self.by_id(space, |t, s| t.space_in(s))
                    )
                } else {
                    tr!(
                        l,
                        "no unrest in {}",
                        "беспорядков {} нет",
                        self.by_id(space, |t, s| t.space_in(s))
                    )
                }
            }
            Adjustment::Vp { power, delta } => {
                tr!(l, "{} VP {:+}", "{}: ПО {:+}", self.power(*power), delta)
            }
            Adjustment::Card { card, place } => {
                tr!(
                    l,
                    "{} to {}",
                    "{} → {}",
                    self.card(*card),
                    self.card_place(place)
                )
            }
            Adjustment::Relation { a, b, status } => tr!(
                l,
                "{} and {}: {}",
                "{} и {}: {}",
                self.power(*a),
                self.power(*b),
                self.relation(*status)
            ),
            Adjustment::MinorAlly { minor, ally } => match ally {
                Some(p) => tr!(
                    l,
                    "{} allied to {}",
                    "{} в союзе {}",
                    self.owner(Owner::Minor(*minor)),
                    self.power_with(*p)
                ),
                None => tr!(
                    l,
                    "{} inactive",
                    "{} неактивна",
                    self.owner(Owner::Minor(*minor))
                ),
            },
            Adjustment::MinorWar {
                power,
                minor,
                at_war,
            } => tr!(
                l,
                "{} and {}: {}",
                "{} и {}: {}",
                self.power(*power),
                self.owner(Owner::Minor(*minor)),
                self.relation(if *at_war {
                    Relation::War
                } else {
                    Relation::Peace
                })
            ),
            Adjustment::KillRuler { power } => tr!(
                l,
                "{}'s ruler dies",
                "правитель {} умирает",
                self.power(*power)
            ),
            // --- position files (issue 17)
            Adjustment::Phase { turn, phase, power } => match power {
                Some(p) => tr!(
                    l,
                    "the game moves to turn {}, {} ({})",
                    "партия переходит к ходу {}, этап «{}» ({})",
                    turn,
                    self.phase(*phase),
                    self.power(*p)
                ),
                None => tr!(
                    l,
                    "the game moves to turn {}, {}",
                    "партия переходит к ходу {}, этап «{}»",
                    turn,
                    self.phase(*phase)
                ),
            },
            Adjustment::BarbaryPirates { on: true } => l
                .pick(
                    "the Barbary Pirates event is played: the Ottoman may build corsairs",
                    "событие «Берберийские пираты» сыграно: османы могут строить корсаров",
                )
                .to_string(),
            Adjustment::BarbaryPirates { on: false } => l
                .pick(
                    "the Barbary Pirates event is undone: no corsairs are built",
                    "событие «Берберийские пираты» отменено: корсаров не строят",
                )
                .to_string(),
            // --- treasures: counts only, the faces go to the holder alone
            Adjustment::Treasure { power, delta } if *delta > 0 => tr!(
                l,
                "{} takes treasures at random from the pool: {} (faces told to its player only)",
                "{} получает из запаса наугад сокровищ: {} (что именно, знает только её игрок)",
                self.power(*power),
                delta
            ),
            Adjustment::Treasure { power, delta } => tr!(
                l,
                "{} puts treasures back in the pool at random: {}",
                "{} возвращает в запас наугад сокровищ: {}",
                self.power(*power),
                delta.unsigned_abs()
            ),
            // --- diplomatic influence (X-INF-*, X-INACTIVE)
            Adjustment::Influence {
                power,
                target,
                delta,
            } => tr!(
                l,
                "{}'s influence on {} changes by {} step(s) (X-INF-TRACK)",
                "влияние державы {} на державу {} меняется на {} шаг(ов) (X-INF-TRACK)",
                self.power(*power),
                self.courted(*target),
                delta
            ),
            Adjustment::InactiveControl { target, controller } => tr!(
                l,
                "{} is now controlled by {} (X-INACTIVE)",
                "державу {} теперь контролирует: {} (X-INACTIVE)",
                self.power(*target),
                controller.map_or_else(|| l.pick("nobody", "никто").to_string(), |p| self.power(p))
            ),
            Adjustment::ResolveStatus { target } => tr!(
                l,
                "the diplomatic status of {} is resolved now (X-INF-ROLL)",
                "дипломатический статус державы {} определяется сейчас (X-INF-ROLL)",
                self.courted(*target)
            ),
            // --- marriages and espionage (X-MARRIAGE-*, X-SPY-*)
            Adjustment::Engage { royal, with } => tr!(
                l,
                "{} and {} are put in the engagement box",
                "{} и {} помещены в поле помолвок",
                self.royal(royal),
                self.royal(with)
            ),
            Adjustment::Married { royal, on: true } => {
                tr!(
                    l,
                    "{} is marked married",
                    "{}: отмечен(а) в браке",
                    self.royal(royal)
                )
            }
            Adjustment::Married { royal, on: false } => tr!(
                l,
                "{} is single again",
                "{}: снова не помолвлен(а)",
                self.royal(royal)
            ),
            Adjustment::Assassinated { power, on: true } => tr!(
                l,
                "the ruler of {} is marked assassinated",
                "правитель державы {} отмечен убитым",
                self.power(*power)
            ),
            Adjustment::Assassinated { power, on: false } => tr!(
                l,
                "the last assassinated ruler of {} is brought back",
                "последний убитый правитель державы {} возвращён",
                self.power(*power)
            ),
        }
    }

    // ----- table messages ------------------------------------------------------------

    /// What a decision asks for.
    pub fn decision(&self, d: Decision) -> String {
        let l = self.loc;
        let c = |name: &str| self.command(name, &[]);
        match d {
            Decision::Diplomacy => tr!(l, "negotiate, then {}", "переговоры, затем {}", c("done")),
            Decision::SecretChoice => tr!(
                l,
                "make the secret choice ({})",
                "сделать тайный выбор ({})",
                self.command("secret", &["choice"])
            ),
            Decision::Deployment => tr!(
                l,
                "{} from the capital or {}",
                "развёртывание из столицы ({}) или {}",
                c("deploy"),
                c("done")
            ),
            Decision::Impulse => tr!(
                l,
                "{} a card or {}",
                "сыграть карту ({}) или {}",
                c("play"),
                c("pass")
            ),
            Decision::SendToWar => tr!(
                l,
                "{} units to the foreign war",
                "послать войска на внешнюю войну ({})",
                c("send")
            ),
            Decision::WithdrawLeaders => tr!(
                l,
                "{0} leaders from the map, or {0} with none to keep them",
                "снять лидеров с карты ({0}) или оставить ({0} без лидеров)",
                c("withdraw")
            ),
            Decision::MoveCapital => tr!(
                l,
                "move the Huguenot capital ({}) or keep it ({})",
                "перенести столицу гугенотов ({}) или оставить ({})",
                self.command("capital", &["space"]),
                c("capital")
            ),
            Decision::ConversionSix => tr!(
                l,
                "keep the natural 6 and place unrest ({}) or count it as a 5 ({})",
                "оставить 6 и поставить беспорядки ({}) или считать как 5 ({})",
                format!("`{}`", self.command_line("six count:6")),
                format!("`{}`", self.command_line("six count:5"))
            ),
            Decision::SpendCp => tr!(
                l,
                "spend CP or {} the impulse",
                "потратить ОД или закончить импульс ({})",
                c("end")
            ),
            // --- land warfare
            Decision::Intercept => tr!(
                l,
                "{} the entering formation or {}",
                "перехватить входящее войско ({}) или {}",
                c("intercept"),
                c("forgo")
            ),
            Decision::AvoidBattle => tr!(
                l,
                "{} battle or {}",
                "уклониться от боя ({}) или {}",
                c("avoid"),
                c("forgo")
            ),
            Decision::WithdrawInside => tr!(
                l,
                "{} (withdraw inside the fortifications) or {} to fight",
                "укрыться за стенами ({}) или {}, чтобы сражаться",
                c("fortify"),
                c("forgo")
            ),
            Decision::CombatCard => tr!(
                l,
                "{} a combat card before the dice, or {}",
                "сыграть боевую карту до броска ({}) или {}",
                c("play"),
                c("forgo")
            ),
            Decision::ResponseCard => tr!(
                l,
                "{} a response card, or {}",
                "сыграть карту ответа ({}) или {}",
                c("play"),
                c("forgo")
            ),
            Decision::Casualties => {
                tr!(l, "choose your {}", "выбрать потери ({})", c("casualties"))
            }
            Decision::Retreat => tr!(
                l,
                "choose where to {}",
                "выбрать, куда отступить ({})",
                c("retreat")
            ),
            // --- naval warfare
            Decision::NavalCasualties => tr!(
                l,
                "choose which {} are sunk",
                "выбрать, какие корабли потоплены ({})",
                c("ships")
            ),
            Decision::NavalIntercept => tr!(
                l,
                "{} the entering fleet or {}",
                "перехватить входящий флот ({}) или {}",
                c("engage"),
                c("forgo")
            ),
            Decision::WinterPort => tr!(
                l,
                "choose the winter port of your fleet with {}",
                "выбрать порт зимовки флота ({})",
                c("haven")
            ),
            Decision::PiracyReward => tr!(
                l,
                "pay for a piracy hit with {} (a squadron, a card or 1 VP, each in turn)",
                "заплатить за попадание пиратов ({}: эскадра, карта или 1 ПО, по очереди)",
                c("tribute")
            ),
            Decision::NavalAvoid => tr!(
                l,
                "{} the naval battle or {}",
                "уклониться от морского боя ({}) или {}",
                c("evade"),
                c("forgo")
            ),
            Decision::NavalRetreat => tr!(
                l,
                "choose the {} your beaten fleet retreats to",
                "выбрать, куда отходит побеждённый флот ({})",
                c("haven")
            ),
            // --- relief, second card window
            Decision::JoinRelief => tr!(
                l,
                "{} (bring the besieged out to fight with the relief) or {} to stay inside",
                "сделать вылазку ({}: осаждённые выходят в бой с деблокирующими) или {}, чтобы остаться за стенами",
                c("sally"),
                c("forgo")
            ),
            Decision::DiceCard => tr!(
                l,
                "{} a card that changes the rolled dice, or {}",
                "сыграть карту, меняющую выпавшие кости ({}), или {}",
                c("play"),
                c("forgo")
            ),
            Decision::Intervene => tr!(
                l,
                "intervene for the attacked minor by declaring {} on its attacker (with a card), or {}",
                "вступиться за малую державу, объявив {} напавшему (с картой), или {}",
                c("war"),
                c("forgo")
            ),
            // --- winter questions
            Decision::WinterQuarters => tr!(
                l,
                "choose which equally near winter quarters your units go to ({})",
                "выбрать одно из равно близких мест зимовки ({})",
                c("winter")
            ),
            Decision::EmpireWinterUnit => tr!(
                l,
                "take the Empire's free winter unit as one regular or as mercenaries ({})",
                "взять бесплатный зимний отряд Империи: один регуляр или наёмники ({})",
                c("winter")
            ),
            Decision::WinterExcess => tr!(
                l,
                "choose which units over the winter limit go to which capital ({})",
                "выбрать, какие отряды сверх предела зимовки идут в какую столицу ({})",
                c("winter")
            ),
            // --- peace (C-DIP-PEACE)
            Decision::PeaceUnits => tr!(
                l,
                "choose which of your land units you remove for the peace ({})",
                "выбрать, какие свои сухопутные отряды снять за мир ({})",
                self.command("surrender", &["space", "units"])
            ),
            Decision::WarReturn => tr!(
                l,
                "choose the friendly home key your units back from the foreign war go to: the capital is held by an enemy ({})",
                "выбрать родное ключевое пространство, куда вернутся войска с внешней войны: столица в руках врага ({})",
                self.command("retreat", &["to"])
            ),
            Decision::PeaceWithdraw => tr!(
                l,
                "choose which of the equally near fortified spaces your forces leaving a regained space go to ({})",
                "выбрать, в какое из равно близких укреплённых пространств уходят ваши войска из возвращённого пространства ({})",
                self.command("retreat", &["to"])
            ),
            Decision::PeaceRegain => tr!(
                l,
                "regain leaders or home spaces from the war's winner ({}), or finish ({})",
                "вернуть лидеров или родные пространства у победителя ({}) или закончить ({})",
                self.command("regain", &["what", "pay"]),
                c("forgo")
            ),
            // --- card effects
            Decision::EffectChoice => tr!(
                l,
                "answer the card's question ({})",
                "ответить на вопрос карты ({})",
                self.command("choose", &["option"])
            ),
        }
    }

    /// For a winter-port or piracy question: which fleet or piracy it is about, in brackets.
    pub fn naval_question(&self, st: &crate::engine::steps::Step) -> Option<String> {
        use crate::engine::steps::Step;
        let l = self.loc;
        match st {
            Step::WinterPort { zone, to, .. } => Some(tr!(
                l,
                "(the fleet in {}: {})",
                "(флот в {}: {})",
                self.place_id(zone),
                self.list(to.iter().map(|x| self.place_id(x)).collect())
            )),
            Step::PiracyReward { zone, hits, .. } => Some(tr!(
                l,
                "(piracy in {}: {} to pay)",
                "(пиратство {}: к оплате {})",
                self.place_name_in(zone),
                self.n_hits(*hits)
            )),
            // --- card effects: what the card asks
            Step::EffectAsk { card, ask, .. } => Some(self.effect_question(*card, ask)),
            _ => None,
        }
    }

    /// "Next: England (alice) — play a card or pass".
    pub fn next_up(&self, aw: &Awaiting, who: &[(Power, String)]) -> String {
        let l = self.loc;
        let names: Vec<String> = who
            .iter()
            .map(|(p, n)| format!("{} ({n})", self.power(*p)))
            .collect();
        match aw {
            Awaiting::One { decision, .. } | Awaiting::Simultaneous { decision, .. } => {
                // «Ходят» when several powers act at once.
                let verb = if names.len() > 1 {
                    "Ходят"
                } else {
                    "Ходит"
                };
                tr_each!(
                    l,
                    "➡ Next: {} — {}.",
                    [names.join(", "), self.decision(*decision)],
                    "➡ {}: {} — {}.",
                    [verb, names.join(", "), self.decision(*decision)]
                )
            }
            Awaiting::Over { .. } => l.pick("The game is over.", "Партия окончена.").into(),
        }
    }

    /// A refused command, as shown to its sender.
    pub fn refused(&self, reason: &str) -> String {
        tr!(self.loc, "⛔ Not done: {}", "⛔ Не выполнено: {}", reason)
    }

    /// A parse error in this locale.
    pub fn parse_error(&self, e: &ParseError) -> String {
        let l = self.loc;
        match e {
            ParseError::Empty => tr!(
                l,
                "empty command; try {}",
                "пустая команда; см. {}",
                self.command("help", &[])
            ),
            ParseError::UnknownCommand { name, hint } => tr!(
                l,
                "unknown command `{}`{}",
                "неизвестная команда `{}`{}",
                name,
                self.hint(hint)
            ),
            ParseError::UnknownOption {
                command,
                option,
                allowed,
            } => {
                let allowed = match super::command::spec(command) {
                    Some(c) => c
                        .options
                        .iter()
                        .map(|o| o.name_in(l))
                        .collect::<Vec<_>>()
                        .join(", "),
                    None => allowed.clone(),
                };
                tr!(
                    l,
                    "{} has no option `{}`; its options: {}",
                    "у {} нет параметра `{}`; параметры: {}",
                    self.command(command, &[]),
                    option,
                    allowed
                )
            }
            ParseError::Missing { command, option } => {
                let mut out = tr!(
                    l,
                    "{} needs {}",
                    "для {} нужен параметр {}",
                    self.command(command, &[]),
                    self.option(command, option)
                );
                // A short list of allowed values is worth showing right away.
                let o = super::command::spec(command).and_then(|c| c.option(option));
                if let Some(o) = o.filter(|o| {
                    matches!(
                        o.kind,
                        super::command::OptKind::Choice(_) | super::command::OptKind::Power
                    )
                }) {
                    out.push_str(&format!("; {}", self.option_values(command, o)));
                }
                out
            }
            ParseError::BadValue {
                option,
                value,
                expected,
            } => tr!(
                l,
                "`{}:{}` is not valid; expected {}",
                "`{}:{}` не подходит; ожидается {}",
                super::command::any_option_name(l, option),
                value,
                self.expected(expected)
            ),
            ParseError::Stray { word } => tr!(
                l,
                "`{}` belongs to no option; write `name:value`",
                "`{}` не относится ни к одному параметру; пишите `имя:значение`",
                word
            ),
            ParseError::NotRead { option, what, reads } => {
                let names: Vec<String> = reads
                    .iter()
                    .map(|o| format!("`{}:`", super::command::any_option_name(l, o)))
                    .collect();
                tr!(
                    l,
                    "`{}:` does not apply to {}; it reads {}",
                    "`{}:` не относится к {}; эта правка читает {}",
                    super::command::any_option_name(l, option),
                    format!("`{}`", self.command_line(&format!("adjust what:{what}"))),
                    names.join(", ")
                )
            }
            ParseError::Repeated { option } => tr!(
                l,
                "`{}:` is given twice; give each option once",
                "`{}:` указан дважды; каждый параметр указывайте один раз",
                super::command::any_option_name(l, option)
            ),
            // --- safe input
            ParseError::NeedOneOf { command, options } => {
                let opts: Vec<String> = options.iter().map(|o| self.option(command, o)).collect();
                tr!(
                    l,
                    "{} needs at least one of {}",
                    "для {} нужен хотя бы один из параметров: {}",
                    self.command(command, &[]),
                    opts.join(", ")
                )
            }
            // --- ops: bounded input
            ParseError::TooLong { what, len, max } if what == "command" => tr!(
                l,
                "the command is too long ({} characters; at most {}), so it was not read",
                "команда слишком длинная ({} символов; не больше {}), поэтому она не прочитана",
                len,
                max
            ),
            ParseError::TooLong { what, len, max } => tr!(
                l,
                "the value of `{}:` is too long ({} characters; at most {}), so it was not read",
                "значение `{}:` слишком длинное ({} символов; не больше {}), поэтому оно не прочитано",
                what,
                len,
                max
            ),
            ParseError::RepeatedPart { option, part } => tr!(
                l,
                "`{}:` names `{}` twice; name each unit type and each leader once (add the counts up yourself: `2r`, not `1r … 1r`)",
                "в `{}:` дважды указано `{}`; называйте каждый тип войск и каждого лидера один раз (сложите числа сами: `2р`, а не `1р … 1р`)",
                super::command::any_option_name(l, option),
                part
            ),
        }
    }

    /// What a value should have been, in this locale.
    pub fn expected(&self, e: &Expected) -> String {
        let l = self.loc;
        match e {
            Expected::OneOf(list) => {
                let words: Vec<&str> = match l {
                    Locale::En => list.to_vec(),
                    Locale::Ru => list.iter().map(|v| choice_word_ru(v).unwrap_or(v)).collect(),
                };
                tr!(l, "one of {}", "одно из: {}", words.join(", "))
            }
            Expected::WholeNumber => l.pick("a whole number", "целое число").into(),
            Expected::Count => l.pick("a number from 0 to 255", "число от 0 до 255").into(),
            Expected::Between(lo, hi) => tr!(l, "a whole number from {} to {}", "целое число от {} до {}", lo, hi),
            // --- campaign rhythm (issue 29)
            Expected::Interval { min_s, max_s } => tr!(
                l,
                "a time from {} h to {} d such as `12h`, `90m` or `2d`, or `off`",
                "время от {} ч до {} д, например `12h`, `90m` или `2d`, либо `off`",
                min_s / 3600,
                max_s / 86_400
            ),
            Expected::QuietHours => l
                .pick(
                    "two different UTC hours from 0 to 23 such as `22-7`, or `off`",
                    "два разных часа по `UTC` от 0 до 23, например `22-7`, либо `off`",
                )
                .into(),
            Expected::Units => l
                .pick(
                    "counts like `3r 1m 2c` (regulars, mercenaries, cavalry) and leader names",
                    "числа вроде `3 рег 1 наём 2 кав` или `3r 1m 2c` (регуляры, наёмники, кавалерия) и имена лидеров",
                )
                .into(),
        }
    }

    /// A suggestion tail ("; did you mean X?") in this locale.
    pub fn hint(&self, hint: &str) -> String {
        match self.loc {
            Locale::En => hint.to_string(),
            Locale::Ru => hint.replace("; did you mean", "; может быть,"),
        }
    }

    /// An engine refusal in this locale: every variant of [`RuleError`] and [`Refusal`] is worded
    /// here, in English and Russian, with names in the game's language and the rule ID cited.
    pub fn rule_error(&self, e: &RuleError) -> String {
        let l = self.loc;
        match e {
            RuleError::NotYourTurn { power, waiting } => tr!(
                l,
                "it is not {}'s turn; waiting for {}",
                "сейчас не ход державы {}; ждём: {}",
                self.power(*power),
                self.awaited(waiting)
            ),
            RuleError::Unknown { what, name, near } => tr!(
                l,
                "unknown {} `{}`{}",
                "не найдено: {} `{}`{}",
                self.thing(what),
                name,
                self.hint(&super::resolve::near_hint(near))
            ),
            RuleError::WrongTime { action, waiting } => tr!(
                l,
                "{} is not possible now; waiting for {}",
                "сейчас нельзя: {}; ждём: {}",
                self.action_kind(*action),
                self.awaited(waiting)
            ),
            RuleError::Illegal(r) => self.refusal(r),
            RuleError::GameOver => l.pick("the game is over", "партия окончена").into(),
        }
    }

    /// Who is awaited and for what: "England: `play` a card or `pass`".
    fn awaited(&self, a: &Awaiting) -> String {
        let (powers, decision) = match a {
            Awaiting::One { power, decision } => (vec![self.power(*power)], *decision),
            Awaiting::Simultaneous { pending, decision } => {
                (pending.iter().map(|p| self.power(p)).collect(), *decision)
            }
            Awaiting::Over { .. } => {
                return self
                    .loc
                    .pick("nobody (the game is over)", "никого (партия окончена)")
                    .into()
            }
        };
        format!("{} — {}", powers.join(", "), self.decision(decision))
    }

    /// The kind of thing a name was looked up as (`space`, `card` …).
    pub fn thing(&self, what: &str) -> String {
        let ru = match what {
            "space" => "пространство",
            "card" => "карта",
            "leader" => "лидер",
            "power" => "держава",
            "minor power" => "малая держава",
            "owner" => "владелец",
            "rule" => "правило",
            other => other,
        };
        self.loc.pick(what, ru).to_string()
    }

    /// A list of allowed values in this locale: display names with the id to type in backticks.
    pub fn allowed(&self, a: Allowed) -> String {
        use crate::engine::power::Minor;
        let named = |id: &str| format!("{} (`{id}`)", self.owner_id(id));
        let powers = || Power::ALL.iter().map(|p| named(p.as_str()));
        let minors = || Minor::ALL.iter().map(|m| named(m.as_str()));
        let v: Vec<String> = match a {
            Allowed::Powers => powers().collect(),
            Allowed::Minors => minors().collect(),
            Allowed::Owners => powers()
                .chain(minors())
                .chain([format!(
                    "{} (`independent`)",
                    self.owner(Owner::Independent)
                )])
                .collect(),
            Allowed::Leaders => self
                .rs
                .leaders
                .iter()
                .map(|x| format!("{} (`{}`)", self.leader(&x.id), x.id.to_lowercase()))
                .collect(),
        };
        v.join(", ")
    }

    /// The allowed values closest to what was typed first, at most [`NEAR_LIMIT`] of them and
    /// how many more there are (a list of forty leaders helps nobody).
    pub fn allowed_near(&self, a: Allowed, typed: &str) -> String {
        use crate::engine::power::Minor;
        let t = typed.trim().to_lowercase();
        let dist = |names: &[&str]| {
            names
                .iter()
                .filter(|n| !n.is_empty())
                .map(|n| {
                    let n = n.to_lowercase();
                    let d = crate::data::edit_distance(&t, &n);
                    // A name that contains the typed word, or a word of it, is close.
                    let word = n
                        .split([' ', ',', '_'])
                        .map(|w| crate::data::edit_distance(&t, w))
                        .min()
                        .unwrap_or(d);
                    d.min(word)
                })
                .min()
                .unwrap_or(usize::MAX)
        };
        let named = |id: &str| format!("{} (`{id}`)", self.owner_id(id));
        let owner_names = |id: &str| match self.rs.power_info(id) {
            Some(i) => dist(&[id, &i.name_en, &i.name_ru]),
            None => dist(&[id]),
        };
        let mut v: Vec<(usize, String)> = match a {
            Allowed::Powers | Allowed::Owners | Allowed::Minors => {
                let mut ids: Vec<&str> = Vec::new();
                if a != Allowed::Minors {
                    ids.extend(Power::ALL.iter().map(|p| p.as_str()));
                }
                if a != Allowed::Powers {
                    ids.extend(Minor::ALL.iter().map(|m| m.as_str()));
                }
                let mut v: Vec<(usize, String)> =
                    ids.iter().map(|id| (owner_names(id), named(id))).collect();
                if a == Allowed::Owners {
                    let ind = self.owner(Owner::Independent);
                    v.push((
                        dist(&["independent", &ind]),
                        format!("{ind} (`independent`)"),
                    ));
                }
                v
            }
            Allowed::Leaders => self
                .rs
                .leaders
                .iter()
                .map(|x| {
                    let d = dist(&[&x.id, &x.name_en, &x.name_ru, &x.short_en, &x.short_ru]);
                    (
                        d,
                        format!("{} (`{}`)", self.leader(&x.id), x.id.to_lowercase()),
                    )
                })
                .collect(),
        };
        // Stable: equally close names keep the data's order.
        v.sort_by_key(|(d, _)| *d);
        // A short list (powers, owners) is shown whole, closest first.
        let keep = if v.len() > 2 * NEAR_LIMIT + 3 {
            NEAR_LIMIT
        } else {
            v.len()
        };
        let more = v.len() - keep;
        let mut out: Vec<String> = v.into_iter().take(keep).map(|(_, s)| s).collect();
        if more > 0 {
            out.push(tr!(self.loc, "and {} more", "и ещё {}", more));
        }
        out.join(", ")
    }

    /// An action's kind as a noun phrase ("an assault", "штурм").
    pub fn action_kind(&self, k: ActionKind) -> &'static str {
        let (en, ru) = match k {
            ActionKind::DeclareWar => ("declaring war", "объявление войны"),
            ActionKind::OfferPeace => ("offering peace", "предложение мира"),
            ActionKind::OfferAlliance => ("offering an alliance", "предложение союза"),
            ActionKind::Accept => ("accepting an offer", "принятие предложения"),
            ActionKind::Decline => ("declining an offer", "отказ от предложения"),
            ActionKind::DoneDiplomacy => ("finishing diplomacy", "завершение переговоров"),
            ActionKind::AllyMinor => ("allying with a minor power", "союз с малой державой"),
            ActionKind::SueForPeace => ("suing for peace", "просьба о мире"),
            ActionKind::Ransom => ("ransoming a leader", "выкуп лидера"),
            ActionKind::Recall => ("recalling units to a capital", "отзыв войск в столицу"),
            ActionKind::Winter => ("answering a Winter question", "ответ на вопрос зимы"),
            ActionKind::WarOnMinor => (
                "declaring war on a minor power",
                "объявление войны малой державе",
            ),
            ActionKind::PeaceWithMinor => {
                ("making peace with a minor power", "мир с малой державой")
            }
            ActionKind::SecretChoice => ("the secret choice", "тайный выбор"),
            ActionKind::RevealSecret => ("revealing the secret choice", "раскрытие тайного выбора"),
            ActionKind::Deploy => ("spring deployment", "весеннее развёртывание"),
            ActionKind::PlaceLeader => ("placing a leader", "выставление лидера"),
            ActionKind::SkipDeployment => ("skipping deployment", "пропуск развёртывания"),
            ActionKind::Play => ("playing a card", "розыгрыш карты"),
            ActionKind::Pass => ("passing", "пас"),
            ActionKind::Move => ("moving", "перемещение"),
            ActionKind::Control => ("taking control", "взятие под контроль"),
            ActionKind::Raise => ("raising units", "набор войск"),
            ActionKind::BuildFortress => ("building a fortress", "постройка крепости"),
            ActionKind::Assault => ("an assault", "штурм"),
            ActionKind::Revolt => ("a revolt", "восстание"),
            ActionKind::FightForeignWar => ("fighting a foreign war", "бой на внешней войне"),
            ActionKind::SendToWar => (
                "sending units to a foreign war",
                "отправка войск на внешнюю войну",
            ),
            ActionKind::WithdrawLeaders => ("taking leaders off the map", "снятие лидеров с карты"),
            ActionKind::MoveHuguenotCapital => {
                ("moving the Huguenot capital", "перенос столицы гугенотов")
            }
            ActionKind::Convert => ("a conversion attempt", "попытка обращения"),
            ActionKind::CatholicRebellion => (
                "an English Catholic rebellion",
                "английское католическое восстание",
            ),
            ActionKind::ConversionSix => ("answering a natural 6", "ответ на выпавшую шестёрку"),
            ActionKind::EndImpulse => ("ending the impulse", "завершение импульса"),
            ActionKind::Adjust => ("a manual fix", "ручная правка"),
            ActionKind::Intercept => ("intercepting", "перехват"),
            ActionKind::AvoidBattle => ("avoiding battle", "уклонение от боя"),
            ActionKind::WithdrawInside => {
                ("withdrawing into the fortifications", "укрытие за стенами")
            }
            ActionKind::Forgo => ("declining the offer", "отказ от предложенного"),
            ActionKind::TakeCasualties => ("taking casualties", "выбор потерь"),
            ActionKind::Retreat => ("retreating", "отступление"),
            ActionKind::SetStanding => ("setting a standing answer", "постоянный ответ"),
            ActionKind::NavalMove => ("a naval move", "морской ход"),
            ActionKind::NavalTransport => ("a naval transport", "морская перевозка"),
            ActionKind::SinkShips => ("choosing sunk ships", "выбор потопленных кораблей"),
            ActionKind::NavalRetreat => ("a naval retreat", "отход флота"),
            ActionKind::NavalIntercept => ("a naval interception", "морской перехват"),
            ActionKind::NavalAvoid => ("avoiding a naval battle", "уклонение от морского боя"),
            ActionKind::JoinRelief => (
                "a sally to join the relief",
                "вылазка на помощь деблокирующим",
            ),
            ActionKind::Piracy => ("piracy", "пиратство"),
            ActionKind::PiracyReward => ("paying for piracy", "плата пиратам"),
            ActionKind::SpendTreasure => ("spending a treasure", "трата сокровища"),
            ActionKind::Surrender => ("removing units for a peace", "снятие отрядов за мир"),
            ActionKind::Regain => ("regaining after a peace", "возврат после мира"),
            ActionKind::Choose => ("answering a card's question", "ответ на вопрос карты"),
            ActionKind::BuyInfluence => ("buying influence", "покупка влияния"),
            ActionKind::Marry => ("a marriage proposal", "предложение брака"),
            ActionKind::RefuseMarriage => ("refusing a marriage", "отказ в браке"),
            ActionKind::Spy => ("espionage", "шпионаж"),
        };
        self.loc.pick(en, ru)
    }

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

    /// What a power that declined a decision did not do: "Spain does not intercept." (the
    /// prompt is not repeated).
    pub fn forgone(&self, power: Power, d: Decision) -> String {
        let l = self.loc;
        let who = self.power(power);
        let (en, ru) = match d {
            Decision::Intercept => ("does not intercept", "не перехватывает"),
            Decision::AvoidBattle => ("does not avoid battle", "не уклоняется от боя"),
            Decision::WithdrawInside => (
                "stays outside the walls to fight",
                "остаётся в поле и сражается",
            ),
            Decision::CombatCard => ("plays no combat card", "не играет боевую карту"),
            Decision::ResponseCard => ("plays no response card", "не играет карту ответа"),
            Decision::NavalIntercept => ("does not intercept at sea", "не перехватывает на море"),
            Decision::NavalAvoid => (
                "does not evade the naval battle",
                "не уклоняется от морского боя",
            ),
            Decision::JoinRelief => ("stays inside the walls", "остаётся за стенами"),
            Decision::DiceCard => ("plays no card on the dice", "не играет карту на кости"),
            Decision::Intervene => ("does not intervene", "не вступается"),
            Decision::PeaceRegain => ("regains nothing more", "больше ничего не возвращает"),
            Decision::WithdrawLeaders => {
                ("keeps its leaders on the map", "оставляет лидеров на карте")
            }
            Decision::MoveCapital => ("keeps its capital", "оставляет столицу"),
            _ => ("declines", "отказывается"),
        };
        tr!(l, "{} {}.", "{} {}.", who, l.pick(en, ru))
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

    /// A question not asked, and why (C-AVOID, C-WITHDRAW, C-MOVE-SPRING, C-WINTER-REGULAR).
    fn skipped(&self, p: Power, q: &Skipped) -> String {
        let l = self.loc;
        let who = self.power(p);
        match q {
            Skipped::Avoid { space } => tr!(l, "{} cannot avoid battle in {}: no space to go to (next to it across a clear border, friendly, free of enemies, not where the attacker came from) (C-AVOID).", "{} не может уклониться от боя {}: отойти некуда (нужно соседнее пространство без перевала, дружественное, без врагов и не то, откуда пришёл противник) (C-AVOID).", who, self.space_in(*space)),
            Skipped::Withdraw { space, units, max } => tr!(l, "{} cannot withdraw into {}: {} units, at most {} (C-WITHDRAW).", "{} не может укрыться за стенами {}: отрядов {}, а можно не больше {} (C-WITHDRAW).", who, self.space_case(*space, Case::Gen), units, max),
            Skipped::DeployNoCapital => tr!(l, "{} cannot deploy in spring: it has no capital (C-MOVE-SPRING).", "{}: весеннее развёртывание невозможно — нет столицы (C-MOVE-SPRING).", who),
            Skipped::DeployNoUnits { capitals } => tr!(l, "{} cannot deploy in spring: none of its land units are in {} (C-MOVE-SPRING).", "{}: весеннее развёртывание невозможно — {} нет сухопутных отрядов этой державы (C-MOVE-SPRING).", who, capitals.iter().map(|c| self.space_in(*c)).collect::<Vec<_>>().join(l.pick(" or ", " и "))),
            Skipped::FreeUnit { space, why: FreeUnitBar::HeldBy(o) } => tr!(l, "{} takes no free winter unit: {} is held by {} (C-WINTER-REGULAR).", "{} не получает бесплатного зимнего отряда: {} под контролем {} (C-WINTER-REGULAR).", who, self.space(*space), self.owner_case(*o, Case::Gen)),
            Skipped::FreeUnit { space, why: FreeUnitBar::Unrest } => tr!(l, "{} takes no free winter unit: {} is in unrest (C-WINTER-REGULAR).", "{} не получает бесплатного зимнего отряда: {} беспорядки (C-WINTER-REGULAR).", who, self.space_in(*space)),
            Skipped::FreeUnit { space, why: FreeUnitBar::Full } => tr!(l, "{} takes no free winter unit: no room for another unit in {} (C-WINTER-REGULAR).", "{} не получает бесплатного зимнего отряда: {} нет места для ещё одного отряда (C-WINTER-REGULAR).", who, self.space_in(*space)),
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

    /// A rules refusal in this locale, ending with the rule ID it enforces, if any.
    pub fn refusal(&self, r: &Refusal) -> String {
        let text = self.refusal_text(r);
        match r.rule() {
            Some(id) => format!("{text} ({id})"),
            None => text,
        }
    }

    fn refusal_text(&self, r: &Refusal) -> String {
        use Refusal as R;
        let l = self.loc;
        let p = |x: &Power| self.power(*x);
        let s = |x: &SpaceId| self.space(*x);
        match r {
            R::AdjustNotSeated { power } => tr!(l, "{} is not in play; only seated powers may make manual fixes", "держава {} не участвует в партии; ручные правки делают только державы игроков", p(power)),
            R::PowerNotInPlay { power } => tr!(l, "{} is not in play in this game", "держава {} не участвует в этой партии", p(power)),
            R::SelfDiplomacy { power } => tr!(l, "a power has no war, peace or alliance with itself ({})", "у державы нет войны, мира или союза с самой собой ({})", p(power)),
            R::NotDiplomacyPhase => l.pick("diplomacy happens in the Diplomacy phase", "дипломатия ведётся в фазе дипломатии").into(),
            R::AlreadyAtWar { power, target } => tr!(l, "{} is already at war with {}", "{} и {} уже воюют", p(power), p(target)),
            R::AllyCannotBeAttacked { power, target } => tr!(l, "{} is allied with {}; an ally cannot be attacked", "{} и {} — союзники; союзнику нельзя объявить войну", p(power), p(target)),
            R::PeaceNeedsWar { power, target } => tr!(l, "{} is not at war with {}; peace is offered only to an enemy", "{} и {} не воюют; мир предлагают только противнику", p(power), p(target)),
            R::SueForPeaceOff { power, target } => tr!(l, "Virgin Queen has no suing for peace: {} and {} make peace by negotiation (`peace target:…`, which the other side accepts or declines); this table plays Here I Stand's `sue` only if the group switches it on", "В этой игре нет просьбы о мире: {} и {} заключают мир переговорами (`мир с:…`, другая сторона принимает или отклоняет); `sue` из Here I Stand действует, только если группа его включила", p(power), p(target)),
            R::AllianceNeedsPeace { power, target, now } => tr!(l, "an alliance needs peace first; between {} and {} now: {}", "союз возможен только после мира; сейчас между державами {} и {}: {}", p(power), p(target), self.relation(*now)),
            R::OfferAlreadyOpen { from, to } => tr!(l, "{} already has an offer open to {}", "у державы {} уже есть открытое предложение для державы {}", p(from), p(to)),
            R::NoOpenOffer { from, to } => tr!(l, "{} has no open offer to {}", "у державы {} нет открытого предложения для державы {}", p(from), p(to)),
            R::MinorAlreadyAllied { minor, ally } => tr_each!(l, "{} is already allied with {} and fights in its wars: it cannot be won over now, and a war on it is made by declaring war on its ally ({}), never by that ally", [self.owner(Owner::Minor(*minor)), p(ally), format!("`{}`", self.command_line(&format!("war target:{}", ally.as_str())))], "{} уже в союзе с державой {} и воюет в её войнах: привлечь её сейчас нельзя, а войну ей объявляют, объявив войну её союзнику ({}), сам союзник ей войну не объявляет", [self.owner(Owner::Minor(*minor)), p(ally), format!("`{}`", self.command_line(&format!("war target:{}", ally.as_str())))]),
            R::AnswerOfferFirst { from, to, status } => {
                let what = if *status == Relation::Peace { l.pick("peace", "мир") } else { l.pick("an alliance", "союз") };
                tr!(l, "{} offered {} to {}; accept or decline it before finishing", "держава {} предложила {} державе {}; примите или отклоните предложение, прежде чем закончить", p(from), what, p(to))
            }
            R::SecretOnlyEmpire { power } => tr!(l, "only the Empire makes the secret religious choice; {} cannot", "тайный религиозный выбор делает только Империя; {} не может", p(power)),
            R::SecretAlreadyMade => l.pick("the Empire has already made its secret religious choice; it cannot be changed", "Империя уже сделала тайный религиозный выбор; изменить его нельзя").into(),
            R::SecretAlreadyRevealed => l.pick("the Empire's choice has already been revealed", "выбор Империи уже раскрыт").into(),
            R::SecretNotMade => l.pick("the Empire has not made its secret choice yet", "Империя ещё не сделала тайный выбор").into(),
            R::SecretStaysSecret => l.pick(
                "the Empire's choice stays secret until Victory Determination; it is revealed there only if its VP let the Empire win or stop another power's victory",
                "выбор Империи остаётся тайным до подсчёта победы; его раскрывают, только если его ПО приносят Империи победу или не дают победить другой державе",
            ).into(),
            R::OnlyRudolfDeath { power, ruler } => {
                let name = ruler
                    .as_deref()
                    .and_then(|id| self.rs.rulers.iter().find(|x| x.id == id))
                    .map_or_else(|| l.pick("unknown", "неизвестен").to_string(), |x| l.pick(&x.name_en, &x.name_ru).to_string());
                tr!(l, "only the death of Rudolf II has an automated effect; {}'s ruler is {}. Apply other rulers' deaths with the card and VP adjustments", "автоматизирована только смерть Рудольфа II; правитель державы {} — {}. Смерть других правителей вносите правками карт и ПО", p(power), name)
            }
            R::ReligionFixed { space } => tr!(l, "{} lies outside the four zones of religious struggle and keeps its printed religion", "пространство {} лежит вне четырёх зон борьбы за веру и сохраняет напечатанную веру", s(space)),
            R::NotInHand { power, card, hand } => tr!(l, "card {} is not in {}'s hand; the hand holds: {}", "карты {} нет на руке державы {}; на руке: {}", self.card(*card), p(power), self.list(hand.iter().map(|c| self.card(*c)).collect())),
            R::MandatoryNotForCp { card } => tr!(l, "{} is a mandatory event: it must be played as an event, not for CP", "{} — обязательное событие: его играют как событие, а не за ОД", self.card(*card)),
            R::EventOutsideImpulse { card, kind } => {
                let k = if *kind == CardKind::Combat { l.pick("combat", "боевая") } else { l.pick("response", "ответная") };
                tr!(l, "{} is a {} card; its event is played outside your impulse. In an impulse it can be played for CP", "{} — {} карта; её событие играют вне своего импульса, а в импульсе её можно сыграть за ОД", self.card(*card), k)
            }
            R::CardsAtImpulseStart => l.pick("cards are played at the start of an impulse", "карты играют в начале импульса").into(),
            R::MustPlayMandatory { power, card } => tr!(l, "{} holds the mandatory event {}; it must be played before passing", "у державы {} на руке обязательное событие {}; его нужно сыграть до паса", p(power), self.card(*card)),
            R::TooManyCardsToPass { power, held, admin } => tr!(l, "{} may not pass while holding {} non-home cards; passing is allowed with at most {} (the ruler's administrative rating)", "держава {} не может пасовать: карт на руке, кроме родных, — {}, а пас разрешён, только если их не больше {} (административный рейтинг правителя)", p(power), held, admin),
            R::NotEnoughCp { power, left, cost, what } => {
                let w = match what {
                    CpUse::CrossPass => l.pick("crossing a pass", "переход через перевал"),
                    CpUse::Action(k) => self.action_kind(*k),
                };
                tr!(l, "{} has {} CP left; {} costs {}", "у державы {} осталось ОД: {}; {} стоит {}", p(power), left, w, cost)
            }
            R::NotAutomated { action } => tr!(l, "{} is not automated yet; apply its effect with {}", "действие «{}» пока не автоматизировано; примените эффект через {}", self.action_kind(*action), self.command("adjust", &[])),
            R::NoCpCost { action } => tr!(l, "{} does not cost CP", "{} не оплачивается ОД", self.action_kind(*action)),
            R::NoCostInData { key } => tr!(l, "the game's cost table gives no cost for `{}`, so it cannot be done here; ask the game's maintainer to add it", "в таблице стоимостей игры нет цены для `{}`, поэтому так сейчас нельзя; попросите того, кто ведёт данные игры, её добавить", key),
            R::NotACapital { power, space, capitals } => tr!(l, "spring deployment starts from a capital of {}; {} is not one (capitals: {})", "весеннее развёртывание начинается из столицы державы {}; {} — не её столица (столицы: {})", p(power), s(space), self.list(capitals.iter().map(s).collect())),
            R::NotControlled { power, space } => tr!(l, "{} does not control {}", "{} не контролирует пространство {}", p(power), s(space)),
            R::SameSpace { space } => tr!(l, "the destination is the starting space itself ({})", "цель совпадает с началом пути ({})", s(space)),
            R::NoFriendlyPath { from, to } => tr!(l, "{} cannot be reached from {} through friendly spaces free of enemy units", "в пространство {} не пройти из пространства {} через дружественные пространства без вражеских войск", s(to), s(from)),
            R::NotAdjacent { from, to } => {
                let n = self.list(self.rs.neighbours[from.idx()].iter().map(|(x, _)| s(x)).collect());
                tr!(l, "{} is not adjacent to {}; neighbours: {}", "{} не граничит с пространством {}; соседние пространства: {}", s(to), s(from), n)
            }
            R::NoLandUnitPicked => l.pick("pick at least one land unit or leader to move", "выберите хотя бы один сухопутный отряд или лидера").into(),
            R::LeaderAloneBlocked { space } => tr!(l, "a leader without units may not enter {}: it holds enemy land units or is a fortified space not on your side; move it there with land units", "лидер без войск не может войти {}: там вражеские сухопутные отряды или это укреплённое пространство не вашей стороны; ведите его туда вместе с отрядами", self.space_to(*space)),
            R::NotEnoughUnits { power, space, have, asked } => tr!(l, "{0} has {1} in {2}; asked for {3}", "у державы {0} в пространстве {2}: {1}; запрошено: {3}", p(power), self.land_count(have), s(space), self.land_count(asked)),
            R::LeaderNotHere { leader, power, space, army } => {
                if *army {
                    tr!(l, "{} is not an army leader of {} in {}", "{} — не армейский лидер державы {} в пространстве {}", self.leader(leader), p(power), s(space))
                } else {
                    tr!(l, "leader {} is not with {}'s units in {}", "лидера {} нет среди войск державы {} в пространстве {}", self.leader(leader), p(power), s(space))
                }
            }
            R::FormationTooLarge { units, limit } => tr!(l, "a formation of {0} land units needs a leader with command {0} or more; the limit here is {1}", "группе из {0} сухопутных отрядов нужен лидер с командованием не меньше {0}; здесь предел — {1}", units, limit),
            R::BesiegedCannotLeave { power, space } => tr!(l, "{}'s units in {} are besieged and cannot move out", "войска державы {} в пространстве {} осаждены и не могут выйти", p(power), s(space)),
            R::NeutralController { power, space, controller } => tr!(l, "{} is controlled by {}, which is neither allied with nor at war with {}; declare war first", "пространство {} под контролем: {}, а это не союзник и не противник державы {}; сначала объявите войну", s(space), self.owner(*controller), p(power)),
            R::NeutralUnits { power, space, owner } => tr!(l, "{0} has units in {1} and is not at war with {2}", "в пространстве {1} стоят войска, с владельцем которых держава {2} не воюет: {0}", self.owner(*owner), s(space), p(power)),
            R::FortifiedNeedsSiege { space } => tr!(l, "{} is fortified; it changes control only by a successful siege", "{} — укреплённое пространство; оно меняет владельца только после успешной осады", s(space)),
            R::AlreadyControls { power, space } => tr!(l, "{} already controls {}", "{} уже контролирует пространство {}", p(power), s(space)),
            R::NoUnitsNear { power, space } => tr!(l, "{1} needs land units in or next to {0} to take control", "чтобы взять под контроль пространство {0}, держава {1} должна иметь сухопутные войска в нём или по соседству", s(space), p(power)),
            R::EnemyUnitsIn { space } => tr!(l, "enemy land units are in {}", "в пространстве {} стоят вражеские сухопутные войска", s(space)),
            R::EnemyUnitsAdjacent { space, adjacent } => tr!(l, "enemy land units in adjacent {} prevent taking control of {} (independent units would not)", "вражеские сухопутные войска в соседнем пространстве {} не дают взять под контроль пространство {} (независимые войска не мешали бы)", s(adjacent), s(space)),
            R::NotHomeSpace { power, space } => tr!(l, "{} is not a home space of {}; units are raised in home spaces", "{} — не родное пространство державы {}; войска набирают в родных пространствах", s(space), p(power)),
            R::ProtestantPool { space, faction, here } => match faction {
                None => tr!(l, "Protestant units are built only in Huguenot or Dutch home spaces; {} is not one", "протестантские отряды набирают только в родных пространствах гугенотов или голландцев; {} не из них", s(space)),
                Some(f) => {
                    let why = match here {
                        Some(h) => tr!(l, "{} is a {} home space", "{} — родное пространство {}", s(space), self.faction(*h)),
                        None => tr!(l, "{} is not a Protestant home space", "{} — не родное пространство протестантов", s(space)),
                    };
                    tr!(l, "{0} units are built only in {0} home spaces; {1}", "отряды {0} набирают только в родных пространствах {0}; {1}", self.faction(*f), why)
                }
            },
            R::FactionOnlyProtestant { owner } => tr!(l, "only Protestant units have a faction; leave the faction out for {}", "фракция есть только у протестантских отрядов; {}: не указывайте фракцию", self.owner(*owner)),
            R::UnderSiege { space } => tr!(l, "{} is under siege", "пространство {} в осаде", s(space)),
            R::NotAPort { space } => tr!(l, "{} is not a port; squadrons are built in ports", "{} — не порт; эскадры строят в портах", s(space)),
            R::CavalryOttomanOnly => l.pick("only the Ottoman raises cavalry (as in Here I Stand)", "кавалерию набирает только Османская империя (как в Here I Stand)").into(),
            R::OceanZone { world } => tr!(l, "{} is an ocean zone", "{} — океанская зона", self.world(*world)),
            R::SettlementFortressSpainOnly => l.pick("only Spain builds fortresses in settlements", "крепости в поселениях строит только Испания").into(),
            R::AlreadyFortified { place } => match place {
                Place::Space(x) => tr!(l, "{} is already fortified", "пространство {} уже укреплено", s(x)),
                Place::World(w) => tr!(l, "{} already has a fortress", "в поселении {} уже есть крепость", self.world(*w)),
            },
            R::NotBesieging { power, space } => tr!(l, "{} is not besieging {}; move units there first", "{} не осаждает пространство {}; сначала введите туда войска", p(power), s(space)),
            R::NoLandUnits { power, space } => tr!(l, "{} has no land units at {}", "у державы {} нет сухопутных войск в пространстве {}", p(power), s(space)),
            R::NotFortified { space, purpose } => match purpose {
                FortifiedFor::LeaderEntry => tr!(l, "{} is not fortified; leaders enter in fortified spaces", "пространство {} не укреплено; лидеры появляются в укреплённых пространствах", s(space)),
                FortifiedFor::Capital => tr!(l, "{} is not fortified; this table's data (`capital_fortified`) requires a fortified capital", "пространство {} не укреплено; данные этого стола (`capital_fortified`) требуют укреплённой столицы", s(space)),
            },
            R::NotYourLeader { leader, owner, power } => tr!(l, "{} is a leader of {}, not of {}", "{} — лидер державы {}, а не державы {}", self.leader(leader), p(owner), p(power)),
            R::OnlyProtestantPlacesLeaders => l.pick("only Protestant leaders are placed this way; other leaders enter with the turn track", "так выставляют только лидеров протестантов; остальные входят в игру по шкале ходов").into(),
            R::LeaderNotOffMap { leader } => tr!(l, "{} is not off the map waiting to enter (already on the map or captured)", "{} не ждёт входа в игру вне карты (уже на карте или в плену)", self.leader(leader)),
            R::LeaderNotYet { leader, from_turn, turn } => tr!(l, "{} enters play from turn {}; this is turn {}", "{} входит в игру с хода {}; сейчас ход {}", self.leader(leader), from_turn, turn),
            R::LeaderWithoutFaction => l.pick("this leader has no Protestant faction in the data", "у этого лидера в данных нет протестантской фракции").into(),
            R::LeaderEntryNotHome { faction, space } => tr!(l, "a {0} leader enters only in a {0} home space {1}; {2} is not one", "лидер {0} появляется только в родном пространстве {0} {1}; {2} не такое", self.faction(*faction), self.territory_in(*faction), s(space)),
            R::CapitalServesLeader { space, faction, leader } => tr!(l, "{0} is the {1} capital; it serves only {1} leaders and units, and {2} is not one", "{0} — столица {1}; она обслуживает только их лидеров и отряды, а {2} — не их лидер", s(space), self.faction(*faction), self.leader(leader)),
            R::CapitalServesUnits { space, faction, have } => tr!(l, "{0} is the {1} capital; it serves only {1} units. {1} units there: {2}", "{0} — столица {1}; она обслуживает только свои отряды. Отряды {1} там: {2}", s(space), self.faction(*faction), self.land_count(have)),
            R::OnlyProtestantRevolts { power } => tr!(l, "only the Protestant revolts; {} cannot", "восстание поднимает только Протестант; {} не может", p(power)),
            R::NotRevoltSpace { space } => tr!(l, "a revolt takes place in a Huguenot home space in France or a Dutch home space in the Netherlands; {} is not one", "восстание поднимают в родном пространстве гугенотов во Франции или голландцев в Нидерландах; {} не такое", s(space)),
            R::RevoltAlreadyInZone { faction } => tr!(l, "there was already a revolt {} this impulse; one revolt per zone per impulse", "в этом импульсе уже было восстание {}; одно восстание на зону за импульс", self.territory_in(*faction)),
            R::RevoltNeedsProtestant { space } => tr!(l, "{} is Catholic; a revolt needs a Protestant space", "{} — католическое пространство; для восстания нужно протестантское", s(space)),
            R::RevoltOtherUnits { space, owner } => tr!(l, "{0} holds land units in {1}; a revolt needs a space free of other powers' units", "в пространстве {1} стоят сухопутные войска: {0}; для восстания там не должно быть чужих войск", self.owner(*owner), s(space)),
            R::RevoltFortifiedNotHeld { space, holder } => tr!(l, "{} is fortified and held by {}; a fortified space changes control only by a successful siege, so a revolt there needs Protestant control", "{} — укреплённое пространство под контролем: {}; такое пространство меняет владельца только после успешной осады, поэтому восстание там возможно, лишь если оно уже у Протестанта", s(space), self.owner(*holder)),
            R::RevoltLeaderFaction { faction, leader } => tr!(l, "a revolt {} brings in only {} leaders; {} is not one", "восстание {} приводит только лидеров {}; {} не из них", self.territory_in(*faction), self.faction(*faction), self.leader(leader)),
            R::CapitalAlreadyAt { faction, space } => tr!(l, "the {} capital is already at {}; it stays until another major power takes it", "столица {} уже в пространстве {}; она остаётся там, пока её не захватит другая великая держава", self.faction(*faction), s(space)),
            R::CapitalLostThisTurn { faction } => tr!(l, "the {} capital was lost this turn; it may come back at a revolt in a later turn", "столица {} потеряна в этом ходу; она может вернуться при восстании в одном из следующих ходов", self.faction(*faction)),
            R::NotProtestantArmyLeader { name, on_map } => tr!(l, "`{}` is not a Protestant army leader on the map; on the map: {}", "`{}` — не армейский лидер протестантов на карте; на карте: {}", name, self.list(on_map.iter().map(|x| self.leader(x)).collect())),
            R::NamedTwice { name } => tr!(l, "`{}` is named twice", "`{}` указан дважды", name),
            R::NoCapitalMovePending => l.pick("no Huguenot capital move is pending", "перенос столицы гугенотов сейчас не ожидается").into(),
            R::NotHuguenotCapitalTarget { space } => tr!(l, "the Huguenot capital moves to a space in France held by the Protestant that is not already a capital (fortified if this table's `capital_fortified` says so); {} is not one", "столицу гугенотов переносят в пространство во Франции под контролем Протестанта, которое ещё не столица (укреплённое, если так требует `capital_fortified` этого стола); {} не такое", s(space)),
            R::WarPowerNotInPlay { card, power } => tr!(l, "{} strikes {}, which is not in play; play it for CP instead", "карта {} направлена против державы {}, которая не участвует в партии; сыграйте её за ОД", self.card(*card), p(power)),
            R::NoWarAwaitingUnits => l.pick("units go to a foreign-war card only when its event is played; after that, new units go there", "войска отправляют на карту внешней войны только при розыгрыше её события; потом туда идут новые отряды").into(),
            R::WrongWarCard { waiting, card } => tr!(l, "the foreign war waiting for units is {}, not {}", "войска ждёт внешняя война {}, а не {}", self.card(*waiting), self.card(*card)),
            R::NoSuchWar { card } => tr!(l, "{} is not a foreign war under way", "по карте {} внешняя война не идёт", self.card(*card)),
            R::NotYourWar { card, power, wars } => tr!(l, "{} is not a foreign war of {}; its wars: {}", "{} — не внешняя война державы {}; её войны: {}", self.card(*card), p(power), self.list(wars.iter().map(|c| self.card(*c)).collect())),
            R::SendFromBesieged { space } => tr!(l, "{} is under siege; units are not sent to a foreign war from a besieged space", "пространство {} в осаде; из осаждённых пространств войска на внешнюю войну не отправляют", s(space)),
            R::NothingToSend => l.pick("send at least one land unit or a leader", "отправьте хотя бы один сухопутный отряд или лидера").into(),
            R::TooManyForWar { required, on_card, room, asked } => tr!(l, "the war needs {} land units and {} are on the card: at most {} more may go, not {}", "войне нужно сухопутных отрядов: {}, на карте уже {}; можно отправить ещё не больше {}, а не {}", required, on_card, room, asked),
            R::OneLeaderToWar => l.pick("at most one leader goes to a foreign war", "на внешнюю войну идёт не больше одного лидера").into(),
            // --- religion (X-REL-*, R-REL-OUTSIDE, R-PROT-CAPITAL)
            R::NoConversions { power, converters } => tr!(l, "{} makes no conversion attempts; the powers that do: {}", "держава {} не делает попыток обращения; их делают: {}", p(power), self.list(converters.iter().map(p).collect())),
            R::ConvertOutsideZones { space } => tr!(l, "{} lies outside the four zones of religious struggle (the Netherlands, France, England, Scotland) and keeps its printed faith; conversions are attempted only inside them", "пространство {} вне четырёх зон религиозной борьбы (Нидерланды, Франция, Англия, Шотландия) и сохраняет напечатанную веру; обращать можно только внутри зон", s(space)),
            R::AlreadyOfFaith { space, religion } => tr!(l, "{} is already {}; a conversion attempt targets a space of the other faith", "пространство {} уже {}; обращают только пространство другой веры", s(space), self.religion_adj(*religion)),
            R::ConvertNoFoothold { space, religion } => tr!(l, "{} has no adjacent {} space (by land, or across the sea from a port) and none of your land units; a conversion attempt needs one or the other", "рядом с пространством {} нет {} пространства (по суше или, для порта, через море) и в нём нет ваших сухопутных войск; для попытки обращения нужно одно из двух", s(space), self.religion_gen(*religion)),
            R::ReligionNeedsCp { power, action, left, cost } => {
                let what = match action {
                    crate::engine::religion::ReligionAction::Convert => self.action_kind(ActionKind::Convert),
                    crate::engine::religion::ReligionAction::CatholicRebellion => self.action_kind(ActionKind::CatholicRebellion),
                };
                tr!(l, "{} has {} CP left; {} costs {}", "у державы {} осталось ОД: {}; {} стоит {} ОД", p(power), left, what, cost)
            }
            R::NoSixPending => l.pick("no natural 6 of a conversion attempt is waiting for an answer", "выпавшая при обращении шестёрка сейчас не ждёт ответа").into(),
            R::RebellionNotCatholicPower { power, sponsors } => tr!(l, "the English Catholic rebellion is raised by a Catholic power other than England, not by {}; it may be raised by: {}", "английское католическое восстание поднимает католическая держава, кроме Англии, а не {}; его могут поднять: {}", p(power), self.list(sponsors.iter().map(p).collect())),
            R::RebellionNotEnglishSpace { space } => tr!(l, "the English Catholic rebellion takes place in a space of England controlled by England; {} is not one", "английское католическое восстание поднимают в пространстве Англии под контролем Англии; {} не такое", s(space)),
            R::RebellionAlreadyInZone { zone } => tr!(l, "there was already a rebellion {} this impulse; one rebellion per zone per impulse", "в этом импульсе уже было восстание {}; одно восстание на зону за импульс", self.zone_in(*zone)),
            R::RebellionNeedsCatholic { space } => tr!(l, "{} is Protestant; the English Catholic rebellion needs a Catholic space", "пространство {} протестантское; английскому католическому восстанию нужно католическое", s(space)),
            R::RebellionEnglishUnits { space } => tr!(l, "English land units stand in {}; the rebellion needs a space without them", "в пространстве {} стоят английские сухопутные войска; для восстания их там быть не должно", s(space)),
            R::CapitalOutsideTerritory { space, faction } => tr!(l, "the {} capital is declared {}; {} is not there", "столицу {} объявляют {}; {} не там", self.faction(*faction), self.territory_in(*faction), s(space)),
            R::NoUnitsOnWarCard => l.pick("no land units of yours are on the card to fight the foreign army", "на карте войны нет ваших сухопутных отрядов, чтобы сразиться с иностранной армией").into(),
            // --- diplomacy, winter, cards and victory
            R::WarNotAllowed { power, target } => tr!(l, "the war table has no cost for {} declaring war on {}, so this war cannot be declared", "в таблице войн нет цены войны державы {} с державой {}, поэтому эту войну объявить нельзя", p(power), p(target)),
            R::WarNeedsCard { power, target, cost, cards } => {
                if cards.is_empty() {
                    tr!(l, "war by {} on {} costs {} CP, paid by discarding a card worth at least that; no card in the hand is enough", "война державы {} с державой {} стоит {} очк.: нужно сбросить карту не меньшей ценности; на руке такой нет", p(power), p(target), cost)
                } else {
                    tr!(l, "war by {} on {} costs {} CP: name the card to discard (`card:`); these are enough: {}", "война державы {} с державой {} стоит {} очк.: укажите карту для сброса (`карта:`); подходят: {}", p(power), p(target), cost, self.list(cards.iter().map(|c| self.card(*c)).collect()))
                }
            }
            R::WarCardTooSmall { card, cp, cost, cards } => tr!(l, "{} is worth {} CP but the war costs {}; cards that are enough: {}", "{} стоит {} очк., а война — {}; подходят карты: {}", self.card(*card), cp, cost, self.list(cards.iter().map(|c| self.card(*c)).collect())),
            R::WarAfterPeace { power, target, peace_turn, from_turn } => tr!(l, "{} made peace with {} on turn {}; war between them is allowed again from turn {}", "{} заключила мир с державой {} на ходу {}; война между ними снова возможна с хода {}", p(power), p(target), peace_turn, from_turn),
            R::LeaderNotCaptured { leader, captured } => tr!(l, "nobody holds {} captive; captured leaders: {}", "{} ни у кого не в плену; пленные лидеры: {}", self.leader(leader), self.list(captured.iter().map(|x| self.leader(x)).collect())),
            R::RansomOwnLeaderOnly { power, leader, owner } => tr!(l, "{} cannot ransom {}: only its own power, {}, may", "{} не может выкупить лидера {}: выкупает только его держава — {}", p(power), self.leader(leader), p(owner)),
            R::MinorNeedsInfluence { minor } => tr!(l, "{} cannot be allied for free: minor powers are won by diplomatic influence; buy steps with CP in your impulse (`influence target:{}`), and the status is resolved at the end of the Action phase or by a card (X-INF-RESOLVE); a manual fix (`adjust`) still allies one", "{} нельзя сделать союзником даром: малые державы привлекают дипломатическим влиянием; покупайте шаги за ОД в свой импульс (`влияние цель:{}`), а статус определяется в конце фазы действий или картой (X-INF-RESOLVE); ручная правка (`adjust`) по-прежнему делает её союзником", self.owner(Owner::Minor(*minor)), minor.as_str()),
            R::RecallAfterWinterOnly => l.pick("units are recalled to a capital after a Winter; the scenario's first turn has none", "отзыв войск в столицу бывает после зимы; в первом ходу сценария её не было").into(),
            R::RansomCapital { power, space: None, capitals } => tr!(l, "{} has several capitals the leader can return to: name one with `to:`; allowed: {}", "у державы {} несколько столиц, куда может вернуться лидер: назовите одну в `куда:`; можно: {}", p(power), self.list(capitals.iter().map(|c| self.space(*c)).collect())),
            R::RansomCapital { power, space: Some(space), capitals } => tr!(l, "{} cannot take the leader back in {}: it returns to a capital of {} that it controls and that is not in unrest; allowed: {}", "{} не может принять лидера в пространстве {}: он возвращается в столицу державы {} под её контролем и без беспорядков; можно: {}", p(power), s(space), p(power), self.list(capitals.iter().map(|c| self.space(*c)).collect())),
            R::RecallNeedsCapital { power, space, capitals } => tr!(l, "{} recalls units only to a capital it controls that is not in unrest; {} is not one; allowed: {}", "{} отзывает войска только в свою столицу без беспорядков; {} не подходит; можно: {}", p(power), s(space), self.list(capitals.iter().map(|c| self.space(*c)).collect())),
            // --- war on minors (C-DIP-WAR-COST, C-DIP-WAR-LIMITS)
            R::MinorWarNotAllowed { power, minor } => tr!(l, "the war table has no cost for {} declaring war on {}, so this war cannot be declared", "в таблице войн нет цены войны державы {} с державой {}, поэтому эту войну объявить нельзя", p(power), self.owner(Owner::Minor(*minor))),
            R::MinorWarNeedsCard { power, minor, cost, cards } => {
                if cards.is_empty() {
                    tr!(l, "war by {} on {} costs {} CP, paid by discarding a card worth at least that; no card in the hand is enough", "война державы {} с державой {} стоит {} очк.: нужно сбросить карту не меньшей ценности; на руке такой нет", p(power), self.owner(Owner::Minor(*minor)), cost)
                } else {
                    tr!(l, "war by {} on {} costs {} CP: name the card to discard (`card:`); these are enough: {}", "война державы {} с державой {} стоит {} очк.: укажите карту для сброса (`карта:`); подходят: {}", p(power), self.owner(Owner::Minor(*minor)), cost, self.list(cards.iter().map(|c| self.card(*c)).collect()))
                }
            }
            R::AlreadyAtWarMinor { power, minor } => tr!(l, "{} is already at war with {}", "{} уже воюет с державой {}", p(power), self.owner(Owner::Minor(*minor))),
            R::NoMinorWar { power, minor, wars } => {
                if wars.is_empty() {
                    tr!(l, "{} is not at war with {}, nor with any minor power: there is no war to end", "{} не воюет с державой {} и ни с одной малой державой: заканчивать нечего", p(power), self.owner(Owner::Minor(*minor)))
                } else {
                    tr!(l, "{} is not at war with {}; it may make peace with: {}", "{} не воюет с державой {}; мир возможен с: {}", p(power), self.owner(Owner::Minor(*minor)), self.list(wars.iter().map(|m| self.owner(Owner::Minor(*m))).collect()))
                }
            }
            R::MinorWarAfterPeace { power, minor, peace_turn, from_turn } => tr!(l, "{} made peace with {} on turn {}; a new war on it is allowed from turn {}", "{} заключила мир с державой {} на ходу {}; новая война с ней возможна с хода {}", p(power), self.owner(Owner::Minor(*minor)), peace_turn, from_turn),
            // --- winter questions (C-WINTER-QUARTERS)
            R::WarReturnPlace { space: None, allowed } => tr!(l, "name the home key with `to:`; allowed: {}", "назовите родное ключевое пространство в `куда:`; можно: {}", self.list(allowed.iter().map(|c| self.space(*c)).collect())),
            R::WarReturnPlace { space: Some(space), allowed } => tr!(l, "{} is not one of the friendly home keys offered; allowed: {}", "{} не из предложенных родных ключевых пространств; можно: {}", s(space), self.list(allowed.iter().map(|c| self.space(*c)).collect())),
            R::WinterPlace { space: None, allowed } => tr!(l, "name the place with `to:`; allowed: {}", "назовите место в `куда:`; можно: {}", self.list(allowed.iter().map(|c| self.space(*c)).collect())),
            R::WinterPlace { space: Some(space), allowed } => tr!(l, "{} is not one of the places offered; allowed: {}", "{} не из предложенных мест; можно: {}", s(space), self.list(allowed.iter().map(|c| self.space(*c)).collect())),
            R::WinterWholeForce { space } => tr!(l, "the units in {} go to winter quarters together: name only the place with `to:`", "отряды {} идут на зимовку вместе: назовите только место в `куда:`", self.space_from(*space)),
            R::WinterWrongUnits { least, excess, asked, have } if least == excess => tr!(l, "send exactly {} land units from those you have there ({}); asked {}", "отправьте ровно {} сухопутных отрядов из имеющихся там ({}); запрошено {}", excess, self.land_count(have), self.land_count(asked)),
            R::WinterWrongUnits { least, excess, asked, have } => tr!(l, "send {} to {} land units from those you have there ({}); the other faction's units there send the rest; asked {}", "отправьте от {} до {} сухопутных отрядов из имеющихся там ({}); остальное отправят отряды другой фракции; запрошено {}", least, excess, self.land_count(have), self.land_count(asked)),
            // --- position files (issue 17)
            R::AdjustTurnOutOfRange { turn, last } => tr!(l, "turn {} is not in this scenario; its turns are 1 to {}", "хода {} в этом сценарии нет; его ходы — с 1 по {}", turn, last),
            R::AdjustPhaseNeedsPower { phase } => tr!(l, "moving to {} needs the power whose turn it is ({})", "для перехода к этапу «{}» укажите державу, чья очередь ({})", self.phase(*phase), self.option("adjust", "target")),
            R::AdjustPhaseQuestionPending { power } => tr!(l, "a question to {} is waiting; answer it (or take the action back) before moving the game to another phase", "ждёт ответа вопрос к державе {}; ответьте на него (или отмените ход), прежде чем переводить игру на другой этап", p(power)),
            R::AdjustPhaseNotSettable { phase } => tr!(l, "{} runs by itself; move to diplomacy, spring deployment, action or winter", "этап «{}» идёт сам; переходить можно к дипломатии, весеннему развёртыванию, действиям или зиме", self.phase(*phase)),
            // --- ops: bounded unit counters
            R::UnitLimit { space, max } => tr!(l, "a force holds at most {} units of each kind in one space, and this would put more in {}", "у одной стороны в одном пространстве не больше {} отрядов каждого вида, а здесь {} стало бы больше", max, self.space_in(*space)),
            // --- land warfare
            R::CannotMoveAgain { power, space } => tr!(l, "{}'s units in {} lost a battle or began a siege this impulse and may not move again until the next impulse", "войска державы {} в пространстве {} проиграли бой или начали осаду в этом импульсе и не могут двигаться до следующего импульса", p(power), s(space)),
            R::NoLineOfCommunication { power, space } => tr!(l, "{} has no line of communication to {}: it needs a path of its own or allied spaces, free of enemy units and unrest, to one of its fortified home spaces", "у державы {} нет линии связи с пространством {}: нужен путь через свои или союзные пространства без вражеских войск и волнений до своего укреплённого родного пространства", p(power), s(space)),
            R::InUnrest { space } => tr!(l, "{} is in unrest: no units are raised there and no deployment starts there", "в пространстве {} волнения: там не набирают войска и оттуда не развёртываются", s(space)),
            R::MercenaryNotOttoman => l.pick("the Ottoman raises cavalry, not mercenaries", "Османская империя набирает кавалерию, а не наёмников").into(),
            R::OccupiedByOthers { space, owner } => tr!(l, "{} holds land units of {}; only an unoccupied space can be taken", "в пространстве {} стоят сухопутные войска ({}); взять под контроль можно только пустое пространство", s(space), self.owner(*owner)),
            R::DeployToCapital { space } => tr!(l, "{} is a capital; spring deployment ends in a space that is not a capital", "{} — столица; весеннее развёртывание заканчивается не в столице", s(space)),
            R::SiegeBegunThisImpulse { space } => tr!(l, "{} was besieged this impulse; an assault needs a siege from an earlier impulse", "осада пространства {} началась в этом импульсе; для штурма нужна осада с прошлого импульса", s(space)),
            R::AlreadyAssaulted { space } => tr!(l, "{} was already assaulted this impulse; one assault per space per impulse", "пространство {} уже штурмовали в этом импульсе; один штурм на пространство за импульс", s(space)),
            R::PortBlockaded { space } => tr!(l, "defending squadrons are in the port of {}; an assault needs them gone", "в порту {} стоят эскадры защитников; для штурма их не должно быть", s(space)),
            R::NotAnInterceptSpace { space, to, allowed } => tr!(l, "{} cannot intercept into {}; intercept from one of: {}", "из пространства {} нельзя перехватить {}; перехват возможен из: {}", s(space), self.space_to(*to), self.list(allowed.iter().map(|x| self.space(*x)).collect())),
            R::NotAnAvoidSpace { space, from, allowed } => tr!(l, "avoiding battle from {} cannot go to {}; go to one of: {}", "уклонение от боя {} не может вести {}; можно сюда: {}", self.space_from(*from), self.space_to(*space), self.list(allowed.iter().map(|x| self.space(*x)).collect())),
            R::BadRetreat { space, attacker_origin, allowed } => {
                let list = self.list(allowed.iter().map(|x| self.space(*x)).collect());
                match space {
                    Some(x) if *attacker_origin => tr!(l, "{} is where the attacker came from; retreat to one of: {}", "{} — пространство, откуда пришёл атакующий; отступайте в одно из: {}", s(x), list),
                    Some(x) => tr!(l, "{} is not a legal retreat (it must be adjacent, yours or an ally's, free of other powers' units and unrest); retreat to one of: {}", "{} не годится для отступления (оно должно быть соседним, вашим или союзным, без чужих войск и волнений); отступайте в одно из: {}", s(x), list),
                    None => tr!(l, "name where the survivors retreat: one of {}", "укажите, куда отступают уцелевшие: одно из {}", list),
                }
            }
            R::TooManyInside { asked, room } => tr!(l, "at most {1} land units can stay inside the fortifications; asked {0}", "за стенами могут остаться не больше {1} сухопутных отрядов; запрошено {0}", asked, room),
            R::WrongCasualties { hits, asked, have } => tr!(l, "lose exactly {} land units from those you have there ({}); asked {}", "потеряйте ровно {} сухопутных отрядов из имеющихся там ({}); запрошено {}", hits, self.land_count(have), self.land_count(asked)),
            R::WithdrawNotOffered { space, units } => match space {
                Some(x) => tr!(l, "withdrawal into {}'s fortifications is not offered now: it is offered to the defender of its own fortified space with at most 4 land units (you have {} there)", "укрыться за стенами {} сейчас нельзя: это предлагается защитнику своего укреплённого пространства, если у него не больше 4 сухопутных отрядов (у вас там {})", s(x), units),
                None => l.pick("withdrawal into fortifications is not offered now", "укрыться за стенами сейчас нельзя").into(),
            },
            R::CardNotForWindow { card, combat, .. } => {
                if *combat {
                    tr!(l, "{} is not a combat or response card; this window takes only those", "{} — не боевая карта и не карта ответа; сейчас можно играть только их", self.card(*card))
                } else {
                    tr!(l, "{} is not a response card; this window takes only response cards", "{} — не карта ответа; сейчас можно играть только карты ответа", self.card(*card))
                }
            }
            R::NothingPending => l.pick("no battle question is waiting for an answer", "ни один боевой вопрос не ждёт ответа").into(),
            R::MustAnswer { decision } => tr!(l, "this question must be answered, not declined: {}", "на этот вопрос нужно ответить, отказаться нельзя: {}", self.decision(*decision)),
            // --- naval warfare
            R::NoShipsThere { power, place } => tr!(l, "{} has no squadrons or corsairs in {}; a naval move starts where its ships are", "у державы {} нет эскадр или корсаров {}; морской ход начинается там, где стоят её корабли", p(power), self.place_name_in(place)),
            R::StackMovesOnce { place } => tr!(l, "the fleet in {} is named twice; each fleet moves one step per naval move", "флот {} назван дважды; за морской ход каждый флот делает один шаг", self.place_name_in(place)),
            R::NotANavalStep { from, to, allowed } => tr!(l, "{} to {} is not one naval step (port to a sea zone it borders, sea zone to an adjacent zone or to a port on it); from {} go to one of: {}", "{} {} нельзя за один морской шаг (порт → его морская зона, зона → соседняя зона или порт на ней); {} можно сюда: {}", self.place_from(from), self.place_to(to), self.place_from(from), self.list(allowed.iter().map(|x| self.place_id(x)).collect())),
            R::PortNotFriendly { space } => tr!(l, "{} is not a port of yours or an ally's; ships enter only a friendly port or one holding enemy ships to attack, and a crossing ends in a friendly port without enemy land units", "{} — не ваш и не союзный порт; корабли входят только в дружественный порт или в порт с вражескими кораблями для атаки, а перевозка заканчивается в дружественном порту без вражеских сухопутных войск", s(space)),
            R::NavalLeaderOnLand { leader } => tr!(l, "{} is a naval leader and moves only with ships, never over land", "{} — флотоводец: он ходит только с кораблями, не по суше", self.leader(leader)),
            R::TransportTooLarge { units, max } => tr!(l, "at most {1} land units cross by sea at once; asked {0}", "морем за раз перевозят не больше {1} сухопутных отрядов; запрошено {0}", units, max),
            R::NoSeaPath { from, to } => tr!(l, "no chain of sea zones holding your ships links {} to {}; a crossing needs your squadrons or corsairs in every zone on the way", "от {} до {} нет цепочки морских зон с вашими кораблями; для перевозки в каждой зоне пути нужны ваши эскадры или корсары", self.space_case(*from, Case::Gen), self.space_case(*to, Case::Gen)),
            R::WrongShipLosses { hits, asked, have } => tr!(l, "{} hits sink ships at 2 hits a squadron and 1 a corsair, leaving no hit unused that could sink one; you have {} squadrons and {} corsairs, asked {} and {}", "{} попаданий топят корабли: эскадра — 2 попадания, корсар — 1, и ни одно годное попадание не пропадает; у вас эскадр {}, корсаров {}, запрошено {} и {}", hits, have.0, have.1, asked.0, asked.1),
            R::BadNavalRetreat { to, allowed } => tr!(l, "the beaten fleet cannot retreat to {}; it goes to a friendly port on the zone or an adjacent zone without enemy ships: one of {}", "побеждённый флот не может отойти {}; он идёт в дружественный порт этой зоны или в соседнюю зону без вражеских кораблей; можно: {}", self.place_to(to), self.list(allowed.iter().map(|x| self.place_id(x)).collect())),
            R::UnitLimitAtSea { zone, max } => tr!(l, "a fleet holds at most {} ships of each kind in one sea zone, and this would put more in {}", "у одной стороны в одной морской зоне не больше {} кораблей каждого вида, а здесь {} стало бы больше", max, self.place_name_in(zone)),
            R::LandUnitsAtSea { zone } => tr!(l, "{} is a sea zone: only squadrons, corsairs and naval leaders can be there", "{} — морская зона: там могут быть только эскадры, корсары и флотоводцы", self.place_id(zone)),
            R::NotANavalInterceptPlace { place, zone, allowed } => tr!(l, "no interception into {} from {}; intercept from one of: {}", "из {1} нельзя перехватить в {0}; перехват возможен из: {2}", self.place_id(zone), self.place_id(place), self.list(allowed.iter().map(|x| self.place_id(x)).collect())),
            // --- land warfare, second card window
            R::EffectOptionOutOfRange { option, options } => tr!(l, "there is no option {}: choose a number from 1 to {}", "варианта {} нет: выберите число от 1 до {}", option, options),
            R::EffectSpaceNotAllowed { space, allowed } => tr!(l, "the card does not act on {}; choose one of: {}", "карта не действует на {}; выберите одно из: {}", self.space_case(*space, Case::Acc), self.list(allowed.iter().map(|x| self.space(*x)).collect())),
            // --- card effects
            R::WarForbiddenByCard { power, target, card } => tr!(l, "the effect of {} forbids war between {} and {} now; it ends when its time runs out (see `status`)", "действие {} запрещает сейчас войну между {} и {}; запрет кончается в свой срок (см. `status`)", self.card(*card), self.power(*power), self.power(*target)),
            R::EffectRemoveWrong { space, n } => tr_each!(l, "remove exactly {} of your own land units in {} (and no leader)", [n, self.space(*space)], "снимите ровно столько своих сухопутных отрядов {}: {} (без лидеров)", [self.space_in(*space), n]),
            R::EffectAnswerWrong { allowed } => tr!(l, "the card's question waits for {}", "вопрос карты ждёт ответа {}", self.command(allowed, &[])),
            R::NotADiceCard { card } => tr!(l, "{} does not change rolled dice; after the roll only such cards may be played", "{} не меняет выпавшие кости; после броска можно играть только такие карты", self.card(*card)),
            R::SpringSeaTooLarge { units, max } => tr!(l, "a Spring Deployment across a sea zone carries at most {1} land units; asked {0}", "весеннее развёртывание через морскую зону переносит не больше {1} сухопутных отрядов; запрошено {0}", units, max),
            R::SpringSeaGuarded { zone, owner } => tr!(l, "the spring deployment may not cross {}: {} has naval units in it or its ports; cross a sea free of other powers' ships", "весеннее развёртывание не может пересечь {}: там или в её портах корабли державы {}; нужно море без чужих кораблей", self.place_id(zone), self.owner(*owner)),
            // --- piracy, corsairs, sea crossings
            R::PiracyOttomanOnly { power } => tr!(l, "only the Ottoman pirates; {} may not", "пиратствуют только османы; {} не может", p(power)),
            R::PiracyAtSeaOnly { place } => tr!(l, "{} is a port; piracy happens in a sea zone where Ottoman corsairs are", "{} — порт; пиратство идёт в морской зоне, где стоят османские корсары", self.place_id(place)),
            R::NoCorsairsThere { zone, zones } => tr!(l, "no Ottoman corsairs in {}; zones with corsairs: {}", "в {} нет османских корсаров; зоны с корсарами: {}", self.place_id(zone), self.list(zones.iter().map(|z| self.place_id(z)).collect())),
            R::PiratedThisTurn { zone } => tr!(l, "{} was already pirated this turn; piracy is once per sea zone per turn", "в {} уже пиратствовали в этом ходу; пиратство — раз за ход в каждой морской зоне", self.place_id(zone)),
            R::PiracyTarget { target, zone, allowed } => tr!(l, "{} controls no port on {}; targets there: {}", "у державы {} нет порта у {}; цели там: {}", p(target), self.place_case(zone, Case::Gen), self.list(allowed.iter().map(|x| self.power(*x)).collect())),
            R::PiracyRewardNotAllowed { asked, allowed } => tr!(l, "you cannot pay with {} now; pay with one of: {} (each option in turn while another is open)", "сейчас нельзя заплатить так: {}; можно: {} (варианты по очереди, пока есть другой)", self.piracy_reward(*asked), self.list(allowed.iter().map(|x| self.piracy_reward(*x)).collect())),
            R::PiracySquadronPlace { place, allowed } if place.is_empty() => tr!(l, "name where the lost squadron is (at:); one of: {}", "укажите, где стоит теряемая эскадра (где:); одно из: {}", self.list(allowed.iter().map(|x| self.place_id(x)).collect())),
            R::PiracySquadronPlace { place, allowed } => tr!(l, "no squadron of yours near the piracy in {}; lose one in: {}", "в {} нет вашей эскадры рядом с пиратами; можно потерять в: {}", self.place_id(place), self.list(allowed.iter().map(|x| self.place_id(x)).collect())),
            R::CorsairOttomanOnly { power } => tr!(l, "only the Ottoman builds corsairs; {} may not", "корсаров строят только османы; {} не может", p(power)),
            R::CorsairsNeedBarbaryPirates => tr!(l, "corsairs are built only after the Barbary Pirates event", "корсаров строят только после события «Берберийские пираты»"),
            // --- treasures
            R::UnknownTreasure { treasure, yours } => tr!(l, "there is no treasure #{}; yours: {}", "сокровища №{} нет; ваши: {}", treasure, self.list(yours.iter().map(|t| self.treasure(*t)).collect())),
            R::TreasureNotYours { power, treasure, yours } => tr!(l, "treasure #{} is not held by {}; its treasures: {}", "сокровище №{} не принадлежит державе {}; её сокровища: {}", treasure, p(power), self.list(yours.iter().map(|t| self.treasure(*t)).collect())),
            R::TreasureNotYourImpulse { power } => tr!(l, "{} spends a treasure only in its own impulse, before or after playing a card for CP, with no question waiting", "{} тратит сокровище только в свой импульс, до или после розыгрыша карты за ОД, когда ничей ответ не ожидается", p(power)),
            R::TreasureAdjust { power, delta, available } if *delta > 0 => tr!(l, "the pool holds {} treasures; {} cannot get {}", "в запасе сокровищ: {}; державе {} нельзя дать {}", available, p(power), delta),
            R::TreasureAdjust { power, delta, available } => tr!(l, "{} holds {} treasures; {} cannot be taken", "у державы {} сокровищ: {}; забрать {} нельзя", p(power), available, delta.unsigned_abs()),
            // --- peace (C-DIP-PEACE)
            R::PeaceNotAsked { power, asked: None } => tr!(l, "{} is not asked to remove units or regain anything: these answers follow `sue` only", "державе {} не задан вопрос о снятии отрядов или возврате: такие ответы бывают только после `sue`", p(power)),
            R::PeaceNotAsked { power, asked: Some(a) } => tr!(l, "{} is not asked now: the peace question waits for {}, after the question on top", "державе {} сейчас не задан вопрос: вопрос о мире ждёт державу {} после текущего вопроса", p(power), p(a)),
            R::SurrenderCount { owed, asked, leaders: true } => tr!(l, "remove land units only, no leaders: 1 to {} (asked {} and leaders)", "снимаются только сухопутные отряды, не лидеры: от 1 до {} (запрошено {} и лидеры)", owed, asked),
            R::SurrenderCount { owed, asked, .. } => tr!(l, "remove 1 to {} land units in one answer (still owed: {}); asked {}", "снимите от 1 до {} сухопутных отрядов одним ответом (ещё должно: {}); запрошено {}", owed, owed, asked),
            R::SurrenderNotYours { power, space, have, asked } => tr!(l, "{}'s own land units in {}: {}; asked {}", "свои сухопутные отряды державы {} {}: {}; запрошено {}", p(power), self.space_in(*space), self.land_count(have), self.land_count(asked)),
            R::RegainNotHeld { power, winner, what, leaders, keys, spaces } => {
                let named = what
                    .split('+')
                    .map(|x| match self.rs.space_id(x) {
                        Some(sp) => self.space(sp),
                        None => self.leader(x),
                    })
                    .collect::<Vec<_>>()
                    .join(" + ");
                tr!(l, "{} holds no {} of {} to regain; it holds: leaders {}; home keys {}; non-key home spaces (regained two at a time, `what:A+B`) {}", "у державы {0} нет пункта «{1}» державы {2} для возврата; у неё: лидеры {3}; ключи {4}; прочие родные пространства (возвращаются по два, `что:A+B`) {5}", p(winner), named, p(power), self.list(leaders.iter().map(|x| self.leader(x)).collect()), self.list(keys.iter().map(|x| self.space(*x)).collect()), self.list(spaces.iter().map(|x| self.space(*x)).collect()))
            }
            R::PeaceWithdrawPlace { space: Some(space), allowed } => tr!(l, "{} is not one of the nearest fortified spaces your forces may go to; go to one of: {}", "{} — не из ближайших укреплённых пространств, куда могут уйти ваши войска; можно: {}", s(space), self.list(allowed.iter().map(|x| self.space(*x)).collect())),
            R::PeaceWithdrawPlace { space: None, allowed } => tr!(l, "name where your forces go (`to:`, no units inside); one of: {}", "укажите, куда уходят ваши войска (`куда:`, без войск за стенами); можно: {}", self.list(allowed.iter().map(|x| self.space(*x)).collect())),
            R::RegainVpOnly { key: true, .. } => tr!(l, "a home key is regained for VP only (`pay:vp`; the data's `peace_regain_key_card` is 0)", "ключ возвращается только за ПО (`чем:по`; в данных `peace_regain_key_card` = 0)"),
            R::RegainVpOnly { power, key: false } => tr!(l, "{} has no card the winner could draw; pay with VP (`pay:vp`)", "у державы {} нет карты, которую мог бы вытянуть победитель; платите ПО (`чем:по`)", p(power)),
            R::EmpireWinterUnit { mercenaries } => tr_each!(l, "the Empire takes its free winter unit as 1 regular (`units:1r`) or as {} mercenaries (`units:{}m`)", [mercenaries, mercenaries], "Империя берёт бесплатный зимний отряд как 1 регуляр (`войска:1р`) или как {} (`войска:{}н`)", [self.n_mercenaries(u32::from(*mercenaries)), mercenaries]),
            R::BadWinterPort { to, allowed } => tr!(l, "{} is not one of the nearest ports your fleet controls; winter in one of: {}", "{} — не из ближайших портов вашего флота; зимовать можно в: {}", self.place_id(to), self.list(allowed.iter().map(|x| self.place_id(x)).collect())),
            R::SeaBlockaded { space, zone } => tr!(l, "enemy ships in {} protect the port of {}; an assault needs the sea by the port clear of them", "вражеские корабли {} прикрывают порт {}; для штурма море у порта должно быть свободно от них", self.place_name_in(zone), self.space_case(*space, Case::Gen)),
            R::Influence(r) => self.influence_refusal(r),
            // --- marriages and espionage: worded in court_words.rs
            R::UnknownRoyal { .. }
            | R::RoyalNotYours { .. }
            | R::RoyalSameHouse { .. }
            | R::MarriageAtWar { .. }
            | R::RoyalNotSingle { .. }
            | R::RoyalAlreadyProposed { .. }
            | R::NoMarriageProposal { .. }
            | R::AnswerMarriageFirst { .. }
            | R::MarriageOnlyInDiplomacy { .. }
            | R::EspionageNotInData
            | R::SpyOnSelf { .. }
            | R::SpyOnlyWithCp { .. }
            | R::SpyNeedsCp { .. }
            | R::SpyNeedsWhom { .. }
            | R::SpyWhomNotTarget { .. }
            | R::NoRulerToKill { .. } => self.court_refusal(r).unwrap_or_default(),
        }
    }

    /// What an option of `command` accepts, for `help command:X`.
    pub fn option_values(&self, command: &str, o: &super::command::OptSpec) -> String {
        use super::command::OptKind;
        let l = self.loc;
        let allowed = |a: Allowed| tr!(l, "allowed: {}", "можно: {}", self.allowed(a));
        match o.kind {
            OptKind::Choice(list) => self.expected(&Expected::OneOf(list)),
            OptKind::Integer if command == "adjust" && o.name != "delta" => {
                self.expected(&Expected::Count)
            }
            OptKind::Integer => self.expected(&Expected::WholeNumber),
            OptKind::Power => allowed(Allowed::Powers),
            OptKind::Text if o.name == "owner" => allowed(Allowed::Owners),
            OptKind::Text if o.name == "minor" => allowed(Allowed::Minors),
            OptKind::Text if o.name == "scenario" => {
                let ids: Vec<String> = self.rs.scenarios.iter().map(|s| format!("`{}`", s.id)).collect();
                tr!(l, "allowed: {}", "можно: {}", ids.join(", "))
            }
            OptKind::Text => l.pick("free text", "произвольный текст").into(),
            OptKind::Space => l
                .pick(
                    "a space's name or id: a Europe space, a world-map settlement, an ocean zone or a sea zone",
                    "название или код места: пространство Европы, поселение на карте мира, океанская или морская зона",
                )
                .into(),
            OptKind::Card => tr!(l, "a card's number or name (your cards: {})", "номер или название карты (ваши карты: {})", self.command("hand", &[])),
            OptKind::Leader | OptKind::Leaders => tr!(l, "leader names or ids, e.g. `{}`", "имена или коды лидеров, например `{}`", self.rs.leaders.first().map_or("", |x| x.id.as_str()).to_lowercase()),
            OptKind::Units => self.expected(&Expected::Units),
            // --- absences (issue 29)
            OptKind::User => l.pick("a member (on Discord the member picker; in the terminal a player's name)", "участник (в Дискорде — выбор участника; в терминале — имя игрока)").into(),
            OptKind::Treasure => tr!(l, "the number of one of your treasures (yours: {})", "номер вашего сокровища (ваши: {})", self.command("hand", &[])),
            OptKind::File => l
                .pick(
                    "a position file (docs/position.md): attached on Discord, a path in the terminal",
                    "файл позиции (`docs/position.md`): вложение в Дискорде, путь в терминале",
                )
                .into(),
            OptKind::RuleId => tr!(l, "a rule id; {} lists them", "номер правила; список — {}", self.command("rule", &[])),
            OptKind::CommandName => {
                let names: Vec<&str> = COMMANDS.iter().map(|c| c.name_in(l)).collect();
                tr!(l, "one of {}", "одно из: {}", names.join(", "))
            }
        }
    }

    /// The help text: every command with its options, or one command in detail.
    pub fn help(&self, command: Option<&str>) -> String {
        let l = self.loc;
        if let Some(c) = command.and_then(super::command::spec_any) {
            let mut out = format!("`{}` — {}", c.name_in(l), c.describe(l));
            for o in c.options {
                let req = if o.required {
                    l.pick(" (required)", " (обязательно)")
                } else {
                    ""
                };
                out.push_str(&format!(
                    "\n  `{}:` {}{req}; {}",
                    o.name_in(l),
                    o.help[l as usize],
                    self.option_values(c.name, o)
                ));
            }
            return out;
        }
        let mut out = l
            .pick(
                "Commands (`vq <command> option:value …`):",
                "Команды (`vq <команда> параметр:значение …`):",
            )
            .to_string();
        for c in COMMANDS {
            let opts: Vec<String> = c
                .options
                .iter()
                .filter(|o| o.required || o.name != "power")
                .map(|o| {
                    if o.required {
                        format!("{}:…", o.name_in(l))
                    } else {
                        format!("[{}:…]", o.name_in(l))
                    }
                })
                .collect();
            out.push_str(&format!(
                "\n`{}{}{}` — {}",
                c.name_in(l),
                if opts.is_empty() { "" } else { " " },
                opts.join(" "),
                c.describe(l)
            ));
        }
        out.push_str(&tr!(
            l,
            "\nIf you hold several powers, add `{}:<power>` to say which acts.",
            "\nЕсли у вас несколько держав, добавьте `{}:<держава>`.",
            option_name(l, "play", "power")
        ));
        out
    }
}

/// Table-level messages (lobby, seats, undo, fairness) with their parameters.
#[derive(Debug, Clone, PartialEq, Eq)]
#[allow(missing_docs)]
pub enum Msg {
    /// Deputies, replacements, spectators, digests (issue 29; texts in `absence.rs`).
    Absence(Box<super::absence::AbsenceMsg>),
    NoGame,
    GameExists,
    GameCreated {
        creator: String,
        scenario: String,
        commitment: String,
    },
    LocaleSet,
    OnlyCreator {
        creator: String,
    },
    NotInLobby,
    PowerTaken {
        power: Power,
        holder: String,
    },
    AlreadyHolds {
        power: Power,
    },
    TableFull,
    Joined {
        name: String,
        power: Power,
    },
    Left {
        name: String,
        powers: Vec<Power>,
    },
    NotSeated,
    TooFewPlayers {
        players: usize,
    },
    Started {
        powers: Vec<Power>,
    },
    NotStarted,
    NotYourSeat {
        power: Power,
        holder: Option<String>,
    },
    Ambiguous {
        held: Vec<Power>,
    },
    NotYourTurn {
        waiting: String,
    },
    NothingToUndo,
    UndoBarrier,
    UndoNotYours {
        power: Power,
    },
    Undone {
        name: String,
        what: String,
    },
    /// A take-back request past an undo barrier was opened; `waiting`: who still has to agree.
    TakeBackAsked {
        name: String,
        what: String,
        waiting: String,
    },
    /// A player agreed to the pending take-back request.
    TakeBackAgreed {
        name: String,
        what: String,
        waiting: String,
    },
    /// Every player agreed: the action was taken back.
    TakenBack {
        what: String,
        agreed: String,
    },
    /// A player refused the pending take-back request.
    TakeBackVetoed {
        name: String,
        what: String,
    },
    /// An action was applied while a take-back request was pending: the request is dropped.
    TakeBackCancelled {
        what: String,
    },
    /// There is no pending take-back request to refuse.
    NoTakeBack,
    /// Only seated players may ask for, agree to or refuse a take-back.
    TakeBackNotSeated,
    /// The caller already agreed to the pending take-back request.
    TakeBackAlreadyAgreed {
        waiting: String,
    },
    SeedRevealed {
        seed: String,
        commitment: String,
    },
    /// The game was loaded under corrected game data (fingerprint `old` → `new`): `replayed`
    /// actions after its last saved state were applied again, `differed` of them came out
    /// otherwise than when they were played.
    DataChanged {
        old: String,
        new: String,
        replayed: usize,
        differed: usize,
    },
    StoreFailed {
        error: String,
    },
    UnknownName {
        what: &'static str,
        name: String,
        hint: String,
    },
    UnknownRule {
        id: String,
        hint: String,
    },
    NoMatchingMove,
    HandSentDm,
    NoMapRenderer,
    MapCaption {
        turn: u8,
    },
    NoActions,
    UnknownScenario {
        name: String,
        known: String,
    },
    /// The channel's stored game could not be loaded (the technical detail stays as it is).
    LoadFailed {
        error: String,
    },
    /// The status header: game id, scenario, life cycle.
    StatusHeader {
        id: i64,
        scenario: String,
        status: super::persist::Status,
    },
    /// The status line of the turn and the hand sizes (already listed).
    StatusTurn {
        turn: u8,
        hands: String,
    },
    /// Sieges under way: "Paris (Spain besieging)" (`status`).
    StatusSieges {
        list: String,
    },
    // --- diplomacy, winter, cards and victory: `status` at a glance
    /// Wars between majors (already listed).
    StatusWars {
        list: String,
    },
    /// Alliances between majors (already listed).
    StatusAlliances {
        list: String,
    },
    /// Minor powers and their major allies (already listed).
    StatusMinors {
        list: String,
    },
    /// Captured leaders and who holds them (already listed).
    StatusCaptured {
        list: String,
    },
    /// Leaders on the map by stack (already listed).
    StatusLeaders {
        list: String,
    },
    /// The religious zones' tally and the Protestant capitals (already listed).
    StatusReligion {
        list: String,
        capitals: String,
    },
    // --- treasures
    /// Treasures held by power (counts only), the Portuguese row and the pool.
    StatusTreasures {
        list: String,
        row: usize,
        pool: usize,
    },
    /// A player's own treasures, with how to spend one (sent with the hand, privately).
    YourTreasures {
        power: Power,
        list: String,
    },
    /// Whose impulse it is, with the CP left when a card is being spent.
    StatusImpulse {
        power: Power,
        cp: Option<u8>,
    },
    /// "none", for an empty list of the status.
    StatusNone,
    /// One power's line of the VP table.
    VpRow {
        power: Power,
        total: i32,
        keys: i32,
        bonus: i32,
    },
    /// The seed's commitment, as the status shows it.
    SeedCommitment {
        commitment: String,
    },
    /// An engine refusal, already in words.
    Rule(String),
    // --- safe input
    /// A name that is none of a short list: the refusal lists what is allowed.
    UnknownListed {
        what: &'static str,
        name: String,
        hint: String,
        allowed: Allowed,
    },
    /// An option a command needs in this case (`adjust … place:hand` needs `target:`).
    NeedOption {
        command: &'static str,
        option: &'static str,
        allowed: Allowed,
    },
    /// `rule` without an id: every rule id with its title.
    RuleList,
    /// A world-map settlement, ocean zone or sea zone named where only a Europe space fits.
    NotASpace {
        id: String,
        kind: super::resolve::OtherPlace,
    },
    // --- position files (issue 17)
    /// The front end could not read a file named in `setup`.
    PositionUnread {
        name: String,
    },
    /// A position file was refused: every problem as `file:line: message` (English, like
    /// `vqbot check-data`).
    PositionRefused {
        name: String,
        problems: Vec<String>,
    },
    /// A position was read into the lobby.
    PositionLoaded {
        name: String,
        turn: u8,
        phase: String,
        powers: Vec<Power>,
    },
    /// How a loaded position differs from its scenario's printed map: the spaces that differ
    /// (control, religion or units) and, per owner, land units and squadrons in the position and
    /// on the printed map.
    PositionDiff {
        scenario: String,
        spaces: Vec<SpaceId>,
        units: Vec<(Owner, [u32; 2], [u32; 2])>,
    },
    /// `start` of a game set up from a position: the seats must be its powers in play.
    PositionSeats {
        unseated: Vec<Power>,
        not_in_play: Vec<Power>,
    },
    // --- ops: honest failures, closing games
    /// The change was committed but the disk did not confirm it (fsync failed).
    DurabilityInDoubt {
        error: String,
    },
    /// `close` by someone who is neither seated (nor the creator of an empty lobby) nor a
    /// moderator.
    CloseNotAllowed,
    /// A seated player asked to close the game; others still have to.
    CloseAsked {
        name: String,
        waiting: String,
    },
    /// The game is closed (abandoned).
    GameClosed {
        id: i64,
        by: String,
    },
    /// A command in a channel whose game does not load, by someone who may not close it.
    CloseBrokenNotAllowed {
        error: String,
    },
    /// A seated player asked for a vacated seat (it carries a hand).
    SeatForNewcomers {
        power: Power,
    },
    /// A member asked for a vacated seat; the players must agree.
    SeatAsked {
        name: String,
        power: Power,
        waiting: String,
    },
    /// A player agreed to a seat request; others still have to.
    SeatAgreed {
        name: String,
        power: Power,
        waiting: String,
    },
    /// `admit` without a pending request for that seat.
    NoSeatRequest {
        power: Power,
    },
    /// A player left a started game: the seat is offered to members without a seat.
    LeftOffered {
        name: String,
        powers: Vec<Power>,
    },
    /// A card `adjust` would take a card out of another power's hand: its owner decides.
    CardOwnerWillDecide,
    /// To the owner of that hand, privately: who asks, and the line that makes the move.
    CardOwnerAsked {
        name: String,
        power: Power,
        line: String,
    },
    /// That hand's power has no player to agree.
    CardOwnerAbsent,
    /// Treasures put back from another power's holdings: its player decides.
    TreasureOwnerWillDecide {
        power: Power,
    },
    /// To that player, privately: who asks, and the line that makes the change.
    TreasureOwnerAsked {
        name: String,
        power: Power,
        line: String,
    },
    /// That power has no player to agree.
    TreasureOwnerAbsent {
        power: Power,
    },
    /// A `map` asked for again too soon by the same user.
    MapTooSoon {
        seconds: u64,
    },
    /// A game that does not load was closed, so that the channel can be used again.
    BrokenGameClosed {
        id: i64,
        by: String,
        error: String,
    },
}

/// How many allowed values a refusal lists from a long list (leaders), closest to the typed
/// one first; lists of up to `2 * NEAR_LIMIT + 3` values are shown whole.
pub const NEAR_LIMIT: usize = 6;

/// A short list of allowed values, worded in the game's language when shown.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Allowed {
    /// The six major powers.
    Powers,
    /// The minor powers.
    Minors,
    /// Majors, minors and `independent`.
    Owners,
    /// Every leader.
    Leaders,
}

impl Texts<'_> {
    /// A table message in this locale.
    pub fn msg(&self, m: &Msg) -> String {
        let l = self.loc;
        match m {
            Msg::Absence(a) => self.absence(a),
            Msg::NoGame => tr!(l, "There is no game in this channel. Start one with {}.", "В этом канале нет партии. Начните её командой {}.", self.command("new", &[])),
            Msg::GameExists => l.pick("This channel already has a game.", "В этом канале уже есть партия.").into(),
            Msg::GameCreated { creator, scenario, commitment } => tr!(
                l,
                "New game ({} scenario) opened by {}. Take a seat with {}; {} starts it with {}.\nFairness: sha256(seed) = `{}`; the seed is revealed when the game ends.",
                "Новая партия (сценарий {}) открыта: {}. Займите место: {}; начинает {} командой {}.\nЧестность: sha256(сид) = `{}`; сид будет раскрыт в конце партии.",
                scenario, creator, self.command("join", &["power"]), creator, self.command("start", &[]), commitment
            ),
            Msg::LocaleSet => l.pick("Messages in this game are now in English.", "Сообщения этой партии теперь на русском.").into(),
            Msg::OnlyCreator { creator } => tr!(l, "only the game's creator ({}) can do that", "это может только создатель партии ({})", creator),
            Msg::NotInLobby => l.pick("the game has already started", "партия уже началась").into(),
            Msg::PowerTaken { power, holder } => tr!(l, "{} is already held by {}", "{} уже занята: {}", self_power(self, *power), holder),
            Msg::AlreadyHolds { power } => tr!(l, "you already hold {}", "вы уже играете за {}", self.power_case(*power, Case::Acc)),
            Msg::TableFull => l.pick("a game has at most 6 players (R-GAME-PLAYERS)", "в партии не больше 6 игроков (R-GAME-PLAYERS)").into(),
            Msg::Joined { name, power } => tr!(l, "{} takes {}.", "{} играет за {}.", name, self.power_case(*power, Case::Acc)),
            Msg::Left { name, powers } => {
                let p: Vec<String> = powers.iter().map(|p| self_power(self, *p)).collect();
                tr!(l, "{} leaves {}. The seat is open: anyone may {} it.", "{} покидает {}. Место свободно: его можно занять через {}.", name, p.join(", "), self.command("join", &[]))
            }
            Msg::NotSeated => l.pick("you hold no power in this game", "вы не играете в этой партии").into(),
            Msg::TooFewPlayers { players } => tr!(l, "a game needs 2 to 6 players (R-GAME-PLAYERS); seated now: {}", "нужно от 2 до 6 игроков (R-GAME-PLAYERS); сейчас: {}", players),
            Msg::Started { powers } => {
                let p: Vec<String> = powers.iter().map(|p| self_power(self, *p)).collect();
                tr!(l, "**The game begins** with {}. Hands have been sent privately.", "**Партия началась**: {}. Руки разосланы лично.", p.join(", "))
            }
            Msg::NotStarted => l.pick("the game has not started yet", "партия ещё не началась").into(),
            Msg::NotYourSeat { power, holder } => match holder {
                Some(h) => tr!(l, "{} is played by {}, not by you", "за {} играет {}, а не вы", self.power_case(*power, Case::Acc), h),
                None => tr!(l, "nobody holds {}; {} it first", "за {} никто не играет; сначала {}", self.power_case(*power, Case::Acc), self.command("join", &[])),
            },
            Msg::Ambiguous { held } => {
                let p: Vec<String> = held.iter().map(|p| self_power(self, *p)).collect();
                tr!(l, "you hold several powers; add {} ({})", "у вас несколько держав; добавьте {} ({})", self.option("play", "power"), p.join(", "))
            }
            Msg::NotYourTurn { waiting } => tr!(l, "it is not your turn; waiting for {}", "сейчас не ваш ход; ждём: {}", waiting),
            Msg::NothingToUndo => l.pick("there is nothing to undo", "отменять нечего").into(),
            Msg::UndoBarrier => l.pick("the last action revealed something or handed the turn on (dice, cards, a secret, a new impulse or phase); it cannot be undone", "последнее действие что-то раскрыло или передало ход (кубики, карты, тайна, новый импульс или фаза); его нельзя отменить").into(),
            Msg::UndoNotYours { power } => tr!(l, "the last action was {}'s; only its player can undo it", "последнее действие сделала держава {}; отменить может только её игрок", self_power(self, *power)),
            Msg::TakeBackAsked { name, what, waiting } => tr!(
                l,
                "↩ {} asks to take back `{}`. It is past dice or hidden information, so every player must agree: {} to agree, {} to refuse. Still to agree: {}.",
                "↩ Просьба от {}: отменить `{}`. Действие уже после кубиков или скрытых сведений, поэтому нужно согласие всех игроков: {} — согласиться, {} — возразить. Ещё не согласились: {}.",
                name,
                self.command_line(what),
                self.command("undo", &[]),
                self.command("veto", &[]),
                waiting
            ),
            Msg::TakeBackAgreed { name, what, waiting } => tr!(l, "{} agrees to take back `{}`. Still to agree: {}.", "Согласие от {} на отмену `{}`. Ещё не согласились: {}.", name, self.command_line(what), waiting),
            Msg::TakenBack { what, agreed } => tr!(l, "↩ `{}` is taken back; every player agreed: {}.", "↩ Действие `{}` отменено с согласия всех игроков: {}.", self.command_line(what), agreed),
            Msg::TakeBackVetoed { name, what } => tr!(l, "{} refuses: `{}` stays, and the request to take it back is withdrawn.", "Возражение от {}: `{}` остаётся, просьба об отмене снята.", name, self.command_line(what)),
            Msg::TakeBackCancelled { what } => tr!(l, "The request to take back `{}` is withdrawn: the game has moved on.", "Просьба об отмене `{}` снята: игра пошла дальше.", self.command_line(what)),
            Msg::NoTakeBack => l.pick("there is no request to take back an action", "нет просьбы об отмене действия").into(),
            Msg::TakeBackNotSeated => l.pick("only the players at this table can ask to take back an action, agree or refuse", "просить об отмене действия, соглашаться или возражать могут только игроки за этим столом").into(),
            Msg::TakeBackAlreadyAgreed { waiting } => tr!(l, "you have already agreed; still to agree: {}", "вы уже согласились; ещё не согласились: {}", waiting),
            Msg::Undone { name, what } => tr!(l, "↩ {} took back `{}`.", "↩ {} отменяет `{}`.", name, self.command_line(what)),
            Msg::DataChanged { old, new, replayed, differed } => tr!(l, "The game data changed since this game was last saved (data {} → {}): every action is kept; the {} played since were applied again under the new data, and {} of them came out otherwise than when they were played.", "Данные игры изменились с последнего сохранения этой партии (данные {} → {}): все ходы сохранены; сделанные после него ({}) применены заново по новым данным, и у {} из них итог иной, чем при игре.", old, new, replayed, differed),
            Msg::SeedRevealed { seed, commitment } => tr!(l, "Seed revealed: `{}` (sha256 = `{}`, as committed at the start).", "Сид раскрыт: `{}` (sha256 = `{}`, как было обещано в начале).", seed, commitment),
            Msg::StoreFailed { error } => tr!(l, "the game could not be saved, so nothing changed ({})", "партию не удалось сохранить, поэтому ничего не изменилось ({})", error),
            Msg::UnknownName { what, name, hint } => tr!(l, "unknown {} `{}`{}", "не найдено: {} `{}`{}", self.thing(what), name, self.hint(hint)),
            Msg::UnknownRule { id, hint } => tr!(l, "no rule `{}`{}", "нет правила `{}`{}", id, self.hint(hint)),
            Msg::NoMatchingMove => tr!(l, "no such formation can go there now; give {} explicitly or check the map", "такая группа сейчас туда не может; укажите {} или проверьте карту", self.option("move", "units")),
            Msg::HandSentDm => l.pick("Your hand was sent to you privately.", "Рука отправлена вам лично.").into(),
            Msg::NoMapRenderer => l.pick("(map pictures are not available in this build)", "(картинки карты недоступны в этой сборке)").into(),
            Msg::MapCaption { turn } => tr!(l, "Map, turn {}.", "Карта, ход {}.", turn),
            Msg::NoActions => l.pick("No actions yet.", "Действий пока нет.").into(),
            Msg::LoadFailed { error } => tr!(l, "the game of this channel could not be loaded ({})", "партию этого канала не удалось загрузить ({})", error),
            Msg::StatusHeader { id, scenario, status } => {
                use super::persist::Status;
                let word = match status {
                    Status::Lobby => l.pick("lobby", "сбор игроков"),
                    Status::Active => l.pick("in play", "идёт"),
                    Status::Finished => l.pick("finished", "окончена"),
                };
                format!("**#{id}** · {scenario} · {word}")
            }
            Msg::StatusTurn { turn, hands } => tr!(l, "Turn {} · cards in hand: {}", "Ход {} · карт на руке: {}", turn, hands),
            Msg::StatusSieges { list } => tr!(l, "Sieges under way: {}", "Идут осады: {}", list),
            Msg::StatusWars { list } => tr!(l, "Wars: {}", "Войны: {}", list),
            Msg::StatusAlliances { list } => tr!(l, "Alliances: {}", "Союзы: {}", list),
            Msg::StatusMinors { list } => tr!(l, "Minor powers: {}", "Малые державы: {}", list),
            Msg::StatusCaptured { list } => tr!(l, "Captured leaders: {}", "Пленные лидеры: {}", list),
            Msg::StatusLeaders { list } => tr!(l, "Leaders: {}", "Лидеры: {}", list),
            Msg::StatusTreasures { list, row, pool } => tr!(l, "Treasures held (secret, counts only): {}; Portuguese row: {} face down; pool: {}", "Сокровища на руках (тайные, только число): {}; португальский ряд: {} рубашкой вверх; запас: {}", list, row, pool),
            Msg::YourTreasures { power, list } => tr!(l, "Your treasures ({}): {}. Spend one for its CP in your impulse: {}", "Ваши сокровища ({}): {}. Потратить на ОД в свой импульс: {}", self.power(*power), list, self.command("treasure", &["which"])),
            Msg::StatusReligion { list, capitals } => tr!(l, "Religion (Protestant/Catholic spaces): {}; Protestant capitals: {}", "Вера (протестантских/католических пространств): {}; столицы Протестанта: {}", list, capitals),
            Msg::StatusImpulse { power, cp } => match cp {
                Some(cp) => tr!(l, "Impulse: {}, {} CP left", "Импульс: {}, осталось очков: {}", self.power(*power), cp),
                None => tr!(l, "Impulse: {}", "Импульс: {}", self.power(*power)),
            },
            Msg::StatusNone => l.pick("none", "нет").into(),
            Msg::VpRow { power, total, keys, bonus } => tr!(
                l,
                "{} — **{}** (keys {}, bonus {})",
                "{} — **{}** (ключи {}, бонус {})",
                self.power(*power),
                total,
                keys,
                bonus
            ),
            Msg::SeedCommitment { commitment } => tr!(l, "sha256(seed) = `{}`", "sha256(сид) = `{}`", commitment),
            Msg::Rule(text) => text.clone(),
            // --- safe input
            Msg::UnknownListed { what, name, hint, allowed } => tr!(l, "unknown {} `{}`{}; allowed: {}", "не найдено: {} `{}`{}; можно: {}", self.thing(what), name, self.hint(hint), self.allowed_near(*allowed, name)),
            Msg::NeedOption { command, option, allowed } => tr!(l, "{} needs {} here; allowed: {}", "для {} здесь нужен параметр {}; можно: {}", self.command(command, &[]), self.option(command, option), self.allowed(*allowed)),
            Msg::NotASpace { id, kind } => {
                use super::resolve::OtherPlace;
                let (en, ru) = match kind {
                    OtherPlace::Settlement => ("a world-map settlement", "поселение на карте мира"),
                    OtherPlace::Ocean => ("an ocean zone of the world map", "океанская зона карты мира"),
                    OtherPlace::Sea => ("a sea zone", "морская зона"),
                };
                tr!(
                    l,
                    "{} is {}; this command takes a Europe land space (units at sea and on the world map are not in the game state yet)",
                    "{} — {}; эта команда принимает только сухопутное пространство Европы (войска в море и на карте мира пока не входят в состояние партии)",
                    self.place_name(id),
                    l.pick(en, ru)
                )
            }
            Msg::RuleList => {
                let mut out = tr!(l, "Rules ({} prints one):", "Правила ({} покажет одно):", self.command("rule", &["id"]));
                for r in super::rules::RULES {
                    out.push_str(&format!("\n**{}** — {}", r.id, super::rules::title(r, l)));
                }
                out
            }
            // --- ops: honest failures, closing games
            Msg::DurabilityInDoubt { error } => tr!(
                l,
                "⚠ This change was made and stored, but the disk did not confirm that it is safely written ({}). It stands: do not send it again. If the server loses power before the disk recovers, the latest actions could be lost; the operator has been told.",
                "⚠ Это изменение внесено и записано, но диск не подтвердил надёжную запись ({}). Изменение в силе: не отправляйте его повторно. Если сервер потеряет питание до восстановления диска, последние действия могут пропасть; оператор предупреждён.",
                error
            ),
            Msg::SeatForNewcomers { power } => tr!(l, "{} is a vacated seat of a game in progress and comes with its hand, so it goes only to a member who holds no seat here", "{} — освободившееся место в идущей партии, вместе с рукой карт, поэтому его может занять только участник без места за этим столом", self_power(self, *power)),
            Msg::SeatAsked { name, power, waiting } => tr!(l, "{} asks to take the vacated seat of {}. The players must agree, each with {}; still to agree: {}.", "{} просит занять освободившееся место: {}. Нужно согласие игроков, каждый — {}; ещё не согласились: {}.", name, self_power(self, *power), self.command("admit", &["power"]), waiting),
            Msg::SeatAgreed { name, power, waiting } => tr!(l, "{} agrees to the request for {}. Still to agree: {}.", "{} согласен(-на) на просьбу о месте: {}. Ещё не согласились: {}.", name, self_power(self, *power), waiting),
            Msg::NoSeatRequest { power } => tr!(l, "nobody is asking for the seat of {}", "никто не просит место: {}", self_power(self, *power)),
            Msg::LeftOffered { name, powers } => {
                let p: Vec<String> = powers.iter().map(|p| self_power(self, *p)).collect();
                tr!(l, "{} leaves {}. The seat is offered to members who hold no seat here: ask with {}; the players agree with {}.", "{} покидает {}. Место предлагается участникам без места за этим столом: попросите через {}; игроки соглашаются через {}.", name, p.join(", "), self.command("join", &["power"]), self.command("admit", &["power"]))
            }
            Msg::CardOwnerWillDecide => l.pick("that card is not in your hand or face up, so where it is stays hidden and nothing moves now: if a player holds it, they have been asked privately and it moves only if they make this adjustment themselves; a card in the deck is moved by a moderator", "этой карты нет ни у вас в руке, ни в открытую, поэтому где она, остаётся тайной и сейчас ничего не перемещается: если она у игрока, его спросили лично, и карта переместится, только если он сам сделает эту поправку; карту из колоды перемещает модератор").into(),
            Msg::TreasureOwnerWillDecide { power } => tr!(l, "those treasures are {}'s: its player has been asked privately, and they are put back only if that player makes this adjustment", "эти сокровища принадлежат державе {}: её игрока спросили лично, и они вернутся, только если он сам сделает эту поправку", self_power(self, *power)),
            Msg::TreasureOwnerAsked { name, power, line } => tr!(l, "{} asks to put back treasures you hold ({}). If you agree, send `{}`; otherwise nothing happens.", "{} просит вернуть сокровища, которые у вас ({}). Если вы согласны, отправьте `{}`; иначе ничего не произойдёт.", name, self_power(self, *power), self.command_line(line)),
            Msg::TreasureOwnerAbsent { power } => tr!(l, "nobody plays {}, so nobody can agree to putting back its treasures", "за державу {} никто не играет, поэтому согласиться вернуть её сокровища некому", self_power(self, *power)),
            Msg::CardOwnerAsked { name, power, line } => tr!(l, "{} asks to move a card out of your hand ({}). If you agree, send `{}`; otherwise nothing happens.", "{} просит забрать карту из вашей руки ({}). Если вы согласны, отправьте `{}`; иначе ничего не произойдёт.", name, self_power(self, *power), self.command_line(line)),
            Msg::CardOwnerAbsent => l.pick("that card is in a hand whose power has no player to agree to moving it", "эта карта в руке державы, за которую никто не играет, и согласиться некому").into(),
            Msg::MapTooSoon { seconds } => tr!(l, "you asked for a map just now; ask again in {} s (the map is also posted at every new impulse and phase)", "вы только что запрашивали карту; повторите через {} с (карта и так публикуется в начале каждого импульса и фазы)", seconds),
            Msg::CloseNotAllowed => tr!(l, "only the seated players together (or the game's creator while no one is seated) or a member who can manage this channel can close the game; see {}", "закрыть партию могут только все игроки за столом вместе (или её создатель, пока никто не сел) либо участник с правом управлять каналом; см. {}", self.command("help", &[])),
            Msg::CloseAsked { name, waiting } => tr!(l, "{} asks to close this game without finishing it. It closes when every player has sent {}; still to ask: {}.", "{} предлагает закрыть партию, не доигрывая. Она закроется, когда все игроки отправят {}; ещё не отправили: {}.", name, self.command("close", &[]), waiting),
            Msg::GameClosed { id, by } => tr!(l, "Game #{} is closed ({}); it will not be finished. The channel is free: {} opens a new game.", "Партия №{} закрыта ({}) и не будет доиграна. Канал свободен: {} откроет новую партию.", id, by, self.command("new", &[])),
            Msg::CloseBrokenNotAllowed { error } => tr!(l, "the game of this channel could not be loaded ({}); one of its players, its creator or a member who can manage this channel can close it with {}", "партию этого канала не удалось загрузить ({}); закрыть её командой {} может её игрок, создатель или участник с правом управлять каналом", error, self.command("close", &[])),
            Msg::BrokenGameClosed { id, by, error } => tr!(l, "Game #{} could not be loaded ({}) and is now closed ({}). Its log stays in the database for the operator.", "Партию №{} не удалось загрузить ({}), теперь она закрыта ({}). Её журнал остаётся в базе у оператора.", id, error, by),
            Msg::UnknownScenario { name, known } => tr!(l, "unknown scenario `{}`; known: {}", "неизвестный сценарий `{}`; есть: {}", name, known),
            // --- position files (issue 17)
            Msg::PositionUnread { name } => tr!(l, "the file `{}` could not be read; attach it (Discord) or give a readable path (terminal)", "файл `{}` не прочитан; приложите его (в Дискорде) или укажите доступный путь (терминал)", name),
            Msg::PositionRefused { name, problems } => {
                let shown: Vec<&str> = problems.iter().take(25).map(String::as_str).collect();
                let more = problems.len().saturating_sub(shown.len());
                let tail = if more > 0 { tr!(l, "\n… and {} more", "\n… и ещё {}", more) } else { String::new() };
                tr!(
                    l,
                    "the position `{}` was not accepted ({} problem(s)); nothing has changed. Fix the file (docs/position.md) and send it again:\n```\n{}{}\n```",
                    "позиция `{}` не принята (ошибок: {}); ничего не изменилось. Исправьте файл (`docs/position.md`) и пришлите снова:\n```\n{}{}\n```",
                    name, problems.len(), shown.join("\n"), tail
                )
            }
            Msg::PositionLoaded { name, turn, phase, powers } => {
                let p: Vec<String> = powers.iter().map(|p| self_power(self, *p)).collect();
                tr!(
                    l,
                    "Position `{}` loaded: turn {}, {}. Powers in play: {}. Each needs a seat ({}); then {} begins there, and every hand goes to its holder privately.",
                    "Позиция `{}` загружена: ход {}, {}. Державы в игре: {}. Каждой нужен игрок ({}); затем {} начнёт партию с этого места, а каждая рука уйдёт владельцу лично.",
                    name, turn, phase, p.join(", "), self.command("join", &["power"]), self.command("start", &[])
                )
            }
            Msg::PositionDiff { scenario, spaces, units } => {
                const SHOWN: usize = 8;
                let mut names: Vec<String> = spaces.iter().take(SHOWN).map(|s| self.space(*s)).collect();
                if spaces.len() > SHOWN {
                    names.push(tr!(l, "and {} more", "и ещё {}", spaces.len() - SHOWN));
                }
                let per: Vec<String> = units
                    .iter()
                    .map(|(o, pos, printed)| {
                        let mark = if pos != printed { " ⚠" } else { "" };
                        tr_each!(l, "{}: land units {}, squadrons {} (printed map: {}, {}){}", [self.owner(*o), pos[0], pos[1], printed[0], printed[1], mark], "{}: сухопутных {}, эскадр {} (на карте сценария: {}, {}){}", [self.owner(*o), pos[0], pos[1], printed[0], printed[1], mark])
                    })
                    .collect();
                let head = if spaces.is_empty() {
                    tr!(l, "The position matches the printed {} map space for space.", "Позиция совпадает с картой сценария {} во всех пространствах.", scenario)
                } else {
                    tr_each!(l, "Compared with the printed {} map, {} differ (control, religion or units): {}.", [scenario, self.n_of(spaces.len() as u32, ["space", "spaces"], ["", "", ""]), names.join(", ")], "По сравнению с картой сценария {} отличаются пространства ({}: контроль, вера или войска): {}.", [scenario, spaces.len(), names.join(", ")])
                };
                tr!(l, "{}\nUnits per owner — {}.", "{}\nВойска по владельцам — {}.", head, per.join("; "))
            }
            Msg::PositionSeats { unseated, not_in_play } => {
                let list = |v: &[Power]| v.iter().map(|p| self_power(self, *p)).collect::<Vec<_>>().join(", ");
                match (unseated.is_empty(), not_in_play.is_empty()) {
                    (false, true) => tr!(l, "the position's powers need seats first: {}", "сначала займите места держав позиции: {}", list(unseated)),
                    (true, false) => tr!(l, "these seats are for powers the position does not have in play: {}; {} them", "в позиции нет этих держав: {}; освободите их места ({})", list(not_in_play), self.command("leave", &["power"])),
                    _ => tr!(l, "the seats must be the position's powers: seat {}, and free {}", "места должны совпадать с державами позиции: займите {}, освободите {}", list(unseated), list(not_in_play)),
                }
            }
        }
    }
}

fn self_power(t: &Texts<'_>, p: Power) -> String {
    t.power(p)
}

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
    /// Neuter (Бордо).
    N,
    /// Plural (Нидерланды).
    Pl,
}

/// A Russian name's gender read from the ending of its last word (a reconstruction of the
/// usual rule: -а/-я feminine, -о/-е/-и/-у foreign indeclinables neuter, -ы plural; else
/// masculine).
pub fn ru_gender(name: &str) -> RuGender {
    let last = name
        .split([' ', '-'])
        .next_back()
        .unwrap_or(name)
        .to_lowercase();
    match last.chars().next_back() {
        Some('а' | 'я') => RuGender::F,
        Some('ы') => RuGender::Pl,
        Some('о' | 'е' | 'и' | 'у' | 'ю' | 'э') => RuGender::N,
        _ => RuGender::M,
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

/// Front-end texts that need no ruleset: the Discord bot's notices, button labels and the frame
/// of its help list (they are shown before a game, or with no game's names in them).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Notice {
    /// The bot is stopping or starting.
    Restarting,
    /// An interaction the bot does not know.
    UnknownCommand,
    /// A button from another table (or an older bot).
    ForeignButton,
    /// A table call failed unexpectedly.
    TableFailed,
    /// A button pressed after the game moved on.
    PromptStale,
    /// The help list's title.
    HelpTitle,
    /// The help list's last line; `usage` is the help command with its option, as typed.
    HelpFooter { usage: String },
    /// A player's DMs are closed: their private information waits behind a button or `hand`
    /// (the slash command, as typed).
    DmClosed { user: u64, hand: String },
    /// A DM to a player failed for another reason (Discord error, network): the same fallback,
    /// without claiming their DMs are closed.
    DmFailed { user: u64, hand: String },
    /// The Empire's secret-choice prompt, sent by DM.
    SecretPrompt,
    /// The Empire's holder has closed DMs: `secret` is the slash command to use instead.
    SecretDmClosed { user: u64, secret: String },
    /// Button: pass.
    Pass,
    /// Button: end the impulse.
    EndImpulse,
    /// Button: done deploying without a deployment.
    DoneNoDeployment,
    /// Button: accept an offer.
    Accept,
    /// Button: decline an offer.
    Decline,
    /// Button: done negotiating.
    DoneNegotiating,
    /// Button: agree to take back an action.
    AgreeTakeBack,
    /// Button: refuse to take back an action.
    RefuseTakeBack,
    /// Button: show my hand privately.
    ShowHand,
    // --- religion (X-REL-SIX)
    /// Button: keep a natural 6 of a conversion attempt and place unrest.
    KeepSix,
    /// Button: count a natural 6 of a conversion attempt as a 5.
    CountFive,
    // --- posting problems (issue 32)
    /// To the player whose action could not be announced in the game's channel `channel`:
    /// which permission the bot lacks there (`None`: Discord failed for another reason) and
    /// that the announcement follows once posting works.
    CannotPost {
        channel: u64,
        missing: Option<ChannelPermission>,
    },
    /// To the table, under a post whose picture could not be attached (no Attach Files).
    PictureNotAttached,
    /// Heads announcements that could not be posted when they happened.
    PostedLate,
    /// A public "thinking" message whose answer turned out private (a refusal, say): the
    /// answer went to the player alone.
    AnsweredPrivately,
    /// A rejected registration of the slash commands, for the log: Discord's reason.
    RegistrationRejected { reason: String },
}

/// A channel permission the bot needs to post a game's announcements.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ChannelPermission {
    /// See the channel at all.
    ViewChannel,
    /// Post messages.
    SendMessages,
    /// Attach the map pictures.
    AttachFiles,
}

impl ChannelPermission {
    /// The permission's name as Discord's settings show it.
    pub fn name(self, loc: Locale) -> &'static str {
        match self {
            ChannelPermission::ViewChannel => loc.pick("View Channel", "Просматривать каналы"),
            ChannelPermission::SendMessages => loc.pick("Send Messages", "Отправлять сообщения"),
            ChannelPermission::AttachFiles => loc.pick("Attach Files", "Прикреплять файлы"),
        }
    }
}

impl Notice {
    /// The text in `loc`.
    pub fn text(&self, loc: Locale) -> String {
        let l = loc;
        match self {
            Notice::Restarting => l.pick("The table is restarting; please try again in a few seconds.", "Стол перезапускается; попробуйте через несколько секунд.").into(),
            Notice::UnknownCommand => l.pick("Unknown command.", "Неизвестная команда.").into(),
            Notice::ForeignButton => l.pick("This button does not belong to the current table.", "Эта кнопка не относится к текущему столу.").into(),
            Notice::TableFailed => l.pick("Something went wrong at the table; please try again.", "Что-то пошло не так; попробуйте ещё раз.").into(),
            Notice::PromptStale => l
                .pick(
                    "This prompt is out of date: the game has moved on since it was posted. Use the newest prompt or the slash command.",
                    "Эта кнопка устарела: с тех пор партия продвинулась. Используйте последнее сообщение или команду.",
                )
                .into(),
            Notice::HelpTitle => l.pick("**Virgin Queen table: /vq commands**", "**Стол «Королева-девственница»: команды /vq**").into(),
            Notice::HelpFooter { usage } => tr!(l, "`{}` explains one command.", "`{}` — подробно об одной команде.", usage),
            Notice::DmClosed { user, hand } => tr!(
                l,
                "<@{}> I cannot send you direct messages (they are closed for this server), so your private information waits here: press the button (only you will see it) or use `{}`.",
                "<@{}> не могу написать вам в личные сообщения (они закрыты для этого сервера), поэтому ваша личная информация ждёт здесь: нажмите кнопку (увидите только вы) или используйте `{}`.",
                user,
                hand
            ),
            Notice::DmFailed { user, hand } => tr!(
                l,
                "<@{}> a direct message to you did not go through just now, so your private information waits here: press the button (only you will see it) or use `{}`.",
                "<@{}> личное сообщение вам сейчас не доставлено, поэтому ваша личная информация ждёт здесь: нажмите кнопку (увидите только вы) или используйте `{}`.",
                user,
                hand
            ),
            Notice::SecretPrompt => l
                .pick(
                    "**The Empire's secret choice.** Pick its religious preference below. The channel sees only a commitment (sha256) until the reveal; you may see your choice again here.",
                    "**Тайный выбор Империи.** Выберите её религиозное предпочтение ниже. Канал увидит только обязательство (sha256) до раскрытия.",
                )
                .into(),
            Notice::SecretDmClosed { user, secret } => tr!(
                l,
                "<@{}> I cannot send you direct messages: make the Empire's secret choice with `{}` — the answer is shown only to you.",
                "<@{}> не могу написать вам лично: сделайте тайный выбор Империи командой `{}` — ответ увидите только вы.",
                user,
                secret
            ),
            Notice::Pass => l.pick("Pass", "Пас").into(),
            Notice::EndImpulse => l.pick("End impulse", "Закончить импульс").into(),
            Notice::KeepSix => l.pick("Keep the 6 (unrest)", "Оставить 6 (беспорядки)").into(),
            Notice::CountFive => l.pick("Count it as 5 (no unrest)", "Считать как 5 (без беспорядков)").into(),
            Notice::DoneNoDeployment => l.pick("Done (no deployment)", "Готово (без развёртывания)").into(),
            Notice::Accept => l.pick("accept", "принять").into(),
            Notice::Decline => l.pick("decline", "отклонить").into(),
            Notice::DoneNegotiating => l.pick("Done negotiating", "Переговоры окончены").into(),
            Notice::AgreeTakeBack => l.pick("Agree to take it back", "Согласиться на отмену").into(),
            Notice::RefuseTakeBack => l.pick("Refuse", "Возразить").into(),
            Notice::ShowHand => l.pick("Show my hand (only to me)", "Показать мою руку (только мне)").into(),
            Notice::CannotPost { channel, missing: Some(p) } => tr!(
                l,
                "Your action counts, but I could not announce it in <#{}>: I lack the **{}** permission there. A server admin can grant it to the bot (channel settings → Permissions). The announcement will be posted there as soon as I can post again.",
                "Ваш ход засчитан, но объявить его в <#{}> я не смог: у бота там нет права **{}**. Администратор сервера может его выдать (настройки канала → Права доступа). Объявление появится там, как только я снова смогу писать.",
                channel,
                p.name(l)
            ),
            Notice::CannotPost { channel, missing: None } => tr!(
                l,
                "Your action counts, but Discord did not take its announcement in <#{}> just now. It will be posted there with the next answer of the table.",
                "Ваш ход засчитан, но Discord сейчас не принял его объявление в <#{}>. Оно появится там со следующим ответом стола.",
                channel
            ),
            Notice::PictureNotAttached => tr!(
                l,
                "(The map picture could not be attached: the bot lacks the **{}** permission in this channel; a server admin can grant it in the channel's permissions.)",
                "(Карту приложить не удалось: у бота нет права **{}** в этом канале; администратор сервера может выдать его в правах канала.)",
                ChannelPermission::AttachFiles.name(l)
            ),
            Notice::PostedLate => l.pick("**Not posted here when it happened** (the bot could not post):", "**Не было опубликовано здесь вовремя** (бот не мог писать):").into(),
            Notice::AnsweredPrivately => l.pick("The answer to this command was shown to its author only.", "Ответ на эту команду показан только её автору.").into(),
            Notice::RegistrationRejected { reason } => tr!(
                l,
                "Discord rejected the slash commands ({}); the bot keeps serving the commands registered before.",
                "Discord отклонил слеш-команды ({}); бот продолжает обслуживать ранее зарегистрированные команды.",
                reason
            ),
        }
    }
}

//! The message catalogue: every text the table shows, in English and Russian.
//!
//! Nothing else in the table builds sentences; it calls these functions with a [`Locale`].

use crate::engine::action::ActionKind;
use crate::engine::action::{Adjustment, CardMode, CardPlace, UnitKind, Units};
use crate::engine::event::{EndReason, EventKind, PhaseName, RevealReason, Side};
use crate::engine::game::{Awaiting, Decision};
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

impl<'a> Texts<'a> {
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

    /// A space named by data id (falls back to the id).
    pub fn space_id(&self, id: &str) -> String {
        match self.rs.space_id(id) {
            Some(s) => self.space(s),
            None => id.to_string(),
        }
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
                            parts.push(tr!(l, "{} squadrons", "эскадр: {}", f.squadrons));
                        }
                        if f.corsairs > 0 {
                            parts.push(tr!(l, "{} corsairs", "корсаров: {}", f.corsairs));
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

    /// A card as `#12 «Name»`.
    pub fn card(&self, n: u16) -> String {
        match self.rs.card(n) {
            Some(c) => format!("#{n} «{}»", self.loc.pick(&c.name_en, &c.name_ru)),
            None => format!("#{n}"),
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
        let l = self.loc;
        if u.regulars > 0 {
            parts.push(tr!(l, "{} regular", "{} рег.", u.regulars));
        }
        if u.mercenaries > 0 {
            parts.push(tr!(l, "{} mercenary", "{} наём.", u.mercenaries));
        }
        if u.cavalry > 0 {
            parts.push(tr!(l, "{} cavalry", "{} кав.", u.cavalry));
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
            EmpireChoice::Balanced => self.loc.pick("Balanced", "сбалансированный"),
        }
    }

    fn dice(&self, s: &Side) -> String {
        let d: Vec<String> = s.dice.iter().map(|x| x.to_string()).collect();
        tr!(
            self.loc,
            "{}: [{}] {} hits, {} lost",
            "{}: [{}] попаданий {}, потери {}",
            self.owner(s.owner),
            d.join(" "),
            s.hits,
            s.losses
        )
    }

    // ----- events --------------------------------------------------------------------

    /// One event as a line of text.
    pub fn event(&self, e: &EventKind) -> String {
        let l = self.loc;
        match e {
            EventKind::TurnStarted { turn } => tr!(l, "**Turn {}** begins.", "**Ход {}** начинается.", turn),
            EventKind::PhaseStarted { phase } => tr!(l, "— {} phase —", "— Фаза: {} —", self.phase(*phase)),
            EventKind::HandDealt { power, cards } => {
                let list: Vec<String> = cards.iter().map(|c| self.card(*c)).collect();
                tr!(l, "Your hand ({}): {}", "Ваша рука ({}): {}", self.power(*power), list.join(", "))
            }
            EventKind::HandSize { power, cards } => tr!(l, "{} holds {} cards.", "{}: карт на руке — {}.", self.power(*power), cards),
            EventKind::ImpulseStarted { power } => tr!(l, "Impulse: {}.", "Импульс: {}.", self.power(*power)),
            EventKind::CardPlayed { power, card, mode } => match mode {
                CardMode::Cp => tr!(l, "{} plays {} for CP.", "{} играет {} за очки.", self.power(*power), self.card(*card)),
                CardMode::Event => tr!(l, "{} plays {} as an event.", "{} играет {} как событие.", self.power(*power), self.card(*card)),
            },
            EventKind::EventNotAutomated { power, card } => tr!(
                l,
                "The event of {} is not automated: {} applies it with {}.",
                "Событие {} не автоматизировано: {} применяет его через {}.",
                self.card(*card),
                self.power(*power),
                self.command("adjust", &[])
            ),
            EventKind::CpLeft { power, cp } => tr!(l, "{} has {} CP left.", "У {} осталось очков: {}.", self.power(*power), cp),
            EventKind::Passed { power } => tr!(l, "{} passes.", "{} пасует.", self.power(*power)),
            EventKind::Moved { power, from, to, units } => tr!(
                l,
                "{} moves {} from {} to {}.",
                "{} перемещает {} из {} в {}.",
                self.power(*power),
                self.units(units),
                self.space(*from),
                self.space(*to)
            ),
            EventKind::Deployed { power, from, to, units } => tr!(
                l,
                "{} deploys {} from {} to {}.",
                "{} развёртывает {} из {} в {}.",
                self.power(*power),
                self.units(units),
                self.space(*from),
                self.space(*to)
            ),
            EventKind::ControlChanged { space, from, to } => tr!(
                l,
                "{} passes from {} to {}.",
                "{} переходит от {} к {}.",
                self.space(*space),
                self.owner(*from),
                self.owner(*to)
            ),
            EventKind::Raised { power, space, unit } => tr!(l, "{} raises {} in {}.", "{} набирает {} в {}.", self.power(*power), self.unit_kind(*unit), self.space(*space)),
            EventKind::FortressBuilt { power, place } => tr!(l, "{} builds a fortress in {}.", "{} строит крепость в {}.", self.power(*power), self.space_id(place)),
            EventKind::FieldBattle { space, attacker, defender, winner } => tr!(
                l,
                "Field battle in {}. {}; {}. Winner: {}.",
                "Полевое сражение в {}. {}; {}. Победитель: {}.",
                self.space(*space),
                self.dice(attacker),
                self.dice(defender),
                self.owner(*winner)
            ),
            EventKind::SiegeStarted { space, by } => tr!(l, "{} besieges {}.", "{} осаждает {}.", self.power(*by), self.space(*space)),
            EventKind::SiegeLifted { space } => tr!(l, "The siege of {} is lifted.", "Осада {} снята.", self.space(*space)),
            EventKind::Assault { space, attacker, defender, captured } => {
                let end = if *captured { l.pick("captured", "взят") } else { l.pick("holds", "устоял") };
                tr!(l, "Assault on {}. {}; {}. The space {}.", "Штурм {}. {}; {}. Итог: {}.", self.space(*space), self.dice(attacker), self.dice(defender), end)
            }
            EventKind::Retreated { owner, from, to } => tr!(l, "{} retreats from {} to {}.", "{} отступает из {} в {}.", self.owner(*owner), self.space(*from), self.space(*to)),
            EventKind::Eliminated { owner, space, units } => tr!(l, "{} loses {} units in {}.", "{} теряет {} ед. в {}.", self.owner(*owner), units, self.space(*space)),
            EventKind::Revolted { space, faction } => {
                let f = match faction {
                    crate::engine::power::Faction::Huguenot => l.pick("Huguenot", "Гугенотское"),
                    crate::engine::power::Faction::Dutch => l.pick("Dutch", "Голландское"),
                };
                tr!(l, "{} revolt in {}.", "{} восстание в {}.", f, self.space(*space))
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
                "{} посылает {} из {} на {}.",
                self.power(*power),
                self.units(units),
                self.space(*from),
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
                    "{} выиграна: {} ед. ({}) возвращаются в {}.",
                    self.card(*card),
                    self.power(*power),
                    units,
                    self.space(*s)
                ),
                None => tr!(l, "{} is over for {}.", "{} для {} окончена.", self.card(*card), self.power(*power)),
            },
            EventKind::LeaderCaptured { leader, by } => tr!(l, "{} captures {}.", "{} пленяет {}.", self.power(*by), self.leader(leader)),
            EventKind::WarDeclared { by, target } => tr!(l, "{} declares war on {}.", "{} объявляет войну: {}.", self.power(*by), self.power(*target)),
            EventKind::Offered { from, to, status } => tr!(l, "{} offers {} to {}.", "{} предлагает {}: {}.", self.power(*from), self.relation(*status), self.power(*to)),
            EventKind::OfferAccepted { from, to, status } => tr!(l, "{} accepts {} with {}.", "{} принимает {} с {}.", self.power(*to), self.relation(*status), self.power(*from)),
            EventKind::OfferDeclined { from, to, status } => tr!(l, "{} declines {} with {}.", "{} отклоняет {} с {}.", self.power(*to), self.relation(*status), self.power(*from)),
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
            EventKind::WinterQuarters { owner, from, to, units } => tr!(l, "Winter: {} moves {} units from {} to {}.", "Зима: {} отводит {} ед. из {} в {}.", self.owner(*owner), units, self.space(*from), self.space(*to)),
            EventKind::FreeRegular { power, space } => tr!(l, "{} gets a free regular in {}.", "{} получает бесплатного регуляра в {}.", self.power(*power), self.space(*space)),
            EventKind::CapitalMoved { power, to } => match to {
                Some(s) => tr!(l, "{}'s capital moves to {}.", "Столица {} переносится в {}.", self.power(*power), self.space(*s)),
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
            EventKind::VpTotals { vp } => {
                let parts: Vec<String> = Power::ALL.iter().zip(vp.iter()).filter(|(_, v)| **v != 0).map(|(p, v)| format!("{} {v}", self.power(*p))).collect();
                tr!(l, "VP: {}.", "ПО: {}.", parts.join(", "))
            }
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
                "{}: the Huguenot capital cannot move (none on the map, or no Protestant-held fortified space in France to move to).",
                "{}: столица гугенотов не переносится (её нет на карте или во Франции нет укреплённого пространства под контролем протестантов).",
                self.card(*card)
            ),
            // --- land warfare
            EventKind::InterceptRoll { power, from, to, dice, bonus, need, success } => {
                let d: Vec<String> = dice.iter().map(|x| x.to_string()).collect();
                let end = if *success { l.pick("intercepts", "перехват удался") } else { l.pick("fails", "перехват не удался") };
                tr!(l, "{} tries to intercept from {} into {}: [{}] + {} vs {} — {}.", "{} пытается перехватить из {} в {}: [{}] + {} против {} — {}.", self.power(*power), self.space(*from), self.space(*to), d.join(" "), bonus, need, end)
            }
            EventKind::AvoidRoll { power, from, to, dice, bonus, need, success } => {
                let d: Vec<String> = dice.iter().map(|x| x.to_string()).collect();
                let end = if *success { l.pick("avoids battle", "уклонение удалось") } else { l.pick("must fight", "уклонение не удалось") };
                tr!(l, "{} tries to avoid battle from {} to {}: [{}] + {} vs {} — {}.", "{} пытается уклониться от боя из {} в {}: [{}] + {} против {} — {}.", self.power(*power), self.space(*from), self.space(*to), d.join(" "), bonus, need, end)
            }
            EventKind::WithdrewInside { owner, space, units } => tr!(l, "{} withdraws {} land units inside the fortifications of {}.", "{} укрывает {} сухопутных ед. за стенами {}.", self.owner(*owner), units, self.space(*space)),
            EventKind::Forgone { power, decision } => tr!(l, "{} declines ({}).", "{} отказывается ({}).", self.power(*power), self.decision(*decision)),
            EventKind::CasualtiesTaken { owner, space, units } => tr!(l, "{} loses {} in {}.", "{} теряет {} в {}.", self.owner(*owner), self.units(units), self.space(*space)),
            EventKind::RegularKept { owner, space } => tr!(l, "Both sides were wiped out; {} keeps one regular in {}.", "Обе стороны уничтожены; {} сохраняет одного регуляра в {}.", self.owner(*owner), self.space(*space)),
            EventKind::UnrestEnded { space } => tr!(l, "Unrest ends in {}.", "Волнения в {} прекращены.", self.space(*space)),
            EventKind::StandingSet { power, standing, on } => {
                if *on {
                    tr!(l, "{} sets a standing answer: {}.", "{} задаёт постоянный ответ: {}.", self.power(*power), self.standing(*standing))
                } else {
                    tr!(l, "{} clears a standing answer: {}.", "{} отменяет постоянный ответ: {}.", self.power(*power), self.standing(*standing))
                }
            }
            EventKind::StandingApplied { power, standing, .. } => tr!(l, "{} answers by its standing answer: {}.", "{} отвечает постоянным ответом: {}.", self.power(*power), self.standing(*standing)),
            // --- naval warfare
            EventKind::NavalMoved { power, from, to, squadrons, corsairs } => tr!(l, "{} sails {} squadrons and {} corsairs from {} to {}.", "{}: {} эскадр и {} корсаров идут из {} в {}.", self.power(*power), squadrons, corsairs, self.place_id(from), self.place_id(to)),
            EventKind::NavalInterceptRoll { power, from, to, dice, bonus, need, success } => {
                let d: Vec<String> = dice.iter().map(|x| x.to_string()).collect();
                let end = if *success { l.pick("intercepts", "перехват удался") } else { l.pick("fails", "перехват не удался") };
                tr!(l, "{} tries to intercept at sea from {} into {}: [{}] + {} vs {} — {}.", "{} пытается перехватить на море из {} в {}: [{}] + {} против {} — {}.", self.power(*power), self.place_id(from), self.place_id(to), d.join(" "), bonus, need, end)
            }
            EventKind::NavalAvoidRoll { power, from, to, dice, bonus, need, success } => {
                let d: Vec<String> = dice.iter().map(|x| x.to_string()).collect();
                let end = if *success { l.pick("slips away", "уклонение удалось") } else { l.pick("must fight", "уклонение не удалось") };
                tr!(l, "{} tries to avoid the naval battle from {} to {}: [{}] + {} vs {} — {}.", "{} пытается уклониться от морского боя из {} в {}: [{}] + {} против {} — {}.", self.power(*power), self.place_id(from), self.place_id(to), d.join(" "), bonus, need, end)
            }
            EventKind::NavalBattleRolled { place, attacker, defender, attacker_dice, defender_dice, attacker_hits, defender_hits, attacker_wins } => {
                let d = |v: &Vec<u8>| v.iter().map(|x| x.to_string()).collect::<Vec<_>>().join(" ");
                let w = if *attacker_wins { self.power(*attacker) } else { self.owner(*defender) };
                tr!(l, "Naval battle in {}: {} [{}] — {} hits; {} [{}] — {} hits. {} wins.", "Морской бой в {}: {} [{}] — попаданий {}; {} [{}] — попаданий {}. Побеждает {}.", self.place_id(place), self.power(*attacker), d(attacker_dice), attacker_hits, self.owner(*defender), d(defender_dice), defender_hits, w)
            }
            EventKind::ShipsSunk { owner, place, squadrons, corsairs } => tr!(l, "{} loses {} squadrons and {} corsairs in {}.", "{} теряет эскадр: {}, корсаров: {} в {}.", self.owner(*owner), squadrons, corsairs, self.place_id(place)),
            EventKind::ShipKept { owner, place } => tr!(l, "Both fleets were sunk; {} keeps one squadron in {}.", "Оба флота потоплены; {} сохраняет одну эскадру в {}.", self.owner(*owner), self.place_id(place)),
            EventKind::NavalRetreated { owner, from, to } => tr!(l, "{}'s fleet retreats from {} to {}.", "Флот державы {} отходит из {} в {}.", self.owner(*owner), self.place_id(from), self.place_id(to)),
            EventKind::ShipsLost { owner, place, squadrons, corsairs } => tr!(l, "{}'s fleet in {} has nowhere to go: {} squadrons and {} corsairs are lost.", "Флоту державы {} в {} некуда идти: потеряно эскадр {}, корсаров {}.", self.owner(*owner), self.place_id(place), squadrons, corsairs),
            EventKind::WinterPort { owner, from, to } => tr!(l, "Winter: {}'s fleet in {} returns to port in {}.", "Зима: флот державы {} из {} возвращается в порт {}.", self.owner(*owner), self.place_id(from), self.space(*to)),
            EventKind::Transported { power, from, to, units, zones } => {
                let z: Vec<String> = zones.iter().map(|x| self.place_id(x)).collect();
                tr!(l, "{} carries {} by sea from {} to {} (through {}).", "{} перевозит морем {} из {} в {} (через {}).", self.power(*power), self.units(units), self.space(*from), self.space(*to), self.list(z))
            }
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
                "its VP stop another power's victory",
                "эти ПО не дают победить другой державе",
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
                "войска {} в {}: {}р {}н {}к {}э",
                self.owner(*owner),
                self.space_id(space),
                regulars,
                mercenaries,
                cavalry,
                squadrons
            ),
            Adjustment::Leader { leader, space } => match space {
                Some(s) => tr!(
                    l,
                    "{} placed in {}",
                    "{} поставлен в {}",
                    self.leader(leader),
                    self.space_id(s)
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
                "{} теперь под контролем: {}",
                self.space_id(space),
                self.owner(*owner)
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
                    tr!(l, "unrest in {}", "беспорядки в {}", self.space_id(space))
                } else {
                    tr!(
                        l,
                        "no unrest in {}",
                        "беспорядков в {} нет",
                        self.space_id(space)
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
                    "{} в союзе с {}",
                    self.owner(Owner::Minor(*minor)),
                    self.power(*p)
                ),
                None => tr!(
                    l,
                    "{} inactive",
                    "{} неактивна",
                    self.owner(Owner::Minor(*minor))
                ),
            },
            Adjustment::KillRuler { power } => tr!(
                l,
                "{}'s ruler dies",
                "правитель {} умирает",
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
            Decision::SpendCp => tr!(
                l,
                "spend CP or {} the impulse",
                "потратить очки или закончить импульс ({})",
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
                tr!(
                    l,
                    "➡ Next: {} — {}.",
                    "➡ Ходит: {} — {}.",
                    names.join(", "),
                    self.decision(*decision)
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
            ParseError::Missing { command, option } => tr!(
                l,
                "{} needs {}",
                "для {} нужен параметр {}",
                self.command(command, &[]),
                self.option(command, option)
            ),
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
            RuleError::Unknown { what, name, hint } => tr!(
                l,
                "unknown {} `{}`{}",
                "не найдено: {} `{}`{}",
                self.thing(what),
                name,
                self.hint(hint)
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
            "rule" => "правило",
            other => other,
        };
        self.loc.pick(what, ru).to_string()
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
        };
        self.loc.pick(en, ru)
    }

    /// A faction: "Huguenot" in English; in Russian the people, genitive ("гугенотов"), so that it
    /// follows a noun without agreement ("столица гугенотов").
    fn faction(&self, f: Faction) -> &'static str {
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
            R::AllianceNeedsPeace { power, target, now } => tr!(l, "an alliance needs peace first; between {} and {} now: {}", "союз возможен только после мира; сейчас между державами {} и {}: {}", p(power), p(target), self.relation(*now)),
            R::OfferAlreadyOpen { from, to } => tr!(l, "{} already has an offer open to {}", "у державы {} уже есть открытое предложение для державы {}", p(from), p(to)),
            R::NoOpenOffer { from, to } => tr!(l, "{} has no open offer to {}", "у державы {} нет открытого предложения для державы {}", p(from), p(to)),
            R::MinorAlreadyAllied { minor, ally } => tr!(l, "{} is already allied with {}; only a minor power without an ally can be won over", "{} уже в союзе с державой {}; привлечь можно только малую державу без союзника", self.owner(Owner::Minor(*minor)), p(ally)),
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
            R::MandatoryNotForCp { card } => tr!(l, "{} is a mandatory event: it must be played as an event, not for CP", "{} — обязательное событие: его играют как событие, а не за очки", self.card(*card)),
            R::EventOutsideImpulse { card, kind } => {
                let k = if *kind == CardKind::Combat { l.pick("combat", "боевая") } else { l.pick("response", "ответная") };
                tr!(l, "{} is a {} card; its event is played outside your impulse. In an impulse it can be played for CP", "{} — {} карта; её событие играют вне своего импульса, а в импульсе её можно сыграть за очки", self.card(*card), k)
            }
            R::CardsAtImpulseStart => l.pick("cards are played at the start of an impulse", "карты играют в начале импульса").into(),
            R::MustPlayMandatory { power, card } => tr!(l, "{} holds the mandatory event {}; it must be played before passing", "у державы {} на руке обязательное событие {}; его нужно сыграть до паса", p(power), self.card(*card)),
            R::TooManyCardsToPass { power, held, admin } => tr!(l, "{} may not pass while holding {} non-home cards; passing is allowed with at most {} (the ruler's administrative rating)", "держава {} не может пасовать: карт на руке, кроме родных, — {}, а пас разрешён, только если их не больше {} (административный рейтинг правителя)", p(power), held, admin),
            R::NotEnoughCp { power, left, cost, what } => {
                let w = match what {
                    CpUse::CrossPass => l.pick("crossing a pass", "переход через перевал"),
                    CpUse::Action(k) => self.action_kind(*k),
                };
                tr!(l, "{} has {} CP left; {} costs {}", "у державы {} осталось очков: {}; {} стоит {}", p(power), left, w, cost)
            }
            R::NotAutomated { action } => tr!(l, "{} is not automated yet; apply its effect with {}", "действие «{}» пока не автоматизировано; примените эффект через {}", self.action_kind(*action), self.command("adjust", &[])),
            R::NoCpCost { action } => tr!(l, "{} does not cost CP", "{} не оплачивается очками", self.action_kind(*action)),
            R::NoCostInData { key } => tr!(l, "the data gives no cost for `{}` (costs.csv)", "в данных нет стоимости для `{}` (costs.csv)", key),
            R::NotACapital { power, space, capitals } => tr!(l, "spring deployment starts from a capital of {}; {} is not one (capitals: {})", "весеннее развёртывание начинается из столицы державы {}; {} — не её столица (столицы: {})", p(power), s(space), self.list(capitals.iter().map(s).collect())),
            R::NotControlled { power, space } => tr!(l, "{} does not control {}", "{} не контролирует пространство {}", p(power), s(space)),
            R::SameSpace { space } => tr!(l, "the destination is the starting space itself ({})", "цель совпадает с началом пути ({})", s(space)),
            R::NoFriendlyPath { from, to } => tr!(l, "{} cannot be reached from {} through friendly spaces free of enemy units", "в пространство {} не пройти из пространства {} через дружественные пространства без вражеских войск", s(to), s(from)),
            R::NotAdjacent { from, to } => {
                let n = self.list(self.rs.neighbours[from.idx()].iter().map(|(x, _)| s(x)).collect());
                tr!(l, "{} is not adjacent to {}; neighbours: {}", "{} не граничит с пространством {}; соседние пространства: {}", s(to), s(from), n)
            }
            R::NoLandUnitPicked => l.pick("pick at least one land unit to move", "выберите хотя бы один сухопутный отряд").into(),
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
                FortifiedFor::Capital => tr!(l, "{} is not fortified; a capital is declared in a fortified space", "пространство {} не укреплено; столицу объявляют в укреплённом пространстве", s(space)),
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
            R::NotHuguenotCapitalTarget { space } => tr!(l, "the Huguenot capital moves to a fortified space in France held by the Protestant that is not already a capital; {} is not one", "столицу гугенотов переносят в укреплённое пространство во Франции под контролем Протестанта, которое ещё не столица; {} не такое", s(space)),
            R::WarPowerNotInPlay { card, power } => tr!(l, "{} strikes {}, which is not in play; play it for CP instead", "карта {} направлена против державы {}, которая не участвует в партии; сыграйте её за очки", self.card(*card), p(power)),
            R::NoWarAwaitingUnits => l.pick("units go to a foreign-war card only when its event is played; after that, new units go there", "войска отправляют на карту внешней войны только при розыгрыше её события; потом туда идут новые отряды").into(),
            R::WrongWarCard { waiting, card } => tr!(l, "the foreign war waiting for units is {}, not {}", "войска ждёт внешняя война {}, а не {}", self.card(*waiting), self.card(*card)),
            R::NoSuchWar { card } => tr!(l, "{} is not a foreign war under way", "по карте {} внешняя война не идёт", self.card(*card)),
            R::NotYourWar { card, power, wars } => tr!(l, "{} is not a foreign war of {}; its wars: {}", "{} — не внешняя война державы {}; её войны: {}", self.card(*card), p(power), self.list(wars.iter().map(|c| self.card(*c)).collect())),
            R::SendFromBesieged { space } => tr!(l, "{} is under siege; units are not sent to a foreign war from a besieged space", "пространство {} в осаде; из осаждённых пространств войска на внешнюю войну не отправляют", s(space)),
            R::NothingToSend => l.pick("send at least one land unit or a leader", "отправьте хотя бы один сухопутный отряд или лидера").into(),
            R::TooManyForWar { required, on_card, room, asked } => tr!(l, "the war needs {} land units and {} are on the card: at most {} more may go, not {}", "войне нужно сухопутных отрядов: {}, на карте уже {}; можно отправить ещё не больше {}, а не {}", required, on_card, room, asked),
            R::OneLeaderToWar => l.pick("at most one leader goes to a foreign war", "на внешнюю войну идёт не больше одного лидера").into(),
            R::NoUnitsOnWarCard => l.pick("no land units of yours are on the card to fight the foreign army", "на карте войны нет ваших сухопутных отрядов, чтобы сразиться с иностранной армией").into(),
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
            R::NotAnInterceptSpace { space, to, allowed } => tr!(l, "{} cannot intercept into {}; intercept from one of: {}", "из пространства {} нельзя перехватить в {}; перехват возможен из: {}", s(space), s(to), self.list(allowed.iter().map(|x| self.space(*x)).collect())),
            R::NotAnAvoidSpace { space, from, allowed } => tr!(l, "avoiding battle from {} cannot go to {}; go to one of: {}", "уклонение от боя из {} не может вести в {}; можно в: {}", s(from), s(space), self.list(allowed.iter().map(|x| self.space(*x)).collect())),
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
            R::NoShipsThere { power, place } => tr!(l, "{} has no squadrons or corsairs in {}; a naval move starts where its ships are", "у державы {} нет эскадр или корсаров в {}; морской ход начинается там, где стоят её корабли", p(power), self.place_id(place)),
            R::StackMovesOnce { place } => tr!(l, "the fleet in {} is named twice; each fleet moves one step per naval move", "флот в {} назван дважды; за морской ход каждый флот делает один шаг", self.place_id(place)),
            R::NotANavalStep { from, to, allowed } => tr!(l, "{} to {} is not one naval step (port to a sea zone it borders, sea zone to an adjacent zone or to a port on it); from {} go to one of: {}", "из {} в {} нельзя за один морской шаг (порт → его морская зона, зона → соседняя зона или порт на ней); из {} можно в: {}", self.place_id(from), self.place_id(to), self.place_id(from), self.list(allowed.iter().map(|x| self.place_id(x)).collect())),
            R::PortNotFriendly { space } => tr!(l, "{} is not a port of yours or an ally's; ships enter only a friendly port or one holding enemy ships to attack, and a crossing ends in a friendly port without enemy land units", "{} — не ваш и не союзный порт; корабли входят только в дружественный порт или в порт с вражескими кораблями для атаки, а перевозка заканчивается в дружественном порту без вражеских сухопутных войск", s(space)),
            R::NavalLeaderOnLand { leader } => tr!(l, "{} is a naval leader and moves only with ships, never over land", "{} — флотоводец: он ходит только с кораблями, не по суше", self.leader(leader)),
            R::TransportTooLarge { units, max } => tr!(l, "at most {1} land units cross by sea at once; asked {0}", "морем за раз перевозят не больше {1} сухопутных отрядов; запрошено {0}", units, max),
            R::NoSeaPath { from, to } => tr!(l, "no chain of sea zones holding your ships links {} to {}; a crossing needs your squadrons or corsairs in every zone on the way", "от {} до {} нет цепочки морских зон с вашими кораблями; для перевозки в каждой зоне пути нужны ваши эскадры или корсары", s(from), s(to)),
            R::WrongShipLosses { hits, asked, have } => tr!(l, "{} hits sink ships at 2 hits a squadron and 1 a corsair, leaving no hit unused that could sink one; you have {} squadrons and {} corsairs, asked {} and {}", "{} попаданий топят корабли: эскадра — 2 попадания, корсар — 1, и ни одно годное попадание не пропадает; у вас эскадр {}, корсаров {}, запрошено {} и {}", hits, have.0, have.1, asked.0, asked.1),
            R::BadNavalRetreat { to, allowed } => tr!(l, "the beaten fleet cannot retreat to {}; it goes to a friendly port on the zone or an adjacent zone without enemy ships: one of {}", "побеждённый флот не может отойти в {}; он идёт в дружественный порт этой зоны или в соседнюю зону без вражеских кораблей: одно из {}", self.place_id(to), self.list(allowed.iter().map(|x| self.place_id(x)).collect())),
            R::LandUnitsAtSea { zone } => tr!(l, "{} is a sea zone: only squadrons, corsairs and naval leaders can be there", "{} — морская зона: там могут быть только эскадры, корсары и флотоводцы", self.place_id(zone)),
            R::NotANavalInterceptPlace { place, zone, allowed } => tr!(l, "no interception into {} from {}; intercept from one of: {}", "из {1} нельзя перехватить в {0}; перехват возможен из: {2}", self.place_id(zone), self.place_id(place), self.list(allowed.iter().map(|x| self.place_id(x)).collect())),
            R::SeaBlockaded { space, zone } => tr!(l, "enemy ships in {} protect the port of {}; an assault needs the sea by the port clear of them", "вражеские корабли в {} прикрывают порт {}; для штурма море у порта должно быть свободно от них", self.place_id(zone), s(space)),
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
                    "\n  `{}:` {}{req}",
                    o.name_in(l),
                    o.help[l as usize]
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
}

impl Texts<'_> {
    /// A table message in this locale.
    pub fn msg(&self, m: &Msg) -> String {
        let l = self.loc;
        match m {
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
            Msg::AlreadyHolds { power } => tr!(l, "you already hold {}", "вы уже играете за {}", self_power(self, *power)),
            Msg::TableFull => l.pick("a game has at most 6 players (R-GAME-PLAYERS)", "в партии не больше 6 игроков (R-GAME-PLAYERS)").into(),
            Msg::Joined { name, power } => tr!(l, "{} takes {}.", "{} играет за {}.", name, self_power(self, *power)),
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
                Some(h) => tr!(l, "{} is played by {}, not by you", "за {} играет {}, а не вы", self_power(self, *power), h),
                None => tr!(l, "nobody holds {}; {} it first", "за {} никто не играет; сначала {}", self_power(self, *power), self.command("join", &[])),
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
            Msg::StatusTurn { turn, hands } => tr!(l, "Turn {} · {}", "Ход {} · {}", turn, hands),
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
            Msg::UnknownScenario { name, known } => tr!(l, "unknown scenario `{}`; known: {}", "неизвестный сценарий `{}`; есть: {}", name, known),
        }
    }
}

fn self_power(t: &Texts<'_>, p: Power) -> String {
    t.power(p)
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
            Notice::DoneNoDeployment => l.pick("Done (no deployment)", "Готово (без развёртывания)").into(),
            Notice::Accept => l.pick("accept", "принять").into(),
            Notice::Decline => l.pick("decline", "отклонить").into(),
            Notice::DoneNegotiating => l.pick("Done negotiating", "Переговоры окончены").into(),
            Notice::AgreeTakeBack => l.pick("Agree to take it back", "Согласиться на отмену").into(),
            Notice::RefuseTakeBack => l.pick("Refuse", "Возразить").into(),
            Notice::ShowHand => l.pick("Show my hand (only to me)", "Показать мою руку (только мне)").into(),
        }
    }
}

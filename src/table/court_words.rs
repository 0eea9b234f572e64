//! Marriages and espionage in words (English and Russian): what they did, their refusals, and
//! royals' names. A child of `messages` (it uses its `tr!`).

use super::{Locale, Texts};
use crate::engine::espionage::SpyEffect;
use crate::engine::marriage::{CourtEvent, RoyalStatus};
use crate::engine::refusal::Refusal;

impl Texts<'_> {
    /// A royal's display name (its id when the data does not know it).
    pub fn royal(&self, id: &str) -> String {
        match self.rs.royals.iter().find(|r| r.id == id) {
            Some(r) => self.loc.pick(&r.name_en, &r.name_ru).to_string(),
            None => id.to_string(),
        }
    }

    /// A royal with its house and eligibility: "Elizabeth I (England, eligibility 3)".
    pub fn royal_long(&self, id: &str) -> String {
        match self.rs.royals.iter().find(|r| r.id == id) {
            Some(r) => tr!(
                self.loc,
                "{} ({}, eligibility {})",
                "{} ({}, брачная ценность {})",
                self.royal(id),
                self.power(r.power),
                r.eligibility
            ),
            None => id.to_string(),
        }
    }

    /// A ruler's display name (its id when unknown).
    pub fn ruler_name(&self, id: &str) -> String {
        match self.rs.rulers.iter().find(|r| r.id == id) {
            Some(r) => self.loc.pick(&r.name_en, &r.name_ru).to_string(),
            None => self.leader(id),
        }
    }

    /// What a spy tries, as a noun phrase.
    pub fn spy_effect(&self, e: SpyEffect) -> &'static str {
        match e {
            SpyEffect::Look => self.loc.pick("a look at the hand", "взгляд на руку"),
            SpyEffect::Discard => self.loc.pick("a forced discard", "принудительный сброс"),
            SpyEffect::Assassinate => self.loc.pick("an assassination", "покушение"),
        }
    }

    fn royal_status(&self, s: RoyalStatus) -> &'static str {
        match s {
            RoyalStatus::Single => self.loc.pick("single", "не помолвлен(а)"),
            RoyalStatus::Proposed => self.loc.pick("proposed", "предложен(а)"),
            RoyalStatus::Engaged => self.loc.pick("engaged", "помолвлен(а)"),
            RoyalStatus::Married => self.loc.pick("married", "в браке"),
        }
    }

    fn names(&self, ids: &[String], f: impl Fn(&str) -> String) -> String {
        if ids.is_empty() {
            self.loc.pick("none", "нет").to_string()
        } else {
            ids.iter().map(|x| f(x)).collect::<Vec<_>>().join(", ")
        }
    }

    /// What a marriage or a spy did.
    pub fn court_event(&self, what: &CourtEvent) -> String {
        let l = self.loc;
        let p = |x: &crate::engine::Power| self.power(*x);
        match what {
            CourtEvent::Proposed {
                from,
                royal,
                to,
                with,
            } => tr!(
                l,
                "💍 {} proposes a marriage: {} with {} of {}. {} answers: accept by proposing the same pair ({}), or refuse ({}).",
                "💍 {} предлагает брак: {} и {} ({}). Отвечает {}: принять — предложить ту же пару ({}), отказать — ({}).",
                p(from),
                self.royal_long(royal),
                self.royal_long(with),
                p(to),
                p(to),
                format!("`{}`", self.command_line(&format!("marry royal:{with} with:{royal}"))),
                format!("`{}`", self.command_line(&format!("marry royal:{with} with:{royal} refuse:yes")))
            ),
            CourtEvent::Engaged {
                a,
                royal_a,
                b,
                royal_b,
            } => tr!(
                l,
                "💍 Engaged: {} ({}) and {} ({}). The marriage is resolved at the end of the turn (X-MARRIAGE-RESOLVE).",
                "💍 Помолвка: {} ({}) и {} ({}). Брак решится в конце хода (X-MARRIAGE-RESOLVE).",
                self.royal(royal_a),
                p(a),
                self.royal(royal_b),
                p(b)
            ),
            CourtEvent::Refused {
                by,
                from,
                royal,
                to,
                with,
            } if by == from => tr!(
                l,
                "{} withdraws its proposal to {}: {} with {}.",
                "{} отзывает предложение державе {}: {} и {}.",
                p(from),
                p(to),
                self.royal(royal),
                self.royal(with)
            ),
            CourtEvent::Refused {
                from,
                royal,
                to,
                with,
                ..
            } => tr!(
                l,
                "{} refuses the marriage {} proposed: {} with {}.",
                "{} отказывает в браке, предложенном державой {}: {} и {}.",
                p(to),
                p(from),
                self.royal(royal),
                self.royal(with)
            ),
            // --- diplomacy (issue 26)
            CourtEvent::ProposalsVoided { a, b, pairs } => {
                let pairs: Vec<String> = pairs
                    .iter()
                    .map(|(x, y)| format!("{} + {}", self.royal(x), self.royal(y)))
                    .collect();
                tr!(
                    l,
                    "💔 {} and {} are now at war: the marriage proposal between them is void ({}); the royals are single again (X-MARRIAGE-PROPOSE).",
                    "💔 {} и {} теперь воюют: предложение брака между ними отменено ({}); королевские особы снова свободны (X-MARRIAGE-PROPOSE).",
                    p(a),
                    p(b),
                    pairs.join(", ")
                )
            }
            CourtEvent::BrokenOff { a, b, royals } => tr!(
                l,
                "💔 {} and {} are at war: the engagement is broken off ({}); the royals are single again (X-MARRIAGE-RESOLVE).",
                "💔 {} и {} воюют: помолвка расторгнута ({}); королевские особы снова свободны (X-MARRIAGE-RESOLVE).",
                p(a),
                p(b),
                self.names(royals, |x| self.royal(x))
            ),
            CourtEvent::Married {
                a,
                royal_a,
                b,
                royal_b,
                ignored,
                dice,
                eligibility,
                modifier,
                total,
                outcome,
                vp,
                cards,
            } => {
                let name = self
                    .rs
                    .marriage
                    .outcomes
                    .iter()
                    .find(|o| &o.id == outcome)
                    .map_or(outcome.clone(), |o| l.pick(&o.name_en, &o.name_ru).to_string());
                let dice: Vec<String> = dice.iter().map(u8::to_string).collect();
                let mut t = tr!(
                    l,
                    "💒 Marriage of {} ({}) and {} ({}): dice {} + eligibility {} + modifier {} = {}: **{}**; {} VP and {} for each.",
                    "💒 Брак: {} ({}) и {} ({}): кубики {} + брачная ценность {} + модификатор {} = {}: **{}**; каждой стороне ПО: {}, карт: {}.",
                    self.royal(royal_a),
                    p(a),
                    self.royal(royal_b),
                    p(b),
                    dice.join("+"),
                    eligibility,
                    modifier,
                    total,
                    name,
                    vp,
                    match l {
                        Locale::En => self.n_cards(u32::from(*cards)),
                        Locale::Ru => cards.to_string(),
                    }
                );
                if !ignored.is_empty() {
                    t.push(' ');
                    t.push_str(&tr!(
                        l,
                        "Also married, not counted (only each house's higher royal counts, X-MARRIAGE-SAME-HOUSE): {}.",
                        "Также в браке, но без учёта (считается только старшая особа каждого дома, X-MARRIAGE-SAME-HOUSE): {}.",
                        self.names(ignored, |x| self.royal(x))
                    ));
                }
                t
            }
            CourtEvent::Drew { power, n } => tr!(
                l,
                "{} draws {} from the marriage.",
                "{} берёт карт за брак: {}.",
                p(power),
                match l {
                    Locale::En => self.n_cards(u32::from(*n)),
                    Locale::Ru => n.to_string(),
                }
            ),
            CourtEvent::DrewFaces { cards, .. } => {
                let list: Vec<String> = cards.iter().map(|x| self.card_in_hand(*x)).collect();
                tr!(
                    l,
                    "You drew from the marriage: {}",
                    "Вы взяли за брак: {}",
                    list.join(", ")
                )
            }
            CourtEvent::Spied {
                power,
                target,
                effect,
                whom,
                die,
                needed,
                success,
            } => {
                let aim = match whom {
                    Some(w) => format!(" ({})", self.ruler_name(w)),
                    None => String::new(),
                };
                let result = if *success {
                    l.pick("success", "успех")
                } else {
                    l.pick("failure", "неудача")
                };
                tr!(
                    l,
                    "🕵 {} tries {}{} against {}: die {} (needs {}): {} (X-SPY-ACTION).",
                    "🕵 {}: {}{} против державы {}: кубик {} (нужно {}): {} (X-SPY-ACTION).",
                    p(power),
                    self.spy_effect(*effect),
                    aim,
                    p(target),
                    die,
                    needed,
                    result
                )
            }
            CourtEvent::LookedAtHand { power, of, count } => tr!(
                l,
                "{}'s spies see the hand of {} ({}); the faces go to {}'s player alone (X-SPY-LOOK).",
                "Шпионы державы {} видят руку державы {} (карт: {}); какие это карты, знает только игрок державы {} (X-SPY-LOOK).",
                p(power),
                p(of),
                count,
                p(power)
            ),
            CourtEvent::SawHand { of, cards, .. } => {
                let list: Vec<String> = cards.iter().map(|x| self.card_in_hand(*x)).collect();
                let list = if list.is_empty() {
                    l.pick("no cards", "карт нет").to_string()
                } else {
                    list.join(", ")
                };
                tr!(
                    l,
                    "🕵 Your spies saw the hand of {}: {}",
                    "🕵 Ваши шпионы увидели руку державы {}: {}",
                    p(of),
                    list
                )
            }
            CourtEvent::ForcedDiscard { power, cards } => {
                let list: Vec<String> = cards.iter().map(|x| self.card(*x)).collect();
                tr!(
                    l,
                    "{} discards at random: {} (X-SPY-DISCARD).",
                    "{} сбрасывает наугад: {} (X-SPY-DISCARD).",
                    p(power),
                    list.join(", ")
                )
            }
            CourtEvent::NothingToDiscard { power } => tr!(
                l,
                "{} has no card that can be discarded (home cards never are) (X-SPY-DISCARD).",
                "у державы {} нет карты для сброса (родные карты не сбрасываются) (X-SPY-DISCARD).",
                p(power)
            ),
            CourtEvent::LeaderKilled { leader, power } => tr!(
                l,
                "🗡 {} of {} is assassinated and leaves the game (X-SPY-ASSASSINATE).",
                "🗡 {} ({}) убит и выбывает из игры (X-SPY-ASSASSINATE).",
                self.leader(leader),
                p(power)
            ),
            CourtEvent::RulerKilled {
                ruler,
                power,
                successor: Some(s),
            } => tr!(
                l,
                "🗡 {}, ruler of {}, is assassinated; {} reigns now (X-SPY-ASSASSINATE).",
                "🗡 {}, правитель державы {}, убит; теперь правит {} (X-SPY-ASSASSINATE).",
                self.ruler_name(ruler),
                p(power),
                self.ruler_name(s)
            ),
            CourtEvent::RulerKilled {
                ruler,
                power,
                successor: None,
            } => tr!(
                l,
                "🗡 {}, ruler of {}, is assassinated; a regency rules with admin 1 and no card bonus (X-SPY-ASSASSINATE).",
                "🗡 {}, правитель державы {}, убит; правит регентство: администрирование 1, без бонуса карт (X-SPY-ASSASSINATE).",
                self.ruler_name(ruler),
                p(power)
            ),
        }
    }

    /// The text of a marriage or espionage refusal; `None` for every other refusal.
    pub(super) fn court_refusal(&self, r: &Refusal) -> Option<String> {
        use Refusal as R;
        let l = self.loc;
        let p = |x: &crate::engine::Power| self.power(*x);
        let royals = |ids: &[String]| self.names(ids, |x| format!("`{x}`"));
        Some(match r {
            R::UnknownRoyal { name, known } => tr!(
                l,
                "no royal of this game is called `{}`; the royals in play: {}",
                "в этой партии нет королевской особы `{}`; особы в игре: {}",
                name,
                royals(known)
            ),
            R::RoyalNotYours {
                royal,
                owner,
                power,
                yours,
            } => tr_each!(
                l,
                "a proposal pairs one of your own royals with another power's; {} is {}'s, and {} has: {}",
                [self.royal(royal), p(owner), p(power), royals(yours)],
                "в предложении одна особа ваша, другая — другой державы; {} принадлежит державе {}, а у державы {} есть: {}",
                [self.royal(royal), p(owner), p(power), royals(yours)]
            ),
            R::RoyalSameHouse { royal, with, power } => tr!(
                l,
                "{} and {} are both of {}: a marriage joins two houses",
                "{} и {} — обе особы державы {}: брак соединяет два дома",
                self.royal(royal),
                self.royal(with),
                p(power)
            ),
            R::MarriageAtWar { power, other } => tr!(
                l,
                "{} and {} are at war: no marriage may be announced with a power you are at war with; make peace first",
                "{} и {} воюют: брак с державой, с которой идёт война, объявить нельзя; сначала заключите мир",
                p(power),
                p(other)
            ),
            R::RoyalNotSingle { royal, status } => tr!(
                l,
                "{} is already {}; only a single royal may be proposed",
                "{}: уже {}; предложить можно только свободную особу",
                self.royal(royal),
                self.royal_status(*status)
            ),
            R::RoyalAlreadyProposed { royal, from, to } => tr!(
                l,
                "{} is already in {}'s open proposal to {}; wait for the answer, or withdraw it with {}",
                "{} уже в открытом предложении державы {} державе {}; дождитесь ответа или отзовите его через {}",
                self.royal(royal),
                p(from),
                p(to),
                format!("`{}`", self.command_line(&format!("marry royal:{royal} refuse:yes")))
            ),
            R::NoMarriageProposal {
                power,
                royal,
                with,
                open,
            } => {
                let list: Vec<String> = open
                    .iter()
                    .map(|(a, b)| format!("{} + {}", self.royal(a), self.royal(b)))
                    .collect();
                let list = if list.is_empty() {
                    l.pick("none", "нет").to_string()
                } else {
                    list.join(", ")
                };
                tr!(
                    l,
                    "there is no open proposal of {} with {} to or by {}; its open proposals: {}",
                    "нет открытого предложения {} и {} для державы {} или от неё; её открытые предложения: {}",
                    self.royal(royal),
                    self.royal(with),
                    p(power),
                    list
                )
            }
            R::AnswerMarriageFirst {
                from,
                to,
                royal,
                with,
            } => tr!(
                l,
                "{} proposed a marriage to {} ({} with {}); accept or refuse it before finishing",
                "держава {} предложила державе {} брак ({} и {}); примите или отклоните его, прежде чем закончить",
                p(from),
                p(to),
                self.royal(royal),
                self.royal(with)
            ),
            R::MarriageOnlyInDiplomacy { power } => tr!(
                l,
                "marriages are proposed and answered in the Diplomacy phase; {} may propose at the next one",
                "браки предлагают и принимают в фазе дипломатии; {} может предложить в следующей",
                p(power)
            ),
            R::EspionageNotInData => l
                .pick(
                    "this ruleset has no espionage table, so nobody spies",
                    "в этих данных нет таблицы шпионажа, поэтому шпионить нельзя",
                )
                .to_string(),
            R::SpyOnSelf { power } => tr!(
                l,
                "{} does not spy on itself; name another power in play",
                "держава {} не шпионит за собой; назовите другую державу в игре",
                p(power)
            ),
            R::SpyOnlyWithCp { power } => tr!(
                l,
                "espionage spends CP: {} spies while spending a card's CP in its own impulse",
                "шпионаж стоит ОД: держава {} шпионит, тратя ОД карты в свой импульс",
                p(power)
            ),
            R::SpyNeedsCp {
                power,
                effect,
                left,
                cost,
            } => tr!(
                l,
                "{} costs {} CP; {} has {} left",
                "{} стоит ОД: {}; у державы {} осталось {}",
                self.spy_effect(*effect),
                cost,
                p(power),
                left
            ),
            R::SpyNeedsWhom {
                target,
                ruler,
                leaders,
            } => tr!(
                l,
                "an assassination names its victim with {}: the ruler of {} ({}) or one of its leaders on the map ({})",
                "для покушения назовите жертву в {}: правителя державы {} ({}) или одного из её лидеров на карте ({})",
                self.option("spy", "whom"),
                p(target),
                ruler.as_deref().map_or_else(|| l.pick("none", "нет").to_string(), |r| format!("`{r}`")),
                royals(leaders)
            ),
            R::SpyWhomNotTarget {
                whom,
                target,
                ruler,
                leaders,
            } => tr!(
                l,
                "`{}` is neither the ruler of {} ({}) nor one of its leaders on the map ({})",
                "`{}` — не правитель державы {} ({}) и не её лидер на карте ({})",
                whom,
                p(target),
                ruler.as_deref().map_or_else(|| l.pick("none", "нет").to_string(), |r| format!("`{r}`")),
                royals(leaders)
            ),
            R::NoRulerToKill { power } => tr!(
                l,
                "{} has no ruler to kill, or no assassinated ruler to bring back",
                "у державы {} нет правителя, которого можно убить, или убитого правителя, которого можно вернуть",
                p(power)
            ),
            _ => return None,
        })
    }
}

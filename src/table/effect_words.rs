//! Card effects in words (English and Russian): what a running effect did, what it asks, and a
//! written effect as a numbered list for `card N`. A child of `messages` (it uses its `tr!`).

use super::{Locale, Texts};
use crate::engine::action::{UnitKind, Units};
use crate::engine::cards::effect::{
    BattleSide, Cond, Effect, Filter, FlagSpan, LeaderFate, Op, Who,
};
use crate::engine::cards::registry::{self, Resolution};
use crate::engine::cards::run::{Ask, EffectEvent, HandUse};
use crate::engine::ruleset::Card;

/// `n` land units of one kind, as a unit pick (for the unit words).
fn kind_units(kind: UnitKind, n: u8) -> Units {
    let mut u = Units::default();
    match kind {
        UnitKind::Mercenary => u.mercenaries = n,
        UnitKind::Cavalry => u.cavalry = n,
        _ => u.regulars = n,
    }
    u
}

impl Texts<'_> {
    /// "1 card", "2 cards"; «1 карту», «2 карты», «5 карт» (as an object).
    fn n_cards_acc(&self, n: u8) -> String {
        self.n_of(u32::from(n), ["card", "cards"], ["карту", "карты", "карт"])
    }

    fn who(&self, w: Who) -> String {
        match w {
            Who::Me => self.loc.pick("the card's player", "сыгравший карту").into(),
            Who::Opponent => self.loc.pick("the other side", "противник").into(),
            Who::Power(p) => self.power(p),
        }
    }

    fn span(&self, s: FlagSpan) -> &'static str {
        match s {
            FlagSpan::Impulse => self.loc.pick("for this impulse", "на этот импульс"),
            FlagSpan::Turn => self.loc.pick("for this turn", "на этот ход"),
            FlagSpan::Game => self.loc.pick("for the rest of the game", "до конца партии"),
        }
    }

    fn filter(&self, f: &Filter) -> String {
        let l = self.loc;
        let mut w: Vec<String> = Vec::new();
        let mut flag = |on: bool, en: &str, ru: &str| {
            if on {
                w.push(l.pick(en, ru).to_string());
            }
        };
        flag(f.home, "home", "родное");
        flag(f.controlled, "controlled", "под своим контролем");
        flag(f.enemy, "not controlled", "не под своим контролем");
        flag(f.fortified, "fortified", "укреплённое");
        flag(f.unfortified, "unfortified", "неукреплённое");
        flag(f.port, "port", "порт");
        flag(f.not_besieged, "not besieged", "не в осаде");
        flag(
            f.has_units,
            "with own land units",
            "со своими сухопутными отрядами",
        );
        flag(f.unrest == Some(true), "in unrest", "с беспорядками");
        flag(f.unrest == Some(false), "without unrest", "без беспорядков");
        if let Some(z) = f.zone {
            w.push(tr!(l, "in the {} zone", "в зоне {}", z.as_str()));
        }
        if let Some(s) = f.next_to {
            w.push(tr!(l, "next to {}", "рядом с {}", self.space(s)));
        }
        if let Some(s) = f.space {
            w.push(self.space(s));
        }
        if w.is_empty() {
            l.pick("any space", "любое пространство").into()
        } else {
            tr!(l, "a space: {}", "пространство: {}", w.join(", "))
        }
    }

    fn cond(&self, c: &Cond) -> String {
        let l = self.loc;
        match c {
            Cond::Controls(w, s) => tr!(
                l,
                "{} controls {}",
                "{} контролирует {}",
                self.who(*w),
                self.space(*s)
            ),
            Cond::AtWar(a, b) => tr!(
                l,
                "{} and {} are at war",
                "{} и {} воюют",
                self.who(*a),
                self.who(*b)
            ),
            Cond::Flag(n) => tr!(l, "the flag `{}` is set", "флаг `{}` поднят", n),
            Cond::TurnAtLeast(t) => tr!(l, "it is turn {} or later", "идёт ход {} или позже", t),
            Cond::CardsAtLeast(w, n) => tr!(
                l,
                "{} holds at least {} cards",
                "у {} не меньше {} карт",
                self.who(*w),
                n
            ),
            Cond::InBattle => l
                .pick("the card is played in a battle", "карта сыграна в бою")
                .into(),
            Cond::Not(c) => tr!(l, "not ({})", "не ({})", self.cond(c)),
        }
    }

    fn side(&self, s: BattleSide) -> &'static str {
        match s {
            BattleSide::Mine => self.loc.pick("the card's side", "сторона сыгравшего"),
            BattleSide::Theirs => self.loc.pick("the other side", "другая сторона"),
        }
    }

    /// One primitive in words (step numbers are 1-based).
    pub fn effect_op(&self, op: &Op) -> String {
        let l = self.loc;
        match op {
            Op::Vp { who, n } => tr!(l, "{} gains {} VP", "{} получает {} ПО", self.who(*who), n),
            Op::Draw { who, n } => tr!(
                l,
                "{} draws {}",
                "{} тянет {}",
                self.who(*who),
                self.n_cards_acc(*n)
            ),
            Op::Discard { who, n } => tr!(
                l,
                "{} discards {} at random",
                "{} сбрасывает наугад {}",
                self.who(*who),
                self.n_cards_acc(*n)
            ),
            Op::TakeCard { who, from } => tr!(
                l,
                "{} takes a random card from the hand of {}",
                "{} берёт случайную карту из руки {}",
                self.who(*who),
                self.who(*from)
            ),
            Op::LookAtHand { who, of } => tr!(
                l,
                "{} looks at the hand of {} (by DM)",
                "{} смотрит руку {} (в личных сообщениях)",
                self.who(*who),
                self.who(*of)
            ),
            Op::Flag {
                name,
                span: Some(s),
            } => tr!(
                l,
                "the flag `{}` is set {}",
                "флаг `{}` поднят {}",
                name,
                self.span(*s)
            ),
            // --- diplomatic influence (X-INF-ROLL)
            Op::ResolveStatus { target } => tr!(
                l,
                "the diplomatic status of {} is resolved (one die plus influence each, once per turn)",
                "определяется дипломатический статус державы {} (кубик плюс влияние у каждого, раз за ход)",
                self.courted(*target)
            ),
            Op::Flag { name, span: None } => {
                tr!(l, "the flag `{}` is cleared", "флаг `{}` снят", name)
            }
            Op::Unrest {
                who,
                on: true,
                filter,
            } => tr!(
                l,
                "{} places unrest on {}",
                "{} ставит беспорядки: {}",
                self.who(*who),
                self.filter(filter)
            ),
            Op::Unrest {
                who,
                on: false,
                filter,
            } => tr!(
                l,
                "{} removes unrest from {}",
                "{} снимает беспорядки: {}",
                self.who(*who),
                self.filter(filter)
            ),
            Op::Control { who, filter } => tr!(
                l,
                "{} takes political control of {}",
                "{} берёт под контроль {}",
                self.who(*who),
                self.filter(filter)
            ),
            Op::Units {
                who,
                kind,
                n,
                filter,
            } => tr!(
                l,
                "{} adds {} in {}",
                "{} добавляет {}: {}",
                self.who(*who),
                self.units(&kind_units(*kind, *n)),
                self.filter(filter)
            ),
            Op::Remove { who, of, n, filter } => tr!(
                l,
                "{} picks {}; {} removes {} of its land units there",
                "{} выбирает {}; {} снимает там своих сухопутных отрядов: {}",
                self.who(*who),
                self.filter(filter),
                self.who(*of),
                n
            ),
            Op::Convert {
                who,
                modifier,
                filter,
            } => tr!(
                l,
                "{} makes a conversion attempt ({:+}) in {}",
                "{} делает попытку обращения ({:+}): {}",
                self.who(*who),
                modifier,
                self.filter(filter)
            ),
            Op::War { who, on } => tr!(
                l,
                "{} declares war on {}",
                "{} объявляет войну {}",
                self.who(*who),
                self.who(*on)
            ),
            Op::Peace { who, with } => tr!(
                l,
                "{} makes peace with {}",
                "{} заключает мир с {}",
                self.who(*who),
                self.who(*with)
            ),
            Op::Cp { n } => tr!(
                l,
                "then the card's player spends {} CP",
                "затем сыгравший тратит {} ОД",
                n
            ),
            Op::Dice { side, n } => tr!(
                l,
                "{} rolls {:+} dice in this battle",
                "{}: {:+} кубиков в этом бою",
                self.side(*side),
                n
            ),
            Op::Hits { side, n } => tr!(
                l,
                "{} scores {:+} hits in this battle",
                "{}: {:+} попаданий в этом бою",
                self.side(*side),
                n
            ),
            Op::CancelInterception => l
                .pick("the move cannot be intercepted", "ход нельзя перехватить")
                .into(),
            Op::CancelEvent => l
                .pick(
                    "the answered event is cancelled",
                    "событие, на которое ответили, отменено",
                )
                .into(),
            Op::Manual { what, ru } => tr!(
                l,
                "apply with adjust: {}",
                "применить через adjust: {}",
                l.pick(what, ru)
            ),
            // --- card effects (issue 25, second part)
            Op::DiscardChosen { who, n } => tr!(
                l,
                "{} discards {} of its choice",
                "{} сбрасывает по своему выбору {}",
                self.who(*who),
                self.n_cards_acc(*n)
            ),
            Op::ReturnCard { who } => tr!(
                l,
                "{} takes a card of its choice from the discard pile into its hand",
                "{} берёт в руку карту по выбору из сброса",
                self.who(*who)
            ),
            Op::RemoveCard { this: true, .. } => l
                .pick(
                    "this card is removed from the game",
                    "эта карта удаляется из игры",
                )
                .into(),
            Op::RemoveCard { who, this: false } => tr!(
                l,
                "{} removes a card of its choice in the discard pile from the game",
                "{} удаляет из игры карту по выбору из сброса",
                self.who(*who)
            ),
            Op::PlayCp => l
                .pick(
                    "the card's player plays another card of its hand for its CP after the event",
                    "сыгравший разыгрывает ещё одну карту с руки ради её ОД после события",
                )
                .into(),
            Op::Religion {
                who,
                religion,
                filter,
            } => tr!(
                l,
                "{} makes {} {}",
                "{} делает {} {}",
                self.who(*who),
                self.filter(filter),
                self.religion_adj(*religion)
            ),
            Op::Fortress {
                who,
                build: true,
                filter,
            } => tr!(
                l,
                "{} builds a fortress on {}",
                "{} строит крепость: {}",
                self.who(*who),
                self.filter(filter)
            ),
            Op::Fortress {
                who,
                build: false,
                filter,
            } => tr!(
                l,
                "{} razes a built fortress on {}",
                "{} сносит построенную крепость: {}",
                self.who(*who),
                self.filter(filter)
            ),
            Op::LastingVp { who, n } => tr!(
                l,
                "{} gains a lasting bonus of {} VP (listed in the status)",
                "{} получает постоянный бонус {} ПО (виден в статусе)",
                self.who(*who),
                n
            ),
            Op::Treasure { who, n } => tr!(
                l,
                "{} gains treasures at random from the pool: {} (the faces by DM)",
                "{} получает наугад из запаса сокровищ: {} (какие — в личных сообщениях)",
                self.who(*who),
                n
            ),
            Op::ForbidWar { who, on, span } => tr!(
                l,
                "{} and {} may not declare war on each other {}",
                "{} и {} не могут объявлять друг другу войну {}",
                self.who(*who),
                self.who(*on),
                self.span(*span)
            ),
            Op::CancelAvoidance => l
                .pick(
                    "the move's enemies may not avoid battle",
                    "противники хода не могут уклониться от боя",
                )
                .into(),
            Op::Spy { who, on, effect } => tr!(
                l,
                "{} makes an espionage attempt ({}) against {}, without CP",
                "{} предпринимает шпионаж ({}) против {}, без ОД",
                self.who(*who),
                effect.id(),
                self.who(*on)
            ),
            Op::PlaceLeader {
                who,
                leader,
                filter,
            } => tr!(
                l,
                "{} places {} on {}",
                "{} ставит {}: {}",
                self.who(*who),
                self.leader(leader),
                self.filter(filter)
            ),
            Op::Leader { leader, fate } => match fate {
                LeaderFate::OffMap => tr!(
                    l,
                    "{} leaves the map (it may come back by the rules)",
                    "{} уходит с карты (может вернуться по правилам)",
                    self.leader(leader)
                ),
                LeaderFate::Killed => tr!(
                    l,
                    "{} is killed (out of the game)",
                    "{} погибает (выбывает из игры)",
                    self.leader(leader)
                ),
                LeaderFate::Captured(by) => tr!(
                    l,
                    "{} is captured by {}",
                    "{} попадает в плен: {}",
                    self.leader(leader),
                    self.who(*by)
                ),
            },
            Op::Ruler {
                who,
                admin,
                cards,
                span,
            } => tr!(
                l,
                "the ruler of {}: administrative rating {:+}, card bonus {:+} {}",
                "правитель {}: административный рейтинг {:+}, бонус карт {:+} {}",
                self.who(*who),
                admin,
                cards,
                self.span(*span)
            ),
            Op::Rating { side, n } => tr!(
                l,
                "the best army leader of {} rates {:+} in this battle or assault",
                "лучший армейский лидер стороны «{}»: {:+} к рейтингу в этом бою или штурме",
                self.side(*side),
                n
            ),
            Op::Move {
                no_interception,
                no_avoidance,
            } => {
                let mut w = l
                    .pick(
                        "the card's player may move one formation one space without CP",
                        "сыгравший может передвинуть одно формирование на одно пространство без ОД",
                    )
                    .to_string();
                if *no_interception {
                    w.push_str(l.pick(
                        "; it cannot be intercepted",
                        "; его нельзя перехватить",
                    ));
                }
                if *no_avoidance {
                    w.push_str(l.pick(
                        "; its enemies may not avoid battle",
                        "; противник не может уклониться от боя",
                    ));
                }
                w
            }
            Op::Choose { who, options } => {
                let list: Vec<String> = options
                    .iter()
                    .enumerate()
                    .map(|(i, (t, to))| {
                        tr!(l, "{}) {} (step {})", "{}) {} (шаг {})", i + 1, t, to + 1)
                    })
                    .collect();
                tr!(
                    l,
                    "{} chooses: {}",
                    "{} выбирает: {}",
                    self.who(*who),
                    list.join("; ")
                )
            }
            Op::Unless { cond, to } => tr!(
                l,
                "if {}, go on; otherwise go to step {}",
                "если {}, дальше; иначе к шагу {}",
                self.cond(cond),
                to + 1
            ),
            Op::Jump { to } => tr!(l, "go to step {}", "к шагу {}", to + 1),
        }
    }

    // --- card effects
    /// The lasting VP bonuses of a power by card (`vp N lasting`), after its VP row; empty
    /// when there are none.
    pub fn lasting_vp_words(&self, list: &[(u16, i32)]) -> String {
        if list.is_empty() {
            return String::new();
        }
        let parts: Vec<String> = list
            .iter()
            .map(|(c, n)| format!("{} {:+}", self.card(*c), n))
            .collect();
        tr!(
            self.loc,
            "; lasting bonus (in the bonus): {}",
            "; постоянный бонус (входит в бонус): {}",
            parts.join(", ")
        )
    }

    /// A written effect as numbered steps.
    pub fn effect_words(&self, e: &Effect) -> String {
        let mut out = String::new();
        for (i, op) in e.ops.iter().enumerate() {
            out.push_str(&format!("\n{}. {}", i + 1, self.effect_op(op)));
        }
        let end = e.ops.len() + 1;
        out.push_str(&tr!(self.loc, "\n{}. end.", "\n{}. конец.", end));
        out
    }

    /// How the card's event is resolved, for `card N`.
    pub fn card_event_words(&self, c: &Card) -> String {
        let l = self.loc;
        match registry::resolution(c) {
            Resolution::Automated(a) => tr!(
                l,
                "\nEvent: automated (`{}`).",
                "\nСобытие: автоматизировано (`{}`).",
                a.key
            ),
            Resolution::Effect(e) => tr!(
                l,
                "\nEvent ({}.effect; wording from: {}):{}",
                "\nСобытие ({}.effect; формулировка: {}):{}",
                e.key,
                self.source(e.text_source),
                self.effect_words(e)
            ),
            Resolution::Manual => l
                .pick(
                    "\nEvent: not automated — apply it with adjust.",
                    "\nСобытие: не автоматизировано — применяйте через adjust.",
                )
                .into(),
        }
    }

    /// What a card's running effect did.
    pub fn effect_event(&self, card: u16, what: &EffectEvent) -> String {
        let l = self.loc;
        let c = self.card(card);
        let body = match what {
            EffectEvent::Vp { power, n } => tr!(
                l,
                "{} gains {} VP",
                "{} получает {} ПО",
                self.power(*power),
                n
            ),
            EffectEvent::Drew { power, n } => tr!(
                l,
                "{} draws {}",
                "{} тянет {}",
                self.power(*power),
                self.n_cards_acc(*n)
            ),
            EffectEvent::DrewFaces { cards, .. } => {
                let list: Vec<String> = cards.iter().map(|x| self.card_in_hand(*x)).collect();
                tr!(l, "you drew {}", "вы вытянули: {}", list.join(", "))
            }
            EffectEvent::Discarded { power, cards } => {
                let list: Vec<String> = cards.iter().map(|x| self.card(*x)).collect();
                tr!(
                    l,
                    "{} discards at random: {}",
                    "{} сбрасывает наугад: {}",
                    self.power(*power),
                    list.join(", ")
                )
            }
            EffectEvent::Took { power, from } => tr!(
                l,
                "{} takes a random card from {}",
                "{} берёт случайную карту у {}",
                self.power(*power),
                self.power(*from)
            ),
            EffectEvent::TookFace { power, from, card } => tr!(
                l,
                "the card {} took from {} is {}",
                "карта, которую {} взяла у {}, — {}",
                self.power(*power),
                self.power(*from),
                self.card_in_hand(*card)
            ),
            EffectEvent::Looked { power, of, count } => tr!(
                l,
                "{} looks at the hand of {} ({} cards)",
                "{} смотрит руку {} (карт: {})",
                self.power(*power),
                self.power(*of),
                count
            ),
            EffectEvent::SawHand { of, cards } => {
                let list: Vec<String> = cards.iter().map(|x| self.card_in_hand(*x)).collect();
                let list = if list.is_empty() {
                    l.pick("no cards", "карт нет").to_string()
                } else {
                    list.join(", ")
                };
                tr!(
                    l,
                    "the hand of {}: {}",
                    "рука {}: {}",
                    self.power(*of),
                    list
                )
            }
            EffectEvent::Flag {
                name,
                span: Some(s),
            } => tr!(
                l,
                "the flag `{}` is set {}",
                "флаг `{}` поднят {}",
                name,
                self.span(*s)
            ),
            EffectEvent::Flag { name, span: None } => {
                tr!(l, "the flag `{}` is cleared", "флаг `{}` снят", name)
            }
            EffectEvent::Calmed { space } => tr!(
                l,
                "unrest is removed from {}",
                "беспорядки сняты: {}",
                self.space(*space)
            ),
            EffectEvent::Control { space, power } => tr!(
                l,
                "{} takes political control of {}",
                "{} берёт под контроль {}",
                self.power(*power),
                self.space(*space)
            ),
            EffectEvent::Added {
                power,
                space,
                kind,
                n,
            } => tr!(
                l,
                "{} adds {} in {}",
                "{} добавляет {}: {}",
                self.power(*power),
                self.units(&kind_units(*kind, *n)),
                self.space(*space)
            ),
            EffectEvent::Removed {
                power,
                space,
                units,
            } => tr!(
                l,
                "{} removes {} in {}",
                "{} снимает {}: {}",
                self.power(*power),
                self.units(units),
                self.space(*space)
            ),
            EffectEvent::Peace { a, b } => tr!(
                l,
                "{} and {} are at peace",
                "{} и {} заключают мир",
                self.power(*a),
                self.power(*b)
            ),
            EffectEvent::Cp { power, n } => tr!(
                l,
                "{} will spend {} CP after the event",
                "{} потратит {} ОД после события",
                self.power(*power),
                n
            ),
            EffectEvent::Dice { power, n } => tr!(
                l,
                "{}: {:+} dice in this battle",
                "{}: {:+} кубиков в этом бою",
                self.power(*power),
                n
            ),
            EffectEvent::Hits { power, n } => tr!(
                l,
                "{}: {:+} hits in this battle",
                "{}: {:+} попаданий в этом бою",
                self.power(*power),
                n
            ),
            EffectEvent::NoInterception => l
                .pick(
                    "this move cannot be intercepted",
                    "этот ход нельзя перехватить",
                )
                .into(),
            EffectEvent::EventCancelled { card } => tr!(
                l,
                "the event of {} is cancelled",
                "событие {} отменено",
                self.card(*card)
            ),
            EffectEvent::Manual { what, ru } => tr!(
                l,
                "the players apply with {}: {}",
                "игроки применяют через {}: {}",
                self.command("adjust", &[]),
                l.pick(what, ru)
            ),
            EffectEvent::NothingPossible { primitive } => tr!(
                l,
                "`{}` finds nothing it can act on and is skipped",
                "`{}` не на что применить — пропущено",
                primitive
            ),
            EffectEvent::Chose { power, label } => tr!(
                l,
                "{} chooses «{}»",
                "{} выбирает «{}»",
                self.power(*power),
                label
            ),
            // --- card effects (issue 25, second part)
            EffectEvent::HandChoices { purpose, cards, .. } => {
                let list: Vec<String> = cards
                    .iter()
                    .enumerate()
                    .map(|(i, x)| format!("{} = {}", i + 1, self.card_in_hand(*x)))
                    .collect();
                let what = match purpose {
                    HandUse::Discard => l.pick("to discard", "для сброса"),
                    HandUse::Cp => l.pick("to play for its CP", "чтобы разыграть ради ОД"),
                };
                tr!(
                    l,
                    "pick a card of your hand {} with {}: {}",
                    "выберите карту с руки {} командой {}: {}",
                    what,
                    self.command("choose", &["option"]),
                    list.join(", ")
                )
            }
            EffectEvent::DiscardedChosen { power, card } => tr!(
                l,
                "{} discards {}",
                "{} сбрасывает {}",
                self.power(*power),
                self.card(*card)
            ),
            EffectEvent::Returned { power, card } => tr!(
                l,
                "{} takes {} from the discard pile into its hand",
                "{} берёт в руку из сброса {}",
                self.power(*power),
                self.card(*card)
            ),
            EffectEvent::CardRemoved { card } => tr!(
                l,
                "{} is removed from the game",
                "{} удалена из игры",
                self.card(*card)
            ),
            EffectEvent::PlayedForCp { power, card, cp } => tr!(
                l,
                "{} plays {} for {} CP, spent after the event",
                "{} разыгрывает {} ради {} ОД — после события",
                self.power(*power),
                self.card(*card),
                cp
            ),
            EffectEvent::Religion { space, religion } => tr!(
                l,
                "{} becomes {}",
                "{} становится {}",
                self.space(*space),
                self.religion_adj(*religion)
            ),
            EffectEvent::Razed { space } => tr!(
                l,
                "the fortress in {} is razed",
                "крепость снесена: {}",
                self.space(*space)
            ),
            EffectEvent::LastingVp { power, n } => tr!(
                l,
                "{} gains a lasting bonus of {} VP",
                "{} получает постоянный бонус {} ПО",
                self.power(*power),
                n
            ),
            EffectEvent::Treasures { power, n } => tr!(
                l,
                "{} gains treasures from the pool: {} (the faces by DM)",
                "{} получает из запаса сокровищ: {} (какие — в личных сообщениях)",
                self.power(*power),
                n
            ),
            EffectEvent::WarForbidden { a, b, span } => tr!(
                l,
                "{} and {} may not declare war on each other {}",
                "{} и {} не могут объявлять друг другу войну {}",
                self.power(*a),
                self.power(*b),
                self.span(*span)
            ),
            EffectEvent::Rating { power, n } => tr!(
                l,
                "the best leader of {} rates {:+} in this battle ({:+} dice)",
                "лучший лидер {}: {:+} к рейтингу в этом бою ({:+} кубиков)",
                self.power(*power),
                n,
                n
            ),
            EffectEvent::MoveDeclined { power } => {
                tr!(l, "{} does not move", "{} не двигается", self.power(*power))
            }
            EffectEvent::LeaderPlaced { leader, space } => tr!(
                l,
                "{} is placed in {}",
                "{} выставлен: {}",
                self.leader(leader),
                self.space(*space)
            ),
            EffectEvent::LeaderGone { leader, fate, by } => match (fate, by) {
                (LeaderFate::Killed, _) => tr!(
                    l,
                    "{} is killed and leaves the game",
                    "{} погибает и выбывает из игры",
                    self.leader(leader)
                ),
                (LeaderFate::Captured(_), Some(b)) => tr!(
                    l,
                    "{} is captured by {}",
                    "{} попадает в плен: {}",
                    self.leader(leader),
                    self.power(*b)
                ),
                _ => tr!(
                    l,
                    "{} leaves the map",
                    "{} уходит с карты",
                    self.leader(leader)
                ),
            },
            EffectEvent::RulerChanged {
                power,
                admin,
                cards,
                span,
            } => tr!(
                l,
                "the ruler of {}: administrative rating {:+}, card bonus {:+} {}",
                "правитель {}: административный рейтинг {:+}, бонус карт {:+} {}",
                self.power(*power),
                admin,
                cards,
                self.span(*span)
            ),
            EffectEvent::NoAvoidance => l
                .pick(
                    "no enemy may avoid battle with this move",
                    "никто не может уклониться от боя с этим ходом",
                )
                .into(),
        };
        format!("{c}: {body}.")
    }

    /// What a card's effect asks, in brackets after "Next: …".
    pub fn effect_question(&self, card: u16, ask: &Ask) -> String {
        let l = self.loc;
        let c = self.card(card);
        let choose = self.command("choose", &["option"]);
        match ask {
            Ask::Option { labels, .. } => {
                let list: Vec<String> = labels.iter().enumerate().map(|(i, t)| format!("{} = {t}", i + 1)).collect();
                tr!(l, "({}: {}; answer {})", "({}: {}; ответ {})", c, list.join(", "), choose)
            }
            Ask::Space { spaces } => {
                let list: Vec<String> = spaces.iter().enumerate().map(|(i, s)| format!("{} = {}", i + 1, self.space(*s))).collect();
                tr!(l, "({}: which space — {}; answer {} or {})", "({}: какое пространство — {}; ответ {} или {})", c, list.join(", "), choose, self.command("choose", &["space"]))
            }
            Ask::Remove { space, n } => tr!(l, "({}: remove {} of your land units in {}; answer {})", "({}: снимите {} своих сухопутных отряда в {}; ответ {})", c, n, self.space(*space), self.command("casualties", &["units"])),
            // --- card effects: the faces are listed to the owner alone, by DM
            Ask::HandCard { purpose: HandUse::Discard, n } => tr!(l, "({}: discard a card of your choice ({} left); the cards are listed to you by DM; answer {})", "({}: сбросьте карту по выбору (осталось {}); карты перечислены вам в личных сообщениях; ответ {})", c, n, choose),
            Ask::HandCard { purpose: HandUse::Cp, .. } => tr!(l, "({}: play a card of your hand for its CP; the cards are listed to you by DM; answer {})", "({}: разыграйте карту с руки ради её ОД; карты перечислены вам в личных сообщениях; ответ {})", c, choose),
            Ask::Move { .. } => tr!(l, "({}: you may move one formation one space without CP; answer {} or {})", "({}: можно передвинуть одно формирование на одно пространство без ОД; ответ {} или {})", c, self.command("move", &["from", "to", "units"]), self.command("forgo", &[])),
            Ask::Pile { cards, remove } => {
                let list: Vec<String> = cards.iter().enumerate().map(|(i, x)| format!("{} = {}", i + 1, self.card(*x))).collect();
                let what = if *remove { l.pick("to remove from the game", "для удаления из игры") } else { l.pick("to take into your hand", "в руку") };
                tr!(l, "({}: a card of the discard pile {} — {}; answer {})", "({}: карта из сброса {} — {}; ответ {})", c, what, list.join(", "), choose)
            }
            Ask::Six { .. } => tr!(l, "({}: a natural 6 — {} 1 keeps it and places unrest, 2 counts it as a 5)", "({}: выпала шестёрка — {} 1 оставить её и поставить беспорядки, 2 счесть пятёркой)", c, choose),
        }
    }
}

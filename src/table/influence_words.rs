//! Diplomatic influence and inactive majors in words (English and Russian): announcements,
//! refusals, the `status` panel and the hand DM's line (X-INF-*, X-INACTIVE). A child of
//! `messages` (it uses its `tr!`).

use super::{Locale, Texts};
use crate::engine::inactive::RuleAnswer;
use crate::engine::influence::{Courted, InfluenceEvent, InfluenceRefusal};
use crate::engine::{Game, Power};

impl Texts<'_> {
    /// A courted power's name.
    pub fn courted(&self, c: Courted) -> String {
        self.owner(c.owner())
    }

    fn courted_list(&self, v: &[Courted]) -> String {
        if v.is_empty() {
            return self.loc.pick("none", "нет").to_string();
        }
        v.iter()
            .map(|c| format!("{} (`{}`)", self.courted(*c), c.as_str()))
            .collect::<Vec<_>>()
            .join(", ")
    }

    fn holder_words(&self, h: Option<Power>) -> String {
        match h {
            Some(p) => self.power(p),
            None => self.loc.pick("nobody", "никто").to_string(),
        }
    }

    /// An influence announcement.
    pub fn influence_event(&self, e: &InfluenceEvent) -> String {
        let l = self.loc;
        match e {
            InfluenceEvent::Bought {
                power,
                target,
                steps,
                now,
                cp,
            } => tr!(
                l,
                "{} buys {} step(s) of influence on {} for {} CP: now {} (X-INF-BUY).",
                "{}: куплено шагов влияния ({}) на державу {} за {} ОД; теперь {} (X-INF-BUY).",
                self.power(*power),
                steps,
                self.courted(*target),
                cp,
                now
            ),
            InfluenceEvent::Resolved {
                target,
                rolls,
                winner,
                holder,
                rerolls,
            } => {
                let dice: Vec<String> = rolls
                    .iter()
                    .map(|r| {
                        format!(
                            "{} {}+{}={}",
                            self.power(r.power),
                            r.die,
                            r.influence,
                            r.die + r.influence
                        )
                    })
                    .collect();
                let dice = if dice.is_empty() {
                    l.pick("nobody has influence", "влияния ни у кого нет")
                        .to_string()
                } else {
                    dice.join(", ")
                };
                let again = if *rerolls > 0 {
                    tr!(l, " (tie rerolled {} time(s))", " (ничья переброшена: {})", rerolls)
                } else {
                    String::new()
                };
                match winner {
                    Some(w) => tr!(
                        l,
                        "Diplomatic status of {} resolved (X-INF-ROLL): {}{}. {} wins and holds it until its next resolution.",
                        "Дипломатический статус державы {} определён (X-INF-ROLL): {}{}. Побеждает {}; держит её до следующего определения.",
                        self.courted(*target),
                        dice,
                        again,
                        self.power(*w)
                    ),
                    None => tr!(
                        l,
                        "Diplomatic status of {} resolved (X-INF-ROLL): {}{}. No winner; it is held by: {}.",
                        "Дипломатический статус державы {} определён (X-INF-ROLL): {}{}. Победителя нет; держит её: {}.",
                        self.courted(*target),
                        dice,
                        again,
                        self.holder_words(*holder)
                    ),
                }
            }
            InfluenceEvent::AlreadyResolved { target } => tr!(
                l,
                "The diplomatic status of {} was already resolved this turn: nothing happens (X-INF-RESOLVE).",
                "Дипломатический статус державы {} в этот ход уже определён: ничего не происходит (X-INF-RESOLVE).",
                self.courted(*target)
            ),
            InfluenceEvent::Inactive { powers } => tr!(
                l,
                "Inactive majors in this game (no player; courted by influence, X-INACTIVE): {}.",
                "Неактивные великие державы в этой игре (без игрока; за них борются влиянием, X-INACTIVE): {}.",
                powers
                    .iter()
                    .map(|p| self.power(*p))
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
            InfluenceEvent::Placed {
                power,
                target,
                steps,
            } => tr!(
                l,
                "Starting influence: {} has {} on {} (X-INACTIVE-SETUP, placeholder).",
                "Начальное влияние: у державы {} — {} на державу {} (X-INACTIVE-SETUP, заглушка).",
                self.power(*power),
                steps,
                self.courted(*target)
            ),
            InfluenceEvent::Answered { power, answer } => {
                let what = self.rule_answer(answer);
                tr!(
                    l,
                    "{} has no player: {} (X-INACTIVE-ANSWERS, the neutral default).",
                    "У державы {} нет игрока: {} (X-INACTIVE-ANSWERS, нейтральное правило).",
                    self.power(*power),
                    what
                )
            }
        }
    }

    /// What the fixed rule decided for an inactive major nobody plays (X-INACTIVE-ANSWERS).
    fn rule_answer(&self, a: &RuleAnswer) -> String {
        let l = self.loc;
        let nowhere = || {
            l.pick("nowhere: eliminated", "некуда — уничтожены")
                .to_string()
        };
        match a {
            RuleAnswer::Casualties { space } => tr!(
                l,
                "its losses {} are taken mercenaries first, then cavalry, then regulars",
                "её потери {} — сначала наёмники, потом конница, потом регуляры",
                self.space_in(*space)
            ),
            RuleAnswer::Retreat { space, to } => tr!(
                l,
                "its units beaten in {} retreat to the first legal space in the map's order ({})",
                "её разбитые войска {} отступают в первое по порядку карты допустимое пространство ({})",
                self.space_in(*space),
                to.map_or_else(nowhere, |t| self.space(t))
            ),
            RuleAnswer::Withdraw { space } => tr!(
                l,
                "its defenders (four units or fewer) withdraw into the fortifications {}",
                "её защитники (не больше четырёх) уходят за стены {}",
                self.space_in(*space)
            ),
            RuleAnswer::NavalCasualties { place } => tr!(
                l,
                "its ships lost {} are corsairs before squadrons",
                "её потери на море {} — сначала корсары, потом эскадры",
                self.place_name_in(place)
            ),
            RuleAnswer::NavalRetreat { place, to } => tr!(
                l,
                "its fleet beaten {} retreats to the first legal place in the data's order ({})",
                "её разбитый флот {} отступает в первое по порядку данных допустимое место ({})",
                self.place_name_in(place),
                self.place_id(to)
            ),
            RuleAnswer::WinterQuarters { from, to } => tr!(
                l,
                "its units {} winter in the first of the equally near quarters in the map's order ({})",
                "её войска {} зимуют в первом по порядку карты из равно близких мест ({})",
                self.space_in(*from),
                to.map_or_else(nowhere, |t| self.space(t))
            ),
            RuleAnswer::AttritionCapital { space, to } => tr!(
                l,
                "the survivors of its units {} with no way to winter quarters go to its first capital ({})",
                "уцелевшие из её войск {}, которым некуда уйти на зимовку, уходят в первую столицу ({})",
                self.space_in(*space),
                self.space(*to)
            ),
            RuleAnswer::WinterExcess { space, to } => tr!(
                l,
                "its excess units {} go to its first capital, mercenaries first ({})",
                "её лишние войска {} уходят в первую столицу, сначала наёмники ({})",
                self.space_in(*space),
                self.space(*to)
            ),
            RuleAnswer::WinterPort { zone, to } => tr!(
                l,
                "its fleet {} winters in the first of the equally near ports in the data's order ({})",
                "её флот {} зимует в первом по порядку данных из равно близких портов ({})",
                self.place_name_in(zone),
                self.space(*to)
            ),
        }
    }

    /// Why influence was refused, with what is allowed.
    pub fn influence_refusal(&self, r: &InfluenceRefusal) -> String {
        let l = self.loc;
        match r {
            InfluenceRefusal::NoTrack { target, allowed } => tr!(
                l,
                "{} has no influence track in this game; influence may go on: {}",
                "у державы {} нет шкалы влияния в этой игре; влияние можно ставить на: {}",
                self.courted(*target),
                self.courted_list(allowed)
            ),
            InfluenceRefusal::ActiveMajor { target, allowed } => tr!(
                l,
                "{} is an active major with a player: nobody buys influence on it; influence may go on: {}",
                "{} — активная великая держава с игроком: влияние на неё не покупают; влияние можно ставить на: {}",
                self.power(*target),
                self.courted_list(allowed)
            ),
            InfluenceRefusal::BeyondTrack {
                power,
                target,
                have,
                asked,
                max,
            } => tr!(
                l,
                "{} steps would take {} past the end of the track on {} ({} now, {} at most); buy at most {}",
                "{} шаг(ов) вывели бы державу {} за конец шкалы на державе {} (сейчас {}, не больше {}); можно купить не больше {}",
                asked,
                self.power(*power),
                self.courted(*target),
                have,
                max,
                max.saturating_sub(*have)
            ),
            InfluenceRefusal::BelowZero { power, target, have } => tr!(
                l,
                "{} has {} step(s) on {}; it cannot go below 0",
                "у державы {} шагов: {} на державе {}; меньше 0 быть не может",
                self.power(*power),
                have,
                self.courted(*target)
            ),
            InfluenceRefusal::ResolvedThisTurn { target, turn } => tr!(
                l,
                "the diplomatic status of {} was resolved this turn ({}); influence on it may be bought again from the next turn",
                "дипломатический статус державы {} уже определён в этот ход ({}); влияние на неё можно покупать со следующего хода",
                self.courted(*target),
                turn
            ),
            InfluenceRefusal::NeedsCp {
                target,
                steps,
                cost,
                cp,
            } => tr!(
                l,
                "{} step(s) on {} cost {} CP and you have {}; buy fewer steps",
                "{} шаг(ов) на державе {} стоят {} ОД, а у вас {}; купите меньше",
                steps,
                self.courted(*target),
                cost,
                cp
            ),
            InfluenceRefusal::NoSteps => l
                .pick(
                    "buy at least one step (`steps:1`)",
                    "купите хотя бы один шаг (`шаги:1`)",
                )
                .to_string(),
            InfluenceRefusal::InactiveBuyer { power } => tr!(
                l,
                "{} is an inactive major: it buys no influence; its controller buys in its own impulse",
                "{} — неактивная великая держава: она влияние не покупает; контролирующая держава покупает в свой импульс",
                self.power(*power)
            ),
            InfluenceRefusal::NotInactive { target, inactive } => tr!(
                l,
                "{} is not an inactive major of this game; inactive: {}",
                "{} — не неактивная великая держава этой игры; неактивные: {}",
                self.power(*target),
                if inactive.is_empty() {
                    l.pick("none", "нет").to_string()
                } else {
                    inactive
                        .iter()
                        .map(|p| self.power(*p))
                        .collect::<Vec<_>>()
                        .join(", ")
                }
            ),
        }
    }

    /// The `status` panel: per courted power, each major's steps, who holds it, and whether its
    /// status was resolved this turn. Empty when nothing is courted.
    pub fn influence_panel(&self, g: &Game) -> String {
        let l = self.loc;
        let mut lines = Vec::new();
        for c in g.courted(self.rs) {
            let steps: Vec<String> = g
                .powers
                .iter()
                .filter(|p| g.influence_of(c, *p) > 0)
                .map(|p| format!("{} {}", self.power(p), g.influence_of(c, p)))
                .collect();
            let steps = if steps.is_empty() {
                "—".to_string()
            } else {
                steps.join(", ")
            };
            let resolved = if g.status_resolved(c) {
                l.pick(", resolved this turn", ", статус определён в этот ход")
            } else {
                ""
            };
            lines.push(tr!(
                l,
                "  {} (track {}): {}; held by {}{}",
                "  {} (шкала {}): {}; держит: {}{}",
                self.courted(c),
                self.rs.influence.track(c),
                steps,
                self.holder_words(g.holder_of(c)),
                resolved
            ));
        }
        if lines.is_empty() {
            return String::new();
        }
        let head = l
            .pick(
                "Diplomatic influence (X-INF-*; `influence target:<power> steps:N` in your impulse):",
                "Дипломатическое влияние (X-INF-*; `влияние цель:<держава> шаги:N` в свой импульс):",
            )
            .to_string();
        format!("{head}\n{}", lines.join("\n"))
    }

    /// The hand DM's line: the steps `p` may still buy on each track and their price.
    pub fn influence_hand_line(&self, g: &Game, p: Power) -> String {
        if !g.powers.contains(p) {
            return String::new();
        }
        let parts: Vec<String> = g
            .courted(self.rs)
            .into_iter()
            .filter(|c| !g.status_resolved(*c))
            .filter_map(|c| {
                let room = self
                    .rs
                    .influence
                    .track(c)
                    .saturating_sub(g.influence_of(c, p));
                (room > 0).then(|| {
                    tr!(
                        self.loc,
                        "{} {} at {} CP",
                        "{} {} по {} ОД",
                        self.courted(c),
                        room,
                        self.rs.influence.cost(c)
                    )
                })
            })
            .collect();
        if parts.is_empty() {
            return String::new();
        }
        tr!(
            self.loc,
            "Influence you may buy with CP (steps left on each track): {}",
            "Влияние, которое можно купить за ОД (шагов до конца шкалы): {}",
            parts.join(", ")
        )
    }

    /// The map panel's lines: a heading, then per courted power its holder and each power's
    /// steps (short). Empty when no power has influence and none is held.
    pub fn influence_map_lines(&self, g: &Game) -> Vec<String> {
        let mut out = Vec::new();
        for c in g.courted(self.rs) {
            let steps: Vec<String> = g
                .powers
                .iter()
                .filter(|p| g.influence_of(c, *p) > 0)
                .map(|p| format!("{} {}", self.power(p), g.influence_of(c, p)))
                .collect();
            let holder = g.holder_of(c);
            // Only what influence made: a minor allied by the scenario alone is in the legend's
            // allies already (the map of a game without influence stays as it was).
            let courted_major = matches!(c, Courted::Major(_)) && holder.is_some();
            if steps.is_empty() && !courted_major {
                continue;
            }
            out.push(format!(
                "{} → {} ({})",
                self.courted(c),
                self.holder_words(holder),
                if steps.is_empty() {
                    "—".to_string()
                } else {
                    steps.join(", ")
                }
            ));
        }
        if out.is_empty() {
            return out;
        }
        out.insert(
            0,
            self.loc
                .pick("Influence — held by (steps)", "Влияние — у кого (шаги)")
                .to_string(),
        );
        out
    }
}

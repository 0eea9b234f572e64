//! Manual fixes (`adjust`) in words: what each adjustment changed.

#[allow(unused_imports)]
use super::*;

impl Texts<'_> {
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
}

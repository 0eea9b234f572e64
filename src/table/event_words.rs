//! What happened, in words: every engine event and how a game ended.

#[allow(unused_imports)]
use super::*;

impl Texts<'_> {
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
                "Империя сделала тайный выбор. Обязательство SHA-256(выбор|соль) = `{}`.",
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
    pub(super) fn card_place(&self, p: &CardPlace) -> String {
        let l = self.loc;
        match p {
            CardPlace::Hand(p) => tr!(l, "{}'s hand", "рука державы {}", self.power(*p)),
            CardPlace::Discard => l.pick("the discard pile", "сброс").into(),
            CardPlace::Deck => l.pick("the deck", "колода").into(),
            CardPlace::Removed => l.pick("out of the game", "вне игры").into(),
        }
    }
}

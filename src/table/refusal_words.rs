//! The engine's refusals in words, each with its rule.

#[allow(unused_imports)]
use super::*;

impl Texts<'_> {
    /// A rules refusal in this locale, ending with the rule ID it enforces, if any.
    pub fn refusal(&self, r: &Refusal) -> String {
        let text = self.refusal_text(r);
        match r.rule() {
            Some(id) => format!("{text} ({id})"),
            None => text,
        }
    }

    pub(super) fn refusal_text(&self, r: &Refusal) -> String {
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
}

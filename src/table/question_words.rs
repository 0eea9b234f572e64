//! The questions a player is asked, and who acts next, in words.

#[allow(unused_imports)]
use super::*;

impl Texts<'_> {
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
            Decision::AttritionCapital => tr!(
                l,
                "choose which capital the survivors of winter attrition go to ({})",
                "выбрать, в какую столицу уходят уцелевшие после зимних потерь ({})",
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
            Step::WinterPort(crate::engine::naval::WinterPort { zone, to, .. }) => Some(tr!(
                l,
                "(the fleet in {}: {})",
                "(флот в {}: {})",
                self.place_id(zone),
                self.list(to.iter().map(|x| self.place_id(x)).collect())
            )),
            Step::PiracyReward(crate::engine::piracy::PiracyPayment { zone, hits, .. }) => {
                Some(tr!(
                    l,
                    "(piracy in {}: {} to pay)",
                    "(пиратство {}: к оплате {})",
                    self.place_name_in(zone),
                    self.n_hits(*hits)
                ))
            }
            // --- card effects: what the card asks
            Step::EffectAsk(crate::engine::cards::run::EffectAsk { card, ask, .. }) => {
                Some(self.effect_question(*card, ask))
            }
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

    /// The label of the button that declines `d` ("Do not intercept").
    pub fn forgo_button(&self, d: Decision) -> String {
        let (en, ru) = match d {
            Decision::Intercept | Decision::NavalIntercept => {
                ("Do not intercept", "Не перехватывать")
            }
            Decision::WithdrawInside => ("Fight in the field", "Сражаться в поле"),
            Decision::CombatCard | Decision::ResponseCard | Decision::DiceCard => {
                ("No card", "Без карты")
            }
            Decision::JoinRelief => ("Stay inside", "Остаться за стенами"),
            Decision::AvoidBattle | Decision::NavalAvoid => ("Stand and fight", "Принять бой"),
            Decision::Intervene => ("Do not intervene", "Не вмешиваться"),
            Decision::PeaceRegain => ("Regain nothing more", "Больше ничего не возвращать"),
            _ => ("Decline", "Отказаться"),
        };
        self.loc.pick(en, ru).to_string()
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

    /// A question not asked, and why (C-AVOID, C-WITHDRAW, C-MOVE-SPRING, C-WINTER-REGULAR).
    pub(super) fn skipped(&self, p: Power, q: &Skipped) -> String {
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
}

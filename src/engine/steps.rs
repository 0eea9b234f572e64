//! The decision stack: pending sub-steps above the phase-level [`Stage`](super::game::Stage).
//!
//! A move can open an interception offer, then an avoid-battle offer, a withdrawal choice, a card
//! window, a battle with casualty choices and a retreat — each asked of a different power. Each of
//! those is a [`Step`] on `Game::steps`; the top one is what `awaiting()` returns. *Frames*
//! ([`Step::Entry`], [`Step::Battle`], [`Step::Assault`]) hold the state of a sequence and are
//! never awaited: [`Game::run_steps`] works them until a *decision* is on top or the stack is empty.
//! A decision pops itself when answered and its parent frame resumes, so a battle interrupted by a
//! restart or an undo resumes exactly (everything is in the state JSON). Naval steps can be added
//! as further variants.
//!
//! Standing answers (per power, stored in the state so replays are deterministic) answer routine
//! questions automatically; each use is announced.

use super::action::{Action, CardMode, Units};
use super::board::Force;
use super::error::{RuleError, RuleResult};
use super::event::{Event, EventKind, Side};
use super::game::{Decision, Game, Stage};
use super::power::Power;
use super::question::Question;
use super::refusal::Refusal;
use super::ruleset::{CardKind, Ruleset, SpaceId};
use serde::{Deserialize, Serialize};

/// Where a formation's entry into a space stands (C-INT-*, C-AVOID, C-WITHDRAW order).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EntryPhase {
    /// The response-card window on the announced move (C-CARD-RESPONSE).
    Response,
    /// Interception offers (C-INT-WHO).
    Intercept,
    /// Avoid-battle offers (C-AVOID).
    Avoid,
    /// Withdrawal into fortifications (C-WITHDRAW).
    Withdraw,
    /// Battle, relief or siege follows.
    Contact,
}

/// A formation entered a space; its consequences are being worked out.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Entry {
    /// The moving (active) power.
    pub mover: Power,
    /// Where it came from.
    pub from: SpaceId,
    /// Where it entered.
    pub to: SpaceId,
    /// The moving formation.
    pub units: Units,
    /// Where the entry stands.
    pub phase: EntryPhase,
    /// Powers still to be offered interception or avoidance, in impulse order.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub offer: Vec<Power>,
    /// The power whose interception succeeded.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub intercepted_by: Option<Power>,
    /// The defenders withdrew into the fortifications (C-WITHDRAW).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub withdrawn: bool,
}

/// Where a field battle stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum BattlePhase {
    /// Combat-card window before the dice (C-BATTLE-CARDS).
    Cards,
    /// Dice and hits.
    Roll,
    /// Casualties are taken: ties, capture and the loser's retreat follow.
    Resolve,
    /// The dice are rolled and announced: the window for cards that change rolled dice is over,
    /// hits are taken (C-BATTLE-CARDS, second window).
    Hits,
    /// The retreat is done: siege consequences (C-BATTLE-AFTER, C-RELIEF).
    After,
}

/// A field battle in progress.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Battle {
    /// Where.
    pub space: SpaceId,
    /// The power that moved in (the attacker).
    pub attacker: Power,
    /// Where the attacker came from (a beaten attacker goes back there).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub came_from: Option<SpaceId>,
    /// Where it stands.
    pub phase: BattlePhase,
    /// The attacker relieves a friendly besieged space (C-RELIEF).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub relief: bool,
    /// Besieged units inside the fortifications, out of the battle until it ends.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub held: Vec<Force>,
    /// After the roll: the attacker scored more hits.
    #[serde(default)]
    pub attacker_wins: bool,
    /// Dice rolled by each side (attacker, defender), for C-BATTLE-TIES.
    #[serde(default)]
    pub dice: (u32, u32),
    /// The defender's main owner (for the event and a returned regular).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub defender: Option<super::power::Owner>,
    /// Besieged units that came out to join the relief (C-RELIEF), as they came out.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub joined: Vec<Force>,
    /// Hits scored (attacker, defender), kept between the roll and the second card window.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hits: Option<(u32, u32)>,
    /// Extra dice (attacker, defender) from combat cards' effects.
    #[serde(default, skip_serializing_if = "is_zero_pair")]
    pub bonus_dice: (i8, i8),
    /// Extra hits (attacker, defender) from combat cards' effects, added at the roll.
    #[serde(default, skip_serializing_if = "is_zero_pair")]
    pub bonus_hits: (i8, i8),
}

fn is_zero_pair(p: &(i8, i8)) -> bool {
    *p == (0, 0)
}

/// Where a foreign-war fight stands (R-FW-FIGHT).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum WarFightPhase {
    /// Combat-card window, as before any field battle (C-BATTLE-CARDS).
    Cards,
    /// Dice and hits; the owner's casualties (C-BATTLE-HITS).
    Roll,
    /// Casualties taken: the war ends if the foreign army is destroyed.
    Resolve,
}

/// A foreign-war fight in progress (R-FW-FIGHT): an ordinary field battle on the card, with no
/// defender bonus die and no retreat.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct WarFight {
    /// The struck power, fighting.
    pub power: Power,
    /// The war's card.
    pub card: u16,
    /// Where it stands.
    pub phase: WarFightPhase,
    /// The space the card window names (the power's capital or return key).
    pub space: SpaceId,
}

/// Where an assault stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum AssaultPhase {
    /// Combat-card window.
    Cards,
    /// Dice and hits.
    Roll,
    /// Casualties taken: the result.
    Resolve,
}

/// An assault in progress (C-ASSAULT-*).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct AssaultStep {
    /// Where.
    pub space: SpaceId,
    /// The assaulting power.
    pub attacker: Power,
    /// Where it stands.
    pub phase: AssaultPhase,
    /// The dice, once rolled (attacker, defender).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sides: Option<(Side, Side)>,
    // --- card effects
    /// Extra dice (attacker, defender) from combat cards' effects.
    #[serde(default, skip_serializing_if = "is_zero_pair")]
    pub bonus_dice: (i8, i8),
    /// Extra hits (attacker, defender) from combat cards' effects, added at the roll.
    #[serde(default, skip_serializing_if = "is_zero_pair")]
    pub bonus_hits: (i8, i8),
}

/// Which card window is open.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Window {
    /// Before a battle's or assault's dice: combat cards by the sides in it, response cards.
    Combat,
    /// A move was announced: response cards by the other powers (C-CARD-RESPONSE).
    Response,
    /// After a battle's or assault's roll, before hits are taken: cards that change rolled
    /// dice, by the sides in it (C-BATTLE-CARDS, second window).
    Dice,
}

/// Where Winter stands (C-WINTER-ORDER); the frame [`Step::Winter`] holds it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum WinterPhase {
    /// Owners choose among equally near winter ports for their fleets at sea (C-NAVAL-WINTER).
    Ports,
    /// The Protestant may take army leaders off the map (R-PROT-LEADERS).
    Leaders,
    /// Fleets to port and sieges lifted.
    Start,
    /// Land units and leaders go to winter quarters, one force at a time.
    Quarters,
    /// Overstacked non-capital spaces send their excess to a capital.
    Overstack,
    /// The Empire chooses its free winter unit: one regular or mercenaries (C-WINTER-REGULAR,
    /// Virgin Queen).
    EmpireUnit,
    /// Alliances end, free regulars, overdue mandatory events; then Victory Determination.
    Rest,
}

/// One pending sub-step. Frames are worked automatically; decisions wait for their power.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "step")]
pub enum Step {
    /// Frame: a formation entered a space.
    Entry(Entry),
    /// Frame: a field battle.
    Battle(Battle),
    /// Frame: an assault.
    Assault(AssaultStep),
    /// Decision (C-INT-WHO): `power` may intercept into `to` from one of `from`.
    Intercept(super::interception::Intercept),
    /// Decision (C-AVOID): `power` may try to avoid battle in `space`, moving to one of `to`.
    Avoid(super::interception::Avoid),
    /// Decision (C-WITHDRAW): `power` may withdraw its units in `space` into the fortifications.
    Withdraw(super::interception::Withdraw),
    /// Decision: a card window for `power` (C-BATTLE-CARDS, C-CARD-RESPONSE).
    Cards(super::windows::Cards),
    /// Decision (C-BATTLE-HITS, C-ASSAULT-DICE): `power` picks which of its units die.
    Casualties(super::battle::Casualties),
    /// Decision (C-BATTLE-RETREAT): `power` picks where its survivors go.
    Retreat(super::battle::Retreat),
    // --- relief, event windows (issue 13)
    /// Decision (C-RELIEF): `power` may bring its besieged units in `space` out to join the
    /// relief battle (`sally`), or keep them inside (`forgo`).
    JoinRelief(super::interception::JoinRelief),
    /// Frame (C-CARD-RESPONSE): `power` played `card` as its event; it resolves once the
    /// response windows above it are answered.
    EventPlayed {
        /// The playing power.
        power: Power,
        /// The card.
        card: u16,
        /// A response card's effect cancelled the event (`cancel event`).
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        cancelled: bool,
    },
    /// Decision (C-CARD-RESPONSE): `power` may play a response card on the event `card`.
    EventResponse(super::windows::EventResponse),
    // --- naval warfare (`super::naval`)
    /// Frame: a naval battle (C-NAVAL-COMBAT).
    NavalBattle(super::naval::NavalBattle),
    /// Decision (C-NAVAL-COMBAT): `power` picks which of its ships are sunk.
    NavalCasualties(super::naval::NavalCasualties),
    /// Decision (C-NAVAL-INT): `power` may intercept into sea zone `zone` from one of `from`.
    NavalIntercept(super::naval::NavalIntercept),
    /// Decision (C-NAVAL-INT): `power` may try to avoid battle in sea zone `zone`, going to one
    /// of `to`.
    NavalAvoid(super::naval::NavalAvoid),
    /// Decision (C-NAVAL-COMBAT): `power` picks where its beaten fleet goes.
    NavalRetreat(super::naval::NavalRetreat),
    /// Decision (C-NAVAL-WINTER): `power` picks which of the equally near ports `to` its fleet
    /// in sea zone `zone` winters in.
    WinterPort(super::naval::WinterPort),
    // --- piracy
    /// Decision (C-PIRACY): the target `power` picks what it gives for each of `hits` piracy
    /// hits in sea zone `zone`; `given` are the rewards picked in the current rotation.
    PiracyReward(super::piracy::PiracyPayment),
    // --- diplomacy (C-DIP-WAR-LIMITS)
    /// Decision: `power`, the natural ally of `minor`, may intervene by declaring war on
    /// `against`, which declared war on the minor (answer: a declaration of war with a card, or
    /// decline).
    Intervene(super::minor_war::Intervene),
    // --- winter (C-WINTER-*)
    /// Frame: Winter in progress.
    Winter {
        /// Where it stands.
        phase: WinterPhase,
    },
    /// Decision (C-WINTER-QUARTERS): `power` picks which of several equally near winter
    /// quarters the force in `from` goes to.
    WinterQuarters(super::winter::WinterQuarters),
    /// Decision (C-WINTER-REGULAR, Virgin Queen): the Empire takes its free winter unit in
    /// `space` as one regular or as the data's number of mercenaries.
    EmpireWinterUnit(super::winter::EmpireWinterUnit),
    /// Decision (C-WINTER-QUARTERS): `power` has more land units in `space` than may winter
    /// there and picks which `excess` go to which of the capitals `to`.
    WinterExcess(super::winter::WinterExcess),
    // --- foreign wars (R-FW-FIGHT, `super::foreign_war`)
    /// Frame: a foreign-war fight.
    ForeignWarFight(WarFight),
    /// Decision (R-FW-FIGHT, C-BATTLE-HITS): `power` picks which `hits` of its land units on the
    /// war card `card` are lost.
    WarCasualties(super::foreign_war::WarCasualties),
    /// Decision (R-FW-FIGHT): the war is won but an enemy holds the capital; `power` picks the
    /// friendly home key, among `to`, its returning `units` go to.
    WarReturn(super::foreign_war::WarReturn),
    // --- peace (C-DIP-PEACE, `super::peace`)
    /// Decision: `power` sued `winner` for peace and removes `owed` more of its land units.
    PeaceUnits(super::peace::PeaceUnits),
    /// Decision: `power` may regain what `winner` holds of its own (captured leaders, home keys,
    /// pairs of non-key home spaces), or finish (`forgo`).
    PeaceRegain(super::peace::PeaceRegain),
    /// Decision: the winner's forces leave the regained space `from`; `power` (the winner) picks
    /// which of the equally near fortified spaces it controls, `to`, they go to.
    PeaceWithdraw(super::peace::PeaceWithdraw),
    // --- card effects (`super::cards::run`)
    /// Frame: a written card effect running.
    Effect(super::cards::run::EffectRun),
    /// Decision: a running effect asks `power` (an option, a space, which units go).
    EffectAsk(super::cards::run::EffectAsk),
    // --- questions defined in their chapter modules (`super::question::Question`)
    /// Decision (R-FW-DEPLOY): the struck power sends units to a foreign war just played.
    SendToWar(super::foreign_war::SendToWar),
    /// Decision (R-PROT-LEADERS): at the start of Winter the Protestant may take army leaders
    /// off the map.
    WithdrawLeaders(super::protestant::WithdrawLeaders),
    /// Decision (R-PROT-CAPITAL): "Paris Is Worth a Mass" lets the Protestant move its
    /// Huguenot capital.
    HuguenotCapital(super::protestant::HuguenotCapital),
    /// Decision (X-REL-SIX): a conversion attempt rolled a natural 6.
    ConversionSix(super::religion::ConversionSix),
}

impl Step {
    /// The question, for the steps defined in their chapter modules: the one list of them.
    pub(crate) fn question(&self) -> Option<&dyn Question> {
        Some(match self {
            Step::SendToWar(q) => q,
            Step::WithdrawLeaders(q) => q,
            Step::HuguenotCapital(q) => q,
            Step::ConversionSix(q) => q,
            _ => return None,
        })
    }

    /// The power and decision awaited, for decision steps; `None` for frames.
    pub fn decision(&self) -> Option<(Power, Decision)> {
        if let Some(q) = self.question() {
            return Some(q.asked());
        }
        Some(match self {
            Step::Entry(_)
            | Step::Battle(_)
            | Step::Assault(_)
            | Step::NavalBattle(_)
            | Step::EventPlayed { .. }
            | Step::ForeignWarFight(_)
            | Step::Effect(_)
            | Step::Winter { .. } => return None,
            Step::EffectAsk(crate::engine::cards::run::EffectAsk {
                power,
                ask: super::cards::run::Ask::Remove { .. },
                ..
            }) => (*power, Decision::Casualties),
            Step::EffectAsk(crate::engine::cards::run::EffectAsk { power, .. }) => {
                (*power, Decision::EffectChoice)
            }
            Step::JoinRelief(crate::engine::interception::JoinRelief { power, .. }) => {
                (*power, Decision::JoinRelief)
            }
            Step::EventResponse(crate::engine::windows::EventResponse { power, .. }) => {
                (*power, Decision::ResponseCard)
            }
            Step::Cards(crate::engine::windows::Cards {
                window: Window::Dice,
                power,
                ..
            }) => (*power, Decision::DiceCard),
            Step::WinterQuarters(crate::engine::winter::WinterQuarters { power, .. }) => {
                (*power, Decision::WinterQuarters)
            }
            Step::Intervene(crate::engine::minor_war::Intervene { power, .. }) => {
                (*power, Decision::Intervene)
            }
            Step::WinterExcess(crate::engine::winter::WinterExcess { power, .. }) => {
                (*power, Decision::WinterExcess)
            }
            Step::WarCasualties(crate::engine::foreign_war::WarCasualties { power, .. }) => {
                (*power, Decision::Casualties)
            }
            Step::WarReturn(crate::engine::foreign_war::WarReturn { power, .. }) => {
                (*power, Decision::WarReturn)
            }
            Step::EmpireWinterUnit(crate::engine::winter::EmpireWinterUnit { power, .. }) => {
                (*power, Decision::EmpireWinterUnit)
            }
            Step::PeaceUnits(crate::engine::peace::PeaceUnits { power, .. }) => {
                (*power, Decision::PeaceUnits)
            }
            Step::PeaceRegain(crate::engine::peace::PeaceRegain { power, .. }) => {
                (*power, Decision::PeaceRegain)
            }
            Step::PeaceWithdraw(crate::engine::peace::PeaceWithdraw { power, .. }) => {
                (*power, Decision::PeaceWithdraw)
            }
            Step::Intercept(crate::engine::interception::Intercept { power, .. }) => {
                (*power, Decision::Intercept)
            }
            Step::Avoid(crate::engine::interception::Avoid { power, .. }) => {
                (*power, Decision::AvoidBattle)
            }
            Step::Withdraw(crate::engine::interception::Withdraw { power, .. }) => {
                (*power, Decision::WithdrawInside)
            }
            Step::Cards(crate::engine::windows::Cards {
                window: Window::Combat,
                power,
                ..
            }) => (*power, Decision::CombatCard),
            Step::Cards(crate::engine::windows::Cards {
                window: Window::Response,
                power,
                ..
            }) => (*power, Decision::ResponseCard),
            Step::Casualties(crate::engine::battle::Casualties { power, .. }) => {
                (*power, Decision::Casualties)
            }
            Step::Retreat(crate::engine::battle::Retreat { power, .. }) => {
                (*power, Decision::Retreat)
            }
            Step::NavalCasualties(crate::engine::naval::NavalCasualties { power, .. }) => {
                (*power, Decision::NavalCasualties)
            }
            Step::NavalRetreat(crate::engine::naval::NavalRetreat { power, .. }) => {
                (*power, Decision::NavalRetreat)
            }
            Step::NavalIntercept(crate::engine::naval::NavalIntercept { power, .. }) => {
                (*power, Decision::NavalIntercept)
            }
            Step::NavalAvoid(crate::engine::naval::NavalAvoid { power, .. }) => {
                (*power, Decision::NavalAvoid)
            }
            Step::PiracyReward(crate::engine::piracy::PiracyPayment { power, .. }) => {
                (*power, Decision::PiracyReward)
            }
            Step::WinterPort(crate::engine::naval::WinterPort { power, .. }) => {
                (*power, Decision::WinterPort)
            }
            // The chapter questions answered above (`Step::question`).
            _ => return None,
        })
    }
}

/// A standing answer a power sets for itself so that routine questions do not wait on it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Standing {
    /// Never intercept (C-INT-WHO).
    NeverIntercept,
    /// Never try to avoid battle (C-AVOID).
    NeverAvoid,
    /// Always withdraw into fortifications when offered (C-WITHDRAW).
    AlwaysWithdraw,
    /// Never withdraw into fortifications (C-WITHDRAW).
    NeverWithdraw,
    /// Decline every card window (C-BATTLE-CARDS, C-CARD-RESPONSE).
    DeclineCards,
    /// Take casualties mercenaries first, then cavalry, then regulars (C-BATTLE-HITS).
    MercenariesFirst,
    /// Besieged units always come out to join a relief battle (C-RELIEF).
    AlwaysJoinRelief,
    /// Besieged units never come out to join a relief battle (C-RELIEF).
    NeverJoinRelief,
    /// Retreats answered by a fixed preference (C-BATTLE-RETREAT): as many inside as there is
    /// room for, the rest to the legal space holding most of the power's land units, then a
    /// fortified one, then the first in map order.
    AutoRetreat,
    /// Winter questions (C-WINTER-QUARTERS): excess units go mercenaries first, then cavalry,
    /// then regulars, to the first capital listed; of equally near winter quarters the first
    /// listed is taken.
    WinterDefault,
}

impl Standing {
    /// Every standing answer.
    pub const ALL: &'static [Standing] = &[
        Standing::NeverIntercept,
        Standing::NeverAvoid,
        Standing::AlwaysWithdraw,
        Standing::NeverWithdraw,
        Standing::DeclineCards,
        Standing::MercenariesFirst,
        Standing::AlwaysJoinRelief,
        Standing::NeverJoinRelief,
        Standing::AutoRetreat,
        Standing::WinterDefault,
    ];

    /// The snake-case id.
    pub fn as_str(self) -> &'static str {
        match self {
            Standing::NeverIntercept => "never_intercept",
            Standing::NeverAvoid => "never_avoid",
            Standing::AlwaysWithdraw => "always_withdraw",
            Standing::NeverWithdraw => "never_withdraw",
            Standing::DeclineCards => "decline_cards",
            Standing::MercenariesFirst => "mercenaries_first",
            Standing::AlwaysJoinRelief => "sally",
            Standing::NeverJoinRelief => "no_sally",
            Standing::AutoRetreat => "auto_retreat",
            Standing::WinterDefault => "winter_default",
        }
    }

    /// The standing answer with this id.
    pub fn parse(s: &str) -> Option<Standing> {
        Standing::ALL.iter().copied().find(|x| x.as_str() == s)
    }
}

/// Marks that last for one impulse (C-MOVE-ENTER, C-ASSAULT-PREREQ).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ImpulseMarks {
    /// Spaces whose siege began this impulse.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub new_sieges: Vec<SpaceId>,
    /// Spaces assaulted this impulse.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub assaulted: Vec<SpaceId>,
    /// Read from older states only: all of a power's units in a space are held this impulse.
    /// New marks go to `pinned`.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub stuck: Vec<(SpaceId, Power)>,
    /// `[space, power, n]`: `n` of the power's land units in the space lost a battle (retreated
    /// there) or began a siege there this impulse and may not move again this impulse
    /// (C-MOVE-ENTER); other units of the power there move freely.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub pinned: Vec<(SpaceId, Power, u32)>,
    /// Army leaders of those formations: they may not move again this impulse either.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub pinned_leaders: Vec<String>,
}

impl ImpulseMarks {
    /// Whether no mark is set (then the field is not serialized).
    pub fn is_empty(&self) -> bool {
        self.new_sieges.is_empty()
            && self.assaulted.is_empty()
            && self.stuck.is_empty()
            && self.pinned.is_empty()
            && self.pinned_leaders.is_empty()
    }

    /// How many of `p`'s land units in `s` may not move again this impulse (C-MOVE-ENTER).
    pub fn pinned(&self, s: SpaceId, p: Power) -> u32 {
        if self.stuck.contains(&(s, p)) {
            return u32::MAX;
        }
        self.pinned
            .iter()
            .filter(|(x, q, _)| *x == s && *q == p)
            .map(|(_, _, n)| *n)
            .sum()
    }

    /// Pins `n` more of `p`'s land units in `s` for the rest of the impulse.
    pub fn pin(&mut self, s: SpaceId, p: Power, n: u32) {
        if n == 0 {
            return;
        }
        match self.pinned.iter_mut().find(|(x, q, _)| *x == s && *q == p) {
            Some(e) => e.2 += n,
            None => self.pinned.push((s, p, n)),
        }
    }
}

/// Whether an action answers a pending step.
pub fn is_step_answer(a: &Action) -> bool {
    matches!(
        a,
        Action::Intercept { .. }
            | Action::AvoidBattle { .. }
            | Action::WithdrawInside
            | Action::Forgo
            | Action::TakeCasualties { .. }
            | Action::Retreat { .. }
            | Action::SinkShips { .. }
            | Action::NavalRetreat { .. }
            | Action::NavalIntercept { .. }
            | Action::NavalAvoid { .. }
            | Action::JoinRelief
            | Action::PiracyReward { .. }
            | Action::Winter { .. }
            | Action::DeclareWar { .. }
            | Action::Surrender { .. }
            | Action::Regain { .. }
            | Action::Choose { .. }
            | Action::SendToWar { .. }
            | Action::WithdrawLeaders { .. }
            | Action::MoveHuguenotCapital { .. }
            | Action::ConversionSix { .. }
            | Action::Play {
                mode: CardMode::Event,
                ..
            }
    )
}

impl Game {
    /// Whether `p` has set this standing answer.
    pub fn has_standing(&self, p: Power, s: Standing) -> bool {
        self.standing.contains(&(p, s))
    }

    /// Sets or clears one of `p`'s standing answers.
    pub(crate) fn set_standing(&mut self, p: Power, s: Standing, on: bool, ev: &mut Vec<Event>) {
        self.standing.retain(|x| *x != (p, s));
        if on {
            // Opposite withdrawal answers exclude each other.
            let other = match s {
                Standing::AlwaysWithdraw => Some(Standing::NeverWithdraw),
                Standing::NeverWithdraw => Some(Standing::AlwaysWithdraw),
                Standing::AlwaysJoinRelief => Some(Standing::NeverJoinRelief),
                Standing::NeverJoinRelief => Some(Standing::AlwaysJoinRelief),
                _ => None,
            };
            if let Some(o) = other {
                self.standing.retain(|x| *x != (p, o));
            }
            self.standing.push((p, s));
            self.standing.sort();
        }
        // A standing answer is the setter's own policy: confirmed to it alone.
        ev.push(Event::private(
            p,
            EventKind::StandingSet {
                power: p,
                standing: s,
                on,
            },
        ));
    }

    /// Answers the decision on top of the stack. Checks everything before changing anything.
    pub(crate) fn answer_step(
        &mut self,
        rs: &Ruleset,
        p: Power,
        a: &Action,
        ev: &mut Vec<Event>,
    ) -> RuleResult<()> {
        let Some(top) = self.steps.last().cloned() else {
            return Err(Refusal::NothingPending.into());
        };
        if let Some(q) = top.question().filter(|q| q.takes(a)) {
            return q.answer(self, rs, p, a, ev);
        }
        match (&top, a) {
            (
                Step::Intercept(crate::engine::interception::Intercept { to, from, .. }),
                Action::Intercept { from: f, units },
            ) => {
                let f = self.check_intercept(rs, p, *to, from, f, units)?;
                self.steps.pop();
                self.intercept(rs, p, f, *to, units, ev);
            }
            (
                Step::Avoid(crate::engine::interception::Avoid { space, to, .. }),
                Action::AvoidBattle { to: t },
            ) => {
                let t = self.check_avoid(rs, *space, to, t)?;
                self.steps.pop();
                self.avoid_battle(rs, p, *space, t, ev);
            }
            (
                Step::Withdraw(crate::engine::interception::Withdraw { space, .. }),
                Action::WithdrawInside,
            ) => {
                let s = *space;
                self.steps.pop();
                self.withdraw_inside(p, s, ev);
            }
            (
                Step::Cards(crate::engine::windows::Cards { window, .. }),
                Action::Play {
                    card,
                    mode: CardMode::Event,
                },
            ) => {
                self.check_window_card(rs, p, *window, *card)?;
                self.steps.pop();
                self.play_in_window(rs, p, *card, ev);
            }
            (Step::EffectAsk(crate::engine::cards::run::EffectAsk { card, ask, .. }), a) => {
                let (card, ask) = (*card, ask.clone());
                self.answer_effect(rs, p, card, &ask, a, ev)?;
            }
            (
                Step::JoinRelief(crate::engine::interception::JoinRelief { space, .. }),
                Action::JoinRelief,
            ) => {
                let s = *space;
                self.steps.pop();
                self.join_relief(p, s, ev);
            }
            (
                Step::EventResponse(_),
                Action::Play {
                    card,
                    mode: CardMode::Event,
                },
            ) => {
                self.check_window_card(rs, p, Window::Response, *card)?;
                self.steps.pop();
                self.play_in_window(rs, p, *card, ev);
            }
            (
                Step::Intercept(_)
                | Step::Avoid(_)
                | Step::Withdraw(_)
                | Step::Cards(_)
                | Step::JoinRelief(_)
                | Step::EventResponse(_)
                | Step::NavalIntercept(_)
                | Step::NavalAvoid(_)
                | Step::Intervene(_)
                | Step::PeaceRegain(_),
                Action::Forgo,
            ) => {
                let (_, d) = top.decision().unwrap_or((p, Decision::Intercept));
                self.steps.pop();
                ev.push(Event::public(EventKind::Forgone {
                    power: p,
                    decision: d,
                }));
            }
            (
                Step::WarCasualties(crate::engine::foreign_war::WarCasualties {
                    card, hits, ..
                }),
                Action::TakeCasualties { units },
            ) => self.answer_war_casualties(p, *card, *hits, units, ev)?,
            (Step::WarReturn(_), Action::Retreat { to: t, inside }) => {
                self.answer_war_return(rs, p, &top, t.as_deref(), inside, ev)?
            }
            (
                Step::Casualties(crate::engine::battle::Casualties { space, hits, .. }),
                Action::TakeCasualties { units },
            ) => {
                self.check_casualties(p, *space, *hits, units)?;
                self.steps.pop();
                self.take_casualties(p, *space, units, ev);
            }
            (
                Step::Retreat(crate::engine::battle::Retreat {
                    space,
                    to,
                    room,
                    origin,
                    ..
                }),
                Action::Retreat { to: t, inside },
            ) => {
                let t = t.as_ref().map(|s| s.to_string());
                let dest = self.check_retreat(rs, p, *space, to, *room, *origin, &t, inside)?;
                self.steps.pop();
                self.do_retreat(rs, p, *space, dest, inside, ev);
            }
            (
                Step::NavalCasualties(_)
                | Step::NavalRetreat(_)
                | Step::NavalIntercept(_)
                | Step::NavalAvoid(_)
                | Step::WinterPort(_),
                Action::SinkShips { .. }
                | Action::NavalRetreat { .. }
                | Action::NavalIntercept { .. }
                | Action::NavalAvoid { .. },
            ) => self.answer_naval(rs, p, &top, a, ev)?,
            (Step::PiracyReward(_), Action::PiracyReward { reward, at }) => {
                self.answer_piracy(rs, &top, *reward, at.as_deref(), ev)?
            }
            (Step::WinterQuarters(_) | Step::WinterExcess(_), Action::Winter { to, units }) => {
                self.answer_winter(rs, p, &top, to.as_deref(), units, ev)?
            }
            (
                Step::EmpireWinterUnit(crate::engine::winter::EmpireWinterUnit { space, .. }),
                Action::Winter { units, .. },
            ) => self.answer_empire_unit(rs, p, *space, units, ev)?,
            (
                Step::Intervene(crate::engine::minor_war::Intervene { minor, against, .. }),
                Action::DeclareWar { target, card },
            ) if target == against => self.intervene(rs, p, *minor, *against, *card, ev)?,
            // --- peace (C-DIP-PEACE)
            (Step::PeaceUnits(_), Action::Surrender { space, units }) => {
                self.answer_surrender(rs, p, &top, space, units, ev)?
            }
            (
                Step::PeaceRegain(crate::engine::peace::PeaceRegain { winner, .. }),
                Action::Regain { what, pay, to },
            ) => self.answer_regain(rs, p, *winner, what, *pay, to.as_deref(), ev)?,
            (
                Step::PeaceWithdraw(crate::engine::peace::PeaceWithdraw { from, to, .. }),
                Action::Retreat { to: t, inside },
            ) => self.answer_peace_withdraw(rs, p, *from, to, t.as_deref(), inside, ev)?,
            (_, Action::Surrender { .. } | Action::Regain { .. }) => {
                return Err(self.peace_not_asked(p).into())
            }
            (
                Step::Casualties(_)
                | Step::Retreat(_)
                | Step::NavalCasualties(_)
                | Step::NavalRetreat(_)
                | Step::PiracyReward(_)
                | Step::WinterPort(_)
                | Step::WinterQuarters(_)
                | Step::WinterExcess(_)
                | Step::EmpireWinterUnit(_)
                | Step::PeaceUnits(_)
                | Step::PeaceWithdraw(_)
                | Step::WarCasualties(_)
                | Step::WarReturn(_),
                Action::Forgo,
            ) => {
                return Err(Refusal::MustAnswer {
                    decision: top.decision().map_or(Decision::Retreat, |x| x.1),
                }
                .into())
            }
            (_, Action::WithdrawInside) => {
                let space = match &top {
                    Step::Avoid(crate::engine::interception::Avoid { space, .. })
                    | Step::Casualties(crate::engine::battle::Casualties { space, .. })
                    | Step::Retreat(crate::engine::battle::Retreat { space, .. })
                    | Step::Cards(crate::engine::windows::Cards { space, .. }) => Some(*space),
                    Step::Intercept(crate::engine::interception::Intercept { to, .. }) => Some(*to),
                    _ => None,
                };
                return Err(Refusal::WithdrawNotOffered {
                    space,
                    units: space.map_or(0, |s| self.owner_land(p, s)),
                }
                .into());
            }
            (_, other) => {
                return Err(RuleError::WrongTime {
                    action: other.kind(),
                    waiting: self.awaiting(),
                })
            }
        }
        Ok(())
    }

    /// Works the stack: frames advance, decisions with a standing answer are answered, until a
    /// decision waits for a player or the stack is empty. Then sieges are recomputed
    /// (C-SIEGE-BREAK), which may push a retreat.
    pub(crate) fn run_steps(&mut self, rs: &Ruleset, ev: &mut Vec<Event>) {
        for _ in 0..10_000 {
            if self.is_over() {
                self.steps.clear();
                return;
            }
            let Some(top) = self.steps.last().cloned() else {
                self.recompute_sieges(rs, ev);
                if self.steps.is_empty() {
                    return;
                }
                continue;
            };
            match top {
                Step::Entry(e) => self.work_entry(rs, e, ev),
                Step::Battle(b) => self.work_battle(rs, b, ev),
                Step::Assault(a) => self.work_assault(rs, a, ev),
                Step::NavalBattle(b) => self.work_naval_battle(rs, b, ev),
                Step::EventPlayed {
                    power,
                    card,
                    cancelled,
                } => {
                    self.steps.pop();
                    if cancelled {
                        self.after_event(rs, power, card, 0, ev);
                    } else {
                        self.finish_event(rs, power, card, ev);
                    }
                }
                Step::Effect(run) => self.work_effect(rs, run, ev),
                Step::Winter { phase } => self.work_winter(rs, phase, ev),
                Step::ForeignWarFight(f) => self.work_war_fight(rs, f, ev),
                _ => {
                    if !self.auto_answer(rs, &top, ev) {
                        return;
                    }
                }
            }
        }
        self.steps.clear();
    }

    /// Applies a standing answer to the decision on top, if its power set one.
    fn auto_answer(&mut self, rs: &Ruleset, top: &Step, ev: &mut Vec<Event>) -> bool {
        let Some((p, d)) = top.decision() else {
            return false;
        };
        if let Some(q) = top.question() {
            return match q.standing(self, rs) {
                Some((standing, action)) => self.apply_standing(rs, p, d, standing, &action, ev),
                None => false,
            };
        }
        let answer = match top {
            Step::Intercept(_) | Step::NavalIntercept(_)
                if self.has_standing(p, Standing::NeverIntercept) =>
            {
                Some((Standing::NeverIntercept, Action::Forgo))
            }
            Step::Avoid(_) | Step::NavalAvoid(_) if self.has_standing(p, Standing::NeverAvoid) => {
                Some((Standing::NeverAvoid, Action::Forgo))
            }
            Step::Withdraw(_) if self.has_standing(p, Standing::AlwaysWithdraw) => {
                Some((Standing::AlwaysWithdraw, Action::WithdrawInside))
            }
            Step::Withdraw(_) if self.has_standing(p, Standing::NeverWithdraw) => {
                Some((Standing::NeverWithdraw, Action::Forgo))
            }
            Step::Cards(_) | Step::EventResponse(_)
                if self.has_standing(p, Standing::DeclineCards) =>
            {
                Some((Standing::DeclineCards, Action::Forgo))
            }
            Step::JoinRelief(_) if self.has_standing(p, Standing::AlwaysJoinRelief) => {
                Some((Standing::AlwaysJoinRelief, Action::JoinRelief))
            }
            Step::JoinRelief(_) if self.has_standing(p, Standing::NeverJoinRelief) => {
                Some((Standing::NeverJoinRelief, Action::Forgo))
            }
            Step::Retreat(crate::engine::battle::Retreat {
                space, to, room, ..
            }) if self.has_standing(p, Standing::AutoRetreat) => Some((
                Standing::AutoRetreat,
                self.auto_retreat(rs, p, *space, to, *room),
            )),
            Step::WinterQuarters(_)
            | Step::WinterExcess(_)
            | Step::WinterPort(_)
            | Step::EmpireWinterUnit(_)
                if self.has_standing(p, Standing::WinterDefault) =>
            {
                Some((Standing::WinterDefault, self.winter_default_answer(rs, top)))
            }
            Step::WarCasualties(crate::engine::foreign_war::WarCasualties {
                card, hits, ..
            }) if self.has_standing(p, Standing::MercenariesFirst) => {
                let units = self.default_war_casualties(*card, *hits);
                Some((Standing::MercenariesFirst, Action::TakeCasualties { units }))
            }
            Step::Casualties(crate::engine::battle::Casualties { space, hits, .. })
                if self.has_standing(p, Standing::MercenariesFirst) =>
            {
                let units = self.default_casualties(p, *space, *hits);
                Some((Standing::MercenariesFirst, Action::TakeCasualties { units }))
            }
            _ => None,
        };
        let Some((standing, action)) = answer else {
            return false;
        };
        self.apply_standing(rs, p, d, standing, &action, ev)
    }

    /// Answers the question on top with `p`'s standing answer, announced to `p` alone.
    fn apply_standing(
        &mut self,
        rs: &Ruleset,
        p: Power,
        d: Decision,
        standing: Standing,
        action: &Action,
        ev: &mut Vec<Event>,
    ) -> bool {
        // The channel hears the answer itself (its own events), not that a policy gave it.
        ev.push(Event::private(
            p,
            EventKind::StandingApplied {
                power: p,
                standing,
                decision: d,
            },
        ));
        if self.answer_step(rs, p, action, ev).is_err() {
            // A standing answer that does not fit leaves the question to the player.
            return false;
        }
        true
    }

    /// After the stack empties, the stage resumes: an impulse whose CP are spent ends.
    pub(crate) fn resume_stage(&mut self, rs: &Ruleset, ev: &mut Vec<Event>) {
        if !self.steps.is_empty() || self.is_over() {
            return;
        }
        if let Stage::Cp { power, cp } = self.stage {
            if cp == 0 {
                self.next_impulse(rs, power, 0, ev);
            } else if !matches!(ev.last(), Some(e) if e.kind == (EventKind::CpLeft { power, cp })) {
                // --- card effects: not twice when an effect ending after a question just said so
                ev.push(Event::public(EventKind::CpLeft { power, cp }));
            }
        }
    }

    /// The legal answers to the decision on top of the stack.
    pub(crate) fn legal_step_answers(&self, rs: &Ruleset, p: Power, out: &mut Vec<Action>) {
        let Some(top) = self.steps.last() else { return };
        if let Some(q) = top.question() {
            q.legal(self, rs, p, out);
            return;
        }
        match top {
            Step::Intercept(crate::engine::interception::Intercept { from, .. }) => {
                out.push(Action::Forgo);
                for f in from {
                    if let Some(u) = self
                        .largest_pick(rs, p, *f, None)
                        .and_then(|u| cap_pick(u, self.movable(p, *f)))
                        .map(|mut u| {
                            u.leaders
                                .retain(|l| !self.marks.pinned_leaders.iter().any(|x| x == l));
                            u
                        })
                    {
                        out.push(Action::Intercept {
                            from: rs.space(*f).id.as_str().into(),
                            units: u,
                        });
                    }
                }
            }
            Step::Avoid(crate::engine::interception::Avoid { to, .. }) => {
                out.push(Action::Forgo);
                for t in to {
                    out.push(Action::AvoidBattle {
                        to: rs.space(*t).id.as_str().into(),
                    });
                }
            }
            Step::Withdraw(_) => {
                out.push(Action::WithdrawInside);
                out.push(Action::Forgo);
            }
            Step::JoinRelief(_) => {
                out.push(Action::Forgo);
                out.push(Action::JoinRelief);
            }
            Step::Cards(_) | Step::EventResponse(_) => {
                let window = match top {
                    Step::Cards(crate::engine::windows::Cards { window, .. }) => *window,
                    _ => Window::Response,
                };
                out.push(Action::Forgo);
                for c in &self.hands[p as usize] {
                    if self.check_window_card(rs, p, window, *c).is_ok() {
                        out.push(Action::Play {
                            card: *c,
                            mode: CardMode::Event,
                        });
                    }
                }
            }
            Step::Casualties(crate::engine::battle::Casualties { space, hits, .. }) => {
                let have = self.pool(p, *space);
                let h = *hits;
                for r in 0..=have.0.min(h) {
                    for m in 0..=have.1.min(h - r) {
                        let c = h - r - m;
                        if c <= have.2 {
                            out.push(Action::TakeCasualties {
                                units: Units {
                                    regulars: r as u8,
                                    mercenaries: m as u8,
                                    cavalry: c as u8,
                                    leaders: Vec::new(),
                                },
                            });
                        }
                    }
                }
            }
            Step::Retreat(crate::engine::battle::Retreat {
                space, to, room, ..
            }) => {
                for t in to {
                    out.push(Action::Retreat {
                        to: Some(rs.space(*t).id.as_str().into()),
                        inside: Units::default(),
                    });
                }
                if *room > 0 {
                    let inside = self.inside_pick(p, *space, *room);
                    let rest = self.owner_land(p, *space) - inside.land();
                    if rest == 0 || to.is_empty() {
                        out.push(Action::Retreat { to: None, inside });
                    } else {
                        out.push(Action::Retreat {
                            to: Some(rs.space(to[0]).id.as_str().into()),
                            inside,
                        });
                    }
                }
                if to.is_empty() && *room == 0 {
                    out.push(Action::Retreat {
                        to: None,
                        inside: Units::default(),
                    });
                }
            }
            Step::NavalCasualties(_)
            | Step::NavalRetreat(_)
            | Step::NavalIntercept(_)
            | Step::NavalAvoid(_)
            | Step::WinterPort(_) => self.legal_naval_answers(rs, p, top, out),
            Step::PiracyReward(_) => self.legal_piracy_answers(rs, top, out),
            Step::WinterQuarters(_) | Step::WinterExcess(_) | Step::EmpireWinterUnit(_) => {
                self.legal_winter_answers(rs, top, out)
            }
            Step::PeaceUnits(_) | Step::PeaceRegain(_) | Step::PeaceWithdraw(_) => {
                self.legal_peace_answers(rs, top, out)
            }
            Step::WarCasualties(_) | Step::WarReturn(_) => self.legal_war_answers(rs, top, out),
            Step::EffectAsk(crate::engine::cards::run::EffectAsk { ask, .. }) => {
                self.legal_effect_answers(rs, p, ask, out)
            }
            Step::Intervene(crate::engine::minor_war::Intervene { against, .. }) => {
                out.push(Action::Forgo);
                if let Some(cost) = rs.turn.war_cost(p, *against) {
                    for c in self.war_cards(rs, p, cost) {
                        out.push(Action::DeclareWar {
                            target: *against,
                            card: Some(c),
                        });
                    }
                }
            }
            Step::Entry(_)
            | Step::Battle(_)
            | Step::Assault(_)
            | Step::NavalBattle(_)
            | Step::EventPlayed { .. }
            | Step::ForeignWarFight(_)
            | Step::Effect(_)
            | Step::Winter { .. } => {}
            // The chapter questions answered above (`Step::question`).
            _ => {}
        }
    }

    /// The retreat a power's [`Standing::AutoRetreat`] answers with: as many land units inside
    /// as there is room for, the rest to the legal space holding most of its land units, then a
    /// fortified one, then the first listed (map order).
    fn auto_retreat(
        &self,
        rs: &Ruleset,
        p: Power,
        s: SpaceId,
        to: &[SpaceId],
        room: u32,
    ) -> Action {
        let inside = if room > 0 {
            self.inside_pick(p, s, room)
        } else {
            Units::default()
        };
        let rest = self.owner_land(p, s).saturating_sub(inside.land());
        let best = to
            .iter()
            .enumerate()
            .max_by_key(|(i, t)| {
                (
                    self.owner_land(p, **t),
                    self.board.space_type(rs, **t).is_fortified(),
                    std::cmp::Reverse(*i),
                )
            })
            .map(|(_, t)| *t);
        let dest = if rest > 0 { best } else { None };
        Action::Retreat {
            to: dest.map(|t| rs.space(t).id.clone()).map(Into::into),
            inside,
        }
    }

    /// Whether a card of `kind` might be held by some power, from public information only: some
    /// card of that kind is neither discarded nor removed. Windows open only then, and then ask
    /// every power the rule names, never depending on what anyone holds.
    pub(crate) fn window_possible(&self, rs: &Ruleset, kinds: &[CardKind]) -> bool {
        rs.cards.iter().any(|c| {
            kinds.contains(&c.kind)
                && !self.discard.contains(&c.number)
                && !self.removed.contains(&c.number)
        })
    }

    /// Whether a card that changes rolled dice might be held by some power (public information
    /// only, as [`Game::window_possible`]): the second combat window opens only then.
    pub(crate) fn dice_window_possible(&self, rs: &Ruleset) -> bool {
        rs.cards.iter().any(|c| {
            c.after_roll.is_some()
                && matches!(c.kind, CardKind::Combat | CardKind::Response)
                && !self.discard.contains(&c.number)
                && !self.removed.contains(&c.number)
        })
    }

    /// Pushes one card window per asked power (the first asked ends on top).
    pub(crate) fn push_windows(&mut self, window: Window, asked: &[Power], space: SpaceId) {
        for p in asked.iter().rev() {
            self.steps.push(Step::Cards(crate::engine::windows::Cards {
                window,
                power: *p,
                space,
            }));
        }
    }

    /// Checks a card played in a window: in hand, and of a kind the window takes.
    fn check_window_card(&self, rs: &Ruleset, p: Power, w: Window, card: u16) -> RuleResult<()> {
        let c = rs.card(card).ok_or_else(|| RuleError::Unknown {
            what: "card",
            name: card.to_string(),
            near: Vec::new(),
        })?;
        if !self.hands[p as usize].contains(&card) {
            return Err(Refusal::NotInHand {
                power: p,
                card,
                hand: self.hands[p as usize].clone(),
            }
            .into());
        }
        let fits = match w {
            Window::Combat => matches!(c.kind, CardKind::Combat | CardKind::Response),
            Window::Response => c.kind == CardKind::Response,
            Window::Dice => {
                matches!(c.kind, CardKind::Combat | CardKind::Response) && c.after_roll.is_some()
            }
        };
        if !fits && w == Window::Dice {
            return Err(Refusal::NotADiceCard { card }.into());
        }
        if !fits {
            return Err(Refusal::CardNotForWindow {
                card,
                kind: c.kind,
                combat: w == Window::Combat,
            }
            .into());
        }
        Ok(())
    }

    /// A card played in a window: announced and discarded; a written effect runs as a frame
    /// above the battle, move or event it answers (the other side is its `opponent`); a card
    /// without one is applied by the players with `adjust`.
    fn play_in_window(&mut self, rs: &Ruleset, p: Power, card: u16, ev: &mut Vec<Event>) {
        self.hands[p as usize].retain(|c| *c != card);
        self.discard.push(card);
        ev.push(Event::public(EventKind::CardPlayed {
            power: p,
            card,
            mode: CardMode::Event,
        }));
        if rs.card(card).is_some_and(|c| c.effect.is_some()) {
            let opponent = self.window_opponent(rs, p);
            self.start_effect(p, card, super::cards::run::After::Nothing, opponent);
            return;
        }
        ev.push(Event::public(EventKind::EventNotAutomated {
            power: p,
            card,
        }));
    }

    /// The other side for a card played in a window by `p`: the enemy in the battle, the
    /// player of the answered event, or the moving power.
    fn window_opponent(&self, rs: &Ruleset, p: Power) -> Option<Power> {
        self.steps.iter().rev().find_map(|s| match s {
            Step::Battle(b) if b.attacker == p => {
                let d = self.main_defender_owner(rs, b);
                match d {
                    super::power::Owner::Major(q) if q != p => Some(q),
                    _ => None,
                }
            }
            Step::Battle(b) => Some(b.attacker),
            Step::Assault(a) if a.attacker != p => Some(a.attacker),
            Step::Assault(a) => match self.board.controller(rs, a.space) {
                super::power::Owner::Major(q) if q != p => Some(q),
                _ => None,
            },
            // --- card effects (issue 25): a naval battle's other side (C-BATTLE-CARDS at sea).
            Step::NavalBattle(b) if b.attacker != p => Some(b.attacker),
            Step::NavalBattle(b) => Game::resolve_place(rs, &b.place).ok().and_then(|pl| {
                self.board
                    .forces_at(&pl)
                    .iter()
                    .filter(|f| f.ships() > 0 && self.is_hostile(p, f.owner()))
                    .find_map(|f| match f.owner() {
                        super::power::Owner::Major(q) => Some(q),
                        _ => None,
                    })
            }),
            Step::EventPlayed { power, .. } if *power != p => Some(*power),
            Step::Entry(e) if e.mover != p => Some(e.mover),
            _ => None,
        })
    }

    fn main_defender_owner(&self, rs: &Ruleset, b: &Battle) -> super::power::Owner {
        b.defender.unwrap_or_else(|| {
            self.board
                .owners_in(b.space)
                .into_iter()
                .find(|o| self.board.stance(b.attacker, *o) != super::board::Stance::Friendly)
                .unwrap_or_else(|| self.board.controller(rs, b.space))
        })
    }
}

/// `u` cut down to at most `max` land units (regulars kept last), or `None` if nothing is left.
pub(crate) fn cap_pick(mut u: Units, max: u32) -> Option<Units> {
    let mut over = u.land().saturating_sub(max);
    for n in [&mut u.mercenaries, &mut u.cavalry, &mut u.regulars] {
        let k = (*n as u32).min(over);
        *n -= k as u8;
        over -= k;
    }
    (u.land() > 0).then_some(u)
}

pub(crate) fn is_zero(n: &u32) -> bool {
    *n == 0
}

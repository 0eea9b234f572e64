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

use super::action::{Action, Units};
use super::board::Force;
use super::error::{RuleError, RuleResult};
use super::event::{Event, EventKind, Side};
use super::game::{Decision, Game, Stage};
use super::power::Power;
use super::question::{Forgo, Question};
use super::refusal::Refusal;
use super::ruleset::{Ruleset, SpaceId};
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

/// Builds [`Step`] from its frames and its questions, and [`Step::question`] from the
/// questions: a new question is one entry of the `questions` list (its type implements
/// [`Question`] in its chapter module).
macro_rules! step_enum {
    (
        frames { $($frames:tt)* }
        questions { $( $(#[$m:meta])* $q:ident($t:ty), )* }
    ) => {
        /// One pending sub-step. Frames are worked automatically; decisions wait for their power.
        #[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
        #[serde(rename_all = "snake_case", tag = "step")]
        pub enum Step {
            $($frames)*
            $( $(#[$m])* $q($t), )*
        }

        impl Step {
            /// The question, for decision steps (`None` for frames).
            pub(crate) fn question(&self) -> Option<&dyn Question> {
                match self {
                    $( Step::$q(q) => Some(q), )*
                    _ => None,
                }
            }
        }
    };
}

step_enum! {
    frames {
        /// Frame: a formation entered a space.
        Entry(Entry),
        /// Frame: a field battle.
        Battle(Battle),
        /// Frame: an assault.
        Assault(AssaultStep),
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
        // --- naval warfare (`super::naval`)
        /// Frame: a naval battle (C-NAVAL-COMBAT).
        NavalBattle(super::naval::NavalBattle),
        // --- winter (C-WINTER-*)
        /// Frame: Winter in progress.
        Winter {
            /// Where it stands.
            phase: WinterPhase,
        },
        // --- foreign wars (R-FW-FIGHT, `super::foreign_war`)
        /// Frame: a foreign-war fight.
        ForeignWarFight(WarFight),
        // --- card effects (`super::cards::run`)
        /// Frame: a written card effect running.
        Effect(super::cards::run::EffectRun),
    }
    // The questions, each defined in its chapter module: the one list of them.
    questions {
        /// Decision (C-INT-WHO): `power` may intercept into `to` from one of `from`.
        Intercept(super::interception::Intercept),
        /// Decision (C-AVOID): `power` may try to avoid battle in `space`, moving to one of `to`.
        Avoid(super::interception::Avoid),
        /// Decision (C-WITHDRAW): `power` may withdraw its units in `space` into the
        /// fortifications.
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
        /// Decision (C-CARD-RESPONSE): `power` may play a response card on the event `card`.
        EventResponse(super::windows::EventResponse),
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
        /// Decision (C-WINTER-QUARTERS): `power` picks which of several equally near winter
        /// quarters the force in `from` goes to.
        WinterQuarters(super::winter::WinterQuarters),
        /// Decision (C-WINTER-REGULAR, Virgin Queen): the Empire takes its free winter unit in
        /// `space` as one regular or as the data's number of mercenaries.
        EmpireWinterUnit(super::winter::EmpireWinterUnit),
        /// Decision (C-WINTER-QUARTERS): which capital a force's survivors of attrition go to.
        AttritionCapital(super::winter::AttritionCapital),
        /// Decision (C-WINTER-QUARTERS): `power` has more land units in `space` than may winter
        /// there and picks which `excess` go to which of the capitals `to`.
        WinterExcess(super::winter::WinterExcess),
        /// Decision (R-FW-FIGHT, C-BATTLE-HITS): `power` picks which `hits` of its land units on
        /// the war card `card` are lost.
        WarCasualties(super::foreign_war::WarCasualties),
        /// Decision (R-FW-FIGHT): the war is won but an enemy holds the capital; `power` picks the
        /// friendly home key, among `to`, its returning `units` go to.
        WarReturn(super::foreign_war::WarReturn),
        // --- peace (C-DIP-PEACE, `super::peace`)
        /// Decision: `power` sued `winner` for peace and removes `owed` more of its land units.
        PeaceUnits(super::peace::PeaceUnits),
        /// Decision: `power` may regain what `winner` holds of its own (captured leaders, home
        /// keys, pairs of non-key home spaces), or finish (`forgo`).
        PeaceRegain(super::peace::PeaceRegain),
        /// Decision: the winner's forces leave the regained space `from`; `power` (the winner)
        /// picks which of the equally near fortified spaces it controls, `to`, they go to.
        PeaceWithdraw(super::peace::PeaceWithdraw),
        /// Decision: a running effect asks `power` (an option, a space, which units go).
        EffectAsk(super::cards::run::EffectAsk),
        // --- foreign wars, the Protestant, religion
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
}

impl Step {
    /// The power and decision awaited, for decision steps; `None` for frames.
    pub fn decision(&self) -> Option<(Power, Decision)> {
        self.question().map(|q| q.asked())
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
        let Some(q) = top.question() else {
            return Err(RuleError::WrongTime {
                action: a.kind(),
                waiting: self.awaiting(),
            });
        };
        if q.takes(a) {
            return q.answer(self, rs, p, a, ev);
        }
        let (_, decision) = q.asked();
        match a {
            Action::Forgo => match q.forgo() {
                Forgo::Declines => {
                    self.steps.pop();
                    ev.push(Event::public(EventKind::Forgone { power: p, decision }));
                    Ok(())
                }
                Forgo::MustAnswer => Err(Refusal::MustAnswer { decision }.into()),
                Forgo::NotAnAnswer => Err(RuleError::WrongTime {
                    action: a.kind(),
                    waiting: self.awaiting(),
                }),
            },
            // --- peace (C-DIP-PEACE): its answers only answer its questions.
            Action::Surrender { .. } | Action::Regain { .. } => Err(self.peace_not_asked(p).into()),
            Action::WithdrawInside => {
                let space = q.space();
                Err(Refusal::WithdrawNotOffered {
                    space,
                    units: space.map_or(0, |s| self.owner_land(p, s)),
                }
                .into())
            }
            other => Err(RuleError::WrongTime {
                action: other.kind(),
                waiting: self.awaiting(),
            }),
        }
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
        let Some(q) = top.question() else {
            return false;
        };
        let (p, d) = q.asked();
        match q.standing(self, rs) {
            Some((standing, action)) => self.apply_standing(rs, p, d, standing, &action, ev),
            None => false,
        }
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
        if let Some(q) = self.steps.last().and_then(Step::question) {
            q.legal(self, rs, p, out);
        }
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

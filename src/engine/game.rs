//! The game: its state, who is awaited, and `apply`, which checks an action and then runs every
//! automatic step (dice, bookkeeping, phase changes) until a player must decide again.
//!
//! Control flow is a small state machine: [`Stage`] is where the game waits for input and holds
//! that step's own data; phases without decisions (card draw, winter, victory determination) run
//! inside [`Game::advance`]. The state is plain data and round-trips through JSON exactly.

use super::action::Action;
use super::board::Board;
use super::error::{RuleError, RuleResult};
use super::event::{EndReason, Event, EventKind, PhaseName, Skipped};
use super::power::{Power, PowerSet, Relation};
use super::refusal::Refusal;
use super::ruleset::{EmpireChoice, Ruleset, SpaceId};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};

/// Version of the saved-state format.
pub const STATE_FORMAT: u32 = 2;

/// An offer made in diplomacy, waiting for an answer.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Offer {
    /// Who offers.
    pub from: Power,
    /// To whom.
    pub to: Power,
    /// Peace or alliance.
    pub status: Relation,
}

/// Where the game waits for input, with that step's own data.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "stage")]
pub enum Stage {
    /// Diplomacy: every power negotiates until all are done.
    Diplomacy {
        /// Powers that said they are done.
        done: PowerSet,
        /// Open offers.
        offers: Vec<Offer>,
    },
    /// Turn 1 spring: the Empire's secret choice (R-HRE-SECRET).
    SecretChoice,
    /// Spring deployment of one power.
    Deployment {
        /// Whose deployment.
        power: Power,
    },
    /// A power's impulse: play a card or pass.
    Impulse {
        /// Whose impulse.
        power: Power,
        /// Consecutive passes before this impulse.
        passes: u8,
    },
    /// Spending the CP of a played card.
    Cp {
        /// Whose impulse.
        power: Power,
        /// CP left.
        cp: u8,
    },
    /// Winter (C-WINTER-ORDER): the Winter frame on the decision stack holds where it stands
    /// and its questions wait above it.
    Winter,
    /// The game is over.
    Over {
        /// The winners (empty: nobody).
        winners: Vec<Power>,
        /// Why it ended (stored as its English text, as state format 1 always had it).
        #[serde(with = "super::event::stored_end_reason")]
        reason: EndReason,
    },
}

/// The decision a power is asked for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, strum::EnumIter)]
#[serde(rename_all = "snake_case")]
pub enum Decision {
    /// Negotiate; finish with `done`.
    Diplomacy,
    /// Make the secret choice.
    SecretChoice,
    /// Deploy from the capital or skip.
    Deployment,
    /// Play a card or pass.
    Impulse,
    /// Spend CP.
    SpendCp,
    /// Send land units to a foreign-war card.
    SendToWar,
    /// Take Protestant leaders off the map, or keep them.
    WithdrawLeaders,
    /// Move the Huguenot capital, or keep it.
    MoveCapital,
    /// Keep a natural 6 of a conversion attempt (unrest) or count it as a 5 (X-REL-SIX).
    ConversionSix,
    // --- land warfare (the decision stack, `super::steps`)
    /// Intercept an entering enemy formation, or not (C-INT-WHO).
    Intercept,
    /// Try to avoid battle, or stay (C-AVOID).
    AvoidBattle,
    /// Withdraw into the fortifications, or fight (C-WITHDRAW).
    WithdrawInside,
    /// Play a combat (or response) card before a battle's or assault's dice, or not (C-BATTLE-CARDS).
    CombatCard,
    /// Play a response card on a move, or not (C-CARD-RESPONSE).
    ResponseCard,
    /// Choose which land units are lost (C-BATTLE-HITS).
    Casualties,
    /// Choose where the survivors retreat (C-BATTLE-RETREAT).
    Retreat,
    // --- naval warfare
    /// Choose which ships are sunk (C-NAVAL-COMBAT).
    NavalCasualties,
    /// Choose where the beaten fleet retreats (C-NAVAL-COMBAT).
    NavalRetreat,
    /// Intercept an entering enemy fleet, or not (C-NAVAL-INT).
    NavalIntercept,
    /// Try to avoid a naval battle at sea, or stay (C-NAVAL-INT).
    NavalAvoid,
    // --- relief, second card window (issue 13)
    /// Bring besieged units out to join a relief battle, or keep them inside (C-RELIEF).
    JoinRelief,
    /// Play a card that changes rolled dice after a roll, or not (C-BATTLE-CARDS).
    DiceCard,
    // --- piracy
    /// Choose what piracy takes for a hit (C-PIRACY).
    PiracyReward,
    /// Choose the winter port of a fleet among equally near ones (C-NAVAL-WINTER).
    WinterPort,
    // --- diplomacy (C-DIP-WAR-LIMITS)
    /// Intervene for a minor by declaring war on who attacked it, or decline.
    Intervene,
    // --- winter (C-WINTER-QUARTERS)
    /// Choose among equally near winter quarters.
    WinterQuarters,
    /// Choose which excess land units go to a capital, and which capital.
    WinterExcess,
    /// The Empire's free winter unit: one regular or mercenaries (Virgin Queen).
    EmpireWinterUnit,
    /// Choose which capital the survivors of winter attrition go to.
    AttritionCapital,
    // --- peace (C-DIP-PEACE)
    /// Choose which of its land units a power that sued for peace removes.
    PeaceUnits,
    /// Regain captured leaders or home spaces from the war's winner, or finish.
    PeaceRegain,
    /// Pick where the winner's forces leaving a regained space go, among equally near ones.
    PeaceWithdraw,
    // --- foreign wars (R-FW-FIGHT)
    /// Choose the friendly home key the units back from a won foreign war go to (the capital is
    /// enemy-held).
    WarReturn,
    // --- card effects
    /// Answer a card effect's question: an option, a space (`choose`).
    EffectChoice,
}

/// Who must act now.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "awaiting")]
pub enum Awaiting {
    /// One power decides.
    One {
        /// Who.
        power: Power,
        /// What.
        decision: Decision,
    },
    /// Several powers decide in any order.
    Simultaneous {
        /// Who has not finished.
        pending: PowerSet,
        /// What.
        decision: Decision,
    },
    /// Nobody: the game is over.
    Over {
        /// Winners.
        winners: Vec<Power>,
    },
}

impl Awaiting {
    /// The powers that may act (for adjustments, every seated power may act too).
    pub fn powers(&self) -> PowerSet {
        match self {
            Awaiting::One { power, .. } => [*power].into_iter().collect(),
            Awaiting::Simultaneous { pending, .. } => *pending,
            Awaiting::Over { .. } => PowerSet::EMPTY,
        }
    }
}

/// The Empire's special state (R-HRE-*).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct EmpireState {
    /// The secret choice and its salt (never in another power's view).
    pub secret: Option<(EmpireChoice, String)>,
    /// sha256(choice|salt), public from the moment of choice.
    pub commitment: Option<String>,
    /// Revealed and scoring.
    pub revealed: bool,
    /// The Master of Central Europe marker is held (R-HRE-MASTER).
    pub master: bool,
    /// Rudolf II has been killed (R-HRE-RUDOLF-DEATH).
    pub rudolf_dead: bool,
}

/// The whole state of one game.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Game {
    /// State format version.
    pub format: u32,
    /// Fingerprint of the ruleset data the game was started with.
    pub ruleset: String,
    /// Scenario id.
    pub scenario: String,
    /// Powers in play (held by players).
    pub powers: PowerSet,
    /// Current turn.
    pub turn: u8,
    /// Where the game waits.
    pub stage: Stage,
    /// The map.
    pub board: Board,
    /// Hands, by power index.
    pub hands: [Vec<u16>; 6],
    /// Draw deck (top is the end).
    pub deck: Vec<u16>,
    /// Discard pile.
    pub discard: Vec<u16>,
    /// Cards out of the game.
    pub removed: Vec<u16>,
    /// Bonus VP from events and adjustments.
    pub bonus_vp: [i32; 6],
    /// Ruler set by an event, overriding the turn-based succession.
    pub ruler_override: [Option<String>; 6],
    /// The Empire's special state.
    pub empire: EmpireState,
    /// Captured leaders and their captors.
    pub captured: Vec<(String, Power)>,
    /// Leaders off the map (not yet entered, or taken off: R-PROT-LEADERS).
    pub off_map: Vec<String>,
    /// Settlements where Spain built a fortress (R-SPACE-FORTRESS).
    pub world_fortresses: Vec<String>,
    /// The Protestant's revolts and capital track (R-PROT-CAPITAL).
    #[serde(default)]
    pub protestant: super::protestant::ProtestantState,
    /// Foreign wars under way (R-FW-*).
    #[serde(default)]
    pub wars: Vec<super::foreign_war::ForeignWar>,
    /// Peace made between two majors, with its turn (C-DIP-WAR-LIMITS).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub peace_made: Vec<(Power, Power, u8)>,
    /// Peace a major made with a minor it was at war with, with its turn (C-DIP-WAR-LIMITS).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub minor_peace: Vec<(Power, super::power::Minor, u8)>,
    // --- land warfare
    /// Pending sub-steps above the stage, the top one awaited (see `super::steps`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub steps: Vec<super::steps::Step>,
    /// Marks that last one impulse (C-MOVE-ENTER, C-ASSAULT-PREREQ).
    #[serde(default, skip_serializing_if = "super::steps::ImpulseMarks::is_empty")]
    pub marks: super::steps::ImpulseMarks,
    /// Standing answers set by each power for itself.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub standing: Vec<(Power, super::steps::Standing)>,
    // --- naval warfare
    /// Piracy VP, piracy markers and the Barbary Pirates flag (C-PIRACY, C-RAISE).
    #[serde(default, skip_serializing_if = "super::piracy::NavalState::is_empty")]
    pub naval: super::piracy::NavalState,
    // --- treasures (Virgin Queen)
    /// The treasure pool, the Portuguese row, each power's (secret) treasures and spent ones.
    #[serde(
        default,
        skip_serializing_if = "super::treasure::TreasureState::is_empty"
    )]
    pub treasures: super::treasure::TreasureState,
    // --- card effects
    /// Flags set by card effects (`flag NAME`), with how long they last.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub flags: Vec<super::cards::run::Flag>,
    // --- diplomatic influence and inactive majors (X-INF-*, X-INACTIVE)
    /// Influence on minors and inactive majors, resolutions, inactive majors' controllers.
    #[serde(
        default,
        skip_serializing_if = "super::influence::InfluenceState::is_empty"
    )]
    pub influence: super::influence::InfluenceState,
    // --- marriages and espionage (X-MARRIAGE-*, X-SPY-*)
    /// Proposals, engagements, married royals and assassinated rulers and leaders.
    #[serde(default, skip_serializing_if = "super::marriage::CourtState::is_empty")]
    pub court: super::marriage::CourtState,
    /// Number of actions applied.
    pub seq: u32,
    /// The random generator; never shown to players.
    pub rng: ChaCha8Rng,
}

/// Options for a new game.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameOptions {
    /// Scenario id (`1559`).
    pub scenario: String,
    /// Powers held by players (2–6 players hold them; see R-GAME-PLAYERS).
    pub powers: PowerSet,
}

/// Why a game cannot be created.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SetupError {
    /// No such scenario.
    #[error("unknown scenario `{0}`; known: {1}")]
    UnknownScenario(String, String),
    /// Fewer than two powers.
    #[error("a game needs at least two powers in play (R-GAME-PLAYERS); got {0}")]
    TooFewPowers(usize),
}

/// Most automatic steps one `apply` may take: a rules bug must not loop forever.
const STEP_CAP: usize = 10_000;

impl Game {
    /// Creates a game at the start of a scenario and runs it to the first decision.
    pub fn new(
        rs: &Ruleset,
        opts: &GameOptions,
        seed: u64,
    ) -> Result<(Game, Vec<Event>), SetupError> {
        let sc = rs.scenario(&opts.scenario).ok_or_else(|| {
            SetupError::UnknownScenario(
                opts.scenario.clone(),
                rs.scenarios
                    .iter()
                    .map(|s| s.id.as_str())
                    .collect::<Vec<_>>()
                    .join(", "),
            )
        })?;
        if opts.powers.len() < 2 {
            return Err(SetupError::TooFewPowers(opts.powers.len()));
        }
        let mut g = Game {
            format: STATE_FORMAT,
            ruleset: rs.fingerprint.clone(),
            scenario: sc.id.clone(),
            powers: opts.powers,
            turn: sc.first_turn,
            stage: Stage::Diplomacy {
                done: PowerSet::EMPTY,
                offers: Vec::new(),
            },
            board: Board::new(rs, sc),
            hands: Default::default(),
            deck: Vec::new(),
            discard: Vec::new(),
            removed: Vec::new(),
            bonus_vp: [0; 6],
            ruler_override: Default::default(),
            empire: EmpireState::default(),
            captured: Vec::new(),
            off_map: Vec::new(),
            world_fortresses: Vec::new(),
            protestant: Default::default(),
            wars: Vec::new(),
            peace_made: Vec::new(),
            minor_peace: Vec::new(),
            steps: Vec::new(),
            marks: Default::default(),
            standing: Vec::new(),
            naval: Default::default(),
            treasures: Default::default(),
            flags: Vec::new(),
            influence: Default::default(),
            court: Default::default(),
            seq: 0,
            rng: ChaCha8Rng::seed_from_u64(seed),
        };
        // Leaders whose entry turn has not come, and Protestant leaders (they enter by rule), start off the map.
        let on_map: Vec<String> = g
            .board
            .spaces
            .iter()
            .flat_map(|s| s.forces.iter().flat_map(|f| f.leaders.clone()))
            .collect();
        g.off_map = rs
            .leaders
            .iter()
            .filter(|l| !on_map.contains(&l.id))
            .map(|l| l.id.clone())
            .collect();
        // Every major is at war with nobody and allied with nobody at the start, unless data says otherwise later.
        let mut ev = Vec::new();
        // --- inactive majors and starting influence by the number of powers (X-INACTIVE)
        g.setup_player_count(rs, &mut ev);
        ev.push(Event::public(EventKind::TurnStarted { turn: g.turn }));
        g.card_draw(rs, &mut ev);
        g.stage = Stage::Diplomacy {
            done: PowerSet::EMPTY,
            offers: Vec::new(),
        };
        ev.push(Event::public(EventKind::PhaseStarted {
            phase: PhaseName::Diplomacy,
        }));
        Ok((g, ev))
    }

    /// Who must act now: the decision on top of the step stack, else derived from the stage.
    pub fn awaiting(&self) -> Awaiting {
        if let Some((power, decision)) = self.steps.last().and_then(|s| s.decision()) {
            return Awaiting::One { power, decision };
        }
        match &self.stage {
            Stage::Diplomacy { done, .. } => Awaiting::Simultaneous {
                pending: self.powers.iter().filter(|p| !done.contains(*p)).collect(),
                decision: Decision::Diplomacy,
            },
            Stage::SecretChoice => Awaiting::One {
                power: Power::Empire,
                decision: Decision::SecretChoice,
            },
            Stage::Deployment { power } => Awaiting::One {
                power: *power,
                decision: Decision::Deployment,
            },
            Stage::Impulse { power, .. } => Awaiting::One {
                power: *power,
                decision: Decision::Impulse,
            },
            Stage::Cp { power, .. } => Awaiting::One {
                power: *power,
                decision: Decision::SpendCp,
            },
            // Winter's questions are on the stack above its frame; between them (never at rest)
            // nobody is asked.
            Stage::Winter => Awaiting::Simultaneous {
                pending: PowerSet::EMPTY,
                decision: Decision::WinterQuarters,
            },
            Stage::Over { winners, .. } => Awaiting::Over {
                winners: winners.clone(),
            },
        }
    }

    /// The current phase.
    pub fn phase(&self) -> Option<PhaseName> {
        match self.stage {
            Stage::Diplomacy { .. } => Some(PhaseName::Diplomacy),
            Stage::SecretChoice | Stage::Deployment { .. } => Some(PhaseName::SpringDeployment),
            Stage::Impulse { .. } | Stage::Cp { .. } => Some(PhaseName::Action),
            Stage::Winter => Some(PhaseName::Winter),
            Stage::Over { .. } => None,
        }
    }

    /// Whether the game has ended.
    pub fn is_over(&self) -> bool {
        matches!(self.stage, Stage::Over { .. })
    }

    /// Checks `action` for `power` and applies it with every automatic step that follows.
    /// On error nothing has changed.
    pub fn apply(&mut self, rs: &Ruleset, power: Power, action: &Action) -> RuleResult<Vec<Event>> {
        if let Action::Adjust(adj) = action {
            if !self.powers.contains(power) {
                return Err(Refusal::AdjustNotSeated { power }.into());
            }
            let mut ev = Vec::new();
            self.adjust(rs, power, adj, &mut ev)?;
            self.seq += 1;
            return Ok(ev);
        }
        if let Action::SetStanding { standing, on } = action {
            if !self.powers.contains(power) {
                return Err(Refusal::AdjustNotSeated { power }.into());
            }
            let mut ev = Vec::new();
            self.set_standing(power, *standing, *on, &mut ev);
            // A question already waiting on this power may now be answered by it.
            if !self.steps.is_empty() {
                self.run_steps(rs, &mut ev);
                self.resume_stage(rs, &mut ev);
                self.advance(rs, &mut ev);
            }
            self.seq += 1;
            return Ok(ev);
        }
        if self.is_over() {
            return Err(RuleError::GameOver);
        }
        if let Some(e) = self.secret_refusal(power, action) {
            return Err(e);
        }
        // --- treasures: a spend out of one's impulse names the treasure rule (X-TREASURE-SPEND).
        if let Action::SpendTreasure { treasure } = action {
            if let Some(r) = self.treasure_refusal(rs, power, *treasure) {
                return Err(r.into());
            }
        }
        let aw = self.awaiting();
        if !aw.powers().contains(power) {
            return Err(RuleError::NotYourTurn { power, waiting: aw });
        }
        let mut ev = Vec::new();
        if !self.steps.is_empty() {
            if let Action::RevealSecret = action {
                return Err(self.refuse_reveal());
            }
            self.answer_step(rs, power, action, &mut ev)?;
            self.run_steps(rs, &mut ev);
            self.resume_stage(rs, &mut ev);
            self.advance(rs, &mut ev);
            self.seq += 1;
            return Ok(ev);
        }
        // --- peace (C-DIP-PEACE): its answers only answer its questions.
        if matches!(action, Action::Surrender { .. } | Action::Regain { .. }) {
            return Err(self.peace_not_asked(power).into());
        }
        match (&self.stage, action) {
            // --- marriages (X-MARRIAGE-PROPOSE), in the Diplomacy phase only
            (_, a) if super::marriage::is_marriage_action(a) => {
                self.marriage_action(rs, power, a, &mut ev)?
            }
            // --- espionage (X-SPY-ACTION)
            (Stage::Cp { cp, .. }, a) if super::espionage::is_spy_action(a) => {
                let cp = *cp;
                let cost = self.spy(rs, power, a, cp, &mut ev)?;
                if !self.is_over() {
                    self.stage = Stage::Cp {
                        power,
                        cp: cp - cost,
                    };
                    self.resume_stage(rs, &mut ev);
                }
            }
            (_, a) if super::espionage::is_spy_action(a) => {
                return Err(Refusal::SpyOnlyWithCp { power }.into())
            }
            (Stage::Diplomacy { .. }, _) => self.diplomacy_action(rs, power, action, &mut ev)?,
            (Stage::SecretChoice, Action::SecretChoice { choice }) => {
                self.secret_choice(*choice, None, &mut ev)
            }
            (Stage::SecretChoice, Action::SecretChoiceSalted { choice, nonce }) => {
                self.secret_choice(*choice, Some(*nonce), &mut ev)
            }
            (Stage::Deployment { .. }, Action::Deploy { from, to, units }) => {
                self.deploy(rs, power, from, to, units, &mut ev)?;
                self.next_deployment(rs, power, &mut ev);
            }
            (Stage::Deployment { .. }, Action::PlaceLeader { leader, space }) => {
                self.place_leader(rs, power, leader, space, &mut ev)?;
            }
            (Stage::Deployment { .. }, Action::SkipDeployment) => {
                self.next_deployment(rs, power, &mut ev)
            }
            (Stage::Impulse { .. }, Action::Play { card, mode }) => {
                self.play_card(rs, power, *card, *mode, &mut ev)?
            }
            (Stage::Impulse { passes, .. }, Action::Pass) => {
                let passes = *passes;
                self.check_pass(rs, power)?;
                ev.push(Event::public(EventKind::Passed { power }));
                self.next_impulse(rs, power, passes + 1, &mut ev);
            }
            // --- diplomatic influence (X-INF-BUY)
            (Stage::Cp { cp, .. }, a) if super::influence::is_influence_cp_action(a) => {
                let cp = *cp;
                self.influence_cp_action(rs, power, a, cp, &mut ev)?
            }
            (Stage::Cp { cp, .. }, a) if super::religion::is_religion_cp_action(a) => {
                let cp = *cp;
                self.religion_cp_action(rs, power, a, cp, &mut ev)?
            }
            (Stage::Cp { cp, .. }, a) if is_cp_action(a) => {
                let cp = *cp;
                let cost = self.cp_action(rs, power, a, cp, &mut ev)?;
                let left = cp - cost;
                if !self.is_over() {
                    self.stage = Stage::Cp { power, cp: left };
                    self.resume_stage(rs, &mut ev);
                }
            }
            (Stage::Cp { .. }, Action::EndImpulse) => self.next_impulse(rs, power, 0, &mut ev),
            // --- treasures (X-TREASURE-SPEND)
            (Stage::Impulse { .. } | Stage::Cp { .. }, Action::SpendTreasure { treasure }) => {
                self.spend_treasure(rs, power, *treasure, &mut ev)?
            }
            (_, Action::RevealSecret) => return Err(self.refuse_reveal()),
            (_, a) => {
                return Err(RuleError::WrongTime {
                    action: a.kind(),
                    waiting: aw,
                })
            }
        }
        self.advance(rs, &mut ev);
        self.seq += 1;
        Ok(ev)
    }

    /// Runs automatic phases until a decision is needed.
    pub(crate) fn advance(&mut self, rs: &Ruleset, ev: &mut Vec<Event>) {
        for _ in 0..STEP_CAP {
            if self.is_over() || !self.steps.is_empty() {
                return;
            }
            match &self.stage {
                Stage::Diplomacy { done, .. } if self.powers.iter().all(|p| done.contains(p)) => {
                    ev.push(Event::public(EventKind::PhaseStarted {
                        phase: PhaseName::SpringDeployment,
                    }));
                    if self.needs_secret_choice(rs) {
                        self.stage = Stage::SecretChoice;
                    } else {
                        self.start_deployments(rs, ev);
                    }
                }
                Stage::Deployment { power } if !self.can_deploy(rs, *power) => {
                    let p = *power;
                    // The skipped question is said, with why (C-MOVE-SPRING).
                    let capitals = self.capitals_of(p);
                    let skipped = if capitals.is_empty() {
                        Skipped::DeployNoCapital
                    } else {
                        Skipped::DeployNoUnits { capitals }
                    };
                    ev.push(Event::public(EventKind::QuestionSkipped {
                        power: p,
                        skipped,
                    }));
                    self.next_deployment(rs, p, ev);
                }
                Stage::Impulse { power, passes } if self.must_skip_impulse(*power) => {
                    let (p, n) = (*power, *passes);
                    ev.push(Event::public(EventKind::Passed { power: p }));
                    self.next_impulse(rs, p, n + 1, ev);
                }
                _ => return,
            }
        }
        // Reaching the cap means a rules bug; end the game visibly rather than spin.
        self.stage = Stage::Over {
            winners: Vec::new(),
            reason: EndReason::StepLimit,
        };
    }

    /// Begins the Action phase with the first power in impulse order.
    pub(crate) fn start_action_phase(&mut self, ev: &mut Vec<Event>) {
        ev.push(Event::public(EventKind::PhaseStarted {
            phase: PhaseName::Action,
        }));
        let first = self
            .impulse_powers()
            .iter()
            .next()
            .unwrap_or(Power::Ottoman);
        self.stage = Stage::Impulse {
            power: first,
            passes: 0,
        };
        ev.push(Event::public(EventKind::ImpulseStarted { power: first }));
    }

    /// Moves to the next power's impulse; when every power in play has passed in a row, the
    /// Action phase ends and the end-of-turn phases run.
    pub(crate) fn next_impulse(
        &mut self,
        rs: &Ruleset,
        after: Power,
        passes: u8,
        ev: &mut Vec<Event>,
    ) {
        self.protestant.revolts.clear();
        self.marks = Default::default();
        self.expire_flags(super::cards::effect::FlagSpan::Impulse);
        if passes as usize >= self.impulse_powers().len() {
            self.expire_flags(super::cards::effect::FlagSpan::Turn);
            self.end_of_turn(rs, ev);
            return;
        }
        let next = self.next_power(after);
        self.stage = Stage::Impulse {
            power: next,
            passes,
        };
        ev.push(Event::public(EventKind::ImpulseStarted { power: next }));
    }

    /// The next power in play after `p`, in impulse order, wrapping.
    pub(crate) fn next_power(&self, p: Power) -> Power {
        let order: Vec<Power> = self.impulse_powers().iter().collect();
        let i = order.iter().position(|q| *q == p).unwrap_or(0);
        order[(i + 1) % order.len()]
    }

    /// A power with no cards and no treasures passes automatically (both counts are public, so
    /// the skip tells nothing; a treasure may still be spent for CP, X-TREASURE-SPEND).
    fn must_skip_impulse(&self, p: Power) -> bool {
        self.hands[p as usize].is_empty() && self.treasures.held[p as usize].is_empty()
    }

    /// Rolls one six-sided die.
    pub(crate) fn d6(&mut self) -> u8 {
        self.rng.random_range(1..=6)
    }

    /// Rolls `n` dice.
    pub(crate) fn roll(&mut self, n: u32) -> Vec<u8> {
        (0..n).map(|_| self.d6()).collect()
    }

    /// A 64-bit random value (salts, shuffles).
    pub(crate) fn random_u64(&mut self) -> u64 {
        self.rng.random()
    }

    /// Looks up a space by data id, English or Russian name, any case. An unknown name gets up to
    /// three close names as a hint, in the language the name was typed in.
    pub fn resolve_space(rs: &Ruleset, name: &str) -> RuleResult<SpaceId> {
        if let Some(s) = rs.space_id(name) {
            return Ok(s);
        }
        let t = name.trim().to_lowercase();
        let norm = t.replace([' ', '-', '.', '\''], "_");
        for (i, s) in rs.spaces.iter().enumerate() {
            if s.id.to_lowercase() == norm
                || s.name_en.to_lowercase() == t
                || s.name_ru.to_lowercase() == t
            {
                return Ok(SpaceId(i as u16));
            }
        }
        let mut best: Vec<(usize, &str)> = rs
            .spaces
            .iter()
            .flat_map(|s| {
                [
                    (
                        super::names::edit_distance(&t, &s.name_en.to_lowercase()),
                        s.name_en.as_str(),
                    ),
                    (
                        super::names::edit_distance(&t, &s.name_ru.to_lowercase()),
                        s.name_ru.as_str(),
                    ),
                ]
            })
            .filter(|(d, _)| *d <= 3)
            .collect();
        best.sort();
        best.dedup_by_key(|(_, n)| *n);
        Err(RuleError::Unknown {
            what: "space",
            name: name.to_string(),
            near: best.iter().take(3).map(|(_, n)| n.to_string()).collect(),
        })
    }

    /// The current ruler id of a power: an event's ruler, else the latest by turn.
    pub fn ruler<'r>(&self, rs: &'r Ruleset, p: Power) -> Option<&'r super::ruleset::Ruler> {
        let r = match &self.ruler_override[p as usize] {
            Some(id) => rs.rulers.iter().find(|r| &r.id == id),
            None => rs
                .rulers
                .iter()
                .filter(|r| r.power == p && r.from_turn.is_some_and(|t| t <= self.turn))
                .max_by_key(|r| r.from_turn),
        };
        // X-SPY-ASSASSINATE: an assassinated ruler's successor reigns at once.
        if self.court.assassinated.is_empty() {
            return r;
        }
        self.living_ruler(rs, p, r)
    }

    /// Administrative rating (R-HRE-RUDOLF-DEATH: 1 for the Empire once Rudolf II is dead).
    pub fn admin_rating(&self, rs: &Ruleset, p: Power) -> u8 {
        if p == Power::Empire && self.empire.rudolf_dead {
            return 1;
        }
        let base = self.ruler(rs, p).map_or(1, |r| r.admin);
        // --- card effects: `ruler admin:N` while its mark lasts
        (i32::from(base) + self.ruler_change(p).0).clamp(0, 255) as u8
    }

    /// Ruler card bonus (R-HRE-RUDOLF-DEATH: none for the Empire once Rudolf II is dead).
    pub fn card_bonus(&self, rs: &Ruleset, p: Power) -> u8 {
        if p == Power::Empire && self.empire.rudolf_dead {
            return 0;
        }
        let base = self.ruler(rs, p).map_or(0, |r| r.card_bonus);
        // --- card effects: `ruler cards:N` while its mark lasts
        (i32::from(base) + self.ruler_change(p).1).clamp(0, 255) as u8
    }

    /// SHA-256 of the state's JSON, hex: the per-action hash stored in the log.
    pub fn state_hash(&self) -> String {
        use sha2::{Digest, Sha256};
        let json = serde_json::to_vec(self).unwrap_or_default();
        hex::encode(Sha256::digest(&json))
    }
}

/// Whether an action spends CP.
fn is_cp_action(a: &Action) -> bool {
    matches!(
        a,
        Action::Move { .. }
            | Action::Control { .. }
            | Action::Raise { .. }
            | Action::BuildFortress { .. }
            | Action::Assault { .. }
            | Action::Revolt { .. }
            | Action::FightForeignWar { .. }
            | Action::NavalMove { .. }
            | Action::NavalTransport { .. }
            | Action::Piracy { .. }
    )
}

/// The action's kind as a snake-case id (`declare_war`), for logs and statistics.
pub fn action_name(a: &Action) -> &'static str {
    a.kind().as_str()
}

//! What happened, as typed events with a visibility. Front ends turn them into text.

use super::action::{Adjustment, CardMode, CardPlace, UnitKind, Units};
use super::power::{Faction, Owner, Power, PowerSet, Relation};
use super::ruleset::{EmpireChoice, SpaceId};
use serde::{Deserialize, Serialize};

/// Who may see an event.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Visibility {
    /// Everyone, including observers.
    Public,
    /// Only these powers' players.
    Powers(PowerSet),
}

impl Visibility {
    /// Visible to one power only.
    pub fn only(p: Power) -> Visibility {
        Visibility::Powers([p].into_iter().collect())
    }
    /// Whether a viewer that holds `seat` (None = observer) may see it.
    pub fn visible_to(self, seat: Option<Power>) -> bool {
        match (self, seat) {
            (Visibility::Public, _) => true,
            (Visibility::Powers(s), Some(p)) => s.contains(p),
            (Visibility::Powers(_), None) => false,
        }
    }
}

/// The game's phases (a turn runs them in this order).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PhaseName {
    /// Cards are dealt.
    CardDraw,
    /// Negotiation, war and peace.
    Diplomacy,
    /// One formation moves from each capital.
    SpringDeployment,
    /// Impulses.
    Action,
    /// Units return to winter quarters.
    Winter,
    /// VP are counted and victory checked.
    VictoryDetermination,
}

/// Dice of one side in a battle or assault.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Side {
    /// Who.
    pub owner: Owner,
    /// The dice rolled.
    pub dice: Vec<u8>,
    /// Hits scored (5s and 6s).
    pub hits: u32,
    /// Land units lost.
    pub losses: u32,
}

/// Why the Empire's secret choice is revealed (R-HRE-SECRET).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RevealReason {
    /// Its VP give the Empire the victory.
    EmpireWins,
    /// Its VP stop another power's victory.
    BlocksVictory,
    /// The game has ended.
    GameEnded,
}

/// Why the game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "kind")]
pub enum EndReason {
    /// Standard victory: one power alone at the top with at least the victory VP.
    Standard { vp: i32 },
    /// After the last turn: the highest VP win.
    LastTurn { vp: i32 },
    /// R-PROT-MILITARY-WIN: the Protestant holds this many keys outside the Netherlands.
    ProtestantMilitary { keys: u32 },
    /// The engine's internal step limit was reached (a rules bug to report).
    StepLimit,
    // --- diplomacy, winter, cards and victory (C-VP-*)
    /// C-VP-DOMINATION: one power leads every other by at least the gap.
    Domination { vp: i32, lead: i32 },
    /// C-VP-MILITARY: a power holds the keys of the last box of its track.
    Military { power: Power, keys: u32 },
    /// X-SPY-GUNPOWDER: Spain's spies killed England's ruler with the Gunpowder Plot.
    GunpowderPlot,
}

impl EndReason {
    /// The reason as the game state stores it: the English text format 1 of the state always
    /// held, so the state hashes of games that ended before stay valid. Players never see it
    /// (the catalogue words the reason).
    pub fn stored_text(self) -> String {
        match self {
            EndReason::Standard { vp } => format!("standard victory: {vp} VP"),
            EndReason::LastTurn { vp } => format!("end of the last turn: highest VP ({vp})"),
            EndReason::ProtestantMilitary { keys } => {
                format!("Protestant military victory: {keys} keys outside the Netherlands")
            }
            EndReason::StepLimit => STEP_LIMIT_TEXT.to_string(),
            EndReason::Domination { vp, lead } => {
                format!("domination victory: {vp} VP, {lead} ahead")
            }
            EndReason::Military { power, keys } => {
                format!("military victory: {power} holds {keys} keys")
            }
            EndReason::GunpowderPlot => GUNPOWDER_TEXT.to_string(),
        }
    }

    /// Reads [`EndReason::stored_text`] back.
    pub fn from_stored_text(text: &str) -> Option<EndReason> {
        let between = |pre: &str, post: &str| {
            text.strip_prefix(pre)
                .and_then(|t| t.strip_suffix(post))
                .map(str::to_string)
        };
        if let Some(n) = between("standard victory: ", " VP") {
            return n.parse().ok().map(|vp| EndReason::Standard { vp });
        }
        if let Some(n) = between("end of the last turn: highest VP (", ")") {
            return n.parse().ok().map(|vp| EndReason::LastTurn { vp });
        }
        if let Some(n) = between(
            "Protestant military victory: ",
            " keys outside the Netherlands",
        ) {
            return n
                .parse()
                .ok()
                .map(|keys| EndReason::ProtestantMilitary { keys });
        }
        if let Some(t) = between("domination victory: ", " ahead") {
            let (vp, lead) = t.split_once(" VP, ")?;
            return Some(EndReason::Domination {
                vp: vp.parse().ok()?,
                lead: lead.parse().ok()?,
            });
        }
        if let Some(t) = between("military victory: ", " keys") {
            let (p, keys) = t.split_once(" holds ")?;
            return Some(EndReason::Military {
                power: p.parse().ok()?,
                keys: keys.parse().ok()?,
            });
        }
        if text == GUNPOWDER_TEXT {
            return Some(EndReason::GunpowderPlot);
        }
        (text == STEP_LIMIT_TEXT).then_some(EndReason::StepLimit)
    }
}

const GUNPOWDER_TEXT: &str = "Gunpowder Plot: Spain wins";

const STEP_LIMIT_TEXT: &str = "internal step limit reached; please report this game";

/// Serde for the [`EndReason`] kept in the game state, as its [`EndReason::stored_text`].
pub(crate) mod stored_end_reason {
    use super::EndReason;
    use serde::de::Error;
    use serde::{Deserialize, Deserializer, Serializer};

    pub fn serialize<S: Serializer>(r: &EndReason, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&r.stored_text())
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<EndReason, D::Error> {
        let text = String::deserialize(d)?;
        EndReason::from_stored_text(&text)
            .ok_or_else(|| D::Error::custom(format!("unknown end of game `{text}`")))
    }
}

/// A question that was not asked, and why (said in the channel at the moment it would have been
/// asked).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "question")]
pub enum Skipped {
    /// C-AVOID: no space to avoid battle into from `space`.
    Avoid { space: SpaceId },
    /// C-WITHDRAW: `units` defenders in `space`, more than `max` may withdraw inside.
    Withdraw {
        space: SpaceId,
        units: u32,
        max: u32,
    },
    /// C-MOVE-SPRING: the power has no capital to deploy from.
    DeployNoCapital,
    /// C-MOVE-SPRING: none of the power's land units stand in its capitals.
    DeployNoUnits { capitals: Vec<SpaceId> },
    /// C-WINTER-REGULAR: no free winter unit in `space`, for the reason given.
    FreeUnit { space: SpaceId, why: FreeUnitBar },
}

/// Why a capital gives no free winter unit (C-WINTER-REGULAR, C-UNREST).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum FreeUnitBar {
    /// Another power (or a minor, or nobody) holds it.
    HeldBy(Owner),
    /// It is in unrest.
    Unrest,
    /// The power's force there is at the unit bound.
    Full,
}

/// One thing that happened.
///
/// [`EventTag`] names each variant without its data, so a completeness check can list them all.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, strum::EnumDiscriminants)]
#[strum_discriminants(name(EventTag), derive(strum::EnumIter, strum::IntoStaticStr))]
#[strum_discriminants(doc = "The variant of an [`EventKind`], without its data.")]
#[serde(rename_all = "snake_case", tag = "kind")]
pub enum EventKind {
    /// A question `power` would have been asked was skipped; `skipped` says which and why.
    QuestionSkipped { power: Power, skipped: Skipped },
    /// A new turn.
    TurnStarted { turn: u8 },
    /// A phase begins.
    PhaseStarted { phase: PhaseName },
    /// A power's new hand (private).
    HandDealt { power: Power, cards: Vec<u16> },
    /// Something a card's written effect did (`super::cards::run`).
    Effect {
        card: u16,
        what: super::cards::run::EffectEvent,
    },
    /// How many cards a power holds after the deal (public).
    HandSize { power: Power, cards: usize },
    /// A power's impulse begins.
    ImpulseStarted { power: Power },
    /// A card is played.
    CardPlayed {
        power: Power,
        card: u16,
        mode: CardMode,
    },
    /// An event the engine does not automate: players apply it with `adjust`.
    EventNotAutomated { power: Power, card: u16 },
    /// CP left to spend.
    CpLeft { power: Power, cp: u8 },
    /// A power passes.
    Passed { power: Power },
    /// Units move.
    Moved {
        power: Power,
        from: SpaceId,
        to: SpaceId,
        units: Units,
    },
    /// Spring deployment.
    Deployed {
        power: Power,
        from: SpaceId,
        to: SpaceId,
        units: Units,
    },
    /// Political control changes.
    ControlChanged {
        space: SpaceId,
        from: Owner,
        to: Owner,
    },
    /// A unit is raised.
    Raised {
        power: Power,
        space: SpaceId,
        unit: UnitKind,
    },
    /// A fortress is built (on a Europe space or, for Spain, a settlement id).
    FortressBuilt { power: Power, place: String },
    /// A field battle.
    FieldBattle {
        space: SpaceId,
        attacker: Side,
        defender: Side,
        winner: Owner,
    },
    /// A siege begins.
    SiegeStarted { space: SpaceId, by: Power },
    /// A siege ends without capture.
    SiegeLifted { space: SpaceId },
    /// An assault.
    Assault {
        space: SpaceId,
        attacker: Side,
        defender: Side,
        captured: bool,
    },
    /// An assault's dice and hits, posted as soon as they are rolled and before either side
    /// is asked for its casualties (C-ASSAULT-DICE, C-BATTLE-HITS).
    AssaultRolled {
        space: SpaceId,
        attacker: Side,
        defender: Side,
    },
    /// Units retreat.
    Retreated {
        owner: Owner,
        from: SpaceId,
        to: SpaceId,
    },
    /// Units with nowhere to go are eliminated.
    Eliminated {
        owner: Owner,
        space: SpaceId,
        units: u32,
    },
    /// A leader is captured.
    LeaderCaptured { leader: String, by: Power },
    /// War declared.
    WarDeclared { by: Power, target: Power },
    /// An offer of peace or alliance.
    Offered {
        from: Power,
        to: Power,
        status: Relation,
    },
    /// An offer accepted: the new status holds.
    OfferAccepted {
        from: Power,
        to: Power,
        status: Relation,
    },
    /// An offer declined.
    OfferDeclined {
        from: Power,
        to: Power,
        status: Relation,
    },
    /// A minor power becomes a major's ally.
    MinorAllied {
        minor: super::power::Minor,
        power: Power,
    },
    /// A power finished negotiating.
    DiplomacyDone { power: Power },
    /// The Empire's choice, committed: the hash is public.
    SecretCommitted { commitment: String },
    /// The Empire's choice itself (private to the Empire until revealed).
    SecretChosen { choice: EmpireChoice, salt: String },
    /// The Empire's choice revealed, with its salt so anyone can check the commitment.
    SecretRevealed {
        choice: EmpireChoice,
        salt: String,
        vp: u8,
        reason: RevealReason,
    },
    /// Winter: units go to winter quarters.
    WinterQuarters {
        owner: Owner,
        from: SpaceId,
        to: SpaceId,
        units: u32,
    },
    /// Winter: a free regular in a capital.
    FreeRegular { power: Power, space: SpaceId },
    /// A capital moves (R-HRE-CAPITAL, R-PROT-CAPITAL).
    CapitalMoved { power: Power, to: Option<SpaceId> },
    /// A ruler changes.
    RulerChanged { power: Power, ruler: String },
    /// The Master of Central Europe marker is taken or lost (R-HRE-MASTER).
    MasterOfCentralEurope { held: bool },
    /// VP totals after Victory Determination, and the powers in play (listed with 0 too).
    VpTotals {
        vp: [i32; 6],
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        seated: Vec<Power>,
    },
    /// A Protestant revolt (R-PROT-CAPITAL).
    Revolted { space: SpaceId, faction: Faction },
    /// Protestant leaders taken off the map in Winter (R-PROT-LEADERS).
    LeadersWithdrawn { leaders: Vec<String> },
    /// A foreign war begins (R-FW-DEPLOY).
    ForeignWarStarted {
        card: u16,
        power: Power,
        required: u8,
        army: u8,
    },
    /// Units go to a foreign-war card (R-FW-DEPLOY, R-FW-UPKEEP).
    SentToWar {
        card: u16,
        power: Power,
        from: SpaceId,
        units: Units,
    },
    /// A battle against a foreign army (R-FW-FIGHT).
    ForeignWarBattle {
        card: u16,
        attacker: Side,
        defender: Side,
    },
    /// A foreign war ends; survivors go to `to` (none: no friendly place, eliminated).
    ForeignWarEnded {
        card: u16,
        power: Power,
        to: Option<SpaceId>,
        units: u32,
    },
    /// The struck power chose its losses on the war card (R-FW-FIGHT, C-BATTLE-HITS).
    WarCasualtiesTaken {
        power: Power,
        card: u16,
        units: Units,
    },
    // --- diplomacy, winter, cards and victory (C-DIP-*, C-WINTER-*)
    /// C-DIP-WAR-COST: a card discarded to pay for a declaration of war.
    WarCostPaid { power: Power, card: u16, cost: u8 },
    /// C-DIP-PEACE: `by` sues for peace; `winner` gains `vp`.
    PeaceSued { by: Power, winner: Power, vp: i32 },
    /// C-DIP-PEACE: the power that sued for peace owes `units` units of its own, removed from
    /// the map by its choice (not automated: applied with `adjust`).
    PeaceUnitsOwed { power: Power, units: i32 },
    /// C-DIP-RANSOM: a captured leader goes back to its owner (to a capital, or off the map);
    /// the captor draws `cards` cards from the owner's hand.
    LeaderRansomed {
        leader: String,
        owner: Power,
        captor: Power,
        cards: u8,
        to: Option<SpaceId>,
    },
    /// C-DIP-RANSOM, private to the two powers: the cards the captor drew from the owner's
    /// hand (the channel hears only how many, in [`EventKind::LeaderRansomed`]).
    RansomCards {
        owner: Power,
        captor: Power,
        cards: Vec<u16>,
    },
    /// C-WINTER-CAPITAL-RECALL: units and leaders brought back to a capital.
    Recalled {
        power: Power,
        from: SpaceId,
        to: SpaceId,
        units: u32,
    },
    /// C-WINTER-ORDER: an alliance between two majors ends in Winter.
    AllianceEnded { a: Power, b: Power },
    /// C-WINTER-QUARTERS: units with no way to winter quarters lose `lost` units; the rest go
    /// to `to` (none: no capital, all eliminated).
    WinterAttrition {
        owner: Owner,
        space: SpaceId,
        lost: u32,
        to: Option<SpaceId>,
    },
    /// C-WINTER-QUARTERS: `power` is asked where its units in `from` winter (`excess` 0: which
    /// of the equally near quarters `to`; else which `excess` units go to which capital `to`).
    WinterQuestion {
        power: Power,
        from: SpaceId,
        to: Vec<SpaceId>,
        excess: u32,
    },
    /// C-DIP-WAR-LIMITS: `by` declares war on a minor with no ally.
    MinorWarDeclared {
        by: Power,
        minor: super::power::Minor,
    },
    /// C-DIP-PEACE: `by` ends its war on a minor with no ally.
    MinorPeace {
        by: Power,
        minor: super::power::Minor,
    },
    /// `power`'s war on `minor` ends because the minor is now `ally`'s ally.
    MinorWarEnded {
        power: Power,
        minor: super::power::Minor,
        ally: Power,
    },
    /// C-CARD-MANDATORY: a mandatory event not played by its due turn is resolved in Winter by
    /// `power`; `removed`: it leaves the game (else it is discarded).
    MandatoryOverdue {
        power: Power,
        card: u16,
        removed: bool,
    },
    /// A manual fix.
    Adjusted { by: Power, adjustment: Adjustment },
    /// A manual fix moved a card to a hand or the deck: the public notice (which card it was
    /// is only in the private [`EventKind::Adjusted`]).
    CardMoved { by: Power, to: CardPlace },
    /// A leader enters play in a space.
    LeaderEntered { leader: String, space: SpaceId },
    /// "Paris Is Worth a Mass" (`card`) is played but the Huguenot capital cannot move: none on
    /// the map, or no Protestant-held fortified space in France to move to.
    HuguenotCapitalStays { card: u16 },
    // --- religion (X-REL-*)
    /// A conversion attempt rolled a natural 6: the roller decides whether to keep it (X-REL-SIX).
    ConversionSixRolled {
        power: Power,
        space: SpaceId,
        modifier: i8,
    },
    /// A conversion attempt (X-REL-CONVERT): the die, what it counted as, the modifier and the
    /// number needed.
    ConversionAttempt {
        power: Power,
        space: SpaceId,
        natural: u8,
        counted: u8,
        modifier: i8,
        needed: i8,
        success: bool,
    },
    /// A space's religion changes (R-REL-STATE).
    ReligionChanged {
        space: SpaceId,
        religion: super::power::Religion,
    },
    /// Unrest is placed on a space (its effects: C-UNREST).
    UnrestPlaced { space: SpaceId },
    /// An English Catholic rebellion (X-REL-ENG-REBELLION).
    CatholicRebellion {
        space: SpaceId,
        by: Power,
        attacker: Side,
        defender: Side,
        success: bool,
    },
    // --- safe input
    /// A manual fix set one owner's units in a space: counts (regulars, mercenaries, cavalry,
    /// squadrons, corsairs) before and after.
    UnitsAdjusted {
        by: Power,
        space: SpaceId,
        owner: Owner,
        faction: Option<Faction>,
        before: [u8; 5],
        after: [u8; 5],
    },
    // --- land warfare (C-INT-*, C-AVOID, C-WITHDRAW, C-BATTLE-*, C-UNREST, standing answers)
    /// An interception attempt: 2d6 + `bonus` against `need` (C-INT-ROLL).
    InterceptRoll {
        power: Power,
        from: SpaceId,
        to: SpaceId,
        dice: Vec<u8>,
        bonus: u32,
        need: u32,
        success: bool,
    },
    /// An attempt to avoid battle (C-AVOID).
    AvoidRoll {
        power: Power,
        from: SpaceId,
        to: SpaceId,
        dice: Vec<u8>,
        bonus: u32,
        need: u32,
        success: bool,
    },
    /// Land units go inside a space's fortifications (C-WITHDRAW, C-BATTLE-RETREAT).
    WithdrewInside {
        owner: Owner,
        space: SpaceId,
        units: u32,
    },
    /// A power declines what it was offered (interception, avoiding, withdrawal, a card).
    Forgone {
        power: Power,
        decision: super::game::Decision,
    },
    /// Casualties taken (C-BATTLE-HITS).
    CasualtiesTaken {
        owner: Owner,
        space: SpaceId,
        units: Units,
    },
    /// Both sides were wiped out: one regular of the side that rolled more dice stays
    /// (C-BATTLE-TIES).
    RegularKept { owner: Owner, space: SpaceId },
    /// Unrest ends in a space (C-CONTROL-UNFORT, C-ASSAULT-RESULT).
    UnrestEnded { space: SpaceId },
    /// A power sets or clears a standing answer.
    StandingSet {
        power: Power,
        standing: super::steps::Standing,
        on: bool,
    },
    /// A standing answer answered a decision.
    StandingApplied {
        power: Power,
        standing: super::steps::Standing,
        decision: super::game::Decision,
    },
    // --- naval warfare (C-NAVAL-*); places are port (space) or sea-zone ids
    /// A naval stack moved one step (C-NAVAL-MOVE).
    NavalMoved {
        power: Power,
        from: String,
        to: String,
        squadrons: u32,
        corsairs: u32,
        /// The naval leaders who sail with the fleet.
        #[serde(default)]
        leaders: Vec<String>,
    },
    /// A naval interception attempt: 2d6 + `bonus` against `need` (C-NAVAL-INT).
    NavalInterceptRoll {
        power: Power,
        from: String,
        to: String,
        dice: Vec<u8>,
        bonus: u32,
        need: u32,
        success: bool,
    },
    /// An attempt to avoid a naval battle at sea (C-NAVAL-INT).
    NavalAvoidRoll {
        power: Power,
        from: String,
        to: String,
        dice: Vec<u8>,
        bonus: u32,
        need: u32,
        success: bool,
    },
    /// A naval battle's dice (C-NAVAL-COMBAT).
    NavalBattleRolled {
        place: String,
        attacker: Power,
        defender: Owner,
        attacker_dice: Vec<u8>,
        defender_dice: Vec<u8>,
        attacker_hits: u32,
        defender_hits: u32,
        attacker_wins: bool,
    },
    /// Ships sunk in a naval battle (C-NAVAL-COMBAT).
    ShipsSunk {
        owner: Owner,
        place: String,
        squadrons: u32,
        corsairs: u32,
    },
    /// Both fleets were sunk: one squadron of the side with more dice stays (C-NAVAL-COMBAT).
    ShipKept { owner: Owner, place: String },
    /// A beaten fleet retreats (C-NAVAL-COMBAT).
    NavalRetreated {
        owner: Owner,
        from: String,
        to: String,
    },
    /// Ships with nowhere to go are lost (C-NAVAL-COMBAT, C-NAVAL-WINTER).
    ShipsLost {
        owner: Owner,
        place: String,
        squadrons: u32,
        corsairs: u32,
    },
    /// A fleet at sea goes to a winter port (C-NAVAL-WINTER).
    WinterPort {
        owner: Owner,
        from: String,
        to: SpaceId,
    },
    /// A formation crossed by sea (C-NAVAL-TRANSPORT).
    Transported {
        power: Power,
        from: SpaceId,
        to: SpaceId,
        units: Units,
        zones: Vec<String>,
    },
    // --- relief (issue 13)
    /// Winter (C-WINTER-REGULAR, Virgin Queen): the Empire took mercenaries instead of its free
    /// regular.
    EmpireWinterMercenaries { space: SpaceId, mercenaries: u8 },
    /// Besieged units come out of the fortifications to fight with the relief (C-RELIEF).
    JoinedRelief {
        power: Power,
        space: SpaceId,
        units: u32,
    },
    /// Besieged units that fought with a beaten relief go back inside (C-RELIEF).
    BackInside {
        owner: Owner,
        space: SpaceId,
        units: u32,
    },
    // --- piracy (C-PIRACY)
    /// Piracy dice: anti-piracy first (each hit sinks a corsair), then the piracy dice.
    PiracyRolled {
        zone: String,
        target: Power,
        anti_dice: Vec<u8>,
        corsairs_sunk: u32,
        dice: Vec<u8>,
        hits: u32,
    },
    /// The target paid one piracy hit (a card is never named here).
    PiracyRewardGiven {
        target: Power,
        zone: String,
        reward: super::piracy::PiracyReward,
        at: Option<String>,
        piracy_vp: u8,
    },
    /// Which card piracy took (seen by the two powers only).
    PiracyCard { from: Power, to: Power, card: u16 },
    /// Piracy hits the target had nothing to pay for.
    PiracyHitsLost { target: Power, hits: u32 },
    /// Winter: piracy markers come off (C-WINTER-ORDER).
    PiracyMarkersRemoved { zones: Vec<String> },
    // --- treasures (Virgin Queen)
    /// Card Draw phase: the Portuguese row is refilled face down (counts only).
    TreasureRowRefilled { added: u8, row: u8, pool: u16 },
    /// Winter: a power draws a Portuguese treasure (public: who, and how many it holds now).
    TreasureDrawn { power: Power, held: u8 },
    /// Winter: nobody draws (no major in play controls Lisbon: `power` is `None`), or the row
    /// was empty for `power`.
    NoTreasureDrawn { power: Option<Power> },
    /// The face of a treasure a power took (seen by that power only).
    TreasureGained { power: Power, treasure: u16 },
    /// A treasure of a power went back to the pool by a manual fix (seen by that power only).
    TreasureReturned { power: Power, treasure: u16 },
    /// A treasure is spent for its CP (public: face and value).
    TreasureSpent { power: Power, treasure: u16, cp: u8 },
    /// With the new hand: the treasures a power holds (seen by that power only).
    TreasuresHeld { power: Power, treasures: Vec<u16> },
    // --- peace (C-DIP-PEACE)
    /// The power that sued for peace has fewer land units on the map than it owes: it removes
    /// all it has.
    PeaceUnitsShort {
        power: Power,
        owed: i32,
        on_map: u32,
    },
    /// The power that sued for peace removed land units of its own; `left` are still owed.
    UnitsSurrendered {
        power: Power,
        space: SpaceId,
        units: Units,
        left: u32,
    },
    /// The power that sued for peace may regain these items the winner holds.
    PeaceRegainOpen {
        power: Power,
        winner: Power,
        leaders: Vec<String>,
        keys: Vec<SpaceId>,
        spaces: Vec<SpaceId>,
    },
    /// It regained a leader (to a capital, or off the map) or home spaces; the winner got `vp`
    /// VP or a card (never named here).
    PeaceRegained {
        power: Power,
        winner: Power,
        leader: Option<String>,
        spaces: Vec<SpaceId>,
        pay: super::action::PeacePay,
        vp: i32,
        to: Option<SpaceId>,
    },
    /// Which card the winner drew (seen by the two powers only).
    PeaceCard { from: Power, to: Power, card: u16 },
    /// The winner's land units left a regained space for its nearest fortified space (none:
    /// eliminated).
    PeaceWithdrawn {
        power: Power,
        from: SpaceId,
        to: Option<SpaceId>,
        units: u32,
    },
    /// The game ends.
    GameOver {
        winners: Vec<Power>,
        reason: EndReason,
    },
    // --- diplomatic influence and inactive majors (X-INF-*, X-INACTIVE)
    /// Influence bought, a status resolved, the inactive majors and starting influence.
    Influence(super::influence::InfluenceEvent),
    // --- marriages and espionage (X-MARRIAGE-*, X-SPY-*)
    /// What a marriage or a spy did (`super::marriage`, `super::espionage`).
    Court { what: super::marriage::CourtEvent },
}

/// An event with its visibility.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Event {
    /// Who may see it.
    pub vis: Visibility,
    /// What happened.
    pub kind: EventKind,
}

impl Event {
    /// A public event.
    pub fn public(kind: EventKind) -> Event {
        Event {
            vis: Visibility::Public,
            kind,
        }
    }
    /// An event only `p` sees.
    pub fn private(p: Power, kind: EventKind) -> Event {
        Event {
            vis: Visibility::only(p),
            kind,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::EndReason;

    #[test]
    fn end_reasons_read_back_from_their_stored_text() {
        for r in [
            EndReason::Standard { vp: 25 },
            EndReason::LastTurn { vp: -3 },
            EndReason::ProtestantMilitary { keys: 5 },
            EndReason::StepLimit,
        ] {
            assert_eq!(EndReason::from_stored_text(&r.stored_text()), Some(r));
        }
        // The text the state held before the reason became data.
        assert_eq!(
            EndReason::from_stored_text("standard victory: 26 VP"),
            Some(EndReason::Standard { vp: 26 })
        );
        assert_eq!(EndReason::from_stored_text("standard victory: x VP"), None);
        assert_eq!(EndReason::from_stored_text("game over"), None);
    }

    #[test]
    fn a_finished_state_keeps_its_stored_shape() {
        use crate::engine::{Power, Stage};
        let stage = Stage::Over {
            winners: vec![Power::England],
            reason: EndReason::Standard { vp: 26 },
        };
        let json = r#"{"stage":"over","winners":["england"],"reason":"standard victory: 26 VP"}"#;
        assert_eq!(serde_json::to_string(&stage).ok().as_deref(), Some(json));
        assert_eq!(serde_json::from_str::<Stage>(json).ok(), Some(stage));
    }
}

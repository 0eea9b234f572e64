//! Why the rules refuse an action, as data: spaces, powers, cards, leaders, numbers and rule IDs,
//! never sentences. The table's catalogue (`crate::table::messages`) turns a [`Refusal`] into
//! English or Russian; the engine's own `Display` is a terse id-based fallback for logs.
//!
//! Variants hold `Copy` data where they can, so refusing on the legal-action hot path
//! (`check_move`, `check_control`, `check_raise` …) does not allocate. Lists (a hand, capitals,
//! wars) appear only in refusals of player-typed actions.

use super::action::ActionKind;
use super::power::{Faction, Minor, Owner, Power, Relation, Religion, ReligiousZone};
use super::religion::ReligionAction;
use super::ruleset::{CardKind, Ruleset, SpaceId};
use serde::{Deserialize, Serialize};
use std::fmt;

/// A place where a fortress may stand: a Europe space or a settlement of the world map.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "kind", content = "at")]
pub enum Place {
    /// A Europe space.
    Space(SpaceId),
    /// An element of the world map, by index into `Ruleset::world`.
    World(u16),
}

/// Land units by type: what a power has somewhere, or what an action asks for.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct LandCount {
    /// Regulars.
    pub regulars: u32,
    /// Mercenaries.
    pub mercenaries: u32,
    /// Cavalry.
    pub cavalry: u32,
}

impl LandCount {
    /// A count from its three numbers.
    pub fn new(
        regulars: impl Into<u32>,
        mercenaries: impl Into<u32>,
        cavalry: impl Into<u32>,
    ) -> Self {
        LandCount {
            regulars: regulars.into(),
            mercenaries: mercenaries.into(),
            cavalry: cavalry.into(),
        }
    }
}

/// What CP were to be spent on, in a refusal for lack of CP.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CpUse {
    /// A move across a pass (it costs more than a normal move).
    CrossPass,
    /// The action itself.
    Action(ActionKind),
}

/// Why a space must be fortified.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum FortifiedFor {
    /// A Protestant leader enters play there (R-PROT-LEADERS).
    LeaderEntry,
    /// A Protestant capital is declared there (R-PROT-CAPITAL).
    Capital,
}

/// A rules refusal. Each variant says what was wrong with ids and numbers; the catalogue words it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "refusal")]
#[allow(missing_docs)] // the fields are named for what they hold; each variant is documented
pub enum Refusal {
    // ----- seats, diplomacy ------------------------------------------------------------
    /// Only powers held by players may make manual fixes.
    AdjustNotSeated { power: Power },
    /// The power named is not in this game.
    PowerNotInPlay { power: Power },
    /// A power has no war, peace or alliance with itself.
    SelfDiplomacy { power: Power },
    /// Diplomatic actions belong to the Diplomacy phase.
    NotDiplomacyPhase,
    /// War is declared only on a power not yet at war with you.
    AlreadyAtWar { power: Power, target: Power },
    /// An ally cannot be attacked.
    AllyCannotBeAttacked { power: Power, target: Power },
    /// Peace is offered only to an enemy.
    PeaceNeedsWar { power: Power, target: Power },
    /// X-DIP-PEACE-HIS: suing for peace is off in this ruleset (Virgin Queen negotiates peace).
    SueForPeaceOff { power: Power, target: Power },
    /// An alliance needs peace first; `now` is the current status.
    AllianceNeedsPeace {
        power: Power,
        target: Power,
        now: Relation,
    },
    /// One open offer per pair.
    OfferAlreadyOpen { from: Power, to: Power },
    /// Only an open offer can be answered.
    NoOpenOffer { from: Power, to: Power },
    /// A minor power with an ally cannot be won over.
    MinorAlreadyAllied { minor: Minor, ally: Power },
    /// An offer to you must be answered before finishing diplomacy.
    AnswerOfferFirst {
        from: Power,
        to: Power,
        status: Relation,
    },
    /// R-HRE-SECRET: only the Empire makes the secret choice.
    SecretOnlyEmpire { power: Power },
    /// The secret choice is made once.
    SecretAlreadyMade,
    /// The Empire's choice is already public.
    SecretAlreadyRevealed,
    /// There is no secret choice to reveal yet.
    SecretNotMade,
    /// R-HRE-SECRET: the choice is revealed only at Victory Determination, when it matters.
    SecretStaysSecret,
    /// R-HRE-RUDOLF-DEATH: only Rudolf II's death is automated; `ruler` is the current ruler id.
    OnlyRudolfDeath { power: Power, ruler: Option<String> },
    /// R-REL-OUTSIDE: a space outside the four zones keeps its printed religion.
    ReligionFixed { space: SpaceId },

    // ----- cards and impulses ----------------------------------------------------------
    /// The card is not in the power's hand; `hand` lists what is.
    NotInHand {
        power: Power,
        card: u16,
        hand: Vec<u16>,
    },
    /// A mandatory event is played as an event.
    MandatoryNotForCp { card: u16 },
    /// A response or combat card's event is not played in an impulse (CP only).
    EventOutsideImpulse { card: u16, kind: CardKind },
    /// Cards are played at the start of an impulse.
    CardsAtImpulseStart,
    /// A held mandatory event must be played before passing.
    MustPlayMandatory { power: Power, card: u16 },
    /// Passing allows at most `admin` non-home cards in hand.
    TooManyCardsToPass { power: Power, held: u32, admin: u8 },
    /// Not enough CP left for what was asked.
    NotEnoughCp {
        power: Power,
        left: u8,
        cost: u8,
        what: CpUse,
    },
    /// The action is not automated yet; its effect is applied with `adjust`.
    NotAutomated { action: ActionKind },
    /// The action is not paid with CP.
    NoCpCost { action: ActionKind },
    /// The data (costs.csv) has no cost under this key.
    NoCostInData { key: &'static str },

    // ----- movement and formations -----------------------------------------------------
    /// Spring deployment starts from one of the power's capitals.
    NotACapital {
        power: Power,
        space: SpaceId,
        capitals: Vec<SpaceId>,
    },
    /// The power does not control the space.
    NotControlled { power: Power, space: SpaceId },
    /// A move must end somewhere else than where it starts.
    SameSpace { space: SpaceId },
    /// No path through friendly spaces free of enemy units.
    NoFriendlyPath { from: SpaceId, to: SpaceId },
    /// The two spaces are not adjacent (the catalogue lists `from`'s neighbours).
    NotAdjacent { from: SpaceId, to: SpaceId },
    /// A move needs at least one land unit or leader.
    NoLandUnitPicked,
    /// A leader moving alone may not enter a space with enemy land units or an enemy or
    /// independent fortified space (C-MOVE-FORMATION, our reading).
    LeaderAloneBlocked { space: SpaceId },
    /// The power has fewer units in the space than asked for.
    NotEnoughUnits {
        power: Power,
        space: SpaceId,
        have: LandCount,
        asked: LandCount,
    },
    /// The leader named is not with the power's units in the space (`army`: only army leaders
    /// qualify).
    LeaderNotHere {
        leader: String,
        power: Power,
        space: SpaceId,
        army: bool,
    },
    /// The formation is larger than its best leader's command (or the limit without a leader).
    FormationTooLarge { units: u32, limit: u32 },
    /// Units of a besieged space's holder cannot move out.
    BesiegedCannotLeave { power: Power, space: SpaceId },
    /// The space's controller is neither allied nor at war with the power.
    NeutralController {
        power: Power,
        space: SpaceId,
        controller: Owner,
    },
    /// Units of an owner not at war with the power are in the space.
    NeutralUnits {
        power: Power,
        space: SpaceId,
        owner: Owner,
    },

    // ----- control, raising, fortresses, sieges ---------------------------------------
    /// R-SPACE-FORTIFIED: a fortified space changes control only by a successful siege.
    FortifiedNeedsSiege { space: SpaceId },
    /// The power already controls the space.
    AlreadyControls { power: Power, space: SpaceId },
    /// Control needs the power's land units in or next to the space.
    NoUnitsNear { power: Power, space: SpaceId },
    /// Enemy land units are in the space.
    EnemyUnitsIn { space: SpaceId },
    /// Enemy land units next door block taking control (independent ones would not).
    EnemyUnitsAdjacent { space: SpaceId, adjacent: SpaceId },
    /// Units are raised in the power's home spaces.
    NotHomeSpace { power: Power, space: SpaceId },
    /// R-PROT-POOL: Protestant units are built in home spaces of their faction (`faction` `None`:
    /// of either faction); `here` is the space's own faction, if any.
    ProtestantPool {
        space: SpaceId,
        faction: Option<Faction>,
        here: Option<Faction>,
    },
    /// Only Protestant units have a faction.
    FactionOnlyProtestant { owner: Owner },
    /// The space is under siege.
    UnderSiege { space: SpaceId },
    /// Squadrons are built in ports.
    NotAPort { space: SpaceId },
    /// Only the Ottoman raises cavalry.
    CavalryOttomanOnly,
    /// An ocean zone of the world map holds no fortress.
    OceanZone { world: u16 },
    /// R-SPACE-FORTRESS: only Spain builds fortresses in settlements.
    SettlementFortressSpainOnly,
    /// There is a fortress already.
    AlreadyFortified { place: Place },
    /// An assault needs the power's siege of the space.
    NotBesieging { power: Power, space: SpaceId },
    /// The power has no land units there.
    NoLandUnits { power: Power, space: SpaceId },
    /// The space must be fortified for this.
    NotFortified {
        space: SpaceId,
        purpose: FortifiedFor,
    },

    // ----- Protestant: leaders, capitals, revolts -------------------------------------
    /// The leader belongs to another power.
    NotYourLeader {
        leader: String,
        owner: Power,
        power: Power,
    },
    /// Only Protestant leaders are placed by hand; others enter with the turn track.
    OnlyProtestantPlacesLeaders,
    /// The leader is not off the map waiting to enter.
    LeaderNotOffMap { leader: String },
    /// The leader enters play from a later turn.
    LeaderNotYet {
        leader: String,
        from_turn: u8,
        turn: u8,
    },
    /// The data gives this leader no Protestant faction.
    LeaderWithoutFaction,
    /// R-PROT-LEADERS: a faction's leader enters in a home space of its faction in its territory.
    LeaderEntryNotHome { faction: Faction, space: SpaceId },
    /// R-PROT-CAPITAL: a faction's capital moves only that faction's leader.
    CapitalServesLeader {
        space: SpaceId,
        faction: Faction,
        leader: String,
    },
    /// R-PROT-CAPITAL: a faction's capital moves only that faction's units; `have` is what it
    /// has there.
    CapitalServesUnits {
        space: SpaceId,
        faction: Faction,
        have: LandCount,
    },
    /// Only the Protestant revolts.
    OnlyProtestantRevolts { power: Power },
    /// A revolt takes place in a faction home space inside its faction's territory.
    NotRevoltSpace { space: SpaceId },
    /// One revolt per zone (the faction's territory) per impulse.
    RevoltAlreadyInZone { faction: Faction },
    /// A revolt needs a Protestant space.
    RevoltNeedsProtestant { space: SpaceId },
    /// A revolt needs a space free of other powers' land units.
    RevoltOtherUnits { space: SpaceId, owner: Owner },
    /// R-SPACE-FORTIFIED: a revolt in a fortified space needs Protestant control already.
    RevoltFortifiedNotHeld { space: SpaceId, holder: Owner },
    /// R-PROT-LEADERS: a revolt brings in only its faction's leaders.
    RevoltLeaderFaction { faction: Faction, leader: String },
    /// R-PROT-CAPITAL: the faction's capital stands elsewhere until another major takes it.
    CapitalAlreadyAt { faction: Faction, space: SpaceId },
    /// R-PROT-CAPITAL: a capital lost this turn comes back only in a later turn.
    CapitalLostThisTurn { faction: Faction },
    /// The name given is not a Protestant army leader on the map; `on_map` lists those ids.
    NotProtestantArmyLeader { name: String, on_map: Vec<String> },
    /// A leader is named twice.
    NamedTwice { name: String },
    /// No "Paris Is Worth a Mass" capital move is pending.
    NoCapitalMovePending,
    /// The Huguenot capital moves to a fortified space in France the Protestant holds that is
    /// not already a capital.
    NotHuguenotCapitalTarget { space: SpaceId },

    // ----- religion (X-REL-*, R-REL-*, R-PROT-CAPITAL) ---------------------------------
    /// X-REL-CONVERT: the power makes no conversion attempts; `converters` are those that do.
    NoConversions {
        power: Power,
        converters: Vec<Power>,
    },
    /// R-REL-OUTSIDE: conversions happen only in the four zones.
    ConvertOutsideZones { space: SpaceId },
    /// X-REL-CONVERT: the space already has the converter's faith.
    AlreadyOfFaith { space: SpaceId, religion: Religion },
    /// X-REL-CONVERT: the target needs an adjacent space of the faith or the power's land units.
    ConvertNoFoothold { space: SpaceId, religion: Religion },
    /// Not enough CP left for a religious action.
    ReligionNeedsCp {
        power: Power,
        action: ReligionAction,
        left: u8,
        cost: u8,
    },
    /// X-REL-SIX: no natural 6 is waiting for an answer.
    NoSixPending,
    /// X-REL-ENG-REBELLION: only a Catholic power other than England raises it.
    RebellionNotCatholicPower { power: Power, sponsors: Vec<Power> },
    /// X-REL-ENG-REBELLION: it takes place in a space of England that England controls.
    RebellionNotEnglishSpace { space: SpaceId },
    /// X-REL-ONE-REBELLION: one rebellion per zone per impulse.
    RebellionAlreadyInZone { zone: ReligiousZone },
    /// X-REL-ENG-REBELLION: it needs a Catholic space.
    RebellionNeedsCatholic { space: SpaceId },
    /// X-REL-ENG-REBELLION: English land units in the space prevent it.
    RebellionEnglishUnits { space: SpaceId },
    /// R-PROT-CAPITAL: a faction's capital is declared in its own territory.
    CapitalOutsideTerritory { space: SpaceId, faction: Faction },

    // ----- foreign wars -----------------------------------------------------------------
    /// The card's foreign war strikes a power not in play: play it for CP.
    WarPowerNotInPlay { card: u16, power: Power },
    /// R-FW-UPKEEP: units go to a war card only when its event is played (later, new units do).
    NoWarAwaitingUnits,
    /// Another war card is waiting for units.
    WrongWarCard { waiting: u16, card: u16 },
    /// The card is not a foreign war under way.
    NoSuchWar { card: u16 },
    /// The card is not one of the power's foreign wars; `wars` lists those.
    NotYourWar {
        card: u16,
        power: Power,
        wars: Vec<u16>,
    },
    /// R-FW-DEPLOY: no units go to a foreign war from a besieged space.
    SendFromBesieged { space: SpaceId },
    /// Sending needs at least a land unit or a leader.
    NothingToSend,
    /// R-FW-UPKEEP: no more land units than the war still needs.
    TooManyForWar {
        required: u32,
        on_card: u32,
        room: u32,
        asked: u32,
    },
    /// R-FW-DEPLOY: at most one leader on a war card.
    OneLeaderToWar,
    /// Fighting a foreign war needs the power's land units on the card.
    NoUnitsOnWarCard,
    // --- diplomacy, winter, cards and victory
    /// C-DIP-WAR-COST: the war table has no cost for this pair: it may not declare.
    WarNotAllowed { power: Power, target: Power },
    /// C-DIP-WAR-COST: a declaration names the card that pays for it (these qualify).
    WarNeedsCard {
        power: Power,
        target: Power,
        cost: u8,
        cards: Vec<u16>,
    },
    /// C-DIP-WAR-COST: the card is worth less than the war costs (these qualify).
    WarCardTooSmall {
        card: u16,
        cp: u8,
        cost: u8,
        cards: Vec<u16>,
    },
    /// C-DIP-WAR-LIMITS: no war on a power one made peace with so recently.
    WarAfterPeace {
        power: Power,
        target: Power,
        peace_turn: u8,
        from_turn: u8,
    },
    /// C-DIP-RANSOM: the leader is not held by anybody (these are).
    LeaderNotCaptured {
        leader: String,
        captured: Vec<String>,
    },
    /// C-DIP-RANSOM: only the leader's own power ransoms it.
    RansomOwnLeaderOnly {
        power: Power,
        leader: String,
        owner: Power,
    },
    /// C-DIP-RANSOM: the owner names the capital the leader returns to (`space`: the one named,
    /// if it is not among `capitals`).
    RansomCapital {
        power: Power,
        space: Option<SpaceId>,
        capitals: Vec<SpaceId>,
    },
    /// C-DIP-MINOR: minors are won by diplomatic influence (X-INF-*), an automated event or
    /// `adjust`, never for free.
    MinorNeedsInfluence { minor: Minor },
    /// C-WINTER-CAPITAL-RECALL: the recall follows a Winter; the scenario's first turn has none.
    RecallAfterWinterOnly,
    /// C-WINTER-CAPITAL-RECALL: units go back only to a capital the power controls, not in unrest.
    RecallNeedsCapital {
        power: Power,
        space: SpaceId,
        capitals: Vec<SpaceId>,
    },
    // --- war on minors (C-DIP-WAR-COST, C-DIP-WAR-LIMITS)
    /// The war table has no cost for this declarer on this minor: it may not declare.
    MinorWarNotAllowed { power: Power, minor: Minor },
    /// A declaration on a minor names the card that pays for it (these qualify).
    MinorWarNeedsCard {
        power: Power,
        minor: Minor,
        cost: u8,
        cards: Vec<u16>,
    },
    /// The power is already at war with the minor.
    AlreadyAtWarMinor { power: Power, minor: Minor },
    /// C-DIP-PEACE: peace with a minor the power is not at war with (`wars`: the minors it is).
    NoMinorWar {
        power: Power,
        minor: Minor,
        wars: Vec<Minor>,
    },
    /// C-DIP-WAR-LIMITS: no war on a minor one made peace with so recently.
    MinorWarAfterPeace {
        power: Power,
        minor: Minor,
        peace_turn: u8,
        from_turn: u8,
    },
    // --- winter questions (C-WINTER-QUARTERS)
    /// The winter quarters or capital named (`space`; none named) is not among `allowed`.
    WinterPlace {
        space: Option<SpaceId>,
        allowed: Vec<SpaceId>,
    },
    /// R-FW-FIGHT: units back from a won foreign war go to one of the friendly home keys offered.
    WarReturnPlace {
        space: Option<SpaceId>,
        allowed: Vec<SpaceId>,
    },
    /// Units go to winter quarters as one force: name only the place.
    WinterWholeForce { space: SpaceId },
    /// From `least` to `excess` land units leave (exactly `excess` when equal), from those there.
    WinterWrongUnits {
        least: u32,
        excess: u32,
        asked: LandCount,
        have: LandCount,
    },

    // ----- position files (issue 17) -----------------------------------------------------
    /// `adjust what:phase`: the turn is outside the scenario's turns.
    AdjustTurnOutOfRange { turn: u8, last: u8 },
    /// `adjust what:phase`: this phase needs the power whose deployment or impulse it is.
    AdjustPhaseNeedsPower { phase: super::event::PhaseName },
    /// `adjust what:phase`: this phase runs by itself (card draw, victory determination).
    AdjustPhaseNotSettable { phase: super::event::PhaseName },
    /// `adjust what:phase`: a question to `power` is waiting (a battle, Winter, a peace …).
    AdjustPhaseQuestionPending { power: Power },
    // --- ops: bounded unit counters
    /// A force would hold more than [`MAX_UNITS`](super::board::MAX_UNITS) units of one kind
    /// in a space.
    UnitLimit { space: SpaceId, max: u8 },

    // --- land warfare ---------------------------------------------------------------------
    /// C-MOVE-ENTER: units that lost a battle or began a siege this impulse stay put.
    CannotMoveAgain { power: Power, space: SpaceId },
    /// C-LOC-USE: the space has no line of communication for the power.
    NoLineOfCommunication { power: Power, space: SpaceId },
    /// C-UNREST: nothing is raised in, nor deployed from, a space in unrest.
    InUnrest { space: SpaceId },
    /// C-RAISE: the Ottoman raises cavalry, not mercenaries.
    MercenaryNotOttoman,
    /// R-CONTROL-TERMS: only an unoccupied space is taken; `owner`'s land units are in it.
    OccupiedByOthers { space: SpaceId, owner: Owner },
    /// C-MOVE-SPRING: spring deployment ends in a non-capital space.
    DeployToCapital { space: SpaceId },
    /// C-ASSAULT-PREREQ: the siege began this impulse.
    SiegeBegunThisImpulse { space: SpaceId },
    /// C-ASSAULT-PREREQ: one assault per space per impulse.
    AlreadyAssaulted { space: SpaceId },
    /// C-ASSAULT-PREREQ: a defending squadron is in the port.
    PortBlockaded { space: SpaceId },
    /// C-INT-WHO: interception comes from one of `allowed` into `to`.
    NotAnInterceptSpace {
        space: SpaceId,
        to: SpaceId,
        allowed: Vec<SpaceId>,
    },
    /// C-AVOID: avoiding battle from `from` goes to one of `allowed`.
    NotAnAvoidSpace {
        space: SpaceId,
        from: SpaceId,
        allowed: Vec<SpaceId>,
    },
    /// C-BATTLE-RETREAT-SPACES: not a legal retreat (`space` `None`: a destination is needed);
    /// `attacker_origin`: it is where the attacker came from.
    BadRetreat {
        space: Option<SpaceId>,
        attacker_origin: bool,
        allowed: Vec<SpaceId>,
    },
    /// C-BATTLE-RETREAT: at most `room` land units stay inside the fortifications.
    TooManyInside { asked: u32, room: u32 },
    /// C-BATTLE-HITS: exactly `hits` land units, from those the power has there.
    WrongCasualties {
        hits: u32,
        asked: LandCount,
        have: LandCount,
    },
    /// C-WITHDRAW: withdrawal is not offered now (`units`: the power's land units there).
    WithdrawNotOffered { space: Option<SpaceId>, units: u32 },
    /// C-BATTLE-CARDS / C-CARD-RESPONSE: the card's kind does not fit the open window.
    CardNotForWindow {
        card: u16,
        kind: CardKind,
        combat: bool,
    },
    /// No decision is pending that this answers.
    NothingPending,
    /// The pending decision has no "decline": it must be answered.
    MustAnswer { decision: super::game::Decision },

    // --- naval warfare (places are port or sea-zone ids) ----------------------------------
    /// C-NAVAL-MOVE: `power` has no ships at `place`.
    NoShipsThere { power: Power, place: String },
    /// C-NAVAL-MOVE: each stack moves once per naval move.
    StackMovesOnce { place: String },
    /// C-NAVAL-MOVE: not one naval step; `allowed` are the steps from `from`.
    NotANavalStep {
        from: String,
        to: String,
        allowed: Vec<String>,
    },
    /// C-NAVAL-MOVE / C-NAVAL-TRANSPORT: ships and crossings enter only friendly ports (ships
    /// also a port holding hostile ships, to attack them).
    PortNotFriendly { space: SpaceId },
    /// C-NAVAL-MOVE: a naval leader moves only with ships, never over land.
    NavalLeaderOnLand { leader: String },
    /// C-NAVAL-TRANSPORT: at most `max` land units cross.
    TransportTooLarge { units: u32, max: u32 },
    /// C-NAVAL-TRANSPORT: no chain of sea zones holding the power's ships links the ports.
    NoSeaPath { from: SpaceId, to: SpaceId },
    /// C-NAVAL-COMBAT: not a legal split of the hits (squadron 2 hits, corsair 1, none wasted).
    WrongShipLosses {
        hits: u32,
        asked: (u32, u32),
        have: (u32, u32),
    },
    /// C-NAVAL-COMBAT: not a legal retreat for the beaten fleet.
    BadNavalRetreat { to: String, allowed: Vec<String> },
    /// C-NAVAL-TRANSPORT: land units never stand in a sea zone.
    LandUnitsAtSea { zone: String },
    /// A fleet at sea holds at most `max` ships of a kind (the unit bound).
    UnitLimitAtSea { zone: String, max: u8 },
    /// C-ASSAULT-PREREQ: hostile ships in a sea zone by the port protect it.
    SeaBlockaded { space: SpaceId, zone: String },
    /// C-NAVAL-INT: interception into `zone` comes from one of `allowed`.
    NotANavalInterceptPlace {
        place: String,
        zone: String,
        allowed: Vec<String>,
    },

    // --- land warfare, second card window (issue 13) ------------------------------------
    /// C-BATTLE-CARDS: the window after the roll takes only cards that change rolled dice.
    NotADiceCard { card: u16 },
    // --- card effects (X-CARD-EFFECT) -------------------------------------------------------
    /// X-CARD-EFFECT: the effect's question lists `options` options; `option` is not one.
    EffectOptionOutOfRange { option: u8, options: u8 },
    /// X-CARD-EFFECT: the effect acts on one of `allowed`, not on `space`.
    EffectSpaceNotAllowed {
        space: SpaceId,
        allowed: Vec<SpaceId>,
    },
    /// X-CARD-EFFECT: exactly `n` of one's own land units in `space` are removed.
    EffectRemoveWrong { space: SpaceId, n: u32 },
    /// X-CARD-EFFECT: the effect's question is answered with the command `allowed`.
    EffectAnswerWrong { allowed: &'static str },
    // --- card effects
    /// X-CARD-EFFECT: the effect of `card` forbids war between `power` and `target` now.
    WarForbiddenByCard {
        power: Power,
        target: Power,
        card: u16,
    },
    /// C-MOVE-SPRING: a deployment across a sea zone carries at most `max` land units.
    SpringSeaTooLarge { units: u32, max: u32 },
    /// C-MOVE-SPRING: the sea crossed holds naval units of another power (in it or its ports).
    SpringSeaGuarded { zone: String, owner: Owner },
    // --- piracy, corsairs, sea crossings (C-PIRACY, C-RAISE, C-MOVE-SPRING) -----------------
    /// C-PIRACY: only the Ottoman pirates.
    PiracyOttomanOnly { power: Power },
    /// C-PIRACY: piracy happens in a sea zone, not in a port.
    PiracyAtSeaOnly { place: String },
    /// C-PIRACY: no Ottoman corsairs in `zone`; `zones` hold some.
    NoCorsairsThere { zone: String, zones: Vec<String> },
    /// C-PIRACY: once per sea zone per turn.
    PiratedThisTurn { zone: String },
    /// C-PIRACY: the target must control a port on the zone; `allowed` do.
    PiracyTarget {
        target: Power,
        zone: String,
        allowed: Vec<Power>,
    },
    /// C-PIRACY: that reward is not open now (rotation, or nothing to give); `allowed` are.
    PiracyRewardNotAllowed {
        asked: super::piracy::PiracyReward,
        allowed: Vec<super::piracy::PiracyReward>,
    },
    /// C-PIRACY: the lost squadron comes from one of `allowed` (`place` empty: not named).
    PiracySquadronPlace { place: String, allowed: Vec<String> },
    /// C-RAISE: only the Ottoman builds corsairs.
    CorsairOttomanOnly { power: Power },
    /// C-RAISE: corsairs are built only after the Barbary Pirates event.
    CorsairsNeedBarbaryPirates,
    /// C-NAVAL-WINTER: the fleet winters in one of the equally near ports `allowed`.
    BadWinterPort { to: String, allowed: Vec<String> },
    /// C-WINTER-REGULAR (Virgin Queen): the Empire takes one regular or `mercenaries`
    /// mercenaries.
    EmpireWinterUnit { mercenaries: u8 },
    // --- treasures (Virgin Queen)
    /// No treasure has this number; `yours` are the caller's.
    UnknownTreasure { treasure: u16, yours: Vec<u16> },
    /// The treasure is not the caller's; `yours` are.
    TreasureNotYours {
        power: Power,
        treasure: u16,
        yours: Vec<u16>,
    },
    /// A treasure is spent only in one's own impulse, with no question pending.
    TreasureNotYourImpulse { power: Power },
    /// `adjust what:treasure`: only `available` can be given (from the pool) or taken (held).
    TreasureAdjust {
        power: Power,
        delta: i8,
        available: u16,
    },
    // --- peace (C-DIP-PEACE)
    /// C-DIP-PEACE: nobody is asked to remove units or regain (`asked`: who is, if anyone).
    PeaceNotAsked { power: Power, asked: Option<Power> },
    /// C-DIP-PEACE: an answer removes 1 to `owed` land units, no leaders.
    SurrenderCount {
        owed: u32,
        asked: u32,
        leaders: bool,
    },
    /// C-DIP-PEACE: `power` has only `have` of its land units in `space`.
    SurrenderNotYours {
        power: Power,
        space: SpaceId,
        have: LandCount,
        asked: LandCount,
    },
    /// C-DIP-PEACE: `winner` holds no such item of `power`'s; what it holds is listed.
    RegainNotHeld {
        power: Power,
        winner: Power,
        what: String,
        leaders: Vec<String>,
        keys: Vec<SpaceId>,
        spaces: Vec<SpaceId>,
    },
    /// C-DIP-PEACE: this item is paid in VP (a home key by the data, or no card to draw).
    RegainVpOnly { power: Power, key: bool },
    /// C-DIP-PEACE: the winner's forces leave a regained space for one of `allowed`.
    PeaceWithdrawPlace {
        space: Option<SpaceId>,
        allowed: Vec<SpaceId>,
    },
    // --- diplomatic influence and inactive majors (X-INF-*, X-INACTIVE)
    /// Influence refused: the reason and its rule are in [`super::influence::InfluenceRefusal`].
    Influence(super::influence::InfluenceRefusal),
    // --- marriages (X-MARRIAGE-*)
    /// No royal of this game has this id or name; `known` are the royals in play.
    UnknownRoyal { name: String, known: Vec<String> },
    /// Neither royal of a proposal is `power`'s (`royal` is `owner`'s); `yours` are.
    RoyalNotYours {
        royal: String,
        owner: Power,
        power: Power,
        yours: Vec<String>,
    },
    /// Both royals are of the same house.
    RoyalSameHouse {
        royal: String,
        with: String,
        power: Power,
    },
    /// No marriage between powers at war.
    MarriageAtWar { power: Power, other: Power },
    /// The royal is already engaged or married.
    RoyalNotSingle {
        royal: String,
        status: super::marriage::RoyalStatus,
    },
    /// The royal is already in an open proposal from `from` to `to`.
    RoyalAlreadyProposed {
        royal: String,
        from: Power,
        to: Power,
    },
    /// No open proposal of this pair made to or by `power`; `open` are its proposals.
    NoMarriageProposal {
        power: Power,
        royal: String,
        with: String,
        open: Vec<(String, String)>,
    },
    /// `from` proposed a marriage to `to`; it is answered before `to` finishes.
    AnswerMarriageFirst {
        from: Power,
        to: Power,
        royal: String,
        with: String,
    },
    /// Marriages are proposed and answered in the Diplomacy phase.
    MarriageOnlyInDiplomacy { power: Power },
    // --- espionage (X-SPY-*)
    /// The data has no espionage table (`espionage.csv`).
    EspionageNotInData,
    /// A power does not spy on itself.
    SpyOnSelf { power: Power },
    /// Espionage spends CP: only while spending a card's CP in one's impulse.
    SpyOnlyWithCp { power: Power },
    /// Not enough CP left for the attempt.
    SpyNeedsCp {
        power: Power,
        effect: super::espionage::SpyEffect,
        left: u8,
        cost: u8,
    },
    /// An assassination names its victim: the target's ruler or one of its leaders on the map.
    SpyNeedsWhom {
        target: Power,
        ruler: Option<String>,
        leaders: Vec<String>,
    },
    /// `whom` is neither the target's ruler nor one of its leaders on the map.
    SpyWhomNotTarget {
        whom: String,
        target: Power,
        ruler: Option<String>,
        leaders: Vec<String>,
    },
    /// `adjust what:assassinated`: the power has no ruler to kill, or none to bring back.
    NoRulerToKill { power: Power },
}

impl Refusal {
    /// The rule ID a refusal cites, if it enforces a named rule.
    pub fn rule(&self) -> Option<&'static str> {
        use Refusal::*;
        Some(match self {
            SecretOnlyEmpire { .. } | SecretStaysSecret => "R-HRE-SECRET",
            OnlyRudolfDeath { .. } => "R-HRE-RUDOLF-DEATH",
            ReligionFixed { .. } => "R-REL-OUTSIDE",
            FortifiedNeedsSiege { .. } | RevoltFortifiedNotHeld { .. } => "R-SPACE-FORTIFIED",
            SettlementFortressSpainOnly => "R-SPACE-FORTRESS",
            ProtestantPool { .. } => "R-PROT-POOL",
            LeaderEntryNotHome { .. } | RevoltLeaderFaction { .. } => "R-PROT-LEADERS",
            NotFortified {
                purpose: FortifiedFor::LeaderEntry,
                ..
            } => "R-PROT-LEADERS",
            NotFortified {
                purpose: FortifiedFor::Capital,
                ..
            } => "X-PROT-CAPITAL-SPACE",
            CapitalServesLeader { .. }
            | CapitalServesUnits { .. }
            | CapitalAlreadyAt { .. }
            | CapitalLostThisTurn { .. } => "R-PROT-CAPITAL",
            NoWarAwaitingUnits | TooManyForWar { .. } => "R-FW-UPKEEP",
            NoConversions { .. }
            | AlreadyOfFaith { .. }
            | ConvertNoFoothold { .. }
            | ReligionNeedsCp {
                action: ReligionAction::Convert,
                ..
            } => "X-REL-CONVERT",
            ConvertOutsideZones { .. } => "R-REL-OUTSIDE",
            NoSixPending => "X-REL-SIX",
            RevoltAlreadyInZone { .. } | RebellionAlreadyInZone { .. } => "X-REL-ONE-REBELLION",
            RebellionNotCatholicPower { .. }
            | RebellionNotEnglishSpace { .. }
            | RebellionNeedsCatholic { .. }
            | RebellionEnglishUnits { .. }
            | ReligionNeedsCp {
                action: ReligionAction::CatholicRebellion,
                ..
            } => "X-REL-ENG-REBELLION",
            CapitalOutsideTerritory { .. } => "R-PROT-CAPITAL",
            SendFromBesieged { .. } | OneLeaderToWar => "R-FW-DEPLOY",
            // --- diplomacy, winter, cards and victory
            WarNotAllowed { .. } | WarNeedsCard { .. } | WarCardTooSmall { .. } => "C-DIP-WAR-COST",
            WarAfterPeace { .. } | AllyCannotBeAttacked { .. } => "C-DIP-WAR-LIMITS",
            LeaderNotCaptured { .. } | RansomOwnLeaderOnly { .. } | RansomCapital { .. } => {
                "C-DIP-RANSOM"
            }
            MinorNeedsInfluence { .. } => "C-DIP-MINOR",
            RecallAfterWinterOnly | RecallNeedsCapital { .. } => "C-WINTER-CAPITAL-RECALL",
            WarReturnPlace { .. } => "R-FW-FIGHT",
            WinterPlace { .. } | WinterWholeForce { .. } | WinterWrongUnits { .. } => {
                "C-WINTER-QUARTERS"
            }
            MinorWarNotAllowed { .. } | MinorWarNeedsCard { .. } => "C-DIP-WAR-COST",
            AlreadyAtWarMinor { .. } | MinorWarAfterPeace { .. } => "C-DIP-WAR-LIMITS",
            NoMinorWar { .. } => "C-DIP-PEACE",
            SueForPeaceOff { .. } => "X-DIP-PEACE-HIS",
            MustPlayMandatory { .. } | TooManyCardsToPass { .. } => "C-CARD-PASS",
            MandatoryNotForCp { .. } => "C-CARD-MANDATORY",
            CannotMoveAgain { .. } => "C-MOVE-ENTER",
            LeaderAloneBlocked { .. } => "C-MOVE-FORMATION",
            NoLineOfCommunication { .. } => "C-LOC-USE",
            InUnrest { .. } => "C-UNREST",
            MercenaryNotOttoman => "C-RAISE",
            OccupiedByOthers { .. } => "R-CONTROL-TERMS",
            DeployToCapital { .. } => "C-MOVE-SPRING",
            SiegeBegunThisImpulse { .. } | AlreadyAssaulted { .. } | PortBlockaded { .. } => {
                "C-ASSAULT-PREREQ"
            }
            NotAnInterceptSpace { .. } => "C-INT-WHO",
            NotAnAvoidSpace { .. } => "C-AVOID",
            BadRetreat { .. } => "C-BATTLE-RETREAT-SPACES",
            TooManyInside { .. } => "C-BATTLE-RETREAT",
            WrongCasualties { .. } => "C-BATTLE-HITS",
            WithdrawNotOffered { .. } => "C-WITHDRAW",
            CardNotForWindow { combat: true, .. } => "C-BATTLE-CARDS",
            CardNotForWindow { combat: false, .. } => "C-CARD-RESPONSE",
            NoShipsThere { .. }
            | StackMovesOnce { .. }
            | NotANavalStep { .. }
            | PortNotFriendly { .. }
            | NavalLeaderOnLand { .. } => "C-NAVAL-MOVE",
            TransportTooLarge { .. } | NoSeaPath { .. } | LandUnitsAtSea { .. } => {
                "C-NAVAL-TRANSPORT"
            }
            WrongShipLosses { .. } | BadNavalRetreat { .. } => "C-NAVAL-COMBAT",
            SeaBlockaded { .. } => "C-ASSAULT-PREREQ",
            NotANavalInterceptPlace { .. } => "C-NAVAL-INT",
            NotADiceCard { .. } => "C-BATTLE-CARDS",
            EffectOptionOutOfRange { .. }
            | EffectSpaceNotAllowed { .. }
            | EffectRemoveWrong { .. }
            | EffectAnswerWrong { .. }
            // --- card effects
            | WarForbiddenByCard { .. } => "X-CARD-EFFECT",
            SpringSeaTooLarge { .. } | SpringSeaGuarded { .. } => "C-MOVE-SPRING",
            PiracyOttomanOnly { .. }
            | PiracyAtSeaOnly { .. }
            | NoCorsairsThere { .. }
            | PiratedThisTurn { .. }
            | PiracyTarget { .. }
            | PiracyRewardNotAllowed { .. }
            | PiracySquadronPlace { .. } => "C-PIRACY",
            CorsairOttomanOnly { .. } | CorsairsNeedBarbaryPirates => "C-RAISE",
            BadWinterPort { .. } => "C-NAVAL-WINTER",
            EmpireWinterUnit { .. } => "C-WINTER-REGULAR",
            UnknownTreasure { .. } | TreasureNotYours { .. } | TreasureNotYourImpulse { .. } => {
                "X-TREASURE-SPEND"
            }
            PeaceNotAsked { .. }
            | SurrenderCount { .. }
            | SurrenderNotYours { .. }
            | RegainNotHeld { .. }
            | RegainVpOnly { .. }
            | PeaceWithdrawPlace { .. } => "C-DIP-PEACE",
            Influence(r) => r.rule(),
            // --- marriages and espionage
            UnknownRoyal { .. } => "X-MARRIAGE-ROYALS",
            RoyalNotYours { .. }
            | RoyalSameHouse { .. }
            | MarriageAtWar { .. }
            | RoyalNotSingle { .. }
            | RoyalAlreadyProposed { .. }
            | NoMarriageProposal { .. }
            | AnswerMarriageFirst { .. }
            | MarriageOnlyInDiplomacy { .. } => "X-MARRIAGE-PROPOSE",
            EspionageNotInData | SpyOnSelf { .. } | SpyOnlyWithCp { .. } | SpyNeedsCp { .. } => {
                "X-SPY-ACTION"
            }
            SpyNeedsWhom { .. } | SpyWhomNotTarget { .. } | NoRulerToKill { .. } => {
                "X-SPY-ASSASSINATE"
            }
            _ => return None,
        })
    }

    /// The refusal with spaces named by their data ids (`PARIS`) instead of their indices.
    pub fn with_ids<'a>(&'a self, rs: &'a Ruleset) -> impl fmt::Display + 'a {
        Terse(self, Some(rs))
    }

    /// One refusal of every variant, for tests of the catalogue.
    #[doc(hidden)]
    pub fn samples() -> Vec<Refusal> {
        use Refusal::*;
        let (p, q) = (Power::England, Power::France);
        let (a, b) = (SpaceId(0), SpaceId(1));
        let l = || "COLIGNY".to_string();
        let n = LandCount::new(1u8, 2u8, 0u8);
        vec![
            AdjustNotSeated { power: p },
            PowerNotInPlay { power: p },
            SelfDiplomacy { power: p },
            NotDiplomacyPhase,
            AlreadyAtWar {
                power: p,
                target: q,
            },
            AllyCannotBeAttacked {
                power: p,
                target: q,
            },
            PeaceNeedsWar {
                power: p,
                target: q,
            },
            SueForPeaceOff {
                power: p,
                target: q,
            },
            AllianceNeedsPeace {
                power: p,
                target: q,
                now: Relation::War,
            },
            OfferAlreadyOpen { from: p, to: q },
            NoOpenOffer { from: p, to: q },
            MinorAlreadyAllied {
                minor: Minor::Scotland,
                ally: q,
            },
            AnswerOfferFirst {
                from: q,
                to: p,
                status: Relation::Alliance,
            },
            SecretOnlyEmpire { power: p },
            SecretAlreadyMade,
            SecretAlreadyRevealed,
            SecretNotMade,
            SecretStaysSecret,
            OnlyRudolfDeath {
                power: p,
                ruler: None,
            },
            ReligionFixed { space: a },
            NotInHand {
                power: p,
                card: 4,
                hand: vec![5, 6],
            },
            MandatoryNotForCp { card: 4 },
            EventOutsideImpulse {
                card: 4,
                kind: CardKind::Response,
            },
            CardsAtImpulseStart,
            MustPlayMandatory { power: p, card: 4 },
            TooManyCardsToPass {
                power: p,
                held: 3,
                admin: 1,
            },
            NotEnoughCp {
                power: p,
                left: 1,
                cost: 2,
                what: CpUse::CrossPass,
            },
            NotAutomated {
                action: ActionKind::Assault,
            },
            NoCpCost {
                action: ActionKind::Pass,
            },
            NoCostInData { key: "move" },
            NotACapital {
                power: p,
                space: a,
                capitals: vec![b],
            },
            NotControlled { power: p, space: a },
            SameSpace { space: a },
            NoFriendlyPath { from: a, to: b },
            NotAdjacent { from: a, to: b },
            NoLandUnitPicked,
            LeaderAloneBlocked { space: a },
            NotEnoughUnits {
                power: p,
                space: a,
                have: n,
                asked: LandCount::new(3u8, 0u8, 0u8),
            },
            LeaderNotHere {
                leader: l(),
                power: p,
                space: a,
                army: false,
            },
            FormationTooLarge { units: 6, limit: 4 },
            BesiegedCannotLeave { power: p, space: a },
            NeutralController {
                power: p,
                space: a,
                controller: Owner::Major(q),
            },
            NeutralUnits {
                power: p,
                space: a,
                owner: Owner::Major(q),
            },
            FortifiedNeedsSiege { space: a },
            AlreadyControls { power: p, space: a },
            NoUnitsNear { power: p, space: a },
            EnemyUnitsIn { space: a },
            EnemyUnitsAdjacent {
                space: a,
                adjacent: b,
            },
            NotHomeSpace { power: p, space: a },
            ProtestantPool {
                space: a,
                faction: Some(Faction::Dutch),
                here: Some(Faction::Huguenot),
            },
            FactionOnlyProtestant {
                owner: Owner::Major(p),
            },
            UnderSiege { space: a },
            NotAPort { space: a },
            CavalryOttomanOnly,
            OceanZone { world: 0 },
            SettlementFortressSpainOnly,
            AlreadyFortified {
                place: Place::Space(a),
            },
            NotBesieging { power: p, space: a },
            NoLandUnits { power: p, space: a },
            NotFortified {
                space: a,
                purpose: FortifiedFor::Capital,
            },
            NotYourLeader {
                leader: l(),
                owner: q,
                power: p,
            },
            OnlyProtestantPlacesLeaders,
            LeaderNotOffMap { leader: l() },
            LeaderNotYet {
                leader: l(),
                from_turn: 6,
                turn: 4,
            },
            LeaderWithoutFaction,
            LeaderEntryNotHome {
                faction: Faction::Huguenot,
                space: a,
            },
            CapitalServesLeader {
                space: a,
                faction: Faction::Dutch,
                leader: l(),
            },
            CapitalServesUnits {
                space: a,
                faction: Faction::Dutch,
                have: n,
            },
            OnlyProtestantRevolts { power: p },
            NotRevoltSpace { space: a },
            RevoltAlreadyInZone {
                faction: Faction::Huguenot,
            },
            RevoltNeedsProtestant { space: a },
            RevoltOtherUnits {
                space: a,
                owner: Owner::Major(q),
            },
            RevoltFortifiedNotHeld {
                space: a,
                holder: Owner::Major(q),
            },
            RevoltLeaderFaction {
                faction: Faction::Dutch,
                leader: l(),
            },
            CapitalAlreadyAt {
                faction: Faction::Huguenot,
                space: a,
            },
            CapitalLostThisTurn {
                faction: Faction::Huguenot,
            },
            NotProtestantArmyLeader {
                name: "nobody".into(),
                on_map: vec![],
            },
            NamedTwice {
                name: "coligny".into(),
            },
            NoCapitalMovePending,
            NotHuguenotCapitalTarget { space: a },
            WarPowerNotInPlay { card: 4, power: q },
            NoWarAwaitingUnits,
            WrongWarCard {
                waiting: 4,
                card: 5,
            },
            NoSuchWar { card: 4 },
            NotYourWar {
                card: 4,
                power: p,
                wars: vec![],
            },
            SendFromBesieged { space: a },
            NothingToSend,
            TooManyForWar {
                required: 4,
                on_card: 3,
                room: 1,
                asked: 2,
            },
            OneLeaderToWar,
            NoUnitsOnWarCard,
            WarNotAllowed {
                power: p,
                target: q,
            },
            WarNeedsCard {
                power: p,
                target: q,
                cost: 3,
                cards: vec![4, 5],
            },
            WarCardTooSmall {
                card: 4,
                cp: 1,
                cost: 3,
                cards: vec![5],
            },
            WarAfterPeace {
                power: p,
                target: q,
                peace_turn: 1,
                from_turn: 3,
            },
            LeaderNotCaptured {
                leader: l(),
                captured: vec![],
            },
            RansomOwnLeaderOnly {
                power: p,
                leader: l(),
                owner: q,
            },
            RansomCapital {
                power: p,
                space: Some(a),
                capitals: vec![b],
            },
            MinorNeedsInfluence {
                minor: Minor::Scotland,
            },
            RecallAfterWinterOnly,
            RecallNeedsCapital {
                power: p,
                space: a,
                capitals: vec![b],
            },
            WinterPlace {
                space: Some(a),
                allowed: vec![b],
            },
            WarReturnPlace {
                space: Some(a),
                allowed: vec![b],
            },
            WinterWholeForce { space: a },
            MinorWarNotAllowed {
                power: p,
                minor: Minor::Venice,
            },
            MinorWarNeedsCard {
                power: p,
                minor: Minor::Scotland,
                cost: 2,
                cards: vec![4],
            },
            AlreadyAtWarMinor {
                power: p,
                minor: Minor::Scotland,
            },
            NoMinorWar {
                power: p,
                minor: Minor::Venice,
                wars: vec![Minor::Scotland],
            },
            MinorWarAfterPeace {
                power: p,
                minor: Minor::Scotland,
                peace_turn: 2,
                from_turn: 4,
            },
            WinterWrongUnits {
                least: 2,
                excess: 2,
                asked: n,
                have: n,
            },
            NoConversions {
                power: Power::Empire,
                converters: vec![p, q],
            },
            ConvertOutsideZones { space: a },
            AlreadyOfFaith {
                space: a,
                religion: Religion::Protestant,
            },
            ConvertNoFoothold {
                space: a,
                religion: Religion::Catholic,
            },
            ReligionNeedsCp {
                power: p,
                action: ReligionAction::Convert,
                left: 1,
                cost: 2,
            },
            NoSixPending,
            RebellionNotCatholicPower {
                power: p,
                sponsors: vec![Power::Spain, q],
            },
            RebellionNotEnglishSpace { space: a },
            RebellionAlreadyInZone {
                zone: ReligiousZone::England,
            },
            RebellionNeedsCatholic { space: a },
            RebellionEnglishUnits { space: a },
            CapitalOutsideTerritory {
                space: a,
                faction: Faction::Dutch,
            },
            AdjustTurnOutOfRange { turn: 9, last: 7 },
            AdjustPhaseNeedsPower {
                phase: super::event::PhaseName::Action,
            },
            AdjustPhaseNotSettable {
                phase: super::event::PhaseName::CardDraw,
            },
            AdjustPhaseQuestionPending { power: p },
            UnitLimit { space: a, max: 99 },
            CannotMoveAgain { power: p, space: a },
            NoLineOfCommunication { power: p, space: a },
            InUnrest { space: a },
            MercenaryNotOttoman,
            OccupiedByOthers {
                space: a,
                owner: Owner::Independent,
            },
            DeployToCapital { space: a },
            SiegeBegunThisImpulse { space: a },
            AlreadyAssaulted { space: a },
            PortBlockaded { space: a },
            NotAnInterceptSpace {
                space: a,
                to: b,
                allowed: vec![b],
            },
            NotAnAvoidSpace {
                space: a,
                from: b,
                allowed: vec![b],
            },
            BadRetreat {
                space: Some(a),
                attacker_origin: true,
                allowed: vec![b],
            },
            TooManyInside { asked: 5, room: 4 },
            WrongCasualties {
                hits: 2,
                asked: n,
                have: n,
            },
            WithdrawNotOffered {
                space: Some(a),
                units: 5,
            },
            CardNotForWindow {
                card: 4,
                kind: CardKind::Event,
                combat: true,
            },
            NothingPending,
            MustAnswer {
                decision: super::game::Decision::Retreat,
            },
            NoShipsThere {
                power: Power::Spain,
                place: "GULF_OF_LYON".into(),
            },
            StackMovesOnce {
                place: "GULF_OF_LYON".into(),
            },
            NotANavalStep {
                from: "GULF_OF_LYON".into(),
                to: "NORTH_SEA".into(),
                allowed: vec!["BARBARY_COAST".into()],
            },
            PortNotFriendly { space: a },
            NavalLeaderOnLand {
                leader: "DORIA".into(),
            },
            TransportTooLarge { units: 6, max: 5 },
            NoSeaPath { from: a, to: b },
            WrongShipLosses {
                hits: 3,
                asked: (0, 0),
                have: (2, 0),
            },
            BadNavalRetreat {
                to: "NORTH_SEA".into(),
                allowed: vec!["BARBARY_COAST".into()],
            },
            LandUnitsAtSea {
                zone: "NORTH_SEA".into(),
            },
            UnitLimitAtSea {
                zone: "NORTH_SEA".into(),
                max: 99,
            },
            SeaBlockaded {
                space: a,
                zone: "NORTH_SEA".into(),
            },
            NotANavalInterceptPlace {
                place: "NORTH_SEA".into(),
                zone: "GULF_OF_LYON".into(),
                allowed: vec!["BARBARY_COAST".into()],
            },
            NotADiceCard { card: 4 },
            EffectOptionOutOfRange {
                option: 3,
                options: 2,
            },
            EffectSpaceNotAllowed {
                space: a,
                allowed: vec![a],
            },
            EffectRemoveWrong { space: a, n: 2 },
            EffectAnswerWrong { allowed: "choose" },
            // --- card effects
            WarForbiddenByCard {
                power: p,
                target: Power::France,
                card: 30,
            },
            SpringSeaTooLarge { units: 6, max: 5 },
            SpringSeaGuarded {
                zone: "BARBARY_COAST".into(),
                owner: Owner::Major(Power::Spain),
            },
            PiracyOttomanOnly { power: p },
            PiracyAtSeaOnly {
                place: "ALGIERS".into(),
            },
            NoCorsairsThere {
                zone: "NORTH_SEA".into(),
                zones: vec!["BARBARY_COAST".into()],
            },
            PiratedThisTurn {
                zone: "BARBARY_COAST".into(),
            },
            PiracyTarget {
                target: p,
                zone: "BARBARY_COAST".into(),
                allowed: vec![Power::Spain],
            },
            PiracyRewardNotAllowed {
                asked: super::piracy::PiracyReward::Squadron,
                allowed: vec![
                    super::piracy::PiracyReward::Card,
                    super::piracy::PiracyReward::Vp,
                ],
            },
            PiracySquadronPlace {
                place: "NORTH_SEA".into(),
                allowed: vec!["BARBARY_COAST".into()],
            },
            CorsairOttomanOnly { power: q },
            CorsairsNeedBarbaryPirates,
            BadWinterPort {
                to: "NAPLES".into(),
                allowed: vec!["CAGLIARI".into(), "PALERMO".into()],
            },
            EmpireWinterUnit { mercenaries: 2 },
            UnknownTreasure {
                treasure: 40,
                yours: vec![2, 5],
            },
            TreasureNotYours {
                power: p,
                treasure: 3,
                yours: vec![],
            },
            TreasureNotYourImpulse { power: q },
            TreasureAdjust {
                power: p,
                delta: -2,
                available: 1,
            },
            PeaceNotAsked {
                power: Power::Spain,
                asked: Some(Power::France),
            },
            SurrenderCount {
                owed: 2,
                asked: 3,
                leaders: false,
            },
            SurrenderNotYours {
                power: Power::Spain,
                space: SpaceId(0),
                have: LandCount::new(1u32, 0u32, 0u32),
                asked: LandCount::new(0u32, 1u32, 0u32),
            },
            RegainNotHeld {
                power: Power::Spain,
                winner: Power::France,
                what: "ALBA".into(),
                leaders: vec!["EGMONT".into()],
                keys: vec![SpaceId(0)],
                spaces: vec![SpaceId(1), SpaceId(2)],
            },
            RegainVpOnly {
                power: Power::Spain,
                key: true,
            },
            PeaceWithdrawPlace {
                space: Some(SpaceId(0)),
                allowed: vec![SpaceId(1), SpaceId(2)],
            },
            // --- marriages and espionage
            UnknownRoyal {
                name: "ANJOUX".into(),
                known: vec!["ELIZABETH_I".into(), "FRANCOIS_ANJOU".into()],
            },
            RoyalNotYours {
                royal: "FRANCOIS_ANJOU".into(),
                owner: q,
                power: p,
                yours: vec!["ELIZABETH_I".into()],
            },
            RoyalSameHouse {
                royal: "ELIZABETH_I".into(),
                with: "ROBERT_DUDLEY".into(),
                power: p,
            },
            MarriageAtWar { power: p, other: q },
            RoyalNotSingle {
                royal: "ELIZABETH_I".into(),
                status: super::marriage::RoyalStatus::Married,
            },
            RoyalAlreadyProposed {
                royal: "ELIZABETH_I".into(),
                from: p,
                to: q,
            },
            NoMarriageProposal {
                power: p,
                royal: "ELIZABETH_I".into(),
                with: "FRANCOIS_ANJOU".into(),
                open: vec![("ROBERT_DUDLEY".into(), "MARGUERITE_VALOIS".into())],
            },
            AnswerMarriageFirst {
                from: q,
                to: p,
                royal: "FRANCOIS_ANJOU".into(),
                with: "ELIZABETH_I".into(),
            },
            MarriageOnlyInDiplomacy { power: p },
            EspionageNotInData,
            SpyOnSelf { power: p },
            SpyOnlyWithCp { power: p },
            SpyNeedsCp {
                power: p,
                effect: super::espionage::SpyEffect::Assassinate,
                left: 1,
                cost: 3,
            },
            SpyNeedsWhom {
                target: q,
                ruler: Some("CHARLES_IX".into()),
                leaders: vec![l()],
            },
            SpyWhomNotTarget {
                whom: "ALBA".into(),
                target: q,
                ruler: None,
                leaders: vec![],
            },
            NoRulerToKill { power: q },
        ]
        .into_iter()
        .chain(
            super::influence::InfluenceRefusal::samples()
                .into_iter()
                .map(Influence),
        )
        .collect()
    }

    /// A short id naming the variant (`not_adjacent`), for logs and completeness checks.
    pub fn id(&self) -> &'static str {
        use Refusal::*;
        match self {
            AdjustNotSeated { .. } => "adjust_not_seated",
            PowerNotInPlay { .. } => "power_not_in_play",
            SelfDiplomacy { .. } => "self_diplomacy",
            NotDiplomacyPhase => "not_diplomacy_phase",
            AlreadyAtWar { .. } => "already_at_war",
            AllyCannotBeAttacked { .. } => "ally_cannot_be_attacked",
            PeaceNeedsWar { .. } => "peace_needs_war",
            SueForPeaceOff { .. } => "sue_for_peace_off",
            AllianceNeedsPeace { .. } => "alliance_needs_peace",
            OfferAlreadyOpen { .. } => "offer_already_open",
            NoOpenOffer { .. } => "no_open_offer",
            MinorAlreadyAllied { .. } => "minor_already_allied",
            AnswerOfferFirst { .. } => "answer_offer_first",
            SecretOnlyEmpire { .. } => "secret_only_empire",
            SecretAlreadyMade => "secret_already_made",
            SecretAlreadyRevealed => "secret_already_revealed",
            SecretNotMade => "secret_not_made",
            SecretStaysSecret => "secret_stays_secret",
            OnlyRudolfDeath { .. } => "only_rudolf_death",
            ReligionFixed { .. } => "religion_fixed",
            NotInHand { .. } => "not_in_hand",
            MandatoryNotForCp { .. } => "mandatory_not_for_cp",
            EventOutsideImpulse { .. } => "event_outside_impulse",
            CardsAtImpulseStart => "cards_at_impulse_start",
            MustPlayMandatory { .. } => "must_play_mandatory",
            TooManyCardsToPass { .. } => "too_many_cards_to_pass",
            NotEnoughCp { .. } => "not_enough_cp",
            NotAutomated { .. } => "not_automated",
            NoCpCost { .. } => "no_cp_cost",
            NoCostInData { .. } => "no_cost_in_data",
            NotACapital { .. } => "not_a_capital",
            NotControlled { .. } => "not_controlled",
            SameSpace { .. } => "same_space",
            NoFriendlyPath { .. } => "no_friendly_path",
            NotAdjacent { .. } => "not_adjacent",
            NoLandUnitPicked => "no_land_unit_picked",
            LeaderAloneBlocked { .. } => "leader_alone_blocked",
            NotEnoughUnits { .. } => "not_enough_units",
            LeaderNotHere { .. } => "leader_not_here",
            FormationTooLarge { .. } => "formation_too_large",
            BesiegedCannotLeave { .. } => "besieged_cannot_leave",
            NeutralController { .. } => "neutral_controller",
            NeutralUnits { .. } => "neutral_units",
            FortifiedNeedsSiege { .. } => "fortified_needs_siege",
            AlreadyControls { .. } => "already_controls",
            NoUnitsNear { .. } => "no_units_near",
            EnemyUnitsIn { .. } => "enemy_units_in",
            EnemyUnitsAdjacent { .. } => "enemy_units_adjacent",
            NotHomeSpace { .. } => "not_home_space",
            ProtestantPool { .. } => "protestant_pool",
            FactionOnlyProtestant { .. } => "faction_only_protestant",
            UnderSiege { .. } => "under_siege",
            NotAPort { .. } => "not_a_port",
            CavalryOttomanOnly => "cavalry_ottoman_only",
            OceanZone { .. } => "ocean_zone",
            SettlementFortressSpainOnly => "settlement_fortress_spain_only",
            AlreadyFortified { .. } => "already_fortified",
            NotBesieging { .. } => "not_besieging",
            NoLandUnits { .. } => "no_land_units",
            NotFortified { .. } => "not_fortified",
            NotYourLeader { .. } => "not_your_leader",
            OnlyProtestantPlacesLeaders => "only_protestant_places_leaders",
            LeaderNotOffMap { .. } => "leader_not_off_map",
            LeaderNotYet { .. } => "leader_not_yet",
            LeaderWithoutFaction => "leader_without_faction",
            LeaderEntryNotHome { .. } => "leader_entry_not_home",
            CapitalServesLeader { .. } => "capital_serves_leader",
            CapitalServesUnits { .. } => "capital_serves_units",
            OnlyProtestantRevolts { .. } => "only_protestant_revolts",
            NotRevoltSpace { .. } => "not_revolt_space",
            RevoltAlreadyInZone { .. } => "revolt_already_in_zone",
            RevoltNeedsProtestant { .. } => "revolt_needs_protestant",
            RevoltOtherUnits { .. } => "revolt_other_units",
            RevoltFortifiedNotHeld { .. } => "revolt_fortified_not_held",
            RevoltLeaderFaction { .. } => "revolt_leader_faction",
            CapitalAlreadyAt { .. } => "capital_already_at",
            CapitalLostThisTurn { .. } => "capital_lost_this_turn",
            NotProtestantArmyLeader { .. } => "not_protestant_army_leader",
            NamedTwice { .. } => "named_twice",
            NoCapitalMovePending => "no_capital_move_pending",
            NotHuguenotCapitalTarget { .. } => "not_huguenot_capital_target",
            WarPowerNotInPlay { .. } => "war_power_not_in_play",
            NoWarAwaitingUnits => "no_war_awaiting_units",
            WrongWarCard { .. } => "wrong_war_card",
            NoSuchWar { .. } => "no_such_war",
            NotYourWar { .. } => "not_your_war",
            SendFromBesieged { .. } => "send_from_besieged",
            NothingToSend => "nothing_to_send",
            TooManyForWar { .. } => "too_many_for_war",
            OneLeaderToWar => "one_leader_to_war",
            NoUnitsOnWarCard => "no_units_on_war_card",
            WarNotAllowed { .. } => "war_not_allowed",
            WarNeedsCard { .. } => "war_needs_card",
            WarCardTooSmall { .. } => "war_card_too_small",
            WarAfterPeace { .. } => "war_after_peace",
            LeaderNotCaptured { .. } => "leader_not_captured",
            RansomOwnLeaderOnly { .. } => "ransom_own_leader_only",
            RansomCapital { .. } => "ransom_capital",
            MinorNeedsInfluence { .. } => "minor_needs_influence",
            RecallAfterWinterOnly => "recall_after_winter_only",
            RecallNeedsCapital { .. } => "recall_needs_capital",
            WinterPlace { .. } => "winter_place",
            WarReturnPlace { .. } => "war_return_place",
            MinorWarNotAllowed { .. } => "minor_war_not_allowed",
            MinorWarNeedsCard { .. } => "minor_war_needs_card",
            AlreadyAtWarMinor { .. } => "already_at_war_minor",
            NoMinorWar { .. } => "no_minor_war",
            MinorWarAfterPeace { .. } => "minor_war_after_peace",
            WinterWholeForce { .. } => "winter_whole_force",
            WinterWrongUnits { .. } => "winter_wrong_units",
            NoConversions { .. } => "no_conversions",
            ConvertOutsideZones { .. } => "convert_outside_zones",
            AlreadyOfFaith { .. } => "already_of_faith",
            ConvertNoFoothold { .. } => "convert_no_foothold",
            ReligionNeedsCp { .. } => "religion_needs_cp",
            NoSixPending => "no_six_pending",
            RebellionNotCatholicPower { .. } => "rebellion_not_catholic_power",
            RebellionNotEnglishSpace { .. } => "rebellion_not_english_space",
            RebellionAlreadyInZone { .. } => "rebellion_already_in_zone",
            RebellionNeedsCatholic { .. } => "rebellion_needs_catholic",
            RebellionEnglishUnits { .. } => "rebellion_english_units",
            CapitalOutsideTerritory { .. } => "capital_outside_territory",
            AdjustTurnOutOfRange { .. } => "adjust_turn_out_of_range",
            AdjustPhaseNeedsPower { .. } => "adjust_phase_needs_power",
            AdjustPhaseNotSettable { .. } => "adjust_phase_not_settable",
            AdjustPhaseQuestionPending { .. } => "adjust_phase_question_pending",
            UnitLimit { .. } => "unit_limit",
            CannotMoveAgain { .. } => "cannot_move_again",
            NoLineOfCommunication { .. } => "no_line_of_communication",
            InUnrest { .. } => "in_unrest",
            MercenaryNotOttoman => "mercenary_not_ottoman",
            OccupiedByOthers { .. } => "occupied_by_others",
            DeployToCapital { .. } => "deploy_to_capital",
            SiegeBegunThisImpulse { .. } => "siege_begun_this_impulse",
            AlreadyAssaulted { .. } => "already_assaulted",
            PortBlockaded { .. } => "port_blockaded",
            NotAnInterceptSpace { .. } => "not_an_intercept_space",
            NotAnAvoidSpace { .. } => "not_an_avoid_space",
            BadRetreat { .. } => "bad_retreat",
            TooManyInside { .. } => "too_many_inside",
            WrongCasualties { .. } => "wrong_casualties",
            WithdrawNotOffered { .. } => "withdraw_not_offered",
            CardNotForWindow { .. } => "card_not_for_window",
            NothingPending => "nothing_pending",
            MustAnswer { .. } => "must_answer",
            NoShipsThere { .. } => "no_ships_there",
            StackMovesOnce { .. } => "stack_moves_once",
            NotANavalStep { .. } => "not_a_naval_step",
            PortNotFriendly { .. } => "port_not_friendly",
            NavalLeaderOnLand { .. } => "naval_leader_on_land",
            TransportTooLarge { .. } => "transport_too_large",
            NoSeaPath { .. } => "no_sea_path",
            WrongShipLosses { .. } => "wrong_ship_losses",
            BadNavalRetreat { .. } => "bad_naval_retreat",
            LandUnitsAtSea { .. } => "land_units_at_sea",
            UnitLimitAtSea { .. } => "unit_limit_at_sea",
            SeaBlockaded { .. } => "sea_blockaded",
            NotANavalInterceptPlace { .. } => "not_a_naval_intercept_place",
            NotADiceCard { .. } => "not_a_dice_card",
            EffectOptionOutOfRange { .. } => "effect_option_out_of_range",
            EffectSpaceNotAllowed { .. } => "effect_space_not_allowed",
            EffectRemoveWrong { .. } => "effect_remove_wrong",
            EffectAnswerWrong { .. } => "effect_answer_wrong",
            // --- card effects
            WarForbiddenByCard { .. } => "war_forbidden_by_card",
            SpringSeaTooLarge { .. } => "spring_sea_too_large",
            SpringSeaGuarded { .. } => "spring_sea_guarded",
            PiracyOttomanOnly { .. } => "piracy_ottoman_only",
            PiracyAtSeaOnly { .. } => "piracy_at_sea_only",
            NoCorsairsThere { .. } => "no_corsairs_there",
            PiratedThisTurn { .. } => "pirated_this_turn",
            PiracyTarget { .. } => "piracy_target",
            PiracyRewardNotAllowed { .. } => "piracy_reward_not_allowed",
            PiracySquadronPlace { .. } => "piracy_squadron_place",
            CorsairOttomanOnly { .. } => "corsair_ottoman_only",
            CorsairsNeedBarbaryPirates => "corsairs_need_barbary_pirates",
            BadWinterPort { .. } => "bad_winter_port",
            EmpireWinterUnit { .. } => "empire_winter_unit",
            UnknownTreasure { .. } => "unknown_treasure",
            TreasureNotYours { .. } => "treasure_not_yours",
            TreasureNotYourImpulse { .. } => "treasure_not_your_impulse",
            TreasureAdjust { .. } => "treasure_adjust",
            PeaceNotAsked { .. } => "peace_not_asked",
            SurrenderCount { .. } => "surrender_count",
            SurrenderNotYours { .. } => "surrender_not_yours",
            RegainNotHeld { .. } => "regain_not_held",
            RegainVpOnly { .. } => "regain_vp_only",
            PeaceWithdrawPlace { .. } => "peace_withdraw_place",
            Influence(r) => r.id(),
            UnknownRoyal { .. } => "unknown_royal",
            RoyalNotYours { .. } => "royal_not_yours",
            RoyalSameHouse { .. } => "royal_same_house",
            MarriageAtWar { .. } => "marriage_at_war",
            RoyalNotSingle { .. } => "royal_not_single",
            RoyalAlreadyProposed { .. } => "royal_already_proposed",
            NoMarriageProposal { .. } => "no_marriage_proposal",
            AnswerMarriageFirst { .. } => "answer_marriage_first",
            MarriageOnlyInDiplomacy { .. } => "marriage_only_in_diplomacy",
            EspionageNotInData => "espionage_not_in_data",
            SpyOnSelf { .. } => "spy_on_self",
            SpyOnlyWithCp { .. } => "spy_only_with_cp",
            SpyNeedsCp { .. } => "spy_needs_cp",
            SpyNeedsWhom { .. } => "spy_needs_whom",
            SpyWhomNotTarget { .. } => "spy_whom_not_target",
            NoRulerToKill { .. } => "no_ruler_to_kill",
        }
    }
}

/// The terse fallback text: the variant's id, then its data, then the rule ID.
struct Terse<'a>(&'a Refusal, Option<&'a Ruleset>);

impl fmt::Display for Terse<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use Refusal::*;
        let rs = self.1;
        let s = |x: &SpaceId| match rs.and_then(|r| r.spaces.get(x.idx())) {
            Some(sp) => sp.id.clone(),
            None => format!("#{}", x.0),
        };
        let lc = |c: &LandCount| format!("{}r/{}m/{}c", c.regulars, c.mercenaries, c.cavalry);
        f.write_str(self.0.id().replace('_', " ").as_str())?;
        let detail = match self.0 {
            AdjustNotSeated { power } | PowerNotInPlay { power } | SelfDiplomacy { power } => {
                power.to_string()
            }
            SecretOnlyEmpire { power } | OnlyProtestantRevolts { power } => power.to_string(),
            AlreadyAtWar { power, target }
            | AllyCannotBeAttacked { power, target }
            | PeaceNeedsWar { power, target }
            | SueForPeaceOff { power, target } => format!("{power} → {target}"),
            AllianceNeedsPeace { power, target, now } => format!("{power} → {target} ({now})"),
            OfferAlreadyOpen { from, to } | NoOpenOffer { from, to } => format!("{from} → {to}"),
            AnswerOfferFirst { from, to, status } => format!("{from} → {to} ({status})"),
            MinorAlreadyAllied { minor, ally } => format!("{minor} ↔ {ally}"),
            OnlyRudolfDeath { power, ruler } => {
                format!("{power}: {}", ruler.as_deref().unwrap_or("-"))
            }
            NotInHand { power, card, hand } => format!("#{card}, {power} holds {hand:?}"),
            MandatoryNotForCp { card } | NoSuchWar { card } => format!("#{card}"),
            EventOutsideImpulse { card, kind } => format!("#{card} ({kind:?})"),
            MustPlayMandatory { power, card } => format!("{power}: #{card}"),
            TooManyCardsToPass { power, held, admin } => format!("{power}: {held} > {admin}"),
            NotEnoughCp {
                power,
                left,
                cost,
                what,
            } => {
                let w = match what {
                    CpUse::CrossPass => "move_pass",
                    CpUse::Action(a) => a.as_str(),
                };
                format!("{power} has {left}, {w} costs {cost}")
            }
            NotAutomated { action } | NoCpCost { action } => action.to_string(),
            NoCostInData { key } => key.to_string(),
            NotACapital {
                power,
                space,
                capitals,
            } => {
                let c: Vec<String> = capitals.iter().map(s).collect();
                format!("{power}: {} (capitals: {})", s(space), c.join(", "))
            }
            NotControlled { power, space }
            | BesiegedCannotLeave { power, space }
            | AlreadyControls { power, space }
            | NoUnitsNear { power, space }
            | NotHomeSpace { power, space }
            | NotBesieging { power, space }
            | NoLandUnits { power, space } => format!("{power}: {}", s(space)),
            SameSpace { space }
            | ReligionFixed { space }
            | FortifiedNeedsSiege { space }
            | EnemyUnitsIn { space }
            | UnderSiege { space }
            | NotAPort { space }
            | NotRevoltSpace { space }
            | RevoltNeedsProtestant { space }
            | NotHuguenotCapitalTarget { space }
            | SendFromBesieged { space } => s(space),
            UnitLimit { space, max } => format!("{}: at most {max} of a kind", s(space)),
            NoFriendlyPath { from, to } | NotAdjacent { from, to } => {
                format!("{} → {}", s(from), s(to))
            }
            NotEnoughUnits {
                power,
                space,
                have,
                asked,
            } => format!(
                "{power} in {}: has {}, asked {}",
                s(space),
                lc(have),
                lc(asked)
            ),
            LeaderNotHere {
                leader,
                power,
                space,
                ..
            } => format!("{leader} ({power}) in {}", s(space)),
            FormationTooLarge { units, limit } => format!("{units} > {limit}"),
            LeaderAloneBlocked { space } => s(space),
            NeutralController {
                power,
                space,
                controller: o,
            }
            | NeutralUnits {
                power,
                space,
                owner: o,
            } => format!("{power}: {} ({o})", s(space)),
            EnemyUnitsAdjacent { space, adjacent } => {
                format!("{} (from {})", s(space), s(adjacent))
            }
            ProtestantPool {
                space,
                faction,
                here,
            } => format!("{:?} in {} ({here:?})", faction, s(space)),
            FactionOnlyProtestant { owner } => owner.to_string(),
            OceanZone { world } => format!("world#{world}"),
            AlreadyFortified { place } => match place {
                Place::Space(x) => s(x),
                Place::World(w) => format!("world#{w}"),
            },
            NotFortified { space, purpose } => format!("{} ({purpose:?})", s(space)),
            NotYourLeader {
                leader,
                owner,
                power,
            } => format!("{leader} is {owner}'s, not {power}'s"),
            LeaderNotOffMap { leader } => leader.clone(),
            LeaderNotYet {
                leader,
                from_turn,
                turn,
            } => format!("{leader}: turn {from_turn}, now {turn}"),
            LeaderEntryNotHome { faction, space } => format!("{faction}: {}", s(space)),
            CapitalServesLeader {
                space,
                faction,
                leader,
            } => format!("{faction} capital {}: {leader}", s(space)),
            CapitalServesUnits {
                space,
                faction,
                have,
            } => format!("{faction} capital {}: has {}", s(space), lc(have)),
            RevoltAlreadyInZone { faction } | CapitalLostThisTurn { faction } => {
                faction.to_string()
            }
            RevoltOtherUnits { space, owner: o } | RevoltFortifiedNotHeld { space, holder: o } => {
                format!("{} ({o})", s(space))
            }
            RevoltLeaderFaction { faction, leader } => format!("{faction}: {leader}"),
            CapitalAlreadyAt { faction, space } => format!("{faction}: {}", s(space)),
            NotProtestantArmyLeader { name, on_map } => format!("{name} (on map: {on_map:?})"),
            NamedTwice { name } => name.clone(),
            WarPowerNotInPlay { card, power } => format!("#{card}: {power}"),
            WrongWarCard { waiting, card } => format!("#{card}, waiting #{waiting}"),
            NotYourWar { card, power, wars } => format!("#{card}, {power}'s wars {wars:?}"),
            TooManyForWar {
                required,
                on_card,
                room,
                asked,
            } => format!("needs {required}, on card {on_card}, room {room}, asked {asked}"),
            NoConversions { power, converters } => format!("{power} (converters: {converters:?})"),
            ConvertOutsideZones { space }
            | RebellionNotEnglishSpace { space }
            | RebellionNeedsCatholic { space }
            | RebellionEnglishUnits { space } => s(space),
            AlreadyOfFaith { space, religion } | ConvertNoFoothold { space, religion } => {
                format!("{} ({religion})", s(space))
            }
            ReligionNeedsCp {
                power,
                action,
                left,
                cost,
            } => format!("{power} has {left}, {} costs {cost}", action.cost_key()),
            RebellionNotCatholicPower { power, sponsors } => {
                format!("{power} (sponsors: {sponsors:?})")
            }
            RebellionAlreadyInZone { zone } => zone.to_string(),
            CapitalOutsideTerritory { space, faction } => format!("{faction}: {}", s(space)),
            AdjustTurnOutOfRange { turn, last } => format!("{turn} (1-{last})"),
            AdjustPhaseQuestionPending { power } => power.to_string(),
            AdjustPhaseNeedsPower { phase } | AdjustPhaseNotSettable { phase } => {
                format!("{phase:?}")
            }
            CannotMoveAgain { power, space } | NoLineOfCommunication { power, space } => {
                format!("{power}: {}", s(space))
            }
            InUnrest { space }
            | DeployToCapital { space }
            | SiegeBegunThisImpulse { space }
            | AlreadyAssaulted { space }
            | PortBlockaded { space } => s(space),
            OccupiedByOthers { space, owner } => format!("{} ({owner})", s(space)),
            NotAnInterceptSpace { space, to, allowed } => {
                let a: Vec<String> = allowed.iter().map(s).collect();
                format!("{} → {} (allowed: {})", s(space), s(to), a.join(", "))
            }
            NotAnAvoidSpace {
                space,
                from,
                allowed,
            } => {
                let a: Vec<String> = allowed.iter().map(s).collect();
                format!("{} → {} (allowed: {})", s(from), s(space), a.join(", "))
            }
            BadRetreat {
                space,
                attacker_origin,
                allowed,
            } => {
                let a: Vec<String> = allowed.iter().map(s).collect();
                let x = space.as_ref().map_or_else(|| "-".to_string(), s);
                format!("{x} (origin: {attacker_origin}; allowed: {})", a.join(", "))
            }
            TooManyInside { asked, room } => format!("{asked} > {room}"),
            WrongCasualties { hits, asked, have } => {
                format!("{hits} hits, asked {}, has {}", lc(asked), lc(have))
            }
            WithdrawNotOffered { space, units } => {
                let x = space.as_ref().map_or_else(|| "-".to_string(), s);
                format!("{x}: {units}")
            }
            CardNotForWindow { card, kind, combat } => {
                format!("#{card} ({kind:?}, combat window: {combat})")
            }
            MustAnswer { decision } => format!("{decision:?}"),
            NoShipsThere { power, place } => format!("{power} at {place}"),
            StackMovesOnce { place } | LandUnitsAtSea { zone: place } => place.clone(),
            UnitLimitAtSea { zone, max } => format!("{zone}: at most {max} of a kind"),
            NotANavalStep { from, to, allowed } => {
                format!("{from} → {to} (allowed: {})", allowed.join(", "))
            }
            PortNotFriendly { space } => s(space),
            NavalLeaderOnLand { leader } => leader.clone(),
            TransportTooLarge { units, max } => format!("{units} > {max}"),
            NoSeaPath { from, to } => format!("{} → {}", s(from), s(to)),
            WrongShipLosses { hits, asked, have } => format!(
                "{hits} hits, asked {}s/{}c, has {}s/{}c",
                asked.0, asked.1, have.0, have.1
            ),
            BadNavalRetreat { to, allowed } => format!("{to} (allowed: {})", allowed.join(", ")),
            SeaBlockaded { space, zone } => format!("{} by {zone}", s(space)),
            NotANavalInterceptPlace {
                place,
                zone,
                allowed,
            } => format!("{place} → {zone} (allowed: {})", allowed.join(", ")),
            NotADiceCard { card } => format!("#{card}"),
            EffectOptionOutOfRange { option, options } => format!("{option} of {options}"),
            EffectSpaceNotAllowed { space, allowed } => format!(
                "{} (allowed: {})",
                s(space),
                allowed.iter().map(s).collect::<Vec<_>>().join(", ")
            ),
            EffectRemoveWrong { space, n } => format!("{n} in {}", s(space)),
            EffectAnswerWrong { allowed } => allowed.to_string(),
            // --- card effects
            WarForbiddenByCard {
                power,
                target,
                card,
            } => format!("{power} and {target} (#{card})"),
            SpringSeaTooLarge { units, max } => format!("{units} > {max}"),
            SpringSeaGuarded { zone, owner } => format!("{zone}: {owner:?}"),
            PiracyOttomanOnly { power } | CorsairOttomanOnly { power } => power.to_string(),
            PiracyAtSeaOnly { place } => place.clone(),
            NoCorsairsThere { zone, zones } => {
                format!("{zone} (corsairs in: {})", zones.join(", "))
            }
            PiratedThisTurn { zone } => zone.clone(),
            PiracyTarget {
                target,
                zone,
                allowed,
            } => format!("{target} in {zone} (allowed: {allowed:?})"),
            PiracyRewardNotAllowed { asked, allowed } => {
                format!("{} (allowed: {allowed:?})", asked.id())
            }
            PiracySquadronPlace { place, allowed } => {
                format!("{place} (allowed: {})", allowed.join(", "))
            }
            CorsairsNeedBarbaryPirates => String::new(),
            BadWinterPort { to, allowed } => format!("{to} (allowed: {})", allowed.join(", ")),
            EmpireWinterUnit { mercenaries } => format!("1r or {mercenaries}m"),
            UnknownTreasure { treasure, yours }
            | TreasureNotYours {
                treasure, yours, ..
            } => {
                format!("{treasure} (yours: {yours:?})")
            }
            TreasureNotYourImpulse { power } => power.to_string(),
            TreasureAdjust {
                power,
                delta,
                available,
            } => format!("{power} {delta:+} (available: {available})"),
            PeaceNotAsked { power, asked } => format!("{power}; asked {asked:?}"),
            SurrenderCount {
                owed,
                asked,
                leaders,
            } => format!("{asked} of {owed}; leaders {leaders}"),
            SurrenderNotYours {
                power,
                space,
                have,
                asked,
            } => format!("{power} in {}: {} of {}", s(space), lc(asked), lc(have)),
            RegainNotHeld {
                power,
                winner,
                what,
                leaders,
                keys,
                spaces,
            } => format!(
                "{power} from {winner}: {what}; leaders {leaders:?}, keys {:?}, spaces {:?}",
                keys.iter().map(s).collect::<Vec<_>>(),
                spaces.iter().map(s).collect::<Vec<_>>()
            ),
            RegainVpOnly { power, key } => format!("{power}; key {key}"),
            PeaceWithdrawPlace { space, allowed } => format!(
                "{:?}; allowed {:?}",
                space.as_ref().map(s),
                allowed.iter().map(s).collect::<Vec<_>>()
            ),
            NotDiplomacyPhase
            | NoSixPending
            | NothingPending
            | MercenaryNotOttoman
            | SecretAlreadyMade
            | SecretAlreadyRevealed
            | SecretNotMade
            | SecretStaysSecret
            | CardsAtImpulseStart
            | NoLandUnitPicked
            | CavalryOttomanOnly
            | SettlementFortressSpainOnly
            | OnlyProtestantPlacesLeaders
            | LeaderWithoutFaction
            | NoCapitalMovePending
            | NoWarAwaitingUnits
            | NothingToSend
            | OneLeaderToWar
            | NoUnitsOnWarCard
            | RecallAfterWinterOnly => String::new(),
            WarNotAllowed { power, target } => format!("{power} -> {target}"),
            WarNeedsCard {
                power,
                target,
                cost,
                cards,
            } => format!("{power} -> {target}: {cost} CP; cards {cards:?}"),
            WarCardTooSmall {
                card,
                cp,
                cost,
                cards,
            } => format!("#{card} {cp} < {cost}; cards {cards:?}"),
            WarAfterPeace {
                power,
                target,
                peace_turn,
                from_turn,
            } => format!("{power} -> {target}: peace turn {peace_turn}, war from {from_turn}"),
            LeaderNotCaptured { leader, captured } => format!("{leader}; held {captured:?}"),
            RansomOwnLeaderOnly {
                power,
                leader,
                owner,
            } => format!("{power}: {leader} of {owner}"),
            RansomCapital {
                power,
                space,
                capitals,
            } => format!(
                "{power}: {:?} not in {:?}",
                space.as_ref().map(s),
                capitals.iter().map(s).collect::<Vec<_>>()
            ),
            MinorNeedsInfluence { minor } => minor.to_string(),
            Influence(r) => r.detail(),
            WinterPlace { space, allowed } | WarReturnPlace { space, allowed } => format!(
                "{:?}; allowed {:?}",
                space.as_ref().map(s),
                allowed.iter().map(s).collect::<Vec<_>>()
            ),
            WinterWholeForce { space } => s(space),
            MinorWarNotAllowed { power, minor } | AlreadyAtWarMinor { power, minor } => {
                format!("{power} -> {minor}")
            }
            NoMinorWar { power, minor, wars } => format!("{power} -> {minor}; wars {wars:?}"),
            MinorWarAfterPeace {
                power,
                minor,
                peace_turn,
                from_turn,
            } => format!("{power} -> {minor}: peace turn {peace_turn}, war from {from_turn}"),
            MinorWarNeedsCard {
                power,
                minor,
                cost,
                cards,
            } => format!("{power} -> {minor}: {cost} CP; cards {cards:?}"),
            WinterWrongUnits {
                least,
                excess,
                asked,
                have,
            } => format!("{least}..{excess}: {asked:?} of {have:?}"),
            RecallNeedsCapital {
                power,
                space,
                capitals,
            } => format!(
                "{power}: {}; capitals {:?}",
                s(space),
                capitals.iter().map(s).collect::<Vec<_>>()
            ),
            // --- marriages and espionage: the data as it is
            UnknownRoyal { .. }
            | RoyalNotYours { .. }
            | RoyalSameHouse { .. }
            | MarriageAtWar { .. }
            | RoyalNotSingle { .. }
            | RoyalAlreadyProposed { .. }
            | NoMarriageProposal { .. }
            | AnswerMarriageFirst { .. }
            | MarriageOnlyInDiplomacy { .. }
            | EspionageNotInData
            | SpyOnSelf { .. }
            | SpyOnlyWithCp { .. }
            | SpyNeedsCp { .. }
            | SpyNeedsWhom { .. }
            | SpyWhomNotTarget { .. }
            | NoRulerToKill { .. } => format!("{:?}", self.0),
        };
        if !detail.is_empty() {
            write!(f, ": {detail}")?;
        }
        if let Some(r) = self.0.rule() {
            write!(f, " [{r}]")?;
        }
        Ok(())
    }
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        Terse(self, None).fmt(f)
    }
}

//! Why the rules refuse an action, as data: spaces, powers, cards, leaders, numbers and rule IDs,
//! never sentences. The table's catalogue (`crate::table::messages`) turns a [`Refusal`] into
//! English or Russian; the engine's own `Display` is a terse id-based fallback for logs.
//!
//! Variants hold `Copy` data where they can, so refusing on the legal-action hot path
//! (`check_move`, `check_control`, `check_raise` …) does not allocate. Lists (a hand, capitals,
//! wars) appear only in refusals of player-typed actions.

use super::action::ActionKind;
use super::power::{Faction, Minor, Owner, Power, Relation, Religion, ReligiousZone};
use super::refusal_rows::{refusal_rows, TerseArg};
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

/// The sample arguments the rows of [`Refusal`] use.
const EN: Power = Power::England;
const FR: Power = Power::France;
const S0: SpaceId = SpaceId(0);
const S1: SpaceId = SpaceId(1);
const UNITS: LandCount = LandCount {
    regulars: 1,
    mercenaries: 2,
    cavalry: 0,
};

/// A leader id for samples.
fn leader() -> String {
    "COLIGNY".to_string()
}

/// The terse detail of a move between two spaces: `MADRID → PARIS`.
fn from_to(rs: Option<&Ruleset>, from: &SpaceId, to: &SpaceId) -> String {
    format!("{} → {}", from.terse(rs), to.terse(rs))
}

/// The rule a missing fortification enforces depends on what it was for.
fn not_fortified_rule(_: &SpaceId, purpose: &FortifiedFor) -> Option<&'static str> {
    Some(match purpose {
        FortifiedFor::LeaderEntry => "R-PROT-LEADERS",
        FortifiedFor::Capital => "X-PROT-CAPITAL-SPACE",
    })
}

/// The rule a religious action short of CP enforces is that action's.
fn religion_cp_rule(_: &Power, action: &ReligionAction, _: &u8, _: &u8) -> Option<&'static str> {
    Some(match action {
        ReligionAction::Convert => "X-REL-CONVERT",
        ReligionAction::CatholicRebellion => "X-REL-ENG-REBELLION",
    })
}

refusal_rows! {
    /// A rules refusal. Each variant says what was wrong with ids and numbers; the catalogue words
    /// it.
    #[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
    #[serde(rename_all = "snake_case", tag = "refusal")]
    #[allow(missing_docs)] // the fields are named for what they hold; each variant is documented
    pub enum Refusal {
        // ----- seats, diplomacy ------------------------------------------------------------
        /// Only powers held by players may make manual fixes.
        AdjustNotSeated { power: Power }
            => "adjust_not_seated" sample { power: EN };
        /// The power named is not in this game.
        PowerNotInPlay { power: Power }
            => "power_not_in_play" sample { power: EN };
        /// A power has no war, peace or alliance with itself.
        SelfDiplomacy { power: Power }
            => "self_diplomacy" sample { power: EN };
        /// Diplomatic actions belong to the Diplomacy phase.
        NotDiplomacyPhase
            => "not_diplomacy_phase" sample;
        /// War is declared only on a power not yet at war with you.
        AlreadyAtWar { power: Power, target: Power }
            => "already_at_war" sample { power: EN, target: FR };
        /// An ally cannot be attacked.
        AllyCannotBeAttacked { power: Power, target: Power }
            => "ally_cannot_be_attacked" rule "C-DIP-WAR-LIMITS" sample { power: EN, target: FR };
        /// Peace is offered only to an enemy.
        PeaceNeedsWar { power: Power, target: Power }
            => "peace_needs_war" sample { power: EN, target: FR };
        /// X-DIP-PEACE-HIS: suing for peace is off in this ruleset (Virgin Queen negotiates peace).
        SueForPeaceOff { power: Power, target: Power }
            => "sue_for_peace_off" rule "X-DIP-PEACE-HIS" sample { power: EN, target: FR };
        /// An alliance needs peace first; `now` is the current status.
        AllianceNeedsPeace { power: Power, target: Power, now: Relation }
            => "alliance_needs_peace" sample { power: EN, target: FR, now: Relation::War };
        /// One open offer per pair.
        OfferAlreadyOpen { from: Power, to: Power }
            => "offer_already_open" sample { from: EN, to: FR };
        /// Only an open offer can be answered.
        NoOpenOffer { from: Power, to: Power }
            => "no_open_offer" sample { from: EN, to: FR };
        /// A minor power with an ally cannot be won over.
        MinorAlreadyAllied { minor: Minor, ally: Power }
            => "minor_already_allied" sample { minor: Minor::Scotland, ally: FR };
        /// An offer to you must be answered before finishing diplomacy.
        AnswerOfferFirst { from: Power, to: Power, status: Relation }
            => "answer_offer_first" sample { from: FR, to: EN, status: Relation::Alliance };
        /// R-HRE-SECRET: only the Empire makes the secret choice.
        SecretOnlyEmpire { power: Power }
            => "secret_only_empire" rule "R-HRE-SECRET" sample { power: EN };
        /// The secret choice is made once.
        SecretAlreadyMade
            => "secret_already_made" sample;
        /// The Empire's choice is already public.
        SecretAlreadyRevealed
            => "secret_already_revealed" sample;
        /// There is no secret choice to reveal yet.
        SecretNotMade
            => "secret_not_made" sample;
        /// R-HRE-SECRET: the choice is revealed only at Victory Determination, when it matters.
        SecretStaysSecret
            => "secret_stays_secret" rule "R-HRE-SECRET" sample;
        /// R-HRE-RUDOLF-DEATH: only Rudolf II's death is automated; `ruler` is the current ruler
        /// id.
        OnlyRudolfDeath { power: Power, ruler: Option<String> }
            => "only_rudolf_death" rule "R-HRE-RUDOLF-DEATH" sample { power: EN, ruler: None };
        /// R-REL-OUTSIDE: a space outside the four zones keeps its printed religion.
        ReligionFixed { space: SpaceId }
            => "religion_fixed" rule "R-REL-OUTSIDE" sample { space: S0 };

        // ----- cards and impulses ----------------------------------------------------------
        /// The card is not in the power's hand; `hand` lists what is.
        NotInHand { power: Power, card: u16, hand: Vec<u16> }
            => "not_in_hand" sample { power: EN, card: 4, hand: vec![5, 6] };
        /// A mandatory event is played as an event.
        MandatoryNotForCp { card: u16 }
            => "mandatory_not_for_cp" rule "C-CARD-MANDATORY" sample { card: 4 };
        /// A response or combat card's event is not played in an impulse (CP only).
        EventOutsideImpulse { card: u16, kind: CardKind }
            => "event_outside_impulse" sample { card: 4, kind: CardKind::Response };
        /// Cards are played at the start of an impulse.
        CardsAtImpulseStart
            => "cards_at_impulse_start" sample;
        /// A held mandatory event must be played before passing.
        MustPlayMandatory { power: Power, card: u16 }
            => "must_play_mandatory" rule "C-CARD-PASS" sample { power: EN, card: 4 };
        /// Passing allows at most `admin` non-home cards in hand.
        TooManyCardsToPass { power: Power, held: u32, admin: u8 }
            => "too_many_cards_to_pass" rule "C-CARD-PASS" sample { power: EN, held: 3, admin: 1 };
        /// Not enough CP left for what was asked.
        NotEnoughCp { power: Power, left: u8, cost: u8, what: CpUse }
            => "not_enough_cp" sample { power: EN, left: 1, cost: 2, what: CpUse::CrossPass };
        /// The action is not automated yet; its effect is applied with `adjust`.
        NotAutomated { action: ActionKind }
            => "not_automated" sample { action: ActionKind::Assault };
        /// The action is not paid with CP.
        NoCpCost { action: ActionKind }
            => "no_cp_cost" sample { action: ActionKind::Pass };
        /// The data (costs.csv) has no cost under this key.
        NoCostInData { key: &'static str }
            => "no_cost_in_data" sample { key: "move" };

        // ----- movement and formations -----------------------------------------------------
        /// Spring deployment starts from one of the power's capitals.
        NotACapital { power: Power, space: SpaceId, capitals: Vec<SpaceId> }
            => "not_a_capital" sample { power: EN, space: S0, capitals: vec![S1] };
        /// The power does not control the space.
        NotControlled { power: Power, space: SpaceId }
            => "not_controlled" sample { power: EN, space: S0 };
        /// A move must end somewhere else than where it starts.
        SameSpace { space: SpaceId }
            => "same_space" sample { space: S0 };
        /// No path through friendly spaces free of enemy units.
        NoFriendlyPath { from: SpaceId, to: SpaceId }
            => "no_friendly_path" sample { from: S0, to: S1 };
        /// The two spaces are not adjacent (the catalogue lists `from`'s neighbours).
        NotAdjacent { from: SpaceId, to: SpaceId }
            => "not_adjacent" sample { from: S0, to: S1 } terse from_to;
        /// A move needs at least one land unit or leader.
        NoLandUnitPicked
            => "no_land_unit_picked" sample;
        /// A leader moving alone may not enter a space with enemy land units or an enemy or
        /// independent fortified space (C-MOVE-FORMATION, our reading).
        LeaderAloneBlocked { space: SpaceId }
            => "leader_alone_blocked" rule "C-MOVE-FORMATION" sample { space: S0 };
        /// The power has fewer units in the space than asked for.
        NotEnoughUnits { power: Power, space: SpaceId, have: LandCount, asked: LandCount }
            => "not_enough_units"
            sample { power: EN, space: S0, have: UNITS, asked: LandCount::new(3u8, 0u8, 0u8) };
        /// The leader named is not with the power's units in the space (`army`: only army leaders
        /// qualify).
        LeaderNotHere { leader: String, power: Power, space: SpaceId, army: bool }
            => "leader_not_here" sample { leader: leader(), power: EN, space: S0, army: false };
        /// The formation is larger than its best leader's command (or the limit without a leader).
        FormationTooLarge { units: u32, limit: u32 }
            => "formation_too_large" sample { units: 6, limit: 4 };
        /// Units of a besieged space's holder cannot move out.
        BesiegedCannotLeave { power: Power, space: SpaceId }
            => "besieged_cannot_leave" sample { power: EN, space: S0 };
        /// The space's controller is neither allied nor at war with the power.
        NeutralController { power: Power, space: SpaceId, controller: Owner }
            => "neutral_controller" sample { power: EN, space: S0, controller: Owner::Major(FR) };
        /// Units of an owner not at war with the power are in the space.
        NeutralUnits { power: Power, space: SpaceId, owner: Owner }
            => "neutral_units" sample { power: EN, space: S0, owner: Owner::Major(FR) };

        // ----- control, raising, fortresses, sieges ---------------------------------------
        /// R-SPACE-FORTIFIED: a fortified space changes control only by a successful siege.
        FortifiedNeedsSiege { space: SpaceId }
            => "fortified_needs_siege" rule "R-SPACE-FORTIFIED" sample { space: S0 };
        /// The power already controls the space.
        AlreadyControls { power: Power, space: SpaceId }
            => "already_controls" sample { power: EN, space: S0 };
        /// Control needs the power's land units in or next to the space.
        NoUnitsNear { power: Power, space: SpaceId }
            => "no_units_near" sample { power: EN, space: S0 };
        /// Enemy land units are in the space.
        EnemyUnitsIn { space: SpaceId }
            => "enemy_units_in" sample { space: S0 };
        /// Enemy land units next door block taking control (independent ones would not).
        EnemyUnitsAdjacent { space: SpaceId, adjacent: SpaceId }
            => "enemy_units_adjacent" sample { space: S0, adjacent: S1 };
        /// Units are raised in the power's home spaces.
        NotHomeSpace { power: Power, space: SpaceId }
            => "not_home_space" sample { power: EN, space: S0 };
        /// R-PROT-POOL: Protestant units are built in home spaces of their faction (`faction`
        /// `None`:
        /// of either faction); `here` is the space's own faction, if any.
        ProtestantPool { space: SpaceId, faction: Option<Faction>, here: Option<Faction> }
            => "protestant_pool" rule "R-PROT-POOL"
            sample { space: S0, faction: Some(Faction::Dutch), here: Some(Faction::Huguenot) };
        /// Only Protestant units have a faction.
        FactionOnlyProtestant { owner: Owner }
            => "faction_only_protestant" sample { owner: Owner::Major(EN) };
        /// The space is under siege.
        UnderSiege { space: SpaceId }
            => "under_siege" sample { space: S0 };
        /// Squadrons are built in ports.
        NotAPort { space: SpaceId }
            => "not_a_port" sample { space: S0 };
        /// Only the Ottoman raises cavalry.
        CavalryOttomanOnly
            => "cavalry_ottoman_only" sample;
        /// An ocean zone of the world map holds no fortress.
        OceanZone { world: u16 }
            => "ocean_zone" sample { world: 0 };
        /// R-SPACE-FORTRESS: only Spain builds fortresses in settlements.
        SettlementFortressSpainOnly
            => "settlement_fortress_spain_only" rule "R-SPACE-FORTRESS" sample;
        /// There is a fortress already.
        AlreadyFortified { place: Place }
            => "already_fortified" sample { place: Place::Space(S0) };
        /// An assault needs the power's siege of the space.
        NotBesieging { power: Power, space: SpaceId }
            => "not_besieging" sample { power: EN, space: S0 };
        /// The power has no land units there.
        NoLandUnits { power: Power, space: SpaceId }
            => "no_land_units" sample { power: EN, space: S0 };
        /// The space must be fortified for this.
        NotFortified { space: SpaceId, purpose: FortifiedFor }
            => "not_fortified" rule_by not_fortified_rule
            sample { space: S0, purpose: FortifiedFor::Capital };

        // ----- Protestant: leaders, capitals, revolts -------------------------------------
        /// The leader belongs to another power.
        NotYourLeader { leader: String, owner: Power, power: Power }
            => "not_your_leader" sample { leader: leader(), owner: FR, power: EN };
        /// Only Protestant leaders are placed by hand; others enter with the turn track.
        OnlyProtestantPlacesLeaders
            => "only_protestant_places_leaders" sample;
        /// The leader is not off the map waiting to enter.
        LeaderNotOffMap { leader: String }
            => "leader_not_off_map" sample { leader: leader() };
        /// The leader enters play from a later turn.
        LeaderNotYet { leader: String, from_turn: u8, turn: u8 }
            => "leader_not_yet" sample { leader: leader(), from_turn: 6, turn: 4 };
        /// The data gives this leader no Protestant faction.
        LeaderWithoutFaction
            => "leader_without_faction" sample;
        /// R-PROT-LEADERS: a faction's leader enters in a home space of its faction in its
        /// territory.
        LeaderEntryNotHome { faction: Faction, space: SpaceId }
            => "leader_entry_not_home" rule "R-PROT-LEADERS"
            sample { faction: Faction::Huguenot, space: S0 };
        /// R-PROT-CAPITAL: a faction's capital moves only that faction's leader.
        CapitalServesLeader { space: SpaceId, faction: Faction, leader: String }
            => "capital_serves_leader" rule "R-PROT-CAPITAL"
            sample { space: S0, faction: Faction::Dutch, leader: leader() };
        /// R-PROT-CAPITAL: a faction's capital moves only that faction's units; `have` is what it
        /// has there.
        CapitalServesUnits { space: SpaceId, faction: Faction, have: LandCount }
            => "capital_serves_units" rule "R-PROT-CAPITAL"
            sample { space: S0, faction: Faction::Dutch, have: UNITS };
        /// Only the Protestant revolts.
        OnlyProtestantRevolts { power: Power }
            => "only_protestant_revolts" sample { power: EN };
        /// A revolt takes place in a faction home space inside its faction's territory.
        NotRevoltSpace { space: SpaceId }
            => "not_revolt_space" sample { space: S0 };
        /// One revolt per zone (the faction's territory) per impulse.
        RevoltAlreadyInZone { faction: Faction }
            => "revolt_already_in_zone" rule "X-REL-ONE-REBELLION"
            sample { faction: Faction::Huguenot };
        /// A revolt needs a Protestant space.
        RevoltNeedsProtestant { space: SpaceId }
            => "revolt_needs_protestant" sample { space: S0 };
        /// A revolt needs a space free of other powers' land units.
        RevoltOtherUnits { space: SpaceId, owner: Owner }
            => "revolt_other_units" sample { space: S0, owner: Owner::Major(FR) };
        /// R-SPACE-FORTIFIED: a revolt in a fortified space needs Protestant control already.
        RevoltFortifiedNotHeld { space: SpaceId, holder: Owner }
            => "revolt_fortified_not_held" rule "R-SPACE-FORTIFIED"
            sample { space: S0, holder: Owner::Major(FR) };
        /// R-PROT-LEADERS: a revolt brings in only its faction's leaders.
        RevoltLeaderFaction { faction: Faction, leader: String }
            => "revolt_leader_faction" rule "R-PROT-LEADERS"
            sample { faction: Faction::Dutch, leader: leader() };
        /// R-PROT-CAPITAL: the faction's capital stands elsewhere until another major takes it.
        CapitalAlreadyAt { faction: Faction, space: SpaceId }
            => "capital_already_at" rule "R-PROT-CAPITAL"
            sample { faction: Faction::Huguenot, space: S0 };
        /// R-PROT-CAPITAL: a capital lost this turn comes back only in a later turn.
        CapitalLostThisTurn { faction: Faction }
            => "capital_lost_this_turn" rule "R-PROT-CAPITAL" sample { faction: Faction::Huguenot };
        /// The name given is not a Protestant army leader on the map; `on_map` lists those ids.
        NotProtestantArmyLeader { name: String, on_map: Vec<String> }
            => "not_protestant_army_leader" sample { name: "nobody".into(), on_map: vec![] };
        /// A leader is named twice.
        NamedTwice { name: String }
            => "named_twice" sample { name: "coligny".into() };
        /// No "Paris Is Worth a Mass" capital move is pending.
        NoCapitalMovePending
            => "no_capital_move_pending" sample;
        /// The Huguenot capital moves to a fortified space in France the Protestant holds that is
        /// not already a capital.
        NotHuguenotCapitalTarget { space: SpaceId }
            => "not_huguenot_capital_target" sample { space: S0 };

        // ----- religion (X-REL-*, R-REL-*, R-PROT-CAPITAL) ---------------------------------
        /// X-REL-CONVERT: the power makes no conversion attempts; `converters` are those that do.
        NoConversions { power: Power, converters: Vec<Power> }
            => "no_conversions" rule "X-REL-CONVERT"
            sample { power: Power::Empire, converters: vec![EN, FR] };
        /// R-REL-OUTSIDE: conversions happen only in the four zones.
        ConvertOutsideZones { space: SpaceId }
            => "convert_outside_zones" rule "R-REL-OUTSIDE" sample { space: S0 };
        /// X-REL-CONVERT: the space already has the converter's faith.
        AlreadyOfFaith { space: SpaceId, religion: Religion }
            => "already_of_faith" rule "X-REL-CONVERT"
            sample { space: S0, religion: Religion::Protestant };
        /// X-REL-CONVERT: the target needs an adjacent space of the faith or the power's land
        /// units.
        ConvertNoFoothold { space: SpaceId, religion: Religion }
            => "convert_no_foothold" rule "X-REL-CONVERT"
            sample { space: S0, religion: Religion::Catholic };
        /// Not enough CP left for a religious action.
        ReligionNeedsCp { power: Power, action: ReligionAction, left: u8, cost: u8 }
            => "religion_needs_cp" rule_by religion_cp_rule
            sample { power: EN, action: ReligionAction::Convert, left: 1, cost: 2 };
        /// X-REL-SIX: no natural 6 is waiting for an answer.
        NoSixPending
            => "no_six_pending" rule "X-REL-SIX" sample;
        /// X-REL-ENG-REBELLION: only a Catholic power other than England raises it.
        RebellionNotCatholicPower { power: Power, sponsors: Vec<Power> }
            => "rebellion_not_catholic_power" rule "X-REL-ENG-REBELLION"
            sample { power: EN, sponsors: vec![Power::Spain, FR] };
        /// X-REL-ENG-REBELLION: it takes place in a space of England that England controls.
        RebellionNotEnglishSpace { space: SpaceId }
            => "rebellion_not_english_space" rule "X-REL-ENG-REBELLION" sample { space: S0 };
        /// X-REL-ONE-REBELLION: one rebellion per zone per impulse.
        RebellionAlreadyInZone { zone: ReligiousZone }
            => "rebellion_already_in_zone" rule "X-REL-ONE-REBELLION"
            sample { zone: ReligiousZone::England };
        /// X-REL-ENG-REBELLION: it needs a Catholic space.
        RebellionNeedsCatholic { space: SpaceId }
            => "rebellion_needs_catholic" rule "X-REL-ENG-REBELLION" sample { space: S0 };
        /// X-REL-ENG-REBELLION: English land units in the space prevent it.
        RebellionEnglishUnits { space: SpaceId }
            => "rebellion_english_units" rule "X-REL-ENG-REBELLION" sample { space: S0 };
        /// R-PROT-CAPITAL: a faction's capital is declared in its own territory.
        CapitalOutsideTerritory { space: SpaceId, faction: Faction }
            => "capital_outside_territory" rule "R-PROT-CAPITAL"
            sample { space: S0, faction: Faction::Dutch };

        // ----- foreign wars -----------------------------------------------------------------
        /// The card's foreign war strikes a power not in play: play it for CP.
        WarPowerNotInPlay { card: u16, power: Power }
            => "war_power_not_in_play" sample { card: 4, power: FR };
        /// R-FW-UPKEEP: units go to a war card only when its event is played (later, new units do).
        NoWarAwaitingUnits
            => "no_war_awaiting_units" rule "R-FW-UPKEEP" sample;
        /// Another war card is waiting for units.
        WrongWarCard { waiting: u16, card: u16 }
            => "wrong_war_card" sample { waiting: 4, card: 5 };
        /// The card is not a foreign war under way.
        NoSuchWar { card: u16 }
            => "no_such_war" sample { card: 4 };
        /// The card is not one of the power's foreign wars; `wars` lists those.
        NotYourWar { card: u16, power: Power, wars: Vec<u16> }
            => "not_your_war" sample { card: 4, power: EN, wars: vec![] };
        /// R-FW-DEPLOY: no units go to a foreign war from a besieged space.
        SendFromBesieged { space: SpaceId }
            => "send_from_besieged" rule "R-FW-DEPLOY" sample { space: S0 };
        /// Sending needs at least a land unit or a leader.
        NothingToSend
            => "nothing_to_send" sample;
        /// R-FW-UPKEEP: no more land units than the war still needs.
        TooManyForWar { required: u32, on_card: u32, room: u32, asked: u32 }
            => "too_many_for_war" rule "R-FW-UPKEEP"
            sample { required: 4, on_card: 3, room: 1, asked: 2 };
        /// R-FW-DEPLOY: at most one leader on a war card.
        OneLeaderToWar
            => "one_leader_to_war" rule "R-FW-DEPLOY" sample;
        /// Fighting a foreign war needs the power's land units on the card.
        NoUnitsOnWarCard
            => "no_units_on_war_card" sample;
        // --- diplomacy, winter, cards and victory
        /// C-DIP-WAR-COST: the war table has no cost for this pair: it may not declare.
        WarNotAllowed { power: Power, target: Power }
            => "war_not_allowed" rule "C-DIP-WAR-COST" sample { power: EN, target: FR };
        /// C-DIP-WAR-COST: a declaration names the card that pays for it (these qualify).
        WarNeedsCard { power: Power, target: Power, cost: u8, cards: Vec<u16> }
            => "war_needs_card" rule "C-DIP-WAR-COST"
            sample { power: EN, target: FR, cost: 3, cards: vec![4, 5] };
        /// C-DIP-WAR-COST: the card is worth less than the war costs (these qualify).
        WarCardTooSmall { card: u16, cp: u8, cost: u8, cards: Vec<u16> }
            => "war_card_too_small" rule "C-DIP-WAR-COST"
            sample { card: 4, cp: 1, cost: 3, cards: vec![5] };
        /// C-DIP-WAR-LIMITS: no war on a power one made peace with so recently.
        WarAfterPeace { power: Power, target: Power, peace_turn: u8, from_turn: u8 }
            => "war_after_peace" rule "C-DIP-WAR-LIMITS"
            sample { power: EN, target: FR, peace_turn: 1, from_turn: 3 };
        /// C-DIP-RANSOM: the leader is not held by anybody (these are).
        LeaderNotCaptured { leader: String, captured: Vec<String> }
            => "leader_not_captured" rule "C-DIP-RANSOM"
            sample { leader: leader(), captured: vec![] };
        /// C-DIP-RANSOM: only the leader's own power ransoms it.
        RansomOwnLeaderOnly { power: Power, leader: String, owner: Power }
            => "ransom_own_leader_only" rule "C-DIP-RANSOM"
            sample { power: EN, leader: leader(), owner: FR };
        /// C-DIP-RANSOM: the owner names the capital the leader returns to (`space`: the one named,
        /// if it is not among `capitals`).
        RansomCapital { power: Power, space: Option<SpaceId>, capitals: Vec<SpaceId> }
            => "ransom_capital" rule "C-DIP-RANSOM"
            sample { power: EN, space: Some(S0), capitals: vec![S1] };
        /// C-DIP-MINOR: minors are won by diplomatic influence (X-INF-*), an automated event or
        /// `adjust`, never for free.
        MinorNeedsInfluence { minor: Minor }
            => "minor_needs_influence" rule "C-DIP-MINOR" sample { minor: Minor::Scotland };
        /// C-WINTER-CAPITAL-RECALL: the recall follows a Winter; the scenario's first turn has
        /// none.
        RecallAfterWinterOnly
            => "recall_after_winter_only" rule "C-WINTER-CAPITAL-RECALL" sample;
        /// C-WINTER-CAPITAL-RECALL: units go back only to a capital the power controls, not in
        /// unrest.
        RecallNeedsCapital { power: Power, space: SpaceId, capitals: Vec<SpaceId> }
            => "recall_needs_capital" rule "C-WINTER-CAPITAL-RECALL"
            sample { power: EN, space: S0, capitals: vec![S1] };
        // --- war on minors (C-DIP-WAR-COST, C-DIP-WAR-LIMITS)
        /// The war table has no cost for this declarer on this minor: it may not declare.
        MinorWarNotAllowed { power: Power, minor: Minor }
            => "minor_war_not_allowed" rule "C-DIP-WAR-COST"
            sample { power: EN, minor: Minor::Venice };
        /// A declaration on a minor names the card that pays for it (these qualify).
        MinorWarNeedsCard { power: Power, minor: Minor, cost: u8, cards: Vec<u16> }
            => "minor_war_needs_card" rule "C-DIP-WAR-COST"
            sample { power: EN, minor: Minor::Scotland, cost: 2, cards: vec![4] };
        /// The power is already at war with the minor.
        AlreadyAtWarMinor { power: Power, minor: Minor }
            => "already_at_war_minor" rule "C-DIP-WAR-LIMITS"
            sample { power: EN, minor: Minor::Scotland };
        /// C-DIP-PEACE: peace with a minor the power is not at war with (`wars`: the minors it is).
        NoMinorWar { power: Power, minor: Minor, wars: Vec<Minor> }
            => "no_minor_war" rule "C-DIP-PEACE"
            sample { power: EN, minor: Minor::Venice, wars: vec![Minor::Scotland] };
        /// C-DIP-WAR-LIMITS: no war on a minor one made peace with so recently.
        MinorWarAfterPeace { power: Power, minor: Minor, peace_turn: u8, from_turn: u8 }
            => "minor_war_after_peace" rule "C-DIP-WAR-LIMITS"
            sample { power: EN, minor: Minor::Scotland, peace_turn: 2, from_turn: 4 };
        // --- winter questions (C-WINTER-QUARTERS)
        /// The winter quarters or capital named (`space`; none named) is not among `allowed`.
        WinterPlace { space: Option<SpaceId>, allowed: Vec<SpaceId> }
            => "winter_place" rule "C-WINTER-QUARTERS"
            sample { space: Some(S0), allowed: vec![S1] };
        /// R-FW-FIGHT: units back from a won foreign war go to one of the friendly home keys
        /// offered.
        WarReturnPlace { space: Option<SpaceId>, allowed: Vec<SpaceId> }
            => "war_return_place" rule "R-FW-FIGHT" sample { space: Some(S0), allowed: vec![S1] };
        /// Units go to winter quarters as one force: name only the place.
        WinterWholeForce { space: SpaceId }
            => "winter_whole_force" rule "C-WINTER-QUARTERS" sample { space: S0 };
        /// From `least` to `excess` land units leave (exactly `excess` when equal), from those
        /// there.
        WinterWrongUnits { least: u32, excess: u32, asked: LandCount, have: LandCount }
            => "winter_wrong_units" rule "C-WINTER-QUARTERS"
            sample { least: 2, excess: 2, asked: UNITS, have: UNITS };

        // ----- position files (issue 17) -----------------------------------------------------
        /// `adjust what:phase`: the turn is outside the scenario's turns.
        AdjustTurnOutOfRange { turn: u8, last: u8 }
            => "adjust_turn_out_of_range" sample { turn: 9, last: 7 };
        /// `adjust what:phase`: this phase needs the power whose deployment or impulse it is.
        AdjustPhaseNeedsPower { phase: super::event::PhaseName }
            => "adjust_phase_needs_power" sample { phase: super::event::PhaseName::Action };
        /// `adjust what:phase`: this phase runs by itself (card draw, victory determination).
        AdjustPhaseNotSettable { phase: super::event::PhaseName }
            => "adjust_phase_not_settable" sample { phase: super::event::PhaseName::CardDraw };
        /// `adjust what:phase`: a question to `power` is waiting (a battle, Winter, a peace …).
        AdjustPhaseQuestionPending { power: Power }
            => "adjust_phase_question_pending" sample { power: EN };
        // --- ops: bounded unit counters
        /// A force would hold more than [`MAX_UNITS`](super::board::MAX_UNITS) units of one kind
        /// in a space.
        UnitLimit { space: SpaceId, max: u8 }
            => "unit_limit" sample { space: S0, max: 99 };

        // --- land warfare ---------------------------------------------------------------------
        /// C-MOVE-ENTER: units that lost a battle or began a siege this impulse stay put.
        CannotMoveAgain { power: Power, space: SpaceId }
            => "cannot_move_again" rule "C-MOVE-ENTER" sample { power: EN, space: S0 };
        /// C-LOC-USE: the space has no line of communication for the power.
        NoLineOfCommunication { power: Power, space: SpaceId }
            => "no_line_of_communication" rule "C-LOC-USE" sample { power: EN, space: S0 };
        /// C-UNREST: nothing is raised in, nor deployed from, a space in unrest.
        InUnrest { space: SpaceId }
            => "in_unrest" rule "C-UNREST" sample { space: S0 };
        /// C-RAISE: the Ottoman raises cavalry, not mercenaries.
        MercenaryNotOttoman
            => "mercenary_not_ottoman" rule "C-RAISE" sample;
        /// R-CONTROL-TERMS: only an unoccupied space is taken; `owner`'s land units are in it.
        OccupiedByOthers { space: SpaceId, owner: Owner }
            => "occupied_by_others" rule "R-CONTROL-TERMS"
            sample { space: S0, owner: Owner::Independent };
        /// C-MOVE-SPRING: spring deployment ends in a non-capital space.
        DeployToCapital { space: SpaceId }
            => "deploy_to_capital" rule "C-MOVE-SPRING" sample { space: S0 };
        /// C-ASSAULT-PREREQ: the siege began this impulse.
        SiegeBegunThisImpulse { space: SpaceId }
            => "siege_begun_this_impulse" rule "C-ASSAULT-PREREQ" sample { space: S0 };
        /// C-ASSAULT-PREREQ: one assault per space per impulse.
        AlreadyAssaulted { space: SpaceId }
            => "already_assaulted" rule "C-ASSAULT-PREREQ" sample { space: S0 };
        /// C-ASSAULT-PREREQ: a defending squadron is in the port.
        PortBlockaded { space: SpaceId }
            => "port_blockaded" rule "C-ASSAULT-PREREQ" sample { space: S0 };
        /// C-INT-WHO: interception comes from one of `allowed` into `to`.
        NotAnInterceptSpace { space: SpaceId, to: SpaceId, allowed: Vec<SpaceId> }
            => "not_an_intercept_space" rule "C-INT-WHO"
            sample { space: S0, to: S1, allowed: vec![S1] };
        /// C-AVOID: avoiding battle from `from` goes to one of `allowed`.
        NotAnAvoidSpace { space: SpaceId, from: SpaceId, allowed: Vec<SpaceId> }
            => "not_an_avoid_space" rule "C-AVOID"
            sample { space: S0, from: S1, allowed: vec![S1] };
        /// C-BATTLE-RETREAT-SPACES: not a legal retreat (`space` `None`: a destination is needed);
        /// `attacker_origin`: it is where the attacker came from.
        BadRetreat { space: Option<SpaceId>, attacker_origin: bool, allowed: Vec<SpaceId> }
            => "bad_retreat" rule "C-BATTLE-RETREAT-SPACES"
            sample { space: Some(S0), attacker_origin: true, allowed: vec![S1] };
        /// C-BATTLE-RETREAT: at most `room` land units stay inside the fortifications.
        TooManyInside { asked: u32, room: u32 }
            => "too_many_inside" rule "C-BATTLE-RETREAT" sample { asked: 5, room: 4 };
        /// C-BATTLE-HITS: exactly `hits` land units, from those the power has there.
        WrongCasualties { hits: u32, asked: LandCount, have: LandCount }
            => "wrong_casualties" rule "C-BATTLE-HITS"
            sample { hits: 2, asked: UNITS, have: UNITS };
        /// C-WITHDRAW: withdrawal is not offered now (`units`: the power's land units there).
        WithdrawNotOffered { space: Option<SpaceId>, units: u32 }
            => "withdraw_not_offered" rule "C-WITHDRAW" sample { space: Some(S0), units: 5 };
        /// C-BATTLE-CARDS / C-CARD-RESPONSE: the card's kind does not fit the open window.
        CardNotForWindow { card: u16, kind: CardKind, combat: bool }
            => "card_not_for_window" rule "C-CARD-RESPONSE"
            sample { card: 4, kind: CardKind::Event, combat: true };
        /// No decision is pending that this answers.
        NothingPending
            => "nothing_pending" sample;
        /// The pending decision has no "decline": it must be answered.
        MustAnswer { decision: super::game::Decision }
            => "must_answer" sample { decision: super::game::Decision::Retreat };

        // --- naval warfare (places are port or sea-zone ids) ----------------------------------
        /// C-NAVAL-MOVE: `power` has no ships at `place`.
        NoShipsThere { power: Power, place: String }
            => "no_ships_there" rule "C-NAVAL-MOVE"
            sample { power: Power::Spain, place: "GULF_OF_LYON".into() };
        /// C-NAVAL-MOVE: each stack moves once per naval move.
        StackMovesOnce { place: String }
            => "stack_moves_once" rule "C-NAVAL-MOVE" sample { place: "GULF_OF_LYON".into() };
        /// C-NAVAL-MOVE: not one naval step; `allowed` are the steps from `from`.
        NotANavalStep { from: String, to: String, allowed: Vec<String> }
            => "not_a_naval_step" rule "C-NAVAL-MOVE"
            sample {
                from: "GULF_OF_LYON".into(),
                to: "NORTH_SEA".into(),
                allowed: vec!["BARBARY_COAST".into()],
            };
        /// C-NAVAL-MOVE / C-NAVAL-TRANSPORT: ships and crossings enter only friendly ports (ships
        /// also a port holding hostile ships, to attack them).
        PortNotFriendly { space: SpaceId }
            => "port_not_friendly" rule "C-NAVAL-MOVE" sample { space: S0 };
        /// C-NAVAL-MOVE: a naval leader moves only with ships, never over land.
        NavalLeaderOnLand { leader: String }
            => "naval_leader_on_land" rule "C-NAVAL-MOVE" sample { leader: "DORIA".into() };
        /// C-NAVAL-TRANSPORT: at most `max` land units cross.
        TransportTooLarge { units: u32, max: u32 }
            => "transport_too_large" rule "C-NAVAL-TRANSPORT" sample { units: 6, max: 5 };
        /// C-NAVAL-TRANSPORT: no chain of sea zones holding the power's ships links the ports.
        NoSeaPath { from: SpaceId, to: SpaceId }
            => "no_sea_path" rule "C-NAVAL-TRANSPORT" sample { from: S0, to: S1 };
        /// C-NAVAL-COMBAT: not a legal split of the hits (squadron 2 hits, corsair 1, none wasted).
        WrongShipLosses { hits: u32, asked: (u32, u32), have: (u32, u32) }
            => "wrong_ship_losses" rule "C-NAVAL-COMBAT"
            sample { hits: 3, asked: (0, 0), have: (2, 0) };
        /// C-NAVAL-COMBAT: not a legal retreat for the beaten fleet.
        BadNavalRetreat { to: String, allowed: Vec<String> }
            => "bad_naval_retreat" rule "C-NAVAL-COMBAT"
            sample { to: "NORTH_SEA".into(), allowed: vec!["BARBARY_COAST".into()] };
        /// C-NAVAL-TRANSPORT: land units never stand in a sea zone.
        LandUnitsAtSea { zone: String }
            => "land_units_at_sea" rule "C-NAVAL-TRANSPORT" sample { zone: "NORTH_SEA".into() };
        /// A fleet at sea holds at most `max` ships of a kind (the unit bound).
        UnitLimitAtSea { zone: String, max: u8 }
            => "unit_limit_at_sea" sample { zone: "NORTH_SEA".into(), max: 99 };
        /// C-ASSAULT-PREREQ: hostile ships in a sea zone by the port protect it.
        SeaBlockaded { space: SpaceId, zone: String }
            => "sea_blockaded" rule "C-ASSAULT-PREREQ"
            sample { space: S0, zone: "NORTH_SEA".into() };
        /// C-NAVAL-INT: interception into `zone` comes from one of `allowed`.
        NotANavalInterceptPlace { place: String, zone: String, allowed: Vec<String> }
            => "not_a_naval_intercept_place" rule "C-NAVAL-INT"
            sample {
                place: "NORTH_SEA".into(),
                zone: "GULF_OF_LYON".into(),
                allowed: vec!["BARBARY_COAST".into()],
            };

        // --- land warfare, second card window (issue 13) ------------------------------------
        /// C-BATTLE-CARDS: the window after the roll takes only cards that change rolled dice.
        NotADiceCard { card: u16 }
            => "not_a_dice_card" rule "C-BATTLE-CARDS" sample { card: 4 };
        // --- card effects (X-CARD-EFFECT) -------------------------------------------------------
        /// X-CARD-EFFECT: the effect's question lists `options` options; `option` is not one.
        EffectOptionOutOfRange { option: u8, options: u8 }
            => "effect_option_out_of_range" rule "X-CARD-EFFECT" sample { option: 3, options: 2 };
        /// X-CARD-EFFECT: the effect acts on one of `allowed`, not on `space`.
        EffectSpaceNotAllowed { space: SpaceId, allowed: Vec<SpaceId> }
            => "effect_space_not_allowed" rule "X-CARD-EFFECT"
            sample { space: S0, allowed: vec![S0] };
        /// X-CARD-EFFECT: exactly `n` of one's own land units in `space` are removed.
        EffectRemoveWrong { space: SpaceId, n: u32 }
            => "effect_remove_wrong" rule "X-CARD-EFFECT" sample { space: S0, n: 2 };
        /// X-CARD-EFFECT: the effect's question is answered with the command `allowed`.
        EffectAnswerWrong { allowed: &'static str }
            => "effect_answer_wrong" rule "X-CARD-EFFECT" sample { allowed: "choose" };
        // --- card effects
        /// X-CARD-EFFECT: the effect of `card` forbids war between `power` and `target` now.
        WarForbiddenByCard { power: Power, target: Power, card: u16 }
            => "war_forbidden_by_card" rule "X-CARD-EFFECT"
            sample { power: EN, target: Power::France, card: 30 };
        /// C-MOVE-SPRING: a deployment across a sea zone carries at most `max` land units.
        SpringSeaTooLarge { units: u32, max: u32 }
            => "spring_sea_too_large" rule "C-MOVE-SPRING" sample { units: 6, max: 5 };
        /// C-MOVE-SPRING: the sea crossed holds naval units of another power (in it or its ports).
        SpringSeaGuarded { zone: String, owner: Owner }
            => "spring_sea_guarded" rule "C-MOVE-SPRING"
            sample { zone: "BARBARY_COAST".into(), owner: Owner::Major(Power::Spain) };
        // --- piracy, corsairs, sea crossings (C-PIRACY, C-RAISE, C-MOVE-SPRING) -----------------
        /// C-PIRACY: only the Ottoman pirates.
        PiracyOttomanOnly { power: Power }
            => "piracy_ottoman_only" rule "C-PIRACY" sample { power: EN };
        /// C-PIRACY: piracy happens in a sea zone, not in a port.
        PiracyAtSeaOnly { place: String }
            => "piracy_at_sea_only" rule "C-PIRACY" sample { place: "ALGIERS".into() };
        /// C-PIRACY: no Ottoman corsairs in `zone`; `zones` hold some.
        NoCorsairsThere { zone: String, zones: Vec<String> }
            => "no_corsairs_there" rule "C-PIRACY"
            sample { zone: "NORTH_SEA".into(), zones: vec!["BARBARY_COAST".into()] };
        /// C-PIRACY: once per sea zone per turn.
        PiratedThisTurn { zone: String }
            => "pirated_this_turn" rule "C-PIRACY" sample { zone: "BARBARY_COAST".into() };
        /// C-PIRACY: the target must control a port on the zone; `allowed` do.
        PiracyTarget { target: Power, zone: String, allowed: Vec<Power> }
            => "piracy_target" rule "C-PIRACY"
            sample { target: EN, zone: "BARBARY_COAST".into(), allowed: vec![Power::Spain] };
        /// C-PIRACY: that reward is not open now (rotation, or nothing to give); `allowed` are.
        PiracyRewardNotAllowed {
            asked: super::piracy::PiracyReward,
            allowed: Vec<super::piracy::PiracyReward>,
        }
            => "piracy_reward_not_allowed" rule "C-PIRACY"
            sample {
                asked: super::piracy::PiracyReward::Squadron,
                allowed: vec![super::piracy::PiracyReward::Card, super::piracy::PiracyReward::Vp],
            };
        /// C-PIRACY: the lost squadron comes from one of `allowed` (`place` empty: not named).
        PiracySquadronPlace { place: String, allowed: Vec<String> }
            => "piracy_squadron_place" rule "C-PIRACY"
            sample { place: "NORTH_SEA".into(), allowed: vec!["BARBARY_COAST".into()] };
        /// C-RAISE: only the Ottoman builds corsairs.
        CorsairOttomanOnly { power: Power }
            => "corsair_ottoman_only" rule "C-RAISE" sample { power: FR };
        /// C-RAISE: corsairs are built only after the Barbary Pirates event.
        CorsairsNeedBarbaryPirates
            => "corsairs_need_barbary_pirates" rule "C-RAISE" sample;
        /// C-NAVAL-WINTER: the fleet winters in one of the equally near ports `allowed`.
        BadWinterPort { to: String, allowed: Vec<String> }
            => "bad_winter_port" rule "C-NAVAL-WINTER"
            sample { to: "NAPLES".into(), allowed: vec!["CAGLIARI".into(), "PALERMO".into()] };
        /// C-WINTER-REGULAR (Virgin Queen): the Empire takes one regular or `mercenaries`
        /// mercenaries.
        EmpireWinterUnit { mercenaries: u8 }
            => "empire_winter_unit" rule "C-WINTER-REGULAR" sample { mercenaries: 2 };
        // --- treasures (Virgin Queen)
        /// No treasure has this number; `yours` are the caller's.
        UnknownTreasure { treasure: u16, yours: Vec<u16> }
            => "unknown_treasure" rule "X-TREASURE-SPEND"
            sample { treasure: 40, yours: vec![2, 5] };
        /// The treasure is not the caller's; `yours` are.
        TreasureNotYours { power: Power, treasure: u16, yours: Vec<u16> }
            => "treasure_not_yours" rule "X-TREASURE-SPEND"
            sample { power: EN, treasure: 3, yours: vec![] };
        /// A treasure is spent only in one's own impulse, with no question pending.
        TreasureNotYourImpulse { power: Power }
            => "treasure_not_your_impulse" rule "X-TREASURE-SPEND" sample { power: FR };
        /// `adjust what:treasure`: only `available` can be given (from the pool) or taken (held).
        TreasureAdjust { power: Power, delta: i8, available: u16 }
            => "treasure_adjust" sample { power: EN, delta: -2, available: 1 };
        // --- peace (C-DIP-PEACE)
        /// C-DIP-PEACE: nobody is asked to remove units or regain (`asked`: who is, if anyone).
        PeaceNotAsked { power: Power, asked: Option<Power> }
            => "peace_not_asked" rule "C-DIP-PEACE"
            sample { power: Power::Spain, asked: Some(Power::France) };
        /// C-DIP-PEACE: an answer removes 1 to `owed` land units, no leaders.
        SurrenderCount { owed: u32, asked: u32, leaders: bool }
            => "surrender_count" rule "C-DIP-PEACE" sample { owed: 2, asked: 3, leaders: false };
        /// C-DIP-PEACE: `power` has only `have` of its land units in `space`.
        SurrenderNotYours { power: Power, space: SpaceId, have: LandCount, asked: LandCount }
            => "surrender_not_yours" rule "C-DIP-PEACE"
            sample {
                power: Power::Spain,
                space: SpaceId(0),
                have: LandCount::new(1u32, 0u32, 0u32),
                asked: LandCount::new(0u32, 1u32, 0u32),
            };
        /// C-DIP-PEACE: `winner` holds no such item of `power`'s; what it holds is listed.
        RegainNotHeld {
            power: Power,
            winner: Power,
            what: String,
            leaders: Vec<String>,
            keys: Vec<SpaceId>,
            spaces: Vec<SpaceId>,
        }
            => "regain_not_held" rule "C-DIP-PEACE"
            sample {
                power: Power::Spain,
                winner: Power::France,
                what: "ALBA".into(),
                leaders: vec!["EGMONT".into()],
                keys: vec![SpaceId(0)],
                spaces: vec![SpaceId(1), SpaceId(2)],
            };
        /// C-DIP-PEACE: this item is paid in VP (a home key by the data, or no card to draw).
        RegainVpOnly { power: Power, key: bool }
            => "regain_vp_only" rule "C-DIP-PEACE" sample { power: Power::Spain, key: true };
        /// C-DIP-PEACE: the winner's forces leave a regained space for one of `allowed`.
        PeaceWithdrawPlace { space: Option<SpaceId>, allowed: Vec<SpaceId> }
            => "peace_withdraw_place" rule "C-DIP-PEACE"
            sample { space: Some(SpaceId(0)), allowed: vec![SpaceId(1), SpaceId(2)] };
        // --- diplomatic influence and inactive majors (X-INF-*, X-INACTIVE)
        // --- marriages (X-MARRIAGE-*)
        /// No royal of this game has this id or name; `known` are the royals in play.
        UnknownRoyal { name: String, known: Vec<String> }
            => "unknown_royal" rule "X-MARRIAGE-ROYALS"
            sample {
                name: "ANJOUX".into(),
                known: vec!["ELIZABETH_I".into(), "FRANCOIS_ANJOU".into()],
            };
        /// Neither royal of a proposal is `power`'s (`royal` is `owner`'s); `yours` are.
        RoyalNotYours { royal: String, owner: Power, power: Power, yours: Vec<String> }
            => "royal_not_yours" rule "X-MARRIAGE-PROPOSE"
            sample {
                royal: "FRANCOIS_ANJOU".into(),
                owner: FR,
                power: EN,
                yours: vec!["ELIZABETH_I".into()],
            };
        /// Both royals are of the same house.
        RoyalSameHouse { royal: String, with: String, power: Power }
            => "royal_same_house" rule "X-MARRIAGE-PROPOSE"
            sample { royal: "ELIZABETH_I".into(), with: "ROBERT_DUDLEY".into(), power: EN };
        /// No marriage between powers at war.
        MarriageAtWar { power: Power, other: Power }
            => "marriage_at_war" rule "X-MARRIAGE-PROPOSE" sample { power: EN, other: FR };
        /// The royal is already engaged or married.
        RoyalNotSingle { royal: String, status: super::marriage::RoyalStatus }
            => "royal_not_single" rule "X-MARRIAGE-PROPOSE"
            sample { royal: "ELIZABETH_I".into(), status: super::marriage::RoyalStatus::Married };
        /// The royal is already in an open proposal from `from` to `to`.
        RoyalAlreadyProposed { royal: String, from: Power, to: Power }
            => "royal_already_proposed" rule "X-MARRIAGE-PROPOSE"
            sample { royal: "ELIZABETH_I".into(), from: EN, to: FR };
        /// No open proposal of this pair made to or by `power`; `open` are its proposals.
        NoMarriageProposal {
            power: Power,
            royal: String,
            with: String,
            open: Vec<(String, String)>,
        }
            => "no_marriage_proposal" rule "X-MARRIAGE-PROPOSE"
            sample {
                power: EN,
                royal: "ELIZABETH_I".into(),
                with: "FRANCOIS_ANJOU".into(),
                open: vec![("ROBERT_DUDLEY".into(), "MARGUERITE_VALOIS".into())],
            };
        /// `from` proposed a marriage to `to`; it is answered before `to` finishes.
        AnswerMarriageFirst { from: Power, to: Power, royal: String, with: String }
            => "answer_marriage_first" rule "X-MARRIAGE-PROPOSE"
            sample { from: FR, to: EN, royal: "FRANCOIS_ANJOU".into(), with: "ELIZABETH_I".into() };
        /// Marriages are proposed and answered in the Diplomacy phase.
        MarriageOnlyInDiplomacy { power: Power }
            => "marriage_only_in_diplomacy" rule "X-MARRIAGE-PROPOSE" sample { power: EN };
        // --- espionage (X-SPY-*)
        /// The data has no espionage table (`espionage.csv`).
        EspionageNotInData
            => "espionage_not_in_data" rule "X-SPY-ACTION" sample;
        /// A power does not spy on itself.
        SpyOnSelf { power: Power }
            => "spy_on_self" rule "X-SPY-ACTION" sample { power: EN };
        /// Espionage spends CP: only while spending a card's CP in one's impulse.
        SpyOnlyWithCp { power: Power }
            => "spy_only_with_cp" rule "X-SPY-ACTION" sample { power: EN };
        /// Not enough CP left for the attempt.
        SpyNeedsCp { power: Power, effect: super::espionage::SpyEffect, left: u8, cost: u8 }
            => "spy_needs_cp" rule "X-SPY-ACTION"
            sample { power: EN, effect: super::espionage::SpyEffect::Assassinate, left: 1, cost: 3 };
        /// An assassination names its victim: the target's ruler or one of its leaders on the map.
        SpyNeedsWhom { target: Power, ruler: Option<String>, leaders: Vec<String> }
            => "spy_needs_whom" rule "X-SPY-ASSASSINATE"
            sample { target: FR, ruler: Some("CHARLES_IX".into()), leaders: vec![leader()] };
        /// `whom` is neither the target's ruler nor one of its leaders on the map.
        SpyWhomNotTarget {
            whom: String,
            target: Power,
            ruler: Option<String>,
            leaders: Vec<String>,
        }
            => "spy_whom_not_target" rule "X-SPY-ASSASSINATE"
            sample { whom: "ALBA".into(), target: FR, ruler: None, leaders: vec![] };
        /// `adjust what:assassinated`: the power has no ruler to kill, or none to bring back.
        NoRulerToKill { power: Power }
            => "no_ruler_to_kill" rule "X-SPY-ASSASSINATE" sample { power: FR };
    }
    wrap Influence(super::influence::InfluenceRefusal);
}

impl Refusal {
    /// The refusal with spaces named by their data ids (`PARIS`) instead of their indices.
    pub fn with_ids<'a>(&'a self, rs: &'a Ruleset) -> impl fmt::Display + 'a {
        Terse(self, Some(rs))
    }
}

/// The terse fallback text: the variant's id, then its data, then the rule ID.
struct Terse<'a>(&'a Refusal, Option<&'a Ruleset>);

impl fmt::Display for Terse<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.0.id().replace('_', " ").as_str())?;
        let detail = self.0.terse_detail(self.1);
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

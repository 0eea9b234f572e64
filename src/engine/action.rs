//! Everything a player can do, as data. Actions name spaces and leaders by their data ids so that a
//! stored log stays readable and survives corrections to the data.

use super::power::{Faction, Minor, Owner, Power, Relation, Religion};
use super::ruleset::EmpireChoice;
use serde::{Deserialize, Serialize};

/// A data id (space, leader, royal, zone) inside an [`Action`]: a string that does not allocate
/// for the short ids of the data (up to 23 bytes), so listing the legal actions is cheap; it
/// serialises exactly as a `String`.
pub type Name = smol_str::SmolStr;

/// How a card is played.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum CardMode {
    /// For its command points.
    Cp,
    /// For its event.
    Event,
}

/// A land unit type that can be raised.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum UnitKind {
    /// Regular.
    Regular,
    /// Mercenary.
    Mercenary,
    /// Cavalry.
    Cavalry,
    /// Naval squadron.
    Squadron,
    /// Ottoman corsair (C-RAISE, after the Barbary Pirates event).
    Corsair,
}

/// Units picked from a stack: counts by type and leader ids.
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Units {
    /// Regulars.
    #[serde(default)]
    pub regulars: u8,
    /// Mercenaries.
    #[serde(default)]
    pub mercenaries: u8,
    /// Cavalry.
    #[serde(default)]
    pub cavalry: u8,
    /// Leader ids.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub leaders: Vec<Name>,
}

impl Units {
    /// Land units in the pick.
    pub fn land(&self) -> u32 {
        self.regulars as u32 + self.mercenaries as u32 + self.cavalry as u32
    }
}

/// One naval stack's step (C-NAVAL-MOVE): from a port or sea zone to an adjacent one, by id.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct NavalLeg {
    /// Port (space id) or sea-zone id the stack leaves.
    pub from: String,
    /// Port or sea-zone id it enters.
    pub to: String,
}

/// A Protestant leader entering play at a revolt, and where (R-PROT-LEADERS).
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct LeaderEntry {
    /// Leader id.
    pub leader: String,
    /// Space id.
    pub space: String,
}

/// Where a card goes in a manual fix.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "to", content = "power")]
pub enum CardPlace {
    /// A power's hand.
    Hand(Power),
    /// The discard pile.
    Discard,
    /// The draw deck.
    Deck,
    /// Out of the game.
    Removed,
}

/// A manual fix at the table: always open to seated players, logged publicly, undoable.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "kind")]
pub enum Adjustment {
    /// Sets the units of one owner in a space to exact counts.
    Units {
        /// Space id.
        space: String,
        /// Whose units.
        owner: Owner,
        /// Protestant faction (`huguenot`/`dutch`) for Protestant units.
        #[serde(default)]
        faction: Option<super::power::Faction>,
        /// Regulars.
        regulars: u8,
        /// Mercenaries.
        mercenaries: u8,
        /// Cavalry.
        cavalry: u8,
        /// Squadrons.
        squadrons: u8,
        /// Ottoman corsairs (absent from the log when none, as before corsairs existed).
        #[serde(default, skip_serializing_if = "is_zero_u8")]
        corsairs: u8,
    },
    /// Puts a leader in a space (removing it from wherever it was), or off the map with `None`.
    Leader {
        /// Leader id.
        leader: String,
        /// Destination space id, or `None` for off the map.
        space: Option<String>,
    },
    /// Sets political control.
    Control {
        /// Space id.
        space: String,
        /// New controller.
        owner: Owner,
    },
    /// Sets religion.
    Religion {
        /// Space id.
        space: String,
        /// New religion.
        religion: Religion,
    },
    /// Sets or clears unrest.
    Unrest {
        /// Space id.
        space: String,
        /// Unrest on or off.
        on: bool,
    },
    /// Adds (or removes) bonus VP.
    Vp {
        /// Power.
        power: Power,
        /// Change.
        delta: i32,
    },
    /// Moves a card.
    Card {
        /// Card number.
        card: u16,
        /// Destination.
        place: CardPlace,
    },
    /// Sets the status between two majors.
    Relation {
        /// One power.
        a: Power,
        /// The other.
        b: Power,
        /// New status.
        status: Relation,
    },
    /// Allies a minor power with a major, or makes it inactive.
    MinorAlly {
        /// The minor.
        minor: Minor,
        /// Its ally, or none.
        ally: Option<Power>,
    },
    /// Puts a major at war with a minor that has no ally (`at_war`), or ends that war
    /// (C-DIP-WAR-LIMITS; `adjust what:relation` naming a minor).
    MinorWar {
        /// The major.
        power: Power,
        /// The minor.
        minor: Minor,
        /// At war (else at peace).
        at_war: bool,
    },
    /// A ruler dies (R-HRE-RUDOLF-DEATH for Rudolf II).
    KillRuler {
        /// Whose ruler.
        power: Power,
    },
    // --- position files (issue 17)
    /// Moves the game to a turn and phase: Diplomacy (nobody done yet), Spring Deployment or an
    /// Action impulse of `power`; nothing else changes (no cards are dealt, no units move). Or
    /// runs that turn's Winter (the Protestant's leader withdrawal when due, then winter
    /// quarters with their questions, Victory Determination and the next turn). For a group
    /// that skips ahead; refused while a question waits.
    Phase {
        /// The turn.
        turn: u8,
        /// The phase.
        phase: super::event::PhaseName,
        /// Whose deployment or impulse (Spring Deployment and Action).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        power: Option<Power>,
    },
    // --- naval warfare
    /// Marks the Barbary Pirates event as played (or not): the Ottoman may build corsairs.
    BarbaryPirates {
        /// Played.
        on: bool,
    },
    // --- treasures (Virgin Queen)
    /// Gives a power treasures drawn at random from the pool (`delta` > 0), or puts some of
    /// its own, at random, back in the pool (`delta` < 0); faces are told to that power only.
    Treasure {
        /// Whose treasures.
        power: Power,
        /// How many more (or fewer).
        delta: i8,
    },
    // --- diplomatic influence and inactive majors (X-INF-*, X-INACTIVE)
    /// Changes a power's steps of influence on a minor or an inactive major (within its track).
    Influence {
        /// Whose influence.
        power: Power,
        /// The courted power.
        target: super::influence::Courted,
        /// Steps more (or fewer).
        delta: i8,
    },
    /// Sets who controls an inactive major until its next resolution (or nobody).
    InactiveControl {
        /// The inactive major.
        target: Power,
        /// Its controller.
        #[serde(default)]
        controller: Option<Power>,
    },
    /// Resolves a courted power's diplomatic status now, as a card effect would (X-INF-ROLL).
    ResolveStatus {
        /// The courted power.
        target: super::influence::Courted,
    },
    // --- marriages and espionage (X-MARRIAGE-*, X-SPY-*)
    /// Puts two single royals of two powers in the engagement box (X-MARRIAGE-PROPOSE).
    Engage {
        /// One royal id.
        royal: String,
        /// The other.
        with: String,
    },
    /// Marks a royal married, or single again (dropping its engagement and proposals).
    Married {
        /// Royal id.
        royal: String,
        /// Married (else single).
        on: bool,
    },
    /// Kills a power's current ruler as an assassination does (`on`), or brings back its most
    /// recently assassinated ruler (X-SPY-ASSASSINATE).
    Assassinated {
        /// Whose ruler.
        power: Power,
        /// Killed (else brought back).
        on: bool,
    },
}

/// A player's action. `apply` checks it against the rules before changing anything.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "type")]
pub enum Action {
    /// Diplomacy: declare war on a power.
    DeclareWar {
        /// Target.
        target: Power,
        /// The card discarded to pay the war's cost (C-DIP-WAR-COST).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        card: Option<u16>,
    },
    /// Diplomacy: offer peace to a power at war with you.
    OfferPeace {
        /// Target.
        target: Power,
    },
    /// Diplomacy: offer an alliance.
    OfferAlliance {
        /// Target.
        target: Power,
    },
    /// Diplomacy: accept an offer made to you.
    Accept {
        /// Who offered.
        from: Power,
    },
    /// Diplomacy: decline an offer made to you.
    Decline {
        /// Who offered.
        from: Power,
    },
    /// Diplomacy: ally with a minor power that has no ally yet (its home spaces then count as
    /// yours, R-CONTROL-SET). Virgin Queen activates minors through diplomatic influence, which
    /// is not automated: this is the Here I Stand-family simplification.
    AllyMinor {
        /// The minor power.
        minor: Minor,
    },
    /// Diplomacy: finished negotiating (until a new offer arrives).
    DoneDiplomacy,
    /// The Empire's secret religious preference (R-HRE-SECRET).
    SecretChoice {
        /// The choice.
        choice: EmpireChoice,
    },
    /// Ask to reveal the Empire's secret now (refused outside the cases R-HRE-SECRET allows).
    RevealSecret,
    // --- ops: a fresh salt for a secret choice made again after a take-back
    /// [`Action::SecretChoice`] with `nonce` mixed into the salt. The table sends it when the
    /// choice is made again after a take-back, whose rollback also rolled back the random state
    /// the salt comes from: the commitment must not repeat, or it would tell whether the choice
    /// changed. The nonce is logged, so a replay gives the same salt.
    SecretChoiceSalted {
        /// The choice.
        choice: EmpireChoice,
        /// Fresh randomness from the table.
        nonce: u64,
    },
    /// Spring deployment: move units from a capital along friendly spaces.
    Deploy {
        /// The capital.
        from: Name,
        /// Destination.
        to: Name,
        /// Units moved.
        units: Units,
    },
    /// Spring deployment: put a Protestant leader on the map (R-PROT-LEADERS).
    PlaceLeader {
        /// Leader id.
        leader: Name,
        /// Space id.
        space: Name,
    },
    /// Spring deployment: done.
    SkipDeployment,
    /// Play a card from the hand.
    Play {
        /// Card number.
        card: u16,
        /// For CP or event.
        mode: CardMode,
    },
    /// Pass the impulse.
    Pass,
    /// CP: move a formation to an adjacent space.
    Move {
        /// From.
        from: Name,
        /// To.
        to: Name,
        /// What moves.
        units: Units,
    },
    /// CP: take control of an unfortified space.
    Control {
        /// Space id.
        space: Name,
    },
    /// CP: raise a unit.
    Raise {
        /// Space id.
        space: Name,
        /// Unit type.
        unit: UnitKind,
        /// For the Protestant, the faction asked for; it must match the space (R-PROT-POOL).
        /// Empty: the space's faction.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        faction: Option<Faction>,
    },
    /// CP: build a fortress (R-SPACE-FORTRESS).
    BuildFortress {
        /// Space id.
        space: Name,
    },
    /// CP: assault a besieged fortified space.
    Assault {
        /// Space id.
        space: Name,
    },
    /// CP: Protestant revolt in a space of its own territory, optionally declaring it a capital.
    Revolt {
        /// Space id.
        space: Name,
        /// Declare it the faction's capital (R-PROT-CAPITAL).
        #[serde(default)]
        declare_capital: bool,
        /// Leaders of the revolt's faction entering play with it (R-PROT-LEADERS).
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        leaders: Vec<LeaderEntry>,
        /// Declare this fortified space of the revolt's territory the faction's capital
        /// (R-PROT-CAPITAL: step 5 of the revolt, anywhere in that territory); it takes the
        /// place of `declare_capital`, which names the revolt space itself.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        capital: Option<Name>,
    },
    /// CP: fight a foreign war (R-FW-FIGHT).
    FightForeignWar {
        /// The foreign-war card.
        card: u16,
    },
    /// Foreign war: send units to the card (R-FW-DEPLOY, R-FW-UPKEEP).
    SendToWar {
        /// The foreign-war card.
        card: u16,
        /// Space the units come from.
        from: Name,
        /// Units sent.
        units: Units,
    },
    /// Winter: take these Protestant leaders off the map (empty: keep all) (R-PROT-LEADERS).
    WithdrawLeaders {
        /// Leader ids.
        #[serde(default)]
        leaders: Vec<Name>,
    },
    /// "Paris Is Worth a Mass": move the Huguenot capital there, or keep it with `None`.
    MoveHuguenotCapital {
        /// Space id.
        #[serde(default)]
        to: Option<Name>,
    },
    // --- religion (X-REL-*)
    /// CP: a conversion attempt in a space of the four zones (X-REL-CONVERT).
    Convert {
        /// Space id.
        space: Name,
    },
    /// CP: an English Catholic rebellion in a Catholic space of England (X-REL-ENG-REBELLION).
    CatholicRebellion {
        /// Space id.
        space: Name,
    },
    /// The roller's answer to a natural 6 on a conversion attempt: keep the 6 and place unrest
    /// (`unrest: true`), or count it as a 5 (X-REL-SIX).
    ConversionSix {
        /// Keep the 6 and place unrest.
        unrest: bool,
    },
    /// End the impulse, forfeiting unspent CP.
    EndImpulse,
    /// Manual fix (table mode).
    Adjust(Adjustment),
    // --- diplomacy, winter, cards and victory
    /// Diplomacy: sue for peace (C-DIP-PEACE): the war ends at once and the enemy gains the war
    /// winner's VP.
    SueForPeace {
        /// The enemy.
        target: Power,
    },
    /// Diplomacy: ransom one's own captured leader (C-DIP-RANSOM).
    Ransom {
        /// Leader id.
        leader: Name,
        /// The capital the leader returns to; needed when the power has several free ones.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        to: Option<Name>,
    },
    /// Diplomacy after a Winter: bring one's land units and leaders in a space back to a capital
    /// (C-WINTER-CAPITAL-RECALL).
    Recall {
        /// Space id the units leave.
        from: Name,
        /// The capital.
        to: Name,
    },
    /// Diplomacy: declare war on a minor power that has no ally (C-DIP-WAR-COST, paying with a
    /// card; C-DIP-WAR-LIMITS: its natural ally may then intervene).
    WarOnMinor {
        /// The minor power.
        minor: Minor,
        /// The card discarded to pay the war's cost.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        card: Option<u16>,
    },
    /// Diplomacy: make peace with a minor one is at war with and that has no ally (C-DIP-PEACE;
    /// the minor has no player to accept, so the declarer ends the war alone).
    PeaceWithMinor {
        /// The minor power.
        minor: Minor,
    },
    /// Answer to a Winter question (C-WINTER-QUARTERS): the winter quarters the units go to, or
    /// the land units (and leaders) that leave an overstacked space and the capital they go to.
    Winter {
        /// Winter quarters or capital (optional when only one is allowed).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        to: Option<Name>,
        /// For an overstacked space: the units that go to the capital.
        #[serde(default)]
        units: Units,
    },
    // --- land warfare: answers to the decision stack (C-INT-*, C-AVOID, C-WITHDRAW, C-BATTLE-*)
    /// Intercept the entering formation with these units from an adjacent space (C-INT-ROLL).
    Intercept {
        /// Space the interceptors come from.
        from: Name,
        /// The intercepting formation.
        units: Units,
    },
    /// Try to avoid battle, moving to this space on success (C-AVOID).
    AvoidBattle {
        /// Destination.
        to: Name,
    },
    /// Withdraw the defenders into the fortifications (C-WITHDRAW).
    WithdrawInside,
    /// Decline what is offered: no interception, no avoiding, fight rather than withdraw, no card.
    Forgo,
    /// Take these casualties (C-BATTLE-HITS).
    TakeCasualties {
        /// Units lost, by type (leaders ignored).
        units: Units,
    },
    /// Retreat the survivors to `to`, keeping `inside` in the fortifications (C-BATTLE-RETREAT).
    Retreat {
        /// Destination (none: nowhere to go, or nothing left outside).
        #[serde(default)]
        to: Option<Name>,
        /// Land units (and leaders) that stay inside the fortifications.
        #[serde(default)]
        inside: Units,
    },
    /// Set or clear one of your standing answers (any time, for your own power).
    SetStanding {
        /// Which answer.
        standing: super::steps::Standing,
        /// On or off.
        on: bool,
    },
    // --- naval warfare (C-NAVAL-*)
    /// CP: move naval stacks one step each (C-NAVAL-MOVE).
    NavalMove {
        /// The stacks' steps.
        legs: Vec<NavalLeg>,
    },
    /// CP: carry a formation by sea from port to port (C-NAVAL-TRANSPORT).
    NavalTransport {
        /// Port of departure.
        from: Name,
        /// Port of arrival.
        to: Name,
        /// The formation (at most 5 land units).
        units: Units,
    },
    /// Answer: the ships lost in a naval battle (C-NAVAL-COMBAT).
    SinkShips {
        /// Squadrons sunk (2 hits each).
        #[serde(default)]
        squadrons: u8,
        /// Corsairs sunk (1 hit each).
        #[serde(default)]
        corsairs: u8,
    },
    /// Answer: where the beaten fleet retreats (C-NAVAL-COMBAT).
    NavalRetreat {
        /// Port or sea-zone id.
        to: Name,
    },
    /// Answer: try to avoid the naval battle, going to `to` on success (C-NAVAL-INT).
    NavalAvoid {
        /// Adjacent friendly port or sea zone.
        to: Name,
    },
    /// Answer: intercept the entering fleet with the whole stack at `from` (C-NAVAL-INT).
    NavalIntercept {
        /// Adjacent sea zone or port on the entered zone.
        from: Name,
    },
    // --- relief (issue 13)
    /// Answer: bring the besieged units out to join the relief battle (C-RELIEF).
    JoinRelief,
    // --- piracy (C-PIRACY)
    /// CP: the Ottoman's corsairs in `zone` pirate against `target`.
    Piracy {
        /// Sea-zone id.
        zone: Name,
        /// A power controlling a port on the zone.
        target: Power,
    },
    /// Answer: what the target gives for one piracy hit.
    PiracyReward {
        /// The reward.
        reward: super::piracy::PiracyReward,
        /// For a lost squadron: the zone or port it is taken from.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        at: Option<Name>,
    },
    // --- treasures (Virgin Queen)
    /// In one's own impulse: spend a treasure for its CP (our reading, `super::treasure`).
    SpendTreasure {
        /// The treasure's number.
        treasure: u16,
    },
    // --- peace (C-DIP-PEACE)
    /// Answer: the power that sued for peace removes these land units of its own in `space`.
    Surrender {
        /// Space id.
        space: Name,
        /// The land units removed (no leaders).
        units: Units,
    },
    /// Answer: the power that sued for peace regains `what` from the winner, who gets `pay`.
    Regain {
        /// A captured leader, a home key, or two non-key home spaces.
        what: RegainItem,
        /// What the winner gets for it.
        pay: PeacePay,
        /// For a leader: the capital it returns to (needed when there are several).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        to: Option<Name>,
    },
    // --- card effects
    /// Answer to a card effect's question: option `option` (1-based) as listed, or the space
    /// named (for a question that asks for a space).
    Choose {
        /// The option's number as listed (1 = first).
        option: u8,
        /// A space id instead of a number.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        space: Option<Name>,
    },
    // --- diplomatic influence (X-INF-BUY)
    /// CP: buy steps of influence on a minor or an inactive major.
    BuyInfluence {
        /// The courted power.
        target: super::influence::Courted,
        /// Steps bought.
        steps: u8,
    },
    // --- marriages and espionage (X-MARRIAGE-*, X-SPY-*)
    /// Diplomacy: propose a marriage of one's own royal with another power's royal, or accept
    /// that power's proposal of the same pair (X-MARRIAGE-PROPOSE).
    Marry {
        /// A royal id (one's own, or the other's: the order does not matter).
        royal: Name,
        /// The other royal id; empty: the other royal of the open proposal naming `royal`.
        #[serde(default, skip_serializing_if = "Name::is_empty")]
        with: Name,
    },
    /// Diplomacy: refuse a proposal made to you, or withdraw your own (X-MARRIAGE-PROPOSE).
    RefuseMarriage {
        /// A royal id of the proposal.
        royal: Name,
        /// The other royal id; empty: the other royal of the open proposal naming `royal`.
        #[serde(default, skip_serializing_if = "Name::is_empty")]
        with: Name,
    },
    /// CP: an espionage attempt against another power (X-SPY-ACTION).
    Spy {
        /// The target power.
        target: Power,
        /// What the spy tries.
        effect: super::espionage::SpyEffect,
        /// For an assassination: the target's ruler or a leader of it on the map.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        whom: Option<Name>,
    },
}

// --- peace (C-DIP-PEACE)
/// What a power that sued for peace regains from the winner (by data ids).
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RegainItem {
    /// One of its leaders the winner captured.
    Leader(String),
    /// One of its home keys the winner controls.
    Key(String),
    /// Two of its non-key home spaces the winner controls.
    Pair(String, String),
}

/// What the winner gets for one regained item (C-DIP-PEACE).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PeacePay {
    /// Victory points (the data's `peace_regain_vp`).
    Vp,
    /// A card drawn at random from the loser's hand.
    Card,
}

impl PeacePay {
    /// Both, in the order buttons show them.
    pub const ALL: [PeacePay; 2] = [PeacePay::Vp, PeacePay::Card];

    /// The id used in commands and JSON.
    pub fn id(self) -> &'static str {
        match self {
            PeacePay::Vp => "vp",
            PeacePay::Card => "card",
        }
    }
}

impl Action {
    /// Whether this is a manual fix, allowed to any seated power at any time.
    pub fn is_adjust(&self) -> bool {
        matches!(self, Action::Adjust(_))
    }
    /// Which kind of action this is (no data), for refusals and statistics.
    pub fn kind(&self) -> ActionKind {
        match self {
            Action::DeclareWar { .. } => ActionKind::DeclareWar,
            Action::OfferPeace { .. } => ActionKind::OfferPeace,
            Action::OfferAlliance { .. } => ActionKind::OfferAlliance,
            Action::Accept { .. } => ActionKind::Accept,
            Action::Decline { .. } => ActionKind::Decline,
            Action::DoneDiplomacy => ActionKind::DoneDiplomacy,
            Action::AllyMinor { .. } => ActionKind::AllyMinor,
            Action::SecretChoice { .. } | Action::SecretChoiceSalted { .. } => {
                ActionKind::SecretChoice
            }
            Action::RevealSecret => ActionKind::RevealSecret,
            Action::Deploy { .. } => ActionKind::Deploy,
            Action::PlaceLeader { .. } => ActionKind::PlaceLeader,
            Action::SkipDeployment => ActionKind::SkipDeployment,
            Action::Play { .. } => ActionKind::Play,
            Action::Pass => ActionKind::Pass,
            Action::Move { .. } => ActionKind::Move,
            Action::Control { .. } => ActionKind::Control,
            Action::Raise { .. } => ActionKind::Raise,
            Action::BuildFortress { .. } => ActionKind::BuildFortress,
            Action::Assault { .. } => ActionKind::Assault,
            Action::Revolt { .. } => ActionKind::Revolt,
            Action::FightForeignWar { .. } => ActionKind::FightForeignWar,
            Action::SendToWar { .. } => ActionKind::SendToWar,
            Action::WithdrawLeaders { .. } => ActionKind::WithdrawLeaders,
            Action::MoveHuguenotCapital { .. } => ActionKind::MoveHuguenotCapital,
            Action::Convert { .. } => ActionKind::Convert,
            Action::CatholicRebellion { .. } => ActionKind::CatholicRebellion,
            Action::ConversionSix { .. } => ActionKind::ConversionSix,
            Action::EndImpulse => ActionKind::EndImpulse,
            Action::Adjust(_) => ActionKind::Adjust,
            Action::SueForPeace { .. } => ActionKind::SueForPeace,
            Action::Ransom { .. } => ActionKind::Ransom,
            Action::Recall { .. } => ActionKind::Recall,
            Action::Winter { .. } => ActionKind::Winter,
            Action::WarOnMinor { .. } => ActionKind::WarOnMinor,
            Action::PeaceWithMinor { .. } => ActionKind::PeaceWithMinor,
            Action::Intercept { .. } => ActionKind::Intercept,
            Action::AvoidBattle { .. } => ActionKind::AvoidBattle,
            Action::WithdrawInside => ActionKind::WithdrawInside,
            Action::Forgo => ActionKind::Forgo,
            Action::TakeCasualties { .. } => ActionKind::TakeCasualties,
            Action::Retreat { .. } => ActionKind::Retreat,
            Action::SetStanding { .. } => ActionKind::SetStanding,
            Action::NavalMove { .. } => ActionKind::NavalMove,
            Action::NavalTransport { .. } => ActionKind::NavalTransport,
            Action::SinkShips { .. } => ActionKind::SinkShips,
            Action::NavalRetreat { .. } => ActionKind::NavalRetreat,
            Action::NavalIntercept { .. } => ActionKind::NavalIntercept,
            Action::NavalAvoid { .. } => ActionKind::NavalAvoid,
            Action::JoinRelief => ActionKind::JoinRelief,
            Action::Piracy { .. } => ActionKind::Piracy,
            Action::PiracyReward { .. } => ActionKind::PiracyReward,
            Action::SpendTreasure { .. } => ActionKind::SpendTreasure,
            Action::Surrender { .. } => ActionKind::Surrender,
            Action::Regain { .. } => ActionKind::Regain,
            Action::Choose { .. } => ActionKind::Choose,
            Action::BuyInfluence { .. } => ActionKind::BuyInfluence,
            Action::Marry { .. } => ActionKind::Marry,
            Action::RefuseMarriage { .. } => ActionKind::RefuseMarriage,
            Action::Spy { .. } => ActionKind::Spy,
        }
    }
}

/// The kind of an [`Action`], without its data: what a refusal names when it says which action
/// is not possible. Serialized as the action's `type` tag.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ActionKind {
    /// [`Action::DeclareWar`].
    DeclareWar,
    /// [`Action::OfferPeace`].
    OfferPeace,
    /// [`Action::OfferAlliance`].
    OfferAlliance,
    /// [`Action::Accept`].
    Accept,
    /// [`Action::Decline`].
    Decline,
    /// [`Action::DoneDiplomacy`].
    DoneDiplomacy,
    /// [`Action::AllyMinor`].
    AllyMinor,
    /// [`Action::SecretChoice`].
    SecretChoice,
    /// [`Action::RevealSecret`].
    RevealSecret,
    /// [`Action::Deploy`].
    Deploy,
    /// [`Action::PlaceLeader`].
    PlaceLeader,
    /// [`Action::SkipDeployment`].
    SkipDeployment,
    /// [`Action::Play`].
    Play,
    /// [`Action::Pass`].
    Pass,
    /// [`Action::Move`].
    Move,
    /// [`Action::Control`].
    Control,
    /// [`Action::Raise`].
    Raise,
    /// [`Action::BuildFortress`].
    BuildFortress,
    /// [`Action::Assault`].
    Assault,
    /// [`Action::Revolt`].
    Revolt,
    /// [`Action::FightForeignWar`].
    FightForeignWar,
    /// [`Action::SendToWar`].
    SendToWar,
    /// [`Action::WithdrawLeaders`].
    WithdrawLeaders,
    /// [`Action::MoveHuguenotCapital`].
    MoveHuguenotCapital,
    /// [`Action::Convert`].
    Convert,
    /// [`Action::CatholicRebellion`].
    CatholicRebellion,
    /// [`Action::ConversionSix`].
    ConversionSix,
    /// [`Action::EndImpulse`].
    EndImpulse,
    /// [`Action::Adjust`].
    Adjust,
    /// [`Action::SueForPeace`].
    SueForPeace,
    /// [`Action::Ransom`].
    Ransom,
    /// [`Action::Recall`].
    Recall,
    /// [`Action::Winter`].
    Winter,
    /// [`Action::WarOnMinor`].
    WarOnMinor,
    /// [`Action::PeaceWithMinor`].
    PeaceWithMinor,
    /// [`Action::Intercept`].
    Intercept,
    /// [`Action::AvoidBattle`].
    AvoidBattle,
    /// [`Action::WithdrawInside`].
    WithdrawInside,
    /// [`Action::Forgo`].
    Forgo,
    /// [`Action::TakeCasualties`].
    TakeCasualties,
    /// [`Action::Retreat`].
    Retreat,
    /// [`Action::SetStanding`].
    SetStanding,
    /// [`Action::NavalMove`].
    NavalMove,
    /// [`Action::NavalTransport`].
    NavalTransport,
    /// [`Action::SinkShips`].
    SinkShips,
    /// [`Action::NavalRetreat`].
    NavalRetreat,
    /// [`Action::NavalIntercept`].
    NavalIntercept,
    /// [`Action::NavalAvoid`].
    NavalAvoid,
    /// [`Action::JoinRelief`].
    JoinRelief,
    /// [`Action::Piracy`].
    Piracy,
    /// [`Action::PiracyReward`].
    PiracyReward,
    /// [`Action::SpendTreasure`].
    SpendTreasure,
    /// [`Action::Surrender`].
    Surrender,
    /// [`Action::Regain`].
    Regain,
    /// [`Action::Choose`].
    Choose,
    /// [`Action::BuyInfluence`].
    BuyInfluence,
    /// [`Action::Marry`].
    Marry,
    /// [`Action::RefuseMarriage`].
    RefuseMarriage,
    /// [`Action::Spy`].
    Spy,
}

impl ActionKind {
    /// Every kind, in the order of [`Action`]'s variants.
    pub const ALL: &'static [ActionKind] = &[
        ActionKind::DeclareWar,
        ActionKind::OfferPeace,
        ActionKind::OfferAlliance,
        ActionKind::Accept,
        ActionKind::Decline,
        ActionKind::DoneDiplomacy,
        ActionKind::AllyMinor,
        ActionKind::SecretChoice,
        ActionKind::RevealSecret,
        ActionKind::Deploy,
        ActionKind::PlaceLeader,
        ActionKind::SkipDeployment,
        ActionKind::Play,
        ActionKind::Pass,
        ActionKind::Move,
        ActionKind::Control,
        ActionKind::Raise,
        ActionKind::BuildFortress,
        ActionKind::Assault,
        ActionKind::Revolt,
        ActionKind::FightForeignWar,
        ActionKind::SendToWar,
        ActionKind::WithdrawLeaders,
        ActionKind::MoveHuguenotCapital,
        ActionKind::Convert,
        ActionKind::CatholicRebellion,
        ActionKind::ConversionSix,
        ActionKind::EndImpulse,
        ActionKind::Adjust,
        ActionKind::SueForPeace,
        ActionKind::Ransom,
        ActionKind::Recall,
        ActionKind::Winter,
        ActionKind::WarOnMinor,
        ActionKind::PeaceWithMinor,
        ActionKind::Intercept,
        ActionKind::AvoidBattle,
        ActionKind::WithdrawInside,
        ActionKind::Forgo,
        ActionKind::TakeCasualties,
        ActionKind::Retreat,
        ActionKind::SetStanding,
        ActionKind::NavalMove,
        ActionKind::NavalTransport,
        ActionKind::SinkShips,
        ActionKind::NavalRetreat,
        ActionKind::NavalIntercept,
        ActionKind::NavalAvoid,
        ActionKind::JoinRelief,
        ActionKind::Piracy,
        ActionKind::PiracyReward,
        ActionKind::SpendTreasure,
        ActionKind::Surrender,
        ActionKind::Regain,
        ActionKind::Choose,
        ActionKind::BuyInfluence,
        ActionKind::Marry,
        ActionKind::RefuseMarriage,
        ActionKind::Spy,
    ];

    /// The snake-case id, as in the action's JSON `type` tag.
    pub fn as_str(self) -> &'static str {
        match self {
            ActionKind::DeclareWar => "declare_war",
            ActionKind::OfferPeace => "offer_peace",
            ActionKind::OfferAlliance => "offer_alliance",
            ActionKind::Accept => "accept",
            ActionKind::Decline => "decline",
            ActionKind::DoneDiplomacy => "done_diplomacy",
            ActionKind::AllyMinor => "ally_minor",
            ActionKind::SecretChoice => "secret_choice",
            ActionKind::RevealSecret => "reveal_secret",
            ActionKind::Deploy => "deploy",
            ActionKind::PlaceLeader => "place_leader",
            ActionKind::SkipDeployment => "skip_deployment",
            ActionKind::Play => "play",
            ActionKind::Pass => "pass",
            ActionKind::Move => "move",
            ActionKind::Control => "control",
            ActionKind::Raise => "raise",
            ActionKind::BuildFortress => "build_fortress",
            ActionKind::Assault => "assault",
            ActionKind::Revolt => "revolt",
            ActionKind::FightForeignWar => "fight_foreign_war",
            ActionKind::SendToWar => "send_to_war",
            ActionKind::WithdrawLeaders => "withdraw_leaders",
            ActionKind::MoveHuguenotCapital => "move_huguenot_capital",
            ActionKind::Convert => "convert",
            ActionKind::CatholicRebellion => "catholic_rebellion",
            ActionKind::ConversionSix => "conversion_six",
            ActionKind::EndImpulse => "end_impulse",
            ActionKind::Adjust => "adjust",
            ActionKind::SueForPeace => "sue_for_peace",
            ActionKind::Ransom => "ransom",
            ActionKind::Recall => "recall",
            ActionKind::Winter => "winter",
            ActionKind::WarOnMinor => "war_on_minor",
            ActionKind::PeaceWithMinor => "peace_with_minor",
            ActionKind::Intercept => "intercept",
            ActionKind::AvoidBattle => "avoid_battle",
            ActionKind::WithdrawInside => "withdraw_inside",
            ActionKind::Forgo => "forgo",
            ActionKind::TakeCasualties => "take_casualties",
            ActionKind::Retreat => "retreat",
            ActionKind::SetStanding => "set_standing",
            ActionKind::NavalMove => "naval_move",
            ActionKind::NavalTransport => "naval_transport",
            ActionKind::SinkShips => "sink_ships",
            ActionKind::NavalRetreat => "naval_retreat",
            ActionKind::NavalIntercept => "naval_intercept",
            ActionKind::NavalAvoid => "naval_avoid",
            ActionKind::JoinRelief => "join_relief",
            ActionKind::Piracy => "piracy",
            ActionKind::PiracyReward => "piracy_reward",
            ActionKind::SpendTreasure => "spend_treasure",
            ActionKind::Surrender => "surrender",
            ActionKind::Regain => "regain",
            ActionKind::Choose => "choose",
            ActionKind::BuyInfluence => "buy_influence",
            ActionKind::Marry => "marry",
            ActionKind::RefuseMarriage => "refuse_marriage",
            ActionKind::Spy => "spy",
        }
    }
}

impl std::fmt::Display for ActionKind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// Whether a count is zero (for `skip_serializing_if`).
fn is_zero_u8(n: &u8) -> bool {
    *n == 0
}

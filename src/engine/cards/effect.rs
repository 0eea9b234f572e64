//! An effect written in the data's effect language (`map_data/<ruleset>/*.effect`,
//! format in `docs/events.md`), as the engine runs it: a flat list of [`Op`]s with jumps, read by
//! the loader in `src/data`. Blocks (`if`, `choose`, `repeat`) are compiled to jumps and unrolled
//! repeats, so a running effect is only a card, a power and a position (`pc`) on the decision
//! stack ([`super::run::EffectRun`]): it resumes after a restart and replays to the same hash.

use super::super::action::UnitKind;
use super::super::power::{Power, Religion, ReligiousZone, Source};
use super::super::ruleset::SpaceId;
use serde::{Deserialize, Serialize};

/// The flag that makes moves uninterceptable while it is set (the Spanish Road, FAQ).
pub const NO_INTERCEPTION: &str = "no_interception";
// --- card effects
/// The flag `move no_interception` sets: the next move's interception offers are skipped
/// (cleared when they are).
pub const NO_INTERCEPTION_ONCE: &str = "no_interception_once";
/// The flag `cancel avoidance` sets: the announced move's next avoidance offers are skipped
/// (cleared when they are).
pub const NO_AVOIDANCE: &str = "no_avoidance";

/// A written effect.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Effect {
    /// The key (`event` column of `cards.csv`, the file's stem).
    pub key: String,
    /// Where the effect's wording comes from (`text_source:` in the file).
    pub text_source: Source,
    /// The program.
    pub ops: Vec<Op>,
}

impl Effect {
    /// Whether running it may ask a power a question.
    pub fn asks(&self) -> bool {
        self.ops.iter().any(|o| {
            matches!(
                o,
                Op::Choose { .. }
                    | Op::Units { .. }
                    | Op::Remove { .. }
                    | Op::Unrest { .. }
                    | Op::Control { .. }
                    | Op::Convert { .. }
                    // --- card effects
                    | Op::DiscardChosen { .. }
                    | Op::ReturnCard { .. }
                    | Op::RemoveCard { this: false, .. }
                    | Op::PlayCp
                    | Op::Religion { .. }
                    | Op::Fortress { .. }
                    | Op::PlaceLeader { .. }
                    | Op::Move { .. }
            )
        })
    }
}

/// A power named in an effect.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Who {
    /// The power playing the card.
    Me,
    /// The other side: in a battle the enemy, on a played event its player (for a response
    /// card), on a move the mover; for an event, the power chosen by the effect's `target`.
    Opponent,
    /// A named power.
    Power(Power),
}

/// Which side of a battle a combat effect changes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum BattleSide {
    /// The side of the power playing the card.
    Mine,
    /// The other side.
    Theirs,
}

/// How long a flag stays set.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum FlagSpan {
    /// Until the current impulse ends.
    Impulse,
    /// Until the end of the turn.
    Turn,
    /// For the rest of the game (or until cleared).
    Game,
}

/// Which spaces a primitive may act on; every listed condition must hold.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Filter {
    /// A home space of the power concerned.
    #[serde(default)]
    pub home: bool,
    /// Controlled by the power concerned.
    #[serde(default)]
    pub controlled: bool,
    /// Not controlled by the power concerned.
    #[serde(default)]
    pub enemy: bool,
    /// A key or fortress.
    #[serde(default)]
    pub fortified: bool,
    /// Neither a key nor a fortress.
    #[serde(default)]
    pub unfortified: bool,
    /// A port.
    #[serde(default)]
    pub port: bool,
    /// Not under siege.
    #[serde(default)]
    pub not_besieged: bool,
    /// With the power concerned's land units in it.
    #[serde(default)]
    pub has_units: bool,
    /// Unrest on it (`Some(true)`), or none (`Some(false)`).
    #[serde(default)]
    pub unrest: Option<bool>,
    /// In this religious zone.
    #[serde(default)]
    pub zone: Option<ReligiousZone>,
    /// Next to this space.
    #[serde(default)]
    pub next_to: Option<SpaceId>,
    /// This space only.
    #[serde(default)]
    pub space: Option<SpaceId>,
}

// --- card effects
/// Where a leader taken off the map by an effect goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum LeaderFate {
    /// Off the map (`remove_leader`).
    OffMap,
    /// Out of the game (`kill_leader`).
    Killed,
    /// Captured by this power (`capture_leader … by:X`).
    Captured(Who),
}

/// A condition on public state.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Cond {
    /// The power controls the space.
    Controls(Who, SpaceId),
    /// The two powers are at war.
    AtWar(Who, Who),
    /// The named flag is set.
    Flag(String),
    /// The turn is at least this.
    TurnAtLeast(u8),
    /// The power holds at least this many cards (a public count).
    CardsAtLeast(Who, u8),
    /// The card is played in a battle (a combat window).
    InBattle,
    /// The condition does not hold.
    Not(Box<Cond>),
}

/// One primitive, as a player reads it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "op")]
pub enum Op {
    /// `vp N`: VP now.
    Vp {
        /// Who scores.
        who: Who,
        /// How many (may be negative).
        n: i32,
    },
    /// `draw N`: cards from the deck.
    Draw {
        /// Who draws.
        who: Who,
        /// How many.
        n: u8,
    },
    /// `discard N random`: cards from a hand, at random.
    Discard {
        /// Whose hand.
        who: Who,
        /// How many.
        n: u8,
    },
    /// `take_card from:X`: a random card from X's hand into `who`'s.
    TakeCard {
        /// Who takes.
        who: Who,
        /// From whom.
        from: Who,
    },
    /// `look_at_hand of:X`: `who` sees X's hand (by DM); the channel hears the count.
    LookAtHand {
        /// Who looks.
        who: Who,
        /// Whose hand.
        of: Who,
    },
    /// `resolve_status <power>`: resolves a minor's or inactive major's diplomatic status now
    /// (X-INF-ROLL; once per turn, X-INF-RESOLVE).
    ResolveStatus {
        /// The courted power.
        target: super::super::influence::Courted,
    },
    /// `flag NAME until:…` / `clear_flag NAME`.
    Flag {
        /// The flag's name.
        name: String,
        /// Set (`Some`) for how long, or clear (`None`).
        span: Option<FlagSpan>,
    },
    /// `unrest` / `calm`: place or remove unrest on a space `who` chooses.
    Unrest {
        /// Who chooses.
        who: Who,
        /// Place (`true`) or remove.
        on: bool,
        /// Which spaces.
        filter: Filter,
    },
    /// `control`: a space `who` chooses becomes `who`'s (political control flips).
    Control {
        /// Who chooses and gains control.
        who: Who,
        /// Which spaces.
        filter: Filter,
    },
    /// `add N KIND`: `who` adds land units to a space it chooses.
    Units {
        /// Whose units; who chooses the space.
        who: Who,
        /// Which kind.
        kind: UnitKind,
        /// How many.
        n: u8,
        /// Which spaces.
        filter: Filter,
    },
    /// `remove N units of:X`: `who` chooses a space; X chooses which of its units go.
    Remove {
        /// Who chooses the space.
        who: Who,
        /// Whose units.
        of: Who,
        /// How many.
        n: u8,
        /// Which spaces.
        filter: Filter,
    },
    /// `convert`: one conversion attempt by `who` in a space it chooses (X-REL-CONVERT).
    Convert {
        /// Who converts.
        who: Who,
        /// Added to the roll.
        modifier: i8,
        /// Which spaces.
        filter: Filter,
    },
    /// `war on:X`: `who` declares war on X (C-DIP-WAR); no card is spent.
    War {
        /// The declarer.
        who: Who,
        /// The target.
        on: Who,
    },
    /// `peace with:X`: `who` and X are at peace.
    Peace {
        /// One power.
        who: Who,
        /// The other.
        with: Who,
    },
    /// `cp N`: after the event the playing power spends N CP.
    Cp {
        /// How many.
        n: u8,
    },
    /// `dice N`: a side rolls N more (or fewer) dice in this battle.
    Dice {
        /// Which side.
        side: BattleSide,
        /// How many.
        n: i8,
    },
    /// `hits N`: a side scores N more (or fewer) hits in this battle.
    Hits {
        /// Which side.
        side: BattleSide,
        /// How many.
        n: i8,
    },
    /// `cancel interception`: the announced move cannot be intercepted.
    CancelInterception,
    /// `cancel event`: the event this response answers does not happen.
    CancelEvent,
    /// `adjust "…" "…"`: this part of the card is applied by the players with `adjust`.
    Manual {
        /// What to apply, as the card's group wrote it (English).
        what: String,
        /// The same in Russian (the English text when the file gives none).
        #[serde(default)]
        ru: String,
    },
    // --- card effects (issue 25, second part)
    /// `discard N chosen`: the hand's owner chooses which N cards it discards (asked by DM).
    DiscardChosen {
        /// Whose hand (the owner chooses).
        who: Who,
        /// How many.
        n: u8,
    },
    /// `return_card`: `who` takes a card of its choice from the (public) discard pile.
    ReturnCard {
        /// Who chooses and takes it.
        who: Who,
    },
    /// `remove_card this` (the played card leaves the game) or `remove_card from:discard`
    /// (`who` picks a card of the discard pile to remove from the game).
    RemoveCard {
        /// Who chooses (for `from:discard`).
        who: Who,
        /// The played card itself.
        this: bool,
    },
    /// `play_cp`: the card's player plays another card of its hand for its CP after the event.
    PlayCp,
    /// `religion catholic|protestant where …`: a space `who` chooses gets that religion.
    Religion {
        /// Who chooses.
        who: Who,
        /// The religion set.
        religion: Religion,
        /// Which spaces.
        filter: Filter,
    },
    /// `fortress where …` / `raze where …`: a fortress is built on (or a built one removed from)
    /// a space `who` chooses (R-SPACE-FORTRESS).
    Fortress {
        /// Who chooses.
        who: Who,
        /// Build (`true`) or raze.
        build: bool,
        /// Which spaces.
        filter: Filter,
    },
    /// `vp N lasting`: a bonus that stays, listed by card in the status and counted in the VP.
    LastingVp {
        /// Who scores.
        who: Who,
        /// How many.
        n: i32,
    },
    /// `treasure N`: `who` gains N treasures at random from the pool (faces to it alone).
    Treasure {
        /// Who gains.
        who: Who,
        /// How many.
        n: u8,
    },
    /// `forbid_war on:X until:…`: neither `who` nor X may declare war on the other.
    ForbidWar {
        /// One power.
        who: Who,
        /// The other.
        on: Who,
        /// For how long.
        span: FlagSpan,
    },
    /// `cancel avoidance`: the announced move's enemies may not avoid battle.
    CancelAvoidance,
    /// `spy look|discard|assassinate on:X`: an espionage attempt against X as the engine's
    /// espionage rolls it, without CP (X-SPY-ACTION; an assassination aims at X's ruler).
    Spy {
        /// The spy.
        who: Who,
        /// The target.
        on: Who,
        /// What the spy tries.
        effect: super::super::espionage::SpyEffect,
    },
    /// `place_leader ID where …`: the leader joins its power's units on a space `who` chooses
    /// (from off the map, from captivity or from another space).
    PlaceLeader {
        /// Who chooses the space.
        who: Who,
        /// The leader's id (`leaders.csv`).
        leader: String,
        /// Which spaces.
        filter: Filter,
    },
    /// `remove_leader ID` / `kill_leader ID` / `capture_leader ID by:X`: a leader on the map
    /// leaves it: off the map (it may come back by the rules), out of the game, or captured.
    Leader {
        /// The leader's id.
        leader: String,
        /// Where it goes.
        fate: LeaderFate,
    },
    /// `ruler admin:+1 cards:-1 for:X until:…`: X's ruler's administrative rating and card
    /// bonus change for the span (never below 0).
    Ruler {
        /// Whose ruler.
        who: Who,
        /// Added to the administrative rating.
        admin: i8,
        /// Added to the card bonus.
        cards: i8,
        /// For how long.
        span: FlagSpan,
    },
    /// `move`: the card's player may move one formation one space without CP, with the
    /// ordinary `move` command; optionally free of interception and of avoidance.
    Move {
        /// The move cannot be intercepted.
        no_interception: bool,
        /// The move's enemies may not avoid battle.
        no_avoidance: bool,
    },
    /// `rating N side:…`: the best army leader of a side has a battle rating N higher (lower,
    /// never below 0) in this battle or assault: as many more (fewer) dice.
    Rating {
        /// Which side.
        side: BattleSide,
        /// How much.
        n: i8,
    },
    /// `choose`: `who` picks one option; each jumps to its block.
    Choose {
        /// Who chooses.
        who: Who,
        /// (label, where its block starts).
        options: Vec<(String, u16)>,
    },
    /// Start of an `if` block: go on if the condition holds, else jump to `to`.
    Unless {
        /// The condition.
        cond: Cond,
        /// Where the `else` (or the end) is.
        to: u16,
    },
    /// Go on at `to` (the end of an option or of an `if` before its `else`).
    Jump {
        /// Where.
        to: u16,
    },
}

//! The numbers of the turn's core rules that are data, not code (`war_costs.csv`, `key_vp.csv`,
//! `rules.csv`, `relations.csv`, `card_players.csv`): Virgin Queen does not publish them, so a
//! group that owns the game can correct them without touching the engine.

use super::power::{Minor, Power, Relation};
use serde::{Deserialize, Serialize};
use std::collections::HashMap;

/// Ids of the numbers in `rules.csv` the engine reads.
pub mod ids {
    /// C-VP-STANDARD: VP for a standard victory.
    pub const STANDARD_VP: &str = "standard_vp";
    /// C-VP-DOMINATION: lead over every other power.
    pub const DOMINATION_GAP: &str = "domination_gap";
    /// C-VP-DOMINATION: first turn whose end may give a domination victory.
    pub const DOMINATION_FROM_TURN: &str = "domination_from_turn";
    /// C-VP-MILITARY: keys for a military victory (per power).
    pub const MILITARY_KEYS: &str = "military_keys";
    /// C-VP-END: 1 = a tie after the last turn is a shared win, 0 = nobody wins.
    pub const TIES_SHARE_WIN: &str = "ties_share_win";
    /// C-DIP-PEACE: VP for the enemy of a power that sues for peace.
    pub const WAR_WINNER_VP: &str = "war_winner_vp";
    /// C-DIP-WAR-LIMITS: turns after a peace without a new war between the two.
    pub const PEACE_LOCK_TURNS: &str = "peace_lock_turns";
    /// C-DIP-RANSOM: cards the captor draws from the owner's hand.
    pub const RANSOM_CARDS: &str = "ransom_cards";
    /// C-CARD-MANDATORY: CP after a mandatory event.
    pub const MANDATORY_CP: &str = "mandatory_cp";
    /// C-WINTER-QUARTERS: land units per power in one non-capital winter space.
    pub const WINTER_STACK: &str = "winter_stack";
    // --- land warfare (issue 13)
    /// C-MOVE-SPRING: most land units a Spring Deployment carries across a sea zone.
    pub const SPRING_SEA_UNITS: &str = "spring_sea_units";
    /// C-PIRACY: most piracy VP the Ottoman can win.
    pub const PIRACY_VP_CAP: &str = "piracy_vp_cap";
    /// C-DIP-PEACE: units a power that sues for peace removes from the map.
    pub const PEACE_UNITS_LOST: &str = "peace_units_lost";
    /// C-WINTER-REGULAR (Virgin Queen): mercenaries the Empire may take instead of its free
    /// winter regular.
    pub const EMPIRE_WINTER_MERCENARIES: &str = "empire_winter_mercenaries";
    // --- treasures (Virgin Queen)
    /// Boxes of the Portuguese treasure row, refilled in the Card Draw phase.
    pub const PORTUGUESE_ROW: &str = "portuguese_row";
    /// C-WINTER-ORDER (Virgin Queen): Portuguese treasures Lisbon's controller draws in Winter.
    pub const LISBON_WINTER_DRAWS: &str = "lisbon_winter_draws";
    // --- peace (C-DIP-PEACE)
    /// VP the winner gets for one item the power that sued for peace regains, paid in VP.
    pub const PEACE_REGAIN_VP: &str = "peace_regain_vp";
    /// 1 = a regained home key may be paid with a card as well as VP; 0 = VP only.
    pub const PEACE_REGAIN_KEY_CARD: &str = "peace_regain_key_card";
    /// X-DIP-PEACE-HIS: 1 = Here I Stand's suing for peace is played; 0 = off (Virgin Queen).
    pub const SUE_FOR_PEACE: &str = "sue_for_peace";
    /// Every id `rules.csv` must define, and whether it is per power.
    pub const ALL: [(&str, bool); 19] = [
        (STANDARD_VP, false),
        (DOMINATION_GAP, false),
        (DOMINATION_FROM_TURN, false),
        (MILITARY_KEYS, true),
        (TIES_SHARE_WIN, false),
        (WAR_WINNER_VP, false),
        (PEACE_LOCK_TURNS, false),
        (RANSOM_CARDS, false),
        (MANDATORY_CP, false),
        (WINTER_STACK, false),
        (SPRING_SEA_UNITS, false),
        (PIRACY_VP_CAP, false),
        (PEACE_UNITS_LOST, false),
        (EMPIRE_WINTER_MERCENARIES, false),
        (PORTUGUESE_ROW, false),
        (LISBON_WINTER_DRAWS, false),
        (PEACE_REGAIN_VP, false),
        (PEACE_REGAIN_KEY_CARD, false),
        (SUE_FOR_PEACE, false),
    ];
}

/// A relation at a scenario's start (`relations.csv`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum StartRelation {
    /// Between two majors.
    Majors(Power, Power, Relation),
    /// A minor allied with a major.
    MinorAlly(Power, Minor),
}

/// The turn's data tables.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct TurnData {
    /// War costs: (declarer, target, CP). A pair not listed may not declare war.
    pub war_costs: Vec<(Power, Power, u8)>,
    /// Key VP tracks: per power, (keys, VP) sorted by keys.
    pub key_vp: HashMap<Power, Vec<(u8, i32)>>,
    /// The Protestant's VP per key: (Dutch key, other key) (R-PROT-KEYS).
    pub protestant_key_vp: (i32, i32),
    /// Global numbers by id (`rules.csv` rows with no power).
    pub numbers: HashMap<String, i32>,
    /// Per-power numbers: (id, power, value).
    pub power_numbers: Vec<(String, Power, i32)>,
    /// Relations at each scenario's start: (scenario id, relation).
    pub relations: Vec<(String, StartRelation)>,
    /// Cards dealt only with some numbers of powers in play: (card, min, max).
    pub card_players: Vec<(u16, Option<u8>, Option<u8>)>,
    /// War costs on minors: (declarer, minor, CP); a pair not listed may not declare.
    #[serde(default)]
    pub minor_war_costs: Vec<(Power, Minor, u8)>,
    /// Natural allies (`natural_allies.csv`): (minor, major) (C-DIP-WAR-LIMITS).
    #[serde(default)]
    pub natural_allies: Vec<(Minor, Power)>,
    /// Mandatory events and their due turns (`mandatory_events.csv`, C-CARD-MANDATORY).
    #[serde(default)]
    pub mandatory: Vec<MandatoryDue>,
}

/// A mandatory event's due turn (C-CARD-MANDATORY).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct MandatoryDue {
    /// Card number.
    pub card: u16,
    /// Last turn to play it; `None`: not known, never resolved automatically.
    pub due_turn: Option<u8>,
    /// Who resolves it when nobody holds it.
    pub power: Power,
    /// Removed from the game after it is resolved (else discarded).
    pub remove: bool,
}

impl TurnData {
    /// A global number; 0 if missing (the loader makes sure it is not).
    pub fn number(&self, id: &str) -> i32 {
        self.numbers.get(id).copied().unwrap_or(0)
    }

    /// A per-power number, if the data has one.
    pub fn power_number(&self, id: &str, p: Power) -> Option<i32> {
        self.power_numbers
            .iter()
            .find(|(i, q, _)| i == id && *q == p)
            .map(|(_, _, v)| *v)
    }

    /// CP to declare war, or `None` when the pair may not declare (C-DIP-WAR-COST).
    pub fn war_cost(&self, declarer: Power, target: Power) -> Option<u8> {
        self.war_costs
            .iter()
            .find(|(a, b, _)| *a == declarer && *b == target)
            .map(|(_, _, c)| *c)
    }

    /// CP to declare war on a minor, or `None` when the pair may not declare (C-DIP-WAR-COST).
    pub fn minor_war_cost(&self, declarer: Power, target: Minor) -> Option<u8> {
        self.minor_war_costs
            .iter()
            .find(|(a, b, _)| *a == declarer && *b == target)
            .map(|(_, _, c)| *c)
    }

    /// The natural ally of a minor, if the data gives one (C-DIP-WAR-LIMITS).
    pub fn natural_ally(&self, m: Minor) -> Option<Power> {
        self.natural_allies
            .iter()
            .find(|(x, _)| *x == m)
            .map(|(_, p)| *p)
    }

    /// VP on `p`'s key track for `keys` keys (C-VP-KEYS): the row with the most keys not above
    /// the count; a power without a track scores 1 per key.
    pub fn key_track_vp(&self, p: Power, keys: usize) -> i32 {
        match self.key_vp.get(&p) {
            Some(rows) => rows
                .iter()
                .rev()
                .find(|(k, _)| usize::from(*k) <= keys)
                .map_or(0, |(_, v)| *v),
            None => keys as i32,
        }
    }

    /// Whether a card is dealt with `players` powers in play.
    pub fn card_dealt_with(&self, card: u16, players: usize) -> bool {
        self.card_players
            .iter()
            .filter(|(c, _, _)| *c == card)
            .all(|(_, lo, hi)| {
                lo.is_none_or(|lo| players >= usize::from(lo))
                    && hi.is_none_or(|hi| players <= usize::from(hi))
            })
    }
}

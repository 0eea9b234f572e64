//! The card registry: a card's event is found by the key in the `event` column of `cards.csv`,
//! never by the card's name. A key names either an event automated in Rust (one file per event
//! in this folder, listed in [`AUTOMATED`]) or an effect written in the data's effect language
//! (`<key>.effect`, see [`super::effect`]).

use super::super::error::RuleResult;
use super::super::event::Event;
use super::super::game::Game;
use super::super::power::Power;
use super::super::ruleset::{Card, Ruleset};

/// One event automated in Rust.
pub struct Automated {
    /// The key in `cards.csv`'s `event` column.
    pub key: &'static str,
    /// Whether resolving it may open a decision (a question to a power), so that it cannot be
    /// resolved unattended (an overdue mandatory event in Winter is then announced instead).
    pub asks: bool,
    /// Checks before the card is played as an event (nothing changes on a refusal).
    pub check: fn(&Game, &Ruleset, Power, &Card) -> RuleResult<()>,
    /// Resolves the event played by the power.
    pub resolve: fn(&mut Game, &Ruleset, Power, &Card, &mut Vec<Event>),
}

/// Every automated event, one per file.
pub const AUTOMATED: &[Automated] = &[
    super::rudolf_ii::EVENT,
    super::foreign_war::EVENT,
    super::paris_mass::EVENT,
];

/// The automated event with this key.
pub fn automated(key: &str) -> Option<&'static Automated> {
    AUTOMATED.iter().find(|a| a.key == key)
}

/// Every key of an automated event (for the data loader's "allowed" list).
pub fn automated_keys() -> Vec<&'static str> {
    AUTOMATED.iter().map(|a| a.key).collect()
}

/// A check that always passes.
pub(crate) fn no_check(_: &Game, _: &Ruleset, _: Power, _: &Card) -> RuleResult<()> {
    Ok(())
}

/// How a card's event resolves.
pub enum Resolution<'a> {
    /// Automated in Rust.
    Automated(&'static Automated),
    /// Written in the effect language.
    Effect(&'a super::effect::Effect),
    /// Not automated: announced for the players to apply with `adjust`.
    Manual,
}

/// How the event of `card` resolves.
pub fn resolution(card: &Card) -> Resolution<'_> {
    if let Some(e) = &card.effect {
        return Resolution::Effect(e);
    }
    match card.event.as_deref().and_then(automated) {
        Some(a) => Resolution::Automated(a),
        None => Resolution::Manual,
    }
}

/// Whether resolving the event of `card` may ask a power a question or needs the decision stack
/// (the one list of "events that ask": automated ones say so; every written effect runs as a
/// frame on the stack), so that it cannot be resolved unattended at the end of Winter.
pub fn asks(card: &Card) -> bool {
    match resolution(card) {
        Resolution::Automated(a) => a.asks,
        Resolution::Effect(_) => true,
        Resolution::Manual => false,
    }
}

//! Card windows (C-BATTLE-CARDS, C-CARD-RESPONSE): the questions that offer a combat,
//! response or dice card.

// --- questions on the decision stack (`super::question::Question`)

/// Decision: a card window for `power` (C-BATTLE-CARDS, C-CARD-RESPONSE).
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Cards {
    /// Which window.
    pub window: super::steps::Window,
    /// Who is asked.
    pub power: super::power::Power,
    /// Where the battle, assault or move is.
    pub space: super::ruleset::SpaceId,
}

/// Decision (C-CARD-RESPONSE): `power` may play a response card on the event `card`.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct EventResponse {
    /// Who is asked.
    pub power: super::power::Power,
    /// The event card being played.
    pub card: u16,
}

//! Shared helpers for integration tests.
#![allow(dead_code)]

use std::sync::OnceLock;
use vqbot::engine::{Game, GameOptions, Power, PowerSet, Ruleset};

/// The shipped ruleset, loaded once.
pub fn rs() -> &'static Ruleset {
    static RS: OnceLock<Ruleset> = OnceLock::new();
    RS.get_or_init(|| match vqbot::data::load_default() {
        Ok(r) => r,
        Err(p) => panic!("shipped data does not load: {p:?}"),
    })
}

/// A six-power 1559 game.
pub fn new_game(seed: u64) -> Game {
    new_game_with(PowerSet::all(), seed)
}

/// A 1559 game with these powers.
pub fn new_game_with(powers: PowerSet, seed: u64) -> Game {
    let opts = GameOptions {
        scenario: "1559".into(),
        powers,
    };
    Game::new(rs(), &opts, seed).expect("game starts").0
}

/// A space id by data id.
pub fn sp(id: &str) -> vqbot::engine::SpaceId {
    rs().space_id(id).unwrap_or_else(|| panic!("no space {id}"))
}

/// All powers except these.
pub fn powers(list: &[Power]) -> PowerSet {
    list.iter().copied().collect()
}

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

use vqbot::engine::{Action, Awaiting, CardMode, Decision};

/// Drives the game with neutral moves (done, secret choice, skip, play for CP and end) until
/// `p` is asked to play a card in its impulse.
pub fn to_impulse(g: &mut Game, p: Power) {
    let rs = rs();
    for _ in 0..500 {
        match g.awaiting() {
            Awaiting::One {
                power,
                decision: Decision::Impulse,
            } if power == p => return,
            Awaiting::One { power, decision } => {
                let a = match decision {
                    Decision::SecretChoice => Action::SecretChoice {
                        choice: vqbot::engine::ruleset::EmpireChoice::Catholic,
                    },
                    Decision::Deployment => Action::SkipDeployment,
                    Decision::SpendCp => Action::EndImpulse,
                    Decision::Impulse => play_any_for_cp(g, power),
                    Decision::Diplomacy => Action::DoneDiplomacy,
                    _ => g
                        .legal_actions(rs, power)
                        .into_iter()
                        .next()
                        .expect("a legal action"),
                };
                g.apply(rs, power, &a)
                    .unwrap_or_else(|e| panic!("{power}: {a:?} refused: {e}"));
            }
            Awaiting::Simultaneous { pending, .. } => {
                for q in pending.iter() {
                    g.apply(rs, q, &Action::DoneDiplomacy).expect("done");
                }
            }
            Awaiting::Over { .. } => panic!("game over before {p}'s impulse"),
        }
    }
    panic!("never reached {p}'s impulse");
}

/// A card-for-CP action from `p`'s hand (or pass when nothing can be played for CP).
pub fn play_any_for_cp(g: &Game, p: Power) -> Action {
    g.legal_actions(rs(), p)
        .into_iter()
        .find(|a| {
            matches!(
                a,
                Action::Play {
                    mode: CardMode::Cp,
                    ..
                }
            )
        })
        .unwrap_or(Action::Pass)
}

/// Drives the game to `p`'s impulse and plays its highest-CP card for CP.
pub fn to_cp(g: &mut Game, p: Power) -> u8 {
    to_impulse(g, p);
    let rs = rs();
    let best = g.hands[p as usize]
        .iter()
        .filter_map(|c| rs.card(*c))
        .filter(|c| c.kind != vqbot::engine::ruleset::CardKind::Mandatory)
        .max_by_key(|c| c.cp)
        .map(|c| c.number)
        .expect("a card to play");
    g.apply(
        rs,
        p,
        &Action::Play {
            card: best,
            mode: CardMode::Cp,
        },
    )
    .expect("play for CP");
    match g.stage {
        vqbot::engine::Stage::Cp { cp, .. } => cp,
        ref s => panic!("not spending CP: {s:?}"),
    }
}

/// Sets `owner`'s units in a space by a manual fix.
pub fn put_units(g: &mut Game, by: Power, space: &str, owner: vqbot::engine::Owner, regulars: u8) {
    let adj = vqbot::engine::Adjustment::Units {
        space: space.into(),
        owner,
        faction: None,
        regulars,
        mercenaries: 0,
        cavalry: 0,
        squadrons: 0,
        corsairs: 0,
    };
    g.apply(rs(), by, &Action::Adjust(adj))
        .expect("adjust units");
}

//! Starting a game from a position file (`setup file:…`, see `docs/position.md`).
//!
//! In the lobby the creator hands the table a position (and optionally its private part). It is
//! read and checked completely by [`crate::position::import`]; on any problem nothing changes and
//! the creator gets every problem with its file and line. A good position is kept in the game's
//! stored options (`options_json` gets a `position` key holding the starting state), so that the
//! lobby survives a restart and a started game replays from that state exactly as a seeded one
//! replays from its seed: [`start_state`] is the one place that turns stored options into the
//! state before the first action.
//!
//! At `start`, the seats must be exactly the position's powers in play. Each hand then reaches
//! its holder by DM; the channel sees only hand sizes.

use crate::engine::event::{Event, EventKind};
use crate::engine::{Game, GameOptions, Owner, PowerSet, Ruleset};
use crate::position::Source;

use super::command::FileArg;
use super::messages::{Msg, Texts};
use super::outbox::Outbox;
use super::persist::Status;
use super::{Caller, Slot, Table};

/// How a position differs from its scenario's printed map: the spaces whose control, religion
/// or units differ, and land units and squadrons per owner (position, printed). `None` when the
/// scenario cannot be set up for comparison.
pub fn printed_diff(rs: &Ruleset, g: &Game, seed: u64) -> Option<Msg> {
    let opts = GameOptions {
        scenario: g.scenario.clone(),
        powers: g.powers,
    };
    let printed = Game::new(rs, &opts, seed).ok()?.0;
    let mut spaces = Vec::new();
    let mut totals: std::collections::BTreeMap<String, (Owner, [u32; 4])> = Default::default();
    for s in rs.space_ids() {
        let (a, b) = (g.board.at(s), printed.board.at(s));
        let units = |forces: &[crate::engine::board::Force]| {
            let mut v: Vec<(String, u32, u32)> = forces
                .iter()
                .filter(|f| f.land() + u32::from(f.squadrons) > 0)
                .map(|f| (f.owner().to_string(), f.land(), u32::from(f.squadrons)))
                .collect();
            v.sort();
            v
        };
        let differs = g.board.controller(rs, s) != printed.board.controller(rs, s)
            || g.board.religion(rs, s) != printed.board.religion(rs, s)
            || units(&a.forces) != units(&b.forces);
        if differs {
            spaces.push(s);
        }
        for (i, forces) in [&a.forces, &b.forces].into_iter().enumerate() {
            for f in forces.iter() {
                let e = totals
                    .entry(f.owner().to_string())
                    .or_insert((f.owner(), [0; 4]));
                e.1[i] += f.land();
                e.1[2 + i] += u32::from(f.squadrons);
            }
        }
    }
    let units = totals
        .into_values()
        .filter(|(_, n)| n.iter().any(|x| *x > 0))
        .map(|(o, n)| (o, [n[0], n[2]], [n[1], n[3]]))
        .collect();
    Some(Msg::PositionDiff {
        scenario: g.scenario.clone(),
        spaces,
        units,
    })
}

/// The key of the starting state in a game's stored options.
pub const POSITION_KEY: &str = "position";

/// The state before the first action, from a game's stored options and seed: the stored
/// position if there is one, else a new game of the options' scenario. Also returns the events
/// announcing it (hands privately, hand sizes publicly).
pub fn start_state(
    rs: &Ruleset,
    options_json: &str,
    seed: &str,
) -> Result<(Game, Vec<Event>), String> {
    let v: serde_json::Value =
        serde_json::from_str(options_json).map_err(|e| format!("options: {e}"))?;
    if let Some(pos) = v.get(POSITION_KEY) {
        let g: Game =
            serde_json::from_value(pos.clone()).map_err(|e| format!("stored position: {e}"))?;
        let events = opening_events(&g);
        return Ok((g, events));
    }
    let opts: GameOptions = serde_json::from_value(v).map_err(|e| format!("options: {e}"))?;
    let seed: u64 = seed.parse().map_err(|e| format!("seed: {e}"))?;
    Game::new(rs, &opts, seed).map_err(|e| e.to_string())
}

/// The stored position of a game's options, if it was set up from one.
pub fn stored_position(options_json: &str) -> Option<Game> {
    let v: serde_json::Value = serde_json::from_str(options_json).ok()?;
    serde_json::from_value(v.get(POSITION_KEY)?.clone()).ok()
}

/// What a game set up from a position announces at its start: the phase (with the map), each
/// hand to its owner only, and every hand's size to all.
fn opening_events(g: &Game) -> Vec<Event> {
    let mut ev = Vec::new();
    ev.push(Event::public(EventKind::TurnStarted { turn: g.turn }));
    if let Some(phase) = g.phase() {
        ev.push(Event::public(EventKind::PhaseStarted { phase }));
    }
    for p in g.powers.iter() {
        ev.push(Event::private(
            p,
            EventKind::HandDealt {
                power: p,
                cards: g.hands[p as usize].clone(),
            },
        ));
        ev.push(Event::public(EventKind::HandSize {
            power: p,
            cards: g.hands[p as usize].len(),
        }));
        // --- treasures: each holder's own, privately
        let held = &g.treasures.held[p as usize];
        if !held.is_empty() {
            ev.push(Event::private(
                p,
                EventKind::TreasuresHeld {
                    power: p,
                    treasures: held.clone(),
                },
            ));
        }
    }
    ev
}

impl Table {
    /// `setup`: reads a position into the lobby's options (creator only, before `start`).
    pub(super) fn setup(
        &self,
        s: &mut Slot,
        caller: &Caller,
        file: &FileArg,
        private: Option<&FileArg>,
        t: Texts<'_>,
        out: &mut Outbox,
    ) -> Result<(), Msg> {
        self.require_creator(s, caller)?;
        if s.row.status != Status::Lobby {
            return Err(Msg::NotInLobby);
        }
        let unread = |f: &FileArg| Msg::PositionUnread {
            name: f.name.clone(),
        };
        let text = file.text.as_deref().ok_or_else(|| unread(file))?;
        let private_src = match private {
            Some(p) => Some(Source {
                name: &p.name,
                text: p.text.as_deref().ok_or_else(|| unread(p))?,
            }),
            None => None,
        };
        let seed: u64 = s.row.seed.parse().map_err(|e| Msg::StoreFailed {
            error: format!("seed: {e}"),
        })?;
        let public = Source {
            name: &file.name,
            text,
        };
        let g = crate::position::import(&self.rs, public, private_src, seed).map_err(|ps| {
            Msg::PositionRefused {
                name: file.name.clone(),
                problems: ps.iter().map(ToString::to_string).collect(),
            }
        })?;
        let options = serde_json::json!({
            "scenario": g.scenario,
            "powers": g.powers,
            POSITION_KEY: g,
        })
        .to_string();
        self.store_do(|st| st.set_options(s.row.id, &options))?;
        s.row.options_json = options;
        out.channel(
            t.msg(&Msg::PositionLoaded {
                name: file.name.clone(),
                turn: g.turn,
                phase: g
                    .phase()
                    .map(|p| t.phase(p).to_string())
                    .unwrap_or_default(),
                powers: g.powers.iter().collect(),
            }),
        );
        // --- words: how the position differs from the printed map, so a file that left out
        // armies is noticed before `start`.
        if let Some(diff) = printed_diff(&self.rs, &g, seed) {
            out.channel(t.msg(&diff));
        }
        Ok(())
    }

    /// The check `start` makes for a game set up from a position: the seats are exactly the
    /// position's powers in play. `None` when the game has no position.
    pub(super) fn position_seats(&self, s: &Slot) -> Option<Result<PowerSet, Msg>> {
        let g = stored_position(&s.row.options_json)?;
        let seated: PowerSet = s.seats.keys().copied().collect();
        if seated == g.powers {
            return Some(Ok(g.powers));
        }
        Some(Err(Msg::PositionSeats {
            unseated: g.powers.iter().filter(|p| !seated.contains(*p)).collect(),
            not_in_play: seated.iter().filter(|p| !g.powers.contains(*p)).collect(),
        }))
    }
}

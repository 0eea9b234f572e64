//! Virgin Queen's treasures (rulebook 6.3, known to us only from the rules digest §9):
//! secret holdings like cards. This module holds the Portuguese treasures:
//!
//! - a pool of face-down treasures (`treasures.csv`; their number and values are not known to
//!   us and are `placeholder` rows there);
//! - the Portuguese row on the map, refilled from the pool in every Card Draw phase up to
//!   `portuguese_row` boxes (`rules.csv`, 3: the FAQ's "row of 3 treasure boxes");
//! - in Winter (C-WINTER-ORDER, Virgin Queen line) the major power in play controlling Lisbon
//!   draws `lisbon_winter_draws` (1) of them at random; who "controls" Lisbon follows
//!   R-CONTROL-SET, so a minor's major ally controls its home spaces: while Portugal is allied
//!   with a major, that major draws (our reading, labelled); an unallied Portugal, an
//!   independent Lisbon or a major not in play draws nothing;
//! - spending (our reading of "treasures act as extra action currency", labelled): in its own
//!   impulse, with no question pending, a power may spend a treasure it holds for its value in
//!   CP (`cp` in `treasures.csv`): added to the CP of the card it played, or, before it plays a
//!   card, as the CP of that impulse (the impulse then ends with `end`). The face and value are
//!   public once spent; the treasure is out of the game.
//!
//! Draws use their own stream of the game's seeded generator (same seed, stream
//! [`TREASURE_STREAM`], position kept in the state), so adding treasures left every die the
//! main stream rolls as it was.

use super::error::RuleResult;
use super::event::{Event, EventKind};
use super::game::{Game, Stage};
use super::power::{Power, Source, TreasurePool};
use super::refusal::Refusal;
use super::ruleset::Ruleset;
use super::turn_data::ids;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};

/// The data id of the space whose controller draws a Portuguese treasure in Winter.
pub const LISBON: &str = "LISBON";

/// The generator stream of treasure draws (the main stream, 0, rolls the dice).
pub const TREASURE_STREAM: u64 = 0x7472_6561_7375_7265;

/// One treasure of the game: a row of `treasures.csv` gives `count` of them.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Treasure {
    /// Its number at the table (1, 2, …), the same in every game of this data.
    pub number: u16,
    /// The `treasures.csv` row it comes from.
    pub kind: String,
    /// Which pool it is drawn from.
    pub pool: TreasurePool,
    /// CP it gives when spent (our reading of its use).
    pub cp: u8,
    /// English name of its kind.
    pub name_en: String,
    /// Russian name of its kind.
    pub name_ru: String,
    /// Where the row comes from.
    pub source: Source,
}

/// Where every treasure is (numbers of [`Treasure::number`]). Empty in a game that never had
/// treasures (and in states saved before they existed): the first Card Draw phase fills the
/// pool.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct TreasureState {
    /// Face-down treasures not on the map (drawn at random).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub pool: Vec<u16>,
    /// The Portuguese row on the map, face down.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub row: Vec<u16>,
    /// Each power's treasures, by power index: secret like hands.
    #[serde(default, skip_serializing_if = "no_holdings")]
    pub held: [Vec<u16>; 6],
    /// Spent treasures: out of the game, faces public.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub spent: Vec<u16>,
    /// Words the treasure stream of the generator has used.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub words: u64,
}

fn no_holdings(h: &[Vec<u16>; 6]) -> bool {
    h.iter().all(Vec::is_empty)
}

fn is_zero(n: &u64) -> bool {
    *n == 0
}

impl TreasureState {
    /// Whether nothing about treasures was ever recorded.
    pub fn is_empty(&self) -> bool {
        self.pool.is_empty()
            && self.row.is_empty()
            && no_holdings(&self.held)
            && self.spent.is_empty()
            && self.words == 0
    }

    /// The power holding treasure `n`, if any.
    pub fn holder(&self, n: u16) -> Option<Power> {
        self.held
            .iter()
            .position(|h| h.contains(&n))
            .map(|i| Power::ALL[i])
    }

    /// Every treasure number the state places, in pool, row, holdings and spent order (the
    /// playout checks that each of the data's treasures is here exactly once).
    pub fn all_placed(&self) -> Vec<u16> {
        let mut v = self.pool.clone();
        v.extend(&self.row);
        for h in &self.held {
            v.extend(h);
        }
        v.extend(&self.spent);
        v
    }
}

impl Ruleset {
    /// The treasure with this number.
    pub fn treasure(&self, n: u16) -> Option<&Treasure> {
        self.treasures.iter().find(|t| t.number == n)
    }
}

impl Game {
    /// The treasure stream of the game's generator, at the position the state has reached.
    fn treasure_rng(&self) -> ChaCha8Rng {
        let mut r = ChaCha8Rng::from_seed(self.rng.get_seed());
        r.set_stream(TREASURE_STREAM);
        r.set_word_pos(u128::from(self.treasures.words));
        r
    }

    /// Takes one number at random out of `from` with the treasure stream.
    fn take_random(&mut self, which: Heap) -> Option<u16> {
        let len = self.heap(which).len();
        if len == 0 {
            return None;
        }
        let mut r = self.treasure_rng();
        let i = r.random_range(0..len);
        self.treasures.words = u64::try_from(r.get_word_pos()).unwrap_or(u64::MAX);
        Some(self.heap_mut(which).remove(i))
    }

    fn heap(&self, which: Heap) -> &Vec<u16> {
        match which {
            Heap::Pool => &self.treasures.pool,
            Heap::Row => &self.treasures.row,
            Heap::Held(p) => &self.treasures.held[p as usize],
        }
    }

    fn heap_mut(&mut self, which: Heap) -> &mut Vec<u16> {
        match which {
            Heap::Pool => &mut self.treasures.pool,
            Heap::Row => &mut self.treasures.row,
            Heap::Held(p) => &mut self.treasures.held[p as usize],
        }
    }

    /// Card Draw phase: the pool is filled once (a new game, or a state saved before
    /// treasures), then the Portuguese row is refilled from it up to its size (digest §2.2
    /// step 4). Announced with counts only: the row is face down.
    pub(crate) fn refresh_treasures(&mut self, rs: &Ruleset, ev: &mut Vec<Event>) {
        if rs.treasures.is_empty() {
            return;
        }
        if self.treasures.all_placed().is_empty() {
            self.treasures.pool = rs
                .treasures
                .iter()
                .filter(|t| t.pool == TreasurePool::Portuguese)
                .map(|t| t.number)
                .collect();
        }
        let size = usize::try_from(rs.turn.number(ids::PORTUGUESE_ROW)).unwrap_or(0);
        let mut added = 0u8;
        while self.treasures.row.len() < size {
            match self.take_random(Heap::Pool) {
                Some(n) => {
                    self.treasures.row.push(n);
                    added += 1;
                }
                None => break,
            }
        }
        if added > 0 {
            ev.push(Event::public(EventKind::TreasureRowRefilled {
                added,
                row: self.treasures.row.len() as u8,
                pool: self.treasures.pool.len() as u16,
            }));
        }
        // With each new hand, its holder is reminded of its treasures (privately).
        for p in self.powers.iter() {
            let h = &self.treasures.held[p as usize];
            if !h.is_empty() {
                ev.push(Event::private(
                    p,
                    EventKind::TreasuresHeld {
                        power: p,
                        treasures: h.clone(),
                    },
                ));
            }
        }
    }

    /// The major power in play that controls Lisbon (R-CONTROL-SET: itself, or through its
    /// minor ally Portugal), if any.
    pub fn lisbon_controller(&self, rs: &Ruleset) -> Option<Power> {
        let lisbon = rs.space_id(LISBON)?;
        self.powers
            .iter()
            .find(|p| self.board.controls(rs, *p, lisbon))
    }

    /// C-WINTER-ORDER (Virgin Queen): Lisbon's controller draws a Portuguese treasure from the
    /// row at random; the channel hears who drew, the holder alone its face.
    pub(crate) fn lisbon_winter_draw(&mut self, rs: &Ruleset, ev: &mut Vec<Event>) {
        if rs.treasures.is_empty() {
            return;
        }
        let Some(p) = self.lisbon_controller(rs) else {
            ev.push(Event::public(EventKind::NoTreasureDrawn { power: None }));
            return;
        };
        let n = rs.turn.number(ids::LISBON_WINTER_DRAWS).max(0);
        for _ in 0..n {
            match self.take_random(Heap::Row) {
                Some(t) => self.gain_treasure(p, t, ev),
                None => {
                    ev.push(Event::public(EventKind::NoTreasureDrawn { power: Some(p) }));
                    break;
                }
            }
        }
    }

    /// `p` takes treasure `t`: the count in public, the face privately.
    fn gain_treasure(&mut self, p: Power, t: u16, ev: &mut Vec<Event>) {
        let h = &mut self.treasures.held[p as usize];
        h.push(t);
        h.sort_unstable();
        ev.push(Event::public(EventKind::TreasureDrawn {
            power: p,
            held: h.len() as u8,
        }));
        ev.push(Event::private(
            p,
            EventKind::TreasureGained {
                power: p,
                treasure: t,
            },
        ));
    }

    /// Why `p` may not spend treasure `t` now, if it may not (checked before anything else, so
    /// the refusal names the treasure rule rather than whose turn it is).
    pub(crate) fn treasure_refusal(&self, rs: &Ruleset, p: Power, t: u16) -> Option<Refusal> {
        let yours = self.treasures.held[p as usize].clone();
        if rs.treasure(t).is_none() {
            return Some(Refusal::UnknownTreasure { treasure: t, yours });
        }
        if !yours.contains(&t) {
            return Some(Refusal::TreasureNotYours {
                power: p,
                treasure: t,
                yours,
            });
        }
        let own_impulse = matches!(
            self.stage,
            Stage::Impulse { power, .. } | Stage::Cp { power, .. } if power == p
        );
        if !own_impulse || !self.steps.is_empty() {
            return Some(Refusal::TreasureNotYourImpulse { power: p });
        }
        None
    }

    /// Spends treasure `t` of `p` for its CP (our reading, module docs): adds them to the CP
    /// being spent, or makes them the CP of an impulse in which no card was played yet.
    pub(crate) fn spend_treasure(
        &mut self,
        rs: &Ruleset,
        p: Power,
        t: u16,
        ev: &mut Vec<Event>,
    ) -> RuleResult<()> {
        if let Some(r) = self.treasure_refusal(rs, p, t) {
            return Err(r.into());
        }
        let value = rs.treasure(t).map_or(0, |x| x.cp);
        let before = match self.stage {
            Stage::Cp { cp, .. } => cp,
            _ => 0,
        };
        let cp = before.saturating_add(value);
        self.treasures.held[p as usize].retain(|x| *x != t);
        self.treasures.spent.push(t);
        self.stage = Stage::Cp { power: p, cp };
        ev.push(Event::public(EventKind::TreasureSpent {
            power: p,
            treasure: t,
            cp: value,
        }));
        ev.push(Event::public(EventKind::CpLeft { power: p, cp }));
        Ok(())
    }

    /// `adjust what:treasure`: `delta` > 0 gives `p` that many treasures drawn at random from
    /// the pool; `delta` < 0 puts that many of `p`'s treasures, at random, back in the pool.
    /// Nobody but `p` learns a face.
    pub(crate) fn adjust_treasures(
        &mut self,
        p: Power,
        delta: i8,
        ev: &mut Vec<Event>,
    ) -> RuleResult<()> {
        if !self.powers.contains(p) {
            return Err(Refusal::PowerNotInPlay { power: p }.into());
        }
        let want = delta.unsigned_abs();
        let have = if delta >= 0 {
            self.treasures.pool.len()
        } else {
            self.treasures.held[p as usize].len()
        };
        if delta == 0 || usize::from(want) > have {
            return Err(Refusal::TreasureAdjust {
                power: p,
                delta,
                available: have as u16,
            }
            .into());
        }
        for _ in 0..want {
            if delta > 0 {
                if let Some(t) = self.take_random(Heap::Pool) {
                    let h = &mut self.treasures.held[p as usize];
                    h.push(t);
                    h.sort_unstable();
                    ev.push(Event::private(
                        p,
                        EventKind::TreasureGained {
                            power: p,
                            treasure: t,
                        },
                    ));
                }
            } else if let Some(t) = self.take_random(Heap::Held(p)) {
                self.treasures.pool.push(t);
                self.treasures.pool.sort_unstable();
                ev.push(Event::private(
                    p,
                    EventKind::TreasureReturned {
                        power: p,
                        treasure: t,
                    },
                ));
            }
        }
        Ok(())
    }

    /// The spends open to `p` (cheap: a power holds few treasures, most hold none).
    pub(crate) fn legal_treasure_spends(&self, p: Power, out: &mut Vec<super::action::Action>) {
        for t in &self.treasures.held[p as usize] {
            out.push(super::action::Action::SpendTreasure { treasure: *t });
        }
    }
}

/// A heap of treasure numbers a random draw takes from.
#[derive(Debug, Clone, Copy)]
enum Heap {
    Pool,
    Row,
    Held(Power),
}

//! Inactive majors and games of 2 to 5 (rules digest §3.2): our reconstruction.
//!
//! Known (the VASSAL module's text, digest §3.2): with 2–4 players the Ottoman and the Empire are
//! not player powers, with 5 the Empire; starting influence is placed on them; a power that wins
//! control of an inactive major plays that power's impulse with that power's cards, then returns
//! to its own. Ours (`vq rule X-INACTIVE`, numbers in `influence.csv`):
//!
//! - which majors are inactive is data by the number of powers in play (`inactive` rows); only
//!   unseated ones become inactive, so a table that seats another combination keeps working;
//! - an inactive major is at peace with every power from the start (its scenario wars are
//!   dropped) and war may not be declared on it: its units and spaces are neutral, as an
//!   unallied minor's are (R-CONTROL-TERMS), and its questions in battle answer themselves;
//! - while a power controls it (X-INF-ROLL), it is dealt cards in the Card Draw phase (no home
//!   cards: the module removes them) and has an impulse in the impulse order, played by its
//!   controller's player; an uncontrolled inactive major's hand is discarded at the Card Draw.

use super::event::{Event, EventKind};
use super::game::Game;
use super::influence::{Courted, InfluenceEvent};
use super::power::{Power, PowerSet, Relation};
use super::ruleset::Ruleset;

impl Game {
    /// The powers that have impulses: those in play and the inactive majors someone controls.
    pub fn impulse_powers(&self) -> PowerSet {
        let mut s = self.powers;
        for p in self.influence.inactive.iter() {
            if self.influence.controller[p as usize].is_some() {
                s.insert(p);
            }
        }
        s
    }

    // --- diplomacy (issue 26)
    /// X-INACTIVE: whether `p`'s questions (casualties, retreat, interception, withdrawal,
    /// relief) are asked: a power in play, or an inactive major someone controls (its
    /// controller's player answers). An uncontrolled inactive major's are answered by the rules.
    pub fn asks_player(&self, p: Power) -> bool {
        self.impulse_powers().contains(p)
    }

    /// The power whose player acts for `p`: `p` itself when in play, else its controller.
    pub fn acting_player_power(&self, p: Power) -> Option<Power> {
        if self.powers.contains(p) {
            Some(p)
        } else {
            self.influence.controller[p as usize]
        }
    }

    /// The inactive majors `p` controls now.
    pub fn controlled_inactive(&self, p: Power) -> PowerSet {
        self.influence
            .inactive
            .iter()
            .filter(|q| self.influence.controller[*q as usize] == Some(p))
            .collect()
    }

    /// X-INACTIVE at the start: the unseated majors the data makes inactive for this number of
    /// powers in play, their wars dropped, and the starting influence (X-INACTIVE-SETUP).
    pub(crate) fn setup_player_count(&mut self, rs: &Ruleset, ev: &mut Vec<Event>) {
        let n = self.powers.len();
        let inactive: PowerSet = rs
            .influence
            .inactive_with(n)
            .iter()
            .filter(|p| !self.powers.contains(*p))
            .collect();
        self.influence.inactive = inactive;
        if !inactive.is_empty() {
            for q in inactive.iter() {
                for p in Power::ALL {
                    if *p != q && self.board.relation(q, *p) != Relation::Peace {
                        self.board.set_relation(q, *p, Relation::Peace);
                    }
                }
            }
            ev.push(Event::public(EventKind::Influence(
                InfluenceEvent::Inactive {
                    powers: inactive.iter().collect(),
                },
            )));
        }
        for (count, c, p, steps) in rs.influence.start.clone() {
            if usize::from(count) != n || !self.powers.contains(p) {
                continue;
            }
            if let Courted::Major(q) = c {
                if !inactive.contains(q) {
                    continue;
                }
            }
            let max = rs.influence.track(c);
            let v = steps.min(max);
            if v == 0 {
                continue;
            }
            self.influence.levels[c.idx()][p as usize] = v;
            ev.push(Event::public(EventKind::Influence(
                InfluenceEvent::Placed {
                    power: p,
                    target: c,
                    steps: v,
                },
            )));
        }
    }

    /// Card Draw for inactive majors: an uncontrolled one's hand goes to the discard pile.
    pub(crate) fn discard_uncontrolled_inactive_hands(&mut self) {
        for q in self.influence.inactive.iter() {
            if self.influence.controller[q as usize].is_none() {
                let h = std::mem::take(&mut self.hands[q as usize]);
                self.discard.extend(h);
            }
        }
    }
}

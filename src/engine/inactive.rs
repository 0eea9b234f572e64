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
//!   controller's player; an uncontrolled inactive major's hand is discarded at the Card Draw;
//! - a question of an inactive major nobody plays is answered by a fixed public rule
//!   ([`RuleAnswer`], `vq rule X-INACTIVE-ANSWERS`), announced with what it decided and why;
//!   in Winter the rule answers for every inactive major, controlled or not.

use super::event::{Event, EventKind};
use super::game::Game;
use super::influence::{Courted, InfluenceEvent};
use super::power::{Power, PowerSet, Relation};
use super::ruleset::{Ruleset, SpaceId};
use serde::{Deserialize, Serialize};

/// A question of an inactive major that no player answers, and the fixed rule that answered it
/// (X-INACTIVE-ANSWERS): what a neutral power would do, public and the same every time.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "question")]
pub enum RuleAnswer {
    /// Land losses in `space`: mercenaries first, then cavalry, then regulars.
    Casualties {
        /// Where the battle was.
        space: SpaceId,
    },
    /// The beaten land units in `space` retreat to the first legal space in the map's order
    /// (`to`; none: they are eliminated), as many staying inside as there is room for.
    Retreat {
        /// Where the battle was.
        space: SpaceId,
        /// Where they went.
        to: Option<SpaceId>,
    },
    /// Defenders of four units or fewer withdraw into the fortifications of `space`.
    Withdraw {
        /// The fortified space.
        space: SpaceId,
    },
    /// Naval losses in `place`: corsairs before squadrons (the fewest squadrons sunk).
    NavalCasualties {
        /// A sea zone or port id.
        place: String,
    },
    /// The beaten fleet in `place` retreats to the first legal place in the data's order.
    NavalRetreat {
        /// The sea zone.
        place: String,
        /// Where it went (a port or sea-zone id).
        to: String,
    },
    /// Winter: land units in `from` go to the first of the equally near quarters in the map's
    /// order.
    WinterQuarters {
        /// Where they were.
        from: SpaceId,
        /// Where they went (none: attrition).
        to: Option<SpaceId>,
    },
    /// Winter: the survivors of attrition in `space` go to the first capital, `to`.
    AttritionCapital {
        /// Where the force was.
        space: SpaceId,
        /// The capital.
        to: SpaceId,
    },
    /// Winter: excess land units in `space` go to the first capital, mercenaries first.
    WinterExcess {
        /// The overstacked space.
        space: SpaceId,
        /// The capital they went to.
        to: SpaceId,
    },
    /// Winter: the fleet in `zone` goes to the first of the equally near ports in data order.
    WinterPort {
        /// The sea zone.
        zone: String,
        /// The port.
        to: SpaceId,
    },
}

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

    /// X-INACTIVE-ANSWERS: announces that the rule answered `p`'s question, if `p` is an
    /// inactive major (a power in play, or anyone else, is not announced: nothing changes).
    pub(crate) fn answered_by_rule(&self, p: Power, answer: RuleAnswer, ev: &mut Vec<Event>) {
        if self.influence.inactive.contains(p) {
            ev.push(Event::public(EventKind::Influence(
                InfluenceEvent::Answered { power: p, answer },
            )));
        }
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

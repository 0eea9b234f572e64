//! Victory points and victory: keys, bonuses, Master of Central Europe (R-HRE-MASTER), the
//! Empire's secret VP (R-HRE-SECRET), the Protestant military victory (R-PROT-MILITARY-WIN), the
//! 25-VP standard victory and the end after the scenario's last turn.

use super::board::DUTCH_KEYS;
use super::event::{EndReason, Event, EventKind, RevealReason};
use super::game::{Game, Stage};
use super::power::{Owner, Power, ReligiousZone};
use super::ruleset::Ruleset;
use super::turn_data::ids;
use serde::{Deserialize, Serialize};

/// The three keys of the Master of Central Europe bonus (R-HRE-MASTER).
pub const CENTRAL_EUROPE: [&str; 3] = ["PRAGUE", "VIENNA", "BUDA"];

/// A power's VP, by source.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct VpBreakdown {
    /// Keys held.
    pub keys: i32,
    /// Bonus VP (events, adjustments).
    pub bonus: i32,
    /// Master of Central Europe (Empire).
    pub master: i32,
    /// The revealed secret choice (Empire).
    pub secret: i32,
    /// Piracy VP (Ottoman, C-PIRACY).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub piracy: i32,
}

fn is_zero(n: &i32) -> bool {
    *n == 0
}

impl VpBreakdown {
    /// The total.
    pub fn total(&self) -> i32 {
        self.keys + self.bonus + self.master + self.secret + self.piracy
    }
}

impl Game {
    /// VP of a power, recomputed from the state (never stored).
    pub fn vp(&self, rs: &Ruleset, p: Power) -> VpBreakdown {
        let keys = self.board.keys_held(rs, p);
        let key_vp = if p == Power::Protestant {
            // R-PROT-KEYS: per key by marker row (3 for each Dutch key, 2 for any other; data).
            let (dutch, other) = rs.turn.protestant_key_vp;
            keys.iter()
                .map(|s| {
                    if DUTCH_KEYS.contains(&rs.space(*s).id.as_str()) {
                        dutch
                    } else {
                        other
                    }
                })
                .sum()
        } else {
            // C-VP-KEYS: the power's key track (`key_vp.csv`).
            rs.turn.key_track_vp(p, keys.len())
        };
        VpBreakdown {
            keys: key_vp,
            // --- card effects: lasting bonuses (`vp N lasting`) count as bonus VP
            bonus: self.bonus_vp[p as usize]
                + self.lasting_vp(p).iter().map(|(_, n)| n).sum::<i32>(),
            master: if p == Power::Empire && self.empire.master {
                1
            } else {
                0
            },
            secret: if p == Power::Empire && self.empire.revealed {
                self.secret_vp(rs)
            } else {
                0
            },
            piracy: if p == Power::Ottoman {
                i32::from(self.naval.piracy_vp)
            } else {
                0
            },
        }
    }

    /// VP of every power, indexed by power.
    pub fn vp_totals(&self, rs: &Ruleset) -> [i32; 6] {
        let mut v = [0; 6];
        for p in Power::ALL {
            v[*p as usize] = self.vp(rs, *p).total();
        }
        v
    }

    /// VP the secret choice is worth (from `empire_religion_vp.csv`).
    fn secret_vp(&self, rs: &Ruleset) -> i32 {
        self.empire.secret.as_ref().map_or(0, |(c, _)| {
            rs.empire_religion_vp.get(c).copied().unwrap_or(0) as i32
        })
    }

    /// R-HRE-MASTER: Prague, Vienna and Buda all Empire-controlled and free of unrest.
    pub fn master_of_central_europe(&self, rs: &Ruleset) -> bool {
        CENTRAL_EUROPE.iter().all(|id| {
            rs.space_id(id).is_some_and(|s| {
                self.board.controller(rs, s) == Owner::Major(Power::Empire)
                    && !self.board.at(s).unrest
            })
        })
    }

    /// The power that wins with these VP at Victory Determination, and why: a standard
    /// victory (C-VP-STANDARD: at least the data's VP and alone at the top; a tie at the top
    /// decides nothing that turn), else a domination victory (C-VP-DOMINATION: from the data's
    /// turn, ahead of every other power in play by at least the data's gap).
    pub fn turn_winner(&self, rs: &Ruleset, vp: &[i32; 6]) -> Option<(Power, EndReason)> {
        let mut order: Vec<Power> = self.powers.iter().collect();
        order.sort_by_key(|p| std::cmp::Reverse(vp[*p as usize]));
        let (&first, rest) = order.split_first()?;
        let best = vp[first as usize];
        let second = rest.first().map(|p| vp[*p as usize]);
        if second == Some(best) {
            return None;
        }
        if best >= rs.turn.number(ids::STANDARD_VP) {
            return Some((first, EndReason::Standard { vp: best }));
        }
        let lead = second.map_or(best, |s| best - s);
        let from = rs.turn.number(ids::DOMINATION_FROM_TURN);
        if i32::from(self.turn) >= from && lead >= rs.turn.number(ids::DOMINATION_GAP) {
            return Some((first, EndReason::Domination { vp: best, lead }));
        }
        None
    }

    /// Victory Determination. Returns true when the game ended.
    pub(crate) fn victory_determination(&mut self, rs: &Ruleset, ev: &mut Vec<Event>) -> bool {
        let held = self.master_of_central_europe(rs);
        if held != self.empire.master {
            self.empire.master = held;
            ev.push(Event::public(EventKind::MasterOfCentralEurope { held }));
        }
        let mut vp = self.vp_totals(rs);
        self.maybe_reveal(rs, &mut vp, ev);
        ev.push(Event::public(EventKind::VpTotals {
            vp,
            seated: self.powers.iter().collect(),
        }));
        if let Some((w, reason)) = self.turn_winner(rs, &vp) {
            self.finish(rs, vec![w], reason, ev);
            return true;
        }
        false
    }

    /// R-HRE-SECRET: reveal in Victory Determination when (a) the secret VP let the Empire win, or
    /// (b) they stop another power's domination victory (never a standard 25-VP one). Updates `vp` when revealed.
    fn maybe_reveal(&mut self, rs: &Ruleset, vp: &mut [i32; 6], ev: &mut Vec<Event>) {
        if self.empire.revealed
            || self.empire.secret.is_none()
            || !self.powers.contains(Power::Empire)
        {
            return;
        }
        let extra = self.secret_vp(rs);
        let e = Power::Empire as usize;
        let mut with = *vp;
        with[e] += extra;
        let before = self.turn_winner(rs, vp);
        let after = self.turn_winner(rs, &with).map(|w| w.0);
        // Revealed only when it changes the result: the Empire wins only with it (a), or another
        // power's *domination* victory disappears with it (b). A standard victory is never
        // stopped by the reveal: the seed names domination alone.
        let empire_wins =
            before.map(|w| w.0) != Some(Power::Empire) && after == Some(Power::Empire);
        let blocks = matches!(before, Some((w, EndReason::Domination { .. })) if w != Power::Empire)
            && after.is_none();
        let reason = if empire_wins {
            RevealReason::EmpireWins
        } else if blocks {
            RevealReason::BlocksVictory
        } else {
            return;
        };
        self.reveal(rs, reason, ev);
        vp[e] += extra;
    }

    fn reveal(&mut self, rs: &Ruleset, reason: RevealReason, ev: &mut Vec<Event>) {
        let Some((choice, salt)) = self.empire.secret.clone() else {
            return;
        };
        self.empire.revealed = true;
        ev.push(Event::public(EventKind::SecretRevealed {
            choice,
            salt,
            vp: self.secret_vp(rs) as u8,
            reason,
        }));
    }

    /// After the last turn: the secret is revealed and scored, and the highest VP wins.
    pub(crate) fn final_result(&mut self, rs: &Ruleset, ev: &mut Vec<Event>) {
        if !self.empire.revealed && self.empire.secret.is_some() {
            self.reveal(rs, RevealReason::GameEnded, ev);
        }
        let vp = self.vp_totals(rs);
        let best = self
            .powers
            .iter()
            .map(|p| vp[p as usize])
            .max()
            .unwrap_or(0);
        let mut top: Vec<Power> = self
            .powers
            .iter()
            .filter(|p| vp[*p as usize] == best)
            .collect();
        // C-VP-END: a tie shares the win or gives none, as the data says.
        if top.len() > 1 && rs.turn.number(ids::TIES_SHARE_WIN) == 0 {
            top.clear();
        }
        self.finish(rs, top, EndReason::LastTurn { vp: best }, ev);
    }

    /// C-VP-MILITARY and R-PROT-MILITARY-WIN: checked whenever control changes; a power holding
    /// the keys of its track's last box (data: `military_keys`; for the Protestant, keys outside
    /// the Netherlands) wins at once. Powers are checked in impulse order.
    pub(crate) fn check_military_victory(&mut self, rs: &Ruleset, ev: &mut Vec<Event>) {
        if self.is_over() {
            return;
        }
        for p in self.powers.iter() {
            let Some(need) = rs.turn.power_number(ids::MILITARY_KEYS, p) else {
                continue;
            };
            let n = self.military_keys(rs, p);
            if need > 0 && n as i32 >= need {
                let reason = if p == Power::Protestant {
                    EndReason::ProtestantMilitary { keys: n as u32 }
                } else {
                    EndReason::Military {
                        power: p,
                        keys: n as u32,
                    }
                };
                self.finish(rs, vec![p], reason, ev);
                return;
            }
        }
    }

    /// Keys that count toward `p`'s military victory (C-VP-MILITARY; R-PROT-MILITARY-WIN).
    pub fn military_keys(&self, rs: &Ruleset, p: Power) -> usize {
        if p == Power::Protestant {
            self.protestant_military_keys(rs)
        } else {
            self.board.keys_held(rs, p).len()
        }
    }

    /// Keys the Protestant holds outside the Netherlands; Amsterdam, Antwerp and Brussels never
    /// count (R-PROT-KEYS, R-PROT-MILITARY-WIN).
    pub fn protestant_military_keys(&self, rs: &Ruleset) -> usize {
        self.board
            .keys_held(rs, Power::Protestant)
            .iter()
            .filter(|s| {
                let sp = rs.space(**s);
                sp.zone != ReligiousZone::Netherlands && !DUTCH_KEYS.contains(&sp.id.as_str())
            })
            .count()
    }

    /// Ends the game. An unrevealed Empire choice is revealed now: the game is over (R-HRE-SECRET).
    pub(crate) fn finish(
        &mut self,
        rs: &Ruleset,
        winners: Vec<Power>,
        reason: EndReason,
        ev: &mut Vec<Event>,
    ) {
        if !self.empire.revealed && self.empire.secret.is_some() {
            self.reveal(rs, RevealReason::GameEnded, ev);
        }
        ev.push(Event::public(EventKind::GameOver {
            winners: winners.clone(),
            reason,
        }));
        self.stage = Stage::Over { winners, reason };
    }
}

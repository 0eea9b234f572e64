//! Victory points and victory: keys, bonuses, Master of Central Europe (R-HRE-MASTER), the
//! Empire's secret VP (R-HRE-SECRET), the Protestant military victory (R-PROT-MILITARY-WIN), the
//! 25-VP standard victory and the end after the scenario's last turn.

use super::board::DUTCH_KEYS;
use super::event::{EndReason, Event, EventKind, RevealReason};
use super::game::{Game, Stage};
use super::power::{Owner, Power, ReligiousZone};
use super::ruleset::Ruleset;
use serde::{Deserialize, Serialize};

/// VP needed for a standard victory.
pub const STANDARD_VICTORY_VP: i32 = 25;
/// Keys outside the Netherlands that give the Protestant a military victory (R-PROT-MILITARY-WIN).
pub const PROTESTANT_MILITARY_KEYS: usize = 5;
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
}

impl VpBreakdown {
    /// The total.
    pub fn total(&self) -> i32 {
        self.keys + self.bonus + self.master + self.secret
    }
}

impl Game {
    /// VP of a power, recomputed from the state (never stored).
    pub fn vp(&self, rs: &Ruleset, p: Power) -> VpBreakdown {
        let keys = self.board.keys_held(rs, p);
        let key_vp = if p == Power::Protestant {
            // R-PROT-KEYS: 3 VP for each Dutch key, 2 for any other.
            keys.iter()
                .map(|s| {
                    if DUTCH_KEYS.contains(&rs.space(*s).id.as_str()) {
                        3
                    } else {
                        2
                    }
                })
                .sum()
        } else {
            // One VP per key unless the data gives the key another value. (Here I Stand scores
            // keys through the power card's track; Virgin Queen's values are not public.)
            keys.iter()
                .map(|s| rs.space(*s).vp.map_or(1, i32::from))
                .sum()
        };
        VpBreakdown {
            keys: key_vp,
            bonus: self.bonus_vp[p as usize],
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

    /// The power that has a standard victory with these VP: at least 25 and alone at the top.
    fn standard_winner(&self, vp: &[i32; 6]) -> Option<Power> {
        let best = self.powers.iter().map(|p| vp[p as usize]).max()?;
        let top: Vec<Power> = self
            .powers
            .iter()
            .filter(|p| vp[*p as usize] == best)
            .collect();
        (best >= STANDARD_VICTORY_VP && top.len() == 1).then(|| top[0])
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
        ev.push(Event::public(EventKind::VpTotals { vp }));
        let best = self
            .powers
            .iter()
            .map(|p| vp[p as usize])
            .max()
            .unwrap_or(0);
        if best >= STANDARD_VICTORY_VP {
            let top: Vec<Power> = self
                .powers
                .iter()
                .filter(|p| vp[*p as usize] == best)
                .collect();
            if top.len() == 1 {
                self.finish(rs, top, EndReason::Standard { vp: best }, ev);
                return true;
            }
        }
        false
    }

    /// R-HRE-SECRET: reveal in Victory Determination when (a) the secret VP let the Empire win, or
    /// (b) they stop another power's victory. Updates `vp` when revealed.
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
        let (before, after) = (self.standard_winner(vp), self.standard_winner(&with));
        // Revealed only when it changes the result: the Empire wins only with it (a), or another
        // power's victory disappears with it (b).
        let empire_wins = before != Some(Power::Empire) && after == Some(Power::Empire);
        let blocks = before.is_some_and(|w| w != Power::Empire) && after.is_none();
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
        let top: Vec<Power> = self
            .powers
            .iter()
            .filter(|p| vp[*p as usize] == best)
            .collect();
        self.finish(rs, top, EndReason::LastTurn { vp: best }, ev);
    }

    /// R-PROT-MILITARY-WIN: checked whenever control changes; ends the game at once.
    pub(crate) fn check_military_victory(&mut self, rs: &Ruleset, ev: &mut Vec<Event>) {
        if !self.powers.contains(Power::Protestant) || self.is_over() {
            return;
        }
        let n = self.protestant_military_keys(rs);
        if n >= PROTESTANT_MILITARY_KEYS {
            self.finish(
                rs,
                vec![Power::Protestant],
                EndReason::ProtestantMilitary { keys: n as u32 },
                ev,
            );
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
    fn finish(
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

//! `check-data` warnings about a scenario's start (issue 27 item 9): no game should be decided
//! by the data alone, so a scenario whose opening position puts a power within one key of a
//! domination victory (C-VP-DOMINATION) or of a standard victory (C-VP-STANDARD) is named, with
//! the scenario's file and line.

use crate::engine::game::{Game, GameOptions};
use crate::engine::power::{Power, PowerSet};
use crate::engine::ruleset::Ruleset;
use crate::engine::turn_data::ids;
use std::path::Path;

/// One warning per power of each scenario that one more key (from nobody, or taken from any
/// other power) would put at the standard VP or a domination lead, as `scenarios.csv:LINE: …`.
/// Every power is seated, as in a six-player game.
pub fn start_warnings(dir: &Path, rs: &Ruleset) -> Vec<String> {
    let text = std::fs::read_to_string(dir.join("scenarios.csv")).unwrap_or_default();
    let line_of = |id: &str| {
        text.lines()
            .position(|l| l.split(',').next() == Some(id))
            .map_or(0, |i| i + 1)
    };
    let standard = rs.turn.number(ids::STANDARD_VP);
    let gap = rs.turn.number(ids::DOMINATION_GAP);
    let mut out = Vec::new();
    for sc in &rs.scenarios {
        let opts = GameOptions {
            scenario: sc.id.clone(),
            powers: PowerSet::all(),
        };
        let Ok((g, _)) = Game::new(rs, &opts, 0) else {
            continue;
        };
        let vp = g.vp_totals(rs);
        let keys: Vec<usize> = Power::ALL
            .iter()
            .map(|p| g.board.keys_held(rs, *p).len())
            .collect();
        for p in Power::ALL.iter().copied() {
            let gain = key_step(rs, p, keys[p as usize] + 1);
            // One key more, from nobody or from each power holding one.
            let mut cases: Vec<Option<Power>> = vec![None];
            cases.extend(
                Power::ALL
                    .iter()
                    .copied()
                    .filter(|q| *q != p && keys[*q as usize] > 0)
                    .map(Some),
            );
            for from in cases {
                let mut after = vp;
                after[p as usize] += gain;
                if let Some(q) = from {
                    after[q as usize] -= key_step(rs, q, keys[q as usize]);
                }
                let best_other = Power::ALL
                    .iter()
                    .filter(|r| **r != p)
                    .map(|r| after[*r as usize])
                    .max()
                    .unwrap_or(0);
                let mine = after[p as usize];
                let what = if mine >= standard {
                    Some(format!("a standard victory ({standard} VP)"))
                } else if mine - best_other >= gap {
                    Some(format!(
                        "a domination victory (a lead of {gap}; here {})",
                        mine - best_other
                    ))
                } else {
                    None
                };
                if let Some(what) = what {
                    let name = |x: Power| {
                        rs.power_info(x.as_str())
                            .map_or(x.to_string(), |i| i.name_en.clone())
                    };
                    let taken = from.map_or(String::new(), |q| format!(" taken from {}", name(q)));
                    let who = name(p);
                    out.push(format!(
                        "scenarios.csv:{}: warning: scenario `{}` starts {who} at {} VP; one key more{taken} gives {mine} VP: within one key of {what} (key tracks in key_vp.csv, thresholds in rules.csv)",
                        line_of(&sc.id),
                        sc.id,
                        vp[p as usize],
                    ));
                    break;
                }
            }
        }
    }
    out
}

/// VP the `n`-th key adds to `p` on its track (the Protestant: its dearer marker row).
fn key_step(rs: &Ruleset, p: Power, n: usize) -> i32 {
    if p == Power::Protestant {
        let (dutch, other) = rs.turn.protestant_key_vp;
        return dutch.max(other);
    }
    if n == 0 {
        return 0;
    }
    rs.turn.key_track_vp(p, n) - rs.turn.key_track_vp(p, n - 1)
}

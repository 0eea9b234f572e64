//! A seeded random playout driven through the table: every legal action is written as a command
//! line and sent by the holder of the acting power. Tests hook their checks in after each command.

use super::*;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use vqbot::engine::{Action, Awaiting, Power};
use vqbot::table::convert::action_line;
use vqbot::table::{Locale, Outbox, Table};

/// Who holds which power in a playout (alice holds two).
pub const SEATS: [(Power, &str); 4] = [
    (Power::Spain, "sam"),
    (Power::England, "alice"),
    (Power::Empire, "carol"),
    (Power::Protestant, "alice"),
];

/// The player holding `p`.
pub fn holder(p: Power) -> &'static str {
    SEATS
        .iter()
        .find(|(q, _)| *q == p)
        .map(|(_, n)| *n)
        .expect("seated")
}

/// The player acting for `p` in `g`: its holder, or for an inactive major (X-INACTIVE: the
/// Ottoman is not seated in these four-power games) the holder of the power controlling it.
pub fn holder_in(g: &vqbot::engine::Game, p: Power) -> &'static str {
    holder(g.acting_player_power(p).unwrap_or(p))
}

/// One command of a playout, handed to the test's check.
pub struct Step<'a> {
    /// The table (to send more commands or look at the game).
    pub table: &'a Table,
    /// The command line sent.
    pub line: String,
    /// The action it played; `None` for the lobby commands that set the game up.
    pub action: Option<Action>,
    /// What the table answered.
    pub out: Outbox,
    /// The playout's random source, for checks that pick something.
    pub rng: &'a mut ChaCha8Rng,
}

/// Opens a game in `loc`, seats [`SEATS`], starts it, then plays up to `steps` random legal
/// actions (diplomacy is mostly ended at once), calling `check` after every command. Returns the
/// number of actions played.
pub fn random_playout(
    seed: u64,
    steps: usize,
    loc: Locale,
    mut check: impl FnMut(Step<'_>),
) -> usize {
    let rs = rs();
    let t = table(seed);
    let mut pick = ChaCha8Rng::seed_from_u64(seed);
    let new = if loc == Locale::Ru {
        "vq new locale:ru"
    } else {
        "vq new"
    };
    let mut lobby = vec![("sam", new.to_string())];
    lobby.extend(
        SEATS
            .iter()
            .map(|(p, n)| (*n, format!("vq join power:{p}"))),
    );
    lobby.push(("sam", "vq start".to_string()));
    for (name, line) in lobby {
        let out = ok(&t, name, &line);
        check(Step {
            table: &t,
            line,
            action: None,
            out,
            rng: &mut pick,
        });
    }
    let mut played = 0;
    for _ in 0..steps {
        let g = t.game(CH).expect("started");
        let p = match g.awaiting() {
            Awaiting::Over { .. } => break,
            Awaiting::One { power, .. } => power,
            Awaiting::Simultaneous { pending, .. } => {
                let v: Vec<Power> = pending.iter().collect();
                v[pick.random_range(0..v.len())]
            }
        };
        let legal = g.legal_actions(&rs, p);
        let done = legal
            .iter()
            .find(|a| matches!(a, Action::DoneDiplomacy | Action::Decline { .. }));
        let a = match done {
            Some(d) if pick.random_bool(0.8) => d.clone(),
            _ => legal[pick.random_range(0..legal.len())].clone(),
        };
        let line = format!(
            "vq {}",
            action_line(&a, p, false).expect("every listed action has a command")
        );
        let out = ok(&t, holder_in(&g, p), &line);
        played += 1;
        check(Step {
            table: &t,
            line,
            action: Some(a),
            out,
            rng: &mut pick,
        });
    }
    played
}

/// Plays the started game in `CH` of `t` to its end with random legal actions (diplomacy ended
/// at once, England given 40 VP in turn 2 so that the first Victory Determination ends it).
/// Stops early, returning `false`, at the first command the table refuses.
pub fn play_until_over(t: &Table, seed: u64) -> bool {
    let rs = rs();
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut forced = false;
    for _ in 0..5000 {
        let g = t.game(CH).expect("started");
        let p = match g.awaiting() {
            Awaiting::Over { .. } => return true,
            Awaiting::One { power, .. } => power,
            Awaiting::Simultaneous { pending, .. } => {
                pending.iter().next().expect("someone is awaited")
            }
        };
        if !forced && g.turn == 2 {
            if say(t, "sam", "vq adjust what:vp target:england delta:40").refused {
                return false;
            }
            forced = true;
        }
        let legal = g.legal_actions(&rs, p);
        let a = legal
            .iter()
            .find(|a| matches!(a, Action::DoneDiplomacy))
            .unwrap_or_else(|| &legal[rng.random_range(0..legal.len())]);
        let line = action_line(a, p, false).expect("every listed action has a command");
        if say(t, holder_in(&g, p), &format!("vq {line}")).refused {
            return false;
        }
    }
    panic!("the game did not end in 5000 actions");
}

//! Helpers for the land-warfare tests (C-MOVE-*, C-INT-*, C-BATTLE-*, C-SIEGE-*, C-ASSAULT-*):
//! an empty map with Spain at war with France, in Spain's CP step.
#![allow(dead_code)]

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use vqbot::engine::power::Relation;
use vqbot::engine::{
    Action, Awaiting, Decision, Event, EventKind, Game, GameOptions, Owner, Power, PowerSet,
    Ruleset, SpaceId, Stage, Units,
};
use vqbot::table::messages::{Locale, Texts};

pub use crate::common::{rs, sp};

pub const SPAIN: Owner = Owner::Major(Power::Spain);
pub const FRANCE: Owner = Owner::Major(Power::France);

/// A game with these powers, no units anywhere, Spain at war with France, Spain spending `cp`.
pub fn arena(list: &[Power], seed: u64, cp: u8) -> Game {
    let opts = GameOptions {
        scenario: "1559".into(),
        powers: list.iter().copied().collect::<PowerSet>(),
    };
    let mut g = Game::new(rs(), &opts, seed).expect("starts").0;
    for s in &mut g.board.spaces {
        s.forces.clear();
    }
    g.board
        .set_relation(Power::Spain, Power::France, Relation::War);
    g.stage = Stage::Cp {
        power: Power::Spain,
        cp,
    };
    g
}

/// Adds land units of `owner` in a space.
pub fn put(g: &mut Game, id: &str, owner: Owner, regulars: u8, mercenaries: u8, cavalry: u8) {
    let f = g.board.force_mut(sp(id), owner, None);
    f.regulars += regulars;
    f.mercenaries += mercenaries;
    f.cavalry += cavalry;
}

/// Puts a leader with `owner`'s units in a space.
pub fn lead(g: &mut Game, id: &str, owner: Owner, leader: &str) {
    g.off_map.retain(|l| l != leader);
    g.board
        .force_mut(sp(id), owner, None)
        .leaders
        .push(leader.into());
}

/// Land units of `owner` in a space.
pub fn land(g: &Game, id: &str, owner: Owner) -> u32 {
    g.board
        .at(sp(id))
        .forces
        .iter()
        .filter(|f| f.owner() == owner)
        .map(|f| f.land())
        .sum()
}

/// Regulars picked, with leaders.
pub fn regs(n: u8, leaders: &[&str]) -> Units {
    Units {
        regulars: n,
        leaders: leaders.iter().map(|l| (*l).into()).collect(),
        ..Units::default()
    }
}

/// A move of `n` regulars (and leaders).
pub fn mv(from: &str, to: &str, n: u8, leaders: &[&str]) -> Action {
    Action::Move {
        from: from.into(),
        to: to.into(),
        units: regs(n, leaders),
    }
}

/// Applies an action that must be accepted.
pub fn ok(g: &mut Game, p: Power, a: Action) -> Vec<Event> {
    g.apply(rs(), p, &a)
        .unwrap_or_else(|e| panic!("{a:?} by {p} refused: {e}"))
}

/// Applies an action that must be refused; checks nothing changed; the English message.
pub fn refused(g: &mut Game, p: Power, a: Action) -> String {
    let before = g.state_hash();
    let e = g
        .apply(rs(), p, &a)
        .expect_err(&format!("{a:?} by {p} should be refused"));
    assert_eq!(before, g.state_hash(), "a refused {a:?} changed the state");
    Texts::new(rs(), Locale::En).rule_error(&e)
}

/// Who is asked what, if one power is.
pub fn asked(g: &Game) -> Option<(Power, Decision)> {
    match g.awaiting() {
        Awaiting::One { power, decision } => Some((power, decision)),
        _ => None,
    }
}

/// Whether an event matches.
pub fn has(ev: &[Event], f: impl Fn(&EventKind) -> bool) -> bool {
    ev.iter().any(|e| f(&e.kind))
}

/// Answers battle questions with `f` until none is pending; collects the events.
pub fn answer(
    g: &mut Game,
    ev: &mut Vec<Event>,
    mut f: impl FnMut(&Game, Power, Decision) -> Action,
) {
    for _ in 0..100 {
        match asked(g) {
            Some((p, d))
                if !matches!(
                    d,
                    Decision::SpendCp | Decision::Impulse | Decision::Deployment
                ) =>
            {
                let a = f(g, p, d);
                ev.extend(ok(g, p, a));
            }
            _ => return,
        }
    }
    panic!("battle questions never ended");
}

/// The first legal answer (decline offers, first retreat, first casualty split).
pub fn first(g: &Game, p: Power, _d: Decision) -> Action {
    g.legal_actions(rs(), p)[0].clone()
}

/// A generator whose first dice are `dice`.
pub fn rng_rolling(dice: &[u8]) -> ChaCha8Rng {
    for k in 0..1_000_000u64 {
        let mut r = ChaCha8Rng::seed_from_u64(k);
        if dice.iter().all(|d| r.random_range(1u8..=6) == *d) {
            return ChaCha8Rng::seed_from_u64(k);
        }
    }
    panic!("no seed rolls {dice:?}");
}

/// A ruleset whose card `n` has another kind (for card-window tests).
pub fn with_card_kind(n: u16, kind: vqbot::engine::ruleset::CardKind) -> Ruleset {
    let mut r = rs().clone();
    if let Some(c) = r.cards.iter_mut().find(|c| c.number == n) {
        c.kind = kind;
    }
    r
}

/// A space id by data id (re-export for brevity).
pub fn s(id: &str) -> SpaceId {
    sp(id)
}

/// Tries seeds until `f` accepts the outcome of `run`; returns that game and its events.
pub fn find(
    base: &Game,
    mut run: impl FnMut(&mut Game) -> Vec<Event>,
    f: impl Fn(&Game, &[Event]) -> bool,
) -> (Game, Vec<Event>) {
    for seed in 0..3000 {
        let mut g = base.clone();
        g.rng = rand::SeedableRng::seed_from_u64(seed);
        let ev = run(&mut g);
        if f(&g, &ev) {
            return (g, ev);
        }
    }
    panic!("no seed gives the wanted outcome");
}

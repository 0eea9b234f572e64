//! Unit counters are bounded where units enter a force (issue 19, item 3): a typed `adjust`, a
//! raise, a move or a deployment that would put more than `MAX_UNITS` of one kind in one force
//! is refused, and nothing wraps around or panics.

use crate::common;

use common::{new_game, rs, sp};
use vqbot::engine::board::MAX_UNITS;
use vqbot::engine::{Action, Adjustment, Game, Owner, Power, Stage, UnitKind, Units};
use vqbot::table::messages::{Locale, Texts};

const F: Power = Power::France;

fn refused(g: &mut Game, p: Power, a: Action) -> String {
    let before = g.state_hash();
    let e = g.apply(rs(), p, &a).expect_err("must be refused");
    assert_eq!(g.state_hash(), before, "a refused action changed the state");
    Texts::new(rs(), Locale::En).rule_error(&e)
}

fn set_regulars(g: &mut Game, space: &str, n: u8) -> Result<(), String> {
    let adj = Adjustment::Units {
        space: space.into(),
        owner: Owner::Major(F),
        faction: None,
        regulars: n,
        mercenaries: 0,
        cavalry: 0,
        squadrons: 0,
        corsairs: 0,
    };
    g.apply(rs(), F, &Action::Adjust(adj))
        .map(|_| ())
        .map_err(|e| Texts::new(rs(), Locale::En).rule_error(&e))
}

fn regulars(g: &Game, space: &str) -> u8 {
    g.board
        .at(sp(space))
        .forces
        .iter()
        .filter(|f| f.owner() == Owner::Major(F))
        .map(|f| f.regulars)
        .sum()
}

fn raise(space: &str) -> Action {
    Action::Raise {
        space: space.into(),
        unit: UnitKind::Regular,
        faction: None,
    }
}

/// The reproduction of issue 19 (3): `adjust … regulars:255` then a raise left 0 regulars (and
/// panicked in debug builds). Now 255 is refused, and a raise onto `MAX_UNITS` is refused.
#[test]
fn adjust_and_raise_stop_at_the_bound() {
    let mut g = new_game(7);
    let e = set_regulars(&mut g, "LYON", 255).expect_err("255 is past the bound");
    assert!(e.contains(&format!("at most {MAX_UNITS}")), "{e}");
    // Below the bound a raise works: the refusal below is the bound's, not another rule's.
    set_regulars(&mut g, "LYON", MAX_UNITS - 1).expect("within the bound");
    g.stage = Stage::Cp { power: F, cp: 6 };
    g.apply(rs(), F, &raise("LYON"))
        .expect("raise to the bound");
    assert_eq!(regulars(&g, "LYON"), MAX_UNITS);
    let e = refused(&mut g, F, raise("LYON"));
    assert!(e.contains(&format!("at most {MAX_UNITS}")), "{e}");
    assert_eq!(regulars(&g, "LYON"), MAX_UNITS);
}

/// A move that would merge two stacks past the bound is refused; one within it goes through.
#[test]
fn a_move_does_not_merge_past_the_bound() {
    let mut g = new_game(7);
    set_regulars(&mut g, "LYON", MAX_UNITS).expect("adjust");
    set_regulars(&mut g, "DIJON", 2).expect("adjust");
    g.stage = Stage::Cp { power: F, cp: 6 };
    let to_lyon = |n: u8| Action::Move {
        from: "DIJON".into(),
        to: "LYON".into(),
        units: Units {
            regulars: n,
            ..Units::default()
        },
    };
    let e = refused(&mut g, F, to_lyon(1));
    assert!(e.contains(&format!("at most {MAX_UNITS}")), "{e}");
    set_regulars(&mut g, "LYON", MAX_UNITS - 2).expect("adjust");
    g.apply(rs(), F, &to_lyon(2)).expect("within the bound");
    assert_eq!(regulars(&g, "LYON"), MAX_UNITS);
}

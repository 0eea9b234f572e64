//! Issue 28, item 5: the 99-unit bound holds on the automatic paths too (winter quarters,
//! retreats and merges stop at it instead of saturating at 255), and a stored state past it is
//! recognised when it is loaded.

use crate::common;

use vqbot::engine::board::{Force, MAX_UNITS};

/// X-UNIT-BOUND: an automatic merge stops at the bound and says that not everything fitted.
#[test]
fn x_unit_bound_automatic_merges_stop_at_the_bound() {
    let mut f = Force {
        regulars: MAX_UNITS - 2,
        ..Force::default()
    };
    assert!(!f.add_units(5, 0, 0, 0), "five more do not fit");
    assert_eq!(f.regulars, MAX_UNITS);
    assert!(!f.over_bound());
    let mut g = Force::default();
    assert!(g.add_units(3, 1, 0, 2));
    assert_eq!((g.regulars, g.mercenaries, g.squadrons), (3, 1, 2));
}

/// X-UNIT-BOUND: a board holding more than the bound anywhere is found (the table refuses to
/// load such a snapshot).
#[test]
fn x_unit_bound_a_state_past_the_bound_is_found_on_load() {
    let mut g = common::new_game(1);
    assert_eq!(g.board.over_bound(), None);
    let f = g
        .board
        .spaces
        .iter_mut()
        .flat_map(|s| s.forces.iter_mut())
        .next()
        .expect("a force");
    f.regulars = 150;
    assert!(g.board.over_bound().is_some());
}

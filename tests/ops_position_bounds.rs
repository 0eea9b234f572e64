//! Issue 28, items 3 and 5: a position file is read in linear time and bounded in size and in
//! entries (past the bounds it is refused with what was too long), and no force in it holds
//! more than the 99 units of a kind every other path keeps to.

use crate::common;

use std::time::{Duration, Instant};

use common::{new_game, rs};
use vqbot::position::{self, Source};

fn read(text: &str) -> Result<vqbot::engine::Game, Vec<vqbot::position::Problem>> {
    position::import(
        rs(),
        Source {
            name: "pos.toml",
            text,
        },
        None,
        1,
    )
}

/// A start position with `extra` appended, grown to about `size` bytes by repeating `unit`.
fn padded(unit: &str, size: usize) -> String {
    let mut text = position::export(rs(), &new_game(3)).public;
    while text.len() + unit.len() < size {
        text.push_str(unit);
    }
    text
}

/// Reads `text`, which must be refused, within `limit`; returns the problems' text.
fn refused_within(text: &str, limit: Duration) -> String {
    let t0 = Instant::now();
    let problems = read(text).expect_err("refused");
    let took = t0.elapsed();
    assert!(took < limit, "took {took:?} for {} bytes", text.len());
    problems
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join("\n")
}

/// Debug builds are several times slower than release, where the bound is a second (see
/// BENCHMARKS.md): a quadratic reader takes minutes on these.
const LIMIT: Duration = Duration::from_secs(8);

#[test]
fn x_ops_a_mebibyte_of_space_entries_is_refused_quickly_by_its_entry_bound() {
    let text = padded("\n[[space]]\nid = \"London\"\n", 1 << 20);
    let msg = refused_within(&text, LIMIT);
    assert!(
        msg.contains("[[space]] has") && msg.contains("at most"),
        "{msg}"
    );
    assert!(
        msg.lines().count() <= 101,
        "the problems are capped: {}",
        msg.lines().count()
    );
}

#[test]
fn x_ops_a_mebibyte_with_thousands_of_problems_reads_in_linear_time() {
    // Within every entry bound, but each of 80 unknown spaces holds 16 forces of 40 unknown
    // leaders: 51,200 problems near the end of a 1 MiB file, whose lines are found by a
    // binary search instead of a rescan of the text before them.
    let mut text = position::export(rs(), &new_game(3)).public;
    let leaders = vec!["\"NOBODY\""; 40].join(", ");
    let units = vec![format!("{{ owner = \"nobody\", leaders = [{leaders}] }}"); 16].join(", ");
    let body: String = (0..80)
        .map(|i| format!("\n[[space]]\nid = \"Nowhere{i}\"\nunits = [{units}]\n"))
        .collect();
    let filler = (1 << 20) - text.len() - body.len() - 3;
    text.push_str(&format!("\n#{}\n", "-".repeat(filler)));
    text.push_str(&body);
    assert!(text.len() <= 1 << 20);
    let msg = refused_within(&text, LIMIT);
    assert!(msg.contains("Nowhere0"), "{msg}");
    assert!(msg.contains("more problems"), "capped with a count: {msg}");
    assert!(msg.lines().count() <= 101, "{}", msg.lines().count());
}

#[test]
fn x_ops_long_card_lists_and_oversized_files_are_refused() {
    let mut text = position::export(rs(), &new_game(3)).public;
    text = text.replace(
        "discard = [",
        &format!("discard = [{}", "1, ".repeat(200_000)),
    );
    let msg = refused_within(&text, LIMIT);
    assert!(msg.contains("[cards] discard has"), "{msg}");

    let big = padded("# filler line\n", (1 << 20) + 100);
    let msg = refused_within(&big, Duration::from_millis(50));
    assert!(msg.contains("at most 1048576 bytes"), "{msg}");
}

/// X-UNIT-BOUND (issue 28, item 5): a position cannot put more than 99 units of a kind in one
/// force; 255 regulars were accepted and later wrapped or saturated.
#[test]
fn x_unit_bound_a_position_with_more_than_99_regulars_is_refused() {
    let text = position::export(rs(), &new_game(3)).public;
    let at = text.find("regulars = ").expect("a force with regulars") + "regulars = ".len();
    let digits = text[at..]
        .find(|c: char| !c.is_ascii_digit())
        .expect("a number");
    let text = format!("{}255{}", &text[..at], &text[at + digits..]);
    let msg = read(&text)
        .map(|_| ())
        .expect_err("255 regulars are refused")
        .iter()
        .map(ToString::to_string)
        .collect::<String>();
    assert!(
        msg.contains("255 regulars") && msg.contains("at most 99"),
        "{msg}"
    );
}

/// Issue 28, item 4: the public file is what a spectator may see: no hand, no deck order, no
/// face-down treasure; both files together give the game back whole.
#[test]
fn x_ops_the_public_position_file_holds_no_hand_and_no_deck_order() {
    let g = new_game(3);
    assert!(g.hands.iter().any(|h| !h.is_empty()), "hands are dealt");
    assert!(!g.deck.is_empty(), "a deck");
    let parts = position::export(rs(), &g);
    let numbers = |line: &str| -> Vec<u16> {
        line.split(|c: char| !c.is_ascii_digit())
            .filter_map(|n| n.parse().ok())
            .collect()
    };
    assert!(!parts.public.contains("[hands]"), "{}", parts.public);
    for line in parts.public.lines() {
        assert!(!line.trim_start().starts_with("deck"), "{line}");
        assert!(!line.trim_start().starts_with("row ="), "{line}");
    }
    // No list of the public file reads as a hand or as the deck in order.
    let lists: Vec<Vec<u16>> = parts
        .public
        .lines()
        .filter(|l| l.contains('[') && !l.trim_start().starts_with('#'))
        .map(numbers)
        .collect();
    for h in g.hands.iter().filter(|h| h.len() > 1) {
        assert!(!lists.contains(h), "a hand is public: {h:?}");
    }
    assert!(!lists.contains(&g.deck), "the deck order is public");
    let back = position::import(
        rs(),
        Source {
            name: "pos.toml",
            text: &parts.public,
        },
        Some(Source {
            name: "pos.private.toml",
            text: &parts.private,
        }),
        1,
    )
    .expect("both parts read");
    assert_eq!(back.state_hash(), g.state_hash());
    assert_eq!(back.hands, g.hands);
}

//! The effect-language test deck (tests/effect_deck/, not Virgin Queen cards) as a data folder:
//! the shipped data with the deck's rows in place of the same card numbers, and its effects.

use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The shipped data with the deck's rows in place of the same card numbers, and its effects.
pub fn deck_data(dir: &Path) -> usize {
    let shipped = root().join("map_data/virgin_queen");
    for e in std::fs::read_dir(&shipped).expect("data") {
        let e = e.expect("entry");
        std::fs::copy(e.path(), dir.join(e.file_name())).expect("copy");
    }
    let deck = root().join("tests/effect_deck");
    let mut effects = 0;
    for e in std::fs::read_dir(&deck).expect("deck") {
        let e = e.expect("entry");
        if e.path().extension().is_some_and(|x| x == "effect") {
            std::fs::copy(e.path(), dir.join(e.file_name())).expect("copy");
            effects += 1;
        }
    }
    let rows = std::fs::read_to_string(deck.join("cards.csv")).expect("deck cards");
    let rows: Vec<&str> = rows.lines().skip(1).collect();
    let cards = std::fs::read_to_string(shipped.join("cards.csv")).expect("cards");
    let out: Vec<String> = cards
        .lines()
        .map(|l| {
            let n = l.split(',').next().unwrap_or("");
            rows.iter()
                .find(|r| r.split(',').next() == Some(n))
                .map_or_else(|| l.to_string(), |r| r.to_string())
        })
        .collect();
    std::fs::write(dir.join("cards.csv"), out.join("\n") + "\n").expect("write");
    assert_eq!(rows.len(), effects, "one effect file per deck card");
    effects
}

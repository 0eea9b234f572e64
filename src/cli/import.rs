//! `vqbot import`: the checks an export document must pass before it is written, beyond the
//! store's own (numbering, JSON) and the replay: its metadata must be what vqbot writes.

use std::collections::{BTreeMap, BTreeSet};

use crate::engine::{Game, Power};
use crate::store::{GameExport, GameStatus, Replayable};
use crate::table::limits::MAX_NAME_CHARS;

/// The longest ruleset, scenario, locale, engine version or power text accepted.
const MAX_LABEL_CHARS: usize = 32;

/// Every problem of an export's metadata, or `Ok` when there is none: the seed commitment is
/// sha256 of the seed; seats name powers in play, each once, held by the user the seat history
/// last gave them to; the status agrees with the log (a lobby has no actions, a finished game
/// is over, an active one is not); labels and display names are short plain text; the people
/// rows are the game's own people, each once.
pub fn check(doc: &GameExport) -> Result<(), Vec<String>> {
    let mut bad = Vec::new();
    let g = &doc.game;
    for (what, v) in [
        ("ruleset", &g.ruleset),
        ("scenario", &g.scenario),
        ("locale", &g.locale),
        ("engine_version", &g.engine_version),
    ] {
        if v.chars().count() > MAX_LABEL_CHARS || v.chars().any(char::is_control) {
            bad.push(format!(
                "game.{what} is not a short label (at most {MAX_LABEL_CHARS} characters, no control characters)"
            ));
        }
    }
    if crate::table::Locale::parse(&g.locale).is_none() {
        bad.push(format!(
            "game.locale {:?} is not a language vqbot speaks (en, ru)",
            clip(&g.locale)
        ));
    }
    if crate::table::sha256_hex(&g.seed) != g.seed_commitment.to_ascii_lowercase() {
        bad.push(
            "game.seed_commitment is not the sha256 of game.seed: the players' published \
             commitment would not match the seed revealed at the end"
                .into(),
        );
    }
    // The log as a game: which powers are in play, and whether it is over.
    let replayed = replay(doc);
    let (in_play, over) = match &replayed {
        Ok(game) => (Some(game.powers), game.is_over()),
        // The replay check reports this itself.
        Err(_) => (None, false),
    };
    let status_ok = match g.status {
        GameStatus::Lobby => doc.actions.is_empty(),
        GameStatus::Active => !over,
        GameStatus::Finished => over,
        GameStatus::Abandoned => true,
    };
    if replayed.is_ok() && !status_ok {
        bad.push(format!(
            "game.status is {} but the log {}",
            g.status,
            match (doc.actions.len(), over) {
                (n, _) if g.status == GameStatus::Lobby => format!("has {n} actions"),
                (_, true) => "ends the game".to_string(),
                (_, false) => "does not end the game".to_string(),
            }
        ));
    }
    // Seats: real powers in play, each once, held as the seat history says.
    let mut last_given: BTreeMap<&str, Option<u64>> = BTreeMap::new();
    for c in &doc.seat_changes {
        last_given.insert(c.power.as_str(), c.new_user_id);
    }
    let mut seated = BTreeSet::new();
    for s in &doc.seats {
        match s.power.parse::<Power>() {
            Err(_) => bad.push(format!(
                "seat {:?} is not a power; powers: {}",
                clip(&s.power),
                Power::ALL
                    .iter()
                    .map(|p| p.as_str())
                    .collect::<Vec<_>>()
                    .join(", ")
            )),
            Ok(p) => {
                if in_play.is_some_and(|set| !set.contains(p)) {
                    bad.push(format!(
                        "seat {p} is a power that is not in play in this game"
                    ));
                }
                if !seated.insert(p) {
                    bad.push(format!("seat {p} is listed twice"));
                }
            }
        }
        match last_given.get(s.power.as_str()) {
            Some(Some(u)) if *u == s.user_id => {}
            Some(_) | None if doc.seat_changes.is_empty() => {}
            _ => bad.push(format!(
                "seat {} is held by user {}, but the seat history does not give it to them",
                clip(&s.power),
                s.user_id
            )),
        }
    }
    // People: the game's own, once each, with names Discord would show.
    let mut own: BTreeSet<u64> = g.created_by.into_iter().collect();
    own.extend(doc.seats.iter().map(|s| s.user_id));
    own.extend(
        doc.seat_changes
            .iter()
            .flat_map(|c| [c.old_user_id, c.new_user_id, c.changed_by])
            .flatten(),
    );
    own.extend(doc.actions.iter().filter_map(|a| a.record.user_id));
    let mut named = BTreeSet::new();
    let mut strangers = 0usize;
    for p in &doc.people {
        if !own.contains(&p.user_id) {
            strangers += 1;
            continue;
        }
        if !named.insert(p.user_id) {
            bad.push(format!("people: user {} is listed twice", p.user_id));
        }
        if let Err(why) = plain_name(&p.display_name) {
            bad.push(format!("people: the name of user {} {why}", p.user_id));
        }
    }
    if strangers > 0 {
        bad.push(format!(
            "people: {strangers} rows name users who neither created, held a seat in nor acted in this game"
        ));
    }
    if bad.len() > 20 {
        let more = bad.len() - 20;
        bad.truncate(20);
        bad.push(format!("… and {more} more problems"));
    }
    if bad.is_empty() {
        Ok(())
    } else {
        Err(bad)
    }
}

/// A display name as the bot stores one: at most [`MAX_NAME_CHARS`] characters as the user
/// chose them (Discord's markdown characters escaped with a backslash, which does not count),
/// no line breaks or control characters, and no markdown that is not escaped.
pub fn plain_name(name: &str) -> Result<(), String> {
    const MARKDOWN: &[char] = &[
        '\\', '*', '_', '~', '`', '|', '>', '<', '#', '[', ']', '(', ')', '-', ':', '@',
    ];
    let mut shown = 0usize;
    let mut chars = name.chars();
    while let Some(c) = chars.next() {
        if c.is_control() {
            return Err("has a line break or a control character".into());
        }
        if c == '\\' {
            match chars.next() {
                Some(n) if MARKDOWN.contains(&n) => {}
                _ => return Err("has a backslash that escapes nothing".into()),
            }
        } else if MARKDOWN.contains(&c) {
            return Err(format!("has the markdown character `{c}` unescaped"));
        }
        shown += 1;
        if shown > MAX_NAME_CHARS {
            return Err(format!("is longer than {MAX_NAME_CHARS} characters"));
        }
    }
    if shown == 0 {
        return Err("is empty".into());
    }
    Ok(())
}

/// The first characters of a text, for messages about it.
fn clip(s: &str) -> String {
    let mut c: String = s.chars().take(40).collect();
    if c.len() < s.len() {
        c.push('…');
    }
    c
}

/// The export's log applied to its start.
fn replay(doc: &GameExport) -> Result<Game, String> {
    let mut game = <Game as Replayable>::start(&doc.game)?;
    for a in &doc.actions {
        game.apply_json(a.record.power.as_deref(), &a.record.action_json)?;
    }
    Ok(game)
}

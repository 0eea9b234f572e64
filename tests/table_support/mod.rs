//! Shared helpers for the table tests: a table on an in-memory store with a fixed seed and a
//! stand-in renderer, and short ways to speak as a player.
#![allow(dead_code)]

pub mod playout;

use std::sync::{Arc, OnceLock};
use vqbot::engine::{Game, Ruleset};
use vqbot::table::{Caller, Channel, MemStore, Outbox, Renderer, Table, TableOptions};

/// The shipped ruleset, loaded once.
pub fn rs() -> Arc<Ruleset> {
    static RS: OnceLock<Arc<Ruleset>> = OnceLock::new();
    RS.get_or_init(|| match vqbot::data::load_default() {
        Ok(r) => Arc::new(r),
        Err(p) => panic!("shipped data does not load: {p:?}"),
    })
    .clone()
}

/// The channel the tests play in.
pub const CH: Channel = Channel {
    guild: 10,
    channel: 20,
};

/// A renderer that returns a tiny fake PNG (the table only routes it).
pub fn fake_renderer() -> Arc<dyn Renderer> {
    Arc::new(|_: &Ruleset, g: &Game, _: vqbot::locale::Locale| {
        Ok(format!("PNG turn {}", g.turn).into_bytes())
    })
}

/// A table with a fixed seed and the fake renderer.
pub fn table(seed: u64) -> Table {
    Table::new(
        rs(),
        Box::new(MemStore::new()),
        TableOptions {
            seed: Some(seed),
            renderer: Some(fake_renderer()),
            ..TableOptions::default()
        },
    )
}

/// A table on the SQLite file at `path` (created if missing), seed 9, no renderer: reopening
/// the same file is a restart.
pub fn open_sqlite(path: &std::path::Path) -> Table {
    let store = vqbot::table::sqlite::open(path).expect("store opens");
    Table::new(
        rs(),
        store,
        TableOptions {
            seed: Some(9),
            ..TableOptions::default()
        },
    )
}

/// The store id of the open game in the test channel [`CH`].
pub fn game_id(store: &vqbot::store::Store) -> vqbot::store::GameId {
    store
        .open_game(vqbot::store::ChannelKey::guild(CH.guild, CH.channel))
        .expect("reads")
        .expect("open game")
        .id
}

/// A stable user id for a test name.
pub fn uid(name: &str) -> u64 {
    vqbot::cli::local_user(name)
}

/// Opens a game with `new` (e.g. `vq new` or `vq new locale:ru`) and starts it with alice as
/// England, bob as France and carol as Spain.
pub fn start_three(t: &Table, new: &str) {
    ok(t, "alice", new);
    ok(t, "alice", "vq join power:england");
    ok(t, "bob", "vq join power:france");
    ok(t, "carol", "vq join power:spain");
    ok(t, "alice", "vq start");
}

/// Runs `line` as `name`.
pub fn say(t: &Table, name: &str, line: &str) -> Outbox {
    t.handle(CH, &Caller::new(uid(name), name), line)
}

/// Runs `line` as `name` and fails the test if it is refused.
pub fn ok(t: &Table, name: &str, line: &str) -> Outbox {
    let out = say(t, name, line);
    assert!(!out.refused, "`{line}` by {name} was refused: {out:#?}");
    out
}

/// Runs `line` as `name` and fails the test unless it is refused; returns the refusal text.
pub fn refused(t: &Table, name: &str, line: &str) -> String {
    let before = t.state_json(CH);
    let out = say(t, name, line);
    assert!(out.refused, "`{line}` by {name} was accepted: {out:#?}");
    assert_eq!(
        t.state_json(CH),
        before,
        "`{line}` by {name} was refused but changed the game"
    );
    assert_eq!(out.messages.len(), 1, "one reply expected: {out:#?}");
    out.messages[0].text.clone()
}

/// The channel text of an outbox.
pub fn public(out: &Outbox) -> String {
    out.text_for(vqbot::table::Audience::Channel)
}

//! `vqbot position …`: write a stored game's state as a position file, or check one.

use std::path::Path;

use crate::engine::Game;
use crate::position::{self, Source};
use crate::store::{GameId, Replayable, Store};

/// Writes the position of game `id` after action `at` (default: the latest) to `out`, and its
/// private part next to it (`NAME.private.toml`). Returns a summary line.
pub fn export(db: &Path, id: i64, at: Option<u64>, out: &Path) -> Result<String, String> {
    let rs = crate::data::load(&crate::data::default_dir()).map_err(|p| {
        format!(
            "the game data does not load ({} problems; run check-data)",
            p.len()
        )
    })?;
    if !db.exists() {
        return Err(format!("{}: no such database", db.display()));
    }
    // Read-only, like `export`: it works beside a running bot, which holds the writer lock.
    let store = Store::open_read_only(db).map_err(|e| format!("{}: {e}", db.display()))?;
    let record = store.game(GameId(id)).map_err(|e| e.to_string())?;
    let mut game = <Game as Replayable>::start(&record)?;
    let mut last = 0;
    for a in store
        .actions_after(GameId(id), 0)
        .map_err(|e| e.to_string())?
    {
        let r = a.record;
        if at.is_some_and(|at| r.seq > at) {
            break;
        }
        game.apply_json(r.power.as_deref(), &r.action_json)
            .map_err(|e| format!("action {} does not replay: {e}", r.seq))?;
        last = r.seq;
    }
    if let Some(at) = at.filter(|at| *at > last) {
        return Err(format!(
            "game {id} has only {last} actions; --at {at} is past its end"
        ));
    }
    let parts = position::export(&rs, &game);
    let private = position::private_path(out);
    std::fs::write(out, &parts.public).map_err(|e| format!("{}: {e}", out.display()))?;
    std::fs::write(&private, &parts.private).map_err(|e| format!("{}: {e}", private.display()))?;
    Ok(format!(
        "game {id} after action {last}: {} (public) and {} (private: the hands, the deck order, the face-down treasures, the Empire's hidden choice and the dice; keep it from the players)",
        out.display(),
        private.display()
    ))
}

/// Reads a position file (and its private part, if given) and reports every problem, as
/// `vqbot check-data` does. Returns a summary line or the problems.
pub fn check(file: &Path, private: Option<&Path>) -> Result<String, Vec<String>> {
    let rs = crate::data::load(&crate::data::default_dir())
        .map_err(|p| p.iter().map(ToString::to_string).collect::<Vec<_>>())?;
    let read =
        |p: &Path| std::fs::read_to_string(p).map_err(|e| vec![format!("{}: {e}", p.display())]);
    let text = read(file)?;
    let private_text = private.map(read).transpose()?;
    let name = file.display().to_string();
    let private_name = private.map(|p| p.display().to_string());
    let private_src = match (&private_name, &private_text) {
        (Some(name), Some(text)) => Some(Source { name, text }),
        _ => None,
    };
    let g = position::import(
        &rs,
        Source {
            name: &name,
            text: &text,
        },
        private_src,
        0,
    )
    .map_err(|ps| ps.iter().map(ToString::to_string).collect::<Vec<_>>())?;
    let phase = g
        .phase()
        .and_then(|p| serde_json::to_value(p).ok())
        .and_then(|v| v.as_str().map(str::to_string))
        .unwrap_or_else(|| "over".into());
    Ok(format!(
        "{name}: a good position: turn {}, phase {phase}, powers {}",
        g.turn,
        g.powers
            .iter()
            .map(|p| p.as_str())
            .collect::<Vec<_>>()
            .join(", ")
    ))
}

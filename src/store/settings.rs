//! A game's settings after creation: its options (fixed once it leaves the lobby) and its
//! message locale (may change at any time).

use rusqlite::{params, TransactionBehavior};

use super::error::{Result, StoreError};
use super::{check_json, get_game, now_ms, GameId, GameRecord, GameStatus, Store};

impl Store {
    /// Replaces a game's options (a JSON text). Only a game in the lobby accepts new options:
    /// any other status gives [`StoreError::OptionsFixed`] and changes nothing.
    pub fn set_options(&mut self, game: GameId, options_json: &str) -> Result<GameRecord> {
        check_json("options_json", options_json)?;
        self.check_file()?;
        let tx = self
            .conn
            .transaction_with_behavior(TransactionBehavior::Immediate)?;
        let rec = get_game(&tx, game)?;
        if rec.status != GameStatus::Lobby {
            return Err(StoreError::OptionsFixed {
                game,
                status: rec.status,
            });
        }
        tx.execute(
            "UPDATE games SET options_json = ?2, updated_at = ?3 WHERE id = ?1",
            params![game.0, options_json, now_ms()],
        )?;
        let rec = get_game(&tx, game)?;
        tx.commit()?;
        self.committed()?;
        Ok(rec)
    }

    /// Changes the locale of a game's messages (e.g. `en`, `ru`), whatever its status. The
    /// store does not judge the code; an empty one is refused with [`StoreError::BadData`].
    pub fn set_locale(&mut self, game: GameId, locale: &str) -> Result<GameRecord> {
        if locale.trim().is_empty() {
            return Err(StoreError::BadData("a locale code cannot be empty".into()));
        }
        self.check_file()?;
        let tx = self
            .conn
            .transaction_with_behavior(TransactionBehavior::Immediate)?;
        get_game(&tx, game)?;
        tx.execute(
            "UPDATE games SET locale = ?2, updated_at = ?3 WHERE id = ?1",
            params![game.0, locale, now_ms()],
        )?;
        let rec = get_game(&tx, game)?;
        tx.commit()?;
        self.committed()?;
        Ok(rec)
    }
}

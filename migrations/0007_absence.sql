-- vqbot schema: the people around a game's seats (issue 29, items 3, 4 and 6).
--
-- One row per game: its deputies (who acts for which power, until when), its spectators, the
-- players who switched their "since your last turn" digest off, and the inactivity time after
-- which a seat may be replaced by consent. Kept as one JSON document (the table's
-- `table::absence::Absence`): it is small, read once when the game loads and written only when
-- one of these changes, never per action.
--
-- Numbered 0007: 0006 is the reminders' migration of the same issue (merged beside it).
CREATE TABLE absence (
    game_id    INTEGER PRIMARY KEY REFERENCES games (id),
    state_json TEXT    NOT NULL CHECK (json_valid(state_json)),
    updated_at INTEGER NOT NULL
);

-- vqbot schema, version 4: games whose Empire secret choice was taken back.
--
-- The rollback of a take-back also rolls back the random state the choice's salt comes from, so
-- the choice made again would publish the same commitment if it is the same choice (telling the
-- table whether it changed). The table salts that next choice with fresh randomness; this row
-- keeps that need across a restart. It is removed once the new choice is stored.
CREATE TABLE fresh_salt (
    game_id INTEGER PRIMARY KEY REFERENCES games(id)
);

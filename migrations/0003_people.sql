-- vqbot schema, version 3: the people at the tables.
--
-- One row per user the bot has met: the display name it last saw (so that after a restart the
-- messages name players instead of pinging them) and whether their direct messages are closed
-- (so that after a restart the bot neither forgets to fall back to private buttons nor keeps
-- trying a closed DM channel).
--
--  * user_id is the Discord snowflake (or a local stand-in), as everywhere else.
--  * display_name is NULL while only the DM state is known.
--  * dm_closed_at is NULL when DMs work or were never tried; otherwise the time (Unix ms) of the
--    last DM that failed because the user does not accept them. A later successful DM clears it.
CREATE TABLE users (
    user_id      INTEGER PRIMARY KEY CHECK (user_id >= 0),
    display_name TEXT,
    updated_at   INTEGER NOT NULL,
    dm_closed_at INTEGER
);

-- vqbot schema, version 6: the rhythm of a long campaign (issue 29, items 1 and 2).
--
--  * remind_settings: how long a question may wait before the awaited players are reminded
--    (seconds; no row or NULL: reminders off, the default of a new table).
--  * quiet_hours: per user, the hours (UTC, 0-23) in which the bot sends them no reminder;
--    start = end is refused by the table, start > end wraps past midnight (22 to 7).
--  * waits: who the game waits for and since when (Unix ms), one row per awaited user, with
--    the reminders sent for this wait and when the next one is due (NULL: none). Kept across
--    restarts, so a reminder due during downtime is sent once after it, not once per interval.
--  * dashboards: the message id of each game's living dashboard, and whether it was re-posted
--    once already after a deletion.
CREATE TABLE remind_settings (
    game_id INTEGER PRIMARY KEY REFERENCES games(id),
    after_s INTEGER CHECK (after_s IS NULL OR after_s > 0)
);
CREATE TABLE quiet_hours (
    user_id    INTEGER PRIMARY KEY CHECK (user_id >= 0),
    start_hour INTEGER NOT NULL CHECK (start_hour BETWEEN 0 AND 23),
    end_hour   INTEGER NOT NULL CHECK (end_hour BETWEEN 0 AND 23)
);
CREATE TABLE waits (
    game_id  INTEGER NOT NULL REFERENCES games(id),
    user_id  INTEGER NOT NULL CHECK (user_id >= 0),
    powers   TEXT    NOT NULL,
    since    INTEGER NOT NULL,
    sent     INTEGER NOT NULL DEFAULT 0 CHECK (sent >= 0),
    next_due INTEGER,
    PRIMARY KEY (game_id, user_id)
);
CREATE INDEX waits_by_due ON waits (next_due) WHERE next_due IS NOT NULL;
CREATE TABLE dashboards (
    game_id    INTEGER PRIMARY KEY REFERENCES games(id),
    message_id INTEGER NOT NULL CHECK (message_id >= 0),
    reposted   INTEGER NOT NULL DEFAULT 0 CHECK (reposted IN (0, 1))
);

-- vqbot schema, version 1: games, seats, the action log and snapshots.
--
-- Conventions
--  * Discord ids (guild, channel, user) are stored as INTEGER (they fit in i64 until 2084).
--  * guild_id = 0 means "no guild": a DM channel or a local (terminal) game. It is 0 and not
--    NULL so that the one-open-game-per-channel index below also covers those games
--    (SQLite treats NULLs as distinct in unique indexes).
--  * Times are Unix milliseconds (UTC).
--  * Sequence numbers: action seq starts at 1; a snapshot at seq N is the state after action N
--    (seq 0 = the state before any action).

-- Marks the file as vqbot's ('VQBT'); files without it are refused at start-up.
PRAGMA application_id = 1448165972;

CREATE TABLE games (
    id              INTEGER PRIMARY KEY AUTOINCREMENT,
    guild_id        INTEGER NOT NULL CHECK (guild_id >= 0),
    channel_id      INTEGER NOT NULL CHECK (channel_id >= 0),
    status          TEXT    NOT NULL CHECK (status IN ('lobby', 'active', 'finished', 'abandoned')),
    ruleset         TEXT    NOT NULL,
    scenario        TEXT    NOT NULL,
    options_json    TEXT    NOT NULL CHECK (json_valid(options_json)),
    seed            TEXT    NOT NULL,
    seed_commitment TEXT    NOT NULL,
    locale          TEXT    NOT NULL,
    created_by      INTEGER,
    created_at      INTEGER NOT NULL,
    updated_at      INTEGER NOT NULL,
    engine_version  TEXT    NOT NULL
);

-- At most one game that is not over (lobby or active) per channel.
CREATE UNIQUE INDEX games_one_open_per_channel
    ON games (guild_id, channel_id)
    WHERE status IN ('lobby', 'active');

-- Listing a channel's games, newest last.
CREATE INDEX games_by_channel ON games (guild_id, channel_id, id);

-- Current holder of each power.
CREATE TABLE seats (
    game_id INTEGER NOT NULL REFERENCES games (id),
    power   TEXT    NOT NULL,
    user_id INTEGER NOT NULL,
    PRIMARY KEY (game_id, power)
) WITHOUT ROWID;

-- Append-only history of who held which power when.
CREATE TABLE seat_changes (
    id          INTEGER PRIMARY KEY,
    game_id     INTEGER NOT NULL REFERENCES games (id),
    power       TEXT    NOT NULL,
    old_user_id INTEGER,            -- NULL: the seat was empty
    new_user_id INTEGER,            -- NULL: the seat was vacated
    changed_by  INTEGER,            -- who made the change (NULL: the system)
    at_seq      INTEGER NOT NULL,   -- last action seq when the change happened
    at          INTEGER NOT NULL
);
CREATE INDEX seat_changes_by_game ON seat_changes (game_id, id);

CREATE TRIGGER seat_changes_no_update BEFORE UPDATE ON seat_changes
BEGIN
    SELECT RAISE(ABORT, 'seat_changes is append-only');
END;
CREATE TRIGGER seat_changes_no_delete BEFORE DELETE ON seat_changes
BEGIN
    SELECT RAISE(ABORT, 'seat_changes is append-only');
END;

-- The action log: the truth of a game. Rows are never updated; the tail is only removed by undo.
CREATE TABLE actions (
    game_id     INTEGER NOT NULL REFERENCES games (id),
    seq         INTEGER NOT NULL CHECK (seq >= 1),
    power       TEXT,
    user_id     INTEGER,
    action_json TEXT    NOT NULL,
    state_hash  TEXT    NOT NULL,
    at          INTEGER NOT NULL,
    PRIMARY KEY (game_id, seq)
) WITHOUT ROWID;

CREATE TRIGGER actions_no_update BEFORE UPDATE ON actions
BEGIN
    SELECT RAISE(ABORT, 'actions are append-only');
END;

-- A second guard behind the application check: the log has no gaps.
CREATE TRIGGER actions_contiguous BEFORE INSERT ON actions
WHEN NEW.seq <> COALESCE((SELECT MAX(seq) FROM actions WHERE game_id = NEW.game_id), 0) + 1
BEGIN
    SELECT RAISE(ABORT, 'action seq must be exactly one more than the last');
END;

-- Cached states; any of them can be rebuilt from the log.
CREATE TABLE snapshots (
    game_id    INTEGER NOT NULL REFERENCES games (id),
    seq        INTEGER NOT NULL CHECK (seq >= 0),
    state_json TEXT    NOT NULL,
    at         INTEGER NOT NULL,
    PRIMARY KEY (game_id, seq)
);

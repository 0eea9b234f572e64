-- vqbot schema, version 8: what a long campaign remembers between restarts (issue 29).
--
--  * around_memory: one JSON document per game (the table's `table::absence::Memory`): per
--    power the events it may see since its last action (its "since your last turn" digest,
--    the latest ones only) and when it last acted (inactivity before a replacement), the
--    spectators' public events since the last phase, and a pending replacement request with
--    who agreed so far. Written after each action that changes it; read when the game loads.
--  * hand_threads: the private thread of a player in a game channel, where their hands go
--    when their DMs are closed (issue 29, item 5), reused after a restart.
--  * held_posts: announcements of state changes that could not be posted in the game's
--    channel (a missing permission, issue 32), posted again, in order, when posting works.
CREATE TABLE around_memory (
    game_id    INTEGER PRIMARY KEY REFERENCES games (id),
    state_json TEXT    NOT NULL CHECK (json_valid(state_json)),
    updated_at INTEGER NOT NULL
);
CREATE TABLE held_posts (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    guild_id   INTEGER NOT NULL CHECK (guild_id >= 0),
    channel_id INTEGER NOT NULL CHECK (channel_id >= 0),
    text       TEXT    NOT NULL,
    created_at INTEGER NOT NULL
);
CREATE INDEX held_posts_by_channel ON held_posts (guild_id, channel_id, id);
CREATE TABLE hand_threads (
    guild_id   INTEGER NOT NULL CHECK (guild_id >= 0),
    channel_id INTEGER NOT NULL CHECK (channel_id >= 0),
    user_id    INTEGER NOT NULL CHECK (user_id >= 0),
    thread_id  INTEGER NOT NULL CHECK (thread_id >= 0),
    PRIMARY KEY (guild_id, channel_id, user_id)
) WITHOUT ROWID;

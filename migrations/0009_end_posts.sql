-- vqbot schema, version 9: the end of a campaign is not lost by a crash (issue 29, item 7).
--
--  * end_posts: the finished games whose end (the result, the VP chart, the revealed seed and
--    the archive) was posted in their channel. A finished game without a row here had its end
--    stored and the bot stopped before the post went out: at the next start the bot posts it,
--    then writes the row, so it is posted once. The games finished before this migration had
--    their end posted by the bot that finished them: they get their row now.
--  * hand_threads_by_thread: a command used in a player's private thread acts on the game of
--    the thread's channel, found by the thread's id.
CREATE TABLE end_posts (
    game_id   INTEGER PRIMARY KEY REFERENCES games (id),
    posted_at INTEGER NOT NULL
);
INSERT INTO end_posts (game_id, posted_at) SELECT id, 0 FROM games WHERE status = 'finished';
CREATE INDEX hand_threads_by_thread ON hand_threads (thread_id);

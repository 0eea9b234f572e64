-- vqbot schema, version 5: Discord interactions the bot has taken on.
--
-- Discord may deliver one INTERACTION_CREATE twice (a resumed gateway session replaying it, or
-- two bot processes connected on the same shard while a deploy overlaps). The bot claims each
-- interaction id here before it runs the command, so a second delivery, even after a restart,
-- changes nothing. Rows older than an interaction's 15-minute lifetime are pruned.
CREATE TABLE seen_interactions (
    interaction_id INTEGER PRIMARY KEY,
    seen_at INTEGER NOT NULL
);
CREATE INDEX seen_interactions_by_time ON seen_interactions (seen_at);

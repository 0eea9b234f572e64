-- vqbot schema, version 2: where an imported game came from.
-- NULL for games created here; for imported games a JSON object such as
-- {"source_game_id": 12, "exported_at": 1700000000000, "imported_at": 1700000100000}.
ALTER TABLE games ADD COLUMN origin_json TEXT CHECK (origin_json IS NULL OR json_valid(origin_json));

//! Integration tests, discord_solo group: one test binary for the files below (they link the whole
//! crate once instead of once per file). A file in `tests/` not listed in a group is an error
//! (`every_test_file_is_in_a_group` in tests/ops.rs).

#[path = "support/bot_e2e.rs"]
mod bot_e2e;
#[path = "support/discord_emulator/mod.rs"]
mod discord_emulator;

#[path = "discord_registration_e2e.rs"]
mod discord_registration_e2e;

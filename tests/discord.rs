//! Integration tests, discord group: one test binary for the files below (they link the whole
//! crate once instead of once per file). A file in `tests/` not listed in a group is an error
//! (`every_test_file_is_in_a_group` in tests/ops.rs).

#[path = "support/bot_e2e.rs"]
mod bot_e2e;
#[path = "support/discord_emulator/mod.rs"]
mod discord_emulator;
#[path = "support/effect_deck_data.rs"]
mod effect_deck_data;

#[path = "discord_absence_e2e.rs"]
mod discord_absence_e2e;
#[path = "discord_bot_e2e.rs"]
mod discord_bot_e2e;
#[path = "discord_campaign_e2e.rs"]
mod discord_campaign_e2e;
// --- campaign (issue 29: private threads for everyone, the end's post after a crash)
#[path = "discord_campaign_threads_e2e.rs"]
mod discord_campaign_threads_e2e;
// --- campaign (issue 32 leftovers)
#[path = "discord_campaign_perms_e2e.rs"]
mod discord_campaign_perms_e2e;
#[path = "discord_defer_e2e.rs"]
mod discord_defer_e2e;
#[path = "discord_duplicates_e2e.rs"]
mod discord_duplicates_e2e;
#[path = "discord_effects_e2e.rs"]
mod discord_effects_e2e;
#[path = "discord_emulator.rs"]
mod discord_emulator_tests;
#[path = "discord_gateway_e2e.rs"]
mod discord_gateway_e2e;
#[path = "discord_land_e2e.rs"]
mod discord_land_e2e;
// --- diplomacy (issue 26)
#[path = "discord_influence_e2e.rs"]
mod discord_influence_e2e;
#[path = "discord_logging.rs"]
mod discord_logging;
#[path = "discord_marriage_e2e.rs"]
mod discord_marriage_e2e;
#[path = "discord_ops_e2e.rs"]
mod discord_ops_e2e;
#[path = "discord_permissions_e2e.rs"]
mod discord_permissions_e2e;
#[path = "discord_pictures_e2e.rs"]
mod discord_pictures_e2e;
#[path = "discord_ratelimit_e2e.rs"]
mod discord_ratelimit_e2e;
#[path = "discord_treasure_e2e.rs"]
mod discord_treasure_e2e;
#[path = "discord_words_e2e.rs"]
mod discord_words_e2e;

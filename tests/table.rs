//! Integration tests, table group: one test binary for the files below (they link the whole
//! crate once instead of once per file). A file in `tests/` not listed in a group is an error
//! (`every_test_file_is_in_a_group` in tests/ops.rs).

#[path = "cli_support/mod.rs"]
mod cli_support;
#[path = "common/mod.rs"]
mod common;
#[path = "land_support/mod.rs"]
mod land_support;
#[path = "table_support/mod.rs"]
mod table_support;

#[path = "position_cli.rs"]
mod position_cli;
#[path = "position_roundtrip.rs"]
mod position_roundtrip;
#[path = "position_setup.rs"]
mod position_setup;
#[path = "render_chart.rs"]
mod render_chart;
#[path = "render_map.rs"]
mod render_map;
#[path = "render_pictures.rs"]
mod render_pictures;
#[path = "state_json_doc.rs"]
mod state_json_doc;
#[path = "table_absence.rs"]
mod table_absence;
#[path = "table_campaign.rs"]
mod table_campaign;
// --- campaign (issue 29): restarts
#[path = "table_campaign_restart.rs"]
mod table_campaign_restart;
// --- one definition per command (issue 24)
#[path = "table_command_defs.rs"]
mod table_command_defs;
#[path = "table_influence.rs"]
mod table_influence;
#[path = "table_input_info.rs"]
mod table_input_info;
#[path = "table_interact.rs"]
mod table_interact;
#[path = "table_map_moments.rs"]
mod table_map_moments;
#[path = "table_people.rs"]
mod table_people;
#[path = "table_refusals.rs"]
mod table_refusals;
#[path = "table_religion.rs"]
mod table_religion;
#[path = "table_russian_grammar.rs"]
mod table_russian_grammar;
#[path = "table_russian_only.rs"]
mod table_russian_only;
#[path = "table_script.rs"]
mod table_script;
// --- diplomacy (issue 26)
#[path = "table_script_diplomacy.rs"]
mod table_script_diplomacy;
#[path = "table_secrets.rs"]
mod table_secrets;
#[path = "table_snapshots.rs"]
mod table_snapshots;
#[path = "table_status_diplomacy.rs"]
mod table_status_diplomacy;
#[path = "table_store.rs"]
mod table_store;
#[path = "table_treasures.rs"]
mod table_treasures;
#[path = "table_turn.rs"]
mod table_turn;
#[path = "table_undo_consent.rs"]
mod table_undo_consent;
#[path = "words_catalogue.rs"]
mod words_catalogue;
#[path = "words_cli.rs"]
mod words_cli;
#[path = "words_table.rs"]
mod words_table;

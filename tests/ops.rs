//! Integration tests, ops group: one test binary for the files below (they link the whole
//! crate once instead of once per file). A file in `tests/` not listed in a group is an error
//! (`every_test_file_is_in_a_group` in tests/ops.rs).

#[path = "cli_support/mod.rs"]
mod cli_support;
#[path = "table_support/mod.rs"]
mod table_support;

#[path = "check_data_cli.rs"]
mod check_data_cli;
#[path = "cli_input.rs"]
mod cli_input;
#[path = "cli_ops.rs"]
mod cli_ops;
#[path = "cli_replay.rs"]
mod cli_replay;
#[path = "ops_adjust_oracle.rs"]
mod ops_adjust_oracle;
#[path = "ops_data_correction.rs"]
mod ops_data_correction;
#[path = "ops_file_identity.rs"]
mod ops_file_identity;
#[path = "ops_operator_input.rs"]
mod ops_operator_input;
#[path = "ops_reliability.rs"]
mod ops_reliability;
#[path = "ops_v050_compat.rs"]
mod ops_v050_compat;
#[path = "store_api.rs"]
mod store_api;
#[path = "store_crash.rs"]
mod store_crash;
#[path = "store_open.rs"]
mod store_open;
#[path = "store_people.rs"]
mod store_people;
#[path = "store_sync.rs"]
mod store_sync;
#[path = "test_layout.rs"]
mod test_layout;

//! Integration tests, core group: one test binary for the files below (they link the whole
//! crate once instead of once per file). A file in `tests/` not listed in a group is an error
//! (`every_test_file_is_in_a_group` in tests/ops.rs).

#[path = "common/mod.rs"]
mod common;
#[path = "support/effect_deck_data.rs"]
mod effect_deck_data;
#[path = "land_support/mod.rs"]
mod land_support;
#[path = "table_support/mod.rs"]
mod table_support;

#[path = "card_effects.rs"]
mod card_effects;
#[path = "card_effects_naval.rs"]
mod card_effects_naval;
#[path = "core_court.rs"]
mod core_court;
#[path = "core_inactive_answers.rs"]
mod core_inactive_answers;
#[path = "core_influence.rs"]
mod core_influence;
#[path = "core_land_battle.rs"]
mod core_land_battle;
#[path = "core_land_movement.rs"]
mod core_land_movement;
#[path = "core_land_playout.rs"]
mod core_land_playout;
#[path = "core_land_relief.rs"]
mod core_land_relief;
#[path = "core_land_siege.rs"]
mod core_land_siege;
#[path = "core_minor_peace.rs"]
mod core_minor_peace;
#[path = "core_names.rs"]
mod core_names;
#[path = "core_naval.rs"]
mod core_naval;
#[path = "core_peace.rs"]
mod core_peace;
#[path = "core_piracy.rs"]
mod core_piracy;
#[path = "core_state_format.rs"]
mod core_state_format;
#[path = "core_treasures.rs"]
mod core_treasures;
#[path = "core_turn_data.rs"]
mod core_turn_data;
#[path = "core_turn_playout.rs"]
mod core_turn_playout;
#[path = "core_turn_rules.rs"]
mod core_turn_rules;
#[path = "effect_deck.rs"]
mod effect_deck;
#[path = "engine_playout.rs"]
mod engine_playout;
#[path = "engine_turn.rs"]
mod engine_turn;
#[path = "engine_unit_bound.rs"]
mod engine_unit_bound;
#[path = "foundation_rules.rs"]
mod foundation_rules;
#[path = "refusal_texts.rs"]
mod refusal_texts;
#[path = "religion_rules.rs"]
mod religion_rules;
#[path = "seed_rules.rs"]
mod seed_rules;
#[path = "veteran_rules.rs"]
mod veteran_rules;

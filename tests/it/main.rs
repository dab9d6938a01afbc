//! The app's tests, one binary: the desk clicked by label in a headless harness, the table
//! screen, the command line and saved games run as a user would.

#[path = "../common/mod.rs"]
mod common;

mod app;
mod authors_app;
mod authors_cli;
mod autosave_app;
mod bakery_app;
mod cli;
mod cli_faults;
mod cli_files;
mod dice_typing;
mod fire_panel;
mod glyphs;
mod large_scenario_app;
mod now;
mod now_fits;
mod phones_app;
mod phones_table_app;
mod saved_games;
mod saved_games_app;
mod secret_length;
mod secrets;
mod solo_app;
mod solo_desk_app;
mod solo_hidden_app;
mod solo_rules_app;
mod solo_settings_app;
mod solo_turns_app;
mod solo_undo_app;
mod table_links;
mod table_screen;
mod two_turns;
mod window_start;

//! The core's tests, one binary: the rules as the booklet states them, the gate, the game log
//! and its saved games, scenarios, the solo opponent, the odds and the story of the dice, and
//! the layer table that keeps the modules in order.

#[path = "../common/mod.rs"]
mod common;

mod agenda;
mod authors;
mod booklet_examples;
mod booklet_order;
mod booklet_steps;
mod contacts;
mod dice_roles;
mod fire_knows;
mod fixtures;
mod gate;
mod journal;
mod journal_faults;
mod journal_scenario;
mod layers;
mod log_file;
mod long_notes;
mod markers;
mod new_scenarios;
mod odds;
mod properties;
mod scenario_authoring;
mod scenario_files;
mod scripted_turn;
mod solo;
mod solo_rules;
mod story;

//! The core of Ambush Alley Assistant: rules, dice, units, scenarios, the game and its log,
//! the solo opponent, the story of the dice, saved games and reports.
//!
//! Nothing here knows a screen: no module depends on egui, eframe, rfd or winit, and Cargo
//! keeps it so (this crate's dependency tree holds none of them). Rules are pure functions,
//! dice come in as values through one dice source, and the game is the replay of a log of
//! events. The layers, and which module may use which, are the table in ARCHITECTURE.md; a
//! test (`tests/it/layers.rs`) reads that table and fails on any `use` that points up it.

#![warn(missing_docs)]

pub mod charts;
pub mod dice;
pub mod files;
pub mod game;
pub mod journal;
pub mod limits;
pub mod odds;
pub mod report;
pub mod rules;
pub mod scenario;
pub mod session;
pub mod solo;
pub mod story;
pub mod tabletop;
pub mod text;
pub mod unit;
pub mod view;

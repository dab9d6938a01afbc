//! Ambush Alley Assistant: the rules engine, game log, scenarios and saved games behind a
//! referee's desk for the Ambush Alley! miniatures game.
//!
//! Everything in this library except the `ui` module is free of any screen: rules are pure
//! functions, dice come in as values, and the game is the replay of a log of events. The `ui`
//! module is the eframe app, which reads the game and changes it only through commands.

#![warn(missing_docs)]

pub mod charts;
pub mod cli;
pub mod dice;
mod files;
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
pub mod table;
pub mod text;
pub mod ui;
pub mod unit;

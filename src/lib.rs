//! Ambush Alley Assistant, the app: the referee's desk (an eframe window), the table screen
//! and the command line. Everything the app knows of the game comes from the `ambush_core`
//! crate, which knows no screen; the desk reads the game and changes it only through commands.

#![warn(missing_docs)]

pub mod cli;
pub mod ui;

//! The game: its state, the commands that change it, and the log that records them.

mod apply;
pub mod command;
pub mod error;
pub mod log;
pub mod outcome;
pub mod state;

pub use command::{Command, Event, FireContext, QualityPurpose, ReactionKind};
pub use error::RuleError;
pub use log::{Entry, EntryState, Game, HistoryError, PlayError, ReplayError};
pub use outcome::{Detail, FireReport, Outcome};
pub use state::{GameState, MoraleReason, Pending, PendingStep, Phase, Settings};

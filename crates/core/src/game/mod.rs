//! The game: its state, the commands that change it, the gate that allows them, and the log
//! that records them.
//!
//! A command goes to the gate ([`GameState::check`]), which says whether it is allowed now and
//! which dice it needs; the dice come from one source; the command and its faces make an
//! [`Event`]; applying the event changes the state; the log keeps every event, and the state is
//! the replay of the log.

pub mod agenda;
pub mod command;
pub mod contacts;
mod course;
pub mod error;
mod gate;
mod guards;
pub mod interruption;
pub mod log;
mod mechanics;
pub mod outcome;
pub mod pending;
pub mod query;
mod settings_words;
pub mod solo;
pub mod state;
pub mod words;

pub use agenda::{
    Agenda, AgendaItem, ArrivalChoice, CasualtyPick, DiceAsk, DueStep, Seat, TableQuestion,
    UnitAgenda,
};
pub use command::{
    Command, CommandFacts, CommandKind, Event, FireContext, QualityPurpose, ReactionKind,
};
pub use contacts::Contact;
pub use course::PlayerNote;
pub use error::RuleError;
pub use interruption::Interruption;
pub use log::{Entry, EntryRef, Game, HistoryError, PlayError, Refusal, Replay, Replayed};
pub use outcome::{About, Detail, FireReport, Outcome};
pub use pending::{EndReason, MoraleReason, Pending, PendingStep};
pub use query::{Allowance, Part};
pub use solo::{Decider, SoloDecision, SoloDifficulty, SoloOption};
pub use state::{GameState, Phase, RULES_VERSION, Settings};

//! The game as a log of events, with undo and redo.
//!
//! The record keeps every entry ever made: events, undos and redos. The state is the
//! replay of the events that are currently in effect. Undoing never deletes anything:
//! an undone event stays in the record, marked undone.

use std::sync::Arc;

use serde::{Deserialize, Serialize};

use crate::dice::{DiceError, DiceSource};
use crate::scenario::Scenario;

use super::command::{Command, Event};
use super::error::RuleError;
use super::outcome::Outcome;
use super::state::{GameState, Settings};

/// One line of the record.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Entry {
    /// A decision and its dice.
    Event(Event),
    /// Take back the most recent event in effect.
    Undo,
    /// Put back the most recently undone event.
    Redo,
}

/// Why undo or redo is not possible.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum HistoryError {
    /// Nothing to undo.
    #[error("there is nothing to undo")]
    NothingToUndo,
    /// Nothing to redo.
    #[error("there is nothing to redo")]
    NothingToRedo,
    /// The rules refuse to replay the events the state is rebuilt from, or the event to redo.
    /// The rules are deterministic and every one of those events applied before, so this means
    /// a fault in the app; the game is left as it was.
    #[error("the game cannot be rebuilt: {0}")]
    Refused(RuleError),
}

/// Why a command could not be played.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PlayError {
    /// The rules refuse it.
    #[error(transparent)]
    Rule(#[from] RuleError),
    /// The dice source could not provide the faces.
    #[error(transparent)]
    Dice(#[from] DiceError),
}

/// An entry of a record that the rules refuse on replay (an entry written under earlier rules,
/// or an undo with nothing to take back): the game stops just before it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refusal {
    /// 0-based position of the entry refused.
    pub index: usize,
    /// Why, in words.
    pub reason: String,
    /// Entries left out: the one refused and every one after it.
    pub left_out: usize,
}

/// A record replayed: the game as far as the rules allow, and the entry they refused, if any.
#[derive(Clone, Debug)]
pub struct Replayed {
    /// The game, with every entry before the refused one.
    pub game: Game,
    /// The entry refused, if the record could not be replayed to its end.
    pub refused: Option<Refusal>,
}

/// How an entry of the record stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EntryState {
    /// An event in effect.
    InEffect,
    /// An event taken back by undo (it may be redone, or was abandoned by a newer event).
    Undone,
    /// An undo or redo marker.
    Marker,
}

/// Keep a copy of the state every this many events in effect, so any undo is quick.
const CHECKPOINT_EVERY: usize = 64;
/// Keep the state before each of this many most recent events, so undoing them is instant.
const RECENT_STATES: usize = 64;

/// A game: the scenario it was started from, its record, and the state the record gives.
#[derive(Clone, Debug)]
pub struct Game {
    scenario: Arc<Scenario>,
    start: GameState,
    entries: Vec<Entry>,
    /// Outcome of each entry when it was last applied (`None` for markers).
    outcomes: Vec<Option<Outcome>>,
    /// Whether each entry is currently in effect.
    in_effect: Vec<bool>,
    /// Indices of the events in effect, oldest first.
    applied: Vec<usize>,
    /// Indices of undone events that redo can put back, most recent last.
    redo: Vec<usize>,
    /// States after `n` events in effect, for quick undo: (n, state).
    checkpoints: Vec<(usize, GameState)>,
    /// States before the most recent events in effect: (events in effect before it, state).
    recent: std::collections::VecDeque<(usize, GameState)>,
    state: GameState,
}

impl Game {
    /// A new game at the start of turn 1.
    pub fn new(scenario: Arc<Scenario>, settings: Settings) -> Self {
        let start = GameState::new(&scenario, settings);
        Self {
            state: start.clone(),
            start,
            scenario,
            entries: Vec::new(),
            outcomes: Vec::new(),
            in_effect: Vec::new(),
            applied: Vec::new(),
            redo: Vec::new(),
            checkpoints: Vec::new(),
            recent: std::collections::VecDeque::new(),
        }
    }

    /// Rebuilds a game from a record. An entry the rules refuse stops the replay: the game is
    /// as it stood just before it, and the refusal says which entry, why, and how many entries
    /// were left out. Nothing is ever skipped silently.
    pub fn replay(
        scenario: Arc<Scenario>,
        settings: Settings,
        entries: impl IntoIterator<Item = Entry>,
    ) -> Replayed {
        let mut game = Self::new(scenario, settings);
        let entries: Vec<Entry> = entries.into_iter().collect();
        let total = entries.len();
        let undone = applications_undone(&entries);
        let mut application = 0;
        for (index, entry) in entries.into_iter().enumerate() {
            let keep_before = matches!(entry, Entry::Event(_))
                && undone.get(application).copied().unwrap_or(false);
            if !matches!(entry, Entry::Undo) {
                application += 1;
            }
            if let Err(error) = game.push_entry(entry, keep_before) {
                let reason = match error {
                    PushError::Rule(e) => e.to_string(),
                    PushError::History(e) => e.to_string(),
                };
                return Replayed {
                    game,
                    refused: Some(Refusal {
                        index,
                        reason,
                        left_out: total - index,
                    }),
                };
            }
        }
        Replayed {
            game,
            refused: None,
        }
    }

    /// The scenario.
    pub fn scenario(&self) -> &Arc<Scenario> {
        &self.scenario
    }

    /// The state now.
    pub fn state(&self) -> &GameState {
        &self.state
    }

    /// The settings the game started with.
    pub fn initial_settings(&self) -> &Settings {
        &self.start.settings
    }

    /// Every entry of the record.
    pub fn entries(&self) -> &[Entry] {
        &self.entries
    }

    /// How an entry stands.
    pub fn entry_state(&self, index: usize) -> EntryState {
        match self.entries.get(index) {
            Some(Entry::Event(_)) if self.in_effect.get(index).copied().unwrap_or(false) => {
                EntryState::InEffect
            }
            Some(Entry::Event(_)) => EntryState::Undone,
            _ => EntryState::Marker,
        }
    }

    /// The outcome an event had when it was applied.
    pub fn outcome(&self, index: usize) -> Option<&Outcome> {
        self.outcomes.get(index).and_then(Option::as_ref)
    }

    /// The record index of the most recent event in effect.
    pub fn last_in_effect(&self) -> Option<usize> {
        self.applied.last().copied()
    }

    /// The event at a record index, if that entry is an event.
    pub fn event(&self, index: usize) -> Option<&Event> {
        match self.entries.get(index) {
            Some(Entry::Event(event)) => Some(event),
            _ => None,
        }
    }

    /// The outcome of the most recent event in effect.
    pub fn last_outcome(&self) -> Option<&Outcome> {
        self.applied.last().and_then(|&i| self.outcome(i))
    }

    /// Number of events in effect.
    pub fn events_in_effect(&self) -> usize {
        self.applied.len()
    }

    /// True when undo would do something.
    pub fn can_undo(&self) -> bool {
        !self.applied.is_empty()
    }

    /// The record index of the event redo would put back.
    pub fn next_redo(&self) -> Option<usize> {
        self.redo.last().copied()
    }

    /// True when redo would do something.
    pub fn can_redo(&self) -> bool {
        !self.redo.is_empty()
    }

    /// The gate: the dice a command needs now, or why it is not allowed.
    pub fn check(&self, command: &Command) -> Result<crate::dice::DiceRequest, RuleError> {
        self.state.check(&self.scenario, command)
    }

    /// Every entry ever made, as a number that changes with each one: screens keep what they
    /// worked out from the game until it changes.
    pub fn revision(&self) -> usize {
        self.entries.len()
    }

    /// Rolls the dice a command needs from `dice` and applies it. The gate is asked first: a
    /// refused command asks for no dice.
    pub fn play(&mut self, command: Command, dice: &mut DiceSource) -> Result<Outcome, PlayError> {
        let request = self.check(&command)?;
        let rolled = dice.roll(&request)?;
        Ok(self.apply(Event::new(command, rolled))?)
    }

    /// Applies an event and returns what it did. On error nothing changes.
    pub fn apply(&mut self, event: Event) -> Result<Outcome, RuleError> {
        // One copy: the event is applied to it, and on success it becomes the state while the
        // old state is kept for undo.
        let mut next = self.state.clone();
        let outcome = next.apply_in_place(&self.scenario, &event)?;
        let before = std::mem::replace(&mut self.state, next);
        self.remember_before(before);
        self.record_event(event, outcome.clone());
        Ok(outcome)
    }

    /// Records an event that has just been applied to the state.
    fn record_event(&mut self, event: Event, outcome: Outcome) {
        let index = self.entries.len();
        self.entries.push(Entry::Event(event));
        self.outcomes.push(Some(outcome));
        self.in_effect.push(true);
        self.applied.push(index);
        // A new event abandons whatever could have been redone; it stays in the record.
        self.redo.clear();
        self.maybe_checkpoint();
    }

    /// Takes back the most recent event in effect.
    pub fn undo(&mut self) -> Result<(), HistoryError> {
        let Some(&index) = self.applied.last() else {
            return Err(HistoryError::NothingToUndo);
        };
        let n = self.applied.len() - 1;
        let state = match self.recent.back() {
            Some((m, _)) if *m == n => self.recent.pop_back().map(|(_, state)| state),
            _ => None,
        };
        let state = match state {
            Some(state) => state,
            None => self.rebuild(n).map_err(HistoryError::Refused)?,
        };
        self.applied.pop();
        self.in_effect[index] = false;
        self.redo.push(index);
        self.entries.push(Entry::Undo);
        self.outcomes.push(None);
        self.in_effect.push(false);
        self.checkpoints.retain(|(m, _)| *m <= n);
        self.recent.retain(|(m, _)| *m < n);
        self.state = state;
        Ok(())
    }

    /// Puts back the most recently undone event.
    pub fn redo(&mut self) -> Result<(), HistoryError> {
        let Some(&index) = self.redo.last() else {
            return Err(HistoryError::NothingToRedo);
        };
        let Entry::Event(event) = &self.entries[index] else {
            return Err(HistoryError::NothingToRedo);
        };
        // The event applied cleanly from this very state before, so it applies again.
        let mut next = self.state.clone();
        let outcome = next
            .apply_in_place(&self.scenario, event)
            .map_err(HistoryError::Refused)?;
        let before = std::mem::replace(&mut self.state, next);
        self.remember_before(before);
        self.redo.pop();
        self.outcomes[index] = Some(outcome);
        self.in_effect[index] = true;
        self.applied.push(index);
        self.entries.push(Entry::Redo);
        self.outcomes.push(None);
        self.in_effect.push(false);
        self.maybe_checkpoint();
        Ok(())
    }

    fn push_entry(&mut self, entry: Entry, keep_before: bool) -> Result<(), PushError> {
        match entry {
            Entry::Event(event) => {
                // Replaying: the state is ours and is thrown away on error, so apply in place.
                // The state before is kept only for events the record undoes later.
                if keep_before {
                    self.remember_before(self.state.clone());
                }
                let outcome = self
                    .state
                    .apply_in_place(&self.scenario, &event)
                    .map_err(PushError::Rule)?;
                self.record_event(event, outcome);
                Ok(())
            }
            Entry::Undo => self.undo().map_err(PushError::History),
            Entry::Redo => self.redo().map_err(PushError::History),
        }
    }

    /// Keeps the state before the event about to be counted in effect.
    fn remember_before(&mut self, state: GameState) {
        self.recent.push_back((self.applied.len(), state));
        if self.recent.len() > RECENT_STATES {
            self.recent.pop_front();
        }
    }

    fn maybe_checkpoint(&mut self) {
        let n = self.applied.len();
        if n.is_multiple_of(CHECKPOINT_EVERY)
            && n > 0
            && self.checkpoints.last().is_none_or(|(m, _)| *m < n)
        {
            self.checkpoints.push((n, self.state.clone()));
        }
    }

    /// The state after the first `n` events in effect, from the nearest checkpoint.
    fn rebuild(&self, n: usize) -> Result<GameState, RuleError> {
        let (from, mut state) = match self.checkpoints.iter().rev().find(|(m, _)| *m <= n) {
            Some((m, s)) => (*m, s.clone()),
            None => (0, self.start.clone()),
        };
        for &index in &self.applied[from..n] {
            if let Entry::Event(event) = &self.entries[index] {
                state.apply_in_place(&self.scenario, event)?;
            }
        }
        Ok(state)
    }
}

/// For each application of an event (an event entry, or a redo), in order: whether a later
/// undo in the record takes it back. Worked out on indices alone, without applying anything.
fn applications_undone(entries: &[Entry]) -> Vec<bool> {
    let mut undone = Vec::new();
    // The applications in effect (their numbers) and the entries that could be redone.
    let mut applied: Vec<usize> = Vec::new();
    let mut redo_count = 0usize;
    for entry in entries {
        match entry {
            Entry::Event(_) => {
                applied.push(undone.len());
                undone.push(false);
                redo_count = 0;
            }
            Entry::Redo => {
                if redo_count > 0 {
                    redo_count -= 1;
                    applied.push(undone.len());
                }
                undone.push(false);
            }
            Entry::Undo => {
                if let Some(n) = applied.pop() {
                    undone[n] = true;
                    redo_count += 1;
                }
            }
        }
    }
    undone
}

enum PushError {
    Rule(RuleError),
    History(HistoryError),
}

//! The game as a log of events, with undo and redo.
//!
//! The record keeps every entry ever made: events, undos and redos. The state is the replay of
//! the events that are currently in effect. Undoing never deletes anything: an undone event
//! stays in the record, marked undone.
//!
//! The record is held compactly: each event once, and each entry as a small number that
//! points at its event or marks an undo or a redo. A game's memory therefore grows with the
//! events it holds, not with how often the referee pressed Undo and Redo; and replaying a long
//! run of undos and redos only moves event numbers between two stacks (see [`history`]): the
//! state is worked out once, when it is next needed.

use std::sync::Arc;

use serde::{Deserialize, Serialize};

use crate::dice::{DiceError, DiceSource};
use crate::scenario::Scenario;

use super::command::{Command, Event};
use super::error::RuleError;
use super::outcome::Outcome;
use super::state::{GameState, Settings};

mod history;
mod placed;
mod replay;

pub use replay::{Refusal, Replay, Replayed};

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

/// One line of the record, borrowed from the game; written exactly as an [`Entry`] is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum EntryRef<'a> {
    /// A decision and its dice.
    Event(&'a Event),
    /// Take back the most recent event in effect.
    Undo,
    /// Put back the most recently undone event.
    Redo,
}

impl EntryRef<'_> {
    /// An owned copy.
    pub fn to_entry(self) -> Entry {
        match self {
            Self::Event(event) => Entry::Event(event.clone()),
            Self::Undo => Entry::Undo,
            Self::Redo => Entry::Redo,
        }
    }
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
    /// The rules refuse to replay the events the state is rebuilt from. The rules are
    /// deterministic and every one of those events applied before, so this means a fault in
    /// the app; the game is left as it was.
    #[error("the game cannot be rebuilt: {0}")]
    Refused(RuleError),
    /// The game is only being looked at (it is open in another window).
    #[error("{READ_ONLY}")]
    ReadOnly,
}

/// Why nothing can be played in a game only being looked at.
const READ_ONLY: &str =
    "this is a read-only look at a game open in another window: nothing can be played here";

/// Why a command could not be played.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PlayError {
    /// The rules refuse it.
    #[error(transparent)]
    Rule(#[from] RuleError),
    /// The dice source could not provide the faces.
    #[error(transparent)]
    Dice(#[from] DiceError),
    /// The game is only being looked at (it is open in another window).
    #[error("{READ_ONLY}")]
    ReadOnly,
}

/// One entry of the record, as held: the number of its event, or an undo or redo mark.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Record {
    Event(u32),
    Undo,
    Redo,
}

/// A game: the scenario it was started from, its record, and the state the record gives.
#[derive(Clone, Debug)]
pub struct Game {
    scenario: Arc<Scenario>,
    start: GameState,
    /// Every entry, in order.
    records: Vec<Record>,
    /// Every event ever made, in order; event `n` is the `n`-th event entry of the record.
    events: Vec<Event>,
    /// What each event did when it was first applied. Replaying an event from the same state
    /// with the same dice does the same, so this never goes stale.
    outcomes: Vec<Outcome>,
    /// Whether each event is in effect now.
    in_effect: Vec<bool>,
    /// The events in effect, oldest first.
    applied: Vec<u32>,
    /// Undone events that redo can put back, the next one last.
    redo: Vec<u32>,
    /// The state, worked out up to the first `state_depth` events of `applied` followed by
    /// `redo` reversed (see [`history`]).
    state: GameState,
    state_depth: usize,
    /// States after `n` events in effect: every few events near the newest, every
    /// [`history::CHECKPOINT_EVERY`] further back.
    checkpoints: Vec<(usize, GameState)>,
    /// States after `n` events in effect for the most recent `n`, so undo is instant.
    recent: std::collections::VecDeque<(usize, GameState)>,
}

impl Game {
    /// A new game at the start of turn 1, by the current rules.
    pub fn new(scenario: Arc<Scenario>, settings: Settings) -> Self {
        Self::under_rules(scenario, settings, super::state::RULES_VERSION)
    }

    /// A game at the start of turn 1 played by the rules of `rules` (a saved game's own).
    pub fn under_rules(scenario: Arc<Scenario>, settings: Settings, rules: u32) -> Self {
        let mut start = GameState::new(&scenario, settings);
        start.rules = rules;
        Self {
            state: start.clone(),
            start,
            scenario,
            records: Vec::new(),
            events: Vec::new(),
            outcomes: Vec::new(),
            in_effect: Vec::new(),
            applied: Vec::new(),
            redo: Vec::new(),
            state_depth: 0,
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
        Self::replay_under_rules(scenario, settings, super::state::RULES_VERSION, entries)
    }

    /// [`Game::replay`] for a game played by the rules of `rules` (a saved game's own).
    pub fn replay_under_rules(
        scenario: Arc<Scenario>,
        settings: Settings,
        rules: u32,
        entries: impl IntoIterator<Item = Entry>,
    ) -> Replayed {
        let mut replay = Replay::under_rules(scenario, settings, rules);
        let mut entries = entries.into_iter();
        for entry in entries.by_ref() {
            if replay.push(entry).is_err() {
                break;
            }
        }
        let not_read = entries.count();
        let mut replayed = replay.finish();
        if let Some(refusal) = &mut replayed.refused {
            refusal.left_out += not_read;
        }
        replayed
    }

    /// The scenario.
    pub fn scenario(&self) -> &Arc<Scenario> {
        &self.scenario
    }

    /// The state now.
    pub fn state(&self) -> &GameState {
        &self.state
    }

    /// The version of the rules the game is played by.
    pub fn rules(&self) -> u32 {
        self.start.rules
    }

    /// The settings the game started with.
    pub fn initial_settings(&self) -> &Settings {
        &self.start.settings
    }

    /// How many entries the record holds (events, undos and redos).
    pub fn entry_count(&self) -> usize {
        self.records.len()
    }

    /// The entry at a record position.
    pub fn entry(&self, index: usize) -> Option<EntryRef<'_>> {
        self.records
            .get(index)
            .map(|record| self.entry_ref(*record))
    }

    /// Every entry of the record, oldest first.
    pub fn entries(&self) -> impl ExactSizeIterator<Item = EntryRef<'_>> + '_ {
        self.records.iter().map(|record| self.entry_ref(*record))
    }

    fn entry_ref(&self, record: Record) -> EntryRef<'_> {
        match record {
            Record::Event(n) => EntryRef::Event(&self.events[n as usize]),
            Record::Undo => EntryRef::Undo,
            Record::Redo => EntryRef::Redo,
        }
    }

    /// How many events the record holds, in effect or undone. Events are numbered from 0 in
    /// the order they were made.
    pub fn event_count(&self) -> usize {
        self.events.len()
    }

    /// Event number `n`.
    pub fn event(&self, n: usize) -> Option<&Event> {
        self.events.get(n)
    }

    /// What event `n` did when it was applied.
    pub fn outcome(&self, n: usize) -> Option<&Outcome> {
        self.outcomes.get(n)
    }

    /// Whether event `n` is in effect (false for an undone event, or no such event).
    pub fn in_effect(&self, n: usize) -> bool {
        self.in_effect.get(n).copied().unwrap_or(false)
    }

    /// The number of the most recent event in effect.
    pub fn last_in_effect(&self) -> Option<usize> {
        self.applied.last().map(|&n| n as usize)
    }

    /// The outcome of the most recent event in effect.
    pub fn last_outcome(&self) -> Option<&Outcome> {
        self.last_in_effect().and_then(|n| self.outcome(n))
    }

    /// Number of events in effect.
    pub fn events_in_effect(&self) -> usize {
        self.applied.len()
    }

    /// The events in effect, oldest first.
    pub fn applied_events(&self) -> impl ExactSizeIterator<Item = &Event> + '_ {
        self.applied.iter().map(|&n| &self.events[n as usize])
    }

    /// True when undo would do something.
    pub fn can_undo(&self) -> bool {
        !self.applied.is_empty()
    }

    /// The number of the event redo would put back.
    pub fn next_redo(&self) -> Option<usize> {
        self.redo.last().map(|&n| n as usize)
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
        self.records.len()
    }

    /// The dice of `command` as the next event when the game's dice stay after undo (a
    /// setting), or none when the setting is off (the app's own generator, or the player's
    /// dice, roll). By the rules of version 7 they are fixed by the roll itself: the game's
    /// seed, what is rolled (the command, the table's judgement left out), where in the game
    /// (the turn, the phase, the unit activating) and which roll of that kind it is among the
    /// events in effect; so the same command undone and given again rolls the same faces, and
    /// no other roll, note or setting slipped in before it moves them (`placed.rs`). Earlier
    /// rules place a roll by how many rolls in effect came before it.
    pub fn staying_dice(&self, command: &Command) -> Option<DiceSource> {
        let settings = &self.state.settings;
        let seed = settings.dice_seed.filter(|_| settings.dice_stay)?;
        Some(if self.state.rules_at_least(7) {
            placed::by_the_roll(seed, command, &self.state, self.applied_events())
        } else {
            placed::by_rolls_before(seed, command, &self.state, self.applied_events())
        })
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
        crate::limits::GAME_EVENTS.check(self.events.len() as i64 + 1)?;
        // One copy: the event is applied to it, and on success it becomes the state while the
        // old state is kept for undo.
        let mut next = self.state.clone();
        let outcome = next.apply_in_place(&self.scenario, &event)?;
        let before = std::mem::replace(&mut self.state, next);
        self.push_applied_event(event, outcome.clone(), Some(before));
        Ok(outcome)
    }

    /// Takes back the most recent event in effect.
    pub fn undo(&mut self) -> Result<(), HistoryError> {
        self.mark_undo()?;
        self.settle_or_take_back(1)
    }

    /// Puts back the most recently undone event.
    pub fn redo(&mut self) -> Result<(), HistoryError> {
        self.mark_redo()?;
        self.settle_or_take_back(1)
    }

    /// Works out the state for the events in effect; if that fails, takes back the last
    /// `marks` undo or redo marks so the game is exactly as it was.
    fn settle_or_take_back(&mut self, marks: usize) -> Result<(), HistoryError> {
        if let Err(e) = self.settle(true) {
            for _ in 0..marks {
                self.take_back_mark();
            }
            return Err(HistoryError::Refused(e));
        }
        Ok(())
    }
}

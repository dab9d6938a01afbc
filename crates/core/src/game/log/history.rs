//! Undo and redo over the compact record, and working the state out only when needed.
//!
//! Between two new events, undo and redo only move event numbers between the `applied` and
//! `redo` stacks: `applied` followed by `redo` reversed is the same sequence all along. The
//! state is kept for some prefix of that sequence (`state_depth` events of it), and so are the
//! checkpoints and the recent states. Settling works the state out for the events in effect
//! from the nearest of them, so a run of a million undos and redos costs a million pushes and
//! pops and one settling. A new event ends the sequence at the events in effect: what was kept
//! for events beyond them no longer holds and is dropped.

use crate::game::command::Event;
use crate::game::error::RuleError;
use crate::game::outcome::Outcome;
use crate::game::state::GameState;

use super::{Game, HistoryError, Record};

/// Keep a copy of the state every this many events in effect, so any undo is quick.
pub(super) const CHECKPOINT_EVERY: usize = 64;
/// Near the most recent event, a copy every this many events, so undoing the last few events
/// (by far the most common) replays at most a handful.
const DENSE_EVERY: usize = 8;
/// How far back from the most recent event the copies stay dense.
const DENSE_SPAN: usize = 512;
/// Keep the state before each of this many most recent events, so undoing them is instant.
const RECENT_STATES: usize = 64;

/// Where settling starts from.
enum Base {
    /// The state as it is.
    Current,
    /// A recent state (its position in `recent`).
    Recent(usize),
    /// A checkpoint (its position in `checkpoints`).
    Checkpoint(usize),
    /// The start of the game.
    Start,
}

impl Game {
    /// Records an event already applied to the state (which is settled: `state_depth` events
    /// were in effect before it). `before` is the state before it, kept for a quick undo.
    pub(super) fn push_applied_event(
        &mut self,
        event: Event,
        outcome: Outcome,
        before: Option<GameState>,
    ) {
        let depth = self.applied.len();
        // Whatever redo could have put back is abandoned (it stays in the record), and with it
        // every state kept for more events than are in effect.
        self.checkpoints.retain(|(n, _)| *n <= depth);
        self.recent.retain(|(n, _)| *n <= depth);
        if let Some(before) = before {
            self.remember(depth, before);
        }
        let number = self.events.len() as u32;
        self.events.push(event);
        self.outcomes.push(outcome);
        self.in_effect.push(true);
        self.applied.push(number);
        self.redo.clear();
        self.records.push(Record::Event(number));
        self.state_depth = depth + 1;
        self.checkpoint(depth + 1, None);
    }

    /// Applies an event of a record being replayed straight to the state (which is settled).
    /// The rules check before they change anything, so on error nothing changes.
    pub(super) fn apply_replayed(&mut self, event: Event) -> Result<(), RuleError> {
        crate::limits::GAME_EVENTS.check(self.events.len() as i64 + 1)?;
        let outcome = self.state.apply_in_place(&self.scenario, &event)?;
        self.push_applied_event(event, outcome, None);
        Ok(())
    }

    /// Records an undo without working out the state.
    pub(super) fn mark_undo(&mut self) -> Result<(), HistoryError> {
        let number = self.applied.pop().ok_or(HistoryError::NothingToUndo)?;
        self.in_effect[number as usize] = false;
        self.redo.push(number);
        self.records.push(Record::Undo);
        Ok(())
    }

    /// Records a redo without working out the state.
    pub(super) fn mark_redo(&mut self) -> Result<(), HistoryError> {
        let number = self.redo.pop().ok_or(HistoryError::NothingToRedo)?;
        self.in_effect[number as usize] = true;
        self.applied.push(number);
        self.records.push(Record::Redo);
        Ok(())
    }

    /// Takes back the last undo or redo mark, as if it had never been made. Does nothing when
    /// the record ends in an event.
    pub(super) fn take_back_mark(&mut self) {
        match self.records.last() {
            Some(Record::Undo) => {
                if let Some(number) = self.redo.pop() {
                    self.in_effect[number as usize] = true;
                    self.applied.push(number);
                }
            }
            Some(Record::Redo) => {
                if let Some(number) = self.applied.pop() {
                    self.in_effect[number as usize] = false;
                    self.redo.push(number);
                }
            }
            Some(Record::Event(_)) | None => return,
        }
        self.records.pop();
    }

    /// Works the state out for the events in effect, from the nearest state kept. With
    /// `keep_before`, the state before the last event is kept too, so undoing it is instant.
    /// On error nothing changes.
    pub(super) fn settle(&mut self, keep_before: bool) -> Result<(), RuleError> {
        let target = self.applied.len();
        if self.state_depth == target {
            return Ok(());
        }
        let (from, base) = self.nearest_base(target);
        if from == target
            && let Base::Recent(at) = base
            && let Some((_, state)) = self.recent.remove(at)
        {
            self.state = state;
            self.state_depth = target;
            return Ok(());
        }
        let mut state = match base {
            Base::Current => self.state.clone(),
            Base::Recent(at) => self.recent[at].1.clone(),
            Base::Checkpoint(at) => self.checkpoints[at].1.clone(),
            Base::Start => self.start.clone(),
        };
        let mut before = None;
        for depth in from..target {
            if keep_before && depth + 1 == target {
                before = Some(state.clone());
            }
            let event = &self.events[self.applied[depth] as usize];
            state.apply_in_place(&self.scenario, event)?;
            self.checkpoint(depth + 1, Some(&state));
        }
        self.state = state;
        self.state_depth = target;
        if let Some(before) = before {
            self.remember(target - 1, before);
        }
        Ok(())
    }

    /// The kept state with the most events in effect, at most `target`: (its events, where).
    fn nearest_base(&self, target: usize) -> (usize, Base) {
        let mut best = (0, Base::Start);
        if self.state_depth <= target {
            best = (self.state_depth, Base::Current);
        }
        if let Some((at, (n, _))) = self
            .recent
            .iter()
            .enumerate()
            .filter(|(_, (n, _))| *n <= target)
            .max_by_key(|(_, (n, _))| *n)
            && *n > best.0
        {
            best = (*n, Base::Recent(at));
        }
        let at = self.checkpoints.partition_point(|(n, _)| *n <= target);
        if let Some(at) = at.checked_sub(1)
            && self.checkpoints[at].0 > best.0
        {
            best = (self.checkpoints[at].0, Base::Checkpoint(at));
        }
        best
    }

    /// Keeps the state after `depth` events in effect among the recent ones.
    fn remember(&mut self, depth: usize, state: GameState) {
        self.recent.retain(|(n, _)| *n != depth);
        self.recent.push_back((depth, state));
        if self.recent.len() > RECENT_STATES {
            self.recent.pop_front();
        }
    }

    /// Keeps a checkpoint after `depth` events in effect when one is due and not yet kept;
    /// `state` is that state (the current state when `None`). Checkpoints are dense near the
    /// newest event and sparse further back: the dense ones that fall far behind are dropped.
    fn checkpoint(&mut self, depth: usize, state: Option<&GameState>) {
        if depth == 0 || !depth.is_multiple_of(DENSE_EVERY) {
            return;
        }
        let at = self.checkpoints.partition_point(|(n, _)| *n < depth);
        if self.checkpoints.get(at).is_some_and(|(n, _)| *n == depth) {
            return;
        }
        let state = state.unwrap_or(&self.state).clone();
        self.checkpoints.insert(at, (depth, state));
        if depth.is_multiple_of(DENSE_SPAN) {
            // Now and then (not at every checkpoint), thin out the dense ones left behind.
            self.checkpoints
                .retain(|(n, _)| n.is_multiple_of(CHECKPOINT_EVERY) || n + DENSE_SPAN >= depth);
        }
    }
}

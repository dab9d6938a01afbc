//! Rebuilding a game from its record, one entry at a time.

use std::sync::Arc;

use crate::scenario::Scenario;

use super::super::state::Settings;
use super::{Entry, Game};

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

/// A game being rebuilt from its record, entry by entry (a journal is read this way, a line
/// at a time). Undos and redos are recorded without working the state out; it is worked out
/// before the next event and at the end.
#[derive(Debug)]
pub struct Replay {
    game: Game,
    /// Entries of the record when the state was last worked out.
    settled_at: usize,
    /// The refusal that stopped the replay.
    stopped: Option<Refusal>,
}

impl Replay {
    /// Starts from the beginning of a game played by the current rules.
    pub fn new(scenario: Arc<Scenario>, settings: Settings) -> Self {
        Self::under_rules(scenario, settings, crate::game::state::RULES_VERSION)
    }

    /// Starts from the beginning of a game played by the rules of `rules` (its journal's).
    pub fn under_rules(scenario: Arc<Scenario>, settings: Settings, rules: u32) -> Self {
        Self {
            game: Game::under_rules(scenario, settings, rules),
            settled_at: 0,
            stopped: None,
        }
    }

    /// Entries taken so far.
    pub fn entry_count(&self) -> usize {
        self.game.entry_count()
    }

    /// Takes the next entry of the record. When the rules refuse it, the replay stops: the
    /// refusal says which entry is the first left out (an earlier one than this, should the
    /// state fail to be worked out after a run of undos and redos), and no later entry is
    /// taken.
    pub fn push(&mut self, entry: Entry) -> Result<(), Refusal> {
        if let Some(refusal) = &self.stopped {
            return Err(refusal.clone());
        }
        let index = self.game.entry_count();
        let result = match entry {
            Entry::Event(event) => {
                if let Err(mut refusal) = self.settle() {
                    // This event is left out too.
                    refusal.left_out += 1;
                    self.stopped = Some(refusal.clone());
                    return Err(refusal);
                }
                self.game
                    .apply_replayed(event)
                    .map(|()| self.settled_at = self.game.entry_count())
                    .map_err(|e| e.to_string())
            }
            Entry::Undo => self.game.mark_undo().map_err(|e| e.to_string()),
            Entry::Redo => self.game.mark_redo().map_err(|e| e.to_string()),
        };
        result.map_err(|reason| self.stop(index, reason, 1))
    }

    /// The game as far as the record goes, and what stopped the replay, if anything.
    pub fn finish(mut self) -> Replayed {
        // A failure here is recorded in `stopped`.
        let _ = self.settle();
        Replayed {
            game: self.game,
            refused: self.stopped,
        }
    }

    /// Works the state out; on failure takes back the undos and redos since it last was, and
    /// stops the replay at the first of them.
    fn settle(&mut self) -> Result<(), Refusal> {
        if let Err(error) = self.game.settle(false) {
            let index = self.settled_at;
            let marks = self.game.entry_count() - index;
            for _ in 0..marks {
                self.game.take_back_mark();
            }
            return Err(self.stop(
                index,
                format!("the game cannot be rebuilt from this entry on: {error}"),
                marks,
            ));
        }
        Ok(())
    }

    /// Stops the replay at entry `index`, leaving out `left_out` entries taken from it on, and
    /// any entry an earlier refusal left out after them.
    fn stop(&mut self, index: usize, reason: String, left_out: usize) -> Refusal {
        let left_out = left_out + self.stopped.as_ref().map_or(0, |r| r.left_out);
        let refusal = Refusal {
            index,
            reason,
            left_out,
        };
        self.stopped = Some(refusal.clone());
        refusal
    }
}

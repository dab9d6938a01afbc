//! What a scenario's events (version 4) made of the course of a game: the events on a roll or
//! a condition that have happened, the reinforcement table and the Hot Spot roll as they were
//! changed, and the notes given to the players. Like every part of the state, it is the replay
//! of the log: only the end of a turn, playing on, and an event's roll change it.

use serde::Serialize;

use crate::rules::reinforcements::ReinforcementTable;
use crate::scenario::{Scenario, SpotFaceSetup};

use super::state::GameState;

/// The course of the game as the scenario's events (version 4) changed it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Course {
    /// The events on a roll or a condition that have happened, by their place in the
    /// scenario's list (each happens once).
    pub(crate) happened: Vec<usize>,
    /// The reinforcement table, once an event changed a row of it.
    pub(crate) table: Option<ReinforcementTable>,
    /// The Hot Spot roll, once an event changed it.
    pub(crate) hot_spot_roll: Option<[SpotFaceSetup; 6]>,
    /// The notes for the players given so far, oldest first.
    pub(crate) player_notes: Vec<PlayerNote>,
}

/// A note for the players (version 4), as a turn began.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PlayerNote {
    /// The turn it was given as it began.
    pub turn: u32,
    /// Its words.
    pub text: String,
}

impl GameState {
    /// The reinforcement table as it stands now: the scenario's, with the rows events changed.
    pub fn reinforcement_table<'a>(&'a self, scenario: &'a Scenario) -> &'a ReinforcementTable {
        self.course
            .table
            .as_ref()
            .unwrap_or(&scenario.reinforcements)
    }

    /// What each face of the Hot Spot roll names now, face 1 first.
    pub fn hot_spot_roll(&self, scenario: &Scenario) -> [SpotFaceSetup; 6] {
        self.course.hot_spot_roll.unwrap_or(scenario.hot_spot_roll)
    }

    /// What a face of the Hot Spot roll names now.
    pub fn spot_for_face(&self, scenario: &Scenario, face: u8) -> SpotFaceSetup {
        self.hot_spot_roll(scenario)
            .get(usize::from(face.saturating_sub(1)))
            .copied()
            .unwrap_or(SpotFaceSetup::Choice)
    }

    /// The Hot Spot roll now, in words: "1–2 Hot Spot 1, 3–6 the Insurgent player's choice".
    pub fn hot_spot_roll_words(&self, scenario: &Scenario) -> String {
        crate::scenario::hot_spot_roll_words(&self.hot_spot_roll(scenario))
    }

    /// True when the scenario's event at this place in its list, on a roll or a condition,
    /// has happened.
    pub fn event_happened(&self, event: usize) -> bool {
        self.course.happened.contains(&event)
    }

    /// The notes for the players given so far, oldest first: everybody reads them.
    pub fn player_notes(&self) -> &[PlayerNote] {
        &self.course.player_notes
    }
}

//! Units held back in ambush: when and where they arrive.

use serde::{Deserialize, Serialize};

/// When and where a unit held in ambush arrives.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct AmbushSetup {
    /// First turn on which it may arrive.
    pub from_turn: u32,
    /// The d6 needed at the start of the Insurgent phase (arrives on this or more).
    pub arrives_on: u8,
    /// Turns on which it arrives without a roll.
    pub automatic_turns: Vec<u32>,
    /// Where it arrives.
    pub arrives_at: AmbushPoint,
    /// The last turn it can arrive; still waiting after it, it is lost.
    pub last_turn: Option<u32>,
}

/// Where a unit in ambush arrives.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum AmbushPoint {
    /// At a Hot Spot rolled like a reinforcement's (6: the Insurgents choose).
    HotSpot,
    /// At a point the scenario names.
    Point(String),
}

//! Version 3 of the format: how long the game lasts when the turn limit is rolled, what
//! happens on a set turn, the results the points name at the end, and the author's notes.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::limits::{HOT_SPOT, NOTE_CHARS, TURN_LIMIT, VICTORY_THRESHOLD};
use crate::unit::Side;

use super::{InsurgencyFile, LINE_PATTERN};

/// The pattern of a variable turn limit: a number of turns, then 1 to 4 d3 or d6 ("6+1d3").
pub const TURN_DICE_PATTERN: &str = r"^([1-9][0-9]?)\+[1-4]?d(3|6)$";

/// The number of turns: a number, or (version 3) a number and dice rolled during the game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(untagged)]
#[schemars(extend(
    "x-expected" = "a number of turns from 1 to 100, or (version 3) a number and dice: \"6+1d3\""
))]
pub enum TurnLimitFile {
    /// That many turns.
    Turns(#[schemars(range(min = TURN_LIMIT.min, max = TURN_LIMIT.max))] u32),
    /// Version 3: at least the number, then the dice, rolled at the end of that turn: "6+1d3"
    /// (a d3 is a d6 halved, rounded up).
    Dice(#[schemars(regex(pattern = TURN_DICE_PATTERN))] String),
}

/// Version 3: something that happens as a turn begins, before its Insurgency roll.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case", tag = "kind", deny_unknown_fields)]
pub enum EventFile {
    /// The Insurgency Level becomes `level`.
    InsurgencyLevel {
        /// The turn it happens, as the turn begins (2 or later).
        #[schemars(range(min = 2, max = TURN_LIMIT.max))]
        turn: u32,
        /// The new level: 1 to 6, or "automatic".
        level: InsurgencyFile,
    },
    /// A Hot Spot wakes (`active: true`) or is neutralized (`active: false`).
    HotSpot {
        /// The turn it happens, as the turn begins (2 or later).
        #[schemars(range(min = 2, max = TURN_LIMIT.max))]
        turn: u32,
        /// The Hot Spot's number.
        #[schemars(range(min = HOT_SPOT.min, max = HOT_SPOT.max))]
        hot_spot: u32,
        /// True: it is active from this turn; false: it is neutralized.
        active: bool,
    },
    /// A note for the referee, shown on the desk as the turn begins and never on the players'
    /// screens (the table screen, the phones).
    Note {
        /// The turn it is shown, as the turn begins (2 or later).
        #[schemars(range(min = 2, max = TURN_LIMIT.max))]
        turn: u32,
        /// The words.
        #[schemars(regex(pattern = LINE_PATTERN), length(max = NOTE_CHARS.max))]
        text: String,
    },
}

impl EventFile {
    /// The turn it happens.
    pub fn turn(&self) -> u32 {
        match self {
            EventFile::InsurgencyLevel { turn, .. }
            | EventFile::HotSpot { turn, .. }
            | EventFile::Note { turn, .. } => *turn,
        }
    }
}

/// Version 3: a result the points name at the end of the game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ThresholdFile {
    /// The side it is for.
    pub side: Side,
    /// The victory points the side needs, at least.
    #[schemars(range(min = VICTORY_THRESHOLD.min, max = VICTORY_THRESHOLD.max))]
    pub points: i32,
    /// The result, in words ("Decisive Regular victory").
    #[schemars(regex(pattern = LINE_PATTERN), length(max = crate::limits::NAME_CHARS.max))]
    pub label: String,
}

//! Versions 3 and 4 of the format: how long the game lasts when the turn limit is rolled (or
//! the end is rolled each turn), what happens on a set turn (on a roll, once a condition
//! holds), the results the points name at the end, and the author's notes.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::limits::{HOT_SPOT, NOTE_CHARS, TURN_LIMIT, VICTORY_THRESHOLD};
use crate::unit::Side;

use super::{ArrivalFile, HotSpotRollFile, InsurgencyFile, LINE_PATTERN, TEXT_PATTERN};

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

/// Version 4: the end of the game rolled each turn from a turn: at the end of each turn from
/// `from_turn`, a d6 of `on` or more ends the game after that turn.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct EndRollFile {
    /// The first turn at whose end it is rolled (1 or later).
    #[schemars(range(min = 1, max = TURN_LIMIT.max))]
    pub from_turn: u32,
    /// The d6 that ends the game: "5+".
    #[schemars(regex(pattern = ROLL_PATTERN), extend("x-expected" = ROLL_WORDS))]
    pub on: String,
}

/// The pattern of a roll an event (version 4) needs: a d6 of that face or more ("4+").
pub const ROLL_PATTERN: &str = r"^[1-6]\+$";

/// Version 3: something that happens as a turn begins, before its Insurgency roll. Version 4:
/// from that turn on, on a roll (`on`) or once a condition holds (`when`), or both.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case", tag = "kind", deny_unknown_fields)]
pub enum EventFile {
    /// The Insurgency Level becomes `level`.
    InsurgencyLevel {
        /// The turn it happens, as the turn begins (2 or later); with `on` or `when` (version
        /// 4), the first turn it may.
        #[schemars(range(min = 2, max = TURN_LIMIT.max))]
        turn: u32,
        /// Version 4: the d6 it needs, rolled as each turn begins from `turn` until it happens:
        /// "4+".
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[schemars(regex(pattern = ROLL_PATTERN), extend("x-expected" = ROLL_WORDS))]
        on: Option<String>,
        /// Version 4: what must hold as a turn begins for it to happen (a Hot Spot neutralized,
        /// a unit wiped out, a side's points reached).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        when: Option<ConditionFile>,
        /// The new level: 1 to 6, or "automatic".
        level: InsurgencyFile,
    },
    /// A Hot Spot wakes (`active: true`) or is neutralized (`active: false`).
    HotSpot {
        /// The turn it happens, as the turn begins (2 or later); with `on` or `when` (version
        /// 4), the first turn it may.
        #[schemars(range(min = 2, max = TURN_LIMIT.max))]
        turn: u32,
        /// Version 4: the d6 it needs, rolled as each turn begins from `turn` until it happens:
        /// "4+".
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[schemars(regex(pattern = ROLL_PATTERN), extend("x-expected" = ROLL_WORDS))]
        on: Option<String>,
        /// Version 4: what must hold as a turn begins for it to happen.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        when: Option<ConditionFile>,
        /// The Hot Spot's number.
        #[schemars(range(min = HOT_SPOT.min, max = HOT_SPOT.max))]
        hot_spot: u32,
        /// True: it is active from this turn; false: it is neutralized.
        active: bool,
    },
    /// A note: for the referee, shown on the desk as the turn begins and never on the players'
    /// screens; or (version 4, `"for": "players"`) for the players, shown on the table screen
    /// and the phones too.
    Note {
        /// The turn it is shown, as the turn begins (2 or later); with `on` or `when` (version
        /// 4), the first turn it may be.
        #[schemars(range(min = 2, max = TURN_LIMIT.max))]
        turn: u32,
        /// Version 4: the d6 it needs, rolled as each turn begins from `turn` until it happens:
        /// "4+".
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[schemars(regex(pattern = ROLL_PATTERN), extend("x-expected" = ROLL_WORDS))]
        on: Option<String>,
        /// Version 4: what must hold as a turn begins for it to be shown.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        when: Option<ConditionFile>,
        /// Version 4: who reads it: "referee" (the default) or "players".
        #[serde(default, rename = "for", skip_serializing_if = "Audience::is_referee")]
        audience: Audience,
        /// The words; they may run over several lines, as the author's notes may.
        #[schemars(regex(pattern = TEXT_PATTERN), length(max = NOTE_CHARS.max))]
        text: String,
    },
    /// Version 4: the row of the reinforcement table with this id brings other units from now
    /// on (its totals stay).
    ReinforcementRow {
        /// The turn it happens, as the turn begins (2 or later); with `on` or `when`, the
        /// first turn it may.
        #[schemars(range(min = 2, max = TURN_LIMIT.max))]
        turn: u32,
        /// The d6 it needs, rolled as each turn begins from `turn` until it happens: "4+".
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[schemars(regex(pattern = ROLL_PATTERN), extend("x-expected" = ROLL_WORDS))]
        on: Option<String>,
        /// What must hold as a turn begins for it to happen.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        when: Option<ConditionFile>,
        /// The id of the row it changes.
        #[schemars(regex(pattern = LINE_PATTERN))]
        row: String,
        /// The units the row brings from now on (none only with `roll_again`).
        units: Vec<ArrivalFile>,
        /// True: the row rolls on the table once more.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        roll_again: bool,
    },
    /// Version 4: the Hot Spot roll names other spots from now on.
    HotSpotRoll {
        /// The turn it happens, as the turn begins (2 or later); with `on` or `when`, the
        /// first turn it may.
        #[schemars(range(min = 2, max = TURN_LIMIT.max))]
        turn: u32,
        /// The d6 it needs, rolled as each turn begins from `turn` until it happens: "4+".
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[schemars(regex(pattern = ROLL_PATTERN), extend("x-expected" = ROLL_WORDS))]
        on: Option<String>,
        /// What must hold as a turn begins for it to happen.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        when: Option<ConditionFile>,
        /// What each face names from now on.
        roll: HotSpotRollFile,
    },
}

/// How the schema and the validator name a roll an event needs.
pub const ROLL_WORDS: &str = "a d6 and a plus: \"4+\" (1+ to 6+)";

impl EventFile {
    /// The turn it happens (with `on` or `when`, the first turn it may).
    pub fn turn(&self) -> u32 {
        match self {
            EventFile::InsurgencyLevel { turn, .. }
            | EventFile::HotSpot { turn, .. }
            | EventFile::Note { turn, .. }
            | EventFile::ReinforcementRow { turn, .. }
            | EventFile::HotSpotRoll { turn, .. } => *turn,
        }
    }

    /// The roll it needs, as written ("4+"), if any (version 4).
    pub fn on(&self) -> Option<&str> {
        match self {
            EventFile::InsurgencyLevel { on, .. }
            | EventFile::HotSpot { on, .. }
            | EventFile::Note { on, .. }
            | EventFile::ReinforcementRow { on, .. }
            | EventFile::HotSpotRoll { on, .. } => on.as_deref(),
        }
    }

    /// The condition it waits for, if any (version 4).
    pub fn when(&self) -> Option<&ConditionFile> {
        match self {
            EventFile::InsurgencyLevel { when, .. }
            | EventFile::HotSpot { when, .. }
            | EventFile::Note { when, .. }
            | EventFile::ReinforcementRow { when, .. }
            | EventFile::HotSpotRoll { when, .. } => when.as_ref(),
        }
    }

    /// True for an event on a set turn: it happens on its turn for sure (no roll, no
    /// condition).
    pub fn on_a_set_turn(&self) -> bool {
        self.on().is_none() && self.when().is_none()
    }

    /// Its kind, as the file writes it: "hot_spot".
    pub fn kind(&self) -> &'static str {
        match self {
            EventFile::InsurgencyLevel { .. } => "insurgency_level",
            EventFile::HotSpot { .. } => "hot_spot",
            EventFile::Note { .. } => "note",
            EventFile::ReinforcementRow { .. } => "reinforcement_row",
            EventFile::HotSpotRoll { .. } => "hot_spot_roll",
        }
    }
}

/// Version 4: who reads a note.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Audience {
    /// The referee alone: the desk.
    #[default]
    Referee,
    /// Everybody: the desk, the table screen and the phones.
    Players,
}

impl Audience {
    /// The default, left out when written.
    pub fn is_referee(&self) -> bool {
        *self == Audience::Referee
    }
}

/// Version 4: what must hold, as a turn begins, for an event to happen.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
#[schemars(extend(
    "x-expected" = "{\"hot_spot_neutralized\": 2}, {\"wiped_out\": \"a unit's id\"} or {\"points\": {\"side\": \"regular\", \"at_least\": 5}}"
))]
pub enum ConditionFile {
    /// This Hot Spot is neutralized.
    HotSpotNeutralized(#[schemars(range(min = HOT_SPOT.min, max = HOT_SPOT.max))] u32),
    /// The unit (or leader on his own) with this id is out of the game: every figure down,
    /// broken, or lost before it came on.
    WipedOut(#[schemars(regex(pattern = LINE_PATTERN))] String),
    /// A side has at least so many victory points.
    Points(PointsFile),
}

/// {"side": "regular", "at_least": 5}
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PointsFile {
    /// The side whose points count.
    pub side: Side,
    /// The points it needs, at least.
    #[schemars(range(min = VICTORY_THRESHOLD.min, max = VICTORY_THRESHOLD.max))]
    pub at_least: i32,
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

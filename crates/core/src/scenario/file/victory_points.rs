//! The victory points of a scenario file.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::limits::{TURN_LIMIT, VICTORY_POINTS};
use crate::unit::Side;

use super::super::VictoryTrigger;
use super::LINE_PATTERN;

/// A way to score victory points.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct VictoryFile {
    /// Stable id.
    #[schemars(regex(pattern = LINE_PATTERN))]
    pub id: String,
    /// Who scores it.
    pub side: Side,
    /// Points each time.
    #[schemars(range(min = VICTORY_POINTS.min, max = VICTORY_POINTS.max))]
    pub points: i32,
    /// What it is for.
    #[schemars(regex(pattern = LINE_PATTERN))]
    pub label: String,
    /// How it is counted: {"kind": "manual"} ({"kind": "manual", "once": true} for an item
    /// scored once or not at all), {"kind": "regular_wounded"},
    /// {"kind": "regulars_killed"}, {"kind": "insurgent_casualties", "per": 3},
    /// {"kind": "place_held", "place": "the pump house"},
    /// {"kind": "escorted_off", "tag": "contractor"} or (version 4)
    /// {"kind": "held_at_end", "tag": "captive", "held_by": "insurgent"}.
    #[serde(default = "manual")]
    pub trigger: VictoryTrigger,
    /// Version 4: the last turn whose happenings it counts; after the end of that turn it
    /// scores no more (only for the items the app counts as they happen).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(range(min = 1, max = TURN_LIMIT.max))]
    pub until_turn: Option<u32>,
}

fn manual() -> VictoryTrigger {
    VictoryTrigger::Manual { once: false }
}

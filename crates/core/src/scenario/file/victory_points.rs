//! The victory points of a scenario file.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::limits::VICTORY_POINTS;
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
    /// {"kind": "place_held", "place": "the pump house"} or
    /// {"kind": "escorted_off", "tag": "contractor"}.
    #[serde(default = "manual")]
    pub trigger: VictoryTrigger,
}

fn manual() -> VictoryTrigger {
    VictoryTrigger::Manual { once: false }
}

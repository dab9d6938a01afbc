//! The reinforcement table of a scenario file.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::limits::{NAME_CHARS, REINFORCEMENT_ROLL};
use crate::unit::Weapon;

use super::{COUNT_PATTERN, DIE_PATTERN, DIE_WORDS, LINE_PATTERN};

/// A row of the reinforcement table.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RowFile {
    /// Stable id of the row.
    #[schemars(regex(pattern = LINE_PATTERN))]
    pub id: String,
    /// The 2d6 totals this row covers (2 to 12).
    #[schemars(length(min = 1), inner(range(min = REINFORCEMENT_ROLL.min, max = REINFORCEMENT_ROLL.max)))]
    pub rolls: Vec<u32>,
    /// Units that arrive.
    pub units: Vec<ArrivalFile>,
    /// Roll on the table once more.
    #[serde(default)]
    pub roll_again: bool,
}

/// A unit a row brings.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ArrivalFile {
    /// Version 2: its name ("Foreign fighters"); numbered after the scenario's arrivals when
    /// left out.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(regex(pattern = LINE_PATTERN), length(max = NAME_CHARS.max))]
    pub name: Option<String>,
    /// Version 2: its Troop Quality, when it differs from the Insurgent profile's.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(regex(pattern = DIE_PATTERN), extend("x-expected" = DIE_WORDS))]
    pub tq: Option<String>,
    /// Version 2: its leaders' Troop Quality, when it differs from the profile's.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(regex(pattern = DIE_PATTERN), extend("x-expected" = DIE_WORDS))]
    pub leader_tq: Option<String>,
    /// Version 2: its Morale, when it differs from the profile's.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(regex(pattern = DIE_PATTERN), extend("x-expected" = DIE_WORDS))]
    pub morale: Option<String>,
    /// Its figures.
    #[schemars(length(min = 1))]
    pub figures: Vec<ArrivalFigureFile>,
}

/// Figures of one weapon in an arriving unit.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ArrivalFigureFile {
    /// How many: "1", "3", "1d6", "1d6+2", "2d6" (1 to 20, or 1 to 4 dice plus up to 20).
    #[schemars(
        regex(pattern = COUNT_PATTERN),
        extend("x-expected" = "a figure count: a number from 1 to 20 (\"3\"), dice (\"1d6\") or dice plus a number (\"1d6+2\"), with no spaces")
    )]
    pub count: String,
    /// Their weapon.
    pub weapon: Weapon,
    /// An RPG marked `*` in the booklet: each rolls a d6, 5–6 makes it an AT RPG.
    #[serde(default)]
    pub at_check: bool,
}

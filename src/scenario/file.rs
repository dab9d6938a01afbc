//! The scenario file format: plain types that a JSON file deserializes into.
//!
//! Nothing here is checked beyond JSON syntax and shape; `check` turns these into a
//! [`Scenario`](super::Scenario) and reports every problem with its field path. The doc
//! comments become the descriptions of the JSON Schema printed by `ambush-alley schema`.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::unit::{Side, Weapon};

use super::{Scale, VictoryTrigger};

/// The value of `format` in every scenario file.
pub const SCENARIO_FORMAT: &str = "ambush-alley-scenario";
/// The scenario format version this app writes and reads.
pub const SCENARIO_VERSION: u32 = 1;

/// An Ambush Alley scenario.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ScenarioFile {
    /// Always "ambush-alley-scenario".
    pub format: String,
    /// Format version. This app reads version 1.
    pub version: u32,
    /// Stable id, such as "contracting-trouble".
    pub id: String,
    /// Title shown to players.
    pub name: String,
    /// The mission brief.
    #[serde(default)]
    pub brief: String,
    /// Each side's objective.
    #[serde(default)]
    pub objectives: ObjectivesFile,
    /// Table size, in words ("2'x2' at 15mm, 4'x4' at 28mm").
    #[serde(default)]
    pub table: String,
    /// Figure scale the distances are written for: "15mm" or "28mm" (28mm multiplies every
    /// distance by 1.5).
    #[serde(default)]
    pub scale: Scale,
    /// Special rules, one paragraph each.
    #[serde(default)]
    pub special_rules: Vec<String>,
    /// Number of turns, when the game is limited.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(range(min = 1, max = 100))]
    pub turn_limit: Option<u32>,
    /// Insurgency Level: a number from 1 to 6, or "automatic".
    pub insurgency_level: InsurgencyFile,
    /// What arriving Insurgent reinforcements are like.
    pub insurgent_profile: ProfileFile,
    /// The five Hot Spots, numbered 1 to 5.
    pub hot_spots: Vec<HotSpotFile>,
    /// The units on the table at the start (or held in ambush).
    pub units: Vec<UnitFile>,
    /// Leaders: attached to a unit, or acting as one-figure units of their own.
    #[serde(default)]
    pub leaders: Vec<LeaderFile>,
    /// The 2d6 reinforcement table: every total from 2 to 12 exactly once.
    pub reinforcements: Vec<RowFile>,
    /// Ways to score victory points.
    #[serde(default)]
    pub victory: Vec<VictoryFile>,
}

/// Each side's objective.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ObjectivesFile {
    /// What the Regular player must do.
    #[serde(default)]
    pub regular: String,
    /// What the Insurgent player must do.
    #[serde(default)]
    pub insurgent: String,
}

/// The Insurgency Level: 1 to 6, or "automatic".
#[derive(Clone, Debug, PartialEq, Serialize, JsonSchema)]
#[serde(untagged)]
pub enum InsurgencyFile {
    /// Reinforcements come when a d6 rolls this or less.
    Level(u32),
    /// "automatic": reinforcements come every turn from the second.
    Word(String),
}

impl<'de> Deserialize<'de> for InsurgencyFile {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct Visitor;
        impl serde::de::Visitor<'_> for Visitor {
            type Value = InsurgencyFile;

            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("an Insurgency Level: a number from 1 to 6, or \"automatic\"")
            }

            fn visit_u64<E: serde::de::Error>(self, v: u64) -> Result<Self::Value, E> {
                Ok(InsurgencyFile::Level(u32::try_from(v).unwrap_or(u32::MAX)))
            }

            fn visit_i64<E: serde::de::Error>(self, v: i64) -> Result<Self::Value, E> {
                Err(E::invalid_value(serde::de::Unexpected::Signed(v), &self))
            }

            fn visit_str<E: serde::de::Error>(self, v: &str) -> Result<Self::Value, E> {
                Ok(InsurgencyFile::Word(v.to_owned()))
            }
        }
        deserializer.deserialize_any(Visitor)
    }
}

/// What arriving Insurgents are like.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ProfileFile {
    /// Troop Quality die of ordinary figures: d6, d8, d10 or d12.
    #[schemars(regex(pattern = r"^d(6|8|10|12)$"))]
    pub tq: String,
    /// Troop Quality die of leaders.
    #[schemars(regex(pattern = r"^d(6|8|10|12)$"))]
    pub leader_tq: String,
    /// Morale die.
    #[schemars(regex(pattern = r"^d(6|8|10|12)$"))]
    pub morale: String,
    /// Optimum Range in inches at the scenario's scale.
    #[schemars(range(max = 48))]
    pub optimum_range: u32,
    /// Armor dice.
    #[serde(default)]
    #[schemars(range(max = 3))]
    pub armor: u32,
}

/// One Hot Spot.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct HotSpotFile {
    /// 1 to 5.
    #[schemars(range(min = 1, max = 5))]
    pub number: u32,
    /// Where it is, in words.
    #[serde(default)]
    pub location: String,
}

/// A unit.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct UnitFile {
    /// Stable id, unique among units and leaders.
    pub id: String,
    /// Name shown on its card.
    pub name: String,
    /// "regular" or "insurgent".
    pub side: Side,
    /// Troop Quality die: d6, d8, d10 or d12.
    #[schemars(regex(pattern = r"^d(6|8|10|12)$"))]
    pub tq: String,
    /// Morale die.
    #[schemars(regex(pattern = r"^d(6|8|10|12)$"))]
    pub morale: String,
    /// Optimum Range in inches at the scenario's scale.
    #[schemars(range(max = 48))]
    pub optimum_range: u32,
    /// Armor dice (body armor: 1).
    #[serde(default)]
    #[schemars(range(max = 3))]
    pub armor: u32,
    /// Starting position in words ("map key 1: by the mosque").
    #[serde(default)]
    pub location: String,
    /// True for units that never act (wounded civilians waiting for rescue).
    #[serde(default)]
    pub non_combatant: bool,
    /// Its figures.
    pub figures: Vec<FigureFile>,
    /// Held back in ambush instead of set up on the table.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ambush: Option<AmbushFile>,
}

/// A figure, or several alike.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct FigureFile {
    /// Name on the card ("Rifleman").
    pub name: String,
    /// rifle, light_support, medium_support, at_rpg, leader or dependant.
    pub weapon: Weapon,
    /// How many figures like this (default 1).
    #[serde(default = "one")]
    #[schemars(range(min = 1, max = 20))]
    pub count: u32,
    /// Its own Troop Quality die, when it differs from the unit's.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(regex(pattern = r"^d(6|8|10|12)$"))]
    pub tq: Option<String>,
    /// A tag victory points can count ("contractor").
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tag: Option<String>,
}

fn one() -> u32 {
    1
}

/// A leader.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct LeaderFile {
    /// Stable id, unique among units and leaders.
    pub id: String,
    /// Name ("Corporal").
    pub name: String,
    /// "regular" or "insurgent".
    pub side: Side,
    /// His Troop Quality die.
    #[schemars(regex(pattern = r"^d(6|8|10|12)$"))]
    pub tq: String,
    /// The id of the unit he starts with; leave out for a leader acting on his own.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub attached_to: Option<String>,
    /// Morale die when he acts on his own.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(regex(pattern = r"^d(6|8|10|12)$"))]
    pub morale: Option<String>,
    /// Optimum Range when he acts on his own.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(range(max = 48))]
    pub optimum_range: Option<u32>,
    /// Armor dice when he acts on his own.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(range(max = 3))]
    pub armor: Option<u32>,
    /// Starting position when he acts on his own.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub location: Option<String>,
}

/// A unit held in ambush.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct AmbushFile {
    /// First turn on which it may arrive (default 2).
    #[serde(default = "two")]
    #[schemars(range(min = 1, max = 100))]
    pub from_turn: u32,
    /// The d6 it needs at the start of the Insurgent phase (default 3: arrives on 3+).
    #[serde(default = "three")]
    #[schemars(range(min = 1, max = 6))]
    pub arrives_on: u32,
    /// Turns on which it arrives without a roll.
    #[serde(default)]
    pub automatic_turns: Vec<u32>,
    /// Where it arrives: "hot_spot" (a d6 like reinforcements) or a named point in words.
    #[serde(default = "hot_spot")]
    pub arrives_at: String,
    /// The last turn it can arrive; a unit still waiting after it is lost.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub last_turn: Option<u32>,
}

fn two() -> u32 {
    2
}

fn three() -> u32 {
    3
}

fn hot_spot() -> String {
    "hot_spot".to_owned()
}

/// A row of the reinforcement table.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RowFile {
    /// Stable id of the row.
    pub id: String,
    /// The 2d6 totals this row covers (2 to 12).
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
    /// Its figures.
    pub figures: Vec<ArrivalFigureFile>,
}

/// Figures of one weapon in an arriving unit.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ArrivalFigureFile {
    /// How many: "1", "3", "1d6", "1d6+2", "2d6" (at most 4 dice and +20).
    #[schemars(regex(pattern = r"^([0-9]+|[0-9]*[dD](6|8|10|12)(\+[0-9]+)?)$"))]
    pub count: String,
    /// Their weapon.
    pub weapon: Weapon,
    /// An RPG marked `*` in the booklet: each rolls a d6, 5–6 makes it an AT RPG.
    #[serde(default)]
    pub at_check: bool,
}

/// A way to score victory points.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct VictoryFile {
    /// Stable id.
    pub id: String,
    /// Who scores it.
    pub side: Side,
    /// Points each time.
    #[schemars(range(min = -100, max = 100))]
    pub points: i32,
    /// What it is for.
    pub label: String,
    /// How it is counted: {"kind": "manual"}, {"kind": "regular_wounded"} or
    /// {"kind": "escorted_off", "tag": "contractor"}.
    #[serde(default = "manual")]
    pub trigger: VictoryTrigger,
}

fn manual() -> VictoryTrigger {
    VictoryTrigger::Manual
}

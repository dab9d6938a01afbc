//! The forces in a scenario file: units, their figures, leaders, and units that come on later
//! (in ambush or on a set turn).

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::limits::{
    AMBUSH_ROLL, ARMOR, FIGURE_COUNT, HOT_SPOT, NAME_CHARS, OPTIMUM_RANGE, PLACE_CHARS, TURN_LIMIT,
};
use crate::unit::{Side, Weapon};

use super::{DIE_PATTERN, DIE_WORDS, LINE_PATTERN};

/// A unit.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct UnitFile {
    /// Stable id, unique among units and leaders.
    #[schemars(regex(pattern = LINE_PATTERN))]
    pub id: String,
    /// Name shown on its card.
    #[schemars(regex(pattern = LINE_PATTERN), length(max = NAME_CHARS.max))]
    pub name: String,
    /// "regular" or "insurgent".
    pub side: Side,
    /// Troop Quality die: d6, d8, d10 or d12.
    #[schemars(regex(pattern = DIE_PATTERN), extend("x-expected" = DIE_WORDS))]
    pub tq: String,
    /// Morale die.
    #[schemars(regex(pattern = DIE_PATTERN), extend("x-expected" = DIE_WORDS))]
    pub morale: String,
    /// Optimum Range in inches, as measured at the scenario's scale.
    #[schemars(range(max = OPTIMUM_RANGE.max))]
    pub optimum_range: u32,
    /// Armor dice (body armor: 1).
    #[serde(default)]
    #[schemars(range(max = ARMOR.max))]
    pub armor: u32,
    /// Starting position in words ("map key 1: by the mosque").
    #[serde(default, skip_serializing_if = "String::is_empty")]
    #[schemars(regex(pattern = LINE_PATTERN), length(max = PLACE_CHARS.max))]
    pub location: String,
    /// True for units that never act (wounded civilians waiting for rescue): their figures
    /// are dependants.
    #[serde(default)]
    pub non_combatant: bool,
    /// Its figures.
    pub figures: Vec<FigureFile>,
    /// An Insurgent unit held back in ambush instead of set up on the table.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ambush: Option<AmbushFile>,
    /// Version 2: a unit of either side that is not on the table at the start and arrives on a
    /// later turn (a quick reaction force).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub arrives: Option<ScheduledFile>,
    /// Version 4, for a unit that never acts (hostages, captives): the other side, whose unit
    /// frees them by moving into contact; they join it and change sides.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub freed_by: Option<Side>,
}

/// Version 2: when and where a unit arrives on a later turn (version 3: on a roll).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ScheduledFile {
    /// The turn it arrives, at the start of its side's phase (2 or later).
    #[schemars(range(min = 2, max = TURN_LIMIT.max))]
    pub turn: u32,
    /// Where it comes on: in words ("the south edge, by the bridge"), or (version 4, an
    /// Insurgent unit) {"hot_spot": 2} for that Hot Spot.
    pub at: ArrivalAtFile,
    /// Version 3: the d6 it needs to come on: from `turn` on, it rolls at the start of its
    /// side's part of each turn until it comes on. Without it, it comes on at `turn` for sure.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(range(min = AMBUSH_ROLL.min, max = AMBUSH_ROLL.max))]
    pub arrives_on: Option<u32>,
}

/// Where a unit arriving on a later turn comes on.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(untagged)]
#[schemars(extend(
    "x-expected" = "a place in words, or (version 4) {\"hot_spot\": 2}"
))]
pub enum ArrivalAtFile {
    /// Version 4: a Hot Spot the scenario names (an Insurgent unit arriving there when it is
    /// neutralized is lost).
    HotSpot(HotSpotPlace),
    /// A place in words.
    Words(#[schemars(regex(pattern = LINE_PATTERN), length(max = PLACE_CHARS.max))] String),
}

impl ArrivalAtFile {
    /// The place in words, if it is given in words.
    pub fn words(&self) -> Option<&str> {
        match self {
            ArrivalAtFile::Words(words) => Some(words),
            ArrivalAtFile::HotSpot(_) => None,
        }
    }
}

/// A figure, or several alike.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct FigureFile {
    /// Name on the card ("Rifleman").
    #[schemars(regex(pattern = LINE_PATTERN), length(max = NAME_CHARS.max))]
    pub name: String,
    /// rifle, light_support, medium_support, at_rpg, leader or dependant.
    pub weapon: Weapon,
    /// How many figures like this (default 1).
    #[serde(default = "one")]
    #[schemars(range(min = FIGURE_COUNT.min, max = FIGURE_COUNT.max))]
    pub count: u32,
    /// Its own Troop Quality die, when it differs from the unit's.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(regex(pattern = DIE_PATTERN), extend("x-expected" = DIE_WORDS))]
    pub tq: Option<String>,
    /// A tag victory points can count ("contractor").
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(regex(pattern = LINE_PATTERN))]
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
    #[schemars(regex(pattern = LINE_PATTERN))]
    pub id: String,
    /// Name ("Corporal").
    #[schemars(regex(pattern = LINE_PATTERN), length(max = NAME_CHARS.max))]
    pub name: String,
    /// "regular" or "insurgent".
    pub side: Side,
    /// His Troop Quality die.
    #[schemars(regex(pattern = DIE_PATTERN), extend("x-expected" = DIE_WORDS))]
    pub tq: String,
    /// The id of the unit he starts with; leave out for a leader acting on his own.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(regex(pattern = LINE_PATTERN))]
    pub attached_to: Option<String>,
    /// Morale die when he acts on his own.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(regex(pattern = DIE_PATTERN), extend("x-expected" = DIE_WORDS))]
    pub morale: Option<String>,
    /// Optimum Range when he acts on his own.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(range(max = OPTIMUM_RANGE.max))]
    pub optimum_range: Option<u32>,
    /// Armor dice when he acts on his own.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(range(max = ARMOR.max))]
    pub armor: Option<u32>,
    /// Starting position when he acts on his own.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(regex(pattern = LINE_PATTERN), length(max = PLACE_CHARS.max))]
    pub location: Option<String>,
    /// Version 2: a tag victory points can count ("hvt" for a leader to escort off).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(regex(pattern = LINE_PATTERN))]
    pub tag: Option<String>,
}

/// A unit held in ambush.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct AmbushFile {
    /// First turn on which it may arrive (default 2).
    #[serde(default = "two")]
    #[schemars(range(min = 1, max = TURN_LIMIT.max))]
    pub from_turn: u32,
    /// The d6 it needs at the start of the Insurgent phase (default 3: arrives on 3+).
    #[serde(default = "three")]
    #[schemars(range(min = AMBUSH_ROLL.min, max = AMBUSH_ROLL.max))]
    pub arrives_on: u32,
    /// Turns on which it arrives without a roll (from `from_turn` to `last_turn`).
    #[serde(default)]
    #[schemars(inner(range(min = 1, max = TURN_LIMIT.max)))]
    pub automatic_turns: Vec<u32>,
    /// Where it arrives: "hot_spot" for a Hot Spot rolled like a reinforcement's, or (version
    /// 2) {"hot_spot": 2} for that spot, or {"point": "the pump house"}; in version 1, any
    /// other text is a point in words.
    #[serde(default = "rolled_hot_spot")]
    pub arrives_at: AmbushAtFile,
    /// The last turn it can arrive; a unit still waiting after it is lost.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(range(min = 1, max = TURN_LIMIT.max))]
    pub last_turn: Option<u32>,
}

/// Where a unit in ambush arrives.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(untagged)]
#[schemars(extend(
    "x-expected" = "\"hot_spot\", {\"hot_spot\": 2} or {\"point\": \"the pump house\"}"
))]
pub enum AmbushAtFile {
    /// Version 2: a Hot Spot the scenario names.
    HotSpot(HotSpotPlace),
    /// Version 2: a point in words.
    Point(PointPlace),
    /// "hot_spot" for a rolled Hot Spot; in version 1, any other text is a point in words.
    Words(#[schemars(regex(pattern = LINE_PATTERN), length(max = PLACE_CHARS.max))] String),
}

/// {"hot_spot": 2}
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct HotSpotPlace {
    /// The Hot Spot's number.
    #[schemars(range(min = HOT_SPOT.min, max = HOT_SPOT.max))]
    pub hot_spot: u32,
}

/// {"point": "the pump house"}
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PointPlace {
    /// The point, in words.
    #[schemars(regex(pattern = LINE_PATTERN), length(max = PLACE_CHARS.max))]
    pub point: String,
}

fn two() -> u32 {
    2
}

fn three() -> u32 {
    3
}

fn rolled_hot_spot() -> AmbushAtFile {
    AmbushAtFile::Words("hot_spot".to_owned())
}

/// Version 2, for solo play: markers the player sets on the table where the scenario says; the
/// app alone knows which hide the units listed and which hide nothing.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ContactsFile {
    /// The markers, each where it is set (at least as many as the units they hide, at most 12).
    #[schemars(length(min = 1, max = 12))]
    pub markers: Vec<MarkerFile>,
    /// The ids of the Insurgent units on the table whose places the markers hide.
    #[schemars(length(min = 1), inner(regex(pattern = LINE_PATTERN)))]
    pub units: Vec<String>,
}

/// One marker.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct MarkerFile {
    /// Its name on the table ("A"), unique among the markers.
    #[schemars(regex(pattern = LINE_PATTERN), length(max = NAME_CHARS.max))]
    pub id: String,
    /// Where it is set, in words.
    #[schemars(regex(pattern = LINE_PATTERN), length(max = PLACE_CHARS.max))]
    pub at: String,
}

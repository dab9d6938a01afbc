//! The scenario file format: plain types that a JSON file deserializes into.
//!
//! Every rule about a single value (its type, range, pattern, the fields an object may have)
//! lives here, in the schema these types derive: `ambush-alley schema` prints it, and the
//! validator checks the shape of a file against that very schema (`check::shape`), so the two
//! never disagree. The rules between values (ids that must exist, totals covered once) are
//! `check`'s. The doc comments become the schema's descriptions; `x-expected` holds the words
//! the validator uses for what a value should look like.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::limits::{ARMOR, HOT_SPOT, INSURGENCY_LEVEL, NAME_CHARS, OPTIMUM_RANGE, PLACE_CHARS};

use super::Scale;

mod forces;
mod reinforcement_table;
mod timeline;
mod victory_points;

pub use forces::{
    AmbushAtFile, AmbushFile, ArrivalAtFile, ContactsFile, FigureFile, HotSpotPlace, LeaderFile,
    MarkerFile, PointPlace, ScheduledFile, UnitFile,
};
pub use reinforcement_table::{ArrivalFigureFile, ArrivalFile, RowFile};
pub use timeline::{
    Audience, ConditionFile, EndRollFile, EventFile, PointsFile, ROLL_PATTERN, ROLL_WORDS,
    TURN_DICE_PATTERN, ThresholdFile, TurnLimitFile,
};
pub use victory_points::VictoryFile;

/// The value of `format` in every scenario file.
pub const SCENARIO_FORMAT: &str = "ambush-alley-scenario";
/// The newest scenario format version this app reads (it reads every earlier one too).
pub const SCENARIO_VERSION: u32 = 4;

/// The pattern of a die: "d6", "d8", "d10" or "d12".
pub const DIE_PATTERN: &str = r"^d(6|8|10|12)$";
/// The pattern of text that is not blank.
pub const TEXT_PATTERN: &str = r"\S";
/// The pattern of text on one line that is not blank: a name, an id, a place, a label. No line
/// break, tab or other control character (C0, DEL, C1 such as NEL), and no line or paragraph
/// separator (U+2028, U+2029), which would break the line it is printed on. The same rule as
/// [`crate::text::breaks_line`].
pub const LINE_PATTERN: &str = r"^[^\u0000-\u001F\u007F-\u009F\u2028\u2029]*[^\s\u0000-\u001F\u007F-\u009F\u2028\u2029][^\u0000-\u001F\u007F-\u009F\u2028\u2029]*$";
/// The pattern of a figure count: 1 to 20, or 1 to 4 dice plus up to 20.
pub const COUNT_PATTERN: &str = r"^(([1-9]|1[0-9]|20)|[1-4]?d(6|8|10|12)(\+([0-9]|1[0-9]|20))?)$";

/// An Ambush Alley scenario.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ScenarioFile {
    /// Always "ambush-alley-scenario".
    #[schemars(extend("const" = SCENARIO_FORMAT))]
    pub format: String,
    /// Format version: 1 to 4. Version 2 adds fewer Hot Spots, spots neutralized at the
    /// start, the Hot Spot roll's own faces, scheduled arrivals, ambushes at a named Hot Spot,
    /// leaders with tags, reinforcement rows with their own names and dice, and more victory
    /// kinds. Version 3 adds events on a set turn, arrivals on a roll, a turn limit rolled with
    /// dice, escorts that do not end the game, items the referee scores once, victory
    /// thresholds and the author's notes. Version 4 adds events on a roll or a condition,
    /// events that change the reinforcement table or the Hot Spot roll, notes for the
    /// players, a secret turn limit, an end rolled each turn, arrivals at a Hot Spot, points
    /// that count up to a turn, points for tagged figures held at the end, and captives freed
    /// to the other side.
    #[schemars(range(min = 1, max = SCENARIO_VERSION))]
    pub version: u32,
    /// Stable id, such as "contracting-trouble".
    #[schemars(regex(pattern = LINE_PATTERN), extend("x-expected" = "an id in quotes, such as \"night-patrol\""))]
    pub id: String,
    /// Title shown to players.
    #[schemars(regex(pattern = LINE_PATTERN), length(max = NAME_CHARS.max))]
    pub name: String,
    /// The mission brief.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    #[schemars(regex(pattern = TEXT_PATTERN))]
    pub brief: String,
    /// Each side's objective.
    #[serde(default, skip_serializing_if = "ObjectivesFile::is_empty")]
    pub objectives: ObjectivesFile,
    /// Table size, in words ("2'x2' at 15mm, 4'x4' at 28mm").
    #[serde(default, skip_serializing_if = "String::is_empty")]
    #[schemars(regex(pattern = TEXT_PATTERN))]
    pub table: String,
    /// Figure scale the distances of this file are measured at: "15mm" or "28mm". Distances are
    /// kept as written; a game played at the other scale converts them (28mm is 1.5 times 15mm).
    #[serde(default)]
    pub scale: Scale,
    /// Special rules, one paragraph each.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    #[schemars(inner(regex(pattern = TEXT_PATTERN)))]
    pub special_rules: Vec<String>,
    /// Number of turns, when the game is limited: 1 to 100, or (version 3) a number and dice
    /// rolled at the end of that turn ("6+1d3").
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub turn_limit: Option<TurnLimitFile>,
    /// Version 3, with a turn limit in dice: the players are told the limit once it is rolled.
    /// Without it (false), the referee alone knows it until the game is over; the players'
    /// screens say how many turns it may be ("7 to 9 turns").
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub turn_limit_known: bool,
    /// Version 4: the players are never told how long the game is (the turn limit, its dice,
    /// the end roll) until it is over; the referee alone knows.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub turn_limit_secret: bool,
    /// Version 4: the end of the game rolled at the end of each turn from a turn:
    /// {"from_turn": 6, "on": "5+"}.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub end_roll: Option<EndRollFile>,
    /// Insurgency Level: a number from 1 to 6, or "automatic".
    pub insurgency_level: InsurgencyFile,
    /// What arriving Insurgent reinforcements are like.
    pub insurgent_profile: ProfileFile,
    /// The Hot Spots, numbered 1 to 5, each at most once: five in version 1, one to five in
    /// version 2.
    #[schemars(length(min = 1, max = 5))]
    pub hot_spots: Vec<HotSpotFile>,
    /// Version 2: which Hot Spot each face of the Hot Spot roll (a d6) names, or "choice" for
    /// the Insurgent player's choice among the active spots. Without it, faces 1 to 5 name that
    /// spot when the scenario has it, and every other face is the Insurgent player's choice.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hot_spot_roll: Option<HotSpotRollFile>,
    /// The units on the table at the start (or held in ambush, or arriving on a later turn).
    #[schemars(length(min = 1))]
    pub units: Vec<UnitFile>,
    /// Leaders: attached to a unit, or acting as one-figure units of their own.
    #[serde(default)]
    pub leaders: Vec<LeaderFile>,
    /// The 2d6 reinforcement table: every total from 2 to 12 exactly once.
    #[schemars(length(min = 1))]
    pub reinforcements: Vec<RowFile>,
    /// Ways to score victory points.
    #[serde(default)]
    pub victory: Vec<VictoryFile>,
    /// Version 2, for solo play: plain markers on the table, some hiding Insurgent units.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub contacts: Option<ContactsFile>,
    /// Version 3: what happens as a set turn begins (the Insurgency Level changes, a Hot Spot
    /// wakes or is neutralized, a note for the referee). Version 4: also on a roll or once a
    /// condition holds, a note for the players, a row of the reinforcement table or the Hot
    /// Spot roll changed.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub events: Vec<EventFile>,
    /// Version 3: the results the victory points name at the end, the first reached first.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub victory_thresholds: Vec<ThresholdFile>,
    /// Version 3: notes for the referee, one paragraph each: shown on the desk's Scenario tab,
    /// never on the players' screens (the table screen, the phones).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    #[schemars(inner(regex(pattern = TEXT_PATTERN)))]
    pub author_notes: Vec<String>,
}

/// Each side's objective.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ObjectivesFile {
    /// What the Regular player must do.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    #[schemars(regex(pattern = TEXT_PATTERN))]
    pub regular: String,
    /// What the Insurgent player must do.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    #[schemars(regex(pattern = TEXT_PATTERN))]
    pub insurgent: String,
}

impl ObjectivesFile {
    /// Neither side's objective is given.
    pub fn is_empty(&self) -> bool {
        self.regular.is_empty() && self.insurgent.is_empty()
    }
}

/// The Insurgency Level: 1 to 6, or "automatic".
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(untagged)]
pub enum InsurgencyFile {
    /// Reinforcements come when a d6 rolls this or less.
    Level(u32),
    /// "automatic": reinforcements come every turn from the second.
    Word(String),
}

impl JsonSchema for InsurgencyFile {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "InsurgencyFile".into()
    }

    fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
        schemars::json_schema!({
            "description": "The Insurgency Level: a whole number from 1 to 6, or \"automatic\".",
            "x-expected": "a whole number from 1 to 6, or \"automatic\"",
            "anyOf": [
                {"type": "integer", "minimum": INSURGENCY_LEVEL.min, "maximum": INSURGENCY_LEVEL.max},
                {"const": "automatic"}
            ]
        })
    }
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
    #[schemars(regex(pattern = DIE_PATTERN), extend("x-expected" = DIE_WORDS))]
    pub tq: String,
    /// Troop Quality die of leaders.
    #[schemars(regex(pattern = DIE_PATTERN), extend("x-expected" = DIE_WORDS))]
    pub leader_tq: String,
    /// Morale die.
    #[schemars(regex(pattern = DIE_PATTERN), extend("x-expected" = DIE_WORDS))]
    pub morale: String,
    /// Optimum Range in inches, as measured at the scenario's scale.
    #[schemars(range(max = OPTIMUM_RANGE.max))]
    pub optimum_range: u32,
    /// Armor dice.
    #[serde(default)]
    #[schemars(range(max = ARMOR.max))]
    pub armor: u32,
}

/// One Hot Spot.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct HotSpotFile {
    /// 1 to 5.
    #[schemars(range(min = HOT_SPOT.min, max = HOT_SPOT.max))]
    pub number: u32,
    /// Where it is, in words.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    #[schemars(regex(pattern = LINE_PATTERN), length(max = PLACE_CHARS.max))]
    pub location: String,
    /// Version 2: false for a spot already neutralized when the game starts (default true).
    #[serde(default = "yes", skip_serializing_if = "is_true")]
    pub active: bool,
}

/// A field that is true when left out (serde's default).
pub(crate) fn yes() -> bool {
    true
}

/// A true field is left out when written (it is the default).
pub(crate) fn is_true(value: &bool) -> bool {
    *value
}

/// Version 2: what each face of the Hot Spot roll names.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct HotSpotRollFile {
    /// Face 1.
    #[serde(rename = "1")]
    pub one: SpotFace,
    /// Face 2.
    #[serde(rename = "2")]
    pub two: SpotFace,
    /// Face 3.
    #[serde(rename = "3")]
    pub three: SpotFace,
    /// Face 4.
    #[serde(rename = "4")]
    pub four: SpotFace,
    /// Face 5.
    #[serde(rename = "5")]
    pub five: SpotFace,
    /// Face 6.
    #[serde(rename = "6")]
    pub six: SpotFace,
}

impl HotSpotRollFile {
    /// The six faces, 1 first.
    pub fn faces(&self) -> [&SpotFace; 6] {
        [
            &self.one,
            &self.two,
            &self.three,
            &self.four,
            &self.five,
            &self.six,
        ]
    }
}

/// What a face of the Hot Spot roll names: a spot's number, or "choice".
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(untagged)]
#[schemars(extend("x-expected" = "a Hot Spot number from 1 to 5, or \"choice\""))]
pub enum SpotFace {
    /// That Hot Spot.
    Spot(#[schemars(range(min = HOT_SPOT.min, max = HOT_SPOT.max))] u32),
    /// The Insurgent player's choice among the active spots.
    Choice(ChoiceWord),
}

/// The word "choice".
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum ChoiceWord {
    /// The Insurgent player chooses.
    Choice,
}

/// How the schema and the validator name a die.
pub const DIE_WORDS: &str = "a die: \"d6\", \"d8\", \"d10\" or \"d12\"";

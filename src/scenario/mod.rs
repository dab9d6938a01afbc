//! Scenarios: everything a game starts from.
//!
//! [`Scenario`] is the checked engine type. Files are read into plain types first
//! (`file`), then turned into a [`Scenario`] by `check`, which reports located errors.

pub mod builtin;
pub mod check;
pub mod file;

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::dice::Die;
use crate::rules::reinforcements::{InsurgencyLevel, ReinforcementTable};
use crate::unit::{Side, Weapon};

/// Figure scale. 28mm play multiplies every distance by 1.5.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema,
)]
pub enum Scale {
    /// 15mm figures: distances as written.
    #[default]
    #[serde(rename = "15mm")]
    Mm15,
    /// 28mm figures: distances ×1.5.
    #[serde(rename = "28mm")]
    Mm28,
}

impl Scale {
    /// A 15mm distance in inches, converted to this scale.
    pub fn inches(self, base: u32) -> f32 {
        match self {
            Scale::Mm15 => base as f32,
            Scale::Mm28 => base as f32 * 1.5,
        }
    }

    /// A distance for display: `8"` or `12"` or `4.5"`.
    pub fn show(self, base: u32) -> String {
        let inches = self.inches(base);
        if inches.fract() == 0.0 {
            format!("{inches:.0}\"")
        } else {
            format!("{inches:.1}\"")
        }
    }
}

impl fmt::Display for Scale {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Scale::Mm15 => "15mm",
            Scale::Mm28 => "28mm",
        })
    }
}

/// A figure as a scenario sets it up.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct FigureSetup {
    /// Its name.
    pub name: String,
    /// Its weapon.
    pub weapon: Weapon,
    /// Its own Troop Quality, if it differs from the unit's.
    pub tq: Option<Die>,
    /// A tag for victory points ("contractor").
    pub tag: Option<String>,
}

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

/// A unit as a scenario sets it up.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct UnitSetup {
    /// Stable id within the scenario.
    pub id: String,
    /// Name.
    pub name: String,
    /// Side.
    pub side: Side,
    /// Troop Quality.
    pub tq: Die,
    /// Morale.
    pub morale: Die,
    /// Optimum Range in inches at 15mm.
    pub optimum_range: u32,
    /// Armor dice.
    pub armor: u8,
    /// Starting position in words.
    pub location: String,
    /// Never acts (wounded civilians waiting for rescue).
    pub non_combatant: bool,
    /// Figures.
    pub figures: Vec<FigureSetup>,
    /// Held back in ambush.
    pub ambush: Option<AmbushSetup>,
}

/// A Hot Spot as a scenario places it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct HotSpotSetup {
    /// 1 to 5.
    pub number: u8,
    /// Where it is, in words.
    pub location: String,
}

/// What arriving Insurgents are like.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct InsurgentProfile {
    /// Troop Quality of ordinary figures.
    pub tq: Die,
    /// Troop Quality of leaders.
    pub leader_tq: Die,
    /// Morale.
    pub morale: Die,
    /// Optimum Range in inches at 15mm.
    pub optimum_range: u32,
    /// Armor dice.
    pub armor: u8,
}

/// How a victory-point item is counted.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case", tag = "kind")]
pub enum VictoryTrigger {
    /// The referee awards it by hand.
    Manual,
    /// Counted automatically: each Regular casualty whose First Aid result was 3–6.
    RegularWounded,
    /// Counted automatically: each figure with this tag in a unit that left the table.
    EscortedOff {
        /// The figure tag.
        tag: String,
    },
}

/// One way to score victory points.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct VictoryItem {
    /// Stable id.
    pub id: String,
    /// Who scores it.
    pub side: Side,
    /// Points each time.
    pub points: i32,
    /// What it is for.
    pub label: String,
    /// How it is counted.
    pub trigger: VictoryTrigger,
}

/// Side-specific text of a scenario.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Objective {
    /// Whose objective.
    pub side: Side,
    /// What they must do.
    pub text: String,
}

/// A scenario ready to start a game from.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Scenario {
    /// Stable id ("contracting-trouble").
    pub id: String,
    /// Title.
    pub name: String,
    /// The mission brief.
    pub brief: String,
    /// Each side's objective.
    pub objectives: Vec<Objective>,
    /// Table size in words ("2'x2' at 15mm, 4'x4' at 28mm").
    pub table: String,
    /// Figure scale the distances are written for.
    pub scale: Scale,
    /// Units of both sides.
    pub units: Vec<UnitSetup>,
    /// The Hot Spots.
    pub hot_spots: Vec<HotSpotSetup>,
    /// Insurgency Level.
    pub insurgency: InsurgencyLevel,
    /// The reinforcement table.
    pub reinforcements: ReinforcementTable,
    /// What arriving Insurgents are like.
    pub insurgents: InsurgentProfile,
    /// Victory-point items.
    pub victory: Vec<VictoryItem>,
    /// Special rules, in words.
    pub special_rules: Vec<String>,
    /// Number of turns, if limited.
    pub turn_limit: Option<u32>,
}

impl Scenario {
    /// A victory item by id.
    pub fn victory_item(&self, id: &str) -> Option<&VictoryItem> {
        self.victory.iter().find(|v| v.id == id)
    }
}

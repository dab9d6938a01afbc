//! Scenarios: everything a game starts from.
//!
//! [`Scenario`] is the checked engine type. Files are read into plain types first
//! (`file`), then turned into a [`Scenario`] by `check`, which reports located errors.

pub mod builtin;
pub mod check;
pub mod file;

use serde::{Deserialize, Serialize};

use crate::dice::Die;
use crate::rules::reinforcements::{InsurgencyLevel, ReinforcementTable};
pub use crate::table::Scale;
pub use crate::unit::{AmbushPoint, AmbushSetup};
use crate::unit::{Side, Weapon};

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
    /// Arrives on a later turn, where the scenario says.
    pub arrives: Option<ScheduledArrival>,
}

/// A unit that is not on the table at the start and arrives on a later turn.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ScheduledArrival {
    /// The turn, at the start of its side's phase.
    pub turn: u32,
    /// Where it comes on, in words.
    pub at: String,
}

/// A Hot Spot as a scenario places it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct HotSpotSetup {
    /// 1 to 5.
    pub number: u8,
    /// Where it is, in words.
    pub location: String,
    /// False for a spot neutralized before the game starts.
    pub active: bool,
}

/// What a face of the Hot Spot roll names.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SpotFaceSetup {
    /// That Hot Spot (lost if it is neutralized).
    Spot(u8),
    /// The Insurgent player's choice among the active spots.
    Choice,
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
#[serde(rename_all = "snake_case", tag = "kind", deny_unknown_fields)]
pub enum VictoryTrigger {
    /// The referee awards it by hand.
    Manual,
    /// Counted automatically: each Regular casualty whose First Aid result was 3–6.
    RegularWounded,
    /// Counted automatically: each Regular figure the referee records as killed.
    RegularsKilled,
    /// Counted automatically: once for every `per` Insurgent figures taken off as casualties.
    InsurgentCasualties {
        /// Casualties for each score (1: every casualty scores).
        #[schemars(range(min = 1, max = 50))]
        per: u32,
    },
    /// Scored once, or not at all: the referee says at the end whether the side holds it.
    PlaceHeld {
        /// The place, in words.
        #[schemars(regex(pattern = r"\S"))]
        place: String,
    },
    /// Counted automatically: each figure with this tag in a unit of the item's side that left
    /// the table, by one of these edges (any edge when none is listed).
    EscortedOff {
        /// The figure tag.
        tag: String,
        /// The edges that score: "north", "east", "south", "west".
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        edges: Vec<crate::table::Edge>,
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
    /// What each face of the Hot Spot roll names, face 1 first.
    pub hot_spot_roll: [SpotFaceSetup; 6],
}

impl Scenario {
    /// What a face of the Hot Spot roll names.
    pub fn spot_for_face(&self, face: u8) -> SpotFaceSetup {
        self.hot_spot_roll
            .get(usize::from(face.saturating_sub(1)))
            .copied()
            .unwrap_or(SpotFaceSetup::Choice)
    }

    /// The Hot Spot roll a scenario without its own mapping uses: faces 1 to 5 name that spot
    /// when the scenario has it; every other face is the Insurgent player's choice.
    pub fn default_hot_spot_roll(hot_spots: &[HotSpotSetup]) -> [SpotFaceSetup; 6] {
        std::array::from_fn(|i| {
            let face = i as u8 + 1;
            if hot_spots.iter().any(|h| h.number == face) {
                SpotFaceSetup::Spot(face)
            } else {
                SpotFaceSetup::Choice
            }
        })
    }

    /// A victory item by id.
    pub fn victory_item(&self, id: &str) -> Option<&VictoryItem> {
        self.victory.iter().find(|v| v.id == id)
    }
}

//! Scenarios: everything a game starts from.
//!
//! [`Scenario`] is the checked engine type. Files are read into plain types first
//! (`file`), then turned into a [`Scenario`] by `check`, which reports located errors.

pub mod builtin;
pub mod check;
pub mod file;
mod timeline;

use crate::unit::Profile;
use serde::{Deserialize, Serialize};

use crate::dice::Die;
use crate::limits::CASUALTIES_PER_SCORE;
use crate::rules::reinforcements::{InsurgencyLevel, ReinforcementTable};
pub use crate::tabletop::Scale;
pub use crate::unit::{AmbushPoint, AmbushSetup, ScheduledArrival};
use crate::unit::{Side, Weapon};
pub use timeline::{Condition, EndRoll, TimedChange, TimedEvent, TurnLimitDice, VictoryThreshold};

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
    /// Troop Quality, Morale, Optimum Range, armor.
    #[serde(flatten)]
    pub profile: Profile,
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
    /// For captives (version 4): the side whose unit frees them by moving into contact; they
    /// join it and change sides.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub freed_by: Option<Side>,
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
    /// Troop Quality of ordinary figures, Morale, Optimum Range, armor.
    #[serde(flatten)]
    pub profile: Profile,
    /// Troop Quality of leaders.
    pub leader_tq: Die,
}

/// How a victory-point item is counted.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case", tag = "kind", deny_unknown_fields)]
pub enum VictoryTrigger {
    /// The referee awards it by hand.
    Manual {
        /// Version 3: true for an item scored once or not at all (the referee says whether it
        /// happened).
        #[serde(default, skip_serializing_if = "is_false")]
        once: bool,
    },
    /// Counted automatically: each Regular casualty whose First Aid result was 3–6.
    RegularWounded,
    /// Counted automatically: each Regular figure the referee records as killed.
    RegularsKilled,
    /// Counted automatically: once for every `per` Insurgent figures taken off as casualties.
    InsurgentCasualties {
        /// Casualties for each score (1: every casualty scores).
        #[schemars(range(min = CASUALTIES_PER_SCORE.min, max = CASUALTIES_PER_SCORE.max))]
        per: u32,
    },
    /// Scored once, or not at all: the referee says at the end whether the side holds it.
    PlaceHeld {
        /// The place, in words.
        #[schemars(regex(pattern = file::LINE_PATTERN))]
        place: String,
    },
    /// Counted automatically: each figure with this tag in a unit of the item's side that left
    /// the table, by one of these edges (any edge when none is listed).
    EscortedOff {
        /// The figure tag.
        #[schemars(regex(pattern = file::LINE_PATTERN))]
        tag: String,
        /// The edges that score: "north", "east", "south", "west".
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        edges: Vec<crate::tabletop::Edge>,
        /// Version 3: false for an item that scores without ending the game (a wounded man
        /// carried off early); by default, once every figure with the tag has left the table,
        /// the app proposes the end.
        #[serde(default = "file::yes", skip_serializing_if = "file::is_true")]
        ends_game: bool,
    },
    /// Version 4: counted by the app when the game ends: each figure or leader with this tag
    /// still on the table then, in a unit of the side `held_by` (any side when it is left out):
    /// captives held at the end.
    HeldAtEnd {
        /// The figure tag.
        #[schemars(regex(pattern = file::LINE_PATTERN))]
        tag: String,
        /// The side whose units hold them: "regular" or "insurgent"; left out, any unit still
        /// on the table.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        held_by: Option<Side>,
    },
}

impl VictoryTrigger {
    /// Scored once or not at all: a place held at the end (or not), an item the referee says
    /// happened (or not).
    pub fn scored_once(&self) -> bool {
        matches!(self, Self::PlaceHeld { .. } | Self::Manual { once: true })
    }

    /// For an escort item, whether figures leaving by `edge` score (any edge when the item
    /// lists none); false for any other item.
    pub fn escort_scores(&self, edge: Option<crate::tabletop::Edge>) -> bool {
        match self {
            Self::EscortedOff { edges, .. } => {
                edges.is_empty() || edge.is_some_and(|e| edges.contains(&e))
            }
            _ => false,
        }
    }

    /// How it is counted, in words: "the app counts it: once for every 3 Insurgent casualties".
    pub fn words(&self) -> String {
        match self {
            VictoryTrigger::Manual { once: false } => "the referee awards it".to_owned(),
            VictoryTrigger::Manual { once: true } => {
                "once, or not at all: the referee says whether it happened".to_owned()
            }
            VictoryTrigger::RegularWounded => {
                "the app counts it: each Regular casualty with a First Aid result of 3 to 6"
                    .to_owned()
            }
            VictoryTrigger::RegularsKilled => {
                "the app counts it: each Regular figure the referee records as killed".to_owned()
            }
            VictoryTrigger::InsurgentCasualties { per: 1 } => {
                "the app counts it: each Insurgent casualty".to_owned()
            }
            VictoryTrigger::InsurgentCasualties { per } => {
                format!("the app counts it: once for every {per} Insurgent casualties")
            }
            VictoryTrigger::PlaceHeld { place } => {
                format!("once, if {place} is held at the end (the referee says)")
            }
            VictoryTrigger::EscortedOff { tag, edges, .. } => {
                let edges: Vec<String> = edges.iter().map(|e| e.name().to_owned()).collect();
                let by = match edges.as_slice() {
                    [] => "any edge".to_owned(),
                    [one] => format!("the {one} edge"),
                    _ => format!("the {} edge", crate::text::or_list(&edges)),
                };
                format!("the app counts it: each figure tagged \"{tag}\" that leaves by {by}")
            }
            VictoryTrigger::HeldAtEnd { tag, held_by } => match held_by {
                Some(side) => format!(
                    "the app counts it when the game ends: each figure tagged \"{tag}\" still on the table in a {side} unit"
                ),
                None => format!(
                    "the app counts it when the game ends: each figure tagged \"{tag}\" still on the table"
                ),
            },
        }
    }

    /// Counted by the app as things happen (not judged or counted at the end): the items whose
    /// counting may stop after a turn.
    pub fn counted_as_it_happens(&self) -> bool {
        matches!(
            self,
            Self::RegularWounded
                | Self::RegularsKilled
                | Self::InsurgentCasualties { .. }
                | Self::EscortedOff { .. }
        )
    }
}

fn is_false(value: &bool) -> bool {
    !*value
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
    /// The last turn whose happenings it counts (version 4); none: every turn.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub until_turn: Option<u32>,
}

impl VictoryItem {
    /// True when it still counts what happens on this turn.
    pub fn counts_on(&self, turn: u32) -> bool {
        self.until_turn.is_none_or(|last| turn <= last)
    }

    /// Its label, with the last turn it counts when it has one: "Driver out (up to turn 4)".
    pub fn label_words(&self) -> String {
        match self.until_turn {
            Some(last) => format!("{} (up to turn {last})", self.label),
            None => self.label.clone(),
        }
    }
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
    /// For solo play: markers hiding some Insurgent units (none in version 1).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub contacts: Option<ContactSetup>,
    /// A turn limit rolled during the game, in place of `turn_limit` (version 3).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub turn_limit_dice: Option<TurnLimitDice>,
    /// The players are told the turn limit once it is rolled (version 3); else the referee
    /// alone knows it until the game is over.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub turn_limit_known: bool,
    /// The players are never told the game's length until it is over (version 4).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub turn_limit_secret: bool,
    /// The end of the game rolled at the end of each turn from a turn (version 4).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub end_roll: Option<EndRoll>,
    /// What happens as a set turn begins, in the file's order (version 3).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub events: Vec<TimedEvent>,
    /// The results the victory points name at the end, the first reached first (version 3).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub thresholds: Vec<VictoryThreshold>,
    /// Notes for the referee, never shown on the players' screens (version 3).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub author_notes: Vec<String>,
}

/// A Hot Spot roll in words, runs of faces together: "1–2 Hot Spot 1, 3–4 Hot Spot 2, 5 Hot
/// Spot 3, 6 the Insurgent player's choice".
pub fn hot_spot_roll_words(roll: &[SpotFaceSetup; 6]) -> String {
    let mut runs: Vec<(u8, u8, SpotFaceSetup)> = Vec::new();
    for face in 1..=6u8 {
        let names = roll[usize::from(face - 1)];
        match runs.last_mut() {
            Some((_, last, same)) if *same == names => *last = face,
            _ => runs.push((face, face, names)),
        }
    }
    runs.iter()
        .map(|(first, last, names)| {
            let faces = if first == last {
                first.to_string()
            } else {
                format!("{first}–{last}")
            };
            match names {
                SpotFaceSetup::Spot(n) => format!("{faces} Hot Spot {n}"),
                SpotFaceSetup::Choice => format!("{faces} the Insurgent player's choice"),
            }
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// Markers on the table, some hiding Insurgent units, in a solo game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ContactSetup {
    /// The markers: (name, where it is set).
    pub markers: Vec<(String, String)>,
    /// The keys of the units they hide.
    pub units: Vec<String>,
}

impl Scenario {
    /// What a face of the Hot Spot roll names.
    pub fn spot_for_face(&self, face: u8) -> SpotFaceSetup {
        self.hot_spot_roll
            .get(usize::from(face.saturating_sub(1)))
            .copied()
            .unwrap_or(SpotFaceSetup::Choice)
    }

    /// The Hot Spot roll in words, runs of faces together: "1–2 Hot Spot 1, 3–4 Hot Spot 2,
    /// 5 Hot Spot 3, 6 the Insurgent player's choice".
    pub fn hot_spot_roll_words(&self) -> String {
        hot_spot_roll_words(&self.hot_spot_roll)
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

    /// The items only the referee can judge, asked about when the game ends: places held at
    /// the end, and items the referee awards (once, or as often as they happen).
    pub fn judged_at_the_end(&self) -> impl Iterator<Item = &VictoryItem> {
        self.victory.iter().filter(|v| {
            matches!(
                v.trigger,
                VictoryTrigger::PlaceHeld { .. } | VictoryTrigger::Manual { .. }
            )
        })
    }

    /// The events of the scenario on a set turn that happen as this turn begins, in the
    /// file's order (those on a roll or a condition wait for it).
    pub fn events_on(&self, turn: u32) -> impl Iterator<Item = &TimedEvent> {
        self.events
            .iter()
            .filter(move |e| e.turn == turn && e.on_a_set_turn())
    }

    /// The game's length in words: "8 turns", "6+1d3 turns (rolled at the end of turn 6)",
    /// or None when it is open-ended.
    pub fn length_words(&self) -> Option<String> {
        match (self.turn_limit, &self.turn_limit_dice) {
            (Some(n), _) => Some(crate::text::plural(n as usize, "turn", "turns")),
            (None, Some(dice)) => Some(format!(
                "{} turns ({} to {}, rolled at the end of turn {})",
                dice.words(),
                dice.least(),
                dice.most(),
                dice.base
            )),
            (None, None) => None,
        }
        .map(|words| match &self.end_roll {
            Some(end) => format!("{words}, or sooner: {}", end.words()),
            None => words,
        })
        .or_else(|| self.end_roll.as_ref().map(EndRoll::words))
    }
}

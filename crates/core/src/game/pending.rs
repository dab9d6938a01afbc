//! Steps the rules call for that the referee has not run yet: rolls, casualties, Morale checks,
//! the end of the game.

use serde::{Deserialize, Serialize};

use crate::rules::reinforcements::ArrivalSpec;
use crate::unit::UnitId;

use super::command::Command;

/// Why a Morale check is due.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum MoraleReason {
    /// The unit took casualties.
    Casualties,
    /// An Insurgent unit without a leader was fired on.
    FiredOnWithoutLeader,
    /// A Regular unit lost its Reaction test to an interruption by fire and came through it.
    SurvivedInterruptFire,
}

impl MoraleReason {
    /// Plain words.
    pub const fn describe(self) -> &'static str {
        match self {
            MoraleReason::Casualties => "took casualties",
            MoraleReason::FiredOnWithoutLeader => "fired on without a leader",
            MoraleReason::SurvivedInterruptFire => {
                "came through interrupt fire after losing the Reaction test"
            }
        }
    }
}

/// Why the app proposes to end the game. The proposal is not a step due: pending steps are
/// numbered, and saved games refer to them by number.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "why")]
pub enum EndReason {
    /// The scenario's last turn has been played.
    LastTurn {
        /// The last turn.
        turn: u32,
    },
    /// Every figure a victory item counts as escorted off has left the table (by an edge that
    /// scores, or not).
    EveryoneEscorted {
        /// The victory item's label.
        label: String,
        /// The tag it counts.
        #[serde(default)]
        tag: String,
        /// The figures with the tag that left the table.
        #[serde(default)]
        left: u32,
        /// Those of them that left in a unit of the item's side by an edge that scores.
        #[serde(default)]
        scored: u32,
    },
    /// The Regulars have no unit left that can fight.
    NoRegularsLeft,
    /// The end roll of a scenario of version 4 came up at the end of this turn.
    EndRolled {
        /// The turn whose end the roll ended the game after.
        turn: u32,
    },
}

impl EndReason {
    /// The same end, whatever the counts it gives: the one the referee played on past is not
    /// proposed again when a count changes.
    pub fn same_end(&self, other: &EndReason) -> bool {
        match (self, other) {
            (
                EndReason::EveryoneEscorted { label, .. },
                EndReason::EveryoneEscorted { label: other, .. },
            ) => label == other,
            _ => self == other,
        }
    }

    /// Plain words.
    pub fn describe(&self) -> String {
        match self {
            EndReason::LastTurn { turn } => format!("turn {turn}, the scenario's last, is over"),
            EndReason::EveryoneEscorted {
                label,
                tag,
                left,
                scored,
            } => {
                let tag = crate::text::quoted(tag);
                if scored == left {
                    format!(
                        "every figure tagged {tag} is escorted off by an edge that scores ({label})"
                    )
                } else if *scored == 0 {
                    format!(
                        "every figure tagged {tag} has left the table, none by an edge that scores ({label}: no points)"
                    )
                } else {
                    format!(
                        "every figure tagged {tag} has left the table, {scored} of {left} by an edge that scores ({label})"
                    )
                }
            }
            EndReason::NoRegularsLeft => "the Regulars have no fighting unit left".to_owned(),
            EndReason::EndRolled { turn } => {
                format!("the end roll at the end of turn {turn} came up")
            }
        }
    }
}

/// A step the rules call for that the referee has not yet run (or skipped).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "step")]
pub enum PendingStep {
    /// The Insurgency roll of this turn.
    InsurgencyRoll,
    /// A 2d6 roll on the reinforcement table.
    TableRoll,
    /// A unit from a table row, to be rolled up and placed.
    Arrival {
        /// The row it came from.
        row: String,
        /// What it is made of.
        spec: ArrivalSpec,
    },
    /// A unit arrived on a Hot Spot roll of 6: the Insurgents choose the spot.
    HotSpotChoice {
        /// The unit waiting.
        unit: UnitId,
    },
    /// A unit in ambush rolls to arrive (start of the Insurgent phase).
    AmbushRoll {
        /// The unit in ambush.
        unit: UnitId,
    },
    /// A unit arriving from ambush rolls for its Hot Spot.
    AmbushPlacement {
        /// The unit.
        unit: UnitId,
    },
    /// A unit due on a roll (a scenario of version 3) rolls to come on.
    ArrivalRoll {
        /// The unit waiting off the table.
        unit: UnitId,
    },
    /// A scenario's event on a roll (version 4) rolls to happen, as the turn begins.
    EventRoll {
        /// The event's place in the scenario's list.
        event: usize,
        /// The d6 it needs.
        need: u8,
        /// What it does, in words that tell nothing of a note's text ("Hot Spot 3 wakes").
        what: String,
    },
    /// Casualties to take off a unit (Insurgents) or to roll First Aid for (Regulars).
    Casualties {
        /// The unit hit.
        unit: UnitId,
        /// How many.
        count: u32,
    },
    /// A Morale check.
    MoraleCheck {
        /// The unit.
        unit: UnitId,
        /// Why.
        reason: MoraleReason,
    },
}

impl PendingStep {
    /// The command that runs this step with its dice and nothing else to decide, for the
    /// steps that are only a roll (the Insurgency roll, the table, arrivals and ambushes).
    /// `id` is the step's id.
    pub fn roll_command(&self, id: u32) -> Option<Command> {
        Some(match self {
            PendingStep::InsurgencyRoll => Command::InsurgencyRoll,
            PendingStep::TableRoll => Command::TableRoll { pending: id },
            PendingStep::Arrival { .. } => Command::Arrival { pending: id },
            PendingStep::AmbushRoll { .. } => Command::AmbushRoll { pending: id },
            PendingStep::AmbushPlacement { .. } => Command::AmbushPlacement { pending: id },
            PendingStep::ArrivalRoll { .. } => Command::ArrivalRoll { pending: id },
            PendingStep::EventRoll { .. } => Command::EventRoll { pending: id },
            PendingStep::HotSpotChoice { .. }
            | PendingStep::Casualties { .. }
            | PendingStep::MoraleCheck { .. } => return None,
        })
    }

    /// The unit the step is about, if any.
    pub fn unit(&self) -> Option<UnitId> {
        match self {
            PendingStep::HotSpotChoice { unit }
            | PendingStep::AmbushRoll { unit }
            | PendingStep::AmbushPlacement { unit }
            | PendingStep::ArrivalRoll { unit }
            | PendingStep::Casualties { unit, .. }
            | PendingStep::MoraleCheck { unit, .. } => Some(*unit),
            PendingStep::InsurgencyRoll
            | PendingStep::TableRoll
            | PendingStep::Arrival { .. }
            | PendingStep::EventRoll { .. } => None,
        }
    }
}

/// A pending step with its id.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Pending {
    /// Stable id, used by commands that resolve or skip it.
    pub id: u32,
    /// What is due.
    pub step: PendingStep,
}

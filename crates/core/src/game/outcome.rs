//! What applying an event did, in words and in detail for the screen.

use serde::Serialize;

use crate::dice::Face;
use crate::rules::checks::{CheckResult, ReactionResult};
use crate::rules::fire::{Matching, Pool};
use crate::rules::morale::{FirstAidResult, InsurgentMoraleResult, RegularMoraleResult};
use crate::rules::reinforcements::ArrivalRoll;
use crate::unit::UnitId;

/// A fire combat, resolved.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct FireReport {
    /// The firing unit.
    pub attacker: UnitId,
    /// The target.
    pub target: UnitId,
    /// Firepower, with its breakdown.
    pub firepower: Pool,
    /// Defense, with its breakdown.
    pub defense: Pool,
    /// The matching of the dice.
    pub matching: Matching,
    /// Casualties (unblocked dice, at most the figures in the target's firing line).
    pub casualties: usize,
    /// The figures in the target's firing line when it was fired on: the most it could lose.
    pub figures: usize,
}

/// Structured results, for drawing dice and tables.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case", tag = "kind")]
pub enum Detail {
    /// Nothing to draw.
    #[default]
    None,
    /// Fire combat.
    Fire(Box<FireReport>),
    /// A Reaction test.
    Reaction(ReactionResult),
    /// A Quality or Interrupt check.
    Check(CheckResult),
    /// A Regular Morale check.
    RegularMorale(RegularMoraleResult),
    /// An Insurgent Morale check.
    InsurgentMorale(InsurgentMoraleResult),
    /// First Aid.
    FirstAid {
        /// One result per casualty.
        results: Vec<FirstAidResult>,
    },
    /// The Insurgency roll.
    Insurgency {
        /// The d6, when one was needed.
        face: Option<Face>,
        /// Reinforcements come.
        reinforcements: bool,
    },
    /// A roll on the reinforcement table.
    TableRoll {
        /// The 2d6.
        faces: Vec<Face>,
        /// Their total.
        total: u8,
        /// The row's id.
        row: String,
    },
    /// A decision of the solo opponent, as the roll made it.
    Decision(Box<super::solo::SoloDecision>),
    /// An arriving unit.
    Arrival {
        /// How it was rolled up.
        roll: ArrivalRoll,
        /// The new unit.
        unit: UnitId,
    },
}

/// What one event did.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Outcome {
    /// One line for the log ("Fireteam Alpha fires on Insurgent 1: 2 casualties").
    pub summary: String,
    /// Further lines (what was cleared, what the unit may still do).
    pub notes: Vec<String>,
    /// Lines for the referee alone (the scenario's notes on a set turn): the desk shows them;
    /// the table screen and the phones, which the players see, never do.
    pub referee: Vec<String>,
    /// The steps this event made due, in words. Screens that list what is due now (the Now
    /// view, the table screen) leave these out; the log and the report keep them.
    pub due: Vec<String>,
    /// Details for drawing.
    pub detail: Detail,
}

impl Outcome {
    /// An outcome with a summary only.
    pub fn text(summary: impl Into<String>) -> Self {
        Self {
            summary: summary.into(),
            ..Self::default()
        }
    }

    /// An outcome with a summary and details.
    pub fn with(summary: impl Into<String>, detail: Detail) -> Self {
        Self {
            summary: summary.into(),
            notes: Vec::new(),
            referee: Vec::new(),
            due: Vec::new(),
            detail,
        }
    }

    /// Adds a note.
    pub fn note(&mut self, note: impl Into<String>) {
        self.notes.push(note.into());
    }
}

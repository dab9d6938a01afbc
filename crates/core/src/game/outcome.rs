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
    /// Whom each line tells of, for the seats that may not know everything: which units it
    /// names, and the marker whose choice or contents it tells. The view of each seat reads it
    /// (`view::Sight`); the words themselves are never searched for names.
    pub about: About,
}

/// Whom the lines of an outcome tell of. A line naming a unit a seat may not know of is kept
/// from that seat; a line telling what a marker chose or hid is kept from it once its event is
/// undone while the marker is still on the table.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct About {
    /// The units the summary names (the command's own, what the step it answers is about,
    /// and any the mechanic adds).
    pub summary: Vec<UnitId>,
    /// The units each note names, note by note (missing or empty: none).
    pub notes: Vec<Vec<UnitId>>,
    /// The unit each line of `due` is about, line by line.
    pub due: Vec<Vec<UnitId>>,
    /// The marker whose choice or contents the event tells, if it tells one.
    pub marker: Option<String>,
    /// The note that tells the turn limit rolled, by its place: the referee's to know, unless
    /// the scenario tells the players.
    pub limit: Option<usize>,
    /// The note that tells the end roll (version 4), by its place: the referee's to know when
    /// the scenario keeps the game's length secret.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub end_roll: Option<usize>,
}

impl About {
    /// The units a note names, by its place.
    pub fn note(&self, index: usize) -> &[UnitId] {
        self.notes.get(index).map_or(&[], Vec::as_slice)
    }

    /// The units a line of `due` is about, by its place.
    pub fn due(&self, index: usize) -> &[UnitId] {
        self.due.get(index).map_or(&[], Vec::as_slice)
    }
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
            about: About::default(),
        }
    }

    /// Adds a note that names no unit a seat could be kept from.
    pub fn note(&mut self, note: impl Into<String>) {
        self.note_about(note, &[]);
    }

    /// Adds a note naming these units.
    pub fn note_about(&mut self, note: impl Into<String>, units: &[UnitId]) {
        self.about.notes.resize(self.notes.len(), Vec::new());
        self.notes.push(note.into());
        self.about.notes.push(units.to_vec());
    }

    /// Puts a note naming these units first.
    pub fn note_first(&mut self, note: impl Into<String>, units: &[UnitId]) {
        self.about.notes.resize(self.notes.len(), Vec::new());
        self.notes.insert(0, note.into());
        self.about.notes.insert(0, units.to_vec());
    }

    /// Adds a line of what this event made due, about this unit.
    pub fn due_about(&mut self, line: impl Into<String>, unit: Option<UnitId>) {
        self.about.due.resize(self.due.len(), Vec::new());
        self.due.push(line.into());
        self.about.due.push(unit.into_iter().collect());
    }

    /// The summary names these units too.
    pub fn naming(&mut self, units: impl IntoIterator<Item = UnitId>) {
        for unit in units {
            if !self.about.summary.contains(&unit) {
                self.about.summary.push(unit);
            }
        }
    }
}

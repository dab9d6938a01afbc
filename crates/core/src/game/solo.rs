//! What the game records of the solo opponent: its difficulty, and each choice it made by a
//! weighted roll (the options with their chances, the dice and the one chosen), so that a game
//! replays exactly and the report can tell every decision afterwards.
//!
//! How the options are found and weighed is the opponent's own business (`crate::solo`); the
//! game only checks that a decision is well formed and rolls for it.

use serde::{Deserialize, Serialize};

use crate::unit::UnitId;

use super::contacts::Contact;
use super::state::GameState;

/// How sharp the solo opponent is.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SoloDifficulty {
    /// Often takes a poorer option, and is slow to interrupt.
    Recruit,
    /// Usually takes the better option.
    #[default]
    Regular,
    /// Nearly always takes the best option, and interrupts readily.
    Veteran,
}

impl SoloDifficulty {
    /// Every level, easiest first.
    pub const ALL: [SoloDifficulty; 3] = [
        SoloDifficulty::Recruit,
        SoloDifficulty::Regular,
        SoloDifficulty::Veteran,
    ];

    /// Its name.
    pub const fn name(self) -> &'static str {
        match self {
            SoloDifficulty::Recruit => "Recruit",
            SoloDifficulty::Regular => "Regular",
            SoloDifficulty::Veteran => "Veteran",
        }
    }

    /// How it plays, in a few words.
    pub const fn words(self) -> &'static str {
        match self {
            SoloDifficulty::Recruit => "Often takes a poorer option, and is slow to interrupt.",
            SoloDifficulty::Regular => "Usually takes the better option.",
            SoloDifficulty::Veteran => {
                "Nearly always takes the best option, and interrupts readily."
            }
        }
    }
}

/// One option of a decision, with its chance of being taken.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SoloOption {
    /// What the unit does: "interrupt now", "fire at Fireteam Alpha".
    pub words: String,
    /// Its chance, in percent (the options of a decision add up to 100).
    pub percent: u8,
    /// What its score was worked out from, in words: "5d6 vs 4d8: 1.2 casualties expected".
    pub odds: String,
}

/// What a decision of the solo opponent in an Insurgent unit's own phase is about.
pub const ORDERS: &str = "its orders";

/// A decision the solo opponent made by a weighted roll.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SoloDecision {
    /// The turn.
    pub turn: u32,
    /// The Insurgent unit deciding; none for a marker that hides nothing.
    pub unit: Option<UnitId>,
    /// The marker it decided under, while it was not revealed (a hidden unit's or an empty
    /// one's): the table knows the decision by this marker's name.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub marker: Option<String>,
    /// What was decided: "answer to Fireteam Alpha's move".
    pub about: String,
    /// The options, best first.
    pub options: Vec<SoloOption>,
    /// The option taken.
    pub chosen: usize,
    /// The percentile rolled (1–100), or none when one option was certain.
    pub roll: Option<u8>,
}

impl SoloDecision {
    /// The option taken.
    pub fn taken(&self) -> Option<&SoloOption> {
        self.options.get(self.chosen)
    }

    /// The best option passed over, if any (the options are kept best first).
    pub fn passed_over(&self) -> Option<&SoloOption> {
        self.options
            .iter()
            .enumerate()
            .find(|(i, _)| *i != self.chosen)
            .map(|(_, o)| o)
    }

    /// True when the roll took an option with a lower chance than another one.
    pub fn lesser_taken(&self) -> bool {
        match (self.taken(), self.options.first()) {
            (Some(taken), Some(best)) => self.chosen != 0 && taken.percent < best.percent,
            _ => false,
        }
    }

    /// The marker that keeps this decision back, if one does: the marker it was made under,
    /// while that marker is still on the table, unless the caller tells everything
    /// (`reveal`). Such a decision is told only by the marker's name and the option taken:
    /// not the unit, not what was weighed, not the roll, so that a marker hiding a unit and an
    /// empty one read alike. The desk and the reports both ask this.
    pub fn kept_back_by<'a>(&self, state: &'a GameState, reveal: bool) -> Option<&'a Contact> {
        if reveal {
            return None;
        }
        let marker = self.marker.as_deref()?;
        state
            .contacts
            .iter()
            .find(|c| c.marker == marker)
            .filter(|c| !c.revealed)
    }
}

/// Who made a decision: an Insurgent unit (hidden under a marker or not), or a marker, by its
/// name, whatever it hides.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Decider<'a> {
    /// The unit deciding, under its own name or its marker's.
    Unit(UnitId),
    /// The marker ("B"), hiding a unit or nothing.
    Marker(&'a str),
}

impl GameState {
    /// The latest decision this turn about `about` made by this unit or under this marker.
    pub fn decision_of(&self, who: Decider<'_>, about: &str) -> Option<&SoloDecision> {
        self.solo_decisions.iter().rev().find(|d| {
            d.turn == self.turn
                && d.about == about
                && match who {
                    Decider::Unit(unit) => d.unit == Some(unit),
                    Decider::Marker(marker) => d.marker.as_deref() == Some(marker),
                }
        })
    }
}

/// The percentile two d10 make (tens, then units; 0 and 0 is 100), if there are two.
pub fn percentile(faces: &[crate::dice::Face]) -> Option<u8> {
    match faces {
        [tens, units] => {
            let value = (tens % 10) * 10 + units % 10;
            Some(if value == 0 { 100 } else { value })
        }
        _ => None,
    }
}

/// The option a percentile roll (1–100) picks: the first whose running total reaches it.
pub fn pick(options: &[SoloOption], roll: u8) -> usize {
    let mut total = 0u32;
    for (i, option) in options.iter().enumerate() {
        total += u32::from(option.percent);
        if u32::from(roll) <= total {
            return i;
        }
    }
    options.len().saturating_sub(1)
}

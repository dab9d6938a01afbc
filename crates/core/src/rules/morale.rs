//! Morale checks for both sides, and First Aid for Regular casualties.

use serde::{Deserialize, Serialize};

use crate::dice::{Die, Face};
use crate::unit::{FigureId, Unit, Wound};

use super::checks::SUCCESS;

/// Dice a unit rolls for a Morale check: its Morale die, once per figure in the firing line.
pub fn morale_dice(unit: &Unit) -> (Die, usize) {
    (unit.profile.morale, unit.firing_count())
}

fn count_successes(faces: &[Face], modifier: i8) -> (usize, usize) {
    let successes = faces
        .iter()
        .filter(|&&f| i32::from(f) + i32::from(modifier) >= SUCCESS)
        .count();
    (successes, faces.len() - successes)
}

/// What a Regular unit does after a Morale check.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RegularMorale {
    /// More successes than failures.
    Stand,
    /// Failures at least equal to successes.
    Pinned,
    /// Pinned again in the same turn, in a defensible position: stays Pinned.
    PinnedHoldingPosition,
    /// Pinned again in the same turn: pulls back up to 6" to the nearest cover.
    PullBack,
}

impl RegularMorale {
    /// Plain words for the result.
    pub const fn describe(self) -> &'static str {
        match self {
            RegularMorale::Stand => "Stand",
            RegularMorale::Pinned => "Pinned",
            RegularMorale::PinnedHoldingPosition => "Pinned again, holds its defensible position",
            RegularMorale::PullBack => "Pull Back",
        }
    }
}

/// A Regular Morale check, resolved.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RegularMoraleResult {
    /// The Morale die rolled (set by the game, for the odds of the check).
    #[serde(default)]
    pub die: Option<Die>,
    /// The modifier added to every die.
    #[serde(default)]
    pub modifier: i8,
    /// Dice at 4+ after the modifier.
    pub successes: usize,
    /// The other dice.
    pub failures: usize,
    /// The outcome.
    pub outcome: RegularMorale,
}

/// What a failed Regular Morale check does: Pinned, or, for a unit already Pinned, Pull Back
/// unless it holds a defensible position.
pub const fn regular_failure(already_pinned: bool, defensible: bool) -> RegularMorale {
    if !already_pinned {
        RegularMorale::Pinned
    } else if defensible {
        RegularMorale::PinnedHoldingPosition
    } else {
        RegularMorale::PullBack
    }
}

/// Resolves a Regular Morale check.
///
/// `already_pinned` is the unit's state before the check; `defensible` is the referee's
/// judgement that the unit is already in a defensible position.
pub fn regular_morale(
    faces: &[Face],
    modifier: i8,
    already_pinned: bool,
    defensible: bool,
) -> RegularMoraleResult {
    let (successes, failures) = count_successes(faces, modifier);
    let outcome = if successes > failures {
        RegularMorale::Stand
    } else {
        regular_failure(already_pinned, defensible)
    };
    RegularMoraleResult {
        die: None,
        modifier,
        successes,
        failures,
        outcome,
    }
}

/// An Insurgent Morale check, resolved.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct InsurgentMoraleResult {
    /// The Morale die rolled.
    #[serde(default)]
    pub die: Option<Die>,
    /// The modifier added to every die.
    #[serde(default)]
    pub modifier: i8,
    /// Dice at 4+ after the modifier.
    pub successes: usize,
    /// The other dice.
    pub failures: usize,
    /// Dice showing a natural 1.
    pub ones: usize,
    /// Figures removed by Shrink: riflemen first, support weapons last, never leaders.
    pub shrink: Vec<FigureId>,
    /// Failures at least equal to successes.
    pub shaken: bool,
    /// The Morale die after the check; `None` when it fell below d6 and the unit broke.
    pub morale_after: Option<Die>,
}

/// The figures of an Insurgent unit in the order its Morale dice are read when each die is one
/// figure's (rules version 6 on): its leaders first, then the others.
pub fn morale_order(unit: &Unit) -> Vec<&crate::unit::Figure> {
    let (leaders, others): (Vec<_>, Vec<_>) = unit.firing_line().partition(|f| f.is_leader());
    leaders.into_iter().chain(others).collect()
}

/// Resolves an Insurgent Morale check against the unit as it stands. The first `leader_dice`
/// faces are its leaders' (rules version 6 on; 0 before): a 1 there shrinks nobody, as leaders
/// never shrink. Before, every 1 counted, up to the figures that may shrink.
pub fn insurgent_morale(
    unit: &Unit,
    faces: &[Face],
    modifier: i8,
    leader_dice: usize,
) -> InsurgentMoraleResult {
    let (successes, failures) = count_successes(faces, modifier);
    let ones = faces.iter().skip(leader_dice).filter(|&&f| f == 1).count();
    // Leaders come last in the casualty order, so the first figures proposed are never leaders.
    let shrink = unit.casualty_proposal(ones.min(unit.shrinkable()));
    let shaken = failures >= successes;
    let morale_after = if shaken {
        unit.profile.morale.step_down()
    } else {
        Some(unit.profile.morale)
    };
    InsurgentMoraleResult {
        die: Some(unit.profile.morale),
        modifier,
        successes,
        failures,
        ones,
        shrink,
        shaken,
        morale_after,
    }
}

/// First Aid for one Regular casualty.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct FirstAidResult {
    /// The casualty figure.
    pub figure: FigureId,
    /// The d6 face.
    pub face: Face,
    /// How badly hurt.
    pub wound: Wound,
}

/// Resolves First Aid for a list of casualty figures, one d6 each, in order.
pub fn first_aid(figures: &[FigureId], faces: &[Face]) -> Vec<FirstAidResult> {
    figures
        .iter()
        .zip(faces)
        .map(|(&figure, &face)| FirstAidResult {
            figure,
            face,
            wound: Wound::from_first_aid(face),
        })
        .collect()
}

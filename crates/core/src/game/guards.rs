//! The gate's lookups and guards, each failing with the typed error a refused command carries.

use crate::unit::{Side, Unit, UnitId};

use super::error::RuleError;
use super::pending::PendingStep;
use super::state::{GameState, Phase};

pub(super) type Result<T> = std::result::Result<T, RuleError>;

impl GameState {
    /// A unit of the game.
    pub(super) fn get(&self, id: UnitId) -> Result<&Unit> {
        self.unit(id).ok_or(RuleError::UnknownUnit(id))
    }

    /// A unit on the table.
    pub(super) fn get_in_play(&self, id: UnitId) -> Result<&Unit> {
        let unit = self.get(id)?;
        if !unit.in_play() {
            return Err(RuleError::NotInPlay(unit.name.clone()));
        }
        Ok(unit)
    }

    /// A unit on the table with somebody who can fight.
    pub(super) fn get_fighting(&self, id: UnitId) -> Result<&Unit> {
        let unit = self.get_in_play(id)?;
        expect_fighting(unit)?;
        Ok(unit)
    }

    /// Refused unless the game is in one of these phases.
    pub(super) fn expect_phase(&self, action: &'static str, phases: &[Phase]) -> Result<()> {
        if phases.contains(&self.phase) {
            Ok(())
        } else {
            Err(RuleError::WrongPhase {
                action,
                phase: self.phase,
            })
        }
    }

    /// Refused while any step the rules call for is due.
    pub(super) fn expect_nothing_pending(&self) -> Result<()> {
        if self.pending.is_empty() {
            return Ok(());
        }
        let due: Vec<String> = self
            .pending
            .iter()
            .map(|p| self.describe_pending(&p.step))
            .collect();
        Err(RuleError::StepsDue(due.join("; ")))
    }

    /// The steps of a fire still due for this unit: its casualties (to take off, or to roll
    /// First Aid for) and its Morale checks, in words; none when `unit` is `None`, every unit's.
    fn fire_steps_due(&self, unit: Option<UnitId>) -> Option<String> {
        let due: Vec<String> = self
            .pending
            .iter()
            .filter(|p| match p.step {
                PendingStep::Casualties { unit: u, .. }
                | PendingStep::MoraleCheck { unit: u, .. } => unit.is_none_or(|unit| unit == u),
                _ => false,
            })
            .map(|p| self.describe_pending(&p.step))
            .collect();
        (!due.is_empty()).then(|| due.join("; "))
    }

    /// This unit's own steps of a fire still due (rules version 6 on), in words.
    pub(super) fn fire_steps_due_for(&self, unit: &Unit) -> Option<String> {
        self.fire_steps_due(Some(unit.id))
            .filter(|_| self.rules_at_least(6))
    }

    /// Refused (rules version 6 on) while the steps of a fire are due: casualties to take off
    /// or to roll First Aid for, Morale checks. They come at once (l.206, l.127): nothing a unit
    /// does comes before them. The refusal names this unit's own steps when it has some, else
    /// the steps due.
    pub(super) fn expect_settled(&self, unit: &Unit) -> Result<()> {
        self.expect_settled_at(unit, None)
    }

    /// [`GameState::expect_settled`] for a fire, which also names the target's steps when it has
    /// some: it is fired on again only once the last fire at it is settled.
    pub(super) fn expect_settled_at(&self, unit: &Unit, target: Option<&Unit>) -> Result<()> {
        if !self.rules_at_least(6) {
            return Ok(());
        }
        if let Some(due) = self.fire_steps_due(Some(unit.id)) {
            return Err(RuleError::OwnStepsDue {
                unit: unit.name.clone(),
                due,
            });
        }
        if let Some(target) = target
            && let Some(due) = self.fire_steps_due(Some(target.id))
        {
            return Err(RuleError::TargetStepsDue {
                target: target.name.clone(),
                due,
            });
        }
        match self.fire_steps_due(None) {
            Some(due) => Err(RuleError::FireStepsFirst {
                unit: unit.name.clone(),
                due,
            }),
            None => Ok(()),
        }
    }

    /// Refused (rules version 6 on) while any unit's casualties, First Aid or Morale check are
    /// due: a new Regular activation waits for the fire before it to be settled.
    pub(super) fn expect_fire_settled(&self, unit: &Unit) -> Result<()> {
        match self.fire_steps_due(None) {
            Some(due) if self.rules_at_least(6) => Err(RuleError::ActivationWaits {
                unit: unit.name.clone(),
                due,
            }),
            _ => Ok(()),
        }
    }

    /// A pending step by id.
    pub(super) fn pending_step(&self, id: u32) -> Result<&PendingStep> {
        self.pending(id)
            .map(|p| &p.step)
            .ok_or(RuleError::NoSuchPending(id))
    }

    /// Takes a step off the list of steps due.
    pub(super) fn remove_pending(&mut self, id: u32) {
        self.pending.retain(|p| p.id != id);
    }
}

/// Refused unless the unit is of this side.
pub(super) fn expect_side(unit: &Unit, side: Side) -> Result<()> {
    if unit.side == side {
        Ok(())
    } else {
        Err(RuleError::WrongSide {
            unit: unit.name.clone(),
            side: unit.side,
            expected: side,
        })
    }
}

/// Refused for units that never act, and for units with nobody left who can fight.
pub(super) fn expect_fighting(unit: &Unit) -> Result<()> {
    if unit.non_combatant {
        return Err(RuleError::NonCombatant(unit.name.clone()));
    }
    if unit.firing_count() == 0 {
        return Err(RuleError::NoFiringLine(unit.name.clone()));
    }
    Ok(())
}

/// Refused unless a referee's correction is in words (not blank) within a note's length.
pub(super) fn expect_correction_words(words: &str) -> Result<()> {
    let chars = if words.trim().is_empty() {
        0
    } else {
        words.chars().count()
    };
    crate::limits::NOTE_CHARS.check(chars as i64)?;
    Ok(())
}

/// Refused for a unit done for the turn.
pub(super) fn expect_not_done(unit: &Unit) -> Result<()> {
    if unit.status.done_for_turn {
        Err(RuleError::DoneForTurn(unit.name.clone()))
    } else {
        Ok(())
    }
}

impl RuleError {
    /// True when the command is refused only until steps now due are settled (casualties, First
    /// Aid, Morale checks): it may be given once they are.
    pub const fn waits_for_steps_due(&self) -> bool {
        matches!(
            self,
            RuleError::OwnStepsDue { .. }
                | RuleError::TargetStepsDue { .. }
                | RuleError::FireStepsFirst { .. }
                | RuleError::ActivationWaits { .. }
        )
    }
}

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

/// Refused for a unit done for the turn.
pub(super) fn expect_not_done(unit: &Unit) -> Result<()> {
    if unit.status.done_for_turn {
        Err(RuleError::DoneForTurn(unit.name.clone()))
    } else {
        Ok(())
    }
}

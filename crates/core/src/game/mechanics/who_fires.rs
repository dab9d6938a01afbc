//! Who may fire, and when: an Insurgent unit's one fire of the turn (its interruption or its own
//! action), a Regular unit's fire in its activation, its reactions, and Overwatch shots.

use crate::unit::{PullBack, Side, Unit};

use crate::game::command::{FireContext, ReactionKind};
use crate::game::error::RuleError;
use crate::game::guards::Result;
use crate::game::pending::PendingStep;
use crate::game::state::{GameState, Phase};

use super::fire::may_be_fired_on_without_test;

impl GameState {
    pub(super) fn check_insurgent_fire(
        &self,
        attacker: &Unit,
        target: &Unit,
        context: FireContext,
    ) -> Result<()> {
        if attacker.is_shaken(self.turn) {
            return Err(RuleError::Shaken(attacker.name.clone()));
        }
        // An Insurgent unit fires once a turn: as its interruption, or in its own phase.
        if attacker.status.fired {
            return Err(RuleError::AlreadyFired(attacker.name.clone()));
        }
        match context {
            FireContext::Interrupt => {
                self.expect_phase("Interrupting fire", &[Phase::RegularActivations])?;
                match self.interruption_by(attacker.id) {
                    Some(interruption) => {
                        self.expect_tested(interruption)?;
                        if interruption.insurgent_acted {
                            return Err(RuleError::InterruptionMade(attacker.name.clone()));
                        }
                        if interruption.regular != target.id {
                            let interrupted = self
                                .unit(interruption.regular)
                                .map_or_else(String::new, |u| u.name.clone());
                            return Err(RuleError::WrongInterruptTarget {
                                insurgent: attacker.name.clone(),
                                interrupted,
                            });
                        }
                    }
                    None => {
                        // No Reaction test: the only such fire sacrifices the interrupt at a
                        // Pinned unit.
                        if attacker.status.interrupts_made > 0 {
                            return Err(RuleError::InterruptUsed(attacker.name.clone()));
                        }
                        if attacker.needs_interrupt_check() {
                            return Err(RuleError::LeaderCheckNeeded(attacker.name.clone()));
                        }
                        if !may_be_fired_on_without_test(target) {
                            return Err(RuleError::NotPinned {
                                insurgent: attacker.name.clone(),
                                target: target.name.clone(),
                            });
                        }
                    }
                }
            }
            FireContext::Activation => {
                self.expect_phase("Insurgent fire", &[Phase::InsurgentActions])?;
                if attacker.status.interrupts_made > 0 {
                    return Err(RuleError::InterruptUsed(attacker.name.clone()));
                }
                if attacker.needs_action_check() {
                    return Err(RuleError::LeaderCheckNeeded(attacker.name.clone()));
                }
                // Its speed is its declaration: Overwatch may interrupt it from then (l.141).
                if attacker.status.movement.is_none() && self.rules_at_least(6) {
                    return Err(RuleError::ActionFirst(attacker.name.clone()));
                }
            }
            FireContext::Reaction | FireContext::Overwatch => {
                return Err(RuleError::WrongSide {
                    unit: attacker.name.clone(),
                    side: Side::Insurgent,
                    expected: Side::Regular,
                });
            }
        }
        Ok(())
    }

    pub(super) fn check_regular_fire(
        &self,
        attacker: &Unit,
        target: &Unit,
        context: FireContext,
    ) -> Result<()> {
        let name = || attacker.name.clone();
        match context {
            FireContext::Activation => {
                self.expect_phase("Fire during an activation", &[Phase::RegularActivations])?;
                if !attacker.status.activated {
                    return Err(RuleError::NotActivated(name()));
                }
                if self.active_unit != Some(attacker.id) {
                    return Err(RuleError::ActivationOver(name()));
                }
                if attacker.status.overwatch {
                    return Err(RuleError::OnOverwatch(name()));
                }
                // It moves and fires, or fires and moves: once.
                if attacker.status.fired {
                    return Err(RuleError::AlreadyFired(name()));
                }
                // Its fire on an interruption of this activation was its fire: what is left is
                // to finish its move (l.125, l.127, l.132).
                let fired_back = self
                    .interruptions
                    .iter()
                    .any(|i| i.regular == attacker.id && i.fired_back);
                if fired_back && self.rules_at_least(5) {
                    return Err(RuleError::FiredBack(name()));
                }
                if self.rules_at_least(6) {
                    self.check_fire_while_interrupted(attacker, target)?;
                }
            }
            FireContext::Reaction => self.check_reaction_fire(attacker, target)?,
            FireContext::Overwatch => self.check_overwatch_fire(attacker, target)?,
            FireContext::Interrupt => {
                return Err(RuleError::WrongSide {
                    unit: name(),
                    side: Side::Regular,
                    expected: Side::Insurgent,
                });
            }
        }
        Ok(())
    }

    fn check_reaction_fire(&self, attacker: &Unit, target: &Unit) -> Result<()> {
        let nothing = |why: String| RuleError::NothingToReactTo {
            unit: attacker.name.clone(),
            why,
        };
        let answered = || RuleError::AlreadyAnswered {
            unit: attacker.name.clone(),
            insurgent: target.name.clone(),
        };
        match self.phase {
            Phase::RegularActivations => {
                let Some(interruption) = self.interruption_by(target.id) else {
                    return Err(nothing(format!(
                        "{} has not interrupted this activation",
                        target.name
                    )));
                };
                self.expect_tested(interruption)?;
                if interruption.answered(attacker.id) {
                    return Err(answered());
                }
                if interruption.regular == attacker.id {
                    if interruption.insurgents_first {
                        if !interruption.insurgent_acted {
                            return Err(RuleError::InsurgentsActFirst {
                                insurgent: target.name.clone(),
                                unit: attacker.name.clone(),
                            });
                        }
                        if attacker.status.pinned || attacker.status.pull_back != PullBack::None {
                            return Err(RuleError::MayNotReturnFire(attacker.name.clone()));
                        }
                        // Rules 6 refuse any fire before the unit's own steps (the gate's
                        // `expect_settled`), naming them.
                        let settling = self.pending.iter().any(|p| match p.step {
                            PendingStep::Casualties { unit, .. }
                            | PendingStep::MoraleCheck { unit, .. } => unit == attacker.id,
                            _ => false,
                        });
                        if settling && self.rules_at_least(3) && !self.rules_at_least(6) {
                            return Err(RuleError::MoraleBeforeReturnFire(attacker.name.clone()));
                        }
                    }
                    // Its own shot made since the interruption began was its fire (l.125).
                    if attacker.status.fired && !interruption.fired_before && self.rules_at_least(6)
                    {
                        return Err(RuleError::FireSpent {
                            unit: attacker.name.clone(),
                            insurgent: target.name.clone(),
                        });
                    }
                } else if attacker.status.activated {
                    return Err(nothing(format!(
                        "{} interrupted another unit, and {} has already activated",
                        target.name, attacker.name
                    )));
                }
                Ok(())
            }
            Phase::InsurgentActions => {
                if !self.may_react_in_insurgent_phase(attacker.id, target) {
                    return Err(nothing(format!(
                        "{} has neither moved nor fired at {} in the Insurgent phase",
                        target.name, attacker.name
                    )));
                }
                if self.answered.contains(&(attacker.id, target.id)) {
                    return Err(answered());
                }
                Ok(())
            }
            phase => Err(RuleError::WrongPhase {
                action: "A reaction",
                phase,
            }),
        }
    }

    fn check_overwatch_fire(&self, attacker: &Unit, target: &Unit) -> Result<()> {
        if !attacker.status.overwatch {
            return Err(RuleError::NotOnOverwatch(attacker.name.clone()));
        }
        let answered = || RuleError::AlreadyAnswered {
            unit: attacker.name.clone(),
            insurgent: target.name.clone(),
        };
        match self.phase {
            Phase::RegularActivations => {
                let Some(interruption) = self.interruption_by(target.id) else {
                    return Err(RuleError::NothingToReactTo {
                        unit: attacker.name.clone(),
                        why: format!("{} is not interrupting", target.name),
                    });
                };
                let Some(fires_first) = interruption.overwatch_test(attacker.id) else {
                    return Err(RuleError::OverwatchTestFirst {
                        unit: attacker.name.clone(),
                        insurgent: target.name.clone(),
                    });
                };
                // Failing its test, it fires after the Insurgents (l.144).
                if !fires_first && !interruption.insurgent_acted && self.rules_at_least(3) {
                    return Err(RuleError::OverwatchFiresAfter {
                        insurgent: target.name.clone(),
                        unit: attacker.name.clone(),
                    });
                }
                if interruption.answered(attacker.id) {
                    return Err(answered());
                }
                Ok(())
            }
            Phase::InsurgentActions => {
                if !self.acting_in_insurgent_phase(target) {
                    return Err(RuleError::NothingToReactTo {
                        unit: attacker.name.clone(),
                        why: format!(
                            "{} has not moved or fired in the Insurgent phase",
                            target.name
                        ),
                    });
                }
                if self.answered.contains(&(attacker.id, target.id)) {
                    return Err(answered());
                }
                // An interruption comes before what it interrupts: once a unit that stood
                // Halted has fired, its action is over (a moving unit's move may not be).
                let halted = target.status.movement == Some(crate::unit::Movement::Halted);
                if halted && target.status.fired && self.rules_at_least(6) {
                    return Err(RuleError::ActionOver {
                        unit: attacker.name.clone(),
                        insurgent: target.name.clone(),
                    });
                }
                Ok(())
            }
            phase => Err(RuleError::WrongPhase {
                action: "Overwatch fire",
                phase,
            }),
        }
    }

    /// The Regular unit's own fire in its activation while it is interrupted (rules version 6
    /// on). While an interruption of its fire is still to be made, its fire waits: for the
    /// Reaction test, and, when the Insurgents won it, for their fire. A shot at the unit that
    /// interrupted it answers that interruption, whatever it is called: it follows the test as
    /// return fire does, and not while the interrupt fire left the unit Pinned or pulling back
    /// (l.132); at any other unit a Pinned unit may fire in its activation (l.246).
    fn check_fire_while_interrupted(&self, attacker: &Unit, target: &Unit) -> Result<()> {
        let names = |i: &crate::game::interruption::Interruption| {
            let insurgent = self
                .unit(i.insurgent)
                .map_or_else(String::new, |u| u.name.clone());
            (attacker.name.clone(), insurgent)
        };
        for i in self
            .interruptions
            .iter()
            .filter(|i| i.regular == attacker.id)
        {
            let to_come = !i.insurgent_acted && self.may_still_make(i);
            if i.kind == ReactionKind::InterruptFire && to_come && (!i.tested || i.insurgents_first)
            {
                let (unit, insurgent) = names(i);
                return Err(RuleError::FireInterrupted {
                    unit,
                    insurgent,
                    how: if i.tested {
                        "the Insurgents won the Reaction test: their fire comes first, then it may return fire"
                    } else {
                        "its Reaction test comes first"
                    },
                });
            }
        }
        let Some(i) = self
            .interruption_by(target.id)
            .filter(|i| i.regular == attacker.id)
        else {
            return Ok(());
        };
        self.expect_tested(i)?;
        if i.insurgents_first && !i.insurgent_acted && self.may_still_make(i) {
            return Err(RuleError::InsurgentsActFirst {
                insurgent: target.name.clone(),
                unit: attacker.name.clone(),
            });
        }
        let held = attacker.status.pinned || attacker.status.pull_back != PullBack::None;
        if i.insurgents_first && i.insurgent_acted && held {
            return Err(RuleError::PinnedByInterruption {
                unit: attacker.name.clone(),
                insurgent: target.name.clone(),
            });
        }
        Ok(())
    }

    /// True while the interrupting unit may still make its interruption: on the table, with
    /// somebody to fight, neither Shaken nor done for the turn.
    fn may_still_make(&self, i: &crate::game::interruption::Interruption) -> bool {
        self.unit(i.insurgent).is_some_and(|u| {
            u.in_play() && !u.cannot_fight() && !u.is_shaken(self.turn) && !u.status.done_for_turn
        })
    }
}

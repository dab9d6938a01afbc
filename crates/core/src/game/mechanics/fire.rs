//! Fire combat: who may fire at whom, when, and what the dice do.

use crate::dice::{DiceRequest, DiceRole, Faces};
use crate::limits::{LOST_DICE, POOL_ADJUST};
use crate::rules::fire::{self, FireModifiers};
use crate::unit::{PullBack, Side, Unit, UnitId};

use crate::game::command::FireContext;
use crate::game::error::RuleError;
use crate::game::guards::{Result, expect_not_done};
use crate::game::outcome::{Detail, FireReport, Outcome};
use crate::game::pending::{MoraleReason, PendingStep};
use crate::game::state::{GameState, Phase};
use crate::game::words;

/// True for a Regular unit an Insurgent unit may fire on with no Reaction test, sacrificing its
/// interrupt: a Pinned unit (or one pulling back, Pinned a second time).
fn may_be_fired_on_without_test(target: &Unit) -> bool {
    target.status.pinned || target.status.pull_back == PullBack::PullingBack
}

impl GameState {
    pub(in crate::game) fn check_fire(
        &self,
        attacker_id: UnitId,
        target_id: UnitId,
        modifiers: &FireModifiers,
        context: FireContext,
    ) -> Result<DiceRequest> {
        let attacker = self.get_fighting(attacker_id)?;
        let target = self.get_in_play(target_id)?;
        if attacker.side == target.side {
            return Err(RuleError::FriendlyFire {
                attacker: attacker.name.clone(),
                target: target.name.clone(),
            });
        }
        if target.non_combatant {
            return Err(RuleError::NonCombatant(target.name.clone()));
        }
        expect_not_done(attacker)?;
        LOST_DICE.check(modifiers.interruption_dice)?;
        POOL_ADJUST.check(modifiers.firepower_adjust)?;
        POOL_ADJUST.check(modifiers.defense_adjust)?;
        match attacker.side {
            Side::Insurgent => self.check_insurgent_fire(attacker, target, context)?,
            Side::Regular => self.check_regular_fire(attacker, target, context)?,
        }
        let fp = fire::firepower(attacker, modifiers);
        let dp = fire::defense(target, modifiers);
        let mut request = DiceRequest::none();
        if !fp.is_empty() {
            for (die, n) in fp.groups() {
                request.push(
                    DiceRole::Attack,
                    format!("Firepower: {} ({die})", attacker.name),
                    die,
                    n,
                );
            }
            for (die, n) in dp.groups() {
                request.push(
                    DiceRole::Defense,
                    format!("Defense: {} ({die})", target.name),
                    die,
                    n,
                );
            }
        }
        Ok(request)
    }

    fn check_insurgent_fire(
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

    fn check_regular_fire(
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
                        let settling = self.pending.iter().any(|p| match p.step {
                            PendingStep::Casualties { unit, .. }
                            | PendingStep::MoraleCheck { unit, .. } => unit == attacker.id,
                            _ => false,
                        });
                        if settling && self.rules_at_least(3) {
                            return Err(RuleError::MoraleBeforeReturnFire(attacker.name.clone()));
                        }
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
                if interruption.overwatch_test(attacker.id).is_none() {
                    return Err(RuleError::OverwatchTestFirst {
                        unit: attacker.name.clone(),
                        insurgent: target.name.clone(),
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
                Ok(())
            }
            phase => Err(RuleError::WrongPhase {
                action: "Overwatch fire",
                phase,
            }),
        }
    }

    pub(in crate::game) fn fire(
        &mut self,
        attacker_id: UnitId,
        target_id: UnitId,
        modifiers: &FireModifiers,
        context: FireContext,
        faces: &Faces<'_>,
    ) -> Outcome {
        let (Some(attacker), Some(target)) = (self.unit(attacker_id), self.unit(target_id)) else {
            return Outcome::default();
        };
        let firepower = fire::firepower(attacker, modifiers);
        let defense = fire::defense(target, modifiers);
        let attack_faces = faces.all(DiceRole::Attack);
        let defense_faces = faces.all(DiceRole::Defense);
        let matching = fire::match_dice(&attack_faces, &defense_faces, modifiers.target_number());
        let casualties = matching.hits().min(target.firing_count());
        let (attacker_name, target_name) = (attacker.name.clone(), target.name.clone());
        let target_side = target.side;
        let target_leaderless = !target.has_leader();
        let attacker_side = attacker.side;
        // A Regular unit that lost its Reaction test to this fire checks Morale once it is
        // over, casualties or not (the casualties' own check covers it when there are some).
        let lost_the_test = self.rules_at_least(3)
            && context == FireContext::Interrupt
            && target_side == Side::Regular
            && self
                .interruption_by(attacker_id)
                .is_some_and(|i| i.regular == target_id && i.insurgents_first);
        self.record_fire(attacker_id, attacker_side, target_id, context);

        if firepower.is_empty() {
            return Outcome::text(format!(
                "{attacker_name} has no Firepower left against {target_name}: no attack"
            ));
        }
        let mut outcome = Outcome::text(words::fire(
            &attacker_name,
            context,
            &target_name,
            &firepower,
            &defense,
            casualties,
        ));
        if casualties > 0 {
            self.push_due(
                PendingStep::Casualties {
                    unit: target_id,
                    count: casualties as u32,
                },
                &mut outcome,
            );
        } else if lost_the_test {
            self.push_due(
                PendingStep::MoraleCheck {
                    unit: target_id,
                    reason: MoraleReason::SurvivedInterruptFire,
                },
                &mut outcome,
            );
        } else if target_side == Side::Insurgent && target_leaderless {
            self.push_due(
                PendingStep::MoraleCheck {
                    unit: target_id,
                    reason: MoraleReason::FiredOnWithoutLeader,
                },
                &mut outcome,
            );
        }
        outcome.detail = Detail::Fire(Box::new(FireReport {
            attacker: attacker_id,
            target: target_id,
            firepower,
            defense,
            matching,
            casualties,
        }));
        outcome
    }

    /// What firing uses up: an Insurgent unit's one fire of the turn, an interruption's action,
    /// a reaction, an Overwatch shot, a Regular activation's own fire.
    fn record_fire(&mut self, attacker: UnitId, side: Side, target: UnitId, context: FireContext) {
        let phase = self.phase;
        let interrupted_by = match (side, context) {
            (Side::Regular, FireContext::Reaction | FireContext::Overwatch) => Some(target),
            (Side::Insurgent, FireContext::Interrupt) => Some(attacker),
            _ => None,
        };
        let mut friend_spends_activation = false;
        let mut sacrificed = false;
        match (
            phase,
            interrupted_by.and_then(|i| self.interruption_by_mut(i)),
        ) {
            (Phase::RegularActivations, Some(interruption)) => {
                if side == Side::Insurgent {
                    interruption.insurgent_acted = true;
                } else {
                    friend_spends_activation =
                        context == FireContext::Reaction && interruption.regular != attacker;
                    interruption.answered_by.push(attacker);
                }
            }
            (Phase::RegularActivations, None) => sacrificed = side == Side::Insurgent,
            _ => {
                if side == Side::Regular && context != FireContext::Activation {
                    self.answered.push((attacker, target));
                }
                if side == Side::Insurgent && phase == Phase::InsurgentActions {
                    self.insurgent_shots.push((attacker, target));
                }
            }
        }
        let Some(unit) = self.unit_mut(attacker) else {
            return;
        };
        let status = &mut unit.status;
        match (side, context) {
            (Side::Insurgent, FireContext::Interrupt) => {
                status.fired = true;
                if sacrificed {
                    status.interrupts_made = 1;
                }
            }
            (Side::Insurgent, _) => {
                status.fired = true;
                status.activated = true;
            }
            (Side::Regular, FireContext::Activation) => status.fired = true,
            (Side::Regular, FireContext::Overwatch) => {
                status.overwatch_shots = status.overwatch_shots.saturating_add(1);
            }
            (Side::Regular, _) => {
                if friend_spends_activation {
                    // A friend reacting spends its activation and takes no further action.
                    status.activated = true;
                    status.done_for_turn = true;
                }
            }
        }
    }

    /// Adds a step that is now due, and says so in the outcome.
    pub(in crate::game) fn push_due(&mut self, step: PendingStep, outcome: &mut Outcome) {
        outcome.note(format!("Due: {}", self.describe_pending(&step)));
        self.push_pending(step);
    }
}

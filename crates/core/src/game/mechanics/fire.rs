//! Fire combat: the check of a fire (its context is `who_fires.rs`), and what the dice do.

use crate::dice::{DiceRequest, DiceRole, Faces};
use crate::limits::{LOST_DICE, POOL_ADJUST};
use crate::rules::fire::{self, FireModifiers};
use crate::unit::{PullBack, Side, Unit, UnitId};

use crate::game::command::FireContext;
use crate::game::error::RuleError;
use crate::game::guards::{Result, expect_correction_words, expect_not_done};
use crate::game::outcome::{Detail, FireReport, Outcome};
use crate::game::pending::{MoraleReason, PendingStep};
use crate::game::state::{GameState, Phase};
use crate::game::words;

/// True for a Regular unit an Insurgent unit may fire on with no Reaction test, sacrificing its
/// interrupt: a Pinned unit (or one pulling back, Pinned a second time).
pub(super) fn may_be_fired_on_without_test(target: &Unit) -> bool {
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
        // Casualties come off, First Aid is rolled and Morale is checked before the unit fires,
        // or is fired on, again (rules 6 on).
        self.expect_settled_at(attacker, Some(target))?;
        self.check_what_is_known(attacker, target, modifiers)?;
        let fp = fire::firepower(attacker, modifiers);
        let dp = fire::defense(target, modifiers);
        // No die left is no attack: it is not offered, and it does not use up the unit's fire.
        if fp.is_empty() && self.rules_at_least(4) {
            return Err(RuleError::NoFirepower {
                attacker: attacker.name.clone(),
                target: target.name.clone(),
            });
        }
        let mut request = DiceRequest::none();
        if !fp.is_empty() {
            for (die, n) in fp.groups() {
                request.push(
                    DiceRole::Attack,
                    format!("Firepower: {} ({die})", self.shown_name(attacker.id)),
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

    /// What the game knows about a fire is not the event's to say (rules version 3 on): the
    /// fields the state sets must agree with it, unless the referee corrects them in words.
    fn check_what_is_known(
        &self,
        attacker: &Unit,
        target: &Unit,
        modifiers: &FireModifiers,
    ) -> Result<()> {
        if let Some(words) = &modifiers.correction {
            return expect_correction_words(words);
        }
        if !self.rules_at_least(3) {
            return Ok(());
        }
        let differ = modifiers.disagreements(attacker, target, self.settings.interruption_penalty);
        if differ.is_empty() {
            Ok(())
        } else {
            Err(RuleError::NotAsTheStateSays(differ.join("; ")))
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
        let figures = target.firing_count();
        let casualties = matching.hits().min(figures);
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
        if let Some(words) = &modifiers.correction {
            outcome.note_first(
                format!(
                    "Referee's correction: {} — {attacker_name} fires {}",
                    words.trim(),
                    firepower.notation()
                ),
                &[attacker_id],
            );
        }
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
            figures,
        }));
        outcome
    }

    /// What firing uses up: an Insurgent unit's one fire of the turn, an interruption's action,
    /// a reaction, an Overwatch shot, a Regular activation's own fire.
    fn record_fire(&mut self, attacker: UnitId, side: Side, target: UnitId, context: FireContext) {
        let phase = self.phase;
        // Rules 6 on: a Regular unit's own shot at the unit interrupting it answers that
        // interruption, as its fire back does.
        let answers_own_interruption = side == Side::Regular
            && context == FireContext::Activation
            && self.rules_at_least(6)
            && self
                .interruption_by(target)
                .is_some_and(|i| i.regular == attacker);
        let interrupted_by = match (side, context) {
            (Side::Regular, FireContext::Reaction | FireContext::Overwatch) => Some(target),
            (Side::Regular, FireContext::Activation) if answers_own_interruption => Some(target),
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
                    if context != FireContext::Overwatch && interruption.regular == attacker {
                        interruption.fired_back = true;
                    }
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
        outcome.due_about(self.describe_pending(&step), step.unit());
        self.push_pending(step);
    }
}

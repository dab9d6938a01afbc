//! Single-die tests: Interrupt and Quality checks, and Reaction tests, each for one purpose.

use crate::dice::{DiceRequest, DiceRole, Face};
use crate::limits::DIE_ADJUST;
use crate::rules::checks::{self, ReactionModifiers, ReactionSetup, TestDie};
use crate::unit::{Side, UnitId};

use crate::game::command::{QualityPurpose, ReactionKind};
use crate::game::contact::Interruption;
use crate::game::error::RuleError;
use crate::game::lookup::{Result, expect_not_done, expect_side};
use crate::game::outcome::{Detail, Outcome};
use crate::game::state::{GameState, Phase};
use crate::game::words;

impl GameState {
    pub(in crate::game) fn check_quality(
        &self,
        id: UnitId,
        purpose: QualityPurpose,
    ) -> Result<DiceRequest> {
        let unit = self.get_fighting(id)?;
        match purpose {
            QualityPurpose::Interrupt => {
                self.expect_phase("An Interrupt check", &[Phase::RegularActivations])?;
                expect_side(unit, Side::Insurgent)?;
                if self.active_unit.is_none() {
                    return Err(RuleError::NothingToInterrupt);
                }
                if unit.is_shaken(self.turn) {
                    return Err(RuleError::Shaken(unit.name.clone()));
                }
                if unit.status.interrupts_made > 0 {
                    return Err(RuleError::InterruptUsed(unit.name.clone()));
                }
                expect_not_done(unit)?;
                if !unit.needs_interrupt_check() {
                    return Err(RuleError::NoCheckNeeded(unit.name.clone()));
                }
            }
            QualityPurpose::ActWithoutLeader => {
                self.expect_phase("A Quality check to act", &[Phase::InsurgentActions])?;
                expect_side(unit, Side::Insurgent)?;
                if unit.status.interrupts_made > 0 {
                    return Err(RuleError::InterruptUsed(unit.name.clone()));
                }
                expect_not_done(unit)?;
                if unit.status.activated {
                    return Err(RuleError::AlreadyActivated(unit.name.clone()));
                }
                if !unit.needs_action_check() {
                    return Err(RuleError::NoCheckNeeded(unit.name.clone()));
                }
            }
            QualityPurpose::Other => {}
        }
        let test = TestDie::for_unit(unit);
        let mut request = DiceRequest::none();
        request.push(
            DiceRole::Quality,
            format!("Quality check: {}", unit.name),
            test.die,
            1,
        );
        Ok(request)
    }

    pub(in crate::game) fn quality_check(
        &mut self,
        id: UnitId,
        purpose: QualityPurpose,
        face: Option<Face>,
    ) -> Outcome {
        // The gate asked for the test die; without it nothing happens.
        let (Some(unit), Some(face)) = (self.unit(id), face) else {
            return Outcome::default();
        };
        let name = unit.name.clone();
        let result = checks::quality_check(TestDie::for_unit(unit), face);
        let mut summary = words::quality_check(&name, purpose, result.total, result.passed);
        if purpose != QualityPurpose::Other
            && let Some(unit) = self.unit_mut(id)
        {
            match (purpose, result.passed) {
                (_, false) => {
                    unit.status.done_for_turn = true;
                    summary.push_str("; no further action this turn");
                }
                (QualityPurpose::Interrupt, true) => unit.status.passed_interrupt_check = true,
                (_, true) => unit.status.passed_action_check = true,
            }
        }
        Outcome::with(summary, Detail::Check(result))
    }

    pub(in crate::game) fn check_reaction(
        &self,
        insurgent: UnitId,
        regular: UnitId,
        kind: ReactionKind,
        modifiers: &ReactionModifiers,
    ) -> Result<DiceRequest> {
        self.expect_phase("A Reaction test", &[Phase::RegularActivations])?;
        let ins = self.get_fighting(insurgent)?;
        let reg = self.get_fighting(regular)?;
        expect_side(ins, Side::Insurgent)?;
        expect_side(reg, Side::Regular)?;
        DIE_ADJUST.check(modifiers.regular_adjust)?;
        DIE_ADJUST.check(modifiers.insurgent_adjust)?;
        if kind == ReactionKind::Overwatch {
            if !reg.status.overwatch {
                return Err(RuleError::NotOnOverwatch(reg.name.clone()));
            }
            let Some(interruption) = self.interruption_by(insurgent) else {
                return Err(RuleError::NothingToReactTo {
                    unit: reg.name.clone(),
                    why: format!(
                        "{} is not interrupting; Overwatch tests answer interruptions",
                        ins.name
                    ),
                });
            };
            if interruption.overwatch_test(regular).is_some() {
                return Err(RuleError::AlreadyAnswered {
                    unit: reg.name.clone(),
                    insurgent: ins.name.clone(),
                });
            }
        } else {
            if self.active_unit != Some(regular) {
                return Err(RuleError::NotActive(reg.name.clone()));
            }
            if ins.is_shaken(self.turn) {
                return Err(RuleError::Shaken(ins.name.clone()));
            }
            if ins.status.interrupts_made > 0 {
                return Err(RuleError::InterruptUsed(ins.name.clone()));
            }
            expect_not_done(ins)?;
            if ins.needs_interrupt_check() {
                return Err(RuleError::LeaderCheckNeeded(ins.name.clone()));
            }
            if kind == ReactionKind::InterruptMovement
                && ReactionKind::interrupting(reg, false) != kind
            {
                return Err(RuleError::NothingThere(
                    ins.name.clone(),
                    "the unit activating is Halted, so it has no movement to interrupt",
                ));
            }
            if kind == ReactionKind::InterruptFire && reg.status.overwatch {
                return Err(RuleError::NothingThere(
                    ins.name.clone(),
                    "the unit activating is on Overwatch and holds its fire",
                ));
            }
        }
        let setup = ReactionSetup::new(ins, reg, modifiers);
        let mut request = DiceRequest::none();
        request.push(
            DiceRole::InsurgentReaction,
            format!("Reaction: {}", ins.name),
            setup.insurgent.die,
            1,
        );
        request.push(
            DiceRole::RegularReaction,
            format!("Reaction: {}", reg.name),
            setup.regular.die,
            1,
        );
        Ok(request)
    }

    pub(in crate::game) fn reaction_test(
        &mut self,
        insurgent: UnitId,
        regular: UnitId,
        kind: ReactionKind,
        modifiers: &ReactionModifiers,
        insurgent_face: Option<Face>,
        regular_face: Option<Face>,
    ) -> Outcome {
        // The gate asked for both dice; without them nothing happens.
        let (Some(ins), Some(reg), Some(insurgent_face), Some(regular_face)) = (
            self.unit(insurgent),
            self.unit(regular),
            insurgent_face,
            regular_face,
        ) else {
            return Outcome::default();
        };
        let (ins_name, reg_name) = (ins.name.clone(), reg.name.clone());
        let result = ReactionSetup::new(ins, reg, modifiers).resolve(insurgent_face, regular_face);
        let summary = words::reaction(&ins_name, &reg_name, kind, &result);
        if kind == ReactionKind::Overwatch {
            if let Some(interruption) = self.interruption_by_mut(insurgent) {
                interruption
                    .overwatch_tests
                    .push((regular, !result.insurgent_first));
            }
        } else {
            self.interruptions.push(Interruption {
                insurgent,
                regular,
                kind,
                insurgents_first: result.insurgent_first,
                insurgent_acted: false,
                answered_by: Vec::new(),
                overwatch_tests: Vec::new(),
            });
            if let Some(ins) = self.unit_mut(insurgent) {
                ins.status.interrupts_made = 1;
            }
            if let Some(reg) = self.unit_mut(regular) {
                reg.status.times_interrupted = reg.status.times_interrupted.saturating_add(1);
            }
        }
        let mut outcome = Outcome::with(summary, Detail::Reaction(result));
        if kind != ReactionKind::Overwatch
            && let Some(allowance) = self.movement_allowance(regular)
        {
            outcome.note(allowance.words());
        }
        outcome
    }
}

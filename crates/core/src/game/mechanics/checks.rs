//! Single-die tests: Interrupt and Quality checks, and Reaction tests, each for one purpose.

use crate::dice::{DiceRequest, DiceRole, Face};
use crate::limits::DIE_ADJUST;
use crate::rules::checks::{self, ReactionModifiers, ReactionSetup, TestDie};
use crate::unit::{Side, UnitId};

use crate::game::command::{QualityPurpose, ReactionKind};
use crate::game::error::RuleError;
use crate::game::guards::{Result, expect_correction_words, expect_not_done, expect_side};
use crate::game::interruption::Interruption;
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
                self.expect_settled(unit)?;
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
                self.expect_settled(unit)?;
            }
            QualityPurpose::Other => {}
        }
        let test = TestDie::for_unit(unit);
        let mut request = DiceRequest::none();
        // The prompt names the check as the log and the booklet do.
        let check = match purpose {
            QualityPurpose::Interrupt => "Interrupt check",
            QualityPurpose::ActWithoutLeader => "Quality check to act",
            QualityPurpose::Other => "Quality check",
        };
        request.push(
            DiceRole::Quality,
            format!("{check}: {}", self.shown_name(unit.id)),
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
            self.check_overwatch_test(ins, reg)?;
        } else {
            match self.declared_interruption(insurgent) {
                Some(declared) => {
                    if declared.regular != regular || declared.kind != kind {
                        return Err(RuleError::NotAsDeclared(ins.name.clone()));
                    }
                }
                None => self.check_interrupt_start(insurgent, regular, kind)?,
            }
        }
        self.expect_settled(ins)?;
        self.expect_settled(reg)?;
        self.check_test_as_known(reg, modifiers)?;
        let setup = ReactionSetup::new(ins, reg, modifiers);
        let mut request = DiceRequest::none();
        request.push(
            DiceRole::InsurgentReaction,
            format!("Reaction: {}", self.shown_name(ins.id)),
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
        let corrected = modifiers.correction.as_ref().map(|words| {
            format!(
                "Referee's correction: {} — {reg_name} rolls {}",
                words.trim(),
                result.setup.regular.notation()
            )
        });
        let mut outcome = self.reaction_effects(insurgent, regular, kind, summary, result);
        if let Some(words) = corrected {
            outcome.notes.insert(0, words);
        }
        outcome
    }

    /// What a Reaction test decides: who acts first in the interruption it opens or answers.
    fn reaction_effects(
        &mut self,
        insurgent: UnitId,
        regular: UnitId,
        kind: ReactionKind,
        summary: String,
        result: crate::rules::checks::ReactionResult,
    ) -> Outcome {
        if kind == ReactionKind::Overwatch {
            if let Some(interruption) = self.interruption_by_mut(insurgent) {
                interruption
                    .overwatch_tests
                    .push((regular, !result.insurgent_first));
            }
        } else if let Some(declared) = self
            .interruptions
            .iter_mut()
            .find(|i| i.insurgent == insurgent && !i.tested)
        {
            declared.tested = true;
            declared.insurgents_first = result.insurgent_first;
            let mut outcome = Outcome::with(summary, Detail::Reaction(result));
            if let Some(allowance) = self.movement_allowance(regular) {
                outcome.note(allowance.words());
            }
            return outcome;
        } else {
            self.start_interruption(insurgent, regular, kind, true, result.insurgent_first);
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

impl GameState {
    /// What the game knows of the Regular unit's movement is not the test's to say (rules
    /// version 6 on): it must agree with the state, unless the referee corrects it in words.
    fn check_test_as_known(
        &self,
        regular: &crate::unit::Unit,
        modifiers: &ReactionModifiers,
    ) -> Result<()> {
        if let Some(words) = &modifiers.correction {
            return expect_correction_words(words);
        }
        if !self.rules_at_least(6) {
            return Ok(());
        }
        let differ = modifiers.disagreements(regular);
        if differ.is_empty() {
            Ok(())
        } else {
            Err(RuleError::TestNotAsTheStateSays(differ.join("; ")))
        }
    }

    /// Nothing of a declared interruption but Overwatch answers comes before its Reaction test.
    pub(in crate::game) fn expect_tested(&self, interruption: &Interruption) -> Result<()> {
        if interruption.tested {
            return Ok(());
        }
        let name = |id| self.unit(id).map_or_else(String::new, |u| u.name.clone());
        Err(RuleError::ReactionTestFirst {
            unit: name(interruption.regular),
            insurgent: name(interruption.insurgent),
        })
    }

    /// The interruption an Insurgent unit has declared and whose Reaction test is still to come.
    pub fn declared_interruption(&self, insurgent: UnitId) -> Option<&Interruption> {
        self.interruption_by(insurgent).filter(|i| !i.tested)
    }

    /// Whether an Insurgent unit may start an interruption of this Regular unit now: by
    /// declaring it, or by taking the Reaction test at once.
    pub(in crate::game) fn check_interrupt_start(
        &self,
        insurgent: UnitId,
        regular: UnitId,
        kind: ReactionKind,
    ) -> Result<()> {
        self.expect_phase("An interruption", &[Phase::RegularActivations])?;
        let ins = self.get_fighting(insurgent)?;
        let reg = self.get_fighting(regular)?;
        expect_side(ins, Side::Insurgent)?;
        expect_side(reg, Side::Regular)?;
        if kind == ReactionKind::Overwatch {
            return Err(RuleError::NothingThere(
                ins.name.clone(),
                "an interruption breaks into the movement or the fire of the unit activating",
            ));
        }
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
        if kind == ReactionKind::InterruptMovement && ReactionKind::interrupting(reg, false) != kind
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
        // An interruption comes before what it interrupts: once the unit's fire of this
        // activation is resolved (its own shot, or its fire on an interruption), there is none
        // left to interrupt (rules 6 on).
        let fired = reg.status.fired
            || self
                .interruptions
                .iter()
                .any(|i| i.regular == reg.id && i.fired_back);
        if kind == ReactionKind::InterruptFire && fired && self.rules_at_least(6) {
            return Err(RuleError::FireResolved {
                unit: reg.name.clone(),
                insurgent: ins.name.clone(),
            });
        }
        self.expect_settled(ins)
    }

    /// Whether a Regular unit on Overwatch may take its Reaction test against an interruption:
    /// once, and (by the rules of version 3) before the interrupted unit's own test.
    fn check_overwatch_test(&self, ins: &crate::unit::Unit, reg: &crate::unit::Unit) -> Result<()> {
        if !reg.status.overwatch {
            return Err(RuleError::NotOnOverwatch(reg.name.clone()));
        }
        let Some(interruption) = self.interruption_by(ins.id) else {
            return Err(RuleError::NothingToReactTo {
                unit: reg.name.clone(),
                why: format!(
                    "{} is not interrupting; Overwatch tests answer interruptions",
                    ins.name
                ),
            });
        };
        if interruption.overwatch_test(reg.id).is_some() {
            return Err(RuleError::AlreadyAnswered {
                unit: reg.name.clone(),
                insurgent: ins.name.clone(),
            });
        }
        if interruption.tested && self.rules_at_least(3) {
            return Err(RuleError::OverwatchAfterTest {
                unit: reg.name.clone(),
                insurgent: ins.name.clone(),
            });
        }
        Ok(())
    }

    /// An Insurgent unit declares its interruption: it has made its interrupt, and the
    /// Regular unit has been interrupted once more, whatever the Reaction test will say.
    pub(in crate::game) fn declare_interrupt(
        &mut self,
        insurgent: UnitId,
        regular: UnitId,
        kind: ReactionKind,
    ) -> Outcome {
        self.start_interruption(insurgent, regular, kind, false, false);
        let (Some(ins), Some(reg)) = (self.unit(insurgent), self.unit(regular)) else {
            return Outcome::default();
        };
        let mut outcome = Outcome::text(words::interrupt_declared(&ins.name, &reg.name, kind));
        if let Some(allowance) = self.movement_allowance(regular) {
            outcome.note(allowance.words());
        }
        outcome
    }

    fn start_interruption(
        &mut self,
        insurgent: UnitId,
        regular: UnitId,
        kind: ReactionKind,
        tested: bool,
        insurgents_first: bool,
    ) {
        let fired_before = self.unit(regular).is_some_and(|u| u.status.fired);
        self.interruptions.push(Interruption {
            insurgent,
            regular,
            kind,
            tested,
            insurgents_first,
            insurgent_acted: false,
            answered_by: Vec::new(),
            fired_back: false,
            fired_before,
            overwatch_tests: Vec::new(),
        });
        if let Some(ins) = self.unit_mut(insurgent) {
            ins.status.interrupts_made = 1;
        }
        if let Some(reg) = self.unit_mut(regular) {
            reg.status.times_interrupted = reg.status.times_interrupted.saturating_add(1);
        }
    }
}

//! Who moves, and at what speed: Regular activations, the Insurgents' own actions, an
//! interruption by movement, and a Regular reaction by moving.

use crate::dice::{DiceRequest, DiceRole, Face};
use crate::rules::checks::{self, TestDie};
use crate::unit::{Movement, PullBack, Side, UnitId};

use crate::game::command::ReactionKind;
use crate::game::error::RuleError;
use crate::game::guards::{Result, expect_not_done, expect_side};
use crate::game::outcome::{Detail, Outcome};
use crate::game::state::{GameState, Phase};
use crate::game::words;

/// Why a unit may not move this turn, if it may not.
fn held_in_place(status: &crate::unit::UnitStatus) -> Option<&'static str> {
    if status.pull_back != PullBack::None {
        Some("it is pulling back or regrouping after a Pull Back")
    } else if status.fire_only {
        Some("it may only fire this turn (a leader joined it, or it arrived from ambush)")
    } else {
        None
    }
}

impl GameState {
    pub(in crate::game) fn check_activate(
        &self,
        id: UnitId,
        movement: Movement,
        overwatch: bool,
    ) -> Result<DiceRequest> {
        self.expect_phase("Activating a Regular unit", &[Phase::RegularActivations])?;
        let unit = self.get_fighting(id)?;
        expect_side(unit, Side::Regular)?;
        if unit.status.activated {
            return Err(RuleError::AlreadyActivated(unit.name.clone()));
        }
        expect_not_done(unit)?;
        // The fire before it is settled first: casualties as they are taken (l.206).
        self.expect_fire_settled(unit)?;
        let moving = movement != Movement::Halted;
        if overwatch && moving {
            return Err(RuleError::MayNotMove {
                unit: unit.name.clone(),
                why: "a unit going on Overwatch stays Halted",
            });
        }
        if moving && let Some(why) = held_in_place(&unit.status) {
            return Err(RuleError::MayNotMove {
                unit: unit.name.clone(),
                why,
            });
        }
        let mut request = DiceRequest::none();
        if movement == Movement::Rapid && unit.status.has_casualties {
            let test = TestDie::for_unit(unit);
            request.push(
                DiceRole::Quality,
                format!("Quality check to move Rapid: {}", unit.name),
                test.die,
                1,
            );
        }
        Ok(request)
    }

    pub(in crate::game) fn activate(
        &mut self,
        id: UnitId,
        movement: Movement,
        overwatch: bool,
        check: Option<Face>,
    ) -> Outcome {
        let Some(unit) = self.unit(id) else {
            return Outcome::default();
        };
        let name = unit.name.clone();
        let mut detail = Detail::None;
        let mut actual = movement;
        let mut summary = words::activated(&name, movement, overwatch);
        if let Some(face) = check {
            let result = checks::quality_check(TestDie::for_unit(unit), face);
            if !result.passed {
                actual = Movement::Cautious;
            }
            summary = words::rapid_check(&name, result.passed, result.total);
            detail = Detail::Check(result);
        }
        // A new activation: the interruptions of the last one are over.
        self.interruptions.clear();
        self.active_unit = Some(id);
        let Some(unit) = self.unit_mut(id) else {
            return Outcome::default();
        };
        unit.status.activated = true;
        unit.status.movement = Some(actual);
        unit.status.overwatch = overwatch;
        if actual != Movement::Halted && unit.status.in_cover {
            unit.status.in_cover = false;
            summary.push_str(" (leaves In Cover)");
        }
        let mut outcome = Outcome::with(summary, detail);
        if let Some(allowance) = self.movement_allowance(id) {
            outcome.note(allowance.words());
        }
        outcome
    }

    pub(in crate::game) fn check_insurgent_action(
        &self,
        id: UnitId,
        movement: Movement,
    ) -> Result<DiceRequest> {
        self.expect_phase("An Insurgent action", &[Phase::InsurgentActions])?;
        let unit = self.get_fighting(id)?;
        expect_side(unit, Side::Insurgent)?;
        if unit.status.interrupts_made > 0 {
            return Err(RuleError::InterruptUsed(unit.name.clone()));
        }
        expect_not_done(unit)?;
        if unit.status.movement.is_some() {
            return Err(RuleError::AlreadyActivated(unit.name.clone()));
        }
        if movement != Movement::Halted
            && let Some(why) = held_in_place(&unit.status)
        {
            return Err(RuleError::MayNotMove {
                unit: unit.name.clone(),
                why,
            });
        }
        self.expect_settled(unit)?;
        let mut request = DiceRequest::none();
        if unit.needs_action_check() {
            let test = TestDie::for_unit(unit);
            request.push(
                DiceRole::Quality,
                format!("Quality check (no leader): {}", self.shown_name(unit.id)),
                test.die,
                1,
            );
        }
        Ok(request)
    }

    pub(in crate::game) fn insurgent_action(
        &mut self,
        id: UnitId,
        movement: Movement,
        check: Option<Face>,
    ) -> Outcome {
        let turn = self.turn;
        let Some(unit) = self.unit(id) else {
            return Outcome::default();
        };
        let name = unit.name.clone();
        let shaken = unit.is_shaken(turn);
        let mut detail = Detail::None;
        let mut passed = true;
        if let Some(face) = check {
            let result = checks::quality_check(TestDie::for_unit(unit), face);
            passed = result.passed;
            detail = Detail::Check(result);
        }
        let Some(unit) = self.unit_mut(id) else {
            return Outcome::default();
        };
        unit.status.activated = true;
        if !passed {
            unit.status.done_for_turn = true;
            return Outcome::with(words::action_check_failed(&name), detail);
        }
        unit.status.passed_action_check |= check.is_some();
        unit.status.movement = Some(movement);
        if movement != Movement::Halted {
            unit.status.in_cover = false;
        }
        let mut outcome = Outcome::with(
            words::insurgent_acts(&name, movement, check.is_some(), shaken),
            detail,
        );
        if let Some(allowance) = self.movement_allowance(id) {
            outcome.note(allowance.words());
        }
        outcome
    }

    pub(in crate::game) fn check_interrupt_move(
        &self,
        id: UnitId,
        movement: Movement,
    ) -> Result<DiceRequest> {
        self.expect_phase("An interruption by movement", &[Phase::RegularActivations])?;
        let unit = self.get_fighting(id)?;
        expect_side(unit, Side::Insurgent)?;
        expect_not_done(unit)?;
        let Some(interruption) = self.interruption_by(id) else {
            return Err(RuleError::NothingThere(
                unit.name.clone(),
                "it has made no Reaction test against the unit activating",
            ));
        };
        self.expect_tested(interruption)?;
        if interruption.insurgent_acted {
            return Err(RuleError::InterruptionMade(unit.name.clone()));
        }
        if movement == Movement::Halted {
            return Err(RuleError::MayNotMove {
                unit: unit.name.clone(),
                why: "an interruption by movement is Cautious or Rapid",
            });
        }
        if let Some(why) = held_in_place(&unit.status) {
            return Err(RuleError::MayNotMove {
                unit: unit.name.clone(),
                why,
            });
        }
        self.expect_settled(unit)?;
        Ok(DiceRequest::none())
    }

    pub(in crate::game) fn interrupt_move(&mut self, id: UnitId, movement: Movement) -> Outcome {
        if let Some(interruption) = self.interruption_by_mut(id) {
            interruption.insurgent_acted = true;
        }
        let Some(unit) = self.unit_mut(id) else {
            return Outcome::default();
        };
        unit.status.movement = Some(movement);
        unit.status.in_cover = false;
        let mut outcome = Outcome::text(format!(
            "{} interrupts by moving {}",
            unit.name,
            movement.name()
        ));
        if let Some(allowance) = self.movement_allowance(id) {
            outcome.note(allowance.words());
        }
        outcome
    }

    pub(in crate::game) fn check_react_move(
        &self,
        id: UnitId,
        insurgent: UnitId,
    ) -> Result<DiceRequest> {
        self.expect_phase("A reaction by moving", &[Phase::RegularActivations])?;
        let unit = self.get_fighting(id)?;
        expect_side(unit, Side::Regular)?;
        let ins = self.get(insurgent)?;
        let Some(interruption) = self.interruption_by(insurgent).filter(|i| i.regular == id) else {
            return Err(RuleError::NothingToReactTo {
                unit: unit.name.clone(),
                why: format!("{} has not interrupted it", ins.name),
            });
        };
        self.expect_tested(interruption)?;
        if interruption.answered(id) {
            return Err(RuleError::AlreadyAnswered {
                unit: unit.name.clone(),
                insurgent: ins.name.clone(),
            });
        }
        if interruption.insurgents_first {
            return Err(RuleError::NothingToReactTo {
                unit: unit.name.clone(),
                why: format!(
                    "{} won the Reaction test; after its interruption {} may only return fire",
                    ins.name, unit.name
                ),
            });
        }
        if let Some(why) = held_in_place(&unit.status) {
            return Err(RuleError::MayNotMove {
                unit: unit.name.clone(),
                why,
            });
        }
        self.expect_settled(unit)?;
        Ok(DiceRequest::none())
    }

    pub(in crate::game) fn react_move(&mut self, id: UnitId, insurgent: UnitId) -> Outcome {
        let kind = self.interruption_by(insurgent).map(|i| i.kind);
        if let Some(interruption) = self.interruption_by_mut(insurgent) {
            interruption.answered_by.push(id);
        }
        let ins_name = self
            .unit(insurgent)
            .map(|u| u.name.clone())
            .unwrap_or_default();
        let Some(unit) = self.unit_mut(id) else {
            return Outcome::default();
        };
        if matches!(unit.status.movement, None | Some(Movement::Halted)) {
            unit.status.movement = Some(Movement::Cautious);
        }
        unit.status.in_cover = false;
        let name = unit.name.clone();
        let mut outcome = Outcome::text(format!(
            "{name} reacts first to {ins_name}: it moves into cover or out of sight"
        ));
        if let Some(allowance) = self.movement_allowance(id) {
            outcome.note(allowance.words());
        }
        if kind == Some(ReactionKind::InterruptMovement) {
            outcome.note(format!(
                "Then {ins_name} makes its interruption if it still can, and {name} finishes its move"
            ));
        }
        outcome
    }
}

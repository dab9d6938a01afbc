//! The gate: whether a command is allowed now, and the dice it needs.
//!
//! [`GameState::check`] is the only place that decides what may happen next. Applying an event
//! is that check, then the check of the recorded dice against what it asked for, then the
//! effects, which cannot fail. The screens and the solo opponent ask the gate (or the query built
//! on it, `query.rs`) what each unit may do; they never restate a rule.

use crate::dice::{DiceRequest, DiceRole, Faces};
use crate::scenario::Scenario;

use super::command::{Command, Event};
use super::error::RuleError;
use super::outcome::Outcome;
use super::state::{GameState, Phase};

impl GameState {
    /// Checks a command against the state: the dice it needs if it is allowed now, or why not.
    /// A refused command asks for no dice.
    pub fn check(&self, scenario: &Scenario, command: &Command) -> Result<DiceRequest, RuleError> {
        if self.phase == Phase::GameOver && !command.facts(self).after_the_end {
            return Err(RuleError::GameOver);
        }
        // Nothing can be aimed at a unit still hidden under a marker.
        if let Command::Fire { target, .. }
        | Command::ReactMove {
            insurgent: target, ..
        } = command
            && self.is_hidden(*target)
        {
            return Err(RuleError::Unrevealed);
        }
        match command {
            Command::InsurgencyRoll => self.check_insurgency_roll(),
            Command::TableRoll { pending } => self.check_table_roll(*pending),
            Command::Arrival { pending } => self.check_arrival(*pending),
            Command::PlaceArrival { pending, hot_spot } => {
                self.check_place_arrival(*pending, *hot_spot)
            }
            Command::AmbushRoll { pending } => self.check_ambush_roll(*pending),
            Command::AmbushPlacement { pending } => self.check_ambush_placement(*pending),
            Command::ArrivalRoll { pending } => self.check_arrival_roll(*pending),
            Command::EventRoll { pending } => self.check_event_roll(scenario, *pending),
            Command::StartActivations => self.check_start_activations(),
            Command::Activate {
                unit,
                movement,
                overwatch,
            } => self.check_activate(*unit, *movement, *overwatch),
            Command::InsurgentAction { unit, movement } => {
                self.check_insurgent_action(*unit, *movement)
            }
            Command::QualityCheck { unit, purpose } => self.check_quality(*unit, *purpose),
            Command::ReactionTest {
                insurgent,
                regular,
                kind,
                modifiers,
            } => self.check_reaction(*insurgent, *regular, *kind, modifiers),
            Command::DeclareInterrupt {
                insurgent,
                regular,
                kind,
            } => self
                .check_interrupt_start(*insurgent, *regular, *kind)
                .map(|()| DiceRequest::none()),
            Command::Fire {
                attacker,
                target,
                modifiers,
                context,
            } => self.check_fire(*attacker, *target, modifiers, *context),
            Command::InterruptMove { unit, movement } => {
                self.check_interrupt_move(*unit, *movement)
            }
            Command::ReactMove { unit, insurgent } => self.check_react_move(*unit, *insurgent),
            Command::RemoveCasualties { pending, figures } => {
                self.check_remove_casualties(*pending, figures)
            }
            Command::FirstAid { pending, figures } => self.check_first_aid(*pending, figures),
            Command::MoraleCheck { unit, modifier, .. } => self.check_morale(*unit, *modifier),
            Command::DeclareInCover { unit } => self.check_in_cover(*unit),
            Command::NeutralizeHotSpot { hot_spot, unit } => {
                self.check_neutralize(*hot_spot, *unit)
            }
            Command::JoinUnit { from, into } => self.check_join(*from, *into),
            Command::DetachLeader { unit, figure } => self.check_detach(*unit, *figure),
            Command::LeaveTable { unit, .. } => self.check_leave(*unit),
            Command::StartInsurgentPhase => self.check_start_insurgent_phase(),
            Command::EndTurn => self.check_end_turn(scenario),
            Command::EndGame => Ok(DiceRequest::none()),
            Command::PlayOn => self.check_play_on(),
            Command::SkipPending { pending } => {
                self.pending_step(*pending).map(|_| DiceRequest::none())
            }
            Command::AwardVictory { item, delta } => self.check_award(scenario, item, *delta),
            Command::SoloNote {
                unit,
                answer_to,
                text,
            } => self.check_note(*unit, *answer_to, text),
            Command::SoloDecide {
                unit,
                about,
                options,
            } => self.check_solo_decide(*unit, about, options),
            Command::MarkerDecide {
                marker,
                about,
                options,
            } => self.check_marker_decide(marker, about, options),
            Command::PlaceContacts => self.check_place_contacts(),
            Command::RevealContact { marker } => self.check_reveal(marker),
            Command::ChangeSettings { settings } => self.check_settings(settings),
            Command::SetStatus { unit, status } => self.check_set_status(*unit, status),
            Command::EditUnit { unit, changes } => self.check_edit_unit(*unit, changes),
            Command::AddFigure { unit, figure } => self.check_add_figure(*unit, figure),
            Command::RemoveFigure { unit, figure } => self.check_remove_figure(*unit, *figure),
            Command::RecordKilled { unit, figure } => self.check_record_killed(*unit, *figure),
            Command::SetWeapon { unit, figure, .. } => self.check_remove_figure(*unit, *figure),
            Command::MoveFigure { figure, to } => self.check_move_figure(*figure, *to),
            Command::AddUnit { unit } => self.check_add_unit(unit),
            Command::SetPresence { unit, presence } => self.check_set_presence(*unit, presence),
            Command::SetHotSpot { hot_spot, .. } => self.check_set_hot_spot(*hot_spot),
            Command::SetInsurgencyLevel { level } => self.check_insurgency_level(*level),
            Command::SetTurn { turn, .. } => self.check_set_turn(*turn),
        }
    }

    /// Applies an event: the gate, the check of its dice, then the effects. On error the state
    /// may be half-changed only if the effects were reached, which they are not: both checks
    /// come first and the effects cannot fail.
    pub(crate) fn apply_in_place(
        &mut self,
        scenario: &Scenario,
        event: &Event,
    ) -> Result<Outcome, RuleError> {
        let request = self.check(scenario, &event.command)?;
        request.check(&event.dice)?;
        // Whom the summary tells of: the units the command names, as the state stood before it.
        let named = event.command.facts(self).units;
        let sprung = self.spring(&event.command);
        let mut outcome =
            self.effects(scenario, &event.command, &Faces::new(&request, &event.dice));
        if let Some((words, shown)) = sprung {
            outcome.note_first(words, &shown);
        }
        outcome.naming(named);
        self.tidy(scenario, &mut outcome);
        Ok(outcome)
    }

    /// What an allowed command does. Every case was checked by the gate; nothing here refuses.
    fn effects(&mut self, scenario: &Scenario, command: &Command, faces: &Faces<'_>) -> Outcome {
        match command {
            Command::InsurgencyRoll => self.insurgency_roll(faces.one(DiceRole::Insurgency)),
            Command::TableRoll { pending } => self.table_roll(scenario, *pending, faces),
            Command::Arrival { pending } => self.arrival(scenario, *pending, faces),
            Command::PlaceArrival { pending, hot_spot } => self.place_arrival(*pending, *hot_spot),
            Command::AmbushRoll { pending } => {
                self.ambush_roll(*pending, faces.one(DiceRole::Ambush))
            }
            Command::AmbushPlacement { pending } => {
                self.ambush_placement(scenario, *pending, faces.one(DiceRole::HotSpot))
            }
            Command::ArrivalRoll { pending } => {
                self.arrival_roll(*pending, faces.one(DiceRole::Arrival))
            }
            Command::EventRoll { pending } => {
                self.event_roll(scenario, *pending, faces.one(DiceRole::Event))
            }
            Command::StartActivations => self.start_activations(),
            Command::Activate {
                unit,
                movement,
                overwatch,
            } => self.activate(*unit, *movement, *overwatch, faces.one(DiceRole::Quality)),
            Command::InsurgentAction { unit, movement } => {
                self.insurgent_action(*unit, *movement, faces.one(DiceRole::Quality))
            }
            Command::QualityCheck { unit, purpose } => {
                self.quality_check(*unit, *purpose, faces.one(DiceRole::Quality))
            }
            Command::ReactionTest {
                insurgent,
                regular,
                kind,
                modifiers,
            } => self.reaction_test(
                *insurgent,
                *regular,
                *kind,
                modifiers,
                faces.one(DiceRole::InsurgentReaction),
                faces.one(DiceRole::RegularReaction),
            ),
            Command::DeclareInterrupt {
                insurgent,
                regular,
                kind,
            } => self.declare_interrupt(*insurgent, *regular, *kind),
            Command::Fire {
                attacker,
                target,
                modifiers,
                context,
            } => self.fire(*attacker, *target, modifiers, *context, faces),
            Command::InterruptMove { unit, movement } => self.interrupt_move(*unit, *movement),
            Command::ReactMove { unit, insurgent } => self.react_move(*unit, *insurgent),
            Command::RemoveCasualties { pending, figures } => {
                self.remove_casualties(scenario, *pending, figures)
            }
            Command::FirstAid { pending, figures } => {
                self.first_aid(scenario, *pending, figures, &faces.all(DiceRole::FirstAid))
            }
            Command::MoraleCheck {
                unit,
                modifier,
                defensible,
            } => self.morale_check(*unit, *modifier, *defensible, &faces.all(DiceRole::Morale)),
            Command::DeclareInCover { unit } => self.declare_in_cover(*unit),
            Command::NeutralizeHotSpot { hot_spot, unit } => self.neutralize(*hot_spot, *unit),
            Command::JoinUnit { from, into } => self.join_unit(*from, *into),
            Command::DetachLeader { unit, figure } => self.detach_leader(*unit, *figure),
            Command::LeaveTable { unit, edge } => self.leave_table(scenario, *unit, *edge),
            Command::StartInsurgentPhase => self.start_insurgent_phase(),
            Command::EndTurn => self.end_turn(
                scenario,
                &faces.all(DiceRole::TurnLimit),
                &faces.all(DiceRole::EndRoll),
            ),
            Command::EndGame => self.end_game(scenario),
            Command::PlayOn => self.play_on(scenario),
            Command::SkipPending { pending } => self.skip_pending(*pending),
            Command::AwardVictory { item, delta } => self.award(scenario, item, *delta),
            Command::SoloNote { text, .. } => Outcome::text(format!("Solo: {text}")),
            Command::SoloDecide {
                unit,
                about,
                options,
            } => self.solo_decide(*unit, about, options, &faces.all(DiceRole::Percentile)),
            Command::MarkerDecide {
                marker,
                about,
                options,
            } => self.marker_decide(marker, about, options, &faces.all(DiceRole::Percentile)),
            Command::PlaceContacts => self.place_contacts(&faces.all(DiceRole::Percentile)),
            Command::RevealContact { marker } => self.reveal(marker),
            Command::ChangeSettings { settings } => self.change_settings(settings),
            Command::SetStatus { unit, status } => self.set_status(*unit, status),
            Command::EditUnit { unit, changes } => self.edit_unit(*unit, changes),
            Command::AddFigure { unit, figure } => self.add_figure(*unit, figure),
            Command::RemoveFigure { unit, figure } => self.remove_figure(*unit, *figure),
            Command::RecordKilled { unit, figure } => self.record_killed(scenario, *unit, *figure),
            Command::SetWeapon {
                unit,
                figure,
                weapon,
            } => self.set_weapon(*unit, *figure, *weapon),
            Command::MoveFigure { figure, to } => self.move_figure(*figure, *to),
            Command::AddUnit { unit } => self.add_unit(unit),
            Command::SetPresence { unit, presence } => self.set_presence(*unit, presence),
            Command::SetHotSpot { hot_spot, active } => self.set_hot_spot(*hot_spot, *active),
            Command::SetInsurgencyLevel { level } => self.set_insurgency_level(*level),
            Command::SetTurn { turn, phase } => self.set_turn(*turn, *phase),
        }
    }
}

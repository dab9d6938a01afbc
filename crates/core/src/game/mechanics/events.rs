//! The scenario's events as a turn begins: those on a set turn (version 3) happen then; from
//! version 4, those waiting for a condition happen the first time it holds as a turn begins,
//! and those on a roll are given their roll as a step due before the Insurgency roll. Each
//! event of version 4 happens once. Everything here belongs to a logged event (the end of the
//! turn, playing on, the event's roll), so a replay does it again exactly.

use crate::dice::{DiceRequest, DiceRole, Die, Face};
use crate::rules::reinforcements::{ReinforcementTable, TableRow};
use crate::scenario::{Condition, Scenario, TimedChange};
use crate::unit::{Elimination, Presence, Side};

use crate::game::course::PlayerNote;
use crate::game::error::RuleError;
use crate::game::guards::Result;
use crate::game::outcome::Outcome;
use crate::game::pending::PendingStep;
use crate::game::state::GameState;

impl GameState {
    /// The scenario's events of the turn beginning now, in the file's order: those on this set
    /// turn, then those whose condition holds now; those on a roll become steps due.
    pub(in crate::game) fn begin_turn_events(
        &mut self,
        scenario: &Scenario,
        outcome: &mut Outcome,
    ) {
        let turn = self.turn;
        for (i, event) in scenario.events.iter().enumerate() {
            if event.on_a_set_turn() {
                if event.turn == turn {
                    self.apply_change(scenario, &event.change, outcome);
                }
                continue;
            }
            let waiting = event.turn <= turn && !self.event_happened(i);
            let holds = event.when.as_ref().is_none_or(|c| self.holds(scenario, c));
            if !waiting || !holds {
                continue;
            }
            if let Some(need) = event.on {
                self.push_pending(PendingStep::EventRoll {
                    event: i,
                    need,
                    what: event.change.words(),
                });
            } else {
                if let Some(condition) = &event.when {
                    outcome.note(format!(
                        "Turn {turn}: {}, so the scenario says:",
                        condition.words()
                    ));
                }
                self.course.happened.push(i);
                self.apply_change(scenario, &event.change, outcome);
            }
        }
    }

    /// True when a condition of the scenario holds now.
    fn holds(&self, scenario: &Scenario, condition: &Condition) -> bool {
        match condition {
            Condition::HotSpotNeutralized(n) => self.hot_spot(*n).is_some_and(|h| !h.active),
            Condition::WipedOut { unit, .. } => self.units().any(|u| {
                u.key == *unit
                    && matches!(
                        u.presence,
                        Presence::Eliminated { cause } if cause != Elimination::Merged
                    )
            }),
            Condition::Points { side, at_least } => {
                let (regular, insurgent) = self.victory_points(scenario);
                let points = match side {
                    Side::Regular => regular,
                    Side::Insurgent => insurgent,
                };
                points >= i64::from(*at_least)
            }
        }
    }

    /// What an event of the scenario changes, said in the log.
    fn apply_change(&mut self, scenario: &Scenario, change: &TimedChange, outcome: &mut Outcome) {
        let turn = self.turn;
        match change {
            TimedChange::InsurgencyLevel(level) => {
                self.insurgency = *level;
                outcome.note(format!(
                    "Turn {turn}, as the scenario says: the Insurgency Level is now {level}"
                ));
            }
            TimedChange::HotSpot { number, active } => {
                let Some(spot) = self.hot_spots.iter_mut().find(|h| h.number == *number) else {
                    return;
                };
                spot.active = *active;
                let place = if spot.location.is_empty() {
                    String::new()
                } else {
                    format!(" ({})", spot.location)
                };
                let what = if *active {
                    "is active"
                } else {
                    "is neutralized"
                };
                outcome.note(format!(
                    "Turn {turn}, as the scenario says: Hot Spot {number}{place} {what}"
                ));
            }
            TimedChange::Note(text) => {
                outcome
                    .referee
                    .push(format!("Turn {turn}, for the referee: {text}"));
            }
            TimedChange::PlayerNote(text) => {
                outcome.note(format!("Turn {turn}, for the players: {text}"));
                self.course.player_notes.push(PlayerNote {
                    turn,
                    text: text.clone(),
                });
            }
            TimedChange::ReinforcementRow {
                row,
                units,
                roll_again,
            } => {
                let mut table: ReinforcementTable = self.reinforcement_table(scenario).clone();
                let Some(at) = table.rows.iter_mut().find(|r| r.id == *row) else {
                    return;
                };
                *at = TableRow {
                    id: at.id.clone(),
                    rolls: at.rolls.clone(),
                    units: units.clone(),
                    roll_again: *roll_again,
                };
                let totals: Vec<String> = at.rolls.iter().map(u8::to_string).collect();
                let brings: Vec<String> = units.iter().map(|u| u.describe_whole()).collect();
                let mut brings = if brings.is_empty() {
                    "nobody".to_owned()
                } else {
                    brings.join("; ")
                };
                if *roll_again {
                    brings.push_str(", and rolls again");
                }
                outcome.note(format!(
                    "Turn {turn}, as the scenario says: the reinforcement table's {} now brings {brings}",
                    match totals.as_slice() {
                        [one] => format!("total {one}"),
                        _ => format!("totals {}", crate::text::and_list(&totals)),
                    }
                ));
                self.course.table = Some(table);
            }
            TimedChange::HotSpotRoll(roll) => {
                self.course.hot_spot_roll = Some(*roll);
                outcome.note(format!(
                    "Turn {turn}, as the scenario says: the Hot Spot roll is now {}",
                    crate::scenario::hot_spot_roll_words(roll)
                ));
            }
        }
    }

    pub(in crate::game) fn check_event_roll(
        &self,
        scenario: &Scenario,
        pending: u32,
    ) -> Result<DiceRequest> {
        let PendingStep::EventRoll { event, need, what } = self.pending_step(pending)? else {
            return Err(RuleError::WrongPending {
                id: pending,
                expected: "an event's roll",
            });
        };
        if scenario.events.get(*event).is_none_or(|e| e.on.is_none()) {
            return Err(RuleError::InvalidEdit(format!(
                "the scenario has no event {event} on a roll"
            )));
        }
        let mut request = DiceRequest::none();
        request.push(
            DiceRole::Event,
            format!("The scenario's roll: {what} on {need}+"),
            Die::D6,
            1,
        );
        Ok(request)
    }

    pub(in crate::game) fn event_roll(
        &mut self,
        scenario: &Scenario,
        pending: u32,
        face: Option<Face>,
    ) -> Outcome {
        // The gate asked for the die; without it nothing happens.
        let (Some(PendingStep::EventRoll { event, .. }), Some(face)) =
            (self.pending(pending).map(|p| p.step.clone()), face)
        else {
            return Outcome::default();
        };
        self.remove_pending(pending);
        let Some(timed) = scenario.events.get(event) else {
            return Outcome::default();
        };
        let need = timed.on.unwrap_or(1);
        let words = timed.change.words();
        if face < need {
            return Outcome::text(format!(
                "The scenario's roll for {words}: {face} (needs {need}+): not yet; it rolls again as the next turn begins"
            ));
        }
        let mut outcome = Outcome::text(format!(
            "The scenario's roll for {words}: {face} (needs {need}+): it happens"
        ));
        self.course.happened.push(event);
        self.apply_change(scenario, &timed.change, &mut outcome);
        outcome
    }

    /// Refused while an event's roll is due: the scenario's events come first as a turn
    /// begins, before its Insurgency roll (only games of version 4 scenarios have such steps).
    pub(in crate::game) fn expect_no_event_roll(&self) -> Result<()> {
        let due: Vec<String> = self
            .pending
            .iter()
            .filter(|p| matches!(p.step, PendingStep::EventRoll { .. }))
            .map(|p| self.describe_pending(&p.step))
            .collect();
        if due.is_empty() {
            Ok(())
        } else {
            Err(RuleError::StepsDue(due.join("; ")))
        }
    }
}

//! What a scenario of version 3 sets for the course of the game, played as the turn ends: the
//! variable turn limit, rolled with the end of turn it names, and the events of a set turn,
//! applied as that turn begins. Both belong to logged events (the end of the turn, or the
//! referee playing on past the proposed end), so a replay does them again exactly.

use crate::dice::{DiceRequest, DiceRole, Die, Face};
use crate::scenario::{Scenario, TimedChange, TurnLimitDice};

use crate::game::outcome::Outcome;
use crate::game::state::GameState;

impl GameState {
    /// The variable turn limit to roll as this turn ends, if it is due: the scenario's dice,
    /// not rolled yet, and this turn is the last one the game is sure to have (or later).
    pub(in crate::game) fn turn_limit_due<'s>(
        &self,
        scenario: &'s Scenario,
    ) -> Option<&'s TurnLimitDice> {
        scenario
            .turn_limit_dice
            .as_ref()
            .filter(|dice| self.turn_limit.is_none() && self.turn >= dice.base)
    }

    /// Adds the dice of the turn limit to the request of the end of the turn, when due.
    pub(in crate::game) fn ask_turn_limit(&self, scenario: &Scenario, request: &mut DiceRequest) {
        if let Some(dice) = self.turn_limit_due(scenario) {
            request.push(DiceRole::TurnLimit, dice.roll_words(), Die::D6, dice.dice);
        }
    }

    /// Rolls the turn limit with the faces the end of the turn was given, when due.
    pub(in crate::game) fn roll_turn_limit(
        &mut self,
        scenario: &Scenario,
        faces: &[Face],
        outcome: &mut Outcome,
    ) {
        let Some(dice) = self.turn_limit_due(scenario).copied() else {
            return;
        };
        if faces.len() != usize::from(dice.dice) {
            return;
        }
        let limit = dice.turns(faces);
        self.turn_limit = Some(limit);
        let counted: Vec<String> = faces
            .iter()
            .map(|&f| {
                let value = dice.die_value(f);
                if value == f {
                    f.to_string()
                } else {
                    format!("{f} (counts {value})")
                }
            })
            .collect();
        // The referee's to know, as the turn limit is (`view::Sight`).
        outcome.about.limit = Some(outcome.notes.len());
        outcome.note(format!(
            "Turn limit {} rolled: {} + {} = {limit}: the game ends after turn {limit}",
            dice.words(),
            dice.base,
            counted.join(" + ")
        ));
    }

    /// The scenario's events of the turn beginning now, in the file's order: the Insurgency
    /// Level, Hot Spots, and notes for the referee (which the players' screens never show).
    pub(in crate::game) fn begin_turn_events(
        &mut self,
        scenario: &Scenario,
        outcome: &mut Outcome,
    ) {
        let turn = self.turn;
        for event in scenario.events_on(turn) {
            match &event.change {
                TimedChange::InsurgencyLevel(level) => {
                    self.insurgency = *level;
                    outcome.note(format!(
                        "Turn {turn}, as the scenario says: the Insurgency Level is now {level}"
                    ));
                }
                TimedChange::HotSpot { number, active } => {
                    let Some(spot) = self.hot_spots.iter_mut().find(|h| h.number == *number) else {
                        continue;
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
            }
        }
    }
}

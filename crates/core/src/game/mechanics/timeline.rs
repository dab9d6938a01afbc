//! How long a game of a version 3 or 4 scenario lasts, played as the turn ends: the variable
//! turn limit, rolled with the end of turn it names, and (version 4) the end rolled at the end
//! of each turn from a turn. Both belong to the logged end of the turn, so a replay does them
//! again exactly. The events of a turn are `events.rs`'.

use crate::dice::{DiceRequest, DiceRole, Die, Face};
use crate::scenario::{EndRoll, Scenario, TurnLimitDice};

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

    /// Whether the end roll (version 4) is due as this turn ends: from its first turn, while
    /// the game is not at its last turn anyway.
    fn end_roll_due(&self, scenario: &Scenario) -> Option<EndRoll> {
        let end = scenario.end_roll?;
        let at_the_limit = self.turn_limit.is_some_and(|limit| self.turn >= limit);
        (self.turn >= end.from_turn && !at_the_limit).then_some(end)
    }

    /// Adds the die of the end roll to the request of the end of the turn, when due.
    pub(in crate::game) fn ask_end_roll(&self, scenario: &Scenario, request: &mut DiceRequest) {
        if let Some(end) = self.end_roll_due(scenario) {
            request.push(
                DiceRole::EndRoll,
                format!("End roll: the game ends after this turn on {}+", end.on),
                Die::D6,
                1,
            );
        }
    }

    /// Rolls the end of the game with the face the end of the turn was given, when due: true
    /// when it ends the game after this turn.
    pub(in crate::game) fn roll_end(
        &mut self,
        scenario: &Scenario,
        faces: &[Face],
        outcome: &mut Outcome,
    ) -> bool {
        let (Some(end), [face]) = (self.end_roll_due(scenario), faces) else {
            return false;
        };
        let ends = *face >= end.on;
        // The referee's to know when the scenario keeps the game's length secret.
        outcome.about.end_roll = Some(outcome.notes.len());
        outcome.note(if ends {
            format!(
                "End roll {face} (the game ends on {}+): the game ends after turn {}",
                end.on, self.turn
            )
        } else {
            format!(
                "End roll {face} (the game ends on {}+): the game goes on",
                end.on
            )
        });
        ends
    }
}

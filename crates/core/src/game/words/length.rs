//! How long the game is, in words: its turn limit (set, in dice, or rolled) and the end rolled
//! each turn.

use crate::scenario::Scenario;
use crate::text::plural;

use super::super::state::{GameState, Phase};

impl GameState {
    /// How long the game is: "8 turns"; for a limit in dice, "6+1d3 turns (7 to 9, rolled at
    /// the end of turn 6)" until they are rolled, then "9 turns (rolled: 6+1d3)"; None when
    /// the game is open-ended.
    pub fn length_words(&self, scenario: &Scenario) -> Option<String> {
        let turns = |n: u32| plural(n as usize, "turn", "turns");
        let limit = match (self.turn_limit, &scenario.turn_limit_dice) {
            (Some(limit), Some(dice)) => {
                Some(format!("{} (rolled: {})", turns(limit), dice.words()))
            }
            (Some(limit), None) => Some(turns(limit)),
            (None, Some(_)) => return scenario.length_words(),
            (None, None) => None,
        };
        // The end rolled each turn (version 4), while the game may still end by it.
        let end = scenario
            .end_roll
            .as_ref()
            .filter(|_| self.phase != Phase::GameOver)
            .map(crate::scenario::EndRoll::words);
        match (limit, end) {
            (Some(limit), Some(end)) => Some(format!("{limit}, or sooner: {end}")),
            (limit, end) => limit.or(end),
        }
    }

    /// How long the game is, in brief: "8 turns", "6+1d3 turns" until the dice are rolled,
    /// "9 turns" after; None when the game is open-ended.
    pub fn length_brief(&self, scenario: &Scenario) -> Option<String> {
        match (self.turn_limit, &scenario.turn_limit_dice) {
            (Some(limit), _) => Some(plural(limit as usize, "turn", "turns")),
            (None, Some(dice)) => Some(format!("{} turns", dice.words())),
            (None, None) => None,
        }
    }
}

//! Victory points: counted by the rules as they happen, or awarded by the referee.

use crate::dice::DiceRequest;
use crate::limits::VICTORY_COUNT;
use crate::scenario::{Scenario, VictoryTrigger};

use crate::game::error::RuleError;
use crate::game::lookup::Result;
use crate::game::outcome::Outcome;
use crate::game::state::GameState;

impl GameState {
    pub(in crate::game) fn check_award(
        &self,
        scenario: &Scenario,
        item: &str,
        delta: i32,
    ) -> Result<DiceRequest> {
        if scenario.victory_item(item).is_none() {
            return Err(RuleError::UnknownVictoryItem(item.to_owned()));
        }
        let now = self
            .victory
            .iter()
            .find(|c| c.item == item)
            .map_or(0, |c| c.count);
        VICTORY_COUNT.check(i64::from(now) + i64::from(delta))?;
        Ok(DiceRequest::none())
    }

    pub(in crate::game) fn award(
        &mut self,
        scenario: &Scenario,
        item: &str,
        delta: i32,
    ) -> Outcome {
        let Some(def) = scenario.victory_item(item) else {
            return Outcome::default();
        };
        let points = i64::from(def.points) * i64::from(delta);
        let text = format!("{} victory points {points:+}: {}", def.side, def.label);
        self.add_victory(item, delta);
        Outcome::text(text)
    }

    /// Counts an item `delta` more times, within its bounds.
    pub(in crate::game) fn add_victory(&mut self, item: &str, delta: i32) {
        if let Some(count) = self.victory.iter_mut().find(|c| c.item == item) {
            let max = i32::try_from(VICTORY_COUNT.max).unwrap_or(i32::MAX);
            count.count = count.count.saturating_add(delta).clamp(0, max);
        }
    }

    /// Counts every item whose trigger matches, `delta` more times.
    pub(in crate::game) fn add_victory_trigger(
        &mut self,
        scenario: &Scenario,
        matches: impl Fn(&VictoryTrigger) -> bool,
        delta: i32,
    ) {
        if delta == 0 {
            return;
        }
        for item in &scenario.victory {
            if matches(&item.trigger) {
                self.add_victory(&item.id, delta);
            }
        }
    }
}

//! Victory points: counted by the rules as they happen, or awarded by the referee.

use crate::dice::DiceRequest;
use crate::limits::{PLACE_HELD, VICTORY_COUNT};
use crate::scenario::{Scenario, VictoryItem, VictoryTrigger};
use crate::unit::Side;

use crate::game::error::RuleError;
use crate::game::guards::Result;
use crate::game::outcome::Outcome;
use crate::game::state::{GameState, VictoryCount};

impl GameState {
    /// Each victory count with its item in the scenario. The counts are made in the
    /// scenario's order, so each is paired with the item at its place, looked up by id only
    /// where the two differ: linear in the items, however many a scenario has.
    pub fn victory_items<'a>(
        &'a self,
        scenario: &'a Scenario,
    ) -> impl Iterator<Item = (&'a VictoryCount, &'a VictoryItem)> + 'a {
        self.victory.iter().enumerate().filter_map(|(i, count)| {
            scenario
                .victory
                .get(i)
                .filter(|item| item.id == count.item)
                .or_else(|| scenario.victory_item(&count.item))
                .map(|item| (count, item))
        })
    }

    /// The victory points of each side: (Regular, Insurgent).
    pub fn victory_points(&self, scenario: &Scenario) -> (i64, i64) {
        let mut regular = 0i64;
        let mut insurgent = 0i64;
        for (count, item) in self.victory_items(scenario) {
            let points = i64::from(item.points) * i64::from(count.count);
            match item.side {
                Side::Regular => regular += points,
                Side::Insurgent => insurgent += points,
            }
        }
        (regular, insurgent)
    }

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
        let after = i64::from(now) + i64::from(delta);
        if scenario
            .victory_item(item)
            .is_some_and(|def| def.trigger.scored_once())
        {
            // A place is held at the end, or it is not; an item scored once happened, or it
            // did not: scored once or not at all.
            PLACE_HELD.check(after)?;
        }
        VICTORY_COUNT.check(after)?;
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

    /// Adds Insurgent casualties to the running count; items scored once for every so many
    /// casualties follow it.
    pub(in crate::game) fn count_insurgent_casualties(&mut self, scenario: &Scenario, taken: u32) {
        self.insurgent_casualties += taken;
        let total = self.insurgent_casualties;
        let turn = self.turn;
        for item in &scenario.victory {
            if let VictoryTrigger::InsurgentCasualties { per } = item.trigger
                && item.counts_on(turn)
                && let Some(count) = self.victory.iter_mut().find(|c| c.item == item.id)
            {
                let max = i32::try_from(VICTORY_COUNT.max).unwrap_or(i32::MAX);
                let scored = i32::try_from(total / per.max(1)).unwrap_or(max);
                count.count = scored.min(max);
            }
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
            if matches(&item.trigger) && item.counts_on(self.turn) {
                self.add_victory(&item.id, delta);
            }
        }
    }

    /// Counts, as the game ends, the figures each `held_at_end` item (version 4) finds still on
    /// the table in a unit of its side: the words for the log, one line an item.
    pub(in crate::game) fn count_held_at_end(&mut self, scenario: &Scenario) -> Vec<String> {
        let mut words = Vec::new();
        for item in &scenario.victory {
            let VictoryTrigger::HeldAtEnd { tag, held_by } = &item.trigger else {
                continue;
            };
            let held = self
                .units
                .iter()
                .filter(|u| u.presence == crate::unit::Presence::OnTable)
                .filter(|u| held_by.is_none_or(|side| u.side == side))
                .flat_map(|u| u.figures.iter())
                .filter(|f| f.tag.as_deref() == Some(tag.as_str()))
                .count();
            let held = i32::try_from(held).unwrap_or(i32::MAX);
            if let Some(count) = self.victory.iter_mut().find(|c| c.item == item.id) {
                count.count = 0;
            }
            self.add_victory(&item.id, held);
            words.push(format!("{}: {held} × {} points", item.label, item.points));
        }
        words
    }
}

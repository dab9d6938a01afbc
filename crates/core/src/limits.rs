//! Every bound the app keeps, in one place.
//!
//! The scenario checks, the engine's gate for manual edits and the screens' number fields all
//! read their limits here, so a value one of them accepts is never refused by another.

use std::fmt;
use std::ops::RangeInclusive;

/// A bounded number: what it is, its range, and its unit for messages.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Bound {
    /// What the number is ("armor").
    pub what: &'static str,
    /// The smallest value allowed.
    pub min: i64,
    /// The largest value allowed.
    pub max: i64,
    /// Its unit, plural ("dice", "inches"), or empty.
    pub unit: &'static str,
}

impl Bound {
    const fn new(what: &'static str, min: i64, max: i64, unit: &'static str) -> Self {
        Self {
            what,
            min,
            max,
            unit,
        }
    }

    /// Checks a value.
    pub fn check(&self, value: impl Into<i64>) -> Result<(), OutOfRange> {
        let value = value.into();
        if (self.min..=self.max).contains(&value) {
            Ok(())
        } else {
            Err(OutOfRange {
                bound: *self,
                value,
            })
        }
    }

    /// True when the value is allowed.
    pub fn allows(&self, value: impl Into<i64>) -> bool {
        self.check(value).is_ok()
    }

    /// The range, for a number field on screen.
    pub fn range<T: TryFrom<i64> + Copy + Default>(&self) -> RangeInclusive<T> {
        let min = T::try_from(self.min).unwrap_or_default();
        let max = T::try_from(self.max).unwrap_or(min);
        min..=max
    }

    /// The allowed value nearest to this one.
    pub fn clamp<T: TryFrom<i64> + Copy + Default + Ord>(&self, value: T) -> T {
        let range = self.range::<T>();
        value.clamp(*range.start(), *range.end())
    }

    /// "0 to 3 dice".
    pub fn expected(&self) -> String {
        let unit = if self.unit.is_empty() {
            String::new()
        } else {
            format!(" {}", self.unit)
        };
        format!("{} to {}{unit}", self.min, self.max)
    }
}

/// A value outside its [`Bound`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub struct OutOfRange {
    /// The bound broken.
    pub bound: Bound,
    /// The value given.
    pub value: i64,
}

impl fmt::Display for OutOfRange {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} {}: expected {}",
            self.bound.what,
            self.value,
            self.bound.expected()
        )
    }
}

/// Dice in a Firepower or Defense pool.
pub const MAX_POOL: usize = 10;
/// Dice in one pool, as a bound.
pub const POOL_DICE: Bound = Bound::new("dice in a pool", 1, MAX_POOL as i64, "dice");
/// Armor dice of a unit.
pub const ARMOR: Bound = Bound::new("armor", 0, 3, "dice");
/// A unit's Optimum Range, in inches at the scenario's scale.
pub const OPTIMUM_RANGE: Bound = Bound::new("Optimum Range", 0, 48, "inches");
/// Figures in one unit, leaders and dependants included.
pub const FIGURES_PER_UNIT: Bound = Bound::new("figures in a unit", 1, 50, "figures");
/// Figures one line of a scenario's unit stands for (`count`).
pub const FIGURE_COUNT: Bound = Bound::new("count", 1, 20, "figures");
/// Units and leaders a scenario sets up.
pub const SCENARIO_UNITS: Bound = Bound::new("units and leaders", 1, 200, "units");
/// Units in a game, with every reinforcement and every unit a referee adds.
pub const GAME_UNITS: Bound = Bound::new("units in a game", 1, 1000, "units");
/// A scenario's number of turns.
pub const TURN_LIMIT: Bound = Bound::new("turn limit", 1, 100, "turns");
/// A turn number.
pub const TURN: Bound = Bound::new("turn", 1, 999, "");
/// Times one victory item is scored.
pub const VICTORY_COUNT: Bound = Bound::new("times scored", 0, 1000, "");
/// Times a place held at the end is scored: once, or not at all.
pub const PLACE_HELD: Bound = Bound::new(
    "times a place held (or an item scored once) is scored",
    0,
    1,
    "",
);
/// Points one victory item is worth, each time.
pub const VICTORY_POINTS: Bound = Bound::new("points", -100, 100, "points");
/// The points a side needs for a result a scenario names (its victory thresholds).
pub const VICTORY_THRESHOLD: Bound = Bound::new("threshold", -10_000, 10_000, "points");
/// The dice of a variable turn limit ("6+1d3": one die).
pub const TURN_LIMIT_DICE: Bound = Bound::new("dice in a turn limit", 1, 4, "dice");
/// Dice a figure count rolls ("2d6" is the booklet's largest).
pub const COUNT_DICE: Bound = Bound::new("dice in a figure count", 0, 4, "dice");
/// The flat bonus of a figure count ("1d6+2").
pub const COUNT_PLUS: Bound = Bound::new("bonus of a figure count", 0, 20, "figures");
/// The Insurgency Level, when it is a number.
pub const INSURGENCY_LEVEL: Bound = Bound::new("Insurgency Level", 1, 6, "");
/// A d6 face an ambush needs to arrive.
pub const AMBUSH_ROLL: Bound = Bound::new("arrives_on", 1, 6, "");
/// A Hot Spot's number (a scenario has one to five Hot Spots; version 1, all five).
pub const HOT_SPOT: Bound = Bound::new("Hot Spot", 1, 5, "");
/// A 2d6 total, each one row of a reinforcement table.
pub const REINFORCEMENT_ROLL: Bound = Bound::new("2d6 total", 2, 12, "");
/// Insurgent casualties for each score of a victory item counted by casualties (`per`).
pub const CASUALTIES_PER_SCORE: Bound = Bound::new("per", 1, 50, "casualties");
/// Options one weighed solo decision offers.
pub const SOLO_OPTIONS: Bound = Bound::new("options", 1, 12, "");
/// The referee's own adjustment to a pool, in dice.
pub const POOL_ADJUST: Bound = Bound::new("adjustment", -10, 10, "dice");
/// The referee's own adjustment to a test die or a Morale die.
pub const DIE_ADJUST: Bound = Bound::new("modifier", -5, 5, "");
/// Dice lost to interruptions and Overwatch fire.
pub const LOST_DICE: Bound = Bound::new("dice lost", 0, 10, "dice");
/// Times a Regular unit was interrupted in a turn, or fired from Overwatch.
pub const TIMES_A_TURN: Bound = Bound::new("times this turn", 0, 50, "");
/// Interrupts an Insurgent unit makes in a turn.
pub const INTERRUPTS: Bound = Bound::new("interrupts this turn", 0, 1, "");
/// Events one game holds (each is a line of its saved game: far more than any game needs).
pub const GAME_EVENTS: Bound = Bound::new("events in one game", 0, 1_000_000_000, "events");
/// Characters in a unit's or a figure's name.
pub const NAME_CHARS: Bound = Bound::new("name", 1, 80, "characters");
/// Characters in a note of the log.
pub const NOTE_CHARS: Bound = Bound::new("note", 1, 2000, "characters");
/// Characters in a place described in words.
pub const PLACE_CHARS: Bound = Bound::new("place", 0, 300, "characters");

/// Checks a name: not blank, not too long.
pub fn name(text: &str) -> Result<(), OutOfRange> {
    let chars = if text.trim().is_empty() {
        0
    } else {
        text.chars().count()
    };
    NAME_CHARS.check(chars as i64)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bounds_say_what_they_expect() {
        assert!(ARMOR.allows(3));
        let error = ARMOR.check(255).unwrap_err();
        assert_eq!(error.to_string(), "armor 255: expected 0 to 3 dice");
        assert_eq!(
            TURN.check(0).unwrap_err().to_string(),
            "turn 0: expected 1 to 999"
        );
        assert_eq!(ARMOR.range::<u8>(), 0..=3);
        assert_eq!(HOT_SPOT.clamp(9u32), 5);
        assert_eq!(AMBUSH_ROLL.clamp(0u32), 1);
        assert!(name("  ").is_err());
        assert!(name("Fireteam Alpha").is_ok());
        assert!(name(&"x".repeat(81)).is_err());
    }
}

//! What a scenario of version 3 sets for the course of the game: a turn limit rolled during
//! play, changes on a set turn, and the results the victory points name at the end.

use serde::{Deserialize, Serialize};

use crate::dice::Face;
use crate::rules::reinforcements::InsurgencyLevel;
use crate::unit::Side;

/// A turn limit rolled during the game: at least `base` turns, then `dice` dice of `sides`
/// (3 or 6) more, rolled at the end of turn `base` (a d3 is a d6 halved, rounded up).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TurnLimitDice {
    /// The turns played for sure.
    pub base: u32,
    /// How many dice are added.
    pub dice: u8,
    /// 3 or 6.
    pub sides: u8,
}

impl TurnLimitDice {
    /// Reads "6+1d3" (or "6+d3"); None for anything else.
    pub fn parse(text: &str) -> Option<Self> {
        let (base, dice) = text.split_once('+')?;
        let (count, sides) = dice.split_once('d')?;
        let all_digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
        if !all_digits(base) || !all_digits(sides) || !(count.is_empty() || all_digits(count)) {
            return None;
        }
        let limit = Self {
            base: base.parse().ok()?,
            dice: if count.is_empty() {
                1
            } else {
                count.parse().ok()?
            },
            sides: sides.parse().ok()?,
        };
        // Held to the bounds every turn limit has (a saved game's scenario is not checked
        // against the schema, so nothing else bounds what a header says).
        let bounded = crate::limits::TURN_LIMIT.allows(limit.base)
            && crate::limits::TURN_LIMIT_DICE.allows(u32::from(limit.dice));
        (matches!(limit.sides, 3 | 6) && bounded).then_some(limit)
    }

    /// The fewest turns it can give.
    pub fn least(&self) -> u32 {
        self.base.saturating_add(u32::from(self.dice))
    }

    /// The most turns it can give.
    pub fn most(&self) -> u32 {
        self.base
            .saturating_add(u32::from(self.dice) * u32::from(self.sides))
    }

    /// The turns a roll gives, from the faces of the d6s rolled for it.
    pub fn turns(&self, faces: &[Face]) -> u32 {
        faces
            .iter()
            .map(|&f| u32::from(self.die_value(f)))
            .fold(self.base, u32::saturating_add)
    }

    /// What one d6 counts for: itself, or halved and rounded up for a d3.
    pub fn die_value(&self, face: Face) -> u8 {
        if self.sides == 3 {
            face.div_ceil(2)
        } else {
            face
        }
    }

    /// As the file writes it: "6+1d3".
    pub fn words(&self) -> String {
        format!("{}+{}d{}", self.base, self.dice, self.sides)
    }

    /// What the roll is, for the dice prompt: "Turn limit 6+1d3: one d6, halved (1–2 is 1,
    /// 3–4 is 2, 5–6 is 3)".
    pub fn roll_words(&self) -> String {
        let dice = if self.dice == 1 {
            "one d6".to_owned()
        } else {
            format!("{} d6", self.dice)
        };
        if self.sides == 3 {
            format!(
                "Turn limit {}: {dice}, halved (1–2 is 1, 3–4 is 2, 5–6 is 3)",
                self.words()
            )
        } else {
            format!("Turn limit {}: {dice}", self.words())
        }
    }
}

/// Something that happens as a turn begins, before its Insurgency roll.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TimedEvent {
    /// The turn.
    pub turn: u32,
    /// What happens.
    pub change: TimedChange,
}

/// What a timed event changes.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TimedChange {
    /// The Insurgency Level becomes this.
    InsurgencyLevel(InsurgencyLevel),
    /// A Hot Spot wakes (active) or is neutralized.
    HotSpot {
        /// Its number.
        number: u8,
        /// Active from now on, or neutralized.
        active: bool,
    },
    /// A note for the referee, kept off the players' screens.
    Note(String),
}

/// A result the victory points name at the end of the game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct VictoryThreshold {
    /// Whose result.
    pub side: Side,
    /// The points the side needs, at least.
    pub points: i32,
    /// The result, in words.
    pub label: String,
}

#[cfg(test)]
mod tests {
    use super::TurnLimitDice;

    #[test]
    fn a_turn_limit_in_dice_is_read_and_rolled() {
        let limit = TurnLimitDice::parse("6+1d3").expect("reads");
        assert_eq!((limit.least(), limit.most()), (7, 9));
        assert_eq!(limit.turns(&[1]), 7);
        assert_eq!(limit.turns(&[4]), 8);
        assert_eq!(limit.turns(&[6]), 9);
        assert_eq!(TurnLimitDice::parse("5+d6").map(|l| l.most()), Some(11));
        assert_eq!(
            TurnLimitDice::parse("4+2d6").map(|l| l.turns(&[6, 1])),
            Some(11)
        );
        for bad in [
            "6", "6+1d4", "1d3+6", "6 + 1d3", "0+1d3", "6+0d3", "+1d3", "6+1d",
        ] {
            assert_eq!(TurnLimitDice::parse(bad), None, "{bad}");
        }
    }

    #[test]
    fn a_turn_limit_in_dice_is_read_within_the_bounds_of_every_turn_limit() {
        let limit = TurnLimitDice::parse("6+1d3").expect("read");
        assert_eq!((limit.least(), limit.most()), (7, 9));
        assert_eq!(limit.turns(&[5]), 9);
        assert_eq!(TurnLimitDice::parse("5+d6").map(|l| l.most()), Some(11));
        // Nothing a header could say overflows: a base or a count past the bounds is refused.
        for text in [
            "4294967295+1d6",
            "101+1d3",
            "0+1d6",
            "6+5d3",
            "6+0d6",
            "6+1d4",
            "6+d",
        ] {
            assert_eq!(TurnLimitDice::parse(text), None, "{text}");
        }
        let most = TurnLimitDice {
            base: u32::MAX,
            dice: u8::MAX,
            sides: 6,
        };
        assert_eq!(most.most(), u32::MAX);
        assert_eq!(most.turns(&[6, 6]), u32::MAX);
    }
}

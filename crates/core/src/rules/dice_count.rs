//! Figure counts fixed or rolled on arrival: "3", "1d6", "1d6+2", "2d6".

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use crate::dice::{Die, Face};
use crate::limits::{COUNT_DICE, COUNT_PLUS};

/// A number of figures, fixed or rolled on arrival: "1", "1d6", "1d6+2", "2d6".
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct DiceCount {
    /// Dice to roll (0 for a fixed count).
    pub dice: u8,
    /// Their type.
    pub die: Die,
    /// Added to the dice.
    pub plus: u8,
}

impl DiceCount {
    /// A fixed count.
    pub const fn fixed(n: u8) -> Self {
        Self {
            dice: 0,
            die: Die::D6,
            plus: n,
        }
    }

    /// True when nothing is rolled.
    pub const fn is_fixed(&self) -> bool {
        self.dice == 0
    }

    /// The count for the given faces (one per die).
    pub fn total(&self, faces: &[Face]) -> u32 {
        faces.iter().map(|&f| u32::from(f)).sum::<u32>() + u32::from(self.plus)
    }

    /// The smallest and largest counts possible.
    pub fn range(&self) -> (u32, u32) {
        let dice = u32::from(self.dice);
        let plus = u32::from(self.plus);
        (dice + plus, dice * u32::from(self.die.sides()) + plus)
    }
}

impl fmt::Display for DiceCount {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.dice, self.plus) {
            (0, plus) => write!(f, "{plus}"),
            (dice, 0) => write!(f, "{dice}{}", self.die),
            (dice, plus) => write!(f, "{dice}{}+{plus}", self.die),
        }
    }
}

/// Why a figure count could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum DiceCountError {
    /// Not of the form `N`, `NdX` or `NdX+M`.
    #[error(
        "{} is not a figure count: expected a number (3), dice (1d6) or dice plus a number (1d6+2)",
        crate::text::quoted(.0)
    )]
    Syntax(String),
    /// A die the game does not use.
    #[error("{}: unknown die, expected d6, d8, d10 or d12", crate::text::quoted(.0))]
    UnknownDie(String),
    /// Too many dice or too large a bonus.
    #[error("{} is too large: at most {} dice and +{}", crate::text::quoted(text), COUNT_DICE.max, COUNT_PLUS.max)]
    TooLarge {
        /// The text given.
        text: String,
    },
    /// A count that can only ever be zero.
    #[error("{} always gives zero figures", crate::text::quoted(.0))]
    Zero(String),
}

impl FromStr for DiceCount {
    type Err = DiceCountError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let text = s.trim().to_ascii_lowercase().replace(' ', "");
        let syntax = || DiceCountError::Syntax(s.to_owned());
        let too_large = || DiceCountError::TooLarge { text: s.to_owned() };
        let parse_small = |digits: &str| -> Result<u8, DiceCountError> {
            if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
                return Err(syntax());
            }
            digits.parse::<u8>().map_err(|_| too_large())
        };
        let count = match text.split_once('d') {
            None => DiceCount::fixed(parse_small(&text)?),
            Some((dice, rest)) => {
                let dice = if dice.is_empty() {
                    1
                } else {
                    parse_small(dice)?
                };
                let (sides, plus) = match rest.split_once('+') {
                    Some((sides, plus)) => (sides, parse_small(plus)?),
                    None => (rest, 0),
                };
                let sides = parse_small(sides)?;
                let die = Die::from_sides(sides)
                    .ok_or_else(|| DiceCountError::UnknownDie(s.to_owned()))?;
                DiceCount { dice, die, plus }
            }
        };
        if !COUNT_DICE.allows(count.dice) || !COUNT_PLUS.allows(count.plus) {
            return Err(too_large());
        }
        if count.range().1 == 0 {
            return Err(DiceCountError::Zero(s.to_owned()));
        }
        Ok(count)
    }
}

impl Serialize for DiceCount {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for DiceCount {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let text = String::deserialize(deserializer)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

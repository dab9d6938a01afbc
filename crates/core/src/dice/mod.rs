//! Dice: die types, requests for dice, and the one source every roll comes from.
//!
//! The rules never roll dice themselves. A rule first says which dice it needs (a
//! [`DiceRequest`]); the caller obtains the faces from a [`DiceSource`] — the seeded
//! generator or faces typed in from physical dice — and hands them back to the rule.
//! This is what lets a game be replayed exactly from its log.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

mod request;
mod role;
mod source;
mod typed;

pub use request::{DiceError, DiceGroup, DiceRequest, Faces, Rolled, parse_faces};
pub use role::DiceRole;
pub use source::{DiceSource, Generator};
pub use typed::{read_typed, read_typed_for, typing_hint};

/// A die type. Troop Quality and Morale are expressed as die types.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Die {
    /// Six-sided die.
    #[serde(rename = "d6")]
    D6,
    /// Eight-sided die.
    #[serde(rename = "d8")]
    D8,
    /// Ten-sided die.
    #[serde(rename = "d10")]
    D10,
    /// Twelve-sided die.
    #[serde(rename = "d12")]
    D12,
}

impl Die {
    /// Every die type, from the smallest to the largest.
    pub const ALL: [Die; 4] = [Die::D6, Die::D8, Die::D10, Die::D12];

    /// Number of faces.
    pub const fn sides(self) -> u8 {
        match self {
            Die::D6 => 6,
            Die::D8 => 8,
            Die::D10 => 10,
            Die::D12 => 12,
        }
    }

    /// The die type with the given number of sides, if the game uses it.
    pub const fn from_sides(sides: u8) -> Option<Die> {
        match sides {
            6 => Some(Die::D6),
            8 => Some(Die::D8),
            10 => Some(Die::D10),
            12 => Some(Die::D12),
            _ => None,
        }
    }

    /// One step down (d12 — d10 — d8 — d6). `None` below d6: for Morale that means broken.
    pub const fn step_down(self) -> Option<Die> {
        match self {
            Die::D6 => None,
            Die::D8 => Some(Die::D6),
            Die::D10 => Some(Die::D8),
            Die::D12 => Some(Die::D10),
        }
    }

    /// One step up, capped at d12.
    pub const fn step_up(self) -> Die {
        match self {
            Die::D6 => Die::D8,
            Die::D8 => Die::D10,
            Die::D10 | Die::D12 => Die::D12,
        }
    }
}

impl fmt::Display for Die {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "d{}", self.sides())
    }
}

/// A die type that could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown die '{text}': expected one of d6, d8, d10, d12")]
pub struct UnknownDie {
    /// The text that was given.
    pub text: String,
}

impl FromStr for Die {
    type Err = UnknownDie;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let trimmed = s.trim();
        let digits = trimmed
            .strip_prefix('d')
            .or_else(|| trimmed.strip_prefix('D'));
        digits
            .and_then(|d| d.parse::<u8>().ok())
            .and_then(Die::from_sides)
            .ok_or_else(|| UnknownDie { text: s.to_owned() })
    }
}

/// The face a die came up on (1 to the number of sides).
pub type Face = u8;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn die_names_round_trip() {
        for die in Die::ALL {
            assert_eq!(die.to_string().parse::<Die>(), Ok(die));
        }
        assert_eq!("D10".parse::<Die>(), Ok(Die::D10));
        assert!("d7".parse::<Die>().is_err());
        assert!("d".parse::<Die>().is_err());
        assert!("6".parse::<Die>().is_err());
    }

    #[test]
    fn step_down_goes_to_broken_below_d6() {
        assert_eq!(Die::D12.step_down(), Some(Die::D10));
        assert_eq!(Die::D10.step_down(), Some(Die::D8));
        assert_eq!(Die::D8.step_down(), Some(Die::D6));
        assert_eq!(Die::D6.step_down(), None);
    }
}

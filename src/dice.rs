//! Dice: die types, requests for dice, and the one source every roll comes from.
//!
//! The rules never roll dice themselves. A rule first says which dice it needs (a
//! [`DiceRequest`]); the caller obtains the faces from a [`DiceSource`] — the seeded
//! generator or faces typed in from physical dice — and hands them back to the rule.
//! This is what lets a game be replayed exactly from its log.

use std::fmt;
use std::str::FromStr;

use rand::rngs::StdRng;
use rand::{RngExt as _, SeedableRng as _};
use serde::{Deserialize, Serialize};

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

/// Dice of one type that one rule needs, with what they are for.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DiceGroup {
    /// What the dice are for, shown to a person typing in physical dice ("Firepower").
    pub label: String,
    /// The die type.
    pub die: Die,
    /// How many dice.
    pub count: u8,
}

impl DiceGroup {
    /// A group of `count` dice of type `die`.
    pub fn new(label: impl Into<String>, die: Die, count: u8) -> Self {
        Self {
            label: label.into(),
            die,
            count,
        }
    }

    /// Checks typed or recorded faces against this group.
    pub fn check(&self, faces: &[Face]) -> Result<(), DiceError> {
        if faces.len() != usize::from(self.count) {
            return Err(DiceError::WrongCount {
                label: self.label.clone(),
                die: self.die,
                expected: self.count,
                got: faces.len(),
            });
        }
        if let Some((index, &face)) = faces
            .iter()
            .enumerate()
            .find(|&(_, &face)| face == 0 || face > self.die.sides())
        {
            return Err(DiceError::FaceOutOfRange {
                label: self.label.clone(),
                die: self.die,
                position: index + 1,
                face: u32::from(face),
            });
        }
        Ok(())
    }
}

impl fmt::Display for DiceGroup {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}{}", self.label, self.count, self.die)
    }
}

/// Every die one step of the rules needs, in the order they are rolled.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct DiceRequest {
    /// The groups, each of one die type.
    pub groups: Vec<DiceGroup>,
}

impl DiceRequest {
    /// A request that needs no dice at all.
    pub fn none() -> Self {
        Self::default()
    }

    /// Adds a group; groups of zero dice are kept so the layout stays predictable.
    pub fn push(&mut self, label: impl Into<String>, die: Die, count: u8) {
        self.groups.push(DiceGroup::new(label, die, count));
    }

    /// True when no die has to be rolled.
    pub fn is_empty(&self) -> bool {
        self.groups.iter().all(|g| g.count == 0)
    }

    /// Checks a full set of rolled dice against this request.
    pub fn check(&self, rolled: &[Rolled]) -> Result<(), DiceError> {
        if rolled.len() != self.groups.len() {
            return Err(DiceError::WrongGroups {
                expected: self.groups.len(),
                got: rolled.len(),
            });
        }
        for (group, roll) in self.groups.iter().zip(rolled) {
            if group.die != roll.die {
                return Err(DiceError::WrongDie {
                    label: group.label.clone(),
                    expected: group.die,
                    got: roll.die,
                });
            }
            group.check(&roll.faces)?;
        }
        Ok(())
    }
}

/// Faces rolled for one [`DiceGroup`], as recorded in the game log.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Rolled {
    /// The die type that was rolled.
    pub die: Die,
    /// The faces, in the order they were rolled or typed.
    pub faces: Vec<Face>,
}

impl Rolled {
    /// Faces of one die type.
    pub fn new(die: Die, faces: Vec<Face>) -> Self {
        Self { die, faces }
    }
}

/// Something wrong with dice: typed faces that don't fit, or a log that doesn't match.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum DiceError {
    /// Not as many faces as dice.
    #[error("{label}: expected {expected} {die} face(s), got {got}")]
    WrongCount {
        /// The group's label.
        label: String,
        /// The die type.
        die: Die,
        /// Dice asked for.
        expected: u8,
        /// Faces given.
        got: usize,
    },
    /// A face that the die cannot show.
    #[error("{label}: face {face} at position {position} is not on a {die} (expected 1 to {})", die.sides())]
    FaceOutOfRange {
        /// The group's label.
        label: String,
        /// The die type.
        die: Die,
        /// 1-based position of the bad face.
        position: usize,
        /// The face given.
        face: u32,
    },
    /// Text that is not a face.
    #[error("'{token}' is not a die face: type whole numbers such as 6 4 4 2")]
    NotANumber {
        /// The offending piece of text.
        token: String,
    },
    /// The recorded dice have a different number of groups than the rule asks for.
    #[error("expected {expected} group(s) of dice, got {got}")]
    WrongGroups {
        /// Groups asked for.
        expected: usize,
        /// Groups given.
        got: usize,
    },
    /// Recorded dice of another type than the rule asks for.
    #[error("{label}: expected {expected} faces, got {got} faces")]
    WrongDie {
        /// The group's label.
        label: String,
        /// The die type asked for.
        expected: Die,
        /// The die type given.
        got: Die,
    },
    /// A number far larger than any die shows.
    #[error("'{token}' is not a die face: no die here has more than 12 sides")]
    TooLarge {
        /// The offending piece of text.
        token: String,
    },
    /// A typed-dice source ran out of typed groups.
    #[error("{label}: no faces were typed for these dice")]
    NothingTyped {
        /// The group's label.
        label: String,
    },
}

/// Reads faces typed by a person: numbers separated by spaces, commas or semicolons.
///
/// Only the syntax is checked here; [`DiceGroup::check`] checks count and range.
pub fn parse_faces(text: &str) -> Result<Vec<Face>, DiceError> {
    text.split(|c: char| c.is_whitespace() || c == ',' || c == ';')
        .filter(|token| !token.is_empty())
        .map(|token| {
            if !token.chars().all(|c| c.is_ascii_digit()) {
                return Err(DiceError::NotANumber {
                    token: token.to_owned(),
                });
            }
            token.parse::<Face>().map_err(|_| DiceError::TooLarge {
                token: token.to_owned(),
            })
        })
        .collect()
}

/// The seedable random generator.
#[derive(Debug)]
pub struct Generator {
    // Boxed: the generator's state is large and sources are passed around by value.
    rng: Box<StdRng>,
}

impl Generator {
    /// A generator that always produces the same rolls for the same seed.
    pub fn seeded(seed: u64) -> Self {
        Self {
            rng: Box::new(StdRng::seed_from_u64(seed)),
        }
    }

    /// A generator seeded from the operating system.
    pub fn from_entropy() -> Self {
        Self::seeded(rand::rng().random())
    }

    /// Rolls one die.
    pub fn roll_die(&mut self, die: Die) -> Face {
        self.rng.random_range(1..=die.sides())
    }
}

/// Where dice faces come from: the generator, or faces typed in from physical dice.
#[derive(Debug)]
pub enum DiceSource {
    /// The app rolls.
    Generator(Generator),
    /// The referee rolled physical dice and typed the faces, one list per group, in order.
    Typed(std::collections::VecDeque<Vec<Face>>),
}

impl DiceSource {
    /// A seeded generator source.
    pub fn seeded(seed: u64) -> Self {
        Self::Generator(Generator::seeded(seed))
    }

    /// A generator source seeded from the operating system.
    pub fn from_entropy() -> Self {
        Self::Generator(Generator::from_entropy())
    }

    /// A source that hands out typed faces, one list per dice group.
    pub fn typed(groups: impl IntoIterator<Item = Vec<Face>>) -> Self {
        Self::Typed(groups.into_iter().collect())
    }

    /// Rolls one group, validating typed faces.
    pub fn roll_group(&mut self, group: &DiceGroup) -> Result<Rolled, DiceError> {
        match self {
            DiceSource::Generator(generator) => Ok(Rolled::new(
                group.die,
                (0..group.count)
                    .map(|_| generator.roll_die(group.die))
                    .collect(),
            )),
            DiceSource::Typed(queue) => {
                if group.count == 0 {
                    // Nothing to type for an empty group; don't consume a typed list.
                    return Ok(Rolled::new(group.die, Vec::new()));
                }
                let Some(faces) = queue.pop_front() else {
                    return Err(DiceError::NothingTyped {
                        label: group.label.clone(),
                    });
                };
                group.check(&faces)?;
                Ok(Rolled::new(group.die, faces))
            }
        }
    }

    /// Rolls every group of a request. On error nothing is consumed from a typed source.
    pub fn roll(&mut self, request: &DiceRequest) -> Result<Vec<Rolled>, DiceError> {
        let backup = match self {
            DiceSource::Typed(queue) => Some(queue.clone()),
            DiceSource::Generator(_) => None,
        };
        let result: Result<Vec<Rolled>, DiceError> = request
            .groups
            .iter()
            .map(|group| self.roll_group(group))
            .collect();
        if result.is_err()
            && let (Some(backup), DiceSource::Typed(queue)) = (backup, &mut *self)
        {
            *queue = backup;
        }
        result
    }
}

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

    #[test]
    fn typed_faces_are_checked() {
        let group = DiceGroup::new("Firepower", Die::D6, 3);
        assert!(group.check(&[6, 1, 3]).is_ok());
        assert!(matches!(
            group.check(&[6, 1]),
            Err(DiceError::WrongCount {
                expected: 3,
                got: 2,
                ..
            })
        ));
        assert!(matches!(
            group.check(&[6, 7, 1]),
            Err(DiceError::FaceOutOfRange {
                position: 2,
                face: 7,
                ..
            })
        ));
        assert!(matches!(
            group.check(&[0, 1, 1]),
            Err(DiceError::FaceOutOfRange { position: 1, .. })
        ));
    }

    #[test]
    fn parse_faces_accepts_spaces_and_commas() {
        assert_eq!(parse_faces("6 4 4 2"), Ok(vec![6, 4, 4, 2]));
        assert_eq!(parse_faces(" 6,4, 4;2 "), Ok(vec![6, 4, 4, 2]));
        assert_eq!(parse_faces(""), Ok(vec![]));
        assert!(matches!(
            parse_faces("6 x 2"),
            Err(DiceError::NotANumber { token }) if token == "x"
        ));
        // Huge numbers are refused by name, never wrapped or clamped.
        assert!(matches!(
            parse_faces("4 99999"),
            Err(DiceError::TooLarge { token }) if token == "99999"
        ));
        assert!(matches!(
            parse_faces("-3"),
            Err(DiceError::NotANumber { token }) if token == "-3"
        ));
        // Faces a die cannot show are read, then refused by the range check.
        let faces = parse_faces("13").unwrap_or_default();
        assert!(DiceGroup::new("x", Die::D12, 1).check(&faces).is_err());
    }

    #[test]
    fn seeded_generator_repeats_and_stays_in_range() {
        let mut request = DiceRequest::none();
        request.push("a", Die::D6, 10);
        request.push("b", Die::D12, 10);
        let mut one = DiceSource::seeded(7);
        let mut two = DiceSource::seeded(7);
        let first = one.roll(&request).unwrap_or_default();
        assert_eq!(first, two.roll(&request).unwrap_or_default());
        assert!(request.check(&first).is_ok());
    }

    #[test]
    fn typed_source_restores_queue_on_error() {
        let mut request = DiceRequest::none();
        request.push("a", Die::D6, 2);
        request.push("b", Die::D6, 1);
        let mut source = DiceSource::typed([vec![1, 2], vec![9]]);
        assert!(source.roll(&request).is_err());
        let DiceSource::Typed(queue) = &source else {
            panic!("source changed kind");
        };
        assert_eq!(queue.len(), 2);
    }
}

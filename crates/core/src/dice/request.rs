//! What a rule asks for (groups of dice of one type each), what was rolled, and what can be
//! wrong with typed or recorded faces.

use std::fmt;

use serde::{Deserialize, Serialize};

use super::{DiceRole, Die, Face};

/// Dice of one type that one rule needs, with what they are for.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DiceGroup {
    /// What the dice are for, by name: the rules read the faces by it.
    pub role: DiceRole,
    /// What the dice are for, shown to a person typing in physical dice ("Firepower").
    pub label: String,
    /// The die type.
    pub die: Die,
    /// How many dice.
    pub count: u8,
    /// What each die is for, in order, when the dice are not alike (First Aid: one casualty
    /// each); empty otherwise.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub each: Vec<String>,
}

impl DiceGroup {
    /// A group of `count` dice of type `die`, for `role`.
    pub fn new(role: DiceRole, label: impl Into<String>, die: Die, count: u8) -> Self {
        Self {
            role,
            label: label.into(),
            die,
            count,
            each: Vec::new(),
        }
    }

    /// Every problem with typed faces, not just the first: the count, then each face that is
    /// not on the die.
    pub fn problems(&self, faces: &[Face]) -> Vec<String> {
        let faces: Vec<i64> = faces.iter().map(|&f| i64::from(f)).collect();
        self.problems_of(&faces, "typed")
    }

    /// Every problem with faces given for this group (`given`: how they came, "typed" or
    /// "sent"), whatever numbers they are: the count, then each face not on the die.
    pub fn problems_of(&self, faces: &[i64], given: &str) -> Vec<String> {
        let mut problems = Vec::new();
        if faces.len() != usize::from(self.count) {
            problems.push(format!(
                "{} {given}, {} needed",
                crate::text::plural(faces.len(), "face", "faces"),
                self.count
            ));
        }
        let sides = i64::from(self.die.sides());
        for (i, &face) in faces.iter().enumerate() {
            if !(1..=sides).contains(&face) {
                problems.push(format!(
                    "face {face} (position {}) is not on a {} (1 to {sides})",
                    i + 1,
                    self.die,
                ));
            }
        }
        problems
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
    pub fn push(&mut self, role: DiceRole, label: impl Into<String>, die: Die, count: u8) {
        self.groups.push(DiceGroup::new(role, label, die, count));
    }

    /// Adds a group whose dice are each for something else, named in order.
    pub fn push_each(
        &mut self,
        role: DiceRole,
        label: impl Into<String>,
        die: Die,
        each: Vec<String>,
    ) {
        let count = u8::try_from(each.len()).unwrap_or(u8::MAX);
        let mut group = DiceGroup::new(role, label, die, count);
        group.each = each;
        self.groups.push(group);
    }

    /// True when no die has to be rolled.
    pub fn is_empty(&self) -> bool {
        self.groups.iter().all(|g| g.count == 0)
    }

    /// Checks a full set of rolled dice against this request: as many groups, each of the die
    /// and the count asked for, and, where the record names what a group is for (every record
    /// since the names were kept), for the same thing as the group at its place.
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
            if let Some(role) = roll.role
                && role != group.role
            {
                return Err(DiceError::WrongRole {
                    label: group.label.clone(),
                    expected: group.role,
                    got: role,
                });
            }
            group.check(&roll.faces)?;
        }
        Ok(())
    }
}

/// The faces of a checked event, read by what each group is for. Built only from dice that
/// passed [`DiceRequest::check`], so every group the request named is there.
#[derive(Clone, Debug)]
pub struct Faces<'a> {
    groups: Vec<(DiceRole, &'a [Face])>,
}

impl<'a> Faces<'a> {
    /// Pairs the request's groups with the dice rolled for them (checked against it first).
    pub fn new(request: &DiceRequest, rolled: &'a [Rolled]) -> Self {
        Self {
            groups: request
                .groups
                .iter()
                .zip(rolled)
                .map(|(group, roll)| (group.role, roll.faces.as_slice()))
                .collect(),
        }
    }

    /// Every group for `role`, in the order the request put them.
    pub fn groups(&self, role: DiceRole) -> impl Iterator<Item = &'a [Face]> + '_ {
        self.groups
            .iter()
            .filter(move |(r, _)| *r == role)
            .map(|(_, faces)| *faces)
    }

    /// The faces of every group for `role`, one after another.
    pub fn all(&self, role: DiceRole) -> Vec<Face> {
        self.groups(role).flatten().copied().collect()
    }

    /// The one die of the group for `role`, if the request asked for it.
    pub fn one(&self, role: DiceRole) -> Option<Face> {
        self.groups(role).next().and_then(|g| g.first().copied())
    }
}

/// Faces rolled for one [`DiceGroup`], as recorded in the game log.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Rolled {
    /// What the dice were for. Kept in every record written since the names were added; a
    /// record of an earlier version has none, and its groups are read in the request's order.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub role: Option<DiceRole>,
    /// The die type that was rolled.
    pub die: Die,
    /// The faces, in the order they were rolled or typed.
    pub faces: Vec<Face>,
}

impl Rolled {
    /// Faces of one die type, rolled for `role`.
    pub fn new(role: DiceRole, die: Die, faces: Vec<Face>) -> Self {
        Self {
            role: Some(role),
            die,
            faces,
        }
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
    /// Recorded dice for another purpose than the group at their place asks for.
    #[error("{label}: the dice recorded here are for {got}, not for {expected}")]
    WrongRole {
        /// The group's label.
        label: String,
        /// What the group is for.
        expected: DiceRole,
        /// What the recorded dice say they are for.
        got: DiceRole,
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
    typed_tokens(text)
        .map(|token| {
            let token = token?;
            token.parse::<Face>().map_err(|_| DiceError::TooLarge {
                token: token.to_owned(),
            })
        })
        .collect()
}

/// The runs of digits typed, apart where spaces, commas or semicolons part them; anything else
/// typed is refused by name.
pub(super) fn typed_tokens(text: &str) -> impl Iterator<Item = Result<&str, DiceError>> {
    text.split(|c: char| c.is_whitespace() || c == ',' || c == ';')
        .filter(|token| !token.is_empty())
        .map(|token| {
            if token.chars().all(|c| c.is_ascii_digit()) {
                Ok(token)
            } else {
                Err(DiceError::NotANumber {
                    token: token.to_owned(),
                })
            }
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn typed_faces_are_checked() {
        let group = DiceGroup::new(DiceRole::Attack, "Firepower", Die::D6, 3);
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
        assert!(
            DiceGroup::new(DiceRole::Attack, "x", Die::D12, 1)
                .check(&faces)
                .is_err()
        );
    }
}

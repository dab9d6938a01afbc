//! Insurgent reinforcements: the Insurgency roll, the 2d6 table, arrivals and Hot Spots.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use crate::dice::{DiceRequest, Die, Face};
use crate::unit::Weapon;

/// The largest number of dice a figure count may roll ("2d6" is the booklet's largest).
pub const MAX_COUNT_DICE: u8 = 4;
/// The largest flat bonus a figure count may add.
pub const MAX_COUNT_PLUS: u8 = 20;

/// How often reinforcements come: a d6 at or under the level, or every turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum InsurgencyLevel {
    /// Roll a d6; reinforcements come when it is at or under the level (1–6).
    Level(u8),
    /// Reinforcements come every turn from the second on.
    Automatic,
}

impl InsurgencyLevel {
    /// True when an Insurgency roll of `face` brings reinforcements.
    pub fn triggers(self, face: Option<Face>) -> bool {
        match (self, face) {
            (InsurgencyLevel::Automatic, _) => true,
            (InsurgencyLevel::Level(level), Some(face)) => face <= level,
            (InsurgencyLevel::Level(_), None) => false,
        }
    }

    /// True when the Insurgency roll needs a die.
    pub fn needs_roll(self) -> bool {
        matches!(self, InsurgencyLevel::Level(_))
    }
}

impl fmt::Display for InsurgencyLevel {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            InsurgencyLevel::Level(level) => write!(f, "{level}"),
            InsurgencyLevel::Automatic => f.write_str("Automatic"),
        }
    }
}

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
        "'{0}' is not a figure count: expected a number (3), dice (1d6) or dice plus a number (1d6+2)"
    )]
    Syntax(String),
    /// A die the game does not use.
    #[error("'{0}': unknown die, expected d6, d8, d10 or d12")]
    UnknownDie(String),
    /// Too many dice or too large a bonus.
    #[error("'{text}' is too large: at most {MAX_COUNT_DICE} dice and +{MAX_COUNT_PLUS}")]
    TooLarge {
        /// The text given.
        text: String,
    },
    /// A count that can only ever be zero.
    #[error("'{0}' always gives zero figures")]
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
        if count.dice > MAX_COUNT_DICE || count.plus > MAX_COUNT_PLUS {
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

/// Figures of one weapon in an arriving unit.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct FigureSpec {
    /// How many.
    pub count: DiceCount,
    /// Their weapon.
    pub weapon: Weapon,
    /// An RPG marked `*`: a d6 of 5–6 makes it an AT RPG.
    #[serde(default)]
    pub at_check: bool,
}

/// One unit a table row brings.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ArrivalSpec {
    /// Its figures.
    pub figures: Vec<FigureSpec>,
}

impl ArrivalSpec {
    /// True when the row gives the unit a leader.
    pub fn has_leader(&self) -> bool {
        self.figures.iter().any(|f| f.weapon == Weapon::Leader)
    }

    /// Dice needed when this unit arrives: counts, AT checks, the leader check, the Hot Spot.
    pub fn dice_request(&self) -> DiceRequest {
        let mut request = DiceRequest::none();
        for spec in &self.figures {
            if !spec.count.is_fixed() {
                request.push(
                    format!("Number of {} figures ({})", spec.weapon, spec.count),
                    spec.count.die,
                    spec.count.dice,
                );
            }
        }
        for spec in self.figures.iter().filter(|s| s.at_check) {
            // A `*` row always has a fixed count (checked when the scenario is loaded).
            request.push("AT RPG check (5–6: AT RPG)", Die::D6, spec.count.plus);
        }
        if !self.has_leader() {
            request.push("Leader check (1: a leader)", Die::D6, 1);
        }
        request.push("Hot Spot (6: Insurgent choice)", Die::D6, 1);
        request
    }

    /// Plain words for the row's unit, such as "1d6+2 Rifle + 1 RPG*".
    pub fn describe(&self) -> String {
        self.figures
            .iter()
            .map(|s| {
                let star = if s.at_check { "*" } else { "" };
                format!("{} {}{star}", s.count, s.weapon)
            })
            .collect::<Vec<_>>()
            .join(" + ")
    }
}

/// One row of a reinforcement table.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TableRow {
    /// Stable id of the row.
    pub id: String,
    /// The 2d6 totals this row covers.
    pub rolls: Vec<u8>,
    /// Units that arrive.
    pub units: Vec<ArrivalSpec>,
    /// Roll on the table once more.
    pub roll_again: bool,
}

/// A 2d6 reinforcement table. Every total from 2 to 12 has exactly one row.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ReinforcementTable {
    /// The rows.
    pub rows: Vec<TableRow>,
}

impl ReinforcementTable {
    /// The row for a 2d6 total.
    pub fn row(&self, total: u8) -> Option<&TableRow> {
        self.rows.iter().find(|r| r.rolls.contains(&total))
    }
}

/// How an arriving unit was made up, from the dice rolled for it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ArrivalRoll {
    /// Weapons of the arriving figures, in order.
    pub weapons: Vec<Weapon>,
    /// AT checks that came up 5–6.
    pub at_rpgs: usize,
    /// The leader check made one figure a leader.
    pub gained_leader: bool,
    /// The Hot Spot die.
    pub hot_spot_face: Face,
}

/// Reads the dice rolled for an arrival (already checked against [`ArrivalSpec::dice_request`]).
pub fn resolve_arrival(spec: &ArrivalSpec, groups: &[Vec<Face>]) -> ArrivalRoll {
    let mut groups = groups.iter();
    let mut weapons = Vec::new();
    let mut counts = Vec::new();
    for s in &spec.figures {
        let faces: &[Face] = if s.count.is_fixed() {
            &[]
        } else {
            groups.next().map(Vec::as_slice).unwrap_or(&[])
        };
        counts.push(s.count.total(faces));
    }
    let mut at_rpgs = 0;
    for (s, &count) in spec.figures.iter().zip(&counts) {
        let checks: &[Face] = if s.at_check {
            groups.next().map(Vec::as_slice).unwrap_or(&[])
        } else {
            &[]
        };
        for i in 0..count as usize {
            let is_at = checks.get(i).is_some_and(|&f| f >= 5);
            if is_at {
                at_rpgs += 1;
            }
            weapons.push(if is_at { Weapon::AtRpg } else { s.weapon });
        }
    }
    let mut gained_leader = false;
    if !spec.has_leader() {
        let leader_face = groups.next().and_then(|g| g.first().copied());
        if leader_face == Some(1) {
            gained_leader = true;
            // A rifleman becomes the leader; a unit with none gains one instead, so a lone
            // RPG team keeps its RPG.
            match weapons.iter().position(|&w| w == Weapon::Rifle) {
                Some(i) => weapons[i] = Weapon::Leader,
                None => weapons.insert(0, Weapon::Leader),
            }
        }
    }
    let hot_spot_face = groups.next().and_then(|g| g.first().copied()).unwrap_or(6);
    ArrivalRoll {
        weapons,
        at_rpgs,
        gained_leader,
        hot_spot_face,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dice_counts_parse_and_print() {
        for (text, dice, plus) in [("1", 0, 1), ("1d6", 1, 0), ("1d6+2", 1, 2), ("2d6", 2, 0)] {
            let count: DiceCount = text.parse().unwrap_or(DiceCount::fixed(99));
            assert_eq!((count.dice, count.plus), (dice, plus), "{text}");
            assert_eq!(count.to_string(), text);
        }
        assert_eq!("d6".parse::<DiceCount>().map(|c| c.dice), Ok(1));
        assert!(matches!(
            "1d7".parse::<DiceCount>(),
            Err(DiceCountError::UnknownDie(_))
        ));
        assert!(matches!(
            "9d6".parse::<DiceCount>(),
            Err(DiceCountError::TooLarge { .. })
        ));
        assert!(matches!(
            "1d6+x".parse::<DiceCount>(),
            Err(DiceCountError::Syntax(_))
        ));
        assert!(matches!(
            "0".parse::<DiceCount>(),
            Err(DiceCountError::Zero(_))
        ));
        assert!(matches!(
            "".parse::<DiceCount>(),
            Err(DiceCountError::Syntax(_))
        ));
        assert!(matches!(
            "999".parse::<DiceCount>(),
            Err(DiceCountError::TooLarge { .. })
        ));
    }

    #[test]
    fn insurgency_level_triggers() {
        assert!(InsurgencyLevel::Automatic.triggers(None));
        assert!(InsurgencyLevel::Level(3).triggers(Some(3)));
        assert!(!InsurgencyLevel::Level(3).triggers(Some(4)));
    }

    #[test]
    fn arrival_reads_counts_at_checks_leader_and_spot() {
        // "1d6 w/Small Arms + Leader + 1 RPG *"
        let spec = ArrivalSpec {
            figures: vec![
                FigureSpec {
                    count: DiceCount {
                        dice: 1,
                        die: Die::D6,
                        plus: 0,
                    },
                    weapon: Weapon::Rifle,
                    at_check: false,
                },
                FigureSpec {
                    count: DiceCount::fixed(1),
                    weapon: Weapon::Leader,
                    at_check: false,
                },
                FigureSpec {
                    count: DiceCount::fixed(1),
                    weapon: Weapon::MediumSupport,
                    at_check: true,
                },
            ],
        };
        let request = spec.dice_request();
        assert_eq!(
            request.groups.len(),
            3,
            "count, AT check, Hot Spot (it has a leader)"
        );
        let roll = resolve_arrival(&spec, &[vec![3], vec![6], vec![2]]);
        assert_eq!(
            roll.weapons,
            vec![
                Weapon::Rifle,
                Weapon::Rifle,
                Weapon::Rifle,
                Weapon::Leader,
                Weapon::AtRpg
            ]
        );
        assert_eq!(roll.at_rpgs, 1);
        assert_eq!(roll.hot_spot_face, 2);
        assert!(!roll.gained_leader);
    }

    #[test]
    fn leaderless_arrival_may_gain_a_leader() {
        let spec = ArrivalSpec {
            figures: vec![FigureSpec {
                count: DiceCount {
                    dice: 1,
                    die: Die::D6,
                    plus: 2,
                },
                weapon: Weapon::Rifle,
                at_check: false,
            }],
        };
        assert_eq!(spec.dice_request().groups.len(), 3);
        let roll = resolve_arrival(&spec, &[vec![1], vec![1], vec![4]]);
        assert_eq!(
            roll.weapons,
            vec![Weapon::Leader, Weapon::Rifle, Weapon::Rifle]
        );
        assert!(roll.gained_leader);
        let roll = resolve_arrival(&spec, &[vec![1], vec![2], vec![4]]);
        assert_eq!(roll.weapons, vec![Weapon::Rifle; 3]);
        // A lone RPG keeps its RPG and gains a leader.
        let lone = ArrivalSpec {
            figures: vec![FigureSpec {
                count: DiceCount::fixed(1),
                weapon: Weapon::MediumSupport,
                at_check: true,
            }],
        };
        let roll = resolve_arrival(&lone, &[vec![3], vec![1], vec![6]]);
        assert_eq!(roll.weapons, vec![Weapon::Leader, Weapon::MediumSupport]);
        assert_eq!(roll.hot_spot_face, 6);
    }
}

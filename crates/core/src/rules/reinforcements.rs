//! Insurgent reinforcements: the Insurgency roll, the 2d6 table, arrivals and Hot Spots.

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::dice::{DiceRequest, DiceRole, Die, Face, Faces};
use crate::unit::Weapon;

pub use super::dice_count::{DiceCount, DiceCountError};

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
}

impl fmt::Display for InsurgencyLevel {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            InsurgencyLevel::Level(level) => write!(f, "{level}"),
            InsurgencyLevel::Automatic => f.write_str("Automatic"),
        }
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
    /// Its own name, Troop Quality and Morale, where the row gives them.
    #[serde(default, skip_serializing_if = "ArrivalProfile::is_empty")]
    pub profile: ArrivalProfile,
}

/// What a row says of an arriving unit beyond its figures; unset parts come from the
/// scenario's Insurgent profile.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ArrivalProfile {
    /// Its name ("Foreign fighters"); numbered when unset.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// Troop Quality of its ordinary figures.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tq: Option<Die>,
    /// Troop Quality of its leaders.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub leader_tq: Option<Die>,
    /// Morale.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub morale: Option<Die>,
}

impl ArrivalProfile {
    /// True when the row says nothing beyond the figures.
    pub fn is_empty(&self) -> bool {
        *self == Self::default()
    }
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
                    DiceRole::FigureCount,
                    format!("Number of {} figures ({})", spec.weapon, spec.count),
                    spec.count.die,
                    spec.count.dice,
                );
            }
        }
        for spec in self.figures.iter().filter(|s| s.at_check) {
            // A `*` row always has a fixed count (checked when the scenario is loaded).
            request.push(
                DiceRole::AntiTank,
                "AT RPG check (5–6: AT RPG)",
                Die::D6,
                spec.count.plus,
            );
        }
        if !self.has_leader() {
            request.push(DiceRole::Leader, "Leader check (1: a leader)", Die::D6, 1);
        }
        request.push(DiceRole::HotSpot, "Hot Spot roll", Die::D6, 1);
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

    /// The row's unit with its own name and dice, where it has them: "Foreign fighters:
    /// 1d6 Rifle (TQ d8, Morale d12)".
    pub fn describe_whole(&self) -> String {
        let p = &self.profile;
        let dice: Vec<String> = [
            p.tq.map(|d| format!("TQ {d}")),
            p.leader_tq.map(|d| format!("leaders {d}")),
            p.morale.map(|d| format!("Morale {d}")),
        ]
        .into_iter()
        .flatten()
        .collect();
        let mut words = match &p.name {
            Some(name) => format!("{name}: {}", self.describe()),
            None => self.describe(),
        };
        if !dice.is_empty() {
            words.push_str(&format!(" ({})", dice.join(", ")));
        }
        words
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

impl TableRow {
    /// What the row brings, from its units in words: "1d6 Rifle; 2 Rifle, and roll again", or
    /// "roll again" for a row that brings nobody itself.
    pub fn words(&self, units: &[String]) -> String {
        match (units.is_empty(), self.roll_again) {
            (true, true) => "nobody yet: roll again".to_owned(),
            (true, false) => "nobody".to_owned(),
            (false, true) => format!("{}, and roll again", units.join("; ")),
            (false, false) => units.join("; "),
        }
    }
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

/// Reads the dice rolled for an arrival (already checked against [`ArrivalSpec::dice_request`]),
/// by what each group is for; none without the Hot Spot die the request always holds.
pub fn resolve_arrival(spec: &ArrivalSpec, faces: &Faces<'_>) -> Option<ArrivalRoll> {
    let mut count_groups = faces.groups(DiceRole::FigureCount);
    let mut weapons = Vec::new();
    let mut counts = Vec::new();
    for s in &spec.figures {
        let faces: &[Face] = if s.count.is_fixed() {
            &[]
        } else {
            count_groups.next().unwrap_or(&[])
        };
        counts.push(s.count.total(faces));
    }
    let mut at_groups = faces.groups(DiceRole::AntiTank);
    let mut at_rpgs = 0;
    for (s, &count) in spec.figures.iter().zip(&counts) {
        let checks: &[Face] = if s.at_check {
            at_groups.next().unwrap_or(&[])
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
        let leader_face = faces.one(DiceRole::Leader);
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
    let hot_spot_face = faces.one(DiceRole::HotSpot)?;
    Some(ArrivalRoll {
        weapons,
        at_rpgs,
        gained_leader,
        hot_spot_face,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dice::Rolled;

    /// The arrival read from faces typed group by group in the request's order.
    fn resolve(spec: &ArrivalSpec, typed: &[Vec<Face>]) -> ArrivalRoll {
        let request = spec.dice_request();
        let rolled: Vec<Rolled> = request
            .groups
            .iter()
            .zip(typed)
            .map(|(g, f)| Rolled::new(g.role, g.die, f.clone()))
            .collect();
        assert!(request.check(&rolled).is_ok());
        resolve_arrival(spec, &Faces::new(&request, &rolled)).expect("the Hot Spot die is there")
    }

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
        // The reinforcement table's roll of 11: a d6 of riflemen, a leader, and one RPG that may
        // prove an AT RPG.
        let spec = ArrivalSpec {
            profile: ArrivalProfile::default(),
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
        let roll = resolve(&spec, &[vec![3], vec![6], vec![2]]);
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
            profile: ArrivalProfile::default(),
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
        let roll = resolve(&spec, &[vec![1], vec![1], vec![4]]);
        assert_eq!(
            roll.weapons,
            vec![Weapon::Leader, Weapon::Rifle, Weapon::Rifle]
        );
        assert!(roll.gained_leader);
        let roll = resolve(&spec, &[vec![1], vec![2], vec![4]]);
        assert_eq!(roll.weapons, vec![Weapon::Rifle; 3]);
        // A lone RPG keeps its RPG and gains a leader.
        let lone = ArrivalSpec {
            profile: ArrivalProfile::default(),
            figures: vec![FigureSpec {
                count: DiceCount::fixed(1),
                weapon: Weapon::MediumSupport,
                at_check: true,
            }],
        };
        let roll = resolve(&lone, &[vec![3], vec![1], vec![6]]);
        assert_eq!(roll.weapons, vec![Weapon::Leader, Weapon::MediumSupport]);
        assert_eq!(roll.hot_spot_face, 6);
    }
}

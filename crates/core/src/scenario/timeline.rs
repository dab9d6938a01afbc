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

/// Something that happens as a turn begins, before its Insurgency roll: on a set turn, or
/// (version 4) from that turn on a roll, once a condition holds, or both.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TimedEvent {
    /// The turn; with a roll or a condition, the first turn it may happen.
    pub turn: u32,
    /// What happens.
    pub change: TimedChange,
    /// The d6 it needs, rolled as each turn begins from `turn` until it happens.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub on: Option<u8>,
    /// What must hold as a turn begins for it to happen (or to be rolled for).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub when: Option<Condition>,
}

impl TimedEvent {
    /// True for an event on a set turn: it happens then, for sure.
    pub fn on_a_set_turn(&self) -> bool {
        self.on.is_none() && self.when.is_none()
    }

    /// When it happens, in words: "turn 4", "from turn 3, on a d6 of 4+", "from turn 2, once
    /// Hot Spot 2 is neutralized".
    pub fn when_words(&self) -> String {
        let mut words = if self.on_a_set_turn() {
            format!("turn {}", self.turn)
        } else {
            format!("from turn {}", self.turn)
        };
        if let Some(condition) = &self.when {
            words.push_str(&format!(", once {}", condition.words()));
        }
        if let Some(need) = self.on {
            words.push_str(&format!(", on a d6 of {need}+"));
        }
        words
    }
}

/// What must hold, as a turn begins, for an event of version 4 to happen.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Condition {
    /// This Hot Spot is neutralized.
    HotSpotNeutralized(u8),
    /// The unit with this id (the scenario's) is out of the game: every figure down, broken,
    /// or lost before it came on.
    WipedOut {
        /// The unit's id in the scenario.
        unit: String,
        /// Its name, for the words.
        name: String,
    },
    /// A side has at least so many victory points.
    Points {
        /// The side.
        side: Side,
        /// The points it needs.
        at_least: i32,
    },
}

impl Condition {
    /// In words: "Hot Spot 2 is neutralized", "the unit Car shooters is out of the game", "the
    /// Insurgent side has 5 victory points or more".
    pub fn words(&self) -> String {
        match self {
            Condition::HotSpotNeutralized(n) => format!("Hot Spot {n} is neutralized"),
            Condition::WipedOut { name, .. } => format!("the unit {name} is out of the game"),
            Condition::Points { side, at_least } => {
                format!("the {side} side has {at_least} victory points or more")
            }
        }
    }
}

/// The end of the game rolled at the end of each turn from a turn (version 4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct EndRoll {
    /// The first turn at whose end it is rolled.
    pub from_turn: u32,
    /// The d6 that ends the game.
    pub on: u8,
}

impl EndRoll {
    /// In words: "the game ends on a d6 of 5+ rolled at the end of each turn from turn 6".
    pub fn words(&self) -> String {
        format!(
            "the game ends on a d6 of {}+ rolled at the end of each turn from turn {}",
            self.on, self.from_turn
        )
    }
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
    /// A note for the players (version 4): on the desk, the table screen and the phones.
    PlayerNote(String),
    /// The row of the reinforcement table with this id brings other units (version 4).
    ReinforcementRow {
        /// The row's id.
        row: String,
        /// The units it brings from now on.
        units: Vec<crate::rules::reinforcements::ArrivalSpec>,
        /// It rolls on the table once more.
        roll_again: bool,
    },
    /// The Hot Spot roll names other spots (version 4).
    HotSpotRoll([super::SpotFaceSetup; 6]),
}

impl TimedChange {
    /// What it does, in a few words that tell nothing of a note's text: "the Insurgency Level
    /// becomes 3", "Hot Spot 3 wakes", "a note for the referee".
    pub fn words(&self) -> String {
        match self {
            TimedChange::InsurgencyLevel(level) => {
                format!("the Insurgency Level becomes {level}")
            }
            TimedChange::HotSpot {
                number,
                active: true,
            } => format!("Hot Spot {number} wakes"),
            TimedChange::HotSpot {
                number,
                active: false,
            } => format!("Hot Spot {number} is neutralized"),
            TimedChange::Note(_) => "a note for the referee".to_owned(),
            TimedChange::PlayerNote(_) => "a note for the players".to_owned(),
            TimedChange::ReinforcementRow { row, .. } => format!(
                "the reinforcement table's row {} changes",
                crate::text::quoted(row)
            ),
            TimedChange::HotSpotRoll(_) => "the Hot Spot roll changes".to_owned(),
        }
    }

    /// What it does, whole, for the referee: a note's text, the units a row brings, the faces
    /// of a Hot Spot roll.
    pub fn referee_words(&self) -> String {
        match self {
            TimedChange::Note(text) => format!("a note for the referee: {text}"),
            TimedChange::PlayerNote(text) => format!("a note for the players: {text}"),
            TimedChange::ReinforcementRow {
                row,
                units,
                roll_again,
            } => {
                let brings: Vec<String> = units.iter().map(|u| u.describe_whole()).collect();
                let mut brings = if brings.is_empty() {
                    "nobody".to_owned()
                } else {
                    brings.join("; ")
                };
                if *roll_again {
                    brings.push_str(", and rolls again");
                }
                format!(
                    "the reinforcement table's row {} brings {brings}",
                    crate::text::quoted(row)
                )
            }
            TimedChange::HotSpotRoll(roll) => format!(
                "the Hot Spot roll becomes {}",
                super::hot_spot_roll_words(roll)
            ),
            other => other.words(),
        }
    }
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

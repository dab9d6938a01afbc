//! Units held back off the table: in ambush (when and where they may arrive) or on a schedule.

use serde::{Deserialize, Serialize};

/// When and where a unit held in ambush arrives.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct AmbushSetup {
    /// First turn on which it may arrive.
    pub from_turn: u32,
    /// The d6 needed at the start of the Insurgent phase (arrives on this or more).
    pub arrives_on: u8,
    /// Turns on which it arrives without a roll.
    pub automatic_turns: Vec<u32>,
    /// Where it arrives.
    pub arrives_at: AmbushPoint,
    /// The last turn it can arrive; still waiting after it, it is lost.
    pub last_turn: Option<u32>,
}

/// Where a unit in ambush arrives.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum AmbushPoint {
    /// At a Hot Spot rolled like a reinforcement's (6: the Insurgents choose).
    HotSpot,
    /// At the Hot Spot the scenario names (lost if it is neutralized by then).
    Spot(u8),
    /// At a point the scenario names.
    Point(String),
}

impl AmbushSetup {
    /// Its terms in words: "from turn 2, arrives on 3+ (on turn 4 without a roll), at a Hot
    /// Spot rolled like a reinforcement's; lost if still waiting after turn 6".
    pub fn terms(&self) -> String {
        let mut words = format!(
            "from turn {}, arrives on {}+",
            self.from_turn, self.arrives_on
        );
        if !self.automatic_turns.is_empty() {
            let turns: Vec<String> = self.automatic_turns.iter().map(u32::to_string).collect();
            words.push_str(&format!(
                " (on turn {} without a roll)",
                turns.join(" and ")
            ));
        }
        words.push_str(", at ");
        words.push_str(&self.arrives_at.words());
        if let Some(last) = self.last_turn {
            words.push_str(&format!("; lost if still waiting after turn {last}"));
        }
        words
    }
}

impl AmbushPoint {
    /// Where, in words.
    pub fn words(&self) -> String {
        match self {
            AmbushPoint::HotSpot => "a Hot Spot rolled like a reinforcement's".to_owned(),
            AmbushPoint::Spot(n) => format!("Hot Spot {n}"),
            AmbushPoint::Point(point) => point.clone(),
        }
    }
}

/// A unit that is not on the table at the start and arrives on a later turn.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ScheduledArrival {
    /// The turn, at the start of its side's phase (with a roll: the first turn it may come).
    pub turn: u32,
    /// Where it comes on, in words.
    pub at: String,
    /// The d6 it needs to come on, rolled at the start of its side's part of each turn from
    /// `turn` on; none when it comes on at `turn` for sure.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub arrives_on: Option<u8>,
    /// The Hot Spot it comes on at (version 4; `at` then names it): an Insurgent unit due there
    /// while it is neutralized is lost.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hot_spot: Option<u8>,
}

impl ScheduledArrival {
    /// Its terms in words: "on turn 3 at the south edge", "from turn 3 on a d6 of 4+, at the
    /// south edge".
    pub fn terms(&self) -> String {
        match self.arrives_on {
            None => format!("arrives on turn {} at {}", self.turn, self.at),
            Some(roll) => format!(
                "from turn {}, arrives on a d6 of {roll}+ (rolled as its side's part of each turn begins), at {}",
                self.turn, self.at
            ),
        }
    }
}

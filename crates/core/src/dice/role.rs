//! What a group of dice is for. A request names each group, the journal records the name with
//! the faces, and the rules read the faces by name, so a group can never be taken for another.

use std::fmt;

use serde::{Deserialize, Serialize};

/// The purpose of one group of dice in a request.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DiceRole {
    /// The Insurgency roll: reinforcements on the level or less.
    Insurgency,
    /// The two dice on the reinforcement table.
    Table,
    /// How many figures of one kind an arriving unit has (one group per kind, in the row's
    /// order).
    FigureCount,
    /// One die per RPG that may be an AT RPG (5–6).
    AntiTank,
    /// Whether an arriving unit gains a leader (1).
    Leader,
    /// Which Hot Spot a unit arrives at.
    HotSpot,
    /// Whether a unit in ambush arrives.
    Ambush,
    /// A unit's Quality check (to act or move Rapid, to interrupt, or as the referee calls).
    Quality,
    /// The Insurgent unit's die of a Reaction test.
    InsurgentReaction,
    /// The Regular unit's die of a Reaction test.
    RegularReaction,
    /// The firing unit's Firepower (one group per die type).
    Attack,
    /// The target's Defense (one group per die type).
    Defense,
    /// First Aid, one die per casualty.
    FirstAid,
    /// A Morale check.
    Morale,
    /// The solo opponent's percentile (tens, then units) or its contact rolls.
    Percentile,
    /// Whether a unit due on a roll arrives (version 3 scenarios).
    Arrival,
    /// The dice of a variable turn limit (version 3 scenarios).
    TurnLimit,
    /// Whether a scenario's event on a roll happens (version 4 scenarios).
    Event,
    /// Whether the game ends after this turn, rolled each turn from a turn (version 4
    /// scenarios).
    EndRoll,
}

impl DiceRole {
    /// Its name in words, for messages.
    pub const fn name(self) -> &'static str {
        match self {
            DiceRole::Insurgency => "the Insurgency roll",
            DiceRole::Table => "the reinforcement table",
            DiceRole::FigureCount => "a figure count",
            DiceRole::AntiTank => "the AT RPG check",
            DiceRole::Leader => "the leader check",
            DiceRole::HotSpot => "the Hot Spot roll",
            DiceRole::Ambush => "the ambush roll",
            DiceRole::Quality => "the Quality check",
            DiceRole::InsurgentReaction => "the Insurgent unit's Reaction die",
            DiceRole::RegularReaction => "the Regular unit's Reaction die",
            DiceRole::Attack => "the Firepower",
            DiceRole::Defense => "the Defense",
            DiceRole::FirstAid => "First Aid",
            DiceRole::Morale => "the Morale check",
            DiceRole::Percentile => "the percentile",
            DiceRole::Arrival => "the arrival roll",
            DiceRole::TurnLimit => "the turn limit",
            DiceRole::Event => "the scenario's event roll",
            DiceRole::EndRoll => "the end roll",
        }
    }
}

impl fmt::Display for DiceRole {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

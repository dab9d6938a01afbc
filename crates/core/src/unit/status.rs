//! What changes about a unit during play: its speed, where it is, and its statuses.

use serde::{Deserialize, Serialize};

/// How fast a unit moved this turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Movement {
    /// Did not move (also Overwatch).
    Halted,
    /// Up to 6".
    Cautious,
    /// Up to 12".
    Rapid,
}

impl Movement {
    /// "Halted", "Cautious" or "Rapid".
    pub const fn name(self) -> &'static str {
        match self {
            Movement::Halted => "Halted",
            Movement::Cautious => "Cautious",
            Movement::Rapid => "Rapid",
        }
    }

    /// The farthest a unit may move at this speed, in inches at 15mm scale.
    pub const fn max_inches(self) -> u32 {
        match self {
            Movement::Halted => 0,
            Movement::Cautious => 6,
            Movement::Rapid => 12,
        }
    }
}

/// A Regular unit's recovery after a Pull Back result.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PullBack {
    /// Normal.
    #[default]
    None,
    /// Forced to pull back this turn.
    PullingBack,
    /// Regrouping this turn: may fire or go on Overwatch, may not move.
    Regrouping,
}

/// Where a unit is with respect to the table.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "state")]
pub enum Presence {
    /// On the table, in play.
    #[default]
    OnTable,
    /// Arrived as a reinforcement on a Hot Spot roll of 6; the Insurgent player picks the spot.
    AwaitingHotSpot,
    /// Held back in ambush, not yet on the table.
    InReserve,
    /// Left the table by an edge (escorting dependants off, for instance).
    LeftTable,
    /// Out of the game.
    Eliminated {
        /// Why.
        cause: Elimination,
    },
}

impl Presence {
    /// Where the unit is, in words ("in ambush"); for a unit out of the game, why.
    pub fn words(&self) -> String {
        match self {
            Presence::OnTable => "on the table".to_owned(),
            Presence::AwaitingHotSpot => "waiting for its Hot Spot".to_owned(),
            Presence::InReserve => "in ambush".to_owned(),
            Presence::LeftTable => "left the table".to_owned(),
            Presence::Eliminated { cause } => cause.describe().to_owned(),
        }
    }

    /// True for units that can act and be targeted.
    pub fn is_on_table(&self) -> bool {
        matches!(self, Presence::OnTable)
    }
}

/// Why a unit left play.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Elimination {
    /// Every figure was removed.
    NoFiguresLeft,
    /// Its Morale dropped below d6.
    Broken,
    /// It arrived at a neutralized Hot Spot.
    LostAtNeutralizedHotSpot,
    /// An ambush reserve that never arrived.
    NeverArrived,
    /// Its figures joined another unit.
    Merged,
    /// The referee removed it.
    RemovedByReferee,
}

impl Elimination {
    /// Plain words for the cause.
    pub const fn describe(self) -> &'static str {
        match self {
            Elimination::NoFiguresLeft => "no figures left",
            Elimination::Broken => "broken and fled",
            Elimination::LostAtNeutralizedHotSpot => "lost at a neutralized Hot Spot",
            Elimination::NeverArrived => "never arrived from ambush",
            Elimination::Merged => "joined another unit",
            Elimination::RemovedByReferee => "removed by the referee",
        }
    }
}

/// Everything about a unit that changes during play.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct UnitStatus {
    /// Movement declared this turn (`None` until it moves or activates).
    pub movement: Option<Movement>,
    /// Movement of the previous turn (for the "stationary last turn" reaction bonus).
    pub last_movement: Option<Movement>,
    /// On Overwatch (Regulars only), until its next activation.
    pub overwatch: bool,
    /// Pinned this turn.
    pub pinned: bool,
    /// Pull Back / Regrouping.
    pub pull_back: PullBack,
    /// Shaken (Insurgents): the turn in which it was shaken. It lasts through the next turn.
    pub shaken_on_turn: Option<u32>,
    /// Hunkered down In Cover.
    pub in_cover: bool,
    /// Regulars: activated (or spent its activation reacting). Insurgents: acted in their phase.
    pub activated: bool,
    /// No further action this turn (a failed Interrupt or Quality check, a leader joining late).
    pub done_for_turn: bool,
    /// May fire but not move this turn (a leader joined before it activated).
    pub fire_only: bool,
    /// Regulars: times interrupted this turn.
    pub times_interrupted: u8,
    /// Insurgents: interrupts made this turn (at most one).
    pub interrupts_made: u8,
    /// Insurgents without a leader: passed the Quality check for their own action this turn.
    #[serde(alias = "passed_leader_check")]
    pub passed_action_check: bool,
    /// Insurgents without a leader: passed the Interrupt check this turn (it lets the unit
    /// interrupt, nothing more).
    #[serde(default)]
    pub passed_interrupt_check: bool,
    /// Overwatch fire made this turn.
    pub overwatch_shots: u8,
    /// Insurgents: fired this turn. Regulars: made the fire of their own activation (reactions
    /// and Overwatch shots are counted apart).
    pub fired: bool,
    /// Lost a figure to fire at some point in the game (Regulars: Quality check to move fast).
    pub has_casualties: bool,
    /// Pulled back this turn after a Morale check: it moved, whatever its declared speed.
    #[serde(default)]
    pub pulled_back: bool,
    /// Neutralized a Hot Spot this turn (a unit is in contact with one counter at a time).
    #[serde(default)]
    pub neutralized: bool,
}

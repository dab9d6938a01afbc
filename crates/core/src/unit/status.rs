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
    pub(crate) movement: Option<Movement>,
    /// Movement of the previous turn (for the "stationary last turn" reaction bonus).
    pub(crate) last_movement: Option<Movement>,
    /// On Overwatch (Regulars only), until its next activation.
    pub(crate) overwatch: bool,
    /// Pinned this turn.
    pub(crate) pinned: bool,
    /// Pull Back / Regrouping.
    pub(crate) pull_back: PullBack,
    /// Shaken (Insurgents): the turn in which it was shaken. It lasts through the next turn.
    pub(crate) shaken_on_turn: Option<u32>,
    /// Hunkered down In Cover.
    pub(crate) in_cover: bool,
    /// Regulars: activated (or spent its activation reacting). Insurgents: acted in their phase.
    pub(crate) activated: bool,
    /// No further action this turn (a failed Interrupt or Quality check, a leader joining late).
    pub(crate) done_for_turn: bool,
    /// May fire but not move this turn (a leader joined before it activated).
    pub(crate) fire_only: bool,
    /// Regulars: times interrupted this turn.
    pub(crate) times_interrupted: u8,
    /// Insurgents: interrupts made this turn (at most one).
    pub(crate) interrupts_made: u8,
    /// Insurgents without a leader: passed the Quality check for their own action this turn.
    #[serde(alias = "passed_leader_check")]
    pub(crate) passed_action_check: bool,
    /// Insurgents without a leader: passed the Interrupt check this turn (it lets the unit
    /// interrupt, nothing more).
    #[serde(default)]
    pub(crate) passed_interrupt_check: bool,
    /// Overwatch fire made this turn.
    pub(crate) overwatch_shots: u8,
    /// Insurgents: fired this turn. Regulars: made the fire of their own activation (reactions
    /// and Overwatch shots are counted apart).
    pub(crate) fired: bool,
    /// Lost a figure to fire at some point in the game (Regulars: Quality check to move fast).
    pub(crate) has_casualties: bool,
    /// Pulled back this turn after a Morale check: it moved, whatever its declared speed.
    #[serde(default)]
    pub(crate) pulled_back: bool,
    /// Neutralized a Hot Spot this turn (a unit is in contact with one counter at a time).
    #[serde(default)]
    pub(crate) neutralized: bool,
}

/// What a unit's statuses are, read only; the gate decides from them, the screens ask the
/// agenda and the view. The setters build a status for a manual edit (`Command::SetStatus`)
/// or a test's set-up: a game changes only by commands.
impl UnitStatus {
    /// Movement declared this turn (`None` until it moves or activates).
    pub const fn movement(&self) -> Option<Movement> {
        self.movement
    }

    /// Movement of the previous turn (for the "stationary last turn" reaction bonus).
    pub const fn last_movement(&self) -> Option<Movement> {
        self.last_movement
    }

    /// On Overwatch (Regulars only), until its next activation.
    pub const fn overwatch(&self) -> bool {
        self.overwatch
    }

    /// Pinned this turn.
    pub const fn pinned(&self) -> bool {
        self.pinned
    }

    /// Pull Back / Regrouping.
    pub const fn pull_back(&self) -> PullBack {
        self.pull_back
    }

    /// Shaken (Insurgents): the turn in which it was shaken. It lasts through the next turn.
    pub const fn shaken_on_turn(&self) -> Option<u32> {
        self.shaken_on_turn
    }

    /// Hunkered down In Cover.
    pub const fn in_cover(&self) -> bool {
        self.in_cover
    }

    /// Regulars: activated (or spent its activation reacting). Insurgents: acted in their phase.
    pub const fn activated(&self) -> bool {
        self.activated
    }

    /// No further action this turn (a failed Interrupt or Quality check, a leader joining late).
    pub const fn done_for_turn(&self) -> bool {
        self.done_for_turn
    }

    /// May fire but not move this turn (a leader joined before it activated).
    pub const fn fire_only(&self) -> bool {
        self.fire_only
    }

    /// Regulars: times interrupted this turn.
    pub const fn times_interrupted(&self) -> u8 {
        self.times_interrupted
    }

    /// Insurgents: interrupts made this turn (at most one).
    pub const fn interrupts_made(&self) -> u8 {
        self.interrupts_made
    }

    /// Insurgents without a leader: passed the Quality check for their own action this turn.
    pub const fn passed_action_check(&self) -> bool {
        self.passed_action_check
    }

    /// Insurgents without a leader: passed the Interrupt check this turn (it lets the unit interrupt, nothing more).
    pub const fn passed_interrupt_check(&self) -> bool {
        self.passed_interrupt_check
    }

    /// Overwatch fire made this turn.
    pub const fn overwatch_shots(&self) -> u8 {
        self.overwatch_shots
    }

    /// Insurgents: fired this turn. Regulars: made the fire of their own activation (reactions and Overwatch shots are counted apart).
    pub const fn fired(&self) -> bool {
        self.fired
    }

    /// Lost a figure to fire at some point in the game (Regulars: Quality check to move fast).
    pub const fn has_casualties(&self) -> bool {
        self.has_casualties
    }

    /// Pulled back this turn after a Morale check: it moved, whatever its declared speed.
    pub const fn pulled_back(&self) -> bool {
        self.pulled_back
    }

    /// Neutralized a Hot Spot this turn (a unit is in contact with one counter at a time).
    pub const fn neutralized(&self) -> bool {
        self.neutralized
    }

    /// Sets `movement` (for a manual edit or a test's set-up; a game changes only by commands).
    pub const fn set_movement(&mut self, value: Option<Movement>) -> &mut Self {
        self.movement = value;
        self
    }

    /// Sets `last_movement` (for a manual edit or a test's set-up; a game changes only by commands).
    pub const fn set_last_movement(&mut self, value: Option<Movement>) -> &mut Self {
        self.last_movement = value;
        self
    }

    /// Sets `overwatch` (for a manual edit or a test's set-up; a game changes only by commands).
    pub const fn set_overwatch(&mut self, value: bool) -> &mut Self {
        self.overwatch = value;
        self
    }

    /// Sets `pinned` (for a manual edit or a test's set-up; a game changes only by commands).
    pub const fn set_pinned(&mut self, value: bool) -> &mut Self {
        self.pinned = value;
        self
    }

    /// Sets `pull_back` (for a manual edit or a test's set-up; a game changes only by commands).
    pub const fn set_pull_back(&mut self, value: PullBack) -> &mut Self {
        self.pull_back = value;
        self
    }

    /// Sets `shaken_on_turn` (for a manual edit or a test's set-up; a game changes only by commands).
    pub const fn set_shaken_on_turn(&mut self, value: Option<u32>) -> &mut Self {
        self.shaken_on_turn = value;
        self
    }

    /// Sets `in_cover` (for a manual edit or a test's set-up; a game changes only by commands).
    pub const fn set_in_cover(&mut self, value: bool) -> &mut Self {
        self.in_cover = value;
        self
    }

    /// Sets `activated` (for a manual edit or a test's set-up; a game changes only by commands).
    pub const fn set_activated(&mut self, value: bool) -> &mut Self {
        self.activated = value;
        self
    }

    /// Sets `done_for_turn` (for a manual edit or a test's set-up; a game changes only by commands).
    pub const fn set_done_for_turn(&mut self, value: bool) -> &mut Self {
        self.done_for_turn = value;
        self
    }

    /// Sets `fire_only` (for a manual edit or a test's set-up; a game changes only by commands).
    pub const fn set_fire_only(&mut self, value: bool) -> &mut Self {
        self.fire_only = value;
        self
    }

    /// Sets `times_interrupted` (for a manual edit or a test's set-up; a game changes only by commands).
    pub const fn set_times_interrupted(&mut self, value: u8) -> &mut Self {
        self.times_interrupted = value;
        self
    }

    /// Sets `interrupts_made` (for a manual edit or a test's set-up; a game changes only by commands).
    pub const fn set_interrupts_made(&mut self, value: u8) -> &mut Self {
        self.interrupts_made = value;
        self
    }

    /// Sets `passed_action_check` (for a manual edit or a test's set-up; a game changes only by commands).
    pub const fn set_passed_action_check(&mut self, value: bool) -> &mut Self {
        self.passed_action_check = value;
        self
    }

    /// Sets `passed_interrupt_check` (for a manual edit or a test's set-up; a game changes only by commands).
    pub const fn set_passed_interrupt_check(&mut self, value: bool) -> &mut Self {
        self.passed_interrupt_check = value;
        self
    }

    /// Sets `overwatch_shots` (for a manual edit or a test's set-up; a game changes only by commands).
    pub const fn set_overwatch_shots(&mut self, value: u8) -> &mut Self {
        self.overwatch_shots = value;
        self
    }

    /// Sets `fired` (for a manual edit or a test's set-up; a game changes only by commands).
    pub const fn set_fired(&mut self, value: bool) -> &mut Self {
        self.fired = value;
        self
    }

    /// Sets `has_casualties` (for a manual edit or a test's set-up; a game changes only by commands).
    pub const fn set_has_casualties(&mut self, value: bool) -> &mut Self {
        self.has_casualties = value;
        self
    }

    /// Sets `pulled_back` (for a manual edit or a test's set-up; a game changes only by commands).
    pub const fn set_pulled_back(&mut self, value: bool) -> &mut Self {
        self.pulled_back = value;
        self
    }

    /// Sets `neutralized` (for a manual edit or a test's set-up; a game changes only by commands).
    pub const fn set_neutralized(&mut self, value: bool) -> &mut Self {
        self.neutralized = value;
        self
    }
}

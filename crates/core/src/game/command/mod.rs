//! Commands (the referee's decisions) and events (a decision with the dice rolled for it).

use serde::{Deserialize, Serialize};

use crate::dice::Rolled;
use crate::rules::checks::ReactionModifiers;
use crate::rules::fire::FireModifiers;
use crate::rules::reinforcements::InsurgencyLevel;
use crate::tabletop::Edge;
use crate::unit::{FigureId, Movement, Presence, UnitId, UnitStatus, Weapon};

use super::state::{Phase, Settings};

mod context;
mod edit;
mod facts;
mod kind;

pub use context::{FireContext, QualityPurpose, ReactionKind};
pub use edit::{NewFigure, NewUnit, UnitChanges};
pub use facts::CommandFacts;
pub use kind::CommandKind;

/// A decision of the referee (or of the solo opponent). Dice are not part of it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Command {
    // --- Reinforcements ---
    /// The Insurgency roll of this turn.
    InsurgencyRoll,
    /// Roll 2d6 on the reinforcement table (resolves a pending table roll).
    TableRoll {
        /// The pending step.
        pending: u32,
    },
    /// Roll up an arriving unit and its Hot Spot (resolves a pending arrival).
    Arrival {
        /// The pending step.
        pending: u32,
    },
    /// Roll for a scenario's event on a roll (version 4; resolves a pending event roll).
    EventRoll {
        /// The pending step.
        pending: u32,
    },
    /// Place a unit that arrived on a Hot Spot roll of 6 at the chosen spot.
    PlaceArrival {
        /// The pending step.
        pending: u32,
        /// The chosen spot, which must be active.
        hot_spot: u8,
    },
    /// A unit in ambush rolls to arrive (resolves a pending ambush roll).
    AmbushRoll {
        /// The pending step.
        pending: u32,
    },
    /// A unit arriving from ambush rolls for its Hot Spot (resolves a pending placement).
    AmbushPlacement {
        /// The pending step.
        pending: u32,
    },
    /// A unit due on a roll rolls to come on (resolves a pending arrival roll).
    ArrivalRoll {
        /// The pending step.
        pending: u32,
    },
    /// End the reinforcement phase and start Regular activations.
    StartActivations,

    // --- Activations and tests ---
    /// Activate a Regular unit at a speed (a unit with casualties tests to move Rapid).
    Activate {
        /// The unit.
        unit: UnitId,
        /// Its speed this turn.
        movement: Movement,
        /// Goes on Overwatch (implies Halted).
        #[serde(default)]
        overwatch: bool,
    },
    /// An Insurgent unit acts in the Insurgent phase (without a leader, it tests first).
    InsurgentAction {
        /// The unit.
        unit: UnitId,
        /// Its speed.
        movement: Movement,
    },
    /// A Quality check: the unit's test die, 4+.
    QualityCheck {
        /// The unit.
        unit: UnitId,
        /// Why.
        purpose: QualityPurpose,
    },
    /// A Reaction test between an Insurgent unit and a Regular unit.
    ReactionTest {
        /// The Insurgent unit.
        insurgent: UnitId,
        /// The Regular unit.
        regular: UnitId,
        /// What is decided.
        kind: ReactionKind,
        /// Modifiers as the referee set them.
        #[serde(default)]
        modifiers: ReactionModifiers,
    },
    /// An Insurgent unit declares its interruption of the Regular unit activating now, before
    /// the Reaction test, so Regular units on Overwatch may answer it first (their fire comes
    /// before the interrupted unit's test). A Reaction test with no declaration declares it too.
    DeclareInterrupt {
        /// The Insurgent unit.
        insurgent: UnitId,
        /// The Regular unit activating.
        regular: UnitId,
        /// Its movement or its fire.
        kind: ReactionKind,
    },
    /// Fire combat.
    Fire {
        /// The firing unit.
        attacker: UnitId,
        /// The target unit.
        target: UnitId,
        /// The situation as the referee judged it.
        #[serde(default)]
        modifiers: FireModifiers,
        /// Why the unit fires.
        #[serde(default)]
        context: FireContext,
    },
    /// Take Insurgent casualties off the table (resolves pending casualties).
    RemoveCasualties {
        /// The pending step.
        pending: u32,
        /// The figures removed.
        figures: Vec<FigureId>,
    },
    /// Roll First Aid for Regular casualties, one d6 each (resolves pending casualties).
    FirstAid {
        /// The pending step.
        pending: u32,
        /// The casualty figures, in the order the dice are rolled.
        figures: Vec<FigureId>,
    },
    /// A Morale check.
    MoraleCheck {
        /// The unit.
        unit: UnitId,
        /// Added to every die.
        #[serde(default)]
        modifier: i8,
        /// Regulars: already in a defensible position (a second Pinned does not pull back).
        #[serde(default)]
        defensible: bool,
    },
    /// A unit that stood a turn in place hunkers down In Cover (Pinned units may too).
    DeclareInCover {
        /// The unit.
        unit: UnitId,
    },
    /// A Regular unit that spent the turn stationary on a Hot Spot neutralizes it.
    NeutralizeHotSpot {
        /// The spot.
        hot_spot: u8,
        /// The Regular unit.
        unit: UnitId,
    },
    /// Every figure of one unit joins another (a leader joining, contractors picked up).
    JoinUnit {
        /// The unit that joins.
        from: UnitId,
        /// The unit joined.
        into: UnitId,
    },
    /// A leader leaves its unit and becomes a one-figure unit.
    DetachLeader {
        /// The unit.
        unit: UnitId,
        /// The leader.
        figure: FigureId,
    },
    /// A unit moving this turn leaves the table by an edge, with its dependants.
    LeaveTable {
        /// The unit.
        unit: UnitId,
        /// The edge, as the referee saw it (the scenario says which edges score).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        edge: Option<Edge>,
    },
    /// The interrupted Regular unit reacts, having won its Reaction test, by moving into cover
    /// or out of sight (at most what is left of its move).
    ReactMove {
        /// The Regular unit.
        unit: UnitId,
        /// The Insurgent unit whose interruption it answers.
        insurgent: UnitId,
    },
    /// An Insurgent unit makes its interruption by moving, at the speed it declares.
    InterruptMove {
        /// The Insurgent unit.
        unit: UnitId,
        /// Cautious or Rapid.
        movement: Movement,
    },
    /// End Regular activations and start the Insurgent phase.
    StartInsurgentPhase,
    /// End the turn: housekeeping, next turn.
    EndTurn,
    /// A note in the log: a decision of the solo opponent with its reason, or the player's
    /// report of what happened on the table. It changes nothing else.
    SoloNote {
        /// The unit it is about, if any.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        unit: Option<UnitId>,
        /// The Regular unit whose activation the Insurgents answer with this note, when it is
        /// part of their answer (a unit that holds, nobody interrupting, how an interruption
        /// went): what tells the activation answered, and undone, its questions to ask again.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        answer_to: Option<UnitId>,
        /// The words.
        text: String,
    },
    /// The solo opponent decides for an Insurgent unit among weighed options, by a percentile
    /// roll (two d10, tens then units; 0 and 0 is 100) unless one option is certain.
    SoloDecide {
        /// The Insurgent unit.
        unit: UnitId,
        /// What is decided.
        about: String,
        /// The options, with their chances adding up to 100.
        options: Vec<super::solo::SoloOption>,
    },
    /// The solo opponent decides for a marker not yet revealed, whatever it hides (an
    /// Insurgent unit, or nothing), by a percentile roll always: neither the log's words nor
    /// the dice tell a hidden unit from an empty marker.
    MarkerDecide {
        /// The marker's name ("B").
        marker: String,
        /// What is decided.
        about: String,
        /// The options, with their chances adding up to 100.
        options: Vec<super::solo::SoloOption>,
    },
    /// Solo: put each unit the scenario hides under a marker, by a percentile roll for each.
    PlaceContacts,
    /// A Marine unit sees a marker: reveal what it hides.
    RevealContact {
        /// The marker's name.
        marker: String,
    },
    /// The referee declares the game over (victory conditions met, or time is up).
    EndGame,
    /// The referee plays on past the end the app proposes.
    PlayOn,
    /// The referee skips a step the rules called for.
    SkipPending {
        /// The pending step.
        pending: u32,
    },
    /// Add (or take back) victory points for an item.
    AwardVictory {
        /// The scenario's item id.
        item: String,
        /// Times scored (negative to correct).
        delta: i32,
    },
    /// Change the per-game options.
    ChangeSettings {
        /// The new options.
        settings: Settings,
    },

    // --- Manual edits: the table is the truth ---
    /// Replace a unit's statuses.
    SetStatus {
        /// The unit.
        unit: UnitId,
        /// The new statuses.
        status: UnitStatus,
    },
    /// Change a unit's profile.
    EditUnit {
        /// The unit.
        unit: UnitId,
        /// What changes.
        changes: UnitChanges,
    },
    /// Add a figure to a unit.
    AddFigure {
        /// The unit.
        unit: UnitId,
        /// The figure.
        figure: NewFigure,
    },
    /// Record a Regular figure as killed (by rules beyond the basic game, such as Close
    /// Assault): it is taken off its unit, and victory points for Regulars killed count it.
    RecordKilled {
        /// The unit.
        unit: UnitId,
        /// The figure.
        figure: FigureId,
    },
    /// Take a figure off a unit.
    RemoveFigure {
        /// The unit.
        unit: UnitId,
        /// The figure.
        figure: FigureId,
    },
    /// Change a figure's weapon (a wounded figure back in the line, an RPG found…).
    SetWeapon {
        /// The unit.
        unit: UnitId,
        /// The figure.
        figure: FigureId,
        /// The new weapon.
        weapon: Weapon,
    },
    /// Move one figure to another unit (attach a leader, hand over a dependant).
    MoveFigure {
        /// The figure.
        figure: FigureId,
        /// The unit it goes to.
        to: UnitId,
    },
    /// Add a unit.
    AddUnit {
        /// The unit.
        unit: NewUnit,
    },
    /// Put a unit on or off the table.
    SetPresence {
        /// The unit.
        unit: UnitId,
        /// Where it is now.
        presence: Presence,
    },
    /// Mark a Hot Spot active or neutralized.
    SetHotSpot {
        /// The spot.
        hot_spot: u8,
        /// Active?
        active: bool,
    },
    /// Change the Insurgency Level.
    SetInsurgencyLevel {
        /// The new level.
        level: InsurgencyLevel,
    },
    /// Set the turn and phase.
    SetTurn {
        /// Turn number (1 or more).
        turn: u32,
        /// Phase.
        phase: Phase,
    },
}

/// A decision together with the faces of the dice rolled for it: one line of the game log.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Event {
    /// The decision.
    pub command: Command,
    /// The dice, one entry per group the rule asked for.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub dice: Vec<Rolled>,
}

impl Event {
    /// An event.
    pub fn new(command: Command, dice: Vec<Rolled>) -> Self {
        Self { command, dice }
    }
}

//! Why a command cannot be applied.

use crate::dice::DiceError;
use crate::limits::OutOfRange;
use crate::unit::{FigureId, Side, UnitId};

use super::state::Phase;

/// A command that the rules (or the state of the game) do not allow. The state is unchanged.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RuleError {
    /// No unit with that id.
    #[error("there is no unit {0}")]
    UnknownUnit(UnitId),
    /// No figure with that id in the unit.
    #[error("{unit} has no figure {figure}")]
    UnknownFigure {
        /// The unit's name.
        unit: String,
        /// The figure asked for.
        figure: FigureId,
    },
    /// The unit is not on the table.
    #[error("{0} is not on the table")]
    NotInPlay(String),
    /// Nothing is known yet of what a marker hides.
    #[error("no unit is known there yet: report the marker seen first")]
    Unrevealed,
    /// A marker that cannot be reported seen.
    #[error("{0}")]
    Contact(String),
    /// A unit of the wrong side.
    #[error("{unit} is {}; this needs {}", side.a_unit(), expected.a_unit())]
    WrongSide {
        /// The unit's name.
        unit: String,
        /// Its side.
        side: Side,
        /// The side needed.
        expected: Side,
    },
    /// Not possible in this phase.
    #[error("{action} is not possible during {phase}")]
    WrongPhase {
        /// What was tried.
        action: &'static str,
        /// The current phase.
        phase: Phase,
    },
    /// The game has ended.
    #[error("the game is over: only edits, skips and victory points can still change")]
    GameOver,
    /// The unit already activated (or acted) this turn.
    #[error("{0} has already activated this turn")]
    AlreadyActivated(String),
    /// The unit already fired this turn (Insurgents) or in this activation (Regulars).
    #[error("{0} has already fired")]
    AlreadyFired(String),
    /// The Regular unit fired on an interruption of its own activation: that was its fire.
    #[error(
        "{0} fired on the unit that interrupted it, and that was its fire for this activation: what is left is to finish its move"
    )]
    FiredBack(String),
    /// Another unit has activated since: this one's activation is over.
    #[error(
        "{0}'s activation is over (another unit has activated since); undo, or edit its statuses, if the table says otherwise"
    )]
    ActivationOver(String),
    /// The unit has not activated yet.
    #[error("{0} has not activated this turn: activate it first")]
    NotActivated(String),
    /// An Insurgent unit interrupts at most once per turn.
    #[error("{0} has already interrupted this turn")]
    InterruptUsed(String),
    /// An Insurgent unit without a leader must pass a check before acting.
    #[error(
        "{0} has no leader: it must pass its own check first (an Interrupt check to interrupt, a Quality check to act in its phase)"
    )]
    LeaderCheckNeeded(String),
    /// The check applies only to Insurgent units without a leader.
    #[error("{0} has a leader or already passed its check this turn: no check is needed")]
    NoCheckNeeded(String),
    /// No further action this turn.
    #[error("{0} can take no further action this turn")]
    DoneForTurn(String),
    /// Shaken units take no aggressive action.
    #[error("{0} is Shaken: it can do nothing but withdraw from the enemy")]
    Shaken(String),
    /// Units of dependants never act.
    #[error("{0}: a unit of dependants, that never acts on its own")]
    NonCombatant(String),
    /// The unit may not move this turn.
    #[error("{unit} may not move this turn: {why}")]
    MayNotMove {
        /// The unit's name.
        unit: String,
        /// Why.
        why: &'static str,
    },
    /// No figure in the firing line.
    #[error("{0} has no figure in the firing line")]
    NoFiringLine(String),
    /// Fire at one's own side, or at oneself.
    #[error("{attacker} cannot fire at {target}: they are on the same side")]
    FriendlyFire {
        /// The attacker's name.
        attacker: String,
        /// The target's name.
        target: String,
    },
    /// The unit is not on Overwatch.
    #[error("{0} is not on Overwatch")]
    NotOnOverwatch(String),
    /// No pending step with that id.
    #[error("there is no pending step {0}")]
    NoSuchPending(u32),
    /// The pending step is of another kind.
    #[error("pending step {id} is not {expected}")]
    WrongPending {
        /// The step.
        id: u32,
        /// What the command resolves.
        expected: &'static str,
    },
    /// Steps the rules call for must be run or skipped first.
    #[error("run or skip these steps first: {0}")]
    StepsDue(String),
    /// The Insurgency roll is not due.
    #[error("the Insurgency roll is not due now")]
    InsurgencyRollNotDue,
    /// The reinforcement table has no row for a total.
    #[error("the reinforcement table has no row for {0}")]
    NoTableRow(u8),
    /// No Hot Spot with that number.
    #[error("there is no Hot Spot {0}")]
    UnknownHotSpot(u8),
    /// The Hot Spot is neutralized.
    #[error("Hot Spot {0} is neutralized")]
    HotSpotNeutralized(u8),
    /// The unit moved this turn.
    #[error("{0} moved this turn: a Hot Spot is neutralized by a unit that stays stationary")]
    NotStationary(String),
    /// Not eligible to hunker down.
    #[error(
        "{0} cannot claim In Cover: it must have stood still last turn and not moved since, or be Pinned"
    )]
    NotEligibleForCover(String),
    /// Wrong number of casualty figures.
    #[error("{unit}: expected {expected} casualty figure(s), got {got}")]
    WrongCasualtyCount {
        /// The unit's name.
        unit: String,
        /// Casualties due.
        expected: usize,
        /// Figures given.
        got: usize,
    },
    /// The figure cannot be a casualty (a dependant, or named twice).
    #[error("{unit}: figure {figure} cannot be taken as a casualty (a dependant, or named twice)")]
    NotACasualty {
        /// The unit's name.
        unit: String,
        /// The figure.
        figure: FigureId,
    },
    /// The figure is not a leader.
    #[error("figure {0} is not a leader")]
    NotALeader(FigureId),
    /// No such victory item.
    #[error("the scenario has no victory item '{0}'")]
    UnknownVictoryItem(String),
    /// An edit that makes no sense.
    #[error("invalid edit: {0}")]
    InvalidEdit(String),
    /// A unit on Overwatch holds its fire for Overwatch shots.
    #[error("{0} is on Overwatch: it holds its fire for Overwatch shots")]
    OnOverwatch(String),
    /// Only the Regular unit activating now can do this.
    #[error("{0} is not the unit activating now")]
    NotActive(String),
    /// Nothing is activating, so there is nothing to interrupt.
    #[error("no Regular unit is activating: there is nothing to interrupt")]
    NothingToInterrupt,
    /// A reaction answers an interruption (or, in the Insurgent phase, an Insurgent unit that
    /// moved or fired).
    #[error("{unit} has nothing to react to: {why}")]
    NothingToReactTo {
        /// The Regular unit.
        unit: String,
        /// Why not.
        why: String,
    },
    /// The Regular unit has already answered this Insurgent unit.
    #[error("{unit} has already answered {insurgent}")]
    AlreadyAnswered {
        /// The Regular unit.
        unit: String,
        /// The Insurgent unit.
        insurgent: String,
    },
    /// The Insurgents won the Reaction test: they act first.
    #[error(
        "{insurgent} won the Reaction test: its interruption comes first, then {unit} may return fire"
    )]
    InsurgentsActFirst {
        /// The Insurgent unit.
        insurgent: String,
        /// The Regular unit.
        unit: String,
    },
    /// The interrupted unit cannot return fire while Pinned or pulling back.
    #[error("{0} is Pinned or pulling back after the interruption: it may not return fire")]
    MayNotReturnFire(String),
    /// An interruption's fire or move is already made.
    #[error("{0} has already made its interruption")]
    InterruptionMade(String),
    /// Interrupt fire without a Reaction test is only at a Pinned unit.
    #[error(
        "{insurgent} has taken no Reaction test: without one it may only sacrifice its interrupt to fire at a Pinned unit, and {target} is not Pinned"
    )]
    NotPinned {
        /// The Insurgent unit.
        insurgent: String,
        /// The target.
        target: String,
    },
    /// Interrupt fire after a Reaction test is at the unit interrupted.
    #[error("{insurgent} interrupted {interrupted}: its interruption fire is aimed at that unit")]
    WrongInterruptTarget {
        /// The Insurgent unit.
        insurgent: String,
        /// The unit it interrupted.
        interrupted: String,
    },
    /// The Overwatch unit must take its Reaction test against the interruption first.
    #[error(
        "{unit} must take its Reaction test against {insurgent}'s interruption before its Overwatch fire"
    )]
    OverwatchTestFirst {
        /// The Overwatch unit.
        unit: String,
        /// The Insurgent unit.
        insurgent: String,
    },
    /// Overwatch answers an interruption before the interrupted unit's Reaction test.
    #[error(
        "{unit} is too late: Overwatch fire answers {insurgent}'s interruption before the interrupted unit's Reaction test, and that test has been taken"
    )]
    OverwatchAfterTest {
        /// The Overwatch unit.
        unit: String,
        /// The Insurgent unit.
        insurgent: String,
    },
    /// A fire that says otherwise than what the game knows, with no referee's correction.
    #[error(
        "this fire does not match what the game knows: {0}. Fire as the state says, or give a referee's correction"
    )]
    NotAsTheStateSays(String),
    /// A fire with no Firepower die left is no attack (rules version 4 on).
    #[error(
        "{attacker} has no Firepower die left against {target} (after what it lost to movement, interruptions, Overwatch shots and pinning): there is no attack to make"
    )]
    NoFirepower {
        /// The firing unit.
        attacker: String,
        /// The target.
        target: String,
    },
    /// A unit's own casualties, First Aid and Morale check come before anything it does (rules
    /// version 6 on).
    #[error("{unit} acts only once its own steps are settled; due first: {due}")]
    OwnStepsDue {
        /// The unit.
        unit: String,
        /// The steps due, in words.
        due: String,
    },
    /// A unit is fired on only once the casualties and Morale check of the last fire at it are
    /// settled (rules version 6 on).
    #[error("{target} is fired on again only once its steps are settled; due first: {due}")]
    TargetStepsDue {
        /// The target.
        target: String,
        /// The steps due, in words.
        due: String,
    },
    /// Nothing comes before the steps of a fire (rules version 6 on).
    #[error("the steps of the last fire come first, then {unit}; due first: {due}")]
    FireStepsFirst {
        /// The unit that would act.
        unit: String,
        /// The steps due, in words.
        due: String,
    },
    /// A new activation waits for the casualties and Morale checks of the fire before it (rules
    /// version 6 on).
    #[error("{unit} activates once the last fire is settled; due first: {due}")]
    ActivationWaits {
        /// The unit that would activate.
        unit: String,
        /// The steps due, in words.
        due: String,
    },
    /// The unit's fire is resolved: there is no fire left to interrupt (rules version 6 on).
    #[error(
        "{unit}'s fire this activation is resolved: there is no fire left for {insurgent} to interrupt"
    )]
    FireResolved {
        /// The Regular unit.
        unit: String,
        /// The Insurgent unit.
        insurgent: String,
    },
    /// The unit's fire is what an Insurgent unit interrupts: the interruption comes first.
    #[error(
        "{insurgent} is interrupting {unit}'s fire: {unit} fires once that interruption is answered ({how})"
    )]
    FireInterrupted {
        /// The Regular unit.
        unit: String,
        /// The Insurgent unit.
        insurgent: String,
        /// What comes first, in words.
        how: &'static str,
    },
    /// The interrupted unit fired its own shot since the interruption began: that was its fire.
    #[error(
        "{unit} has made its fire of this activation since {insurgent} interrupted it: it has no fire left to answer with"
    )]
    FireSpent {
        /// The Regular unit.
        unit: String,
        /// The Insurgent unit.
        insurgent: String,
    },
    /// A shot at the unit that won the Reaction test and made its interrupt fire is return
    /// fire, whatever it is called: not while Pinned or pulling back (l.132).
    #[error(
        "{unit} is Pinned or pulling back after {insurgent}'s interrupt fire: it may not fire back at {insurgent}, as return fire or as its own shot (another target it may)"
    )]
    PinnedByInterruption {
        /// The Regular unit.
        unit: String,
        /// The Insurgent unit.
        insurgent: String,
    },
    /// An Overwatch unit that lost its Reaction test fires after the Insurgents.
    #[error(
        "{unit} lost its Overwatch Reaction test against {insurgent}: it fires once {insurgent}'s interruption is made"
    )]
    OverwatchFiresAfter {
        /// The Insurgent unit.
        insurgent: String,
        /// The Overwatch unit.
        unit: String,
    },
    /// An Insurgent unit declares its action (its speed) before it fires in its phase (rules
    /// version 6 on).
    #[error(
        "{0} declares its action first (Halted, Cautious or Rapid): units on Overwatch may interrupt it from then on"
    )]
    ActionFirst(String),
    /// An Insurgent unit that stood Halted and fired has finished its action: nothing is left to
    /// interrupt (rules version 6 on).
    #[error(
        "{insurgent} stood Halted and its fire is resolved: its action is over, and {unit} has nothing left to interrupt from Overwatch"
    )]
    ActionOver {
        /// The Overwatch unit.
        unit: String,
        /// The Insurgent unit.
        insurgent: String,
    },
    /// A Reaction test whose movement modifiers say otherwise than the state, with no referee's
    /// correction (rules version 6 on).
    #[error(
        "this Reaction test does not match what the game knows: {0}. Take it as the state says, or give a referee's correction"
    )]
    TestNotAsTheStateSays(String),
    /// The interrupted unit's casualties and Morale check come before it returns fire.
    #[error(
        "{0} must settle its casualties and its Morale check first: only if it is then neither Pinned nor pulling back may it return fire"
    )]
    MoraleBeforeReturnFire(String),
    /// The Reaction test of a declared interruption must name the same units and kind.
    #[error("{0} declared a different interruption: the Reaction test is for the one it declared")]
    NotAsDeclared(String),
    /// Nothing of a declared interruption happens before its Reaction test.
    #[error(
        "{insurgent}'s interruption of {unit} waits for {unit}'s Reaction test (Overwatch units may answer it first)"
    )]
    ReactionTestFirst {
        /// The Regular unit interrupted.
        unit: String,
        /// The Insurgent unit.
        insurgent: String,
    },
    /// The unit must be moving this turn.
    #[error("{unit} must be moving to {action}: {how}")]
    MustBeMoving {
        /// The unit.
        unit: String,
        /// What it tried.
        action: &'static str,
        /// How it may.
        how: &'static str,
    },
    /// A join the rules do not allow.
    #[error("{from} cannot join {into}: {why}")]
    CannotJoin {
        /// The joining unit.
        from: String,
        /// The unit joined.
        into: String,
        /// Why.
        why: &'static str,
    },
    /// A unit neutralizes one Hot Spot a turn.
    #[error("{0} has already neutralized a Hot Spot this turn")]
    AlreadyNeutralized(String),
    /// The unit is In Cover already.
    #[error("{0} is In Cover already")]
    AlreadyInCover(String),
    /// The unit is not interrupting that way.
    #[error("{0} cannot interrupt that: {1}")]
    NothingThere(String, &'static str),
    /// A solo game's dice stay after undo (rules 7): they may not be switched off, nor their
    /// seed changed, nor the game made one for two, or undo would re-roll the opponent.
    #[error(
        "the dice that stay after undo cannot be switched off in a solo game, nor drawn anew: undo must never re-roll the opponent"
    )]
    DiceStayInSolo,
    /// There is no end of the game to play on past.
    #[error("the app does not propose to end the game now: there is nothing to play on past")]
    NoEndProposed,
    /// A number outside what the app allows.
    #[error(transparent)]
    Limit(#[from] OutOfRange),
    /// The dice do not fit what the rule needs.
    #[error(transparent)]
    Dice(#[from] DiceError),
}

//! Why a unit fires, how an interruption is answered, what a Quality check is for: the
//! contexts a command carries.

use serde::{Deserialize, Serialize};

use crate::unit::Unit;

/// Why a unit fires.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum FireContext {
    /// During the unit's own activation (or, for Insurgents, their own action).
    #[default]
    Activation,
    /// An Insurgent unit interrupting a Regular unit: at the unit it interrupted, after the
    /// Reaction test, or with no test at a Pinned unit (sacrificing its interrupt).
    Interrupt,
    /// A Regular unit answering an Insurgent unit: one that interrupted it or a friend (an
    /// unactivated friend spends its activation), or, in the Insurgent phase, one that moved or
    /// fired.
    Reaction,
    /// A Regular unit on Overwatch, at an Insurgent unit that interrupts or acts.
    Overwatch,
}

impl FireContext {
    /// Every context, in the order they are offered.
    pub const ALL: [FireContext; 4] = [
        FireContext::Activation,
        FireContext::Reaction,
        FireContext::Overwatch,
        FireContext::Interrupt,
    ];

    /// Why the unit fires, in a word or two, to tell two fires of the same units apart:
    /// "own fire", "interrupt", "reaction", "from Overwatch".
    pub fn words(self) -> &'static str {
        match self {
            FireContext::Activation => "own fire",
            FireContext::Interrupt => "interrupt",
            FireContext::Reaction => "reaction",
            FireContext::Overwatch => "from Overwatch",
        }
    }
}

/// What a Reaction test decides.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ReactionKind {
    /// An Insurgent unit breaks into a Regular unit's move.
    InterruptMovement,
    /// An Insurgent unit breaks into a Regular unit's fire.
    InterruptFire,
    /// A Regular unit on Overwatch answers an Insurgent interruption.
    Overwatch,
}

impl ReactionKind {
    /// What an interruption of this Regular unit breaks into: its movement while it moves
    /// (unless its fire is chosen), else its fire; a unit standing still has no movement to
    /// interrupt. The one place this is decided, for the gate, the screens and the opponent.
    pub fn interrupting(unit: &Unit, fire_chosen: bool) -> ReactionKind {
        if unit.moving() && !fire_chosen {
            ReactionKind::InterruptMovement
        } else {
            ReactionKind::InterruptFire
        }
    }

    /// True when an interruption of this Regular unit may break into either its movement or
    /// its fire (it moves), so the table is asked which; else only its fire.
    pub fn either_may_be_interrupted(unit: &Unit) -> bool {
        Self::interrupting(unit, false) != Self::interrupting(unit, true)
    }
}

/// Why a Quality check is taken.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum QualityPurpose {
    /// An Insurgent unit without a leader tries to act (failure: done for the turn).
    ActWithoutLeader,
    /// An Insurgent unit without a leader tries to interrupt (failure: done for the turn).
    Interrupt,
    /// Any other test the referee calls for.
    Other,
}

//! Interruptions: an Insurgent unit cutting into a Regular activation, and who has answered it.

use crate::unit::UnitId;

use super::command::ReactionKind;

/// An Insurgent unit's interruption of the Regular unit activating now, from its Reaction test
/// until the next activation. It says who may still act on it: the Insurgent unit's own fire or
/// move, the interrupted unit's reaction, friends reacting, Overwatch fire.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Interruption {
    /// The interrupting Insurgent unit.
    pub insurgent: UnitId,
    /// The Regular unit interrupted (the one activating).
    pub regular: UnitId,
    /// Whether its movement or its fire was interrupted.
    pub kind: ReactionKind,
    /// The interrupted unit's Reaction test has been taken (false between the declaration and
    /// the test, while Overwatch units answer first).
    pub tested: bool,
    /// The Reaction test let the Insurgents act before the Regulars could react.
    pub insurgents_first: bool,
    /// The Insurgent unit has fired, or moved, as its interruption.
    pub insurgent_acted: bool,
    /// Regular units that have answered it (by fire or by moving), in order.
    pub answered_by: Vec<UnitId>,
    /// The interrupted unit answered it with fire (first, or after the Insurgents): under rules
    /// 4 and later that is its fire for the activation, and it may only finish its move.
    pub fired_back: bool,
    /// The interrupted unit had made its own fire of the activation before the interruption
    /// began (it fired, then moved): it may still fire back (l.114). One made since was its fire
    /// for the activation (rules version 6 on).
    pub fired_before: bool,
    /// Overwatch units that took their Reaction test against it: (unit, fires first).
    pub overwatch_tests: Vec<(UnitId, bool)>,
}

impl Interruption {
    /// True when this Regular unit has answered it already.
    pub fn answered(&self, regular: UnitId) -> bool {
        self.answered_by.contains(&regular)
    }

    /// The Overwatch unit's Reaction test against it, if taken: whether it fires first.
    pub fn overwatch_test(&self, regular: UnitId) -> Option<bool> {
        self.overwatch_tests
            .iter()
            .find(|(unit, _)| *unit == regular)
            .map(|(_, first)| *first)
    }
}

//! A unit's profile: what it is like as a fighting body, the same wherever a unit is described
//! (a scenario's set-up, a unit on the table, one the referee adds, arriving Insurgents).

use serde::{Deserialize, Serialize};

use crate::dice::Die;

/// A unit's Troop Quality, Morale, Optimum Range and armor. Written flat beside the unit's
/// other fields in every file and saved game, as before it had a name.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Profile {
    /// Troop Quality die.
    pub tq: Die,
    /// Morale die (on the table: the current one, stepped down when Shaken).
    pub morale: Die,
    /// Optimum Range in inches at 15 mm (doubled for support weapons).
    pub optimum_range: u32,
    /// Armor dice added to Defense.
    pub armor: u8,
}

//! What the referee's manual edits carry: changes to a unit's profile, and new figures and units.

use crate::unit::Profile;
use serde::{Deserialize, Serialize};

use crate::dice::Die;
use crate::unit::{Side, Weapon};

/// Changes to a unit's profile; `None` leaves a field as it is.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct UnitChanges {
    /// New name.
    pub name: Option<String>,
    /// New Troop Quality.
    pub tq: Option<Die>,
    /// New Morale.
    pub morale: Option<Die>,
    /// New Optimum Range (15mm inches).
    pub optimum_range: Option<u32>,
    /// New armor dice.
    pub armor: Option<u8>,
    /// New position, in words.
    pub location: Option<String>,
}

/// A figure the referee adds.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct NewFigure {
    /// Its name.
    pub name: String,
    /// Its weapon.
    pub weapon: Weapon,
    /// Its own Troop Quality, if not the unit's.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tq: Option<Die>,
}

/// A unit the referee adds.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct NewUnit {
    /// Name.
    pub name: String,
    /// Side.
    pub side: Side,
    /// Troop Quality, Morale, Optimum Range, armor.
    #[serde(flatten)]
    pub profile: Profile,
    /// Where it is.
    pub location: String,
    /// Its figures.
    pub figures: Vec<NewFigure>,
}

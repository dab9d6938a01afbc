//! Figures: what each carries, and how badly a Regular casualty was hurt.

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::dice::Die;

/// What a figure carries, which decides what it adds to its unit.
#[derive(
    Clone,
    Copy,
    Debug,
    PartialEq,
    Eq,
    Hash,
    PartialOrd,
    Ord,
    Serialize,
    Deserialize,
    schemars::JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum Weapon {
    /// Rifle or other small arms: one Firepower die.
    Rifle,
    /// Light support weapon (SAW, M203/RGL, LMG): one extra Firepower die.
    LightSupport,
    /// Medium support weapon (RPG): two extra Firepower dice.
    MediumSupport,
    /// Anti-tank RPG: counts as a Medium support weapon against infantry.
    AtRpg,
    /// A leader, armed with small arms.
    Leader,
    /// Someone the unit looks after (a contractor, a wounded comrade): neither fires nor defends.
    Dependant,
}

impl Weapon {
    /// Every weapon, in the order units list them.
    pub const ALL: [Weapon; 6] = [
        Weapon::Leader,
        Weapon::Rifle,
        Weapon::LightSupport,
        Weapon::MediumSupport,
        Weapon::AtRpg,
        Weapon::Dependant,
    ];

    /// Firepower dice this figure adds on top of its own die.
    pub const fn support_dice(self) -> u8 {
        match self {
            Weapon::LightSupport => 1,
            Weapon::MediumSupport | Weapon::AtRpg => 2,
            Weapon::Rifle | Weapon::Leader | Weapon::Dependant => 0,
        }
    }

    /// True for support weapons, whose figures double the unit's Optimum Range.
    pub const fn is_support(self) -> bool {
        self.support_dice() > 0
    }

    /// True when the figure takes part in fire combat (fires, and can be hit).
    pub const fn in_firing_line(self) -> bool {
        !matches!(self, Weapon::Dependant)
    }

    /// A short name for cards and reports.
    pub const fn name(self) -> &'static str {
        match self {
            Weapon::Rifle => "Rifle",
            Weapon::LightSupport => "Light support",
            Weapon::MediumSupport => "RPG",
            Weapon::AtRpg => "AT RPG",
            Weapon::Leader => "Leader",
            Weapon::Dependant => "Dependant",
        }
    }

    /// Order in which casualties are proposed: plain riflemen first, then support, leaders last.
    pub const fn casualty_order(self) -> u8 {
        match self {
            Weapon::Rifle => 0,
            Weapon::LightSupport => 1,
            Weapon::MediumSupport => 2,
            Weapon::AtRpg => 3,
            Weapon::Leader => 4,
            Weapon::Dependant => 5,
        }
    }
}

impl fmt::Display for Weapon {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Stable identifier of a figure within one game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(transparent)]
pub struct FigureId(pub u32);

impl fmt::Display for FigureId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "F{}", self.0)
    }
}

/// How badly a Regular casualty was hurt (the First Aid result).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Wound {
    /// First Aid 1–2: stays in the firing line.
    Slight,
    /// First Aid 3–4: leaves the firing line and becomes a dependant.
    Moderate,
    /// First Aid 5–6: a dependant, and the unit owes a morale check.
    Serious,
}

impl Wound {
    /// The First Aid result for a d6 face.
    pub const fn from_first_aid(face: u8) -> Wound {
        match face {
            0..=2 => Wound::Slight,
            3 | 4 => Wound::Moderate,
            _ => Wound::Serious,
        }
    }

    /// True when the figure is lost to the firing line.
    pub const fn takes_figure_out(self) -> bool {
        !matches!(self, Wound::Slight)
    }

    /// "slight", "moderate" or "serious".
    pub const fn name(self) -> &'static str {
        match self {
            Wound::Slight => "slight",
            Wound::Moderate => "moderate",
            Wound::Serious => "serious",
        }
    }
}

/// One figure on the table.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Figure {
    /// Stable id.
    pub id: FigureId,
    /// Name shown on cards ("Cpl. Ortiz", "Rifleman").
    pub name: String,
    /// What it carries.
    pub weapon: Weapon,
    /// Its own Troop Quality when it differs from the unit's (Insurgent leaders roll d8).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tq: Option<Die>,
    /// The weapon it carried before it was wounded and became a dependant.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub former_weapon: Option<Weapon>,
    /// The First Aid result, for a wounded Regular.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub wound: Option<Wound>,
    /// Free-form tag a scenario uses for victory points (for example "contractor").
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tag: Option<String>,
}

impl Figure {
    /// A figure with no wound, no tag and the unit's Troop Quality.
    pub fn new(id: FigureId, name: impl Into<String>, weapon: Weapon) -> Self {
        Self {
            id,
            name: name.into(),
            weapon,
            tq: None,
            former_weapon: None,
            wound: None,
            tag: None,
        }
    }

    /// True for leaders.
    pub fn is_leader(&self) -> bool {
        self.weapon == Weapon::Leader
    }

    /// True for figures that fire and can be hit.
    pub fn in_firing_line(&self) -> bool {
        self.weapon.in_firing_line()
    }

    /// True when taking one or the other as a casualty comes to the same: the same weapon,
    /// Troop Quality, wound, former weapon and tag (only the name may differ).
    pub fn same_as_casualty(&self, other: &Figure) -> bool {
        self.weapon == other.weapon
            && self.tq == other.tq
            && self.former_weapon == other.former_weapon
            && self.wound == other.wound
            && self.tag == other.tag
    }
}

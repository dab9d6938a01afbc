//! The tabletop: figure scale and distances, and the table's edges.

use std::fmt;

use serde::{Deserialize, Serialize};

/// Figure scale. The rules' distances are at 15mm; 28mm play multiplies them by 1.5.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema,
)]
pub enum Scale {
    /// 15mm figures: distances as written.
    #[default]
    #[serde(rename = "15mm")]
    Mm15,
    /// 28mm figures: distances ×1.5.
    #[serde(rename = "28mm")]
    Mm28,
}

impl Scale {
    /// A 15mm distance in inches, converted to this scale.
    pub fn inches(self, base: u32) -> f32 {
        match self {
            Scale::Mm15 => base as f32,
            Scale::Mm28 => base as f32 * 1.5,
        }
    }

    /// How many times larger distances are at this scale than at 15mm.
    pub fn factor(self) -> f32 {
        match self {
            Scale::Mm15 => 1.0,
            Scale::Mm28 => 1.5,
        }
    }

    /// A distance measured at `written` scale, converted to this one (unchanged when the two
    /// agree).
    pub fn from_scale(self, written: Scale, inches: u32) -> f32 {
        inches as f32 * self.factor() / written.factor()
    }

    /// Inches in words: `8"`, `4.5"`.
    pub fn words(inches: f32) -> String {
        if inches.fract() == 0.0 {
            format!("{inches:.0}\"")
        } else {
            format!("{inches:.1}\"")
        }
    }
}

impl fmt::Display for Scale {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Scale::Mm15 => "15mm",
            Scale::Mm28 => "28mm",
        })
    }
}

/// An edge of the table, where units leave it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Edge {
    /// The north edge.
    North,
    /// The east edge.
    East,
    /// The south edge.
    South,
    /// The west edge.
    West,
}

impl Edge {
    /// Every edge, clockwise from the north.
    pub const ALL: [Edge; 4] = [Edge::North, Edge::East, Edge::South, Edge::West];

    /// "north", "east", "south" or "west".
    pub const fn name(self) -> &'static str {
        match self {
            Edge::North => "north",
            Edge::East => "east",
            Edge::South => "south",
            Edge::West => "west",
        }
    }
}

impl fmt::Display for Edge {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

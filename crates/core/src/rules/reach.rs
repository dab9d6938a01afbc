//! How far a unit's fire earns the Optimum Range die: its own range, or twice it for a unit
//! with support weapons.

use crate::unit::Unit;

/// How far a unit's fire counts as within Optimum Range, in inches at 15mm scale.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OptimumReach {
    /// The unit's own Optimum Range.
    pub base: u32,
    /// The doubled range of its support weapons, if it has any.
    pub support: Option<u32>,
}

impl OptimumReach {
    /// The reach of a unit.
    pub fn of(unit: &Unit) -> Self {
        let has_support = unit.firing_line().any(|f| f.weapon.is_support());
        Self::new(unit.profile.optimum_range, has_support)
    }

    /// The reach of a unit of this Optimum Range, with support weapons or without.
    pub const fn new(base: u32, with_support: bool) -> Self {
        Self {
            base,
            support: if with_support { Some(base * 2) } else { None },
        }
    }

    /// True when a target at `distance` inches (15mm scale) earns the Optimum Range die.
    pub fn covers(&self, distance: f32) -> bool {
        let reach = self.support.unwrap_or(self.base);
        distance <= reach as f32
    }
}

//! What the player reports of an Insurgent unit's view of a Regular unit: whether it sees it,
//! how far (in the unit's own ranges), in the open or behind Solid Cover; and what follows from
//! it: the Optimum Range die, each side's reach, and the fire modifiers.

use crate::game::{Game, GameState};
use crate::rules::fire::{FireModifiers, OptimumReach};
use crate::unit::{Unit, UnitId, Weapon};

/// What the player tells the app about one Insurgent unit's view of one Regular unit.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct View {
    /// The Regular unit seen.
    pub regular: UnitId,
    /// The Regular unit is within the Insurgent unit's Optimum Range (doubled for its support
    /// weapons): what the player answered, read by [`within_optimum_range`].
    pub in_range: bool,
    /// The Regular unit stands in the open, more than 2" from cover.
    pub exposed: bool,
    /// The Regular unit is behind Solid Cover from this unit.
    pub solid_cover: bool,
}

impl View {
    /// A view of `regular` with nothing reported about it yet.
    pub fn unseen(regular: UnitId) -> Self {
        Self {
            regular,
            in_range: false,
            exposed: false,
            solid_cover: false,
        }
    }

    /// The view the player reported: `regular` seen by this Insurgent unit at `distance`, the
    /// Optimum Range die following the unit's own reach.
    pub fn seen(
        insurgent: &Unit,
        regular: UnitId,
        distance: Distance,
        exposed: bool,
        solid_cover: bool,
    ) -> Self {
        Self {
            regular,
            in_range: within_optimum_range(insurgent, distance),
            exposed,
            solid_cover,
        }
    }
}

/// How far a Regular unit in sight stands from an Insurgent unit, as the player answers: within
/// which of the unit's own ranges.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Distance {
    /// Beyond every range it is asked about.
    Farther,
    /// Within the doubled range of its support weapons, beyond that of its riflemen.
    SupportRange,
    /// Within the Optimum Range of its riflemen.
    RifleRange,
}

impl Distance {
    /// Where a Regular unit stands among an Insurgent unit's ranges, from the player's answer:
    /// within `within` inches (none: farther than every range asked about), the unit's reach
    /// as last asked about (none: its riflemen's range is not known to cover it).
    pub fn answered(within: Option<u32>, reach: Option<OptimumReach>) -> Self {
        match within {
            None => Self::Farther,
            Some(inches) if reach.is_some_and(|r| inches <= r.base) => Self::RifleRange,
            Some(_) => Self::SupportRange,
        }
    }

    /// True when the player's answer puts the Regular unit within the reach that earns the
    /// Insurgent unit its Optimum Range die.
    pub fn earns_optimum_range(within: Option<u32>, reach: Option<OptimumReach>) -> bool {
        match (within, reach) {
            (Some(inches), Some(reach)) => reach.covers(inches as f32),
            _ => false,
        }
    }
}

/// The answers to "does it see them, and how far?" besides "no", at the scale the game is
/// played at: farther, then the unit's own ranges, the longest first: the doubled range of
/// its support weapons where it has any, and that of its riflemen (an RPG gunner on his own is
/// asked only about his RPG's). A unit under a marker, and a marker that hides nothing
/// (`None`), are asked as every marker is, about both ranges of the arriving Insurgents, so
/// the question gives nothing away.
pub fn distance_answers(game: &Game, insurgent: Option<UnitId>) -> Vec<(Distance, String)> {
    let state = game.state();
    let within = |inches: u32, whose: Option<String>| match whose {
        Some(whose) => format!("yes, within {} of its {whose}", state.distance(inches)),
        None => format!("yes, within {}", state.distance(inches)),
    };
    let mut answers = vec![(Distance::Farther, "yes, farther".to_owned())];
    let shown = insurgent
        .filter(|id| !state.is_hidden(*id))
        .and_then(|id| state.unit(id));
    let Some(unit) = shown else {
        let reach = OptimumReach::new(game.scenario().insurgents.profile.optimum_range, true);
        if let Some(support) = reach.support {
            answers.push((Distance::SupportRange, within(support, None)));
        }
        answers.push((Distance::RifleRange, within(reach.base, None)));
        return answers;
    };
    let reach = OptimumReach::of(unit);
    match reach.support {
        None => answers.push((Distance::RifleRange, within(reach.base, None))),
        Some(support) => {
            answers.push((
                Distance::SupportRange,
                within(support, Some(support_words(unit))),
            ));
            if let Some(riflemen) = riflemen_words(unit) {
                answers.push((Distance::RifleRange, within(reach.base, Some(riflemen))));
            }
        }
    }
    answers
}

/// The ranges a unit in view is asked about, shortest first: the Optimum Range of its riflemen
/// ([`Distance::RifleRange`]), and the doubled range of its support weapons where it has any
/// ([`Distance::SupportRange`]; an RPG gunner on his own only his RPG's), each with whose it is
/// when the unit has both ("its riflemen", "its RPG"). A unit under a marker, and a marker that
/// hides nothing (`None`), are asked as every marker is, about both ranges of the arriving
/// Insurgents, so the question gives nothing away. In inches at 15mm, as the profiles give them
/// (`GameState::distance` words them at the game's scale).
pub fn ranges(game: &Game, insurgent: Option<UnitId>) -> Vec<(Distance, u32, Option<String>)> {
    let state = game.state();
    let shown = insurgent
        .filter(|id| !state.is_hidden(*id))
        .and_then(|id| state.unit(id));
    let Some(unit) = shown else {
        let reach = OptimumReach::new(game.scenario().insurgents.profile.optimum_range, true);
        return std::iter::once((Distance::RifleRange, reach.base, None))
            .chain(reach.support.map(|s| (Distance::SupportRange, s, None)))
            .collect();
    };
    let reach = OptimumReach::of(unit);
    match reach.support {
        None => vec![(Distance::RifleRange, reach.base, None)],
        Some(support) => match riflemen_words(unit) {
            None => vec![(Distance::SupportRange, support, None)],
            Some(riflemen) => vec![
                (
                    Distance::RifleRange,
                    reach.base,
                    Some(format!("its {riflemen}")),
                ),
                (
                    Distance::SupportRange,
                    support,
                    Some(format!("its {}", support_words(unit))),
                ),
            ],
        },
    }
}

/// Whether a Regular unit at this distance is within the Insurgent unit's Optimum Range, as the
/// rules of fire count it (once, whichever of its ranges it is in): what the +1 die follows.
pub fn within_optimum_range(insurgent: &Unit, distance: Distance) -> bool {
    let reach = OptimumReach::of(insurgent);
    match distance {
        Distance::Farther => false,
        Distance::SupportRange => reach.support.is_some_and(|s| reach.covers(s as f32)),
        Distance::RifleRange => reach.covers(reach.base as f32),
    }
}

/// Whether a Regular unit surely has an Insurgent unit within its own Optimum Range, from
/// the player's answer about the Insurgent unit's reach: the answer says how far it is at
/// most, and the Regular unit's reach (doubled for its support weapons) must cover that.
pub fn regular_reaches(regular: &Unit, insurgent: &Unit, distance: Distance) -> bool {
    let theirs = OptimumReach::of(insurgent);
    let at_most = match distance {
        Distance::Farther => return false,
        Distance::SupportRange => theirs.support.unwrap_or(theirs.base),
        Distance::RifleRange => theirs.base,
    };
    OptimumReach::of(regular).covers(at_most as f32)
}

/// Its longest range in words, at the game's scale: "12\" for its RPG", or "6\"".
pub fn reach_words(state: &GameState, unit: &Unit) -> String {
    let reach = OptimumReach::of(unit);
    match reach.support {
        Some(support) => format!(
            "{} for its {}",
            state.distance(support),
            support_words(unit)
        ),
        None => state.distance(reach.base),
    }
}

/// The support weapons of a unit in words: "RPG", "RPGs", "light support weapon", "support
/// weapons".
fn support_words(unit: &Unit) -> String {
    let support: Vec<Weapon> = unit
        .firing_line()
        .map(|f| f.weapon)
        .filter(|w| w.is_support())
        .collect();
    let rpg = |w: &Weapon| matches!(w, Weapon::MediumSupport | Weapon::AtRpg);
    let one = support.len() == 1;
    let words = if support.iter().all(rpg) {
        if one { "RPG" } else { "RPGs" }
    } else if support.iter().all(|w| *w == Weapon::LightSupport) {
        if one {
            "light support weapon"
        } else {
            "light support weapons"
        }
    } else {
        "support weapons"
    };
    words.to_owned()
}

/// The figures of a unit that fire without a support weapon, in words ("riflemen", "leader"),
/// if it has any.
fn riflemen_words(unit: &Unit) -> Option<String> {
    let small_arms: Vec<_> = unit
        .firing_line()
        .filter(|f| !f.weapon.is_support())
        .collect();
    let one = small_arms.len() == 1;
    let words = if small_arms.is_empty() {
        return None;
    } else if small_arms.iter().all(|f| f.is_leader()) {
        if one { "leader" } else { "leaders" }
    } else if one {
        "rifleman"
    } else {
        "riflemen"
    };
    Some(words.to_owned())
}

/// The fire modifiers an Insurgent unit uses against a Regular unit, from the player's view.
pub fn fire_modifiers(
    state: &GameState,
    insurgent: &Unit,
    target: &Unit,
    view: &View,
) -> FireModifiers {
    FireModifiers {
        optimum_range: view.in_range,
        target_exposed: view.exposed,
        solid_cover: view.solid_cover,
        ..FireModifiers::proposed(insurgent, target, state.settings.interruption_penalty)
    }
}

/// The units under a marker and the marker each is under, for the questions: the player is
/// asked about a marker, and the answer is the unit's (never shown; the desk draws markers).
pub fn markers_of_units(state: &GameState) -> Vec<(UnitId, String)> {
    state
        .contacts()
        .iter()
        .filter_map(|c| c.unit.map(|u| (u, c.marker.clone())))
        .collect()
}

/// Each Insurgent unit's reach, for reading the player's answers about it.
pub fn insurgent_reaches(state: &GameState) -> Vec<(UnitId, OptimumReach)> {
    state
        .units()
        .filter(|u| u.side == crate::unit::Side::Insurgent)
        .map(|u| (u.id, OptimumReach::of(u)))
        .collect()
}

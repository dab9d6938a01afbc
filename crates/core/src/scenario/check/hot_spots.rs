//! The checks of a scenario's Hot Spots: their numbers and places, and how a Hot Spot roll
//! maps to them.

use std::collections::BTreeMap;

use crate::limits::HOT_SPOT;

use super::super::file::{HotSpotRollFile, ScenarioFile, SpotFace};
use super::super::{HotSpotSetup, Scenario, SpotFaceSetup};
use super::Checker;

pub(super) fn check_hot_spots(c: &mut Checker, file: &ScenarioFile) -> Vec<HotSpotSetup> {
    let mut seen: BTreeMap<u32, usize> = BTreeMap::new();
    let mut spots = Vec::new();
    for (i, spot) in file.hot_spots.iter().enumerate() {
        let path = format!("hot_spots[{i}].number");
        if !HOT_SPOT.allows(spot.number) {
            c.problem(
                path,
                format!("{}: expected {}", spot.number, HOT_SPOT.expected()),
            );
            continue;
        }
        if let Some(first) = seen.insert(spot.number, i) {
            c.problem(
                path,
                format!(
                    "Hot Spot {} is listed twice (first at hot_spots[{first}])",
                    spot.number
                ),
            );
            continue;
        }
        spots.push(HotSpotSetup {
            number: spot.number as u8,
            location: spot.location.clone(),
            active: spot.active,
        });
    }
    let missing: Vec<String> = HOT_SPOT
        .range::<u32>()
        .filter(|n| !seen.contains_key(n))
        .map(|n| n.to_string())
        .collect();
    if file.version < 2 && !missing.is_empty() {
        c.problem(
            "hot_spots",
            format!(
                "{} {} missing: a version 1 scenario has exactly five, numbered {} (version 2 allows one to five: write \"version\": 2)",
                if missing.len() == 1 { "Hot Spot" } else { "Hot Spots" },
                crate::text::and_list(&missing),
                HOT_SPOT.expected()
            ),
        );
    }
    if file.hot_spots.is_empty() {
        c.problem("hot_spots", "a scenario needs at least one Hot Spot");
    }
    spots.sort_by_key(|s| s.number);
    spots
}

/// The faces of the Hot Spot roll: the file's own, each naming a spot the scenario has, or
/// the default.
pub(super) fn check_hot_spot_roll(
    c: &mut Checker,
    file: &ScenarioFile,
    spots: &[HotSpotSetup],
) -> [SpotFaceSetup; 6] {
    match &file.hot_spot_roll {
        Some(roll) => check_roll(c, "hot_spot_roll", roll, spots),
        None => Scenario::default_hot_spot_roll(spots),
    }
}

/// A Hot Spot roll written at `path` (the file's, or an event's), each face naming a spot the
/// scenario has.
pub(super) fn check_roll(
    c: &mut Checker,
    path: &str,
    roll: &HotSpotRollFile,
    spots: &[HotSpotSetup],
) -> [SpotFaceSetup; 6] {
    let numbers: Vec<String> = spots.iter().map(|s| s.number.to_string()).collect();
    let faces = roll.faces();
    std::array::from_fn(|i| match faces[i] {
        SpotFace::Choice(_) => SpotFaceSetup::Choice,
        SpotFace::Spot(n) => {
            if !spots.iter().any(|s| u32::from(s.number) == *n) {
                c.problem(
                    format!("{path}.{}", i + 1),
                    format!(
                        "face {} names Hot Spot {n}, which this scenario does not have: expected one of its spots ({}) or \"choice\"",
                        i + 1,
                        numbers.join(", ")
                    ),
                );
                SpotFaceSetup::Choice
            } else {
                SpotFaceSetup::Spot(*n as u8)
            }
        }
    })
}

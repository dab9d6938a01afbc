//! Set-ups that can never work, though every value is right on its own: an ambush at a Hot Spot
//! neutralized from the start, a Hot Spot roll whose every face names such a spot, every Hot
//! Spot neutralized, an escort item for a side whose tag only the other side carries. A spot
//! that an event of the file wakes (version 3) is not neutralized for good.

use std::collections::HashSet;

use crate::unit::Side;

use super::super::VictoryTrigger;
use super::super::file::{AmbushAtFile, EventFile, ScenarioFile, SpotFace};
use super::Problem;

/// Every set-up of the file that can never work.
pub(super) fn problems(file: &ScenarioFile) -> Vec<Problem> {
    let mut out = Vec::new();
    let mut problem = |path: String, message: String| out.push(Problem::at(path, message, None));
    // Spots neutralized from the start that no event of the file wakes.
    let woken: HashSet<u32> = file
        .events
        .iter()
        .filter_map(|e| match e {
            EventFile::HotSpot {
                hot_spot,
                active: true,
                ..
            } => Some(*hot_spot),
            _ => None,
        })
        .collect();
    let dead: HashSet<u32> = file
        .hot_spots
        .iter()
        .filter(|h| !h.active && !woken.contains(&h.number))
        .map(|h| h.number)
        .collect();
    let wake_words = if file.version >= 3 {
        "an event that wakes it (\"kind\": \"hot_spot\", \"active\": true)"
    } else {
        "(version 3) an event that wakes it"
    };
    if !file.hot_spots.is_empty() && file.hot_spots.iter().all(|h| dead.contains(&h.number)) {
        problem(
            "hot_spots".to_owned(),
            format!(
                "every Hot Spot is neutralized from the start and none wakes later: every reinforcement would be lost; leave out \"active\": false on one, or add {wake_words}"
            ),
        );
    } else if let Some(roll) = &file.hot_spot_roll {
        let faces = roll.faces();
        let all_dead = faces
            .iter()
            .all(|f| matches!(f, SpotFace::Spot(n) if dead.contains(n)));
        if all_dead {
            let mut named: Vec<u32> = faces
                .iter()
                .filter_map(|f| match f {
                    SpotFace::Spot(n) => Some(*n),
                    SpotFace::Choice(_) => None,
                })
                .collect();
            named.sort_unstable();
            named.dedup();
            let named: Vec<String> = named.iter().map(u32::to_string).collect();
            problem(
                "hot_spot_roll".to_owned(),
                format!(
                    "every face names a Hot Spot neutralized from the start ({}): every reinforcement would be lost; name an active spot, or \"choice\", on some faces",
                    crate::text::and_list(&named)
                ),
            );
        }
    }
    for (i, unit) in file.units.iter().enumerate() {
        let Some(ambush) = &unit.ambush else {
            continue;
        };
        if let AmbushAtFile::HotSpot(spot) = &ambush.arrives_at
            && dead.contains(&spot.hot_spot)
        {
            problem(
                format!("units[{i}].ambush.arrives_at.hot_spot"),
                format!(
                    "Hot Spot {} is neutralized from the start, so the unit could only be lost there: name an active spot, write \"hot_spot\" for a rolled one, or add {wake_words}",
                    spot.hot_spot
                ),
            );
        }
    }
    escort_sides(file, &mut problem);
    out
}

/// An escort item counts the figures with its tag that leave in a unit of its side; figures
/// never change sides, so a tag only the other side carries can never score.
fn escort_sides(file: &ScenarioFile, problem: &mut impl FnMut(String, String)) {
    let mut carried: HashSet<(Side, &str)> = HashSet::new();
    for unit in &file.units {
        for figure in &unit.figures {
            if let Some(tag) = &figure.tag {
                carried.insert((unit.side, tag.as_str()));
            }
        }
    }
    for leader in &file.leaders {
        if let Some(tag) = &leader.tag {
            carried.insert((leader.side, tag.as_str()));
        }
    }
    for (i, item) in file.victory.iter().enumerate() {
        let VictoryTrigger::EscortedOff { tag, .. } = &item.trigger else {
            continue;
        };
        let other = item.side.opponent();
        if !carried.contains(&(item.side, tag.as_str())) && carried.contains(&(other, tag.as_str()))
        {
            problem(
                format!("victory[{i}].trigger.tag"),
                format!(
                    "only {} figures carry the tag {}, and this item counts those that leave in a {} unit (figures never change sides): give the tag to a {} figure, or make the item's side \"{}\"",
                    other,
                    crate::text::quoted(tag),
                    item.side,
                    item.side,
                    other.name().to_lowercase()
                ),
            );
        }
    }
}

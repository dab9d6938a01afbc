//! Set-ups that can never work, though every value is right on its own: an ambush at a Hot Spot
//! neutralized for good by the turn it may come, a Hot Spot roll whose every face names a spot
//! neutralized for good before the first reinforcements, every Hot Spot so neutralized, an
//! escort item for a side whose tag only the other side carries. Neutralized for good: from the
//! start, or by an event (version 3), with no later event waking it.

use std::collections::{HashMap, HashSet};

use crate::unit::Side;

use super::super::VictoryTrigger;
use super::super::file::{AmbushAtFile, EventFile, ScenarioFile, SpotFace};
use super::Problem;

/// Every set-up of the file that can never work.
pub(super) fn problems(file: &ScenarioFile) -> Vec<Problem> {
    let mut out = Vec::new();
    let mut problem = |path: String, message: String| out.push(Problem::at(path, message, None));
    // The turn from which each spot is neutralized for good, if it is: from the start, or
    // from the event (version 3) after which none wakes it.
    let dead_from = neutralized_for_good(file);
    let since = |n: u32| match dead_from.get(&n) {
        Some((_, Some(event))) => format!("neutralized for good by events[{event}]"),
        _ => "neutralized from the start".to_owned(),
    };
    let dead_by = |n: u32, turn: u32| dead_from.get(&n).is_some_and(|(from, _)| *from <= turn);
    let wake_words = if file.version >= 3 {
        "an event that wakes it (\"kind\": \"hot_spot\", \"active\": true)"
    } else {
        "(version 3) an event that wakes it"
    };
    // Reinforcements come from turn 2: every spot dead by then loses them all.
    const FIRST_ARRIVALS: u32 = 2;
    if !file.hot_spots.is_empty()
        && file
            .hot_spots
            .iter()
            .all(|h| dead_by(h.number, FIRST_ARRIVALS))
    {
        let by_events = file
            .hot_spots
            .iter()
            .any(|h| dead_from.get(&h.number).is_some_and(|(_, e)| e.is_some()));
        let (when, fix) = if by_events {
            (
                "by turn 2, as the events leave them,",
                "drop one of the events that neutralize them",
            )
        } else {
            ("from the start", "leave out \"active\": false on one")
        };
        problem(
            "hot_spots".to_owned(),
            format!(
                "every Hot Spot is neutralized {when} and none wakes later: every reinforcement would be lost; {fix}, or add {wake_words}"
            ),
        );
    } else if let Some(roll) = &file.hot_spot_roll {
        let faces = roll.faces();
        let all_dead = faces
            .iter()
            .all(|f| matches!(f, SpotFace::Spot(n) if dead_by(*n, FIRST_ARRIVALS)));
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
            let by_events = named
                .iter()
                .any(|n| dead_from.get(n).is_some_and(|(_, e)| e.is_some()));
            let when = if by_events {
                "for good by turn 2"
            } else {
                "from the start"
            };
            let named: Vec<String> = named.iter().map(u32::to_string).collect();
            problem(
                "hot_spot_roll".to_owned(),
                format!(
                    "every face names a Hot Spot neutralized {when} ({}): every reinforcement would be lost; name an active spot, or \"choice\", on some faces",
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
            && dead_by(spot.hot_spot, ambush.from_turn)
        {
            problem(
                format!("units[{i}].ambush.arrives_at.hot_spot"),
                format!(
                    "Hot Spot {} is {}, so the unit could only be lost there: name an active spot, write \"hot_spot\" for a rolled one, or add {wake_words}",
                    spot.hot_spot,
                    since(spot.hot_spot)
                ),
            );
        }
    }
    escort_sides(file, &mut problem);
    out
}

/// For each Hot Spot neutralized for good, the turn from which it is, and the event that does
/// it (none: it is neutralized from the start and nothing wakes it). A spot the events leave
/// active is not in the map. Events of one turn apply in the file's order.
pub(super) fn neutralized_for_good(file: &ScenarioFile) -> HashMap<u32, (u32, Option<usize>)> {
    let mut last: HashMap<u32, (u32, usize, bool)> = HashMap::new();
    for (i, event) in file.events.iter().enumerate() {
        if let EventFile::HotSpot {
            turn,
            hot_spot,
            active,
        } = event
        {
            let later = last
                .get(hot_spot)
                .is_none_or(|(t, j, _)| (*turn, i) > (*t, *j));
            if later {
                last.insert(*hot_spot, (*turn, i, *active));
            }
        }
    }
    file.hot_spots
        .iter()
        .filter_map(|h| match last.get(&h.number) {
            Some((turn, event, false)) => Some((h.number, (*turn, Some(*event)))),
            Some((_, _, true)) => None,
            None => (!h.active).then_some((h.number, (1, None))),
        })
        .collect()
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

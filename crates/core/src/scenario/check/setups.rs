//! Set-ups that can never work, though every value is right on its own: an ambush at a Hot Spot
//! neutralized for good by the turn it may come, a Hot Spot roll whose every face names a spot
//! neutralized for good before the first reinforcements, every Hot Spot so neutralized, an
//! escort item for a side whose tag only the other side carries. Neutralized for good: from the
//! start, or by an event (version 3), with no later event waking it.

use std::collections::HashSet;

use crate::unit::Side;

use super::super::VictoryTrigger;
use super::super::file::{AmbushAtFile, ArrivalAtFile, ScenarioFile, SpotFace};
use super::Problem;
use super::spot_states::{Asleep, SpotStates};

/// Every set-up of the file that can never work.
pub(super) fn problems(file: &ScenarioFile) -> Vec<Problem> {
    let mut out = Vec::new();
    let states = SpotStates::of(file);
    // The turn from which each spot is neutralized for good, if it is: from the start, or
    // from the event (version 3) after which none wakes it.
    let dead_from = states.all_dead();
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
    let about = |numbers: &mut dyn Iterator<Item = u32>| -> Vec<String> {
        numbers.flat_map(|n| states.paths_about(n)).collect()
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
        out.push(
            Problem::at(
                "hot_spots",
                format!(
                    "every Hot Spot is neutralized {when} and none wakes later: every reinforcement would be lost; {fix}, or add {wake_words}"
                ),
                None,
            )
            .resting_on(about(&mut file.hot_spots.iter().map(|h| h.number))),
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
            let rests = about(&mut named.iter().copied());
            let named: Vec<String> = named.iter().map(u32::to_string).collect();
            out.push(
                Problem::at(
                    "hot_spot_roll",
                    format!(
                        "every face names a Hot Spot neutralized {when} ({}): every reinforcement would be lost; name an active spot, or \"choice\", on some faces",
                        crate::text::and_list(&named)
                    ),
                    None,
                )
                .resting_on(rests),
            );
        }
    }
    for (i, unit) in file.units.iter().enumerate() {
        if let Some(ambush) = &unit.ambush
            && let AmbushAtFile::HotSpot(spot) = &ambush.arrives_at
            && dead_by(spot.hot_spot, ambush.from_turn)
        {
            out.push(
                Problem::at(
                    format!("units[{i}].ambush.arrives_at.hot_spot"),
                    format!(
                        "Hot Spot {} is {}, so the unit could only be lost there: name an active spot, write \"hot_spot\" for a rolled one, or add {wake_words}",
                        spot.hot_spot,
                        since(spot.hot_spot)
                    ),
                    None,
                )
                .resting_on(states.paths_about(spot.hot_spot)),
            );
        }
        // An arrival on a set turn (version 4) at a spot neutralized that turn is lost.
        if let Some(arrives) = &unit.arrives
            && arrives.arrives_on.is_none()
            && let ArrivalAtFile::HotSpot(spot) = &arrives.at
            && unit.side == Side::Insurgent
            && let Some(why) = states.asleep_at(spot.hot_spot, arrives.turn)
        {
            let why = match why {
                Asleep::FromTheStart => "neutralized from the start".to_owned(),
                Asleep::By(event) => format!("neutralized by events[{event}]"),
            };
            out.push(
                Problem::at(
                    format!("units[{i}].arrives.at.hot_spot"),
                    format!(
                        "Hot Spot {} is {why} on turn {}, when the unit arrives, so it would be lost there: name a spot active then, move \"turn\", or wake the spot by then",
                        spot.hot_spot, arrives.turn
                    ),
                    None,
                )
                .resting_on(states.paths_about(spot.hot_spot)),
            );
        }
    }
    escort_sides(file, &mut out);
    out
}

/// An escort item counts the figures with its tag that leave in a unit of its side; figures
/// change sides only when freed (version 4, `freed_by`), so a tag only the other side carries
/// can never score.
fn escort_sides(file: &ScenarioFile, out: &mut Vec<Problem>) {
    let mut carried: HashSet<(Side, &str)> = HashSet::new();
    for unit in &file.units {
        for figure in &unit.figures {
            if let Some(tag) = &figure.tag {
                carried.insert((unit.side, tag.as_str()));
                if let Some(freed) = unit.freed_by {
                    carried.insert((freed, tag.as_str()));
                }
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
            out.push(Problem::at(
                format!("victory[{i}].trigger.tag"),
                format!(
                    "only {} figures carry the tag {}, and this item counts those that leave in a {} unit (figures never change sides): give the tag to a {} figure, or make the item's side \"{}\"",
                    other,
                    crate::text::quoted(tag),
                    item.side,
                    item.side,
                    other.name().to_lowercase()
                ),
                None,
            ));
        }
    }
}

//! Set-ups that work on some turns and lose units on others, told as warnings (the file stays
//! good): every Hot Spot neutralized for good from a turn after the first reinforcements (from
//! then on every reinforcement is lost), and an ambush that may roll in at a Hot Spot still
//! neutralized on the turns before an event wakes it (a unit that arrives there is lost), and a
//! Hot Spot roll whose every face names a spot still asleep when the first reinforcements come;
//! and a victory threshold above the most its side can ever score.

use super::super::VictoryTrigger;
use super::super::file::{AmbushAtFile, EventFile, ScenarioFile, SpotFace};
use super::Problem;
use super::setups::neutralized_for_good;
use crate::unit::Side;

/// Every turn-aware trap of a file, by field path (located later).
pub(super) fn warnings(file: &ScenarioFile) -> Vec<Problem> {
    let mut out = Vec::new();
    let dead_from = neutralized_for_good(file);
    // Every spot dead for good, the last of them from turn `from` (turn 2 and earlier is a
    // refusal of `setups.rs`: the game can then never bring a reinforcement).
    let all_dead_from = file
        .hot_spots
        .iter()
        .map(|h| dead_from.get(&h.number).map(|(turn, _)| *turn))
        .collect::<Option<Vec<u32>>>()
        .and_then(|turns| turns.into_iter().max());
    if !file.hot_spots.is_empty()
        && let Some(from) = all_dead_from
        && from > 2
    {
        out.push(Problem::at(
            "hot_spots".to_owned(),
            format!(
                "every Hot Spot is neutralized for good from turn {from}, as the events leave them, and none wakes later: every reinforcement from turn {from} on would be lost; drop one of the events that neutralize them, or add an event that wakes one (\"kind\": \"hot_spot\", \"active\": true)"
            ),
            None,
        ));
    }
    if let Some(roll) = &file.hot_spot_roll {
        let wakes: Option<Vec<(u32, u32)>> = roll
            .faces()
            .iter()
            .map(|face| match face {
                SpotFace::Spot(n) if !dead_from.contains_key(n) => {
                    asleep_at_first(file, *n, 2).map(|(turn, _)| (*n, turn))
                }
                _ => None,
            })
            .collect();
        if let Some(wakes) = wakes
            && let Some(first) = wakes.iter().map(|(_, turn)| *turn).min()
        {
            let mut named: Vec<u32> = wakes.iter().map(|(n, _)| *n).collect();
            named.sort_unstable();
            named.dedup();
            let named: Vec<String> = named.iter().map(u32::to_string).collect();
            out.push(Problem::at(
                "hot_spot_roll".to_owned(),
                format!(
                    "every face names a Hot Spot still neutralized as turn 2 begins ({}); the first wakes on turn {first}: every reinforcement before then would be lost; name an active spot, or \"choice\", on some faces",
                    crate::text::and_list(&named)
                ),
                None,
            ));
        }
    }
    for (i, threshold) in file.victory_thresholds.iter().enumerate() {
        if let Some(most) = most_points(file, threshold.side)
            && i64::from(threshold.points) > most
        {
            out.push(Problem::at(
                format!("victory_thresholds[{i}].points"),
                format!(
                    "{} points can never be reached: at most {most} points can be scored by the {} side with this file's victory items and figures; lower it to {most} or less, or add a way to score",
                    threshold.points,
                    threshold.side
                ),
                None,
            ));
        }
    }
    for (i, unit) in file.units.iter().enumerate() {
        let Some(ambush) = &unit.ambush else {
            continue;
        };
        let AmbushAtFile::HotSpot(spot) = &ambush.arrives_at else {
            continue;
        };
        let n = spot.hot_spot;
        if dead_from
            .get(&n)
            .is_some_and(|(turn, _)| *turn <= ambush.from_turn)
        {
            continue; // refused by `setups.rs`
        }
        if let Some((asleep_until, wakes)) = asleep_at_first(file, n, ambush.from_turn) {
            out.push(Problem::at(
                format!("units[{i}].ambush.from_turn"),
                format!(
                    "the ambush may roll in from turn {}, but Hot Spot {n} stays neutralized until events[{wakes}] wakes it on turn {asleep_until}: arriving before that, the unit is lost; make from_turn {asleep_until} or later, or wake the spot earlier",
                    ambush.from_turn
                ),
                None,
            ));
        }
    }
    out
}

/// When Hot Spot `n` is neutralized as turn `from` begins and a later event wakes it: the turn
/// it wakes and that event.
fn asleep_at_first(file: &ScenarioFile, n: u32, from: u32) -> Option<(u32, usize)> {
    let start = file.hot_spots.iter().find(|h| h.number == n)?.active;
    let mut changes: Vec<(u32, usize, bool)> = file
        .events
        .iter()
        .enumerate()
        .filter_map(|(i, e)| match e {
            EventFile::HotSpot {
                turn,
                hot_spot,
                active,
            } if *hot_spot == n => Some((*turn, i, *active)),
            _ => None,
        })
        .collect();
    changes.sort_by_key(|&(turn, i, _)| (turn, i));
    let active_at = |turn: u32| {
        changes
            .iter()
            .rfind(|(t, _, _)| *t <= turn)
            .map_or(start, |(_, _, a)| *a)
    };
    if active_at(from) {
        return None;
    }
    changes
        .iter()
        .find(|(t, _, a)| *t > from && *a)
        .map(|&(t, i, _)| (t, i))
}

/// The most `side` can score, when every item that gives it points is bounded by the file (an
/// item scored once, the Regular figures, the tagged figures, the Insurgent figures when no
/// reinforcement can come); `None` when one is not (an item the referee awards by hand as often
/// as it happens, casualties among reinforcements). Figures are counted generously (leaders
/// too), so the bound is never below the truth.
fn most_points(file: &ScenarioFile, side: Side) -> Option<i64> {
    let figures = |keep: &dyn Fn(Side, Option<&str>) -> bool| -> i64 {
        let in_units: u32 = file
            .units
            .iter()
            .flat_map(|u| u.figures.iter().map(move |f| (u.side, f)))
            .filter(|(side, f)| keep(*side, f.tag.as_deref()))
            .map(|(_, f)| f.count)
            .sum();
        let leaders = file
            .leaders
            .iter()
            .filter(|l| keep(l.side, l.tag.as_deref()))
            .count();
        i64::from(in_units) + leaders as i64
    };
    let reinforcements = file.reinforcements.iter().any(|row| !row.units.is_empty());
    let mut most = 0i64;
    for item in file
        .victory
        .iter()
        .filter(|v| v.side == side && v.points > 0)
    {
        let times = match &item.trigger {
            VictoryTrigger::Manual { once: true } | VictoryTrigger::PlaceHeld { .. } => 1,
            VictoryTrigger::Manual { once: false } => return None,
            VictoryTrigger::RegularWounded | VictoryTrigger::RegularsKilled => {
                figures(&|side, _| side == Side::Regular)
            }
            VictoryTrigger::InsurgentCasualties { per } => {
                if reinforcements {
                    return None;
                }
                figures(&|side, _| side == Side::Insurgent) / i64::from((*per).max(1))
            }
            VictoryTrigger::EscortedOff { tag, .. } => figures(&|_, t| t == Some(tag.as_str())),
        };
        most += times * i64::from(item.points);
    }
    Some(most)
}

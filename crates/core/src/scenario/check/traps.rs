//! Set-ups that work on some turns and lose units on others, told as warnings (the file stays
//! good): every Hot Spot neutralized for good from a turn after the first reinforcements (from
//! then on every reinforcement is lost), and an ambush that may roll in at a Hot Spot still
//! neutralized on the turns before an event wakes it (a unit that arrives there is lost), and a
//! Hot Spot roll whose every face names a spot still asleep when the first reinforcements come;
//! and a victory threshold above the most its side can ever score.

use super::super::VictoryTrigger;
use super::super::file::{
    AmbushAtFile, ArrivalAtFile, ConditionFile, HotSpotRollFile, ScenarioFile, SpotFace,
};
use super::Problem;
use super::spot_states::SpotStates;
use crate::unit::Side;

/// Every turn-aware trap of a file, by field path (located later).
pub(super) fn warnings(file: &ScenarioFile) -> Vec<Problem> {
    let mut out = Vec::new();
    let states = SpotStates::of(file);
    let dead_from = states.all_dead();
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
        let rests: Vec<String> = file
            .hot_spots
            .iter()
            .flat_map(|h| states.paths_about(h.number))
            .collect();
        out.push(
            Problem::at(
                "hot_spots".to_owned(),
                format!(
                    "every Hot Spot is neutralized for good from turn {from}, as the events leave them, and none wakes later: every reinforcement from turn {from} on would be lost; drop one of the events that neutralize them, or add an event that wakes one (\"kind\": \"hot_spot\", \"active\": true)"
                ),
                None,
            )
            .resting_on(rests),
        );
    }
    if let Some(roll) = &file.hot_spot_roll {
        asleep_faces(&states, roll, &mut out);
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
    for (i, event) in file.events.iter().enumerate() {
        if let Some(ConditionFile::Points(points)) = event.when()
            && let Some(most) = most_points(file, points.side)
            && i64::from(points.at_least) > most
        {
            out.push(Problem::at(
                format!("events[{i}].when.points.at_least"),
                format!(
                    "{} points can never be reached: at most {most} points can be scored by the {} side with this file's victory items and figures, so the event never happens; lower it to {most} or less",
                    points.at_least, points.side
                ),
                None,
            ));
        }
    }
    let last = super::authoring::last_turn(file).map(|l| l.turn);
    for (i, unit) in file.units.iter().enumerate() {
        if let Some(ambush) = &unit.ambush
            && let AmbushAtFile::HotSpot(spot) = &ambush.arrives_at
        {
            let n = spot.hot_spot;
            if dead_from
                .get(&n)
                .is_some_and(|(turn, _)| *turn <= ambush.from_turn)
            {
                continue; // refused by `setups.rs`
            }
            let until = match (ambush.last_turn, last) {
                (Some(a), Some(b)) => Some(a.min(b)),
                (a, b) => a.or(b),
            };
            let window = Window {
                path: format!("units[{i}].ambush"),
                first_field: "from_turn",
                what: "the ambush may roll in",
                from: ambush.from_turn,
                until,
                stop: "\"last_turn\"",
            };
            asleep_in_window(&states, n, &window, &mut out);
        }
        if let Some(arrives) = &unit.arrives
            && arrives.arrives_on.is_some()
            && unit.side == Side::Insurgent
            && let ArrivalAtFile::HotSpot(spot) = &arrives.at
        {
            let window = Window {
                path: format!("units[{i}].arrives"),
                first_field: "turn",
                what: "the unit may roll to arrive",
                from: arrives.turn,
                until: last,
                stop: "no roll (\"arrives_on\" out) on a turn",
            };
            asleep_in_window(&states, spot.hot_spot, &window, &mut out);
        }
    }
    out
}

/// The turns a unit may come on at a Hot Spot: from `from` to `until` (the end of the game
/// when none is known).
struct Window {
    /// `units[2].ambush`.
    path: String,
    /// The field that says the first turn: "from_turn".
    first_field: &'static str,
    /// "the ambush may roll in".
    what: &'static str,
    from: u32,
    until: Option<u32>,
    /// What to give it to stop before the spot sleeps: "\"last_turn\"".
    stop: &'static str,
}

/// A unit that may come on at Hot Spot `n` while the events leave it neutralized: asleep when
/// the window opens and woken later, or neutralized by an event while it is open.
fn asleep_in_window(states: &SpotStates<'_>, n: u32, window: &Window, out: &mut Vec<Problem>) {
    let (path, what, from) = (&window.path, window.what, window.from);
    let until = window.until.unwrap_or(u32::MAX);
    if states.asleep_at(n, from).is_some() {
        if let Some((wakes, event)) = states.wakes_after(n, from).filter(|(t, _)| *t <= until) {
            out.push(
                Problem::at(
                    format!("{path}.{}", window.first_field),
                    format!(
                        "{what} from turn {from}, but Hot Spot {n} stays neutralized until events[{event}] wakes it on turn {wakes}: arriving before that, the unit is lost; make {} {wakes} or later, or wake the spot earlier",
                        window.first_field
                    ),
                    None,
                )
                .resting_on(states.paths_about(n)),
            );
        }
        return;
    }
    if let Some((sleeps, event)) = states.sleeps_after(n, from, until) {
        let again = match states.wakes_after(n, sleeps) {
            Some((wakes, _)) if wakes <= until => format!(" (until turn {wakes})"),
            _ => String::new(),
        };
        out.push(
            Problem::at(
                path.clone(),
                format!(
                    "{what} on turn {sleeps} or later, when events[{event}] has neutralized Hot Spot {n}{again}: arriving then, the unit is lost; give it {} {}, or drop that event",
                    window.stop,
                    sleeps - 1
                ),
                None,
            )
            .resting_on(states.paths_about(n)),
        );
    }
}

/// A Hot Spot roll whose every face names a spot still neutralized as the first
/// reinforcements come (turn 2), one of them woken later by an event; a roll whose every
/// face names a spot that never wakes is refused by `setups.rs`.
fn asleep_faces(states: &SpotStates<'_>, roll: &HotSpotRollFile, out: &mut Vec<Problem>) {
    let mut named = Vec::new();
    let mut first_wake: Option<u32> = None;
    for face in roll.faces() {
        let SpotFace::Spot(n) = face else {
            return; // "choice": an active spot, whenever there is one
        };
        if states.asleep_at(*n, 2).is_none() {
            return;
        }
        named.push(*n);
        if let Some((turn, _)) = states.wakes_after(*n, 2) {
            first_wake = Some(first_wake.map_or(turn, |t| t.min(turn)));
        }
    }
    let Some(first) = first_wake else {
        return;
    };
    named.sort_unstable();
    named.dedup();
    let rests: Vec<String> = named.iter().flat_map(|n| states.paths_about(*n)).collect();
    let named: Vec<String> = named.iter().map(u32::to_string).collect();
    out.push(
        Problem::at(
            "hot_spot_roll".to_owned(),
            format!(
                "every face names a Hot Spot still neutralized as turn 2 begins ({}); the first wakes on turn {first}: every reinforcement before then would be lost; name an active spot, or \"choice\", on some faces",
                crate::text::and_list(&named)
            ),
            None,
        )
        .resting_on(rests),
    );
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
            VictoryTrigger::EscortedOff { tag, .. } | VictoryTrigger::HeldAtEnd { tag, .. } => {
                figures(&|_, t| t == Some(tag.as_str()))
            }
        };
        most += times * i64::from(item.points);
    }
    Some(most)
}

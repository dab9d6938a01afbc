//! Units not on the table at the start, and captives: an ambush's terms, an arrival on a later
//! turn (in words or, version 4, at a Hot Spot), and who frees a unit of captives.

use std::collections::HashSet;

use crate::limits::{AMBUSH_ROLL, HOT_SPOT};
use crate::unit::Side;

use super::super::file::{AmbushAtFile, AmbushFile, ArrivalAtFile, UnitFile};
use super::super::{AmbushPoint, AmbushSetup, ScheduledArrival};
use super::{Checker, MAX_TURNS};

pub(super) fn check_ambush(
    c: &mut Checker,
    path: &str,
    a: &AmbushFile,
    spots: &HashSet<u32>,
    spot_list: &str,
) -> AmbushSetup {
    if !(1..=MAX_TURNS).contains(&a.from_turn) {
        c.problem(
            format!("{path}.from_turn"),
            format!("{}: expected 1 to {MAX_TURNS}", a.from_turn),
        );
    }
    if !AMBUSH_ROLL.allows(a.arrives_on) {
        c.problem(
            format!("{path}.arrives_on"),
            format!(
                "{}: expected a d6 face, {}",
                a.arrives_on,
                AMBUSH_ROLL.expected()
            ),
        );
    }
    for (k, &t) in a.automatic_turns.iter().enumerate() {
        if !(1..=MAX_TURNS).contains(&t) {
            c.problem(
                format!("{path}.automatic_turns[{k}]"),
                format!("{t}: expected 1 to {MAX_TURNS}"),
            );
        }
    }
    if let Some(last) = a.last_turn
        && last < a.from_turn
    {
        c.problem(
            format!("{path}.last_turn"),
            format!(
                "{last}: the last turn must not come before from_turn ({})",
                a.from_turn
            ),
        );
    }
    let arrives_at = match &a.arrives_at {
        AmbushAtFile::Words(words) if words.trim().is_empty() => {
            c.problem(
                format!("{path}.arrives_at"),
                "must be \"hot_spot\", {\"hot_spot\": N} or a point in words",
            );
            AmbushPoint::HotSpot
        }
        AmbushAtFile::Words(words) if words == "hot_spot" => AmbushPoint::HotSpot,
        AmbushAtFile::Words(words) => AmbushPoint::Point(words.clone()),
        AmbushAtFile::Point(point) => AmbushPoint::Point(point.point.clone()),
        AmbushAtFile::HotSpot(spot) => {
            if !spots.contains(&spot.hot_spot) {
                c.problem(
                    format!("{path}.arrives_at.hot_spot"),
                    format!(
                        "Hot Spot {} is not in this scenario: expected one of {}",
                        spot.hot_spot, spot_list
                    ),
                );
            }
            AmbushPoint::Spot(HOT_SPOT.clamp(spot.hot_spot) as u8)
        }
    };
    AmbushSetup {
        from_turn: a.from_turn,
        arrives_on: AMBUSH_ROLL.clamp(a.arrives_on) as u8,
        automatic_turns: a.automatic_turns.clone(),
        arrives_at,
        last_turn: a.last_turn,
    }
}

/// A unit's arrival on a later turn: its roll, and where it comes on.
pub(super) fn check_arrival(
    c: &mut Checker,
    path: &str,
    u: &UnitFile,
    spots: &HashSet<u32>,
    spot_list: &str,
) -> Option<ScheduledArrival> {
    u.arrives.as_ref().map(|a| {
        if let Some(roll) = a.arrives_on
            && !AMBUSH_ROLL.allows(roll)
        {
            c.problem(
                format!("{path}.arrives.arrives_on"),
                format!("{roll}: expected a d6 face, {}", AMBUSH_ROLL.expected()),
            );
        }
        let (at, hot_spot) = match &a.at {
            ArrivalAtFile::Words(words) => (words.clone(), None),
            ArrivalAtFile::HotSpot(spot) => {
                if !spots.contains(&spot.hot_spot) {
                    c.problem(
                        format!("{path}.arrives.at.hot_spot"),
                        format!(
                            "Hot Spot {} is not in this scenario: expected one of {}",
                            spot.hot_spot, spot_list
                        ),
                    );
                }
                if u.side != Side::Insurgent {
                    c.problem(
                        format!("{path}.arrives.at"),
                        "a Regular unit does not come on at a Hot Spot (the Insurgents' places): write where it comes on in words",
                    );
                }
                (
                    format!("Hot Spot {}", spot.hot_spot),
                    Some(HOT_SPOT.clamp(spot.hot_spot) as u8),
                )
            }
        };
        ScheduledArrival {
            turn: a.turn,
            at,
            arrives_on: a.arrives_on.map(|r| AMBUSH_ROLL.clamp(r) as u8),
            hot_spot,
        }
    })
}

/// Captives (version 4): freed only from a unit that never acts, by the other side.
pub(super) fn check_captives(c: &mut Checker, path: &str, u: &UnitFile) {
    if let Some(by) = u.freed_by {
        if !u.non_combatant {
            c.problem(
                format!("{path}.freed_by"),
                "only a unit that never acts (non_combatant: hostages, captives) is freed: add \"non_combatant\": true, or take freed_by out",
            );
        } else if by == u.side {
            c.problem(
                format!("{path}.freed_by"),
                format!(
                    "\"{}\": captives are freed by the other side's units; the unit is {} (its captors' side), so write \"{}\"",
                    by.name().to_lowercase(),
                    u.side,
                    u.side.opponent().name().to_lowercase()
                ),
            );
        }
    }
}

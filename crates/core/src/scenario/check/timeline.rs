//! The checks of what version 3 adds to the course of a game: a turn limit in dice, events on
//! a set turn, victory thresholds and the author's notes.

use crate::limits::{INSURGENCY_LEVEL, TURN_LIMIT, VICTORY_THRESHOLD};
use crate::rules::reinforcements::InsurgencyLevel;

use super::super::file::{EventFile, InsurgencyFile, ScenarioFile, TurnLimitFile};
use super::super::{HotSpotSetup, TimedChange, TimedEvent, TurnLimitDice, VictoryThreshold};
use super::Checker;
use super::units::listed;

/// The turn limit: a number of turns, or dice rolled during the game.
pub(super) fn check_turn_limit(
    c: &mut Checker,
    file: &ScenarioFile,
) -> (Option<u32>, Option<TurnLimitDice>) {
    match &file.turn_limit {
        None => (None, None),
        Some(TurnLimitFile::Turns(limit)) => {
            if !TURN_LIMIT.allows(*limit) {
                c.problem(
                    "turn_limit",
                    format!("{limit}: expected {}", TURN_LIMIT.expected()),
                );
            }
            (Some(*limit), None)
        }
        Some(TurnLimitFile::Dice(text)) => match TurnLimitDice::parse(text) {
            Some(dice) if TURN_LIMIT.allows(dice.most()) => (None, Some(dice)),
            Some(dice) => {
                c.problem(
                    "turn_limit",
                    format!(
                        "{}: the game could last {} turns; a game lasts at most {}",
                        crate::text::quoted(text),
                        dice.most(),
                        TURN_LIMIT.max
                    ),
                );
                (None, None)
            }
            None => {
                c.problem(
                    "turn_limit",
                    format!(
                        "{}: expected a number of turns and dice, such as \"6+1d3\" or \"5+1d6\"",
                        crate::text::quoted(text)
                    ),
                );
                (None, None)
            }
        },
    }
}

/// An Insurgency Level as the file writes it.
pub(super) fn insurgency_level(
    c: &mut Checker,
    path: &str,
    level: &InsurgencyFile,
) -> InsurgencyLevel {
    match level {
        InsurgencyFile::Level(n) if INSURGENCY_LEVEL.allows(*n) => InsurgencyLevel::Level(*n as u8),
        InsurgencyFile::Word(w) if w.eq_ignore_ascii_case("automatic") => {
            InsurgencyLevel::Automatic
        }
        other => {
            let written = match other {
                InsurgencyFile::Level(n) => n.to_string(),
                InsurgencyFile::Word(w) => crate::text::quoted(w),
            };
            c.problem(
                path,
                format!(
                    "{written}: expected {}, or \"automatic\"",
                    INSURGENCY_LEVEL.expected()
                ),
            );
            InsurgencyLevel::Automatic
        }
    }
}

/// The events on a set turn, each naming what the scenario has.
pub(super) fn check_events(
    c: &mut Checker,
    file: &ScenarioFile,
    spots: &[HotSpotSetup],
) -> Vec<TimedEvent> {
    let mut events = Vec::new();
    for (i, event) in file.events.iter().enumerate() {
        let path = format!("events[{i}]");
        let turn = event.turn();
        if !(2..=TURN_LIMIT.max as u32).contains(&turn) {
            c.problem(
                format!("{path}.turn"),
                format!(
                    "turn {turn}: events happen as a turn begins, from turn 2 to {} (write how the game starts in the file itself)",
                    TURN_LIMIT.max
                ),
            );
        }
        let change = match event {
            EventFile::InsurgencyLevel { level, .. } => {
                TimedChange::InsurgencyLevel(insurgency_level(c, &format!("{path}.level"), level))
            }
            EventFile::HotSpot {
                hot_spot, active, ..
            } => {
                if !spots.iter().any(|s| u32::from(s.number) == *hot_spot) {
                    let numbers = listed(spots.iter().map(|s| s.number.to_string()), spots.len());
                    c.problem(
                        format!("{path}.hot_spot"),
                        format!(
                            "Hot Spot {hot_spot} is not in this scenario: expected one of {numbers}"
                        ),
                    );
                }
                TimedChange::HotSpot {
                    number: crate::limits::HOT_SPOT.clamp(*hot_spot) as u8,
                    active: *active,
                }
            }
            EventFile::Note { text, .. } => {
                c.text(&format!("{path}.text"), text);
                TimedChange::Note(text.clone())
            }
        };
        events.push(TimedEvent { turn, change });
    }
    conflicting_events(c, &events);
    events
}

/// Two events of one turn that set the same thing (the Insurgency Level, one Hot Spot) to
/// different values: one of them would be undone as soon as it was done.
fn conflicting_events(c: &mut Checker, events: &[TimedEvent]) {
    let mut first: std::collections::HashMap<(u32, Option<u8>), (usize, &TimedChange)> =
        std::collections::HashMap::new();
    for (i, event) in events.iter().enumerate() {
        let what = match &event.change {
            TimedChange::InsurgencyLevel(_) => None,
            TimedChange::HotSpot { number, .. } => Some(*number),
            TimedChange::Note(_) => continue,
        };
        match first.get(&(event.turn, what)) {
            Some(&(j, earlier)) if earlier != &event.change => {
                let thing = match what {
                    None => "the Insurgency Level".to_owned(),
                    Some(n) => format!("Hot Spot {n}"),
                };
                c.problem(
                    format!("events[{i}]"),
                    format!(
                        "turn {}: events[{j}] already sets {thing} as this turn begins, to another value: keep one of the two",
                        event.turn
                    ),
                );
            }
            Some(_) => {}
            None => {
                first.insert((event.turn, what), (i, &event.change));
            }
        }
    }
}

/// The victory thresholds and the author's notes.
pub(super) fn check_thresholds(c: &mut Checker, file: &ScenarioFile) -> Vec<VictoryThreshold> {
    for (i, note) in file.author_notes.iter().enumerate() {
        c.text(&format!("author_notes[{i}]"), note);
    }
    file.victory_thresholds
        .iter()
        .enumerate()
        .map(|(i, t)| {
            let path = format!("victory_thresholds[{i}]");
            c.text(&format!("{path}.label"), &t.label);
            if !VICTORY_THRESHOLD.allows(t.points) {
                c.problem(
                    format!("{path}.points"),
                    format!("{}: expected {}", t.points, VICTORY_THRESHOLD.expected()),
                );
            }
            VictoryThreshold {
                side: t.side,
                points: t.points,
                label: t.label.clone(),
            }
        })
        .collect()
}

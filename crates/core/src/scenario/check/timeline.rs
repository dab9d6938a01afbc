//! The checks of what versions 3 and 4 add to the course of a game: a turn limit in dice, the
//! end rolled each turn, events on a set turn (on a roll, on a condition), victory thresholds
//! and the author's notes.

use crate::limits::{INSURGENCY_LEVEL, TURN_LIMIT, VICTORY_THRESHOLD};
use crate::rules::reinforcements::InsurgencyLevel;

use super::super::file::{
    Audience, ConditionFile, EventFile, InsurgencyFile, ScenarioFile, TurnLimitFile,
};
use super::super::{
    Condition, EndRoll, HotSpotSetup, TimedChange, TimedEvent, TurnLimitDice, VictoryThreshold,
};
use super::Checker;
use super::hot_spots::check_roll;
use super::reinforcement_table::check_arrivals;
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

/// A roll as an event or the end roll writes it: "4+" is 4.
pub(crate) fn roll_needed(text: &str) -> Option<u8> {
    let face = text.strip_suffix('+')?;
    match face.as_bytes() {
        [d @ b'1'..=b'6'] => Some(d - b'0'),
        _ => None,
    }
}

/// A roll at `path`, or a problem.
fn check_roll_words(c: &mut Checker, path: String, text: &str) -> u8 {
    roll_needed(text).unwrap_or_else(|| {
        c.problem(
            path,
            format!(
                "{}: expected {}",
                crate::text::quoted(text),
                super::super::file::ROLL_WORDS
            ),
        );
        6
    })
}

/// The end of the game rolled each turn (version 4).
pub(super) fn check_end_roll(c: &mut Checker, file: &ScenarioFile) -> Option<EndRoll> {
    let end = file.end_roll.as_ref()?;
    if !(1..=TURN_LIMIT.max as u32).contains(&end.from_turn) {
        c.problem(
            "end_roll.from_turn",
            format!("{}: expected {}", end.from_turn, TURN_LIMIT.expected()),
        );
    }
    if file.turn_limit_known && file.turn_limit_secret {
        c.problem(
            "turn_limit_secret",
            "the file also says turn_limit_known: the players are told the turn limit, or it is kept secret from them; keep one of the two",
        );
    }
    Some(EndRoll {
        from_turn: end.from_turn,
        on: check_roll_words(c, "end_roll.on".to_owned(), &end.on),
    })
}

/// The events: on a set turn, or (version 4) on a roll or a condition; each naming what the
/// scenario has.
pub(super) fn check_events(
    c: &mut Checker,
    file: &ScenarioFile,
    spots: &[HotSpotSetup],
) -> Vec<TimedEvent> {
    let mut events = Vec::new();
    let rows: Vec<String> = file.reinforcements.iter().map(|r| r.id.clone()).collect();
    let spot_numbers = || listed(spots.iter().map(|s| s.number.to_string()), spots.len());
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
        let on = event
            .on()
            .map(|text| check_roll_words(c, format!("{path}.on"), text));
        let when = event
            .when()
            .map(|w| condition(c, &format!("{path}.when"), w, file, spots));
        let change = match event {
            EventFile::InsurgencyLevel { level, .. } => {
                TimedChange::InsurgencyLevel(insurgency_level(c, &format!("{path}.level"), level))
            }
            EventFile::HotSpot {
                hot_spot, active, ..
            } => {
                if !spots.iter().any(|s| u32::from(s.number) == *hot_spot) {
                    c.problem(
                        format!("{path}.hot_spot"),
                        format!(
                            "Hot Spot {hot_spot} is not in this scenario: expected one of {}",
                            spot_numbers()
                        ),
                    );
                }
                TimedChange::HotSpot {
                    number: crate::limits::HOT_SPOT.clamp(*hot_spot) as u8,
                    active: *active,
                }
            }
            EventFile::Note { text, audience, .. } => {
                c.text(&format!("{path}.text"), text);
                match audience {
                    Audience::Referee => TimedChange::Note(text.clone()),
                    Audience::Players => TimedChange::PlayerNote(text.clone()),
                }
            }
            EventFile::ReinforcementRow {
                row,
                units,
                roll_again,
                ..
            } => {
                if !rows.iter().any(|r| r == row) {
                    let near = super::words::closest(row, &rows)
                        .map(|r| format!("did you mean \"{r}\"? "))
                        .unwrap_or_default();
                    c.problem(
                        format!("{path}.row"),
                        format!(
                            "{}: no row of the reinforcement table has this id: {near}the rows are {}",
                            crate::text::quoted(row),
                            listed(rows.iter().map(|r| crate::text::quoted(r)), rows.len())
                        ),
                    );
                }
                if units.is_empty() && !roll_again {
                    c.problem(
                        format!("{path}.units"),
                        "a row brings at least one unit, or rolls again",
                    );
                }
                TimedChange::ReinforcementRow {
                    row: row.clone(),
                    units: check_arrivals(c, &path, units),
                    roll_again: *roll_again,
                }
            }
            EventFile::HotSpotRoll { roll, .. } => {
                TimedChange::HotSpotRoll(check_roll(c, &format!("{path}.roll"), roll, spots))
            }
        };
        events.push(TimedEvent {
            turn,
            change,
            on,
            when,
        });
    }
    conflicting_events(c, &events);
    events
}

/// The condition an event waits for, naming what the scenario has.
fn condition(
    c: &mut Checker,
    path: &str,
    when: &ConditionFile,
    file: &ScenarioFile,
    spots: &[HotSpotSetup],
) -> Condition {
    match when {
        ConditionFile::HotSpotNeutralized(n) => {
            if !spots.iter().any(|s| u32::from(s.number) == *n) {
                c.problem(
                    format!("{path}.hot_spot_neutralized"),
                    format!(
                        "Hot Spot {n} is not in this scenario: expected one of {}",
                        listed(spots.iter().map(|s| s.number.to_string()), spots.len())
                    ),
                );
            }
            Condition::HotSpotNeutralized(crate::limits::HOT_SPOT.clamp(*n) as u8)
        }
        ConditionFile::WipedOut(id) => {
            let units = file
                .units
                .iter()
                .map(|u| (u.id.as_str(), u.name.as_str()))
                .chain(
                    file.leaders
                        .iter()
                        .filter(|l| l.attached_to.is_none())
                        .map(|l| (l.id.as_str(), l.name.as_str())),
                );
            let all: Vec<(&str, &str)> = units.collect();
            let name = match all.iter().find(|(unit, _)| unit == id) {
                Some((_, name)) => (*name).to_owned(),
                None => {
                    let ids: Vec<String> = all.iter().map(|(u, _)| (*u).to_owned()).collect();
                    let near = super::words::closest(id, &ids)
                        .map(|u| format!("did you mean \"{u}\"? "))
                        .unwrap_or_default();
                    c.problem(
                        format!("{path}.wiped_out"),
                        format!(
                            "{}: no unit (nor leader on his own) has this id: {near}write the id of one of the scenario's units",
                            crate::text::quoted(id)
                        ),
                    );
                    id.clone()
                }
            };
            Condition::WipedOut {
                unit: id.clone(),
                name,
            }
        }
        ConditionFile::Points(points) => {
            if !VICTORY_THRESHOLD.allows(points.at_least) {
                c.problem(
                    format!("{path}.points.at_least"),
                    format!(
                        "{}: expected {}",
                        points.at_least,
                        VICTORY_THRESHOLD.expected()
                    ),
                );
            }
            Condition::Points {
                side: points.side,
                at_least: points.at_least,
            }
        }
    }
}

/// Two events of one turn, both on that set turn, that set the same thing (the Insurgency
/// Level, one Hot Spot, one row of the table, the Hot Spot roll) to different values: one of
/// them would be undone as soon as it was done.
fn conflicting_events(c: &mut Checker, events: &[TimedEvent]) {
    /// What an event sets.
    #[derive(PartialEq, Eq, Hash)]
    enum Thing<'a> {
        Level,
        Spot(u8),
        Row(&'a str),
        Roll,
    }
    let mut first: std::collections::HashMap<(u32, Thing<'_>), (usize, &TimedChange)> =
        std::collections::HashMap::new();
    for (i, event) in events.iter().enumerate() {
        if !event.on_a_set_turn() {
            continue;
        }
        let what = match &event.change {
            TimedChange::InsurgencyLevel(_) => Thing::Level,
            TimedChange::HotSpot { number, .. } => Thing::Spot(*number),
            TimedChange::ReinforcementRow { row, .. } => Thing::Row(row),
            TimedChange::HotSpotRoll(_) => Thing::Roll,
            TimedChange::Note(_) | TimedChange::PlayerNote(_) => continue,
        };
        let thing = match &what {
            Thing::Level => "the Insurgency Level".to_owned(),
            Thing::Spot(n) => format!("Hot Spot {n}"),
            Thing::Row(row) => format!("the row {}", crate::text::quoted(row)),
            Thing::Roll => "the Hot Spot roll".to_owned(),
        };
        let key = (event.turn, what);
        match first.get(&key) {
            Some(&(j, earlier)) if earlier != &event.change => {
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
                first.insert(key, (i, &event.change));
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

//! Checks of a scenario file as an author writes it, beyond what the game needs to start: the
//! slips the app used to accept without a word. A saved game keeps the scenario it began with
//! and is never refused for these (`load_file` skips them), so old games keep loading.

use std::collections::HashMap;

use crate::limits::HOT_SPOT;
use crate::unit::{Side, Weapon};

use super::super::file::{AmbushAtFile, ScenarioFile, TurnLimitFile, UnitFile};
use super::super::{TurnLimitDice, VictoryTrigger};
use super::{MAX_FIGURES_PER_UNIT, Problem};

/// The last turn a game of the file can reach, and how to say so.
pub(super) struct LastTurn {
    pub(super) turn: u32,
    /// "the game ends after turn 8 (turn_limit)".
    words: String,
}

impl std::fmt::Display for LastTurn {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.words)
    }
}

pub(super) fn last_turn(file: &ScenarioFile) -> Option<LastTurn> {
    match file.turn_limit.as_ref()? {
        TurnLimitFile::Turns(n) => Some(LastTurn {
            turn: *n,
            words: format!("the game ends after turn {n} (turn_limit)"),
        }),
        TurnLimitFile::Dice(text) => TurnLimitDice::parse(text).map(|d| LastTurn {
            turn: d.most(),
            words: format!(
                "the game ends after turn {} at the latest (turn_limit {})",
                d.most(),
                crate::text::quoted(text)
            ),
        }),
    }
}

/// Every authoring problem of a file.
pub(super) fn problems(file: &ScenarioFile) -> Vec<Problem> {
    let mut out = Vec::new();
    let mut problem = |path: String, message: String| out.push(Problem::at(path, message, None));
    for (path, what, version) in newer_fields(file) {
        if version > file.version {
            problem(
                path,
                format!(
                    "{what} is new in version {version} of the format: write \"version\": {version}"
                ),
            );
        }
    }
    let last = last_turn(file);
    // Leaders attached to each unit, counted once (not once per unit).
    let mut attached: HashMap<&str, u32> = HashMap::new();
    for leader in &file.leaders {
        if let Some(unit) = leader.attached_to.as_deref() {
            *attached.entry(unit).or_default() += 1;
        }
    }
    for (i, unit) in file.units.iter().enumerate() {
        let path = format!("units[{i}]");
        if unit.non_combatant
            && let Some((j, f)) = unit
                .figures
                .iter()
                .enumerate()
                .find(|(_, f)| f.weapon != Weapon::Dependant)
        {
            problem(
                format!("{path}.figures[{j}].weapon"),
                format!(
                    "{} in a unit that never acts (non_combatant): its figures are dependants waiting to be picked up; write \"dependant\", or leave out non_combatant for a unit that fights",
                    crate::text::quoted(
                        &serde_json::to_value(f.weapon)
                            .ok()
                            .and_then(|v| v.as_str().map(str::to_owned))
                            .unwrap_or_default()
                    )
                ),
            );
        }
        let leaders = attached.get(unit.id.as_str()).copied().unwrap_or(0);
        let own: u32 = unit.figures.iter().map(|f| f.count).sum();
        let figures = own + leaders;
        // Too many figures of its own is said where the figures are checked.
        if own <= MAX_FIGURES_PER_UNIT && figures > MAX_FIGURES_PER_UNIT {
            problem(
                format!("{path}.figures"),
                format!(
                    "{figures} figures with {} attached: a unit has at most {MAX_FIGURES_PER_UNIT}",
                    crate::text::plural(leaders as usize, "leader", "leaders")
                ),
            );
        }
        ambush_problems(&mut problem, &path, unit, last.as_ref());
        if let (Some(arrives), Some(last)) = (&unit.arrives, &last)
            && arrives.turn > last.turn
        {
            problem(
                format!("{path}.arrives.turn"),
                format!("turn {}: {last}, so it would never arrive", arrives.turn),
            );
        }
    }
    if let (Some(end), Some(last)) = (&file.end_roll, &last)
        && end.from_turn > last.turn
    {
        problem(
            "end_roll.from_turn".to_owned(),
            format!(
                "turn {}: {last}, so it would never be rolled",
                end.from_turn
            ),
        );
    }
    if let Some(last) = &last {
        for (i, event) in file.events.iter().enumerate() {
            if event.turn() > last.turn {
                problem(
                    format!("events[{i}].turn"),
                    format!("turn {}: {last}, so it would never happen", event.turn()),
                );
            }
        }
    }
    out.extend(super::setups::problems(file));
    out
}

fn ambush_problems(
    problem: &mut impl FnMut(String, String),
    path: &str,
    unit: &UnitFile,
    last: Option<&LastTurn>,
) {
    let Some(ambush) = &unit.ambush else {
        return;
    };
    let path = format!("{path}.ambush");
    if unit.side == Side::Regular {
        return;
    }
    if let Some(limit) = last
        && ambush.from_turn > limit.turn
    {
        problem(
            format!("{path}.from_turn"),
            format!(
                "turn {}: {limit}, so it could never arrive",
                ambush.from_turn
            ),
        );
    }
    if let (Some(own), Some(limit)) = (ambush.last_turn, last)
        && own > limit.turn
    {
        problem(format!("{path}.last_turn"), format!("turn {own}: {limit}"));
    }
    let until = match (ambush.last_turn, last.map(|l| l.turn)) {
        (Some(a), Some(b)) => Some(a.min(b)),
        (a, b) => a.or(b),
    };
    for (k, &turn) in ambush.automatic_turns.iter().enumerate() {
        if turn < ambush.from_turn || until.is_some_and(|u| turn > u) {
            problem(
                format!("{path}.automatic_turns[{k}]"),
                format!(
                    "turn {turn}: an automatic arrival must fall between from_turn ({}) and {}",
                    ambush.from_turn,
                    match until {
                        Some(u) => format!("the last turn it can arrive ({u})"),
                        None => "the end of the game".to_owned(),
                    }
                ),
            );
        }
    }
    if let AmbushAtFile::Words(words) = &ambush.arrives_at
        && words != "hot_spot"
        && let Some(rest) = super::warnings::hot_spot_in_words(words)
    {
        let instead = match rest.parse::<u32>() {
            Ok(n) if HOT_SPOT.allows(n) => {
                format!("{{\"hot_spot\": {n}}} for Hot Spot {n} (version 2)")
            }
            Ok(n) => format!(
                "{{\"hot_spot\": N}} for one of the scenario's Hot Spots (version 2; they are numbered {}, there is no Hot Spot {n})",
                HOT_SPOT.expected()
            ),
            Err(_) => "\"hot_spot\" for a Hot Spot rolled like a reinforcement's".to_owned(),
        };
        problem(
            format!("{path}.arrives_at"),
            format!(
                "{} reads as a place in words, not a Hot Spot: write {instead}, or {{\"point\": \"…\"}} for a place",
                crate::text::quoted(words)
            ),
        );
    }
}

/// The fields a file uses that only a later version of the format has: (path, what, the
/// version that brought it).
fn newer_fields(file: &ScenarioFile) -> Vec<(String, String, u32)> {
    let mut out = version_4_fields(file);
    out.extend(version_3_fields(file));
    out.extend(
        version_2_fields(file)
            .into_iter()
            .map(|(path, what)| (path, what, 2)),
    );
    out
}

/// The fields only version 4 has: (path, what, 4).
fn version_4_fields(file: &ScenarioFile) -> Vec<(String, String, u32)> {
    use super::super::file::{ArrivalAtFile, Audience, EventFile};
    let mut out = Vec::new();
    let mut add = |path: String, what: &str| out.push((path, what.to_owned(), 4));
    if file.turn_limit_secret {
        add("turn_limit_secret".to_owned(), "\"turn_limit_secret\"");
    }
    if file.end_roll.is_some() {
        add("end_roll".to_owned(), "\"end_roll\"");
    }
    for (i, event) in file.events.iter().enumerate() {
        let path = format!("events[{i}]");
        if event.on().is_some() {
            add(format!("{path}.on"), "an event on a roll");
        }
        if event.when().is_some() {
            add(format!("{path}.when"), "an event on a condition");
        }
        match event {
            EventFile::Note {
                audience: Audience::Players,
                ..
            } => add(format!("{path}.for"), "a note for the players"),
            EventFile::ReinforcementRow { .. } => add(
                format!("{path}.kind"),
                "an event that changes a row of the reinforcement table",
            ),
            EventFile::HotSpotRoll { .. } => add(
                format!("{path}.kind"),
                "an event that changes the Hot Spot roll",
            ),
            _ => {}
        }
    }
    for (i, unit) in file.units.iter().enumerate() {
        if unit.freed_by.is_some() {
            add(format!("units[{i}].freed_by"), "\"freed_by\"");
        }
        if unit
            .arrives
            .as_ref()
            .is_some_and(|a| matches!(a.at, ArrivalAtFile::HotSpot(_)))
        {
            add(format!("units[{i}].arrives.at"), "an arrival at a Hot Spot");
        }
    }
    for (i, item) in file.victory.iter().enumerate() {
        if item.until_turn.is_some() {
            add(format!("victory[{i}].until_turn"), "\"until_turn\"");
        }
        if matches!(item.trigger, VictoryTrigger::HeldAtEnd { .. }) {
            add(
                format!("victory[{i}].trigger"),
                "points for tagged figures held at the end",
            );
        }
    }
    out
}

/// The fields only version 3 has: (path, what, 3).
fn version_3_fields(file: &ScenarioFile) -> Vec<(String, String, u32)> {
    let mut out = Vec::new();
    let mut add = |path: String, what: &str| out.push((path, what.to_owned(), 3));
    if matches!(file.turn_limit, Some(TurnLimitFile::Dice(_))) {
        add("turn_limit".to_owned(), "a turn limit in dice");
    }
    if file.turn_limit_known {
        add("turn_limit_known".to_owned(), "\"turn_limit_known\"");
    }
    if !file.events.is_empty() {
        add("events".to_owned(), "\"events\"");
    }
    if !file.victory_thresholds.is_empty() {
        add("victory_thresholds".to_owned(), "\"victory_thresholds\"");
    }
    if !file.author_notes.is_empty() {
        add("author_notes".to_owned(), "\"author_notes\"");
    }
    for (i, unit) in file.units.iter().enumerate() {
        if unit
            .arrives
            .as_ref()
            .is_some_and(|a| a.arrives_on.is_some())
        {
            add(
                format!("units[{i}].arrives.arrives_on"),
                "an arrival on a roll",
            );
        }
    }
    for (i, item) in file.victory.iter().enumerate() {
        match item.trigger {
            VictoryTrigger::EscortedOff {
                ends_game: false, ..
            } => add(
                format!("victory[{i}].trigger.ends_game"),
                "an escort that does not end the game",
            ),
            VictoryTrigger::Manual { once: true } => {
                add(format!("victory[{i}].trigger.once"), "an item scored once")
            }
            _ => {}
        }
    }
    out
}

/// The fields a version 1 file uses that only version 2 has: (path, what).
fn version_2_fields(file: &ScenarioFile) -> Vec<(String, String)> {
    let mut out = Vec::new();
    if file.hot_spot_roll.is_some() {
        out.push(("hot_spot_roll".to_owned(), "\"hot_spot_roll\"".to_owned()));
    }
    if file.contacts.is_some() {
        out.push(("contacts".to_owned(), "\"contacts\"".to_owned()));
    }
    for (i, spot) in file.hot_spots.iter().enumerate() {
        if !spot.active {
            out.push((
                format!("hot_spots[{i}].active"),
                "a Hot Spot neutralized at the start".to_owned(),
            ));
        }
    }
    for (i, unit) in file.units.iter().enumerate() {
        if unit.arrives.is_some() {
            out.push((
                format!("units[{i}].arrives"),
                "a unit arriving on a set turn".to_owned(),
            ));
        }
        if let Some(ambush) = &unit.ambush
            && !matches!(ambush.arrives_at, AmbushAtFile::Words(_))
        {
            out.push((
                format!("units[{i}].ambush.arrives_at"),
                "an object for arrives_at".to_owned(),
            ));
        }
    }
    for (i, leader) in file.leaders.iter().enumerate() {
        if leader.tag.is_some() {
            out.push((format!("leaders[{i}].tag"), "a leader's tag".to_owned()));
        }
    }
    for (i, row) in file.reinforcements.iter().enumerate() {
        for (j, unit) in row.units.iter().enumerate() {
            if unit.name.is_some()
                || unit.tq.is_some()
                || unit.morale.is_some()
                || unit.leader_tq.is_some()
            {
                out.push((
                    format!("reinforcements[{i}].units[{j}]"),
                    "an arriving unit's own name or dice".to_owned(),
                ));
            }
        }
    }
    for (i, item) in file.victory.iter().enumerate() {
        if matches!(
            item.trigger,
            VictoryTrigger::RegularsKilled
                | VictoryTrigger::InsurgentCasualties { .. }
                | VictoryTrigger::PlaceHeld { .. }
        ) {
            out.push((
                format!("victory[{i}].trigger"),
                "this kind of victory points".to_owned(),
            ));
        }
    }
    out
}

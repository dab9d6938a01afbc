//! What `validate` warns about without refusing the file: values written twice where once says
//! the same (`automatic_turns: [4, 4]`, an edge twice, a total twice in one row of the
//! reinforcement table), and values the game never reads (the Morale, Optimum Range, armor and
//! place of a leader attached to a unit: he is one of its figures), a victory threshold that can
//! never name the result, an event that sets what is already so, and an arrival on a set turn
//! whose place in words names a Hot Spot (it does not follow that Hot Spot).
//! A saved game is never warned about: its scenario is read as it was.

use std::collections::HashSet;

use super::super::VictoryTrigger;
use super::super::file::ScenarioFile;
use super::Problem;

/// What follows "Hot Spot" when a place in words names one ("Hot Spot 3" → "3", "hot-spot" →
/// ""), read without case, spaces or signs.
pub(super) fn hot_spot_in_words(words: &str) -> Option<String> {
    let simple: String = words
        .to_lowercase()
        .chars()
        .filter(|c| c.is_alphanumeric())
        .collect();
    simple.strip_prefix("hotspot").map(str::to_owned)
}

/// Every warning of a file, by field path (located later, with the problems' positions).
pub(super) fn warnings(file: &ScenarioFile) -> Vec<Problem> {
    let mut out = Vec::new();
    let mut warn = |path: String, message: String| out.push(Problem::at(path, message, None));
    for (i, unit) in file.units.iter().enumerate() {
        let path = format!("units[{i}]");
        if let Some(arrives) = &unit.arrives
            && let Some(words) = arrives.at.words()
            && let Some(rest) = hot_spot_in_words(words)
        {
            let instead = match rest.parse::<u32>() {
                Ok(n) if unit.side == crate::unit::Side::Insurgent => format!(
                    "for an arrival that follows Hot Spot {n}, write \"at\": {{\"hot_spot\": {n}}} (version 4)"
                ),
                _ if unit.side == crate::unit::Side::Insurgent => "for an arrival that follows a Hot Spot, write \"at\": {\"hot_spot\": N} (version 4)".to_owned(),
                _ => "a Regular unit comes on at a place, so name the place itself".to_owned(),
            };
            warn(
                format!("{path}.arrives.at"),
                format!(
                    "{} is a place in words: the unit comes on there on its turn whatever that Hot Spot's state, woken or neutralized; {instead}",
                    crate::text::quoted(words)
                ),
            );
        }
        if let Some(ambush) = &unit.ambush {
            for k in doubles(ambush.automatic_turns.iter()) {
                warn(
                    format!("{path}.ambush.automatic_turns[{k}]"),
                    format!(
                        "turn {} is listed twice: once is enough; take this one out",
                        ambush.automatic_turns[k]
                    ),
                );
            }
        }
    }
    if file.turn_limit_known
        && !matches!(
            file.turn_limit,
            Some(super::super::file::TurnLimitFile::Dice(_))
        )
    {
        warn(
            "turn_limit_known".to_owned(),
            "never used: only a turn limit in dice (\"6+1d3\") is rolled and told; take it out, or give the turn limit in dice".to_owned(),
        );
    }
    if file.turn_limit_secret && file.turn_limit.is_none() && file.end_roll.is_none() {
        warn(
            "turn_limit_secret".to_owned(),
            "never used: the game has no turn limit nor end roll to keep secret; take it out, or give the game a \"turn_limit\" or an \"end_roll\"".to_owned(),
        );
    }
    if let Some(last) = super::authoring::last_turn(file) {
        for (i, item) in file.victory.iter().enumerate() {
            if let Some(until) = item.until_turn
                && until >= last.turn
            {
                warn(
                    format!("victory[{i}].until_turn"),
                    format!(
                        "turn {until}: {last}, so the item counts every turn anyway; take until_turn out, or give an earlier turn"
                    ),
                );
            }
        }
    }
    for (i, leader) in file.leaders.iter().enumerate() {
        let Some(unit) = &leader.attached_to else {
            continue;
        };
        let path = format!("leaders[{i}]");
        let unit = crate::text::quoted(unit);
        for (field, given, what) in [
            ("morale", leader.morale.is_some(), "the unit's Morale die"),
            (
                "optimum_range",
                leader.optimum_range.is_some(),
                "the unit's Optimum Range",
            ),
            ("armor", leader.armor.is_some(), "the unit's armor"),
            ("location", leader.location.is_some(), "the unit's place"),
        ] {
            if given {
                warn(
                    format!("{path}.{field}"),
                    format!(
                        "never used: a leader attached to a unit ({unit}) is one of its figures and uses {what}; take \"{field}\" out, or leave out \"attached_to\" for a leader on his own"
                    ),
                );
            }
        }
    }
    for (i, row) in file.reinforcements.iter().enumerate() {
        for k in doubles(row.rolls.iter()) {
            warn(
                format!("reinforcements[{i}].rolls[{k}]"),
                format!(
                    "total {} is listed twice in this row: once is enough; take this one out",
                    row.rolls[k]
                ),
            );
        }
    }
    for (i, item) in file.victory.iter().enumerate() {
        if let VictoryTrigger::EscortedOff { edges, .. } = &item.trigger {
            for k in doubles(edges.iter()) {
                warn(
                    format!("victory[{i}].trigger.edges[{k}]"),
                    format!(
                        "the {} edge is listed twice: once is enough; take this one out",
                        edges[k].name()
                    ),
                );
            }
        }
    }
    for (i, threshold) in file.victory_thresholds.iter().enumerate() {
        // The first threshold reached, in the file's order, names the result: an earlier one
        // of the same side asking no more points is always reached first.
        if let Some(j) = file.victory_thresholds[..i]
            .iter()
            .position(|t| t.side == threshold.side && t.points <= threshold.points)
        {
            let earlier = &file.victory_thresholds[j];
            let advice = if earlier.points == threshold.points {
                format!(
                    "two thresholds of one side at the same points can never both name a result: give this one more than {} points, or take it out",
                    earlier.points
                )
            } else {
                format!(
                    "the first threshold reached in the list's order names the result, so move this one ({} points) above victory_thresholds[{j}]",
                    threshold.points
                )
            };
            warn(
                format!("victory_thresholds[{i}]"),
                format!(
                    "never names the result: victory_thresholds[{j}] ({} at {} points, {}) comes first and is reached whenever this one is; {advice}",
                    earlier.side,
                    earlier.points,
                    crate::text::quoted(&earlier.label)
                ),
            );
        }
    }
    unchanged_by_events(file, &mut warn);
    out
}

/// Events (version 3) that set what is already so as their turn begins: a Hot Spot woken that
/// is active, the Insurgency Level it already has.
fn unchanged_by_events(file: &ScenarioFile, warn: &mut impl FnMut(String, String)) {
    use super::super::file::{EventFile, InsurgencyFile};
    let level_words = |level: &InsurgencyFile| match level {
        InsurgencyFile::Level(n) => n.to_string(),
        InsurgencyFile::Word(w) => w.to_lowercase(),
    };
    let mut spots: std::collections::HashMap<u32, bool> = file
        .hot_spots
        .iter()
        .map(|h| (h.number, h.active))
        .collect();
    let mut level = level_words(&file.insurgency_level);
    // Only the events on a set turn: one on a roll or a condition may come at any time.
    let mut order: Vec<usize> = (0..file.events.len())
        .filter(|&i| file.events[i].on_a_set_turn())
        .collect();
    order.sort_by_key(|&i| file.events[i].turn());
    for i in order {
        let path = format!("events[{i}]");
        match &file.events[i] {
            EventFile::HotSpot {
                turn,
                hot_spot,
                active,
                ..
            } => {
                if spots.insert(*hot_spot, *active) == Some(*active) {
                    let state = if *active { "active" } else { "neutralized" };
                    warn(
                        path,
                        format!(
                            "changes nothing: Hot Spot {hot_spot} is already {state} as turn {turn} begins; take this event out"
                        ),
                    );
                }
            }
            EventFile::InsurgencyLevel {
                turn, level: to, ..
            } => {
                let to = level_words(to);
                if to == level {
                    warn(
                        path,
                        format!(
                            "changes nothing: the Insurgency Level is already {to} as turn {turn} begins; take this event out"
                        ),
                    );
                }
                level = to;
            }
            EventFile::Note { .. }
            | EventFile::ReinforcementRow { .. }
            | EventFile::HotSpotRoll { .. } => {}
        }
    }
}

/// The places in a list of the entries that repeat an earlier one.
fn doubles<'a, T: Eq + std::hash::Hash + 'a>(items: impl Iterator<Item = &'a T>) -> Vec<usize> {
    let mut seen = HashSet::new();
    items
        .enumerate()
        .filter(|(_, item)| !seen.insert(*item))
        .map(|(k, _)| k)
        .collect()
}

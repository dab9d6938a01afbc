//! The checks of the victory points.

use std::collections::{HashMap, HashSet};

use crate::limits::{CASUALTIES_PER_SCORE, VICTORY_POINTS};

use super::super::file::ScenarioFile;
use super::super::{VictoryItem, VictoryTrigger};
use super::Checker;
use super::units::check_id;

pub(super) fn check_victory(
    c: &mut Checker,
    file: &ScenarioFile,
    tags: &[String],
) -> Vec<VictoryItem> {
    let mut ids: HashMap<&str, String> = HashMap::new();
    let mut items = Vec::new();
    let known: HashSet<&str> = tags.iter().map(String::as_str).collect();
    for (i, v) in file.victory.iter().enumerate() {
        let path = format!("victory[{i}]");
        check_id(c, &mut ids, &v.id, &format!("{path}.id"));
        c.text(&format!("{path}.label"), &v.label);
        if !VICTORY_POINTS.allows(v.points) {
            c.problem(
                format!("{path}.points"),
                format!(
                    "{}: expected {} to {}",
                    v.points, VICTORY_POINTS.min, VICTORY_POINTS.max
                ),
            );
        }
        let tag = match &v.trigger {
            VictoryTrigger::EscortedOff { tag, .. } | VictoryTrigger::HeldAtEnd { tag, .. } => {
                Some(tag)
            }
            _ => None,
        };
        if let Some(tag) = tag
            && !known.contains(tag.as_str())
        {
            let tag = crate::text::quoted(tag);
            c.problem(
                format!("{path}.trigger.tag"),
                if tags.is_empty() {
                    format!("no figure or leader carries the tag {tag}: give one a \"tag\"")
                } else {
                    let mut seen = HashSet::new();
                    let distinct: Vec<&String> =
                        tags.iter().filter(|t| seen.insert(t.as_str())).collect();
                    format!(
                        "no figure or leader carries the tag {tag}: the tags are {}",
                        super::units::listed(
                            distinct.iter().map(|t| crate::text::quoted(t)),
                            distinct.len()
                        )
                    )
                },
            );
        }
        if let VictoryTrigger::PlaceHeld { place } = &v.trigger {
            c.text(&format!("{path}.trigger.place"), place);
        }
        if let VictoryTrigger::InsurgentCasualties { per } = &v.trigger
            && *per == 0
        {
            c.problem(
                format!("{path}.trigger.per"),
                format!(
                    "0: expected a whole number from {} to {} (1: every casualty scores)",
                    CASUALTIES_PER_SCORE.min, CASUALTIES_PER_SCORE.max
                ),
            );
        }
        if v.until_turn.is_some() && !v.trigger.counted_as_it_happens() {
            c.problem(
                format!("{path}.until_turn"),
                "only an item the app counts as it happens (regular_wounded, regulars_killed, insurgent_casualties, escorted_off) stops counting after a turn; this one is judged or counted at the end: take until_turn out",
            );
        }
        items.push(VictoryItem {
            id: v.id.clone(),
            side: v.side,
            points: v.points,
            label: v.label.clone(),
            trigger: v.trigger.clone(),
            until_turn: v.until_turn,
        });
    }
    items
}

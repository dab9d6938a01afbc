//! The checks of the victory points.

use std::collections::HashMap;

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
        if let VictoryTrigger::EscortedOff { tag, .. } = &v.trigger
            && !tags.contains(tag)
        {
            c.problem(
                format!("{path}.trigger.tag"),
                if tags.is_empty() {
                    format!("no figure or leader carries the tag \"{tag}\": give one a \"tag\"")
                } else {
                    format!(
                        "no figure or leader carries the tag \"{tag}\": the tags are {}",
                        tags.iter()
                            .map(|t| format!("\"{t}\""))
                            .collect::<Vec<_>>()
                            .join(", ")
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
        items.push(VictoryItem {
            id: v.id.clone(),
            side: v.side,
            points: v.points,
            label: v.label.clone(),
            trigger: v.trigger.clone(),
        });
    }
    items
}

//! The checks of the victory points.

use std::collections::HashMap;

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
        if !(-100..=100).contains(&v.points) {
            c.problem(
                format!("{path}.points"),
                format!("{}: expected -100 to 100", v.points),
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
                "0: expected a whole number from 1 to 50 (1: every casualty scores)",
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

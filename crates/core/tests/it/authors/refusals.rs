//! What the app used to accept in silence is refused, each with its line and column, its field
//! path and what to write: fields written twice, blank text, and set-ups that can never work.

use ambush_core::scenario::builtin;
use ambush_core::scenario::check::{self, ScenarioError};
use serde_json::{Value, json};

/// Every problem of a text, as `validate` prints it after the file name.
pub(super) fn problems(text: &str) -> Vec<String> {
    match check::load_bytes(text.as_bytes()) {
        Ok(_) => Vec::new(),
        // The problems alone: a refused file's warnings are tested on their own.
        Err(ScenarioError::Invalid(problems)) => problems
            .iter()
            .filter(|p| !p.warning)
            .map(ToString::to_string)
            .collect(),
        Err(other) => vec![other.to_string()],
    }
}

pub(super) fn night_patrol() -> Value {
    let mut v: Value = serde_json::from_str(builtin::NIGHT_PATROL).expect("JSON");
    if let Some(top) = v.as_object_mut() {
        top.remove("contacts");
    }
    v
}

pub(super) fn edit(change: impl FnOnce(&mut Value)) -> Value {
    let mut v = night_patrol();
    change(&mut v);
    v
}

pub(super) fn pretty(v: &Value) -> String {
    serde_json::to_string_pretty(v).expect("JSON")
}

#[test]
fn a_field_written_twice_is_refused_where_it_is_written_again() {
    // "turn_limit": 8 and then 3 used to give a game of three turns, without a word.
    let text = pretty(&night_patrol()).replacen(
        "\"turn_limit\": 8,",
        "\"turn_limit\": 8,\n  \"turn_limit\": 3,",
        1,
    );
    assert!(
        text.contains("\"turn_limit\": 3"),
        "the file has a turn limit of 8"
    );
    let line_of = |needle: &str| {
        text.lines()
            .position(|l| l.contains(needle))
            .map(|i| i + 1)
            .expect("written")
    };
    let (first, second) = (line_of("\"turn_limit\": 8"), line_of("\"turn_limit\": 3"));
    assert_eq!(
        problems(&text),
        vec![format!(
            "{second}:3: turn_limit: \"turn_limit\" is written twice in this object: JSON keeps only the last one and drops the other without a word; keep one of them (the first is at line {first}, column 3)"
        )]
    );
}

#[test]
fn fields_written_twice_anywhere_are_each_named_once() {
    let text = builtin::NIGHT_PATROL.to_owned();
    // A unit's "tq" written three times, and a figure's "count" twice, deep in the file.
    let text = text.replacen(
        "\"tq\": \"d8\",",
        "\"tq\": \"d8\", \"tq\": \"d6\", \"tq\": \"d8\",",
        1,
    );
    let text = text.replacen("\"count\": 2", "\"count\": 2, \"count\": 3", 1);
    let found = problems(&text);
    assert_eq!(found.len(), 2, "{found:#?}");
    assert!(
        found[0].contains(": units[0].tq: \"tq\" is written twice"),
        "{found:#?}"
    );
    assert!(
        found[1].contains(".count: \"count\" is written twice"),
        "{found:#?}"
    );
    for p in &found {
        assert!(p.contains("(the first is at line"), "{p}");
        let line: usize = p
            .split(':')
            .next()
            .and_then(|l| l.parse().ok())
            .unwrap_or(0);
        assert!(line > 1, "{p}");
    }
}

#[test]
fn a_field_written_twice_is_listed_with_every_other_problem() {
    let v = edit(|v| v["units"][0]["tq"] = json!("D8"));
    let text = pretty(&v).replacen("\"name\":", "\"name\": \"x\", \"name\":", 1);
    let found = problems(&text);
    assert_eq!(found.len(), 2, "{found:#?}");
    assert!(
        found
            .iter()
            .any(|p| p.contains("\"name\" is written twice"))
    );
    assert!(found.iter().any(|p| p.contains("units[0].tq: \"D8\"")));
}

#[test]
fn blank_text_is_refused_wherever_text_is_given() {
    for (field, set, expected) in [
        (
            "brief",
            (|v: &mut Value| v["brief"] = json!("   ")) as fn(&mut Value),
            r#"brief: "   ": blank text: write its words, or leave out "brief""#,
        ),
        (
            "table",
            |v| v["table"] = json!(""),
            r#"table: "": blank text: write its words, or leave out "table""#,
        ),
        (
            "special_rules",
            |v| v["special_rules"] = json!(["Night: the patrol sees 12\".", "  "]),
            r#"special_rules[1]: "  ": blank text: write its words, or take the entry out"#,
        ),
        (
            "objectives",
            |v| v["objectives"]["regular"] = json!("  "),
            r#"objectives.regular: "  ": blank text: write its words, or leave out "regular""#,
        ),
        (
            "a unit's location",
            |v| v["units"][0]["location"] = json!(" "),
            r#"units[0].location: " ": blank text: write its words, or leave out "location""#,
        ),
        (
            "a Hot Spot's location",
            |v| v["hot_spots"][1]["location"] = json!(""),
            r#"hot_spots[1].location: "": blank text: write its words, or leave out "location""#,
        ),
        (
            "a unit's name",
            |v| v["units"][1]["name"] = json!("  "),
            r#"units[1].name: "  ": blank text: write its words"#,
        ),
        (
            "an escort's tag",
            |v| {
                v["victory"][0]["trigger"] = json!({"kind": "escorted_off", "tag": " "});
            },
            r#"victory[0].trigger.tag: " ": blank text: write its words"#,
        ),
    ] {
        let v = edit(set);
        let found = problems(&pretty(&v));
        let bare: Vec<&str> = found
            .iter()
            .map(|p| p.splitn(3, ':').nth(2).unwrap_or(p).trim_start())
            .collect();
        assert_eq!(bare, vec![expected], "{field}: {found:#?}");
        // Located at its line and column.
        assert!(
            found[0]
                .split(':')
                .next()
                .is_some_and(|l| l.parse::<usize>().is_ok()),
            "{found:?}"
        );
    }
}

/// The problems after their line and column.
pub(super) fn bare(v: &Value) -> Vec<String> {
    problems(&pretty(v))
        .into_iter()
        .map(|p| {
            p.splitn(3, ':')
                .nth(2)
                .unwrap_or(&p)
                .trim_start()
                .to_owned()
        })
        .collect()
}

#[test]
fn set_ups_that_can_never_work_are_refused_with_what_to_write() {
    // An ambush at a Hot Spot neutralized from the start: the unit could only be lost.
    let v = edit(|v| {
        v["hot_spots"][1]["active"] = json!(false);
        v["units"][4]["ambush"] = json!({"from_turn": 2, "arrives_at": {"hot_spot": 2}});
    });
    assert_eq!(
        bare(&v),
        vec![
            r#"units[4].ambush.arrives_at.hot_spot: Hot Spot 2 is neutralized from the start, so the unit could only be lost there: name an active spot, write "hot_spot" for a rolled one, or add (version 3) an event that wakes it"#
        ]
    );
    // A Hot Spot roll whose every face names a neutralized spot.
    let v = edit(|v| {
        v["hot_spots"][1]["active"] = json!(false);
        v["hot_spots"][2]["active"] = json!(false);
        v["hot_spot_roll"] = json!({"1": 2, "2": 2, "3": 3, "4": 3, "5": 3, "6": 2});
    });
    assert_eq!(
        bare(&v),
        vec![
            r#"hot_spot_roll: every face names a Hot Spot neutralized from the start (2 and 3): every reinforcement would be lost; name an active spot, or "choice", on some faces"#
        ]
    );
    // Every Hot Spot neutralized.
    let v = edit(|v| {
        for spot in v["hot_spots"].as_array_mut().expect("spots") {
            spot["active"] = json!(false);
        }
    });
    assert_eq!(
        bare(&v),
        vec![
            r#"hot_spots: every Hot Spot is neutralized from the start and none wakes later: every reinforcement would be lost; leave out "active": false on one, or add (version 3) an event that wakes it"#
        ]
    );
    // An escort item for a side whose tag only the other side carries: figures never change
    // sides, so it could never score.
    let v = edit(|v| {
        v["units"][3]["figures"][0]["tag"] = json!("hostage");
        v["victory"][0]["trigger"] = json!({"kind": "escorted_off", "tag": "hostage"});
        v["victory"][0]["side"] = json!("regular");
    });
    assert_eq!(v["units"][3]["side"], "insurgent");
    assert_eq!(
        bare(&v),
        vec![
            r#"victory[0].trigger.tag: only Insurgent figures carry the tag "hostage", and this item counts those that leave in a Regular unit (figures never change sides): give the tag to a Regular figure, or make the item's side "insurgent""#
        ]
    );
}

#[test]
fn a_spot_an_event_wakes_is_not_neutralized_for_good() {
    let mut v: Value = serde_json::from_str(builtin::ROADBLOCK_AT_DAWN).expect("JSON");
    // The market (3) sleeps until turn 4: an ambush there, and a roll naming only it, are good.
    v["units"][4]["ambush"]["arrives_at"] = json!({"hot_spot": 3});
    v["hot_spot_roll"] = json!({"1": 3, "2": 3, "3": 3, "4": 3, "5": 3, "6": 3});
    assert!(bare(&v).is_empty(), "{:?}", bare(&v));
    // Without the event that wakes it, both are refused.
    v["events"].as_array_mut().expect("events").remove(1);
    let found = bare(&v);
    assert_eq!(found.len(), 2, "{found:#?}");
    assert!(found[0].starts_with("hot_spot_roll: every face names a Hot Spot neutralized"));
    assert!(
        found[1].ends_with(r#"or add an event that wakes it ("kind": "hot_spot", "active": true)"#),
        "{found:#?}"
    );
}

//! Harmless doubles and values the game never reads: the file is good, and `validate` warns,
//! each warning located.

use ambush_core::scenario::builtin;
use ambush_core::scenario::check::load_bytes;
use serde_json::{Value, json};

use super::refusals::{edit, pretty};

/// The warnings of a good file, as `validate` prints them after the file name.
fn warnings(v: &Value) -> Vec<String> {
    let text = pretty(v);
    let loaded = load_bytes(text.as_bytes()).unwrap_or_else(|e| panic!("refused: {e}"));
    loaded.warnings.iter().map(ToString::to_string).collect()
}

/// Warnings without their line and column, as [`super::refusals::bare`] gives problems.
fn unplaced(found: &[String]) -> Vec<&str> {
    found
        .iter()
        .map(|p| p.splitn(3, ':').nth(2).unwrap_or(p).trim_start())
        .collect()
}

#[test]
fn the_built_in_scenarios_have_no_warnings() {
    for (id, _, text) in builtin::ALL {
        let loaded = load_bytes(text.as_bytes()).unwrap_or_else(|e| panic!("{id}: {e}"));
        assert!(loaded.warnings.is_empty(), "{id}: {:?}", loaded.warnings);
    }
}

#[test]
fn harmless_doubles_are_warned_about_and_the_file_is_good() {
    let v = edit(|v| {
        v["units"][4]["ambush"] = json!({"from_turn": 2, "automatic_turns": [4, 5, 4]});
        v["victory"][0]["trigger"] =
            json!({"kind": "escorted_off", "tag": "hvt", "edges": ["south", "east", "south"]});
        v["leaders"][0]["tag"] = json!("hvt");
        v["reinforcements"][2]["rolls"] = json!([6, 7, 8, 7]);
    });
    let found = warnings(&v);
    assert_eq!(
        unplaced(&found),
        vec![
            // In the order of the file (written with its fields in alphabetical order).
            "reinforcements[2].rolls[3]: total 7 is listed twice in this row: once is enough; take this one out",
            "units[4].ambush.automatic_turns[2]: turn 4 is listed twice: once is enough; take this one out",
            "victory[0].trigger.edges[2]: the south edge is listed twice: once is enough; take this one out",
        ],
        "{found:#?}"
    );
    for w in &found {
        let line: usize = w
            .split(':')
            .next()
            .and_then(|l| l.parse().ok())
            .unwrap_or(0);
        assert!(line > 1, "{w}");
    }
}

#[test]
fn values_the_game_never_reads_are_warned_about() {
    let v = edit(|v| {
        // Leaders[0] is attached to a unit: his Morale and range are the unit's.
        v["leaders"][0]["morale"] = json!("d12");
        v["leaders"][0]["optimum_range"] = json!(10);
        v["leaders"][0]["armor"] = json!(1);
        v["leaders"][0]["location"] = json!("by the wall");
    });
    assert!(
        v["leaders"][0]["attached_to"].is_string(),
        "an attached leader"
    );
    let found = warnings(&v);
    assert_eq!(found.len(), 4, "{found:#?}");
    assert!(
        found.iter().any(|w| w
            .contains("leaders[0].morale: never used: a leader attached to a unit")
            && w.contains("uses the unit's Morale die")),
        "{found:#?}"
    );
    for field in ["optimum_range", "armor", "location"] {
        assert!(
            found
                .iter()
                .any(|w| w.contains(&format!("leaders[0].{field}: never used"))),
            "{found:#?}"
        );
    }
}

#[test]
fn thresholds_that_can_never_name_the_result_and_events_that_change_nothing_are_warned_about() {
    let v = edit(|v| {
        v["version"] = json!(3);
        v["victory_thresholds"] = json!([
            {"side": "regular", "points": 4, "label": "Marginal Regular victory"},
            {"side": "insurgent", "points": 5, "label": "Insurgent victory"},
            {"side": "regular", "points": 8, "label": "Decisive Regular victory"}
        ]);
        v["events"] = json!([
            {"turn": 3, "kind": "hot_spot", "hot_spot": 1, "active": true},
            {"turn": 4, "kind": "insurgency_level", "level": 5},
            {"turn": 5, "kind": "insurgency_level", "level": 5}
        ]);
    });
    let found = warnings(&v);
    assert_eq!(
        unplaced(&found),
        vec![
            "events[0]: changes nothing: Hot Spot 1 is already active as turn 3 begins; take this event out",
            "events[2]: changes nothing: the Insurgency Level is already 5 as turn 5 begins; take this event out",
            r#"victory_thresholds[2]: never names the result: victory_thresholds[0] (Regular at 4 points, "Marginal Regular victory") comes first and is reached whenever this one is; the first threshold reached in the list's order names the result, so move this one (8 points) above victory_thresholds[0]"#,
        ]
    );
}

#[test]
fn two_thresholds_of_one_side_at_the_same_points_are_told_to_differ_not_to_be_reordered() {
    let v = edit(|v| {
        v["version"] = json!(3);
        v["victory_thresholds"] = json!([
            {"side": "insurgent", "points": 6, "label": "Insurgent victory"},
            {"side": "insurgent", "points": 6, "label": "Crushing Insurgent victory"}
        ]);
    });
    let found = warnings(&v);
    assert_eq!(
        unplaced(&found),
        vec![
            r#"victory_thresholds[1]: never names the result: victory_thresholds[0] (Insurgent at 6 points, "Insurgent victory") comes first and is reached whenever this one is; two thresholds of one side at the same points can never both name a result: give this one more than 6 points, or take it out"#,
        ]
    );
}

#[test]
fn an_arrival_at_hot_spot_in_words_is_warned_to_be_a_place_not_the_hot_spot() {
    let v = edit(|v| {
        v["version"] = json!(2);
        v["units"][4]["ambush"] = Value::Null;
        v["units"][4]
            .as_object_mut()
            .expect("a unit")
            .remove("ambush");
        v["units"][4]["arrives"] = json!({"turn": 3, "at": "Hot Spot 3"});
    });
    let found = warnings(&v);
    assert!(
        unplaced(&found).iter().any(|w| w.starts_with(
            r#"units[4].arrives.at: "Hot Spot 3" is a place in words: the unit comes on there on its turn whatever that Hot Spot's state"#
        )),
        "{found:#?}"
    );
    // Located at the field itself.
    assert!(
        found
            .iter()
            .any(|w| w.contains("units[4].arrives.at") && !w.starts_with("units")),
        "{found:#?}"
    );
}

#[test]
fn every_hot_spot_neutralized_for_good_after_turn_two_is_warned_about_from_its_turn() {
    let v = edit(|v| {
        v["version"] = json!(3);
        v["events"] = json!([
            {"turn": 3, "kind": "hot_spot", "hot_spot": 1, "active": false},
            {"turn": 3, "kind": "hot_spot", "hot_spot": 2, "active": false},
            {"turn": 5, "kind": "hot_spot", "hot_spot": 3, "active": false}
        ]);
    });
    let found = warnings(&v);
    assert!(
        unplaced(&found).contains(
            &"hot_spots: every Hot Spot is neutralized for good from turn 5, as the events leave them, and none wakes later: every reinforcement from turn 5 on would be lost; drop one of the events that neutralize them, or add an event that wakes one (\"kind\": \"hot_spot\", \"active\": true)"
        ),
        "{found:#?}"
    );
    // One spot woken again later: no warning.
    let v = edit(|v| {
        v["version"] = json!(3);
        v["events"] = json!([
            {"turn": 3, "kind": "hot_spot", "hot_spot": 1, "active": false},
            {"turn": 3, "kind": "hot_spot", "hot_spot": 2, "active": false},
            {"turn": 5, "kind": "hot_spot", "hot_spot": 3, "active": false},
            {"turn": 6, "kind": "hot_spot", "hot_spot": 2, "active": true}
        ]);
    });
    assert!(
        !warnings(&v)
            .iter()
            .any(|w| w.contains("neutralized for good")),
        "{:#?}",
        warnings(&v)
    );
}

#[test]
fn an_ambush_that_may_roll_in_before_its_hot_spot_wakes_is_warned_at_its_first_turn() {
    let v = edit(|v| {
        v["version"] = json!(3);
        v["hot_spots"][2]["active"] = json!(false);
        v["events"] = json!([
            {"turn": 4, "kind": "hot_spot", "hot_spot": 3, "active": true}
        ]);
        v["units"][4]["ambush"] =
            json!({"from_turn": 2, "arrives_on": 5, "arrives_at": {"hot_spot": 3}});
    });
    let found = warnings(&v);
    assert!(
        unplaced(&found).contains(
            &"units[4].ambush.from_turn: the ambush may roll in from turn 2, but Hot Spot 3 stays neutralized until events[0] wakes it on turn 4: arriving before that, the unit is lost; make from_turn 4 or later, or wake the spot earlier"
        ),
        "{found:#?}"
    );
    // From the turn it wakes: nothing to say.
    let v = edit(|v| {
        v["version"] = json!(3);
        v["hot_spots"][2]["active"] = json!(false);
        v["events"] = json!([
            {"turn": 4, "kind": "hot_spot", "hot_spot": 3, "active": true}
        ]);
        v["units"][4]["ambush"] =
            json!({"from_turn": 4, "arrives_on": 5, "arrives_at": {"hot_spot": 3}});
    });
    assert!(
        !warnings(&v).iter().any(|w| w.contains("stays neutralized")),
        "{:#?}",
        warnings(&v)
    );
}

#[test]
fn a_hot_spot_roll_whose_every_face_names_a_spot_still_asleep_is_warned_about() {
    let v = edit(|v| {
        v["version"] = json!(3);
        v["hot_spots"][1]["active"] = json!(false);
        v["hot_spots"][2]["active"] = json!(false);
        v["events"] = json!([
            {"turn": 4, "kind": "hot_spot", "hot_spot": 3, "active": true},
            {"turn": 5, "kind": "hot_spot", "hot_spot": 2, "active": true}
        ]);
        v["hot_spot_roll"] = json!({"1": 2, "2": 2, "3": 3, "4": 3, "5": 3, "6": 2});
    });
    let found = warnings(&v);
    assert!(
        unplaced(&found).contains(
            &"hot_spot_roll: every face names a Hot Spot still neutralized as turn 2 begins (2 and 3); the first wakes on turn 4: every reinforcement before then would be lost; name an active spot, or \"choice\", on some faces"
        ),
        "{found:#?}"
    );
    // One face for the active spot 1: nothing to say.
    let v = edit(|v| {
        v["version"] = json!(3);
        v["hot_spots"][1]["active"] = json!(false);
        v["hot_spots"][2]["active"] = json!(false);
        v["events"] = json!([
            {"turn": 4, "kind": "hot_spot", "hot_spot": 3, "active": true},
            {"turn": 5, "kind": "hot_spot", "hot_spot": 2, "active": true}
        ]);
        v["hot_spot_roll"] = json!({"1": 1, "2": 2, "3": 3, "4": 3, "5": 3, "6": 2});
    });
    assert!(
        !warnings(&v).iter().any(|w| w.contains("hot_spot_roll")),
        "{:#?}",
        warnings(&v)
    );
}

#[test]
fn a_threshold_above_the_most_its_side_can_score_is_warned_with_that_most() {
    let v = edit(|v| {
        v["version"] = json!(3);
        v["victory"] = json!([
            {"id": "bridge", "side": "regular", "points": 2, "label": "The bridge held",
             "trigger": {"kind": "place_held", "place": "the bridge"}},
            {"id": "radio", "side": "regular", "points": 1, "label": "Radio found",
             "trigger": {"kind": "manual", "once": true}},
            {"id": "pinned", "side": "regular", "points": -1, "label": "Patrol pinned",
             "trigger": {"kind": "manual", "once": true}},
            {"id": "hurt", "side": "insurgent", "points": 1, "label": "Regulars hurt",
             "trigger": {"kind": "manual"}}
        ]);
        v["victory_thresholds"] = json!([
            {"side": "regular", "points": 5, "label": "Regular victory"},
            {"side": "insurgent", "points": 50, "label": "Insurgent victory"}
        ]);
    });
    let found = warnings(&v);
    let about: Vec<&str> = unplaced(&found)
        .into_iter()
        .filter(|w| w.contains("can never be reached"))
        .collect();
    // The Insurgents' item is awarded by hand as often as it happens: no bound, no warning.
    assert_eq!(
        about,
        vec![
            "victory_thresholds[0].points: 5 points can never be reached: at most 3 points can be scored by the Regular side with this file's victory items and figures; lower it to 3 or less, or add a way to score"
        ],
        "{found:#?}"
    );
}

//! Scenario authors, third pass: the traps that passed in silence are told at their place, a
//! wrong value is named before anything it would echo, every note holds line breaks alike, and
//! what version 4 adds is checked as carefully as the rest.

use ambush_core::scenario::builtin;
use ambush_core::scenario::check::{ScenarioError, load_bytes};
use serde_json::{Value, json};

use super::refusals::pretty;

/// Roadblock at Dawn (version 3), changed.
fn roadblock(change: impl FnOnce(&mut Value)) -> Value {
    let mut v: Value = serde_json::from_str(builtin::ROADBLOCK_AT_DAWN).expect("JSON");
    change(&mut v);
    v
}

/// Every line `validate` prints for a file, problems and warnings, without its line and
/// column; warnings marked as they are printed.
fn said(v: &Value) -> Vec<String> {
    let bare = |p: &ambush_core::scenario::check::Problem| {
        let warning = if p.warning { "warning: " } else { "" };
        format!("{warning}{}: {}", p.path, p.message)
    };
    match load_bytes(pretty(v).as_bytes()) {
        Ok(loaded) => loaded.warnings.iter().map(bare).collect(),
        Err(ScenarioError::Invalid(problems)) => problems.iter().map(bare).collect(),
        Err(other) => vec![other.to_string()],
    }
}

#[test]
fn an_ambush_that_may_roll_in_after_its_hot_spot_is_neutralized_again_is_warned_about() {
    let v = roadblock(|v| {
        v["events"] = json!([
            {"turn": 5, "kind": "hot_spot", "hot_spot": 2, "active": false},
            {"turn": 7, "kind": "hot_spot", "hot_spot": 2, "active": true}
        ]);
    });
    assert_eq!(
        said(&v),
        vec![
            "warning: units[4].ambush: the ambush may roll in on turn 5 or later, when events[0] has neutralized Hot Spot 2 (until turn 7): arriving then, the unit is lost; give it \"last_turn\" 4, or drop that event"
        ]
    );
    // Its last turn before the spot sleeps: nothing to say.
    let v = roadblock(|v| {
        v["events"] = json!([{"turn": 5, "kind": "hot_spot", "hot_spot": 2, "active": false}]);
        v["units"][4]["ambush"]["last_turn"] = json!(4);
    });
    assert_eq!(said(&v), Vec::<String>::new());
}

#[test]
fn a_hot_spot_roll_naming_spots_asleep_then_neutralized_for_good_is_still_warned_about() {
    // Spot 3 wakes on turn 4 and is neutralized for good on turn 6: still asleep on turn 2.
    let v = roadblock(|v| {
        v["hot_spot_roll"] = json!({"1": 3, "2": 3, "3": 3, "4": 3, "5": 3, "6": 3});
        v["events"] = json!([
            {"turn": 4, "kind": "hot_spot", "hot_spot": 3, "active": true},
            {"turn": 6, "kind": "hot_spot", "hot_spot": 3, "active": false}
        ]);
    });
    assert!(
        said(&v).contains(&"warning: hot_spot_roll: every face names a Hot Spot still neutralized as turn 2 begins (3); the first wakes on turn 4: every reinforcement before then would be lost; name an active spot, or \"choice\", on some faces".to_owned()),
        "{:#?}",
        said(&v)
    );
}

#[test]
fn a_hot_spot_event_without_active_is_named_and_nothing_is_blamed_on_the_ambush_there() {
    let v = roadblock(|v| {
        v["events"][1] = json!({"turn": 4, "kind": "hot_spot", "hot_spot": 3});
        v["units"][4]["ambush"] =
            json!({"from_turn": 4, "arrives_on": 4, "arrives_at": {"hot_spot": 3}});
    });
    assert_eq!(
        said(&v),
        vec![
            "events[1].active: missing field \"active\" (True: it is active from this turn; false: it is neutralized): expected true or false"
        ]
    );
}

#[test]
fn notes_hold_line_breaks_alike_the_authors_and_an_events() {
    let v = roadblock(|v| {
        v["events"][2]["text"] =
            json!("The convoy radios that it is close.\nTell the Regular player.");
        v["author_notes"][0] = json!("Two lines:\nthe second.");
    });
    assert_eq!(said(&v), Vec::<String>::new());
    // Names, labels and places stay on one line.
    let v = roadblock(|v| v["victory_thresholds"][0]["label"] = json!("Two\nlines"));
    assert!(
        said(&v)[0].starts_with("victory_thresholds[0].label: \"Two\\nlines\": a line break in text that is printed on one line"),
        "{:#?}",
        said(&v)
    );
}

#[test]
fn the_fields_of_version_4_in_an_older_file_name_the_version_to_write() {
    let v = roadblock(|v| {
        v["turn_limit_secret"] = json!(true);
        v["turn_limit_known"] = json!(false);
        v["events"][2]["for"] = json!("players");
        v["events"][0]["on"] = json!("4+");
        v["victory"][0]["until_turn"] = json!(5);
    });
    let found = said(&v);
    for expected in [
        "turn_limit_secret: \"turn_limit_secret\" is new in version 4 of the format: write \"version\": 4",
        "events[0].on: an event on a roll is new in version 4 of the format: write \"version\": 4",
        "events[2].for: a note for the players is new in version 4 of the format: write \"version\": 4",
        "victory[0].until_turn: \"until_turn\" is new in version 4 of the format: write \"version\": 4",
    ] {
        assert!(
            found.contains(&expected.to_owned()),
            "{expected}\n{found:#?}"
        );
    }
}

#[test]
fn what_version_4_adds_is_refused_where_it_can_never_work() {
    let v = roadblock(|v| {
        v["version"] = json!(4);
        // A Regular unit arriving at a Hot Spot.
        v["units"][2]["arrives"] = json!({"turn": 3, "at": {"hot_spot": 1}});
        // Captives freed by their own side, and a fighting unit "freed".
        v["units"][3]["freed_by"] = json!("regular");
        // Points up to a turn on an item judged at the end.
        v["victory"][1]["until_turn"] = json!(4);
        v["events"] = json!([
            {"turn": 3, "on": "7+", "kind": "insurgency_level", "level": 3},
            {"turn": 3, "when": {"wiped_out": "car-shooter"}, "kind": "note", "for": "players", "text": "They are gone."},
            {"turn": 4, "kind": "reinforcement_row", "row": "roll-5-8", "units": []},
            {"turn": 5, "when": {"hot_spot_neutralized": 4}, "kind": "hot_spot_roll",
             "roll": {"1": 1, "2": 1, "3": 2, "4": 2, "5": 9, "6": "choice"}}
        ]);
    });
    let found = said(&v);
    for expected in [
        "units[2].arrives.at: a Regular unit does not come on at a Hot Spot (the Insurgents' places): write where it comes on in words",
        "units[3].freed_by: only a unit that never acts (non_combatant: hostages, captives) is freed: add \"non_combatant\": true, or take freed_by out",
        "victory[1].until_turn: only an item the app counts as it happens (regular_wounded, regulars_killed, insurgent_casualties, escorted_off) stops counting after a turn; this one is judged or counted at the end: take until_turn out",
        "events[1].when.wiped_out: \"car-shooter\": no unit (nor leader on his own) has this id: did you mean \"car-shooters\"? write the id of one of the scenario's units",
        "events[2].row: \"roll-5-8\": no row of the reinforcement table has this id: did you mean \"roll-5-7\"? the rows are \"roll-2-4\", \"roll-5-7\", \"roll-8-9\", \"roll-10-11\", \"roll-12\"",
        "events[2].units: a row brings at least one unit, or rolls again",
        "events[3].when.hot_spot_neutralized: Hot Spot 4 is not in this scenario: expected one of 1, 2, 3",
    ] {
        assert!(
            found.contains(&expected.to_owned()),
            "{expected}\n{found:#?}"
        );
    }
    // A roll past a d6 and a face past the Hot Spots are the schema's to say.
    assert!(
        found
            .iter()
            .any(|p| p.starts_with("events[0].on: \"7+\": expected a d6 and a plus")),
        "{found:#?}"
    );
    assert!(
        found.iter().any(|p| p.starts_with("events[3].roll.5: 9")),
        "{found:#?}"
    );
}

#[test]
fn an_insurgent_arrival_at_a_hot_spot_is_refused_on_a_turn_it_sleeps_and_warned_about_on_a_roll() {
    // On a set turn: Hot Spot 3 wakes on turn 4, the unit is due on turn 3.
    let v = roadblock(|v| {
        v["version"] = json!(4);
        v["units"][4]
            .as_object_mut()
            .expect("a unit")
            .remove("ambush");
        v["units"][4]["arrives"] = json!({"turn": 3, "at": {"hot_spot": 3}});
    });
    assert_eq!(
        said(&v),
        vec![
            "units[4].arrives.at.hot_spot: Hot Spot 3 is neutralized from the start on turn 3, when the unit arrives, so it would be lost there: name a spot active then, move \"turn\", or wake the spot by then"
        ]
    );
    // On a roll from turn 3: it may roll in before the spot wakes.
    let v = roadblock(|v| {
        v["version"] = json!(4);
        v["units"][4]
            .as_object_mut()
            .expect("a unit")
            .remove("ambush");
        v["units"][4]["arrives"] = json!({"turn": 3, "at": {"hot_spot": 3}, "arrives_on": 4});
    });
    assert_eq!(
        said(&v),
        vec![
            "warning: units[4].arrives.turn: the unit may roll to arrive from turn 3, but Hot Spot 3 stays neutralized until events[1] wakes it on turn 4: arriving before that, the unit is lost; make turn 4 or later, or wake the spot earlier"
        ]
    );
    // From turn 4: good.
    let v = roadblock(|v| {
        v["version"] = json!(4);
        v["units"][4]
            .as_object_mut()
            .expect("a unit")
            .remove("ambush");
        v["units"][4]["arrives"] = json!({"turn": 4, "at": {"hot_spot": 3}, "arrives_on": 4});
    });
    assert_eq!(said(&v), Vec::<String>::new());
}

#[test]
fn a_place_in_words_naming_a_hot_spot_suggests_the_hot_spot_itself_for_an_insurgent_unit() {
    let v = roadblock(|v| {
        v["units"][4]
            .as_object_mut()
            .expect("a unit")
            .remove("ambush");
        v["units"][4]["arrives"] = json!({"turn": 3, "at": "Hot Spot 2"});
    });
    assert_eq!(
        said(&v),
        vec![
            "warning: units[4].arrives.at: \"Hot Spot 2\" is a place in words: the unit comes on there on its turn whatever that Hot Spot's state, woken or neutralized; for an arrival that follows Hot Spot 2, write \"at\": {\"hot_spot\": 2} (version 4)"
        ]
    );
}

#[test]
fn a_trap_that_would_only_echo_a_repaired_event_is_not_warned_about() {
    // Every spot neutralized for good from turn 3 (a warning), but one event lacks "active":
    // its own field is named, and nothing that rests on the stand-in for it.
    let v = roadblock(|v| {
        v["hot_spots"][2]["active"] = json!(true);
        v["events"] = json!([
            {"turn": 3, "kind": "hot_spot", "hot_spot": 1, "active": false},
            {"turn": 3, "kind": "hot_spot", "hot_spot": 2},
            {"turn": 4, "kind": "hot_spot", "hot_spot": 3, "active": false}
        ]);
    });
    assert_eq!(
        said(&v),
        vec![
            "events[1].active: missing field \"active\" (True: it is active from this turn; false: it is neutralized): expected true or false"
        ]
    );
    // With it written, the trap is told.
    let v = roadblock(|v| {
        v["hot_spots"][2]["active"] = json!(true);
        v["events"] = json!([
            {"turn": 3, "kind": "hot_spot", "hot_spot": 1, "active": false},
            {"turn": 3, "kind": "hot_spot", "hot_spot": 2, "active": false},
            {"turn": 4, "kind": "hot_spot", "hot_spot": 3, "active": false}
        ]);
    });
    assert!(
        said(&v).iter().any(|w| w
            .starts_with("warning: hot_spots: every Hot Spot is neutralized for good from turn 4")),
        "{:#?}",
        said(&v)
    );
}

//! Version 3 of the format as the validator reads it: each new field named in an older file,
//! events and turn limits that fit the game, thresholds, notes; versions 1 and 2 read as they
//! are.

use ambush_core::scenario::builtin;
use ambush_core::scenario::check::load_bytes;
use ambush_core::scenario::{TimedChange, VictoryTrigger};
use serde_json::{Value, json};

use super::refusals::bare;

fn roadblock() -> Value {
    serde_json::from_str(builtin::ROADBLOCK_AT_DAWN).expect("JSON")
}

fn with(change: impl FnOnce(&mut Value)) -> Value {
    let mut v = roadblock();
    change(&mut v);
    v
}

#[test]
fn roadblock_reads_every_new_field() {
    let loaded = load_bytes(builtin::ROADBLOCK_AT_DAWN.as_bytes()).expect("loads");
    let s = &loaded.scenario;
    assert_eq!(s.turn_limit, None);
    assert_eq!(
        s.turn_limit_dice.map(|d| (d.base, d.dice, d.sides)),
        Some((6, 1, 3))
    );
    assert_eq!(s.events.len(), 4);
    assert!(matches!(s.events[2].change, TimedChange::Note(_)));
    assert_eq!(s.thresholds.len(), 3);
    assert_eq!(s.author_notes.len(), 2);
    let qrf = s.units.iter().find(|u| u.id == "qrf").expect("qrf");
    assert_eq!(qrf.arrives.as_ref().and_then(|a| a.arrives_on), Some(4));
    assert!(matches!(
        s.victory_item("driver-out").map(|v| &v.trigger),
        Some(VictoryTrigger::EscortedOff {
            ends_game: false,
            ..
        })
    ));
    assert!(matches!(
        s.victory_item("cache-found").map(|v| &v.trigger),
        Some(VictoryTrigger::Manual { once: true })
    ));
    assert_eq!(
        s.length_words().as_deref(),
        Some("6+1d3 turns (7 to 9, rolled at the end of turn 6)")
    );
}

#[test]
fn each_field_of_version_3_in_an_older_file_asks_for_version_3() {
    let v = with(|v| v["version"] = json!(2));
    let found = bare(&v);
    for expected in [
        r#"turn_limit: a turn limit in dice is new in version 3 of the format: write "version": 3"#,
        r#"events: "events" is new in version 3 of the format: write "version": 3"#,
        r#"victory_thresholds: "victory_thresholds" is new in version 3 of the format: write "version": 3"#,
        r#"author_notes: "author_notes" is new in version 3 of the format: write "version": 3"#,
        r#"units[2].arrives.arrives_on: an arrival on a roll is new in version 3 of the format: write "version": 3"#,
        r#"victory[0].trigger.ends_game: an escort that does not end the game is new in version 3 of the format: write "version": 3"#,
        r#"victory[2].trigger.once: an item scored once is new in version 3 of the format: write "version": 3"#,
    ] {
        assert!(
            found.iter().any(|p| p == expected),
            "{expected}\n{found:#?}"
        );
    }
    assert_eq!(found.len(), 7, "{found:#?}");
}

#[test]
fn versions_1_and_2_read_as_they_are() {
    for (id, _, text) in builtin::ALL {
        let loaded = load_bytes(text.as_bytes()).unwrap_or_else(|e| panic!("{id}: {e}"));
        if loaded.file.version < 3 {
            let s = &loaded.scenario;
            assert!(s.events.is_empty() && s.thresholds.is_empty() && s.author_notes.is_empty());
            assert_eq!(s.turn_limit_dice, None, "{id}");
        }
    }
}

#[test]
fn turn_limits_in_dice_are_written_one_way_and_fit_the_game() {
    for (written, expected) in [
        (
            json!("6 + 1d3"),
            r#"turn_limit: "6 + 1d3": expected a number of turns from 1 to 100, or (version 3) a number and dice: "6+1d3"; write "6+1d3""#,
        ),
        (
            json!("1d3+6"),
            r#"turn_limit: "1d3+6": expected a number of turns from 1 to 100, or (version 3) a number and dice: "6+1d3"; write "6+1d3""#,
        ),
        (
            json!("90+4d6"),
            r#"turn_limit: "90+4d6": the game could last 114 turns; a game lasts at most 100"#,
        ),
    ] {
        let v = with(|v| v["turn_limit"] = written.clone());
        assert_eq!(bare(&v), vec![expected.to_owned()], "{written}");
    }
    // Whatever falls later than the latest turn the dice can give could never happen.
    let v = with(|v| {
        v["turn_limit"] = json!("4+1d3");
        v["events"][3]["turn"] = json!(8);
    });
    assert_eq!(
        bare(&v),
        vec![
            r#"events[3].turn: turn 8: the game ends after turn 7 at the latest (turn_limit "4+1d3"), so it would never happen"#
                .to_owned()
        ]
    );
}

#[test]
fn events_name_what_the_scenario_has() {
    let v = with(|v| {
        v["events"][0]["turn"] = json!(1);
        v["events"][1]["hot_spot"] = json!(5);
        v["events"][3]["level"] = json!(9);
        v["events"][2]["text"] = json!("  ");
    });
    let found = bare(&v);
    for expected in [
        "events[0].turn: 1: expected a whole number from 2 to 100",
        "events[1].hot_spot: Hot Spot 5 is not in this scenario: expected one of 1, 2, 3",
        r#"events[2].text: "  ": blank text: write its words"#,
        r#"events[3].level: 9: expected a whole number from 1 to 6, or "automatic""#,
    ] {
        assert!(
            found.iter().any(|p| p == expected),
            "{expected}\n{found:#?}"
        );
    }
    assert_eq!(found.len(), 4, "{found:#?}");
    let v = with(|v| v["events"][0]["kind"] = json!("insurgency"));
    let found = bare(&v);
    assert_eq!(found.len(), 1, "{found:#?}");
    assert!(
        found[0].starts_with(r#"events[0].kind: "insurgency": expected one of"#),
        "{found:#?}"
    );
    assert!(
        found[0].ends_with(r#"did you mean "insurgency_level"?"#),
        "{found:#?}"
    );
}

#[test]
fn thresholds_notes_and_arrival_rolls_are_checked() {
    let v = with(|v| {
        v["victory_thresholds"][0]["label"] = json!("");
        v["victory_thresholds"][1]["side"] = json!("insurgents");
        v["author_notes"] = json!(["fine", " "]);
        v["units"][2]["arrives"]["arrives_on"] = json!(7);
    });
    let found = bare(&v);
    for expected in [
        r#"victory_thresholds[0].label: "": blank text: write its words"#,
        r#"victory_thresholds[1].side: "insurgents": expected "regular" or "insurgent"; did you mean "insurgent"?"#,
        r#"author_notes[1]: " ": blank text: write its words, or take the entry out"#,
        "units[2].arrives.arrives_on: 7: expected a whole number from 1 to 6",
    ] {
        assert!(
            found.iter().any(|p| p == expected),
            "{expected}\n{found:#?}"
        );
    }
    assert_eq!(found.len(), 4, "{found:#?}");
}

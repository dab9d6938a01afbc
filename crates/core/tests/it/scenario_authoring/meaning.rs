//! What the game makes of a file: ambush terms that could never happen, ids, the fields of
//! version 2, and the contacts.

use ambush_core::scenario::builtin;
use serde_json::{Value, json};

use super::{assert_only, contracting_trouble, edit, night_patrol, problems_of};

#[test]
fn ambush_terms_that_can_never_happen_are_named() {
    let good = night_patrol();
    let ambush = |a: Value| edit(&good, |v| v["units"][4]["ambush"] = a);
    assert_only(
        &ambush(json!({"arrives_at": "Hot Spot 7"})),
        r#"units[4].ambush.arrives_at: "Hot Spot 7" reads as a place in words, not a Hot Spot: write {"hot_spot": N} for one of the scenario's Hot Spots (version 2; they are numbered 1 to 5, there is no Hot Spot 7), or {"point": "…"} for a place"#,
    );
    assert_only(
        &ambush(json!({"arrives_at": "hot spot"})),
        r#"units[4].ambush.arrives_at: "hot spot" reads as a place in words, not a Hot Spot: write "hot_spot" for a Hot Spot rolled like a reinforcement's, or {"point": "…"} for a place"#,
    );
    assert_only(
        &ambush(json!({"arrives_at": {"hot_spot": 4}})),
        "units[4].ambush.arrives_at.hot_spot: Hot Spot 4 is not in this scenario: expected one of 1, 2, 3",
    );
    assert_only(
        &ambush(json!({"from_turn": 9})),
        "units[4].ambush.from_turn: turn 9: the game ends after turn 8 (turn_limit), so it could never arrive",
    );
    let problems = problems_of(&ambush(
        json!({"from_turn": 3, "last_turn": 6, "automatic_turns": [2, 7]}),
    ));
    assert_eq!(
        problems
            .iter()
            .filter(|p| p.contains("an automatic arrival must fall between from_turn (3) and the last turn it can arrive (6)"))
            .count(),
        2,
        "{problems:?}"
    );
    assert_only(
        &edit(&good, |v| v["units"][2]["arrives"]["turn"] = json!(12)),
        "units[2].arrives.turn: turn 12: the game ends after turn 8 (turn_limit), so it would never arrive",
    );
    assert_only(
        &edit(&good, |v| v["units"][0]["non_combatant"] = json!(true)),
        r#"units[0].figures[0].weapon: "rifle" in a unit that never acts (non_combatant): its figures are dependants waiting to be picked up; write "dependant", or leave out non_combatant for a unit that fights"#,
    );
}

#[test]
fn ids_are_listed_once_and_the_likely_one_suggested() {
    let good = night_patrol();
    let v = edit(&good, |v| {
        v["units"][1]["id"] = json!("section-1");
        v["leaders"][0]["attached_to"] = json!("section-9");
    });
    let problems = problems_of(&v);
    assert!(
        problems.iter().any(|p| p.ends_with(
            r#"leaders[0].attached_to: no unit "section-9" to attach to: did you mean "section-1"? the Regular units are "section-1", "qrf""#
        )),
        "{problems:?}"
    );
    assert!(
        problems
            .iter()
            .any(|p| p
                .ends_with(r#"units[1].id: duplicate id "section-1" (first used at units[0].id)"#)),
        "{problems:?}"
    );
    // "an Insurgent unit", never "a Insurgent unit".
    let v = edit(&good, |v| {
        v["leaders"][1]["attached_to"] = json!("section-1")
    });
    let problems = problems_of(&v).join("\n");
    assert!(!problems.contains("a Insurgent"), "{problems}");
}

#[test]
fn version_two_fields_in_a_version_one_file_ask_for_version_two() {
    let v = edit(&night_patrol(), |v| v["version"] = json!(1));
    let problems = problems_of(&v);
    for expected in [
        r#"hot_spots: Hot Spots 4 and 5 missing: a version 1 scenario has exactly five"#,
        r#"hot_spot_roll: "hot_spot_roll" is new in version 2 of the format: write "version": 2"#,
        r#"units[2].arrives: a unit arriving on a set turn is new in version 2 of the format"#,
        r#"victory[0].trigger: this kind of victory points is new in version 2 of the format"#,
    ] {
        assert!(
            problems.iter().any(|p| p.contains(expected)),
            "{expected:?} not in {problems:?}"
        );
    }
    // And the file written for this app's version 1 stays valid.
    assert!(problems_of(&contracting_trouble()).is_empty());
}

#[test]
fn contacts_name_units_set_up_on_the_table_with_a_marker_each() {
    let shipped: Value = serde_json::from_str(builtin::NIGHT_PATROL).expect("JSON");
    assert!(problems_of(&shipped).is_empty());
    assert_only(
        &edit(&shipped, |v| v["units"][3]["ambush"] = json!({})),
        r#"contacts.units[0]: "watchers" is not on the table at the start: only units set up on it hide under markers"#,
    );
    assert_only(
        &edit(&shipped, |v| v["contacts"]["units"][0] = json!("section-1")),
        r#"contacts.units[0]: "section-1" is a Regular unit: only Insurgent units hide under markers"#,
    );
    assert_only(
        &edit(&shipped, |v| v["contacts"]["units"][0] = json!("watcher")),
        r#"contacts.units[0]: no unit "watcher" in "units""#,
    );
    assert_only(
        &edit(&shipped, |v| {
            v["contacts"]["markers"] = json!([{"id": "A", "at": "the roof"}])
        }),
        "contacts.markers: 1 markers for 2 units: each unit needs a marker of its own",
    );
    assert_only(
        &edit(&shipped, |v| v["contacts"]["markers"][1]["id"] = json!("A")),
        r#"contacts.markers[1].id: marker "A" is listed twice"#,
    );
    let problems = problems_of(&edit(&shipped, |v| v["version"] = json!(1)));
    assert!(
        problems
            .iter()
            .any(|p| p.contains(r#"contacts: "contacts" is new in version 2 of the format"#)),
        "{problems:?}"
    );
}

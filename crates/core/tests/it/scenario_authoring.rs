//! Writing scenarios: every fault a new author made is named, with where it is and what to
//! write instead, all in one run; the schema and the validator agree; what version 2 of the
//! format says is what the game does.

use crate::common;

use ambush_core::scenario::builtin;
use ambush_core::scenario::check::{self, ScenarioError, shape};
use serde_json::{Value, json};

/// Night Patrol without its contacts (they have a test of their own), so that each fault
/// below is the one problem of its file.
fn night_patrol() -> Value {
    let mut v: Value =
        serde_json::from_str(builtin::NIGHT_PATROL).expect("the shipped file is JSON");
    if let Some(top) = v.as_object_mut() {
        top.remove("contacts");
    }
    v
}

fn contracting_trouble() -> Value {
    serde_json::from_str(builtin::CONTRACTING_TROUBLE).expect("the shipped file is JSON")
}

/// Every problem of a file, as `validate` prints it after the file name.
fn problems_of_text(text: &str) -> Vec<String> {
    match check::load_bytes(text.as_bytes()) {
        Ok(_) => Vec::new(),
        Err(ScenarioError::Invalid(problems)) => problems.iter().map(ToString::to_string).collect(),
        Err(other) => vec![other.to_string()],
    }
}

fn problems_of(value: &Value) -> Vec<String> {
    problems_of_text(&serde_json::to_string_pretty(value).unwrap_or_default())
}

/// The one problem of a file, which must be exactly this (after its line and column).
fn assert_only(value: &Value, expected: &str) {
    let problems = problems_of(value);
    let bare: Vec<&str> = problems
        .iter()
        .map(|p| p.split_once(": ").map_or(p.as_str(), |(_, rest)| rest))
        .collect();
    assert_eq!(bare, vec![expected], "{problems:?}");
}

fn edit(base: &Value, change: impl FnOnce(&mut Value)) -> Value {
    let mut v = base.clone();
    change(&mut v);
    v
}

#[test]
fn dice_written_the_way_authors_write_them_are_named_with_the_fix() {
    let good = night_patrol();
    assert!(problems_of(&good).is_empty(), "{:?}", problems_of(&good));
    let die = |written: Value| edit(&good, |v| v["units"][0]["tq"] = written);
    for (written, fix) in [
        (json!("D10"), "d10"),
        (json!("d08"), "d8"),
        (json!("d+8"), "d8"),
        (json!("1d12"), "d12"),
        (json!(10), "d10"),
    ] {
        assert_only(
            &die(written.clone()),
            &format!(
                r#"units[0].tq: {written}: expected a die: "d6", "d8", "d10" or "d12"; write "{fix}""#
            ),
        );
    }
    // No fix to offer for a die the game does not use.
    assert_only(
        &die(json!("d7")),
        r#"units[0].tq: "d7": expected a die: "d6", "d8", "d10" or "d12""#,
    );
}

#[test]
fn counts_follow_the_documented_limits() {
    let good = night_patrol();
    let count = |c: Value| edit(&good, |v| v["units"][0]["figures"][0]["count"] = c);
    for bad in [json!(21), json!(25), json!(0), json!(-1), json!(2.5)] {
        assert_only(
            &count(bad.clone()),
            &format!("units[0].figures[0].count: {bad}: expected a whole number from 1 to 20"),
        );
    }
    assert!(problems_of(&count(json!(20))).is_empty());
    let rolled = |c: &str| {
        edit(&good, |v| {
            v["reinforcements"][1]["units"][0]["figures"][0]["count"] = json!(c);
        })
    };
    for bad in ["1d6 + 1", "40d6", "lots", "1d7+2", "1d6+21"] {
        assert_only(
            &rolled(bad),
            &format!(
                r#"reinforcements[1].units[0].figures[0].count: "{bad}": expected a figure count: a number from 1 to 20 ("3"), dice ("1d6") or dice plus a number ("1d6+2"), with no spaces"#
            ),
        );
    }
    for ok in ["1d6+1", "4d6+20", "2d6", "20"] {
        assert!(problems_of(&rolled(ok)).is_empty(), "{ok}");
    }
    // A unit of 20 + 20 + 10 figures is at the limit; its leaders take it past.
    let big = edit(&good, |v| {
        v["units"][0]["figures"] = json!([
            { "name": "Rifleman", "weapon": "rifle", "count": 20 },
            { "name": "Rifleman", "weapon": "rifle", "count": 20 },
            { "name": "Gunner", "weapon": "light_support", "count": 10 }
        ]);
    });
    assert_only(
        &big,
        "units[0].figures: 51 figures with 1 leader attached: a unit has at most 50",
    );
}

#[test]
fn files_that_are_not_one_scenario_object_say_what_a_scenario_is() {
    let expected = |what: &str| {
        format!(
            r#"the file holds {what}: a scenario is one JSON object {{ … }} whose fields have names ("format", "version", "units", …)"#
        )
    };
    let only = |text: &str| -> String {
        let problems = problems_of_text(text);
        assert_eq!(problems.len(), 1, "{problems:?}");
        problems[0]
            .split_once(": ")
            .map(|(_, m)| m.to_owned())
            .unwrap_or_default()
    };
    assert_eq!(
        only(r#"["ambush-alley-scenario", 2, "night-patrol"]"#),
        expected("a list [ … ]")
    );
    assert_eq!(only("null"), expected("null"));
    assert_eq!(only("12"), expected("12"));
}

#[test]
fn json_mistakes_are_explained_in_words() {
    let syntax = |text: &str| match check::load_bytes(text.as_bytes()) {
        Err(ScenarioError::Syntax {
            line,
            column,
            message,
        }) => (line, column, message),
        other => panic!("expected a syntax error, got {other:?}"),
    };
    let (line, column, message) = syntax("{\n  // my scenario\n  \"format\": \"x\"\n}");
    assert_eq!((line, column), (2, 3));
    assert!(message.starts_with("JSON has no comments"), "{message}");
    let (line, _, message) = syntax("{\n  \"format\": \"x\",\n}");
    assert_eq!(line, 3);
    assert_eq!(message, "a comma before a closing } or ]: remove it");
}

#[test]
fn wrong_values_say_what_belongs_there() {
    let good = night_patrol();
    assert_only(
        &edit(&good, |v| v["units"][3]["side"] = Value::Null),
        r#"units[3].side: null: expected "regular" or "insurgent""#,
    );
    assert_only(
        &edit(&good, |v| v["units"][0]["figures"][0]["weapon"] = json!(3)),
        r#"units[0].figures[0].weapon: 3: expected one of "rifle", "light_support", "medium_support", "at_rpg", "leader", "dependant""#,
    );
    assert_only(
        &edit(&good, |v| v["scale"] = json!(15)),
        r#"scale: 15: expected "15mm" or "28mm"; write "15mm""#,
    );
    assert_only(
        &edit(&good, |v| {
            v["victory"][0]["trigger"] = json!({"kind": "held"})
        }),
        r#"victory[0].trigger.kind: "held": expected one of {"kind": "manual"}, {"kind": "regular_wounded"}, {"kind": "regulars_killed"}, {"kind": "insurgent_casualties"}, {"kind": "place_held"}, {"kind": "escorted_off"}"#,
    );
    assert_only(
        &edit(&good, |v| {
            v["victory"][0]["trigger"] = json!({"kind": "place_held"})
        }),
        r#"victory[0].trigger.place: missing field "place" (The place, in words): expected text in quotes, not blank"#,
    );
    // An empty list of units, and the leaders attached to units no longer there, with no
    // empty "units are" list.
    let problems = problems_of(&edit(&good, |v| v["units"] = json!([])));
    assert!(
        problems
            .iter()
            .any(|p| p.ends_with("units: the list is empty: expected at least 1 entry")),
        "{problems:?}"
    );
    assert!(
        problems.iter().all(|p| !p.contains("units are :")),
        "{problems:?}"
    );
    assert!(
        problems
            .iter()
            .any(|p| p.ends_with("there is no Regular unit to attach to")),
        "{problems:?}"
    );
}

#[test]
fn a_misspelt_field_is_named_with_the_field_meant_and_the_rest_still_checked() {
    let good = night_patrol();
    let v = edit(&good, |v| {
        v["units"][0]["optimum_rnage"] = v["units"][0]["optimum_range"].take();
        if let Some(unit) = v["units"][0].as_object_mut() {
            unit.remove("optimum_range");
        }
        v["units"][1]["tq"] = json!("d7");
        v["turn_limit"] = json!(0);
    });
    let problems = problems_of(&v);
    for expected in [
        r#"units[0].optimum_rnage: unknown field "optimum_rnage": did you mean "optimum_range"?"#,
        r#"units[0].optimum_range: missing field "optimum_range""#,
        r#"units[1].tq: "d7": expected a die"#,
        "turn_limit: 0: expected a whole number from 1 to 100",
    ] {
        assert!(
            problems.iter().any(|p| p.contains(expected)),
            "{expected:?} not in {problems:?}"
        );
    }
    assert_eq!(problems.len(), 4, "{problems:?}");
}

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
fn two_broken_files_list_every_problem_in_one_run() {
    let broken = edit(&night_patrol(), |v| {
        v["units"][0]["tq"] = json!("D10");
        v["units"][1]["figures"][0]["count"] = json!(21);
        v["units"][2]["arrives"]["turn"] = json!(12);
        v["units"][3]["side"] = Value::Null;
        v["hot_spot_roll"]["5"] = json!(4);
        v["units"][4]["figures"][1]["weapon"] = json!("rpg");
        v["reinforcements"][1]["units"][0]["figures"][0]["count"] = json!("1d6 + 1");
        v["victory"][1]["trigger"] = json!({"kind": "insurgent_casualty", "per": 3});
        v["leaders"][0]["attached_to"] = json!("section-one");
        v["insurgency_level"] = json!(0);
    });
    let problems = problems_of(&broken);
    assert_eq!(problems.len(), 10, "{problems:#?}");
    // In the order of the file, each with its line and column.
    let lines: Vec<usize> = problems
        .iter()
        .map(|p| {
            p.split(':')
                .next()
                .and_then(|l| l.parse().ok())
                .unwrap_or(0)
        })
        .collect();
    assert!(lines.windows(2).all(|w| w[0] <= w[1]), "{problems:#?}");
    assert!(lines.iter().all(|&l| l > 1), "{problems:#?}");
}

/// Every scenario this project ships or keeps in its tests, and copies of them with one value
/// changed at each place in turn.
fn files_and_mutants() -> Vec<Value> {
    let mut files: Vec<Value> = builtin::ALL
        .iter()
        .map(|(_, _, text)| serde_json::from_str(text).expect("JSON"))
        .collect();
    // The scenarios held by the saved games kept in tests/fixtures.
    let fixtures = common::repo_path("tests/fixtures");
    let mut journals: Vec<_> = std::fs::read_dir(&fixtures)
        .expect("fixtures")
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "jsonl"))
        .collect();
    journals.sort();
    assert!(journals.len() >= 5, "{journals:?}");
    for journal in journals {
        let text = std::fs::read_to_string(&journal).expect("journal");
        let header: Value = serde_json::from_str(text.lines().next().unwrap_or_default())
            .unwrap_or_else(|e| panic!("{}: {e}", journal.display()));
        files.push(header["scenario"].clone());
    }
    // Copies of one another are mutated once.
    let mut distinct: Vec<Value> = Vec::new();
    for file in files {
        if !distinct.contains(&file) {
            distinct.push(file);
        }
    }
    let files = distinct;
    let mut mutants = Vec::new();
    let replacements = [
        Value::Null,
        json!(-1),
        json!(0),
        json!(21),
        json!("D10"),
        json!("x"),
        json!(true),
        json!([]),
        json!({}),
    ];
    for file in &files {
        let mut pointers = Vec::new();
        leaves(file, String::new(), &mut pointers);
        for (i, pointer) in pointers.iter().enumerate() {
            // Each place gets one of the replacements, turn by turn, so all are tried.
            let mut m = file.clone();
            if let Some(slot) = m.pointer_mut(pointer) {
                *slot = replacements[i % replacements.len()].clone();
                mutants.push(m);
            }
        }
    }
    let mut all = files;
    all.extend(mutants);
    all
}

fn leaves(value: &Value, at: String, out: &mut Vec<String>) {
    match value {
        Value::Object(map) => {
            for (k, v) in map {
                leaves(v, format!("{at}/{k}"), out);
            }
        }
        Value::Array(items) => {
            for (i, v) in items.iter().enumerate() {
                leaves(v, format!("{at}/{i}"), out);
            }
        }
        _ => out.push(at),
    }
}

#[test]
fn the_schema_and_the_validator_agree_on_every_file_and_each_value_changed() {
    let all = files_and_mutants();
    assert!(all.len() > 1000, "{}", all.len());
    let jargon = [
        "expected value",
        "expected struct",
        "expected u32",
        "internally tagged",
        "invalid type",
        "key must be a string",
        "untagged enum",
    ];
    let mut refused_by_schema = 0;
    for value in &all {
        let text = serde_json::to_string_pretty(value).unwrap_or_default();
        let verdict = check::load_bytes(text.as_bytes());
        let schema_ok = shape::is_valid(value);
        match &verdict {
            // What the validator accepts, an editor using the schema accepts too.
            Ok(_) => assert!(schema_ok, "valid but refused by the schema:\n{text}"),
            Err(ScenarioError::Invalid(problems)) => {
                assert!(!problems.is_empty());
                for p in problems {
                    let words = p.to_string();
                    assert!(
                        jargon.iter().all(|j| !words.contains(j)),
                        "jargon in {words:?}"
                    );
                    assert!(p.at.is_some(), "no line and column: {words}");
                }
            }
            Err(other) => panic!("unexpected {other:?}"),
        }
        if !schema_ok {
            refused_by_schema += 1;
            // What the schema refuses, the validator refuses too.
            assert!(
                verdict.is_err(),
                "the schema refuses what the validator accepts:\n{text}"
            );
        }
    }
    assert!(refused_by_schema > all.len() / 2, "{refused_by_schema}");
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

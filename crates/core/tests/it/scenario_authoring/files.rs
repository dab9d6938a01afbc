//! The file as a whole: what is not one scenario object, JSON mistakes, a misspelt field, and
//! every problem of a broken file listed in one run.

use ambush_core::scenario::check::{self, ScenarioError};
use serde_json::{Value, json};

use super::{edit, night_patrol, problems_of, problems_of_text};

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
    // A file cut short is placed where its text stops, never at column 0.
    let (line, column, message) = syntax("{\n  \"format\": \"x\",\n  \"units\": [\n\n");
    assert_eq!((line, column), (3, 13), "{message}");
    assert!(message.contains("a closing } or ] is missing"), "{message}");
    let (line, column, message) = syntax("{\n  \"version\": 07\n}");
    assert_eq!((line, column), (2, 15));
    assert!(
        message.starts_with("not a number as JSON writes it"),
        "{message}"
    );
    assert!(message.contains("no leading zero (07)"), "{message}");
    let (line, _, message) = syntax("{\n  \"format\": \"x\"\n}\n}\n");
    assert_eq!(line, 4);
    assert!(
        message.starts_with("more after the end of the scenario"),
        "{message}"
    );
    // A raw tab is no longer the one problem of its file: it is listed at its place with the
    // rest (`scenario_files::raw_control_characters_…`).
    for text in ["{\"a\": 1,}", "{\"a\": 07}", "{} x", "{\"a\": \"\\q\"}"] {
        let (_, column, message) = syntax(text);
        assert!(column >= 1, "{text:?}");
        for jargon in ["trailing", "invalid", "control character", "EOF"] {
            assert!(!message.contains(jargon), "{text:?}: {message}");
        }
    }
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
        r#"turn_limit: 0: expected a number of turns from 1 to 100, or (version 3) a number and dice: "6+1d3""#,
    ] {
        assert!(
            problems.iter().any(|p| p.contains(expected)),
            "{expected:?} not in {problems:?}"
        );
    }
    assert_eq!(problems.len(), 4, "{problems:?}");
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

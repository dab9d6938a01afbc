//! The schema and the validator agree, on every file and on each value changed.

use crate::common;

use ambush_core::scenario::builtin;
use ambush_core::scenario::check::{self, ScenarioError, shape};
use serde_json::{Value, json};

/// Every scenario this project ships or keeps in its tests (Roadblock at Dawn and the saved
/// game of it hold every field of version 3), and copies of them with one value changed at
/// each place in turn.
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
        json!(""),
        json!("  "),
        json!("two\nlines"),
        json!("a\ttab"),
        json!("6+1d3"),
        json!(true),
        json!(false),
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

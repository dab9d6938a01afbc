//! Writing scenarios: every fault a new author made is named, with where it is and what to
//! write instead, all in one run; the schema and the validator agree; what version 2 of the
//! format says is what the game does.

use ambush_core::scenario::builtin;
use ambush_core::scenario::check::{self, ScenarioError};
use serde_json::Value;

mod bulk;
mod files;
mod meaning;
mod schema;
mod values;

/// Night Patrol without its contacts (they have a test of their own), so that each fault
/// of these tests is the one problem of its file.
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
        // The problems alone: a refused file's warnings are tested on their own.
        Err(ScenarioError::Invalid(problems)) => problems
            .iter()
            .filter(|p| !p.warning)
            .map(ToString::to_string)
            .collect(),
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

//! The schema of the scenario format and its validator, and the walk over a file's schema
//! errors that keeps a long list from holding all of its errors at once.

use std::collections::HashMap;
use std::sync::OnceLock;

use serde_json::Value;

/// The JSON Schema of the scenario format, as `ambush-alley schema` prints it.
pub fn schema() -> &'static Value {
    static SCHEMA: OnceLock<Value> = OnceLock::new();
    SCHEMA.get_or_init(|| {
        let mut schema = schemars::schema_for!(crate::scenario::file::ScenarioFile);
        schema.insert(
            "title".to_owned(),
            Value::String("Ambush Alley scenario".to_owned()),
        );
        schema.to_value()
    })
}

fn validator() -> Option<&'static jsonschema::Validator> {
    static VALIDATOR: OnceLock<Option<jsonschema::Validator>> = OnceLock::new();
    VALIDATOR
        .get_or_init(|| jsonschema::validator_for(schema()).ok())
        .as_ref()
}

/// A list at the top of the file longer than this is checked one entry at a time.
const CHECKED_APART: usize = 64;

/// A validator for one entry of each list at the top of the file that may be checked apart
/// from the rest: its entries are all of one shape and the list has no most number of entries
/// (a list with a most, such as the Hot Spots, is checked whole), by the list's field name.
fn entry_validators() -> &'static HashMap<String, jsonschema::Validator> {
    static VALIDATORS: OnceLock<HashMap<String, jsonschema::Validator>> = OnceLock::new();
    VALIDATORS.get_or_init(|| {
        let schema = schema();
        let Some(fields) = schema.get("properties").and_then(Value::as_object) else {
            return HashMap::new();
        };
        fields
            .iter()
            .filter(|(_, field)| field.get("maxItems").is_none())
            .filter_map(|(name, field)| {
                let entry = field.get("items")?.get("$ref")?;
                let schema = serde_json::json!({
                    "$schema": schema.get("$schema"),
                    "$ref": entry,
                    "$defs": schema.get("$defs"),
                });
                Some((name.clone(), jsonschema::validator_for(&schema).ok()?))
            })
            .collect()
    })
}

/// Each schema error of `value`, with the JSON pointer of what it checked (errors inside it
/// are told relative to that). A long list at the top of the file is checked one entry at a
/// time, since the validator gathers all of a list's errors before it hands over the first:
/// 49,000 empty units would hold 300,000 of them (100 MB) at once.
pub(super) fn each_error(
    value: &Value,
    mut visit: impl FnMut(&jsonschema::ValidationError<'_>, &str),
) {
    let Some(validator) = validator() else {
        return;
    };
    let validators = entry_validators();
    let apart: Vec<(&str, &[Value], &jsonschema::Validator)> = value
        .as_object()
        .into_iter()
        .flatten()
        .filter_map(|(name, field)| {
            let entries = field.as_array().filter(|e| e.len() > CHECKED_APART)?;
            Some((name.as_str(), entries.as_slice(), validators.get(name)?))
        })
        .collect();
    if apart.is_empty() {
        for error in validator.iter_errors(value) {
            visit(&error, "");
        }
        return;
    }
    // The rest of the file, each long list cut to its first entry (so a list that must not be
    // empty is still not).
    let rest: serde_json::Map<String, Value> = value
        .as_object()
        .into_iter()
        .flatten()
        .map(
            |(name, field)| match apart.iter().find(|(n, ..)| n == name) {
                Some((_, entries, _)) => (name.clone(), Value::Array(entries[..1].to_vec())),
                None => (name.clone(), field.clone()),
            },
        )
        .collect();
    let rest = Value::Object(rest);
    for error in validator.iter_errors(&rest) {
        visit(&error, "");
    }
    for (name, entries, validator) in apart {
        for (i, entry) in entries.iter().enumerate().skip(1) {
            let at = format!("/{}/{i}", join_pointer(name));
            for error in validator.iter_errors(entry) {
                visit(&error, &at);
            }
        }
    }
}

/// A field name as a step of a JSON pointer.
fn join_pointer(name: &str) -> String {
    name.replace('~', "~0").replace('/', "~1")
}

/// True when the value has the shape the schema describes.
pub fn is_valid(value: &Value) -> bool {
    validator().is_some_and(|v| v.is_valid(value))
}

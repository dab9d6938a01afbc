//! What the shape check looks up again and again, worked out once per field (every entry of a
//! list has the same schemas): the schemas at a path, the words for a missing field, the value
//! standing in for a wrong one, and the words for blank text.

use std::collections::HashMap;

use serde_json::Value;

use super::expected;
use super::walk::{Step, has_pattern, placeholder, schemas_at, steps};
use super::words::first_sentence;

/// The schemas at each path, by the path with its list indices left out (every entry of a list
/// has the same schemas).
#[derive(Default)]
pub(super) struct SchemaCache {
    by_field: HashMap<String, Vec<&'static Value>>,
    /// The words for a missing field, by field.
    missing: HashMap<String, String>,
    /// The placeholder of a field, and whether its object requires it, by field.
    stand_ins: HashMap<String, (Value, bool)>,
}

/// A path with every list index made 0: the same for every entry of a list.
fn field_of(path: &str) -> String {
    super::super::locate::every_index(path, "[0]")
}

impl SchemaCache {
    pub(super) fn at(&mut self, path: &str) -> Vec<&'static Value> {
        self.by_field
            .entry(field_of(path))
            .or_insert_with_key(|field| schemas_at(&Value::Null, field))
            .clone()
    }

    /// "missing field "tq" (Troop Quality die…): expected …", for a field of any entry.
    pub(super) fn missing(&mut self, field: &str, name: &str) -> String {
        let key = field_of(field);
        if let Some(words) = self.missing.get(&key) {
            return words.clone();
        }
        let field_nodes = self.at(field);
        let what = field_nodes
            .first()
            .and_then(|n| n.get("description"))
            .and_then(Value::as_str)
            .map(first_sentence)
            .map(|d| format!(" ({d})"))
            .unwrap_or_default();
        let wanted = expected(&field_nodes);
        let message = if what.contains(&wanted) {
            format!("missing field \"{name}\"{what}")
        } else {
            format!("missing field \"{name}\"{what}: expected {wanted}")
        };
        self.missing.insert(key, message.clone());
        message
    }

    /// The value standing in for a wrong one at `path`, and whether the object holding it
    /// requires it (else the field is left out).
    pub(super) fn stand_in(&mut self, path: &str, parent: &str, last: &Step<'_>) -> (Value, bool) {
        let key = field_of(path);
        if let Some(found) = self.stand_ins.get(&key) {
            return found.clone();
        }
        let required = self.at(parent).iter().any(|n| {
            matches!(last, Step::Key(k) if n.get("required").and_then(Value::as_array).is_some_and(|r| r.iter().any(|x| x == k)))
        });
        let found = (placeholder(&self.at(path)), required);
        self.stand_ins.insert(key, found.clone());
        found
    }
}

/// Text with nothing but blank space, where the schema asks for words.
pub(super) fn is_blank_text(value: &Value, nodes: &[&Value]) -> bool {
    use crate::scenario::file::{LINE_PATTERN, TEXT_PATTERN};
    value.as_str().is_some_and(|s| s.trim().is_empty())
        && (has_pattern(nodes, TEXT_PATTERN) || has_pattern(nodes, LINE_PATTERN))
}

/// What breaks the line of text on one line (a name, an id, a place), if something does: "a
/// line break", "a tab", "a control character".
pub(super) fn line_breaker(value: &Value, nodes: &[&Value]) -> Option<&'static str> {
    let one_line = has_pattern(nodes, crate::scenario::file::LINE_PATTERN);
    let text = value.as_str().filter(|_| one_line)?;
    let c = text.chars().find(|&c| crate::text::breaks_line(c))?;
    Some(match c {
        '\n' | '\r' | '\u{85}' | '\u{2028}' | '\u{2029}' => "a line break",
        '\t' => "a tab",
        _ => "a control character",
    })
}

impl SchemaCache {
    /// What to write instead of blank text: the words, or nothing at all where the field may
    /// be left out (an entry of a list, taken out).
    pub(super) fn blank_words(&mut self, path: &str) -> String {
        let all = steps(path);
        let parent = super::super::locate::parent(path).unwrap_or_default();
        match all.last() {
            Some(Step::Index(_)) => "blank text: write its words, or take the entry out".to_owned(),
            Some(last @ Step::Key(name)) => {
                let name = (*name).to_owned();
                if self.stand_in(path, parent, last).1 {
                    "blank text: write its words".to_owned()
                } else {
                    format!("blank text: write its words, or leave out \"{name}\"")
                }
            }
            None => "blank text: write its words".to_owned(),
        }
    }
}

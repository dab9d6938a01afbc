//! Finding one's way in a file and its schema: field paths from JSON pointers, the value and
//! the schemas at a path, and a placeholder value a schema allows.

use serde_json::{Map, Value};

use super::super::locate::{join_index, join_key};
use super::schema;

/// Turns a JSON pointer into a field path, reading the value to tell indices from keys.
pub(super) fn field_path(root: &Value, pointer: &str) -> String {
    let mut path = String::new();
    let mut at = root;
    for raw in pointer.split('/').skip(1) {
        let segment = raw.replace("~1", "/").replace("~0", "~");
        match at {
            Value::Array(items) => {
                let index: usize = segment.parse().unwrap_or(0);
                path = join_index(&path, index);
                at = items.get(index).unwrap_or(&Value::Null);
            }
            Value::Object(map) => {
                path = join_key(&path, &segment);
                at = map.get(&segment).unwrap_or(&Value::Null);
            }
            _ => path = join_key(&path, &segment),
        }
    }
    path
}

/// The steps of a field path: keys and indices.
pub(super) enum Step<'a> {
    Key(&'a str),
    Index(usize),
}

pub(super) fn steps(path: &str) -> Vec<Step<'_>> {
    let mut out = Vec::new();
    for part in path.split('.').filter(|p| !p.is_empty()) {
        let (key, rest) = part.split_once('[').unwrap_or((part, ""));
        if !key.is_empty() {
            out.push(Step::Key(key));
        }
        for index in rest.split('[') {
            if let Ok(i) = index.trim_end_matches(']').parse() {
                out.push(Step::Index(i));
            }
        }
    }
    out
}

pub(super) fn value_at<'a>(root: &'a Value, path: &str) -> Option<&'a Value> {
    let mut at = root;
    for step in steps(path) {
        at = match step {
            Step::Key(k) => at.get(k)?,
            Step::Index(i) => at.get(i)?,
        };
    }
    Some(at)
}

/// Follows `$ref`s, and opens `anyOf`, `oneOf` and `allOf` into their branches.
pub(super) fn expand<'a>(node: &'a Value, out: &mut Vec<&'a Value>) {
    let node = resolve(node);
    out.push(node);
    for key in ["anyOf", "oneOf", "allOf"] {
        if let Some(Value::Array(branches)) = node.get(key) {
            for branch in branches {
                expand(branch, out);
            }
        }
    }
}

pub(super) fn resolve(node: &Value) -> &Value {
    let mut node = node;
    for _ in 0..16 {
        match node.get("$ref").and_then(Value::as_str) {
            Some(reference) => match reference
                .strip_prefix('#')
                .and_then(|p| schema().pointer(p))
            {
                Some(target) => node = target,
                None => break,
            },
            None => break,
        }
    }
    node
}

/// Every schema that may describe the value at `path`.
pub(super) fn schemas_at(_root: &Value, path: &str) -> Vec<&'static Value> {
    let mut nodes = Vec::new();
    expand(schema(), &mut nodes);
    for step in steps(path) {
        let mut next = Vec::new();
        for node in &nodes {
            let child = match step {
                Step::Key(k) => node.get("properties").and_then(|p| p.get(k)),
                Step::Index(_) => node.get("items"),
            };
            if let Some(child) = child {
                expand(child, &mut next);
            }
        }
        nodes = next;
    }
    nodes
}

/// A value the schema allows, standing in for a wrong one so the checks of meaning can run.
/// Whether one of the schemas at a value asks for this pattern.
pub(super) fn has_pattern(nodes: &[&Value], pattern: &str) -> bool {
    nodes
        .iter()
        .any(|n| n.get("pattern").and_then(Value::as_str) == Some(pattern))
}

/// The text standing in for a wrong one while the rest of the file is checked. A problem
/// found later that names it is an echo of the first, not a problem of its own.
pub(crate) const STAND_IN_TEXT: &str = "placeholder";

pub(super) fn placeholder(nodes: &[&Value]) -> Value {
    for node in nodes {
        if let Some(c) = node.get("const") {
            return c.clone();
        }
        if let Some(Value::Array(values)) = node.get("enum")
            && let Some(first) = values.first()
        {
            return first.clone();
        }
    }
    for node in nodes {
        if let Some(kind) = node.pointer("/properties/kind/const") {
            let mut object = Map::new();
            object.insert("kind".to_owned(), kind.clone());
            return Value::Object(object);
        }
        let types: Vec<&str> = match node.get("type") {
            Some(Value::String(t)) => vec![t.as_str()],
            Some(Value::Array(ts)) => ts.iter().filter_map(Value::as_str).collect(),
            _ => continue,
        };
        let Some(main) = types.iter().find(|t| **t != "null") else {
            return Value::Null;
        };
        return match *main {
            "integer" | "number" => {
                let min = node.get("minimum").and_then(Value::as_i64).unwrap_or(0);
                Value::from(
                    min.max(1).min(
                        node.get("maximum")
                            .and_then(Value::as_i64)
                            .unwrap_or(i64::MAX),
                    ),
                )
            }
            "string" => {
                let pattern = node.get("pattern").and_then(Value::as_str).unwrap_or("");
                Value::String(
                    if pattern == crate::scenario::file::DIE_PATTERN {
                        "d6"
                    } else if pattern == crate::scenario::file::COUNT_PATTERN {
                        "1"
                    } else {
                        STAND_IN_TEXT
                    }
                    .to_owned(),
                )
            }
            "boolean" => Value::Bool(false),
            "array" => Value::Array(Vec::new()),
            "object" => {
                let mut object = Map::new();
                if let Some(Value::Array(required)) = node.get("required") {
                    for name in required.iter().filter_map(Value::as_str) {
                        let mut child = Vec::new();
                        if let Some(schema) = node.pointer(&format!("/properties/{name}")) {
                            expand(schema, &mut child);
                        }
                        object.insert(name.to_owned(), placeholder(&child));
                    }
                }
                Value::Object(object)
            }
            _ => Value::Null,
        };
    }
    Value::Null
}

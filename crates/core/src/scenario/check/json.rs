//! Reading JSON text: where a byte is (line and column), syntax errors in words a person can
//! act on, and numbers written as `3.0` read as the whole numbers they are.

use super::ScenarioError;

/// The line and column of a byte offset.
pub(super) fn position_of(bytes: &[u8], offset: usize) -> (usize, usize) {
    let before = &bytes[..offset.min(bytes.len())];
    let line = before.iter().filter(|&&b| b == b'\n').count() + 1;
    let start = before
        .iter()
        .rposition(|&b| b == b'\n')
        .map_or(0, |p| p + 1);
    let column = String::from_utf8_lossy(&before[start..]).chars().count() + 1;
    (line, column)
}

/// Numbers written with a zero fraction (`3.0`) read as the whole numbers they are, as the
/// schema counts them.
pub(super) fn whole_numbers(value: serde_json::Value) -> serde_json::Value {
    use serde_json::Value;
    match value {
        Value::Number(n) if n.is_f64() => match n.as_f64() {
            Some(f) if f.fract() == 0.0 && f.abs() < 9.0e15 => Value::from(f as i64),
            _ => Value::Number(n),
        },
        Value::Array(items) => Value::Array(items.into_iter().map(whole_numbers).collect()),
        Value::Object(map) => Value::Object(
            map.into_iter()
                .map(|(k, v)| (k, whole_numbers(v)))
                .collect(),
        ),
        other => other,
    }
}

/// A serde_json error as a located syntax error; an error with no position (an I/O error,
/// which bytes never give) is placed at the end of the text.
pub(crate) fn syntax_error(error: &serde_json::Error, bytes: &[u8]) -> ScenarioError {
    let (line, column) = if error.line() == 0 {
        let text = String::from_utf8_lossy(bytes);
        let line = text.lines().count().max(1);
        let column = text.lines().last().map_or(0, str::len) + 1;
        (line, column)
    } else {
        (error.line(), error.column())
    };
    // serde_json ends its messages with " at line L column C"; the position is printed apart.
    let message = error.to_string();
    let message = match message.rfind(" at line ") {
        Some(i) => message[..i].to_owned(),
        None => message,
    };
    let message = syntax_words(&message, bytes, line, column);
    ScenarioError::Syntax {
        line,
        column,
        message,
    }
}

/// A JSON syntax message a person can act on.
fn syntax_words(message: &str, bytes: &[u8], line: usize, column: usize) -> String {
    let text = String::from_utf8_lossy(bytes);
    let here: String = text
        .lines()
        .nth(line.saturating_sub(1))
        .unwrap_or_default()
        .chars()
        .skip(column.saturating_sub(1))
        .take(2)
        .collect();
    if here.starts_with("//")
        || here.starts_with("/*")
        || message.contains("key must be a string") && here.starts_with('/')
    {
        return "JSON has no comments: remove this one (notes for players go in \"brief\" or \"special_rules\")".to_owned();
    }
    if message.starts_with("trailing comma") {
        return "a comma before a closing } or ]: remove it".to_owned();
    }
    if message.starts_with("EOF while parsing") {
        return "the file ends before the JSON does: a closing } or ] is missing".to_owned();
    }
    if message.starts_with("expected value") {
        return format!(
            "expected a value here (a number, \"text in quotes\", true, false, a list [ … ] or an object {{ … }}){}",
            if here.starts_with('\'') {
                ": JSON text takes double quotes, not single"
            } else {
                ""
            }
        );
    }
    if message.starts_with("key must be a string") {
        return "expected a field name in double quotes (\"name\")".to_owned();
    }
    if message.starts_with("expected `,` or `}`") {
        return "expected a comma between two fields, or } to close the object".to_owned();
    }
    if message.starts_with("expected `,` or `]`") {
        return "expected a comma between two items, or ] to close the list".to_owned();
    }
    if message.starts_with("expected `:`") {
        return "expected a colon between a field's name and its value".to_owned();
    }
    message.to_owned()
}

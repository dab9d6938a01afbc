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
    // A file cut short (serde_json places it after the last line end, at column 0) is placed
    // where its text stops: after the last character that is not blank.
    let cut_short = error.classify() == serde_json::error::Category::Eof;
    let (line, column) = if !cut_short && error.line() > 1 && error.column() == 0 {
        // A raw line break inside text in quotes: serde_json has already counted it and names
        // column 0 of the next line; it belongs at the end of the line it breaks.
        let breaks = bytes
            .iter()
            .enumerate()
            .filter(|&(_, &b)| b == b'\n')
            .nth(error.line() - 2)
            .map_or(bytes.len(), |(i, _)| i);
        let before_cr = if breaks > 0 && bytes.get(breaks - 1) == Some(&b'\r') {
            breaks - 1
        } else {
            breaks
        };
        position_of(bytes, before_cr)
    } else if error.line() == 0 || cut_short || error.column() == 0 {
        let end = bytes
            .iter()
            .rposition(|b| !b.is_ascii_whitespace())
            .map_or(0, |i| i + 1);
        position_of(bytes, end)
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
    if message.starts_with("invalid number") || message.starts_with("number out of range") {
        return "not a number as JSON writes it: digits, with a minus sign or a decimal point where needed (3, -1, 2.5); no plus sign, no leading zero (07), no comma for the decimal point (2,5); text goes in double quotes".to_owned();
    }
    if message.starts_with("trailing characters") {
        return "more after the end of the scenario: a file is one object { … } and nothing after its closing }; remove what follows (a } too many, or a second object)".to_owned();
    }
    if message.starts_with("control character") {
        return "a tab or a line break inside text in quotes: JSON text stays on one line; write \\t for a tab, \\n for a line break, or a space".to_owned();
    }
    if message.starts_with("recursion limit exceeded") {
        return "lists and objects nested more than 128 deep: a scenario nests a few levels at most; look for a [ or { opened too many times, or never closed".to_owned();
    }
    if message.contains("hex escape") || message.contains("surrogate") {
        return "a \\u escape that is not a whole character: write the character itself, or both halves of a pair (\\ud83d\\ude00)".to_owned();
    }
    if message.starts_with("invalid escape") {
        return "a backslash in text in quotes starts an escape: write \\\\ for a backslash itself (\\n, \\t, \\\" and \\uXXXX are the others)".to_owned();
    }
    message.to_owned()
}

/// A message of serde's in plain words: no Rust type names (`u8`, `struct Header`,
/// `internally tagged enum Entry`), values in double quotes rather than backticks.
pub(crate) fn plain_words(message: &str) -> String {
    // The types serde names after "expected", widest first so "u8" does not eat "u16".
    const TYPES: [(&str, &str); 18] = [
        ("expected u8", "expected a whole number from 0 to 255"),
        ("expected u16", "expected a whole number from 0 to 65,535"),
        (
            "expected u32",
            "expected a whole number from 0 to 4,294,967,295",
        ),
        ("expected u64", "expected a whole number, 0 or more"),
        ("expected usize", "expected a whole number, 0 or more"),
        ("expected i8", "expected a whole number from -128 to 127"),
        (
            "expected i16",
            "expected a whole number from -32,768 to 32,767",
        ),
        ("expected i32", "expected a whole number"),
        ("expected i64", "expected a whole number"),
        ("expected f32", "expected a number"),
        ("expected f64", "expected a number"),
        ("expected a sequence", "expected a list [ … ]"),
        ("expected a map", "expected an object { … }"),
        ("expected a string", "expected text in quotes"),
        ("expected a boolean", "expected true or false"),
        ("expected unit", "expected null"),
        ("expected a character", "expected one character in quotes"),
        ("expected option", "expected a value or null"),
    ];
    let mut out = message.replace('`', "\"");
    // "expected internally tagged enum Entry", "expected struct Header", "expected enum Die",
    // "data did not match any variant of untagged enum InsurgencyFile".
    for (rust, plain) in [
        (
            "expected internally tagged enum ",
            "expected an object with a \"kind\" field (",
        ),
        ("expected struct variant ", "expected an object ("),
        ("expected tuple struct ", "expected a list [ … ] ("),
        ("expected struct ", "expected an object { … } ("),
        ("expected enum ", "expected one of its words ("),
        ("untagged enum ", "the choices of "),
    ] {
        if let Some(i) = out.find(rust) {
            let name_start = i + rust.len();
            let name_end = out[name_start..]
                .find(|c: char| !c.is_alphanumeric() && c != '_')
                .map_or(out.len(), |n| name_start + n);
            let name = words_of_type(&out[name_start..name_end]);
            let close = if plain.ends_with('(') { ")" } else { "" };
            out = format!("{}{plain}{name}{close}{}", &out[..i], &out[name_end..]);
        }
    }
    for (rust, plain) in TYPES {
        if let Some(i) = out.find(rust) {
            let end = i + rust.len();
            if out[end..]
                .chars()
                .next()
                .is_none_or(|c| !c.is_alphanumeric())
            {
                out = format!("{}{plain}{}", &out[..i], &out[end..]);
            }
        }
    }
    out.replace("invalid type: integer ", "")
        .replace("invalid type: floating point ", "")
        .replace("invalid type: string ", "")
        .replace("invalid type: boolean ", "")
        .replace("invalid type: sequence", "a list [ … ]")
        .replace("invalid type: map", "an object { … }")
        .replace("invalid type: unit value", "null")
        .replace("invalid type: ", "")
        .replace("invalid value: integer ", "")
        .replace("invalid value: ", "")
        // What serde_json says of the text itself, for a line of a saved game.
        .replace(
            "EOF while parsing a value",
            "the text stops before its value does",
        )
        .replace("EOF while parsing a string", "text in quotes is not closed")
        .replace("EOF while parsing a list", "a list [ … ] is not closed")
        .replace(
            "EOF while parsing an object",
            "an object { … } is not closed",
        )
        .replace("expected value", "not JSON text")
        .replace(
            "control character (\\u0000-\\u001F) found while parsing a string",
            "a raw control character inside text in quotes",
        )
        .replace("unknown variant ", "unknown word ")
        .replace(
            "expected variant identifier",
            "expected one of its words, in quotes",
        )
}

/// A Rust type's name in words: "Entry" → "entry", "ScenarioFile" → "scenario file".
fn words_of_type(name: &str) -> String {
    let mut out = String::new();
    for (i, c) in name.chars().enumerate() {
        if c.is_uppercase() && i > 0 {
            out.push(' ');
        }
        out.extend(c.to_lowercase());
    }
    out
}

#[cfg(test)]
mod tests {
    use super::plain_words;

    #[test]
    fn serde_speaks_plainly() {
        assert_eq!(
            plain_words("invalid type: string \"x\", expected u8"),
            "\"x\", expected a whole number from 0 to 255"
        );
        assert_eq!(
            plain_words("invalid type: integer `3`, expected internally tagged enum Entry"),
            "\"3\", expected an object with a \"kind\" field (entry)"
        );
        assert_eq!(
            plain_words("invalid value: integer `300`, expected u8"),
            "\"300\", expected a whole number from 0 to 255"
        );
        assert_eq!(
            plain_words("missing field `kind`"),
            "missing field \"kind\""
        );
        // The words of the JSON text itself, in a line of a saved game.
        for (serde, plain) in [
            (
                "EOF while parsing a value at column 54",
                "the text stops before its value does at column 54",
            ),
            ("expected value at column 1", "not JSON text at column 1"),
            (
                "control character (\\u0000-\\u001F) found while parsing a string at column 10",
                "a raw control character inside text in quotes at column 10",
            ),
            (
                "unknown variant `evnt`, expected one of `event`, `undo`, `redo`",
                "unknown word \"evnt\", expected one of \"event\", \"undo\", \"redo\"",
            ),
        ] {
            assert_eq!(plain_words(serde), plain);
        }
        for message in [
            "invalid type: map, expected struct Header",
            "invalid type: sequence, expected u16",
            "data did not match any variant of untagged enum InsurgencyFile",
        ] {
            let plain = plain_words(message);
            for rust in ["u16", "struct", "enum", "Header", "InsurgencyFile", "`"] {
                assert!(!plain.contains(rust), "{message} -> {plain}");
            }
        }
    }
}

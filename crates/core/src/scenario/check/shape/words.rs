//! What the schema says a value should be, in words for a person: "a die: "d6", "d8", "d10"
//! or "d12"", "an object { "tq": …, "morale": … }", and a suggestion when one is plain.

use serde_json::Value;

use super::super::words::closest;
use super::walk::has_pattern;

/// A suggestion for a value of the wrong shape, when one is plain.
pub(super) fn hint(value: &Value, nodes: &[&Value]) -> Option<String> {
    let is_die = nodes.iter().any(|n| {
        n.get("x-expected").and_then(Value::as_str) == Some(crate::scenario::file::DIE_WORDS)
    });
    if is_die {
        let text = match value {
            Value::Number(n) => n.to_string(),
            Value::String(s) => s.clone(),
            _ => return None,
        };
        // "D10", "d08", "1d10", "10": the sides are the digits after the "d", if any.
        let lower = text.to_lowercase();
        let sides = lower.rsplit_once('d').map_or(lower.as_str(), |(_, s)| s);
        let digits: String = sides.chars().filter(char::is_ascii_digit).collect();
        let digits = digits.trim_start_matches('0');
        return ["6", "8", "10", "12"]
            .contains(&digits)
            .then(|| format!("write \"d{digits}\""));
    }
    if has_pattern(nodes, crate::scenario::file::COUNT_PATTERN) {
        return count_hint(value);
    }
    if has_pattern(nodes, crate::scenario::file::TURN_DICE_PATTERN)
        && let Value::String(text) = value
    {
        return turn_dice_hint(text);
    }
    let options = enum_options(nodes);
    if options.iter().any(|o| o == "28mm") {
        return scale_hint(value, &options);
    }
    if let Value::String(s) = value
        && let Some(near) = closest(s, &options)
    {
        return Some(format!("did you mean \"{near}\"?"));
    }
    None
}

/// A turn limit in dice written another way than the format's ("6 + 1D3"), or asking for what
/// it cannot give (a d7, no dice, a thousand turns): what to write instead.
fn turn_dice_hint(text: &str) -> Option<String> {
    let plain: String = text
        .chars()
        .filter(|c| !c.is_whitespace())
        .collect::<String>()
        .to_lowercase();
    if let Some(dice) = crate::scenario::TurnLimitDice::parse(&plain) {
        return Some(format!("write \"{}\"", dice.words()));
    }
    // The dice first, then the turns ("1d3+6"): the same limit, written the format's way.
    if let Some((dice, base)) = plain.split_once('+')
        && let Some(limit) = crate::scenario::TurnLimitDice::parse(&format!("{base}+{dice}"))
    {
        return Some(format!("write \"{}\"", limit.words()));
    }
    let Some((base, dice)) = plain.split_once('+') else {
        return Some(
            "write the turns the game is sure to have, a plus, then the dice: \"6+1d3\"".to_owned(),
        );
    };
    let (count, sides) = dice.split_once('d')?;
    let number = |s: &str| s.parse::<u32>().ok();
    if number(base).is_none_or(|b| !(1..=99).contains(&b)) {
        return Some("the turns before the dice are a number from 1 to 99".to_owned());
    }
    if !count.is_empty() && number(count).is_none_or(|n| !(1..=4).contains(&n)) {
        return Some("roll 1 to 4 dice: \"6+1d3\", \"4+2d6\"".to_owned());
    }
    if number(sides).is_none_or(|n| n != 3 && n != 6) {
        return Some("the dice are d3 (a d6 halved) or d6".to_owned());
    }
    None
}

/// A figure count written another way than the format's ("1D6", "1d6 + 2", 3): the same count
/// as the format writes it.
fn count_hint(value: &Value) -> Option<String> {
    let text = match value {
        Value::Number(n) => n.to_string(),
        Value::String(s) => s.clone(),
        _ => return None,
    };
    let count: crate::rules::reinforcements::DiceCount = text.parse().ok()?;
    let written = count.to_string();
    (written != text).then(|| format!("write \"{written}\""))
}

/// A scale the app does not know by that name: the size of the figures in millimetres says
/// which of the two it plays at (the booklet's 25mm figures are the 28mm scale).
fn scale_hint(value: &Value, options: &[String]) -> Option<String> {
    let text = match value {
        Value::Number(n) => n.to_string(),
        Value::String(s) => s.to_lowercase(),
        _ => return None,
    };
    let digits: String = text
        .trim()
        .trim_end_matches("mm")
        .trim()
        .chars()
        .take_while(char::is_ascii_digit)
        .collect();
    let size: Option<u32> = digits.parse().ok().filter(|_| {
        let rest = text.trim().trim_start_matches(digits.as_str()).trim();
        rest.is_empty() || rest == "mm"
    });
    match size {
        Some(15) | Some(28) => Some(format!("write \"{}mm\"", digits)),
        Some(10..=18) => Some(format!(
            "{digits}mm figures play at the 15mm scale (the booklet's distances as written): write \"15mm\""
        )),
        Some(25..=32) => Some(format!(
            "{digits}mm figures play at the 28mm scale (the booklet's distances one and a half times): write \"28mm\""
        )),
        _ => closest(&text, options)
            .filter(|_| size.is_none())
            .map(|near| format!("did you mean \"{near}\"?")),
    }
}

/// The names in a list, quoted.
pub(super) fn quoted_list(names: &[String]) -> String {
    names
        .iter()
        .map(|n| format!("\"{n}\""))
        .collect::<Vec<_>>()
        .join(", ")
}

/// The first sentence of a description, whose lines were wrapped in the source.
pub(super) fn first_sentence(text: &str) -> String {
    let paragraph = text.split("\n\n").next().unwrap_or(text).replace('\n', " ");
    let first = paragraph.split(". ").next().unwrap_or(&paragraph);
    first.trim().trim_end_matches('.').to_owned()
}

/// What a value should look like, in words, from its schema.
pub fn expected(nodes: &[&Value]) -> String {
    for node in nodes {
        if let Some(words) = node.get("x-expected").and_then(Value::as_str) {
            return words.to_owned();
        }
    }
    let options = enum_options(nodes);
    if !options.is_empty() {
        return match options.len() {
            1 => format!("\"{}\"", options[0]),
            2 => format!("\"{}\" or \"{}\"", options[0], options[1]),
            _ => format!("one of {}", quoted_list(&options)),
        };
    }
    let tags = tag_options(nodes);
    if !tags.is_empty() {
        return format!(
            "one of {}",
            tags.iter()
                .map(|t| format!("{{\"kind\": \"{t}\"}}"))
                .collect::<Vec<_>>()
                .join(", ")
        );
    }
    for node in nodes {
        if let Some(words) = type_words(node) {
            return words;
        }
    }
    "a value".to_owned()
}

/// Words for a schema by its type.
pub(super) fn type_words(node: &Value) -> Option<String> {
    let types: Vec<&str> = match node.get("type") {
        Some(Value::String(t)) => vec![t.as_str()],
        Some(Value::Array(ts)) => ts.iter().filter_map(Value::as_str).collect(),
        _ => return None,
    };
    let main = types.iter().find(|t| **t != "null")?;
    Some(match *main {
        "integer" | "number" => {
            let whole = if *main == "integer" {
                "a whole number"
            } else {
                "a number"
            };
            match (
                node.get("minimum").and_then(Value::as_i64),
                node.get("maximum").and_then(Value::as_i64),
            ) {
                (Some(a), Some(b)) => format!("{whole} from {a} to {b}"),
                (Some(a), None) => format!("{whole}, at least {a}"),
                (None, Some(b)) => format!("{whole}, at most {b}"),
                (None, None) => whole.to_owned(),
            }
        }
        "string" => match node.get("maxLength").and_then(Value::as_u64) {
            Some(max) => format!("text in quotes, not blank, at most {max} characters"),
            None => "text in quotes, not blank".to_owned(),
        },
        "boolean" => "true or false".to_owned(),
        "array" => "a list [ … ]".to_owned(),
        "object" => object_words(node),
        other => other.to_owned(),
    })
}

/// An object, with the fields it must have: `an object { "tq": …, "morale": … }`.
pub(super) fn object_words(node: &Value) -> String {
    let required: Vec<&str> = node
        .get("required")
        .and_then(Value::as_array)
        .map(|r| r.iter().filter_map(Value::as_str).collect())
        .unwrap_or_default();
    if required.is_empty() {
        return "an object { … }".to_owned();
    }
    let fields = required
        .iter()
        .map(|f| format!("\"{f}\": …"))
        .collect::<Vec<_>>()
        .join(", ");
    format!("an object {{ {fields} }}")
}

/// The fixed words a value may take (an enum, or constants).
pub(super) fn enum_options(nodes: &[&Value]) -> Vec<String> {
    let mut out = Vec::new();
    for node in nodes {
        if let Some(Value::Array(values)) = node.get("enum") {
            out.extend(values.iter().filter_map(Value::as_str).map(str::to_owned));
        }
        if let Some(Value::String(c)) = node.get("const")
            && node.get("type").is_none_or(|t| t == "string")
            && node.get("properties").is_none()
        {
            out.push(c.clone());
        }
    }
    out.dedup();
    out
}

/// The `kind`s of an internally tagged choice (the victory triggers).
pub(super) fn tag_options(nodes: &[&Value]) -> Vec<String> {
    let mut out = Vec::new();
    for node in nodes {
        if let Some(kind) = node
            .pointer("/properties/kind/const")
            .and_then(Value::as_str)
        {
            out.push(kind.to_owned());
        }
    }
    out
}

pub(super) fn property_names(nodes: &[&Value]) -> Vec<String> {
    let mut names: Vec<String> = nodes
        .iter()
        .filter_map(|n| n.get("properties").and_then(Value::as_object))
        .flat_map(|p| p.keys().cloned())
        .collect();
    names.sort();
    names.dedup();
    names
}

pub(super) fn item_bounds(nodes: &[&Value]) -> (Option<u64>, Option<u64>) {
    let get = |key: &str| {
        nodes
            .iter()
            .find_map(|n| n.get(key).and_then(Value::as_u64))
    };
    (get("minItems"), get("maxItems"))
}

//! Small helpers for the words shown to people.

/// The text with its first letter in capitals: "not within 6\"" → "Not within 6\"".
pub fn capitalized(text: &str) -> String {
    let mut chars = text.chars();
    chars.next().map_or(String::new(), |first| {
        first.to_uppercase().collect::<String>() + chars.as_str()
    })
}

/// A count with its noun in the right number: `plural(1, "event", "events")` is "1 event".
pub fn plural(n: usize, one: &str, many: &str) -> String {
    if n == 1 {
        format!("{n} {one}")
    } else {
        format!("{n} {many}")
    }
}

/// A probability as a percentage, with the precision a person can use: "0%", "under 0.1%",
/// "45.2%", "over 99.9%", "100%".
pub fn percent(p: f64) -> String {
    // Rounding can leave a probability a hair below 0 or above 1: never "-0.0%".
    let pct = (p * 100.0).clamp(0.0, 100.0);
    if pct <= 0.0 {
        "0%".to_owned()
    } else if pct >= 100.0 {
        "100%".to_owned()
    } else if pct < 0.1 {
        "under 0.1%".to_owned()
    } else if !(99.95..100.0).contains(&pct) {
        format!("{pct:.1}%")
    } else {
        "over 99.9%".to_owned()
    }
}

/// Items in words: "9", "9 and 10", "9, 10 and 11".
pub fn and_list(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

/// Choices in words: "9", "9 or 10", "9, 10 or 11".
pub fn or_list(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} or {last}", rest.join(", ")),
    }
}

/// A moment as "2026-12-01 14:05 UTC".
pub fn utc_time(time: std::time::SystemTime) -> String {
    let seconds = time
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    let days = (seconds / 86_400) as i64;
    let (hour, minute) = ((seconds % 86_400) / 3600, (seconds % 3600) / 60);
    // Days since 1970-01-01 to a date of the proleptic Gregorian calendar.
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let day_of_era = z.rem_euclid(146_097);
    let year_of_era =
        (day_of_era - day_of_era / 1460 + day_of_era / 36_524 - day_of_era / 146_096) / 365;
    let day_of_year = day_of_era - (365 * year_of_era + year_of_era / 4 - year_of_era / 100);
    let mp = (5 * day_of_year + 2) / 153;
    let day = day_of_year - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = year_of_era + era * 400 + i64::from(month <= 2);
    format!("{year:04}-{month:02}-{day:02} {hour:02}:{minute:02} UTC")
}

/// The longest value quoted whole in a message; longer ones are cut (see [`quoted`]).
pub const QUOTED_CHARS: usize = 60;

/// A value in double quotes for a message, on one line: every control character escaped (a
/// line break as `\n`, a tab as `\t`), so a value never starts a line of its own, and, when
/// longer than [`QUOTED_CHARS`] characters, cut with its length given: `"aaaa…" (1,000,000
/// characters)`.
pub fn quoted(value: &str) -> String {
    let length = value.chars().count();
    if length <= QUOTED_CHARS {
        return format!("\"{}\"", one_line(value));
    }
    let start: String = value.chars().take(QUOTED_CHARS).collect();
    format!(
        "\"{}…\" ({} characters)",
        one_line(&start),
        thousands(length as u64)
    )
}

/// A field path for a message, on one line and bounded: every name in it longer than
/// [`QUOTED_CHARS`] characters cut with its length given (`units[0].aaaa…(200,000
/// characters)`), and what would break the line escaped, so a key of a megabyte is told in a
/// few dozen characters. The indices and the dots between the steps stay as written.
pub fn path_words(path: &str) -> std::borrow::Cow<'_, str> {
    let long = path
        .split(['.', '[', ']'])
        .any(|name| name.chars().nth(QUOTED_CHARS).is_some());
    if !long {
        return one_line(path);
    }
    let mut out = String::new();
    let mut name = String::new();
    let mut length = 0usize;
    let flush = |out: &mut String, name: &mut String, length: &mut usize| {
        out.push_str(&one_line(name));
        if *length > QUOTED_CHARS {
            out.push_str(&format!("…({} characters)", thousands(*length as u64)));
        }
        name.clear();
        *length = 0;
    };
    for c in path.chars() {
        if matches!(c, '.' | '[' | ']') {
            flush(&mut out, &mut name, &mut length);
            out.push(c);
        } else {
            if length < QUOTED_CHARS {
                name.push(c);
            }
            length += 1;
        }
    }
    flush(&mut out, &mut name, &mut length);
    std::borrow::Cow::Owned(out)
}

/// Text safe to print on a terminal: every control character (NUL, BEL, ESC, a carriage
/// return, DEL, the C1 controls) written as `\u{1b}`, except line ends and tabs.
pub fn escape_controls(text: &str) -> std::borrow::Cow<'_, str> {
    if !text.chars().any(is_unsafe) {
        return std::borrow::Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 16);
    for c in text.chars() {
        if is_unsafe(c) {
            out.push_str(&format!("\\u{{{:x}}}", u32::from(c)));
        } else {
            out.push(c);
        }
    }
    std::borrow::Cow::Owned(out)
}

/// JSON text safe to print on a terminal and still JSON: serde_json writes C0 controls as
/// `\u001b` escapes but leaves DEL, the C1 controls and the line and paragraph separators
/// (U+2028, U+2029) raw; these are written as JSON's own `\u0085` escapes here (they can only
/// stand inside strings, so the JSON reads back the same). [`escape_controls`] is for prose and
/// must never touch JSON: its `\u{85}` is not JSON.
pub fn json_for_terminal(json: String) -> String {
    let escaped = |c: char| {
        c == '\u{7f}' || ('\u{80}'..='\u{9f}').contains(&c) || matches!(c, '\u{2028}' | '\u{2029}')
    };
    if !json.chars().any(escaped) {
        return json;
    }
    let mut out = String::with_capacity(json.len() + 16);
    for c in json.chars() {
        if escaped(c) {
            out.push_str(&format!("\\u{:04x}", u32::from(c)));
        } else {
            out.push(c);
        }
    }
    out
}

/// Whether a character breaks the line it is printed on, or hides in it: a control character
/// (C0, DEL, C1) or a line or paragraph separator (U+2028, U+2029). Text meant for one line (a
/// name, a place, a label) holds none: the scenario schema's `LINE_PATTERN` says the same.
pub fn breaks_line(c: char) -> bool {
    c.is_control() || matches!(c, '\u{2028}' | '\u{2029}')
}

/// Text on one line, safe to print: [`escape_controls`], with line breaks, tabs and the line
/// and paragraph separators escaped too (`\n`, `\t`, `\u{2028}`).
pub fn one_line(text: &str) -> std::borrow::Cow<'_, str> {
    if !text.chars().any(breaks_line) {
        return std::borrow::Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 16);
    for c in text.chars() {
        match c {
            '\n' => out.push_str("\\n"),
            '\t' => out.push_str("\\t"),
            c if breaks_line(c) => out.push_str(&format!("\\u{{{:x}}}", u32::from(c))),
            c => out.push(c),
        }
    }
    std::borrow::Cow::Owned(out)
}

fn is_unsafe(c: char) -> bool {
    c.is_control() && c != '\n' && c != '\t'
}

/// A number with its thousands apart: "4,980".
pub fn thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::{escape_controls, plural, quoted, thousands, utc_time};

    #[test]
    fn values_are_quoted_safely_and_cut_with_their_length() {
        assert_eq!(quoted("d10"), "\"d10\"");
        assert_eq!(quoted("a\u{1b}[2Jb"), "\"a\\u{1b}[2Jb\"");
        let long = "x".repeat(1_000_000);
        let q = quoted(&long);
        assert!(q.len() < 100, "{q}");
        assert!(q.ends_with("…\" (1,000,000 characters)"), "{q}");
        assert_eq!(
            escape_controls("a\u{0}\u{7}\r\n\tb"),
            "a\\u{0}\\u{7}\\u{d}\n\tb"
        );
        // A value quoted in a message stays on its line.
        assert_eq!(quoted("a\nb:1:1: ok\t"), "\"a\\nb:1:1: ok\\t\"");
        assert_eq!(thousands(4980), "4,980");
        assert_eq!(thousands(999), "999");
        assert_eq!(thousands(1_000_000), "1,000,000");
    }

    #[test]
    fn paths_are_cut_name_by_name_and_kept_on_one_line() {
        assert_eq!(
            super::path_words("units[2].figures[0].count"),
            "units[2].figures[0].count"
        );
        let key = "k".repeat(200_000);
        let path = format!("units[0].{key}");
        let shown = super::path_words(&path);
        assert_eq!(
            shown,
            format!("units[0].{}…(200,000 characters)", "k".repeat(60))
        );
        assert_eq!(super::path_words("units[0].a\nb"), "units[0].a\\nb");
        let sixty = "é".repeat(60);
        assert_eq!(super::path_words(&sixty), sixty);
    }

    #[test]
    fn moments_read_as_dates() {
        let at = |s: u64| utc_time(std::time::UNIX_EPOCH + std::time::Duration::from_secs(s));
        assert_eq!(at(0), "1970-01-01 00:00 UTC");
        assert_eq!(at(951_782_400), "2000-02-29 00:00 UTC");
        assert_eq!(at(1_796_134_500), "2026-12-01 14:15 UTC");
    }

    #[test]
    fn one_is_singular_everything_else_plural() {
        assert_eq!(plural(1, "casualty", "casualties"), "1 casualty");
        assert_eq!(plural(0, "casualty", "casualties"), "0 casualties");
        assert_eq!(plural(3, "event", "events"), "3 events");
    }
}

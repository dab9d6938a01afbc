//! Where each value and each key of a JSON text is, so every problem can name its line and
//! column. The text is known to be well formed (serde_json read it first).

use std::collections::{HashMap, HashSet};

/// A line and a column, both from 1 (the column counts characters, not bytes).
pub type Position = (usize, usize);

/// The positions of a JSON text's values and keys, by field path (`units[2].tq`, and `` for the
/// whole file).
#[derive(Debug, Default)]
pub struct Positions {
    values: HashMap<String, Position>,
    keys: HashMap<String, Position>,
    /// For a field written twice in its object: where it was written first (`keys` holds the
    /// last, the one a JSON value keeps).
    first_keys: HashMap<String, Position>,
}

impl Positions {
    /// Indexes every value and key of a well-formed JSON text.
    pub fn of(text: &str) -> Self {
        Self::scan(text, None)
    }

    /// Indexes the values and keys at the paths asked for, and at the paths holding them (where
    /// a missing field is placed), in one pass that keeps nothing else.
    pub fn of_paths<'p>(text: &str, paths: impl IntoIterator<Item = &'p str>) -> Self {
        let mut wanted = HashSet::new();
        for path in paths {
            let mut at = Some(path);
            while let Some(path) = at {
                if !wanted.insert(path.to_owned()) {
                    break;
                }
                at = parent(path);
            }
        }
        Self::scan(text, Some(&wanted))
    }

    fn scan(text: &str, wanted: Option<&HashSet<String>>) -> Self {
        let mut scanner = Scanner::new(text, wanted);
        scanner.value();
        scanner.positions
    }

    /// Where the value at `path` starts; for a path that is not there (a missing field), where
    /// the nearest enclosing value starts.
    pub fn value(&self, path: &str) -> Option<Position> {
        let mut path = path;
        loop {
            if let Some(&at) = self.values.get(path) {
                return Some(at);
            }
            path = parent(path)?;
        }
    }

    /// Where the key of the field at `path` is written (an unknown field's name), else where
    /// its value is. For a field written more than once in its object, the last time.
    pub fn key(&self, path: &str) -> Option<Position> {
        self.keys.get(path).copied().or_else(|| self.value(path))
    }

    /// Where a field written more than once in its object was written first.
    pub fn first_key(&self, path: &str) -> Option<Position> {
        self.first_keys.get(path).copied()
    }
}

/// The path of the value holding the one at `path`, if any.
pub fn parent(path: &str) -> Option<&str> {
    if path.is_empty() {
        return None;
    }
    let cut = path.rfind(['.', '[']).unwrap_or(0);
    Some(&path[..cut])
}

/// A path with each of its list indices written `instead`: `units[3].figures[0].count` with
/// `[]` is `units[].figures[].count`, the same field of every entry.
pub fn every_index(path: &str, instead: &str) -> String {
    let mut out = String::with_capacity(path.len());
    let mut in_index = false;
    for c in path.chars() {
        match c {
            '[' => {
                in_index = true;
                out.push_str(instead);
            }
            ']' => in_index = false,
            _ if in_index => {}
            c => out.push(c),
        }
    }
    out
}

/// A field path one step further: `units` + 2 → `units[2]`, `units[2]` + "tq" → `units[2].tq`.
pub fn join_key(path: &str, key: &str) -> String {
    if path.is_empty() {
        key.to_owned()
    } else {
        format!("{path}.{key}")
    }
}

/// A field path one step into a list.
pub fn join_index(path: &str, index: usize) -> String {
    format!("{path}[{index}]")
}

/// A control character typed raw inside text in quotes (a line break, a tab), which JSON
/// refuses: where it is, and in which field.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RawControl {
    /// The field path of the text it is in (`brief`, `units[2].name`).
    pub path: String,
    /// Its line and column: a line break at the end of the line it breaks.
    pub at: Position,
    /// Its byte offset in the text.
    pub offset: usize,
    /// The character.
    pub character: char,
}

/// Every control character typed raw inside text in quotes, in the text's order; a CR LF
/// line break counts once, at its CR.
pub fn raw_controls(text: &str) -> Vec<RawControl> {
    let none = HashSet::new();
    let mut scanner = Scanner::new(text, Some(&none));
    scanner.controls = Some(Vec::new());
    scanner.value();
    scanner.controls.unwrap_or_default()
}

struct Scanner<'w, I: Iterator<Item = char>> {
    chars: std::iter::Peekable<I>,
    line: usize,
    column: usize,
    /// The byte offset of the next character.
    offset: usize,
    /// The column the last line break was at, on the line it ended.
    last_column: usize,
    /// The path of the value being read.
    path: String,
    /// The paths to keep, or every one.
    wanted: Option<&'w HashSet<String>>,
    positions: Positions,
    /// The raw control characters in text in quotes, when they are looked for.
    controls: Option<Vec<RawControl>>,
}

impl<'w, 't> Scanner<'w, std::str::Chars<'t>> {
    fn new(text: &'t str, wanted: Option<&'w HashSet<String>>) -> Self {
        Scanner {
            chars: text.chars().peekable(),
            line: 1,
            column: 1,
            offset: 0,
            last_column: 1,
            path: String::new(),
            wanted,
            positions: Positions::default(),
            controls: None,
        }
    }
}

impl<I: Iterator<Item = char>> Scanner<'_, I> {
    fn bump(&mut self) -> Option<char> {
        let c = self.chars.next()?;
        self.offset += c.len_utf8();
        if c == '\n' {
            self.last_column = self.column;
            self.line += 1;
            self.column = 1;
        } else {
            self.column += 1;
        }
        Some(c)
    }

    fn skip_space(&mut self) {
        while self.chars.peek().is_some_and(|c| c.is_whitespace()) {
            self.bump();
        }
    }

    fn here(&self) -> Position {
        (self.line, self.column)
    }

    fn keeps(&self) -> bool {
        self.wanted.is_none_or(|w| w.contains(&self.path))
    }

    fn value(&mut self) {
        self.skip_space();
        if self.keeps() {
            self.positions.values.insert(self.path.clone(), self.here());
        }
        match self.chars.peek() {
            Some('{') => self.object(),
            Some('[') => self.array(),
            Some('"') => {
                self.string();
            }
            Some(_) => {
                // A number, true, false or null: everything up to the next delimiter.
                while self
                    .chars
                    .peek()
                    .is_some_and(|c| !matches!(c, ',' | '}' | ']') && !c.is_whitespace())
                {
                    self.bump();
                }
            }
            None => {}
        }
    }

    fn string(&mut self) -> String {
        let mut out = String::new();
        self.bump();
        while let Some(c) = self.bump() {
            match c {
                '"' => break,
                '\\' => {
                    if let Some(escaped) = self.bump() {
                        out.push(match escaped {
                            'n' => '\n',
                            't' => '\t',
                            'u' => {
                                let hex: String = (0..4).filter_map(|_| self.bump()).collect();
                                u32::from_str_radix(&hex, 16)
                                    .ok()
                                    .and_then(char::from_u32)
                                    .unwrap_or('\u{fffd}')
                            }
                            other => other,
                        });
                    }
                }
                other => {
                    if other < ' '
                        && let Some(controls) = &mut self.controls
                    {
                        let after_cr = other == '\n'
                            && controls.last().is_some_and(|c| {
                                c.character == '\r' && c.offset + 1 == self.offset - 1
                            });
                        if !after_cr {
                            // Where it was: `bump` has moved past it (a line break to the
                            // next line), so the place is worked out again.
                            let at = if other == '\n' {
                                (self.line - 1, self.last_column)
                            } else {
                                (self.line, self.column - 1)
                            };
                            controls.push(RawControl {
                                path: self.path.clone(),
                                at,
                                offset: self.offset - 1,
                                character: other,
                            });
                        }
                    }
                    out.push(other);
                }
            }
        }
        out
    }

    fn object(&mut self) {
        self.bump();
        let len = self.path.len();
        loop {
            self.skip_space();
            match self.chars.peek() {
                Some('}') => {
                    self.bump();
                    return;
                }
                Some(',') => {
                    self.bump();
                }
                Some('"') => {
                    let at = self.here();
                    let key = self.string();
                    if len > 0 {
                        self.path.push('.');
                    }
                    self.path.push_str(&key);
                    if self.keeps()
                        && let Some(before) = self.positions.keys.insert(self.path.clone(), at)
                    {
                        self.positions
                            .first_keys
                            .entry(self.path.clone())
                            .or_insert(before);
                    }
                    self.skip_space();
                    if self.chars.peek() == Some(&':') {
                        self.bump();
                    }
                    self.value();
                    self.path.truncate(len);
                }
                Some(_) => {
                    self.bump();
                }
                None => return,
            }
        }
    }

    fn array(&mut self) {
        use std::fmt::Write;
        self.bump();
        let len = self.path.len();
        let mut index = 0;
        loop {
            self.skip_space();
            match self.chars.peek() {
                Some(']') => {
                    self.bump();
                    return;
                }
                Some(',') => {
                    self.bump();
                }
                Some(_) => {
                    let _ = write!(self.path, "[{index}]");
                    let before = self.offset;
                    self.value();
                    self.path.truncate(len);
                    index += 1;
                    // A text that is not well formed (one looked at for its raw control
                    // characters) may hold what no value starts with, a `}` in a list: step
                    // over it, so the scan always ends.
                    if self.offset == before {
                        self.bump();
                    }
                }
                None => return,
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_and_keys_are_found_by_path() {
        let text = "{\n  \"units\": [\n    {\"id\": \"a\", \"tq\": \"d6\"},\n    {\"id\": \"é\", \"tq\": 10}\n  ]\n}";
        let at = Positions::of(text);
        assert_eq!(at.value(""), Some((1, 1)));
        assert_eq!(at.value("units"), Some((2, 12)));
        assert_eq!(at.value("units[0].tq"), Some((3, 23)));
        assert_eq!(at.key("units[1].tq"), Some((4, 17)));
        assert_eq!(at.value("units[1].tq"), Some((4, 23)));
        // A missing field is placed at the object that lacks it.
        assert_eq!(at.value("units[1].name"), Some((4, 5)));
        assert_eq!(parent("units[1].tq"), Some("units[1]"));
        assert_eq!(parent("units[1]"), Some("units"));
        assert_eq!(parent("units"), Some(""));
    }
}

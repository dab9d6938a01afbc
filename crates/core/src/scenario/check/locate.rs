//! Where each value and each key of a JSON text is, so every problem can name its line and
//! column. The text is known to be well formed (serde_json read it first).

use std::collections::HashMap;

/// A line and a column, both from 1 (the column counts characters, not bytes).
pub type Position = (usize, usize);

/// The positions of a JSON text's values and keys, by field path (`units[2].tq`, and `` for the
/// whole file).
#[derive(Debug, Default)]
pub struct Positions {
    values: HashMap<String, Position>,
    keys: HashMap<String, Position>,
}

impl Positions {
    /// Indexes a well-formed JSON text.
    pub fn of(text: &str) -> Self {
        let mut scanner = Scanner {
            chars: text.chars().peekable(),
            line: 1,
            column: 1,
            positions: Positions::default(),
        };
        scanner.value(String::new());
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
    /// its value is.
    pub fn key(&self, path: &str) -> Option<Position> {
        self.keys.get(path).copied().or_else(|| self.value(path))
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

struct Scanner<I: Iterator<Item = char>> {
    chars: std::iter::Peekable<I>,
    line: usize,
    column: usize,
    positions: Positions,
}

impl<I: Iterator<Item = char>> Scanner<I> {
    fn bump(&mut self) -> Option<char> {
        let c = self.chars.next()?;
        if c == '\n' {
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

    fn value(&mut self, path: String) {
        self.skip_space();
        self.positions.values.insert(path.clone(), self.here());
        match self.chars.peek() {
            Some('{') => self.object(&path),
            Some('[') => self.array(&path),
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
                other => out.push(other),
            }
        }
        out
    }

    fn object(&mut self, path: &str) {
        self.bump();
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
                    let field = join_key(path, &key);
                    self.positions.keys.insert(field.clone(), at);
                    self.skip_space();
                    if self.chars.peek() == Some(&':') {
                        self.bump();
                    }
                    self.value(field);
                }
                Some(_) => {
                    self.bump();
                }
                None => return,
            }
        }
    }

    fn array(&mut self, path: &str) {
        self.bump();
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
                    self.value(join_index(path, index));
                    index += 1;
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

//! The first pass over a scenario's text, before any value is built: its syntax, what the whole
//! file is (an object, a list, a number…), how many values it holds, its longest list, and the
//! fields written twice in one object (which a JSON value, keeping only the last, cannot show).
//! It holds the path it is at and the names of the fields of the objects it is inside, so a
//! file that could never be a scenario (a list of four million numbers) is told so at the cost
//! of reading it once, and the values of a file are built only when there are few enough of
//! them to check.

use std::collections::HashSet;
use std::fmt;

use serde::de::{DeserializeSeed, Deserializer, MapAccess, SeqAccess, Visitor};

use super::locate::{join_index, join_key};

/// The most values (numbers, texts, lists, objects, booleans, nulls) a scenario file holds.
/// Night Patrol holds about 300; a scenario with 200 units of 20 figures each, about 20,000.
pub const MAX_SCENARIO_VALUES: usize = 50_000;

/// What the first pass found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Census {
    /// What the whole file is, in words, when it is not an object ("a list [ … ]").
    pub not_an_object: Option<String>,
    /// Values in all.
    pub values: usize,
    /// The longest list: its field path and its number of entries.
    pub longest: Option<(String, usize)>,
    /// The field paths written a second time in their object, in the file's order (each once,
    /// however many times it is written; no more than the file has values).
    /// (path, field name)
    pub doubled: Vec<(String, String)>,
}

/// Reads the text once: its syntax errors are serde_json's, as when it is parsed.
pub fn take(text: &str) -> Result<Census, serde_json::Error> {
    let mut deserializer = serde_json::Deserializer::from_str(text);
    // A file nested deeper than the recursion limit is refused as serde_json refuses it.
    let mut counter = Counter {
        values: 0,
        longest: None,
        path: Vec::new(),
        doubled: Vec::new(),
    };
    let top = Node {
        counter: &mut counter,
    }
    .deserialize(&mut deserializer)?;
    deserializer.end()?;
    Ok(Census {
        not_an_object: match top {
            Kind::Object => None,
            Kind::Other(words) => Some(words),
        },
        values: counter.values,
        longest: counter.longest,
        doubled: counter.doubled,
    })
}

/// One step of the path the pass is at.
enum Step {
    Key(String),
    Index(usize),
}

struct Counter {
    values: usize,
    longest: Option<(String, usize)>,
    path: Vec<Step>,
    doubled: Vec<(String, String)>,
}

impl Counter {
    fn path(&self) -> String {
        let mut out = String::new();
        for step in &self.path {
            out = match step {
                Step::Key(key) => join_key(&out, key),
                Step::Index(i) => join_index(&out, *i),
            };
        }
        out
    }
}

/// What a value is, for the whole file.
enum Kind {
    Object,
    Other(String),
}

struct Node<'c> {
    counter: &'c mut Counter,
}

impl<'de> DeserializeSeed<'de> for Node<'_> {
    type Value = Kind;

    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<Kind, D::Error> {
        deserializer.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for Node<'_> {
    type Value = Kind;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a JSON value")
    }

    fn visit_bool<E>(self, v: bool) -> Result<Kind, E> {
        self.counter.values += 1;
        Ok(Kind::Other(v.to_string()))
    }

    fn visit_i64<E>(self, v: i64) -> Result<Kind, E> {
        self.counter.values += 1;
        Ok(Kind::Other(v.to_string()))
    }

    fn visit_u64<E>(self, v: u64) -> Result<Kind, E> {
        self.counter.values += 1;
        Ok(Kind::Other(v.to_string()))
    }

    fn visit_f64<E>(self, v: f64) -> Result<Kind, E> {
        self.counter.values += 1;
        Ok(Kind::Other(v.to_string()))
    }

    fn visit_str<E>(self, v: &str) -> Result<Kind, E> {
        self.counter.values += 1;
        Ok(Kind::Other(crate::text::quoted(v)))
    }

    fn visit_unit<E>(self) -> Result<Kind, E> {
        self.counter.values += 1;
        Ok(Kind::Other("null".to_owned()))
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Kind, A::Error> {
        self.counter.values += 1;
        let mut n = 0;
        loop {
            self.counter.path.push(Step::Index(n));
            let item = seq.next_element_seed(Node {
                counter: self.counter,
            });
            self.counter.path.pop();
            if item?.is_none() {
                break;
            }
            n += 1;
        }
        if self
            .counter
            .longest
            .as_ref()
            .is_none_or(|(_, most)| n > *most)
        {
            self.counter.longest = Some((self.counter.path(), n));
        }
        Ok(Kind::Other("a list [ … ]".to_owned()))
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Kind, A::Error> {
        self.counter.values += 1;
        // The names met in this object, and those already said to be written twice.
        let mut names: HashSet<String> = HashSet::new();
        let mut said: HashSet<String> = HashSet::new();
        while let Some(key) = map.next_key::<std::borrow::Cow<'de, str>>()? {
            let key = key.into_owned();
            if !names.insert(key.clone())
                && said.insert(key.clone())
                && self.counter.doubled.len() < MAX_SCENARIO_VALUES
            {
                self.counter.path.push(Step::Key(key.clone()));
                let path = self.counter.path();
                self.counter.path.pop();
                self.counter.doubled.push((path, key.clone()));
            }
            self.counter.path.push(Step::Key(key));
            let value = map.next_value_seed(Node {
                counter: self.counter,
            });
            self.counter.path.pop();
            value?;
        }
        Ok(Kind::Object)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_are_counted_and_the_longest_list_found() {
        let census =
            take(r#"{"a": [1, 2, 3], "b": {"c": [[], [true, null, "x", 1.5]]}}"#).expect("reads");
        assert_eq!(census.not_an_object, None);
        assert_eq!(census.values, 13);
        assert_eq!(census.longest, Some(("b.c[1]".to_owned(), 4)));
        let list = take("[1,2,3]").expect("reads");
        assert_eq!(list.not_an_object.as_deref(), Some("a list [ … ]"));
        assert!(census.doubled.is_empty());
        let twice = take(r#"{"a": 1, "b": [{"c": 1, "c": 2, "c": 3}], "a": 2}"#).expect("reads");
        let paths: Vec<&str> = twice.doubled.iter().map(|(p, _)| p.as_str()).collect();
        assert_eq!(paths, vec!["b[0].c", "a"]);
        assert!(take("{\"a\": [1,]}").is_err());
        assert!(take("{} {}").is_err());
    }
}

//! The shape of a scenario file, checked against the very schema `ambush-alley schema` prints:
//! every value of the wrong type, out of range, misspelt or missing, all in one run, each with
//! its line, column and field path, and what to write instead.
//!
//! When the shape is wrong, a repaired copy of the file (unknown fields dropped, wrong values
//! replaced by a placeholder the schema allows) still goes through the checks of meaning, so
//! those problems are listed in the same run; problems inside a repaired value are left out,
//! as they would only echo the placeholder.

use std::collections::HashSet;
use std::sync::OnceLock;

use jsonschema::error::ValidationErrorKind;
use serde_json::Value;

use super::Problem;
use super::cap::{Capper, Found, Place};
use super::locate::{join_index, join_key};
use super::words::{closest, found};

mod cache;
mod validate;
mod walk;
mod words;

use cache::{SchemaCache, is_blank_text, line_breaker};
use validate::each_error;
pub use validate::{is_valid, schema};
pub(crate) use walk::STAND_IN_TEXT;

use walk::{Step, field_path, steps, value_at};
pub use words::expected;
use words::{hint, item_bounds, property_names, quoted_list, tag_options};

/// The shape problems of a file, and a repaired copy for the checks of meaning (with the paths
/// it repaired).
pub struct Shape {
    /// Every shape problem, capped per kind, to be located.
    pub(super) problems: Capper,
    /// The file with every shape problem repaired.
    pub repaired: Value,
    /// The field paths repaired, each kept as a hash ([`Shape::repaired`] asks).
    repaired_paths: HashSet<u64>,
    /// The objects and lists (below the whole file) holding a repaired value, as hashes.
    repaired_holders: HashSet<u64>,
}

/// Checks the shape of `value`. Each schema error costs the same whatever the size of the
/// file: the schemas at a path are looked up once per field of the format, not once per entry.
pub(super) fn check(value: &Value) -> Shape {
    let mut shape = Shape {
        problems: Capper::default(),
        repaired: value.clone(),
        repaired_paths: HashSet::new(),
        repaired_holders: HashSet::new(),
    };
    if !value.is_object() {
        shape.problems.push(Found {
            problem: Problem::at(String::new(), not_an_object(&found(value)), None),
            place: Place::Value,
        });
        return shape;
    }
    // The same problem said by two schema errors is listed once (kept as a hash: a file may
    // have a hundred thousand problems).
    let mut seen: HashSet<u64> = HashSet::new();
    let mut schemas = SchemaCache::default();
    each_error(value, |error, at| {
        let mut leaves = Vec::new();
        leaves_of(error, &mut leaves);
        for error in leaves {
            let pointer = format!("{at}{}", error.instance_path().as_str());
            let path = field_path(value, &pointer);
            for (path, problem) in describe(value, &path, error.kind(), &mut schemas) {
                if seen.insert(said(&path, &problem.message)) {
                    shape.repair(&path, &problem.repair, &mut schemas);
                    shape.problems.push(Found {
                        problem: Problem::at(path, problem.message, None),
                        place: if problem.at_key {
                            Place::Key
                        } else {
                            Place::Value
                        },
                    });
                }
            }
        }
    });
    shape
}

/// The texts of `value` that break a rule of text (a pattern, such as one line, or a
/// maximum length), as JSON pointers, each with its field's maximum length if it has one.
pub(super) fn text_out_of_bounds(value: &Value) -> Vec<(String, Option<usize>)> {
    let mut out: Vec<(String, Option<usize>)> = Vec::new();
    let mut seen: std::collections::HashMap<String, usize> = std::collections::HashMap::new();
    each_error(value, |error, at| {
        let mut leaves = Vec::new();
        leaves_of(error, &mut leaves);
        for leaf in leaves {
            let limit = match leaf.kind() {
                ValidationErrorKind::MaxLength { limit } => {
                    Some(usize::try_from(*limit).unwrap_or(usize::MAX))
                }
                ValidationErrorKind::Pattern { .. } => None,
                _ => continue,
            };
            let pointer = format!("{at}{}", leaf.instance_path().as_str());
            match seen.get(&pointer) {
                Some(&i) => out[i].1 = out[i].1.or(limit),
                None => {
                    seen.insert(pointer.clone(), out.len());
                    out.push((pointer, limit));
                }
            }
        }
    });
    out
}

/// A problem's path and words, as a number to tell it from the others.
fn said(path: &str, message: &str) -> u64 {
    use std::hash::{BuildHasher, Hash, Hasher};
    static KEYS: OnceLock<std::collections::hash_map::RandomState> = OnceLock::new();
    let mut hasher = KEYS.get_or_init(Default::default).build_hasher();
    path.hash(&mut hasher);
    message.hash(&mut hasher);
    hasher.finish()
}

/// What to say of a file that is not one object.
pub(super) fn not_an_object(what: &str) -> String {
    format!(
        "the file holds {what}: a scenario is one JSON object {{ … }} whose fields have names (\"format\", \"version\", \"units\", …)"
    )
}

/// The errors to describe for one schema error: for a choice between shapes (`anyOf`, `oneOf`)
/// where only one of the shapes fits the kind of value written (an object where an object or
/// `null` may stand), the errors inside that shape, so that a wrong field deep in an optional
/// object is named rather than the whole object.
fn leaves_of<'e>(
    error: &'e jsonschema::ValidationError<'e>,
    out: &mut Vec<&'e jsonschema::ValidationError<'e>>,
) {
    let context = match error.kind() {
        ValidationErrorKind::AnyOf { context } | ValidationErrorKind::OneOfNotValid { context } => {
            context
        }
        _ => {
            out.push(error);
            return;
        }
    };
    let here = error.instance_path().as_str();
    let kind_field = format!("{here}/kind");
    // A branch that only says "not this kind of value" at this very place does not fit, nor
    // one whose "kind" names another variant.
    let fits = |branch: &&Vec<jsonschema::ValidationError<'static>>| {
        let other_kind = branch.iter().any(|e| {
            e.instance_path().as_str() == kind_field
                && matches!(
                    e.kind(),
                    ValidationErrorKind::Constant { .. } | ValidationErrorKind::Enum { .. }
                )
        });
        let other_type = branch.iter().all(|e| {
            e.instance_path().as_str() == here
                && matches!(
                    e.kind(),
                    ValidationErrorKind::Type { .. }
                        | ValidationErrorKind::Constant { .. }
                        | ValidationErrorKind::Enum { .. }
                )
        });
        !other_kind && !other_type
    };
    let fitting: Vec<_> = context.iter().filter(fits).collect();
    match fitting.as_slice() {
        [only] => {
            for inner in only.iter() {
                leaves_of(inner, out);
            }
        }
        _ => out.push(error),
    }
}

/// How to repair a value that has the wrong shape.
#[derive(Clone, Debug)]
enum Repair {
    /// Drop the field.
    Remove,
    /// Put a value the schema allows in its place (or in the missing field's).
    Placeholder,
    /// Put a value the schema allows in place of the object holding it (a "kind" the format
    /// does not know: the other fields belong to no kind it knows either).
    Holder,
}

struct Described {
    message: String,
    repair: Repair,
    /// Point at the field's name rather than its value (an unknown field).
    at_key: bool,
}

/// The problems one schema error stands for, at their paths.
fn describe(
    root: &Value,
    path: &str,
    kind: &ValidationErrorKind,
    schemas: &mut SchemaCache,
) -> Vec<(String, Described)> {
    let value = value_at(root, path);
    let nodes = schemas.at(path);
    let problem = |message: String| Described {
        message,
        repair: Repair::Placeholder,
        at_key: false,
    };
    match kind {
        ValidationErrorKind::Maximum { .. } if path == "version" => {
            let newest = super::SCENARIO_VERSION;
            vec![(
                path.to_owned(),
                problem(format!(
                    "{}: this file was written by a newer version of the app; this one reads versions 1 to {newest}",
                    found(value.unwrap_or(&Value::Null))
                )),
            )]
        }
        ValidationErrorKind::AdditionalProperties { unexpected } => {
            let known = property_names(&nodes);
            unexpected
                .iter()
                .map(|name| {
                    let hint = match closest(name, &known) {
                        // A field of another kind of this object ("once" on a place held).
                        Some(near) if near == name.as_str() => {
                            "another \"kind\" of this object takes it, not this one".to_owned()
                        }
                        Some(near) => format!("did you mean \"{near}\"?"),
                        None if known.is_empty() => "this object takes no fields".to_owned(),
                        None => format!("the fields here are {}", quoted_list(&known)),
                    };
                    (
                        join_key(path, name),
                        Described {
                            message: format!("unknown field {}: {hint}", crate::text::quoted(name)),
                            repair: Repair::Remove,
                            at_key: true,
                        },
                    )
                })
                .collect()
        }
        ValidationErrorKind::Required { property } => {
            let name = property.as_str().unwrap_or_default().to_owned();
            let field = join_key(path, &name);
            let message = schemas.missing(&field, &name);
            vec![(field, problem(message))]
        }
        ValidationErrorKind::MinItems { limit } | ValidationErrorKind::MaxItems { limit } => {
            let n = value.and_then(Value::as_array).map_or(0, Vec::len);
            let (min, max) = item_bounds(&nodes);
            let range = match (min, max) {
                (Some(a), Some(b)) => format!("{a} to {b}"),
                (Some(a), None) => format!("at least {a}"),
                (None, Some(b)) => format!("at most {b}"),
                (None, None) => limit.to_string(),
            };
            let has = if n == 0 {
                "the list is empty".to_owned()
            } else {
                crate::text::plural(n, "entry", "entries")
            };
            let unit = if max == Some(1) || (max.is_none() && min == Some(1)) {
                "entry"
            } else {
                "entries"
            };
            vec![(
                path.to_owned(),
                problem(format!("{has}: expected {range} {unit}")),
            )]
        }
        _ => {
            let value = value.unwrap_or(&Value::Null);
            let tags = tag_options(&nodes);
            if let Some(kind) = value.get("kind").and_then(Value::as_str)
                && !tags.is_empty()
                && !tags.iter().any(|t| t == kind)
            {
                let near = closest(kind, &tags)
                    .map(|n| format!("; did you mean \"{n}\"?"))
                    .unwrap_or_default();
                return vec![(
                    join_key(path, "kind"),
                    Described {
                        message: format!(
                            "{}: expected {}{near}",
                            crate::text::quoted(kind),
                            expected(&nodes)
                        ),
                        repair: Repair::Holder,
                        at_key: false,
                    },
                )];
            }
            if is_blank_text(value, &nodes) {
                let message = format!("{}: {}", found(value), schemas.blank_words(path));
                return vec![(path.to_owned(), problem(message))];
            }
            if let Some(breaker) = line_breaker(value, &nodes) {
                let message = format!(
                    "{}: {breaker} in text that is printed on one line: write it on one line, with spaces",
                    found(value)
                );
                return vec![(path.to_owned(), problem(message))];
            }
            let mut message = format!("{}: expected {}", found(value), expected(&nodes));
            if let Some(hint) = hint(value, &nodes) {
                message.push_str("; ");
                message.push_str(&hint);
            }
            vec![(path.to_owned(), problem(message))]
        }
    }
}

impl Shape {
    /// Whether the value at `path` was repaired.
    pub fn was_repaired(&self, path: &str) -> bool {
        self.repaired_paths.contains(&said(path, ""))
    }

    /// Whether a value held directly in the object or list at `path` (not the whole file) was
    /// repaired.
    pub fn repaired_within(&self, path: &str) -> bool {
        !path.is_empty() && self.repaired_holders.contains(&said(path, ""))
    }

    /// Repairs the value at `path` in the copy kept for the checks of meaning.
    fn repair(&mut self, path: &str, repair: &Repair, schemas: &mut SchemaCache) {
        self.repaired_paths.insert(said(path, ""));
        if let Some(holder) = super::locate::parent(path).filter(|h| !h.is_empty()) {
            self.repaired_holders.insert(said(holder, ""));
        }
        if let Repair::Holder = repair {
            if let Some(holder) = super::locate::parent(path) {
                self.repair(holder, &Repair::Placeholder, schemas);
            }
            return;
        }
        let all = steps(path);
        let Some((last, parents)) = all.split_last() else {
            return;
        };
        let mut at = &mut self.repaired;
        let mut prefix = String::new();
        for step in parents {
            at = match step {
                Step::Key(k) => {
                    prefix = join_key(&prefix, k);
                    match at.get_mut(*k) {
                        Some(v) => v,
                        None => return,
                    }
                }
                Step::Index(i) => {
                    prefix = join_index(&prefix, *i);
                    match at.get_mut(*i) {
                        Some(v) => v,
                        None => return,
                    }
                }
            };
        }
        let (stand_in, required) = schemas.stand_in(path, &prefix, last);
        match (last, repair, at) {
            (Step::Key(k), Repair::Remove, Value::Object(map)) => {
                map.remove(*k);
            }
            (Step::Key(k), Repair::Placeholder, Value::Object(map)) => {
                if required {
                    map.insert((*k).to_owned(), stand_in);
                } else {
                    map.remove(*k);
                }
            }
            (Step::Index(i), _, Value::Array(items)) => {
                if let Some(item) = items.get_mut(*i) {
                    *item = stand_in;
                }
            }
            _ => {}
        }
    }
}

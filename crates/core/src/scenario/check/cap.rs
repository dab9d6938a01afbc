//! Problems capped per kind: a file with five thousand units that lack an id gets a few of
//! them, then one line saying how many more there are and where the last one is, instead of
//! five thousand lines. Two problems are of the same kind when they stand at the same field of
//! different entries (`units[3].id`, `units[4].id`) and say the same, values aside.

use std::collections::HashMap;

use super::Problem;

/// The problems of one kind listed before the rest of them are counted.
pub const PER_KIND: usize = 5;
/// The most problems listed for a file, counts of the rest included.
pub const MAX_LISTED: usize = 100;

/// Where a problem is, to be located in the text once the problems to list are known.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Place {
    /// At the field's name (an unknown field), else at its value.
    Key,
    /// At the value (for a missing field, the object that lacks it).
    Value,
}

/// A problem not yet located.
pub(super) struct Found {
    pub(super) problem: Problem,
    pub(super) place: Place,
}

/// What is left of the problems once capped: those to list, each to be located, with the
/// places of the last of each kind, for the count of the rest.
pub(super) struct Capped {
    pub(super) listed: Vec<Found>,
    /// For each count of the rest: the index in `listed` of the problem it follows, how many
    /// more there are, and the path of the last.
    pub(super) rest: Vec<Rest>,
    /// Problems beyond [`MAX_LISTED`], not listed at all.
    pub(super) unlisted: usize,
}

pub(super) struct Rest {
    /// The problem listed last of its kind.
    pub(super) after: usize,
    pub(super) more: usize,
    pub(super) last: Found,
}

/// The kind of a problem: its path with list indices left out, and its message with quoted
/// values and numbers left out.
fn kind(problem: &Problem) -> (String, String) {
    let path = super::locate::every_index(&problem.path, "[]");
    let mut message = String::with_capacity(problem.message.len().min(200));
    let mut quoted = false;
    let mut last_digit = false;
    for c in problem.message.chars().take(400) {
        if c == '"' {
            quoted = !quoted;
            if quoted {
                message.push('"');
            }
            continue;
        }
        if quoted {
            continue;
        }
        if c.is_ascii_digit() {
            if !last_digit {
                message.push('#');
            }
            last_digit = true;
            continue;
        }
        last_digit = false;
        message.push(c);
    }
    (path, message)
}

/// The numbers of a path's list indices, to order the problems of one kind as the file does.
fn indices(path: &str) -> Vec<usize> {
    path.split('[')
        .skip(1)
        .filter_map(|part| part.split(']').next()?.parse().ok())
        .collect()
}

/// Keeps [`PER_KIND`] problems of each kind (the first in the file's order of its lists) and
/// counts the rest; at most [`MAX_LISTED`] lines in all.
pub(super) fn cap(found: Vec<Found>) -> Capped {
    let mut kinds: HashMap<(String, String), Vec<Found>> = HashMap::new();
    let mut order = Vec::new();
    for f in found {
        let key = kind(&f.problem);
        let entry = kinds.entry(key.clone()).or_default();
        if entry.is_empty() {
            order.push(key);
        }
        entry.push(f);
    }
    let mut listed = Vec::new();
    let mut rest = Vec::new();
    let mut unlisted = 0;
    for key in order {
        let Some(mut all) = kinds.remove(&key) else {
            continue;
        };
        all.sort_by_cached_key(|f| indices(&f.problem.path));
        let room = MAX_LISTED.saturating_sub(listed.len() + rest.len());
        if room == 0 {
            unlisted += all.len();
            continue;
        }
        if all.len() > PER_KIND && room > PER_KIND {
            let more = all.len() - PER_KIND;
            let last = all.pop().expect("more than PER_KIND");
            all.truncate(PER_KIND);
            listed.extend(all);
            rest.push(Rest {
                after: listed.len() - 1,
                more,
                last,
            });
        } else {
            let shown = all.len().min(room);
            unlisted += all.len() - shown;
            all.truncate(shown);
            listed.extend(all);
        }
    }
    Capped {
        listed,
        rest,
        unlisted,
    }
}

/// The line that counts the rest of a kind: "and 4,980 more like it, the last at units[4999].id
/// (line 5003)".
pub(super) fn rest_problem(
    after: &Problem,
    rest: &Rest,
    last_at: Option<(usize, usize)>,
) -> Problem {
    let place = match last_at {
        Some((line, column)) => format!(" (line {line}, column {column})"),
        None => String::new(),
    };
    Problem {
        path: after.path.clone(),
        message: format!(
            "and {} more like it, the last at {}{place}",
            crate::text::thousands(rest.more as u64),
            rest.last.problem.path
        ),
        at: after.at,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn found(path: &str, message: &str) -> Found {
        Found {
            problem: Problem::at(path, message, None),
            place: Place::Value,
        }
    }

    #[test]
    fn problems_of_a_kind_are_counted_past_a_few() {
        let mut all = Vec::new();
        for i in (0..5000).rev() {
            all.push(found(&format!("units[{i}].id"), "missing field \"id\""));
            all.push(found(
                &format!("units[{i}].tq"),
                &format!("\"D{i}\": expected a die"),
            ));
        }
        all.push(found("hot_spots", "a scenario needs at least one Hot Spot"));
        let capped = cap(all);
        assert_eq!(capped.listed.len(), 2 * PER_KIND + 1);
        assert_eq!(capped.rest.len(), 2);
        assert_eq!(capped.rest[0].more, 5000 - PER_KIND);
        assert_eq!(capped.rest[0].last.problem.path, "units[4999].id");
        // The first of each kind in the file's order.
        assert_eq!(capped.listed[0].problem.path, "units[0].id");
        assert_eq!(capped.unlisted, 0);
    }

    #[test]
    fn no_more_than_a_hundred_lines() {
        let all = (0..1000)
            .map(|i| found(&format!("field{i}"), "unknown field"))
            .collect();
        let capped = cap(all);
        assert_eq!(capped.listed.len(), MAX_LISTED);
        assert_eq!(capped.unlisted, 900);
    }
}

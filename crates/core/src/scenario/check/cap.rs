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
    /// A field written twice in its object: at its last name, saying where the first is.
    Doubled,
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
#[cfg(test)]
fn cap(found: Vec<Found>) -> Capped {
    let mut capper = Capper::default();
    for f in found {
        capper.push(f);
    }
    capper.finish()
}

/// The problems of a file as they are found, each kind holding no more than its first few and
/// its last: a file with a hundred thousand problems costs the memory of a few hundred.
#[derive(Default)]
pub(super) struct Capper {
    kinds: HashMap<(String, String), Kind>,
    /// The kinds in the order they were first met.
    order: Vec<(String, String)>,
    /// Problems taken in all.
    count: usize,
}

/// The problems of one kind kept so far, by their place in the file's lists.
#[derive(Default)]
struct Kind {
    count: usize,
    /// The first [`PER_KIND`], in order.
    first: Vec<(Vec<usize>, Found)>,
    /// The last of the others.
    last: Option<(Vec<usize>, Found)>,
}

impl Kind {
    fn push(&mut self, at: Vec<usize>, found: Found) {
        self.count += 1;
        let place = self.first.partition_point(|(other, _)| *other <= at);
        let pushed_out = if place < PER_KIND {
            self.first.insert(place, (at, found));
            (self.first.len() > PER_KIND)
                .then(|| self.first.pop())
                .flatten()
        } else {
            Some((at, found))
        };
        if let Some((at, found)) = pushed_out
            && self.last.as_ref().is_none_or(|(other, _)| at >= *other)
        {
            self.last = Some((at, found));
        }
    }
}

impl Capper {
    /// Takes one problem.
    pub(super) fn push(&mut self, found: Found) {
        self.count += 1;
        let key = kind(&found.problem);
        let at = indices(&found.problem.path);
        if !self.kinds.contains_key(&key) {
            self.order.push(key.clone());
        }
        self.kinds.entry(key).or_default().push(at, found);
    }

    /// Problems taken so far.
    pub(super) fn count(&self) -> usize {
        self.count
    }

    /// What to list, and the counts of the rest.
    pub(super) fn finish(mut self) -> Capped {
        let mut listed = Vec::new();
        let mut rest = Vec::new();
        let mut unlisted = 0;
        for key in self.order {
            let Some(kind) = self.kinds.remove(&key) else {
                continue;
            };
            let room = MAX_LISTED.saturating_sub(listed.len() + rest.len());
            let first: Vec<Found> = kind.first.into_iter().map(|(_, f)| f).collect();
            match kind.last {
                Some((_, last)) if room > PER_KIND => {
                    listed.extend(first);
                    rest.push(Rest {
                        after: listed.len() - 1,
                        more: kind.count - PER_KIND,
                        last,
                    });
                }
                _ => {
                    let shown = first.len().min(room);
                    unlisted += kind.count - shown;
                    listed.extend(first.into_iter().take(shown));
                }
            }
        }
        Capped {
            listed,
            rest,
            unlisted,
        }
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
            rest.last.problem.shown_path()
        ),
        at: after.at,
        rests_on: Vec::new(),
        warning: after.warning,
    }
}

/// The last line when more problems were found than are listed: "and 120 more problems not
/// listed", then `then`.
pub(super) fn unlisted_problem(unlisted: usize, then: &str) -> Problem {
    Problem::at(
        "",
        format!(
            "and {} more problems not listed{then}",
            crate::text::thousands(unlisted as u64)
        ),
        None,
    )
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

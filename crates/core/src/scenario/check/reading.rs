//! Reading a scenario's text: its size and encoding, the census of its values before any is
//! built, its shape against the schema, the plain file types, then the checks of meaning; every
//! problem located at its line and column, a few of each kind listed and the rest counted.

use std::path::Path;

use super::json::{position_of, whole_numbers};
use super::{
    LoadedScenario, MAX_SCENARIO_BYTES, MAX_SCENARIO_VALUES, Problem, ScenarioError, cap, census,
    check_file, json, locate, raw_text, shape, syntax_error, traps, warnings,
};
use crate::scenario::file::ScenarioFile;

/// Reads a scenario file from disk, refusing oversized files before reading them.
pub fn load_path(path: &Path) -> Result<LoadedScenario, ScenarioError> {
    use crate::files::{ReadError, read_capped};
    let bytes = read_capped(path, MAX_SCENARIO_BYTES).map_err(|e| match e {
        ReadError::Io(e) => ScenarioError::Io(crate::files::io_words(&e)),
        ReadError::TooLarge(size) => ScenarioError::TooLarge { size },
        ReadError::NotAFile(what) => {
            ScenarioError::NotText(format!("it is {what}, not a scenario file"))
        }
    })?;
    load_bytes(&bytes)
}

/// Reads a scenario from bytes: every problem of shape and meaning at once, each located, a few
/// of each kind listed and the rest counted.
///
/// The text is read once before any value is built (`census`): a file that is not one object,
/// or holds more than [`MAX_SCENARIO_VALUES`] values, is refused then, so what is held in
/// memory stays a small multiple of a scenario, whatever the file.
pub fn load_bytes(bytes: &[u8]) -> Result<LoadedScenario, ScenarioError> {
    if bytes.len() as u64 > MAX_SCENARIO_BYTES {
        return Err(ScenarioError::TooLarge {
            size: bytes.len() as u64,
        });
    }
    if let Some(problem) = crate::files::encoding_problem(bytes) {
        return Err(ScenarioError::NotText(problem));
    }
    let bytes = crate::files::strip_bom(bytes);
    if let Some(problem) = crate::files::second_bom(bytes) {
        return Err(ScenarioError::NotText(problem));
    }
    if bytes.iter().all(u8::is_ascii_whitespace) {
        return Err(ScenarioError::NotText(if bytes.is_empty() {
            "the file is empty (0 bytes): a scenario is a JSON object, { … }".to_owned()
        } else {
            format!(
                "the file holds nothing but blank space ({}): a scenario is a JSON object, {{ … }}",
                crate::files::size_words(bytes.len() as u64)
            )
        }));
    }
    let text = std::str::from_utf8(bytes).map_err(|e| {
        let (line, column) = position_of(bytes, e.valid_up_to());
        ScenarioError::Syntax {
            line,
            column,
            message: "the file is not UTF-8 text here; save it again as UTF-8".to_owned(),
        }
    })?;
    let census = match census::take(text) {
        Ok(census) => census,
        // Enter pressed inside a long brief: each is told at its place, and the rest of the
        // file is checked as if a space stood there.
        Err(e) if raw_text::is_raw_control(&e) => return raw_text::read(text, &e),
        Err(e) => return Err(syntax_error(&e, text.as_bytes())),
    };
    check_text(text, text, census)
}

/// The checks of a text read once by the census: its values built, its shape against the
/// schema, then its meaning. `parsed` is the text read; `shown` is the text the problems are
/// placed in (the same, or the file before its raw control characters were blanked out: the
/// same bytes, its lines as the author wrote them).
pub(super) fn check_text(
    parsed: &str,
    shown: &str,
    census: census::Census,
) -> Result<LoadedScenario, ScenarioError> {
    let text = parsed;
    if let Some(what) = census.not_an_object {
        let at = locate::Positions::of_paths(shown, [""]).value("");
        return Err(ScenarioError::Invalid(vec![Problem::at(
            "",
            shape::not_an_object(&what),
            at,
        )]));
    }
    if census.values > MAX_SCENARIO_VALUES {
        return Err(ScenarioError::Invalid(vec![too_many_values(
            shown, &census,
        )]));
    }
    let value: serde_json::Value =
        serde_json::from_str(text).map_err(|e| syntax_error(&e, text.as_bytes()))?;
    let mut shape = shape::check(&value);
    drop(value);
    let mut found = std::mem::take(&mut shape.problems);
    for (path, name) in census.doubled {
        found.push(cap::Found {
            problem: Problem::at(path, doubled_words(&name), None),
            place: cap::Place::Doubled,
        });
    }
    let shape_problems = found.count();
    let repaired = whole_numbers(std::mem::take(&mut shape.repaired));
    match serde_json::from_value::<ScenarioFile>(repaired) {
        Ok(file) => {
            let (scenario, meaning) = check_file(&file);
            // What is harmless but likely not meant, said of a good file and of a bad one
            // alike, so that one run tells everything.
            let warned: Vec<Problem> = warnings::warnings(&file)
                .into_iter()
                .chain(traps::warnings(&file))
                .map(|mut problem| {
                    problem.warning = true;
                    problem
                })
                .collect();
            let warned = match scenario {
                Some(scenario) if shape_problems == 0 => {
                    let mut said = cap::Capper::default();
                    for problem in warned {
                        said.push(cap::Found {
                            problem,
                            place: cap::Place::Value,
                        });
                    }
                    let warnings = if said.count() == 0 {
                        Vec::new()
                    } else {
                        located(shown, said)
                    };
                    return Ok(LoadedScenario {
                        file,
                        scenario,
                        warnings,
                    });
                }
                _ => warned,
            };
            // Problems that only echo a value the shape check repaired are left out: those
            // inside it, those of the object holding it (a field left out there changes what
            // the others must be), and those naming the text standing in for it.
            let stand_in = crate::text::quoted(shape::STAND_IN_TEXT);
            // A value repaired at `path`, or in one of the values holding it.
            let repaired_at = |path: &str| {
                let mut at = Some(path);
                while let Some(path) = at {
                    if shape.was_repaired(path) {
                        return true;
                    }
                    at = locate::parent(path);
                }
                false
            };
            let echoes = |problem: &Problem| {
                if problem.message.contains(&stand_in) {
                    return true;
                }
                if locate::parent(&problem.path).is_some_and(|h| shape.repaired_within(h)) {
                    return true;
                }
                // A warning about a whole object (an event that changes nothing) one of whose
                // fields was repaired. (A problem of the object may stand on its own: an ambush
                // on a Regular unit is refused whatever its roll.)
                if problem.warning && shape.repaired_within(&problem.path) {
                    return true;
                }
                // A problem that follows from other values (an event that neutralizes the
                // spot an ambush is at) echoes a repair made in any of them.
                if problem
                    .rests_on
                    .iter()
                    .any(|r| shape.repaired_within(r) || repaired_at(r))
                {
                    return true;
                }
                repaired_at(&problem.path)
            };
            for problem in meaning.into_iter().filter(|p| !echoes(p)) {
                found.push(cap::Found {
                    problem,
                    place: cap::Place::Key,
                });
            }
            for problem in warned.into_iter().filter(|p| !echoes(p)) {
                found.push(cap::Found {
                    problem,
                    place: cap::Place::Value,
                });
            }
        }
        Err(e) if shape_problems == 0 => {
            // The schema passed what the file types refuse: say so, rather than nothing.
            found.push(cap::Found {
                problem: Problem::at("", json::plain_words(&e.to_string()), None),
                place: cap::Place::Value,
            });
        }
        Err(_) => {}
    }
    Err(ScenarioError::Invalid(located(shown, found)))
}

/// The problems to list, capped per kind, each with its line and column, in the file's order.
fn located(text: &str, found: cap::Capper) -> Vec<Problem> {
    let capped = found.finish();
    let paths = capped
        .listed
        .iter()
        .chain(capped.rest.iter().map(|r| &r.last))
        .map(|f| f.problem.path.as_str());
    let positions = locate::Positions::of_paths(text, paths);
    let place = |f: &cap::Found| match f.place {
        cap::Place::Key | cap::Place::Doubled => positions.key(&f.problem.path),
        cap::Place::Value => positions.value(&f.problem.path),
    };
    let mut problems: Vec<Problem> = capped
        .listed
        .iter()
        .map(|f| {
            let mut problem = Problem {
                at: place(f),
                ..f.problem.clone()
            };
            if f.place == cap::Place::Doubled
                && let Some((line, column)) = positions.first_key(&f.problem.path)
            {
                problem
                    .message
                    .push_str(&format!(" (the first is at line {line}, column {column})"));
            }
            problem
        })
        .collect();
    let rests: Vec<Problem> = capped
        .rest
        .iter()
        .map(|r| cap::rest_problem(&problems[r.after], r, place(&r.last)))
        .collect();
    // Each count of the rest right after the last listed problem of its kind.
    let mut order: Vec<(Option<locate::Position>, usize, Problem)> = problems
        .drain(..)
        .enumerate()
        .map(|(i, p)| (p.at, 2 * i, p))
        .collect();
    for (r, problem) in capped.rest.iter().zip(rests) {
        order.push((order[r.after].0, 2 * r.after + 1, problem));
    }
    order.sort_by_key(|(at, i, _)| (at.unwrap_or((usize::MAX, 0)), *i));
    let mut problems: Vec<Problem> = order.into_iter().map(|(_, _, p)| p).collect();
    if capped.unlisted > 0 {
        problems.push(cap::unlisted_problem(
            capped.unlisted,
            ": mend these first, then check the file again",
        ));
    }
    problems
}

/// What to say of a field written twice in one object.
fn doubled_words(name: &str) -> String {
    format!(
        "{} is written twice in this object: JSON keeps only the last one and drops the other without a word; keep one of them",
        crate::text::quoted(name)
    )
}

/// A file with more values than a scenario holds: said at its longest list.
fn too_many_values(text: &str, census: &census::Census) -> Problem {
    let (path, entries) = census.longest.clone().unwrap_or_default();
    let at = locate::Positions::of_paths(text, [path.as_str()]).value(&path);
    Problem::at(
        path,
        format!(
            "a list of {} entries: the file holds {} values (numbers, texts, lists and objects); a scenario holds at most {}",
            crate::text::thousands(entries as u64),
            crate::text::thousands(census.values as u64),
            crate::text::thousands(MAX_SCENARIO_VALUES as u64)
        ),
        at,
    )
}

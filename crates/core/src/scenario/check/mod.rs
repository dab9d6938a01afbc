//! Reading a scenario: JSON text, then its shape against the schema, then plain file types,
//! then a checked [`Scenario`].
//!
//! Every problem is reported in one run, not just the first, each with where it is (a line and
//! column, and a field path such as `units[2].tq`) and what to write instead. The shape of a
//! file is checked against the schema `ambush-alley schema` prints (`shape`), so an editor that
//! uses the schema and the validator agree; the rules between values are checked here.

use std::fmt;
use std::path::Path;

use crate::dice::Die;
use crate::unit::Side;

use super::file::{SCENARIO_FORMAT, SCENARIO_VERSION, ScenarioFile};
use super::{InsurgentProfile, Objective, Scenario};

/// The largest scenario file read; larger ones are refused before parsing.
pub const MAX_SCENARIO_BYTES: u64 = 10 * 1024 * 1024;

mod authoring;
mod cap;
pub(crate) mod census;
mod contacts;
mod hot_spots;
mod json;
pub mod locate;
mod reinforcement_table;
mod setups;
pub mod shape;
mod timeline;
mod units;
mod victory_points;
mod warnings;
mod words;

pub use cap::{MAX_LISTED, PER_KIND};
pub use census::MAX_SCENARIO_VALUES;
use hot_spots::{check_hot_spot_roll, check_hot_spots};
pub(crate) use json::{plain_words, syntax_error};
use json::{position_of, whole_numbers};
use reinforcement_table::check_table;
use units::check_units;
use victory_points::check_victory;

// The bounds come from the one limits module the engine and the screens use too.
const MAX_UNITS: usize = crate::limits::SCENARIO_UNITS.max as usize;
const MAX_FIGURES_PER_UNIT: u32 = crate::limits::FIGURES_PER_UNIT.max as u32;
const MAX_RANGE: u32 = crate::limits::OPTIMUM_RANGE.max as u32;
const MAX_ARMOR: u32 = crate::limits::ARMOR.max as u32;
const MAX_TURNS: u32 = crate::limits::TURN_LIMIT.max as u32;

/// One thing wrong with a scenario, at a field path (and, read from a file, a line and column).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Problem {
    /// Where: `units[2].figures[0].count` (empty for the whole file).
    pub path: String,
    /// What is wrong and what to write instead.
    pub message: String,
    /// The line and column in the file, when it was read from text.
    pub at: Option<locate::Position>,
}

impl Problem {
    /// A problem at a path and a place in the file.
    pub fn at(
        path: impl Into<String>,
        message: impl Into<String>,
        at: Option<locate::Position>,
    ) -> Self {
        Self {
            path: path.into(),
            message: message.into(),
            at,
        }
    }
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some((line, column)) = self.at {
            write!(f, "{line}:{column}: ")?;
        }
        if self.path.is_empty() {
            write!(f, "{}", self.message)
        } else {
            write!(f, "{}: {}", self.path, self.message)
        }
    }
}

/// Why a scenario could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ScenarioError {
    /// The file could not be read.
    #[error("cannot read the file: {0}")]
    Io(String),
    /// The file is not a file, or not UTF-8 text, or blank.
    #[error("{0}")]
    NotText(String),
    /// The file is too large to be a scenario.
    #[error("the file is {size} bytes; a scenario is at most {MAX_SCENARIO_BYTES} bytes (10 MiB)")]
    TooLarge {
        /// Its size.
        size: u64,
    },
    /// JSON syntax, or a value of the wrong type or an unknown field.
    #[error("{line}:{column}: {message}")]
    Syntax {
        /// 1-based line.
        line: usize,
        /// 1-based column.
        column: usize,
        /// What is wrong.
        message: String,
    },
    /// The JSON is well formed but does not make a playable scenario.
    #[error("{}", .0.iter().map(ToString::to_string).collect::<Vec<_>>().join("; "))]
    Invalid(Vec<Problem>),
}

/// A scenario, checked, with the file it came from (kept whole for saved games).
#[derive(Clone, Debug, PartialEq)]
pub struct LoadedScenario {
    /// As written.
    pub file: ScenarioFile,
    /// Checked.
    pub scenario: Scenario,
    /// What the file says that is harmless but likely not meant (a value written twice where
    /// once says the same, a value the game never reads), each located; none for a saved
    /// game's scenario.
    pub warnings: Vec<Problem>,
}

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
        ScenarioError::NotText(format!(
            "{line}:{column}: the file is not UTF-8 text here; save it again as UTF-8"
        ))
    })?;
    let census = census::take(text).map_err(|e| syntax_error(&e, text.as_bytes()))?;
    if let Some(what) = census.not_an_object {
        let at = locate::Positions::of_paths(text, [""]).value("");
        return Err(ScenarioError::Invalid(vec![Problem::at(
            "",
            shape::not_an_object(&what),
            at,
        )]));
    }
    if census.values > MAX_SCENARIO_VALUES {
        return Err(ScenarioError::Invalid(vec![too_many_values(text, &census)]));
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
            match scenario {
                Some(scenario) if shape_problems == 0 => {
                    let mut said = cap::Capper::default();
                    for problem in warnings::warnings(&file) {
                        said.push(cap::Found {
                            problem,
                            place: cap::Place::Value,
                        });
                    }
                    let warnings = if said.count() == 0 {
                        Vec::new()
                    } else {
                        located(text, said)
                    };
                    return Ok(LoadedScenario {
                        file,
                        scenario,
                        warnings,
                    });
                }
                _ => {}
            }
            // Problems inside a value the shape check repaired only echo its placeholder.
            let echoes = |path: &str| {
                let mut at = Some(path);
                while let Some(path) = at {
                    if shape.was_repaired(path) {
                        return true;
                    }
                    at = locate::parent(path);
                }
                false
            };
            for problem in meaning.into_iter().filter(|p| !echoes(&p.path)) {
                found.push(cap::Found {
                    problem,
                    place: cap::Place::Key,
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
    Err(ScenarioError::Invalid(located(text, found)))
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
        problems.push(Problem::at(
            "",
            format!(
                "and {} more problems not listed: mend these first, then check the file again",
                crate::text::thousands(capped.unlisted as u64)
            ),
            None,
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

/// Checks a file written by an author: the scenario, if it can be built, and every problem of
/// meaning, those the app's own saved games are spared included (see `authoring`).
pub fn check_file(file: &ScenarioFile) -> (Option<Scenario>, Vec<Problem>) {
    let mut problems = authoring::problems(file);
    let scenario = match check(file) {
        Ok(scenario) => Some(scenario),
        Err(more) => {
            problems.extend(more);
            None
        }
    };
    (scenario.filter(|_| problems.is_empty()), problems)
}

/// Turns an already-parsed file into a checked scenario: the scenario a saved game holds,
/// accepted as it was when the game began (the authoring checks added since are not applied).
pub fn load_file(file: ScenarioFile) -> Result<LoadedScenario, ScenarioError> {
    let scenario = check(&file).map_err(ScenarioError::Invalid)?;
    Ok(LoadedScenario {
        file,
        scenario,
        warnings: Vec::new(),
    })
}

/// Collects problems while the file is turned into a scenario.
#[derive(Default)]
pub(super) struct Checker {
    pub(super) problems: Vec<Problem>,
}

impl Checker {
    pub(super) fn problem(&mut self, path: impl Into<String>, message: impl Into<String>) {
        self.problems.push(Problem::at(path, message, None));
    }

    pub(super) fn die(&mut self, path: &str, text: &str) -> Die {
        match text.parse::<Die>() {
            Ok(die) => die,
            Err(_) => {
                self.problem(
                    path,
                    format!(
                        "unknown die {}: expected one of d6, d8, d10, d12",
                        crate::text::quoted(text)
                    ),
                );
                Die::D6
            }
        }
    }

    pub(super) fn text(&mut self, path: &str, text: &str) {
        if text.trim().is_empty() {
            self.problem(
                path,
                format!("{}: blank text: write its words", crate::text::quoted(text)),
            );
        }
    }

    pub(super) fn at_most(&mut self, path: &str, value: u32, max: u32, what: &str) -> u32 {
        if value > max {
            self.problem(
                path,
                format!("{value} is too large: expected at most {max} {what}"),
            );
            return max;
        }
        value
    }
}

/// Checks a parsed scenario file and builds the scenario, or lists every problem.
pub fn check(file: &ScenarioFile) -> Result<Scenario, Vec<Problem>> {
    let mut c = Checker::default();
    if file.format != SCENARIO_FORMAT {
        c.problem(
            "format",
            format!(
                "{}: expected \"{SCENARIO_FORMAT}\"",
                crate::text::quoted(&file.format)
            ),
        );
    }
    if file.version > SCENARIO_VERSION {
        c.problem(
            "version",
            format!(
                "version {} was written by a newer app; this one reads version {SCENARIO_VERSION}",
                file.version
            ),
        );
    } else if file.version == 0 {
        c.problem(
            "version",
            format!("0: expected a version from 1 to {SCENARIO_VERSION}"),
        );
    }
    c.text("id", &file.id);
    c.text("name", &file.name);
    let (turn_limit, turn_limit_dice) = timeline::check_turn_limit(&mut c, file);
    let insurgency = timeline::insurgency_level(&mut c, "insurgency_level", &file.insurgency_level);

    let p = &file.insurgent_profile;
    let insurgents = InsurgentProfile {
        profile: crate::unit::Profile {
            tq: c.die("insurgent_profile.tq", &p.tq),
            morale: c.die("insurgent_profile.morale", &p.morale),
            optimum_range: c.at_most(
                "insurgent_profile.optimum_range",
                p.optimum_range,
                MAX_RANGE,
                "inches",
            ),
            armor: c.at_most("insurgent_profile.armor", p.armor, MAX_ARMOR, "dice") as u8,
        },
        leader_tq: c.die("insurgent_profile.leader_tq", &p.leader_tq),
    };

    let hot_spots = check_hot_spots(&mut c, file);
    let hot_spot_roll = check_hot_spot_roll(&mut c, file, &hot_spots);
    let (units, tags) = check_units(&mut c, file);
    let reinforcements = check_table(&mut c, file);
    let victory = check_victory(&mut c, file, &tags);
    let contacts = contacts::check_contacts(&mut c, file);
    let events = timeline::check_events(&mut c, file, &hot_spots);
    let thresholds = timeline::check_thresholds(&mut c, file);

    let mut objectives = Vec::new();
    if !file.objectives.regular.trim().is_empty() {
        objectives.push(Objective {
            side: Side::Regular,
            text: file.objectives.regular.clone(),
        });
    }
    if !file.objectives.insurgent.trim().is_empty() {
        objectives.push(Objective {
            side: Side::Insurgent,
            text: file.objectives.insurgent.clone(),
        });
    }

    if !c.problems.is_empty() {
        return Err(c.problems);
    }
    Ok(Scenario {
        id: file.id.clone(),
        name: file.name.clone(),
        brief: file.brief.clone(),
        objectives,
        table: file.table.clone(),
        scale: file.scale,
        units,
        hot_spots,
        insurgency,
        reinforcements,
        insurgents,
        victory,
        special_rules: file.special_rules.clone(),
        turn_limit,
        hot_spot_roll,
        contacts,
        turn_limit_dice,
        events,
        thresholds,
        author_notes: file.author_notes.clone(),
    })
}

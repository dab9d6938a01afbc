//! Reading a scenario: JSON text, then its shape against the schema, then plain file types,
//! then a checked [`Scenario`].
//!
//! Every problem is reported in one run, not just the first, each with where it is (a line and
//! column, and a field path such as `units[2].tq`) and what to write instead. The shape of a
//! file is checked against the schema `ambush-alley schema` prints (`shape`), so an editor that
//! uses the schema and the validator agree; the rules between values are checked here.

use std::fmt;

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
mod held_back;
mod hot_spots;
mod json;
pub mod locate;
mod raw_text;
mod reading;
mod reinforcement_table;
mod saved;
mod setups;
pub mod shape;
mod spot_states;
mod timeline;
mod traps;
mod units;
mod victory_points;
mod warnings;
mod words;

pub use cap::{MAX_LISTED, PER_KIND};
pub use census::MAX_SCENARIO_VALUES;
use hot_spots::{check_hot_spot_roll, check_hot_spots};
pub(crate) use json::{plain_words, syntax_error};
pub use reading::{load_bytes, load_path};
use reinforcement_table::check_table;
pub use saved::{SavedScenario, load_saved};
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
    /// The paths of the other values it follows from (`events[1]` for an ambush at a spot
    /// that event neutralizes): when the shape check repaired one of them, the problem only
    /// echoes the stand-in and is left out.
    pub rests_on: Vec<String>,
    /// Harmless but likely not meant: the file stays good for it. Listed among the problems
    /// only when a file has both (a raw line break beside a trap in play).
    pub warning: bool,
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
            rests_on: Vec::new(),
            warning: false,
        }
    }

    /// The same problem, following from the values at these paths too.
    pub fn resting_on(mut self, paths: impl IntoIterator<Item = String>) -> Self {
        self.rests_on.extend(paths);
        self
    }
}

impl Problem {
    /// The field path as a message shows it: on one line, a name of a megabyte cut with its
    /// length given ([`crate::text::path_words`]). The path itself stays whole, to find the
    /// field by.
    pub fn shown_path(&self) -> std::borrow::Cow<'_, str> {
        crate::text::path_words(&self.path)
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
            write!(f, "{}: {}", self.shown_path(), self.message)
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
    let end_roll = timeline::check_end_roll(&mut c, file);
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
        turn_limit_known: file.turn_limit_known,
        turn_limit_secret: file.turn_limit_secret,
        end_roll,
        events,
        thresholds,
        author_notes: file.author_notes.clone(),
    })
}

//! Reading a scenario: JSON text — plain file types — a checked [`Scenario`].
//!
//! Every problem is reported, not just the first, each with where it is: a line and column
//! for JSON syntax and shape, a field path (`units[2].tq`) for the meaning.

use std::collections::{BTreeMap, HashMap};
use std::fmt;
use std::path::Path;

use crate::dice::Die;
use crate::rules::reinforcements::{
    ArrivalSpec, DiceCount, FigureSpec, InsurgencyLevel, ReinforcementTable, TableRow,
};
use crate::unit::{Side, Weapon};

use super::file::{
    AmbushFile, FigureFile, InsurgencyFile, LeaderFile, SCENARIO_FORMAT, SCENARIO_VERSION,
    ScenarioFile, UnitFile,
};
use super::{
    AmbushPoint, AmbushSetup, FigureSetup, HotSpotSetup, InsurgentProfile, Objective, Scenario,
    UnitSetup, VictoryItem, VictoryTrigger,
};

/// The largest scenario file read; larger ones are refused before parsing.
pub const MAX_SCENARIO_BYTES: u64 = 10 * 1024 * 1024;

/// Sane bounds that keep a scenario playable and the app responsive.
const MAX_UNITS: usize = 200;
const MAX_FIGURES_PER_UNIT: u32 = 50;
const MAX_RANGE: u32 = 48;
const MAX_ARMOR: u32 = 3;
const MAX_TURNS: u32 = 100;

/// One thing wrong with a scenario's meaning, at a field path.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Problem {
    /// Where: `units[2].figures[0].count`.
    pub path: String,
    /// What is wrong and what was expected.
    pub message: String,
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.path, self.message)
    }
}

/// Why a scenario could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ScenarioError {
    /// The file could not be read.
    #[error("cannot read the file: {0}")]
    Io(String),
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
}

/// Reads a scenario file from disk, refusing oversized files before reading them.
pub fn load_path(path: &Path) -> Result<LoadedScenario, ScenarioError> {
    use crate::files::{ReadError, read_capped};
    let bytes = read_capped(path, MAX_SCENARIO_BYTES).map_err(|e| match e {
        ReadError::Io(e) => ScenarioError::Io(e.to_string()),
        ReadError::TooLarge(size) => ScenarioError::TooLarge { size },
    })?;
    load_bytes(&bytes)
}

/// Reads a scenario from bytes.
pub fn load_bytes(bytes: &[u8]) -> Result<LoadedScenario, ScenarioError> {
    if bytes.len() as u64 > MAX_SCENARIO_BYTES {
        return Err(ScenarioError::TooLarge {
            size: bytes.len() as u64,
        });
    }
    let file: ScenarioFile = serde_json::from_slice(bytes).map_err(|e| syntax_error(&e, bytes))?;
    let scenario = check(&file).map_err(ScenarioError::Invalid)?;
    Ok(LoadedScenario { file, scenario })
}

/// Turns an already-parsed file into a checked scenario.
pub fn load_file(file: ScenarioFile) -> Result<LoadedScenario, ScenarioError> {
    let scenario = check(&file).map_err(ScenarioError::Invalid)?;
    Ok(LoadedScenario { file, scenario })
}

/// A serde_json error as a located syntax error; an error with no position (an I/O error,
/// which bytes never give) is placed at the end of the text.
pub(crate) fn syntax_error(error: &serde_json::Error, bytes: &[u8]) -> ScenarioError {
    let (line, column) = if error.line() == 0 {
        let text = String::from_utf8_lossy(bytes);
        let line = text.lines().count().max(1);
        let column = text.lines().last().map_or(0, str::len) + 1;
        (line, column)
    } else {
        (error.line(), error.column())
    };
    // serde_json ends its messages with " at line L column C"; the position is printed apart.
    let message = error.to_string();
    let message = match message.rfind(" at line ") {
        Some(i) => message[..i].to_owned(),
        None => message,
    };
    ScenarioError::Syntax {
        line,
        column,
        message,
    }
}

/// Collects problems while the file is turned into a scenario.
#[derive(Default)]
struct Checker {
    problems: Vec<Problem>,
}

impl Checker {
    fn problem(&mut self, path: impl Into<String>, message: impl Into<String>) {
        self.problems.push(Problem {
            path: path.into(),
            message: message.into(),
        });
    }

    fn die(&mut self, path: &str, text: &str) -> Die {
        match text.parse::<Die>() {
            Ok(die) => die,
            Err(e) => {
                self.problem(path, e.to_string());
                Die::D6
            }
        }
    }

    fn text(&mut self, path: &str, text: &str) {
        if text.trim().is_empty() {
            self.problem(path, "must not be empty");
        }
    }

    fn at_most(&mut self, path: &str, value: u32, max: u32, what: &str) -> u32 {
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
            format!("'{}': expected \"{SCENARIO_FORMAT}\"", file.format),
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
        c.problem("version", format!("0: expected {SCENARIO_VERSION}"));
    }
    c.text("id", &file.id);
    c.text("name", &file.name);
    if let Some(limit) = file.turn_limit
        && !(1..=MAX_TURNS).contains(&limit)
    {
        c.problem(
            "turn_limit",
            format!("{limit}: expected 1 to {MAX_TURNS} turns"),
        );
    }

    let insurgency = match &file.insurgency_level {
        InsurgencyFile::Level(n) if (1..=6).contains(n) => InsurgencyLevel::Level(*n as u8),
        InsurgencyFile::Level(n) => {
            c.problem(
                "insurgency_level",
                format!("{n}: expected 1 to 6, or \"automatic\""),
            );
            InsurgencyLevel::Automatic
        }
        InsurgencyFile::Word(w) if w.eq_ignore_ascii_case("automatic") => {
            InsurgencyLevel::Automatic
        }
        InsurgencyFile::Word(w) => {
            c.problem(
                "insurgency_level",
                format!("'{w}': expected 1 to 6, or \"automatic\""),
            );
            InsurgencyLevel::Automatic
        }
    };

    let p = &file.insurgent_profile;
    let insurgents = InsurgentProfile {
        tq: c.die("insurgent_profile.tq", &p.tq),
        leader_tq: c.die("insurgent_profile.leader_tq", &p.leader_tq),
        morale: c.die("insurgent_profile.morale", &p.morale),
        optimum_range: c.at_most(
            "insurgent_profile.optimum_range",
            p.optimum_range,
            MAX_RANGE,
            "inches",
        ),
        armor: c.at_most("insurgent_profile.armor", p.armor, MAX_ARMOR, "dice") as u8,
    };

    let hot_spots = check_hot_spots(&mut c, file);
    let (units, tags) = check_units(&mut c, file);
    let reinforcements = check_table(&mut c, file);
    let victory = check_victory(&mut c, file, &tags);

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
        turn_limit: file.turn_limit,
    })
}

fn check_hot_spots(c: &mut Checker, file: &ScenarioFile) -> Vec<HotSpotSetup> {
    let mut seen: BTreeMap<u32, usize> = BTreeMap::new();
    let mut spots = Vec::new();
    for (i, spot) in file.hot_spots.iter().enumerate() {
        let path = format!("hot_spots[{i}].number");
        if !(1..=5).contains(&spot.number) {
            c.problem(path, format!("{}: expected 1 to 5", spot.number));
            continue;
        }
        if let Some(first) = seen.insert(spot.number, i) {
            c.problem(
                path,
                format!(
                    "Hot Spot {} is listed twice (first at hot_spots[{first}])",
                    spot.number
                ),
            );
            continue;
        }
        spots.push(HotSpotSetup {
            number: spot.number as u8,
            location: spot.location.clone(),
        });
    }
    let missing: Vec<String> = (1..=5)
        .filter(|n| !seen.contains_key(n))
        .map(|n| n.to_string())
        .collect();
    if !missing.is_empty() {
        c.problem(
            "hot_spots",
            format!(
                "Hot Spot(s) {} missing: expected exactly five, numbered 1 to 5",
                missing.join(", ")
            ),
        );
    }
    spots.sort_by_key(|s| s.number);
    spots
}

fn check_figures(
    c: &mut Checker,
    path: &str,
    figures: &[FigureFile],
    tags: &mut Vec<String>,
) -> Vec<FigureSetup> {
    let mut out = Vec::new();
    let mut total = 0;
    for (j, f) in figures.iter().enumerate() {
        let fpath = format!("{path}.figures[{j}]");
        c.text(&format!("{fpath}.name"), &f.name);
        if f.count == 0 {
            c.problem(format!("{fpath}.count"), "0: expected at least 1 figure");
        }
        let count = c.at_most(
            &format!("{fpath}.count"),
            f.count,
            MAX_FIGURES_PER_UNIT,
            "figures",
        );
        total += count;
        let tq = f.tq.as_ref().map(|t| c.die(&format!("{fpath}.tq"), t));
        if let Some(tag) = &f.tag {
            c.text(&format!("{fpath}.tag"), tag);
            tags.push(tag.clone());
        }
        for _ in 0..count {
            out.push(FigureSetup {
                name: f.name.clone(),
                weapon: f.weapon,
                tq,
                tag: f.tag.clone(),
            });
        }
    }
    if total > MAX_FIGURES_PER_UNIT {
        c.problem(
            format!("{path}.figures"),
            format!("{total} figures: a unit has at most {MAX_FIGURES_PER_UNIT}"),
        );
    }
    out
}

fn check_ambush(c: &mut Checker, path: &str, a: &AmbushFile) -> AmbushSetup {
    if !(1..=MAX_TURNS).contains(&a.from_turn) {
        c.problem(
            format!("{path}.from_turn"),
            format!("{}: expected 1 to {MAX_TURNS}", a.from_turn),
        );
    }
    if !(1..=6).contains(&a.arrives_on) {
        c.problem(
            format!("{path}.arrives_on"),
            format!("{}: expected a d6 face, 1 to 6", a.arrives_on),
        );
    }
    for (k, &t) in a.automatic_turns.iter().enumerate() {
        if !(1..=MAX_TURNS).contains(&t) {
            c.problem(
                format!("{path}.automatic_turns[{k}]"),
                format!("{t}: expected 1 to {MAX_TURNS}"),
            );
        }
    }
    if let Some(last) = a.last_turn
        && last < a.from_turn
    {
        c.problem(
            format!("{path}.last_turn"),
            format!(
                "{last}: the last turn must not come before from_turn ({})",
                a.from_turn
            ),
        );
    }
    let arrives_at = if a.arrives_at.trim().is_empty() {
        c.problem(
            format!("{path}.arrives_at"),
            "must be \"hot_spot\" or a point in words",
        );
        AmbushPoint::HotSpot
    } else if a.arrives_at == "hot_spot" {
        AmbushPoint::HotSpot
    } else {
        AmbushPoint::Point(a.arrives_at.clone())
    };
    AmbushSetup {
        from_turn: a.from_turn,
        arrives_on: a.arrives_on.clamp(1, 6) as u8,
        automatic_turns: a.automatic_turns.clone(),
        arrives_at,
        last_turn: a.last_turn,
    }
}

fn check_units(c: &mut Checker, file: &ScenarioFile) -> (Vec<UnitSetup>, Vec<String>) {
    let mut ids: HashMap<&str, String> = HashMap::new();
    let mut tags = Vec::new();
    let mut units: Vec<UnitSetup> = Vec::new();
    if file.units.len() + file.leaders.len() > MAX_UNITS {
        c.problem(
            "units",
            format!(
                "{} units and leaders: a scenario has at most {MAX_UNITS}",
                file.units.len() + file.leaders.len()
            ),
        );
    }
    if file.units.is_empty() {
        c.problem("units", "a scenario needs at least one unit");
    }
    for (i, u) in file.units.iter().enumerate() {
        let path = format!("units[{i}]");
        check_id(c, &mut ids, &u.id, &format!("{path}.id"));
        units.push(check_unit(c, &path, u, &mut tags));
    }
    for side in [Side::Regular, Side::Insurgent] {
        if !file.units.iter().any(|u| u.side == side)
            && !file.leaders.iter().any(|l| l.side == side)
        {
            c.problem(
                "units",
                format!("no {side} unit: both sides need at least one"),
            );
        }
    }
    for (i, l) in file.leaders.iter().enumerate() {
        let path = format!("leaders[{i}]");
        check_id(c, &mut ids, &l.id, &format!("{path}.id"));
        if let Some(unit) = check_leader(c, &path, l, file, &mut units) {
            units.push(unit);
        }
    }
    for (i, unit) in units.iter().enumerate() {
        if unit.figures.is_empty() {
            let path = if i < file.units.len() {
                format!("units[{i}].figures")
            } else {
                "leaders".to_owned()
            };
            c.problem(
                path,
                "a unit needs at least one figure (or an attached leader)",
            );
        }
    }
    (units, tags)
}

fn check_id<'a>(c: &mut Checker, ids: &mut HashMap<&'a str, String>, id: &'a str, path: &str) {
    c.text(path, id);
    if let Some(first) = ids.get(id) {
        c.problem(path, format!("duplicate id '{id}' (first used at {first})"));
    } else {
        ids.insert(id, path.to_owned());
    }
}

fn check_unit(c: &mut Checker, path: &str, u: &UnitFile, tags: &mut Vec<String>) -> UnitSetup {
    c.text(&format!("{path}.name"), &u.name);
    let figures = check_figures(c, path, &u.figures, tags);
    let ambush = u
        .ambush
        .as_ref()
        .map(|a| check_ambush(c, &format!("{path}.ambush"), a));
    if ambush.is_some() && u.side != Side::Insurgent {
        c.problem(
            format!("{path}.ambush"),
            "only Insurgent units can be held in ambush",
        );
    }
    UnitSetup {
        id: u.id.clone(),
        name: u.name.clone(),
        side: u.side,
        tq: c.die(&format!("{path}.tq"), &u.tq),
        morale: c.die(&format!("{path}.morale"), &u.morale),
        optimum_range: c.at_most(
            &format!("{path}.optimum_range"),
            u.optimum_range,
            MAX_RANGE,
            "inches",
        ),
        armor: c.at_most(&format!("{path}.armor"), u.armor, MAX_ARMOR, "dice") as u8,
        location: u.location.clone(),
        non_combatant: u.non_combatant,
        figures,
        ambush,
    }
}

fn check_leader(
    c: &mut Checker,
    path: &str,
    l: &LeaderFile,
    file: &ScenarioFile,
    units: &mut [UnitSetup],
) -> Option<UnitSetup> {
    c.text(&format!("{path}.name"), &l.name);
    let tq = c.die(&format!("{path}.tq"), &l.tq);
    let figure = FigureSetup {
        name: l.name.clone(),
        weapon: Weapon::Leader,
        tq: Some(tq),
        tag: None,
    };
    match &l.attached_to {
        Some(target) => {
            let Some(index) = file.units.iter().position(|u| &u.id == target) else {
                let known: Vec<&str> = file.units.iter().map(|u| u.id.as_str()).collect();
                c.problem(
                    format!("{path}.attached_to"),
                    format!(
                        "no unit '{target}' to attach to; units are: {}",
                        known.join(", ")
                    ),
                );
                return None;
            };
            if file.units[index].side != l.side {
                c.problem(
                    format!("{path}.attached_to"),
                    format!(
                        "'{target}' is a {} unit but the leader is {}",
                        file.units[index].side, l.side
                    ),
                );
            }
            if let Some(unit) = units.get_mut(index) {
                unit.figures.insert(0, figure);
            }
            None
        }
        None => {
            let mut missing = |field: &str, present: bool| {
                if !present {
                    c.problem(
                        format!("{path}.{field}"),
                        "required for a leader who is not attached to a unit",
                    );
                }
            };
            missing("morale", l.morale.is_some());
            missing("optimum_range", l.optimum_range.is_some());
            let morale = l
                .morale
                .as_ref()
                .map_or(Die::D6, |m| c.die(&format!("{path}.morale"), m));
            let optimum_range = c.at_most(
                &format!("{path}.optimum_range"),
                l.optimum_range.unwrap_or(0),
                MAX_RANGE,
                "inches",
            );
            let armor = c.at_most(
                &format!("{path}.armor"),
                l.armor.unwrap_or(0),
                MAX_ARMOR,
                "dice",
            );
            Some(UnitSetup {
                id: l.id.clone(),
                name: l.name.clone(),
                side: l.side,
                tq,
                morale,
                optimum_range,
                armor: armor as u8,
                location: l.location.clone().unwrap_or_default(),
                non_combatant: false,
                figures: vec![figure],
                ambush: None,
            })
        }
    }
}

fn check_table(c: &mut Checker, file: &ScenarioFile) -> ReinforcementTable {
    let mut rows = Vec::new();
    let mut covered: BTreeMap<u32, String> = BTreeMap::new();
    let mut ids: HashMap<&str, String> = HashMap::new();
    for (i, r) in file.reinforcements.iter().enumerate() {
        let path = format!("reinforcements[{i}]");
        check_id(c, &mut ids, &r.id, &format!("{path}.id"));
        if r.rolls.is_empty() {
            c.problem(
                format!("{path}.rolls"),
                "a row needs at least one 2d6 total",
            );
        }
        for (k, &roll) in r.rolls.iter().enumerate() {
            let rpath = format!("{path}.rolls[{k}]");
            if !(2..=12).contains(&roll) {
                c.problem(rpath, format!("{roll}: a 2d6 total is 2 to 12"));
            } else if let Some(first) = covered.get(&roll) {
                c.problem(rpath, format!("total {roll} is already covered by {first}"));
            } else {
                covered.insert(roll, format!("{path} ('{}')", r.id));
            }
        }
        if r.units.is_empty() && !r.roll_again {
            c.problem(
                format!("{path}.units"),
                "a row brings at least one unit, or rolls again",
            );
        }
        let mut units = Vec::new();
        for (j, a) in r.units.iter().enumerate() {
            let upath = format!("{path}.units[{j}]");
            if a.figures.is_empty() {
                c.problem(format!("{upath}.figures"), "an arriving unit needs figures");
            }
            let mut figures = Vec::new();
            for (k, f) in a.figures.iter().enumerate() {
                let fpath = format!("{upath}.figures[{k}]");
                let count = match f.count.parse::<DiceCount>() {
                    Ok(count) => count,
                    Err(e) => {
                        c.problem(format!("{fpath}.count"), e.to_string());
                        DiceCount::fixed(1)
                    }
                };
                if f.at_check {
                    if !matches!(f.weapon, Weapon::MediumSupport) {
                        c.problem(
                            format!("{fpath}.at_check"),
                            "only RPGs (medium_support) roll to be AT RPGs",
                        );
                    }
                    if !count.is_fixed() {
                        c.problem(
                            format!("{fpath}.count"),
                            format!(
                                "'{}': RPGs that roll to be AT RPGs need a fixed count such as \"1\"",
                                f.count
                            ),
                        );
                    }
                }
                figures.push(FigureSpec {
                    count,
                    weapon: f.weapon,
                    at_check: f.at_check,
                });
            }
            let max_figures: u32 = figures.iter().map(|f| f.count.range().1).sum();
            if max_figures > MAX_FIGURES_PER_UNIT {
                c.problem(
                    format!("{upath}.figures"),
                    format!(
                        "up to {max_figures} figures: an arriving unit has at most {MAX_FIGURES_PER_UNIT}"
                    ),
                );
            }
            units.push(ArrivalSpec { figures });
        }
        rows.push(TableRow {
            id: r.id.clone(),
            rolls: r.rolls.iter().map(|&x| x.clamp(0, 255) as u8).collect(),
            units,
            roll_again: r.roll_again,
        });
    }
    let missing: Vec<String> = (2..=12)
        .filter(|t| !covered.contains_key(t))
        .map(|t| t.to_string())
        .collect();
    if !missing.is_empty() {
        c.problem(
            "reinforcements",
            format!(
                "total(s) {} not covered: every 2d6 total from 2 to 12 needs exactly one row",
                missing.join(", ")
            ),
        );
    }
    if !file.reinforcements.is_empty() && file.reinforcements.iter().all(|r| r.roll_again) {
        c.problem(
            "reinforcements",
            "every row rolls again: the table could never stop",
        );
    }
    ReinforcementTable { rows }
}

fn check_victory(c: &mut Checker, file: &ScenarioFile, tags: &[String]) -> Vec<VictoryItem> {
    let mut ids: HashMap<&str, String> = HashMap::new();
    let mut items = Vec::new();
    for (i, v) in file.victory.iter().enumerate() {
        let path = format!("victory[{i}]");
        check_id(c, &mut ids, &v.id, &format!("{path}.id"));
        c.text(&format!("{path}.label"), &v.label);
        if !(-100..=100).contains(&v.points) {
            c.problem(
                format!("{path}.points"),
                format!("{}: expected -100 to 100", v.points),
            );
        }
        if let VictoryTrigger::EscortedOff { tag, .. } = &v.trigger
            && !tags.contains(tag)
        {
            c.problem(
                format!("{path}.trigger.tag"),
                format!("no figure carries the tag '{tag}'"),
            );
        }
        items.push(VictoryItem {
            id: v.id.clone(),
            side: v.side,
            points: v.points,
            label: v.label.clone(),
            trigger: v.trigger.clone(),
        });
    }
    items
}

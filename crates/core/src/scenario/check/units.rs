//! The checks of units, their figures and leaders (what comes on later is `held_back.rs`').

use std::collections::{HashMap, HashSet};

use crate::dice::Die;
use crate::unit::{Side, Weapon};

use super::super::file::{FigureFile, LeaderFile, ScenarioFile, UnitFile};
use super::super::{FigureSetup, UnitSetup};
use super::held_back::{check_ambush, check_arrival, check_captives};
use super::words::article;
use super::{Checker, MAX_ARMOR, MAX_FIGURES_PER_UNIT, MAX_RANGE, MAX_UNITS};

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

/// What the checks of each unit and leader look up, worked out once for the whole file.
struct Index<'f> {
    /// The Hot Spots' numbers.
    spots: HashSet<u32>,
    /// The same, in words for a message.
    spot_list: String,
    /// Each unit's place in the list, by id (the first, for an id used twice).
    units: HashMap<&'f str, usize>,
    /// The ids of each side's units, in words, worked out when first needed.
    known: HashMap<Side, (Vec<String>, String)>,
}

impl<'f> Index<'f> {
    fn of(file: &'f ScenarioFile) -> Self {
        let mut units = HashMap::new();
        for (i, unit) in file.units.iter().enumerate() {
            units.entry(unit.id.as_str()).or_insert(i);
        }
        let spots: HashSet<u32> = file.hot_spots.iter().map(|h| h.number).collect();
        let mut numbers: Vec<u32> = spots.iter().copied().collect();
        numbers.sort_unstable();
        Self {
            spot_list: listed(numbers.iter().map(u32::to_string), numbers.len()),
            spots,
            units,
            known: HashMap::new(),
        }
    }

    /// The ids of a side's units (at most [`MAX_UNITS`] of them, the most a scenario has, to
    /// look for a near one), and the words that list them.
    fn known(&mut self, file: &ScenarioFile, side: Side) -> &(Vec<String>, String) {
        self.known.entry(side).or_insert_with(|| {
            let mut seen = HashSet::new();
            let ids: Vec<String> = file
                .units
                .iter()
                .filter(|u| u.side == side && seen.insert(u.id.as_str()))
                .map(|u| u.id.clone())
                .collect();
            let count = ids.len();
            let words = listed(ids.iter().map(|id| crate::text::quoted(id)), count);
            let mut ids = ids;
            ids.truncate(MAX_UNITS);
            (ids, words)
        })
    }
}

/// The first few items of a list in words, with how many more there are: "1, 2, 3".
pub(super) fn listed(items: impl Iterator<Item = String>, count: usize) -> String {
    const SHOWN: usize = 12;
    let mut words: Vec<String> = items.take(SHOWN).collect();
    if count > SHOWN {
        words.push(format!(
            "and {} more",
            crate::text::thousands((count - SHOWN) as u64)
        ));
    }
    words.join(", ")
}

pub(super) fn check_units(c: &mut Checker, file: &ScenarioFile) -> (Vec<UnitSetup>, Vec<String>) {
    let mut index = Index::of(file);
    let mut ids: HashMap<&str, String> = HashMap::new();
    let mut tags = Vec::new();
    let mut units: Vec<UnitSetup> = Vec::new();
    if file.units.len() + file.leaders.len() > MAX_UNITS {
        c.problem(
            "units",
            format!(
                "{} units and leaders: a scenario has at most {}",
                crate::text::thousands((file.units.len() + file.leaders.len()) as u64),
                crate::text::thousands(MAX_UNITS as u64)
            ),
        );
    }
    if file.units.is_empty() {
        c.problem("units", "a scenario needs at least one unit");
    }
    for (i, u) in file.units.iter().enumerate() {
        let path = format!("units[{i}]");
        check_id(c, &mut ids, &u.id, &format!("{path}.id"));
        units.push(check_unit(c, &path, u, &mut tags, &index));
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
        if let Some(unit) = check_leader(c, &path, l, file, &mut index, &mut units) {
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
    tags.extend(file.leaders.iter().filter_map(|l| l.tag.clone()));
    (units, tags)
}

pub(super) fn check_id<'a>(
    c: &mut Checker,
    ids: &mut HashMap<&'a str, String>,
    id: &'a str,
    path: &str,
) {
    c.text(path, id);
    if let Some(first) = ids.get(id) {
        c.problem(
            path,
            format!(
                "duplicate id {} (first used at {first})",
                crate::text::quoted(id)
            ),
        );
    } else {
        ids.insert(id, path.to_owned());
    }
}

fn check_unit(
    c: &mut Checker,
    path: &str,
    u: &UnitFile,
    tags: &mut Vec<String>,
    index: &Index<'_>,
) -> UnitSetup {
    c.text(&format!("{path}.name"), &u.name);
    let figures = check_figures(c, path, &u.figures, tags);
    let ambush = u.ambush.as_ref().map(|a| {
        check_ambush(
            c,
            &format!("{path}.ambush"),
            a,
            &index.spots,
            &index.spot_list,
        )
    });
    if u.ambush.is_some() && u.arrives.is_some() {
        c.problem(
            format!("{path}.arrives"),
            "a unit is either held in ambush or arrives on a set turn, not both: keep one",
        );
    }
    let arrives = check_arrival(c, path, u, &index.spots, &index.spot_list);
    check_captives(c, path, u);
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
        profile: crate::unit::Profile {
            tq: c.die(&format!("{path}.tq"), &u.tq),
            morale: c.die(&format!("{path}.morale"), &u.morale),
            optimum_range: c.at_most(
                &format!("{path}.optimum_range"),
                u.optimum_range,
                MAX_RANGE,
                "inches",
            ),
            armor: c.at_most(&format!("{path}.armor"), u.armor, MAX_ARMOR, "dice") as u8,
        },
        location: u.location.clone(),
        non_combatant: u.non_combatant,
        figures,
        ambush,
        arrives,
        freed_by: u.freed_by,
    }
}

fn check_leader(
    c: &mut Checker,
    path: &str,
    l: &LeaderFile,
    file: &ScenarioFile,
    index: &mut Index<'_>,
    units: &mut [UnitSetup],
) -> Option<UnitSetup> {
    c.text(&format!("{path}.name"), &l.name);
    let tq = c.die(&format!("{path}.tq"), &l.tq);
    let figure = FigureSetup {
        name: l.name.clone(),
        weapon: Weapon::Leader,
        tq: Some(tq),
        tag: l.tag.clone(),
    };
    match &l.attached_to {
        Some(target) => {
            let found = index.units.get(target.as_str()).copied();
            let index = found.or_else(|| {
                let (known, words) = index.known(file, l.side);
                let near = super::words::closest(target, known)
                    .map(|n| format!("did you mean {}? ", crate::text::quoted(&n)))
                    .unwrap_or_default();
                let list = if known.is_empty() {
                    format!("there is no {} unit to attach to", l.side)
                } else {
                    format!("the {} units are {words}", l.side)
                };
                c.problem(
                    format!("{path}.attached_to"),
                    format!(
                        "no unit {} to attach to: {near}{list}",
                        crate::text::quoted(target)
                    ),
                );
                None
            })?;
            if file.units[index].side != l.side {
                let side = file.units[index].side.to_string();
                c.problem(
                    format!("{path}.attached_to"),
                    format!(
                        "{} is {} {side} unit but the leader is {}",
                        crate::text::quoted(target),
                        article(&side),
                        l.side
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
                profile: crate::unit::Profile {
                    tq,
                    morale,
                    optimum_range,
                    armor: armor as u8,
                },
                location: l.location.clone().unwrap_or_default(),
                non_combatant: false,
                figures: vec![figure],
                ambush: None,
                arrives: None,
                freed_by: None,
            })
        }
    }
}

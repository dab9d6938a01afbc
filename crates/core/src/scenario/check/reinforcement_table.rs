//! The checks of the reinforcement table.

use std::collections::{BTreeMap, HashMap};

use crate::limits::REINFORCEMENT_ROLL;
use crate::rules::reinforcements::{
    ArrivalProfile, ArrivalSpec, DiceCount, FigureSpec, ReinforcementTable, TableRow,
};
use crate::unit::Weapon;

use super::super::file::{ArrivalFile, ScenarioFile};
use super::units::check_id;
use super::{Checker, MAX_FIGURES_PER_UNIT};

pub(super) fn check_table(c: &mut Checker, file: &ScenarioFile) -> ReinforcementTable {
    let mut rows = Vec::new();
    let mut covered: BTreeMap<u32, (usize, String)> = BTreeMap::new();
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
            if !REINFORCEMENT_ROLL.allows(roll) {
                c.problem(
                    rpath,
                    format!("{roll}: a 2d6 total is {}", REINFORCEMENT_ROLL.expected()),
                );
            } else if let Some((row, first)) = covered.get(&roll) {
                // The same total twice in one row is harmless: a warning says so.
                if *row != i {
                    c.problem(rpath, format!("total {roll} is already covered by {first}"));
                }
            } else {
                covered.insert(
                    roll,
                    (i, format!("{path} ({})", crate::text::quoted(&r.id))),
                );
            }
        }
        if r.units.is_empty() && !r.roll_again {
            c.problem(
                format!("{path}.units"),
                "a row brings at least one unit, or rolls again",
            );
        }
        let units = check_arrivals(c, &path, &r.units);
        rows.push(TableRow {
            id: r.id.clone(),
            rolls: r.rolls.iter().map(|&x| x.clamp(0, 255) as u8).collect(),
            units,
            roll_again: r.roll_again,
        });
    }
    let missing: Vec<String> = REINFORCEMENT_ROLL
        .range::<u32>()
        .filter(|t| !covered.contains_key(t))
        .map(|t| t.to_string())
        .collect();
    if !missing.is_empty() {
        c.problem(
            "reinforcements",
            format!(
                "{} {} not covered: every 2d6 total from {} needs exactly one row",
                if missing.len() == 1 {
                    "total"
                } else {
                    "totals"
                },
                crate::text::and_list(&missing),
                REINFORCEMENT_ROLL.expected()
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

/// The units a row brings (at `path`: `reinforcements[2]`, or an event's), each with its
/// figures and its own dice.
pub(super) fn check_arrivals(
    c: &mut Checker,
    path: &str,
    arrivals: &[ArrivalFile],
) -> Vec<ArrivalSpec> {
    let mut out = Vec::new();
    for (j, a) in arrivals.iter().enumerate() {
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
                            "{}: RPGs that roll to be AT RPGs need a fixed count such as \"1\"",
                            crate::text::quoted(&f.count)
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
        let die = |c: &mut Checker, field: &str, text: &Option<String>| {
            text.as_ref().map(|t| c.die(&format!("{upath}.{field}"), t))
        };
        let profile = ArrivalProfile {
            name: a.name.clone(),
            tq: die(c, "tq", &a.tq),
            leader_tq: die(c, "leader_tq", &a.leader_tq),
            morale: die(c, "morale", &a.morale),
        };
        out.push(ArrivalSpec { figures, profile });
    }
    out
}

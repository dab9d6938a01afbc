//! Shared test helpers: Contracting Trouble built in code, unit builders, and a random player.
#![allow(dead_code)]

mod moves;
mod random;

#[allow(unused_imports)]
pub use moves::*;
#[allow(unused_imports)]
pub use random::*;

use std::sync::Arc;

use ambush_core::dice::Die;
use ambush_core::game::{Game, Settings};
use ambush_core::rules::reinforcements::{
    ArrivalSpec, DiceCount, FigureSpec, InsurgencyLevel, ReinforcementTable, TableRow,
};
use ambush_core::scenario::{
    FigureSetup, HotSpotSetup, InsurgentProfile, Objective, Scale, Scenario, UnitSetup,
    VictoryItem, VictoryTrigger,
};
use ambush_core::tabletop::Edge;
use ambush_core::unit::{Figure, FigureId, Presence, Side, Unit, UnitId, UnitStatus, Weapon};

/// A figure set-up.
pub fn fig(name: &str, weapon: Weapon) -> FigureSetup {
    FigureSetup {
        name: name.to_owned(),
        weapon,
        tq: None,
        tag: None,
    }
}

fn marine_unit(id: &str, name: &str, figures: Vec<FigureSetup>) -> UnitSetup {
    UnitSetup {
        id: id.to_owned(),
        name: name.to_owned(),
        side: Side::Regular,
        profile: ambush_core::unit::Profile {
            tq: Die::D8,
            morale: Die::D10,
            optimum_range: 8,
            armor: 1,
        },
        location: "M: the Marine squad's position".to_owned(),
        non_combatant: false,
        figures,
        ambush: None,
        arrives: None,
        freed_by: None,
    }
}

fn insurgent_unit(id: &str, name: &str, location: &str, figures: Vec<FigureSetup>) -> UnitSetup {
    UnitSetup {
        id: id.to_owned(),
        name: name.to_owned(),
        side: Side::Insurgent,
        profile: ambush_core::unit::Profile {
            tq: Die::D6,
            morale: Die::D10,
            optimum_range: 6,
            armor: 0,
        },
        location: location.to_owned(),
        non_combatant: false,
        figures,
        ambush: None,
        arrives: None,
        freed_by: None,
    }
}

fn leader() -> FigureSetup {
    FigureSetup {
        tq: Some(Die::D8),
        ..fig("Leader", Weapon::Leader)
    }
}

fn count(text: &str) -> DiceCount {
    text.parse().unwrap_or(DiceCount::fixed(1))
}

fn spec(parts: &[(&str, Weapon, bool)]) -> ArrivalSpec {
    ArrivalSpec {
        figures: parts
            .iter()
            .map(|&(c, weapon, at_check)| FigureSpec {
                count: count(c),
                weapon,
                at_check,
            })
            .collect(),
        profile: Default::default(),
    }
}

fn row(total: u8, parts: &[(&str, Weapon, bool)], roll_again: bool) -> TableRow {
    TableRow {
        id: format!("roll-{total}"),
        rolls: vec![total],
        units: vec![spec(parts)],
        roll_again,
    }
}

/// The booklet's reinforcement table.
pub fn reinforcement_table() -> ReinforcementTable {
    use Weapon::{Leader, LightSupport, MediumSupport, Rifle};
    ReinforcementTable {
        rows: vec![
            row(
                2,
                &[("1d6", Rifle, false), ("1", LightSupport, false)],
                false,
            ),
            row(3, &[("1", MediumSupport, true)], false),
            row(4, &[("1d6", Rifle, false)], true),
            row(5, &[("1", MediumSupport, true)], false),
            row(6, &[("1d6+2", Rifle, false)], false),
            row(
                7,
                &[
                    ("1d6", Rifle, false),
                    ("1", Leader, false),
                    ("1", LightSupport, false),
                ],
                false,
            ),
            row(8, &[("1d6+2", Rifle, false)], false),
            row(9, &[("1d6", Rifle, false)], true),
            row(10, &[("1", LightSupport, false)], false),
            row(
                11,
                &[
                    ("1d6", Rifle, false),
                    ("1", Leader, false),
                    ("1", MediumSupport, true),
                ],
                false,
            ),
            row(12, &[("2d6", Rifle, false)], false),
        ],
    }
}

/// Contracting Trouble, built in code.
pub fn contracting_trouble() -> Scenario {
    use Weapon::{Dependant, Leader, LightSupport, MediumSupport, Rifle};
    let fireteam = |id: &str, name: &str| {
        marine_unit(
            id,
            name,
            vec![
                fig("Rifleman", Rifle),
                fig("Rifleman", Rifle),
                fig("Grenadier (M203)", LightSupport),
                fig("Automatic rifleman (SAW)", LightSupport),
            ],
        )
    };
    let contractor = || FigureSetup {
        tag: Some("contractor".to_owned()),
        ..fig("Contractor", Dependant)
    };
    let mut units = vec![
        marine_unit(
            "squad-leader",
            "Squad Leader",
            vec![fig("Corporal", Leader)],
        ),
        fireteam("alpha", "Fireteam Alpha"),
        fireteam("bravo", "Fireteam Bravo"),
        UnitSetup {
            id: "contractors".to_owned(),
            name: "Contractors".to_owned(),
            side: Side::Regular,
            profile: ambush_core::unit::Profile {
                tq: Die::D6,
                morale: Die::D6,
                optimum_range: 0,
                armor: 0,
            },
            location: "C: by the wrecked SUV".to_owned(),
            non_combatant: true,
            figures: vec![contractor(), contractor()],
            ambush: None,
            arrives: None,
            freed_by: None,
        },
        insurgent_unit(
            "insurgents-1",
            "Insurgents 1",
            "map key 1",
            vec![fig("Gunman", Rifle); 6],
        ),
    ];
    for letter in ["a", "b", "c", "d"] {
        // A leader on his own is a unit of his own Troop Quality.
        let mut unit = insurgent_unit(
            &format!("leader-2{letter}"),
            &format!("Leader 2{}", letter.to_uppercase()),
            "map key 2",
            vec![leader()],
        );
        unit.profile.tq = Die::D8;
        units.push(unit);
    }
    units.push(insurgent_unit(
        "insurgents-3",
        "Insurgents 3",
        "map key 3",
        vec![fig("RPG gunner", MediumSupport)],
    ));
    units.push(insurgent_unit(
        "insurgents-4",
        "Insurgents 4",
        "map key 4",
        vec![leader(), fig("RPG gunner", MediumSupport)],
    ));
    units.push(insurgent_unit(
        "insurgents-5",
        "Insurgents 5",
        "map key 5",
        vec![fig("RPG gunner", MediumSupport)],
    ));
    Scenario {
        id: "contracting-trouble".to_owned(),
        name: "Contracting Trouble!".to_owned(),
        brief: "Marines rescue two wounded contractors from a wrecked SUV.".to_owned(),
        objectives: vec![
            Objective {
                side: Side::Regular,
                text: "Escort the contractors off the south or west edge.".to_owned(),
            },
            Objective {
                side: Side::Insurgent,
                text: "Keep the contractors on the table.".to_owned(),
            },
        ],
        table: "2'x2' (15mm), 4'x4' (28mm)".to_owned(),
        scale: Scale::Mm15,
        units,
        hot_spots: (1..=5)
            .map(|n| HotSpotSetup {
                number: n,
                location: format!("Hot Spot {n}"),
                active: true,
            })
            .collect(),
        insurgency: InsurgencyLevel::Automatic,
        reinforcements: reinforcement_table(),
        insurgents: InsurgentProfile {
            profile: ambush_core::unit::Profile {
                tq: Die::D6,
                morale: Die::D10,
                optimum_range: 6,
                armor: 0,
            },
            leader_tq: Die::D8,
        },
        victory: vec![
            VictoryItem {
                id: "contractor-escorted".to_owned(),
                side: Side::Regular,
                points: 5,
                label: "Contractor escorted off the table".to_owned(),
                trigger: VictoryTrigger::EscortedOff {
                    tag: "contractor".to_owned(),
                    edges: vec![Edge::South, Edge::West],
                    ends_game: true,
                },
                until_turn: None,
            },
            VictoryItem {
                id: "none-left-behind".to_owned(),
                side: Side::Regular,
                points: 5,
                label: "No friendly casualties or POWs left behind".to_owned(),
                trigger: VictoryTrigger::Manual { once: false },
                until_turn: None,
            },
            VictoryItem {
                id: "marine-wounded".to_owned(),
                side: Side::Insurgent,
                points: 1,
                label: "Marine wounded".to_owned(),
                trigger: VictoryTrigger::RegularWounded,
                until_turn: None,
            },
            VictoryItem {
                id: "marine-killed".to_owned(),
                side: Side::Insurgent,
                points: 2,
                label: "Marine killed".to_owned(),
                trigger: VictoryTrigger::Manual { once: false },
                until_turn: None,
            },
            VictoryItem {
                id: "captive-held".to_owned(),
                side: Side::Insurgent,
                points: 5,
                label: "Captive held at the end".to_owned(),
                trigger: VictoryTrigger::Manual { once: false },
                until_turn: None,
            },
        ],
        special_rules: vec!["Contractors join the first Marine unit that touches them.".to_owned()],
        turn_limit: None,
        hot_spot_roll: Scenario::default_hot_spot_roll(
            &(1..=5)
                .map(|n| HotSpotSetup {
                    number: n,
                    location: String::new(),
                    active: true,
                })
                .collect::<Vec<_>>(),
        ),
        contacts: None,
        turn_limit_dice: None,
        turn_limit_known: false,
        turn_limit_secret: false,
        end_roll: None,
        events: Vec::new(),
        thresholds: Vec::new(),
        author_notes: Vec::new(),
    }
}

/// A new game of Contracting Trouble.
pub fn new_game() -> Game {
    Game::new(Arc::new(contracting_trouble()), Settings::default())
}

/// A unit by scenario key.
pub fn unit_id(game: &Game, key: &str) -> UnitId {
    game.state()
        .units()
        .find(|u| u.key == key)
        .map(|u| u.id)
        .unwrap_or(UnitId(u32::MAX))
}

/// A unit by id; panics if there is none.
pub fn unit(game: &Game, id: UnitId) -> &Unit {
    game.state()
        .unit(id)
        .unwrap_or_else(|| panic!("no unit {id}"))
}

/// A fresh, empty temporary folder named for the test (`aa-{prefix}-{name}-…`), removed when the
/// guard is dropped, also when the test fails.
pub fn temp_dir(prefix: &str, name: &str) -> TestDir {
    TestDir(
        tempfile::Builder::new()
            .prefix(&format!("aa-{prefix}-{name}-"))
            .tempdir()
            .expect("a temporary folder"),
    )
}

/// A temporary folder that is removed when dropped; it derefs to its path.
pub struct TestDir(tempfile::TempDir);

impl std::ops::Deref for TestDir {
    type Target = std::path::Path;
    fn deref(&self) -> &std::path::Path {
        self.0.path()
    }
}

impl AsRef<std::path::Path> for TestDir {
    fn as_ref(&self) -> &std::path::Path {
        self.0.path()
    }
}

/// A free-standing unit for pool tests.
pub fn bare_unit(side: Side, tq: Die, weapons: &[Weapon], armor: u8) -> Unit {
    Unit {
        id: UnitId(1),
        key: "test".to_owned(),
        name: "Test unit".to_owned(),
        side,
        figures: weapons
            .iter()
            .enumerate()
            .map(|(i, &w)| Figure::new(FigureId(i as u32 + 1), "Figure", w))
            .collect(),
        profile: ambush_core::unit::Profile {
            tq,
            morale: Die::D10,
            optimum_range: 8,
            armor,
        },
        location: String::new(),
        non_combatant: false,
        presence: Presence::OnTable,
        ambush: None,
        arrives: None,
        status: UnitStatus::default(),
        left_by: None,
        freed_by: None,
    }
}

/// Contracting Trouble as shipped, loaded and checked.
pub fn builtin_loaded() -> ambush_core::scenario::check::LoadedScenario {
    ambush_core::scenario::builtin::contracting_trouble()
        .unwrap_or_else(|e| panic!("the shipped scenario is invalid: {e}"))
}

/// Contracting Trouble as shipped in the scenario file, with the file it came from.
pub fn builtin_game() -> (Game, ambush_core::scenario::file::ScenarioFile) {
    let loaded = builtin_loaded();
    (
        Game::new(Arc::new(loaded.scenario), Settings::default()),
        loaded.file,
    )
}

/// A file of the repository (fixtures, shipped scenarios, docs), by its path from the top.
pub fn repo_path(relative: &str) -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../..")
        .join(relative)
}

impl AsRef<std::ffi::OsStr> for TestDir {
    fn as_ref(&self) -> &std::ffi::OsStr {
        self.0.path().as_os_str()
    }
}

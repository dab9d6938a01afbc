//! Shared test helpers: Contracting Trouble built in code, unit builders, and a random player.
#![allow(dead_code)]

use std::sync::Arc;

use ambush_core::dice::{DiceSource, Die};
use ambush_core::game::{Command, Game, Outcome, Phase, Settings};
use ambush_core::rules::checks::ReactionModifiers;
use ambush_core::rules::fire::FireModifiers;
use ambush_core::rules::reinforcements::{
    ArrivalSpec, DiceCount, FigureSpec, InsurgencyLevel, ReinforcementTable, TableRow,
};
use ambush_core::scenario::{
    FigureSetup, HotSpotSetup, InsurgentProfile, Objective, Scale, Scenario, UnitSetup,
    VictoryItem, VictoryTrigger,
};
use ambush_core::table::Edge;
use ambush_core::unit::{
    Figure, FigureId, Movement, Presence, Side, Unit, UnitId, UnitStatus, Weapon,
};

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
        tq: Die::D8,
        morale: Die::D10,
        optimum_range: 8,
        armor: 1,
        location: "M: the Marine squad's position".to_owned(),
        non_combatant: false,
        figures,
        ambush: None,
        arrives: None,
    }
}

fn insurgent_unit(id: &str, name: &str, location: &str, figures: Vec<FigureSetup>) -> UnitSetup {
    UnitSetup {
        id: id.to_owned(),
        name: name.to_owned(),
        side: Side::Insurgent,
        tq: Die::D6,
        morale: Die::D10,
        optimum_range: 6,
        armor: 0,
        location: location.to_owned(),
        non_combatant: false,
        figures,
        ambush: None,
        arrives: None,
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
            tq: Die::D6,
            morale: Die::D6,
            optimum_range: 0,
            armor: 0,
            location: "C: by the wrecked SUV".to_owned(),
            non_combatant: true,
            figures: vec![contractor(), contractor()],
            ambush: None,
            arrives: None,
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
        units.push(UnitSetup {
            tq: Die::D8,
            ..insurgent_unit(
                &format!("leader-2{letter}"),
                &format!("Leader 2{}", letter.to_uppercase()),
                "map key 2",
                vec![leader()],
            )
        });
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
            tq: Die::D6,
            leader_tq: Die::D8,
            morale: Die::D10,
            optimum_range: 6,
            armor: 0,
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
                },
            },
            VictoryItem {
                id: "none-left-behind".to_owned(),
                side: Side::Regular,
                points: 5,
                label: "No friendly casualties or POWs left behind".to_owned(),
                trigger: VictoryTrigger::Manual,
            },
            VictoryItem {
                id: "marine-wounded".to_owned(),
                side: Side::Insurgent,
                points: 1,
                label: "Marine wounded".to_owned(),
                trigger: VictoryTrigger::RegularWounded,
            },
            VictoryItem {
                id: "marine-killed".to_owned(),
                side: Side::Insurgent,
                points: 2,
                label: "Marine killed".to_owned(),
                trigger: VictoryTrigger::Manual,
            },
            VictoryItem {
                id: "captive-held".to_owned(),
                side: Side::Insurgent,
                points: 5,
                label: "Captive held at the end".to_owned(),
                trigger: VictoryTrigger::Manual,
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
    }
}

/// A new game of Contracting Trouble.
pub fn new_game() -> Game {
    Game::new(Arc::new(contracting_trouble()), Settings::default())
}

/// A unit by scenario key.
pub fn unit_id(game: &Game, key: &str) -> UnitId {
    game.state()
        .units
        .iter()
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

/// Plays `command` with typed dice, one slice of faces per roll; panics if it is refused.
pub fn play(game: &mut Game, command: Command, faces: &[&[u8]]) -> Outcome {
    let mut dice = DiceSource::typed(faces.iter().map(|f| f.to_vec()));
    match game.play(command.clone(), &mut dice) {
        Ok(outcome) => outcome,
        Err(e) => panic!("{command:?} refused: {e}"),
    }
}

/// Activates a unit, not on Overwatch, with no dice rolled.
pub fn activate(game: &mut Game, unit: UnitId, movement: Movement) {
    play(
        game,
        Command::Activate {
            unit,
            movement,
            overwatch: false,
        },
        &[],
    );
}

/// Marks a unit Shaken this turn, keeping its other statuses, as the referee's edit would.
pub fn shake(game: &mut Game, unit: UnitId) {
    let status = game
        .state()
        .unit(unit)
        .map(|u| u.status.clone())
        .unwrap_or_default();
    let status = UnitStatus {
        shaken_on_turn: Some(game.state().turn),
        ..status
    };
    play(game, Command::SetStatus { unit, status }, &[]);
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
        tq,
        morale: Die::D10,
        optimum_range: 8,
        armor,
        location: String::new(),
        non_combatant: false,
        presence: Presence::OnTable,
        ambush: None,
        arrives: None,
        status: UnitStatus::default(),
        left_by: None,
    }
}

/// Picks a random command that has a fair chance of being legal, for property tests.
pub fn random_command(game: &Game, pick: &mut impl FnMut(usize) -> usize) -> Command {
    let state = game.state();
    let units: Vec<&Unit> = state
        .units
        .iter()
        .map(|u| &**u)
        .filter(|u| u.in_play())
        .collect();
    let any_unit = |pick: &mut dyn FnMut(usize) -> usize| {
        if units.is_empty() {
            UnitId(1)
        } else {
            units[pick(units.len())].id
        }
    };
    let side_unit = |side: Side, pick: &mut dyn FnMut(usize) -> usize| {
        let of_side: Vec<&&Unit> = units.iter().filter(|u| u.side == side).collect();
        if of_side.is_empty() {
            UnitId(1)
        } else {
            of_side[pick(of_side.len())].id
        }
    };
    let movement = |n: usize| [Movement::Halted, Movement::Cautious, Movement::Rapid][n % 3];
    // Pending steps first, most of the time.
    if let Some(p) = state.pending.first()
        && pick(4) != 0
    {
        use ambush_core::game::PendingStep as P;
        if let Some(command) = p.step.roll_command(p.id) {
            return command;
        }
        let unit_of = |id: UnitId| state.unit(id);
        return match &p.step {
            P::HotSpotChoice { .. } => Command::PlaceArrival {
                pending: p.id,
                hot_spot: pick(5) as u8 + 1,
            },
            P::Casualties { unit, count } => {
                let figures = unit_of(*unit)
                    .map(|u| u.casualty_proposal(*count as usize))
                    .unwrap_or_default();
                if unit_of(*unit).is_some_and(|u| u.side == Side::Regular) {
                    Command::FirstAid {
                        pending: p.id,
                        figures,
                    }
                } else {
                    Command::RemoveCasualties {
                        pending: p.id,
                        figures,
                    }
                }
            }
            P::MoraleCheck { unit, .. } => Command::MoraleCheck {
                unit: *unit,
                modifier: 0,
                defensible: pick(2) == 0,
            },
            P::InsurgencyRoll
            | P::TableRoll
            | P::Arrival { .. }
            | P::AmbushRoll { .. }
            | P::AmbushPlacement { .. } => unreachable!("roll_command answers every roll"),
        };
    }
    // Most of the time, something the game allows now, as the query offers it.
    if pick(3) != 0 {
        let legal = state.legal_commands(game.scenario());
        if !legal.is_empty() {
            return legal[pick(legal.len())].clone();
        }
    }
    match pick(24) {
        0 => Command::SkipPending {
            pending: state.pending.first().map_or(0, |p| p.id),
        },
        1 | 2 | 16 | 17 => Command::Activate {
            unit: side_unit(Side::Regular, pick),
            movement: movement(pick(3)),
            overwatch: pick(4) == 0,
        },
        3 | 18 => Command::InsurgentAction {
            unit: side_unit(Side::Insurgent, pick),
            movement: movement(pick(3)),
        },
        4 | 19 | 20 => Command::QualityCheck {
            unit: any_unit(pick),
            purpose: [
                ambush_core::game::QualityPurpose::Interrupt,
                ambush_core::game::QualityPurpose::ActWithoutLeader,
                ambush_core::game::QualityPurpose::Other,
            ][pick(3)],
        },
        5 | 21 | 22 | 23 => Command::ReactionTest {
            insurgent: side_unit(Side::Insurgent, pick),
            regular: side_unit(Side::Regular, pick),
            kind: [
                ambush_core::game::ReactionKind::InterruptMovement,
                ambush_core::game::ReactionKind::InterruptFire,
                ambush_core::game::ReactionKind::Overwatch,
            ][pick(3)],
            modifiers: ReactionModifiers::default(),
        },
        6..=8 => {
            let side = if pick(2) == 0 {
                Side::Regular
            } else {
                Side::Insurgent
            };
            let attacker = side_unit(side, pick);
            let target = side_unit(side.opponent(), pick);
            let modifiers = FireModifiers {
                optimum_range: pick(2) == 0,
                target_exposed: pick(3) == 0,
                solid_cover: pick(3) == 0,
                beyond_effective_range: pick(6) == 0,
                ..FireModifiers::default()
            };
            Command::Fire {
                attacker,
                target,
                modifiers,
                context: [
                    ambush_core::game::FireContext::Activation,
                    ambush_core::game::FireContext::Interrupt,
                    ambush_core::game::FireContext::Reaction,
                    ambush_core::game::FireContext::Overwatch,
                ][pick(4)],
            }
        }
        9 => match state.phase {
            Phase::Reinforcements => Command::StartActivations,
            Phase::RegularActivations => Command::StartInsurgentPhase,
            _ => Command::EndTurn,
        },
        10 => Command::JoinUnit {
            from: any_unit(pick),
            into: any_unit(pick),
        },
        11 => Command::NeutralizeHotSpot {
            hot_spot: pick(6) as u8,
            unit: any_unit(pick),
        },
        12 => Command::DeclareInCover {
            unit: any_unit(pick),
        },
        13 => Command::MoraleCheck {
            unit: any_unit(pick),
            modifier: pick(3) as i8 - 1,
            defensible: false,
        },
        14 if pick(8) == 0 => Command::LeaveTable {
            unit: any_unit(pick),
            edge: None,
        },
        _ => Command::AwardVictory {
            item: "marine-killed".to_owned(),
            delta: 1,
        },
    }
}

/// Plays `steps` random commands with seeded dice; returns the game.
pub fn random_game(seed: u64, steps: usize) -> Game {
    play_randomly(new_game(), seed, steps)
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

/// Plays `steps` random commands on a game with seeded dice.
pub fn play_randomly(mut game: Game, seed: u64, steps: usize) -> Game {
    let mut dice = DiceSource::seeded(seed);
    let mut state = seed
        .wrapping_mul(6364136223846793005)
        .wrapping_add(1442695040888963407);
    let mut pick = move |n: usize| {
        state = state
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((state >> 33) as usize) % n.max(1)
    };
    for _ in 0..steps {
        let command = random_command(&game, &mut pick);
        let _ = game.play(command, &mut dice);
        if pick(10) == 0 {
            let _ = game.undo();
        }
        if pick(20) == 0 {
            let _ = game.redo();
        }
    }
    game
}

/// Fire in its activation, from one unit at another (by scenario key), with the faces
/// `faces` gives for each group of dice the gate asks for.
pub fn fire_with(
    game: &mut Game,
    attacker: &str,
    target: &str,
    mut faces: impl FnMut(&ambush_core::dice::DiceGroup) -> Vec<u8>,
) -> Outcome {
    let (a, t) = (unit_id(game, attacker), unit_id(game, target));
    let modifiers = ambush_core::rules::fire::FireModifiers::proposed(
        unit(game, a),
        unit(game, t),
        game.state().settings.interruption_penalty,
    );
    let command = Command::Fire {
        attacker: a,
        target: t,
        modifiers,
        context: ambush_core::game::FireContext::Activation,
    };
    let request = game.check(&command).unwrap_or_else(|e| panic!("{e}"));
    let faces: Vec<Vec<u8>> = request.groups.iter().map(&mut faces).collect();
    let slices: Vec<&[u8]> = faces.iter().map(Vec::as_slice).collect();
    play(game, command, &slices)
}

/// The id of the first pending step that matches; panics if there is none.
pub fn pending_id(game: &Game, matches: impl Fn(&ambush_core::game::PendingStep) -> bool) -> u32 {
    game.state()
        .pending
        .iter()
        .find(|p| matches(&p.step))
        .map(|p| p.id)
        .unwrap_or_else(|| panic!("expected pending step in {:?}", game.state().pending))
}

/// A copy of every entry of a game's record, oldest first.
pub fn entries(game: &Game) -> Vec<ambush_core::game::Entry> {
    game.entries()
        .map(ambush_core::game::EntryRef::to_entry)
        .collect()
}

/// A random game of the shipped scenario, and its journal bytes.
pub fn random_journal(seed: u64, steps: usize) -> (Game, Vec<u8>) {
    let (game, file) = builtin_game();
    let game = play_randomly(game, seed, steps);
    let bytes = journal_bytes(&game, file);
    (game, bytes)
}

/// The journal of a game begun from `file`: its header, then one line per entry.
pub fn journal_bytes(game: &Game, file: ambush_core::scenario::file::ScenarioFile) -> Vec<u8> {
    let mut bytes = serde_json::to_vec(&ambush_core::journal::Header::new(
        file,
        Settings::default(),
    ))
    .unwrap_or_default();
    bytes.push(b'\n');
    for entry in game.entries() {
        bytes.extend(serde_json::to_vec(&entry).unwrap_or_default());
        bytes.push(b'\n');
    }
    bytes
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

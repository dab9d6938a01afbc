//! A random player: commands picked from what the game allows now and from what it refuses,
//! and the games and journals it makes.

use ambush_core::dice::DiceSource;
use ambush_core::game::{Command, Game, Phase, Settings};
use ambush_core::rules::checks::ReactionModifiers;
use ambush_core::rules::fire::FireModifiers;
use ambush_core::unit::{Movement, Side, Unit, UnitId};

use super::{builtin_game, new_game};

/// Picks a random command that has a fair chance of being legal, for property tests.
pub fn random_command(game: &Game, pick: &mut impl FnMut(usize) -> usize) -> Command {
    let state = game.state();
    let units: Vec<&Unit> = state.units().filter(|u| u.in_play()).collect();
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
    if let Some(p) = state.pending_steps().first()
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
            | P::AmbushPlacement { .. }
            | P::ArrivalRoll { .. }
            | P::EventRoll { .. } => unreachable!("roll_command answers every roll"),
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
            pending: state.pending_steps().first().map_or(0, |p| p.id),
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
        22 | 23 => Command::DeclareInterrupt {
            insurgent: side_unit(Side::Insurgent, pick),
            regular: side_unit(Side::Regular, pick),
            kind: [
                ambush_core::game::ReactionKind::InterruptMovement,
                ambush_core::game::ReactionKind::InterruptFire,
            ][pick(2)],
        },
        5 | 21 => {
            let regular = side_unit(Side::Regular, pick);
            // Mostly as the state says; now and then a referee's correction, or a test that
            // contradicts the state (which the gate refuses under rules 6).
            let modifiers = match (pick(6), state.unit(regular)) {
                (0, _) => ReactionModifiers::default(),
                (1, _) => ReactionModifiers {
                    regular_alert: pick(2) == 0,
                    regular_rapid: pick(2) == 0,
                    correction: Some("the referee's call".to_owned()),
                    ..ReactionModifiers::default()
                },
                (_, Some(r)) => ReactionModifiers::proposed(r),
                _ => ReactionModifiers::default(),
            };
            Command::ReactionTest {
                insurgent: side_unit(Side::Insurgent, pick),
                regular,
                kind: [
                    ambush_core::game::ReactionKind::InterruptMovement,
                    ambush_core::game::ReactionKind::InterruptFire,
                    ambush_core::game::ReactionKind::Overwatch,
                ][pick(3)],
                modifiers,
            }
        }
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
            // Mostly as the state says; now and then a referee's correction, or a fire that
            // contradicts the state (which the gate refuses).
            let modifiers = match (pick(6), state.unit(attacker), state.unit(target)) {
                (0, _, _) => modifiers,
                (1, _, _) => FireModifiers {
                    attacker_rapid: pick(2) == 0,
                    interruption_dice: pick(3) as u8,
                    correction: Some("the referee's call".to_owned()),
                    ..modifiers
                },
                (_, Some(a), Some(t)) => {
                    modifiers.as_the_state_says(a, t, state.settings().interruption_penalty)
                }
                _ => modifiers,
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
        9 => match state.phase() {
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

/// A random game of the shipped scenario, and its journal bytes.
pub fn random_journal(seed: u64, steps: usize) -> (Game, Vec<u8>) {
    let (game, file) = builtin_game();
    let game = play_randomly(game, seed, steps);
    let bytes = journal_bytes(&game, file);
    (game, bytes)
}

/// A copy of every entry of a game's record, oldest first.
pub fn entries(game: &Game) -> Vec<ambush_core::game::Entry> {
    game.entries()
        .map(ambush_core::game::EntryRef::to_entry)
        .collect()
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

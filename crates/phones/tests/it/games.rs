//! Games to serve: built-in scenarios with hidden units, and a roll the desk waits for.

use std::sync::Arc;

use ambush_core::dice::DiceSource;
use ambush_core::game::{Command, Game, Seat, Settings};
use ambush_core::scenario::builtin;
use ambush_core::scenario::check::load_bytes;
use ambush_phones::WaitingRoll;

/// A new game of a built-in scenario.
pub fn game(text: &str, solo: bool) -> Game {
    let loaded = load_bytes(text.as_bytes()).unwrap_or_else(|e| panic!("{e}"));
    Game::new(
        Arc::new(loaded.scenario),
        Settings {
            solo,
            ..Settings::default()
        },
    )
}

/// Night Patrol, solo, its two hidden units under markers A and E.
pub fn night_patrol_hidden() -> Game {
    let mut game = game(builtin::NIGHT_PATROL, true);
    game.play(
        Command::PlaceContacts,
        &mut DiceSource::typed([vec![10, 1, 10, 10]]),
    )
    .unwrap_or_else(|e| panic!("{e}"));
    game
}

/// Contracting Trouble's solo variant played by two: Insurgents wait in ambush.
pub fn ambushes_for_two() -> Game {
    game(builtin::CONTRACTING_TROUBLE_SOLO, false)
}

/// Contracting Trouble, for two.
pub fn for_two() -> Game {
    game(builtin::CONTRACTING_TROUBLE, false)
}

/// A roll the desk waits for, numbered `number`: the first fire of the agenda with dice for
/// both the Regular and the Insurgent player, or failing that any item with the Regular
/// player's dice.
pub fn waiting_fire(game: &Game, number: u64) -> WaitingRoll {
    let agenda = game.state().agenda(game.scenario());
    let items: Vec<_> = agenda
        .unit_items()
        .chain(agenda.due.iter().flat_map(|d| d.choices.iter()))
        .collect();
    let both = items.iter().find(|item| {
        matches!(item.command, Command::Fire { .. })
            && item.dice.iter().any(|d| d.seat == Seat::Regular)
            && item.dice.iter().any(|d| d.seat == Seat::Insurgent)
    });
    let item = both
        .or_else(|| {
            items
                .iter()
                .find(|item| item.dice.iter().any(|d| d.seat == Seat::Regular))
        })
        .unwrap_or_else(|| panic!("nothing in the agenda asks for the Regular player's dice"));
    let request = game.check(&item.command).unwrap_or_else(|e| panic!("{e}"));
    WaitingRoll {
        number,
        command: item.command.clone(),
        received: vec![None; request.groups.len()],
        request,
    }
}

/// A Regular unit activates, so that it may fire.
pub fn activate_first(game: &mut Game) {
    let agenda = game.state().agenda(game.scenario());
    let command = agenda
        .unit_items()
        .find(|item| matches!(item.command, Command::Activate { .. }))
        .map(|item| item.command.clone())
        .unwrap_or_else(|| panic!("no unit can activate"));
    game.play(command, &mut DiceSource::seeded(1))
        .unwrap_or_else(|e| panic!("{e}"));
}

/// Roadblock at Dawn, for two, played on to the start of turn 5 with seeded dice and no unit
/// acting: the end of turn 4, its last event, holds the scenario's note for the referee.
pub fn roadblock_at_turn_5() -> Game {
    use ambush_core::game::{PendingStep, Phase};
    let mut game = game(builtin::ROADBLOCK_AT_DAWN, false);
    let mut dice = DiceSource::seeded(5);
    while game.state().turn() < 5 {
        let command = match game.state().pending_steps().first() {
            Some(p) => p.step.roll_command(p.id).unwrap_or(match p.step {
                PendingStep::HotSpotChoice { .. } => Command::PlaceArrival {
                    pending: p.id,
                    hot_spot: 1,
                },
                _ => Command::SkipPending { pending: p.id },
            }),
            None => match game.state().phase() {
                Phase::Reinforcements => Command::StartActivations,
                Phase::RegularActivations => Command::StartInsurgentPhase,
                _ => Command::EndTurn,
            },
        };
        game.play(command, &mut dice)
            .unwrap_or_else(|e| panic!("{e}"));
    }
    game
}

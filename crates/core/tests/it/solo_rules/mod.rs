//! The solo opponent keeps the rules: a leaderless unit tests before it acts, a unit is asked
//! about its own reach (support weapons double it), and nothing is offered or logged as done
//! that the gate refuses. Each rule with the booklet's line it follows.

mod gate;
mod holding;
mod overwatch;
mod quality_check;
mod questions;
mod reach;

use crate::common;

use std::sync::Arc;

use ambush_core::dice::DiceSource;
use ambush_core::game::{Command, Game, Settings};
use ambush_core::solo::plan::{self, Step};
use ambush_core::solo::{self, Distance, Order, UnitOrders, View};
use ambush_core::unit::UnitId;

use common::{contracting_trouble, unit};

fn solo_game() -> Game {
    solo_game_with(Settings::default())
}

fn solo_game_with(settings: Settings) -> Game {
    Game::new(
        Arc::new(contracting_trouble()),
        Settings {
            solo: true,
            ..settings
        },
    )
}

/// A view of a Regular unit seen at `distance`, as the panel builds it from the answer.
fn seen(game: &Game, insurgent: UnitId, regular: UnitId, distance: Distance) -> View {
    View::seen(unit(game, insurgent), regular, distance, false, false)
}

/// The orders of an Insurgent unit in the Insurgent phase that sees `regular` at `distance`.
fn seeing(game: &Game, insurgent: UnitId, regular: UnitId, distance: Distance) -> UnitOrders {
    let views = [(insurgent, vec![seen(game, insurgent, regular, distance)])];
    orders_of(&solo::orders(game, &views), insurgent)
}

/// The option of these orders that gives this order.
fn option(orders: &UnitOrders, order: &Order) -> solo::OrderFor {
    orders
        .choices
        .iter()
        .find(|c| c.action.order == *order)
        .map(|c| c.action.clone())
        .unwrap_or_else(|| panic!("no {order:?} among the options"))
}

fn orders_of(orders: &[UnitOrders], unit: UnitId) -> UnitOrders {
    orders
        .iter()
        .find(|o| o.unit == unit)
        .cloned()
        .unwrap_or_else(|| panic!("no orders for {unit}"))
}

/// The two d10 of a percentile roll (tens, then units; 0 and 0 is 100) that reads `roll`.
fn percentile(roll: u8) -> Vec<u8> {
    let face = |x: u8| if x == 0 { 10 } else { x };
    vec![face(roll / 10 % 10), face(roll % 10)]
}

/// The faces that make a decision take the option with these words, if the roll can take it
/// (an option may have no chance at all).
fn try_roll_for(decide: &Command, words: &str) -> Option<Vec<u8>> {
    let Command::SoloDecide { options, .. } = decide else {
        panic!("not a decision: {decide:?}");
    };
    let mut total = 0u8;
    for option in options {
        if option.words == words && option.percent > 0 {
            return Some(percentile(total + 1));
        }
        total += option.percent;
    }
    None
}

/// The faces that make a decision take the option with these words.
fn roll_for(decide: &Command, words: &str) -> Vec<u8> {
    try_roll_for(decide, words).unwrap_or_else(|| panic!("no chance of {words} in {decide:?}"))
}

/// Plays a plan as the app does: one command at a time from the front; a refusal fails the
/// test (the opponent never gives what the gate refuses). Dice: the faces `faces` gives for
/// each group. Returns the commands played.
fn run(
    game: &mut Game,
    mut steps: Vec<Step>,
    faces: &mut impl FnMut(&Command, &ambush_core::dice::DiceGroup) -> Vec<u8>,
) -> Vec<Command> {
    let mut played = Vec::new();
    while let Some(command) = plan::next_command(game, &mut steps) {
        let request = game.check(&command).unwrap_or_else(|e| {
            panic!("the opponent gave {command:?}, which the gate refuses: {e}")
        });
        let groups: Vec<Vec<u8>> = request.groups.iter().map(|g| faces(&command, g)).collect();
        let mut dice = DiceSource::typed(groups);
        game.play(command.clone(), &mut dice)
            .unwrap_or_else(|e| panic!("{command:?}: {e}"));
        played.push(command);
    }
    played
}

/// Every die on one face (at most its sides), a decision rolled by `decide`.
fn all(
    face: u8,
    decide: Vec<u8>,
) -> impl FnMut(&Command, &ambush_core::dice::DiceGroup) -> Vec<u8> {
    move |command, group| match command {
        Command::SoloDecide { .. } => decide.clone(),
        _ => vec![face.min(group.die.sides()); usize::from(group.count)],
    }
}

fn is_action(command: &Command, unit: UnitId) -> bool {
    matches!(command, Command::InsurgentAction { unit: u, .. } if *u == unit)
        || matches!(command, Command::Fire { attacker, .. } if *attacker == unit)
        || matches!(command, Command::JoinUnit { from, .. } if *from == unit)
}

fn notes(commands: &[Command]) -> Vec<String> {
    commands
        .iter()
        .filter_map(|c| match c {
            Command::SoloNote { text, .. } => Some(text.clone()),
            _ => None,
        })
        .collect()
}

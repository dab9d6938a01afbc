//! What the panel asks comes from the gate and the core: "moves or fires first?", the
//! automatic steps, and which Marines a unit is asked about in its own phase.

use ambush_core::game::Command;
use ambush_core::solo;
use ambush_core::solo::plan::{self, Step};
use ambush_core::unit::Movement;

use crate::common::{activate, play, shake, unit, unit_id};

use super::solo_game;

/// What the panel asks follows what the gate and the core decide, not rules of its own: the
/// question "moves or fires first?" only when an interruption breaks into something else either
/// way, and the automatic steps are the agenda's.
#[test]
fn the_panels_questions_and_automatic_steps_come_from_the_core() {
    let mut game = solo_game();
    let alpha = unit_id(&game, "alpha");
    let bravo = unit_id(&game, "bravo");
    activate(&mut game, alpha, Movement::Rapid);
    assert!(solo::asks_what_first(unit(&game, alpha)));
    activate(&mut game, bravo, Movement::Halted);
    assert!(!solo::asks_what_first(unit(&game, bravo)));
    play(&mut game, Command::StartInsurgentPhase, &[]);
    play(&mut game, Command::EndTurn, &[]);
    let agenda = game.state().agenda(game.scenario());
    let first = agenda.due[0].choices[0].command.clone();
    assert_eq!(
        plan::automatic_step(&game),
        Some(Step::always(first)),
        "the Insurgency roll, as the agenda lists it"
    );
}

/// In its own phase a unit is asked what it sees only of the Marines the gate would let it fire
/// at: none for a Shaken unit, none for a leader on his own.
#[test]
fn only_units_the_gate_lets_fire_are_asked_what_they_see_in_their_phase() {
    let mut game = solo_game();
    let ins1 = unit_id(&game, "insurgents-1");
    let leader = unit_id(&game, "leader-2a");
    play(&mut game, Command::StartInsurgentPhase, &[]);
    assert!(!solo::asked_in_phase(&game, ins1).is_empty());
    assert!(solo::asked_in_phase(&game, leader).is_empty());
    shake(&mut game, ins1);
    assert!(solo::asked_in_phase(&game, ins1).is_empty());
}

/// A Marine unit that moved Cautiously this turn is still a target: the unit is asked about it,
/// the question built with what the state knows of the shot (the Insurgents' −1 die for a
/// Cautious target), as the gate expects; and a leader may still join a unit to fire at it.
#[test]
fn marines_that_moved_cautiously_are_still_asked_about_in_the_insurgent_phase() {
    let mut game = solo_game();
    let (alpha, bravo) = (unit_id(&game, "alpha"), unit_id(&game, "bravo"));
    let ins1 = unit_id(&game, "insurgents-1");
    activate(&mut game, alpha, Movement::Cautious);
    activate(&mut game, bravo, Movement::Cautious);
    let corporal = unit_id(&game, "squad-leader");
    activate(&mut game, corporal, Movement::Cautious);
    play(&mut game, Command::StartInsurgentPhase, &[]);
    let asked = solo::asked_in_phase(&game, ins1);
    assert!(
        asked.contains(&alpha) && asked.contains(&bravo),
        "{asked:?}"
    );
    let leader = unit_id(&game, "leader-2a");
    let orders = solo::orders(&game, &[]);
    let his = orders
        .iter()
        .find(|o| o.unit == leader)
        .expect("his orders");
    assert!(
        his.choices.iter().any(|c| c.words.starts_with("join ")),
        "{:?}",
        his.choices.iter().map(|c| &c.words).collect::<Vec<_>>()
    );
}

/// After the Marines reacted first to an interruption, the Insurgent unit's fire waits for
/// the player: offered at a Marine unit that moved Cautiously too (its fire then loses a die).
#[test]
fn the_interrupting_units_fire_waits_after_the_reaction_at_a_cautious_unit_too() {
    let mut game = solo_game();
    let alpha = unit_id(&game, "alpha");
    let ins4 = unit_id(&game, "insurgents-4");
    activate(&mut game, alpha, Movement::Cautious);
    let test = crate::common::reaction(
        &game,
        ins4,
        alpha,
        ambush_core::game::ReactionKind::InterruptMovement,
    );
    // The Marines win the test (8 against 1): they react first.
    play(&mut game, test, &[&[1], &[8]]);
    assert_eq!(plan::waiting_to_fire(&game), vec![(ins4, alpha)]);
}

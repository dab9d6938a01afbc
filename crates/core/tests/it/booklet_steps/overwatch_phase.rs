//! Overwatch in the Insurgent phase (rules version 6): an Insurgent unit declares its action (its
//! speed) before it fires, and units on Overwatch may interrupt it from then on, with no
//! Reaction test; once a unit that stood Halted has fired, its action is over.

use ambush_core::game::{Command, FireContext, ReactionKind, RuleError};
use ambush_core::unit::Movement;

use crate::common::{fire, new_game, play, play_all, reaction, refused, unit_id};

use super::{old_game, overwatch, replays_as_played};

/// Line 141: a unit on Overwatch can break into whatever an Insurgent unit it sees is doing,
/// an interruption included. An interruption comes before what it interrupts: Overwatch may fire
/// once the Insurgent unit has declared its action, before its fire, and not after a Halted
/// unit's fire is over. Line 144's Reaction test is for Overwatch interrupting an interruption;
/// an Insurgent unit acting in its own phase is not racing anyone's interruption, and the unit
/// on Overwatch, waiting for it, fires first.
#[test]
fn l141_l144_overwatch_interrupts_an_insurgent_action_from_its_declaration_to_its_fire() {
    let mut game = new_game();
    let (alpha, bravo) = (unit_id(&game, "alpha"), unit_id(&game, "bravo"));
    let (ins4, ins5) = (
        unit_id(&game, "insurgents-4"),
        unit_id(&game, "insurgents-5"),
    );
    overwatch(&mut game, bravo);
    play(&mut game, Command::StartInsurgentPhase, &[]);
    let own = fire(ins4, alpha, FireContext::Activation);
    assert!(matches!(
        refused(&mut game, own.clone()),
        RuleError::ActionFirst(_)
    ));
    let offers_overwatch = |game: &ambush_core::game::Game, at| {
        game.state()
            .agenda(game.scenario())
            .of(bravo)
            .iter()
            .any(|i| matches!(i.command, Command::Fire { target, context: FireContext::Overwatch, .. } if target == at))
    };
    assert!(!offers_overwatch(&game, ins4));
    play(
        &mut game,
        Command::InsurgentAction {
            unit: ins4,
            movement: Movement::Halted,
        },
        &[],
    );
    // Declared: Overwatch may interrupt it now, with no Reaction test.
    assert!(offers_overwatch(&game, ins4));
    let test = reaction(&game, ins4, bravo, ReactionKind::Overwatch);
    assert!(matches!(
        refused(&mut game, test),
        RuleError::WrongPhase { .. }
    ));
    play_all(&mut game, own, 1);
    let late = refused(&mut game, fire(bravo, ins4, FireContext::Overwatch));
    assert!(matches!(late, RuleError::ActionOver { .. }), "{late}");
    assert!(!offers_overwatch(&game, ins4));
    // A unit on the move may still be interrupted after its fire: its move may not be over.
    play(
        &mut game,
        Command::InsurgentAction {
            unit: ins5,
            movement: Movement::Cautious,
        },
        &[&[6]],
    );
    play_all(&mut game, fire(ins5, alpha, FireContext::Activation), 1);
    crate::booklet_steps::morale(&mut game, ins5, 10);
    play_all(&mut game, fire(bravo, ins5, FireContext::Overwatch), 1);
}

/// A game of rules 5 let an Insurgent unit fire with no declaration, and Overwatch fire on it
/// after; it replays as it was played.
#[test]
fn under_rules_5_overwatch_after_a_halted_fire_replays_as_played() {
    let mut old = old_game(5);
    let (alpha, bravo) = (unit_id(&old, "alpha"), unit_id(&old, "bravo"));
    let ins4 = unit_id(&old, "insurgents-4");
    overwatch(&mut old, bravo);
    play(&mut old, Command::StartInsurgentPhase, &[]);
    play_all(&mut old, fire(ins4, alpha, FireContext::Activation), 1);
    play_all(&mut old, fire(bravo, ins4, FireContext::Overwatch), 1);
    replays_as_played(&old);
}

//! The order of an interruption and of the Insurgent phase, as the booklet sets it. Each test
//! names the booklet's line it follows and says in our own words what that line asks (the
//! project's reading is in docs/rules-interpretations.md), and checks that a game saved under the earlier rules still
//! replays as it was played.

use std::sync::Arc;

use crate::common;

use ambush_core::game::{
    Command, FireContext, Game, MoraleReason, PendingStep, ReactionKind, RuleError, Settings,
};
use ambush_core::unit::{Movement, UnitId};

use common::{
    activate, contracting_trouble, fire, overwatch, play, play_all, reaction, refused,
    replays_as_played, unit_id,
};

fn morale_due(game: &Game, unit: UnitId) -> Option<MoraleReason> {
    game.state()
        .pending_steps()
        .iter()
        .find_map(|p| match p.step {
            PendingStep::MoraleCheck { unit: u, reason } if u == unit => Some(reason),
            _ => None,
        })
}

/// Line 135: an Overwatch unit's fire at an interruption comes before the interrupted unit
/// takes its own Reaction test.
#[test]
fn l135_overwatch_answers_an_interruption_before_the_interrupted_units_reaction_test() {
    let mut game = common::new_game();
    let (alpha, bravo) = (unit_id(&game, "alpha"), unit_id(&game, "bravo"));
    let ins4 = unit_id(&game, "insurgents-4");
    overwatch(&mut game, bravo);
    activate(&mut game, alpha, Movement::Cautious);
    let declare = Command::DeclareInterrupt {
        insurgent: ins4,
        regular: alpha,
        kind: ReactionKind::InterruptMovement,
    };
    play(&mut game, declare, &[]);
    // Between the declaration and the test only Overwatch answers.
    assert!(matches!(
        refused(&mut game, fire(ins4, alpha, FireContext::Interrupt)),
        RuleError::ReactionTestFirst { .. }
    ));
    assert!(matches!(
        refused(&mut game, fire(alpha, ins4, FireContext::Reaction)),
        RuleError::ReactionTestFirst { .. }
    ));
    // Bravo on Overwatch wins its own test (1 against 8) and fires first.
    let answer = reaction(&game, ins4, bravo, ReactionKind::Overwatch);
    play(&mut game, answer, &[&[1], &[8]]);
    play_all(&mut game, fire(bravo, ins4, FireContext::Overwatch), 1);
    // The declared interruption's Reaction test must be the one declared…
    let other = reaction(&game, ins4, alpha, ReactionKind::InterruptFire);
    assert!(matches!(
        refused(&mut game, other),
        RuleError::NotAsDeclared(_)
    ));
    // …and it costs Alpha no second interruption.
    let test = reaction(&game, ins4, alpha, ReactionKind::InterruptMovement);
    play(&mut game, test, &[&[1], &[8]]);
    let alpha_now = common::unit(&game, alpha);
    assert_eq!(alpha_now.status.times_interrupted(), 1);
    play_all(&mut game, fire(alpha, ins4, FireContext::Reaction), 1);
}

/// Line 135 again: once the interrupted unit has taken its test, Overwatch is too late; a game
/// saved under rules version 2, which offered Overwatch after the test, replays unchanged.
#[test]
fn l135_overwatch_after_the_reaction_test_is_refused_but_old_games_keep_it() {
    let mut game = common::new_game();
    let (alpha, bravo) = (unit_id(&game, "alpha"), unit_id(&game, "bravo"));
    let ins4 = unit_id(&game, "insurgents-4");
    overwatch(&mut game, bravo);
    activate(&mut game, alpha, Movement::Cautious);
    let test = reaction(&game, ins4, alpha, ReactionKind::InterruptMovement);
    play(&mut game, test, &[&[1], &[8]]);
    let late = reaction(&game, ins4, bravo, ReactionKind::Overwatch);
    assert!(matches!(
        refused(&mut game, late.clone()),
        RuleError::OverwatchAfterTest { .. }
    ));

    let mut old = Game::under_rules(Arc::new(contracting_trouble()), Settings::default(), 2);
    overwatch(&mut old, bravo);
    activate(&mut old, alpha, Movement::Cautious);
    let test = reaction(&old, ins4, alpha, ReactionKind::InterruptMovement);
    play(&mut old, test, &[&[1], &[8]]);
    play(&mut old, late, &[&[1], &[8]]);
    replays_as_played(&old);
}

/// Line 115: once every Regular unit has activated, a Regular unit can still react to an
/// Insurgent unit that moves where it can see it or shoots at it.
#[test]
fn l115_insurgent_phase_reactions_answer_a_move_or_fire_at_the_unit_not_a_declaration() {
    let mut game = common::new_game();
    let (alpha, bravo) = (unit_id(&game, "alpha"), unit_id(&game, "bravo"));
    let (ins1, ins4) = (
        unit_id(&game, "insurgents-1"),
        unit_id(&game, "insurgents-4"),
    );
    play(&mut game, Command::StartInsurgentPhase, &[]);
    play(
        &mut game,
        Command::InsurgentAction {
            unit: ins4,
            movement: Movement::Halted,
        },
        &[],
    );
    // Standing still and not yet firing, it has done nothing to react to.
    assert!(matches!(
        refused(&mut game, fire(alpha, ins4, FireContext::Reaction)),
        RuleError::NothingToReactTo { .. }
    ));
    play_all(&mut game, fire(ins4, alpha, FireContext::Activation), 1);
    // Fired at, Alpha may react; Bravo, not fired at, may not.
    assert!(matches!(
        refused(&mut game, fire(bravo, ins4, FireContext::Reaction)),
        RuleError::NothingToReactTo { .. }
    ));
    play_all(&mut game, fire(alpha, ins4, FireContext::Reaction), 1);
    // A unit that moves may be answered by any Regular unit that sees it (the table's to say).
    // (With no leader, it passes its Quality check with a 6 first.)
    let act = Command::InsurgentAction {
        unit: ins1,
        movement: Movement::Cautious,
    };
    play_all(&mut game, act, 6);
    play_all(&mut game, fire(bravo, ins1, FireContext::Reaction), 1);
}

/// Line 132: a Regular unit that loses its Reaction test to Insurgent interrupt fire takes that
/// fire at once; its survivors then test Morale, and it shoots back only if that test leaves it
/// neither Pinned nor pulling back. Line 227 (a Morale check whenever a Regular unit loses a
/// figure) is the general case; line 132 adds this one.
#[test]
fn l132_regulars_that_lose_the_test_to_interrupt_fire_and_survive_check_morale_first() {
    let mut game = common::new_game();
    let alpha = unit_id(&game, "alpha");
    let ins4 = unit_id(&game, "insurgents-4");
    activate(&mut game, alpha, Movement::Halted);
    let test = reaction(&game, ins4, alpha, ReactionKind::InterruptFire);
    play(&mut game, test, &[&[8], &[1]]);
    // Every attack die a 1: no casualty, and still a Morale check.
    play_all(&mut game, fire(ins4, alpha, FireContext::Interrupt), 1);
    assert_eq!(
        morale_due(&game, alpha),
        Some(MoraleReason::SurvivedInterruptFire)
    );
    assert!(matches!(
        refused(&mut game, fire(alpha, ins4, FireContext::Reaction)),
        RuleError::OwnStepsDue { .. }
    ));
    play_all(
        &mut game,
        Command::MoraleCheck {
            unit: alpha,
            modifier: 0,
            defensible: false,
        },
        6,
    );
    play_all(&mut game, fire(alpha, ins4, FireContext::Reaction), 1);
}

/// Line 132 is for the unit that lost the test: one that won it and is fired on afterwards
/// checks Morale only for casualties (line 227), and games saved under rules version 2 had no
/// such check.
#[test]
fn l132_no_check_after_interrupt_fire_when_the_regulars_won_or_in_old_games() {
    let mut game = common::new_game();
    let alpha = unit_id(&game, "alpha");
    let ins4 = unit_id(&game, "insurgents-4");
    activate(&mut game, alpha, Movement::Halted);
    let test = reaction(&game, ins4, alpha, ReactionKind::InterruptFire);
    play(&mut game, test, &[&[1], &[8]]);
    play_all(&mut game, fire(alpha, ins4, FireContext::Reaction), 1);
    play_all(&mut game, fire(ins4, alpha, FireContext::Interrupt), 1);
    assert_eq!(morale_due(&game, alpha), None);

    let mut old = Game::under_rules(Arc::new(contracting_trouble()), Settings::default(), 2);
    activate(&mut old, alpha, Movement::Halted);
    let test = reaction(&old, ins4, alpha, ReactionKind::InterruptFire);
    play(&mut old, test, &[&[8], &[1]]);
    play_all(&mut old, fire(ins4, alpha, FireContext::Interrupt), 1);
    assert_eq!(morale_due(&old, alpha), None);
}

/// Line 144: an Overwatch unit that passes its Reaction test shoots ahead of the Insurgents; one
/// that fails it shoots after them.
#[test]
fn l144_an_overwatch_unit_that_fails_its_test_fires_after_the_insurgents() {
    let mut game = common::new_game();
    let (alpha, bravo) = (unit_id(&game, "alpha"), unit_id(&game, "bravo"));
    let ins4 = unit_id(&game, "insurgents-4");
    overwatch(&mut game, bravo);
    activate(&mut game, alpha, Movement::Cautious);
    let declare = Command::DeclareInterrupt {
        insurgent: ins4,
        regular: alpha,
        kind: ReactionKind::InterruptFire,
    };
    play(&mut game, declare, &[]);
    // Bravo loses its test (8 against 1): its fire waits for the Insurgents'.
    let answer = reaction(&game, ins4, bravo, ReactionKind::Overwatch);
    play(&mut game, answer, &[&[8], &[1]]);
    assert!(matches!(
        refused(&mut game, fire(bravo, ins4, FireContext::Overwatch)),
        RuleError::OverwatchFiresAfter { .. }
    ));
    let test = reaction(&game, ins4, alpha, ReactionKind::InterruptFire);
    play(&mut game, test, &[&[8], &[1]]);
    assert!(matches!(
        refused(&mut game, fire(bravo, ins4, FireContext::Overwatch)),
        RuleError::OverwatchFiresAfter { .. }
    ));
    play_all(&mut game, fire(ins4, alpha, FireContext::Interrupt), 1);
    // Alpha's Morale check after the interrupt fire it lost the test to comes first (l.132).
    common::morale(&mut game, alpha, 10);
    play_all(&mut game, fire(bravo, ins4, FireContext::Overwatch), 1);
}

/// Lines 125, 127 and 132: once an interruption is resolved, the interrupted unit may fire on
/// the interrupting unit and then finish its movement; none of the three lines gives it its own
/// fire as well. Under rules version 5 that fire is its fire for the activation; a game saved
/// under version 4, which let it fire twice (both shots at full dice), replays unchanged.
#[test]
fn l125_l132_a_unit_that_fires_back_has_fired_for_its_activation_and_old_games_keep_two_shots() {
    let mut game = common::new_game();
    let alpha = unit_id(&game, "alpha");
    let (ins1, ins4) = (
        unit_id(&game, "insurgents-1"),
        unit_id(&game, "insurgents-4"),
    );
    activate(&mut game, alpha, Movement::Cautious);
    // Alpha wins the test (8 against 1) and fires first at the interrupting unit (l.127).
    let test = reaction(&game, ins4, alpha, ReactionKind::InterruptMovement);
    play(&mut game, test, &[&[1], &[8]]);
    play_all(&mut game, fire(alpha, ins4, FireContext::Reaction), 1);
    assert!(matches!(
        refused(&mut game, fire(alpha, ins1, FireContext::Activation)),
        RuleError::FiredBack(_)
    ));
    // Its move is still its own to finish.
    assert!(game.state().movement_allowance(alpha).is_some());

    let mut old = Game::under_rules(Arc::new(contracting_trouble()), Settings::default(), 4);
    activate(&mut old, alpha, Movement::Cautious);
    let test = reaction(&old, ins4, alpha, ReactionKind::InterruptMovement);
    play(&mut old, test, &[&[1], &[8]]);
    play_all(&mut old, fire(alpha, ins4, FireContext::Reaction), 1);
    play_all(&mut old, fire(alpha, ins1, FireContext::Activation), 1);
    replays_as_played(&old);
    // Its story of the dice tells both shots, by the rules it was played by.
    let fires = ambush_core::story::tell(&old)
        .rolls
        .iter()
        .filter(|r| matches!(r.kind, ambush_core::story::RollKind::Fire { .. }))
        .count();
    assert_eq!(fires, 2);
}

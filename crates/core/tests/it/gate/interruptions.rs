//! Interruptions, reactions and Overwatch: who may answer whom, in which order, and once.

use crate::common;

use ambush_core::game::{Command, FireContext, QualityPurpose, ReactionKind, RuleError};
use ambush_core::unit::Movement;

use common::{
    activate, fire, new_game, pin, play, play_all, proposed_fire, reaction, refused, unit, unit_id,
};

#[test]
fn l87_l140_l143_a_unit_on_overwatch_holds_its_fire_for_overwatch_shots() {
    let mut game = new_game();
    let alpha = unit_id(&game, "alpha");
    let ins1 = unit_id(&game, "insurgents-1");
    let ins4 = unit_id(&game, "insurgents-4");
    play(
        &mut game,
        Command::Activate {
            unit: alpha,
            movement: Movement::Halted,
            overwatch: true,
        },
        &[],
    );
    let error = refused(&mut game, fire(alpha, ins4, FireContext::Activation));
    assert!(matches!(error, RuleError::OnOverwatch(_)), "{error}");
    play(&mut game, Command::StartInsurgentPhase, &[]);
    // Nothing to fire at until an Insurgent unit acts.
    assert!(matches!(
        refused(&mut game, fire(alpha, ins4, FireContext::Overwatch)),
        RuleError::NothingToReactTo { .. }
    ));
    // Each acts; one with no leader passes its Quality check (a 6) first.
    for insurgent in [ins4, ins1] {
        let act = Command::InsurgentAction {
            unit: insurgent,
            movement: Movement::Cautious,
        };
        play_all(&mut game, act, 6);
    }
    // The first Overwatch shot costs nothing; the next costs a die.
    let first = proposed_fire(&game, alpha, ins4, FireContext::Overwatch);
    let Command::Fire { modifiers, .. } = &first else {
        unreachable!()
    };
    assert_eq!(modifiers.interruption_dice, 0);
    play_all(&mut game, first, 1);
    assert!(matches!(
        refused(&mut game, fire(alpha, ins4, FireContext::Overwatch)),
        RuleError::AlreadyAnswered { .. }
    ));
    let second = proposed_fire(&game, alpha, ins1, FireContext::Overwatch);
    let Command::Fire { modifiers, .. } = &second else {
        unreachable!()
    };
    assert_eq!(modifiers.interruption_dice, 1);
}

#[test]
fn l115_l125_a_reaction_answers_an_interruption_once() {
    let mut game = new_game();
    let alpha = unit_id(&game, "alpha");
    let ins4 = unit_id(&game, "insurgents-4");
    activate(&mut game, alpha, Movement::Cautious);
    let error = refused(&mut game, fire(alpha, ins4, FireContext::Reaction));
    assert!(
        matches!(error, RuleError::NothingToReactTo { .. }),
        "{error}"
    );
    // Insurgents 4 interrupts and loses the Reaction test: Alpha reacts first, once.
    let test = reaction(&game, ins4, alpha, ReactionKind::InterruptMovement);
    play(&mut game, test, &[&[2], &[6]]);
    play_all(&mut game, fire(alpha, ins4, FireContext::Reaction), 1);
    assert!(matches!(
        refused(&mut game, fire(alpha, ins4, FireContext::Reaction)),
        RuleError::AlreadyAnswered { .. }
    ));
    // Then the Insurgents make their interruption fire.
    play_all(&mut game, fire(ins4, alpha, FireContext::Interrupt), 1);
}

#[test]
fn l125_when_the_insurgents_win_the_regulars_return_fire_only_after_the_interruption() {
    let mut game = new_game();
    let alpha = unit_id(&game, "alpha");
    let ins4 = unit_id(&game, "insurgents-4");
    activate(&mut game, alpha, Movement::Cautious);
    let test = reaction(&game, ins4, alpha, ReactionKind::InterruptMovement);
    play(&mut game, test, &[&[8], &[1]]);
    assert!(matches!(
        refused(&mut game, fire(alpha, ins4, FireContext::Reaction)),
        RuleError::InsurgentsActFirst { .. }
    ));
    assert!(matches!(
        refused(
            &mut game,
            Command::ReactMove {
                unit: alpha,
                insurgent: ins4
            }
        ),
        RuleError::NothingToReactTo { .. }
    ));
    play_all(&mut game, fire(ins4, alpha, FireContext::Interrupt), 1);
    // Having lost the test and come through the fire, Alpha checks Morale first (l.132).
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

#[test]
fn l115_after_every_regular_activated_regulars_react_to_insurgents_that_move_or_fire() {
    let mut game = new_game();
    let alpha = unit_id(&game, "alpha");
    let ins4 = unit_id(&game, "insurgents-4");
    play(&mut game, Command::StartInsurgentPhase, &[]);
    assert!(matches!(
        refused(&mut game, fire(alpha, ins4, FireContext::Reaction)),
        RuleError::NothingToReactTo { .. }
    ));
    play(
        &mut game,
        Command::InsurgentAction {
            unit: ins4,
            movement: Movement::Rapid,
        },
        &[],
    );
    play_all(&mut game, fire(alpha, ins4, FireContext::Reaction), 1);
    assert!(matches!(
        refused(&mut game, fire(alpha, ins4, FireContext::Reaction)),
        RuleError::AlreadyAnswered { .. }
    ));
}

#[test]
fn l125_l128_a_regular_that_wins_may_react_by_moving_into_cover() {
    let mut game = new_game();
    let alpha = unit_id(&game, "alpha");
    let ins4 = unit_id(&game, "insurgents-4");
    activate(&mut game, alpha, Movement::Halted);
    let test = reaction(&game, ins4, alpha, ReactionKind::InterruptFire);
    play(&mut game, test, &[&[2], &[6]]);
    let react = Command::ReactMove {
        unit: alpha,
        insurgent: ins4,
    };
    let outcome = play(&mut game, react.clone(), &[]);
    assert!(
        outcome.summary.contains("into cover"),
        "{}",
        outcome.summary
    );
    // A Halted unit that moves has moved: Cautious at most.
    assert_eq!(
        unit(&game, alpha).status.movement(),
        Some(Movement::Cautious)
    );
    assert!(matches!(
        refused(&mut game, react),
        RuleError::AlreadyAnswered { .. }
    ));
    // The interrupted unit then finishes its move or fires: its own fire is still its own.
    play_all(&mut game, fire(alpha, ins4, FireContext::Activation), 1);
}

#[test]
fn l35_l109_a_passed_interrupt_check_is_not_the_quality_check_for_its_own_action() {
    let mut game = new_game();
    let alpha = unit_id(&game, "alpha");
    let ins1 = unit_id(&game, "insurgents-1");
    activate(&mut game, alpha, Movement::Cautious);
    play(
        &mut game,
        Command::QualityCheck {
            unit: ins1,
            purpose: QualityPurpose::Interrupt,
        },
        &[&[6]],
    );
    // It passed but did not interrupt. In its own phase it tests again.
    play(&mut game, Command::StartInsurgentPhase, &[]);
    let act = Command::InsurgentAction {
        unit: ins1,
        movement: Movement::Cautious,
    };
    let request = game.check(&act).expect("allowed");
    assert_eq!(request.groups.len(), 1, "its own Quality check");
    assert!(matches!(
        refused(&mut game, fire(ins1, alpha, FireContext::Activation)),
        RuleError::LeaderCheckNeeded(_)
    ));
    play(&mut game, act, &[&[2]]);
    assert!(
        unit(&game, ins1).status.done_for_turn(),
        "it failed: no action"
    );
}

#[test]
fn l106_l114_l122_interrupt_fire_follows_a_reaction_test_at_the_unit_interrupted() {
    let mut game = new_game();
    let alpha = unit_id(&game, "alpha");
    let bravo = unit_id(&game, "bravo");
    let ins4 = unit_id(&game, "insurgents-4");
    activate(&mut game, alpha, Movement::Cautious);
    // No test: only a Pinned unit may be fired on.
    assert!(matches!(
        refused(&mut game, fire(ins4, alpha, FireContext::Interrupt)),
        RuleError::NotPinned { .. }
    ));
    // After a test, the shot is at the unit interrupted.
    let mut tested = game.clone();
    let test = reaction(&tested, ins4, alpha, ReactionKind::InterruptMovement);
    play(&mut tested, test, &[&[8], &[1]]);
    assert!(matches!(
        refused(&mut tested, fire(ins4, bravo, FireContext::Interrupt)),
        RuleError::WrongInterruptTarget { .. }
    ));
    play_all(&mut tested, fire(ins4, alpha, FireContext::Interrupt), 1);
    // A Pinned unit may be fired on with no test: the Insurgents sacrifice their interrupt.
    pin(&mut game, bravo);
    play_all(&mut game, fire(ins4, bravo, FireContext::Interrupt), 1);
    assert_eq!(unit(&game, ins4).status.interrupts_made(), 1);
    let test = reaction(&game, ins4, alpha, ReactionKind::InterruptMovement);
    assert!(matches!(
        refused(&mut game, test),
        RuleError::InterruptUsed(_)
    ));
}

#[test]
fn l137_an_insurgent_interrupting_by_movement_records_its_speed() {
    let mut game = new_game();
    let alpha = unit_id(&game, "alpha");
    let ins4 = unit_id(&game, "insurgents-4");
    activate(&mut game, alpha, Movement::Cautious);
    let test = reaction(&game, ins4, alpha, ReactionKind::InterruptMovement);
    play(&mut game, test, &[&[8], &[1]]);
    play(
        &mut game,
        Command::InterruptMove {
            unit: ins4,
            movement: Movement::Cautious,
        },
        &[],
    );
    assert_eq!(
        unit(&game, ins4).status.movement(),
        Some(Movement::Cautious)
    );
    // Its interruption is made: no fire on top of the move.
    assert!(matches!(
        refused(&mut game, fire(ins4, alpha, FireContext::Interrupt)),
        RuleError::InterruptionMade(_)
    ));
    // A shot at it gets the Cautious die...
    let Command::Fire { modifiers, .. } = proposed_fire(&game, alpha, ins4, FireContext::Reaction)
    else {
        unreachable!()
    };
    assert!(modifiers.target_cautious);
    // ...and it cannot claim In Cover next turn.
    play(&mut game, Command::StartInsurgentPhase, &[]);
    play(&mut game, Command::EndTurn, &[]);
    assert!(matches!(
        refused(&mut game, Command::DeclareInCover { unit: ins4 }),
        RuleError::NotEligibleForCover(_)
    ));
}

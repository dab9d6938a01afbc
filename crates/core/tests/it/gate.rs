//! The gate decides who may do what, and when, by the booklet. Each test names the lines of
//! `ambush-alley-basic-rules.txt` it follows.

use crate::common;

use ambush_core::game::{
    Command, EndReason, FireContext, Game, QualityPurpose, ReactionKind, RuleError,
};
use ambush_core::rules::checks::ReactionModifiers;
use ambush_core::tabletop::Edge;
use ambush_core::unit::{Movement, PullBack};

use common::{
    activate, fire, new_game, pin, play, play_all, proposed_fire, reaction, refused, unit, unit_id,
};

#[test]
fn l275_l305_contractors_are_escorted_off_by_marines_and_only_by_the_scenarios_edges() {
    let mut game = new_game();
    let contractors = unit_id(&game, "contractors");
    let bravo = unit_id(&game, "bravo");
    // The contractors never leave on their own.
    let error = refused(
        &mut game,
        Command::LeaveTable {
            unit: contractors,
            edge: Some(Edge::South),
        },
    );
    assert!(matches!(error, RuleError::NonCombatant(_)), "{error}");
    // A unit leaves by moving in its activation.
    let leave = |edge| Command::LeaveTable {
        unit: bravo,
        edge: Some(edge),
    };
    assert!(matches!(
        refused(&mut game, leave(Edge::South)),
        RuleError::MustBeMoving { .. }
    ));
    activate(&mut game, bravo, Movement::Rapid);
    play(
        &mut game,
        Command::JoinUnit {
            from: contractors,
            into: bravo,
        },
        &[],
    );
    // Off the north edge: no points, and the app says why.
    let mut north = game.clone();
    let outcome = play(&mut north, leave(Edge::North), &[]);
    assert_eq!(north.state().victory_points(north.scenario()), (0, 0));
    assert!(
        outcome.notes.iter().any(|n| n.contains("south or west")),
        "{:?}",
        outcome.notes
    );
    // Off the south edge: 5 points a contractor, and the app proposes the end of the game.
    play(&mut game, leave(Edge::South), &[]);
    assert_eq!(game.state().victory_points(game.scenario()), (10, 0));
    assert!(matches!(
        game.state().end_proposed,
        Some(EndReason::EveryoneEscorted { .. })
    ));
}

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
    for insurgent in [ins4, ins1] {
        if unit(&game, insurgent).needs_action_check() {
            play(
                &mut game,
                Command::InsurgentAction {
                    unit: insurgent,
                    movement: Movement::Cautious,
                },
                &[&[6]],
            );
        } else {
            play(
                &mut game,
                Command::InsurgentAction {
                    unit: insurgent,
                    movement: Movement::Cautious,
                },
                &[],
            );
        }
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
    assert_eq!(unit(&game, alpha).status.movement, Some(Movement::Cautious));
    assert!(matches!(
        refused(&mut game, react),
        RuleError::AlreadyAnswered { .. }
    ));
    // The interrupted unit then finishes its move or fires: its own fire is still its own.
    play_all(&mut game, fire(alpha, ins4, FireContext::Activation), 1);
}

#[test]
fn l39_a_leader_who_moves_to_join_leaves_the_unit_free_to_fire_later() {
    let mut game = new_game();
    let bravo = unit_id(&game, "bravo");
    let corporal = unit_id(&game, "squad-leader");
    let ins4 = unit_id(&game, "insurgents-4");
    // A leader joins by moving.
    let join = Command::JoinUnit {
        from: corporal,
        into: bravo,
    };
    assert!(matches!(
        refused(&mut game, join.clone()),
        RuleError::MustBeMoving { .. }
    ));
    activate(&mut game, corporal, Movement::Cautious);
    let outcome = play(&mut game, join, &[]);
    assert!(
        outcome.notes.iter().any(|n| n.contains("only fire")),
        "{:?}",
        outcome.notes
    );
    let b = unit(&game, bravo);
    assert!(b.status.fire_only && !b.status.done_for_turn && !b.status.activated);
    // Bravo may still activate, Halted, and fire; not move.
    assert!(matches!(
        refused(
            &mut game,
            Command::Activate {
                unit: bravo,
                movement: Movement::Cautious,
                overwatch: false
            }
        ),
        RuleError::MayNotMove { .. }
    ));
    activate(&mut game, bravo, Movement::Halted);
    play_all(&mut game, fire(bravo, ins4, FireContext::Activation), 1);
}

#[test]
fn l39_an_insurgent_leader_who_moves_to_join_lets_the_unit_fire_not_move() {
    let mut game = new_game();
    let ins1 = unit_id(&game, "insurgents-1");
    let alpha = unit_id(&game, "alpha");
    let leader = unit_id(&game, "leader-2a");
    play(&mut game, Command::StartInsurgentPhase, &[]);
    play(
        &mut game,
        Command::InsurgentAction {
            unit: leader,
            movement: Movement::Cautious,
        },
        &[],
    );
    play(
        &mut game,
        Command::JoinUnit {
            from: leader,
            into: ins1,
        },
        &[],
    );
    let i1 = unit(&game, ins1);
    assert!(i1.status.fire_only && !i1.status.done_for_turn);
    assert!(matches!(
        refused(
            &mut game,
            Command::InsurgentAction {
                unit: ins1,
                movement: Movement::Cautious
            }
        ),
        RuleError::MayNotMove { .. }
    ));
    play_all(&mut game, fire(ins1, alpha, FireContext::Activation), 1);
}

#[test]
fn l73_l123_l169_l250_a_unit_that_pulled_back_has_moved() {
    let mut game = new_game();
    let bravo = unit_id(&game, "bravo");
    // Pinned twice in a turn, Bravo pulls back without having moved.
    pin(&mut game, bravo);
    assert!(ReactionModifiers::proposed(unit(&game, bravo)).regular_alert);
    pin(&mut game, bravo);
    let b = unit(&game, bravo);
    assert_eq!(b.status.pull_back, PullBack::PullingBack);
    assert!(!b.stationary());
    // No stationary +1 now (l.123)...
    assert!(!ReactionModifiers::proposed(unit(&game, bravo)).regular_alert);
    // ...no Hot Spot neutralized this turn (l.73)...
    play(&mut game, Command::StartInsurgentPhase, &[]);
    assert!(matches!(
        refused(
            &mut game,
            Command::NeutralizeHotSpot {
                hot_spot: 1,
                unit: bravo
            }
        ),
        RuleError::NotStationary(_)
    ));
    // ...and no In Cover claimed next turn for having stood still (l.169).
    play(&mut game, Command::EndTurn, &[]);
    assert_ne!(
        unit(&game, bravo).status.last_movement,
        Some(Movement::Halted)
    );
    assert!(matches!(
        refused(&mut game, Command::DeclareInCover { unit: bravo }),
        RuleError::NotEligibleForCover(_)
    ));
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
        unit(&game, ins1).status.done_for_turn,
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
    assert_eq!(unit(&game, ins4).status.interrupts_made, 1);
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
    assert_eq!(unit(&game, ins4).status.movement, Some(Movement::Cautious));
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

#[test]
fn the_movement_allowance_loses_an_inch_per_interruption_and_grows_at_28mm() {
    let mut game = new_game();
    let alpha = unit_id(&game, "alpha");
    let ins4 = unit_id(&game, "insurgents-4");
    activate(&mut game, alpha, Movement::Cautious);
    let allowance = game.state().movement_allowance(alpha).expect("moving");
    assert_eq!(allowance.inches, 6.0);
    let test = reaction(&game, ins4, alpha, ReactionKind::InterruptMovement);
    let outcome = play(&mut game, test, &[&[2], &[6]]);
    let allowance = game.state().movement_allowance(alpha).expect("moving");
    assert_eq!((allowance.inches, allowance.interruptions), (5.0, 1));
    assert!(
        outcome.notes.iter().any(|n| n.contains("up to 5\"")),
        "{:?}",
        outcome.notes
    );
    // At 28mm every distance is half as long again.
    let settings = ambush_core::game::Settings {
        scale: ambush_core::scenario::Scale::Mm28,
        ..Default::default()
    };
    let mut big = Game::new(game.scenario().clone(), settings);
    activate(&mut big, alpha, Movement::Rapid);
    assert_eq!(
        big.state().movement_allowance(alpha).map(|a| a.inches),
        Some(18.0)
    );
    assert_eq!(game.state().movement_allowance(ins4), None, "not moving");
}

#[test]
fn the_last_turn_ends_the_game_when_the_referee_confirms_or_play_goes_on() {
    let mut scenario = common::contracting_trouble();
    scenario.turn_limit = Some(1);
    let mut game = Game::new(std::sync::Arc::new(scenario), Default::default());
    assert!(matches!(
        refused(&mut game, Command::PlayOn),
        RuleError::NoEndProposed
    ));
    play(&mut game, Command::StartInsurgentPhase, &[]);
    play(&mut game, Command::EndTurn, &[]);
    assert!(
        game.state()
            .headline()
            .contains("turn 1, the scenario's last")
    );
    let outcome = play(&mut game, Command::PlayOn, &[]);
    assert!(
        outcome.summary.starts_with("Play goes on"),
        "{}",
        outcome.summary
    );
    assert_eq!(game.state().end_proposed, None);
    // Playing on, turn 2 starts with its Insurgency roll; the end is not proposed again.
    play(&mut game, Command::InsurgencyRoll, &[]);
    let table = game.state().pending[0].id;
    play(&mut game, Command::SkipPending { pending: table }, &[]);
    play(&mut game, Command::StartActivations, &[]);
    play(&mut game, Command::StartInsurgentPhase, &[]);
    play(&mut game, Command::EndTurn, &[]);
    assert_eq!(game.state().end_proposed, None);
}

#[test]
fn every_bound_is_kept_by_edits_victory_points_and_turns() {
    use ambush_core::game::command::{NewFigure, UnitChanges};
    let mut game = new_game();
    let alpha = unit_id(&game, "alpha");
    let too_much = |changes| Command::EditUnit {
        unit: alpha,
        changes,
    };
    for changes in [
        UnitChanges {
            armor: Some(255),
            ..Default::default()
        },
        UnitChanges {
            optimum_range: Some(u32::MAX),
            ..Default::default()
        },
        UnitChanges {
            name: Some("   ".to_owned()),
            ..Default::default()
        },
    ] {
        assert!(matches!(
            refused(&mut game, too_much(changes)),
            RuleError::Limit(_)
        ));
    }
    // Figures: a unit holds at most 50.
    let figure = NewFigure {
        name: "Rifleman".to_owned(),
        weapon: ambush_core::unit::Weapon::Rifle,
        tq: None,
    };
    let mut added = 0;
    while game
        .check(&Command::AddFigure {
            unit: alpha,
            figure: figure.clone(),
        })
        .is_ok()
    {
        play(
            &mut game,
            Command::AddFigure {
                unit: alpha,
                figure: figure.clone(),
            },
            &[],
        );
        added += 1;
    }
    assert_eq!(unit(&game, alpha).figures.len(), 50);
    assert_eq!(added, 46);
    // Victory counts stay between 0 and 1000: no overflow into negative points.
    let award = |delta| Command::AwardVictory {
        item: "marine-killed".to_owned(),
        delta,
    };
    assert!(matches!(
        refused(&mut game, award(i32::MAX)),
        RuleError::Limit(_)
    ));
    assert!(matches!(refused(&mut game, award(-1)), RuleError::Limit(_)));
    // Turns: 1 to 999, and the turn after 999 never comes.
    let set_turn = |turn| Command::SetTurn {
        turn,
        phase: ambush_core::game::Phase::InsurgentActions,
    };
    assert!(matches!(
        refused(&mut game, set_turn(u32::MAX)),
        RuleError::Limit(_)
    ));
    play(&mut game, set_turn(999), &[]);
    assert!(matches!(
        refused(&mut game, Command::EndTurn),
        RuleError::Limit(_)
    ));
}

#[test]
fn the_words_of_the_game_say_what_happened_once_and_plainly() {
    let mut game = new_game();
    let alpha = unit_id(&game, "alpha");
    let leader = unit_id(&game, "leader-2b");
    // A leader on his own hit: he is taken off, not "Leader 2B loses Leader 2B".
    activate(&mut game, alpha, Movement::Halted);
    play_all(&mut game, fire(alpha, leader, FireContext::Activation), 8);
    let pending = game.state().pending[0].id;
    let figures = unit(&game, leader).casualty_proposal(1);
    let outcome = play(
        &mut game,
        Command::RemoveCasualties { pending, figures },
        &[],
    );
    assert_eq!(outcome.summary, "Leader 2B is hit and taken off the table");
    // In the middle of the game the report gives the score so far, not a winner.
    play(
        &mut game,
        Command::AwardVictory {
            item: "marine-killed".to_owned(),
            delta: 1,
        },
        &[],
    );
    let report = ambush_core::report::markdown(&game);
    assert!(
        report.contains("Victory points so far: Regulars 0, Insurgents 2"),
        "{report}"
    );
    assert!(!report.contains("win"), "{report}");
}

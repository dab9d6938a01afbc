//! Moving: leaving by the scenario's edges, a leader joining by moving, a pull back that counts
//! as moving, and the movement allowance.

use crate::common;

use ambush_core::game::{Command, EndReason, FireContext, Game, ReactionKind, RuleError};
use ambush_core::rules::checks::ReactionModifiers;
use ambush_core::tabletop::Edge;
use ambush_core::unit::{Movement, PullBack};

use common::{activate, fire, new_game, pin, play, play_all, reaction, refused, unit, unit_id};

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
        game.state().end_proposed(),
        Some(EndReason::EveryoneEscorted { .. })
    ));
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
    assert!(b.status.fire_only() && !b.status.done_for_turn() && !b.status.activated());
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
    assert!(i1.status.fire_only() && !i1.status.done_for_turn());
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
    // It declares it stands (rules 6: its declaration comes before its fire), then fires.
    play(
        &mut game,
        Command::InsurgentAction {
            unit: ins1,
            movement: Movement::Halted,
        },
        &[],
    );
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
    assert_eq!(b.status.pull_back(), PullBack::PullingBack);
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
        unit(&game, bravo).status.last_movement(),
        Some(Movement::Halted)
    );
    assert!(matches!(
        refused(&mut game, Command::DeclareInCover { unit: bravo }),
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

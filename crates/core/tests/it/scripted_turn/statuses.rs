//! What befalls units: pinned twice and pulling back, an Insurgent unit breaking, fire once a
//! turn, a leader's statuses when he detaches, In Cover ending with the turn.

use crate::common;

use ambush_core::dice::DiceSource;
use ambush_core::game::{Command, FireContext, PendingStep, ReactionKind, RuleError};
use ambush_core::rules::checks::ReactionModifiers;
use ambush_core::rules::fire::FireModifiers;
use ambush_core::unit::{Movement, Presence, PullBack};

use common::{activate, as_known, new_game, pending_id, pin, play, refused, shake, unit, unit_id};

#[test]
fn pinned_twice_pulls_back_then_regroups() {
    let mut game = new_game();
    let alpha = unit_id(&game, "alpha");
    play(
        &mut game,
        Command::MoraleCheck {
            unit: alpha,
            modifier: 0,
            defensible: false,
        },
        &[&[1, 2, 8, 9]],
    );
    assert!(unit(&game, alpha).status.pinned());
    // In a defensible position a second Pinned holds.
    let mut copy = game.clone();
    play(
        &mut copy,
        Command::MoraleCheck {
            unit: alpha,
            modifier: 0,
            defensible: true,
        },
        &[&[1, 2, 3, 9]],
    );
    assert_eq!(unit(&copy, alpha).status.pull_back(), PullBack::None);
    play(
        &mut game,
        Command::MoraleCheck {
            unit: alpha,
            modifier: 0,
            defensible: false,
        },
        &[&[1, 2, 3, 9]],
    );
    assert_eq!(unit(&game, alpha).status.pull_back(), PullBack::PullingBack);
    play(&mut game, Command::StartInsurgentPhase, &[]);
    play(&mut game, Command::EndTurn, &[]);
    assert_eq!(unit(&game, alpha).status.pull_back(), PullBack::Regrouping);
    play(&mut game, Command::InsurgencyRoll, &[]);
    let table = pending_id(&game, |s| *s == PendingStep::TableRoll);
    play(&mut game, Command::SkipPending { pending: table }, &[]);
    play(&mut game, Command::StartActivations, &[]);
    assert!(
        game.play(
            Command::Activate {
                unit: alpha,
                movement: Movement::Cautious,
                overwatch: false
            },
            &mut DiceSource::seeded(1)
        )
        .is_err(),
        "regrouping units may not move"
    );
    play(
        &mut game,
        Command::Activate {
            unit: alpha,
            movement: Movement::Halted,
            overwatch: true,
        },
        &[],
    );
    play(&mut game, Command::StartInsurgentPhase, &[]);
    play(&mut game, Command::EndTurn, &[]);
    assert_eq!(unit(&game, alpha).status.pull_back(), PullBack::None);
}

#[test]
fn a_shaken_insurgent_unit_below_d6_breaks() {
    let mut game = new_game();
    let ins1 = unit_id(&game, "insurgents-1");
    let changes = ambush_core::game::command::UnitChanges {
        morale: Some(ambush_core::dice::Die::D6),
        ..Default::default()
    };
    play(
        &mut game,
        Command::EditUnit {
            unit: ins1,
            changes,
        },
        &[],
    );
    let outcome = play(
        &mut game,
        Command::MoraleCheck {
            unit: ins1,
            modifier: 0,
            defensible: false,
        },
        &[&[1, 2, 3, 4, 5, 6]],
    );
    assert!(outcome.summary.contains("breaks"), "{}", outcome.summary);
    assert_eq!(
        unit(&game, ins1).presence,
        Presence::Eliminated {
            cause: ambush_core::unit::Elimination::Broken
        }
    );
    // A +1 modifier turns the 3 into a success: 4 successes against 2 failures, Stand; the 1 still Shrinks.
    game.undo().expect("undo");
    let outcome = play(
        &mut game,
        Command::MoraleCheck {
            unit: ins1,
            modifier: 1,
            defensible: false,
        },
        &[&[1, 2, 3, 4, 5, 6]],
    );
    assert!(
        outcome.summary.contains("Stand") && outcome.summary.contains("Shrink"),
        "{}",
        outcome.summary
    );
    assert_eq!(unit(&game, ins1).figures.len(), 5);
}

#[test]
fn units_fire_once_and_a_reacting_friend_is_spent() {
    let mut game = new_game();
    let alpha = unit_id(&game, "alpha");
    let bravo = unit_id(&game, "bravo");
    let ins1 = unit_id(&game, "insurgents-1");
    let ins4 = unit_id(&game, "insurgents-4");
    let fire = |attacker, target, context| Command::Fire {
        attacker,
        target,
        modifiers: FireModifiers::default(),
        context,
    };
    // Alpha fires, then moves.
    activate(&mut game, alpha, Movement::Cautious);
    let first = as_known(&game, fire(alpha, ins4, FireContext::Activation));
    play(&mut game, first, &[&[1, 1, 1, 1, 1, 1], &[1], &[1]]);
    assert!(
        game.play(
            fire(alpha, ins4, FireContext::Activation),
            &mut DiceSource::seeded(1)
        )
        .is_err(),
        "once per activation"
    );
    // Its fire is over: nothing of it is left to interrupt (rules 6)…
    let modifiers = ReactionModifiers::proposed(unit(&game, alpha));
    let interrupt = |kind| Command::ReactionTest {
        insurgent: ins4,
        regular: alpha,
        kind,
        modifiers: modifiers.clone(),
    };
    assert!(matches!(
        refused(&mut game, interrupt(ReactionKind::InterruptFire)),
        RuleError::FireResolved { .. }
    ));
    // …but its move is: Insurgents 4 interrupts it, uses its interrupt, and the target counts
    // one interruption.
    play(
        &mut game,
        interrupt(ReactionKind::InterruptMovement),
        &[&[6], &[1]],
    );
    let interrupt_fire = as_known(&game, fire(ins4, alpha, FireContext::Interrupt));
    play(
        &mut game,
        interrupt_fire,
        &[&[1], &[1, 1], &[1, 1, 1, 1, 1, 1]],
    );
    assert_eq!(unit(&game, ins4).status.interrupts_made(), 1);
    assert_eq!(unit(&game, alpha).status.times_interrupted(), 1);
    assert!(
        game.play(
            fire(ins4, bravo, FireContext::Interrupt),
            &mut DiceSource::seeded(1)
        )
        .is_err(),
        "one interrupt, one shot"
    );
    // Alpha checks Morale after the interrupt fire it lost the test to (l.132): Pinned.
    pin(&mut game, alpha);
    // Bravo, not yet activated, reacts: that spends its activation.
    play(
        &mut game,
        fire(bravo, ins4, FireContext::Reaction),
        &[&[1, 1, 1, 1, 1, 1], &[1], &[1]],
    );
    assert!(unit(&game, bravo).status.activated() && unit(&game, bravo).status.done_for_turn());
    assert!(
        game.play(
            Command::Activate {
                unit: bravo,
                movement: Movement::Halted,
                overwatch: false
            },
            &mut DiceSource::seeded(1)
        )
        .is_err()
    );
    // Once another unit activates, Alpha's activation is over: no more Alpha fire, and nothing
    // to react to.
    let corporal = unit_id(&game, "squad-leader");
    activate(&mut game, corporal, Movement::Halted);
    assert!(matches!(
        game.play(
            fire(alpha, ins1, FireContext::Activation),
            &mut DiceSource::seeded(1)
        ),
        Err(ambush_core::game::PlayError::Rule(
            ambush_core::game::RuleError::ActivationOver(_)
        ))
    ));
    assert!(matches!(
        game.play(
            fire(alpha, ins4, FireContext::Reaction),
            &mut DiceSource::seeded(1)
        ),
        Err(ambush_core::game::PlayError::Rule(
            ambush_core::game::RuleError::NothingToReactTo { .. }
        ))
    ));
}

#[test]
fn a_leader_keeps_his_units_statuses_when_he_detaches() {
    let mut game = new_game();
    let ins4 = unit_id(&game, "insurgents-4");
    shake(&mut game, ins4);
    let leader = unit(&game, ins4)
        .figures
        .iter()
        .find(|f| f.is_leader())
        .map(|f| f.id)
        .expect("a leader");
    let outcome = play(
        &mut game,
        Command::DetachLeader {
            unit: ins4,
            figure: leader,
        },
        &[],
    );
    let detached = game
        .state()
        .units()
        .last()
        .map(|u| u.id)
        .expect("a new unit");
    assert!(unit(&game, detached).is_shaken(1), "{}", outcome.summary);
}

#[test]
fn in_cover_claimed_while_pinned_ends_with_the_turn_if_the_unit_moved() {
    let mut game = new_game();
    let alpha = unit_id(&game, "alpha");
    activate(&mut game, alpha, Movement::Cautious);
    play(
        &mut game,
        Command::MoraleCheck {
            unit: alpha,
            modifier: 0,
            defensible: false,
        },
        &[&[1, 1, 1, 1]],
    );
    play(&mut game, Command::DeclareInCover { unit: alpha }, &[]);
    assert!(unit(&game, alpha).status.in_cover());
    play(&mut game, Command::StartInsurgentPhase, &[]);
    play(&mut game, Command::EndTurn, &[]);
    assert!(!unit(&game, alpha).status.in_cover());
}

//! The steps of a fire come first (rules version 6): the casualties it made are taken off or
//! rolled for, and the Morale check it called for is taken, before any unit acts again (the
//! units it touched, and any other) and before another Regular unit activates. One test for
//! each kind of fire, each with the steps due it waits for.

use ambush_core::game::{Command, FireContext, QualityPurpose, ReactionKind, RuleError};
use ambush_core::unit::Movement;

use crate::common::{activate, fire, new_game, pin, play, play_all, reaction, refused, unit_id};

use super::{
    due, first_aid, hits, morale, old_game, overwatch, remove_casualties, replays_as_played,
};

fn interrupt_check(game: &mut ambush_core::game::Game, unit: ambush_core::unit::UnitId) {
    play(
        game,
        Command::QualityCheck {
            unit,
            purpose: QualityPurpose::Interrupt,
        },
        &[&[6]],
    );
}

/// Interrupt fire. Line 206: Insurgent casualties come off at once. Line 127: after the Regular
/// fire, the Insurgents test Morale if they must, and only the survivors neither Pinned nor
/// Fleeing go on to shoot their interruption. And line 109: without a leader, its Interrupt check comes before all of it.
#[test]
fn l206_l127_l109_interrupt_fire_waits_for_its_check_its_casualties_and_its_morale() {
    let mut game = new_game();
    let (alpha, bravo) = (unit_id(&game, "alpha"), unit_id(&game, "bravo"));
    let ins1 = unit_id(&game, "insurgents-1");
    activate(&mut game, alpha, Movement::Cautious);
    let test = reaction(&game, ins1, alpha, ReactionKind::InterruptMovement);
    assert!(matches!(
        refused(&mut game, test.clone()),
        RuleError::LeaderCheckNeeded(_)
    ));
    interrupt_check(&mut game, ins1);
    // The Marines win the test (1 against 8) and fire first: two gunmen fall.
    play(&mut game, test, &[&[1], &[8]]);
    hits(&mut game, fire(alpha, ins1, FireContext::Reaction), 2);
    let early = refused(&mut game, fire(ins1, alpha, FireContext::Interrupt));
    assert!(matches!(early, RuleError::OwnStepsDue { .. }), "{early}");
    assert!(
        due(&early).contains("Insurgents 1: remove 2 casualties"),
        "{early}"
    );
    // Nor may another Regular unit activate while they are due.
    let next = Command::Activate {
        unit: bravo,
        movement: Movement::Halted,
        overwatch: false,
    };
    assert!(matches!(
        refused(&mut game, next.clone()),
        RuleError::ActivationWaits { .. }
    ));
    // The agenda lists the step due, and nothing that must wait for it.
    let agenda = game.state().agenda(game.scenario());
    assert!(agenda.due[0].words.contains("remove 2 casualties"));
    assert!(
        agenda.unit_items().all(
            |i| !matches!(i.command, Command::Fire { attacker, .. } if attacker == ins1)
                && !matches!(i.command, Command::Activate { .. })
        ),
        "{:?}",
        agenda.units
    );
    remove_casualties(&mut game, ins1);
    let before_morale = refused(&mut game, fire(ins1, alpha, FireContext::Interrupt));
    assert!(
        due(&before_morale).contains("Morale check for Insurgents 1"),
        "{before_morale}"
    );
    morale(&mut game, ins1, 10);
    play_all(&mut game, fire(ins1, alpha, FireContext::Interrupt), 1);
    play(&mut game, next, &[]);
}

/// Reaction fire (the interrupted unit's). Line 206: the Regulars roll First Aid for each
/// casualty as it happens. Line 132: the survivors test Morale, and the unit shoots back only
/// if that test leaves it neither Pinned nor pulling back.
#[test]
fn l206_l132_return_fire_waits_for_first_aid_then_the_morale_check() {
    let mut game = new_game();
    let alpha = unit_id(&game, "alpha");
    let ins4 = unit_id(&game, "insurgents-4");
    activate(&mut game, alpha, Movement::Halted);
    let test = reaction(&game, ins4, alpha, ReactionKind::InterruptFire);
    play(&mut game, test, &[&[8], &[1]]);
    hits(&mut game, fire(ins4, alpha, FireContext::Interrupt), 2);
    let back = fire(alpha, ins4, FireContext::Reaction);
    let early = refused(&mut game, back.clone());
    assert!(
        due(&early).contains("Fireteam Alpha: roll First Aid for 2 casualties"),
        "{early}"
    );
    first_aid(&mut game, alpha, &[1, 2]);
    let before_morale = refused(&mut game, back.clone());
    assert!(
        due(&before_morale).contains("Morale check for Fireteam Alpha"),
        "{before_morale}"
    );
    morale(&mut game, alpha, 10);
    play_all(&mut game, back, 1);
}

/// A friend's reaction. Line 116: a Regular unit not yet activated that can see a friendly unit
/// being interrupted may react too. Line 206: the friend's own casualties are rolled for as
/// they are taken, before it reacts, and before anybody else acts. (Line 106: the Insurgents
/// can give up an interruption to shoot at a Disrupted or Pinned Regular unit instead: that is
/// how it was hit, by the time the friend's reaction comes.)
#[test]
fn l116_l206_a_friend_reacts_only_once_its_own_first_aid_and_morale_are_settled() {
    let mut game = new_game();
    let (alpha, bravo) = (unit_id(&game, "alpha"), unit_id(&game, "bravo"));
    let (ins1, ins4) = (
        unit_id(&game, "insurgents-1"),
        unit_id(&game, "insurgents-4"),
    );
    pin(&mut game, bravo);
    activate(&mut game, alpha, Movement::Cautious);
    interrupt_check(&mut game, ins1);
    let test = reaction(&game, ins1, alpha, ReactionKind::InterruptMovement);
    play(&mut game, test, &[&[1], &[8]]);
    hits(&mut game, fire(ins4, bravo, FireContext::Interrupt), 1);
    // Nobody else acts meanwhile: not Alpha either.
    let alpha_first = refused(&mut game, fire(alpha, ins1, FireContext::Reaction));
    assert!(
        matches!(alpha_first, RuleError::FireStepsFirst { .. }),
        "{alpha_first}"
    );
    let friend = fire(bravo, ins1, FireContext::Reaction);
    let early = refused(&mut game, friend.clone());
    assert!(
        due(&early).contains("Fireteam Bravo: roll First Aid for 1 casualty"),
        "{early}"
    );
    first_aid(&mut game, bravo, &[1]);
    assert!(matches!(
        refused(&mut game, friend.clone()),
        RuleError::OwnStepsDue { .. }
    ));
    morale(&mut game, bravo, 10);
    play_all(&mut game, friend, 1);
}

/// Overwatch fire in an interruption. Line 144: an Overwatch unit that passes its Reaction test
/// shoots ahead of the Insurgents. Line 206: the casualties of the first Overwatch shot come
/// off before a second is aimed at the same unit, and before that unit takes its own test.
#[test]
fn l144_l206_a_second_overwatch_shot_waits_for_the_casualties_of_the_first() {
    let mut game = new_game();
    let (alpha, bravo) = (unit_id(&game, "alpha"), unit_id(&game, "bravo"));
    let corporal = unit_id(&game, "squad-leader");
    let ins1 = unit_id(&game, "insurgents-1");
    overwatch(&mut game, bravo);
    overwatch(&mut game, corporal);
    activate(&mut game, alpha, Movement::Cautious);
    interrupt_check(&mut game, ins1);
    play(
        &mut game,
        Command::DeclareInterrupt {
            insurgent: ins1,
            regular: alpha,
            kind: ReactionKind::InterruptMovement,
        },
        &[],
    );
    for unit in [bravo, corporal] {
        let test = reaction(&game, ins1, unit, ReactionKind::Overwatch);
        play(&mut game, test, &[&[1], &[8]]);
    }
    hits(&mut game, fire(bravo, ins1, FireContext::Overwatch), 2);
    let second = fire(corporal, ins1, FireContext::Overwatch);
    let early = refused(&mut game, second.clone());
    assert!(matches!(early, RuleError::TargetStepsDue { .. }), "{early}");
    assert!(due(&early).contains("remove 2 casualties"), "{early}");
    // Its own Reaction test waits too: who leads it may be among the fallen.
    let own_test = reaction(&game, ins1, alpha, ReactionKind::InterruptMovement);
    assert!(matches!(
        refused(&mut game, own_test.clone()),
        RuleError::OwnStepsDue { .. }
    ));
    remove_casualties(&mut game, ins1);
    morale(&mut game, ins1, 10);
    play_all(&mut game, second, 1);
    // Fired on again without a leader: another Morale check (l.222) before its test.
    morale(&mut game, ins1, 10);
    play(&mut game, own_test, &[&[1], &[8]]);
}

/// Overwatch fire and reactions in the Insurgent phase. Line 115: once every Regular unit has
/// activated, a Regular unit can still react to an Insurgent unit that moves where it can see
/// it or shoots at it; line 206: once the First Aid of the fire they took is rolled.
#[test]
fn l115_l206_in_the_insurgent_phase_the_unit_fired_on_answers_after_its_first_aid() {
    let mut game = new_game();
    let bravo = unit_id(&game, "bravo");
    let ins4 = unit_id(&game, "insurgents-4");
    overwatch(&mut game, bravo);
    play(&mut game, Command::StartInsurgentPhase, &[]);
    play(
        &mut game,
        Command::InsurgentAction {
            unit: ins4,
            movement: Movement::Cautious,
        },
        &[],
    );
    hits(&mut game, fire(ins4, bravo, FireContext::Activation), 1);
    for context in [FireContext::Overwatch, FireContext::Reaction] {
        let early = refused(&mut game, fire(bravo, ins4, context));
        assert!(
            due(&early).contains("Fireteam Bravo: roll First Aid for 1 casualty"),
            "{early}"
        );
    }
    first_aid(&mut game, bravo, &[2]);
    morale(&mut game, bravo, 10);
    play_all(&mut game, fire(bravo, ins4, FireContext::Overwatch), 1);
}

/// Insurgent-phase fire. Line 35: an Insurgent unit with no Leader must pass a Quality check
/// before it does anything. Line 141: a unit on Overwatch can break into whatever an Insurgent
/// unit it sees is doing; line 206: the casualties of that Overwatch fire
/// come off, and the unit checks Morale, before its own fire.
#[test]
fn l35_l141_l206_insurgent_phase_fire_waits_for_its_quality_check_and_its_casualties() {
    let mut game = new_game();
    let (alpha, bravo) = (unit_id(&game, "alpha"), unit_id(&game, "bravo"));
    let ins1 = unit_id(&game, "insurgents-1");
    overwatch(&mut game, bravo);
    play(&mut game, Command::StartInsurgentPhase, &[]);
    let own = fire(ins1, alpha, FireContext::Activation);
    assert!(matches!(
        refused(&mut game, own.clone()),
        RuleError::LeaderCheckNeeded(_)
    ));
    play(
        &mut game,
        Command::InsurgentAction {
            unit: ins1,
            movement: Movement::Halted,
        },
        &[&[6]],
    );
    hits(&mut game, fire(bravo, ins1, FireContext::Overwatch), 3);
    let early = refused(&mut game, own.clone());
    assert!(due(&early).contains("remove 3 casualties"), "{early}");
    remove_casualties(&mut game, ins1);
    assert!(matches!(
        refused(&mut game, own.clone()),
        RuleError::OwnStepsDue { .. }
    ));
    morale(&mut game, ins1, 10);
    play_all(&mut game, own, 1);
}

/// Sacrifice fire. Line 106: an Insurgent unit can give up an interruption to shoot at a
/// Disrupted or Pinned Regular unit instead. Line 206: not before its own casualties are off and
/// its Morale checked; line 109: not before its Interrupt check, when it has no leader.
#[test]
fn l106_l206_l109_a_sacrifice_fire_waits_for_its_casualties_morale_and_check() {
    let mut game = new_game();
    let (alpha, bravo) = (unit_id(&game, "alpha"), unit_id(&game, "bravo"));
    let (ins3, ins4) = (
        unit_id(&game, "insurgents-3"),
        unit_id(&game, "insurgents-4"),
    );
    pin(&mut game, bravo);
    activate(&mut game, alpha, Movement::Halted);
    hits(&mut game, fire(alpha, ins4, FireContext::Activation), 1);
    let sacrifice = fire(ins4, bravo, FireContext::Interrupt);
    let early = refused(&mut game, sacrifice.clone());
    assert!(
        due(&early).contains("Insurgents 4: remove 1 casualty"),
        "{early}"
    );
    remove_casualties(&mut game, ins4);
    assert!(matches!(
        refused(&mut game, sacrifice.clone()),
        RuleError::OwnStepsDue { .. }
    ));
    morale(&mut game, ins4, 10);
    play_all(&mut game, sacrifice, 1);
    assert!(matches!(
        refused(&mut game, fire(ins3, bravo, FireContext::Interrupt)),
        RuleError::LeaderCheckNeeded(_)
    ));
}

/// Games of rules 5 let a unit fire with its casualties still due, and another activate
/// meanwhile; they replay as they were played.
#[test]
fn under_rules_5_fire_before_the_steps_due_replays_as_played() {
    let mut old = old_game(5);
    let (alpha, bravo) = (unit_id(&old, "alpha"), unit_id(&old, "bravo"));
    let ins1 = unit_id(&old, "insurgents-1");
    activate(&mut old, alpha, Movement::Cautious);
    interrupt_check(&mut old, ins1);
    let test = reaction(&old, ins1, alpha, ReactionKind::InterruptMovement);
    play(&mut old, test, &[&[1], &[8]]);
    hits(&mut old, fire(alpha, ins1, FireContext::Reaction), 2);
    hits(&mut old, fire(ins1, alpha, FireContext::Interrupt), 1);
    activate(&mut old, bravo, Movement::Halted);
    assert_eq!(old.state().pending_steps().len(), 2);
    replays_as_played(&old);
}

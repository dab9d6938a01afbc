//! One fire per activation, and an interruption before what it interrupts (rules version 6):
//! once a unit's fire is resolved there is none left to interrupt; while its fire is being
//! interrupted, it waits; and a unit Pinned by the interrupt fire may not shoot back at the
//! interrupting unit under another name.

use ambush_core::game::{Command, FireContext, ReactionKind, RuleError};
use ambush_core::unit::{Movement, UnitId};

use crate::common::{activate, fire, new_game, play, play_all, reaction, refused, unit_id};

use super::{hits, morale, old_game, replays_as_played};

/// A new game of Contracting Trouble, with Fireteam Alpha, Insurgents 1 and Insurgents 4.
fn start() -> (ambush_core::game::Game, UnitId, UnitId, UnitId) {
    let game = new_game();
    let alpha = unit_id(&game, "alpha");
    let (ins1, ins4) = (
        unit_id(&game, "insurgents-1"),
        unit_id(&game, "insurgents-4"),
    );
    (game, alpha, ins1, ins4)
}

/// Line 87: an activated unit moves then fires, or fires then moves. Line 105: the Insurgent
/// player says whether his unit breaks into the Regular unit's move or into its fire; lines
/// 119-120: the interruption is settled before the Regulars react, or else they shoot at the
/// Insurgents or finish moving before it is settled. An interruption comes before what it interrupts: a Halted unit whose fire is resolved has no fire left to
/// interrupt, and gets no second shot.
#[test]
fn l87_l105_l119_a_halted_unit_whose_fire_is_resolved_has_no_fire_left_to_interrupt() {
    let (mut game, alpha, ins1, ins4) = start();
    activate(&mut game, alpha, Movement::Halted);
    play_all(&mut game, fire(alpha, ins1, FireContext::Activation), 1);
    let test = reaction(&game, ins4, alpha, ReactionKind::InterruptFire);
    assert!(matches!(
        refused(&mut game, test),
        RuleError::FireResolved { .. }
    ));
    let declare = Command::DeclareInterrupt {
        insurgent: ins4,
        regular: alpha,
        kind: ReactionKind::InterruptFire,
    };
    let error = refused(&mut game, declare);
    assert_eq!(
        error.to_string(),
        "Fireteam Alpha's fire this activation is resolved: there is no fire left for Insurgents 4 to interrupt"
    );
    // The agenda offers no interruption of it, nor an Interrupt check to open one.
    let agenda = game.state().agenda(game.scenario());
    assert!(
        agenda.unit_items().all(|i| !matches!(
            i.command,
            Command::ReactionTest { .. } | Command::DeclareInterrupt { .. }
        ) && i.after_check.is_none()),
        "{:?}",
        agenda.units
    );
    // A game of rules 5 let the interruption come after the fire, and the unit shoot again.
    let mut old = old_game(5);
    activate(&mut old, alpha, Movement::Halted);
    play_all(&mut old, fire(alpha, ins1, FireContext::Activation), 1);
    let test = reaction(&old, ins4, alpha, ReactionKind::InterruptFire);
    play(&mut old, test, &[&[1], &[8]]);
    play_all(&mut old, fire(alpha, ins4, FireContext::Reaction), 1);
    replays_as_played(&old);
}

/// Line 119: an Insurgent roll of 4+ that beats the Regular roll settles the interruption before
/// the Regulars get to react. Line 125: after it, the Regular unit's reaction is to shoot back.
/// While an interruption of its fire waits for its test, and then for the Insurgents' fire they won,
/// the unit's own shot waits too; its fire back is then its fire, once.
#[test]
fn l119_l125_a_unit_whose_fire_is_interrupted_fires_once_after_the_interruption() {
    let mut game = new_game();
    let (alpha, bravo) = (unit_id(&game, "alpha"), unit_id(&game, "bravo"));
    let (ins1, ins4) = (
        unit_id(&game, "insurgents-1"),
        unit_id(&game, "insurgents-4"),
    );
    crate::booklet_steps::overwatch(&mut game, bravo);
    activate(&mut game, alpha, Movement::Halted);
    play(
        &mut game,
        Command::DeclareInterrupt {
            insurgent: ins4,
            regular: alpha,
            kind: ReactionKind::InterruptFire,
        },
        &[],
    );
    let own = fire(alpha, ins1, FireContext::Activation);
    let error = refused(&mut game, own.clone());
    assert!(
        matches!(error, RuleError::FireInterrupted { how, .. } if how.contains("Reaction test")),
        "{error}"
    );
    let test = reaction(&game, ins4, alpha, ReactionKind::InterruptFire);
    play(&mut game, test, &[&[8], &[1]]);
    assert!(matches!(
        refused(&mut game, own.clone()),
        RuleError::FireInterrupted { .. }
    ));
    assert!(matches!(
        refused(&mut game, fire(alpha, ins4, FireContext::Activation)),
        RuleError::FireInterrupted { .. }
    ));
    play_all(&mut game, fire(ins4, alpha, FireContext::Interrupt), 1);
    morale(&mut game, alpha, 10);
    play_all(&mut game, fire(alpha, ins4, FireContext::Reaction), 1);
    assert!(matches!(refused(&mut game, own), RuleError::FiredBack(_)));
}

/// Line 126: Regulars who win the test shoot at the interrupting unit ahead of the action it
/// declared, or else get into cover (or out of sight). Its shot at someone else instead is its fire
/// of the activation: it has none left to answer the interruption with.
#[test]
fn l126_a_shot_elsewhere_after_the_interruption_began_was_the_units_fire() {
    let (mut game, alpha, ins1, ins4) = start();
    activate(&mut game, alpha, Movement::Halted);
    let test = reaction(&game, ins4, alpha, ReactionKind::InterruptFire);
    play(&mut game, test, &[&[1], &[8]]);
    play_all(&mut game, fire(alpha, ins1, FireContext::Activation), 1);
    assert!(matches!(
        refused(&mut game, fire(alpha, ins4, FireContext::Reaction)),
        RuleError::FireSpent { .. }
    ));
}

/// Line 115: a Regular unit broken into while moving or firing can always react. A unit
/// that fired and then moved may still be interrupted in its move, and fire back.
#[test]
fn l115_a_unit_that_fired_then_moved_may_be_interrupted_moving_and_fire_back() {
    let (mut game, alpha, ins1, ins4) = start();
    activate(&mut game, alpha, Movement::Cautious);
    play_all(&mut game, fire(alpha, ins1, FireContext::Activation), 1);
    // Fired on without a leader, Insurgents 1 checks Morale first (l.222).
    morale(&mut game, ins1, 10);
    let test = reaction(&game, ins4, alpha, ReactionKind::InterruptMovement);
    play(&mut game, test, &[&[1], &[8]]);
    play_all(&mut game, fire(alpha, ins4, FireContext::Reaction), 1);
}

/// Line 132: a Regular unit shoots back only if its Morale test leaves it neither Pinned nor
/// pulling back. Line 246: a Pinned unit can still shoot at the enemy when it activates. A
/// unit Pinned by the interrupt fire it lost the test to may not fire back at the interrupting
/// unit, as return fire or as its own shot; at another unit it may, Pinned, in its activation.
#[test]
fn l132_l246_pinned_by_interrupt_fire_no_shot_at_the_interrupter_but_one_elsewhere() {
    let (mut game, alpha, ins1, ins4) = start();
    // Alpha loses its test to Insurgents 4's interrupt fire, and that fire pins it.
    let pinned_by_interrupt_fire = |game: &mut ambush_core::game::Game| {
        activate(game, alpha, Movement::Cautious);
        let test = reaction(game, ins4, alpha, ReactionKind::InterruptMovement);
        play(game, test, &[&[8], &[1]]);
        hits(game, fire(ins4, alpha, FireContext::Interrupt), 0);
        morale(game, alpha, 1);
    };
    pinned_by_interrupt_fire(&mut game);
    assert!(crate::common::unit(&game, alpha).status.pinned());
    assert!(matches!(
        refused(&mut game, fire(alpha, ins4, FireContext::Reaction)),
        RuleError::MayNotReturnFire(_)
    ));
    let error = refused(&mut game, fire(alpha, ins4, FireContext::Activation));
    assert!(
        matches!(error, RuleError::PinnedByInterruption { .. }),
        "{error}"
    );
    play_all(&mut game, fire(alpha, ins1, FireContext::Activation), 1);
    // Rules 5 let the Pinned unit's own shot go at the unit that pinned it.
    let mut old = old_game(5);
    pinned_by_interrupt_fire(&mut old);
    play_all(&mut old, fire(alpha, ins4, FireContext::Activation), 1);
    replays_as_played(&old);
}

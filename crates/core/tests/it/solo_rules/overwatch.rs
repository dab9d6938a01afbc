//! Overwatch before the Reaction test (line 135): with a Marine unit on Overwatch the
//! interruption is declared and waits; without one, it is tested at once.

use ambush_core::game::{Command, QualityPurpose, ReactionKind};
use ambush_core::rules::checks::ReactionModifiers;
use ambush_core::solo::plan;
use ambush_core::solo::{self, Distance, RegularAction};
use ambush_core::unit::Movement;

use crate::common::{activate, play, unit, unit_id};

use super::{all, roll_for, run, seen, solo_game};

/// Line 135: an Overwatch unit's fire at an interruption comes before the interrupted unit
/// takes its own Reaction test. With a Marine unit on Overwatch, the opponent declares its interruption and
/// waits: the Overwatch test comes first, then the Insurgents' own test.
#[test]
fn with_a_marine_unit_on_overwatch_the_interruption_is_declared_before_its_test() {
    let mut game = solo_game();
    let alpha = unit_id(&game, "alpha");
    let bravo = unit_id(&game, "bravo");
    let ins1 = unit_id(&game, "insurgents-1");
    play(
        &mut game,
        Command::Activate {
            unit: bravo,
            movement: Movement::Halted,
            overwatch: true,
        },
        &[],
    );
    activate(&mut game, alpha, Movement::Rapid);
    let views = [(ins1, seen(&game, ins1, alpha, Distance::RifleRange))];
    let decisions = solo::interrupts(&game, alpha, RegularAction::Moves, &views, &[]);
    let d = decisions
        .iter()
        .find(|d| d.unit == Some(ins1))
        .expect("ins1 weighs")
        .clone();
    let decide = roll_for(d.decide.as_ref().expect("a decision"), &d.interrupt);
    let steps = plan::interrupt_steps(&game, alpha, &[d], &views);
    let played = run(&mut game, steps, &mut all(6, decide));
    // Its Interrupt check (it has no leader), then the declaration; no Reaction test yet.
    assert!(
        matches!(
            played[1],
            Command::QualityCheck {
                purpose: QualityPurpose::Interrupt,
                ..
            }
        ),
        "{played:?}"
    );
    assert!(
        matches!(played[2], Command::DeclareInterrupt { .. }),
        "{played:?}"
    );
    assert_eq!(played.len(), 3, "{played:?}");
    assert_eq!(plan::awaiting_test(&game), vec![(ins1, alpha)]);
    // Bravo answers on Overwatch first.
    let overwatch = Command::ReactionTest {
        insurgent: ins1,
        regular: bravo,
        kind: ReactionKind::Overwatch,
        modifiers: ReactionModifiers::proposed(unit(&game, bravo)),
    };
    play(&mut game, overwatch, &[&[1], &[8]]);
    // Then the Insurgents take their test, and the rest follows.
    let view = seen(&game, ins1, alpha, Distance::RifleRange);
    let steps = plan::declared_steps(&game, ins1, &view);
    let played = run(&mut game, steps, &mut all(6, Vec::new()));
    assert!(
        matches!(
            played[0],
            Command::ReactionTest {
                kind: ReactionKind::InterruptMovement,
                ..
            }
        ),
        "{played:?}"
    );
    assert!(plan::awaiting_test(&game).is_empty());
}

/// Without a unit on Overwatch there is nothing to wait for: the test is taken at once.
#[test]
fn without_overwatch_the_interruption_is_tested_at_once() {
    let mut game = solo_game();
    let alpha = unit_id(&game, "alpha");
    let ins4 = unit_id(&game, "insurgents-4");
    activate(&mut game, alpha, Movement::Rapid);
    let views = [(ins4, seen(&game, ins4, alpha, Distance::RifleRange))];
    let decisions = solo::interrupts(&game, alpha, RegularAction::Moves, &views, &[]);
    let d = decisions[0].clone();
    let decide = roll_for(d.decide.as_ref().expect("a decision"), &d.interrupt);
    let steps = plan::interrupt_steps(&game, alpha, &[d], &views);
    let played = run(&mut game, steps, &mut all(6, decide));
    assert!(
        !played
            .iter()
            .any(|c| matches!(c, Command::DeclareInterrupt { .. })),
        "{played:?}"
    );
    assert!(
        matches!(played[1], Command::ReactionTest { .. }),
        "{played:?}"
    );
}

/// Line 141: a unit on Overwatch can break into whatever an Insurgent unit it sees is doing. In
/// the Insurgent phase, with a Marine unit on Overwatch, an order to stand and fire is carried
/// out in two steps: the unit declares it stands, Overwatch may fire on it, then it fires. Its
/// card stays with its order between the two.
#[test]
fn an_order_to_stand_and_fire_lets_overwatch_interrupt_between_its_declaration_and_its_fire() {
    use crate::common::play_all;
    use ambush_core::game::FireContext;
    use ambush_core::solo::Order;

    let mut game = solo_game();
    let (alpha, bravo) = (unit_id(&game, "alpha"), unit_id(&game, "bravo"));
    let ins4 = unit_id(&game, "insurgents-4");
    crate::common::overwatch(&mut game, bravo);
    play(&mut game, Command::StartInsurgentPhase, &[]);
    let orders = super::seeing(&game, ins4, alpha, Distance::RifleRange);
    let decide = roll_for(&orders.decide, "fire at Fireteam Alpha");
    let steps = plan::decide_steps(&game, &orders);
    run(&mut game, steps, &mut all(6, decide));
    let order = super::option(&orders, &Order::Fire { target: alpha });
    let views = [(ins4, seen(&game, ins4, alpha, Distance::RifleRange))];
    let steps = plan::carried_out(&game, &order, &views);
    let played = run(&mut game, steps, &mut all(1, Vec::new()));
    assert!(
        matches!(
            played.as_slice(),
            [
                Command::InsurgentAction {
                    movement: Movement::Halted,
                    ..
                },
                Command::SoloNote { .. }
            ]
        ),
        "{played:?}"
    );
    assert_eq!(plan::declared(&game, ins4), Some(Movement::Halted));
    // Bravo interrupts from Overwatch, then the order goes on from its card.
    play_all(
        &mut game,
        crate::common::fire(bravo, ins4, FireContext::Overwatch),
        1,
    );
    let orders = super::seeing(&game, ins4, alpha, Distance::RifleRange);
    let chosen = solo::chosen(&game, &orders).expect("its order stands");
    assert_eq!(chosen.order, Order::Fire { target: alpha });
    let steps = plan::carried_out(&game, &chosen, &views);
    let played = run(&mut game, steps, &mut all(1, Vec::new()));
    assert!(
        matches!(
            played.as_slice(),
            [Command::Fire { attacker, .. }, Command::SoloNote { .. }] if *attacker == ins4
        ),
        "{played:?}"
    );
    // Its action over, it has no card left.
    let views = [(ins4, vec![seen(&game, ins4, alpha, Distance::RifleRange)])];
    assert!(solo::orders(&game, &views).iter().all(|o| o.unit != ins4));
}

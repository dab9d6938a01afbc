//! The solo doctrine on hand-made situations.

mod common;

use ambush_alley::game::{Command, ReactionKind};
use ambush_alley::solo::{self, Order, OrderFor, RegularAction, View};
use ambush_alley::unit::{Movement, UnitId};

use common::{activate, new_game, play, shake, unit_id};

fn view(regular: UnitId, in_range: bool, exposed: bool) -> View {
    View {
        regular,
        in_range,
        exposed,
        solid_cover: false,
    }
}

fn order_for(orders: &[OrderFor], unit: UnitId) -> &OrderFor {
    orders.iter().find(|o| o.unit == unit).expect("an order")
}

#[test]
fn a_shaken_unit_never_attacks() {
    let mut game = new_game();
    let alpha = unit_id(&game, "alpha");
    let ins4 = unit_id(&game, "insurgents-4");
    shake(&mut game, ins4);
    activate(&mut game, alpha, Movement::Rapid);
    // In the open, running and in range: still no interrupt.
    let decisions = solo::interrupts(
        &game,
        alpha,
        RegularAction::Moves,
        &[(ins4, view(alpha, true, true))],
    );
    assert_eq!(decisions.len(), 1);
    assert_eq!(decisions[0].attempt, None);
    assert!(
        decisions[0].reason.contains("Shaken"),
        "{}",
        decisions[0].reason
    );
    // And in its own phase it falls back rather than firing.
    play(&mut game, Command::StartInsurgentPhase, &[]);
    let orders = solo::orders(&game, &[(ins4, vec![view(alpha, true, true)])]);
    let order = order_for(&orders, ins4);
    assert_eq!(order.order, Order::FallBack);
}

#[test]
fn an_exposed_target_is_preferred() {
    let mut game = new_game();
    let alpha = unit_id(&game, "alpha");
    let bravo = unit_id(&game, "bravo");
    let ins1 = unit_id(&game, "insurgents-1");
    play(&mut game, Command::StartInsurgentPhase, &[]);
    let orders = solo::orders(
        &game,
        &[(
            ins1,
            vec![view(alpha, false, false), view(bravo, false, true)],
        )],
    );
    let order = order_for(&orders, ins1);
    assert_eq!(
        order.order,
        Order::Fire { target: bravo },
        "{}",
        order.reason
    );
    assert!(order.reason.contains("in the open"), "{}", order.reason);
    // Swap which one is in the open: the choice follows.
    let orders = solo::orders(
        &game,
        &[(
            ins1,
            vec![view(alpha, false, true), view(bravo, false, false)],
        )],
    );
    assert_eq!(
        orders
            .iter()
            .find(|o| o.unit == ins1)
            .map(|o| o.order.clone()),
        Some(Order::Fire { target: alpha })
    );
}

#[test]
fn a_used_interrupt_is_not_used_twice() {
    let mut game = new_game();
    let alpha = unit_id(&game, "alpha");
    let bravo = unit_id(&game, "bravo");
    let ins4 = unit_id(&game, "insurgents-4");
    activate(&mut game, alpha, Movement::Rapid);
    let first = solo::interrupts(
        &game,
        alpha,
        RegularAction::Moves,
        &[(ins4, view(alpha, true, false))],
    );
    assert_eq!(
        first[0].attempt,
        Some(ReactionKind::InterruptMovement),
        "{}",
        first[0].reason
    );
    play(
        &mut game,
        Command::ReactionTest {
            insurgent: ins4,
            regular: alpha,
            kind: ReactionKind::InterruptMovement,
            modifiers: Default::default(),
        },
        &[&[6], &[1]],
    );
    activate(&mut game, bravo, Movement::Rapid);
    let second = solo::interrupts(
        &game,
        bravo,
        RegularAction::Moves,
        &[(ins4, view(bravo, true, true))],
    );
    assert_eq!(second[0].attempt, None);
    assert!(
        second[0].reason.contains("already interrupted"),
        "{}",
        second[0].reason
    );
}

#[test]
fn without_a_leader_only_an_easy_target_is_worth_the_risk() {
    let mut game = new_game();
    let alpha = unit_id(&game, "alpha");
    let ins1 = unit_id(&game, "insurgents-1");
    let ins4 = unit_id(&game, "insurgents-4");
    activate(&mut game, alpha, Movement::Cautious);
    // In range but covered and moving carefully: the leader's unit goes, the leaderless holds.
    let views = [
        (ins1, view(alpha, true, false)),
        (ins4, view(alpha, true, false)),
    ];
    let decisions = solo::interrupts(&game, alpha, RegularAction::Moves, &views);
    let of = |u| decisions.iter().find(|d| d.unit == u).map(|d| d.attempt);
    assert_eq!(of(ins4), Some(Some(ReactionKind::InterruptMovement)));
    assert_eq!(of(ins1), Some(None));
    // Caught in the open: the leaderless unit takes the chance too, and it fires harder so it
    // comes first.
    let views = [
        (ins1, view(alpha, false, true)),
        (ins4, view(alpha, false, true)),
    ];
    let decisions = solo::interrupts(&game, alpha, RegularAction::Fires, &views);
    assert!(
        decisions
            .iter()
            .all(|d| d.attempt == Some(ReactionKind::InterruptFire))
    );
    assert_eq!(
        decisions[0].unit, ins1,
        "six gunmen fire harder than a leader and an RPG"
    );
    // Nobody interrupts a unit nobody can see.
    assert!(solo::interrupts(&game, alpha, RegularAction::Moves, &[]).is_empty());
}

#[test]
fn a_lone_leader_joins_the_strongest_leaderless_unit_and_the_rest_advance() {
    let mut game = new_game();
    let contractors = unit_id(&game, "contractors");
    let bravo = unit_id(&game, "bravo");
    let ins1 = unit_id(&game, "insurgents-1");
    let leader_2a = unit_id(&game, "leader-2a");
    let leader_2b = unit_id(&game, "leader-2b");
    activate(&mut game, bravo, Movement::Cautious);
    play(
        &mut game,
        Command::JoinUnit {
            from: contractors,
            into: bravo,
        },
        &[],
    );
    play(&mut game, Command::StartInsurgentPhase, &[]);
    let orders = solo::orders(&game, &[]);
    let of = |u| order_for(&orders, u);
    assert_eq!(
        of(leader_2a).order,
        Order::Join { into: ins1 },
        "{}",
        of(leader_2a).reason
    );
    // The next leader goes to the next leaderless unit, not the same one.
    assert!(matches!(of(leader_2b).order, Order::Join { into } if into != ins1));
    // A unit with nothing in sight advances on those carrying the contractors.
    let ins4 = unit_id(&game, "insurgents-4");
    match &of(ins4).order {
        Order::Advance { toward } => assert!(toward.contains("Fireteam Bravo"), "{toward}"),
        other => panic!("{other:?}"),
    }
    // Units that already acted get no order.
    assert!(orders.iter().all(|o| {
        game.state()
            .unit(o.unit)
            .is_some_and(|u| !u.status.activated)
    }));
}

#[test]
fn the_words_say_who_goes_first() {
    let words = solo::interrupt_words(
        "Insurgents 4",
        "Fireteam Alpha",
        ReactionKind::InterruptMovement,
        true,
    );
    assert_eq!(
        words,
        "Insurgents 4 fires on Fireteam Alpha before it reaches cover."
    );
    let words = solo::interrupt_words(
        "Insurgents 4",
        "Fireteam Alpha",
        ReactionKind::InterruptFire,
        false,
    );
    assert!(words.starts_with("Fireteam Alpha reacts first"), "{words}");
}

#[test]
fn a_unit_a_leader_just_joined_does_not_advance() {
    let mut game = new_game();
    let ins3 = unit_id(&game, "insurgents-3");
    let leader_2a = unit_id(&game, "leader-2a");
    play(&mut game, Command::StartInsurgentPhase, &[]);
    let orders = solo::orders(&game, &[]);
    assert!(
        matches!(orders[0].order, Order::Join { .. }),
        "joins come first: {:?}",
        orders[0]
    );
    play(
        &mut game,
        Command::JoinUnit {
            from: leader_2a,
            into: ins3,
        },
        &[],
    );
    let orders = solo::orders(&game, &[]);
    let order = order_for(&orders, ins3);
    assert_eq!(order.order, Order::TakeCover, "{}", order.reason);
    // The order can be carried out: a unit that may only fire may still hold.
    play(
        &mut game,
        Command::InsurgentAction {
            unit: ins3,
            movement: Movement::Halted,
        },
        &[],
    );
}

//! Shaken units and lone leaders: a Shaken unit falls back or holds with the gate's reason
//! (line 259), and a leader is sent only to a unit that may act with him (line 39).

use ambush_core::game::{Command, Game, QualityPurpose};
use ambush_core::solo::plan;
use ambush_core::solo::{self, Order, UnitOrders};
use ambush_core::unit::Movement;

use crate::common::{play, shake, unit_id};

use super::{all, orders_of, roll_for, run, solo_game};

/// Every command of an order, played as the app plays it, passes the gate.
fn assert_every_step_passes(game: &Game, orders: &UnitOrders) {
    for choice in &orders.choices {
        let mut copy = game.clone();
        let decide = roll_for(&orders.decide, &choice.words);
        let mut steps = plan::decide_steps(&copy, orders);
        steps.extend(plan::carried_out(&copy, &choice.action, &[]));
        run(&mut copy, steps, &mut all(6, decide));
    }
}

/// Line 259: a Shaken unit can do nothing but withdraw from the enemy, and never attacks; and
/// line 39: a unit a leader has just joined can fire but not move. A Shaken
/// unit that may not move is not told to fall back: it holds, the gate's refusal its reason.
#[test]
fn a_shaken_unit_that_may_not_move_holds_with_the_gates_reason() {
    let mut game = solo_game();
    let ins1 = unit_id(&game, "insurgents-1");
    let leader = unit_id(&game, "leader-2a");
    play(&mut game, Command::StartInsurgentPhase, &[]);
    play(
        &mut game,
        Command::JoinUnit {
            from: leader,
            into: ins1,
        },
        &[],
    );
    shake(&mut game, ins1);
    let refused = game
        .check(&Command::InsurgentAction {
            unit: ins1,
            movement: Movement::Cautious,
        })
        .expect_err("it may not move");
    let mine = orders_of(&solo::orders(&game, &[]), ins1);
    let words: Vec<&str> = mine.choices.iter().map(|c| c.words.as_str()).collect();
    assert_eq!(words, vec!["hold"]);
    let hold = &mine.choices[0].action;
    assert_eq!(hold.order, Order::TakeCover);
    assert!(
        hold.reason.contains(&refused.to_string()),
        "{} / {refused}",
        hold.reason
    );
    assert_every_step_passes(&game, &mine);
}

/// Line 39: a leader who joins a unit already activated this turn ends the turn with it: neither
/// does anything more. A leader is not sent to a unit that may not act with him:
/// Shaken, or done for the turn.
#[test]
fn a_leader_is_not_sent_to_join_a_unit_that_may_not_act() {
    let mut game = solo_game();
    let ins1 = unit_id(&game, "insurgents-1");
    let ins3 = unit_id(&game, "insurgents-3");
    let leader = unit_id(&game, "leader-2a");
    play(&mut game, Command::StartInsurgentPhase, &[]);
    shake(&mut game, ins1);
    // Insurgents 3 fails its check: done for the turn.
    play(
        &mut game,
        Command::QualityCheck {
            unit: ins3,
            purpose: QualityPurpose::ActWithoutLeader,
        },
        &[&[1]],
    );
    let mine = orders_of(&solo::orders(&game, &[]), leader);
    let words: Vec<&str> = mine.choices.iter().map(|c| c.words.as_str()).collect();
    assert!(!words.contains(&"join Insurgents 1"), "{words:?}");
    assert!(!words.contains(&"join Insurgents 3"), "{words:?}");
    assert!(words.contains(&"join Insurgents 5"), "{words:?}");
    // The gate itself would let him join them: it is the doctrine that asks what follows.
    assert!(
        game.check(&Command::JoinUnit {
            from: leader,
            into: ins1
        })
        .is_ok()
    );
    assert_every_step_passes(&game, &mine);
}

/// A Shaken unit that may move falls back, and its steps pass the gate.
#[test]
fn a_shaken_unit_falls_back_with_every_step_allowed() {
    let mut game = solo_game();
    let ins1 = unit_id(&game, "insurgents-1");
    play(&mut game, Command::StartInsurgentPhase, &[]);
    shake(&mut game, ins1);
    let mine = orders_of(&solo::orders(&game, &[]), ins1);
    assert_eq!(mine.choices.len(), 1);
    assert_eq!(mine.choices[0].action.order, Order::FallBack);
    assert_every_step_passes(&game, &mine);
}

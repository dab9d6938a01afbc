//! What comes on: a reinforcement at a neutralized Hot Spot or waiting for a choice, and units
//! in ambush arriving on a roll, on an automatic turn, or lost.

use crate::common;

use ambush_core::dice::DiceSource;
use ambush_core::game::{Command, Detail, Game, PendingStep};
use ambush_core::unit::{Presence, Weapon};

use common::{new_game, pending_id, play, unit, unit_id};

#[test]
fn a_reinforcement_at_a_neutralized_spot_is_lost_and_a_six_waits_for_a_choice() {
    let mut game = new_game();
    let corporal = unit_id(&game, "squad-leader");
    let neutralize = Command::NeutralizeHotSpot {
        hot_spot: 3,
        unit: corporal,
    };
    // Not while the turn is still being played: the unit must have spent it on the spot.
    assert!(
        game.play(neutralize.clone(), &mut DiceSource::seeded(1))
            .is_err()
    );
    play(&mut game, Command::StartInsurgentPhase, &[]);
    play(&mut game, neutralize.clone(), &[]);
    assert!(
        game.play(neutralize, &mut DiceSource::seeded(1)).is_err(),
        "already neutralized"
    );
    play(&mut game, Command::EndTurn, &[]);
    play(&mut game, Command::InsurgencyRoll, &[]);
    // 4 = 1d6 small arms and roll again.
    let table = pending_id(&game, |s| *s == PendingStep::TableRoll);
    play(&mut game, Command::TableRoll { pending: table }, &[&[1, 3]]);
    let arrival = pending_id(&game, |s| matches!(s, PendingStep::Arrival { .. }));
    // 2 figures, leader check 4 (none), Hot Spot 3 — neutralized: lost.
    let outcome = play(
        &mut game,
        Command::Arrival { pending: arrival },
        &[&[2], &[4], &[3]],
    );
    assert!(outcome.summary.contains("lost"), "{}", outcome.summary);
    let Detail::Arrival { unit: lost, .. } = outcome.detail else {
        panic!()
    };
    assert!(matches!(
        unit(&game, lost).presence,
        Presence::Eliminated { .. }
    ));
    // Roll again: 11 = 1d6 + leader + RPG*: AT check 6 → AT RPG; Hot Spot 6 → choice.
    let table = pending_id(&game, |s| *s == PendingStep::TableRoll);
    play(&mut game, Command::TableRoll { pending: table }, &[&[5, 6]]);
    let arrival = pending_id(&game, |s| matches!(s, PendingStep::Arrival { .. }));
    let outcome = play(
        &mut game,
        Command::Arrival { pending: arrival },
        &[&[1], &[6], &[6]],
    );
    let Detail::Arrival { unit: waiting, .. } = outcome.detail else {
        panic!()
    };
    assert_eq!(unit(&game, waiting).presence, Presence::AwaitingHotSpot);
    assert!(
        unit(&game, waiting)
            .figures
            .iter()
            .any(|f| f.weapon == Weapon::AtRpg)
    );
    let choice = pending_id(&game, |s| matches!(s, PendingStep::HotSpotChoice { .. }));
    assert!(
        game.play(
            Command::PlaceArrival {
                pending: choice,
                hot_spot: 3
            },
            &mut DiceSource::seeded(1)
        )
        .is_err(),
        "spot 3 is neutralized"
    );
    play(
        &mut game,
        Command::PlaceArrival {
            pending: choice,
            hot_spot: 5,
        },
        &[],
    );
    assert!(unit(&game, waiting).in_play());
    assert!(unit(&game, waiting).location.contains("Hot Spot 5"));
}

#[test]
fn units_in_ambush_arrive_on_a_roll_or_are_lost() {
    use ambush_core::scenario::{AmbushPoint, AmbushSetup};
    let mut scenario = common::contracting_trouble();
    let hidden = scenario
        .units
        .iter_mut()
        .find(|u| u.id == "insurgents-3")
        .expect("unit 3");
    hidden.ambush = Some(AmbushSetup {
        from_turn: 2,
        arrives_on: 3,
        automatic_turns: vec![4],
        arrives_at: AmbushPoint::HotSpot,
        last_turn: Some(4),
    });
    let other = scenario
        .units
        .iter_mut()
        .find(|u| u.id == "insurgents-5")
        .expect("unit 5");
    other.ambush = Some(AmbushSetup {
        from_turn: 2,
        arrives_on: 6,
        automatic_turns: vec![],
        arrives_at: AmbushPoint::Point("the minaret".to_owned()),
        last_turn: Some(2),
    });
    let mut game = Game::new(
        std::sync::Arc::new(scenario),
        ambush_core::game::Settings::default(),
    );
    let ins3 = unit_id(&game, "insurgents-3");
    let ins5 = unit_id(&game, "insurgents-5");
    assert_eq!(unit(&game, ins3).presence, Presence::InReserve);
    // Turn 1: no ambush rolls yet.
    play(&mut game, Command::StartInsurgentPhase, &[]);
    assert!(game.state().pending_steps().is_empty());
    play(&mut game, Command::EndTurn, &[]);
    // Turn 2: both roll at the start of the Insurgent phase.
    play(&mut game, Command::InsurgencyRoll, &[]);
    let table = pending_id(&game, |s| *s == PendingStep::TableRoll);
    play(&mut game, Command::SkipPending { pending: table }, &[]);
    play(&mut game, Command::StartActivations, &[]);
    play(&mut game, Command::StartInsurgentPhase, &[]);
    let roll3 = pending_id(
        &game,
        |s| matches!(s, PendingStep::AmbushRoll { unit } if *unit == ins3),
    );
    let roll5 = pending_id(
        &game,
        |s| matches!(s, PendingStep::AmbushRoll { unit } if *unit == ins5),
    );
    let outcome = play(&mut game, Command::AmbushRoll { pending: roll3 }, &[&[2]]);
    assert!(
        outcome.summary.contains("stays hidden"),
        "{}",
        outcome.summary
    );
    let outcome = play(&mut game, Command::AmbushRoll { pending: roll5 }, &[&[5]]);
    assert!(
        outcome.summary.contains("stays hidden"),
        "{}",
        outcome.summary
    );
    let outcome = play(&mut game, Command::EndTurn, &[]);
    assert!(
        outcome
            .notes
            .iter()
            .any(|n| n.contains("lost: Insurgents 5")),
        "{:?}",
        outcome.notes
    );
    assert!(matches!(
        unit(&game, ins5).presence,
        Presence::Eliminated { .. }
    ));
    // Turn 3: a 3 springs the ambush; the Hot Spot die places it; it may fire, not move.
    play(&mut game, Command::InsurgencyRoll, &[]);
    let table = pending_id(&game, |s| *s == PendingStep::TableRoll);
    play(&mut game, Command::SkipPending { pending: table }, &[]);
    play(&mut game, Command::StartActivations, &[]);
    play(&mut game, Command::StartInsurgentPhase, &[]);
    let roll3 = pending_id(&game, |s| matches!(s, PendingStep::AmbushRoll { .. }));
    play(&mut game, Command::AmbushRoll { pending: roll3 }, &[&[3]]);
    let place = pending_id(&game, |s| matches!(s, PendingStep::AmbushPlacement { .. }));
    let outcome = play(
        &mut game,
        Command::AmbushPlacement { pending: place },
        &[&[4]],
    );
    assert!(
        outcome.summary.contains("Hot Spot 4"),
        "{}",
        outcome.summary
    );
    let u = unit(&game, ins3);
    assert!(u.in_play());
    assert!(u.status.fire_only());
    assert!(u.ambush.is_none());
}

#[test]
fn an_automatic_ambush_turn_needs_no_die() {
    use ambush_core::scenario::{AmbushPoint, AmbushSetup};
    let mut scenario = common::contracting_trouble();
    scenario
        .units
        .iter_mut()
        .find(|u| u.id == "insurgents-3")
        .expect("unit 3")
        .ambush = Some(AmbushSetup {
        from_turn: 1,
        arrives_on: 6,
        automatic_turns: vec![1],
        arrives_at: AmbushPoint::Point("the alley".to_owned()),
        last_turn: None,
    });
    let mut game = Game::new(
        std::sync::Arc::new(scenario),
        ambush_core::game::Settings::default(),
    );
    play(&mut game, Command::StartInsurgentPhase, &[]);
    let roll = pending_id(&game, |s| matches!(s, PendingStep::AmbushRoll { .. }));
    assert!(
        game.check(&Command::AmbushRoll { pending: roll })
            .is_ok_and(|r| r.is_empty())
    );
    let outcome = play(&mut game, Command::AmbushRoll { pending: roll }, &[]);
    assert!(outcome.summary.contains("the alley"), "{}", outcome.summary);
}

//! A whole scripted turn of Contracting Trouble, dice typed in as at the table.

use crate::common;

use ambush_core::dice::DiceSource;
use ambush_core::game::{
    Command, Detail, FireContext, Game, MoraleReason, PendingStep, Phase, QualityPurpose,
    ReactionKind,
};
use ambush_core::rules::checks::ReactionModifiers;
use ambush_core::rules::fire::FireModifiers;
use ambush_core::unit::{Movement, Presence, PullBack, Side, Weapon, Wound};

use common::{activate, new_game, pending_id, play, unit, unit_id};

#[test]
fn a_whole_turn_of_contracting_trouble() {
    let mut game = new_game();
    let alpha = unit_id(&game, "alpha");
    let bravo = unit_id(&game, "bravo");
    let corporal = unit_id(&game, "squad-leader");
    let contractors = unit_id(&game, "contractors");
    let ins1 = unit_id(&game, "insurgents-1");
    let ins3 = unit_id(&game, "insurgents-3");
    let ins4 = unit_id(&game, "insurgents-4");
    let leader_2a = unit_id(&game, "leader-2a");

    // ---- Turn 1: no reinforcements; Regular activations ----
    assert_eq!(game.state().turn, 1);
    assert_eq!(game.state().phase, Phase::RegularActivations);
    assert_eq!(
        game.state().headline(),
        "Turn 1 — Regular activations, 0 of 3 done"
    );

    // Alpha moves Cautiously toward the SUV.
    activate(&mut game, alpha, Movement::Cautious);
    // The unit activating is not counted as done until another takes its turn.
    assert_eq!(
        game.state().headline(),
        "Turn 1 — Fireteam Alpha activating, 0 of 3 done"
    );

    // Insurgents 1 (no leader) try to interrupt: Interrupt check 5 passes.
    play(
        &mut game,
        Command::QualityCheck {
            unit: ins1,
            purpose: QualityPurpose::Interrupt,
        },
        &[&[5]],
    );
    // Reaction test: Insurgents 5, Alpha 3 + 1 (Cautious) = 4: the Insurgents fire first.
    let modifiers = ReactionModifiers::proposed(unit(&game, alpha));
    let outcome = play(
        &mut game,
        Command::ReactionTest {
            insurgent: ins1,
            regular: alpha,
            kind: ReactionKind::InterruptMovement,
            modifiers,
        },
        &[&[5], &[3]],
    );
    let Detail::Reaction(result) = &outcome.detail else {
        panic!("reaction detail")
    };
    assert!(result.insurgent_first);
    assert_eq!(result.regular_total, 4);
    assert_eq!(unit(&game, alpha).status.times_interrupted, 1);

    // Interrupting fire: 6 figures, target moving Cautiously: 6d6 − 1 = 5d6 against 4 + 1 + 1 = 6d8.
    let fire_mods = FireModifiers::proposed(
        unit(&game, ins1),
        unit(&game, alpha),
        game.state().settings.interruption_penalty,
    );
    assert!(fire_mods.target_cautious);
    let fire_cmd = Command::Fire {
        attacker: ins1,
        target: alpha,
        modifiers: fire_mods,
        context: FireContext::Interrupt,
    };
    let request = game.check(&fire_cmd).expect("fire allowed");
    assert_eq!(request.groups.len(), 2);
    assert_eq!((request.groups[0].count, request.groups[1].count), (5, 6));
    // Attack 6,6,5,2,1 against 6,4,3,3,2,1: one 6 blocked, one 6 and the 5 unblocked = 2 hits.
    let outcome = play(
        &mut game,
        fire_cmd,
        &[&[6, 6, 5, 2, 1], &[6, 4, 3, 3, 2, 1]],
    );
    assert!(
        outcome.summary.contains("2 casualties"),
        "{}",
        outcome.summary
    );
    assert_eq!(unit(&game, ins1).status.interrupts_made, 1);

    // First Aid for two Marines: 2 (slight) and 5 (serious).
    let pending = pending_id(
        &game,
        |s| matches!(s, PendingStep::Casualties { unit, count: 2 } if *unit == alpha),
    );
    let casualties = unit(&game, alpha).casualty_proposal(2);
    assert_eq!(casualties.len(), 2);
    let outcome = play(
        &mut game,
        Command::FirstAid {
            pending,
            figures: casualties.clone(),
        },
        &[&[2, 5]],
    );
    assert!(
        outcome.summary.contains("slight") && outcome.summary.contains("serious"),
        "{}",
        outcome.summary
    );
    let a = unit(&game, alpha);
    assert_eq!(a.firing_count(), 3);
    assert_eq!(a.dependant_count(), 1);
    assert!(a.status.has_casualties);
    let hurt = a.figure(casualties[1]).expect("figure kept as a dependant");
    assert_eq!(
        (hurt.weapon, hurt.former_weapon, hurt.wound),
        (Weapon::Dependant, Some(Weapon::Rifle), Some(Wound::Serious))
    );
    assert_eq!(
        game.state().victory_points(game.scenario()),
        (0, 1),
        "one Marine wounded"
    );

    // Morale for Alpha: 3 figures, d10: 2, 3, 9 → 1 success, 2 failures → Pinned.
    let (due, reason) = game
        .state()
        .pending
        .iter()
        .find_map(|p| match p.step {
            PendingStep::MoraleCheck { unit, reason } if unit == alpha => Some((p.id, reason)),
            _ => None,
        })
        .expect("morale due");
    assert_eq!(reason, MoraleReason::Casualties);
    let _ = due;
    let outcome = play(
        &mut game,
        Command::MoraleCheck {
            unit: alpha,
            modifier: 0,
            defensible: false,
        },
        &[&[2, 3, 9]],
    );
    assert!(outcome.summary.ends_with("Pinned"), "{}", outcome.summary);
    assert!(unit(&game, alpha).status.pinned);
    assert!(game.state().pending.is_empty());

    // Pinned by the interruption, Alpha may not return fire (booklet: "Interruptions by Fire").
    let alpha_mods = FireModifiers::proposed(
        unit(&game, alpha),
        unit(&game, ins1),
        game.state().settings.interruption_penalty,
    );
    assert!(alpha_mods.attacker_pinned);
    assert_eq!(
        alpha_mods.interruption_dice, 0,
        "the first interruption costs no die"
    );
    let return_fire = Command::Fire {
        attacker: alpha,
        target: ins1,
        modifiers: alpha_mods,
        context: FireContext::Reaction,
    };
    assert!(matches!(
        game.check(&return_fire),
        Err(ambush_core::game::RuleError::MayNotReturnFire(_))
    ));
    // Bravo, in sight and not yet activated, reacts to the interruption of its friend instead:
    // it spends its activation. Insurgents 1 stand in the open.
    let fire_mods = FireModifiers {
        optimum_range: true,
        target_exposed: true,
        ..FireModifiers::proposed(
            unit(&game, bravo),
            unit(&game, ins1),
            game.state().settings.interruption_penalty,
        )
    };
    let fire_cmd = Command::Fire {
        attacker: bravo,
        target: ins1,
        modifiers: fire_mods,
        context: FireContext::Reaction,
    };
    let request = game.check(&fire_cmd).expect("allowed");
    // 4 figures + SAW + M203 + optimum + exposed = 8d8, against 6d6 (Insurgents are not
    // Cautious: movement not declared).
    assert_eq!((request.groups[0].count, request.groups[1].count), (8, 6));
    play(
        &mut game,
        fire_cmd,
        &[&[8, 7, 6, 4, 1, 1, 1, 1], &[6, 5, 2, 2, 1, 1]],
    );
    let b = unit(&game, bravo);
    assert!(b.status.activated && b.status.done_for_turn);
    let pending = pending_id(
        &game,
        |s| matches!(s, PendingStep::Casualties { unit, count: 2 } if *unit == ins1),
    );
    let proposal = unit(&game, ins1).casualty_proposal(2);
    play(
        &mut game,
        Command::RemoveCasualties {
            pending,
            figures: proposal,
        },
        &[],
    );
    assert_eq!(unit(&game, ins1).figures.len(), 4);
    // Insurgent morale: 4 × d10: 1, 2, 3, 8 → 1 success, 3 failures: Shaken (d10 → d8), one Shrinks.
    let outcome = play(
        &mut game,
        Command::MoraleCheck {
            unit: ins1,
            modifier: 0,
            defensible: false,
        },
        &[&[1, 2, 3, 8]],
    );
    assert!(outcome.summary.contains("Shaken"), "{}", outcome.summary);
    let i1 = unit(&game, ins1);
    assert_eq!(i1.figures.len(), 3);
    assert_eq!(i1.profile.morale, ambush_core::dice::Die::D8);
    assert!(i1.is_shaken(1));

    // Alpha, still moving, reaches the SUV and picks up the contractors; the Corporal goes on
    // Overwatch.
    play(
        &mut game,
        Command::JoinUnit {
            from: contractors,
            into: alpha,
        },
        &[],
    );
    assert_eq!(unit(&game, alpha).dependant_count(), 3);
    assert!(matches!(
        unit(&game, contractors).presence,
        Presence::Eliminated { .. }
    ));
    play(
        &mut game,
        Command::Activate {
            unit: corporal,
            movement: Movement::Halted,
            overwatch: true,
        },
        &[],
    );
    assert_eq!(
        game.state().headline(),
        "Turn 1 — Squad Leader activating, 2 of 3 done"
    );

    // ---- Insurgent phase ----
    play(&mut game, Command::StartInsurgentPhase, &[]);
    // Insurgents 1 interrupted already: they may not act again.
    assert!(
        game.play(
            Command::InsurgentAction {
                unit: ins1,
                movement: Movement::Cautious
            },
            &mut DiceSource::seeded(1)
        )
        .is_err()
    );
    // Leader 2A joins Insurgents 3 before it acts: it may fire but not move.
    play(
        &mut game,
        Command::JoinUnit {
            from: leader_2a,
            into: ins3,
        },
        &[],
    );
    assert!(unit(&game, ins3).has_leader());
    assert!(unit(&game, ins3).status.fire_only);
    assert!(
        game.play(
            Command::InsurgentAction {
                unit: ins3,
                movement: Movement::Rapid
            },
            &mut DiceSource::seeded(1)
        )
        .is_err()
    );
    play(
        &mut game,
        Command::InsurgentAction {
            unit: ins3,
            movement: Movement::Halted,
        },
        &[],
    );
    // Insurgents 4 act: the Corporal on Overwatch fires on them as they do, with no Reaction
    // test (there is no interruption to answer in the Insurgent phase).
    let test = Command::ReactionTest {
        insurgent: ins4,
        regular: corporal,
        kind: ReactionKind::Overwatch,
        modifiers: ReactionModifiers::proposed(unit(&game, corporal)),
    };
    assert!(game.check(&test).is_err());
    play(
        &mut game,
        Command::InsurgentAction {
            unit: ins4,
            movement: Movement::Halted,
        },
        &[],
    );
    let ow = Command::Fire {
        attacker: corporal,
        target: ins4,
        modifiers: FireModifiers::default(),
        context: FireContext::Overwatch,
    };
    // 1d8 against 1d8 (the leader) + 1d6 (the gunner): typed one group per die type.
    play(&mut game, ow, &[&[3], &[2], &[1]]);
    assert_eq!(unit(&game, corporal).status.overwatch_shots, 1);
    let fire_cmd = Command::Fire {
        attacker: ins4,
        target: bravo,
        modifiers: FireModifiers::default(),
        context: FireContext::Activation,
    };
    // 1d8 (leader) + 1d6 (RPG gunner) + 2d6 (RPG) against Bravo: 4 Marines + armor, dependants excluded.
    let request = game.check(&fire_cmd).expect("allowed");
    assert_eq!(
        request
            .groups
            .iter()
            .map(|g| (g.die.sides(), g.count))
            .collect::<Vec<_>>(),
        vec![(8, 1), (6, 3), (8, 5)]
    );
    play(&mut game, fire_cmd, &[&[2], &[3, 3, 1], &[1, 1, 1, 1, 1]]);
    assert!(
        game.state().pending.is_empty(),
        "a miss with a leader needs no check"
    );

    // ---- End of turn ----
    let outcome = play(&mut game, Command::EndTurn, &[]);
    assert!(
        outcome
            .notes
            .iter()
            .any(|n| n.starts_with("No longer Pinned") && n.contains("Fireteam Alpha")),
        "{:?}",
        outcome.notes
    );
    let s = game.state();
    assert_eq!((s.turn, s.phase), (2, Phase::Reinforcements));
    assert!(!unit(&game, alpha).status.pinned);
    assert!(!unit(&game, alpha).status.activated);
    assert_eq!(unit(&game, alpha).status.times_interrupted, 0);
    assert_eq!(
        unit(&game, alpha).status.last_movement,
        Some(Movement::Cautious)
    );
    assert!(
        unit(&game, corporal).status.overwatch,
        "Overwatch lasts until the unit activates again"
    );
    assert!(
        unit(&game, ins1).is_shaken(2),
        "Shaken through the next turn"
    );
    assert_eq!(unit(&game, ins1).status.shaken_on_turn, Some(1));
    assert_eq!(unit(&game, bravo).status.pull_back, PullBack::None);

    // ---- Turn 2: reinforcements ----
    assert!(
        game.play(Command::StartActivations, &mut DiceSource::seeded(1))
            .is_err(),
        "the Insurgency roll is due"
    );
    let outcome = play(&mut game, Command::InsurgencyRoll, &[]);
    assert!(outcome.summary.contains("Automatic"));
    // 2d6 = 3 + 4 = 7: 1d6 small arms + leader + light support.
    let table = pending_id(&game, |s| *s == PendingStep::TableRoll);
    play(&mut game, Command::TableRoll { pending: table }, &[&[3, 4]]);
    let arrival = pending_id(&game, |s| matches!(s, PendingStep::Arrival { .. }));
    // Count 4, Hot Spot 2 (it has a leader: no leader check).
    let outcome = play(
        &mut game,
        Command::Arrival { pending: arrival },
        &[&[4], &[2]],
    );
    let Detail::Arrival { unit: new_unit, .. } = outcome.detail else {
        panic!("arrival detail")
    };
    let arrived = unit(&game, new_unit);
    assert_eq!(arrived.side, Side::Insurgent);
    assert_eq!(arrived.figures.len(), 6);
    assert!(arrived.has_leader());
    assert!(arrived.location.contains("Hot Spot 2"));
    assert_eq!(arrived.test_die(), ambush_core::dice::Die::D8);
    play(&mut game, Command::StartActivations, &[]);
    assert_eq!(game.state().phase, Phase::RegularActivations);
    // Turn 2: Alpha, with casualties, must test to move Rapid; a 2 fails: Cautious at most.
    let outcome = play(
        &mut game,
        Command::Activate {
            unit: alpha,
            movement: Movement::Rapid,
            overwatch: false,
        },
        &[&[2]],
    );
    assert!(outcome.summary.contains("fails"), "{}", outcome.summary);
    assert_eq!(unit(&game, alpha).status.movement, Some(Movement::Cautious));
    // Shaken Insurgents 1 cannot interrupt: not even its Interrupt check is allowed.
    assert!(matches!(
        game.play(
            Command::QualityCheck {
                unit: ins1,
                purpose: QualityPurpose::Interrupt
            },
            &mut DiceSource::typed([vec![6]])
        ),
        Err(ambush_core::game::PlayError::Rule(
            ambush_core::game::RuleError::Shaken(_)
        ))
    ));
    let shaken = game.play(
        Command::ReactionTest {
            insurgent: ins1,
            regular: alpha,
            kind: ReactionKind::InterruptFire,
            modifiers: ReactionModifiers::default(),
        },
        &mut DiceSource::typed([vec![6], vec![1]]),
    );
    assert!(shaken.is_err(), "a Shaken unit takes no aggressive action");

    // Every event is in the log, and the log replays to the same state.
    let entries = common::entries(&game);
    let replayed = Game::replay(
        game.scenario().clone(),
        game.initial_settings().clone(),
        entries,
    );
    assert_eq!(replayed.refused, None);
    assert_eq!(replayed.game.state(), game.state());
}

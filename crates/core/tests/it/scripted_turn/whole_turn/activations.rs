//! Turn 1, the Regular activations: Alpha moves and is interrupted, Bravo answers in its
//! place, and Alpha picks up the contractors while the Corporal goes on Overwatch.

use ambush_core::game::{
    Command, Detail, FireContext, Game, MoraleReason, PendingStep, QualityPurpose, ReactionKind,
};
use ambush_core::rules::checks::ReactionModifiers;
use ambush_core::rules::fire::FireModifiers;
use ambush_core::unit::{Movement, Presence, Weapon, Wound};

use crate::common::{activate, pending_id, play, unit};

use super::Ids;

/// Alpha moves Cautiously; Insurgents 1 interrupt it, fire first, and Alpha, hurt, is Pinned.
pub(super) fn alpha_moves_and_is_interrupted(game: &mut Game, ids: &Ids) {
    let Ids { alpha, ins1, .. } = *ids;
    // Alpha moves Cautiously toward the SUV.
    activate(game, alpha, Movement::Cautious);
    // The unit activating is not counted as done until another takes its turn.
    assert_eq!(
        game.state().headline(),
        "Turn 1 — Fireteam Alpha activating, 0 of 3 done"
    );

    // Insurgents 1 (no leader) try to interrupt: Interrupt check 5 passes.
    play(
        game,
        Command::QualityCheck {
            unit: ins1,
            purpose: QualityPurpose::Interrupt,
        },
        &[&[5]],
    );
    // Reaction test: Insurgents 5, Alpha 3 + 1 (Cautious) = 4: the Insurgents fire first.
    let modifiers = ReactionModifiers::proposed(unit(game, alpha));
    let outcome = play(
        game,
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
    assert_eq!(unit(game, alpha).status.times_interrupted(), 1);

    // Interrupting fire: 6 figures, target moving Cautiously: 6d6 − 1 = 5d6 against 4 + 1 + 1 = 6d8.
    let fire_mods = FireModifiers::proposed(
        unit(game, ins1),
        unit(game, alpha),
        game.state().settings().interruption_penalty,
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
    let outcome = play(game, fire_cmd, &[&[6, 6, 5, 2, 1], &[6, 4, 3, 3, 2, 1]]);
    assert!(
        outcome.summary.contains("2 casualties"),
        "{}",
        outcome.summary
    );
    assert_eq!(unit(game, ins1).status.interrupts_made(), 1);

    // First Aid for two Marines: 2 (slight) and 5 (serious).
    let pending = pending_id(
        game,
        |s| matches!(s, PendingStep::Casualties { unit, count: 2 } if *unit == alpha),
    );
    let casualties = unit(game, alpha).casualty_proposal(2);
    assert_eq!(casualties.len(), 2);
    let outcome = play(
        game,
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
    let a = unit(game, alpha);
    assert_eq!(a.firing_count(), 3);
    assert_eq!(a.dependant_count(), 1);
    assert!(a.status.has_casualties());
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
        .pending_steps()
        .iter()
        .find_map(|p| match p.step {
            PendingStep::MoraleCheck { unit, reason } if unit == alpha => Some((p.id, reason)),
            _ => None,
        })
        .expect("morale due");
    assert_eq!(reason, MoraleReason::Casualties);
    let _ = due;
    let outcome = play(
        game,
        Command::MoraleCheck {
            unit: alpha,
            modifier: 0,
            defensible: false,
        },
        &[&[2, 3, 9]],
    );
    assert!(outcome.summary.ends_with("Pinned"), "{}", outcome.summary);
    assert!(unit(game, alpha).status.pinned());
    assert!(game.state().pending_steps().is_empty());
}

/// Alpha, Pinned, may not return fire; Bravo reacts instead and Shakes Insurgents 1.
pub(super) fn bravo_answers_the_interruption(game: &mut Game, ids: &Ids) {
    let Ids {
        alpha, bravo, ins1, ..
    } = *ids;
    // Pinned by the interruption, Alpha may not return fire (booklet: "Interruptions by Fire").
    let alpha_mods = FireModifiers::proposed(
        unit(game, alpha),
        unit(game, ins1),
        game.state().settings().interruption_penalty,
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
            unit(game, bravo),
            unit(game, ins1),
            game.state().settings().interruption_penalty,
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
        game,
        fire_cmd,
        &[&[8, 7, 6, 4, 1, 1, 1, 1], &[6, 5, 2, 2, 1, 1]],
    );
    let b = unit(game, bravo);
    assert!(b.status.activated() && b.status.done_for_turn());
    let pending = pending_id(
        game,
        |s| matches!(s, PendingStep::Casualties { unit, count: 2 } if *unit == ins1),
    );
    let proposal = unit(game, ins1).casualty_proposal(2);
    play(
        game,
        Command::RemoveCasualties {
            pending,
            figures: proposal,
        },
        &[],
    );
    assert_eq!(unit(game, ins1).figures.len(), 4);
    // Insurgent morale: 4 × d10: 1, 2, 3, 8 → 1 success, 3 failures: Shaken (d10 → d8), one Shrinks.
    let outcome = play(
        game,
        Command::MoraleCheck {
            unit: ins1,
            modifier: 0,
            defensible: false,
        },
        &[&[1, 2, 3, 8]],
    );
    assert!(outcome.summary.contains("Shaken"), "{}", outcome.summary);
    let i1 = unit(game, ins1);
    assert_eq!(i1.figures.len(), 3);
    assert_eq!(i1.profile.morale, ambush_core::dice::Die::D8);
    assert!(i1.is_shaken(1));
}

/// Alpha picks up the contractors; the Corporal goes on Overwatch.
pub(super) fn alpha_picks_up_the_contractors(game: &mut Game, ids: &Ids) {
    let Ids {
        alpha,
        corporal,
        contractors,
        ..
    } = *ids;
    // Alpha, still moving, reaches the SUV and picks up the contractors; the Corporal goes on
    // Overwatch.
    play(
        game,
        Command::JoinUnit {
            from: contractors,
            into: alpha,
        },
        &[],
    );
    assert_eq!(unit(game, alpha).dependant_count(), 3);
    assert!(matches!(
        unit(game, contractors).presence,
        Presence::Eliminated { .. }
    ));
    play(
        game,
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
}

//! Every worked example of the basic-rules booklet, as a test.

use crate::common;

use ambush_core::dice::{DiceSource, Die};
use ambush_core::game::{Command, FireContext, PendingStep, Phase, QualityPurpose, RuleError};
use ambush_core::rules::checks::{ReactionModifiers, ReactionSetup, TestDie};
use ambush_core::rules::fire::{self, FireModifiers};
use ambush_core::unit::{Movement, Side, Weapon};

use common::{bare_unit, new_game, unit_id};

fn marine_fireteam() -> ambush_core::unit::Unit {
    use Weapon::{LightSupport, Rifle};
    bare_unit(
        Side::Regular,
        Die::D8,
        &[Rifle, Rifle, LightSupport, LightSupport],
        1,
    )
}

fn notation(pool: &fire::Pool) -> String {
    pool.notation()
}

#[test]
fn firepower_example_1_marine_fireteam() {
    let team = marine_fireteam();
    let mut m = FireModifiers::default();
    assert_eq!(notation(&fire::firepower(&team, &m)), "6d8");
    m.optimum_range = true;
    assert_eq!(notation(&fire::firepower(&team, &m)), "7d8");
    m.target_exposed = true;
    let pool = fire::firepower(&team, &m);
    assert_eq!(notation(&pool), "8d8");
    // The breakdown names every contribution.
    let reasons: Vec<&str> = pool.lines.iter().map(|l| l.reason.as_str()).collect();
    assert!(reasons.contains(&"4 figures"), "{reasons:?}");
    assert!(
        reasons.contains(&"2 light support weapons (+1 each)"),
        "{reasons:?}"
    );
    assert!(
        reasons.contains(&"target within optimum range"),
        "{reasons:?}"
    );
    assert!(reasons.contains(&"target exposed"), "{reasons:?}");
}

#[test]
fn firepower_example_2_insurgents_with_rpg() {
    use Weapon::{MediumSupport, Rifle};
    let group = bare_unit(
        Side::Insurgent,
        Die::D6,
        &[Rifle, Rifle, Rifle, Rifle, MediumSupport],
        0,
    );
    let mut m = FireModifiers::default();
    assert_eq!(notation(&fire::firepower(&group, &m)), "7d6");
    m.optimum_range = true;
    assert_eq!(notation(&fire::firepower(&group, &m)), "8d6");
    m.target_exposed = true;
    assert_eq!(notation(&fire::firepower(&group, &m)), "9d6");
}

#[test]
fn defense_examples() {
    let team = marine_fireteam();
    // Example 1: four Marines moving down a street, with body armor.
    let m = FireModifiers::default();
    assert_eq!(notation(&fire::defense(&team, &m)), "5d8");
    // Example 2: the same team in a building (Solid Cover).
    let m = FireModifiers {
        solid_cover: true,
        ..FireModifiers::default()
    };
    assert_eq!(notation(&fire::defense(&team, &m)), "6d8");
    // Example 3: six Insurgents in the open: six dice, and the attacker gets one more.
    let six = bare_unit(Side::Insurgent, Die::D6, &[Weapon::Rifle; 6], 0);
    let m = FireModifiers {
        target_exposed: true,
        ..FireModifiers::default()
    };
    assert_eq!(notation(&fire::defense(&six, &m)), "6d6");
    assert_eq!(fire::firepower(&team, &m).len(), 7);
}

#[test]
fn fedayeen_example_matching() {
    // 7D8: 7,6,5,4,4,3,2 against 5D6: 5,5,4,4,3 gives two casualties.
    let m = fire::match_dice(&[7, 6, 5, 4, 4, 3, 2], &[5, 5, 4, 4, 3], 4);
    assert_eq!(m.attack, vec![7, 6, 5, 4, 4]);
    assert_eq!(m.attack_discarded, vec![3, 2]);
    assert_eq!(m.defense, vec![5, 5, 4, 4]);
    assert_eq!(m.hits(), 2);
    assert_eq!(
        fire::hits_closed_form(&[7, 6, 5, 4, 4, 3, 2], &[5, 5, 4, 4, 3], 4),
        2
    );
    // Every block pairs a defender die at least as high as the attacker die.
    for b in &m.blocks {
        assert!(m.defense[b.defense] >= m.attack[b.attack]);
    }
    let unblocked: Vec<u8> = m.unblocked.iter().map(|&i| m.attack[i]).collect();
    assert_eq!(unblocked, vec![7, 6]);
}

#[test]
fn fedayeen_example_pools_and_engine() {
    use Weapon::Rifle;
    // The Fedayeen: 3 figures In Cover at a low wall of mud (Solid Cover).
    let fedayeen = bare_unit(Side::Insurgent, Die::D6, &[Rifle, Rifle, Rifle], 0);
    let m = FireModifiers {
        optimum_range: true,
        target_in_cover: true,
        solid_cover: true,
        ..FireModifiers::default()
    };
    assert_eq!(notation(&fire::defense(&fedayeen, &m)), "5d6");
    assert_eq!(notation(&fire::firepower(&marine_fireteam(), &m)), "7d8");

    // The same fire through the engine, with the booklet's faces typed in.
    let mut game = new_game();
    let alpha = unit_id(&game, "alpha");
    let target = unit_id(&game, "insurgents-1");
    // Make the target three Fedayeen, as in the example.
    let figures: Vec<_> = game
        .state()
        .unit(target)
        .map(|u| u.figures.iter().map(|f| f.id).collect())
        .unwrap_or_default();
    let mut dice = DiceSource::typed(Vec::<Vec<u8>>::new());
    for figure in figures.iter().skip(3) {
        game.play(
            Command::RemoveFigure {
                unit: target,
                figure: *figure,
            },
            &mut dice,
        )
        .expect("edit applies");
    }
    // They have hunkered down In Cover: the game knows it, so the fire need not say it.
    let mut status = game
        .state()
        .unit(target)
        .map(|u| u.status.clone())
        .unwrap_or_default();
    status.set_in_cover(true);
    game.play(
        Command::SetStatus {
            unit: target,
            status,
        },
        &mut dice,
    )
    .expect("edit applies");
    game.play(
        Command::Activate {
            unit: alpha,
            movement: Movement::Halted,
            overwatch: false,
        },
        &mut dice,
    )
    .expect("activation");
    let mut dice = DiceSource::typed([vec![7, 6, 5, 4, 4, 3, 2], vec![5, 5, 4, 4, 3]]);
    let outcome = game
        .play(
            Command::Fire {
                attacker: alpha,
                target,
                modifiers: m,
                context: FireContext::Activation,
            },
            &mut dice,
        )
        .expect("fire applies");
    assert!(
        outcome.summary.contains("2 casualties"),
        "{}",
        outcome.summary
    );
    let pending = game
        .state()
        .pending_steps()
        .first()
        .cloned()
        .expect("casualties are due");
    assert_eq!(
        pending.step,
        PendingStep::Casualties {
            unit: target,
            count: 2
        }
    );
    let proposal = game
        .state()
        .unit(target)
        .map(|u| u.casualty_proposal(2))
        .unwrap_or_default();
    let mut none = DiceSource::typed(Vec::<Vec<u8>>::new());
    game.play(
        Command::RemoveCasualties {
            pending: pending.id,
            figures: proposal,
        },
        &mut none,
    )
    .expect("removal applies");
    assert_eq!(game.state().unit(target).map(|u| u.figures.len()), Some(1));
}

#[test]
fn leader_example_1_with_leader_fires_at_once() {
    let mut game = new_game();
    let ins4 = unit_id(&game, "insurgents-4");
    let alpha = unit_id(&game, "alpha");
    let mut dice = DiceSource::seeded(1);
    game.play(Command::StartInsurgentPhase, &mut dice)
        .expect("phase change");
    let request = game
        .check(&Command::InsurgentAction {
            unit: ins4,
            movement: Movement::Halted,
        })
        .expect("allowed");
    assert!(request.is_empty(), "a unit with a leader takes no check");
    game.play(
        Command::InsurgentAction {
            unit: ins4,
            movement: Movement::Halted,
        },
        &mut dice,
    )
    .expect("acts");
    game.play(
        Command::Fire {
            attacker: ins4,
            target: alpha,
            modifiers: FireModifiers::default(),
            context: FireContext::Activation,
        },
        &mut dice,
    )
    .expect("the attack is resolved at once");
}

#[test]
fn leader_example_2_without_leader_needs_4_plus() {
    let mut game = new_game();
    let ins1 = unit_id(&game, "insurgents-1");
    let ins3 = unit_id(&game, "insurgents-3");
    let alpha = unit_id(&game, "alpha");
    let mut none = DiceSource::typed(Vec::<Vec<u8>>::new());
    game.play(Command::StartInsurgentPhase, &mut none)
        .expect("phase change");
    let fire = |attacker| Command::Fire {
        attacker,
        target: alpha,
        modifiers: FireModifiers::default(),
        context: FireContext::Activation,
    };
    // Without a check, no attack.
    let before = game.state().clone();
    assert!(matches!(
        game.play(fire(ins1), &mut DiceSource::seeded(1)),
        Err(ambush_core::game::PlayError::Rule(
            RuleError::LeaderCheckNeeded(_)
        ))
    ));
    assert_eq!(game.state(), &before, "a refused command changes nothing");

    // A 4 passes: the attack is resolved.
    let action = Command::InsurgentAction {
        unit: ins1,
        movement: Movement::Halted,
    };
    assert_eq!(game.check(&action).map(|r| r.groups.len()), Ok(1));
    game.play(action, &mut DiceSource::typed([vec![4]]))
        .expect("check taken");
    game.play(fire(ins1), &mut DiceSource::seeded(3))
        .expect("attack resolved");

    // A 3 fails: no attack, and the unit is finished for the turn.
    game.play(
        Command::InsurgentAction {
            unit: ins3,
            movement: Movement::Halted,
        },
        &mut DiceSource::typed([vec![3]]),
    )
    .expect("check taken");
    assert!(
        game.state()
            .unit(ins3)
            .is_some_and(|u| u.status.done_for_turn())
    );
    assert!(game.play(fire(ins3), &mut DiceSource::seeded(3)).is_err());
}

#[test]
fn interrupt_check_without_leader() {
    let mut game = new_game();
    let ins1 = unit_id(&game, "insurgents-1");
    let alpha = unit_id(&game, "alpha");
    let mut none = DiceSource::typed(Vec::<Vec<u8>>::new());
    game.play(
        Command::Activate {
            unit: alpha,
            movement: Movement::Cautious,
            overwatch: false,
        },
        &mut none,
    )
    .expect("activation");
    let reaction = Command::ReactionTest {
        insurgent: ins1,
        regular: alpha,
        kind: ambush_core::game::ReactionKind::InterruptMovement,
        modifiers: ReactionModifiers::default(),
    };
    // No Interrupt check yet: the gate refuses before any die is asked for.
    assert!(matches!(
        game.check(&reaction),
        Err(ambush_core::game::RuleError::LeaderCheckNeeded(_))
    ));
    assert!(matches!(
        game.play(
            reaction.clone(),
            &mut DiceSource::typed(Vec::<Vec<u8>>::new())
        ),
        Err(ambush_core::game::PlayError::Rule(_))
    ));
    // The check fails on a 3: no further action this turn.
    game.play(
        Command::QualityCheck {
            unit: ins1,
            purpose: QualityPurpose::Interrupt,
        },
        &mut DiceSource::typed([vec![3]]),
    )
    .expect("check taken");
    assert!(
        game.state()
            .unit(ins1)
            .is_some_and(|u| u.status.done_for_turn())
    );
    assert!(
        game.play(reaction, &mut DiceSource::typed([vec![6], vec![1]]))
            .is_err()
    );
    assert_eq!(game.state().phase(), Phase::RegularActivations);
}

#[test]
fn reaction_examples() {
    use Weapon::Rifle;
    let insurgents = bare_unit(Side::Insurgent, Die::D6, &[Rifle, Rifle], 0);
    let mut marines = marine_fireteam();
    let plain = ReactionModifiers::default();
    // 4+ and higher: the Insurgents go first.
    assert!(
        ReactionSetup::new(&insurgents, &marines, &plain)
            .resolve(5, 3)
            .insurgent_first
    );
    // A tie: the Regulars react first.
    assert!(
        !ReactionSetup::new(&insurgents, &marines, &plain)
            .resolve(5, 5)
            .insurgent_first
    );
    // Higher but under 4: the Regulars react first.
    assert!(
        !ReactionSetup::new(&insurgents, &marines, &plain)
            .resolve(3, 1)
            .insurgent_first
    );

    // A Regular unit moving Cautiously gets +1: a 4 against a 3+1 is a tie.
    marines.status.set_movement(Some(Movement::Cautious));
    let m = ReactionModifiers::proposed(&marines);
    assert!(m.regular_alert && !m.regular_rapid);
    let r = ReactionSetup::new(&insurgents, &marines, &m).resolve(4, 3);
    assert_eq!((r.insurgent_total, r.regular_total), (4, 4));
    assert!(!r.insurgent_first);

    // Running: −1, so a 4 beats a 4.
    marines.status.set_movement(Some(Movement::Rapid));
    let m = ReactionModifiers::proposed(&marines);
    assert!(!m.regular_alert && m.regular_rapid);
    assert!(
        ReactionSetup::new(&insurgents, &marines, &m)
            .resolve(4, 4)
            .insurgent_first
    );

    // Stationary last turn, running now: +1 and −1.
    marines.status.set_last_movement(Some(Movement::Halted));
    let m = ReactionModifiers::proposed(&marines);
    let r = ReactionSetup::new(&insurgents, &marines, &m);
    assert_eq!(r.regular.modifier, 0);

    // Pinned: the d8 steps down to a d6; a Pinned d6 stays a d6 at −1.
    marines.status.set_pinned(true);
    assert_eq!(TestDie::for_unit(&marines).die, Die::D6);
    let mut pinned_insurgents = insurgents.clone();
    pinned_insurgents.status.set_pinned(true);
    let t = TestDie::for_unit(&pinned_insurgents);
    assert_eq!((t.die, t.modifier), (Die::D6, -1));
}

#[test]
fn an_insurgent_leader_lends_his_d8() {
    use Weapon::{Leader, Rifle};
    let mut unit = bare_unit(
        Side::Insurgent,
        Die::D6,
        &[Leader, Rifle, Rifle, Rifle, Rifle],
        0,
    );
    unit.figures[0].tq = Some(Die::D8);
    assert_eq!(TestDie::for_unit(&unit).die, Die::D8);
    let pool = fire::firepower(&unit, &FireModifiers::default());
    assert_eq!(pool.notation(), "1d8 + 4d6");
    // Penalties take the weakest dice first.
    let pool = fire::firepower(
        &unit,
        &FireModifiers {
            attacker_pinned: true,
            ..FireModifiers::default()
        },
    );
    assert_eq!(pool.notation(), "1d8 + 3d6");
}

//! Nothing is offered or logged as done that the gate refuses: "carried out" only after the
//! steps it accepted, and over random games every step the opponent offers passes it.

use ambush_core::dice::DiceSource;
use ambush_core::game::{Command, RuleError};
use ambush_core::solo::plan;
use ambush_core::solo::{self, Distance, Order, RegularAction, View};
use ambush_core::unit::{Side, UnitId};

use crate::common::{self, play, unit, unit_id};

use super::{all, is_action, notes, option, roll_for, run, seeing, solo_game, try_roll_for};

/// "Carried out" is logged after the steps the gate accepted, never for a refused one.
#[test]
fn carried_out_is_logged_only_for_steps_the_gate_accepted() {
    let mut game = solo_game();
    let alpha = unit_id(&game, "alpha");
    let ins4 = unit_id(&game, "insurgents-4");
    play(&mut game, Command::StartInsurgentPhase, &[]);
    let mine = seeing(&game, ins4, alpha, Distance::RifleRange);
    let fire = option(&mine, &Order::Fire { target: alpha });
    let decide = roll_for(&mine.decide, &mine.choices[0].words);
    let steps = plan::decide_steps(&game, &mine);
    run(&mut game, steps, &mut all(6, decide));
    // The referee's edit: it has fired already. The fire is refused now.
    let mut status = unit(&game, ins4).status.clone();
    status.set_fired(true);
    play(&mut game, Command::SetStatus { unit: ins4, status }, &[]);
    let steps = plan::carried_out(&game, &fire, &[]);
    assert!(
        matches!(
            plan::refusal(&game, &plan::commands_of(&steps)),
            Some(RuleError::AlreadyFired(_))
        ),
        "the panel does not offer it"
    );
    // Played as the app plays it, the refusal stops the plan before the note.
    let mut steps = steps;
    let mut logged = Vec::new();
    while let Some(command) = plan::next_command(&game, &mut steps) {
        let mut dice = DiceSource::seeded(1);
        if game.play(command.clone(), &mut dice).is_err() {
            break;
        }
        logged.push(command);
    }
    assert!(
        !notes(&logged).iter().any(|n| n.contains("Carried out")),
        "{logged:?}"
    );
}

/// Over random games: every order offered in the Insurgent phase, and every interruption the
/// opponent weighs, passes the gate step by step, whatever the dice.
#[test]
fn over_random_games_every_step_the_opponent_offers_passes_the_gate() {
    let mut phases = (0, 0);
    for seed in 0..40u64 {
        let game = common::play_randomly(solo_game(), seed, 120 + (seed as usize % 5) * 30);
        let state = game.state();
        let regulars: Vec<UnitId> = state
            .units_in_play(Side::Regular)
            .filter(|u| !u.non_combatant)
            .map(|u| u.id)
            .collect();
        match state.phase() {
            ambush_core::game::Phase::InsurgentActions => {
                let views: Vec<(UnitId, Vec<View>)> = state
                    .units_in_play(Side::Insurgent)
                    .map(|u| {
                        let v = regulars
                            .iter()
                            .map(|r| View::seen(u, *r, Distance::Farther, seed % 2 == 0, false))
                            .collect();
                        (u.id, v)
                    })
                    .collect();
                for orders in solo::orders(&game, &views) {
                    phases.0 += 1;
                    for choice in &orders.choices {
                        let Some(decide) = try_roll_for(&orders.decide, &choice.words) else {
                            continue;
                        };
                        for face in [1u8, 6] {
                            let mut copy = game.clone();
                            let decide = decide.clone();
                            let mut steps = plan::decide_steps(&copy, &orders);
                            let own: Vec<(UnitId, View)> = views
                                .iter()
                                .filter(|(u, _)| *u == orders.unit)
                                .flat_map(|(u, v)| v.iter().map(|v| (*u, v.clone())))
                                .collect();
                            steps.extend(plan::carried_out(&copy, &choice.action, &own));
                            let played = run(&mut copy, steps, &mut all(face, decide));
                            // After a failed check, nothing of the order is done.
                            if plan::check_to_act(&copy, orders.unit) == Some(false) {
                                assert!(
                                    !played.iter().any(|c| is_action(c, orders.unit)),
                                    "{played:?}"
                                );
                            }
                        }
                    }
                }
            }
            ambush_core::game::Phase::RegularActivations => {
                let Some(active) = state.active_unit() else {
                    continue;
                };
                for action in [RegularAction::Moves, RegularAction::Fires] {
                    let views: Vec<(UnitId, View)> = solo::asked_about(&game, active, action)
                        .into_iter()
                        .map(|i| {
                            (
                                i,
                                View::seen(
                                    unit(&game, i),
                                    active,
                                    Distance::RifleRange,
                                    true,
                                    false,
                                ),
                            )
                        })
                        .collect();
                    let decisions = solo::interrupts(&game, active, action, &views, &[]);
                    for d in &decisions {
                        let Some(decide) = d
                            .decide
                            .as_ref()
                            .and_then(|c| try_roll_for(c, &d.interrupt))
                        else {
                            continue;
                        };
                        phases.1 += 1;
                        for face in [1u8, 6] {
                            let mut copy = game.clone();
                            let steps = plan::interrupt_steps(
                                &copy,
                                active,
                                std::slice::from_ref(d),
                                &views,
                            );
                            run(&mut copy, steps, &mut all(face, decide.clone()));
                        }
                    }
                }
            }
            _ => {}
        }
    }
    eprintln!(
        "orders weighed: {}, interruptions weighed: {}",
        phases.0, phases.1
    );
    assert!(phases.0 > 10 && phases.1 > 3, "{phases:?}");
}

/// Line 206: Insurgent casualties come off at once; line 127: after the Regular fire
/// the Insurgents check Morale, and only then take their interruption fire. The opponent's
/// fire waits at the front of its plan while its casualties and its check are due (it takes
/// them itself), rather than being dropped or refused.
#[test]
fn l206_l127_the_opponents_fire_waits_for_its_own_casualties_and_morale() {
    use ambush_core::game::{FireContext, PendingStep, QualityPurpose, ReactionKind};
    use ambush_core::unit::Movement;

    let mut game = solo_game();
    let alpha = unit_id(&game, "alpha");
    let ins1 = unit_id(&game, "insurgents-1");
    common::activate(&mut game, alpha, Movement::Cautious);
    play(
        &mut game,
        Command::QualityCheck {
            unit: ins1,
            purpose: QualityPurpose::Interrupt,
        },
        &[&[6]],
    );
    let test = common::reaction(&game, ins1, alpha, ReactionKind::InterruptMovement);
    play(&mut game, test, &[&[1], &[8]]);
    // The Marines fire first: two gunmen fall.
    common::hits(
        &mut game,
        common::fire(alpha, ins1, FireContext::Reaction),
        2,
    );
    let view = super::seen(&game, ins1, alpha, Distance::RifleRange);
    let mut steps = plan::fire_after_reaction(&game, ins1, alpha, &view);
    let waiting = steps.len();
    assert_eq!(plan::next_command(&game, &mut steps), None);
    assert_eq!(steps.len(), waiting, "the fire waits, it is not dropped");
    // The opponent takes its own steps: the casualties off, then its Morale check.
    for removes in [true, false] {
        let step = plan::automatic_step(&game).expect("a step of its own");
        let command = plan::command(&game, &step).expect("its command");
        assert!(
            if removes {
                matches!(command, Command::RemoveCasualties { .. })
            } else {
                matches!(command, Command::MoraleCheck { unit, .. } if unit == ins1)
            },
            "{command:?}"
        );
        let faces = common::dice_for(&game, &command, 10);
        let slices: Vec<&[u8]> = faces.iter().map(Vec::as_slice).collect();
        play(&mut game, command, &slices);
    }
    assert!(!game.state().pending_steps().iter().any(|p| matches!(
        p.step,
        PendingStep::Casualties { .. } | PendingStep::MoraleCheck { .. }
    )));
    assert!(matches!(
        plan::next_command(&game, &mut steps),
        Some(Command::Fire { attacker, .. }) if attacker == ins1
    ));
}

/// Line 206: Regulars roll First Aid for their casualties as they are taken, before anything
/// else. While the player's First Aid is due in the Insurgent phase, the units still to act
/// keep their cards, and what the opponent decides for one waits at the front of its plan: its
/// Quality check comes once the First Aid and the Morale check are rolled, not lost.
#[test]
fn l206_the_units_still_to_act_keep_their_cards_and_wait_for_the_players_first_aid() {
    use ambush_core::game::{FireContext, QualityPurpose};
    use ambush_core::unit::Movement;

    let mut game = solo_game();
    let alpha = unit_id(&game, "alpha");
    let (ins4, ins5) = (
        unit_id(&game, "insurgents-4"),
        unit_id(&game, "insurgents-5"),
    );
    play(&mut game, Command::StartInsurgentPhase, &[]);
    play(
        &mut game,
        Command::InsurgentAction {
            unit: ins4,
            movement: Movement::Cautious,
        },
        &[],
    );
    common::hits(
        &mut game,
        common::fire(ins4, alpha, FireContext::Activation),
        1,
    );
    // Alpha's First Aid is due: Insurgents 5 still has its card and may decide.
    let mine = seeing(&game, ins5, alpha, Distance::RifleRange);
    let decide = roll_for(&mine.decide, &mine.choices[0].words);
    let mut steps = plan::decide_steps(&game, &mine);
    let first = plan::next_command(&game, &mut steps).expect("the decision");
    let request = game.check(&first).expect("a decision is no action");
    assert_eq!(request.groups.len(), 1);
    play(&mut game, first, &[&decide]);
    // Its Quality check waits for the First Aid.
    assert_eq!(plan::next_command(&game, &mut steps), None);
    assert!(!steps.is_empty());
    let pending = common::pending_id(&game, |s| {
        matches!(s, ambush_core::game::PendingStep::Casualties { .. })
    });
    let figures = unit(&game, alpha).casualty_proposal(1);
    play(&mut game, Command::FirstAid { pending, figures }, &[&[1]]);
    assert_eq!(
        plan::next_command(&game, &mut steps),
        None,
        "then its Morale check"
    );
    common::morale(&mut game, alpha, 10);
    assert!(matches!(
        plan::next_command(&game, &mut steps),
        Some(Command::QualityCheck {
            unit,
            purpose: QualityPurpose::ActWithoutLeader,
        }) if unit == ins5
    ));
}

//! The agenda: what is due and what may be done, with whose answer each item is and the gate's
//! own dice, for every screen to draw from.

use ambush_core::dice::DiceRole;
use ambush_core::game::{Command, Game, PendingStep, ReactionKind, Seat};
use ambush_core::rules::checks::ReactionModifiers;
use ambush_core::unit::{Movement, Side};

use crate::common::{self, activate, new_game, pending_id, play, unit, unit_id};

/// Every item of the agenda passes the gate now, and asks for exactly the gate's dice.
fn assert_agenda_agrees_with_the_gate(game: &Game) {
    let agenda = game.state().agenda(game.scenario());
    let items = agenda
        .due
        .iter()
        .flat_map(|step| step.choices.iter().chain(step.skip.iter()))
        .chain(agenda.phase.iter());
    for item in items {
        let request = game.check(&item.command).unwrap_or_else(|e| {
            panic!(
                "the agenda offers {:?}, which the gate refuses: {e}",
                item.command
            )
        });
        let groups: Vec<_> = item.dice.iter().map(|d| d.group.clone()).collect();
        assert_eq!(groups, request.groups, "{:?}", item.command);
        assert_eq!(item.label, item.command.facts(game.state()).label);
    }
    // Each unit's items: the gate allows them now; one a check opens is allowed once checked.
    for unit in &agenda.units {
        for item in &unit.items {
            let request = game
                .check(&item.command)
                .unwrap_or_else(|e| panic!("the agenda offers {:?}, refused: {e}", item.command));
            let groups: Vec<_> = item.dice.iter().map(|d| d.group.clone()).collect();
            assert_eq!(groups, request.groups, "{:?}", item.command);
            match &item.after_check {
                None => assert_eq!(item.label, item.command.facts(game.state()).label),
                Some(then) => assert!(
                    game.state()
                        .allows_once_checked(game.scenario(), unit.unit, then),
                    "{then:?}"
                ),
            }
            assert!(
                item.command.facts(game.state()).units.contains(&unit.unit),
                "an item is listed under a unit it names: {:?}",
                item.command
            );
        }
    }
}

/// Interrupting a unit while another is on Overwatch starts with the declaration, so the
/// Overwatch unit may answer before the Reaction test (l.135); with no one on Overwatch the
/// test comes at once.
#[test]
fn an_interruption_is_declared_first_only_when_overwatch_could_answer_it() {
    let mut game = new_game();
    let (alpha, bravo) = (unit_id(&game, "alpha"), unit_id(&game, "bravo"));
    let ins4 = unit_id(&game, "insurgents-4");
    activate(&mut game, alpha, Movement::Cautious);
    let state = game.state();
    assert!(matches!(
        state.interrupt_command(
            game.scenario(),
            ins4,
            unit(&game, alpha),
            ReactionKind::InterruptMovement,
        ),
        Command::ReactionTest { .. }
    ));
    let mut game = new_game();
    play(
        &mut game,
        Command::Activate {
            unit: bravo,
            movement: Movement::Halted,
            overwatch: true,
        },
        &[],
    );
    activate(&mut game, alpha, Movement::Cautious);
    let start = game.state().interrupt_command(
        game.scenario(),
        ins4,
        unit(&game, alpha),
        ReactionKind::InterruptMovement,
    );
    assert!(matches!(start, Command::DeclareInterrupt { .. }));
    let agenda = game.state().agenda(game.scenario());
    assert!(agenda.of(ins4).iter().any(|i| i.command == start));
    play(&mut game, start, &[]);
    // Now Bravo's Overwatch test is on Bravo's list, and the Reaction test on the Insurgents'.
    let agenda = game.state().agenda(game.scenario());
    assert!(agenda.of(bravo).iter().any(|i| matches!(
        i.command,
        Command::ReactionTest {
            kind: ReactionKind::Overwatch,
            ..
        }
    )));
    assert!(agenda.of(ins4).iter().any(|i| matches!(
        i.command,
        Command::ReactionTest { kind: ReactionKind::InterruptMovement, regular, .. } if regular == alpha
    )));
    assert_agenda_agrees_with_the_gate(&game);
}

#[test]
fn the_turn_opens_with_the_insurgency_roll_for_the_insurgent_player() {
    let mut game = new_game();
    // Turn 1 opens on the Regular activations; the referee moves the turn on.
    let agenda = game.state().agenda(game.scenario());
    assert!(agenda.due.is_empty(), "{:?}", agenda.due);
    let end = agenda
        .phase
        .iter()
        .find(|i| i.command == Command::StartInsurgentPhase)
        .expect("the activations may end");
    assert_eq!(
        (end.answers, end.label.as_str()),
        (Seat::Referee, "End Regular activations")
    );
    play(&mut game, Command::StartInsurgentPhase, &[]);
    play(&mut game, Command::EndTurn, &[]);
    let agenda = game.state().agenda(game.scenario());
    let first = agenda.due.first().expect("a step is due at the start");
    assert_eq!(first.answers, Seat::Insurgent);
    let roll = first.choices.first().expect("the roll");
    assert_eq!(roll.command, Command::InsurgencyRoll);
    assert!(
        roll.dice.iter().all(|d| d.seat == Seat::Insurgent),
        "{roll:?}"
    );
    assert!(first.skip.is_some(), "a step due may be skipped");
    // The activations cannot start while the roll is due: the phase offers nothing yet.
    assert!(
        !agenda
            .phase
            .iter()
            .any(|i| i.command == Command::StartActivations),
        "{:?}",
        agenda.phase
    );
    assert_agenda_agrees_with_the_gate(&game);
}

#[test]
fn each_side_rolls_its_own_reaction_die() {
    let mut game = new_game();
    let alpha = unit_id(&game, "alpha");
    let ins4 = unit_id(&game, "insurgents-4");
    activate(&mut game, alpha, Movement::Cautious);
    let test = Command::ReactionTest {
        insurgent: ins4,
        regular: alpha,
        kind: ReactionKind::InterruptMovement,
        modifiers: ReactionModifiers::proposed(unit(&game, alpha)),
    };
    let item = game
        .state()
        .item(game.scenario(), test, Seat::Insurgent)
        .expect("the interruption is allowed");
    let seats: Vec<(DiceRole, Seat)> = item.dice.iter().map(|d| (d.group.role, d.seat)).collect();
    assert_eq!(
        seats,
        vec![
            (DiceRole::InsurgentReaction, Seat::Insurgent),
            (DiceRole::RegularReaction, Seat::Regular)
        ]
    );
    // A refused command is no item at all.
    assert!(
        game.state()
            .item(game.scenario(), Command::EndTurn, Seat::Referee)
            .is_none()
    );
}

#[test]
fn casualties_say_how_many_and_whether_they_roll_first_aid() {
    for (attacker, target, side) in [
        ("insurgents-1", "alpha", Side::Regular),
        ("alpha", "insurgents-1", Side::Insurgent),
    ] {
        let mut game = new_game();
        let a = unit_id(&game, attacker);
        if side == Side::Insurgent {
            activate(&mut game, a, Movement::Halted);
        } else {
            let edit = Command::SetTurn {
                turn: 1,
                phase: ambush_core::game::Phase::InsurgentActions,
            };
            play(&mut game, edit, &[]);
            play(
                &mut game,
                Command::InsurgentAction {
                    unit: a,
                    movement: Movement::Halted,
                },
                &[&[6]],
            );
        }
        // Every attacker die a hit, every defender die a miss: two casualties at least.
        common::fire_with(&mut game, attacker, target, |g| {
            if g.role == DiceRole::Attack {
                vec![g.die.sides(); usize::from(g.count)]
            } else {
                vec![1; usize::from(g.count)]
            }
        });
        let id = pending_id(&game, |p| matches!(p, PendingStep::Casualties { .. }));
        let agenda = game.state().agenda(game.scenario());
        let step = agenda.due.iter().find(|s| s.pending == id).expect("due");
        let pick = step.casualties.as_ref().expect("figures to choose");
        let firing = unit(&game, pick.unit).firing_count();
        assert_eq!(step.answers, Seat::of(side));
        assert!(pick.count >= 1 && pick.count <= firing, "{pick:?}");
        assert_eq!(pick.proposed.len(), pick.count);
        assert_eq!(pick.first_aid, side == Side::Regular);
        let main = &step.choices[0].command;
        assert_eq!(
            matches!(main, Command::FirstAid { .. }),
            side == Side::Regular,
            "{main:?}"
        );
        assert_agenda_agrees_with_the_gate(&game);
    }
}

#[test]
fn in_random_games_every_item_of_the_agenda_passes_the_gate() {
    for seed in 0..12 {
        let (game, _) = common::builtin_game();
        let mut game = game;
        let mut dice = ambush_core::dice::DiceSource::seeded(seed);
        for step in 0..150 {
            assert_agenda_agrees_with_the_gate(&game);
            let command =
                common::random_command(&game, &mut |n| (seed as usize * 31 + step * 7) % n.max(1));
            let _ = game.play(command, &mut dice);
        }
    }
}

#[test]
fn whose_dice_a_command_rolls_the_group_says_else_its_unit_and_secret_dice_are_the_insurgents() {
    let mut game = new_game();
    let alpha = unit_id(&game, "alpha");
    let ins1 = unit_id(&game, "insurgents-1");
    activate(&mut game, alpha, Movement::Halted);
    let fire = Command::Fire {
        attacker: alpha,
        target: ins1,
        modifiers: ambush_core::rules::fire::FireModifiers::proposed(
            unit(&game, alpha),
            unit(&game, ins1),
            game.state().settings().interruption_penalty,
        ),
        context: ambush_core::game::FireContext::Activation,
    };
    let request = game.check(&fire).expect("Alpha may fire");
    let roles: Vec<DiceRole> = request.groups.iter().map(|g| g.role).collect();
    assert_eq!(roles, [DiceRole::Attack, DiceRole::Defense]);
    assert_eq!(
        game.state().dice_seats(&fire, &request),
        [Seat::Regular, Seat::Insurgent],
        "the firer rolls the Firepower, the target the Defense"
    );
    // A Morale check names no side in its dice: the unit's side rolls it.
    let morale = Command::MoraleCheck {
        unit: ins1,
        modifier: 0,
        defensible: false,
    };
    let request = game
        .check(&morale)
        .expect("the referee may call a Morale check");
    assert_eq!(request.groups[0].role, DiceRole::Morale);
    assert!(
        game.state()
            .dice_seats(&morale, &request)
            .iter()
            .all(|s| *s == Seat::Insurgent)
    );
    // The markers of a solo game are set by dice the log keeps to itself: the Insurgents'.
    let text = ambush_core::scenario::builtin::NIGHT_PATROL;
    let loaded = ambush_core::scenario::check::load_bytes(text.as_bytes()).expect("builtin");
    let solo = Game::new(
        std::sync::Arc::new(loaded.scenario),
        ambush_core::game::Settings {
            solo: true,
            ..Default::default()
        },
    );
    let request = solo
        .check(&Command::PlaceContacts)
        .expect("the markers may be set");
    assert!(!request.groups.is_empty());
    assert!(
        solo.state()
            .dice_seats(&Command::PlaceContacts, &request)
            .iter()
            .all(|s| *s == Seat::Insurgent)
    );
}

/// A step due decides nothing when its answer is only dice (a Morale check), or casualties
/// among figures all alike or all taken: the desk gives it without waiting for a click. Which
/// of two kinds of figure falls is the owner's choice.
#[test]
fn a_step_decides_nothing_unless_the_figures_hit_differ() {
    let due_of = |game: &Game| game.state().agenda(game.scenario()).due;
    // Alpha hits Insurgents 1 (six gunmen) once: which gunman falls decides nothing, nor
    // does their Morale check.
    let mut game = new_game();
    let alpha = unit_id(&game, "alpha");
    activate(&mut game, alpha, Movement::Halted);
    let hits = |n: usize| {
        move |g: &ambush_core::dice::DiceGroup| {
            let mut faces = vec![1; usize::from(g.count)];
            if g.role == DiceRole::Attack {
                for face in faces.iter_mut().take(n) {
                    *face = g.die.sides();
                }
            }
            faces
        }
    };
    common::fire_with(&mut game, "alpha", "insurgents-1", hits(1));
    let due = due_of(&game);
    assert!(!due.is_empty());
    for step in &due {
        assert!(step.decides_nothing, "{step:?}");
    }
    // Insurgents 1 hit Alpha (two riflemen, two light support): one casualty is a choice;
    // four take them all, which is none.
    for (n, choice) in [(1, true), (4, false)] {
        let mut game = new_game();
        let edit = Command::SetTurn {
            turn: 1,
            phase: ambush_core::game::Phase::InsurgentActions,
        };
        play(&mut game, edit, &[]);
        let ins1 = unit_id(&game, "insurgents-1");
        let action = Command::InsurgentAction {
            unit: ins1,
            movement: Movement::Halted,
        };
        play(&mut game, action, &[&[6]]);
        common::fire_with(&mut game, "insurgents-1", "alpha", hits(n));
        let due = due_of(&game);
        let step = due
            .iter()
            .find(|s| s.casualties.is_some())
            .expect("casualties due");
        assert_eq!(step.casualties.as_ref().map(|c| c.count), Some(n));
        assert_eq!(step.decides_nothing, !choice, "{n} casualties: {step:?}");
    }
}

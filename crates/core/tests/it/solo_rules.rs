//! The solo opponent keeps the rules: a leaderless unit tests before it acts, a unit is asked
//! about its own reach (support weapons double it), and nothing is offered or logged as done
//! that the gate refuses. Each rule with the booklet's line it follows.

use crate::common;

use std::sync::Arc;

use ambush_core::dice::DiceSource;
use ambush_core::game::{Command, Game, QualityPurpose, ReactionKind, RuleError, Settings};
use ambush_core::rules::checks::ReactionModifiers;
use ambush_core::rules::fire;
use ambush_core::scenario::Scale;
use ambush_core::solo::plan::{self, Step};
use ambush_core::solo::{self, Distance, Order, RegularAction, UnitOrders, View};
use ambush_core::unit::{Movement, Side, UnitId};

use common::{activate, contracting_trouble, play, shake, unit, unit_id};

fn solo_game() -> Game {
    solo_game_with(Settings::default())
}

fn solo_game_with(settings: Settings) -> Game {
    Game::new(
        Arc::new(contracting_trouble()),
        Settings {
            solo: true,
            ..settings
        },
    )
}

/// A view of a Regular unit seen at `distance`, as the panel builds it from the answer.
fn seen(game: &Game, insurgent: UnitId, regular: UnitId, distance: Distance) -> View {
    View::seen(unit(game, insurgent), regular, distance, false, false)
}

/// The orders of an Insurgent unit in the Insurgent phase that sees `regular` at `distance`.
fn seeing(game: &Game, insurgent: UnitId, regular: UnitId, distance: Distance) -> UnitOrders {
    let views = [(insurgent, vec![seen(game, insurgent, regular, distance)])];
    orders_of(&solo::orders(game, &views), insurgent)
}

/// The option of these orders that gives this order.
fn option(orders: &UnitOrders, order: &Order) -> solo::OrderFor {
    orders
        .choices
        .iter()
        .find(|c| c.action.order == *order)
        .map(|c| c.action.clone())
        .unwrap_or_else(|| panic!("no {order:?} among the options"))
}

fn orders_of(orders: &[UnitOrders], unit: UnitId) -> UnitOrders {
    orders
        .iter()
        .find(|o| o.unit == unit)
        .cloned()
        .unwrap_or_else(|| panic!("no orders for {unit}"))
}

/// The two d10 of a percentile roll (tens, then units; 0 and 0 is 100) that reads `roll`.
fn percentile(roll: u8) -> Vec<u8> {
    let face = |x: u8| if x == 0 { 10 } else { x };
    vec![face(roll / 10 % 10), face(roll % 10)]
}

/// The faces that make a decision take the option with these words, if the roll can take it
/// (an option may have no chance at all).
fn try_roll_for(decide: &Command, words: &str) -> Option<Vec<u8>> {
    let Command::SoloDecide { options, .. } = decide else {
        panic!("not a decision: {decide:?}");
    };
    let mut total = 0u8;
    for option in options {
        if option.words == words && option.percent > 0 {
            return Some(percentile(total + 1));
        }
        total += option.percent;
    }
    None
}

/// The faces that make a decision take the option with these words.
fn roll_for(decide: &Command, words: &str) -> Vec<u8> {
    try_roll_for(decide, words).unwrap_or_else(|| panic!("no chance of {words} in {decide:?}"))
}

/// Plays a plan as the app does: one command at a time from the front; a refusal fails the
/// test (the opponent never gives what the gate refuses). Dice: the faces `faces` gives for
/// each group. Returns the commands played.
fn run(
    game: &mut Game,
    mut steps: Vec<Step>,
    faces: &mut impl FnMut(&Command, &ambush_core::dice::DiceGroup) -> Vec<u8>,
) -> Vec<Command> {
    let mut played = Vec::new();
    while let Some(command) = plan::next_command(game, &mut steps) {
        let request = game.check(&command).unwrap_or_else(|e| {
            panic!("the opponent gave {command:?}, which the gate refuses: {e}")
        });
        let groups: Vec<Vec<u8>> = request.groups.iter().map(|g| faces(&command, g)).collect();
        let mut dice = DiceSource::typed(groups);
        game.play(command.clone(), &mut dice)
            .unwrap_or_else(|e| panic!("{command:?}: {e}"));
        played.push(command);
    }
    played
}

/// Every die on one face (at most its sides), a decision rolled by `decide`.
fn all(
    face: u8,
    decide: Vec<u8>,
) -> impl FnMut(&Command, &ambush_core::dice::DiceGroup) -> Vec<u8> {
    move |command, group| match command {
        Command::SoloDecide { .. } => decide.clone(),
        _ => vec![face.min(group.die.sides()); usize::from(group.count)],
    }
}

fn is_action(command: &Command, unit: UnitId) -> bool {
    matches!(command, Command::InsurgentAction { unit: u, .. } if *u == unit)
        || matches!(command, Command::Fire { attacker, .. } if *attacker == unit)
        || matches!(command, Command::JoinUnit { from, .. } if *from == unit)
}

fn notes(commands: &[Command]) -> Vec<String> {
    commands
        .iter()
        .filter_map(|c| match c {
            Command::SoloNote { text, .. } => Some(text.clone()),
            _ => None,
        })
        .collect()
}

/// Line 35: "Insurgent units must have a Leader in order to take any action without passing a
/// Quality Check first." The check comes with the decision, before the player moves a figure;
/// the move and the fire follow only once it has passed.
#[test]
fn a_leaderless_unit_takes_its_quality_check_before_it_moves_or_fires() {
    let mut game = solo_game();
    let alpha = unit_id(&game, "alpha");
    let ins1 = unit_id(&game, "insurgents-1");
    play(&mut game, Command::StartInsurgentPhase, &[]);
    let mine = seeing(&game, ins1, alpha, Distance::Farther);
    // Every order but staying hidden puts the check first.
    for choice in &mine.choices {
        let steps = plan::order_steps(&game, ins1, &choice.action.order, &[]);
        let commands = plan::commands_of(&steps);
        assert_eq!(
            commands.first(),
            Some(&Command::QualityCheck {
                unit: ins1,
                purpose: QualityPurpose::ActWithoutLeader,
            }),
            "{}: {commands:?}",
            choice.words
        );
    }
    // The roll takes the best option; its check is rolled at once, and passes.
    let best = mine.choices[0].clone();
    let decide = roll_for(&mine.decide, &best.words);
    let steps = plan::decide_steps(&game, &mine);
    let played = run(&mut game, steps, &mut all(4, decide));
    assert!(
        matches!(played[1], Command::QualityCheck { .. }),
        "{played:?}"
    );
    assert!(
        !played.iter().any(|c| is_action(c, ins1)),
        "nothing is done on the table before the player has carried it out: {played:?}"
    );
    assert_eq!(
        notes(&played),
        vec!["Insurgents 1 passed its Quality check: it carries out its order.".to_owned()]
    );
    assert_eq!(unit(&game, ins1).status.movement, None);
    // Then the player carries it out: the move and the fire, then the note.
    let order = solo::chosen(&game, &mine).expect("chosen");
    let steps = plan::carried_out(&game, &order, &[]);
    let played = run(&mut game, steps, &mut all(4, Vec::new()));
    assert!(is_action(&played[0], ins1), "{played:?}");
    assert!(
        notes(&played)
            .last()
            .is_some_and(|n| n.ends_with("Carried out.")),
        "{played:?}"
    );
    assert!(unit(&game, ins1).status.activated);
}

/// Line 37 (Example 2): "If it fails the roll, no attack is made and the Insurgent unit is
/// finished for the turn." A failed check ends the unit's turn; the panel says so.
#[test]
fn a_failed_check_ends_the_units_turn_and_nothing_of_its_order_is_done() {
    let mut game = solo_game();
    let alpha = unit_id(&game, "alpha");
    let ins1 = unit_id(&game, "insurgents-1");
    play(&mut game, Command::StartInsurgentPhase, &[]);
    let views = [(ins1, vec![seen(&game, ins1, alpha, Distance::RifleRange)])];
    let mine = seeing(&game, ins1, alpha, Distance::RifleRange);
    let decide = roll_for(
        &mine.decide,
        &format!("fire at {}", unit(&game, alpha).name),
    );
    let steps = plan::decide_steps(&game, &mine);
    let played = run(&mut game, steps, &mut all(3, decide));
    assert_eq!(
        notes(&played),
        vec!["Insurgents 1 failed its Quality check: it does nothing more this turn.".to_owned()]
    );
    assert_eq!(plan::check_to_act(&game, ins1), Some(false));
    assert_eq!(solo::failed_checks(&game), vec![ins1]);
    // It has no orders left, and what its order would have done is dropped, not refused.
    assert!(solo::orders(&game, &views).iter().all(|o| o.unit != ins1));
    let order = solo::chosen(&game, &mine).expect("chosen");
    let mut all_steps = plan::order_steps(&game, ins1, &order.order, &[]);
    all_steps.extend(plan::carried_out(&game, &order, &[]));
    assert!(run(&mut game, all_steps, &mut all(6, Vec::new())).is_empty());
    assert!(!unit(&game, ins1).status.fired);
    assert_eq!(game.state().unit(alpha).map(|u| u.firing_count()), Some(4));
}

/// A unit with a leader needs no check: its order is carried out at once.
#[test]
fn a_unit_with_a_leader_acts_without_a_check() {
    let mut game = solo_game();
    let alpha = unit_id(&game, "alpha");
    let ins4 = unit_id(&game, "insurgents-4");
    play(&mut game, Command::StartInsurgentPhase, &[]);
    let mine = seeing(&game, ins4, alpha, Distance::RifleRange);
    assert_eq!(plan::decide_steps(&game, &mine).len(), 1, "the roll alone");
    for choice in &mine.choices {
        assert!(plan::check_steps(&game, ins4, &choice.action.order).is_empty());
    }
}

/// Line 151: "Support Weapons have twice the figure's normal effective fire range." The question
/// asks about the unit's own reach: its RPG's 12", and its riflemen's 6" where it has any.
#[test]
fn each_unit_is_asked_about_its_own_reach_and_its_rpg_doubles_it() {
    let game = solo_game();
    let words = |key: &str| -> Vec<(Distance, String)> {
        solo::distance_answers(&game, Some(unit_id(&game, key)))
    };
    let pairs = |v: &[(Distance, &str)]| -> Vec<(Distance, String)> {
        v.iter().map(|(d, w)| (*d, (*w).to_owned())).collect()
    };
    assert_eq!(
        words("insurgents-1"),
        pairs(&[
            (Distance::Farther, "yes, farther"),
            (Distance::RifleRange, "yes, within 6\""),
        ])
    );
    assert_eq!(
        words("insurgents-3"),
        pairs(&[
            (Distance::Farther, "yes, farther"),
            (Distance::SupportRange, "yes, within 12\" of its RPG"),
        ])
    );
    assert_eq!(
        words("insurgents-4"),
        pairs(&[
            (Distance::Farther, "yes, farther"),
            (Distance::SupportRange, "yes, within 12\" of its RPG"),
            (Distance::RifleRange, "yes, within 6\" of its leader"),
        ])
    );
    // A marker is asked about both, whatever it hides.
    assert_eq!(
        solo::distance_answers(&game, None),
        pairs(&[
            (Distance::Farther, "yes, farther"),
            (Distance::SupportRange, "yes, within 12\""),
            (Distance::RifleRange, "yes, within 6\""),
        ])
    );
    // The Optimum Range die follows the answer: within 12" counts for the RPG team, not for
    // riflemen alone.
    let ins1 = unit(&game, unit_id(&game, "insurgents-1"));
    let ins3 = unit(&game, unit_id(&game, "insurgents-3"));
    assert!(solo::within_optimum_range(ins3, Distance::SupportRange));
    assert!(!solo::within_optimum_range(ins1, Distance::SupportRange));
    assert!(solo::within_optimum_range(ins1, Distance::RifleRange));
    assert!(!solo::within_optimum_range(ins3, Distance::Farther));
}

/// Line 151 again: an RPG team that sees the Marines 10" away fires with its Optimum Range die,
/// and is not told to close in first.
#[test]
fn an_rpg_team_within_its_rpgs_reach_fires_with_the_optimum_die() {
    let mut game = solo_game();
    let alpha = unit_id(&game, "alpha");
    let ins3 = unit_id(&game, "insurgents-3");
    play(&mut game, Command::StartInsurgentPhase, &[]);
    let view = seen(&game, ins3, alpha, Distance::SupportRange);
    assert!(view.in_range);
    let mine = orders_of(&solo::orders(&game, &[(ins3, vec![view.clone()])]), ins3);
    assert!(
        !mine
            .choices
            .iter()
            .any(|c| matches!(c.action.order, Order::CloseAndFire { .. })),
        "{:?}",
        mine.choices.iter().map(|c| &c.words).collect::<Vec<_>>()
    );
    let steps = plan::order_steps(&game, ins3, &Order::Fire { target: alpha }, &[(ins3, view)]);
    let modifiers = plan::commands_of(&steps)
        .into_iter()
        .find_map(|c| match c {
            Command::Fire { modifiers, .. } => Some(modifiers),
            _ => None,
        })
        .expect("a fire");
    assert!(modifiers.optimum_range);
    let pool = fire::firepower(unit(&game, ins3), &modifiers);
    // One gunner, +2 for the RPG, +1 within Optimum Range.
    assert_eq!(pool.len(), 4, "{}", pool.notation());
    // Farther than 12": it closes in, to its RPG's reach.
    let far = seen(&game, ins3, alpha, Distance::Farther);
    let mine = orders_of(&solo::orders(&game, &[(ins3, vec![far])]), ins3);
    let close = mine
        .choices
        .iter()
        .find(|c| matches!(c.action.order, Order::CloseAndFire { .. }))
        .expect("closing in is an option");
    assert!(
        close
            .action
            .words
            .contains("Optimum Range (12\" for its RPG)"),
        "{}",
        close.action.words
    );
}

/// Line 13: "If using 28mm figures, increase all measurements in the game by 150%." The
/// questions and the orders give the distances at the game's scale.
#[test]
fn at_28mm_the_ranges_and_moves_are_half_as_long_again() {
    let mut game = solo_game_with(Settings {
        scale: Scale::Mm28,
        ..Settings::default()
    });
    let ins4 = unit_id(&game, "insurgents-4");
    let answers: Vec<String> = solo::distance_answers(&game, Some(ins4))
        .into_iter()
        .map(|(_, w)| w)
        .collect();
    assert_eq!(
        answers,
        vec![
            "yes, farther",
            "yes, within 18\" of its RPG",
            "yes, within 9\" of its leader"
        ]
    );
    play(&mut game, Command::StartInsurgentPhase, &[]);
    let mine = orders_of(&solo::orders(&game, &[]), ins4);
    let advance = mine
        .choices
        .iter()
        .find(|c| matches!(c.action.order, Order::Advance { .. }))
        .expect("an advance");
    assert!(
        advance.action.words.contains("advance Cautiously (9\")"),
        "{}",
        advance.action.words
    );
}

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

/// Line 259: Shaken units "may only move away from the enemy and may not take any aggressive
/// actions"; and line 39: a unit a leader has just joined "may only fire, not move". A Shaken
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

/// Line 39: "If the unit the leader joins has already been activated in the turn he joins it,
/// the unit and leader are done." A leader is not sent to a unit that may not act with him:
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
    let status = ambush_core::unit::UnitStatus {
        fired: true,
        ..unit(&game, ins4).status.clone()
    };
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
        match state.phase {
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
                let Some(active) = state.active_unit else {
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
                    let decisions = solo::interrupts(&game, active, action, &views);
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

/// Line 135: "Overwatch fire takes place before the Regular Unit being Interrupted makes their
/// Reaction Test." With a Marine unit on Overwatch, the opponent declares its interruption and
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
    let decisions = solo::interrupts(&game, alpha, RegularAction::Moves, &views);
    let d = decisions
        .iter()
        .find(|d| d.unit == ins1)
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
    let decisions = solo::interrupts(&game, alpha, RegularAction::Moves, &views);
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

/// What the panel asks follows what the gate and the core decide, not rules of its own: the
/// question "moves or fires first?" only when an interruption breaks into something else either
/// way, and the automatic steps are the agenda's.
#[test]
fn the_panels_questions_and_automatic_steps_come_from_the_core() {
    let mut game = solo_game();
    let alpha = unit_id(&game, "alpha");
    let bravo = unit_id(&game, "bravo");
    activate(&mut game, alpha, Movement::Rapid);
    assert!(solo::asks_what_first(unit(&game, alpha)));
    activate(&mut game, bravo, Movement::Halted);
    assert!(!solo::asks_what_first(unit(&game, bravo)));
    play(&mut game, Command::StartInsurgentPhase, &[]);
    play(&mut game, Command::EndTurn, &[]);
    let agenda = game.state().agenda(game.scenario());
    let first = agenda.due[0].choices[0].command.clone();
    assert_eq!(
        plan::automatic_step(&game),
        Some(Step::always(first)),
        "the Insurgency roll, as the agenda lists it"
    );
}

/// In its own phase a unit is asked what it sees only of the Marines the gate would let it fire
/// at: none for a Shaken unit, none for a leader on his own.
#[test]
fn only_units_the_gate_lets_fire_are_asked_what_they_see_in_their_phase() {
    let mut game = solo_game();
    let ins1 = unit_id(&game, "insurgents-1");
    let leader = unit_id(&game, "leader-2a");
    play(&mut game, Command::StartInsurgentPhase, &[]);
    assert!(!solo::asked_in_phase(&game, ins1).is_empty());
    assert!(solo::asked_in_phase(&game, leader).is_empty());
    shake(&mut game, ins1);
    assert!(solo::asked_in_phase(&game, ins1).is_empty());
}

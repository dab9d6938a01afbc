//! The solo opponent on hand-made situations: options weighed by the exact odds, a recorded
//! roll choosing among them, difficulty, and what it asks.

use crate::common;

use std::sync::Arc;

use ambush_core::dice::DiceSource;
use ambush_core::game::{Command, Game, ReactionKind, Settings, SoloDifficulty};
use ambush_core::solo::{self, Order, RegularAction, UnitOrders, View};
use ambush_core::unit::{Movement, UnitId};

use common::{activate, contracting_trouble, play, shake, unit, unit_id};

fn solo_game(difficulty: SoloDifficulty) -> Game {
    Game::new(
        Arc::new(contracting_trouble()),
        Settings {
            solo: true,
            difficulty,
            ..Settings::default()
        },
    )
}

fn view(regular: UnitId, in_range: bool, exposed: bool) -> View {
    View {
        regular,
        in_range,
        exposed,
        solid_cover: false,
    }
}

fn orders_of(orders: &[UnitOrders], unit: UnitId) -> &UnitOrders {
    orders.iter().find(|o| o.unit == unit).expect("orders")
}

/// The options of a decision: (words, percent), best first.
fn options(decide: &Command) -> Vec<(String, u8)> {
    match decide {
        Command::SoloDecide { options, .. } => options
            .iter()
            .map(|o| (o.words.clone(), o.percent))
            .collect(),
        other => panic!("not a decision: {other:?}"),
    }
}

#[test]
fn a_shaken_unit_never_attacks() {
    let mut game = solo_game(SoloDifficulty::Veteran);
    let alpha = unit_id(&game, "alpha");
    let ins4 = unit_id(&game, "insurgents-4");
    shake(&mut game, ins4);
    activate(&mut game, alpha, Movement::Rapid);
    // In the open, running and in range: still no interrupt, and nothing to weigh.
    let decisions = solo::interrupts(
        &game,
        alpha,
        RegularAction::Moves,
        &[(ins4, view(alpha, true, true))],
    );
    assert_eq!(decisions.len(), 1);
    assert!(decisions[0].decide.is_none());
    let held = decisions[0].held.clone().unwrap_or_default();
    assert!(held.contains("Shaken"), "{held}");
    // It is not even asked whether it sees the Marines.
    assert!(!solo::asked_about(&game, alpha, RegularAction::Moves).contains(&ins4));
    // In its own phase it falls back, certainly, with no dice.
    play(&mut game, Command::StartInsurgentPhase, &[]);
    let orders = solo::orders(&game, &[(ins4, vec![view(alpha, true, true)])]);
    let mine = orders_of(&orders, ins4);
    assert_eq!(options(&mine.decide), vec![("fall back".to_owned(), 100)]);
    assert!(game.check(&mine.decide).is_ok_and(|r| r.is_empty()));
}

#[test]
fn the_exact_odds_rank_the_targets() {
    let mut game = solo_game(SoloDifficulty::Regular);
    let alpha = unit_id(&game, "alpha");
    let bravo = unit_id(&game, "bravo");
    let ins1 = unit_id(&game, "insurgents-1");
    play(&mut game, Command::StartInsurgentPhase, &[]);
    let orders = solo::orders(
        &game,
        &[(
            ins1,
            vec![view(alpha, true, false), view(bravo, true, true)],
        )],
    );
    let mine = orders_of(&orders, ins1);
    // Best first: Bravo in the open, whose Defense loses its cover die.
    assert_eq!(mine.choices[0].action.order, Order::Fire { target: bravo });
    assert!(
        mine.choices[0].odds.contains("casualties expected"),
        "{}",
        mine.choices[0].odds
    );
    let weighed = options(&mine.decide);
    let alpha_percent = weighed
        .iter()
        .find(|(w, _)| w == "fire at Fireteam Alpha")
        .map(|(_, p)| *p)
        .unwrap_or(0);
    assert!(weighed[0].1 > alpha_percent, "{weighed:?}");
    assert_eq!(weighed.iter().map(|(_, p)| u32::from(*p)).sum::<u32>(), 100);
}

#[test]
fn the_same_position_with_other_dice_gives_other_legal_reasoned_choices() {
    let mut game = solo_game(SoloDifficulty::Recruit);
    let alpha = unit_id(&game, "alpha");
    let ins1 = unit_id(&game, "insurgents-1");
    play(&mut game, Command::StartInsurgentPhase, &[]);
    let orders = solo::orders(&game, &[(ins1, vec![view(alpha, false, false)])]);
    let mine = orders_of(&orders, ins1).clone();
    let weighed = options(&mine.decide);
    assert!(weighed.len() >= 3, "{weighed:?}");
    let mut taken = std::collections::BTreeSet::new();
    // Percentiles 01, 50 and 00 (= 100): the first, a middle and the last option's share.
    for faces in [[10u8, 1u8], [5, 10], [10, 10]] {
        let mut copy = game.clone();
        play(&mut copy, mine.decide.clone(), &[&faces]);
        let order = solo::chosen(&copy, &mine).expect("an order was chosen");
        // Every choice is one the rules allow, with its reason.
        assert!(!order.reason.is_empty());
        for step in solo::plan::order_steps(&copy, ins1, &order.order, &[]) {
            if let Some(command) = solo::plan::command(&copy, &step) {
                assert!(copy.check(&command).is_ok(), "{command:?}");
            }
        }
        taken.insert(order.words.clone());
        let last = copy
            .state()
            .solo_decisions
            .last()
            .cloned()
            .expect("recorded");
        assert_eq!(
            last.roll,
            Some(if faces == [10, 10] {
                100
            } else {
                faces[0] % 10 * 10 + faces[1] % 10
            })
        );
    }
    assert!(taken.len() >= 2, "the dice changed the choice: {taken:?}");
}

#[test]
fn a_stand_off_at_six_to_eight_inches_leads_to_a_move() {
    // A Marine team halted in cover beyond the Insurgents' 6" but within its own 8".
    for difficulty in SoloDifficulty::ALL {
        let mut game = solo_game(difficulty);
        let alpha = unit_id(&game, "alpha");
        let ins1 = unit_id(&game, "insurgents-1");
        activate(&mut game, alpha, Movement::Halted);
        play(&mut game, Command::StartInsurgentPhase, &[]);
        let orders = solo::orders(&game, &[(ins1, vec![view(alpha, false, false)])]);
        let mine = orders_of(&orders, ins1);
        assert_eq!(
            mine.choices[0].action.order,
            Order::CloseAndFire { target: alpha },
            "{difficulty:?}: {:?}",
            options(&mine.decide)
        );
        // And the move and the fire that follow are both allowed.
        let steps = solo::plan::order_steps(&game, ins1, &mine.choices[0].action.order, &[]);
        let mut copy = game.clone();
        let mut dice = DiceSource::seeded(3);
        for step in steps {
            if let Some(command) = solo::plan::command(&copy, &step) {
                copy.play(command.clone(), &mut dice)
                    .unwrap_or_else(|e| panic!("{command:?}: {e}"));
            }
        }
        assert!(unit(&copy, ins1).status.fired, "it closed in and fired");
    }
}

#[test]
fn a_lone_rpg_team_that_sees_nothing_moves_up() {
    let mut game = solo_game(SoloDifficulty::Regular);
    let ins3 = unit_id(&game, "insurgents-3");
    assert_eq!(unit(&game, ins3).figures.len(), 1, "a lone RPG gunner");
    play(&mut game, Command::StartInsurgentPhase, &[]);
    let orders = solo::orders(&game, &[]);
    let mine = orders_of(&orders, ins3);
    let best = &mine.choices[0].action.order;
    assert!(
        matches!(best, Order::Advance { .. } | Order::BlockExit { .. }),
        "{:?}",
        options(&mine.decide)
    );
}

#[test]
fn a_used_interrupt_is_not_used_twice() {
    let mut game = solo_game(SoloDifficulty::Regular);
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
    assert!(first[0].decide.is_some());
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
    let held = second[0].held.clone().unwrap_or_default();
    assert!(held.contains("already interrupted"), "{held}");
}

#[test]
fn a_lone_leader_weighs_joining_against_staying_out_of_sight() {
    let mut game = solo_game(SoloDifficulty::Regular);
    let leader_2a = unit_id(&game, "leader-2a");
    play(&mut game, Command::StartInsurgentPhase, &[]);
    let orders = solo::orders(&game, &[]);
    // Leaders first: what they do changes what the units they join may do.
    assert!(
        game.state()
            .unit(orders[0].unit)
            .is_some_and(|u| u.leaders_only())
    );
    let mine = orders_of(&orders, leader_2a);
    let words: Vec<String> = options(&mine.decide).into_iter().map(|(w, _)| w).collect();
    assert!(words.iter().any(|w| w == "stay out of sight"), "{words:?}");
    assert!(
        words.iter().any(|w| w.starts_with("join Insurgents")),
        "{words:?}"
    );
    // Never asked whether he sees the Marines: he never fires from where he is.
    let alpha = unit_id(&game, "alpha");
    assert!(!solo::asked_about(&game, alpha, RegularAction::Moves).contains(&leader_2a));
}

#[test]
fn carrying_the_contractors_makes_blocking_the_exit_an_option() {
    let mut game = solo_game(SoloDifficulty::Regular);
    let bravo = unit_id(&game, "bravo");
    let contractors = unit_id(&game, "contractors");
    let ins4 = unit_id(&game, "insurgents-4");
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
    let mine = orders_of(&orders, ins4);
    let block = mine
        .choices
        .iter()
        .find(|c| matches!(c.action.order, Order::BlockExit { .. }))
        .expect("a block");
    assert!(
        block.action.words.contains("Fireteam Bravo"),
        "{}",
        block.action.words
    );
    assert!(block.odds.contains("10 victory points"), "{}", block.odds);
}

#[test]
fn only_units_that_could_interrupt_are_asked_about() {
    let mut game = solo_game(SoloDifficulty::Regular);
    let alpha = unit_id(&game, "alpha");
    activate(&mut game, alpha, Movement::Rapid);
    let asked = solo::asked_about(&game, alpha, RegularAction::Moves);
    // Every Insurgent unit on the table but the lone leaders.
    for id in &asked {
        assert!(!unit(&game, *id).leaders_only());
    }
    let on_table = game
        .state()
        .units_in_play(ambush_core::unit::Side::Insurgent)
        .filter(|u| !u.leaders_only())
        .count();
    assert_eq!(asked.len(), on_table);
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

/// Of 1,000 seeded decisions at a difficulty: how many interrupts among answers to an
/// activation, and how many fire orders (in place or after closing in) in the Insurgent phase.
fn rates(difficulty: SoloDifficulty) -> (usize, usize) {
    let base = solo_game(difficulty);
    let regulars = [unit_id(&base, "alpha"), unit_id(&base, "bravo")];
    let insurgents = [
        unit_id(&base, "insurgents-1"),
        unit_id(&base, "insurgents-4"),
        unit_id(&base, "insurgents-3"),
    ];
    let speeds = [Movement::Cautious, Movement::Rapid, Movement::Halted];
    let (mut interrupts, mut fires) = (0, 0);
    for seed in 0..1000u64 {
        let pick = |n: u64, k: usize| ((seed / n) % k as u64) as usize;
        let regular = regulars[pick(1, 2)];
        let insurgent = insurgents[pick(2, 3)];
        let sight = view(regular, pick(6, 2) == 1, pick(12, 2) == 1);
        let mut dice = DiceSource::seeded(seed);
        // An activation, answered.
        let mut game = base.clone();
        activate(&mut game, regular, speeds[pick(24, 3)]);
        let decisions = solo::interrupts(
            &game,
            regular,
            RegularAction::Moves,
            &[(insurgent, sight.clone())],
        );
        if let Some(d) = decisions.first()
            && let Some(decide) = &d.decide
        {
            game.play(decide.clone(), &mut dice)
                .expect("a legal decision");
            if solo::plan::taken(
                &game,
                insurgent,
                &ambush_core::solo::InterruptDecision::about(&unit(&game, regular).name),
            )
            .is_some_and(|w| w == d.interrupt)
            {
                interrupts += 1;
            }
        }
        // Its own phase, with the same view.
        let mut game = base.clone();
        play(&mut game, Command::StartInsurgentPhase, &[]);
        let orders = solo::orders(&game, &[(insurgent, vec![sight])]);
        let mine = orders_of(&orders, insurgent).clone();
        game.play(mine.decide.clone(), &mut dice)
            .expect("a legal decision");
        if solo::chosen(&game, &mine)
            .is_some_and(|o| matches!(o.order, Order::Fire { .. } | Order::CloseAndFire { .. }))
        {
            fires += 1;
        }
    }
    (interrupts, fires)
}

#[test]
fn difficulty_changes_how_readily_the_insurgents_interrupt() {
    let [recruit, regular, veteran] = SoloDifficulty::ALL.map(rates);
    eprintln!(
        "interrupts and fire orders per 1,000 decisions: Recruit {recruit:?}, Regular {regular:?}, Veteran {veteran:?}"
    );
    assert!(recruit.0 + 50 < regular.0, "{recruit:?} {regular:?}");
    assert!(regular.0 + 50 < veteran.0, "{regular:?} {veteran:?}");
    // Sharper choices fire more when firing is the better option.
    assert!(recruit.1 < veteran.1, "{recruit:?} {veteran:?}");
}

#[test]
fn the_report_tells_each_decision_and_the_best_option_passed_over_and_hidden_waits_for_the_end() {
    let mut game = solo_game(SoloDifficulty::Recruit);
    let alpha = unit_id(&game, "alpha");
    let ins1 = unit_id(&game, "insurgents-1");
    let settings = Settings {
        doctrine_hidden: true,
        ..game.state().settings.clone()
    };
    play(&mut game, Command::ChangeSettings { settings }, &[]);
    play(&mut game, Command::StartInsurgentPhase, &[]);
    let orders = solo::orders(&game, &[(ins1, vec![view(alpha, false, false)])]);
    let mine = orders_of(&orders, ins1).clone();
    // A roll of 100 takes the last option, so the best one is passed over.
    let outcome = play(&mut game, mine.decide.clone(), &[&[10, 10]]);
    let best = mine.choices[0].words.clone();
    let last = mine
        .choices
        .last()
        .map(|c| c.words.clone())
        .unwrap_or_default();
    assert_eq!(
        outcome.summary,
        format!("Solo: Insurgents 1 decides: {last}")
    );
    let during = ambush_core::report::text(&game);
    assert!(
        during.contains("1 decisions, kept hidden until the game is over"),
        "{during}"
    );
    assert!(!during.contains(&best), "{during}");
    play(&mut game, Command::EndGame, &[]);
    let after = ambush_core::report::text(&game);
    assert!(after.contains("Solo opponent's decisions"), "{after}");
    assert!(
        after.contains(&format!("Turn 1, Insurgents 1, its orders: {last} (")),
        "{after}"
    );
    assert!(
        after.contains(&format!("best passed over: {best} (")),
        "{after}"
    );
    assert!(after.contains("rolled 100"), "{after}");
    let json = ambush_core::report::json(&game);
    assert_eq!(json["solo_decisions"].as_array().map(Vec::len), Some(1));
}

#[test]
fn a_decision_is_refused_unless_it_is_well_formed_and_asks_for_no_dice_then() {
    let game = solo_game(SoloDifficulty::Regular);
    let ins1 = unit_id(&game, "insurgents-1");
    let alpha = unit_id(&game, "alpha");
    let option = |words: &str, percent| ambush_core::game::SoloOption {
        words: words.to_owned(),
        percent,
        odds: String::new(),
    };
    let decide = |unit, options| Command::SoloDecide {
        unit,
        about: "its orders".to_owned(),
        options,
    };
    assert!(
        game.check(&decide(ins1, vec![option("a", 60), option("b", 30)]))
            .is_err()
    );
    assert!(game.check(&decide(ins1, vec![])).is_err());
    assert!(game.check(&decide(alpha, vec![option("a", 100)])).is_err());
    let request = game
        .check(&decide(ins1, vec![option("a", 60), option("b", 40)]))
        .expect("well formed");
    assert_eq!(request.groups.len(), 1);
    assert_eq!(request.groups[0].count, 2);
    // Not in a game for two.
    let two = common::new_game();
    assert!(two.check(&decide(ins1, vec![option("a", 100)])).is_err());
}

//! Options weighed by the exact odds: targets ranked, other dice giving other reasoned choices,
//! and what a shaken unit, a stand-off, a lone RPG team, a used interrupt, a lone leader and the
//! contractors' escort weigh.

use crate::common;

use ambush_core::dice::DiceSource;
use ambush_core::game::{Command, ReactionKind, SoloDifficulty};
use ambush_core::solo::{self, Order, RegularAction};
use ambush_core::unit::Movement;

use common::{activate, play, shake, unit, unit_id};

use super::{options, orders_of, solo_game, view};

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
        &[],
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
            .solo_decisions()
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
        assert!(unit(&copy, ins1).status.fired(), "it closed in and fired");
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
        &[],
    );
    assert!(first[0].decide.is_some());
    let test = common::reaction(&game, ins4, alpha, ReactionKind::InterruptMovement);
    play(&mut game, test, &[&[6], &[1]]);
    activate(&mut game, bravo, Movement::Rapid);
    let second = solo::interrupts(
        &game,
        bravo,
        RegularAction::Moves,
        &[(ins4, view(bravo, true, true))],
        &[],
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

//! A leaderless unit tests before it acts (line 35): the check comes first, a failed one ends
//! its turn (line 37), and a unit with a leader needs none.

use ambush_core::game::{Command, QualityPurpose};
use ambush_core::solo::plan;
use ambush_core::solo::{self, Distance};

use crate::common::{play, unit, unit_id};

use super::{all, is_action, notes, roll_for, run, seeing, seen, solo_game};

/// Line 35: an Insurgent unit with no Leader must pass a Quality check before it does anything.
/// The check comes with the decision, before the player moves a figure;
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
    assert_eq!(unit(&game, ins1).status.movement(), None);
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
    assert!(unit(&game, ins1).status.activated());
}

/// Line 37 (Example 2): a leaderless unit that fails its check makes no attack and does nothing
/// more this turn. A failed check ends the unit's turn; the panel says so.
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
    assert!(!unit(&game, ins1).status.fired());
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

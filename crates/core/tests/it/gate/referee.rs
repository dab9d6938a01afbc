//! What the referee settles and reads: the end of the game or play going on, edits within
//! every bound, and the words of the log and the report.

use crate::common;

use ambush_core::game::{Command, FireContext, Game, RuleError};
use ambush_core::unit::Movement;

use common::{activate, fire, new_game, play, play_all, refused, unit, unit_id};

#[test]
fn the_last_turn_ends_the_game_when_the_referee_confirms_or_play_goes_on() {
    let mut scenario = common::contracting_trouble();
    scenario.turn_limit = Some(1);
    let mut game = Game::new(std::sync::Arc::new(scenario), Default::default());
    assert!(matches!(
        refused(&mut game, Command::PlayOn),
        RuleError::NoEndProposed
    ));
    play(&mut game, Command::StartInsurgentPhase, &[]);
    play(&mut game, Command::EndTurn, &[]);
    assert!(
        game.state()
            .headline()
            .contains("turn 1, the scenario's last")
    );
    let outcome = play(&mut game, Command::PlayOn, &[]);
    assert!(
        outcome.summary.starts_with("Play goes on"),
        "{}",
        outcome.summary
    );
    assert_eq!(game.state().end_proposed(), None);
    // Playing on, turn 2 starts with its Insurgency roll; the end is not proposed again.
    play(&mut game, Command::InsurgencyRoll, &[]);
    let table = game.state().pending_steps()[0].id;
    play(&mut game, Command::SkipPending { pending: table }, &[]);
    play(&mut game, Command::StartActivations, &[]);
    play(&mut game, Command::StartInsurgentPhase, &[]);
    play(&mut game, Command::EndTurn, &[]);
    assert_eq!(game.state().end_proposed(), None);
}

#[test]
fn every_bound_is_kept_by_edits_victory_points_and_turns() {
    use ambush_core::game::command::{NewFigure, UnitChanges};
    let mut game = new_game();
    let alpha = unit_id(&game, "alpha");
    let too_much = |changes| Command::EditUnit {
        unit: alpha,
        changes,
    };
    for changes in [
        UnitChanges {
            armor: Some(255),
            ..Default::default()
        },
        UnitChanges {
            optimum_range: Some(u32::MAX),
            ..Default::default()
        },
        UnitChanges {
            name: Some("   ".to_owned()),
            ..Default::default()
        },
    ] {
        assert!(matches!(
            refused(&mut game, too_much(changes)),
            RuleError::Limit(_)
        ));
    }
    // Figures: a unit holds at most 50.
    let figure = NewFigure {
        name: "Rifleman".to_owned(),
        weapon: ambush_core::unit::Weapon::Rifle,
        tq: None,
    };
    let mut added = 0;
    while game
        .check(&Command::AddFigure {
            unit: alpha,
            figure: figure.clone(),
        })
        .is_ok()
    {
        play(
            &mut game,
            Command::AddFigure {
                unit: alpha,
                figure: figure.clone(),
            },
            &[],
        );
        added += 1;
    }
    assert_eq!(unit(&game, alpha).figures.len(), 50);
    assert_eq!(added, 46);
    // Victory counts stay between 0 and 1000: no overflow into negative points.
    let award = |delta| Command::AwardVictory {
        item: "marine-killed".to_owned(),
        delta,
    };
    assert!(matches!(
        refused(&mut game, award(i32::MAX)),
        RuleError::Limit(_)
    ));
    assert!(matches!(refused(&mut game, award(-1)), RuleError::Limit(_)));
    // Turns: 1 to 999, and the turn after 999 never comes.
    let set_turn = |turn| Command::SetTurn {
        turn,
        phase: ambush_core::game::Phase::InsurgentActions,
    };
    assert!(matches!(
        refused(&mut game, set_turn(u32::MAX)),
        RuleError::Limit(_)
    ));
    play(&mut game, set_turn(999), &[]);
    assert!(matches!(
        refused(&mut game, Command::EndTurn),
        RuleError::Limit(_)
    ));
}

#[test]
fn the_words_of_the_game_say_what_happened_once_and_plainly() {
    let mut game = new_game();
    let alpha = unit_id(&game, "alpha");
    let leader = unit_id(&game, "leader-2b");
    // A leader on his own hit: he is taken off, not "Leader 2B loses Leader 2B".
    activate(&mut game, alpha, Movement::Halted);
    play_all(&mut game, fire(alpha, leader, FireContext::Activation), 8);
    let pending = game.state().pending_steps()[0].id;
    let figures = unit(&game, leader).casualty_proposal(1);
    let outcome = play(
        &mut game,
        Command::RemoveCasualties { pending, figures },
        &[],
    );
    assert_eq!(outcome.summary, "Leader 2B is hit and taken off the table");
    // In the middle of the game the report gives the score so far, not a winner.
    play(
        &mut game,
        Command::AwardVictory {
            item: "marine-killed".to_owned(),
            delta: 1,
        },
        &[],
    );
    let report = ambush_core::report::markdown(&game);
    assert!(
        report.contains("Victory points so far: Regulars 0, Insurgents 2"),
        "{report}"
    );
    assert!(!report.contains("win"), "{report}");
}

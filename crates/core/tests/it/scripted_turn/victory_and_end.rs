//! Scoring and the end: the contractors escorted off, the turn limit, the referee ending the
//! game.

use crate::common;

use ambush_core::dice::DiceSource;
use ambush_core::game::{Command, Game, Phase};
use ambush_core::unit::{Movement, Presence};

use common::{activate, new_game, play, unit, unit_id};

#[test]
fn escorting_the_contractors_off_scores() {
    let mut game = new_game();
    let bravo = unit_id(&game, "bravo");
    let contractors = unit_id(&game, "contractors");
    activate(&mut game, bravo, Movement::Cautious);
    play(
        &mut game,
        Command::JoinUnit {
            from: contractors,
            into: bravo,
        },
        &[],
    );
    play(
        &mut game,
        Command::LeaveTable {
            unit: bravo,
            edge: Some(ambush_core::tabletop::Edge::South),
        },
        &[],
    );
    assert_eq!(game.state().victory_points(game.scenario()), (10, 0));
    assert_eq!(unit(&game, bravo).presence, Presence::LeftTable);
}

#[test]
fn the_game_ends_at_the_turn_limit_and_only_edits_remain() {
    let mut scenario = common::contracting_trouble();
    scenario.turn_limit = Some(1);
    let mut game = Game::new(
        std::sync::Arc::new(scenario),
        ambush_core::game::Settings::default(),
    );
    play(&mut game, Command::StartInsurgentPhase, &[]);
    let outcome = play(&mut game, Command::EndTurn, &[]);
    assert!(outcome.summary.contains("last"), "{}", outcome.summary);
    // The app proposes the end; the referee confirms it.
    assert_eq!(
        game.state().end_proposed(),
        Some(&ambush_core::game::EndReason::LastTurn { turn: 1 })
    );
    assert!(
        game.state().pending_steps().is_empty(),
        "no Insurgency roll is due"
    );
    let outcome = play(&mut game, Command::EndGame, &[]);
    assert!(
        outcome.summary.contains("after turn 1"),
        "{}",
        outcome.summary
    );
    assert_eq!(game.state().phase(), Phase::GameOver);
    let alpha = unit_id(&game, "alpha");
    let refused = game.play(
        Command::MoraleCheck {
            unit: alpha,
            modifier: 0,
            defensible: false,
        },
        &mut DiceSource::seeded(1),
    );
    assert!(matches!(
        refused,
        Err(ambush_core::game::PlayError::Rule(
            ambush_core::game::RuleError::GameOver
        ))
    ));
    play(
        &mut game,
        Command::AwardVictory {
            item: "captive-held".to_owned(),
            delta: 2,
        },
        &[],
    );
    assert_eq!(game.state().victory_points(game.scenario()), (0, 10));
    assert!(
        game.state()
            .final_score(game.scenario())
            .ends_with("the Insurgents win")
    );
}

#[test]
fn the_referee_can_end_the_game() {
    let mut game = new_game();
    let outcome = play(&mut game, Command::EndGame, &[]);
    assert!(outcome.summary.contains("a draw"), "{}", outcome.summary);
    assert_eq!(game.state().phase(), Phase::GameOver);
    // Undo brings the game back.
    assert!(game.undo().is_ok());
    assert_eq!(game.state().phase(), Phase::RegularActivations);
}

//! The recorded roll: a decision is refused unless it is well formed, and the report tells each
//! one with the best option passed over.

use crate::common;

use ambush_core::game::{Command, Settings, SoloDifficulty};
use ambush_core::solo;

use common::{play, unit_id};

use super::{orders_of, solo_game, view};

#[test]
fn the_report_tells_each_decision_and_the_best_option_passed_over_and_hidden_waits_for_the_end() {
    let mut game = solo_game(SoloDifficulty::Recruit);
    let alpha = unit_id(&game, "alpha");
    let ins1 = unit_id(&game, "insurgents-1");
    let settings = Settings {
        doctrine_hidden: true,
        ..game.state().settings().clone()
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

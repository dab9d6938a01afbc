//! Words that say what the scenario and the game say: edges that score are choices, a row that
//! only rolls again says so, and a unit's Troop Quality is its own.

use std::sync::Arc;

use ambush_core::game::{Command, Game, PendingStep, Settings};
use ambush_core::scenario::VictoryTrigger;
use ambush_core::scenario::builtin;
use ambush_core::scenario::check::load_bytes;
use ambush_core::tabletop::Edge;
use serde_json::{Value, json};

use crate::common::{pending_id, play};

#[test]
fn edges_that_score_are_choices_not_all_at_once() {
    let trigger = VictoryTrigger::EscortedOff {
        tag: "hostage".to_owned(),
        edges: vec![Edge::South, Edge::East],
        ends_game: true,
    };
    let words = trigger.words();
    assert!(words.contains("the south or east edge"), "{words}");
    assert!(!words.contains(" and "), "{words}");
}

#[test]
fn a_row_that_brings_nobody_and_rolls_again_says_so() {
    let mut v: Value = serde_json::from_str(builtin::CONTRACTING_TROUBLE).expect("JSON");
    let rows = v["reinforcements"].as_array_mut().expect("rows");
    let row = rows
        .iter_mut()
        .find(|r| r["id"] == "roll-4")
        .expect("the row of 4");
    row["units"] = json!([]);
    let loaded = load_bytes(v.to_string().as_bytes()).unwrap_or_else(|e| panic!("{e}"));
    let mut game = Game::new(Arc::new(loaded.scenario), Settings::default());
    play(&mut game, Command::StartInsurgentPhase, &[]);
    play(&mut game, Command::EndTurn, &[]);
    play(&mut game, Command::InsurgencyRoll, &[]);
    let pending = pending_id(&game, |s| *s == PendingStep::TableRoll);
    let outcome = play(&mut game, Command::TableRoll { pending }, &[&[1, 3]]);
    assert_eq!(
        outcome.summary,
        "Reinforcement table 4: nobody yet: roll again"
    );
    assert!(!outcome.summary.contains(", and"), "{}", outcome.summary);
}

#[test]
fn the_report_gives_a_unit_its_own_troop_quality() {
    let loaded = load_bytes(builtin::CONTRACTING_TROUBLE.as_bytes()).expect("loads");
    let game = Game::new(Arc::new(loaded.scenario), Settings::default());
    let text = ambush_core::report::text(&game);
    // Insurgents 4 are d6 figures with a d8 leader: the leader's die is his, and their tests'.
    let line = text
        .lines()
        .find(|l| l.trim_start().starts_with("Insurgents 4 —"))
        .unwrap_or_else(|| panic!("{text}"));
    assert!(line.contains("TQ d6 (tests with d8)"), "{line}");
    assert!(text.contains("Leader (Leader, d8)"), "{text}");
    let line = text
        .lines()
        .find(|l| l.trim_start().starts_with("Insurgents 1 —"))
        .unwrap_or_else(|| panic!("{text}"));
    assert!(line.contains("TQ d6,"), "{line}");
}

#[test]
fn escorts_that_leave_by_the_wrong_edge_are_not_called_an_objective_met() {
    use crate::common::{activate, new_game, unit_id};
    use ambush_core::game::EndReason;
    use ambush_core::unit::Movement;
    let mut game = new_game();
    let contractors = unit_id(&game, "contractors");
    let bravo = unit_id(&game, "bravo");
    activate(&mut game, bravo, Movement::Rapid);
    play(
        &mut game,
        Command::JoinUnit {
            from: contractors,
            into: bravo,
        },
        &[],
    );
    let leave = |edge| Command::LeaveTable {
        unit: bravo,
        edge: Some(edge),
    };
    // Off the north edge: they score nothing, and the end says so.
    let mut north = game.clone();
    let outcome = play(&mut north, leave(Edge::North), &[]);
    let reason = north.state().end_proposed().expect("the end is proposed");
    assert!(matches!(
        reason,
        EndReason::EveryoneEscorted {
            scored: 0,
            left: 2,
            ..
        }
    ));
    let words = reason.describe();
    assert_eq!(
        words,
        "every figure tagged \"contractor\" has left the table, none by an edge that scores (Contractor escorted off the table: no points)"
    );
    assert!(!words.contains("objective is met"));
    assert!(
        outcome.notes.iter().any(|n| n.contains(&words)),
        "{outcome:?}"
    );
    assert!(
        north
            .state()
            .final_score(north.scenario())
            .ends_with("a draw")
    );
    // Off the south edge: both score, and the end says they were escorted off.
    play(&mut game, leave(Edge::South), &[]);
    let reason = game.state().end_proposed().expect("the end is proposed");
    assert_eq!(
        reason.describe(),
        "every figure tagged \"contractor\" is escorted off by an edge that scores (Contractor escorted off the table)"
    );
    // Played on past, the same end is not proposed again when a count changes.
    play(&mut game, Command::PlayOn, &[]);
    play(
        &mut game,
        Command::AwardVictory {
            item: "contractor-escorted".to_owned(),
            delta: -1,
        },
        &[],
    );
    assert_eq!(game.state().end_proposed(), None);
}

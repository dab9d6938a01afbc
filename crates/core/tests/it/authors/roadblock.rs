//! Roadblock at Dawn, the built-in scenario of version 3, played through from the first turn to
//! the end: its events on a set turn, its quick reaction force on a roll, an escort that does
//! not end the game, an item scored once, the turn limit rolled at the end of turn 6, and the
//! result its thresholds name. The dice no test needs to choose come from a seeded generator.

use std::sync::Arc;

use ambush_core::dice::DiceSource;
use ambush_core::game::{Command, EndReason, Game, Outcome, PendingStep, Phase, Settings};
use ambush_core::rules::reinforcements::InsurgencyLevel;
use ambush_core::scenario::builtin;
use ambush_core::scenario::check::load_bytes;
use ambush_core::tabletop::Edge;
use ambush_core::unit::UnitId;
use ambush_core::unit::{Movement, Presence};

use crate::common::{activate, play, settle, unit, unit_id};

pub(super) fn roadblock() -> Game {
    let loaded =
        load_bytes(builtin::ROADBLOCK_AT_DAWN.as_bytes()).unwrap_or_else(|e| panic!("{e}"));
    assert!(loaded.warnings.is_empty(), "{:?}", loaded.warnings);
    Game::new(Arc::new(loaded.scenario), Settings::default())
}

pub(super) fn rolled(game: &mut Game, command: Command, dice: &mut DiceSource) -> Outcome {
    game.play(command.clone(), dice)
        .unwrap_or_else(|e| panic!("{command:?} refused: {e}"))
}

/// The pending arrival roll of a unit.
fn arrival_roll_due(game: &Game, unit: UnitId) -> u32 {
    game.state()
        .pending_steps()
        .iter()
        .find(|p| p.step == PendingStep::ArrivalRoll { unit })
        .map(|p| p.id)
        .expect("its roll is due")
}

/// The Insurgent phase and the end of the turn, the turn limit's dice typed when given.
pub(super) fn end_turn(game: &mut Game, dice: &mut DiceSource, limit: Option<u8>) -> Outcome {
    if game.state().phase() == Phase::RegularActivations {
        settle(game, dice);
        rolled(game, Command::StartInsurgentPhase, dice);
    }
    settle(game, dice);
    match limit {
        Some(face) => play(game, Command::EndTurn, &[&[face]]),
        None => rolled(game, Command::EndTurn, dice),
    }
}

/// The start of a turn: its reinforcements, then the Regular activations.
pub(super) fn start_turn(game: &mut Game, dice: &mut DiceSource) -> Outcome {
    settle(game, dice);
    rolled(game, Command::StartActivations, dice)
}

#[test]
fn roadblock_at_dawn_is_played_through_with_its_events_and_its_rolled_turn_limit() {
    let mut game = roadblock();
    let mut dice = DiceSource::seeded(23);
    let state = game.state();
    assert_eq!(state.insurgency(), InsurgencyLevel::Level(2));
    assert!(
        !state.hot_spot(3).expect("the market").active,
        "the market sleeps"
    );
    // Asleep is not neutralized: the desk and the report say when it wakes.
    assert_eq!(state.hot_spot_words(game.scenario(), 3), "wakes on turn 4");
    assert!(
        state
            .hot_spots_words(game.scenario(), ", ")
            .contains("3 wakes on turn 4"),
        "{}",
        state.hot_spots_words(game.scenario(), ", ")
    );
    assert_eq!(state.turn_limit(), None, "not rolled yet");
    assert!(
        ambush_core::report::length_and_scale(&game)
            .starts_with("Turn limit: 6+1d3 turns (7 to 9, rolled at the end of turn 6)."),
        "{}",
        ambush_core::report::length_and_scale(&game)
    );
    let qrf = unit_id(&game, "qrf");
    assert_eq!(unit(&game, qrf).presence, Presence::InReserve);
    // Brought on by the scenario, not held in ambush: it says when it comes.
    assert_eq!(
        unit(&game, qrf).presence_words(),
        "arrives with 4+ from turn 3"
    );
    let report = ambush_core::report::text_with(&game, ambush_core::report::Reveal::Everything);
    let line = report
        .lines()
        .find(|l| l.contains("Quick reaction force"))
        .expect("the report lists the reinforcement");
    assert!(
        line.ends_with("arrives with 4+ from turn 3") && !line.contains("in ambush"),
        "{line}"
    );

    // Turn 1: the patrol carries the wounded driver off the south edge. The item scores and,
    // as it says, the game goes on.
    let patrol = unit_id(&game, "patrol");
    activate(&mut game, patrol, Movement::Rapid);
    let outcome = play(
        &mut game,
        Command::LeaveTable {
            unit: patrol,
            edge: Some(Edge::South),
        },
        &[],
    );
    assert!(
        outcome
            .notes
            .iter()
            .any(|n| n.contains("Wounded driver carried off")),
        "{outcome:?}"
    );
    assert_eq!(
        game.state().end_proposed(),
        None,
        "an escort that does not end the game"
    );
    let (regular, _) = game.state().victory_points(game.scenario());
    assert_eq!(regular, 3);

    // An item the referee scores once: once, and no more.
    let cache = |delta| Command::AwardVictory {
        item: "cache-found".to_owned(),
        delta,
    };
    play(&mut game, cache(1), &[]);
    assert!(game.check(&cache(1)).is_err(), "scored once at most");
    let outcome = end_turn(&mut game, &mut dice, None);
    assert!(
        outcome
            .notes
            .iter()
            .all(|n| !n.contains("as the scenario says")),
        "{outcome:?}"
    );

    // Turn 2: nothing set for it. The quick reaction force may not come yet.
    start_turn(&mut game, &mut dice);
    assert!(
        game.state().pending_steps().is_empty(),
        "no arrival roll before turn 3"
    );
    let outcome = end_turn(&mut game, &mut dice, None);

    // Turn 3 begins: the Insurgency Level rises, as the scenario says, in the end of turn 2.
    assert_eq!(game.state().turn(), 3);
    assert_eq!(game.state().insurgency(), InsurgencyLevel::Level(3));
    assert!(
        outcome
            .notes
            .iter()
            .any(|n| n == "Turn 3, as the scenario says: the Insurgency Level is now 3"),
        "{outcome:?}"
    );
    // The quick reaction force rolls as the activations begin: a 3 is not enough, a 4 is.
    start_turn(&mut game, &mut dice);
    let pending = arrival_roll_due(&game, qrf);
    assert!(
        game.check(&Command::StartInsurgentPhase).is_err(),
        "the roll comes first"
    );
    // The agenda offers it as a step due, the Regular player's, with its die.
    let agenda = game.state().agenda(game.scenario());
    let due = agenda
        .due
        .iter()
        .find(|d| d.pending == pending)
        .expect("on the agenda");
    assert_eq!(
        due.words,
        "Quick reaction force: roll a d6, arrives at the south road on 4+"
    );
    assert_eq!(due.answers, ambush_core::game::Seat::Regular);
    assert!(
        due.choices
            .iter()
            .any(|c| c.command == Command::ArrivalRoll { pending })
    );
    let outcome = play(&mut game, Command::ArrivalRoll { pending }, &[&[3]]);
    assert!(outcome.summary.contains("needs 4+"), "{}", outcome.summary);
    assert_eq!(unit(&game, qrf).presence, Presence::InReserve);
    end_turn(&mut game, &mut dice, None);

    // Turn 4: the market wakes; the force rolls again, and comes on.
    assert!(game.state().hot_spot(3).expect("the market").active);
    start_turn(&mut game, &mut dice);
    let pending = arrival_roll_due(&game, qrf);
    play(&mut game, Command::ArrivalRoll { pending }, &[&[4]]);
    assert_eq!(unit(&game, qrf).presence, Presence::OnTable);
    assert_eq!(unit(&game, qrf).location, "the south road");
    activate(&mut game, qrf, Movement::Cautious);
    let outcome = end_turn(&mut game, &mut dice, None);

    // Turn 5: a note for the referee, kept apart from what the players see.
    let note = outcome
        .referee
        .iter()
        .find(|n| n.starts_with("Turn 5, for the referee: The convoy radios"))
        .unwrap_or_else(|| panic!("{outcome:?}"));
    assert!(
        !outcome.summary.contains("convoy") && outcome.notes.iter().all(|n| !n.contains("convoy")),
        "{note}"
    );
    start_turn(&mut game, &mut dice);
    let outcome = end_turn(&mut game, &mut dice, None);
    assert!(outcome.referee.is_empty());

    // Turn 6: Insurgency Level Automatic. Its end is the last turn the game is sure to have:
    // the end of the turn asks for the turn limit's d6, halved: 5 → 3, so 6 + 3 = 9 turns.
    assert_eq!(game.state().insurgency(), InsurgencyLevel::Automatic);
    start_turn(&mut game, &mut dice);
    rolled(&mut game, Command::StartInsurgentPhase, &mut dice);
    settle(&mut game, &mut dice);
    let request = game.check(&Command::EndTurn).expect("the turn may end");
    assert_eq!(request.groups.len(), 1, "{request:?}");
    assert_eq!(
        request.groups[0].role,
        ambush_core::dice::DiceRole::TurnLimit
    );
    let outcome = end_turn(&mut game, &mut dice, Some(5));
    assert_eq!(game.state().turn_limit(), Some(9));
    // The referee knows the roll; the players' screens and reports only what it may be.
    let referee = ambush_core::view::Sight::new(&game, ambush_core::view::Viewer::Everything);
    assert!(
        ambush_core::report::length_and_scale_for(&referee)
            .starts_with("Turn limit: 9 turns (rolled: 6+1d3)."),
        "{}",
        ambush_core::report::length_and_scale_for(&referee)
    );
    assert!(
        ambush_core::report::length_and_scale(&game).starts_with("Turn limit: 7 to 9 turns."),
        "{}",
        ambush_core::report::length_and_scale(&game)
    );
    assert!(
        outcome
            .notes
            .iter()
            .any(|n| n
                == "Turn limit 6+1d3 rolled: 6 + 5 (counts 3) = 9: the game ends after turn 9"),
        "{outcome:?}"
    );
    assert_eq!(game.state().end_proposed(), None);

    // Turns 7 to 9, and the end the app proposes after the ninth; no more dice for the limit.
    for turn in 7..=9 {
        assert_eq!(game.state().turn(), turn);
        start_turn(&mut game, &mut dice);
        rolled(&mut game, Command::StartInsurgentPhase, &mut dice);
        settle(&mut game, &mut dice);
        assert!(
            game.check(&Command::EndTurn)
                .expect("ends")
                .groups
                .is_empty()
        );
        end_turn(&mut game, &mut dice, None);
    }
    assert_eq!(
        game.state().end_proposed(),
        Some(&EndReason::LastTurn { turn: 9 })
    );
    // The roadblock held: the referee says so at the end; then the result the thresholds name.
    play(
        &mut game,
        Command::AwardVictory {
            item: "roadblock-held".to_owned(),
            delta: 1,
        },
        &[],
    );
    let outcome = play(&mut game, Command::EndGame, &[]);
    assert_eq!(game.state().phase(), Phase::GameOver);
    // The game ended after its last turn: no turn 10 began.
    assert_eq!(game.state().turn(), 9);
    assert_eq!(game.state().headline(), "Game over after turn 9");
    let (regular, insurgent) = game.state().victory_points(game.scenario());
    // Nobody fired in this game: the driver (3), the cache (2), the roadblock (4).
    assert_eq!((regular, insurgent), (9, 0));
    assert_eq!(
        outcome.summary,
        "Game over after turn 9: Regulars 9, Insurgents 0 — Decisive Regular victory: the road is open (the Regulars reached 8 points)"
    );

    // Saved and read back, the game is the same: its scenario of version 3 goes into the saved
    // game's header and comes out whole, and the events replay to the same state.
    let dir = crate::common::temp_dir("authors", "roadblock");
    let path = dir.join("roadblock.jsonl");
    let loaded = load_bytes(builtin::ROADBLOCK_AT_DAWN.as_bytes()).expect("loads");
    let header = ambush_core::journal::Header::for_game(loaded.file, &game);
    ambush_core::journal::write_whole(&path, &header, &game).expect("written");
    let read = ambush_core::journal::load_path(&path).expect("read back");
    assert_eq!(read.refused, None);
    assert_eq!(read.game.scenario().as_ref(), game.scenario().as_ref());
    assert_eq!(read.game.state(), game.state());
}

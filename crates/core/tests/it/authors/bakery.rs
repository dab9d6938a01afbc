//! Hostages at the Bakery, the built-in scenario of version 4, played from its first turn to its
//! end: hostages freed to the Regulars and carried off (points that count only up to turn 4),
//! an event on a roll (a note for the players), events on a condition (a row of the
//! reinforcement table, the Hot Spot roll, the Insurgency Level), an arrival at a Hot Spot by
//! number, a turn limit the players are never told and the end rolled each turn from turn 5,
//! and the hostage still held at the end scored; then its saved journal read back whole.

use std::sync::Arc;

use ambush_core::dice::{DiceRole, DiceSource};
use ambush_core::game::{Command, EndReason, Game, PendingStep, Phase, Settings};
use ambush_core::rules::reinforcements::InsurgencyLevel;
use ambush_core::scenario::builtin;
use ambush_core::scenario::check::load_bytes;
use ambush_core::tabletop::Edge;
use ambush_core::unit::{Movement, Presence, Side};
use ambush_core::view::{Sight, TableView, Viewer};

use super::roadblock::{end_turn, rolled, start_turn};
use crate::common::{activate, play, settle, unit, unit_id};

fn bakery() -> Game {
    let loaded = load_bytes(builtin::BAKERY_HOSTAGES.as_bytes()).unwrap_or_else(|e| panic!("{e}"));
    assert!(loaded.warnings.is_empty(), "{:?}", loaded.warnings);
    assert_eq!(loaded.file.version, 4);
    Game::new(Arc::new(loaded.scenario), Settings::default())
}

/// The id of the pending event roll.
fn event_roll_due(game: &Game) -> u32 {
    game.state()
        .pending_steps()
        .iter()
        .find(|p| matches!(p.step, PendingStep::EventRoll { .. }))
        .map(|p| p.id)
        .expect("an event's roll is due")
}

fn points(game: &Game) -> (i64, i64) {
    game.state().victory_points(game.scenario())
}

#[test]
fn hostages_at_the_bakery_is_played_through_with_every_mechanic_of_version_4() {
    let mut game = bakery();
    let mut dice = DiceSource::seeded(35);
    let table = || Viewer::Table;
    // The length is the referee's: the desk of a game for two knows it, the table does not.
    assert_eq!(
        TableView::of(&game, table()).length.as_deref(),
        Some("kept secret by the referee")
    );
    assert_eq!(
        TableView::of(&game, Viewer::Desk).length.as_deref(),
        Some(
            "8 turns, or sooner: the game ends on a d6 of 5+ rolled at the end of each turn from turn 5"
        )
    );
    let cinema_cell = unit_id(&game, "cinema-cell");
    assert_eq!(
        unit(&game, cinema_cell).presence_words(),
        "arrives on turn 3"
    );

    // Turn 1: the assault team frees the baker's son, who joins it as a Regular figure, and
    // carries him off the south edge: both escort items score (turn 1 is before turn 4).
    let assault = unit_id(&game, "assault");
    let son = unit_id(&game, "baker-son");
    activate(&mut game, assault, Movement::Rapid);
    let agenda = game.state().agenda(game.scenario());
    assert!(
        agenda
            .units
            .iter()
            .flat_map(|u| u.items.iter())
            .any(|i| i.command
                == Command::JoinUnit {
                    from: son,
                    into: assault
                }),
        "the agenda offers the freeing"
    );
    let outcome = play(
        &mut game,
        Command::JoinUnit {
            from: son,
            into: assault,
        },
        &[],
    );
    assert_eq!(
        outcome.summary,
        "Assault team frees Baker's son, who joins it: a Regular figure from now on"
    );
    assert!(
        unit(&game, assault)
            .figures
            .iter()
            .any(|f| f.tag.as_deref() == Some("hostage"))
    );
    assert_eq!(
        unit(&game, son).presence,
        Presence::Eliminated {
            cause: ambush_core::unit::Elimination::Merged
        }
    );
    let outcome = play(
        &mut game,
        Command::LeaveTable {
            unit: assault,
            edge: Some(Edge::South),
        },
        &[],
    );
    assert!(
        outcome
            .notes
            .iter()
            .any(|n| n == "Hostage out before the quarter wakes: 1 × 2 points"),
        "{outcome:?}"
    );
    assert_eq!(points(&game), (6, 0));
    assert_eq!(game.state().end_proposed(), None, "two hostages are held");
    // The cordon team sits on the bakery yard through the Insurgent phase and neutralizes it.
    let cordon = unit_id(&game, "cordon");
    activate(&mut game, cordon, Movement::Halted);
    settle(&mut game, &mut dice);
    rolled(&mut game, Command::StartInsurgentPhase, &mut dice);
    settle(&mut game, &mut dice);
    play(
        &mut game,
        Command::NeutralizeHotSpot {
            hot_spot: 1,
            unit: cordon,
        },
        &[],
    );
    // The referee awards three wounded soldiers (their First Aid rolled at the table).
    play(
        &mut game,
        Command::AwardVictory {
            item: "soldier-wounded".to_owned(),
            delta: 3,
        },
        &[],
    );
    assert!(
        game.check(&Command::EndTurn)
            .expect("the turn ends")
            .groups
            .is_empty(),
        "no end roll before turn 5"
    );
    let outcome = end_turn(&mut game, &mut dice, None);

    // Turn 2 begins: the bakery yard neutralized, its row of the table changes; the
    // Insurgents have 3 points, the level becomes Automatic; the note for the players rolls.
    assert_eq!(game.state().turn(), 2);
    assert!(
        outcome.notes.iter().any(|n| n
            == "Turn 2, as the scenario says: the reinforcement table's totals 9 and 10 now brings Angry neighbours: 1d6+1 Rifle (Morale d8)"),
        "{outcome:?}"
    );
    assert_eq!(game.state().insurgency(), InsurgencyLevel::Automatic);
    assert!(
        game.state()
            .reinforcement_table(game.scenario())
            .row(9)
            .is_some_and(|r| r.units[0].profile.name.as_deref() == Some("Angry neighbours"))
    );
    let pending = event_roll_due(&game);
    // The scenario's roll comes before the Insurgency roll, and it is the referee's.
    assert!(game.check(&Command::InsurgencyRoll).is_err());
    let agenda = game.state().agenda(game.scenario());
    let due = agenda.due.first().expect("the roll is due first");
    assert_eq!(
        due.words,
        "The scenario's roll: a note for the players on 4+"
    );
    assert_eq!(due.answers, ambush_core::game::Seat::Referee);
    assert!(due.decides_nothing);
    let outcome = play(&mut game, Command::EventRoll { pending }, &[&[3]]);
    assert_eq!(
        outcome.summary,
        "The scenario's roll for a note for the players: 3 (needs 4+): not yet; it rolls again as the next turn begins"
    );
    start_turn(&mut game, &mut dice);
    end_turn(&mut game, &mut dice, None);

    // Turn 3: the roll again, a 5: the note for the players, on the table screen and every seat.
    let pending = event_roll_due(&game);
    let outcome = play(&mut game, Command::EventRoll { pending }, &[&[5]]);
    let note = "The call to prayer rings out and the streets fill with people.\nNo unit may fire across the market street this turn.";
    assert!(
        outcome
            .notes
            .iter()
            .any(|n| *n == format!("Turn 3, for the players: {note}")),
        "{outcome:?}"
    );
    for viewer in [
        Viewer::Table,
        Viewer::Regular,
        Viewer::Insurgent,
        Viewer::Desk,
    ] {
        assert_eq!(TableView::of(&game, viewer).notes, vec![note.to_owned()]);
    }
    // It happens once: no roll for it on later turns.
    start_turn(&mut game, &mut dice);
    // The cinema cell comes on at its Hot Spot as the Insurgent phase begins.
    settle(&mut game, &mut dice);
    let outcome = rolled(&mut game, Command::StartInsurgentPhase, &mut dice);
    assert!(
        outcome
            .notes
            .iter()
            .any(|n| n == "Cinema cell arrives at Hot Spot 2"),
        "{outcome:?}"
    );
    assert_eq!(
        unit(&game, cinema_cell).location,
        "within 4\" of Hot Spot 2 (the cinema steps)"
    );
    // The bakery guards are wiped out (the referee takes their figures off).
    let guards = unit_id(&game, "guards");
    for figure in unit(&game, guards).figures.clone() {
        play(
            &mut game,
            Command::RemoveFigure {
                unit: guards,
                figure: figure.id,
            },
            &[],
        );
    }
    assert!(matches!(
        unit(&game, guards).presence,
        Presence::Eliminated { .. }
    ));
    settle(&mut game, &mut dice);
    let outcome = end_turn(&mut game, &mut dice, None);

    // Turn 4: the guards gone, the Hot Spot roll turns to the cinema; the depot wakes.
    assert!(
        outcome.notes.iter().any(
            |n| n == "Turn 4: the unit Bakery guards is out of the game, so the scenario says:"
        ),
        "{outcome:?}"
    );
    assert_eq!(
        game.state().hot_spot_roll_words(game.scenario()),
        "1–3 Hot Spot 2, 4–5 Hot Spot 3, 6 the Insurgent player's choice"
    );
    assert!(game.state().hot_spot(3).expect("the depot").active);
    assert!(
        !game
            .state()
            .pending_steps()
            .iter()
            .any(|p| matches!(p.step, PendingStep::EventRoll { .. })),
        "the note for the players happened: it rolls no more"
    );
    start_turn(&mut game, &mut dice);
    end_turn(&mut game, &mut dice, None);

    // Turn 5: the cordon frees the shopkeeper and carries him off; after turn 4 only the
    // plain escort scores.
    let shopkeeper = unit_id(&game, "shopkeeper");
    start_turn(&mut game, &mut dice);
    activate(&mut game, cordon, Movement::Rapid);
    play(
        &mut game,
        Command::JoinUnit {
            from: shopkeeper,
            into: cordon,
        },
        &[],
    );
    let outcome = play(
        &mut game,
        Command::LeaveTable {
            unit: cordon,
            edge: Some(Edge::South),
        },
        &[],
    );
    assert!(
        outcome.notes.iter().any(|n| n
            == "Hostage out before the quarter wakes: no points, it counted only up to turn 4"),
        "{outcome:?}"
    );
    let (regular, insurgent) = points(&game);
    assert!(regular >= 10, "4 + 2 + 4, and the casualties: {regular}");
    assert_eq!(insurgent, 3);
    // The end of turn 5 rolls for the end of the game: a 2, it goes on. The table is told
    // neither the roll nor its die.
    rolled(&mut game, Command::StartInsurgentPhase, &mut dice);
    settle(&mut game, &mut dice);
    let request = game.check(&Command::EndTurn).expect("ends");
    assert_eq!(request.groups.len(), 1);
    assert_eq!(request.groups[0].role, DiceRole::EndRoll);
    let outcome = play(&mut game, Command::EndTurn, &[&[2]]);
    assert!(
        outcome
            .notes
            .iter()
            .any(|n| n == "End roll 2 (the game ends on 5+): the game goes on"),
        "{outcome:?}"
    );
    let n = game.event_count() - 1;
    let table_line = Sight::new(&game, Viewer::Table).line(n).expect("a line");
    assert!(
        table_line.notes.iter().all(|n| !n.contains("End roll")),
        "{table_line:?}"
    );
    assert!(!table_line.dice.contains("end roll"), "{table_line:?}");
    let desk_line = Sight::new(&game, Viewer::Desk).line(n).expect("a line");
    assert!(desk_line.dice.contains("end roll d6: 2"), "{desk_line:?}");
    assert_eq!(game.state().turn(), 6);

    // Turn 6 ends on a 6: the game ends after it, the players told only now that it ends.
    start_turn(&mut game, &mut dice);
    rolled(&mut game, Command::StartInsurgentPhase, &mut dice);
    settle(&mut game, &mut dice);
    let outcome = play(&mut game, Command::EndTurn, &[&[6]]);
    assert_eq!(outcome.summary, "End of turn 6: the end roll ends the game");
    assert_eq!(
        game.state().end_proposed(),
        Some(&EndReason::EndRolled { turn: 6 })
    );
    // The driver is still held in the depot: counted as the game ends.
    let outcome = play(&mut game, Command::EndGame, &[]);
    assert_eq!(game.state().phase(), Phase::GameOver);
    assert_eq!(game.state().turn(), 6);
    assert!(
        outcome
            .notes
            .iter()
            .any(|n| n == "Hostage still held at the end: 1 × 5 points"),
        "{outcome:?}"
    );
    let (regular, insurgent) = points(&game);
    assert_eq!(insurgent, 8);
    assert!(
        outcome.summary.starts_with(&format!(
            "Game over after turn 6: Regulars {regular}, Insurgents 8"
        )),
        "{}",
        outcome.summary
    );
    // Once over, nothing is secret.
    assert!(
        TableView::of(&game, table())
            .length
            .is_some_and(|l| l.starts_with("8 turns")),
        "{:?}",
        TableView::of(&game, table()).length
    );
    assert_eq!(
        unit(&game, unit_id(&game, "driver")).side,
        Side::Insurgent,
        "never freed"
    );

    // Saved and read back, the game is the same: its scenario of version 4 goes into the saved
    // game's header and comes out whole, and the events replay to the same state.
    let dir = crate::common::temp_dir("authors", "bakery");
    let path = dir.join("bakery.jsonl");
    let loaded = load_bytes(builtin::BAKERY_HOSTAGES.as_bytes()).expect("loads");
    let header = ambush_core::journal::Header::for_game(loaded.file, &game);
    ambush_core::journal::write_whole(&path, &header, &game).expect("written");
    let read = ambush_core::journal::load_path(&path).expect("read back");
    assert_eq!(read.refused, None);
    assert_eq!(read.game.scenario().as_ref(), game.scenario().as_ref());
    assert_eq!(read.game.state(), game.state());
    assert_eq!(read.game.event_count(), game.event_count());
}

//! An event with hundreds of notes: a line for a screen holds the first few and counts the
//! rest, so no frame copies them all; a whole line, for the report, holds every one.

use ambush_core::dice::DiceSource;
use ambush_core::game::{Command, Game, Settings};
use ambush_core::view::{NOTES_SHOWN, Sight, Viewer};
use serde_json::{Value, json};

/// Contracting Trouble with 500 notes for the referee due at the start of turn 2, played to
/// that turn; and the event that made them due.
fn turn_two_with_500_notes() -> (Game, usize) {
    let mut file: Value =
        serde_json::from_str(ambush_core::scenario::builtin::CONTRACTING_TROUBLE).expect("JSON");
    file["version"] = json!(3);
    let events: Vec<Value> = (1..=500)
        .map(|i| json!({"turn": 2, "kind": "note", "text": format!("Radio call {i} from the convoy.")}))
        .collect();
    file["events"] = json!(events);
    let text = serde_json::to_string(&file).expect("written");
    let loaded = ambush_core::scenario::check::load_bytes(text.as_bytes()).expect("a good file");
    let mut game = Game::new(std::sync::Arc::new(loaded.scenario), Settings::default());
    let mut dice = DiceSource::seeded(1);
    for command in [Command::StartInsurgentPhase, Command::EndTurn] {
        game.play(command, &mut dice).expect("played");
    }
    assert_eq!(game.state().turn(), 2);
    let event = (0..game.event_count())
        .rev()
        .find(|&n| game.outcome(n).is_some_and(|o| !o.referee.is_empty()))
        .expect("the event with the notes");
    (game, event)
}

#[test]
fn a_line_for_a_screen_holds_the_first_notes_and_counts_the_rest() {
    let (game, event) = turn_two_with_500_notes();
    let line = Sight::desk(&game).line(event).expect("the desk reads it");
    assert_eq!(line.referee.len(), NOTES_SHOWN);
    assert_eq!(line.more_referee, 500 - NOTES_SHOWN);
    assert_eq!(
        line.referee[0],
        "Turn 2, for the referee: Radio call 1 from the convoy."
    );
    let last = Sight::desk(&game).last_line().expect("a last line");
    assert_eq!(last.referee.len() + last.more_referee, 500);
    assert!(last.referee.len() <= NOTES_SHOWN);

    let whole = Sight::desk(&game)
        .whole_line(event)
        .expect("the desk reads it");
    assert_eq!(whole.referee.len(), 500);
    assert_eq!(whole.more_referee, 0);
}

#[test]
fn the_players_read_no_referee_note_and_no_count_of_them() {
    let (game, event) = turn_two_with_500_notes();
    let line = Sight::new(&game, Viewer::Table)
        .line(event)
        .expect("the table reads it");
    assert!(line.referee.is_empty());
    assert_eq!(line.more_referee, 0);
}

#[test]
fn the_whole_line_for_the_referee_who_asks_holds_every_note() {
    let (game, event) = turn_two_with_500_notes();
    let whole = Sight::new(&game, Viewer::Everything)
        .whole_lines()
        .find(|line| line.event == event)
        .expect("read");
    assert_eq!(whole.referee.len(), 500);
    assert_eq!(
        whole.referee.last().map(String::as_str),
        Some("Turn 2, for the referee: Radio call 500 from the convoy.")
    );
}

//! What a solo game is set to, in sight: the opponent's difficulty in the top bar and in the
//! log's opening line (every change a line of its own), set from the command line too; and a
//! scenario's note for the referee on a set turn, on the Now view until dismissed, in solo and
//! for two, its words in the log.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use crate::common;

use ambush_alley::ui::{AssistantApp, Prefs, SoloStart, StartOptions};
use ambush_core::dice::DiceSource;
use ambush_core::game::{Command, Game, Phase, Settings, SoloDifficulty};
use common::ui::{app, app_with, click, game, temp_dir};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;

#[test]
fn the_difficulty_is_in_the_top_bar_and_the_log_opens_with_it() {
    let dir = temp_dir("solo-difficulty-in-sight");
    let mut harness = app(&dir, false);
    click(&mut harness, "Solo opponent: Veteran");
    click(&mut harness, "Solo game: Contracting Trouble!");
    harness.get_by_label("Solo: Veteran");
    harness.get_by_label_contains(
        "Solo game: the app commands the Insurgents at Veteran, its reasoning shown",
    );
    // Changed under Edit, settings: the top bar follows, and the change is a line of the log.
    click(&mut harness, "Edit");
    click(
        &mut harness,
        "Hot Spots, Insurgency Level, turn and settings",
    );
    click(&mut harness, "Solo opponent: Recruit");
    assert_eq!(
        game(&harness).state().settings().difficulty,
        SoloDifficulty::Recruit
    );
    harness.get_by_label("Solo: Recruit");
    let change = "Settings: the solo opponent's difficulty from Veteran to Recruit";
    // In the log, and on the Undo button.
    assert!(harness.query_all_by_label_contains(change).count() >= 1);
    // The game for two has no such line.
    let dir = temp_dir("solo-difficulty-two");
    let mut harness = app(&dir, false);
    click(&mut harness, "New game: Contracting Trouble!");
    assert!(
        harness
            .query_by_label_contains("Solo game: the app")
            .is_none()
    );
    assert!(harness.query_by_label_contains("Solo: ").is_none());
}

/// `ambush-alley play --solo --difficulty recruit --hidden-reasoning FILE`: the opponent as the
/// command line says, whatever the start screen last chose.
#[test]
fn play_solo_takes_the_opponent_from_the_command_line() {
    let dir = temp_dir("solo-command-line");
    let options = StartOptions {
        open: Some(roadblock_path()),
        solo: Some(SoloStart {
            difficulty: SoloDifficulty::Recruit,
            reasoning_hidden: true,
        }),
        data_dir: Some(dir.to_path_buf()),
        seed: Some(5),
        native_dialogs: false,
        phones: None,
    };
    let prefs = Prefs {
        solo: SoloStart {
            difficulty: SoloDifficulty::Veteran,
            reasoning_hidden: false,
        },
        ..Prefs::default()
    };
    let harness = app_with(options, prefs);
    let settings = game(&harness).state().settings().clone();
    assert!(settings.solo);
    assert_eq!(settings.difficulty, SoloDifficulty::Recruit);
    assert!(settings.doctrine_hidden);
    harness.get_by_label("Solo: Recruit");
    // The binary's own words: each option needs --solo, and the levels are named.
    let (code, _, err) = common::run(&["play", "--difficulty", "veteran", "x.json"]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("--solo"), "{err}");
    let (code, _, err) = common::run(&["play", "--solo", "--difficulty", "novice", "x.json"]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("recruit, regular, veteran"), "{err}");
    let (code, out, _) = common::run(&["play", "--help"]);
    assert_eq!(code, 0);
    assert!(out.contains("--difficulty <LEVEL>") && out.contains("--hidden-reasoning"));
}

fn roadblock_path() -> PathBuf {
    PathBuf::from(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/scenarios/roadblock-at-dawn.json"
    ))
}

/// A saved game of Roadblock at Dawn at the end of turn 4 (set so by an edit), solo or for two.
fn roadblock_at_turn_4(dir: &Path, solo: bool) -> PathBuf {
    let text = std::fs::read(roadblock_path()).expect("shipped");
    let loaded = ambush_core::scenario::check::load_bytes(&text).expect("a good file");
    let settings = Settings {
        solo,
        dice_stay: solo,
        dice_seed: solo.then_some(21),
        scale: loaded.scenario.scale,
        ..Settings::default()
    };
    let mut game = Game::new(Arc::new(loaded.scenario), settings.clone());
    let set = Command::SetTurn {
        turn: 4,
        phase: Phase::InsurgentActions,
    };
    game.play(set, &mut DiceSource::typed(Vec::new()))
        .expect("set");
    let path = dir.join("roadblock-turn-4.jsonl");
    let header = ambush_core::journal::Header::new(loaded.file, settings);
    ambush_core::journal::write_whole(&path, &header, &game).expect("written");
    path
}

/// Opens a saved game.
fn opened(path: PathBuf, data: &Path) -> Harness<'static, AssistantApp> {
    let options = StartOptions {
        open: Some(path),
        solo: None,
        data_dir: Some(data.to_owned()),
        seed: Some(9),
        native_dialogs: false,
        phones: None,
    };
    app_with(options, Prefs::default())
}

const NOTE: &str = "Turn 5, for the referee: The convoy radios that it is close.";

#[test]
fn a_note_on_a_set_turn_stays_on_the_now_view_until_dismissed_in_solo_and_for_two() {
    for solo in [true, false] {
        let dir = temp_dir(if solo { "note-solo" } else { "note-two" });
        let mut harness = opened(roadblock_at_turn_4(&dir, solo), &dir.join("data"));
        assert_eq!(game(&harness).state().settings().solo, solo);
        assert!(harness.query_by_label_contains(NOTE).is_none());
        click(&mut harness, "End turn 4");
        assert_eq!(game(&harness).state().turn(), 5);
        if solo {
            // The opponent rolled for its reinforcements on its own since.
            let last = game(&harness).last_in_effect().expect("an event");
            let last = game(&harness).event(last).expect("an event");
            assert!(
                !matches!(last.command, Command::EndTurn),
                "{:?}",
                last.command
            );
        }
        // On the Now view, in its frame, and in the log's line of the end of turn 4.
        assert!(
            harness.query_all_by_label_contains(NOTE).count() >= 2,
            "solo {solo}: the note on the Now view and in the log"
        );
        harness.get_by_label_contains("• Turn 5, for the referee: The convoy radios");
        click(&mut harness, "Dismiss the note for the referee");
        assert!(
            harness
                .query_by_label("Dismiss the note for the referee")
                .is_none()
        );
        harness.get_by_label_contains("• Turn 5, for the referee: The convoy radios");
    }
}

//! Scenario authors at the desk and on the command line: any scenario played solo, its contacts
//! in use; warnings printed, with the file still good.

use crate::common;

use ambush_alley::ui::{Prefs, StartOptions};
use egui_kittest::kittest::{NodeT, Queryable};
use serde_json::{Value, json};

use common::run;
use common::ui::{app_with, click, game};

fn night_patrol_path() -> std::path::PathBuf {
    std::path::PathBuf::from(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/scenarios/night-patrol.json"
    ))
}

fn opened(
    path: std::path::PathBuf,
    solo: bool,
    data: &std::path::Path,
) -> egui_kittest::Harness<'static, ambush_alley::ui::AssistantApp> {
    let options = StartOptions {
        open: Some(path),
        solo: solo.then(ambush_alley::ui::SoloStart::default),
        data_dir: Some(data.to_owned()),
        seed: Some(3),
        native_dialogs: false,
        phones: None,
    };
    app_with(options, Prefs::default())
}

#[test]
fn play_solo_opens_any_scenario_file_solo_with_its_contacts() {
    let dir = common::ui::temp_dir("solo-file");
    // `ambush-alley play --solo FILE`: the app commands the Insurgents; the markers are set.
    let harness = opened(night_patrol_path(), true, &dir.join("a"));
    let state = game(&harness).state();
    assert_eq!(game(&harness).scenario().id, "night-patrol");
    assert!(state.settings().solo);
    assert_eq!(state.contacts().len(), 5, "the file's five markers");
    // Without --solo, the same file is a game for two: the units stand where the file says.
    let harness = opened(night_patrol_path(), false, &dir.join("b"));
    assert!(!game(&harness).state().settings().solo);
    assert!(game(&harness).state().contacts().is_empty());
}

#[test]
fn the_start_screen_opens_a_typed_path_as_a_solo_game() {
    let dir = common::ui::temp_dir("solo-path");
    let mut harness = common::ui::app(&dir, false);
    // Beside Open…, the same as a solo game (no native dialog in tests: the app says so).
    click(&mut harness, "Open as a solo game…");
    assert!(harness.state().game().is_none());
    let field = harness.get_by_label("or type its path:");
    field.focus();
    field.type_text(&night_patrol_path().display().to_string());
    harness.run();
    click(&mut harness, "Open path as a solo game");
    let state = game(&harness).state();
    assert!(state.settings().solo);
    assert_eq!(state.contacts().len(), 5);
}

#[test]
fn play_takes_solo_and_validate_warns_with_exit_0() {
    let dir = common::temp_dir("cli", "warnings");
    // The flag is known: a missing file is said, not the flag.
    let (code, _, err) = run(&["play", "--solo", "/no/such/scenario.json"]);
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("no such file"), "{err}");

    let mut v: Value =
        serde_json::from_str(ambush_core::scenario::builtin::NIGHT_PATROL).expect("JSON");
    v["units"][2]["ambush"] = json!({"from_turn": 2, "automatic_turns": [3, 3]});
    v["units"][2]["side"] = json!("insurgent");
    if let Some(unit) = v["units"][2].as_object_mut() {
        unit.remove("arrives");
    }
    v["leaders"][0]["morale"] = json!("d12");
    let path = dir.join("warned.json");
    std::fs::write(&path, serde_json::to_string_pretty(&v).unwrap_or_default()).expect("write");
    let shown = path.display().to_string();
    let (code, out, err) = run(&["validate", &shown]);
    assert_eq!(code, 0, "{out}{err}");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 2, "{out}");
    for line in &lines {
        // FILE:LINE:COLUMN: warning: PATH: MESSAGE
        let rest = line
            .strip_prefix(&format!("{shown}:"))
            .unwrap_or_else(|| panic!("{line}"));
        let mut parts = rest.splitn(3, ':');
        assert!(
            parts.next().is_some_and(|l| l.parse::<usize>().is_ok()),
            "{line}"
        );
        assert!(
            parts.next().is_some_and(|c| c.parse::<usize>().is_ok()),
            "{line}"
        );
        assert!(
            parts.next().is_some_and(|m| m.starts_with(" warning: ")),
            "{line}"
        );
    }
    assert!(
        out.contains("warning: leaders[0].morale: never used"),
        "{out}"
    );
    assert!(
        out.contains("warning: units[2].ambush.automatic_turns[1]: turn 3 is listed twice"),
        "{out}"
    );
    assert!(
        err.contains(": ok — Night Patrol") && err.contains("2 warnings"),
        "{err}"
    );
}

#[test]
fn a_file_opened_at_the_desk_says_what_it_warns_about() {
    let dir = common::ui::temp_dir("warned-file");
    let mut v: Value =
        serde_json::from_str(ambush_core::scenario::builtin::NIGHT_PATROL).expect("JSON");
    v["leaders"][0]["morale"] = json!("d12");
    let path = dir.join("warned.json");
    std::fs::write(&path, serde_json::to_string_pretty(&v).unwrap_or_default()).expect("write");
    let harness = opened(path, false, &dir.join("data"));
    assert_eq!(game(&harness).scenario().id, "night-patrol");
    let message = harness.state().message().unwrap_or_default().to_owned();
    assert!(
        message.contains("The scenario file has 1 warning"),
        "{message}"
    );
    assert!(
        message.contains("leaders[0].morale: never used"),
        "{message}"
    );
}

/// A saved game of Roadblock at Dawn at the start of turn 5, whose last event (the end of turn
/// 4) holds the scenario's note for the referee.
fn roadblock_at_turn_5(dir: &std::path::Path) -> (std::path::PathBuf, String) {
    use ambush_core::scenario::builtin;
    let loaded = ambush_core::scenario::check::load_bytes(builtin::ROADBLOCK_AT_DAWN.as_bytes())
        .expect("loads");
    let file = loaded.file.clone();
    let mut game = ambush_core::game::Game::new(
        std::sync::Arc::new(loaded.scenario),
        ambush_core::game::Settings::default(),
    );
    common::to_turn(&mut game, 5, &mut ambush_core::dice::DiceSource::seeded(5));
    let note = game
        .last_outcome()
        .and_then(|o| o.referee.first().cloned())
        .expect("the note of turn 5");
    let path = dir.join("roadblock.jsonl");
    let header = ambush_core::journal::Header::for_game(file, &game);
    ambush_core::journal::write_whole(&path, &header, &game).expect("written");
    (path, note)
}

#[test]
fn the_author_s_notes_and_the_referee_s_notes_stay_off_the_table_screen() {
    let dir = common::ui::temp_dir("notes-off-the-table");
    let (path, note) = roadblock_at_turn_5(&dir);
    // A tall window, so that nothing of either screen is scrolled out of sight.
    let options = StartOptions {
        open: Some(path),
        solo: None,
        data_dir: Some(dir.join("data")),
        seed: Some(3),
        native_dialogs: false,
        phones: None,
    };
    let mut harness = common::ui::app_sized(options, Prefs::default(), [1600.0, 3000.0]);
    assert_eq!(game(&harness).state().turn(), 5);
    // On the desk: the note for the referee in its frame on the Now view (not again in the last
    // result, the end of turn 4) and in the log's line of the end of turn 4.
    let count = |h: &egui_kittest::Harness<'_, ambush_alley::ui::AssistantApp>, text: &str| {
        h.query_all_by_label_contains(text).count()
    };
    assert_eq!(count(&harness, &note), 2, "{note}");
    // The author's notes, on the desk's Scenario tab.
    let author: serde_json::Value =
        serde_json::from_str(ambush_core::scenario::builtin::ROADBLOCK_AT_DAWN).expect("JSON");
    let author = author["author_notes"][0].as_str().expect("a note")[..40].to_owned();
    assert_eq!(count(&harness, &author), 0);
    click(&mut harness, "Scenario");
    assert_eq!(count(&harness, &author), 1);
    // The table screen for the players (drawn inside the main window in headless tests) shows
    // the end of turn 4, but neither its note for the referee nor the author's notes: the
    // desk's Scenario tab alone has them (the events as it lists them, and the notes).
    click(&mut harness, "View");
    click(&mut harness, "Table screen for the players");
    assert!(harness.state().prefs().table_screen);
    let headline = game(&harness).state().headline();
    assert_eq!(
        count(&harness, &headline),
        2,
        "on the desk and on the table screen: {headline}"
    );
    assert!(count(&harness, "End of turn 4; turn 5 begins") >= 1);
    // The desk's log alone has the note; the Scenario tab lists the event.
    assert_eq!(count(&harness, &note), 1, "{note}");
    assert_eq!(count(&harness, "The convoy radios"), 2);
    assert_eq!(count(&harness, &author), 1);
}

#[test]
fn ending_the_game_asks_about_the_place_held_and_the_referee_s_items() {
    let dir = common::ui::temp_dir("end-asks");
    let mut harness = common::ui::app(&dir, false);
    click(&mut harness, "New game: Roadblock at Dawn");
    // The bar says how long the game is, its dice not rolled yet.
    harness.get_by_label("6+1d3 turns");
    click(&mut harness, "Scenario");
    // The collapsing header of the victory points (the tab's own heading comes after it).
    harness
        .query_all_by_label("Victory points")
        .next()
        .expect("the victory points")
        .click();
    harness.run();
    click(&mut harness, "End the game now");
    // Not over yet: first the items only the referee can judge.
    assert_ne!(
        game(&harness).state().phase(),
        ambush_core::game::Phase::GameOver
    );
    harness.get_by_label("Before the game ends");
    click(&mut harness, "At the end: the roadblock is held");
    click(
        &mut harness,
        "At the end: Weapons cache found in the market happened",
    );
    let count = |h: &egui_kittest::Harness<'_, ambush_alley::ui::AssistantApp>, item: &str| {
        game(h)
            .state()
            .victory()
            .iter()
            .find(|c| c.item == item)
            .map_or(-1, |c| c.count)
    };
    assert_eq!(count(&harness, "roadblock-held"), 1);
    assert_eq!(count(&harness, "cache-found"), 1);
    // The gate says which answers are open: held once, "held" again is not.
    let disabled = |h: &egui_kittest::Harness<'_, ambush_alley::ui::AssistantApp>, name: &str| {
        h.get_by_label(name).accesskit_node().is_disabled()
    };
    assert!(disabled(&harness, "At the end: the roadblock is held"));
    assert!(!disabled(&harness, "At the end: the roadblock is not held"));
    assert!(disabled(
        &harness,
        "At the end: Weapons cache found in the market happened"
    ));
    // "Not yet" leaves the game going, the answers kept.
    click(&mut harness, "Not yet");
    assert_ne!(
        game(&harness).state().phase(),
        ambush_core::game::Phase::GameOver
    );
    click(&mut harness, "End the game now");
    click(&mut harness, "End it with these points");
    let state = game(&harness).state();
    assert_eq!(state.phase(), ambush_core::game::Phase::GameOver);
    assert!(
        state
            .final_score(game(&harness).scenario())
            .ends_with("Marginal Regular victory: the convoy gets through, shot at (the Regulars reached 4 points)"),
        "{}",
        state.final_score(game(&harness).scenario())
    );
}

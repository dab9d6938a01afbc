//! Saved games in the app: a second window on the same data folder, questions before a file is
//! replaced, a damaged saved game, the save state in view, and the earlier games offered.

use crate::common;

use ambush_alley::ui::{Prefs, StartOptions};
use ambush_core::session::{self, DataFolder};
use common::ui::{app, app_with, click, game, new_game, temp_dir};
use egui_kittest::kittest::{NodeT, Queryable};

/// Types `text` into the field with this label.
fn type_into(
    harness: &mut egui_kittest::Harness<'_, ambush_alley::ui::AssistantApp>,
    label: &str,
    text: &str,
) {
    let field = harness.get_by_label(label);
    field.focus();
    field.type_text(text);
    harness.run();
}

/// Opens the typed-path box of the Game menu and types `path` into it.
fn type_path(
    harness: &mut egui_kittest::Harness<'_, ambush_alley::ui::AssistantApp>,
    path: &std::path::Path,
) {
    click(harness, "Game");
    click(harness, "Type a path…");
    type_into(harness, "Path:", &path.display().to_string());
}

/// The app started on the saved game at `path`, its data folder in `dir`.
fn app_opening(
    path: &std::path::Path,
    dir: &std::path::Path,
) -> egui_kittest::Harness<'static, ambush_alley::ui::AssistantApp> {
    let options = StartOptions {
        open: Some(path.to_owned()),
        solo: None,
        data_dir: Some(dir.join("data")),
        seed: Some(1),
        native_dialogs: false,
        phones: None,
    };
    app_with(options, Prefs::default())
}

#[test]
fn a_second_window_on_the_data_folder_only_looks() {
    let dir = temp_dir("second-window");
    let mut first = app(&dir, false);
    new_game(&mut first);
    click(&mut first, "Activate Fireteam Alpha: Halted");
    let autosave = dir.join(session::AUTOSAVE_FILE);
    let bytes = std::fs::read(&autosave).expect("the first window autosaves");

    // The second window on the same folder is told, and offered a look.
    let mut second = app(&dir, false);
    second.get_by_label("The game is open in another window");
    second.get_by_label_contains("Another window of the app is using the data folder");
    // No way to resume it or start a game in that folder from here.
    assert!(second.query_by_label("Resume the autosaved game").is_none());
    click(&mut second, "Look at it here (read only)");
    assert_eq!(game(&second).state(), game(&first).state());
    second.get_by_label_contains("Read-only look at the game open in another window");
    assert!(
        second
            .get_by_label("Activate Fireteam Bravo: Halted")
            .accesskit_node()
            .is_disabled()
    );
    // Nothing the second window does reaches the file the first is writing.
    click(&mut second, "Game");
    click(&mut second, "Close game");
    drop(second);
    assert_eq!(std::fs::read(&autosave).expect("read"), bytes);
    // The first goes on writing it, alone.
    click(&mut first, "Activate Fireteam Bravo: Halted");
    let loaded = ambush_core::journal::load_path(&autosave).expect("loads");
    assert!(loaded.is_whole());
    assert_eq!(loaded.game.state(), game(&first).state());

    // Or the second window takes a data folder of its own.
    let mut third = app(&dir, false);
    let other = dir.join("other");
    type_into(&mut third, "Data folder:", &other.display().to_string());
    click(&mut third, "Use this data folder");
    new_game(&mut third);
    assert!(other.join(session::AUTOSAVE_FILE).exists());
    drop(first);
    drop(third);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn nothing_is_replaced_without_asking() {
    let dir = temp_dir("replace");
    let data = dir.join("data");
    let mut harness = app(&data, false);
    new_game(&mut harness);
    click(&mut harness, "Activate Fireteam Alpha: Halted");
    // Another game's save is at the path typed: the app asks, and Cancel leaves it alone.
    let other = dir.join("other-game.jsonl");
    std::fs::write(&other, b"another game").expect("write");
    type_path(&mut harness, &other);
    click(&mut harness, "Save to path");
    harness.get_by_label("Replace the file?");
    click(&mut harness, "Cancel");
    assert_eq!(std::fs::read(&other).expect("read"), b"another game");
    // Saying yes replaces it.
    click(&mut harness, "Save to path");
    click(&mut harness, "Replace it");
    let loaded = ambush_core::journal::load_path(&other).expect("the game is there");
    assert_eq!(loaded.game.state(), game(&harness).state());
    // Saving there again is this game's own save: no question.
    click(&mut harness, "Save to path");
    assert!(harness.query_by_label("Replace the file?").is_none());

    // A report never goes to a saved game's name.
    click(&mut harness, "Export report to path");
    assert!(
        harness
            .state()
            .message()
            .is_some_and(|m| m.contains("give it a name ending in .md")),
        "{:?}",
        harness.state().message()
    );
    let loaded = ambush_core::journal::load_path(&other).expect("still the game");
    assert!(loaded.is_whole());
    // A report over another file asks first.
    let notes = dir.join("notes.md");
    std::fs::write(&notes, b"my notes").expect("write");
    let field = harness.get_by_label("Path:");
    field.focus();
    harness.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::A);
    field.type_text(&notes.display().to_string());
    harness.run();
    click(&mut harness, "Export report to path");
    click(&mut harness, "Cancel");
    assert_eq!(std::fs::read(&notes).expect("read"), b"my notes");

    // A new game never offers the path of the one before.
    click(&mut harness, "Game");
    click(&mut harness, "Close game");
    new_game(&mut harness);
    click(&mut harness, "Game");
    click(&mut harness, "Type a path…");
    assert_eq!(harness.get_by_label("Path:").value().as_deref(), Some(""));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn an_export_asks_before_replacing_a_chart_beside_the_report() {
    let dir = temp_dir("replace-chart");
    let mut harness = app(&dir.join("data"), false);
    new_game(&mut harness);
    // No report yet, but a drawing of the referee's own has a chart's name beside it.
    let report = dir.join("aar.md");
    let chart = dir.join("aar-casualties.svg");
    std::fs::write(&chart, b"<svg>my drawing</svg>").expect("write");
    type_path(&mut harness, &report);
    click(&mut harness, "Export report to path");
    let question = harness
        .get_by_label_contains("already exists")
        .accesskit_node()
        .value()
        .unwrap_or_default();
    assert!(question.contains("aar-casualties.svg"), "{question}");
    click(&mut harness, "Cancel");
    assert_eq!(
        std::fs::read(&chart).expect("read"),
        b"<svg>my drawing</svg>"
    );
    assert!(
        !report.exists(),
        "nothing is written when the referee says no"
    );

    // With the report there too, both are named; yes writes all three.
    std::fs::write(&report, b"old report").expect("write");
    click(&mut harness, "Export report to path");
    harness.get_by_label("Replace the files?");
    let question = harness
        .get_by_label_contains("already exist.")
        .accesskit_node()
        .value()
        .unwrap_or_default();
    assert!(
        question.contains("aar.md") && question.contains("aar-casualties.svg"),
        "{question}"
    );
    assert!(!question.contains("aar-victory-points.svg"), "{question}");
    click(&mut harness, "Replace them");
    assert_ne!(
        std::fs::read(&chart).expect("read"),
        b"<svg>my drawing</svg>"
    );
    assert_ne!(std::fs::read(&report).expect("read"), b"old report");
    assert!(dir.join("aar-victory-points.svg").exists());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_failed_save_says_where_the_game_is() {
    let dir = temp_dir("failed-save");
    let data = dir.join("data");
    let mut harness = app(&data, false);
    new_game(&mut harness);
    click(&mut harness, "Activate Fireteam Alpha: Halted");
    click(&mut harness, "Activate Fireteam Bravo: Halted");
    // The folder typed is a file: the save fails, and the message says the autosave has it all.
    let blocker = dir.join("blocker");
    std::fs::write(&blocker, b"not a folder").expect("write");
    type_path(&mut harness, &blocker.join("game.jsonl"));
    click(&mut harness, "Save to path");
    let message = harness.state().message().unwrap_or_default().to_owned();
    let entries = game(&harness).entry_count();
    assert!(
        message.starts_with("Could not save to")
            && message.contains(&format!("{} is a file, not a folder", blocker.display()))
            && message.contains(&format!(
                "All {entries} entries of the game are in the autosave, {}",
                data.join(session::AUTOSAVE_FILE).display()
            )),
        "{message}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_damaged_saved_game_is_offered_as_far_as_it_goes() {
    let dir = temp_dir("damaged-open");
    let (game_file, _) = common::builtin_game();
    let played = common::play_randomly(game_file, 3, 200);
    let loaded = common::builtin_loaded();
    let header = ambush_core::journal::Header::new(loaded.file, Default::default());
    let path = dir.join("damaged.jsonl");
    ambush_core::journal::write_whole(&path, &header, &played).expect("write");
    let mut text = std::fs::read_to_string(&path).expect("read");
    let tenth = text.match_indices('\n').nth(9).map_or(0, |(i, _)| i + 1);
    text.replace_range(tenth..tenth + 1, "#");
    std::fs::write(&path, &text).expect("write");

    let mut harness = app_opening(&path, &dir);
    // Asked first, with the line named.
    harness.get_by_label("Open part of the saved game?");
    harness.get_by_label_contains("line 11 is damaged");
    assert!(harness.state().game().is_none());
    click(&mut harness, "Open it as far as it goes");
    assert_eq!(game(&harness).entry_count(), 9);
    // The damaged file is kept as it was, and "Save" will not write over it.
    assert_eq!(std::fs::read_to_string(&path).expect("read"), text);
    harness.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::S);
    harness.run();
    assert_eq!(std::fs::read_to_string(&path).expect("read"), text);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_save_state_stays_in_view_while_the_disk_refuses() {
    let dir = temp_dir("disk-refuses");
    // The autosave's place is taken by a folder: every write of it fails.
    std::fs::create_dir_all(dir.join(session::AUTOSAVE_FILE)).expect("blocker");
    let mut harness = app(&dir, false);
    new_game(&mut harness);
    click(&mut harness, "Activate Fireteam Alpha: Halted");
    harness.get_by_label_contains(
        "Autosave failing: none of this game is on disk yet (1 entry in memory)",
    );
    // Undo makes a message of its own; the save state is still there, and counts the undo.
    click(&mut harness, "Undo: Fireteam Alpha activates: Halted");
    harness.get_by_label_contains(
        "Autosave failing: none of this game is on disk yet (2 entries in memory)",
    );
    // Once the disk allows, everything is written.
    std::fs::remove_dir_all(dir.join(session::AUTOSAVE_FILE)).expect("unblock");
    click(&mut harness, "Redo: Fireteam Alpha activates: Halted");
    assert!(
        harness
            .query_by_label_contains("Autosave failing")
            .is_none()
    );
    let loaded = ambush_core::journal::load_path(&dir.join(session::AUTOSAVE_FILE)).expect("loads");
    assert_eq!(loaded.game.entry_count(), 3);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn earlier_games_are_listed_and_open() {
    let dir = temp_dir("earlier");
    let mut harness = app(&dir, false);
    new_game(&mut harness);
    click(&mut harness, "Activate Fireteam Alpha: Halted");
    let first = game(&harness).state().clone();
    click(&mut harness, "Game");
    click(&mut harness, "Close game");
    // A new game takes the autosave's place; the first is kept, and listed.
    new_game(&mut harness);
    assert!(
        harness
            .state()
            .message()
            .is_some_and(|m| m.contains("is kept as")),
        "{:?}",
        harness.state().message()
    );
    click(&mut harness, "Game");
    click(&mut harness, "Close game");
    let kept = session::previous_games(&dir);
    assert_eq!(kept.len(), 1);
    harness.get_by_label("Earlier games");
    let name = kept[0]
        .path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    click(&mut harness, &format!("Open {name}"));
    assert_eq!(game(&harness).state(), &first);
    drop(harness);
    // What an interrupted save left half written is removed when the folder is next claimed.
    std::fs::write(dir.join("autosave.jsonl.tmp"), b"{\"format\"").expect("write");
    let folder = DataFolder::claim(&dir).expect("claims");
    assert_eq!(folder.cleaned().len(), 1);
    assert!(!dir.join("autosave.jsonl.tmp").exists());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_saved_game_whose_scenario_breaks_today_s_rules_opens_and_says_so() {
    let dir = temp_dir("saved-scenario-rules");
    let fixture = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/v1-two-player-game.jsonl");
    let text = std::fs::read_to_string(&fixture).expect("the fixture");
    let (header, rest) = text.split_once('\n').expect("a header line");
    let mut header: serde_json::Value = serde_json::from_str(header).expect("JSON");
    header["scenario"]["units"][0]["name"] = serde_json::json!("N".repeat(1 << 20));
    let path = dir.join("old.jsonl");
    std::fs::write(&path, format!("{header}\n{rest}")).expect("write");
    let mut harness = app_opening(&path, &dir);
    harness.run();
    let said = harness.get_by_label_contains("The scenario inside it breaks today's rules");
    let node = said.accesskit_node();
    let words = node.value().or(node.label()).unwrap_or_default();
    assert!(words.contains("units[0].name: "), "{words}");
    assert!(words.len() < 1_000, "{} characters", words.len());
    // The game is open, the name cut to a name's length.
    let name = &game(&harness).scenario().units[0].name;
    assert_eq!(name.chars().count(), 80);
    let _ = std::fs::remove_dir_all(&dir);
}

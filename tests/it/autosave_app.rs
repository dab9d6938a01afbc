//! The autosave in the app against the fault trial: the data folder deleted while a game is
//! open, a disk that refuses and then has room again, the banner that must not move the
//! controls under it, files that are not regular refused for "Save to path", a big saved game
//! opened at once, a read-only data folder, a journal of newer rules.

use crate::common;

use std::time::{Duration, Instant};

use ambush_alley::ui::{Prefs, StartOptions};
use ambush_core::session;
use common::ui::{app, app_with, click, game, new_game, temp_dir};
use egui_kittest::kittest::Queryable;

type Harness = egui_kittest::Harness<'static, ambush_alley::ui::AssistantApp>;

/// The app started on `path`, its data folder `data`.
fn opened(path: &std::path::Path, data: &std::path::Path) -> Harness {
    let options = StartOptions {
        open: Some(path.to_owned()),
        solo: None,
        data_dir: Some(data.to_owned()),
        seed: Some(1),
        native_dialogs: false,
        phones: None,
    };
    app_with(options, Prefs::default())
}

/// Where the Undo button is.
fn undo_rect(harness: &Harness) -> egui::Rect {
    harness.get_by_label_contains("Undo").rect()
}

/// Opens the typed-path box of the Game menu and types `path` into it.
fn type_path(harness: &mut Harness, path: &std::path::Path) {
    if harness.query_by_label("Path:").is_none() {
        click(harness, "Game");
        click(harness, "Type a path…");
    }
    harness.get_by_label("Path:").focus();
    harness.run();
    // Whatever the box held before is replaced.
    harness.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::A);
    harness.run();
    harness
        .get_by_label("Path:")
        .type_text(&path.display().to_string());
    harness.run();
}

#[test]
fn a_deleted_data_folder_is_noticed_at_once_and_the_game_written_again() {
    let dir = temp_dir("folder-deleted");
    let data = dir.join("data");
    let mut harness = app(&data, false);
    new_game(&mut harness);
    click(&mut harness, "Activate Fireteam Alpha: Halted");
    harness.get_by_label("Autosaved");
    let undo = undo_rect(&harness);

    std::fs::remove_dir_all(&data).expect("the folder is deleted");
    click(&mut harness, "Undo: Fireteam Alpha activates: Halted");
    click(&mut harness, "Redo: Fireteam Alpha activates: Halted");
    // Said at once, and not "Autosaved".
    harness.get_by_label_contains("The autosave is gone: all 3 entries only in memory");
    assert!(harness.query_by_label("Autosaved").is_none());
    // The banner takes the headline's place: the Undo row has not moved.
    assert_eq!(undo_rect(&harness), undo);

    // Closing the game asks first.
    click(&mut harness, "Game");
    click(&mut harness, "Close game");
    assert!(harness.state().game().is_some(), "the game is still open");
    assert!(
        harness
            .state()
            .message()
            .is_some_and(|m| m.contains("not safely on disk")),
        "{:?}",
        harness.state().message()
    );

    // Written again: the folder made anew, the whole game in it, claimed again.
    click(&mut harness, "Write it again");
    let loaded =
        ambush_core::journal::load_path(&data.join(session::AUTOSAVE_FILE)).expect("written");
    assert_eq!(loaded.game.state(), game(&harness).state());
    assert_eq!(loaded.game.entry_count(), 3);
    harness.get_by_label("Autosaved");
    assert!(data.join(session::LOCK_FILE).exists());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_gone_autosave_can_be_saved_elsewhere_and_goes_on_there() {
    let dir = temp_dir("folder-deleted-elsewhere");
    let data = dir.join("data");
    let mut harness = app(&data, false);
    new_game(&mut harness);
    click(&mut harness, "Activate Fireteam Alpha: Halted");
    std::fs::remove_file(data.join(session::AUTOSAVE_FILE)).expect("the autosave is deleted");
    click(&mut harness, "Undo: Fireteam Alpha activates: Halted");
    harness.get_by_label_contains("The autosave is gone");
    let elsewhere = dir.join("elsewhere.jsonl");
    type_path(&mut harness, &elsewhere);
    click(&mut harness, "Save to path");
    harness.get_by_label("Autosaved");
    click(&mut harness, "Redo: Fireteam Alpha activates: Halted");
    let loaded = ambush_core::journal::load_path(&elsewhere).expect("written");
    assert_eq!(loaded.game.entry_count(), 3, "the redo followed it there");
    assert_eq!(loaded.game.state(), game(&harness).state());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_refused_autosave_is_tried_again_by_itself_and_its_banner_moves_nothing() {
    let dir = temp_dir("disk-refuses-then-room");
    // A window with a working autosave, for where the controls stand.
    let fine = temp_dir("disk-fine");
    let mut reference = app(&fine, false);
    new_game(&mut reference);
    click(&mut reference, "Activate Fireteam Alpha: Halted");
    let undo = undo_rect(&reference);

    // The autosave's place is taken by a folder: every write of it fails.
    std::fs::create_dir_all(dir.join(session::AUTOSAVE_FILE)).expect("blocker");
    let mut harness = app(&dir, false);
    new_game(&mut harness);
    click(&mut harness, "Activate Fireteam Alpha: Halted");
    harness.get_by_label_contains("Autosave failing");
    assert_eq!(undo_rect(&harness), undo, "the banner moved the Undo row");

    // Room again: no click needed.
    std::fs::remove_dir_all(dir.join(session::AUTOSAVE_FILE)).expect("unblock");
    let start = Instant::now();
    while harness.query_by_label("Autosaved").is_none() {
        assert!(
            start.elapsed() < Duration::from_secs(20),
            "never tried again"
        );
        std::thread::sleep(Duration::from_millis(200));
        harness.step();
    }
    let loaded =
        ambush_core::journal::load_path(&dir.join(session::AUTOSAVE_FILE)).expect("written");
    assert_eq!(loaded.game.entry_count(), 1);
    let _ = std::fs::remove_dir_all(&dir);
    let _ = std::fs::remove_dir_all(&fine);
}

#[cfg(unix)]
#[test]
fn devices_and_named_pipes_are_never_offered_for_replacing() {
    let dir = temp_dir("save-to-device");
    let mut harness = app(&dir, false);
    new_game(&mut harness);
    let fifo = dir.join("pipe");
    let made = std::process::Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .expect("mkfifo runs");
    assert!(made.success());
    for target in [std::path::PathBuf::from("/dev/full"), fifo.clone()] {
        type_path(&mut harness, &target);
        click(&mut harness, "Save to path");
        assert!(
            harness.query_by_label("Replace the file?").is_none(),
            "{} offered for replacing",
            target.display()
        );
        let message = harness.state().message().unwrap_or_default().to_owned();
        assert!(message.contains("not a file"), "{message}");
        click(&mut harness, "Export report to path");
        let message = harness.state().message().unwrap_or_default().to_owned();
        assert!(
            message.contains("not a file") || message.contains(".md"),
            "{message}"
        );
    }
    use std::os::unix::fs::FileTypeExt;
    assert!(
        std::fs::metadata("/dev/full")
            .expect("there")
            .file_type()
            .is_char_device()
    );
    assert!(
        std::fs::metadata(&fifo)
            .expect("there")
            .file_type()
            .is_fifo()
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_saved_game_opened_from_elsewhere_is_copied_into_the_autosave_byte_for_byte() {
    let dir = temp_dir("open-copied");
    let data = dir.join("data");
    let (expected, bytes) = crate::saved_games::journal_of(4, 200, 2_000);
    // Written as another app might: the same game, its lines ended CR LF.
    let text = String::from_utf8(bytes)
        .expect("UTF-8")
        .replace('\n', "\r\n");
    let path = dir.join("big.jsonl");
    std::fs::write(&path, &text).expect("written");
    let mut harness = opened(&path, &data);
    assert_eq!(game(&harness).state(), expected.state());
    let start = Instant::now();
    while harness.query_by_label("Autosaved").is_none() {
        assert!(start.elapsed() < Duration::from_secs(20), "never autosaved");
        std::thread::sleep(Duration::from_millis(50));
        harness.step();
    }
    // Not written out again entry by entry: the very bytes opened.
    let autosave = std::fs::read_to_string(data.join(session::AUTOSAVE_FILE)).expect("read");
    assert!(
        autosave == text,
        "the autosave is not the file opened, byte for byte"
    );
    // And it goes on from there.
    harness.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Z);
    harness.run();
    let loaded =
        ambush_core::journal::load_path(&data.join(session::AUTOSAVE_FILE)).expect("loads");
    assert_eq!(loaded.game.entry_count(), expected.entry_count() + 1);
    assert_eq!(loaded.game.state(), game(&harness).state());
    assert_eq!(
        std::fs::read_to_string(&path).expect("read"),
        text,
        "the file opened is kept"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_autosave_of_a_folder_that_cannot_be_written_is_offered_to_look_at() {
    let dir = temp_dir("read-only-folder");
    let (expected, bytes) = crate::saved_games::journal_of(6, 40, 0);
    std::fs::write(dir.join(session::AUTOSAVE_FILE), &bytes).expect("written");
    // Nothing can be written in it: its lock file cannot be made (a folder stands in its
    // place, which stops root as well as anyone), and, for anyone but root, no write bits.
    std::fs::create_dir(dir.join(session::LOCK_FILE)).expect("blocker");
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&*dir, std::fs::Permissions::from_mode(0o555)).expect("chmod");
    }
    let mut harness = app(&dir, false);
    harness.get_by_label("The data folder cannot be written");
    harness.get_by_label_contains("nothing can be saved there");
    assert!(
        harness
            .query_by_label("Resume the autosaved game")
            .is_none()
    );
    click(&mut harness, "Look at it here (read only)");
    assert_eq!(game(&harness).state(), expected.state());
    harness.get_by_label_contains("Read-only look: the data folder");
    assert!(harness.state().game().is_some());
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&*dir, std::fs::Permissions::from_mode(0o755)).expect("chmod");
    }
    assert_eq!(
        std::fs::read(dir.join(session::AUTOSAVE_FILE)).expect("read"),
        bytes
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_saved_game_of_newer_rules_opens_to_look_at_saying_what_it_needs() {
    let dir = temp_dir("newer-rules-app");
    let (expected, bytes) = crate::saved_games::journal_of(6, 40, 0);
    let text = String::from_utf8(bytes).expect("UTF-8");
    let rules = format!("\"rules\":{}", ambush_core::journal::RULES_VERSION);
    let newer = text.replacen(&rules, "\"rules\":99", 1);
    let path = dir.join("newer.jsonl");
    std::fs::write(&path, &newer).expect("written");
    let harness = opened(&path, &dir.join("data"));
    assert_eq!(game(&harness).entry_count(), expected.entry_count());
    harness.get_by_label_contains("Read-only look: this saved game is played by rules version 99");
    assert!(
        harness
            .state()
            .message()
            .is_some_and(|m| m.contains("rules version 99")),
        "{:?}",
        harness.state().message()
    );
    // Nothing was written: not the file, not an autosave.
    assert_eq!(std::fs::read_to_string(&path).expect("read"), newer);
    assert!(!dir.join("data").join(session::AUTOSAVE_FILE).exists());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_scenario_bad_in_bulk_is_told_in_a_few_lines_at_once() {
    let dir = temp_dir("bulk-scenario-app");
    let mut value: serde_json::Value =
        serde_json::from_str(ambush_core::scenario::builtin::NIGHT_PATROL).expect("JSON");
    if let Some(units) = value["units"].as_array_mut() {
        units.extend((0..5_000).map(|_| serde_json::json!({})));
    }
    let path = dir.join("bulk.json");
    std::fs::write(&path, serde_json::to_string(&value).expect("JSON")).expect("written");
    let started = Instant::now();
    let harness = opened(&path, &dir.join("data"));
    assert!(
        started.elapsed() < Duration::from_secs(10),
        "{:?}",
        started.elapsed()
    );
    let message = harness.state().message().unwrap_or_default().to_owned();
    assert!(
        message.contains("is not a scenario this app can start"),
        "{message}"
    );
    assert!(message.lines().count() <= 14, "{message}");
    assert!(message.contains("ambush-alley validate"), "{message}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn closing_a_game_whose_autosave_was_deleted_since_its_last_entry_asks_first() {
    let dir = temp_dir("folder-deleted-then-close");
    let data = dir.join("data");
    let mut harness = app(&data, false);
    new_game(&mut harness);
    click(&mut harness, "Activate Fireteam Alpha: Halted");
    std::fs::remove_dir_all(&data).expect("the folder is deleted");
    click(&mut harness, "Game");
    click(&mut harness, "Close game");
    assert!(harness.state().game().is_some(), "the game is still open");
    harness.get_by_label_contains("The autosave is gone");
    // Asked a second time, it goes.
    click(&mut harness, "Game");
    click(&mut harness, "Close game");
    assert!(harness.state().game().is_none());
    let _ = std::fs::remove_dir_all(&dir);
}

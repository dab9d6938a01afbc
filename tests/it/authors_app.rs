//! Scenario authors at the desk and on the command line: any scenario played solo, its contacts
//! in use; warnings printed, with the file still good.

use crate::common;

use ambush_alley::ui::{Prefs, StartOptions};
use egui_kittest::kittest::Queryable;
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
        solo,
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
    assert!(state.settings.solo);
    assert_eq!(state.contacts.len(), 5, "the file's five markers");
    // Without --solo, the same file is a game for two: the units stand where the file says.
    let harness = opened(night_patrol_path(), false, &dir.join("b"));
    assert!(!game(&harness).state().settings.solo);
    assert!(game(&harness).state().contacts.is_empty());
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
    assert!(state.settings.solo);
    assert_eq!(state.contacts.len(), 5);
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

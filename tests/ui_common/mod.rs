//! Helpers for driving the real app headless with egui_kittest.
#![allow(dead_code)]

use std::path::{Path, PathBuf};

use ambush_alley::game::Game;
use ambush_alley::ui::{AssistantApp, Prefs, StartOptions};
use ambush_alley::unit::Unit;
use egui::Key;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;

/// A fresh, empty folder for one test. The test crate must declare `mod common;`.
pub fn temp_dir(name: &str) -> PathBuf {
    crate::common::temp_dir("app", name)
}

/// The app at 1280×800 with its autosave in `data_dir`, seeded dice, and no native dialogs.
pub fn app(data_dir: &Path, physical_dice: bool) -> Harness<'static, AssistantApp> {
    let options = StartOptions {
        open: None,
        data_dir: Some(data_dir.to_owned()),
        seed: Some(7),
        native_dialogs: false,
    };
    let prefs = Prefs {
        physical_dice,
        ..Prefs::default()
    };
    app_with(options, prefs)
}

/// The app at 1280×800, started with these options and preferences.
pub fn app_with(options: StartOptions, prefs: Prefs) -> Harness<'static, AssistantApp> {
    let mut harness = Harness::builder()
        .with_size([1280.0, 800.0])
        .build_eframe(move |_cc| AssistantApp::with_prefs(options, prefs));
    harness.run();
    harness
}

/// The game on the desk.
pub fn game<'a>(harness: &'a Harness<'_, AssistantApp>) -> &'a Game {
    harness.state().game().expect("a game is open")
}

/// A unit by name.
pub fn unit<'a>(harness: &'a Harness<'_, AssistantApp>, name: &str) -> &'a Unit {
    game(harness)
        .state()
        .units
        .iter()
        .find(|u| u.name == name)
        .map(|u| &**u)
        .unwrap_or_else(|| panic!("no unit {name}"))
}

/// Clicks the widget with this label, scrolling it into view first.
pub fn click(harness: &mut Harness<'_, AssistantApp>, label: &str) {
    harness.get_by_label(label).scroll_to_me();
    harness.run();
    harness.get_by_label(label).click();
    harness.run();
}

/// Answers the physical-dice prompt: one line of faces per group, each followed by Enter.
pub fn type_dice(harness: &mut Harness<'_, AssistantApp>, groups: &[(&str, &str)]) {
    for (label, faces) in groups {
        let name = format!("Faces for {label}");
        let field = harness.get_by_label(&name);
        field.focus();
        field.type_text(faces);
        harness.run();
        harness.key_press(Key::Enter);
        harness.run();
    }
}

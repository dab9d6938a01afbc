//! Helpers for driving the real app headless with egui_kittest.
#![allow(dead_code)]

use std::path::Path;

use ambush_alley::ui::{AssistantApp, Prefs, StartOptions};
use ambush_core::game::Game;
use ambush_core::unit::Unit;
use egui::Key;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;

/// A fresh, empty folder for one test. The test crate must declare `mod common;`.
pub fn temp_dir(name: &str) -> super::TestDir {
    super::temp_dir("app", name)
}

/// The app at 1280×800 with its autosave in `data_dir`, seeded dice, and no native dialogs,
/// on its start screen.
pub fn app(data_dir: &Path, physical_dice: bool) -> Harness<'static, AssistantApp> {
    app_seeded(data_dir, physical_dice, 7)
}

/// The app as [`app`] gives it, with its dice seeded with `seed`.
pub fn app_seeded(
    data_dir: &Path,
    physical_dice: bool,
    seed: u64,
) -> Harness<'static, AssistantApp> {
    let options = StartOptions {
        open: None,
        solo: None,
        data_dir: Some(data_dir.to_owned()),
        seed: Some(seed),
        native_dialogs: false,
        phones: None,
    };
    let prefs = Prefs {
        physical_dice,
        ..Prefs::default()
    };
    app_with(options, prefs)
}

/// The app at 1280×800, started with these options and preferences.
pub fn app_with(options: StartOptions, prefs: Prefs) -> Harness<'static, AssistantApp> {
    app_sized(options, prefs, [1280.0, 800.0])
}

/// The app in a window of this size, started with these options and preferences.
pub fn app_sized(
    options: StartOptions,
    prefs: Prefs,
    size: [f32; 2],
) -> Harness<'static, AssistantApp> {
    let mut harness = Harness::builder()
        .with_size(points(size, prefs.ui_scale))
        // Scrolling a widget into view animates over a few frames.
        .with_max_steps(64)
        .build_eframe(move |_cc| AssistantApp::with_prefs(options, prefs));
    harness.run();
    harness
}

/// A window of `pixels` (as a referee's screen counts them) in the points the harness lays
/// out in, at the desk's text size: the harness takes its size in points, while the app's zoom
/// (125 % by default) makes each point more than a pixel. At 1280×800 pixels and 125 % the desk
/// has 1024×640 points, as in the real window.
pub fn points(pixels: [f32; 2], zoom: f32) -> [f32; 2] {
    [pixels[0] / zoom, pixels[1] / zoom]
}

/// The game on the desk.
pub fn game<'a>(harness: &'a Harness<'_, AssistantApp>) -> &'a Game {
    harness.state().game().expect("a game is open")
}

/// A unit by name.
pub fn unit<'a>(harness: &'a Harness<'_, AssistantApp>, name: &str) -> &'a Unit {
    game(harness)
        .state()
        .units()
        .find(|u| u.name == name)
        .unwrap_or_else(|| panic!("no unit {name}"))
}

/// Clicks the widget with this label, scrolling it into view first.
pub fn click(harness: &mut Harness<'_, AssistantApp>, label: &str) {
    harness.get_by_label(label).scroll_to_me();
    harness.run();
    harness.get_by_label(label).click();
    harness.run();
}

/// Answers the physical-dice prompt: one line of faces per group, each followed by Enter. The
/// prompt types into one group at a time; a group that is not the one being typed is clicked
/// first, as a referee would.
pub fn type_dice(harness: &mut Harness<'_, AssistantApp>, groups: &[(&str, &str)]) {
    for (label, faces) in groups {
        let name = format!("Faces for {label}");
        let current = {
            use egui_kittest::kittest::NodeT;
            harness
                .get_by_label(&name)
                .accesskit_node()
                .is_selected()
                .unwrap_or(false)
        };
        if !current {
            harness.get_by_label(&name).click();
            harness.run();
        }
        harness.get_by_label(&name).type_text(faces);
        harness.run();
        harness.key_press(Key::Enter);
        harness.run();
    }
}

/// Starts a new game of Contracting Trouble for two from the start screen.
pub fn new_game(harness: &mut Harness<'_, AssistantApp>) {
    click(harness, "New game: Contracting Trouble!");
    assert!(harness.state().game().is_some(), "a game is open");
}

/// Clicks the widget with this label where it is, without scrolling to it, and checks it is in
/// view: inside the window and above the log panel. Returns 1, to count the click.
pub fn click_in_view(harness: &mut Harness<'_, AssistantApp>, label: &str) -> usize {
    let log_top = harness.get_by_label_contains("Log — ").rect().top();
    let rect = harness.get_by_label(label).rect();
    assert!(
        rect.top() >= 0.0
            && rect.bottom() <= log_top
            && rect.right() <= harness.ctx.content_rect().right(),
        "{label} is out of view at {rect:?} (the log starts at {log_top})"
    );
    harness.get_by_label(label).click();
    harness.run();
    1
}

/// A new game of Contracting Trouble, started from the start screen.
pub fn new_checked_game(harness: &mut Harness<'_, AssistantApp>) {
    new_game(harness);
    let state = game(harness).state();
    assert_eq!(game(harness).scenario().id, "contracting-trouble");
    assert_eq!((state.turn(), game(harness).events_in_effect()), (1, 0));
}

/// The app in a fresh folder named for the test, checked to be on a new game.
pub fn started(
    name: &str,
    physical_dice: bool,
) -> (super::TestDir, Harness<'static, AssistantApp>) {
    let dir = temp_dir(name);
    let mut harness = app(&dir, physical_dice);
    new_checked_game(&mut harness);
    (dir, harness)
}

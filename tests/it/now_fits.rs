//! The Now view at the default text size: an interruption with every answer in sight at
//! 1280×800; at 1024×700 the log gives way, and folds to one line when asked.

use crate::common;

use ambush_alley::ui::{AssistantApp, Prefs, StartOptions};
use common::ui::{app_sized, click, new_game, temp_dir, type_dice};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;

/// The band of the Now view in sight: below the tabs, above the log.
fn band(harness: &Harness<'_, AssistantApp>) -> (f32, f32) {
    let top = harness.get_by_label("Now").rect().bottom();
    let bottom = harness
        .query_by_label_contains("Log — ")
        .map_or(f32::INFINITY, |n| n.rect().top());
    (top, bottom)
}

fn assert_in_sight(harness: &Harness<'_, AssistantApp>, label: &str) {
    let (top, bottom) = band(harness);
    let width = harness.ctx.content_rect().width();
    let rect = harness.get_by_label(label).rect();
    assert!(
        rect.top() >= top && rect.bottom() <= bottom && rect.right() <= width,
        "{label:?} at {rect:?} is out of the Now view's {top}..{bottom}"
    );
}

fn desk(dir: &std::path::Path, size: [f32; 2], physical: bool) -> Harness<'static, AssistantApp> {
    let options = StartOptions {
        data_dir: Some(dir.to_path_buf()),
        seed: Some(1),
        ..StartOptions::default()
    };
    let prefs = Prefs {
        physical_dice: physical,
        ..Prefs::default()
    };
    let mut harness = app_sized(options, prefs, size);
    new_game(&mut harness);
    harness
}

/// Fireteam Alpha moves Cautious, Insurgents 4 interrupts it, and the Reaction test (2 against
/// 6, typed) has the Regulars react first: every answer of both sides is offered.
fn regulars_react_first(harness: &mut Harness<'_, AssistantApp>) {
    click(harness, "Activate Fireteam Alpha: Cautious");
    click(harness, "Insurgents 4 interrupts Fireteam Alpha's movement");
    type_dice(
        harness,
        &[
            ("Reaction: Insurgents 4", "2"),
            ("Reaction: Fireteam Alpha", "6"),
        ],
    );
}

#[test]
fn an_interruption_and_every_answer_to_it_fit_at_1280x800() {
    let dir = temp_dir("fits-1280");
    let mut harness = desk(&dir, [1280.0, 800.0], true);
    regulars_react_first(&mut harness);
    // The Regulars react first: every answer, theirs and the Insurgents', in sight at once.
    for label in [
        "Fireteam Alpha reacts: fires at Insurgents 4",
        "Fireteam Alpha reacts: moves into cover or out of sight",
        "Fireteam Bravo reacts: fires at Insurgents 4",
        "Corporal (squad leader) reacts: fires at Insurgents 4",
        "Insurgents 4 fires at Fireteam Alpha",
        "Insurgents 4 interrupts by moving Cautious",
        "Insurgents 4 interrupts by moving Rapid",
    ] {
        assert_in_sight(&harness, label);
    }
    // Their odds too: the pools of each fire beside or on its button.
    assert!(harness.query_all_by_label_contains("casualty").count() >= 2);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn at_1024x700_the_log_gives_way_and_folds_to_one_line_remembered() {
    let dir = temp_dir("fits-1024");
    let mut harness = desk(&dir, [1024.0, 700.0], false);
    let (top, bottom) = band(&harness);
    let window = harness.ctx.content_rect().height();
    let log = window - bottom;
    // At the default text size the Now view has the larger share: three rows of actions and
    // more, the log five lines.
    assert!(
        bottom - top > 1.5 * log,
        "Now view {top}..{bottom}, log {log}"
    );
    click(&mut harness, "Activate Fireteam Alpha: Cautious");
    assert_in_sight(
        &harness,
        "Insurgents 4 interrupts Fireteam Alpha's movement",
    );
    // Folded, the log leaves one line and the latest event on it.
    click(&mut harness, "Fold the log");
    assert!(
        harness.state().prefs().log_folded,
        "remembered with the preferences"
    );
    assert!(harness.query_by_label_contains("Log — ").is_some());
    let unfold = harness.get_by_label("Unfold the log").rect();
    assert!(
        unfold.top() > window - 50.0,
        "one line at the bottom: {unfold:?}"
    );
    harness.get_by_label_contains("latest: Fireteam Alpha activates: Cautious");
    click(&mut harness, "Unfold the log");
    assert!(!harness.state().prefs().log_folded);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_long_figure_name_wraps_inside_its_card_and_the_side_panel_keeps_its_width() {
    let dir = temp_dir("fits-long-chip");
    let mut harness = desk(&dir, [1280.0, 800.0], true);
    let middle = |harness: &Harness<'_, AssistantApp>| harness.get_by_label("Now").rect().left();
    let before = middle(&harness);
    // A figure whose words are wider than the card ("Automatic rifleman (SAW) +1 (slight
    // wound)" is nearly so at the default size).
    let name = "Automatic rifleman (SAW) with the spare radio";
    click(&mut harness, "Edit Fireteam Alpha");
    click(&mut harness, "Figures");
    // The field starts with "Rifleman": the words typed come after it.
    let field = harness.get_by_label("New figure:");
    field.focus();
    field.type_text(name);
    harness.run();
    click(&mut harness, "Add a figure to Fireteam Alpha");
    assert!(
        common::ui::unit(&harness, "Fireteam Alpha")
            .figures
            .iter()
            .any(|f| f.name.ends_with(name)),
        "the figure is added: {:?}",
        harness.state().message()
    );
    click(&mut harness, "Now");
    let after = middle(&harness);
    assert!(
        (after - before).abs() < 1.0,
        "the Regular panel changed width: the middle moved from {before} to {after}"
    );
    // The chip on the card, which begins in the Regular panel's left half (the Undo button,
    // the Now view's last result and the log name the figure too).
    let chips: Vec<_> = harness
        .query_all_by_label_contains("spare radio")
        .map(|n| n.rect())
        .filter(|r| r.left() < after / 2.0)
        .filter(|r| r.top() > harness.get_by_label("Now").rect().bottom())
        .filter(|r| r.bottom() < harness.get_by_label_contains("Log — ").rect().top())
        .collect();
    assert_eq!(chips.len(), 1, "one chip on the card: {chips:?}");
    assert!(
        chips[0].right() <= after,
        "the chip at {:?} runs past the panel's edge at {after}",
        chips[0]
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn at_1024x700_the_log_at_its_default_height_gives_room_to_every_answer_of_an_interruption() {
    let dir = temp_dir("fits-1024-interruption");
    let mut harness = desk(&dir, [1024.0, 700.0], true);
    let log_before = harness.ctx.content_rect().height() - band(&harness).1;
    regulars_react_first(&mut harness);
    harness.run();
    // Every answer, the Regulars' and the Insurgents' own, in sight with nothing scrolled.
    for label in [
        "Fireteam Alpha reacts: fires at Insurgents 4",
        "Fireteam Alpha reacts: moves into cover or out of sight",
        "Corporal (squad leader) reacts: fires at Insurgents 4",
        "Insurgents 4 fires at Fireteam Alpha",
        "Insurgents 4 interrupts by moving Cautious",
        "Insurgents 4 interrupts by moving Rapid",
    ] {
        assert_in_sight(&harness, label);
    }
    let (_, bottom) = band(&harness);
    let log = harness.ctx.content_rect().height() - bottom;
    assert!(
        log < log_before,
        "the log gave room: {log} (was {log_before})"
    );
    // Its latest line is left at least, and it comes back once the Now view is short.
    assert!(harness.query_by_label("Fold the log").is_some());
    while harness
        .state()
        .game()
        .is_some_and(|g| g.events_in_effect() > 0)
    {
        harness.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Z);
        harness.run();
    }
    let log_after = harness.ctx.content_rect().height() - band(&harness).1;
    assert!(
        (log_after - log_before).abs() < 1.0,
        "the log is back at its height: {log_after} (was {log_before})"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_regular_casualty_step_is_drawn_whole_inside_the_now_view() {
    let dir = temp_dir("fits-casualty");
    let options = StartOptions {
        data_dir: Some(dir.to_path_buf()),
        seed: Some(3),
        ..StartOptions::default()
    };
    let mut harness = app_sized(options, Prefs::default(), [1280.0, 800.0]);
    new_game(&mut harness);
    click(&mut harness, "End Regular activations");
    click(&mut harness, "Insurgents 4 acts next");
    click(&mut harness, "Insurgents 4 acts: Halted");
    click(&mut harness, "Insurgents 4 fires at Fireteam Bravo");
    // The First Aid step's row wraps its odds; which figures comes under it, in sight, never
    // past the Now view's right edge (the Insurgents' panel begins there).
    let right = harness.get_by_label("Hot Spots").rect().left();
    let which = harness
        .get_by_label_contains("Which figures (Fireteam Bravo)")
        .rect();
    assert!(
        which.right() <= right,
        "Which figures at {which:?} runs past the Now view's edge at {right}"
    );
    assert_in_sight(&harness, "Roll First Aid for 1 from Fireteam Bravo");
    let _ = std::fs::remove_dir_all(&dir);
}

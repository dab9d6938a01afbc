//! The table screen for the players: opened from the View menu, it shows the last roll and
//! follows the game, undo included; closing it changes nothing in the game.

use crate::common;

use ambush_alley::ui::AssistantApp;
use common::ui::{app, click, game, new_game, temp_dir};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;

/// The text of the table screen's "Last:" line.
fn last_line(harness: &Harness<'_, AssistantApp>) -> String {
    use egui_kittest::kittest::NodeT;
    harness
        .get_by_label_contains("Last: ")
        .accesskit_node()
        .value()
        .unwrap_or_default()
}

#[test]
fn the_table_screen_shows_the_last_roll_and_follows_an_undo() {
    let dir = temp_dir("table-screen");
    let mut harness = app(&dir, false);
    new_game(&mut harness);
    click(&mut harness, "Activate Fireteam Alpha: Halted");
    let events = game(&harness).events_in_effect();
    click(&mut harness, "Fireteam Alpha fires at Insurgents 1");
    // The fire, then what it made due that decides nothing (casualties among gunmen alike,
    // their Morale check), rolled by the app at once: undone first, the fire is the last.
    let chain = game(&harness).events_in_effect() - events;
    assert!(chain >= 1);
    for _ in 1..chain {
        harness.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Z);
        harness.run();
    }
    assert_eq!(game(&harness).events_in_effect(), events + 1);
    // Opened from the View menu (here drawn inside the main window, as headless tests do).
    click(&mut harness, "View");
    click(&mut harness, "Table screen for the players");
    assert!(harness.state().prefs().table_screen);
    // The headline twice: on the desk and on the table screen.
    assert_eq!(
        harness
            .query_all_by_label_contains("Turn 1 — Fireteam Alpha activating")
            .count(),
        2
    );
    let fire = last_line(&harness);
    assert!(
        fire.contains("Fireteam Alpha fires on Insurgents 1"),
        "{fire}"
    );
    // The dice, which defender die stopped which attacker die, and how lucky they were.
    harness.get_by_label_contains("the defender die that stopped it");
    let luck = |h: &Harness<'_, AssistantApp>| {
        h.query_all_by_label_contains("of such attacks do ").count()
    };
    // In the log, and on the table screen.
    let with_roll = luck(&harness);
    assert!(with_roll >= 2, "{with_roll}");
    // Undo: the screen goes back with the game.
    harness.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Z);
    harness.run();
    assert_eq!(game(&harness).events_in_effect(), events);
    assert!(
        last_line(&harness).contains("activates"),
        "{}",
        last_line(&harness)
    );
    assert_eq!(
        luck(&harness),
        with_roll - 1,
        "the table screen no longer shows it"
    );
    assert!(
        harness
            .query_by_label_contains("the defender die that stopped it")
            .is_none()
    );
    // Redo brings the roll back.
    harness.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Y);
    harness.run();
    assert!(last_line(&harness).contains("fires on Insurgents 1"));
    assert_eq!(game(&harness).events_in_effect(), events + 1);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_stats_tab_tells_each_side_its_luck() {
    let dir = temp_dir("stats-tab");
    let mut harness = app(&dir, false);
    new_game(&mut harness);
    click(&mut harness, "Activate Fireteam Alpha: Halted");
    click(&mut harness, "Fireteam Alpha fires at Insurgents 1");
    click(&mut harness, "Stats");
    harness.get_by_label("The story of the dice");
    let story = ambush_core::story::tell(game(&harness));
    let regulars = &story.sides[0];
    assert_eq!(regulars.fires, 1);
    harness.get_by_label(&format!("{:.1}", regulars.expected_casualties));
    harness.get_by_label("Victory points by turn");
    harness.get_by_label("Casualties caused per turn, and as expected");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_table_screen_says_what_is_due_once_and_counts_dependants_apart() {
    let dir = temp_dir("table-screen-due");
    let mut harness = app(&dir, true);
    new_game(&mut harness);
    click(&mut harness, "Activate Fireteam Alpha: Cautious");
    click(&mut harness, "Fireteam Alpha picks up the Contractors");
    click(&mut harness, "Fireteam Alpha fires at Insurgents 1");
    common::ui::type_dice(
        &mut harness,
        &[
            ("Firepower: Fireteam Alpha (d8)", "881111"),
            ("Defense: Insurgents 1 (d6)", "111111"),
        ],
    );
    // The two gunmen hit, alike, are taken off with no click; the Morale check it brings
    // asks for its dice at once, and is put off here.
    click(&mut harness, "Cancel");
    click(&mut harness, "View");
    click(&mut harness, "Table screen for the players");
    // What the fire made due is said once, on the "Next" line, not again under the roll.
    let next = harness
        .get_by_label_contains("Next: ")
        .value()
        .unwrap_or_default();
    assert!(next.contains("orale check for Insurgents 1"), "{next}");
    assert!(harness.query_by_label_contains("Due: ").is_none());
    // The contractors are carried, not fighting figures.
    harness.get_by_label_contains("Fireteam Alpha — 4 figures + 2 dependants");
    let _ = std::fs::remove_dir_all(&dir);
}

//! The Now view walks the turn: one click per step, nothing out of view.

mod common;
mod ui_common;

use ambush_alley::game::{Command, Entry, FireContext};
use egui_kittest::kittest::Queryable;
use ui_common::{app_seeded, click_in_view, game, new_game, temp_dir, unit};

/// The commands of the events in effect, in order.
fn played(harness: &egui_kittest::Harness<'_, ambush_alley::ui::AssistantApp>) -> Vec<Command> {
    let game = game(harness);
    (0..game.entries().len())
        .filter(|&i| game.entry_state(i) == ambush_alley::game::EntryState::InEffect)
        .filter_map(|i| match &game.entries()[i] {
            Entry::Event(e) => Some(e.command.clone()),
            _ => None,
        })
        .collect()
}

#[test]
fn an_activation_with_an_interruption_and_its_consequences_takes_eight_clicks_in_view() {
    let dir = temp_dir("now-clicks");
    // Seed 39: Insurgents 1 pass their Interrupt check and lose the Reaction test; Alpha's
    // reaction hits twice; Insurgents 1 stand and fire back, hitting twice.
    let mut harness = app_seeded(&dir, false, 39);
    new_game(&mut harness);
    let mut clicks = 0;
    clicks += click_in_view(&mut harness, "Activate Fireteam Alpha: Cautious");
    clicks += click_in_view(
        &mut harness,
        "Insurgents 1 interrupts Fireteam Alpha's movement (Interrupt check first)",
    );
    // The interrupting unit is the target of the reaction, its pools and odds shown.
    clicks += click_in_view(&mut harness, "Fireteam Alpha reacts: fires at Insurgents 1");
    clicks += click_in_view(&mut harness, "Remove 2 casualties from Insurgents 1");
    clicks += click_in_view(&mut harness, "Roll Morale check for Insurgents 1");
    clicks += click_in_view(&mut harness, "Insurgents 1 fires at Fireteam Alpha");
    clicks += click_in_view(&mut harness, "Roll First Aid for 2 from Fireteam Alpha");
    clicks += click_in_view(&mut harness, "Roll Morale check for Fireteam Alpha");
    assert!(clicks <= 10, "{clicks} clicks");
    assert_eq!(clicks, 8);
    // Each click was one step of the rules, in order.
    let kinds: Vec<&str> = played(&harness)
        .iter()
        .map(|c| match c {
            Command::Activate { .. } => "activate",
            Command::QualityCheck { .. } => "interrupt check",
            Command::ReactionTest { .. } => "reaction test",
            Command::Fire {
                context: FireContext::Reaction,
                ..
            } => "reaction fire",
            Command::Fire {
                context: FireContext::Interrupt,
                ..
            } => "interrupt fire",
            Command::RemoveCasualties { .. } => "casualties",
            Command::MoraleCheck { .. } => "morale",
            Command::FirstAid { .. } => "first aid",
            _ => "other",
        })
        .collect();
    assert_eq!(
        kinds,
        [
            "activate",
            "interrupt check",
            "reaction test",
            "reaction fire",
            "casualties",
            "morale",
            "interrupt fire",
            "first aid",
            "morale"
        ]
    );
    assert!(game(&harness).state().pending.is_empty());
    assert_eq!(unit(&harness, "Insurgents 1").figures.len(), 4);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn with_physical_dice_the_same_steps_only_add_typing_the_faces() {
    let dir = temp_dir("now-typed");
    let mut harness = app_seeded(&dir, true, 1);
    new_game(&mut harness);
    let mut clicks = click_in_view(&mut harness, "Activate Fireteam Alpha: Cautious");
    clicks += click_in_view(
        &mut harness,
        "Insurgents 1 interrupts Fireteam Alpha's movement (Interrupt check first)",
    );
    // The check, then the Reaction test it opens: typed, Enter after each.
    ui_common::type_dice(&mut harness, &[("Quality check: Insurgents 1", "5")]);
    ui_common::type_dice(
        &mut harness,
        &[
            ("Reaction: Insurgents 1", "2"),
            ("Reaction: Fireteam Alpha", "6"),
        ],
    );
    clicks += click_in_view(&mut harness, "Fireteam Alpha reacts: fires at Insurgents 1");
    ui_common::type_dice(
        &mut harness,
        &[
            ("Firepower: Fireteam Alpha (d8)", "8 8 1 1 1 1"),
            ("Defense: Insurgents 1 (d6)", "1 1 1 1 1 1"),
        ],
    );
    assert_eq!(clicks, 3);
    harness.get_by_label("Remove 2 casualties from Insurgents 1");
    let _ = std::fs::remove_dir_all(&dir);
}

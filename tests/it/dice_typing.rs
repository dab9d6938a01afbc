//! Typed dice at the speed of a hurried referee: every key goes to the group it was typed in,
//! even when a whole roll's keys arrive before a single frame is drawn.

use crate::common;

use ambush_core::game::Command;
use common::ui::{app_seeded, game, new_game, temp_dir};
use egui::{Event, Key, Modifiers};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;

use ambush_alley::ui::AssistantApp;

/// Every key of `typed` (text, and `\n` for Enter) in one frame, as a fast typist's keys reach
/// the window between two frames.
fn type_in_one_frame(harness: &mut Harness<'_, AssistantApp>, typed: &str) {
    let mut events = Vec::new();
    for part in typed.split_inclusive('\n') {
        let text = part.trim_end_matches('\n');
        if !text.is_empty() {
            events.push(Event::Text(text.to_owned()));
        }
        if part.ends_with('\n') {
            for pressed in [true, false] {
                events.push(Event::Key {
                    key: Key::Enter,
                    physical_key: None,
                    pressed,
                    repeat: false,
                    modifiers: Modifiers::NONE,
                });
            }
        }
    }
    harness.input_mut().events.extend(events);
    harness.step();
    harness.run();
}

/// A new game with physical dice, Fireteam Alpha moving Cautiously and Insurgents 1
/// interrupting its movement: the Interrupt check's prompt is open.
fn interrupted(name: &str) -> (common::TestDir, Harness<'static, AssistantApp>) {
    let dir = temp_dir(name);
    let mut harness = app_seeded(&dir, true, 1);
    new_game(&mut harness);
    common::ui::click(&mut harness, "Activate Fireteam Alpha: Cautious");
    common::ui::click(
        &mut harness,
        "Insurgents 1 interrupts Fireteam Alpha's movement (Interrupt check first)",
    );
    (dir, harness)
}

/// The faces of the last event in effect that rolled dice, group by group (the casualties a
/// fire makes, given at once when they decide nothing, roll none).
fn last_faces(harness: &Harness<'_, AssistantApp>) -> Vec<Vec<u8>> {
    game(harness)
        .applied_events()
        .filter(|e| !e.dice.is_empty())
        .last()
        .map(|e| e.dice.iter().map(|r| r.faces.clone()).collect())
        .unwrap_or_default()
}

fn value(harness: &Harness<'_, AssistantApp>, label: &str) -> String {
    harness
        .get_by_label(&format!("Faces for {label}"))
        .value()
        .unwrap_or_default()
}

#[test]
fn a_whole_activations_faces_typed_with_no_frame_between_land_where_they_were_typed() {
    let (dir, mut harness) = interrupted("typed-fast");
    // The Interrupt check, then the Reaction test it opens.
    type_in_one_frame(&mut harness, "5\n");
    assert!(matches!(
        game(&harness).applied_events().last().map(|e| &e.command),
        Some(Command::QualityCheck { .. })
    ));
    // Both Reaction dice in one breath, the second group not yet Entered: each field holds
    // its own face, none shifted, and both say they are ready.
    type_in_one_frame(&mut harness, "2\n6");
    assert_eq!(value(&harness, "Reaction: Insurgents 1"), "2");
    assert_eq!(value(&harness, "Reaction: Fireteam Alpha"), "6");
    assert_eq!(harness.query_all_by_label("ready").count(), 2);
    type_in_one_frame(&mut harness, "\n");
    assert_eq!(last_faces(&harness), [vec![2], vec![6]]);
    // Alpha's reaction: six d8 and six d6 as runs of digits, one key per face, in one frame.
    common::ui::click(&mut harness, "Fireteam Alpha reacts: fires at Insurgents 1");
    type_in_one_frame(&mut harness, "886411\n111111\n");
    assert_eq!(
        last_faces(&harness),
        [vec![8, 8, 6, 4, 1, 1], vec![1, 1, 1, 1, 1, 1]]
    );
    // The four gunmen hit are alike: they are taken off with no click, and their Morale
    // check's prompt follows. On d10s a 0 is a 10; a mistake is taken back with Backspace.
    harness.get_by_label_contains("0 for a 10");
    type_in_one_frame(&mut harness, "07");
    harness.input_mut().events.push(Event::Key {
        key: Key::Backspace,
        physical_key: None,
        pressed: true,
        repeat: false,
        modifiers: Modifiers::NONE,
    });
    harness.step();
    type_in_one_frame(&mut harness, "9\n");
    assert_eq!(last_faces(&harness), [vec![10, 9]]);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn keys_typed_after_enter_applied_the_dice_are_not_taken_by_that_roll() {
    let dir = temp_dir("typed-after");
    let mut harness = app_seeded(&dir, true, 1);
    new_game(&mut harness);
    common::ui::click(&mut harness, "Activate Fireteam Alpha: Halted");
    common::ui::click(&mut harness, "Fireteam Alpha fires at Insurgents 1");
    let events = game(&harness).events_in_effect();
    // The last Enter applies the roll; the keys after it belong to no field of it.
    type_in_one_frame(&mut harness, "888888\n111111\n44");
    // The fire, and its six casualties, the whole unit, taken off with no click.
    assert_eq!(game(&harness).events_in_effect(), events + 2);
    assert_eq!(
        last_faces(&harness),
        [vec![8, 8, 8, 8, 8, 8], vec![1, 1, 1, 1, 1, 1]]
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// A series asks its next roll at once: the Interrupt check, then the Reaction test it opens.
/// Typed in one breath, with no frame between, the keys after the check's Enter are the
/// Reaction test's, none lost and none shifted.
#[test]
fn keys_typed_ahead_of_a_series_next_roll_land_in_it() {
    let (dir, mut harness) = interrupted("typed-ahead");
    let events = game(&harness).events_in_effect();
    type_in_one_frame(&mut harness, "5\n2\n6\n");
    assert_eq!(game(&harness).events_in_effect(), events + 2);
    let applied: Vec<_> = game(&harness).applied_events().collect();
    let check = &applied[applied.len() - 2];
    assert!(
        matches!(check.command, Command::QualityCheck { .. }),
        "{:?}",
        check.command
    );
    assert_eq!(check.dice[0].faces, vec![5]);
    assert_eq!(last_faces(&harness), [vec![2], vec![6]]);
    // No prompt is left open, and nothing typed ahead waits for a later one.
    assert!(harness.query_by_label("Roll the physical dice").is_none());
    let _ = std::fs::remove_dir_all(&dir);
}

/// A group whose count of dice is typed moves on by itself: a roll of two groups takes no
/// Enter between them, and Backspace on the empty group after goes back to take a face back.
#[test]
fn a_group_typed_whole_moves_on_by_itself() {
    let (dir, mut harness) = interrupted("typed-on");
    type_in_one_frame(&mut harness, "5\n");
    // The Reaction test: one d6 each. The 2 fills the first group, so the 6 is the second's.
    type_in_one_frame(&mut harness, "26");
    assert_eq!(value(&harness, "Reaction: Insurgents 1"), "2");
    assert_eq!(value(&harness, "Reaction: Fireteam Alpha"), "6");
    // Backspace takes the 6 back, then (on the empty group) goes back to the first, whose 2
    // the next Backspace takes back; a 3 there moves on again.
    for _ in 0..3 {
        harness.input_mut().events.push(Event::Key {
            key: Key::Backspace,
            physical_key: None,
            pressed: true,
            repeat: false,
            modifiers: Modifiers::NONE,
        });
        harness.step();
    }
    assert_eq!(value(&harness, "Reaction: Insurgents 1"), "");
    type_in_one_frame(&mut harness, "36\n");
    assert_eq!(last_faces(&harness), [vec![3], vec![6]]);
    // Alpha's reaction: six d8 and six d6 in one run of twelve keys and one Enter.
    common::ui::click(&mut harness, "Fireteam Alpha reacts: fires at Insurgents 1");
    type_in_one_frame(&mut harness, "886411111111\n");
    assert_eq!(
        last_faces(&harness),
        [vec![8, 8, 6, 4, 1, 1], vec![1, 1, 1, 1, 1, 1]]
    );
    let _ = std::fs::remove_dir_all(&dir);
}

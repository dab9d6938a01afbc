//! The solo panel at the desk, as a lone wargamer clicks it: the question rows keep their place
//! as answers are given, the unit's own fire waits until the Insurgents have answered its
//! activation, and after its move one question asks whether a marker sees it.

use std::collections::BTreeMap;

use crate::common;

use ambush_alley::ui::AssistantApp;
use common::ui::{app, click, game, temp_dir};
use egui::accesskit::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};

/// Where each question's row stands: its first answer's top, by the question's words; and each
/// answer's place, by its full name.
fn rows(harness: &Harness<'_, AssistantApp>) -> BTreeMap<String, (i32, i32)> {
    harness
        .query_all_by_role(Role::RadioButton)
        .chain(harness.query_all_by_role(Role::CheckBox))
        .filter_map(|n| {
            let label = n.accesskit_node().label()?;
            label.contains("? ").then(|| {
                let rect = n.rect();
                (label, (rect.left() as i32, rect.top() as i32))
            })
        })
        .collect()
}

#[test]
fn the_question_rows_keep_their_place_as_answers_are_given() {
    let dir = temp_dir("solo-rows-keep-their-place");
    let mut harness = app(&dir, false);
    click(&mut harness, "Solo game: Contracting Trouble!");
    click(&mut harness, "Activate Fireteam Alpha: Rapid");
    let before = rows(&harness);
    assert!(before.len() >= 12, "{before:#?}");
    let which = "Which of these can see it?";
    for answer in [
        format!("{which} Insurgents 4"),
        format!("{which} Insurgents 1"),
        "Which are within 6\" of it? Insurgents 4 (its leader)".to_owned(),
        "What does it do first? fires".to_owned(),
        "Is it in the open? yes".to_owned(),
        "Which are within 6\" of it? Insurgents 4 (its leader)".to_owned(),
        format!("{which} Insurgents 4"),
    ] {
        // Clicked where it is, as a player does, without scrolling.
        harness.get_by_label(&answer).click();
        harness.run();
        assert_eq!(rows(&harness), before, "after {answer}");
    }
}

#[test]
fn the_units_fire_waits_until_the_insurgents_have_answered() {
    let dir = temp_dir("solo-fire-waits");
    let mut harness = app(&dir, false);
    click(&mut harness, "Solo game: Contracting Trouble!");
    click(&mut harness, "Activate Fireteam Alpha: Halted");
    let fire = "Fireteam Alpha fires at Insurgents 1";
    assert!(harness.query_by_label(fire).is_none(), "no fire yet");
    harness.get_by_label(
        "Fireteam Alpha fires once the Insurgents have answered its activation (above).",
    );
    click(&mut harness, "Let the Insurgents answer");
    assert!(harness.query_by_label(fire).is_some(), "its fire, now");
}

#[test]
fn after_its_move_the_player_is_asked_whether_a_marker_sees_the_unit() {
    let dir = temp_dir("solo-marker-sees");
    let mut harness = app(&dir, false);
    click(&mut harness, "Solo game: Night Patrol");
    click(&mut harness, "Activate Section, first half: Cautious");
    let question = "Once Section, first half has moved: does any marker see it within 6\"?";
    assert!(
        harness.query_by_label_contains(question).is_none(),
        "not before"
    );
    click(&mut harness, "Let the Insurgents answer");
    harness.get_by_label(question);
    click(&mut harness, &format!("{question} Contact C"));
    let c = game(&harness)
        .state()
        .contacts()
        .iter()
        .find(|c| c.marker == "C")
        .expect("C");
    assert!(c.revealed, "the Marines see it too");
    click(&mut harness, &format!("{question} none"));
    assert!(harness.query_by_label_contains(question).is_none());
}

//! The solo opponent's rules on the desk: a leaderless unit's Quality check comes before its
//! order is carried out, a failed one is said on its card, and each unit is asked about its own
//! reach.

use crate::common;

use super::solo_app::solo_lines;
use common::ui::{app, click, game, temp_dir, type_dice, unit};
use egui_kittest::kittest::Queryable;

/// Booklet line 37 (Example 2): a leaderless unit that fails its check makes no attack and does
/// nothing more this turn. The check is rolled with the decision, before the player moves a
/// figure; the card then says the unit does nothing more.
#[test]
fn a_leaderless_unit_rolls_its_check_before_its_order_and_a_failed_one_is_said() {
    let dir = temp_dir("solo-check-first");
    let mut harness = app(&dir, true);
    click(&mut harness, "Solo game: Contracting Trouble!");
    click(&mut harness, "End Regular activations");
    // An RPG gunner on his own is asked about his RPG's reach (line 151), not 6".
    let which = "Which of these does Insurgents 3 see?";
    click(&mut harness, &format!("{which} Fireteam Alpha"));
    harness.get_by_label("Which are within 12\" of Insurgents 3? Fireteam Alpha");
    assert!(
        harness
            .query_by_label("Which are within 6\" of Insurgents 3? Fireteam Alpha")
            .is_none()
    );
    click(&mut harness, &format!("{which} Fireteam Alpha"));
    click(&mut harness, "Insurgents 3: decide its orders");
    type_dice(&mut harness, &[("Solo choice (percentile)", "10 1")]);
    // The check is asked for at once: nothing has been done on the table yet.
    assert_eq!(unit(&harness, "Insurgents 3").status.movement(), None);
    assert!(
        harness
            .query_by_label("Insurgents 3 carried out its order")
            .is_none()
    );
    type_dice(&mut harness, &[("Quality check to act: Insurgents 3", "2")]);
    // On its card (the log says it too).
    harness.get_by_label_contains(
        "Insurgents 3 failed its Quality check: it does nothing more this turn. Leave it",
    );
    assert!(!unit(&harness, "Insurgents 3").status.activated());
    assert!(
        harness
            .query_by_label("Insurgents 3: decide its orders")
            .is_none()
    );

    // Insurgents 1 passes: then its order is carried out, and logged as such after its steps.
    click(&mut harness, "Insurgents 1: decide its orders");
    type_dice(&mut harness, &[("Solo choice (percentile)", "10 1")]);
    type_dice(&mut harness, &[("Quality check to act: Insurgents 1", "5")]);
    assert_eq!(unit(&harness, "Insurgents 1").status.movement(), None);
    click(&mut harness, "Insurgents 1 carried out its order");
    assert!(unit(&harness, "Insurgents 1").status.activated());
    let lines = solo_lines(&harness);
    let passed = lines
        .iter()
        .position(|l| l.contains("Insurgents 1 passed its Quality check"))
        .expect("the check's words");
    let carried = lines
        .iter()
        .position(|l| l.contains("Carried out."))
        .expect("carried out");
    assert!(passed < carried, "{lines:#?}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// Enter applies the faces once every group is ready, wherever the keyboard is: here the
/// faces are typed, the field is clicked away from, and Enter still plays them.
#[test]
fn enter_applies_typed_faces_even_when_the_field_has_lost_the_keyboard() {
    let dir = temp_dir("solo-enter-applies");
    let mut harness = app(&dir, true);
    click(&mut harness, "Solo game: Night Patrol");
    let field = harness.get_by_label("Faces for Contacts (percentile)");
    field.focus();
    field.type_text("1 1 1 1");
    harness.run();
    harness.get_by_label("Roll the physical dice").click();
    harness.run();
    assert!(
        game(&harness).state().unplaced().len() == 2,
        "not yet applied"
    );
    harness.key_press(egui::Key::Enter);
    harness.run();
    assert!(
        game(&harness).state().unplaced().is_empty(),
        "applied by Enter"
    );
}

/// A leader told to join a unit if it is within a Cautious move: when it is not, the card
/// answers so, and he stays out of sight.
#[test]
fn a_leaders_conditional_order_may_be_answered_not_within_a_cautious_move() {
    let dir = temp_dir("solo-not-within");
    let mut harness = app(&dir, true);
    click(&mut harness, "Solo game: Contracting Trouble!");
    click(&mut harness, "End Regular activations");
    // The roll that takes his first "join" option.
    let g = game(&harness);
    let leader = g
        .state()
        .units()
        .find(|u| u.name == "Leader 2A")
        .map(|u| u.id)
        .expect("Leader 2A");
    let orders = ambush_core::solo::orders(g, &[]);
    let mine = orders
        .iter()
        .find(|o| o.unit == leader)
        .expect("his orders");
    let before: u32 = mine
        .choices
        .iter()
        .zip(match &mine.decide {
            ambush_core::game::Command::SoloDecide { options, .. } => options.clone(),
            _ => Vec::new(),
        })
        .take_while(|(c, _)| !c.words.starts_with("join "))
        .map(|(_, o)| u32::from(o.percent))
        .sum();
    let roll = before + 1;
    click(&mut harness, "Leader 2A: decide its orders");
    type_dice(
        &mut harness,
        &[(
            "Solo choice (percentile)",
            format!("{} {}", roll / 10 % 10, roll % 10).as_str(),
        )],
    );
    click(&mut harness, "Leader 2A: not within 6\"");
    assert!(unit(&harness, "Leader 2A").status.activated());
    let lines = solo_lines(&harness);
    assert!(
        lines
            .iter()
            .any(|l| l.ends_with("is not within 6\": he stays out of sight.")),
        "{lines:#?}"
    );
}

/// The Marines reacted first to an interruption (they won the Reaction test): what the
/// Insurgent unit saw as it declared still stands, so no question is asked again unless the
/// player says the reaction changed it; then the sight questions come back for that unit.
#[test]
fn after_the_marines_react_first_nothing_is_asked_again_unless_the_player_says_it_changed() {
    let dir = temp_dir("solo-reacted-first");
    let mut harness = app(&dir, true);
    click(&mut harness, "Solo game: Contracting Trouble!");
    click(&mut harness, "Activate Fireteam Alpha: Rapid");
    let which = "Which of these can see it?";
    click(&mut harness, &format!("{which} Insurgents 4"));
    click(
        &mut harness,
        "Which are within 6\" of it? Insurgents 4 (its leader)",
    );
    let before = super::solo_app::questions(&harness).len();
    assert!(before <= 6, "{before}");
    click(&mut harness, "Let the Insurgents answer");
    // The first option is taken: it interrupts.
    type_dice(&mut harness, &[("Solo choice (percentile)", "0 1")]);
    // Its Reaction test comes at once; the Marines win it (8 against 1) and act first.
    type_dice(
        &mut harness,
        &[
            ("Reaction: Insurgents 4", "1"),
            ("Reaction: Fireteam Alpha", "8"),
        ],
    );
    harness.get_by_label("Insurgents 4 fires now");
    click(
        &mut harness,
        "Fireteam Alpha reacts: moves into cover or out of sight",
    );
    // It moved: what Insurgents 4 saw as it declared still stands, and nothing is asked.
    let asked = super::solo_app::questions(&harness);
    assert!(asked.iter().all(|q| !q.contains("still see")), "{asked:?}");
    assert!(asked.len() <= before, "{asked:?}");
    harness.get_by_label("Insurgents 4 fires now");
    // The player says it changed: the questions of sight come back, for that unit alone.
    click(
        &mut harness,
        "Insurgents 4: what it sees of Fireteam Alpha changed",
    );
    let still = "Which of these still see Fireteam Alpha?";
    assert_eq!(
        super::solo_app::answers(&harness, still),
        vec!["Insurgents 4"]
    );
    // Out of sight now: it holds its fire.
    assert!(harness.query_by_label("Insurgents 4 fires now").is_none());
    click(&mut harness, "Insurgents 4 no longer sees it");
    assert!(
        solo_lines(&harness)
            .iter()
            .any(|l| l.contains("has lost sight of Fireteam Alpha")),
        "{:#?}",
        solo_lines(&harness)
    );
}

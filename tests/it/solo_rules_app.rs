//! The solo opponent's rules on the desk: a leaderless unit's Quality check comes before its
//! order is carried out, a failed one is said on its card, and each unit is asked about its own
//! reach.

use crate::common;

use super::solo_app::solo_lines;
use common::ui::{app, click, temp_dir, type_dice, unit};
use egui_kittest::kittest::Queryable;

/// Booklet line 37 (Example 2): "If it fails the roll, no attack is made and the Insurgent unit
/// is finished for the turn." The check is rolled with the decision, before the player moves a
/// figure; the card then says the unit does nothing more.
#[test]
fn a_leaderless_unit_rolls_its_check_before_its_order_and_a_failed_one_is_said() {
    let dir = temp_dir("solo-check-first");
    let mut harness = app(&dir, true);
    click(&mut harness, "Solo game: Contracting Trouble!");
    click(&mut harness, "End Regular activations");
    // An RPG gunner on his own is asked about his RPG's reach (line 151), not 6".
    harness.get_by_label("Does Insurgents 3 see Fireteam Alpha? yes, within 12\" of its RPG");
    assert!(
        harness
            .query_by_label("Does Insurgents 3 see Fireteam Alpha? yes, within 6\"")
            .is_none()
    );
    click(&mut harness, "Insurgents 3: decide its orders");
    type_dice(&mut harness, &[("Solo choice (percentile)", "10 1")]);
    // The check is asked for at once: nothing has been done on the table yet.
    assert_eq!(unit(&harness, "Insurgents 3").status.movement, None);
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
    assert!(!unit(&harness, "Insurgents 3").status.activated);
    assert!(
        harness
            .query_by_label("Insurgents 3: decide its orders")
            .is_none()
    );

    // Insurgents 1 passes: then its order is carried out, and logged as such after its steps.
    click(&mut harness, "Insurgents 1: decide its orders");
    type_dice(&mut harness, &[("Solo choice (percentile)", "10 1")]);
    type_dice(&mut harness, &[("Quality check to act: Insurgents 1", "5")]);
    assert_eq!(unit(&harness, "Insurgents 1").status.movement, None);
    click(&mut harness, "Insurgents 1 carried out its order");
    assert!(unit(&harness, "Insurgents 1").status.activated);
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

//! The fire panel and the Tests tab as the referee reads them: exact odds before each roll,
//! what the game knows about a shot, and the referee's correction.

use crate::common;

use ambush_alley::ui::AssistantApp;
use common::ui::{click, game, started};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;

fn label_text(harness: &Harness<'_, AssistantApp>, contains: &str) -> String {
    // A label's words are its value.
    harness
        .get_by_label_contains(contains)
        .value()
        .unwrap_or_default()
}

#[test]
fn the_fire_panel_shows_exact_odds_that_follow_the_toggles() {
    use ambush_core::dice::Die;
    let (dir, mut harness) = started("odds", false);
    click(&mut harness, "Activate Fireteam Alpha: Halted");
    click(&mut harness, "Fireteam Alpha fires");
    click(&mut harness, "Target Insurgents 1");
    // 6d8 against 6d6: the figure shown is the exact one.
    let exact = ambush_core::odds::casualties(&[Die::D8; 6], &[Die::D6; 6], 4, 6);
    let shown = label_text(&harness, "Chance of at least one casualty");
    assert!(
        shown.contains(&format!("{:.1}%", exact.at_least(1) * 100.0)),
        "{shown}"
    );
    assert!(
        shown.contains(&format!("mean {:.2}", exact.mean())),
        "{shown}"
    );
    // Ticking Optimum Range adds a die, and the odds follow at once.
    harness
        .get_by_label_contains("Target within Optimum Range")
        .click();
    harness.run();
    let better = ambush_core::odds::casualties(&[Die::D8; 7], &[Die::D6; 6], 4, 6);
    let shown = label_text(&harness, "Chance of at least one casualty");
    assert!(
        shown.contains(&format!("mean {:.2}", better.mean())),
        "{shown}"
    );
    assert!(better.mean() > exact.mean());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn reaction_and_morale_show_their_odds_before_the_roll() {
    let (dir, mut harness) = started("testodds", false);
    click(&mut harness, "Activate Fireteam Alpha: Cautious");
    click(&mut harness, "Morale check for Fireteam Alpha");
    // Four d10 at 4+ (70% each): Stand needs 3 or 4 successes.
    let stand = 0.7f64.powi(4) + 4.0 * 0.7f64.powi(3) * 0.3;
    let shown = label_text(&harness, "Odds: Stand");
    assert!(
        shown.contains(&format!("Stand {:.1}%", stand * 100.0)),
        "{shown}"
    );
    // Reaction test: Insurgents 4 (leader, d8) against Alpha (d8, +1 Cautious).
    harness.get_by_label("Insurgent unit").click();
    harness.run();
    // The choice in the list, not the unit's card.
    harness
        .get_by_role_and_label(egui::accesskit::Role::Button, "Insurgents 4")
        .click();
    harness.run();
    let first = {
        let mut wins = 0;
        for i in 1..=8 {
            for r in 1..=8 {
                if i >= 4 && i > r + 1 {
                    wins += 1;
                }
            }
        }
        f64::from(wins) / 64.0
    };
    let shown = label_text(&harness, "Odds: the Insurgents act first");
    assert!(
        shown.contains(&format!("act first {:.1}%", first * 100.0)),
        "{shown}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_fire_panel_shows_what_the_game_knows_and_takes_a_referees_correction_in_words() {
    let (dir, mut harness) = started("correction", false);
    click(&mut harness, "Activate Fireteam Alpha: Rapid");
    click(&mut harness, "Fireteam Alpha fires");
    click(&mut harness, "Target Insurgents 1");
    // Alpha's Rapid move is a fact shown, not a toggle: 6d8 less one.
    assert!(
        harness
            .query_by_label_contains("Fireteam Alpha moved Rapid this turn (−1)")
            .is_some()
    );
    assert!(harness.query_by_label("Fire: 5d8 against 6d6").is_some());
    // The referee says Alpha did not run: a correction, with its reason, then the toggle.
    click(
        &mut harness,
        "Referee's correction: the game has this wrong",
    );
    let field = harness.get_by_label("Why (goes in the log):");
    field.focus();
    field.type_text("Alpha only walked");
    harness.run();
    click(&mut harness, "Moved Rapid (−1)");
    click(&mut harness, "Fire: 6d8 against 6d6");
    let events: Vec<_> = game(&harness).applied_events().cloned().collect();
    // The fire, then what it made due that decides nothing (its casualties, a Morale check).
    let last = events
        .iter()
        .rfind(|e| matches!(e.command, ambush_core::game::Command::Fire { .. }))
        .expect("the fire was played");
    match &last.command {
        ambush_core::game::Command::Fire { modifiers, .. } => {
            assert_eq!(modifiers.correction.as_deref(), Some("Alpha only walked"));
            assert!(!modifiers.attacker_rapid);
        }
        other => panic!("not a fire: {other:?}"),
    }
    let _ = std::fs::remove_dir_all(&dir);
}

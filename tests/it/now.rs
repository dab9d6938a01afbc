//! The Now view walks the turn: one click per step, nothing out of view.

use crate::common;

use ambush_core::game::{Command, FireContext};
use common::ui::{app_seeded, click_in_view, game, new_game, temp_dir, unit};
use egui_kittest::kittest::Queryable;

/// The commands of the events in effect, in order.
fn played(harness: &egui_kittest::Harness<'_, ambush_alley::ui::AssistantApp>) -> Vec<Command> {
    let game = game(harness);
    game.applied_events().map(|e| e.command.clone()).collect()
}

#[test]
fn an_activation_with_an_interruption_and_its_consequences_takes_five_clicks_in_view() {
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
    // Two of six gunmen alike fall, and their Morale check follows: nothing to decide, no
    // click.
    clicks += click_in_view(&mut harness, "Insurgents 1 fires at Fireteam Alpha");
    // Which two of Alpha's riflemen and gunners fall is the Regular player's choice: a click;
    // Alpha's Morale check then follows by itself.
    clicks += click_in_view(&mut harness, "Roll First Aid for 2 from Fireteam Alpha");
    assert_eq!(clicks, 5);
    // Each step of the rules, in order, each its own event.
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
    assert!(game(&harness).state().pending_steps().is_empty());
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
    common::ui::type_dice(&mut harness, &[("Interrupt check: Insurgents 1", "5")]);
    common::ui::type_dice(
        &mut harness,
        &[
            ("Reaction: Insurgents 1", "2"),
            ("Reaction: Fireteam Alpha", "6"),
        ],
    );
    clicks += click_in_view(&mut harness, "Fireteam Alpha reacts: fires at Insurgents 1");
    common::ui::type_dice(
        &mut harness,
        &[
            ("Firepower: Fireteam Alpha (d8)", "8 8 1 1 1 1"),
            ("Defense: Insurgents 1 (d6)", "1 1 1 1 1 1"),
        ],
    );
    assert_eq!(clicks, 3);
    // The two gunmen hit are alike: taken off with no click, and their Morale check's prompt
    // follows at once.
    assert_eq!(common::ui::unit(&harness, "Insurgents 1").figures.len(), 4);
    harness.get_by_label("Faces for Morale: Insurgents 1");
    let _ = std::fs::remove_dir_all(&dir);
}

/// A saved game of Contracting Trouble with `n` Morale checks for Fireteam Bravo.
fn saved_game(dir: &std::path::Path, n: usize) -> std::path::PathBuf {
    let path = dir.join("long.jsonl");
    let loaded = common::builtin_loaded();
    let mut session = ambush_core::session::Session::start(
        loaded,
        ambush_core::game::Settings::default(),
        Some(&path),
    );
    let bravo = common::unit_id(session.game(), "bravo");
    let mut dice = ambush_core::dice::DiceSource::seeded(3);
    for _ in 0..n {
        let morale = Command::MoraleCheck {
            unit: bravo,
            modifier: 0,
            defensible: true,
        };
        session.play(morale, &mut dice).expect("a Morale check");
    }
    path
}

fn opened(
    dir: &std::path::Path,
    path: std::path::PathBuf,
) -> egui_kittest::Harness<'static, ambush_alley::ui::AssistantApp> {
    let options = ambush_alley::ui::StartOptions {
        open: Some(path),
        solo: None,
        data_dir: Some(dir.join("data")),
        seed: Some(5),
        native_dialogs: false,
        phones: None,
    };
    // A window where the Now view leaves the log its ten lines (at 1280×800 the log gives
    // room to the Now view: `now_fits.rs`).
    common::ui::app_sized(
        options,
        ambush_alley::ui::Prefs::default(),
        [1920.0, 1080.0],
    )
}

#[test]
fn the_log_follows_new_events_unless_scrolled_up_and_the_latest_button_brings_it_back() {
    let dir = temp_dir("log-follow");
    let path = saved_game(&dir, 40);
    let mut harness = opened(&dir, path);
    // The newest line is in view, and at least ten lines are.
    harness.get_by_label_contains("  40  Morale Fireteam Bravo");
    let shown = harness
        .query_all_by_label_contains("Morale Fireteam Bravo")
        .count();
    assert!(shown >= 10, "{shown} lines in view");
    assert!(harness.query_by_label("Latest").is_none());
    // The referee scrolls up to read: a new event does not pull the log down.
    for _ in 0..8 {
        if let Some(row) = harness
            .query_all_by_label_contains("Morale Fireteam Bravo")
            .next()
        {
            row.scroll_up();
        }
        harness.run();
    }
    harness.get_by_label_contains("   5  Morale Fireteam Bravo");
    common::ui::click(&mut harness, "Activate Fireteam Alpha: Halted");
    assert!(
        harness
            .query_by_label_contains("  41  Fireteam Alpha activates")
            .is_none()
    );
    common::ui::click(&mut harness, "Latest");
    harness.get_by_label_contains("  41  Fireteam Alpha activates");
    // Undo strikes the event through where it stands; no "undo" line is added.
    harness.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Z);
    harness.run();
    harness.get_by_label_contains("  41  Fireteam Alpha activates: Halted  (undone)");
    assert!(harness.query_by_label_contains("  42  ").is_none());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_resumed_game_shows_its_newest_events_and_goes_on_following() {
    let dir = temp_dir("log-resume");
    let data = dir.join("data");
    std::fs::create_dir_all(&data).expect("data folder");
    let path = saved_game(&dir, 63);
    std::fs::rename(&path, data.join(ambush_core::session::AUTOSAVE_FILE)).expect("autosave");
    // A small window, where the log's lines wrap and its rows are measured as they are drawn.
    let options = ambush_alley::ui::StartOptions {
        data_dir: Some(data),
        seed: Some(5),
        ..Default::default()
    };
    let mut harness =
        common::ui::app_sized(options, ambush_alley::ui::Prefs::default(), [1024.0, 700.0]);
    common::ui::click(&mut harness, "Resume the autosaved game");
    harness.get_by_label_contains("  63  Morale Fireteam Bravo");
    assert!(
        harness.query_by_label("Latest").is_none(),
        "still following"
    );
    common::ui::click(&mut harness, "Activate Fireteam Alpha: Halted");
    assert!(
        harness.query_by_label("Latest").is_none(),
        "still following"
    );
    harness.get_by_label_contains("  64  Fireteam Alpha activates");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_log_filters_by_kind_and_by_unit() {
    let dir = temp_dir("log-filter");
    let path = saved_game(&dir, 3);
    let mut harness = opened(&dir, path);
    common::ui::click(&mut harness, "Activate Fireteam Alpha: Halted");
    harness.get_by_label_contains("   4  Fireteam Alpha activates");
    common::ui::click(&mut harness, "Log: kind");
    common::ui::click(&mut harness, "Morale");
    assert!(
        harness
            .query_by_label_contains("   4  Fireteam Alpha activates")
            .is_none()
    );
    assert_eq!(
        harness
            .query_all_by_label_contains("Morale Fireteam Bravo")
            .count(),
        3
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn forms_follow_the_game_the_tests_tab_takes_the_unit_activating() {
    let dir = temp_dir("stale-form");
    let mut harness = common::ui::app(&dir, false);
    new_game(&mut harness);
    common::ui::click(&mut harness, "Activate Fireteam Alpha: Halted");
    common::ui::click(&mut harness, "Tests");
    assert_eq!(
        harness.get_by_label("Regular unit").value().as_deref(),
        Some("Fireteam Alpha")
    );
    common::ui::click(&mut harness, "Now");
    common::ui::click(&mut harness, "Activate Fireteam Bravo: Halted");
    common::ui::click(&mut harness, "Tests");
    assert_eq!(
        harness.get_by_label("Regular unit").value().as_deref(),
        Some("Fireteam Bravo")
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn overwatch_answers_an_interruption_before_the_reaction_test_one_click_each() {
    let dir = temp_dir("now-overwatch-first");
    // Seed 39: Insurgents 1 pass their Interrupt check (the first roll of the game).
    let mut harness = app_seeded(&dir, false, 39);
    new_game(&mut harness);
    let mut clicks = 0;
    clicks += click_in_view(&mut harness, "Activate Fireteam Bravo: Overwatch");
    clicks += click_in_view(&mut harness, "Activate Fireteam Alpha: Cautious");
    // Bravo is on Overwatch: the interruption is declared first, so Bravo may answer it.
    clicks += click_in_view(
        &mut harness,
        "Insurgents 1 will interrupt Fireteam Alpha's movement (Overwatch may answer first) (Interrupt check first)",
    );
    clicks += click_in_view(
        &mut harness,
        "Fireteam Bravo on Overwatch answers Insurgents 1's interruption (Reaction test)",
    );
    clicks += click_in_view(
        &mut harness,
        "Insurgents 1 interrupts Fireteam Alpha's movement",
    );
    assert_eq!(clicks, 5);
    let kinds: Vec<&str> = played(&harness)
        .iter()
        .map(|c| match c {
            Command::Activate { .. } => "activate",
            Command::QualityCheck { .. } => "interrupt check",
            Command::DeclareInterrupt { .. } => "declared",
            Command::ReactionTest {
                kind: ambush_core::game::ReactionKind::Overwatch,
                ..
            } => "overwatch test",
            Command::ReactionTest { .. } => "reaction test",
            _ => "other",
        })
        .collect();
    assert_eq!(
        kinds,
        [
            "activate",
            "activate",
            "interrupt check",
            "declared",
            "overwatch test",
            "reaction test"
        ]
    );
    // Once the test is taken, Overwatch is too late: no Overwatch test is offered.
    assert!(
        harness
            .query_by_label(
                "Fireteam Bravo on Overwatch answers Insurgents 1's interruption (Reaction test)"
            )
            .is_none()
    );
}

#[test]
fn a_fire_the_table_must_give_its_die_is_shown_and_made_once_judged() {
    // The Corporal alone, moving Rapid: his one die is lost to the speed. Within Optimum
    // Range, he has it back: the fire is shown, not offered, until the referee says so.
    let dir = temp_dir("now-no-die");
    let mut harness = app_seeded(&dir, false, 3);
    new_game(&mut harness);
    common::ui::click(&mut harness, "Activate Corporal (squad leader): Rapid");
    let fire = "Corporal (squad leader) fires at Insurgents 1";
    let events = game(&harness).events_in_effect();
    harness.get_by_label(fire).click();
    harness.run();
    assert_eq!(
        game(&harness).events_in_effect(),
        events,
        "no die: not fired"
    );
    let judgement = harness
        .query_all_by_label_contains("Optimum Range: Corporal (squad leader) at")
        .next()
        .map(|n| {
            use egui_kittest::kittest::NodeT;
            n.accesskit_node().label().unwrap_or_default()
        })
        .expect("the judgement row");
    common::ui::click(&mut harness, &judgement);
    common::ui::click(&mut harness, fire);
    // The fire, then what it made due that decides nothing, rolled by the app at once.
    let played: Vec<&Command> = game(&harness)
        .applied_events()
        .skip(events)
        .map(|e| &e.command)
        .collect();
    assert!(
        played[1..].iter().all(|c| matches!(
            c,
            Command::MoraleCheck { .. } | Command::RemoveCasualties { .. }
        )),
        "{played:?}"
    );
    let Some(Command::Fire { modifiers, .. }) = played.first().copied() else {
        panic!("not a fire")
    };
    assert!(modifiers.optimum_range && modifiers.attacker_rapid);
    let _ = std::fs::remove_dir_all(&dir);
}

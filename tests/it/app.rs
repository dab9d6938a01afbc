//! The real app, driven headless by its labels, as a referee would use it.

use crate::common;

use std::path::PathBuf;

use ambush_alley::ui::{Prefs, StartOptions};
use ambush_core::game::Phase;
use ambush_core::unit::Side;
use common::ui::{
    app, app_with, click, game, new_checked_game, new_game, started, temp_dir, type_dice, unit,
};
use egui::{Key, Modifiers};
use egui_kittest::kittest::Queryable;

#[test]
fn fire_with_typed_dice_then_undo_restores_the_figures() {
    let (dir, mut harness) = started("fire", true);
    click(&mut harness, "Activate Fireteam Alpha: Halted");
    assert!(unit(&harness, "Fireteam Alpha").status.activated());
    click(&mut harness, "Fireteam Alpha fires");
    click(&mut harness, "Target Insurgents 1");
    // 4 figures + SAW + M203 = 6d8 against 6 Insurgents: 6d6.
    click(&mut harness, "Fire: 6d8 against 6d6");
    type_dice(
        &mut harness,
        &[
            ("Firepower: Fireteam Alpha (d8)", "8 8 7 6 5 1"),
            ("Defense: Insurgents 1 (d6)", "6 5 2 2 1 1"),
        ],
    );
    // The fire (the game's second event), then its three casualties: six gunmen alike, so taken
    // off at once, an event of their own; their Morale check's prompt follows, put off here.
    let outcome = game(&harness).outcome(1).expect("the fire was applied");
    assert!(
        outcome.summary.contains("3 casualties"),
        "{}",
        outcome.summary
    );
    assert_eq!(unit(&harness, "Insurgents 1").figures.len(), 3);
    click(&mut harness, "Cancel");
    // Undo (Ctrl+Z) restores the figures.
    harness.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    harness.run();
    assert_eq!(unit(&harness, "Insurgents 1").figures.len(), 6);
    // Redo (Ctrl+Y) takes them off again.
    harness.key_press_modifiers(Modifiers::COMMAND, Key::Y);
    harness.run();
    assert_eq!(unit(&harness, "Insurgents 1").figures.len(), 3);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn bad_typed_faces_are_refused_and_nothing_changes() {
    let (dir, mut harness) = started("badfaces", true);
    click(&mut harness, "Morale check for Fireteam Alpha");
    click(
        &mut harness,
        "Morale check with modifier for Fireteam Alpha",
    );
    let field = harness.get_by_label("Faces for Morale: Fireteam Alpha");
    field.type_text("9 9 1");
    harness.run();
    harness.get_by_label_contains("3 faces typed, 4 needed");
    harness.key_press(Key::Enter);
    harness.run();
    assert_eq!(game(&harness).events_in_effect(), 0, "nothing was applied");
    click(&mut harness, "Cancel");
    assert_eq!(game(&harness).events_in_effect(), 0);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_morale_check_pins_a_regular_unit_and_end_of_turn_clears_it() {
    let (dir, mut harness) = started("morale", true);
    click(&mut harness, "Morale check for Fireteam Alpha");
    click(
        &mut harness,
        "Morale check with modifier for Fireteam Alpha",
    );
    type_dice(&mut harness, &[("Morale: Fireteam Alpha", "1 2 3 9")]);
    assert!(unit(&harness, "Fireteam Alpha").status.pinned());
    harness.get_by_label("Pinned");
    click(&mut harness, "Now");
    click(&mut harness, "End Regular activations");
    assert_eq!(game(&harness).state().phase(), Phase::InsurgentActions);
    click(&mut harness, "End turn 1");
    assert_eq!(game(&harness).state().turn(), 2);
    assert!(!unit(&harness, "Fireteam Alpha").status.pinned());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_insurgency_roll_places_reinforcements() {
    let (dir, mut harness) = started("reinforce", true);
    click(&mut harness, "End Regular activations");
    click(&mut harness, "End turn 1");
    assert_eq!(game(&harness).state().phase(), Phase::Reinforcements);
    // Automatic: no die for the Insurgency roll itself, and nothing to decide: it is given
    // with the end of the turn, and so is each roll it brings, each its own event; the
    // prompt asks for the table's dice at once.
    assert!(matches!(
        game(&harness).applied_events().last().map(|e| &e.command),
        Some(ambush_core::game::Command::InsurgencyRoll)
    ));
    type_dice(&mut harness, &[("Reinforcement table (2d6)", "3 4")]);
    // 7: 1d6 small arms + leader + light support. Count 3, Hot Spot 2.
    type_dice(
        &mut harness,
        &[
            ("Number of Rifle figures (1d6)", "3"),
            ("Hot Spot roll", "2"),
        ],
    );
    let arrived = unit(&harness, "Insurgents R1");
    assert_eq!(arrived.side, Side::Insurgent);
    assert_eq!(arrived.figures.len(), 5);
    assert!(arrived.in_play());
    assert!(arrived.location.contains("Hot Spot 2"));
    // The new unit is counted on the Insurgent side, and the result says where it came.
    harness.get_by_label("Insurgent units (9)");
    assert!(
        harness
            .query_all_by_label_contains("arrives at Hot Spot 2")
            .count()
            >= 1
    );
    click(&mut harness, "Start Regular activations");
    assert_eq!(game(&harness).state().phase(), Phase::RegularActivations);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn save_then_reopen_gives_the_same_state() {
    let (dir, mut harness) = started("save", false);
    click(&mut harness, "Activate Fireteam Alpha: Cautious");
    click(&mut harness, "Morale check for Fireteam Bravo");
    click(
        &mut harness,
        "Morale check with modifier for Fireteam Bravo",
    );
    let before = game(&harness).state().clone();
    // No file dialog here: the app says so and offers the typed path.
    click(&mut harness, "Game");
    click(&mut harness, "Save as…");
    assert!(
        harness
            .state()
            .message()
            .is_some_and(|m| m.contains("No file dialog"))
    );
    let path = dir.join("my game.jsonl");
    let field = harness.get_by_label("Path:");
    field.focus();
    field.type_text(&path.display().to_string());
    harness.run();
    click(&mut harness, "Save to path");
    assert!(
        path.exists(),
        "{}",
        harness.state().message().unwrap_or_default()
    );
    // Close, then open the saved file by its path.
    click(&mut harness, "Game");
    click(&mut harness, "Close game");
    assert!(harness.state().game().is_none());
    // The path typed before is still there.
    let field = harness.get_by_label("or type its path:");
    assert_eq!(
        field.value().as_deref(),
        Some(path.display().to_string().as_str())
    );
    click(&mut harness, "Open path");
    assert!(
        harness
            .state()
            .message()
            .is_some_and(|m| m.contains("Opened the saved game")),
        "{:?}",
        harness.state().message()
    );
    assert_eq!(game(&harness).state(), &before);
    let _ = std::fs::remove_dir_all(&dir);
}

/// The child side of the crash test: plays a few events through the real app, records what it
/// sees, then waits to be killed. Run only by `killing_the_app_offers_the_game_back`.
#[test]
#[ignore = "run by killing_the_app_offers_the_game_back in a child process"]
fn crash_child_plays_then_waits() {
    let dir = std::env::var_os("AA_CRASH_DIR").map(PathBuf::from).expect(
        "run only as the child of killing_the_app_offers_the_game_back (AA_CRASH_DIR unset)",
    );
    let mut harness = app(&dir, false);
    new_checked_game(&mut harness);
    click(&mut harness, "Activate Fireteam Alpha: Rapid");
    click(&mut harness, "Morale check for Fireteam Bravo");
    click(
        &mut harness,
        "Morale check with modifier for Fireteam Bravo",
    );
    click(&mut harness, "Now");
    click(&mut harness, "Activate Fireteam Bravo: Halted");
    let report = ambush_core::report::json(game(&harness));
    std::fs::write(dir.join("expected.json"), report.to_string()).expect("write expected");
    std::fs::write(dir.join("ready"), b"").expect("write marker");
    loop {
        std::thread::sleep(std::time::Duration::from_secs(1));
    }
}

#[test]
fn killing_the_app_offers_the_game_back() {
    let dir = temp_dir("crash");
    let mut child = std::process::Command::new(std::env::current_exe().expect("test binary"))
        .args([
            "--ignored",
            "--exact",
            &common::test_name(module_path!(), "crash_child_plays_then_waits"),
            "--nocapture",
        ])
        .env("AA_CRASH_DIR", &dir)
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .expect("child starts");
    let start = std::time::Instant::now();
    while !dir.join("ready").exists() {
        assert!(start.elapsed().as_secs() < 120, "the child never got ready");
        assert!(
            child.try_wait().ok().flatten().is_none(),
            "the child ended early"
        );
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    // kill -9: no chance to flush or save anything more.
    child.kill().expect("SIGKILL");
    let _ = child.wait();
    let expected: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(dir.join("expected.json")).expect("expected"),
    )
    .expect("json");

    let mut harness = app(&dir, false);
    harness.get_by_label_contains("(3 events)");
    click(&mut harness, "Resume the autosaved game");
    assert_eq!(ambush_core::report::json(game(&harness)), expected);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_log_exports_as_an_after_action_report() {
    let (dir, mut harness) = started("export", false);
    click(&mut harness, "Activate Fireteam Alpha: Halted");
    click(&mut harness, "Game");
    click(&mut harness, "Type a path…");
    let path = dir.join("report.md");
    let field = harness.get_by_label("Path:");
    field.focus();
    field.type_text(&path.display().to_string());
    harness.run();
    click(&mut harness, "Export report to path");
    let text = std::fs::read_to_string(&path).expect("the report was written");
    assert!(
        text.starts_with("# After-action report: Contracting Trouble!"),
        "{text}"
    );
    assert!(
        text.contains("1. Fireteam Alpha activates: Halted"),
        "{text}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn play_file_opens_a_scenario_or_a_saved_game() {
    let dir = temp_dir("playfile");
    let scenario = PathBuf::from(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/scenarios/contracting-trouble-solo.json"
    ));
    let options = StartOptions {
        open: Some(scenario),
        solo: None,
        data_dir: Some(dir.to_path_buf()),
        seed: Some(1),
        native_dialogs: false,
        phones: None,
    };
    let harness = app_with(options, Prefs::default());
    assert_eq!(game(&harness).scenario().id, "contracting-trouble-solo");
    // A bad file is refused with its place, and nothing is lost: the start screen stays.
    let bad = dir.join("bad.json");
    std::fs::write(&bad, "{\n  \"format\": 3\n}").expect("write");
    let options = StartOptions {
        open: Some(bad),
        solo: None,
        data_dir: Some(dir.join("other")),
        seed: Some(1),
        native_dialogs: false,
        phones: None,
    };
    let harness = app_with(options, Prefs::default());
    assert!(harness.state().game().is_none());
    let message = harness.state().message().unwrap_or_default().to_owned();
    assert!(
        message.contains("bad.json") && message.contains("2:"),
        "{message}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn status_counts_change_one_event_per_click() {
    let (dir, mut harness) = started("stepper", false);
    click(&mut harness, "Edit Fireteam Alpha");
    click(&mut harness, "Statuses");
    click(&mut harness, "Times interrupted this turn more");
    click(&mut harness, "Times interrupted this turn more");
    assert_eq!(
        unit(&harness, "Fireteam Alpha").status.times_interrupted(),
        2
    );
    assert_eq!(game(&harness).events_in_effect(), 2);
    click(&mut harness, "Times interrupted this turn less");
    assert_eq!(
        unit(&harness, "Fireteam Alpha").status.times_interrupted(),
        1
    );
    assert_eq!(game(&harness).events_in_effect(), 3);
    // One undo takes back exactly one click.
    harness.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    harness.run();
    assert_eq!(
        unit(&harness, "Fireteam Alpha").status.times_interrupted(),
        2
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// Dice that stay, switched on in the Edit tab of a game for two, take their seed from the
/// app's own generator (seeded here), once: the same seed in two runs of the same start.
#[test]
fn dice_that_stay_switched_on_take_the_apps_seed() {
    let seed_of = |name: &str| {
        let dir = temp_dir(name);
        let mut harness = app(&dir, false);
        new_game(&mut harness);
        click(&mut harness, "Edit");
        click(
            &mut harness,
            "Hot Spots, Insurgency Level, turn and settings",
        );
        click(
            &mut harness,
            "Dice stay after undo: the same command at the same place rolls the same faces",
        );
        let settings = &game(&harness).state().settings();
        assert!(settings.dice_stay);
        settings.dice_seed
    };
    let seed = seed_of("stay-seed-1");
    assert!(seed.is_some());
    assert_eq!(seed, seed_of("stay-seed-2"));
}

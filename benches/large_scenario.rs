//! The app with the largest scenarios a good file can be (just under the 10 MiB cap, or the
//! 50,000 values a file may hold): a brief of 9 million characters, 45,000 special rules,
//! 48,000 author's notes, 6,900 victory points items (all judged by the referee), 12,000 notes
//! for the referee on turn 2 (a game saved as it begins, 9 MB of notes due at once). For
//! each, the peak resident size of a process that opens it in the app and draws each tab (the
//! Scenario tab turned to its last pages), and the cost of one frame of the Now view and of
//! the Scenario tab. Then a file the checks refuse, the worst for them under the cap. Targets:
//! under 200 MB resident, a frame under 16 ms.
//!
//! Measured headless with the kittest harness (CPU only: the layout and the shapes of every
//! frame, no GPU). Each file's memory is measured in a process of its own (this benchmark run
//! again with `AA_LARGE_SCENARIO=NAME`), which reads its peak resident size (`VmHWM`) from
//! `/proc/self/status` once done: a run of the app itself under X adds its fonts and window.

use std::path::{Path, PathBuf};

use ambush_alley::ui::{AssistantApp, Prefs, StartOptions};
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use serde_json::{Value, json};

/// The largest a scenario file may be.
const CAP: usize = 10 * 1024 * 1024;
/// The most resident memory allowed, in bytes.
const TARGET_RESIDENT: u64 = 200 * 1000 * 1000;

/// A file the checks refuse, the worst for them under the cap: 49,000 empty units (each
/// lacking six fields), padded to 10 MiB with a long brief. The app opens on its start screen
/// and lists the file's problems.
const REFUSED: &str = "refused_49000_empty_units";

const CASES: [&str; 5] = [
    "brief_9_mb",
    "special_rules_45000",
    "author_notes_48000",
    "victory_items_6900",
    "turn_notes_12000",
];

fn main() {
    if let Ok(case) = std::env::var("AA_LARGE_SCENARIO") {
        print!("{}", peak_resident_of(&case));
        return;
    }
    for case in CASES.into_iter().chain([REFUSED]) {
        let exe = std::env::current_exe().expect("this benchmark's path");
        let out = std::process::Command::new(exe)
            .env("AA_LARGE_SCENARIO", case)
            .output()
            .expect("the benchmark runs again");
        let words = String::from_utf8_lossy(&out.stdout);
        assert!(
            out.status.success(),
            "{case}: {}{}",
            words,
            String::from_utf8_lossy(&out.stderr)
        );
        let bytes: u64 = words.trim().parse().expect("a size in bytes");
        println!(
            "{case}: {:.0} MB resident at the peak (target: under {} MB)",
            bytes as f64 / 1e6,
            TARGET_RESIDENT / 1_000_000
        );
        assert!(bytes < TARGET_RESIDENT, "{case}: {bytes} bytes resident");
    }
    divan::main();
}

/// The text of `case`: Contracting Trouble grown to just under the cap.
fn scenario_text(case: &str) -> String {
    let mut file: Value =
        serde_json::from_str(ambush_core::scenario::builtin::CONTRACTING_TROUBLE).expect("JSON");
    let sentence = "Dust hangs over the street and nobody moves behind the shutters. ";
    match case {
        "brief_9_mb" => {
            let paragraph = format!("{}\n\n", sentence.repeat(20));
            file["brief"] = json!(paragraph.repeat(9_000_000 / paragraph.len()));
        }
        "special_rules_45000" => {
            let rule = sentence.repeat(3);
            file["special_rules"] = json!(vec![rule; 45_000]);
        }
        "author_notes_48000" => {
            let note = sentence.repeat(3);
            file["version"] = json!(3);
            file["author_notes"] = json!(vec![note; 48_000]);
        }
        "victory_items_6900" => {
            let items = file["victory"].as_array_mut().expect("items");
            for i in 0..6_900 {
                items.push(json!({
                    "id": format!("extra-{i}"),
                    "side": if i % 2 == 0 { "regular" } else { "insurgent" },
                    "points": 1,
                    "label": format!("Extra item {i}, scored by the referee"),
                    "trigger": {"kind": "manual"}
                }));
            }
        }
        "turn_notes_12000" => {
            file["version"] = json!(3);
            let note = "The radio crackles: nothing new from the convoy. ".repeat(14);
            let events: Vec<Value> = (0..12_000)
                .map(|_| json!({"turn": 2, "kind": "note", "text": note}))
                .collect();
            file["events"] = json!(events);
        }
        REFUSED => {
            if let Some(Value::Array(units)) = file.get_mut("units") {
                units.extend((0..49_000).map(|_| json!({})));
            }
            let base = serde_json::to_string(&file).expect("written").len();
            file["brief"] = json!("x".repeat(CAP - base - 64));
        }
        other => panic!("no case {other}"),
    }
    let text = serde_json::to_string(&file).expect("written");
    assert!(text.len() < CAP, "{case}: {} bytes", text.len());
    text
}

/// A folder of its own for `case`, with its scenario written in it: the file itself, or for
/// the notes of a turn, a saved game of it at the start of turn 2 (where its notes are due).
fn scenario_file(case: &str) -> (PathBuf, PathBuf) {
    let dir = std::env::temp_dir().join(format!("aa-large-scenario-{}-{case}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("dir");
    let text = scenario_text(case);
    if case != "turn_notes_12000" {
        let path = dir.join(format!("{case}.json"));
        std::fs::write(&path, text).expect("written");
        return (dir, path);
    }
    use ambush_core::game::{Command, Game, Settings};
    let loaded = ambush_core::scenario::check::load_bytes(text.as_bytes()).expect("a good file");
    let settings = Settings::default();
    let mut game = Game::new(std::sync::Arc::new(loaded.scenario), settings.clone());
    let mut dice = ambush_core::dice::DiceSource::seeded(1);
    for command in [Command::StartInsurgentPhase, Command::EndTurn] {
        game.play(command.clone(), &mut dice)
            .unwrap_or_else(|e| panic!("{command:?}: {e}"));
    }
    assert_eq!(game.state().turn(), 2);
    let path = dir.join(format!("{case}.jsonl"));
    let header = ambush_core::journal::Header::new(loaded.file, settings);
    ambush_core::journal::write_whole(&path, &header, &game).expect("saved");
    (dir, path)
}

/// The app with `path` open in a game for two, drawn once (for [`REFUSED`], the start screen
/// saying why not).
fn app_with(path: &Path, dir: &Path) -> Harness<'static, AssistantApp> {
    let refused = path.file_stem().is_some_and(|stem| stem == REFUSED);
    let options = StartOptions {
        open: Some(path.to_owned()),
        solo: None,
        data_dir: Some(dir.join("data")),
        seed: Some(1),
        native_dialogs: false,
        phones: None,
    };
    let mut harness = Harness::builder()
        .with_size([1280.0, 800.0])
        .with_accessibility_check(false)
        .build_eframe(move |_cc| AssistantApp::with_prefs(options, Prefs::default()));
    harness.run_steps(4);
    if refused {
        assert!(
            harness.state().game().is_none() && harness.state().message().is_some(),
            "the refused file: {:?}",
            harness.state().message()
        );
    } else {
        assert!(
            harness.state().game().is_some(),
            "the scenario did not open: {:?}",
            harness.state().message()
        );
    }
    harness
}

fn click(harness: &mut Harness<'_, AssistantApp>, label: &str) {
    harness
        .query_all_by_label(label)
        .next()
        .unwrap_or_else(|| panic!("no {label}"))
        .click();
    harness.run_steps(2);
}

/// Opens `case` in the app, draws every tab and turns the Scenario tab's pages to the last,
/// and says the process's peak resident size in bytes.
fn peak_resident_of(case: &str) -> u64 {
    let (dir, path) = scenario_file(case);
    let mut harness = app_with(&path, &dir);
    if case == REFUSED {
        let _ = std::fs::remove_dir_all(&dir);
        return peak_resident();
    }
    for tab in ["Fire", "Tests", "Edit", "Stats", "Now", "Scenario"] {
        click(&mut harness, tab);
    }
    let lasts: Vec<String> = harness
        .query_all_by_label_contains(": last")
        .filter_map(|node| node.accesskit_node().label())
        .collect();
    for last in lasts {
        click(&mut harness, &last);
    }
    let _ = std::fs::remove_dir_all(&dir);
    peak_resident()
}

/// This process's peak resident size, in bytes.
fn peak_resident() -> u64 {
    let status = std::fs::read_to_string("/proc/self/status").expect("/proc/self/status");
    let kib: u64 = status
        .lines()
        .find_map(|line| line.strip_prefix("VmHWM:"))
        .and_then(|rest| rest.trim().trim_end_matches("kB").trim().parse().ok())
        .expect("VmHWM in /proc/self/status");
    kib * 1024
}

fn frame(bencher: divan::Bencher, case: &str, tab: &str) {
    let (dir, path) = scenario_file(case);
    let mut harness = app_with(&path, &dir);
    click(&mut harness, tab);
    bencher.bench_local(|| harness.step());
    let _ = std::fs::remove_dir_all(&dir);
}

#[divan::bench(args = CASES, sample_count = 30)]
fn frame_of_the_now_view(bencher: divan::Bencher, case: &str) {
    frame(bencher, case, "Now");
}

#[divan::bench(sample_count = 30)]
fn frame_of_the_start_screen_refusing_the_worst_file(bencher: divan::Bencher) {
    let (dir, path) = scenario_file(REFUSED);
    let mut harness = app_with(&path, &dir);
    bencher.bench_local(|| harness.step());
    let _ = std::fs::remove_dir_all(&dir);
}

#[divan::bench(args = CASES, sample_count = 30)]
fn frame_of_the_scenario_tab(bencher: divan::Bencher, case: &str) {
    frame(bencher, case, "Scenario");
}

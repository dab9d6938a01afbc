//! The scenario inside a saved game is held to the rules a scenario file is: what `validate`
//! refuses in a file cannot come in through a journal. A journal of an earlier version that
//! holds what today's rules refuse still loads and replays as it was played, and says so.

use std::path::PathBuf;

use ambush_core::journal;
use serde_json::{Value, json};

use crate::common;

fn fixtures() -> Vec<PathBuf> {
    let dir = common::repo_path("tests/fixtures");
    let mut paths: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .filter_map(|entry| entry.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "jsonl"))
        .collect();
    paths.sort();
    paths
}

/// The fixture's text with its header's scenario changed.
fn with_scenario(path: &PathBuf, change: impl FnOnce(&mut Value)) -> Vec<u8> {
    let text = std::fs::read_to_string(path).expect("fixture");
    let (header, rest) = text.split_once('\n').expect("a header line");
    let mut header: Value = serde_json::from_str(header).expect("header JSON");
    change(&mut header["scenario"]);
    let mut out = serde_json::to_vec(&header).expect("JSON");
    out.push(b'\n');
    out.extend_from_slice(rest.as_bytes());
    out
}

fn two_player() -> PathBuf {
    common::repo_path("tests/fixtures").join("v1-two-player-game.jsonl")
}

#[test]
fn every_fixture_s_scenario_keeps_today_s_rules_for_files() {
    let paths = fixtures();
    assert!(paths.len() >= 10, "{paths:?}");
    for path in paths {
        let loaded =
            journal::load_path(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        assert_eq!(loaded.scenario_problems, Vec::new(), "{}", path.display());
        assert_eq!(loaded.scenario_words(), None, "{}", path.display());
    }
}

#[test]
fn a_saved_name_of_a_megabyte_loads_cut_and_replays_as_played() {
    let original = journal::load_path(&two_player()).expect("fixture");
    let bytes = with_scenario(&two_player(), |s| {
        s["units"][0]["name"] = json!("N".repeat(1 << 20));
    });
    let loaded = journal::read_from(bytes.as_slice()).expect("an old journal still loads");
    assert_eq!(loaded.left_out_words(), None);
    let paths: Vec<&str> = loaded
        .scenario_problems
        .iter()
        .map(|p| p.path.as_str())
        .collect();
    assert_eq!(paths, ["units[0].name"]);
    // The name is cut to the longest a file may write.
    let name = &loaded.scenario.file.units[0].name;
    assert_eq!(name.chars().count(), 80, "{} characters", name.len());
    assert!(name.ends_with('…'));
    assert_eq!(
        loaded.game.state().units().count(),
        original.game.state().units().count()
    );
    assert_eq!(
        loaded.game.events_in_effect(),
        original.game.events_in_effect()
    );
    assert_eq!(
        loaded.game.state().headline(),
        original.game.state().headline()
    );
    let words = loaded.scenario_words().expect("said");
    assert!(words.len() < 400, "{} characters: {words}", words.len());
    assert!(words.contains("units[0].name: "), "{words}");
    assert!(words.contains("1,048,576"), "{words}");
}

#[test]
fn a_saved_figure_count_past_the_cap_is_told_and_kept_as_played() {
    let bytes = with_scenario(&two_player(), |s| {
        s["units"][0]["name"] = json!("Fire\nteam");
        s["units"][0]["figures"][0]["count"] = json!(21);
    });
    // The game was played with 21 figures there (the fixture was not: its replay stops where
    // the dice no longer match, and says so, as for any journal the rules cannot replay).
    let loaded = journal::read_from(bytes.as_slice()).expect("an old journal still loads");
    let mut paths: Vec<&str> = loaded
        .scenario_problems
        .iter()
        .map(|p| p.path.as_str())
        .collect();
    paths.sort_unstable();
    assert_eq!(paths, ["units[0].figures[0].count", "units[0].name"]);
    assert_eq!(loaded.scenario.file.units[0].figures[0].count, 21);
    let words = loaded.scenario_words().expect("said");
    assert!(words.contains("(and 1 more problem)"), "{words}");
}

#[test]
fn a_saved_name_with_a_line_separator_is_shown_on_one_line() {
    for c in ['\u{85}', '\u{2028}', '\u{9b}', '\n'] {
        let bytes = with_scenario(&two_player(), |s| {
            s["units"][0]["name"] = json!(format!("Fire{c}team"));
        });
        let loaded = journal::read_from(bytes.as_slice()).expect("it loads");
        assert_eq!(loaded.scenario_problems.len(), 1, "{c:?}");
        let name = &loaded.scenario.file.units[0].name;
        assert_eq!(
            *name,
            format!("Fire\\u{{{:x}}}team", u32::from(c)).replace("\\u{a}", "\\n")
        );
        let shown = loaded
            .game
            .state()
            .units()
            .next()
            .expect("a unit")
            .name
            .clone();
        assert!(
            !shown.chars().any(ambush_core::text::breaks_line),
            "{shown:?}"
        );
    }
}

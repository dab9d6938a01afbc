//! The command line, run as a user would.

use crate::common;

use serde_json::{Value, json};

use common::run;

fn builtin_value() -> Value {
    serde_json::from_str(ambush_core::scenario::builtin::CONTRACTING_TROUBLE)
        .expect("the shipped file is JSON")
}

#[test]
fn fire_resolves_the_booklet_example() {
    let (code, out, _) = run(&["fire", "--attack", "7,6,5,4,4,3,2", "--defend", "5,5,4,4,3"]);
    assert_eq!(code, 0);
    assert!(out.contains("Casualties: 2"), "{out}");
    assert!(out.contains("Unblocked: 7 6"), "{out}");
}

#[test]
fn fire_json_has_casualties() {
    let (code, out, _) = run(&[
        "fire",
        "--attack",
        "7,6,5,4,4,3,2",
        "--defend",
        "5,5,4,4,3",
        "--json",
    ]);
    assert_eq!(code, 0);
    let value: serde_json::Value = serde_json::from_str(out.trim()).expect("one JSON object");
    assert_eq!(value["casualties"], 2);
    assert_eq!(value["blocks"].as_array().map(Vec::len), Some(3));
    // Beyond effective range only 7+ counts.
    let (_, out, _) = run(&[
        "fire", "--attack", "7,6,5", "--defend", "1", "--target", "7", "--json",
    ]);
    let value: serde_json::Value = serde_json::from_str(out.trim()).expect("one JSON object");
    assert_eq!(value["casualties"], 1);
}

#[test]
fn bad_arguments_exit_2_with_a_message() {
    for (args, expect) in [
        (
            vec!["fire", "--attack", "7,x", "--defend", "1"],
            "'x' is not a die face",
        ),
        (
            vec!["fire", "--attack", "7,13", "--defend", "1"],
            "face 13 at position 2",
        ),
        (vec!["fire", "--attack", "0", "--defend", "1"], "face 0"),
        (
            vec!["fire", "--attack", "", "--defend", "1"],
            "no faces given",
        ),
        (
            vec!["fire", "--attack", "1,1,1,1,1,1,1,1,1,1,1", "--defend", "1"],
            "at most 10",
        ),
        (
            vec!["fire", "--attack", "4", "--defend", "1", "--target", "5"],
            "expected 4",
        ),
        (
            vec!["fire", "--attack", "4", "--defend", "1", "--target", "-1"],
            "--target -1: expected 4 (within effective range) or 7 (beyond it)",
        ),
        (
            vec![
                "odds", "--attack", "4d6", "--defend", "1d6", "--target", "256",
            ],
            "--target 256: expected 4 (within effective range) or 7 (beyond it)",
        ),
        (
            vec!["odds", "--attack", "-1d6", "--defend", "1d6"],
            "'-1d6' asks for a negative number of dice",
        ),
        (
            vec!["odds", "--attack", "0d6", "--defend", "1d6"],
            "'0d6' is no dice at all",
        ),
        (vec!["fire", "--attack", "4"], "--defend"),
        (
            vec!["fire", "--attack", "99999999999999999999", "--defend", "1"],
            "not a die face",
        ),
        (vec!["bogus"], "unrecognized subcommand"),
        (vec!["validate"], "required"),
    ] {
        let (code, out, err) = run(&args);
        assert_eq!(code, 2, "{args:?}: {out}{err}");
        assert!(err.contains(expect), "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{args:?}: {err}");
    }
}

#[test]
fn odds_json_is_a_distribution() {
    let (code, out, _) = run(&["odds", "--attack", "7d8", "--defend", "5d6", "--json"]);
    assert_eq!(code, 0);
    let value: serde_json::Value = serde_json::from_str(out.trim()).expect("one JSON object");
    let p: Vec<f64> = value["casualties"]
        .as_array()
        .expect("an array")
        .iter()
        .filter_map(serde_json::Value::as_f64)
        .collect();
    assert_eq!(p.len(), 8, "0 to 7 casualties");
    assert!((p.iter().sum::<f64>() - 1.0).abs() < 1e-12);
    let mean: f64 = p.iter().enumerate().map(|(k, q)| k as f64 * q).sum();
    assert!((value["mean"].as_f64().unwrap_or(-1.0) - mean).abs() < 1e-12);
    // Mixed pools, and 7+ beyond effective range.
    let (code, out, _) = run(&[
        "odds", "--attack", "4d6+1d8", "--defend", "5d6", "--target", "7", "--json",
    ]);
    assert_eq!(code, 0);
    let value: serde_json::Value = serde_json::from_str(out.trim()).expect("one JSON object");
    assert_eq!(
        value["casualties"].as_array().map(Vec::len),
        Some(2),
        "only the d8 can hit on 7+"
    );
    for (args, expect) in [
        (
            vec!["odds", "--attack", "11d6", "--defend", "1d6"],
            "at most 10",
        ),
        (
            vec!["odds", "--attack", "3d7", "--defend", "1d6"],
            "unknown die 'd7'",
        ),
        (
            vec!["odds", "--attack", "xd6", "--defend", "1d6"],
            "not a number of dice",
        ),
        (
            vec!["odds", "--attack", "6", "--defend", "1d6"],
            "not a number of dice",
        ),
        (
            vec!["odds", "--attack", "6d6+6d6", "--defend", "1d6"],
            "12 dice in all",
        ),
        (
            vec![
                "odds", "--attack", "6d6", "--defend", "1d6", "--target", "5",
            ],
            "expected 4",
        ),
    ] {
        let (code, _, err) = run(&args);
        assert_eq!(code, 2, "{args:?}");
        assert!(err.contains(expect), "{args:?}: {err}");
    }
}

#[test]
fn report_of_a_save_the_rules_stop_in_prints_it_warns_and_fails() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/fixtures/v1-contractors-walk-off.jsonl"
    );
    let (code, out, err) = run(&["report", path]);
    assert_eq!(code, 1);
    assert!(out.contains("Turn 1 — Fireteam Alpha activating"), "{out}");
    assert!(err.contains("line 3 cannot be replayed"), "{err}");
    let (code, out, _) = run(&["report", "--json", path]);
    assert_eq!(code, 1);
    let value: serde_json::Value = serde_json::from_str(&out).expect("one JSON object");
    assert_eq!(value["refused_line"], 3);
}

#[test]
fn the_report_command_prints_the_game() {
    let dir = common::temp_dir("cli", "report");
    let path = dir.join("game.jsonl");
    let (game, bytes) = common::random_journal(21, 150);
    std::fs::write(&path, &bytes).expect("write");
    let (code, out, err) = run(&["report", path.to_str().unwrap_or(""), "--json"]);
    assert_eq!(code, 0, "{err}");
    let value: serde_json::Value = serde_json::from_str(&out).expect("one JSON object");
    assert_eq!(value["turn"], game.state().turn());
    assert_eq!(value["events"], game.events_in_effect());
    assert_eq!(
        value["units"].as_array().map(Vec::len),
        Some(game.state().units().len())
    );
    assert_eq!(value["scenario"], "contracting-trouble");

    let (_, text, _) = run(&["report", path.to_str().unwrap_or("")]);
    assert!(text.starts_with("Contracting Trouble!"), "{text}");
    assert!(text.contains("Fireteam Alpha"), "{text}");
    assert!(text.contains("Hot Spots: 1 "), "{text}");

    // A bad file: exit 1 with the line named.
    std::fs::write(
        &path,
        b"{\"format\":\"ambush-alley-journal\",\"version\":5}\n",
    )
    .expect("write");
    let (code, _, err) = run(&["report", path.to_str().unwrap_or("")]);
    assert_eq!(code, 1);
    assert!(err.contains("line 1: this saved game is format version 5"));
    let _ = std::fs::remove_dir_all(&dir);
}

/// The report of a solo game tells its hidden units only as their markers; `--reveal` tells
/// the referee what each marker hides.
#[test]
fn the_report_keeps_the_markers_secrets_unless_asked_to_reveal_them() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/fixtures/v1-weighed-solo.jsonl"
    );
    for args in [vec!["report", path], vec!["report", path, "--json"]] {
        let (code, out, err) = run(&args);
        assert_eq!(code, 0, "{err}");
        assert!(
            !out.contains("Watchers") && !out.contains("Cache guard"),
            "{out}"
        );
        assert!(out.contains("Contact A"), "{out}");
    }
    let (code, out, err) = run(&["report", path, "--reveal"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("on the table, hiding Watchers"), "{out}");
    assert!(out.contains("Solo opponent: Veteran"), "{out}");
    let (_, out, _) = run(&["report", "--json", "--reveal", path]);
    let value: Value = serde_json::from_str(&out).expect("one JSON object");
    let hides: Vec<&Value> = value["markers"]
        .as_array()
        .expect("markers")
        .iter()
        .map(|m| &m["hides"])
        .collect();
    assert!(hides.contains(&&json!("Cache guard")), "{hides:?}");
    assert_eq!(value["solo"]["difficulty"], "veteran");
}

#[test]
fn validate_prints_one_located_line_per_problem() {
    let dir = common::temp_dir("scenario", "validate");
    let good = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/scenarios/contracting-trouble.json"
    );
    let (code, out, _) = run(&["validate", good]);
    assert_eq!(code, 0);
    assert!(out.is_empty(), "{out}");

    let mut v = builtin_value();
    v["units"][0]["tq"] = json!("d7");
    v["reinforcements"][0]["rolls"] = json!([13]);
    let semantic = dir.join("semantic.json");
    std::fs::write(
        &semantic,
        serde_json::to_string_pretty(&v).unwrap_or_default(),
    )
    .expect("write");
    let syntax = dir.join("syntax.json");
    std::fs::write(
        &syntax,
        "{\n  \"format\": \"ambush-alley-scenario\",\n  oops\n}",
    )
    .expect("write");
    let missing = dir.join("missing.json");
    let (code, out, _) = run(&[
        "validate",
        good,
        semantic.to_str().unwrap_or(""),
        syntax.to_str().unwrap_or(""),
        missing.to_str().unwrap_or(""),
    ]);
    assert_eq!(code, 1);
    let lines: Vec<&str> = out.lines().collect();
    let s = semantic.display().to_string();
    // FILE:LINE:COLUMN: PATH: MESSAGE, as compilers print, so editors can jump to it.
    assert!(
        lines.contains(
            &format!(
                r#"{s}:331:13: units[0].tq: "d7": expected a die: "d6", "d8", "d10" or "d12""#
            )
            .as_str()
        ),
        "{out}"
    );
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with(&format!("{s}:99:9: reinforcements[0].rolls[0]: 13: "))),
        "{out}"
    );
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with(&format!("{}:3:3: ", syntax.display()))),
        "{out}"
    );
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with(&format!("{}: cannot read the file", missing.display()))),
        "{out}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_schema_describes_every_documented_field() {
    let (code, out, _) = run(&["schema"]);
    assert_eq!(code, 0);
    let schema: Value = serde_json::from_str(&out).expect("the schema is JSON");
    assert_eq!(schema["title"], "Ambush Alley scenario");
    let doc = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/docs/scenario-format.md"
    ))
    .expect("doc");
    // Every property of every object in the schema is explained in the documentation.
    let mut names = Vec::new();
    let mut stack = vec![&schema];
    while let Some(node) = stack.pop() {
        if let Some(props) = node.get("properties").and_then(Value::as_object) {
            names.extend(props.keys().cloned());
        }
        match node {
            Value::Object(map) => stack.extend(map.values()),
            Value::Array(items) => stack.extend(items.iter()),
            _ => {}
        }
    }
    assert!(names.len() > 40, "{names:?}");
    for name in names {
        assert!(
            doc.contains(&format!("`{name}`")),
            "docs/scenario-format.md does not explain `{name}`"
        );
    }
}

/// `report --json` is JSON whatever the names of a saved game hold: every control character
/// (C0, DEL, C1) and the line and paragraph separators, which a name may no longer hold, are
/// told on standard error and the name is shown on one line, escaped; the JSON parses.
#[test]
fn report_json_is_json_for_names_holding_every_control_character() {
    let fixture = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/v1-two-player-game.jsonl");
    let text = std::fs::read_to_string(&fixture).expect("the fixture");
    let (header, rest) = text.split_once('\n').expect("a header line");
    let mut header: Value = serde_json::from_str(header).expect("JSON");
    let controls: String = (0u32..0x20)
        .chain([0x7f])
        .chain(0x80..0xa0)
        .chain([0x2028, 0x2029])
        .filter_map(char::from_u32)
        .collect();
    let name = format!("Fireteam {controls} Alpha");
    let unit = header["scenario"]["units"]
        .as_array_mut()
        .and_then(|units| units.iter_mut().find(|u| u["name"] == "Fireteam Alpha"))
        .expect("Fireteam Alpha in the scenario");
    unit["name"] = Value::String(name.clone());
    let dir = common::temp_dir("cli", "report_controls");
    let path = dir.join("game.jsonl");
    std::fs::write(&path, format!("{header}\n{rest}")).expect("write");
    let (code, out, err) = run(&["report", "--json", path.to_str().unwrap_or("")]);
    assert_eq!(code, 0, "{err}");
    assert!(
        err.starts_with("warning: ") && err.contains("units[0].name: "),
        "{err}"
    );
    assert!(err.len() < 800, "{} characters: {err}", err.len());
    let value: Value = serde_json::from_str(&out).unwrap_or_else(|e| panic!("not JSON: {e}"));
    let names: Vec<&str> = value["units"]
        .as_array()
        .map(|units| units.iter().filter_map(|u| u["name"].as_str()).collect())
        .unwrap_or_default();
    assert!(
        names
            .iter()
            .any(|n| n.starts_with(r"Fireteam \u{0}\u{1}\u{2}")),
        "{names:?}"
    );
    // Nothing on the terminal is a raw control character but the line ends of the JSON.
    assert!(
        !out.chars().any(|c| c.is_control() && c != '\n'),
        "a raw control character reached the terminal"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// Every saved game kept as a fixture gives a `report --json` that parses.
#[test]
fn report_json_parses_for_every_fixture() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures");
    let mut seen = 0;
    for entry in std::fs::read_dir(&dir).expect("the fixtures").flatten() {
        let path = entry.path();
        if path.extension().is_none_or(|e| e != "jsonl") {
            continue;
        }
        let (_, out, err) = run(&["report", "--json", path.to_str().unwrap_or("")]);
        if let Err(e) = serde_json::from_str::<Value>(&out) {
            panic!("{}: not JSON ({e}); stderr: {err}", path.display());
        }
        seen += 1;
    }
    assert!(seen >= 10, "only {seen} fixtures");
}

//! The command line, run as a user would.

mod common;

use common::run;

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

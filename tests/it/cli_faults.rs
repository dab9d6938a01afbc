//! The command line against the fault trial: control characters and long values in what it
//! prints, standard output closed or full for every command (--help and --version too), a
//! file-size limit, a saved game given to `validate`, a journal of newer rules given to
//! `report`, a loop of symbolic links.

use crate::common;

use std::process::{Command, Stdio};

use serde_json::{Value, json};

use common::{run, temp_dir};

use crate::saved_games::journal_of;

const BIN: &str = env!("CARGO_BIN_EXE_ambush-alley");

/// Runs the binary through the shell with `redirect` applied to its standard output
/// (`>&-` closes it): its exit code (-1 if a signal ended it) and standard error.
fn run_shell(args: &[&str], before: &str, redirect: &str) -> (i32, String) {
    let quoted: Vec<String> = args.iter().map(|a| format!("'{a}'")).collect();
    let output = Command::new("sh")
        .arg("-c")
        .arg(format!(
            "{before} exec '{BIN}' {} {redirect}",
            quoted.join(" ")
        ))
        .stdin(Stdio::null())
        .output()
        .expect("sh runs");
    (
        output.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

fn night_patrol() -> Value {
    serde_json::from_str(ambush_core::scenario::builtin::NIGHT_PATROL).expect("JSON")
}

#[test]
fn control_characters_reach_the_terminal_escaped_and_long_values_cut() {
    let dir = temp_dir("cli-faults", "controls");
    let mut value = night_patrol();
    value["units"][0]["tq"] = json!("d\u{1b}[2J\u{7}\u{0}");
    value["units"][1]["id"] = json!("x".repeat(1_000_000));
    value["units"][2]["id"] = json!("x".repeat(1_000_000));
    let bad = dir.join("bad.json");
    std::fs::write(&bad, serde_json::to_string(&value).expect("JSON")).expect("written");
    let (code, out, err) = run(&["validate", bad.to_str().expect("path")]);
    assert_eq!(code, 1, "{err}");
    assert!(out.contains("\\u{1b}[2J\\u{7}\\u{0}"), "{out}");
    assert!(!out.contains('\u{1b}') && !out.contains('\u{7}') && !out.contains('\0'));
    assert!(out.len() < 4_000, "{} bytes: {}", out.len(), &out[..300]);
    assert!(out.contains("(1,000,000 characters)"), "{out}");

    // A saved game whose scenario names a unit with control characters.
    let (_, bytes) = journal_of(2, 20, 0);
    let text = String::from_utf8(bytes).expect("UTF-8");
    let save = dir.join("game.jsonl");
    let renamed = text.replacen(
        "\"name\":\"Contracting Trouble!\"",
        "\"name\":\"Contracting\\u001b]0;pwned\\u0007 Trouble\"",
        1,
    );
    assert_ne!(renamed, text, "the scenario's name is in the header");
    std::fs::write(&save, renamed).expect("written");
    let (code, out, err) = run(&["report", save.to_str().expect("path")]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("Contracting\\u{1b}]0;pwned\\u{7} Trouble"),
        "{out}"
    );
    assert!(!out.contains('\u{1b}') && !out.contains('\u{7}'), "{out}");
}

#[test]
fn every_command_fails_when_its_output_cannot_be_written() {
    let dir = temp_dir("cli-faults", "closed");
    let save = dir.join("game.jsonl");
    std::fs::write(&save, journal_of(5, 30, 0).1).expect("write");
    let save = save.to_str().expect("path");
    let bad = dir.join("bad.json");
    std::fs::write(&bad, "{\"format\": 1}").expect("write");
    let bad = bad.to_str().expect("path");
    let commands: [&[&str]; 9] = [
        &["schema"],
        &["report", save],
        &["report", save, "--json"],
        &["odds", "--attack", "7d8", "--defend", "5d6"],
        &["fire", "--attack", "7,6,5", "--defend", "5,4"],
        &["validate", bad],
        &["--help"],
        &["--version"],
        &["report", "--help"],
    ];
    for args in commands {
        let (code, err) = run_shell(args, "", ">&-");
        assert_eq!(code, 1, "{args:?} with standard output closed: {err}");
        assert!(err.contains("could not be written"), "{args:?}: {err}");
        let (code, err) = run_shell(args, "", ">/dev/full");
        assert_eq!(code, 1, "{args:?} into /dev/full: {err}");
        assert!(err.contains("No space left"), "{args:?}: {err}");
    }
    // A pipe closed by its reader stays quiet, as the README says.
    let (code, err) = run_shell(&["schema"], "", "| head -c 1 >/dev/null");
    assert_eq!(code, 0, "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_file_size_limit_is_an_error_with_words_not_a_signal() {
    let dir = temp_dir("cli-faults", "fsize");
    let out = dir.join("schema.json");
    // One block: the schema is far longer.
    let (code, err) = run_shell(
        &["schema"],
        "ulimit -f 1 &&",
        &format!("> '{}'", out.display()),
    );
    assert_eq!(code, 1, "killed by a signal, or no error: {err}");
    assert!(err.contains("the output could not be written"), "{err}");
    assert!(err.contains("File too large"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn validate_says_a_journal_is_a_saved_game_and_report_refuses_newer_rules() {
    let dir = temp_dir("cli-faults", "journal");
    let (_, bytes) = journal_of(5, 30, 0);
    let save = dir.join("game.jsonl");
    std::fs::write(&save, &bytes).expect("write");
    let (code, out, _) = run(&["validate", save.to_str().expect("path")]);
    assert_eq!(code, 1);
    assert!(out.contains("this is a saved game"), "{out}");
    assert!(!out.contains("trailing characters"), "{out}");

    let text = String::from_utf8(bytes).expect("UTF-8");
    let rules = format!("\"rules\":{}", ambush_core::journal::RULES_VERSION);
    let newer = dir.join("newer.jsonl");
    std::fs::write(&newer, text.replacen(&rules, "\"rules\":99", 1)).expect("write");
    let (code, out, err) = run(&["report", newer.to_str().expect("path")]);
    assert_eq!(code, 1, "{out}");
    assert!(out.is_empty(), "{out}");
    assert!(err.contains("rules version 99"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[cfg(unix)]
#[test]
fn a_loop_of_symbolic_links_is_named_as_such() {
    let dir = temp_dir("cli-faults", "loop");
    let a = dir.join("a.json");
    let b = dir.join("b.json");
    std::os::unix::fs::symlink(&b, &a).expect("link");
    std::os::unix::fs::symlink(&a, &b).expect("link");
    for command in ["play", "validate", "report"] {
        let (code, out, err) = run(&[command, a.to_str().expect("path")]);
        assert_eq!(code, 1, "{command}: {out}{err}");
        assert!(
            format!("{out}{err}").contains("loop of symbolic links"),
            "{command}: {out}{err}"
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}

//! The command line and the files it is given: output that cannot be written, devices, folders
//! and named pipes refused unopened, messages that say what was found and what was expected,
//! and one exit-code convention for every command.

use crate::common;

use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use ambush_core::journal::{self, JournalError};
use ambush_core::session;
use common::{run, temp_dir};

use crate::saved_games::journal_of;

/// Runs the binary with `args`, its standard output going to `stdout`.
fn run_into(args: &[&str], stdout: std::fs::File) -> (i32, String) {
    let output = Command::new(env!("CARGO_BIN_EXE_ambush-alley"))
        .args(args)
        .stdout(stdout)
        .output()
        .expect("runs");
    (
        output.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

#[test]
fn output_that_cannot_be_written_is_an_error() {
    let dir = temp_dir("saved", "full");
    let save = dir.join("game.jsonl");
    std::fs::write(&save, journal_of(5, 50, 0).1).expect("write");
    let save = save.to_str().expect("path");
    for args in [
        vec!["schema"],
        vec!["report", save, "--json"],
        vec!["report", save],
        vec!["odds", "--attack", "7d8", "--defend", "5d6"],
        vec!["fire", "--attack", "7,6,5", "--defend", "5,4"],
    ] {
        let full = std::fs::OpenOptions::new()
            .write(true)
            .open("/dev/full")
            .expect("/dev/full");
        let (code, err) = run_into(&args, full);
        assert_eq!(code, 1, "{args:?}: {err}");
        assert!(
            err.contains("the output could not be written"),
            "{args:?}: {err}"
        );
        assert!(err.contains("No space left"), "{args:?}: {err}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// Runs the binary, killing it if it has not finished within ten seconds.
fn run_bounded(args: &[&str]) -> (i32, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_ambush-alley"))
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("runs");
    let start = Instant::now();
    loop {
        if let Some(status) = child.try_wait().expect("waits") {
            // Both streams: `validate` prints its problems on standard output.
            let mut text = String::new();
            if let Some(mut pipe) = child.stdout.take() {
                let _ = std::io::Read::read_to_string(&mut pipe, &mut text);
            }
            if let Some(mut pipe) = child.stderr.take() {
                let _ = std::io::Read::read_to_string(&mut pipe, &mut text);
            }
            return (status.code().unwrap_or(-1), text);
        }
        if start.elapsed() > Duration::from_secs(10) {
            let _ = child.kill();
            panic!("{args:?} did not finish in ten seconds");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}

#[test]
fn devices_folders_and_named_pipes_are_refused_unopened() {
    let dir = temp_dir("saved", "fifo");
    let fifo = dir.join("pipe.jsonl");
    let made = Command::new("mkfifo").arg(&fifo).status().expect("mkfifo");
    assert!(made.success());
    let fifo = fifo.to_str().expect("path");
    let folder = dir.to_str().expect("path");
    for (args, what) in [
        (
            vec!["report", fifo],
            "a named pipe (FIFO), not a saved game file",
        ),
        (
            vec!["validate", fifo],
            "a named pipe (FIFO), not a scenario file",
        ),
        (
            vec!["report", "/dev/zero"],
            "a device, not a saved game file",
        ),
        (
            vec!["validate", "/dev/zero"],
            "a device, not a scenario file",
        ),
        (vec!["report", "/dev/urandom", "--json"], "a device"),
        (vec!["report", folder], "a folder, not a saved game file"),
    ] {
        let (code, err) = run_bounded(&args);
        assert_eq!(code, 1, "{args:?}: {err}");
        assert!(err.contains(what), "{args:?}: {err}");
    }
    let opened = session::open(Path::new("/dev/zero"));
    assert!(opened.is_err());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn messages_say_what_was_found_and_what_is_expected() {
    let (game, bytes) = journal_of(6, 80, 0);
    // A byte-order mark and a blank first line are accepted.
    let mut with_bom = b"\xEF\xBB\xBF".to_vec();
    with_bom.extend(&bytes);
    let loaded = journal::read(&with_bom).expect("a BOM is skipped");
    assert_eq!(loaded.game.state(), game.state());
    let mut blank_first = b"\n  \r\n".to_vec();
    blank_first.extend(&bytes);
    let loaded = journal::read(&blank_first).expect("blank lines before the header");
    assert_eq!(loaded.game.state(), game.state());

    let words = |bytes: &[u8]| match journal::read(bytes) {
        Ok(_) => String::from("opened"),
        Err(e) => e.to_string(),
    };
    // UTF-16, with and without a byte-order mark.
    let utf16: Vec<u8> = String::from_utf8_lossy(&bytes[..200])
        .encode_utf16()
        .flat_map(u16::to_le_bytes)
        .collect();
    assert!(words(&utf16).contains("UTF-16 text"), "{}", words(&utf16));
    let mut marked = vec![0xFF, 0xFE];
    marked.extend(&utf16);
    assert!(words(&marked).contains("save it again as UTF-8"));
    assert_eq!(
        words(b""),
        "the file is empty (0 bytes): it is not a saved game"
    );
    let blank = vec![b' '; 20 * 1024 * 1024];
    assert_eq!(
        words(&blank),
        "the file holds nothing but blank space (20.0 MiB): it is not a saved game"
    );
    let text = String::from_utf8(bytes.clone()).expect("utf-8");
    for (version, expect) in [
        (
            "0",
            "line 1: the header's \"version\" is 0: expected a whole number from 1 to 2",
        ),
        (
            "\"two\"",
            "the header's \"version\" is \"two\": expected a whole number from 1 to 2",
        ),
        (
            "9",
            "format version 9, written by a newer version of the app",
        ),
    ] {
        let changed = text.replacen("\"version\":2", &format!("\"version\":{version}"), 1);
        assert!(
            words(changed.as_bytes()).contains(expect),
            "{}",
            words(changed.as_bytes())
        );
    }
    let none = text.replacen("\"version\":2,", "", 1);
    assert!(
        words(none.as_bytes()).contains("the header has no \"version\""),
        "{}",
        words(none.as_bytes())
    );
    // A scenario handed in place of a saved game is named as one.
    let scenario = ambush_core::scenario::builtin::CONTRACTING_TROUBLE.as_bytes();
    assert!(matches!(
        journal::read(scenario),
        Err(JournalError::ScenarioFile)
    ));
    assert!(words(scenario).contains("this is a scenario file, not a saved game"));

    // Scenarios: a byte-order mark is fine; UTF-16 and blank files are named.
    let check = ambush_core::scenario::check::load_bytes;
    let mut bom_scenario = b"\xEF\xBB\xBF".to_vec();
    bom_scenario.extend(scenario);
    assert!(check(&bom_scenario).is_ok());
    let scenario16: Vec<u8> = ambush_core::scenario::builtin::CONTRACTING_TROUBLE
        .encode_utf16()
        .flat_map(u16::to_le_bytes)
        .collect();
    let err = check(&scenario16).expect_err("refused").to_string();
    assert!(err.contains("UTF-16 text"), "{err}");
    let err = check(b"").expect_err("refused").to_string();
    assert!(err.contains("the file is empty (0 bytes)"), "{err}");
}

#[test]
fn every_command_follows_one_exit_code_convention() {
    let dir = temp_dir("saved", "codes");
    let missing = dir.join("missing.jsonl");
    let missing = missing.to_str().expect("path");
    // 1: an input that cannot be used, for every command that reads a file.
    for args in [
        vec!["play", missing],
        vec!["report", missing],
        vec!["validate", missing],
    ] {
        let (code, out, err) = run(&args);
        assert_eq!(code, 1, "{args:?}: {err}");
        assert!((out + &err).contains("missing.jsonl"), "{args:?}: {err}");
    }
    let scenario = dir.join("scenario.json");
    std::fs::write(
        &scenario,
        ambush_core::scenario::builtin::CONTRACTING_TROUBLE,
    )
    .expect("write");
    let (code, _, err) = run(&["report", scenario.to_str().expect("path")]);
    assert_eq!(code, 1);
    assert!(
        err.contains("this is a scenario file, not a saved game"),
        "{err}"
    );
    // 2: arguments the command does not take.
    let (code, _, err) = run(&["odds", "--attack", "x"]);
    assert_eq!(code, 2, "{err}");
    // 0: done; and odds never print a negative zero.
    let (code, out, _) = run(&["odds", "--attack", "1d6", "--defend", "10d12"]);
    assert_eq!(code, 0);
    assert!(!out.contains("-0.0"), "{out}");
    let _ = std::fs::remove_dir_all(&dir);
}

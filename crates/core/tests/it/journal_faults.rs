//! Saved games the fault trial found misread: newer rules or formats, carriage returns alone
//! at the ends of lines, a second byte-order mark, serde's words, a header far larger than a
//! scenario, a loop of symbolic links.

use crate::common;

use ambush_core::journal::{self, JournalError};

#[test]
fn a_journal_of_newer_rules_is_refused_for_play_and_read_to_be_looked_at() {
    let (game, bytes) = common::random_journal(3, 60);
    let text = String::from_utf8(bytes).expect("UTF-8");
    let rules = format!("\"rules\":{}", journal::RULES_VERSION);
    assert!(text.contains(&rules), "the header names its rules");
    let newer = text.replacen(&rules, "\"rules\":99", 1);
    let err = journal::read(newer.as_bytes()).expect_err("refused");
    assert!(
        matches!(&err, JournalError::Newer { line: 1, newer } if newer.rules == Some(99)),
        "{err}"
    );
    let words = err.to_string();
    assert!(words.contains("rules version 99"), "{words}");
    assert!(words.contains("newer version of the app"), "{words}");

    // Read to be looked at, it says what it needs and holds the game as far as it goes.
    let dir = common::temp_dir("journal-faults", "newer-rules");
    let path = dir.join("newer.jsonl");
    std::fs::write(&path, &newer).expect("written");
    let looked = journal::look_at_newer(&path).expect("looked at");
    assert_eq!(looked.newer.as_ref().and_then(|n| n.rules), Some(99));
    assert_eq!(looked.game.entry_count(), game.entry_count());
    assert!(journal::load_path(&path).is_err());

    // A newer format is refused for play too, and looked at as far as its header reads.
    let format = text.replacen("\"version\":2", "\"version\":3", 1);
    std::fs::write(&path, &format).expect("written");
    assert!(matches!(
        journal::load_path(&path),
        Err(JournalError::NewerVersion { version: 3, .. })
    ));
    let looked = journal::look_at_newer(&path).expect("looked at");
    assert_eq!(looked.newer.as_ref().and_then(|n| n.format), Some(3));
}

#[test]
fn lines_ended_by_carriage_returns_alone_or_with_line_feeds_read_alike() {
    let (game, bytes) = common::random_journal(5, 80);
    let text = String::from_utf8(bytes).expect("UTF-8");
    for (name, ends) in [("CR", "\r"), ("CR LF", "\r\n"), ("LF CR", "\n\r")] {
        let other = text.replace('\n', ends);
        let loaded = journal::read(other.as_bytes()).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(loaded.game.entry_count(), game.entry_count(), "{name}");
        assert!(loaded.is_whole() && loaded.dropped.is_none(), "{name}");
        // Appending starts after the last line's end (the line feed of a last CR LF is
        // written again then).
        let len = other.len() as u64;
        assert!(
            loaded.intact_len == len || (ends == "\r\n" && loaded.intact_len == len - 1),
            "{name}: {} of {len}",
            loaded.intact_len
        );
    }
}

#[test]
fn a_second_byte_order_mark_is_named() {
    let (_, bytes) = common::random_journal(5, 10);
    let mut twice = b"\xEF\xBB\xBF\xEF\xBB\xBF".to_vec();
    twice.extend_from_slice(&bytes);
    let err = journal::read(&twice).expect_err("refused");
    assert!(
        err.to_string().contains("2 UTF-8 byte-order marks"),
        "{err}"
    );
    // Opened in the app, a scenario or a saved game says the same.
    let dir = common::temp_dir("journal-faults", "two-boms");
    let scenario = [
        b"\xEF\xBB\xBF\xEF\xBB\xBF".as_slice(),
        ambush_core::scenario::builtin::NIGHT_PATROL.as_bytes(),
    ]
    .concat();
    for (name, text) in [("game.jsonl", twice.clone()), ("scenario.json", scenario)] {
        let path = dir.join(name);
        std::fs::write(&path, text).expect("written");
        let err = ambush_core::session::open(&path).expect_err("refused");
        assert!(
            err.to_string().contains("2 UTF-8 byte-order marks"),
            "{name}: {err}"
        );
    }
}

#[test]
fn damaged_lines_and_headers_are_told_in_plain_words() {
    let (_, bytes) = common::random_journal(9, 40);
    let text = String::from_utf8(bytes).expect("UTF-8");
    let lines: Vec<&str> = text.lines().collect();
    let mut damaged_lines = 0;
    for (bad, rust) in [
        ("{\"kind\":\"undo\",\"x\":300}", ""),
        ("3", "enum"),
        (
            "{\"kind\":\"event\",\"command\":{\"kind\":\"next_phase\"},\"dice\":[[300]]}",
            "u8",
        ),
        ("[]", "enum"),
    ] {
        let mut broken = lines.clone();
        broken.insert(3, bad);
        let joined = broken.join("\n") + "\n";
        let loaded = journal::read(joined.as_bytes()).expect("opens before it");
        let Some(damaged) = loaded.damaged else {
            continue;
        };
        damaged_lines += 1;
        for word in ["u8", "u16", "u32", "enum", "struct", "Entry", "`", rust] {
            if word.is_empty() {
                continue;
            }
            assert!(
                !damaged.message.contains(word),
                "{bad}: {} speaks serde ({word})",
                damaged.message
            );
        }
    }
    assert!(damaged_lines >= 3, "{damaged_lines} damaged lines");
    // A header whose settings are of the wrong type.
    let header = lines[0].replacen("\"settings\":{", "\"settings\":{\"scale\":7,", 1);
    let err = journal::read(format!("{header}\n").as_bytes()).expect_err("refused");
    assert!(!err.to_string().contains('`'), "{err}");
    // A header whose scenario lacks a unit's id: named by its field path, not by a column far
    // along one long line.
    let mut value: serde_json::Value = serde_json::from_str(lines[0]).expect("a header");
    value["scenario"]["units"][1]
        .as_object_mut()
        .expect("a unit")
        .remove("id");
    let err = journal::read(format!("{value}\n").as_bytes()).expect_err("refused");
    let words = err.to_string();
    assert!(
        words.contains("the scenario inside the saved game: units[1].id: ")
            && !words.contains("column"),
        "{words}"
    );
    // A damaged line of events says what is wrong with its text in words.
    let mut broken = lines.clone();
    broken.insert(3, "{\"kind\":\"event\",\"command\":");
    let loaded = journal::read((broken.join("\n") + "\n").as_bytes()).expect("opens before it");
    let damaged = loaded.damaged.expect("a damaged line");
    assert!(
        damaged
            .message
            .contains("the text stops before its value does"),
        "{}",
        damaged.message
    );
}

#[test]
fn a_header_larger_than_a_scenario_is_refused_before_it_is_read_whole() {
    // A 300 MB first line: refused once it passes the cap, without holding it.
    struct Endless(u64);
    impl std::io::Read for Endless {
        fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
            let n = buf.len().min(self.0 as usize);
            if self.0 == 300_000_000 {
                let start = b"{\"format\":\"ambush-alley-journal\",\"version\":2,\"scenario\":{\"special_rules\":[\"";
                buf[..start.len()].copy_from_slice(start);
                buf[start.len()..n].fill(b'x');
            } else {
                buf[..n].fill(b'x');
            }
            self.0 -= n as u64;
            Ok(n)
        }
    }
    let reader = std::io::BufReader::new(Endless(300_000_000));
    let err = journal::read_from(reader).expect_err("refused");
    assert!(
        matches!(err, JournalError::LineTooLong { line: 1, limit } if limit == journal::HEADER_BYTES),
        "{err}"
    );
    assert!(err.to_string().contains("10.0 MiB"), "{err}");

    // A header within the cap whose scenario holds more values than a scenario file may.
    let (_, bytes) = common::random_journal(1, 5);
    let text = String::from_utf8(bytes).expect("UTF-8");
    let ones = vec!["\"\""; 200_000].join(",");
    let big = text.replacen(
        "\"special_rules\":[",
        &format!("\"special_rules\":[{ones},"),
        1,
    );
    let err = journal::read(big.as_bytes()).expect_err("refused");
    assert!(err.to_string().contains("at most 50,000"), "{err}");
}

#[cfg(unix)]
#[test]
fn a_loop_of_symbolic_links_is_named() {
    let dir = common::temp_dir("journal-faults", "symlink-loop");
    let a = dir.join("a.jsonl");
    let b = dir.join("b.jsonl");
    std::os::unix::fs::symlink(&b, &a).expect("link");
    std::os::unix::fs::symlink(&a, &b).expect("link");
    let err = journal::load_path(&a).expect_err("refused");
    assert!(err.to_string().contains("loop of symbolic links"), "{err}");
    let err = ambush_core::scenario::check::load_path(&a).expect_err("refused");
    assert!(err.to_string().contains("loop of symbolic links"), "{err}");
}

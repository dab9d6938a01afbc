//! Saved games: round trips, crash safety, bad files, fuzzing.

use crate::common;

use ambush_core::dice::DiceSource;
use ambush_core::game::{Command, Game, Outcome, PlayError, Settings};
use ambush_core::journal::{self, Header, JournalError, JournalWriter};
use ambush_core::scenario::check;
use ambush_core::session::Session;
use proptest::prelude::*;

fn temp_dir(name: &str) -> common::TestDir {
    common::temp_dir("journal", name)
}

/// Scores one "Marine killed" for the Insurgents.
fn award_marine_killed(session: &mut Session, dice: &mut DiceSource) -> Result<Outcome, PlayError> {
    session.play(
        Command::AwardVictory {
            item: "marine-killed".to_owned(),
            delta: 1,
        },
        dice,
    )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn a_random_game_written_and_read_replays_identically(seed in any::<u64>(), steps in 1usize..250) {
        let (game, bytes) = common::random_journal(seed, steps);
        let loaded = journal::read(&bytes);
        prop_assert!(loaded.is_ok(), "{:?}", loaded.err());
        let loaded = loaded.unwrap_or_else(|_| unreachable!());
        prop_assert_eq!(loaded.game.state(), game.state());
        prop_assert_eq!(common::entries(&loaded.game), common::entries(&game));
        prop_assert!(loaded.dropped.is_none());
        prop_assert_eq!(loaded.intact_len, bytes.len() as u64);
    }
}

#[test]
fn truncating_inside_the_last_entry_keeps_every_earlier_one() {
    let (game, bytes) = common::random_journal(7, 120);
    let n = game.entry_count();
    assert!(n > 20, "the random game should have many entries");
    // The last entry's line starts after the second-to-last newline.
    let body = &bytes[..bytes.len() - 1];
    let last_start = body.iter().rposition(|&b| b == b'\n').map_or(0, |p| p + 1);
    let earlier = Game::replay(
        game.scenario().clone(),
        Settings::default(),
        common::entries(&game)[..n - 1].to_vec(),
    );
    assert_eq!(earlier.refused, None, "earlier entries replay");
    let earlier = earlier.game;
    for cut in last_start + 1..bytes.len() - 1 {
        let loaded = journal::read(&bytes[..cut]).unwrap_or_else(|e| panic!("cut at {cut}: {e}"));
        assert_eq!(loaded.game.entry_count(), n - 1, "cut at {cut}");
        assert_eq!(loaded.game.state(), earlier.state(), "cut at {cut}");
        let torn = loaded
            .dropped
            .unwrap_or_else(|| panic!("cut at {cut}: the torn line is reported"));
        assert_eq!(torn.bytes, cut - last_start);
        assert_eq!(loaded.intact_len, last_start as u64);
    }
    // Cut just before the final newline: the last line is complete, nothing is lost.
    let loaded = journal::read(&bytes[..bytes.len() - 1]).expect("reads");
    assert_eq!(loaded.game.entry_count(), n);
    assert!(loaded.dropped.is_none());
}

#[test]
fn a_torn_journal_is_cut_and_continued() {
    let dir = temp_dir("torn");
    let path = dir.join("game.jsonl");
    let (game, bytes) = common::random_journal(11, 60);
    // A crash in the middle of writing the last line.
    std::fs::write(&path, &bytes[..bytes.len() - 7]).expect("write");
    let loaded = journal::load_path(&path).expect("loads");
    assert!(loaded.dropped.is_some());
    let mut resumed = loaded.game;
    let mut writer = JournalWriter::reopen(
        &path,
        &journal::read(&std::fs::read(&path).expect("read")).expect("reads"),
    )
    .expect("reopens");
    // Go on playing: the new entries land after the intact part.
    resumed = common::play_randomly(resumed, 99, 30);
    writer.catch_up(&resumed).expect("appends");
    let again = journal::load_path(&path).expect("loads again");
    assert!(
        again.dropped.is_none(),
        "the torn tail was cut before appending"
    );
    assert_eq!(again.game.state(), resumed.state());
    assert!(again.game.entry_count() >= game.entry_count() - 1);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_writer_appends_every_entry_as_it_happens() {
    let dir = temp_dir("writer");
    let path = dir.join("nested").join("game.jsonl");
    let (mut game, file) = common::builtin_game();
    let mut writer =
        JournalWriter::create(&path, &Header::new(file, Settings::default())).expect("creates");
    let mut dice = ambush_core::dice::DiceSource::seeded(5);
    let alpha = common::unit_id(&game, "alpha");
    game.play(
        ambush_core::game::Command::Activate {
            unit: alpha,
            movement: ambush_core::unit::Movement::Cautious,
            overwatch: false,
        },
        &mut dice,
    )
    .expect("plays");
    assert_eq!(writer.catch_up(&game).expect("writes"), 1);
    game.undo().expect("undo");
    assert_eq!(writer.catch_up(&game).expect("writes"), 1);
    assert_eq!(writer.written(), 2);
    let text = std::fs::read_to_string(&path).expect("read");
    assert_eq!(text.lines().count(), 3, "header, event, undo");
    assert!(text.lines().nth(2).is_some_and(|l| l.contains("\"undo\"")));
    let loaded = journal::load_path(&path).expect("loads");
    assert_eq!(loaded.game.state(), game.state());
    assert!(
        loaded.game.can_redo(),
        "the undone event is still in the record"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn bad_journals_get_clear_errors_naming_the_line() {
    let (_, bytes) = common::random_journal(3, 80);
    let text = String::from_utf8(bytes).expect("utf-8");
    let lines: Vec<&str> = text.lines().collect();
    assert!(lines.len() > 10);

    // A damaged line in the middle: the game opens as of the entry before it, and says so.
    let mut broken = lines.clone();
    broken[5] = "{\"kind\":\"event\",\"command\":{\"type\":\"teleport\"}}";
    let loaded = journal::read(broken.join("\n").as_bytes()).expect("opens before the damage");
    let damaged = loaded
        .damaged
        .as_ref()
        .expect("the damaged line is reported");
    assert_eq!(
        (damaged.line, damaged.last_intact_line, damaged.kept),
        (6, 5, 4)
    );
    assert_eq!(damaged.left_out, lines.len() - 5);
    assert!(
        damaged.words().starts_with("line 6 is damaged ("),
        "{}",
        damaged.words()
    );
    assert_eq!(loaded.game.entry_count(), 4);
    assert!(!loaded.is_whole());

    // Garbage at the end with a newline after it is damage too, not a torn save.
    let mut broken = lines.clone();
    let last = broken.len() - 1;
    broken[last] = "{\"kind\":\"ev";
    let loaded = journal::read(format!("{}\n", broken.join("\n")).as_bytes()).expect("opens");
    assert_eq!(
        loaded.damaged.map(|d| (d.line, d.left_out)),
        Some((last + 1, 1))
    );
    assert!(loaded.dropped.is_none());

    // An entry the rules refuse.
    let mut broken = lines.clone();
    broken.insert(
        3,
        "{\"kind\":\"event\",\"command\":{\"type\":\"end_turn\"}}",
    );
    broken.insert(
        3,
        "{\"kind\":\"event\",\"command\":{\"type\":\"end_turn\"}}",
    );
    // The game opens as it stood before it, and says which line and why.
    let loaded = journal::read(broken.join("\n").as_bytes()).expect("opens before the refusal");
    let refused = loaded.refused.expect("the refused line is reported");
    assert_eq!(refused.line, 4);
    assert!(
        refused.reason.contains("not possible during"),
        "{}",
        refused.reason
    );

    // A newer version.
    let newer = text.replacen("\"version\":2", "\"version\":9", 1);
    let err = journal::read(newer.as_bytes()).expect_err("refused");
    assert!(
        matches!(
            err,
            JournalError::NewerVersion {
                line: 1,
                version: 9
            }
        ),
        "{err}"
    );
    assert!(err.to_string().contains("newer version"), "{err}");

    // Wrong files.
    let scenario = ambush_core::scenario::builtin::CONTRACTING_TROUBLE;
    let err = journal::read(scenario.as_bytes()).expect_err("refused");
    assert!(matches!(err, JournalError::ScenarioFile), "{err}");
    let err = journal::read(b"hello\nworld\n").expect_err("refused");
    assert!(
        matches!(err, JournalError::NotAJournal { line: 1, .. }),
        "{err}"
    );
    assert!(matches!(journal::read(b""), Err(JournalError::Empty)));
    assert!(matches!(
        journal::read(b"\n\n  \n"),
        Err(JournalError::BlankOnly(5))
    ));
    let err = journal::read(&text.as_bytes()[..40]).expect_err("refused");
    assert!(err.to_string().contains("incomplete"), "{err}");
}

fn mutate(bytes: &[u8], edits: &[(usize, u8, u8)]) -> Vec<u8> {
    let mut out = bytes.to_vec();
    for &(pos, kind, value) in edits {
        if out.is_empty() {
            out.push(value);
            continue;
        }
        let i = pos % out.len();
        match kind % 4 {
            0 => out[i] = value,
            1 => {
                out.remove(i);
            }
            2 => out.insert(i, value),
            _ => out.truncate(i),
        }
    }
    out
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn random_bytes_never_panic_the_loaders(bytes in prop::collection::vec(any::<u8>(), 0..2000)) {
        let _ = check::load_bytes(&bytes);
        let _ = journal::read(&bytes);
    }

    #[test]
    fn mutated_scenarios_never_panic(edits in prop::collection::vec((any::<usize>(), any::<u8>(), any::<u8>()), 1..8)) {
        let bytes = mutate(ambush_core::scenario::builtin::CONTRACTING_TROUBLE.as_bytes(), &edits);
        match check::load_bytes(&bytes) {
            Ok(loaded) => { let _ = Game::new(std::sync::Arc::new(loaded.scenario), Settings::default()); }
            Err(e) => prop_assert!(!e.to_string().is_empty()),
        }
    }

    #[test]
    fn mutated_journals_never_panic(seed in any::<u64>(), edits in prop::collection::vec((any::<usize>(), any::<u8>(), any::<u8>()), 1..6)) {
        let (_, bytes) = common::random_journal(seed, 40);
        let bytes = mutate(&bytes, &edits);
        match journal::read(&bytes) {
            Ok(loaded) => { let _ = ambush_core::report::text(&loaded.game); }
            Err(e) => prop_assert!(!e.to_string().is_empty()),
        }
    }

    #[test]
    fn mutated_json_values_never_panic(seed in any::<u64>(), pick in any::<usize>(), replacement in prop_oneof![
        Just(serde_json::json!(null)), Just(serde_json::json!(-1)), Just(serde_json::json!(4294967296u64)),
        Just(serde_json::json!("")), Just(serde_json::json!("d0")), Just(serde_json::json!([])), Just(serde_json::json!({})),
        Just(serde_json::json!(1e300)), Just(serde_json::json!("9d6+255")),
    ]) {
        // Replace one value deep in a valid journal's lines with something odd.
        let (_, bytes) = common::random_journal(seed, 30);
        let text = String::from_utf8(bytes).unwrap_or_default();
        let mut lines: Vec<serde_json::Value> = text.lines().filter_map(|l| serde_json::from_str(l).ok()).collect();
        let n = lines.len();
        // JSON pointers to every leaf value.
        fn leaves(v: &serde_json::Value, at: String, out: &mut Vec<String>) {
            match v {
                serde_json::Value::Object(m) => {
                    for (k, x) in m {
                        leaves(x, format!("{at}/{}", k.replace('~', "~0").replace('/', "~1")), out);
                    }
                }
                serde_json::Value::Array(a) => {
                    for (i, x) in a.iter().enumerate() {
                        leaves(x, format!("{at}/{i}"), out);
                    }
                }
                _ => out.push(at),
            }
        }
        let line = pick % n.max(1);
        if let Some(value) = lines.get_mut(line) {
            let mut all = Vec::new();
            leaves(value, String::new(), &mut all);
            if !all.is_empty() {
                let target = &all[(pick / n.max(1)) % all.len()];
                if let Some(slot) = value.pointer_mut(target) {
                    *slot = replacement;
                }
            }
        }
        let rebuilt: String = lines.iter().map(|l| format!("{l}\n")).collect();
        let _ = journal::read(rebuilt.as_bytes());
    }
}

#[test]
fn starting_new_games_never_loses_the_old_ones() {
    let dir = temp_dir("sessions");
    let path = dir.join("autosave.jsonl");
    let mut dice = DiceSource::seeded(1);
    for events in 1..=3 {
        let mut session =
            Session::start(common::builtin_loaded(), Settings::default(), Some(&path));
        assert!(session.save_error().is_none());
        for _ in 0..events {
            award_marine_killed(&mut session, &mut dice).expect("plays");
        }
    }
    let mut kept: Vec<usize> = std::fs::read_dir(&dir)
        .expect("dir")
        .filter_map(Result::ok)
        .filter(|e| {
            e.file_name()
                .to_string_lossy()
                .starts_with("previous-game-")
        })
        .map(|e| {
            journal::load_path(&e.path())
                .expect("a whole journal")
                .game
                .events_in_effect()
        })
        .collect();
    kept.sort_unstable();
    assert_eq!(kept, vec![1, 2], "both earlier games are kept");
    assert_eq!(
        journal::load_path(&path)
            .expect("autosave")
            .game
            .events_in_effect(),
        3
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_full_disk_keeps_the_game_in_memory_and_catches_up_later() {
    // A folder that does not exist yet stands in for a disk that refuses: the journal cannot be
    // created, play goes on, and the whole game is written once the folder is there.
    let dir = temp_dir("refusing");
    let blocked = dir.join("not-a-folder");
    std::fs::write(&blocked, b"a file where the folder should be").expect("write");
    let path = blocked.join("autosave.jsonl");
    let mut session = Session::start(common::builtin_loaded(), Settings::default(), Some(&path));
    assert!(session.save_error().is_some(), "the problem is reported");
    let mut dice = DiceSource::seeded(1);
    award_marine_killed(&mut session, &mut dice).expect("play goes on");
    assert!(session.save_error().is_some());
    // The disk accepts again.
    std::fs::remove_file(&blocked).expect("remove");
    session.persist();
    assert!(session.save_error().is_none(), "{:?}", session.save_error());
    assert_eq!(
        journal::load_path(&path).expect("written").game.state(),
        session.game().state()
    );
    let _ = std::fs::remove_dir_all(&dir);
}

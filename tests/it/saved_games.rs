//! Saved games survive everything: two processes on one data folder, a kill while a long game
//! is opened, a damaged line, unreadable files, a full disk, odd data folders.
//!
//! Some tests run a second copy of this test binary as a child process (the `child_…` tests,
//! ignored unless a parent starts them with the environment they need).

use crate::common;

use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use ambush_core::dice::DiceSource;
use ambush_core::game::{Game, Settings};
use ambush_core::journal::{self, Header};
use ambush_core::session::{self, DataFolder, FolderError, SaveState, Session};
use common::{run, temp_dir};

/// A random game of the shipped scenario and its journal, as the app writes it.
pub(crate) fn journal_of(seed: u64, steps: usize, extra_marks: usize) -> (Game, Vec<u8>) {
    let (game, file) = common::builtin_game();
    let mut game = common::play_randomly(game, seed, steps);
    if game.can_undo() {
        for _ in 0..extra_marks {
            let _ = game.undo();
            let _ = game.redo();
        }
    }
    let mut bytes = serde_json::to_vec(&Header::new(file, Settings::default())).expect("header");
    bytes.push(b'\n');
    for entry in game.entries() {
        bytes.extend(serde_json::to_vec(&entry).expect("entry"));
        bytes.push(b'\n');
    }
    (game, bytes)
}

/// Starts this test binary again, running only the child test `name` with `env`.
fn spawn_child(name: &str, env: &[(&str, &Path)]) -> Child {
    let mut command = Command::new(std::env::current_exe().expect("the test binary"));
    command
        .args([
            "--exact",
            &common::test_name(module_path!(), name),
            "--include-ignored",
            "--test-threads=1",
        ])
        .stdout(Stdio::null())
        .stderr(Stdio::null());
    for (key, value) in env {
        command.env(key, value);
    }
    command.spawn().expect("the child starts")
}

/// Waits for `path` to appear, at most `limit`.
fn wait_for(path: &Path, limit: Duration) -> bool {
    let start = Instant::now();
    while start.elapsed() < limit {
        if path.exists() {
            return true;
        }
        std::thread::sleep(Duration::from_millis(10));
    }
    false
}

/// The child process of the lock test: holds the data folder until it is killed.
#[test]
#[ignore = "a child process of two_processes_never_share_a_data_folder"]
fn child_holds_the_data_folder() {
    let dir = std::env::var_os("AA_HOLD_DIR").map(PathBuf::from).expect(
        "run only as the child of two_processes_never_share_a_data_folder (AA_HOLD_DIR unset)",
    );
    let folder = DataFolder::claim(&dir).expect("the child claims the folder");
    std::fs::write(dir.join("child-ready"), b"").expect("ready");
    std::thread::sleep(Duration::from_secs(60));
    drop(folder);
}

#[test]
fn two_processes_never_share_a_data_folder() {
    let dir = temp_dir("saved", "lock");
    let mut child = spawn_child("child_holds_the_data_folder", &[("AA_HOLD_DIR", &dir)]);
    assert!(
        wait_for(&dir.join("child-ready"), Duration::from_secs(30)),
        "the child never claimed the folder"
    );
    // While the other process holds it, this one is told so and gets nothing to write with.
    let second = DataFolder::claim(&dir);
    assert_eq!(
        second.as_ref().err(),
        Some(&FolderError::InUse(dir.to_path_buf())),
        "{second:?}"
    );
    assert!(
        second
            .err()
            .is_some_and(|e| e.to_string().contains("another window of the app")),
    );
    // Killed outright, the other process lets go: the system drops its lock.
    child.kill().expect("kill");
    child.wait().expect("reaped");
    let claimed = DataFolder::claim(&dir);
    assert!(claimed.is_ok(), "{claimed:?}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// The child process of the kill test: opens a long saved game into the data folder, as
/// `ambush-alley play FILE` does.
#[test]
#[ignore = "a child process of killed_while_opening_a_long_game_the_autosave_is_never_lost"]
fn child_opens_a_long_game() {
    let (Some(dir), Some(from)) = (
        std::env::var_os("AA_OPEN_DIR").map(PathBuf::from),
        std::env::var_os("AA_OPEN_FROM").map(PathBuf::from),
    ) else {
        panic!(
            "run only as the child of killed_while_opening_a_long_game_the_autosave_is_never_lost \
             (AA_OPEN_DIR or AA_OPEN_FROM unset)"
        );
    };
    let folder = DataFolder::claim(&dir).expect("claims");
    let loaded = journal::load_path(&from).expect("loads");
    let autosave = folder.autosave();
    let session = Session::resume(loaded, &from, Some(&autosave));
    assert_eq!(session.save_error(), None);
    std::fs::write(dir.join("child-done"), b"").expect("done");
}

#[test]
fn killed_while_opening_a_long_game_the_autosave_is_never_lost() {
    let dir = temp_dir("saved", "kill");
    let data = dir.join("data");
    std::fs::create_dir_all(&data).expect("data folder");
    let (short_game, short_bytes) = journal_of(1, 60, 0);
    std::fs::write(data.join(session::AUTOSAVE_FILE), &short_bytes).expect("autosave");
    let (long_game, long_bytes) = journal_of(2, 1000, 60_000);
    let long = dir.join("long.jsonl");
    std::fs::write(&long, &long_bytes).expect("long game");
    let env = [
        ("AA_OPEN_DIR", data.as_path()),
        ("AA_OPEN_FROM", long.as_path()),
    ];

    // How long an opening takes when nothing stops it.
    let start = Instant::now();
    let mut child = spawn_child("child_opens_a_long_game", &env);
    assert!(child.wait().expect("runs").success());
    let whole = start.elapsed();
    assert!(data.join("child-done").exists());

    let either = |path: &Path| {
        let loaded = journal::load_path(path)
            .unwrap_or_else(|e| panic!("{} does not load: {e}", path.display()));
        assert!(
            loaded.is_whole() && loaded.dropped.is_none(),
            "{}",
            path.display()
        );
        let state = loaded.game.state();
        assert!(
            state == short_game.state() || state == long_game.state(),
            "{} holds neither game",
            path.display()
        );
    };
    // Killed at moments spread over the whole opening, again and again.
    for i in 0..12u32 {
        std::fs::write(data.join(session::AUTOSAVE_FILE), &short_bytes).expect("autosave");
        let mut child = spawn_child("child_opens_a_long_game", &env);
        std::thread::sleep(whole * i / 12);
        child.kill().expect("kill -9");
        child.wait().expect("reaped");
        // The autosave is one game or the other, whole; so is every earlier game kept.
        either(&data.join(session::AUTOSAVE_FILE));
        for kept in session::previous_games(&data) {
            either(&kept.path);
        }
        // What was half written is cleaned up when the folder is next claimed.
        let folder = DataFolder::claim(&data).expect("claims");
        let leftovers: Vec<_> = std::fs::read_dir(&data)
            .expect("lists")
            .flatten()
            .filter(|e| e.file_name().to_string_lossy().ends_with(".tmp"))
            .collect();
        assert!(leftovers.is_empty(), "{leftovers:?}");
        drop(folder);
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_damaged_middle_line_opens_the_game_as_of_the_entry_before_it() {
    let dir = temp_dir("saved", "damaged");
    let (game, bytes) = journal_of(4, 400, 0);
    let text = String::from_utf8(bytes).expect("utf-8");
    let mut lines: Vec<String> = text.lines().map(str::to_owned).collect();
    lines.truncate(44);
    // One flipped byte on line 30.
    let damaged = &mut lines[29];
    let at = damaged.find(':').expect("a colon");
    damaged.replace_range(at..=at, ";");
    let path = dir.join("game.jsonl");
    let written = format!("{}\n", lines.join("\n"));
    std::fs::write(&path, &written).expect("write");

    let loaded = journal::load_path(&path).expect("opens as far as it can");
    let damage = loaded.damaged.as_ref().expect("the damaged line is named");
    assert_eq!(damage.line, 30);
    assert_eq!(damage.kept, 28);
    assert_eq!(damage.left_out, 15, "line 30 and the 14 after it");
    assert_eq!(loaded.game.entry_count(), 28);
    let before = Game::replay(
        game.scenario().clone(),
        Settings::default(),
        common::entries(&game).into_iter().take(28),
    );
    assert_eq!(loaded.game.state(), before.game.state());

    // `report` prints that game, warns naming the line, and fails.
    let (code, out, err) = run(&["report", path.to_str().expect("path")]);
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("line 30 is damaged"), "{err}");
    assert!(out.contains(&before.game.state().headline()), "{out}");
    let (code, out, _) = run(&["report", path.to_str().expect("path"), "--json"]);
    assert_eq!(code, 1);
    let value: serde_json::Value = serde_json::from_str(&out).expect("one JSON object");
    assert_eq!(value["damaged_line"], 30);

    // Resumed into an autosave, the game goes on there; the damaged file is kept as it was.
    let data = dir.join("data");
    let folder = DataFolder::claim(&data).expect("claims");
    let mut resumed = Session::resume(loaded, &path, Some(&folder.autosave()));
    assert_eq!(resumed.save_path(), Some(path.as_path()));
    let _ = resumed.undo();
    assert_eq!(std::fs::read_to_string(&path).expect("read"), written);
    let again = journal::load_path(&folder.autosave()).expect("the autosave loads");
    assert!(again.is_whole());
    assert_eq!(again.game.state(), resumed.game().state());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_save_state_counts_every_entry_not_on_disk() {
    let dir = temp_dir("saved", "state");
    // The autosave's folder is a file: nothing can be written there.
    let blocker = dir.join("blocker");
    std::fs::write(&blocker, b"not a folder").expect("write");
    let journal = blocker.join(session::AUTOSAVE_FILE);
    let mut session = Session::start(
        common::builtin_loaded(),
        Settings::default(),
        Some(&journal),
    );
    let failing = |session: &Session| match session.save_state() {
        SaveState::Failing {
            unsaved,
            nothing_on_disk,
            ..
        } => Some((unsaved, nothing_on_disk)),
        _ => None,
    };
    assert_eq!(failing(&session), Some((0, true)));
    let mut dice = DiceSource::seeded(3);
    let mut pick = |n: usize| n / 2;
    let mut played = 0;
    while played < 3 {
        let command = common::random_command(session.game(), &mut pick);
        if session.play(command, &mut dice).is_ok() {
            played += 1;
        }
    }
    assert_eq!(failing(&session), Some((3, true)));
    // Undo and redo are entries too: they never clear the state while the disk refuses.
    session.undo().expect("undo");
    assert_eq!(failing(&session), Some((4, true)));
    session.redo().expect("redo");
    assert_eq!(failing(&session), Some((5, true)));
    assert!(session.save_error().is_some());
    // What a failed "Save as" says of where the game is: never "in the autosave".
    let words = session.where_the_game_is();
    assert!(
        words.contains("every entry (5) is only in memory") && !words.contains("in the autosave"),
        "{words}"
    );
    // Once the disk takes it, every entry is written.
    std::fs::remove_file(&blocker).expect("remove");
    std::fs::create_dir_all(&blocker).expect("folder");
    session.persist();
    assert_eq!(session.save_state(), SaveState::Saved { entries: 5 });
    let words = session.where_the_game_is();
    assert!(
        words.contains("All 5 entries of the game are in the autosave")
            && words.contains(&journal.display().to_string()),
        "{words}"
    );
    let loaded = journal::load_path(&journal).expect("loads");
    assert_eq!(loaded.game.state(), session.game().state());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn odd_data_folders_are_named_in_words() {
    let dir = temp_dir("saved", "odd");
    let file = dir.join("a-file");
    std::fs::write(&file, b"x").expect("write");
    let error = DataFolder::claim(&file).expect_err("a file is not a folder");
    assert_eq!(error, FolderError::NotAFolder(file.clone()));
    assert!(
        error.to_string().contains("is a file, not a folder"),
        "{error}"
    );
    // A file on the way to the folder.
    let below = file.join("data");
    let error = DataFolder::claim(&below).expect_err("refused");
    assert!(!error.to_string().contains("os error 17"), "{error}");
    // An empty AMBUSH_ALLEY_DATA_DIR is as good as unset: never the current folder.
    assert_eq!(
        session::data_dir_from(Some(std::ffi::OsString::new())),
        session::data_dir_from(None)
    );
    assert_ne!(
        session::data_dir_from(Some(std::ffi::OsString::new())),
        Some(PathBuf::new())
    );
    assert_eq!(
        session::data_dir_from(Some("/tmp/aa".into())),
        Some(PathBuf::from("/tmp/aa"))
    );
    let _ = std::fs::remove_dir_all(&dir);
}

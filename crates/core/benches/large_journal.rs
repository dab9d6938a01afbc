//! A 50 MB saved game: a long game whose journal holds 3.28 million undos and redos (a referee
//! who leaned on Ctrl+Z). Loading and memory must grow with what the game holds, not with its
//! undo history. Targets: loading under 1 s with under 250 MB allocated at the peak (divan's
//! allocation profiler reports it as "max alloc"), and a click (undo, redo, or a new event,
//! each written and flushed to the journal) under 16 ms.

#[path = "../tests/common/mod.rs"]
mod common;

use std::io::Write;

use ambush_core::dice::DiceSource;
use ambush_core::game::Settings;
use ambush_core::journal::{self, Header};
use ambush_core::session::Session;

#[global_allocator]
static ALLOC: divan::AllocProfiler = divan::AllocProfiler::system();

fn main() {
    divan::main();
}

/// Undo and redo pairs after the game's events: 3.28 million lines of about 16 bytes.
const MARK_PAIRS: usize = 1_640_000;

/// Writes the 50 MB journal to a temporary folder; returns its path.
fn large_journal() -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("aa-large-bench-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temporary folder");
    let path = dir.join("large.jsonl");
    let (game, file) = common::builtin_game();
    let game = common::play_randomly(game, 5, 3000);
    assert!(game.can_undo(), "the game has an event to undo");
    let mut out = std::io::BufWriter::new(std::fs::File::create(&path).expect("file"));
    let header = serde_json::to_string(&Header::new(file, Settings::default())).expect("header");
    writeln!(out, "{header}").expect("write");
    for entry in game.entries() {
        writeln!(out, "{}", serde_json::to_string(&entry).expect("entry")).expect("write");
    }
    for _ in 0..MARK_PAIRS {
        out.write_all(b"{\"kind\":\"undo\"}\n{\"kind\":\"redo\"}\n")
            .expect("write");
    }
    // On disk before the clock starts, as a journal the app wrote would be (else the first
    // flush of a click would pay for writing all 50 MB).
    out.into_inner()
        .map_err(|e| e.into_error())
        .and_then(|f| f.sync_all())
        .expect("synced");
    let size = std::fs::metadata(&path).map_or(0, |m| m.len());
    assert!(size >= 50_000_000, "the journal is {size} bytes");
    path
}

#[divan::bench(sample_count = 10, sample_size = 1)]
fn load_50_mb_journal(bencher: divan::Bencher) {
    let path = large_journal();
    bencher.bench(|| {
        let loaded = journal::load_path(divan::black_box(&path));
        assert!(
            loaded.as_ref().is_ok_and(|l| l.is_whole()),
            "{:?}",
            loaded.err()
        );
        loaded
    });
    let _ = std::fs::remove_dir_all(path.parent().unwrap_or(&path));
}

/// What the app does before its first frame when a 50 MB saved game is opened from elsewhere:
/// read it, and make it the game whose autosave is in the data folder (no longer written out
/// again entry by entry first: its bytes are copied on a thread of their own).
#[divan::bench(sample_count = 10, sample_size = 1)]
fn open_50_mb_journal_in_the_app(bencher: divan::Bencher) {
    let path = large_journal();
    let folder = path.with_file_name("data");
    // Each sample's copy is finished before the next sample starts, off the clock.
    let opened: std::cell::RefCell<Option<Session>> = std::cell::RefCell::new(None);
    bencher
        .with_inputs(|| {
            if let Some(mut session) = opened.borrow_mut().take() {
                session.settle();
                assert!(session.save_error().is_none(), "{:?}", session.save_error());
            }
            let _ = std::fs::remove_dir_all(&folder);
            folder.join("autosave.jsonl")
        })
        .bench_local_values(|autosave| {
            let loaded = journal::load_path(divan::black_box(&path)).expect("loads");
            let session = Session::resume(loaded, &path, Some(&autosave));
            *opened.borrow_mut() = Some(session);
        });
    if let Some(mut session) = opened.borrow_mut().take() {
        session.settle();
    }
    let _ = std::fs::remove_dir_all(path.parent().unwrap_or(&path));
}

/// One click in the game loaded from the 50 MB journal, each written and flushed: an undo and a
/// redo, or a new event (then undone, so every sample starts from the same game).
#[divan::bench(args = ["undo then redo", "play then undo"], sample_count = 100)]
fn click_in_50_mb_game(bencher: divan::Bencher, click: &str) {
    let path = large_journal();
    let loaded = journal::load_path(&path).expect("loads");
    let mut session = Session::resume(loaded, &path, Some(&path));
    let mut dice = DiceSource::seeded(9);
    let mut pick = {
        let mut s = 1u64;
        move |n: usize| {
            s = s.wrapping_mul(6364136223846793005).wrapping_add(1);
            ((s >> 33) as usize) % n.max(1)
        }
    };
    bencher.bench_local(|| {
        if click == "undo then redo" {
            let _ = session.undo();
            let _ = session.redo();
        } else {
            let command = common::random_command(session.game(), &mut pick);
            if session.play(command, &mut dice).is_ok() {
                let _ = session.undo();
            }
        }
    });
    assert!(session.save_error().is_none(), "{:?}", session.save_error());
    let _ = std::fs::remove_dir_all(path.parent().unwrap_or(&path));
}

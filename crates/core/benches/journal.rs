//! Saved-game speed: appending one event (written and flushed to disk), and loading a journal
//! of 10,000 events. Targets: under 5 ms and under 100 ms.

#[path = "../tests/common/mod.rs"]
mod common;

use ambush_core::game::{Command, EntryRef, Event, Settings};
use ambush_core::journal::{self, Header, JournalWriter};

fn main() {
    divan::main();
}

/// A journal of at least `events` events from random play of the shipped scenario.
fn journal_bytes(events: usize) -> Vec<u8> {
    let (game, file) = common::builtin_game();
    let mut game = game;
    let mut seed = 1;
    while game.entry_count() < events {
        game = common::play_randomly(game, seed, 500);
        seed += 1;
    }
    let mut bytes = serde_json::to_vec(&Header::new(file, Settings::default())).unwrap_or_default();
    bytes.push(b'\n');
    for entry in game.entries() {
        bytes.extend(serde_json::to_vec(&entry).unwrap_or_default());
        bytes.push(b'\n');
    }
    bytes
}

#[divan::bench(sample_count = 30)]
fn load_10000_event_journal(bencher: divan::Bencher) {
    let bytes = journal_bytes(10_000);
    bencher.bench(|| {
        let loaded = journal::read(divan::black_box(&bytes));
        assert!(loaded.is_ok());
        loaded
    });
}

#[divan::bench(sample_count = 200)]
fn append_one_event(bencher: divan::Bencher) {
    let dir = std::env::temp_dir().join(format!("aa-bench-{}", std::process::id()));
    let path = dir.join("bench.jsonl");
    let (game, file) = common::builtin_game();
    let mut writer = match JournalWriter::create(&path, &Header::new(file, Settings::default())) {
        Ok(w) => w,
        Err(e) => panic!("cannot create {}: {e}", path.display()),
    };
    let alpha = common::unit_id(&game, "alpha");
    let event = Event::new(
        Command::Fire {
            attacker: alpha,
            target: common::unit_id(&game, "insurgents-1"),
            modifiers: Default::default(),
            context: Default::default(),
        },
        vec![
            ambush_core::dice::Rolled::new(
                ambush_core::dice::DiceRole::Attack,
                ambush_core::dice::Die::D8,
                vec![7, 6, 5, 4, 4, 3],
            ),
            ambush_core::dice::Rolled::new(
                ambush_core::dice::DiceRole::Defense,
                ambush_core::dice::Die::D6,
                vec![5, 5, 4, 4, 3, 1],
            ),
        ],
    );
    let entry = EntryRef::Event(&event);
    bencher.bench_local(|| writer.append(divan::black_box(entry)));
    drop(writer);
    let _ = std::fs::remove_dir_all(&dir);
}

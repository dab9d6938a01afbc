//! The cost of one frame of the app for a big game: 60 units and 10,000 events, measured
//! headless with the kittest harness (CPU only: no GPU, no painting), at the start of a turn,
//! with a Regular unit activating (its fire offered at some forty targets, each with its
//! exact odds), and in a solo game's Insurgent phase (some forty Insurgent units, each with the
//! opponent's orders and the questions it asks). Target: under 2 ms for the desk's two cases.
//! The solo phase here is a stress case far past any scenario (forty cards each asking about
//! twenty Marine units, some 1,000 widgets): 3.4 ms median, its cost the widgets themselves
//! (about a sixth of it the accessibility tree the harness builds); the gate's answers behind
//! it are worked out once per change.

use ambush_alley::ui::{AssistantApp, Prefs, StartOptions};
use ambush_core::dice::{DiceSource, Die};
use ambush_core::game::command::{NewFigure, NewUnit};
use ambush_core::game::{Command, Game, QualityPurpose, Settings};
use ambush_core::journal::{self, Header};
use ambush_core::unit::{Side, Weapon};

fn main() {
    divan::main();
}

/// Where the big game stands when its frame is measured.
#[derive(Clone, Copy, Debug, PartialEq)]
enum At {
    /// The start of a turn.
    TurnStart,
    /// A Regular unit has just activated.
    Activating,
    /// A solo game, its Insurgent phase just begun.
    SoloInsurgentPhase,
}

/// A saved game of Contracting Trouble grown to 60 units on the table and 10,000 events, then
/// brought to `at`.
fn big_game(path: &std::path::Path, at: At) {
    let loaded = ambush_core::scenario::builtin::contracting_trouble().expect("built in");
    let settings = Settings {
        solo: at == At::SoloInsurgentPhase,
        ..Settings::default()
    };
    let mut game = Game::new(std::sync::Arc::new(loaded.scenario), settings.clone());
    let mut dice = DiceSource::seeded(3);
    let mut n = 0;
    while game.state().units().filter(|u| u.in_play()).count() < 60 {
        n += 1;
        let side = if n % 3 == 0 {
            Side::Regular
        } else {
            Side::Insurgent
        };
        let unit = NewUnit {
            name: format!("Extra unit {n}"),
            side,
            profile: ambush_core::unit::Profile {
                tq: Die::D6,
                morale: Die::D10,
                optimum_range: 6,
                armor: 0,
            },
            location: format!("Block {n}"),
            figures: (0..5)
                .map(|i| NewFigure {
                    name: if i == 0 {
                        "Gunner".to_owned()
                    } else {
                        "Rifleman".to_owned()
                    },
                    weapon: if i == 0 {
                        Weapon::LightSupport
                    } else {
                        Weapon::Rifle
                    },
                    tq: None,
                })
                .collect(),
        };
        let _ = game.play(Command::AddUnit { unit }, &mut dice);
    }
    let ids: Vec<_> = game
        .state()
        .units()
        .filter(|u| u.in_play() && !u.non_combatant)
        .map(|u| u.id)
        .collect();
    let mut i = 0;
    while game.entry_count() < 10_000 {
        let unit = ids[i % ids.len()];
        let command = match i % 3 {
            0 => Command::QualityCheck {
                unit,
                purpose: QualityPurpose::Other,
            },
            1 => Command::AwardVictory {
                item: "marine-killed".to_owned(),
                delta: 1,
            },
            _ => Command::AwardVictory {
                item: "marine-killed".to_owned(),
                delta: -1,
            },
        };
        let _ = game.play(command, &mut dice);
        i += 1;
    }
    if at == At::SoloInsurgentPhase {
        game.play(Command::StartInsurgentPhase, &mut dice)
            .expect("the Insurgent phase begins");
    }
    if at == At::Activating {
        let regular = game
            .state()
            .units()
            .find(|u| u.in_play() && u.side == Side::Regular && !u.non_combatant)
            .map(|u| u.id)
            .expect("a Regular unit");
        let activate = Command::Activate {
            unit: regular,
            movement: ambush_core::unit::Movement::Halted,
            overwatch: false,
        };
        game.play(activate, &mut dice).expect("it activates");
    }
    let header = Header::new(loaded.file, settings);
    journal::write_whole(path, &header, &game).expect("written");
}

#[divan::bench(sample_count = 200)]
fn frame_60_units_10000_events(bencher: divan::Bencher) {
    frame(bencher, At::TurnStart);
}

#[divan::bench(sample_count = 200)]
fn frame_60_units_10000_events_a_unit_activating(bencher: divan::Bencher) {
    frame(bencher, At::Activating);
}

#[divan::bench(sample_count = 200)]
fn frame_60_units_10000_events_solo_insurgent_phase(bencher: divan::Bencher) {
    frame(bencher, At::SoloInsurgentPhase);
}

fn frame(bencher: divan::Bencher, at: At) {
    let dir = std::env::temp_dir().join(format!("aa-frame-bench-{}-{at:?}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("dir");
    let path = dir.join("big.jsonl");
    big_game(&path, at);
    let options = StartOptions {
        open: Some(path),
        solo: None,
        data_dir: None,
        seed: Some(1),
        native_dialogs: false,
        phones: None,
    };
    let mut harness = egui_kittest::Harness::builder()
        .with_size([1280.0, 800.0])
        .with_accessibility_check(false)
        .build_eframe(move |_cc| AssistantApp::with_prefs(options, Prefs::default()));
    harness.run();
    assert!(
        harness
            .state()
            .game()
            .is_some_and(|g| g.entry_count() >= 10_000),
        "the big game did not open: {:?}",
        harness.state().message()
    );
    if at == At::Activating {
        use egui_kittest::kittest::Queryable;
        let targets = harness.query_all_by_label_contains(" fires at ").count();
        assert!(targets >= 30, "only {targets} fires offered");
    }
    if at == At::SoloInsurgentPhase {
        use egui_kittest::kittest::Queryable;
        let deciding = harness
            .query_all_by_label_contains(": decide its orders")
            .count();
        assert!(deciding >= 30, "only {deciding} units' orders shown");
    }
    bencher.bench_local(|| harness.step());
    let _ = std::fs::remove_dir_all(&dir);
}

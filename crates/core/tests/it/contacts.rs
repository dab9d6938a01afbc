//! Hidden contacts in a solo game of Night Patrol: markers on the table, two of them hiding
//! Insurgent units that only the game knows of until they are seen or show themselves.

use crate::common;

use ambush_core::view::{Sight, Viewer};

use std::sync::Arc;

use ambush_core::dice::DiceSource;
use ambush_core::game::{
    Command, FireContext, Game, PlayError, QualityPurpose, ReactionKind, RuleError, Settings,
};
use ambush_core::rules::checks::ReactionModifiers;
use ambush_core::scenario::builtin;
use ambush_core::scenario::check::load_bytes;
use ambush_core::solo::{self, RegularAction, View};
use ambush_core::unit::Movement;

use common::{activate, play, unit, unit_id};

fn night_patrol(solo: bool) -> Game {
    let loaded = load_bytes(builtin::NIGHT_PATROL.as_bytes()).unwrap_or_else(|e| panic!("{e}"));
    Game::new(
        Arc::new(loaded.scenario),
        Settings {
            solo,
            ..Settings::default()
        },
    )
}

/// Night Patrol, solo, with its two hidden units put under markers by these percentiles.
fn placed(faces: [u8; 4]) -> Game {
    let mut game = night_patrol(true);
    let step = solo::plan::automatic_step(&game).expect("the markers are set first");
    let command = solo::plan::command(&game, &step).expect("a command");
    assert_eq!(command, Command::PlaceContacts);
    play(&mut game, command, &[&faces]);
    game
}

#[test]
fn the_markers_hide_two_units_that_only_the_game_knows() {
    // Percentiles 01 and 100: the watchers under the first free marker (A), the cache guard
    // under the last one still free (E).
    let game = placed([10, 1, 10, 10]);
    let state = game.state();
    let watchers = unit_id(&game, "watchers");
    let guard = unit_id(&game, "cache-guard");
    let held: Vec<(String, Option<ambush_core::unit::UnitId>)> = state
        .contacts()
        .iter()
        .map(|c| (c.marker.clone(), c.unit))
        .collect();
    assert_eq!(held[0], ("A".to_owned(), Some(watchers)));
    assert_eq!(held[4], ("E".to_owned(), Some(guard)));
    assert!(held[1..4].iter().all(|(_, u)| u.is_none()));
    assert!(state.is_hidden(watchers) && state.is_hidden(guard));
    assert_eq!(state.shown_name(guard), "Contact E");
    assert_eq!(unit(&game, guard).location, "the school yard gate");
    // The table shows no Insurgent unit at all, only five markers.
    for viewer in [Viewer::Desk, Viewer::Regular, Viewer::Table] {
        let sight = Sight::new(&game, viewer);
        assert_eq!(
            sight
                .units_on_table(ambush_core::unit::Side::Insurgent)
                .count(),
            0,
            "{viewer:?}"
        );
    }
    // The Insurgent player's own seat knows them.
    let insurgent = Sight::new(&game, Viewer::Insurgent);
    assert_eq!(
        insurgent
            .units_on_table(ambush_core::unit::Side::Insurgent)
            .count(),
        2
    );
    assert_eq!(state.markers_on_table().count(), 5);
    // Other dice, other places.
    let other = placed([5, 5, 2, 2]);
    assert_ne!(other.state().contacts(), state.contacts());
}

#[test]
fn a_hidden_unit_cannot_be_aimed_at_until_seen_and_an_empty_marker_comes_off() {
    let mut game = placed([10, 1, 10, 10]);
    let section = unit_id(&game, "section-1");
    let watchers = unit_id(&game, "watchers");
    activate(&mut game, section, Movement::Halted);
    let fire = Command::Fire {
        attacker: section,
        target: watchers,
        modifiers: Default::default(),
        context: FireContext::Activation,
    };
    assert_eq!(game.check(&fire), Err(RuleError::Unrevealed));
    // An empty marker seen comes off the table.
    let outcome = play(
        &mut game,
        Command::RevealContact {
            marker: "B".to_owned(),
        },
        &[],
    );
    assert!(
        outcome.summary.contains("hides nothing"),
        "{}",
        outcome.summary
    );
    // The watchers' marker seen: the unit stands where it was, and may be fired at.
    let outcome = play(
        &mut game,
        Command::RevealContact {
            marker: "A".to_owned(),
        },
        &[],
    );
    assert!(
        outcome.summary.contains("is Watchers"),
        "{}",
        outcome.summary
    );
    assert!(!game.state().is_hidden(watchers));
    assert!(game.check(&fire).is_ok());
    assert!(matches!(
        game.play(
            Command::RevealContact {
                marker: "A".to_owned()
            },
            &mut DiceSource::seeded(1)
        ),
        Err(PlayError::Rule(RuleError::Contact(_)))
    ));
}

#[test]
fn a_hidden_unit_may_interrupt_a_marine_move_and_shows_itself_doing_so() {
    let mut game = placed([10, 1, 10, 10]);
    let section = unit_id(&game, "section-1");
    let guard = unit_id(&game, "cache-guard");
    activate(&mut game, section, Movement::Rapid);
    // Asked about under its marker's name, it weighs interrupting like any unit in sight.
    let sees = View {
        regular: section,
        in_range: true,
        exposed: true,
        solid_cover: false,
    };
    let decisions = solo::interrupts(&game, section, RegularAction::Moves, &[(guard, sees)], &[]);
    // It decides as its marker does, by the marker's name.
    assert!(matches!(
        &decisions[0].decide,
        Some(Command::MarkerDecide { marker, .. }) if marker == "E"
    ));
    assert_eq!(decisions[0].marker.as_deref(), Some("E"));
    // Its weighed decision says nothing of what it is.
    let Some(decide) = decisions[0].decide.clone() else {
        panic!()
    };
    let outcome = play(&mut game, decide, &[&[10, 1]]);
    assert!(
        outcome.summary.starts_with("Solo: Contact E decides: "),
        "{}",
        outcome.summary
    );
    assert!(
        !outcome.summary.contains("Cache guard"),
        "{}",
        outcome.summary
    );
    // The Reaction test of its interruption reveals it first.
    let modifiers = ReactionModifiers::proposed(unit(&game, section));
    let outcome = play(
        &mut game,
        Command::ReactionTest {
            insurgent: guard,
            regular: section,
            kind: ReactionKind::InterruptMovement,
            modifiers,
        },
        &[&[6], &[1]],
    );
    assert!(
        outcome
            .notes
            .first()
            .is_some_and(|n| n.contains("Contact E") && n.contains("is Cache guard")),
        "{:?}",
        outcome.notes
    );
    assert!(!game.state().is_hidden(guard));
}

#[test]
fn revealed_contacts_replay_exactly_from_the_journal() {
    let mut game = placed([3, 7, 6, 2]);
    let section = unit_id(&game, "section-1");
    activate(&mut game, section, Movement::Cautious);
    play(
        &mut game,
        Command::RevealContact {
            marker: "C".to_owned(),
        },
        &[],
    );
    play(
        &mut game,
        Command::RevealContact {
            marker: "D".to_owned(),
        },
        &[],
    );
    let guard = unit_id(&game, "cache-guard");
    if game.state().is_hidden(guard) {
        let check = Command::QualityCheck {
            unit: guard,
            purpose: QualityPurpose::Interrupt,
        };
        if game.check(&check).is_ok() {
            play(&mut game, check, &[&[2]]);
        }
    }
    // Through a journal on disk and back.
    let dir = common::temp_dir("contacts", "replay");
    let path = dir.join("game.jsonl");
    let loaded = load_bytes(builtin::NIGHT_PATROL.as_bytes()).expect("valid");
    let header = ambush_core::journal::Header::new(loaded.file, game.initial_settings().clone());
    ambush_core::journal::write_whole(&path, &header, &game).expect("written");
    let back = ambush_core::journal::load_path(&path).expect("loads");
    assert_eq!(back.refused, None);
    assert_eq!(back.game.state(), game.state());
    assert_eq!(back.game.state().contacts(), game.state().contacts());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_game_for_two_sets_the_units_up_as_usual() {
    let game = night_patrol(false);
    let watchers = unit_id(&game, "watchers");
    assert!(game.state().contacts().is_empty());
    assert!(!game.state().is_hidden(watchers));
    assert!(game.check(&Command::PlaceContacts).is_err());
    assert_eq!(
        unit(&game, watchers).location,
        "Hot Spot 1: on the tea house roof"
    );
}

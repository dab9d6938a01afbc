//! Hidden until revealed, everywhere (issue 21): every marker decides with the same words and
//! the same dice, in the order of the table, whatever it hides; the phase counts a marker as
//! one; the reports show a hidden unit only as its marker until it is revealed or the game is
//! over, list the undone decisions, name the difficulty; and the opponent's roll for a
//! decision stays after undo when the game's dice stay.

use crate::common;

use std::sync::Arc;

use ambush_core::game::{
    Command, Decider, FireContext, Game, Phase, Settings, SoloDifficulty, SoloOption,
};
use ambush_core::report::{self, Reveal};
use ambush_core::scenario::builtin;
use ambush_core::scenario::check::load_bytes;
use ambush_core::solo::{self, ORDERS, RegularAction, View};
use ambush_core::unit::Movement;

use common::{activate, play, unit_id};

/// Night Patrol, solo, its two hidden units put under markers by these percentiles.
fn night_patrol(faces: [u8; 4], settings: Settings) -> Game {
    let loaded = load_bytes(builtin::NIGHT_PATROL.as_bytes()).unwrap_or_else(|e| panic!("{e}"));
    let mut game = Game::new(
        Arc::new(loaded.scenario),
        Settings {
            solo: true,
            ..settings
        },
    );
    play(&mut game, Command::PlaceContacts, &[&faces]);
    game
}

fn seen(regular: ambush_core::unit::UnitId) -> View {
    View {
        regular,
        in_range: true,
        exposed: true,
        solid_cover: false,
    }
}

/// Percentiles 01 and 100: the watchers under A, the cache guard under E.
const A_AND_E: [u8; 4] = [10, 1, 10, 10];

#[test]
fn every_marker_decides_by_a_percentile_in_the_order_of_the_table_whatever_it_hides() {
    let mut game = night_patrol(A_AND_E, Settings::default());
    let section = unit_id(&game, "section-1");
    let (watchers, guard) = (unit_id(&game, "watchers"), unit_id(&game, "cache-guard"));
    activate(&mut game, section, Movement::Rapid);
    // The player says every marker sees the section: the units under A and E come with their
    // views (asked as A and E), the empty markers by name.
    let views = [(guard, seen(section)), (watchers, seen(section))];
    let empty = ["D", "B", "C"].map(str::to_owned);
    let decisions = solo::interrupts(&game, section, RegularAction::Moves, &views, &empty);
    let markers: Vec<&str> = decisions
        .iter()
        .filter_map(|d| d.marker.as_deref())
        .collect();
    assert_eq!(markers, vec!["A", "B", "C", "D", "E"]);
    for d in &decisions {
        let Some(decide @ Command::MarkerDecide { marker, .. }) = &d.decide else {
            panic!("every marker decides as a marker: {d:?}");
        };
        // Two d10 for each, whether it hides a unit or nothing.
        let request = game.check(decide).expect("allowed");
        assert_eq!(request.groups.len(), 1);
        assert_eq!(request.groups[0].count, 2);
        let outcome = play(&mut game, decide.clone(), &[&[5, 5]]);
        let name = format!("Contact {marker}");
        let taken = game.state().solo_decisions().last().map(|x| {
            assert_eq!(x.marker.as_deref(), Some(marker.as_str()));
            x.taken().map(|o| o.words.clone()).unwrap_or_default()
        });
        assert_eq!(
            outcome.summary,
            format!("Solo: {name} decides: {}", taken.unwrap_or_default())
        );
        assert!(!outcome.summary.contains("Watchers") && !outcome.summary.contains("guard"));
    }
    // What it decided is known by the marker; the empty ones record no unit.
    let recorded = &game.state().solo_decisions();
    assert_eq!(recorded[0].unit, Some(watchers));
    assert_eq!(recorded[1].unit, None);
    assert_eq!(recorded[4].unit, Some(guard));
}

#[test]
fn a_marker_decision_is_refused_for_no_marker_a_revealed_one_or_a_game_for_two() {
    let mut game = night_patrol(A_AND_E, Settings::default());
    let decide = |marker: &str| solo::empty_marker_orders(marker);
    assert!(game.check(&decide("Z")).is_err());
    play(
        &mut game,
        Command::RevealContact {
            marker: "B".to_owned(),
        },
        &[],
    );
    assert!(game.check(&decide("B")).is_err());
    // A certain option is rolled for all the same.
    let request = game.check(&decide("C")).expect("allowed");
    assert_eq!(request.groups[0].count, 2);
    let loaded = load_bytes(builtin::NIGHT_PATROL.as_bytes()).expect("valid");
    let two = Game::new(Arc::new(loaded.scenario), Settings::default());
    assert!(two.check(&decide("A")).is_err());
}

#[test]
fn the_phase_counts_each_marker_as_one_until_it_has_decided() {
    let mut game = night_patrol(A_AND_E, Settings::default());
    play(&mut game, Command::StartInsurgentPhase, &[]);
    assert!(
        game.state().headline().ends_with(", 5 still to act"),
        "{}",
        game.state().headline()
    );
    // An empty marker and a hidden unit's marker each count once, then not at all.
    play(&mut game, solo::empty_marker_orders("B"), &[&[3, 3]]);
    play(&mut game, solo::empty_marker_orders("A"), &[&[3, 3]]);
    assert!(game.state().headline().ends_with(", 3 still to act"));
}

#[test]
fn the_reports_show_a_hidden_unit_as_its_marker_until_it_is_revealed_or_the_game_is_over() {
    let mut game = night_patrol(
        A_AND_E,
        Settings {
            difficulty: SoloDifficulty::Veteran,
            ..Settings::default()
        },
    );
    let concealed = |game: &Game| {
        [
            report::text(game),
            report::json(game).to_string(),
            report::markdown(game),
        ]
    };
    for text in concealed(&game) {
        assert!(!text.contains("Watchers"), "{text}");
        assert!(!text.contains("Cache guard"), "{text}");
        assert!(text.contains("Contact E"), "{text}");
        assert!(
            text.contains("Veteran") || text.contains("veteran"),
            "{text}"
        );
    }
    // The markers' dice would tell where the units are: kept out of the Markdown log.
    assert!(!report::markdown(&game).contains("— dice d10"));
    // The referee may ask for everything.
    let all = report::text_with(&game, Reveal::Everything);
    assert!(
        all.contains("Contact A — the tea house roof (Hot Spot 1): on the table, hiding Watchers"),
        "{all}"
    );
    assert!(
        all.contains("Contact B — the culvert mouth (Hot Spot 2): on the table, hiding nothing"),
        "{all}"
    );
    let json = report::json_with(&game, Reveal::Everything);
    assert_eq!(json["markers"][0]["hides"], "Watchers");
    // Revealed, the watchers are shown; the cache guard is still a marker.
    play(
        &mut game,
        Command::RevealContact {
            marker: "A".to_owned(),
        },
        &[],
    );
    let text = report::text(&game);
    assert!(text.contains("Watchers"), "{text}");
    assert!(!text.contains("Cache guard"), "{text}");
    assert!(text.contains("Contact A — the tea house roof (Hot Spot 1): revealed: Watchers"));
    // Once the game is over, everything is told.
    play(&mut game, Command::EndGame, &[]);
    for text in concealed(&game) {
        assert!(text.contains("Cache guard"), "{text}");
    }
    assert!(report::markdown(&game).contains("— dice d10"));
}

#[test]
fn the_report_lists_undone_decisions_and_a_decision_asked_again_rolls_the_same() {
    let settings = Settings {
        dice_stay: true,
        dice_seed: Some(2024),
        ..Settings::default()
    };
    let mut game = night_patrol(A_AND_E, settings);
    let section = unit_id(&game, "section-1");
    activate(&mut game, section, Movement::Cautious);
    let decide = solo::empty_marker_orders("C");
    let roll = |game: &mut Game| {
        let mut dice = game.staying_dice(&decide).expect("the dice stay");
        game.play(decide.clone(), &mut dice).expect("allowed");
        game.state().solo_decisions().last().and_then(|d| d.roll)
    };
    let first = roll(&mut game);
    game.undo().expect("undone");
    let again = roll(&mut game);
    assert!(first.is_some());
    assert_eq!(first, again);
    let text = report::text(&game);
    // Undone, what the marker chose is no longer on the table: nothing of it is told.
    assert!(
        text.contains("Turn 1, Contact C, its orders (undone)"),
        "{text}"
    );
    assert!(!text.contains("stay hidden (undone)"), "{text}");
    // Without the setting, the game has no dice of its own.
    let plain = night_patrol(A_AND_E, Settings::default());
    assert!(plain.staying_dice(&decide).is_none());
}

#[test]
fn changing_the_difficulty_is_a_line_of_the_log_that_names_it() {
    let mut game = night_patrol(A_AND_E, Settings::default());
    let settings = Settings {
        difficulty: SoloDifficulty::Veteran,
        doctrine_hidden: true,
        ..game.state().settings().clone()
    };
    let outcome = play(&mut game, Command::ChangeSettings { settings }, &[]);
    assert_eq!(
        outcome.summary,
        "Settings: the solo opponent's difficulty from Regular to Veteran; the solo opponent keeps its reasoning hidden until the game is over"
    );
    assert!(report::text(&game).contains("Solo opponent: Veteran, its reasoning hidden"));
}

#[test]
fn the_reason_says_when_the_roll_took_a_lesser_option_and_a_leaders_order_may_not_be_met() {
    let mut game = Game::new(
        Arc::new(common::contracting_trouble()),
        Settings {
            solo: true,
            ..Settings::default()
        },
    );
    let leader = unit_id(&game, "leader-2a");
    play(&mut game, Command::StartInsurgentPhase, &[]);
    let orders = solo::orders(&game, &[]);
    let mine = orders
        .iter()
        .find(|o| o.unit == leader)
        .expect("his orders")
        .clone();
    let Command::SoloDecide { options, .. } = &mine.decide else {
        panic!("a unit in view decides by its name");
    };
    let best = options[0].clone();
    // A roll of 100 takes the last option, a lesser one.
    play(&mut game, mine.decide.clone(), &[&[10, 10]]);
    let taken = options.last().expect("options").clone();
    let order = solo::chosen(&game, &mine).expect("an order");
    assert!(taken.percent < best.percent);
    assert!(
        order.reason.starts_with(&format!(
            "The roll (100) took this {}% option over {} ({}%).",
            taken.percent, best.words, best.percent
        )),
        "{}",
        order.reason
    );
    // A leader told to join a unit within a Cautious move, when it is farther: he stays out
    // of sight, and the log says why.
    let join = mine
        .choices
        .iter()
        .find(|c| c.words.starts_with("join "))
        .expect("a join")
        .action
        .clone();
    let (words, steps) = solo::plan::otherwise(&game, &join).expect("a conditional order");
    assert_eq!(words, "not within 6\"");
    let commands = solo::plan::commands_of(&steps);
    assert!(solo::plan::refusal(&game, &commands).is_none());
    let note = commands.last().expect("a note");
    assert!(
        matches!(note, Command::SoloNote { text, .. } if text.ends_with("is not within 6\": he stays out of sight.")),
        "{note:?}"
    );
}

/// Dice that stay belong to what is rolled: undone, the same fire at the same place rolls the
/// same faces, but the faces seen cannot be spent on another roll (another target, another
/// test) at that place.
#[test]
fn staying_dice_are_the_rolls_own_and_cannot_be_moved_to_another() {
    let settings = Settings {
        dice_stay: true,
        dice_seed: Some(77),
        ..Settings::default()
    };
    let mut game = Game::new(Arc::new(common::contracting_trouble()), settings);
    let alpha = unit_id(&game, "alpha");
    activate(&mut game, alpha, Movement::Halted);
    let at = |game: &Game, target: &str| {
        common::as_known(
            game,
            common::fire(alpha, unit_id(game, target), FireContext::Activation),
        )
    };
    let faces = |game: &mut Game, command: Command| {
        let mut dice = game.staying_dice(&command).expect("the dice stay");
        game.play(command, &mut dice).expect("allowed");
        let faces = game.applied_events().last().map(|e| e.dice.clone());
        game.undo().expect("undone");
        faces
    };
    let (at_1, at_3) = (at(&game, "insurgents-1"), at(&game, "insurgents-3"));
    let first = faces(&mut game, at_1.clone());
    assert_eq!(faces(&mut game, at_1), first);
    let other = faces(&mut game, at_3);
    let attack =
        |dice: &Option<Vec<ambush_core::dice::Rolled>>| dice.as_ref().map(|d| d[0].faces.clone());
    assert_ne!(attack(&other), attack(&first), "another target, other dice");
    let morale = Command::MoraleCheck {
        unit: alpha,
        modifier: 0,
        defensible: false,
    };
    assert_ne!(attack(&faces(&mut game, morale)), attack(&first));
    // Something that rolls nothing, slipped in before asking again, does not buy a new roll.
    let note = Command::SoloNote {
        unit: None,
        answer_to: None,
        text: "a note".to_owned(),
    };
    game.play(note, &mut ambush_core::dice::DiceSource::typed(Vec::new()))
        .expect("a note");
    let again = at(&game, "insurgents-1");
    assert_eq!(faces(&mut game, again), first);
}

#[test]
fn a_markers_decision_is_found_by_its_marker_or_its_unit_and_acts_only_when_it_is_not_staying_hidden()
 {
    let mut game = night_patrol(A_AND_E, Settings::default());
    let watchers = unit_id(&game, "watchers");
    play(&mut game, Command::StartInsurgentPhase, &[]);
    let state = game.state();
    assert!(state.decision_of(Decider::Marker("A"), ORDERS).is_none());
    assert!(!solo::marker_acts(state, "A"), "it has not decided yet");
    // The empty marker B stays hidden: decided, and not acting.
    play(&mut game, solo::empty_marker_orders("B"), &[&[3, 3]]);
    let b = game.state().decision_of(Decider::Marker("B"), ORDERS);
    assert_eq!(b.map(|d| d.unit), Some(None));
    assert!(!solo::marker_acts(game.state(), "B"));
    assert!(game.state().marker_decided("B", ORDERS));
    // The watchers under A advance: found by the marker and by the unit alike, and it acts.
    let advance = Command::MarkerDecide {
        marker: "A".to_owned(),
        about: ORDERS.to_owned(),
        options: vec![SoloOption {
            words: "advance toward the Marines".to_owned(),
            percent: 100,
            odds: "a test".to_owned(),
        }],
    };
    play(&mut game, advance, &[&[5, 5]]);
    let state = game.state();
    let by_marker = state.decision_of(Decider::Marker("A"), ORDERS);
    assert!(by_marker.is_some());
    assert_eq!(
        by_marker,
        state.decision_of(Decider::Unit(watchers), ORDERS)
    );
    assert_eq!(
        solo::plan::taken(&game, watchers, ORDERS).as_deref(),
        Some("advance toward the Marines")
    );
    assert!(solo::marker_acts(state, "A"));
    assert!(
        state
            .decision_of(Decider::Marker("A"), "something else")
            .is_none()
    );
    assert!(!solo::marker_acts(state, "C"), "C has not decided");
    // Another turn: this turn's decisions are no longer found.
    play(
        &mut game,
        Command::SetTurn {
            turn: 2,
            phase: Phase::InsurgentActions,
        },
        &[],
    );
    assert!(
        game.state()
            .decision_of(Decider::Marker("A"), ORDERS)
            .is_none()
    );
    assert!(!solo::marker_acts(game.state(), "A"));
}

#[test]
fn a_marker_keeps_its_decision_back_until_it_is_revealed_or_the_caller_reveals_everything() {
    let mut game = night_patrol(A_AND_E, Settings::default());
    play(&mut game, Command::StartInsurgentPhase, &[]);
    play(&mut game, solo::empty_marker_orders("A"), &[&[3, 3]]);
    let decision = game
        .state()
        .solo_decisions()
        .last()
        .expect("decided")
        .clone();
    let kept = decision.kept_back_by(game.state(), false);
    assert_eq!(kept.map(|c| c.marker.as_str()), Some("A"));
    assert!(decision.kept_back_by(game.state(), true).is_none());
    play(
        &mut game,
        Command::RevealContact {
            marker: "A".to_owned(),
        },
        &[],
    );
    assert!(decision.kept_back_by(game.state(), false).is_none());
    // A decision in view (no marker) is never kept back.
    let open = ambush_core::game::SoloDecision {
        marker: None,
        ..decision
    };
    assert!(open.kept_back_by(game.state(), false).is_none());
}

//! The scenarios written with version 2 of the format, played: fewer Hot Spots and their own
//! Hot Spot roll, a spot neutralized at the start, a quick reaction force, ambushes at a named
//! Hot Spot and at a point, a reinforcement row with its own dice, the new victory kinds and
//! distances kept at the scale they were written at.

use crate::common;

use std::sync::Arc;

use ambush_core::dice::{DiceSource, Die};
use ambush_core::game::{Command, Detail, Game, PendingStep, Phase, PlayError, Settings};
use ambush_core::scenario::builtin;
use ambush_core::scenario::check::load_bytes;
use ambush_core::tabletop::Scale;
use ambush_core::unit::{Movement, Presence, Side};

use common::{activate, pending_id, play, unit, unit_id};

fn game_of(text: &str, scale: Option<Scale>) -> Game {
    let loaded = load_bytes(text.as_bytes()).unwrap_or_else(|e| panic!("{e}"));
    let settings = Settings {
        scale: scale.unwrap_or(loaded.scenario.scale),
        ..Settings::default()
    };
    Game::new(Arc::new(loaded.scenario), settings)
}

fn count(game: &Game, item: &str) -> i32 {
    game.state()
        .victory()
        .iter()
        .find(|c| c.item == item)
        .map_or(-1, |c| c.count)
}

/// Fire in which every attacking die hits and no defending die blocks.
fn fire_all_hits(game: &mut Game, attacker: &str, target: &str) -> Detail {
    common::fire_with(game, attacker, target, |g| {
        let face = if g.label.starts_with("Firepower") {
            6
        } else {
            1
        };
        vec![face; usize::from(g.count)]
    })
    .detail
}

/// The Insurgency roll of a turn that brings reinforcements, one table roll and the arrival it
/// brings, with these faces: the outcome of the arrival.
fn reinforce(
    game: &mut Game,
    insurgency: u8,
    table: [u8; 2],
    arrival: &[&[u8]],
) -> ambush_core::game::Outcome {
    play(game, Command::InsurgencyRoll, &[&[insurgency]]);
    let pending = pending_id(game, |s| *s == PendingStep::TableRoll);
    play(game, Command::TableRoll { pending }, &[&table]);
    let pending = pending_id(game, |s| matches!(s, PendingStep::Arrival { .. }));
    play(game, Command::Arrival { pending }, arrival)
}

fn end_turn(game: &mut Game) {
    if game.state().phase() == Phase::RegularActivations {
        play(game, Command::StartInsurgentPhase, &[]);
    }
    play(game, Command::EndTurn, &[]);
}

#[test]
fn night_patrol_three_hot_spots_their_own_roll_and_a_quick_reaction_force() {
    let mut game = game_of(builtin::NIGHT_PATROL, None);
    let qrf = unit_id(&game, "qrf");
    assert_eq!(game.state().hot_spots().len(), 3);
    assert_eq!(unit(&game, qrf).presence, Presence::InReserve);
    assert!(
        game.check(&Command::Activate {
            unit: qrf,
            movement: Movement::Cautious,
            overwatch: false
        })
        .is_err(),
        "not on the table before turn 3"
    );

    // Turn 1: the patrol moves; the Insurgents hold; victory for every three Insurgents down.
    let section_1 = unit_id(&game, "section-1");
    activate(&mut game, section_1, Movement::Halted);
    let Detail::Fire(result) = fire_all_hits(&mut game, "section-1", "watchers") else {
        panic!("fire detail")
    };
    assert_eq!(result.casualties, 3, "{result:?}");
    let watchers = unit_id(&game, "watchers");
    let pending = pending_id(
        &game,
        |s| matches!(s, PendingStep::Casualties { unit, .. } if *unit == watchers),
    );
    let figures = unit(&game, watchers).casualty_proposal(3);
    play(
        &mut game,
        Command::RemoveCasualties { pending, figures },
        &[],
    );
    assert_eq!(game.state().insurgent_casualties(), 3);
    assert_eq!(count(&game, "insurgents-down"), 1, "one for every three");
    end_turn(&mut game);

    // Turn 2: Insurgency Level 3: a 2 brings reinforcements; 2d6 = 5: 1d6 riflemen.
    assert_eq!(game.state().turn(), 2);
    // 4 figures, leader check 5 (none), Hot Spot roll 3: this scenario's face 3 is Hot Spot 2.
    let outcome = reinforce(&mut game, 2, [2, 3], &[&[4], &[5], &[3]]);
    let Detail::Arrival { unit: new_unit, .. } = outcome.detail else {
        panic!("arrival detail")
    };
    let arrived = unit(&game, new_unit);
    assert_eq!(arrived.figures.len(), 4);
    assert!(
        arrived.location.contains("Hot Spot 2"),
        "{}",
        arrived.location
    );
    assert!(arrived.location.contains("culvert"), "{}", arrived.location);
    play(&mut game, Command::StartActivations, &[]);
    assert_eq!(
        unit(&game, qrf).presence,
        Presence::InReserve,
        "turn 3, not 2"
    );
    end_turn(&mut game);

    // Turn 3: a 5 brings nobody; the quick reaction force comes on as the activations begin.
    play(&mut game, Command::InsurgencyRoll, &[&[5]]);
    assert!(game.state().pending_steps().is_empty());
    let outcome = play(&mut game, Command::StartActivations, &[]);
    assert!(
        outcome
            .notes
            .iter()
            .any(|n| n.contains("Quick reaction force arrives at the south edge")),
        "{:?}",
        outcome.notes
    );
    assert_eq!(unit(&game, qrf).presence, Presence::OnTable);
    activate(&mut game, qrf, Movement::Rapid);

    // A Hot Spot roll of 6 is the Insurgent player's choice; Hot Spot 5 is not in this game.
    end_turn(&mut game);
    reinforce(&mut game, 1, [2, 2], &[&[3], &[4], &[6]]);
    let choice = pending_id(&game, |s| matches!(s, PendingStep::HotSpotChoice { .. }));
    let place = |spot| Command::PlaceArrival {
        pending: choice,
        hot_spot: spot,
    };
    assert!(matches!(
        game.play(place(5), &mut DiceSource::seeded(1)),
        Err(PlayError::Rule(_))
    ));
    play(&mut game, place(3), &[]);

    // A soldier killed is recorded by the referee and scores for the Insurgents.
    let section = unit_id(&game, "section-2");
    let figure = unit(&game, section).figures[0].id;
    play(
        &mut game,
        Command::RecordKilled {
            unit: section,
            figure,
        },
        &[],
    );
    assert_eq!(count(&game, "soldier-killed"), 1);
    assert_eq!(unit(&game, section).figures.len(), 2);

    // The cache searched is scored once, or not at all.
    let award = |delta| Command::AwardVictory {
        item: "cache-searched".to_owned(),
        delta,
    };
    play(&mut game, award(1), &[]);
    assert!(game.check(&award(1)).is_err(), "a place is held once");
    assert!(game.check(&award(-1)).is_ok());

    // The whole game replays from its log.
    let replayed = Game::replay(
        game.scenario().clone(),
        game.initial_settings().clone(),
        common::entries(&game),
    );
    assert_eq!(replayed.refused, None);
    assert_eq!(replayed.game.state(), game.state());
}

#[test]
fn the_pump_house_ambushes_a_neutralized_spot_and_foreign_fighters() {
    let mut game = game_of(builtin::PUMP_HOUSE, None);
    let spots: Vec<(u8, bool)> = game
        .state()
        .hot_spots()
        .iter()
        .map(|h| (h.number, h.active))
        .collect();
    assert_eq!(spots, vec![(1, true), (2, true), (3, true), (4, false)]);
    let hold_up = unit_id(&game, "hold-up");
    let laundry = unit_id(&game, "laundry-party");

    // Turn 1: only the pump house party may spring (from turn 1); a 4 springs it, at its spot.
    play(&mut game, Command::StartInsurgentPhase, &[]);
    let roll = pending_id(
        &game,
        |s| matches!(s, PendingStep::AmbushRoll { unit } if *unit == hold_up),
    );
    assert!(
        !game
            .state()
            .pending_steps()
            .iter()
            .any(|p| matches!(p.step, PendingStep::AmbushRoll { unit } if unit == laundry)),
        "the laundry party waits for turn 2"
    );
    let outcome = play(&mut game, Command::AmbushRoll { pending: roll }, &[&[4]]);
    assert!(
        outcome.summary.contains("springs its ambush at Hot Spot 2"),
        "{}",
        outcome.summary
    );
    assert!(unit(&game, hold_up).in_play());
    assert!(unit(&game, hold_up).location.contains("pump house"));
    assert!(
        !game
            .state()
            .pending_steps()
            .iter()
            .any(|p| matches!(p.step, PendingStep::AmbushPlacement { .. })),
        "a named spot needs no Hot Spot roll"
    );
    play(&mut game, Command::EndTurn, &[]);

    // Turn 2: the laundry party springs at its point.
    play(&mut game, Command::InsurgencyRoll, &[&[6]]);
    play(&mut game, Command::StartActivations, &[]);
    play(&mut game, Command::StartInsurgentPhase, &[]);
    let roll = pending_id(
        &game,
        |s| matches!(s, PendingStep::AmbushRoll { unit } if *unit == laundry),
    );
    play(&mut game, Command::AmbushRoll { pending: roll }, &[&[3]]);
    assert_eq!(
        unit(&game, laundry).location,
        "the alley behind the laundry"
    );
    play(&mut game, Command::EndTurn, &[]);

    // Turn 3: Insurgency Level 4; 2d6 = 7: foreign fighters, with their own name and dice.
    // 5 fighters, leader check 4 (none), Hot Spot 4: neutralized from the start, so lost.
    let outcome = reinforce(&mut game, 4, [3, 4], &[&[5], &[4], &[4]]);
    assert!(outcome.summary.contains("lost"), "{}", outcome.summary);
    play(&mut game, Command::StartActivations, &[]);
    end_turn(&mut game);
    let outcome = reinforce(&mut game, 1, [4, 4], &[&[5], &[4], &[1]]);
    let Detail::Arrival { unit: fighters, .. } = outcome.detail else {
        panic!("arrival detail")
    };
    let fighters = unit(&game, fighters);
    assert!(
        fighters.name.starts_with("Foreign fighters"),
        "{}",
        fighters.name
    );
    assert_eq!(fighters.side, Side::Insurgent);
    assert_eq!(fighters.test_die(), Die::D8, "their own Troop Quality");
    assert_eq!(fighters.profile.morale, Die::D10, "their own Morale");
    assert!(fighters.location.contains("Hot Spot 1"));
}

#[test]
fn distances_are_kept_as_written_and_converted_only_at_another_scale() {
    // The Pump House is written at 28mm: its 12" is 12" on a 28mm table, 8" on a 15mm one.
    let at_28 = game_of(builtin::PUMP_HOUSE, None);
    let escort = unit(&at_28, unit_id(&at_28, "escort"));
    assert_eq!(escort.profile.optimum_range, 12);
    assert_eq!(at_28.state().distance(escort.profile.optimum_range), "12\"");
    let at_15 = game_of(builtin::PUMP_HOUSE, Some(Scale::Mm15));
    assert_eq!(at_15.state().distance(12), "8\"");
    // Night Patrol is written at 15mm: 8" there, 12" at 28mm.
    let night = game_of(builtin::NIGHT_PATROL, None);
    assert_eq!(night.state().distance(8), "8\"");
    let night_28 = game_of(builtin::NIGHT_PATROL, Some(Scale::Mm28));
    assert_eq!(night_28.state().distance(8), "12\"");
}

#[test]
fn every_shipped_scenario_opens_and_plays_a_few_hundred_random_commands() {
    for (id, _, text) in builtin::ALL {
        let game = common::play_randomly(game_of(text, None), 7, 300);
        let replayed = Game::replay(
            game.scenario().clone(),
            game.initial_settings().clone(),
            common::entries(&game),
        );
        assert_eq!(replayed.refused, None, "{id}");
        assert_eq!(replayed.game.state(), game.state(), "{id}");
    }
}

#[test]
fn the_hot_spot_roll_and_the_victory_points_are_told_in_words() {
    let night = game_of(builtin::NIGHT_PATROL, None);
    assert_eq!(
        night.scenario().hot_spot_roll_words(),
        "1–2 Hot Spot 1, 3–4 Hot Spot 2, 5 Hot Spot 3, 6 the Insurgent player's choice"
    );
    let words: Vec<String> = night
        .scenario()
        .victory
        .iter()
        .map(|v| v.trigger.words())
        .collect();
    assert_eq!(
        words,
        vec![
            "once, if the half-built mosque is held at the end (the referee says)",
            "the app counts it: once for every 3 Insurgent casualties",
            "the app counts it: each Regular casualty with a First Aid result of 3 to 6",
            "the app counts it: each Regular figure the referee records as killed",
        ]
    );
    let pump = game_of(builtin::PUMP_HOUSE, None);
    assert_eq!(
        pump.scenario().hot_spot_roll_words(),
        "1 Hot Spot 1, 2 Hot Spot 2, 3 Hot Spot 3, 4 Hot Spot 4, 5–6 the Insurgent player's choice"
    );
    assert_eq!(
        pump.scenario().victory[0].trigger.words(),
        "the app counts it: each figure tagged \"engineer\" that leaves by the north edge"
    );
}

//! The opponent's dice cannot be fished for (issue 32): a roll's dice are fixed by the roll
//! itself (what is rolled, by whom, where in the game, and which of its kind it is), so no roll
//! of another unit, no note and no setting slipped in before it moves them; and a solo game
//! cannot switch its dice that stay off. Games of earlier rules keep theirs.

use std::sync::Arc;

use ambush_core::dice::{DiceSource, Rolled};
use ambush_core::game::{Command, Game, QualityPurpose, RuleError, Settings};
use ambush_core::scenario::builtin;
use ambush_core::scenario::check::load_bytes;
use ambush_core::solo::{self, RegularAction, View};
use ambush_core::unit::Movement;

use crate::common::{activate, unit_id};

/// Night Patrol, solo, its dice staying after undo, its markers set by its own dice.
fn night_patrol(rules: u32) -> Game {
    let loaded = load_bytes(builtin::NIGHT_PATROL.as_bytes()).unwrap_or_else(|e| panic!("{e}"));
    let settings = Settings {
        solo: true,
        dice_stay: true,
        dice_seed: Some(31_337),
        ..Settings::default()
    };
    let mut game = Game::under_rules(Arc::new(loaded.scenario), settings, rules);
    staying(&mut game, Command::PlaceContacts);
    game
}

/// Plays a command with the game's own dice (they stay after undo).
fn staying(game: &mut Game, command: Command) -> Vec<Rolled> {
    let mut dice = game.staying_dice(&command).expect("the dice stay");
    game.play(command, &mut dice).expect("allowed");
    game.applied_events()
        .last()
        .map(|e| e.dice.clone())
        .unwrap_or_default()
}

/// Every marker's decision about the section's activation, each marker seeing it.
fn decisions(game: &Game, section: ambush_core::unit::UnitId) -> Vec<Command> {
    let state = game.state();
    let seen = View {
        regular: section,
        in_range: true,
        exposed: true,
        solid_cover: false,
    };
    let views: Vec<_> = state
        .contacts()
        .iter()
        .filter_map(|c| c.unit)
        .map(|u| (u, seen.clone()))
        .collect();
    let empty: Vec<String> = state
        .contacts()
        .iter()
        .filter(|c| c.unit.is_none())
        .map(|c| c.marker.clone())
        .collect();
    solo::interrupts(game, section, RegularAction::Moves, &views, &empty)
        .into_iter()
        .filter_map(|d| d.decide)
        .collect()
}

/// The faces of every decision, made one after another.
fn decide_all(game: &mut Game, decisions: &[Command]) -> Vec<Vec<Rolled>> {
    decisions.iter().map(|d| staying(game, d.clone())).collect()
}

#[test]
fn a_roll_of_another_unit_slipped_in_before_asking_again_does_not_move_the_opponents_dice() {
    let mut game = night_patrol(ambush_core::game::RULES_VERSION);
    let (first, second) = (unit_id(&game, "section-1"), unit_id(&game, "section-2"));
    activate(&mut game, first, Movement::Rapid);
    let before = game.events_in_effect();
    let asked = decisions(&game, first);
    assert_eq!(asked.len(), 5);
    let rolled = decide_all(&mut game, &asked);
    while game.events_in_effect() > before {
        game.undo().expect("undone");
    }
    // A Quality check of the other half section, and a Morale check of the first.
    staying(
        &mut game,
        Command::QualityCheck {
            unit: second,
            purpose: QualityPurpose::Other,
        },
    );
    staying(
        &mut game,
        Command::MoraleCheck {
            unit: second,
            modifier: 0,
            defensible: false,
        },
    );
    assert_eq!(decide_all(&mut game, &asked), rolled);
    // Asked in another order (one marker fewer seeing it), each marker's roll is its own.
    while game.events_in_effect() > before {
        game.undo().expect("undone");
    }
    let rest = decide_all(&mut game, &asked[1..]);
    assert_eq!(rest, rolled[1..].to_vec());
}

#[test]
fn two_rolls_of_the_same_kind_by_the_same_unit_each_have_their_own_dice() {
    let mut game = night_patrol(ambush_core::game::RULES_VERSION);
    let section = unit_id(&game, "section-1");
    let check = Command::QualityCheck {
        unit: section,
        purpose: QualityPurpose::Other,
    };
    let rolls: Vec<Vec<Rolled>> = (0..12).map(|_| staying(&mut game, check.clone())).collect();
    // Twelve d8 rolls in a row, all the same, would mean the place did not move.
    assert!(rolls.iter().any(|r| *r != rolls[0]), "{rolls:?}");
    // Undone and made again, the last one is the same.
    game.undo().expect("undone");
    assert_eq!(staying(&mut game, check), rolls[11]);
}

#[test]
fn a_solo_game_refuses_to_switch_its_dice_that_stay_off_or_to_change_their_seed() {
    let mut game = night_patrol(ambush_core::game::RULES_VERSION);
    let events = game.events_in_effect();
    let state = game.state().clone();
    for settings in [
        Settings {
            dice_stay: false,
            ..state.settings().clone()
        },
        Settings {
            dice_seed: Some(1),
            ..state.settings().clone()
        },
        Settings {
            dice_seed: None,
            ..state.settings().clone()
        },
    ] {
        let change = Command::ChangeSettings { settings };
        let refused = game.check(&change).expect_err("refused");
        assert!(matches!(refused, RuleError::DiceStayInSolo), "{refused:?}");
        assert!(
            refused
                .to_string()
                .contains("cannot be switched off in a solo game"),
            "{refused}"
        );
        assert!(
            game.play(change, &mut DiceSource::typed(Vec::new()))
                .is_err()
        );
        assert_eq!(game.events_in_effect(), events);
        assert_eq!(game.state(), &state);
    }
    // Every other setting may still change.
    let veteran = Settings {
        difficulty: ambush_core::game::SoloDifficulty::Veteran,
        ..state.settings().clone()
    };
    assert!(
        game.check(&Command::ChangeSettings { settings: veteran })
            .is_ok()
    );
    // A game of rules 6 keeps what its rules allowed.
    let old = night_patrol(6);
    let off = Settings {
        dice_stay: false,
        ..old.state().settings().clone()
    };
    assert!(
        old.check(&Command::ChangeSettings { settings: off })
            .is_ok()
    );
}

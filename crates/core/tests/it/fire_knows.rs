//! What the game knows about a fire is derived from the state, never taken from the event: the
//! dice lost to interruptions (l.129–130), a Cautious target's penalty (l.124), a second
//! Overwatch shot (l.143), Pinned, In Cover, the firer's own speed. A fire that says otherwise
//! is refused unless it carries a referee's correction, which the log shows.

use std::sync::Arc;

use crate::common;

use ambush_core::dice::DiceSource;
use ambush_core::game::{Command, FireContext, Game, ReactionKind, RuleError, Settings};
use ambush_core::rules::fire::FireModifiers;
use ambush_core::unit::{Movement, UnitId};

use common::{
    activate, as_known, fire, play, play_all, reaction, refused_as_given as refused, unit, unit_id,
};

/// A fire exactly as the event gives it, with no filling in from the state.
fn raw_fire(attacker: UnitId, target: UnitId, modifiers: FireModifiers) -> Command {
    Command::Fire {
        attacker,
        target,
        modifiers,
        context: FireContext::Activation,
    }
}

fn modifiers_of(command: &Command) -> FireModifiers {
    match command {
        Command::Fire { modifiers, .. } => modifiers.clone(),
        other => panic!("not a fire: {other:?}"),
    }
}

/// Alpha, activating Cautiously, interrupted twice (by Insurgents 4 and Insurgents 1).
fn alpha_interrupted_twice() -> (Game, UnitId, UnitId) {
    let mut game = common::new_game();
    let alpha = unit_id(&game, "alpha");
    let (ins1, ins4) = (
        unit_id(&game, "insurgents-1"),
        unit_id(&game, "insurgents-4"),
    );
    activate(&mut game, alpha, Movement::Cautious);
    for insurgent in [ins4, ins1] {
        if unit(&game, insurgent).needs_interrupt_check() {
            play(
                &mut game,
                Command::QualityCheck {
                    unit: insurgent,
                    purpose: ambush_core::game::QualityPurpose::Interrupt,
                },
                &[&[6]],
            );
        }
        let test = reaction(&game, insurgent, alpha, ReactionKind::InterruptMovement);
        play(&mut game, test, &[&[1], &[8]]);
    }
    assert_eq!(unit(&game, alpha).status.times_interrupted(), 2);
    (game, alpha, ins4)
}

/// Lines 129–130: one Troop Quality die less for each interruption after the first.
#[test]
fn l129_a_fireteam_interrupted_twice_cannot_fire_its_full_dice_without_a_correction() {
    let (mut game, alpha, ins4) = alpha_interrupted_twice();
    let known = modifiers_of(&as_known(&game, fire(alpha, ins4, FireContext::Reaction)));
    assert_eq!(known.interruption_dice, 1);
    let full = Command::Fire {
        attacker: alpha,
        target: ins4,
        modifiers: FireModifiers {
            interruption_dice: 0,
            ..known.clone()
        },
        context: FireContext::Reaction,
    };
    let error = refused(&mut game, full.clone());
    let RuleError::NotAsTheStateSays(words) = &error else {
        panic!("{error}");
    };
    assert!(words.contains("lost 1 die"), "{words}");
    // An empty correction is no correction (asked before Alpha fires back:
    // its return fire is its fire for the activation).
    let blank = FireModifiers {
        correction: Some("  ".to_owned()),
        ..FireModifiers::default()
    };
    let ins1 = unit_id(&game, "insurgents-1");
    assert!(matches!(
        refused(&mut game, raw_fire(alpha, ins1, blank)),
        RuleError::Limit(_)
    ));

    // The referee overrules it, in words, and the log says so.
    let corrected = Command::Fire {
        attacker: alpha,
        target: ins4,
        modifiers: FireModifiers {
            interruption_dice: 0,
            correction: Some("Alpha's second interruption was a mistake".to_owned()),
            ..known
        },
        context: FireContext::Reaction,
    };
    let request = game.check(&corrected).expect("a correction is allowed");
    let attack: usize = request
        .groups
        .iter()
        .filter(|g| g.role == ambush_core::dice::DiceRole::Attack)
        .map(|g| usize::from(g.count))
        .sum();
    assert_eq!(
        attack, 6,
        "four figures, two light support weapons, no die lost"
    );
    let faces: Vec<Vec<u8>> = request
        .groups
        .iter()
        .map(|g| vec![1; usize::from(g.count)])
        .collect();
    let mut dice = DiceSource::typed(faces);
    let outcome = game.play(corrected, &mut dice).expect("applies");
    assert!(
        outcome.notes.iter().any(|n| n
            == "Referee's correction: Alpha's second interruption was a mistake — Fireteam Alpha fires 6d8"),
        "{:?}",
        outcome.notes
    );
}

/// Line 124: Insurgent fire at a unit moving Cautiously loses a die; the event cannot forget it.
#[test]
fn l124_insurgent_fire_at_a_cautious_target_keeps_its_penalty() {
    let mut game = common::new_game();
    let alpha = unit_id(&game, "alpha");
    let ins4 = unit_id(&game, "insurgents-4");
    activate(&mut game, alpha, Movement::Cautious);
    let test = reaction(&game, ins4, alpha, ReactionKind::InterruptFire);
    play(&mut game, test, &[&[8], &[1]]);
    let known = modifiers_of(&as_known(&game, fire(ins4, alpha, FireContext::Interrupt)));
    assert!(known.target_cautious);
    let forgetful = Command::Fire {
        attacker: ins4,
        target: alpha,
        modifiers: FireModifiers {
            target_cautious: false,
            ..known
        },
        context: FireContext::Interrupt,
    };
    let error = refused(&mut game, forgetful);
    assert!(
        matches!(&error, RuleError::NotAsTheStateSays(w) if w.contains("moving Cautiously")),
        "{error}"
    );
}

/// Line 143: each Overwatch shot after the first in a turn costs a die.
#[test]
fn l143_a_second_overwatch_shot_is_not_at_full_strength() {
    let mut game = common::new_game();
    let alpha = unit_id(&game, "alpha");
    let (ins1, ins4) = (
        unit_id(&game, "insurgents-1"),
        unit_id(&game, "insurgents-4"),
    );
    play(
        &mut game,
        Command::Activate {
            unit: alpha,
            movement: Movement::Halted,
            overwatch: true,
        },
        &[],
    );
    play(&mut game, Command::StartInsurgentPhase, &[]);
    for insurgent in [ins4, ins1] {
        let act = Command::InsurgentAction {
            unit: insurgent,
            movement: Movement::Rapid,
        };
        // With no leader, it passes its Quality check with a 6 first.
        play_all(&mut game, act, 6);
    }
    play_all(&mut game, fire(alpha, ins4, FireContext::Overwatch), 1);
    let second = as_known(&game, fire(alpha, ins1, FireContext::Overwatch));
    let known = modifiers_of(&second);
    assert_eq!(known.interruption_dice, 1);
    let full_strength = Command::Fire {
        attacker: alpha,
        target: ins1,
        modifiers: FireModifiers {
            interruption_dice: 0,
            ..known
        },
        context: FireContext::Overwatch,
    };
    assert!(matches!(
        refused(&mut game, full_strength),
        RuleError::NotAsTheStateSays(_)
    ));
}

/// Pinned, In Cover and the firer's own speed come from the state too: claiming a Rapid move
/// that did not happen, or leaving out a Pinned firer, is refused.
#[test]
fn pinned_in_cover_and_speed_are_the_states_to_say() {
    let mut game = common::new_game();
    let alpha = unit_id(&game, "alpha");
    let ins4 = unit_id(&game, "insurgents-4");
    activate(&mut game, alpha, Movement::Halted);
    let known = modifiers_of(&as_known(&game, fire(alpha, ins4, FireContext::Activation)));
    for claim in [
        FireModifiers {
            attacker_rapid: true,
            ..known.clone()
        },
        FireModifiers {
            attacker_pinned: true,
            ..known.clone()
        },
        FireModifiers {
            target_in_cover: true,
            ..known.clone()
        },
    ] {
        assert!(matches!(
            refused(&mut game, raw_fire(alpha, ins4, claim)),
            RuleError::NotAsTheStateSays(_)
        ));
    }
    // The table's own facts stay the referee's: range, open ground, Solid Cover.
    let table = FireModifiers {
        optimum_range: true,
        target_exposed: true,
        solid_cover: true,
        ..known
    };
    assert!(game.check(&raw_fire(alpha, ins4, table)).is_ok());
}

/// A journal written by rules version 3 whose fire contradicts the state is refused at that
/// line; the same fire in a game of rules version 2 (written before this rule) replays.
#[test]
fn a_journal_whose_fire_contradicts_the_state_is_refused_at_that_line() {
    let (builtin, file) = common::builtin_game();
    let mut old = Game::under_rules(builtin.scenario().clone(), Settings::default(), 2);
    let alpha = unit_id(&old, "alpha");
    let ins4 = unit_id(&old, "insurgents-4");
    assert_ne!(
        alpha,
        UnitId(u32::MAX),
        "the built-in scenario has a Fireteam Alpha"
    );
    activate(&mut old, alpha, Movement::Rapid);
    let claim = FireModifiers {
        attacker_rapid: false,
        ..FireModifiers::default()
    };
    play_all_raw(&mut old, raw_fire(alpha, ins4, claim));
    assert_eq!(old.events_in_effect(), 2);

    // Written as a journal of today's rules: the fire (line 3) is refused.
    let bytes = common::journal_bytes(&old, file.clone());
    let loaded = ambush_core::journal::read(&bytes).expect("reads");
    let refused = loaded.refused.expect("the fire is refused");
    assert_eq!(refused.line, 3, "{}", refused.words());
    assert!(
        refused.reason.contains("moving Rapid"),
        "{}",
        refused.reason
    );
    assert_eq!(loaded.game.events_in_effect(), 1);

    // Its own rules version replays it whole.
    replays_whole_under(&old, 2);
}

/// The game, replayed by the rules version it was played under, comes out the same.
fn replays_whole_under(old: &Game, rules: u32) {
    let replayed = Game::replay_under_rules(
        Arc::clone(old.scenario()),
        Settings::default(),
        rules,
        common::entries(old),
    );
    assert!(replayed.refused.is_none());
    assert_eq!(replayed.game.state(), old.state());
}

/// Plays a command exactly as given (no filling in), every die a 1.
fn play_all_raw(game: &mut Game, command: Command) {
    let request = game.check(&command).expect("allowed");
    let faces: Vec<Vec<u8>> = request
        .groups
        .iter()
        .map(|g| vec![1; usize::from(g.count)])
        .collect();
    let mut dice = DiceSource::typed(faces);
    game.play(command, &mut dice).expect("applies");
}

/// A fire left with no Firepower die is no attack (rules version 4): the gate refuses it and
/// says why, so no screen offers it and the unit keeps its fire. A game played by rules
/// version 3 logged it as "no attack", and replays as it was played.
#[test]
fn a_fire_with_no_firepower_left_is_refused_and_an_older_game_keeps_it() {
    // The Corporal alone, moving Rapid: one die, less one for Rapid movement.
    let mut game = common::new_game();
    let corporal = unit_id(&game, "squad-leader");
    let ins1 = unit_id(&game, "insurgents-1");
    activate(&mut game, corporal, Movement::Rapid);
    let shot = as_known(&game, fire(corporal, ins1, FireContext::Activation));
    assert!(matches!(
        game.check(&shot),
        Err(RuleError::NoFirepower { .. })
    ));
    let words = game.check(&shot).expect_err("refused").to_string();
    assert!(words.contains("no Firepower die left"), "{words}");
    // The agenda offers it only as the table's judgement could make it: the target within
    // Optimum Range and in the open, each a die (the screens ask the table before firing).
    let agenda = game.state().agenda(game.scenario());
    let offered: Vec<&FireModifiers> = agenda
        .of(corporal)
        .iter()
        .filter_map(|item| match &item.command {
            Command::Fire {
                target, modifiers, ..
            } if *target == ins1 => Some(modifiers),
            _ => None,
        })
        .collect();
    assert!(!offered.is_empty());
    assert!(offered.iter().all(|m| m.optimum_range && m.target_exposed));
    // Refused, it changed nothing: the Corporal may still do what it could before.
    assert!(!unit(&game, corporal).status.fired());

    // By rules version 3 the same fire was an event ("no attack"), and it still replays.
    let mut old = Game::under_rules(Arc::clone(game.scenario()), Settings::default(), 3);
    activate(&mut old, corporal, Movement::Rapid);
    let shot = as_known(&old, fire(corporal, ins1, FireContext::Activation));
    let request = old.check(&shot).expect("allowed by rules version 3");
    assert!(request.is_empty(), "no dice for no attack");
    let outcome = old
        .play(shot, &mut DiceSource::typed(Vec::new()))
        .expect("applies");
    assert!(outcome.summary.contains("no attack"), "{}", outcome.summary);
    replays_whole_under(&old, 3);
}

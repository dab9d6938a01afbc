//! The Reaction test's movement modifiers come from the state (rules version 6), as a fire's
//! do: a test that says otherwise is refused, in words that name the fact the game holds,
//! unless the referee corrects it in words, which the log shows.

use ambush_core::dice::DiceSource;
use ambush_core::game::{Command, Game, ReactionKind, RuleError};
use ambush_core::rules::checks::ReactionModifiers;
use ambush_core::unit::{Movement, UnitId};

use crate::common::{
    activate, new_game, play, reaction, refused, refused_as_given, to_turn, unit_id,
};

use super::{old_game, overwatch, replays_as_played};

fn typed(
    insurgent: UnitId,
    regular: UnitId,
    kind: ReactionKind,
    alert: bool,
    rapid: bool,
) -> Command {
    Command::ReactionTest {
        insurgent,
        regular,
        kind,
        modifiers: ReactionModifiers {
            regular_alert: alert,
            regular_rapid: rapid,
            ..ReactionModifiers::default()
        },
    }
}

fn words(error: &RuleError) -> String {
    match error {
        RuleError::TestNotAsTheStateSays(words) => words.clone(),
        other => panic!("not a test against the state: {other:?}"),
    }
}

/// Line 50: a unit that moved Rapid takes -1 on every Reaction roll. Line 123: so does a
/// Regular unit that was running. A unit that moved
/// Rapid, typed "alert, not running", is refused; taken as the state says, the Insurgents act
/// first on a 4 against its 3.
#[test]
fn l50_l123_a_unit_that_moved_rapid_rolls_at_minus_one_whatever_is_typed() {
    let mut game = new_game();
    let alpha = unit_id(&game, "alpha");
    let ins4 = unit_id(&game, "insurgents-4");
    activate(&mut game, alpha, Movement::Rapid);
    let wrong = typed(ins4, alpha, ReactionKind::InterruptMovement, true, false);
    let error = refused_as_given(&mut game, wrong);
    let said = words(&error);
    assert!(
        said.contains("Fireteam Alpha moved Rapid this turn (−1), which the test leaves out"),
        "{said}"
    );
    assert!(
        said.contains("the test counts Fireteam Alpha alert (+1)"),
        "{said}"
    );
    let test = reaction(&game, ins4, alpha, ReactionKind::InterruptMovement);
    play(&mut game, test, &[&[4], &[3]]);
    assert!(
        game.state()
            .interruption_by(ins4)
            .is_some_and(|i| i.insurgents_first)
    );
}

/// Line 44: a unit that stood still or is on Overwatch is watching for trouble and adds +1 to
/// every Reaction test. Line 47: a Regular unit moving Cautious adds +1 to every Reaction roll
/// too. The Overwatch unit's own test, and the Cautious unit's,
/// may not leave their +1 out.
#[test]
fn l44_l47_the_overwatch_and_the_cautious_units_plus_one_cannot_be_left_out() {
    let mut game = new_game();
    let (alpha, bravo) = (unit_id(&game, "alpha"), unit_id(&game, "bravo"));
    let ins4 = unit_id(&game, "insurgents-4");
    overwatch(&mut game, bravo);
    activate(&mut game, alpha, Movement::Cautious);
    play(
        &mut game,
        Command::DeclareInterrupt {
            insurgent: ins4,
            regular: alpha,
            kind: ReactionKind::InterruptMovement,
        },
        &[],
    );
    let error = refused_as_given(
        &mut game,
        typed(ins4, bravo, ReactionKind::Overwatch, false, false),
    );
    assert!(
        words(&error).contains("Fireteam Bravo is alert (+1): it is on Overwatch"),
        "{error}"
    );
    let test = reaction(&game, ins4, bravo, ReactionKind::Overwatch);
    play(&mut game, test, &[&[1], &[8]]);
    let error = refused_as_given(
        &mut game,
        typed(ins4, alpha, ReactionKind::InterruptMovement, false, false),
    );
    assert!(
        words(&error).contains("it moves Cautiously this turn"),
        "{error}"
    );
}

/// Line 123: a Regular unit that stood still or was on Overwatch last turn adds +1 to its
/// Quality die in the Reaction test. Running this turn after standing still
/// the last, the unit has both: the +1 and the −1.
#[test]
fn l123_a_unit_still_last_turn_keeps_its_plus_one_when_it_runs_this_turn() {
    let mut game = new_game();
    let alpha = unit_id(&game, "alpha");
    let ins4 = unit_id(&game, "insurgents-4");
    to_turn(&mut game, 2, &mut DiceSource::seeded(7));
    crate::common::settle(&mut game, &mut DiceSource::seeded(7));
    play(&mut game, Command::StartActivations, &[]);
    activate(&mut game, alpha, Movement::Rapid);
    let error = refused_as_given(
        &mut game,
        typed(ins4, alpha, ReactionKind::InterruptMovement, false, true),
    );
    assert!(
        words(&error).contains("it stood still last turn"),
        "{error}"
    );
    let proposed = ReactionModifiers::proposed(crate::common::unit(&game, alpha));
    assert!(proposed.regular_alert && proposed.regular_rapid);
}

/// The table is the truth: a referee's correction in words lets the test say otherwise than
/// the state, and the log says so. Without words it is no correction.
#[test]
fn a_referees_correction_overrules_the_state_and_the_log_says_so() {
    let mut game = new_game();
    let alpha = unit_id(&game, "alpha");
    let ins4 = unit_id(&game, "insurgents-4");
    activate(&mut game, alpha, Movement::Rapid);
    let corrected = |words: &str| Command::ReactionTest {
        insurgent: ins4,
        regular: alpha,
        kind: ReactionKind::InterruptMovement,
        modifiers: ReactionModifiers {
            regular_alert: true,
            correction: Some(words.to_owned()),
            ..ReactionModifiers::default()
        },
    };
    assert!(matches!(
        refused(&mut game, corrected("  ")),
        RuleError::Limit(_)
    ));
    let outcome = play(
        &mut game,
        corrected("Alpha only walked; the card was wrong"),
        &[&[4], &[3]],
    );
    assert!(
        outcome.notes[0].starts_with("Referee's correction: Alpha only walked; the card was wrong — Fireteam Alpha rolls d8+1"),
        "{:?}",
        outcome.notes
    );
    // 4 against 3 + 1: the Marines react first, as the referee set it.
    assert!(
        game.state()
            .interruption_by(ins4)
            .is_some_and(|i| !i.insurgents_first)
    );
}

/// A game of rules 5 took the test as typed; it replays as it was played.
#[test]
fn under_rules_5_a_typed_test_replays_as_played() {
    let mut old: Game = old_game(5);
    let alpha = unit_id(&old, "alpha");
    let ins4 = unit_id(&old, "insurgents-4");
    activate(&mut old, alpha, Movement::Rapid);
    play(
        &mut old,
        typed(ins4, alpha, ReactionKind::InterruptMovement, true, false),
        &[&[4], &[3]],
    );
    assert!(
        old.state()
            .interruption_by(ins4)
            .is_some_and(|i| !i.insurgents_first)
    );
    replays_as_played(&old);
}

//! Playing commands in tests: with typed dice, all on one face, or refused by the gate.

use ambush_core::dice::DiceSource;
use ambush_core::game::{Command, FireContext, Game, Outcome, PlayError, ReactionKind, RuleError};
use ambush_core::rules::checks::ReactionModifiers;
use ambush_core::rules::fire::FireModifiers;
use ambush_core::unit::{Movement, UnitId, UnitStatus};

use super::{unit, unit_id};

/// Plays `command` with typed dice, one slice of faces per roll; panics if it is refused.
pub fn play(game: &mut Game, command: Command, faces: &[&[u8]]) -> Outcome {
    let mut dice = DiceSource::typed(faces.iter().map(|f| f.to_vec()));
    match game.play(command.clone(), &mut dice) {
        Ok(outcome) => outcome,
        Err(e) => panic!("{command:?} refused: {e}"),
    }
}

/// Activates a unit, not on Overwatch, with no dice rolled.
pub fn activate(game: &mut Game, unit: UnitId, movement: Movement) {
    play(
        game,
        Command::Activate {
            unit,
            movement,
            overwatch: false,
        },
        &[],
    );
}

/// Marks a unit Shaken this turn, keeping its other statuses, as the referee's edit would.
pub fn shake(game: &mut Game, unit: UnitId) {
    let status = game
        .state()
        .unit(unit)
        .map(|u| u.status.clone())
        .unwrap_or_default();
    let mut status: UnitStatus = status;
    status.set_shaken_on_turn(Some(game.state().turn()));
    play(game, Command::SetStatus { unit, status }, &[]);
}

/// Fire in its activation, from one unit at another (by scenario key), with the faces
/// `faces` gives for each group of dice the gate asks for.
pub fn fire_with(
    game: &mut Game,
    attacker: &str,
    target: &str,
    mut faces: impl FnMut(&ambush_core::dice::DiceGroup) -> Vec<u8>,
) -> Outcome {
    let (a, t) = (unit_id(game, attacker), unit_id(game, target));
    let modifiers = ambush_core::rules::fire::FireModifiers::proposed(
        unit(game, a),
        unit(game, t),
        game.state().settings().interruption_penalty,
    );
    let command = Command::Fire {
        attacker: a,
        target: t,
        modifiers,
        context: ambush_core::game::FireContext::Activation,
    };
    let request = game.check(&command).unwrap_or_else(|e| panic!("{e}"));
    let faces: Vec<Vec<u8>> = request.groups.iter().map(&mut faces).collect();
    let slices: Vec<&[u8]> = faces.iter().map(Vec::as_slice).collect();
    play(game, command, &slices)
}

/// The id of the first pending step that matches; panics if there is none.
pub fn pending_id(game: &Game, matches: impl Fn(&ambush_core::game::PendingStep) -> bool) -> u32 {
    game.state()
        .pending_steps()
        .iter()
        .find(|p| matches(&p.step))
        .map(|p| p.id)
        .unwrap_or_else(|| {
            panic!(
                "expected pending step in {:?}",
                game.state().pending_steps()
            )
        })
}

/// The gate refuses the command; it asks for no dice and changes nothing.
pub fn refused(game: &mut Game, command: Command) -> RuleError {
    let command = as_known(game, command);
    refused_as_given(game, command)
}

/// [`refused`] for a command exactly as given: a fire's fields are not filled in from the state.
pub fn refused_as_given(game: &mut Game, command: Command) -> RuleError {
    let before = game.state().clone();
    let mut typed = DiceSource::typed(vec![vec![6u8; 10]; 8]);
    let error = match game.play(command.clone(), &mut typed) {
        Err(PlayError::Rule(e)) => e,
        other => panic!("{command:?} was not refused by the gate: {other:?}"),
    };
    let DiceSource::Typed(queue) = &typed else {
        unreachable!()
    };
    assert_eq!(queue.len(), 8, "a refused command asks for no dice");
    assert_eq!(game.state(), &before, "a refused command changes nothing");
    error
}

pub fn fire(attacker: UnitId, target: UnitId, context: FireContext) -> Command {
    Command::Fire {
        attacker,
        target,
        modifiers: FireModifiers::default(),
        context,
    }
}

pub fn proposed_fire(
    game: &Game,
    attacker: UnitId,
    target: UnitId,
    context: FireContext,
) -> Command {
    Command::Fire {
        attacker,
        target,
        modifiers: FireModifiers::proposed(
            unit(game, attacker),
            unit(game, target),
            game.state().settings().interruption_penalty,
        ),
        context,
    }
}

pub fn reaction(game: &Game, insurgent: UnitId, regular: UnitId, kind: ReactionKind) -> Command {
    Command::ReactionTest {
        insurgent,
        regular,
        kind,
        modifiers: ReactionModifiers::proposed(unit(game, regular)),
    }
}

pub fn dice_for(game: &Game, command: &Command, face: u8) -> Vec<Vec<u8>> {
    let request = game.check(command).expect("allowed");
    request
        .groups
        .iter()
        .map(|g| vec![face.min(g.die.sides()); usize::from(g.count)])
        .collect()
}

pub fn play_all(game: &mut Game, command: Command, face: u8) {
    let command = as_known(game, command);
    let faces = dice_for(game, &command, face);
    let slices: Vec<&[u8]> = faces.iter().map(Vec::as_slice).collect();
    play(game, command, &slices);
}

/// Pins a Regular unit with a failed Morale check (all ones).
pub fn pin(game: &mut Game, unit: UnitId) {
    morale(game, unit, 1);
}

/// A fire with no referee's correction, with what the game knows about it (the firer's speed,
/// Pinned, dice lost, a Cautious or In Cover target) filled in from the state, as the desk
/// does; any other command as it is.
pub fn as_known(game: &Game, command: Command) -> Command {
    let state = game.state();
    match command {
        Command::Fire {
            attacker,
            target,
            modifiers,
            context,
        } if modifiers.correction.is_none() => {
            let modifiers = match (state.unit(attacker), state.unit(target)) {
                (Some(a), Some(t)) => {
                    modifiers.as_the_state_says(a, t, state.settings().interruption_penalty)
                }
                _ => modifiers,
            };
            Command::Fire {
                attacker,
                target,
                modifiers,
                context,
            }
        }
        other => other,
    }
}

/// Runs every step due, in order, with the generator's dice: rolls as they come, a Hot Spot
/// chosen where the Insurgents may choose (the first active one), the rest skipped.
pub fn settle(game: &mut Game, dice: &mut DiceSource) {
    use ambush_core::game::PendingStep;
    while let Some(p) = game.state().pending_steps().first().cloned() {
        let command = p.step.roll_command(p.id).unwrap_or_else(|| match &p.step {
            PendingStep::HotSpotChoice { .. } => Command::PlaceArrival {
                pending: p.id,
                hot_spot: game
                    .state()
                    .hot_spots()
                    .iter()
                    .find(|h| h.active)
                    .map_or(1, |h| h.number),
            },
            _ => Command::SkipPending { pending: p.id },
        });
        game.play(command.clone(), dice)
            .unwrap_or_else(|e| panic!("{command:?} refused: {e}"));
    }
}

/// Plays a game on to the start of `turn`, every step due run as [`settle`] runs it, no unit
/// acting.
pub fn to_turn(game: &mut Game, turn: u32, dice: &mut DiceSource) {
    use ambush_core::game::Phase;
    while game.state().turn() < turn {
        settle(game, dice);
        let next = match game.state().phase() {
            Phase::Reinforcements => Command::StartActivations,
            Phase::RegularActivations => Command::StartInsurgentPhase,
            Phase::InsurgentActions => Command::EndTurn,
            Phase::GameOver => return,
        };
        game.play(next.clone(), dice)
            .unwrap_or_else(|e| panic!("{next:?} refused: {e}"));
    }
}

/// A Morale check for the unit, every die on `face`.
pub fn morale(game: &mut Game, unit: UnitId, face: u8) {
    play_all(
        game,
        Command::MoraleCheck {
            unit,
            modifier: 0,
            defensible: false,
        },
        face,
    );
}

/// The unit goes on Overwatch.
pub fn overwatch(game: &mut Game, unit: UnitId) {
    play(
        game,
        Command::Activate {
            unit,
            movement: Movement::Halted,
            overwatch: true,
        },
        &[],
    );
}

/// A game saved under its rules replays, entry by entry, to the very state it was played to.
pub fn replays_as_played(old: &Game) {
    let replayed = Game::replay_under_rules(
        old.scenario().clone(),
        old.initial_settings().clone(),
        old.rules(),
        super::entries(old),
    );
    assert!(replayed.refused.is_none(), "{:?}", replayed.refused);
    assert_eq!(replayed.game.state(), old.state());
}

/// Plays a fire, with what the state knows filled in, that scores `n` unstopped dice: the
/// first `n` attacker dice on their top face, every other die (and every defender die) a 1.
pub fn hits(game: &mut Game, fire: Command, n: usize) -> Outcome {
    let fire = as_known(game, fire);
    let request = game
        .check(&fire)
        .unwrap_or_else(|e| panic!("{fire:?}: {e}"));
    let mut left = n;
    let faces: Vec<Vec<u8>> = request
        .groups
        .iter()
        .map(|g| {
            (0..g.count)
                .map(|_| {
                    if g.role == ambush_core::dice::DiceRole::Attack && left > 0 {
                        left -= 1;
                        g.die.sides()
                    } else {
                        1
                    }
                })
                .collect()
        })
        .collect();
    let mut dice = DiceSource::typed(faces);
    game.play(fire.clone(), &mut dice)
        .unwrap_or_else(|e| panic!("{fire:?}: {e}"))
}

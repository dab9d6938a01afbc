//! The third pass over the booklet (rules version 6): where the state knows, the gate decides.
//! Each test names the booklet's line it follows and says in our own words what it asks (the
//! project's reading is in docs/rules-interpretations.md): the steps of a fire settled before anything else of the
//! units it touched, for every kind of fire and every step due (`steps_first.rs`); the Reaction
//! test's movement from the state (`reaction_known.rs`); one fire per activation, none left to
//! interrupt once it is resolved (`one_fire.rs`); Overwatch in the Insurgent phase
//! (`overwatch_phase.rs`); Shrink, In Cover and the words of refusals (`smaller.rs`). Games of
//! rules 5 replay as they were played.

mod one_fire;
mod overwatch_phase;
mod reaction_known;
mod smaller;
mod steps_first;

use std::sync::Arc;

use crate::common;

use ambush_core::game::{Command, Game, PendingStep, RuleError, Settings};
use ambush_core::unit::UnitId;

use common::{contracting_trouble, pending_id, play, unit};

pub use common::{hits, morale, overwatch, replays_as_played};

/// A game of Contracting Trouble played by the rules of an earlier version.
fn old_game(rules: u32) -> Game {
    Game::under_rules(Arc::new(contracting_trouble()), Settings::default(), rules)
}

/// The steps a refusal says are due first.
fn due(error: &RuleError) -> String {
    match error {
        RuleError::OwnStepsDue { due, .. }
        | RuleError::TargetStepsDue { due, .. }
        | RuleError::FireStepsFirst { due, .. }
        | RuleError::ActivationWaits { due, .. } => due.clone(),
        other => panic!("not a refusal for steps due: {other:?}"),
    }
}

/// Takes off the casualties due for this Insurgent unit, as the app proposes them.
fn remove_casualties(game: &mut Game, id: UnitId) {
    let pending = pending_id(
        game,
        |s| matches!(s, PendingStep::Casualties { unit, .. } if *unit == id),
    );
    let count = match game.state().pending(pending).map(|p| &p.step) {
        Some(PendingStep::Casualties { count, .. }) => *count as usize,
        _ => 0,
    };
    let figures = unit(game, id).casualty_proposal(count);
    play(game, Command::RemoveCasualties { pending, figures }, &[]);
}

/// Rolls First Aid for the casualties due for this Regular unit, one face each.
fn first_aid(game: &mut Game, id: UnitId, faces: &[u8]) {
    let pending = pending_id(
        game,
        |s| matches!(s, PendingStep::Casualties { unit, .. } if *unit == id),
    );
    let figures = unit(game, id).casualty_proposal(faces.len());
    play(game, Command::FirstAid { pending, figures }, &[faces]);
}

//! A whole scripted turn of Contracting Trouble, dice typed in as at the table, phase by phase.

mod activations;
mod end_of_turn;
mod insurgent_phase;
mod turn_two;

use crate::common;

use ambush_core::game::{Game, Phase};
use ambush_core::unit::UnitId;

use common::{new_game, unit_id};

/// The units the turn follows.
struct Ids {
    alpha: UnitId,
    bravo: UnitId,
    corporal: UnitId,
    contractors: UnitId,
    ins1: UnitId,
    ins3: UnitId,
    ins4: UnitId,
    leader_2a: UnitId,
}

#[test]
fn a_whole_turn_of_contracting_trouble() {
    let mut game = new_game();
    let alpha = unit_id(&game, "alpha");
    let bravo = unit_id(&game, "bravo");
    let corporal = unit_id(&game, "squad-leader");
    let contractors = unit_id(&game, "contractors");
    let ins1 = unit_id(&game, "insurgents-1");
    let ins3 = unit_id(&game, "insurgents-3");
    let ins4 = unit_id(&game, "insurgents-4");
    let leader_2a = unit_id(&game, "leader-2a");
    let ids = Ids {
        alpha,
        bravo,
        corporal,
        contractors,
        ins1,
        ins3,
        ins4,
        leader_2a,
    };

    // ---- Turn 1: no reinforcements; Regular activations ----
    assert_eq!(game.state().turn(), 1);
    assert_eq!(game.state().phase(), Phase::RegularActivations);
    assert_eq!(
        game.state().headline(),
        "Turn 1 — Regular activations, 0 of 3 done"
    );

    activations::alpha_moves_and_is_interrupted(&mut game, &ids);
    activations::bravo_answers_the_interruption(&mut game, &ids);
    activations::alpha_picks_up_the_contractors(&mut game, &ids);
    insurgent_phase::insurgent_phase(&mut game, &ids);
    end_of_turn::end_of_turn(&mut game, &ids);
    turn_two::reinforcements(&mut game);
    turn_two::activations(&mut game, &ids);

    // Every event is in the log, and the log replays to the same state.
    let entries = common::entries(&game);
    let replayed = Game::replay(
        game.scenario().clone(),
        game.initial_settings().clone(),
        entries,
    );
    assert_eq!(replayed.refused, None);
    assert_eq!(replayed.game.state(), game.state());
}

//! The end of turn 1: what lasts into turn 2 and what does not.

use ambush_core::game::{Command, Game, Phase};
use ambush_core::unit::{Movement, PullBack};

use crate::common::{play, unit};

use super::Ids;

/// The turn ends: Pinned and activations are cleared, Overwatch and Shaken last.
pub(super) fn end_of_turn(game: &mut Game, ids: &Ids) {
    let Ids {
        alpha,
        bravo,
        corporal,
        ins1,
        ..
    } = *ids;
    // ---- End of turn ----
    let outcome = play(game, Command::EndTurn, &[]);
    assert!(
        outcome
            .notes
            .iter()
            .any(|n| n.starts_with("No longer Pinned") && n.contains("Fireteam Alpha")),
        "{:?}",
        outcome.notes
    );
    let s = game.state();
    assert_eq!((s.turn(), s.phase()), (2, Phase::Reinforcements));
    assert!(!unit(game, alpha).status.pinned());
    assert!(!unit(game, alpha).status.activated());
    assert_eq!(unit(game, alpha).status.times_interrupted(), 0);
    assert_eq!(
        unit(game, alpha).status.last_movement(),
        Some(Movement::Cautious)
    );
    assert!(
        unit(game, corporal).status.overwatch(),
        "Overwatch lasts until the unit activates again"
    );
    assert!(
        unit(game, ins1).is_shaken(2),
        "Shaken through the next turn"
    );
    assert_eq!(unit(game, ins1).status.shaken_on_turn(), Some(1));
    assert_eq!(unit(game, bravo).status.pull_back(), PullBack::None);
}

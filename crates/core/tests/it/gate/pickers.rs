//! The desk's Fire and Tests forms offer the units the gate's own checks let take a part: never
//! one the gate would refuse for who it is, never hiding one it would let through.

use crate::common;

use ambush_core::game::{FireContext, Part, ReactionKind};
use ambush_core::unit::UnitId;

use common::{fire, new_game, overwatch, unit_id};

#[test]
fn the_parts_follow_the_sides_the_dependants_and_overwatch() {
    let mut game = new_game();
    let alpha = unit_id(&game, "alpha");
    let bravo = unit_id(&game, "bravo");
    let contractors = unit_id(&game, "contractors");
    let ins1 = unit_id(&game, "insurgents-1");
    let state = game.state();
    assert!(state.may_take_part(alpha, Part::Firer));
    assert!(!state.may_take_part(contractors, Part::Firer), "no weapons");
    assert!(state.may_take_part(ins1, Part::TargetOf(Some(alpha))));
    assert!(state.may_take_part(alpha, Part::TargetOf(Some(ins1))));
    assert!(
        !state.may_take_part(bravo, Part::TargetOf(Some(alpha))),
        "a friend"
    );
    assert!(
        !state.may_take_part(contractors, Part::TargetOf(Some(ins1))),
        "non-combatants are never fired on"
    );
    assert!(state.may_take_part(bravo, Part::TargetOf(None)));
    assert!(state.may_take_part(ins1, Part::ReactingInsurgent));
    assert!(!state.may_take_part(alpha, Part::ReactingInsurgent));
    assert!(state.may_take_part(
        alpha,
        Part::ReactingRegular(ReactionKind::InterruptMovement)
    ));
    assert!(!state.may_take_part(ins1, Part::ReactingRegular(ReactionKind::InterruptMovement)));
    assert!(!state.may_take_part(alpha, Part::ReactingRegular(ReactionKind::Overwatch)));
    overwatch(&mut game, alpha);
    assert!(
        game.state()
            .may_take_part(alpha, Part::ReactingRegular(ReactionKind::Overwatch))
    );
}

/// Over random games: whenever the gate lets a unit fire at another in any context, the Fire
/// form offers both, so a picker never hides a shot the rules allow.
#[test]
fn over_random_games_no_shot_the_gate_allows_is_missing_from_the_pickers() {
    let contexts = [
        FireContext::Activation,
        FireContext::Interrupt,
        FireContext::Reaction,
        FireContext::Overwatch,
    ];
    let mut allowed = 0;
    for (seed, steps) in (0..6u64).flat_map(|seed| (1..40).map(move |steps| (seed, steps * 3))) {
        let game = common::play_randomly(new_game(), seed, steps);
        let ids: Vec<UnitId> = game.state().units().map(|u| u.id).collect();
        for &attacker in &ids {
            for &target in &ids {
                for context in contexts {
                    if game.check(&fire(attacker, target, context)).is_err() {
                        continue;
                    }
                    allowed += 1;
                    let state = game.state();
                    assert!(state.may_take_part(attacker, Part::Firer), "seed {seed}");
                    assert!(
                        state.may_take_part(target, Part::TargetOf(Some(attacker))),
                        "seed {seed}"
                    );
                    assert!(
                        state.may_take_part(target, Part::TargetOf(None)),
                        "seed {seed}"
                    );
                }
            }
        }
    }
    assert!(allowed > 20, "the walk reached few shots: {allowed}");
}

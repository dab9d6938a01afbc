//! Turn 1, the Insurgent phase: a leader joins a unit, and the Corporal's Overwatch fires on
//! the unit that acts.

use ambush_core::dice::DiceSource;
use ambush_core::game::{Command, FireContext, Game, ReactionKind};
use ambush_core::rules::checks::ReactionModifiers;
use ambush_core::rules::fire::FireModifiers;
use ambush_core::unit::Movement;

use crate::common::{play, unit};

use super::Ids;

/// The Insurgent phase: Insurgents 1 may not act again, Leader 2A joins Insurgents 3, and
/// Insurgents 4 act under the Corporal's Overwatch.
pub(super) fn insurgent_phase(game: &mut Game, ids: &Ids) {
    let Ids {
        bravo,
        corporal,
        ins1,
        ins3,
        ins4,
        leader_2a,
        ..
    } = *ids;
    // ---- Insurgent phase ----
    play(game, Command::StartInsurgentPhase, &[]);
    // Insurgents 1 interrupted already: they may not act again.
    assert!(
        game.play(
            Command::InsurgentAction {
                unit: ins1,
                movement: Movement::Cautious
            },
            &mut DiceSource::seeded(1)
        )
        .is_err()
    );
    // Leader 2A joins Insurgents 3 before it acts: it may fire but not move.
    play(
        game,
        Command::JoinUnit {
            from: leader_2a,
            into: ins3,
        },
        &[],
    );
    assert!(unit(game, ins3).has_leader());
    assert!(unit(game, ins3).status.fire_only());
    assert!(
        game.play(
            Command::InsurgentAction {
                unit: ins3,
                movement: Movement::Rapid
            },
            &mut DiceSource::seeded(1)
        )
        .is_err()
    );
    play(
        game,
        Command::InsurgentAction {
            unit: ins3,
            movement: Movement::Halted,
        },
        &[],
    );
    // Insurgents 4 act: the Corporal on Overwatch fires on them as they do, with no Reaction
    // test (there is no interruption to answer in the Insurgent phase).
    let test = Command::ReactionTest {
        insurgent: ins4,
        regular: corporal,
        kind: ReactionKind::Overwatch,
        modifiers: ReactionModifiers::proposed(unit(game, corporal)),
    };
    assert!(game.check(&test).is_err());
    play(
        game,
        Command::InsurgentAction {
            unit: ins4,
            movement: Movement::Halted,
        },
        &[],
    );
    let ow = Command::Fire {
        attacker: corporal,
        target: ins4,
        modifiers: FireModifiers::default(),
        context: FireContext::Overwatch,
    };
    // 1d8 against 1d8 (the leader) + 1d6 (the gunner): typed one group per die type.
    play(game, ow, &[&[3], &[2], &[1]]);
    assert_eq!(unit(game, corporal).status.overwatch_shots(), 1);
    let fire_cmd = Command::Fire {
        attacker: ins4,
        target: bravo,
        modifiers: FireModifiers::default(),
        context: FireContext::Activation,
    };
    // 1d8 (leader) + 1d6 (RPG gunner) + 2d6 (RPG) against Bravo: 4 Marines + armor, dependants excluded.
    let request = game.check(&fire_cmd).expect("allowed");
    assert_eq!(
        request
            .groups
            .iter()
            .map(|g| (g.die.sides(), g.count))
            .collect::<Vec<_>>(),
        vec![(8, 1), (6, 3), (8, 5)]
    );
    play(game, fire_cmd, &[&[2], &[3, 3, 1], &[1, 1, 1, 1, 1]]);
    assert!(
        game.state().pending_steps().is_empty(),
        "a miss with a leader needs no check"
    );
}

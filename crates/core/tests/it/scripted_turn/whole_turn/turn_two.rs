//! Turn 2: the reinforcements arrive, then a hurt unit tests to move Rapid and a Shaken one
//! may not interrupt.

use ambush_core::dice::DiceSource;
use ambush_core::game::{Command, Detail, Game, PendingStep, Phase, QualityPurpose, ReactionKind};
use ambush_core::rules::checks::ReactionModifiers;
use ambush_core::unit::{Movement, Side};

use crate::common::{pending_id, play, unit};

use super::Ids;

/// Turn 2's reinforcements: the Insurgency roll, the table roll and the arrival.
pub(super) fn reinforcements(game: &mut Game) {
    // ---- Turn 2: reinforcements ----
    assert!(
        game.play(Command::StartActivations, &mut DiceSource::seeded(1))
            .is_err(),
        "the Insurgency roll is due"
    );
    let outcome = play(game, Command::InsurgencyRoll, &[]);
    assert!(outcome.summary.contains("Automatic"));
    // 2d6 = 3 + 4 = 7: 1d6 small arms + leader + light support.
    let table = pending_id(game, |s| *s == PendingStep::TableRoll);
    play(game, Command::TableRoll { pending: table }, &[&[3, 4]]);
    let arrival = pending_id(game, |s| matches!(s, PendingStep::Arrival { .. }));
    // Count 4, Hot Spot 2 (it has a leader: no leader check).
    let outcome = play(game, Command::Arrival { pending: arrival }, &[&[4], &[2]]);
    let Detail::Arrival { unit: new_unit, .. } = outcome.detail else {
        panic!("arrival detail")
    };
    let arrived = unit(game, new_unit);
    assert_eq!(arrived.side, Side::Insurgent);
    assert_eq!(arrived.figures.len(), 6);
    assert!(arrived.has_leader());
    assert!(arrived.location.contains("Hot Spot 2"));
    assert_eq!(arrived.test_die(), ambush_core::dice::Die::D8);
    play(game, Command::StartActivations, &[]);
    assert_eq!(game.state().phase(), Phase::RegularActivations);
}

/// Turn 2's activations: Alpha fails its test to move Rapid; Shaken Insurgents 1 may not
/// interrupt it.
pub(super) fn activations(game: &mut Game, ids: &Ids) {
    let Ids { alpha, ins1, .. } = *ids;
    // Turn 2: Alpha, with casualties, must test to move Rapid; a 2 fails: Cautious at most.
    let outcome = play(
        game,
        Command::Activate {
            unit: alpha,
            movement: Movement::Rapid,
            overwatch: false,
        },
        &[&[2]],
    );
    assert!(outcome.summary.contains("fails"), "{}", outcome.summary);
    assert_eq!(
        unit(game, alpha).status.movement(),
        Some(Movement::Cautious)
    );
    // Shaken Insurgents 1 cannot interrupt: not even its Interrupt check is allowed.
    assert!(matches!(
        game.play(
            Command::QualityCheck {
                unit: ins1,
                purpose: QualityPurpose::Interrupt
            },
            &mut DiceSource::typed([vec![6]])
        ),
        Err(ambush_core::game::PlayError::Rule(
            ambush_core::game::RuleError::Shaken(_)
        ))
    ));
    let shaken = game.play(
        Command::ReactionTest {
            insurgent: ins1,
            regular: alpha,
            kind: ReactionKind::InterruptFire,
            modifiers: ReactionModifiers::default(),
        },
        &mut DiceSource::typed([vec![6], vec![1]]),
    );
    assert!(shaken.is_err(), "a Shaken unit takes no aggressive action");
}

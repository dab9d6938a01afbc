//! Difficulty: how readily the Insurgents interrupt and fire, over a thousand seeded decisions.

use crate::common;

use ambush_core::dice::DiceSource;
use ambush_core::game::{Command, SoloDifficulty};
use ambush_core::solo::{self, Order, RegularAction};
use ambush_core::unit::Movement;

use common::{activate, play, unit, unit_id};

use super::{orders_of, solo_game, view};

/// Of 1,000 seeded decisions at a difficulty: how many interrupts among answers to an
/// activation, and how many fire orders (in place or after closing in) in the Insurgent phase.
fn rates(difficulty: SoloDifficulty) -> (usize, usize) {
    let base = solo_game(difficulty);
    let regulars = [unit_id(&base, "alpha"), unit_id(&base, "bravo")];
    let insurgents = [
        unit_id(&base, "insurgents-1"),
        unit_id(&base, "insurgents-4"),
        unit_id(&base, "insurgents-3"),
    ];
    let speeds = [Movement::Cautious, Movement::Rapid, Movement::Halted];
    let (mut interrupts, mut fires) = (0, 0);
    for seed in 0..1000u64 {
        let pick = |n: u64, k: usize| ((seed / n) % k as u64) as usize;
        let regular = regulars[pick(1, 2)];
        let insurgent = insurgents[pick(2, 3)];
        let sight = view(regular, pick(6, 2) == 1, pick(12, 2) == 1);
        let mut dice = DiceSource::seeded(seed);
        // An activation, answered.
        let mut game = base.clone();
        activate(&mut game, regular, speeds[pick(24, 3)]);
        let decisions = solo::interrupts(
            &game,
            regular,
            RegularAction::Moves,
            &[(insurgent, sight.clone())],
            &[],
        );
        if let Some(d) = decisions.first()
            && let Some(decide) = &d.decide
        {
            game.play(decide.clone(), &mut dice)
                .expect("a legal decision");
            if solo::plan::taken(
                &game,
                insurgent,
                &ambush_core::solo::InterruptDecision::about(&unit(&game, regular).name),
            )
            .is_some_and(|w| w == d.interrupt)
            {
                interrupts += 1;
            }
        }
        // Its own phase, with the same view.
        let mut game = base.clone();
        play(&mut game, Command::StartInsurgentPhase, &[]);
        let orders = solo::orders(&game, &[(insurgent, vec![sight])]);
        let mine = orders_of(&orders, insurgent).clone();
        game.play(mine.decide.clone(), &mut dice)
            .expect("a legal decision");
        if solo::chosen(&game, &mine)
            .is_some_and(|o| matches!(o.order, Order::Fire { .. } | Order::CloseAndFire { .. }))
        {
            fires += 1;
        }
    }
    (interrupts, fires)
}

#[test]
fn difficulty_changes_how_readily_the_insurgents_interrupt() {
    let [recruit, regular, veteran] = SoloDifficulty::ALL.map(rates);
    eprintln!(
        "interrupts and fire orders per 1,000 decisions: Recruit {recruit:?}, Regular {regular:?}, Veteran {veteran:?}"
    );
    assert!(recruit.0 + 50 < regular.0, "{recruit:?} {regular:?}");
    assert!(regular.0 + 50 < veteran.0, "{regular:?} {veteran:?}");
    // Sharper choices fire more when firing is the better option.
    assert!(recruit.1 < veteran.1, "{recruit:?} {veteran:?}");
}

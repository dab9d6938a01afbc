//! Each unit is asked about its own reach: its support weapons double it (line 151), and at
//! 28mm every distance is half as long again (line 13).

use ambush_core::game::{Command, Settings};
use ambush_core::rules::fire;
use ambush_core::scenario::Scale;
use ambush_core::solo::plan;
use ambush_core::solo::{self, Distance, Order};

use crate::common::{play, unit, unit_id};

use super::{orders_of, seen, solo_game, solo_game_with};

/// Line 151: a support weapon reaches twice as far as the figure's usual range. The question
/// asks about the unit's own reach: its RPG's 12", and its riflemen's 6" where it has any.
#[test]
fn each_unit_is_asked_about_its_own_reach_and_its_rpg_doubles_it() {
    let game = solo_game();
    let words = |key: &str| -> Vec<(Distance, String)> {
        solo::distance_answers(&game, Some(unit_id(&game, key)))
    };
    let pairs = |v: &[(Distance, &str)]| -> Vec<(Distance, String)> {
        v.iter().map(|(d, w)| (*d, (*w).to_owned())).collect()
    };
    assert_eq!(
        words("insurgents-1"),
        pairs(&[
            (Distance::Farther, "yes, farther"),
            (Distance::RifleRange, "yes, within 6\""),
        ])
    );
    assert_eq!(
        words("insurgents-3"),
        pairs(&[
            (Distance::Farther, "yes, farther"),
            (Distance::SupportRange, "yes, within 12\" of its RPG"),
        ])
    );
    assert_eq!(
        words("insurgents-4"),
        pairs(&[
            (Distance::Farther, "yes, farther"),
            (Distance::SupportRange, "yes, within 12\" of its RPG"),
            (Distance::RifleRange, "yes, within 6\" of its leader"),
        ])
    );
    // A marker is asked about both, whatever it hides.
    assert_eq!(
        solo::distance_answers(&game, None),
        pairs(&[
            (Distance::Farther, "yes, farther"),
            (Distance::SupportRange, "yes, within 12\""),
            (Distance::RifleRange, "yes, within 6\""),
        ])
    );
    // The Optimum Range die follows the answer: within 12" counts for the RPG team, not for
    // riflemen alone.
    let ins1 = unit(&game, unit_id(&game, "insurgents-1"));
    let ins3 = unit(&game, unit_id(&game, "insurgents-3"));
    assert!(solo::within_optimum_range(ins3, Distance::SupportRange));
    assert!(!solo::within_optimum_range(ins1, Distance::SupportRange));
    assert!(solo::within_optimum_range(ins1, Distance::RifleRange));
    assert!(!solo::within_optimum_range(ins3, Distance::Farther));
}

/// Line 151 again: an RPG team that sees the Marines 10" away fires with its Optimum Range die,
/// and is not told to close in first.
#[test]
fn an_rpg_team_within_its_rpgs_reach_fires_with_the_optimum_die() {
    let mut game = solo_game();
    let alpha = unit_id(&game, "alpha");
    let ins3 = unit_id(&game, "insurgents-3");
    play(&mut game, Command::StartInsurgentPhase, &[]);
    let view = seen(&game, ins3, alpha, Distance::SupportRange);
    assert!(view.in_range);
    let mine = orders_of(&solo::orders(&game, &[(ins3, vec![view.clone()])]), ins3);
    assert!(
        !mine
            .choices
            .iter()
            .any(|c| matches!(c.action.order, Order::CloseAndFire { .. })),
        "{:?}",
        mine.choices.iter().map(|c| &c.words).collect::<Vec<_>>()
    );
    let steps = plan::order_steps(&game, ins3, &Order::Fire { target: alpha }, &[(ins3, view)]);
    let modifiers = plan::commands_of(&steps)
        .into_iter()
        .find_map(|c| match c {
            Command::Fire { modifiers, .. } => Some(modifiers),
            _ => None,
        })
        .expect("a fire");
    assert!(modifiers.optimum_range);
    let pool = fire::firepower(unit(&game, ins3), &modifiers);
    // One gunner, +2 for the RPG, +1 within Optimum Range.
    assert_eq!(pool.len(), 4, "{}", pool.notation());
    // Farther than 12": it closes in, to its RPG's reach.
    let far = seen(&game, ins3, alpha, Distance::Farther);
    let mine = orders_of(&solo::orders(&game, &[(ins3, vec![far])]), ins3);
    let close = mine
        .choices
        .iter()
        .find(|c| matches!(c.action.order, Order::CloseAndFire { .. }))
        .expect("closing in is an option");
    assert!(
        close
            .action
            .words
            .contains("Optimum Range (12\" for its RPG)"),
        "{}",
        close.action.words
    );
}

/// Line 13: with 28mm figures every distance in the game is scaled by 150%. The
/// questions and the orders give the distances at the game's scale.
#[test]
fn at_28mm_the_ranges_and_moves_are_half_as_long_again() {
    let mut game = solo_game_with(Settings {
        scale: Scale::Mm28,
        ..Settings::default()
    });
    let ins4 = unit_id(&game, "insurgents-4");
    let answers: Vec<String> = solo::distance_answers(&game, Some(ins4))
        .into_iter()
        .map(|(_, w)| w)
        .collect();
    assert_eq!(
        answers,
        vec![
            "yes, farther",
            "yes, within 18\" of its RPG",
            "yes, within 9\" of its leader"
        ]
    );
    play(&mut game, Command::StartInsurgentPhase, &[]);
    let mine = orders_of(&solo::orders(&game, &[]), ins4);
    let advance = mine
        .choices
        .iter()
        .find(|c| matches!(c.action.order, Order::Advance { .. }))
        .expect("an advance");
    assert!(
        advance.action.words.contains("advance Cautiously (9\")"),
        "{}",
        advance.action.words
    );
}

//! What it asks: only about the units that could interrupt, and in words that say who goes first.

use crate::common;

use ambush_core::game::{ReactionKind, SoloDifficulty};
use ambush_core::solo::{self, RegularAction};
use ambush_core::unit::Movement;

use common::{activate, unit, unit_id};

use super::solo_game;

#[test]
fn only_units_that_could_interrupt_are_asked_about() {
    let mut game = solo_game(SoloDifficulty::Regular);
    let alpha = unit_id(&game, "alpha");
    activate(&mut game, alpha, Movement::Rapid);
    let asked = solo::asked_about(&game, alpha, RegularAction::Moves);
    // Every Insurgent unit on the table but the lone leaders.
    for id in &asked {
        assert!(!unit(&game, *id).leaders_only());
    }
    let on_table = game
        .state()
        .units_in_play(ambush_core::unit::Side::Insurgent)
        .filter(|u| !u.leaders_only())
        .count();
    assert_eq!(asked.len(), on_table);
}

#[test]
fn the_words_say_who_goes_first() {
    let words = solo::interrupt_words(
        "Insurgents 4",
        "Fireteam Alpha",
        ReactionKind::InterruptMovement,
        true,
    );
    assert_eq!(
        words,
        "Insurgents 4 fires on Fireteam Alpha before it reaches cover."
    );
    let words = solo::interrupt_words(
        "Insurgents 4",
        "Fireteam Alpha",
        ReactionKind::InterruptFire,
        false,
    );
    assert!(words.starts_with("Fireteam Alpha reacts first"), "{words}");
}

//! The smaller points of the third pass: the leader's Morale die named (his 1 shrinks nobody),
//! the solo Insurgents claiming In Cover, and refusals in words that say what holds.

use std::sync::Arc;

use ambush_core::dice::DiceSource;
use ambush_core::game::{Command, FireContext, Game, ReactionKind, Settings};
use ambush_core::rules::fire::FireModifiers;
use ambush_core::solo::plan;
use ambush_core::unit::Movement;

use crate::common::{
    activate, contracting_trouble, fire, new_game, play, reaction, refused, to_turn, unit, unit_id,
};

use super::{old_game, overwatch, replays_as_played};

/// Line 255: each Insurgent figure whose Morale die shows a 1 leaves the table, but a leader
/// never leaves that way. With typed dice the prompt names
/// the leader's die (the first), and a 1 on it shrinks nobody; a 1 on the gunman's shrinks him.
#[test]
fn l255_the_leaders_morale_die_is_named_and_his_one_shrinks_nobody() {
    let mut game = new_game();
    let ins4 = unit_id(&game, "insurgents-4");
    let check = Command::MoraleCheck {
        unit: ins4,
        modifier: 0,
        defensible: false,
    };
    let request = game.check(&check).expect("a Morale check");
    let group = &request.groups[0];
    assert!(
        group.label.contains("the first die is the leader's"),
        "{}",
        group.label
    );
    assert_eq!(
        group.each,
        vec![
            "Leader (leader: a 1 shrinks nobody)".to_owned(),
            "RPG gunner".to_owned()
        ]
    );
    play(&mut game, check.clone(), &[&[1, 10]]);
    assert_eq!(unit(&game, ins4).figures.len(), 2);
    // (One failure against one success: Shaken, its Morale down to d8.)
    play(&mut game, check.clone(), &[&[8, 1]]);
    let left: Vec<&str> = unit(&game, ins4)
        .figures
        .iter()
        .map(|f| f.name.as_str())
        .collect();
    assert_eq!(left, vec!["Leader"]);
    // Rules 5 read no die as the leader's: a 1 anywhere took a gunman.
    let mut old = old_game(5);
    play(&mut old, check, &[&[1, 10]]);
    assert_eq!(unit(&old, ins4).figures.len(), 1);
    replays_as_played(&old);
}

/// Line 169: a unit that stayed put for a turn may claim, the turn after, that it has dug in
/// (In Cover). The solo Insurgents claim it as soon as they qualify, so the Marines' fire
/// at them next turn counts the die.
#[test]
fn l169_the_solo_insurgents_claim_in_cover_when_they_qualify() {
    let mut game = Game::new(
        Arc::new(contracting_trouble()),
        Settings {
            solo: true,
            ..Settings::default()
        },
    );
    let (alpha, ins1) = (unit_id(&game, "alpha"), unit_id(&game, "insurgents-1"));
    let claims = |game: &Game| {
        plan::automatic_step(game)
            .and_then(|step| plan::command(game, &step))
            .filter(|c| matches!(c, Command::DeclareInCover { .. }))
    };
    // In turn 1 nobody has stood a whole turn in place yet.
    assert_eq!(claims(&game), None);
    let mut dice = DiceSource::seeded(3);
    to_turn(&mut game, 2, &mut dice);
    crate::common::settle(&mut game, &mut dice);
    let mut claimed = 0;
    while let Some(claim) = claims(&game) {
        play(&mut game, claim, &[]);
        claimed += 1;
        assert!(claimed < 20, "the claims never end");
    }
    assert!(unit(&game, ins1).status.in_cover());
    assert!(claimed >= 8, "{claimed}");
    let proposed = FireModifiers::proposed(
        unit(&game, alpha),
        unit(&game, ins1),
        game.state().settings().interruption_penalty,
    );
    assert!(proposed.target_in_cover);
}

/// Refusals name the fact the state holds, in plain words: the side with its article, and an
/// Overwatch unit that lost its test fires after the Insurgents (it does not "return fire").
#[test]
fn refusals_say_an_insurgent_unit_and_an_overwatch_unit_fires_after() {
    let mut game = new_game();
    let (alpha, bravo) = (unit_id(&game, "alpha"), unit_id(&game, "bravo"));
    let ins4 = unit_id(&game, "insurgents-4");
    let wrong_side = refused(
        &mut game,
        Command::Activate {
            unit: ins4,
            movement: Movement::Halted,
            overwatch: false,
        },
    );
    assert_eq!(
        wrong_side.to_string(),
        "Insurgents 4 is an Insurgent unit; this needs a Regular unit"
    );
    overwatch(&mut game, bravo);
    activate(&mut game, alpha, Movement::Cautious);
    play(
        &mut game,
        Command::DeclareInterrupt {
            insurgent: ins4,
            regular: alpha,
            kind: ReactionKind::InterruptMovement,
        },
        &[],
    );
    let test = reaction(&game, ins4, bravo, ReactionKind::Overwatch);
    play(&mut game, test, &[&[8], &[1]]);
    let words = refused(&mut game, fire(bravo, ins4, FireContext::Overwatch)).to_string();
    assert_eq!(
        words,
        "Fireteam Bravo lost its Overwatch Reaction test against Insurgents 4: it fires once Insurgents 4's interruption is made"
    );
}

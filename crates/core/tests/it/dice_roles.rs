//! Dice are read by what they are for: the journal records each group's purpose, a record whose
//! groups are out of place is refused at its line, and a record of an earlier version (no
//! purposes) is read in the request's order as before.

use ambush_core::dice::DiceRole;
use ambush_core::game::{Command, FireContext, Game, ReactionKind};
use ambush_core::journal;
use ambush_core::rules::checks::ReactionModifiers;
use ambush_core::rules::fire::FireModifiers;
use ambush_core::unit::Movement;

use crate::common::{self, activate, play, unit, unit_id};

/// A game of the shipped scenario with a Reaction test and fire both ways, and its journal.
fn game_with_a_fight() -> (Game, String) {
    let (mut game, file) = common::builtin_game();
    let alpha = unit_id(&game, "alpha");
    let ins4 = unit_id(&game, "insurgents-4");
    activate(&mut game, alpha, Movement::Cautious);
    let test = Command::ReactionTest {
        insurgent: ins4,
        regular: alpha,
        kind: ReactionKind::InterruptMovement,
        modifiers: ReactionModifiers::proposed(unit(&game, alpha)),
    };
    play(&mut game, test, &[&[2], &[6]]);
    let fire = Command::Fire {
        attacker: alpha,
        target: ins4,
        modifiers: FireModifiers::proposed(
            unit(&game, alpha),
            unit(&game, ins4),
            game.state().settings().interruption_penalty,
        ),
        context: FireContext::Reaction,
    };
    let request = game.check(&fire).expect("Alpha may answer");
    let faces: Vec<Vec<u8>> = request
        .groups
        .iter()
        .map(|g| vec![1; usize::from(g.count)])
        .collect();
    let slices: Vec<&[u8]> = faces.iter().map(Vec::as_slice).collect();
    play(&mut game, fire, &slices);
    let text = String::from_utf8(common::journal_bytes(&game, file)).expect("UTF-8");
    (game, text)
}

/// The number (from 1) of the journal's first line that holds `needle`.
fn line_with(text: &str, needle: &str) -> usize {
    text.lines()
        .position(|l| l.contains(needle))
        .map(|i| i + 1)
        .unwrap_or_else(|| panic!("no line holds {needle}:\n{text}"))
}

#[test]
fn every_group_rolled_is_recorded_with_what_it_is_for() {
    let (_, text) = game_with_a_fight();
    let reaction = text
        .lines()
        .nth(line_with(&text, "reaction_test") - 1)
        .unwrap_or("");
    assert!(
        reaction.contains(r#""role":"insurgent_reaction""#)
            && reaction.contains(r#""role":"regular_reaction""#),
        "{reaction}"
    );
    let fire = text
        .lines()
        .nth(line_with(&text, r#""type":"fire""#) - 1)
        .unwrap_or("");
    assert!(
        fire.contains(r#""role":"attack""#) && fire.contains(r#""role":"defense""#),
        "{fire}"
    );
}

#[test]
fn a_record_whose_groups_are_swapped_is_refused_at_its_line() {
    let (game, text) = game_with_a_fight();
    let at = line_with(&text, "reaction_test");
    // The two Reaction dice are both d8 here: only their names tell them apart.
    let swapped: Vec<String> = text
        .lines()
        .enumerate()
        .map(|(i, l)| {
            if i + 1 == at {
                l.replace("insurgent_reaction", "@")
                    .replace("regular_reaction", "insurgent_reaction")
                    .replace('@', "regular_reaction")
            } else {
                l.to_owned()
            }
        })
        .collect();
    let loaded = journal::read(swapped.join("\n").as_bytes()).expect("opens before the refusal");
    let refused = loaded.refused.expect("the swapped line is refused");
    assert_eq!(refused.line, at);
    assert!(
        refused.reason.contains(&format!(
            "for {}, not for {}",
            DiceRole::RegularReaction,
            DiceRole::InsurgentReaction
        )),
        "{}",
        refused.reason
    );
    assert!(loaded.game.events_in_effect() < game.events_in_effect());
}

#[test]
fn a_record_without_names_is_read_in_the_order_of_the_request() {
    let (game, text) = game_with_a_fight();
    let unnamed: String = text
        .lines()
        .map(|l| {
            let mut l = l.to_owned();
            for role in [
                "insurgent_reaction",
                "regular_reaction",
                "attack",
                "defense",
            ] {
                l = l.replace(&format!(r#""role":"{role}","#), "");
            }
            l + "\n"
        })
        .collect();
    assert!(!unnamed.contains(r#""role""#), "{unnamed}");
    let loaded = journal::read(unnamed.as_bytes()).expect("opens");
    assert!(loaded.refused.is_none(), "{:?}", loaded.refused);
    assert_eq!(loaded.game.state(), game.state());
}
